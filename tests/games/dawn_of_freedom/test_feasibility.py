"""The quick listings of 1989 (issue 15) agree with the rules' full computations they stand for, in
every few positions of random games: support check targets (6.2.3, and "is there one" for the
Operations prompt), "may place SPs" (6.1), and the place_ops choices kept in the frame
(6.1: the eligible spaces as the board was before the first SP, each affordable with the Ops left)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import agon
from agon.engine.rng import Rng
from agon.games.dawn_of_freedom.data import SPACES, C, D
from agon.games.dawn_of_freedom.events import anywhere, has_sp, in_country, not_controlled_by, of_class
from agon.games.dawn_of_freedom.ops import can_place, check_targets, eligible_for_ops, place_cost
from agon.testing.walk import random_positions
from tests.games.dawn_of_freedom.helpers import act, event, give, my_round, new_game

GAME = agon.load("1989")
FILTERS = [None, anywhere, in_country("Poland"), of_class("Worker") & has_sp(C), ~in_country("Romania"),
           not_controlled_by(D)]


def positions(seed: int, every: int = 4, **options: Any) -> Iterator[Any]:
    """Every `every`-th position of a random quiet game."""
    return random_positions("1989", seed, every, options)


def decisions(seed: int, step: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Every position of a random quiet game whose pending decision is `step`, with its frame."""
    for g in positions(seed, every=1):
        if g.stack and g.stack[-1].get("p") == step:
            yield g, g.stack[-1]


def brute_targets(g: Any, side: int, where: Any) -> list[int]:
    """1989 6.2.3 read literally: opponent SPs there, on the map, in `where`, banned by no effect."""
    bans = [e for e in g.effects.values() if e.ban_checks and e.side == side]
    return [s for s in range(len(SPACES))
            if g.sp[1 - side][s] and s not in g.destroyed and (where is None or where(g, s))
            and not any(e.where is None or e.where(g, s) for e in bans)]


def test_6_2_3_check_targets_and_the_first_one_match_the_rule() -> None:
    banned = 0
    for seed in range(1, 9):
        for g in positions(seed, handicap=seed % 3):
            banned += any(e.ban_checks for e in g.effects.values())
            for side in (D, C):
                for where in FILTERS:
                    full = check_targets(g, side, where)
                    assert full == brute_targets(g, side, where)
                    assert check_targets(g, side, where, True) == full[:1]
    assert banned  # the games reach positions where an event bans checks somewhere


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_6_1_may_place_is_some_eligible_space(seed: int) -> None:
    for g in positions(seed):
        for side in (D, C):
            for where in FILTERS:
                assert can_place(g, side, where) == bool(eligible_for_ops(g, side, where))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_6_1_place_ops_choices_are_the_affordable_eligible_spaces(seed: int) -> None:
    seen = 0
    for g, f in decisions(seed, "place_ops"):
        seen += 1
        side, left = f["role"], f["left"]
        listed = [a.arg for a in g.legal_actions(g.active[0])]
        affordable = [s for s in f["elig"] if s not in g.destroyed and place_cost(g, side, s) <= left]
        assert listed == affordable
    assert seen


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_the_hook_index_is_the_hooks_of_the_effects_in_force(seed: int) -> None:
    """run_hooks and the hook points return at once when no effect in force listens (issue 15):
    the index add_effect / end_effect keep is the hooks of the effects, at every position."""
    hooked = 0
    for g in positions(seed, every=1, handicap=seed % 3):
        assert g._hooks == frozenset(e.hook for e in g.effects.values())
        hooked += any(e.hook is not None for e in g.effects.values())
        twin = g.clone()
        twin.changed()  # rebuilt from the twin's own effects: the same index
        assert twin._hooks == g._hooks
    assert hooked  # the games reach positions where some effect listens


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_spaces_held_index_is_where_each_side_has_sps(seed: int) -> None:
    """The spaces each side holds, which the support check targets (6.2.3), the eligible spaces
    (6.1) and the event removals start from, are kept by add_sp / remove_sp / destroy_space: they
    are the spaces with SPs read off the map, in map order, at every position (and in a clone);
    so are the spaces each side controls (2.2), which a last Op cannot buy (6.1)."""
    for g in positions(seed, every=1, handicap=seed % 3):
        full = tuple([s for s in range(len(SPACES)) if g.sp[side][s] > 0] for side in (D, C))
        assert g._held == full
        assert [[a.arg for a in held] for held in g._held_actions] == list(full)
        assert g._controlled == tuple([s for s in range(len(SPACES)) if g.ctrl[s] == side] for side in (D, C))
        for side in (D, C):  # 6.1: a space is eligible where it or a neighbour (on the map as it is) holds own SPs
            counted = [s for s in range(len(SPACES)) if g._near_count[side][s]]
            assert counted == [s for s in range(len(SPACES))
                               if any(g.sp[side][n] for n in (s, *g.adj[s]) if n not in g.destroyed)]
        twin = g.clone()
        empty = next(s for s in range(len(SPACES)) if not g.sp[D][s] and s not in g.destroyed)
        twin.add_sp(D, empty)  # a new space held in the twin: the twin's index is its own
        assert empty in twin._held[D]
        assert g._held == full
        twin.changed()
        assert twin._held == twin._spaces_held() and twin._controlled == twin._spaces_controlled()
        assert twin._near_count == twin._near_counts() and g._near_count == g._near_counts()


