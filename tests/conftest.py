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


# -- the order of the run ----------------------------------------------------------------------------

WAITING = ("web", "deploy", "server")  # folders whose tests mostly wait: on a browser, a server process, a socket


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Spread the modules whose tests mostly wait (browser pages, server processes) among the ones
    that compute, so that at every point of a run under pytest-xdist some workers compute while
    others wait. Collected in folder order, every browser test came last: for the last five
    minutes of CI three workers waited on three browsers at once while the cores had little to do.
    Each module's tests stay together and in their order (a module-scoped fixture is set up once)."""
    tests = Path(__file__).parent
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(Path(str(item.path)), []).append(item)

    def waits(path: Path) -> bool:
        parts = path.relative_to(tests).parts if path.is_relative_to(tests) else ()
        return len(parts) > 1 and parts[0] in WAITING

    waiting = [group for path, group in modules.items() if waits(path)]
    computing = [group for path, group in modules.items() if not waits(path)]
    if not waiting or not computing:
        return
    order: list[list[pytest.Item]] = []
    taken_waiting = taken_computing = 0
    while taken_waiting < len(waiting) or taken_computing < len(computing):
        # the list that is behind its share of the run takes the next place
        if taken_computing >= len(computing) or (taken_waiting < len(waiting)
                                                 and taken_waiting * len(computing) <= taken_computing * len(waiting)):
            order.append(waiting[taken_waiting])
            taken_waiting += 1
        else:
            order.append(computing[taken_computing])
            taken_computing += 1
    items[:] = [item for group in order for item in group]
