"""The AST of BattleFight techniques.

One class per keyword of the rules (`../shared` rules note, "Keywords"), each
a construct (`language/constructs.py`) that declares its grammar rule (named
after it), its reading, its handler and its text; `grammar/battlefight.lark`
holds what they share (a technique, a step, its modifiers). `N` defaults to
1 where the card omits it, except `Distance` (2) and `Stable` (0), as the
rules say.

The forms of version 2 are constructs, each declared in one place with its
rule, reading, handler and text: the amounts and quantities in
`quantities.py`, the conditions and "Si" in `conditions.py`, "Prendre" in
`moves.py`, the powers "Quand …" in `powers.py`. A step's keyword may be any
of them; they are resolved here once the step's class exists.
"""

import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from lark import Token
from lark.tree import Meta
from pydantic import Discriminator, Field, Tag

from atout.interpreter.engine.lazy import Lazy
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .quantities import AutantQue, PourChaque, amount

#: The handlers of the steps (`steps.py` reads this module: imported at the first step run).
_steps = Lazy("atout.interpreter.games.battlefight.steps")

#: A count written on a card: how many cards, damage points, cells.
Count = Annotated[int, Field(ge=0, le=20)]
#: A permanent's bonus, which may be negative: "Vitesse +1", "Force −1".
Bonus = Annotated[int, Field(ge=-10, le=10)]


def _amount_kind(value: object) -> str:
    """Which form of amount a value is: "count" for a number, else its `kind`."""
    if isinstance(value, int):
        return "count"
    return str(value.get("kind") if isinstance(value, dict) else getattr(value, "kind", ""))


#: An amount an effect prints: a count, or computed ("1 pour chaque carte de ta main", "autant que …").
#: (Told apart by a function, so that a number out of range gets its range's message alone.)
Amount = Annotated[
    Annotated[Count, Tag("count")] | Annotated[PourChaque, Tag("pour_chaque")] | Annotated[AutantQue, Tag("autant_que")],
    Discriminator(_amount_kind),
]


class TechniqueType(str, Enum):
    """The five types of technique; a deck holds 4 cards of each."""

    ATTAQUE = "Attaque"
    DEFENSE = "Défense"
    DEPLACEMENT = "Déplacement"
    CONCENTRATION = "Concentration"
    RHETORIQUE = "Rhétorique"


# ---------------------------------------------------------------------------
# Modifiers: whose point of view a step is run from
# ---------------------------------------------------------------------------


#: Points of view a step runs from: (me, them), the player the step is for and the other.
Views = list[tuple[int, int]]


class LAdversaireA(Construct):
    """`L'adversaire a X`: X is run as if the technique were the opponent's (in brackets on a card)."""

    grammar: ClassVar[str] = 'l_adversaire_a: "L\'adversaire" "a"'
    slot: ClassVar[str | None] = "who"
    handler: ClassVar[str] = "views"
    kind: Literal["l_adversaire_a"] = "l_adversaire_a"

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def views(self, views: Views) -> Views:
        """ "run X as if the technique belonged to the opponent and targeted its owner" """
        return [(them, me) for me, them in views]

    def write(self) -> str:
        return "[L'adversaire a]"

    def log_text(self) -> str:
        """Without brackets in the commentary."""
        return "L'adversaire a"


class ToutLeMondeA(Construct):
    """`Tout le monde a X`: X is run for each player, the owner first."""

    grammar: ClassVar[str] = 'tout_le_monde_a: "Tout" "le" "monde" "a"'
    slot: ClassVar[str | None] = "who"
    handler: ClassVar[str] = "views"
    kind: Literal["tout_le_monde_a"] = "tout_le_monde_a"

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def views(self, views: Views) -> Views:
        """ "run X for each player in turn order, starting with the owner" """
        return views + [(them, me) for me, them in views]

    def write(self) -> str:
        return "Tout le monde a"


Modifier = Annotated[LAdversaireA | ToutLeMondeA, Field(discriminator="kind")]

