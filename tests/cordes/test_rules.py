"""Every rule of Dans les Cordes and every effect kind of its cards, as scenarios.

Each scenario starts before P1's first turn with empty hands; `stack` puts
known cards on top of the pile, so the draws of a turn are known. The first
card P1 draws is a Pas de retrait (a DEFENSE: it can only be spat in P1's
own turn), unless the test says otherwise.
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.engine.piles import Pile
from atout.interpreter.games.cordes.state import CordesState

FIRST_DRAW = "Pas de retrait"


def start(s, *p1: str, p2: tuple[str, ...] = (), draw: str = FIRST_DRAW, **markers):
    """Give the hands, stack P1's first draw, set markers (p1_life=…), begin P1's turn."""
    s.give(0, *p1)
    s.give(1, *p2)
    s.stack(draw)
    for key, value in markers.items():
        seat, what = key.split("_")
        s.set(0 if seat == "p1" else 1, **{what: value})
    s.begin()
    return s


# ---------------------------------------------------------------------------
# Playing and spitting (rulebook: Spitting Card(s), Playing Card(s))
# ---------------------------------------------------------------------------


def test_the_turn_starts_with_a_draw_and_offers_plays_spits_and_the_end(scenario):
    s = start(scenario(), "Jab", "Rafraîchissement")
    assert s.hand(0) == ["Jab", FIRST_DRAW, "Rafraîchissement"]
    assert s.decision.kind == "act" and s.decision.player == 0
    assert s.labels == [
        "Play Jab",
        "Play Rafraîchissement",
        "Spit Jab",
        f"Spit {FIRST_DRAW}",
        "Spit Rafraîchissement",
        "End the turn",
    ]


def test_a_card_the_player_cannot_pay_for_is_not_offered(scenario):
    s = start(scenario(), "Crochet", "Jab", "Conseils du Coin", p1_energy=0)
    assert [label for label in s.labels if label.startswith("Play")] == []
    s.choose("Spit Conseils du Coin")
    assert [label for label in s.labels if label.startswith("Play")] == ["Play Jab"]


def test_spitting_gives_one_energy_per_card_and_is_not_playing(scenario):
    s = start(scenario(), "Jab", "Cross")
    s.stack("Uppercut")  # the draw of a turn without play
    s.choose("Spit Jab", "Spit Cross")
    assert s.seat(0).energy == 6
    assert s.spittoon(0) == ["Cross", "Jab"]
    assert s.seat(0).face_down == set()
    s.choose("End the turn")
    # no card was played: P1 draws again at the end of the turn
    assert "Uppercut" in s.hand(0)


def test_energy_per_spat_card_comes_from_the_rules(scenario):
    s = start(scenario(energy_per_spat_card=2), "Jab")
    s.choose("Spit Jab")
    assert s.seat(0).energy == 6


def test_a_turn_with_a_card_played_has_no_second_draw(scenario):
    s = start(scenario(), "Rafraîchissement")
    s.stack("Uppercut")
    s.choose("Play Rafraîchissement", "End the turn")
    assert "Uppercut" not in s.hand(0)
    assert s.state.current == 1


def test_defense_cards_cannot_be_played_in_the_activity_phase(scenario):
    s = start(scenario(), "Blocage", "Retrait de Buste")
    assert not any(label.startswith("Play") for label in s.labels)


# ---------------------------------------------------------------------------
# The four kinds of card
# ---------------------------------------------------------------------------


def test_attack_life_effect_hits_the_opponent(scenario):
    s = start(scenario(), "Jab")
    events = s.choose("Play Jab")
    assert s.seat(1).life == 3
    assert s.seat(0).energy == 3
    assert {"e": "life", "player": 1, "change": -1, "life": 3} in events
    assert s.ring() == ["Jab"]


def test_energy_effect_takes_the_opponents_energy(scenario):
    s = start(scenario(), "Cross")
    s.choose("Play Cross")
    assert (s.seat(1).life, s.seat(1).energy) == (3, 3)
    assert s.seat(0).energy == 2


def test_energy_loss_stops_at_zero(scenario):
    s = start(scenario(), "Uppercut", p2_energy=1)
    s.choose("Play Uppercut")
    assert s.seat(1).energy == 0


def test_the_defender_is_the_player_not_on_turn(scenario):
    s = start(scenario(), "Jab", p2=("Retrait de Buste",))
    s.choose("Play Jab")
    assert s.decision.kind == "answer" and s.decision.player == 1
    assert s.labels == ["Take the blow", "Retrait de Buste"]


def test_a_defense_the_defender_cannot_pay_for_is_not_offered(scenario):
    s = start(scenario(), "Jab", "Jab", p2=("Retrait de Buste", "Blocage"), p2_energy=0)
    s.choose("Play Jab")
    assert s.labels == ["Take the blow", "Blocage"]


def test_dodge_cancels_every_effect_of_the_blow(scenario):
    s = start(scenario(), "Uppercut", p2=("Retrait de Buste",))
    s.choose("Play Uppercut", "Retrait de Buste")
    assert (s.seat(1).life, s.seat(1).energy) == (4, 3)  # paid 1 for the dodge, lost nothing
    assert s.ring() == ["Uppercut", "Retrait de Buste"]


def test_a_restricted_defense_answers_only_the_named_blows(scenario):
    s = start(scenario(), "Jab", "Uppercut", p2=("Pas de retrait",))
    s.choose("Play Jab")
    # Pas de retrait only counters a Crochet or an Uppercut: P2 takes the Jab at once
    assert s.seat(1).life == 3
    assert s.decision.kind == "attack"
    s.choose("Play Uppercut")
    assert s.labels == ["Take the blow", "Pas de retrait"]
    s.choose("Pas de retrait")
    assert s.seat(1).life == 3


def test_blocage_against_a_crochet_leaves_one_life_lost_and_no_card(scenario):
    s = start(scenario(), "Crochet", p2=("Blocage", "Jab"))
    events = s.choose("Play Crochet", "Blocage")
    assert s.seat(1).life == 3
    assert s.hand(1) == ["Jab"]
    assert {"e": "block", "player": 1, "card": "Crochet", "lost": 1} in events
    assert "lose_card" not in s.kinds(events)


def test_blocage_against_a_jab_still_costs_the_one_life(scenario):
    s = start(scenario(), "Jab", p2=("Blocage",))
    s.choose("Play Jab", "Blocage")
    assert s.seat(1).life == 3


def test_a_block_against_a_blow_that_takes_no_life_costs_nothing(scenario):
    s = start(scenario(), "Remise", p2=("Blocage",))
    s.choose("Play Remise", "Blocage")
    assert (s.seat(1).life, s.seat(1).energy) == (4, 4)


def test_crochet_not_countered_takes_two_life_and_a_card_of_the_defenders_choice(scenario):
    s = start(scenario(), "Crochet", p2=("Jab", "Cross", "Rafraîchissement"))
    s.choose("Play Crochet")
    assert s.seat(1).life == 2
    assert s.decision.kind == "lose_card" and s.decision.player == 1
    assert s.labels == ["Cross", "Jab", "Rafraîchissement"]
    events = s.choose("Rafraîchissement")
    assert s.hand(1) == ["Cross", "Jab"]
    assert s.spittoon(1) == ["Rafraîchissement"]
    # face down, without energy
    assert s.seat(1).face_down == set(s.seat(1).spittoon)
    assert s.seat(1).energy == 4
    assert {"e": "lose_card", "player": 1, "card": "Rafraîchissement", "spat": False} in events


def test_crochet_against_an_empty_hand_takes_only_life(scenario):
    s = start(scenario(), "Crochet")
    events = s.choose("Play Crochet")
    assert s.seat(1).life == 2 and "lose_card" not in s.kinds(events)


def test_cross_counter_against_a_jab_counters_and_strikes_back(scenario):
    s = start(scenario(), "Jab", p2=("Cross-Counter",))
    s.choose("Play Jab")
    assert s.labels == ["Take the blow", "Cross-Counter"]
    events = s.choose("Cross-Counter")
    assert (s.seat(1).life, s.seat(1).energy) == (4, 2)
    assert s.seat(0).life == 3
    assert {"e": "counter", "player": 1, "card": "Cross-Counter", "countered": "Jab"} in events


def test_cross_counter_is_not_offered_against_an_attack_it_cannot_counter(scenario):
    s = start(scenario(), "Crochet", p2=("Cross-Counter", "Jab"))
    s.choose("Play Crochet")
    # the only answer would be taking it: the Crochet lands, P2 picks the lost card
    assert s.decision.kind == "lose_card"
    assert s.labels == ["Cross-Counter", "Jab"]
    assert s.seat(1).life == 2


def test_the_first_attacker_may_defend_against_the_counter_blow(scenario):
    s = start(scenario(), "Jab", "Retrait de Buste", "Remise", p2=("Cross-Counter",))
    s.choose("Play Jab", "Cross-Counter")
    assert s.decision.kind == "answer" and s.decision.player == 0
    # a DEFENSE, not a RIPOSTE: the rules say the attacker may not riposte a counter-blow
    assert s.labels == ["Take the blow", "Retrait de Buste"]
    s.choose("Retrait de Buste")
    assert s.seat(0).life == 4


def test_the_attacker_may_riposte_a_counter_blow_when_the_rules_say_so(scenario):
    s = start(scenario(attacker_may_riposte=True), "Jab", "Remise", p2=("Cross-Counter",))
    s.choose("Play Jab", "Cross-Counter")
    assert s.labels == ["Take the blow", "Remise"]
    s.choose("Remise")
    # Remise's counter-blow: -1 energy to P2, +1 energy to P1
    assert s.seat(1).energy == 1
    assert s.seat(0).energy == 4 - 1 - 2 + 1


def test_remise_counters_any_attack_and_its_counter_blow_changes_energy(scenario):
    s = start(scenario(), "Cross", p2=("Remise",))
    s.choose("Play Cross", "Remise")
    assert (s.seat(1).life, s.seat(1).energy) == (4, 3)
    assert s.seat(0).energy == 1


def test_a_riposte_played_as_an_attack_loses_its_counter_part(scenario):
    s = start(scenario(), "Contre-Crochet", p2=("Pas de retrait",))
    # its restriction (Crochet or Uppercut) plays no part: it can open a combat
    assert "Play Contre-Crochet" in s.labels
    s.choose("Play Contre-Crochet")
    # As an attack: -1 life to the opponent; a blow of type Contre-Crochet, which Pas de retrait cannot dodge
    assert s.seat(1).life == 3
    assert s.seat(0).energy == 1


def test_recovery_life_energy_and_draw(scenario):
    s = start(scenario(), "Rafraîchissement")
    s.choose("Play Rafraîchissement")
    assert s.seat(0).life == 5
    s = start(scenario(), "Second Souffle")
    s.choose("Play Second Souffle")
    assert s.seat(0).energy == 6
    s = start(scenario(), "Conseils du Coin")
    s.stack("Jab", "Cross")
    s.choose("Play Conseils du Coin")
    assert s.hand(0) == ["Cross", "Jab", FIRST_DRAW]
    assert s.seat(0).energy == 3


def test_one_recovery_per_turn_before_or_after_a_combat(scenario):
    s = start(scenario(), "Rafraîchissement", "Second Souffle", "Jab")
    s.choose("Play Rafraîchissement")
    assert "Play Second Souffle" not in s.labels
    assert "Play Jab" in s.labels
    s = start(scenario(), "Rafraîchissement", "Jab")
    s.choose("Play Jab")  # nothing more to attack with: the combat ends by itself
    assert "Play Rafraîchissement" in s.labels  # after the combat


def test_recoveries_per_turn_comes_from_the_rules(scenario):
    s = start(scenario(recoveries_per_turn=2), "Rafraîchissement", "Second Souffle")
    s.choose("Play Rafraîchissement")
    assert "Play Second Souffle" in s.labels


def test_no_recovery_and_no_spitting_inside_a_combat(scenario):
    s = start(scenario(), "Jab", "Jab", "Rafraîchissement", "Crochet")
    s.choose("Play Jab")
    assert s.decision.kind == "attack"
    assert s.labels == ["Play Crochet", "Play Jab", "End the combat"]
    events = s.choose("Play Jab")
    # energy 2 now: the Crochet is out of reach and no card may be spat to pay for
    # it, so the combat ends by itself; spitting and the recovery come back after it
    assert "combat_end" in s.kinds(events)
    assert s.labels == ["Play Rafraîchissement", "Spit Crochet", f"Spit {FIRST_DRAW}", "Spit Rafraîchissement", "End the turn"]


def test_the_combat_goes_on_while_the_attacker_can_and_wants(scenario):
    s = start(scenario(), "Jab", "Jab", "Jab", "Jab", "Jab", p2_life=5)
    s.choose("Play Jab", "Play Jab", "Play Jab")
    assert s.seat(1).life == 2
    s.choose("Play Jab")
    # energy 0: the attacker can no longer play, the combat ends by itself
    assert s.decision.kind == "act"
    assert "combat_end" in s.kinds()


def test_one_combat_per_turn(scenario):
    s = start(scenario(), "Jab", "Jab")
    s.choose("Play Jab", "End the combat")
    assert s.decision.kind == "act"
    assert "Play Jab" not in s.labels
    assert "Spit Jab" in s.labels


# ---------------------------------------------------------------------------
# Effects written on custom cards: the other choices of the language
# ---------------------------------------------------------------------------

CUSTOM = """
== Coup Bas ==
ATTACK · cost 0
-1 card to the opponent, your choice, spat

