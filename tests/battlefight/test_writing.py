"""BattleFight techniques written back as card text: `read(write(card)) == card`.

Every shipped card, and cards generated with hypothesis from the AST's own
fields (every keyword, both modifiers, every number in its range, every
type), is written in canonical form and read back to the same technique.
The same writers give a step's text in the commentary, whose form the
records of past games fix.
"""

from __future__ import annotations

import inspect
import typing

import annotated_types
from pydantic import Discriminator
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from atout.interpreter.engine.durations import Moment, Until
from atout.interpreter.games.battlefight import ast, conditions, counters, durations, moves, powers, quantities, writing
from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.nodes import Node

LANGUAGE = LANGUAGES["battlefight"]


def read_back(text: str) -> ast.Technique:
    """The one technique of a card file made of `text`; fails on any diagnostic."""
    document = read_document("written.atout", "BattleFight : cartes\n\n" + text, LANGUAGES)
    assert [d.render() for d in document.diagnostics] == [], text
    (card,) = document.node.cards
    return card


def _shipped() -> list[ast.Technique]:
    files = load_files(LANGUAGE)
    return [card for file in files.card_files for card in file.cards]


SHIPPED = _shipped()


@pytest.mark.parametrize("card", SHIPPED, ids=lambda card: card.name)
def test_every_shipped_card_reads_back_the_same(card):
    text = writing.write_card(card)
    again = read_back(text)
    assert again == card, f"{card.name} written as:\n{text}read back as:\n{again!r}"
    assert writing.write_card(again) == text


def test_every_keyword_and_modifier_of_the_shipped_cards_is_written():
    """The shipped cards and their examples use every class of the AST, so the tests of reading back cover every writer."""
    examples = [card for file in load_files(LANGUAGE, [CARDS_DIR / "battlefight" / "exemples"]).card_files for card in file.cards]
    for card in examples:
        assert read_back(writing.write_card(card)) == card
    used = {type(card) for card in SHIPPED + examples}
    for card in SHIPPED + examples:
        for step in card.steps:
            used |= {type(step), type(step.keyword), *map(type, step.modifiers)}
    assert set(ast_classes()) - used == set()


# ---------------------------------------------------------------------------
# The canonical form
# ---------------------------------------------------------------------------


def test_a_card_is_written_the_way_the_shipped_cards_print_it():
    messy = read_back("==   Menace Voilée ==\nRhétorique\n[L’adversaire a]\nforce -1\nSTABLE 1\nl'adversaire a Si Possible Defausser 1\n")
    assert writing.write_card(messy) == ("== Menace Voilée ==\nRhétorique\n[L'adversaire a] Force −1 ; Stable 1 ; [L'adversaire a] Si Possible Défausser 1\n")


@pytest.mark.parametrize(
    ("keyword", "card", "log"),
    [
        (ast.CorpsACorps(), "Corps à Corps", "Corps à Corps"),
        (ast.Distance(), "Distance", "Distance 2"),
        (ast.Distance(n=3), "Distance 3", "Distance 3"),
        (ast.Defausser(), "Défausser 1", "Défausser 1"),
        (ast.SiPossibleDefausser(n=2), "Si Possible Défausser 2", "Si Possible Défausser 2"),
        (ast.Blesser(n=0), "Blesser 0", "Blesser 0"),
        (ast.SeBlesser(n=2), "Se Blesser 2", "Se Blesser 2"),
        (ast.Bloquer(n=3), "Bloquer 3", "Bloquer 3"),
        (ast.Piocher(n=20), "Piocher 20", "Piocher 20"),
        (ast.Pousser(), "Pousser 1", "Pousser 1"),
        (ast.SeDeplacer(n=2), "Se Déplacer 2", "Se Déplacer 2"),
        (ast.Rejouer(), "Rejouer", "Rejouer"),
        (ast.Destabiliser(), "Déstabiliser", "Déstabiliser"),
        (ast.Stable(), "Stable", "Stable 0"),
        (ast.Stable(n=2), "Stable 2", "Stable 2"),
        (ast.Force(n=2), "Force +2", "Force +2"),
        (ast.Protection(n=-1), "Protection −1", "Protection -1"),
        (ast.Vitesse(n=0), "Vitesse +0", "Vitesse +0"),
        (ast.Charme(n=-10), "Charme −10", "Charme -10"),
        (ast.SEmpecher(of=[ast.TechniqueType.DEFENSE]), "S'Empêcher Défense", "S'Empêcher Défense"),
        (
            ast.SEmpecher(of=[ast.TechniqueType.ATTAQUE, ast.TechniqueType.DEFENSE]),
            "S'Empêcher Attaque ou Défense",
            "S'Empêcher Attaque ou Défense",
        ),
        (ast.SEmpecherCarte(), "S'Empêcher Carte", "S'Empêcher Carte"),
        (ast.SEmpecherCarte(of=[ast.TechniqueType.RHETORIQUE]), "S'Empêcher Carte Rhétorique", "S'Empêcher Carte Rhétorique"),
        (
            ast.Blesser(n=quantities.PourChaque(per=1, quantity=quantities.Cartes())),
            "Blesser 1 pour chaque carte de ta main",
            "Blesser 1 pour chaque carte de ta main",
        ),
    ],
)
def test_each_keyword_on_a_card_and_in_the_commentary(keyword, card, log):
    assert writing.write(keyword) == card
    assert writing.write(keyword, log=True) == log
    (step,) = read_back(f"== Essai ==\nAttaque\n{card}\n").steps
    assert step.keyword == keyword


