"""Whether a game of Duel pour Cardia can still end: the proof behind the end "no_progress".

The rulebook's game always ends: cards played stay in play, the discard is
never reshuffled, and a player without a card loses. A Lieu can undo that:
one whose discard is reshuffled every time (`La défausse se remélange quand
la pioche est vide`: an Assassin that discards both played cards then gets
both back, turn after turn), or one that makes both abilities act on a tie
(two Contrebandiers go back to the hand together). A game can then come back
to a position it has already started a turn in. Most of the time a player
could still do otherwise (play another card, tie the Assassin with one's
own), and the game goes on. The shipped Lieux limit both rules (the Puits
sans Fond reshuffles each discard once; under the Arène des Braves an
ability that takes a card back does not act on a tie), so their games
progress; the check stays for the Lieux a designer writes.

**Cannot progress**, precisely: from the position at the start of this
turn, no sequence of choices (of either player, of chance) reaches the end
of the game. `closed_loop` first plays a few games at random from the
position (one that ends shows an end is reachable); if none ends, it
explores every choice of every decision, one turn at a time, from copies of
the position (where a player has the fewest cards left first, being nearest
an end): each choice is tried on a copy (`clone`) of the position where it is
posed. If the positions reached form a closed set without an end, the game
cannot progress: the state ends it as the rulebook ends a game nobody can
play on (more seals wins, equal seals is a draw). If an end is reached, or
the search grows beyond `BUDGET` copies, it can (or may) progress, and play
goes on.

Positions are compared by everything that decides what can happen next
(`exact_signature`): hands, piles (as sets: their order is chance's),
discards, the cards in play with their tokens, winners and seals, the
Persistant tokens, and with the Protecteurs the next one and the place of
the next encounter in their rhythm. The search lets chance reveal *any*
Protecteur each time: that allows more than the game does, so a closed set
found so is closed in the game too.
"""

from __future__ import annotations

import heapq
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CardiaState

#: The most copies of a position the search makes before it gives up (and lets play go on).
BUDGET = 3000
#: Before the search: games played at random from the position, and for how many turns at most.
ROLLOUTS, ROLLOUT_TURNS = 8, 40


def exact_signature(state: CardiaState) -> tuple:
    """Everything of a position at the start of a turn that decides what can happen next."""
    extra: tuple = ()
    game = state.game
    if game.protecteurs:
        extra = (state.upcoming, len(state.line) % state.rules.encounters_per_protector)
    if game.victory_streak:
        extra += tuple(min(state._streak(seat), game.victory_streak) for seat in (0, 1))
    return (state.signature(), extra)


def fork(state: CardiaState, turns: int = 1) -> CardiaState:
    """A copy of a position at the start of a turn that plays that many turns, then stops."""
    clone = state.clone()
    clone.chosen = [None, None]
    clone.shown = [None, None]
    clone.exploring = True
    clone._seen = {}
    clone._outcome = None
    # a copy counts its own actions: shared, the copies' would count against the game's bounds (see
    # `limits.py`), and one copy reaching them would end the others before their choices are tried
    clone._actions = None
    clone.start(clone.turns, turns)
    return clone


def ends_by_chance(state: CardiaState) -> bool:
    """True when one of a few games played at random from here ends: an end can be reached."""
    rng = random.Random(0)
    for _ in range(ROLLOUTS):
        trial = fork(state, ROLLOUT_TURNS)
        while (decision := trial.decision()) is not None:
            trial.apply(int(rng.random() * len(decision.options)))
        if trial.outcome() is not None:
            return True
    return False


def closed_loop(state: CardiaState) -> int | None:
    """The number of positions of the closed set the game is caught in, or None if it can (or may) still end."""
    if ends_by_chance(state):
        return None
    seen = {exact_signature(state)}
    frontier = [(_cards_left(state), 0, state)]
    copies = 0
    while frontier:
        node = heapq.heappop(frontier)[2]
        # the choices still to try: (the position where it is posed, its index); None: the turn's start
        choices: list[tuple[CardiaState, int] | None] = [None]
        while choices:
            choice = choices.pop()
            copies += 1
            if copies > BUDGET:
                return None
            if choice is None:
                trial = fork(node)
            else:
                trial = choice[0].clone()
                trial.apply(choice[1])
            if trial.outcome() is not None:
                return None  # this sequence of choices ends the game
            decision = trial.decision()
            if decision is not None:
                choices.extend((trial, index) for index in range(len(decision.options)))
                continue
            key = exact_signature(trial)
            if key not in seen:
                seen.add(key)
                heapq.heappush(frontier, (_cards_left(trial), len(seen), trial))
    return len(seen)


def _cards_left(state: CardiaState) -> int:
    """The fewest cards a player still has to play (hand, pile, discard): positions nearer an end are searched first."""
    return min(len(seat.hand) + len(seat.pile) + len(seat.discard) for seat in state.seats)
