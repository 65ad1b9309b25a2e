"""A game of Duel pour Cardia in progress: zones, the line of encounters, seals, the turn loop.

The game runs as an agenda of tasks (`engine/agenda.py`): small methods named
after the rulebook's phases, each doing its part and scheduling what comes
next (`then`), or posing a decision whose answer calls the next method
(`ask`). A phase that comes first in a method is called at once; one that
must wait for the decisions posed before it is scheduled. The effect
handlers of `steps.py` work the same way.
The state holds only plain data, so `clone()` copies it (`copy_fields`) and
`resample` deals anew what a seat cannot see. A decision with a single option
is taken at once and never asked. Everything that happens is an event (their
meaning: `commentary.py`).

Zones: each player has a pile (shuffled segments, drawn by chance), a hand
and a discard; the cards played stay in play in the *line*, one `Encounter`
per turn. Cards in play carry modifier tokens (`tokens`) and Persistant
tokens (`persistent`). Every influence change re-evaluates every encounter
(`evaluate`): a seal moves to the new winner or back to the reserve, and no
ability is triggered by it.

A turn (rulebook, "Jouer les cartes" to "La fin du tour"): both players
choose a card in secret (P1's choice is asked first and kept hidden, then
P2's; a "face visible" persistent ability makes one player choose and show
first); reveal; the higher influence wins and takes a seal; the loser's
ability acts (none on a tie); the encounter's Protecteur acts (not on a
tie either); seals are counted and the game may end; each player draws; the
next Protecteur is revealed. At the start of a turn a player without a card
in hand loses, and a position that comes back ends the game if it cannot
progress (see `progress.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.agenda import AgendaState, GameOver
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.limits import Limit
from atout.interpreter.engine.repetition import Seen, count_position, tally_weight
from atout.interpreter.engine.state import Outcome
from atout.interpreter.engine.zones import conservation, shuffle

from . import ast, progress, steps
from .abilities import GagnentEgalites, Propriete, SeJouentFaceVisible, triggers
from .commentary import describe
from .effects import _discarded, discard_one
from .moves import card_options
from .persistent import JoueMainVisible
from .view import CardiaView

if TYPE_CHECKING:  # the game makes its states: this module is below it
    from .game import CardiaGame


#: A safety net, not a rule: a game still going after this many turns is stopped
#: as a draw. The rulebook's game always ends (hands run out); a Lieu that
#: reshuffles the discard every time, or makes two cards return to the hand on
#: a tie, can make play come back to a position (the shipped Lieux limit both):
#: a game that cannot progress is ended at once (see `progress.py`), but
#: players who could end it and do not would play on for ever.
MAX_TURNS = 200

#: The prompt of each seat's draw.
DRAW_PROMPTS = ("P1 draws a card", "P2 draws a card")


@dataclass(frozen=True)
class _CardTables:
    """What a game's cards are, the same in each of its states: made once per game (`CardiaGame.card_tables`)."""

    cards: list[ast.Personnage]
    names: list[str]
    printed: list[int]
    owners: list[int]
    hand_options: list[Option]
    play_options: list[Option]
    tie_kept: frozenset[int]
    win_abilities: frozenset[int]
    properties: dict[int, list[Any]]
    face_up_self: frozenset[int]
    face_up_sets: bool
    #: Each seat's pile as a game starts, its cards counted by name (a state copies it).
    piles: tuple[Pile, Pile]
    #: Each card's weight in a pile's tally, each card counted as its own (`repetition.tally_weight`).
    weights: list[int]

    @classmethod
    def of(cls, game: CardiaGame) -> _CardTables:
        size = len(game.characters)
        cards = list(game.characters) * 2
        names = [card.name for card in cards]
        owners = [0] * size + [1] * size
        properties: dict[int, list[Any]] = {}
        for i, card in enumerate(cards):
            found = [capacite for capacite in card.capacites if isinstance(capacite, Propriete)]
            if found:
                properties[i] = found
        return cls(
            cards=cards,
            names=names,
            printed=[card.influence for card in cards],
            owners=owners,
            hand_options=[Option(name, card) for card, name in enumerate(names)],
            play_options=[Option(f"{names[card]} ({seat_name(owners[card])})", card) for card in range(2 * size)],
            tie_kept=frozenset(i for i, card in enumerate(cards) if game.tie_keeps_returning and takes_back(card)),
            win_abilities=frozenset(i for i, card in enumerate(cards) if any(triggers(capacite, True) for capacite in card.capacites)),
            properties=properties,
            face_up_self=frozenset(
                i for i, found in properties.items() for prop in found for effect in prop.effets if isinstance(effect, SeJouentFaceVisible) and isinstance(effect.ensemble, ast.CetteCarte)
            ),
            face_up_sets=any(isinstance(effect, SeJouentFaceVisible) for card in cards for capacite in card.capacites for effect in getattr(capacite, "effets", ())),
            piles=(Pile([list(range(size))]).count(names.__getitem__), Pile([list(range(size, 2 * size))]).count(names.__getitem__)),
            weights=[tally_weight(card, 1) for card in range(2 * size)],  # a card of its own: one bit
        )


_label = attrgetter("label")


class Active(dict):
    """The active persistent effects by kind: [(owner, source card, effect)]; and each card's bonus from them.

    A card's bonus (the sum of the `InfluenceContinue` effects that include
    it, `CardiaState.influence`) depends only on these effects and on who
    owns which card: it is worked out once per card, for the owners it was
    worked out with (`owners` is replaced, never changed in place, when a
    card changes hands; the effects are replaced whole by `refresh_active`).
    Copies of a state share it, as they share the effects.
    """

    __slots__ = ("owners", "bonuses")

    def __init__(self) -> None:
        super().__init__()
        self.owners: list[int] | None = None
        self.bonuses: dict[int, int] = {}


