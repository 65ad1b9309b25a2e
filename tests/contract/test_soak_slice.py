"""A slice of benchmarks/soak_games.py, run by CI: a few games of every game, one record tampered with each."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from atout.interpreter.games import ENGINES

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "soak_games.py"


def test_a_slice_of_the_soak_finds_nothing_wrong():
    spec = importlib.util.spec_from_file_location("soak_games", SCRIPT)
    soak_games = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak_games)
    counts = soak_games.soak(games=4, seed=1000, workers=1, tamper_every=4, limit=3, every=6, sample=4)
    assert dict(counts["games"]) == {name: 4 for name in ENGINES}
    assert soak_games.failures(counts) == 0, "\n".join(counts["examples"][:5])
    assert sum(counts["refused"].values()) > 100
    assert all(counts["tampered"][kind] for kind in ("wrong type", "wrong value", "drop", "truncate"))
    assert "accepted" in "\n".join(soak_games.report(counts))
