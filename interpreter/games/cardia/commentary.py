"""Duel pour Cardia as text: events as commentary, the state for --step (effects as printed: `writing.py`).

The commentary reads like a match report, one turn per block::

    Turn 3 — seals P1 1, P2 1; Protecteur: Chouette Savante
      P1 has chosen a card
      P2 has chosen a card
      Encounter 3: P1 Oracle (13) against P2 Djinn (16)
        P2's Djinn wins the encounter; P1's Oracle loses
        P2's Djinn takes a seal
        P1's Oracle activates its ability
          · −5 sur une carte adverse d'une rencontre passée au choix

A viewer (a seat) sees the other player's draws as "draws a card" (unless
that player plays with the hand shown): the commentary of a game at the
terminal never shows a hidden card, and no event names a card chosen in
secret before the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.limits import Limit, limit_text

from .vocabulary import signed
from .writing import printed

if TYPE_CHECKING:
    from .state import CardiaState


# ---------------------------------------------------------------------------
# The result sheet
# ---------------------------------------------------------------------------


def reason(sheet: dict[str, Any]) -> str:
    """The result sheet as a sentence: how the game was won, the seals, the deck, the Lieu."""
    winner = sheet["winner"]
    how = sheet["how"]
    seals = sheet["seals"]
    who = seat_name(winner) if winner is not None else None
    if how == "seals":
        text = f"{who} has {seals[winner]} seals, more than {seat_name(1 - winner)}"
    elif how == "ability":
        text = f"{who} wins by the ability of {sheet['card']}"
    elif how == "no_card":
        text = f"{seat_name(sheet['loser'])} has no card to play"
    elif how == "no_card_both":
        text = "neither player has a card to play: " + (f"{who} has more seals" if who else "the seals are equal")
    elif how == "no_progress":
        held = "; ".join(f"{seat_name(seat)} holds {', '.join(names) or 'nothing'}" for seat, names in enumerate(sheet["hands"]))
        loop = "this position" if sheet["positions"] == 1 else f"these {sheet['positions']} positions"
        text = f"the game cannot progress: whatever anyone chooses, the cards played come back and play never leaves {loop} ({held}); " + (f"{who} has more seals" if who else "the seals are equal")
    elif how == "factions":
        text = f"{who} has seals on enough factions (Lieu)"
    elif how == "streak":
        text = f"{who} has won enough encounters in a row (Lieu)"
    elif how == "action_limit":
        text = Limit(sheet["limit"], sheet["actions"], sheet["parameter"]).reason
    else:
        text = f"the game is stopped after {sheet.get('limit')} turns"
    lieu = sheet["lieu"] or "no Lieu"
    extra = ", Protecteurs" if sheet["protecteurs"] else ""
    return f"{text} (seals {seals[0]}–{seals[1]}; deck {sheet['deck']}, {lieu}{extra}, level {sheet['level']})"


def outcome_text(game: Any, winner: int | None, code: str, facts: dict[str, Any]) -> str:
    """Why the game ended, from its outcome's code and facts (the result sheet, what a record keeps)."""
    return reason({**facts, "winner": winner, "how": code})


# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------


def _p(seat: int | None) -> str:
    return seat_name(seat) if seat is not None else "nobody"


