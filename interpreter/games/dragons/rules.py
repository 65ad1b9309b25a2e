"""Duel de dragons' rules parameters: what `cards/dragons/regles.atout` may set.

The numbers come from the rulebook. The rarity bands and the five options
are the project's: the rulebook only says that rarer cards have higher
statistics, and lists four questions as "Encore à l'étude". Each question is
a named option whose values the engine will follow:

- `Égalité de totaux` (two played cards with exactly the same total):
  "personne ne marque" (default: nobody scores the round),
  "les deux marquent" (both players score 1 point),
  "manche rejouée" (the round does not count and is played again with new
  statistics, fatigue of the tied round included; if it ties again, nobody
  scores it);
- `Fin des manches décisives` (decisive rounds that keep tying):
  "nulle" (default: after `Manches décisives au plus` decisive rounds the
  duel is a draw), "sans fin" (the rulebook's letter: decisive rounds go on
  until one is won; a duel whose cards are all worn down to 0 never ends);
- `Petite collection` (a collection holds fewer cards than a duel draws):
  "duel réduit" (default: every card of the collection is drawn, the hand
  still has `Cartes en main` cards, the rest is the reserve),
  "refusée" (the collection cannot be used for a duel: E401);
- `Adversaire` (who the other player is): "ordinateur" (default: the
  engine's standard bot), "humain" (a second person at the same terminal),
  or "bot NAME" (a bot the engine knows by that name: "bot random", "bot
  heuristic"; any other name is refused when the rules file is checked).
"""

import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from atout.interpreter.engine.limits import ActionLimits_fr
from atout.interpreter.language.diagnostics import nearest, shorten
from atout.interpreter.language.rules import choice
from atout.interpreter.language.text import fold

from .ast import Rarete

_BAND = re.compile(r"^\s*(\d+)\s*(?:a|-)\s*(\d+)\s*$")


