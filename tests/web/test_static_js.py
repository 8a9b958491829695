"""The page's plain ES modules without a browser (issue 35 item 7): TypeScript checks them from
their JSDoc (agon/web/jsconfig.json, and jsconfig.worker.json for the service worker), and
`node --test` runs the unit tests of their pure parts (tests/web/js/*.test.mjs). TypeScript comes
from npm through tests/web/get-tsc.sh into a cache outside the tree (a pinned version). Without
node or npm the tests are skipped, or fail where AGON_REQUIRE_BROWSER=1 (CI) asks for every web test."""

from __future__ import annotations

import json
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from agon.engine import load
from agon.testing import every_game
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


def plugin_boards() -> list[Path]:
    """The board renderers games ship in their own packages (`board.js` beside the game's module,
    `Game.board_script()`), of every declared game: checked with the page's modules."""
    found = []
    for game_id in every_game():
        script = resources.files(type(load(game_id)).__module__).joinpath("board.js")
        if script.is_file():
            found.append(Path(str(script)))
    return found


@pytest.mark.parametrize("project", ["jsconfig.json", "jsconfig.worker.json"])
def test_the_page_scripts_type_check(tsc: list[str], project: str, tmp_path: Path) -> None:
    """`tsc -p` finds nothing, in the page's modules and in the boards games ship in their packages
    (the same run: a project that extends the page's). About 6 s of CPU for the page's modules
    (TypeScript reads the DOM's types each time); the worker's project is smaller."""
    config = WEB / project
    if project == "jsconfig.json":
        base = json.loads(config.read_text(encoding="utf-8"))
        config = tmp_path / "jsconfig.json"
        config.write_text(json.dumps({"extends": str(WEB / project), "include": [
            *(str(WEB / pattern) for pattern in base["include"]), *map(str, plugin_boards())],
            "exclude": [str(WEB / pattern) for pattern in base["exclude"]]}), encoding="utf-8")
    done = subprocess.run([*tsc, "-p", str(config), "--pretty", "false"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_games_own_board_is_in_the_check() -> None:
    assert any(path.parts[-2:] == ("little_tricks", "board.js") for path in plugin_boards())


def test_the_pure_modules_unit_tests_pass() -> None:
    """tests/web/js/*.test.mjs under `node --test` (formatting, plural choice, the DOM builder)."""
    node = _node()
    files = sorted(str(path) for path in UNIT_TESTS.glob("*.test.mjs"))
    assert files, "no unit tests in tests/web/js"
    done = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
