"""Duel de dragons as text: events as commentary, the state for --step and the prompt.

The commentary reads like a match report, round by round::

    Round 2 — score 1–0
      Statistics: Puissance + Ruse
      P1 plays Vouivre des Brumes: Puissance 62 + Ruse 55 = 117
      P2 plays Chevalier Errant: Puissance 50 + Ruse 41 = 91
      P1 wins the round: 2–0
      Fatigue: P1's Vouivre des Brumes Puissance 62→52, Ruse 55→45
      Fatigue: P2's Chevalier Errant Puissance 50→40, Ruse 41→31

A viewer (a seat) never sees the other player's hand, reserve or swapped
cards: the commentary of a duel at the terminal shows only what is revealed.
The prompt lists the other's cards revealed so far ("seen"), as last seen
(fatigue included): they stay in that hand unless swapped out.
"""

from __future__ import annotations

from collections import Counter

from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.limits import limit_reason, limit_text

from .writing import SEPARATOR, STAT_NAMES, statistic_text, statistics_text

if TYPE_CHECKING:
    from .state import DragonsState

#: The rules' tie options, as printed in the rules file.
TIE_RULES = {
    "personne ne marque": "nobody scores (Égalité de totaux : personne ne marque)",
    "les deux marquent": "both score 1 (Égalité de totaux : les deux marquent)",
    "manche rejouee": "the round is played again (Égalité de totaux : manche rejouée)",
}


def _score(score: list[int]) -> str:
    return f"{score[0]}–{score[1]}"


def outcome_text(game: Any, winner: int | None, code: str, facts: dict[str, Any]) -> str:
    """Why the duel ended, from its outcome's code and facts (what a record keeps) and the game's rules."""
    score = facts["score"]
    decisive = facts.get("decisive", 0)
    if code == "score":
        assert winner is not None, "a duel won on the score has a winner"
        when = f"after {game.rules.rounds} rounds" if not decisive else f"in decisive round {decisive}"
        return f"{seat_name(winner)} wins {score[winner]}–{score[1 - winner]} {when}"
    if code == "decisive_ties":
        return f"a draw, {score[0]}–{score[1]}: {decisive} decisive round{'s' * (decisive != 1)} tied (Fin des manches décisives : nulle)"
    if code == "worn_out":
        return f"a draw, {score[0]}–{score[1]}: every card in play is worn down to 0, no round can be won"
    if code == "safety":
        return f"a draw, {score[0]}–{score[1]}: stopped after {decisive} tied decisive rounds"
    if code == "action_limit":
        return f"a draw, {score[0]}–{score[1]}: {limit_reason(facts)}"
    raise ValueError(f"no Duel de dragons outcome is coded {code!r}")


def render(event: dict[str, Any], viewer: int | None = None) -> str:
    """One event as a line of commentary, as `viewer` may see it (None: everything)."""
    e = event["e"]
    p = seat_name(event["player"]) if event.get("player") is not None else "nobody"
    shown = viewer is None or viewer == event.get("player")
    if e == "prepared":
        head = f"{p} plays the collection {event['collection']} ({event['size']} cards)"
        head += f": {event['drawn']} cards drawn" if event["drawn"] < event["size"] else ": all its cards play"
        if not shown:
            return f"{head}; {len(event['hand'])} in hand, {len(event['reserve'])} in reserve"
        return f"{head}\n  hand: {'; '.join(event['hand'])}\n  reserve ({len(event['reserve'])}): {'; '.join(event['reserve']) or '-'}"
    if e == "round":
        if event["decisive"]:
            title = f"Decisive round {event['decisive']}"
        else:
            title = f"Round {event['round']}"
        if event["replay"]:
            title += ", played again"
        return f"{title} — score {_score(event['score'])}"
    if e == "stats":
        return f"  Statistics: {' + '.join(event['stats'])}"
    if e == "swap":
        left = f" ({event['left']} exchange{'s' * (event['left'] != 1)} left)"
        if not shown:
            return f"  {p} swaps a card of the hand for one of the reserve{left}"
        return f"  {p} swaps {event['out']} for {event['card']} from the reserve, without fatigue{left}"
    if e == "chosen":
        return f"  {p} has chosen a card in secret"
    if e == "reveal":
        lines = []
        for seat in (0, 1):
            sums = " + ".join(f"{stat} {value}" for stat, value in zip(event["stats"], event["values"][seat]))
            lines.append(f"  {seat_name(seat)} plays {event['cards'][seat]}: {sums} = {event['totals'][seat]}")
        return "\n".join(lines)
    if e == "won":
        return f"  {p} wins the round: {_score(event['score'])}"
    if e == "tie":
        return f"  Equal totals: {TIE_RULES.get(event['rule'], event['rule'])}; score {_score(event['score'])}"
    if e == "fatigue":
        changes = ", ".join(f"{stat} {before}→{after}" for stat, before, after in event["changes"])
        return f"  Fatigue: {p}'s {event['card']} {changes}"
    if e == "power":
        if event["secret"] and not shown:
            return f"  {p}: the power of a card in the hand works"
        return f"  {p}'s {event['card']}: {event['power']}"
    if e == "condition":
        if event["secret"] and not shown:
            return "    (a condition is read)"
        branch = "true" if event["holds"] else ("false: otherwise" if event["otherwise"] else "false: nothing")
        return f"    the condition is {branch}"
    if e == "bonus":
        return f"    {event['amount']:+d} to {p}'s total ({event['text']})"
    if e == "wins_ties":
        return f"    {p}'s {event['card']} wins this round's ties"
    if e == "tie_won":
        return f"  Equal totals ({event['total']}): {p}'s {event['card']} wins ties"
    if e == "stats_chosen":
        return f"    {p} chooses the statistics: {' + '.join(event['stats'])}"
    if e == "lasting":
        if event["secret"] and not shown:
            return f"    a card in {p}'s hand changes for rounds to come"
        rounds = event["rounds"]
        later = f"; it counts in {rounds} round{'s' * (rounds != 1)} to come, where the card is played" if rounds else ""
        return f"    {p}'s {event['card']}: {event['text']}{later}"
    if e == "opponent_chose":
        return f"    {p} chooses: {event['text']}"
    if e == "totals":
        bonus = ", ".join(f"{seat_name(s)} {b:+d}" for s, b in enumerate(event["bonus"]) if b)
        return f"  Totals with the powers: {event['totals'][0]} against {event['totals'][1]}" + (f" ({bonus})" if bonus else "")
    if e == "points":
        return f"    {p} {'scores' if event['change'] >= 0 else 'loses'} {abs(event['change'])}: {_score(event['score'])}"
    if e == "exchanges":
        return f"    {p} has {event['left']} exchange{'s' * (event['left'] != 1)} left"
    if e == "stats_changed":
        if event["secret"] and not shown:
            return f"    a card in {p}'s hand changes"
        changes = ", ".join(f"{stat} {before}→{after}" for stat, before, after in event["changes"])
        return f"    {p}'s {event['card']}: {changes}"
    if e == "move":
        where = f"from the {event['source']} to the {event['to']}"
        if not (event["visible"] or viewer is None or viewer in (event["player"], event["by"])):
            return f"    a card of {p} goes {where}"
        return f"    {p}'s {event['card']} goes {where}"
    if e == "look":
        owner = seat_name(event["owner"])
        if not shown:
            return f"    {p} looks at {len(event['cards'])} card{'s' * (len(event['cards']) != 1)} of {owner}'s {event['source']}"
        return f"    {p} looks at {owner}'s {event['source']}: {'; '.join(event['cards']) or 'nothing'}"
    if e == "action_limit":
        return limit_text(event)
    if e == "end":
        winner = event["winner"]
        return f"Duel over: {'a draw' if winner is None else seat_name(winner) + ' wins'} — {event['reason']}"
    return f"  ({e})"


