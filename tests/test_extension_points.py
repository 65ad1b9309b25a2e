"""The places where a game is extended agree with each other, for every game.

A keyword of a card language lives in four places, all named after it: a
grammar rule (`grammar/<game>.lark`), a transformer method that builds its
AST class (`games/<game>/transformer.py`, `ast.py`), the interpreter code
that runs it, and the commentary line of each event it emits. These tests
read those places for every registered game, with no code of any one game,
and fail naming the missing piece when a newcomer adds a keyword to one place
and forgets another, or leaves dead code behind when removing one.

How each place is found:

- **AST classes**: the concrete `Node` classes defined in the game's
  `ast` module (the modules of a game's package are those of its
  transformer's package).
- **Handlers**: a game's dispatch tables are the module-level dicts of its
  package whose keys are AST classes and whose values are functions
  (BattleFight's `steps.HANDLERS`; Duel pour Cardia's `HANDLERS`, `TARGETS`
  and `CONDITIONS`). Not every class is run through a table: a card is read
  when the game is made, a modifier or a restriction is read by the code of
  the keyword it qualifies, and Duel de dragons' cards are data with no
  effect at all. Such a class is declared in the game's `READ_BY` dict with
  the function or class that reads it (`"CordesState.answer_options"`); the
  test checks that this code exists and names the class, its `kind`, or the
  field that holds it. So every class is either dispatched or read at a
  named place, never silently ignored.
- **Events**: the kinds a game can emit are read from its source (calls to
  `emit("kind", ...)` and event dicts `{"e": "kind", ...}`, in the game's
  package and in the modules of its state's classes, where the core's
  `AgendaState` emits `action_limit` and `end`), and from the events of a few
  games played by random bots, against each other and the heuristic bot.
  The commentary's `render` must name every kind; every event actually seen
  must render to a non-empty line other than the commentary's generic
  fallback (what it prints for an unknown kind). Kinds too rare to be seen
  in a few games of the default setup (an action bound, a Lieu's or a
  Protecteur's events) are checked by name only.
- **Grammar rules**: the rules of the game's compiled parser, which include
  the rules of `grammar/core.lark` the game imports. A rule needs a
  transformer method unless it is inlined (`_rule`, `?rule`), replaced by an
  alias (`-> name`, which needs the method instead), or listed in the
  transformer's `PASS_THROUGH` with a reason.

The reverse checks catch dead code: a table entry or `READ_BY` entry for a
class of another game, an AST class the transformer never builds, a
transformer method for no rule, a rule no start rule reaches, a commentary
line for an event nothing emits.
"""

from __future__ import annotations

import ast as pyast
import importlib
import inspect
import pkgutil
import re
import typing
from functools import cache
from types import ModuleType

import pytest
from lark import Transformer

from atout.grammar import GRAMMAR_DIR
from atout.interpreter import load_game, play
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.language.constructs import Construct, missing_parts
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.parser import build_parser
from atout.interpreter.language.transform import UnitTransformer

GAMES = list(LANGUAGES)
PLAYABLE = list(ENGINES)

#: How many seeds each pairing of bots plays, per game, to see its events.
SEEDS = 8


# ---------------------------------------------------------------------------
# Reading a game's package
# ---------------------------------------------------------------------------


@cache
def modules(game: str) -> tuple[ModuleType, ...]:
    """Every module of the game's package (the package of its transformer)."""
    package = importlib.import_module(LANGUAGES[game].transformer.__module__.rpartition(".")[0])
    return tuple(importlib.import_module(f"{package.__name__}.{info.name}") for info in pkgutil.iter_modules(package.__path__))


def module(game: str, name: str) -> ModuleType:
    """One module of the game's package, by its last name."""
    return next(m for m in modules(game) if m.__name__.rpartition(".")[2] == name)


def short(value: object) -> str:
    """A name relative to the games package, for messages: `cordes.steps`."""
    return str(value).rpartition(".games.")[2]


# ---------------------------------------------------------------------------
# AST classes and their handlers
# ---------------------------------------------------------------------------


