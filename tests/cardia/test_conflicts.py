"""A designer's characters that clash with the shipped decks: one message, at the designer's file, with the fix.

A deck holds each influence from 1 to "Cartes par paquet" once. A designer
who adds characters to Duel pour Cardia as shipped (`atout init … --game
cardia`) and gives them influences the shipped decks have got, before,
one E301 per clash plus one per deck's count, some of them at the shipped
files by their installed path; the `Sans :` lines had to be found one error
at a time. Now: one message, at the designer's extension file, listing
every clash and the `Sans :` lines to paste; pasted, the folder is valid.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main

NEW = """
== Forgeron ==
Paquet I · Guilde · influence 3
Capacité instantanée : Piocher 1 carte

== Ménestrel ==
Paquet I · Académie · influence 6
Capacité instantanée : Piocher 1 carte

== Garde ==
Paquet I · Dynastie · influence 9
Capacité instantanée : Piocher 1 carte

== Pillard ==
Paquet II · Rébellion · influence 4
Capacité instantanée : Piocher 1 carte
"""

#: The shipped characters the new ones clash with, in deck and influence order.
CLASHES = ["Espionne", "Contrebandier", "Magistrat", "Agitateur"]


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def designer_folder(tmp_path, monkeypatch):
    """`atout init mon-cardia --game cardia`, with four characters added that clash with the shipped decks."""
    monkeypatch.chdir(tmp_path)
    assert run("init", "mon-cardia", "--game", "cardia").exit_code == 0
    cards = tmp_path / "mon-cardia" / "mes-cartes.atout"
    cards.write_text(cards.read_text(encoding="utf-8") + NEW, encoding="utf-8")
    return tmp_path / "mon-cardia"


def problems(*args: str) -> list[dict]:
    result = run("validate", *args, "--format", "json")
    return [d for d in json.loads(result.output)["diagnostics"] if not d["code"].startswith("N")]


def test_the_clashes_come_as_one_message_at_the_extension_file_with_the_lines_to_paste(tmp_path, monkeypatch):
    folder = designer_folder(tmp_path, monkeypatch)
    (problem,) = problems("mon-cardia")
    extension = (folder / "extension.atout").read_text(encoding="utf-8").splitlines()
    sans_line = next(n for n, line in enumerate(extension, 1) if line.startswith("Sans :"))
    assert (problem["code"], problem["file"], problem["line"]) == ("E301", "mon-cardia/extension.atout", sans_line)
    assert str(CARDS_DIR) not in problem["message"]
    message = problem["message"]
    for clash, new in zip(CLASHES, ["Forgeron", "Ménestrel", "Garde", "Pillard"]):
        assert f'"{clash}" (the base\'s) and "{new}" (mon-cardia/mes-cartes.atout:' in message
    block = [line.strip() for line in message.splitlines() if line.strip().startswith("Sans :")]
    assert block == [f"Sans : {name}" for name in CLASHES]
    assert f"in mon-cardia/extension.atout (after line {sans_line}):" in message


def test_the_lines_pasted_make_the_folder_valid(tmp_path, monkeypatch):
    folder = designer_folder(tmp_path, monkeypatch)
    (problem,) = problems("mon-cardia")
    pasted = "".join(line.strip() + "\n" for line in problem["message"].splitlines() if line.strip().startswith("Sans :"))
    extension = folder / "extension.atout"
    extension.write_text(extension.read_text(encoding="utf-8") + pasted, encoding="utf-8")
    result = run("validate", "mon-cardia")
    assert result.exit_code == 0 and "all valid" in result.output, result.output


def test_the_message_in_the_terminal_names_no_shipped_file(tmp_path, monkeypatch):
    designer_folder(tmp_path, monkeypatch)
    result = run("validate", "mon-cardia")
    assert result.exit_code != 0
    assert result.output.count("E301") == 1
    assert str(CARDS_DIR) not in result.output and "paquet-i.atout" not in result.output


def test_a_card_file_given_alone_is_told_at_its_first_clash_with_an_extension_to_write(tmp_path, monkeypatch):
    designer_folder(tmp_path, monkeypatch)
    (problem,) = problems("mon-cardia/mes-cartes.atout")
    # without its extension file, the Colporteuse clashes with the Messagère too
    assert (problem["file"], problem["line"]) == ("mon-cardia/mes-cartes.atout", 4)
    lines = [line.strip() for line in problem["message"].splitlines()]
    start = lines.index("Duel pour Cardia : extension")
    assert lines[start + 1 : start + 6] == [f"Sans : {name}" for name in ["Messagère", *CLASHES]]


def test_a_deck_size_the_designer_lowers_is_told_at_the_extension_with_the_characters_it_leaves_over(tmp_path, monkeypatch):
    folder = designer_folder(tmp_path, monkeypatch)
    (folder / "mes-cartes.atout").write_text("Duel pour Cardia : cartes\n" + NEW.split("== Ménestrel ==")[0].replace("influence 3", "influence 2"), encoding="utf-8")
    (folder / "regles.atout").write_text("Duel pour Cardia : règles\nCartes par paquet : 15\n", encoding="utf-8")
    (problem,) = problems("mon-cardia")
    assert problem["file"] == "mon-cardia/extension.atout"
    assert '"Djinn" (the base\'s)' in problem["message"] and '"Archimage" (the base\'s)' in problem["message"]
    block = [line.strip() for line in problem["message"].splitlines() if line.strip().startswith("Sans :")]
    assert block == ["Sans : Djinn", "Sans : Archimage"]
    assert 'or change "Cartes par paquet" in the rules' in problem["message"]


def test_a_lieu_added_is_told_at_the_extension_with_the_rules_line(tmp_path, monkeypatch):
    folder = designer_folder(tmp_path, monkeypatch)
    cards = folder / "mes-cartes.atout"
    cards.write_text(
        "Duel pour Cardia : cartes\n\n== Marais Sombre ==\nLieu · difficulté ★\nRègle : La défausse se remélange une fois quand la pioche est vide\n",
        encoding="utf-8",
    )
    (folder / "extension.atout").write_text("Duel pour Cardia : extension\n", encoding="utf-8")
    (problem,) = problems("mon-cardia")
    assert (problem["code"], problem["file"], problem["line"]) == ("E301", "mon-cardia/extension.atout", 1)
    assert 'write "Cartes Lieu : 9" in the rules' in problem["message"]


def test_a_full_deck_offers_no_influence_it_does_not_have(tmp_path, monkeypatch):
    """Both shipped decks hold every influence: the only fix offered is the `Sans :` lines, not "influences their deck does not have"."""
    designer_folder(tmp_path, monkeypatch)
    (problem,) = problems("mon-cardia")
    assert "does not have" not in problem["message"]


def test_a_deck_with_a_free_influence_names_it(tmp_path, monkeypatch):
    """A deck that misses an influence (one shipped character left out, none added there) names where a clashing character may go."""
    folder = designer_folder(tmp_path, monkeypatch)
    extension = folder / "extension.atout"
    extension.write_text(extension.read_text(encoding="utf-8") + "Sans : Oracle\n", encoding="utf-8")  # Paquet I, influence 13
    (problem,) = problems("mon-cardia")
    assert "give your characters influences their deck does not have (Paquet I: 13)" in problem["message"]