def render(event: dict[str, Any], viewer: int | None = None) -> str:
    """One event as a line of commentary, as `viewer` may see it (None: everything)."""
    e = event["e"]
    p = _p(event.get("player"))
    if e == "setup":
        lieu = f"Lieu {event['lieu']} ({event['lieu_difficulty']}★)" if event["lieu"] else "no Lieu"
        prot = ", with the Protecteurs de la Nature" if event["protecteurs"] else ""
        return f"Duel pour Cardia — deck {event['deck']}, {lieu}{prot}; level {event['level']}; {event['seals_to_win']} seals to win, {event['hand']} cards in hand, {event['draw']} drawn per turn"
    if e == "draw":
        shown = event["card"] if viewer is None or viewer == event["player"] or event.get("seen") else "a card"
        return f"    {p} draws {shown}"
    if e == "draw_nothing":
        return f"    {p}'s pile is empty: no card drawn"
    if e == "reshuffle":
        left = event.get("left")
        more = "" if left is None else " (the last time: from now on the discard stays)" if left == 0 else f" ({left} more time{'s' if left > 1 else ''} at most)"
        return f"    {p} shuffles the {event['cards']} cards of the discard into a new pile{more}"
    if e == "protecteur":
        return f"  Protecteur of encounter {event['encounter']}: {event['name']} ({event['faction']})"
    if e == "protector_reshuffle":
        return "  the used Protecteurs are shuffled into a new pile"
    if e == "turn":
        prot = f"; Protecteur: {event['protecteur']}" if event["protecteur"] else ""
        return f"Turn {event['turn']} — seals P1 {event['seals'][0]}, P2 {event['seals'][1]}{prot}"
    if e == "chosen":
        return f"  {p} has chosen a card"
    if e == "shown":
        return f"  {p} plays face up: {event['card']}"
    if e == "reveal":
        a, b = event["cards"]
        ia, ib = event["influence"]
        return f"  Encounter {event['encounter']}: P1 {a} ({ia}) against P2 {b} ({ib})"
    if e == "tie_to_fewer_seals":
        return f"    a tie: {p} has fewer seals and wins it (Lieu)"
    if e == "result":
        return f"    {p}'s {event['winner_card']} wins the encounter; {seat_name(event['loser'])}'s {event['card']} loses"
    if e == "tie":
        return "    a tie: " + ("both abilities act (Lieu)" if event["abilities"] else "no seal, no ability")
    if e == "tie_kept":
        return f"    {p}'s {event['card']} stays in play: its ability takes a card back to the hand, and does not act on a tie (Lieu)"
    if e == "seal":
        return f"    {p}'s {event['card']} takes a seal (encounter {event['encounter']})"
    if e == "seal_moves":
        return f"    the seal of encounter {event['encounter']} moves to {p}'s {event['card']}"
    if e == "seal_returns":
        return f"    the seal of encounter {event['encounter']} returns to the reserve"
    if e == "no_seal_left":
        return f"    no seal left in the reserve for {p} (encounter {event['encounter']})"
    if e == "activate":
        what = "its ability" if event["ability"] == "instant" else "its persistent ability: it gets a Persistant token"
        return f"    {p}'s {event['card']} activates {what}"
    if e == "blocked":
        return f"    {p}'s {event['card']} cannot act: {event['by']} blocks instantaneous abilities"
    if e == "no_token":
        why = "no Persistant token is left" if event["why"] == "supply" else "it is no longer in play"
        return f"    {p}'s {event['card']} gets no Persistant token: {why}"
    if e == "effect":
        return f"      · {event['text']}"
    if e == "target":
        return f"        {p} chooses {event['card']} of {seat_name(event['owner'])}"
    if e == "no_target":
        return "        nothing to act on"
    if e == "modify":
        return f"        {p}'s {event['card']} {signed(event['n']) if event['n'] else '±0'} → influence {event['influence']}"
    if e == "leave":
        where = "the discard" if event["to"] == "discard" else "the hand"
        return f"        {p}'s {event['card']} leaves play for {where}"
    if e == "discard":
        return f"        {p} discards {event['card']}" + (" (at random)" if event["random"] else "")
    if e == "token_removed":
        return f"        the Persistant token of {p}'s {event['card']} is removed"
    if e == "take":
        zones = {"main": "hand", "défausse": "discard", "pioche": "pile"}
        seen = viewer is None or event["visible"] or viewer == event["to"] or (viewer == event["owner"] and event["zone"] != "pioche")
        seen = seen or event["to_zone"] == "défausse" or event.get("seen", False)
        card = event["card"] if seen else "a card"
        into = "under the pile" if event["to_zone"] == "pioche" else f"into the {zones[event['to_zone']]}"
        return f"        {card} goes from {seat_name(event['owner'])}'s {zones[event['zone']]} {into} of {seat_name(event['to'])}" + (" (face up)" if event["visible"] else "")
    if e == "look":
        cards = ", ".join(event["cards"]) if viewer is None or viewer == event["player"] else f"{len(event['cards'])} cards"
        return f"        {p} looks at the top of {seat_name(event['owner'])}'s pile: {cards or 'nothing'}"
    if e == "enter":
        return f"        {p}'s {event['card']} comes into play from the hand (encounter {event['encounter']})"
    if e == "swap_played":
        first, second = event["cards"]
        return f"        the two cards of encounter {event['encounter']} change sides: P1 now has {first}, P2 {second}"
    if e == "copy":
        return f"        {p} copies the ability of {event['card']}"
    if e == "copy_nothing":
        return "        a copied ability copies nothing"
    if e == "limit_reached":
        return f"    {p}'s {event['card']} has used its ability {event['times']} time{'s' if event['times'] > 1 else ''}: no more this game"
    if e == "condition":
        return "        the condition holds" if event["ok"] else "        the condition does not hold"
    if e == "choice":
        return f"        {p} chooses: {event['text']}"
    if e == "delayed":
        return f"        {event['card']}'s effects wait for the next encounter"
    if e == "delayed_acts":
        return f"    {event['card']}'s effects kept for this encounter act for {p}"
    if e == "protector":
        return f"    {event['name']} acts for {p}"
    if e == "protector_idle":
        return f"    {event['name']}: nobody played a card of the {event['faction']}"
    if e == "protector_tie":
        return f"    {event['name']}: a tie triggers no ability, the Protecteur's neither"
    if e == "protector_not_alone":
        return f"    {event['name']}: both players played its faction, and it acts only for one alone"
    if e == "count":
        return f"  End of turn: seals P1 {event['seals'][0]}, P2 {event['seals'][1]}"
    if e == "both_meet":
        return "  both players meet a victory condition with equal seals: the game goes on"
    if e == "action_limit":
        return limit_text(event)
    if e == "end":
        winner = event["winner"]
        because = event.get("reason") or reason(event)
        return f"Game over: {'a draw' if winner is None else seat_name(winner) + ' wins'} — {because}"
    return f"    ({e})"


