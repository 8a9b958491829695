"""The Non-player uses only what its faction can see (issue 16 item 3): with No Reveal (2.2) the
next card is face down, so 8.1's "Momentum Event with a Propaganda card next" cannot read it, and
its probes (8.1 Ineffective Events, 8.4.4 look-ahead) roll the bot's own dice, never the game's.
So its choices do not change when the hidden cards are resampled and the dice reseeded, which is
what `determinize` does."""

from __future__ import annotations

import pytest

import agon
from agon.engine import Rng
from agon.games.cuba_libre.data import ROLES
from agon.games.cuba_libre.nonplayer import NonPlayerBot
from agon.games.cuba_libre.nonplayer.common import next_card_seen, probe


def choices(state: agon.State, role: str) -> tuple:
    d = NonPlayerBot().decide(state, role)
    return d.verb, d.arg, d.reason


@pytest.mark.parametrize("options", [{"no_reveal": True}, {"no_reveal": True, "players": 2}, {}])
def test_8_1_nonplayer_choices_do_not_change_when_hidden_cards_and_dice_are_resampled(options):
    game = agon.load("cuba-libre")
    state, sampler = game.new(5, **options), Rng(9)
    bot = NonPlayerBot()
    for step in range(160):
        if not state.active:
            break
        role = state.active[0]
        if state.stack[-1]["step"] == "option" or step % 4 == 0:  # 8.1 choices, and a sample of the rest
            expected = choices(state, role)
            for _ in range(2):
                sample = state.determinize(role, sampler)  # a new seed too: the bot's dice (8.2) are its own
                assert choices(sample, role) == expected, f"step {step}"
        state.apply(role, bot.choose(state, role))


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 1, "solo": "govt", "no_reveal": True}])
def test_8_2_nonplayer_tie_breaks_never_read_the_game_seed(options):
    """Issue 29.3: a player's search determinizes the game (other hidden cards, other dice, another
    seed) and models the Non-players with their bot; every Non-player choice, ties included (8.2),
    must come out as in the real game, since the public position is the same."""
    game = agon.load("cuba-libre")
    state, sampler = game.new(8, **options), Rng(3)
    player = next(r for r in ROLES if state.is_player(ROLES.index(r)))
    bots = {r: NonPlayerBot(seed=41) for r in ROLES}
    compared = 0
    for _ in range(400):
        if not state.active:
            break
        role = state.active[0]
        if not state.is_player(ROLES.index(role)):
            expected = NonPlayerBot(seed=41).decide(state, role)
            sample = state.determinize(player, sampler)
            assert sample.seed != state.seed
            got = NonPlayerBot(seed=41).decide(sample, role)
            assert (got.verb, got.arg, got.reason) == (expected.verb, expected.arg, expected.reason)
            compared += 1
        state.apply(role, bots[role].choose(state, role))
    assert compared > 100


def test_8_2_the_bots_own_seed_decides_its_ties():
    """The same position, two bot seeds: the dice are the bot's (some tie comes out otherwise)."""
    state = agon.load("cuba-libre").new(2, players=0)
    differ = False
    for _ in range(200):
        role = state.active[0]
        one, two = NonPlayerBot(seed=1).decide(state, role), NonPlayerBot(seed=2).decide(state, role)
        differ = differ or (one.verb, one.arg) != (two.verb, two.arg)
        state.apply(role, (one.verb, one.arg))
    assert differ


def test_2_2_no_reveal_hides_the_next_card_from_the_nonplayer():
    state = agon.load("cuba-libre").new(3, no_reveal=True)
    assert state.next_card >= 0 and next_card_seen(state) == -1
    shown = agon.load("cuba-libre").new(3)
    assert next_card_seen(shown) == shown.next_card


def test_8_2_probes_roll_the_bots_own_dice_not_the_games():
    state = agon.load("cuba-libre").new(4)
    twin = probe(state, 0)
    assert twin.rng.state != state.rng.state
    before = (state.rng.state, state.rng.draws)
    twin.rng.die()
    assert (state.rng.state, state.rng.draws) == before


def test_8_1_momentum_event_under_no_reveal_ignores_the_face_down_propaganda_card():
    """The S.I.M. position of test_8_1_momentum_event_not_before_a_propaganda_card, face down: the
    Government cannot know a Propaganda card is next, so it plays the Event either way."""
    from agon.games.cuba_libre.data import GOVT
    from tests.games.cuba_libre.np_helpers import at_option, decide, np_game

    seen = set()
    for next_card in (49, 10):
        g = np_game(no_reveal=True)
        g.next_card = next_card
        at_option(g, GOVT, 4)  # S.I.M. shaded is a Momentum Event
        d = decide(g)
        seen.add((d.verb, d.arg, d.reason))
    assert seen == {("event", "shaded", "8.1 Event first (shaded, 8.4.2)")}