# ---------------------------------------------------------------------------
# The keywords of the rules: each a construct, declared in one place (its
# rule, its model, how it is read, its handler `run(state, frame, me, them)`
# and its text). A handler runs the step for one point of view (`me` the
# player it is for, `them` the other) and says what the step loop does next:
# "next", "fail" (a condition failed), "stable", or "wait" (a decision is
# posed; its answer goes on with a function of `steps.py`, which holds the
# decisions' continuations).
# ---------------------------------------------------------------------------


class RulesKeyword(Construct):
    """A keyword of the rules: read with an optional number, written with it (see `write_number`)."""

    slot: ClassVar[str | None] = "plain"
    #: The keyword as printed: "Blesser", "Se Déplacer".
    word: ClassVar[str] = ""
    #: The count a card leaves bare ("Distance" is Distance 2); None: always written.
    bare: ClassVar[int | None] = None

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        """The keyword, with its number (a token), its computed amount (a node), or its default."""
        if not children:
            return t.build(cls, meta)
        (n,) = children
        if not isinstance(n, Token):  # a computed amount: "1 pour chaque carte de ta main"
            return t.build(cls, meta, n=n)
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), n=int(n))

    def write(self) -> str:
        n = getattr(self, "n", None)
        if n is None or n == self.bare:
            return self.word
        return f"{self.word} {n if isinstance(n, int) else n.write()}"

    def log_text(self) -> str:
        """The keyword as the commentary and the records print it: every number written."""
        n = getattr(self, "n", None)
        return self.word if n is None else f"{self.word} {n if isinstance(n, int) else n.write()}"


# ---------------------------------------------------------------------------
# Conditions: when one fails, the technique is deactivated
# ---------------------------------------------------------------------------


class CorpsACorps(RulesKeyword):
    """Fails if the distance to the opponent is more than 1."""

    grammar: ClassVar[str] = 'corps_a_corps: "Corps" "à" "Corps"'
    word: ClassVar[str] = "Corps à Corps"
    kind: Literal["corps_a_corps"] = "corps_a_corps"

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Fails if the distance to the opponent is more than 1."""
        distance = state.board.distance(state.seats[me].cell, state.seats[them].cell)
        ok = distance <= 1
        if state.quiet is not True:
            state.emit("condition", player=me, ok=ok, distance=distance)
        return "next" if ok else "fail"


class Distance(RulesKeyword):
    """Fails if the distance to the opponent is less than `n` (default 2)."""

    grammar: ClassVar[str] = 'distance: "Distance" SIGNED_INT?'
    word: ClassVar[str] = "Distance"
    bare: ClassVar[int | None] = 2
    kind: Literal["distance"] = "distance"
    n: Count = 2

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Fails if the distance to the opponent is less than N."""
        actual = state.board.distance(state.seats[me].cell, state.seats[them].cell)
        ok = actual >= self.n
        if state.quiet is not True:
            state.emit("condition", player=me, ok=ok, distance=actual)
        return "next" if ok else "fail"


class Defausser(RulesKeyword):
    """With fewer than `n` cards in hand, discard the hand and fail; else discard `n` chosen cards."""

    grammar: ClassVar[str] = 'defausser: "Défausser" SIGNED_INT?'
    word: ClassVar[str] = "Défausser"
    kind: Literal["defausser"] = "defausser"
    n: Count = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """With fewer than N cards in hand: discard the whole hand and fail; else discard N chosen cards."""
        return _steps.discard(state, me, self.n, condition=True)


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


class SiPossibleDefausser(RulesKeyword):
    """Discard `n` chosen cards, or the whole hand if it has fewer; never fails."""

    grammar: ClassVar[str] = 'si_possible_defausser: "Si" "Possible" "Défausser" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Si Possible Défausser"
    kind: Literal["si_possible_defausser"] = "si_possible_defausser"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """As Défausser, but never fails."""
        return _steps.discard(state, me, amount(self.n, state, me, them), condition=False)


