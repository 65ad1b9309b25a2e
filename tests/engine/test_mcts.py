"""The search bot `mcts`: it never reads hidden cards, it is reproducible, it finds wins, the CLI takes its budget.

- For every registered game that can be copied (the others are skipped until
  they can), the bot's choice depends only on its view and its seed: in a
  position and in another with the same view but the opponent's hidden
  cards dealt otherwise (`resample`), it chooses alike.
- The same seed and iteration budget give the same game record, in this
  process and in another one (the CLI's).
- In a hand-made position of the tiny game where one option of four wins,
  it plays that option (found by searching the whole game in the test).
- A choice made in secret is not seen by the other seat in the tree.
- `atout play` takes `mcts`, `mcts:N` and `mcts:Xs`; a bad budget is a usage
  error naming the accepted forms.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1]))

import extra_games  # noqa: E402

from atout.cli.main import main  # noqa: E402
from atout.interpreter import api  # noqa: E402
from atout.interpreter.engine.agenda import AgendaState  # noqa: E402
from atout.interpreter.engine.decision import Decision, Option  # noqa: E402
from atout.interpreter.engine.mcts import Budget, BudgetError, MctsBot, can_search, parse_bot  # noqa: E402
from atout.interpreter.engine.options import OptionError  # noqa: E402
from atout.interpreter.engine.players import View  # noqa: E402
from atout.interpreter.engine.state import Game  # noqa: E402
from atout.interpreter.games import ENGINES  # noqa: E402

GAMES = sorted(ENGINES)


@cache
def loaded(name: str):
    return api.load_game(name)


def positions(name: str, seed: int, every: int = 4):
    """Positions of a random game where a seat is to decide between several options, with that seat."""
    rng = random.Random(seed)
    state = loaded(name).game.new_state()
    number = 0
    while (decision := state.decision()) is not None:
        if decision.player >= 0 and len(decision.options) > 1:
            number += 1
            if number % every == 0:
                yield state, decision.player
        state.apply(rng.randrange(len(decision.options)))


@pytest.mark.parametrize("name", GAMES)
def test_its_choice_depends_on_its_view_and_seed_never_on_the_hidden_cards(name):
    if not can_search(loaded(name).game):
        pytest.skip(f"{name}'s states cannot be copied yet")
    checked = differ = 0
    for seed in range(12):
        for state, seat in positions(name, seed, every=2):
            # The same view, the opponent's hidden cards (and the pile) dealt otherwise.
            other = state.resample(seat, random.Random(f"other:{seed}:{checked}"))
            differ += other.describe() != state.describe()
            # The bot as `--p1 mcts:12` makes it (the game's heuristic bot advising it).
            make = api.bot_maker(ENGINES[name], loaded(name).game, "mcts:12")
            choices = [make(checked).choose(position.decision(), View(position, seat)) for position in (state, other)]
            assert choices[0] == choices[1], f"{name} seed {seed}: the choice changed with cards the seat cannot see"
            checked += 1
            break
        if checked >= 8:
            break
    assert checked >= 6
    if name != "tiny":  # the tiny game often deals every card: nothing is hidden
        assert differ, "the other positions had other hidden cards"


def test_a_bot_that_reads_the_real_state_would_be_caught():
    """The test above can fail: a bot searching the real position (a plain copy) chooses otherwise somewhere."""
    differ = 0
    for seed in range(6):
        for state, seat in positions("tiny", seed, every=1):
            other = state.resample(seat, random.Random(seed))
            peeking = [MctsBot(seed, Budget(iterations=40)).search(seat, lambda rng, s=s: s.clone()) for s in (state, other)]
            visits = [sorted((key, child.visits) for key, child in root.children.items()) for root in peeking]
            differ += visits[0] != visits[1]
    assert differ


def test_the_same_seed_and_budget_give_the_same_record(tmp_path):
    records = []
    for number in range(2):
        path = tmp_path / f"game{number}.jsonl"
        api.play(loaded("tiny"), ["mcts:30", "random"], seed=11, record=path)
        records.append(path.read_text())
    assert records[0] == records[1]
    assert json.loads(records[0].splitlines()[0])["players"] == ["mcts:30", "random"]
    api.play(loaded("tiny"), ["mcts:30", "random"], seed=12, record=tmp_path / "other.jsonl")
    assert (tmp_path / "other.jsonl").read_text() != records[0], "another seed gives another game"


# ---------------------------------------------------------------------------
# A position with one winning option
# ---------------------------------------------------------------------------

RULES = "Haut la carte : rules\n\nCards in hand : 4\nRounds : 4\n"
EIGHT = "Haut la carte : deck\n\n2 Two\n2 Three\n2 Five\n1 Seven\n1 Eleven\n"


@pytest.fixture(scope="module")
def four_rounds(tmp_path_factory):
    """The tiny game with hands of four, four rounds, from a deck of eight: every card is dealt, nothing is hidden."""
    folder = tmp_path_factory.mktemp("four")
    (folder / "cards.atout").write_text((extra_games.TESTS / "tiny_game" / "cards" / "cards.atout").read_text())
    (folder / "rules.atout").write_text(RULES)
    (folder / "eight.atout").write_text(EIGHT)
    return api.load_game("tiny", cards=folder, deck="eight").game


def dealt(game, first: list[str], answers: list[str]):
    """The position where P1 is dealt `first` (P2 the rest), then the players answer `answers` by label."""
    state = game.new_state()
    rest = sorted(game.deck)
    for card in first:
        rest.remove(card)
    order = first + rest
    while (decision := state.decision()).player < 0:
        state.apply(decision.index_of(order[len(state.hands[0]) + len(state.hands[1])]))
    for label in answers:
        state.apply(state.decision().index_of(label))
    return state


def value(state, seat: int) -> float:
    """The game's value for `seat` with both playing their best (nothing is hidden): 1 a win, 0.5 a draw, 0 a loss."""
    decision = state.decision()
    if decision is None:
        winner = state.outcome().winner
        return 0.5 if winner is None else float(winner == seat)
    values = []
    for index in range(len(decision.options)):
        copy = state.clone()
        copy.apply(index)
        values.append(value(copy, seat))
    return max(values) if decision.player == seat else min(values)


