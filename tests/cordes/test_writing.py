"""Dans les Cordes's cards written back: `read(write(card)) == card`, for every shipped card and generated ones.

The shipped files are also checked whole (tests/language/test_writing.py);
here each shipped card is checked alone, so that a failure names the card
and shows its text, and hypothesis writes cards of every type with every
construct the grammar reads, in and out of their defaults.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cordes import ast, blows, conditions, moves, powers
from atout.interpreter.games.cordes.writing import WRITERS, write_card
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.loader import read_document

HEADER = "Dans les Cordes : cards\n\n"

SHIPPED = [card for file in load_files(LANGUAGES["cordes"]).card_files for card in file.cards]


def read_back(text: str):
    """The one card of a card file made of `text`; fails with the diagnostics if it does not read."""
    document = read_document("written.atout", HEADER + text, LANGUAGES)
    problems = [d.render() for d in document.diagnostics if not d.is_note]
    assert problems == [], f"the written card does not read back:\n{text}\n" + "\n".join(problems)
    (only,) = document.node.cards
    return only


@pytest.mark.parametrize("card", SHIPPED, ids=lambda card: card.name)
def test_every_shipped_card_is_written_back(card):
    text = write_card(card)
    assert text.startswith(f"== {card.name} ==\n") and text.endswith("\n")
    assert read_back(text) == card, f"{card.name} reads back differently from:\n{text}"
    assert write_card(read_back(text)) == text


def test_the_printed_cards_are_written_as_printed():
    """The canonical form is the printed one: a few cards of the box, line for line."""
    box = {card.name: card for card in SHIPPED}
    assert write_card(box["Crochet"]) == ("== Crochet ==\nATTACK · cost 3 · 3 copies\n-2 life to the opponent\n-1 card to the opponent, their choice, face down\n")
    assert write_card(box["Pas de retrait"]) == ('== Pas de retrait ==\nDEFENSE · cost 0 · 4 copies\nAgainst an attack of type "Crochet" or "Uppercut" you dodge the blow\n')
    assert write_card(box["Remise"]) == ("== Remise ==\nRIPOSTE · cost 2 · 2 copies\nAgainst an attack:\n-1 energy to the opponent\n+1 energy\nAs an attack: -1 energy to the opponent\n")
    assert write_card(box["Karpentier"]) == "== Karpentier ==\nCHARACTER\n"
    assert write_card(box["GONG"]) == "== GONG ==\nGONG\n"


def test_defaults_are_left_out_and_a_lost_cards_choice_is_always_printed():
    card = ast.Recovery(
        name="Test",
        cost=0,
        effects=[ast.Energy(change=-1, who=ast.Who.YOU), ast.Discard(n=2), ast.Draw(n=1)],
    )
    assert write_card(card) == "== Test ==\nRECOVERY · cost 0\n-1 energy\n-2 cards, their choice, face down\n+1 card\n"
    assert read_back(write_card(card)) == card


def test_three_names_in_a_restriction_are_listed_with_commas_and_or():
    card = ast.Defense(
        name="Garde",
        cost=1,
        copies=2,
        against=ast.Against(names=[ast.AttackName(name=n) for n in ("Jab", "Cross", "Crochet")]),
        outcome=ast.Block(n=2),
        effects=[ast.Energy(change=1)],
    )
    text = write_card(card)
    assert text == ('== Garde ==\nDEFENSE · cost 1 · 2 copies\nAgainst an attack of type "Jab", "Cross" or "Crochet" you lose 2 life\n+1 energy\n')
    assert read_back(text) == card


# ---------------------------------------------------------------------------
# Generated cards
# ---------------------------------------------------------------------------

#: The characters of a name: any printed character (accents, punctuation,
#: other scripts), but no control character or line break, and no "=" (it
#: closes a title). A name does not start or end with a space.
_PRINTED = dict(blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp"), blacklist_characters="=")
#: The marks a name in a restriction is quoted with, or that are stripped around it.
_QUOTES = '"«»“” \u00a0\u202f'

names = st.text(st.characters(**_PRINTED), min_size=1, max_size=60).filter(lambda name: name == name.strip())
#: A name in a restriction, between quotation marks, also has no quotation
#: mark in it (« » “ ” read as one) and no "#" (it starts a comment there).
attack_names = st.text(
    st.characters(blacklist_categories=_PRINTED["blacklist_categories"], blacklist_characters="=#" + _QUOTES[:5]),
    min_size=1,
    max_size=60,
).filter(lambda name: name == name.strip().strip(_QUOTES))

whos = st.sampled_from(list(ast.Who))
changes = st.integers(-10, 10).filter(bool)  # "+0 life" is refused (E200): a change is never 0
amounts = st.integers(1, 10)
costs = st.integers(0, 10)
copies = st.integers(1, 20)

# -- version 2: quantities, conditions, computed amounts, moves, powers ------

quantities = st.one_of(
    st.builds(conditions.LifeOf, who=whos),
    st.builds(conditions.EnergyOf, who=whos),
    st.builds(conditions.CardsIn, zone=st.sampled_from(["hand", "spittoon"]), who=whos),
    st.builds(conditions.CardsIn, zone=st.sampled_from(["draw pile", "ring"]), who=st.just(ast.Who.YOU)),
    st.just(conditions.RoundNumber()),
)
compares = st.builds(
    conditions.Compare,
    left=quantities,
    comparison=st.sampled_from(list(conditions.COMPARISONS.values())),
    right=st.one_of(st.integers(0, 99), quantities),
)
comparison_words = [conditions.COMPARISONS[w] for w in ("at least", "at most", "")]
has = st.one_of(
    st.builds(
        conditions.Has,
        who=whos,
        what=st.sampled_from(["life", "energy", "cards"]),
        comparison=st.sampled_from([conditions.COMPARISONS["more than"], conditions.COMPARISONS["less than"]]),
        than=whos,
    ),
    st.builds(conditions.Has, who=whos, what=st.sampled_from(["life", "energy", "cards"]), comparison=st.sampled_from(comparison_words), n=st.integers(0, 99)),
)
# as the grammar reads them: `or` of `and`s of comparisons, each maybe under `not`
singles = st.recursive(st.one_of(compares, has), lambda inner: st.builds(conditions.Not, condition=inner), max_leaves=2)
conjunctions = st.one_of(singles, st.builds(conditions.AllOf, conditions=st.lists(singles, min_size=2, max_size=3)))
conditions_ = st.one_of(conjunctions, st.builds(conditions.AnyOf, conditions=st.lists(conjunctions, min_size=2, max_size=3)))
for_each = st.builds(conditions.ForEach, quantity=quantities)
as_many = st.builds(conditions.AsManyAs, quantity=quantities)
signs = st.sampled_from([1, -1])
places = st.sampled_from(["hand", "spittoon"])
takes = st.one_of(
    st.builds(moves.Take, n=amounts, source=places, who=whos, chosen_by=st.sampled_from(list(ast.ChosenBy)), to=places, to_who=whos),
    st.builds(moves.Take, n=amounts, source=st.just("ring"), who=st.just(ast.Who.YOU), to=st.just("spittoon"), to_who=whos, face_down=st.booleans()),
    st.builds(moves.Take, n=amounts, source=places, who=whos, to=st.just("under the draw pile"), to_who=st.just(ast.Who.YOU)),
)
looks = st.integers(1, 10).flatmap(lambda n: st.builds(moves.Look, n=st.just(n), keep=st.integers(0, n), under=st.booleans()))

actions = st.one_of(
    st.builds(ast.Life, change=changes, who=whos),
    st.builds(ast.Energy, change=changes, who=whos),
    st.builds(ast.Draw, n=amounts, who=whos),
    st.builds(
        ast.Discard,
        n=amounts,
        who=whos,
        chosen_by=st.sampled_from(list(ast.ChosenBy)),
        placement=st.sampled_from(list(ast.Placement)),
    ),
    st.builds(ast.Life, change=changes, who=whos, amount=for_each),
    st.builds(ast.Energy, change=signs, who=whos, amount=as_many),
    st.builds(ast.Draw, n=amounts, who=whos, amount=for_each),
    st.builds(ast.Draw, n=st.just(1), who=whos, amount=as_many),
    st.builds(ast.Discard, n=st.just(1), who=whos, chosen_by=st.sampled_from(list(ast.ChosenBy)), amount=as_many),
    takes,
    looks,
)
action_lists = st.lists(actions, min_size=1, max_size=3)
effects = st.one_of(
    actions,
    st.builds(conditions.Conditional, condition=conditions_, then=action_lists, otherwise=st.one_of(st.just([]), action_lists)),
)
effect_lists = st.lists(effects, min_size=1, max_size=4)
againsts = st.builds(ast.Against, names=st.lists(st.builds(ast.AttackName, name=attack_names), max_size=4))
outcomes = st.one_of(st.builds(ast.Block, n=amounts), st.just(ast.Dodge()), st.just(blows.TurnBack()), st.just(blows.TakeTheBlow()))
properties = st.lists(st.just(blows.CannotBeCountered()), max_size=1)
power_lines = st.builds(
    powers.Power,
    trigger=st.sampled_from(list(powers.Trigger)),
    limit=st.one_of(st.none(), st.sampled_from(list(powers.Limit))),
    effects=effect_lists,
)

cards = st.one_of(
    st.builds(ast.Attack, name=names, cost=costs, copies=copies, properties=properties, effects=effect_lists),
    st.builds(
        ast.Defense,
        name=names,
        cost=costs,
        copies=copies,
        against=againsts,
        outcome=outcomes,
        effects=st.lists(effects, max_size=3),
    ),
    st.builds(
        ast.Riposte,
        name=names,
        cost=costs,
        copies=copies,
        properties=properties,
        against=againsts,
        counter=effect_lists,
        as_an_attack=st.builds(ast.AsAnAttack, effects=effect_lists),
    ),
    st.builds(ast.Recovery, name=names, cost=costs, copies=copies, effects=effect_lists),
    st.builds(ast.Character, name=names, copies=copies, powers=st.lists(power_lines, max_size=3)),
    st.builds(ast.Gong, name=names, copies=copies),
)


@settings(max_examples=150, deadline=None)
@given(cards)
def test_a_generated_card_reads_back_as_itself(card):
    text = write_card(card)
    assert read_back(text) == card, text
    assert write_card(read_back(text)) == text


@settings(max_examples=20, deadline=None)
@given(st.lists(cards, min_size=1, max_size=5))
def test_a_generated_card_file_reads_back_as_itself(box):
    from atout.interpreter.language.nodes import CardFile
    from atout.interpreter.language.writing import write_file

    language = LANGUAGES["cordes"]
    node = CardFile(kind="cards", game="cordes", cards=box)
    text = write_file(node, language)
    document = read_document("written.atout", text, LANGUAGES)
    assert [d.render() for d in document.diagnostics if not d.is_note] == [], text
    assert document.node == node, text


def test_every_card_class_has_a_writer():
    """Each AST class a card can hold has its writer (the guard the handlers have in cards.HANDLERS)."""
    in_cards: set[type] = set()

    def visit(cls: type) -> None:
        if cls in in_cards:
            return
        in_cards.add(cls)
        for info in cls.model_fields.values():
            for inner in _node_classes(info.annotation):
                visit(inner)

    for cls in ast.CARD_TYPES:
        visit(cls)
    # a construct writes itself (its `write`, checked for every construct by
    # tests/test_extension_points.py); a field that holds any construct is typed `Node`
    missing = sorted(cls.__name__ for cls in in_cards if cls not in WRITERS and cls is not ast.Node and not issubclass(cls, Construct))
    assert not missing, f"no writer in cordes/writing.py's WRITERS for {', '.join(missing)}"


def _node_classes(annotation) -> set[type]:
    """The node classes an annotation may hold (through lists, unions, `Annotated`)."""
    import inspect
    import typing

    if inspect.isclass(annotation) and issubclass(annotation, ast.Node):
        return {annotation}
    found: set[type] = set()
    for arg in typing.get_args(annotation):
        found |= _node_classes(arg)
    return found
