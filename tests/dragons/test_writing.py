"""Duel de dragons cards written back as card text: `read(write_card(card)) == card`.

Every shipped card is written back as it is printed (its comments aside),
generated cards of every category and rarity, with any name a title can
hold and any statistics, read back as the same card, and a card written in
any layout the language accepts is written back in the one canonical form.
"""

from __future__ import annotations

import inspect
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS_DIR
from atout.cli.init import STARTERS
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.dragons import ast, writing
from atout.interpreter.games.dragons import conditions as c
from atout.interpreter.games.dragons import effects as e
from atout.interpreter.games.dragons import moves as m
from atout.interpreter.games.dragons import powers as p
from atout.interpreter.language.logic import Comparison
from atout.interpreter.games.dragons.writing import WRITERS, write_card
from atout.interpreter.language.loader import read_document, read_file
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import CardFile, Node
from atout.interpreter.language.project import expand, shipped_files

LANGUAGE = LANGUAGES["dragons"]
HEADER = "Duel de dragons : cartes\n"
#: Hypothesis settings for the generated cards: a few seconds in all.
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _card_files() -> list[Path]:
    """The shipped card files, the designer's examples (cards with powers) and the starter ones."""
    paths = shipped_files(LANGUAGE) + expand([CARDS_DIR / "dragons" / "exemples", STARTERS / "dragons"])
    return [path for path in paths if isinstance(read_file(path, LANGUAGES).node, CardFile)]


CARD_FILES = _card_files()


def _printed_cards(path: Path) -> dict[str, str]:
    """Each card of a file as printed, by name: its lines from its title on, without comments or blank lines."""
    cards: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        if line.strip().startswith("=="):
            lines = cards.setdefault(line.strip().strip("=").strip(), [])
        if line.strip() and not line.strip().startswith("#"):
            lines.append(line)
    return {name: "\n".join(card) + "\n" for name, card in cards.items()}


SHIPPED_CARDS = [(path, card) for path in CARD_FILES for card in read_file(path, LANGUAGES).node.cards]


def read_back(text: str) -> ast.Carte:
    """The one card of a card file made of `text`, which must read with no diagnostic."""
    document = read_document("written.atout", (HEADER + "\n" + text).encode("utf-8"), LANGUAGES)
    assert [d.render() for d in document.diagnostics] == [], text
    (card,) = document.node.cards
    return card


# ---------------------------------------------------------------------------
# Shipped cards
# ---------------------------------------------------------------------------


def test_there_are_shipped_cards_of_every_category_and_rarity():
    cards = [card for _, card in SHIPPED_CARDS]
    assert {card.categorie for card in cards} == set(ast.Categorie)
    assert {card.rarete for card in cards} == set(ast.Rarete)
    assert any(card.proprietes for card in cards), "the examples' cards with powers are written back too"


@pytest.mark.parametrize("case", SHIPPED_CARDS, ids=lambda case: f"{case[0].name}:{case[1].name}")
def test_every_shipped_card_is_written_back_as_printed(case):
    """The written card reads as the same card, and is the printed card without its comments."""
    path, card = case
    text = write_card(card)
    assert read_back(text) == card, f"{card.name} ({path.name}) written as:\n{text}"
    assert text == _printed_cards(path)[card.name], f"{card.name} ({path.name}) is printed otherwise"


def test_a_card_is_written_like_the_rulebook_prints_it():
    card = ast.Carte(
        name="Grande Épée-Lune",
        categories=(ast.Categorie.PERSONNAGE,),
        rarete=ast.Rarete.LEGENDAIRE,
        statistiques=ast.Statistiques(puissance=100, ruse=0, savoir=7, charisme=75),
    )
    assert write_card(card) == ("== Grande Épée-Lune ==\nPersonnage · Légendaire\nPuissance 100 · Ruse 0 · Savoir 7 · Charisme 75\n")


# ---------------------------------------------------------------------------
# Generated cards
# ---------------------------------------------------------------------------

#: Names a title can hold: any characters but "=" and line ends, no spaces at either end.
NAMES = (
    st.one_of(
        st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="=\n\r\x00"), min_size=1, max_size=60),
        st.lists(st.sampled_from(["Dragon", "Vouivre", "des", "Brumes", "d'Écume", "Reine-Mère", "«Ancien»", "#3"]), min_size=1, max_size=6).map(" ".join),
    )
    .map(str.strip)
    .filter(lambda name: 0 < len(name) <= 60)
)

VALUES = st.integers(0, 100)
STATISTIQUES = st.builds(ast.Statistiques, puissance=VALUES, ruse=VALUES, savoir=VALUES, charisme=VALUES)
CARTES = st.builds(
    ast.Carte,
    name=NAMES,
    categories=st.lists(st.sampled_from(ast.Categorie), min_size=1, max_size=2, unique=True).map(tuple),
    rarete=st.sampled_from(ast.Rarete),
    statistiques=STATISTIQUES,
)