def effects_by_what_they_do(g: Any) -> dict[str, Any]:
    """The effect index as its fields' definitions say, one field at a time (the state builds it in
    one pass, `_effect_index`): the oracle it is checked against."""
    fx = list(g.effects.values())
    return {
        "_hooks": frozenset(e.hook for e in fx),
        "_ops_mod": tuple(sum(e.ops for e in fx if e.ops and e.side == side and not e.ops_where) for side in (D, C)),
        "_bonus": tuple(next((e for e in fx if e.side == side and e.ops_where and e.where is not None), None)
                        for side in (D, C)),
        "_bans": tuple(tuple(e for e in fx if e.ban_checks and e.side == side) for side in (D, C)),
        "_cheap": tuple(tuple(e for e in fx if e.cheap and e.side == side) for side in (D, C)),
        "_check_fx": tuple(tuple(e for e in fx if e.side == side and (e.check or e.ignore_adjacent or e.check_vp))
                           for side in (D, C)),
        "_held_cards": frozenset(e.card for e in fx if e.card is not None),
    }


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_the_effect_index_is_what_the_effects_in_force_do(seed: int) -> None:
    """The Ops modifiers, the Ops bonus, the check bans, the cheap placements, the effects on
    support checks and the cards effects hold, which 6.1-6.2 and 7.3 read at every Operations
    step, are kept by add_effect / end_effect: they are the full computation from the effects in
    force at every position, the side each applies to included."""
    seen = set()
    for g in positions(seed, every=1, handicap=seed % 3):
        full = effects_by_what_they_do(g)
        assert g._kept_effect_index() == full and g._effect_index() == full
        assert g.ops_modifier(D) == sum(e.ops for e in g.effects.values() if e.side == D and not e.ops_where)
        seen |= {k for k in ("_ops_mod", "_bonus", "_bans", "_cheap", "_check_fx") if any(full[k])}
        twin = g.clone()
        twin.changed()
        assert twin._kept_effect_index() == full
    assert seen  # the games reach positions where effects modify Ops or checks


def test_the_hook_index_drops_the_hook_of_an_effect_that_another_replaces() -> None:
    """Ligachev (99) listens when the Democrat plays a card; played with Gorbachev Charms the West
    (14), it is put again under its name listening to how the card is played: the index must
    forget the first hook."""
    g = new_game()
    event(g, C, 99)
    give(g, D, 14)
    my_round(g, D)
    act(g, D, "card", 14)
    g.check_invariants()
    assert g._hooks == frozenset(e.hook for e in g.effects.values())


@pytest.mark.parametrize("quiet", [True, False])
def test_the_position_the_flow_hands_to_the_engine_is_the_one_it_would_compute(quiet: bool) -> None:
    """After every action the flow hands the next decision's role and legal list to the engine
    (the memo `_apply` returns); they must be what `_active` and `_legal` give when asked afresh."""
    handed = 0
    for seed in range(6):
        g = GAME.new(seed, quiet=quiet)
        chooser = Rng(seed + 50)
        while g.active:
            role = g.active[0]
            legal = g.legal_actions(role)
            g.apply(role, legal[chooser.below(len(legal))])
            memo = g._memo  # right after an action, only a memo the flow handed over
            if memo is not None:
                handed += 1
                (role,) = memo[1]
                assert memo[0] == g._active() == [role]
                assert memo[1][role] == g._legal(role)
    assert handed > 1000


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_6_0_operations_choices_match_may_place_and_a_check_target(seed: int) -> None:
    """The Operations prompt's quick test for the usual play (no filter, no ban: own SPs / opponent
    SPs somewhere) lists what can_place (6.1) and the first check target (6.2.3) say."""
    seen = 0
    for g, f in decisions(seed, "operations"):
        seen += 1
        side, where = f["role"], f["where"]
        verbs = [a.arg for a in g.legal_actions(g.active[0]) if a.arg in ("place", "checks")]
        assert verbs == [m for m, ok in (("place", can_place(g, side, where)),
                                         ("checks", bool(check_targets(g, side, where, True)))) if ok]
    assert seen


def test_a_combined_filter_label_is_the_english_of_its_text() -> None:
    """&, | and ~ give a filter the words of its parts joined, not rendered from its Text: they
    must be the Text's English, which `words` gives back."""
    from agon.games.dawn_of_freedom.events import Where, battleground, controlled_by, in_region, no_sp, spaces, words

    blank = Where(lambda g, s: True, "")
    parts = [anywhere, blank, in_country("Poland"), in_country("Hungary", "Romania"), in_region("Balkans"),
             of_class("Worker", "Farmer"), battleground, controlled_by(D), not_controlled_by(C), has_sp(C), no_sp(D),
             spaces("Dresden", "Leipzig")]
    built = [*parts]
    for a in parts:
        built.append(~a)
        for b in parts:
            built += [a & b, a | b, ~(a & b) | (b & ~a)]
    for w in built:
        assert str(words(w.label)) == w.label, w.label
