"""A game nobody watches plays exactly as a watched one: quiet states, decisions answered inside the state.

`play_game` with no record, listener or person makes the state quiet (no
events gathered) and lets chance's decisions, and those of the players who
read nothing but the decision (the random bot's `choose_blind`), be answered
inside the state (`AgendaState.answer_inside`), with the same sampler and
bots, in the same order: in the loop, or, for chance, at once where the game
poses them (`ask_draw`, `ask_last`) when nothing was scheduled before
them. The game must not tell: the same answers, the same end, the same
counts of actions and turns, the same position at the end as the same game
played with a listener.
"""

from __future__ import annotations

import random
import sys
from types import SimpleNamespace

import pytest

from atout.interpreter.engine.agenda import MAX_NESTED, AgendaState
from atout.interpreter.engine.decision import CHANCE, Decision, Option
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import ChanceSampler
from atout.interpreter.games import ENGINES


def _game(name: str):
    engine = ENGINES[name]
    files = load_files(engine.language)
    return engine, engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))


class Recording:
    """A random bot that writes down each answer it gives (the seats' answers; chance's are the sampler's).

    Like the random bot, it may be asked inside the state, given the
    decision (`choose_blind`) or only its number of options
    (`choose_among`), where it counts the answers it gave there (`blind`).
    """

    def __init__(self, seat: int, bot, answers: list) -> None:
        self.seat, self.bot, self.answers, self.name, self.blind = seat, bot, answers, bot.name, 0

    def choose(self, decision, view) -> int:
        index = self.bot.choose(decision, view)
        self.answers.append((decision.player, len(decision.options), index))
        return index

    def choose_blind(self, decision) -> int:
        index = self.bot.choose_blind(decision)
        self.answers.append((decision.player, len(decision.options), index))
        self.blind += 1
        return index

    def choose_among(self, count: int) -> int:
        index = self.bot.choose_among(count)
        self.answers.append((self.seat, count, index))
        self.blind += 1
        return index


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_game_nobody_watches_is_the_watched_game(name):
    engine, game = _game(name)
    make = engine.bots["random"]
    drawn_inside = 0
    for seed in range(40):
        quiet_answers: list = []
        watched_answers: list = []
        quiet_bots = [Recording(n - 1, make(seeded(seed, f"P{n}")), quiet_answers) for n in (1, 2)]
        quiet = play_game(game, quiet_bots, seed)
        events: list = []
        watched_bots = [Recording(n - 1, make(seeded(seed, f"P{n}")), watched_answers) for n in (1, 2)]
        watched = play_game(game, watched_bots, seed, on_event=events.append)
        assert quiet_answers == watched_answers, seed
        # the seats of the quiet game were asked inside the state (but the first decision, posed before play began)
        assert sum(bot.blind for bot in quiet_bots) >= len(quiet_answers) - 1 and not any(bot.blind for bot in watched_bots), seed
        assert (quiet.actions, quiet.turns, quiet.outcome) == (watched.actions, watched.turns, watched.outcome), seed
        assert quiet.state.describe() == watched.state.describe(), seed  # the same position at the end
        assert quiet.actions >= len(quiet_answers) and events
        if quiet.state._actions is not None:
            drawn_inside += quiet.state._actions.answered
            assert watched.state._actions is None or watched.state._actions.answered == 0  # a watched game's chance goes out
    assert drawn_inside > 0, "chance was never drawn inside the state: the quiet game took the watched game's way"


def test_a_copy_of_a_quiet_game_leaves_chance_to_whoever_plays_it():
    engine, game = _game("cordes")
    make = engine.bots["random"]
    copies = []

    class Copying:
        name = "copying"

        def __init__(self, seed: int) -> None:
            self.bot = make(seed)

        def choose(self, decision, view) -> int:
            if len(copies) < 5:
                copies.append(view.sample(random.Random(len(copies))))  # as a bot's trial copies it
            return self.bot.choose(decision, view)

    played = play_game(game, [Copying(seeded(3, "P1")), Copying(seeded(3, "P2"))], 3)
    assert played.state._actions.seats is not None
    for copy in copies:
        assert copy._actions.seats is None and copy._actions.answered == 0
        while (decision := copy.decision()) is not None and not decision.is_chance:
            copy.apply(0)
        assert decision is None or decision.is_chance  # chance's decision waits for whoever plays the copy


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_each_turn_is_seen_at_its_first_decision_whoever_answers_it(name):
    """`on_turn` sees the state at the first decision of each turn, chance's drawn inside the state included."""
    engine, game = _game(name)
    make = engine.bots["random"]
    inside = 0
    for seed in range(25):
        told: list = []  # what `on_decision` tells of each turn's first decision: the turn and a look at the state
        last = [-1]

        def first_of_turn(state, decision, index):
            if state.turn != last[0]:
                last[0] = state.turn
                told.append((state.turn, state.describe()))

        play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_decision=first_of_turn)
        for ledger in (None, []):  # a game nobody watches, and the lab's (its cards in a ledger)
            seen: list = []
            played = play_game(
                game,
                [make(seeded(seed, "P1")), make(seeded(seed, "P2"))],
                seed,
                on_turn=lambda state: seen.append((state.turn, state.describe())),
                ledger=ledger,
            )
            assert seen == told, (seed, ledger is None)
            if played.state._actions is not None:
                inside += played.state._actions.answered
    assert inside > 0  # chance was drawn inside the quiet games


