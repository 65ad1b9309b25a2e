"""The hand-written Dans les Cordes engine plays the very games atout plays.

As `test_reference_engines.py` does for BattleFight and Duel de dragons:
each seeded game is played by atout (`play_game` with its random bots) and
by the reference engine, each with its own generators seeded from the same
seed, and every decision asked is compared (who decides, its kind, its
options' labels and weights as atout's `Decision` shows them, the option
chosen), then the outcome, the decisions asked, the turn of the last one
and both boxers' life at the end. The same holds under other setups and
rules files: the boxers chosen at setup, a fixed first player, and rules
that take the other branches (caps, the hand limit at every draw and at
random, under the pile, KOs at once, a double KO, ties on energy, an empty
pile left empty, a riposte of a counter-blow, bounds small enough to be
reached).
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.registry import find_engine
from benchmarks.reference import CHANCE
from benchmarks.reference.cordes import BONUS, END, CordesReference

from .test_reference_engines import FEW, compare

#: Seeded games compared with the default setup.
GAMES = 400


class TracedCordes(CordesReference):
    """The Cordes reference, noting each decision asked as atout shows it."""

    def play(self, seed):
        self.trace = []
        return super().play(seed)

    def label(self, kind, value):
        names = self.names
        if kind == "gong_place":
            return f"{value} cards above it"
        if kind == "first_player":
            return f"P{value + 1}"
        if kind == "gong_bonus":
            rules = self.rules
            return f"+{rules.gong_bonus_life} life" if value == BONUS[0] else f"+{rules.gong_bonus_energy} energy"
        if kind == "boxer":
            return value
        if value == END:
            return {"act": "End the turn", "attack": "End the combat", "answer": "Take the blow", "coach": "Done"}[kind]
        if kind == "act":
            return f"Spit {names[value - self.count]}" if value >= self.count else f"Play {names[value]}"
        if kind == "attack":
            return f"Play {names[value]}"
        return names[value]  # a card answering a blow, picked for the coach, discarded, lost

    def ask(self, player, kind, options):
        labels = tuple(self.label(kind, value) for value in options)
        index = super().ask(player, kind, options)
        if len(options) > 1:
            self.trace.append((player, kind, labels, (1,) * len(options), index))
        return index

    def draw_card(self, kind):
        segment = self.pile[0]
        present = sorted(set(segment))
        counts = tuple(segment.count(k) for k in present)
        card = super().draw_card(kind)
        if len(present) > 1:
            self.trace.append((CHANCE, kind, tuple(self.names[k] for k in present), counts, present.index(card)))
        return card

    def pick_card(self, kind, seat):
        hand = self.hands[seat]
        present = sorted(set(hand))
        counts = tuple(hand.count(k) for k in present)
        card = super().pick_card(kind, seat)
        if len(present) > 1:
            self.trace.append((CHANCE, kind, tuple(self.names[k] for k in present), counts, present.index(card)))
        return card


@pytest.fixture(scope="module")
def files():
    return load_files(find_engine("cordes").language)


def cordes_game(files, boxer=(), rules=None, **changes):
    """A game of the shipped cards, with `--boxer` options, a rules file, rules changed."""
    engine = find_engine("cordes")
    game = engine.build(files, engine.setup_from_options(files, {"boxer": boxer, "rules": rules}))
    if changes:
        game.rules = game.rules.model_copy(update=changes)
    return game


def lives(state):
    return tuple(seat.life for seat in state.seats)


def test_cordes_default_games_are_atouts(files):
    """400 games of the default setup, as `atout simulate cordes` plays them: every shipped card played."""
    game = cordes_game(files)
    reference = TracedCordes(game)
    codes = compare(game, reference, lives, range(GAMES))
    assert {"ko", "last_gong"} <= codes


def test_every_shipped_card_is_played_and_answered(files):
    """Over the default games, every card of the box is played from the hand, and every DEFENSE and RIPOSTE answers a blow."""
    game = cordes_game(files)
    reference = TracedCordes(game)
    played, answered = set(), set()
    for seed in range(100):
        reference.play(seed)
        for _, kind, labels, _, index in reference.trace:
            if kind in ("act", "attack") and labels[index].startswith("Play "):
                played.add(labels[index][5:])
            if kind == "answer" and index:
                answered.add(labels[index])
    hand_cards = {name for name, card in game.cards.items() if card.TYPE.value not in ("CHARACTER", "GONG")}
    assert played | answered == hand_cards
    assert answered == {name for name, card in game.cards.items() if card.TYPE.value in ("DEFENSE", "RIPOSTE")}


@pytest.mark.parametrize(
    "setup",
    [
        {"boxer": ("choose",)},
        {"boxer": ("Lewis",), "first_player": "first seat"},
        {"fixed_first": 1},
        {"life_cap": 4, "energy_cap": 5, "tie_at_last_gong": "most energy", "coach_advice_cards": 2},
        {"life_cap": 4, "tie_at_last_gong": "most energy", "gongs_to_end": 1},
        {"hand_limit": 4, "hand_limit_checked": "always", "hand_limit_chosen_by": "at random", "hand_limit_goes_to": "under the draw pile", "hand_limit_gives_energy": True},
        {"hand_limit": 5, "hand_limit_goes_to": "under the draw pile"},
        {"ko_checked": "at once", "starting_life": 2, "gongs_to_end": 1},
        {"double_ko": "attacker wins", "starting_life": 1, "attacker_may_riposte": True, "starting_energy": 8},
        {"double_ko": "defender wins", "starting_life": 1, "starting_energy": 8},
        {"empty_draw_pile": "no draw", "cards_removed_per_gong": 5, "gongs_to_end": 10, "draw_at_start": 3, "starting_life": 20},
        {"draw_at_end": 3, "recoveries_per_turn": 2, "energy_per_spat_card": 2, "gong_bonus_life": 2, "gong_bonus_energy": 0},
        {"actions_per_turn": 12},
        {"actions_per_game": 150},
    ],
    ids=[
        "boxers-chosen",
        "first-seat",
        "fixed-first-player",
        "caps-and-ties",
        "ties-on-energy",
        "limit-always-at-random",
        "limit-under-the-pile",
        "ko-at-once",
        "double-ko-attacker",
        "double-ko-defender",
        "no-draw",
        "more-draws",
        "actions-per-turn",
        "actions-per-game",
    ],
)
def test_cordes_other_setups_are_atouts(files, setup):
    """Boxers chosen, a fixed first player, the rules' other branches, bounds reached: the same games."""
    setup = dict(setup)
    boxer = setup.pop("boxer", ())
    fixed = setup.pop("fixed_first", None)
    game = cordes_game(files, boxer, **setup)
    if fixed is not None:
        game.first_player = fixed
    codes = compare(game, TracedCordes(game), lives, range(1000, 1000 + FEW))
    if any(key.startswith("actions") for key in setup):
        assert "action_limit" in codes
    if "double_ko" in setup:
        assert "double_ko" in codes


