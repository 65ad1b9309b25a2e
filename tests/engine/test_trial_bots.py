"""The heuristic bots value cards by trying them on copies (`engine/trial.py`), never by a model of effects.

Each game's `bots.py` names no class of its game's effects (the grep below),
and a card the bots never saw is valued by what the interpreter makes it
do: the bot plays a new card that wins over a shipped one, and leaves a new
card that loses. Trials are deterministic for a seed.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import re
from importlib import import_module

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.players import View
from atout.interpreter.engine.trial import WIN, Trial, greedy
from atout.interpreter.games import ENGINES


@pytest.fixture
def scenario_cordes():
    """A fresh Dans les Cordes `Scenario` with the test's own cards (see tests/cordes/conftest.py)."""
    from cordes.conftest import Scenario

    files = load_files(ENGINES["cordes"].language)
    return lambda cards="", **changes: Scenario(files, cards, **changes)


@pytest.fixture
def scenario_bf():
    """A fresh BattleFight `Scenario` with the test's own cards (see tests/battlefight/conftest.py)."""
    from battlefight.conftest import Scenario

    files = load_files(ENGINES["battlefight"].language)
    return lambda cards="", **changes: Scenario(files, cards, **changes)


@pytest.fixture
def cardia_scenario():
    """A fresh Duel pour Cardia `Scenario` (see tests/cardia/conftest.py)."""
    from cardia.conftest import Scenario

    files = load_files(ENGINES["cardia"].language)
    return lambda **options: Scenario(files, **options)


def start(s, *p1: str, p2: tuple[str, ...] = (), **markers):
    """Give the hands, stack P1's first draw (a Blocage), set markers (p1_life=…), begin P1's turn."""
    s.give(0, *p1)
    s.give(1, *p2)
    s.stack("Blocage")
    for key, value in markers.items():
        seat, what = key.split("_")
        s.set(0 if seat == "p1" else 1, **{what: value})
    s.begin()
    return s


#: The card and step classes a bot may name: the kinds of cards (a plan keeps a DEFENSE), never what they do.
CARD_KINDS = {"CardType", "Technique", "TechniqueType", "Personnage", "Attack", "Defense", "Riposte", "Recovery"}


def effect_classes(game: str) -> set[str]:
    """The names of the classes of a game's AST other than the kinds of cards."""
    ast = import_module(f"atout.interpreter.games.{game}.ast")
    return {name for name, value in vars(ast).items() if inspect.isclass(value) and value.__module__ == ast.__name__} - CARD_KINDS


@pytest.mark.parametrize("game", ["battlefight", "cardia", "cordes", "dragons"])
def test_no_bot_names_an_effect_of_its_game(game):
    source = inspect.getsource(import_module(f"atout.interpreter.games.{game}.bots"))
    imported = set(re.findall(r"from \.ast import ([\w, ]+)", source)[0].replace(" ", "").split(",")) if "from .ast import" in source else set()
    named = {name for name in effect_classes(game) if re.search(rf"\bast\.{name}\b", source) or name in imported}
    assert named == set(), f"{game}'s bots.py names effects {sorted(named)}: value them by trying them"
    assert "isinstance(" not in source and "type(" not in source.replace("TYPE", "")
    assert "from . import ast" not in source


def test_the_grep_sees_an_effect_named():
    # the check above can fail: an old bot, which modelled effects, is caught
    source = "if isinstance(keyword, ast.Blesser):"
    assert any(re.search(rf"\bast\.{name}\b", source) for name in effect_classes("battlefight"))


@pytest.mark.parametrize("game", ["battlefight", "cardia", "cordes", "dragons"])
def test_a_bot_chooses_alike_for_a_seed(game):
    engine = ENGINES[game]
    from atout.interpreter.engine.play import play_game

    built = engine.build(load_files(engine.language), {})

    def game_of(seed: int) -> list:
        bots = [engine.bots["heuristic"](seed), engine.bots["random"](seed + 1)]
        events: list = []
        play_game(built, bots, 4, on_event=events.append)
        return events

    assert game_of(7) == game_of(7)


# ---------------------------------------------------------------------------
# Dans les Cordes: blows nobody wrote a model for
# ---------------------------------------------------------------------------

CORDES_CARDS = """
== Coup du Désespoir ==
ATTACK · cost 0
-1 life; -3 life to the opponent

== Coup Gratuit ==
ATTACK · cost 0
+2 energy; -1 life to the opponent
"""


