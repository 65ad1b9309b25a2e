"""A game of BattleFight in progress: zones, pawns, turns, and the step loop.

The state is plain data (seats, the techniques in play, the frames of the
techniques running) and its flow is an agenda of tasks (`engine/agenda.py`):
the setup's tasks, then the step loop (`_play_on`), which runs the current
step of the technique on top, or ends the turn when none runs. The handlers,
one per keyword, are in `steps.py`; a handler that must ask poses its decision
with `wait`, and the answer goes on with a function named after what it does.
A decision with a single option is taken at once and never asked. Every
decision, asked or taken at once, is an action counted against the bounds of
`engine/limits.py`, and so is each turn's question when no technique can be
played. Everything that happens is an event (see `commentary.py` for their
meaning).

Zones (rules note, "Decks, zones, setup"): each player has a draw pile
(shuffled segments, drawn by chance), a hand, the activity zone (techniques
being executed or Stable, kept in `actives` with their owner) and a discard.
"""

from __future__ import annotations

from collections.abc import Callable, Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from atout.interpreter.engine.agenda import AgendaState
from atout.interpreter.engine.counters import NO_COUNTERS, Counters, on_card
from atout.interpreter.engine.durations import NO_DURATIONS, Durations
from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.repetition import Seen, count_position
from atout.interpreter.engine.zones import conservation, shuffle
from atout.interpreter.language.text import fold

from . import ast
from . import durations as timing
from .ast import perspectives
from .board import Board, Cell
from .powers import Event, Limit, Quand
from .writing import step_text

if TYPE_CHECKING:  # the game makes its states: this module is below it
    from .game import BattleFightGame

#: The five technique types, in the rulebook's order: boosters and sealed decks go through them in turn.
TYPES = tuple(ast.TechniqueType)


@dataclass(slots=True, eq=False)
class Active:
    """A technique in the activity zone: being executed, or Stable.

    `next_step` is the index of the next step to run; `permanents` are the
    permanent steps already executed, each with the seat it benefits; they
    count while the technique is active and vanish with it.

    Two actives are the same only if they are one object (a technique may be
    in play several times: a basic technique, played again by Rejouer); `uid`
    tells them apart in the options of a decision and in a copy of the state.
    """

    uid: int
    technique: ast.Technique
    owner: int
    card: int | None
    next_step: int = 0
    stable: bool = False
    cost: int = 0
    permanents: list[tuple[int, ast.Keyword]] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The technique's title."""
        return self.technique.name

    def copy(self) -> Active:
        """An independent copy (the permanents are a list of its own).

        (Each field set directly, without the class's `__init__`: a bot's trials copy a position at every try.)
        """
        new = object.__new__(Active)
        new.uid, new.technique, new.owner, new.card = self.uid, self.technique, self.owner, self.card
        new.next_step, new.stable, new.cost, new.permanents = self.next_step, self.stable, self.cost, self.permanents[:]
        return new


class StableTechnique(NamedTuple):
    """A Stable technique as an option of Déstabiliser shows it: a snapshot, its active found again by `uid`."""

    uid: int
    technique: ast.Technique
    owner: int
    cost: int
    next_step: int


@dataclass(slots=True, eq=False)
class Frame:
    """The execution of one active technique.

    `actors` lists the points of view (me, them) the current step still runs
    for: one for a plain step, the opponent's for "L'adversaire a", both
    players' for "Tout le monde a" (None: the step has not started).

    `inner` holds the steps of a block still to run (a "Si"'s chosen block, a
    power's), the first being the one running when `in_block`; the
    technique's next step waits for them. A power's frame (`power`: the key
    of the power, see `BattleFightState.trigger`) runs its block only, then
    ends; the technique it belongs to stays as it was.
    """

    active: Active
    actors: list[tuple[int, int]] | None = None
    inner: list[ast.Step] = field(default_factory=list)
    in_block: bool = False
    power: tuple[int, int] | None = None


