"""A game of Dans les Cordes in progress: zones, turns, combats, rounds.

The game is an agenda of tasks (`AgendaState`): small methods that read like
the rulebook, each doing one step and scheduling what comes next — the
setup, then turns: draw, the activity phase (spit, play, combats), the draw
of a turn without play, the hand limit, the end of a round when the GONG was
drawn. Whenever a player or chance must decide, a method poses a `Decision`
with `ask`, and the answer runs the method named with it. A decision with a
single option is taken at once and never asked. The cards are run by the
handlers of `cards.py`, one per AST class. The state is plain data, so
`clone()` copies a position and `resample(seat, rng)` deals anew what a seat
cannot see.

Zones (rulebook: Setup, Spitting, Round Bell): the draw pile (shuffled
segments; the GONG, put back near the middle at setup, is kept at a known
depth until it is drawn), each player's hand and spittoon, the ring (the
cards played), the cards removed at each GONG to count the rounds, the
boxers, and "aside" (cards out of play: the unchosen boxers, the GONG before
it is placed). Every card is in exactly one zone at all times
(`check_invariants`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache, cache
from typing import TYPE_CHECKING, Any, cast

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.agenda import AgendaState, GameOver
from atout.interpreter.engine.counters import NO_COUNTERS, Counters
from atout.interpreter.engine.durations import NO_DURATIONS, Durations
from atout.interpreter.engine.state import Event, Outcome
from atout.interpreter.engine.zones import conservation, shuffle

from . import ast, commentary, powers, steps
from . import durations as timing
from .blows import Blow
from .cards import HANDLERS
from .commentary import describe
from .rules import CordesRules
from .view import CordesView

if TYPE_CHECKING:  # the game makes its states: this module is below it
    from .game import CordesGame

ATTACK, DEFENSE, RIPOSTE, RECOVERY = ast.CardType.ATTACK, ast.CardType.DEFENSE, ast.CardType.RIPOSTE, ast.CardType.RECOVERY

#: The most hands a game keeps (`CordesState._hand`); past it, it starts again.
HANDS_KEPT = 100_000

#: Where the GONG goes back at setup: "approximately in the middle of this
#: draw pile" — chance picks how many cards lie above it, the middle of the
#: pile give or take this many (each place as likely).
GONG_SPREAD = 3

#: The options that are the same in every game.
END_TURN = Option("End the turn", ("end",))
END_COMBAT = Option("End the combat", ("end",))
TAKE = Option("Take the blow", None)
DONE = Option("Done", None)


@dataclass(slots=True)
class Seat:
    """One boxer: the markers, the hand, the spittoon, the cards swapped at the coach's advice."""

    life: int
    energy: int
    hand: list[int] = field(default_factory=list)
    spittoon: list[int] = field(default_factory=list)
    #: The cards of the spittoon that lie face down (lost to a Crochet, discarded at the hand limit).
    face_down: set[int] = field(default_factory=set)
    boxer: int | None = None
    #: The cards swapped at the coach's advice, out of the hand while their replacements are drawn.
    swapped: list[int] = field(default_factory=list)
    #: The cards taken from the top of the draw pile to look at, until they are kept or put back.
    looking: list[int] = field(default_factory=list)
    #: The boxer's powers with a limit that fired: power index → the turn, round or fight it fired in.
    used: dict[int, int] = field(default_factory=dict)

    def copy(self) -> Seat:
        """An independent copy (its own hand, spittoon, face-down set, swapped and looked-at cards, powers used).

        (Each field set directly, without the class's `__init__`: a bot's trials copy a position at every try.)
        """
        new = object.__new__(Seat)
        new.life, new.energy, new.boxer = self.life, self.energy, self.boxer
        new.hand, new.spittoon, new.swapped, new.looking = self.hand[:], self.spittoon[:], self.swapped[:], self.looking[:]
        new.face_down, new.used = set(self.face_down), dict(self.used)
        return new


class HandKept:
    """What a game keeps of the hands of some names (`CordesState._hand`): the names, sorted, and the options met.

    The options of an activity, by its code (4 × energy + 2 if the boxer may
    still attack + 1 if they may still recover); of a combat, by the energy;
    of answering a blow, by the blow's card, the energy and whether a
    RIPOSTE may answer it.
    """

    __slots__ = ("names", "activity", "combat", "answers")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.activity: dict[int, list[Option]] = {}
        self.combat: dict[int, list[Option]] = {}
        self.answers: dict[tuple[str, int, bool], list[Option]] = {}


class PileKnowledge(list[set[int]]):
    """For each seat, the cards of the draw pile whose segment it knows for sure.

    `blind` holds, for each seat, the top segment it has lost track of (the
    other player drew from it unseen): none of its cards is known any more,
    so further draws from it change nothing.
    """

    __slots__ = ("blind",)

    def __init__(self, known: Iterable[Iterable[int]] = ((), ())) -> None:
        super().__init__(set(cards) for cards in known)
        self.blind: list[Any] = [None, None]

    def copy(self) -> PileKnowledge:
        """An independent copy (the copy keeps track of the top segment anew)."""
        new = PileKnowledge.__new__(PileKnowledge)
        new.append(self[0].copy())
        new.append(self[1].copy())
        new.blind = [None, None]
        return new


@lru_cache(maxsize=256)
def _activity_prompt(energy: int, gain: int) -> str:
    """What the player on turn is asked (made once per energy: asked at every step of a turn)."""
    return f"your turn (energy {energy}): play a card, spit a card for +{gain} energy, or end the turn"


@lru_cache(maxsize=256)
def _combat_prompt(energy: int) -> str:
    """What the attacker is asked in a combat (made once per energy: asked after every attack)."""
    return f"in the combat (energy {energy}): play another attack, or end the combat"


@cache
def _gong_option(above: int) -> Option:
    """The chance option of putting the GONG back under `above` cards (options never change: made once)."""
    return Option(f"{above} cards above it", above)


