"""Zero-player smoke matrix: full games with every seat a Non-player (CL 8.0), no crash, no dead end,
no illegal choice, faithful replays; and the bot never changes the state it reads."""

from __future__ import annotations

import json

import pytest

import agon
from agon.games.cuba_libre.nonplayer import NonPlayerBot

ROLES = ("govt", "m26", "dr", "syndicate")
CHUNKS = 5
PER_CHUNK = 20  # 100 zero-player games in all


def play(seed: int, players: int = 0, **options):
    state = agon.play_match("cuba-libre", {r: "nonplayer" for r in ROLES}, seed, players=players,
                            max_actions=20_000, **options)
    assert state.is_over, f"seed {seed}: no end"
    state.check_invariants()
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_zero_player_games(chunk: int) -> None:
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        state = play(seed)
        result = state.result
        assert result["winners"] and set(result["scores"]) == set(ROLES)


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2}, {"players": 3}, {"players": 4},
                                     {"players": 0, "short": True}, {"players": 0, "deployment": "variable"}])
def test_nonplayer_in_any_seat(options: dict) -> None:
    for seed in range(500, 503):
        play(seed, **options)


@pytest.mark.parametrize("solo", ROLES)
def test_solo_game_with_the_person_on_any_faction(solo: str) -> None:
    """8.9 with the core's `solo` option: the Non-players are the other three (state.np) and the
    bots read that set; the person's seat is played by the same bot here."""
    for seed in range(600, 602):
        state = play(seed, players=1, solo=solo)
        assert state.np == frozenset(f for f in range(4) if ROLES[f] != solo)


def test_replay_of_a_nonplayer_game_is_faithful() -> None:
    state = play(7)
    record = json.loads(json.dumps(state.record()))
    assert agon.replay(record).digest() == state.digest()


def test_bot_never_changes_the_state() -> None:
    g = agon.load("cuba-libre").new(11, players=0)
    bots = {r: NonPlayerBot() for r in ROLES}
    for _ in range(400):
        if g.is_over:
            break
        role = g.active[0]
        before = g.digest()
        action = bots[role].choose(g, role)
        assert g.digest() == before
        assert action in g.legal_actions(role)
        assert bots[role].last_reason
        g.apply(role, action)


def test_support_phase_prompts_go_to_the_factions_6_3_names() -> None:
    """6.3.2 Civic Action to the Government, 6.3.3 Agitation to 26July, 6.3.4 Expat Backing to DR."""
    g = agon.load("cuba-libre").new(4, players=0)  # a seed whose game reaches every Support Phase
    bots = {r: NonPlayerBot() for r in ROLES}
    owners = {"prop_civic": "govt", "prop_agitation": "m26", "prop_expat": "dr"}
    seen = set()
    while not g.is_over:
        role = g.active[0]
        k = g.stack[-1]["step"]
        if k in owners:
            assert role == owners[k], (k, role)
            seen.add(k)
        g.apply(role, bots[role].choose(g, role))
    assert seen
