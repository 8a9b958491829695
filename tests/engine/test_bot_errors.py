"""Small promises (issue 16 item 7): every bot says "no legal action" the same way; determinize
refuses a role the game does not have; `import agon.bots.ismcts` reaches the module."""

from __future__ import annotations

import pytest

import agon
from agon.engine import Rng
from agon.testing import random_position, variants

GAMES = variants(("intrigue-city", {"players": 4}))  # every declared game, by default with its defaults


@pytest.mark.parametrize("bot", ["random", "ismcts", "nonplayer"])
def test_every_bot_refuses_a_finished_game_or_an_inactive_role_with_the_same_error(bot):
    over = random_position("cuba-libre", 3, 100_000)
    assert over.is_over
    fresh = agon.load("cuba-libre").new(3)
    waiting = next(r for r in fresh.game.roles(**fresh.options) if r not in fresh.active)
    for state, role in ((over, "govt"), (over, "m26"), (fresh, waiting)):
        digest = state.digest()
        with pytest.raises(ValueError, match=f"^{role} has no legal action$"):
            agon.make_bot(bot, "cuba-libre", 1).choose(state, role)
        assert state.digest() == digest


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@pytest.mark.parametrize("role", [None, "nobody", 5])
def test_determinize_refuses_a_role_the_game_does_not_have(game_id, options, role):
    state = agon.load(game_id).new(1, **options)
    with pytest.raises(ValueError, match=r"^determinize takes one of the roles"):
        state.determinize(role, Rng(1))


def test_import_agon_bots_ismcts_reaches_the_module_and_agon_bots_still_lists_bots():
    import agon.bots.ismcts

    assert agon.bots.ismcts.IsmctsBot.name == "ismcts"
    assert agon.bots("1989")[:2] == ["random", "ismcts"]