class Blesser(RulesKeyword):
    """Deal `n` + own Force − opponent's Protection damage to the opponent."""

    grammar: ClassVar[str] = 'blesser: "Blesser" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Blesser"
    kind: Literal["blesser"] = "blesser"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Deal N + own Force − opponent's Protection damage to the opponent."""
        _steps.damage(state, them, amount(self.n, state, me, them) + state.bonus(me, Force) - state.bonus(them, Protection))
        return "next"


class SeBlesser(RulesKeyword):
    """Deal `n` + own Force − own Protection damage to oneself."""

    grammar: ClassVar[str] = 'se_blesser: "Se" "Blesser" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Se Blesser"
    kind: Literal["se_blesser"] = "se_blesser"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Deal N + own Force − own Protection damage to oneself."""
        _steps.damage(state, me, amount(self.n, state, me, them) + state.bonus(me, Force) - state.bonus(me, Protection))
        return "next"


class Bloquer(RulesKeyword):
    """Heal min(`n`, own damage points): add to life, remove from damage points."""

    grammar: ClassVar[str] = 'bloquer: "Bloquer" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Bloquer"
    kind: Literal["bloquer"] = "bloquer"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Heal min(N, own damage points): add to life, remove from damage points."""
        seat = state.seats[me]
        healed = min(amount(self.n, state, me, them), seat.damage)
        seat.life += healed
        seat.damage -= healed
        if state.quiet is not True:
            state.emit("heal", player=me, amount=healed, life=seat.life)
        return "next"


class Piocher(RulesKeyword):
    """Draw `n` cards, one at a time (an empty pile halves life and reshuffles the discard)."""

    grammar: ClassVar[str] = 'piocher: "Piocher" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Piocher"
    kind: Literal["piocher"] = "piocher"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Draw N, one at a time."""
        return _steps.draw(state, me, amount(self.n, state, me, them))


class Pousser(RulesKeyword):
    """`n` times: push the opponent one cell away from the player, or off the board from an edge."""

    grammar: ClassVar[str] = 'pousser: "Pousser" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Pousser"
    kind: Literal["pousser"] = "pousser"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """N times: push the opponent to a farther empty adjacent cell, or, from an edge, off the board if the player wants."""
        return _steps.push(state, me, them, amount(self.n, state, me, them))


class SeDeplacer(RulesKeyword):
    """`n` + own Vitesse times: stay, or move to an adjacent empty cell."""

    grammar: ClassVar[str] = 'se_deplacer: "Se" "Déplacer" (SIGNED_INT | _computed)?'
    word: ClassVar[str] = "Se Déplacer"
    kind: Literal["se_deplacer"] = "se_deplacer"
    n: Amount = 1

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """N + own Vitesse times: stay, or move to an adjacent empty cell."""
        moves = amount(self.n, state, me, them) + state.bonus(me, Vitesse)
        if moves <= 0:
            state.emit("no_move", player=me, moves=moves)
            return "next"
        return _steps.move(state, me, them, moves)


class Rejouer(RulesKeyword):
    """The player plays another whole technique within this turn."""

    grammar: ClassVar[str] = 'rejouer: "Rejouer"'
    word: ClassVar[str] = "Rejouer"
    kind: Literal["rejouer"] = "rejouer"

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """The player plays another whole technique within this turn, then this one goes on (see `steps.replay`)."""
        return _steps.replay(state, me)


class Destabiliser(RulesKeyword):
    """The player may pay to make a Stable technique in play resume its steps."""

    grammar: ClassVar[str] = 'destabiliser: "Déstabiliser"'
    word: ClassVar[str] = "Déstabiliser"
    kind: Literal["destabiliser"] = "destabiliser"

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Optionally pay I − own Charme cards to make a Stable technique resume its steps."""
        return _steps.destabilise(state, me)


# ---------------------------------------------------------------------------
# Stable
# ---------------------------------------------------------------------------