@cache
def ast_classes(game: str) -> tuple[type, ...]:
    """The concrete node classes of the game's `ast` module that are not constructs (see below)."""
    tree = module(game, "ast")
    return tuple(value for value in vars(tree).values() if inspect.isclass(value) and issubclass(value, Node) and not issubclass(value, Construct) and value.__module__ == tree.__name__)


def constructs_defined(game: str) -> set[type]:
    """The constructs with a `kind` defined in the game's package (abstract bases have none)."""
    return {
        value
        for mod in modules(game)
        for value in vars(mod).values()
        if inspect.isclass(value) and issubclass(value, Construct) and value.__module__ == mod.__name__ and isinstance(value.model_fields.get("kind") and value.model_fields["kind"].default, str)
    }


# ---------------------------------------------------------------------------
# Constructs: declared in one place (language/constructs.py)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_construct_is_whole(game):
    """A construct declares its grammar rule (named after its kind), its reading, its handler and its text."""
    problems = [f"{cls.__name__}: no {', no '.join(missing)}" for cls in LANGUAGES[game].constructs if (missing := missing_parts(cls))]
    assert not problems, f"{game}: constructs missing a part:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_construct_of_the_game_is_declared(game):
    """A construct the game's package defines but its language does not list is never read: dead code."""
    unlisted = sorted(cls.__name__ for cls in constructs_defined(game) - set(LANGUAGES[game].constructs))
    assert not unlisted, f"{game}: constructs not listed in the game's GameLanguage.constructs: {', '.join(unlisted)}"
    rules = [cls.rule() for cls in LANGUAGES[game].constructs]
    assert len(rules) == len(set(rules)), f"{game}: two constructs share a rule name"


def tables(game: str) -> dict[str, dict]:
    """The game's dispatch tables: module-level dicts from AST classes to functions, by `module.NAME`."""
    found = {}
    for mod in modules(game):
        for name, value in vars(mod).items():
            if (
                name != "WRITERS"  # the card writers: checked by test_every_ast_class_has_a_writer
                and isinstance(value, dict)
                and value
                and all(inspect.isclass(key) and issubclass(key, Node) for key in value)
                and all(callable(handler) and not inspect.isclass(handler) for handler in value.values())
            ):
                found[f"{short(mod.__name__)}.{name}"] = value
    return found


def read_by(game: str) -> dict[type, str]:
    """The game's `READ_BY` declarations, from every module that has one."""
    declared: dict[type, str] = {}
    for mod in modules(game):
        declared.update(getattr(mod, "READ_BY", {}))
    return declared


def resolve(game: str, place: str) -> object | None:
    """The function or class a `READ_BY` place names (`CordesState.answer_options`), in the game's package."""
    for mod in modules(game):
        value: object = mod
        for part in place.split("."):
            value = getattr(value, part, None)
            if value is None:
                break
        if value is not None and getattr(value, "__module__", "").startswith(mod.__name__.rpartition(".")[0]):
            return value
    return None


def classes_in(annotation: object) -> set[type]:
    """The node classes an annotation may hold (through lists, unions, `Annotated`)."""
    if inspect.isclass(annotation) and issubclass(annotation, Node):
        return {annotation}
    found: set[type] = set()
    for arg in typing.get_args(annotation):
        found |= classes_in(arg)
    return found


def names_for(game: str, cls: type) -> set[str]:
    """The words code reading `cls` would use: its name, its `kind`, the fields that hold it."""
    names = {cls.__name__, cls.model_fields["kind"].default}
    for parent in ast_classes(game):
        for field, info in parent.model_fields.items():
            if cls in classes_in(info.annotation):
                names.add(field)
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_ast_class_has_a_handler(game):
    """Each AST class is in a dispatch table, or declared in `READ_BY` with the code that reads it."""
    handled = {cls: name for name, table in tables(game).items() for cls in table}
    declared = read_by(game)
    missing = [cls.__name__ for cls in ast_classes(game) if cls not in handled and cls not in declared]
    assert not missing, f"{game}: no handler for {', '.join(missing)}: add each to a dispatch table ({', '.join(tables(game)) or 'the game has none'}) or to READ_BY with the code that reads it"
    twice = [f"{cls.__name__} ({handled[cls]} and READ_BY)" for cls in declared if cls in handled]
    assert not twice, f"{game}: both handled and declared as read elsewhere: {', '.join(twice)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ast_class_has_a_writer(game):
    """A game whose cards are written back has a writer for each AST class, in its `WRITERS` table."""
    if LANGUAGES[game].write_card is None:
        pytest.skip(f"{game}: cards are not written back yet")
    writers = {cls for mod in modules(game) for cls in getattr(mod, "WRITERS", {})}
    missing = [cls.__name__ for cls in ast_classes(game) if cls not in writers]
    assert not missing, f"{game}: no writer for {', '.join(missing)}: add each to the game's WRITERS table"
    stray = sorted(cls.__name__ for cls in writers if cls not in ast_classes(game))
    assert not stray, f"{game}: WRITERS entries for classes not in {game}'s ast.py: {', '.join(stray)}"


