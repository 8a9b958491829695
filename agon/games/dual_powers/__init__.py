"""Dual Powers: Revolution 1917 (Thunderworks Games, 2018): 2 players, or 1 against the Opposition.

Rules: the reference agon/rules/dual-powers.md (from the Greek rulebook); the player
reference is docs/rules/dual-powers.md and the rulings docs/rulings/dual-powers.md. Component values
are reconstructed (see data.json).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agon.engine import ENGLISH, Action, Game, OptionSpec, Text, Translator, msg
from agon.engine.position import PositionCodec
from agon.games.dual_powers import domain, text
from agon.games.dual_powers.bots import OppositionBot
from agon.games.dual_powers.data import ADJ, CONNECTION_NAME, DIDX, DISTRICT_NAME
from agon.games.dual_powers.position import CODEC as POSITIONS
from agon.games.dual_powers.rules import DualPowersState


class DualPowers(Game):
    id = "dual-powers"
    title = "Dual Powers: Revolution 1917"
    state_class = DualPowersState
    rules_doc = "dual-powers.md"
    rules_version = "1"  # raise it with every change of what a stored game plays to (docs/server.md, Upgrades)

    def roles(self, **options: Any) -> list[str]:
        opts = self.normalize_options(options)
        return [opts["side"]] if opts["players"] == 1 else ["red", "white"]

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("players", "int", default=2, choices=(1, 2), help="2 players, or 1 against the Opposition"),
            OptionSpec("side", "choice", default="red", choices=("red", "white"), players=(1,),
                       help="your side in the solo game"),
            OptionSpec("difficulty", "int", default=1, minimum=1, maximum=6, players=(1,),
                       help="the Opposition's difficulty"),
        ]

    def bots(self) -> dict[str, Callable[..., Any]]:
        """The solo Opposition's procedure as a bot for any seat."""
        return {"opposition": OppositionBot}

    def neighbours(self) -> dict[str, list[tuple[str, str]]]:
        """Each district and the bridges and prospekts that join it to the others (DP R0.1)."""
        return {DISTRICT_NAME[d]: [(DISTRICT_NAME[n], CONNECTION_NAME[c]) for n, c in ADJ[d]]
                for d in range(len(DISTRICT_NAME))}

    def map_facts(self, view: dict[str, Any]) -> dict[str, Text]:
        """Each side's strength now in each district (R4.2 compares them)."""
        out: dict[str, Text] = {}
        for district in view["districts"]:
            totals = {"red": 0, "white": 0}
            for marker in district["markers"]:
                if marker.get("control") in totals:
                    totals[marker["control"]] += int(marker.get("strength") or 0)
            out[DISTRICT_NAME[DIDX[district["id"]]]] = msg("strength Red {red}, White {white}", **totals)
        return out

    def holders(self, view: dict[str, Any]) -> dict[str, str]:
        """The side with the greater strength in each district, where one has it (R4.2)."""
        out: dict[str, str] = {}
        for district in view["districts"]:
            totals = {"red": 0, "white": 0}
            for marker in district["markers"]:
                if marker.get("control") in totals:
                    totals[marker["control"]] += int(marker.get("strength") or 0)
            if totals["red"] != totals["white"]:
                out[DISTRICT_NAME[DIDX[district["id"]]]] = "Red" if totals["red"] > totals["white"] else "White"
        return out

    def opponent(self, role: str, options: dict[str, Any]) -> str:
        """The Opposition's procedure (DP S4) in the other seat of a two-player game."""
        return "opposition"

    def render(self, view: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
        return text.render(view, role, tr)

    def terms(self) -> list[str]:
        return text.terms()

    def position_codec(self) -> PositionCodec:
        return POSITIONS

    def cards(self) -> list[dict[str, Any]]:
        return text.catalogue()

    def role_name(self, role: str) -> str:
        # the sides as the rulebook names them (DP R0); the Opposition: the solo game's winner that holds no seat
        return ROLE_NAMES.get(role, role)

    def action_domain(self) -> list[Action]:
        return domain.action_domain()

    def sample_options(self) -> list[dict[str, Any]]:
        return [{}, {"players": 1, "side": "red", "difficulty": 3}, {"players": 1, "side": "white", "difficulty": 6}]


ROLE_NAMES = {"red": "Petrograd Soviet (Red)", "white": "Provisional Government (White)", "opposition": "the Opposition"}


GAME = DualPowers()