@FAST
@given(CARTES)
def test_a_generated_card_reads_back_as_itself(card):
    text = write_card(card)
    assert read_back(text) == card
    assert text.endswith("\n") and text.count("\n") == 3 + len(card.proprietes)


# -- Version 2: generated properties, powers and all ---------------------------

SMALL = st.integers(0, 99)
STATS = st.sampled_from(ast.NomDeStatistique)
QUI = st.sampled_from(c.Qui)
VISEE = st.sampled_from(c.Visee)
ZONES = st.builds(c.Zone, lieu=st.sampled_from(c.Lieu), qui=QUI)
QUANTITES = st.one_of(
    st.builds(c.Points, qui=QUI),
    st.just(c.NumeroDeManche()),
    st.builds(c.NombreDeCartes, zone=ZONES),
    st.builds(c.StatistiqueDeCarte, statistique=STATS, carte=VISEE),
)
GENRES = st.one_of(st.sampled_from(ast.Categorie), st.sampled_from(ast.Rarete))
ATOMES = st.one_of(
    st.builds(c.Comparaison, left=QUANTITES, comparison=st.sampled_from(Comparison), right=st.one_of(SMALL, QUANTITES)),
    st.builds(c.Demande, statistique=STATS),
    st.builds(c.EstUn, carte=VISEE, genre=GENRES),
)
CONDITIONS = st.recursive(
    ATOMES,
    lambda inner: st.one_of(
        st.builds(c.Et, conditions=st.lists(inner, min_size=2, max_size=3)),
        st.builds(c.Ou, conditions=st.lists(inner, min_size=2, max_size=3)),
        st.builds(c.Non, condition=inner),
    ),
    max_leaves=5,
)
POUR_CHAQUE = st.builds(
    c.PourChaque,
    per=st.integers(1, 99),
    quantity=st.one_of(st.builds(c.NombreDeCartes, zone=ZONES), st.builds(c.Points, qui=QUI)),
)
MONTANTS = st.one_of(SMALL, POUR_CHAQUE, st.builds(c.AutantQue, quantity=QUANTITES))
EFFETS = st.one_of(
    st.builds(e.Bonus, signe=st.sampled_from(["+", "-"]), montant=MONTANTS, statistique=st.none() | STATS, contre=st.none() | GENRES),
    st.builds(e.Marque, qui=QUI, montant=MONTANTS),
    st.builds(e.ChangeStatistique, carte=VISEE, recupere=st.booleans(), montant=MONTANTS, statistique=st.none() | STATS),
    st.builds(e.Echanges, nombre=st.integers(-9, 9).filter(bool)),
    st.builds(m.Mets, nombre=st.integers(1, 20), choix=st.sampled_from(m.Choix), source=ZONES, destination=st.sampled_from(c.Lieu), visible=st.booleans()),
    st.builds(m.Mets, carte=VISEE, destination=st.sampled_from(c.Lieu), visible=st.booleans()),
    st.builds(m.Regarde, nombre=st.integers(1, 10), source=ZONES),
    st.builds(m.Regarde, nombre=st.integers(1, 10), source=ZONES, prises=st.integers(1, 10), destination=st.sampled_from(c.Lieu)),
)
BLOCS = st.one_of(
    st.lists(EFFETS, min_size=1, max_size=3).map(tuple),
    st.tuples(
        st.lists(EFFETS, max_size=2),
        st.builds(e.Si, condition=CONDITIONS, alors=st.lists(EFFETS, min_size=1, max_size=2).map(tuple), sinon=st.lists(EFFETS, max_size=2).map(tuple)),
    ).map(lambda pair: (*pair[0], pair[1])),
)
POUVOIRS = st.builds(
    p.Pouvoir,
    declencheur=st.one_of(st.none(), st.just(p.QuandGagne()), st.just(p.QuandPerd()), st.just(p.AuDebut())),
    limite=st.one_of(st.none(), st.builds(p.FoisParDuel, fois=st.integers(1, 99)), st.builds(p.FoisParManche, fois=st.integers(1, 99))),
    effets=BLOCS,
)
PROPRIETES = st.lists(st.one_of(POUVOIRS, st.builds(p.FatiguePropre, points=st.integers(0, 100))), max_size=3).filter(lambda props: sum(isinstance(x, p.FatiguePropre) for x in props) <= 1).map(tuple)
CARTES_V2 = st.builds(
    ast.Carte,
    name=NAMES,
    categories=st.lists(st.sampled_from(ast.Categorie), min_size=1, max_size=2, unique=True).map(tuple),
    rarete=st.sampled_from(ast.Rarete),
    statistiques=STATISTIQUES,
    proprietes=PROPRIETES,
)


