"""Extend each game's fixed action list and feature list: `python -m agon.rl.survey [GAME ...]`.

The survey plays random games under every option set in `OPTION_SETS`, collects every legal
action offered and every feature of every role's view, then widens what it saw by the game's own
vocabularies (`_vocabularies`): an action slot that took two or more values of a vocabulary (say,
two space names) gets the whole vocabulary, and an integer slot gets every value from its least
to its greatest seen. New actions and new features are appended after the existing ones (sorted
among themselves), never inserted, so existing numbers stay what they were. Features that never
varied in the survey are left out (a constant tells an agent nothing).
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from agon.engine import Action, load
from agon.engine.rng import Rng
from agon.rl.observation import POSITIONAL, flatten
from agon.rl.spaces import GAMES, as_json, read_data

DATA = Path(__file__).with_name("data")

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "dual-powers": [{}, {"players": 1, "side": "red", "difficulty": 3}, {"players": 1, "side": "white", "difficulty": 6}],
    "1989": [{}, {"handicap": 2}],
    "intrigue-city": [{"players": n} for n in (2, 3, 4, 5)] + [
        {"players": 4, "advanced": "A", "blank_vote": True},
        {"players": 3, "advanced": "B", "beginner": False, "formed_favour": True},
        {"players": 5, "short": True, "limit_equilibrium": True, "unlimited_bank": True},
    ],
    "cuba-libre": [
        {"players": 4}, {"players": 4, "deception": True}, {"players": 4, "eligibility": "A"},
        {"players": 3, "no_nonplayers": True}, {"players": 4, "deployment": "variable", "eligibility": "B"},
    ],
}
GAMES_PER_SET = {"dual-powers": 60, "1989": 25, "intrigue-city": 30, "cuba-libre": 6}
LENGTH_MARGIN = 4  # max_length: this many times the longest game seen


def _vocabularies(game_id: str) -> list[set[Any]]:
    """The game's own lists of names that action arguments draw from."""
    if game_id == "dual-powers":
        from agon.games.dual_powers.data import CONNECTIONS, DISTRICTS

        return [set(DISTRICTS), set(CONNECTIONS)]
    if game_id == "1989":
        from agon.games.dawn_of_freedom.data import COUNTRY_NAMES, SUITS

        return [set(COUNTRY_NAMES), set(SUITS)]
    if game_id == "intrigue-city":
        from agon.games.intrigue_city.data import GUILDS

        return [set(GUILDS), {f"p{i}" for i in range(1, 6)}, {f"{g}-{x}" for g in GUILDS for x in "ab"}]
    if game_id == "cuba-libre":
        from agon.games.cuba_libre.data import NAMES, PIECE_KEYS, ROLES

        return [set(NAMES), set(PIECE_KEYS), set(ROLES)]
    return []


# 1989 labels of `pick_option` prompts that random play rarely reaches (events_*.py, core_events.py)
_1989_OPTIONS = (
    "2 support checks (+2) on Student or Intellectual spaces", "decline",
    "discard a 3-Ops card to cancel the support check", "end the game at the end of this turn",
    "let the support check happen", "no struggle", "place 3 SPs in Elite spaces",
    "place 4 SPs in spaces without Democrat SPs", "play Common European Home with the shown card",
    "play the shown card", "remove all Democrat SPs from Elite spaces", "the game goes on",
    "use Goodbye Lenin's Operations",
)


def _known_actions(game_id: str) -> set[Action]:
    """Actions the game's sources show it can offer, beyond what the survey happens to meet."""
    if game_id == "1989":
        from agon.games.dawn_of_freedom.data import CARDS, COUNTRY_NAMES

        labels = [*_1989_OPTIONS, *COUNTRY_NAMES, *(f"carry out {c.title}" for c in CARDS.values() if c.red)]
        return {Action("option", label) for label in labels}
    if game_id == "cuba-libre":
        return {Action("deposit", "open casino")}  # CL 4.5.3 Profit into an open Casino
    return set()


