"""A designer's set: files laid over a base (the shipped game, or another folder), predictably.

Each rule of `language/sets.py` is checked through `validate` (what a
designer runs) and `load_files` (what a game is built from).
"""

from __future__ import annotations

import textwrap

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.diagnostics import DiagnosticError
from atout.interpreter.language.project import validate

DRAGONS = LANGUAGES["dragons"]

NEW_CARD = """\
Duel de dragons : cartes

== Dragon des Glaces ==
Dragon · Commune
Puissance 40 · Ruse 40 · Savoir 40 · Charisme 30
"""


def write(folder, files: dict[str, str]):
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def names(files) -> set[str]:
    return {card.name for card_file in files.card_files for card in card_file.cards}


def codes(validation) -> list[tuple[str, str, int]]:
    return [(d.code, d.file.rsplit("/", 1)[-1], d.line) for d in validation.diagnostics]


def test_an_extension_adds_its_cards_to_the_shipped_set(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\n", "nouveaux.atout": NEW_CARD})
    assert validate([folder], LANGUAGES).diagnostics == []
    shipped = names(load_files(DRAGONS))
    assert names(load_files(DRAGONS, [folder])) == shipped | {"Dragon des Glaces"}


def test_a_card_with_a_base_cards_name_replaces_it_with_a_note(tmp_path):
    replaced = NEW_CARD.replace("Dragon des Glaces", "Guivre des Marais")
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\n", "nouveaux.atout": replaced})
    validation = validate([folder], LANGUAGES)
    assert validation.is_valid
    (note,) = validation.diagnostics
    assert (note.code, note.line) == ("N300", 3)
    assert note.message.startswith('"Guivre des Marais" replaces the card of the same name of the base (')
    assert note.message.endswith("(dragons/dragons.atout:14, as shipped)")  # not where atout is installed
    files = load_files(DRAGONS, [folder])
    (guivre,) = [c for f in files.card_files for c in f.cards if c.name == "Guivre des Marais"]
    assert guivre.span.file.endswith("nouveaux.atout")


@pytest.mark.parametrize("name", ["cordes/attacks.atout", "dragons/dragons.atout", "battlefight/attaque.atout", "cardia/paquet-i.atout"])
def test_a_shipped_file_validated_alone_is_not_its_own_base(name):
    from atout.cards import CARDS_DIR

    validation = validate([CARDS_DIR / name], LANGUAGES)
    assert validation.diagnostics == []  # no note that its cards replace themselves


def test_a_card_left_out_is_gone_and_an_unknown_one_is_named_with_the_nearest(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\nSans : Dragonnet de Suie\n"})
    validation = validate([folder], LANGUAGES)
    # valid; a note says which shipped collections named it
    assert validation.problems == [] and [d.code for d in validation.diagnostics] == ["N301"]
    assert "Dragonnet de Suie" not in names(load_files(DRAGONS, [folder]))
    write(folder, {"jeu.atout": "Duel de dragons : extension\nSans : Dragonet de Suie\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert (problem.code, problem.line, problem.column) == ("E303", 2, 8)
    assert problem.message == 'no card of the base is named "Dragonet de Suie": only a card of the base can be left out'
    assert problem.suggestion == "Dragonnet de Suie"


def test_a_rules_file_of_one_line_changes_that_parameter_only(tmp_path):
    folder = write(
        tmp_path / "set",
        {
            "jeu.atout": "Duel de dragons : extension\n",
            "regles.atout": "Duel de dragons : règles\nManches : 3\n",
            "rapide.atout": "Duel de dragons : règles\nFatigue : 20\n",
        },
    )
    assert validate([folder], LANGUAGES).diagnostics == []
    files = load_files(DRAGONS, [folder])
    shipped = load_files(DRAGONS).rules()
    main, variant = files.rules(), files.rules("rapide")
    assert (main.rounds, main.fatigue) == (3, shipped.fatigue)
    # a variant changes what it names over the set's main rules
    assert (variant.rounds, variant.fatigue, variant.hand) == (3, 20, shipped.hand)


def test_a_wrong_value_in_a_one_line_rules_file_is_reported_once_at_its_place(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\n", "regles.atout": "Duel de dragons : règles\nManches : 0\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert (problem.code, problem.line, problem.column) == ("E501", 2, 11)


def test_an_extension_of_a_folder_lays_the_layers_in_order(tmp_path):
    write(tmp_path / "first", {"jeu.atout": "Duel de dragons : extension\n", "nouveaux.atout": NEW_CARD, "regles.atout": "Duel de dragons : règles\nManches : 3\n"})
    second = write(
        tmp_path / "second",
        {
            "jeu.atout": "Duel de dragons : extension\nBase : ../first\nSans : Dragon des Glaces\n",
            "regles.atout": "Duel de dragons : règles\nFatigue : 20\n",
        },
    )
    assert validate([second], LANGUAGES).diagnostics == []
    files = load_files(DRAGONS, [second])
    assert "Dragon des Glaces" not in names(files) and "Guivre des Marais" in names(files)
    assert (files.rules().rounds, files.rules().fatigue) == (3, 20)


@pytest.mark.parametrize(
    ("base", "message"),
    [
        ("../nowhere", 'the base "../nowhere" is neither Duel de dragons nor a folder'),
        (".", 'the base "." is this very folder: a set cannot be its own base'),
    ],
)
def test_a_base_that_cannot_be_used_is_e302_at_its_line(tmp_path, base, message):
    folder = write(tmp_path / "set", {"jeu.atout": f"Duel de dragons : extension\nBase : {base}\n"})
    problems = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E302"]
    assert [(d.line, d.message.startswith(message)) for d in problems] == [(2, True)]
    with pytest.raises(DiagnosticError):
        load_files(DRAGONS, [folder])


def test_two_folders_that_extend_each_other_are_refused(tmp_path):
    write(tmp_path / "a", {"jeu.atout": "Duel de dragons : extension\nBase : ../b\n"})
    write(tmp_path / "b", {"jeu.atout": "Duel de dragons : extension\nBase : ../a\n"})
    problems = [d for d in validate([tmp_path / "a"], LANGUAGES).diagnostics if d.code == "E302"]
    assert problems and "a folder that extends this one" in problems[0].message


def test_an_unknown_line_of_an_extension_names_the_lines_it_may_have(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\nSnas : Dragonnet de Suie\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert (problem.code, problem.line, problem.suggestion) == ("E500", 2, "Sans")


def test_a_card_file_alone_is_laid_over_the_shipped_set(tmp_path):
    # the designer's first step: one new card, one collection that names it and shipped cards
    collection = "Duel de dragons : collection\n1 Dragon des Glaces\n" + "".join(f"1 {name}\n" for name in sorted(names(load_files(DRAGONS)))[:24])
    folder = write(tmp_path / "set", {"nouveaux.atout": NEW_CARD, "mienne.atout": collection})
    assert validate([folder], LANGUAGES).diagnostics == []
    files = load_files(DRAGONS, [folder])
    assert "mienne" in files.lists and "Dragon des Glaces" in names(files)


def test_a_new_card_that_breaks_a_count_of_the_rules_is_told(tmp_path):
    cordes = LANGUAGES["cordes"]
    jab = next(c for f in load_files(cordes).card_files for c in f.cards if c.name == "Jab")
    text = jab.span.file and open(jab.span.file, encoding="utf-8").read()
    block = text[text.index("== Jab ==") :]
    block = block[: block.index("\n==", 3) + 1] if "\n==" in block[3:] else block
    folder = write(tmp_path / "set", {"coups.atout": "Dans les Cordes : cards\n\n" + block.replace("== Jab ==", "== Jab Sauté ==")})
    problems = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E301"]
    assert problems, "the box's count is checked on the whole set"
    assert all("these card files hold" in d.message for d in problems)


def test_a_card_left_out_that_a_base_deck_names_is_a_note_at_its_line(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "BattleFight : extension\nSans : Décharge\n"})
    validation = validate([folder], LANGUAGES)
    assert validation.is_valid
    (note,) = validation.diagnostics
    assert (note.code, note.line, note.column) == ("N301", 2, 8)
    assert note.message.startswith('"Décharge" is left out, and the base\'s deck "la-forteresse" names it')
