"""Every module of the interpreter imports first, alone: no import cycle depends on which module comes first."""

from __future__ import annotations

import os
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
    names = ["atout.interpreter." + ".".join(path.relative_to(ROOT / "interpreter").with_suffix("").parts) for path in sorted((ROOT / "interpreter").rglob("*.py")) if path.name != "__init__.py"]
    assert len(names) > 50
    # each module is imported with every atout module forgotten first; the list shared between processes, one a core
    shares = max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))
    running = [subprocess.Popen([sys.executable, "-c", SCRIPT, *names[share::shares]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for share in range(shares)]
    try:
        for process in running:
            out, err = process.communicate(timeout=300)
            assert process.returncode == 0, err
            assert out.strip() == ""
    finally:
        for process in running:
            if process.poll() is None:
                process.kill()
                process.communicate()


def test_node_modules_do_not_postpone_annotations():
    """Modules that define AST nodes keep their annotations as objects (see `language/nodes.py`)."""
    import __future__

    from atout.interpreter.games import LANGUAGES  # noqa: F401 - defines every game's nodes
    from atout.interpreter.language.models import models_of

    modules = {sys.modules[model.__module__] for model in models_of("atout.interpreter")}
    assert len(modules) > 20
    postponed = sorted(module.__name__ for module in modules if getattr(module, "annotations", None) is __future__.annotations)
    assert postponed == []
