"""Standard output that cannot be written (a full disk, a quota, a device error): a clear error and exit 1, never a traceback."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

#: The errors of a write that no retry mends: no space, quota, file too large, the device failing.
FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}

#: The exit code of a command whose output could not be written.
EXIT_OUTPUT = 1


class OutputError(click.ClickException):
    """A file the command was to write that could not be written: `error: …`, exit 2, without the usage line (the command line was right)."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        """Say what could not be written, on standard error."""
        click.echo(f"error: {self.format_message()}", err=True)


class ExtraMissing(OutputError):
    """A command whose libraries come with an extra that is not installed: `error: … pip install 'atout[extra]'`, exit 2, without the usage line."""


def check_destination(option: str, path: Any, nothing: str = "nothing was played") -> None:
    """Refuse, before any work, a path whose folder does not exist (`--report`, `--csv`…; click's path type refuses a folder): hours of games are not lost at the end.

    Raises `click.UsageError` naming the option and what to do; `nothing` says what was not done.
    """
    if path is None or str(path) == "-":
        return
    folder = path.parent if str(path.parent) else Path(".")
    try:
        missing = not folder.is_dir()
        what = "is not a folder" if missing and folder.exists() else "does not exist"
    except OSError as error:  # a folder's name too long: the path can be no file's
        raise click.UsageError(f"{option} {path}: {error.strerror}; give another path ({nothing})") from None
    if missing:
        raise click.UsageError(f"{option} {path}: {folder} {what}; make the folder first, or give another path ({nothing})")


def check_folder(option: str, folder: Path | None, nothing: str = "nothing was played") -> None:
    """Refuse, before any work, a folder to write into (`--save-records`) that is a file or whose name the system refuses; one still to make is made later."""
    if folder is None:
        return
    from atout.interpreter.language.diagnostics import shorten

    try:
        taken = folder.exists() and not folder.is_dir()
    except OSError as error:  # a name too long: no folder can have it
        raise click.UsageError(f"{option} {shorten(str(folder))}: {error.strerror}; give another folder ({nothing})") from None
    if taken:
        raise click.UsageError(f"{option} {shorten(str(folder))}: it is a file, not a folder; give another folder ({nothing})")


class CheckedGroup(click.Group):
    """A group of commands whose standard output is checked: a write that fails ends the command with a message."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line (as `click.Group.main`), with its output flushed and checked at the end."""
        with output_checked():
            return super().main(*args, **kwargs)


@contextmanager
def output_checked() -> Iterator[None]:
    """Flush standard output when the block ends; a write to it that failed for lack of room ends the process (exit 1).

    Output still buffered is flushed here rather than when Python exits, so
    that its failure is told like any other. A broken pipe is left to click,
    which exits 1 quietly (the reader has gone).
    """
    try:
        try:
            yield
        finally:
            sys.stdout.flush()
    except OSError as error:
        if not is_output_error(error):
            raise
        give_up_output(error)


def is_output_error(error: OSError) -> bool:
    """Is this the failure of a write to a stream (no file named) for lack of room or a failing device?"""
    return error.errno in FULL and error.filename is None


def give_up_output(error: OSError) -> None:
    """Say that standard output could not be written, drop what is still buffered for it, and exit 1."""
    reason = error.strerror or os.strerror(error.errno or 0)
    try:
        sys.stderr.write(f"error: cannot write to standard output: {reason}\n")
        sys.stderr.flush()
    except OSError:
        pass  # standard error is full too: the exit code alone tells
    _silence_stdout()
    sys.exit(EXIT_OUTPUT)


def _silence_stdout() -> None:
    """Point standard output's descriptor at the null device, so that the bytes still buffered go nowhere at exit."""
    try:
        descriptor = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return  # not a file of the system (a test's capture): nothing is flushed at exit
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
