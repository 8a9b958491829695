"""1989 power struggles and scoring (scenarios T-03, T-28 .. T-36; rules 8.1-8.5, 9.0, 10.4)."""

from __future__ import annotations

import pytest

from agon.engine import Action
from agon.games.dawn_of_freedom.data import COUNTRY_NAMES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import Effect
from agon.games.dawn_of_freedom.power import aftermath_modifier, ps_cards, results
from agon.games.dawn_of_freedom.scoring import country_score

from .helpers import act, clear_country, clear_map, dice, give, legal, new_game, play, set_hand, set_sp, top

RALLY, STRIKE6, MARCH6, MARCH5, MARCH4, MARCH3, PETITION6 = 1, 7, 19, 21, 23, 27, 31
INTELLECTUAL_LEADER, ELITE_LEADER, WORKER_LEADER, CHURCH_LEADER = 37, 41, 45, 48
FALTERS, SURGES, SCARE, TACTIC_FAILS = 49, 50, 51, 52
POLAND_SCORING, HUNGARY_SCORING = 22, 23


def poland_fixture(g):
    """8.1 example: D controls the Church, Writers, Wroclaw, Krakow; C controls Bydgoszcz, Warszawa."""
    clear_country(g, "Poland")
    for name, stab in (("Catholic Church, Poland", 5), ("Polish Writers", 2), ("Wrocław", 3), ("Kraków", 3)):
        set_sp(g, name, d=stab)
    set_sp(g, "Bydgoszcz", c=4)
    set_sp(g, "Warszawa", c=3)


def start_ps(g, country, starter, card=None):
    g.stack.append({"p": "ps_start", "country": country, "card": card, "starter": starter})
    g.run()


def set_ps_hands(g, dh, ch):
    ps = g.ps
    ps["deck"] = sorted(set(range(1, 53)) - set(dh) - set(ch) - set(ps["out"]))
    ps["hands"] = [list(dh), list(ch)]


def skip_stakes(g):
    while top(g) == "ps_stakes":
        if not legal(g, g.stack[-1]["role"]):  # fewer than 3 cards (hands set by the test): not asked
            g.run()
            continue
        act(g, g.stack[-1]["role"], "raise", "no")


def poland_struggle(g, dh, ch):
    """The 8.1 position, then a power struggle in Poland started by the Democrat with hands `dh`
    (Democrat) and `ch` (Communist), past the stakes."""
    poland_fixture(g)
    start_ps(g, "Poland", D)
    set_ps_hands(g, dh, ch)
    skip_stakes(g)


def poland_scoring_struggle(g, dh, ch):
    """The 8.1 position, then Poland Scoring's power struggle started by the Democrat (the card in
    play) with hands `dh` (Democrat) and `ch` (Communist), before the stakes."""
    poland_fixture(g)
    start_ps(g, "Poland", D, POLAND_SCORING)
    take_scoring(g, POLAND_SCORING)
    set_ps_hands(g, dh, ch)


def final_scoring(g, vp, power):
    """An empty map and hands, `vp` and `power` (per country) set: the end of turn 10 (10.4)."""
    clear_map(g)
    g.vp = vp
    g.power = power
    set_hand(g, D, [])
    set_hand(g, C, [])
    g.turn = 10
    g.stack = [{"p": "turn_end", "stage": 3}]
    g.run()


def test_T_28_hand_sizes_with_roundtable_talks() -> None:
    g = new_game()
    poland_fixture(g)
    assert ps_cards(4) == 12 and ps_cards(2) == 8 and ps_cards(0) == 0
    give(g, D, 17)
    g.hands[D].remove(17)
    g.in_play.append(17)
    from agon.games.dawn_of_freedom.core_events import roundtable_talks

    roundtable_talks(g, None)
    start_ps(g, "Poland", D, None)
    assert len(g.ps["hands"][D]) == 14 and len(g.ps["hands"][C]) == 6
    assert g.effect("Roundtable Talks") is None and 17 in g.discard  # used up, not starred


