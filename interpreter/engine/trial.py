"""Trying options on copies of a position: how the heuristic bots value a card.

A heuristic bot keeps no model of what a card does. To value the options of
a decision, it draws a few positions it cannot tell from the real one
(`View.sample`), and on a copy of each, for each option, it *tries* the
option: it applies it, lets the game run on through the interpreter up to a
short horizon, and scores the position reached with the game's *position
score* (life, energy, seals, points, cards in hand: what a position is worth
to a seat, never what a card does). An option's value is the mean of its
scores over the samples; a new card is valued by what it does the day it is
written, since the interpreter plays it.

While the game runs on (`Trial.run`):

- chance draws by its options' weights, from a generator seeded once per
  sample, so that every option of a sample meets the same draws as far as
  the game goes alike (common random numbers: the options' difference is
  not noise);
- the other decisions are answered by the trial's `policy`, cheap by
  default (`greedy`: each option applied on a copy, the game run on through
  chance only, the position scored for whoever decides, the best taken);
- a decision the trial `spreads` (another seat's secret choice, made at the
  same time as the seat's own) is answered every way, and its options'
  results averaged: the other seat may play any of its cards, each as likely;
- the horizon: the game's end, the seat's next decision (`until`, the end of
  the option's resolution by default), `actions` decisions answered, or
  the first decision of the turn `turns` turns on (the positions drawn are
  told so, `State.horizon`: a game may leave out at that turn's start what
  only the turns after it would read).

An ended game scores `WIN` for its winner, `-WIN` for its loser, 0 for a
draw. The values are deterministic for a given generator: a bot seeded
alike chooses alike on any machine.
"""

from __future__ import annotations

import _random
import random
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .decision import Decision
from .mcts import Rng, draw
from .players import View
from .state import State

#: What winning is worth in a position score (a game won outweighs any position).
WIN = 1000.0


class Tape:
    """The 32-bit words `random.Random(seed)` gives, drawn once, as far as any reader of them has read.

    Each option of a try meets the same draws (see the module's docstring):
    each reads the same tape, through its own `Seeded`. So the generator is
    seeded once per try, not once per option, and only when a reader first
    draws: most tries meet no chance before their horizon.
    """

    __slots__ = ("seed", "words", "_rng")

    #: Words drawn at a time.
    CHUNK = 16
    #: The `CHUNK` 32-bit words of `4 * CHUNK` bytes, the first the lowest.
    _words = struct.Struct(f"<{CHUNK}I").unpack

    def __init__(self, seed: int) -> None:
        self.seed = seed
        #: The words drawn so far (only ever extended: readers keep this very list).
        self.words: list[int] = []
        self._rng: _random.Random | None = None

    def extend(self, length: int) -> None:
        """Draw words up to `length` at least.

        `CHUNK` words at a time, as one `getrandbits(32 * CHUNK)`: it is made
        of the same words, the first the lowest, which its bytes give back
        in order (a call instead of one per word). The generator is the one
        `random.Random` is made of (`_random.Random`), seeded directly: an
        int seeds both alike, and `random.Random`'s own seeding, written in
        Python, costs a fifth more (a heuristic bot seeds a tape per try).
        """
        rng = self._rng
        if rng is None:
            rng = self._rng = _random.Random(self.seed)
        draw = rng.getrandbits
        while len(self.words) < length:
            self.words += self._words(draw(32 * self.CHUNK).to_bytes(4 * self.CHUNK, "little"))


class Seeded:
    """A reader of a `Tape`: it draws exactly as `random.Random(seed)` would.

    `random()` and `getrandbits(k)` are made of the generator's 32-bit
    words as CPython makes them: `random()` of two words (27 and 26 bits),
    `getrandbits(k)` of `k` bits, the first word the lowest. A test checks
    both against `random.Random`.
    """

    __slots__ = ("_tape", "_words", "_at")

    def __init__(self, seed: int | Tape) -> None:
        tape = seed if isinstance(seed, Tape) else Tape(seed)
        self._tape = tape
        self._words = tape.words
        self._at = 0

    def random(self) -> float:
        """As `random.Random(seed).random()`, drawn after the draws made before."""
        at = self._at
        words = self._words
        if at + 2 > len(words):
            self._tape.extend(at + 2)
        self._at = at + 2
        return ((words[at] >> 5) * 67108864.0 + (words[at + 1] >> 6)) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int, /) -> int:
        """As `random.Random(seed).getrandbits(k)`, drawn after the draws made before."""
        if k <= 0:
            raise ValueError("number of bits must be greater than zero")
        count = (k - 1) // 32 + 1
        at = self._at
        words = self._words
        if at + count > len(words):
            self._tape.extend(at + count)
        self._at = at + count
        if count == 1:
            return words[at] >> (32 - k)
        value = 0
        for index in range(count):  # the first word the lowest; the last keeps its top bits
            word = words[at + index]
            if index == count - 1:
                word >>= 32 * count - k
            value |= word << (32 * index)
        return value


