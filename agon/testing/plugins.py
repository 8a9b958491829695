"""Games a test suite keeps in its own folders, each laid out as a distribution of its own.

A folder `ROOT/<name>/` with a `pyproject.toml` that declares entry points of the group `agon.games`
holds a game as it would be installed: `declare_folder_games(ROOT)` puts each such folder on the
import path and feeds its entry points to the registry (agon/engine/registry.py), as installing the
distribution would, without installing it: tests/conftest.py calls it, so a test game needs no
line outside its folder. The declarations also go into `AGON_GAMES` and the folder into
`PYTHONPATH`, so that processes the tests start (a server's bot workers, a command) see them too.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from agon.engine.registry import ENTRY_POINT_GROUP, ENVIRONMENT, declare, parse_environment


def folder_entry_points(folder: Path) -> dict[str, str]:
    """The `agon.games` entry points a folder's pyproject.toml declares ({} without one)."""
    project = folder / "pyproject.toml"
    if not project.is_file():
        return {}
    with project.open("rb") as file:
        data = tomllib.load(file)
    points = data.get("project", {}).get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return {str(game_id): str(target) for game_id, target in points.items()}


def declare_folder_games(root: Path) -> list[str]:
    """Declare the games of every folder under `root` laid out as a distribution; their ids."""
    declared: list[str] = []
    for folder in sorted(path for path in root.iterdir() if path.is_dir()):
        points = folder_entry_points(folder)
        if not points:
            continue
        place = str(folder.resolve())
        if place not in sys.path:
            sys.path.append(place)
        paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
        if place not in paths:
            os.environ["PYTHONPATH"] = os.pathsep.join([*filter(None, paths), place])
        known = parse_environment(os.environ.get(ENVIRONMENT, ""))
        for game_id, target in points.items():
            declare(game_id, target)
            known[game_id] = target
            declared.append(game_id)
        os.environ[ENVIRONMENT] = ";".join(f"{game_id}={target}" for game_id, target in known.items())
    return declared