def test_T_28_no_control_no_cards() -> None:
    g = new_game()
    clear_country(g, "Hungary")
    start_ps(g, "Hungary", C)
    assert g.ps is not None and g.ps["hands"] == [[], []]


def test_T_03_leader_eligibility() -> None:
    g = new_game()
    poland_fixture(g)
    set_sp(g, "Łódź", c=3)
    start_ps(g, "Poland", D)
    set_ps_hands(g, [MARCH6], [ELITE_LEADER, WORKER_LEADER, CHURCH_LEADER, INTELLECTUAL_LEADER, MARCH3])
    skip_stakes(g)
    act(g, D, "pscard", MARCH6)
    options = {a.arg for a in legal(g, C) if a.verb == "pscard"}
    assert options == {ELITE_LEADER, WORKER_LEADER, MARCH3}


def test_T_29_raise_the_stakes() -> None:
    g = new_game()
    poland_fixture(g)
    start_ps(g, "Poland", D)
    set_ps_hands(g, list(range(1, 15)), list(range(15, 21)))
    assert g.active == ["democrat"]
    act(g, D, "raise", "yes")
    for c in (1, 2, 3):
        act(g, D, "pscard", c)
    assert len(g.ps["hands"][D]) == 11 and g.active == ["communist"]
    act(g, C, "raise", "no")
    assert sum(g.ps["raised"]) == 1


def test_T_30_the_poland_struggle() -> None:
    g = new_game()
    poland_struggle(g, [MARCH6, MARCH5, MARCH4, MARCH3], [20, ELITE_LEADER])
    dice(g, 2, 3, 3)  # initiative roll 2 < 6; then the aftermath rolls
    act(g, D, "pscard", MARCH6)
    act(g, C, "pscard", 20)
    assert g.ps["attacker"] == D
    act(g, D, "pscard", MARCH5)
    act(g, C, "concede")
    assert g.ps["winner"] == D and g.ps["suit"] == "March" and aftermath_modifier(g) == 0


def test_T_31_attacker_without_cards_loses() -> None:
    g = new_game()
    clear_country(g, "Poland")
    set_sp(g, "Bydgoszcz", c=4)
    dice(g, 1, 1)  # support loss 1 -> 0 SPs, VP roll 1 -> 0 VP
    start_ps(g, "Poland", D)
    assert g.ps["hands"][D] == [] and len(g.ps["hands"][C]) == 6
    skip_stakes(g)
    # the Democrat controls nothing: no cards, the Communist wins at once (no suit modifier)
    assert top(g) == "ps_surrender" and g.ps["winner"] == C and g.ps["suit"] is None
    act(g, C, "power", "keep")
    assert g.retained[1] == 1 and g.ps is None


def test_T_31_attacker_with_only_unusable_cards_loses() -> None:
    g = new_game()
    poland_struggle(g, [ELITE_LEADER, TACTIC_FAILS], [MARCH6])
    assert g.ps["winner"] == C and g.ps["suit"] is None


def test_T_32_wild_card_passes_the_initiative() -> None:
    g = new_game()
    poland_struggle(g, [SURGES, TACTIC_FAILS, MARCH3], [MARCH6, STRIKE6, 8])
    assert Action("pscard", TACTIC_FAILS) not in legal(g, D)
    act(g, D, "pscard", SURGES)
    assert g.ps["attacker"] == C and len(g.ps["hands"][D]) == 4 and top(g) == "ps_attack"
    act(g, C, "pscard", STRIKE6)
    act(g, D, "pscard", TACTIC_FAILS)  # T-33: Strike is banned, no roll, the attacker leads again
    assert g.ps["banned"] == ("Strike",) and g.ps["attacker"] == C and top(g) == "ps_attack"
    assert Action("pscard", 8) not in legal(g, C)


