"""The transformers' own walk reads every shipped file as Lark's `Transformer.transform` does."""

from __future__ import annotations

import pytest
from lark import Transformer

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language import loader
from atout.interpreter.language.inputs import expand
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.transform import UnitTransformer


def _read_all(texts: dict[str, str]):
    return [(d.node, [(x.code, x.line, x.column, x.message) for x in d.diagnostics]) for d in
            (read_document(path, text, LANGUAGES) for path, text in texts.items())]


@pytest.mark.parametrize("name", ["battlefight", "cardia", "cordes", "dragons"])
def test_the_walk_gives_the_nodes_places_and_messages_of_lark_s_own(name, monkeypatch):
    texts = {str(path): path.read_text(encoding="utf-8") for path in expand([CARDS_DIR / name])}
    for path, text in list(texts.items()):  # and a wrong value in each card file, for the diagnostics of `build`
        texts[path + "~"] = text.replace("Blesser ", "Blesser 9", 1).replace("Soin ", "Soin 9", 1) + "\n"
    ours = _read_all(texts)
    monkeypatch.setattr(UnitTransformer, "transform", Transformer.transform)
    monkeypatch.setattr(loader, "_TRANSFORMERS", {})
    assert _read_all(texts) == ours
    assert ours
