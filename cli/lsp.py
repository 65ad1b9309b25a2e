"""`atout lsp`: a language server for `.atout` files, over standard input and output.

An editor that speaks the Language Server Protocol starts `atout lsp` and
gets, for every `.atout` file it opens:

- **diagnostics as you type**: on each change, the file's problems as
  `atout validate` finds them in its set (the same codes, places and "did
  you mean" suggestions), notes as information;
- **completion**: the keywords the grammar accepts where the cursor is, and
  in a deck or a collection the names of the set's cards;
- **hover**: what the construct under the cursor means, and over a deck or
  collection line, the card's text;
- **go to definition**: from a deck or collection line to its card.

The answers come from `interpreter/language/assist.py`; this module only
speaks the protocol, with pygls (`pip install 'atout[lsp]'`). Positions are
converted between the editor's units (UTF-16 by default) and characters.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click


def _server() -> Any:
    """The language server, with its features."""
    from importlib.metadata import version

    from lsprotocol import types
    from pygls.lsp.server import LanguageServer
    from pygls.uris import from_fs_path, to_fs_path

    from atout.interpreter.language import assist

    server = LanguageServer("atout", version("atout"), text_document_sync_kind=types.TextDocumentSyncKind.Full)

    def document(uri: str) -> tuple[Any, Path | None]:
        doc = server.workspace.get_text_document(uri)
        path = to_fs_path(uri)
        return doc, Path(path) if path else None

    def place(doc: Any, position: types.Position) -> tuple[int, int]:
        """A client position as (line, character) of the text, from 0."""
        server_position = doc.position_codec.position_from_client_units(doc.lines, position)
        return server_position.line, server_position.character

    def publish(uri: str) -> None:
        doc, path = document(uri)
        if path is None:
            return
        found = []
        for d in assist.check(path, doc.source):
            start = types.Position(d.line - 1, d.column - 1)
            end = types.Position(d.line - 1, d.column - 1 + d.width)
            message = d.message + (f' (did you mean "{d.suggestion}"?)' if d.suggestion else "")
            found.append(
                types.Diagnostic(
                    range=doc.position_codec.range_to_client_units(doc.lines, types.Range(start, end)),
                    message=message,
                    severity=types.DiagnosticSeverity.Information if d.is_note else types.DiagnosticSeverity.Error,
                    code=d.code,
                    source="atout",
                )
            )
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, version=doc.version, diagnostics=found))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Any, params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Any, params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Any, params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Any, params: types.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" "]))
    def completion(ls: Any, params: types.CompletionParams) -> types.CompletionList:
        doc, path = document(params.text_document.uri)
        if path is None:
            return types.CompletionList(is_incomplete=False, items=[])
        line, character = place(doc, params.position)
        kinds = {"keyword": types.CompletionItemKind.Keyword, "card": types.CompletionItemKind.Value}
        items = [
            types.CompletionItem(label=c.label, kind=kinds[c.kind], detail=c.detail or None)
            for c in assist.complete(path, doc.source, line, character)
        ]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: Any, params: types.HoverParams) -> types.Hover | None:
        doc, path = document(params.text_document.uri)
        if path is None:
            return None
        line, character = place(doc, params.position)
        text = assist.describe(path, doc.source, line, character)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.PlainText, value=text))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: Any, params: types.DefinitionParams) -> types.Location | None:
        doc, path = document(params.text_document.uri)
        if path is None:
            return None
        line, character = place(doc, params.position)
        span = assist.definition(path, doc.source, line, character)
        if span is None:
            return None
        start = types.Position(span.line - 1, span.column - 1)
        end = types.Position(span.end_line - 1, span.end_column - 1)
        return types.Location(uri=from_fs_path(span.file) or span.file, range=types.Range(start, end))

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
        raise click.UsageError("the language server needs pygls: pip install 'atout[lsp]'") from None
    server.start_io()
