"""The step-by-step interpreter of BattleFight: the decisions of the keywords, and their answers.

Each keyword is a construct whose handler `run` (in `ast.py`, beside its
rule and its text) runs a step from one point of view — `me` is the player
the step is for, `them` the other — and returns what the step loop does
next:

- NEXT: the step is done (for this point of view);
- FAIL: a condition failed, the technique is deactivated;
- STABLE: the technique stays in play, paused after this step;
- WAIT: a decision is pending; its answer continues the handler.

A handler that must ask goes on here: it builds a `Decision` and returns
`state.wait(decision, again, *args)`: the answer calls `again(state, answer,
*args)`, a function of this module named after what happened (`_drawn`, `_pushed`...), which goes on
from the answer and returns one of the results above. Its arguments are the
counters of the step (cards left to draw, moves left...): ints and tuples,
never objects of the state, so that a copy of the state goes on alike.
Comments quote the rules note.
"""

from __future__ import annotations

from atout.interpreter.engine.decision import Decision, Option, seat_name
from atout.interpreter.engine.piles import Pile

from . import ast
from .powers import Event
from .state import FAIL, NEXT, BattleFightState, Frame, Seat, StableTechnique


def discard(state: BattleFightState, me: int, n: int, condition: bool) -> str:
    """Défausser N (a condition) or Si Possible Défausser N: discard N chosen cards, or the whole hand if it has fewer."""
    hand = state.seats[me].hand
    if len(hand) < n:
        for card in list(hand):
            discard_card(state, me, card)
        if condition:
            if state.quiet is not True:
                state.emit("condition", player=me, ok=False, hand=0, needed=n)
            return FAIL
        return NEXT
    return _choose_discards(state, me, n, "discard")


def _choose_discards(state: BattleFightState, me: int, left: int, kind: str, destabilised: int | None = None) -> str:
    """Ask `me` for `left` cards of their hand, one at a time, and discard them.

    Once they are paid, the technique `destabilised` (its uid), if any, resumes.
    """
    if left == 0:
        return _resume(state, destabilised) if destabilised is not None else NEXT
    hand = state.seats[me].hand
    names = sorted({state.name_of(card) for card in hand})
    options = [Option(name, name) for name in names]
    prompt = f"Discard a card ({left} to go)"
    return state.wait(Decision(me, kind, options, prompt), _discarded, me, left, kind, destabilised)


def _discarded(state: BattleFightState, option: Option, me: int, left: int, kind: str, destabilised: int | None) -> str:
    """`me` has chosen a card to discard (or to pay with); the next one."""
    card = next(c for c in state.seats[me].hand if state.name_of(c) == option.value)
    discard_card(state, me, card)
    return _choose_discards(state, me, left - 1, kind, destabilised)


def discard_card(state: BattleFightState, player: int, card: int) -> None:
    """Move a card from a hand to its owner's discard."""
    state.seats[player].hand.remove(card)
    state.seats[player].discard.append(card)
    if state.quiet is not True:
        state.emit("discard", player=player, card=state.name_of(card))


def damage(state: BattleFightState, player: int, dealt: int) -> None:
    """N > 0 damage: subtract from life, add to the damage points (and set off the powers "quand … blessé")."""
    seat = state.seats[player]
    if dealt > 0:
        seat.life -= dealt
        seat.damage += dealt
    state.emit("damage", player=player, amount=max(0, dealt), life=seat.life)
    if dealt > 0:
        state.trigger(Event.BLESSE, player)


def draw(state: BattleFightState, me: int, left: int) -> str:
    """Draw `left` cards, one at a time.

    Each card is chance's decision; where chance is drawn inside the state
    (a game nobody watches), it is drawn here and the loop goes on
    (`drawn_here`: the same draw, counted alike), else it is posed.
    """
    seat = state.seats[me]
    while left > 0:
        left -= 1
        if not seat.pile:
            # "drawing from an empty pile first halves life (rounded up), then
            # shuffles the discard into a new pile (skip if the discard is
            # empty), then draws (skip if still empty)"
            seat.life = (seat.life + 1) // 2
            state.emit("halve", player=me, life=seat.life)
            if seat.discard:
                seat.pile = Pile([seat.discard])
                state.emit("reshuffle", player=me, cards=len(seat.discard))
                seat.discard = []
            if not seat.pile:
                state.emit("draw_nothing", player=me)
                continue
        drawn = state.drawn_here(seat.pile, state.name_of)
        if drawn is None:
            decision = seat.pile.draw_decision(state.name_of, prompt=f"{seat_name(me)} draws")
            return state.wait(decision, _drawn, me, left)
        _take_drawn(state, seat, me, drawn)
    return NEXT


def _drawn(state: BattleFightState, option: Option, me: int, left: int) -> str:
    """Chance has drawn a card of `me`'s pile; `left` cards still to draw."""
    _take_drawn(state, state.seats[me], me, option)
    return draw(state, me, left)


def _take_drawn(state: BattleFightState, seat: Seat, me: int, option: Option) -> None:
    """The card chance drew from `me`'s pile goes to the hand."""
    seat.hand.append(seat.take(option.value, state.name_of))
    if state.ledger is not None:  # the lab's (see `State.ledger`)
        state.ledger.append((me, option.value, "drawn", state.turn))
    if state.quiet is not True:
        state.emit("draw", player=me, card=option.value)


