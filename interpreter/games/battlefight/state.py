"""A game of BattleFight in progress: zones, pawns, turns, and the step loop.

The state runs techniques step by step (the handlers, one per keyword, are in
`steps.py`). Whenever a player or chance must decide, it stops with a
`Decision` and resumes with the answer; a decision with a single option is
taken at once and never asked. Every decision, asked or taken at once, is an
action counted against the bounds of `engine/limits.py`, and so is each
turn's question when no technique can be played. Everything that happens is
an event (see `commentary.py` for their meaning).

Zones (rules note, "Decks, zones, setup"): each player has a draw pile
(shuffled segments, drawn by chance), a hand, the activity zone (techniques
being executed or Stable, kept in `actives` with their owner) and a discard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.state import Event, Outcome, State
from atout.interpreter.engine.zones import conservation
from atout.interpreter.language.text import fold

from . import ast
from .board import Cell
from .game import BattleFightGame


@dataclass(slots=True, eq=False)
class Active:
    """A technique in the activity zone: being executed, or Stable.

    `next_step` is the index of the next step to run; `permanents` are the
    permanent steps already executed, each with the seat it benefits; they
    count while the technique is active and vanish with it.

    Two actives are the same only if they are one object (a technique may be
    in play several times: a basic technique, played again by Rejouer).
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


@dataclass(slots=True, eq=False)
class Frame:
    """The execution of one active technique, and the progress of its current step.

    `actors` lists the points of view (me, them) the current step still runs
    for: one for a plain step, the opponent's for "L'adversaire a", both
    players' for "Tout le monde a". `progress` keeps a step's own counters
    while it waits for decisions (cards left to discard, moves left…).
    """

    active: Active
    actors: list[tuple[int, int]] | None = None
    progress: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Seat:
    """One player's counters and zones."""

    life: int
    pile: Pile
    position: Cell | None = None
    damage: int = 0
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)

    @property
    def cell(self) -> Cell:
        """Where the player stands (read only while the game goes on: off the board, it is over)."""
        if self.position is None:
            raise ValueError("this player is off the board: the game is over")
        return self.position


#: What a handler tells the step loop.
NEXT, FAIL, STABLE, WAIT = "next", "fail", "stable", "wait"


