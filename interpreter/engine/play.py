"""Playing games: the one loop that asks players and chance, and matches.

`play_game` answers the state's decisions until the game is over: chance by
a seeded sampler, each seat by its player (a bot, a person, anything with
`choose`), which is given the seat's `View`, never the state (`players.py`). It can write a record and report every event as it happens.
The balance lab (`lab/`) plays many games with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from atout.interpreter.fastpaths import FAST

from .agenda import AgendaState, TurnWatch
from .decision import Decision, seat_name
from .players import Abandoned, ChanceSampler, Player, TakeBack, View
from .record import RecordWriter
from .state import Event, Game, Outcome, State, ended

if TYPE_CHECKING:  # for the annotations only: the registry and the files import this module
    from .loading import GameFiles
    from .registry import GameEngine


def seeded(seed: int, who: str) -> int:
    """A seed of its own for each user of randomness (chance, each bot), from the game's seed."""
    return random.Random(f"atout:{seed}:{who}").getrandbits(48)


@dataclass
class Played:
    """A finished game: its final state, how many decisions it took, how many turns were played.

    `turns` is the turn of the last decision answered: a game that ends as
    a new turn begins (a draw by repetition, a turn limit) does not count
    that turn, which nobody played.
    """

    state: State[Any]
    actions: int
    turns: int = 0

    @property
    def outcome(self) -> Outcome:
        """How the game ended (a played game is over, so it has an outcome)."""
        return ended(self.state)


def play_game(
    game: Game,
    players: list[Player],
    seed: int,
    writer: RecordWriter | None = None,
    on_event: Callable[[Event], None] | None = None,
    on_decision: Callable[[State[Any], Decision, int], None] | None = None,
    on_start: Callable[[State[Any]], None] | None = None,
    match: int | None = None,
    on_take_back: Callable[[State[Any], int, str], None] | None = None,
    on_turn: Callable[[State[Any]], None] | None = None,
    ledger: list[tuple[int, str, str, int]] | None = None,
) -> Played:
    """Play one game to its end; chance draws from `seed`.

    `on_start` sees the new state before anything is asked (a person's prompt
    shows it); `on_event` sees every event; `on_decision` every answer.
    `match` is the game's number in a match, for its record's header.

    A player who leaves (`Abandoned`) or an interruption (Ctrl-C) ends the
    record with an `abandoned` line naming the decision that was waiting, and
    goes on up to the caller.

    With `on_take_back`, a player may take back their last decision
    (`TakeBack`): the game is played again from its start with the same
    answers (chance draws again from the seed: the same draws), up to that
    decision, which is asked again; the record is rewound to it.
    `on_take_back(state, kept, message)` is told what happened: the state
    gone back to, how many answers were kept (or why nothing could be taken
    back: the same decision is then asked again, and `kept` is every answer). Without
    `on_take_back`, `TakeBack` goes on to the caller.

    `on_turn` sees the state at the first decision of each turn, before it
    is answered (chance's included, even when chance is drawn inside the
    state).
    `ledger`: a list the game appends the cards it shows held or played to
    (`State.ledger`), the balance lab's: the game is as quiet as one
    nobody watches (no event is made for the lab).
    """
    chance = ChanceSampler(seeded(seed, "chance"))
    state = game.new_state()
    # Nobody reads the events of a game played without a record, a listener or a person's prompt: none is kept.
    quiet = writer is None and on_event is None and on_start is None and on_take_back is None
    state.quiet = quiet
    if ledger is not None:  # the balance lab's, kept by the game where it shows a card (`State.ledger`)
        state.ledger = ledger
    if on_start is not None:
        on_start(state)
    start = state.start_events()
    if writer is not None:
        writer.header(game, [player_name(p) for p in players], seed, match)
        writer.start(start)
    if on_event is not None:
        for event in start:
            on_event(event)
    actions = turns = 0
    # Nobody watches: chance's decisions, and those of the players who read nothing but the decision (the random
    # bot's `choose_blind`), are answered inside the state (the same answers, in the same order).
    watch = TurnWatch(on_turn) if on_turn is not None else None
    inside = None
    if FAST and quiet and on_decision is None and isinstance(state, AgendaState):
        inside = state.answer_inside(
            chance.choose,
            watch,
            chance.pick,
            [getattr(player, "choose_blind", None) for player in players],
            [getattr(player, "choose_among", None) for player in players],
        )
    views = [View(state, seat) for seat in range(len(players))]
    #: For taking back: each answer, who gave it, its turn, and where the record was before it.
    history: list[tuple[int, int, int, tuple[int, int] | None]] = []
    marks = writer is not None and on_take_back is not None
    while (decision := state.decision()) is not None:
        turn = state.turn
        if watch is not None and turn != watch.turn:  # the turn's first decision (as `AgendaState._run` tells it of chance's)
            watch.turn = turn
            watch.call(state)
        try:
            seat = decision.player
            if seat < 0:  # chance
                index = chance.choose(decision)
            else:
                index = players[seat].choose(decision, views[seat])
            if on_decision is not None:
                on_decision(state, decision, index)
            mark = writer.mark() if marks else None  # type: ignore[union-attr]
            events = state.apply(index)
        except TakeBack:
            if on_take_back is None:
                raise
            back, message = _taken_back(history, decision.player, writer)
            if back is None:
                on_take_back(state, len(history), message)
                continue
            chance = ChanceSampler(seeded(seed, "chance"))
            state = game.new_state()
            state.quiet = quiet
            for answer, _, _, _ in history[:back]:
                position = state.decision()
                assert position is not None, "an answer taken back was given in the same game"
                if position.is_chance:
                    chance.choose(position)
                state.apply(answer)
            del history[back:]
            actions = back
            turns = history[-1][2] if history else 0
            views = [View(state, seat) for seat in range(len(players))]
            if on_start is not None:
                on_start(state)
            on_take_back(state, back, message)
            continue
        except (Abandoned, KeyboardInterrupt) as left:
            if writer is not None:
                reason = str(left) if isinstance(left, Abandoned) and str(left) else "the game was interrupted"
                writer.abandoned(turn, decision, reason)
            raise
        if on_take_back is not None:
            history.append((index, seat, turn, mark))
        actions += 1
        turns = turn
        if writer is not None:
            writer.action(turn, decision, index, events)
        if on_event is not None:
            for event in events:
                on_event(event)
    if inside is not None and inside.answered:  # turns only go up: the last decision answered is of the highest turn
        actions += inside.answered
        turns = max(turns, inside.answered_turn)
    if writer is not None:
        writer.end(ended(state))
    return Played(state, actions, turns)


