"""Playing a study's games: in this process, in worker processes, or on a Ray cluster.

A `Study` is what one line of a designer's question plays: a game with its
files and setup, two *sides* (a bot, with the seat's own deck, boxer or
collection from the setup), a number of games and a seed. By default the
sides change seats every other game, with the same seed for both games of
a pair (so the two deals are played from both seats: most of the luck of
the deal cancels out).

Each game is played by `play_one`, which gives a `GameResult`: small plain
data (picklable, JSON-ready) that the summary reads. How the games are
spread does not change them: game *i* of a study is the same game whether
it is played here, in a worker process or on another machine, and results
are put back in the order of the games, so the figures are identical for
any number of workers.

A worker rebuilds the game from what a record's header carries (the
designer's files in full, the shipped ones by digest), so a Ray node needs
atout installed, not the designer's folder.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.state import Game, State
from atout.interpreter.errors import AtoutError
from atout.interpreter.lab.cluster import run_ray
from atout.interpreter.lab.traits import LabTraits

if TYPE_CHECKING:
    from atout.interpreter.api import LoadedGame

#: Games per unit of work sent to a worker, at most: small enough for the
#: progress bar and an even spread, large enough that sending costs little.
MAX_CHUNK = 50


@dataclass(frozen=True)
class Study:
    """Games of one game between two sides; `setup` seats side A as P1."""

    game: str
    #: The files, as a record's header keeps them (`engine.loading.manifest`).
    files: dict[str, dict[str, str]]
    setup: dict[str, Any]
    #: The bots of side A and side B, by name.
    bots: tuple[str, str]
    games: int
    seed: int = 0
    #: Sides change seats every other game (pairs of games share a seed).
    swap: bool = True
    #: A name for the study in reports (a tournament's pairing).
    label: str = ""
    #: What each side is when more than its bot (a tournament's deck, boxer or collection), for reports; "" each: the bots.
    sides: tuple[str, str] = ("", "")

    def side_names(self) -> tuple[str, str]:
        """How reports name side A and side B: what they are (`sides`), else their bots."""
        a, b = self.sides
        return (f"{a} ({self.bots[0]})", f"{b} ({self.bots[1]})") if a and b else self.bots

    def side_labels(self) -> tuple[str, str]:
        """Names that tell the sides apart: `side_names`, with the side's letter when both are the same."""
        a, b = self.side_names()
        return (f"{a} (side A)", f"{b} (side B)") if a == b else (a, b)

    @cached_property
    def key(self) -> str:
        """The study as text: the same for two equal studies (dicts are not hashable).

        Made once per study (its files' texts are in it: making it at each game took as long as a game).
        """
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=False)

    def game_plan(self, index: int) -> tuple[int, bool]:
        """Game `index`'s seed, and whether side A sits as P2 in it."""
        if not self.swap:
            return self.seed + index, False
        return self.seed + index // 2, index % 2 == 1


@dataclass
class GameResult:
    """What the lab keeps of one game: plain data, the same wherever it was played."""

    study: int
    index: int
    seed: int
    #: Side A sits as P2.
    swapped: bool
    bots: list[str]
    #: The winning seat (0, 1), or None for a draw.
    winner: int | None
    #: The seat that played first; None in games played simultaneously.
    first: int | None
    turns: int
    actions: int
    code: str | None
    #: What each seat brings of its own (deck, boxer, collection), if the game says.
    sides: list[str] | None = None
    conditions: dict[str, str] = field(default_factory=dict)
    #: P1's lead at the start of each turn, and at the end.
    leads: list[float] = field(default_factory=list)
    #: Per seat: card name → [held (0/1), times played, first turn played or None,
    #: in the opening hand (0/1), the sum of the turns it was played in]; with `pooled`,
    #: every card of the seat's own cards is listed, held (0) or not.
    cards: list[dict[str, list[Any]]] = field(default_factory=lambda: [{}, {}])
    #: The game said which cards each seat brought (`LabTraits.pool`): `cards` lists them all.
    pooled: bool = False

    @property
    def winning_side(self) -> int | None:
        """0 when side A won, 1 when side B won, None for a draw."""
        if self.winner is None:
            return None
        return self.winner ^ int(self.swapped)

    def as_json(self) -> dict[str, Any]:
        """The result as JSON data (one row of `--csv`, one entry of `--format json`)."""
        return asdict(self)