def test_cordes_at_1_life_the_bot_does_not_play_a_blow_that_knocks_its_boxer_out(scenario_cordes):
    from atout.interpreter.games.cordes.bots import HeuristicBot

    s = start(scenario_cordes(CORDES_CARDS), "Coup du Désespoir", "Jab", p2=("Jab",), p1_life=1, p1_energy=1, p2_life=4)
    decision = s.state.decision()
    assert "Play Coup du Désespoir" in decision.labels()
    chosen = decision.labels()[HeuristicBot(1).choose(decision, View(s.state, 0))]
    assert chosen != "Play Coup du Désespoir"
    # with life to spare, the same blow is worth playing: it is valued by what it does here
    s = start(scenario_cordes(CORDES_CARDS), "Coup du Désespoir", p2=("Jab",), p1_life=4, p1_energy=0, p2_life=3)
    decision = s.state.decision()
    assert decision.labels()[HeuristicBot(1).choose(decision, View(s.state, 0))] == "Play Coup du Désespoir"


def test_cordes_a_new_blow_is_valued_by_its_trial(scenario_cordes):
    from atout.interpreter.games.cordes.bots import HeuristicBot

    s = start(scenario_cordes(CORDES_CARDS), "Coup Gratuit", "Coup du Désespoir", p2=(), p1_life=4, p1_energy=0, p2_life=4)
    bot = HeuristicBot(3)
    found = bot.tried(s.state.decision(), View(s.state, 0), s.state.view(0))
    # +2 energy and a life point taken: more than the blow that costs its thrower a life point
    assert found["Coup Gratuit"].damage == 1 and found["Coup du Désespoir"].damage == 3
    assert found["Coup Gratuit"].effect > found["Coup du Désespoir"].effect - 3 * 1 - 1


# ---------------------------------------------------------------------------
# BattleFight: a technique nobody wrote a model for
# ---------------------------------------------------------------------------

BF_CARDS = """
== Coup Suicidaire ==
Attaque
Corps à Corps ; Se Blesser 6 ; Blesser 3

== Coup Franc ==
Attaque
Corps à Corps ; Blesser 4
"""


def test_battlefight_the_bot_plays_a_winning_new_technique_and_not_a_suicidal_one(scenario_bf):
    from atout.interpreter.games.battlefight.bots import HeuristicBot

    s = scenario_bf(BF_CARDS).place("D4", "D5")
    s.state.seats[0].life = 5
    s.state.seats[1].life = 3
    s.give(0, "Coup Suicidaire", "Coup Franc")
    decision = s.decision
    assert {"Coup Suicidaire", "Coup Franc"} <= set(decision.labels())
    assert decision.labels()[HeuristicBot(1).choose(decision, View(s.state, 0))] == "Coup Franc"
    s = scenario_bf(BF_CARDS).place("D4", "D5")
    s.state.seats[0].life = 5
    s.give(0, "Coup Suicidaire")
    decision = s.decision
    assert decision.labels()[HeuristicBot(1).choose(decision, View(s.state, 0))] != "Coup Suicidaire"


# ---------------------------------------------------------------------------
# Duel pour Cardia and Duel de dragons: the card tried is the card played
# ---------------------------------------------------------------------------


CARDIA_EXTENSION = "Duel pour Cardia : extension\n\nSans : Assassin\n"

CARDIA_CARDS = """Duel pour Cardia : cartes

== Faussaire ==
Paquet I · Guilde · influence 1
Capacité instantanée : +15 sur cette carte
"""


def test_cardia_the_bot_plays_a_weak_new_card_whose_ability_takes_the_seal_back(tmp_path):
    from cardia.conftest import Scenario

    from atout.interpreter.games.cardia.bots import HeuristicBot

    (tmp_path / "extension.atout").write_text(CARDIA_EXTENSION, encoding="utf-8")
    (tmp_path / "cartes.atout").write_text(CARDIA_CARDS, encoding="utf-8")
    files = load_files(ENGINES["cardia"].language, [tmp_path])
    # the Faussaire (1) loses every encounter, then its ability makes it 16: the seal comes back to it
    s = Scenario(files).hand(0, "Faussaire", "Marchande").hand(1, "Chevalier", "Inventrice", "Oracle").start()
    decision = s.decision
    assert decision.player == 0 and set(decision.labels()) == {"Faussaire", "Marchande"}
    assert decision.labels()[HeuristicBot(5).choose(decision, View(s.state, 0))] == "Faussaire"
    s.play("Faussaire", "Chevalier")
    assert s.seals() == [1, 0]  # as its trial said


