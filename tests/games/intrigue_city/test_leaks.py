"""Hidden information: secret Change of Era votes, Guild Power cards, Equilibrium guilds, two-player
hands (IC-7.3, IC-8.2, IC-8.4, IC-2P.1, AMB-19); and determinize keeps what a role knows."""

from __future__ import annotations

import json

import pytest

from agon.engine import Action, log_lines
from agon.engine.rng import Rng

from .helpers import GAME


def play_until(s, stop, seed: int = 3, limit: int = 5000):
    chooser = Rng(seed)
    for _ in range(limit):
        if s.is_over or stop(s):
            return s
        role = s.active[chooser.below(len(s.active))]
        acts = s.legal_actions(role)
        s.apply(role, acts[chooser.below(len(acts))])
    return s


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("era", [0, 2])
def test_vote_is_secret_until_the_last_vote(players: int, era: int) -> None:
    s = GAME.new(11, players=players)
    s = play_until(s, lambda x: x.phase == "vote" and x.tpos // 3 == era)
    assert s.phase == "vote" and s.active == list(s.roles)  # everyone votes at once
    a, b = s.clone(), s.clone()
    voter = s.roles[1]
    opts = a.legal_actions(voter)
    a.apply(voter, opts[0])
    b.apply(voter, opts[1])
    for role in [None, *(r for r in s.roles if r != voter)]:
        assert json.dumps(a.view(role), sort_keys=True) == json.dumps(b.view(role), sort_keys=True)
    mine = a.view(voter)["players"][1]
    assert mine["voted"] and mine["vote"] == opts[0].arg
    assert a.view(s.roles[0])["players"][1]["voted"] is True
    assert "vote" not in a.view(s.roles[0])["players"][1]
    for r in s.roles:  # the reveal happens with the last vote
        if r != voter:
            a.apply(r, a.legal_actions(r)[0])
    assert a.phase != "vote"
    if era == 0:
        assert any(r == voter for r, _ in a.view(None)["votes_shown"])
    else:
        assert a.view(None)["pile"] == players and a.view(s.roles[0])["my_pile"]


@pytest.mark.parametrize("players", [2, 4])
def test_views_show_counts_for_hidden_cards(players: int) -> None:
    s = GAME.new(5, players=players)
    s = play_until(s, lambda x: x.tpos >= 6 and x.phase == "turn")
    for me in s.roles:
        v = s.view(me)
        for i, pv in enumerate(v["players"]):
            if pv["role"] == me:
                assert "equilibrium" in pv
                if players == 2:
                    assert isinstance(pv["hand"], list)
            else:
                assert "equilibrium" not in pv and isinstance(pv["equilibrium_cards"], int)
                if players == 2:
                    assert isinstance(pv["hand"], int)
            assert isinstance(pv["power_deck"], int) and i < players
    spectator = json.dumps(s.view(None))
    assert '"equilibrium":' not in spectator


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinize_keeps_what_the_role_knows_and_resamples_the_rest(players: int) -> None:
    changed = own_shuffled = 0
    for seed in range(6):
        s = GAME.new(seed, players=players)
        s = play_until(s, lambda x, k=seed: len(x.history) >= 60 + 25 * k, seed=seed)
        if s.is_over:
            continue
        for me in s.roles:
            d = s.determinize(me, Rng(seed + 77))
            assert d.view(me) == s.view(me)
            i = s.roles.index(me)
            # IC-8.2 / setup 2.4.4: my own deck is face down, so only its contents are known
            assert sorted(d.decks[i]) == sorted(s.decks[i]) and d.drawn[i] == s.drawn[i] and d.hands[i] == s.hands[i]
            if me in s.active:
                assert d.legal_actions(me) == s.legal_actions(me)
            d.check_invariants()
            changed += any(d.decks[q] != s.decks[q] for q in range(players) if q != i)
            own_shuffled += d.decks[i] != s.decks[i]
            play_until(d, lambda x: False, seed=seed)  # a determinized state plays on to the end
            assert d.is_over
    assert changed > 0 and own_shuffled > 0  # the order of one's own deck is not known either


def test_determinize_resamples_a_secret_vote_even_a_blank_one() -> None:
    """IC-8.2 / IC-8.4 / IC-V.4: a vote cast but not yet revealed is unknown, including whether it was blank."""
    s = GAME.new(11, players=3, blank_vote=True)
    s = play_until(s, lambda x: x.phase == "vote")
    s.apply("p2", Action("blank"))
    seen = set()
    for k in range(40):
        d = s.determinize("p1", Rng(k))
        assert d.view("p1") == s.view("p1") and d.votes[0] is None
        seen.add(d.votes[1])
        d.check_invariants()
    assert -1 in seen and len(seen) > 1
    mine = s.determinize("p2", Rng(1))
    assert mine.votes[1] == -1  # one's own vote is known


def test_determinize_never_touches_the_real_generator() -> None:
    s = play_until(GAME.new(2, players=3), lambda x: len(x.history) > 40)
    before = (s.rng.state, s.rng.draws)
    s.determinize("p1", Rng(1))
    assert (s.rng.state, s.rng.draws) == before


def test_private_log_lines_go_only_to_their_role() -> None:
    s = play_until(GAME.new(8, players=3), lambda x: x.phase == "vote")
    for me in s.roles:
        for entry in log_lines(s.view(me)["log"]):
            assert entry  # rendered strings
    drawn = [e for e in s.log if e.to is not None]
    assert drawn and all(e.to in s.roles for e in drawn)
    other = [m for m in log_lines(s.view("p1")["log"]) if m.startswith("You draw")]
    assert len(other) == 1


def test_hand_card_use_is_revealed_and_ends_undo() -> None:
    s = GAME.new(4, players=2)
    s.undo_enabled = True
    s = play_until(s, lambda x: x.phase == "hand", seed=9)
    assert s.phase == "hand"
    role = s.active[0]
    card = next(a for a in s.legal_actions(role) if a.verb == "hand")
    s.apply(role, card)
    assert not s.can_undo(role) and card.arg in s.view(s.roles[0])["hand_cards_used"]
    assert Action("undo") not in s.legal_actions(role)
