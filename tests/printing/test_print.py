"""`atout print`: the PDF read back by a PDF library, the images measured, the Tabletop Simulator deck read as it reads it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

pypdf = pytest.importorskip("pypdf", reason="the print tests read the PDF with pypdf (the test extra)")
try:
    import weasyprint  # noqa: F401  (its libraries present: the module is not used here)
except (ImportError, OSError) as error:  # OSError: the system's Pango library is missing
    pytest.skip(f"atout print needs the print extra and Pango ({error})", allow_module_level=True)

from atout.cli.main import main  # noqa: E402
from atout.interpreter.language.text import fold  # noqa: E402

MM = 72 / 25.4  # points per millimetre

#: A deck of BattleFight, as the shipped file lists it: (copies, card).
RENARD = Path(__file__).parents[2] / "cards" / "battlefight" / "decks" / "le-renard.atout"


def deck_entries(path: Path) -> list[tuple[int, str]]:
    """The (copies, name) lines of a deck file, read here apart from atout's reader."""
    entries = []
    for line in path.read_text("utf-8").splitlines()[1:]:
        line = line.split("#")[0].strip()
        if line:
            count, _, name = line.partition(" ")
            entries.append((int(count), name) if count.isdigit() else (1, line))
    return entries


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments), catch_exceptions=False)


def page_text(page) -> str:
    return fold(" ".join(page.extract_text().split()))


@pytest.fixture(scope="module")
def renard(tmp_path_factory):
    folder = tmp_path_factory.mktemp("renard")
    done = run("print", "battlefight", "--deck", "le-renard", "-o", str(folder / "renard.pdf"), "--png", str(folder / "png"), "--tts", str(folder / "tts"))
    assert done.exit_code == 0, done.output
    return folder, done.output


def test_the_sheets_are_a4_pages_of_nine_cards_with_their_backs_after_each(renard):
    folder, output = renard
    reader = pypdf.PdfReader(folder / "renard.pdf")
    total = sum(count for count, _ in deck_entries(RENARD))
    sheets = -(-total // 9)
    assert len(reader.pages) == 2 * sheets
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(297 * MM, abs=0.5)
    backs = [page_text(reader.pages[i]) for i in range(1, 2 * sheets, 2)]
    assert all(text.count(fold("BattleFight")) >= 1 and fold("Blesser") not in text for text in backs)
    assert f"{total} cards on {sheets} sheets" in output


def test_each_card_is_on_its_page_as_many_times_as_the_deck_holds_it_with_its_steps(renard):
    """The deck's cards in its order, each as many times as it holds it, nine a page: each page holds its cards' titles and steps."""
    folder, _ = renard
    reader = pypdf.PdfReader(folder / "renard.pdf")
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.language.registry import languages

    files = load_files(languages()["battlefight"])
    techniques = {fold(card.name): card for card_file in files.card_files for card in card_file.cards}
    order = [name for count, name in deck_entries(RENARD) for _ in range(count)]
    for sheet, start in enumerate(range(0, len(order), 9)):
        text = page_text(reader.pages[2 * sheet])
        for name in set(order[start : start + 9]):
            assert text.count(fold(name)) >= order[start : start + 9].count(name), (sheet, name)
            for step in techniques[fold(name)].steps:
                assert fold(step.keyword.word) in text, (sheet, name, step.keyword.word)


def test_every_steps_number_is_printed_within_the_text_box_ten_and_more_included(tmp_path):
    """Each face laid out as `atout print` lays it (set to fit first): each step's number, a marker hung left of
    its step, starts inside the text box, which cuts what overflows it; "10." and "11." too."""
    import weasyprint

    from atout.interpreter.language.registry import languages
    from atout.interpreter.printing.job import set_faces
    from atout.interpreter.printing.layout import card_size, sheet
    from atout.interpreter.printing.render import Printer

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "longues.atout").write_text(
        "BattleFight : cartes\n\n" + "".join(f"== {title} ==\nAttaque\n{' ; '.join(['Blesser 1'] * count)}\n\n" for title, count in (("Neuf Coups", 9), ("Onze Coups", 11))),
        encoding="utf-8",
    )
    faces, _ = set_faces(languages()["battlefight"], mine)
    printer = Printer("battlefight", "BattleFight", "fr", sheet("a4", card_size("poker")), [mine])
    printer.fit(faces)
    assert printer.unfit == []

    def walk(box):
        yield box
        for child in getattr(box, "children", ()):
            yield from walk(child)

    def classes(box) -> list[str]:
        element = getattr(box, "element", None)
        return (element.get("class") or "").split() if element is not None else []

    pages = weasyprint.HTML(string=printer.cards_html(faces, 0.0)).render().pages
    counted = {}
    for face, page in zip(faces, pages, strict=True):
        boxes = list(walk(page._page_box))
        (body,) = [box for box in boxes if type(box).__name__ != "LineBox" and "body" in classes(box)]  # (a box placed absolutely: its placeholder)
        markers = [box for box in boxes if getattr(box, "element_tag", "") == "li::marker" and type(box).__name__ == "TextBox"]
        assert [marker.text.strip() for marker in markers] == [f"{n}." for n in range(1, len(face.steps) + 1)], face.title
        cut = [(marker.text.strip(), round(body.content_box_x() - marker.position_x, 2)) for marker in markers if marker.position_x < body.content_box_x() - 0.01]
        assert cut == [], face.title
        counted[face.title] = len(markers)
    assert (counted["Neuf Coups"], counted["Onze Coups"]) == (9, 11) and len(counted) > 50  # the shipped cards too


