"""What else a blow can meet, and what a blow can be: two outcomes of a DEFENSE and a property.

- `you turn the blow back` (a DEFENSE's outcome): the blow is countered,
  and its effects apply to its thrower instead ("the opponent" in its text
  is the thrower, "you" the defender);
- `you take the blow` (a DEFENSE's outcome): the blow lands, its effects
  apply as if it were not answered, then the DEFENSE's own effects follow
  (a defense that turns a blow into energy, say);
- `Cannot be countered` (a line of an ATTACK or a RIPOSTE, above its
  effects): its blows are never answered by a DEFENSE or a RIPOSTE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta

from atout.interpreter.language.constructs import Construct

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import Blow, CordesState


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
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: CordesState, player: int, blow: Blow) -> None:
        """The blow is countered and its effects apply with the defender as "you"."""
        from . import steps

        state.emit("turn_back", player=player, card=blow.card)
        steps.run_effects(state, blow.effects, player)

    def write(self) -> str:
        return "you turn the blow back"


class TakeTheBlow(Construct):
    """`you take the blow`: the blow lands as if unanswered; the DEFENSE's effects follow."""

    grammar: ClassVar[str] = 'take_the_blow: "you" "take" "the" "blow"'
    slot: ClassVar[str | None] = "outcome"
    kind: Literal["take_the_blow"] = "take_the_blow"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: CordesState, player: int, blow: Blow) -> None:
        """The blow's effects apply, its thrower being "you"."""
        from . import steps

        state.emit("take", player=player, card=blow.card)
        steps.run_effects(state, blow.effects, blow.by)

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
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def applies(self, card: Any) -> bool:
        """True: the blows of `card` are never answered (the target takes them)."""
        return True

    def write(self) -> str:
        return "Cannot be countered"


CONSTRUCTS: tuple[type[Construct], ...] = (TurnBack, TakeTheBlow, CannotBeCountered)
