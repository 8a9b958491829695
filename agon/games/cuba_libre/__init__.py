"""Cuba Libre (GMT COIN series vol. II) for agon: `agon.load("cuba-libre")`.

Roles govt, m26 (26July), dr (Directorio), syndicate. Options: players (0-4; seats beyond the
players are Non-players, 8.0), short (short game, 2.1), deployment ("standard" | "variable", S3),
deception (Victory Deception markers, 7.3; 3-4 players), no_nonplayers (1.5: with 2-3 players the
players also run the leftover factions: 26July runs DR, with 2 players the Government runs the
Syndicate; a player wins a victory check only when all its factions meet their conditions and
ranks by its worse margin), solo (1 player: the faction the person plays, "m26" by default, or "govt",
"dr", "syndicate"; `side` is accepted for it, so `agon play cuba-libre --players 1 --side govt` works;
8.9), no_reveal (2.2: the next card stays hidden), eligibility ("standard" |
"A" | "B", 2.3.1: order from the next Event card; B also drops Ineligibility for acting).

Seat API for the Non-player bots (section 8)
--------------------------------------------
- `GAME.nonplayer_roles(options)`: the factions the rulebook gives to Non-players for that player
  count (4: none; 3: syndicate; 2: dr, syndicate; 1: every faction but the `solo` one; 0: all).
  With 1 player, `roles()` lists the player's faction first (the CLI seats the person there).
- `GAME.default_seat(role, options)` returns "nonplayer" for those seats, "random" for the others;
  `GAME.bots()` returns {"nonplayer": factory} (nonplayer/: `factory(game_id, seed) -> Bot`,
  `Bot.choose(state, role)`).
- In the state: `state.np` (frozenset of Non-player factions, ints), `state.is_player(f)`. The engine
  already applies the Non-player rules of 8.1 that change legality: no LimOps (full Op + SA
  instead), the Final Event card restriction ignored, no Launder.
- Where the flow is: `state.stack[-1]` is the pending frame (frames.py), `frame["step"]` its step
  name and `frame["faction"]` the faction asked: "option" (event/op/limop/pass), "opchoice", "op"
  (space/activity/done; frame["operation"], frame["spaces"] chosen spaces, frame["special_activity"]
  SA used), per-space steps "train_place", "move_cubes", "remove", "activate", "rally", "march",
  "attack", "construct", "reroll", "garrison_assault", "sa" (frame["special_activity"] names it),
  "launder", "deploy", Propaganda steps "prop_deposit", "prop_civic", "prop_agitation",
  "prop_expat", "prop_redeploy", and event steps "ev_*"; Cash steps asked of player holders only
  (cash.py): "cash_gift" (give cash <role> / drop cash) and "cash_carry" (carry cash / leave cash).
  In an Operation a player may also `withdraw` own pieces (1.4.1, removal.withdraw_options).
  Negotiation (1.5.1, negotiation.py): at "option" and "op" a player faction may `transfer`, opening
  "transfer" (give to / ask), "transfer_amount" and "transfer_request" (the asked faction gives or declines; Non-players are
  never asked and never open one).
- Helpers to plan with: operations.ops_possible / op_possible / candidate_spaces / space_ok /
  space_cost / assault_capacity / removal_targets, insurgent_ops.rally_options,
  activities.spaces(g, f, name, op_frame), propaganda.expat_spaces, board methods (control, margin,
  meets_condition, totals).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agon.engine import ENGLISH, Action, Game, OptionError, OptionSpec, Text, Translator, msg
from agon.engine.options import check_options, flag
from agon.engine.position import PositionCodec
from agon.games.cuba_libre import domain, nonplayer
from agon.games.cuba_libre.data import ADJ, FACTION_NAMES, LEVELS, NAMES, PIECE_KEYS, ROLES, TERRAIN
from agon.games.cuba_libre.position import CODEC as POSITIONS
from agon.games.cuba_libre.rules import CubaLibreState, nonplayers
from agon.games.cuba_libre.terms import terms as game_terms
from agon.games.cuba_libre.text import SHORT as PIECE_SHORT
from agon.games.cuba_libre.text import catalogue
from agon.games.cuba_libre.text import render as render_board

# a space's terrain on the map (CL 1.3.2: a City, or a Province of one terrain)
TERRAIN_WORDS = {"city": msg("City"), "mountain": msg("Mountain"), "forest": msg("Forest"),
                 "grassland": msg("Grassland")}


class CubaLibre(Game):
    id = "cuba-libre"
    title = "Cuba Libre"
    state_class = CubaLibreState
    rules_doc = "cuba-libre.md"
    rules_version = "1"  # raise it with every change of what a stored game plays to (docs/server.md, Upgrades)

    def roles(self, **options: Any) -> list[str]:
        solo = options.get("solo") or options.get("side")
        if options.get("players") == 1 and solo in ROLES:  # CL 8.9: the person's faction first
            return [solo, *(r for r in ROLES if r != solo)]
        return list(ROLES)

    def option_specs(self) -> list[OptionSpec]:
        # (`kept`: every record of this game holds these two, False where they do not apply)
        return [
            OptionSpec("players", "int", default=4, minimum=0, maximum=4,
                       help="players; the other factions are Non-players (1.5, 8.0)"),
            flag("short", "short game"),
            OptionSpec("deployment", "choice", default="standard", choices=("standard", "variable"), help="set-up"),
            flag("deception", "Victory Deception markers (7.3)", players=(3, 4), requires={"no_nonplayers": False},
                 kept=True),
            flag("no_nonplayers", "no Non-players: players take the spare factions (1.5)", players=(2, 3), kept=True),
            # CL 2.2: the hidden next card does not combine with an order read from the next card (2.3.1)
            flag("no_reveal", "the next card stays face down (2.2)", requires={"eligibility": "standard"}, kept=True),
            OptionSpec("eligibility", "choice", default="standard", choices=("standard", "A", "B"),
                       help="faction order from the next Event card (A), and no Ineligibility (B)"),
            OptionSpec("solo", "choice", default="m26", choices=ROLES, players=(1,),
                       help="the faction you play solo (8.9)"),
        ]

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options checked against `option_specs()` (agon.engine.options.check_options), after
        the one reading specs cannot say: `side`, the CLI's `--side`, names the solo faction."""
        if "side" in options:
            options = dict(options)
            side = options.pop("side")
            if options.setdefault("solo", side) != side:
                raise OptionError("cuba-libre: options side and solo disagree")
        return check_options(self.option_specs(), options, self.id)

    def nonplayer_roles(self, options: dict[str, Any]) -> list[str]:
        """The factions the rulebook gives to Non-players for this player count (1.5, S1.2)."""
        opts = self.normalize_options(dict(options))
        if opts["no_nonplayers"]:
            return []
        return [ROLES[f] for f in nonplayers(opts)]

    def bots(self) -> dict[str, Callable[..., Any]]:
        return {"nonplayer": nonplayer.factory}  # CL 8: the rulebook's Non-players, part of the game

    def default_seat(self, role: str, options: dict[str, Any]) -> str:
        """"nonplayer" exactly for the Non-player factions (8.0, 8.9)."""
        return "nonplayer" if role in self.nonplayer_roles(options) else "random"

    SEARCH_ITERATIONS = 490

    def successor(self, role: str, options: dict[str, Any]) -> str | None:
        """A player who leaves hands the faction to its Non-player (section 8), so the others play on;
        without the Non-player bots, to the strongest bot."""
        return "nonplayer" if "nonplayer" in self.bots() else self.opponent(role, options)

    def successor_name(self, bot: str) -> Text | None:
        return msg("the Non-player") if bot == "nonplayer" else None

    def one_person(self, role: str, options: dict[str, Any]) -> dict[str, Any]:
        """One person against the three Non-players: the one-player game (CL 1.5, 8.9)."""
        return options if "players" in options else {**options, "players": 1}

    def neighbours(self) -> dict[str, list[tuple[str, str]]]:
        """The map's adjacency (CL 1.3); spaces simply touch."""
        return {NAMES[s]: [(NAMES[n], "") for n in ADJ[s]] for s in range(len(NAMES))}

    def map_facts(self, view: dict[str, Any]) -> dict[str, Text]:
        """Each space's terrain, population and Support or Opposition (CL 1.3, 1.6), who controls
        it (1.7) and its pieces as the board abbreviates them: what Sweep, Assault, March and
        Rally depend on."""
        out: dict[str, Text] = {}
        for space in view["spaces"]:
            holder = space.get("control")
            held = msg("control: {side}", side=self.role_name(holder)) if holder else msg("no control")
            pieces = " ".join(f"{PIECE_SHORT[PIECE_KEYS.index(k)]}{n}" for k, n in space["pieces"].items()) or "-"
            if space["kind"] == "ec":
                out[space["name"]] = msg("EC, econ {econ}; {held}; {pieces}", econ=space["econ"], held=held,
                                         pieces=pieces)
                continue
            terrain = TERRAIN_WORDS[TERRAIN[NAMES.index(space["name"])] or "city"]
            out[space["name"]] = msg("{terrain}, pop {pop}, {level}; {held}; {pieces}", terrain=terrain,
                                     pop=space["pop"], level=LEVELS[space["level"]], held=held, pieces=pieces)
        return out

    def holders(self, view: dict[str, Any]) -> dict[str, str]:
        """The faction that controls each controlled space (CL 1.7)."""
        return {space["name"]: self.role_name(space["control"]) for space in view["spaces"] if space.get("control")}

    def render(self, view: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
        return render_board(view, role, tr)

    def terms(self) -> list[str]:
        return game_terms()

    def position_codec(self) -> PositionCodec:
        return POSITIONS

    def cards(self) -> list[dict[str, Any]]:
        return catalogue()

    def role_name(self, role: str) -> str:
        return FACTION_NAMES[ROLES.index(role)] if role in ROLES else role

    def action_domain(self) -> list[Action]:
        return domain.action_domain()

    def sample_options(self) -> list[dict[str, Any]]:
        return [
            {"players": 4}, {"players": 4, "deception": True}, {"players": 4, "eligibility": "A"},
            {"players": 3, "no_nonplayers": True}, {"players": 4, "deployment": "variable", "eligibility": "B"},
        ]


GAME = CubaLibre()
