"""Intrigue City (Purple Games; Christos Giannakoulas, Manolis Zachariadis), 2 to 5 players.

    >>> import agon
    >>> state = agon.load("intrigue-city").new(seed=1, players=3)
    >>> state.active
    ['p3']

Roles are "p1".."p5". Options: players (2-5, default 3), beginner (IC-V.1), short (IC-V.2/V.3),
blank_vote (IC-V.4), advanced ("none", "A" random action cards IC-V.5, "B" themes IC-V.6) and theme
(for "B": whispers, gold_and_steel, web_of_lies, shifting_alliances). The spec's configurable
readings: schemer_tie ("top" default, "bottom", "shared", "none"; AMB-12), strict_victory (AMB-14),
formed_favour (default true: Strong only if the action formed the Equilibrium, IC-6.2 «σχημάτισε»;
false: a guild already at 6 gives Strong; ACT-P2 note, ruling R-1), limit_equilibrium
(15 Equilibrium cards per guild; GAP-14), unlimited_bank (the Bank never runs out; GAP-14) and
arrangement_value ("any" default, or 1, 2, 3: the cube Promising Arrangements / Redistribution of
Power place; AMB-3).
"""

from __future__ import annotations

from typing import Any

from agon.engine import ENGLISH, Action, Game, OptionSpec, Translator
from agon.engine.options import check_options
from agon.engine.options import flag as switch
from agon.engine.position import PositionCodec
from agon.games.intrigue_city import domain, text
from agon.games.intrigue_city.data import THEMES
from agon.games.intrigue_city.position import CODEC as POSITIONS
from agon.games.intrigue_city.rules import IntrigueState

_TIES = ("top", "bottom", "shared", "none")


class IntrigueCity(Game):
    SEARCH_ITERATIONS = 680  # one second of one core (docs/bots.md)
    id = "intrigue-city"
    title = "Intrigue City"
    state_class = IntrigueState
    rules_doc = "intrigue-city.md"
    rules_version = "1"  # raise it with every change of what a stored game plays to (docs/server.md, Upgrades)

    def roles(self, **options: Any) -> list[str]:
        n = self.normalize_options(options)["players"]
        return [f"p{i + 1}" for i in range(n)]

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("players", "int", default=3, minimum=2, maximum=5, help="number of players"),
            switch("beginner", "beginner game (IC-V.1)"),
            switch("short", "short game (IC-V.2/V.3)"),
            switch("blank_vote", "blank votes allowed at the Change of Era (IC-V.4)"),
            OptionSpec("advanced", "choice", default="none", choices=("none", "A", "B"),
                       help="advanced game: A random action cards (IC-V.5), B themes (IC-V.6)"),
            OptionSpec("theme", "choice", default="whispers", choices=tuple(THEMES), requires={"advanced": "B"},
                       help="the theme of advanced game B"),
            OptionSpec("schemer_tie", "choice", default="top", choices=_TIES, help="reading of a Schemer tie (AMB-12)"),
            switch("strict_victory", "strict reading of the victory condition (AMB-14)"),
            OptionSpec("formed_favour", "bool", default=True,
                       help="Strong only if the action formed the Equilibrium (IC-6.2)"),
            switch("limit_equilibrium", "15 Equilibrium cards per guild (GAP-14)"),
            switch("unlimited_bank", "the Bank never runs out (GAP-14)"),
            OptionSpec("arrangement_value", "choice", default="any", choices=("any", 1, 2, 3),
                       help="the cube Promising Arrangements / Redistribution of Power place (AMB-3)"),
        ]

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not options:  # the defaults (every machine's game asks for them): checked once, copied
            if self._defaults is None:
                self._defaults = self._normalize({})
            return dict(self._defaults)
        return self._normalize(options)

    _defaults: dict[str, Any] | None = None

    def _normalize(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options checked against `option_specs()` (agon.engine.options.check_options), after the
        two readings a person's or a machine's input needs: the cube value as a digit ("2", as an
        OpenSpiel parameter comes) and an empty `advanced` for none."""
        options = dict(options)
        av = options.get("arrangement_value")
        if isinstance(av, str) and av.isdigit():
            options["arrangement_value"] = int(av)
        if "advanced" in options and not options["advanced"]:
            options["advanced"] = "none"
        return check_options(self.option_specs(), options, self.id)

    def render(self, view: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
        return text.render(view, role, tr)

    def role_name(self, role: str) -> str:
        return text.player_name(role)

    def terms(self) -> list[str]:
        return text.terms()

    def position_codec(self) -> PositionCodec:
        return POSITIONS

    def cards(self) -> list[dict[str, Any]]:
        return text.catalogue()

    def action_domain(self) -> list[Action]:
        return domain.action_domain()

    def sample_options(self) -> list[dict[str, Any]]:
        return [
            *({"players": n} for n in (2, 3, 4, 5)),
            {"players": 4, "advanced": "A", "blank_vote": True},
            {"players": 3, "advanced": "B", "beginner": False, "formed_favour": True},
            {"players": 5, "short": True, "limit_equilibrium": True, "unlimited_bank": True},
        ]


GAME = IntrigueCity()
