"""deploy/entrypoint.sh outside a container (issue 37, "Containers" in docs/hosting.md): it migrates a
new SQLite database, becomes `agon serve` (exec: the server is its process and SIGTERM stops it),
and gives up with one line when the database never answers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the entrypoint starts agon serve (the web extra)")

import httpx

from tests.server.conftest import free_port

SCRIPT = Path(__file__).resolve().parents[2] / "deploy" / "entrypoint.sh"


def environment(db: str, **more: str) -> dict[str, str]:
    """The script's environment: `agon` on PATH (this Python's), this tree's code."""
    tree = str(Path(__file__).resolve().parents[2])
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "PATH": path, "PYTHONPATH": tree, "AGON_DB": db, **more}


def test_the_entrypoint_migrates_then_execs_agon_serve(tmp_path):
    """Over 5 s: two Python processes start (`agon admin migrate` on a new database, then `agon
    serve`), 5.6 s of CPU in all; 27 to 46 s at a load average of 25 on 2 cores, hence the 60 s
    deadline."""
    port = free_port()
    env = environment(f"sqlite:///{tmp_path / 'agon.db'}", AGON_HOST="127.0.0.1", AGON_PORT=str(port))
    proc = subprocess.Popen(["sh", str(SCRIPT), "--bot-processes", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, answer = time.monotonic() + 60, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        if answer is None:
            proc.kill()
            raise AssertionError(f"no answer from the server (exit status {proc.poll()}): {proc.communicate()[0]}")
        assert answer.json()["ok"] is True
        command = Path(f"/proc/{proc.pid}/cmdline").read_bytes().split(b"\0")
        assert b"serve" in command and not any(part.endswith(b"entrypoint.sh") for part in command)  # exec'd
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    assert "agon-entrypoint: migrated the schema from none to" in out


def test_the_entrypoint_gives_up_on_a_database_that_never_answers(tmp_path):
    env = environment(f"postgresql://agon@127.0.0.1:{free_port()}/agon", AGON_DB_WAIT_SECONDS="0")
    done = subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=20)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1].startswith("agon-entrypoint: the database did not answer within 0 s: ")
    assert "Traceback" not in done.stderr
