"""Duel de dragons' fixed part: the rules, the card pool, each player's collection.

A `DragonsGame` holds what does not change during a duel and makes states.
Its setup (for a record's header) names the rules file and gives each
player's collection as the list of its card names, so a record replays
without the collection files, and a duel never writes to them: the cards'
statistics are read from the card pool, and fatigue lives in the state only
(rulebook, "La fatigue": "votre collection n'est jamais modifiée").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.state import Game
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, nearest, shorten
from atout.interpreter.language.nodes import CardList

from .ast import Carte, NomDeStatistique, Statistiques
from .powers import FatiguePropre, Pouvoir
from .rules import DragonsRules
from .state import DragonsState

#: The four statistics, in the rulebook's order; a card's stats are 4-tuples in
#: this order (their printed names, by index: `writing.STAT_NAMES`).
STATS: tuple[NomDeStatistique, ...] = tuple(NomDeStatistique)


def stats_tuple(statistiques: Statistiques) -> tuple[int, int, int, int]:
    """A card's four statistics, in the order of `STATS`."""
    first, second, third, fourth = (statistiques.of(stat) for stat in STATS)
    return first, second, third, fourth


@dataclass(frozen=True)
class CollectionChoice:
    """A player's collection for a duel: its name and its cards (names, repeated per copy)."""

    name: str
    cards: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        """For a record's header."""
        return {"name": self.name, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CollectionChoice:
        """From a record's header."""
        return cls(str(data["name"]), tuple(data["cards"]))

    @classmethod
    def from_list(cls, collection: CardList) -> CollectionChoice:
        """From a collection file."""
        return cls(collection.name, tuple(e.name for e in collection.entries for _ in range(e.count)))


@dataclass
class DragonsGame(Game):
    """The rules, the card pool and the two collections of one duel."""

    name = "dragons"

    rules: DragonsRules
    cards: dict[str, Carte]
    collections: tuple[CollectionChoice, CollectionChoice]
    files_digest: str = ""
    rules_name: str | None = None
    #: Each seat's collection as a shuffled pile of card ids, made once and copied by each duel.
    piles: dict[int, Any] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        #: Each card's full statistics as a 4-tuple, by name.
        self.stats: dict[str, tuple[int, int, int, int]] = {name: stats_tuple(card.statistiques) for name, card in self.cards.items()}
        self.check_collections()
        # Card ids of a duel: P1's collection then P2's, each in name order.
        self.card_names: list[str] = []
        self.owned: list[list[int]] = [[], []]
        for seat, collection in enumerate(self.collections):
            for name in sorted(collection.cards):
                self.owned[seat].append(len(self.card_names))
                self.card_names.append(name)
        self.card_stats: list[tuple[int, int, int, int]] = [self.stats[name] for name in self.card_names]
        # Version 2: each card's powers and own fatigue (None: the rules'), by card id.
        properties = [self.cards[name].proprietes for name in self.card_names]
        self.card_powers: list[tuple[Pouvoir, ...]] = [tuple(p for p in props if isinstance(p, Pouvoir)) for props in properties]
        self.card_fatigue: list[int | None] = [next((p.fatigue(self.rules.fatigue) for p in props if isinstance(p, FatiguePropre)), None) for props in properties]
        #: True when a card of the duel has a power (a duel of the rulebook's cards reads none).
        self.with_powers = any(self.card_powers)

    @classmethod
    def from_files(cls, files: GameFiles, collections: tuple[CollectionChoice, CollectionChoice], rules: str | None = None) -> DragonsGame:
        """A duel from validated files and the two players' collections."""
        cards = {card.name: card for file in files.card_files for card in file.cards if isinstance(card, Carte)}
        return cls(files.rules(rules), cards, collections, files.digest(), rules)

    def check_collections(self) -> None:
        """Each collection names known cards and is big enough for these rules; raise with diagnostics if not.

        "Petite collection : refusée" refuses a collection with fewer cards
        than a duel draws; "duel réduit" plays with all of them, as long as
        they fill a hand.
        """
        problems = []
        rules = self.rules
        for seat, collection in enumerate(self.collections):
            who = f'P{seat + 1}\'s collection "{shorten(collection.name)}"'
            unknown = sorted({name for name in collection.cards if name not in self.cards})
            for name in unknown:
                problems.append(
                    Diagnostic(
                        "E400",
                        f'{who} names an unknown card "{shorten(name)}"',
                        collection.name or "collection",
                        suggestion=nearest(name, self.cards),
                    )
                )
            size = len(collection.cards)
            if unknown:
                continue
            if rules.small_collection == "refusee" and size < rules.drawn:
                problems.append(
                    Diagnostic(
                        "E401",
                        f'{who} has {size} cards, and a duel draws {rules.drawn} ("Cartes tirées de la collection"); '
                        f'with "Petite collection : refusée" it cannot be used: add {rules.drawn - size} cards, '
                        f'or play with "Petite collection : duel réduit"',
                        collection.name or "collection",
                    )
                )
            elif size < rules.hand:
                problems.append(
                    Diagnostic(
                        "E401",
                        f'{who} has {size} cards, fewer than a hand of {rules.hand} ("Cartes en main"): add {rules.hand - size}',
                        collection.name or "collection",
                    )
                )
        if problems:
            raise DiagnosticError(problems)

    def drawn(self, seat: int) -> int:
        """How many cards the duel draws from a seat's collection (all of a small one: "duel réduit")."""
        return min(self.rules.drawn, len(self.collections[seat].cards))

    def new_state(self) -> DragonsState:
        """The state of a new duel, waiting for the first draw."""
        return DragonsState(self)

    def choices(self) -> dict[str, Any]:
        """The collections, for a record's header."""
        # each collection's cards in name order: the order of a collection does not change the duel
        return {"collections": [{"name": c.name, "cards": sorted(c.cards)} for c in self.collections]}


#: How the AST classes of `ast.py` that are not constructs are read: the
#: card is read by the game (its statistics, fatigue and powers, which are
#: constructs with their own handlers).
READ_BY: dict[type, str] = {
    Carte: "DragonsGame",
}
