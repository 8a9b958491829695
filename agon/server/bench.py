"""`agon bench server`: live matches on loopback, driven by scripted clients (bots off).

Starts `agon serve` in a child process, creates the matches (every seat human), opens one
websocket per match, and lets every match's client post a random legal action, wait for the
answer, think, and go again. Reports the action round trip (p50, p99), actions per second and
the server's memory per live match, for each database given.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agon.engine.rng import Rng


@dataclass
class ServerBench:
    db: str
    matches: int
    actions: int
    seconds: float
    latencies_ms: list[float]
    rss_per_match_kib: float
    pushes: int
    errors: int

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def summary(self) -> str:
        kind = self.db.split(":", 1)[0].split("+")[0]
        return (f"{kind}: {self.matches} live matches, {self.actions} actions in {self.seconds:.1f} s = "
                f"{self.actions / self.seconds:.0f} actions/s; round trip p50 {self.percentile(0.5):.1f} ms, "
                f"p99 {self.percentile(0.99):.1f} ms; {self.rss_per_match_kib:.0f} KiB per live match; "
                f"{self.pushes} websocket pushes; {self.errors} refused (409: simultaneous moves, retried)")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "AGON_TOKEN_RATE": "1e6", "AGON_TOKEN_BURST": "1e6", "AGON_CLIENT_RATE": "1e6",
           "AGON_CLIENT_BURST": "1e6", "AGON_CACHE_SIZE": "100000"}
    proc = subprocess.Popen([sys.executable, "-m", "agon.cli.main", "serve", "--port", str(port), "--db", db,
                             "--bot-processes", "0"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"agon serve exited: {proc.stderr.read().decode()[-500:] if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("agon serve did not start within 60 s")


async def _drive(base: str, game: str, matches: int, seconds: float, think: float, seed: int,
                 pid: int) -> tuple[int, list[float], int, int, float, float]:
    import httpx
    from websockets.asyncio.client import connect

    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        roles = (await http.post(f"/api/games/{game}/roles", json={})).json()["roles"]
        rss_before = _rss_kib(pid)
        made = []
        for i in range(matches):
            response = await http.post("/api/matches", json={"game": game, "seed": seed + i,
                                                             "seats": dict.fromkeys(roles, "human")})
            made.append(response.json())
        latencies: list[float] = []
        counts = {"actions": 0, "pushes": 0, "errors": 0}
        clock = {"stop": time.monotonic() + 3600.0}
        go = asyncio.Event()

        async def seat(match: dict[str, Any], role: str, ready: asyncio.Event, rng: Rng) -> None:
            """One player: follows the match on its websocket and acts when its prompt arrives."""
            token = match["seats"][role]["token"]
            headers = {"Authorization": f"Bearer {token}"}
            url = f"ws://{base.split('//', 1)[1]}/api/matches/{match['id']}/live"
            async with connect(url, max_size=2**24) as ws:
                await ws.send(json.dumps({"token": token}))
                state = json.loads(await ws.recv())
                ready.set()
                await go.wait()
                await asyncio.sleep(rng.below(1000) / 1000 * think)  # spread the first moves
                acted = -1
                while time.monotonic() < clock["stop"] and not state["is_over"]:
                    if state["prompt"] is not None and state["version"] > acted:
                        actions = [a for a in state["prompt"]["actions"] if a["verb"] != "undo"]
                        action = actions[rng.below(len(actions))]
                        acted = state["version"]
                        began = time.perf_counter()
                        response = await http.post(f"/api/matches/{match['id']}/actions", headers=headers,
                                                   json={"version": state["version"], "verb": action["verb"],
                                                         "arg": action["arg"]})
                        latencies.append((time.perf_counter() - began) * 1000)
                        if response.status_code == 200:
                            counts["actions"] += 1
                            state = response.json()
                            await asyncio.sleep(think * (0.5 + rng.below(1000) / 1000))
                            continue
                        counts["errors"] += 1
                        if os.environ.get("AGON_BENCH_DEBUG"):
                            print(response.status_code, response.text[:200], file=sys.stderr)
                    try:
                        state = json.loads(await asyncio.wait_for(ws.recv(), max(0.05, clock["stop"] - time.monotonic())))
                        counts["pushes"] += 1
                    except TimeoutError:
                        return

        tasks = []
        readies = []
        for i, match in enumerate(made):
            for j, role in enumerate(match["seats"]):
                ready = asyncio.Event()
                readies.append(ready)
                tasks.append(asyncio.create_task(seat(match, role, ready, Rng(seed * 7919 + i * 10 + j))))
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
        rss_live = _rss_kib(pid)
        began = time.monotonic()
        clock["stop"] = began + seconds
        go.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - began
        per_match = (max(_rss_kib(pid), rss_live) - rss_before) / max(matches, 1)
        return counts["actions"], latencies, counts["pushes"], counts["errors"], per_match, elapsed


def bench_server(db: str | None = None, matches: int = 500, seconds: float = 20.0, think: float = 1.0,
                 game: str = "dual-powers", seed: int = 1) -> ServerBench:
    """Run `agon serve` on `db` (default: a fresh SQLite file) and drive `matches` live matches."""
    with tempfile.TemporaryDirectory(prefix="agon-bench-") as tmp:
        db = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = _free_port()
        proc = _start(db, port)
        try:
            actions, latencies, pushes, errors, per_match, elapsed = asyncio.run(
                _drive(f"http://127.0.0.1:{port}", game, matches, seconds, think, seed, proc.pid))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return ServerBench(db, matches, actions, elapsed, latencies, per_match, pushes, errors)
