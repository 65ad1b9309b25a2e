"""What a card's face shows, per game: read from the card's canonical text.

A `Face` is what the canonical text (the game's `write_card`, what `atout
fmt` writes) says: its title; its type line's words and figures (`cost 3`,
`influence 1`, `3 copies`); a line of statistics; the rest as text. So a
card of a new kind, or written with a new construct, has a face the day it
is written. A `PrintedFace` lays a `Face` out as the game's printed cards
are; the gallery, the replay viewer and `atout print` draw it alike (see
`cards.py`):

- BattleFight: the technique's steps numbered, in order, each with its
  keyword's family (condition, effect, permanent, Stable: the rules' kinds)
  and its modifier (`L'adversaire a`, `Tout le monde a`) printed above it;
  coloured by the technique's type;
- Dans les Cordes: the card's type, its cost in energy in the corner, its
  effects; boxers and the GONG show what the rules file says of them;
  coloured by type;
- Duel pour Cardia: the influence in the corner, the faction, the ability;
  a Lieu its difficulty and its rule; coloured by faction;
- Duel de dragons: the four statistics with their total, against the
  range of totals the rules give the card's rarity; coloured by rarity.

A type, faction or rarity the module does not know (a designer's new one)
gets a colour of its own, the same every time. Each card may have art: an
image in the set's `art/` folder named after the card (see `find_art`);
without one, the face shows a tidy placeholder with the type's icon.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.interpreter.language.text import fold

#: A part of a type line that is a figure: "cost 3", "influence 1", "3 copies", "difficulté ★★".
_FIGURE = re.compile(r"^(?:[^\d]+ \d+|\d+ [^\d]+|[^\d★]+ ★+)$")
#: A line of statistics: "Puissance 48 · Ruse 30 · Savoir 18 · Charisme 26".
_STATS = re.compile(r"^(?:[^\d·]+ -?\d+)(?: · [^\d·]+ -?\d+)+$")


@dataclass
class Face:
    """What a card's face shows, read from its canonical text."""

    title: str
    words: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    stats: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    #: The card's file, by name (shown on the face) and as found (to tell a designer's files from the base's).
    source: str = ""
    path: str = ""
    #: For a designer's set over a base, how the card stands to it (a key of the gallery's `MARKS`); "" for a set of its own.
    mark: str = ""


def face(text: str, source: str = "") -> Face:
    """A card's face from its canonical text (`== Title ==`, the type line, then the rest)."""
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    title = lines[0].strip().strip("=").strip()
    result = Face(title, source=source)
    if len(lines) > 1:
        for part in (p.strip() for p in lines[1].split("·")):
            (result.figures if _FIGURE.match(part) else result.words).append(part)
    rest = []
    for line in lines[2:]:
        if _STATS.match(line.strip()):
            result.stats = [tuple(part.strip().rsplit(" ", 1)) for part in line.split("·")]  # type: ignore[misc]
        else:
            rest.append(line)
    result.text = "\n".join(rest).strip("\n")
    return result


#: The language each game's cards are written in (the `lang` of its pages); a game not listed gets none.
LANGUAGES_OF_CARDS: dict[str, str] = {"battlefight": "fr", "cordes": "en", "cardia": "fr", "dragons": "fr"}

#: Each game's colours, by the word of the type line that colours its cards.
COLOURS: dict[str, dict[str, str]] = {
    "battlefight": {"Attaque": "#b3261e", "Défense": "#1d5fb4", "Déplacement": "#2e7d32", "Concentration": "#6a1b9a", "Rhétorique": "#a15c00"},
    "cordes": {"ATTACK": "#c62828", "DEFENSE": "#1565c0", "RIPOSTE": "#d84315", "RECOVERY": "#2e7d32", "CHARACTER": "#37474f", "GONG": "#8d6e00"},
    "cardia": {"Rébellion": "#b71c1c", "Guilde": "#8d6e00", "Académie": "#1a3a7e", "Dynastie": "#5b1f8a", "Lieu": "#455a64"},
    "dragons": {"Commune": "#546e7a", "Rare": "#1565c0", "Épique": "#6a1b9a", "Légendaire": "#c25e00", "Mythique": "#b71c1c"},
}
#: Colours for the words no game names (a designer's new type): one is picked by the word, always the same.
SPARE_COLOURS = ("#00695c", "#4e342e", "#283593", "#827717", "#ad1457", "#33691e", "#4527a0", "#bf360c")

