"""Dans les Cordes's card language, version 2: each new form in a scenario, the examples played and replayed.

Each scenario starts before P1's first turn with empty hands (see conftest's
`Scenario`); the cards of the test are added to the box. P1 boxes as
Karpentier and P2 as Lewis: a test that gives them powers defines them again.
"""

from __future__ import annotations

import io

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.cordes import powers
from atout.interpreter.games.cordes.bots import HeuristicBot
from atout.interpreter.games.cordes.writing import write_card
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import validate

EXAMPLES = "cards/cordes/exemples"
FIRST_DRAW = "Pas de retrait"


def start(s, *p1: str, p2: tuple[str, ...] = (), **markers):
    """Give the hands, stack P1's first draw (a DEFENSE), set markers (p1_life=…), begin P1's turn."""
    s.give(0, *p1)
    s.give(1, *p2)
    s.stack(FIRST_DRAW)
    for key, value in markers.items():
        seat, what = key.split("_")
        s.set(0 if seat == "p1" else 1, **{what: value})
    s.begin()
    return s


def attack_with(scenario, text: str, *p2: str, **markers):
    """An ATTACK "Essai" whose effect lines are `text`, played by P1 and taken by P2 (who holds `p2`)."""
    s = start(scenario(f"== Essai ==\nATTACK · cost 0\n{text}\n"), "Essai", p2=p2, **markers)
    s.choose("Play Essai")
    return s


# ---------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------

PATIENT = "if your energy is at least 3: -2 life to the opponent; otherwise: +1 energy"


def test_if_applies_its_effects_when_the_condition_holds(scenario):
    s = attack_with(scenario, PATIENT, p1_energy=3)
    assert (s.seat(1).life, s.seat(0).energy) == (2, 3)
    assert {"e": "condition", "player": 0, "condition": "your energy is at least 3", "holds": True} in s.events


def test_otherwise_applies_when_it_does_not(scenario):
    s = attack_with(scenario, PATIENT, p1_energy=2)
    assert (s.seat(1).life, s.seat(0).energy) == (4, 3)


def test_one_condition_over_a_block_of_effects(scenario):
    text = "if the opponent's life is more than 3: -1 life to the opponent and -2 energy to the opponent and +1 card"
    s = attack_with(scenario, text)
    s.draw_any()
    assert (s.seat(1).life, s.seat(1).energy, len(s.seat(0).hand)) == (3, 2, 2)
    s = attack_with(scenario, text, p2_life=3)
    assert (s.seat(1).life, s.seat(1).energy, len(s.seat(0).hand)) == (3, 4, 1)


@pytest.mark.parametrize(
    "condition, p1_life, p2_life, holds",
    [
        ("your life is less than the opponent's life", 2, 3, True),
        ("your life is less than the opponent's life", 3, 3, False),
        ("your life is at most 2 and the opponent's life is at least 4", 2, 4, True),
        ("your life is at most 2 and the opponent's life is at least 4", 2, 3, False),
        ("your life is 1 or the opponent's life is 1", 4, 1, True),
        ("your life is 1 or the opponent's life is 1", 4, 2, False),
        ("not your life is more than 2", 2, 4, True),
        ("not your life is more than 2", 3, 4, False),
        ("your life is not 4 and not the round is 2 or the opponent's life is 9", 3, 4, True),
        ("the cards in your hand are at least 1 and the cards in the draw pile are more than 40", 4, 4, True),
        ("the cards in the ring are 1 and the cards in your spittoon are 0", 4, 4, True),
        ("you have less life than the opponent", 2, 3, True),
        ("you have less life than the opponent", 3, 3, False),
        ("the opponent has more life than you", 2, 3, True),
        ("you have at least 3 life and the opponent has 3 life", 3, 3, True),
        ("you have at most 1 card", 4, 4, True),
        ("you have fewer cards than the opponent", 4, 4, False),
    ],
)
def test_comparisons_and_or_not(scenario, condition, p1_life, p2_life, holds):
    s = attack_with(scenario, f"if {condition}: +1 energy; otherwise: -1 energy", p1_life=p1_life, p2_life=p2_life)
    event = next(e for e in s.events if e["e"] == "condition")
    assert event["holds"] is holds
    assert s.seat(0).energy == (5 if holds else 3)


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