@pytest.mark.parametrize("game", GAMES)
def test_read_by_names_code_that_reads_the_class(game):
    """A `READ_BY` place exists in the game's package and names the class, its kind or a field holding it."""
    problems = []
    for cls, place in read_by(game).items():
        code = resolve(game, place)
        if code is None:
            problems.append(f"{cls.__name__}: {place!r} is not a function or class of the game")
            continue
        source = inspect.getsource(code)  # type: ignore[arg-type]
        words = names_for(game, cls)
        if not any(re.search(rf"\b{re.escape(word)}\b", source, re.IGNORECASE) for word in words):
            problems.append(f"{cls.__name__}: {place} never mentions {' or '.join(sorted(words))}")
    assert not problems, f"{game}: READ_BY points at code that does not read the class:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_handlers_are_for_this_games_classes(game):
    """No table or `READ_BY` entry is for a class that is not one of this game's AST classes."""
    own = set(ast_classes(game))
    stray = [f"{name}[{cls.__name__}]" for name, table in tables(game).items() for cls in table if cls not in own]
    stray += [f"READ_BY[{cls.__name__}]" for cls in read_by(game) if cls not in own]
    assert not stray, f"{game}: entries for classes that are not in {game}'s ast.py: {', '.join(stray)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ast_class_is_built_by_the_transformer(game):
    """An AST class the transformer never names is one no card file can produce: dead code."""
    source = inspect.getsource(module(game, "transformer"))
    dead = [cls.__name__ for cls in ast_classes(game) if not re.search(rf"\b{cls.__name__}\b", source)]
    assert not dead, f"{game}: AST classes the transformer never builds: {', '.join(dead)}"


# ---------------------------------------------------------------------------
# Events and their commentary
# ---------------------------------------------------------------------------


def _is_emit(call: pyast.Call) -> bool:
    func = call.func
    return (isinstance(func, pyast.Attribute) and func.attr == "emit") or (isinstance(func, pyast.Name) and func.id == "emit")


@cache
def emitted(game: str) -> dict[str, str]:
    """Every event kind the source can emit, with one place that emits it (`cordes/state.py:123`)."""
    state_class = type(load_game(game).game.new_state())
    sources = set(modules(game)) | {inspect.getmodule(cls) for cls in state_class.__mro__ if cls is not object}
    kinds: dict[str, str] = {}
    for mod in sorted(sources, key=lambda m: m.__name__):
        path = short(mod.__name__).replace(".", "/") + ".py"
        for node in pyast.walk(pyast.parse(inspect.getsource(mod))):
            kind = None
            if isinstance(node, pyast.Call) and _is_emit(node) and node.args and isinstance(node.args[0], pyast.Constant):
                # a kind passed in a variable is not read here; the events seen in play still are
                kind = node.args[0].value
            elif isinstance(node, pyast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, pyast.Constant) and key.value == "e" and isinstance(value, pyast.Constant):
                        kind = value.value
            if isinstance(kind, str):
                kinds.setdefault(kind, f"{path}:{node.lineno}")
    return kinds