#: BattleFight's keywords by family (the rules' kinds), longest first where one starts another.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("Si Possible Défausser", "effect"),
    ("Corps à Corps", "condition"),
    ("Distance", "condition"),
    ("Défausser", "condition"),
    ("Se Blesser", "effect"),
    ("Blesser", "effect"),
    ("Bloquer", "effect"),
    ("Piocher", "effect"),
    ("Pousser", "effect"),
    ("Se Déplacer", "effect"),
    ("Rejouer", "effect"),
    ("Déstabiliser", "effect"),
    ("Stable", "stable"),
    ("Force", "permanent"),
    ("Protection", "permanent"),
    ("Vitesse", "permanent"),
    ("Charme", "permanent"),
    ("S'Empêcher", "permanent"),
)
#: BattleFight's step modifiers, printed above their step.
MODIFIERS = ("L'adversaire a", "Tout le monde a")

#: The icon of each word a face shows with one (types, families, statistics, figures); see `icons.py`.
ICONS: dict[str, str] = {
    "Attaque": "sword",
    "Défense": "shield",
    "Déplacement": "boot",
    "Concentration": "eye",
    "Rhétorique": "speech",
    "condition": "diamond",
    "effect": "star",
    "permanent": "pin",
    "stable": "anchor",
    "ATTACK": "fist",
    "DEFENSE": "shield",
    "RIPOSTE": "swap",
    "RECOVERY": "cross",
    "CHARACTER": "person",
    "GONG": "bell",
    "cost": "bolt",
    "copies": "stack",
    "Rébellion": "flame",
    "Guilde": "coin",
    "Académie": "book",
    "Dynastie": "crown",
    "Lieu": "tower",
    "Protecteur": "leaf",
    "influence": "crown",
    "difficulté": "tower",
    "Dragon": "wing",
    "Personnage": "person",
    "Puissance": "fist",
    "Ruse": "mask",
    "Savoir": "book",
    "Charisme": "star",
    "Starting life": "heart",
    "Starting energy": "bolt",
    "Starting hand": "stack",
    "Hand limit": "stack",
    "GONGs that end the game": "bell",
    "GONG bonus life": "heart",
    "GONG bonus energy": "bolt",
    "Cards removed at each GONG": "stack",
}

#: The image files a card's art may be, in the order they are looked for.
ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg")


@dataclass(frozen=True)
class Step:
    """A BattleFight step as printed: its modifier (or ""), its text, its keyword's family."""

    modifier: str
    text: str
    family: str

    @property
    def icon(self) -> str:
        """The icon of the step's family."""
        return ICONS.get(self.family, "dot")


@dataclass
class PrintedFace:
    """A card as printed: what its face shows, and how many copies to print."""

    game: str
    title: str
    #: The type line's words (type, faction, rarity…), in order.
    words: list[str]
    #: The word that colours the card, its colour and its icon.
    colour_word: str
    colour: str
    icon: str
    #: The corner's figures: (icon, label, value), e.g. ("bolt", "cost", "3").
    figures: list[tuple[str, str, str]] = field(default_factory=list)
    #: Statistics: (icon, name, value).
    stats: list[tuple[str, str, str]] = field(default_factory=list)
    #: Duel de dragons: the total of the statistics, and the range the rules give its rarity ("" if none).
    total: int | None = None
    band: str = ""
    in_band: bool = True
    #: BattleFight: the steps, numbered on the face.
    steps: list[Step] = field(default_factory=list)
    #: The other lines of text (effects, ability, rule, powers).
    lines: list[str] = field(default_factory=list)
    #: The art's file (an absolute path), or None for the placeholder.
    art: Path | None = None
    #: The copies to print.
    copies: int = 1
    #: How much the title's and the text's type are shrunk to fit (1: not at all); see `render.fit`.
    title_scale: float = 1.0
    text_scale: float = 1.0
    #: A title too long for one line even somewhat smaller is set on two (see `render.fit`).
    title_wrap: bool = False

    @property
    def key(self) -> str:
        """A name for files: the title folded to letters, digits and dashes."""
        return slug(self.title)

    @property
    def text(self) -> str:
        """Every line of the face's text, as printed (for searching a page's text)."""
        parts = [f"{s.modifier} {s.text}".strip() for s in self.steps] + self.lines
        return "\n".join(parts)


def slug(text: str) -> str:
    """`Élan du Phénix` → `elan-du-phenix`: accents folded, anything but letters and digits a dash."""
    return re.sub(r"[^a-z0-9]+", "-", fold(text).lower()).strip("-") or "card"


