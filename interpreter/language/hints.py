"""Hints: what a refused line probably meant, and how the game writes it.

A syntax error says where the text stops making sense, what was expected
and the nearest known word. A designer who wrote an idea in the wrong form
(`Savoir +20 si la carte adverse est un Dragon` in Duel de dragons) learns
little from `"+" has no place here; expected a number`. Each game therefore
declares, with its language, what its constructs are for and an example of
each, in its own words (`Teaching`); a refused line is compared with every
example, and the nearest one, if it is near enough, gives a hint::

    hint: to add to a statistic when a condition holds, write a `Pouvoir :` line:
          Pouvoir : si la carte adverse est un Dragon : +20 en Savoir.

How near is measured on words: both lines are folded (case- and
accent-blind), numbers are dropped (a sign stays a word: `+` is an idea),
and the words they share are weighed by how rare each is among the game's
examples (a shared `carte` says less than a shared `égalités`); the share
of the refused line's weight that the example covers and the share of the
example's weight that the line covers are averaged, with a little more for
the same first word. Below `THRESHOLD` nothing is said: a line of words the
game never uses gets no hint rather than a wrong one. The threshold was
chosen on the refused lines of `tests/test_hints.py` (ideas written in the
wrong form, and lines of noise that must get none).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .text import fold

#: The least score (0 to 1) a refused line must reach with an example for a hint.
THRESHOLD = 0.45
#: What the same first word adds to a score.
FIRST_WORD_BONUS = 0.1
#: The longest refused line compared (longer ones are cut: the start says what was meant).
LONGEST_LINE = 300
#: The fewest words the rest of a line from a refused word must have to be compared on its own.
MIN_REST = 3
#: Words are compared by their first letters only, so that "pioche", "piocher" and "piochent" are one word.
STEM = 5

_WORDS = re.compile(r"[a-z]+|[+-](?=\s*\d)|[+-]\s*autant")


def words(text: str) -> list[str]:
    """The words a line is compared by: folded, numbers dropped, a sign before a number kept as `+` or `-`."""
    found = []
    for word in _WORDS.findall(fold(text[:LONGEST_LINE])):
        found.append(word[0] if word[0] in "+-" else word[:STEM])
        if word[0] in "+-" and word.endswith("autant"):
            found.append("autant"[:STEM])
    return found


@dataclass(frozen=True)
class Teaching:
    """What a construct (or a line of a card) is for, the line it is written on, and examples of it."""

    #: What it does, as a designer would ask for it: "to add to a statistic when a condition holds".
    purpose: str
    #: The line it is written on, as printed at the line's start: "Pouvoir :", "Cannot be countered".
    form: str
    #: Whole lines that use it, in the game's words; the first is the one a hint shows unless another is nearer.
    examples: tuple[str, ...]
    #: The constructs it teaches, by their grammar rule (`Construct.rule()`: "bonus"), for the
    #: check that every construct is taught; none for a line that is no construct (a card's kind).
    constructs: tuple[str, ...] = ()
    #: What the form is written as: a "line" of the card, or a "step" of a line (BattleFight).
    unit: str = "line"
    #: Other ways a designer says the same idea ("infliger des dégâts"), compared as examples are, never shown.
    also: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The name tests and reports give it: its first construct's rule, else its form."""
        return self.constructs[0] if self.constructs else self.form


def teach(purpose: str, form: str, *examples: str, constructs: Iterable[str] = (), unit: str = "line", also: Iterable[str] = ()) -> Teaching:
    """A `Teaching`: `teach("to …", "Pouvoir :", "Pouvoir : …", constructs=("bonus",), also=("bonus de",))`."""
    if not examples:
        raise ValueError(f"{purpose}: give at least one example")
    return Teaching(purpose, form, tuple(examples), tuple(constructs), unit, tuple(also))


@dataclass(frozen=True)
class Guess:
    """The teaching nearest to a refused line, with its nearest example and the score."""

    teaching: Teaching
    example: str
    score: float


@dataclass(frozen=True)
class _Words:
    """Some words as they are compared: their set, its total weight and the first word."""

    words: frozenset[str]
    weight: float
    first: str