def test_a_different_game_is_caught(files):
    """The comparison fails when the reference plays another game (here: one more energy at the start)."""
    game = cordes_game(files)
    reference = TracedCordes(game)
    reference.energy0 += 1
    with pytest.raises(AssertionError):
        compare(game, reference, lives, range(20))


def test_the_untraced_engine_plays_the_same_games(files):
    """The engine as the benchmark runs it (no trace) gives the traced engine's results."""
    game = cordes_game(files)
    fast, slow = CordesReference(game), TracedCordes(game)
    assert [fast.play(seed) for seed in range(50)] == [slow.play(seed) for seed in range(50)]


def test_constructs_no_shipped_card_uses_are_refused(files):
    """A card with a computed amount or a boxer with powers is refused when the engine is made, not played wrong."""
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.games.cordes.game import CordesGame

    game = cordes_game(files)
    text = "Dans les Cordes : cards\n\n== Poids ==\nATTACK · cost 1 · 1 copy\n-1 life to the opponent for each card in your hand\n"
    document = read_document("extra.atout", text, LANGUAGES)
    assert document.diagnostics == []
    odd = document.node.cards[0]
    with pytest.raises(NotImplementedError, match="Poids"):
        CordesReference(CordesGame(game.rules, {**game.cards, odd.name: odd}, game.boxers))
    boxer = read_document("boxer.atout", "Dans les Cordes : cards\n\n== Duran ==\nCHARACTER\nWhen you lose life: +1 energy\n", LANGUAGES)
    assert boxer.diagnostics == []
    duran = boxer.node.cards[0]
    with pytest.raises(NotImplementedError, match="powers"):
        CordesReference(CordesGame(game.rules, {**game.cards, duran.name: duran}, game.boxers))


#: Cards of the constructs the reference plays that no shipped card uses: a blow never answered, the outcomes
#: that turn a blow back or take it, a DEFENSE's own effects, cards lost at the thrower's choice, spat, at random.
EXTRA = """Dans les Cordes : cards

== Uppercut Imparable ==
ATTACK · cost 2 · 2 copies
Cannot be countered
-1 life to the opponent

== Contre Imparable ==
RIPOSTE · cost 2 · 2 copies
Cannot be countered
Against an attack: -1 life to the opponent
As an attack: -1 energy to the opponent

== Miroir ==
DEFENSE · cost 1 · 3 copies
Against an attack you turn the blow back

== Rope-a-dope ==
DEFENSE · cost 0 · 3 copies
Against an attack you take the blow
+2 energy
+1 card

== Arrachage ==
ATTACK · cost 1 · 3 copies
-1 card to the opponent, your choice, spat

== Balayette ==
ATTACK · cost 1 · 3 copies
-1 life to the opponent
-2 cards to the opponent, at random, face down
"""


def test_cards_of_the_other_constructs_are_atouts(files):
    """The shipped box with cards of the other constructs the reference plays: the same games."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.games.cordes.game import CordesGame
    from atout.interpreter.language.loader import read_document

    document = read_document("extra.atout", EXTRA, LANGUAGES)
    assert document.diagnostics == []
    shipped = cordes_game(files)
    game = CordesGame(shipped.rules, {**shipped.cards, **{card.name: card for card in document.node.cards}}, shipped.boxers)
    reference = TracedCordes(game)
    compare(game, reference, lives, range(100))
    kinds = set()
    for seed in range(30):
        reference.play(seed)
        kinds |= {kind for _, kind, _, _, _ in reference.trace}
    assert {"take_card", "lose_random"} <= kinds
