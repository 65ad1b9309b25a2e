"""`mcts`: a bot that plays any game by searching it, through the game's own rules.

Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
2012), written on the core contract only: `decision()`, `apply()`,
`outcome()`, and the positions its `View` draws for it (`View.sample(rng)`,
a copy of the game where what the seat cannot see is dealt anew: see
`players.py`). It never reads the real state, so it plays the same whatever
the opponent really holds.

Each seat has a tree of its own, keyed by what that seat sees of the
choices: the options' labels, but for a choice the other seat made in
secret (`Decision.secret`, both choosing at once), which is one branch
whatever was chosen (multiple-observer ISMCTS, as in the same paper). In a
game where every choice is seen, the trees are alike and this is the
single-observer search. Each iteration of the search:

1. *determinizes*: draws a position the seat cannot tell from the real one;
2. *selects*: from the roots, the seat to decide follows its own tree by
   UCB1 among the options legal in this position (availability counts: an
   option is scored against the number of times it was legal, since the
   options differ from one position to another), and the other trees follow
   what it chose as they see it; chance is not part of the trees: its
   decisions are drawn by their weights;
3. *expands*: adds one node, for an option not tried yet where one is legal;
4. *plays out*: to the end of the game, every seat choosing uniformly at
   random and chance by its weights;
5. *backs up*: every node on the paths counts the game for the seat that
   chose its option: a win 1, a draw 0.5, a loss 0.

After the budget, the bot plays the root's option tried most often, but for
one thing: asked first, the game's own bot (its `heuristic`, when it has
one: `fallback`) names its choice, and the bot keeps it unless the search
found the other option better by more than `MARGIN` standard errors of
their mean results. A search of a fraction of a second often cannot tell
two options apart; it then plays what the game's bot would, and departs
from it where the search sees clearly (the card that knocks its own player
out, which a heuristic without a model of it would play).

Why random playouts: a playout to the end with random choices knows
nothing of any game, so the search plays a card nobody wrote a heuristic
for as well as any other; a whole game costs 1 to 6 ms through the
interpreter, so tens to hundreds fit in a fraction of a second, and no cut
in depth (with the evaluation of a position it would need, which is
game-specific) is needed. The games' bounds on actions (`limits.py`) end
any playout. Where random play cannot end a game (BattleFight: random
players never meet, and every random game is a draw by repetition), the
first `PROBE` playouts all end in a draw and tell nothing; from then on the
game's bot plays the playouts out (heavier: a few times fewer iterations).

The budget is a number of iterations (reproducible: the same seed gives the
same choices on any machine) or seconds per decision (not reproducible: it
depends on the machine's speed). `parse_bot` reads the command line's
forms: `mcts` (`DEFAULT_ITERATIONS`), `mcts:500`, `mcts:0.5s`.

Limits: chance outcomes are merged in the tree (a card drawn is not a
branch); the opponent is searched as if it saw the seat's hidden cards of
each drawn position.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import shorten

from .decision import CHANCE, Decision
from .players import Player, View
from .state import Game, State

#: The name of the bot, in `--p1 mcts:500` and in the API's `play(game, ["mcts:500", "heuristic"])`.
NAME = "mcts"

#: Iterations per decision of plain `mcts`: iterations, so that a game is reproducible from its seed.
DEFAULT_ITERATIONS = 300

#: Playouts tried at random before the bot judges them: if every one ended in a draw, the game's bot plays them out.
PROBE = 16

#: How many standard errors the search's best option must be above the game's bot's choice to be played instead.
MARGIN = 1.5

#: UCB1's exploration constant, for rewards between 0 and 1.
EXPLORATION = 0.7

#: The forms of a budget, for error messages and help.
FORMS = "mcts (300 iterations per decision), mcts:N (N iterations, a whole number from 1) or mcts:Xs (X seconds per decision, more than 0)"


class BudgetError(AtoutError, ValueError):
    """A budget that is not one of the accepted forms; the message says them."""


@dataclass(frozen=True)
class Budget:
    """How long the bot searches for each decision: a number of iterations, or seconds."""

    iterations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        """The budget as written after `mcts:` (`500`, `0.5s`)."""
        return f"{self.iterations}" if self.iterations is not None else f"{self.seconds:g}s"


def is_search_bot(name: str) -> bool:
    """True for a player's name that asks for this bot: `mcts`, or `mcts:` and a budget."""
    return name == NAME or name.startswith(NAME + ":")


