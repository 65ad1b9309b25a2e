"""The hand-written reference engines play the very games atout plays.

Each seeded game is played twice, by atout (`play_game` with its random
bots) and by the reference engine, each with its own generators seeded from
the same seed. Every decision asked is compared: who decides, its kind, its
options' labels and weights (as atout's `Decision` shows them; the
reference's are named from its plain values), and the option chosen; then
the outcome, the decisions asked, the turns (rounds) and the final life
(score). The same holds under other setups and rules files: the shipped
decks and collections, the variants, and bounds small enough to be reached.
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.registry import find_engine
from atout.interpreter.games.battlefight.game import DeckChoice
from atout.interpreter.games.dragons.writing import STAT_NAMES
from benchmarks.reference import CHANCE, GameEnd
from benchmarks.reference.battlefight import NO_PUSH, OFF, STAY, BattleFightReference
from benchmarks.reference.dragons import DragonsReference

#: Seeded games compared per setup: every one for the default setups, fewer for the others.
GAMES = 200
FEW = 40


class TracedBattleFight(BattleFightReference):
    """The BattleFight reference, noting each decision asked as atout shows it."""

    def play(self, seed):
        self.trace = []
        return super().play(seed)

    def label(self, kind, value):
        if kind == "first_player":
            return f"P{value + 1}"
        if kind == "move":
            return "stay" if value == STAY else self.cell_names[value]
        if kind == "push":
            return {OFF: "off the board", NO_PUSH: "do not push"}.get(value) or self.cell_names[value]
        if kind == "destabilise":
            if value is None:
                return "none"
            return f"{self.names[value.tech]} #{value.uid} (P{value.owner + 1}, Stable {value.cost})"
        return self.names[value]  # a card or a technique

    def ask(self, player, kind, options):
        labels = tuple(self.label(kind, value) for value in options)
        index = super().ask(player, kind, options)
        if len(options) > 1:
            self.trace.append((player, kind, labels, (1,) * len(options), index))
        return index

    def draw(self, seat):
        pile = self.piles[seat]
        names = sorted(set(pile))
        before = list(pile)
        card = super().draw(seat)
        if len(names) > 1:
            labels = tuple(self.names[k] for k in names)
            self.trace.append((CHANCE, "draw", labels, tuple(before.count(k) for k in names), names.index(card)))
        return card


class TracedDragons(DragonsReference):
    """The dragons reference, noting each decision asked as atout shows it."""

    def play(self, seed):
        self.trace = []
        return super().play(seed)

    def hand_labels(self, hand):
        labels, previous, copy = [], None, 1
        for card in hand:
            name = self.card_names[card]
            copy = copy + 1 if name == previous else 1
            previous = name
            total = sum(self.now[card][i] for i in self.asked)
            labels.append(f"{name} #{copy} ({total})" if copy > 1 else f"{name} ({total})")
        return labels

    def ask(self, player, kind, options):
        if kind == "stat_count":
            labels = [str(k) for k in options]
        elif kind == "stats":
            labels = [" + ".join(STAT_NAMES[i] for i in stats) for stats in options]
        elif kind == "swap":
            labels = ["no swap"] + ["swap " + label for label in self.hand_labels(options[1:])]
        else:
            labels = self.hand_labels(options)
        index = super().ask(player, kind, options)
        if len(options) > 1:
            self.trace.append((player, kind, tuple(labels), (1,) * len(options), index))
        return index

    def draw(self, kind, cards, ranks):
        names = sorted(set(ranks))
        counts = tuple(ranks.count(rank) for rank in names)
        card = super().draw(kind, cards, ranks)
        if len(names) > 1:
            labels = tuple(self.card_names[rank] for rank in names)
            self.trace.append((CHANCE, kind, labels, counts, names.index(self.rank[card])))
        return card


def atout_game(game, seed):
    """atout's game from `seed` between random bots: (decisions asked as traced, played)."""
    engine = find_engine(game.name)
    trace = []

    def note(state, decision, index):
        options = decision.options
        labels, weights = tuple(o.label for o in options), tuple(o.weight for o in options)
        trace.append((decision.player, decision.kind, labels, weights, index))

    make = engine.bots["random"]
    played = play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_decision=note)
    return trace, played


def compare(game, reference, final, seeds):
    """Every seeded game the same in atout and in the reference; the outcomes' codes met."""
    codes = set()
    for seed in seeds:
        trace, played = atout_game(game, seed)
        result = reference.play(seed)
        for number, (theirs, ours) in enumerate(zip(trace, reference.trace)):
            assert ours == theirs, f"seed {seed}, decision {number + 1}: atout {theirs}, reference {ours}"
        assert len(reference.trace) == len(trace), f"seed {seed}"
        outcome = played.outcome
        expected = (outcome.winner, outcome.code, played.actions, played.turns, final(played.state))
        assert tuple(result) == expected, f"seed {seed}"
        codes.add(result.code)
    return codes


