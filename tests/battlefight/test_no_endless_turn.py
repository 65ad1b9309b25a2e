"""BattleFight basic techniques made only of Rejouer: refused, and bounded all the same.

A basic technique can be played every turn, as often as a Rejouer asks: with
basic techniques made only of Rejouer, turn 1 used to never end. A chain of
Rejouer is now bounded by `Techniques imbriquées au plus` (a deeper Rejouer
plays nothing) and by the bound on actions per turn.
"""

from __future__ import annotations

import textwrap

import pytest

from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.battlefight.game import BattleFightGame, DeckChoice
from atout.interpreter.language.loader import read_document

ONLY_REJOUER = """\
    BattleFight : techniques de base

    == Attaque de base ==
    Attaque
    Rejouer

    == Défense de base ==
    Défense
    Corps à Corps ; Rejouer

    == Déplacement de base ==
    Déplacement
    Distance 2 ; L'adversaire a Rejouer

    == Concentration de base ==
    Concentration
    Rejouer ; Rejouer

    == Rhétorique de base ==
    Rhétorique
    Rejouer ; Piocher 1
"""


def test_basic_techniques_that_only_replay_are_refused_at_their_title(validate_tree):
    result = validate_tree({"techniques-de-base.atout": textwrap.dedent(ONLY_REJOUER)})
    found = [(d.code, d.line, d.column) for d in result.problems]
    # Rhétorique de base draws a card: it does something, and is kept
    assert found == [("E301", 3, 1), ("E301", 7, 1), ("E301", 11, 1), ("E301", 15, 1)]
    first = result.problems[0]
    assert first.file.endswith("techniques-de-base.atout")
    assert first.message == (
        'the basic technique "Attaque de base" does nothing but Rejouer: it can be played again and again within one turn, which then never ends; give it a step that does something'
    )


#: The reproduction: every basic technique is a bare Rejouer, and hands start empty,
#: so every technique of turn 1 can only be Rejouer.
BARE_REJOUER = "BattleFight : techniques de base\n" + "".join(f"== {kind} de base ==\n{kind}\nRejouer\n" for kind in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique"))


def rejouer_game(bf_files, **rules_changes) -> BattleFightGame:
    """A game whose basic techniques are bare Rejouer (as a program could still build it), random decks."""
    document = read_document("basics.atout", BARE_REJOUER, LANGUAGES)
    assert not document.diagnostics
    basics = {card.type: card for card in document.node.cards}
    cards = {c.name: c for f in bf_files.card_files if f.kind == "cards" for c in f.cards}
    rules = bf_files.rules().model_copy(update=rules_changes)
    random_deck = DeckChoice("random")
    return BattleFightGame(rules, cards, basics, (random_deck, random_deck), 0)


def play(game, seed: int = 1):
    """Play between random bots; (played, every event)."""
    bots = [RandomBot(seeded(seed, "P1")), RandomBot(seeded(seed, "P2"))]
    events: list[dict] = []
    played = play_game(game, bots, seed, on_event=events.append)
    return played, events


def test_a_rejouer_past_the_nesting_bound_plays_nothing_and_the_turn_ends(bf_files):
    game = rejouer_game(bf_files, nested_techniques=5, turn_limit=3)
    played, events = play(game)
    turn_1 = events[next(i for i, e in enumerate(events) if e["e"] == "turn") :]
    turn_1 = turn_1[: next(i for i, e in enumerate(turn_1) if e["e"] == "turn" and e["turn"] == 2)]
    deep = [e for e in turn_1 if e["e"] == "too_deep"]
    assert deep and all(e["techniques"] == 5 for e in deep)
    assert max(_depths(turn_1)) == 5
    assert played.state.outcome() is not None
    assert game.render(deep[0]) == ("    Rejouer plays nothing: 5 techniques are already being executed (Techniques imbriquées au plus)")


def _depths(events: list[dict]) -> list[int]:
    """How many techniques run at once after each event of a turn (played, minus ended)."""
    depth, depths = 0, []
    for event in events:
        if event["e"] in ("play", "resume"):
            depth += 1
        elif event["e"] in ("deactivate", "stable") and event.get("why") != "destabilised":
            depth -= 1
        depths.append(depth)
    return depths


@pytest.mark.parametrize("seed", [1, 2])
def test_an_endless_chain_of_rejouer_ends_at_the_bound_on_actions_per_turn(bf_files, seed):
    game = rejouer_game(bf_files, nested_techniques=1000, actions_per_turn=200)
    played, events = play(game, seed)
    outcome = played.state.outcome()
    assert outcome.winner is None
    assert outcome.reason == "the limit of 200 actions per turn is reached (Actions au plus par tour)"
    assert played.state.turn == 1
    assert [e["e"] for e in events[-2:]] == ["action_limit", "end"]
    assert events[-2]["limit"] == "turn"