class _Toy(AgendaState):
    """The frame of a toy game: rules with bounds on actions, a turn counter, a log its tasks write to."""

    def __init__(self, per_game: int = 1000) -> None:
        self.game = SimpleNamespace(
            rules=SimpleNamespace(actions_per_game=per_game, actions_per_turn=100),
            outcome_text=lambda winner, code, facts: code,
        )
        self.log: list = []
        self._turn = 0

    @property
    def turn(self) -> int:
        return self._turn

    def describe(self) -> str:
        return " ".join(self.log)

    def view(self, player: int):
        return self


class _Drawing(_Toy):
    """A toy game: each turn, chance draws a card from a pile (`ask_draw`), then a seat says go on or stop.

    Its turn start schedules a task before the draw (`before`) or not, and one
    after it, which mark the order things happen in; the game ends after
    `turns` turns, or at the rules' bounds on actions.
    """

    def __init__(self, before: bool, turns: int = 5, per_game: int = 1000) -> None:
        super().__init__(per_game)
        self.pile = Pile([range(12)], name=lambda card: "abcd"[card % 4])
        self.turns = turns
        self.start(self._turn_start, before)

    def _mark(self, what: str) -> None:
        self.log.append(what)

    def _turn_start(self, before: bool) -> None:
        self._turn += 1
        if self._turn > self.turns:
            self.finish(None, "turns", {})
            return
        if before:
            self.then(self._mark, f"before {self._turn}")
        self.ask_draw(self.pile, None, "draw", "a card", self._drawn)
        self.then(self._mark, f"after {self._turn}")
        self.then(self._turn_start, before)

    def _drawn(self, option) -> None:
        self.log.append(f"drew {self.pile.take(option.label)}")
        self.ask(Decision(0, "go", [Option("go", 0), Option("go on", 1)], "go on?"), self._went)

    def _went(self, option) -> None:
        self.log.append(f"went {option.value}")


class _Dealing(_Drawing):
    """`_Drawing`, where chance draws three cards each turn, one after the other: in a loop of `drawn_here`,
    each card posed with `ask_draw` only when it cannot be drawn here (a watched game, an empty pile)."""

    def _turn_start(self, before: bool) -> None:
        if not self.pile:
            self.finish(None, "no cards", {})
            return
        super()._turn_start(before)

    def _drawn(self, option, left: int = 3) -> None:
        while True:
            self.log.append(f"drew {self.pile.take(option.label)}")
            left -= 1
            if not left:
                break
            drawn = self.drawn_here(self.pile)
            if drawn is None:
                if self.pile:
                    self.ask_draw(self.pile, None, "draw", "a card", self._drawn, left)
                    return
                break
            option = drawn
        self._mark(f"dealt {self._turn}")
        self.ask(Decision(0, "go", [Option("go", 0), Option("go on", 1)], "go on?"), self._went)


def _play_drawing(before: bool, inside: bool, seed: int, game: type = _Drawing, **bounds):
    """Play a `_Drawing` game: chance answered inside the state, or outside as a watched game's is; what it did."""
    state = game(before, **bounds)
    chance, seat = ChanceSampler(seed), random.Random(seed)
    if inside:
        state.answer_inside(chance.choose, None, chance.pick)
    posed = []
    while (decision := state.decision()) is not None:
        posed.append(decision.kind)
        state.apply(chance.choose(decision) if decision.is_chance else int(seat.random() * 2))
    return state.log, posed, state._actions.actions, state.outcome()