def test_for_each_repeats_the_printed_change(scenario):
    s = start(scenario("== Essai ==\nATTACK · cost 0\n-1 life to the opponent for each card in your spittoon\n"), "Essai", "Jab", "Cross", p2_life=9)
    s.choose("Spit Jab", "Spit Cross", "Play Essai")
    assert s.seat(1).life == 9 - 2


def test_for_each_point_of_a_marker_and_a_printed_multiple(scenario):
    s = attack_with(scenario, "-2 energy to the opponent for each point of your life", p1_life=2, p2_energy=9)
    assert s.seat(1).energy == 9 - 4


def test_as_many_as_gives_the_quantity_itself(scenario):
    s = start(scenario("== Essai ==\nRECOVERY · cost 0\n+life, as much as the cards in the opponent's hand\n"), "Essai", p2=("Jab", "Jab", "Cross"))
    s.choose("Play Essai")
    assert s.seat(0).life == 4 + 3


def test_as_many_cards_as_the_round(scenario):
    s = start(scenario("== Essai ==\nRECOVERY · cost 0\n+cards, as many as the round\n"), "Essai")
    s.state.gongs = 1
    s.choose("Play Essai")
    s.draw_any()
    assert len(s.seat(0).hand) == 1 + 2


# ---------------------------------------------------------------------------
# Moving cards: take, look
# ---------------------------------------------------------------------------


def test_take_a_card_from_the_opponents_hand_at_random(scenario):
    s = attack_with(scenario, "take 1 card from the opponent's hand, at random", "Uppercut")
    assert "Uppercut" in s.hand(0) and s.hand(1) == []
    assert any(e["e"] == "move" and e["card"] == "Uppercut" for e in s.events)


def test_take_from_your_spittoon_your_choice(scenario):
    s = start(scenario("== Essai ==\nRECOVERY · cost 0\ntake 1 card from your spittoon\n"), "Essai", "Jab", "Cross")
    s.choose("Spit Jab", "Spit Cross", "Play Essai")
    assert s.decision.kind == "take_from" and s.labels == ["Cross", "Jab"]
    s.choose("Cross")
    assert s.spittoon(0) == ["Jab"] and "Cross" in s.hand(0)


def test_take_into_the_opponents_spittoon_face_down_and_under_the_pile(scenario):
    text = "take 1 card from the ring into the opponent's spittoon, face down\ntake 1 card from the opponent's hand, their choice under the draw pile"
    s = attack_with(scenario, text, "Jab", "Cross")
    assert s.spittoon(1) == ["Essai"] and s.seat(1).face_down == set(s.seat(1).spittoon)
    assert s.decision.kind == "take_from" and s.decision.player == 1
    s.choose("Jab")
    assert s.hand(1) == ["Cross"] and s.state.names[s.state.pile.segments[-1].cards[0]] == "Jab"


def test_look_at_the_top_cards_keep_one_the_others_back_on_top(scenario):
    s = scenario("== Essai ==\nRECOVERY · cost 0\nlook at the top 3 cards of the draw pile, take 1\n")
    s.give(0, "Essai")
    s.stack(FIRST_DRAW, "Jab", "Cross", "Crochet")
    s.begin()
    s.choose("Play Essai")
    assert s.decision.kind == "keep" and s.labels == ["Crochet", "Cross", "Jab"]
    s.choose("Cross")
    assert "Cross" in s.hand(0)
    top = s.state.pile.segments[0].cards
    assert sorted(s.state.names[c] for c in top) == ["Crochet", "Jab"]
    assert set(top) <= s.state.known_in_pile[0]
    assert s.state.gong_depth == 20 + 3 - 1


def test_look_stops_at_the_gong_and_puts_the_others_under(scenario):
    s = scenario("== Essai ==\nRECOVERY · cost 0\nlook at the top 3 cards of the draw pile, the others under the draw pile\n")
    s.give(0, "Essai")
    s.stack(FIRST_DRAW, "Jab")
    s.gong_on_top(after=2)
    s.begin()
    s.choose("Play Essai")
    look = next(e for e in s.events if e["e"] == "look")
    assert look["cards"] == ["Jab"] and s.state.gong_depth == 0
    assert s.state.names[s.state.pile.segments[-1].cards[0]] == "Jab"


