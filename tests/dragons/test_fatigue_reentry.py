"""A played card that leaves its hand and enters it again in one round comes back without fatigue.

The rulebook: "La fatigue compte après le calcul du gagnant" and, of the
swap, "La carte qui entre arrive sans fatigue"; docs/dragons.md: "a card
entering a hand comes without fatigue (as a swap's)". A power that works
when its card loses a round (before the fatigue) may put the card in the
reserve and draw it back: the card that enters the hand is fresh, and the
round's fatigue, which comes after, is not laid on it. A card that entered
the hand before it was played (at the start of the round) is played, and
tires as any other.
"""

from __future__ import annotations

FIVE = ["Dragon d'Exemple", "Modeste", "Faible", "Usé", "Réserviste"]


def card(name: str, head: str, stats: str, *lines: str) -> str:
    p, r, s, c = stats.split()
    body = "\n".join(lines)
    return f"\n== {name} ==\n{head}\nPuissance {p} · Ruse {r} · Savoir {s} · Charisme {c}\n{body}\n"


MERCENAIRE = card(
    "Mercenaire",
    "Personnage · Commune",
    "20 20 20 20",
    "Pouvoir : quand cette carte perd une manche : mets cette carte dans la réserve, mets 1 carte au hasard de ta réserve dans la main.",
)
DESERTEUR = card(
    "Déserteur",
    "Personnage · Commune",
    "20 20 20 20",
    "Pouvoir : quand cette carte perd une manche : mets cette carte dans la réserve.",
)
ALCHIMISTE = card(
    "Alchimiste",
    "Personnage · Commune",
    "20 40 60 30",
    "Pouvoir : au début de la manche, une fois par manche : mets 1 carte au hasard de ta réserve dans la main.",
)


def fatigue_of(events: list[dict], name: str) -> list[dict]:
    return [e for e in events if e["e"] == "fatigue" and e["card"] == name]


def test_a_card_back_in_hand_in_the_same_round_takes_no_fatigue(powered):
    s = powered(MERCENAIRE, ["Mercenaire", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Mercenaire", "Modeste")  # 40 against 60: Mercenaire loses
    moves = [(e["card"], e["source"], e["to"]) for e in events if e["e"] == "move"]
    assert moves == [("Mercenaire", "main", "réserve"), ("Mercenaire", "réserve", "main")]
    assert "Mercenaire" in s.hand(0)
    assert s.stats_of(0, "Mercenaire") == [20, 20, 20, 20]
    assert fatigue_of(events, "Mercenaire") == []
    # the other played card tires as the rules say
    assert s.stats_of(1, "Modeste") == [20, 20, 30, 30]
    assert len(fatigue_of(events, "Modeste")) == 1
    # the next round, played again, it tires
    events = s.round("Puissance + Ruse", "Mercenaire", "Usé")  # 40 against 10: it wins, and stays
    assert s.stats_of(0, "Mercenaire") == [10, 10, 20, 20]


def test_a_card_left_in_the_reserve_tires_there_and_comes_back_fresh(powered):
    """In the reserve, the round's fatigue changes nothing: the card enters a hand fresh."""
    s = powered(DESERTEUR + MERCENAIRE, ["Déserteur", "Mercenaire", *FIVE[2:]], FIVE)
    events = s.round("Puissance + Ruse", "Déserteur", "Modeste")
    assert "Déserteur" not in s.hand(0)
    assert len(fatigue_of(events, "Déserteur")) == 1  # the played card tires, as the rules say
    s.round("Savoir + Charisme", "Mercenaire", "Modeste")  # 40 against 60: Mercenaire loses and goes; chance draws from the reserve
    events = s.choose("Déserteur")
    assert [(e["card"], e["to"]) for e in events if e["e"] == "move"] == [("Déserteur", "main")]
    assert s.stats_of(0, "Déserteur") == [20, 20, 20, 20]


def test_a_card_that_entered_the_hand_before_it_was_played_tires(powered):
    s = powered(ALCHIMISTE, ["Alchimiste", *FIVE], FIVE)
    for name in ["Alchimiste", "Modeste", "Faible", "Usé", "Réserviste"]:
        s.choose(name)  # the hand drawn: Dragon d'Exemple stays in the reserve
    events = s.round("Puissance + Ruse", "Dragon d'Exemple", "Modeste", count="2")
    assert [(e["card"], e["to"]) for e in events if e["e"] == "move"] == [("Dragon d'Exemple", "main")]
    assert s.stats_of(0, "Dragon d'Exemple") == [70, 30, 30, 50]
    assert len(fatigue_of(events, "Dragon d'Exemple")) == 1
