"""The designer's example cards of Duel de dragons (cards/dragons/exemples): valid, complete, playable, replayable.

They are an extension of the shipped game: their collections `debutant` and
`veterane` replace the shipped ones. Every construct of the language is
printed on at least one of them; seeded duels between bots play them
without breaking an invariant, and their records replay to the same events.
What cannot mean anything is refused at its place (E350-E352).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.dragons.ast import Statistique
from atout.interpreter.games.dragons.checks import _walk
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import validate

EXEMPLES = CARDS_DIR / "dragons" / "exemples"
ENGINE = ENGINES["dragons"]
HEADER = "Duel de dragons : cartes\n"


@pytest.fixture(scope="module")
def files():
    return load_files(LANGUAGES["dragons"], [EXEMPLES])


def example_cards(files) -> list:
    folder = EXEMPLES.resolve()
    return [
        card for document in files.documents if Path(document.path).resolve().is_relative_to(folder) and document.kind is not None and document.kind.name == "cards" for card in document.node.cards
    ]


def test_the_examples_are_valid_and_at_least_thirty(files):
    result = validate([EXEMPLES], LANGUAGES)
    assert result.problems == []
    assert len(example_cards(files)) >= 30


def test_the_examples_print_every_construct_of_the_language(files):
    used = {type(node) for card in example_cards(files) for node in _walk(card)}
    # a statistic as written is gathered into the card's four (`Statistiques`): no card keeps one
    missing = sorted(cls.__name__ for cls in LANGUAGES["dragons"].constructs if cls not in used and cls is not Statistique)
    assert not missing, f"no example card prints {', '.join(missing)}"
    cards = example_cards(files)
    assert any(len(card.categories) == 2 for card in cards)


def duel(files, collections=("veterane", "debutant")):
    return ENGINE.build(files, ENGINE.setup_from_options(files, {"collection": collections}))


def recorded(game, seed: int, bots: tuple[str, str]):
    players = [ENGINE.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
    buffer = io.StringIO()
    problems: list[str] = []
    powers_per_action: list[int] = []

    def check(state, decision, index):
        problems.extend(state.check_invariants())

    played = play_game(game, players, seed, writer=RecordWriter(buffer), on_decision=check)
    problems.extend(played.state.check_invariants())
    assert problems == []
    record = parse_record(buffer.getvalue())
    for action in record.actions:
        powers_per_action.append(sum(1 for event in action.events if event["e"] == "power"))
    return played, record, powers_per_action


@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "random")])
def test_fifty_seeded_duels_with_the_examples_play_and_replay(files, bots):
    games = [duel(files), duel(files, ("debutant", "veterane"))]
    seen_powers = 0
    for seed in range(25):
        played, record, powers = recorded(games[seed % 2], seed, bots)
        replayed = [event for step in replay(record, ENGINE, files) for event in step.events]
        assert replayed == [event for action in record.actions for event in action.events]
        assert record.outcome == played.state.outcome().as_json()
        # each power works at most once per card and moment: never more than both hands' powers at once
        assert max(powers, default=0) <= 2 * 10 * 2
        seen_powers += sum(powers)
    assert seen_powers > 0


# ---------------------------------------------------------------------------
# What a power cannot mean is refused at its place
# ---------------------------------------------------------------------------

BASE = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"


@pytest.mark.parametrize(
    ("power", "code", "column", "words"),
    [
        ("Pouvoir : quand cette carte gagne une manche : +10 en Ruse.", "E350", 48, "write it in a power without"),
        ("Pouvoir : au début de la manche : si la carte adverse est un Dragon : marque 1 point.", "E351", 38, "no card is"),
        ("Pouvoir : au début de la manche : la carte adverse perd 5 en Ruse.", "E351", 35, "no card is"),
        ("Pouvoir : mets 1 carte au hasard de ta main dans la main.", "E352", 11, "moves nothing"),
        ("Pouvoir : quand cette carte perd une manche : mets cette carte dans la main.", "E352", 47, "in its hand already"),
        ("Pouvoir : regarde les 2 premières cartes de ta main.", "E352", 11, "a hand has no first cards"),
    ],
)
def test_a_power_that_cannot_mean_anything_is_refused_at_its_place(tmp_path, power, code, column, words):
    path = tmp_path / "essai.atout"
    path.write_text(HEADER + BASE + power + "\n", encoding="utf-8")
    (problem,) = validate([path], LANGUAGES).diagnostics
    assert (problem.code, problem.line, problem.column) == (code, 5, column)
    assert words in problem.message


@pytest.mark.parametrize(
    ("power", "code", "word"),
    [
        ("Pouvoir : +10 en Rus.", "E111", "Ruse"),
        ("Pouvoir : quand cette carte gagnne une manche : marque 1 point.", "E111", "gagne"),
        ("Pouvoir : 0 fois par duel : marque 1 point.", "E200", None),
        ("Pouvoir : mets 30 cartes au hasard de ta réserve dans la main.", "E200", None),
        ("Pouvoir : +500 en Ruse.", "E200", None),
        ("Pouvoir : marque 0 point pour chaque carte de ta main.", "E200", None),
    ],
)
def test_a_misspelt_or_out_of_range_power_is_told_with_the_nearest_word(power, code, word):
    document = read_document("essai.atout", HEADER + BASE + power + "\n", LANGUAGES)
    problem = document.diagnostics[0]
    assert (problem.code, problem.line) == (code, 5)
    if word:
        assert problem.suggestion == word


def test_a_second_fatigue_and_a_category_given_twice_are_told():
    text = HEADER + "== Essai ==\nDragon · Dragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\nFatigue 5\nFatigue 6\n"
    document = read_document("essai.atout", text, LANGUAGES)
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [("E111", 3, 10), ("E111", 6, 1)]


def test_positions_dealt_anew_for_a_search_keep_every_card_once_and_can_be_played_on(files):
    """`resample` (what the search bot draws) with powers: cards looked at stay out, a pending choice names the new cards."""
    import random

    game = duel(files)
    checked = kinds = 0
    for seed in range(12):
        state = game.new_state()
        rng = random.Random(seed)
        bot = ENGINE.bots["random"](seeded(seed, "resample"))
        while (decision := state.decision()) is not None:
            if decision.player >= 0:
                copy = state.resample(decision.player, rng)
                assert copy.check_invariants() == []
                copy.apply(rng.randrange(len(copy.decision().options)))
                checked += 1
                kinds += decision.kind == "power_pick"
            state.apply(bot.choose(decision, None))
    assert checked > 100 and kinds > 0