def test_support_falters_and_scare_tactics() -> None:
    g = new_game()
    poland_struggle(g, [FALTERS, SCARE, MARCH3], [MARCH6, STRIKE6, 8, 9])
    dice(g)
    act(g, D, "pscard", FALTERS)
    assert len(g.ps["hands"][C]) == 2 and g.ps["attacker"] == C
    g2 = new_game()
    poland_fixture(g2)
    start_ps(g2, "Poland", D)
    set_ps_hands(g2, [SCARE], [MARCH6])
    skip_stakes(g2)
    act(g2, D, "pscard", SCARE)
    assert top(g2) == "remove" and {a.arg for a in legal(g2, D)} == {space("Bydgoszcz"), space("Warszawa")}
    act(g2, D, "space", space("Warszawa"))
    assert g2.sp[C][space("Warszawa")] == 2 and g2.ps["attacker"] == C


def test_T_34_rally_counters_automatically_and_wins_plus_two() -> None:
    g = new_game()
    poland_struggle(g, [RALLY, 2], [3, MARCH6])
    dice(g)  # no roll: a value-1 card is countered automatically
    act(g, D, "pscard", RALLY)
    act(g, C, "pscard", 3)
    assert g.ps["attacker"] == C
    act(g, C, "pscard", MARCH6)
    dice(g, 1, 1)
    act(g, D, "concede")
    assert g.ps is None or g.ps["suit"] == "March"
    g2 = new_game()
    poland_fixture(g2)
    start_ps(g2, "Poland", D)
    set_ps_hands(g2, [RALLY], [MARCH6])
    skip_stakes(g2)
    dice(g2, 1, 1)
    act(g2, D, "pscard", RALLY)
    act(g2, C, "concede")
    assert g2.ps["suit"] == "Rally in the Square" and aftermath_modifier(g2) == 2


def test_T_35_aftermath_modifiers() -> None:
    g = new_game()
    poland_fixture(g)
    start_ps(g, "Poland", D)
    g.ps.update(winner=D, suit="Petition", raised=[True, True])
    g.add_effect(Effect("aftermath+1", side=D, until="ps", card=None))
    assert aftermath_modifier(g) == 1
    g.ps["winner"] = C
    assert aftermath_modifier(g) == 0


def test_results_table() -> None:
    """The Power Struggle Results table, modified rolls below 0 and above 7 clamped."""
    assert [results(r) for r in range(-3, 11)] == [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 4, 4]


def test_T_36_support_loss_and_the_vp_roll() -> None:
    g = new_game(vp=0)
    poland_scoring_struggle(g, list(range(19, 31)), [MARCH6])
    act(g, D, "raise", "yes")
    for c in (19, 20, 21):
        act(g, D, "pscard", c)
    assert top(g) == "ps_attack"  # the Communist, with 1 card, cannot raise: not asked (8.2)
    dice(g, 1, 2)  # support loss 1 + 1 = 2 -> 1 SP; VP roll 2 + 1 = 3 -> 1 VP, power kept
    act(g, D, "pscard", 22)
    act(g, C, "concede")
    assert top(g) == "remove" and g.stack[-1]["n"] == 1 and g.active == ["communist"]
    assert {a.arg for a in legal(g, C)} == {space("Bydgoszcz"), space("Warszawa")}
    act(g, C, "space", space("Bydgoszcz"))
    assert g.vp == 1 and top(g) == "ps_surrender"
    act(g, C, "power", "keep")
    # power kept once: -3; Poland then: D Church, Writers, Wroclaw, Krakow (2 BGs) vs C Warszawa (1 BG)
    assert g.retained[1] == 1 and g.power[1] == C
    assert g.vp == 1 - 3 + (6 + 2) - (3 + 1)
    assert POLAND_SCORING in g.discard and g.ps is None


def take_scoring(g, card):
    for pile in (g.deck, g.hands[0], g.hands[1], g.discard):
        if card in pile:
            pile.remove(card)
    g.in_play.append(card)


def test_the_democrat_takes_power_on_a_vp_roll_of_four() -> None:
    g = new_game()
    poland_scoring_struggle(g, [RALLY], [MARCH6])
    skip_stakes(g)
    dice(g, 1, 2)  # loss 1 + 2 = 3 -> 1 SP; VP 2 + 2 = 4 -> 2 VP and the Communist falls
    act(g, D, "pscard", RALLY)
    act(g, C, "concede")
    act(g, C, "space", space("Bydgoszcz"))
    assert g.power[1] == D and POLAND_SCORING in g.removed and g.ps is None


