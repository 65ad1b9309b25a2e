"""BattleFight's quantities and computed amounts, each a construct declared in one place.

A **quantity** is something of the game a card can count or compare: a life
total, the distance between the pawns, the cards in a zone, the damage
points. Its handler is `value(state, me, them)`, from the point of view of
the player the step runs for (`me`; `them` is the other).

An **amount** is what an effect prints where it prints a number
(`Blesser 4`): besides a plain number, it may be computed,

    Blesser 1 pour chaque carte de ta main
    Bloquer autant que tes points de dégâts

The meaning of "pour chaque" and "autant que" is the shared one of
`language/logic.py` (bounded by `MAX_AMOUNT`); the words are BattleFight's.
"""

from enum import Enum
from typing import Annotated, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.engine import counters
from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct


class Whose(str, Enum):
    """Whose quantity or zone: the player the step runs for, or the other."""

    TOI = "toi"
    ADVERSAIRE = "adversaire"


class Zone(str, Enum):
    """A player's zones of cards that a card may count or move (the activity zone is the techniques in play)."""

    MAIN = "main"
    PIOCHE = "pioche"
    DEFAUSSE = "défausse"


#: The terminal of each zone's word in the grammar.
_ZONES = {"MAIN": Zone.MAIN, "PIOCHE": Zone.PIOCHE, "DEFAUSSE": Zone.DEFAUSSE}


def read_zones(tokens: list[Any]) -> list[tuple[Whose, Zone]]:
    """The zones a rule's tokens name, in order: `ta main` is the player's own, a bare `main` the opponent's."""
    zones = []
    mine = False
    for token in tokens:
        if isinstance(token, Token) and token.type == "TA":
            mine = True
        elif isinstance(token, Token) and token.type in _ZONES:
            zones.append((Whose.TOI if mine else Whose.ADVERSAIRE, _ZONES[token.type]))
            mine = False
    return zones


def zone_text(whose: Whose, zone: Zone) -> str:
    """`ta main`, `la défausse de l'adversaire`."""
    return f"ta {zone.value}" if whose is Whose.TOI else f"la {zone.value} de l'adversaire"


def seat_of(whose: Whose, me: int, them: int) -> int:
    """The seat a `Whose` names, from the point of view (me, them)."""
    return me if whose is Whose.TOI else them


def cards_in(state: Any, seat: int, zone: Zone) -> list[int] | Any:
    """The cards of a seat's zone (a list, or the pile)."""
    player = state.seats[seat]
    return {Zone.MAIN: player.hand, Zone.PIOCHE: player.pile, Zone.DEFAUSSE: player.discard}[zone]


# ---------------------------------------------------------------------------
# Quantities
# ---------------------------------------------------------------------------


class Quantity(Construct):
    """A quantity of the game: `value(state, me, them)`; `feminine` chooses "supérieure" or "supérieur"."""

    handler: ClassVar[str] = "value"
    slot: ClassVar[str | None] = "quantity"
    feminine: ClassVar[bool] = False
    plural: ClassVar[bool] = False


class Vie(Quantity):
    """`ta vie`, `la vie de l'adversaire`: a life total."""

    grammar: ClassVar[str] = 'vie: TA "vie" | "la" "vie" "de" "l\'adversaire"'
    feminine: ClassVar[bool] = True
    kind: Literal["vie"] = "vie"
    whose: Whose = Whose.TOI

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, whose=Whose.TOI if children else Whose.ADVERSAIRE)

    def value(self, state: Any, me: int, them: int) -> int:
        """The player's life."""
        return int(state.seats[seat_of(self.whose, me, them)].life)

    def write(self) -> str:
        return "ta vie" if self.whose is Whose.TOI else "la vie de l'adversaire"