@pytest.fixture(scope="module")
def bf_files():
    return load_files(find_engine("battlefight").language)


@pytest.fixture(scope="module")
def dragons_files():
    return load_files(find_engine("dragons").language)


def bf_game(files, decks=("random", "random"), first_player=None, rules=None, **changes):
    """A BattleFight game of the shipped cards: decks by kind or shipped name, a rules file, rules changed."""
    choices = [DeckChoice(d) if d in ("random", "sealed") else DeckChoice.from_list(files.lists[d]) for d in decks]
    setup = {"decks": [c.as_json() for c in choices], "first_player": first_player, "rules": rules}
    game = find_engine("battlefight").build(files, setup)
    if changes:
        game.rules = game.rules.model_copy(update=changes)
    return game


def dragons_game(files, collections=("debutant", "debutant"), rules=None, **changes):
    """A duel of the shipped cards with shipped collections, a rules file, rules changed."""
    engine = find_engine("dragons")
    game = engine.build(files, engine.setup_from_options(files, {"collection": collections, "rules": rules}))
    if changes:
        game.rules = game.rules.model_copy(update=changes)
    return game


def bf_life(state):
    return tuple(seat.life for seat in state.seats)


def dragons_score(state):
    return tuple(state.score)


def test_battlefight_default_games_are_atouts(bf_files):
    """200 games with random decks, as `atout simulate battlefight` plays them (nearly all end by repetition)."""
    game = bf_game(bf_files)
    codes = compare(game, TracedBattleFight(game), bf_life, range(GAMES))
    assert "repetition" in codes


@pytest.mark.parametrize(
    "setup",
    [
        {"repetitions": 10},
        {"decks": ("la-forteresse", "le-renard"), "first_player": 1},
        {"decks": ("le-lutteur", "random"), "rules": "grand-plateau"},
        {"nested_techniques": 2, "repetitions": 10},
        {"turn_limit": 6},
        {"actions_per_game": 60},
        {"actions_per_turn": 3},
    ],
    ids=[
        "long-games",
        "shipped-decks",
        "big-board",
        "rejouer-bound",
        "turn-limit",
        "actions-per-game",
        "actions-per-turn",
    ],
)
def test_battlefight_other_setups_are_atouts(bf_files, setup):
    """Long games (hundreds of turns each), shipped decks, a fixed first player, the big board, bounds reached."""
    game = bf_game(bf_files, **setup)
    codes = compare(game, TracedBattleFight(game), bf_life, range(1000, 1000 + FEW))
    if setup.get("repetitions") == 10:
        assert {"no_life", "off_board"} <= codes
    if "turn_limit" in setup:
        assert "turn_limit" in codes
    if any(key.startswith("actions") for key in setup):
        assert "action_limit" in codes


def test_dragons_default_duels_are_atouts(dragons_files):
    """200 duels of the default collections and rules, as `atout simulate dragons` plays them."""
    game = dragons_game(dragons_files)
    codes = compare(game, TracedDragons(game), dragons_score, range(GAMES))
    assert "score" in codes


#: Rules where a card played is worn out at once: every round asks the four statistics, fatigue 100, no swap.
WORN = {"stats_min": 4, "stats_max": 4, "fatigue": 100, "exchanges": 0}


@pytest.mark.parametrize(
    "setup",
    [
        {"collections": ("veterane", "poignee")},
        {"collections": ("debutant", "veterane"), "rules": "duel-strict"},
        {"equal_totals": "les deux marquent", "fatigue": 60, "stats_min": 1, "stats_max": 1},
        {**WORN, "rounds": 2, "hand": 2, "decisive_max": 1, "equal_totals": "les deux marquent"},
        {**WORN, "rounds": 2, "hand": 2, "endless_ties": "sans fin", "equal_totals": "manche rejouee"},
        {"actions_per_turn": 4},
    ],
    ids=["big-and-small-collections", "strict-variant", "both-score", "decisive-ties", "worn-out", "actions-per-round"],
)
def test_dragons_other_setups_are_atouts(dragons_files, setup):
    """Other collections (cards drawn, or all of a small one), the strict variant, other tie rules and ends, a bound."""
    game = dragons_game(dragons_files, **setup)
    codes = compare(game, TracedDragons(game), dragons_score, range(1000, 1000 + FEW))
    if "actions_per_turn" in setup:
        assert "action_limit" in codes
    if setup.get("endless_ties") == "sans fin" and setup.get("exchanges") == 0:
        assert "worn_out" in codes
    if setup.get("decisive_max") == 1:
        assert "decisive_ties" in codes


