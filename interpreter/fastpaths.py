"""The fast paths, and the one switch that turns them all off: `ATOUT_PLAIN=1`.

atout reads and plays along one readable path. Where that path was too slow
for a designer's loop (thousands of games, a folder validated at each save),
a faster path sits beside it, and gives the very same result: the same
cards read, the same games played, decision for decision. Each is listed
here with the plain path beside it:

| fast path | where | the plain path beside it |
|---|---|---|
| decisions answered inside the state, where the game poses them (`answer_inside`, `ask_last`, `ask_among`, `ask_draw`, `drawn_here`, `answered_here`), in a game nobody watches or a lab's game | `engine/agenda.py` | `play_game`'s loop asks every decision: chance's sampler and each player's `choose` |
| a state's fields in a dictionary of its own once it is copied (`clone`) | `engine/agenda.py` | a plain shallow copy (`copy.copy`) |
| a card's construct built while its line is parsed (`UnitBuilder`) | `language/building.py` | Lark's parse tree, then the game's transformer |
| parser tables shipped with atout or kept on disk, and parsed files kept on disk | `language/tables.py`, `language/cache.py` | the grammar built by Lark, every file parsed anew |

With `ATOUT_PLAIN=1` in the environment, a process takes the plain path
everywhere: slower, and the same results. `tests/test_fast_paths.py` plays
and reads the same things both ways, in processes of their own, and compares
what they print; a change to a fast path that a game could tell fails it.
The switch is read once, when atout is imported.
"""

from __future__ import annotations

import os

#: The environment variable that turns every fast path off.
VARIABLE = "ATOUT_PLAIN"

#: False when `ATOUT_PLAIN` is set (to anything but "" or "0"): every fast path is then left for its plain path.
FAST: bool = os.environ.get(VARIABLE, "") in ("", "0")
