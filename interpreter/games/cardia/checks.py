"""Duel pour Cardia's checks beyond syntax: the composition of the decks and the Lieu set."""

from __future__ import annotations

from collections import defaultdict

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.nodes import CardFile, Span

from .ast import MAX_INFLUENCE, Faction, Lieu, Paquet, Personnage
from .rules import CardiaRules


def check_set(files: list[CardFile], rules: CardiaRules, report: Reporter) -> None:
    """Each deck present holds each influence 1..N once and all four factions; the Lieu count.

    A deck is checked when at least one of its cards is among the files; the
    Lieu cards are counted when at least one is.
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
    for paquet in Paquet:
        if paquet in decks:
            _check_deck(paquet, decks[paquet], first_file[paquet], rules, report)
    if lieux and len(lieux) != rules.lieu_cards and lieu_file is not None:
        report.report(
            "E301",
            f"the Lieu cards number {rules.lieu_cards} (Cartes Lieu in the rules); there are {len(lieux)}",
            report.at_parameter("lieu_cards", _top(lieu_file)),
            file=_file_of(lieu_file),
        )


def _check_deck(paquet: Paquet, cards: list[Personnage], file: CardFile, rules: CardiaRules, report: Reporter) -> None:
    """One deck: its size, each influence once, every faction."""
    size = rules.cards_per_deck
    where = _top(file)
    if len(cards) != size:
        report.report(
            "E301",
            f"{paquet.value} has {len(cards)} characters; a deck has {size} (Cartes par paquet in the rules)",
            report.at_parameter("cards_per_deck", where),
            file=_file_of(file),
        )
    by_influence: dict[int, list[Personnage]] = defaultdict(list)
    for card in cards:
        by_influence[card.influence].append(card)
    missing = [influence for influence in range(1, size + 1) if not by_influence.get(influence)]
    if missing:
        report.report(
            "E301",
            f"{paquet.value} has no character of influence {_enumerate(missing)}: "
            f"a deck has each influence from 1 to {size} once",
            where,
            file=_file_of(file),
        )
    for influence, same in sorted(by_influence.items()):
        if size < influence <= MAX_INFLUENCE:  # beyond that, the card's own E200 says it
            for card in same:
                report.report(
                    "E301",
                    f"{paquet.value}: influence {influence} is more than {size} (Cartes par paquet): "
                    f"a deck has each influence from 1 to {size} once",
                    card.span,
                )
        for card in same[1:]:
            report.report(
                "E301",
                f'{paquet.value} has influence {influence} twice ("{same[0].name}" and "{card.name}"): '
                f"a deck has each influence from 1 to {size} once",
                card.span,
            )
    present = {card.faction for card in cards}
    for faction in Faction:
        if faction not in present:
            report.report(
                "E301",
                f"{paquet.value} has no {faction.value} character: a deck has all four factions",
                where,
                file=_file_of(file),
            )


def _enumerate(numbers: list[int]) -> str:
    """`3`, `3 and 7`, `1, 2 and 5`."""
    shown = [str(n) for n in numbers]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _top(file: CardFile) -> Span | None:
    """The place of a file's header line."""
    return Span(file.span.file, 1, 1, 1, 1) if file.span else None


def _file_of(node) -> str:
    return node.span.file if node.span else "?"
