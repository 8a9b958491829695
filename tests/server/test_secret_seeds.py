"""Secret seeds (issue 29 item 1): every server match deals from a 128-bit secret seed with the
keyed generator, whose draws give away neither; nothing a seat or a spectator receives holds the
seed; a seed the creator chose is shown to every seat; the record after the game says
`generator: keyed` and replays exactly. Before, seeds were drawn below 2**31 and the SplitMix
generator's draws gave them away: a seat could compute the whole deal from its own view."""

from __future__ import annotations

import json

import agon
from agon.engine.rng import derived_seed
from tests.server.conftest import auth, new_match, wait_for


def test_every_match_is_keyed_with_a_128_bit_secret_seed(client):
    store = client.app.state.agon.store
    rows = [store.get_match(new_match(client, "dual-powers")["id"]) for _ in range(8)]
    assert {row.generator for row in rows} == {"keyed"} and not any(row.seeded for row in rows)
    assert max(row.seed.bit_length() for row in rows) > 100  # 8 seeds of 128 bits: all below 2**100 once in 2**224
    assert all(row.seed < 2**128 for row in rows)


def test_nothing_a_seat_or_spectator_receives_holds_the_seed(client):
    made = new_match(client, "intrigue-city", options={"players": 3}, seats={"p1": "human", "p2": "human",
                                                                          "p3": "random"})
    match_id = made["id"]
    ctx = client.app.state.agon
    seed = ctx.store.get_match(match_id).seed
    tokens = {role: seat["token"] for role, seat in made["seats"].items()}
    received = [json.dumps(made)]
    for _ in range(40):
        state = client.get(f"/api/matches/{match_id}").json()
        received.append(json.dumps(state))
        if state["is_over"]:
            break
        movers = [r for r in state["active"] if r in tokens]
        if not movers:
            seen = state["version"]
            wait_for(lambda seen=seen: client.get(f"/api/matches/{match_id}").json()["version"] > seen)
            continue
        seat = client.get(f"/api/matches/{match_id}", headers=auth(tokens[movers[0]])).json()
        received.append(json.dumps(seat))
        action = next(a for a in seat["prompt"]["actions"] if a["verb"] != "undo")
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[movers[0]]),
                             json={"version": seat["version"], "verb": action["verb"], "arg": action["arg"]})
        received.append(answer.text)
    received.append(client.post("/api/my-matches", json={"tokens": list(tokens.values())}).text)
    received.append(client.get(f"/api/matches/{match_id}/record").text)  # refused: the game goes on
    with client.websocket_connect(f"/api/matches/{match_id}/live") as ws:
        ws.send_text(json.dumps({"token": tokens["p1"]}))
        received.append(ws.receive_text())
    everything = "\n".join(received)
    bot_seed = derived_seed(seed, "bot", 2)
    for secret in (seed, bot_seed):
        for form in (str(secret), hex(secret)[2:], str(secret % 2**64), str(secret >> 64)):
            assert len(form) < 12 or form not in everything  # (a short number turns up anywhere)
    # the bot's seed is drawn from the game's one way: not the old seed * 1000 + index + 1
    assert ctx.matches.bot_job(match_id, "p3") is None or ctx.matches.bot_job(match_id, "p3")[3] == bot_seed


def _hand_ids(view_hand: list[str]) -> list[int]:
    """The card ids of a Dual Powers hand as its view names them."""
    names: dict[str, int] = {}
    for seed in range(300):  # every card is dealt to some hand of these games
        state = agon.load("dual-powers").new(seed, quiet=True)
        for index, side in enumerate(("red", "white")):
            names.update(zip(state.view(side)["sides"][side]["hand"], state.hands[index], strict=True))
        if all(name in names for name in view_hand):
            break
    return [names[name] for name in view_hand]


def test_a_brute_force_over_small_seeds_does_not_find_the_deal(client):
    """A seat sees its own hand; before, every seed below 2**31 could be tried against it. The
    2**12 smallest seeds of either generator do not give this match's deal (a 128-bit seed: no
    search can)."""
    made = new_match(client, "dual-powers", seats={"red": "human", "white": "human"})
    seat = client.get(f"/api/matches/{made['id']}", headers=auth(made["seats"]["red"]["token"])).json()
    hand = _hand_ids(seat["view"]["sides"]["red"]["hand"])
    game = agon.load("dual-powers")
    found = [(generator, seed) for generator in ("splitmix", "keyed") for seed in range(2**12)
             if game.new(seed, quiet=True, generator=generator).hands[0] == hand]
    assert found == []


def test_a_creators_seed_is_shown_to_every_seat(client):
    made = new_match(client, "dual-powers", seed=42)
    for token in [None, *(seat["token"] for seat in made["seats"].values())]:
        state = client.get(f"/api/matches/{made['id']}", headers=auth(token) if token else {}).json()
        assert state["seeded"] is True
    listed = client.post("/api/my-matches", json={"tokens": [made["seats"]["red"]["token"]]}).json()
    assert listed["matches"][0]["seeded"] is True
    assert client.get(f"/api/matches/{new_match(client, 'dual-powers')['id']}").json()["seeded"] is False


def test_the_record_after_the_game_is_keyed_and_replays_exactly(client):
    made = new_match(client, "dual-powers", seats={"red": "random", "white": "random"})
    wait_for(lambda: client.get(f"/api/matches/{made['id']}").json()["is_over"], 60)
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert record["generator"] == "keyed" and record["seed"] >= 0
    assert agon.replay(record).digest() == record["digest"]