def _taken_back(history: list[tuple[int, int, int, tuple[int, int] | None]], seat: int, writer: RecordWriter | None) -> tuple[int | None, str]:
    """How many answers stay when `seat` takes back its last decision (the record rewound to it), and what to tell;
    None and the reason when it cannot be done."""
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][1] == seat), None)
    if last is None:
        return None, "there is no decision of yours to take back yet"
    mark = history[last][3]
    if writer is not None:
        if mark is None:
            return None, "a game whose record goes to standard output cannot be taken back"
        writer.rewind(mark)
    return last, f"{seat_name(seat)} takes back their decision of turn {history[last][2]}"


def player_name(player: Player) -> str:
    """How a record's header names a player: its `name`, else its class's name."""
    name = getattr(player, "name", None)
    return name if isinstance(name, str) and name else type(player).__name__


#: A match still undecided after this many games (draws) stops undecided.
MAX_MATCH_GAMES = 15


@dataclass
class MatchResult:
    """A match: each game played, and the winner of the match (None if undecided)."""

    games: list[Played] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None


def play_match(
    engine: GameEngine,
    files: GameFiles,
    setup: dict[str, Any],
    make_players: Callable[[int], list[Player]],
    seed: int,
    on_game: Callable[[int, Game, Played], None] | None = None,
    max_games: int = MAX_MATCH_GAMES,
    on_event_for: Callable[[Game], Callable[[Event], None]] | None = None,
    on_start: Callable[[State[Any]], None] | None = None,
    writer: RecordWriter | None = None,
) -> MatchResult:
    """Play games until a player has won `engine.games_to_win` of them.

    Game i of the match uses seed + i; the next game's setup comes from
    `engine.next_setup` (BattleFight: the loser of the last game starts).
    A match that has not found a winner after `max_games` games (draws) stops
    undecided. With a `writer`, every game is recorded, one after another in
    the same record, each header with its number in the match.
    """
    result = MatchResult()
    for number in range(max_games):
        game = engine.build(files, setup)
        needed = engine.games_to_win(game)
        on_event = on_event_for(game) if on_event_for is not None else None
        played = play_game(
            game,
            make_players(seed + number),
            seed + number,
            writer=writer,
            on_event=on_event,
            on_start=on_start,
            match=number + 1,
        )
        result.games.append(played)
        outcome = played.outcome
        if outcome.winner is not None:
            result.wins[outcome.winner] += 1
        if on_game is not None:
            on_game(number + 1, game, played)
        if max(result.wins) >= needed:
            result.winner = result.wins.index(max(result.wins))
            break
        if engine.next_setup is not None:
            setup = engine.next_setup(setup, outcome)
    return result
