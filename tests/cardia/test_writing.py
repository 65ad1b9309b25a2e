"""Duel pour Cardia's cards written back: every card reads back as itself, in canonical form.

- every shipped card, one by one: `read(write(card)) == card`, and writing
  it again changes nothing;
- the canonical form: a card written loosely (other case, no accents, one
  effect per line, "de la Nature", "1 fois") is written back as printed;
- generated cards (hypothesis), built from the AST's own field types, so
  that every construct of a card is generated;
- every AST class has its writer.
"""

from __future__ import annotations

import enum
import inspect
import string
import types
import typing
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cardia import abilities, ast, conditions, moves, rule_changes, writing
from atout.interpreter.games.cardia.persistent import JoueMainVisible
from atout.interpreter.language.loader import read_document, read_file
from atout.interpreter.language.nodes import CardFile, Node, dump
from atout.interpreter.language.project import shipped_files
from atout.interpreter.language.writing import write_file

LANGUAGE = LANGUAGES["cardia"]
HEADER = "Duel pour Cardia : cartes\n"


def read_cards(text: str) -> list[Node]:
    """The cards of a card file's text; it must read with no error."""
    document = read_document("written.atout", text, LANGUAGES)
    errors = [d.render() for d in document.diagnostics if not d.is_note]
    assert errors == [], text
    return list(document.node.cards)


def read_back(card: Node) -> tuple[str, Node]:
    """A card written, and the card its text reads as."""
    text = writing.write_card(card)
    (again,) = read_cards(HEADER + "\n" + text)
    return text, again


# ---------------------------------------------------------------------------
# Shipped cards
# ---------------------------------------------------------------------------


def shipped_cards() -> list[tuple[str, Node]]:
    """Every card of the shipped files, with the file it is in."""
    from atout.cli.init import STARTERS

    paths = [*shipped_files(LANGUAGE), *sorted((STARTERS / "cardia").glob("*.atout"))]
    cards = []
    for path in paths:
        node = read_file(path, LANGUAGES).node
        if isinstance(node, CardFile):
            cards += [(path.stem, card) for card in node.cards]
    return cards


SHIPPED = shipped_cards()


def test_every_kind_of_card_is_shipped():
    kinds = {type(card) for _, card in SHIPPED}
    assert kinds == {ast.Personnage, ast.Lieu, ast.Protecteur}
    assert {"paquet-i", "paquet-ii", "lieux", "protecteurs", "mes-cartes"} <= {file for file, _ in SHIPPED}


@pytest.mark.parametrize("case", SHIPPED, ids=lambda case: f"{case[0]}:{case[1].name}")
def test_every_shipped_card_reads_back_as_itself(case):
    _, card = case
    text, again = read_back(card)
    assert dump(again) == dump(card), f"written as:\n{text}"
    assert again == card
    assert writing.write_card(again) == text


# ---------------------------------------------------------------------------
# The canonical form
# ---------------------------------------------------------------------------


def test_the_worked_example_is_written_as_printed():
    text = "== Inventrice ==\nPaquet I · Guilde · influence 15\nCapacité instantanée : +3 sur cette carte ; −3 sur une autre carte au choix\n"
    (card,) = read_cards(HEADER + text)
    assert writing.write_card(card) == text


def test_a_loosely_written_character_is_written_in_canonical_form():
    loose = (
        "==  Receleuse   ==\n"
        "paquet ii , GUILDE,influence 4\n"
        "capacite instantanee : l'adversaire defausse 1 carte de sa main au hasard;\n"
        "SI la carte adverse est de l'academie, -2 sur une de tes autres cartes de la rebellion d'une rencontre "
        "passee au choix de l'adversaire\n"
    )
    (card,) = read_cards(HEADER + loose)
    assert writing.write_card(card) == (
        "== Receleuse ==\n"
        "Paquet II · Guilde · influence 4\n"
        "Capacité instantanée : L'adversaire défausse 1 carte de sa main au hasard ; "
        "Si la carte adverse est de l'Académie, −2 sur une de tes autres cartes de la Rébellion "
        "d'une rencontre passée au choix de l'adversaire\n"
    )