== Gifle ==
ATTACK · cost 0
-2 cards to the opponent, at random

== Feinte ==
ATTACK · cost 0 · 2 copies
-1 life; +1 card to the opponent

== Esquive Active ==
DEFENSE · cost 0
Against an attack you dodge the blow
+1 energy
"""


def test_discard_your_choice_spat(scenario):
    s = start(scenario(CUSTOM), "Coup Bas", p2=("Jab", "Crochet"))
    s.choose("Play Coup Bas")
    assert s.decision.kind == "take_card" and s.decision.player == 0
    s.choose("Crochet")
    assert s.spittoon(1) == ["Crochet"] and s.seat(1).face_down == set()
    assert s.seat(1).energy == 5  # spat: 1 energy to its owner


def test_discard_at_random_is_chance_and_takes_at_most_the_hand(scenario):
    s = start(scenario(CUSTOM), "Gifle", p2=("Jab", "Jab", "Cross"))
    s.choose("Play Gifle")
    assert s.decision.player == CHANCE and s.decision.kind == "lose_random"
    assert [(o.label, o.weight) for o in s.decision.options] == [("Cross", 1), ("Jab", 2)]
    s.choose("Jab", "Cross")
    assert s.hand(1) == ["Jab"]
    s = start(scenario(CUSTOM), "Gifle", p2=("Jab",))
    s.choose("Play Gifle")
    assert s.hand(1) == [] and s.spittoon(1) == ["Jab"]


def test_effects_to_you_and_draws_to_the_opponent_apply_only_if_the_blow_lands(scenario):
    s = start(scenario(CUSTOM), "Feinte", "Feinte", p2=("Esquive Active",))
    s.stack("Cross")
    s.choose("Play Feinte")
    assert s.decision.player == 1
    s.choose("Take the blow")
    assert s.seat(0).life == 3 and s.hand(1) == ["Cross", "Esquive Active"]
    s.choose("Play Feinte", "Esquive Active")
    # countered: none of the blow's effects, not even those "to you"; the defense's own effect applies
    assert s.seat(0).life == 3
    assert s.seat(1).energy == 5


# ---------------------------------------------------------------------------
# KO and the end of the game
# ---------------------------------------------------------------------------


def test_a_ko_wins_at_the_end_of_the_combat(scenario):
    s = start(scenario(), "Jab", "Jab", p2_life=1)
    s.choose("Play Jab")
    assert s.seat(1).life == 0 and s.state.outcome() is None  # the combat goes on
    s.choose("End the combat")
    assert s.state.outcome().winner == 0
    assert s.state.outcome().reason == "P2 is KO"
    assert s.decision is None


def test_a_ko_at_once_when_the_rules_say_so(scenario):
    s = start(scenario(ko_checked="at once"), "Crochet", "Jab", p2=("Jab",), p2_life=2)
    events = s.choose("Play Crochet")
    # KO after the life loss: the card loss never comes
    assert s.state.outcome().winner == 0
    assert "lose_card" not in s.kinds(events)


def test_life_stops_at_zero(scenario):
    s = start(scenario(), "Crochet", p2_life=1)
    s.choose("Play Crochet")
    assert s.seat(1).life == 0


@pytest.mark.parametrize(
    "rule, winner",
    [("draw", None), ("attacker wins", 0), ("defender wins", 1)],
)
def test_double_ko(scenario, rule, winner):
    s = start(scenario(double_ko=rule), "Jab", "Jab", p2=("Cross-Counter",), p1_life=1, p2_life=1)
    s.choose("Play Jab", "Take the blow")
    assert s.seat(1).life == 0 and s.state.outcome() is None
    s.choose("Play Jab", "Cross-Counter")
    # the counter-blow lands on P1 (no defense); P1 has nothing left: the combat ends, both are down
    assert s.seat(0).life == 0
    outcome = s.state.outcome()
    assert outcome is not None and outcome.winner == winner
    assert outcome.reason.startswith("double KO")


# ---------------------------------------------------------------------------
# The hand limit
# ---------------------------------------------------------------------------


def test_hand_limit_at_the_end_of_the_turn_owner_discards_face_down_without_energy(scenario):
    s = start(scenario(), "Jab", "Jab", "Cross", "Cross", "Blocage", "Blocage", "Uppercut")
    s.stack("Crochet")
    s.choose("End the turn")
    # 7 + the first draw + the draw of a turn without play: 9 cards, 2 to discard
    assert s.decision.kind == "hand_limit" and s.decision.player == 0
    s.choose("Blocage", "Blocage")
    assert len(s.hand(0)) == 7
    assert s.spittoon(0) == ["Blocage", "Blocage"]
    assert s.seat(0).face_down == set(s.seat(0).spittoon)
    assert s.seat(0).energy == 4


def test_hand_limit_variants_random_under_the_pile_with_energy(scenario):
    s = scenario(hand_limit_chosen_by="at random", hand_limit_goes_to="under the draw pile", hand_limit_gives_energy=True)
    start(s, "Jab", "Jab", "Jab", "Cross", "Cross", "Cross", "Crochet")
    s.choose("End the turn")
    s.draw_any()
    assert s.decision is None or s.decision.player != 0 or s.decision.kind != "hand_limit"
    assert len(s.hand(0)) == 7
    assert s.spittoon(0) == []
    assert s.seat(0).energy == 6
    assert len(s.state.pile.segments[-1]) == 1  # under the pile, one by one


def test_hand_limit_checked_after_every_draw_when_the_rules_say_so(scenario):
    s = scenario(hand_limit_checked="always")
    start(s, "Jab", "Jab", "Jab", "Cross", "Cross", "Cross", "Crochet")
    # the first draw makes 8 cards: one goes at once, before the activity phase
    assert s.decision.kind == "hand_limit" and s.decision.player == 0
    s.choose("Cross")
    assert s.decision.kind == "act" and len(s.hand(0)) == 7


# ---------------------------------------------------------------------------
# The GONG (rulebook: Round Bell)
# ---------------------------------------------------------------------------


def gong_turn(s, bonus_p1: str = "+1 life", bonus_p2: str = "+2 energy"):
    """P1 draws the GONG at the start of the turn, spits a card, plays a Jab, ends the turn."""
    s.give(0, "Jab", "Cross")
    s.stack("Uppercut")  # the GONG's replacement
    s.gong_on_top(0)
    events = s.begin()
    return events


def test_the_gong_is_revealed_and_replaced_then_the_round_ends_with_bonus_removal_and_reshuffle(scenario):
    s = scenario()
    events = gong_turn(s)
    assert [e["e"] for e in events][:3] == ["turn", "gong", "draw"]
    assert s.state.gong_out and s.hand(0) == ["Cross", "Jab", "Uppercut"]
    s.choose("Spit Cross", "Play Jab", "End the combat", "End the turn")
    # the bonus: P1 (on turn) first, then P2, each by choice
    assert s.decision.kind == "gong_bonus" and s.decision.player == 0
    assert s.labels == ["+1 life", "+2 energy"]
    s.choose("+1 life")
    assert s.decision.kind == "gong_bonus" and s.decision.player == 1
    s.choose("+2 energy")
    assert s.seat(0).life == 5 and s.seat(1).energy == 6
    # the top card of the pile is removed, face down, to count the round
    assert s.decision.kind == "remove" and s.decision.player == CHANCE
    top = s.labels[0]
    pile_before = len(s.state.pile)
    events = s.choose(top)
    assert [s.state.names[c] for c in s.state.removed] == [top]
    # the GONG, the ring (Jab) and the spittoons (Cross) go under the pile
    bottom = sorted(s.state.names[c] for c in s.state.pile.segments[-1])
    assert bottom == ["Cross", "GONG", "Jab"]
    assert len(s.state.pile) == pile_before - 1 + 3
    assert s.ring() == [] and s.spittoon(0) == [] and not s.state.gong_out
    assert s.state.gongs == 1
    assert [e["e"] for e in events][:2] == ["removed", "reshuffle"]
    assert events[-1]["e"] == "turn" or s.decision.player == CHANCE  # P2's turn begins
    assert s.state.current == 1


def test_the_gong_bonus_values_and_cards_removed_come_from_the_rules(scenario):
    s = scenario(gong_bonus_life=2, gong_bonus_energy=3, cards_removed_per_gong=2)
    gong_turn(s)
    s.choose("End the turn")
    s.draw_any()
    assert s.labels == ["+2 life", "+3 energy"]
    s.choose("+2 life", "+3 energy")
    s.draw_any()
    assert len(s.state.removed) == 2


def test_the_third_gong_ends_the_game_without_the_bonus(scenario):
    s = scenario()
    s.state.gongs = 2
    gong_turn(s)
    s.choose("Play Jab", "End the combat", "End the turn")
    assert s.state.outcome().winner == 0
    assert s.state.outcome().reason == "P1 has more life at the 3rd GONG (4 to 3)"
    assert "bonus" not in s.kinds()
    assert s.seat(0).life == 4


def test_gongs_that_end_the_game_comes_from_the_rules(scenario):
    s = scenario(gongs_to_end=1)
    gong_turn(s)
    s.choose("End the turn")
    s.draw_any()
    assert s.state.outcome() is not None


@pytest.mark.parametrize(
    "rule, energy, winner, reason",
    [
        ("draw", 4, None, "same life (4) at the 3rd GONG"),
        ("most energy", 4, 0, "same life (4) at the 3rd GONG; P1 has more energy (5 to 4)"),
        ("most energy", 5, None, "same life (4) and energy (5) at the 3rd GONG"),
    ],
)
def test_a_tie_at_the_last_gong(scenario, rule, energy, winner, reason):
    s = scenario(tie_at_last_gong=rule)
    s.state.gongs = 2
    s.set(1, energy=energy)
    gong_turn(s)
    s.choose("Spit Cross", "End the turn")
    s.draw_any()
    assert s.state.outcome().winner == winner
    assert s.state.outcome().reason == reason


# ---------------------------------------------------------------------------
# The draw pile
# ---------------------------------------------------------------------------


def _empty_the_pile(s):
    state = s.state
    state.ring.extend(state.pile.cards())
    state.pile = Pile()
    state.gong_depth = None
    state.aside.append(state.game.gong)


def test_an_empty_pile_is_made_anew_from_the_ring_and_the_spittoons(scenario):
    s = scenario()
    _empty_the_pile(s)
    events = s.begin()
    assert [e["e"] for e in events] == ["turn", "reshuffle"]
    assert s.decision.kind == "draw" and s.decision.player == CHANCE
    assert s.ring() == []


def test_an_empty_pile_gives_no_draw_when_the_rules_say_so(scenario):
    s = scenario(empty_draw_pile="no draw")
    s.give(0, "Jab")
    _empty_the_pile(s)
    events = s.begin()
    assert [e["e"] for e in events] == ["turn", "nothing_to_draw"]
    assert s.decision.kind == "act"
    # with nothing left to draw or play, the fight is stopped and decided on life
    s.choose("Play Jab")
    assert s.state.outcome().winner == 0
    assert s.state.outcome().reason.startswith("nothing is left to draw or play")


# ---------------------------------------------------------------------------
# Caps (rules: open points)
# ---------------------------------------------------------------------------


def test_no_cap_by_default_and_caps_from_the_rules(scenario):
    s = start(scenario(), "Rafraîchissement")
    s.choose("Play Rafraîchissement")
    assert s.seat(0).life == 5
    s = start(scenario(life_cap=4, energy_cap=5), "Rafraîchissement", "Jab", "Cross")
    s.choose("Play Rafraîchissement", "Spit Jab", "Spit Cross")
    assert s.seat(0).life == 4 and s.seat(0).energy == 5


# ---------------------------------------------------------------------------
# Setup (rulebook: Setup, The Coach's Advice)
# ---------------------------------------------------------------------------


def new_game(cordes_files, **setup):
    from atout.interpreter.games.cordes.engine import build

    return build(cordes_files, {"boxers": ["Karpentier", "Lewis"], "first_player": None, **setup})


def test_setup_gong_near_the_middle_deal_first_player_then_the_coach(cordes_files):
    state = new_game(cordes_files).new_state()
    kinds = [e["e"] for e in state.start_events()]
    assert kinds == ["boxer", "boxer", "markers", "shuffle"]
    decision = state.decision()
    assert decision.kind == "gong_place" and decision.player == CHANCE
    assert [o.value for o in decision.options] == list(range(24, 31))
    state.apply(decision.index_of("27 cards above it"))
    assert state.gong_depth == 27
    draws = 0
    while state.decision().kind == "draw":
        state.apply(0)
        draws += 1
    assert draws == 10
    assert [len(s.hand) for s in state.seats] == [5, 5]
    assert state.gong_depth == 17
    assert state.decision().kind == "first_player"
    state.apply(state.decision().index_of("P2"))
    assert state.first_player == 1
    # the coach: the first player first
    assert state.decision().kind == "coach" and state.decision().player == 1
    assert state.decision().labels()[0] == "Done"
    assert state.check_invariants() == []


def test_the_coachs_advice_swaps_cards_for_new_ones_and_puts_them_under_the_pile(cordes_files):
    state = new_game(cordes_files, first_player=0).new_state()
    while state.decision().kind != "coach":
        state.apply(0)
    names = state.names
    before = sorted(names[c] for c in state.seats[0].hand)
    first = state.decision().labels()[1]
    state.apply(1)
    second = state.decision().labels()[1]
    state.apply(1)
    state.apply(state.decision().index_of("Done"))
    events = []
    while state.decision().kind == "draw":
        events += state.apply(0)
    assert sorted(names[c] for c in state.pile.segments[-1]) == sorted([first, second])
    assert len(state.seats[0].hand) == 5
    kept = list(before)
    kept.remove(first)
    kept.remove(second)
    assert all(name in sorted(names[c] for c in state.seats[0].hand) for name in kept)
    # then P2's advice
    assert state.decision().kind == "coach" and state.decision().player == 1
    assert state.check_invariants() == []


def test_the_coachs_advice_is_limited_by_the_rules(cordes_files):
    game = new_game(cordes_files, first_player=0)
    game.rules = game.rules.model_copy(update={"coach_advice_cards": 1})
    state = game.new_state()
    while state.decision().kind != "coach":
        state.apply(0)
    state.apply(1)
    # one card picked: the advice is over, the new card is drawn
    assert state.decision().kind == "draw"


def test_first_player_by_the_rules(cordes_files):
    game = new_game(cordes_files)
    game.rules = game.rules.model_copy(update={"first_player": "first seat"})
    state = game.new_state()
    while state.decision().kind in ("gong_place", "draw"):
        state.apply(0)
    assert state.first_player == 0 and state.decision().kind == "coach"


def test_boxers_chosen_at_setup(cordes_files):
    from atout.interpreter.games.cordes.engine import build

    state = build(cordes_files, {"boxers": None}).new_state()
    decision = state.decision()
    assert decision.kind == "boxer" and decision.player == 0
    assert decision.labels() == ["Karpentier", "Lewis"]
    events = state.apply(1)
    # P2 gets the other boxer, without being asked
    assert events[:2] == [
        {"e": "boxer", "player": 0, "boxer": "Lewis", "by": "choice"},
        {"e": "boxer", "player": 1, "boxer": "Karpentier", "by": "choice"},
    ]


def test_unknown_or_twice_chosen_boxers_are_diagnostics(cordes_files):
    from atout.interpreter.games.cordes.engine import build
    from atout.interpreter.language.diagnostics import DiagnosticError

    with pytest.raises(DiagnosticError) as error:
        build(cordes_files, {"boxers": ["Karpentier", "Jab"]})
    assert "is not a CHARACTER card" in error.value.diagnostics[0].message
    with pytest.raises(DiagnosticError):
        build(cordes_files, {"boxers": ["lewis", "Lewis"]})


def test_the_arranged_state_accounts_for_every_card(scenario):
    s = scenario()
    assert s.state.check_invariants() == []
    assert isinstance(s.state, CordesState)
    zones = s.state.zones()
    assert len(zones["pile"]) == 55 and len(zones["boxers"]) == 2