# ---------------------------------------------------------------------------
# The state, for --step and a person at the prompt
# ---------------------------------------------------------------------------


def card_state(state: CardiaState, card: int) -> str:
    """A card in play: name, influence, tokens."""
    text = f"{state.names[card]} {state.influence(card)}"
    tokens = state.tokens.get(card)
    if tokens:
        text += " [" + " ".join(signed(t) for t in tokens) + "]"
    if card in state.persistent:
        text += " (Persistant)"
    return text


def describe(state: CardiaState, viewer: int | None = None) -> str:
    """The deck, the Lieu and the seals; the line of encounters with seals and tokens, hands and piles; the viewer sees only their own hand (and one played shown).

    No turn: at the prompt the turn's event heads the turn just above
    (`Turn 2 — seals P1 0, P2 1`), and the line numbers its encounters.
    """
    game = state.game
    seals = state.seals()
    lieu = f", Lieu {game.lieu.name}" if game.lieu else ""
    lines = [f"Deck {game.deck_name}{lieu}; seals P1 {seals[0]}, P2 {seals[1]} ({state.rules.seals_to_win} to win)"]
    if not state.line:
        lines.append("  the line is empty")
    for enc in state.line:
        cells = []
        for seat in (0, 1):
            card = enc.cards[seat]
            cell = card_state(state, card) if card is not None else f"({state.names[enc.played[seat]]} gone)"
            if enc.sealed and enc.winner == seat:
                cell += " ●seal"
            cells.append(cell)
        prot = f"  — {game.protecteurs[enc.protecteur].name}" if enc.protecteur is not None and game.protecteurs else ""
        lines.append(f"  {enc.number:>2}. P1 {cells[0]:<28} | P2 {cells[1]}{prot}")
    for index, zones in enumerate(state.seats):
        shown = viewer is None or viewer == index
        hand = sorted(zones.hand, key=lambda c: state.cards[c].influence)
        seen = shown or state.hand_shown(index)  # a hand played shown: its cards, not the one chosen in secret
        names = f" ({', '.join(f'{state.names[c]} {state.cards[c].influence}' for c in hand) or '-'})" if seen else ""
        if seen and not shown:
            names += " shown"
        chosen = ""
        picked = state.chosen[index]
        if picked is not None:
            chosen = f"; has chosen {state.names[picked]}" if shown or state.shown[index] is not None else "; has chosen a card"
        discard = ", ".join(state.names[c] for c in zones.discard) or "-"
        lines.append(f"  {seat_name(index)}: hand {len(zones.hand)}{names}, pile {len(zones.pile)}, discard: {discard}{chosen}")
    if viewer is not None:  # a person at the prompt: what their cards do (those offered to choose from say it there)
        decision = state.decision()
        offered = set(decision.labels()) if decision is not None and decision.player == viewer else set()
        for card in sorted(state.seats[viewer].hand, key=lambda c: state.cards[c].influence):
            if state.names[card] in offered:
                continue
            personnage = state.cards[card]
            lines.append(f"    {personnage.name} {personnage.influence} ({personnage.faction.value}) — {' / '.join(printed(capacite) for capacite in personnage.capacites)}")
    if state.protector_now is not None and game.protecteurs:
        protecteur = game.protecteurs[state.protector_now]
        lines.append(f"  this encounter's Protecteur: {protecteur.name} ({protecteur.faction.value}) — {printed(protecteur.capacite)}")
    if state.upcoming is not None and game.protecteurs:
        protecteur = game.protecteurs[state.upcoming]
        lines.append(f"  next Protecteur: {protecteur.name} ({protecteur.faction.value}) — {printed(protecteur.capacite)}")
    for seat, _, source, _, delayed in state.delayed:  # À la prochaine rencontre : …, public as printed
        lines.append(f"  kept for the next encounter, for {seat_name(seat)}: {source} — {printed(delayed)}")
    return "\n".join(lines)


def zones(state: CardiaState, viewer: int | None = None) -> list[tuple[str, list[str]]]:
    """The cards the viewer sees, by zone (for the replay viewer's faces): the Lieu, the line, each hand they may see, a card chosen and shown."""
    game = state.game
    found: list[tuple[str, list[str]]] = []
    if game.lieu:
        found.append(("the Lieu", [game.lieu.name]))
    for seat in (0, 1):
        found.append((f"the line, {seat_name(seat)}", [state.names[card] for enc in state.line if (card := enc.cards[seat]) is not None]))
    for index, seat_zones in enumerate(state.seats):
        if viewer is None or viewer == index or state.hand_shown(index):
            found.append((f"{seat_name(index)}'s hand", [state.names[c] for c in sorted(seat_zones.hand, key=lambda c: state.cards[c].influence)]))
        picked = state.chosen[index]
        if picked is not None and (viewer is None or viewer == index or state.shown[index] is not None):
            found.append((f"chosen by {seat_name(index)}", [state.names[picked]]))
    if state.protector_now is not None and game.protecteurs:
        found.append(("this encounter's Protecteur", [game.protecteurs[state.protector_now].name]))
    return found
