"""`GET /metrics` (issue 37, "Observable"): Prometheus's text format, requests by route template,
actions, live websockets, matches cached, bot queue; never a token or a match id in a label."""

from __future__ import annotations

import re

from prometheus_client.parser import text_string_to_metric_families

from agon.server.metrics import route_of
from tests.server.conftest import auth, new_match


def scrape(client) -> tuple[str, dict[str, float]]:
    response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.text):  # it parses: Prometheus can read it
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            samples[f"{sample.name}{{{labels}}}"] = sample.value
    return response.text, samples


def test_scraping_counts_routes_actions_and_sockets_and_holds_no_secret(client):
    made = new_match(client, "dual-powers", seed=3)
    match_id, seats = made["id"], made["seats"]
    tokens = [seat["token"] for seat in seats.values()]
    role = next(r for r in seats)
    for _ in range(2):  # the first mover is one of the two seats
        state = client.get(f"/api/matches/{match_id}", headers=auth(seats[role]["token"])).json()
        if state["prompt"]:
            break
        role = next(r for r in seats if r != role)
    move = state["prompt"]["actions"][0]
    done = client.post(f"/api/matches/{match_id}/actions", headers=auth(seats[role]["token"]),
                       json={"version": state["version"], "verb": move["verb"], "arg": move["arg"]})
    assert done.status_code == 200, done.text
    client.get(f"/api/matches/{match_id}/record")  # a route FastAPI's router answers (over or not)
    client.get(f"/no/such/{tokens[0]}")  # a path no route takes, with a secret in it
    with client.websocket_connect(f"/api/matches/{match_id}/live") as socket:
        assert socket.receive_json()["version"] >= 1  # its first state: it is subscribed
        text, samples = scrape(client)
        assert samples["agon_live_websockets{}"] == 1
    _, after = scrape(client)
    assert after["agon_live_websockets{}"] == 0
    # requests by route template, the two fast-path routes too
    assert samples["agon_http_requests_total{method=GET,route=/api/matches/{match_id},status=200}"] >= 1
    assert samples["agon_http_requests_total{method=POST,route=/api/matches/{match_id}/actions,status=200}"] == 1
    assert samples["agon_http_requests_total{method=POST,route=/api/matches,status=201}"] == 1
    assert any(k.startswith("agon_http_requests_total{method=GET,route=/api/matches/{match_id}/record,")
               for k in samples)
    assert samples["agon_http_requests_total{method=GET,route=other,status=404}"] == 1
    assert samples["agon_http_request_seconds_count{method=POST,route=/api/matches/{match_id}/actions}"] == 1
    assert samples["agon_actions_total{}"] == 1
    assert samples["agon_matches_cached{}"] >= 1
    assert samples["agon_bot_queue{}"] == 0 and samples["agon_database_errors_total{}"] == 0
    # no token, no match id anywhere in the scrape
    assert match_id not in text and not any(t in text for t in tokens)
    assert not re.search(r'route="/(no|m)/', text)


def test_a_route_label_is_a_template_never_a_path():
    """A path no route took is "other"; the fast path's two routes by their templates (issue 37)."""
    assert route_of({"path": "/api/matches/abc123/actions", "method": "POST"}) == "/api/matches/{match_id}/actions"
    assert route_of({"path": "/api/matches/abc123", "method": "GET"}) == "/api/matches/{match_id}"
    assert route_of({"path": "/api/matches/abc123/nothing", "method": "GET"}) == "other"
    assert route_of({"path": "/secret-token-here", "method": "GET"}) == "other"


def test_a_database_error_is_counted(client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    made = new_match(client, "1989")

    def broken(*_args, **_kwargs):
        raise OperationalError("SELECT", {}, Exception("the disk is gone"))

    monkeypatch.setattr(client.app.state.agon.store, "actions_from", broken)
    client.app.state.agon.matches._cache.clear()  # the next read goes to the (broken) database
    assert client.get(f"/api/matches/{made['id']}/record").status_code in (500, 503)
    _, samples = scrape(client)
    assert samples["agon_database_errors_total{}"] == 1