@dataclass(slots=True)
class Encounter:
    """One turn's pair of cards in the line.

    `played` are the cards each seat played (P1's first); `cards` those still
    in play (None once a card has left). `winner` is the seat whose card wins
    it now and `sealed` whether that card carries a seal (always, unless the
    rules limit the seals). `tie_winner` is the seat the Lieu's "fewer seals"
    rule gave a tie at the reveal; `revealed` the seat that won at the reveal
    (`le résultat de la rencontre a changé` compares it with `winner`). `protecteur` is the index of its
    Protecteur in the game's list, if it has one.

    A state and its copies share their encounters until one of them changes
    one (`CardiaState.own`): `owner` is the token of the state that may
    change it in place (None: no state's, as an encounter laid by hand).
    """

    number: int
    played: tuple[int, int]
    cards: list[int | None]
    winner: int | None = None
    sealed: bool = False
    tie_winner: int | None = None
    protecteur: int | None = None
    owner: object = field(default=None, compare=False, repr=False)
    #: The seat that won it at the reveal (None: a tie), for "le résultat de la rencontre a changé".
    revealed: int | None = None
    #: The limited abilities (card, index) counted in this encounter: each counts once, when its first effect acts.
    counted: tuple[tuple[int, int], ...] = ()

    def held(self, seat: int) -> int:
        """The card `seat` still has in play here (asked only where it has one, such as the winner's)."""
        card = self.cards[seat]
        if card is None:
            raise ValueError(f"{seat_name(seat)}'s card of encounter {self.number} has left play")
        return card

    def copy(self, owner: object = None) -> Encounter:
        """An independent copy (the cards still in play, the winner and the seal change in play), `owner`'s to change."""
        return Encounter(self.number, self.played, self.cards[:], self.winner, self.sealed, self.tie_winner, self.protecteur, owner, self.revealed, self.counted)


@dataclass(slots=True)
class Seat:
    """One player's zones."""

    pile: Pile
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)


class Act(NamedTuple):
    """An ability acting: for whom (`me`), its card (`this`, may have left play), its encounter's index in the line (`at`), its source's name.

    Immutable (an argument of the tasks that run the ability's effects): it
    names the encounter by its place, never holds it. `copie`: the effects
    are another card's, copied (`Copier la capacité de …`): they copy nothing.
    `limited`: the ability has a limit (`une fois par duel`), counted only once an effect acts.
    """

    me: int
    this: int | None
    at: int
    source: str
    copie: bool = False
    #: A limited ability (its card, its index): counted when its first effect acts (`CardiaState.count_use`).
    limited: tuple[int, int] | None = None