def parse_budget(text: str) -> Budget:
    """A budget from what follows `mcts:`: `500` (iterations) or `0.5s` (seconds); `BudgetError` otherwise."""
    written = text.strip()
    try:
        if written.endswith("s"):
            seconds = float(written[:-1])
            if seconds > 0 and math.isfinite(seconds):
                return Budget(seconds=seconds)
        elif written.isdigit() and int(written) > 0:
            return Budget(iterations=int(written))
    except ValueError:
        pass
    raise BudgetError(f'bad budget "{shorten(text)}" for {NAME}; write {FORMS}')


def parse_bot(name: str) -> Budget:
    """The budget of a player named `mcts` or `mcts:BUDGET`; `BudgetError` for a bad budget."""
    if name == NAME:
        return Budget(iterations=DEFAULT_ITERATIONS)
    if not name.startswith(NAME + ":"):
        raise BudgetError(f'"{shorten(name)}" is not {NAME}; write {FORMS}')
    return parse_budget(name[len(NAME) + 1 :])


def can_search(game: Game) -> bool:
    """True when the game's states can be copied, which the search needs."""
    try:
        game.new_state().clone()
    except NotImplementedError:
        return False
    return True


def search_bot(name: str, fallback: Callable[[int], Player] | None = None) -> Callable[[int], Player]:
    """A maker of the bot `name` (`mcts`, `mcts:500`, `mcts:0.5s`) from a seed; `BudgetError` for a bad budget.

    `fallback` makes the game's own bot, which plays the playouts out in a
    game where random playouts end only in draws (see `MctsBot`).
    """
    budget = parse_bot(name)
    return lambda seed: MctsBot(seed, budget, fallback=fallback)


class Node:
    """One node of a seat's tree: the seat that chose the option leading here, and its counts."""

    __slots__ = ("seat", "children", "visits", "reward", "available")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


#: The key of another seat's choice made in secret, in a seat's tree: it saw that a choice was made, not which.
SECRET = ("secret",)


def keys(decision: Decision) -> list[Any]:
    """The options' keys in the tree: their labels (with their rank among equal labels, where labels repeat)."""
    labels = [option.label for option in decision.options]
    if len(set(labels)) == len(labels):
        return labels
    seen: dict[str, int] = {}
    made: list[Any] = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        made.append((label, seen[label]))
    return made


def better(node: Node, other: Node | None) -> bool:
    """True when `node`'s mean reward is above `other`'s by more than `MARGIN` standard errors of their difference."""
    if other is None or other.visits == 0:
        return True
    mean, mean_other = node.reward / node.visits, other.reward / other.visits
    error = math.sqrt(mean * (1 - mean) / node.visits + mean_other * (1 - mean_other) / other.visits)
    return mean - mean_other > MARGIN * max(error, 1e-9)


class Rng(Protocol):
    """What a chance draw (and a trial, `trial.py`) draws with: `random.Random`, or a `trial.Seeded`."""

    def random(self) -> float: ...

    def getrandbits(self, k: int, /) -> int: ...


def draw(decision: Decision, rng: Rng) -> int:
    """A chance decision's option drawn by the options' weights."""
    weights = decision.weights
    if weights is None:
        weights = [option.weight for option in decision.options]
    target = rng.random() * sum(weights)
    for index, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return index
    return len(weights) - 1


