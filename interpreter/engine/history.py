"""Earlier texts of the shipped files: a record made with them replays after they changed.

A record names each shipped file by the digest of its text. When a shipped
file's text changes (rewritten in canonical form, a card corrected), the
text it had is kept in `cards/.history/<game>/<generation>/<name>.txt`: a
*generation* is one change of the shipped files, numbered from 1, and holds
the earlier text of every file that change touched. So:

- a record of format version 2 whose shipped file's digest is not this
  atout's is replayed with the earlier text of that digest, if kept;
- a record of format version 1 (one digest for the whole set) is replayed
  with the set as it was before a generation: every file changed since then
  as it was.

The files are the same as when the game was played, text for text: nothing
is trusted that the digests do not check.
"""

from __future__ import annotations

from functools import cache

from atout.cards import CARDS_DIR

from .loading import text_digest

HISTORY = CARDS_DIR / ".history"
#: What a kept text's file name adds to the shipped file's name.
SUFFIX = ".txt"


@cache
def generations(game: str) -> tuple[dict[str, str], ...]:
    """Each generation of a game's shipped files, newest first: the earlier text of each file it changed, by name."""
    folder = HISTORY / game
    if not folder.is_dir():
        return ()
    numbered = sorted((int(p.name), p) for p in folder.iterdir() if p.is_dir() and p.name.isdigit())
    found = []
    for _, generation in reversed(numbered):
        texts = {path.relative_to(generation).as_posix()[: -len(SUFFIX)]: path.read_text(encoding="utf-8") for path in sorted(generation.rglob(f"*{SUFFIX}"))}
        found.append(texts)
    return tuple(found)


def earlier_text(game: str, name: str, digest: str) -> str | None:
    """The earlier text of a shipped file with this digest, if kept."""
    for texts in generations(game):
        text = texts.get(name)
        if text is not None and text_digest(text) == digest:
            return text
    return None


def sets_before(game: str, current: dict[str, str]) -> list[dict[str, str]]:
    """The whole shipped set as it was before each generation, newest first (from the current texts, by name)."""
    sets = []
    texts = dict(current)
    for generation in generations(game):
        texts = {**texts, **generation}
        sets.append(dict(texts))
    return sets
