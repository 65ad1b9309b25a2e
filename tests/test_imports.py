"""Every module of the interpreter imports first, alone: no import cycle depends on which module comes first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.startswith("atout.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:  # noqa: BLE001 - reported
        failed.append(f"{name}: {type(error).__name__}: {error}")
print("\\n".join(failed))
"""


def test_every_module_imports_first():
    names = [
        "atout.interpreter." + ".".join(path.relative_to(ROOT / "interpreter").with_suffix("").parts)
        for path in sorted((ROOT / "interpreter").rglob("*.py"))
        if path.name != "__init__.py"
    ]
    assert len(names) > 50
    result = subprocess.run([sys.executable, "-c", SCRIPT, *names], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
