"""Building a unit's AST while it is parsed, with the positions taken from its tokens.

The plain way to read a unit is in two passes: Lark's LALR parser builds a
parse tree, keeping the place of each of its nodes (`propagate_positions`),
then the game's `UnitTransformer` walks the tree into pydantic nodes. Here
the parser calls the transformer's methods itself, at each reduction, on
the values already built: no parse tree, no second walk, and the place of
a rule is read from its first and last tokens (carried beside each value)
when its method asks for it.

Lark can do this for LALR (`Lark(..., transformer=...)`), but not for a
method that takes the node's place (`v_args(meta=True)`, refused with
`NotImplementedError`): every game's methods take it, for their spans.
So the callbacks are made here, shaping each rule's children as Lark's
tree builder does (`_rule`s inlined, anonymous tokens filtered out,
`?rule`s with one child replaced by it) and computing the place as its
`propagate_positions` does (a node runs from the start of its first child's
*container* to the end of its last's; a container is the text a child's
rule covered, tokens that were filtered out included). Lark's own parse
table, lexer and LALR loop do the parsing.

What comes out is exactly what the two passes give, or nothing: a unit that
has a syntax error, a number too long, clauses nested too deeply
(`loader.MAX_DIGITS`, `loader.MAX_NESTING`), or any exception in a method,
is given up (`build` returns `FAILED`), and the loader reads it the plain
way, which says what is wrong as it always did. The caller drops the
diagnostics the methods reported for a unit given up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from lark import Lark, Token, Transformer
from lark.lexer import LexerThread
from lark.parsers.lalr_parser import _Parser
from lark.tree import Meta
from lark.visitors import _vargs_inline

from .transform import UnitTransformer

#: What `UnitBuilder.build` returns for a unit it gave up.
FAILED: Final = object()


class _GiveUp(Exception):
    """A unit the plain two passes must read (a number too long, clauses nested too deeply)."""


class _Built:
    """A value on the parser's stack, with the first and last tokens of the text it covers.

    `first`/`last` are those of the rule's *container* (what Lark's
    `propagate_positions` calls `container_line`…), None for a rule that
    matched no text; `height` is the height of the parse tree's node it
    stands for (a token is 0); `children` is set for an inlined `_rule`:
    the children its parent takes in its place.
    """

    __slots__ = ("value", "first", "last", "height", "children")

    def __init__(self, value: Any, first: Token | None, last: Token | None, height: int, children: list[Any] | None = None) -> None:
        self.value = value
        self.first = first
        self.last = last
        self.height = height
        self.children = children


def _meta(first: Token | None, last: Token | None) -> Meta:
    """The place of a node as Lark's `propagate_positions` gives it, from its first and last tokens."""
    meta = Meta()
    if first is not None:
        meta.line, meta.column, meta.start_pos = first.line, first.column, first.start_pos  # type: ignore[assignment]
        meta.empty = False
    if last is not None:
        meta.end_line, meta.end_column, meta.end_pos = last.end_line, last.end_column, last.end_pos  # type: ignore[assignment]
        meta.empty = False
    return meta


def _digits(token: str) -> int:
    """How many digits a token that is a number has (a sign and spaces aside); 0 if it is not one."""
    digits = token.strip().lstrip("+-")
    return len(digits) if digits.isascii() and digits.isdigit() else 0