class CardiaState(AgendaState["CardiaGame"]):
    """A position in a game of Duel pour Cardia."""

    step_events = frozenset({"reveal", "effect", "count"})

    first_player = None  # both play at once: there is no first player

    #: The effects kept for the next encounter (`À la prochaine rencontre : …`), in the order written:
    #: (seat, card, source, copie, the construct). A class default: a game without them keeps no field;
    #: replaced, never changed in place, so that copies share it.
    delayed: tuple[tuple[int, int | None, str, bool, Any], ...] = ()

    def __init__(self, game: CardiaGame) -> None:
        self.game = game
        self.rules = game.rules
        known = game.card_tables
        if known is None:  # the same for every game of these cards: made once, shared (never changed in place)
            known = game.card_tables = _CardTables.of(game)
        #: Card ids: P1's deck is 0..size-1, P2's size..2*size-1 (size: the cards of a deck).
        self.cards: list[ast.Personnage] = known.cards
        self.names: list[str] = known.names
        self.printed: list[int] = known.printed
        #: Each card's owner (replaced, never changed in place, when a card changes hands).
        self.owners: list[int] = known.owners
        #: Each card as the option of choosing it from a hand (options are immutable: made once, shared).
        self.hand_options: list[Option] = known.hand_options
        #: Each card as the option of choosing it in play ("Oracle (P2)", see `label`; replaced as `owners` is).
        self.play_options: list[Option] = known.play_options
        #: The cards whose ability does not act on a tie under the Lieu (see `game.takes_back`).
        self.tie_kept: frozenset[int] = known.tie_kept
        #: The cards with an ability that acts when they win (`quand cette carte gagne`).
        self.win_abilities: frozenset[int] = known.win_abilities
        #: The cards with a `Propriété` (it acts while they are in play), and those that say they play face up.
        self.properties: dict[int, list[Any]] = known.properties
        self.face_up_self: frozenset[int] = known.face_up_self
        #: Some card can be played face up by a set's property: the choice of cards follows `SeJouentFaceVisible`.
        self.face_up_sets: bool = known.face_up_sets
        #: How many times each limited ability (card, its index) has activated in this game.
        self.used: dict[tuple[int, int], int] = {}
        self.seats = [Seat(known.piles[0].copy()), Seat(known.piles[1].copy())]
        self.line: list[Encounter] = []
        #: This state's token: the encounters it may change in place carry it (see `own`).
        self._token = object()
        #: The encounter (index in the line) of each card in play.
        self.place: dict[int, int] = {}
        #: Modifier tokens on cards in play, signed values.
        self.tokens: dict[int, list[int]] = {}
        #: Cards in play with a Persistant token, in the order they got it.
        self.persistent: list[int] = []
        #: Active persistent effects by kind: [(owner, source card, effect)].
        self.active = Active()
        self.chosen: list[int | None] = [None, None]
        #: The card a player showed before the other chose ("face visible"), this turn.
        self.shown: list[int | None] = [None, None]
        #: How many times each player's discard has been reshuffled (a Lieu may limit it).
        self.reshuffled: list[int] = [0, 0]
        self.protector_pile = Pile([list(range(len(game.protecteurs or ())))])
        #: The cards taken from a pile to be looked at (`Regarder`), until they are kept or put back.
        self.aside: list[int] = []
        self.protector_used: list[int] = []
        #: The Protecteur of the next encounter, once revealed.
        self.upcoming: int | None = None
        #: The Protecteur of the encounter being played, if any.
        self.protector_now: int | None = None
        self._turn = 0
        #: How often each position has started a turn (see `signature`), kept by `count_position`.
        self._seen: Seen = {}
        #: Positions (`progress.exact_signature`) found able to progress: not searched again.
        self._progressing: set[tuple] = set()
        #: True in the copies `progress.py` explores: no end by the turn limit, any Protecteur may come.
        self.exploring = False
        self._outcome: Outcome | None = None
        self.start(self._setup)

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The turn being played (0 during the setup)."""
        return self._turn

    def view(self, player: int):
        """What `player` may know: their hand, the line, the counts — never the other's hand or choice."""
        return CardiaView.of(self, player)

    def describe(self, viewer: int | None = None) -> str:
        """The line of encounters, seals, tokens, hands and piles, as `viewer` may see them."""
        return describe(self, viewer)

    def check_invariants(self) -> list[str]:
        """Every card is in exactly one zone; tokens only on cards in play; seals match the reserve."""
        problems = []
        for seat_index, seat in enumerate(self.seats):
            zones = {
                "pile": seat.pile.cards(),
                "hand": seat.hand,
                "discard": seat.discard,
                "in play": [c for enc in self.line for c in enc.cards if c is not None and self.owners[c] == seat_index],
                "looked at": [c for c in self.aside if self.owners[c] == seat_index],
            }
            owned = [c for c, owner in enumerate(self.owners) if owner == seat_index]
            problems += conservation(zones, owned, self.names.__getitem__, seat_name(seat_index))
        in_play = {c for enc in self.line for c in enc.cards if c is not None}
        if set(self.place) != in_play:
            problems.append("the places of the cards in play are wrong")
        for card in list(self.tokens) + self.persistent:
            if card not in in_play:
                problems.append(f"{self.names[card]} of {seat_name(self.owners[card])} has tokens but is not in play")
        for enc in self.line:
            if enc.winner != self.winner_of(enc) and enc.cards[0] is not None and enc.cards[1] is not None:
                problems.append(f"encounter {enc.number} is not up to date")
            if enc.sealed and enc.winner is None:
                problems.append(f"encounter {enc.number} has a seal but no winner")
        if self.rules.limited_seals and sum(self.seals()) > self.rules.total_seals:
            problems.append("more seals in play than the box holds")
        return problems

    def clone(self) -> CardiaState:
        """A copy that plays on alike (see `AgendaState.clone`); its fields are copied by `copy_fields`."""
        return cast(CardiaState, super().clone())

    def copy_fields(self, new: CardiaState) -> None:
        """The zones, the line, tokens, choices of the turn, Protecteurs and positions seen change in play.

        Shared with the copy: the cards, their owners and their options in play
        and the limited abilities' counts (`owners`, `play_options`, `used`:
        replaced, never changed in place, when a card changes hands or an
        ability counts), the active
        persistent effects (replaced whole by `refresh_active`, never changed
        in place), `_progressing`, a cache of facts about positions (a
        position that can progress can, in any copy), and the encounters of
        the line, until one of the two states changes one (`own` copies it
        first: most copies change only the encounter they add).
        """
        new.seats = [Seat(seat.pile.copy(), seat.hand[:], seat.discard[:]) for seat in self.seats]
        new.line = self.line[:]  # the encounters shared until one is changed (`own`): both take new tokens
        self._token = object()
        new._token = object()
        new.place = self.place.copy()
        new.tokens = {card: values[:] for card, values in self.tokens.items()}
        new.persistent = self.persistent[:]
        new.chosen = self.chosen[:]
        new.shown = self.shown[:]
        new.reshuffled = self.reshuffled[:]
        new.protector_pile = self.protector_pile.copy()
        new.protector_used = self.protector_used[:]
        new._seen = self._seen.copy()
        new.aside = self.aside[:]

    def resample(self, player: int, rng: Any) -> CardiaState:
        """A copy where what `player` cannot see is dealt anew: the other's hand and pile, a card they chose in secret.

        The other player's hand and pile hold, together, the cards of their
        deck neither in play nor discarded: `player` knows them as a set (the
        view's `unseen`), not which is where. They are put in order (name,
        id), shuffled with `rng` and dealt back, the hand and each segment of
        the pile keeping its size; a card the other showed face up stays in
        their hand. A card they chose in secret this turn is drawn anew from
        their new hand. A hand played shown (`joue avec sa main visible`) is
        known: it stays, and only the pile is dealt anew. `player`'s own pile
        is known as a set (their deck minus what they have seen) and chance
        draws from it: it stays, as do
        the cards in play, the discards and the Protecteurs. The positions
        seen before (the real hands in them) are forgotten: the copy counts
        the positions that come back from here. A decision pending over the
        other's hidden cards (their choice, a draw from their pile) is posed
        anew over the cards dealt.
        """
        new = self.clone()
        other = 1 - player
        zones = new.seats[other]
        shown = new.shown[other]
        kept = list(zones.hand) if self.hand_shown(other) else [] if shown is None else [shown]  # a hand played shown is known
        hidden = [card for card in zones.hand if card not in kept] + zones.pile.cards()
        names = self.names
        hidden.sort(key=lambda card: (names[card], card))
        shuffle(hidden, rng)
        size = len(zones.hand) - len(kept)
        zones.hand = kept + hidden[:size]
        dealt = size
        segments = []
        for segment in zones.pile.segments:
            segments.append(hidden[dealt : dealt + len(segment)])
            dealt += len(segment)
        zones.pile.segments = segments
        zones.pile.count(names.__getitem__)  # once here, not in each copy tried from here
        if new.chosen[other] is not None and shown is None:
            new.chosen[other] = zones.hand[rng.randrange(len(zones.hand))]
        new._seen = {}
        new._pose_again(other)
        return new

    def _pose_again(self, seat: int) -> None:
        """Pose the pending decision anew if it is over `seat`'s hand or pile (after `resample` dealt them)."""
        waiting = self._waiting
        if waiting is None:
            return
        method, args, _ = waiting
        poser = POSERS.get(method)
        if poser is None or args[0] != seat:
            return
        poser(self, *args)  # it schedules the question anew: take its decision, pose it in place
        decision = self._queued.pop()[2]
        assert decision is not None
        self.repose(decision)

    # ------------------------------------------------------------------
    # Events, decisions, the end
    # ------------------------------------------------------------------

    def finish_by(self, winner: int | None, how: str, **facts: Any) -> None:
        """`finish` with the result sheet: `how` is the code, the reason is written from the sheet.

        The sheet (seals, deck, Lieu, level, Protecteurs, turns and `facts`)
        is the outcome's facts and goes into the "end" event.
        """
        sheet = {
            "seals": self.seals(),
            "deck": self.game.deck_name,
            "lieu": self.game.lieu.name if self.game.lieu else None,
            "level": self.game.level,
            "protecteurs": self.game.protecteurs is not None,
            "turns": self._turn,
            **facts,
        }
        self.finish(winner, how, sheet)

    def end_facts(self, outcome: Outcome) -> dict[str, Any]:
        """The "end" event: the winner, how (the code) and the result sheet (the reason's text is the commentary's)."""
        return {"winner": outcome.winner, "how": outcome.code, **outcome.facts}

    def end_at_limit(self, limit: Limit) -> None:
        """A draw at an action bound (see `limits.py`): the event, then the result sheet."""
        self.emit("action_limit", **limit.event())
        self.finish_by(None, "action_limit", **limit.event())

    # ------------------------------------------------------------------
    # Queries
    # ------------------------------------------------------------------

    def label(self, card: int) -> str:
        """A card in play as an option's label: "Oracle (P2)"."""
        return f"{self.names[card]} ({seat_name(self.owners[card])})"

    def own(self, at: int) -> Encounter:
        """Encounter `at` of the line, this state's to change: copied first if it is shared with a copy of the state."""
        enc = self.line[at]
        if enc.owner is not self._token:
            enc = self.line[at] = enc.copy(self._token)
        return enc

    def in_play(self) -> list[int]:
        """Every card in play, in line order (P1's card of an encounter first)."""
        return [c for enc in self.line for c in enc.cards if c is not None]

    def influence(self, card: int) -> int:
        """Printed influence + modifier tokens + active continuous bonuses + the Lieu's."""
        value = self.printed[card]
        tokens = self.tokens.get(card)
        if tokens:
            value += sum(tokens)
        active = self.active
        effects = active.get(ast.InfluenceContinue)
        if effects:
            owners = self.owners
            if active.owners is not owners:
                active.owners, active.bonuses = owners, {}
            bonus = active.bonuses.get(card)
            if bonus is None:
                bonus = active.bonuses[card] = sum(effect.bonus(self, owner, source, card) for owner, source, effect in effects)
            value += bonus
        lieu = self.game.lieu_bonuses
        if lieu:
            of = self.cards[card].faction
            for faction, n in lieu:
                if faction is None or faction is of:
                    value += n
        return value

    def hand_shown(self, seat: int) -> bool:
        """True when `seat` plays with the whole hand shown (`L'adversaire joue avec sa main visible`)."""
        effects = self.active.get(JoueMainVisible)
        return effects is not None and any(effect.shows_hand(owner) == seat for owner, _, effect in effects)

    def has(self, seat: int, kind: type) -> bool:
        """True when `seat` has an active persistent effect of this kind."""
        return any(owner == seat for owner, _, _ in self.active.get(kind, ()))

    def seals(self) -> list[int]:
        """Each seat's seals: the sealed winning cards of the line."""
        counts = [0, 0]
        for enc in self.line:
            if enc.sealed and enc.winner is not None:  # a sealed encounter has a winner
                counts[enc.winner] += 1
        return counts

    def winner_of(self, enc: Encounter) -> int | None:
        """Who wins an encounter now: higher influence; on a tie, "gagne les égalités" or the Lieu's choice."""
        a, b = enc.cards
        if a is None or b is None:
            return None
        return self._winner(enc, a, b, self.influence(a), self.influence(b))

    def _winner(self, enc: Encounter, a: int, b: int, ia: int, ib: int) -> int | None:
        """Who wins an encounter of P1's card `a` and P2's card `b`, whose influences are `ia` and `ib`."""
        if ia != ib:
            return 0 if ia > ib else 1
        tie = self.tie_breaker(a, b)
        return tie if tie is not None else enc.tie_winner

    def tie_breaker(self, a: int, b: int) -> int | None:
        """The seat whose card wins a tie by "gagnent les égalités" (P1's card `a`, P2's `b`): one card alone does."""
        effects = self.active.get(GagnentEgalites)
        if not effects:
            return None
        wins_a = any(effect.wins_ties(self, owner, source, a) for owner, source, effect in effects)
        wins_b = any(effect.wins_ties(self, owner, source, b) for owner, source, effect in effects)
        if wins_a == wins_b:
            return None
        return 0 if wins_a else 1

    def evaluate(self, encounters: list[Encounter] | None = None) -> None:
        """Re-evaluate every encounter (or only `encounters`): seals move to new winners or return to the reserve.

        Every change to what an influence depends on (tokens, the cards in
        play, the active effects, who owns a card) is followed by an
        evaluation, so between two of them the winners are up to date: a
        reveal that changes none of it re-evaluates only its new encounter.
        """
        limited = self.rules.limited_seals
        influence = self.influence
        for enc in self.line if encounters is None else encounters:
            a, b = enc.cards  # as `winner_of` (its call made here: every encounter is evaluated at every change)
            new = None if a is None or b is None else self._winner(enc, a, b, influence(a), influence(b))
            old = enc.winner
            if new == old:
                continue
            if enc.owner is not self._token:  # (`own`'s test, read here first: 0.3% of a game, a call less)
                enc = self.own(enc.number - 1)
            enc.winner = new
            if new is None:
                if enc.sealed:
                    enc.sealed = False
                    if self.quiet is not True:
                        self.emit("seal_returns", encounter=enc.number, player=old)
            elif old is None:
                if limited and sum(self.seals()) >= self.rules.total_seals:
                    self.emit("no_seal_left", encounter=enc.number, player=new)
                else:
                    enc.sealed = True
                    if self.quiet is not True:
                        self.emit("seal", encounter=enc.number, player=new, card=self.names[enc.held(new)])
            elif enc.sealed:
                self.emit("seal_moves", encounter=enc.number, player=new, card=self.names[enc.held(new)])

    def signature(self) -> tuple:
        """The position at the start of a turn: zones, reshuffles left, cards in play, tokens, winners and seals.

        Encounters whose two cards have both left play, and the Protecteurs, are left out.
        When a position comes back, `progress.py` searches whether the game can still end.
        """
        # (made at every turn: the parts most often empty, a discard, tokens, are read without a sort then)
        weights = self.game.card_tables.weights
        weight = weights.__getitem__
        one, two = self.seats
        seats = (  # each zone as its tally: one bit a card (see `repetition.py`)
            sum(map(weight, one.hand)),
            one.pile.tally(weights),
            sum(map(weight, one.discard)) if one.discard else 0,
            sum(map(weight, two.hand)),
            two.pile.tally(weights),
            sum(map(weight, two.discard)) if two.discard else 0,
        )
        line = tuple([(cards[0], cards[1], enc.winner, enc.sealed, enc.tie_winner) for enc in self.line if (cards := enc.cards)[0] is not None or cards[1] is not None])
        tokens = tuple(sorted([(card, tuple(values)) for card, values in self.tokens.items()])) if self.tokens else ()
        # reshuffles used count only where a Lieu limits them (unlimited, they change nothing)
        used = tuple(self.reshuffled) if self.game.reshuffles is not None else ()
        # abilities limited to some times a game that have acted
        limited = tuple(sorted(self.used.items())) if self.used else ()
        base = (seats, line, tokens, tuple(self.persistent), used, limited)
        return base + (self.delayed,) if self.delayed else base

    def refresh_active(self) -> None:
        """Recompute the active persistent effects: the cards with a Persistant token, then the properties in play."""
        active = Active()
        for card in self.persistent:
            owner = self.owners[card]
            for capacite in self.cards[card].capacites:
                if isinstance(capacite, ast.CapacitePersistante):
                    for effect in capacite.effets:
                        active.setdefault(type(effect), []).append((owner, card, effect))
        if self.properties:
            for card in self.in_play():
                for prop in self.properties.get(card, ()):
                    for effect in prop.acts(True):
                        active.setdefault(type(effect), []).append((self.owners[card], card, effect))
        if active != self.active:  # the same effects: the bonuses worked out stay (see `Active`)
            self.active = active

    # ------------------------------------------------------------------
    # Moving cards
    # ------------------------------------------------------------------

    def draw(self, seat: int, count: int) -> None:
        """Draw `count` cards, one chance decision each; with an empty pile, reshuffle if the Lieu says so, else stop."""
        if count <= 0:
            return
        zones = self.seats[seat]
        if not zones.pile:
            limit = self.game.reshuffles
            if self.game.reshuffle and zones.discard and (limit is None or self.reshuffled[seat] < limit):
                self.reshuffled[seat] += 1
                left = {} if limit is None else {"left": limit - self.reshuffled[seat]}
                self.emit("reshuffle", player=seat, cards=len(zones.discard), **left)
                zones.pile.put_under(zones.discard)
                zones.discard = []
            else:
                if self.quiet is not True:
                    self.emit("draw_nothing", player=seat)
                return
        self.ask_draw(zones.pile, self.names.__getitem__, "draw", DRAW_PROMPTS[seat], self._drawn, seat, count)

    def _drawn(self, option: Option, seat: int, count: int) -> None:
        """The card chance drew goes to the hand; the next card, if `count` says so (drawn here while chance is drawn inside)."""
        zones = self.seats[seat]
        name = self.names.__getitem__
        while True:
            card = zones.pile.take(option.label, name)
            zones.hand.append(card)
            if self.ledger is not None:  # the lab's (see `State.ledger`)
                self.ledger.append((seat, self.names[card], "drawn", self.turn))
            if not self.quiet:
                if self.hand_shown(seat):  # a hand played shown: the card drawn is seen too
                    self.emit("draw", player=seat, card=self.names[card], seen=True)
                else:
                    self.emit("draw", player=seat, card=self.names[card])
            count -= 1
            drawn = self.drawn_here(zones.pile, name) if count > 0 else None
            if drawn is None:
                self.draw(seat, count)
                return
            option = drawn

    def leave_play(self, card: int, to: str) -> None:
        """A card in play goes to its owner's discard or hand, losing its tokens (no re-evaluation here)."""
        enc = self.own(self.place.pop(card))
        owner = self.owners[card]
        enc.cards[owner] = None
        self.tokens.pop(card, None)
        if card in self.persistent:
            self.persistent.remove(card)
            self.refresh_active()
        elif card in self.properties:
            self.refresh_active()
        zones = self.seats[owner]
        (zones.hand if to == "hand" else zones.discard).append(card)
        if self.quiet is not True:
            self.emit("leave", player=owner, card=self.names[card], to=to, encounter=enc.number)

    # -- zones out of play, for the effects that move cards (`moves.py`) --

    def zone_cards(self, seat: int, zone: str) -> list[int]:
        """The cards of a seat's zone out of play: "main", "défausse" or "pioche"."""
        zones = self.seats[seat]
        if zone == "main":
            return list(zones.hand)
        if zone == "défausse":
            return list(zones.discard)
        return zones.pile.cards()

    def remove_from_zone(self, card: int, seat: int, zone: str) -> None:
        """Take a given card out of a seat's hand, discard or pile."""
        zones = self.seats[seat]
        if zone == "main":
            zones.hand.remove(card)
        elif zone == "défausse":
            zones.discard.remove(card)
        else:
            for segment in zones.pile.segments:
                if card in segment:
                    segment.remove(card, self.names.__getitem__)
                    break
            zones.pile.segments = [segment for segment in zones.pile.segments if segment]

    def put_in_zone(self, card: int, seat: int, zone: str) -> None:
        """Put a card out of play in a seat's hand, discard or under its pile: it becomes that seat's."""
        zones = self.seats[seat]
        if zone == "main":
            zones.hand.append(card)
        elif zone == "défausse":
            zones.discard.append(card)
        else:
            zones.pile.put_under([card])
        if self.owners[card] != seat:  # copied before the change: the lists are shared with copies
            self.owners = self.owners[:]
            self.owners[card] = seat
            self.play_options = self.play_options[:]
            self.play_options[card] = Option(self.label(card), card)

    def replace_in_play(self, card: int, new: int) -> None:
        """`new`, from its owner's hand, takes the place of `card` in play; `card` goes back to the hand (no re-evaluation)."""
        at = self.place[card]
        seat = self.owners[card]
        self.leave_play(card, "hand")
        self.seats[seat].hand.remove(new)
        self.own(at).cards[seat] = new
        self.place[new] = at
        if self.properties:
            self.refresh_active()
        self.emit("enter", player=seat, card=self.names[new], encounter=self.line[at].number)

    def swap_played(self, at: int, seat: int) -> None:
        """The two cards of encounter `at` change sides, tokens and all: each becomes its new side's player's (no re-evaluation)."""
        enc = self.own(at)
        a, b = enc.cards
        assert a is not None and b is not None  # (asked only while both are in play)
        enc.cards = [b, a]
        enc.played = (b, a)
        self.owners = self.owners[:]  # copied before the change: the lists are shared with copies
        self.owners[a], self.owners[b] = 1, 0
        self.play_options = self.play_options[:]
        for card in (a, b):
            self.play_options[card] = Option(self.label(card), card)
        self.refresh_active()  # the persistent effects of the two cards act for their new owners
        self.emit("swap_played", player=seat, encounter=enc.number, cards=[self.names[b], self.names[a]])

    # ------------------------------------------------------------------
    # The game
    # ------------------------------------------------------------------

    def _setup(self) -> None:
        """The setup: each player draws their starting hand, the first Protecteur is revealed; then the turns."""
        game = self.game
        self.emit(
            "setup",
            deck=game.deck_name,
            lieu=game.lieu.name if game.lieu else None,
            lieu_difficulty=game.lieu.difficulte if game.lieu else 0,
            level=game.level,
            protecteurs=game.protecteurs is not None,
            seals_to_win=self.rules.seals_to_win,
            hand=self.rules.starting_hand,
            draw=self.rules.draw_per_turn,
        )
        self.draw(0, self.rules.starting_hand)
        self.then(self.draw, 1, self.rules.starting_hand)
        if game.protecteurs:
            self.then(self._reveal_protector)
        self.then(self.turns)

    def turns(self, left: int | None = None) -> None:
        """A turn, then the next, until the game ends (or `left` turns are played).

        The start of a turn: a player without a card in hand loses, a position
        that cannot progress ends the game; then both choose a card, the cards
        are revealed (`_reveal`) and the turn goes on to its end (`_end_turn`).
        """
        if left == 0:
            return
        self._turn += 1
        if self._turn > MAX_TURNS and not self.exploring:
            self.finish_by(None, "turn_limit", limit=MAX_TURNS)
            return
        empty = [s for s in (0, 1) if not self.seats[s].hand]
        if len(empty) == 2:
            a, b = self.seals()
            self.finish_by(None if a == b else (0 if a > b else 1), "no_card_both")
            return
        if empty:
            self.finish_by(1 - empty[0], "no_card", loser=empty[0])
            return
        if not self.exploring and (self._seen or self.horizon is None or self._turn < self.horizon):
            # (a copy played up to this turn's start (`horizon`) that has seen no position since it
            # was dealt cannot find one come back: nothing after this turn would read it)
            self._check_progress()
        protector = self.protector_now = self.upcoming
        self.upcoming = None
        if not self.quiet:
            self.emit(
                "turn",
                turn=self._turn,
                seals=self.seals(),
                protecteur=self.game.protecteur(protector).name if protector is not None else None,
            )
        self._choose_cards()
        self.then(self._reveal)
        self.then(self.turns, None if left is None else left - 1)

    def _check_progress(self) -> None:
        """End the game if it cannot progress (see `progress.py`); searched only when a position comes back."""
        if count_position(self._seen, self.signature()) < 2:
            return
        exact = progress.exact_signature(self)
        if exact in self._progressing:
            return
        positions = progress.closed_loop(self)
        if positions is None:
            self._progressing.add(exact)
            return
        a, b = self.seals()
        hands = [[self.names[c] for c in sorted(seat.hand, key=self.printed.__getitem__)] for seat in self.seats]
        self.finish_by(None if a == b else (0 if a > b else 1), "no_progress", positions=positions, hands=hands)
        raise GameOver

    def _choose_cards(self) -> None:
        """Both players choose a card: in secret, or one face visible first."""
        forcing = {effect.shows_first(owner) for owner, _, effect in self.active.get(ast.JoueFaceVisible, ())}
        if len(forcing) == 1:
            first = forcing.pop()
            self._choose(first, False, "shown")
            self.then(self._choose, 1 - first, False, "chosen")
            return
        if self.face_up_sets:
            self._choose(0, True, "chosen")
            self.then(self._face_up, 0)
            self.then(self._choose, 1, True, "chosen")
            self.then(self._face_up, 1)
            return
        self._choose(0, True, "chosen")
        self.then(self._choose, 1, True, "chosen")

    def face_up(self, card: int) -> bool:
        """Whether a card is played face up: its own property, or a set's (`se jouent face visible`)."""
        if card in self.face_up_self:
            return True
        return any(effect.shows(self, owner, source, card) for owner, source, effect in self.active.get(SeJouentFaceVisible, ()))

    def _face_up(self, seat: int) -> None:
        """A card chosen face up is shown; if P2's is and P1's was not, P1 chooses again, seeing it."""
        card = self.chosen[seat]
        if card is None or self.shown[seat] is not None or not self.face_up(card):
            return
        self.shown[seat] = card
        if self.quiet is not True:
            self.emit("shown", player=seat, card=self.names[card])
        if seat == 1 and self.shown[0] is None:
            self._choose(0, True, "chosen")

    def _choose(self, seat: int, secret: bool, event: str) -> None:
        """`seat` chooses a card of their hand; then the event `event` ("shown": the card is shown face up)."""
        hand = sorted(self.seats[seat].hand, key=self.printed.__getitem__)
        if self.ask_among(seat, len(hand), self._chosen_at, hand, seat, secret, event):  # (a random player: no option is made)
            return
        options = [self.hand_options[c] for c in hand]
        if len(set(map(_label, options))) < len(options):  # a card taken from the other's deck shares a name
            options = card_options(self, hand)
        prompt = "Choose your card (in secret)" if secret else "Choose your card"
        self.ask_last(Decision(seat, "play", options, prompt, secret=secret), self._chosen, seat, secret, event)

    def _chosen_at(self, index: int, hand: list[int], seat: int, secret: bool, event: str) -> None:
        """`_chosen` for the card at `index` of `hand` (in the order of the options: influence printed)."""
        self._chosen(self.hand_options[hand[index]], seat, secret, event)

    def _chosen(self, option: Option, seat: int, secret: bool, event: str) -> None:
        card = self.chosen[seat] = option.value
        if event == "shown":
            self.shown[seat] = card
            if self.quiet is not True:
                self.emit("shown", player=seat, card=self.names[card])
        elif self.quiet is not True:
            self.emit("chosen", player=seat)

    def _reveal(self) -> None:
        """Reveal: the higher influence wins the encounter (and a seal); the loser's ability acts, none on a tie."""
        chosen_a, chosen_b = self.chosen
        if chosen_a is None or chosen_b is None:
            raise ValueError("both players choose a card before the reveal")
        a, b = chosen_a, chosen_b
        self.chosen = [None, None]
        self.shown = [None, None]
        number = len(self.line) + 1
        for card in (a, b):
            self.seats[self.owners[card]].hand.remove(card)
            self.place[card] = number - 1
        enc = Encounter(number, (a, b), [a, b], protecteur=self.protector_now, owner=self._token)
        self.line.append(enc)  # (no seal yet: the seals counted are those before it)
        changed = bool(self.properties)  # the cards' properties in play change the active effects
        if changed:
            self.refresh_active()
        ia, ib = self.influence(a), self.influence(b)
        ledger = self.ledger
        if ledger is not None:  # the lab's (see `State.ledger`): the two cards revealed are played
            ledger.append((0, self.names[a], "played", self.turn))
            ledger.append((1, self.names[b], "played", self.turn))
        if not self.quiet:
            self.emit("reveal", encounter=number, cards=[self.names[a], self.names[b]], influence=[ia, ib])
        self._resolve_tie(enc, ia, ib)
        winner = enc.revealed = self._winner(enc, a, b, ia, ib)
        order: tuple[int, ...] = ()
        if winner is not None:
            if not self.quiet:
                self.emit(
                    "result",
                    encounter=number,
                    player=winner,
                    winner_card=self.names[enc.played[winner]],
                    loser=1 - winner,
                    card=self.names[enc.played[1 - winner]],
                )
            order = (1 - winner,)
        else:
            self.emit("tie", encounter=number, abilities=self.game.tie_both_act)
        self.evaluate(None if changed else [enc])  # otherwise only the new encounter can change (see `evaluate`)
        if winner is None and self.game.tie_both_act:
            order = tuple(seat for seat in (0, 1) if enc.played[seat] not in self.tie_kept)
            for seat in (0, 1):
                if seat not in order:
                    self.emit("tie_kept", player=seat, card=self.names[enc.played[seat]])
        if self.delayed:  # the effects kept for this encounter act first, then its abilities
            self._run_delayed(number - 1)
            if len(order) == 2:
                self.then(self._fewer_seals_first, number - 1)
            elif order:
                self.then(self._abilities, order, number - 1)
        elif len(order) == 2:
            self._fewer_seals_first(number - 1)
        elif order:
            self._abilities(order, number - 1)
        if winner is not None and enc.played[winner] in self.win_abilities:
            self.then(self.activate, winner, enc.played[winner], number - 1, True)
        if self.protector_now is not None:
            self.then(self._protector_phase, number - 1, winner)
        self.then(self._end_turn)

    def delay(self, act: Act, delayed: Any) -> None:
        """Keep `delayed`'s effects (`À la prochaine rencontre : …`) for the next encounter, for the same player and card."""
        self.delayed = (*self.delayed, (act.me, act.this, act.source, act.copie, delayed))
        self.emit("delayed", player=act.me, card=act.source)

    def _run_delayed(self, at: int) -> None:
        """The effects kept for encounter `at` act, in the order they were written (its result is known, its abilities wait)."""
        pending, self.delayed = self.delayed, ()
        for index, (seat, card, source, copie, delayed) in enumerate(pending):
            act = Act(seat, card, at, source, copie)
            if index == 0:
                self._delayed_acts(act, delayed)
            else:
                self.then(self._delayed_acts, act, delayed)

    def _delayed_acts(self, act: Act, delayed: Any) -> None:
        self.emit("delayed_acts", player=act.me, card=act.source)
        steps.run_effects(self, act, delayed.effets)

    def _resolve_tie(self, enc: Encounter, ia: int, ib: int) -> None:
        """The Lieu "fewer seals wins a tie" decides a tie at the reveal (unless a card wins ties): the seals before it."""
        if ia != ib or not self.game.tie_to_fewer_seals:
            return
        a, b = enc.played
        before = self.seals()  # (the new encounter, not yet evaluated, holds no seal)
        if self.tie_breaker(a, b) is not None or before[0] == before[1]:
            return
        enc.tie_winner = 0 if before[0] < before[1] else 1
        self.emit("tie_to_fewer_seals", encounter=enc.number, player=enc.tie_winner)

    def _fewer_seals_first(self, at: int) -> None:
        """Both abilities of encounter `at` act (a tie, under the Lieu): fewer seals first; equal seals, a chance draw."""
        a, b = self.seals()
        if a != b:
            self._abilities((0, 1) if a < b else (1, 0), at)
            return
        options = [Option("P1 first", [0, 1]), Option("P2 first", [1, 0])]
        self.ask(Decision(CHANCE, "ability_order", options, "Who acts first?"), self._ordered, at)

    def _ordered(self, option: Option, at: int) -> None:
        self._abilities(tuple(option.value), at)

    def _abilities(self, order: tuple[int, ...], at: int) -> None:
        """The abilities of the cards of encounter `at` (index in the line) act, those of the seats in `order`."""
        played = self.line[at].played
        first, *others = order
        self.activate(first, played[first], at)
        for seat in others:
            self.then(self.activate, seat, played[seat], at)

    def activate(self, seat: int, card: int, at: int, won: bool = False) -> None:
        """The loser's card (or the winner's, `won`) activates its abilities for that moment, in the order printed."""
        first = True
        for index, capacite in enumerate(self.cards[card].capacites):
            if not triggers(capacite, won):
                continue
            if first:
                self.activate_one(seat, card, at, index)
                first = False
            else:
                self.then(self.activate_one, seat, card, at, index)

    def activate_one(self, seat: int, card: int, at: int, index: int) -> None:
        """One ability acts: instantaneous effects once, or a Persistant token; a limited one counts its times."""
        capacite: Any = self.cards[card].capacites[index]
        name = self.names[card]
        limite = capacite.limite
        if limite is not None and not limite.allows(self.used.get((card, index), 0)):
            self.emit("limit_reached", player=seat, card=name, times=self.used[(card, index)])
            return
        if isinstance(capacite, ast.CapaciteInstantanee):
            blocker = next((s for o, s, e in self.active.get(ast.CapacitesAdversesBloquees, ()) if e.blocks(o, seat)), None)
            if blocker is not None:
                self.emit("blocked", player=seat, card=name, by=self.names[blocker])
                return
            if self.quiet is not True:
                self.emit("activate", player=seat, card=name, ability="instant")
            steps.run_effects(self, Act(seat, card, at, name, limited=None if limite is None else (card, index)), capacite.effets)
            return
        if card not in self.place:
            self.emit("no_token", player=seat, card=name, why="gone")
            return
        if card in self.persistent:  # a second persistent ability: the card has its token already
            return
        if self.rules.limited_persistent_tokens and len(self.persistent) >= self.rules.persistent_tokens:
            self.emit("no_token", player=seat, card=name, why="supply")
            return
        self._count(card, index, limite)
        self.persistent.append(card)
        self.refresh_active()
        if self.quiet is not True:
            self.emit("activate", player=seat, card=name, ability="persistent")
        self.evaluate()

    def _count(self, card: int, index: int, limite: Any) -> None:
        """A limited persistent ability acts: one time more this game (not when it was blocked or found no token)."""
        if limite is not None:
            self.used = {**self.used, (card, index): self.used.get((card, index), 0) + 1}  # a new dict: shared with copies

    def count_use(self, act: Act) -> None:
        """An effect of a limited instantaneous ability acts: the ability counts one time more, once per activation.

        A condition that does not hold (`Si …` with no `sinon`) acts no effect:
        the ability is not spent. An ability acts at most once in an encounter,
        so the encounter remembers that it has counted it.
        """
        key = act.limited
        if key is None or key in self.line[act.at].counted:
            return
        enc = self.own(act.at)
        enc.counted = (*enc.counted, key)
        self.used = {**self.used, key: self.used.get(key, 0) + 1}  # a new dict: shared with copies

    def _protector_phase(self, at: int, winner: int | None) -> None:
        """The Protecteur of encounter `at` acts, if it has one ("Une égalité ne déclenche aucune capacité": not on a tie)."""
        protector = self.protector_now
        assert protector is not None  # scheduled only for an encounter with a Protecteur
        if winner is None:
            self.emit("protector_tie", name=self.game.protecteur(protector).name)
        else:
            self._protector_acts(at, protector, winner)

    def _protector_acts(self, at: int, protector: int, winner: int) -> None:
        """Each player who played a card of the Protecteur's faction activates it, the loser first.

        It acts "après la capacité de la carte perdante": only after an encounter
        with a loser (never after a tie, even when a Lieu makes both abilities act).
        """
        card = self.game.protecteur(protector)
        played = self.line[at].played
        of_faction = [s for s in (0, 1) if self.cards[played[s]].faction is card.faction]
        if not of_faction:
            self.emit("protector_idle", name=card.name, faction=card.faction.value)
            return
        if len(of_faction) == 2:
            if card.capacite.seulement_si_seul:
                self.emit("protector_not_alone", name=card.name)
                return
            of_faction = [1 - winner, winner]
        for seat in of_faction:
            self.then(self._protector_acts_for, seat, at, protector)

    def _protector_acts_for(self, seat: int, at: int, protector: int) -> None:
        card = self.game.protecteur(protector)
        self.emit("protector", player=seat, name=card.name)
        steps.run_effects(self, Act(seat, self.line[at].played[seat], at, card.name), card.capacite.effets)

    def _reveal_protector(self) -> None:
        """Reveal the Protecteur of the next encounter (a chance draw); an empty pile is reshuffled first."""
        protecteurs = self.game.protecteurs
        assert protecteurs is not None
        if self.exploring:  # a search for progress lets any Protecteur come (see `progress.py`)
            options = [Option(card.name, index) for index, card in enumerate(protecteurs)]
            self.ask(Decision(CHANCE, "protecteur", options, "Reveal the next Protecteur"), self._protector_revealed)
            return
        if not self.protector_pile:
            self.protector_pile.put_under(self.protector_used)
            self.protector_used = []
            self.emit("protector_reshuffle")
        decision = self.protector_pile.draw_decision(self._protector_name, "protecteur", "Reveal the next Protecteur")
        self.ask(decision, self._protector_revealed)

    def _protector_revealed(self, option: Option) -> None:
        if self.exploring:
            self.upcoming = option.value
            return
        self.upcoming = self.protector_pile.take(option.label, self._protector_name)
        card = self.game.protecteur(self.upcoming)
        self.emit("protecteur", name=card.name, faction=card.faction.value, encounter=len(self.line) + 1)

    def _protector_name(self, index: int) -> str:
        return self.game.protecteur(index).name

    def _end_turn(self) -> None:
        """The end of the turn: the Protecteur is set aside; count the seals (the game may end), draw, reveal the next Protecteur."""
        if self.protector_now is not None:
            self.protector_used.append(self.protector_now)
        self.protector_now = None
        seals = self.seals()
        if self.quiet is not True:
            self.emit("count", seals=seals)
        self._check_victory(seals)
        draws = [self.rules.draw_per_turn] * 2
        for owner, _, effect in self.active.get(ast.PiocheEnPlus, ()):
            draws[owner] += effect.extra_draws()
        self.draw(0, draws[0])
        self.then(self.draw, 1, draws[1])
        per = self.rules.encounters_per_protector
        if self.game.protecteurs and len(self.line) % per == 0:
            self.then(self._reveal_protector)

    def _check_victory(self, seals: list[int]) -> None:
        """Seals (and the Lieu's extra conditions): a single player who meets one wins."""
        target = self.rules.seals_to_win
        met: list[str | None] = [None, None]
        for seat in (0, 1):
            if seals[seat] >= target and seals[seat] > seals[1 - seat]:
                met[seat] = "seals"
            elif self.game.victory_factions and self._factions(seat) >= self.game.victory_factions:
                met[seat] = "factions"
            elif self.game.victory_streak and self._streak(seat) >= self.game.victory_streak:
                met[seat] = "streak"
        winners = [s for s in (0, 1) if met[s]]
        if len(winners) == 2:
            if seals[0] == seals[1]:
                self.emit("both_meet", seals=seals)
                return
            winners = [0 if seals[0] > seals[1] else 1]
        if winners:
            seat = winners[0]
            how = met[seat]
            if how is not None:  # a winner met a condition
                self.finish_by(seat, how)
                raise GameOver

    def _factions(self, seat: int) -> int:
        """The factions of `seat`'s sealed cards."""
        return len({self.cards[enc.held(seat)].faction for enc in self.line if enc.sealed and enc.winner == seat})

    def _streak(self, seat: int) -> int:
        """How many of the last encounters in a row `seat`'s cards win now."""
        count = 0
        for enc in reversed(self.line):
            if enc.winner != seat:
                break
            count += 1
        return count


