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
read, and `Divergence` where a record and its replay part ways.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine.loading import GameFiles, load_files
from .engine.play import Summary, play_game, seeded
from .engine.record import RecordWriter, read_record
from .engine.registry import GameEngine, find_engine
from .engine.replay import Replayed
from .engine.replay import replay as replay_record
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

    @property
    def turns(self) -> int:
        """How many turns it lasted."""
        return self.state.turn


def _players(loaded: LoadedGame, players: Sequence[Any], seed: int) -> list:
    return [
        loaded.engine.bots[player](seeded(seed, f"P{seat + 1}")) if isinstance(player, str) else player
        for seat, player in enumerate(players)
    ]


def play(loaded: LoadedGame, players: Sequence[Any] = ("random", "random"), seed: int = 0, record: str | Path | None = None) -> PlayedGame:
    """Play one game between bots (by name) or any objects with `choose(decision, view)`."""
    events: list[Event] = []
    stream = Path(record).open("w", encoding="utf-8") if record else None
    try:
        played = play_game(
            loaded.game, _players(loaded, players, seed), seed,
            writer=RecordWriter(stream) if stream else None, on_event=events.append,
        )
    finally:
        if stream:
            stream.close()
    text = "\n".join(loaded.game.render(event) for event in events)
    return PlayedGame(played.state, events, played.actions, text)


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


def replay(record: str | Path, cards: str | Path | None = None) -> Iterator[ReplayStep]:
    """Replay a record action by action, checking each; raises `Divergence` at the first difference."""
    parsed = read_record(record)
    engine = find_engine(parsed.game)
    files = load_files(engine.language, [cards] if cards else None)
    step: Replayed
    for step in replay_record(parsed, engine, files):
        yield ReplayStep(step.decision, step.decision.options[step.index].label, step.events, step.state)


def validate(paths: Sequence[str | Path]) -> Validation:
    """Check card, deck, collection and rules files, as `atout validate` does."""
    from .games import LANGUAGES

    return validate_paths(paths, LANGUAGES)
