"""A duel of Duel de dragons in progress, as plain data and an agenda of tasks.

The duel is written as the rulebook reads (`_duel`, `_prepare`, `_round`,
`_swaps`, `_reveal`, `_fatigue`): small methods, each doing one step, then
going on to the next step or posing a decision whose answer calls the next
step (`ask`, see `engine/agenda.py`); the order of the rulebook is the
chain of these calls, so nothing waits on the agenda between two
decisions but the step the answer calls. A decision with a single option is
taken at once and never asked. Everything that happens is an event (see
`commentary.py` for their meaning). The state holds only plain data, so it
can be copied (`clone`) and its hidden cards dealt anew (`resample`).

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

from functools import lru_cache, cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.agenda import AgendaState
from atout.interpreter.engine.limits import Limit
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.state import Outcome
from atout.interpreter.engine.zones import conservation, shuffle

from .commentary import describe
from .powers import Moment
from .steps import PowersInPlay
from .view import DragonsView
from .writing import STAT_NAMES

if TYPE_CHECKING:  # the game makes its states: this module is below it
    from .game import DragonsGame

#: With "Fin des manches décisives : sans fin", a duel stops as a draw after
#: this many decisive rounds: a safety net for players who keep tying on
#: purpose (worn-out cards are detected earlier, see `_is_worn_out`).
DECISIVE_SAFETY = 1000

#: "Which statistics": for each count, one option per combination, in the rulebook's order.
STAT_OPTIONS: dict[int, list[Option]] = {k: [Option(" + ".join(STAT_NAMES[i] for i in combo), combo) for combo in combinations(range(4), k)] for k in range(1, 5)}

#: The statistics of a round as printed ("Puissance + Ruse"), by their indices.
STATS_TEXT: dict[tuple[int, ...], str] = {option.value: option.label for options in STAT_OPTIONS.values() for option in options}

#: "How many statistics": one option per count.
COUNT_OPTIONS: dict[int, Option] = {k: Option(str(k), k) for k in range(1, 5)}

#: Options of choosing a card of the hand, and of swapping it, by (label, total, position): made once, shared
#: (options never change).
_CARD_OPTIONS: dict[tuple[str, int, int], Option] = {}
_SWAP_OPTIONS: dict[tuple[str, int, int], Option] = {}


def card_options(labels: list[str], totals: list[int], swap: bool = False) -> list[Option]:
    """The options of choosing (or, with `swap`, of swapping) each card of a hand, by its label and total.

    (Asked twice a round for each seat: each option is found by the tuple
    `zip` makes, without a call.)
    """
    kept = _SWAP_OPTIONS if swap else _CARD_OPTIONS
    get = kept.get
    return [get(key) or _card_option(kept, key, swap) for key in zip(labels, totals, range(len(labels)))]


def _card_option(kept: dict[tuple[str, int, int], Option], key: tuple[str, int, int], swap: bool) -> Option:
    """The option of choosing (or swapping) the card `key` = (label, total, position), made and kept."""
    if len(kept) > 100_000:
        kept.clear()
    label, total, position = key
    option = kept[key] = Option(f"{'swap ' if swap else ''}{label} ({total})", position)
    return option


@cache
def _count_decision(least: int, most: int) -> Decision:
    """Chance's decision of how many statistics count in a round (made once: posed at every round)."""
    return Decision(CHANCE, "stat_count", [COUNT_OPTIONS[k] for k in range(least, most + 1)], "How many statistics count this round?")


@cache
def _stats_decision(count: int) -> Decision:
    """Chance's decision of which `count` statistics count in a round (made once: posed at every round)."""
    return Decision(CHANCE, "stats", STAT_OPTIONS[count][:], f"Which {count} statistics count this round?")


#: The prompt of chance's draw of the card a swap brings, by seat.
_RESERVE_PROMPTS = tuple(f"{seat_name(seat)} draws a card from the reserve" for seat in range(2))