def study_of(loaded: LoadedGame, bots: tuple[str, str], games: int, seed: int = 0, swap: bool = True, label: str = "", sides: tuple[str, str] = ("", "")) -> Study:
    """The study of a loaded game: its files as a record's header keeps them (both seatings' files)."""
    from atout.interpreter.engine.loading import manifest

    setups = [loaded.setup]
    if swap and loaded.engine.lab is not None:
        setups.append(loaded.engine.lab.swap(loaded.setup))
    files: dict[str, dict[str, str]] = {"shipped": {}, "designer": {}}
    for setup in setups:
        for part, named in manifest(loaded.files, setup).items():
            files[part].update(named)
    return Study(loaded.engine.name, files, loaded.setup, bots, games, seed, swap, label, sides)


def designer_cards(loaded: LoadedGame) -> frozenset[str]:
    """The names of the cards of the designer's own files (not shipped with atout): reports never hide them."""
    from atout.interpreter.language.nodes import CardFile

    names: set[str] = set()
    for document in loaded.files.documents:
        if isinstance(document.node, CardFile) and not loaded.files.name(document)[1]:
            names.update(name for card in document.node.cards if isinstance(name := getattr(card, "name", None), str))
    return frozenset(names)


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------


class _Seating:
    """One seating of a study's sides, and what the lab reads of its setup: made once per study and process."""

    __slots__ = ("game", "makers", "bots", "sides", "conditions")

    def __init__(self, game: Game, makers: list[Any], bots: list[str], traits: LabTraits | None) -> None:
        self.game = game
        #: The players' makers and the bots' names, by seat.
        self.makers = makers
        self.bots = bots
        setup = game.setup()
        self.sides = traits.sides(setup) if traits is not None else None
        self.conditions = traits.conditions(setup) if traits is not None else {}


class _Built:
    """A study's engine and games (side A as P1, then as P2), built once per process."""

    def __init__(self, study: Study) -> None:
        from atout.interpreter.api import bot_maker
        from atout.interpreter.engine.record import Record
        from atout.interpreter.engine.registry import find_engine
        from atout.interpreter.engine.sources import files_for

        self.engine = find_engine(study.game)
        files = files_for([Record({"game": study.game, "version": 2, "files": study.files})], self.engine)
        traits = self.traits = self.engine.lab
        self.games: list[Game] = []
        for swapped in (False, True):
            setup = traits.swap(study.setup) if swapped and traits is not None else study.setup
            self.games.append(self.engine.build(files, setup))
        self.makers = [bot_maker(self.engine, self.games[0], name) for name in study.bots]
        self.seatings = (
            _Seating(self.games[0], self.makers, list(study.bots), traits),
            _Seating(self.games[1], self.makers[::-1], list(study.bots[::-1]), traits),
        )
        #: The last game's seed, and the seeds of its seats' players (`seeds`).
        self._seeds: tuple[int | None, list[int]] = (None, [])

    def seeds(self, seed: int) -> list[int]:
        """The seeds of P1's and P2's players in a game of seed `seed` (kept for the other game of its pair: made from a string, each costs a tenth of a random game)."""
        last, seeds = self._seeds
        if last != seed:
            seeds = [seeded(seed, "P1"), seeded(seed, "P2")]
            self._seeds = (seed, seeds)
        return seeds


_BUILT: dict[str, _Built] = {}