def push(state: BattleFightState, me: int, them: int, left: int) -> str:
    """Pousser: push the opponent `left` times."""
    # "N times: if the opponent is on the edge, the player may push them off
    # the board; otherwise the player picks an empty cell adjacent to the
    # opponent that is farther from the player than the opponent is now"
    if left == 0:
        return NEXT
    board = state.board
    mine, theirs = state.seats[me].cell, state.seats[them].cell
    if board.is_edge(theirs):
        options = [Option("off the board", "off"), Option("do not push", None)]
    else:
        now = board.distance(mine, theirs)
        options = [board.options[cell] for cell in board.neighbours_by_name[theirs] if cell != mine and board.distance(mine, cell) > now]
    if not options:
        state.emit("push_blocked", player=them, cell=board.names[theirs])
        return NEXT
    return state.wait(Decision(me, "push", options, f"Push {seat_name(them)} ({left} to go)"), _pushed, me, them, left)


def _pushed(state: BattleFightState, option: Option, me: int, them: int, left: int) -> str:
    """`me` has chosen where to push `them` (or off the board, or not at all); the next push."""
    before = state.board.names[state.seats[them].cell]
    if option.value is None:
        state.emit("not_pushed", player=them, cell=before)
        return NEXT
    if option.value == "off":
        state.seats[them].position = None
        state.emit("pushed_off", player=them, cell=before)
        return NEXT
    state.seats[them].position = option.value
    state.emit("pushed", player=them, start=before, to=option.label)
    state.trigger(Event.POUSSE, them)
    return push(state, me, them, left - 1)


#: Staying where one is, the first option of each move.
_STAY = Option("stay", None)


def move(state: BattleFightState, me: int, them: int, left: int) -> str:
    """Se Déplacer: `left` moves, each to stay (the moves end) or to an adjacent empty cell."""
    if left == 0:
        return NEXT
    board = state.board
    here, other = state.seats[me].cell, state.seats[them].cell
    cells = board.options
    options = [_STAY]
    options += [cells[c] for c in board.neighbours_by_name[here] if c != other]
    return state.wait(Decision(me, "move", options, f"Move ({left} to go)"), _moved, me, them, left)


def _moved(state: BattleFightState, option: Option, me: int, them: int, left: int) -> str:
    """`me` has chosen to stay (the moves end) or where to move; the next move."""
    here = state.board.names[state.seats[me].cell]
    if option.value is None:
        if state.quiet is not True:
            state.emit("stay", player=me, cell=here)
        return NEXT
    state.seats[me].position = option.value
    if state.quiet is not True:
        state.emit("move", player=me, start=here, to=option.label)
    return move(state, me, them, left - 1)


def replay(state: BattleFightState, me: int) -> str:
    """The player plays another whole technique within this turn, then this one goes on.

    Not in the rulebook: a technique played by Rejouer runs inside the one
    that played it, and at most `Techniques imbriquées au plus` run at once;
    a Rejouer that would go deeper plays nothing (the step is done), so a
    chain of Rejouer always unwinds.
    """
    deepest = state.rules.nested_techniques
    if len(state.frames) >= deepest:
        state.emit("too_deep", player=me, techniques=deepest)
        return NEXT
    options = state.playable(me)
    if not options:
        state.emit("no_technique", player=me)
        return NEXT
    return state.wait(Decision(me, "replay", options, "Rejouer: play another technique"), _replayed, me)


def _replayed(state: BattleFightState, option: Option, me: int) -> str:
    """`me` plays the chosen technique inside this one."""
    state.play(me, option.value)
    return NEXT


def destabilise(state: BattleFightState, me: int) -> str:
    """Optionally pay I − own Charme cards to make a Stable technique resume its steps."""
    charme = state.bonus(me, ast.Charme)
    hand = len(state.seats[me].hand)
    candidates = [a for a in state.actives if a.stable and hand >= max(0, a.cost - charme)]
    if not candidates:
        if state.quiet is not True:
            state.emit("nothing_to_destabilise", player=me)
        return NEXT
    options = [Option("none", None)] + [
        Option(
            f"{a.name} #{a.uid} ({seat_name(a.owner)}, Stable {a.cost})",
            StableTechnique(a.uid, a.technique, a.owner, a.cost, a.next_step),
        )
        for a in candidates
    ]
    return state.wait(Decision(me, "destabilise", options, "Destabilise a Stable technique?"), _destabilised, me, charme)


def _destabilised(state: BattleFightState, option: Option, me: int, charme: int) -> str:
    """`me` has chosen a Stable technique (or none): they pay its cost minus their Charme in cards."""
    target = option.value
    if target is None:
        state.emit("destabilise_declined", player=me)
        return NEXT
    cost = max(0, target.cost - charme)
    state.emit("destabilise", player=me, technique=target.technique.name, owner=target.owner, cost=cost)
    return _choose_discards(state, me, cost, "pay", destabilised=target.uid)


def _resume(state: BattleFightState, uid: int) -> str:
    """The destabilised technique (its uid) resumes after its Stable step, or is deactivated."""
    target = next(active for active in state.actives if active.uid == uid)
    target.stable = False
    if target.next_step >= len(target.technique.steps):
        state.deactivate(target, "destabilised")
    else:
        state.emit("resume", technique=target.name, player=target.owner)
        state.frames.append(Frame(target))
    return NEXT


#: The AST classes that are not constructs (with a handler of their own), and
#: the code that reads them: the state runs a technique's steps one by one.
READ_BY: dict[type, str] = {
    ast.Technique: "BattleFightState.play",
    ast.Step: "BattleFightState._step",
}
