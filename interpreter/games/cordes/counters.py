"""Tokens on a boxer, in Dans les Cordes's words: the shared counters (`engine/counters.py`) as constructs.

    put 1 bleed token on the opponent
    remove 1 bleed token from the opponent      (exactly 1: none if there is none)
    remove up to 2 bleed tokens from you        (as many as there are, up to 2)
    remove all bleed tokens from the opponent
    -1 energy to the opponent for each bleed token on the opponent
    if the opponent has at least 2 bleed tokens: -1 life to the opponent

A token's name is one word before "token" or "tokens", any word the
designer likes ("bleed", "charge", "rage"); it is read whatever its case.
"On you" and "from you" may be left out. What a power of a boxer does with
them at the start of a turn (`At the start of the opponent's turn: …`) is
in `powers.py`. Tokens stay until an effect removes them, rounds and GONGs
included.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta

from atout.interpreter.engine import counters
from atout.interpreter.language.constructs import Construct

from .conditions import COMPARISONS, words
from .words import Who

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState

#: A token's name: one word, read only where "token" or "tokens" follows it (so "life" and "energy" stay keywords).
NAME_TERMINAL = "TOKEN_NAME.2: /[a-z][a-z0-9'-]*(?= +tokens?\\b)/"


def _name(t: "UnitTransformer", children: list[Any]) -> str:
    """The token's name as the card writes it."""
    token = next(c for c in children if isinstance(c, Token) and c.type == "TOKEN_NAME")
    return t.original(token)


def _number(children: list[Any]) -> Token | None:
    return next((c for c in children if isinstance(c, Token) and c.type == "INT"), None)


def _int(children: list[Any]) -> Token:
    """The number the rule requires."""
    number = _number(children)
    if number is None:
        raise ValueError("the rule reads a number here")
    return number


def _who(children: list[Any], after: str) -> Who:
    """Whose tokens: the words after `after` ("on", "from") name "the opponent", or else "you"."""
    text = f" {words(children)} "
    return Who.OPPONENT if f" {after} the opponent " in text else Who.YOU


def _tokens(n: int) -> str:
    return "token" if n == 1 else "tokens"


class _Boxer:
    """The owner is a boxer: "you" (the player of the card) or the opponent."""

    who: Who

    def owner(self, state: Any, *context: Any) -> counters.Owner:
        """The boxer `who` names when "you" is the player of the card (`context`: that player)."""
        (player,) = context
        return counters.on_player(player if self.who is Who.YOU else 1 - player)


class PutTokens(_Boxer, counters.PutCounters):
    """`put 1 bleed token on the opponent`: `n` more tokens of that name on a boxer ("on you" if unwritten)."""

    grammar: ClassVar[str] = '!put_tokens: "put" INT TOKEN_NAME ("token" | "tokens") ("on" ("you" | "the" "opponent"))?\n' + NAME_TERMINAL
    slot: ClassVar[str | None] = "action"
    kind: Literal["put_tokens"] = "put_tokens"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        number = _int(children)
        return t.build(cls, meta, {"n": number}, t.text_of(meta), n=int(number), name=_name(t, children), who=_who(children, "on"))

    def run(self, state: "CordesState", player: int) -> None:
        """Put the tokens on the boxer now."""
        state.emit("counters", **self.put(state, player))

    def may_decide(self) -> bool:
        """Tokens put pose no decision."""
        return False

    def write(self) -> str:
        on = " on the opponent" if self.who is Who.OPPONENT else ""
        return f"put {self.n} {self.name} {_tokens(self.n)}{on}"


class RemoveTokens(_Boxer, counters.RemoveCounters):
    """`remove 1 bleed token from the opponent`, `remove up to 2 …`, `remove all …`: tokens taken off a boxer.

    `remove N` takes exactly N, or none when the boxer holds fewer; `remove
    up to N` as many as there are, up to N; `remove all` every one.
    """

    grammar: ClassVar[str] = '!remove_tokens: "remove" (INT | "up" "to" INT | "all") TOKEN_NAME ("token" | "tokens") ("from" ("you" | "the" "opponent"))?'
    slot: ClassVar[str | None] = "action"
    kind: Literal["remove_tokens"] = "remove_tokens"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        number = _number(children)
        fields: dict[str, Any] = {"name": _name(t, children), "who": _who(children, "from")}
        if number is None:
            return t.build(cls, meta, None, t.text_of(meta), **fields)
        return t.build(cls, meta, {"n": number}, t.text_of(meta), n=int(number), up_to=" up to " in f" {words(children)} ", **fields)

    def run(self, state: "CordesState", player: int) -> None:
        """Take the tokens off the boxer now (exactly N: none when there are fewer)."""
        facts = self.remove(state, player)
        if facts is not None:
            state.emit("counters", **facts)

    def may_decide(self) -> bool:
        """Tokens removed pose no decision."""
        return False

    def write(self) -> str:
        how = "all" if self.n is None else f"up to {self.n}" if self.up_to else str(self.n)
        plural = self.n is None or self.n > 1
        source = " from the opponent" if self.who is Who.OPPONENT else ""
        return f"remove {how} {self.name} {'tokens' if plural else 'token'}{source}"


class TokensOn(_Boxer, counters.CountersOn):
    """`the bleed tokens on the opponent`: how many tokens of that name a boxer holds now (a quantity).

    Counted by `for each bleed token on the opponent`, compared by `the
    bleed tokens on you are at least 2`, given by `as many as the bleed
    tokens on you`.
    """

    grammar: ClassVar[str] = '!tokens_on: "the"? TOKEN_NAME ("token" | "tokens") "on" ("you" | "the" "opponent")'
    slot: ClassVar[str | None] = "quantity"
    unit: ClassVar[str] = ""
    kind: Literal["tokens_on"] = "tokens_on"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, name=_name(t, children), who=_who(children, "on"))

    def write(self) -> str:
        return f"the {self.name} tokens {self.place()}"

    def place(self) -> str:
        """`on you`, `on the opponent`."""
        return "on the opponent" if self.who is Who.OPPONENT else "on you"


_COMPARISON_WORDS = {comparison: text for text, comparison in COMPARISONS.items()}


class HasTokens(_Boxer, counters.HasCounters):
    """`the opponent has at least 2 bleed tokens`, `you have 1 charge token`: a boxer's tokens against a number.

    `at least`, `at most`, or nothing (exactly).
    """

    grammar: ClassVar[str] = '!has_tokens: ("you" "have" | "the" "opponent" "has") ("at" "least" | "at" "most")? INT TOKEN_NAME ("token" | "tokens")'
    slot: ClassVar[str | None] = "condition"
    kind: Literal["has_tokens"] = "has_tokens"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        text = words(children)
        number = _int(children)
        comparison = COMPARISONS["at least" if " at least " in f" {text} " else "at most" if " at most " in f" {text} " else ""]
        who = Who.YOU if text.startswith("you") else Who.OPPONENT
        return t.build(cls, meta, {"n": number}, comparison=comparison, n=int(number), name=_name(t, children), who=who)

    def write(self) -> str:
        subject = "you have" if self.who is Who.YOU else "the opponent has"
        word = _COMPARISON_WORDS[self.comparison]
        return f"{subject} {word + ' ' if word else ''}{self.n} {self.name} {_tokens(self.n)}"


CONSTRUCTS: tuple[type[Construct], ...] = (PutTokens, RemoveTokens, TokensOn, HasTokens)
