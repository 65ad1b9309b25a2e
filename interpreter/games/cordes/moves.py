"""Moving cards between zones in Dans les Cordes: one verb, `take`, and `look at` the draw pile.

`take 1 card from the opponent's hand, at random` — the card goes to your
hand unless the text says where (`into your spittoon, face down`, `under
the draw pile`), picked as it says (your choice by default, their choice,
at random). `look at the top 3 cards of the draw pile, take 1` — you see
them, keep some in your hand, and the others go back on top (shuffled) or
`under the draw pile`.

Every card stays in exactly one zone: a card moves from one list of the
state to another, and a spittoon's face-down cards are kept as such.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.language.constructs import Construct

from .conditions import whose
from .words import ChosenBy, Who

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState

#: The zones a card is taken from: a boxer's hand or spittoon, or the ring.
SOURCES = ("hand", "spittoon", "ring")
#: Where a taken card goes: a boxer's hand or spittoon, or under the draw pile.
DESTINATIONS = ("hand", "spittoon", "under the draw pile")
#: How many cards a move takes at most.
MAX_MOVED = 10


def _zone_of(text: str, zones: tuple[str, ...]) -> str:
    return next(zone for zone in zones if zone in text)


def _who(text: str) -> Who:
    return Who.OPPONENT if "opponent" in text else Who.YOU


def _place(zone: str, who: Who) -> str:
    if zone in ("ring", "draw pile"):
        return f"the {zone}"
    if zone == "under the draw pile":
        return zone
    return f"{'your' if who is Who.YOU else 'the opponent' + chr(39) + 's'} {zone}"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


class Take(Construct):
    """`take 1 card from the opponent's hand, at random`, `take 1 card from the ring under the draw pile`.

    Takes `n` cards (all the zone holds, if fewer) from `source` (`who`'s
    hand or spittoon, or the ring) to `to` (`to_who`'s hand or spittoon, or
    under the draw pile), one at a time, each picked as `chosen_by` says:
    `your choice` (the default: the player sees the zone to pick from it),
    `their choice` (the owner of the zone picks) or `at random`. Into a
    spittoon, a card lies `face up` (the default) or `face down`.
    """

    grammar: ClassVar[str] = (
        '!take: "take" INT ("card" | "cards") "from" _take_from ("," _chosen_by)? _take_to? ("," "face" ("up" | "down"))?\n'
        '!_take_from: ("your" | "the" "opponent\'s") ("hand" | "spittoon") | "the" "ring"\n'
        '!_take_to: "into" ("your" | "the" "opponent\'s") ("hand" | "spittoon") | "under" "the" "draw" "pile"'
    )
    slot: ClassVar[str | None] = "action"
    kind: Literal["take"] = "take"
    n: int = Field(ge=1, le=MAX_MOVED)
    source: Literal["hand", "spittoon", "ring"]
    who: Who = Who.OPPONENT
    chosen_by: ChosenBy = ChosenBy.YOUR_CHOICE
    to: Literal["hand", "spittoon", "under the draw pile"] = "hand"
    to_who: Who = Who.YOU
    face_down: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        count = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        # the words in order, a pick (a rule of its own) standing as its value
        parts = [str(c) if isinstance(c, Token) else c for c in children]
        source = _phrase(parts, "from")
        fields: dict[str, Any] = {"n": int(count), "source": _zone_of(source, SOURCES), "who": _who(source)}
        fields.update({"chosen_by": c for c in children if isinstance(c, ChosenBy)})  # noqa: B035  (the one ChosenBy, if any)
        if "into" in parts:
            to = _phrase(parts, "into")
            fields["to"], fields["to_who"] = _zone_of(to, DESTINATIONS), _who(to)
        elif "under" in parts:
            fields["to"] = "under the draw pile"
        if "face" in parts:
            face = next(c for c in children if isinstance(c, Token) and str(c) == "face")
            fields["face_down"] = parts[parts.index("face") + 1] == "down"
            if fields.get("to") != "spittoon":
                t.report("E201", 'a card lies face up or face down in a spittoon: write it after "into … spittoon"', t.span(face))
        return t.build(cls, meta, {"n": count}, **fields)

    def run(self, state: "CordesState", player: int) -> None:
        """Move the cards, one pick at a time."""
        owner = whose(player, self.who)
        zone = _zone_list(state, self.source, owner)
        for _ in range(min(self.n, len(zone))):
            state.then(_pick, self, player)

    def may_decide(self) -> bool:
        """A pick may be asked (or drawn by chance)."""
        return True

    def write(self) -> str:
        text = f"take {_cards(self.n)} from {_place(self.source, self.who)}"
        if self.chosen_by is not ChosenBy.YOUR_CHOICE:
            text += f", {self.chosen_by.value}"
        if self.to == "under the draw pile":
            text += " under the draw pile"
        elif (self.to, self.to_who) != ("hand", Who.YOU):
            text += f" into {_place(self.to, self.to_who)}"
        if self.face_down:
            text += ", face down"
        return text


def _zone_list(state: "CordesState", zone: str, owner: int) -> list[int]:
    if zone == "ring":
        return state.ring
    seat = state.seats[owner]
    return seat.hand if zone == "hand" else seat.spittoon


def _pick(state: "CordesState", take: Take, player: int) -> None:
    """One card of a move: who picks it, or chance."""
    owner = whose(player, take.who)
    cards = _zone_list(state, take.source, owner)
    if not cards:
        return
    names = state.game.names
    counts: dict[str, int] = {}
    for card in cards:
        counts[names[card]] = counts.get(names[card], 0) + 1
    where = _place(take.source, take.who)
    if take.chosen_by is ChosenBy.AT_RANDOM:
        if take.source == "hand":
            decision = state.random_card(owner, "lose_random")
        else:
            options = [Option(name, name, counts[name]) for name in sorted(counts)]
            decision = Decision(CHANCE, "take_random", options, f"A card of {where}, at random")
    else:
        chooser = owner if take.chosen_by is ChosenBy.THEIR_CHOICE and take.source != "ring" else player
        options = [Option(name, name) for name in sorted(counts)]
        if take.source == "hand" and chooser != owner:
            decision = Decision(chooser, "take_card", options, f"pick the card taken from {seat_name(owner)}'s hand")
        else:
            decision = Decision(chooser, "take_from", options, f"pick a card taken from {where}")
    state.ask(decision, _picked, take, player)


def _picked(state: "CordesState", option: Option, take: Take, player: int) -> None:
    owner = whose(player, take.who)
    cards = _zone_list(state, take.source, owner)
    names = state.game.names
    card = next(c for c in cards if names[c] == option.value)
    cards.remove(card)
    if take.source == "spittoon":
        state.seats[owner].face_down.discard(card)
    receiver = whose(player, take.to_who)
    if take.to == "hand":
        state.seats[receiver].hand.append(card)
        if state.ledger is not None:  # the lab's (see `State.ledger`)
            state.ledger.append((receiver, option.value, "held", state.turn))
    elif take.to == "spittoon":
        state.seats[receiver].spittoon.append(card)
        if take.face_down:
            state.seats[receiver].face_down.add(card)
    else:
        state.own_pile().put_under([card])
        state.known_in_pile[player].add(card)
    hidden = take.source == "hand" or take.to == "hand" or take.face_down
    state.emit(
        "move",
        player=player,
        card=option.value,
        source=_seat_place(take.source, owner),
        to=_seat_place(take.to, receiver),
        hidden=hidden,
        seen=sorted({player, owner} if take.source == "hand" else {player}),
    )


def _seat_place(zone: str, seat: int) -> str:
    if zone in ("ring", "under the draw pile"):
        return zone
    return f"{seat_name(seat)}'s {zone}"


class Look(Construct):
    """`look at the top 3 cards of the draw pile, take 1`: see them, keep some, the others back.

    The player takes the top `n` cards of the draw pile (above the GONG:
    looking stops there), sees them, keeps `keep` of them in their hand (one
    pick at a time) and puts the others back on top of the pile, shuffled
    (the default), or `under the draw pile`. The player knows where the
    others are; the opponent sees only how many.
    """

    grammar: ClassVar[str] = '!look: "look" "at" "the" "top" INT ("card" | "cards") "of" "the" "draw" "pile" ("," "take" INT)? ("," "the" "others" ("on" "top" | "under" "the" "draw" "pile"))?'
    slot: ClassVar[str | None] = "action"
    kind: Literal["look"] = "look"
    n: int = Field(ge=1, le=MAX_MOVED)
    keep: int = Field(default=0, ge=0, le=MAX_MOVED)
    under: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        numbers = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        under = any(str(c) == "under" for c in children)
        n = int(numbers[0])
        keep = int(numbers[1]) if len(numbers) > 1 else 0
        if keep > n:
            t.report("E200", f"take {keep}: at most the {n} cards looked at", t.span(numbers[1]))
        return t.build(cls, meta, {"n": numbers[0]}, n=n, keep=keep, under=under)

    def run(self, state: "CordesState", player: int) -> None:
        """Take the top cards one by one (chance), then the picks, then the others back."""
        state.then(_look_next, self, player, self.n)

    def may_decide(self) -> bool:
        """The cards are drawn by chance, and the picks asked."""
        return True

    def write(self) -> str:
        text = f"look at the top {_cards(self.n)} of the draw pile"
        if self.keep:
            text += f", take {self.keep}"
        if self.under:
            text += ", the others under the draw pile"
        return text


def _look_next(state: "CordesState", look: Look, player: int, left: int) -> None:
    seat = state.seats[player]
    if left > 0 and state.pile and state.gong_depth != 0:
        state.ask(state.draw_decision("look", f"{seat_name(player)} looks at the top card"), _looked, look, player, left)
        return
    state.emit("look", player=player, cards=sorted(state.game.names[c] for c in seat.looking))
    for _ in range(min(look.keep, len(seat.looking))):
        state.then(_keep_one, player)
    state.then(_put_back, look, player)


def _looked(state: "CordesState", option: Option, look: Look, player: int, left: int) -> None:
    if state.gong_depth is not None:
        state.gong_depth -= 1
    state.seats[player].looking.append(state.take_top(option.value, player))
    _look_next(state, look, player, left - 1)


def _keep_one(state: "CordesState", player: int) -> None:
    names = sorted({state.game.names[c] for c in state.seats[player].looking})
    state.ask(Decision(player, "keep", [Option(n, n) for n in names], "keep a card you looked at"), _kept, player)


def _kept(state: "CordesState", option: Option, player: int) -> None:
    seat = state.seats[player]
    card = next(c for c in seat.looking if state.game.names[c] == option.value)
    seat.looking.remove(card)
    seat.hand.append(card)
    if state.ledger is not None:  # the lab's (see `State.ledger`)
        state.ledger.append((player, option.value, "held", state.turn))
    state.emit("keep", player=player, card=option.value)


def _put_back(state: "CordesState", look: Look, player: int) -> None:
    seat = state.seats[player]
    back, seat.looking = seat.looking, []
    if not back:
        return
    if look.under:
        state.own_pile().put_under(back)
    else:
        state.own_pile().put_on_top(back)
        if state.gong_depth is not None:
            state.gong_depth += len(back)
    state.known_in_pile[player].update(back)
    state.emit("put_back", player=player, cards=len(back), under=look.under)


def _phrase(parts: list[Any], after: str) -> str:
    """The words after `after`, up to the next comma or "into"."""
    words_after = []
    for part in parts[parts.index(after) + 1 :]:
        if part in (",", "into") or not isinstance(part, str) or isinstance(part, ChosenBy):
            break
        words_after.append(part)
    return " ".join(words_after)


CONSTRUCTS: tuple[type[Construct], ...] = (Take, Look)