@dataclass
class Hints:
    """A game's teachings, ready to be compared with refused lines."""

    teachings: Sequence[Teaching]
    _examples: list[tuple[Teaching, str, _Words]] = field(init=False, repr=False)
    _weight: dict[str, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        readings = [(teaching, example, said) for teaching in self.teachings for example in (*teaching.examples, *teaching.also) for said in _readings(example, teaching.form)]
        counts: Counter[str] = Counter(word for _, _, said in readings for word in set(said))
        total = max(1, len(readings))
        self._weight = {word: math.log(1 + total / count) for word, count in counts.items()}
        self._unknown = math.log(1 + total)
        self._examples = [(teaching, example, self._words(said)) for teaching, example, said in readings]

    def weight(self, word: str) -> float:
        """How much a shared word counts: more the rarer it is among the examples (most for a word they never use)."""
        return self._weight.get(word, self._unknown)

    def _words(self, said: Sequence[str]) -> _Words:
        """Words ready to be compared (`said` is not empty)."""
        unique = frozenset(said)
        return _Words(unique, sum(self.weight(word) for word in unique), said[0])

    def score(self, line: Sequence[str], example: Sequence[str]) -> float:
        """How near a refused line's words are to an example's, from 0 to about 1."""
        return self._near(self._words(line), self._words(example)) if line and example else 0.0

    def _near(self, said: _Words, shown: _Words) -> float:
        """`score`, of words made ready: the shared weight's share of each side, averaged, and the first-word bonus."""
        shared = sum(self.weight(word) for word in said.words & shown.words)
        covered = shared / said.weight
        used = shared / shown.weight
        bonus = FIRST_WORD_BONUS if said.first == shown.first else 0.0
        return (covered + used) / 2 + bonus

    def guess(self, line: str, column: int | None = None) -> Guess | None:
        """The nearest teaching to a refused line, whatever its score; None when the game teaches nothing.

        With the `column` of the error, only the part of the line between the
        `;` around it is compared (a step of a BattleFight line, one effect
        among several): the refused idea is there. When the error is at a
        word, that part from the word on is compared too, if it has a few
        words (`… une manche, l'adversaire défausse une carte`): the idea
        may start where the text stopped making sense.
        """
        parts = [words(line)]
        if column is not None:
            start = line.rfind(";", 0, max(0, column - 1)) + 1
            end = line.find(";", column - 1)
            end = end if end >= 0 else len(line)
            parts = [words(line[start:end])] if words(line[start:end]) else parts
            rest = words(line[column - 1 : end]) if line[column - 1 : column].isalpha() else []
            if len(rest) >= MIN_REST and rest != parts[0]:
                parts.append(rest)
        ready = [self._words(part) for part in parts if part]
        if not ready:
            return Guess(self.teachings[0], self.teachings[0].examples[0], 0.0) if self.teachings else None
        best: Guess | None = None
        for teaching, example, shown in self._examples:
            score = max(self._near(said, shown) for said in ready)
            if best is None or score > best.score:
                best = Guess(teaching, example, score)
        if best is not None and best.example not in best.teaching.examples:  # a hidden wording: show the nearest example
            best = Guess(best.teaching, self._nearest_example(best.teaching, parts), best.score)
        return best

    def _nearest_example(self, teaching: Teaching, parts: list[list[str]]) -> str:
        """The example of `teaching` nearest to the parts of a line."""
        return max(teaching.examples, key=lambda example: max(self.score(said, words(example)) for said in parts))

    def hint(self, line: str, suggestion: str | None = None, column: int | None = None) -> str | None:
        """The hint for a refused line, or None when no example is near enough.

        None too when the nearest known word (`suggestion`) already says it: a
        misspelt keyword whose form is the nearest needs no hint besides
        "did you mean".
        """
        guess = self.guess(line, column)
        if guess is None or guess.score < THRESHOLD:
            return None
        if suggestion and fold(suggestion) in fold(guess.teaching.form):
            return None
        return text_of(guess, line)


def search(teachings: Sequence[Teaching], idea: str, count: int = 5) -> list[Guess]:
    """The teachings nearest to an idea a designer types (`atout forms dragons gagne les égalités`), nearest first.

    The idea is compared as a refused line is (`Hints`), with each
    teaching's purpose among its wordings too, so that an idea said in
    English finds a form of a French game by what it is for ("wins ties").
    Only teachings sharing a word with the idea are given, at most `count`.
    """
    said = words(idea)
    said += [word[:-1] for word in said if len(word) > 3 and word.endswith("s")]  # "wins" finds "win" too
    if not said:
        return []
    widened = Hints([Teaching(t.purpose, t.form, t.examples, t.constructs, t.unit, (*t.also, t.purpose)) for t in teachings])
    ready = widened._words(said)
    best: dict[int, Guess] = {}
    for position, teaching in enumerate(widened.teachings):
        for example in (*teaching.examples, *teaching.also):
            for reading in _readings(example, teaching.form):
                score = widened._near(ready, widened._words(reading)) if reading else 0.0
                if score > 0 and (position not in best or score > best[position].score):
                    best[position] = Guess(teachings[position], widened._nearest_example(teaching, [said]), score)
    return sorted(best.values(), key=lambda guess: -guess.score)[:count]


def _readings(example: str, form: str) -> list[list[str]]:
    """The words an example is compared by: the whole line, and the `;` part of it that holds its form, if any."""
    whole = words(example)
    head = words(form)[:1]
    parts = [words(part) for part in example.split(";")] if ";" in example and head else []
    return [whole, *(part for part in parts if part and part[0] == head[0] and part != whole)]


def text_of(guess: Guess, line: str) -> str:
    """The hint's text: its purpose, the form to write it in (unless the line has it already) and an example."""
    form = guess.teaching.form
    if fold(line).lstrip().startswith(fold(form)):
        return f"{guess.teaching.purpose}, write for example: {guess.example}"
    article = "an" if fold(form)[:1] in "aeio" else "a"
    return f"{guess.teaching.purpose}, write {article} `{form}` {guess.teaching.unit}: {guess.example}"


__all__ = ["THRESHOLD", "Guess", "Hints", "Teaching", "teach", "words"]
