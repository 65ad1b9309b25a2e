"""Duel de dragons' card language: its files, grammar, transformer, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, collection_kind, rules_kind

from . import ast, checks, conditions, effects, moves, powers, writing
from .rules import DragonsRules
from .transformer import DragonsTransformer

LANGUAGE = GameLanguage(
    name="dragons",
    title="Duel de dragons",
    header_names=("Duel de dragons",),
    grammar="dragons.lark",
    kinds=(
        FileKind("cards", ("cartes",), "carte", "card"),
        collection_kind("collection"),
        rules_kind("règles"),
    ),
    transformer=DragonsTransformer,
    rules_model=DragonsRules,
    check_set=checks.check_set,
    check_list=checks.check_list,
    write_card=writing.write_card,
    constructs=(ast.Statistique, ast.Statistiques) + conditions.CONSTRUCTS + powers.CONSTRUCTS + effects.CONSTRUCTS + moves.CONSTRUCTS,
)
