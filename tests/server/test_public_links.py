"""With `public_url` set (docs/hosting.md, "Behind a reverse proxy"), every link the server hands
out is at the public origin, never a path the page would resolve against whatever host it was
reached by: invite links (test_hosting.py), and here the lobby's, an open seat taken, a guest
seat claimed, a rematch's (an account's seat, a guest's, the spectators'), your games' and their
replays', a guest's games, an imported match's and a player's rated matches. (Notification
links: test_notify.py.) Without `public_url` they stay paths (test_lobby.py)."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import auth, make_client
from tests.server.test_accounts import sign_up
from tests.server.test_lobby import finish, finished_record, open_match

PUBLIC = "https://games.example.org"


def test_every_link_handed_out_is_at_the_public_url(tmp_path: Path) -> None:
    """About 1.4 s of CPU: two accounts' password hashes (argon2) and three matches played to
    their end in the server's process."""
    with make_client(tmp_path, public_url=PUBLIC + "/") as client:
        ada = sign_up(client, "ada")
        bob = sign_up(client, "bob")
        made = open_match(ada)
        page = f"{PUBLIC}/m/{made['id']}"
        [listed] = client.get("/api/lobby").json()["open"]
        assert listed["url"] == page
        assert client.get(f"/api/lobby/matches/{made['id']}").json()["url"] == page
        taken = bob.call("POST", f"/api/matches/{made['id']}/seats/white/take").json()
        assert taken["url"] == page

        guest_match = ada.call("POST", "/api/matches", json={
            "game": "dual-powers", "seats": {"red": "human", "white": "human"}, "mine": "red"}).json()
        guest = guest_match["seats"]["white"]["token"]
        guest_page = f"{PUBLIC}/m/{guest_match['id']}"
        [mine] = client.post("/api/my-matches", json={"tokens": [guest]}).json()["matches"]
        assert mine["url"] == guest_page

        finish(client, made["id"])
        rematch = f"/api/matches/{made['id']}/rematch"
        ada.call("POST", rematch)
        started = bob.call("POST", rematch).json()
        new_page = f"{PUBLIC}/m/{started['rematch']['id']}"
        assert started["rematch"]["spectate_url"] == new_page and started["your_seat"]["url"] == new_page
        games = {m["id"]: m for m in ada.call("GET", "/api/me/matches").json()["matches"]}
        assert games[made["id"]]["url"] == page and games[made["id"]]["replay_url"] == f"{PUBLIC}/replay/{made['id']}"
        history = client.get("/api/players/ada").json()["history"]
        assert [entry["url"] for entry in history] == [page]

        finish(client, guest_match["id"])  # a guest's rematch seat: its token
        rematch = f"/api/matches/{guest_match['id']}/rematch"
        ada.call("POST", rematch)
        seat = client.post(rematch, headers=auth(guest)).json()["your_seat"]
        assert seat["url"] == f"{PUBLIC}/m/{client.get(rematch).json()['rematch']['id']}#{seat['token']}"

        imported = client.post("/api/matches/import", json=finished_record()).json()
        assert (imported["url"], imported["spectate_url"]) == (
            f"{PUBLIC}/replay/{imported['id']}", f"{PUBLIC}/m/{imported['id']}")

        claimed = bob.call(  # a guest seat claimed by an account (Bob holds none in that match)
            "POST", f"/api/matches/{client.get(rematch).json()['rematch']['id']}/seats/"
                                    f"{seat['role']}/claim", headers=auth(seat["token"]))
        assert claimed.status_code == 200, claimed.text
        assert claimed.json()["url"] == f"{PUBLIC}/m/{client.get(rematch).json()['rematch']['id']}"
