"""atout's Python API, for designers who analyse games in a notebook.

    from atout.interpreter import load_game, play, replay, simulate, validate

    game = load_game("battlefight", deck=["le-renard", "la-forteresse"])
    played = play(game, ["heuristic", "random"], seed=3, record="game.jsonl")
    print(played.outcome, played.turns, played.actions)
    print(played.commentary)                         # the game as text

    for step in replay("game.jsonl"):                # checked action by action
        print(step.decision.kind, step.label, step.state.describe())

    study = simulate(game, games=200, seed=0)       # a mirror of heuristic bots
    print(study.side_score(0).text(), study.draws.text(), study.cards()[0].name)
    rows = study.rows()                              # one dict per game: pandas.DataFrame(rows)
    study.save("study.json")                         # what `atout simulate --format json` prints
    print("\n".join(diff(study, "older.json").lines()))  # what changed, as `atout diff-report`

    result = validate(["cards/"])                   # the same checks as `atout validate`
    for diagnostic in result.diagnostics:
        print(diagnostic.render())

`load_game`'s keyword arguments are the game's setup options, as its engine
declares them (`find_engine(name).options`, the command line's `--deck`,
`--boxer`, …); one the game does not have, or a value it does not allow,
raises `OptionError` naming the nearest valid one. `play_match` plays a
match; `play` and `play_match` take players by bot name or any object with
`choose(decision, view)` (the CLI's person at the terminal is one).

Every function raises `DiagnosticError` (with `.diagnostics`) when a card,
deck or rules file is invalid, `RecordError` for a record that cannot be
read, `RecordWriteError` for one that cannot be written, `FilesError` for a
record whose shipped files differ from this atout's, and `Divergence`
where a record and its replay part ways (`Unfinished`, a `Divergence`, for
a record that stops before its game ends). Each of them, and every other error
atout raises for what it was given, is an `AtoutError`: `except AtoutError`
catches them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .engine.decision import Decision
from .engine.loading import GameFiles, load_files
from .engine.mcts import NAME as SEARCH_BOT, BudgetError, can_search, is_search_bot, search_bot
from .engine.options import OptionError, check_options
from .engine.play import MatchResult, Played, play_game, seeded
from .engine.play import play_match as play_match_games
from .engine.players import Player
from .engine.record import RecordFile, RecordWriteError, read_records  # noqa: F401 - RecordWriteError is part of the API
from .engine.registry import GameEngine, find_engine
from .engine.replay import replay_match
from .engine.sources import FilesError, files_for  # noqa: F401 - FilesError is part of the API
from .engine.state import Event, Game, Outcome, State
from .errors import AtoutError
from .language.diagnostics import shorten
from .language.project import Validation
from .language.project import validate as validate_paths

from .lab.summary import Summary

if TYPE_CHECKING:
    from .lab.diff import Diff, Saved
    from .lab.tournament_diff import SavedTournament, TournamentDiff

__all__ = [
    "AtoutError",
    "LoadedGame",
    "OptionError",
    "PlayedGame",
    "ReplayStep",
    "StudyResult",
    "diff",
    "load_game",
    "play",
    "play_match",
    "replay",
    "simulate",
    "validate",
]


@dataclass
class LoadedGame:
    """A game ready to play: its engine, its validated files, its setup and rules."""

    engine: GameEngine
    files: GameFiles
    setup: dict[str, Any]
    game: Game


def load_game(name: str, cards: str | Path | None = None, **options: Any) -> LoadedGame:
    """Load a game by its name with its cards (the shipped ones by default).

    `options` are the game's setup options, as its engine declares them
    (`find_engine(name).options`; the same as the command line's): for
    BattleFight `deck=["le-renard", "la-forteresse"]`, for Duel pour Cardia
    `deck="II", lieu=..., protecteurs=True`; every game has `rules`. A value
    of None is the same as leaving the option out. Raises `OptionError` for
    an option the game does not have or a value it does not allow (with the
    nearest valid one).
    """
    engine = find_engine(name)
    files = load_files(engine.language, [cards] if cards else None)
    given = {key: value for key, value in options.items() if value is not None and value != () and value != []}
    checked = check_options(engine.options, files, given, engine.name)
    setup = engine.setup_from_options(files, checked)
    return LoadedGame(engine, files, setup, engine.build(files, setup))


@dataclass
class PlayedGame:
    """A finished game: its final state, its events and its commentary."""

    state: State
    events: list[Event]
    actions: int
    commentary: str

    @property
    def outcome(self) -> Outcome:
        """Who won, and why."""
        outcome = self.state.outcome()
        assert outcome is not None, "a played game is over"
        return outcome

    #: How many turns were played (a turn the game ended at the start of is not counted).
    turns: int = 0


def bot_maker(engine: GameEngine, game: Game, name: str) -> Callable[[int], Player]:
    """The maker (from a seed) of the bot `name`: one of the game's own, or `mcts[:BUDGET]` for a game that can be searched.

    Raises `OptionError` for a name the game has no bot for, or a bad budget
    (saying the accepted forms).
    """
    if name in engine.bots:
        return engine.bots[name]
    if is_search_bot(name):
        if not can_search(game):
            raise OptionError("players", f"{engine.name} cannot be searched by {SEARCH_BOT}: its states cannot be copied")
        try:
            return search_bot(name, engine.bots.get("heuristic"))
        except BudgetError as error:
            raise OptionError("players", str(error)) from None
    raise OptionError("players", f'{engine.name} has no bot "{shorten(name)}"; its bots are {", ".join(bot_names(engine, game))}')


def bot_names(engine: GameEngine, game: Game) -> list[str]:
    """The names of the bots a game can be played by: its own, and `mcts` if it can be searched."""
    return [*engine.bots, *([SEARCH_BOT] if SEARCH_BOT not in engine.bots and can_search(game) else [])]


def make_players(loaded: LoadedGame, players: Sequence[str | Player], seed: int) -> list[Player]:
    """Each seat's player: a bot by its name (seeded from `seed`; see `bot_maker`), or the object given."""
    return [bot_maker(loaded.engine, loaded.game, player)(seeded(seed, f"P{seat + 1}")) if isinstance(player, str) else player for seat, player in enumerate(players)]


def _open_record(record: str | Path | IO[str] | None, files: GameFiles) -> RecordFile | None:
    return RecordFile(record, files) if record is not None and record != "" else None


def _close_record(recording: RecordFile | None, error: BaseException | None) -> None:
    """Put the record at its path (also when the game was abandoned), or drop it after an error."""
    if recording is not None:
        recording.__exit__(type(error) if error is not None else None, error, None)


def play(
    loaded: LoadedGame,
    players: Sequence[str | Player] = ("random", "random"),
    seed: int = 0,
    record: str | Path | IO[str] | None = None,
    on_event: Callable[[Event], None] | None = None,
    on_start: Callable[[State], None] | None = None,
    on_take_back: Callable[[State, int, str], None] | None = None,
) -> PlayedGame:
    """Play one game between bots (by name) or any objects with `choose(decision, view)`.

    An object's record name is its `name` if it has one, else its class's
    name. The record is written beside `record` and put there when the game
    is over, or abandoned (`Abandoned`, Ctrl-C: the record ends with an
    "abandoned" line, and the exception goes on); `RecordWriteError` if it
    cannot be written. `on_start` sees the new state, `on_event` each event
    as it happens. With `on_take_back`, a player may take back a decision
    (`TakeBack`, see `engine.play.play_game`); the events kept are then
    those of the game as it stands.
    """
    events: list[Event] = []
    #: How many events there were before each answer, to drop those of answers taken back.
    before: list[int] = []

    def seen(event: Event) -> None:
        events.append(event)
        if on_event is not None:
            on_event(event)

    def answered(state: State, decision: Decision, index: int) -> None:
        before.append(len(events))

    def taken_back(state: State, kept: int, message: str) -> None:
        if kept < len(before):
            del events[before[kept] :]
            del before[kept:]
        if on_take_back is not None:
            on_take_back(state, kept, message)

    recording = _open_record(record, loaded.files)
    try:
        played = play_game(
            loaded.game,
            make_players(loaded, players, seed),
            seed,
            writer=recording.writer if recording else None,
            on_event=seen,
            on_start=on_start,
            on_decision=answered,
            on_take_back=taken_back if on_take_back is not None else None,
        )
    except BaseException as error:
        _close_record(recording, error)
        raise
    _close_record(recording, None)
    text = "\n".join(loaded.game.render(event) for event in events)
    return PlayedGame(played.state, events, played.actions, text, played.turns)


def play_match(
    loaded: LoadedGame,
    players: Sequence[str | Player] = ("random", "random"),
    seed: int = 0,
    record: str | Path | IO[str] | None = None,
    on_game: Callable[[int, Game, Played], None] | None = None,
    on_event_for: Callable[[Game], Callable[[Event], None]] | None = None,
    on_start: Callable[[State], None] | None = None,
) -> MatchResult:
    """Play a match: games until a player has won the number the rules say.

    Game i uses seed + i (bots are seeded from it); every game goes in the
    same record. `on_game(number, game, played)` sees each finished game,
    `on_event_for(game)` gives the event callback of each game.
    """
    recording = _open_record(record, loaded.files)
    try:
        result = play_match_games(
            loaded.engine,
            loaded.files,
            loaded.setup,
            lambda game_seed: make_players(loaded, players, game_seed),
            seed,
            on_game=on_game,
            on_event_for=on_event_for,
            on_start=on_start,
            writer=recording.writer if recording else None,
        )
    except BaseException as error:
        _close_record(recording, error)
        raise
    _close_record(recording, None)
    return result


def simulate(
    loaded: LoadedGame,
    players: Sequence[str] = ("heuristic", "heuristic"),
    games: int = 100,
    seed: int = 0,
    swap: bool = True,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    keep_games: bool = True,
) -> StudyResult:
    """Play `games` games between two bots (side A: `players[0]` with P1's setup) and give the lab's figures.

    By default both sides are played by the heuristic bot (a mirror study,
    as `atout simulate` plays): its card figures are about the cards, not
    the bots; `players=["heuristic", "random"]` sets two bots against each
    other, and one name plays both sides. With `swap`, the sides change
    seats every other game, the two games of a pair sharing a seed.
    `workers` processes (or a Ray cluster, with `backend="ray"` and its
    `address`) play them; the figures are the same for any number.
    `progress(n)` sees each batch of n finished games. A bot the game does
    not have raises `OptionError`, naming its bots.

    The result is the study's `Summary` (`side_wins(0)`, `draws`,
    `seat_one`, `cards()`, `quality()`, `as_json()`…: see `lab/summary.py`)
    with what a notebook keeps and compares: `rows()` (one dict per game,
    the columns of `atout simulate --csv`), `document()` and `save(path)`
    (the JSON of `atout simulate --format json`, which `atout diff-report`
    reads), and `diff(other)`. With `keep_games=False` the games' results
    are not kept (`rows()` is then empty) and memory does not grow with
    their number.
    """
    from .lab.run import run, study_of
    from .lab.summary import Tally

    names = [players] if isinstance(players, str) else list(players)
    if len(names) not in (1, 2):
        raise OptionError("players", f"simulate takes one bot (for both sides) or two, not {len(names)}")
    pair = (names[0], names[-1])
    for name in dict.fromkeys(pair):
        bot_maker(loaded.engine, loaded.game, name)  # an unknown bot or a bad budget: OptionError, naming the bots
    study = study_of(loaded, pair, games, seed, swap)
    tally = Tally(study, keep=keep_games)
    finished = run([study], workers, backend, address, progress, on_result=tally.add, keep=False)
    return StudyResult(study, tally.results, finished.interrupted, tally)


class StudyResult(Summary):
    """A study's figures (a lab `Summary`), with what a notebook keeps and compares."""

    def rows(self) -> list[dict[str, Any]]:
        """One dict per game, the columns of `atout simulate --csv` (empty when the games were not kept)."""
        from .lab.report import game_row

        return [game_row(self, result) for result in self.results]

    def document(self) -> dict[str, Any]:
        """What `atout simulate --format json` prints for this study (schema: docs/lab-schema.json)."""
        from .lab.report import json_document

        return json_document([self])

    def save(self, path: str | Path) -> None:
        """Write `document()` to `path` (whole or not at all): `atout diff-report` and `diff` read it."""
        import json

        from .files import write_text

        write_text(path, json.dumps(self.document(), ensure_ascii=False, indent=2) + "\n")

    def diff(self, other: StudyResult | str | Path) -> Diff:
        """This study (A) against `other` (B: a `StudyResult` or a saved study), as `atout diff-report` compares them."""
        from .lab.tournament_diff import TournamentDiff

        found = diff(self, other)
        assert not isinstance(found, TournamentDiff)  # this one is a study: a tournament is refused
        return found


def diff(a: StudyResult | str | Path, b: StudyResult | str | Path) -> Diff | TournamentDiff:
    """Two studies, or two saved tournaments, compared, B − A, with unpaired intervals, as `atout diff-report A.json B.json` does.

    Each is a `StudyResult` or the path of a saved result (`save`, `atout
    simulate --format json`, or `atout tournament --format json`). Raises
    `ResultError` (an `AtoutError`) for a file that is no such result, for
    two games, and for a study against a tournament. A `Diff` (two studies)
    has `overall`, `cards`, `notes`, `verdicts()`, `lines()` (the text) and
    `as_json()`; a `TournamentDiff` has `matchups`, `overall` and `ratings`
    in their place.
    """
    from .lab.tournament_diff import compare_any

    return compare_any(_saved(a, "A"), _saved(b, "B"))


def _saved(found: StudyResult | str | Path, label: str) -> Saved | SavedTournament:
    """A result to compare: a saved file read (`ResultError` when it is not one), or a study in memory."""
    from .lab import diff as diffing
    from .lab.tournament_diff import read_any

    if isinstance(found, (str, Path)):
        return read_any(Path(found))
    return diffing.Saved(Path(label), f"{label} (in memory)", found.document()["studies"][0])


@dataclass
class ReplayStep:
    """One replayed action: the decision, the answer's label, its events, the state after it."""

    decision: Any
    label: str
    events: list[Event]
    state: State


def replay(record: str | Path, cards: str | Path | None = None, unfinished: bool = False) -> Iterator[ReplayStep]:
    """Replay a record action by action, checking each; raises `Divergence` at the first difference.

    The files are those the record carries (its designer's files, and
    atout's shipped files whose digests it gives), or the folder `cards`.
    A match's record is replayed game after game. With `unfinished`, a
    record that stops before its game ends is accepted. Raises `FilesError`
    when a shipped file the record names differs from this atout's.
    """
    parsed = read_records(record)
    engine = find_engine(parsed[0].game)
    files = files_for(parsed, engine, cards)
    for _, _, _, step in replay_match(parsed, engine, files, unfinished=unfinished):
        if step is not None:
            yield ReplayStep(step.decision, step.decision.options[step.index].label, step.events, step.state)


def validate(paths: Sequence[str | Path]) -> Validation:
    """Check card, deck, collection and rules files, as `atout validate` does."""
    from .language.registry import languages

    return validate_paths(paths, languages())
