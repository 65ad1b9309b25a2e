"""The moves of a Duel de dragons power: cards put from zone to zone (`mets`), cards looked at (`regarde`).

Each is a construct in one place; its handler, `run(ctx)`, hands the move to
the duel (`steps.py`: `move`, `look`), which poses the choices and draws as
decisions. A hand always keeps one card, and a move takes at most the cards
its zone holds.
"""

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field

from atout.interpreter.language.constructs import Construct

from .conditions import Context, Lieu, Visee, Zone, nodes, tokens, visee_of
from .effects import Effect

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer


class Choix(str, Enum):
    """Who picks the cards a move takes: chance, the card's player, or the other."""

    HASARD = "au hasard"
    TOI = "toi"
    ADVERSAIRE = "adversaire"


_DESTINATIONS = {"MAIN": Lieu.MAIN, "RESERVE": Lieu.RESERVE, "HORS_DU_DUEL": Lieu.ECARTEES}


def destination_of(children: list[Any]) -> Lieu:
    """`dans la main`, `dans la réserve`, `hors du duel` (among the cards left out)."""
    return _DESTINATIONS[tokens(children, *_DESTINATIONS)[-1].type]


def destination_text(lieu: Lieu) -> str:
    """How a move names where the cards go."""
    return "hors du duel" if lieu is Lieu.ECARTEES else f"dans la {lieu.value}"


class Mets(Effect):
    """Moves cards between zones; each card goes to a zone of its own player.

    - `mets 2 cartes au hasard de ta réserve dans la main`;
    - `mets 1 carte choisie par l'adversaire de la main de l'adversaire dans la réserve face visible`;
    - `mets cette carte dans la réserve`, `mets la carte adverse hors du duel`.

    The cards are drawn by chance (`au hasard`), or chosen by you (`choisie
    par toi`) or the other player (`choisie par l'adversaire`), who then see
    the zone. `face visible`: both players see which cards move (otherwise
    only their player). A hand keeps at least one card; a card entering a
    hand comes without fatigue, as from the reserve in a swap.
    """

    grammar: ClassVar[str] = r"""
mets: "mets" (INT ("carte" | "cartes") _choix "de" zone | _carte_visee) _destination _face?
_choix: AU_HASARD | ("choisie" | "choisies") "par" ("toi" | ADVERSAIRE)
_destination: "dans" "la" (MAIN | RESERVE) | HORS_DU_DUEL
_face: FACE_VISIBLE | FACE_CACHEE
AU_HASARD: /au +hasard/
HORS_DU_DUEL: /hors +du +duel/
FACE_VISIBLE: /face +visible/
FACE_CACHEE: /face +cachee/
"""
    kind: Literal["mets"] = "mets"
    nombre: int | None = Field(default=None, ge=1, le=20)
    choix: Choix = Choix.HASARD
    source: Zone | None = None
    carte: Visee | None = None
    destination: Lieu
    visible: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        zones = [n for n in nodes(children) if isinstance(n, Zone)]
        visible = bool(tokens(children, "FACE_VISIBLE"))
        destination = destination_of(children)
        if not zones:
            return t.build(cls, meta, carte=visee_of(children), destination=destination, visible=visible)
        (number,) = tokens(children, "INT")
        if tokens(children, "AU_HASARD"):
            choix = Choix.HASARD
        else:
            choix = Choix.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Choix.TOI
        return t.build(
            cls,
            meta,
            {"nombre": number},
            label=f"mets {number} cartes",
            nombre=int(number),
            choix=choix,
            source=zones[0],
            destination=destination,
            visible=visible,
        )

    def run(self, ctx: Context) -> None:
        """The cards move (the choices and draws are decisions of the duel)."""
        ctx.state.move(ctx, self)

    def write(self) -> str:
        face = " face visible" if self.visible else ""
        if self.source is None:
            assert self.carte is not None
            return f"mets {self.carte.value} {destination_text(self.destination)}{face}"
        n = self.nombre or 1
        plural = "s" if n > 1 else ""
        choix = "au hasard" if self.choix is Choix.HASARD else f"choisie{plural} par " + ("toi" if self.choix is Choix.TOI else "l'adversaire")
        return f"mets {n} carte{plural} {choix} de {self.source.write()} {destination_text(self.destination)}{face}"


class Regarde(Effect):
    """`regarde les 3 premières cartes de ta réserve`, `… et mets-en 1 dans la main`.

    The reserve and the cards left out are shuffled piles: their first cards
    are drawn by chance and shown to the card's player, who may put some of
    them in a zone (chosen); the others go back and the pile is shuffled.
    """

    grammar: ClassVar[str] = r"""
regarde: "regarde" "les" INT ("premières" | "première") ("cartes" | "carte") "de" zone ("et" "mets-en" INT _destination)?
"""
    kind: Literal["regarde"] = "regarde"
    nombre: int = Field(ge=1, le=10)
    source: Zone
    prises: int = Field(default=0, ge=0, le=10)
    destination: Lieu | None = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        numbers = tokens(children, "INT")
        (zone,) = nodes(children)
        places = {"nombre": numbers[0]} | ({"prises": numbers[1]} if len(numbers) > 1 else {})
        if len(numbers) > 1:
            return t.build(
                cls,
                meta,
                places,
                label=t.text_of(meta),
                nombre=int(numbers[0]),
                source=zone,
                prises=int(numbers[1]),
                destination=destination_of(children),
            )
        return t.build(cls, meta, places, label=t.text_of(meta), nombre=int(numbers[0]), source=zone)

    def run(self, ctx: Context) -> None:
        """Draws the first cards, shows them, puts the chosen ones where written."""
        ctx.state.look(ctx, self)

    def write(self) -> str:
        plural = "s" if self.nombre > 1 else ""
        text = f"regarde les {self.nombre} première{plural} carte{plural} de {self.source.write()}"
        if self.prises:
            text += f" et mets-en {self.prises} {destination_text(self.destination or Lieu.MAIN)}"
        return text


CONSTRUCTS: tuple[type[Construct], ...] = (
    Mets,
    Regarde,
)