def test_persistent_effects_one_per_line_are_written_on_one_line():
    loose = "== Gardien ==\nPaquet I · Dynastie · influence 3\nCapacité persistante : cette carte a 2 d'influence\nles cartes adverses ont -1 d'influence\ntu pioches 2 cartes de plus\n"
    (card,) = read_cards(HEADER + loose)
    assert writing.write_card(card) == (
        "== Gardien ==\nPaquet I · Dynastie · influence 3\nCapacité persistante : Cette carte a +2 d'influence ; Les cartes adverses ont −1 d'influence ; Tu pioches 2 cartes de plus\n"
    )


def test_a_lieu_is_written_one_rule_per_line_with_its_stars():
    loose = "== Puits ==\nLieu, difficulté 2\nRègle : La défausse se remélange 1 fois quand la pioche est vide ; il faut 7 sceaux pour gagner\n"
    (card,) = read_cards(HEADER + loose)
    assert writing.write_card(card) == ("== Puits ==\nLieu · difficulté ★★\nRègle : La défausse se remélange une fois quand la pioche est vide\nRègle : Il faut 7 sceaux pour gagner\n")


def test_a_lieu_of_no_difficulty_is_written_with_a_number():
    (card,) = read_cards(HEADER + "== Plaine ==\nLieu · difficulté 0\nRègle : Chacun pioche 0 carte à la fin du tour\n")
    assert card.difficulte == 0
    assert writing.write_card(card) == "== Plaine ==\nLieu · difficulté 0\nRègle : Chacun pioche 0 cartes à la fin du tour\n"


def test_a_protecteur_is_written_without_de_la_nature():
    (card,) = read_cards(HEADER + "== Hibou ==\nProtecteur de la Nature , Académie\nCapacité : piocher 1 carte\n")
    assert writing.write_card(card) == "== Hibou ==\nProtecteur · Académie\nCapacité : Piocher 1 carte\n"


@pytest.mark.parametrize("name", ["Pile=Face", " Veilleur", "Veilleur ", "Veil\nleur"])
def test_a_name_no_title_can_hold_is_refused(name):
    card = ast.Protecteur(name=name, faction=ast.Faction.GUILDE, capacite=ast.CapaciteProtecteur(effets=[ast.GagnerLaPartie()]))
    with pytest.raises(ValueError, match="cannot be written as a card title"):
        writing.write_card(card)


def test_only_cards_are_written_as_cards():
    with pytest.raises(TypeError, match="not a Duel pour Cardia card"):
        writing.write_card(ast.Piocher(n=1))


# ---------------------------------------------------------------------------
# Generated cards: strategies derived from the AST's field types
# ---------------------------------------------------------------------------

#: Letters of a card's name: accents, apostrophes, hyphens, digits and spaces inside.
NAME_LETTERS = string.ascii_letters + string.digits + "éèêëàâçîïôûùÉÈÀÇÔœ '’-."


def _names(max_size: int) -> st.SearchStrategy[str]:
    return st.text(NAME_LETTERS, min_size=1, max_size=max_size).map(str.strip).filter(bool)


def _bounds(metadata: list) -> dict[str, int]:
    """`min_value` and `max_value` of an int from its pydantic constraints (`Ge`, `Le`)."""
    found = {}
    for item in metadata:
        if getattr(item, "ge", None) is not None:
            found["min_value"] = item.ge
        if getattr(item, "le", None) is not None:
            found["max_value"] = item.le
    return found


