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
    server_cpu: float  # CPU seconds the server used while the matches played
    think: float

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def summary(self) -> str:
        kind = self.db.split(":", 1)[0].split("+")[0]
        return (f"{kind}: {self.matches} live matches (a move every ~{self.think:g} s each), {self.actions} actions "
                f"in {self.seconds:.1f} s = {self.actions / self.seconds:.0f} actions/s; round trip p50 "
                f"{self.percentile(0.5):.1f} ms, p99 {self.percentile(0.99):.1f} ms; server CPU "
                f"{self.server_cpu / max(self.actions, 1) * 1000:.1f} ms per action "
                f"({self.server_cpu / self.seconds:.0%} of a core); "
                f"{self.rss_per_match_kib:.0f} KiB per live match; "
                f"{self.pushes} websocket pushes; {self.errors} refused (409: simultaneous moves, retried)")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


UNLIMITED = {"AGON_TOKEN_RATE": "1e6", "AGON_TOKEN_BURST": "1e6", "AGON_CLIENT_RATE": "1e6",
             "AGON_CLIENT_BURST": "1e6", "AGON_CACHE_SIZE": "100000"}


def start_server(db: str, port: int, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`agon serve` in a child process (bots in threads), once it answers /api/health."""
    import httpx

    proc = subprocess.Popen([sys.executable, "-m", "agon.cli.main", "serve", "--port", str(port), "--db", db,
                             "--bot-processes", "0"], env={**os.environ, **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"agon serve exited: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("agon serve did not start within 60 s")


async def _drive(base: str, game: str, matches: int, seconds: float, think: float, seed: int,
                 pid: int) -> tuple[int, list[float], int, int, float, float, float]:
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
        try:
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
        except TimeoutError as err:
            raise RuntimeError(f"{len(readies)} websockets did not all connect within 300 s") from err
        rss_live = _rss_kib(pid)
        cpu = _cpu_seconds(pid)
        began = time.monotonic()
        clock["stop"] = began + seconds
        go.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - began
        cpu = _cpu_seconds(pid) - cpu
        per_match = (max(_rss_kib(pid), rss_live) - rss_before) / max(matches, 1)
        return counts["actions"], latencies, counts["pushes"], counts["errors"], per_match, elapsed, cpu


def _client(base: str, game: str, matches: int, seconds: float, think: float, seed: int,
            pid: int) -> tuple[int, list[float], int, int, float, float, float]:
    """One client process: its share of the matches (run in a pool worker)."""
    return asyncio.run(_drive(base, game, matches, seconds, think, seed, pid))


def bench_server(db: str | None = None, matches: int = 500, seconds: float = 20.0, think: float = 5.0,
                 game: str = "dual-powers", seed: int = 1, clients: int = 2) -> ServerBench:
    """Run `agon serve` on `db` (default: a fresh SQLite file) and drive `matches` live matches
    from `clients` processes (one event loop with a thousand sockets would measure itself)."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    with tempfile.TemporaryDirectory(prefix="agon-bench-") as tmp:
        db = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = _free_port()
        proc = start_server(db, port, UNLIMITED)
        base = f"http://127.0.0.1:{port}"
        try:
            rss_before = _rss_kib(proc.pid)
            shares = [matches // clients + (1 if i < matches % clients else 0) for i in range(clients)]
            with ProcessPoolExecutor(clients, mp_context=get_context("spawn")) as pool:
                jobs = [pool.submit(_client, base, game, share, seconds, think, seed + 100_000 * i, proc.pid)
                        for i, share in enumerate(shares) if share]
                parts = [job.result() for job in jobs]
            rss_after = _rss_kib(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    latencies = [ms for part in parts for ms in part[1]]
    return ServerBench(db, matches, sum(p[0] for p in parts), max(p[5] for p in parts), latencies,
                       (rss_after - rss_before) / matches, sum(p[2] for p in parts), sum(p[3] for p in parts),
                       max(p[6] for p in parts), think)