def read_back_v2(text: str) -> ast.Carte:
    """The one card of `text`, which may break only the checks of what a power means (E350-E352), not the syntax."""
    document = read_document("written.atout", (HEADER + "\n" + text).encode("utf-8"), LANGUAGES)
    assert [d.render() for d in document.diagnostics if d.code not in ("E350", "E351", "E352")] == [], text
    (card,) = document.node.cards
    return card


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CARTES_V2)
def test_a_generated_card_with_powers_reads_back_as_itself(card):
    text = write_card(card)
    assert read_back_v2(text) == card, text
    assert write_card(read_back_v2(text)) == text


def _spellings(word: str) -> st.SearchStrategy[str]:
    """A keyword as a designer may type it: its printed form, in any case, with or without accents."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
    return st.sampled_from([word, word.lower(), word.upper(), plain, plain.lower(), plain.upper()])


@st.composite
def laid_out(draw, card: ast.Carte) -> str:
    """A text of `card` in any layout the language reads: statistics in any order, on one line or several,
    any separator, keywords in any case, spaces around the title, comments."""
    space = st.sampled_from(["", " ", "  "])
    title = f"=={draw(space)}{card.name}{draw(space)}==\n"
    inline = st.sampled_from([" · ", " • ", ", ", " ", "  "])
    separator = st.one_of(inline, st.sampled_from(["\n", "   # note\n"]))
    kind = "".join(f"{draw(_spellings(c.value))}{draw(inline)}" for c in card.categories) + f"{draw(_spellings(card.rarete.value))}\n"
    order = draw(st.permutations(list(ast.NomDeStatistique)))
    stats = ""
    for i, nom in enumerate(order):
        stats += f"{draw(_spellings(nom.value))} {card.statistiques.of(nom)}"
        stats += draw(separator) if i < 3 else "\n"
    comment = draw(st.sampled_from(["", "# un commentaire\n"]))
    return title + comment + kind + stats


@FAST
@given(st.data())
def test_any_layout_is_written_back_in_the_canonical_form(data):
    card = data.draw(CARTES)
    text = data.draw(laid_out(card))
    assert read_back(text) == card
    assert write_card(read_back(text)) == write_card(card)


# ---------------------------------------------------------------------------
# What cannot be written
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Dragon = Roi", "Deux\nlignes", "Retour\rchariot", " Espacé", "Espacé "])
def test_a_name_no_title_can_hold_is_refused_with_the_reason(name):
    card = ast.Carte.model_construct(
        name=name,
        categories=(ast.Categorie.DRAGON,),
        rarete=ast.Rarete.COMMUNE,
        statistiques=ast.Statistiques(puissance=1, ruse=2, savoir=3, charisme=4),
    )
    with pytest.raises(ValueError, match="card name"):
        write_card(card)


def test_a_card_read_with_a_missing_statistic_is_not_written():
    document = read_document("x.atout", HEADER + "== X ==\nDragon · Commune\nPuissance 1 · Ruse 2 · Savoir 3\n", LANGUAGES)
    assert [d.code for d in document.diagnostics] == ["E112"]
    (card,) = document.node.cards
    with pytest.raises(ValueError, match="Charisme"):
        write_card(card)


# ---------------------------------------------------------------------------
# One writer per AST class
# ---------------------------------------------------------------------------


def _ast_classes() -> set[type]:
    return {
        value
        for value in vars(ast).values()
        if inspect.isclass(value)
        and issubclass(value, Node)
        and not issubclass(value, Construct)  # a construct writes itself
        and value.__module__ == ast.__name__
    }


def test_every_ast_class_has_a_writer():
    """A construct added to the cards' AST needs its writer in `writing.WRITERS`."""
    missing = sorted(cls.__name__ for cls in _ast_classes() if cls not in WRITERS)
    assert not missing, f"no writer in dragons/writing.py WRITERS for {', '.join(missing)}"
    stray = sorted(cls.__name__ for cls in WRITERS if cls not in _ast_classes())
    assert not stray, f"writers for classes that are not in dragons' ast.py: {', '.join(stray)}"


def test_each_writer_writes_its_class():
    stat = ast.Statistique(nom=ast.NomDeStatistique.SAVOIR, valeur=40)
    assert writing.write(stat) == "Savoir 40"
    stats = ast.Statistiques(puissance=62, ruse=55, savoir=40, charisme=48)
    assert writing.write(stats) == "Puissance 62 · Ruse 55 · Savoir 40 · Charisme 48"
    with pytest.raises(TypeError, match="no Duel de dragons writer"):
        writing.write(ast.NomDeStatistique.RUSE)  # type: ignore[arg-type]
