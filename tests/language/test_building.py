"""Building the AST while parsing (`language/building.py`) gives what the two passes give, or gives up.

Every file is read twice, once as the loader reads it (each unit built
while it is parsed) and once the plain way (a parse tree, then the
transformer's walk), and the two must agree on everything: the nodes, the
place of every node, the diagnostics, the cards left unread, the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from lark import Lark, Token, Tree, v_args
from lark.tree import Meta
from pydantic import BaseModel

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language import loader, tables
from atout.interpreter.language.building import FAILED, UnitBuilder
from atout.interpreter.language.loader import MAX_DIGITS, MAX_NESTING, read_document
from atout.interpreter.language.parser import build_parser
from atout.interpreter.language.text import fold
from atout.interpreter.language.transform import UnitTransformer

from .test_fuzz import mutated

SHIPPED = sorted(CARDS_DIR.rglob("*.atout"))

_BF = LANGUAGES["battlefight"]
build_parser(_BF.grammar, _BF.starts, _BF.construct_grammar)  # a shipped table read: its Lark known
#: Building while parsing reads Lark's insides: it is used, and tested, with the Lark the shipped tables were made with.
pytestmark = pytest.mark.skipif(
    not tables.lark_as_shipped(),
    reason="another Lark than the shipped tables': units are read the plain way; `python -m atout.interpreter.language.tables` makes the tables, and this path, this Lark's",
)
TESTS = Path(__file__).resolve().parents[1]


def _places(value: Any, out: list[Any]) -> list[Any]:
    """Every node's class and span, in order (dumps leave the spans out)."""
    if isinstance(value, BaseModel):
        out.append((type(value).__name__, getattr(value, "span", None)))
        for item in value.__dict__.values():
            _places(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _places(item, out)
    return out


def _everything(document: loader.Document) -> tuple[Any, ...]:
    node = document.node
    return (
        node.model_dump() if node is not None else None,
        _places(node, []),
        node,
        [diagnostic.render() for diagnostic in document.diagnostics],
        document.diagnostics,
        document.unread_cards,
        document.rules,
    )


def _plain(path: str, data: bytes | str, monkeypatch: pytest.MonkeyPatch) -> loader.Document:
    with monkeypatch.context() as patch:
        patch.setattr(loader, "_builder", lambda game, parser, transformer: None)
        return read_document(path, data, LANGUAGES)


def _agree(path: str, data: bytes | str, monkeypatch: pytest.MonkeyPatch) -> loader.Document:
    built = read_document(path, data, LANGUAGES)
    assert _everything(built) == _everything(_plain(path, data, monkeypatch))
    return built


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(CARDS_DIR)))
def test_every_shipped_file_reads_the_same_both_ways(path, monkeypatch):
    _agree(str(path), path.read_bytes(), monkeypatch)


@pytest.mark.parametrize("path", sorted(TESTS.rglob("*.atout")), ids=lambda p: str(p.relative_to(TESTS)))
def test_every_test_file_reads_the_same_both_ways(path, monkeypatch):
    _agree(str(path), path.read_bytes(), monkeypatch)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_files_read_the_same_both_ways(monkeypatch, data):
    _agree("fuzz.atout", data, monkeypatch)


def _builder(game: str) -> UnitBuilder:
    language = LANGUAGES[game]
    transformer = loader._transformer(language)
    builder = loader._builder(language, build_parser(language.grammar, language.starts, language.construct_grammar), transformer)
    assert builder is not None
    return builder


def _build(game: str, unit: str, start: str) -> Any:
    """A unit's node as the loader builds it (the parser reads folded text), or `FAILED`."""
    builder = _builder(game)
    builder.transformer.begin_file("x.atout")
    builder.transformer.begin_unit(unit, 0, unit.split("\n"))
    return builder.build(fold(unit), start)


#: A step with more modifiers than it may have: a diagnostic its method reports (E201).
TOO_MANY = "Tout le monde a Tout le monde a Tout le monde a Tout le monde a Piocher 1"


def test_a_method_reports_its_diagnostic(monkeypatch):
    document = _agree("x.atout", f"BattleFight : cartes\n== X ==\nAttaque\n{TOO_MANY}\n", monkeypatch)
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [("E201", 4, 1)]


def test_a_unit_with_a_method_s_diagnostic_then_a_syntax_error_reports_only_the_syntax_error(monkeypatch):
    text = f"BattleFight : cartes\n== X ==\nAttaque\n{TOO_MANY} ;\n)))\n== Y ==\nAttaque\n{TOO_MANY}\n"
    document = _agree("x.atout", text, monkeypatch)
    assert [(d.code, d.line) for d in document.diagnostics] == [("E110", 5), ("E201", 8)]


