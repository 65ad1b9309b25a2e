"""Duel pour Cardia's abilities: when they act, how often, and the rules a card changes for itself.

- **triggers**: `quand cette carte gagne` / `quand cette carte perd` after
  "Capacité instantanée" or "Capacité persistante": the ability acts when
  its card wins (or loses, as without a trigger) the encounter it is played
  in, at the reveal — never when an encounter changes winner later;
- **limits**: `une fois par duel`, `2 fois par duel`: how many times each
  copy of the card may activate this ability in a game;
- **`Propriété : …`**: persistent effects that act, without a token, as
  long as the card is in play; and a card's own rules (`Cette carte gagne
  les égalités`, `Cette carte se joue face visible`) wherever the card is;
- **card properties for any set of cards**: `<cartes> gagnent les égalités`
  and `<cartes> se jouent face visible`, where `<cartes>` is `cette carte`,
  `tes cartes [de la F]` or `les cartes adverses [de la F]`.

Every ability acts at most once per encounter it is in, and with a limit at
most that many times a game: triggers cannot chain.
"""

from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer

from . import ast
from .conditions import words
from .targets import CetteCarte, Ensemble
from .vocabulary import capital, printed


class QuandCetteCarte(Construct):
    """`quand cette carte gagne` / `quand cette carte perd`: the moment an ability acts."""

    grammar: ClassVar[str] = '!quand_cette_carte: "quand" "cette" "carte" ("gagne" | "perd")'
    slot: ClassVar[str | None] = "modalite"
    handler: ClassVar[str] = "fires"
    kind: Literal["quand_cette_carte"] = "quand_cette_carte"
    gagne: bool

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, gagne="gagne" in words(children))

    def fires(self, won: bool) -> bool:
        """Whether the ability acts for a card that has just won (`won`) or lost its encounter."""
        return self.gagne == won

    def write(self) -> str:
        return "quand cette carte " + ("gagne" if self.gagne else "perd")


class FoisParDuel(Construct):
    """`une fois par duel`, `N fois par duel`: at most `n` activations of the ability a game, per copy of the card."""

    grammar: ClassVar[str] = 'fois_par_duel: ("une" | INT) "fois" "par" "duel"'
    slot: ClassVar[str | None] = "modalite"
    handler: ClassVar[str] = "allows"
    kind: Literal["fois_par_duel"] = "fois_par_duel"
    n: int = Field(default=1, ge=1, le=16)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        numbers = [c for c in children if isinstance(c, Token)]
        if not numbers:
            return t.build(cls, meta, n=1)
        return t.build(cls, meta, {"n": numbers[0]}, label=t.text_of(meta), n=int(numbers[0]))

    def allows(self, used: int) -> bool:
        """Whether an ability already activated `used` times may activate again."""
        return used < self.n

    def write(self) -> str:
        return "une fois par duel" if self.n == 1 else f"{self.n} fois par duel"


def triggers(capacite: Node, won: bool) -> bool:
    """Whether an ability acts for its card that has just won (`won`) or lost: losing, unless it says otherwise."""
    quand = getattr(capacite, "quand", None)
    if quand is None:
        return not won and not isinstance(capacite, Propriete)
    return bool(quand.fires(won))


class Propriete(Construct):
    """`Propriété : <effets persistants>`: they act, with no Persistant token, while the card is in play.

    A property about the card itself (`Cette carte gagne les égalités`, `Cette
    carte se joue face visible`) holds wherever the card is. A property is
    not an ability that activates: "Retirer un jeton Persistant" does not stop
    it, and the opponent's "n'agissent pas" does not block it.
    """

    grammar: ClassVar[str] = 'propriete: "Propriété" ":" _effets_continus'
    slot: ClassVar[str | None] = "capacite"
    handler: ClassVar[str] = "acts"
    kind: Literal["propriete"] = "propriete"
    effets: list[ast.EffetContinu] = Field(min_length=1)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, effets=list(children))

    def acts(self, in_play: bool) -> list[Node]:
        """The effects that act now: all of them while the card is in play, none otherwise."""
        return list(self.effets) if in_play else []

    def write(self) -> str:
        return "Propriété : " + " ; ".join(printed(effet) for effet in self.effets)


def _verb(ensemble: Node, singular: str, plural: str) -> str:
    return singular if isinstance(ensemble, CetteCarte) else plural


class GagnentEgalites(Construct):
    """`<cartes> gagnent les égalités`: an encounter of equal influences is won by a card of the set.

    It takes the seal, and in the current encounter the other card is the
    loser and activates its ability. If both cards of the encounter win ties
    (or neither), the tie stays a tie. `Tes cartes gagnent les égalités` is
    the rulebook's Garde royale.
    """

    grammar: ClassVar[str] = 'gagnent_egalites: _ensemble ("gagne" | "gagnent") "les" "égalités"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "wins_ties"
    kind: Literal["gagnent_egalites"] = "gagnent_egalites"
    ensemble: Ensemble

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (ensemble,) = children
        return t.build(cls, meta, ensemble=ensemble)

    def wins_ties(self, state: Any, owner: int, source: int, card: int) -> bool:
        """Whether `card` wins ties by this effect of `source`, active for `owner`."""
        return self.ensemble.includes(state, owner, source, card)

    def write(self) -> str:
        return f"{capital(printed(self.ensemble))} {_verb(self.ensemble, 'gagne', 'gagnent')} les égalités"


class SeJouentFaceVisible(Construct):
    """`<cartes> se jouent face visible`: a card of the set is shown as soon as it is chosen.

    P1 chooses first, in secret: if the card is of the set, it is shown, and
    P2 chooses seeing it. If P2's card is of the set and P1's is not, P2's is
    shown and P1 chooses again, seeing it (P1's first choice was never
    seen). The cards are then revealed as usual.
    """

    grammar: ClassVar[str] = 'se_jouent_face_visible: _ensemble "se" ("joue" | "jouent") "face" "visible"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "shows"
    kind: Literal["se_jouent_face_visible"] = "se_jouent_face_visible"
    ensemble: Ensemble

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (ensemble,) = children
        return t.build(cls, meta, ensemble=ensemble)

    def shows(self, state: Any, owner: int, source: int, card: int) -> bool:
        """Whether `card` is played face up by this effect of `source`, active for `owner`."""
        return self.ensemble.includes(state, owner, source, card)

    def write(self) -> str:
        return f"{capital(printed(self.ensemble))} {_verb(self.ensemble, 'se joue', 'se jouent')} face visible"


CONSTRUCTS: tuple[type[Construct], ...] = (QuandCetteCarte, FoisParDuel, Propriete, GagnentEgalites, SeJouentFaceVisible)
