"""A set's problems of composition, in every game: one message, at the designer's file, with the fix.

A designer's folder made by `atout init` and changed the way a designer
would: the problems of the whole set (counts, one technique of each type,
rarity bands, restrictions naming left-out blows) come as one message per
kind, at the designer's files (extension, rules line, own card file),
never at a shipped file nor by the path where atout is installed; the lines
that fix them (`Sans :`/`Without :`, rules lines) are written out. Duel
pour Cardia's decks are in tests/cardia/test_conflicts.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def init(tmp_path, monkeypatch, game: str) -> Path:
    monkeypatch.chdir(tmp_path)
    assert run("init", "mon-set", "--game", game).exit_code == 0
    return Path("mon-set")


def problems(folder: Path) -> list[dict]:
    result = run("validate", str(folder), "--format", "json")
    found = [d for d in json.loads(result.output)["diagnostics"] if not d["code"].startswith("N")]
    for problem in found:
        assert not problem["file"].startswith(str(CARDS_DIR)) and str(CARDS_DIR) not in problem["message"], problem
    return found


def pasted(message: str, word: str) -> list[str]:
    return [line.strip() for line in message.splitlines() if line.strip().startswith(f"{word} :")]


def add(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_battlefight_basic_techniques_of_a_designer_clash_with_the_shipped_ones(tmp_path, monkeypatch):
    folder = init(tmp_path, monkeypatch, "battlefight")
    (folder / "base.atout").write_text(
        "BattleFight : techniques de base\n\n== Coup Bas ==\nAttaque\nCorps à Corps ; Blesser 2\n\n== Garde ==\nDéfense\nBloquer 2\n",
        encoding="utf-8",
    )
    (problem,) = problems(folder)
    assert (problem["code"], problem["file"]) == ("E301", "mon-set/extension.atout")
    assert 'Attaque: 2, "Attaque de base" (the base\'s) and "Coup Bas"' in problem["message"]
    assert 'Défense: 2, "Défense de base" (the base\'s) and "Garde"' in problem["message"]
    lines = pasted(problem["message"], "Sans")
    assert lines == ["Sans : Attaque de base", "Sans : Défense de base"]
    add(folder / "extension.atout", "".join(line + "\n" for line in lines))
    assert problems(folder) == []


def test_cordes_counts_off_are_one_message_with_the_rules_lines_to_write(tmp_path, monkeypatch):
    folder = init(tmp_path, monkeypatch, "cordes")
    add(folder / "my-cards.atout", "\n== Garde Haute ==\nDEFENSE · cost 1 · 2 copies\nAgainst an attack you dodge the blow\n")
    (folder / "rules.atout").write_text("Dans les Cordes : rules\n", encoding="utf-8")
    (problem,) = problems(folder)
    assert (problem["code"], problem["file"]) == ("E301", "mon-set/expansion.atout")
    assert pasted(problem["message"], "ATTACK cards") == ["ATTACK cards : 18"]
    assert pasted(problem["message"], "DEFENSE cards") == ["DEFENSE cards : 17"]
    add(folder / "rules.atout", "ATTACK cards : 18\nDEFENSE cards : 17\n")
    assert problems(folder) == []


def test_cordes_shipped_restrictions_naming_left_out_blows_are_told_at_the_expansion(tmp_path, monkeypatch):
    folder = init(tmp_path, monkeypatch, "cordes")
    (folder / "rules.atout").write_text("Dans les Cordes : rules\nATTACK cards : 7\n", encoding="utf-8")
    add(folder / "expansion.atout", "Without : Jab\nWithout : Cross\n")
    found = problems(folder)
    (restriction,) = [p for p in found if p["code"] == "E400"]
    assert restriction["file"] == "mon-set/expansion.atout"
    assert '"Cross-Counter" answers blows of type "Jab" or "Cross"' in restriction["message"]
    assert pasted(restriction["message"], "Without") == ["Without : Cross-Counter"]
    # leaving it out changes a count of the box: the message says so at once
    assert pasted(restriction["message"], "RIPOSTE cards") == ["RIPOSTE cards : 5"]
    add(folder / "expansion.atout", "Without : Cross-Counter\n")
    add(folder / "rules.atout", "RIPOSTE cards : 5\n")
    assert problems(folder) == []


def test_dragons_a_band_of_the_designer_that_leaves_shipped_cards_out_is_one_message_at_its_line(tmp_path, monkeypatch):
    folder = init(tmp_path, monkeypatch, "dragons")
    (folder / "regles.atout").write_text("Duel de dragons : règles\nTotal Rare : 200 à 229\n", encoding="utf-8")
    (problem,) = problems(folder)
    assert (problem["code"], problem["file"], problem["line"]) == ("E301", "mon-set/regles.atout", 2)
    assert problem["message"].startswith('6 Rare cards of the base total outside 200 to 229 ("Total Rare" in the rules):')
    assert 'write "Total Rare : 185 à 229" in the rules' in problem["message"]
    assert len(pasted(problem["message"], "Sans")) == 6
    (folder / "regles.atout").write_text("Duel de dragons : règles\nTotal Rare : 185 à 229\n", encoding="utf-8")
    assert problems(folder) == []


def test_a_replaced_card_is_named_as_shipped_not_by_where_atout_is_installed(tmp_path, monkeypatch):
    folder = init(tmp_path, monkeypatch, "cordes")
    add(folder / "my-cards.atout", "\n== Second Souffle ==\nRECOVERY · cost 0 · 4 copies\n+1 energy\n")
    result = run("validate", str(folder))
    assert "(cordes/recoveries.atout:10, as shipped)" in result.output
    assert str(CARDS_DIR) not in result.output


def test_several_cards_left_out_on_one_line_are_told_to_take_one_line_each(tmp_path, monkeypatch):
    """`Without : Jab, Cross` names no card (a title may hold a comma): the message gives the lines to write, in the file's own words."""
    folder = init(tmp_path, monkeypatch, "cordes")
    add(folder / "expansion.atout", "Without : Jab, Cross\n")
    (problem,) = [p for p in problems(folder) if p["code"] == "E303"]
    assert problem["message"] == 'no card of the base is named "Jab, Cross": to leave out several cards, write one line for each (Without : Jab / Without : Cross)'
    (folder / "expansion.atout").write_text((folder / "expansion.atout").read_text(encoding="utf-8").replace("Without : Jab, Cross\n", "Without : Jab, Crosz\n"), encoding="utf-8")
    (problem,) = [p for p in problems(folder) if p["code"] == "E303"]
    assert problem["message"].endswith("only a card of the base can be left out")


def test_a_refused_base_is_the_one_problem_told_not_what_the_base_would_have_brought(tmp_path, monkeypatch):
    """An extension whose base cannot be laid gets its E302 alone: no E400 for each card its lists take from the base, no E503 for each rule the base would give."""
    folder = init(tmp_path, monkeypatch, "dragons")
    extension = folder / "extension.atout"
    extension.write_text(extension.read_text(encoding="utf-8") + "Base : ../nulle-part\n", encoding="utf-8")
    found = problems(folder)
    assert [p["code"] for p in found] == ["E302"], [p["message"] for p in found]
    extension.write_text(extension.read_text(encoding="utf-8").replace("Base : ../nulle-part\n", ""), encoding="utf-8")
    add(folder / "ma-collection.atout", "1 Dragon Inconnu\n")  # with its base, a name the set does not hold is told again
    assert [p["code"] for p in problems(folder)] == ["E400"]