class UnitBuilder:
    """One grammar's parser, calling one transformer's methods as it reduces."""

    def __init__(self, parser: Lark, transformer: UnitTransformer, max_digits: int, max_nesting: int) -> None:
        self.lark = parser
        self.transformer = transformer
        self.max_digits = max_digits
        self.max_nesting = max_nesting
        frontend = parser.parser
        lalr = frontend.parser.parser
        self._lexer = frontend.lexer
        self._tokens: dict[str, Callable[[Token], Any] | None] = {}
        callbacks = {rule: self._callback(rule) for rule in lalr.callbacks}
        self._parser = _Parser(lalr.parse_table, callbacks)

    @staticmethod
    def supports(transformer: UnitTransformer) -> bool:
        """Whether a transformer's walk is Lark's own (so that calling its methods here gives the same)."""
        kind = type(transformer)
        return (
            kind.__default__ is Transformer.__default__
            and kind.__default_token__ is Transformer.__default_token__
            and kind.transform is Transformer.transform
            and kind._call_userfunc is Transformer._call_userfunc
            and kind._call_userfunc_token is Transformer._call_userfunc_token
            and kind._transform_children is Transformer._transform_children
        )

    def build(self, text: str, start: str) -> Any:
        """The unit's node, as the transformer would make it from its parse tree; `FAILED` when given up."""
        try:
            result = self._parser.parse(LexerThread.from_text(self._lexer, text), start)
        except Exception:  # noqa: BLE001 - the plain way says what is wrong, as it always did
            return FAILED
        if type(result) is _Built:
            return result.value
        return FAILED  # a start rule that is one token: not among atout's, left to the plain way

    # -- the callbacks -----------------------------------------------------

    def _token(self, token: Token) -> Any:
        """A token the tree keeps, as the transformer's walk gives it to a method."""
        if len(token) > self.max_digits and _digits(token) > self.max_digits:
            raise _GiveUp
        if not self.transformer.__visit_tokens__:
            return token
        try:
            handler = self._tokens[token.type]
        except KeyError:
            handler = self._tokens[token.type] = getattr(self.transformer, token.type, None)
        return token if handler is None else handler(token)

    def _callback(self, rule: Any) -> Callable[[list[Any]], Any]:
        """What the parser calls when it reduces `rule`: Lark's tree shaping, then the rule's method."""
        expansion = rule.expansion
        keep_all = rule.options.keep_all_tokens
        shape = [
            (index, not symbol.is_term and symbol.name.startswith("_"))
            for index, symbol in enumerate(expansion)
            if keep_all or not (symbol.is_term and symbol.filter_out)
        ]
        filtering = len(shape) < len(expansion) or any(inline for _, inline in shape)
        single = bool(rule.options.expand1) and not rule.alias
        name = rule.alias or rule.options.template_source or rule.origin.name
        inlined = rule.origin.name.startswith("_")
        transformer = self.transformer
        method = None if inlined else getattr(transformer, name, None)
        wrapper = getattr(method, "visit_wrapper", None)
        token = self._token
        max_nesting = self.max_nesting

        def callback(raw: list[Any]) -> Any:
            first = last = None
            for child in raw:
                first = child.first if type(child) is _Built else child
                if first is not None:
                    break
            for child in reversed(raw):
                last = child.last if type(child) is _Built else child
                if last is not None:
                    break
            if filtering:
                children: list[Any] = []
                for index, inline in shape:
                    if inline:
                        children += raw[index].children
                    else:
                        children.append(raw[index])
            else:
                children = raw
            if inlined:
                return _Built(None, first, last, 0, children)
            if single and len(children) == 1:
                only = children[0]
                if type(only) is _Built:
                    if only.first is None and first is not None:
                        raise _GiveUp  # Lark would give the child's empty place the container's
                    only.first, only.last = first, last
                return only
            height = 0
            values = []
            for child in children:
                if type(child) is _Built:
                    if child.height > height:
                        height = child.height
                    values.append(child.value)
                else:
                    values.append(token(child))
            height += 1
            if height > max_nesting:
                raise _GiveUp
            if method is None:
                value = transformer.__default__(name, values, _meta(first, last))
            elif wrapper is None:
                value = method(values)
            elif wrapper is _vargs_inline:
                value = method(*values)
            else:
                value = wrapper(method, name, values, _meta(first, last))
            return _Built(value, first, last, height)

        return callback


__all__ = ["FAILED", "UnitBuilder"]