@pytest.mark.parametrize("before", [False, True])
def test_a_draw_answered_inside_the_state_happens_where_the_loop_would_answer_it(before):
    """`ask_draw` answers at once only a task's first scheduling: a task scheduled before it runs first, as in a watched game."""
    for seed in range(10):
        log, posed, actions, outcome = _play_drawing(before, True, seed)
        watched_log, watched_posed, watched_actions, watched_outcome = _play_drawing(before, False, seed)
        assert (log, actions, outcome) == (watched_log, watched_actions, watched_outcome), seed
        assert watched_posed.count("draw") == 5
        # only the setup's draw, before chance is drawn inside, goes out to the loop's caller
        assert posed.count("draw") == 1 and posed.count("go") == 5
        for turn in range(2, 6):
            if before:  # the task scheduled before the draw runs before it, as in the watched game
                assert log[log.index(f"before {turn}") + 1].startswith("drew")
            after = log.index(f"after {turn}")  # after the draw and its seat's answer
            assert log[after - 2].startswith("drew") and log[after - 1].startswith("went")


def test_a_draw_answered_inside_the_state_past_the_bound_on_actions_ends_the_game_as_the_loop_would():
    for per_game in range(1, 9):
        inside = _play_drawing(False, True, 3, per_game=per_game)
        watched = _play_drawing(False, False, 3, per_game=per_game)
        assert (inside[0], inside[2], inside[3]) == (watched[0], watched[2], watched[3]), per_game
        assert inside[3].code == ("action_limit" if per_game < 10 else "turns")


@pytest.mark.parametrize("before", [False, True])
def test_cards_drawn_one_after_the_other_in_a_loop_are_the_cards_the_loop_of_decisions_draws(before):
    """`drawn_here` draws where `ask_draw` would answer, the same cards, the actions counted alike, bounds included."""
    for seed in range(10):
        log, posed, actions, outcome = _play_drawing(before, True, seed, _Dealing, turns=5)
        watched_log, watched_posed, watched_actions, watched_outcome = _play_drawing(before, False, seed, _Dealing, turns=5)
        assert (log, actions, outcome) == (watched_log, watched_actions, watched_outcome), seed
        assert watched_posed.count("draw") >= 9  # 3 a turn while the 12 cards last (one name left: taken unasked)
        assert posed.count("draw") == 1  # only the setup's first draw, before chance is drawn inside
        assert sum(line.startswith("drew") for line in log) == 12 and "dealt 4" in log
    for per_game in range(1, 16):
        inside = _play_drawing(False, True, 3, _Dealing, per_game=per_game)
        watched = _play_drawing(False, False, 3, _Dealing, per_game=per_game)
        assert (inside[0], inside[2], inside[3]) == (watched[0], watched[2], watched[3]), per_game
    copy = _Dealing(False)
    copy.answer_inside(ChanceSampler(1).choose, None, ChanceSampler(1).pick)
    copy._queued.append((_Dealing._mark, ("queued",), None))
    assert copy.drawn_here(copy.pile) is None  # a task scheduled before: the draw waits its turn
    copy._queued.clear()
    assert _Dealing(False).drawn_here(copy.pile) is None  # chance not drawn inside: posed


def test_a_draw_among_options_of_one_copy_each_is_the_draw_their_weights_give():
    """`ChanceSampler.pick` given a number of options draws what it draws from as many weights of 1, and `choose` too."""
    for count in (1, 2, 3, 7, 40, 1000):
        posed = Decision(CHANCE, "draw", [Option(str(i), i) for i in range(count)], "a card", weights=[1] * count)
        by_count, by_weights, by_decision = ChanceSampler(count), ChanceSampler(count), ChanceSampler(count)
        drawn = [by_count.pick(count) for _ in range(500)]
        assert drawn == [by_weights.pick([1] * count) for _ in range(500)]
        assert drawn == [by_decision.choose(posed) for _ in range(500)]
        assert count == 1 or len(set(drawn)) > 1


class _NearOne:
    """A generator whose draws are the largest float below 1: the draw's whole part would be the count itself."""

    def random(self) -> float:
        return 1 - 2**-53


def test_a_draw_at_the_very_top_of_the_range_takes_the_last_option_either_way():
    for count in (1, 3, 2**20 + 1, 2**53 - 1):
        sampler = ChanceSampler(0)
        sampler.rng = _NearOne()  # type: ignore[assignment]
        assert sampler.pick(count) == count - 1
    sampler.rng = _NearOne()  # type: ignore[assignment]
    assert sampler.pick([1, 1, 1]) == 2


