"""Every diagnostic code, with its exact message and place."""

from __future__ import annotations

import extra_games

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.diagnostics import CODES


def only(document):
    assert len(document.diagnostics) == 1, [d.render() for d in document.diagnostics]
    return document.diagnostics[0]


def where(diagnostic):
    return (diagnostic.code, diagnostic.line, diagnostic.column, diagnostic.message)


def test_e100_binary_file(languages):
    from atout.interpreter.language.loader import read_document

    d = only(read_document("x.atout", b"BattleFight : cartes\n\x00\x01", languages))
    assert where(d) == ("E100", 2, 1, "this is a binary file, not card text (it holds a NUL byte)")


def test_e100_not_utf8(languages):
    from atout.interpreter.language.loader import read_document

    d = only(read_document("x.atout", "BattleFight : cartes\n== Été ==\n".encode("latin-1"), languages))
    assert where(d) == ("E100", 2, 4, "byte 0xc9 is not UTF-8: save the file as UTF-8")


def test_e100_too_large(languages):
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.language.text import MAX_FILE_BYTES

    d = only(read_document("x.atout", b"#" * (MAX_FILE_BYTES + 1), languages))
    assert d.code == "E100" and d.message.startswith(f"the file is {MAX_FILE_BYTES + 1:,} bytes")


def test_e100_unreadable_path(languages, tmp_path):
    from atout.interpreter.language.loader import read_file

    document = read_file(tmp_path / "absent.atout", languages)
    assert where(only(document)) == ("E100", 1, 1, "cannot read the file: No such file or directory")


def test_e101_empty_file(read):
    d = only(read("# only a comment\n"))
    assert where(d) == ("E101", 1, 1, 'the file is empty: start it with a header such as "BattleFight : cartes"')


def test_e101_no_header(read):
    d = only(read("== Décharge ==\nAttaque\n"))
    assert where(d) == ("E101", 1, 1, 'the first line must name the game and the kind of file, such as "BattleFight : cartes"')


def test_e102_unknown_game_with_the_nearest(read):
    d = only(read("Battle Fihgt : cartes\n"))
    tests_games = "".join(f", {LANGUAGES[name].title}" for name in extra_games.ADDED)  # registered by the tests
    assert where(d) == ("E102", 1, 1, 'unknown game "Battle Fihgt"; the games are BattleFight, Dans les Cordes, Duel pour Cardia, Duel de dragons' + tests_games)
    assert d.suggestion == "Battle Fight"


def test_e102_unknown_kind_with_the_nearest(read):
    d = only(read("BattleFight : decks\n"))
    assert where(d) == ("E102", 1, 15, 'unknown kind of file "decks" for BattleFight; the kinds are cartes, techniques de base, deck, règles, extension')
    assert d.suggestion == "deck"


