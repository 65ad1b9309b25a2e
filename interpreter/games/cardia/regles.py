"""The rules a Lieu card changes, each declared in one place.

A Lieu's rules hold all game long: each is applied once, when the game is
made, by its handler `apply(game, changes)`: it either replaces a rules
parameter (`changes`, the effective rules' new values) or sets the flag of
the game the state reads (`CardiaGame.tie_to_fewer_seals`,
`victory_factions`, `lieu_bonuses`…).

The AST module keeps their names (`ast.SceauxPourGagner`…).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.transform import UnitTransformer

from . import ast
from .writing import _de, signed


def _cartes(n: int) -> str:
    return f"{n} carte" if n == 1 else f"{n} cartes"


def _number(t: UnitTransformer, cls: type[Construct], meta: Meta, children: list[Any]) -> Construct:
    """A rule with one number `n`."""
    (n,) = [c for c in children if isinstance(c, Token) and c.type in ("INT", "SIGNED_INT")]
    return t.build(cls, meta, {"n": n}, label=t.text_of(meta), n=int(n))


class SceauxPourGagner(Construct):
    """`Il faut N sceaux pour gagner`: replaces "Sceaux pour gagner" (5)."""

    grammar: ClassVar[str] = 'sceaux_pour_gagner: "Il" "faut" INT "sceaux" "pour" "gagner"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["sceaux_pour_gagner"] = "sceaux_pour_gagner"
    n: Annotated[int, Field(ge=1, le=16)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return _number(t, cls, meta, children)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """The parameter "Sceaux pour gagner"."""
        changes["seals_to_win"] = self.n

    def write(self) -> str:
        return f"Il faut {self.n} sceaux pour gagner"


class MainDeDepart(Construct):
    """`Chacun commence avec N cartes en main`: replaces "Cartes en main au départ" (5)."""

    grammar: ClassVar[str] = 'main_de_depart: "Chacun" "commence" "avec" INT _cartes "en" "main"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["main_de_depart"] = "main_de_depart"
    n: Annotated[int, Field(ge=1, le=16)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return _number(t, cls, meta, children)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """The parameter "Cartes en main au départ"."""
        changes["starting_hand"] = self.n

    def write(self) -> str:
        return f"Chacun commence avec {_cartes(self.n)} en main"


class PiocheParTour(Construct):
    """`Chacun pioche N cartes à la fin du tour`: replaces "Cartes piochées par tour" (1)."""

    grammar: ClassVar[str] = 'pioche_par_tour: "Chacun" "pioche" INT _cartes "à" "la" "fin" "du" "tour"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["pioche_par_tour"] = "pioche_par_tour"
    n: Annotated[int, Field(ge=0, le=5)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return _number(t, cls, meta, children)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """The parameter "Cartes piochées par tour"."""
        changes["draw_per_turn"] = self.n

    def write(self) -> str:
        return f"Chacun pioche {_cartes(self.n)} à la fin du tour"


class EgaliteAuMoinsDeSceaux(Construct):
    """`En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre`.

    A tie in the current encounter is won by the card of the player with fewer
    seals (counted before it); that card takes a seal and the other card is
    the loser and activates. With equal seals it stays a tie. Past encounters
    that become ties later stay ties.
    """

    grammar: ClassVar[str] = (
        'egalite_au_moins_de_sceaux: "En" "cas" "d\'égalité" "," "le" "joueur" "qui" "a" "le" "moins" "de" "sceaux" '
        '"gagne" "la" "rencontre"'
    )
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["egalite_au_moins_de_sceaux"] = "egalite_au_moins_de_sceaux"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the reveal (`CardiaState._resolve_tie`)."""
        game.tie_to_fewer_seals = True

    def write(self) -> str:
        return "En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre"


class EgaliteCapacites(Construct):
    """`En cas d'égalité, les deux capacités agissent [, sauf celles qui reprennent une carte en
    main]`: on a tie in the current encounter, both cards activate their ability, that of the
    player with fewer seals first (equal seals: a chance draw decides). There is still no seal.

    With `sauf_reprise`, a card whose ability holds `Reprendre … en main` or `Échanger …` (also
    in a `Si …` block) does not activate it on a tie, as in the rulebook: it stays in play. Two
    such cards would otherwise both go back to the hand, and play could come back to the same
    position for ever.
    """

    grammar: ClassVar[str] = """
!egalite_capacites: "En" "cas" "d'égalité" "," "les" "deux" "capacités" "agissent" ("," "sauf" "celles" "qui" "reprennent" "une" "carte" "en" "main")?
"""
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["egalite_capacites"] = "egalite_capacites"
    sauf_reprise: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, sauf_reprise=any(str(c) == "sauf" for c in children))

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the reveal (`CardiaState._reveal`)."""
        game.tie_both_act = True
        game.tie_keeps_returning = self.sauf_reprise

    def write(self) -> str:
        return "En cas d'égalité, les deux capacités agissent" + (
            ", sauf celles qui reprennent une carte en main" if self.sauf_reprise else ""
        )


class VictoireFactions(Construct):
    """`Victoire aussi avec des sceaux sur N factions`: an extra victory condition, checked
    at the end of the turn with the seals: your sealed cards are of at least N factions."""

    grammar: ClassVar[str] = 'victoire_factions: "Victoire" "aussi" "avec" "des" "sceaux" "sur" INT "factions"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["victoire_factions"] = "victoire_factions"
    n: Annotated[int, Field(ge=1, le=4)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return _number(t, cls, meta, children)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the end of the turn (`CardiaState._check_victory`)."""
        game.victory_factions = self.n

    def write(self) -> str:
        return f"Victoire aussi avec des sceaux sur {self.n} factions"


class VictoireDAffilee(Construct):
    """`Victoire aussi avec N rencontres gagnées d'affilée`: an extra victory condition, checked
    at the end of the turn: the last N encounters of the line are all won by your cards."""

    grammar: ClassVar[str] = 'victoire_d_affilee: "Victoire" "aussi" "avec" INT "rencontres" "gagnées" "d\'affilée"'
    slot: ClassVar[str | None] = "regle"
    handler: ClassVar[str] = "apply"
    kind: Literal["victoire_d_affilee"] = "victoire_d_affilee"
    n: Annotated[int, Field(ge=2, le=16)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return _number(t, cls, meta, children)

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read at the end of the turn (`CardiaState._check_victory`)."""
        game.victory_streak = self.n

    def write(self) -> str:
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
    faction: ast.Faction | None = None
    n: ast.Amount

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        *faction, n = children
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), faction=(faction or [None])[0], n=int(n))

    def apply(self, game: Any, changes: dict[str, Any]) -> None:
        """Read in each card's influence (`CardiaState.influence`)."""
        game.lieu_bonuses.append((self.faction, self.n))

    def write(self) -> str:
        return f"Les cartes{_de(self.faction)} ont {signed(self.n)} d'influence"


CONSTRUCTS: tuple[type[Construct], ...] = (
    SceauxPourGagner, MainDeDepart, PiocheParTour, EgaliteAuMoinsDeSceaux, EgaliteCapacites,
    VictoireFactions, VictoireDAffilee, DefausseRemelangee, InfluenceDesCartes,
)
