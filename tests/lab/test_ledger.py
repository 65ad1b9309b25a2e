"""The lab's ledger (`State.ledger`) holds exactly the cards a game's events show held or played, each in the turn it was shown.

A game appends each card a seat comes to hold, holds in its opening hand
or plays, where it shows it; the lab plays the game as quietly as one
nobody watches and reads the ledger once. Here the same games are watched too: a debugger's
observer sees every event as it is made, with the turn then, and the cards
those events show (the game's rules for what is held and played, written
here from its log) must be the ledger, entry for entry. Heuristic games
are among them: a bot's trials, played on copies, write nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.api import load_game
from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.registry import find_engine


def _cordes(event: dict[str, Any], state: Any) -> list[tuple[int, str, str]]:
    """Dans les Cordes: a card drawn, taken into a hand or kept after a look is held (drawn: in the opening hand before the first turn); a card played is played. A blow taken is no card held."""
    kind = event["e"]
    if kind == "draw":
        return [(event["player"], event["card"], "drawn")]
    if kind == "move":
        return [(seat, event["card"], "held") for seat in (0, 1) if event["to"] == f"{seat_name(seat)}'s hand"]
    if kind == "keep":
        return [(event["player"], event["card"], "held")]
    if kind == "play":
        return [(event["player"], event["card"], "played")]
    return []


def _battlefight(event: dict[str, Any], state: Any) -> list[tuple[int, str, str]]:
    """BattleFight: a card drawn is held (in the opening hand before the first turn); a technique played from the hand, not a basic one, is played."""
    if event["e"] == "draw":
        return [(event["player"], event["card"], "drawn")]
    if event["e"] == "play" and not event["basic"]:
        return [(event["player"], event["technique"], "played")]
    return []


def _cardia(event: dict[str, Any], state: Any) -> list[tuple[int, str, str]]:
    """Duel pour Cardia: a card drawn is held (in the opening hand before the first turn); the two cards of an encounter, revealed, are played."""
    if event["e"] == "draw":
        return [(event["player"], event["card"], "drawn")]
    if event["e"] == "reveal":
        return [(seat, card, "played") for seat, card in enumerate(event["cards"])]
    return []


def _dragons(event: dict[str, Any], state: Any) -> list[tuple[int, str, str]]:
    """Duel de dragons: the hand drawn before the first round is the opening hand; a card swapped in, or a power's card put into the hand, is held; the two revealed are played."""
    kind = event["e"]
    if kind == "prepared":
        return [(event["player"], card, "drawn") for card in event["hand"]]
    if kind == "swap" or (kind == "move" and event["to"] == "main"):
        return [(event["player"], event["card"], "held")]
    if kind == "reveal":
        return [(seat, card, "played") for seat, card in enumerate(event["cards"])]
    return []


SHOWN = {"battlefight": _battlefight, "cordes": _cordes, "cardia": _cardia, "dragons": _dragons}


def test_every_game_with_a_lab_is_checked_here():
    assert {name for name in ("battlefight", "cordes", "cardia", "dragons") if find_engine(name).lab is not None} == set(SHOWN)


def _watched(name: str, bots: tuple[str, str], seed: int, cards: str | None = None) -> tuple[list[tuple[int, str, str, int]], list[tuple[int, str, str, int]]]:
    """One game played with a ledger and watched: (the ledger, the cards its events showed, with the turn each was made in)."""
    engine = find_engine(name)
    game = load_game(name, cards).game if cards else load_game(name).game
    players = [engine.bots[bot](seeded(seed, seat)) for bot, seat in zip(bots, ("P1", "P2"))]
    shown: list[tuple[int, str, str, int]] = []
    ledger: list[tuple[int, str, str, int]] = []

    def observe(state: Any, event: dict[str, Any]) -> None:
        shown.extend((seat, card, use, state.turn) for seat, card, use in SHOWN[name](event, state))

    def watch(state: Any) -> None:
        state.observer = observe

    play_game(game, players, seed, on_start=watch, ledger=ledger)
    return ledger, shown


@pytest.mark.parametrize("name", sorted(SHOWN))
@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "random")])
def test_the_ledger_is_the_cards_the_events_show(name, bots):
    entries = 0
    for seed in range(12 if bots[0] == "random" else 3):
        ledger, shown = _watched(name, bots, seed)
        assert ledger == shown, (name, bots, seed)
        entries += len(ledger)
    assert entries > 20


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_the_ledger_is_the_cards_the_events_show_with_the_example_cards(name):
    """The example sets' new forms too: cards put into a hand by a power, taken, kept (each game's `exemples`)."""
    folder = CARDS_DIR / name / "exemples"
    entries = 0
    for seed in range(12):
        ledger, shown = _watched(name, ("random", "random"), seed, str(folder))
        assert ledger == shown, (name, seed)
        entries += len(ledger)
    assert entries > 20


def test_the_setup_s_events_are_watched_too():
    """The observer is set before the first decision: the opening hand's draws (turn 0) are among the cards checked."""
    ledger, shown = _watched("cordes", ("random", "random"), 1)
    assert any(use == "drawn" and turn == 0 for _, _, use, turn in shown)
    assert any(use == "played" for _, _, use, _ in shown)


def test_blows_taken_were_among_the_games_checked():
    """The comparison above meets blows taken (a card the defender does not hold by it), so it would see one counted."""
    engine = find_engine("cordes")
    game = load_game("cordes").game
    taken = 0
    for seed in range(12):
        kinds: list[str] = []
        play_game(game, [engine.bots["random"](seeded(seed, "P1")), engine.bots["random"](seeded(seed, "P2"))], seed, on_event=lambda event: kinds.append(event["e"]))
        taken += kinds.count("take")
    assert taken > 10