def colour_of(game: str, word: str) -> str:
    """The colour of a type line's word in a game: its own, or a spare one picked by the word."""
    known = COLOURS.get(game, {}).get(word)
    if known is not None:
        return known
    digest = hashlib.sha256(word.encode("utf-8")).digest()
    return SPARE_COLOURS[digest[0] % len(SPARE_COLOURS)]


def split_step(text: str) -> Step:
    """A BattleFight step's text: its modifier, the rest, the family of its keyword."""
    modifier = ""
    for known in MODIFIERS:
        if fold(text.lower()).startswith(fold(known.lower()) + " "):
            modifier, text = text[: len(known)], text[len(known) + 1 :].lstrip()
            break
    folded = fold(text.lower())
    family = next((kind for word, kind in FAMILIES if folded.startswith(fold(word.lower()))), "effect")
    return Step(modifier, text, family)


def _figure(text: str) -> tuple[str, str, str]:
    """`cost 3` → ("bolt", "cost", "3"); `3 copies` → ("stack", "copies", "3"); `difficulté ★★` likewise."""
    parts = text.split(" ")
    if parts[0][:1].isdigit():
        value, label = parts[0], " ".join(parts[1:])
    else:
        label, value = " ".join(parts[:-1]), parts[-1]
    return ICONS.get(label, "dot"), label, value


def _copies(face: Face) -> int:
    """The copies a card says it has (`3 copies`), else 1."""
    for figure in face.figures:
        found = re.match(r"^(\d+) cop(?:y|ies)$", figure)
        if found:
            return int(found[1])
    return 1


def bands(rules: Any) -> dict[str, tuple[int, int]]:
    """Duel de dragons: each rarity's range of totals, from the rules (`Total Commune : 100 à 179`)."""
    found: dict[str, tuple[int, int]] = {}
    if rules is None:
        return found
    for name, info in type(rules).model_fields.items():
        alias = info.alias or name
        if alias.startswith("Total "):
            value = getattr(rules, name)
            low, high = getattr(value, "minimum", None), getattr(value, "maximum", None)
            if isinstance(low, int) and isinstance(high, int):
                found[alias.removeprefix("Total ")] = (low, high)
    return found


def printed(game: str, face: Face, rules_bands: dict[str, tuple[int, int]] | None = None) -> PrintedFace:
    """The printed face of a card of `game` from the gallery's reading of its canonical text."""
    words = list(face.words)
    colour_word = _colour_word(game, words)
    icon = ICONS.get(colour_word) or next((ICONS[w] for w in words if w in ICONS), "dot")
    if game == "cardia" and words and words[0] in ("Lieu", "Protecteur"):
        icon = ICONS[words[0]]
    elif game == "dragons" and words:
        icon = ICONS.get(words[0], icon)
    result = PrintedFace(game, face.title, words, colour_word, colour_of(game, colour_word), icon, copies=_copies(face))
    result.figures = [_figure(f) for f in face.figures if not re.match(r"^\d+ cop(?:y|ies)$", f)]
    result.stats = [(ICONS.get(name, "dot"), name, value) for name, value in face.stats]
    lines = [line.strip() for line in face.text.split("\n") if line.strip()]
    if game == "battlefight" and lines:
        result.steps = [split_step(part.strip()) for part in lines[0].split(" ; ") if part.strip()]
        lines = lines[1:]
    result.lines = lines
    if game == "dragons" and len(face.stats) == 4 and all(re.fullmatch(r"-?\d+", value) for _, value in face.stats):
        result.total = sum(int(value) for _, value in face.stats)
        rarity = words[-1] if words else ""
        band = (rules_bands or {}).get(rarity)
        if band is not None:
            result.band = f"{band[0]}–{band[1]}"
            result.in_band = band[0] <= result.total <= band[1]
    return result


def _colour_word(game: str, words: list[str]) -> str:
    """The type line's word that colours the card: the type (BattleFight, Cordes), the faction or Lieu (Cardia), the rarity (dragons)."""
    if not words:
        return ""
    if game in ("cardia", "dragons"):
        return words[-1] if game == "dragons" or words[0] != "Lieu" else "Lieu"
    return words[0]


def find_art(folders: list[Path], title: str) -> Path | None:
    """A card's art: `<folder>/art/<name><suffix>`, the name being the title as written or its slug (`elan-du-phenix.png`)."""
    names = [title, slug(title)]
    for folder in folders:
        art = folder / "art"
        if not art.is_dir():
            continue
        for name in names:
            for suffix in ART_SUFFIXES:
                candidate = art / f"{name}{suffix}"
                if candidate.is_file():
                    return candidate.resolve()
    return None