@lru_cache(maxsize=1024)
def _prompt(text: str, seat: int, number: int, count: int) -> str:
    """A chance draw's prompt of the preparation, "P1 draws card 3 of 10…" (made once: asked at every draw)."""
    return text.format(seat=seat_name(seat), number=number, count=count)


@lru_cache(maxsize=1024)
def _choose_prompt(number: int, stats: tuple[int, ...]) -> str:
    """What each player is asked in a round (made once per round and statistics: tries ask it again and again)."""
    return f"round {number}, {STATS_TEXT[stats]}: choose your card (in secret)"


@lru_cache(maxsize=64)
def _swap_prompt(left: int) -> str:
    """What a player with `left` exchanges is asked (made once per count)."""
    return f"swap a card of your hand for a random card of your reserve ({left} left)?"


#: The option of keeping one's hand, first of every swap decision.
NO_SWAP = Option("no swap", None)


class DragonsState(PowersInPlay, AgendaState["DragonsGame"]):
    """A position in a duel."""

    def __init__(self, game: DragonsGame) -> None:
        self.game = game
        self.rules = rules = game.rules
        #: Card ids: P1's collection then P2's, each in name order (see `DragonsGame`).
        self.names: list[str] = game.card_names
        #: Each card's statistics now, fatigue included (4 per card; a row is replaced, never changed).
        self.now: list[tuple[int, ...]] = list(game.card_stats)
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
        #: True while a tied round is played again ("Égalité de totaux : manche rejouée").
        self.replay = False
        self.asked: tuple[int, ...] = ()
        #: What each seat has seen of the other's cards: card id → its statistics when last seen.
        self.seen: list[dict[int, tuple[int, ...]]] = [{}, {}]
        #: The other's cards each seat saw played, with how many swaps the other had made then.
        self.shown: list[dict[int, int]] = [{}, {}]
        #: This round's secret choices: each seat's card chosen, each seat's swap wanted (a hand position).
        self.picks: list[int] = [-1, -1]
        self.wanted: list[int | None] = [None, None]
        #: True when the piles may be shared with a copy of this state (see `copy_fields`).
        self._shared = False
        self._init_powers()
        self.start(self._duel)

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

    @property
    def full(self) -> list[tuple[int, int, int, int]]:
        """Each card's statistics as printed (card ids: P1's collection then P2's, each in name order)."""
        return self.game.card_stats

    @property
    def owned(self) -> list[list[int]]:
        """Each seat's card ids."""
        return self.game.owned

    @property
    def turn(self) -> int:
        """The round being played (0 during the preparation)."""
        return self.round

    def view(self, player: int):
        """What `player` may know: their hand and reserve, the score, the other's cards seen so far."""
        return DragonsView.of(self, player)

    def describe(self, viewer: int | None = None) -> str:
        """Score, round, statistics asked, hands with their totals, reserves."""
        return describe(self, viewer)

    def check_invariants(self) -> list[str]:
        """Every card of a collection is in exactly one zone; statistics stay from 0 to full."""
        problems = []
        for seat in (0, 1):
            zones = {"collection": self.left[seat].cards(), "reserve": self.reserve[seat].cards(), "hand": self.hands[seat]}
            zones["looked at"] = [card for owner, card in self.marks.looking if owner == seat]
            problems += conservation(zones, self.owned[seat], self.names.__getitem__, seat_name(seat))
            if self.with_powers:
                if self.round and not self.hands[seat]:
                    problems.append(f"{seat_name(seat)}: no card in hand")  # powers move cards, a hand keeps one
            elif self.round and len(self.hands[seat]) != self.rules.hand:
                problems.append(f"{seat_name(seat)}: {len(self.hands[seat])} cards in hand, not {self.rules.hand}")
        for card, (now, full) in enumerate(zip(self.now, self.full)):
            if any(not 0 <= value <= top for value, top in zip(now, full)):
                problems.append(f"{self.names[card]}: statistics {list(now)} outside 0..{list(full)}")
        return problems

    def copy_fields(self, new: DragonsState) -> None:
        """The hands, the statistics now, scores, what was seen and the secret choices change in play.

        Shared, not copied: each card's row of statistics (fatigue replaces a
        row, never changes it), and the piles (the cards left out of the duel
        and the reserves): the first of the two states to change them after
        the copy takes its own copies first (`_own_piles`).
        """
        new.now = self.now[:]
        new.left = self.left[:]
        new.reserve = self.reserve[:]
        self._shared = new._shared = True
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new._labels = self._labels[:]
        new.score = self.score[:]
        new.exchanges = self.exchanges[:]
        new.seen = [self.seen[0].copy(), self.seen[1].copy()]
        new.shown = [self.shown[0].copy(), self.shown[1].copy()]
        new.picks = self.picks[:]
        new.wanted = self.wanted[:]
        self._copy_powers(new)

    def resample(self, player: int, rng: Any) -> DragonsState:
        """A copy where what `player` cannot know of the other seat is dealt anew with `rng`.

        Redrawn: which of the other's cards are left out of the duel, in the
        reserve and in the hand (each zone keeps its size). A card `player`
        saw played was in the other's hand then, as last seen; each swap the
        other made since may have taken it out (each card of the hand alike,
        swap after swap): one taken out may be in the reserve or back in the
        hand (at full statistics), never left out of the duel. A card never
        seen is at full statistics. A secret choice the other made this round
        before `player` decides (the card played, the swap wanted) is drawn
        anew, uniformly. The cards are put in name order before shuffling, so
        the copy depends only on what `player` may know and on `rng`.
        """
        new = cast(DragonsState, self.clone())
        other = 1 - player
        names, full, now = self.names, self.full, new.now
        seen, shown = new.seen[player], new.shown[player]
        size = len(new.hands[other])
        looked = {card for owner, card in self.marks.looking if owner == other}  # drawn by a power, in no zone: kept so
        kept = sorted(card for card in shown if card not in looked)  # in name order: a seat's ids follow its names
        maybe = []
        for swap in range(self.rules.exchanges - new.exchanges[other]):
            exposed = [card for card in kept if shown[card] <= swap]  # in the hand when the other made this swap
            position = rng.randrange(size)
            if position < len(exposed):
                kept.remove(exposed[position])
                maybe.append(exposed[position])
        unseen = [card for card in self.owned[other] if card not in shown and card not in looked]  # in name order
        shuffle(unseen, rng)
        out = len(new.left[other])
        rest = sorted(unseen[out:] + maybe)
        shuffle(rest, rng)
        if len(kept) > size:  # powers moved some seen cards out of the hand
            maybe += kept[size:]
            kept = kept[:size]
        free = size - len(kept)
        new.left[other] = Pile([unseen[:out]], names.__getitem__)
        new.reserve[other] = Pile([rest[free:]], names.__getitem__)
        new.hands[other] = kept + rest[:free]
        new._sort_hand(other)
        for card in unseen + maybe:
            now[card] = full[card]
        for card in kept:
            now[card] = seen[card]
        decision = new.decision()
        if decision is not None and decision.player == player and other < player:
            # The other decided first this round, in secret.
            if decision.kind == "play":
                hand = new.hands[other]
                new.picks[other] = hand[rng.randrange(len(hand))]
            elif decision.kind == "swap" and new._can_swap(other):
                new.wanted[other] = rng.choice([None, *range(len(new.hands[other]))])
        if decision is not None and decision.kind == "power_pick":
            new.repose_pick(other)  # a choice among the other's cards names the cards dealt anew
        return new

    # ------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------

    def _own_piles(self) -> None:
        """Copy the piles this state shares with a copy of it, before changing one."""
        self.left = [self.left[0].copy(), self.left[1].copy()]
        self.reserve = [self.reserve[0].copy(), self.reserve[1].copy()]
        self._shared = False

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
            if pile:
                pile.draw_decision()  # its cards by name are counted once here, and copied with it
        return pile.copy()

    def _sort_hand(self, seat: int) -> None:
        """The hand in name order (copies of a name by id): the order of their ids, for a seat's ids follow its cards' names."""
        self._labels[seat] = None
        self.hands[seat].sort()

    def end_facts(self, outcome: Outcome) -> dict[str, Any]:
        """The "end" event: the winner, the reason and the score."""
        return {**super().end_facts(outcome), "score": list(self.score)}

    def end_at_limit(self, limit: Limit) -> None:
        """A draw at an action bound (see `limits.py`): the event, then the end with the score."""
        self.emit("action_limit", **limit.event())
        self.finish(None, "action_limit", {**limit.event(), "score": list(self.score)})

    # ------------------------------------------------------------------
    # The duel (rulebook: "Préparation", "La manche", "Fin du duel")
    # ------------------------------------------------------------------

    def _duel(self) -> None:
        """Each player prepares (P1 first, see `_prepared`), then the rounds are played."""
        self._prepare(0)

    def _next_round(self) -> None:
        """After a round, the next one; after the last, a decisive round or the end."""
        if not self.decisive and self.round < self.rules.rounds:
            self._round(self.round + 1)
        else:
            self._decisive_or_end()

    def _decisive_or_end(self) -> None:
        """A tied score plays a decisive round (within the rules' bounds); otherwise the higher score wins."""
        rules, score = self.rules, self.score
        if score[0] == score[1]:
            if rules.endless_ties == "nulle":
                if self.decisive >= rules.decisive_max:
                    self.finish(None, "decisive_ties", {"score": list(score), "decisive": self.decisive})
                    return
            elif self._is_worn_out():
                self.finish(None, "worn_out", {"score": list(score), "decisive": self.decisive})
                return
            elif self.decisive >= DECISIVE_SAFETY:
                self.finish(None, "safety", {"score": list(score), "decisive": self.decisive})
                return
            self.decisive += 1
            self._round(rules.rounds + self.decisive)
            return
        winner = 0 if score[0] > score[1] else 1
        self.finish(winner, "score", {"score": list(score), "decisive": self.decisive})

    # -- Préparation ---------------------------------------------------------

    def _prepare(self, seat: int) -> None:
        """Draw the duel's cards from the collection, then the hand from them; the rest is the reserve.

        Drawing 20 cards of a collection of 25 at random is leaving 5 out at
        random: the chance decisions are made on the smaller side ("draw"
        the cards that play, or "leave" out those that do not), which gives
        every set of cards the same chance and asks fewer questions.
        """
        names = self.names
        pool = self.left[seat]
        size = len(pool)
        count = self.game.drawn(seat)
        if count >= size:
            self.reserve[seat], self.left[seat] = pool, Pile(name=names.__getitem__)
            self._draw_hand(seat)
        elif count <= size - count:
            self._draw_for_duel(seat, 1, count)
        else:
            self.reserve[seat] = pool
            self.left[seat] = Pile(name=names.__getitem__)
            self._leave_out(seat, 1, size - count)

    def _draw_for_duel(self, seat: int, number: int, count: int) -> None:
        """Draw card `number` of `count` from the collection into the reserve (chance)."""
        prompt = _prompt("{seat} draws card {number} of {count} from the collection", seat, number, count)
        self.ask_draw(self.left[seat], None, "draw", prompt, self._drawn_for_duel, seat, number, count)

    def _drawn_for_duel(self, option: Option, seat: int, number: int, count: int) -> None:
        """The card drawn goes to the reserve; the next ones are drawn here while chance is drawn inside (`drawn_here`)."""
        while True:
            if self._shared:
                self._own_piles()
            self.reserve[seat].shuffle_in(self.left[seat].take(option.label))
            if number == count:
                self._draw_hand(seat)
                return
            number += 1
            drawn = self.drawn_here(self.left[seat])
            if drawn is None:
                self._draw_for_duel(seat, number, count)
                return
            option = drawn

    def _leave_out(self, seat: int, number: int, out: int) -> None:
        """Leave card `number` of `out` out of the duel (chance): it goes back to the collection."""
        prompt = _prompt("{seat} leaves card {number} of {count} out of the duel", seat, number, out)
        self.ask_draw(self.reserve[seat], None, "leave", prompt, self._left_out, seat, number, out)

    def _left_out(self, option: Option, seat: int, number: int, out: int) -> None:
        """The card left out goes back to the collection; the next ones are drawn here while chance is drawn inside."""
        while True:
            if self._shared:
                self._own_piles()
            self.left[seat].shuffle_in(self.reserve[seat].take(option.label))
            if number == out:
                self._draw_hand(seat)
                return
            number += 1
            drawn = self.drawn_here(self.reserve[seat])
            if drawn is None:
                self._leave_out(seat, number, out)
                return
            option = drawn

    def _draw_hand(self, seat: int) -> None:
        """The hand: `Cartes en main` cards drawn from the duel's cards (all of them if no more)."""
        if self._shared:
            self._own_piles()
        reserve = self.reserve[seat]
        if self.rules.hand >= len(reserve):
            self.hands[seat].extend(reserve.take_all())
            self._prepared(seat)
        else:
            self._draw_hand_card(seat, 1)

    def _draw_hand_card(self, seat: int, number: int) -> None:
        """Draw card `number` of the hand from the duel's cards (chance)."""
        prompt = _prompt("{seat} draws card {number} of {count} for the hand", seat, number, self.rules.hand)
        self.ask_draw(self.reserve[seat], None, "hand", prompt, self._drew_hand_card, seat, number)

    def _drew_hand_card(self, option: Option, seat: int, number: int) -> None:
        """The card drawn goes to the hand; the next ones are drawn here while chance is drawn inside."""
        hand, size = self.hands[seat], self.rules.hand
        while True:
            if self._shared:
                self._own_piles()
            hand.append(self.reserve[seat].take(option.label))
            if number == size:
                self._prepared(seat)
                return
            number += 1
            drawn = self.drawn_here(self.reserve[seat])
            if drawn is None:
                self._draw_hand_card(seat, number)
                return
            option = drawn

    def _prepared(self, seat: int) -> None:
        """The hand is sorted; what the seat plays with is told (the other sees only the counts).

        Then P2 prepares, or, after P2, the rounds begin.
        """
        names, hand, reserve = self.names, self.hands[seat], self.reserve[seat]
        collection = self.game.collections[seat]
        self._sort_hand(seat)
        if self.ledger is not None:  # the lab's (see `State.ledger`): the hand drawn before the first round, the opening hand
            self.ledger.extend([(seat, names[card], "drawn", 0) for card in hand])
        if not self.quiet:
            self.emit(
                "prepared",
                player=seat,
                collection=collection.name,
                size=len(collection.cards),
                drawn=self.game.drawn(seat),
                hand=[names[c] for c in hand],
                reserve=sorted(names[c] for c in reserve.cards()),
                left=sorted(names[c] for c in self.left[seat].cards()),
            )
        if seat == 0:
            self._prepare(1)
        else:
            self._round(1)

    # -- La manche -----------------------------------------------------------

    def _round(self, number: int, replay: bool = False) -> None:
        """One round (`replay`: played again after a tie, under "manche rejouée"): first, its statistics.

        1. chance draws how many statistics count (when the rules let it
        vary), then which; the swaps; 2.-3. each player chooses a card in
        secret; both are revealed together; 4. the higher total wins.
        """
        rules = self.rules
        self.round = number
        self.replay = replay
        self.asked = ()
        if self.with_powers:  # (a duel without powers never changes its marks: its copies share them)
            self.marks.new_round()
        if not self.quiet:
            self.emit("round", round=number, decisive=self.decisive, replay=replay, score=list(self.score))
        if rules.stats_min == rules.stats_max:
            self._draw_stats(rules.stats_min)
        else:
            self.ask_last(_count_decision(rules.stats_min, rules.stats_max), self._stat_count_drawn)

    def _stat_count_drawn(self, option: Option) -> None:
        self._draw_stats(option.value)

    def _draw_stats(self, count: int) -> None:
        """Chance draws which `count` statistics count this round."""
        self.ask_last(_stats_decision(count), self._stats_drawn)

    def _stats_drawn(self, option: Option) -> None:
        """The statistics are told; the reserve (once per duel, see `_swaps`), then each player's secret choice."""
        self.asked = stats = option.value
        if not self.quiet:
            self.emit("stats", round=self.round, stats=[STAT_NAMES[i] for i in stats])
        if self.with_powers:
            # "au début de la manche": every card of both hands, P1's first
            self.fire(Moment.DEBUT, [(seat, card, None) for seat in (0, 1) for card in self.hands[seat]])
            self.then(self._swaps)
        else:
            self._swaps()

    def _choose(self, seat: int) -> None:
        """`seat` chooses a card of the hand in secret (P1, then P2): one option per card, in hand order."""
        hand = self.hands[seat]
        if self.ask_among(seat, len(hand), self._chosen_at, seat):  # (a random player: no option is made)
            return
        options = card_options(self.hand_labels(seat), self.totals(hand))
        self.ask_last(Decision(seat, "play", options, _choose_prompt(self.round, self.asked), secret=True), self._chosen, seat)

    def _chosen(self, option: Option, seat: int) -> None:
        self._chosen_at(option.value, seat)

    def _chosen_at(self, position: int, seat: int) -> None:
        """`seat` chose the card at `position` in the hand; P2 chooses next, or both cards are revealed."""
        self.picks[seat] = self.hands[seat][position]
        if seat == 0:
            if not self.quiet:
                self._events.append({"e": "chosen", "player": 0})
            self._choose(1)
        else:
            self._reveal()

    def _reveal(self) -> None:
        """Both cards are revealed; the higher total wins 1 point; then fatigue (after the winner is decided).

        Equal totals follow "Égalité de totaux": under "manche rejouée" the
        round is played again once, with new statistics.
        """
        rules, now, names, stats, number = self.rules, self.now, self.names, self.asked, self.round
        picks = self.picks[:]
        first, second = picks
        if self.with_powers:
            self.marks.entered = ()
            self.marks.new_round_totals()
        totals = self.totals(picks)
        self.seen[1][first] = now[first]
        self.seen[0][second] = now[second]
        self.shown[1][first] = rules.exchanges - self.exchanges[0]
        self.shown[0][second] = rules.exchanges - self.exchanges[1]
        ledger = self.ledger
        if ledger is not None:  # the lab's (see `State.ledger`): the two cards revealed are played
            ledger.append((0, names[first], "played", self.turn))
            ledger.append((1, names[second], "played", self.turn))
        if not self.quiet:
            self.emit(
                "reveal",
                round=number,
                stats=[STAT_NAMES[i] for i in stats],
                cards=[names[first], names[second]],
                values=[[now[first][i] for i in stats], [now[second][i] for i in stats]],
                totals=totals,
            )
        if self.with_powers and (self.has_powers(first) or self.has_powers(second) or self.marks.lasting):
            # powers without a trigger work at the reveal: their bonuses count in this round's totals
            self.marks.bonus = [0, 0]
            if self.marks.lasting:
                self.apply_lasting(picks)  # the changes "pendant N manches" still running, first
            self.fire(Moment.REVELEE, [(0, first, second), (1, second, first)])
            self.then(self._powered_totals, tuple(picks))
            return
        self._compare(picks, totals)

    def _powered_totals(self, picks: list[int]) -> None:
        """The totals once the revealed cards' powers have worked: statistics now, plus the bonuses."""
        base = self.totals(picks)
        totals = [base[0] + self.marks.bonus[0], base[1] + self.marks.bonus[1]]
        self.emit("totals", round=self.round, cards=[self.names[c] for c in picks], totals=totals, bonus=list(self.marks.bonus))
        self._compare(picks, totals)

    def _compare(self, picks: list[int], totals: list[int]) -> None:
        """The higher total wins (`_won`); equal totals go to a card that wins ties, else follow "Égalité de totaux"."""
        rules, stats, number = self.rules, self.asked, self.round
        if self.with_powers:
            self.compared(picks, totals)
        if totals[0] != totals[1]:
            self._won(picks, 0 if totals[0] > totals[1] else 1)
            return
        if self.with_powers and self.marks.ties[0] != self.marks.ties[1]:
            winner = 0 if self.marks.ties[0] else 1  # "cette carte gagne les égalités"
            self.emit("tie_won", round=number, player=winner, card=self.names[picks[winner]], total=totals[0])
            self._won(picks, winner)
            return
        rule = rules.equal_totals
        if rule == "manche rejouee" and not self.replay:
            self.emit("tie", round=number, rule=rule, replay=True, score=list(self.score))
            self._fatigue(picks, stats)
            self._round(number, True)
            return
        if rule == "les deux marquent":
            self.score[0] += 1
            self.score[1] += 1
        self.emit("tie", round=number, rule=rule, replay=False, score=list(self.score))
        self._fatigue(picks, stats)
        self._next_round()

    def _won(self, picks: list[int], winner: int) -> None:
        """`winner` scores 1 point; the winner's and the loser's powers; then fatigue and the next round."""
        stats = self.asked
        self.score[winner] += 1
        if not self.quiet:
            self.emit("won", round=self.round, player=winner, score=list(self.score))
        if self.with_powers:
            loser = 1 - winner
            self.fire(Moment.GAGNE, [(winner, picks[winner], picks[loser])])
            self.fire(Moment.PERD, [(loser, picks[loser], picks[winner])])
            self.then(self._fatigue, tuple(picks), stats)
            self.then(self._next_round)
            return
        self._fatigue(picks, stats)
        self._next_round()

    # -- The reserve ---------------------------------------------------------

    def _swaps(self) -> None:
        """Each player with an exchange left may swap a hand card for a random reserve card.

        Both decide in secret (P1, then P2), then the swaps are made: the
        reserve card is drawn by chance and arrives without fatigue; the card
        that leaves is shuffled into the reserve (its fatigue forgotten).
        """
        self.wanted = [None, None]
        if self.with_powers:
            self.marks.in_hand_powers = False
        if self._can_swap(0) or self._can_swap(1):
            self._offer_swap(0)
        else:
            self._choose(0)

    def _can_swap(self, seat: int) -> bool:
        """True when `seat` has an exchange left and a card in reserve."""
        return self.exchanges[seat] > 0 and bool(self.reserve[seat])

    def _offer_swap(self, seat: int) -> None:
        """`seat` decides in secret whether to swap, and which card of the hand; then P2, then the swaps."""
        if not self._can_swap(seat):
            self._next_offer(seat)
            return
        hand = self.hands[seat]
        if self.ask_among(seat, 1 + len(hand), self._swap_wanted_at, seat):  # (a random player: no option is made)
            return
        options = [NO_SWAP, *card_options(self.hand_labels(seat), self.totals(hand), swap=True)]
        self.ask_last(Decision(seat, "swap", options, _swap_prompt(self.exchanges[seat]), secret=True), self._swap_wanted, seat)

    def _swap_wanted(self, option: Option, seat: int) -> None:
        self.wanted[seat] = option.value
        self._next_offer(seat)

    def _swap_wanted_at(self, index: int, seat: int) -> None:
        """`_swap_wanted` for the option at `index`: 0 keeps the hand, 1 + a position swaps that card."""
        self.wanted[seat] = index - 1 if index else None
        self._next_offer(seat)

    def _next_offer(self, seat: int) -> None:
        """After P1's offer, P2's; after P2's, the swaps are made."""
        if seat == 0:
            self._offer_swap(1)
        else:
            self._make_swaps(0)

    def _make_swaps(self, first: int) -> None:
        """The swaps wanted are made, P1's first: the next one from seat `first` on; then the cards are chosen."""
        for seat in range(first, 2):
            if self.wanted[seat] is not None:
                self._swap_draw(seat)
                return
        self._choose(0)

    def _swap_draw(self, seat: int) -> None:
        """Chance draws the card that comes from `seat`'s reserve."""
        self.ask_draw(self.reserve[seat], None, "reserve", _RESERVE_PROMPTS[seat], self._swapped, seat)

    def _swapped(self, option: Option, seat: int) -> None:
        """The card drawn enters the hand at full strength; the one wanted out is shuffled into the reserve."""
        position = self.wanted[seat]
        assert position is not None, "only a swap wanted is drawn"
        if self._shared:
            self._own_piles()
        reserve, hand = self.reserve[seat], self.hands[seat]
        new = reserve.take(option.label)
        old = hand[position]
        self.now[new] = self.full[new]
        hand[position] = new
        reserve.shuffle_in(old)
        self._sort_hand(seat)
        self.exchanges[seat] -= 1
        if self.ledger is not None:  # the lab's (see `State.ledger`)
            self.ledger.append((seat, self.names[new], "held", self.turn))
        self.emit("swap", player=seat, out=self.names[old], card=self.names[new], left=self.exchanges[seat])
        if self.with_powers and any(power.moment is Moment.ECHANGEE for power in self.powers[old]):
            # "quand cette carte est échangée": from the reserve, before the next swap
            self.fire(Moment.ECHANGEE, [(seat, old, None)])
            self.then(self._make_swaps, seat + 1)
            return
        self._make_swaps(seat + 1)

    def _fatigue(self, picks: list[int], stats: tuple[int, ...]) -> None:
        """Both played cards lose `Fatigue` on each statistic asked, and only on those; never below 0.

        A card with its own fatigue (`Fatigue 5` under its statistics) loses
        that instead. A played card that a power put back into its hand after
        the reveal takes none: it came back fresh, as a card entering a hand
        always does. (One a power put in the reserve or out of the duel
        tires there, which changes nothing: it enters a hand fresh.)
        """
        rules_fatigue = self.rules.fatigue
        own = self.game.card_fatigue
        for seat, card in enumerate(picks):
            if self.with_powers and card in self.marks.entered:
                continue
            fatigue = rules_fatigue if own[card] is None else own[card]
            before = self.now[card]
            row = list(before)
            for i in stats:
                row[i] = row[i] - fatigue if row[i] > fatigue else 0
            now = self.now[card] = self.seen[1 - seat][card] = tuple(row)  # a new row: copies share rows
            if not self.quiet:
                changes = [[STAT_NAMES[i], before[i], now[i]] for i in stats]
                self.emit("fatigue", player=seat, card=self.names[card], changes=changes)

    def _is_worn_out(self) -> bool:
        """True when no round can be won any more: every hand card is at 0, and no swap can help."""
        for seat in (0, 1):
            if self.exchanges[seat] > 0 and len(self.reserve[seat]):
                return False
            if any(any(self.now[card]) or self.has_powers(card) for card in self.hands[seat]):
                return False  # a card with a power may still win on its bonuses
        return True
