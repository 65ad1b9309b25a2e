"""Dans les Cordes's checks beyond syntax: the box, and the names in restrictions.

The card files validated together are taken as the box (the shipped box is
the folder `cards/cordes`): the shared draw pile is made of all of them.
"""

from __future__ import annotations

from collections import Counter

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.diagnostics import nearest
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
    check_restrictions(files, report)
    for file in files:
        for card in file.cards:
            check_powers(card, report)


def check_box(files: list[CardFile], rules: CordesRules, report: Reporter) -> None:
    """Copies of each type, as the rules file's box counts say (E301).

    A count is no one card's fault: it is reported at the line of the
    designer's rules that gives it, else at the top of the last card file
    (a designer's, in a set laid over the shipped one). The message says
    which line of the rules to write. The box's size is the sum of these
    counts: it is told only when every type's count is right.
    """
    cards = [card for file in files for card in file.cards if isinstance(card, CARD_TYPES)]
    held: Counter[CardType] = Counter()
    for card in cards:
        held[card.TYPE] += card.copies
    where, file = files[-1].span, _file_of(files[-1])
    wrong = False
    for card_type in CardType:
        wanted, has = rules.box_count(card_type), held[card_type]
        if has == wanted:
            continue
        wrong = True
        if card_type is CardType.GONG:
            message = f"the box has exactly one GONG card; these card files hold {has}"
            report.report("E301", message, where, file=file)
            continue
        alias = f"{card_type.value} cards"
        message = (
            f'the box has {wanted} {card_type.value} cards ("{alias}" in the rules); these card files hold {has}: '
            f'write "{alias} : {has}" in the rules file, or change the cards\' copies'
        )
        report.report("E301", message, report.at_parameter(f"{card_type.name.lower()}_cards", where), file=file)
    total = sum(held.values())
    if not wrong and total != rules.box_size:  # pragma: no cover - the size is the sum of the counts
        report.report("E301", f"the box has {rules.box_size} cards; these card files hold {total}", where, file=file)


def check_restrictions(files: list[CardFile], report: Reporter) -> None:
    """Every name in `of type "…"` is an ATTACK or RIPOSTE card of the box (E400)."""
    cards = [card for file in files for card in file.cards if isinstance(card, CARD_TYPES)]
    blows = {fold(card.name): card.name for card in cards if card.TYPE in BLOW_TYPES}
    others = {fold(card.name): card for card in cards if card.TYPE not in BLOW_TYPES}
    for card in cards:
        if not isinstance(card, (Defense, Riposte)) or not isinstance(card.against, Against):
            continue
        for attack_name in card.against.names:
            key = fold(attack_name.name)
            if key in blows:
                continue
            if key in others:
                message = (
                    f'"{attack_name.name}" is a {others[key].TYPE.value} card; '
                    "a restriction names ATTACK or RIPOSTE cards"
                )
            else:
                message = f'no ATTACK or RIPOSTE card is named "{attack_name.name}" in the Dans les Cordes card files'
            report.report("E400", message, attack_name.span, nearest(attack_name.name, blows.values()))


def _file_of(node: CardFile) -> str:
    return node.span.file if node.span else "?"