def test_it_finds_the_one_winning_option(four_rounds):
    # P1 leads its Eleven: P2 cannot take the round and must keep its Five and Seven for later ones.
    state = dealt(four_rounds, ["Eleven", "Five", "Three", "Two"], ["Eleven"])
    decision = state.decision()
    assert decision.player == 1
    values = []
    for index in range(len(decision.options)):
        copy = state.clone()
        copy.apply(index)
        values.append(value(copy, 1))
    winning = [option.label for option, v in zip(decision.options, values) if v == 1]
    assert len(winning) == 1 and len(decision.options) >= 4, "a random choice wins at most one time in four"
    for seed in range(3):
        index = MctsBot(seed, Budget(iterations=300)).choose(decision, View(state, 1))
        assert decision.options[index].label == winning[0]


def test_it_wins_the_round_when_only_the_highest_card_wins(four_rounds):
    # P2 took round 1 with its Five and leads its Seven: only the Eleven wins (the others draw).
    state = dealt(four_rounds, ["Eleven", "Five", "Three", "Three"], ["Three", "Five", "Seven"])
    decision = state.decision()
    assert decision.player == 0 and sorted(decision.labels()) == ["Eleven", "Five", "Three"]
    index = MctsBot(5, Budget(iterations=200)).choose(decision, View(state, 0))
    assert decision.options[index].label == "Eleven"
    chosen = state.clone()
    chosen.apply(index)
    assert value(chosen, 0) == 1


# ---------------------------------------------------------------------------
# Budgets and the command line
# ---------------------------------------------------------------------------


def test_budgets_are_iterations_or_seconds():
    assert parse_bot("mcts:500") == Budget(iterations=500)
    assert parse_bot("mcts:0.5s") == Budget(seconds=0.5)
    assert parse_bot("mcts").iterations and parse_bot("mcts").seconds is None
    for bad in ("mcts:abc", "mcts:0", "mcts:-1s", "mcts:0s", "mcts:1.5", "mcts:", "mcts:nans", "mcts:infs"):
        with pytest.raises(BudgetError, match="mcts:N"):
            parse_bot(bad)