def test_cardia_the_bot_plays_the_card_its_trials_value_most(cardia_scenario):
    from atout.interpreter.games.cardia.bots import TRY, HeuristicBot

    s = cardia_scenario().hand(0, "Assassin", "Oracle", "Marchande").hand(1, "Djinn", "Espionne").start()
    decision = s.decision
    values = TRY.values(decision, View(s.state, 0), random.Random(5))
    assert len(set(values)) > 1  # the trials tell the cards apart
    chosen = HeuristicBot(5).choose(decision, View(s.state, 0))
    assert values[chosen] == max(values)


DRAGONS_CARDS = """Duel de dragons : cartes

== Colosse des Cimes ==
Dragon · Légendaire
Puissance 82 · Ruse 82 · Savoir 82 · Charisme 82
"""

DRAGONS_COLLECTION = """Duel de dragons : collection

Colosse des Cimes
Écuyer Trop Zélé
Voleuse de Pommes
Novice du Temple
Palefrenier Bourru
"""


def test_dragons_the_bot_plays_a_designer_s_dragon_that_wins_the_round_and_stays_strong(tmp_path):
    from atout.interpreter.engine.players import ChanceSampler
    from atout.interpreter.games.dragons.bots import PLAY, HeuristicBot

    (tmp_path / "cartes.atout").write_text(DRAGONS_CARDS, encoding="utf-8")
    (tmp_path / "mienne.atout").write_text(DRAGONS_COLLECTION, encoding="utf-8")
    engine = ENGINES["dragons"]
    files = load_files(engine.language, [tmp_path])
    state = engine.build(files, engine.setup_from_options(files, {"collection": ("mienne", "debutant")})).new_state()
    chance = ChanceSampler(1)
    while (decision := state.decision()).kind != "play":
        state.apply(chance.choose(decision) if decision.player < 0 else 0)
    assert decision.player == 0
    values = PLAY.values(decision, View(state, 0), random.Random(1))
    colossus = next(i for i, label in enumerate(decision.labels()) if label.startswith("Colosse des Cimes"))
    assert values[colossus] == max(values) and values[colossus] > sorted(values)[-2] + 1  # clearly the best, by its trial
    assert HeuristicBot(1).choose(decision, View(state, 0)) == colossus


def test_dragons_the_bot_plays_the_card_its_trials_value_most():
    from atout.interpreter.engine.players import ChanceSampler
    from atout.interpreter.games.dragons.bots import PLAY, HeuristicBot

    engine = ENGINES["dragons"]
    state = engine.build(load_files(engine.language), {}).new_state()
    chance = ChanceSampler(2)
    while (decision := state.decision()).kind != "play":
        state.apply(chance.choose(decision) if decision.player < 0 else 0)
    values = PLAY.values(decision, View(state, decision.player), random.Random(5))
    assert len(set(values)) > 1
    chosen = HeuristicBot(5).choose(decision, View(state, decision.player))
    assert values[chosen] == max(values)


# ---------------------------------------------------------------------------
# The trial helper
# ---------------------------------------------------------------------------


def test_a_trial_scores_an_ended_game_as_won_or_lost(scenario_cordes):
    from atout.interpreter.games.cordes.score import position_score

    s = start(scenario_cordes(CORDES_CARDS), "Coup du Désespoir", p2=(), p1_life=1, p1_energy=0, p2_life=4)
    decision = s.state.decision()
    trial = Trial(position_score, policy=greedy(position_score))
    values = trial.values(decision, View(s.state, 0), random.Random(1))
    assert values[decision.index_of("Play Coup du Désespoir")] == -WIN
    assert max(values) > -WIN


def test_a_generator_seeded_at_its_first_draw_draws_as_one_seeded_at_once():
    """`Seeded(seed)` gives the draws of `random.Random(seed)`, in any mix of `random()` and `getrandbits()`."""
    import random

    from atout.interpreter.engine.trial import Seeded

    for seed in (0, 7, 2**31 + 5):
        lazy, eager = Seeded(seed), random.Random(seed)
        for step in range(50):
            if step % 3:
                assert lazy.random() == eager.random()
            else:
                assert lazy.getrandbits(32) == eager.getrandbits(32)


