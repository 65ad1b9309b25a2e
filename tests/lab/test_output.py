"""What `atout simulate` prints: a CSV alone on standard output, sides told apart, no card row hidden without a word."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.lab.report import CSV_FIELDS, shown_cards, text
from atout.interpreter.lab.run import GameResult, Study
from atout.interpreter.lab.summary import Summary


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


# ---------------------------------------------------------------------------
# --csv -
# ---------------------------------------------------------------------------


def test_csv_to_standard_output_is_the_whole_of_standard_output():
    result = run("simulate", "cordes", "--games", "4", "--seed", "2", "--csv", "-")
    assert result.exit_code == 0, result.output
    reader = csv.reader(io.StringIO(result.stdout))
    header, *rows = list(reader)
    assert header == CSV_FIELDS
    assert len(rows) == 4 and all(len(row) == len(CSV_FIELDS) for row in rows)
    assert [row[CSV_FIELDS.index("seed")] for row in rows] == ["2", "2", "3", "3"]
    assert "games: 4" in result.stderr.splitlines()  # the summary is still there, for the person at the terminal


def test_csv_and_json_cannot_both_have_standard_output():
    result = run("simulate", "cordes", "--games", "4", "--csv", "-", "--format", "json")
    assert result.exit_code == 2
    assert "--csv - and --format json both write to standard output" in result.output


# ---------------------------------------------------------------------------
# Sides with the same name
# ---------------------------------------------------------------------------


def _win_lines(stdout: str) -> list[str]:
    return [line.strip().split("  ")[0] for line in stdout.splitlines() if " wins " in line and line.startswith("  ")]


def test_two_sides_with_the_same_bot_are_told_apart():
    result = run("simulate", "cordes", "--games", "4", "--p1", "heuristic", "--p2", "heuristic")
    assert result.exit_code == 0, result.output
    assert _win_lines(result.stdout) == ["heuristic (side A) wins", "heuristic (side B) wins"]


def test_two_different_bots_keep_their_plain_names():
    result = run("simulate", "cordes", "--games", "4", "--p1", "heuristic", "--p2", "random")
    assert _win_lines(result.stdout) == ["heuristic wins", "random wins"]


def test_side_labels():
    files = {"shipped": {}, "designer": {}}
    assert Study("cordes", files, {}, ("mcts", "mcts"), 2).side_labels() == ("mcts (side A)", "mcts (side B)")
    assert Study("cordes", files, {}, ("mcts", "random"), 2).side_labels() == ("mcts", "random")
    decks = Study("battlefight", files, {}, ("heuristic", "heuristic"), 2, sides=("le-renard", "le-lutteur"))
    assert decks.side_labels() == ("le-renard (heuristic)", "le-lutteur (heuristic)")


# ---------------------------------------------------------------------------
# The card ranking
# ---------------------------------------------------------------------------

STUDY = Study("cordes", {"shipped": {}, "designer": {}}, {}, ("heuristic", "heuristic"), 2)
#: Twenty cards, "Carte 00" the best when played, "Carte 19" the worst.
NAMES = [f"Carte {n:02d}" for n in range(20)]


def _summary(names: list[str] = NAMES, idle: tuple[str, ...] = ()) -> Summary:
    """Two games; P1 wins both. P1 plays the first cards, P2 the others: the ranking follows the names."""
    cards: list[dict[str, list]] = [{}, {}]
    for number, name in enumerate(names):
        cards[number * 2 // len(names)][name] = [1, 1, 1]
    for name in idle:
        cards[1][name] = [1, 0, None]
    results = [GameResult(study=0, index=i, seed=0, swapped=False, bots=["heuristic", "heuristic"], winner=0, first=0, turns=5, actions=9, code="ko", cards=cards) for i in range(2)]
    return Summary(STUDY, results)


def _rows(lines: list[str]) -> list[str]:
    """The names of the card rows shown."""
    return [name for line in lines for name in NAMES + ["Nouvelle"] if f" {name} " in line and line.startswith(("  * ", "    "))]


def test_the_rows_left_out_are_counted_and_the_way_to_see_them_all_is_said():
    lines = text(_summary(), cards_shown=4)
    assert _rows(lines) == ["Carte 00", "Carte 01", "Carte 18", "Carte 19"]
    assert "  … 16 cards not shown (ranked 3 to 18)" in lines
    assert "  (16 of 20 cards not shown: --cards-shown 0 shows them all)" in lines


def test_cards_shown_zero_shows_every_card():
    lines = text(_summary(), cards_shown=0)
    assert _rows(lines) == NAMES
    assert not any("not shown" in line for line in lines)


def test_the_designer_s_cards_are_never_hidden():
    own = frozenset({"Carte 07", "Carte 12", "Nouvelle"})
    lines = text(_summary(), cards_shown=2, own=own)
    assert _rows(lines) == ["Carte 00", "Carte 07", "Carte 12", "Carte 19"]
    gaps = [line for line in lines if line.startswith("  … ")]
    assert gaps == ["  … 6 cards not shown (ranked 2 to 7)", "  … 4 cards not shown (ranked 9 to 12)", "  … 6 cards not shown (ranked 14 to 19)"]
    assert "  (16 of 20 cards not shown: --cards-shown 0 shows them all)" in lines
    assert "your cards never held in these games: Nouvelle" in lines  # a card of the designer's no game dealt


def test_cards_held_and_never_played_are_listed():
    lines = text(_summary(NAMES[:3], idle=("Dormante",)))
    assert "  held but never played: Dormante (2 seats)" in lines


def test_the_command_s_default_is_the_report_s():
    from atout.cli.lab import simulate
    from atout.interpreter.lab.report import TEXT_CARDS

    (option,) = [param for param in simulate.params if param.name == "cards_shown"]
    assert option.default == TEXT_CARDS


def test_shown_cards_splits_the_limit_between_the_two_ends():
    ranked = _summary().cards()
    assert shown_cards(ranked, 3).count(True) == 3 and shown_cards(ranked, 3)[:2] == [True, True] and shown_cards(ranked, 3)[-1]
    assert all(shown_cards(ranked, 20)) and all(shown_cards(ranked, 0))


CARDS = """Dans les Cordes : cards