def test_a_time_budget_searches_at_least_once_and_names_itself():
    bot = MctsBot(1, Budget(seconds=0.001))
    state, seat = next(positions("tiny", 0, every=1))
    assert 0 <= bot.choose(state.decision(), View(state, seat)) < len(state.decision().options)
    assert bot.iterations >= 1 and bot.name == "mcts:0.001s"


def test_the_api_refuses_a_bad_budget_or_a_game_that_cannot_be_searched():
    with pytest.raises(OptionError, match="bad budget"):
        api.play(loaded("tiny"), ["mcts:fast", "random"])
    unsearchable = [name for name in GAMES if not can_search(loaded(name).game)]
    for name in unsearchable:
        with pytest.raises(OptionError, match="cannot be searched"):
            api.play(loaded(name), ["mcts", "random"])


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_cli_plays_mcts_records_and_the_record_replays_in_another_process(tmp_path):
    path = tmp_path / "game.jsonl"
    played = run("play", "tiny", "--p1", "mcts:40", "--p2", "random", "--seed", "4", "-q", "--record", str(path))
    assert played.exit_code == 0, played.output
    assert json.loads(path.read_text().splitlines()[0])["players"] == ["mcts:40", "random"]
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0 and "all legal and identical" in replayed.output
    # Another process, the same seed and budget: the same record.
    again = tmp_path / "again.jsonl"
    command = [sys.executable, "-m", "atout.cli.main", "play", "tiny", "--p1", "mcts:40", "--p2", "random", "--seed", "4", "-q", "--record", str(again)]
    done = subprocess.run(command, env=extra_games.environment(), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert again.read_text() == path.read_text()


@pytest.mark.parametrize("budget", ["mcts:abc", "mcts:0", "mcts:-1s"])
def test_a_bad_budget_is_a_usage_error_saying_the_accepted_forms(budget):
    result = run("play", "tiny", "--p1", budget, "--p2", "random", "--seed", "1")
    assert result.exit_code == 2
    assert f'bad budget "{budget[5:]}" for mcts' in result.output
    assert "mcts:N (N iterations" in result.output and "mcts:Xs (X seconds" in result.output
    assert run("simulate", "tiny", "--p1", budget, "--games", "1").exit_code == 2


def test_mcts_is_offered_for_a_game_that_can_be_searched_and_in_help():
    unknown = run("play", "tiny", "--p1", "mtcs", "--p2", "random")
    assert unknown.exit_code == 2
    assert '"mtcs" (did you mean "mcts"?)' in unknown.output and "human, random, heuristic, mcts" in unknown.output
    assert "mcts:500" in run("play", "--help").output
    simulated = run("simulate", "tiny", "--p1", "mcts:20", "--p2", "heuristic", "--games", "3")
    assert simulated.exit_code == 0 and "  mcts:20 wins" in simulated.output


# ---------------------------------------------------------------------------
# A choice made in secret
# ---------------------------------------------------------------------------


class Guess(Game):
    """P1 hides a number from 1 to 3, then P2 names one: P2 wins if it is the same, else P1 does."""

    name = "guess"

    def new_state(self) -> GuessState:
        return GuessState(self)


class GuessState(AgendaState):
    """P1's secret number, then P2's guess: a game where seeing the secret choice wins."""

    def __init__(self, game: Guess) -> None:
        self.game = game
        self.hidden: int | None = None
        self.start(self._hide)

    turn = 1

    def _hide(self) -> None:
        options = [Option(str(n), n) for n in (1, 2, 3)]
        self.ask(Decision(0, "hide", options, secret=True), self._hidden)

    def _hidden(self, option: Option) -> None:
        self.hidden = option.value
        self.ask(Decision(1, "guess", [Option(str(n), n) for n in (1, 2, 3)]), self._guessed)

    def _guessed(self, option: Option) -> None:
        self.finish(1 if option.value == self.hidden else 0, "guessed" if option.value == self.hidden else "missed")

    def view(self, player: int) -> object:
        return self.hidden if player == 0 else None

    def describe(self, viewer: int | None = None) -> str:
        return f"hidden {self.hidden if viewer in (None, 0) else '?'}"


def test_the_other_seat_does_not_see_a_secret_choice_in_the_tree():
    state = Guess().new_state()
    root = MctsBot(3, Budget(iterations=600)).search(0, lambda rng: state.clone())
    # P2 guesses without knowing: P1 wins about two games in three, whatever it hides.
    for child in root.children.values():
        assert child.reward / child.visits > 0.5
    # Were P2's guess keyed by P1's number, P2 would learn to name it and P1 would lose nearly always.
    seeing = MctsBot(3, Budget(iterations=600))
    decision = state.decision()
    decision.secret = False
    try:
        open_root = seeing.search(0, lambda rng: state.clone())
    finally:
        decision.secret = True
    assert all(child.reward / child.visits < 0.4 for child in open_root.children.values())


class Always:
    """A game's bot that always names the same label (where it is legal)."""

    name = "always"

    def __init__(self, label: str) -> None:
        self.label = label

    def choose(self, decision: Decision, view) -> int:
        found = decision.index_of(self.label)
        return 0 if found is None else found


def test_where_the_search_finds_no_better_option_the_game_s_bot_choice_is_kept():
    state = Guess().new_state()  # every number P1 hides wins alike
    for label in ("1", "2", "3"):
        bot = MctsBot(3, Budget(iterations=200), fallback=lambda seed, label=label: Always(label))
        assert state.decision().options[bot.choose(state.decision(), View(state, 0))].label == label


class Stalemate(Game):
    """P1 names x or y, then P2 answers three times one of many words: a last "end" decides (x: P1 wins, y: P2 wins), any other word draws."""

    name = "stalemate"

    def new_state(self) -> StalemateState:
        return StalemateState(self)


class StalemateState(AgendaState):
    """A game where random play always ends in a draw, and a bot that knows the word decides it."""

    turn = 1

    def __init__(self, game: Stalemate) -> None:
        self.game = game
        self.named = ""
        self.start(self._name)

    def _name(self) -> None:
        self.ask(Decision(0, "name", [Option("y"), Option("x")]), self._named)

    def _named(self, option: Option, answers: int = 3) -> None:
        self.named = option.label
        words = [Option(f"word {n}") for n in range(999)] + [Option("end")]
        self.ask(Decision(1, "answer", words), self._answered, answers - 1)

    def _answered(self, option: Option, left: int) -> None:
        if left:
            self.then(self._named, Option(self.named), left)
        elif option.label != "end":
            self.finish(None, "a draw")
        else:
            self.finish(0 if self.named == "x" else 1, "ended")

    def view(self, player: int) -> object:
        return self.named

    def describe(self, viewer: int | None = None) -> str:
        return self.named


def test_where_random_playouts_only_draw_the_game_s_bot_plays_them_out():
    state = Stalemate().new_state()
    blind = MctsBot(1, Budget(iterations=60))
    blind.choose(state.decision(), View(state, 0))
    assert not blind.heavy  # no bot to play out with: random playouts, all draws
    bot = MctsBot(1, Budget(iterations=60), fallback=lambda seed: Always("end"))
    index = bot.choose(state.decision(), View(state, 0))
    assert bot.heavy and state.decision().options[index].label == "x"


def test_a_chance_draw_takes_the_option_the_running_subtraction_of_weights_would():
    """`draw` reads the weights a pile's draw carries, or else each option's: the same option either way as
    taking the options' weights off the uniform number one by one."""
    import random as random_module

    from atout.interpreter.engine.decision import Decision, Option
    from atout.interpreter.engine.mcts import draw

    def subtracted(decision, rng):
        target = rng.random() * sum(option.weight for option in decision.options)
        for index, option in enumerate(decision.options):
            target -= option.weight
            if target < 0:
                return index
        return len(decision.options) - 1

    maker = random_module.Random(3)
    for trial in range(20_000):
        weights = [maker.randint(1, 9) if maker.random() < 0.7 else maker.randint(1, 10**6) for _ in range(maker.randint(1, 25))]
        decision = Decision(-1, "draw", [Option(str(i), i, w) for i, w in enumerate(weights)], weights=weights if trial % 2 else None)
        seed = maker.getrandbits(32)
        assert draw(decision, random_module.Random(seed)) == subtracted(decision, random_module.Random(seed)), trial
