"""The four printed effects of Dans les Cordes, each a construct in one place.

`+1 life`, `-1 energy to the opponent`, `+2 cards`, `-1 card to the
opponent, their choice, face down`: what a blow, a defense, a counter-blow,
a recovery or a power does. Each effect's number may be computed (`for each
…`, `, as much as …`: see `conditions.py`). "You" is the player of the card
(the defender for a DEFENSE, the riposting player for a counter-blow); a
handler is called as `effect.run(state, player)`.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta

from atout.interpreter.engine.decision import Decision, Option, seat_name
from atout.interpreter.language.constructs import Construct

from .conditions import magnitude
from .words import Amount, Change, ChosenBy, Computed, Placement, Who

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState


def _signed(sign: Token) -> int:
    """`+2` is 2, `-1` is -1; a sign alone (the amount is computed) is 1 or -1."""
    text = str(sign)
    return int(text) if len(text) > 1 else (1 if text == "+" else -1)


def _options(options: list[Any]) -> dict[str, Any]:
    """The fields an effect's words after its amount give: whose, computed amount, pick, placement."""
    fields: dict[str, Any] = {}
    for option in options:
        if isinstance(option, Who):
            fields["who"] = option
        elif isinstance(option, ChosenBy):
            fields["chosen_by"] = option
        elif isinstance(option, Placement):
            fields["placement"] = option
        else:
            fields["amount"] = option
    return fields


def _to(who: Who) -> str:
    """`to the opponent`; "to you" is the default, left out."""
    return " to the opponent" if who is Who.OPPONENT else ""


def _written(change: int, word: str, effect: Any) -> str:
    """`-2 life to the opponent`, `-1 life … for each card in …`, `+life, as much as …`."""
    if effect.amount is None:
        return f"{change:+d} {word}{_to(effect.who)}"
    if effect.amount.kind == "for_each":
        return f"{change:+d} {word}{_to(effect.who)} {effect.amount.write()}"
    return f"{'+' if change > 0 else '-'}{word}{_to(effect.who)}, {effect.amount.write()}"


def target(effect: Any, player: int) -> int:
    """The seat an effect's `who` names when "you" is `player`."""
    return player if effect.who is Who.YOU else 1 - player


class _Change(Construct):
    """A change of a marker: its sign and size, or its sign and a computed amount."""

    change: Change
    who: Who = Who.YOU
    amount: Computed = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        sign, *options = children
        change = _signed(sign)
        if change == 0:
            t.report("E200", f"{t.text_of(meta)}: the amount must be 1 or more", t.span(sign))
        return t.build(cls, meta, {"change": sign}, t.text_of(meta), change=change, **_options(options))

    def now(self, state: "CordesState", player: int) -> int:
        """The change as it applies now: as printed, or computed."""
        if self.amount is None:
            return self.change
        size = magnitude(self.change, self.amount, state, player)
        return size if self.change > 0 else -size

    def may_decide(self) -> bool:
        """A change of a marker poses no decision."""
        return False


class Life(_Change):
    """`+1 life`, `-2 life to the opponent`.

    `who`'s life changes by `change`: a gain stops at the rules' life cap, if
    there is one; a loss stops at 0. A boxer at 0 life is KO (when the KO is
    checked is a rules parameter).
    """

    grammar: ClassVar[str] = 'life: (GAIN__SIGNED_INT | LOSS__SIGNED_INT) "life" _to? for_each?\n    | (GAIN_SIGN__SIGNED_INT | LOSS_SIGN__SIGNED_INT) "life" _to? "," as_many_as'
    slot: ClassVar[str | None] = "action"
    kind: Literal["life"] = "life"

    def run(self, state: "CordesState", player: int) -> None:
        """`who`'s life changes by `change` (a gain stops at the life cap, a loss at 0; 0 is a KO)."""
        change = self.change if self.amount is None else self.now(state, player)
        if change:
            state.change_life(player if self.who is Who.YOU else 1 - player, change)

    def write(self) -> str:
        return _written(self.change, "life", self)


class Energy(_Change):
    """`+2 energy`, `-1 energy to the opponent`.

    `who`'s energy changes by `change`: a gain stops at the rules' energy cap,
    if there is one; a loss stops at 0.
    """

    grammar: ClassVar[str] = 'energy: (GAIN__SIGNED_INT | LOSS__SIGNED_INT) "energy" _to? for_each?\n    | (GAIN_SIGN__SIGNED_INT | LOSS_SIGN__SIGNED_INT) "energy" _to? "," as_many_as'
    slot: ClassVar[str | None] = "action"
    kind: Literal["energy"] = "energy"

    def run(self, state: "CordesState", player: int) -> None:
        """`who`'s energy changes by `change` (a gain stops at the energy cap, a loss at 0)."""
        change = self.change if self.amount is None else self.now(state, player)
        if change:
            state.change_energy(player if self.who is Who.YOU else 1 - player, change)

    def write(self) -> str:
        return _written(self.change, "energy", self)


