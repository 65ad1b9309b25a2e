"""A slice of the soak test (benchmarks/soak_files.py): 300 mutated files, no exception."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "soak_files.py"


def _soak_module():
    spec = importlib.util.spec_from_file_location("soak_files", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_three_hundred_mutated_files_give_diagnostics_never_exceptions():
    soak = _soak_module()
    results = soak.soak(300, seed=7, workers=1)
    assert results["files"] == 300
    assert results["failures"] == []


def test_the_mutations_are_the_same_for_a_seed_and_do_change_the_files():
    soak = _soak_module()
    first = [soak.mutated_file(7, index) for index in range(50)]
    assert first == [soak.mutated_file(7, index) for index in range(50)]
    assert sum(data not in soak.sources() for data in first) >= 45
    # the heavy mutations are among them: a number thousands of digits long, deep nesting
    many = [soak.mutated_file(7, index) for index in range(300)]
    assert any(b"9" * 4_301 in data for data in many)
    assert any(b"[" * 100 in data or b"Si Possible " * 30 in data for data in many)


def test_a_failure_is_counted_with_its_traceback(monkeypatch):
    soak = _soak_module()

    def broken(data):
        raise RecursionError("planted")

    monkeypatch.setattr(soak, "warm_up", lambda: None)
    monkeypatch.setattr(soak, "check", broken)
    results = soak.soak(3, seed=7, workers=1)
    assert results["tracebacks"] == 3 and "RecursionError: planted" in results["failures"][0][1]
