"""What a seat may see of a game of Dans les Cordes: the view bots decide on.

A bot sees a `CordesView`: its own hand, both boxers' markers, the other's
hand size, the public zones (ring, face-up spat cards, the pile's size) and
the blow it must answer — never the other's hand nor the pile's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.interpreter.engine.counters import NO_COUNTERS
from atout.interpreter.engine.durations import NO_DURATIONS

from .rules import CordesRules


@dataclass(frozen=True)
class BlowView:
    """The blow a player must answer: its type, who throws it, its effects."""

    card: str
    by: int
    effects: tuple
    counter: bool


@dataclass(frozen=True)
class CordesView:
    """What one player may know of a game of Dans les Cordes."""

    me: int
    current: int
    rules: CordesRules
    life: tuple[int, int]
    energy: tuple[int, int]
    hand: tuple[Any, ...]
    hand_sizes: tuple[int, int]
    pile_size: int
    gongs: int
    ring: tuple[str, ...]
    #: The face-up cards of each spittoon (spat cards); face-down ones are only counted.
    spat: tuple[tuple[str, ...], tuple[str, ...]]
    in_combat: bool
    combat_done: bool
    played: bool
    recoveries: int
    blow: BlowView | None
    coach_picked: tuple[str, ...]
    #: Every card of the box by name (public knowledge).
    box: dict
    #: The tokens on the boxers, public: ("player", seat, token's name folded, count), by seat and name.
    tokens: tuple[tuple[str, int, str, int], ...] = ()
    #: The delayed and lasting effects, public (every card is played face up): see `Durations.key`.
    durations: tuple[tuple[Any, ...], ...] = ()

    @classmethod
    def of(cls, state, me: int) -> CordesView:
        """The view of `me` on a state."""
        names = state.names
        blow = state.blow

        def spat(seat: Any) -> tuple[str, ...]:
            return tuple(sorted(names[c] for c in seat.spittoon if c not in seat.face_down))

        return cls(
            me=me,
            current=state.current,
            rules=state.rules,
            life=(state.seats[0].life, state.seats[1].life),
            energy=(state.seats[0].energy, state.seats[1].energy),
            hand=tuple(state.game.box[c] for c in state.seats[me].hand),
            hand_sizes=(len(state.seats[0].hand), len(state.seats[1].hand)),
            pile_size=len(state.pile) + (state.gong_depth is not None),
            gongs=state.gongs,
            ring=tuple(names[c] for c in state.ring),
            spat=(spat(state.seats[0]), spat(state.seats[1])),
            in_combat=state.in_combat,
            combat_done=state.combat_done,
            played=state.played,
            recoveries=state.recoveries,
            blow=None if blow is None else BlowView(blow.card, blow.by, tuple(blow.effects), blow.counter),
            coach_picked=tuple(names[c] for c in state.coach_picked),
            box=state.game.cards,
            tokens=state.counters.key() if state.counters is not NO_COUNTERS else (),
            durations=state.durations.key() if state.durations is not NO_DURATIONS else (),
        )

    @property
    def them(self) -> int:
        """The opponent's seat."""
        return 1 - self.me