class _Chain(_Toy):
    """A toy game: a seat answers `steps` decisions in a row, each posed with `ask_last` from the last one's answer.

    Each answer notes the option taken and how deep in Python's calls it
    runs, then, after posing the next decision, schedules a task that notes
    its step (what the contract of `ask_last` allows after posing); a task
    is scheduled after the first decision, to mark where it runs. One
    decision per turn, so the bound per turn never ends it.
    """

    def __init__(self, steps: int) -> None:
        super().__init__()
        self.steps = steps
        self.depths: list[int] = []
        self.nesting: list[int] = []
        self.start(self._begin)

    def _begin(self) -> None:
        self._ask()
        self.then(self._mark)

    def _mark(self) -> None:
        self.log.append("after the first")

    def _ask(self) -> None:
        self._turn += 1
        if self._turn > self.steps:  # the chain ends; the task after the first decision runs
            return
        self.ask_last(Decision(0, "step", [Option("left", 0), Option("right", 1)], "which way?"), self._stepped, self._turn)

    def _stepped(self, option, step) -> None:
        self.log.append(option.label)
        self.depths.append(_depth())
        self.nesting.append(self._actions.nested if self._actions is not None else 0)
        self._ask()
        self.then(self._after, step)

    def _after(self, step) -> None:
        self.log.append(f"after {step}")


def _depth() -> int:
    """How many calls deep the caller runs."""
    frame, depth = sys._getframe(1), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def _play_chain(steps: int, inside: bool, seed: int):
    state = _Chain(steps)
    seat = random.Random(seed)
    answer = lambda decision: int(seat.random() * len(decision.options))  # noqa: E731  (the random bot's way)
    if inside:
        state.answer_inside(ChanceSampler(seed).choose, None, None, [answer])
    while (decision := state.decision()) is not None:
        state.apply(answer(decision))
    return state


def test_a_seat_answered_inside_is_asked_where_ask_last_poses_its_decision():
    """`ask_last` answers a seat answered inside where the decision is posed, as the loop would answer it.

    The tasks each answer schedules after posing the next decision run as
    they would from the loop: after the next answer's, the last first.
    """
    for seed in range(5):
        inside, watched = _play_chain(12, True, seed), _play_chain(12, False, seed)
        assert inside.log == watched.log and len(inside.log) == 13 + 12, seed
        assert inside.log[12:] == [f"after {step}" for step in range(12, 0, -1)] + ["after the first"]
        assert inside._actions.actions == watched._actions.actions == 12
        assert inside._actions.answered == 11  # all but the first (posed before play, answered from outside)
        assert inside.nesting == [0] + [min(step, MAX_NESTED) for step in range(1, 12)]  # the first answered from outside
        assert len(set(watched.depths)) == 1  # each answered from the loop


def test_answers_given_where_posed_nest_no_deeper_than_the_bound():
    """A long chain of answers given where posed nests `MAX_NESTED` calls deep, then runs at that depth, playing alike.

    (Past the bound, each answer is run by a loop in the deepest answer's
    call, one call below it, once the methods that posed it returned.)
    """
    steps = 300
    inside, watched = _play_chain(steps, True, 7), _play_chain(steps, False, 7)
    assert inside.log == watched.log and inside.log[-1] == "after the first"
    assert max(inside.nesting) == MAX_NESTED  # reached, never passed
    deeper = inside.depths[MAX_NESTED + 1 :]
    assert len(set(deeper)) == 1 and deeper[0] == inside.depths[MAX_NESTED] + 1
    assert inside._actions.answered == steps - 1 and inside._actions.nested == 0 and inside._actions.deferred is None


class _AmongChain(_Chain):
    """`_Chain`, whose seat is asked with `ask_among` first: a decision is made only when it cannot be answered so.

    Every third step has a single option (taken without asking anyone).
    """

    def _ask(self) -> None:
        self._turn += 1
        if self._turn > self.steps:
            return
        options = [Option("left", 0), Option("right", 1)][: 1 if self._turn % 3 == 0 else 2]
        if self.ask_among(0, len(options), self._stepped_at, self._turn):
            return
        self.ask_last(Decision(0, "step", options, "which way?"), self._stepped, self._turn)

    def _stepped_at(self, index: int, step: int) -> None:
        self._stepped(Option(("left", "right")[index], index), step)


def _play_among(steps: int, seed: int, blind: bool, among: bool):
    """Play an `_AmongChain`: its seat answered inside given the decision (`blind`), its count of options (`among`),
    both or neither; the state and the counts of options the seat was asked with, given each way."""
    state = _AmongChain(steps)
    seat = random.Random(seed)
    asked: dict[str, list[int]] = {"decision": [], "count": []}

    def answer(decision) -> int:  # the random bot's way
        asked["decision"].append(len(decision.options))
        return int(seat.random() * len(decision.options))

    def answer_count(count: int) -> int:  # the same draw from the count alone
        asked["count"].append(count)
        return int(seat.random() * count)

    if blind or among:
        state.answer_inside(ChanceSampler(seed).choose, None, None, [answer if blind else None], [answer_count if among else None])
    while (decision := state.decision()) is not None:
        state.apply(answer(decision))
    return state, asked