def test_voluntary_surrender() -> None:
    g = new_game()
    poland_scoring_struggle(g, [], [MARCH6])
    dice(g, 1, 1)  # the Democrat had no card: he loses; 0 SPs lost, 0 VP
    skip_stakes(g)
    act(g, C, "power", "surrender")
    assert g.power[1] == D and POLAND_SCORING in g.removed and g.retained[1] == 0


def test_playing_a_scoring_card_runs_the_struggle_in_the_round() -> None:
    g = new_game()
    poland_fixture(g)
    set_hand(g, C, [POLAND_SCORING])
    play(g, C, POLAND_SCORING)
    assert g.ps is not None and g.ps["starter"] == C and g.ps["card"] == POLAND_SCORING and top(g) == "ps_stakes"


def test_no_automatic_victory_until_the_struggle_is_scored() -> None:
    g = new_game(vp=19)
    poland_scoring_struggle(g, [RALLY], [MARCH6])
    skip_stakes(g)
    dice(g, 6, 6)
    act(g, D, "pscard", RALLY)
    act(g, C, "concede")
    while top(g) == "remove":
        act(g, C, "space", legal(g, C)[0].arg)
    assert g.outcome is not None and g.outcome["winners"] == ["democrat"] and g.vp == 20


@pytest.mark.parametrize("country", COUNTRY_NAMES)
def test_country_scoring_levels(country: str) -> None:
    """1989 9.2-9.3 for each country: presence, domination, control, +1 per battleground."""
    from agon.games.dawn_of_freedom.data import COUNTRY, SPACES

    g = new_game()
    clear_map(g)
    assert country_score(g, country)[0] == 0
    ids = SPACES_IN[country]
    bgs = [s for s in ids if SPACES[s].battleground]
    others = [s for s in ids if not SPACES[s].battleground]
    c = COUNTRY[country]
    g.sp[D][others[0]] = 5
    g.ctrl[others[0]] = g._compute_ctrl(others[0])
    assert country_score(g, country)[0] == c.presence
    g.sp[D][bgs[0]] = 5
    g.ctrl[bgs[0]] = g._compute_ctrl(bgs[0])
    assert country_score(g, country)[0] == c.domination + 1
    for s in bgs:
        g.sp[D][s] = 5
        g.ctrl[s] = g._compute_ctrl(s)
    assert country_score(g, country)[0] == c.control + len(bgs)
    g.sp[C][others[1]] = 5
    g.ctrl[others[1]] = g._compute_ctrl(others[1])
    assert country_score(g, country)[0] == c.control + len(bgs) - c.presence


def test_hungary_control_is_worth_four() -> None:
    g = new_game()
    clear_map(g)
    for s in SPACES_IN["Hungary"]:
        from agon.games.dawn_of_freedom.data import SPACES

        if SPACES[s].battleground:
            set_sp(g, SPACES[s].name, c=5)
    # the Communist controls all 4 battlegrounds and more spaces: Control 4 + 4 battlegrounds
    assert country_score(g, "Hungary")[0] == -(4 + 4)


def test_domination_needs_a_non_battleground() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Gdańsk", d=5)
    set_sp(g, "Kraków", d=5)
    # 2 battlegrounds and no non-battleground: only presence (3) + 2
    assert country_score(g, "Poland")[0] == 3 + 2


def test_final_scoring() -> None:
    """1989 10.4: 4 VP per country the Communist holds, every country scored, sign decides."""
    g = new_game()
    final_scoring(g, 15, [C, C, C, C, D, D])
    assert g.vp == 15 - 16 and g.outcome["winners"] == ["communist"]