def test_every_font_of_the_pdf_is_embedded(renard):
    folder, _ = renard
    reader = pypdf.PdfReader(folder / "renard.pdf")
    fonts = {}
    for page in reader.pages:
        resources = page["/Resources"]
        for name, font in (resources.get("/Font") or {}).items():
            fonts[name] = font.get_object()
    assert fonts
    for font in fonts.values():
        descendants = font.get("/DescendantFonts")
        described = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
        assert described is not None and any(key in described.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_one_image_per_card_at_300_dpi_and_the_back(renard):
    from PIL import Image

    folder, output = renard
    images = sorted((folder / "png").glob("*.png"))
    names = {fold(name).lower() for _, name in deck_entries(RENARD)}
    assert len(images) == len(names) + 1 and (folder / "png" / "back.png") in images
    for image in images:
        with Image.open(image) as opened:
            width, height = opened.size
            assert abs(width - 63 / 25.4 * 300) <= 1 and abs(height - 88 / 25.4 * 300) <= 1
            assert round(opened.info["dpi"][0]) == 300


def test_the_tabletop_simulator_deck_has_the_fields_and_grid_it_reads(renard):
    from PIL import Image

    folder, _ = renard
    saved = json.loads((folder / "tts" / "le-renard.json").read_text("utf-8"))
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    entries = deck_entries(RENARD)
    assert len(deck["DeckIDs"]) == sum(count for count, _ in entries) == len(deck["ContainedObjects"])
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 7)
    face_file = Path(sheet["FaceURL"].removeprefix("file://"))
    back_file = Path(sheet["BackURL"].removeprefix("file://"))
    assert face_file.is_file() and back_file.is_file()
    with Image.open(face_file) as faces:
        width, height = faces.size
        assert width <= 4096 and width % 10 == 0 and height % 7 == 0
    # each card's id is its place on the sheet: 100 + index, as many times as its copies
    by_name = Counter(card["Nickname"] for card in deck["ContainedObjects"])
    assert {fold(name): count for name, count in by_name.items()} == {fold(name): count for count, name in entries}
    for card in deck["ContainedObjects"]:
        assert card["Name"] == "Card" and 100 <= card["CardID"] < 170 and card["CardID"] in deck["DeckIDs"]
        assert card["CustomDeck"]["1"]["FaceURL"] == sheet["FaceURL"]


def test_a_deck_of_duel_pour_cardia_is_a_word_of_its_cards_type_line(tmp_path):
    done = run("print", "cardia", "--deck", "I", "-o", str(tmp_path / "i.pdf"), "--no-backs")
    assert done.exit_code == 0, done.output
    assert "16 cards on 2 sheets" in done.output  # Paquet I: 16 characters, once each
    text = " ".join(page_text(page) for page in pypdf.PdfReader(tmp_path / "i.pdf").pages)
    assert fold("Paquet I") in text and fold("Paquet II") not in text


def test_letter_paper_and_no_backs(tmp_path):
    done = run("print", "cordes", "-o", str(tmp_path / "c.pdf"), "--paper", "letter", "--no-backs")
    assert done.exit_code == 0, done.output
    reader = pypdf.PdfReader(tmp_path / "c.pdf")
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(215.9 * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(279.4 * MM, abs=0.5)
    text = " ".join(page_text(page) for page in reader.pages)
    # every card as many times as it says ("6 copies" of Jab): Dans les Cordes' cards print their copies
    assert fold("Dans les Cordes") in text and text.count(fold("Jab")) >= 6


def test_a_collection_of_dragons_shows_each_total_against_its_rarity_range(tmp_path):
    done = run("print", "dragons", "--collection", "debutant", "-o", str(tmp_path / "d.pdf"), "--no-backs")
    assert done.exit_code == 0, done.output
    text = " ".join(page_text(page) for page in pypdf.PdfReader(tmp_path / "d.pdf").pages)
    assert fold("Total 122") in text and fold("Commune 100–179") in text  # Dragonnet des Cendres: 48 + 30 + 18 + 26


@pytest.mark.parametrize(
    ("arguments", "code", "said"),
    [
        (["print", "battlefight", "--deck", "renardd", "-o", "x.pdf"], 2, 'did you mean "le-renard"'),
        (["print", "cordes", "--deck", "x", "-o", "x.pdf"], 2, "the words of the cards' type line: ATTACK, CHARACTER"),
        (["print", "dragon", "-o", "x.pdf"], 2, 'did you mean "dragons"'),
        (["print", "dragons"], 2, "nothing to write"),
        (["print", "dragons", "--size", "huge", "-o", "x.pdf"], 2, "WIDTHxHEIGHT"),
        (["print", "dragons", "--size", "200x280", "--paper", "letter", "-o", "x.pdf"], 2, "does not fit"),
        (["print", "dragons", "--collection", "debutant", "-o", "no/such/folder/x.pdf"], 2, "no/such/folder"),
    ],
)
def test_bad_input_is_told_with_an_exit_code_and_no_traceback(tmp_path, monkeypatch, arguments, code, said):
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(main, arguments)
    assert done.exit_code == code, done.output
    assert said in done.output and "Traceback" not in done.output
    assert not (tmp_path / "x.pdf").exists()
