"""Cuba Libre's options are checked from their declared specs only (issue 35 item 5: they were
described twice, as specs and as a hand-written check): every refusal is one `OptionError` line
naming the option, and the options a record stores are the same as before (golden records and
stored matches replay: a 2-player record holds `deception: False`)."""

from __future__ import annotations

from typing import Any

import pytest

import agon
from agon.engine import OptionError

GAME = agon.load("cuba-libre")
DEFAULTS = {"players": 4, "short": False, "deployment": "standard", "deception": False, "no_nonplayers": False,
            "no_reveal": False, "eligibility": "standard"}

# (options given, the options stored)
ACCEPTED: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, DEFAULTS),
    ({"players": 2, "short": True}, {**DEFAULTS, "players": 2, "short": True}),
    ({"players": 2, "deception": False}, {**DEFAULTS, "players": 2}),  # what a 2-player record holds
    ({"players": 3, "deception": True}, {**DEFAULTS, "players": 3, "deception": True}),  # CL 7.3
    ({"players": 2, "no_nonplayers": True}, {**DEFAULTS, "players": 2, "no_nonplayers": True}),  # CL 1.5
    ({"players": 1}, {**DEFAULTS, "players": 1, "solo": "m26"}),  # CL 8.9: 26July by default
    ({"players": 1, "side": "govt"}, {**DEFAULTS, "players": 1, "solo": "govt"}),  # the CLI's --side
    ({"players": 1, "solo": "dr", "side": "dr"}, {**DEFAULTS, "players": 1, "solo": "dr"}),
    ({"players": 0, "eligibility": "B"}, {**DEFAULTS, "players": 0, "eligibility": "B"}),  # CL 2.3.1
    ({"no_reveal": True, "deployment": "variable"}, {**DEFAULTS, "no_reveal": True, "deployment": "variable"}),
    ({"eligibility": "A", "no_reveal": False}, {**DEFAULTS, "eligibility": "A"}),
]

# (bad options, a word of the one-line error: the option it names)
REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"players": 7}, "players"),
    ({"players": True}, "players"),
    ({"players": "4"}, "players"),
    ({"short": "yes"}, "short"),
    ({"deployment": "random"}, "deployment"),
    ({"eligibility": "C"}, "eligibility"),
    ({"no_reveal": 1}, "no_reveal"),
    ({"colour": "red"}, "colour"),
    ({"players": 2, "deception": True}, "deception"),  # CL 7.3: 3 or 4 players
    ({"players": 4, "no_nonplayers": True}, "no_nonplayers"),  # CL 1.5: 2 or 3 players
    ({"players": 3, "deception": True, "no_nonplayers": True}, "deception"),  # they do not combine
    ({"no_reveal": True, "eligibility": "A"}, "no_reveal"),  # CL 2.2: not with eligibility A/B
    ({"players": 1, "solo": "rebels"}, "solo"),
    ({"solo": "govt"}, "solo"),  # 1-player games only
    ({"players": 2, "side": "govt"}, "solo"),
    ({"players": 1, "side": "govt", "solo": "dr"}, "side"),
]


@pytest.mark.parametrize(("given", "stored"), ACCEPTED)
def test_options_stored_as_before(given: dict[str, Any], stored: dict[str, Any]) -> None:
    normal = GAME.normalize_options(given)
    assert normal == stored and list(normal) == list(stored)  # (the order too: records and digests hold it)


@pytest.mark.parametrize(("bad", "word"), REFUSED)
def test_a_bad_option_is_one_option_error_line_naming_it(bad: dict[str, Any], word: str) -> None:
    with pytest.raises(OptionError, match=word) as caught:
        GAME.normalize_options(bad)
    message = str(caught.value)
    assert message.startswith("cuba-libre: ") and "\n" not in message


def test_the_options_are_described_once_as_specs() -> None:
    """Every check is a spec's: `normalize_options` reads no option but the CLI's alias `side`
    before `check_options` (agon.engine.options)."""
    import inspect

    source = inspect.getsource(type(GAME).normalize_options)
    assert "check_options(self.option_specs()" in source
    assert not any(f'"{spec.name}"' in source for spec in GAME.option_specs() if spec.name != "solo")
