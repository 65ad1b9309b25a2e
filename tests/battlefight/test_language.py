"""BattleFight's card language: every keyword, both modifiers, defaults, spelling."""

from __future__ import annotations

import extra_games
import pytest

from atout.interpreter.games.battlefight import ast


def technique(read, steps: str, type_: str = "Attaque") -> ast.Technique:
    document = read(f"BattleFight : cartes\n== Essai ==\n{type_}\n{steps}\n")
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    (card,) = document.node.cards
    return card


def keywords(card: ast.Technique) -> list:
    return [step.keyword for step in card.steps]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Corps à Corps", ast.CorpsACorps()),
        ("Distance", ast.Distance(n=2)),
        ("Distance 3", ast.Distance(n=3)),
        ("Défausser 2", ast.Defausser(n=2)),
        ("Si Possible Défausser 2", ast.SiPossibleDefausser(n=2)),
        ("Blesser 4", ast.Blesser(n=4)),
        ("Se Blesser 1", ast.SeBlesser(n=1)),
        ("Bloquer 3", ast.Bloquer(n=3)),
        ("Piocher 2", ast.Piocher(n=2)),
        ("Pousser 2", ast.Pousser(n=2)),
        ("Se Déplacer 3", ast.SeDeplacer(n=3)),
        ("Rejouer", ast.Rejouer()),
        ("Déstabiliser", ast.Destabiliser()),
        ("Stable", ast.Stable(n=0)),
        ("Stable 2", ast.Stable(n=2)),
        ("Force +1", ast.Force(n=1)),
        ("Protection 2", ast.Protection(n=2)),
        ("Vitesse −1", ast.Vitesse(n=-1)),
        ("Charme +2", ast.Charme(n=2)),
        ("S'Empêcher Déplacement", ast.SEmpecher(of=[ast.TechniqueType.DEPLACEMENT])),
        ("S'Empêcher Attaque ou Défense", ast.SEmpecher(of=[ast.TechniqueType.ATTAQUE, ast.TechniqueType.DEFENSE])),
        ("S'Empêcher Carte", ast.SEmpecherCarte(of=[])),
        ("S'Empêcher Carte Rhétorique", ast.SEmpecherCarte(of=[ast.TechniqueType.RHETORIQUE])),
        ("S'Empêcher Carte Attaque et Rhétorique", ast.SEmpecherCarte(of=[ast.TechniqueType.ATTAQUE, ast.TechniqueType.RHETORIQUE])),
    ],
)
def test_every_keyword(read, text, expected):
    (keyword,) = keywords(technique(read, text))
    assert keyword == expected


@pytest.mark.parametrize(
    "text",
    ["Corps À Corps ; Defausser 1 ; Blesser 4", "CORPS A CORPS;DÉFAUSSER 1;blesser 4", "corps  à  corps ; défausser 1 ; BLESSER 4 ;"],
)
def test_keywords_match_whatever_the_case_and_accents(read, text):
    assert keywords(technique(read, text)) == [ast.CorpsACorps(), ast.Defausser(n=1), ast.Blesser(n=4)]


def test_one_step_per_line_is_the_same_as_semicolons(read):
    on_one_line = technique(read, "Corps à Corps ; Défausser 1 ; Blesser 4")
    one_per_line = technique(read, "Corps à Corps\nDéfausser 1\n\nBlesser 4   # the last step")
    assert keywords(on_one_line) == keywords(one_per_line)


@pytest.mark.parametrize(
    "text",
    [
        "[L'adversaire a] S'Empêcher Carte Rhétorique",
        "L’adversaire a S'Empêcher Carte Rhétorique",
        "[L'adversaire a]\nS'Empêcher Carte Rhétorique",
        "L'adversaire a\nS'Empêcher Carte Rhétorique",
        "L'ADVERSAIRE A   # printed above its step\nS'Empêcher Carte Rhétorique",
    ],
)
def test_l_adversaire_a_in_brackets_or_not_on_its_line_or_above(read, text):
    (step,) = technique(read, text).steps
    assert step.modifiers == [ast.LAdversaireA()]
    assert step.keyword == ast.SEmpecherCarte(of=[ast.TechniqueType.RHETORIQUE])


