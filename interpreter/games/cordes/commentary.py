"""Dans les Cordes as text: events as a fight commentary, cards as printed, the state for a person.

The commentary reads like a report from the ringside::

    Turn 4 — P1 to play (life 4, energy 2) against P2 (life 3, energy 4)
      P1 draws Crochet
      P1 spits Blocage (energy 3)
      P1 plays Crochet (cost 3, energy 0) and starts a combat
        P2 takes the Crochet
          P2: -2 life (life 1)

A viewer (a seat) sees the other player's draws, swapped and face-down cards
only as "a card": the commentary of a game at the terminal never shows a
hidden card. With no viewer (records, `replay --show`), everything is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.counters import change_text, held_text
from atout.interpreter.engine.durations import NO_DURATIONS, duration_text
from atout.interpreter.engine.durations import held_text as durations_text
from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.limits import limit_reason, limit_text

from . import ast
from .writing import write

if TYPE_CHECKING:
    from .state import CordesState


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def blow_text(blow: Any, target: str = "you") -> str:
    """A blow's effects as its target reads them: "-2 life to you; -1 card from your hand, chosen by the loser, face down".

    With `target` "P2", as anybody reads them: "-2 life to P2; -1 card from P2's hand, …".
    """
    parts = []
    thrower = seat_name(blow.by)
    for effect in blow.effects:
        if not isinstance(effect, (ast.Life, ast.Energy, ast.Draw, ast.Discard)):
            parts.append(write(effect))  # a construct: as printed
            continue
        at_you = effect.who is ast.Who.OPPONENT
        if isinstance(effect, ast.Discard):
            chooser = {
                ast.ChosenBy.THEIR_CHOICE: "chosen by the loser",
                ast.ChosenBy.YOUR_CHOICE: f"chosen by {thrower}",
                ast.ChosenBy.AT_RANDOM: "at random",
            }[effect.chosen_by]
            whose = (f"{target}'s hand" if target != "you" else "your hand") if at_you else f"{thrower}'s hand"
            if effect.amount is not None:
                parts.append(f"{write(effect).split(',')[0].replace(' to the opponent', '')} from {whose}, {chooser}, {effect.placement.value}")
                continue
            parts.append(f"-{_cards(effect.n)} from {whose}, {chooser}, {effect.placement.value}")
            continue
        text = write(effect).replace(" to the opponent", "")
        if effect.amount is not None:
            parts.append(f"{text} (to {target if at_you else thrower})")
            continue
        parts.append(f"{text} to {target if at_you else thrower}")
    return "; ".join(parts)


def _effects(effects: list) -> str:
    return "; ".join(write(e) for e in effects)


def _against(against: ast.Against) -> str:
    if not against.names:
        return "against an attack"
    return "against " + " or ".join(n.name for n in against.names)


def card_text(card: Any) -> str:
    """What a card does, in one line: "ATTACK, cost 1: -1 life to the opponent"."""
    kind = card.TYPE.value
    if isinstance(card, (ast.Attack, ast.Recovery)):
        return f"{kind}, cost {card.cost}: {_effects(card.effects)}"
    if isinstance(card, ast.Defense):
        extra = f"; {_effects(card.effects)}" if card.effects else ""
        return f"{kind}, cost {card.cost}: {_against(card.against)}, {write(card.outcome)}{extra}"
    if isinstance(card, ast.Riposte):
        return f"{kind}, cost {card.cost}: {_against(card.against)}, counter and {_effects(card.counter)}; as an attack: {_effects(card.as_an_attack.effects)}"
    if isinstance(card, ast.Character) and card.powers:
        return f"{kind}: " + " / ".join(write(power) for power in card.powers)
    return kind


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def outcome_text(game: Any, winner: int | None, code: str, facts: dict[str, Any]) -> str:
    """Why the game ended, from its outcome's code and facts (what a record keeps)."""
    if code == "ko":
        return f"{seat_name(facts['loser'])} is KO"
    if code == "double_ko":
        if winner is None:
            return "double KO: both boxers are down"
        role = "attacker" if winner == facts["attacker"] else "defender"
        return f"double KO: both boxers are down, and the {role} ({seat_name(winner)}) wins"
    if code in ("last_gong", "nothing_left"):
        lives = facts["life"]
        early = code == "nothing_left"
        when = "(nothing is left to draw or play)" if early else f"at the {_ordinal(facts['gongs'])} GONG"
        prefix = "nothing is left to draw or play: " if early else ""
        where = "" if early else f" {when}"
        if lives[0] != lives[1]:
            assert winner is not None, "more life wins"
            if early:
                return f"{prefix}{seat_name(winner)} has more life ({lives[winner]} to {lives[1 - winner]})"
            return f"{seat_name(winner)} has more life {when} ({lives[winner]} to {lives[1 - winner]})"
        energies = facts.get("energy")
        if energies is not None:
            if winner is not None:
                return f"{prefix}same life ({lives[0]}){where}; {seat_name(winner)} has more energy ({energies[winner]} to {energies[1 - winner]})"
            return f"{prefix}same life ({lives[0]}) and energy ({energies[0]}){where}"
        return f"{prefix}same life ({lives[0]}){where}"
    if code == "action_limit":
        return limit_reason(facts)
    raise ValueError(f"no Dans les Cordes outcome is coded {code!r}")


