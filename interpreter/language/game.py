"""What the card language needs to know of one game.

Each game package declares a `GameLanguage` in its `language.py`: the names
its file header accepts, its grammar file, the kinds of file it has, its
transformer, its rules model and its checks. The loader, the validator and
the CLI know the games only through this description.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from .diagnostics import register_codes
from .hints import Hints, Teaching
from .text import fold
from .transform import UnitTransformer

if TYPE_CHECKING:
    from .checks import Reporter
    from .constructs import Construct
    from .nodes import CardFile, CardList


@dataclass(frozen=True)
class FileKind:
    """One kind of file of a game: cards, a deck, a collection, the rules."""

    #: The kind's name in the AST: "cards", "basics" (BattleFight's basic
    #: techniques, which are cards too), "deck", "collection", "rules",
    #: "extension" (a designer's set built on a base: every game has it).
    name: Literal["cards", "basics", "deck", "collection", "rules", "extension"]
    #: The words a file header may use for it, as printed ("cartes", "deck").
    words: tuple[str, ...]
    #: The grammar rule that parses one unit of this kind of file.
    start: str
    #: How a file of this kind is cut into units: at each card title, or per line.
    unit: Literal["card", "line"]


#: The kinds of file that read one entry or parameter per line.
def deck_kind(*words: str) -> FileKind:
    """A deck file: `4 Décharge` per line."""
    return FileKind("deck", words, "list_entry", "line")


def collection_kind(*words: str) -> FileKind:
    """A collection file: `2 Vouivre des Brumes` per line."""
    return FileKind("collection", words, "list_entry", "line")


def rules_kind(*words: str) -> FileKind:
    """A rules file: `Points de vie : 20` per line."""
    return FileKind("rules", words, "param", "line")


#: An extension file: every game has this kind, without declaring it (see `language/sets.py`).
EXTENSION_KIND = FileKind("extension", ("extension", "expansion"), "param", "line")


#: A game's rules model (`BattleFightRules`), as its checks receive it.
R = TypeVar("R", bound=BaseModel)
#: A game's card node (`Technique`), as its checks and `card_name` receive it.
C = TypeVar("C", bound=BaseModel)


def _card_name(card: Any) -> str:
    """A card's `name` field (the cards of every game have one, no common base declares it)."""
    name: str = card.name
    return name


@dataclass(frozen=True)
class GameLanguage(Generic[R, C]):
    """The card language of one game, generic in its rules model and its cards' type."""

    #: The game's name on the command line: "battlefight".
    name: str
    #: The game's printed name: "BattleFight".
    title: str
    #: The names a file header may give the game, as printed.
    header_names: tuple[str, ...]
    #: The grammar file, in the grammar folder.
    grammar: str
    kinds: tuple[FileKind, ...]
    transformer: type[UnitTransformer]
    #: The pydantic model of the rules file; its field aliases are the
    #: parameters' printed names.
    rules_model: type[R]
    #: Checks of one card file beyond what the models check.
    check_cards: Callable[[CardFile, Reporter], None] | None = None
    #: Checks of the whole card set of the game (all its card files).
    check_set: Callable[[list[CardFile], R, Reporter], None] | None = None
    #: Checks of a deck or collection against the set and the rules.
    check_list: Callable[[CardList, dict[str, C], R, Reporter], None] | None = None
    #: The name of each card, for catalogues and duplicate checks.
    card_name: Callable[[C], str] = _card_name
    #: A card written back as canonical card text, from its title line on (`language/writing.py`).
    write_card: Callable[[C], str] | None = None
    #: The constructs declared in one place (`language/constructs.py`): their
    #: rules are added to the grammar file's, their `read` to the transformer.
    constructs: tuple[type[Construct], ...] = ()
    #: The folder of the files shipped with the game (played when no
    #: `--cards` is given); None: the `cards/<name>/` folder shipped with atout.
    shipped: Path | None = None
    #: The diagnostic codes only this game gives, with what each means (the shared ones are `diagnostics.SHARED_CODES`).
    codes: Mapping[str, str] = field(default_factory=dict, compare=False)
    #: What its constructs are for, with examples in its words: the hints a refused line gets (`language/hints.py`).
    teachings: tuple[Teaching, ...] = ()
    _kind_by_word: dict[str, FileKind] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if all(kind.name != "extension" for kind in self.kinds):
            object.__setattr__(self, "kinds", (*self.kinds, EXTENSION_KIND))
        for kind in self.kinds:
            for word in kind.words:
                self._kind_by_word[fold(word)] = kind
        register_codes(self.name, self.codes)

    @cached_property
    def hints(self) -> Hints:
        """Its teachings, ready to be compared with a refused line."""
        return Hints(self.teachings)

    @property
    def starts(self) -> tuple[str, ...]:
        """The grammar rules that parse units, one per kind of file."""
        return tuple(dict.fromkeys(kind.start for kind in self.kinds))

    @cached_property
    def construct_grammar(self) -> str:
        """The grammar rules the game's constructs add to its grammar file."""
        if not self.constructs:
            return ""
        from .constructs import grammar_rules
        from .parser import grammar_file_text

        return grammar_rules(self.constructs, grammar_file_text(self.grammar))

    def kind_named(self, word: str) -> FileKind | None:
        """The kind of file a header word names, case- and accent-blind."""
        return self._kind_by_word.get(" ".join(fold(word).split()))

    def kind_words(self) -> list[str]:
        """Every header word of every kind, for suggestions."""
        return [word for kind in self.kinds for word in kind.words]

    def header_example(self, kind: FileKind | None = None) -> str:
        """A valid header line, for messages: `BattleFight : cartes`."""
        return f"{self.title} : {(kind or self.kinds[0]).words[0]}"