@dataclass(slots=True)
class Seat:
    """One player's counters and zones."""

    life: int
    pile: Pile
    position: Cell | None = None
    damage: int = 0
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    #: True while the pile is shared with a copy of the state: it is copied before a card is taken from it.
    pile_shared: bool = False

    @property
    def cell(self) -> Cell:
        """Where the player stands (read only while the game goes on: off the board, it is over)."""
        if self.position is None:
            raise ValueError("this player is off the board: the game is over")
        return self.position

    def copy(self) -> Seat:
        """An independent copy: its own hand and discard; the pile is shared until a card is taken from it.

        A pile changes only when a card is taken (`take`) or when it is laid
        anew: sharing it makes a copy of the state cheap.
        """
        self.pile_shared = True
        new = object.__new__(Seat)  # each field set directly, as `Active.copy` does
        new.life, new.pile, new.position, new.damage = self.life, self.pile, self.position, self.damage
        new.hand, new.discard, new.pile_shared = self.hand[:], self.discard[:], True
        return new

    def take(self, label: str, name: Callable[[int], str]) -> int:
        """Take a card named `label` from the pile (a pile shared with a copy is copied first)."""
        if self.pile_shared:
            self.pile, self.pile_shared = self.pile.copy(), False
        return self.pile.take(label, name)


#: The permanent bonuses, in the order of `BattleFightState.bonuses`.
BONUSES = (ast.Force, ast.Protection, ast.Vitesse, ast.Charme)
_BONUS_INDEX: dict[type, int] = {kind: index for index, kind in enumerate(BONUSES)}
#: No bonus in play.
_NO_BONUS = (0,) * (2 * len(BONUSES))
#: The second part of a delayed block's frame key (`Frame.power`): a power's is its permanent's index, 0 or more.
LATER = -1

#: No type forbidden.
_NOTHING: frozenset = frozenset()

#: What a handler tells the step loop.
NEXT, FAIL, STABLE, WAIT = "next", "fail", "stable", "wait"

#: A step's answer to a decision: (state, option, *arguments) → what the step loop does next.
Again = Callable[..., str]


