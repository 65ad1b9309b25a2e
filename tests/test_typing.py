"""The interpreter and the CLI type-check: `mypy`, with the settings of pyproject.toml, finds nothing.

mypy is one of the test tools (`pip install -e '.[test]'`), so the test suite,
and every run of it, keeps the code typed. It checks the folders of this
checkout: `typecheck/atout/` maps the `atout.*` imports onto them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_interpreter_and_the_cli():
    pytest.importorskip("mypy", reason="mypy is installed with the test tools: pip install -e '.[test]'")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
    # It checked this checkout's files, all of them (not an installed copy, not nothing).
    checked = int(result.stdout.split(" in ")[1].split()[0])
    assert checked >= len(list((ROOT / "interpreter").rglob("*.py"))) + len(list((ROOT / "cli").rglob("*.py")))


def test_the_core_is_held_to_every_flag_of_mypy_strict():
    """The engine and the language, the core every game stands on, are held to `mypy --strict` by pyproject.toml.

    The run above applies pyproject.toml's settings: this test checks that
    they turn on, for the core's modules, every flag that `--strict` turns on
    (as this mypy lists them), so that the one run checks the core strictly.
    A flag mypy only takes for the whole run (`warn_redundant_casts`) is set
    for the whole run.
    """
    pytest.importorskip("mypy", reason="mypy is installed with the test tools: pip install -e '.[test]'")
    import tomllib

    from mypy.main import define_options

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    core = next(o for o in config["overrides"] if "atout.interpreter.engine.*" in o["module"] and "atout.interpreter.language.*" in o["module"])
    _, _, strict = define_options()
    whole_run = {"warn_redundant_casts"}
    for flag, value in strict:
        if flag == "implicit_reexport":
            assert core.get("no_implicit_reexport") is (not value), flag
        elif flag in whole_run:
            assert config.get(flag) is value, f"{flag} is set for the whole run in [tool.mypy]"
        else:
            assert core.get(flag) is value, f"the core's override in pyproject.toml lacks {flag} = {str(value).lower()}"
