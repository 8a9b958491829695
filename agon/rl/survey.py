"""Extend each game's fixed action list and feature list: `python -m agon.rl.survey [GAME ...]`.

The actions are the game's whole domain (`Game.action_domain()`, built from the game's data); the survey
plays random games under every option set of the game's `sample_options()`, checks that every legal action offered
lies in that domain, and collects every feature of every role's view and the longest game. New
actions and new features are appended after the existing ones (sorted among themselves), never
inserted, so existing numbers stay what they were. Features that never varied in the survey are
left out (a constant tells an agent nothing).
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import defaultdict
from importlib import resources
from pathlib import Path
from typing import Any

from agon.engine import Action, load
from agon.engine.rng import Rng
from agon.rl.domains import domain
from agon.rl.observation import flatten
from agon.rl.spaces import ActionSpaceError, as_json, games_with_space, read_data

# random games per option set by default: as many as a few minutes of one core allow (a game not named: 10)
GAMES_PER_SET = {"dual-powers": 60, "1989": 25, "intrigue-city": 30, "cuba-libre": 6}
LENGTH_MARGIN = 4  # max_length: this many times the longest game seen


def survey(game_id: str, games: int, seed: int = 0) -> tuple[set[Action], dict[str, set[float]], int]:
    """Random games under each option set: the actions offered, each feature's values, the longest game."""
    game = load(game_id)
    actions: set[Action] = set()
    values: dict[str, set[float]] = defaultdict(set)
    longest = 0
    positional = game.positional_features
    chooser = Rng(seed)
    for options, n in itertools.product(game.sample_options(), range(games)):
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


def _order(action: Action) -> tuple[str, str]:
    return action.verb, json.dumps(as_json(action.arg), ensure_ascii=False)


def update(game_id: str, games: int) -> dict[str, Any]:
    """Survey `game_id` and append what is new to its data file; returns the new contents."""
    seen, values, longest = survey(game_id, games)
    outside = sorted((a for a in seen if a not in domain(game_id) and a.verb != "undo"), key=_order)
    if outside:
        raise ActionSpaceError(f"{game_id}: the game offered {', '.join(map(str, outside[:5]))}, outside "
                               "the game's action_domain(): add its verb or argument there")
    old = read_data(game_id)
    old_features = list(old.get("features", []))
    known_features = set(old_features)
    new_features = sorted(name for name, seen_values in values.items()
                          if len(seen_values | {0.0}) > 1 and name not in known_features)
    data = {
        "game": game_id,
        "actions": extended_actions(game_id, old),
        "features": old_features + new_features,
        "max_length": max(int(old.get("max_length", 0)), LENGTH_MARGIN * longest),
    }
    write(game_id, data)
    return data


def extended_actions(game_id: str, old: dict[str, Any]) -> list[list[Any]]:
    """The data file's action list with every action of the game's domain it lacks appended."""
    old_actions = [Action(v, _freeze(a)) for v, a in old.get("actions", [])]
    known = set(old_actions)
    new_actions = sorted((a for a in domain(game_id) if a not in known), key=_order)
    return [[a.verb, as_json(a.arg)] for a in (*old_actions, *new_actions)]


def write(game_id: str, data: dict[str, Any]) -> None:
    game = load(game_id)
    path = Path(str(resources.files(type(game).__module__).joinpath("rl.json")))  # beside the game's module
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


def _freeze(arg: Any) -> Any:
    return tuple(_freeze(a) for a in arg) if isinstance(arg, list) else arg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agon.rl.survey", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=games_with_space())
    parser.add_argument("--games-per-set", type=int, help="random games per option set (default: per game)")
    parser.add_argument("--actions-only", action="store_true",
                        help="append the domain's new actions without surveying (features stay as they are)")
    args = parser.parse_args(argv)
    for game_id in args.games:
        if args.actions_only:
            data = read_data(game_id) | {"actions": extended_actions(game_id, read_data(game_id))}
            write(game_id, data)
        else:
            data = update(game_id, args.games_per_set or GAMES_PER_SET.get(game_id, 10))
        print(f"{game_id}: {len(data['actions'])} actions, {len(data['features'])} features, "
              f"max_length {data['max_length']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