#: A position's worth to a seat (higher is better), from the game's quantities: never from a card's text.
Score = Callable[[State[Any], int], float]

#: Who answers the other decisions of a trial: an option's index, for the state's pending decision.
Policy = Callable[[State[Any], Decision, Rng], int]

#: When a trial stops: `(state, decision, seat, start_turn)` → True to stop before that decision (chance's too).
Until = Callable[[State[Any], Decision, int, int], bool]


def seat_decides(state: State[Any], decision: Decision, seat: int, start_turn: int) -> bool:
    """The default horizon: the seat's next decision (the option's resolution is over)."""
    return decision.player == seat


def first(state: State[Any], decision: Decision, rng: Rng) -> int:
    """A policy that always takes the first option."""
    return 0


def uniform(state: State[Any], decision: Decision, rng: Rng) -> int:
    """A policy that takes any option, each as likely."""
    return int(rng.random() * len(decision.options))


def never(decision: Decision, seat: int) -> bool:
    """No decision is spread."""
    return False


def others_secret(decision: Decision, seat: int) -> bool:
    """Spread another seat's secret choice: the seat cannot know it, each option is as likely."""
    return decision.secret and decision.player != seat


def settle(state: State[Any], rng: Rng) -> int:
    """Let chance answer until a seat decides or the game ends; how many draws it answered."""
    drawn = 0
    while (decision := state.decision()) is not None and decision.player < 0:
        state.apply(draw(decision, rng))
        drawn += 1
    return drawn


