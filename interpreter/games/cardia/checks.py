"""Duel pour Cardia's checks beyond syntax: the composition of the decks and the Lieu set."""

from __future__ import annotations

from collections import defaultdict

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.diagnostics import shorten
from atout.interpreter.language.nodes import CardFile, Span

from .ast import MAX_INFLUENCE, Faction, Lieu, Paquet, Personnage
from .rules import CardiaRules


def check_set(files: list[CardFile], rules: CardiaRules, report: Reporter) -> None:
    """Each deck present holds each influence 1..N once and all four factions; the Lieu count.

    A deck is checked when at least one of its cards is among the files; the
    Lieu cards are counted when at least one is. What is wrong with the
    decks is told in one message, every problem listed, at the designer's
    place (`Reporter.set_place`: the extension file, never a file of the
    base), with the `Sans :` lines that leave out the base's characters
    that clash with the designer's.
    """
    decks: dict[Paquet, list[Personnage]] = defaultdict(list)
    first_file: dict[Paquet, CardFile] = {}
    lieux: list[Lieu] = []
    lieu_file: CardFile | None = None
    for file in files:
        for card in file.cards:
            if isinstance(card, Personnage):
                decks[card.paquet].append(card)
                first_file.setdefault(card.paquet, file)
            elif isinstance(card, Lieu):
                lieux.append(card)
                lieu_file = lieu_file or file
    found = _Problems()
    for paquet in Paquet:
        if paquet in decks:
            _check_deck(paquet, decks[paquet], rules, report, found)
    if found.lines:
        top = _top(first_file[found.first])
        where = report.set_place(found.places, next((p for p in found.places if p is not None), report.at_parameter("cards_per_deck", top)))
        report.report("E301", found.message(rules.cards_per_deck, report), where, file=_file_of(first_file[found.first]))
    if lieux and len(lieux) != rules.lieu_cards and lieu_file is not None:
        places = [lieu.span for lieu in lieux]
        report.report(
            "E301",
            f'the Lieu cards number {rules.lieu_cards} (Cartes Lieu in the rules); there are {len(lieux)}: write "Cartes Lieu : {len(lieux)}" in the rules, or leave out or add Lieu cards',
            report.at_parameter("lieu_cards", report.set_place(places, _top(lieu_file))),
            file=_file_of(lieu_file),
        )


class _Problems:
    """What is wrong with the decks of a set, gathered to be told in one message."""

    def __init__(self) -> None:
        #: One line per problem, in the order found.
        self.lines: list[str] = []
        #: The places of the cards involved (the designer's first, for where the message goes).
        self.places: list[Span | None] = []
        #: The base's characters that clash with the designer's: leaving them out fixes the clash.
        self.leave_out: list[str] = []
        #: True when characters the designer wrote (all of them, in a set without base) clash.
        self.own_clash = False
        #: True when a character's influence is over the deck's size.
        self.over = False
        #: True when a deck misses an influence or a faction.
        self.missing = False
        #: The influences some deck has no character of (where a clashing character may go).
        self.free: list[str] = []
        #: The first deck with a problem.
        self.first = Paquet.PAQUET_I

    def add(self, paquet: Paquet, line: str, places: list[Span | None] = ()) -> None:  # type: ignore[assignment]
        if not self.lines:
            self.first = paquet
        self.lines.append(line)
        self.places.extend(places)

    def message(self, size: int, report: Reporter) -> str:
        """The whole message: what is wrong, then how to fix it."""
        head = f"the decks must hold each influence from 1 to {size} once (Cartes par paquet in the rules) and all four factions:"
        body = "".join(f"\n        {line}" for line in self.lines)
        fixes = []
        if self.leave_out:
            fixes.append(report.fix_by_leaving_out(self.leave_out))
        if self.own_clash and not report.layer:
            fixes.append("change the characters' influences")
        elif self.own_clash and self.free:  # (a deck that holds every influence leaves no other way than the lines above)
            fixes.append(f"give your characters influences their deck does not have ({'; '.join(self.free)})")
        if self.over:
            fixes.append('change "Cartes par paquet" in the rules')
        text = "\n    or ".join(fixes)
        if self.missing:
            text += ("\n    and " if text else "") + "give each deck a character of each influence and faction it misses"
        return head + body + "\n    " + text


def _check_deck(paquet: Paquet, cards: list[Personnage], rules: CardiaRules, report: Reporter, found: _Problems) -> None:
    """One deck: each influence once, none over the deck's size, every faction."""
    size = rules.cards_per_deck
    name = paquet.value
    by_influence: dict[int, list[Personnage]] = defaultdict(list)
    for card in cards:
        by_influence[card.influence].append(card)
    for influence, same in sorted(by_influence.items()):
        base = [card for card in same if report.in_base(card.span)]
        mine = [card for card in same if not report.in_base(card.span)]
        if size < influence <= MAX_INFLUENCE:  # beyond that, the card's own E200 says it
            found.add(paquet, f"{name}, influence {influence}, more than {size}: {_names(same, report)}", [c.span for c in mine])
            found.leave_out += [card.name for card in base]
            found.own_clash = found.own_clash or bool(mine)
            found.over = True
        elif len(same) > 1:
            found.add(paquet, f"{name}, influence {influence} {_times(len(same))}: {_names(same, report)}", [c.span for c in mine[1:] or mine])
            if mine:
                found.leave_out += [card.name for card in base]
            found.own_clash = found.own_clash or bool(mine)
    missing = [influence for influence in range(1, size + 1) if not by_influence.get(influence)]
    if missing:
        found.add(paquet, f"{name} has no character of influence {_enumerate(missing)}")
        found.missing = True
        found.free.append(f"{name}: {_enumerate(missing, 'or')}")
    present = {card.faction for card in cards}
    absent = [faction.value for faction in Faction if faction not in present]
    if absent:
        found.add(paquet, f"{name} has no {_enumerate(absent, 'nor')} character")
        found.missing = True


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"


def _names(cards: list[Personnage], report: Reporter) -> str:
    """`"Espionne" (the base's) and "Forgeron" (mes-cartes.atout:8)`."""
    shown = []
    for card in cards:
        if report.in_base(card.span):
            shown.append(f'"{shorten(card.name)}" (the base\'s)')
        else:
            shown.append(f'"{shorten(card.name)}" ({card.span.file}:{card.span.line})' if card.span else f'"{shorten(card.name)}"')
    return _enumerate(shown)


def _enumerate(items: list, last: str = "and") -> str:
    """`3`, `3 and 7`, `1, 2 and 5`."""
    shown = [str(n) for n in items]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {last} " + shown[-1]


def _top(file: CardFile) -> Span | None:
    """The place of a file's header line."""
    return Span(file.span.file, 1, 1, 1, 1) if file.span else None


def _file_of(node) -> str:
    return node.span.file if node.span else "?"
