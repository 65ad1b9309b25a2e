"""A boxer's powers: a CHARACTER card's lines, each a trigger, an optional limit and effects.

    == Lewis ==
    CHARACTER
    At the start of your turn, once per round: if your life is less than the opponent's life: +1 energy
    When you spit a card, once per turn: +1 life

A power fires when its trigger happens to its boxer ("you" is the boxer's
player), and its effects apply in order. A limit (`once per turn`, `once
per round`, `once per fight`) lets it fire once in that time.

Whatever a designer writes ends:

- at most `MAX_FIRINGS` powers fire in all between two decisions of the
  game, and at most `MAX_FIRINGS_PER_TURN` in a turn (two boxers whose
  powers answer each other stop there, and the commentary says so);
- `When you lose life` fires only when life is lost (a boxer at 0 loses no
  more);
- a power whose own effects would fire it again at once (`When you lose
  life: -1 life`) must have a limit: the card is refused (E410) otherwise.
"""

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .effects import Life
from .steps import may_decide, run_effects
from .words import Who

if TYPE_CHECKING:
    from atout.interpreter.language.checks import Reporter
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState

#: How many powers may fire, in all, between two decisions of the game.
MAX_FIRINGS = 6
#: How many powers may fire, in all, in one turn (decisions between them or not).
MAX_FIRINGS_PER_TURN = 20


class Trigger(str, Enum):
    """What makes a power fire, as printed."""

    START_OF_TURN = "At the start of your turn"
    END_OF_TURN = "At the end of your turn"
    #: The other boxer's turn starts (after their own powers of the start of their turn).
    START_OF_OPPONENT_TURN = "At the start of the opponent's turn"
    SPIT = "When you spit a card"
    TAKE_BLOW = "When you take a blow"
    BLOW_LANDS = "When your blow lands"
    COUNTER = "When you counter a blow"
    LOSE_LIFE = "When you lose life"
    GONG = "When the GONG rings"


class Limit(str, Enum):
    """How often a power may fire, as printed."""

    TURN = "once per turn"
    ROUND = "once per round"
    FIGHT = "once per fight"


_TRIGGERS = {trigger.value.lower(): trigger for trigger in Trigger}
_LIMITS = {limit.value: limit for limit in Limit}


class Power(Construct):
    """`At the start of your turn, once per round: +1 energy`: a boxer's power.

    When `trigger` happens to the boxer, and its `limit` (if any) has not
    been reached, `effects` apply in order, "you" being the boxer's player.
    A trigger that happens in the middle of something (a blow's effects, a
    spit) fires once that is over: `When you take a blow` after the blow's
    effects; `When you counter a blow` after the counter (and a riposte's
    counter-blow); `When the GONG rings` before the round's bonus. Several
    powers of one boxer with the same trigger fire in the order written.
    """

    grammar: ClassVar[str] = (
        '!power: _trigger ("," "once" "per" ("turn" | "round" | "fight"))? ":" _effect (";" _effect)*\n'
        '!_trigger: "at" "the" ("start" | "end") "of" "your" "turn" | "at" "the" "start" "of" "the" "opponent\'s" "turn"\n'
        '    | "when" "you" ("spit" "a" "card" | "take" "a" "blow" | "counter" "a" "blow" | "lose" "life")\n'
        '    | "when" "your" "blow" "lands" | "when" "the" "GONG" "rings"'
    )
    kind: Literal["power"] = "power"
    trigger: Trigger
    limit: Limit | None = None
    effects: list[SerializeAsAny[Node]] = Field(min_length=1)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        head: list[str] = []
        effects: list[Any] = []
        for child in children:
            if isinstance(child, Token):
                if not effects:
                    head.append(str(child))
            else:
                effects.append(child)
        text = " ".join(head).split(":")[0].strip()
        trigger_text, _, limit_text = text.partition(" , ")
        return t.build(cls, meta, trigger=_TRIGGERS[trigger_text.strip()], limit=_LIMITS.get(limit_text.strip()), effects=effects)

    def run(self, state: "CordesState", player: int) -> None:
        """The power's effects, in order ("you" is the boxer's player)."""
        run_effects(state, self.effects, player)

    def write(self) -> str:
        """The trigger, the limit and the effects, each effect written by itself (effects are constructs)."""
        limit = f", {self.limit.value}" if self.limit else ""
        return f"{self.trigger.value}{limit}: " + "; ".join(effect.write() for effect in self.effects)  # type: ignore[attr-defined]


