"""`agon bench server`: live matches on loopback, driven by scripted clients (bots off, or `--bots`).

Starts `agon serve` in a child process, creates the matches (every seat human), opens one
websocket per seat (a few at a time), and lets every seat post a random legal action when its
prompt comes, on a kept-alive connection of its own, then think (a spread time) and go again.
The load generator is one asyncio loop in this process with a minimal HTTP client, so that what
is measured is the server. Reports the action round trip (p50, p99), actions per second and
the server's memory per live match, for each database given.

With `bots` (a bot spec, `agon bench server --bots ismcts --matches 4`) each match has one
scripted person (the game's first role) and the bot in every other seat, the server runs its bot
pool as configured (`AGON_BOT_PROCESSES`, `AGON_BOT_TURN_SECONDS`... from the environment), and
what is measured is the person's wait per bot turn: from the moment the person's page shows a
bot to act until the move arrives (`BotWait`). The person moves only while no bot is to act, so
each bot turn is measured whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from agon.engine.rng import Rng
from agon.server.encode import dumps, loads

_T = TypeVar("_T")


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
    client_cpu: float = 0.0  # CPU seconds of the load generator (all of the run)
    load: tuple[float, float] = (0.0, 0.0)  # the machine's 1-minute load average before and after
    lost: int = 0  # seats whose client stopped on an error (a refused request other than 409, a broken socket)
    steady_ms: list[float] = field(default_factory=list)  # the round trips after the first two think times

    def steady(self, q: float) -> float:
        """A percentile of the round trips once the first moves (all at once: one per seat, half of
        them refused as simultaneous) are over."""
        return _quantile(self.steady_ms, q)

    def percentile(self, q: float) -> float:
        return _quantile(self.latencies_ms, q)

    def summary(self) -> str:
        kind = self.db.split(":", 1)[0].split("+")[0]
        return (f"{kind}: {self.matches} live matches (a move every ~{self.think:g} s each), {self.actions} actions "
                f"in {self.seconds:.1f} s = {self.actions / self.seconds:.0f} actions/s; round trip p50 "
                f"{self.percentile(0.5):.1f} ms, p99 {self.percentile(0.99):.1f} ms (after the first moves: p50 "
                f"{self.steady(0.5):.1f} ms, p99 {self.steady(0.99):.1f} ms); server CPU "
                f"{self.server_cpu / max(self.actions, 1) * 1000:.1f} ms per action "
                f"({self.server_cpu / self.seconds:.0%} of a core); "
                f"{self.rss_per_match_kib:.0f} KiB per live match; "
                f"{self.pushes} websocket pushes; {self.errors} refused (409: simultaneous moves, retried); "
                f"{self.lost} seats lost; "
                f"load generator CPU {self.client_cpu:.1f} s; load average {self.load[0]:.1f} -> {self.load[1]:.1f} "
                f"on {os.cpu_count()} cores")


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


def start_server(db: str, port: int, env: dict[str, str] | None = None,
                 before: Callable[[], None] | None = None, bot_processes: str | None = "0") -> subprocess.Popen[bytes]:
    """`agon serve` in a child process (bots in threads, unless `bot_processes` says otherwise;
    None: the server's default), once it answers /api/health; `before` runs in the child before
    it starts (a test sets its limits there)."""
    import httpx

    bot_flags = ["--bot-processes", bot_processes] if bot_processes is not None else []
    # one process (`AGON_WORKERS` in the caller's environment is not this server's setting)
    proc = subprocess.Popen([sys.executable, "-m", "agon.cli.main", "serve", "--port", str(port), "--db", db,
                             "--workers", "1", *bot_flags],
                            # (text logs: nobody reads the JSON lines of each request from this pipe)
                            env={**os.environ, "AGON_LOG_FORMAT": "text", **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=before)
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


class Http:
    """A minimal HTTP/1.1 client on one kept-alive loopback connection (JSON in, JSON out): the load
    generator's per-request cost stays far below the server's, so the figures measure the server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, Any]:
        data = b"" if body is None else dumps(body)
        head = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}", f"content-length: {len(data)}",
                "content-type: application/json"]
        if token is not None:
            head.append(f"authorization: Bearer {token}")
        message = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        for attempt in range(2):
            if self.writer is None or self.writer.is_closing() or (self.reader is not None and self.reader.at_eof()):
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            self.writer.write(message)
            try:
                header = await self.reader.readuntil(b"\r\n\r\n")
                break
            except (asyncio.IncompleteReadError, ConnectionError):
                # the server closed this kept-alive connection while it was idle (as browsers see
                # it too): the request was not read, so it is sent again on a new connection
                self.writer.close()
                self.writer = None
                if attempt:
                    raise
        status_line, *lines = header.decode("latin-1").split("\r\n")
        length = 0
        for line in lines:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
        assert self.reader is not None  # (the request above was read from it)
        payload = await self.reader.readexactly(length)
        return int(status_line.split()[1]), loads(payload) if payload else None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