# ---------------------------------------------------------------------------
# Defenses, blows that cannot be countered
# ---------------------------------------------------------------------------

MIRROR = "== Miroir ==\nDEFENSE · cost 0\nAgainst an attack you turn the blow back\n"
ROPE = "== Rope ==\nDEFENSE · cost 0\nAgainst an attack you take the blow\n+2 energy\n"


def test_a_blow_turned_back_hits_its_thrower(scenario):
    s = start(scenario(MIRROR), "Crochet", "Jab", p2=("Miroir",), p1_energy=4)
    s.choose("Play Crochet", "Miroir")
    assert (s.seat(0).life, s.seat(1).life) == (2, 4)
    assert s.decision.kind == "lose_card" and s.decision.player == 0  # the Crochet's lost card is P1's now


def test_a_defense_that_takes_the_blow_then_its_effects(scenario):
    s = start(scenario(ROPE), "Jab", p2=("Rope",))
    s.choose("Play Jab", "Rope")
    assert (s.seat(1).life, s.seat(1).energy) == (3, 6)


def test_a_blow_that_cannot_be_countered_is_never_answered(scenario):
    s = start(scenario("== Imparable ==\nATTACK · cost 1\nCannot be countered\n-1 life to the opponent\n"), "Imparable", p2=("Retrait de Buste",))
    s.choose("Play Imparable")
    # P2 could pay for its dodge, but is not asked: the blow lands
    assert s.seat(1).life == 3 and s.hand(1) == ["Retrait de Buste"]
    assert {"e": "take", "player": 1, "card": "Imparable"} in s.events


def test_a_riposte_that_cannot_be_countered_strikes_back_unanswered(scenario):
    text = "== Contre ==\nRIPOSTE · cost 0\nCannot be countered\nAgainst an attack: -1 life to the opponent\nAs an attack: -1 life to the opponent\n"
    s = start(scenario(text), "Jab", "Retrait de Buste", p2=("Contre",))
    s.choose("Play Jab", "Contre")
    assert s.seat(0).life == 3 and s.hand(0) == ["Pas de retrait", "Retrait de Buste"]
    assert {"e": "take", "player": 0, "card": "Contre"} in s.events


# ---------------------------------------------------------------------------
# Powers and triggers
# ---------------------------------------------------------------------------


def boxers(karpentier: str = "", lewis: str = "") -> str:
    """The two boxers again, with these power lines."""
    return f"== Karpentier ==\nCHARACTER\n{karpentier}\n\n== Lewis ==\nCHARACTER\n{lewis}\n"


def test_a_power_at_the_start_of_your_turn_once_per_round(scenario):
    s = scenario(boxers("At the start of your turn, once per round: +1 energy"))
    start(s)
    assert s.seat(0).energy == 5
    s.choose("End the turn")  # P1 draws at the end; P2's turn
    s.draw_any()
    s.choose("End the turn")
    s.draw_any()
    assert s.state.current == 0 and s.seat(0).energy == 5  # once per round: not again


def test_a_power_when_you_spit_and_when_your_blow_lands(scenario):
    s = scenario(boxers("When you spit a card: +1 life\nWhen your blow lands, once per turn: -1 energy to the opponent"))
    start(s, "Jab", "Cross")
    s.choose("Spit Cross")
    assert s.seat(0).life == 5
    s.choose("Play Jab")
    assert (s.seat(1).life, s.seat(1).energy) == (3, 3)


def test_powers_when_you_take_a_blow_and_when_you_counter_one(scenario):
    s = scenario(boxers(lewis="When you take a blow, once per fight: +2 life\nWhen you counter a blow: +1 card"))
    start(s, "Jab", "Jab", p2=("Blocage",))
    s.choose("Play Jab", "Take the blow")
    assert s.seat(1).life == 4 - 1 + 2
    s.choose("Play Jab", "Blocage")
    s.draw_any()
    assert s.seat(1).life == 4 and len(s.seat(1).hand) == 1


