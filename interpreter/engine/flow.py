"""States whose game runs as one generator of decisions.

Dans les Cordes, Duel pour Cardia and Duel de dragons each write their game
as a single generator that reads like the rulebook: it yields a `Decision`
whenever somebody must choose, and receives the chosen `Option`::

    def _turn(self) -> Flow:
        option = yield from self.ask(Decision(player, "play", options))
        ...

`FlowState` runs such a generator behind the `State` contract: `apply(i)`
sends option i and runs the game to its next decision, collecting the
events on the way. A game ends with `finish(winner, reason)` (the outcome and
the `end` event, see `state.py`), then returns from the generator, or raises
`GameOver` to leave the steps it is in at once::

    self.finish(1 - loser, f"{seat_name(loser)} is KO", "ko", {"loser": loser})
    raise GameOver

Every decision counts as an action against the bounds of `limits.py`: a
decision the flow yields, when it is yielded, and a decision with a single
option, when `ask` takes it. A flow that goes past a bound is closed and the
game ends as a draw (`end_at_limit`), even if it loops without yielding.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .decision import Decision, Option
from .state import Event, G, State

#: A game's flow: yields decisions, receives the chosen options.
Flow = Generator[Decision, Option, Any]


class GameOver(Exception):
    """Raised inside a flow, after `finish`, to end the game at once."""


class FlowState(State[G]):
    """A `State` whose game is a generator of decisions (see the module's docstring)."""

    def start(self, flow: Flow) -> None:
        """Run `flow` to its first decision; what happened on the way are the setup's events."""
        self._flow = flow
        self._events: list[Event] = []
        self._advance(None)
        self._start, self._events = self._events, []

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        return self._pending

    def apply(self, index: int) -> list[Event]:
        """Answer the pending decision with option `index`; the events that followed."""
        decision = self._pending
        if decision is None:
            raise ValueError("the game is over: there is no decision to answer")
        if not 0 <= index < len(decision.options):
            raise IndexError(f"option {index} does not exist; there are {len(decision.options)}")
        self._events = []
        self._advance(decision.options[index])
        return self._events

    def _advance(self, answer: Option | None) -> None:
        """Resume the flow until it poses a decision or ends; the decision counts as an action."""
        try:
            decision = next(self._flow) if answer is None else self._flow.send(answer)
        except (StopIteration, GameOver):
            self._pending = None
            return
        if self.count_action():
            self._flow.close()
            self._pending = None
        else:
            self._pending = decision

    def ask(self, decision: Decision) -> Flow:
        """Pose a decision (`option = yield from self.ask(d)`); a single option is taken at once.

        Taken at once, it still counts as an action (see the module's docstring).
        """
        if len(decision.options) == 1:
            if self.count_action():
                raise GameOver
            return decision.options[0]
        return (yield decision)