@dataclass
class BotWait:
    """`agon bench server --bots`: the waits a person saw per bot turn, in seconds."""

    db: str
    matches: int
    bots: str
    waits: list[float]
    seconds: float
    processes: str
    load: tuple[float, float]
    lost: int
    told_errors: list[float] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        return _quantile(self.waits, q)

    def summary(self) -> str:
        kind = self.db.split(":", 1)[0].split("+")[0]
        return (f"{kind}: {self.matches} busy matches, bots {self.bots} (bot processes: {self.processes}): "
                f"{len(self.waits)} bot turns in {self.seconds:.0f} s; wait per bot turn median "
                f"{self.percentile(0.5):.2f} s, p90 {self.percentile(0.9):.2f} s, max "
                f"{max(self.waits, default=float('nan')):.2f} s; the wait shown first minus the wait then left: "
                f"median {_quantile(self.told_errors, 0.5):+.2f} s, p10 {_quantile(self.told_errors, 0.1):+.2f} s, "
                f"p90 {_quantile(self.told_errors, 0.9):+.2f} s ({len(self.told_errors)} turns shown); "
                f"{self.lost} seats lost; load average "
                f"{self.load[0]:.1f} -> {self.load[1]:.1f} on {os.cpu_count()} cores")


@dataclass
class _Tally:
    latencies: list[float] = field(default_factory=list)
    steady: list[float] = field(default_factory=list)
    actions: int = 0
    pushes: int = 0
    errors: int = 0
    lost: int = 0
    bot_waits: list[float] = field(default_factory=list)
    told_errors: list[float] = field(default_factory=list)  # the wait shown less the wait left then (s)


def _bot_to_act(state: dict[str, Any]) -> bool:
    return any(state["seats"][role]["kind"] == "bot" for role in state["active"])


async def _drive(host: str, port: int, game: str, matches: int, seconds: float, think: float, seed: int,
                 pid: int, bots: str | None = None) -> tuple[_Tally, float, float, float]:
    """Create the matches, open their websockets gradually, play for `seconds`.
    Returns the tally, the memory per live match (KiB), the time played and the server's CPU seconds."""
    from websockets.asyncio.client import connect

    setup = Http(host, port)
    status, body = await setup.request("POST", f"/api/games/{game}/roles", {})
    if status != 200:
        raise RuntimeError(f"the server refused the roles of {game}: {status} {body}")
    roles = body["roles"]
    rss_before = _rss_kib(pid)
    made = []
    seats = dict.fromkeys(roles, "human") if bots is None else {r: "human" if not i else bots for i, r in enumerate(roles)}
    for i in range(matches):
        status, body = await setup.request("POST", "/api/matches", {"game": game, "seed": seed + i, "seats": seats})
        if status != 201:
            raise RuntimeError(f"the server refused a match: {status} {body}")
        made.append(body)
    await setup.close()
    tally = _Tally()
    clock = {"stop": time.monotonic() + 3600.0, "steady": time.perf_counter() + 3600.0}
    go = asyncio.Event()
    opening = asyncio.Semaphore(16)  # websockets open a few at a time, not all at once

    async def seat(match: dict[str, Any], role: str, ready: asyncio.Event, rng: Rng) -> None:
        """One player: follows the match on its websocket and acts when its prompt arrives."""
        token = match["seats"][role]["token"]
        path = f"/api/matches/{match['id']}/actions"
        http = Http(host, port)
        try:
            async with opening:
                # no pings from the client, as a browser sends none (the server pings each socket itself)
                ws = await connect(f"ws://{host}:{port}/api/matches/{match['id']}/live", max_size=2**24,
                                   compression=None, open_timeout=120, ping_interval=None)
                await ws.send(json.dumps({"token": token, "log": "new"}))
                state = loads(await asyncio.wait_for(ws.recv(decode=False), 120))
        except Exception:  # the seat never got its first state: counted as lost, never a stray traceback
            tally.lost += 1
            await http.close()
            return
        finally:
            ready.set()
        try:
            await go.wait()
            await asyncio.sleep(rng.below(1000) / 1000 * think)  # spread the first moves over a think time
            acted = -1
            since = (time.perf_counter(), state["version"]) if _bot_to_act(state) else None  # a bot turn began
            told: tuple[float, float] | None = None  # when the page was first told the bot's wait, and what
            while time.monotonic() < clock["stop"] and not state["is_over"]:
                if bots is not None:
                    if since is not None and state["version"] > since[1]:  # the bots moved (a push may hold several)
                        now = time.perf_counter()
                        moved = state["version"] - since[1]
                        tally.bot_waits.extend([(now - since[0]) / moved] * moved)
                        if told is not None and moved == 1:  # the page's first "about N s" against the wait left
                            tally.told_errors.append(told[1] - (now - told[0]))
                        since = told = None
                    if since is None and _bot_to_act(state):
                        since = (time.perf_counter(), state["version"])
                    if since is not None and told is None and state.get("bot_wait"):
                        told = (time.perf_counter(), float(state["bot_wait"][0]["seconds"]))
                if state["prompt"] is not None and state["version"] > acted and (bots is None or since is None):
                    actions = [a for a in state["prompt"]["actions"] if a["verb"] != "undo"]
                    action = actions[rng.below(len(actions))]
                    acted = state["version"]
                    began = time.perf_counter()
                    status, body = await http.request("POST", path, {"version": state["version"], "verb": action["verb"],
                                                                     "arg": action["arg"], "log": "new"},
                                                      token)
                    took = (time.perf_counter() - began) * 1000
                    tally.latencies.append(took)
                    if began > clock["steady"]:
                        tally.steady.append(took)
                    if status == 200:
                        tally.actions += 1
                        state = body
                        if bots is not None and _bot_to_act(state):
                            since = (time.perf_counter(), state["version"])
                            continue
                        await asyncio.sleep(think * (0.5 + rng.below(1000) / 1000))
                        continue
                    tally.errors += 1
                    if os.environ.get("AGON_BENCH_DEBUG"):
                        print(status, str(body)[:200], file=sys.stderr)
                try:
                    state = loads(await asyncio.wait_for(ws.recv(decode=False),
                                                         max(0.05, clock["stop"] - time.monotonic())))
                    tally.pushes += 1
                except TimeoutError:
                    return
        except Exception:
            tally.lost += 1
            if os.environ.get("AGON_BENCH_DEBUG"):
                raise
        finally:
            await http.close()
            await ws.close()

    tasks = []
    readies = []
    for i, match in enumerate(made):
        for j, role in enumerate(r for r in match["seats"] if "token" in match["seats"][r]):
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(asyncio.create_task(seat(match, role, ready, Rng(seed * 7919 + i * 10 + j))))
    try:
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 600)
    except TimeoutError as err:
        raise RuntimeError(f"{len(readies)} websockets did not all connect within 600 s") from err
    if tally.lost:
        await asyncio.gather(*tasks, return_exceptions=True)
        raise RuntimeError(f"{tally.lost} of {len(readies)} websockets got no first state from the server")
    rss_live = _rss_kib(pid)
    cpu = _cpu_seconds(pid)
    began = time.monotonic()
    clock["stop"] = began + seconds
    clock["steady"] = time.perf_counter() + 2 * think
    go.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.monotonic() - began
    cpu = _cpu_seconds(pid) - cpu
    per_match = (max(_rss_kib(pid), rss_live) - rss_before) / max(matches, 1)
    return tally, per_match, elapsed, cpu


