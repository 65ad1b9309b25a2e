"""The rules a Lieu card changes, each declared in one place.

A Lieu's rules hold all game long: each is applied once, when the game is
made, by its handler `apply(game, changes)`: it either replaces a rules
parameter (`changes`, the effective rules' new values) or sets the flag of
the game the state reads (`CardiaGame.tie_to_fewer_seals`,
`victory_factions`, `lieu_bonuses`…).

The AST module keeps their names (`ast.SceauxPourGagner`…).
"""

from enum import Enum
from typing import Annotated, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, model_validator

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.transform import UnitTransformer

from .vocabulary import Amount, Faction, cartes, de, signed


class Parametre(str, Enum):
    """The numbers of the rules file a Lieu may replace (their names in `regles.atout`)."""

    SCEAUX_POUR_GAGNER = "Sceaux pour gagner"
    MAIN_DE_DEPART = "Cartes en main au départ"
    PIOCHE_PAR_TOUR = "Cartes piochées par tour"


#: Each parameter: its field in the rules model, its range.
PARAMETRES: dict[Parametre, tuple[str, int, int]] = {
    Parametre.SCEAUX_POUR_GAGNER: ("seals_to_win", 1, 16),
    Parametre.MAIN_DE_DEPART: ("starting_hand", 1, 16),
    Parametre.PIOCHE_PAR_TOUR: ("draw_per_turn", 0, 5),
}


def _in_range(t: UnitTransformer, meta: Meta, number: Token, low: int, high: int) -> int:
    """The number, within `low..high`; out of it, a diagnostic at its place (E200) and `low`."""
    value = int(number)
    if not low <= value <= high:
        bound = f"{low} or more" if value < low else f"{high} or less"
        t.report("E200", f"{t.text_of(meta)}: must be {bound}", t.span(number))
        return low
    return value


class NombreDeLaRegle(Construct):
    """A number of the rules replaced for the whole game:

    - `Il faut N sceaux pour gagner`: "Sceaux pour gagner" (5), 1 to 16;
    - `Chacun commence avec N cartes en main`: "Cartes en main au départ" (5), 1 to 16;
    - `Chacun pioche N cartes à la fin du tour`: "Cartes piochées par tour" (1), 0 to 5.
    """

    grammar: ClassVar[str] = """
!nombre_de_la_regle: "Il" "faut" INT "sceaux" "pour" "gagner"
                   | "Chacun" "commence" "avec" INT _cartes "en" "main"
                   | "Chacun" "pioche" INT _cartes "à" "la" "fin" "du" "tour"
"""
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["nombre_de_la_regle"] = "nombre_de_la_regle"
    parametre: Parametre
    n: Annotated[int, Field(ge=0, le=16)]

    @model_validator(mode="after")
    def _within_its_range(self) -> "NombreDeLaRegle":
        _, low, high = PARAMETRES[self.parametre]
        if not low <= self.n <= high:
            raise ValueError(f"{self.parametre.value} is from {low} to {high}")
        return self

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        words = [str(c) for c in children]
        parametre = Parametre.SCEAUX_POUR_GAGNER if "faut" in words else Parametre.MAIN_DE_DEPART if "commence" in words else Parametre.PIOCHE_PAR_TOUR
        (number,) = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        _, low, high = PARAMETRES[parametre]
        return t.build(cls, meta, parametre=parametre, n=_in_range(t, meta, number, low, high))

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """The parameter's new value, for the whole game."""
        changes[PARAMETRES[self.parametre][0]] = self.n

    def write(self) -> str:
        if self.parametre is Parametre.SCEAUX_POUR_GAGNER:
            return f"Il faut {self.n} sceaux pour gagner"
        if self.parametre is Parametre.MAIN_DE_DEPART:
            return f"Chacun commence avec {cartes(self.n)} en main"
        return f"Chacun pioche {cartes(self.n)} à la fin du tour"


