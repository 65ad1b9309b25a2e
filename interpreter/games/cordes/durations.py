"""Delayed and lasting effects in Dans les Cordes's words: the shared durations (`engine/durations.py`) as constructs.

    At the start of your next turn: +2 energy
    At the start of the opponent's next turn: -1 life to the opponent and -1 card to the opponent, their choice, face down
    This turn only: your attacks cost 1 less
    Until the end of your next turn: the opponent's attacks cost 1 more
    This turn only: your blows deal 1 more damage

A delayed effect acts once, at the next start of that boxer's turn, after
the turn's draw and before the boxer's own powers of the start of the
turn. A lasting modifier holds from the moment the card is played: "this
turn only" ends at the end of the turn being played (after the powers of
the end of the turn), "until the end of your next turn" at the end of the
card's player's next turn. An attack's cost (an ATTACK, or a RIPOSTE
played as an attack; never a counter) is never below 0. A blow that lands
(taken) costs its target that much more life, after its own effects; the
card that begins the modifier does not count it for its own blow.
Both last through a GONG.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.engine import durations
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .conditions import words
from .steps import run_effects
from .words import Who

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState

#: The most a modifier changes a cost or a blow, as printed.
MOST = 5

_MOMENTS = {"your": durations.Moment.YOUR_NEXT_TURN, "the": durations.Moment.OPPONENT_NEXT_TURN}
_UNTILS = {"this": durations.Until.THIS_TURN, "until": durations.Until.UNTIL_YOUR_NEXT_TURN}
_UNTIL_TEXT = {durations.Until.THIS_TURN: "This turn only", durations.Until.UNTIL_YOUR_NEXT_TURN: "Until the end of your next turn"}


def when_text(moment: durations.Moment) -> str:
    """`the start of your next turn`, `the start of the opponent's next turn`."""
    return f"the start of {moment.value}"


class AtNextTurn(durations.DelayedEffect):
    """`At the start of your next turn: +2 energy`: effects kept for the next start of a boxer's turn, run then, once.

    "Your next turn" is the card's player's; "the opponent's next turn" the
    other boxer's. Several effects are joined by `and`; "you" stays the
    card's player.
    """

    grammar: ClassVar[str] = '!delayed: "at" "the" "start" "of" ("your" | "the" "opponent\'s") "next" "turn" ":" _action ("and" _action)*'
    slot: ClassVar[str | None] = "effect"
    kind: Literal["delayed"] = "delayed"
    effects: list[SerializeAsAny[Node]] = Field(min_length=1)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        effects = [c for c in children if not isinstance(c, Token)]
        whose = [str(c).lower() for c in children if isinstance(c, Token)][4]
        return t.build(cls, meta, moment=_MOMENTS[whose], effects=effects)

    def run(self, state: "CordesState", player: int) -> None:
        """Keep the effects for their moment (nothing else happens now)."""
        state.emit("duration", **self.keep(state, player, when_text(self.moment)))

    def act(self, state: "CordesState", player: int) -> None:
        """The moment has come: the effects, in order ("you" is the card's player)."""
        run_effects(state, self.effects, player)

    def may_decide(self) -> bool:
        """Keeping effects poses no decision."""
        return False

    def effects_text(self) -> str:
        return " and ".join(e.write() for e in self.effects)  # type: ignore[attr-defined]

    def write(self) -> str:
        return f"At {when_text(self.moment)}: {self.effects_text()}"


class ForAWhile(durations.LastingEffect):
    """`This turn only: your attacks cost 1 less`: a modifier that holds until the end of a turn.

    `This turn only` ends at the end of the turn being played; `Until the
    end of your next turn` at the end of the card's player's next turn.
    """

    grammar: ClassVar[str] = '!lasting: ("this" "turn" "only" | "until" "the" "end" "of" "your" "next" "turn") ":" _modifier'
    slot: ClassVar[str | None] = "effect"
    kind: Literal["lasting"] = "lasting"
    UNTIL_WORDS: ClassVar[dict[durations.Until, str]] = {durations.Until.THIS_TURN: "this turn", durations.Until.UNTIL_YOUR_NEXT_TURN: "the end of your next turn"}
    modifier: SerializeAsAny[Node]

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        first = next(str(c).lower() for c in children if isinstance(c, Token))
        modifier = next(c for c in children if not isinstance(c, Token))
        return t.build(cls, meta, until=_UNTILS[first], modifier=modifier)

    def run(self, state: "CordesState", player: int) -> None:
        """The modifier holds from now."""
        state.emit("duration", **self.begin(state, player, state.current))

    def may_decide(self) -> bool:
        """A modifier poses no decision."""
        return False

    def modifier_text(self) -> str:
        return str(self.modifier.write())  # type: ignore[attr-defined]

    def write(self) -> str:
        return f"{_UNTIL_TEXT[self.until]}: {self.modifier_text()}"


def _number(children: list[Any]) -> Token:
    return next(c for c in children if isinstance(c, Token) and c.type == "INT")


class AttackCost(Construct):
    """`your attacks cost 1 less`, `the opponent's attacks cost 1 more`: a boxer's attacks cost that much less or more.

    An attack is an ATTACK, or a RIPOSTE played as an attack (a counter
    costs what it says); a cost never falls below 0.
    """

    grammar: ClassVar[str] = '!attack_cost: ("your" | "the" "opponent\'s") "attacks" "cost" INT ("less" | "more")'
    slot: ClassVar[str | None] = "modifier"
    handler: ClassVar[str] = "change"
    kind: Literal["attack_cost"] = "attack_cost"
    who: Who = Who.YOU
    n: int = Field(ge=1, le=MOST)
    more: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        text = words(children)
        number = _number(children)
        who = Who.YOU if text.startswith("your") else Who.OPPONENT
        return t.build(cls, meta, {"n": number}, who=who, n=int(number), more=text.endswith("more"))

    def change(self, player: int, seat: int) -> int:
        """How much `seat`'s attacks cost more (negative: less), when "you" is `player`."""
        named = player if self.who is Who.YOU else 1 - player
        return 0 if named != seat else self.n if self.more else -self.n

    def write(self) -> str:
        whose = "your" if self.who is Who.YOU else "the opponent's"
        return f"{whose} attacks cost {self.n} {'more' if self.more else 'less'}"


class BlowDamage(Construct):
    """`your blows deal 1 more damage`: each blow of the boxer that lands costs its target that much more life."""

    grammar: ClassVar[str] = '!blow_damage: "your" "blows" "deal" INT "more" "damage"'
    slot: ClassVar[str | None] = "modifier"
    handler: ClassVar[str] = "change"
    kind: Literal["blow_damage"] = "blow_damage"
    n: int = Field(ge=1, le=MOST)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        number = _number(children)
        return t.build(cls, meta, {"n": number}, n=int(number))

    def change(self, player: int, seat: int) -> int:
        """How much more life a blow of `seat` costs its target, when "you" is `player`."""
        return self.n if seat == player else 0

    def write(self) -> str:
        return f"your blows deal {self.n} more damage"


def attack_cost_change(state: "CordesState", seat: int) -> int:
    """How much `seat`'s attacks cost more (negative: less) now, by the lasting modifiers."""
    return sum(m.change(player, seat) for player, m in state.durations.modifiers() if isinstance(m, AttackCost))


def blow_damage_change(state: "CordesState", seat: int) -> int:
    """How much more life a blow of `seat` that lands costs now, by the lasting modifiers."""
    return sum(m.change(player, seat) for player, m in state.durations.modifiers() if isinstance(m, BlowDamage))


def turn_starts(state: "CordesState", seat: int) -> None:
    """`seat`'s turn starts: the delayed effects due act, in the order kept, each told first."""
    state.durations, due = state.durations.due(seat)
    for entry in due:
        state.then(_act, entry)
    if due:
        state.then(state.check_ko)


def _act(state: "CordesState", entry: durations.Delayed) -> None:
    """One delayed effect acts now: told, then its effects run."""
    state.emit("duration", **durations.acts_facts(entry, when_text(entry.effect.moment)))
    entry.effect.act(state, entry.player)


def turn_ends(state: "CordesState", seat: int) -> None:
    """`seat`'s turn ends: the lasting modifiers counted down, each that ends told."""
    state.durations, ended = state.durations.turn_ended(seat)
    for entry in ended:
        state.emit("duration", **durations.ended_facts(entry))


CONSTRUCTS: tuple[type[Construct], ...] = (AtNextTurn, ForAWhile, AttackCost, BlowDamage)
