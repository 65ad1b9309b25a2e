"""BattleFight's card language: its files, grammar, transformer, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, deck_kind, rules_kind

from . import ast, checks, conditions, moves, powers, quantities, writing
from .rules import BattleFightRules
from .transformer import BattleFightTransformer

LANGUAGE = GameLanguage(
    name="battlefight",
    title="BattleFight",
    header_names=("BattleFight", "Battle Fight"),
    grammar="battlefight.lark",
    kinds=(
        FileKind("cards", ("cartes", "techniques"), "technique", "card"),
        FileKind("basics", ("techniques de base",), "technique", "card"),
        deck_kind("deck"),
        rules_kind("règles"),
    ),
    transformer=BattleFightTransformer,
    rules_model=BattleFightRules,
    check_set=checks.check_set,
    check_list=checks.check_list,
    write_card=writing.write_card,
    constructs=(*ast.KEYWORDS, *quantities.CONSTRUCTS, *conditions.CONSTRUCTS, *moves.CONSTRUCTS, *powers.CONSTRUCTS),
)
