"""A duel of Duel de dragons in progress, run as a generator of decisions.

The duel is written as the rulebook reads (`_duel`, `_prepare`, `_round`,
`_swaps`, `_fatigue`): a generator that yields a `Decision` whenever a
player or chance must decide and receives the chosen `Option`. A decision
with a single option is taken at once and never asked. Everything that
happens is an event (see `commentary.py` for their meaning).

Zones of each player: the cards left in the collection (not drawn for this
duel), the hand, and the reserve (a shuffled pile). Fatigue is kept here, per
card, as the card's current statistics; the cards themselves (the AST) are
never changed, so a collection comes out of a duel as it went in.

The rulebook's open questions follow the rules file's options:
`Égalité de totaux`, `Fin des manches décisives` with `Manches décisives au
plus`, `Petite collection` (see `game.py`), and `Adversaire` (the CLI's
default opponent, see `engine.py`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.flow import Flow, FlowState
from atout.interpreter.engine.limits import Limit
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.state import Event, Outcome
from atout.interpreter.engine.zones import conservation

from .game import STAT_NAMES, DragonsGame

#: With "Fin des manches décisives : sans fin", a duel stops as a draw after
#: this many decisive rounds: a safety net for players who keep tying on
#: purpose (worn-out cards are detected earlier, see `_is_worn_out`).
DECISIVE_SAFETY = 1000

#: "Which statistics": for each count, one option per combination, in the rulebook's order.
STAT_OPTIONS: dict[int, list[Option]] = {
    k: [Option(" + ".join(STAT_NAMES[i] for i in combo), combo) for combo in combinations(range(4), k)]
    for k in range(1, 5)
}

#: "How many statistics": one option per count.
COUNT_OPTIONS: dict[int, Option] = {k: Option(str(k), k) for k in range(1, 5)}

#: Options of choosing a card, by (label, total, position): made once, shared (options never change).
_CARD_OPTIONS: dict[tuple[str, int, int], Option] = {}


def card_option(label: str, total: int, position: int, prefix: str = "") -> Option:
    """The option of choosing (or swapping, with `prefix` "swap ") the hand's card at `position`."""
    key = (prefix + label, total, position)
    option = _CARD_OPTIONS.get(key)
    if option is None:
        if len(_CARD_OPTIONS) > 200_000:
            _CARD_OPTIONS.clear()
        option = _CARD_OPTIONS[key] = Option(f"{prefix}{label} ({total})", position)
    return option


#: The option of keeping one's hand, first of every swap decision.
NO_SWAP = Option("no swap", None)