class MctsBot:
    """Chooses by information-set Monte Carlo tree search (see the module's docstring).

    `budget` is per decision; `exploration` is UCB1's constant. The bot's
    generator is seeded with `seed`: with an iteration budget, the same
    seed and the same view give the same choice.
    """

    def __init__(
        self,
        seed: int,
        budget: Budget | None = None,
        exploration: float = EXPLORATION,
        fallback: Callable[[int], Player] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.exploration = exploration
        self.name = f"{NAME}:{self.budget}"
        #: The maker of the game's own bot, which plays the playouts out where random ones tell nothing.
        self.fallback = fallback
        #: True once random playouts were found to end only in draws: the fallback bot plays them out.
        self.heavy = False
        #: Decisions searched and the seconds spent on them (for benchmarks).
        self.decisions = 0
        self.seconds = 0.0
        self.iterations = 0

    def choose(self, decision: Decision, view: View) -> int:
        """The option tried most often at the root after the budget's iterations."""
        if len(decision.options) == 1:
            return 0
        sample = getattr(view, "sample", None)
        if sample is None:
            raise TypeError(f"{NAME} needs a View that draws positions (View.sample), not {type(view).__name__}")
        started = time.perf_counter()
        advised = None if self.fallback is None else self.fallback(self.rng.getrandbits(32)).choose(decision, view)
        root = self.search(decision.player, sample)
        self.decisions += 1
        self.seconds += time.perf_counter() - started
        options = keys(decision)
        best, most = 0, -1
        for index, key in enumerate(options):
            child = root.children.get(key)
            if child is not None and child.visits > most:
                best, most = index, child.visits
        if advised is None or advised == best:
            return best
        return best if better(root.children[options[best]], root.children.get(options[advised])) else advised

    def search(self, seat: int, sample: Callable[[random.Random], State[Any]]) -> Node:
        """`seat`'s tree grown from positions `sample` draws for it, within the budget."""
        trees = [Node(CHANCE), Node(CHANCE)]
        rng = self.rng
        iterations, seconds = self.budget.iterations, self.budget.seconds
        deadline = time.perf_counter() + seconds if seconds is not None else 0.0
        done = decided = 0
        while True:
            if iterations is not None:
                if done >= iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            winner = self.iterate(trees, sample(rng), rng)
            done += 1
            if winner is not None:
                decided += 1
            elif done == PROBE and not decided and not self.heavy and self.fallback is not None:
                self.heavy = True  # random playouts tell nothing here
        self.iterations += done
        return trees[seat] if seat < len(trees) else Node(seat)

    def iterate(self, trees: list[Node], state: State[Any], rng: random.Random) -> int | None:
        """One iteration on the drawn position `state`: select, expand, play out, back up.

        `trees` holds one tree per seat, grown together: the seat to decide
        chooses in its own tree; in the other seats' trees, its option is a
        branch too, or, for a choice made in secret, one branch (`SECRET`)
        whatever was chosen. Returns the playout's winner (None for a draw).
        """
        c = self.exploration
        nodes = trees[:]
        paths = [[tree] for tree in trees]
        expanded = False
        while (decision := state.decision()) is not None:
            mover = decision.player
            if mover < 0:
                state.apply(draw(decision, rng))
                continue
            while mover >= len(nodes):  # a game of more seats than two
                trees.append(Node(CHANCE))
                nodes.append(trees[-1])
                paths.append([trees[-1]])
            children = nodes[mover].children
            options = keys(decision)
            untried = []
            best, chosen, score = None, 0, -1.0
            for index, key in enumerate(options):
                child = children.get(key)
                if child is None:
                    untried.append(index)
                    continue
                child.available += 1
                if not untried:
                    value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                    if value > score:
                        best, chosen, score = child, index, value
            if untried:
                chosen = untried[int(rng.random() * len(untried))]
                best = children[options[chosen]] = Node(mover)
                expanded = True
            assert best is not None
            state.apply(chosen)
            nodes[mover] = best
            paths[mover].append(best)
            seen = SECRET if decision.secret else options[chosen]
            for other, node in enumerate(nodes):
                if other != mover:
                    follow = node.children.get(seen)
                    if follow is None:
                        follow = node.children[seen] = Node(mover)
                    nodes[other] = follow
                    paths[other].append(follow)
            if expanded:
                break
        if self.heavy and self.fallback is not None:
            self.play_out(state, rng, self.fallback)
        else:
            while (decision := state.decision()) is not None:
                if decision.player < 0:
                    state.apply(draw(decision, rng))
                else:
                    state.apply(int(rng.random() * len(decision.options)))
        outcome = state.outcome()
        winner = outcome.winner if outcome is not None else None
        for path in paths:
            for node in path:
                node.visits += 1
                if winner is None:
                    node.reward += 0.5
                elif winner == node.seat:
                    node.reward += 1.0
        return winner

    @staticmethod
    def play_out(state: State[Any], rng: random.Random, maker: Callable[[int], Player]) -> None:
        """Play `state` to its end, each seat by a bot `maker` makes (seeded from `rng`), chance by its weights."""
        bots: dict[int, Player] = {}
        views: dict[int, View] = {}
        while (decision := state.decision()) is not None:
            seat = decision.player
            if seat < 0:
                state.apply(draw(decision, rng))
                continue
            if seat not in bots:
                bots[seat] = maker(rng.getrandbits(32))
                views[seat] = View(state, seat)
            state.apply(bots[seat].choose(decision, views[seat]))
