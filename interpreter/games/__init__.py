"""atout's four games, each a package that the core finds as a plug-in.

Each game's package is declared in `pyproject.toml` as an entry point of the
group `atout.games`, as a game installed as its own package would be; the
core (`atout.interpreter.language.registry` for the languages,
`atout.interpreter.engine.registry` for the engines) finds them there and
never imports them by name.

For notebooks and scripts, this package still gives the registry under its
former names: `LANGUAGES`, `ENGINES`, `register` and `unregister` are the
core registry's own.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """The core registry's `LANGUAGES` and `ENGINES` (filled on first use), `register` and `unregister`."""
    if name == "LANGUAGES":
        from atout.interpreter.language.registry import languages

        return languages()
    if name in ("ENGINES", "register", "unregister"):
        from atout.interpreter.engine import registry

        return registry.engines() if name == "ENGINES" else getattr(registry, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
