"""BattleFight as text: events as commentary, the state for --step (steps are written by `writing`).

The commentary reads like a match report, turn by turn and step by step::

    Turn 12 — P1 (life 14) to play, P2 (life 9)
      P1 plays Décharge (Attaque)
        1. Corps à Corps: fails at distance 3
        Décharge goes to P1's discard

A viewer (a seat) sees the other player's draws as "draws a card", and the
other's random or sealed deck only as its size (it is dealt face down, or
kept in private): the commentary of a game at the terminal never shows a
hidden card. The discards are face up ("chaque défausse est consultable à
tout moment"): `describe` lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.counters import change_text, held_text
from atout.interpreter.engine.durations import NO_DURATIONS
from atout.interpreter.engine.durations import held_text as durations_text
from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.limits import limit_reason, limit_text
from atout.interpreter.language.text import fold

from . import ast

if TYPE_CHECKING:
    from .state import BattleFightState


def _p(seat: int | None) -> str:
    return seat_name(seat) if seat is not None else "nobody"


def outcome_text(game: Any, winner: int | None, code: str, facts: dict[str, Any]) -> str:
    """Why the game ended, from its outcome's code and facts (what a record keeps)."""
    if code == "both_fell":
        return "both players fell at once"
    if code == "off_board":
        return f"{seat_name(facts['loser'])} is pushed off the board"
    if code == "no_life":
        return f"{seat_name(facts['loser'])} has no life left"
    if code == "turn_limit":
        return f"the turn limit ({facts['limit']}) is reached"
    if code == "repetition":
        return f"the same position starts a turn for the {_ordinal(facts['repetitions'])} time"
    if code == "action_limit":
        return limit_reason(facts)
    raise ValueError(f"no BattleFight outcome is coded {code!r}")


#: A zone's name in the commentary.
_ZONE_NAMES = {"main": "hand", "pioche": "pile", "défausse": "discard"}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def render(event: dict[str, Any], viewer: int | None = None) -> str:
    """One event as a line of commentary, as `viewer` may see it (None: everything)."""
    e = event["e"]
    p = _p(event.get("player"))
    if e == "first_player":
        return f"{p} plays first ({'drawn at random' if event['by'] == 'chance' else 'the loser of the last game starts'})"
    if e == "deck":
        if event["deck"] in ("random", "sealed"):
            if viewer is not None and viewer != event["player"]:  # dealt face down, or kept in private
                return f"{p} plays a {event['deck']} deck ({len(event['cards'])} cards)"
            return f"{p} plays a {event['deck']} deck: {', '.join(event['cards'])}"
        return f"{p} plays the deck {event['deck']} ({len(event['cards'])} cards)"
    if e == "pawns":
        return f"Pawns: P1 on {event['p1']}, P2 on {event['p2']}"
    if e == "turn":
        other = 1 - event["player"]
        return f"Turn {event['turn']} — {p} (life {event['life'][event['player']]}) to play, {seat_name(other)} (life {event['life'][other]})"
    if e == "play":
        return f"  {p} plays {event['technique']} ({event['type']}{', basic technique' if event['basic'] else ''})"
    if e == "step":
        return f"    {event['index']}. {event['step']}"
    if e == "condition":
        if "hand" in event:
            return f"       fails: {p} has fewer than {event['needed']} cards and discards the whole hand"
        verdict = "holds" if event["ok"] else "fails"
        return f"       {verdict} at distance {event['distance']}"
    if e == "discard":
        return f"       {p} discards {event['card']}"
    if e == "damage":
        if event["amount"] == 0:
            return f"       no damage to {p}"
        return f"       {p} takes {event['amount']} damage (life {event['life']})"
    if e == "heal":
        return f"       {p} blocks {event['amount']} (life {event['life']})"
    if e == "halve":
        return f"       {p}'s pile is empty: life halved to {event['life']}"
    if e == "reshuffle":
        return f"       {p} shuffles {event['cards']} cards of the discard into a new pile"
    if e == "draw_nothing":
        return f"       {p} has nothing to draw"
    if e == "draw":
        shown = event["card"] if viewer is None or viewer == event["player"] else "a card"
        return f"       {p} draws {shown}"
    if e == "pushed":
        return f"       {p} is pushed from {event['start']} to {event['to']}"
    if e == "pushed_off":
        return f"       {p} is pushed off the board from {event['cell']}"
    if e == "not_pushed":
        return f"       {p} is not pushed off the board from {event['cell']}"
    if e == "push_blocked":
        return f"       {p} cannot be pushed farther from {event['cell']}"
    if e == "move":
        return f"       {p} moves from {event['start']} to {event['to']}"
    if e == "stay":
        return f"       {p} stays on {event['cell']}"
    if e == "no_move":
        return f"       {p} cannot move ({event['moves']} moves)"
    if e == "no_technique":
        return f"  {p} has no technique to play"
    if e == "too_deep":
        return f"    Rejouer plays nothing: {event['techniques']} techniques are already being executed (Techniques imbriquées au plus)"
    if e == "nothing_to_destabilise":
        return "       nothing can be destabilised"
    if e == "destabilise_declined":
        return f"       {p} destabilises nothing"
    if e == "destabilise":
        return f"       {p} destabilises {event['technique']} of {seat_name(event['owner'])}, paying {event['cost']} card(s)"
    if e == "resume":
        return f"    {event['technique']} of {p} resumes"
    if e == "block_step":
        return f"       → {event['step']}"
    if e == "test":
        block = f"{event['steps']} step(s)" if event["steps"] else "nothing"
        return f"       {'holds' if event['ok'] else 'does not hold'}: {block} to run"
    if e == "take":
        # a card is seen by all when it leaves or enters a discard (face up), else only by the hand it leaves or enters
        seen = viewer is None or event["shown"] or (event["start"] == "main" and viewer == event["owner"]) or (event["to"] == "main" and viewer == event["seat"])
        card = event["card"] if seen else "a card"
        return f"       {p} takes {card} from {seat_name(event['owner'])}'s {_ZONE_NAMES[event['start']]} into {seat_name(event['seat'])}'s {_ZONE_NAMES[event['to']]}"
    if e == "take_none":
        return f"       {p} takes nothing: {seat_name(event['owner'])}'s {_ZONE_NAMES[event['zone']]} is empty"
    if e == "look":
        cards = ", ".join(event["cards"]) if viewer is None or viewer == event["player"] else f"{len(event['cards'])} card(s)"
        return f"       {p} looks at the top of {seat_name(event['owner'])}'s pile: {cards or 'nothing'}"
    if e == "power":
        return f"       a power of {p}, while {event['technique']} is in play"
    if e == "fire":
        return f"    {event['technique']} of {p} ({event['power']}):"
    if e == "power_stops":
        return f"       the power of {event['technique']} stops (a condition failed)"
    if e == "counters":
        return f"       {p}: {change_text(event)}"
    if e == "duration":
        return f"       {p}: {_duration_text(event)}"
    if e == "permanent":
        return f"       active for {p} while {event['technique']} is in play"
    if e == "stable":
        return f"    {event['technique']} stays in play, Stable {event['cost']}"
    if e == "deactivate":
        where = f"goes to {p}'s discard" if event["discarded"] else "ends"
        reason = {"failed": " (a condition failed)", "destabilised": " (destabilised)", "done": ""}[event["why"]]
        return f"    {event['technique']} {where}{reason}"
    if e == "action_limit":
        return limit_text(event)
    if e == "end":
        winner = event["winner"]
        return f"Game over: {'a draw' if winner is None else seat_name(winner) + ' wins'} — {event['reason']}"
    return f"    ({e})"