class BattleFightState(State[BattleFightGame]):
    """A position in a game of BattleFight."""

    step_events = frozenset({"step"})

    def __init__(self, game: BattleFightGame) -> None:
        self.game = game
        self.board = game.board
        self.rules = game.rules
        self.cards: list[ast.Technique] = []
        self.owners: list[int] = []
        #: A small number per card name, to compare positions quickly.
        self.keys: list[int] = []
        life = game.rules.life
        self.seats = [Seat(life, Pile()), Seat(life, Pile())]
        self.actives: list[Active] = []
        #: The actives that have permanents, in play order: what `bonus` and
        #: `restrictions` read, however many techniques are in play.
        self.holders: list[Active] = []
        self.frames: list[Frame] = []
        self.current = 0
        self._turn = 0
        self._uid = 0
        self._outcome: Outcome | None = None
        self._pending: Decision | None = None
        self._resume: Callable[[Option], None] | None = None
        self._events: list[Event] = []
        self._seen: Counter = Counter()
        self._setup_tasks: list[Callable[[], None]] = self._setup_plan()
        self._run()
        self._start, self._events = self._events, []

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

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
        resume = self._resume
        self._pending = self._resume = None
        self._events = []
        assert resume is not None
        resume(decision.options[index])
        self._run()
        return self._events

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
        """Every card of each player is in exactly one zone, and none is lost."""
        problems = []
        for seat_index, seat in enumerate(self.seats):
            zones = {
                "pile": seat.pile.cards(),
                "hand": seat.hand,
                "discard": seat.discard,
                "in play": [a.card for a in self.actives if a.card is not None and a.owner == seat_index],
            }
            owned = [card for card, owner in enumerate(self.owners) if owner == seat_index]
            problems += conservation(zones, owned, self.name_of, seat_name(seat_index))
        return problems

    # ------------------------------------------------------------------
    # Decisions and events
    # ------------------------------------------------------------------

    def ask(self, decision: Decision, resume: Callable[[Option], None]) -> bool:
        """Pose a decision, or take its only option at once; True when it waits (or the game is over).

        Either way the decision is an action; past a bound the game ends instead.
        """
        if self.count_action():
            return True
        if len(decision.options) == 1:
            resume(decision.options[0])
            return False
        self._pending, self._resume = decision, resume
        return True

    @property
    def waiting(self) -> bool:
        """True while a decision is pending."""
        return self._pending is not None

    def name_of(self, card: int) -> str:
        """The title of a card by its id."""
        return self.cards[card].name

    # ------------------------------------------------------------------
    # Setup: first player, decks, piles
    # ------------------------------------------------------------------

    def _setup_plan(self) -> list[Callable[[], None]]:
        plan: list[Callable[[], None]] = [self._choose_first_player]
        for seat, deck in enumerate(self.game.decks):
            plan.append(partial(self._make_deck, seat, deck))
        plan.append(self._place_pawns)
        return plan

    def _choose_first_player(self) -> None:
        fixed = self.game.first_player
        if fixed is not None:
            self.current = self.first_player = fixed
            self.emit("first_player", player=fixed, by="match")
            return

        def chosen(option: Option) -> None:
            self.current = self.first_player = option.value
            self.emit("first_player", player=option.value, by="chance")

        self.ask(Decision(CHANCE, "first_player", [Option("P1", 0), Option("P2", 1)], "Who plays first?"), chosen)

    def _make_deck(self, seat: int, deck) -> None:
        if deck.kind == "constructed":
            self._deal(seat, [self.game.card(name) for name in deck.cards], deck.name)
            return
        boosters = self.rules.random_boosters if deck.kind == "random" else self.rules.sealed_boosters
        slots = [t for _ in range(boosters) for t in ast.TechniqueType for _ in range(self.rules.booster_per_type)]
        opened: list[ast.Technique] = []

        def next_slot() -> None:
            while slots:
                technique_type = slots.pop(0)
                options = self.game.booster_options[technique_type]
                decision = Decision(CHANCE, "booster", options, f"{seat_name(seat)} opens a {technique_type.value} card")
                if self.ask(decision, lambda option: opened.append(option.value)):
                    self._setup_tasks.insert(0, next_slot)
                    return
            if deck.kind == "random":
                self._deal(seat, opened, "random")
            else:
                self._keep_sealed(seat, opened)

        next_slot()

    def _keep_sealed(self, seat: int, opened: list[ast.Technique]) -> None:
        kept: list[ast.Technique] = []
        left = list(opened)
        wanted = [t for t in ast.TechniqueType for _ in range(self.rules.cards_per_type)]

        def next_pick() -> None:
            while wanted:
                technique_type = wanted[0]
                names = sorted({c.name for c in left if c.type is technique_type})
                options = [Option(name, name) for name in names]

                def keep(option: Option, technique_type=technique_type) -> None:
                    card = next(c for c in left if c.name == option.value and c.type is technique_type)
                    left.remove(card)
                    kept.append(card)
                    wanted.pop(0)

                if not options:  # pragma: no cover - a booster always has the type
                    wanted.pop(0)
                    continue
                decision = Decision(seat, "keep", options, f"Keep a {technique_type.value} card for your deck")
                if self.ask(decision, keep):
                    self._setup_tasks.insert(0, next_pick)
                    return
            self._deal(seat, kept, "sealed")

        next_pick()

    def _deal(self, seat: int, techniques: list[ast.Technique], deck_name: str) -> None:
        ids = []
        for technique in techniques:
            ids.append(len(self.cards))
            self.cards.append(technique)
            self.owners.append(seat)
            self.keys.append(self.game.name_key[technique.name])
        self.seats[seat].pile = Pile([ids])
        self.emit("deck", player=seat, deck=deck_name, cards=sorted((t.name for t in techniques), key=fold))

    def _place_pawns(self) -> None:
        first = self.current
        starts = self.board.start_cells()
        self.seats[first].position, self.seats[1 - first].position = starts
        self.emit("pawns", **{seat_name(s).lower(): self.board.names[self.seats[s].cell] for s in (0, 1)})
        self._start_turn(first_turn=True)

    # ------------------------------------------------------------------
    # The loop
    # ------------------------------------------------------------------

    def _run(self) -> None:
        """Go on until a decision is pending or the game is over."""
        while self._pending is None and self._outcome is None:
            if self._setup_tasks:
                self._setup_tasks.pop(0)()
            elif self.frames:
                self._step(self.frames[-1])
            else:
                self._end_turn()

    def _step(self, frame: Frame) -> None:
        """Run the current step of a frame (for its next point of view)."""
        from .steps import HANDLERS, perspectives

        active = frame.active
        steps = active.technique.steps
        if frame.actors is None:
            if active.next_step >= len(steps):
                _discard(self.frames, frame)
                self.deactivate(active, "done")
                return
            step = steps[active.next_step]
            frame.actors = perspectives(step, active.owner)
            frame.progress = {}
            text = self.game.step_texts(active.technique)[active.next_step]
            self.emit("step", technique=active.name, index=active.next_step + 1, step=text, player=active.owner)
        step = steps[active.next_step]
        me, them = frame.actors[0]
        handler = HANDLERS[type(step.keyword)]
        self._settle(frame, handler(self, frame, step.keyword, me, them))

    def _settle(self, frame: Frame, result: str) -> None:
        """Act on a handler's result: next point of view, next step, failure, Stable."""
        if self._check_end():
            return
        if result == WAIT:
            return  # the answer to the pending decision settles the step
        active = frame.active
        if result == FAIL:
            _discard(self.frames, frame)
            self.deactivate(active, "failed")
            return
        assert frame.actors is not None
        frame.actors.pop(0)
        frame.progress = {}
        if frame.actors and result == NEXT:
            return
        frame.actors = None
        active.next_step += 1
        if result == STABLE:
            _discard(self.frames, frame)
            active.stable = True
            self.emit("stable", technique=active.name, player=active.owner, cost=active.cost)

    def wait(self, frame: Frame, decision: Decision, again: Callable[[Option], str]) -> str:
        """Pose a decision for a step's handler; `again(answer)` continues the handler.

        Returns WAIT, or, for a decision with a single option, what `again`
        returns for it at once.
        """

        def resume(option: Option) -> None:
            self._settle(frame, again(option))

        if self.count_action():
            return WAIT  # the game is over: `_settle` stops at once
        if len(decision.options) == 1:
            return again(decision.options[0])
        self._pending, self._resume = decision, resume
        return WAIT

    def _check_end(self) -> bool:
        """End the game when a player is at 0 life or off the board; True when over."""
        if self._outcome is not None:
            return True
        fallen = [s for s, seat in enumerate(self.seats) if seat.life <= 0 or seat.position is None]
        if not fallen or self._turn == 0:
            return False
        if len(fallen) == 2:
            self.finish(None, "both players fell at once", "both_fell")
        else:
            loser = fallen[0]
            off = self.seats[loser].position is None
            why = "is pushed off the board" if off else "has no life left"
            self.finish(1 - loser, f"{seat_name(loser)} {why}", "off_board" if off else "no_life", {"loser": loser})
        return True

    # ------------------------------------------------------------------
    # Turns
    # ------------------------------------------------------------------

    def _start_turn(self, first_turn: bool = False) -> None:
        self._turn += 1
        limit = self.rules.turn_limit
        if limit and self._turn > limit:
            self.finish(None, f"the turn limit ({limit}) is reached", "turn_limit", {"limit": limit})
            return
        key = self.signature()
        self._seen[key] += 1
        if self._seen[key] >= self.rules.repetitions:
            repetitions = self.rules.repetitions
            self.finish(None, f"the same position starts a turn for the {_ordinal(repetitions)} time", "repetition", {"repetitions": repetitions})
            return
        self.emit("turn", turn=self._turn, player=self.current, life=[s.life for s in self.seats])
        self.ask_turn(self.current)

    def _end_turn(self) -> None:
        """The technique of the turn is over: reset damage points, pass the turn."""
        self.seats[self.current].damage = 0
        self.current = 1 - self.current
        self._start_turn()

    def playable(self, player: int) -> list[Option]:
        """The techniques `player` may play now: cards of the hand, then basics."""
        forbidden_types, forbidden_card_types, no_cards = self.restrictions(player)
        options: list[Option] = []
        seen: set[str] = set()
        if not no_cards:
            for card in sorted(self.seats[player].hand, key=self.name_of):
                technique = self.cards[card]
                if technique.name in seen or technique.type in forbidden_types or technique.type in forbidden_card_types:
                    continue
                seen.add(technique.name)
                options.append(Option(technique.name, card))
        for technique_type, basic in self.game.basics.items():
            if technique_type not in forbidden_types:
                options.append(Option(basic.name, basic))
        return options

    def ask_turn(self, player: int) -> bool:
        """Ask `player` for the technique of their turn; True when it waits.

        (A Rejouer asks the same question from inside a technique: see
        `steps.rejouer`.)
        """
        options = self.playable(player)
        if not options:
            if not self.count_action():  # an action too: a turn where nobody can play still counts
                self.emit("no_technique", player=player)
            return False

        def play(option: Option) -> None:
            self.play(player, option.value)

        return self.ask(Decision(player, "play", options, "Play a technique"), play)

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
        self.emit("play", player=player, technique=technique.name, type=technique.type.value, basic=card is None)
        return active

    def deactivate(self, active: Active, why: str) -> None:
        """Take a technique out of play; its card goes to its owner's discard."""
        _discard(self.actives, active)
        if active.permanents:
            _discard(self.holders, active)
        if active.card is not None:
            self.seats[active.owner].discard.append(active.card)
        self.emit("deactivate", technique=active.name, player=active.owner, why=why, discarded=active.card is not None)

    # ------------------------------------------------------------------
    # Counters from permanents
    # ------------------------------------------------------------------

    def add_permanent(self, active: Active, player: int, keyword: ast.Keyword) -> None:
        """A permanent step of `active` now counts for `player`, while `active` is in play."""
        if not active.permanents:
            self.holders.append(active)
        active.permanents.append((player, keyword))

    def bonus(self, player: int, kind: type[ast.Force | ast.Protection | ast.Vitesse | ast.Charme]) -> int:
        """The sum of a permanent (Force, Protection, Vitesse, Charme) for `player`."""
        return sum(
            keyword.n
            for active in self.holders
            for seat, keyword in active.permanents
            if seat == player and isinstance(keyword, kind)
        )

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
                    types.add(keyword.of)
                elif isinstance(keyword, ast.SEmpecherCarte):
                    if keyword.of is None:
                        no_cards = True
                    else:
                        card_types.add(keyword.of)
        return types, card_types, no_cards

    # ------------------------------------------------------------------
    # Repetition
    # ------------------------------------------------------------------

    def signature(self) -> tuple:
        """The full state at the start of a turn, for the draw by repetition."""
        name = self.keys.__getitem__
        seats = tuple(
            (
                seat.life,
                seat.damage,
                seat.position,
                tuple(sorted(map(name, seat.hand))),
                seat.pile.signature(name),
                tuple(sorted(map(name, seat.discard))),
            )
            for seat in self.seats
        )
        actives = tuple(
            (a.name, a.owner, a.next_step, a.stable, a.cost, tuple((s, k.kind) for s, k in a.permanents))
            for a in self.actives
        )
        return (self.current, seats, actives)


def _discard(items: list, item: object) -> None:
    """Take `item` (that very object) out of `items` if it is there, looking from the end.

    The technique leaving play is nearly always the last one in: this keeps a
    long chain of Rejouer linear, where `list.remove` would make it quadratic.
    """
    for index in range(len(items) - 1, -1, -1):
        if items[index] is item:
            del items[index]
            return


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
