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
rule covered, tokens that were filtered out included).

The loop that feeds them is Lark's too, written out in one function
(`UnitBuilder._parse`): its contextual lexer's per-state regexps, its
lexer callbacks and its parse table, driven as `BasicLexer.next_token` and
`ParserState.feed_token` drive them, without their generator and calls
per token. Driving Lark's own loop with these callbacks read the
benchmark's cards at about 5,800 cards/s, this one at about 6,400 (4,650
for the two passes); tokens made without their constructor's calls, the
methods called without their `v_args` wrappers, the spaces read with the
token after them (`_fused`) and the inlined rules of one symbol given a
callback of their own (`_single_inlined`) then took a fifth off its
instructions (docs/benchmarks-history.md, "Reading cards"). Only a unit
that reads without error goes through it: any error is Lark's to report.

What comes out is exactly what the two passes give, or nothing: a unit that
has a syntax error, a number too long, clauses nested too deeply
(`loader.MAX_DIGITS`, `loader.MAX_NESTING`), or any exception in a method,
is given up (`build` returns `FAILED`), and the loader reads it the plain
way, which says what is wrong as it always did. The caller drops the
diagnostics the methods reported for a unit given up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from lark import Lark, Token, Transformer
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta
from lark.visitors import _vargs_inline, _vargs_meta, _vargs_meta_inline

from .transform import UnitTransformer

#: What `UnitBuilder.build` returns for a unit it gave up.
FAILED: Final = object()


class _GiveUp(Exception):
    """A unit the plain two passes must read (a number too long, clauses nested too deeply)."""


#: A value on the parser's stack is a token, or a list `[value, first, last, height, children]`
#: (a list: the cheapest object to make, and never a token): `value` is what the rule's method
#: returned; `first`/`last` are the first and last tokens of the rule's *container* (what Lark's
#: `propagate_positions` calls `container_line`…), None for a rule that matched no text; `height` is
#: the height of the parse tree's node it stands for (a token's is 0); `children` is set for an
#: inlined `_rule`: the children its parent takes in its place.
_Built = list


def _meta(first: Token | None, last: Token | None) -> Meta:
    """The place of a node as Lark's `propagate_positions` gives it, from its first and last tokens."""
    meta = _new_meta(Meta)
    meta.empty = True  # what `Meta()` sets, without a call to its `__init__`
    if first is not None:
        meta.line, meta.column, meta.start_pos = first.line, first.column, first.start_pos  # type: ignore[assignment]
        meta.empty = False
    if last is not None:
        meta.end_line, meta.end_column, meta.end_pos = last.end_line, last.end_column, last.end_pos  # type: ignore[assignment]
        meta.empty = False
    return meta


#: A Lark `Token` or `Meta` made without the calls of its constructor (attributes set one by one).
_new_token = str.__new__
_new_meta = object.__new__


#: How many units a builder reads before it compiles its states' regexps again, the spaces fused (`_fused`):
#: reading a folder once does not pay for the compiling, reading thousands of cards does.
FUSE_AFTER: Final = 500


