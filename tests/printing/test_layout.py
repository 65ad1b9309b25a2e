"""Where the cards go on a sheet: the grid, the bleed, the cut marks, the backs mirrored for duplex."""

from __future__ import annotations

import pytest

from atout.interpreter.printing.layout import CARD_SIZES, LayoutError, card_size, pages, sheet


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_a_page_of_either_paper_with_their_bleed(paper):
    found = sheet(paper, CARD_SIZES["poker"])
    assert (found.columns, found.rows) == (3, 3)
    width, height = found.paper
    for slot in found.slots():
        assert 0 <= slot.x and slot.x + found.cell[0] <= width
        assert 0 <= slot.y and slot.y + found.cell[1] <= height


def test_a_three_millimetre_bleed_leaves_two_rows_on_letter_and_three_on_a4():
    assert sheet("a4", CARD_SIZES["poker"], 3.0).per_page == 9
    letter = sheet("letter", CARD_SIZES["poker"], 3.0)
    assert (letter.columns, letter.rows) == (3, 2)


def test_the_backs_are_the_rows_mirrored_so_that_each_falls_behind_its_face():
    found = sheet("a4", CARD_SIZES["poker"])
    fronts, backs = found.slots(), found.slots(back=True)
    width = found.paper[0]
    for front, back in zip(fronts, backs):
        assert back.y == front.y
        # flipped on the long edge: the back's left edge is where the face's right edge is, seen from behind
        assert back.x == pytest.approx(width - (front.x + found.cell[0]))


def test_cut_marks_lie_in_the_margins_in_line_with_every_cut():
    found = sheet("a4", CARD_SIZES["poker"])
    left, top = found.origin
    right, bottom = left + found.columns * found.cell[0], top + found.rows * found.cell[1]
    cuts_x = {round(left + c * found.cell[0] + found.bleed + edge * found.card[0], 3) for c in range(3) for edge in (0, 1)}
    cuts_y = {round(top + r * found.cell[1] + found.bleed + edge * found.card[1], 3) for r in range(3) for edge in (0, 1)}
    marks = found.marks()
    vertical = {round(m.x1, 3) for m in marks if m.x1 == m.x2}
    horizontal = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
    assert vertical == cuts_x and horizontal == cuts_y
    for mark in marks:  # never over a card
        inside_x = left < mark.x1 < right or left < mark.x2 < right
        inside_y = top < mark.y1 < bottom or top < mark.y2 < bottom
        assert not (inside_x and inside_y and mark.x1 != mark.x2 and mark.y1 != mark.y2)
        if mark.x1 == mark.x2:
            assert mark.y2 <= top or mark.y1 >= bottom
        else:
            assert mark.x2 <= left or mark.x1 >= right


@pytest.mark.parametrize(("text", "size"), [("poker", (63.0, 88.0)), ("Tarot", (70.0, 120.0)), ("63x88", (63.0, 88.0)), ("57 × 89 mm", (57.0, 89.0)), ("41,5x63", (41.5, 63.0))])
def test_a_card_size_is_a_name_or_width_by_height(text, size):
    assert card_size(text) == size


@pytest.mark.parametrize("text", ["huge", "63", "0x88", "300x88"])
def test_a_size_that_is_no_card_is_refused_with_the_forms_to_write(text):
    with pytest.raises(LayoutError, match="WIDTHxHEIGHT|20 to 200"):
        card_size(text)


def test_a_card_larger_than_the_paper_is_refused_with_both_sizes():
    with pytest.raises(LayoutError, match="does not fit a4"):
        sheet("a4", (206.0, 88.0), 3.0)


def test_tarot_cards_fit_two_by_two_and_the_pages_take_the_cards_in_order():
    assert sheet("a4", CARD_SIZES["tarot"]).per_page == 4
    assert [list(page) for page in pages(11, 4)] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10]]
