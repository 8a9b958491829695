"""The page's plain ES modules without a browser (issue 35 item 7): TypeScript checks them from
their JSDoc (agon/web/jsconfig.json, and jsconfig.worker.json for the service worker), and
`node --test` runs the unit tests of their pure parts (tests/web/js/*.test.mjs). TypeScript comes
from npm through tests/web/get-tsc.sh into a cache outside the tree (a pinned version). Without
node or npm the tests are skipped, or fail where AGON_REQUIRE_BROWSER=1 (CI) asks for every web test."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.web.conftest import _missing

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "agon" / "web"
GET_TSC = Path(__file__).with_name("get-tsc.sh")
UNIT_TESTS = Path(__file__).with_name("js")


def _node() -> str:
    node = shutil.which("node")
    if not node:
        _missing("node is not installed (apt-get install nodejs npm)")
    return str(node)


@pytest.fixture(scope="module")
def tsc() -> list[str]:
    node = _node()
    if not shutil.which("npm"):
        _missing("npm is not installed: TypeScript cannot be fetched (apt-get install npm)")
    try:
        found = subprocess.run(["sh", str(GET_TSC)], capture_output=True, text=True, timeout=300, check=True)
    except (subprocess.SubprocessError, OSError) as err:
        _missing(f"TypeScript could not be installed with npm: {err}")
    path = Path(found.stdout.strip().splitlines()[-1])
    if not path.is_file():
        _missing(f"no tsc at {path}")
    return [node, str(path)]


@pytest.mark.parametrize("project", ["jsconfig.json", "jsconfig.worker.json"])
def test_the_page_scripts_type_check(tsc: list[str], project: str) -> None:
    """`tsc -p` finds nothing. About 6 s of CPU for the page's modules (TypeScript reads the DOM's
    types each time); the worker's project is smaller."""
    done = subprocess.run([*tsc, "-p", str(WEB / project), "--pretty", "false"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_pure_modules_unit_tests_pass() -> None:
    """tests/web/js/*.test.mjs under `node --test` (formatting, plural choice, the DOM builder)."""
    node = _node()
    files = sorted(str(path) for path in UNIT_TESTS.glob("*.test.mjs"))
    assert files, "no unit tests in tests/web/js"
    done = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