def test_a_huge_number_is_left_to_the_plain_way(monkeypatch):
    unit = "== X ==\nAttaque\nBlesser " + "9" * (MAX_DIGITS + 1) + "\n"
    assert _build("battlefight", unit, "technique") is FAILED
    assert _build("battlefight", unit.replace("9" * (MAX_DIGITS + 1), "9"), "technique") is not FAILED
    document = _agree("huge.atout", "BattleFight : cartes\n" + unit, monkeypatch)
    assert [d.code for d in document.diagnostics] == ["E200"]


def _nested(depth: int) -> str:
    clauses = "Si tu as au plus 1 sceau, Piocher 1 carte, sinon " * depth  # each "sinon" holds the next "Si"
    return f"== Assassin ==\nPaquet I · Rébellion · influence 1\nCapacité instantanée : {clauses}Piocher 2 cartes\n"


@pytest.mark.parametrize("depth", [1, MAX_NESTING - 8])
def test_clauses_nested_within_the_bound_are_built(depth):
    assert _build("cardia", _nested(depth), "carte") is not FAILED


@pytest.mark.parametrize("depth", [MAX_NESTING - 2, MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, 100])
def test_clauses_nested_about_the_bound_read_the_same_both_ways(monkeypatch, depth):
    document = _agree("deep.atout", "Duel pour Cardia : cartes\n" + _nested(depth), monkeypatch)
    if depth > MAX_NESTING:
        assert [d.code for d in document.diagnostics] == ["E114"]
        assert _build("cardia", _nested(depth), "carte") is FAILED


@pytest.mark.parametrize("game", sorted(LANGUAGES))
def test_every_game_s_units_are_built_while_parsed(game):
    """The installed Lark is laid out as `building.py` reads it: no game falls back to the plain way for all its units."""
    language = LANGUAGES[game]
    assert UnitBuilder.supports(loader._transformer(language))
    assert _builder(game) is not None


def test_a_transformer_with_its_own_default_is_read_the_plain_way():
    class Own(UnitTransformer):
        def __default__(self, data, children, meta):
            return Tree(data, children, meta)

    assert UnitBuilder.supports(UnitTransformer())
    assert not UnitBuilder.supports(Own())


# A small grammar of every shape Lark's tree builder gives: keywords filtered out,
# `_rule`s inlined, `?rule`s replaced by their one child (inside keywords, whose
# place the child's container takes), `!rule`s keeping their keywords, aliases,
# empty rules, rules without a method (trees), and tokens read by a method.

GRAMMAR = r"""
start: "begin" _items "end"
_items: item*
?item: group | pair | NAME | kept | named | nothing | "(" item ")" | "<" empty ">"
group: "[" item* "]"
pair: NAME "=" number
number: INT
!kept: "!" NAME
named: "@" NAME -> alias
nothing: "~" empty
empty:
%import common.CNAME -> NAME
%import common.INT
%import common.WS
%ignore WS
"""