def card_line(state: DragonsState, card: int) -> str:
    """A card with its statistics now (full values in brackets where fatigue lowered them)."""
    parts = []
    for i, stat in enumerate(STAT_NAMES):
        now, full = state.now[card][i], state.full[card][i]
        parts.append(statistic_text(stat, now) + (f" (of {full})" if now != full else ""))
    return SEPARATOR.join(parts)


def describe(state: DragonsState, viewer: int | None = None) -> str:
    """Round, score, statistics asked; each hand with its totals; reserves and exchanges left."""
    rules = state.rules
    if state.round == 0:
        head = "Preparing the duel"
    elif state.decisive:
        head = f"Decisive round {state.decisive}"
    else:
        head = f"Round {state.round} of {rules.rounds}"
    asked = " + ".join(STAT_NAMES[i] for i in state.asked) if state.round else ""
    lines = [f"{head} — score P1 {state.score[0]}, P2 {state.score[1]}" + (f" — statistics: {asked}" if asked else "")]
    for seat in (0, 1):
        swaps = f"{state.exchanges[seat]} exchange{'s' * (state.exchanges[seat] != 1)} left"
        reserve = state.reserve[seat]
        if viewer is not None and viewer != seat:
            lines.append(f"  {seat_name(seat)}: {len(state.hands[seat])} cards in hand, {len(reserve)} in reserve, {swaps}")
            for card, stats in sorted(state.seen[viewer].items(), key=lambda item: state.names[item[0]]):
                values = statistics_text(zip(STAT_NAMES, stats))
                lines.append(f"    seen: {state.names[card]}: {values}")
            continue
        lines.append(f"  {seat_name(seat)}: {len(reserve)} in reserve, {swaps}; hand:")
        for label, card in zip(state.hand_labels(seat), state.hands[seat]):
            total = f" → {state.total(card)}" if asked else ""
            lines.append(f"    {label}: {card_line(state, card)}{total}")
        if reserve and viewer is not None:
            counts = Counter(state.names[card] for card in reserve.cards())
            lines.append(f"    reserve: {'; '.join(f'{name} ×{n}' if n > 1 else name for name, n in sorted(counts.items()))}")
    return "\n".join(lines)


def zones(state: DragonsState, viewer: int | None = None) -> list[tuple[str, list[str]]]:
    """The cards the viewer sees, by zone (for the replay viewer's faces): each hand they may see, the other's cards they have seen."""
    found: list[tuple[str, list[str]]] = []
    for seat in (0, 1):
        if viewer is not None and viewer != seat:
            found.append((f"{seat_name(seat)}'s cards seen", sorted(state.names[card] for card in state.seen[viewer])))
            continue
        found.append((f"{seat_name(seat)}'s hand", [state.names[card] for card in state.hands[seat]]))
    return found