@pytest.mark.parametrize(
    ("modifier", "card", "log"),
    [
        (ast.LAdversaireA(), "[L'adversaire a] Force −1", "L'adversaire a Force -1"),
        (ast.ToutLeMondeA(), "Tout le monde a Force −1", "Tout le monde a Force -1"),
    ],
)
def test_each_modifier_on_a_card_and_in_the_commentary(modifier, card, log):
    step = ast.Step(modifiers=[modifier], keyword=ast.Force(n=-1))
    assert writing.write(step) == card
    assert writing.step_text(step) == log


def test_a_technique_without_steps_is_its_title_and_type():
    card = ast.Technique(name="Silence", type=ast.TechniqueType.RHETORIQUE, steps=[])
    assert writing.write_card(card) == "== Silence ==\nRhétorique\n"
    assert read_back(writing.write_card(card)) == card


@pytest.mark.parametrize("name", ["Coup=Bas", "Coup ≠ Bas", " Coup", "Coup ", "Coup\nBas"])
def test_a_name_no_title_can_hold_is_refused_with_a_reason(name):
    card = ast.Technique(name=name, type=ast.TechniqueType.ATTAQUE, steps=[])
    with pytest.raises(ValueError, match="cannot be written as a title"):
        writing.write_card(card)


# ---------------------------------------------------------------------------
# Generated cards
# ---------------------------------------------------------------------------


def ast_classes() -> list[type]:
    """The node classes of BattleFight's AST (not the bases of its keywords, which have no `kind` of their own)."""
    return [
        value
        for value in vars(ast).values()
        if inspect.isclass(value) and issubclass(value, Node) and value.__module__ == ast.__name__ and "kind" in value.model_fields and isinstance(value.model_fields["kind"].default, str)
    ]


def _union(annotation: object) -> list[type]:
    """The node classes a field may hold (through `Annotated`, unions and `None`)."""
    if inspect.isclass(annotation) and issubclass(annotation, Node):
        return [annotation]
    return [cls for arg in typing.get_args(annotation) for cls in _union(arg)]


def _value(annotation: object, metadata: list) -> st.SearchStrategy:
    """Any valid value of a keyword's field, read from its type and bounds."""
    if any(isinstance(m, Discriminator) for m in metadata):  # an amount: a count, or computed
        return st.integers(0, 20) | AMOUNTS
    if annotation == list[ast.TechniqueType]:
        low = next((m.min_length for m in metadata if isinstance(m, annotated_types.MinLen)), 0)
        return st.lists(st.sampled_from(ast.TechniqueType), min_size=low, max_size=5, unique=True)
    args = typing.get_args(annotation)
    if type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        return st.none() | _value(rest[0], metadata)
    if annotation is int:
        low = next(m.ge for m in metadata if isinstance(m, annotated_types.Ge))
        high = next(m.le for m in metadata if isinstance(m, annotated_types.Le))
        return st.integers(low, high)
    if annotation is ast.TechniqueType:
        return st.sampled_from(ast.TechniqueType)
    raise TypeError(f"no strategy for a field of type {annotation!r}: add one to _value")


def node(cls: type) -> st.SearchStrategy:
    """Any valid node of a keyword or modifier class, every field drawn over its range."""
    if cls in CONSTRUCTS:
        return CONSTRUCTS[cls]
    fields = {name: _value(info.annotation, info.metadata) for name, info in cls.model_fields.items() if name not in ("kind", "span")}
    return st.builds(cls, **fields)


