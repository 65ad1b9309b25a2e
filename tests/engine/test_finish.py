"""Every game ends the same way: `finish` gives the outcome and the one `end` event."""

from __future__ import annotations

import pickle

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.state import Outcome
from atout.interpreter.games import ENGINES


def test_outcomes_are_equal_by_winner_and_reason_whatever_their_code_and_facts():
    assert Outcome(0, "P2 is KO", "ko", {"loser": 1}) == Outcome(0, "P2 is KO")
    assert Outcome(0, "P2 is KO") != Outcome(1, "P2 is KO")
    assert Outcome(0, "P2 is KO", "ko", {"loser": 1}).as_json() == {"winner": 0, "code": "ko", "facts": {"loser": 1}}
    assert Outcome(0, "P2 is KO", "ko", {"loser": 1}).as_json_v1() == {"winner": 0, "reason": "P2 is KO"}
    assert Outcome(None, "they stopped").as_json() == {"winner": None, "code": "text", "facts": {"reason": "they stopped"}}


class _Commentary:
    """A game's commentary that counts the reasons it writes."""

    def __init__(self) -> None:
        self.written = 0

    def outcome_text(self, winner, code, facts):
        self.written += 1
        return f"P{2 - winner} is KO after {facts['rounds']} rounds"


def test_an_outcome_s_reason_is_written_when_first_read_then_kept():
    # most games end unread (a balance study, a bot's tries): their reason is written only if someone reads it
    game = _Commentary()
    outcome = Outcome(0, None, "ko", {"rounds": 3}, game=game)
    assert game.written == 0 and outcome.winner == 0 and outcome.as_json() == {"winner": 0, "code": "ko", "facts": {"rounds": 3}}
    assert game.written == 0
    assert outcome.reason == "P2 is KO after 3 rounds" and outcome.reason is outcome.reason and game.written == 1
    assert outcome == Outcome(0, "P2 is KO after 3 rounds") and hash(outcome) == hash(Outcome(0, "P2 is KO after 3 rounds"))
    sent = pickle.loads(pickle.dumps(Outcome(1, None, "ko", {"rounds": 4}, game=game)))  # sent with its text, not its game
    assert sent.reason == "P1 is KO after 4 rounds" and sent.facts == {"rounds": 4} and game.written == 2
    with pytest.raises(AttributeError, match="does not change"):
        outcome.winner = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="needs its reason"):
        Outcome(0)


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
    assert ends[0]["winner"] == outcome.winner and "reason" not in ends[0]  # no prose in the trace
    assert outcome.reason in game.render(ends[0])  # the commentary writes it from the code and facts
    expected = {key: value for key, value in played.state.end_facts(outcome).items() if key != "reason"}
    assert ends[0] == {"e": "end", **expected}


#: The codes each game gives its outcomes (the action bounds' "action_limit" aside).
CODES = {
    "battlefight": {"both_fell", "off_board", "no_life", "turn_limit", "repetition"},
    "cardia": {"seals", "factions", "streak", "ability", "no_card", "no_card_both", "no_progress", "turn_limit"},
    "cordes": {"ko", "double_ko", "last_gong", "nothing_left"},
    "dragons": {"score", "decisive_ties", "worn_out", "safety"},
}


@pytest.mark.parametrize("name", sorted(CODES))
def test_every_outcome_has_a_code_and_its_facts_agree_with_the_reason(name):
    engine = ENGINES[name]
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, {}))
    for seed in range(1, 7):
        bots = [engine.bots["heuristic" if seed % 2 else "random"](seeded(seed, f"P{i + 1}")) for i in range(2)]
        outcome = play_game(game, bots, seed).state.outcome()
        assert outcome.code in CODES[name] | {"action_limit"}, (seed, outcome)
        # the text a record's reader renders from the code and facts is the one the game wrote
        assert game.outcome_text(outcome.winner, outcome.code, outcome.facts) == outcome.reason, (seed, outcome)
        if "loser" in outcome.facts:
            assert f"P{outcome.facts['loser'] + 1}" in outcome.reason and outcome.winner == 1 - outcome.facts["loser"]
        if "score" in outcome.facts:
            low, high = sorted(outcome.facts["score"])
            assert f"{high}–{low}" in outcome.reason
        if "life" in outcome.facts:
            assert all(f"{life}" in outcome.reason for life in outcome.facts["life"])
