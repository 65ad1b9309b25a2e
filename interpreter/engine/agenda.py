"""States whose game runs as an agenda of tasks: plain data that can be copied.

A game's flow is written as small methods, each doing one part of the rules
and saying what comes next. What comes next is data, never a live Python
frame: a *task* is a method and its arguments, and the *agenda* is the stack
of tasks still to run. A decision is a task too: `ask(decision, method,
*args)` poses it, and the answer calls `method(option, *args)`::

    def _round(self, number: int) -> None:
        self.emit("round", round=number)
        self.ask(Decision(CHANCE, "stats", options), self._stats_drawn, number)
        self.then(self._play_cards, number)        # after the answer is dealt with

    def _stats_drawn(self, option: Option, number: int) -> None:
        self.asked = option.value

Within one method, the tasks it schedules (`then`, `ask`) run in the order
written, and all of them before the tasks scheduled earlier (a stack, as a
call stack would). Because the agenda, the pending decision and the game's
own fields are plain data, `clone()` is a shallow copy of a few lists: the
copy and the original, given the same answers, play on alike (what search
bots, "undo" and studies from a position need). Methods are kept as plain
functions, never bound to a state, so a copy runs its own tasks.

Task arguments must not be changed once scheduled (ints, strings, tuples,
frozen options): a copy shares them with its original.

In a game nobody watches, decisions may be answered inside the state
(`answer_inside`): chance's, and those of a seat whose player reads nothing
but the decision (the random bot); the loop answers them as it meets them,
in the same order, with the same numbers, without going out to the players
and back. A decision posed as the last thing a task does may be posed
with `ask_last` (or, for a pile's top card, `ask_draw`): when its seat is
answered inside (chance, the random bot), it is then answered where it is
posed, when the task has scheduled nothing before it, which is where the
loop would answer it next, without a task made for it. Cards drawn one
after the other may be drawn in a loop with `drawn_here`, which draws the
next card there, as `ask_draw` would answer it, or says to pose it. A
seat's choice may first be offered with `ask_among`, given only its number
of options: a player who needs nothing more (the random bot) answers it
there, and the decision, its options and its prompt are never made.

Every decision counts as an action against the bounds of `limits.py`: a
decision posed, when it is posed, and a decision with a single option, when
it is taken at once (it is never asked). Past a bound the game ends as a draw
(`end_at_limit`) and the agenda is dropped. A game ends with `finish(winner,
reason, code, facts)` (see `state.py`); nothing on the agenda runs after it.
A method deep in helpers may raise `GameOver` after `finish` to stop at once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from atout.interpreter.fastpaths import FAST

from .decision import CHANCE, Decision, Option
from .limits import ActionCounter
from .piles import Name, Pile
from .state import Event, G, State

#: How deep answers given where their decisions are posed nest in Python's calls (see `AgendaState._answer_here`).
MAX_NESTED = 5

#: A task: the function to call (with the state first), its arguments, and
#: for a decision, the decision posed (the answer is passed before the arguments).
Task = tuple[Callable[..., Any], tuple[Any, ...], Decision | None]


class GameOver(Exception):
    """Raised inside a task, after `finish`, to leave the helpers it is in at once."""


class TurnWatch:
    """Who is told of the first decision of each turn (`play_game`'s `on_turn`): `call(state)`, before it is answered."""

    __slots__ = ("call", "turn")

    def __init__(self, call: Callable[[Any], None]) -> None:
        self.call = call
        #: The turn of the last decision told of (none yet).
        self.turn = -1


class AgendaState(State[G]):
    """A `State` whose game runs as an agenda of tasks (see the module's docstring)."""

    _agenda: list[Task]
    _queued: list[Task]
    _waiting: Task | None = None

    def start(self, method: Callable[..., Any], *args: Any) -> None:
        """Run `method(*args)` and what it schedules up to the first decision: the setup's events."""
        self._agenda = []
        self._queued = []
        self._events = []
        self._waiting = None
        self._agenda.append((getattr(method, "__func__", method), args, None))
        self._run()
        self._start, self._events = self._events, []

    # ------------------------------------------------------------------
    # Scheduling
    # ------------------------------------------------------------------

    def then(self, method: Callable[..., Any], *args: Any) -> None:
        """Run `method(*args)` once the running task is over (see the module's docstring for the order)."""
        self._queued.append((getattr(method, "__func__", method), args, None))

    def ask(self, decision: Decision, method: Callable[..., Any], *args: Any) -> None:
        """Pose `decision` in its turn; the answer calls `method(option, *args)`.

        A decision with a single option is not asked: its option is taken at
        once (it still counts as an action).
        """
        self._queued.append((getattr(method, "__func__", method), args, decision))

    # ------------------------------------------------------------------
    # The State contract
    # ------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The pending decision (the waiting task's), or None when the game is over."""
        waiting = self._waiting
        return None if waiting is None else waiting[2]

    def apply(self, index: int) -> list[Event]:
        """Answer the pending decision with option `index`; the events that followed."""
        task = self._waiting
        decision = None if task is None else task[2]
        if task is None or decision is None:
            raise ValueError("the game is over: there is no decision to answer")
        if not 0 <= index < len(decision.options):
            raise IndexError(f"option {index} does not exist; there are {len(decision.options)}")
        self._events = []
        self._waiting = None
        self._agenda.append((task[0], (decision.options[index], *task[1]), None))  # the answer's task runs first
        self._run()
        return self._events

    @property
    def waiting(self) -> bool:
        """True while a decision waits for its answer."""
        return self._waiting is not None

    def repose(self, decision: Decision) -> None:
        """Pose the waiting question anew as `decision` (its options made again); the answer goes where it went.

        For a copy whose hidden cards were dealt anew (`resample`): a pending
        draw or choice over those cards must name the new ones.
        """
        if self._waiting is None:
            raise ValueError("no decision is waiting: there is nothing to pose anew")
        method, args, _ = self._waiting
        self._waiting = (method, args, decision)

    #: True once the state's fields are in a dictionary of its own (see `clone`).
    _own_dict = False

    def clone(self) -> AgendaState[G]:
        """A copy that plays on alike: the same answers give the same events and outcome.

        The copy shares what never changes during play (the game, the cards,
        posed decisions, task arguments) and copies the rest: the agenda here,
        the game's own fields in `copy_fields`.

        The copy's fields, and from its first copy on the state's, are kept
        in a dictionary of its own. CPython 3.11 keeps up to 29 fields of an
        object in a table shared by its class, and reads them fastest there,
        until something reads the object's `__dict__`, as a copy does: from
        then on, each field is looked up the slow way (four times slower). A
        dictionary of its own is read nearly as fast as the shared table,
        and is copied in one step. A state that is never copied (a game
        played on, random against random) keeps the shared table.
        """
        if not FAST:  # the plain path (`ATOUT_PLAIN`): a shallow copy
            new = copy.copy(self)
        else:
            if not self._own_dict:
                self.__dict__ = dict(self.__dict__)
                self._own_dict = True
            new = object.__new__(type(self))  # a shallow copy, made directly (a fifth of `copy.copy`'s cost)
            new.__dict__ = self.__dict__.copy()
        new._agenda = self._agenda[:]
        new._queued = []
        new._events = []
        if "observer" in self.__dict__:  # a debugger watches this state, not its copies (the class's None serves)
            del new.observer
        if "ledger" in self.__dict__:  # the lab's ledger is the game's, never a copy's (the class's None serves)
            del new.ledger
        if self._actions is not None:
            new._actions = self._actions.copy()
        self.copy_fields(new)
        return new

    def ask_last(self, decision: Decision, method: Callable[..., Any], *args: Any) -> None:
        """`ask`, as the last thing a task does: answered here, now, when its seat is answered inside the state.

        Like `ask_draw` (see it), for any decision: chance's (a booster's
        card, a round's statistics), or a seat's whose player is answered
        inside (the random bot's). What follows it, in the task and in the
        methods that called it, may only schedule tasks. The answer runs
        before the tasks they schedule (see `_answer_here`).
        """
        counter = self._actions
        seats = None if counter is None or self._queued else counter.seats
        answer = None if seats is None else seats.get(decision.player)
        if answer is None:
            self._queued.append((getattr(method, "__func__", method), args, decision))
            return
        self._answer_here(counter, decision.options, answer, decision, method, args)  # type: ignore[arg-type]

    def ask_among(self, seat: int, count: int, method: Callable[..., Any], *args: Any) -> bool:
        """`ask_last` for `seat`'s decision among `count` options, before the decision is made: True when answered here.

        When `seat` is answered inside the state by a player who chooses
        knowing only how many options there are (the random bot's
        `choose_among`), the decision is answered here as `ask_last` would
        answer it, without being made (its options, their labels, its
        prompt): the action counted, a single option taken without asking,
        then `method(index, *args)` runs with the index of the option
        chosen, not the option. Otherwise nothing is done and it returns
        False: the caller then poses the decision, of `count` options, with
        `ask_last`. Like `ask_last`, the last thing a task does.
        """
        counter = self._actions
        among = None if counter is None or self._queued else counter.among
        choose = None if among is None else among.get(seat)
        if choose is None:
            return False
        self._answer_here(counter, range(count), choose, count, method, args)  # type: ignore[arg-type]
        return True

    def ask_draw(self, pile: Pile, name: Name | None, kind: str, prompt: str, method: Callable[..., Any], *args: Any) -> None:
        """Chance draws the top card of `pile`; the answer calls `method(option, *args)`.

        It is `ask(pile.draw_decision(name, kind, prompt), method, *args)`,
        and like it, the last thing its task does: what follows it, in the
        task and in the methods that called it, may only schedule tasks. In a
        game whose chance is drawn inside (`answer_inside`), when its task has
        scheduled nothing yet, the draw is answered here, now, as the loop
        would answer it next: the action counted, the turn told to the
        watch, the option drawn by the same sampler from the same weights,
        the answer run; no decision and no task are made for it (a game
        draws at nearly every action).
        """
        counter = self._actions
        pick = None if counter is None or self._queued else counter.pick
        if pick is None:
            self.ask(pile.draw_decision(name, kind, prompt), method, *args)
            return
        options, weights = pile.top_choices(name)
        self._answer_here(counter, options, pick, weights, method, args)  # type: ignore[arg-type]

    def drawn_here(self, pile: Pile, name: Name | None = None) -> Option | None:
        """The option chance draws from the top of `pile`, drawn here and now; None when it must be asked (or `pile` is empty).

        For a game that draws card after card (a duel's preparation): in a
        loop, each draw is `drawn_here`, and only when it gives None is the
        draw posed with `ask_draw` (its answer then goes on with the loop's
        next card). It draws where `ask_draw` would answer its draw, and as
        it would: the state is answered inside and its task has scheduled
        nothing yet; the action is counted and the option drawn the same way
        (past a bound, `GameOver`), without the call of an answer per card.
        """
        counter = self._actions
        pick = None if counter is None or self._queued else counter.pick
        if pick is None or not pile:
            return None
        options, weights = pile.top_choices(name)
        return self._answer_option(counter, options, pick, weights)  # type: ignore[arg-type]

    def answered_here(self, decision: Decision) -> Option | None:
        """The option answering `decision` here and now, as `ask_last` would; None when it must be posed.

        For a game that asks the same way question after question (cards
        opened from a booster): in a loop, each is `answered_here`, and only
        when it gives None is the question posed with `ask_last` (and the
        ones after it: nothing is answered here once a task is scheduled).
        It answers where `ask_last` would answer, and as it would: the seat
        answered inside the state and nothing scheduled yet; the action
        counted, a single option taken without asking, the watch told of
        its turn; no call of an answer per question.
        """
        counter = self._actions
        seats = None if counter is None or self._queued else counter.seats
        answer = None if seats is None else seats.get(decision.player)
        if answer is None:
            return None
        return self._answer_option(counter, decision.options, answer, decision)  # type: ignore[arg-type]

    def _answer_option(self, counter: ActionCounter, options: list[Option], pick: Callable[[Any], int], chances: Any) -> Option:
        """The option answered here for `drawn_here`, the action counted as `_run` counts it (`_answer_here` inlines it: kept in step)."""
        if counter.turn == self.turn and counter.actions < counter.per_game and counter.in_turn < counter.per_turn:
            counter.actions += 1
            counter.in_turn += 1
        elif self.count_action():
            raise GameOver
        if len(options) == 1:
            return options[0]
        counter.answered += 1
        turn = counter.answered_turn = counter.turn
        watch = counter.watch
        if watch is not None and turn != watch.turn:
            watch.turn = turn
            watch.call(self)
        return options[pick(chances)]

    def _answer_here(
        self,
        counter: ActionCounter,
        options: list[Option],
        pick: Callable[[Any], int],
        chances: Any,
        method: Callable[..., Any],
        args: tuple[Any, ...],
    ) -> None:
        """Answer a decision where it is posed (`ask_last`, `ask_draw`) as `_run` answers it (kept in step with it).

        The action is counted (past a bound, the game ends: `GameOver`); a
        single option is taken without asking; otherwise the option is
        `options[pick(chances)]`, counted as answered inside, the watch told
        of its turn first. Then `method(option, *args)` runs.

        An answer that poses the next decision the same way runs it inside
        its own call, one level deeper, up to `MAX_NESTED` levels. Deeper, it
        leaves it to the deepest answer's call, which runs it once the
        methods that posed it have returned, and so on down a chain of
        answers (200 cards drawn one by one for a duel) at the same depth of
        Python's calls. Deeper calls would cost more than the calls: CPython
        3.11 gives its frames memory in chunks, and a chain that goes back
        and forth over a chunk's end asks the system for one and gives it
        back each time (nesting 20 levels deep cost Duel de dragons' random
        games about a tenth of their time, in the system's time). A few
        levels cost nothing, and most chains are that short (Dans les
        Cordes': two or three answers), where the loop would cost a little
        more than the calls it saves. The order is the one nested calls
        would give: those methods only schedule tasks after posing (the
        contract of `ask_last` and `ask_draw`), and their tasks are put
        after those of the answer they left.
        """
        # `_answer_option`, inlined (one call less: most answers of a game come here)
        if counter.turn == self.turn and counter.actions < counter.per_game and counter.in_turn < counter.per_turn:
            counter.actions += 1
            counter.in_turn += 1
        elif self.count_action():
            raise GameOver
        if len(options) == 1:
            option = options[0]
        else:
            counter.answered += 1
            turn = counter.answered_turn = counter.turn
            watch = counter.watch
            if watch is not None and turn != watch.turn:
                watch.turn = turn
                watch.call(self)
            option = options[pick(chances)]
        method = getattr(method, "__func__", method)
        if counter.nested >= MAX_NESTED:  # deep enough: run by the loop of the answer that posed it, below
            counter.deferred = (method, option, args)
            return
        counter.nested += 1
        method(self, option, *args)  # (`GameOver` goes up to `_run`, which clears what is left)
        if counter.deferred is not None:
            self._answer_deferred(counter)
        counter.nested -= 1

    def _answer_deferred(self, counter: ActionCounter) -> None:
        """Run the answers left by the answers before them (see `_answer_here`), one after the other."""
        after: list[Task] | None = None  # tasks scheduled after posing by the methods that posed the answers run so far
        queued = self._queued
        deferred = counter.deferred
        while deferred is not None:
            counter.deferred = None
            if queued:  # they run after the next answer's tasks, the later ones first (as the calls would return)
                after = queued + after if after else queued[:]
                queued.clear()
            deferred[0](self, deferred[1], *deferred[2])
            deferred = counter.deferred
        if after:
            queued += after

    def answer_inside(
        self,
        choose: Callable[[Decision], int],
        watch: TurnWatch | None = None,
        pick: Callable[[list[int] | int], int] | None = None,
        seats: list[Callable[[Decision], int] | None] | None = None,
        among: list[Callable[[int], int] | None] | None = None,
    ) -> ActionCounter:
        """From now on, answer decisions here as they come: chance's with `choose`, a seat's with `seats[seat]`.

        For a game nobody watches (`play_game` with no record, listener or
        person): the same answers in the same order, without going out of
        the state and back for each; the player loop sees only the decisions
        of the seats not given (None). A seat's answerer reads nothing but
        the decision (the random bot's `choose_blind`): nothing outside the
        state may see the position at its decisions. Copies answer as
        before. The counter returned counts the decisions so answered
        (`answered`) and the turn of the last (`answered_turn`). `watch` is
        told of a turn whose first decision is one of them, as the player
        loop tells it of the others. `pick` is the same sampler given the
        options' weights (`ChanceSampler.pick`): with it, `ask_draw` answers
        a draw where it is posed. `among[seat]`, for a seat given, is the
        same player asked with the number of options alone (the random
        bot's `choose_among`, which gives the same answer as `choose_blind`):
        with it, `ask_among` answers that seat's decisions without making them.
        """
        counter = self._actions
        if counter is None:
            counter = self._actions = ActionCounter(getattr(self.game, "rules", None))
        counter.pick = pick
        answers = {seat: answer for seat, answer in enumerate(seats or ()) if answer is not None}
        answers[CHANCE] = choose
        counter.seats = answers
        counter.among = {seat: answer for seat, answer in enumerate(among or ()) if answer is not None and seat in answers} or None
        counter.watch = watch
        return counter

    def _no_decision(self) -> None:
        """No decision waits any more (the game is over): the waiting task is dropped."""
        self._waiting = None

    def copy_fields(self, new: Any) -> None:
        """Give `new`, a shallow copy of this state, its own copy of every field that changes in play."""

    # ------------------------------------------------------------------
    # The loop
    # ------------------------------------------------------------------

    def _run(self) -> None:
        """Run tasks until a decision waits for an answer, the game is over, or nothing is left.

        A task is run here directly; so is a decision's answer, with the
        option first among its arguments, when the option is known at once
        (a decision of a single option, one answered inside the state); an
        answer given from outside (`apply`) is put on top of the agenda as a
        task (the loop is the game's hot path: one place runs every task).
        """
        agenda = self._agenda
        queued = self._queued
        while agenda and self._outcome is None:
            method, args, decision = agenda.pop()
            if decision is not None:
                counter = self._actions  # `count_action`, its usual case inlined (one call less per decision)
                if counter is not None and counter.turn == self.turn and counter.actions < counter.per_game and counter.in_turn < counter.per_turn:
                    counter.actions += 1
                    counter.in_turn += 1
                elif self.count_action():
                    break
                options = decision.options
                if len(options) == 1:  # taken at once: its answer runs now
                    args = (options[0], *args)
                else:
                    counter = self._actions
                    seats = counter.seats  # type: ignore[union-attr]  # counted just above: made
                    answer = None if seats is None else seats.get(decision.player)
                    if answer is None:
                        self._waiting = (method, args, decision)
                        return
                    # answered here (`answer_inside`): its answer runs now
                    counter.answered += 1  # type: ignore[union-attr]
                    turn = counter.answered_turn = counter.turn  # type: ignore[union-attr]
                    watch = counter.watch  # type: ignore[union-attr]
                    if watch is not None and turn != watch.turn:
                        watch.turn = turn
                        watch.call(self)
                    args = (options[answer(decision)], *args)
            try:
                method(self, *args)
            except GameOver:
                queued.clear()
                if self._actions is not None:
                    self._actions.nested = 0
                    self._actions.deferred = None
                continue
            if queued:
                if len(queued) == 1:
                    agenda.append(queued.pop())
                else:
                    queued.reverse()
                    agenda += queued
                    queued.clear()
        if self._outcome is not None:
            agenda.clear()
            self._waiting = None
