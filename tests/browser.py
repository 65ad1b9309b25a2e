"""A real headless Chromium for the tests of HTML pages (Debian's chromium and chromedriver).

`open_page(path)` loads a page in Chromium through Selenium and returns the
driver; `console_errors(driver)` gives what the page logged as errors. Where
Chromium is not installed the tests that need it are skipped, except on CI
(`CI` set), where its absence fails them: CI installs it (`.ci/run`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

#: Flags for a closed network: no background connections, no sandbox as root.
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,2000",
]


def need_browser() -> None:
    """Skip the test when there is no Chromium here (fail on CI, which must have one)."""
    if CHROMIUM and CHROMEDRIVER:
        return
    message = "Chromium and chromedriver are needed: apt-get install chromium chromium-driver"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def browser() -> Iterator[object]:
    """A headless Chromium driven by Selenium, with the page's console kept."""
    need_browser()
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="atout-chromium-")
    for flag in FLAGS + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver) -> list[str]:
    """The page's console messages of level SEVERE (errors, failed loads)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def file_url(path: Path) -> str:
    return path.resolve().as_uri()
