"""Whole games where every seat and chance choose uniformly: the answers, to replay on states and their copies."""

from __future__ import annotations

import random
from typing import Any


def random_answers(game: Any, seed: int) -> list[int]:
    """The answers of one whole game of `game` where every seat and chance choose uniformly, from `seed`."""
    rng = random.Random(seed)
    state = game.new_state()
    answers = []
    while (decision := state.decision()) is not None:
        answers.append(rng.randrange(len(decision.options)))
        state.apply(answers[-1])
    return answers
