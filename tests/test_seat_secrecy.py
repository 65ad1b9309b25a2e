"""A seat's outputs hold nothing its player cannot see, for every registered game.

One check, with no code of any game: games between bots are recorded, then
replayed as `atout view --seat` replays them. Before every action the
position is dealt anew for each seat (`State.resample`: what the seat
cannot see, the other hand, the pile, a card chosen in secret, drawn again
from what the seat may know), and every output that takes a seat is made
from the real position and from the new one:

- the viewer's step (`atout view --seat`): the heading of the action, its
  commentary, the state after it and its picture;
- the terminal of a person at that seat (`HumanPlayer`): the state and the
  prompt with its options, at each of the seat's decisions;
- the state as the seat sees it (the viewer's first step, the terminal's
  `show`), at every position.

Positions the seat cannot tell apart must give byte-identical outputs. For
the action itself, the seat's own answer is played on each position dealt
anew; chance's and the other player's, whose question a deal anew leaves as
it was posed, are replaced by every other answer they could have given at
the real position (any card the other boxer could draw, any card chosen in
secret, any place of the GONG). Every answer after which the seat is told
the same (the commentary as the seat reads it) and sees the same state must
give the same step: the same heading, the same picture. What the commentary
itself may name is checked per game by `test_views.py`. (`atout replay
--show` takes no seat: it prints everything, for the designer.)
"""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest

from atout.interpreter.engine.human import HumanPlayer
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import View
from atout.interpreter.engine.record import RecordWriter, read_records
from atout.interpreter.engine.replay import replay, start
from atout.interpreter.games import ENGINES
from atout.interpreter.pages.viewer import heading, step_of

#: The games each game plays here: a seed, the bots of P1 and P2, and the setup: the game's default
#: (None), or its first example of options (`GameEngine.option_examples`: BattleFight's sealed and random decks).
GAMES = [(5, ("random", "heuristic"), None), (3, ("random", "heuristic"), 0)]
#: How many deals anew each position gets, per seat.
DEALS = 2


def recorded(engine, seed: int, bots: tuple[str, str], example: int | None, folder: Path) -> Path:
    """A game of `engine` with its default setup or an example of options, played between two bots, recorded in `folder`."""
    files = load_files(engine.language)
    examples = engine.option_examples(files)
    given = examples[example] if example is not None and example < len(examples) else {}
    setup = engine.setup_from_options(files, check_options(engine.options, files, given, engine.name))
    game = engine.build(files, setup)
    bots = tuple(bot if bot in engine.bots else "random" for bot in bots)
    path = folder / f"{engine.name}-{seed}.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        play_game(game, [engine.bots[bot](seeded(seed, f"P{seat + 1}")) for seat, bot in enumerate(bots)], seed, writer=RecordWriter(stream))
    return path


def terminal(state, decision, seat: int) -> str:
    """What a person at `seat` reads at the prompt of `decision`: the state as they see it, the options
    and what the seat's view tells of them (a technique that would fail)."""
    person = HumanPlayer(seat, state.describe, read=lambda prompt: "1")
    person.colour = False
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        person.choose(decision, View(state, seat))
    return printed.getvalue()


def seen(game, engine, state, seat: int) -> tuple[str, str, list]:
    """The state as `seat` sees it: its text, its picture and its cards by zone (the viewer's faces)."""
    shown = step_of(game, engine, seat, "", [], state)
    return shown["state"], shown["picture"], shown["zones"]


class Tally:
    """How often the check compared a seat's outputs of two different games: positions dealt anew, other answers."""

    def __init__(self) -> None:
        self.deals = 0
        self.answers = 0


def check_action(game, engine, seat: int, number: int, before, index: int, tally: Tally) -> None:
    """The step of action `number` (answer `index` at `before`) for `seat`, against the answers of the positions it cannot tell apart."""
    decision = before.decision()
    turn = before.turn
    real = before.clone()
    events = real.apply(index)
    expected = step_of(game, engine, seat, heading(number, turn, decision, index, seat), events, real)
    truth = real.describe(None)
    positions = []
    for deal in range(DEALS):
        dealt = before.resample(seat, random.Random(deal))
        assert seen(game, engine, dealt, seat) == seen(game, engine, before, seat), f"{seat=} before action {number}: the state"
        again = dealt.decision()
        assert (again.player, again.kind) == (decision.player, decision.kind), f"{seat=} action {number}"
        if decision.player == seat:
            assert terminal(dealt, again, seat) == terminal(before, decision, seat), f"{seat=} action {number}: the prompt"
        positions.append((dealt, again))
        tally.deals += dealt.describe(None) != before.describe(None)
    if decision.player != seat:
        # chance and the other player answer at the real position (a deal anew keeps a pending question
        # as it was posed; the search bots deal anew only at their own questions): every other card
        # chance could draw, every other card the other player could choose
        positions = [(before, decision)]
    for position, asked in positions:
        for answer in [index] if asked.player == seat else range(len(asked.options)):
            other = position.clone()
            told = other.apply(answer)
            step = step_of(game, engine, seat, heading(number, turn, asked, answer, seat), told, other)
            if (step["commentary"], step["state"]) != (expected["commentary"], expected["state"]):
                continue  # the seat is told another story: it may see the rest otherwise
            assert step == expected, f"{seat=} action {number}: what the seat sees depends on what it cannot see"
            tally.answers += other.describe(None) != truth


@pytest.mark.parametrize("name", sorted(ENGINES))
@pytest.mark.parametrize(("seed", "bots", "example"), GAMES, ids=[f"seed{seed}-{'-'.join(bots)}" for seed, bots, _ in GAMES])
def test_a_seat_sees_the_same_whatever_it_cannot_see(tmp_path, name, seed, bots, example):
    engine = ENGINES[name]
    record = read_records(recorded(engine, seed, bots, example, tmp_path))[0]
    files = load_files(engine.language)
    tallies = [Tally(), Tally()]
    game, state = start(record, engine, files)
    steps = replay(record, engine, files, (game, state))  # plays on `state`, one action at each step
    for number, action in enumerate(record.actions, start=1):
        before = state.clone()
        for seat in (0, 1):
            check_action(game, engine, seat, number, before, action.index, tallies[seat])
        assert next(steps).index == action.index
    # the check is not empty: each seat was shown other games that it cannot tell from this one
    assert all(tally.deals + tally.answers > 0 for tally in tallies), [(t.deals, t.answers) for t in tallies]