def test_readers_of_one_tape_each_draw_as_a_generator_of_its_seed():
    """The options of a try read one `Tape`: each reader, however they interleave, draws as `random.Random(seed)`."""
    import random

    from atout.interpreter.engine.trial import Seeded, Tape

    sizes = (1, 5, 31, 32, 33, 64, 100)
    for seed in (0, 3, 2**32 - 1):
        tape = Tape(seed)
        readers = [(Seeded(tape), random.Random(seed)) for _ in range(3)]
        choose = random.Random(seed + 1)
        for step in range(300):
            reader, reference = readers[int(choose.random() * len(readers))]
            if choose.random() < 0.6:
                assert reader.random() == reference.random(), (seed, step)
            else:
                k = sizes[int(choose.random() * len(sizes))]
                assert reader.getrandbits(k) == reference.getrandbits(k), (seed, step, k)
        assert tape._rng is not None  # seeded once, for every reader
    untouched = Tape(5)
    Seeded(untouched), Seeded(untouched)
    assert untouched._rng is None and untouched.words == []  # a try that met no chance never seeds


def _compare_at_decisions(game: str, compare, seeds=range(3)) -> int:
    """Play `seeds` games of `game`, P1 a player that calls `compare(decision, view, seed)` at each
    decision of several options and then answers at random, P2 the random bot; how many decisions
    `compare` said it compared (it returns True when it did)."""
    from atout.interpreter.engine.play import play_game

    engine = ENGINES[game]
    built = engine.build(load_files(engine.language), {})
    compared = 0

    class Both:
        name = "both"

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def choose(self, decision, view) -> int:
            nonlocal compared
            if len(decision.options) > 1 and compare(decision, view, self.seed):
                compared += 1
            return int(random.Random(self.seed + compared).random() * len(decision.options))

    for seed in seeds:
        play_game(built, [Both(seed), engine.bots["random"](seed + 10)], seed)
    return compared


@pytest.mark.parametrize("game", ["battlefight", "cardia", "cordes"])
def test_a_trial_going_on_from_the_greedy_try_s_copy_scores_as_applying_the_option_anew(game):
    """`Greedy.step` hands back the copy it tried the chosen option on when that try met no
    chance, and the trial goes on from it: every value is the one the trial gets by applying
    the option again (a policy that is not a `Greedy` never hands a copy back)."""
    from atout.interpreter.engine.trial import Greedy

    reusing = import_module(f"atout.interpreter.games.{game}.bots").TRY  # the game's own horizon
    assert type(reusing._policy) is Greedy
    policy = reusing._policy
    anew = dataclasses.replace(reusing, policy=lambda state, decision, rng: policy(state, decision, rng))
    reused = [0]
    step = Greedy.step

    def counted(self, state, decision, rng, own=False):
        chosen, after = step(self, state, decision, rng, own)
        reused[0] += after is not None
        return chosen, after

    def compare(decision, view, seed) -> bool:
        Greedy.step = counted
        try:
            found = reusing.values(decision, view, random.Random(seed))
        finally:
            Greedy.step = step
        assert found == anew.values(decision, view, random.Random(seed))
        return True

    assert _compare_at_decisions(game, compare, seeds=range(8)) >= 20 and reused[0] >= 5  # the copies were gone on from


def test_cardia_s_tries_told_their_horizon_value_every_option_as_tries_that_are_not():
    """Duel pour Cardia's tries stop at the next turn, and tell the positions they play so
    (`Trial.turns`, `State.horizon`): a copy then counts no position at that turn's start, which
    nothing after it would read. Every value is the one a try without a horizon finds; a try told
    its horizon stops there, even when its `until` would let it go on."""
    from atout.interpreter.games.cardia import state as cardia_state
    from atout.interpreter.games.cardia.bots import SECOND, TRY

    counted = [0]
    check = cardia_state.CardiaState._check_progress

    def counting(self):
        counted[0] += 1
        return check(self)

    skipped = 0

    def compare(decision, view, seed) -> bool:
        nonlocal skipped
        if decision.kind not in ("play", "target", "discard", "persistent"):
            return False
        for told in (TRY, SECOND):
            counted[0] = 0
            found = told.values(decision, view, random.Random(seed))
            with_horizon = counted[0]
            counted[0] = 0
            assert found == dataclasses.replace(told, turns=None).values(decision, view, random.Random(seed))
            skipped += counted[0] - with_horizon
            endless = dataclasses.replace(told, until=lambda state, decision, seat, start: False)
            assert found == endless.values(decision, view, random.Random(seed))
        return True

    cardia_state.CardiaState._check_progress = counting
    try:
        compared = _compare_at_decisions("cardia", compare)
    finally:
        cardia_state.CardiaState._check_progress = check
    assert compared >= 20 and skipped >= 100  # the tries' positions at the next turn's start were not counted
