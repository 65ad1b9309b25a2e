"""No dead code in atout: what vulture finds unused at 80% confidence or more.

That is a parameter or a variable never read, code after a `return`, an
import of a name used nowhere (dead functions and classes are found at 60%
only, among many false alarms: they are looked for by hand).

Two names are used by the libraries that call atout's functions, not by
atout: the language server's handlers take the server as `ls` (pygls finds
it by that name) and Lark's grammar loader is called with a `base_path`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import atout.cli as cli
import atout.interpreter as interpreter

vulture = pytest.importorskip("vulture", reason="vulture is in the test extra: pip install -e '.[test]'")

#: Parameters whose names the calling library sets, never read by atout.
CALLED_BY_LIBRARIES = ["ls", "base_path"]

CONFIDENCE = 80


def unused(paths: list[Path]) -> list[str]:
    """What vulture finds unused in these folders or files, one line each (file:line: message)."""
    finder = vulture.Vulture(ignore_names=CALLED_BY_LIBRARIES)
    finder.scavenge([str(path) for path in paths])
    return [item.get_report(add_size=False) for item in finder.get_unused_code(min_confidence=CONFIDENCE)]


def test_atout_has_no_dead_code() -> None:
    found = unused([Path(interpreter.__file__).parent, Path(cli.__file__).parent])
    assert found == [], "dead code (remove it, or name it in CALLED_BY_LIBRARIES if a library uses it):\n" + "\n".join(found)


def test_the_scan_sees_dead_code(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import os\n\n\ndef f(x, unread):\n    return x\n    print('never')\n", encoding="utf-8")
    found = unused([module])
    assert any("unused import 'os'" in line for line in found), found
    assert any("unreachable code" in line for line in found), found
    assert any("unused variable 'unread'" in line for line in found), found
