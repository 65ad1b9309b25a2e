"""A study's memory does not grow with its number of games: figures counted as games finish, results kept only when asked."""

from __future__ import annotations

import gc
import random
import tracemalloc

from atout.interpreter.api import load_game
from atout.interpreter.lab.run import GameResult, InOrder, Study, run, study_of
from atout.interpreter.lab.summary import Summary, Tally, summarize

STUDY = Study("dragons", {"shipped": {}, "designer": {}}, {}, ("random", "random"), 10**6)


def synthetic(index: int) -> GameResult:
    """A game's result as a dragons game gives it: a few cards per seat, leads, sides."""
    rng = random.Random(index)
    cards = [{f"Dragon {rng.randrange(30)}": [1, rng.randrange(3), rng.choice([None, 2]), rng.randrange(2), 4] for _ in range(6)} for _ in (0, 1)]
    return GameResult(
        study=0,
        index=index,
        seed=index // 2,
        swapped=bool(index % 2),
        bots=["random", "random"],
        winner=rng.choice([0, 1, None]),
        first=None,
        turns=rng.randrange(4, 9),
        actions=rng.randrange(30, 60),
        code=rng.choice(["score", "tie"]),
        sides=["a", "b"],
        conditions={"rules": "x"},
        leads=[float(rng.randrange(-2, 3)) for _ in range(6)],
        cards=cards,
    )


def held_by(tally: Tally, games: range) -> int:
    """The bytes the tally holds more after counting `games`' results."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for index in games:
        tally.add(synthetic(index))
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before


def test_counting_ten_times_more_games_holds_no_more_memory():
    tally = Tally(STUDY)
    held_by(tally, range(500))  # every card, ending and length met once
    more = held_by(tally, range(500, 5500))
    assert tally.games == 5500 and not tally.results
    assert more < 20_000, more  # 5,000 results kept would be megabytes


def test_kept_results_are_what_a_csv_asks_for():
    tally = Tally(STUDY, keep=True)
    for index in range(50):
        tally.add(synthetic(index))
    assert [r.index for r in tally.results] == list(range(50))
    sampled = Tally(STUDY, samples=True)
    for index in range(50):
        sampled.add(synthetic(index))
    assert not sampled.results and 0 < len(sampled.samples) <= 3 * 2  # the first 3 of each ending


def test_counted_as_they_come_the_figures_are_those_of_the_kept_results():
    results = [synthetic(index) for index in range(300)]
    tally = Tally(STUDY)
    for result in results:
        tally.add(result)
    assert Summary.of(tally).as_json() == Summary(STUDY, results).as_json()


def test_results_come_out_in_the_games_order_whatever_order_they_come_in():
    studies = [STUDY.__class__(**{**STUDY.__dict__, "games": n}) for n in (5, 1, 7)]
    work = [(number, index) for number, study in enumerate(studies) for index in range(study.games)]
    shuffled = work[:]
    random.Random(3).shuffle(shuffled)
    seen: list[tuple[int, int]] = []
    ordered = InOrder(studies, lambda r: seen.append((r.study, r.index)))
    for number, index in shuffled:
        ordered.add(GameResult(study=number, index=index, seed=0, swapped=False, bots=["a", "b"], winner=0, first=0, turns=1, actions=1, code="x"))
    assert seen == work and not ordered.waiting


def test_a_run_that_keeps_nothing_gives_the_figures_of_one_that_keeps_everything_with_any_workers():
    study = study_of(load_game("dragons"), ("random", "random"), 60, seed=7)
    kept = run([study], workers=1)
    assert len(kept.results) == 60
    expected = summarize([study], kept.results)[0].as_json()
    for workers in (1, 2):
        tally = Tally(study)
        streamed = run([study], workers=workers, on_result=tally.add, keep=False)
        assert streamed.results == []
        assert Summary.of(tally).as_json() == expected
