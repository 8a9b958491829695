"""Little Tricks' own tests, written against agon's public contract only (docs/implementing-a-game.md):
its rules by id (rules.md: LT 2 set-up, LT 3 bids, LT 4 play, LT 5 end), fuzz with replay, hidden
hands and the typed result. The tests of every game (contract, leak, pickling, RL, server) run on it
as on agon's own games: it is declared by its entry point (pyproject.toml beside this file)."""

from __future__ import annotations

import pytest

import agon
from agon.engine import Action, IllegalAction, OptionError, Result, Rng
from agon.testing import every_game, fuzz

GAME_ID = "little-tricks"


def new(seed: int = 1, **options: object) -> agon.State:
    return agon.load(GAME_ID).new(seed, **options)


def bid_all(state: agon.State, bid: int = 1) -> None:
    while state.view(None)["phase"] == "bid":
        state.apply(state.active[0], Action("bid", bid))


def test_it_is_declared_by_its_entry_point_like_the_built_in_games() -> None:
    assert GAME_ID in every_game() and GAME_ID in agon.games()


@pytest.mark.parametrize("options", agon.load(GAME_ID).sample_options())
def test_fuzz_every_sample_option_set(options: dict) -> None:
    """Dead ends, invariants after every action and replay determinism (agon.testing.fuzz)."""
    report = fuzz(GAME_ID, 150, options)
    assert report.ok, report.summary()


def test_LT_2_each_player_holds_four_hidden_cards_and_trumps_are_turned_up() -> None:
    state = new(3, players=3)
    view = state.view("p2")
    assert len(view["hands"]["p2"]) == 4 and view["hands"]["p1"] == 4 and view["hands"]["p3"] == 4
    assert view["trump"] == view["turned_up"].partition("-")[0] and view["deck"] == 15 - 12 - 1
    spectator = state.view(None)
    assert all(isinstance(hand, int) for hand in spectator["hands"].values())
    assert not any(card in str(state.view("p1")) for card in view["hands"]["p2"])  # LT 2: hands are hidden


def test_LT_2_without_trumps_no_card_is_turned_up() -> None:
    view = new(3, trumps=False).view(None)
    assert view["trump"] is None and view["turned_up"] is None and view["deck"] == 7


def test_LT_3_bids_go_round_from_player_1_then_player_1_leads() -> None:
    state = new(2)
    assert state.active == ["p1"] and state.legal_actions("p1") == [Action("bid", n) for n in range(5)]
    state.apply("p1", Action("bid", 2))
    assert state.active == ["p2"]
    state.apply("p2", Action("bid", 0))
    assert state.active == ["p1"] and all(a.verb == "play" for a in state.legal_actions("p1"))


def test_LT_4_a_player_must_follow_the_suit_led_if_they_can() -> None:
    for seed in range(40):
        state = new(seed)
        bid_all(state)
        lead = state.legal_actions("p1")[0]
        state.apply("p1", lead)
        hand = state.view("p2")["hands"]["p2"]
        suit = lead.arg.partition("-")[0]
        following = [card for card in hand if card.startswith(suit + "-")]
        assert [a.arg for a in state.legal_actions("p2")] == (following or hand)
        if following and len(following) < len(hand):
            other = next(card for card in hand if card not in following)
            with pytest.raises(IllegalAction):
                state.apply("p2", Action("play", other))
            return
    pytest.fail("no deal of 40 let p2 break suit")


def test_LT_4_a_trump_takes_the_trick_and_the_winner_leads() -> None:
    for seed in range(60):
        state = new(seed)
        bid_all(state)
        trump = state.view(None)["trump"]
        lead = next((a for a in state.legal_actions("p1") if not a.arg.startswith(trump)), None)
        if lead is None:
            continue
        state.apply("p1", lead)
        trumping = [a for a in state.legal_actions("p2") if a.arg.startswith(trump + "-")]
        if not trumping or any(a.arg.startswith(lead.arg.partition("-")[0]) for a in state.legal_actions("p2")):
            continue
        state.apply("p2", trumping[0])
        assert state.view(None)["taken"] == {"p1": 0, "p2": 1} and state.active == ["p2"]
        return
    pytest.fail("no deal of 60 let p2 trump the lead")


def test_LT_5_an_exact_bid_scores_five_more_and_the_result_is_typed() -> None:
    state = new(4)
    bid_all(state, bid=2)
    state.play_random(Rng(4).random)
    verdict = state.verdict
    assert isinstance(verdict, Result) and verdict.as_dict() == state.result
    tricks = verdict.details["tricks"]
    assert sum(tricks.values()) == 4
    for role, taken in tricks.items():
        assert verdict.scores[role] == taken + (5 if taken == 2 else 0)
    assert set(verdict.winners) == {r for r, s in verdict.scores.items() if s == max(verdict.scores.values())}


def test_options_are_checked_from_their_declared_specs() -> None:
    for bad in ({"players": 4}, {"trumps": "yes"}, {"jokers": True}):
        with pytest.raises(OptionError):
            new(1, **bad)
    assert agon.load(GAME_ID).normalize_options({}) == {"players": 2, "trumps": True}


def test_a_record_replays_to_the_same_game() -> None:
    state = new(9, players=3)
    state.play_random(Rng(9).random)
    assert agon.replay(state.record()).digest() == state.digest()