def _fused(scanner: Any, lexer: Any) -> tuple[Any, dict[str, str]] | None:
    """A state's regexp where the spaces before a token are read with it, and the names of the fused groups; None: the state's own.

    Lark's contextual lexer reads the spaces (an ignored terminal) as a token
    of their own, then the next token, each a turn of its loop. Here each
    ignored terminal `P` that holds no line end is fused with what follows
    it: at its place in the state's alternation (Lark's order), the branch
    `(?>P)(?:T1|…|Tn)` (every terminal of the state again, under names of
    their own) comes first, then `P` alone. The atomic group takes the
    text `P` alone would take; what follows is read as the state's own
    regexp reads it there; where nothing follows, `P` is read alone, as
    before. A state whose lexer has callbacks keeps its own regexp.
    """
    if lexer.callback or lexer.use_bytes or lexer.re is not re or len(scanner._mres) != 1:
        return None
    terminals = scanner.terminals
    fusable = [t for t in terminals if t.name in lexer.ignore_types and t.name not in lexer.newline_types]
    if not fusable:
        return None
    names: dict[str, str] = {}
    alternatives: list[str] = []
    for terminal in terminals:
        regexp = terminal.pattern.to_regexp()
        if terminal in fusable:
            branch = len(alternatives)
            inner = []
            for index, other in enumerate(terminals):
                name = f"_F{branch}_{index}"
                names[name] = other.name
                inner.append(f"(?P<{name}>{other.pattern.to_regexp()})")
            alternatives.append(f"(?>{regexp})(?:{'|'.join(inner)})")
        alternatives.append(f"(?P<{terminal.name}>{regexp})")
    try:
        return re.compile("|".join(alternatives), lexer.g_regex_flags), names
    except (re.error, AssertionError, OverflowError, RecursionError):  # too large for `re`: the state's own
        return None


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
        self._lexer = frontend.lexer
        table = frontend.parser.parser.parse_table
        self._tokens: dict[str, Callable[[Token], Any] | None] = {}
        # Lark's parse table, each state's actions made on first use (`_actions`), a reduction
        # as (how many values it takes, the rule's name, its callback)
        self._table = table.states
        self._reductions: dict[Any, tuple[int, str, Callable[[list[Any]], Any]]] = {}
        self._states: dict[int, dict[str, tuple[bool, Any]]] = {}
        self._start_states = table.start_states
        self._end_states = table.end_states
        self._scanners: dict[int, tuple[list[Any], Any, Any, dict[str, Any], dict[str, str]]] = {}
        #: Units read; from `FUSE_AFTER` on, the states' regexps are made again with the spaces fused (`_fused`).
        self._units = 0

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
            result = self._parse(text, start)
        except Exception:  # noqa: BLE001 - the plain way says what is wrong, as it always did
            return FAILED
        if type(result) is _Built:
            return result[0]
        return FAILED  # a start rule that is one token: not among atout's, left to the plain way

    def _scanner(self, state: int) -> tuple[list[Any], Any, Any, dict[str, Any], dict[str, str]]:
        """The terminals the contextual lexer looks for in a parser state: its regexps, ignored and multi-line types, callbacks, fused groups."""
        lexer = self._lexer.lexers[state]
        scanner = lexer.scanner  # built on first use, with the lexer's callbacks
        mres, fused = scanner._mres, {}
        if self._units >= FUSE_AFTER:
            made = _fused(scanner, lexer)
            if made is not None:
                mres, fused = [made[0]], made[1]
        entry = self._scanners[state] = (mres, lexer.ignore_types, lexer.newline_types, lexer.callback, fused)
        return entry

    def _actions(self, state: int) -> dict[str, tuple[bool, Any]]:
        """A state's actions by terminal (or rule name): shift to a state, or a reduction; made once."""
        actions = self._states.get(state)
        if actions is None:
            actions = {}
            for terminal, (action, arg) in self._table[state].items():
                if action is Shift:
                    actions[terminal] = (True, arg)
                else:
                    reduction = self._reductions.get(arg)
                    if reduction is None:
                        reduction = self._reductions[arg] = (len(arg.expansion), arg.origin.name, self._callback(arg))
                    actions[terminal] = (False, reduction)
            self._states[state] = actions  # whole, for a reader in another thread
        return actions

    def _action(self, state: int, terminal: str) -> tuple[bool, Any]:
        """The action of a state on a terminal, its actions made if they are not yet; KeyError: none."""
        return self._actions(state)[terminal]

    def _parse(self, text: str, start: str) -> Any:
        """Lark's contextual lexer and LALR loop on a unit (`BasicLexer.next_token`, `ParserState.feed_token`), fused.

        Every token is made as Lark makes it (same type, value, places, lexer
        callbacks); any error is left to Lark (`_GiveUp`).
        """
        states = self._states
        scanners = self._scanners
        self._units += 1
        if self._units == FUSE_AFTER:  # enough read to pay for compiling the fused regexps
            scanners.clear()
        state_stack = [self._start_states[start]]
        value_stack: list[Any] = []
        end_state = self._end_states[start]
        pos = line_start = 0
        line = 1
        end = len(text)
        while True:
            if pos < end:
                state = state_stack[-1]
                mres, ignore, newline_types, callbacks, fused = scanners.get(state) or self._scanner(state)
                for mre in mres:
                    match = mre.match(text, pos)
                    if match:
                        break
                else:
                    raise _GiveUp  # Lark's UnexpectedCharacters
                kind = match.lastgroup
                if fused and kind in fused:  # a token after spaces, read with them (`_fused`)
                    value = match.group(kind)
                    pos = match.end() - len(value)
                    kind = fused[kind]
                else:
                    value = match.group(0)
                column = pos - line_start + 1
                first_line = line
                if kind in newline_types:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = pos + value.rindex("\n") + 1
                after = pos + len(value)
                if kind in ignore:
                    if kind in callbacks:
                        callbacks[kind](Token(kind, value, pos, first_line, column, line, after - line_start + 1, after))
                    pos = after
                    continue
                # `Token(kind, value, pos, …)` without the two calls of its constructor
                token: Token | None = _new_token(Token, value)
                token.type = kind  # type: ignore[union-attr]
                token.start_pos = pos  # type: ignore[union-attr]
                token.value = value  # type: ignore[union-attr]
                token.line = first_line  # type: ignore[union-attr]
                token.column = column  # type: ignore[union-attr]
                token.end_line = line  # type: ignore[union-attr]
                token.end_column = after - line_start + 1  # type: ignore[union-attr]
                token.end_pos = after  # type: ignore[union-attr]
                pos = after
                if kind in callbacks:
                    token = callbacks[kind](token)
                terminal = token.type  # type: ignore[union-attr]
            else:  # the end of the unit: the reductions left, up to the start rule's
                token, terminal = None, "$END"
            while True:
                try:
                    shift, arg = states[state_stack[-1]][terminal]
                except KeyError:
                    shift, arg = self._action(state_stack[-1], terminal)
                if shift:
                    if token is None:
                        raise _GiveUp  # Lark's UnexpectedToken at the end
                    state_stack.append(arg)
                    value_stack.append(token)
                    break
                size, origin, callback = arg
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                reduced = callback(children)
                try:
                    state_stack.append(states[state_stack[-1]][origin][1])
                except KeyError:
                    state_stack.append(self._action(state_stack[-1], origin)[1])
                value_stack.append(reduced)
                if token is None and state_stack[-1] == end_state:
                    return value_stack[-1]

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

    def _caller(self, name: str) -> tuple[int, Callable[..., Any] | None]:
        """How a rule's method is called: a mode (`_PLAIN`, `_INLINE`, `_META`, `_META_INLINE`, `_WRAPPED`, `_DEFAULT`) and the function.

        A method decorated by Lark's `v_args` is called as its wrapper calls it,
        without the wrapper's calls in between; a construct's `read` is
        called itself (`constructs.bind` names the construct of its reader).
        """
        method: Any = getattr(self.transformer, name, None)
        if method is None:
            return _DEFAULT, None
        wrapper = getattr(method, "visit_wrapper", None)
        if wrapper is None:
            return _PLAIN, method
        base = getattr(method, "base_func", None)
        if base is None:
            return _WRAPPED, method
        if wrapper is _vargs_inline:
            return _INLINE, base
        if wrapper is _vargs_meta_inline:
            return _META_INLINE, base
        if wrapper is _vargs_meta:
            construct = getattr(base, "construct", None)
            if construct is not None and getattr(base, "transformer", None) is self.transformer:
                return _META, partial(construct.read, self.transformer)
            return _META, base
        return _WRAPPED, method

    def _callback(self, rule: Any) -> Callable[[list[Any]], Any]:
        """What the parser calls when it reduces `rule`: Lark's tree shaping, then the rule's method."""
        expansion = rule.expansion
        keep_all = rule.options.keep_all_tokens
        shape = [(index, not symbol.is_term and symbol.name.startswith("_")) for index, symbol in enumerate(expansion) if keep_all or not (symbol.is_term and symbol.filter_out)]
        filtering = len(shape) < len(expansion) or any(inline for _, inline in shape)
        single = bool(rule.options.expand1) and not rule.alias
        name = rule.alias or rule.options.template_source or rule.origin.name
        transformer = self.transformer
        mode, function = self._caller(name)
        method: Any = function
        token = self._token
        visit_tokens = transformer.__visit_tokens__
        max_digits = self.max_digits
        max_nesting = self.max_nesting
        inlined = rule.origin.name.startswith("_")
        built = _Built
        if inlined and len(expansion) == 1:  # `_slot: a | b | …`, one rule per symbol: most reductions
            return _single_inlined(shape)

        def callback(raw: list[Any]) -> Any:
            for child in raw:
                first = child[1] if type(child) is built else child
                if first is not None:
                    break
            else:
                first = None
            for child in reversed(raw):
                last = child[2] if type(child) is built else child
                if last is not None:
                    break
            else:
                last = None
            if filtering:
                children: list[Any] = []
                for index, inline in shape:
                    if inline:
                        children += raw[index][4]
                    else:
                        children.append(raw[index])
            else:
                children = raw
            if inlined:  # its parent takes its children (Lark's `_rule`)
                return [None, first, last, 0, children]
            if single and len(children) == 1:  # Lark's `?rule` with one child: the child, in the rule's container
                only = children[0]
                if type(only) is built:
                    if only[1] is None and first is not None:
                        raise _GiveUp  # Lark would give the child's empty place the container's
                    only[1] = first
                    only[2] = last
                return only
            height = 0
            values = []
            for child in children:
                if type(child) is built:
                    if child[3] > height:
                        height = child[3]
                    values.append(child[0])
                elif len(child) > max_digits:
                    values.append(token(child))
                else:
                    values.append(token(child) if visit_tokens else child)
            height += 1
            if height > max_nesting:
                raise _GiveUp
            if mode == _META:
                value = method(_meta(first, last), values)
            elif mode == _META_INLINE:
                value = method(_meta(first, last), *values)
            elif mode == _INLINE:
                value = method(*values)
            elif mode == _PLAIN:
                value = method(values)
            elif mode == _WRAPPED:
                value = method.visit_wrapper(method, name, values, _meta(first, last))
            else:
                value = transformer.__default__(name, values, _meta(first, last))  # type: ignore[no-untyped-call]
            return [value, first, last, height, None]

        return callback


def _single_inlined(shape: list[tuple[int, bool]]) -> Callable[[list[Any]], Any]:
    """The callback of an inlined rule of one symbol (`UnitBuilder._callback`'s, without its loops): its parent takes its child."""
    built = _Built
    if not shape:  # a token filtered out: no child, its place only

        def filtered(raw: list[Any]) -> Any:
            child = raw[0]
            return [None, child, child, 0, []]

        return filtered
    if shape[0][1]:  # an inlined rule: its children

        def spliced(raw: list[Any]) -> Any:
            child = raw[0]
            return [None, child[1], child[2], 0, child[4]]

        return spliced

    def kept(raw: list[Any]) -> Any:
        child = raw[0]
        if type(child) is built:
            return [None, child[1], child[2], 0, raw]
        return [None, child, child, 0, raw]

    return kept


#: How a rule's method is called (`UnitBuilder._caller`): `f(values)`, `f(*values)`, `f(meta, values)`,
#: `f(meta, *values)`, through its own `v_args` wrapper, or the transformer's `__default__` (no method).
_PLAIN, _INLINE, _META, _META_INLINE, _WRAPPED, _DEFAULT = 0, 1, 2, 3, 4, 5


__all__ = ["FAILED", "UnitBuilder"]
