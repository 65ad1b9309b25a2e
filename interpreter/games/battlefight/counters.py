"""Tokens on a player, in BattleFight's words: the shared counters (`engine/counters.py`) as steps.

    Poser 2 jetons Charge                        (on the player the step runs for)
    Poser 1 jeton Saignement sur l'adversaire
    Poser 3 jetons Durée sur cette technique     (on the technique in play whose step runs)
    Retirer 2 jetons Charge                      (a condition: fails with fewer, none removed)
    Retirer jusqu'à 2 jetons Charge              (as many as there are, up to 2; never fails)
    Retirer tous les jetons Saignement de l'adversaire

A token's name is one word after "jeton" or "jetons", any word the designer
likes, read whatever its case. A player's tokens stay until a step removes
them, whatever happens to the technique that put them; a technique's leave
play with it (`BattleFightState.deactivate`). They are read by the
quantity `tes jetons Charge` (`quantities.py`: `Blesser 1 pour chaque
jeton Charge`, `Bloquer autant que tes jetons Charge`) and the condition
`tu as au moins 2 jetons Charge` (`conditions.py`). The modifiers apply as
to any step: `[L'adversaire a] Poser 1 jeton Charge` puts it on the opponent.
"""

from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta

from atout.interpreter.engine import counters
from atout.interpreter.language.constructs import Construct

from .quantities import TokenOwner, Whose, read_jetons


def _jetons(n: int | None) -> str:
    return "jeton" if n == 1 else "jetons"


class PoserJetons(TokenOwner, counters.PutCounters):
    """`Poser 2 jetons Charge`, `Poser 1 jeton Saignement sur l'adversaire`: `n` more tokens of that name on a player."""

    grammar: ClassVar[str] = (
        'poser_jetons: "Poser" INT ("jeton" | "jetons") JETON__LINE_TEXT (SUR_L_ADVERSAIRE | SUR_CETTE_TECHNIQUE)?\n'
        "SUR_L_ADVERSAIRE: /sur +l'adversaire/\n"
        "SUR_CETTE_TECHNIQUE: /sur +cette +technique/"
    )
    slot: ClassVar[str | None] = "plain"
    kind: Literal["poser_jetons"] = "poser_jetons"
    whose: Whose = Whose.TOI
    #: True: on the technique that holds this step (`sur cette technique`), until it leaves play.
    technique: bool = False

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        number = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        return t.build(cls, meta, {"n": number}, label=t.text_of(meta), n=int(number), **read_jetons(t, children))

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Put the tokens now; the step is done."""
        state.emit("counters", **self.put(state, frame, me, them))
        return "next"

    def write(self) -> str:
        return f"Poser {self.n} {_jetons(self.n)} {self.name}" + self.whose_text("", " sur cette technique", " sur l'adversaire")


class RetirerJetons(TokenOwner, counters.RemoveCounters):
    """`Retirer 2 jetons Charge`, `Retirer jusqu'à 2 …`, `Retirer tous les …`: tokens taken off a player.

    `Retirer N` is a condition, as `Défausser N` is: with fewer than N
    tokens, none is removed and the technique fails. `Retirer jusqu'à N`
    takes as many as there are, up to N; `Retirer tous les` takes them all;
    neither fails.
    """

    grammar: ClassVar[str] = 'retirer_jetons: "Retirer" (INT | JUSQU_A INT | "tous" "les") ("jeton" | "jetons") JETON__LINE_TEXT (DE_L_ADVERSAIRE | DE_CETTE_TECHNIQUE)?\nJUSQU_A: "jusqu\'à"'
    slot: ClassVar[str | None] = "plain"
    kind: Literal["retirer_jetons"] = "retirer_jetons"
    whose: Whose = Whose.TOI
    #: True: from the technique that holds this step (`de cette technique`).
    technique: bool = False

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        fields = read_jetons(t, children)
        number = next((c for c in children if isinstance(c, Token) and c.type == "INT"), None)
        if number is None:
            return t.build(cls, meta, None, t.text_of(meta), **fields)
        up_to = any(isinstance(c, Token) and c.type == "JUSQU_A" for c in children)
        return t.build(cls, meta, {"n": number}, t.text_of(meta), n=int(number), up_to=up_to, **fields)

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Take the tokens off now; `Retirer N` with fewer than N fails (none removed)."""
        facts = self.remove(state, frame, me, them)
        if facts is not None:
            state.emit("counters", **facts)
        return "fail" if counters.failed(facts) else "next"

    def write(self) -> str:
        how = "tous les" if self.n is None else f"jusqu'à {self.n}" if self.up_to else str(self.n)
        return f"Retirer {how} {_jetons(self.n)} {self.name}" + self.whose_text("", " de cette technique", " de l'adversaire")

    def log_text(self) -> str:
        """As on the card."""
        return self.write()


CONSTRUCTS: tuple[type[Construct], ...] = (PoserJetons, RetirerJetons)
