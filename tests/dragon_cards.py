"""Helpers of the scenario tests of Duel de dragons' newer forms: a card written in a few words, and events looked up."""

from __future__ import annotations

from atout.cards import CARDS_DIR

#: The example collection's five cards the scenarios deal (`tests/dragons/conftest.py`).
FIVE = ["Dragon d'Exemple", "Modeste", "Faible", "Usé", "Réserviste"]
HEADER = "Duel de dragons : cartes\n"
NEW_FORMS = CARDS_DIR / "dragons" / "exemples" / "nouvelles-formes.atout"


def card(name: str, head: str, stats: str, *lines: str) -> str:
    """A card's text: `card("X", "Dragon · Commune", "40 30 20 20", "Pouvoir : …")`."""
    p, r, s, c = stats.split()
    body = "\n".join(lines)
    return f"\n== {name} ==\n{head}\nPuissance {p} · Ruse {r} · Savoir {s} · Charisme {c}\n{body}\n"


def kinds(events: list[dict]) -> list[str]:
    """The kinds of these events, in order."""
    return [event["e"] for event in events]


def last(events: list[dict], kind: str) -> dict:
    """The last event of a kind (the test fails, naming the kinds met, when there is none)."""
    found = [event for event in events if event["e"] == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[-1]
