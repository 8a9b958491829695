"""What every test sees: the games kept in folders of tests/ as distributions of their own
(a `pyproject.toml` declaring `agon.games` entry points) are declared like installed ones."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agon.testing.plugins import declare_folder_games

declare_folder_games(Path(__file__).parent)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium (tests/web/conftest.py), shared by tests/web and tests/deploy: Playwright's
    sync API runs one at a time in a process."""
    from tests.web.conftest import launched_browser

    yield from launched_browser()