class Stable(RulesKeyword):
    """Execution pauses here and the technique stays active; `n` is the cost to destabilise it."""

    grammar: ClassVar[str] = 'stable: "Stable" SIGNED_INT?'
    slot: ClassVar[str | None] = None  # named by the rule `step`: a block holds no Stable
    word: ClassVar[str] = "Stable"
    bare: ClassVar[int | None] = 0
    kind: Literal["stable"] = "stable"
    n: Count = 0

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Execution pauses here and the technique stays active; N is its cost."""
        frame.active.cost = self.n
        return "stable"


# ---------------------------------------------------------------------------
# Permanents: they count while their technique is active
# ---------------------------------------------------------------------------


class Permanent(RulesKeyword):
    """A permanent: it counts for `me` while its technique is active."""

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Force, Protection, Vitesse, Charme, S'Empêcher…: count for `me` while the technique is active."""
        state.add_permanent(frame.active, me, self)
        if state.quiet is not True:
            state.emit("permanent", player=me, technique=frame.active.name)
        return "next"


class SignedBonus(Permanent):
    """A signed bonus: "Force +2", "Vitesse −1" on a card, "Vitesse -1" in the commentary."""

    n: Bonus = 1

    def write(self) -> str:
        return f"{self.word} {self.n:+d}".replace("-", MINUS)

    def log_text(self) -> str:
        return f"{self.word} {self.n:+d}"


class Force(SignedBonus):
    """Adds `n` to the damage of the player's Blesser and Se Blesser."""

    grammar: ClassVar[str] = 'force: "Force" SIGNED_INT?'
    word: ClassVar[str] = "Force"
    kind: Literal["force"] = "force"


class Protection(SignedBonus):
    """Takes `n` off the damage the player receives."""

    grammar: ClassVar[str] = 'protection: "Protection" SIGNED_INT?'
    word: ClassVar[str] = "Protection"
    kind: Literal["protection"] = "protection"


class Vitesse(SignedBonus):
    """Adds `n` to the moves of the player's Se Déplacer."""

    grammar: ClassVar[str] = 'vitesse: "Vitesse" SIGNED_INT?'
    word: ClassVar[str] = "Vitesse"
    kind: Literal["vitesse"] = "vitesse"


class Charme(SignedBonus):
    """Takes `n` off the cards the player discards to destabilise."""

    grammar: ClassVar[str] = 'charme: "Charme" SIGNED_INT?'
    word: ClassVar[str] = "Charme"
    kind: Literal["charme"] = "charme"


class SEmpecher(Permanent):
    """The player cannot play a technique (card or basic) of the types `of`: `S'Empêcher Attaque ou Défense`."""

    grammar: ClassVar[str] = """s_empecher: "S'Empêcher" _types"""
    word: ClassVar[str] = "S'Empêcher"
    kind: Literal["s_empecher"] = "s_empecher"
    of: list[TechniqueType] = Field(min_length=1, max_length=5)

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, label=t.text_of(meta), of=_distinct(children))

    def write(self) -> str:
        return f"S'Empêcher {_types(self.of)}"

    log_text = write


class SEmpecherCarte(Permanent):
    """The player cannot play cards (of the types `of`, if any are given); basic techniques stay allowed."""

    grammar: ClassVar[str] = """s_empecher_carte: "S'Empêcher" "Carte" _types?"""
    word: ClassVar[str] = "S'Empêcher Carte"
    kind: Literal["s_empecher_carte"] = "s_empecher_carte"
    of: list[TechniqueType] = Field(default=[], max_length=5)

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, label=t.text_of(meta), of=_distinct(children))

    def write(self) -> str:
        return f"S'Empêcher Carte {_types(self.of)}" if self.of else "S'Empêcher Carte"

    log_text = write


def _distinct(technique_types: list[TechniqueType]) -> list[TechniqueType]:
    """The types as written, each once ("Attaque ou Attaque" is "Attaque")."""
    return list(dict.fromkeys(technique_types))


