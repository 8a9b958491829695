"""`agon serve --config FILE` in a child process, its JSON log lines in a file (the hosting tests:
tests/deploy/test_club_server.py, test_graceful_stop.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import free_port


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(str(value))


class Served:
    """The child, its port and its log; `stop()` sends SIGTERM and waits."""

    def __init__(self, folder: Path, port: int | None = None, **settings: Any) -> None:
        self.port = port or free_port()
        self.log = folder / "serve.log"
        self.config = folder / "agon.toml"
        every = {"db": f"sqlite:///{folder / 'agon.db'}", "host": "127.0.0.1", "port": self.port,
                 "log_format": "json", "bot_processes": 0, "client_rate": 1000.0, "client_burst": 1000.0, **settings}
        self.config.write_text("".join(f"{key} = {toml_value(value)}\n" for key, value in every.items()))
        env = {k: v for k, v in os.environ.items() if not k.startswith("AGON_") or k == "AGON_TEST_PG"}
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "agon.cli.main", "serve", "--config", str(self.config)],
                                         stdout=subprocess.DEVNULL, stderr=log, env=env,
                                         start_new_session=True)  # (its own process group, as under systemd)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"agon serve exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/livez", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.proc.kill()
        raise RuntimeError("agon serve did not start within 60 s")

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.startswith("{")]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