class Bande(BaseModel):
    """A band of stat totals, `180 à 229`: a card of the rarity totals from `minimum` to `maximum`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    minimum: int = Field(ge=0, le=400)
    maximum: int = Field(ge=0, le=400)

    def contains(self, total: int) -> bool:
        """True when `total` lies in the band, bounds included."""
        return self.minimum <= total <= self.maximum

    def __str__(self) -> str:
        return f"{self.minimum} à {self.maximum}"


def _band(value: Any) -> Any:
    """`180 à 229` (or `180 a 229`, `180-229`) → a `Bande`."""
    if not isinstance(value, str):
        return value
    match = _BAND.match(fold(value))
    if match is None:
        raise ValueError('write a band of totals as "MIN à MAX", such as "180 à 229"')
    low, high = int(match.group(1)), int(match.group(2))
    if high > 400:
        raise ValueError(f"a total of four statistics is at most 400, not {high}")
    if low > high:
        raise ValueError(f"the minimum {low} is above the maximum {high}")
    return Bande(minimum=low, maximum=high)


#: A rules parameter that is a band of stat totals.
BandeDeTotaux = Annotated[Bande, BeforeValidator(_band)]


#: The bots a rules file's `Adversaire : bot NAME` may name, in the engine's
#: order: the names of the engine's `BOTS` (a test checks they agree), known
#: here so that reading a rules file does not load the engine.
BOT_NAMES: tuple[str, ...] = ("random", "heuristic")


def _opponent(value: Any) -> Any:
    """`ordinateur`, `humain` or `bot NAME` with NAME one of `BOT_NAMES`, stored folded."""
    if not isinstance(value, str):
        return value
    word = " ".join(fold(value).split())
    if word in ("ordinateur", "humain"):
        return word
    bots = [f"bot {name}" for name in BOT_NAMES]
    if word in bots:
        return word
    if word.startswith("bot "):
        name = word.removeprefix("bot ").strip()
        near = nearest(name, BOT_NAMES, cutoff=0.0)
        raise ValueError(f'there is no bot "{shorten(name)}" (the nearest is "bot {near}"); the bots are {", ".join(bots)}')
    near = nearest(word, ["ordinateur", "humain", *bots])
    hint = f' (did you mean "{near}"?)' if near else ""
    raise ValueError(f'write "ordinateur", "humain" or "bot" followed by a bot\'s name ({", ".join(bots)}){hint}')


#: Who the other player is: "ordinateur", "humain" or "bot NAME".
Adversaire = Annotated[str, BeforeValidator(_opponent)]

#: The band parameters, in rarity order, by field name.
BAND_FIELDS: dict[Rarete, str] = {
    Rarete.COMMUNE: "total_commune",
    Rarete.RARE: "total_rare",
    Rarete.EPIQUE: "total_epique",
    Rarete.LEGENDAIRE: "total_legendaire",
    Rarete.MYTHIQUE: "total_mythique",
}


class DragonsRules(ActionLimits_fr):
    """The numbers and options of a duel; a variant changes them, not Python.

    Every parameter must be given: a forgotten line is an error (E503), not
    a silent default; only the bounds on actions, which no real game
    reaches, have one (`engine/limits.py`). The defaults the project recommends are those of the
    shipped rules file.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    # -- The duel (rulebook, "But du jeu", "Préparation", "La manche") --------
    rounds: int = Field(alias="Manches", ge=1, le=99)
    drawn: int = Field(alias="Cartes tirées de la collection", ge=1, le=200)
    hand: int = Field(alias="Cartes en main", ge=1, le=50)
    stats_min: int = Field(alias="Statistiques par manche, minimum", ge=1, le=4)
    stats_max: int = Field(alias="Statistiques par manche, maximum", ge=1, le=4)
    fatigue: int = Field(alias="Fatigue", ge=0, le=100)
    exchanges: int = Field(alias="Échanges avec la réserve", ge=0, le=50)

    # -- Rarity bands: the total of the four statistics of a card ---------------
    total_commune: BandeDeTotaux = Field(alias="Total Commune")
    total_rare: BandeDeTotaux = Field(alias="Total Rare")
    total_epique: BandeDeTotaux = Field(alias="Total Épique")
    total_legendaire: BandeDeTotaux = Field(alias="Total Légendaire")
    total_mythique: BandeDeTotaux = Field(alias="Total Mythique")

    # -- Options for the rulebook's "Encore à l'étude" --------------------------
    equal_totals: Annotated[str, choice("personne ne marque", "les deux marquent", "manche rejouée")] = Field(alias="Égalité de totaux")
    endless_ties: Annotated[str, choice("nulle", "sans fin")] = Field(alias="Fin des manches décisives")
    decisive_max: int = Field(alias="Manches décisives au plus", ge=1, le=99)
    small_collection: Annotated[str, choice("duel réduit", "refusée")] = Field(alias="Petite collection")
    opponent: Adversaire = Field(alias="Adversaire")

    @field_validator("hand")
    @classmethod
    def _hand_fits(cls, hand: int, info: ValidationInfo) -> int:
        """The hand is taken from the drawn cards."""
        drawn = info.data.get("drawn")
        if drawn is not None and hand > drawn:
            raise ValueError(f'a hand is taken from the drawn cards: at most {drawn} ("Cartes tirées de la collection")')
        return hand

    @field_validator("stats_max")
    @classmethod
    def _max_above_min(cls, high: int, info: ValidationInfo) -> int:
        """A round asks for between the minimum and the maximum number of statistics."""
        low = info.data.get("stats_min")
        if low is not None and high < low:
            raise ValueError(f"must be at least the minimum, {low}")
        return high

    @field_validator("total_rare", "total_epique", "total_legendaire", "total_mythique")
    @classmethod
    def _bands_rise(cls, band: Bande, info: ValidationInfo) -> Bande:
        """Each rarity's band starts above the band of the rarity below it."""
        names = list(BAND_FIELDS.values())
        if info.field_name is None:
            raise TypeError("_bands_rise validates fields only")
        below = names[names.index(info.field_name) - 1]
        previous = info.data.get(below)
        if previous is not None and band.minimum <= previous.maximum:
            alias = cls.model_fields[below].alias
            raise ValueError(f'a rarer card totals more: start above the maximum of "{alias}" ({previous.maximum})')
        return band

    def band(self, rarete: Rarete) -> Bande:
        """The band of stat totals of a rarity."""
        return getattr(self, BAND_FIELDS[rarete])

    @classmethod
    def band_name(cls, rarete: Rarete) -> str:
        """The printed name of a rarity's band parameter: "Total Rare"."""
        return cls.model_fields[BAND_FIELDS[rarete]].alias or BAND_FIELDS[rarete]
