"""BattleFight's heuristic bot.

It sees the game through the `BattleFightView` of `view.py`.

The heuristic bot scores each option with a short reading of the technique's
steps from the current position (will its conditions hold, how much damage,
can it push the opponent off the board) and picks the best; it moves towards
melee, pushes towards the edge, discards its weakest cards and destabilises
the techniques that help the opponent.
"""

from __future__ import annotations

import random

from atout.interpreter.engine.decision import Decision

from atout.interpreter.games.battlefight import ast
from atout.interpreter.games.battlefight.view import BattleFightView


def estimate(technique: ast.Technique, view: BattleFightView, from_hand: bool = True) -> float:
    """How good playing `technique` now looks for the viewer (higher is better)."""
    me, them = view.me, view.them
    distance = view.distance
    hand = view.hand_sizes[me] - (1 if from_hand else 0)
    score = 0.0
    for step in technique.steps:
        keyword = step.keyword
        sign = 1.0
        actor, target = me, them
        if isinstance(step.modifier, ast.LAdversaireA):
            sign, actor, target = -1.0, them, me
        elif isinstance(step.modifier, ast.ToutLeMondeA):
            sign = 0.3  # a shared effect helps both: worth a little, when it helps at all
        if isinstance(keyword, ast.CorpsACorps) and distance > 1:
            return score - 2
        if isinstance(keyword, ast.Distance) and distance < keyword.n:
            return score - 2
        if isinstance(keyword, ast.Defausser):
            if actor == me and hand < keyword.n:
                return score - 3
            score -= sign * 0.8 * keyword.n
            hand -= keyword.n if actor == me else 0
        elif isinstance(keyword, ast.SiPossibleDefausser):
            score -= sign * 0.8 * keyword.n
        elif isinstance(keyword, ast.Blesser):
            dealt = keyword.n + view.bonuses[actor]["Force"] - view.bonuses[target]["Protection"]
            if dealt > 0:
                score += sign * 3 * dealt
                if target == them and dealt >= view.life[them]:
                    score += 200
        elif isinstance(keyword, ast.SeBlesser):
            taken = keyword.n + view.bonuses[actor]["Force"] - view.bonuses[actor]["Protection"]
            if taken > 0:
                score -= sign * 2.5 * taken
                if actor == me and taken >= view.life[me]:
                    score -= 500
        elif isinstance(keyword, ast.Bloquer):
            healed = min(keyword.n, view.damage[actor])
            score += sign * 2 * healed if healed else -1.0
        elif isinstance(keyword, ast.Piocher):
            score += sign * keyword.n * (1.6 if hand < 4 else 0.6)
            hand += keyword.n if actor == me else 0
        elif isinstance(keyword, ast.Pousser):
            victim = view.positions[target]
            if victim is not None and view.board.is_edge(victim) and target == them:
                score += 300
            score += sign * keyword.n
        elif isinstance(keyword, ast.SeDeplacer):
            moves = max(0, keyword.n + view.bonuses[actor]["Vitesse"])
            if actor == me:
                closer = min(moves, max(0, distance - 1))
                score += 1.2 * closer if closer else -1.0
                distance -= closer
            else:
                score -= 0.2
        elif isinstance(keyword, ast.Rejouer):
            score += sign * 2
        elif isinstance(keyword, ast.Destabiliser):
            charme = view.bonuses[actor]["Charme"]
            values = [
                destabilise_value(technique, owner, max(0, cost - charme), actor)
                for technique, owner, stable, cost, _ in view.in_play
                if stable and (hand if actor == me else 3) >= max(0, cost - charme)
            ]
            best = max(values, default=0.0)
            score += sign * best if best > 0 else -1.0
        elif isinstance(keyword, ast.Stable):
            return score + 0.5 * keyword.n
        elif isinstance(keyword, (ast.Force, ast.Protection)):
            score += sign * 3 * keyword.n
        elif isinstance(keyword, (ast.Vitesse, ast.Charme)):
            score += sign * 1 * keyword.n
        elif isinstance(keyword, (ast.SEmpecher, ast.SEmpecherCarte)):
            score -= sign * 2
    return score


