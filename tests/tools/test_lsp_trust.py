"""`atout lsp` trusted with a designer's folders and with hostile documents, through a real client over the protocol.

- a folder made by `atout init` extends the shipped game: its decks' shipped
  cards have their hover, definition and completion;
- completion offers whole keywords (`Corps à Corps`, `Se Déplacer`);
- hovering a card's title shows the card as a designer reads it;
- a document larger than `atout validate` reads gets one diagnostic saying
  so, and completion on a line too long to be read offers nothing;
- a file outside any project is checked alone, and a folder too large to
  walk is not walked;
- whatever a document holds, the server answers with diagnostics and goes on;
  it reads no document the editor has not opened (a pipe would block it);
- it ends cleanly when the editor says exit.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install 'atout[lsp]'")

from click.testing import CliRunner  # noqa: E402
from lsprotocol import types  # noqa: E402
from lsp_client import TIMEOUT, Client, change, close, complete, definition, hover, open_file, published, run, session  # noqa: E402
from pygls.uris import from_fs_path, to_fs_path  # noqa: E402

from atout.cli.main import main  # noqa: E402
from atout.interpreter.language.assist import MAX_SET_FILES  # noqa: E402
from atout.interpreter.language.text import MAX_FILE_BYTES  # noqa: E402


async def goes_on_past_files_never_opened_and_a_long_base(client: Client, folder: Path, uri: str, good: str) -> None:
    """Questions about files the editor never opened (one not on the disk, one a pipe nobody writes to)
    get no answer, nothing being read from them; then a 300-character `Base :` still gets diagnostics."""
    pipe = folder / "tuyau.atout"
    os.mkfifo(pipe)
    for never in (folder / "effacé.atout", pipe):
        gone = from_fs_path(str(never))
        assert await hover(client, gone, 0, 0) is None
        assert await complete(client, gone, 0, 0) == []
        assert await definition(client, gone, 0, 0) is None
    change(client, uri, good + "Base : " + "x" * 300 + "\n", 4)
    assert await published(client, uri)


def init(tmp_path: Path, game: str) -> Path:
    """A folder made by `atout init`, extending a shipped game."""
    folder = tmp_path / "mon-jeu"
    result = CliRunner().invoke(main, ["init", str(folder), "--game", game])
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("workspace", [True, False], ids=["folder-opened", "file-opened-alone"])
def test_shipped_cards_of_an_init_folder_have_hover_definition_and_completion(tmp_path, cards_dir, workspace):
    folder = init(tmp_path, "battlefight")
    deck = folder / "mon-deck.atout"
    text = deck.read_text(encoding="utf-8")
    lines = text.split("\n")
    shipped = (cards_dir / "battlefight" / "attaque.atout").resolve()
    decharge = next(i for i, line in enumerate(lines) if line == "1 Décharge")

    async def scenario(client: Client) -> None:
        uri = open_file(client, deck, text)
        assert await published(client, uri) == []
        # hover: the shipped card's text, and where it comes from
        shown = await hover(client, uri, decharge, 4)
        assert shown is not None and shown.startswith("== Décharge ==\nAttaque\nCorps à Corps ; Défausser 1 ; Blesser 4")
        assert "attaque.atout, shipped with BattleFight" in shown
        # definition: the shipped file, at the card's title
        where = await definition(client, uri, decharge, 4)
        assert where is not None and Path(to_fs_path(where.uri)).resolve() == shipped
        assert shipped.read_text(encoding="utf-8").split("\n")[where.range.start.line] == "== Décharge =="
        # completion: shipped names with the folder's own, each with its type and text
        typed = text.replace("1 Décharge\n", "1 Déch\n", 1)
        change(client, uri, typed, 2)
        await published(client, uri)
        items = await complete(client, uri, decharge, 6)
        assert [item.label for item in items] == ["Décharge"]
        assert items[0].detail == "Attaque" and "Blesser 4" in items[0].documentation.value
        everything = {item.label for item in await complete(client, uri, decharge, 2)}
        assert {"Coup de Vent", "Décharge", "Forteresse", "Ascèse"} <= everything

    run(folder if workspace else None, scenario)


def test_completion_offers_whole_keywords(tmp_path):
    folder = init(tmp_path, "battlefight")
    cards = folder / "mes-cartes.atout"
    text = cards.read_text(encoding="utf-8") + "\n== Nouvelle ==\nAttaque\nCo\n"
    line = text.split("\n").index("Co")

    async def scenario(client: Client) -> None:
        uri = open_file(client, cards, text)
        await published(client, uri)
        labels = [item.label for item in await complete(client, uri, line, 0)]
        assert {"Corps à Corps", "Se Déplacer", "Se Blesser", "Blesser", "Distance"} <= set(labels)
        assert "Corps" not in labels and "Se" not in labels
        # the word begun is replaced by the whole keyword
        (item,) = await complete(client, uri, line, 2)
        assert item.label == "Corps à Corps" and item.text_edit.new_text == "Corps à Corps"
        assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (0, 2)

    run(folder, scenario)


@pytest.mark.parametrize(
    "game, title, shown",
    [
        ("battlefight", "== Coup de Vent ==", "== Coup de Vent ==\nAttaque\nDistance ; Défausser 1 ; Blesser 2 ; Pousser 1"),
        ("dragons", None, "\nDragon · "),
    ],
)
def test_hovering_a_card_title_shows_the_card(tmp_path, game, title, shown):
    folder = init(tmp_path, game)
    cards = folder / "mes-cartes.atout"
    text = cards.read_text(encoding="utf-8")
    line = next(i for i, written in enumerate(text.split("\n")) if written == title or (title is None and written.startswith("==")))

    async def scenario(client: Client) -> None:
        uri = open_file(client, cards, text)
        await published(client, uri)
        card = await hover(client, uri, line, 4)
        assert card is not None and card.startswith(text.split("\n")[line]) and shown in card

    run(folder, scenario)


def test_a_document_larger_than_validate_reads_gets_one_diagnostic(tmp_path):
    folder = init(tmp_path, "battlefight")
    cards = folder / "mes-cartes.atout"
    good = cards.read_text(encoding="utf-8")
    # one card whose step line is 9.6 MB long, past the bound on a file's size
    huge = good + "\n== Énorme ==\nAttaque\n" + "Blesser 1 ; " * 800_000
    assert len(huge.encode("utf-8")) > MAX_FILE_BYTES

    async def scenario(client: Client) -> None:
        uri = open_file(client, cards, huge)
        (problem,) = await published(client, uri)
        assert problem.code == "E100" and f"{MAX_FILE_BYTES:,} bytes" in problem.message
        assert await complete(client, uri, len(huge.split("\n")) - 1, len(huge.split("\n")[-1])) == []
        # a line too long to be read as a card (but in a file of a size atout reads): no keyword offered
        long_line = good + "\n== Longue ==\nAttaque\n" + "Blesser 1 ; " * 5_000
        change(client, uri, long_line, 2)
        assert [d.code for d in await published(client, uri)] == ["E110"]
        assert await complete(client, uri, len(long_line.split("\n")) - 1, len(long_line.split("\n")[-1])) == []
        # the server goes on
        change(client, uri, good, 3)
        assert await published(client, uri) == []
        await goes_on_past_files_never_opened_and_a_long_base(client, folder, uri, good)

    run(folder, scenario)


def test_a_file_outside_any_project_is_checked_alone(tmp_path):
    temporary = tmp_path / "tmp"
    other = temporary / "quelqu-un" / "ses-cartes.atout"
    other.parent.mkdir(parents=True)
    card = "BattleFight : cartes\n\n== Éclair ==\nAttaque\nDistance ; Blesser 2\n"
    other.write_text(card, encoding="utf-8")
    (temporary / "cassé.atout").write_text("BattleFight : cartes\n\n== Cassé ==\nAttaque\nBlessr 2\n", encoding="utf-8")
    scratch = temporary / "brouillon.atout"

    async def scenario(client: Client) -> None:
        uri = open_file(client, scratch, card)
        # the same card in another file of the temporary folder is no concern of this file
        assert await published(client, uri) == []

    run(None, scenario)


def test_a_folder_too_large_to_walk_is_not_walked(tmp_path):
    workspace = tmp_path / "tout"
    for index in range(MAX_SET_FILES + 1):
        folder = workspace / f"dossier-{index // 100}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"carte-{index}.atout").write_text(f"BattleFight : cartes\n\n== Carte {index} ==\nAttaque\nBlesser 1\n", encoding="utf-8")
    scratch = workspace / "brouillon.atout"

    async def scenario(client: Client) -> None:
        uri = open_file(client, scratch, "BattleFight : cartes\n\n== Carte 7 ==\nAttaque\nBlesser 1\n")
        (notice,) = await published(client, uri)
        assert notice.severity == types.DiagnosticSeverity.Information and "checked alone" in notice.message
        assert f"more than {MAX_SET_FILES:,} card files" in notice.message

    run(workspace, scenario)


def test_the_server_answers_every_document_with_diagnostics_and_goes_on(tmp_path):
    folder = init(tmp_path, "battlefight")
    extension = folder / "extension.atout"
    good = extension.read_text(encoding="utf-8")

    async def scenario(client: Client) -> None:
        uri = open_file(client, extension, good)
        assert await published(client, uri) == []
        # a base named by 300 characters: a diagnostic, an error, on its file
        change(client, uri, good + "Base : " + "x" * 300 + "\n", 2)
        problems = await published(client, uri)
        assert problems and all(p.severity == types.DiagnosticSeverity.Error for p in problems)
        # a place far past the end of the document: answered (as at its end), no failure
        await hover(client, uri, 10_000, 10_000)
        await complete(client, uri, 10_000, 3)
        await definition(client, uri, 10_000, 0)
        change(client, uri, good, 3)
        assert await published(client, uri) == []
        await goes_on_past_files_never_opened_and_a_long_base(client, folder, uri, good)

    run(folder, scenario)


def test_the_server_ends_cleanly_when_the_editor_says_exit(tmp_path):
    folder = init(tmp_path, "battlefight")
    cards = folder / "mes-cartes.atout"

    async def scenario() -> tuple[int | None, bytes]:
        client = await session(folder)
        uri = open_file(client, cards, cards.read_text(encoding="utf-8"))
        assert await published(client, uri) == []
        assert await hover(client, uri, 3, 4) is not None
        process = client._server
        await close(client)
        return process.returncode, await asyncio.wait_for(process.stderr.read(), TIMEOUT)

    code, errors = asyncio.run(scenario())
    assert code == 0 and b"Traceback" not in errors, errors.decode(errors="replace")


def test_places_count_the_lines_the_editor_counts(tmp_path):
    # U+2028 and a form feed end no line for an editor (only \n, \r\n and \r do): places after them are the editor's
    folder = init(tmp_path, "battlefight")
    cards = folder / "mes-cartes.atout"
    text = cards.read_text(encoding="utf-8").replace("\n", "\r\n") + "# une note\u2028sur deux\x0clignes ?\r\n== Nouvelle ==\r\nAttaque\r\nCorps à Corps ; Se\r\n"
    line = text.split("\r\n").index("Corps à Corps ; Se")

    async def scenario(client: Client) -> None:
        uri = open_file(client, cards, text)
        (unfinished,) = await published(client, uri)
        assert (unfinished.code, unfinished.range.start.line, unfinished.range.start.character) == ("E112", line, 18)
        items = await complete(client, uri, line, 18)
        assert sorted(item.label for item in items) == ["Se Blesser", "Se Déplacer"]
        assert all((item.text_edit.range.start.line, item.text_edit.range.start.character, item.text_edit.range.end.character) == (line, 16, 18) for item in items)
        change(client, uri, text.replace("; Se\r\n", "; Se Blessr\r\n"), 2)
        (problem,) = await published(client, uri)
        assert (problem.code, problem.range.start.line, problem.range.start.character) == ("E111", line, 19)
        change(client, uri, text.replace("; Se\r\n", "; Se Blesser\r\n"), 3)
        assert await published(client, uri) == []
        assert await hover(client, uri, line - 2, 4) == "== Nouvelle ==\nAttaque\nCorps à Corps ; Se Blesser 1"

    run(folder, scenario)


def test_a_card_an_extension_leaves_out_has_hover_and_definition(tmp_path, cards_dir):
    folder = init(tmp_path, "cardia")
    extension = folder / "extension.atout"
    text = extension.read_text(encoding="utf-8")
    line = text.split("\n").index("Sans : Messagère")
    shipped = (cards_dir / "cardia" / "paquet-i.atout").resolve()

    async def scenario(client: Client) -> None:
        uri = open_file(client, extension, text)
        await published(client, uri)
        shown = await hover(client, uri, line, 9)
        assert shown is not None and shown.startswith("== Messagère ==\nPaquet I · ") and "shipped with Duel pour Cardia" in shown
        where = await definition(client, uri, line, 9)
        assert where is not None and Path(to_fs_path(where.uri)).resolve() == shipped
        assert shipped.read_text(encoding="utf-8").split("\n")[where.range.start.line] == "== Messagère =="

    run(folder, scenario)


def test_a_line_longer_than_atout_reads_is_answered_without_walking_it(tmp_path, monkeypatch):
    """Completion, hover and definition on a line longer than a unit answer nothing at once: the line's
    positions are never converted (pygls walks a line one character at a time: 9 s for a line of 13 MB,
    the server held meanwhile). In this process, each conversion's line length noted."""
    from pygls.workspace.position_codec import PositionCodec

    from atout.cli.lsp import _server
    from atout.interpreter.language.loader import MAX_UNIT_CHARS

    walked: list[int] = []
    from_client, to_client = PositionCodec.position_from_client_units, PositionCodec.range_to_client_units
    monkeypatch.setattr(PositionCodec, "position_from_client_units", lambda self, lines, p: walked.append(len(lines[p.line])) or from_client(self, lines, p))
    monkeypatch.setattr(PositionCodec, "range_to_client_units", lambda self, lines, r: walked.append(len(lines[r.start.line])) or to_client(self, lines, r))
    server = _server()
    initializing = server.protocol.lsp_initialize(types.InitializeParams(capabilities=types.ClientCapabilities()))
    with pytest.raises(StopIteration):
        while True:
            next(initializing)
    folder = init(tmp_path, "battlefight")
    uri = from_fs_path(str(folder / "mes-cartes.atout"))
    text = "BattleFight : cartes\n\n== Longue ==\nAttaque\n" + "Blesser 1 ; " * (MAX_UNIT_CHARS // 10) + "Bl"
    server.workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="atout", version=1, text=text))
    features = server.protocol.fm.features
    end = types.Position(4, len(text.split("\n")[4]))
    document = types.TextDocumentIdentifier(uri)
    assert features[types.TEXT_DOCUMENT_COMPLETION](types.CompletionParams(document, end)).items == []
    assert features[types.TEXT_DOCUMENT_HOVER](types.HoverParams(document, end)) is None
    assert features[types.TEXT_DOCUMENT_DEFINITION](types.DefinitionParams(document, end)) is None
    assert walked == []
    # a line atout reads is answered as before, its positions converted
    short = text.rsplit("\n", 1)[0] + "\nBl"
    server.workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="atout", version=2, text=short))
    items = features[types.TEXT_DOCUMENT_COMPLETION](types.CompletionParams(document, types.Position(4, 2))).items
    assert [item.label for item in items] == ["Blesser", "Bloquer"] and walked == [2, 2]
