"""Every game ends the same way: `finish` gives the outcome and the one `end` event."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.state import Outcome
from atout.interpreter.games import ENGINES


def test_outcomes_are_equal_by_winner_and_reason_whatever_their_code_and_facts():
    assert Outcome(0, "P2 is KO", "ko", {"loser": 1}) == Outcome(0, "P2 is KO")
    assert Outcome(0, "P2 is KO") != Outcome(1, "P2 is KO")
    assert Outcome(0, "P2 is KO", "ko", {"loser": 1}).as_json() == {"winner": 0, "reason": "P2 is KO"}


@pytest.mark.parametrize("name", sorted(ENGINES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_ends_with_one_end_event_that_says_its_outcome(name, seed):
    engine = ENGINES[name]
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, {}))
    players = [engine.bots["random"](seeded(seed, f"P{i + 1}")) for i in range(2)]
    events: list[dict] = []
    played = play_game(game, players, seed, on_event=events.append)
    outcome = played.state.outcome()
    ends = [e for e in events if e["e"] == "end"]
    assert outcome is not None and played.state.decision() is None
    assert ends == [events[-1]]
    assert (ends[0]["winner"], ends[0]["reason"]) == (outcome.winner, outcome.reason)
    assert ends[0] == {"e": "end", **played.state.end_facts(outcome)}