def _run_loop(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """Run the load generator on uvloop (uvicorn's own loop, installed with the web extra): on
    asyncio's default loop, 4,000 sockets cost the generator 0.6-0.75 of a core at 2,000 matches,
    CPU that the server it measures shares on a small machine."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def bench_server(db: str | None = None, matches: int = 500, seconds: float = 20.0, think: float = 5.0,
                 game: str = "dual-powers", seed: int = 1) -> ServerBench:
    """Run `agon serve` on `db` (default: a fresh SQLite file) in a child process and drive
    `matches` live matches from this process (one asyncio loop, light raw HTTP)."""
    with tempfile.TemporaryDirectory(prefix="agon-bench-") as tmp:
        db = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = _free_port()
        proc = start_server(db, port, UNLIMITED)
        try:
            load_before = os.getloadavg()[0]
            own = time.process_time()
            tally, per_match, elapsed, cpu = _run_loop(_drive("127.0.0.1", port, game, matches, seconds, think,
                                                               seed, proc.pid))
            own = time.process_time() - own
            load_after = os.getloadavg()[0]
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return ServerBench(db, matches, tally.actions, elapsed, tally.latencies, per_match, tally.pushes, tally.errors,
                       cpu, think, own, (load_before, load_after), tally.lost, tally.steady)


def bench_bots(db: str | None = None, matches: int = 4, seconds: float = 60.0, think: float = 0.5,
               bots: str = "ismcts", game: str = "dual-powers", seed: int = 1) -> BotWait:
    """`matches` busy matches of one scripted person (thinking ~`think` s) against `bots` in every
    other seat, on `agon serve` with its bot pool as configured by the environment: the person's
    wait per bot turn."""
    with tempfile.TemporaryDirectory(prefix="agon-bench-") as tmp:
        db = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = _free_port()
        processes = os.environ.get("AGON_BOT_PROCESSES")
        proc = start_server(db, port, UNLIMITED, bot_processes=processes)
        try:
            load_before = os.getloadavg()[0]
            tally, _, elapsed, _ = _run_loop(_drive("127.0.0.1", port, game, matches, seconds, think, seed,
                                                      proc.pid, bots))
            load_after = os.getloadavg()[0]
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return BotWait(db, matches, bots, tally.bot_waits, elapsed, processes or "the server's default",
                   (load_before, load_after), tally.lost, tally.told_errors)