class LaDistance(Quantity):
    """`la distance`: the cells between the two pawns."""

    grammar: ClassVar[str] = 'la_distance: "la" "distance"'
    feminine: ClassVar[bool] = True
    kind: Literal["la_distance"] = "la_distance"

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def value(self, state: Any, me: int, them: int) -> int:
        """The hex distance between the pawns."""
        return int(state.board.distance(state.seats[me].cell, state.seats[them].cell))

    def write(self) -> str:
        return "la distance"

    def unit(self) -> str:
        """What "pour chaque" counts: `case de distance`."""
        return "case de distance"


class Cartes(Quantity):
    """`le nombre de cartes de ta main`: the cards in a zone of a player."""

    grammar: ClassVar[str] = 'cartes: "le" "nombre" "de" "cartes" _de_zone'
    kind: Literal["cartes"] = "cartes"
    whose: Whose = Whose.TOI
    zone: Zone = Zone.MAIN

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        ((whose, zone),) = read_zones(children)
        return t.build(cls, meta, whose=whose, zone=zone)

    def value(self, state: Any, me: int, them: int) -> int:
        """How many cards the zone holds."""
        return len(cards_in(state, seat_of(self.whose, me, them), self.zone))

    def write(self) -> str:
        return f"le nombre de cartes de {zone_text(self.whose, self.zone)}"

    def unit(self) -> str:
        """What "pour chaque" counts: `carte de ta main`."""
        return f"carte de {zone_text(self.whose, self.zone)}"


class Degats(Quantity):
    """`tes points de dégâts`: the damage a player took since the end of their last turn."""

    grammar: ClassVar[str] = 'degats: TES "points" "de" "dégâts" | "les" "points" "de" "dégâts" "de" "l\'adversaire"'
    plural: ClassVar[bool] = True
    kind: Literal["degats"] = "degats"
    whose: Whose = Whose.TOI

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, whose=Whose.TOI if children else Whose.ADVERSAIRE)

    def value(self, state: Any, me: int, them: int) -> int:
        """The player's damage points."""
        return int(state.seats[seat_of(self.whose, me, them)].damage)

    def write(self) -> str:
        return "tes points de dégâts" if self.whose is Whose.TOI else "les points de dégâts de l'adversaire"


#: A token's name, after "jeton" or "jetons": one word ("Charge", "Saignement"); whose, after it.
JETON_TERMINALS = """
JETON__LINE_TEXT: /[a-z][a-z0-9'-]*/
DE_L_ADVERSAIRE: /de +l'adversaire/
DE_CETTE_TECHNIQUE: /de +cette +technique/
"""


def read_jetons(t: Any, children: list[Any]) -> dict[str, Any]:
    """The name (as written) and the owner of a rule's tokens: `… l'adversaire` the opponent, `… cette technique` the technique, else the player."""
    name = next(c for c in children if isinstance(c, Token) and c.type.startswith("JETON"))
    types = {c.type for c in children if isinstance(c, Token)}
    technique = bool(types & {"DE_CETTE_TECHNIQUE", "SUR_CETTE_TECHNIQUE", "CETTE_TECHNIQUE_A"})
    theirs = bool(types & {"DE_L_ADVERSAIRE", "SUR_L_ADVERSAIRE", "L_ADVERSAIRE_A"})
    return {"name": t.original(name), "whose": Whose.ADVERSAIRE if theirs else Whose.TOI, "technique": technique}


class TokenOwner:
    """Whose tokens a construct names: a player (`whose`), or the technique it is written on (`technique`)."""

    whose: Whose
    technique: bool

    def owner(self, state: Any, *context: Any) -> counters.Owner:
        """The player `whose` names from the point of view (me, them) the step runs for; or the technique running it."""
        if self.technique:
            return counters.on_card(state.frames[-1].active.uid)
        return counters.on_player(seat_of(self.whose, *context[-2:]))

    def held_by(self, state: Any, owner: counters.Owner) -> int:
        """The player, or the owner of the technique."""
        return owner.id if owner.kind == "player" else int(active_of(state, owner.id).owner)

    def card_name(self, state: Any, card: int) -> str:
        """The technique's title."""
        return str(active_of(state, card).name)

    def whose_text(self, player: str, technique: str, opponent: str) -> str:
        """The words for the owner: `player` (often nothing), `technique` or `opponent`."""
        return technique if self.technique else opponent if self.whose is Whose.ADVERSAIRE else player


