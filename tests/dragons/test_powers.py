"""Duel de dragons, version 2: what each form a card may print does, exactly, in a duel.

Each test sets up a duel with cards made for it (five cards a player: the
whole collection is the hand; a sixth card makes a reserve), plays a round,
and asserts the totals, points, zones and statistics after. The card
names below are the scenario's; the conftest's five cards complete hands.
"""

from __future__ import annotations

import pytest

from atout.interpreter.games.dragons import steps
from atout.interpreter.games.dragons.ast import NomDeStatistique
from atout.interpreter.games.dragons.conditions import Context, Lieu

FIVE = ["Dragon d'Exemple", "Modeste", "Faible", "Usé", "Réserviste"]


def card(name: str, head: str, stats: str, *lines: str) -> str:
    """A card's text: `card("X", "Dragon · Commune", "40 30 20 20", "Pouvoir : …")`."""
    p, r, s, c = stats.split()
    body = "\n".join(lines)
    return f"\n== {name} ==\n{head}\nPuissance {p} · Ruse {r} · Savoir {s} · Charisme {c}\n{body}\n"


def last(events: list[dict], kind: str) -> dict:
    """The last event of a kind."""
    found = [event for event in events if event["e"] == kind]
    assert found, f"no {kind} event in {[e['e'] for e in events]}"
    return found[-1]


def kinds(events: list[dict]) -> list[str]:
    return [event["e"] for event in events]


def with_hand(s, seat: int, names: list[str]) -> None:
    """Answer the chance draws of a seat's hand, by card names (a collection of more than five cards)."""
    for name in names:
        s.choose(name)


# ---------------------------------------------------------------------------
# Bonuses at the reveal: against a kind of card, on a statistic asked, computed
# ---------------------------------------------------------------------------

CHASSEUR = card("Chasseur", "Dragon · Commune", "40 30 20 20", "Pouvoir : +15 en Puissance contre un Personnage.")