def _duration_text(event: dict[str, Any]) -> str:
    """An event `duration`: a block kept for later, acting now, a bonus that holds or ends (the card's words quoted)."""
    change, effect, when = event["change"], event["effect"], event["when"]
    if change == "kept":
        return f"kept ({when}): {effect}"
    if change == "acts":
        return f"now ({when}): {effect}"
    return f"no longer ({when}): {effect}"


def describe(state: BattleFightState, viewer: int | None = None) -> str:
    """Each player's counters and zones, and the board; the viewer sees only their own hand."""
    lines = [f"Turn {state.turn}, {seat_name(state.current)} to play"]
    for index, seat in enumerate(state.seats):
        where = f"on {state.board.names.get(seat.position, seat.position)}" if seat.position else ("not on the board yet" if state.turn == 0 else "off the board")
        counters = ", ".join(
            f"{name} {state.bonus(index, kind):+d}"
            for name, kind in (("Force", ast.Force), ("Protection", ast.Protection), ("Vitesse", ast.Vitesse), ("Charme", ast.Charme))
            if state.bonus(index, kind)
        )
        shown = viewer is None or viewer == index
        hand = f" ({', '.join(sorted(state.name_of(c) for c in seat.hand)) or '-'})" if shown else ""
        discard = ", ".join(sorted((state.name_of(c) for c in seat.discard), key=fold)) or "-"
        lines.append(
            f"  {seat_name(index)}: life {seat.life}, damage points {seat.damage}, {where}, "
            f"hand {len(seat.hand)}{hand}, "
            f"pile {len(seat.pile)}, discard {len(seat.discard)} ({discard})" + (f"; {counters}" if counters else "")
        )
    if state.counters:
        names = {active.uid: f"{active.name} of {seat_name(active.owner)}" for active in state.actives}
        lines.append(f"  tokens: {held_text(state.counters, names.__getitem__)}")
    if state.durations is not NO_DURATIONS:
        lines.append(f"  kept for later, or holding: {durations_text(state.durations, seat_name)}")
    for active in state.actives:
        status = f"Stable {active.cost}" if active.stable else f"running, at step {active.next_step + 1}"
        lines.append(f"  in play: {active.name} of {seat_name(active.owner)} ({status})")
    pawns = {seat.position: f"P{i + 1}" for i, seat in enumerate(state.seats) if seat.position}
    lines.append(state.board.picture(pawns))
    return "\n".join(lines)


def zones(state: BattleFightState, viewer: int | None = None) -> list[tuple[str, list[str]]]:
    """The cards the viewer sees, by zone (for the replay viewer's faces): each hand they may see, what is in play, each discard."""
    found: list[tuple[str, list[str]]] = []
    for index, seat in enumerate(state.seats):
        if viewer is None or viewer == index:
            found.append((f"{seat_name(index)}'s hand", sorted((state.name_of(c) for c in seat.hand), key=fold)))
    for index in (0, 1):
        found.append((f"in play, {seat_name(index)}", [active.name for active in state.actives if active.owner == index]))
    for index, seat in enumerate(state.seats):
        found.append((f"{seat_name(index)}'s discard", [state.name_of(c) for c in seat.discard]))
    return found
