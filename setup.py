"""Packaging: what `pip install .` installs, found from the folders, never listed by hand.

The project's metadata is in pyproject.toml. The four top-level folders
become sub-packages of the `atout` namespace package (grammar/ is
`atout.grammar`, and so on); every Python package below them is found by
`find_packages`, and every other file they hold (grammars, parser tables,
cards, decks, starters) is installed beside the code as package data.
The top of the package, `atout` itself, is the folder cli/entry/: it holds
`__main__.py`, for `python -m atout`.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import find_packages, setup

#: The top-level folders and the package each one becomes.
FOLDERS = {
    "grammar": "atout.grammar",
    "cards": "atout.cards",
    "interpreter": "atout.interpreter",
    "cli": "atout.cli",
}

#: The folder of the top package, `atout`: its `__init__.py` and `__main__.py`.
TOP = "cli/entry"

#: Files and folders that are never installed: caches the tools leave behind.
LEFT_OUT = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}


def data_files(package_folder: Path, package_folders: set[Path]) -> list[str]:
    """The files below a package's folder that are not Python and not in a package below it, relative to it."""
    below = {folder for folder in package_folders if package_folder in folder.parents}
    found = []
    for path in sorted(package_folder.rglob("*")):
        relative = path.relative_to(package_folder)
        if not path.is_file() or path.suffix in {".py", ".pyc"} or LEFT_OUT & set(relative.parts):
            continue
        if not below & set(path.parents):
            found.append(relative.as_posix())
    return found


def discover() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    """The packages, where each one's folder is, and each one's data files."""
    here = Path(__file__).parent
    packages: list[str] = ["atout"]
    package_dir = {"atout": TOP}
    package_data: dict[str, list[str]] = {}
    for folder, name in FOLDERS.items():
        package_dir[name] = folder
        found = {name: here / folder}
        for sub in find_packages(here / folder, exclude=[TOP.partition("/")[2]]):
            found[f"{name}.{sub}"] = here / folder / sub.replace(".", "/")
        folders = set(found.values())
        for package, path in found.items():
            packages.append(package)
            data = data_files(path, folders)
            if data:
                package_data[package] = data
    return packages, package_dir, package_data


packages, package_dir, package_data = discover()
setup(
    packages=packages,
    package_dir=package_dir,
    package_data=package_data,
    include_package_data=False,  # the data is package_data, found above
)
