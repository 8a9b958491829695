"""Teaching has its own pool (issue 36, left from items 4 and 5): hints and analyses run in
`teach_processes` workers apart from the bots', behind a bounded queue (`teach_queue`), so a long
analysis never delays a bot turn, and a job beyond the queue is refused at once with one line."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from agon.server.app import Settings, teach_settings
from agon.server.teach_jobs import BUSY
from tests.server.conftest import auth, make_client, new_match, wait_for

GOLDEN = Path(__file__).parent.parent / "golden"


def test_the_pool_and_queue_are_settings():
    taught = teach_settings(Settings(teach_processes=3, teach_queue=5))
    assert (taught.processes, taught.queue) == (3, 5)
    assert (Settings().teach_processes, Settings().teach_queue) == (2, 8)  # docs/hosting.md's defaults


def test_a_long_analysis_holds_no_bot_turn_and_a_job_past_the_queue_is_refused_with_one_line(tmp_path, monkeypatch):
    """One teaching worker, no queue: an analysis that takes as long as the test wants holds it.
    Meanwhile a match of bots plays on, and a hint and a second analysis are refused (503, one
    line); once the analysis ends, the hint is made."""
    import agon.server.teach as teach

    release = threading.Event()
    started = threading.Event()

    def held_analysis(*args):
        started.set()
        release.wait(30)
        return {"held": True}

    monkeypatch.setattr(teach, "analyse", held_analysis)
    record = json.loads((GOLDEN / "dual-powers-solo.json").read_text())
    with make_client(tmp_path, teach_processes=1, teach_queue=0, hint_iterations=4) as client:
        try:
            first = client.post("/api/matches/import", json=record).json()["id"]
            second = client.post("/api/matches/import", json=record).json()["id"]
            assert client.post(f"/api/matches/{first}/analysis").status_code == 202
            assert started.wait(10)
            bots = new_match(client, "dual-powers", {"red": "random", "white": "random"})
            moved = wait_for(lambda: client.get(f"/api/matches/{bots['id']}").json()["version"] >= 6)
            assert moved and not release.is_set()  # the bots played on while the analysis ran

            match = new_match(client, "1989")
            seen = client.get(f"/api/matches/{match['id']}").json()
            token = match["seats"][seen["active"][0]]["token"]
            refused = client.post(f"/api/matches/{match['id']}/hint", headers=auth(token))
            assert refused.status_code == 503 and refused.json() == {"error": BUSY}
            busy = client.post(f"/api/matches/{second}/analysis")
            assert busy.status_code == 503 and busy.json() == {"error": BUSY}
            assert client.get(f"/api/matches/{second}/analysis").json() == {"status": "none"}  # nothing taken
        finally:
            release.set()
        done = wait_for(lambda: client.get(f"/api/matches/{first}/analysis").json()["status"] == "done")
        assert done
        answer = client.post(f"/api/matches/{match['id']}/hint", headers=auth(token))
        assert answer.status_code == 200, answer.text