class DragonsState(FlowState[DragonsGame]):
    """A position in a duel."""

    def __init__(self, game: DragonsGame) -> None:
        self.game = game
        self.rules = rules = game.rules
        #: Card ids: P1's collection then P2's, each in name order (see `DragonsGame`).
        self.names: list[str] = game.card_names
        self.full: list[tuple[int, int, int, int]] = game.card_stats
        self.owned: list[list[int]] = game.owned
        #: Each card's statistics now, fatigue included (a list of 4 per card).
        self.now: list[list[int]] = [list(stats) for stats in self.full]
        #: Before the preparation, every card is in its collection.
        self.left = [self._collection_pile(0), self._collection_pile(1)]
        self.reserve = [Pile(name=self.names.__getitem__), Pile(name=self.names.__getitem__)]
        self.hands: list[list[int]] = [[], []]
        self._labels: list[list[str] | None] = [None, None]
        self.score = [0, 0]
        self.exchanges = [rules.exchanges, rules.exchanges]
        #: The round being played (0 during the preparation), and its statistics.
        self.round = 0
        self.decisive = 0
        self.asked: tuple[int, ...] = ()
        #: What each seat has seen of the other's cards: card id → its statistics when last seen.
        self.seen: list[dict[int, tuple[int, ...]]] = [{}, {}]
        self.first_player = None
        self._outcome: Outcome | None = None
        self._events: list[Event] = []
        self.start(self._duel())

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The round being played (0 during the preparation)."""
        return self.round

    def view(self, player: int):
        """What `player` may know: their hand and reserve, the score, the other's cards seen so far."""
        from .view import DragonsView

        return DragonsView.of(self, player)

    def describe(self, viewer: int | None = None) -> str:
        """Score, round, statistics asked, hands with their totals, reserves."""
        from .commentary import describe

        return describe(self, viewer)

    def check_invariants(self) -> list[str]:
        """Every card of a collection is in exactly one zone; statistics stay from 0 to full."""
        problems = []
        for seat in (0, 1):
            zones = {"collection": self.left[seat].cards(), "reserve": self.reserve[seat].cards(), "hand": self.hands[seat]}
            problems += conservation(zones, self.owned[seat], self.names.__getitem__, seat_name(seat))
            if self.round and len(self.hands[seat]) != self.rules.hand:
                problems.append(f"{seat_name(seat)}: {len(self.hands[seat])} cards in hand, not {self.rules.hand}")
        for card, (now, full) in enumerate(zip(self.now, self.full)):
            if any(not 0 <= value <= top for value, top in zip(now, full)):
                problems.append(f"{self.names[card]}: statistics {now} outside 0..{list(full)}")
        return problems

    # ------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------

    def total(self, card: int, stats: tuple[int, ...] | None = None) -> int:
        """A card's total now on the given statistics (the round's by default)."""
        now = self.now[card]
        stats = self.asked if stats is None else stats
        if len(stats) == 2:
            return now[stats[0]] + now[stats[1]]
        return sum([now[i] for i in stats])

    def totals(self, cards: list[int]) -> list[int]:
        """The cards' totals now on the round's statistics."""
        now, stats = self.now, self.asked
        if len(stats) == 2:
            a, b = stats
            return [now[card][a] + now[card][b] for card in cards]
        if len(stats) == 3:
            a, b, c = stats
            return [now[card][a] + now[card][b] + now[card][c] for card in cards]
        return [sum([now[card][i] for i in stats]) for card in cards]

    def hand_labels(self, seat: int) -> list[str]:
        """The hand's cards as options name them: the name, "#2" for a second copy."""
        labels = self._labels[seat]
        if labels is not None:
            return labels
        labels = self._labels[seat] = []
        previous, copy = None, 1
        for card in self.hands[seat]:
            name = self.names[card]
            copy = copy + 1 if name == previous else 1
            previous = name
            labels.append(f"{name} #{copy}" if copy > 1 else name)
        return labels

    def _collection_pile(self, seat: int) -> Pile:
        """A seat's whole collection as a shuffled pile (copied from the game's, made once)."""
        piles = self.game.piles
        pile = piles.get(seat)
        if pile is None:
            pile = piles[seat] = Pile([self.owned[seat]], self.names.__getitem__)
        return pile.copy()

    def _sort_hand(self, seat: int) -> None:
        self._labels[seat] = None
        names = self.names
        self.hands[seat].sort(key=lambda card: (names[card], card))

    def end_facts(self, outcome: Outcome) -> dict[str, Any]:
        """The "end" event: the winner, the reason and the score."""
        return {**super().end_facts(outcome), "score": list(self.score)}

    def end_at_limit(self, limit: Limit) -> None:
        """A draw at an action bound (see `limits.py`): the event, then the end with the score."""
        self.emit("action_limit", **limit.event())
        self.finish(None, f"a draw, {self.score[0]}–{self.score[1]}: {limit.reason}", "action_limit", {**limit.event(), "score": list(self.score)})

    # ------------------------------------------------------------------
    # The duel (rulebook: "Préparation", "La manche", "Fin du duel")
    # ------------------------------------------------------------------

    def _duel(self) -> Flow:
        for seat in (0, 1):
            yield from self._prepare(seat)
        rules = self.rules
        for number in range(1, rules.rounds + 1):
            yield from self._round(number)
        score = self.score
        while score[0] == score[1]:
            if rules.endless_ties == "nulle":
                if self.decisive >= rules.decisive_max:
                    return self.finish(
                        None,
                        f"a draw, {score[0]}–{score[1]}: {self.decisive} decisive round"
                        f"{'s' * (self.decisive != 1)} tied (Fin des manches décisives : nulle)",
                        "decisive_ties",
                        {"score": list(score), "decisive": self.decisive},
                    )
            elif self._is_worn_out():
                return self.finish(
                    None,
                    f"a draw, {score[0]}–{score[1]}: every card in play is worn down to 0, no round can be won",
                    "worn_out",
                    {"score": list(score), "decisive": self.decisive},
                )
            elif self.decisive >= DECISIVE_SAFETY:
                return self.finish(
                    None,
                    f"a draw, {score[0]}–{score[1]}: stopped after {DECISIVE_SAFETY} tied decisive rounds",
                    "safety",
                    {"score": list(score), "decisive": self.decisive},
                )
            self.decisive += 1
            yield from self._round(rules.rounds + self.decisive)
        winner = 0 if score[0] > score[1] else 1
        when = f"after {rules.rounds} rounds" if not self.decisive else f"in decisive round {self.decisive}"
        self.finish(winner, f"{seat_name(winner)} wins {score[winner]}–{score[1 - winner]} {when}", "score", {"score": list(score), "decisive": self.decisive})

    def _prepare(self, seat: int) -> Flow:
        """Draw the duel's cards from the collection, then the hand from them; the rest is the reserve.

        Drawing 20 cards of a collection of 25 at random is leaving 5 out at
        random: the chance decisions are made on the smaller side ("draw"
        the cards that play, or "leave" out those that do not), which gives
        every set of cards the same chance and asks fewer questions.
        """
        rules, names = self.rules, self.names
        collection = self.game.collections[seat]
        pool = self.left[seat]
        size = len(pool)
        count = self.game.drawn(seat)
        if count >= size:
            self.reserve[seat], self.left[seat] = pool, Pile(name=names.__getitem__)
        elif count <= size - count:
            reserve = self.reserve[seat]
            for number in range(1, count + 1):
                decision = pool.draw_decision(kind="draw", prompt=f"{seat_name(seat)} draws card {number} of {count} from the collection")
                option = yield from self.ask(decision)
                card = pool.take(option.label)
                reserve.shuffle_in(card)
        else:
            self.reserve[seat] = pool
            self.left[seat] = left = Pile(name=names.__getitem__)
            out = size - count
            for number in range(1, out + 1):
                decision = pool.draw_decision(kind="leave", prompt=f"{seat_name(seat)} leaves card {number} of {out} out of the duel")
                option = yield from self.ask(decision)
                card = pool.take(option.label)
                left.shuffle_in(card)
        reserve = self.reserve[seat]
        hand = self.hands[seat]
        if rules.hand >= len(reserve):
            hand.extend(reserve.take_all())
        else:
            for number in range(1, rules.hand + 1):
                decision = reserve.draw_decision(kind="hand", prompt=f"{seat_name(seat)} draws card {number} of {rules.hand} for the hand")
                option = yield from self.ask(decision)
                hand.append(reserve.take(option.label))
        self._sort_hand(seat)
        self.emit(
            "prepared",
            player=seat,
            collection=collection.name,
            size=len(collection.cards),
            drawn=count,
            hand=[names[c] for c in hand],
            reserve=sorted(names[c] for c in reserve.cards()),
            left=sorted(names[c] for c in self.left[seat].cards()),
        )

    def _round(self, number: int) -> Flow:
        """One round (and its replays under "manche rejouée"); its winner, None when tied."""
        rules = self.rules
        replay = False
        while True:
            self.round = number
            self.asked = ()
            self.emit("round", round=number, decisive=self.decisive, replay=replay, score=list(self.score))
            # 1. The statistics: how many, then which (chance).
            if rules.stats_min == rules.stats_max:
                count = rules.stats_min
            else:
                counts = [COUNT_OPTIONS[k] for k in range(rules.stats_min, rules.stats_max + 1)]
                count = (yield Decision(CHANCE, "stat_count", counts, "How many statistics count this round?")).value
            decision = Decision(CHANCE, "stats", STAT_OPTIONS[count][:], f"Which {count} statistics count this round?")
            stats = (yield from self.ask(decision)).value
            self.asked = stats
            self.emit("stats", round=number, stats=[STAT_NAMES[i] for i in stats])
            # The reserve, once per duel: before choosing the round's card.
            yield from self._swaps()
            # 2.-3. Each player chooses a card in secret; both are revealed together.
            picks = []
            prompt = f"round {number}, {' + '.join(STAT_NAMES[i] for i in stats)}: choose your card (in secret)"
            for seat in (0, 1):
                hand = self.hands[seat]
                totals = self.totals(hand)
                options = [
                    card_option(label, total, position) for position, (label, total) in enumerate(zip(self.hand_labels(seat), totals))
                ]
                picks.append(hand[(yield from self.ask(Decision(seat, "play", options, prompt, secret=True))).value])
                if seat == 0:
                    self._events.append({"e": "chosen", "player": 0})
            now, names = self.now, self.names
            first, second = picks
            totals = self.totals(picks)
            self.seen[1][first] = tuple(now[first])
            self.seen[0][second] = tuple(now[second])
            stat_names = [STAT_NAMES[i] for i in stats]
            self._events.append(
                {
                    "e": "reveal",
                    "round": number,
                    "stats": stat_names,
                    "cards": [names[first], names[second]],
                    "values": [[now[first][i] for i in stats], [now[second][i] for i in stats]],
                    "totals": totals,
                }
            )
            # 4. The higher total wins 1 point; then fatigue (after the winner is decided).
            if totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
                self.score[winner] += 1
                self.emit("won", round=number, player=winner, score=list(self.score))
                self._fatigue(picks, stats)
                return winner
            rule = rules.equal_totals
            if rule == "manche rejouee" and not replay:
                self.emit("tie", round=number, rule=rule, replay=True, score=list(self.score))
                self._fatigue(picks, stats)
                replay = True
                continue
            if rule == "les deux marquent":
                self.score[0] += 1
                self.score[1] += 1
            self.emit("tie", round=number, rule=rule, replay=False, score=list(self.score))
            self._fatigue(picks, stats)
            return None

    def _swaps(self) -> Flow:
        """Each player with an exchange left may swap a hand card for a random reserve card.

        Both decide in secret (P1, then P2), then the swaps are made: the
        reserve card is drawn by chance and arrives without fatigue; the card
        that leaves is shuffled into the reserve (its fatigue forgotten).
        """
        wanted: list[int | None] = [None, None]
        for seat in (0, 1):
            if self.exchanges[seat] <= 0 or not len(self.reserve[seat]):
                continue
            hand = self.hands[seat]
            options = [NO_SWAP] + [
                card_option(label, total, position, "swap ")
                for position, (label, total) in enumerate(zip(self.hand_labels(seat), self.totals(hand)))
            ]
            prompt = f"swap a card of your hand for a random card of your reserve ({self.exchanges[seat]} left)?"
            wanted[seat] = (yield Decision(seat, "swap", options, prompt, secret=True)).value
        names = self.names
        for seat in (0, 1):
            position = wanted[seat]
            if position is None:
                continue
            reserve, hand = self.reserve[seat], self.hands[seat]
            decision = reserve.draw_decision(kind="reserve", prompt=f"{seat_name(seat)} draws a card from the reserve")
            option = yield from self.ask(decision)
            new = reserve.take(option.label)
            old = hand[position]
            self.now[new] = list(self.full[new])
            hand[position] = new
            reserve.shuffle_in(old)
            self._sort_hand(seat)
            self.exchanges[seat] -= 1
            self.emit("swap", player=seat, out=names[old], card=names[new], left=self.exchanges[seat])

    def _fatigue(self, picks: list[int], stats: tuple[int, ...]) -> None:
        """Both played cards lose `Fatigue` on each statistic asked, and only on those; never below 0."""
        fatigue = self.rules.fatigue
        for seat, card in enumerate(picks):
            now = self.now[card]
            changes = []
            for i in stats:
                before = now[i]
                now[i] = after = before - fatigue if before > fatigue else 0
                changes.append([STAT_NAMES[i], before, after])
            self.seen[1 - seat][card] = tuple(now)
            self.emit("fatigue", player=seat, card=self.names[card], changes=changes)

    def _is_worn_out(self) -> bool:
        """True when no round can be won any more: every hand card is at 0, and no swap can help."""
        for seat in (0, 1):
            if self.exchanges[seat] > 0 and len(self.reserve[seat]):
                return False
            if any(any(self.now[card]) for card in self.hands[seat]):
                return False
        return True