def test_tout_le_monde_a(read):
    (step,) = technique(read, "Tout le monde a Piocher 2").steps
    assert step.modifiers == [ast.ToutLeMondeA()]
    assert step.keyword == ast.Piocher(n=2)


@pytest.mark.parametrize(
    "text",
    [
        "Tout le monde a [L'adversaire a] Pousser 1",
        "Tout le monde a\nL'adversaire a\nPousser 1",
        "[Tout le monde a] L'adversaire a Pousser 1",
    ],
)
def test_several_modifiers_in_one_step(read, text):
    (step,) = technique(read, text).steps
    assert step.modifiers == [ast.ToutLeMondeA(), ast.LAdversaireA()]
    assert step.keyword == ast.Pousser(n=1)


def test_more_modifiers_than_a_step_may_have_are_refused(read):
    document = read("BattleFight : cartes\n== X ==\nAttaque\nTout le monde a Tout le monde a Tout le monde a Tout le monde a Piocher 1\n")
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [("E201", 4, 1)]
    assert "a step has at most 3 modifiers; this one has 4" in document.diagnostics[0].message


def test_keywords_without_a_number_count_one(read):
    assert keywords(technique(read, "Blesser ; Piocher ; Défausser")) == [
        ast.Blesser(n=1),
        ast.Piocher(n=1),
        ast.Defausser(n=1),
    ]


def test_title_keeps_accents_apostrophes_and_spaces(read):
    document = read("BattleFight : cartes\n==  L'Élan du Phénix  ==\nDéplacement\nSe Déplacer 2\n")
    assert document.node.cards[0].name == "L'Élan du Phénix"


def test_a_technique_may_have_a_type_and_no_step(read):
    card = technique(read, "", type_="Rhétorique")
    assert card.type is ast.TechniqueType.RHETORIQUE and card.steps == []


def test_spans_point_at_the_file_lines(read):
    document = read("BattleFight : cartes\n\n== A ==\nAttaque\nBlesser 1\n\n== B ==\nDéfense\nBloquer 2 ; Stable\n")
    second = document.node.cards[1]
    assert (second.span.line, second.span.column) == (7, 1)
    stable = second.steps[1]
    assert (stable.span.line, stable.span.column) == (9, 13)


def test_the_five_basic_techniques_are_cards_of_the_language(languages, cards_dir):
    from atout.interpreter.language.loader import read_file

    document = read_file(cards_dir / "battlefight" / "techniques-de-base.atout", languages)
    assert document.diagnostics == []
    by_name = {card.name: card for card in document.node.cards}
    assert keywords(by_name["Attaque de base"]) == [ast.CorpsACorps(), ast.Blesser(n=1)]
    assert keywords(by_name["Défense de base"]) == [ast.Bloquer(n=1)]
    assert keywords(by_name["Déplacement de base"]) == [ast.SeDeplacer(n=1)]
    assert keywords(by_name["Concentration de base"]) == [ast.Piocher(n=1)]
    assert keywords(by_name["Rhétorique de base"]) == [ast.Destabiliser()]


CARD_FILES = ["techniques-de-base", "attaque", "defense", "deplacement", "concentration", "rhetorique"]


@pytest.mark.parametrize("name", CARD_FILES)
def test_shipped_card_file_ast(languages, cards_dir, snapshot, name):
    """The AST of each shipped BattleFight card file, reviewed as JSON."""
    from syrupy.extensions.json import JSONSnapshotExtension

    from atout.interpreter.language.loader import read_file
    from atout.interpreter.language.nodes import dump

    document = read_file(cards_dir / "battlefight" / f"{name}.atout", languages)
    assert document.diagnostics == []
    assert dump(document.node) == snapshot(extension_class=JSONSnapshotExtension)


def test_every_shipped_file_is_valid(languages, cards_dir):
    from atout.interpreter.language.project import validate

    result = validate([cards_dir], languages)
    assert [d.render() for d in result.diagnostics] == []
    games = {d.game.name for d in result.documents}
    assert games == set(languages) - set(extra_games.ADDED)  # the test games' files live with the tests