def _value(annotation: object, metadata: list) -> st.SearchStrategy:
    """Values of one field's type: nodes of a union, lists, enums, optional values, bounded ints, names."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _value(args[0], [*metadata, *args[1].metadata] if hasattr(args[1], "metadata") else metadata)
    if origin in (typing.Union, types.UnionType):
        options = [_value(arg, metadata) for arg in args if arg is not type(None)]
        return st.one_of(*options, *([st.none()] if type(None) in args else []))
    if origin is list:
        min_size = next((m.min_length for m in metadata if hasattr(m, "min_length")), 0)
        return st.lists(_value(args[0], []), min_size=min_size, max_size=3)
    if inspect.isclass(annotation) and issubclass(annotation, Node):
        return nodes(annotation)
    if inspect.isclass(annotation) and issubclass(annotation, enum.Enum):
        return st.sampled_from(list(annotation))
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        bounds = _bounds(metadata)
        assert set(bounds) == {"min_value", "max_value"}, f"an int of the AST with no bounds: {metadata}"
        return st.integers(**bounds)
    if annotation is str:
        return _names(max_size=next((m.max_length for m in metadata if hasattr(m, "max_length")), 60))
    raise TypeError(f"no strategy for a field of type {annotation}")


@cache
def nodes(cls: type[Node]) -> st.SearchStrategy:
    """Valid nodes of class `cls`, each field drawn from its type, or from `SLOTS` where the type is any node."""

    def fields() -> st.SearchStrategy:
        values = {
            name: SLOTS[(cls, name)][0] if (cls, name) in SLOTS else _value(info.annotation, info.metadata)
            for name, info in cls.model_fields.items()
            if name not in ("kind", "span") and (cls, name) not in FIXED
        }
        return st.fixed_dictionaries(values).map(lambda v: _build(cls, v)).filter(lambda node: node is not None)

    return st.deferred(fields)


# -- the constructs' slots: a field typed "any node" draws from what the grammar lets stand there --

A, C = ast, conditions
CARTE_SIMPLE = st.sampled_from([ast.CetteCarte(), ast.TaCarte(), ast.CarteAdverse()])
COMPTE = nodes(C.Compte)


@st.composite
def possession(draw) -> Node:
    left = draw(COMPTE)
    if draw(st.booleans()):
        comparison = draw(st.sampled_from(sorted(C.AGAINST_NUMBER)))
        return C.Possession(left=left, comparison=comparison, right=draw(st.integers(0, 12)))
    other = C.Compte(joueur=draw(st.sampled_from(list(ast.Joueur))), chose=left.chose)
    return C.Possession(left=left, comparison=draw(st.sampled_from(sorted(C.AGAINST_PLAYER))), right=other)


@st.composite
def influence_est(draw) -> Node:
    left = C.InfluenceDe(carte=draw(CARTE_SIMPLE))
    right = draw(st.one_of(st.integers(0, 20), CARTE_SIMPLE.map(lambda carte: C.InfluenceDe(carte=carte))))
    return C.InfluenceEst(left=left, comparison=draw(st.sampled_from(sorted(C.AGAINST_INFLUENCE))), right=right)


@st.composite
def ecart_est(draw) -> Node:
    return C.EcartEst(left=C.Ecart(), comparison=draw(st.sampled_from(sorted(C.AGAINST_MARGIN))), right=draw(st.integers(0, 20)))


ATOME = st.one_of(
    possession(),
    influence_est(),
    st.builds(C.CarteEst, carte=CARTE_SIMPLE, faction=st.sampled_from(list(ast.Faction))),
    nodes(C.RencontrePrecedente),
    ecart_est(),
    st.just(C.ResultatChange()),
)
TERME = st.one_of(ATOME, st.lists(ATOME, min_size=2, max_size=3).map(lambda c: C.Et(conditions=c)))
CONDITION = st.one_of(TERME, st.lists(TERME, min_size=2, max_size=3).map(lambda c: C.Ou(conditions=c)))
SIMPLE_EFFECTS = [
    ast.ModifierInfluence,
    ast.Defausser,
    ast.DefausserMain,
    ast.Piocher,
    ast.GagnerLaPartie,
    ast.ReprendreEnMain,
    ast.RetirerPersistant,
    moves.Prendre,
    moves.Regarder,
    moves.Echanger,
    moves.EchangerCartesJouees,
    moves.Copier,
]
EFFET_SIMPLE = st.one_of(*[nodes(cls) for cls in SIMPLE_EFFECTS])
EFFET = st.one_of(EFFET_SIMPLE, st.deferred(lambda: nodes(C.Si)), st.deferred(lambda: nodes(C.ChoixAdverse)), st.deferred(lambda: nodes(C.ALaProchaineRencontre)))
CONTINUS = [ast.InfluenceContinue, ast.CapacitesAdversesBloquees, ast.JoueFaceVisible, JoueMainVisible, ast.PiocheEnPlus, abilities.GagnentEgalites, abilities.SeJouentFaceVisible]
EFFET_CONTINU = st.one_of(*[nodes(cls) for cls in CONTINUS])
QUAND = st.one_of(st.none(), nodes(abilities.QuandCetteCarte))
LIMITE = st.one_of(st.none(), nodes(abilities.FoisParDuel))
CAPACITES = [ast.CapaciteInstantanee, ast.CapacitePersistante, abilities.Propriete]

REGLES = list(rule_changes.CONSTRUCTS)

#: Fields whose type is "any node": (strategy, the classes it draws).
SLOTS: dict[tuple[type, str], tuple[st.SearchStrategy, list[type]]] = {
    (ast.Lieu, "regles"): (st.lists(st.one_of(*[nodes(c) for c in REGLES]), min_size=1, max_size=3), REGLES),
    (ast.Personnage, "capacites"): (st.lists(st.one_of(*[nodes(c) for c in CAPACITES]), min_size=1, max_size=3), CAPACITES),
    (ast.CapaciteInstantanee, "effets"): (st.lists(EFFET, min_size=1, max_size=3), [*SIMPLE_EFFECTS, C.Si, C.ChoixAdverse, C.ALaProchaineRencontre]),
    (ast.CapaciteProtecteur, "effets"): (st.lists(EFFET, min_size=1, max_size=3), [*SIMPLE_EFFECTS, C.Si, C.ChoixAdverse, C.ALaProchaineRencontre]),
    (ast.CapacitePersistante, "effets"): (st.lists(EFFET_CONTINU, min_size=1, max_size=3), CONTINUS),
    (abilities.Propriete, "effets"): (st.lists(EFFET_CONTINU, min_size=1, max_size=3), CONTINUS),
    (ast.CapaciteInstantanee, "quand"): (QUAND, [abilities.QuandCetteCarte]),
    (ast.CapaciteInstantanee, "limite"): (LIMITE, [abilities.FoisParDuel]),
    (ast.CapacitePersistante, "quand"): (QUAND, [abilities.QuandCetteCarte]),
    (ast.CapacitePersistante, "limite"): (LIMITE, [abilities.FoisParDuel]),
    (ast.ModifierInfluence, "pour_chaque"): (st.one_of(st.none(), nodes(C.PourChaque)), [C.PourChaque]),
    (ast.Piocher, "par"): (st.one_of(st.none(), nodes(C.PourChaque), nodes(C.AutantDeCartes)), [C.PourChaque, C.AutantDeCartes]),
    (C.PourChaque, "quantity"): (COMPTE, [C.Compte]),
    (C.AutantDeCartes, "quantity"): (COMPTE, [C.Compte]),
    (C.Si, "condition"): (
        st.one_of(CONDITION, CONDITION.map(lambda c: C.SaufSi(condition=c))),
        [C.Possession, C.InfluenceEst, C.CarteEst, C.Et, C.Ou, C.SaufSi, C.Compte, C.InfluenceDe, C.RencontrePrecedente, C.EcartEst, C.Ecart, C.ResultatChange],
    ),
    (C.Si, "alors"): (st.lists(EFFET_SIMPLE, min_size=1, max_size=2), SIMPLE_EFFECTS),
    (C.Si, "sinon"): (st.one_of(st.lists(EFFET_SIMPLE, max_size=2), st.deferred(lambda: nodes(C.Si)).map(lambda si: [si])), [*SIMPLE_EFFECTS, C.Si]),
    (C.ChoixAdverse, "premier"): (st.lists(EFFET_SIMPLE, min_size=1, max_size=2), SIMPLE_EFFECTS),
    (C.ChoixAdverse, "second"): (st.lists(EFFET_SIMPLE, min_size=1, max_size=2), SIMPLE_EFFECTS),
    (C.ALaProchaineRencontre, "effets"): (st.lists(EFFET_SIMPLE, min_size=1, max_size=2), SIMPLE_EFFECTS),
    (C.CarteEst, "carte"): (CARTE_SIMPLE, [ast.CetteCarte, ast.TaCarte, ast.CarteAdverse]),
}
#: Fields left to their default: `pour chaque` counts once per thing.
FIXED = {(C.PourChaque, "per")}


def _build(cls: type[Node], values: dict) -> Node | None:
    """The node, or None when the values break a constraint of its own (a change of 0, a card that could not be read)."""
    if cls is ast.Piocher and isinstance(values.get("par"), C.AutantDeCartes):
        values = {**values, "n": 1}  # "autant de cartes que …" prints no number
    if cls is moves.Prendre and (values["de"], values["zone"]) == (values["vers"], values["vers_zone"]):
        return None
    if cls is moves.Regarder and values["garder"] > values["n"]:
        return None
    if cls is moves.Echanger and not moves._yours(values["cible"]):
        return None
    if cls is moves.Copier and isinstance(values["cible"], ast.CetteCarte):
        return None
    try:
        return cls(**values)
    except ValueError:
        return None


CARDS = st.one_of(nodes(ast.Personnage), nodes(ast.Lieu), nodes(ast.Protecteur))


def _classes_in(annotation: object) -> set[type]:
    if inspect.isclass(annotation) and issubclass(annotation, Node):
        return {annotation}
    found: set[type] = set()
    for arg in typing.get_args(annotation):
        found |= _classes_in(arg)
    return found


def reachable(roots: set[type]) -> set[type]:
    """The node classes the strategies generate from `roots`: each field's classes (or its slot's), and theirs."""
    seen, todo = set(), list(roots)
    while todo:
        cls = todo.pop()
        if cls not in seen:
            seen.add(cls)
            for name, info in cls.model_fields.items():
                todo += SLOTS[(cls, name)][1] if (cls, name) in SLOTS else _classes_in(info.annotation)
    return seen


def ast_classes() -> set[type]:
    return {value for value in vars(ast).values() if inspect.isclass(value) and issubclass(value, Node) and value.__module__ == ast.__name__}


def test_the_generated_cards_hold_every_construct():
    generated = reachable({ast.Personnage, ast.Lieu, ast.Protecteur}) - {Node}
    assert generated == ast_classes() | set(LANGUAGE.constructs)


@settings(max_examples=150, deadline=None)
@given(st.lists(CARDS, min_size=1, max_size=3))
def test_generated_cards_read_back_as_themselves(cards):
    text = write_file(CardFile(game=LANGUAGE.name, cards=cards), LANGUAGE)
    again = read_cards(text)
    assert again == cards, text
    assert write_file(CardFile(game=LANGUAGE.name, cards=again), LANGUAGE) == text


# ---------------------------------------------------------------------------
# Every class has its writer
# ---------------------------------------------------------------------------


def test_every_ast_class_has_a_writer():
    missing = sorted(cls.__name__ for cls in ast_classes() - set(writing.WRITERS))
    assert not missing, f"no writer in cardia/writing.py WRITERS for {', '.join(missing)}: add one beside its handler"
    stray = sorted(cls.__name__ for cls in set(writing.WRITERS) - ast_classes())
    assert not stray, f"writers for classes that are not in cardia/ast.py: {', '.join(stray)}"