@cache
def seen(game: str) -> dict[str, list[dict]]:
    """The events of a few games by kind (at most three of each).

    Random bots play each other and the game's heuristic bot, both ways: a
    heuristic bot makes games last longer and reach more of the rules.
    """
    loaded = load_game(game)
    bots = [name for name in ("random", "heuristic") if name in loaded.engine.bots]
    pairs = [(one, other) for one in bots for other in bots if "random" in (one, other)]
    events: dict[str, list[dict]] = {}
    for seed in range(SEEDS):
        for pair in pairs:
            for event in play(loaded, pair, seed=seed).events:
                examples = events.setdefault(event["e"], [])
                if len(examples) < 3:
                    examples.append(event)
    return events


def renderer(game: str):
    """The commentary's `render(event, viewer)`: the game package's module-level `render` function."""
    found = [m.render for m in modules(game) if inspect.isfunction(getattr(m, "render", None))]
    assert len(found) == 1, f"{game}: expected one module with a render(event) function, found {len(found)}"
    return found[0]


@cache
def rendered(game: str) -> frozenset[str]:
    """The event kinds the commentary names: `e == "kind"` or `e in ("a", "b")`, where `e = event["e"]`."""
    tree = pyast.parse(inspect.getsource(renderer(game)))

    def is_kind(node: pyast.AST) -> bool:
        return isinstance(node, pyast.Subscript) and isinstance(node.slice, pyast.Constant) and node.slice.value == "e"

    aliases = {target.id for node in pyast.walk(tree) if isinstance(node, pyast.Assign) and is_kind(node.value) for target in node.targets if isinstance(target, pyast.Name)}
    kinds: set[str] = set()
    for node in pyast.walk(tree):
        if not isinstance(node, pyast.Compare):
            continue
        left = node.left
        if not (is_kind(left) or (isinstance(left, pyast.Name) and left.id in aliases)):
            continue
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, pyast.Eq) and isinstance(right, pyast.Constant):
                kinds.add(right.value)
            elif isinstance(op, pyast.In) and isinstance(right, (pyast.Tuple, pyast.List, pyast.Set)):
                kinds.update(item.value for item in right.elts if isinstance(item, pyast.Constant))
    return frozenset(kinds)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_event_kind_has_a_renderer(game):
    """Each kind the game emits, in its source or in play, has its own line in the commentary."""
    kinds = dict(emitted(game))
    for kind in seen(game):
        kinds.setdefault(kind, "seen in play")
    missing = [f"{kind} (emitted at {where})" for kind, where in sorted(kinds.items()) if kind not in rendered(game)]
    assert not missing, f"{game}: events with no line in {short(renderer(game).__module__)}.render: {', '.join(missing)}"


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_event_seen_renders_to_its_own_line(game):
    """Each event of a played game renders to a non-empty line that is not the generic fallback."""
    game_object = load_game(game).game
    sentinel = "no_such_event_kind"
    problems = []
    for kind, examples in sorted(seen(game).items()):
        for event in examples:
            line = game_object.render(event)
            try:
                fallback = game_object.render({**event, "e": sentinel}).replace(sentinel, kind)
            except Exception:  # a commentary may refuse unknown kinds outright: then it has no fallback
                fallback = None
            if not isinstance(line, str) or not line.strip():
                problems.append(f"{kind}: renders to {line!r}")
                break
            if line == fallback:
                problems.append(f"{kind}: renders to the fallback {line!r}")
                break
    assert not problems, f"{game}: events with no line of their own:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game", PLAYABLE)
def test_commentary_renders_only_events_that_exist(game):
    """A commentary line for an event kind nothing emits is dead code."""
    dead = sorted(rendered(game) - set(emitted(game)) - set(seen(game)))
    assert not dead, f"{game}: {short(renderer(game).__module__)}.render has lines for events nothing emits: {', '.join(dead)}"


# ---------------------------------------------------------------------------
# Grammar rules and transformer methods
# ---------------------------------------------------------------------------


@cache
def parser(game: str):
    language = LANGUAGES[game]
    return build_parser(language.grammar, language.starts, language.construct_grammar)


def tree_names(game: str) -> set[str]:
    """The names of the trees the parser builds: each rule's, or its alias, unless inlined."""
    names = set()
    for rule in parser(game).rules:
        if rule.alias:
            names.add(str(rule.alias))
        elif not str(rule.origin.name).startswith("_") and not rule.options.expand1:
            names.add(str(rule.origin.name))
    return names