def test_e110_a_character_that_has_no_place(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nBlesser 2 ; @\n"))
    assert d.code == "E110" and (d.line, d.column) == (4, 13)
    assert d.message.startswith('"@" has no place here; expected "Blesser", ')


def test_e111_a_misspelt_keyword_with_the_nearest_word(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nCorps à Corps ; Blessr 4\n"))
    assert (d.code, d.line, d.column, d.width) == ("E111", 4, 17, 6)
    assert d.message.startswith('unexpected word "Blessr"; expected ')
    assert d.suggestion == "Blesser"


def test_e111_a_misspelt_type(read):
    d = only(read("BattleFight : cartes\n== A ==\nAtaque\n"))
    assert where(d) == (
        "E111",
        3,
        1,
        'unexpected word "Ataque"; expected "Attaque", "Concentration", "Défense", "Déplacement" or "Rhétorique"',
    )
    assert d.suggestion == "Attaque"


def test_e112_a_card_that_stops_too_early(read):
    d = only(read("BattleFight : cartes\n== A ==\n"))
    assert d.code == "E112" and (d.line, d.column) == (2, 8)
    assert d.message.startswith("the card stops here; expected ")


def test_e112_a_line_that_stops_too_early(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nS'Empêcher\n"))
    assert d.code == "E112" and d.line == 4
    assert d.message.startswith("the line stops here; expected ")


def test_e113_text_outside_any_card(read):
    document = read("BattleFight : cartes\nDécharge\n== A ==\nAttaque\nBlesser 1\n")
    d = only(document)
    assert where(d) == ("E113", 2, 1, 'text outside any card: a card starts with its title, such as "== Name =="')
    assert len(document.node.cards) == 1  # the card after it is still read


def test_e200_a_number_out_of_range(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nBlesser 25\n"))
    assert where(d) == ("E200", 4, 9, "Blesser 25: must be 20 or less")


def test_e200_a_negative_count(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nPiocher -1\n"))
    assert where(d) == ("E200", 4, 9, "Piocher -1: must be 0 or more")


def test_e300_two_cards_with_the_same_name(validate_tree):
    result = validate_tree(
        {
            "a.atout": "BattleFight : cartes\n== Éclair ==\nAttaque\nBlesser 1\n",
            "b.atout": "BattleFight : cartes\n\n== eclair ==\nDéfense\nBloquer 1\n",
        }
    )
    (d,) = result.diagnostics
    assert (d.code, d.file.endswith("b.atout"), d.line) == ("E300", True, 3)
    assert d.message.startswith('a card named "eclair" is defined twice (first at ') and d.message.endswith("a.atout:2); rename one")


def test_e301_basic_techniques_one_per_type(validate_tree):
    # a complete set (it has its main rules file): its composition is checked
    result = validate_tree({"base.atout": "BattleFight : techniques de base\n== A ==\nAttaque\nBlesser 1\n", "regles.atout": RULES})
    messages = [d.message for d in result.diagnostics if d.code == "E301"]
    # every type off, in one message
    assert messages == [
        "the basic techniques must be exactly one technique of each type:\n"
        "        Défense: none\n        Déplacement: none\n        Concentration: none\n        Rhétorique: none\n"
        "    give each type exactly one basic technique"
    ]


DECK_CARDS = "".join(f"== {t} {i} ==\n{t}\nBlesser 1\n\n" for t in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique") for i in (1, 2))


def test_e400_unknown_card_in_a_deck_with_the_nearest_name(validate_tree):
    result = validate_tree({"cartes.atout": "BattleFight : cartes\n" + DECK_CARDS, "deck.atout": "BattleFight : deck\n2 Attaque 1\n2 Atak 2\n"})
    d = next(d for d in result.diagnostics if d.code == "E400")
    assert where(d) == ("E400", 3, 3, 'no card is named "Atak 2" in the BattleFight card files')
    assert d.suggestion == "Attaque 2"


def test_e401_deck_composition(validate_tree):
    deck = "BattleFight : deck\n" + "".join(f"2 {t} {i}\n" for t in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique") for i in (1, 2)).replace(
        "2 Rhétorique 2\n", "1 Rhétorique 2\n"
    )
    result = validate_tree({"cartes.atout": "BattleFight : cartes\n" + DECK_CARDS, "deck.atout": deck})
    assert [d.message for d in result.diagnostics] == [
        "a deck has 20 cards; this one has 19",
        "a deck has 4 Rhétorique cards; this one has 3",
    ]
    assert {d.code for d in result.diagnostics} == {"E401"}


def test_e402_a_card_listed_twice(validate_tree):
    deck = "BattleFight : deck\n" + "".join(f"2 {t} {i}\n" for t in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique") for i in (1, 2)) + "0 Attaque 1\n"
    result = validate_tree({"cartes.atout": "BattleFight : cartes\n" + DECK_CARDS, "deck.atout": deck})
    codes = [(d.code, d.line, d.message) for d in result.diagnostics]
    assert ("E402", 12, '"Attaque 1" is listed twice (first on line 2); add the counts on one line') in codes
    assert any(d.code == "E200" and d.message == "count 0: must be 1 or more" for d in result.diagnostics)


RULES = """BattleFight : règles
Points de vie : 20
Rayon du plateau : 3
Cartes par type : 4
Cartes par type dans un booster : 2
Boosters du deck aléatoire : 2
Boosters du deck scellé : 3
Répétitions pour une nulle : 3
Parties gagnantes du match : 2
Limite de tours : 1000
"""


def test_the_rules_text_used_here_is_valid(read):
    assert read(RULES).diagnostics == []


def test_e500_unknown_parameter_with_the_nearest(read):
    d = only(read(RULES + "Point de vie : 3\n"))
    assert where(d) == ("E500", 11, 1, 'unknown parameter "Point de vie"')
    assert d.suggestion == "Points de vie"


def test_e501_a_wrong_value(read):
    d = only(read(RULES.replace("Rayon du plateau : 3", "Rayon du plateau : trois")))
    assert where(d) == ("E501", 3, 20, 'Rayon du plateau "trois": must be a whole number')


def test_e501_a_value_out_of_range(read):
    d = only(read(RULES.replace("Points de vie : 20", "Points de vie : 0")))
    assert where(d) == ("E501", 2, 17, 'Points de vie "0": must be 1 or more')


def test_e502_a_parameter_given_twice(read):
    d = only(read(RULES + "points de vie : 30\n"))
    assert where(d) == ("E502", 11, 1, '"points de vie" is given twice (first on line 2); keep one')


BASICS = "BattleFight : techniques de base\n" + "".join(f"== {t} de base ==\n{t}\nBlesser 1\n\n" for t in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique"))


def test_e503_a_missing_parameter(validate_tree):
    # a complete set's main rules give every parameter
    result = validate_tree({"regles.atout": RULES.replace("Limite de tours : 1000\n", ""), "base.atout": BASICS})
    (d,) = result.diagnostics
    assert where(d) == ("E503", 1, 1, 'the parameter "Limite de tours" is missing: add a line "Limite de tours : …"')


def test_a_rules_file_read_alone_may_give_some_parameters(read):
    # a variant, or an extension's rules: the others come from the set's main rules
    assert read(RULES.replace("Limite de tours : 1000\n", "")).diagnostics == []


def test_every_code_is_tested_here_or_in_a_game(request):
    """Each code of the table appears in some test of the suite."""
    import pathlib

    tests = pathlib.Path(request.fspath).parent.parent
    text = "".join(p.read_text(encoding="utf-8") for p in tests.rglob("test_*.py"))
    untested = [code for code in CODES if f'"{code}"' not in text]
    assert untested == []


def test_rendering_shows_the_line_a_caret_and_the_hint(read):
    d = only(read("BattleFight : cartes\n== A ==\nAttaque\nCorps à Corps ; Blessr 4\n"))
    lines = d.render().splitlines()
    assert lines[0].startswith("test.atout:4:17: E111 unexpected word")
    assert lines[1:] == ["    Corps à Corps ; Blessr 4", "                    ^^^^^^", '    did you mean "Blesser"?']


def test_a_deck_naming_a_card_with_an_error_is_not_told_it_does_not_exist(validate_tree):
    cards = "BattleFight : cartes\n" + DECK_CARDS.replace("== Attaque 1 ==\nAttaque\nBlesser 1", "== Attaque 1 ==\nAttaque\nBlessr 1")
    deck = "BattleFight : deck\n" + "".join(f"2 {t} {i}\n" for t in ("Attaque", "Défense", "Déplacement", "Concentration", "Rhétorique") for i in (1, 2)) + "1 Atak 9\n"
    result = validate_tree({"cartes.atout": cards, "deck.atout": deck})
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("E111", result.diagnostics[0].message),
        ("E400", 'no card is named "Atak 9" in the BattleFight card files'),
    ]
    assert result.diagnostics[0].message.startswith('unexpected word "Blessr"')
