"""The persistent effects of Duel pour Cardia's rulebook, each declared in one place.

They act while their card carries its Persistant token (or, in a
`Propriété`, while it is in play). The state keeps the active ones by class
(`CardiaState.active`: owner, source card, effect) and asks each, where its
rule applies, through its handler:

- `Tes cartes de l'Académie ont +1 d'influence`: `bonus`, in each card's influence;
- `Les capacités instantanées adverses n'agissent pas`: `blocks`, when a card activates;
- `L'adversaire joue sa carte face visible`: `shows_first`, when the cards are chosen;
- `L'adversaire joue avec sa main visible`: `shows_hand`, in what each seat may see;
- `Tu pioches 1 carte de plus`: `extra_draws`, at the end of the turn.

`<cartes> gagnent les égalités` and `<cartes> se jouent face visible` are in
`abilities.py`. The AST module keeps their names (`ast.PiocheEnPlus`…).
"""

from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.transform import UnitTransformer

from .targets import CetteCarte, Ensemble
from .vocabulary import Amount, Count, Joueur, printed, signed


class InfluenceContinue(Construct):
    """`Tes cartes de l'Académie ont +1 d'influence`: a bonus counted in each card's influence.

    No token is placed: while the ability is active, every card of the set
    has `n` more (or less) influence, and encounters are re-evaluated when
    the ability starts and stops acting.
    """

    grammar: ClassVar[str] = 'influence_continue: _ensemble ("a" | "ont") SIGNED_INT "d\'influence"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "bonus"
    kind: Literal["influence_continue"] = "influence_continue"
    ensemble: Ensemble
    n: Amount

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        ensemble, n = children
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), ensemble=ensemble, n=int(n))

    def bonus(self, state: Any, owner: int, source: int, card: int) -> int:
        """What this effect of `source` (active for `owner`) adds to `card`'s influence."""
        return self.n if self.ensemble.includes(state, owner, source, card) else 0

    def write(self) -> str:
        verb = "a" if isinstance(self.ensemble, CetteCarte) else "ont"
        text = printed(self.ensemble)
        return f"{text[:1].upper() + text[1:]} {verb} {signed(self.n)} d'influence"


class CapacitesAdversesBloquees(Construct):
    """`Les capacités instantanées adverses n'agissent pas`: the opponent's losing cards with an
    instantaneous ability do not activate it (persistent ones and Protecteurs still act)."""

    grammar: ClassVar[str] = 'capacites_adverses_bloquees: "les" "capacités" "instantanées" "adverses" "n\'agissent" "pas"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "blocks"
    kind: Literal["capacites_adverses_bloquees"] = "capacites_adverses_bloquees"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def blocks(self, owner: int, seat: int) -> bool:
        """Whether this effect, active for `owner`, stops an instantaneous ability of `seat`: the opponent's."""
        return owner != seat

    def write(self) -> str:
        return "Les capacités instantanées adverses n'agissent pas"


class JoueFaceVisible(Construct):
    """`L'adversaire joue sa carte face visible`: each turn the opponent chooses and shows their
    card first, then you choose yours. If both players have this active, play is simultaneous."""

    grammar: ClassVar[str] = 'joue_face_visible: l_adversaire "joue" "sa" "carte" "face" "visible"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "shows_first"
    kind: Literal["joue_face_visible"] = "joue_face_visible"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def shows_first(self, owner: int) -> int:
        """The seat that chooses and shows first, by this effect active for `owner`: the opponent."""
        return 1 - owner

    def write(self) -> str:
        return "L'adversaire joue sa carte face visible"


class JoueMainVisible(Construct):
    """`L'adversaire joue avec sa main visible` (or `Tu joues avec ta main visible`): that player's hand is shown.

    While the effect acts, the other player sees every card of that hand
    (and each card drawn into it); the card chosen from it each turn is still
    chosen in secret, unless another effect says it is played face up.
    """

    grammar: ClassVar[str] = '!joue_main_visible: (l_adversaire "joue" "avec" "sa" | "Tu" "joues" "avec" "ta") "main" "visible"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "shows_hand"
    kind: Literal["joue_main_visible"] = "joue_main_visible"
    joueur: Joueur = Joueur.ADVERSAIRE

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        joueur = Joueur.ADVERSAIRE if "l'adversaire" in [str(c) for c in children if isinstance(c, str)] else Joueur.TOI
        return t.build(cls, meta, joueur=joueur)

    def shows_hand(self, owner: int) -> int:
        """The seat whose hand is shown, by this effect active for `owner`."""
        return owner if self.joueur is Joueur.TOI else 1 - owner

    def write(self) -> str:
        return "L'adversaire joue avec sa main visible" if self.joueur is Joueur.ADVERSAIRE else "Tu joues avec ta main visible"


class PiocheEnPlus(Construct):
    """`Tu pioches 1 carte de plus`: at the end of each turn you draw `n` more cards."""

    grammar: ClassVar[str] = 'pioche_en_plus: "Tu" "pioches" INT _cartes "de" "plus"'
    slot: ClassVar[str | None] = "effet_continu"
    handler: ClassVar[str] = "extra_draws"
    kind: Literal["pioche_en_plus"] = "pioche_en_plus"
    n: Count

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (n,) = [c for c in children if isinstance(c, Token)]
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), n=int(n))

    def extra_draws(self) -> int:
        """How many more cards its owner draws at the end of the turn."""
        return self.n

    def write(self) -> str:
        return f"Tu pioches {self.n} carte de plus" if self.n == 1 else f"Tu pioches {self.n} cartes de plus"


CONSTRUCTS: tuple[type[Construct], ...] = (InfluenceContinue, CapacitesAdversesBloquees, JoueFaceVisible, JoueMainVisible, PiocheEnPlus)