def outcome_score(state: State[Any], seat: int) -> float | None:
    """`WIN`, `-WIN` or 0 for an ended game, as `seat` sees it; None while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WIN if outcome.winner == seat else -WIN


class Greedy:
    """A policy that tries each option one step ahead (through chance) and takes the best for whoever decides.

    Ties go to the first option. A decision of a single option is answered at once.
    """

    __slots__ = ("score",)

    def __init__(self, score: Score) -> None:
        self.score = score

    def __call__(self, state: State[Any], decision: Decision, rng: Rng) -> int:
        return self.step(state, decision, rng)[0]

    def step(self, state: State[Any], decision: Decision, rng: Rng, own: bool = False) -> tuple[int, State[Any] | None]:
        """The option chosen, and the copy it was tried on when that try met no chance (else None).

        Such a copy is the very state `state.apply(option)` would give (a copy
        plays on alike): a trial goes on from it rather than applying the
        option again. A try that drew went on past the option with draws of
        its own, not the trial's.

        With `own`, the caller gives `state` up and goes on from the state
        returned: when a copy to go on from is already at hand, the last
        option is tried on `state` itself, not on a copy (if it wins, the
        state returned is `state` after it, or a copy made before the try
        drew).
        """
        count = len(decision.options)
        if count == 1:
            return 0, None
        seat = decision.player
        tape = Tape(rng.getrandbits(32))
        best, chosen, kept = None, 0, None
        last = count - 1
        for index in range(count):
            if own and index == last and kept is not None:
                value, drawn, before = self._try(state, index, seat, tape, keep_before=True)
                if value > best:  # type: ignore[operator]  # a copy is kept: a value was found before
                    return index, (before if drawn else state)
                return chosen, kept
            copy = state.clone()
            value, drawn, _ = self._try(copy, index, seat, tape)
            if best is None or value > best:
                best, chosen, kept = value, index, (None if drawn else copy)
        return chosen, kept

    def _try(self, position: State[Any], index: int, seat: int, tape: Tape, keep_before: bool = False) -> tuple[float, int, State[Any] | None]:
        """Apply option `index` to `position`, let chance answer from `tape`, score it for `seat`.

        The score, the draws answered, and (with `keep_before`, when chance
        answers next) a copy of the position made before the first draw.
        """
        position.apply(index)
        pending = position.decision()
        if pending is not None and pending.player < 0:  # chance answers next (most tries meet none: no reader made)
            before = position.clone() if keep_before else None
            drawn = settle(position, Seeded(tape))
        else:
            before, drawn = None, 0
        value = outcome_score(position, seat)
        return (self.score(position, seat) if value is None else value), drawn, before


def greedy(score: Score) -> Policy:
    """The `Greedy` policy of a position score."""
    return Greedy(score)


@dataclass(frozen=True)
class Trial:
    """How a game's heuristic bot tries options: its position score, who answers meanwhile, how far it looks."""

    #: The game's position score.
    score: Score
    #: Who answers the other decisions (the seat's own and the others'); `greedy(score)` when None.
    policy: Policy | None = None
    #: The decisions answered every way and averaged (at most one per try: the first met).
    spread: Callable[[Decision, int], bool] = others_secret
    #: Where a try stops (besides the game's end and `actions`).
    until: Until = seat_decides
    #: Positions drawn per decision (more where hidden cards matter).
    samples: int = 1
    #: The most decisions answered in one try after the option.
    actions: int = 30
    #: With a number, a try stops at the latest at the first decision of the turn that many turns
    #: after the one it starts in; the positions drawn are told so (`State.horizon`). None: no bound.
    turns: int | None = None
    _policy: Policy = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_policy", self.policy if self.policy is not None else greedy(self.score))

    def value(self, state: State[Any], seat: int) -> float:
        """The position's worth to `seat`: the game's result when it is over, else the position score."""
        ended = outcome_score(state, seat)
        return ended if ended is not None else self.score(state, seat)

    def run(self, state: State[Any], seat: int, rng: Rng, start_turn: int, spread: bool = True) -> float:
        """Play `state` on up to the horizon (see the module's docstring) and score it for `seat`.

        `state` is played on, or left for a copy that went on in its place
        (see `play`): only the score tells what the try reached.
        """
        return self.play(state, seat, rng, start_turn, spread)[0]

    def play(self, state: State[Any], seat: int, rng: Rng, start_turn: int, spread: bool = True) -> tuple[float, State[Any]]:
        """`run`'s score, and the position the try reached: `state` itself, or a copy that went on in its place.

        A copy goes on in its place when the `Greedy` policy tried the option
        it chooses without meeting chance: that copy is what applying the
        option would give, so it is not applied again. At a decision it
        spreads, each option but the last is played on a copy, the last on
        the position the try had reached, which is the one returned.
        """
        answered = 0
        horizon = None if self.turns is None else state.horizon
        policy = self._policy
        greedy = policy if type(policy) is Greedy else None
        until = None if self.until is seat_decides else self.until  # the default horizon, read in place
        while (decision := state.decision()) is not None:
            if decision.player == seat if until is None else until(state, decision, seat, start_turn):
                break
            if horizon is not None and state.turn >= horizon:  # (the game was told so: it may have left things out)
                break
            if decision.player < 0:
                state.apply(draw(decision, rng))
                continue
            if answered >= self.actions:
                break
            if spread and self.spread(decision, seat) and len(decision.options) > 1:
                tape = Tape(rng.getrandbits(32))
                total = 0.0
                last = len(decision.options) - 1
                for index in range(last + 1):
                    copy = state.clone() if index < last else state
                    copy.apply(index)
                    value, reached = self.play(copy, seat, Seeded(tape), start_turn, spread=False)
                    total += value
                return total / len(decision.options), reached
            if greedy is not None:
                index, after = greedy.step(state, decision, rng, own=True)
                if after is None:
                    state.apply(index)
                else:
                    state = after
            else:
                state.apply(policy(state, decision, rng))
            answered += 1
        return self.value(state, seat), state

    def values(self, decision: Decision, view: View, rng: random.Random, options: list[int] | None = None) -> list[float]:
        """Each option's mean score over `samples` positions drawn for the deciding seat (`options`: only these indices).

        The options not tried get no value (their place holds `-WIN * 2`).
        """
        seat = decision.player
        tried = range(len(decision.options)) if options is None else options
        totals = [0.0] * len(decision.options)
        last = len(tried) - 1
        for _ in range(self.samples):
            position = view.sample(rng)
            tape = Tape(rng.getrandbits(32))
            start = position.turn
            if self.turns is not None:
                position.horizon = start + self.turns
            for at, index in enumerate(tried):
                copy = position.clone() if at < last else position  # the sample itself serves for the last option
                copy.apply(index)
                totals[index] += self.run(copy, seat, Seeded(tape), start)
        missing = -2 * WIN
        chosen = set(tried)
        return [total / self.samples if index in chosen else missing for index, total in enumerate(totals)]

    def baseline(self, view: View, seat: int, rng: random.Random) -> float:
        """The position's score now for `seat`, averaged over `samples` drawn positions (nothing tried)."""
        total = 0.0
        for _ in range(self.samples):
            total += self.value(view.sample(rng), seat)
        return total / self.samples


def best(values: list[float], rng: random.Random, tolerance: float = 1e-9) -> int:
    """The index of the highest value; ties broken with `rng`."""
    top = max(values)
    choices = [index for index, value in enumerate(values) if value >= top - tolerance]
    return choices[int(rng.random() * len(choices))] if len(choices) > 1 else choices[0]
