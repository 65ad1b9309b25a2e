"""Duel pour Cardia's fixed part: the rules, the deck both players use, the Lieu, the Protecteurs.

A `CardiaGame` is made from the validated files and a setup (the data a
record's header keeps)::

    {"deck": "I", "lieu": "Forteresse d'Arven", "protecteurs": true, "rules": null}

The Lieu's rule changes are applied once, here: the rules parameters it
replaces (seals to win, starting hand, cards drawn per turn) give the
*effective* rules (`rules`), and its other rules become flags the state reads
(`tie_to_fewer_seals`, `tie_both_act`, `tie_keeps_returning`, `victory_factions`,
`victory_streak`, `reshuffle`, `reshuffles`, `lieu_bonuses`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.state import Game
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, nearest, shorten
from atout.interpreter.language.text import fold

from . import ast
from .rules import CardiaRules
from .state import CardiaState

#: The decks by their short name on the command line and in the setup.
DECKS = {"I": ast.Paquet.PAQUET_I, "II": ast.Paquet.PAQUET_II}


def deck_key(value: str) -> str | None:
    """ "I" or "II" from "I", "ii", "1", "2", "Paquet II"; None if it names no deck."""
    word = fold(value).replace("paquet", "").strip().upper()
    return {"I": "I", "1": "I", "II": "II", "2": "II"}.get(word)


@dataclass
class CardiaGame(Game):
    """The rules, the deck, the Lieu and the Protecteurs of one game of Duel pour Cardia."""

    name = "cardia"
    #: Its records name the main rules file too (`"rules": null`).
    setup_names_main_rules = True

    base_rules: CardiaRules
    deck_name: str
    characters: list[ast.Personnage]
    lieu: ast.Lieu | None
    protecteurs: list[ast.Protecteur] | None
    files_digest: str = ""
    rules_name: str | None = None
    rules: CardiaRules = field(init=False)
    #: What its cards are, the same in each of its states (made by the first state, `state._CardTables`).
    card_tables: Any = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.characters = sorted(self.characters, key=lambda c: c.influence)
        changes: dict[str, Any] = {}
        self.tie_to_fewer_seals = False
        self.tie_both_act = False
        #: On a tie under "les deux capacités agissent, sauf celles qui reprennent une carte en
        #: main": the abilities that take a card back to the hand do not act.
        self.tie_keeps_returning = False
        self.victory_factions: int | None = None
        self.victory_streak: int | None = None
        self.reshuffle = False
        #: How many times each player's discard may be reshuffled (None: every time).
        self.reshuffles: int | None = None
        #: (faction or None, n) of the Lieu's "Les cartes [de la F] ont +N d'influence".
        self.lieu_bonuses: list[tuple[ast.Faction | None, int]] = []
        regle: Any
        for regle in self.lieu.regles if self.lieu else ():
            regle.apply(self, changes)  # each rule's handler (`rule_changes.py`)
        self.rules = self.base_rules.model_copy(update=changes)

    # -- making a game ------------------------------------------------------

    def protecteur(self, index: int) -> ast.Protecteur:
        """The Protecteur of this index (asked only in a game played with the Protecteurs)."""
        if self.protecteurs is None:
            raise ValueError("this game is played without the Protecteurs")
        return self.protecteurs[index]

    @classmethod
    def from_files(cls, files: GameFiles, setup: dict[str, Any]) -> CardiaGame:
        """A game from validated files and a setup; raises `DiagnosticError` for an unknown deck or Lieu."""
        characters: dict[ast.Paquet, list[ast.Personnage]] = {p: [] for p in ast.Paquet}
        lieux: dict[str, ast.Lieu] = {}
        protecteurs: list[ast.Protecteur] = []
        for file in files.card_files:
            for card in file.cards:
                if isinstance(card, ast.Personnage):
                    characters[card.paquet].append(card)
                elif isinstance(card, ast.Lieu):
                    lieux[card.name] = card
                elif isinstance(card, ast.Protecteur):
                    protecteurs.append(card)
        key = deck_key(str(setup.get("deck") or "I"))
        if key is None or not characters[DECKS[key]]:
            known = [k for k, p in DECKS.items() if characters[p]]
            raise DiagnosticError([Diagnostic("E400", f'no deck "{shorten(str(setup.get("deck")))}": the decks are {", ".join(known)}', "setup")])
        lieu = None
        if setup.get("lieu"):
            lieu = find_lieu(lieux, str(setup["lieu"]))
        use_protecteurs = bool(setup.get("protecteurs"))
        if use_protecteurs and not protecteurs:
            raise DiagnosticError([Diagnostic("E400", "no Protecteur de la Nature in the card files", "setup")])
        rules_name = setup.get("rules")
        return cls(
            files.rules(rules_name),
            key,
            characters[DECKS[key]],
            lieu,
            sorted(protecteurs, key=lambda p: p.name) if use_protecteurs else None,
            files.digest(),
            rules_name,
        )

    # -- what the game is -----------------------------------------------------

    @property
    def level(self) -> int:
        """The difficulty level: the deck's symbols plus the Lieu's."""
        deck = self.rules.deck_i_difficulty if self.deck_name == "I" else self.rules.deck_ii_difficulty
        return deck + (self.lieu.difficulte if self.lieu else 0)

    def new_state(self) -> CardiaState:
        """The state before the setup's chance decisions."""
        return CardiaState(self)

    def choices(self) -> dict[str, Any]:
        """Deck, Lieu and Protecteurs, for a record's header."""
        return {
            "deck": self.deck_name,
            "lieu": self.lieu.name if self.lieu else None,
            "protecteurs": self.protecteurs is not None,
        }


def find_lieu(lieux: dict[str, ast.Lieu], wanted: str) -> ast.Lieu:
    """The Lieu of this name (case- and accent-blind; a unique beginning will do), or a diagnostic with the nearest one."""
    by_fold = {fold(name): lieu for name, lieu in lieux.items()}
    key = " ".join(fold(wanted).split())
    lieu = by_fold.get(key)
    if lieu is None and key:
        starting = [lieu for name, lieu in by_fold.items() if name.startswith(key)]
        lieu = starting[0] if len(starting) == 1 else None
    if lieu is None:
        known = sorted(lieux)
        message = f'no Lieu "{shorten(wanted)}"; the Lieux are: {", ".join(known)}' if known else f'no Lieu "{shorten(wanted)}": the card files have none'
        raise DiagnosticError([Diagnostic("E400", message, "setup", suggestion=nearest(wanted, known))])
    return lieu
