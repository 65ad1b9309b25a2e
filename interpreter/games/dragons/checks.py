"""Duel de dragons' checks beyond syntax: rarity bands, collections fit for a duel."""

from __future__ import annotations

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.nodes import CardFile, CardList

from .ast import Carte, Rarete
from .rules import DragonsRules


def check_set(files: list[CardFile], rules: DragonsRules, report: Reporter) -> None:
    """Every card's stat total lies in its rarity's band (E301, at the statistics)."""
    for file in files:
        for card in file.cards:
            if not isinstance(card, Carte) or not card.statistiques.is_complete():
                continue  # a card with errors is reported already
            stats = card.statistiques
            band = rules.band(card.rarete)
            total = stats.total()
            if band.contains(total):
                continue
            if total > band.maximum:
                fix = f"take {total - band.maximum} off" + (", or make it rarer" if card.rarete is not Rarete.MYTHIQUE else "")
            else:
                fix = f"add {band.minimum - total}" + (", or make it more common" if card.rarete is not Rarete.COMMUNE else "")
            report.report(
                "E301",
                f'"{card.name}" is {card.rarete.value}, and a {card.rarete.value} card\'s statistics total '
                f'from {band.minimum} to {band.maximum} ("{rules.band_name(card.rarete)}" in the rules); '
                f"these total {total}: {fix}",
                stats.span,
                file=_file_of(file),
            )


def check_list(collection: CardList, catalogue: dict[str, Carte], rules: DragonsRules, report: Reporter) -> None:
    """A collection holds enough cards for a duel under the rules (E401).

    With "Petite collection : refusée" it needs the `Cartes tirées de la
    collection` of a duel; with "duel réduit" it needs at least a hand.
    """
    if any(entry.name not in catalogue for entry in collection.entries):
        return  # unknown names are reported already; counts would mislead
    total = collection.total()
    where = collection.span
    if rules.small_collection == "refusee" and total < rules.drawn:
        report.report(
            "E401",
            f'a duel draws {rules.drawn} cards from the collection ("Cartes tirées de la collection"); '
            f"this collection has {total}: add {rules.drawn - total}, "
            f'or set "Petite collection : duel réduit" in the rules',
            where,
            file=_file_of(collection),
        )
    elif total < rules.hand:
        report.report(
            "E401",
            f'even a reduced duel needs a hand of {rules.hand} cards ("Cartes en main"); '
            f"this collection has {total}: add {rules.hand - total}",
            where,
            file=_file_of(collection),
        )


def _file_of(node) -> str:
    return node.span.file if node.span else "?"
