"""Powers: "Quand tu es poussé : …", a permanent step that reacts to the game, declared in one place.

    Quand tu es poussé : Se Déplacer 1
    Une fois par tour, quand tu es blessé : Bloquer 1 puis Piocher 1
    Une fois par partie, au début de ton tour : Piocher 2

A power is a permanent step: once its step has run, it lasts while its
technique is in play (a Stable technique keeps it), for the technique's
owner. Each time its event happens it fires: its block of steps runs, from
its owner's point of view, as soon as the step that caused the event is over
(at the start of a turn, before the technique of the turn is chosen).

Every chain of powers ends:

- a power never fires while its own block is running, so a power cannot
  set itself off, and a chain of powers is at most as long as the powers in
  play;
- `une fois par tour` / `une fois par partie` limit it further (a technique
  played again is a new power, with its own count);
- validation refuses a power whose block sets off its own event without such
  a limit (E330): it would fire on its own effect if it could.
"""

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.language.constructs import Construct

from .blocks import MAX_BLOCK, write_block
from .quantities import Whose

if TYPE_CHECKING:
    from .ast import Step


class Event(str, Enum):
    """What a power reacts to."""

    POUSSE = "poussé"
    BLESSE = "blessé"
    DEBUT = "début"


class Limit(str, Enum):
    """How often a power may fire."""

    TOUR = "tour"
    PARTIE = "partie"


class Quand(Construct):
    """A power: when `event` happens to `whose` (as seen by the technique's owner), run `block`."""

    grammar: ClassVar[str] = """
quand: (_limite ",")? _declencheur ":" _block
_limite: "une" "fois" "par" (TOUR | PARTIE)
_declencheur: "quand" TU "es" (POUSSE | BLESSE)
            | "quand" "l'adversaire" "est" (POUSSE | BLESSE)
            | "au" "début" "de" TON "tour"
            | "au" "début" "du" "tour" "de" "l'adversaire"
TOUR: "tour"
PARTIE: "partie"
POUSSE: "poussé"
BLESSE: "blessé"
TU: "tu"
TON: "ton"
"""
    slot: ClassVar[str | None] = "compound"
    kind: Literal["quand"] = "quand"
    event: Event
    whose: Whose = Whose.TOI
    limit: Limit | None = None
    block: "list[Step]" = Field(min_length=1, max_length=MAX_BLOCK)

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        tokens = {c.type: c for c in children if isinstance(c, Token)}
        steps = [c for c in children if not isinstance(c, Token)]
        limit = Limit.TOUR if "TOUR" in tokens else Limit.PARTIE if "PARTIE" in tokens else None
        if "POUSSE" in tokens or "BLESSE" in tokens:
            event = Event.POUSSE if "POUSSE" in tokens else Event.BLESSE
            whose = Whose.TOI if "TU" in tokens else Whose.ADVERSAIRE
        else:
            event, whose = Event.DEBUT, Whose.TOI if "TON" in tokens else Whose.ADVERSAIRE
        return t.build(cls, meta, event=event, whose=whose, limit=limit, block=steps)

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """The power is set: it counts for the owner while the technique is in play."""
        state.add_permanent(frame.active, me, self)
        state.emit("power", player=me, technique=frame.active.name)
        return "next"

    def fires_on(self, event: Event, subject: int, owner: int) -> bool:
        """Whether this power, held by `owner`, reacts to `event` happening to `subject`."""
        return self.event is event and subject == (owner if self.whose is Whose.TOI else 1 - owner)

    def trigger(self) -> str:
        """The words of its event: `quand tu es poussé`, `au début de ton tour`."""
        if self.event is Event.DEBUT:
            return "au début de ton tour" if self.whose is Whose.TOI else "au début du tour de l'adversaire"
        who = "tu es" if self.whose is Whose.TOI else "l'adversaire est"
        return f"quand {who} {self.event.value}"

    def write(self) -> str:
        trigger = self.trigger()
        if self.limit is None:
            return f"{trigger[0].upper()}{trigger[1:]} : {write_block(self.block)}"
        return f"Une fois par {self.limit.value}, {trigger} : {write_block(self.block)}"


CONSTRUCTS = (Quand,)