class CordesState(AgendaState["CordesGame"]):
    """A position in a game of Dans les Cordes."""

    #: `replay --step` pauses before each card played, each drawn GONG and each round's end.
    step_events = frozenset({"play", "gong", "round_end"})
    #: The tokens on the boxers (`counters.py`): none until a card puts one. A class default, so that a
    #: game whose cards use no tokens keeps no field for them; a change sets a new store (copies share it).
    counters: Counters = NO_COUNTERS
    #: The delayed and lasting effects (`durations.py`): none until a card keeps one. A class default, as `counters`.
    durations: Durations = NO_DURATIONS

    def __init__(self, game: CordesGame, setup: bool = True) -> None:
        self.game = game
        rules = game.rules
        self.seats = [Seat(rules.starting_life, rules.starting_energy), Seat(rules.starting_life, rules.starting_energy)]
        self.pile = Pile()
        #: True while the pile is shared with a copy of this state: it is copied before it changes (`own_pile`).
        self.pile_shared = False
        #: Cards above the GONG while it lies at a known place in the pile; None otherwise.
        self.gong_depth: int | None = None
        #: True from the moment the GONG is drawn and revealed until the end of that turn.
        self.gong_out = False
        self.ring: list[int] = []
        self.removed: list[int] = []
        self.aside: list[int] = list(range(len(game.box)))
        self.current = 0
        self.first_player: int | None = None
        self.gongs = 0
        self._turn = 0
        #: This turn: a card was played (spitting is not playing), RECOVERY cards played, a combat was fought.
        self.played = False
        self.recoveries = 0
        self.combat_done = False
        self.in_combat = False
        #: The blow waiting for an answer, and the coach's picks so far (for views and prompts).
        self.blow: Blow | None = None
        self.coach_picked: list[int] = []
        #: For each seat, the cards of the pile whose segment it knows for sure: cards it saw go
        #: under the pile, until somebody else draws blindly from their segment (`resample`).
        self.known_in_pile = PileKnowledge()
        #: Powers fired: (the action count then, how many since; the turn then, how many in it).
        self.fired = (0, 0, 0, 0)
        self._outcome: Outcome | None = None
        self._events: list[Event] = []
        self._agenda = []
        self._queued = []
        if setup:
            self.start(self._setup)
        else:
            self._start = []

    @classmethod
    def arranged(cls, game: CordesGame, first: int = 0, gong_depth: int | None = None) -> CordesState:
        """A position before the first turn, without the setup's chance: for tests and puzzles.

        The boxers are in their corners (the game's, or the first two), every
        playable card is in the draw pile (one shuffled segment), the hands are
        empty and `first` is to play; the GONG lies under `gong_depth` cards
        (by default, the middle of the pile). Arrange the zones, then `begin()`.
        """
        state = cls(game, setup=False)
        boxers = game.boxers or tuple(sorted(game.names[c] for c in game.characters)[:2])
        for seat, name in enumerate(boxers):
            card = next(c for c in state.aside if state.names[c] == name)
            state.aside.remove(card)
            state.seats[seat].boxer = card
        for card in game.playable:
            state.aside.remove(card)
        state.aside.remove(game.gong)
        state.pile = Pile([game.playable])
        state.gong_depth = len(game.playable) // 2 if gong_depth is None else gong_depth
        state.current = state.first_player = first
        return state

    def begin(self) -> list[Event]:
        """Start the turns of a state made with `setup=False` (an arranged position); the events."""
        self.start(self._play_turn)
        events, self._start = self._start, []
        return events

    # A state keeps few attributes of its own: past about 30, CPython stops
    # sharing their keys between instances and every attribute read slows down.
    # So what the game holds is read through it.

    @property
    def rules(self) -> CordesRules:
        """The rules of the game."""
        return self.game.rules

    @property
    def names(self) -> list[str]:
        """The name of each card id."""
        return self.game.names

    @property
    def turn(self) -> int:
        """The turn being played (0 during the setup)."""
        return self._turn

    def view(self, player: int):
        """What `player` may know: their hand, the public zones, never the other's hand."""
        return CordesView.of(self, player)

    def describe(self, viewer: int | None = None) -> str:
        """Markers, hands, pile, ring and spittoons, as `viewer` may see them."""
        return describe(self, viewer)

    def check_invariants(self) -> list[str]:
        """Every card of the box is in exactly one zone; the cards a seat knows in the pile are there."""
        problems = conservation(self.zones(), range(len(self.game.names)), self.game.name_of)
        pile = set(self.pile.cards())
        for seat, known in enumerate(self.known_in_pile):
            if not known <= pile:
                problems.append(f"{seat_name(seat)} knows cards in the pile that are not there: {sorted(self.game.names[c] for c in known - pile)}")
        return problems

    # ------------------------------------------------------------------
    # Copies of a position
    # ------------------------------------------------------------------

    def copy_fields(self, new: CordesState) -> None:
        """The boxers' hands, spittoons and markers, the pile, the ring and the other zones change in play."""
        new.seats = [seat.copy() for seat in self.seats]
        # The pile is shared until one of the two changes it (`own_pile`): most copies never draw.
        self.pile_shared = new.pile_shared = True
        new.ring = self.ring[:]
        new.removed = self.removed[:]
        new.aside = self.aside[:]
        new.coach_picked = self.coach_picked[:]
        new.known_in_pile = self.known_in_pile.copy()

    def resample(self, player: int, rng: Any) -> CordesState:
        """A copy where the cards `player` cannot place are dealt anew, with `rng`, from what they may know.

        `player` cannot place: the other boxer's hand (unless it is shown to
        them, when they pick the card it loses), the other's face-down cards
        in their spittoon and the cards they are swapping at the coach's
        advice, the cards removed at each GONG (nobody sees them), and the
        cards of the draw pile except those `player` knows for sure are there
        (`known_in_pile`). These cards are sorted by name and id, shuffled with
        `rng` and dealt back into the same places, each keeping its size: the
        pile keeps its segments and the GONG its depth. So the copy depends on
        `player`'s view and `rng` only. At a chance decision that draws from
        the pile, the draw is posed anew from the new pile.
        """
        new = cast(CordesState, self.clone())
        other = 1 - player
        seats = new.seats
        them = seats[other]
        pending = new.decision()
        # The places of the cards `player` cannot place, in a fixed order: lists and positions in them.
        places: list[tuple[list[int], list[int]]] = []
        shown = pending is not None and ((pending.kind == "take_card" and pending.player == player) or pending.kind in _HAND_PICKS)
        if not shown:
            places.append((them.hand, list(range(len(them.hand)))))
        if pending is None or pending.kind != "take_random":  # a card of it being drawn blindly keeps its options
            places.append((them.spittoon, [i for i, c in enumerate(them.spittoon) if c in them.face_down]))
        places.append((them.swapped, list(range(len(them.swapped)))))
        places.append((them.looking, list(range(len(them.looking)))))
        places.append((new.removed, list(range(len(new.removed)))))
        # The GONG is never dealt: it stays where it lies (its depth is kept), whoever knows it.
        known = new.known_in_pile[player] | {self.game.gong}
        segments = [segment.cards[:] for segment in new.pile.segments]
        for cards in segments:
            places.append((cards, [i for i, c in enumerate(cards) if c not in known]))
        unseen = [cards[i] for cards, positions in places for i in positions]
        dealt = sorted(unseen)  # by name and id: the ids follow the names (`CordesGame.box`)
        shuffle(dealt, rng)
        moved = dict(zip(unseen, dealt))
        for cards, positions in places:
            for i in positions:
                cards[i] = moved[cards[i]]
        new.pile, new.pile_shared = Pile(segments), False
        them.face_down = {moved.get(c, c) for c in them.face_down}
        new.coach_picked = [moved.get(c, c) for c in new.coach_picked]
        new.known_in_pile[other] = {moved.get(c, c) for c in new.known_in_pile[other]}
        if pending is not None and pending.player == CHANCE and pending.kind in ("draw", "remove", "look") and new.waiting:
            new.repose(new.draw_decision(pending.kind, pending.prompt))
        return new

    def zones(self) -> dict[str, list[int]]:
        """Every zone and the cards it holds."""
        gong = [self.game.gong]
        return {
            "pile": self.pile.cards() + (gong if self.gong_depth is not None else []),
            "hand P1": list(self.seats[0].hand),
            "hand P2": list(self.seats[1].hand),
            "ring": list(self.ring) + (gong if self.gong_out else []),
            "spittoon P1": list(self.seats[0].spittoon),
            "spittoon P2": list(self.seats[1].spittoon),
            "removed": list(self.removed),
            "boxers": [s.boxer for s in self.seats if s.boxer is not None],
            "aside": list(self.aside),
            "swapped": self.seats[0].swapped + self.seats[1].swapped,
            "looking": self.seats[0].looking + self.seats[1].looking,
        }

    # ------------------------------------------------------------------
    # Helpers: events, decisions, cards
    # ------------------------------------------------------------------

    def card(self, card_id: int) -> ast.Card:
        """The card of an id."""
        return self.game.box[card_id]

    def hand_names(self, seat: int, cards: list[int] | None = None) -> tuple[str, ...]:
        """The distinct names of a hand (or of `cards`), sorted (kept by the game: see `_hand`)."""
        return self._hand(seat, cards).names

    def _hand(self, seat: int, cards: list[int] | None = None) -> HandKept:
        """What the game keeps of a hand (or of `cards`): its names, the options met with them.

        Kept for each hand met, and shared by the hands of the same names
        (the options of every turn and every combat list the names; the
        heuristic bot's trials meet the same hands, and the same options,
        again and again).
        """
        key = tuple(self.seats[seat].hand if cards is None else cards)
        kept = self.game.hands_kept
        hand = kept.get(key)
        if hand is None:
            names = tuple(sorted(set(map(self.game.names.__getitem__, key))))
            by_names = self.game.names_kept  # one for all the hands of the same names
            hand = by_names.get(names)
            if hand is None:
                if len(by_names) >= HANDS_KEPT:
                    by_names.clear()
                hand = by_names[names] = HandKept(names)
            if len(kept) >= HANDS_KEPT:
                kept.clear()
            kept[key] = hand
        return hand

    def take_from_hand(self, seat: int, name: str) -> int:
        """Remove a card of this name from a hand; its id."""
        hand = self.seats[seat].hand
        names = self.game.names
        for index, card in enumerate(hand):
            if names[card] == name:
                del hand[index]
                return card
        raise KeyError(name)

    def change_life(self, seat: int, change: int) -> None:
        """Life changes by `change`, within 0 and the life cap; 0 life is a KO."""
        player = self.seats[seat]
        life = player.life + change
        cap = self.game.rules.life_cap
        if cap is not None and change > 0:
            life = min(life, max(cap, player.life))
        lost = player.life > max(0, life)
        player.life = max(0, life)
        if self.quiet is not True:
            self.emit("life", player=seat, change=change, life=player.life)
        if lost and self.game.has_powers:
            powers.fire(self, seat, powers.Trigger.LOSE_LIFE)
        if player.life == 0 and self.game.rules.ko_checked == "at once":
            self.check_ko()

    def change_energy(self, seat: int, change: int) -> None:
        """Energy changes by `change`, within 0 and the energy cap."""
        player = self.seats[seat]
        energy = player.energy + change
        cap = self.game.rules.energy_cap
        if cap is not None and change > 0:
            energy = min(energy, max(cap, player.energy))
        player.energy = max(0, energy)
        if self.quiet is not True:
            self.emit("energy", player=seat, change=change, energy=player.energy)

    def check_ko(self) -> None:
        """End the game if a boxer is at 0 life (both: as the rules say for a double KO)."""
        fallen = [s for s in (0, 1) if self.seats[s].life <= 0]
        if not fallen:
            return
        if len(fallen) == 2:
            rule = self.game.rules.double_ko
            attacker = self.current
            if rule == "attacker wins":
                self.finish(attacker, "double_ko", {"rule": rule, "attacker": attacker})
                raise GameOver
            if rule == "defender wins":
                self.finish(1 - attacker, "double_ko", {"rule": rule, "attacker": attacker})
                raise GameOver
            self.finish(None, "double_ko", {"rule": rule, "attacker": attacker})
            raise GameOver
        self.finish(1 - fallen[0], "ko", {"loser": fallen[0]})
        raise GameOver

    # ------------------------------------------------------------------
    # The game
    # ------------------------------------------------------------------

    # -- setup (rulebook: Setup, The Coach's Advice) -------------------------

    def _setup(self) -> None:
        """The boxers, the markers, the draw pile and its GONG, the hands, the first player, the coach."""
        self.then(self._choose_boxer, 0)
        self.then(self._choose_boxer, 1)
        self.then(self._shuffle_pile)

    def _choose_boxer(self, seat: int) -> None:
        """`seat` boxes as the game's boxer, or chooses one of those left."""
        game = self.game
        if game.boxers is not None:
            self._take_boxer(seat, game.boxers[seat], "setup")
            return
        left = sorted({self.game.names[c] for c in self.aside if c in game.characters})
        self.ask(Decision(seat, "boxer", [Option(n, n) for n in left], "choose your boxer"), self._boxer_chosen, seat)

    def _boxer_chosen(self, option: Option, seat: int) -> None:
        self._take_boxer(seat, option.value, "choice")

    def _take_boxer(self, seat: int, name: str, by: str) -> None:
        card = next(c for c in self.aside if self.game.names[c] == name)
        self.aside.remove(card)
        self.seats[seat].boxer = card
        self.emit("boxer", player=seat, boxer=name, by=by)

    def _shuffle_pile(self) -> None:
        """The markers; the playable cards shuffled into the draw pile; where the GONG goes back (chance)."""
        game, rules = self.game, self.game.rules
        self.emit("markers", life=rules.starting_life, energy=rules.starting_energy)
        # "After setting the GONG card aside, shuffle the cards ... Put the GONG
        # card back approximately in the middle of this draw pile."
        playable = game.playable_set
        self.aside = [card for card in self.aside if card not in playable]
        self.pile, self.pile_shared = game.shuffled_pile.copy(), False
        # Nobody keeps track of this segment: both players draw from it, unseen by the other, before anyone decides.
        self.emit("shuffle", cards=len(game.playable))
        size = len(self.pile)
        middle = size // 2
        places = range(max(0, middle - GONG_SPREAD), min(size, middle + GONG_SPREAD) + 1)
        options = [_gong_option(above) for above in places]
        self.ask(Decision(CHANCE, "gong_place", options, "Where does the GONG go back in the pile?"), self._gong_placed, size)

    def _gong_placed(self, option: Option, size: int) -> None:
        """The GONG lies under `option.value` cards; each player draws 5 cards; who starts."""
        self.aside.remove(self.game.gong)
        self.gong_depth = option.value
        self.emit("gong_placed", above=option.value, pile=size + 1)
        # "Each player draws 5 cards."
        for seat in (0, 1):
            self.then(self.draw, seat, self.game.rules.starting_hand)
        self.then(self._choose_first_player)

    def _choose_first_player(self) -> None:
        """Who starts: as the game or the rules say, else chance."""
        fixed = self.game.first_player
        if fixed is not None:
            self._first(fixed, "setup")
        elif self.game.rules.first_player == "first seat":
            self._first(0, "rules")
        else:
            self.ask(Decision(CHANCE, "first_player", [Option("P1", 0), Option("P2", 1)], "Who starts?"), self._first_drawn)

    def _first_drawn(self, option: Option) -> None:
        self._first(option.value, "chance")

    def _first(self, first: int, by: str) -> None:
        """`first` starts; the coach's advice, the first player first; then the turns."""
        self.current = self.first_player = first
        self.emit("first_player", player=first, by=by)
        # "Only at the start of the game, each player may ... exchange all or part of their hand."
        for seat in (first, 1 - first):
            self.then(self._coach, seat)
        self.then(self._play_turn)

    def _coach(self, seat: int) -> None:
        """The coach's advice: `seat` picks up to the rules' number of cards to swap, one at a time, or Done."""
        limit = min(self.game.rules.coach_advice_cards, len(self.seats[seat].hand))
        if limit == 0:
            return
        self.coach_picked = []
        self._coach_pick(seat, limit)

    def _coach_pick(self, seat: int, limit: int) -> None:
        picked = self.coach_picked
        if len(picked) >= limit:
            self._coach_swap(seat)
            return
        left = [c for c in self.seats[seat].hand if c not in picked]
        options = [DONE] + [_answer_option(name) for name in self.hand_names(seat, left)]
        prompt = f"the coach's advice: pick a card to swap for a new one ({len(picked)} picked, at most {limit}), or Done"
        self.ask_last(Decision(seat, "coach", options, prompt), self._coach_picked, seat, limit)

    def _coach_picked(self, option: Option, seat: int, limit: int) -> None:
        if option.value is None:
            self._coach_swap(seat)
            return
        picked = self.coach_picked
        picked.append(next(c for c in self.seats[seat].hand if c not in picked and self.game.names[c] == option.value))
        self._coach_pick(seat, limit)

    def _coach_swap(self, seat: int) -> None:
        """The picked cards leave the hand; as many are drawn; then they go under the pile."""
        picked, self.coach_picked = self.coach_picked, []
        hand = self.seats[seat].hand
        for card in picked:
            hand.remove(card)
        if self.quiet is not True:
            self.emit("coach", player=seat, cards=sorted(self.game.names[c] for c in picked))
        if not picked:
            return
        # "exchange ... for the same number of new cards ... The discarded
        # cards are placed face down under the common draw pile."
        self.seats[seat].swapped = picked
        self.then(self.draw, seat, len(picked))
        self.then(self._swapped_under, seat)

    def _swapped_under(self, seat: int) -> None:
        swapped, self.seats[seat].swapped = self.seats[seat].swapped, []
        self.own_pile().put_under(swapped)
        self.known_in_pile[seat].update(swapped)

    # -- a turn (rulebook: Turn Sequence) --------------------------------------

    def _play_turn(self) -> None:
        """A turn of the player on turn: draw, then the activity phase (which ends with `_turn_end`)."""
        player = self.current
        if self._is_stuck():
            self._decide_on_points(nothing_left=True)
        self._turn += 1
        self.played = self.combat_done = self.in_combat = False
        self.recoveries = 0
        seats = self.seats
        if not self.quiet:
            self.emit(
                "turn",
                turn=self._turn,
                player=player,
                life=[seats[0].life, seats[1].life],
                energy=[seats[0].energy, seats[1].energy],
            )
        self.draw(player, self.game.rules.draw_at_start)
        if self.durations is not NO_DURATIONS:
            self.then(timing.turn_starts, player)
        if self.game.has_powers:
            self.then(powers.fire, player, powers.Trigger.START_OF_TURN)
            if powers.has_trigger(self, 1 - player, powers.Trigger.START_OF_OPPONENT_TURN):
                self.then(powers.fire, 1 - player, powers.Trigger.START_OF_OPPONENT_TURN)
        self.then(self._activity, player)

    def _turn_end(self, player: int) -> None:
        """The powers of the end of the turn; then the draw of a turn without play, the hand limits, the round bell."""
        if self.game.has_powers:
            powers.fire(self, player, powers.Trigger.END_OF_TURN)
            self.then(self._turn_over, player)
        else:
            self._turn_over(player)

    def _turn_over(self, player: int) -> None:
        """The lasting effects of the turn end; a turn without a card played draws; then the hand limits and the round bell."""
        if self.durations is not NO_DURATIONS:
            timing.turn_ends(self, player)
        if self.played:
            self._hand_limits(player)
        else:
            self.draw(player, self.game.rules.draw_at_end)
            self.then(self._hand_limits, player)

    def _hand_limits(self, player: int) -> None:
        """The hand limit of both players, the player on turn first (if checked at the end of turn); the round bell."""
        rules = self.game.rules
        waits = False
        if rules.hand_limit_checked == "end of turn":
            limit = rules.hand_limit
            for seat in (player, 1 - player):
                # Before any discard, a hand within the limit stays so: nothing to check.
                if waits or len(self.seats[seat].hand) > limit:
                    self.then(self._hand_limit, seat)
                    waits = True
        if waits:
            self.then(self._round_bell, player)
        else:
            self._round_bell(player)

    def _round_bell(self, player: int) -> None:
        """The round ends if the GONG was drawn this turn; then the other player's turn."""
        if self.gong_out:
            self.then(self._end_round)
            self.then(self._next_turn, player)
        else:
            self._next_turn(player)

    def _next_turn(self, player: int) -> None:
        self.current = 1 - player
        self._play_turn()

    def _activity(self, player: int) -> None:
        """The activity phase: play and/or spit cards, then end the turn."""
        options = self.activity_options(player)
        prompt = _activity_prompt(self.seats[player].energy, self.game.rules.energy_per_spat_card)
        self.ask_last(Decision(player, "act", options, prompt), self._acted, player)

    def _acted(self, option: Option, player: int) -> None:
        what = option.value
        if what[0] == "end":
            if self.quiet is not True:
                self.emit("end_turn", player=player)
            self._turn_end(player)
            return
        name = what[1]
        if what[0] == "spit":
            self.spit(player, self.take_from_hand(player, name))
            if self.game.has_powers:
                powers.fire(self, player, powers.Trigger.SPIT)
                self.then(self._activity, player)
            else:
                self._activity(player)
            return
        if self.game.cards[name].TYPE is RECOVERY:
            self._recovery(player, name)
        else:
            self._combat(player, name)

    def activity_options(self, player: int) -> list[Option]:
        """What the player on turn may do outside a combat: play what they can pay for, spit, end.

        Kept with the hand (`_hand`), by the energy and whether the boxer
        may still attack and recover (shared: a decision's options never change).
        """
        game = self.game
        energy = self.seats[player].energy
        if self.durations is not NO_DURATIONS and timing.attack_cost_change(self, player):
            return self._costed_options(player, combat=False)
        may_attack = not self.combat_done
        may_recover = self.recoveries < game.rules.recoveries_per_turn
        hand = self._hand(player)
        code = 4 * energy + 2 * may_attack + may_recover
        kept = hand.activity
        plays = kept.get(code)
        if plays is not None:
            return plays
        acts = game.acts
        plays, spits = [], []
        for name in hand.names:
            kind, cost, play, spit = acts[name]
            if cost <= energy and ((kind is RECOVERY and may_recover) or (kind is not RECOVERY and kind is not DEFENSE and may_attack)):
                plays.append(play)
            spits.append(spit)
        plays += spits
        plays.append(END_TURN)
        kept[code] = plays
        return plays

    def combat_options(self, player: int) -> list[Option]:
        """What the attacker may do inside a combat: another ATTACK or RIPOSTE they can pay for, or end it.

        Kept with the hand (`_hand`), by the energy, as `activity_options`.
        """
        energy = self.seats[player].energy
        if self.durations is not NO_DURATIONS and timing.attack_cost_change(self, player):
            return self._costed_options(player, combat=True)
        hand = self._hand(player)
        kept = hand.combat
        options = kept.get(energy)
        if options is not None:
            return options
        acts = self.game.acts
        options = []
        for name in hand.names:
            kind, cost, play, _ = acts[name]
            if (kind is ATTACK or kind is RIPOSTE) and cost <= energy:
                options.append(play)
        options.append(END_COMBAT)
        kept[energy] = options
        return options

    def _costed_options(self, player: int, combat: bool) -> list[Option]:
        """The options of an activity (or of a combat) while a lasting effect changes what attacks cost (not kept)."""
        acts = self.game.acts
        energy = self.seats[player].energy
        change = timing.attack_cost_change(self, player)
        may_recover = not combat and self.recoveries < self.game.rules.recoveries_per_turn
        may_attack = combat or not self.combat_done
        plays, spits = [], []
        for name in self._hand(player).names:
            kind, cost, play, spit = acts[name]
            if kind is ATTACK or kind is RIPOSTE:
                if may_attack and max(0, cost + change) <= energy:
                    plays.append(play)
            elif kind is RECOVERY and may_recover and cost <= energy:
                plays.append(play)
            spits.append(spit)
        if combat:
            return [*plays, END_COMBAT]
        return [*plays, *spits, END_TURN]

    def spit(self, player: int, card: int) -> None:
        """Spit a card of the hand into the spittoon: +1 energy (not a played card)."""
        seat = self.seats[player]
        seat.spittoon.append(card)
        gain = self.game.rules.energy_per_spat_card
        energy = seat.energy + gain
        cap = self.game.rules.energy_cap
        if cap is not None:
            energy = min(energy, max(cap, seat.energy))
        seat.energy = energy
        if not self.quiet:
            self.emit("spit", player=player, card=self.game.names[card], energy=energy)

    def play_card(self, player: int, name: str, role: str) -> ast.HandCard:
        """Play a card of the hand: pay its cost, put it in the ring; the card."""
        node = self.game.hand_cards[name]
        seat = self.seats[player]
        cost = node.cost
        if self.durations is not NO_DURATIONS and role == "attack":
            cost = max(0, cost + timing.attack_cost_change(self, player))
        ledger = self.ledger
        if ledger is not None:  # the lab's (see `State.ledger`)
            ledger.append((player, name, "played", self.turn))
        if not self.quiet:
            self.emit("play", player=player, card=name, role=role, cost=cost, energy=seat.energy - cost)
        self.ring.append(self.take_from_hand(player, name))
        seat.energy -= cost
        return node

    def _recovery(self, player: int, name: str) -> None:
        """A RECOVERY card: before or after a combat, never during one; then back to the activity phase."""
        self.played = True
        self.recoveries += 1
        node = self.play_card(player, name, "recovery")
        HANDLERS[type(node)](self, node, player)
        if steps.may_decide(cast(ast.Recovery, node).effects):
            self.then(self._recovered, player)
        else:
            self._recovered(player)

    def _recovered(self, player: int) -> None:
        self.check_ko()
        self._activity(player)

    # -- combat (rulebook: Combat) ---------------------------------------------

    def _combat(self, attacker: int, name: str) -> None:
        """A combat: the attacker plays blows as long as they can and want; then back to the activity phase."""
        self.played = self.combat_done = self.in_combat = True
        if self.quiet is not True:
            self.emit("combat", player=attacker)
        self._attack(attacker, name)

    def _attack(self, attacker: int, name: str) -> None:
        """One card of the combat: its blow, then the attacker may go on."""
        node = self.play_card(attacker, name, "attack")
        HANDLERS[type(node)](self, node, attacker)
        self.then(self._next_attack, attacker)

    def _next_attack(self, attacker: int) -> None:
        self.ask_last(
            Decision(attacker, "attack", self.combat_options(attacker), _combat_prompt(self.seats[attacker].energy)),
            self._attack_chosen,
            attacker,
        )

    def _attack_chosen(self, option: Option, attacker: int) -> None:
        if option.value[0] != "end":
            self._attack(attacker, option.value[1])
            return
        self.in_combat = False
        if self.quiet is not True:
            self.emit("combat_end", player=attacker)
        self.check_ko()
        self._activity(attacker)

    def answer_options(self, blow: Blow) -> list[Option]:
        """The cards the blow's target may answer with: DEFENSE, or RIPOSTE, they can pay for and that counter this blow."""
        game = self.game
        defender = blow.to
        energy = self.seats[defender].energy
        # "THE ATTACKER MAY, IF THEY WISH, play a DEFENSE card on a RIPOSTE of the defender."
        may_riposte = not (blow.counter and defender == self.current) or self.game.rules.attacker_may_riposte
        if blow.unstoppable:
            return [TAKE]
        hand = self._hand(defender)
        key = (blow.card, energy, may_riposte)
        kept = hand.answers
        options = kept.get(key)
        if options is not None:
            return options
        options = [TAKE]
        for name in hand.names:
            card = game.hand_cards[name]
            if isinstance(card, ast.Defense) or (isinstance(card, ast.Riposte) and may_riposte):
                if card.cost <= energy and (not card.against.names or any(n.name == blow.card for n in card.against.names)):
                    options.append(_answer_option(name))
        kept[key] = options
        return options

    def deal_blow(self, blow: Blow) -> None:
        """A blow: its target answers it or takes it."""
        self.blow = blow
        options = self.answer_options(blow)
        prompt = "" if self.quiet else f"{seat_name(blow.by)} hits you with {blow.card} ({_blow_text(blow)}): answer with a DEFENSE or a RIPOSTE, or take the blow"
        self.ask(Decision(blow.to, "answer", options, prompt), self._blow_answered, blow)

    def _blow_answered(self, option: Option, blow: Blow) -> None:
        self.blow = None
        if option.value is None:
            if self.quiet is not True:
                self.emit("take", player=blow.to, card=blow.card)
            # A blow that deals more damage: by the modifiers holding before it (not one its own effects begin).
            extra = timing.blow_damage_change(self, blow.by) if self.durations is not NO_DURATIONS else 0
            steps.run_effects(self, blow.effects, blow.by)
            if extra:
                self.then(self.change_life, blow.to, -extra)
            if self.game.has_powers:
                self.then(powers.fire, blow.to, powers.Trigger.TAKE_BLOW)
                self.then(powers.fire, blow.by, powers.Trigger.BLOW_LANDS)
            return
        node = self.play_card(blow.to, option.value, "answer")
        HANDLERS[type(node)](self, node, blow.to, blow)
        if self.game.has_powers:
            self.then(powers.fire, blow.to, powers.Trigger.COUNTER)

    # -- the end of a turn: hand limit, the round bell -------------------------

    def _hand_limit(self, seat_index: int) -> None:
        """Keep at most the hand limit: the extra cards are discarded (one at a time), not spat."""
        rules = self.game.rules
        seat = self.seats[seat_index]
        if len(seat.hand) <= rules.hand_limit:
            return
        if rules.hand_limit_chosen_by == "owner":
            options = [Option(name, name) for name in self.hand_names(seat_index)]
            prompt = f"your hand holds {len(seat.hand)} cards, {rules.hand_limit} at most: discard a card"
            decision = Decision(seat_index, "hand_limit", options, prompt)
        else:
            decision = self.random_card(seat_index, "hand_limit_random")
        self.ask(decision, self._discarded, seat_index)

    def _discarded(self, option: Option, seat_index: int) -> None:
        rules = self.game.rules
        seat = self.seats[seat_index]
        card = self.take_from_hand(seat_index, option.value)
        if rules.hand_limit_goes_to == "spittoon":
            seat.spittoon.append(card)
            seat.face_down.add(card)
            where = "spittoon"
        else:
            self.own_pile().put_under([card])
            self.known_in_pile[seat_index].add(card)
            where = "pile"
        self.emit("hand_limit", player=seat_index, card=self.game.names[card], to=where)
        if rules.hand_limit_gives_energy:
            self.change_energy(seat_index, rules.energy_per_spat_card)
        self.then(self._hand_limit, seat_index)

    def random_card(self, seat: int, kind: str) -> Decision:
        """The chance decision of a card picked blindly from a hand: each card as likely."""
        counts: dict[str, int] = {}
        for card in self.seats[seat].hand:
            name = self.game.names[card]
            counts[name] = counts.get(name, 0) + 1
        options = [Option(name, name, counts[name]) for name in sorted(counts)]
        return Decision(CHANCE, kind, options, f"A card of {seat_name(seat)}'s hand, at random")

    def _end_round(self) -> None:
        """The GONG was drawn this turn: the bonus, the round counter, the reshuffle; or the end."""
        rules = self.game.rules
        player = self.current
        self.gongs += 1
        self.emit("round_end", gong=self.gongs, last=self.gongs >= rules.gongs_to_end)
        if self.gongs >= rules.gongs_to_end:
            # "When the 3rd GONG is drawn, finish your turn normally; the game
            # ends immediately afterwards and the end-of-round bonus does not apply."
            self._decide_on_points()
        if self.game.has_powers:
            for seat in (player, 1 - player):
                self.then(powers.fire, seat, powers.Trigger.GONG)
        # "each player recovers, of their choice, 1 life point or 2 ENERGY POINTS."
        for seat in (player, 1 - player):
            self.then(self._gong_bonus, seat)
        # "remove the top card of the draw pile, face down, to indicate the number of rounds"
        self.then(self._remove_card, rules.cards_removed_per_gong)
        self.then(self._gong_reshuffle)

    def _gong_bonus(self, seat: int) -> None:
        rules = self.game.rules
        options = [Option(f"+{rules.gong_bonus_life} life", "life"), Option(f"+{rules.gong_bonus_energy} energy", "energy")]
        self.ask(Decision(seat, "gong_bonus", options, "the round ends: take your bonus"), self._bonus_taken, seat)

    def _bonus_taken(self, option: Option, seat: int) -> None:
        if self.quiet is not True:
            self.emit("bonus", player=seat, took=option.value)
        if option.value == "life":
            self.change_life(seat, self.game.rules.gong_bonus_life)
        else:
            self.change_energy(seat, self.game.rules.gong_bonus_energy)

    def _remove_card(self, left: int) -> None:
        """Remove the top card of the pile to count the round (`left` still to remove)."""
        if left <= 0 or not self.pile:
            return
        self.ask(self.draw_decision("remove", "The card removed to count the round"), self._card_removed, left)

    def _card_removed(self, option: Option, left: int) -> None:
        self.removed.append(self.take_top(option.value, None))
        self.emit("removed", card=option.value, removed=len(self.removed))
        self.then(self._remove_card, left - 1)

    def _gong_reshuffle(self) -> None:
        # "shuffle the GONG card with all the played cards present in the ring and
        # all the cards in the spittoons ... placed underneath the remaining draw pile."
        self.gong_out = False
        self._reshuffle("gong", [self.game.gong])

    def _reshuffle(self, why: str, extra: list[int]) -> int:
        """Shuffle the ring and both spittoons (and `extra`) under the pile; how many cards."""
        cards = extra + self.ring + self.seats[0].spittoon + self.seats[1].spittoon
        counts = [len(self.ring), len(self.seats[0].spittoon), len(self.seats[1].spittoon)]
        # Both players know where the GONG, the ring and the face-up cards go; the
        # owner of a face-down card knows it too.
        down = self.seats[0].face_down | self.seats[1].face_down
        for index, known in enumerate(self.known_in_pile):
            known.update(c for c in cards if c not in down)
            known.update(self.seats[index].face_down)
        self.ring = []
        for seat in self.seats:
            seat.spittoon = []
            seat.face_down.clear()
        self.own_pile().put_under(cards)
        self.emit("reshuffle", why=why, ring=counts[0], spittoons=counts[1:], pile=len(self.pile))
        return len(cards)

    def _is_stuck(self) -> bool:
        """True when no card can ever move again: empty hands, and no draw possible.

        This cannot happen with the GONG in play (it is always drawn in the
        end); it guards against a position arranged by hand, or a variant, that
        would loop for ever.
        """
        if self.seats[0].hand or self.seats[1].hand or self.pile or self.gong_depth is not None or self.gong_out:
            return False
        refill = self.ring or self.seats[0].spittoon or self.seats[1].spittoon
        return self.game.rules.empty_draw_pile == "no draw" or not refill

    def _decide_on_points(self, nothing_left: bool = False) -> None:
        """The last GONG (or, earlier, nothing left to draw or play): more life wins; a tie as the rules say."""
        lives = [s.life for s in self.seats]
        code = "nothing_left" if nothing_left else "last_gong"
        facts: dict[str, Any] = {"life": lives, "gongs": self.gongs}
        winner: int | None = None
        if lives[0] != lives[1]:
            winner = 0 if lives[0] > lives[1] else 1
        elif self.game.rules.tie_at_last_gong == "most energy":
            energies = facts["energy"] = [s.energy for s in self.seats]
            if energies[0] != energies[1]:
                winner = 0 if energies[0] > energies[1] else 1
        self.finish(winner, code, facts)
        raise GameOver

    # -- drawing (rulebook: Turn Sequence, Round Bell) -------------------------

    def draw(self, player: int, n: int) -> None:
        """`player` draws `n` cards, one at a time; a GONG is revealed and replaced."""
        if n > 0:
            self._draw_one(player, n)

    def _draw_one(self, player: int, left: int) -> None:
        """Draw the top card of the pile (a chance decision), `left` cards still to draw with this one.

        The GONG lies at a known depth until it is drawn.
        """
        if self.gong_depth == 0:
            self.gong_depth = None
            self._drew_gong(player, left)
            return
        if not self.pile:
            if self.game.rules.empty_draw_pile == "reshuffle" and (self.ring or self.seats[0].spittoon or self.seats[1].spittoon):
                self._reshuffle("empty", [])
            else:
                self.emit("nothing_to_draw", player=player)
                self._drew(player, left)
                return
        drawn = self.drawn_here(self.pile, self.game.name_of)  # while chance is drawn inside: here, without a task
        if drawn is not None:
            self._drawn(drawn, player, left)
            return
        self.ask_draw(self.pile, self.game.name_of, "draw", _DRAW_PROMPTS[player], self._drawn, player, left)

    def _drawn(self, option: Option, player: int, left: int) -> None:
        if self.gong_depth is not None:
            self.gong_depth -= 1
        card = self.take_top(option.value, player)
        if card == self.game.gong:
            self._drew_gong(player, left)
            return
        self.seats[player].hand.append(card)
        ledger = self.ledger
        if ledger is not None:  # the lab's (see `State.ledger`)
            ledger.append((player, self.game.names[card], "drawn", self.turn))
        if not self.quiet:
            self.emit("draw", player=player, card=self.game.names[card])
        if left > 1 or self.game.rules.hand_limit_checked == "always":
            self._drew(player, left)

    def _drew(self, player: int, left: int) -> None:
        """A card drawn (or none left to draw): the hand limit, if the rules check it after every draw; the next card."""
        rules = self.game.rules
        if rules.hand_limit_checked == "always" and len(self.seats[player].hand) > rules.hand_limit:
            self._hand_limit(player)
            if left > 1:
                self.then(self._draw_one, player, left - 1)
        elif left > 1:
            self._draw_one(player, left - 1)

    def _drew_gong(self, player: int, left: int) -> None:
        # "When you draw the GONG card, reveal it immediately next to
        # the ring, and replace it in your hand with a new card."
        self.gong_out = True
        if self.quiet is not True:
            self.emit("gong", player=player, gong=self.gongs + 1)
        self._draw_one(player, left)

    def own_pile(self) -> Pile:
        """The pile, to change it: a pile shared with a copy of this state is copied first."""
        if self.pile_shared:
            self.pile, self.pile_shared = self.pile.copy(), False
        return self.pile

    def draw_decision(self, kind: str, prompt: str) -> Decision:
        """The chance decision of the pile's top card (one option per name, weighted by copies)."""
        return self.pile.draw_decision(self.game.name_of, kind, prompt)

    def take_top(self, name: str, by: int | None = None) -> int:
        """Take a card of this name from the pile's top segment (see `draw_decision`), seen by seat `by` (None: nobody).

        A seat that does not see the card no longer knows for sure which cards
        are left in that segment.
        """
        known_in_pile = self.known_in_pile
        pile = self.own_pile() if self.pile_shared else self.pile
        if not (known_in_pile[0] or known_in_pile[1]):
            return pile.take(name, self.game.name_of)
        top = pile.segments[0]
        blind = known_in_pile.blind
        for seat, known in enumerate(known_in_pile):
            if known and seat != by and blind[seat] is not top:
                known.difference_update(top.cards)
                blind[seat] = top
        card = pile.take(name, self.game.name_of)
        known_in_pile[0].discard(card)
        known_in_pile[1].discard(card)
        return card


#: The chance decisions that pick a card of a hand blindly: their options show the hand's names.
_HAND_PICKS = frozenset({"hand_limit_random", "lose_random"})
_DRAW_PROMPTS = ("P1 draws", "P2 draws")


_ANSWER: dict[str, Option] = {}


def _answer_option(name: str) -> Option:
    option = _ANSWER.get(name)
    if option is None:
        option = _ANSWER[name] = Option(name, name)
    return option


def _blow_text(blow: Blow) -> str:
    return commentary.blow_text(blow)