CONSTRUCTS: tuple[type[Construct], ...] = (Power,)


# ---------------------------------------------------------------------------
# Firing powers (the state calls `fire` where a trigger happens)
# ---------------------------------------------------------------------------


def powers_of(state: "CordesState", seat: int) -> list[Power]:
    """The powers of a seat's boxer (none before the boxers are chosen)."""
    boxer = state.seats[seat].boxer
    if boxer is None:
        return []
    return getattr(state.game.box[boxer], "powers", [])


def has_trigger(state: "CordesState", seat: int, trigger: Trigger) -> bool:
    """Whether the seat's boxer has a power with this trigger."""
    return any(power.trigger is trigger for power in powers_of(state, seat))


def fire(state: "CordesState", seat: int, trigger: Trigger) -> None:
    """The seat's powers with this trigger fire, each once its turn comes (scheduled in the order written)."""
    for index, power in enumerate(powers_of(state, seat)):
        if power.trigger is trigger:
            state.then(_use, seat, index)


def _period(state: "CordesState", limit: Limit) -> int:
    """Which turn, round or fight it is: a power limited to it fires once per value."""
    if limit is Limit.TURN:
        return state.turn
    if limit is Limit.ROUND:
        return state.gongs
    return 0


def _use(state: "CordesState", seat: int, index: int) -> None:
    """A power fires, if its limit and the bound on firings let it."""
    power = powers_of(state, seat)[index]
    boxer = state.game.names[state.seats[seat].boxer]  # type: ignore[index]
    used = state.seats[seat].used
    if power.limit is not None and used.get(index) == _period(state, power.limit):
        return
    action = state._actions.actions if state._actions is not None else 0
    stamp, count, turn, in_turn = state.fired
    count = count + 1 if stamp == action else 1
    in_turn = in_turn + 1 if turn == state.turn else 1
    if count > MAX_FIRINGS or in_turn > MAX_FIRINGS_PER_TURN:
        most, per = (MAX_FIRINGS, "action") if count > MAX_FIRINGS else (MAX_FIRINGS_PER_TURN, "turn")
        state.emit("power_held", player=seat, boxer=boxer, trigger=power.trigger.value, most=most, per=per)
        return
    state.fired = (action, count, state.turn, in_turn)
    if power.limit is not None:
        used[index] = _period(state, power.limit)
    state.emit("power", player=seat, boxer=boxer, trigger=power.trigger.value, limit=power.limit.value if power.limit else None)
    power.run(state, seat)
    if may_decide(power.effects):
        state.then(_used, seat)
    else:
        _used(state, seat)


def _used(state: "CordesState", seat: int) -> None:
    """A KO a power dealt outside a combat ends the game now (in a combat, at its end, as for blows)."""
    if not state.in_combat:
        state.check_ko()


# ---------------------------------------------------------------------------
# What can be seen never to end
# ---------------------------------------------------------------------------


def _effects_within(effects: list[Any]) -> list[Any]:
    """Every effect of a list, those of conditionals' branches included."""
    found = []
    for effect in effects:
        found.append(effect)
        found += _effects_within(list(getattr(effect, "then", [])) + list(getattr(effect, "otherwise", [])))
    return found


def fires_itself(power: Power) -> bool:
    """True when the power's own effects make its trigger happen again at once, with no end."""
    if power.trigger is not Trigger.LOSE_LIFE:
        return False
    return any(isinstance(effect, Life) and effect.change < 0 and effect.who is Who.YOU for effect in _effects_within(power.effects))


def check_powers(card: Any, report: "Reporter") -> None:
    """A power that fires itself with no limit can be seen never to end: refused (E410)."""
    for power in getattr(card, "powers", []):
        if power.limit is None and fires_itself(power):
            report.report(
                "E410",
                f'"{power.trigger.value}" with effects that make you lose life fires itself again and again: add a limit ("once per turn", "once per round" or "once per fight")',
                power.span,
            )
