"""Duel de dragons written by hand for speed: a whole duel between two uniform random players.

The rules are the rulebook's as atout plays them, with the numbers and the
options of the game atout built (its rules file: rounds, cards drawn, hand,
statistics per round, fatigue, exchanges, ties) and its two collections,
read once when the engine is made. The representation is plain:

- a card is atout's card id (P1's collection then P2's, each in name order,
  so sorting a hand by id sorts it by name), its statistics now a list of 4;
- a shuffled pile (the collection, the reserve) is two lists kept in name
  order: the cards, and their name ranks (the first id of the name), with
  the copies of a name in the order they came in, as atout takes them;
  drawing a uniformly chosen card of it is drawing a name with the weight
  of its copies, as atout's chance does;
- the rounds are a loop, a round a few lines.

What each player has seen of the other's cards (the information atout keeps
for its bots' views) is not kept: random players do not look.

Every decision goes through `ask` (or `draw` for a pile): it counts an
action against the rules' bounds, takes a single option at once, else draws
one `random()` from the deciding player's (or chance's) generator, as
atout's random bot and chance sampler do. A subclass may override both to see
the options (the tests compare them with atout's).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import combinations
from typing import Any

from . import CHANCE, Ending, GameEnd, Result, generators

#: A duel with "Fin des manches décisives : sans fin" stops as a draw after this many decisive rounds (as atout's).
DECISIVE_SAFETY = 1000

#: The statistics a round may ask, for each count: the combinations of the four, in the rulebook's order.
COMBINATIONS = {k: list(combinations(range(4), k)) for k in range(1, 5)}


class DragonsReference(Ending):
    """Duel de dragons between two uniform random players; `play(seed)` plays a whole duel."""

    def __init__(self, game: Any) -> None:
        """Read the rules, the cards and the two collections of an atout `DragonsGame`."""
        rules = game.rules
        self.card_names: list[str] = list(game.card_names)
        self.full: list[tuple[int, ...]] = [tuple(stats) for stats in game.card_stats]
        self.owned: list[list[int]] = [list(cards) for cards in game.owned]
        #: Each card's name rank: the first id of its name (ids are in name order within a collection).
        self.rank: list[int] = []
        for card, name in enumerate(self.card_names):
            self.rank.append(self.rank[card - 1] if card and self.card_names[card - 1] == name else card)
        self.drawn = [game.drawn(0), game.drawn(1)]
        self.rounds = rules.rounds
        self.hand_size = rules.hand
        self.counts = list(range(rules.stats_min, rules.stats_max + 1))
        self.fatigue = rules.fatigue
        self.exchanges0 = rules.exchanges
        self.equal_totals = rules.equal_totals
        self.endless = rules.endless_ties
        self.decisive_max = rules.decisive_max
        self.per_game = rules.actions_per_game
        self.per_turn = rules.actions_per_turn

    # ------------------------------------------------------------------
    # Decisions
    # ------------------------------------------------------------------

    def ask(self, player: int, kind: str, options: list) -> int:
        """The index of the option chosen by `player` (CHANCE: uniformly, every option weight 1)."""
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        n = len(options)
        if n == 1:
            return 0
        self.decisions += 1
        self.last_turn = self.round
        index = int(self.rngs[player].random() * n)
        return index if index < n else n - 1

    def draw(self, kind: str, cards: list[int], ranks: list[int]) -> int:
        """Chance draws a card of a pile (not empty): a name, with the weight of its copies; its first copy comes out.

        `kind` names the draw as atout does (draw, leave, hand, reserve).
        """
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        if ranks[0] == ranks[-1]:  # one name: nothing to ask
            ranks.pop(0)
            return cards.pop(0)
        self.decisions += 1
        self.last_turn = self.round
        n = len(ranks)
        index = int(self.rngs[CHANCE].random() * n)
        index = bisect_left(ranks, ranks[index if index < n else n - 1])
        del ranks[index]
        return cards.pop(index)

    # ------------------------------------------------------------------
    # A duel
    # ------------------------------------------------------------------

    def play(self, seed: int) -> Result:
        """Play a whole duel from `seed`: its outcome and length."""
        self.rngs = generators(seed)
        self.decisions = self.actions = self.round = self.last_turn = 0
        self.stop = min(self.per_game, self.per_turn)
        self.now = [list(stats) for stats in self.full]
        self.hands: list[list[int]] = [[], []]
        #: Each reserve: its cards and their name ranks, in name order.
        self.reserves: list[tuple[list[int], list[int]]] = [([], []), ([], [])]
        self.score = [0, 0]
        self.exchanges = [self.exchanges0, self.exchanges0]
        self.outcome: tuple[int | None, str] = (None, "")
        try:
            self.prepare(0)
            self.prepare(1)
            self.duel()
        except GameEnd:
            pass
        winner, code = self.outcome
        return Result(winner, code, self.decisions, self.last_turn, (self.score[0], self.score[1]))

    def prepare(self, seat: int) -> None:
        """The duel's cards drawn from the collection (or the others left out), then the hand; the rest: the reserve."""
        rank = self.rank
        pool = self.owned[seat][:]
        ranks = [rank[card] for card in pool]
        size, count = len(pool), self.drawn[seat]
        reserve, reserve_ranks = self.reserves[seat]
        if count >= size:
            reserve += pool
            reserve_ranks += ranks
        elif count <= size - count:
            for _ in range(count):
                card = self.draw("draw", pool, ranks)
                index = bisect_right(reserve_ranks, rank[card])
                reserve.insert(index, card)
                reserve_ranks.insert(index, rank[card])
        else:
            reserve += pool
            reserve_ranks += ranks
            for _ in range(size - count):
                self.draw("leave", reserve, reserve_ranks)
        hand = self.hands[seat]
        if self.hand_size >= len(reserve):
            hand += reserve
            reserve.clear()
            reserve_ranks.clear()
        else:
            for _ in range(self.hand_size):
                hand.append(self.draw("hand", reserve, reserve_ranks))
        hand.sort()

    def duel(self) -> None:
        """The rounds, then decisive rounds while the score is tied (within the rules' bounds)."""
        number, replay, decisive, rounds, score = 1, False, 0, self.rounds, self.score
        while True:
            if number != self.round:  # a round played again after a tie is the same turn for the bounds
                self.stop = min(self.per_game, self.actions + self.per_turn)
            self.round = number
            if self.play_round(replay):
                replay = True
                continue
            replay = False
            if not decisive and number < rounds:
                number += 1
                continue
            if score[0] != score[1]:
                self.end(0 if score[0] > score[1] else 1, "score")
            if self.endless == "nulle":
                if decisive >= self.decisive_max:
                    self.end(None, "decisive_ties")
            elif self.worn_out():
                self.end(None, "worn_out")
            elif decisive >= DECISIVE_SAFETY:
                self.end(None, "safety")
            decisive += 1
            number = rounds + decisive

    def play_round(self, replay: bool) -> bool:
        """One round: its statistics, the swaps, both cards, the totals, fatigue; True when it is to be played again."""
        counts = self.counts
        count = counts[self.ask(CHANCE, "stat_count", counts)] if len(counts) > 1 else counts[0]
        options = COMBINATIONS[count]
        self.asked = stats = options[self.ask(CHANCE, "stats", options)]
        hands, now = self.hands, self.now
        exchanges, reserves = self.exchanges, self.reserves
        # the swaps: each player with an exchange left decides in secret, then they are made, P1's first
        if (exchanges[0] and reserves[0][0]) or (exchanges[1] and reserves[1][0]):
            wanted = [0, 0]
            for seat in (0, 1):
                if exchanges[seat] and reserves[seat][0]:
                    wanted[seat] = self.ask(seat, "swap", [None, *hands[seat]])
            for seat in (0, 1):
                if wanted[seat]:
                    cards, ranks = reserves[seat]
                    new = self.draw("reserve", cards, ranks)
                    hand = hands[seat]
                    old = hand[wanted[seat] - 1]
                    now[new] = list(self.full[new])
                    hand[wanted[seat] - 1] = new
                    hand.sort()
                    rank = self.rank[old]
                    index = bisect_right(ranks, rank)
                    cards.insert(index, old)
                    ranks.insert(index, rank)
                    exchanges[seat] -= 1
        # each player chooses a card in secret; both are revealed
        first, second = hands[0], hands[1]
        first = first[self.ask(0, "play", first)]
        second = second[self.ask(1, "play", second)]
        a, b = now[first], now[second]
        if len(stats) == 2:
            i, j = stats
            totals = (a[i] + a[j], b[i] + b[j])
        else:
            totals = (sum([a[i] for i in stats]), sum([b[i] for i in stats]))
        again = False
        if totals[0] != totals[1]:
            self.score[0 if totals[0] > totals[1] else 1] += 1
        elif self.equal_totals == "manche rejouee" and not replay:
            again = True
        elif self.equal_totals == "les deux marquent":
            self.score[0] += 1
            self.score[1] += 1
        # fatigue, on the statistics asked only, never below 0
        fatigue = self.fatigue
        for i in stats:
            value = a[i]
            a[i] = value - fatigue if value > fatigue else 0
            value = b[i]
            b[i] = value - fatigue if value > fatigue else 0
        return again

    def worn_out(self) -> bool:
        """True when no round can be won any more: every hand card at 0, and no swap to help."""
        now = self.now
        for seat in (0, 1):
            if self.exchanges[seat] > 0 and self.reserves[seat][0]:
                return False
            if any(any(now[card]) for card in self.hands[seat]):
                return False
        return True
