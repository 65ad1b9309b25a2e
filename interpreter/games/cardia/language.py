"""Duel pour Cardia's card language: its files, grammar, transformer, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, rules_kind

from . import abilities, ast, checks, conditions, effects, moves, persistent, rule_changes, targets, writing
from .rules import CardiaRules
from .transformer import CardiaTransformer

LANGUAGE: GameLanguage[CardiaRules, ast.Personnage] = GameLanguage(
    name="cardia",
    title="Duel pour Cardia",
    header_names=("Duel pour Cardia", "Cardia"),
    grammar="cardia.lark",
    kinds=(
        FileKind("cards", ("cartes",), "carte", "card"),
        rules_kind("règles"),
    ),
    transformer=CardiaTransformer,
    rules_model=CardiaRules,
    check_set=checks.check_set,
    write_card=writing.write_card,
    constructs=(
        targets.CONSTRUCTS + effects.CONSTRUCTS + persistent.CONSTRUCTS + conditions.CONSTRUCTS + moves.CONSTRUCTS + abilities.CONSTRUCTS
        + rule_changes.CONSTRUCTS
    ),
)
