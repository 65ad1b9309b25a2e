"""Source text: decoding, folding for case- and accent-blind keywords, places.

Designers type keywords as they like: "Corps À Corps", "corps a corps",
"Defausser", "S’Empêcher" with a typographic apostrophe. Rather than spell
every keyword as a regular expression with accent classes, the source is
*folded* before it is lexed: each character is replaced by exactly one
character (lower case, accent removed, typographic apostrophes and minus signs
made plain). Folding never changes the length of the text, so every position
Lark reports in the folded text is also a position in the original text, and
names (card titles, deck entries) are read back from the original, accents
and capitals intact.
"""

from __future__ import annotations

import unicodedata

from atout.interpreter.errors import AtoutError

#: Characters folded to a plain one beyond case and accents.
_SPECIAL = {
    "\u2019": "'",  # right single quotation mark, the printed apostrophe
    "\u2018": "'",
    "\u02bc": "'",
    "\u2212": "-",  # minus sign, as printed in "Vitesse −1"
    "\u2013": "-",  # en dash
    "\u00a0": " ",  # no-break space
    "\u202f": " ",  # narrow no-break space (French typography before ":" and ";")
    "\u00ab": '"',  # « and » as quotation marks
    "\u00bb": '"',
    "\u201c": '"',
    "\u201d": '"',
    "\t": " ",
    "\r": " ",
    "\u00d7": "x",  # the multiplication sign of "4 × Jab"
}


class _FoldTable(dict[int, str]):
    """A `str.translate` table that computes and remembers each character's fold."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        folded = _SPECIAL.get(char)
        if folded is None:
            base = unicodedata.normalize("NFD", char)[0]
            lowered = base.lower()
            folded = lowered if len(lowered) == 1 else base
        self[code] = folded
        return folded


_TABLE = _FoldTable()


def fold(text: str) -> str:
    """Return `text` folded character by character; the length is unchanged."""
    return text.translate(_TABLE)


#: The largest file atout reads. A card file is a few kilobytes; a generated
#: test set of ten thousand cards is about a megabyte.
MAX_FILE_BYTES = 8 * 1024 * 1024


class UnreadableFile(AtoutError):
    """The bytes of a file cannot be read as card text; `reason` says why."""

    def __init__(self, reason: str, line: int = 1, column: int = 1):
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column


def decode(data: bytes) -> str:
    """Decode a card file's bytes as UTF-8 text, or raise `UnreadableFile`.

    A byte-order mark is accepted and dropped; Windows line ends are made
    plain. Binary data (a NUL byte) and other encodings are refused with the
    place of the first offending byte.
    """
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableFile(f"the file is {len(data):,} bytes; atout reads card files of at most {MAX_FILE_BYTES:,} bytes: split it into several files")
    nul = data.find(b"\x00")
    if nul >= 0:
        line, column = _place_of_byte(data, nul)
        raise UnreadableFile("this is a binary file, not card text (it holds a NUL byte)", line, column)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _place_of_byte(data, error.start)
        raise UnreadableFile(f"byte 0x{data[error.start]:02x} is not UTF-8: save the file as UTF-8", line, column) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _place_of_byte(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (both from 1, the column in characters) of the byte at `offset`.

    The bytes before it on its line are decoded to count their characters (a
    byte that is not UTF-8 counts as one); a byte-order mark is not counted.
    """
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    if start == 0 and data.startswith(b"\xef\xbb\xbf") and offset >= 3:
        start = 3
    before = data[start:offset].decode("utf-8", errors="replace")
    return line, len(before) + 1
