"""Duel de dragons' checks beyond syntax: powers that mean something, rarity bands, collections fit for a duel."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.diagnostics import shorten
from atout.interpreter.language.nodes import CardFile, CardList, Node

from .ast import Carte, Rarete
from .conditions import Ecart, EstUn, Lieu, StatistiqueDeCarte, Visee
from .effects import Bonus, ChangeStatistique, ChoisisStatistiques, Copie, GagneEgalites
from .moves import Mets, Regarde
from .powers import Moment, Pouvoir
from .rules import BAND_FIELDS, DragonsRules


def _walk(node: BaseModel) -> Iterator[Node]:
    """The nodes under a node (itself first), depth first."""
    if isinstance(node, Node):
        yield node
    for value in node.__dict__.values():
        for item in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(item, BaseModel):
                yield from _walk(item)


def _speaks_of_other_card(node: Node) -> bool:
    carte = getattr(node, "carte", None)
    return isinstance(node, (EstUn, StatistiqueDeCarte, ChangeStatistique, Mets)) and carte is Visee.CARTE_ADVERSE


#: The moments before the cards are chosen: no card is played, the round's statistics may still change.
_BEFORE_THE_CARDS = (Moment.DEBUT, Moment.ECHANGEE)
_WHEN = {Moment.DEBUT: "at the start of the round", Moment.ECHANGEE: "when a card is swapped"}


def _counts_in_totals(node: Node) -> bool:
    """Besides a bonus, what counts only in this round's totals: a change `pour cette manche`, a copy, winning ties."""
    return isinstance(node, (GagneEgalites, Copie)) or (isinstance(node, ChangeStatistique) and node.manche)


#: The moments once this round's cards are compared: its margin is known.
_AFTER_THE_TOTALS = (Moment.GAGNE, Moment.PERD)


def check_powers(file: CardFile, report: Reporter) -> None:
    """Each power says something that can happen (E350-E353), at the words that cannot.

    - E350: a bonus to the round's total (`+10 en Ruse`, not `pendant N
      manches`) in a power with a trigger: totals are compared at the reveal, when only the powers
      without a trigger work; the same for what else counts in this round's
      totals: a change `pour cette manche`, `cette carte gagne les égalités`;
    - E351: `la carte adverse` in a power that works `au début de la manche`
      or `quand cette carte est échangée`, when no card is played yet;
    - E352: a move that moves nothing: from a zone to the same zone (`de ta
      main dans la main`), a played card `dans la main` (it is there), or
      `regarde` a hand (only the reserve and the cards left out are piles);
    - E353: `choisis les statistiques de la manche` in a power that works
      once the cards are chosen (at the reveal, when a card wins or loses);
    - E354: `l'écart de la manche` (this round's) in a power that works
      before the cards are compared.
    """
    where = file.span.file if file.span else "?"
    for card in file.cards:
        if not isinstance(card, Carte):
            continue
        for power in card.proprietes:
            if not isinstance(power, Pouvoir):
                continue
            for node in _walk(power):
                if not isinstance(node, Construct):
                    continue
                place = node.span or power.span
                if isinstance(node, Bonus) and node.manches is None and power.moment is not Moment.REVELEE:
                    report.report(
                        "E350",
                        f'"{node.write()}" adds to this round\'s total, which is counted when the cards are revealed: write it in a power without "{power.declencheur.write()}"',  # type: ignore[union-attr]
                        place,
                        file=where,
                    )
                if _counts_in_totals(node) and power.moment is not Moment.REVELEE:
                    report.report(
                        "E350",
                        f'"{node.write()}" counts in this round\'s totals, which are compared when the cards are revealed: write it in a power without "{power.declencheur.write()}"',  # type: ignore[union-attr]
                        place,
                        file=where,
                    )
                if isinstance(node, ChoisisStatistiques) and power.moment not in _BEFORE_THE_CARDS:
                    report.report(
                        "E353",
                        f'"{node.write()}" comes too late: the cards are chosen for the statistics already drawn; write it in a power "au début de la manche" or "quand cette carte est échangée"',
                        place,
                        file=where,
                    )
                if isinstance(node, Ecart) and not node.precedente and power.moment not in _AFTER_THE_TOTALS:
                    report.report(
                        "E354",
                        f'"{node.write()}" is known once this round\'s totals are compared: write it in a power "quand cette carte gagne une manche" '
                        'or "quand cette carte perd une manche", or speak of "l\'écart de la manche précédente"',
                        place,
                        file=where,
                    )
                if _speaks_of_other_card(node) and power.moment in _BEFORE_THE_CARDS:
                    report.report(
                        "E351",
                        f'"{node.write()}" speaks of the other player\'s card, and {_WHEN[power.moment]} no card is '
                        'played yet: use it in a power that works at the reveal or "quand cette carte gagne/perd une manche"',
                        place,
                        file=where,
                    )
                problem = _moves_nothing(node)
                if problem:
                    report.report("E352", f'"{node.write()}" {problem}', place, file=where)


