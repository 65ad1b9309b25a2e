"""`atout lsp`: a language server for `.atout` files, over standard input and output.

An editor that speaks the Language Server Protocol starts `atout lsp` and
gets, for every `.atout` file it opens:

- **diagnostics as you type**: on each change, the file's problems as
  `atout validate` finds them in its set (the same codes, places and "did
  you mean" suggestions, the same bound on a file's size), notes as
  information;
- **completion**: the keywords the grammar accepts where the cursor is,
  whole (`Corps à Corps`), and in a deck or a collection the names of the
  set's cards, shipped ones included;
- **hover**: over a deck or collection line, an extension's `Sans` line or
  a card's title, the card as a designer reads it; elsewhere what the
  construct under the cursor means;
- **go to definition**: from a deck or collection line, or an extension's
  `Sans` line, to its card.

The answers come from `interpreter/language/assist.py`; this module only
speaks the protocol, with pygls (`pip install 'atout[lsp]'`). Positions are
converted between the editor's units (UTF-16 by default) and characters.
The editor's workspace folders tell which folders are the designer's
projects (see `assist.scope`). Whatever goes wrong while answering, the
server goes on: a check that fails is published as one diagnostic, a
request that fails gets an empty answer, and both are logged to the editor.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

T = TypeVar("T")


def _server() -> Any:
    """The language server, with its features."""
    from importlib.metadata import version

    from lsprotocol import types
    from pygls.exceptions import JsonRpcInternalError
    from pygls.lsp.server import LanguageServer
    from pygls.uris import from_fs_path, to_fs_path

    from atout.interpreter.language import assist
    from atout.interpreter.language.loader import MAX_UNIT_CHARS

    class Server(LanguageServer):
        """pygls's server, but for a message that could not be sent (the editor gone, the output closed)."""

        def report_server_error(self, error: Exception, source: Any) -> None:
            """Tell the editor of an error, unless the error is that nothing reaches it: telling would fail the
            same way, and again for ever (each time writing a longer trace to standard error)."""
            if source is not JsonRpcInternalError:
                super().report_server_error(error, source)

    server = Server("atout", version("atout"), text_document_sync_kind=types.TextDocumentSyncKind.Full)
    #: One answer at a time, off the loop that reads the editor's messages: checking a file
    #: keeps state while it reads, and a long check leaves the server listening meanwhile.
    lock = threading.Lock()

    def workspace() -> list[Path]:
        """The folders the editor opened (its workspace folders, or its root)."""
        uris = [folder.uri for folder in server.workspace.folders.values()]
        if server.workspace.root_uri:
            uris.append(server.workspace.root_uri)
        paths = [to_fs_path(uri) for uri in uris]
        return [Path(path) for path in paths if path and "\0" not in path]

    def document(uri: str) -> tuple[Any, Path | None]:
        """The editor's document, and its file's path (None: a document the editor has not opened, not
        a file, or no name a file may have). A document not opened is never read from the disk: it may
        be a pipe, a device, anything."""
        if uri not in server.workspace.text_documents:
            return None, None
        doc = server.workspace.get_text_document(uri)
        path = to_fs_path(uri)
        return doc, Path(path) if path and "\0" not in path else None

    def text_of(doc: Any) -> str:
        """The document's text with its line ends (\\r\\n, \\r, \\n) made \\n, as atout reads a file."""
        return str(doc.source).replace("\r\n", "\n").replace("\r", "\n")

    def lines_of(doc: Any) -> list[str]:
        """The document's lines as the protocol counts them: only \\n, \\r\\n and \\r end a line
        (pygls's own lines also end at U+2028, U+0085, a form feed…, which an editor does not count)."""
        return text_of(doc).split("\n")

    def beyond_reading(doc: Any, position: types.Position) -> bool:
        """Whether the position is on a line longer than atout reads as a unit (`MAX_UNIT_CHARS`): such a line
        gets no completion, hover or definition, and its positions are not converted (pygls counts a line's
        characters one by one: seconds on a line of megabytes, every other request waiting meanwhile)."""
        lines = lines_of(doc)
        return position.line < len(lines) and len(lines[position.line]) > MAX_UNIT_CHARS

    def place(doc: Any, position: types.Position) -> tuple[int, int]:
        """A client position as (line, character) of the text, from 0."""
        server_position = doc.position_codec.position_from_client_units(lines_of(doc), position)
        return server_position.line, server_position.character

    def log(what: str, error: BaseException) -> None:
        """Tell the editor's log what failed, with the trace for a bug report."""
        trace = "".join(traceback.format_exception(error))[-20_000:]
        server.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=f"atout: {what}: {str(error)[:1_000]}\n{trace}"))

    def guarded(what: str, empty: T, answer: Callable[[], T]) -> T:
        """The answer, or `empty` (and a line in the editor's log) when answering fails."""
        with lock:
            try:
                return answer()
            except Exception as error:  # the server outlives any file
                log(what, error)
                return empty

    def diagnostics(doc: Any, path: Path) -> list[types.Diagnostic]:
        """The file's problems as the editor shows them."""
        found = []
        checked = assist.check(path, text_of(doc), workspace())
        lines = lines_of(doc)
        if checked.notice:
            found.append(
                types.Diagnostic(
                    range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                    message=checked.notice,
                    severity=types.DiagnosticSeverity.Information,
                    source="atout",
                )
            )
        for d in checked.diagnostics:
            start = types.Position(d.line - 1, d.column - 1)
            end = types.Position(d.line - 1, d.column - 1 + d.width)
            message = d.message + (f' (did you mean "{d.suggestion}"?)' if d.suggestion else "") + (f"\nhint: {d.hint}" if d.hint else "")
            found.append(
                types.Diagnostic(
                    range=doc.position_codec.range_to_client_units(lines, types.Range(start, end)),
                    message=message,
                    severity=types.DiagnosticSeverity.Information if d.is_note else types.DiagnosticSeverity.Error,
                    code=d.code,
                    source="atout",
                )
            )
        return found

    def failure(error: Exception) -> list[types.Diagnostic]:
        """One diagnostic that says the file could not be checked, and why."""
        first = (str(error).splitlines() or [type(error).__name__])[0][:300]
        return [
            types.Diagnostic(
                range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                message=f"atout could not check this file ({type(error).__name__}: {first}); this is a fault of atout, the editor's log has the details",
                severity=types.DiagnosticSeverity.Error,
                source="atout",
            )
        ]

    def publish(uri: str, version: int | None = None) -> None:
        """Send the file's diagnostics; a check that fails sends one diagnostic that says so.

        A text the editor has changed again since (`version` is not the
        document's) is not checked: the newer one will be. A file closed
        meanwhile is not either.
        """
        with lock:
            doc, path = document(uri)
            if path is None or (version is not None and doc.version != version):
                return
            try:
                found = diagnostics(doc, path)
            except Exception as error:  # the server outlives any file
                log(f"checking {path}", error)
                found = failure(error)
            if uri in server.workspace.text_documents:
                server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, version=doc.version, diagnostics=found))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @server.thread()
    def did_open(ls: Any, params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @server.thread()
    def did_change(ls: Any, params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @server.thread()
    def did_save(ls: Any, params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Any, params: types.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" "]))
    @server.thread()
    def completion(ls: Any, params: types.CompletionParams) -> types.CompletionList:
        def answer() -> types.CompletionList:
            doc, path = document(params.text_document.uri)
            if path is None or beyond_reading(doc, params.position):
                return types.CompletionList(is_incomplete=False, items=[])
            line, character = place(doc, params.position)
            lines = lines_of(doc)
            text = lines[line] if line < len(lines) else ""
            start = types.Position(line, assist.word_start(text, min(character, len(text))))
            replaced = doc.position_codec.range_to_client_units(lines, types.Range(start, types.Position(line, character)))
            kinds = {"keyword": types.CompletionItemKind.Keyword, "card": types.CompletionItemKind.Value}
            items = [
                types.CompletionItem(
                    label=c.label,
                    kind=kinds[c.kind],
                    detail=c.detail or None,
                    documentation=types.MarkupContent(kind=types.MarkupKind.PlainText, value=c.documentation) if c.documentation else None,
                    text_edit=types.TextEdit(range=replaced, new_text=c.label),
                )
                for c in assist.complete(path, text_of(doc), line, character, workspace())
            ]
            return types.CompletionList(is_incomplete=False, items=items)

        return guarded(f"completing in {params.text_document.uri}", types.CompletionList(is_incomplete=False, items=[]), answer)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @server.thread()
    def hover(ls: Any, params: types.HoverParams) -> types.Hover | None:
        def answer() -> types.Hover | None:
            doc, path = document(params.text_document.uri)
            if path is None or beyond_reading(doc, params.position):
                return None
            line, character = place(doc, params.position)
            text = assist.describe(path, text_of(doc), line, character, workspace())
            if text is None:
                return None
            return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.PlainText, value=text))

        return guarded(f"hovering in {params.text_document.uri}", None, answer)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @server.thread()
    def definition(ls: Any, params: types.DefinitionParams) -> types.Location | None:
        def answer() -> types.Location | None:
            doc, path = document(params.text_document.uri)
            if path is None or beyond_reading(doc, params.position):
                return None
            line, character = place(doc, params.position)
            span = assist.definition(path, text_of(doc), line, character, workspace())
            if span is None:
                return None
            start = types.Position(span.line - 1, span.column - 1)
            end = types.Position(span.end_line - 1, span.end_column - 1)
            return types.Location(uri=from_fs_path(span.file) or span.file, range=types.Range(start, end))

        return guarded(f"finding a definition from {params.text_document.uri}", None, answer)

    return server


@click.command()
def lsp() -> None:
    """Run a language server for .atout files, on standard input and output (for editors).

    Diagnostics as you type (those of atout validate), completion of keywords
    and card names, hover (a keyword's meaning, a card's text) and go to
    definition (from a deck line to its card). Needs pygls: pip install
    'atout[lsp]'. See docs/editors.md for VS Code and Neovim.
    """
    try:
        server = _server()
    except ImportError:
        from .output import ExtraMissing

        raise ExtraMissing("the language server needs pygls: pip install 'atout[lsp]'") from None
    # pygls closes the output it is given when the editor says exit: a copy of standard output, so that
    # atout's own is still open when the command ends
    with os.fdopen(os.dup(sys.stdout.fileno()), "wb") as output:
        server.start_io(sys.stdin.buffer, output)
