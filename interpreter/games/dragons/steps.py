"""The interpreter of Duel de dragons's powers: when a duel reads them, and what their effects change.

`DragonsState` inherits these methods. The duel calls `fire(moment, cards)`
at five moments: the start of a round (every card of both hands, P1's
first, in hand order), a swap (the card swapped out, from the reserve), the
reveal (both played cards, before the totals are compared: the bonuses,
the changes for this round and who wins ties count in this round's
totals), and when a played card wins or loses a round (before the
fatigue). Each power of a card whose trigger is that moment, and whose
limit allows it, works once: its effects run in order, each as a task of
the agenda, so that a move that needs a choice or a draw poses its
decision and the next effect waits for it. A power's use counts against
its limit when its first effect runs: a `si` whose condition is false and
that has no `sinon` runs none, and leaves the use to a later round.

Everything ends: an effect fires no trigger; a card's power works at most
once at each moment (and a moment comes once per card per round); the
number of powers that work in one round is also capped (`MAX_FIRINGS`, a
safety net no card set reaches). Moves take at most the cards a zone holds,
and a hand always keeps one card.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.piles import Pile

from .ast import NomDeStatistique
from .conditions import Context, Lieu
from .effects import Si
from .moves import Choix
from .powers import Moment, Pouvoir
from .writing import STAT_NAMES

if TYPE_CHECKING:
    from .moves import Mets, Regarde

#: At most this many powers work in one round (a safety net: a round of two
#: hands of 5 cards with 3 powers each fires at most 36).
MAX_FIRINGS = 200

_STAT_INDEX = {stat: i for i, stat in enumerate(NomDeStatistique)}


@cache
def _stat_options(count: int) -> list[Option]:
    """The sets of `count` statistics a power may choose for a round, as chance's draw words them ("Puissance + Ruse")."""
    return [Option(" + ".join(STAT_NAMES[i] for i in combo), combo) for combo in combinations(range(4), count)]


class Marks:
    """What the powers in play have done in a duel: their uses, this round's bonuses, the cards looked at.

    (Kept apart from the duel's other fields: a state with fewer fields is
    read faster, see `tests/engine/test_state_fields.py`.)
    """

    __slots__ = ("uses", "round_uses", "bonus", "firings", "looking", "in_hand_powers", "entered", "ties", "lowered", "results", "lasting", "stage", "sequence")

    def __init__(self) -> None:
        #: How often each (card, power position) has worked: over the duel, over this round.
        self.uses: dict[tuple[int, int], int] = {}
        self.round_uses: dict[tuple[int, int], int] = {}
        #: This round's bonuses to each seat's total (from the powers read at the reveal).
        self.bonus = [0, 0]
        #: Powers that worked this round (bounded by MAX_FIRINGS).
        self.firings = 0
        #: Cards drawn from a pile to be looked at ("regarde"), until they are put somewhere: (seat, card).
        #: Replaced, never changed in place.
        self.looking: list[tuple[int, int]] = []
        #: True while the powers of the start of a round work: they are cards of a hand, which the
        #: other player does not see (the commentary hides them from that player).
        self.in_hand_powers = False
        #: The cards that entered a hand since this round's cards were revealed: a played card among
        #: them came back fresh, and takes none of the round's fatigue. Replaced, never changed in place.
        self.entered: tuple[int, ...] = ()
        #: Whether each seat's played card wins this round's ties (`cette carte gagne les égalités`).
        self.ties = (False, False)
        #: This round's changes of a played card's statistic (`pour cette manche`): (card, index) → change.
        #: Replaced, never changed in place.
        self.lowered: dict[tuple[int, int], int] = {}
        #: The previous round's result and this round's, once compared: (winner seat or None for a tie, margin).
        self.results: tuple[tuple[int | None, int] | None, tuple[int | None, int] | None] = (None, None)
        #: The changes and bonuses `pendant N manches`: (card, statistic indices, change, first round, round after
        #: the last, the effect, True for a bonus), rounds counted by `sequence`. Replaced, never changed in place.
        self.lasting: tuple[tuple[int, tuple[int, ...], int, int, int, Any, bool], ...] = ()
        #: Where this round is: 0 before the reveal, 1 while the revealed cards' powers work, 2 once compared.
        self.stage = 0
        #: The rounds begun in the duel (a round played again counts anew).
        self.sequence = 0

    def copy(self) -> Marks:
        """An independent copy."""
        new = object.__new__(Marks)
        new.uses, new.round_uses, new.bonus = self.uses.copy(), self.round_uses.copy(), self.bonus[:]
        new.firings, new.looking, new.in_hand_powers = self.firings, self.looking, self.in_hand_powers  # (`looking` is replaced)
        new.entered = self.entered  # (replaced, never changed)
        new.ties, new.lowered = self.ties, self.lowered  # (replaced, never changed)
        new.results, new.lasting, new.stage, new.sequence = self.results, self.lasting, self.stage, self.sequence  # (replaced)
        return new

    def new_round(self) -> None:
        """A round begins: its powers' uses and firings start anew, the last round's result becomes the previous one."""
        self.round_uses = {}
        self.firings = 0
        self.results = (self.results[1], None)
        self.stage = 0
        self.sequence += 1
        if self.lasting:
            self.lasting = tuple(entry for entry in self.lasting if entry[4] > self.sequence)

    def new_round_totals(self) -> None:
        """At a reveal: no bonus, no change for this round, nobody wins ties yet."""
        self.bonus = [0, 0]
        self.ties = (False, False)
        self.lowered = {}
        self.stage = 1


