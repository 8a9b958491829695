"""Fixtures of the browser tests: `agon serve` on a free port with a temporary SQLite database,
and Debian's headless Chromium driven by Playwright (never a downloaded browser).

`AGON_TEST_SERVER=http://host:port` runs the tests against a server that is already up instead.
Without Playwright or Chromium the tests are skipped with the reason, except where
`AGON_REQUIRE_BROWSER=1` (CI sets it) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("AGON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def _missing(reason: str) -> None:
    if os.environ.get("AGON_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + " (AGON_REQUIRE_BROWSER=1)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """The base URL of a running `agon serve`, with a tiny JSON client for setting up matches."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")

    def call(self, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def healthy(self) -> bool:
        try:
            return self.call("/api/health").get("ok") is True
        except (OSError, ValueError, AttributeError):
            return False


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    given = os.environ.get("AGON_TEST_SERVER")
    if given:
        yield Server(given)
        return
    port = _free_port()
    db = tmp_path_factory.mktemp("serve") / "agon.db"
    log = (tmp_path_factory.getbasetemp() / "serve.log").open("w")
    command = [sys.executable, "-m", "agon.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}"]
    # the bot's analyses and hints on a tiny budget (issue 36): a browser test waits for them
    tiny = {"AGON_ANALYSIS_ITERATIONS": "4", "AGON_ANALYSIS_MATCH_ITERATIONS": "400", "AGON_HINT_ITERATIONS": "30"}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **tiny})
    found = Server(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 30
    while not found.healthy():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            output = Path(log.name).read_text()[-2000:]
            pytest.fail(f"agon serve did not start: {' '.join(command)}\n{output}")
        time.sleep(0.2)
    try:
        yield found
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def launched_browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, for the session (the `browser` fixture of tests/conftest.py:
    one per process, as Playwright's sync API allows only one at a time; tests/deploy uses it too)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed (pip install -e '.[webtest]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh browser context (its own localStorage) at 1366x768; page errors fail the test."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.base)
    context.set_default_timeout(20000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda err: errors.append(str(err)))
    try:
        yield opened
    finally:
        context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