def _types(types: list[TechniqueType]) -> str:
    """Types joined as printed: "Attaque ou Défense"."""
    return " ou ".join(technique_type.value for technique_type in types)


#: The sign of a negative bonus on a card ("Force −1"); the grammar reads "-" as well.
MINUS = "\N{MINUS SIGN}"

from .conditions import Si  # noqa: E402  (constructs: they hold steps, resolved below)
from .moves import Prendre  # noqa: E402
from .powers import Quand  # noqa: E402
from .counters import PoserJetons, RetirerJetons  # noqa: E402
from .durations import AuProchainTour, JusquA  # noqa: E402

#: The modifiers and keywords of the rules, in their order: each a construct (see `RulesKeyword`).
KEYWORDS = (
    LAdversaireA,
    ToutLeMondeA,
    CorpsACorps,
    Distance,
    Defausser,
    SiPossibleDefausser,
    Blesser,
    SeBlesser,
    Bloquer,
    Piocher,
    Pousser,
    SeDeplacer,
    Rejouer,
    Destabiliser,
    Stable,
    Force,
    Protection,
    Vitesse,
    Charme,
    SEmpecher,
    SEmpecherCarte,
)
#: What a step may hold: every keyword of the rules that is not a modifier, and the constructs of version 2
#: (derived from `KEYWORDS`, so that a new keyword is listed once).
if TYPE_CHECKING:  # a union built from a list is no type to mypy
    Keyword = Any
else:
    Keyword = Annotated[
        Union[tuple(k for k in KEYWORDS if k not in (LAdversaireA, ToutLeMondeA)) + (Si, Prendre, Quand, PoserJetons, RetirerJetons, AuProchainTour, JusquA)],  # noqa: UP007  (a union built from a tuple)
        Field(discriminator="kind"),
    ]
#: The keywords that are conditions, effects, the stable step and permanents.
CONDITIONS = (CorpsACorps, Distance, Defausser)
PERMANENTS = (Force, Protection, Vitesse, Charme, SEmpecher, SEmpecherCarte, Quand)

#: Modifiers one step may have, at most ("Tout le monde a" doubles the runs of a step: 2^3 at most).
MAX_MODIFIERS = 3


class Step(Node):
    """One step of a technique: a keyword, run from the points of view its modifiers say, read left to right."""

    kind: Literal["step"] = "step"
    modifiers: list[Modifier] = Field(default=[], max_length=MAX_MODIFIERS)
    keyword: Keyword

    @property
    def modifier(self) -> LAdversaireA | ToutLeMondeA | None:
        """The first modifier, or None: what a reader that knows a single modifier per step sees."""
        return self.modifiers[0] if self.modifiers else None


def perspectives(step: Step, owner: int) -> list[tuple[int, int]]:
    """The (me, them) points of view a step runs for, by its modifiers, read left to right.

    Each modifier applies to what follows it (its `views` handler, in
    above): `L'adversaire a Tout le monde a X` is "Tout le monde a X" run
    as the opponent's (the opponent first).
    """
    views = [(owner, 1 - owner)]
    modifiers = step.modifiers
    if not modifiers:  # most steps: the owner's point of view alone
        return views
    for modifier in reversed(modifiers):
        views = modifier.views(views)
    return views


class Technique(Node):
    """A technique: a card of a deck, or one of the five basic techniques."""

    kind: Literal["technique"] = "technique"
    name: str = Field(min_length=1, max_length=60)
    type: TechniqueType
    steps: list[Step]


# The constructs that hold steps (a block of "Si", a power's effects) know `Step` now: their modules
# name it, where their validators, built at their first use (`Node`'s `defer_build`), find it.
# (`model_rebuild` would build them here, and every keyword's with them, in every process that
# imports the game, and once more from the leaves up when a file is read: `language/models.py`.)
for _holder in (Si, Quand, AuProchainTour):
    sys.modules[_holder.__module__].Step = Step  # type: ignore[attr-defined]
