"""The example techniques of version 2 (`cards/battlefight/exemples/`): read back, played, replayed."""

from __future__ import annotations

import io

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.battlefight import ast, conditions, moves, powers, quantities, writing
from atout.interpreter.language.loader import read_document

EXEMPLES = CARDS_DIR / "battlefight" / "exemples"


@pytest.fixture(scope="module")
def files():
    return load_files(LANGUAGES["battlefight"], [EXEMPLES])


def example_cards(files) -> list[ast.Technique]:
    return [card for file in files.card_files for card in file.cards if str(EXEMPLES) in (card.span.file if card.span else "")]


def test_there_are_at_least_30_examples_and_they_extend_the_game(files):
    cards = example_cards(files)
    assert len(cards) >= 30
    assert {"Décharge", "Frappe Érudite"} <= {card.name for file in files.card_files for card in file.cards}


def test_every_example_reads_back_the_same(files):
    for card in example_cards(files):
        text = writing.write_card(card)
        document = read_document("again.atout", "BattleFight : cartes\n\n" + text, LANGUAGES)
        assert document.diagnostics == [], text
        assert document.node.cards == [card], text


def _nodes(value):
    """Every node under a value (steps, blocks, conditions, amounts)."""
    if isinstance(value, list):
        for item in value:
            yield from _nodes(item)
    elif isinstance(value, ast.Node):
        yield value
        for name in type(value).model_fields:
            if name != "span":
                yield from _nodes(getattr(value, name))


def test_the_examples_use_every_new_form(files):
    used = {type(node) for card in example_cards(files) for node in _nodes(card)}
    forms = set(LANGUAGES["battlefight"].constructs) - set(ast.KEYWORDS)  # the forms of version 2
    assert forms - used == set()
    steps = [step for card in example_cards(files) for step in card.steps]
    assert any(len(step.modifiers) > 1 for step in steps)
    assert any(isinstance(step.keyword, (ast.SEmpecher, ast.SEmpecherCarte)) and len(step.keyword.of) > 1 for step in steps)
    powers_used = [step.keyword for step in steps if isinstance(step.keyword, powers.Quand)]
    assert {(p.event, p.whose) for p in powers_used} == {(e, w) for e in powers.Event for w in quantities.Whose}
    assert {p.limit for p in powers_used} == {None, *powers.Limit}
    takes = [node for card in example_cards(files) for node in _nodes(card) if isinstance(node, moves.Prendre)]
    assert {t.chooser for t in takes} == {"toi", "hasard", "adversaire"} and any(t.among for t in takes)
    ifs = [node for card in example_cards(files) for node in _nodes(card) if isinstance(node, conditions.Si)]
    assert any(i.sinon for i in ifs) and any(not i.sinon for i in ifs)


@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "random"), ("random", "heuristic")])
def test_seeded_games_with_the_examples_play_and_replay(files, bf_engine, bots):
    """Random decks (drawn from the whole set) and the examples' decks; every record replays to the same events."""
    setups = [("random", "random"), ("le-voleur", "le-tacticien"), ("le-tacticien", "random")]
    games = [bf_engine.build(files, bf_engine.setup_from_options(files, {"deck": decks})) for decks in setups]
    for seed in range(17):
        game = games[seed % len(games)]
        stream = io.StringIO()
        players = [bf_engine.bots[b](seeded(seed, f"P{i + 1}")) for i, b in enumerate(bots)]
        events: list = []
        problems: list = []
        play_game(
            game,
            players,
            seed,
            writer=RecordWriter(stream),
            on_event=events.append,
            on_decision=lambda state, d, i: problems.extend(state.check_invariants()),
        )
        assert problems == []
        record = parse_record(stream.getvalue())
        assert record.outcome is not None
        replayed = [event for step in replay(record, bf_engine, files) for event in step.events]
        assert replayed == events[len(record.start) :]