def test_a_power_when_the_gong_rings(scenario):
    s = scenario(boxers(lewis="When the GONG rings: +3 energy"))
    start(s)
    s.stack("Jab")
    s.gong_on_top()
    s.choose("End the turn")
    assert "round_end" in s.kinds() and s.seat(1).energy == 7


def test_powers_that_answer_each_other_stop_at_the_bound(scenario):
    power = "When you lose life: -1 life to the opponent"
    s = start(scenario(boxers(power, power)), "Jab", p1_life=20, p2_life=20)
    s.choose("Play Jab")
    fired = [e for e in s.events if e["e"] == "power"]
    assert len(fired) == powers.MAX_FIRINGS
    assert [e["e"] for e in s.events if e["e"] == "power_held"] == ["power_held"]
    assert s.seat(1).life + s.seat(0).life == 40 - 1 - powers.MAX_FIRINGS


def test_powers_that_answer_each_other_across_decisions_stop_at_the_turns_bound(scenario):
    # each firing draws a card (a decision of chance): the bound between two decisions never binds
    power = "When you lose life: +1 card; -1 life to the opponent"
    s = start(scenario(boxers(power, power), gong_depth=40), "Jab", p1_life=20, p2_life=20)
    s.choose("Play Jab")
    s.draw_any()
    fired = [e for e in s.events if e["e"] == "power"]
    held = [e for e in s.events if e["e"] == "power_held"]
    assert len(fired) == powers.MAX_FIRINGS_PER_TURN
    assert [e["per"] for e in held] == ["turn"]
    assert s.seat(1).life + s.seat(0).life == 40 - 1 - powers.MAX_FIRINGS_PER_TURN


def test_a_boxer_at_0_life_loses_no_more_and_does_not_fire(scenario):
    s = start(scenario(boxers(lewis="When you lose life: +1 energy")), "Crochet", p2_life=1, p1_energy=3)
    s.choose("Play Crochet")
    assert s.seat(1).life == 0
    s.state.change_life(1, -1)
    assert [e["e"] for e in s.events].count("power") == 1


def test_a_power_that_fires_itself_with_no_limit_is_refused(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "extension.atout").write_text("Dans les Cordes : extension\n", encoding="utf-8")
    (folder / "boxers.atout").write_text("Dans les Cordes : cards\n\n== Karpentier ==\nCHARACTER\nWhen you lose life: -1 life; +1 energy\n", encoding="utf-8")
    result = validate([folder], LANGUAGES)
    assert [(d.code, d.line, d.column) for d in result.problems] == [("E410", 5, 1)]
    assert "once per turn" in result.problems[0].message
    (folder / "boxers.atout").write_text("Dans les Cordes : cards\n\n== Karpentier ==\nCHARACTER\nWhen you lose life, once per turn: -1 life\n", encoding="utf-8")
    assert validate([folder], LANGUAGES).problems == []


# ---------------------------------------------------------------------------
# Text: read back, and mistakes told
# ---------------------------------------------------------------------------

EXAMPLE_CARDS = [card for file in load_files(LANGUAGES["cordes"], [EXAMPLES]).card_files for card in file.cards if "exemples" in (card.span.file if card.span else "")]


@pytest.mark.parametrize("card", EXAMPLE_CARDS, ids=lambda card: card.name)
def test_every_example_card_reads_back_as_itself(card):
    text = write_card(card)
    document = read_document("written.atout", "Dans les Cordes : cards\n\n" + text, LANGUAGES)
    assert [d.render() for d in document.diagnostics] == []
    assert document.node.cards == [card], text


def test_there_are_at_least_30_example_cards():
    assert len(EXAMPLE_CARDS) >= 30


def test_a_misspelt_word_of_a_condition_is_told_with_the_nearest_word(read):
    document = read("Dans les Cordes : cards\n== X ==\nATTACK · cost 1\nif your energy is at lest 3: +1 energy\n")
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column) == ("E111", 4, 22)
    assert problem.suggestion == "least"


