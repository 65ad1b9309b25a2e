"""Delayed and lasting effects in BattleFight's words: the shared durations (`engine/durations.py`) as steps.

    Au début de ton prochain tour : Blesser 2 puis Piocher 1
    Au début du prochain tour de l'adversaire : Si Possible Défausser 1
    Jusqu'à la fin du tour : Force +2
    Jusqu'à la fin de ton prochain tour : Protection +1

A delayed step keeps its block for the next start of a turn of that player;
the block runs then, once, as the technique's own steps would, from the
point of view of the player the step ran for (a condition that fails stops
the block), after the powers of the start of that turn and before its
technique is chosen. A lasting step adds its bonus (Force, Protection,
Vitesse, Charme) to the player it runs for, whatever becomes of its
technique: "du tour" until the end of the turn being played, "de ton
prochain tour" until the end of that player's next turn. The modifiers
apply as to any step: `Tout le monde a Jusqu'à la fin du tour : Vitesse
-1` slows both players.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.engine import durations
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .blocks import MAX_BLOCK, write_block, write_part

if TYPE_CHECKING:
    from .ast import Step
    from .state import BattleFightState

_WHEN = {
    durations.Moment.YOUR_NEXT_TURN: "au début de ton prochain tour",
    durations.Moment.OPPONENT_NEXT_TURN: "au début du prochain tour de l'adversaire",
}


class AuProchainTour(durations.DelayedEffect):
    """`Au début de ton prochain tour : Blesser 2`: a block kept for the next start of a player's turn, run then, once."""

    grammar: ClassVar[str] = """
differe: "au" "début" "de" TON "prochain" "tour" ":" _block
       | "au" "début" "du" "prochain" "tour" "de" "l'adversaire" ":" _block
"""
    slot: ClassVar[str | None] = "compound"
    kind: Literal["differe"] = "differe"
    block: "list[Step]" = Field(min_length=1, max_length=MAX_BLOCK)

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        tokens = [c for c in children if isinstance(c, Token)]
        steps = [c for c in children if not isinstance(c, Token)]
        moment = durations.Moment.YOUR_NEXT_TURN if any(c.type == "TON" for c in tokens) else durations.Moment.OPPONENT_NEXT_TURN
        return t.build(cls, meta, moment=moment, block=steps)

    def run(self, state: "BattleFightState", frame: Any, me: int, them: int) -> str:
        """Keep the block for its moment, with the technique that keeps it; the step is done."""
        state.emit("duration", **self.keep(state, me, _WHEN[self.moment], frame.active.technique))
        return "next"

    def effects_text(self) -> str:
        return write_block(self.block)

    def write(self) -> str:
        when = _WHEN[self.moment]
        return f"{when[0].upper()}{when[1:]} : {self.effects_text()}"


class JusquA(durations.LastingEffect):
    """`Jusqu'à la fin du tour : Force +2`: a bonus for the player the step runs for, until the end of a turn."""

    grammar: ClassVar[str] = """
jusqu_a: "jusqu'à" "la" "fin" ("du" "tour" | "de" TON "prochain" "tour") ":" _bonus_lasting
_bonus_lasting: force | protection | vitesse | charme
"""
    slot: ClassVar[str | None] = "plain"
    kind: Literal["jusqu_a"] = "jusqu_a"
    UNTIL_WORDS: ClassVar[dict[durations.Until, str]] = {
        durations.Until.THIS_TURN: "jusqu'à la fin du tour",
        durations.Until.UNTIL_YOUR_NEXT_TURN: "jusqu'à la fin de ton prochain tour",
    }
    modifier: SerializeAsAny[Node]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        tokens = [c for c in children if isinstance(c, Token)]
        until = durations.Until.UNTIL_YOUR_NEXT_TURN if any(c.type == "TON" for c in tokens) else durations.Until.THIS_TURN
        modifier = next(c for c in children if not isinstance(c, Token))
        return t.build(cls, meta, until=until, modifier=modifier)

    def run(self, state: "BattleFightState", frame: Any, me: int, them: int) -> str:
        """The bonus counts for `me` from now; the step is done."""
        state.emit("duration", **self.begin(state, me, state.current))
        state.lasting_bonus(me, self.modifier, 1)
        return "next"

    def modifier_text(self) -> str:
        return write_part(self.modifier, log=True)

    def write(self) -> str:
        words = self.UNTIL_WORDS[self.until]
        return f"{words[0].upper()}{words[1:]} : {write_part(self.modifier)}"

    def log_text(self) -> str:
        """As the commentary prints it: the bonus with an ASCII sign."""
        words = self.UNTIL_WORDS[self.until]
        return f"{words[0].upper()}{words[1:]} : {self.modifier_text()}"


def turn_starts(state: "BattleFightState", seat: int) -> list[durations.Delayed]:
    """`seat`'s turn starts: the delayed blocks due, each told (the state runs them)."""
    state.durations, due = state.durations.due(seat)
    for entry in due:
        state.emit("duration", **durations.acts_facts(entry, _WHEN[entry.effect.moment]))
    return list(due)


def turn_ends(state: "BattleFightState", seat: int) -> None:
    """`seat`'s turn ends: the lasting bonuses counted down; each that ends is told and counts no more."""
    state.durations, ended = state.durations.turn_ended(seat)
    for entry in ended:
        state.lasting_bonus(entry.player, entry.effect.modifier, -1)
        state.emit("duration", **durations.ended_facts(entry))


CONSTRUCTS: tuple[type[Construct], ...] = (AuProchainTour, JusquA)
