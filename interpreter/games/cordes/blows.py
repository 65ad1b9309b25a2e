"""What a DEFENSE does to a blow, and what a blow can be: the outcomes and a property.

- `you lose 1 life` (a block) and `you dodge the blow`, the printed outcomes;
- `you turn the blow back` (a DEFENSE's outcome): the blow is countered,
  and its effects apply to its thrower instead ("the opponent" in its text
  is the thrower, "you" the defender);
- `you take the blow` (a DEFENSE's outcome): the blow lands, its effects
  apply as if it were not answered, then the DEFENSE's own effects follow
  (a defense that turns a blow into energy, say);
- `Cannot be countered` (a line of an ATTACK or a RIPOSTE, above its
  effects): its blows are never answered by a DEFENSE or a RIPOSTE.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta

from atout.interpreter.language.constructs import Construct

from .conditions import Conditional
from .effects import Life, target
from .steps import run_effects
from .words import Amount

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from . import ast
    from .state import CordesState


@dataclass(frozen=True, slots=True)
class Blow:
    """A blow in a combat: what a card deals, from `by` to `to`.

    `card` is its type (the name of the card that deals it), `effects` what
    happens if it lands; `counter` is True for a riposte's counter-blow;
    `unstoppable` for the blow of a card that "Cannot be countered".
    """

    card: str
    by: int
    to: int
    effects: "Sequence[ast.Effect]"
    counter: bool = False
    unstoppable: bool = False


class Block(Construct):
    """`you lose 1 life`: the blow is countered, but hurts a little.

    None of the blow's effects apply; instead the player loses
    min(`n`, L) life, where L is the life the blow would have taken from the
    player had it landed (so a blow that takes no life costs nothing).
    """

    grammar: ClassVar[str] = 'block: "you" "lose" INT "life"'
    slot: ClassVar[str | None] = "outcome"
    kind: Literal["block"] = "block"
    n: Amount

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (n,) = children
        return t.build(cls, meta, {"n": n}, t.text_of(meta), n=int(n))

    def run(self, state: "CordesState", player: int, blow: "Blow") -> None:
        """The blow is countered; the player loses min(n, the life the blow would have taken from them)."""
        lost = min(self.n, life_taken(state, blow.effects, blow.by, player))
        state.emit("block", player=player, card=blow.card, lost=lost)
        if lost:
            state.change_life(player, -lost)

    def write(self) -> str:
        return f"you lose {self.n} life"


def life_taken(state: "CordesState", effects: Iterable[Any], by: int, player: int) -> int:
    """The life `effects`, thrown by `by`, would take from `player` if they applied now.

    A life loss counts as it would apply now (a computed amount computed
    now); an `if …:` counts the branch its condition picks now, read as the
    blow reads it (its "you" is the thrower). Nothing is run: the condition
    is read, the state is unchanged and no event is emitted.
    """
    taken = 0
    for effect in effects:
        if isinstance(effect, Life):
            if effect.change < 0 and target(effect, by) == player:
                taken -= effect.now(state, by)
        elif isinstance(effect, Conditional):
            holds = bool(effect.condition.holds(state, by))  # type: ignore[attr-defined]
            taken += life_taken(state, effect.then if holds else effect.otherwise, by, player)
    return taken


class Dodge(Construct):
    """`you dodge the blow`: the blow is countered; none of its effects apply."""

    grammar: ClassVar[str] = 'dodge: "you" "dodge" "the" "blow"'
    slot: ClassVar[str | None] = "outcome"
    kind: Literal["dodge"] = "dodge"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: "CordesState", player: int, blow: "Blow") -> None:
        """The blow is countered; none of its effects apply."""
        state.emit("dodge", player=player, card=blow.card)

    def write(self) -> str:
        return "you dodge the blow"


class TurnBack(Construct):
    """`you turn the blow back`: the blow's effects apply to its thrower instead.

    None of the blow's effects hit the defender: each applies as if the
    defender had thrown the blow at the attacker. The turned blow is not a
    new blow: it cannot be answered.
    """

    grammar: ClassVar[str] = 'turn_back: "you" "turn" "the" "blow" "back"'
    slot: ClassVar[str | None] = "outcome"
    kind: Literal["turn_back"] = "turn_back"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: "CordesState", player: int, blow: "Blow") -> None:
        """The blow is countered and its effects apply with the defender as "you"."""
        state.emit("turn_back", player=player, card=blow.card)
        run_effects(state, blow.effects, player)

    def write(self) -> str:
        return "you turn the blow back"


class TakeTheBlow(Construct):
    """`you take the blow`: the blow lands as if unanswered; the DEFENSE's effects follow."""

    grammar: ClassVar[str] = 'take_the_blow: "you" "take" "the" "blow"'
    slot: ClassVar[str | None] = "outcome"
    kind: Literal["take_the_blow"] = "take_the_blow"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: "CordesState", player: int, blow: "Blow") -> None:
        """The blow's effects apply, its thrower being "you"."""
        if state.quiet is not True:
            state.emit("take", player=player, card=blow.card)
        run_effects(state, blow.effects, blow.by)

    def write(self) -> str:
        return "you take the blow"


class CannotBeCountered(Construct):
    """`Cannot be countered`: the card's blows are never answered by a DEFENSE or a RIPOSTE.

    The target takes each blow the card deals (an ATTACK's, and a RIPOSTE's
    blow as an attack and counter-blow): no answer is asked.
    """

    grammar: ClassVar[str] = 'cannot_be_countered: "Cannot" "be" "countered"'
    slot: ClassVar[str | None] = "property"
    handler: ClassVar[str] = "applies"
    kind: Literal["cannot_be_countered"] = "cannot_be_countered"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def applies(self, card: Any) -> bool:
        """True: the blows of `card` are never answered (the target takes them)."""
        return True

    def write(self) -> str:
        return "Cannot be countered"


CONSTRUCTS: tuple[type[Construct], ...] = (Block, Dodge, TurnBack, TakeTheBlow, CannotBeCountered)