class BattleFightState(AgendaState["BattleFightGame"]):
    """A position in a game of BattleFight."""

    step_events = frozenset({"step"})
    #: The tokens on the players (`counters.py`): none until a step puts one. A class default, so that a
    #: game whose techniques use no tokens keeps no field for them; a change sets a new store (copies share it).
    counters: Counters = NO_COUNTERS
    #: The delayed and lasting steps (`durations.py`): none until a step keeps one. A class default, as `counters`.
    durations: Durations = NO_DURATIONS

    # A state's fields are kept at 29 at most, those the engine sets during play included: CPython 3.11 keeps
    # the fields of objects of a class apart from their names up to that many, and reads them faster so.

    def __init__(self, game: BattleFightGame) -> None:
        self.game = game
        self.rules = game.rules
        self.cards: list[ast.Technique] = []
        self.owners: list[int] = []
        #: Each card's weight in a zone's tally, by its name (`BattleFightGame.name_weight`): positions are
        #: compared by tallies; the weights grow in name order, so hands are sorted by them too.
        self.weights: list[int] = []
        life = game.rules.life
        self.seats = [Seat(life, Pile()), Seat(life, Pile())]
        self.actives: list[Active] = []
        #: The actives that have permanents, in play order: what `bonus` and
        #: `restrictions` read, however many techniques are in play.
        self.holders: list[Active] = []
        #: The sums of the bonuses in play, `BONUSES` for P1 then for P2 (what `bonus` reads; replaced, never
        #: changed: copies share it).
        self.bonuses: tuple[int, ...] = _NO_BONUS
        self.frames: list[Frame] = []
        self.current = 0
        self._turn = 0
        self._uid = 0
        #: How many turns each position started (`signature`), for the draw by repetition (`count_position`).
        self._seen: Seen = {}
        #: True while `_seen` is shared with a copy of the state: it is copied before a turn is counted in it.
        self._seen_shared = False
        #: During the setup, the booster cards opened and not kept yet (the cards kept, of a sealed deck, go
        #: from one choice to the next with the choice).
        self.opened: list[ast.Technique] = []
        #: Cards of a pile turned face up by "Prendre … parmi les N premières", until they are taken or put back.
        self.looking: tuple[int, ...] = ()
        #: Powers set off and waiting for the step that set them off to be over: (active uid, permanent index).
        self.triggered: list[tuple[int, int]] = []
        #: When each power last fired (turn), and the powers "une fois par partie" that have fired: by power key.
        self.fired: dict[tuple, int] = {}
        #: True while the powers of the start of a turn run: the turn's technique is chosen after them.
        self.to_choose = False
        self.start(self._setup)

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The game's board."""
        return self.game.board

    @property
    def turn(self) -> int:
        """The turn being played (0 during the setup)."""
        return self._turn

    def view(self, player: int):
        """What `player` may know: everything but the other hand and the piles' order."""
        from .view import BattleFightView

        return BattleFightView.of(self, player)

    def describe(self, viewer: int | None = None) -> str:
        """Life, damage points, positions, hands, piles and active techniques."""
        from .commentary import describe

        return describe(self, viewer)

    def check_invariants(self) -> list[str]:
        """Every card of each player is in exactly one zone, and none is lost; the bonuses are those in play."""
        problems = []
        in_play = [0] * len(_NO_BONUS)
        for active in self.holders:
            for player, keyword in active.permanents:
                if type(keyword) in _BONUS_INDEX:
                    in_play[4 * player + _BONUS_INDEX[type(keyword)]] += keyword.n  # type: ignore[attr-defined]
        if self.durations is not NO_DURATIONS:
            for player, keyword in self.durations.modifiers():
                in_play[4 * player + _BONUS_INDEX[type(keyword)]] += keyword.n
        if tuple(in_play) != self.bonuses:
            problems.append(f"the bonuses counted {list(self.bonuses)} are not those in play {in_play}")
        for seat_index, seat in enumerate(self.seats):
            zones = {
                "pile": seat.pile.cards(),
                "hand": seat.hand,
                "discard": seat.discard,
                "in play": [a.card for a in self.actives if a.card is not None and a.owner == seat_index],
                "looked at": [card for card in self.looking if self.owners[card] == seat_index],
            }
            owned = [card for card, owner in enumerate(self.owners) if owner == seat_index]
            problems += conservation(zones, owned, self.name_of, seat_name(seat_index))
        return problems

    def copy_fields(self, new: BattleFightState) -> None:
        """The seats, the techniques in play and their frames, the positions seen; the decks during the setup.

        `actives`, `holders` and `frames` point at the same `Active` objects:
        the copy's do too, at its own copies.
        """
        new.seats = [seat.copy() for seat in self.seats]
        if self.actives:
            twins = {active.uid: active.copy() for active in self.actives}
            new.actives = list(twins.values())
            new.holders = [twins[active.uid] for active in self.holders]
            new.frames = [Frame(twins[f.active.uid], None if f.actors is None else f.actors[:], f.inner[:], f.in_block, f.power) for f in self.frames]
        else:  # between two techniques (a frame runs an active: none either)
            new.actives, new.holders, new.frames = [], [], []
        self._seen_shared = new._seen_shared = True  # shared until a turn is counted (`_start_turn`)
        new.triggered = self.triggered[:]
        new.fired = self.fired.copy()
        if self._turn == 0:  # the decks are still being made
            new.cards, new.owners, new.weights = self.cards[:], self.owners[:], self.weights[:]
            new.opened = self.opened[:]

    def resample(self, player: int, rng: Any) -> BattleFightState:
        """A copy where the other player's hand and pile are dealt anew from what `player` may know.

        Together they are the other player's cards not seen elsewhere (the
        discards and the techniques in play are face up): they are put in a
        canonical order, shuffled with `rng`, and dealt back keeping the
        hand's size and each pile segment's size. `player` knows the cards
        of a constructed deck (its list is public), so the same cards are
        dealt; of a random or sealed deck they know only the types (four of
        each), so each unseen card is drawn anew, by chance, among the cards
        of its type, as a booster's is. `player`'s own pile holds known cards
        and is drawn by chance: its order is not part of the state, there is
        nothing to draw anew. The positions that started past turns (for the
        draw by repetition) are kept as they were: drawing them anew would
        mean drawing a whole past.
        """
        new = cast(BattleFightState, self.clone())
        new._start = []  # the setup's events name a random or sealed deck's cards: not the seat's to see
        other = 1 - player
        seat = new.seats[other]
        unseen = seat.hand + seat.pile.cards()
        if self.game.decks[other].kind == "constructed":
            unseen.sort(key=lambda card: (self.name_of(card), card))
            shuffle(unseen, rng)
        else:
            rank = {technique_type: index for index, technique_type in enumerate(TYPES)}
            unseen.sort(key=lambda card: (rank[self.cards[card].type], card))
            shuffle(unseen, rng)
            new.cards, new.weights = self.cards[:], self.weights[:]
            for card in unseen:
                technique = rng.choice(self.game.by_type[self.cards[card].type])
                new.cards[card], new.weights[card] = technique, self.game.name_weight[technique.name]
        size = len(seat.hand)
        seat.hand = unseen[:size]
        segments = []
        for segment in seat.pile.segments:
            segments.append(unseen[size : size + len(segment)])
            size += len(segment)
        seat.pile, seat.pile_shared = Pile(segments), False
        return new

    def name_of(self, card: int) -> str:
        """The title of a card by its id."""
        return self.cards[card].name

    def give(self, card: int, seat: int) -> None:
        """The card is `seat`'s from now on (taken into one of its zones by "Prendre")."""
        if self.owners[card] != seat:
            self.owners = self.owners[:]  # shared with copies of the state: copied before it changes
            self.owners[card] = seat

    # ------------------------------------------------------------------
    # Setup: first player, decks, piles
    # ------------------------------------------------------------------

    def _setup(self) -> None:
        """The setup: who plays first, each player's deck, the pawns; then the first turn."""
        self.then(self._choose_first_player)
        for seat in range(len(self.game.decks)):
            self.then(self._make_deck, seat)
        self.then(self._place_pawns)

    def _choose_first_player(self) -> None:
        """The match names the first player (the loser of the last game), else chance does."""
        fixed = self.game.first_player
        if fixed is not None:
            self.current = self.first_player = fixed
            self.emit("first_player", player=fixed, by="match")
            return
        self.ask(Decision(CHANCE, "first_player", [Option("P1", 0), Option("P2", 1)], "Who plays first?"), self._first_player_drawn)

    def _first_player_drawn(self, option: Option) -> None:
        """Chance has chosen who plays first."""
        self.current = self.first_player = option.value
        self.emit("first_player", player=option.value, by="chance")

    def _make_deck(self, seat: int) -> None:
        """A constructed deck is dealt as listed; a random or sealed one is opened from boosters."""
        deck = self.game.decks[seat]
        if deck.kind == "constructed":
            self._deal(seat, [self.game.card(name) for name in deck.cards], deck.name)
            return
        self.opened = []
        self._open_boosters(seat)

    def _open_boosters(self, seat: int) -> None:
        """Chance opens the boosters card by card: each has `per type` cards of each type, in turn.

        (Their decisions never go stale: a booster's options are the card set's.)
        """
        boosters = self.rules.random_boosters if self.game.decks[seat].kind == "random" else self.rules.sealed_boosters
        per_type = self.rules.booster_per_type
        opened = self.opened
        for _ in range(boosters):
            for technique_type in TYPES:
                decision = self.game.booster_decision(seat, technique_type)  # the same question each time: made once
                for _ in range(per_type):
                    option = self.answered_here(decision)  # (chance drawn inside: the card is opened here)
                    if option is None:
                        self.ask_last(decision, self._booster_card_opened)
                    else:
                        opened.append(option.value)
        self.then(self._boosters_opened, seat)

    def _booster_card_opened(self, option: Option) -> None:
        """Chance has drawn a booster's card."""
        self.opened.append(option.value)

    def _boosters_opened(self, seat: int) -> None:
        """A random deck is the cards opened; for a sealed deck, the player keeps some of them."""
        if self.game.decks[seat].kind == "random":
            self._deal(seat, self.opened, "random")
        else:
            self._keep_card(seat, 0, ())

    def _keep_card(self, seat: int, index: int, kept: tuple[ast.Technique, ...]) -> None:
        """A sealed deck: the player keeps `cards per type` opened cards of each type, one at a time (`kept` so far)."""
        per_type = self.rules.cards_per_type
        if index == len(TYPES) * per_type:
            self._deal(seat, list(kept), "sealed")
            return
        technique_type = TYPES[index // per_type]
        names = sorted({c.name for c in self.opened if c.type is technique_type})
        if not names:  # pragma: no cover - a booster always has the type
            self.then(self._keep_card, seat, index + 1, kept)
            return
        options = [Option(name, name) for name in names]
        decision = Decision(seat, "keep", options, f"Keep one {technique_type.value} card for your deck")
        self.ask(decision, self._card_kept, seat, index, kept)

    def _card_kept(self, option: Option, seat: int, index: int, kept: tuple[ast.Technique, ...]) -> None:
        """The player keeps an opened card of the type at `index`; then the next one."""
        technique_type = TYPES[index // self.rules.cards_per_type]
        card = next(c for c in self.opened if c.name == option.value and c.type is technique_type)
        self.opened.remove(card)
        self.then(self._keep_card, seat, index + 1, (*kept, card))

    def _deal(self, seat: int, techniques: list[ast.Technique], deck_name: str) -> None:
        """The deck's cards get their ids and make the player's pile, shuffled."""
        first = len(self.cards)
        ids = list(range(first, first + len(techniques)))
        self.cards += techniques
        self.owners += [seat] * len(techniques)
        name_weight = self.game.name_weight
        self.weights += [name_weight[technique.name] for technique in techniques]
        if len(self.cards) > self.game.most_cards:  # pragma: no cover - `deck_cards` counts every card dealt
            raise RuntimeError(f"{len(self.cards)} cards dealt, more than the {self.game.most_cards} a tally has room for")
        self.seats[seat].pile = Pile([ids])
        if not self.quiet:
            self.emit("deck", player=seat, deck=deck_name, cards=sorted((t.name for t in techniques), key=fold))

    def _place_pawns(self) -> None:
        """The pawns on their starting cells, the first player's first; then the game's turns."""
        first = self.current
        starts = self.board.start_cells()
        self.seats[first].position, self.seats[1 - first].position = starts
        self.emit("pawns", **{seat_name(s).lower(): self.board.names[self.seats[s].cell] for s in (0, 1)})
        self._start_turn()
        self.then(self._play_on)

    # ------------------------------------------------------------------
    # The step loop
    # ------------------------------------------------------------------

    def _play_on(self) -> None:
        """Run the current step of the technique on top, or, when none runs, end the turn; again until a decision is posed."""
        while self._outcome is None:
            if self.triggered:
                self._fire()
            if not self.frames:
                if self.to_choose:  # the powers of the start of the turn are over: the turn's technique
                    self.to_choose = False
                    self.ask_turn(self.current)
                else:
                    self._end_turn()
                break
            if self._step(self.frames[-1]):
                break
        self.then(self._play_on)

    def _step(self, frame: Frame) -> bool:
        """Run the current step of a frame (for its next point of view); True when it poses a decision."""
        active = frame.active
        steps = active.technique.steps
        if frame.actors is None:
            if frame.inner:  # a block's next step
                frame.in_block = True
                step = frame.inner[0]
                frame.actors = perspectives(step, active.owner)
                self.emit("block_step", technique=active.name, step=step_text(step), player=active.owner)
            elif frame.power is not None:  # a power's block is over
                _discard(self.frames, frame)
                if frame.power[1] == LATER:  # a delayed block's: what ran it leaves play
                    self.deactivate(active, "done")
                return False
            elif active.next_step >= len(steps):
                _discard(self.frames, frame)
                self.deactivate(active, "done")
                return False
            else:
                step = steps[active.next_step]
                frame.actors = perspectives(step, active.owner)
                if not self.quiet:  # the step's text, for the trace: only when someone reads it
                    text = self.game.step_texts(active.technique)[active.next_step]
                    self.emit("step", technique=active.name, index=active.next_step + 1, step=text, player=active.owner)
        step = frame.inner[0] if frame.in_block else steps[active.next_step]
        me, them = frame.actors[0]
        result = step.keyword.run(self, frame, me, them)  # each keyword is a construct with its handler
        self._settle(frame, result)
        return result == WAIT

    def _settle(self, frame: Frame, result: str) -> None:
        """Act on a handler's result: next point of view, next step, failure, Stable."""
        if self._check_end():
            return
        if result == WAIT:
            return  # the answer to the pending decision settles the step
        active = frame.active
        if result == FAIL:
            _discard(self.frames, frame)
            if frame.power is None or frame.power[1] == LATER:
                self.deactivate(active, "failed")
            else:  # a condition of a power's block fails: the power's block stops, its technique stays
                self.emit("power_stops", technique=active.name, player=active.owner)
            return
        assert frame.actors is not None
        frame.actors.pop(0)
        if frame.actors and result == NEXT:
            return
        frame.actors = None
        if frame.in_block:
            frame.in_block = False
            frame.inner.pop(0)
        if frame.inner or frame.power is not None:
            return  # the block goes on (or the power's frame ends at its next step)
        active.next_step += 1
        if result == STABLE:
            _discard(self.frames, frame)
            active.stable = True
            if self.quiet is not True:
                self.emit("stable", technique=active.name, player=active.owner, cost=active.cost)

    def wait(self, decision: Decision, again: Again, *args: Any) -> str:
        """Pose a decision for the running step's handler; returns WAIT.

        The answer calls `again(state, answer, *args)` (a function of
        `steps.py`, with immutable arguments), which goes on with the step
        and says what the step loop does next, as a handler does.
        """
        self.ask(decision, self._answered, len(self.frames) - 1, again, args)
        return WAIT

    def _answered(self, option: Option, depth: int, again: Again, args: tuple[Any, ...]) -> None:
        """The answer to a step's decision: the step goes on, then is settled (its frame is at `depth`)."""
        frame = self.frames[depth]
        self._settle(frame, again(self, option, *args))

    def _check_end(self) -> bool:
        """End the game when a player is at 0 life or off the board; True when over."""
        if self._outcome is not None:
            return True
        one, two = self.seats
        if one.life > 0 and two.life > 0 and one.position is not None and two.position is not None:
            return False  # (asked after every step: the usual case read without a list)
        fallen = [s for s, seat in enumerate(self.seats) if seat.life <= 0 or seat.position is None]
        if not fallen or self._turn == 0:
            return False
        if len(fallen) == 2:
            self.finish(None, "both_fell")
        else:
            loser = fallen[0]
            off = self.seats[loser].position is None
            self.finish(1 - loser, "off_board" if off else "no_life", {"loser": loser})
        return True

    # ------------------------------------------------------------------
    # Turns
    # ------------------------------------------------------------------

    def _start_turn(self) -> None:
        """A new turn, unless the turn limit or a repeated position ends the game: its player chooses a technique."""
        self._turn += 1
        limit = self.rules.turn_limit
        if limit and self._turn > limit:
            self.finish(None, "turn_limit", {"limit": limit})
            return
        if self._seen_shared:
            self._seen, self._seen_shared = self._seen.copy(), False
        if count_position(self._seen, self.signature()) >= self.rules.repetitions:
            repetitions = self.rules.repetitions
            self.finish(None, "repetition", {"repetitions": repetitions})
            return
        if not self.quiet:
            self.emit("turn", turn=self._turn, player=self.current, life=[s.life for s in self.seats])
        self.trigger(Event.DEBUT, self.current)
        if self.durations is not NO_DURATIONS:
            self._delayed_due()
        if self.triggered or self.frames:  # the powers, then the delayed blocks, run first (see `_play_on`)
            self.to_choose = True
            return
        self.ask_turn(self.current)

    def _end_turn(self) -> None:
        """The technique of the turn is over: reset damage points, pass the turn."""
        self.seats[self.current].damage = 0
        if self.durations is not NO_DURATIONS:
            timing.turn_ends(self, self.current)
        self.current = 1 - self.current
        self._start_turn()

    def _delayed_due(self) -> None:
        """The blocks kept for the start of this turn: each run by a technique of its own (not a card), the first kept first."""
        due = timing.turn_starts(self, self.current)
        for entry in reversed(due):
            self._uid += 1
            active = Active(self._uid, entry.source.model_copy(update={"steps": []}), entry.player, None)
            self.actives.append(active)
            self.frames.append(Frame(active, inner=list(entry.effect.block), power=(active.uid, LATER)))

    def playable(self, player: int) -> list[Option]:
        """The techniques `player` may play now: cards of the hand, then basics."""
        forbidden_types: AbstractSet[Any]
        forbidden_cards: AbstractSet[Any]
        if not self.holders:  # nothing in play forbids anything (read without the sets)
            forbidden_types = forbidden_cards = _NOTHING
            no_cards = False
        else:
            forbidden_types, forbidden_card_types, no_cards = self.restrictions(player)
            forbidden_cards = forbidden_types | forbidden_card_types
        options: list[Option] = []
        hand = self.seats[player].hand
        if hand and not no_cards:
            cards = self.cards
            seen: set[str] = set()
            for card in sorted(hand, key=self.weights.__getitem__) if len(hand) > 1 else hand:  # in name order (`weights`)
                technique = cards[card]
                name = technique.name
                if name in seen or (forbidden_cards and technique.type in forbidden_cards):
                    continue
                seen.add(name)
                options.append(_play_option(name, card))
        if not forbidden_types:
            options += self.game.basic_option_list
            return options
        for technique_type, option in self.game.basic_options:
            if technique_type not in forbidden_types:
                options.append(option)
        return options

    def ask_turn(self, player: int) -> None:
        """Ask `player` for the technique of their turn.

        (A Rejouer asks the same question from inside a technique: see
        `steps.rejouer`.) Called between two answers, when a position was
        arranged by hand, it poses the pending question anew with the
        options of the position as it is now.
        """
        options = self.playable(player)
        if not options:
            if not self.count_action():  # an action too: a turn where nobody can play still counts
                self.emit("no_technique", player=player)
            return
        waiting = self.waiting
        counter = self._actions  # (a bot's copies answer nothing inside: not asked in vain at every turn they try)
        if counter is not None and counter.among and not waiting and self.ask_among(player, len(options), self._technique_at, options, player):
            return  # (a random player: answered here, no decision made)
        decision = Decision(player, "play", options, "Play a technique")
        if waiting:  # between two answers: the same question, its options made anew
            if not self.count_action():
                self.repose(decision)
            return
        self.ask(decision, self._technique_chosen, player)

    def _technique_chosen(self, option: Option, player: int) -> None:
        """The player has chosen the technique of their turn: it is played."""
        self.play(player, option.value)

    def _technique_at(self, index: int, options: list[Option], player: int) -> None:
        """`_technique_chosen` for the option at `index` of `options`."""
        self.play(player, options[index].value)

    def play(self, player: int, what: int | ast.Technique) -> Active:
        """Put a card of the hand (or a basic technique) in play and start running it."""
        if isinstance(what, int):
            self.seats[player].hand.remove(what)
            technique, card = self.cards[what], what
        else:
            technique, card = what, None
        self._uid += 1
        active = Active(self._uid, technique, player, card)
        self.actives.append(active)
        self.frames.append(Frame(active))
        if card is not None and self.ledger is not None:  # the lab's (see `State.ledger`): a card of the hand, not a basic technique
            self.ledger.append((player, technique.name, "played", self.turn))
        if not self.quiet:
            self.emit("play", player=player, technique=technique.name, type=technique.type.value, basic=card is None)
        return active

    def deactivate(self, active: Active, why: str) -> None:
        """Take a technique out of play; its card goes to its owner's discard."""
        _discard(self.actives, active)
        if self.game.puts_tokens and self.counters is not NO_COUNTERS:  # its tokens leave play with it
            self.counters = self.counters.drop(on_card(active.uid))
        if active.permanents:
            _discard(self.holders, active)
            for player, keyword in active.permanents:
                self._add_bonus(player, keyword, -1)
        if active.card is not None:
            self.seats[active.owner].discard.append(active.card)
        if not self.quiet:
            self.emit("deactivate", technique=active.name, player=active.owner, why=why, discarded=active.card is not None)

    # ------------------------------------------------------------------
    # Counters from permanents
    # ------------------------------------------------------------------

    def add_permanent(self, active: Active, player: int, keyword: ast.Keyword) -> None:
        """A permanent step of `active` now counts for `player`, while `active` is in play."""
        if not active.permanents:
            self.holders.append(active)
        active.permanents.append((player, keyword))
        self._add_bonus(player, keyword, 1)

    def _add_bonus(self, player: int, keyword: ast.Keyword, sign: int) -> None:
        """Count a permanent bonus in `bonuses` (`sign` 1), or no more (-1); other permanents count nowhere."""
        kind = _BONUS_INDEX.get(type(keyword))
        if kind is not None:
            at = 4 * player + kind
            bonuses = list(self.bonuses)
            bonuses[at] += sign * keyword.n  # type: ignore[attr-defined]  # a signed bonus
            self.bonuses = tuple(bonuses)

    def bonus(self, player: int, kind: type[ast.Force | ast.Protection | ast.Vitesse | ast.Charme]) -> int:
        """The sum of a permanent (Force, Protection, Vitesse, Charme) for `player`."""
        if not self.holders and self.durations is NO_DURATIONS:  # no bonus (the usual case, read without the table)
            return 0
        return self.bonuses[4 * player + _BONUS_INDEX[kind]]

    def lasting_bonus(self, player: int, keyword: ast.Keyword, sign: int) -> None:
        """A lasting bonus (`durations.py`) counts for `player` (`sign` 1), or no more (-1)."""
        self._add_bonus(player, keyword, sign)

    # ------------------------------------------------------------------
    # Powers
    # ------------------------------------------------------------------

    def trigger(self, event: Event, subject: int) -> None:
        """`event` happens to `subject`: the powers in play that react to it are set off (see `powers.py`).

        A power fires unless its block is running now, or its limit ("une
        fois par tour / partie") is reached; it runs when the step that set
        it off is over (`_fire`).
        """
        for active in self.holders:
            for index, (seat, keyword) in enumerate(active.permanents):
                if not isinstance(keyword, Quand) or not keyword.fires_on(event, subject, seat):
                    continue
                key = (active.uid, index)
                if key in self.triggered or any(frame.power == key for frame in self.frames):
                    continue
                if keyword.limit is Limit.TOUR and self.fired.get(key) == self._turn:
                    continue
                if keyword.limit is Limit.PARTIE and key in self.fired:
                    continue
                self.triggered.append(key)

    def _fire(self) -> None:
        """Run the powers set off: each a frame of its own, the first set off on top."""
        keys, self.triggered = self.triggered, []
        for uid, index in reversed(keys):
            active = next((a for a in self.actives if a.uid == uid), None)
            if active is None:  # its technique left play before the power could run
                continue
            seat, keyword = active.permanents[index]
            assert isinstance(keyword, Quand)
            self.fired[(uid, index)] = self._turn
            self.emit("fire", technique=active.name, player=seat, power=keyword.trigger())
            self.frames.append(Frame(active, inner=list(keyword.block), power=(uid, index)))

    def restrictions(self, player: int) -> tuple[set, set, bool]:
        """What S'Empêcher forbids `player`: types, card types, all cards."""
        types: set = set()
        card_types: set = set()
        no_cards = False
        for active in self.holders:
            for seat, keyword in active.permanents:
                if seat != player:
                    continue
                if isinstance(keyword, ast.SEmpecher):
                    types.update(keyword.of)
                elif isinstance(keyword, ast.SEmpecherCarte):
                    if not keyword.of:
                        no_cards = True
                    else:
                        card_types.update(keyword.of)
        return types, card_types, no_cards

    # ------------------------------------------------------------------
    # Repetition
    # ------------------------------------------------------------------

    def signature(self) -> tuple:
        """The full state at the start of a turn, for the draw by repetition.

        Each seat's life, damage points and cell, then its hand, pile and
        discard as the cards of each name they hold: a hand's and a
        discard's tallies, each pile segment's (kept up to date by the pile;
        see `repetition.py`); the techniques in play.
        """
        one, two = self.seats
        weights = self.weights
        seats = _seat_signature(one, weights) + _seat_signature(two, weights)
        actives = (
            tuple(
                [
                    (
                        a.technique.name,
                        a.owner,
                        a.next_step,
                        a.stable,
                        a.cost,
                        tuple([(s, k.kind) for s, k in a.permanents]) if a.permanents else (),
                    )
                    for a in self.actives
                ]
            )
            if self.actives
            else ()
        )
        if self.durations is not NO_DURATIONS:  # what waits and what holds is part of the position (a game with none keeps its signature)
            tokens = self._tokens_signature() if self.game.puts_tokens and self.counters is not NO_COUNTERS else ()
            return (self.current, seats, actives, tokens, self.durations.key())
        if self.game.puts_tokens and self.counters is not NO_COUNTERS:  # tokens held are part of the position (a game with none keeps its signature)
            return (self.current, seats, actives, self._tokens_signature())
        return (self.current, seats, actives)

    def _tokens_signature(self) -> tuple:
        """The tokens held, a technique's by its place among those in play (its uid differs from game to game)."""
        places = {active.uid: index for index, active in enumerate(self.actives)}
        return tuple((kind, places.get(owner, owner) if kind == "card" else owner, name, n) for kind, owner, name, n in self.counters.key())


def _seat_signature(seat: Seat, weights: list[int]) -> tuple:
    """A seat's part of `BattleFightState.signature`: life, damage points, cell, hand, pile and discard.

    (A hand or a discard holds a card or none most of the time: read without a sum then.)
    """
    hand, discard = seat.hand, seat.discard
    return (
        seat.life,
        seat.damage,
        seat.position,
        (weights[hand[0]] if len(hand) == 1 else sum(map(weights.__getitem__, hand))) if hand else 0,
        seat.pile.tally(weights),
        (weights[discard[0]] if len(discard) == 1 else sum(map(weights.__getitem__, discard))) if discard else 0,
    )


#: Options of playing a card of the hand, by (name, card id): made once, shared (options never change).
_PLAY_OPTIONS: dict[tuple[str, int], Option] = {}


def _play_option(name: str, card: int) -> Option:
    """The option of playing card `card`, named `name` (the same object every time)."""
    option = _PLAY_OPTIONS.get((name, card))
    if option is None:
        if len(_PLAY_OPTIONS) > 100_000:
            _PLAY_OPTIONS.clear()
        option = _PLAY_OPTIONS[(name, card)] = Option(name, card)
    return option


def _discard(items: list, item: object) -> None:
    """Take `item` (that very object) out of `items` if it is there, looking from the end.

    The technique leaving play is nearly always the last one in: this keeps a
    long chain of Rejouer linear, where `list.remove` would make it quadratic.
    """
    if items and items[-1] is item:  # (the usual case, read without a loop)
        del items[-1]
        return
    for index in range(len(items) - 1, -1, -1):
        if items[index] is item:
            del items[index]
            return