def transformer_methods(game: str) -> set[str]:
    """The transformer's methods for rules and terminals (not Lark's, nor the base class's helpers)."""
    transformer = LANGUAGES[game].transformer
    helpers = {
        name
        for name, value in vars(UnitTransformer).items()
        if inspect.isfunction(value)  # the rules' methods of the base (list_entry, param) are v_args wrappers
    }
    return {
        name
        for name in dir(transformer)
        if not name.startswith("_") and name not in helpers and not hasattr(Transformer, name) and callable(getattr(transformer, name)) and not inspect.isclass(getattr(transformer, name))
    } | {construct.rule() for construct in LANGUAGES[game].constructs}  # read by the construct's `read`


@pytest.mark.parametrize("game", GAMES)
def test_every_grammar_rule_has_a_transformer_method(game):
    """Each tree the parser builds (core.lark's rules included) has a method, or is a listed pass-through."""
    transformer = LANGUAGES[game].transformer
    passing = getattr(transformer, "PASS_THROUGH", {})
    missing = sorted(tree_names(game) - transformer_methods(game) - set(passing))
    assert not missing, (
        f"{game}: grammar rules with no method in {transformer.__name__}: {', '.join(missing)} (add the method, inline the rule with ?rule or _rule, or list it in PASS_THROUGH with a reason)"
    )
    unexplained = [rule for rule, why in passing.items() if not str(why).strip()]
    assert not unexplained, f"{game}: PASS_THROUGH rules need a reason: {', '.join(unexplained)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_transformer_method_reads_a_grammar_rule(game):
    """A method named after no rule, alias or terminal of the parser is dead code."""
    transformer = LANGUAGES[game].transformer
    terminals = {str(terminal.name) for terminal in parser(game).terminals}
    # the base class's methods read core.lark's rules, which not every game uses (see below)
    dead = sorted(transformer_methods(game) - set(vars(UnitTransformer)) - tree_names(game) - terminals)
    assert not dead, f"{game}: {transformer.__name__} methods for no grammar rule: {', '.join(dead)}"
    stale = sorted(set(getattr(transformer, "PASS_THROUGH", {})) - tree_names(game))
    assert not stale, f"{game}: PASS_THROUGH lists rules the parser does not build: {', '.join(stale)}"
    needless = sorted(set(getattr(transformer, "PASS_THROUGH", {})) & transformer_methods(game))
    assert not needless, f"{game}: PASS_THROUGH lists rules that have a method: {', '.join(needless)}"


_RULE = re.compile(r"^\??(?P<name>[_a-z][_a-z0-9]*)(\.-?\d+)?\s*:", re.MULTILINE)


def defined_rules(grammar: str) -> set[str]:
    """The rules a grammar file defines (lower-case names at the start of a line)."""
    return {match["name"] for match in _RULE.finditer((GRAMMAR_DIR / grammar).read_text(encoding="utf-8"))}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_grammar_is_reached(game):
    """A rule of the game's .lark file that no start rule reaches is dead: Lark drops it silently."""
    built = {str(rule.origin.name) for rule in parser(game).rules}
    dead = sorted(defined_rules(LANGUAGES[game].grammar) - built)
    assert not dead, f"{game}: rules of {LANGUAGES[game].grammar} no start rule reaches: {', '.join(dead)}"


def test_every_rule_of_the_core_grammar_is_used():
    """Each rule of core.lark is built by at least one game's parser."""
    built = {str(rule.origin.name) for game in GAMES for rule in parser(game).rules}
    dead = sorted(defined_rules("core.lark") - built)
    assert not dead, f"rules of core.lark no game uses: {', '.join(dead)}"


def test_the_base_transformer_reads_core_rules_some_game_uses():
    """`UnitTransformer`'s rule methods (`list_entry`, `param`) read rules of core.lark that a game builds."""
    methods = {name for name, value in vars(UnitTransformer).items() if not name.startswith("_") and not inspect.isfunction(value) and callable(value)}
    used = set().union(*(tree_names(game) for game in GAMES))
    dead = sorted(methods - (defined_rules("core.lark") & used))
    assert not dead, f"UnitTransformer methods for no rule of core.lark a game uses: {', '.join(dead)}"