def test_a_face_for_a_card_that_goes_to_a_hand_is_refused(read):
    document = read("Dans les Cordes : cards\n== X ==\nATTACK · cost 1\ntake 1 card from your spittoon, face down\n")
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [("E201", 4, 33)]


# ---------------------------------------------------------------------------
# The examples played: seeded games, records replayed
# ---------------------------------------------------------------------------


def test_games_with_the_examples_end_and_their_records_replay():
    engine = ENGINES["cordes"]
    files = load_files(engine.language, [EXAMPLES])
    game = engine.build(files, engine.setup_from_options(files, {"deck": (), "rules": None, "boxer": ("choose",)}))
    seen: set[str] = set()
    for seed in range(50):
        bots = [HeuristicBot if (seed + i) % 3 == 0 else RandomBot for i in range(2)]
        stream = io.StringIO()
        events: list = []
        played = play_game(game, [bot(seeded(seed, f"P{i + 1}")) for i, bot in enumerate(bots)], seed, writer=RecordWriter(stream), on_event=events.append)
        assert played.state.outcome() is not None
        seen.update(e["e"] for e in events)
        record = parse_record(stream.getvalue())
        replayed = list(record.start or [])
        for step in replay(record, engine, files):
            assert step.state.check_invariants() == []
            replayed.extend(step.events)
        assert replayed == events, seed
    assert {"power", "condition", "move", "look", "turn_back"} <= seen


def test_cards_looked_at_are_dealt_anew_for_the_other_player_only(scenario):
    import random

    s = scenario("== Essai ==\nRECOVERY · cost 0\nlook at the top 3 cards of the draw pile, take 1\n")
    s.give(0, "Essai")
    s.stack(FIRST_DRAW, "Jab", "Cross", "Crochet")
    s.begin()
    s.choose("Play Essai")
    looking = sorted(s.state.seats[0].looking)
    assert s.decision.kind == "keep" and len(looking) == 3
    for seed in range(5):
        mine = s.state.resample(0, random.Random(seed))
        assert sorted(mine.seats[0].looking) == looking and mine.check_invariants() == []
    theirs = [sorted(s.state.resample(1, random.Random(seed)).seats[0].looking) for seed in range(8)]
    assert any(dealt != looking for dealt in theirs)
    assert all(len(dealt) == 3 for dealt in theirs)


def test_a_power_at_the_end_of_your_turn_and_limits_once_per_turn_and_per_fight(scenario):
    s = scenario(boxers("At the end of your turn: +1 energy\nWhen your blow lands, once per turn: +1 life\nWhen your blow lands, once per fight: +1 card"))
    start(s, "Jab", "Jab")
    s.choose("Play Jab")
    s.draw_any()
    s.choose("Play Jab")
    # two blows landed: once per turn and once per fight each fired once
    assert s.seat(0).life == 5 and len(s.seat(0).hand) == 2
    assert [e["limit"] for e in s.events if e["e"] == "power"] == ["once per turn", "once per fight"]
    # no attack left in hand: the combat ended by itself
    energy = s.seat(0).energy
    s.choose("End the turn")
    assert s.seat(0).energy == energy + 1


def test_otherwise_may_start_the_next_line(read):
    one = read("Dans les Cordes : cards\n== X ==\nATTACK · cost 1\nif your energy is 3: -1 life to the opponent; otherwise: +1 energy\n")
    two = read("Dans les Cordes : cards\n== X ==\nATTACK · cost 1\nif your energy is 3: -1 life to the opponent\notherwise: +1 energy\n+1 card\n")
    assert one.diagnostics == two.diagnostics == []
    (first,) = one.node.cards
    (second,) = two.node.cards
    assert second.effects[0] == first.effects[0] and len(second.effects) == 2


@pytest.mark.parametrize(
    "line, column",
    [
        ("take 11 cards from your spittoon", 6),
        ("look at the top 3 cards of the draw pile, take 4", 48),
        ("if your life is at least 100: +1 energy", 26),
        ("if you have 100 life: +1 energy", 13),
    ],
)
def test_numbers_out_of_range_are_told_at_their_place(read, line, column):
    document = read(f"Dans les Cordes : cards\n== X ==\nATTACK · cost 1\n{line}\n")
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [("E200", 4, column)]