def test_a_seat_asked_with_its_count_of_options_plays_as_if_asked_the_decision():
    """`ask_among` answers a seat answered inside, given its count of options, where `ask_last` would answer it.

    The same answers, the same order of tasks, the same actions counted,
    the same nesting; a single option is taken without asking. A seat not
    answered inside is posed the decision as before, even when it could
    choose from the count.
    """
    for seed in range(6):
        among, asked = _play_among(12, seed, blind=True, among=True)
        blind, blind_asked = _play_among(12, seed, blind=True, among=False)
        watched, _ = _play_among(12, seed, blind=False, among=False)
        assert among.log == blind.log == watched.log and len(among.log) == 13 + 12, seed
        assert among._actions.actions == blind._actions.actions == watched._actions.actions == 12
        assert among._actions.answered == blind._actions.answered == 7  # all but the first and the 4 single options
        assert among.nesting == blind.nesting
        assert asked == {"decision": [2], "count": [2] * 7}  # the first posed before play began, from outside
        assert blind_asked == {"decision": [2] * 8, "count": []}
        outside, outside_asked = _play_among(12, seed, blind=False, among=True)  # `among` alone answers nothing inside
        assert outside.log == watched.log and outside_asked["count"] == [] and outside._actions.answered == 0


class _Opening(_Toy):
    """A toy game: chance opens `cards` cards, one question each, asked in a loop (`answered_here` first, when
    `here`, else `ask_last` for every one), and a task scheduled after them notes how many were opened. A
    seat then says go on or stop; each turn opens cards again, `before`: after a task scheduled first."""

    QUESTION = Decision(CHANCE, "open", [Option("A", "A", 1), Option("B", "B", 2), Option("C", "C", 3)], "open a card")
    SINGLE = Decision(CHANCE, "open", [Option("D", "D")], "open the last card")

    def __init__(self, here: bool, before: bool, cards: int = 6, per_game: int = 1000) -> None:
        super().__init__(per_game)
        self.here, self.before, self.cards = here, before, cards
        self.start(self._open)

    def _open(self) -> None:
        self._turn += 1
        if self._turn > 4:
            return
        if self.before:
            self.then(self._note, "before")
        for number in range(self.cards):
            question = self.SINGLE if number == self.cards - 1 else self.QUESTION
            option = self.answered_here(question) if self.here else None
            if option is None:
                self.ask_last(question, self._opened)
            else:
                self.log.append(option.value)
        self.then(self._go_on)

    def _opened(self, option) -> None:
        self.log.append(option.value)

    def _note(self, what) -> None:
        self.log.append(what)

    def _go_on(self) -> None:
        self.log.append(f"opened {len(self.log)}")
        self.ask(Decision(0, "go", [Option("on", True), Option("stop", False)], "go on?"), self._went)

    def _went(self, option) -> None:
        if option.value:
            self._open()


def _play_opening(here: bool, before: bool, inside: bool, per_game: int = 1000, seed: int = 3):
    state = _Opening(here, before, per_game=per_game)
    chance, seat = ChanceSampler(seed), random.Random(seed)
    if inside:
        state.answer_inside(chance.choose)
    while (decision := state.decision()) is not None:
        state.apply(chance.choose(decision) if decision.player == CHANCE else int(seat.random() * 2))
    return state


def test_questions_answered_here_in_a_loop_are_answered_as_ask_last_answers_them():
    """`answered_here` gives the option `ask_last` would answer with, where it would: the same cards in the
    same order, the same actions counted (a single option too), the same end at the bound on actions; once
    a task is scheduled, it answers nothing (every question is then posed)."""
    bounded = 0
    for before in (False, True):
        for per_game in (1000, 9):
            for seed in range(5):
                watched = _play_opening(here=False, before=before, inside=False, per_game=per_game, seed=seed)
                asked = _play_opening(here=False, before=before, inside=True, per_game=per_game, seed=seed)
                here = _play_opening(here=True, before=before, inside=True, per_game=per_game, seed=seed)
                assert here.log == asked.log == watched.log, (before, per_game, seed)
                assert here._actions.actions == asked._actions.actions == watched._actions.actions
                assert here._actions.answered == asked._actions.answered
                assert here.outcome() == asked.outcome() == watched.outcome()
                bounded += here.outcome() is not None
    assert bounded >= 5  # games ended at the bound on actions, in the middle of a loop
    assert _play_opening(here=True, before=False, inside=True)._actions.answered > 0
