"""The search bot plays a card no hand-written model knows: it does not knock itself out.

The heuristic bot values a blow by a model of the printed effects, and a
blow that costs its own life at 1 life looks good to it. `mcts` plays the
card out on copies of the position and sees that it loses.
"""

from __future__ import annotations

from atout.interpreter.engine.mcts import search_bot
from atout.interpreter.engine.players import View
from atout.interpreter.games import ENGINES

from .test_rules import start

DESPERATE = """
== Coup du Désespoir ==
ATTACK · cost 0
-1 life; -3 life to the opponent
"""


def test_at_1_life_the_search_bot_does_not_play_a_blow_that_knocks_out_its_own_boxer(scenario):
    s = start(scenario(DESPERATE), "Coup du Désespoir", p2=("Jab",), p1_life=1, p2_life=4)
    state = s.state
    decision = state.decision()
    labels = decision.labels()
    assert decision.player == 0 and "Coup du Désespoir" in " ".join(labels)
    heuristic = ENGINES["cordes"].bots["heuristic"]
    mcts = search_bot("mcts:300", heuristic)
    # the blow does knock P1 out: played on a copy, P1 loses whatever comes next
    copy = state.clone()
    copy.apply(next(i for i, label in enumerate(labels) if "Coup du Désespoir" in label))
    while copy.decision() is not None:
        copy.apply(0)
    assert copy.outcome().winner == 1
    # the search sees it (the heuristic bot, whose model values -3 life to the opponent, plays it)
    searched = labels[mcts(1).choose(decision, View(state, 0))]
    assert "Coup du Désespoir" not in searched, searched