def _permanents_worth(technique: ast.Technique) -> float:
    """What a Stable technique's permanents are worth to its owner."""
    return sum(
        3 * step.keyword.n if isinstance(step.keyword, (ast.Force, ast.Protection)) else 1
        for step in technique.steps
        if isinstance(step.keyword, ast.PERMANENTS)
    )


def destabilise_value(technique: ast.Technique, owner: int, price: int, me: int, next_step: int | None = None) -> float:
    """What destabilising a Stable technique is worth to `me`, paying `price` cards."""
    if owner != me:
        return 1 + _permanents_worth(technique) - 0.8 * price
    steps = technique.steps if next_step is None else technique.steps[next_step:]
    gain = sum(2 * s.keyword.n for s in steps if isinstance(s.keyword, (ast.Blesser, ast.SeDeplacer)))
    return gain - _permanents_worth(technique) - 0.8 * price - 0.1


def card_value(technique: ast.Technique) -> float:
    """A card's worth out of context, to choose what to discard or keep."""
    worth = 0.0
    for step in technique.steps:
        keyword = step.keyword
        n = getattr(keyword, "n", 1)
        if isinstance(keyword, ast.Blesser):
            worth += 2 * n
        elif isinstance(keyword, (ast.Force, ast.Protection)):
            worth += 2 * n
        elif isinstance(keyword, (ast.Pousser, ast.Piocher, ast.Bloquer)):
            worth += n
        elif isinstance(keyword, ast.Defausser):
            worth -= 0.5 * n
    return worth


class HeuristicBot:
    """Plays the technique that looks best now; moves in, pushes out, pays little."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view) -> int:
        """The best-scoring option; ties are broken at random."""
        seen: BattleFightView = view()
        score = getattr(self, f"_score_{decision.kind}", None)
        if score is None:
            return int(self.rng.random() * len(decision.options))
        scores = [score(option, seen) for option in decision.options]
        best = max(scores)
        choices = [i for i, s in enumerate(scores) if s == best]
        return choices[int(self.rng.random() * len(choices))]

    def _score_play(self, option, view: BattleFightView) -> float:
        technique = option.value if isinstance(option.value, ast.Technique) else None
        if technique is None:  # a card of the hand, by id
            technique = next(t for t in view.hand if t.name == option.label)
            return estimate(technique, view) + 0.5
        base = estimate(technique, view, from_hand=False)
        if technique.type is ast.TechniqueType.DEPLACEMENT and view.distance > 1:
            base += 1.0
        if technique.type is ast.TechniqueType.CONCENTRATION:
            # drawing always changes the position: never a wasted, repeated turn
            base += 0.8 if view.hand_sizes[view.me] < 5 else 0.1
        return base

    _score_replay = _score_play

    def _score_move(self, option, view: BattleFightView) -> float:
        theirs = view.cell(view.them)
        here = view.cell(view.me)
        cell = option.value if option.value is not None else here
        distance = view.board.distance(cell, theirs)
        edge_penalty = 0.5 if view.board.is_edge(cell) else 0.0
        return -abs(distance - 1) - edge_penalty

    def _score_push(self, option, view: BattleFightView) -> float:
        if option.value == "off":
            return 1000.0
        if option.value is None:
            return -1000.0
        return 10.0 if view.board.is_edge(option.value) else float(view.board.distance(option.value, (0, 0)))

    def _score_discard(self, option, view: BattleFightView) -> float:
        technique = next(t for t in view.hand if t.name == option.label)
        return -card_value(technique)

    _score_pay = _score_discard

    def _score_keep(self, option, view: BattleFightView) -> float:
        return 0.0

    def _score_destabilise(self, option, view: BattleFightView) -> float:
        if option.value is None:
            return 0.0
        active = option.value
        price = max(0, active.cost - view.bonuses[view.me]["Charme"])
        return destabilise_value(active.technique, active.owner, price, view.me, active.next_step)