def render(event: dict[str, Any], viewer: int | None = None) -> str:
    """One event as a line of commentary, as `viewer` may see it (None: everything)."""
    e = event["e"]
    player = event.get("player")
    p = seat_name(player) if player is not None else ""
    sees = viewer is None or viewer == player
    if e == "boxer":
        how = "chooses" if event["by"] == "choice" else "boxes as"
        return f"{p} {how} {event['boxer']}"
    if e == "markers":
        return f"Both boxers start with {event['life']} life and {event['energy']} energy"
    if e == "shuffle":
        return f"The GONG is set aside and the other {event['cards']} cards are shuffled into the draw pile"
    if e == "gong_placed":
        where = f", with {event['above']} cards above it" if viewer is None else ""
        return f"The GONG goes back near the middle of the draw pile{where} ({event['pile']} cards)"
    if e == "first_player":
        why = {"chance": "drawn at random", "rules": "the first seat, as the rules say", "setup": "as set for this game"}[event["by"]]
        return f"{p} starts ({why})"
    if e == "coach":
        cards = event["cards"]
        if not cards:
            return f"{p} keeps their hand (no coach's advice)"
        shown = ", ".join(cards) if sees else _cards(len(cards))
        return f"{p} takes the coach's advice and swaps {shown} (under the pile)"
    if e == "turn":
        life, energy = event["life"], event["energy"]
        other = 1 - event["player"]
        return f"Turn {event['turn']} — {p} to play (life {life[player]}, energy {energy[player]}) against {seat_name(other)} (life {life[other]}, energy {energy[other]})"
    if e == "draw":
        return f"  {p} draws {event['card'] if sees else 'a card'}"
    if e == "gong":
        return f"  {p} draws the GONG ({_ordinal(event['gong'])})! It is revealed beside the ring, and {p} draws a replacement"
    if e == "nothing_to_draw":
        return f"  {p} has nothing to draw: the draw pile is empty"
    if e == "spit":
        return f"  {p} spits {event['card']} (energy {event['energy']})"
    if e == "play":
        role = event["role"]
        paid = f"cost {event['cost']}, energy {event['energy']}"
        if role == "answer":
            return f"    {p} answers with {event['card']} ({paid})"
        if role == "recovery":
            return f"  {p} plays {event['card']} ({paid})"
        return f"  {p} attacks with {event['card']} ({paid})"
    if e == "combat":
        return f"  {p} starts a combat"
    if e == "combat_end":
        return f"  {p} ends the combat"
    if e == "take":
        return f"    {p} takes the {event['card']}"
    if e == "block":
        lost = event["lost"]
        return f"    {p} blocks the {event['card']}" + (f" and loses {lost} life instead" if lost else ", losing no life")
    if e == "dodge":
        return f"    {p} dodges the {event['card']}"
    if e == "counter":
        return f"    {p} counters the {event['countered']} and strikes back with {event['card']}"
    if e == "life":
        return f"      {p}: {event['change']:+d} life (life {event['life']})"
    if e == "energy":
        return f"      {p}: {event['change']:+d} energy (energy {event['energy']})"
    if e == "lose_card":
        if event["spat"]:
            return f"      {p} loses {event['card']}, spat into the spittoon"
        return f"      {p} loses {event['card'] if sees else 'a card'}, face down into the spittoon"
    if e == "condition":
        return f"      ({p}: {event['condition']}: {'yes' if event['holds'] else 'no'})"
    if e == "move":
        shown = event["card"] if (sees or not event["hidden"] or viewer in event["seen"]) else "a card"
        return f"      {p} takes {shown} from {event['source']} into {event['to']}"
    if e == "look":
        shown = ", ".join(event["cards"]) if sees else _cards(len(event["cards"]))
        return f"      {p} looks at the top of the draw pile: {shown or 'nothing'}"
    if e == "keep":
        return f"      {p} keeps {event['card'] if sees else 'a card'} in hand"
    if e == "put_back":
        where = "under the draw pile" if event["under"] else "back on top of the draw pile"
        return f"      {p} puts {_cards(event['cards'])} {where}"
    if e == "power":
        limit = f", {event['limit']}" if event["limit"] else ""
        return f"    {p}'s {event['boxer']}: {event['trigger']}{limit}"
    if e == "counters":
        return f"      {p}: {change_text(event)}"
    if e == "duration":
        return f"      {p}: {duration_text(event)}"
    if e == "power_held":
        when = "between two decisions" if event["per"] == "action" else "in a turn"
        return f"    {p}'s {event['boxer']} does not fire again ({event['trigger']}): at most {event['most']} powers fire {when}"
    if e == "turn_back":
        return f"    {p} turns the {event['card']} back"
    if e == "end_turn":
        return f"  {p} ends the turn"
    if e == "hand_limit":
        where = "face down into the spittoon" if event["to"] == "spittoon" else "under the draw pile"
        return f"  {p} holds too many cards and discards {event['card'] if sees else 'a card'}, {where}"
    if e == "round_end":
        if event["last"]:
            return f"End of round {event['gong']}: the {_ordinal(event['gong'])} GONG ends the game (no round bonus)"
        return f"End of round {event['gong']}: the {_ordinal(event['gong'])} GONG rings"
    if e == "bonus":
        return f"  {p} takes the round bonus in {event['took']}"
    if e == "removed":
        card = event["card"] if viewer is None else "The top card"
        return f"  {card} is removed from the top of the pile, face down, to count the round ({event['removed']} removed)"
    if e == "reshuffle":
        ring, spittoons = event["ring"], sum(event["spittoons"])
        if event["why"] == "gong":
            return f"  The GONG, {_cards(ring)} of the ring and {_cards(spittoons)} of the spittoons are shuffled under the draw pile ({event['pile']} cards)"
        return f"  The draw pile is empty: {_cards(ring)} of the ring and {_cards(spittoons)} of the spittoons make a new one"
    if e == "action_limit":
        return limit_text(event)
    if e == "end":
        winner = event["winner"]
        return f"Game over: {'a draw' if winner is None else seat_name(winner) + ' wins'} — {event['reason']}"
    return f"  ({e})"