def _built(study: Study) -> _Built:
    key = study.key
    built = _BUILT.get(key)
    if built is None:
        if len(_BUILT) > 64:
            _BUILT.clear()
        built = _BUILT[key] = _Built(study)
    return built


class _Reading:
    """What the lab reads of one game: each seat's cards (see `GameResult.cards`), from the game's ledger, and P1's lead.

    `turn`, `play_game`'s `on_turn`, reads the lead at each turn's first
    decision; `ledger` counts the cards of the game's ledger (`State.ledger`)
    once the game is over.
    """

    __slots__ = ("cards", "leads", "lead")

    def __init__(self, traits: LabTraits) -> None:
        self.cards: list[dict[str, list[Any]]] = [{}, {}]
        self.leads: list[float] = []
        self.lead = traits.lead

    def turn(self, state: State) -> None:
        """A turn's first decision: P1's lead then."""
        self.leads.append(self.lead(state))  # type: ignore[misc]  # a listener only with a lead

    def ledger(self, ledger: list[tuple[int, str, str, int]]) -> None:
        """Each card the ledger holds: held, held in the opening hand ("drawn" at turn 0), or played in its turn."""
        cards = self.cards
        for seat, name, does, turn in ledger:
            if does == "drawn":
                does = "held" if turn else "opening"
            _count(cards[seat], name, does, turn)

    def pooled(self, pool: list[Iterable[str]]) -> None:
        """Each seat's own cards that it never held, listed too (held 0), after those it held."""
        for seen, names in zip(self.cards, pool):
            for name in names:
                if name not in seen:
                    seen[name] = [0, 0, None, 0, 0]


def _count(seen: dict[str, list[Any]], name: str, use: str, turn: int) -> None:
    """A seat's card `name` held, held in the opening hand, or played in `turn` (see `GameResult.cards`)."""
    entry = seen.get(name)
    if entry is None:
        entry = seen[name] = [1, 0, None, 0, 0]
    else:
        entry[0] = 1
    if use == "played":
        entry[1] += 1
        entry[4] += turn
        if entry[2] is None:
            entry[2] = turn
    elif use == "opening":
        entry[3] = 1


def play_one(study: Study, number: int, index: int) -> GameResult:
    """Play game `index` of the study (study `number` of a run) and keep what the lab reads."""
    built = _built(study)
    seed, swapped = study.game_plan(index)
    seating = built.seatings[swapped]
    players = [maker(player_seed) for maker, player_seed in zip(seating.makers, built.seeds(seed))]
    traits = built.traits
    if traits is None:
        played = play_game(seating.game, players, seed)
        return GameResult(
            number,
            index,
            seed,
            swapped,
            seating.bots[:],
            played.outcome.winner,
            played.state.first_player,
            played.turns,
            played.actions,
            played.outcome.code,
        )
    reading = _Reading(traits)
    ledger: list[tuple[int, str, str, int]] = []  # the cards, written by the game where it shows them
    played = play_game(seating.game, players, seed, on_turn=reading.turn if traits.lead is not None else None, ledger=ledger)
    reading.ledger(ledger)
    state = played.state
    if traits.pool is not None:  # read at the end: some games deal their decks in their first steps
        reading.pooled(traits.pool(state))
    if traits.lead is not None:
        reading.leads.append(traits.lead(state))
    outcome = played.outcome
    return GameResult(
        number,
        index,
        seed,
        swapped,
        seating.bots[:],
        outcome.winner,
        state.first_player,
        played.turns,
        played.actions,
        outcome.code,
        None if seating.sides is None else seating.sides[:],
        dict(seating.conditions),
        reading.leads,
        reading.cards,
        traits.pool is not None,
    )


def play_chunk(studies: Sequence[Study], work: Sequence[tuple[int, int]]) -> list[GameResult]:
    """Play the games `work` names, as (study number, game index)."""
    return [play_one(studies[number], number, index) for number, index in work]


# ---------------------------------------------------------------------------
# Spreading the games
# ---------------------------------------------------------------------------


