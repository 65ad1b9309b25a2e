"""What a seat may see of a game of Duel de dragons: the view bots decide on.

A bot sees a `DragonsView`: its own hand (statistics now, fatigue included)
and reserve, the score, the round and the statistics it asks, the exchanges
left, and the other player's cards as they were revealed (and fatigued) —
never the other's hand, reserve, or the card the other chose in secret.
"""

from __future__ import annotations

from dataclasses import dataclass

#: A card's four statistics (Puissance, Ruse, Savoir, Charisme), in that order.
Stats = tuple[int, ...]


@dataclass(frozen=True)
class DragonsView:
    """What one player may know of a duel."""

    me: int
    round: int
    rounds: int
    decisive: int
    #: The indices (0 Puissance … 3 Charisme) of the statistics asked this round.
    asked: tuple[int, ...]
    score: tuple[int, int]
    #: The hand's cards' statistics now, in the order of the options.
    hand: tuple[Stats, ...]
    #: The reserve's cards, at full strength (a card enters the hand without fatigue).
    reserve: tuple[Stats, ...]
    #: All my drawn cards (hand and reserve) at full strength.
    drawn: tuple[Stats, ...]
    exchanges: tuple[int, int]
    #: The other player's cards seen so far, as last seen.
    seen: tuple[Stats, ...]
    hand_size: int
    fatigue: int
    stats_counts: tuple[int, int]

    @classmethod
    def of(cls, state, me: int) -> DragonsView:
        """The view of `me` on a state."""
        rules = state.rules
        return cls(
            me,
            state.round,
            rules.rounds,
            state.decisive,
            state.asked,
            (state.score[0], state.score[1]),
            tuple(state.now[c] for c in state.hands[me]),
            tuple(state.full[c] for c in sorted(state.reserve[me].cards(), key=state.names.__getitem__)),
            tuple(state.full[c] for c in state.hands[me]) + tuple(state.full[c] for c in sorted(state.reserve[me].cards(), key=state.names.__getitem__)),
            (state.exchanges[0], state.exchanges[1]),
            tuple(state.seen[me].values()),
            rules.hand,
            rules.fatigue,
            (rules.stats_min, rules.stats_max),
        )

    @property
    def rounds_left(self) -> int:
        """Rounds still to play after this one (0 in the last round and in decisive rounds)."""
        return 0 if self.decisive else max(0, self.rounds - self.round)