def test_a_leader_named_rally_still_needs_a_roll() -> None:
    """A-06: a leader keeps its value 3 even as Rally; winning with it counts as Rally (+2)."""
    g = new_game()
    poland_struggle(g, [INTELLECTUAL_LEADER, MARCH3], [2])
    act(g, D, "pscard", INTELLECTUAL_LEADER)
    act(g, D, "suit", "Rally in the Square")
    dice(g, 2)
    act(g, C, "pscard", 2)
    assert g.ps["attacker"] == D  # 2 < 3: no automatic counter for a leader


def test_final_scoring_tie_is_a_draw() -> None:
    g = new_game()
    final_scoring(g, 4, [C, D, D, D, D, D])
    assert g.vp == 0 and g.outcome["winners"] == [] and g.is_over


def test_identical_power_struggle_cards_are_offered_once() -> None:
    """Two Rally in the Square cards are the same choice: offered once (8.3.2 step 1)."""
    g = new_game()
    poland_struggle(g, [1, 2, 3, MARCH6, 20], [MARCH3])
    assert [a.arg for a in legal(g, D)] == [1, MARCH6]


def test_T_29_raise_discards_are_hidden_from_the_opponent_in_determinize() -> None:
    """8.2: the 3 cards a player discards to raise the stakes are not shown; the opponent's
    determinized states draw them anew (with his hand and the deck), his own keep them."""
    from agon.engine.rng import Rng

    g = new_game()
    poland_fixture(g)
    start_ps(g, "Poland", D)
    set_ps_hands(g, list(range(19, 31)), [STRIKE6, 8, 1, 2])
    act(g, D, "raise", "yes")
    for c in (19, 20, 21):
        act(g, D, "pscard", c)
    seen = set()
    for k in range(8):
        twin = g.determinize("communist", Rng(k + 1))
        twin.check_invariants()
        assert sorted(twin.ps["hands"][C]) == sorted(g.ps["hands"][C])
        assert len(twin.ps["face_down"][D]) == 3 and set(twin.ps["face_down"][D]) <= set(twin.ps["out"])
        seen |= set(twin.ps["face_down"][D])
        mine = g.determinize("democrat", Rng(k + 1))
        assert mine.ps["face_down"][D] == (19, 20, 21) and sorted(mine.ps["hands"][D]) == list(range(22, 31))
    assert seen - {19, 20, 21}


def test_T_31_determinized_attacker_keeps_his_attack_with_a_playable_card() -> None:
    """8.3.1 and issue 16: in the opponent's determinized states the attacker's cards are
    resampled, but the attack he is choosing stays pending: a sample whose hand leaves him nothing
    to attack with is drawn again, so the Communist's view never moves on."""
    from agon.engine.rng import Rng

    g = new_game()
    poland_struggle(g, [MARCH6], [INTELLECTUAL_LEADER, MARCH3, 1])
    assert top(g) == "ps_attack"
    hands = set()
    for k in range(20):
        twin = g.determinize("communist", Rng(k + 1))
        twin.check_invariants()
        assert top(twin) == "ps_attack" and twin.legal_actions("democrat")
        assert twin.view("communist") == g.view("communist")
        hands.add(tuple(twin.ps["hands"][D]))
    assert len(hands) > 1  # resampled all the same


def test_T_33_tactic_fails_bans_the_suit_for_leaders_too() -> None:
    """8.3.2 step 2: Strike answered by Tactic Fails is banned for both players, also as the suit
    a leader names; no initiative roll, the attacker leads again."""
    g = new_game()
    poland_fixture(g)
    set_sp(g, "Łódź", c=3)  # the Communist controls a Worker space: his Worker Leader is usable
    start_ps(g, "Poland", C)
    set_ps_hands(g, [TACTIC_FAILS, MARCH3], [STRIKE6, WORKER_LEADER, 8])
    skip_stakes(g)
    dice(g)  # no roll may happen
    act(g, C, "pscard", STRIKE6)
    act(g, D, "pscard", TACTIC_FAILS)
    assert g.ps["attacker"] == C and top(g) == "ps_attack"
    assert Action("pscard", 8) not in legal(g, C)  # the other Strike
    act(g, C, "pscard", WORKER_LEADER)
    assert Action("suit", "Strike") not in legal(g, C) and Action("suit", "March") in legal(g, C)
