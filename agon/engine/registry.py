"""The registry of games: which ids exist and where each game's `Game` object lives.

A game is declared by an entry point of the group `agon.games` in its distribution's metadata,
its name the game's id and its value the object, `"package.module:GAME"`:

    [project.entry-points."agon.games"]
    "my-game" = "my_game:GAME"

so a game can live in a distribution of its own. agon's own four games are declared the same way
in agon's pyproject.toml; a checkout used through `PYTHONPATH` (or an editable install made before
they were declared) has no such metadata, so the registry then reads the same declarations from the
checkout's pyproject.toml (an installed entry point of the same id wins). A game of agon's own is
therefore one line of its pyproject.toml. `declare(id, "module:attr")` is the call every entry point feeds; the
environment variable `AGON_GAMES` feeds it too ("id=module:attr", several separated by ";": a game
tried out without installing it, and seen by the processes a server spawns; agon.testing.plugins
sets it for the games a test suite declares in its folders). `register(game)` takes a `Game`
object as it is (tests' toy games). Loading is lazy: a game's module is imported on the first
`load` of its id.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import tomllib
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from agon.engine.errors import AgonError, UnknownGame

if TYPE_CHECKING:
    from agon.engine.game import Game

ENTRY_POINT_GROUP = "agon.games"
ENVIRONMENT = "AGON_GAMES"  # "id=module:attr;id=module:attr": declarations without a distribution

_declared: dict[str, str] = {}  # id -> "module:attr", in the order declared
_loaded: dict[str, Game] = {}  # id -> the game, loaded or registered
_scanned = False


def _scan() -> None:
    """Read the installed entry points once (then the built-in fallback for ids none declares)."""
    global _scanned
    if _scanned:
        return
    _scanned = True
    found = {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}
    for game_id, target in checkout_declarations().items():  # agon's own first, in their usual order
        _declared.setdefault(game_id, found.pop(game_id, target))
    for game_id, target in found.items():  # other distributions' games, as their metadata lists them
        _declared.setdefault(game_id, target)
    for game_id, target in parse_environment(os.environ.get(ENVIRONMENT, "")).items():
        _declared[game_id] = target


def checkout_declarations() -> dict[str, str]:
    """The `agon.games` entry points of the pyproject.toml beside the `agon` package (a source
    checkout), or {} where there is none."""
    project = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if not project.is_file():
        return {}
    with project.open("rb") as file:
        data = tomllib.load(file)
    if data.get("project", {}).get("name") != "agon":
        return {}
    points = data["project"].get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return {str(game_id): str(target) for game_id, target in points.items()}


def parse_environment(text: str) -> dict[str, str]:
    """The declarations of an `AGON_GAMES` value: "id=module:attr" parts separated by ";"."""
    found = {}
    for part in text.split(";"):
        game_id, _, target = part.strip().partition("=")
        if game_id and target:
            found[game_id.strip()] = target.strip()
    return found


def declare(game_id: str, target: str) -> None:
    """Declare game `game_id` as the object `target` ("package.module:NAME"), loaded on first use:
    what an entry point of the group `agon.games` says. A second declaration of an id replaces the
    first unless the game is already loaded (then it raises AgonError)."""
    module, _, attr = target.partition(":")
    if not module or not attr:
        raise AgonError(f"a game is declared as 'module:attribute'; got {target!r} for {game_id!r}")
    _scan()
    if game_id in _loaded and _declared.get(game_id) != target:
        raise AgonError(f"game {game_id!r} is already loaded from {_declared.get(game_id)!r}")
    _declared[game_id] = target


def register(game: Game) -> None:
    """Register a game object as it is (tests and plug-ins); `load(game.id)` returns it."""
    _loaded[game.id] = game


def load(game_id: str) -> Game:
    """The game registered under `game_id` ("dual-powers", "1989", "intrigue-city", "cuba-libre", or
    any other a distribution declares); UnknownGame for an id nobody declares or whose package is
    not installed."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    _scan()
    target = _declared.get(game_id) if type(game_id) is str else None
    if target is None:
        raise UnknownGame(f"no game {game_id!r}; games: {', '.join(games())}")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name and module_name.startswith(err.name):
            raise UnknownGame(f"game {game_id!r} is not installed") from err
        raise
    game = getattr(module, attr, None)
    if game is None or getattr(game, "id", None) != game_id:
        raise AgonError(f"{target} is not the game {game_id!r} (its entry point names another object)")
    _loaded[game_id] = game
    return game


def declared() -> list[str]:
    """Ids of the games declared by entry point (agon's own, then any other distribution's, then any
    a test suite declared) whose package can be imported: the games a test suite runs every
    contract test on (games registered as objects, the tests' toys, are left out)."""
    _scan()
    return [game_id for game_id, target in _declared.items() if _importable(target)]


def games() -> list[str]:
    """Ids of the games that are installed: those registered as objects, then the declared ones."""
    _scan()
    found = [game_id for game_id in _loaded if game_id not in _declared]
    return found + declared()


def _importable(target: str) -> bool:
    module_name = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:  # a parent package missing
        return False
