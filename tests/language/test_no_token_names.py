"""No grammar token name reaches a message: every terminal of every game has a name for people.

A syntax error lists what was expected. The grammars name their tokens
(`SUR_CHAQUE`, `SIGNE`, `AU_TOTAL`); a designer must read the words they
match instead ("sur chaque statistique", "a sign (+ or -)"). The test goes
over every terminal of every registered game's parser (the test games' too),
so that a terminal added later without a name for people fails here.
"""

from __future__ import annotations

import re

import pytest

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.parser import _expected_words, build_parser, printed_words, terminal_text
from atout.interpreter.language.text import fold

#: What a grammar token name looks like: capitals, digits and underscores.
_TOKEN_NAME = re.compile(r"\b_*[A-Z][A-Z0-9]*(?:_+[A-Z0-9]+)+\b|\b[A-Z]{3,}\b|\$END|__ANON")


def _parser(language):
    return build_parser(language.grammar, language.starts, language.construct_grammar)


def _words(language):
    return printed_words(language.grammar, language.construct_grammar)


@pytest.mark.parametrize("game", sorted(LANGUAGES))
def test_every_terminal_has_a_name_for_people(game):
    language = LANGUAGES[game]
    parser = _parser(language)
    words = _words(language)
    names = [terminal.name for terminal in parser.terminals] + ["$END"]
    missing = [name for name in names if terminal_text(parser, name, words) is None]
    assert missing == [], f"{game}: terminals with no name for people (add them to TERMINAL_NAMES or TERMINAL_KEYWORDS in parser.py): {missing}"
    for name in names:
        shown, keyword = terminal_text(parser, name, words)  # type: ignore[misc]
        for text in shown:
            assert text, (game, name)
            if keyword:
                # A keyword is printed as the designer writes it: what the terminal matches (at a line's start).
                terminal = parser.get_terminal(name)
                pattern = re.escape(terminal.pattern.value) if terminal.pattern.type == "str" else terminal.pattern.value
                assert re.search(pattern, "\n" + fold(text)), (game, name, text)
            else:
                assert name not in text and not _TOKEN_NAME.search(text), (game, name, text)


@pytest.mark.parametrize("game", sorted(LANGUAGES))
def test_a_message_expecting_every_terminal_names_none(game):
    """The words of a message that would expect every terminal of the game at once."""
    language = LANGUAGES[game]
    parser = _parser(language)
    keywords, others = _expected_words(parser, {terminal.name for terminal in parser.terminals} | {"$END"}, _words(language))
    assert "another word" not in others
    assert keywords  # every game has keywords
    for text in others:
        assert not _TOKEN_NAME.search(text), (game, text)


_DRAGON = """\
Duel de dragons : cartes

== Essai ==
Dragon · Rare
Puissance 60 · Ruse 50 · Savoir 40 · Charisme 50
{power}
"""


def _message(read, power: str) -> str:
    document = read(_DRAGON.format(power=power))
    syntax = [d for d in document.diagnostics if d.code.startswith("E11")]
    assert len(syntax) == 1, [d.render() for d in document.diagnostics]
    return syntax[0].message


def test_sur_chaque_statistique_is_written_out(read):
    message = _message(read, "Pouvoir : quand cette carte perd une manche : la carte adverse perd 10.")
    assert message == '"." has no place here; expected "en" or "sur chaque statistique"'


def test_a_sign_is_written_out(read):
    message = _message(read, "Pouvoir : tu gagnes 10.")
    assert "SIGNE" not in message
    assert message.startswith('unexpected word "tu"; expected "au", ')
    assert message.endswith('"une", a number or a sign (+ or -)')


def test_au_total_is_a_keyword_with_its_nearest_word(read):
    document = read(_DRAGON.format(power="Pouvoir : +15 au totl."))
    (diagnostic,) = [d for d in document.diagnostics if d.code.startswith("E11")]
    assert "AU_TOTAL" not in diagnostic.message
    assert '"au total"' in diagnostic.message


def test_a_folded_keyword_keeps_its_accents(read):
    """`/cartes +ecartees/` is folded in the grammar: the message prints the words as on the cards."""
    language = LANGUAGES["dragons"]
    parser = _parser(language)
    assert terminal_text(parser, "ECARTEES", _words(language)) == (("cartes écartées",), True)