def _moves_nothing(node: Node) -> str | None:
    """Why a move moves nothing, or None."""
    if isinstance(node, Mets):
        if node.source is None and node.destination is Lieu.MAIN:
            return 'moves nothing: a played card is in its hand already; write "dans la réserve" or "hors du duel"'
        if node.source is not None and node.source.lieu is node.destination:
            return "moves nothing: the cards would go where they are; name another zone"
    if isinstance(node, Regarde):
        if node.source.lieu is Lieu.MAIN:
            return 'looks at no pile: a hand has no first cards; look at "ta réserve" or "tes cartes écartées"'
        if node.prises and node.destination is node.source.lieu:
            return "moves nothing: the cards would go back where they are; name another zone"
    return None


def check_set(files: list[CardFile], rules: DragonsRules, report: Reporter) -> None:
    """Every power means something (`check_powers`); every card's stat total lies in its rarity's band (E301).

    A card of the designer's is told at its statistics. Cards of the base
    that a band of the designer's rules leaves out are no fault of theirs:
    they are told in one message per band, at the line of the rules that
    gives it (else at the designer's place, never at a shipped file), with
    the band that would hold them and the `Sans :` lines that leave them out.
    """
    for file in files:
        check_powers(file, report)
    outside: dict[Rarete, list[Carte]] = {}
    for file in files:
        for card in file.cards:
            if not isinstance(card, Carte) or not card.statistiques.is_complete():
                continue  # a card with errors is reported already
            stats = card.statistiques
            band = rules.band(card.rarete)
            total = stats.total()
            if band.contains(total):
                continue
            if report.in_base(card.span):
                outside.setdefault(card.rarete, []).append(card)
                continue
            if total > band.maximum:
                fix = f"take {total - band.maximum} off" + (", or make it rarer" if card.rarete is not Rarete.MYTHIQUE else "")
            else:
                fix = f"add {band.minimum - total}" + (", or make it more common" if card.rarete is not Rarete.COMMUNE else "")
            report.report(
                "E301",
                f'"{shorten(card.name)}" is {card.rarete.value}, and a {card.rarete.value} card\'s statistics total '
                f'from {band.minimum} to {band.maximum} ("{rules.band_name(card.rarete)}" in the rules); '
                f"these total {total}: {fix}",
                stats.span,
                file=_file_of(file),
            )

    for rarete, cards in outside.items():
        _base_outside_band(rarete, cards, files, rules, report)


def _base_outside_band(rarete: Rarete, cards: list[Carte], files: list[CardFile], rules: DragonsRules, report: Reporter) -> None:
    """The base's cards of one rarity outside its band, as the designer's rules give it: one message."""
    band, name = rules.band(rarete), rules.band_name(rarete)
    totals = [card.statistiques.total() for card in cards]
    low, high = min(band.minimum, *totals), max(band.maximum, *totals)
    listed = "".join(f'\n        "{shorten(card.name)}": {total}' for card, total in zip(cards, totals))
    message = (
        f"{len(cards)} {rarete.value} card{'s' * (len(cards) != 1)} of the base total outside "
        f'{band.minimum} to {band.maximum} ("{name}" in the rules):{listed}'
        f'\n    write "{name} : {low} à {high}" in the rules'
        f"\n    or {report.fix_by_leaving_out(card.name for card in cards)}"
    )
    mine = [file.span for file in files if not report.in_base(file.span)]
    where = report.at_parameter(BAND_FIELDS[rarete], report.set_place(mine, cards[0].span))
    report.report("E301", message, where, file=_file_of(files[-1]))


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
            f'even a reduced duel needs a hand of {rules.hand} cards ("Cartes en main"); this collection has {total}: add {rules.hand - total}',
            where,
            file=_file_of(collection),
        )


def _file_of(node) -> str:
    return node.span.file if node.span else "?"
