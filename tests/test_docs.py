"""The documentation is true: its examples run, its links lead somewhere, the README stays short.

The examples of README.md, CONTRIBUTING.md and docs/*.md are fenced blocks;
the word after the opening fence says what the test does with one (see
docs/index.md, "How the examples are checked"):

- ```` ```python ````: run, in the page's scratch folder (which holds a link
  to the shipped `cards/`); a comment after a `print(...)` is a line it
  prints (ending in `…`: the start of one). ```` ```python sketch ```` is
  code with parts left out (`...`), shown and not run.
- ```` ```atout ````: a whole file of the card language, checked as
  `atout validate FILE` checks it (alone, against its game's shipped files);
  it must have no problem, or, with `error=CODE`, a problem of that code.
  With `part`, the file is a part of a set (a few cards of a box or of a
  deck) and only its own problems count: the checks of a whole set are not
  run. With `file=PATH`, it is also written there, for the commands after it.
- ```` ```console ````: `$ command` lines, each followed by its output. An
  `atout` command runs in this process (the CLI, with the page's scratch
  folder as working folder) and its output (stdout and stderr) must be the
  one shown; a line `…` stands for any number of lines. Other commands (a
  `cp`) are run by the shell, and must succeed.

The blocks of a page run in order, in one scratch folder per page.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main as cli
from atout.interpreter.api import validate
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import read_document

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
README_LIMIT = 10_000

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<ticks>`{3,})(?P<info>[^`]*)$")


@dataclass
class Block:
    """One fenced block of a page: its info string's words, its text, its first line."""

    page: Path
    line: int
    language: str
    words: dict[str, str]
    text: str

    @property
    def place(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"


def fenced_blocks(page: Path) -> list[Block]:
    """Every fenced block of a Markdown page, with its indentation taken off."""
    blocks: list[Block] = []
    lines = page.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, ticks = opening["indent"], opening["ticks"]
        info = opening["info"].split()
        body: list[str] = []
        index += 1
        while index < len(lines) and lines[index].strip() != ticks:
            line = lines[index]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            index += 1
        words = dict(word.partition("=")[::2] for word in info[1:])
        blocks.append(Block(page, index - len(body), info[0] if info else "", words, "\n".join(body) + "\n"))
        index += 1
    return blocks


def matches(expected: list[str], actual: list[str]) -> bool:
    """True if the lines match, a line `…` standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "…":
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def trimmed(text: str) -> list[str]:
    """Lines without trailing spaces, without blank lines at the end."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def console_commands(block: Block) -> list[tuple[str, list[str]]]:
    """The `$ command` lines of a console block, each with the lines shown under it."""
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"{block.place}: a console block starts with a `$ command` line"
            commands[-1][1].append(line)
    return commands


def run_console(block: Block, folder: Path) -> None:
    for command, shown in console_commands(block):
        words = shlex.split(command)
        if words[0] != "atout":
            done = subprocess.run(command, shell=True, cwd=folder, capture_output=True, text=True)
            assert done.returncode == 0, f"{block.place}: `{command}` failed: {done.stderr}"
            assert trimmed(done.stdout) == trimmed("\n".join(shown)), f"{block.place}: `{command}` printed {done.stdout!r}"
            continue
        result = CliRunner().invoke(cli, words[1:], prog_name="atout", catch_exceptions=False)
        expected, actual = trimmed("\n".join(shown)), trimmed(result.output)
        assert matches(expected, actual), f"{block.place}: `{command}` printed something else than the page shows.\n--- shown\n" + "\n".join(expected) + "\n--- printed\n" + "\n".join(actual)


def check_card_file(block: Block, folder: Path) -> None:
    name = block.words.get("file") or f"example-{block.line}.atout"
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(block.text, encoding="utf-8")
    if "part" in block.words:
        diagnostics = [d for d in read_document(name, block.text, LANGUAGES).diagnostics if not d.is_note]
    else:
        diagnostics = validate([path]).problems
    codes = [diagnostic.code for diagnostic in diagnostics]
    wanted = block.words.get("error")
    if wanted:
        assert wanted in codes, f"{block.place}: the example should give {wanted}; it gives {codes or 'no problem'}"
    else:
        assert not diagnostics, f"{block.place}: the example has problems:\n" + "\n".join(d.render() for d in diagnostics)
    if "file" not in block.words:
        path.unlink()


#: A comment after a `print(...)` of a python block: what it prints (a final `…`: and more after).
PRINTED = re.compile(r"^\s*print\(.*\)\s+#\s*(?P<said>.+?)\s*$", re.MULTILINE)


def run_python(block: Block) -> None:
    code = compile(block.text, block.place, "exec")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"__name__": "__docs__"})
    printed = out.getvalue().splitlines()
    for said in PRINTED.findall(block.text):
        shown = said.removesuffix("…").rstrip()
        assert any(line == shown or (said.endswith("…") and line.startswith(shown)) for line in printed), (
            f"{block.place}: the comment says a print shows {said!r}, but the block printed:\n" + "\n".join(printed)
        )


RUNNERS = {"atout", "console", "python"}


def runnable(page: Path) -> list[Block]:
    return [block for block in fenced_blocks(page) if block.language in RUNNERS and "sketch" not in block.words]


#: Pages whose examples play thousands of games (seconds each): in the slow part of the suite.
LONG_EXAMPLES = {"docs/api.md", "docs/lab.md"}


