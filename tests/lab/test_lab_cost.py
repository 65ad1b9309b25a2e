"""The lab's fast path reads the same games as a straightforward reading of them.

`play_one` plays a study's game with the decisions answered inside the
state (as a game nobody watches is played) and reads each action's events
as they are handed over at the next decision. The reference here plays the
same game with every decision going out to the player loop (an
`on_decision` listener turns answering inside off) and reads each action's
events as `apply` returns them, with the state after it: the plainest way
to read a game (for a game that keeps a ledger, `State.ledger`: each event
read as it is made, by a debugger's observer, with the turn then). Both
must give the same `GameResult`, field by field, for every game, both
seatings, random and heuristic bots.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.interpreter.api import load_game
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.state import Event, State
from atout.interpreter.lab.run import GameResult, _built, play_one, study_of

from .test_ledger import SHOWN

GAMES = ("battlefight", "cordes", "cardia", "dragons")


def straightforward(study: Any, index: int) -> GameResult:
    """Game `index` of `study` played through the player loop, each event read as it comes: what `play_one` must give."""
    built = _built(study)
    seed, swapped = study.game_plan(index)
    game = built.games[int(swapped)]
    makers = built.makers[::-1] if swapped else built.makers
    players = [maker(seeded(seed, f"P{seat + 1}")) for seat, maker in enumerate(makers)]
    traits = built.engine.lab
    cards: list[dict[str, list[Any]]] = [{}, {}]
    leads: list[float] = []
    states: list[State] = []

    def count(seat: int, name: str, use: str, state: State) -> None:
        entry = cards[seat].setdefault(name, [0, 0, None, 0, 0])
        entry[0] = 1
        if use == "played":
            entry[1] += 1
            entry[4] += state.turn
            if entry[2] is None:
                entry[2] = state.turn
        elif use == "opening":
            entry[3] = 1

    def observe(state: State, event: Event) -> None:  # each card as its event is made, in the turn then
        for seat, name, use in SHOWN[study.game](event, state):
            count(seat, name, "opening" if use == "drawn" and not state.turn else "held" if use == "drawn" else use, state)

    def start(state: State) -> None:
        states.append(state)
        state.observer = observe

    played = play_game(
        game,
        players,
        seed,
        on_start=start,
        on_decision=lambda state, decision, index: None,
        on_turn=(lambda state: leads.append(traits.lead(state))) if traits.lead is not None else None,
    )
    if traits.pool is not None:
        for seat, names in enumerate(traits.pool(played.state)):
            for name in names:
                cards[seat].setdefault(name, [0, 0, None, 0, 0])
    if traits.lead is not None:
        leads.append(traits.lead(played.state))
    setup = game.setup()
    return GameResult(
        study=0,
        index=index,
        seed=seed,
        swapped=swapped,
        bots=list(study.bots[::-1] if swapped else study.bots),
        winner=played.outcome.winner,
        first=played.state.first_player,
        turns=played.turns,
        actions=played.actions,
        code=played.outcome.code,
        sides=traits.sides(setup),
        conditions=traits.conditions(setup),
        leads=leads,
        cards=cards,
        pooled=traits.pool is not None,
    )


def _same(study: Any, games: range) -> int:
    """Compare `play_one` with the reference over `games`; the number of card entries compared."""
    compared = 0
    for index in games:
        fast = play_one(study, 0, index).as_json()
        plain = straightforward(study, index).as_json()
        assert fast == plain, (study.game, study.bots, index)
        compared += sum(len(seat) for seat in fast["cards"])
    return compared


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_random_games_read_fast_are_the_games_read_plainly(name):
    study = study_of(load_game(name), ("random", "random"), 400, seed=11)
    assert _same(study, range(400)) > 400


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_games_read_fast_are_the_games_read_plainly(name):
    """A heuristic seat's decisions go out to the player loop, the random seat's and chance's are answered inside."""
    study = study_of(load_game(name), ("heuristic", "random"), 12, seed=5)
    assert _same(study, range(12)) > 12


@pytest.mark.parametrize("name", GAMES)
def test_a_played_card_s_turn_is_the_turn_after_its_action(name):
    """The turns the lab keeps are those the plain reading gives, not the turn the event was made in (they differ at a turn's last action)."""
    study = study_of(load_game(name), ("random", "random"), 60, seed=3)
    turns = [entry[4] for index in range(60) for seat in play_one(study, 0, index).cards for entry in seat.values()]
    assert sum(turns) > 0
    _same(study, range(60))


def test_the_dragons_score_tables_stay_within_their_bounds_and_change_no_game(monkeypatch):
    """Heuristic games of Duel de dragons played with the score's tables kept tiny are the same games, and the tables keep their bounds."""
    from atout.interpreter.games.dragons import score

    study = study_of(load_game("dragons"), ("heuristic", "random"), 8, seed=2)
    kept = [play_one(study, 0, index).as_json() for index in range(8)]
    assert all(len(table) <= score.AGAINST_HANDS for table in score._AGAINST.values())
    assert all(len(table) <= score.PAIRS for table in score._PAIRS.values())
    monkeypatch.setattr(score, "AGAINST_HANDS", 3)
    monkeypatch.setattr(score, "PAIRS", 10)
    score._AGAINST.clear()
    score._PAIRS.clear()
    score.lead_chance.cache_clear()
    renewed = 0
    for index in range(8):
        assert play_one(study, 0, index).as_json() == kept[index], index
        assert all(len(table) <= 3 for table in score._AGAINST.values()) and all(len(table) <= 10 for table in score._PAIRS.values())
        renewed += sum(len(table) for table in score._PAIRS.values())
    assert renewed > 0 and score.lead_chance.cache_info().maxsize <= 20_000


def test_a_dragons_seat_s_collection_is_what_is_left_of_it_its_reserve_and_its_hand():
    """The lab reads each seat's cards once per duel's game: the same names as the zones hold as the game ends, both seatings."""
    from atout.interpreter.games.dragons.lab import pool

    study = study_of(load_game("dragons"), ("random", "random"), 120, seed=7)
    built = _built(study)
    for index in range(120):
        seed, swapped = study.game_plan(index)
        players = [maker(seeded(seed, f"P{seat + 1}")) for seat, maker in enumerate(built.makers[::-1] if swapped else built.makers)]
        state = play_game(built.games[int(swapped)], players, seed).state
        zones = [{state.names[card] for card in (*state.left[seat].cards(), *state.reserve[seat].cards(), *state.hands[seat])} for seat in (0, 1)]
        assert [set(names) for names in pool(state)] == zones, index
        assert all(len(set(names)) == len(names) for names in pool(state))


@pytest.mark.parametrize("name", GAMES)
def test_a_game_the_lab_reads_is_freed_as_soon_as_it_is_read(name):
    """Nothing of a game the lab played is left in a reference cycle: it is freed at once, not by the cycle collector's passes."""
    import gc

    study = study_of(load_game(name), ("random", "random"), 20, seed=4)
    play_one(study, 0, 0)
    gc.collect()
    gc.disable()
    try:
        results = [play_one(study, 0, index) for index in range(20)]
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert sum(len(seat) for result in results for seat in result.cards) > 20