# The forms of version 2: quantities, amounts, conditions, and the steps that hold blocks.
WHOSE = st.sampled_from(quantities.Whose)
QUANTITIES = st.one_of(
    st.builds(quantities.Vie, whose=WHOSE),
    st.builds(quantities.LaDistance),
    st.builds(quantities.Cartes, whose=WHOSE, zone=st.sampled_from(quantities.Zone)),
    st.builds(quantities.Degats, whose=WHOSE),
    st.builds(quantities.Jetons, name=st.sampled_from(["Charge", "Saignement", "élan", "Vie", "de"]), whose=WHOSE),
    st.builds(quantities.Jetons, name=st.sampled_from(["Durée", "cette"]), technique=st.just(True)),
)
#: Tokens' names: words, some of them keywords elsewhere ("Vie", "de"), one with an accent.
JETON_NAMES = st.sampled_from(["Charge", "Saignement", "élan", "Vie", "de"])


def owned(cls, **fields):
    """A construct about tokens: a player's (either), or the technique's (`technique`: its `whose` unwritten)."""
    return st.builds(cls, name=JETON_NAMES, whose=WHOSE, **fields) | st.builds(cls, name=JETON_NAMES, technique=st.just(True), **fields)


COUNTABLE = st.builds(quantities.LaDistance) | st.builds(quantities.Cartes, whose=WHOSE, zone=st.sampled_from(quantities.Zone)) | owned(quantities.Jetons)
AMOUNTS = st.builds(quantities.PourChaque, per=st.integers(1, 20), quantity=COUNTABLE) | st.builds(quantities.AutantQue, quantity=QUANTITIES)
WITH_A_NUMBER = [c for c in logic.Comparison if c is not logic.Comparison.NOT_EQUAL]
COMPARED = st.builds(conditions.Comparer, left=QUANTITIES, comparison=st.sampled_from(WITH_A_NUMBER), right=st.integers(0, 99))
VERSUS = st.sampled_from([quantities.Vie, lambda **k: quantities.Cartes(zone=quantities.Zone.MAIN, **k), quantities.Cartes, quantities.Degats]).flatmap(
    lambda make: st.builds(
        lambda zone, comparison: conditions.TuAs(
            left=_zoned(make(whose=quantities.Whose.TOI), zone),
            comparison=comparison,
            right=_zoned(make(whose=quantities.Whose.ADVERSAIRE), zone),
        ),
        st.sampled_from(quantities.Zone),
        st.sampled_from([logic.Comparison.LESS_THAN, logic.Comparison.MORE_THAN, logic.Comparison.EQUAL]),
    )
)


def _zoned(quantity, zone):
    """The same quantity of cards in another zone (the player's and the opponent's share it)."""
    return quantity.model_copy(update={"zone": zone}) if isinstance(quantity, quantities.Cartes) else quantity


HAS_TOKENS = owned(conditions.TuAsJetons, comparison=st.sampled_from([logic.Comparison.AT_LEAST, logic.Comparison.AT_MOST, logic.Comparison.EQUAL]), n=st.integers(0, 99))
TESTS = st.one_of(COMPARED, st.builds(conditions.NEstPas, condition=COMPARED), VERSUS, HAS_TOKENS)
CONJUNCTIONS = TESTS | st.builds(conditions.Et, conditions=st.lists(TESTS, min_size=2, max_size=3))
CONDITIONS = CONJUNCTIONS | st.builds(conditions.Ou, conditions=st.lists(CONJUNCTIONS, min_size=2, max_size=3))
PRENDRE = st.builds(
    moves.Prendre,
    n=st.integers(1, 10),
    source_whose=WHOSE,
    source=st.sampled_from(quantities.Zone),
    chooser=st.sampled_from(["toi", "hasard", "adversaire"]),
    destination_whose=WHOSE,
    destination=st.sampled_from(quantities.Zone),
) | st.builds(
    moves.Prendre,
    n=st.integers(1, 10),
    among=st.integers(1, 10),
    source_whose=WHOSE,
    source=st.just(quantities.Zone.PIOCHE),
)


def _blocks() -> st.SearchStrategy:
    """A block's steps: plain keywords (no Stable, no block), each with its modifiers."""
    plain = [cls for cls in _union(ast.Keyword) if cls not in (ast.Stable, conditions.Si, powers.Quand, durations.AuProchainTour)]
    step = st.builds(
        ast.Step,
        modifiers=st.lists(st.one_of([node(cls) for cls in _union(ast.Modifier)]), max_size=ast.MAX_MODIFIERS),
        keyword=st.deferred(lambda: st.one_of([node(cls) for cls in plain])),
    )
    return st.lists(step, min_size=1, max_size=3)