def test_a_different_game_is_caught(bf_files):
    """The comparison fails when the reference plays another game (here: one more life point)."""
    game = bf_game(bf_files)
    reference = TracedBattleFight(game)
    reference.life0 += 1
    with pytest.raises(AssertionError):
        compare(game, reference, bf_life, range(20))


def test_the_untraced_engines_play_the_same_games(bf_files, dragons_files):
    """The engines as the benchmark runs them (no trace) give the traced engines' results."""
    for game, plain, traced in (
        (bf_game(bf_files), BattleFightReference, TracedBattleFight),
        (dragons_game(dragons_files), DragonsReference, TracedDragons),
    ):
        fast, slow = plain(game), traced(game)
        assert [fast.play(seed) for seed in range(50)] == [slow.play(seed) for seed in range(50)]


def test_sealed_decks_are_refused(bf_files):
    """The reference plays constructed and random decks only: a sealed one is refused, not played wrong."""
    with pytest.raises(NotImplementedError):
        BattleFightReference(bf_game(bf_files, decks=("sealed", "random")))


def test_game_end_is_internal():
    """`GameEnd` stops a game inside an engine; it is an exception of the package (never escapes `play`)."""
    assert issubclass(GameEnd, Exception)


def test_the_benchmark_runs_and_prints_the_ratios():
    """`benchmarks/reference_bench.py`, on a few games: every game, both engines, the ratios."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "reference_bench.py"
    result = subprocess.run([sys.executable, str(script), "--games", "3", "--rounds", "1"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines if not line.startswith(" ")] == ["battlefight", "cardia", "cordes", "dragons"]
    assert sum("atout/reference" in line for line in lines) == 4
    assert "x per turn" in result.stdout and "x per decision" in result.stdout


def test_the_main_benchmark_prints_the_reference_ratios_beside_the_games():
    """`benchmarks/bench.py --game dragons`: atout's figures of the game, then the reference's in the same run."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"
    result = subprocess.run(
        [sys.executable, str(script), "--quick", "--game", "dragons", "--games", "3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("dragons: play ") and "heuristic vs heuristic" in lines[0] and "replay" in lines[0]
    assert lines[0].endswith("games/s random vs random") and "; lab " in lines[0]  # the balance lab's games too
    assert lines[1].startswith("dragons: 3 random-against-random games")
    assert any(line.strip().startswith("atout/reference:") and "x per decision" in line for line in lines[2:])


@pytest.mark.slow
@pytest.mark.benchmark
@pytest.mark.skipif(__import__("shutil").which("valgrind") is None, reason="--instructions counts with valgrind (apt-get install valgrind)")
def test_the_benchmark_counts_both_engines_instructions_for_the_same_games():
    """`reference_bench.py --instructions`: callgrind's counts of the same games in both engines, and their ratio.

    The interpreter does more work than plain Python written for one game,
    and the seeding of the generators is a part of both; the ratio printed is
    the counts' own.
    """
    import re
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "reference_bench.py"
    result = subprocess.run(
        [sys.executable, str(script), "--instructions", "--games", "2", "--game", "dragons"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    found = re.fullmatch(
        r"dragons: 2 random-against-random games \(seeds 0-1\), (\d+) decisions; processor instructions a game: "
        r"atout ([\d,]+), reference ([\d,]+), seeding alone ([\d,]+)\n"
        r"  atout/reference: ([\d.]+)x per decision \(whole games\); ([\d.]+)x without the seeding of each game's "
        r"three generators \(instructions\)\n",
        result.stdout,
    )
    assert found, result.stdout
    atout, reference, seeding = (int(found.group(i).replace(",", "")) for i in (2, 3, 4))
    assert int(found.group(1)) > 10 and 0 < seeding < reference < atout
    assert abs(float(found.group(5)) - atout / reference) < 0.006
    assert abs(float(found.group(6)) - (atout - seeding) / (reference - seeding)) < 0.06


def test_the_benchmark_without_valgrind_refuses_to_count_with_a_message(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "reference_bench.py"
    result = subprocess.run(
        [sys.executable, str(script), "--instructions"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": str(tmp_path)},
    )
    assert result.returncode == 2
    assert "apt-get install valgrind" in result.stderr and "Traceback" not in result.stderr
