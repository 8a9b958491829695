"""The quick feasibility tests of the legal lists (issue 15) agree with the full listings they
stand for, in every position of random games: Rally (CL 3.3.1), Assault's targets (CL 3.2.4),
"some Operation is possible" (CL 2.3.4 / 3.1), Special Activity availability (CL 4.1), a
step's choices handed over from its enter (the legal list is the one a fresh listing gives), and
the steps' lists being Actions already (the state hands them on unconverted)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import agon
from agon.engine import Action
from agon.engine.rng import Rng
from agon.games.cuba_libre import activities, negotiation, op_spaces, operations, removal
from agon.games.cuba_libre.data import CLOSED_CASINO, GOVT, N_SPACES, SYN
from agon.games.cuba_libre.insurgent_ops import rally_options, rally_possible, rally_spaces
from agon.games.cuba_libre.steps import STEPS, WAIT
from agon.testing.walk import random_positions

GAME = agon.load("cuba-libre")


def positions(seed: int, options: dict[str, Any], every: int = 3) -> Iterator[Any]:
    """Every `every`-th position of a random quiet game."""
    return random_positions("cuba-libre", seed, every, options)


GAMES = [(3, {}), (4, {"players": 2, "short": True})]
SHORT = GAMES[1:]  # for the tests that look at every position


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_3_3_1_rally_possible_is_rally_options_not_empty(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for f in (1, 2, 3):
            listed = [s for s in range(N_SPACES) if rally_options(g, f, s)]
            assert [s for s in range(N_SPACES) if rally_possible(g, f, s)] == listed
            assert rally_spaces(g, f, tuple(range(N_SPACES))) == listed
            # the Rally step waits exactly where a result is possible (not where only withdrawals are)
            assert [s for s in range(N_SPACES) if STEPS["rally"].enter(g, {"faction": f, "space": s}) == WAIT] == listed


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_3_2_4_assault_space_test_is_a_target_and_capacity(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for s in range(N_SPACES):
            listed = bool(removal.removal_targets(g, GOVT, s, "assault")) and (
                op_spaces.assault_capacity(g, s) > 0
                or (g.has_mom(1) and any(g.sp[o][0] for o in range(N_SPACES) if o != s)))
            assert op_spaces.space_ok(g, {"operation": "assault", "faction": GOVT}, s) == listed


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_4_2_2_government_removal_test_is_the_assault_and_air_strike_targets(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for s in range(N_SPACES):
            can = op_spaces.govt_can_remove(g.sp[s])
            assert can == bool(removal.removal_targets(g, GOVT, s, "assault"))
            assert can == bool(removal.removal_targets(g, GOVT, s, "airstrike"))


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_2_3_4_some_operation_possible_is_the_list_not_empty(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for f in range(4):
            for lim in (False, True):
                for free in (False, True):
                    listed = operations.ops_possible(g, f, lim, free, special_activity=True)
                    assert operations.any_op_possible(g, f, lim, free, special_activity=True) == bool(listed)
                    for op in listed:  # each possible Operation has a space to start in
                        fr = {"faction": f, "operation": op, "lim": lim, "free": free, "spaces": ()}
                        assert op_spaces.candidate_spaces(g, fr) or (op == "terror" and f == 1)


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_3_3_2_march_spaces_is_the_space_test_of_each(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options, every=1):
        op = g.op_frame()
        arr = op["arr"] if op is not None and op["operation"] == "march" else ()
        for morgan in (False, True):  # card 28: DR Marches from 2 spaces away
            if morgan:
                g = g.clone()
                g.capabilities = g.capabilities | {(28, False)}
            for f in (1, 2, 3):
                listed = [s for s in range(N_SPACES) if op_spaces.SPACE_OK["march"](g, f, s, arr)]
                assert op_spaces.march_spaces(g, f, range(N_SPACES), arr) == listed
                for pool in (range(N_SPACES), (0, 5, 12), (3,), ()):
                    expected = bool(op_spaces.march_spaces(g, f, pool, ()))
                    assert op_spaces.march_possible(g, f, pool) == expected


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_3_3_3_attack_and_terror_space_tests(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for pact in (False, True):  # card 18: 26July and DR are no targets of each other
            if pact:
                g = g.clone()
                g.capabilities = g.capabilities | {(18, False)}
            for f in (1, 2, 3):
                for s in range(N_SPACES):
                    no_pact = g.has_cap(18) and f != 3
                    targets = [e for e in range(4) if e != f and not (no_pact and e in (1, 2))]
                    listed = g.guerrillas(s, f) > 0 and any(g.any_pieces(s, e) for e in targets)
                    assert op_spaces.SPACE_OK["attack"](g, f, s, ()) == listed
                expected = [s for s in range(N_SPACES) if op_spaces.SPACE_OK["terror"](g, f, s, ())]
                assert op_spaces.terror_spaces(g, f, range(N_SPACES)) == expected
                expected = [s for s in range(N_SPACES) if op_spaces.SPACE_OK["attack"](g, f, s, ())]
                assert op_spaces.attack_spaces(g, f, range(N_SPACES)) == expected


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_1_7_controls_is_control_and_bribe_possible_is_a_bribe_option(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options):
        for s in range(N_SPACES):
            assert [f for f in range(4) if g.controls(s, f)] == [f for f in range(4) if g.control(s) == f]
            assert activities.bribe_possible(g, s) == bool(activities._bribe_options(g, s, ""))


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_cl_1_7_control_tests_made_in_place_are_controls(seed: int, options: dict[str, Any]) -> None:
    """Reprisal's spaces and Construct's space test count Control on the row themselves."""
    reprisal = activities.SA_SPACES["reprisal"]
    for g in positions(seed, options):
        assert list(reprisal(g, GOVT, {})) == [s for s in range(N_SPACES) if g.controls(s, GOVT)]
        for s in range(N_SPACES):
            controlled = g.controls(s, GOVT) or g.controls(s, SYN)
            room = bool(g.sp[s][CLOSED_CASINO]) or (g.casinos(s) < 2 and g.available(CLOSED_CASINO) > 0)
            assert op_spaces._construct_ok(g, SYN, s, ()) == (controlled and room)


@pytest.mark.parametrize(("seed", "options"), [*GAMES, (5, {"players": 2, "no_nonplayers": True})])
def test_cl_1_5_1_transfer_tests_are_the_listings(seed: int, options: dict[str, Any]) -> None:
    """any_choice is choices not empty; can_give is "not given yet, not a mate, some gift"."""
    for g in positions(seed, options):
        for f in range(4):
            assert negotiation.any_choice(g, f) == bool(negotiation.choices(g, f))
            full = []  # the transfer prompt's list, every pair asked of can_give
            for e in range(4):
                if f not in g.np and e != f and negotiation.can_give(g, f, e):
                    full.append(negotiation.GIVE_TO[e])
                if f not in g.np and e != f and e not in g.np and negotiation.can_give(g, e, f):
                    full.append(negotiation.ASK[e])
            assert negotiation.choices(g, f) == full
            for e in range(4):
                listed = (e != f and (f, e) not in g.transfers and e not in negotiation.mates(g, f)
                          and bool(negotiation.gifts(g, f, e)))
                assert negotiation.can_give(g, f, e) == listed


@pytest.mark.parametrize(("seed", "options"), SHORT)
def test_cl_4_1_activity_available_has_a_space(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options, every=1):
        fr = g.op_frame()
        if fr is None:
            continue
        names = [name for name in activities.BY_FACTION[fr["faction"]] if fr["operation"] in activities.ACCOMPANY[name]]
        assert activities.available(g, fr) == [n for n in names if activities.spaces(g, fr["faction"], n, fr)]


@pytest.mark.parametrize(("seed", "options"), [*GAMES, (5, {"players": 3, "short": True})])
def test_cl_1_5_1_operation_prompt_after_a_transfer_is_a_fresh_listing(seed: int, options: dict[str, Any]) -> None:
    """Operation.legal keeps its parts across a transfer (only Resources and Cash move): the prompt
    asked again after each way a transfer may go is the one a fresh listing gives."""
    rng = Rng(seed)
    tried = 0
    for g in positions(seed, options, every=1):
        fr = g.stack[-1]
        if fr["step"] != "op":
            continue
        role = g.active[0]
        for _ in range(3):
            twin = g.clone()
            legal = twin.legal_actions(role)
            if negotiation.TRANSFER not in legal:
                break
            op = twin.stack[-1]
            twin.apply(role, negotiation.TRANSFER)
            while twin.stack[-1] is not op:  # the transfer sub-procedure, at random
                who = twin.active[0]
                choices = twin.legal_actions(who)
                twin.apply(who, choices[rng.below(len(choices))])
            assert twin._op_parts is not None and twin._op_parts[0] is op  # the parts are kept
            again = twin.legal_actions(role)
            assert again == twin.clone().legal_actions(role)  # a clone lists afresh
            tried += 1
    assert tried


@pytest.mark.parametrize(("seed", "options"), SHORT)
def test_choices_handed_over_by_enter_are_a_fresh_listing(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options, every=1):
        role = g.active[0]
        fr = g.stack[-1]
        fresh = [tuple(a) for a in STEPS[fr["step"]].legal(g, fr)]
        assert [tuple(a) for a in g.legal_actions(role)][:len(fresh)] == fresh
        twin = g.clone()  # a clone lists its own choices
        assert twin.legal_actions(role) == g.legal_actions(role)


# every kind of frame: variable deployment, Non-players, Deception, No Non-player teams, variants
KINDS = [(11, {}), (12, {"deployment": "variable", "short": True}), (13, {"players": 2, "no_nonplayers": True}),
         (14, {"deception": True, "short": True}), (15, {"players": 0, "short": True}),
         (16, {"eligibility": "B", "short": True})]


@pytest.mark.parametrize(("seed", "options"), KINDS)
def test_every_legal_list_is_made_of_actions(seed: int, options: dict[str, Any]) -> None:
    for g in positions(seed, options, every=1):
        legal = g.legal_actions(g.active[0])
        assert legal and all(type(a) is Action for a in legal), (g.stack[-1]["step"], legal)
        fr = g.stack[-1]
        assert all(type(a) is Action for a in STEPS[fr["step"]].legal(g, fr)), fr["step"]


def test_cl_4_5_4_bribe_shortcut_bound_is_the_dearest_space() -> None:
    g = GAME.new(1)
    costs = []
    for alliance in (0, 1, 2):  # CL 3.2: Firm, Reluctant, Embargoed
        g.alliance = alliance
        costs += [op_spaces.flat_cost(g, op, False) for ops in op_spaces.OPS for op in ops]
    assert max(costs) == op_spaces.MOST_A_SPACE_COSTS


def test_cl_3_1_affordable_shortcut_bound_is_each_operation_s_dearest_space() -> None:
    g = GAME.new(1)
    for op, most in op_spaces.MOST_A_SPACE_OF.items():
        costs = []
        for alliance in (0, 1, 2):  # CL 3.2: Firm, Reluctant, Embargoed
            g.alliance = alliance
            costs.append(op_spaces.flat_cost(g, op, False))
        assert max(costs) == most, op


@pytest.mark.parametrize(("seed", "options"), [(21, {}), (22, {"players": 3, "short": True, "deception": True}), (23, {"players": 2, "no_nonplayers": True})])
def test_quiet_and_loud_games_list_the_same_actions_and_end_alike(seed: int, options: dict[str, Any]) -> None:
    quiet, loud = GAME.new(seed, quiet=True, **options), GAME.new(seed, **options)
    chooser = Rng(seed)
    while loud.active:
        assert quiet.active == loud.active
        role = loud.active[0]
        legal = loud.legal_actions(role)
        assert quiet.legal_actions(role) == legal
        choice = chooser.below(len(legal))
        loud.apply(role, legal[choice])
        quiet.apply_index(role, choice)
    assert quiet.active == [] and quiet.result == loud.result
