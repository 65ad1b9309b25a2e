"""atout's Python API, for designers who analyse games in a notebook.

    from atout.interpreter import load_game, play, replay, simulate, validate

    game = load_game("battlefight", deck=["le-renard", "la-forteresse"])
    played = play(game, ["heuristic", "random"], seed=3, record="game.jsonl")
    print(played.outcome, played.turns, played.actions)
    print(played.commentary)                         # the game as text

    for step in replay("game.jsonl"):                # checked action by action
        print(step.decision.kind, step.label, step.state.describe())

    summary = simulate(game, ["heuristic", "random"], games=200, seed=0)
    print(summary.wins, summary.draws)

    result = validate(["cards/"])                   # the same checks as `atout validate`
    for diagnostic in result.diagnostics:
        print(diagnostic.render())

Every function raises `DiagnosticError` (with `.diagnostics`) when a card,
deck or rules file is invalid, `RecordError` for a record that cannot be
read, `RecordWriteError` for one that cannot be written, and `Divergence`
where a record and its replay part ways (`Unfinished`, a `Divergence`, for
a record that stops before its game ends).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine.loading import GameFiles, load_files
from .engine.play import Summary, play_game, seeded
from .engine.record import RecordFile, RecordWriteError, read_records  # noqa: F401 - RecordWriteError is part of the API
from .engine.registry import GameEngine, find_engine
from .engine.replay import replay_match
from .engine.state import Event, Game, Outcome, State
from .language.project import Validation
from .language.project import validate as validate_paths


@dataclass
class LoadedGame:
    """A game ready to play: its engine, its validated files, its setup and rules."""

    engine: GameEngine
    files: GameFiles
    setup: dict[str, Any]
    game: Game


def load_game(name: str, cards: str | Path | None = None, **options: Any) -> LoadedGame:
    """Load a game by its name with its cards (the shipped ones by default).

    `options` are the command line's: `deck` (a list, one per player),
    `rules` (a variant's rules file name), `collection`, `lieu`,
    `protecteurs`.
    """
    engine = find_engine(name)
    files = load_files(engine.language, [cards] if cards else None)
    defaults = {"deck": (), "rules": None, "collection": (), "lieu": None, "protecteurs": False}
    defaults.update({key: tuple(value) if isinstance(value, list) else value for key, value in options.items()})
    setup = engine.setup_from_options(files, defaults)
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
        return self.state.outcome()

    #: How many turns were played (a turn the game ended at the start of is not counted).
    turns: int = 0


def _players(loaded: LoadedGame, players: Sequence[Any], seed: int) -> list:
    return [
        loaded.engine.bots[player](seeded(seed, f"P{seat + 1}")) if isinstance(player, str) else player
        for seat, player in enumerate(players)
    ]


def play(loaded: LoadedGame, players: Sequence[Any] = ("random", "random"), seed: int = 0, record: str | Path | None = None) -> PlayedGame:
    """Play one game between bots (by name) or any objects with `choose(decision, view)`.

    An object's record name is its `name` if it has one, else its class's
    name. The record is written beside `record` and put there when the game
    is over (`RecordWriteError` if it cannot be written).
    """
    events: list[Event] = []
    recording = RecordFile(record) if record else None
    try:
        played = play_game(
            loaded.game, _players(loaded, players, seed), seed,
            writer=recording.writer if recording else None, on_event=events.append,
        )
    except BaseException as error:
        if recording:
            recording.__exit__(type(error), error, None)
        raise
    if recording:
        recording.commit()
    text = "\n".join(loaded.game.render(event) for event in events)
    return PlayedGame(played.state, events, played.actions, text, played.turns)


def simulate(loaded: LoadedGame, players: Sequence[str] = ("heuristic", "random"), games: int = 100, seed: int = 0) -> Summary:
    """Play `games` games (seeds seed, seed + 1, …) and sum them up."""
    summary = Summary()
    for game_seed in range(seed, seed + games):
        played = play_game(loaded.game, _players(loaded, players, game_seed), game_seed)
        summary.add(played, played.state.first_player)
    return summary


@dataclass
class ReplayStep:
    """One replayed action: the decision, the answer's label, its events, the state after it."""

    decision: Any
    label: str
    events: list[Event]
    state: State


def replay(record: str | Path, cards: str | Path | None = None, unfinished: bool = False) -> Iterator[ReplayStep]:
    """Replay a record action by action, checking each; raises `Divergence` at the first difference.

    A match's record is replayed game after game. With `unfinished`, a
    record that stops before its game ends is accepted.
    """
    parsed = read_records(record)
    engine = find_engine(parsed[0].game)
    files = load_files(engine.language, [cards] if cards else None)
    for _, _, _, step in replay_match(parsed, engine, files, unfinished=unfinished):
        if step is not None:
            yield ReplayStep(step.decision, step.decision.options[step.index].label, step.events, step.state)


def validate(paths: Sequence[str | Path]) -> Validation:
    """Check card, deck, collection and rules files, as `atout validate` does."""
    from .games import LANGUAGES

    return validate_paths(paths, LANGUAGES)
