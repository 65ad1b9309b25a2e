"""A cache of whole `atout validate` runs: a set of files checked before, unchanged, is answered at once.

A designer runs `atout validate` on every save and in CI, where nothing has
usually changed since the last run. The cache of checked files (`cache.py`)
spares reading each file again, but the checks that span files, and
importing the parser and the models, still cost most of a second. This
cache keeps what a whole run printed and its exit code, with everything the
run depended on:

- the command's options, the paths as given and the working folder;
- atout's own grammars and code (`store.code_digest`), the games installed
  (their entry points) and the code of those installed apart from atout and
  of those `ATOUT_GAMES` adds;
- every file the run read (the files checked, the shipped files and base
  sets they extend), by the digest of its bytes, and every folder it listed,
  with its listing.

A run is answered from the cache only when all of these are the same as
when it was kept; anything else (a file changed, added, removed, unreadable)
runs the check again. The entries live in the private store (`store.py`),
as JSON; this module imports only the standard library, so that an answer
costs no more than starting Python and reading the files' bytes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .inputs import Inputs, current_digest, listing_now
from .store import code_digest, folder, private_folder, read_private, write_private

#: The largest answer kept (the text printed).
MAX_ANSWER_BYTES = 8 * 1024 * 1024


@dataclass
class Answer:
    """What a run printed, and its exit code."""

    stdout: str
    stderr: str
    code: int


def _declared_games() -> list[str]:
    """The lines of the entry-point group `atout.games` of every distribution on `sys.path`, in path order.

    Read from the distributions' `entry_points.txt` files directly:
    `importlib.metadata` costs more to import than a whole answer.
    """
    import sys

    lines: list[str] = []
    for place in sys.path:
        try:
            entries = sorted(os.scandir(place or "."), key=lambda entry: entry.name)
        except OSError:
            continue  # a zip file, a folder that is gone
        for entry in entries:
            if not entry.name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                text = Path(entry.path, "entry_points.txt").read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            section = ""
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("["):
                    section = line
                elif section == "[atout.games]" and "=" in line:
                    lines.append(line)
    return lines


def _module_digest(hasher: Any, name: str) -> bool:
    """Add a module's code (its package's whole folder) to `hasher`; False if it cannot be found."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return False
    if spec is None or spec.origin is None:
        return False
    origin = Path(spec.origin)
    roots = [origin.parent] if origin.name == "__init__.py" else [origin]
    hasher.update(name.encode())
    for root in roots:
        for path in sorted(root.rglob("*") if root.is_dir() else [root]):
            if path.suffix in (".py", ".lark", ".atout"):
                hasher.update(str(path).encode() + b"\0" + path.read_bytes())
    return True


def _plugins_digest() -> str | None:
    """The code of the games installed apart from atout and of those ATOUT_GAMES adds; None if one cannot be found.

    An installed game is found by its entry point (`atout.games`); its
    top-level package is digested whole (atout's own code is in `code_digest`).
    """
    hasher = hashlib.sha256()
    declared = _declared_games()
    hasher.update("\n".join(declared).encode())
    installed = {line.partition("=")[2].strip().partition(":")[0].partition(".")[0] for line in declared}
    variable = filter(None, (part.strip() for part in os.environ.get("ATOUT_GAMES", "").split(",")))
    for name in [*sorted(installed - {"atout"}), *variable]:
        if not _module_digest(hasher, name):
            return None
    return hasher.hexdigest()


def key(command: str, options: list[Any]) -> str | None:
    """The key of a run of `command` with these options here; None when it cannot be cached (or the cache is off)."""
    if folder() is None:
        return None  # nothing is kept: no need to go through atout's code for its digest
    plugins = _plugins_digest()
    if plugins is None:
        return None
    data = json.dumps([command, options, os.getcwd(), code_digest(), plugins], ensure_ascii=False, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


def _entry(place: Path, run_key: str) -> Path:
    return place / f"run-{run_key}.json"


def load(run_key: str) -> Answer | None:
    """The answer kept for this run, if every file and folder it read is as it was (None for an entry of any other shape)."""
    place = private_folder()
    if place is None:
        return None
    raw = read_private(_entry(place, run_key), MAX_ANSWER_BYTES)
    if raw is None:
        return None
    try:
        kept = _checked(json.loads(raw))
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    if kept is None:
        return None
    files, listings, answer = kept
    for listed_folder, listed in listings.items():
        if listing_now(listed_folder) != listed:
            return None
    for path, digest in files.items():
        if current_digest(path) != digest:
            return None
    return answer


def _checked(kept: Any) -> tuple[dict[str, str], dict[str, list[str] | None], Answer] | None:
    """An entry's files, listings and answer, if it has the shape `store` gives it (None otherwise)."""
    if not isinstance(kept, dict):
        return None
    files, listings = kept.get("files"), kept.get("listings")
    stdout, stderr, code = kept.get("stdout"), kept.get("stderr"), kept.get("code")
    if not (isinstance(files, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())):
        return None
    if not (isinstance(listings, dict) and all(isinstance(k, str) and _is_listing(v) for k, v in listings.items())):
        return None
    if not (isinstance(stdout, str) and isinstance(stderr, str) and type(code) is int):
        return None
    return files, listings, Answer(stdout, stderr, code)


def _is_listing(value: Any) -> bool:
    """A folder's listing as kept: a list of paths, or None for a folder that was not there."""
    return value is None or (isinstance(value, list) and all(isinstance(item, str) for item in value))


def store(run_key: str, inputs: Inputs, answer: Answer) -> None:
    """Keep a run's answer with what it read."""
    place = private_folder()
    if place is None:
        return
    data = json.dumps(
        {"files": inputs.files, "listings": inputs.listings, "stdout": answer.stdout, "stderr": answer.stderr, "code": answer.code},
        ensure_ascii=False,
    ).encode()
    if len(data) <= MAX_ANSWER_BYTES:
        write_private(_entry(place, run_key), data)
