"""The hand-written Duel pour Cardia engine plays the very games atout plays.

As `test_reference_engines.py` does for BattleFight and Duel de dragons:
each seeded game is played by atout (`play_game` with its random bots) and
by the reference engine, each with its own generators seeded from the same
seed, and every decision asked is compared (who decides, its kind, its
options' labels and weights as atout's `Decision` shows them, the option
chosen), then the outcome, the decisions asked, the turn of the last one
and both players' seals at the end. The same holds for Paquet II, with the
Protecteurs de la Nature, with each Lieu (alone and with the other
options), and with rules that change the numbers or reach the bounds on
actions.
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.registry import find_engine
from benchmarks.reference import CHANCE
from benchmarks.reference.cardia import CardiaReference, Refused

from .test_reference_engines import FEW, compare

#: Seeded games compared for each deck with the default setup.
GAMES = 300


class TracedCardia(CardiaReference):
    """The Cardia reference, noting each decision asked as atout shows it."""

    def play(self, seed):
        self.trace = []
        return super().play(seed)

    def label(self, kind, card):
        if kind == "ability_order":
            return f"P{card + 1} first"
        if kind == "protecteur":
            return self.protecteurs[card][0]
        if kind in ("target", "persistent"):
            return f"{self.names[card]} (P{self.owner[card] + 1})"
        return self.names[card]  # a card of a hand (played, discarded)

    def ask(self, player, kind, options):
        labels = tuple(self.label(kind, value) for value in options)
        index = super().ask(player, kind, options)
        if len(options) > 1:
            self.trace.append((player, kind, labels, (1,) * len(options), index))
        return index

    def draw_card(self, seat):
        pile = self.piles[seat]
        labels = tuple(self.names[card] for card in pile)
        card = super().draw_card(seat)
        if len(labels) > 1:
            self.trace.append((CHANCE, "draw", labels, (1,) * len(labels), labels.index(self.names[card])))
        return card


@pytest.fixture(scope="module")
def files():
    return load_files(find_engine("cardia").language)


def cardia_game(files, deck="I", protecteurs=False, lieu=None, rules=None, **changes):
    """A game of the shipped cards: a deck, the Protecteurs, a Lieu, a rules file, rules changed."""
    engine = find_engine("cardia")
    game = engine.build(files, engine.setup_from_options(files, {"deck": deck, "protecteurs": protecteurs, "lieu": lieu, "rules": rules}))
    if changes:
        game.rules = game.rules.model_copy(update=changes)
    return game


def seals(state):
    return tuple(state.seals())


@pytest.mark.parametrize("deck", ["I", "II"])
def test_cardia_default_games_are_atouts(files, deck):
    """300 games of each deck, as `atout simulate cardia [--deck II]` plays them: every decision, every result."""
    game = cardia_game(files, deck)
    codes = compare(game, TracedCardia(game), seals, range(GAMES))
    assert {"seals", "ability"} <= codes


def test_cardia_with_the_protecteurs_is_atouts(files):
    """The Protecteurs de la Nature, with either deck: the same games."""
    for deck in ("I", "II"):
        game = cardia_game(files, deck, protecteurs=True)
        compare(game, TracedCardia(game), seals, range(200))


class WatchedCardia(TracedCardia):
    """The traced reference, noting also each ability that acts, each Protecteur that acts and who chose first."""

    def play(self, seed):
        self.acted, self.protected, self.firsts = set(), set(), set()
        return super().play(seed)

    def activate(self, seat, card, at):
        if not (self.instant[card] is not None and self.blocked[seat]):
            self.acted.add(self.names[card])
        super().activate(seat, card, at)

    def protector_acts(self, protector, at, winner):
        enc = self.line[at]
        ours = [seat for seat in (0, 1) if self.faction[enc[3 + seat]] == self.protecteurs[protector][1]]
        if ours and not (len(ours) == 2 and self.protecteurs[protector][2]):
            self.protected.add(self.protecteurs[protector][0])
        super().protector_acts(protector, at, winner)

    def ask(self, player, kind, options):
        if kind == "play" and len(self.shows_first) == 1:
            self.firsts.add(player)
        return super().ask(player, kind, options)


def test_every_shipped_card_and_protecteur_acts(files):
    """Over the games compared, every character of both decks activates its ability, every Protecteur acts, and a
    Stratège makes the other player choose first (on either side)."""
    for deck in ("I", "II"):
        game = cardia_game(files, deck, protecteurs=True)
        reference = WatchedCardia(game)
        acted, protected, firsts = set(), set(), set()
        for seed in range(200):
            reference.play(seed)
            acted |= reference.acted
            protected |= reference.protected
            firsts |= reference.firsts
        assert acted == {card.name for card in game.characters}, deck
        assert protected == {p.name for p in game.protecteurs}, deck
        if deck == "I":
            assert firsts == {0, 1}


@pytest.mark.parametrize(
    "setup",
    [
        {"seals_to_win": 2, "starting_hand": 3, "draw_per_turn": 0},
        {"seals_to_win": 9, "starting_hand": 8, "draw_per_turn": 2},
        {"protecteurs": True, "encounters_per_protector": 1},
        {"deck": "II", "protecteurs": True, "encounters_per_protector": 3, "seals_to_win": 3},
        {"actions_per_turn": 3},
        {"protecteurs": True, "actions_per_game": 25},
    ],
    ids=["short", "long", "a-protecteur-each-encounter", "deck-ii-rare-protecteurs", "actions-per-turn", "actions-per-game"],
)
def test_cardia_other_rules_are_atouts(files, setup):
    """Other numbers of the rules file (seals, hands, draws, the Protecteurs' rhythm), bounds reached: the same games."""
    setup = dict(setup)
    deck, protecteurs = setup.pop("deck", "I"), setup.pop("protecteurs", False)
    game = cardia_game(files, deck, protecteurs, **setup)
    codes = compare(game, TracedCardia(game), seals, range(1000, 1000 + FEW))
    if any(key.startswith("actions") for key in setup):
        assert "action_limit" in codes


def test_a_different_game_is_caught(files):
    """The comparison fails when the reference plays another game (here: one more card in the starting hand)."""
    game = cardia_game(files)
    reference = TracedCardia(game)
    reference.hand0 += 1
    with pytest.raises(AssertionError):
        compare(game, reference, seals, range(20))


def test_the_untraced_engine_plays_the_same_games(files):
    """The engine as the benchmark runs it (no trace) gives the traced engine's results."""
    for deck, protecteurs in (("I", False), ("II", True)):
        game = cardia_game(files, deck, protecteurs)
        fast, slow = CardiaReference(game), TracedCardia(game)
        assert [fast.play(seed) for seed in range(50)] == [slow.play(seed) for seed in range(50)]


def test_what_the_engine_does_not_play_is_refused(files):
    """Rules that limit the seals or the tokens, a card of a construct no shipped card uses: refused when made."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.loader import read_document

    with pytest.raises(Refused, match="limited seals"):
        CardiaReference(cardia_game(files, limited_seals=True))
    with pytest.raises(Refused, match="limited persistent tokens"):
        CardiaReference(cardia_game(files, limited_persistent_tokens=True))
    text = "Duel pour Cardia : cartes\n\n== Usurier ==\nPaquet I · Guilde · influence 6\nCapacité instantanée : Piocher 1 carte pour chaque sceau de l'adversaire\n"
    document = read_document("extra.atout", text, LANGUAGES)
    assert document.diagnostics == []
    game = cardia_game(files)
    (odd,) = document.node.cards
    game.characters = [odd if card.influence == 6 else card for card in game.characters]
    with pytest.raises(Refused, match="Usurier"):
        CardiaReference(game)
    assert issubclass(Refused, NotImplementedError)


def lieux(files):
    from atout.interpreter.games.cardia.engine import lieu_names

    return lieu_names(files)


def test_cardia_with_each_lieu_is_atouts(files):
    """Each shipped Lieu (its rules, bonuses, ties, victories, reshuffled discard): the same games."""
    codes = set()
    for lieu in lieux(files):
        game = cardia_game(files, lieu=lieu)
        codes |= compare(game, TracedCardia(game), seals, range(150))
    assert {"seals", "factions", "streak", "ability"} <= codes


@pytest.mark.parametrize(
    "setup",
    [
        {"deck": "II", "protecteurs": True, "lieu": "Arène des Braves"},
        {"deck": "II", "protecteurs": True, "lieu": "Tribunal d'Équité"},
        {"deck": "II", "lieu": "Puits sans Fond"},
        {"protecteurs": True, "lieu": "Bibliothèque d'Ossa"},
        {"deck": "II", "lieu": "Col des Tempêtes"},
        {"deck": "II", "protecteurs": True, "lieu": "Carrefour des Quatre Vents"},
    ],
    ids=["arene-ii-protecteurs", "tribunal-ii-protecteurs", "puits-ii", "bibliotheque-protecteurs", "col-ii", "carrefour-ii-protecteurs"],
)
def test_cardia_lieux_with_the_other_options_are_atouts(files, setup):
    """A Lieu with Paquet II and the Protecteurs: the same games."""
    game = cardia_game(files, **setup)
    compare(game, TracedCardia(game), seals, range(2000, 2000 + 2 * FEW))
