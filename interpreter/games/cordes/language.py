"""Dans les Cordes's card language: its files, grammar, transformer, constructs, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, rules_kind

from . import ast, blows, checks, conditions, effects, moves, powers, writing
from .rules import CordesRules
from .transformer import CordesTransformer

LANGUAGE: GameLanguage[CordesRules, ast.Card] = GameLanguage(
    name="cordes",
    title="Dans les Cordes",
    header_names=("Dans les Cordes",),
    grammar="cordes.lark",
    kinds=(
        FileKind("cards", ("cards",), "card", "card"),
        rules_kind("rules"),
    ),
    transformer=CordesTransformer,
    rules_model=CordesRules,
    check_set=checks.check_set,
    write_card=writing.write_card,
    constructs=(*effects.CONSTRUCTS, *conditions.CONSTRUCTS, *moves.CONSTRUCTS, *powers.CONSTRUCTS, *blows.CONSTRUCTS),
)
