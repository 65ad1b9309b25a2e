"""A module read through `Lazy` is imported at its first use; each name read is kept."""

from __future__ import annotations

import copy
import subprocess
import sys

import pytest

from atout.interpreter.engine.lazy import Lazy


def test_a_lazy_module_is_imported_at_the_first_name_read_and_each_name_is_kept(tmp_path, monkeypatch):
    (tmp_path / "lazy_sample_module.py").write_text("LOADS = []\nLOADS.append(1)\n\ndef double(n):\n    return 2 * n\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("lazy_sample_module", None)
    module = Lazy("lazy_sample_module")
    assert "lazy_sample_module" not in sys.modules  # not imported yet
    assert module.double(4) == 8 and "lazy_sample_module" in sys.modules
    assert "double" in vars(module)  # kept: the next read is a plain attribute
    assert module.double is sys.modules["lazy_sample_module"].double and module.LOADS == [1]  # imported once
    assert repr(module) == "Lazy('lazy_sample_module')"
    with pytest.raises(AttributeError):
        module.missing_name  # noqa: B018  (reading it is the test)
    with pytest.raises(AttributeError):
        module.__wrapped__  # noqa: B018  special names are not the module's: copies and introspection see a plain object
    assert copy.copy(module).double(1) == 2
    sys.modules.pop("lazy_sample_module", None)


def test_reading_a_game_s_cards_imports_none_of_its_rules_steps():
    # the AST of a game runs its steps through `steps.py`, read lazily: reading cards (a `validate`) stays light
    code = "import sys\nimport atout.interpreter.games.battlefight.ast as ast\nprint('atout.interpreter.games.battlefight.steps' in sys.modules)\nprint(ast._steps.draw.__module__)\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "atout.interpreter.games.battlefight.steps"]
