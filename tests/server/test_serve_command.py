"""`agon serve` and `agon bench server` on the command line (issue 11)."""

from __future__ import annotations

from agon.cli.main import main
from agon.cli.serve import _safe


def test_workers_need_postgresql(capsys, tmp_path):
    assert main(["serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}"]) == 2
    out = capsys.readouterr().out
    assert "needs PostgreSQL" in out and "Traceback" not in out


def test_bench_server_refuses_no_matches(capsys):
    assert main(["bench", "server", "--matches", "0"]) == 2
    assert "--matches" in capsys.readouterr().out


def test_the_printed_database_hides_its_password():
    assert _safe("postgresql://agon:secret@db.example/agon") == "postgresql://agon@db.example/agon"
    assert _safe("sqlite:////home/me/agon.db") == "sqlite:////home/me/agon.db"


def test_bench_server_runs_one_process_and_a_seat_without_a_socket_is_one_line(capsys, monkeypatch):
    """The bench's server ignored no `AGON_WORKERS` of the caller's environment: with 2 there, on
    SQLite, its server refused to start (and on PostgreSQL the load generator hung). And a seat whose
    websocket failed printed "Task exception was never retrieved" and its traceback."""
    import websockets.asyncio.client

    async def refused(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setenv("AGON_WORKERS", "2")
    monkeypatch.setattr(websockets.asyncio.client, "connect", refused)
    assert main(["bench", "server", "--matches", "2", "--seconds", "1"]) == 2
    out = capsys.readouterr().err
    assert "4 of 4 websockets got no first state" in out and "Traceback" not in out, out