def all_work(studies: Sequence[Study]) -> list[tuple[int, int]]:
    """Every game of every study, in order."""
    return list(_work(studies))


def _work(studies: Sequence[Study]) -> Iterator[tuple[int, int]]:
    """Every game of every study, in order, one at a time (a 100,000-game run makes no list of them)."""
    return ((number, index) for number, study in enumerate(studies) for index in range(study.games))


def _pieces(studies: Sequence[Study], workers: int) -> Iterator[list[tuple[int, int]]]:
    """`chunks(all_work(studies), workers)`, made as they are sent."""
    total = sum(study.games for study in studies)
    size = max(1, min(MAX_CHUNK, -(-total // max(1, 8 * workers))))
    work = _work(studies)
    while piece := list(islice(work, size)):
        yield piece


class InOrder:
    """Hands results to `sink` in the games' order, whatever order they come in.

    A worker's piece may finish before an earlier one: its results wait
    here (a few pieces at most) until the games before them are in, so that
    whatever is summed as results come (floating-point means included) is
    the same for any number of workers. `flush` hands over what is left
    (a run stopped early), in order.
    """

    def __init__(self, studies: Sequence[Study], sink: Callable[[GameResult], None]) -> None:
        self.sizes = [study.games for study in studies]
        self.sink = sink
        self.waiting: dict[tuple[int, int], GameResult] = {}
        self.next = self._after(0, -1)

    def _after(self, number: int, index: int) -> tuple[int, int]:
        """The game after game `index` of study `number`."""
        index += 1
        while number < len(self.sizes) and index >= self.sizes[number]:
            number, index = number + 1, 0
        return number, index

    def add(self, result: GameResult) -> None:
        """Take a result; hand over every result now in order."""
        self.waiting[(result.study, result.index)] = result
        while (ready := self.waiting.pop(self.next, None)) is not None:
            self.sink(ready)
            self.next = self._after(*self.next)

    def flush(self) -> None:
        """Hand over the results still waiting, in order (the games between them were not played)."""
        for key in sorted(self.waiting):
            self.sink(self.waiting.pop(key))


def chunks(work: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    """The work cut in pieces: about eight per worker, at most MAX_CHUNK games each."""
    size = max(1, min(MAX_CHUNK, -(-len(work) // max(1, 8 * workers))))
    return [work[start : start + size] for start in range(0, len(work), size)]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


@dataclass
class Run:
    """The results of a run, in the order of the games; `interrupted` when it was stopped early.

    `stopped_by` is the signal that stopped it (SIGINT for Ctrl-C, SIGTERM,
    SIGHUP), `lost` what is known of a worker process that ended on its
    own (killed from outside): the games finished are kept either way.
    """

    results: list[GameResult]
    interrupted: bool = False
    workers: int = 1
    backend: str = "local"
    stopped_by: int | None = None
    lost: str = ""
    #: The games whose results were handed over (kept, or given to `on_result`): what a summary counts.
    played: int = 0


Progress = Callable[[int], None]

#: The signals that stop a run of the `atout` command as Ctrl-C does: the
#: workers are ended, the games finished are kept (a hang-up: the terminal
#: was closed; SIGTERM: a `kill`, a job's time limit).
STOPPING_SIGNALS: tuple[int, ...] = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """A signal other than Ctrl-C stopped the run (raised by the handler `stopping_on` installs)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def held(signals: Collection[int]) -> Iterator[None]:
    """Ctrl-C and `signals` wait (blocked) while inside, and come on the way out."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    wanted = {signal.SIGINT, *signals}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class WorkerLost(AtoutError):
    """A worker process ended without being asked (killed from outside, out of memory); `signum`: the signal that killed it."""

    def __init__(self, message: str, signum: int | None = None) -> None:
        super().__init__(message)
        self.signum = signum


@contextmanager
def stopping_on(signals: Collection[int]) -> Iterator[None]:
    """While inside, each of `signals` raises `Stopped` once, as Ctrl-C raises KeyboardInterrupt.

    A signal whose handling is not the default (ignored under `nohup`, or
    handled by the program that called the run) is left alone, and so is
    every signal outside the main thread, where Python cannot handle them.
    A second signal while the run is being stopped is not raised again, so
    that the stopping (ending the workers) is not cut short. The handlers
    are put back on the way out.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    raised: list[int] = []

    def handler(signum: int, frame: Any) -> None:
        if not raised:
            raised.append(signum)
            raise Stopped(signum)

    previous = {}
    for signum in signals:
        if signal.getsignal(signum) == signal.SIG_DFL:
            previous[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)


def run(
    studies: Sequence[Study],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    signals: Collection[int] = (),
    on_result: Callable[[GameResult], None] | None = None,
    keep: bool = True,
) -> Run:
    """Play every game of the studies; `progress(n)` sees each batch of n finished games.

    `on_result` sees each result in the games' order as soon as the games
    before it are in (see `InOrder`); with `keep=False` the run keeps no
    result itself (`Run.results` is empty), so that its memory does not
    grow with the number of games.

    Ctrl-C stops the run, and so does any of `signals` (the `atout`
    command's: `STOPPING_SIGNALS`): the workers are ended at once, the games
    finished so far are kept, and the run says it was interrupted and by
    what. A worker that dies on its own ends the run the same way. The
    results are sorted in the games' order, so they do not depend on the
    number of workers or the backend.
    """
    studies = list(studies)
    results: list[GameResult] = []
    ordered = InOrder(studies, on_result) if on_result is not None else None
    handed = 0
    interrupted = False
    stopped_by: int | None = None
    lost = ""
    pieces: Iterator[list[GameResult]] | None = None
    try:  # a signal may come as the last games are in: caught out here, once its handler is put back
        with stopping_on(signals):
            try:
                if backend == "ray":
                    pieces = _run_ray(studies, list(_pieces(studies, max(1, workers))), workers, address)
                elif workers <= 1:
                    pieces = ([play_one(studies[n], n, i)] for n, i in _work(studies))
                else:
                    pieces = _run_pool(studies, _pieces(studies, workers), workers)
                for piece in pieces:
                    with held(signals):  # a piece is taken whole or not at all: the count said is the count summed
                        if keep:
                            results.extend(piece)
                        if ordered is not None:
                            for result in piece:
                                ordered.add(result)
                        handed += len(piece)
                        if progress is not None:
                            progress(len(piece))
            finally:
                close = getattr(pieces, "close", None)
                if close is not None:  # the workers stop now, not when the generator is collected
                    close()
    except Stopped as stop:
        interrupted, stopped_by = True, stop.signum
    except KeyboardInterrupt:
        interrupted, stopped_by = True, signal.SIGINT
    except WorkerLost as error:
        # SIGTERM or SIGHUP sent to the whole process group (a closed terminal) may reach a worker first
        interrupted, lost = True, str(error)
        stopped_by = error.signum if error.signum in signals else None
    if ordered is not None:
        ordered.flush()
    results.sort(key=lambda result: (result.study, result.index))
    return Run(results, interrupted, workers, backend, stopped_by, lost, handed)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the run and keeps what is done.

    SIGTERM and SIGHUP end a worker at once (their default): a handler the
    main process had when it started the worker is not the worker's.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOPPING_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # a forked worker starts with the signals its parent held while starting it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, *STOPPING_SIGNALS})


def _end_with_parent() -> None:
    """End this worker as soon as the main process is gone, whatever the worker is doing.

    A thread waits on the parent's sentinel (which becomes ready when the
    parent ends, however it ended: even SIGKILL), then ends the process. A
    worker playing a long piece would otherwise play it to the end.
    """
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - a worker always has its parent
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="atout-parent-watch", daemon=True).start()


def _worker(connection: Connection, studies: list[Study], inherited: Sequence[Connection] = ()) -> None:
    """A worker process: plays each piece it is sent and sends back its results, until None (or its parent is gone).

    `inherited` are the main process's ends of the workers' pipes, copied
    into this one when it was forked: closed at once, so that the pipe
    reads end of file when the main process closes its end or ends.
    """
    _quiet_worker()
    for other in inherited:
        other.close()
    _end_with_parent()
    try:
        while (piece := connection.recv()) is not None:
            connection.send(play_chunk(studies, piece))
    except (EOFError, OSError):  # the main process is gone, or stopped the run
        pass


def _run_pool(studies: list[Study], pieces: Iterator[list[tuple[int, int]]], workers: int) -> Iterator[list[GameResult]]:
    """The pieces played by worker processes, yielded as they finish.

    Each worker has a pipe of its own: it is sent a piece, sends back the
    piece's results, and is sent the next one (the pieces go to whichever
    worker is free). No lock is shared, so when the run stops early (Ctrl-C
    in the main process) the workers are killed at once, whatever they were
    doing: the pieces they were playing are not finished, and nothing waits
    for them. (A process pool's shutdown or terminate waited, or could hang
    on a queue's lock held by a worker it had just killed.)
    """
    context = multiprocessing.get_context()
    forked = context.get_start_method() == "fork"
    queue = iter(pieces)
    first = list(islice(queue, max(1, workers)))
    processes: list[Any] = []
    connections: list[Connection] = []
    with _signals_held():  # a stop in the middle would leave a worker unowned
        for _ in range(len(first)):
            mine, theirs = context.Pipe()
            inherited = [*connections, mine] if forked else []  # a forked worker gets a copy of these: it closes them
            process = context.Process(target=_worker, args=(theirs, studies, inherited), daemon=True)
            process.start()
            theirs.close()
            processes.append(process)
            connections.append(mine)
    queue = chain(first, queue)
    busy: list[Connection] = []

    def send(connection: Connection, piece: list[tuple[int, int]] | None) -> None:
        """Send a worker its next piece (None: no more); a worker gone with work to do stops the run."""
        try:
            connection.send(piece)
        except OSError:
            if piece is not None:
                raise _lost(processes[connections.index(connection)]) from None
        if piece is None and connection in busy:
            busy.remove(connection)
        elif piece is not None and connection not in busy:
            busy.append(connection)

    try:
        for connection in connections:
            send(connection, next(queue, None))
        while busy:
            for ready in wait(busy):
                assert isinstance(ready, Connection)
                try:
                    results = ready.recv()
                except (EOFError, OSError):
                    raise _lost(processes[connections.index(ready)]) from None
                send(ready, next(queue, None))
                yield results
    finally:
        with _signals_held():  # a signal now is raised once every worker is ended
            for process in processes:
                if process.is_alive() and busy:
                    process.kill()
            for process in processes:
                process.join(timeout=5)
            for connection in connections:
                connection.close()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and the stopping signals wait while inside (blocked, then delivered): what they would cut short is done whole."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *STOPPING_SIGNALS})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _lost(process: Any) -> WorkerLost:
    """The error telling how a worker process that stopped answering ended: its signal or exit code."""
    process.join(timeout=1)
    code = process.exitcode
    if code is None:
        return WorkerLost("a worker process stopped answering")
    if code < 0:
        try:
            return WorkerLost(f"a worker process was killed by {signal.Signals(-code).name}", -code)
        except ValueError:
            return WorkerLost(f"a worker process was killed by signal {-code}", -code)
    return WorkerLost(f"a worker process ended with exit code {code}")


def _run_ray(studies: list[Study], pieces: list[list[tuple[int, int]]], workers: int, address: str | None) -> Iterator[list[GameResult]]:
    """The pieces played as Ray tasks (on a local runtime, or the cluster at `address`: see `cluster.py`)."""
    return run_ray(play_chunk, studies, pieces, workers, address)