class EnCasDEgalite(Construct):
    """What a tie in the current encounter does:

    - `En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre`
      (`moins_de_sceaux`): the tie is won by the card of the player with fewer
      seals (counted before it); that card takes a seal and the other card is
      the loser and activates. With equal seals it stays a tie. Past
      encounters that become ties later stay ties.
    - `En cas d'égalité, les deux capacités agissent [, sauf celles qui
      reprennent une carte en main]`: both cards activate their ability, that
      of the player with fewer seals first (equal seals: a chance draw
      decides). There is still no seal. With `sauf_reprise`, a card whose
      ability holds `Reprendre … en main` or `Échanger …` (also in a `Si …`
      block) does not activate it on a tie, as in the rulebook: it stays in
      play. Two such cards would otherwise both go back to the hand, and play
      could come back to the same position for ever.
    """

    grammar: ClassVar[str] = """
!en_cas_d_egalite: "En" "cas" "d'égalité" "," ( "le" "joueur" "qui" "a" "le" "moins" "de" "sceaux" "gagne" "la" "rencontre"
                 | "les" "deux" "capacités" "agissent" ("," "sauf" "celles" "qui" "reprennent" "une" "carte" "en" "main")? )
"""
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["en_cas_d_egalite"] = "en_cas_d_egalite"
    moins_de_sceaux: bool = False
    sauf_reprise: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        words = [str(c) for c in children]
        return t.build(cls, meta, moins_de_sceaux="joueur" in words, sauf_reprise="sauf" in words)

    @model_validator(mode="after")
    def _one_rule(self) -> "EnCasDEgalite":
        if self.moins_de_sceaux and self.sauf_reprise:
            raise ValueError("the player with fewer seals wins the tie: no ability acts on it")
        return self

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the reveal (`CardiaState._resolve_tie`, `CardiaState._reveal`)."""
        if self.moins_de_sceaux:
            game.tie_to_fewer_seals = True
        else:
            game.tie_both_act = True
            game.tie_keeps_returning = self.sauf_reprise

    def write(self) -> str:
        if self.moins_de_sceaux:
            return "En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre"
        return "En cas d'égalité, les deux capacités agissent" + (", sauf celles qui reprennent une carte en main" if self.sauf_reprise else "")


class VictoireAussi(Construct):
    """An extra victory condition, checked at the end of the turn with the seals:

    - `Victoire aussi avec des sceaux sur N factions` (`factions`, 1 to 4):
      your sealed cards are of at least N factions;
    - `Victoire aussi avec N rencontres gagnées d'affilée` (2 to 16): the last
      N encounters of the line are all won by your cards.
    """

    grammar: ClassVar[str] = """
!victoire_aussi: "Victoire" "aussi" "avec" ("des" "sceaux" "sur" INT "factions" | INT "rencontres" "gagnées" "d'affilée")
"""
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["victoire_aussi"] = "victoire_aussi"
    factions: bool
    n: Annotated[int, Field(ge=1, le=16)]

    @model_validator(mode="after")
    def _within_its_range(self) -> "VictoireAussi":
        low, high = (1, 4) if self.factions else (2, 16)
        if not low <= self.n <= high:
            raise ValueError(f"from {low} to {high}")
        return self

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        factions = any(str(c) == "factions" for c in children)
        (number,) = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        low, high = (1, 4) if factions else (2, 16)
        return t.build(cls, meta, factions=factions, n=_in_range(t, meta, number, low, high))

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the end of the turn (`CardiaState._check_victory`)."""
        if self.factions:
            game.victory_factions = self.n
        else:
            game.victory_streak = self.n

    def write(self) -> str:
        if self.factions:
            return f"Victoire aussi avec des sceaux sur {self.n} factions"
        return f"Victoire aussi avec {self.n} rencontres gagnées d'affilée"


class DefausseRemelangee(Construct):
    """`La défausse se remélange [une fois | N fois] quand la pioche est vide`: a player who must
    draw from an empty pile first shuffles their discard pile into a new pile (a chance action).

    `fois` is how many times each player's discard may be reshuffled in a game (None: every
    time). A limit makes the game end as the rulebook's does: once it is used up, the cards
    discarded stay discarded and the hands run out.
    """

    grammar: ClassVar[str] = """
!defausse_remelangee: "La" "défausse" "se" "remélange" (("une" | INT) "fois")? "quand" "la" "pioche" "est" "vide"
"""
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["defausse_remelangee"] = "defausse_remelangee"
    fois: Annotated[int, Field(ge=1, le=16)] | None = None

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        words = [str(c) for c in children]
        numbers = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        if numbers:
            return t.build(cls, meta, {"fois": numbers[0]}, label=t.text_of(meta), fois=int(numbers[0]))
        return t.build(cls, meta, fois=1 if "fois" in words else None)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read when a player draws from an empty pile (`CardiaState.draw`)."""
        game.reshuffle = True
        game.reshuffles = self.fois

    def write(self) -> str:
        times = "" if self.fois is None else " une fois" if self.fois == 1 else f" {self.fois} fois"
        return f"La défausse se remélange{times} quand la pioche est vide"


class InfluenceDesCartes(Construct):
    """`Les cartes [de la F] ont +N d'influence`: every card in play (of faction F), both
    players', has N more influence, all game long; no token is placed."""

    grammar: ClassVar[str] = 'influence_des_cartes: "Les" "cartes" _de_faction? "ont" SIGNED_INT "d\'influence"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["influence_des_cartes"] = "influence_des_cartes"
    faction: Faction | None = None
    n: Amount

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        *faction, n = children
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), faction=(faction or [None])[0], n=int(n))

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read in each card's influence (`CardiaState.influence`)."""
        game.lieu_bonuses.append((self.faction, self.n))

    def write(self) -> str:
        return f"Les cartes{de(self.faction)} ont {signed(self.n)} d'influence"


CONSTRUCTS: tuple[type[Construct], ...] = (NombreDeLaRegle, EnCasDEgalite, VictoireAussi, DefausseRemelangee, InfluenceDesCartes)