class PowersInPlay:
    """The part of a duel's state that reads powers (mixed into `DragonsState`)."""

    # Fields of DragonsState this mixin uses (declared there).
    game: Any
    names: list[str]
    now: list[tuple[int, ...]]
    hands: list[list[int]]
    reserve: list[Pile]
    left: list[Pile]
    score: list[int]
    exchanges: list[int]
    asked: tuple[int, ...]
    round: int
    _shared: bool

    def _init_powers(self) -> None:
        #: What the powers have done so far (see `Marks`).
        self.marks = Marks()

    @property
    def powers(self) -> list[tuple[Pouvoir, ...]]:
        """Each card's powers, by card id."""
        return self.game.card_powers  # type: ignore[no-any-return]

    @property
    def with_powers(self) -> bool:
        """Whether any card of the duel has a power."""
        return self.game.with_powers  # type: ignore[no-any-return]

    def _copy_powers(self, new: Any) -> None:
        """The copy's own marks; in a duel without powers, the same (nothing changes them: see `DragonsState._round`)."""
        new.marks = self.marks.copy() if self.with_powers else self.marks

    # ------------------------------------------------------------------
    # What the constructs read
    # ------------------------------------------------------------------

    def card_ast(self, card: int) -> Any:
        """A card's AST (its categories, rarity, powers)."""
        return self.game.cards[self.names[card]]

    def stat_now(self, card: int, stat: NomDeStatistique) -> int:
        """A card's statistic now, fatigue included."""
        return self.now[card][_STAT_INDEX[stat]]

    def is_asked(self, stat: NomDeStatistique) -> bool:
        """True when the round asks this statistic."""
        return _STAT_INDEX[stat] in self.asked

    def zone_cards(self, seat: int, lieu: Lieu) -> list[int]:
        """The cards of a seat's zone now."""
        if lieu is Lieu.MAIN:
            return list(self.hands[seat])
        pile = self.reserve[seat] if lieu is Lieu.RESERVE else self.left[seat]
        return pile.cards()

    # ------------------------------------------------------------------
    # When powers work
    # ------------------------------------------------------------------

    def has_powers(self, card: int) -> bool:
        """True when the card has a power."""
        return bool(self.powers[card])

    def fire(self, moment: Moment, cards: list[tuple[int, int, int | None]]) -> None:
        """Schedule the powers of these cards (seat, card, the other's played card) for this moment, in order."""
        self.marks.in_hand_powers = moment is Moment.DEBUT or moment is Moment.ECHANGEE
        for seat, card, other in cards:
            for index, power in enumerate(self.powers[card]):
                if power.moment is moment:
                    self.then(self._fire_power, seat, card, other, index)  # type: ignore[attr-defined]

    def _fire_power(self, seat: int, card: int, other: int | None, index: int) -> None:
        """A power works, if its card is still in its player's hand (swapped out: in the reserve) and its limit allows it.

        Its use is counted when its first effect runs (`_run_effect`), not here.
        """
        power = self.powers[card][index]
        if (card not in self.hands[seat] and power.moment is not Moment.ECHANGEE) or self.marks.firings >= MAX_FIRINGS:
            return
        key = (card, index)
        limite = power.limite
        use = None
        if limite is not None:
            if not limite.allows(self._uses_of(limite).get(key, 0)):  # type: ignore[attr-defined]
                return
            use = key
        self.marks.firings += 1
        self.emit("power", player=seat, card=self.names[card], power=power.write(), secret=self.marks.in_hand_powers)  # type: ignore[attr-defined]
        power.run(Context(self, seat, card, other, use))  # type: ignore[arg-type]

    def _uses_of(self, limite: Any) -> dict[tuple[int, int], int]:
        """The counts a limit reads: over the duel, or over this round."""
        return self.marks.uses if limite.per == "duel" else self.marks.round_uses

    def _count_use(self, use: tuple[int, int]) -> None:
        """A power with a limit did something: its use counts."""
        counts = self._uses_of(self.powers[use[0]][use[1]].limite)
        counts[use] = counts.get(use, 0) + 1

    def run_effects(self, ctx: Context, effets: tuple[Any, ...]) -> None:
        """Run effects in order, each once the one before is done (its decisions answered)."""
        if effets:
            self.then(self._run_effect, ctx.seat, ctx.card, ctx.other, effets, ctx.use)  # type: ignore[attr-defined]

    def _run_effect(self, seat: int, card: int, other: int | None, effets: tuple[Any, ...], use: tuple[int, int] | None = None) -> None:
        """The first effect runs (the power's use is counted then, unless it is a `si`, which counts through its branch)."""
        first, *rest = effets
        if use is not None and not isinstance(first, Si):
            self._count_use(use)
            use = None
        ctx = Context(self, seat, card, other, use)  # type: ignore[arg-type]
        first.run(ctx)
        if rest:
            self.then(self._run_effect, seat, card, other, tuple(rest), use)  # type: ignore[attr-defined]

    def condition_read(self, ctx: Context, si: Any, holds: bool) -> None:
        """A "si" was read: the commentary says which branch."""
        self.emit("condition", player=ctx.seat, holds=holds, otherwise=bool(si.sinon), secret=self.marks.in_hand_powers)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------
    # Effects
    # ------------------------------------------------------------------

    def add_bonus(self, ctx: Context, amount: int, bonus: Any) -> None:
        """This round's total of the card's seat changes by `amount`."""
        self.marks.bonus[ctx.seat] += amount
        self.emit("bonus", player=ctx.seat, card=self.names[ctx.card], amount=amount, text=bonus.write())  # type: ignore[attr-defined]

    def add_points(self, ctx: Context, seat: int, delta: int) -> None:
        """A seat's score changes (never below 0)."""
        before = self.score[seat]
        self.score[seat] = max(0, before + delta)
        self.emit("points", player=seat, change=self.score[seat] - before, score=list(self.score))  # type: ignore[attr-defined]

    def add_exchanges(self, ctx: Context, delta: int) -> None:
        """The card's player has more (or fewer, never below 0) exchanges with the reserve."""
        seat = ctx.seat
        self.exchanges[seat] = max(0, self.exchanges[seat] + delta)
        self.emit("exchanges", player=seat, left=self.exchanges[seat])  # type: ignore[attr-defined]

    def change_stats(self, ctx: Context, card: int, stats: tuple[NomDeStatistique, ...], delta: int) -> None:
        """A card's statistics now change: up to the printed value, down to 0."""
        row = list(self.now[card])  # rows are shared by copies: replaced, never changed
        full = self.game.card_stats[card]
        changes = []
        for stat in stats:
            i = _STAT_INDEX[stat]
            before = row[i]
            row[i] = max(0, min(full[i], before + delta))
            changes.append([stat.value, before, row[i]])
        self.now[card] = tuple(row)
        seat = 0 if card in self.game.owned[0] else 1
        self.emit("stats_changed", player=seat, card=self.names[card], changes=changes, secret=self.marks.in_hand_powers)  # type: ignore[attr-defined]

    def win_ties(self, ctx: Context) -> None:
        """`cette carte gagne les égalités`: the card's seat wins this round's tie, if any."""
        ties = list(self.marks.ties)
        ties[ctx.seat] = True
        self.marks.ties = (ties[0], ties[1])
        self.emit("wins_ties", player=ctx.seat, card=self.names[ctx.card])  # type: ignore[attr-defined]

    def change_this_round(self, ctx: Context, card: int, stats: tuple[NomDeStatistique, ...], delta: int, effect: Any) -> None:
        """A played card's statistics asked this round change for this round's total only (down to 0, up to the printed value)."""
        seat = 0 if card in self.game.owned[0] else 1
        full = self.game.card_stats[card]
        lowered = dict(self.marks.lowered)
        total = 0
        for stat in stats:
            i = _STAT_INDEX[stat]
            if i not in self.asked:
                continue
            before = lowered.get((card, i), 0)
            now = self.now[card][i] + before
            after = max(0, min(max(full[i], now), now + delta))  # (a copy may be above the printed value)
            lowered[(card, i)] = before + after - now
            total += after - now
        self.marks.lowered = lowered
        if total or any(_STAT_INDEX[stat] in self.asked for stat in stats):
            self.marks.bonus[seat] += total
            self.emit("bonus", player=seat, card=self.names[card], amount=total, text=effect.write())  # type: ignore[attr-defined]

    def round_result(self, previous: bool) -> tuple[int | None, int] | None:
        """The previous round's result, or this round's once compared: (winner seat or None for a tie, margin)."""
        return self.marks.results[0 if previous else 1]

    def compared(self, picks: list[int], totals: list[int]) -> None:
        """This round's totals are compared: its result is kept (what `l'écart de la manche` and the next round read)."""
        ties = self.marks.ties
        if totals[0] != totals[1]:
            winner: int | None = 0 if totals[0] > totals[1] else 1
        else:  # a tie won by a card that wins ties is a round won (by 0)
            winner = None if ties[0] == ties[1] else (0 if ties[0] else 1)
        self.marks.results = (self.marks.results[0], (winner, abs(totals[0] - totals[1])))
        self.marks.stage = 2

    def copy_this_round(self, ctx: Context, other: int, stats: tuple[NomDeStatistique, ...], effect: Any) -> None:
        """`cette carte copie …`: the card's statistics asked are worth the other card's for this round's total."""
        lowered = dict(self.marks.lowered)
        card, total = ctx.card, 0
        for stat in stats:
            i = _STAT_INDEX[stat]
            if i not in self.asked:
                continue
            mine = self.now[card][i] + lowered.get((card, i), 0)
            theirs = self.now[other][i] + lowered.get((other, i), 0)
            lowered[(card, i)] = lowered.get((card, i), 0) + theirs - mine
            total += theirs - mine
        self.marks.lowered = lowered
        if any(_STAT_INDEX[stat] in self.asked for stat in stats):
            self.marks.bonus[ctx.seat] += total
            self.emit("bonus", player=ctx.seat, card=self.names[card], amount=total, text=effect.write())  # type: ignore[attr-defined]

    def change_lasting(self, ctx: Context, card: int, stats: tuple[NomDeStatistique, ...], delta: int, rounds: int, effect: Any) -> None:
        """`… pendant N manches`: the change counts in N rounds' totals, from this one if they are still to be compared."""
        if self.marks.stage == 1:  # at the reveal: this round at once, then the next ones
            self.change_this_round(ctx, card, stats, delta, effect)
        indices = tuple(_STAT_INDEX[stat] for stat in stats)
        self._last(card, indices, delta, rounds, effect, False)

    def bonus_lasting(self, ctx: Context, amount: int, rounds: int, bonus: Any) -> None:
        """`+10 au total pendant N manches`: the bonus counts in the card's total in N rounds, from this one if still to be compared."""
        if self.marks.stage == 1 and bonus.counts_against(self, ctx.other):
            self.add_bonus(ctx, amount, bonus)
        self._last(ctx.card, (), amount, rounds, bonus, True)

    def _last(self, card: int, indices: tuple[int, ...], delta: int, rounds: int, effect: Any, bonus: bool) -> None:
        """Keep a change (or a bonus) for the rounds to come: from the next one when this round's totals are read or compared."""
        marks = self.marks
        first = marks.sequence
        if marks.stage == 1:  # (this round's part is done)
            first += 1
            rounds -= 1
        elif marks.stage == 2:
            first += 1
        if rounds > 0:
            marks.lasting = (*marks.lasting, (card, indices, delta, first, first + rounds, effect, bonus))
        seat = 0 if card in self.game.owned[0] else 1
        self.emit("lasting", player=seat, card=self.names[card], text=effect.write(), rounds=rounds, secret=marks.in_hand_powers)  # type: ignore[attr-defined]

    def apply_lasting(self, picks: list[int]) -> None:
        """At a reveal: the changes and bonuses `pendant N manches` still running count for the played cards, in order."""
        sequence = self.marks.sequence
        for card, indices, delta, first, end, effect, bonus in self.marks.lasting:
            if first <= sequence < end and card in picks:
                seat = picks.index(card)
                ctx = Context(self, seat, card, picks[1 - seat])  # type: ignore[arg-type]
                if bonus:
                    if effect.counts_against(self, ctx.other):
                        self.add_bonus(ctx, delta, effect)
                    continue
                stats = tuple(stat for stat, i in _STAT_INDEX.items() if i in indices)
                self.change_this_round(ctx, card, stats, delta, effect)

    def opponent_chooses(self, ctx: Context, options: tuple[Any, ...]) -> None:
        """`l'adversaire choisit : … ou …`: the other player chooses which effect the power does."""
        chooser = 1 - ctx.seat
        choices = [Option(option.write(), index) for index, option in enumerate(options)]
        card = "a card in the hand" if self.marks.in_hand_powers else self.names[ctx.card]  # (a hand's card stays unseen)
        prompt = f"{seat_name(ctx.seat)}'s {card}: which effect do you choose?"
        self.ask(Decision(chooser, "power_choice", choices, prompt), self._opponent_chose, ctx.seat, ctx.card, ctx.other, options)  # type: ignore[attr-defined]

    def _opponent_chose(self, option: Option, seat: int, card: int, other: int | None, options: tuple[Any, ...]) -> None:
        """The effect chosen runs, for the card's player."""
        chosen = options[option.value]
        self.emit("opponent_chose", player=1 - seat, text=chosen.write())  # type: ignore[attr-defined]
        self.run_effects(Context(self, seat, card, other), (chosen,))  # type: ignore[arg-type]

    def change_another_card(self, ctx: Context, stats: tuple[NomDeStatistique, ...], delta: int) -> None:
        """`une autre carte de ta main …`: the card's player chooses one of the hand's other cards, whose statistics change."""
        seat = ctx.seat
        labels = self._labels_of(seat)
        options = [Option(label, card) for label, card in zip(labels, self.hands[seat]) if card != ctx.card]
        if not options:
            return
        decision = Decision(seat, "power_target", options, "which other card of your hand?")
        self.ask(decision, self._another_card_chosen, seat, ctx.card, ctx.other, stats, delta)  # type: ignore[attr-defined]

    def _another_card_chosen(self, option: Option, seat: int, card: int, other: int | None, stats: tuple[NomDeStatistique, ...], delta: int) -> None:
        self.change_stats(Context(self, seat, card, other), option.value, stats, delta)  # type: ignore[arg-type]

    def choose_stats(self, ctx: Context) -> None:
        """`choisis les statistiques de la manche`: the card's player chooses as many statistics as were drawn."""
        if not self.asked:
            return  # no statistics drawn yet (the checks keep the power where they are)
        options = _stat_options(len(self.asked))[:]
        decision = Decision(ctx.seat, "power_stats", options, f"which {len(self.asked)} statistics count this round?")
        self.ask(decision, self._stats_chosen, ctx.seat)  # type: ignore[attr-defined]

    def _stats_chosen(self, option: Option, seat: int) -> None:
        """The round now asks the statistics chosen; both players see them."""
        self.asked = option.value
        self.emit("stats_chosen", player=seat, round=self.round, stats=option.label.split(" + "))  # type: ignore[attr-defined]

    # -- Moving cards ------------------------------------------------------

    def _pile(self, seat: int, lieu: Lieu) -> Pile:
        if self._shared:
            self._own_piles()  # type: ignore[attr-defined]
        return self.reserve[seat] if lieu is Lieu.RESERVE else self.left[seat]

    def _put(self, seat: int, card: int, lieu: Lieu) -> None:
        """A card goes to a zone of its player; entering the hand, it comes without fatigue (the round's included)."""
        if lieu is Lieu.MAIN:
            self.now[card] = self.game.card_stats[card]
            self.marks.entered = (*self.marks.entered, card)
            self.hands[seat].append(card)
            if self.ledger is not None:  # type: ignore[attr-defined]  # the lab's (see `State.ledger`)
                self.ledger.append((seat, self.names[card], "held", self.round))  # type: ignore[attr-defined]
            self._sort_hand(seat)  # type: ignore[attr-defined]
        else:
            self._pile(seat, lieu).shuffle_in(card)

    def _take_from_hand(self, seat: int, card: int) -> bool:
        """Take a card out of a hand, which keeps at least one card; False when it cannot."""
        hand = self.hands[seat]
        if card not in hand or len(hand) <= 1:
            return False
        hand.remove(card)
        self._sort_hand(seat)  # type: ignore[attr-defined]
        return True

    def _moved(self, seat: int, card: int, source: str, lieu: Lieu, visible: bool, by: int) -> None:
        self.emit(  # type: ignore[attr-defined]
            "move",
            player=seat,
            card=self.names[card],
            source=source,
            to=lieu.value,
            visible=visible,
            by=by,
        )

    def move(self, ctx: Context, mets: Mets) -> None:
        """`mets …`: a played card moves at once; cards of a zone one by one (a draw or a choice each)."""
        if mets.source is None:
            card = ctx.card_of(mets.carte)  # type: ignore[arg-type]
            if card is None:
                return
            seat = 0 if card in self.game.owned[0] else 1
            if mets.destination is Lieu.MAIN or not self._take_from_hand(seat, card):
                return  # a played card is in its hand already, and a hand keeps one card
            self._put(seat, card, mets.destination)
            self._moved(seat, card, "main", mets.destination, mets.visible, ctx.seat)
            return
        seat = ctx.seat_of(mets.source.qui)
        if mets.choix is Choix.HASARD:
            chooser = CHANCE
        else:
            chooser = ctx.seat if mets.choix is Choix.TOI else 1 - ctx.seat
        args = (seat, mets.source.lieu, mets.destination, chooser, mets.visible, ctx.seat)
        self._move_next(*args, mets.nombre or 1)

    def _move_next(self, seat: int, source: Lieu, dest: Lieu, chooser: int, visible: bool, by: int, left: int) -> None:
        """The next card of a move: drawn or chosen, if the zone still has one to give."""
        if left <= 0 or source is dest:
            return
        if source is Lieu.MAIN:
            if len(self.hands[seat]) <= 1:
                return
            decision = self._move_decision(seat, source, dest, chooser)
            self.ask(decision, self._move_hand_card, seat, dest, visible, by, chooser, left)  # type: ignore[attr-defined]
            return
        if not self._pile(seat, source):
            return
        decision = self._move_decision(seat, source, dest, chooser)
        self.ask(decision, self._move_pile_card, seat, source, dest, visible, by, chooser, left)  # type: ignore[attr-defined]

    def _move_decision(self, seat: int, source: Lieu, dest: Lieu, chooser: int) -> Decision:
        """The draw (chance) or the choice of the next card a move takes from a seat's zone."""
        kind = "power_draw" if chooser == CHANCE else "power_pick"
        prompt = f"which card of {seat_name(seat)}'s {source.value} goes {dest.value}?"
        if source is Lieu.MAIN:
            options = [Option(label, card) for label, card in zip(self._labels_of(seat), self.hands[seat])]
            return Decision(chooser, kind, options, prompt)
        pile = self._pile(seat, source)
        if chooser == CHANCE:
            return pile.draw_decision(self.names.__getitem__, kind, prompt)
        counts: dict[str, int] = {}
        for card in pile.cards():
            counts[self.names[card]] = counts.get(self.names[card], 0) + 1
        return Decision(chooser, kind, [Option(name, name) for name in sorted(counts)], prompt)

    def repose_pick(self, seat: int) -> None:
        """Pose anew a pending choice among `seat`'s hand or pile (its cards were dealt anew in a copy)."""
        waiting = self._waiting  # type: ignore[attr-defined]
        if waiting is None:
            return
        method, args, _ = waiting
        if method is PowersInPlay._move_hand_card and args[0] == seat:
            self.repose(self._move_decision(seat, Lieu.MAIN, args[1], args[4]))  # type: ignore[attr-defined]
        elif method is PowersInPlay._move_pile_card and args[0] == seat:
            self.repose(self._move_decision(seat, args[1], args[2], args[5]))  # type: ignore[attr-defined]

    def _labels_of(self, seat: int) -> list[str]:
        return self.hand_labels(seat)  # type: ignore[attr-defined]

    def _move_hand_card(self, option: Option, seat: int, dest: Lieu, visible: bool, by: int, chooser: int, left: int) -> None:
        card = option.value
        if self._take_from_hand(seat, card):
            self._put(seat, card, dest)
            self._moved(seat, card, "main", dest, visible, by)
        self._move_next(seat, Lieu.MAIN, dest, chooser, visible, by, left - 1)

    def _move_pile_card(self, option: Option, seat: int, source: Lieu, dest: Lieu, visible: bool, by: int, chooser: int, left: int) -> None:
        card = self._pile(seat, source).take(option.label, self.names.__getitem__)
        self._put(seat, card, dest)
        self._moved(seat, card, source.value, dest, visible, by)
        self._move_next(seat, source, dest, chooser, visible, by, left - 1)

    # -- Looking at the first cards of a pile ---------------------------------

    def look(self, ctx: Context, regarde: Regarde) -> None:
        """`regarde les N premières cartes de …`: N chance draws, shown to the card's player; then the cards put."""
        seat = ctx.seat_of(regarde.source.qui)
        source = regarde.source.lieu
        if source is Lieu.MAIN:
            return  # a hand is no pile (validation says so)
        self.marks.looking = []
        dest = regarde.destination or Lieu.MAIN
        self._look_next(seat, source, ctx.seat, regarde.nombre, regarde.prises, dest)

    def _look_next(self, seat: int, source: Lieu, looker: int, left: int, taken: int, dest: Lieu) -> None:
        pile = self._pile(seat, source)
        if left > 0 and pile:
            decision = pile.draw_decision(self.names.__getitem__, "power_draw", f"{seat_name(looker)} looks at a card of {seat_name(seat)}'s {source.value}")
            self.ask(decision, self._looked_at, seat, source, looker, left, taken, dest)  # type: ignore[attr-defined]
            return
        self.emit("look", player=looker, owner=seat, source=source.value, cards=[self.names[c] for _, c in self.marks.looking])  # type: ignore[attr-defined]
        self._look_take(seat, source, looker, taken, dest)

    def _looked_at(self, option: Option, seat: int, source: Lieu, looker: int, left: int, taken: int, dest: Lieu) -> None:
        card = self._pile(seat, source).take(option.label, self.names.__getitem__)
        self.marks.looking = [*self.marks.looking, (seat, card)]
        self._look_next(seat, source, looker, left - 1, taken, dest)

    def _look_take(self, seat: int, source: Lieu, looker: int, taken: int, dest: Lieu) -> None:
        """The looker picks the cards to put in `dest`; the others go back into the pile."""
        if taken > 0 and self.marks.looking and dest is not source:
            cards = [card for _, card in self.marks.looking]
            options = [Option(self.names[card], card) for card in sorted(cards, key=lambda c: (self.names[c], c))]
            prompt = f"which card you looked at goes {dest.value}?"
            self.ask(Decision(looker, "power_pick", options, prompt), self._look_taken, seat, source, looker, taken, dest)  # type: ignore[attr-defined]
            return
        pile = self._pile(seat, source)
        for _, card in self.marks.looking:
            pile.shuffle_in(card)
        self.marks.looking = []

    def _look_taken(self, option: Option, seat: int, source: Lieu, looker: int, taken: int, dest: Lieu) -> None:
        card = option.value
        self.marks.looking = [pair for pair in self.marks.looking if pair[1] != card]
        self._put(seat, card, dest)
        self._moved(seat, card, source.value, dest, False, looker)
        self._look_take(seat, source, looker, taken - 1, dest)