""" + "".join(f"== Haymaker {n} ==\nATTACK · cost {1 + n % 3} · 1 copy\n-{1 + n % 2} life to the opponent\n-1 energy to you\n\n" for n in range(1, 15))


def test_a_designer_s_fourteen_new_cards_are_all_shown(tmp_path: Path):
    """The issue's case: 14 new Cordes cards in a designer's folder; the ranking hid 6 of them."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "expansion.atout").write_text("Dans les Cordes : expansion\n", encoding="utf-8")
    (folder / "my-cards.atout").write_text(CARDS, encoding="utf-8")
    (folder / "rules.atout").write_text("Dans les Cordes : rules\n\nATTACK cards : 31\n", encoding="utf-8")
    result = run("simulate", "cordes", "--cards", str(folder), "--games", "16", "--seed", "1", "--cards-shown", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for n in range(1, 15):
        named = re.compile(rf"\bHaymaker {n}\b(?! ?\d)")
        assert any(named.search(line) and line.startswith(("  * ", "    ")) for line in lines) or any(
            line.startswith(("  held but never played:", "your cards never held")) and named.search(line) for line in lines
        ), n
    assert any("--cards-shown 0 shows them all" in line for line in lines)


def test_the_html_report_lists_the_cards_held_and_never_played_too():
    from atout.interpreter.lab.report import html_page

    page = html_page([_summary(NAMES[:3], idle=("Dormante",))])
    table = page[page.index('<section class="cards">') :]
    assert "<td>Dormante</td>" in table and all(f"<td>{name}</td>" in table for name in NAMES[:3])
