"""1989: Dawn of Freedom (GMT Games): Democrat against Communist in six Eastern European countries.

Rules: the Hungarian 1st-edition rulebook with its 2nd-edition completion, summarised in
agon/rules/1989.md; rulings in docs/rulings/1989.md; card texts (our words) in card_texts.json.
`agon.load("1989").new(seed, handicap=0)`; roles "democrat" and "communist".
"""

from __future__ import annotations

from typing import Any

from agon.engine import ENGLISH, Action, Game, OptionSpec, Text, Translator, msg
from agon.engine.position import PositionCodec
from agon.games.dawn_of_freedom import domain
from agon.games.dawn_of_freedom.data import ROLES, SPACES
from agon.games.dawn_of_freedom.position import CODEC as POSITIONS
from agon.games.dawn_of_freedom.state import DawnState
from agon.games.dawn_of_freedom.text import catalogue, render, terms


class DawnOfFreedom(Game):
    SEARCH_ITERATIONS = 1350  # one second of one core (docs/bots.md)
    id = "1989"
    title = "1989: Dawn of Freedom"
    state_class = DawnState
    rules_doc = "1989.md"
    rules_version = "1"  # raise it with every change of what a stored game plays to (docs/server.md, Upgrades)

    def roles(self, **options: Any) -> list[str]:
        return list(ROLES)

    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("handicap", "int", default=0, choices=(0, 1, 2),
                           help="extra Democrat Support Points after the set-up (13.0)")]  # 1989-completion 13.0

    def neighbours(self) -> dict[str, list[tuple[str, str]]]:
        """The printed map's adjacency (1989 1.2); spaces simply touch."""
        return {space.name: [(SPACES[n].name, "") for n in space.adjacent] for space in SPACES}

    def map_facts(self, view: dict[str, Any]) -> dict[str, Text]:
        """Each space's class, stability, SPs and who controls it (1989 1.2, 1.3, 7.3)."""
        out: dict[str, Text] = {}
        for space in SPACES:
            holder = view["control"][space.id]
            sps = msg("D {d} / C {c}", d=view["sp"]["democrat"][space.id], c=view["sp"]["communist"][space.id])
            held = msg("{sps}; control: {side}", sps=sps, side=self.role_name(holder)) if holder \
                else msg("{sps}; no control", sps=sps)
            # what a plan needs beside the SPs: its class, battleground or not, and the stability (1.2, 1.3)
            kind = {"cls": space.cls, "stab": space.stability, "held": held}
            out[space.name] = msg("{cls}, BG, stab {stab}; {held}", **kind) if space.battleground \
                else msg("{cls}, stab {stab}; {held}", **kind)
        return out

    def holders(self, view: dict[str, Any]) -> dict[str, str]:
        """The side that controls each controlled space (1989 1.2)."""
        return {space.name: self.role_name(view["control"][space.id]) for space in SPACES if view["control"][space.id]}

    def render(self, view: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
        """The compact board (fits an 80x50 terminal with a prompt); `full=True`: every space;
        every word through `tr` (the rulebook's Hungarian terms with `--lang hu`)."""
        return render(view, role, full, tr)

    def terms(self) -> list[str]:
        """Every term and card text a front end may translate (spaces, cards, sides, tracks...)."""
        return terms()

    def role_name(self, role: str) -> str:
        return role.capitalize() if role in ROLES else role  # the Democrat, the Communist

    def position_codec(self) -> PositionCodec:
        return POSITIONS

    def cards(self) -> list[dict[str, Any]]:
        """The 110 strategy cards (ids 1..110) and 52 power struggle cards (ids "P1".."P52")."""
        return catalogue()

    def action_domain(self) -> list[Action]:
        return domain.action_domain()

    def sample_options(self) -> list[dict[str, Any]]:
        return [{}, {"handicap": 2}]

    positional_features = frozenset({"sp/democrat", "sp/communist"})  # support points per space, by position


GAME = DawnOfFreedom()
