"""A word refused after a keyword of one letter read from its start is told whole, at its start.

Keywords match whatever the accent, so Duel pour Cardia's `À` (of `À la
prochaine rencontre`) also reads the `A` of `Au prochain tour`; the error
then falls on the `u`. The designer wrote `Au`: the message names `Au`,
underlines it from its first letter, and says what was read of it.
"""

from __future__ import annotations

CARD = "Duel pour Cardia : cartes\n\n== Veilleuse ==\nPaquet I · Guilde · influence 1\nCapacité instantanée : Au prochain tour, piocher 1 carte\n"


def test_a_word_read_in_part_as_a_keyword_is_told_whole_at_its_start(read):
    (problem,) = read(CARD).diagnostics
    assert problem.code == "E111"
    assert problem.message.startswith('unexpected word "Au"; expected "la"')
    assert problem.message.endswith('after "A"')
    assert (problem.line, problem.column, problem.width) == (5, 24, 2)
    assert "^^" in problem.render() and "write for example" in problem.render()


def test_a_word_refused_at_its_start_is_told_as_before(read):
    (problem,) = read(CARD.replace("Au prochain tour,", "Plus tard,")).diagnostics
    assert problem.message.startswith('unexpected word "Plus"') or problem.message.startswith('unknown word "Plus"')
    assert "after" not in problem.message.split(";")[0]
    assert problem.column == 24
