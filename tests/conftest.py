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


def _cheap_password_hashes() -> None:
    """Argon2 at its real cost (64 MiB, ~0.1 s a hash) for every account, log-in and app the server
    tests make was a tenth of the suite's CPU. The tests check what is done with a hash, not its
    cost; `test_servers_hash_with_argon2id_at_rfc_9106_low_memory` checks the servers' parameters
    (servers started as processes keep them)."""
    try:
        from argon2 import PasswordHasher

        from agon.server import accounts
    except ImportError:  # no web extra: no server tests
        return
    def cheap_hasher() -> PasswordHasher:
        return PasswordHasher(time_cost=1, memory_cost=256, parallelism=1)

    cheap_hasher.server_hasher = accounts.new_hasher  # type: ignore[attr-defined]
    accounts.new_hasher = cheap_hasher


_cheap_password_hashes()
