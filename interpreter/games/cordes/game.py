"""Dans les Cordes's fixed part: the rules, the 57-card box, the boxers, the first player.

Every physical card of the box gets an id (0…56 for the shipped box), in the
order of the card names, copies side by side; a state's zones hold ids. The
card facts the engine reads on every action (name, type, cost, the AST node)
are resolved here, once, at load time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.interpreter.engine.decision import Option
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.state import Game
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, nearest, shorten
from atout.interpreter.language.text import fold

from . import ast
from .rules import CordesRules
from .state import CordesState


@dataclass
class CordesGame(Game):
    """The rules, the box and the setup of one game of Dans les Cordes.

    `boxers` are the CHARACTER cards of P1 and P2 (None: each player chooses
    at setup, P1 first); `first_player` fixes who starts (None: as the rules
    file says).
    """

    name = "cordes"

    rules: CordesRules
    cards: dict[str, ast.Card]
    boxers: tuple[str, str] | None = None
    first_player: int | None = None
    files_digest: str = ""
    rules_name: str | None = None
    #: The card of each id.
    box: list[ast.Card] = field(init=False)
    #: The name of each id (the hot path reads names by id).
    names: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self._by_fold = {fold(name): card for name, card in self.cards.items()}
        #: The cards that go into hands, by name (the cards a player plays).
        self.hand_cards: dict[str, ast.HandCard] = {name: card for name, card in self.cards.items() if isinstance(card, ast.HAND_CARD_TYPES)}
        #: For each card that goes into hands: its type, its cost, and the options of playing and spitting it.
        self.acts: dict[str, tuple[ast.CardType, int, Option, Option]] = {
            name: (card.TYPE, card.cost, Option(f"Play {name}", ("play", name)), Option(f"Spit {name}", ("spit", name))) for name, card in self.hand_cards.items()
        }
        #: (In name order: the order of the ids is the names', which positions drawn anew rely on.)
        self.box = [card for _, card in sorted(self.cards.items()) for _ in range(card.copies)]
        self.names = [card.name for card in self.box]
        #: The name of an id, as a function (piles ask for one at every draw).
        self.name_of = self.names.__getitem__
        #: The hands met, by their ids: their names, sorted, and their options met (`CordesState._hand`).
        self.hands_kept: dict[tuple[int, ...], Any] = {}
        #: The same, by the hand's names: one for all the hands of the same names.
        self.names_kept: dict[tuple[str, ...], Any] = {}
        self.types = [card.TYPE for card in self.box]
        self.costs = [getattr(card, "cost", 0) for card in self.box]
        self.gong = next(i for i, card in enumerate(self.box) if card.TYPE is ast.CardType.GONG)
        self.characters = [i for i, card in enumerate(self.box) if card.TYPE is ast.CardType.CHARACTER]
        #: The cards shuffled into the draw pile: all but the boxers and the GONG.
        self.playable = [i for i, t in enumerate(self.types) if t not in (ast.CardType.CHARACTER, ast.CardType.GONG)]
        self.playable_set = frozenset(self.playable)
        #: The draw pile as each game shuffles it, its cards counted by name once here (a game copies it).
        self.shuffled_pile = Pile([self.playable], self.name_of)
        if self.shuffled_pile:
            self.shuffled_pile.draw_decision()
        #: True when some boxer of the box has powers: only then does the game look for triggers.
        self.has_powers = any(getattr(card, "powers", None) for card in self.box)
        if self.boxers is not None:
            self.check_boxers()

    @classmethod
    def from_files(
        cls,
        files: GameFiles,
        boxers: tuple[str, str] | None = None,
        first_player: int | None = None,
        rules: str | None = None,
    ) -> CordesGame:
        """A game from validated files, with the boxers (None: chosen at setup)."""
        cards = {card.name: card for file in files.card_files for card in file.cards if isinstance(card, ast.CARD_TYPES)}
        return cls(files.rules(rules), cards, boxers, first_player, files.digest(), rules)

    def card(self, name: str) -> ast.Card:
        """The card of this name (case- and accent-blind); KeyError if unknown."""
        return self._by_fold[fold(name)]

    def check_boxers(self) -> None:
        """The boxers must be two different CHARACTER cards of the box; raise with diagnostics if not."""
        characters = sorted(c.name for c in self.cards.values() if c.TYPE is ast.CardType.CHARACTER)
        problems = []
        resolved = []
        for seat, name in enumerate(self.boxers or ()):
            card = self._by_fold.get(fold(name))
            if card is None or card.TYPE is not ast.CardType.CHARACTER:
                problems.append(
                    Diagnostic(
                        "E400",
                        f'P{seat + 1}\'s boxer "{shorten(name)}" is not a CHARACTER card; the boxers are {", ".join(characters)}',
                        "boxer",
                        suggestion=nearest(name, characters),
                    )
                )
            else:
                resolved.append(card.name)
        if not problems and len(set(resolved)) < len(resolved):
            problems.append(Diagnostic("E400", f'both players chose the boxer "{resolved[0]}"; each boxer card is in the box once', "boxer"))
        if problems:
            raise DiagnosticError(problems)
        self.boxers = (resolved[0], resolved[1])

    def new_state(self) -> CordesState:
        """The state after the setup's first decisions are posed."""
        return CordesState(self)

    def choices(self) -> dict[str, Any]:
        """Boxers and first player, for a record's header."""
        return {"boxers": list(self.boxers) if self.boxers else None, "first_player": self.first_player}
