"""Victory Deception option (CL 7.3): hidden markers, Hidden Asset, Hidden Agenda, leaks."""

from __future__ import annotations

import json

import agon
from agon.engine.rng import Rng
from agon.games.cuba_libre.data import GOVT, M26, ROLES, SYN
from tests.games.cuba_libre.helpers import act, blank, legal, put, rally_place
from tests.games.cuba_libre.test_sequence import on_card


def test_each_player_draws_two_markers_nonplayers_none():
    g = agon.load("cuba-libre").new(3, players=3, deception=True)
    assert [len(h) for h in g.dec_hand] == [2, 2, 2, 0]
    assert len(g.dec_aside) == 6


def test_views_show_only_your_own_markers():
    g = agon.load("cuba-libre").new(4, deception=True)
    for role in ROLES:
        view = g.view(role)
        f = ROLES.index(role)
        assert view["deception"][role]["mine"] == g.dec_hand[f]
        for other in ROLES:
            if other != role:
                assert "mine" not in view["deception"][other]
                assert view["deception"][other]["hidden"] == 2
        text = json.dumps([e for e in view["log"]])
        assert text.count("You drew") == 1
    assert "mine" not in json.dumps(g.view(None)["deception"])


def test_determinize_keeps_own_markers_and_resamples_others():
    g = agon.load("cuba-libre").new(6, deception=True)
    seen = set()
    for k in range(12):
        d = g.determinize("m26", Rng(k))
        assert d.dec_hand[M26] == g.dec_hand[M26]
        pooled = sorted([m for h in d.dec_hand for m in h] + d.dec_aside)
        assert pooled == sorted([m for h in g.dec_hand for m in h] + g.dec_aside)
        seen.add(tuple(map(tuple, d.dec_hand)))
        assert d.view("m26")["deception"] == g.view("m26")["deception"]
    assert len(seen) > 1


def test_hidden_asset_turns_a_limop_into_op_with_sa():
    g = blank(deception=True)
    g.dec_hand[GOVT] = ["hidden asset", "empty threat"]
    g.res[GOVT] = 20
    put(g, "matanzas", m26_u=1)
    put(g, "havana", troop=4)
    on_card(g, 13)  # 26July, then Government
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "done")
    assert ("limop", None) in legal(g) and ("op", "hidden asset") in legal(g)
    act(g, "op", "hidden asset")
    act(g, "operation", "sweep")
    assert ("activity", "transport") in legal(g)
    assert g.dec_shown[GOVT] == ["hidden asset"]


def test_hidden_agenda_adds_one_to_the_final_margin():
    g = blank(deception=True)
    g.dec_hand[SYN] = ["hidden agenda", "empty threat"]
    base = g.margin(SYN)
    g.end_game("test")
    assert g.over["scores"]["syndicate"] == base + 1
    assert "hidden agenda" in g.dec_shown[SYN]


def test_7_3_hidden_asset_option_never_shows_to_the_other_roles():
    """Issue 29.2: while a faction is offered the full Operation its Hidden Asset gives, no other
    role nor the spectator can read it: the board's public prompt line, their prompts, an error
    message to them and the log lines they see name only the options everyone may know; the owner
    still reads its own option."""
    from agon.games.cuba_libre.turn import OP_HIDDEN_ASSET

    game = agon.load("cuba-libre")
    roles = game.roles()
    checked = 0
    for seed in range(12):
        state, chooser = game.new(seed, deception=True), Rng(seed)
        while state.active and checked < 40:
            owner = state.active[0]
            legal_now = state.legal_actions(owner)
            if OP_HIDDEN_ASSET in legal_now and ("op", None) not in [(a.verb, a.arg) for a in legal_now]:
                checked += 1
                assert "an Operation" in state.prompt(owner).message()
                for role in [r for r in roles if r != owner] + [None]:
                    view = state.view(role)
                    assert "an Operation" not in view["prompt"], (seed, role, view["prompt"])
                    others = [e for e in view["log"] if not e.get("text", "").startswith("You drew")]  # its own
                    assert sum(1 for e in view["log"] if e.get("text", "").startswith("You drew")) <= 1
                    assert "hidden asset" not in json.dumps(others).lower() or any(
                        "hidden asset" in shown for d in state.dec_shown for shown in d)
                    if role is not None:
                        assert "an Operation" not in state.prompt(role).message()
                        try:
                            state.apply(role, ("no such verb", None))
                        except Exception as err:  # the error names only the public line
                            assert "an Operation" not in str(err), (seed, role, str(err))
            state.apply(owner, legal_now[chooser.below(len(legal_now))])
    assert checked >= 10