def active_of(state: Any, uid: int) -> Any:
    """The technique in play whose tokens these are, by its uid."""
    return next(active for active in state.actives if active.uid == uid)


class Jetons(TokenOwner, counters.CountersOn, Quantity):
    """`tes jetons Charge`, `les jetons Saignement de l'adversaire`, `les jetons Durée de cette technique`: a count of tokens.

    Counted by `1 pour chaque jeton Charge` (`… de l'adversaire`, `… de
    cette technique`), compared by `tes jetons Charge sont d'au moins 2`,
    given by `autant que tes jetons Charge`.
    """

    grammar: ClassVar[str] = 'jetons: TES "jetons" JETON__LINE_TEXT | "les" "jetons" JETON__LINE_TEXT (DE_L_ADVERSAIRE | DE_CETTE_TECHNIQUE)' + JETON_TERMINALS
    plural: ClassVar[bool] = True
    kind: Literal["jetons"] = "jetons"
    whose: Whose = Whose.TOI
    #: True: the tokens on the technique that holds this step (`de cette technique`).
    technique: bool = False

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, **read_jetons(t, children))

    def write(self) -> str:
        return self.whose_text(f"tes jetons {self.name}", f"les jetons {self.name} de cette technique", f"les jetons {self.name} de l'adversaire")

    def unit(self) -> str:
        """What "pour chaque" counts: `jeton Charge`, `jeton Saignement de l'adversaire`, `jeton Durée de cette technique`."""
        return f"jeton {self.name}" + self.whose_text("", " de cette technique", " de l'adversaire")


AnyQuantity = Annotated[Vie | LaDistance | Cartes | Degats | Jetons, Field(discriminator="kind")]
#: What "pour chaque" may count: a unit has a name of its own ("carte de ta main", "case de distance").
Countable = Annotated[LaDistance | Cartes | Jetons, Field(discriminator="kind")]


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


class PourChaque(logic.ForEach):
    """`1 pour chaque carte de ta main`: the number times a count (at most `MAX_AMOUNT`)."""

    grammar: ClassVar[str] = """
pour_chaque: SIGNED_INT "pour" "chaque" pour_chaque_unite
pour_chaque_unite: "carte" _de_zone -> cartes
                 | "case" "de" "distance" -> la_distance
                 | "jeton" JETON__LINE_TEXT (DE_L_ADVERSAIRE | DE_CETTE_TECHNIQUE)? -> jetons
"""
    slot: ClassVar[str | None] = "computed"
    kind: Literal["pour_chaque"] = "pour_chaque"
    quantity: Countable  # type: ignore[assignment]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        per, quantity = children
        return t.build(cls, meta, {"per": per}, label=t.text_of(meta), per=int(per), quantity=quantity)

    def write(self) -> str:
        return f"{self.per} pour chaque {self.quantity.unit()}"


class AutantQue(logic.AsManyAs):
    """`autant que tes points de dégâts`: the quantity itself (at most `MAX_AMOUNT`)."""

    grammar: ClassVar[str] = 'autant_que: "autant" "que" _quantity'
    slot: ClassVar[str | None] = "computed"
    kind: Literal["autant_que"] = "autant_que"
    quantity: AnyQuantity  # type: ignore[assignment]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        (quantity,) = children
        return t.build(cls, meta, quantity=quantity)

    def write(self) -> str:
        return f"autant que {self.quantity.write()}"


def amount(value: Any, state: Any, me: int, them: int) -> int:
    """An effect's amount now: a printed number as is, a computed one from the position."""
    return logic.value_of(value, state, me, them)


CONSTRUCTS = (Vie, LaDistance, Cartes, Degats, Jetons, PourChaque, AutantQue)
