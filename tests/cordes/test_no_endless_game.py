"""Dans les Cordes rules where no card is ever drawn: refused, and bounded all the same.

With both "Cards drawn …" values at 0, nobody draws during the game, the GONG
never comes, and once the hands are empty each turn is a single-option
question ("End the turn") taken without asking anybody: the game used to loop
for ever without returning to its caller.
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cordes.game import CordesGame
from atout.interpreter.language.loader import read_document

START = "Cards drawn at the start of a turn"
END = "Cards drawn at the end of a turn without play"


def rules_text(cards_dir, **values) -> str:
    """The shipped rules file's text with some values changed (by printed name)."""
    text = (cards_dir / "cordes" / "rules.atout").read_text(encoding="utf-8")
    lines = text.splitlines()
    for name, value in values.items():
        printed = name.replace("_", " ")
        index = next(i for i, line in enumerate(lines) if line.startswith(printed))
        lines[index] = f"{printed} : {value}"
    return "\n".join(lines) + "\n"


def test_rules_that_never_draw_a_card_are_refused_at_the_second_value(cards_dir):
    text = rules_text(cards_dir, **{START: 0, END: 0})
    document = read_document("rules.atout", text, LANGUAGES)
    (problem,) = document.diagnostics
    line = text.splitlines().index(f"{END} : 0") + 1
    assert (problem.code, problem.file, problem.line, problem.column) == ("E501", "rules.atout", line, len(END) + 4)
    assert problem.message.startswith(f'{END} "0": with "{START}" at 0 too, no card is ever drawn')
    assert "the GONG never comes and the game cannot end" in problem.message


@pytest.mark.parametrize("start, end", [(1, 0), (0, 1)])
def test_one_draw_is_enough(cards_dir, start, end):
    document = read_document("rules.atout", rules_text(cards_dir, **{START: start, END: end}), LANGUAGES)
    assert document.diagnostics == []


@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "random")])
def test_a_game_that_never_draws_ends_at_the_bound_on_actions(cards_dir, cordes_files, cordes_engine, bots):
    # The rules a program could still build (validation refuses them in a file):
    # the bound set in the rules file stops the game, looping or not.
    document = read_document("rules.atout", rules_text(cards_dir, **{"Actions per game at most": 300}), LANGUAGES)
    rules = document.rules.model_copy(update={"draw_at_start": 0, "draw_at_end": 0})
    cards = {card.name: card for file in cordes_files.card_files for card in file.cards}
    game = CordesGame(rules, cards, ("Karpentier", "Lewis"))
    players = [cordes_engine.bots[kind](seeded(3, f"P{i + 1}")) for i, kind in enumerate(bots)]
    events: list[dict] = []
    played = play_game(game, players, 3, on_event=events.append)
    outcome = played.state.outcome()
    assert outcome.winner is None
    assert outcome.reason == "the limit of 300 actions per game is reached (Actions per game at most)"
    assert [e["e"] for e in events[-2:]] == ["action_limit", "end"]
    assert not any(e["e"] == "gong" for e in events) and played.state.gongs == 0  # the GONG never came
    if bots[0] == "random":
        # the hands empty, then every turn is a single option taken at once:
        # far fewer decisions were asked than actions counted
        assert played.actions < 300