class _Cards(Construct):
    """A number of cards: as printed, or computed."""

    n: Amount
    who: Who = Who.YOU
    amount: Computed = None

    def count(self, state: "CordesState", player: int) -> int:
        """How many cards the effect moves now."""
        if self.amount is None:
            return self.n
        return magnitude(self.n, self.amount, state, player)

    def may_decide(self) -> bool:
        """A card drawn or lost is chance's or a player's pick: what follows waits."""
        return True

    def _head(self, sign: str) -> str:
        """`+2 cards`, `-1 card to the opponent for each …`, `+cards, as many as …`."""
        amount: Any = self.amount
        if amount is not None and amount.kind == "as_many_as":
            return f"{sign}cards{_to(self.who)}, {amount.write()}"
        return _written(self.n if sign == "+" else -self.n, "card" if self.n == 1 else "cards", self)


class Draw(_Cards):
    """`+2 cards`: `who` draws `n` cards from the draw pile, one at a time.

    A GONG drawn this way is revealed and replaced as when drawn at the start
    of a turn; an empty draw pile is handled as the rules file says.
    """

    grammar: ClassVar[str] = 'draw: GAIN__SIGNED_INT _card _to? for_each?\n    | GAIN_SIGN__SIGNED_INT _card _to? "," as_many_as'
    slot: ClassVar[str | None] = "action"
    kind: Literal["draw"] = "draw"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        gain, *options = children
        return t.build(cls, meta, {"n": gain}, t.text_of(meta), n=_signed(gain), **_options(options))

    def run(self, state: "CordesState", player: int) -> None:
        """`who` draws `n` cards, one at a time (a GONG is revealed and replaced)."""
        state.draw(target(self, player), self.count(state, player))

    def write(self) -> str:
        return self._head("+")


class Discard(_Cards):
    """`-1 card to the opponent, their choice, face down`.

    `who` loses `n` cards from their hand (the whole hand if it holds fewer),
    picked as `chosen_by` says, put into `who`'s own spittoon as `placement`
    says. A lost card is never played: its text does nothing.
    """

    grammar: ClassVar[str] = (
        'discard: LOSS__SIGNED_INT _card _to? for_each? ("," _chosen_by)? ("," _placement)?\n    | LOSS_SIGN__SIGNED_INT _card _to? "," as_many_as ("," _chosen_by)? ("," _placement)?'
    )
    slot: ClassVar[str | None] = "action"
    kind: Literal["discard"] = "discard"
    chosen_by: ChosenBy = ChosenBy.THEIR_CHOICE
    placement: Placement = Placement.FACE_DOWN

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        loss, *options = children
        return t.build(cls, meta, {"n": loss}, t.text_of(meta), n=-_signed(loss), **_options(options))

    def run(self, state: "CordesState", player: int) -> None:
        """`who` loses `n` cards of their hand (all if fewer), picked as `chosen_by` says, into their own spittoon."""
        loser = target(self, player)
        for _ in range(min(self.count(state, player), len(state.seats[loser].hand))):
            state.then(_lose_card, self, player)

    def write(self) -> str:
        """A lost card always says who picks it and how it lies."""
        return f"{self._head('-')}, {self.chosen_by.value}, {self.placement.value}"


def _lose_card(state: "CordesState", effect: Discard, player: int) -> None:
    """One card of the discard: its pick (the loser's, the player's or chance)."""
    loser = target(effect, player)
    options = [Option(name, name) for name in state.hand_names(loser)]
    if effect.chosen_by is ChosenBy.THEIR_CHOICE:
        decision = Decision(loser, "lose_card", options, "you lose a card from your hand: which one?")
    elif effect.chosen_by is ChosenBy.YOUR_CHOICE:
        decision = Decision(player, "take_card", options, f"pick the card {seat_name(loser)} loses")
    else:
        decision = state.random_card(loser, "lose_random")
    state.ask(decision, _card_lost, effect, player)


def _card_lost(state: "CordesState", option: Option, effect: Discard, player: int) -> None:
    loser = target(effect, player)
    seat = state.seats[loser]
    card = state.take_from_hand(loser, option.value)
    seat.spittoon.append(card)
    spat = effect.placement is Placement.SPAT
    if not spat:
        seat.face_down.add(card)
    state.emit("lose_card", player=loser, card=option.value, spat=spat)
    if spat:
        state.change_energy(loser, state.rules.energy_per_spat_card)


CONSTRUCTS: tuple[type[Construct], ...] = (Life, Energy, Draw, Discard)