def takes_back(card: ast.Personnage) -> bool:
    """True if an ability of the card holds `Reprendre … en main` or `Échanger …` (also in a `Si …` block): it takes a card back to the hand."""
    effets = [effet for capacite in card.capacites for effet in getattr(capacite, "effets", ())]
    while effets:
        effet = effets.pop()
        if isinstance(effet, ast.ReprendreEnMain) or effet.kind == "echanger":
            return True
        effets.extend(getattr(effet, "alors", ()))
        effets.extend(getattr(effet, "sinon", ()))
    return False


#: The tasks that wait for an answer over a seat's hidden cards, and the tasks that pose them (same arguments).
POSERS: dict[Any, Any] = {
    CardiaState._chosen: CardiaState._choose,
    CardiaState._drawn: CardiaState.draw,
    _discarded: discard_one,  # a discard from a hand
}

#: The AST classes with no handler of their own, and the code that reads
#: them: the cards and their abilities, the Lieu's rules (read once, when the
#: game is made), the chosen target (a decision, asked by `steps.resolve`)
#: and the persistent effects (read where they act).
READ_BY: dict[type, str] = {
    ast.Personnage: "CardiaGame.from_files",
    ast.Lieu: "CardiaGame.from_files",
    ast.Protecteur: "CardiaGame.from_files",
    ast.CapaciteInstantanee: "CardiaState.activate_one",
    ast.CapacitePersistante: "CardiaState.refresh_active",
    ast.CapaciteProtecteur: "CardiaState._protector_acts",
}