def describe(state: CordesState, viewer: int | None = None) -> str:
    """The markers, hands and zones; the viewer sees only their own hand."""
    names = state.names
    round_no = state.gongs + 1
    when = f"Turn {state.turn}, {seat_name(state.current)} to play" if state.turn else "Setup"
    lines = [f"{when} — round {round_no}, {_count(state.gongs, 'GONG')} rung" + (" — in a combat" if state.in_combat else "")]
    for index, seat in enumerate(state.seats):
        boxer = f" ({names[seat.boxer]})" if seat.boxer is not None else ""
        face_up = sorted(names[c] for c in seat.spittoon if c not in seat.face_down)
        down = len(seat.spittoon) - len(face_up)
        spittoon = ", ".join(face_up) or "-"
        if down:
            spittoon += f" + {_cards(down)} face down"
        lines.append(f"  {seat_name(index)}{boxer}: life {seat.life}, energy {seat.energy}, {_cards(len(seat.hand))} in hand; spittoon: {spittoon}")
        if viewer is None or viewer == index:
            for name in sorted({names[c] for c in seat.hand}):
                count = sum(1 for c in seat.hand if names[c] == name)
                times = f" ×{count}" if count > 1 else ""
                lines.append(f"      {name}{times} — {card_text(state.game.cards[name])}")
    ring = ", ".join(names[c] for c in state.ring) or "-"
    lines.append(f"  Draw pile: {_cards(len(state.pile) + (state.gong_depth is not None))}; removed: {len(state.removed)}; ring: {ring}" + ("; the GONG is out" if state.gong_out else ""))
    if state.counters:
        lines.append(f"  Tokens: {held_text(state.counters)}")
    if state.durations is not NO_DURATIONS:
        lines.append(f"  Kept for later, or holding: {durations_text(state.durations, seat_name)}")
    if state.blow is not None:
        blow = state.blow
        lines.append(f"  Blow to answer: {seat_name(blow.by)}'s {blow.card} at {seat_name(blow.to)} ({blow_text(blow, seat_name(blow.to))})")
    return "\n".join(lines)


def zones(state: CordesState, viewer: int | None = None) -> list[tuple[str, list[str]]]:
    """The cards the viewer sees, by zone (for the replay viewer's faces): the boxers, each hand they may see, the ring, the spittoons face up."""
    names = state.names
    found: list[tuple[str, list[str]]] = [("boxers", [names[seat.boxer] for seat in state.seats if seat.boxer is not None])]
    for index, seat in enumerate(state.seats):
        if viewer is None or viewer == index:
            found.append((f"{seat_name(index)}'s hand", sorted(names[c] for c in seat.hand)))
    found.append(("the ring", [names[c] for c in state.ring]))
    for index, seat in enumerate(state.seats):
        found.append((f"{seat_name(index)}'s spittoon, face up", sorted(names[c] for c in seat.spittoon if c not in seat.face_down)))
    return found


def _count(number: int, noun: str) -> str:
    """`number` and `noun`, plural when it is not 1 ("0 GONGs", "1 GONG")."""
    return f"{number} {noun}{'s' * (number != 1)}"
