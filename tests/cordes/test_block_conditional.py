"""A block against a blow whose life loss depends on a condition.

The rulebook's Blocage reads "Against an attack you lose 1 life"; the docs
(docs/cordes.md, "you lose N life") say the blow is countered and the
defender loses the smaller of N and the life the blow would have taken.
A designer's blow may take its life in an `if …:` effect: the life it would
have taken is that of the branch its condition picks at the moment of the
block, read as the blow would read it (its "you" is the thrower).

Each scenario starts before P1's first turn (see conftest's `Scenario`),
with the designer's cards below added to the box.
"""

from __future__ import annotations

from atout.interpreter.games.cordes.commentary import render

FIRST_DRAW = "Pas de retrait"

CARDS = """
== Coup Calculé ==
ATTACK · cost 0
if your energy is at least 3: -2 life to the opponent; otherwise: +1 energy

== Coup de Grâce ==
ATTACK · cost 0
if the opponent's life is at most 3: -1 life to the opponent and +1 energy; otherwise: -1 life to you

== Garde Lourde ==
DEFENSE · cost 0
Against an attack you lose 3 life
"""


def start(s, p1: tuple[str, ...], p2: tuple[str, ...], **markers):
    """Give the hands, stack P1's first draw, set markers (p1_energy=…), begin P1's turn."""
    s.give(0, *p1)
    s.give(1, *p2)
    s.stack(FIRST_DRAW)
    for key, value in markers.items():
        seat, what = key.split("_")
        s.set(0 if seat == "p1" else 1, **{what: value})
    s.begin()
    return s


def block(s, blow: str, defense: str) -> dict:
    events = s.choose(f"Play {blow}", defense)
    return next(e for e in events if e["e"] == "block")


def test_a_block_costs_one_life_when_the_condition_takes_two(scenario):
    s = start(scenario(CARDS), ("Coup Calculé",), ("Blocage",), p1_energy=3, p2_life=4)
    event = block(s, "Coup Calculé", "Blocage")
    assert event == {"e": "block", "player": 1, "card": "Coup Calculé", "lost": 1}
    assert s.seat(1).life == 3
    assert s.seat(0).energy == 3  # countered: the branch's effects do not apply
    assert "condition" not in s.kinds()  # the condition is read, not played: no event says it
    assert render(event, None).strip() == "P2 blocks the Coup Calculé and loses 1 life instead"


def test_a_block_costs_nothing_when_the_condition_takes_no_life(scenario):
    s = start(scenario(CARDS), ("Coup Calculé",), ("Blocage",), p1_energy=2, p2_life=4)
    event = block(s, "Coup Calculé", "Blocage")
    assert event["lost"] == 0
    assert (s.seat(1).life, s.seat(0).energy) == (4, 2)


def test_a_heavier_block_costs_only_what_the_branch_would_take(scenario):
    s = start(scenario(CARDS), ("Coup Calculé",), ("Garde Lourde",), p1_energy=3, p2_life=4)
    assert block(s, "Coup Calculé", "Garde Lourde")["lost"] == 2
    assert s.seat(1).life == 2


def test_the_condition_is_read_as_the_thrower_reads_it(scenario):
    """ "the opponent" in the blow is the defender; "-1 life to you" in the other branch is the thrower's."""
    s = start(scenario(CARDS), ("Coup de Grâce",), ("Blocage",), p2_life=3)
    assert block(s, "Coup de Grâce", "Blocage")["lost"] == 1
    assert (s.seat(0).life, s.seat(1).life) == (4, 2)
    s = start(scenario(CARDS), ("Coup de Grâce",), ("Blocage",), p2_life=4)
    assert block(s, "Coup de Grâce", "Blocage")["lost"] == 0
    assert (s.seat(0).life, s.seat(1).life) == (4, 4)
