"""Haut la carte's commentary: one line per event (a card dealt to the other seat stays hidden)."""

from __future__ import annotations

from atout.interpreter.engine.decision import CHANCE, seat_name
from atout.interpreter.engine.limits import limit_reason, limit_text
from atout.interpreter.engine.state import Event


def outcome_text(game, winner: int | None, code: str, facts: dict) -> str:
    """Why the game ended, from its outcome's code and facts."""
    if code == "rounds":
        return f"rounds {facts['rounds'][0]}–{facts['rounds'][1]}"
    if code == "action_limit":
        return limit_reason(facts)
    raise ValueError(f"no outcome is coded {code!r}")


def render(event: Event, viewer: int | None = None) -> str:
    """The event as a line; `viewer` (a seat) sees only its own cards being dealt."""
    e = event["e"]
    player = event.get("player", CHANCE)
    who = seat_name(player) if player is not None else "nobody"  # a tied round is taken by nobody
    if e == "deal":
        card = event["card"] if viewer is None or viewer == player else "a card"
        return f"{who} is dealt {card}"
    if e == "round":
        return f"Round {event['round']}"
    if e == "play":
        return f"{who} plays {event['card']}"
    if e == "take":
        return f"{who} takes the round" if player is not None else "the round is tied"
    if e == "action_limit":
        return limit_text(event)
    if e == "end":
        return event.get("reason") or outcome_text(None, event["winner"], event["code"], event["facts"])
    return str(event)
