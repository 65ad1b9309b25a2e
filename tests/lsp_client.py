"""A real language-server client over the protocol (pygls), for the tests of `atout lsp`.

`run(folder, scenario)` starts `atout lsp` in a new process, opens a session
with `folder` as the workspace (None: a file opened alone), runs
`scenario(client)` and closes the session whatever happens; the other
functions send one request each and wait for its answer, each wait bounded.
Importing this module skips the test module where pygls is not installed.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls: pip install 'atout[lsp]'")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import BaseLanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

#: Seconds any one answer may take.
TIMEOUT = 60


class Client(BaseLanguageClient):
    """A client that keeps the diagnostics the server publishes, by file."""

    def __init__(self) -> None:
        super().__init__("atout-test", "1")
        self.published: dict[str, asyncio.Queue] = {}

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.queue(params.uri).put_nowait(params.diagnostics)

    def queue(self, uri: str) -> asyncio.Queue:
        return self.published.setdefault(uri, asyncio.Queue())


def open_file(client: Client, path: Path, text: str) -> str:
    uri = from_fs_path(str(path))
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="atout", version=1, text=text)))
    return uri


def change(client: Client, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def close(client: Client) -> None:
    await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
    client.exit(None)
    await client.stop()


async def session(folder: Path | None) -> Client:
    """A client started against `atout lsp`, with `folder` as its workspace (None: a file opened alone)."""
    client = Client()
    await client.start_io(sys.executable, "-m", "atout.cli.main", "lsp")
    root = from_fs_path(str(folder)) if folder is not None else None
    await asyncio.wait_for(client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=root)), TIMEOUT)
    client.initialized(types.InitializedParams())
    return client


def run(folder: Path | None, scenario) -> None:
    """Run `scenario(client)` in a session, closed whatever happens."""

    async def body() -> None:
        client = await session(folder)
        try:
            await scenario(client)
        finally:
            await close(client)

    asyncio.run(body())


async def published(client: Client, uri: str) -> list[types.Diagnostic]:
    return list(await asyncio.wait_for(client.queue(uri).get(), TIMEOUT))


async def complete(client: Client, uri: str, line: int, character: int) -> list[types.CompletionItem]:
    answer = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))), TIMEOUT)
    return list(answer.items) if answer is not None else []


async def hover(client: Client, uri: str, line: int, character: int) -> str | None:
    answer = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, character))), TIMEOUT)
    return answer.contents.value if answer is not None else None


async def definition(client: Client, uri: str, line: int, character: int):
    return await asyncio.wait_for(client.text_document_definition_async(types.DefinitionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))), TIMEOUT)
