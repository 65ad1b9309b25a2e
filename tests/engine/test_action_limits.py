"""Every valid set of files gives games that end: the bounds on actions, the same in every registered game.

A rules file may set the bounds (`Actions au plus par partie`, `Actions per
turn at most`…); these tests set small ones, so that a game reaches them in a
few dozen actions, and check the outcome, the event, the commentary and the
replay of the record.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.limits import DEFAULT_ACTIONS_PER_GAME, DEFAULT_ACTIONS_PER_TURN
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter
from atout.interpreter.engine.replay import Divergence
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.language.project import RULES_STEMS


def _main_rules(name: str) -> tuple[Path, str, tuple[str, str]]:
    """A registered game's shipped folder, its main rules file's name, and the bounds' names in its language."""
    language = LANGUAGES[name]
    folder = Path(language.shipped) if language.shipped is not None else CARDS_DIR / name
    rules = next(path.name for path in sorted(folder.glob("*.atout")) if path.stem in RULES_STEMS)
    fields = language.rules_model.model_fields
    return folder, rules, (fields["actions_per_game"].alias, fields["actions_per_turn"].alias)


#: Every registered game (the tests' own too): its folder, main rules file and the bounds' names.
RULES = {name: _main_rules(name) for name in sorted(ENGINES)}


def with_rules(text: str, values: dict[str, object]) -> str:
    """A rules file's text with these parameters set: the line replaced, or added at the end."""
    for name, value in values.items():
        line = re.compile(rf"^{re.escape(name)}\s*:.*$", re.MULTILINE)
        if line.search(text):
            text = line.sub(f"{name} : {value}", text)
        else:
            text = text.rstrip("\n") + f"\n{name} : {value}\n"
    return text


def game_files(tmp_path, game: str, values: dict[str, object]):
    """The shipped files of `game`, copied, with these rules parameters; loaded and validated."""
    folder = tmp_path / game
    shutil.copytree(RULES[game][0], folder)
    rules = folder / RULES[game][1]
    rules.write_text(with_rules(rules.read_text(encoding="utf-8"), values), encoding="utf-8")
    return load_files(LANGUAGES[game], [folder])


def recorded_game(game_name: str, files, seed: int = 1, bots=("random", "random")):
    """Play one game between bots, recording it; (played, record lines, every event)."""
    engine = ENGINES[game_name]
    game = engine.build(files, engine.setup_from_options(files, {}))
    players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
    stream = io.StringIO()
    events: list[dict] = []
    played = play_game(game, players, seed, writer=RecordWriter(stream), on_event=events.append)
    return played, stream.getvalue().splitlines(), events


@pytest.mark.parametrize("game_name", sorted(RULES))
def test_a_game_stops_at_the_bound_on_actions_per_game_and_replays_to_the_same_end(tmp_path, game_name, replay_lines):
    per_game = RULES[game_name][2][0]
    # 30, or half the actions of the same game without a bound for a game shorter than 60 actions
    unbounded, _, _ = recorded_game(game_name, game_files(tmp_path / "unbounded", game_name, {}))
    bound = min(30, unbounded.actions // 2)
    files = game_files(tmp_path, game_name, {per_game: bound})
    played, lines, events = recorded_game(game_name, files)
    outcome = played.state.outcome()
    assert outcome.winner is None
    assert f"the limit of {bound} actions per game is reached ({per_game})" in outcome.reason
    limit = next(e for e in events if e["e"] == "action_limit")
    assert limit == {"e": "action_limit", "limit": "game", "actions": bound, "parameter": per_game}
    assert events[-1]["e"] == "end" and events.index(limit) == len(events) - 2
    # the outcome names the way the game ended (its code) and the bound's facts
    assert outcome.code == "action_limit"
    assert {key: outcome.facts[key] for key in ("limit", "actions", "parameter")} == {"limit": "game", "actions": bound, "parameter": per_game}
    assert played.state._actions.actions == bound
    replay_lines(lines, ENGINES[game_name], files)
    # the replay does check the outcome: another one is a divergence
    tampered = lines[:-1] + [lines[-1].replace(f'"actions":{bound}', f'"actions":{bound + 1}')]
    assert tampered[-1] != lines[-1]
    with pytest.raises(Divergence, match="expected the outcome"):
        replay_lines(tampered, ENGINES[game_name], files)


@pytest.mark.parametrize("game_name", sorted(RULES))
def test_a_game_stops_at_the_bound_on_actions_per_turn(tmp_path, game_name, play_commentary, replay_lines):
    per_turn = RULES[game_name][2][1]
    files = game_files(tmp_path, game_name, {per_turn: 4})
    engine = ENGINES[game_name]
    game = engine.build(files, engine.setup_from_options(files, {}))
    played, text = play_commentary(game, 1, ["random", "random"], game_name)
    reason = f"the limit of 4 actions per turn is reached ({per_turn})"
    assert played.state.outcome().winner is None and reason in played.state.outcome().reason
    assert f"The game stops: {reason}" in text
    assert reason in text.rstrip().splitlines()[-1]
    # reached in the setup (turn 0) or later, the record replays to the same end
    _, lines, _ = recorded_game(game_name, files)
    replay_lines(lines, engine, files)


@pytest.mark.parametrize("game_name", sorted(RULES))
def test_the_bounds_are_optional_with_their_default(tmp_path, game_name):
    per_game, per_turn = RULES[game_name][2]
    folder = tmp_path / game_name
    shutil.copytree(RULES[game_name][0], folder)
    rules = folder / RULES[game_name][1]
    text = rules.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith((per_game, per_turn))]
    rules.write_text("\n".join(kept) + "\n", encoding="utf-8")
    loaded = load_files(LANGUAGES[game_name], [folder]).rules()
    assert (loaded.actions_per_game, loaded.actions_per_turn) == (DEFAULT_ACTIONS_PER_GAME, DEFAULT_ACTIONS_PER_TURN)


@pytest.mark.parametrize("game_name", sorted(RULES))
def test_a_bound_below_1_is_refused_at_its_value(read, game_name):
    per_game = RULES[game_name][2][0]
    text = with_rules((RULES[game_name][0] / RULES[game_name][1]).read_text(encoding="utf-8"), {per_game: 0})
    document = read(text)
    line = text.splitlines().index(f"{per_game} : 0") + 1
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column) == ("E501", line, len(per_game) + 4)
    assert problem.message == f'{per_game} "0": must be 1 or more'


def test_a_copied_counter_counts_on_alike():
    """A copy of the counter (a copied state's) has every field of the original, and counts on its own."""
    from atout.interpreter.engine.limits import ActionCounter

    counter = ActionCounter(None)
    for turn in (1, 1, 2):
        counter.count(turn)
    copy = counter.copy()
    assert {name: getattr(copy, name) for name in ActionCounter.__slots__} == {name: getattr(counter, name) for name in ActionCounter.__slots__}
    copy.count(2)
    assert (copy.actions, copy.in_turn) == (4, 2)
    assert (counter.actions, counter.in_turn) == (3, 1)