class Shapes(UnitTransformer):
    __visit_tokens__ = True

    def INT(self, token: Token) -> int:
        return int(token)

    @v_args(meta=True)
    def group(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        return ("group", self._place(meta), *children)

    @v_args(inline=True, meta=True)
    def pair(self, meta: Meta, name: Token, value: Any) -> tuple[Any, ...]:
        return ("pair", self._place(meta), str(name), value)

    @v_args(inline=True)
    def number(self, value: int) -> int:
        return value

    def kept(self, children: list[Any]) -> tuple[Any, ...]:
        return ("kept", *map(str, children))

    @v_args(tree=True)
    def alias(self, tree: Tree) -> tuple[Any, ...]:
        return ("alias", self._place(tree.meta), *map(str, tree.children))

    @v_args(meta=True)
    def start(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        return ("start", self._place(meta), *children)

    @staticmethod
    def _place(meta: Meta) -> tuple[Any, ...]:
        if meta.empty:
            return ("empty",)
        return (meta.line, meta.column, meta.start_pos, meta.end_line, meta.end_column, meta.end_pos)


def _shapes_parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=False)


@pytest.mark.parametrize(
    "text",
    [
        "begin end",
        "begin a end",
        "begin [ a b = 12 ] end",
        "begin ( [ x ] ) ( ( y = 3 ) ) end",
        "begin ! k @ z [ ] [ ( [ ] ) ] end",
        "begin [\n  a = 1\n  ( ! q )\n] @ w\nend",
        "begin ~ end",
    ],
)
def test_every_shape_of_tree_is_built_as_the_transformer_builds_it(text):
    parser = _shapes_parser()
    expected = Shapes().transform(parser.parse(text))
    built = UnitBuilder(parser, Shapes(), max_digits=9, max_nesting=32).build(text, "start")
    assert built == expected


def test_a_rule_without_a_method_is_a_tree_with_its_place():
    parser = _shapes_parser()
    text = "begin ( [ a\n b ] ) end"

    class NoGroup(UnitTransformer):
        pass

    expected = NoGroup().transform(parser.parse(text))
    built = UnitBuilder(parser, NoGroup(), max_digits=9, max_nesting=32).build(text, "start")
    assert built == expected
    group = built.children[0]
    assert (group.meta.line, group.meta.column, group.meta.end_line, group.meta.end_column) == (1, 9, 2, 5)


def test_an_empty_rule_that_takes_the_place_of_its_container_is_left_to_the_plain_way():
    """Lark gives a `?rule`'s one child that covers no text the place of the `?rule`: its method saw no place."""

    class Empty(Shapes):
        @v_args(meta=True)
        def empty(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
            return ("empty", self._place(meta))

    parser = _shapes_parser()
    assert UnitBuilder(parser, Empty(), max_digits=9, max_nesting=32).build("begin < > end", "start") is FAILED
    assert UnitBuilder(parser, Empty(), max_digits=9, max_nesting=32).build("begin ~ end", "start") == Empty().transform(parser.parse("begin ~ end"))


def test_a_syntax_error_or_a_failing_method_gives_up():
    parser = _shapes_parser()
    builder = UnitBuilder(parser, Shapes(), max_digits=9, max_nesting=32)
    assert builder.build("begin [ a end", "start") is FAILED

    class Failing(Shapes):
        def kept(self, children: list[Any]) -> tuple[Any, ...]:
            raise ValueError("no")

    assert UnitBuilder(parser, Failing(), max_digits=9, max_nesting=32).build("begin ! a end", "start") is FAILED


def test_nesting_and_digits_are_counted_as_the_plain_way_counts_them():
    parser = _shapes_parser()
    builder = UnitBuilder(parser, Shapes(), max_digits=3, max_nesting=4)
    assert builder.build("begin a = 123 end", "start") != FAILED
    assert builder.build("begin a = 1234 end", "start") is FAILED
    # start > group > group > pair > number: 5 deep; parentheses (`?item`) add nothing
    assert builder.build("begin [ ( [ a = 1 ] ) ] end", "start") is FAILED
    assert builder.build("begin [ ( ( a = 1 ) ) ] end", "start") != FAILED


def test_with_another_lark_than_the_shipped_tables_units_are_read_the_plain_way(monkeypatch):
    """Building while parsing reads Lark's insides: with a Lark atout was not tested with, it is not used."""
    path = CARDS_DIR / "battlefight" / "techniques.atout"
    if not path.is_file():
        path = next(p for p in SHIPPED if "battlefight" in p.parts)
    built = read_document(str(path), path.read_bytes(), LANGUAGES)
    monkeypatch.setattr(tables, "_SHIPPED_LARK", ["0.0.0"])
    monkeypatch.setattr(loader, "_BUILDERS", {})
    language = LANGUAGES["battlefight"]
    assert loader._builder(language, build_parser(language.grammar, language.starts, language.construct_grammar), loader._transformer(language)) is None
    assert _everything(read_document(str(path), path.read_bytes(), LANGUAGES)) == _everything(built)


def test_a_game_from_elsewhere_read_first_in_a_process_is_still_built_while_parsed():
    """Whether Lark is the shipped tables' does not depend on what the process read before.

    A plugin game's grammar has no shipped tables: read before any of the
    four games', it must still be built while parsed, in a fresh process.
    """
    import subprocess
    import sys

    import extra_games

    script = (
        "from atout.interpreter.games import LANGUAGES\n"
        "from atout.interpreter.language import loader, tables\n"
        "from atout.interpreter.language.parser import build_parser\n"
        "game = next(LANGUAGES[name] for name in LANGUAGES if name not in ('battlefight', 'cordes', 'cardia', 'dragons'))\n"
        "assert not tables._SHIPPED_LARK, 'a shipped table was read before'\n"
        "parser = build_parser(game.grammar, game.starts, game.construct_grammar)\n"
        "print(loader._builder(game, parser, loader._transformer(game)) is not None)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=extra_games.environment(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
