"""BattleFight's fixed part: rules, cards, basic techniques, decks, first player."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.repetition import tally_weight
from atout.interpreter.engine.state import Game
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten
from atout.interpreter.language.nodes import CardList
from atout.interpreter.language.text import fold

from .ast import Technique, TechniqueType
from .board import Board
from .rules import BattleFightRules


@dataclass(frozen=True)
class DeckChoice:
    """How a player's deck is made: constructed from a list, random, or sealed.

    - constructed: the 20 cards are given (`cards`, card names with repeats);
    - random: two boosters drawn by chance make the deck;
    - sealed: three boosters drawn by chance, of which the player keeps
      `cards per type` cards of each type.
    """

    kind: Literal["constructed", "random", "sealed"]
    name: str = ""
    cards: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """For a record's header."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.kind == "constructed":
            data["name"] = self.name
            data["cards"] = list(self.cards)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DeckChoice:
        """From a record's header."""
        return cls(data["kind"], data.get("name", ""), tuple(data.get("cards", ())))

    @classmethod
    def from_list(cls, deck: CardList) -> DeckChoice:
        """A constructed deck from a deck file."""
        return cls("constructed", deck.name, tuple(e.name for e in deck.entries for _ in range(e.count)))


def _puts_tokens(steps: list[Any]) -> bool:
    """Whether these steps, or those of their blocks ("Si", "Quand"), put tokens."""
    for step in steps:
        keyword = step.keyword
        if keyword.kind == "poser_jetons":
            return True
        if _puts_tokens([*getattr(keyword, "alors", ()), *getattr(keyword, "sinon", ()), *getattr(keyword, "block", ())]):
            return True
    return False


@dataclass
class BattleFightGame(Game):
    """The rules, the card set and the setup of one game of BattleFight."""

    name = "battlefight"

    rules: BattleFightRules
    cards: dict[str, Technique]
    basics: dict[TechniqueType, Technique]
    decks: tuple[DeckChoice, DeckChoice]
    first_player: int | None = None
    files_digest: str = ""
    #: The rules file's name (None: the main rules file), kept in the setup so a variant replays.
    rules_name: str | None = None
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.board = Board(self.rules.board_radius)
        self._by_fold = {fold(name): card for name, card in self.cards.items()}
        self._step_texts: dict[str, list[str]] = {}
        self.by_type: dict[TechniqueType, list[Technique]] = {t: [] for t in TechniqueType}
        for card in sorted(self.cards.values(), key=lambda c: c.name):
            self.by_type[card.type].append(card)
        #: A booster's card of each type is drawn by chance among these.
        self.booster_options = {t: [Option(card.name, card) for card in cards] for t, cards in self.by_type.items()}
        #: The most cards a game deals (both decks); a card's weight in a zone's tally by its name, the
        #: names numbered in their order (see `BattleFightState.signature`).
        self.most_cards = sum(self.deck_cards(deck) for deck in self.decks)
        self.name_weight = {name: tally_weight(key, self.most_cards) for key, name in enumerate(sorted(self.cards))}
        self._booster_decisions: dict[tuple[int, TechniqueType], Decision] = {}
        #: The option of playing each basic technique, by its type (made once: options never change).
        self.basic_options = [(technique_type, Option(basic.name, basic)) for technique_type, basic in self.basics.items()]
        #: The same options alone, offered as they are while nothing forbids a type.
        self.basic_option_list = [option for _, option in self.basic_options]
        #: Whether a technique may put tokens (`Poser … jetons`): the state reads its tokens only then.
        self.puts_tokens = any(_puts_tokens(card.steps) for card in (*self.cards.values(), *self.basics.values()))

    @classmethod
    def from_files(
        cls,
        files: GameFiles,
        decks: tuple[DeckChoice, DeckChoice],
        first_player: int | None = None,
        rules: str | None = None,
    ) -> BattleFightGame:
        """A game from validated files, with the players' deck choices."""
        cards: dict[str, Technique] = {}
        basics: dict[TechniqueType, Technique] = {}
        for file in files.card_files:
            for card in file.cards:
                if not isinstance(card, Technique):
                    continue
                if file.kind == "basics":
                    basics[card.type] = card
                else:
                    cards[card.name] = card
        game = cls(files.rules(rules), cards, basics, decks, first_player, files.digest(), rules)
        game.check_decks()
        return game

    def step_texts(self, technique: Technique) -> list[str]:
        """The technique's steps as printed, for the commentary (made once per technique)."""
        texts = self._step_texts.get(technique.name)
        if texts is None:
            from .writing import step_text

            texts = self._step_texts[technique.name] = [step_text(step) for step in technique.steps]
        return texts

    def booster_decision(self, seat: int, technique_type: TechniqueType) -> Decision:
        """Chance's decision of a card `seat` opens in a booster, of a type (never changed: made once, asked again)."""
        decision = self._booster_decisions.get((seat, technique_type))
        if decision is None:
            prompt = f"{seat_name(seat)} opens a {technique_type.value} card"
            decision = Decision(CHANCE, "booster", self.booster_options[technique_type], prompt)
            self._booster_decisions[(seat, technique_type)] = decision
        return decision

    def deck_cards(self, deck: DeckChoice) -> int:
        """How many cards this deck deals: its list, a random deck's boosters, or a sealed deck's kept cards."""
        if deck.kind == "constructed":
            return len(deck.cards)
        if deck.kind == "random":
            return self.rules.random_boosters * self.rules.booster_per_type * len(TechniqueType)
        return self.rules.deck_size

    def card(self, name: str) -> Technique:
        """The card of this name (case- and accent-blind)."""
        return self._by_fold[fold(name)]

    def check_decks(self) -> None:
        """Constructed decks must name known cards, `cards per type` of each type; raise with diagnostics if not."""
        from atout.interpreter.language.diagnostics import nearest

        problems = []
        for seat, deck in enumerate(self.decks):
            who = f'P{seat + 1}\'s deck "{shorten(deck.name)}"'
            unknown = sorted({name for name in deck.cards if fold(name) not in self._by_fold})
            for name in unknown:
                problems.append(Diagnostic("E400", f'{who} names an unknown card "{shorten(name)}"', deck.name or "deck", suggestion=nearest(name, self.cards)))
            if unknown or deck.kind != "constructed":
                continue
            if len(deck.cards) != self.rules.deck_size:
                problems.append(Diagnostic("E401", f"{who} has {len(deck.cards)} cards; a deck has {self.rules.deck_size}", deck.name or "deck"))
                continue
            for technique_type in TechniqueType:
                count = sum(1 for name in deck.cards if self.card(name).type is technique_type)
                if count != self.rules.cards_per_type:
                    problems.append(
                        Diagnostic(
                            "E401",
                            f"{who} has {count} {technique_type.value} cards; a deck has {self.rules.cards_per_type} of each type",
                            deck.name or "deck",
                        )
                    )
        if problems:
            raise DiagnosticError(problems)

    def new_state(self):
        """The state before the setup's chance decisions."""
        from .state import BattleFightState

        return BattleFightState(self)

    def choices(self) -> dict[str, Any]:
        """Decks and first player, for a record's header."""
        return {"decks": [deck.as_json() for deck in self.decks], "first_player": self.first_player}