@pytest.mark.parametrize(
    "page",
    [pytest.param(page, marks=pytest.mark.slow) if page.relative_to(ROOT).as_posix() in LONG_EXAMPLES else page for page in PAGES],
    ids=lambda page: str(page.relative_to(ROOT)),
)
def test_the_examples_of_the_page_run(page, tmp_path, monkeypatch):
    folder = tmp_path / "scratch"
    folder.mkdir()
    (folder / "cards").symlink_to(CARDS_DIR, target_is_directory=True)
    monkeypatch.chdir(folder)
    for block in runnable(page):
        if block.language == "atout":
            check_card_file(block, folder)
        elif block.language == "console":
            run_console(block, folder)
        else:
            run_python(block)


def test_the_pages_have_examples_of_every_kind():
    """The runner is not idle: the README's tutorial and the docs hold examples it runs."""
    kinds = {block.language for page in PAGES for block in runnable(page)}
    assert kinds == RUNNERS
    assert {block.language for block in runnable(ROOT / "README.md")} >= {"atout", "console"}


def test_a_print_whose_comment_says_something_else_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text('```python\nprint("48.5%", "50.0%")   # 81.0% …\nprint(1 + 1)  # 2\n```\n', encoding="utf-8")
    (block,) = fenced_blocks(page)
    with pytest.raises(AssertionError, match="the comment says a print shows '81.0% …'"):
        run_python(block)
    page.write_text('```python\nprint("48.5%", "50.0%")   # 48.5% …\nprint(1 + 1)  # 2\n```\n', encoding="utf-8")
    (block,) = fenced_blocks(page)
    run_python(block)


def test_an_example_that_differs_from_what_atout_prints_fails(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    page = tmp_path / "page.md"
    page.write_text("```console\n$ atout validate cards/dragons/regles.atout\nall is well\n```\n", encoding="utf-8")
    (block,) = fenced_blocks(page)
    assert block.language == "console"
    with pytest.raises(AssertionError, match="printed something else"):
        run_console(block, tmp_path)


def test_an_error_example_that_gives_no_error_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "```atout error=E111\nDuel de dragons : cartes\n\n== Vouivre ==\nDragon · Rare\nPuissance 62 · Ruse 55 · Savoir 40 · Charisme 48\n```\n",
        encoding="utf-8",
    )
    (block,) = fenced_blocks(page)
    with pytest.raises(AssertionError, match="should give E111"):
        check_card_file(block, tmp_path)


def test_ellipsis_stands_for_any_number_of_lines():
    assert matches(["a", "…", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "…", "b"], ["a", "b"])
    assert not matches(["a", "…", "d"], ["a", "b", "c"])
    assert not matches(["a", "b"], ["a", "b", "c"])


# ---------------------------------------------------------------------------
# Size and links
# ---------------------------------------------------------------------------


def test_the_readme_is_short():
    size = len((ROOT / "README.md").read_text(encoding="utf-8"))
    assert size < README_LIMIT, f"README.md has {size} characters; keep it under {README_LIMIT} and move the rest to docs/"


def test_the_quick_start_keeps_its_two_pip_commands():
    """`.ci/run` runs the two `pip install` lines of the README's Quick start."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in section.split("\n") if line.startswith("pip install ")]
    assert commands == ["pip install . && atout validate cards/", "pip install -e '.[test,ray]' && pytest"]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    text = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings (outside fenced blocks), numbered as GitHub numbers repeats."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fence = None
    for line in page.read_text(encoding="utf-8").split("\n"):
        opening = FENCE.match(line)
        if opening:
            ticks = opening["ticks"]
            if fence is None:
                fence = ticks
            elif line.strip() == fence:
                fence = None
            continue
        heading = re.match(r"^#{1,6} (.+?)\s*#*$", line)
        if fence is None and heading:
            base = slug(heading[1])
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


def links(page: Path) -> list[str]:
    """The targets of the Markdown links of a page, outside fenced blocks and code spans."""
    targets: list[str] = []
    fence = None
    for line in page.read_text(encoding="utf-8").split("\n"):
        opening = FENCE.match(line)
        if opening:
            if fence is None:
                fence = opening["ticks"]
            elif line.strip() == fence:
                fence = None
            continue
        if fence is None:
            targets += [m["target"] for m in LINK.finditer(re.sub(r"`[^`]*`", "", line))]
    return targets


def test_the_slugs_are_githubs():
    assert slug("Checking files: `atout validate`") == "checking-files-atout-validate"
    assert slug('The open questions ("Encore à l\'étude"): the options') == "the-open-questions-encore-à-létude-the-options"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_anchor_that_exist(page):
    broken = []
    for target in links(page):
        if re.match(r"^[a-z]+:", target):
            continue  # a web address
        file_part, _, anchor = target.partition("#")
        destination = (page.parent / file_part).resolve() if file_part else page
        if not destination.exists():
            broken.append(f"{target}: no file {file_part}")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading with the anchor #{anchor} in {destination.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)} has broken links:\n" + "\n".join(broken)


def test_the_docs_are_all_in_the_table_of_contents():
    listed = set(links(ROOT / "docs" / "index.md"))
    pages = {page.name for page in (ROOT / "docs").glob("*.md")} - {"index.md"}
    assert pages <= {target.partition("#")[0] for target in listed}


def test_the_table_of_error_codes_is_the_one_atout_uses():
    from atout.interpreter.language.diagnostics import CODES

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| ([EN]\d{3}) \| (.+?) \|$", text, flags=re.MULTILINE))
    assert table == CODES