def test_a_bonus_against_a_kind_of_card_counts_against_it_only(powered):
    s = powered(CHASSEUR, ["Chasseur", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Chasseur", "Modeste")
    assert last(events, "reveal")["totals"] == [70, 60]
    assert last(events, "bonus")["amount"] == 15
    assert last(events, "totals")["totals"] == [85, 60]
    assert s.state.score == [1, 0]
    events = s.round("Puissance + Ruse", "Chasseur", "Dragon d'Exemple")  # a Dragon: no bonus
    assert "bonus" not in kinds(events)
    assert last(events, "totals")["bonus"] == [0, 0]


def test_a_bonus_on_a_statistic_counts_only_when_the_round_asks_it(powered):
    s = powered(CHASSEUR, ["Chasseur", *FIVE[1:]], FIVE)
    events = s.round("Savoir + Charisme", "Chasseur", "Modeste")
    assert "bonus" not in kinds(events)
    assert last(events, "totals")["totals"] == [40, 60]


def test_a_malus_and_a_bonus_on_one_power(powered):
    cards = card("Bretteur", "Personnage · Commune", "40 40 30 30", "Pouvoir : -10 en Ruse, +15 en Puissance.")
    s = powered(cards, ["Bretteur", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Bretteur", "Modeste")
    assert [e["amount"] for e in events if e["e"] == "bonus"] == [-10, 15]
    assert last(events, "totals")["totals"] == [85, 60]


def test_for_each_counts_the_cards_of_a_zone_and_the_points(powered):
    cards = card("Hydre", "Dragon · Commune", "30 30 30 30", "Pouvoir : +5 au total pour chaque carte de ta main.") + card(
        "Vengeur", "Dragon · Commune", "30 30 30 30", "Pouvoir : +7 au total pour chaque point de l'adversaire."
    )
    s = powered(cards, ["Hydre", "Vengeur", *FIVE[2:]], FIVE)
    events = s.round("Puissance + Ruse", "Hydre", "Dragon d'Exemple")
    assert last(events, "totals")["totals"] == [60 + 25, 120]  # five cards in hand
    assert s.state.score == [0, 1]
    events = s.round("Savoir + Charisme", "Vengeur", "Faible")
    assert last(events, "totals")["totals"] == [60 + 7, 50]  # the other has 1 point


def test_as_many_as_adds_a_quantity(powered):
    cards = card("Miroir", "Dragon · Commune", "30 30 40 30", "Pouvoir : +autant en Savoir que le Savoir de la carte adverse.")
    s = powered(cards, ["Miroir", *FIVE[1:]], FIVE)
    events = s.round("Savoir + Charisme", "Miroir", "Usé")
    assert last(events, "totals")["totals"] == [70 + 45, 90]


# ---------------------------------------------------------------------------
# Conditions: si / sinon, et / ou / non, comparisons of the duel's quantities
# ---------------------------------------------------------------------------

RUSE = card(
    "Vieux Rusé",
    "Dragon · Commune",
    "30 30 30 30",
    "Pouvoir : si le numéro de la manche vaut au moins 2 : +15 au total ; sinon : -5 au total.",
)


def test_if_and_otherwise(powered):
    s = powered(RUSE, ["Vieux Rusé", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Vieux Rusé", "Faible")
    assert last(events, "condition")["holds"] is False
    assert last(events, "totals")["totals"] == [60 - 5, 50]
    events = s.round("Savoir + Charisme", "Vieux Rusé", "Faible")
    assert last(events, "condition")["holds"] is True
    assert last(events, "totals")["totals"] == [60 + 15, 50]


def test_an_if_without_otherwise_does_nothing_when_false(powered):
    cards = card("Héraut", "Personnage · Commune", "30 30 40 40", "Pouvoir : si la manche demande le Charisme et non la carte adverse est un Dragon : +10 au total, marque 1 point.")
    s = powered(cards, ["Héraut", *FIVE[1:]], FIVE)
    events = s.round("Savoir + Charisme", "Héraut", "Dragon d'Exemple")  # a Dragon: false
    assert "bonus" not in kinds(events) and "points" not in kinds(events)
    events = s.round("Savoir + Charisme", "Héraut", "Modeste")  # true: both effects of the block
    assert last(events, "totals")["totals"] == [60 + 10, 60]
    assert s.state.score == [2, 0]  # round 1 tied; the point of the block, then the round


@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ("tes points valent moins que les points de l'adversaire", True),
        ("tes points valent au moins 1", False),
        ("les points de l'adversaire valent exactement 1", True),
        ("les points de l'adversaire ne valent pas 1", False),
        ("le nombre de cartes de ta main vaut au plus 5", True),
        ("le nombre de cartes de la main de l'adversaire vaut plus que 5", False),
        ("la Puissance de la carte adverse vaut plus que la Puissance de cette carte", True),
        ("la carte adverse est une carte Rare", True),
        ("cette carte est un Personnage ou la manche demande le Savoir", False),
        ("cette carte est un Dragon ou la manche demande le Savoir", True),
        ("non (tes points valent au moins 0 et la manche demande la Ruse)", False),
        ("non (non la manche demande la Ruse)", True),
    ],
)
def test_each_condition_reads_the_duel(powered, condition, expected):
    cards = card("Juge", "Dragon · Commune", "30 30 30 30", f"Pouvoir : si {condition} : marque 1 point ; sinon : marque 2 points.")
    s = powered(cards, ["Juge", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Faible", "Modeste")  # P2 wins round 1: 0–1
    assert s.state.score == [0, 1]
    events = s.round("Puissance + Ruse", "Juge", "Dragon d'Exemple")
    assert last(events, "condition")["holds"] is expected
    assert last(events, "points")["change"] == (1 if expected else 2)


def test_a_condition_and_an_amount_are_read_with_the_duel_as_it_is(powered):
    s = powered(RUSE, ["Vieux Rusé", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Vieux Rusé", "Faible")
    state = s.state
    card_id = state.hands[0][[state.names[c] for c in state.hands[0]].index("Vieux Rusé")]
    ctx = Context(state, 0, card_id, None)
    assert state.stat_now(card_id, NomDeStatistique.RUSE) == 20  # fatigue included
    assert len(state.zone_cards(0, Lieu.MAIN)) == 5 and state.zone_cards(0, Lieu.RESERVE) == []
    (condition,) = [power.effets[0].condition for power in state.powers[card_id]]
    assert condition.left.value(ctx) == 2 and condition.holds(ctx)  # round 2 now


# ---------------------------------------------------------------------------
# Triggers and their limits
# ---------------------------------------------------------------------------


def test_when_this_card_wins_once_per_duel(powered):
    cards = card("Ancêtre", "Dragon · Rare", "70 60 30 30", "Pouvoir : quand cette carte gagne une manche, une fois par duel : marque 1 point.")
    s = powered(cards, ["Ancêtre", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Ancêtre", "Faible")
    assert kinds(events).index("won") < kinds(events).index("power") < kinds(events).index("fatigue")
    assert s.state.score == [2, 0]
    events = s.round("Puissance + Ruse", "Ancêtre", "Faible")  # wins again: the limit is reached
    assert "power" not in kinds(events)
    assert s.state.score == [3, 0]


def test_when_this_card_loses_it_recovers_and_tires_the_other(powered):
    cards = card("Barde", "Personnage · Commune", "30 30 30 30", "Pouvoir : quand cette carte perd une manche : cette carte récupère 10 sur chaque statistique, la carte adverse perd 10 en Savoir.")
    s = powered(cards, ["Barde", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Faible", "Faible")  # a tie, both tired
    events = s.round("Puissance + Ruse", "Barde", "Dragon d'Exemple")
    assert s.state.score == [0, 1]
    changed = [e for e in events if e["e"] == "stats_changed"]
    assert changed[0]["changes"] == [[n, 30, 30] for n in ("Puissance", "Ruse", "Savoir", "Charisme")]  # never above the printed value
    assert changed[1]["changes"] == [["Savoir", 30, 20]]
    assert s.stats_of(0, "Barde") == [20, 20, 30, 30]  # then the round's fatigue
    assert s.stats_of(1, "Dragon d'Exemple") == [70, 30, 20, 50]


def test_at_the_start_of_the_round_for_a_card_in_hand(powered):
    cards = card("Alchimiste", "Personnage · Commune", "20 40 60 30", "Pouvoir : au début de la manche, une fois par manche : mets 1 carte au hasard de ta réserve dans la main.")
    s = powered(cards, ["Alchimiste", *FIVE], FIVE)
    with_hand(s, 0, ["Alchimiste", "Modeste", "Faible", "Usé", "Réserviste"])
    s.choose("2")
    events = s.choose("Puissance + Ruse")  # one card in reserve: the draw has one option, taken at once
    assert kinds(events)[-3:] == ["stats", "power", "move"]
    assert last(events, "move")["to"] == "main"
    assert len(s.hand(0)) == 6 and "Dragon d'Exemple" in s.hand(0)
    assert s.decision.kind == "play"  # no reserve left: no swap


def test_n_times_per_duel_without_a_trigger(powered):
    cards = card("Intrigante", "Personnage · Commune", "30 40 30 30", "Pouvoir : 2 fois par duel : +15 en Ruse.")
    s = powered(cards, ["Intrigante", *FIVE[1:]], FIVE)
    bonuses = []
    for _ in range(3):
        events = s.round("Puissance + Ruse", "Intrigante", "Faible")
        bonuses.append(sum(e["amount"] for e in events if e["e"] == "bonus"))
    assert bonuses == [15, 15, 0]


def test_effects_fire_no_trigger_and_powers_per_round_are_capped(powered, monkeypatch):
    cards = card("Double", "Dragon · Commune", "40 40 40 40", "Pouvoir : +1 au total.", "Pouvoir : +2 au total.")
    s = powered(cards, ["Double", *FIVE[1:]], ["Double", *FIVE[1:]])
    events = s.round("Puissance + Ruse", "Double", "Double")
    assert [e["amount"] for e in events if e["e"] == "bonus"] == [1, 2, 1, 2]  # each power once, no chain
    monkeypatch.setattr(steps, "MAX_FIRINGS", 1)
    events = s.round("Puissance + Ruse", "Double", "Double")
    assert [e["amount"] for e in events if e["e"] == "bonus"] == [1]


# ---------------------------------------------------------------------------
# Points, exchanges, moving cards between zones, looking at a pile
# ---------------------------------------------------------------------------


def test_the_other_loses_points_and_exchanges_change(powered):
    cards = card("Sorcière", "Personnage · Commune", "40 40 40 40", "Pouvoir : quand cette carte gagne une manche : l'adversaire perd 1 point, +2 échanges avec la réserve.")
    s = powered(cards, ["Sorcière", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Faible", "Modeste")
    assert s.state.score == [0, 1]
    events = s.round("Puissance + Ruse", "Sorcière", "Faible")
    assert s.state.score == [1, 0]
    assert last(events, "exchanges")["left"] == s.state.rules.exchanges + 2


def test_put_this_card_in_the_reserve_and_the_hand_keeps_one(powered):
    cards = card("Mercenaire", "Personnage · Commune", "20 20 20 20", "Pouvoir : quand cette carte perd une manche : mets cette carte dans la réserve.")
    s = powered(cards, ["Mercenaire", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Mercenaire", "Modeste")
    assert last(events, "move")["to"] == "réserve"
    assert "Mercenaire" not in s.hand(0) and len(s.hand(0)) == 4
    assert [s.state.names[c] for c in s.state.reserve[0].cards()] == ["Mercenaire"]
    assert s.state.check_invariants() == []


def test_a_card_chosen_by_the_other_player_from_their_hand(powered):
    cards = card(
        "Gardienne", "Personnage · Commune", "45 45 40 40", "Pouvoir : quand cette carte gagne une manche : mets 1 carte choisie par l'adversaire de la main de l'adversaire hors du duel face visible."
    )
    s = powered(cards, ["Gardienne", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Gardienne", "Faible")
    assert s.decision.player == 1 and s.decision.kind == "power_pick"
    events = s.choose("Usé")
    assert last(events, "move") | {} == {"e": "move", "player": 1, "card": "Usé", "source": "main", "to": "cartes écartées", "visible": True, "by": 0}
    assert "Usé" not in s.hand(1) and [s.state.names[c] for c in s.state.left[1].cards()] == ["Usé"]


def test_look_at_the_first_cards_of_the_reserve_and_take_one(powered):
    cards = card("Serpent", "Dragon · Commune", "30 50 40 30", "Pouvoir : au début de la manche, une fois par duel : regarde les 2 premières cartes de ta réserve et mets-en 1 dans la main.")
    s = powered(cards + CHASSEUR, ["Serpent", *FIVE, "Chasseur"], FIVE)
    with_hand(s, 0, ["Serpent", "Modeste", "Faible", "Usé", "Réserviste"])
    s.choose("2")
    s.choose("Puissance + Ruse")
    assert s.decision.kind == "power_draw"
    events = s.choose("Chasseur")  # then the last card of the reserve, drawn at once
    assert last(events, "look")["cards"] == ["Chasseur", "Dragon d'Exemple"]
    assert s.state.reserve[0].cards() == [] and len(s.state.marks.looking) == 2
    assert s.state.check_invariants() == []  # the cards looked at are in no zone, and counted
    assert s.decision.player == 0 and s.decision.labels() == ["Chasseur", "Dragon d'Exemple"]
    s.choose("Chasseur")
    assert "Chasseur" in s.hand(0) and [s.state.names[c] for c in s.state.reserve[0].cards()] == ["Dragon d'Exemple"]


# ---------------------------------------------------------------------------
# Card properties: own fatigue, several categories
# ---------------------------------------------------------------------------


def test_a_card_with_its_own_fatigue(powered):
    cards = card("Infatigable", "Dragon · Commune", "40 30 25 25", "Fatigue 0") + card("Fragile", "Dragon · Commune", "55 45 30 40", "Fatigue 20")
    s = powered(cards, ["Infatigable", *FIVE[1:]], ["Fragile", *FIVE[1:]])
    s.round("Puissance + Ruse", "Infatigable", "Fragile")
    assert s.stats_of(0, "Infatigable") == [40, 30, 25, 25]
    assert s.stats_of(1, "Fragile") == [35, 25, 30, 40]


def test_a_card_of_both_categories_is_each(powered):
    cards = CHASSEUR + card("Métamorphe", "Dragon · Personnage · Commune", "30 30 30 30", "Pouvoir : si cette carte est un Dragon et cette carte est un Personnage : marque 1 point.")
    s = powered(cards, ["Chasseur", *FIVE[1:]], ["Métamorphe", *FIVE[1:]])
    events = s.round("Puissance + Ruse", "Chasseur", "Métamorphe")
    assert last(events, "bonus")["amount"] == 15  # against a Personnage
    assert last(events, "points")["player"] == 1


def test_the_other_player_does_not_see_which_card_of_a_hand_works_at_the_start_of_a_round(powered):
    from atout.interpreter.games.dragons.commentary import render

    cards = card("Alchimiste", "Personnage · Commune", "20 40 60 30", "Pouvoir : au début de la manche : si le nombre de cartes de ta main vaut au plus 5 : cette carte récupère 5 en Ruse.")
    s = powered(cards, ["Alchimiste", *FIVE[1:]], FIVE)
    s.choose("2")
    events = s.choose("Puissance + Ruse")
    power = last(events, "power")
    assert "Alchimiste" in render(power, 0) and "Alchimiste" not in render(power, 1)
    assert "Alchimiste" not in render(last(events, "stats_changed"), 1)
    assert "Alchimiste" in render(power)  # the whole record, as replay shows it