CONSTRUCTS: dict[type, st.SearchStrategy] = {}
CONSTRUCTS[moves.Prendre] = PRENDRE
CONSTRUCTS[counters.PoserJetons] = owned(counters.PoserJetons, n=st.integers(1, 20))
CONSTRUCTS[counters.RetirerJetons] = owned(counters.RetirerJetons, n=st.none() | st.integers(1, 20), up_to=st.booleans()).map(
    lambda remove: remove.model_copy(update={"up_to": False}) if remove.n is None else remove  # "tous les": no "jusqu'à"
)
CONSTRUCTS[conditions.Si] = st.builds(conditions.Si, condition=CONDITIONS, alors=st.deferred(_blocks), sinon=st.just([]) | st.deferred(_blocks))
CONSTRUCTS[powers.Quand] = st.builds(
    powers.Quand,
    event=st.sampled_from(powers.Event),
    whose=WHOSE,
    limit=st.none() | st.sampled_from(powers.Limit),
    block=st.deferred(_blocks),
)
CONSTRUCTS[durations.AuProchainTour] = st.builds(durations.AuProchainTour, moment=st.sampled_from(Moment), block=st.deferred(_blocks))
CONSTRUCTS[durations.JusquA] = st.builds(durations.JusquA, until=st.sampled_from(Until), modifier=st.one_of([node(cls) for cls in (ast.Force, ast.Protection, ast.Vitesse, ast.Charme)]))

KEYWORDS = _union(ast.Keyword)
MODIFIERS = _union(ast.Modifier)
COMPOUND = (conditions.Si, powers.Quand, durations.AuProchainTour)

#: Letters, digits and the signs of printed titles, accents and typographic apostrophes included.
TITLE_LETTERS = st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éèêëàâäîïôöùûüçÉÈÊÀÂÎÔÛÇŒœÆæ'’-,.!?&#:;()«» ")
NAMES = st.text(TITLE_LETTERS, min_size=1, max_size=60).map(str.strip).filter(bool)

STEPS = st.builds(
    ast.Step,
    modifiers=st.lists(st.one_of([node(cls) for cls in MODIFIERS]), max_size=ast.MAX_MODIFIERS),
    keyword=st.one_of([node(cls) for cls in KEYWORDS if cls not in COMPOUND]),
) | st.builds(ast.Step, keyword=st.one_of([node(cls) for cls in COMPOUND]))
TECHNIQUES = st.builds(ast.Technique, name=NAMES, type=st.sampled_from(ast.TechniqueType), steps=st.lists(STEPS, max_size=8))


def test_the_generated_cards_draw_every_keyword_and_modifier():
    """The strategies are read from the AST's unions: every keyword and modifier class is drawn."""
    assert set(KEYWORDS) - set(CONSTRUCTS) | set(MODIFIERS) | {ast.Step, ast.Technique} == set(ast_classes())
    assert set(CONSTRUCTS) == {cls for cls in LANGUAGE.constructs if cls in KEYWORDS and cls not in ast.KEYWORDS}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TECHNIQUES)
def test_a_generated_card_reads_back_the_same(card):
    text = writing.write_card(card)
    again = read_back(text)
    assert again == card
    assert writing.write_card(again) == text


@settings(max_examples=100, deadline=None)
@given(STEPS)
def test_a_generated_step_in_the_commentary_spells_out_every_number(step):
    """The commentary's form reads back too: a step of a log is valid card text."""
    (again,) = read_back(f"== Essai ==\nAttaque\n{writing.step_text(step)}\n").steps
    assert again == step


# ---------------------------------------------------------------------------
# Extension point: a writer for every class
# ---------------------------------------------------------------------------


def test_every_ast_class_has_a_writer():
    """A construct writes itself (see `language/constructs.py`); every other class has its writer in WRITERS."""
    missing = [cls.__name__ for cls in ast_classes() if cls not in writing.WRITERS and not issubclass(cls, Construct)]
    assert not missing, f"no writer for {', '.join(missing)}: add one to WRITERS in games/battlefight/writing.py"
    stray = [cls.__name__ for cls in writing.WRITERS if cls not in ast_classes() or issubclass(cls, Construct)]
    assert not stray, f"writers for classes that are not in battlefight's ast.py: {', '.join(stray)}"


def test_the_game_writes_its_cards_with_these_writers():
    assert LANGUAGE.write_card is writing.write_card