def survey(game_id: str, games: int, seed: int = 0) -> tuple[set[Action], dict[str, set[float]], int]:
    """Random games under each option set: the actions offered, each feature's values, the longest game."""
    game = load(game_id)
    actions: set[Action] = set()
    values: dict[str, set[float]] = defaultdict(set)
    longest = 0
    positional = POSITIONAL.get(game_id, frozenset())
    chooser = Rng(seed)
    for options, n in itertools.product(OPTION_SETS[game_id], range(games)):
        state = game.new(seed + n, **options)
        roles = game.roles(**state.options)
        steps = 0
        while state.active:
            active = state.active
            role = active[chooser.below(len(active))]
            legal = state.legal_actions(role)
            actions.update(legal)
            if steps % 3 == 0:
                for r in roles:
                    for name, number in flatten(state.view(r), positional).items():
                        values[name].add(number)
            state.apply(role, legal[chooser.below(len(legal))])
            steps += 1
        longest = max(longest, steps)
    return actions, values, longest


def widen(game_id: str, seen: set[Action]) -> set[Action]:
    """Fill each (verb, argument shape) out over the vocabularies its slots drew from."""
    vocabularies = _vocabularies(game_id)
    shapes: dict[tuple[str, int], list[set[Any]]] = {}
    for action in seen:
        arg = action.arg
        slots = arg if isinstance(arg, tuple) else (arg,)
        key = (action.verb, len(slots) if isinstance(arg, tuple) else -1)
        found = shapes.setdefault(key, [set() for _ in slots])
        for i, value in enumerate(slots):
            found[i].add(value)
    out = set(seen)
    for (verb, arity), slots in shapes.items():
        domains = [_widen_slot(values, vocabularies) for values in slots]
        for combo in itertools.product(*domains):
            out.add(Action(verb, tuple(combo) if arity >= 0 else combo[0]))
    return out


def _widen_slot(values: set[Any], vocabularies: list[set[Any]]) -> set[Any]:
    domain = set(values)
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if ints:
        domain.update(range(min(ints), max(ints) + 1))
    for vocabulary in vocabularies:
        if len(values & vocabulary) >= 2:
            domain |= vocabulary
    return domain


def _order(action: Action) -> tuple[str, str]:
    return action.verb, json.dumps(as_json(action.arg), ensure_ascii=False)


def update(game_id: str, games: int) -> dict[str, Any]:
    """Survey `game_id` and append what is new to its data file; returns the new contents."""
    seen, values, longest = survey(game_id, games)
    old = read_data(game_id)
    old_actions = [Action(v, _freeze(a)) for v, a in old.get("actions", [])]
    known = set(old_actions)
    found = widen(game_id, seen) | _known_actions(game_id)
    new_actions = sorted((a for a in found if a not in known and a.verb != "undo"), key=_order)
    old_features = list(old.get("features", []))
    known_features = set(old_features)
    new_features = sorted(name for name, seen_values in values.items()
                          if len(seen_values | {0.0}) > 1 and name not in known_features)
    data = {
        "game": game_id,
        "actions": [[a.verb, as_json(a.arg)] for a in (*old_actions, *new_actions)],
        "features": old_features + new_features,
        "max_length": max(int(old.get("max_length", 0)), LENGTH_MARGIN * longest),
    }
    path = DATA / f"{game_id}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    return data


def _freeze(arg: Any) -> Any:
    return tuple(_freeze(a) for a in arg) if isinstance(arg, list) else arg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agon.rl.survey", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games-per-set", type=int, help="random games per option set (default: per game)")
    args = parser.parse_args(argv)
    for game_id in args.games:
        data = update(game_id, args.games_per_set or GAMES_PER_SET[game_id])
        print(f"{game_id}: {len(data['actions'])} actions, {len(data['features'])} features, "
              f"max_length {data['max_length']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
