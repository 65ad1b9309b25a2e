"""`atout lsp` with a real client over the protocol: diagnostics as you type, completion, hover, definition."""

from __future__ import annotations

import asyncio
import shutil
import sys

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install 'atout[lsp]'")

from lsp_client import TIMEOUT, change, close, open_file, session  # noqa: E402
from lsprotocol import types  # noqa: E402


def test_a_session_of_diagnostics_completion_hover_and_definition(tmp_path, cards_dir):
    folder = tmp_path / "battlefight"
    shutil.copytree(cards_dir / "battlefight", folder)
    cards = folder / "attaque.atout"
    good = cards.read_text(encoding="utf-8")
    deck = folder / "decks" / "le-renard.atout"

    async def scenario() -> None:
        client = await session(folder)
        try:
            uri = open_file(client, cards, good)
            assert await asyncio.wait_for(client.queue(uri).get(), TIMEOUT) in ([], ())
            # a misspelt keyword, as typed: the problem at its place, with the nearest word
            change(client, uri, good.replace("Corps à Corps ; Défausser 1 ; Blesser 4", "Corps à Corps ; Défausser 1 ; Blessr 4", 1), 2)
            (problem,) = await asyncio.wait_for(client.queue(uri).get(), TIMEOUT)
            assert problem.code == "E111" and problem.source == "atout"
            assert problem.severity == types.DiagnosticSeverity.Error
            assert (problem.range.start.line, problem.range.start.character, problem.range.end.character) == (9, 30, 36)
            assert 'did you mean "Blesser"?' in problem.message
            change(client, uri, good, 3)
            assert await asyncio.wait_for(client.queue(uri).get(), TIMEOUT) in ([], ())

            # completion: only the keywords that fit after "Corps à Corps ; "
            completion = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(9, 16))), TIMEOUT)
            labels = [item.label for item in completion.items]
            assert {"Blesser", "Défausser", "Pousser"} <= set(labels) and "Attaque" not in labels

            # hover over "Blesser": what the keyword does
            hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(9, 32))), TIMEOUT)
            assert hover is not None and hover.contents.value.startswith("Blesser: ")

            # a deck: card names complete, a line's hover is the card, its definition the card's place
            deck_text = deck.read_text(encoding="utf-8")
            deck_uri = open_file(client, deck, deck_text)
            assert await asyncio.wait_for(client.queue(deck_uri).get(), TIMEOUT) in ([], ())
            line = next(i for i, text in enumerate(deck_text.split("\n")) if text.endswith(" Javelot"))
            names = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(types.TextDocumentIdentifier(deck_uri), types.Position(line, 5))), TIMEOUT)
            assert [item.label for item in names.items] == ["Javelot"]
            card = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(deck_uri), types.Position(line, 4))), TIMEOUT)
            assert card.contents.value.startswith("== Javelot ==\nAttaque\n")
            where = await asyncio.wait_for(client.text_document_definition_async(types.DefinitionParams(types.TextDocumentIdentifier(deck_uri), types.Position(line, 4))), TIMEOUT)
            assert where.uri == uri and where.range.start.line == good.split("\n").index("== Javelot ==")
        finally:
            await close(client)

    asyncio.run(scenario())


def test_without_pygls_the_command_says_how_to_get_it(monkeypatch):
    from click.testing import CliRunner

    from atout.cli.main import main

    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    result = CliRunner().invoke(main, ["lsp"])
    assert result.exit_code == 2 and "pip install 'atout[lsp]'" in result.output
