"""The printed faces: every shipped card fits its face, French is set right, a designer changes the look without Python."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

pypdf = pytest.importorskip("pypdf", reason="the print tests read the PDF with pypdf (the test extra)")
try:
    import weasyprint
except (ImportError, OSError) as error:  # OSError: the system's Pango library is missing
    pytest.skip(f"atout print needs the print extra and Pango ({error})", allow_module_level=True)

from atout.cli.main import main  # noqa: E402
from atout.interpreter.language.registry import languages  # noqa: E402
from atout.interpreter.pages.faces import printed, split_step  # noqa: E402
from atout.interpreter.printing.job import set_faces  # noqa: E402
from atout.interpreter.printing.layout import CARD_SIZES, sheet  # noqa: E402
from atout.interpreter.printing.render import Printer, overflow  # noqa: E402

CARDS = Path(__file__).parents[2] / "cards"

#: Every shipped set and every `exemples/` set.
SETS = [(game, None) for game in ("battlefight", "cordes", "cardia", "dragons")] + [(game, CARDS / game / "exemples") for game in ("battlefight", "cordes", "cardia", "dragons")]


def printer_for(game: str, folders=(), size: str = "poker") -> Printer:
    return Printer(game, languages()[game].title, "fr", sheet("a4", CARD_SIZES[size]), list(folders))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "folder"), SETS, ids=[f"{g}-{'exemples' if f else 'shipped'}" for g, f in SETS])
def test_every_face_of_every_set_fits_its_card_measured_in_the_layout(game, folder):
    faces, _ = set_faces(languages()[game], folder)
    printer = printer_for(game)
    printer.fit(faces)
    assert printer.unfit == []
    document = weasyprint.HTML(string=printer.cards_html(faces, 0.0)).render()
    assert len(document.pages) == len(faces)
    for face, page in zip(faces, document.pages):
        title, text = overflow(page)
        assert title <= 1.0 and text <= 1.0, (face.title, title, text)
    longest = max(faces, key=lambda face: len(face.title))
    assert longest.title_scale <= 1.0


def designer_set(tmp_path: Path, title: str, text: str) -> Path:
    folder = tmp_path / "mes-dragons"
    folder.mkdir()
    (folder / "extension.atout").write_text("Duel de dragons : extension\nBase : duel de dragons\n", "utf-8")
    (folder / "cartes.atout").write_text(
        f"Duel de dragons : cartes\n\n== {title} ==\nDragon · Commune\nPuissance 40 · Ruse 30 · Savoir 20 · Charisme 20\n{text}\n",
        "utf-8",
    )
    return folder


def test_a_long_french_title_shrinks_to_fit_and_its_accents_and_ligatures_read_back(tmp_path):
    folder = designer_set(tmp_path, "Cœur-de-Braise, Sœur Aînée des Dragons Écarlates", "")
    done = CliRunner().invoke(main, ["print", "dragons", "--cards", str(folder), "-o", str(tmp_path / "d.pdf"), "--no-backs"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert "warning" not in done.output
    faces, _ = set_faces(languages()["dragons"], folder)
    printer = printer_for("dragons", [folder])
    mine = [face for face in faces if face.title.startswith("Cœur")]
    printer.fit(mine)
    assert mine[0].title_scale < 1.0 and printer.unfit == []
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "d.pdf").pages)
    assert "Cœur-de-Braise, Sœur Aînée des Dragons Écarlates" in text


def test_a_text_too_long_for_any_type_size_is_said_not_cut_silently(tmp_path):
    power = "Pouvoir : si la carte adverse est un Dragon : +10 au total."
    folder = designer_set(tmp_path, "Bavard", "\n".join([power] * 40))
    done = CliRunner().invoke(main, ["print", "dragons", "--cards", str(folder), "-o", str(tmp_path / "d.pdf")], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert "warning: the text of Bavard does not fit its card" in done.output


def test_a_designer_template_and_stylesheet_change_the_look(tmp_path):
    folder = designer_set(tmp_path, "Dragon Témoin", "")
    (folder / "print").mkdir()
    shutil.copy(Path(__file__).parents[2] / "interpreter" / "pages" / "templates" / "card.html", folder / "print" / "card.html")
    template = (folder / "print" / "card.html").read_text("utf-8").replace("<footer>", '<footer><span class="mine">Prototype v2</span>')
    (folder / "print" / "card.html").write_text(template, "utf-8")
    (folder / "print" / "style.css").write_text(".card .mine { color: #c00; }\n", "utf-8")
    printer = printer_for("dragons", [folder])
    assert ".card .mine" in printer.style() and printer.style().index(".card .mine") > printer.style().index(".face.dragons")
    done = CliRunner().invoke(main, ["print", "dragons", "--cards", str(folder), "-o", str(tmp_path / "d.pdf"), "--no-backs"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    first = pypdf.PdfReader(tmp_path / "d.pdf").pages[0].extract_text()
    assert "Prototype v2" in first


def test_a_broken_template_is_named_with_its_line(tmp_path):
    folder = designer_set(tmp_path, "Dragon Témoin", "")
    (folder / "print").mkdir()
    (folder / "print" / "card.html").write_text("<div>\n{{ card.title }\n</div>\n", "utf-8")
    done = CliRunner().invoke(main, ["print", "dragons", "--cards", str(folder), "-o", str(tmp_path / "d.pdf")])
    assert done.exit_code == 1
    assert "card.html:2" in done.output and "Traceback" not in done.output
    assert not (tmp_path / "d.pdf").exists()


def test_art_named_after_the_card_is_printed_and_a_card_without_art_gets_the_placeholder(tmp_path):
    from PIL import Image

    folder = designer_set(tmp_path, "Dragon Témoin", "")
    (folder / "art").mkdir()
    Image.new("RGB", (300, 200), "#2a6").save(folder / "art" / "dragon-temoin.png")
    faces, _ = set_faces(languages()["dragons"], folder, folder / "art")
    with_art = [face for face in faces if face.art is not None]
    assert [face.title for face in with_art] == ["Dragon Témoin"]
    printer = printer_for("dragons", [folder])
    html = printer.card_html(with_art[0])
    assert with_art[0].art.as_uri() in html and "placeholder" not in html
    assert "placeholder" in printer.card_html(next(face for face in faces if face.art is None))
    done = CliRunner().invoke(main, ["print", "dragons", "--cards", str(folder), "-o", str(tmp_path / "d.pdf"), "--no-backs"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    pages = pypdf.PdfReader(tmp_path / "d.pdf").pages
    (page,) = [page for page in pages if "Dragon Témoin" in page.extract_text()]
    assert [image.image.size for image in page.images] == [(300, 200)]


@pytest.mark.parametrize(
    ("text", "modifier", "rest", "family"),
    [
        ("Corps à Corps", "", "Corps à Corps", "condition"),
        ("L'adversaire a Piocher 2", "L'adversaire a", "Piocher 2", "effect"),
        ("Tout le monde a Blesser 3", "Tout le monde a", "Blesser 3", "effect"),
        ("Vitesse +1", "", "Vitesse +1", "permanent"),
        ("Stable 2", "", "Stable 2", "stable"),
        ("Si Possible Défausser 1", "", "Si Possible Défausser 1", "effect"),
    ],
)
def test_a_battlefight_step_is_printed_with_its_modifier_above_and_its_family(text, modifier, rest, family):
    step = split_step(text)
    assert (step.modifier, step.text, step.family) == (modifier, rest, family)


def test_each_game_colours_its_cards_by_what_its_printed_cards_are_told_apart_by():
    from atout.interpreter.pages.gallery import Face

    assert printed("battlefight", Face("Javelot", ["Attaque"], text="Distance ; Blesser 3")).colour_word == "Attaque"
    assert printed("cardia", Face("Alchimiste", ["Paquet I", "Académie"], ["influence 7"])).colour_word == "Académie"
    assert printed("cardia", Face("Marché", ["Lieu"], ["difficulté ★"])).colour_word == "Lieu"
    assert printed("dragons", Face("Wyverne", ["Dragon", "Rare"], stats=[("Puissance", "50")] * 4), {"Rare": (180, 229)}).colour_word == "Rare"
    new = printed("cordes", Face("Clinch", ["GRAPPLE"], ["cost 1", "2 copies"]))
    assert new.colour.startswith("#") and new.copies == 2 and new.figures == [("bolt", "cost", "1")]
    assert printed("cordes", Face("Clinch", ["GRAPPLE"])).colour == new.colour  # the same every time


def test_a_dragon_outside_its_rarity_range_is_marked():
    from atout.interpreter.pages.gallery import Face

    face = printed("dragons", Face("Trop Fort", ["Dragon", "Commune"], stats=[("Puissance", "60")] * 4), {"Commune": (100, 179)})
    assert face.total == 240 and face.band == "100–179" and not face.in_band
    assert "off-band" in printer_for("dragons").card_html(face)
