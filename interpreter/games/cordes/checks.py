"""Dans les Cordes's checks beyond syntax: the box, and the names in restrictions.

The card files validated together are taken as the box (the shipped box is
the folder `cards/cordes`): the shared draw pile is made of all of them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.diagnostics import nearest, shorten
from atout.interpreter.language.nodes import CardFile
from atout.interpreter.language.text import fold

from .ast import CARD_TYPES, Against, CardType, Defense, Riposte
from .powers import check_powers
from .rules import CordesRules

#: The card types whose names a restriction may give: the types of a blow.
BLOW_TYPES = (CardType.ATTACK, CardType.RIPOSTE)


def check_set(files: list[CardFile], rules: CordesRules, report: Reporter) -> None:
    """The box holds what the rules say (E301); restrictions name blows of the box (E400); powers end (E410)."""
    if not files:
        return
    check_box(files, rules, report)
    check_restrictions(files, report, rules)
    for file in files:
        for card in file.cards:
            check_powers(card, report)


def check_box(files: list[CardFile], rules: CordesRules, report: Reporter) -> None:
    """Copies of each type, as the rules file's box counts say (E301): one message for every count off.

    A count is no one card's fault: it is told at the line of the
    designer's rules that gives one of the counts off, else at the
    designer's place (`Reporter.set_place`: the extension file, or the
    designer's last card file), never at a shipped file; else at the top
    of the last card file. The message lists every count off and writes
    out the lines of the rules that would make them right. The box's size
    is the sum of these counts.
    """
    cards = [card for file in files for card in file.cards if isinstance(card, CARD_TYPES)]
    held: Counter[CardType] = Counter()
    for card in cards:
        held[card.TYPE] += card.copies
    where, file = files[-1].span, _file_of(files[-1])
    off: list[str] = []
    lines: list[str] = []
    fields: list[str] = []
    for card_type in CardType:
        wanted, has = rules.box_count(card_type), held[card_type]
        if has == wanted:
            continue
        if card_type is CardType.GONG:
            off.append(f"GONG: the box has exactly one GONG card; these card files hold {has}")
            continue
        alias = f"{card_type.value} cards"
        off.append(f'{card_type.value}: {wanted} cards ("{alias}" in the rules); these card files hold {has}')
        lines.append(f"{alias} : {has}")
        fields.append(f"{card_type.name.lower()}_cards")
    if not off:
        return
    given = next((report.parameters[field] for field in fields if field in report.parameters), None)
    mine = [f.span for f in files if not report.in_base(f.span)]
    place = given or report.set_place(reversed(mine), where)
    fix = ""
    if lines:
        target = f"in {Path(given.file).name}" if given is not None else "in the set's main rules file (rules.atout)"
        fix = f"\n    write {'this line' if len(lines) == 1 else 'these lines'} {target}:" + "".join(f"\n        {line}" for line in lines)
        fix += "\n    or change the cards' copies"
    else:
        fix = "\n    change the cards' copies"
    message = "the box does not hold what the rules say:" + "".join(f"\n        {line}" for line in off) + fix
    report.report("E301", message, place, file=file)


def check_restrictions(files: list[CardFile], report: Reporter, rules: CordesRules | None = None) -> None:
    """Every name in `of type "…"` is an ATTACK or RIPOSTE card of the box (E400).

    A name in the designer's card is told at the name. Names in the base's
    cards that the designer's set no longer has (cards left out, or
    replaced by cards of another type) are told in one message at the
    designer's place, with the lines that leave those base cards out too
    (and the counts of the rules those lines change, so that one round of
    fixes is enough).
    """
    cards = [card for file in files for card in file.cards if isinstance(card, CARD_TYPES)]
    blows = {fold(card.name): card.name for card in cards if card.TYPE in BLOW_TYPES}
    others = {fold(card.name): card for card in cards if card.TYPE not in BLOW_TYPES}
    in_base: dict[str, list[str]] = {}
    for card in cards:
        if not isinstance(card, (Defense, Riposte)) or not isinstance(card.against, Against):
            continue
        for attack_name in card.against.names:
            key = fold(attack_name.name)
            if key in blows:
                continue
            if report.in_base(attack_name.span):
                in_base.setdefault(card.name, []).append(attack_name.name)
                continue
            if key in others:
                message = f'"{shorten(attack_name.name)}" is a {others[key].TYPE.value} card; a restriction names ATTACK or RIPOSTE cards'
            else:
                message = f'no ATTACK or RIPOSTE card is named "{shorten(attack_name.name)}" in the Dans les Cordes card files'
            report.report("E400", message, attack_name.span, nearest(attack_name.name, blows.values()))
    if in_base:
        counts = _counts_without(files, set(in_base), rules) if rules is not None else []
        listed = "".join(f'\n        "{shorten(name)}" answers blows of type {" or ".join(chr(34) + shorten(n) + chr(34) for n in names)}' for name, names in in_base.items())
        message = (
            "cards of the base answer blows that are no longer ATTACK or RIPOSTE cards of this box:"
            + listed
            + "\n    "
            + report.fix_by_leaving_out(in_base)
            + ("\n    and, as they leave the box, write in the rules:" + "".join(f"\n        {line}" for line in counts) if counts else "")
            + "\n    or give ATTACK or RIPOSTE cards of these names"
        )
        report.report("E400", message, report.set_place([f.span for f in files if not report.in_base(f.span)], None), file=_file_of(files[-1]))


def _counts_without(files: list[CardFile], left_out: set[str], rules: CordesRules) -> list[str]:
    """The lines of the rules whose counts change when these cards leave the box (those that would be off)."""
    held: Counter[CardType] = Counter()
    for card in (card for file in files for card in file.cards if isinstance(card, CARD_TYPES)):
        if card.name not in left_out:
            held[card.TYPE] += card.copies
    changed = {card.TYPE for file in files for card in file.cards if isinstance(card, CARD_TYPES) and card.name in left_out}
    return [f"{card_type.value} cards : {held[card_type]}" for card_type in CardType if card_type in changed and card_type is not CardType.GONG and held[card_type] != rules.box_count(card_type)]


def _file_of(node: CardFile) -> str:
    return node.span.file if node.span else "?"
