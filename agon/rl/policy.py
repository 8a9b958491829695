"""A policy `agon train` saved, loaded and seated as a bot (`ppo:path=FILE`; docs/rl.md, Training).

A policy file is sb3-contrib's MaskablePPO zip with what agon needs to seat it kept inside
(`agon_policy`: the game, its options, the seat it learned, the sizes of the action space and of
the observation). Its input is the role's observation vector (agon/rl/observation.py, built from
`state.view(role)` only) squashed by `squash`, the same in training and in play. Loading a file
unpickles parts of it (as any PyTorch or stable-baselines3 checkpoint does): load only files you
made. PyTorch is imported by the functions that need it, never by `import agon.rl.policy`.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from agon.rl import missing_extra
from agon.rl.pettingzoo import OBS_BOUND
from agon.rl.selfplay import PolicyBot, Predict
from agon.rl.spaces import spec

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

METADATA = "agon_policy"  # the model attribute stable-baselines3 saves with the weights


def require_train_extra(what: str = "agon train") -> None:
    """ValueError (one line, the pip command) unless PyTorch and sb3-contrib import."""
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as err:
        raise missing_extra(what, err) from None


def squash(vector: np.ndarray) -> np.ndarray:
    """sign(x) log(1 + |x|): keeps one-hots and small counts near their values and brings the few
    large features (scores, resources, rounds) near the others, without statistics to store."""
    bounded = np.clip(vector, -OBS_BOUND, OBS_BOUND)  # as the environments bound it
    return (np.sign(bounded) * np.log1p(np.abs(bounded))).astype(np.float32)


@dataclass(frozen=True)
class PolicyInfo:
    """What a policy file says about itself (its `agon_policy`)."""

    game: str
    seat: str
    options: dict[str, Any]
    actions: int
    features: int
    opponent: str
    steps: int

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def read_info(path: str | Path) -> PolicyInfo:
    """The `agon_policy` of a policy file, read without PyTorch; ValueError (one line) when the
    file is missing or is not a policy `agon train` saved."""
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"no policy file {file}")
    try:
        with zipfile.ZipFile(file) as archive:
            data = json.loads(archive.read("data"))
        info = data[METADATA]
        return PolicyInfo(str(info["game"]), str(info["seat"]), dict(info["options"]), int(info["actions"]),
                          int(info["features"]), str(info["opponent"]), int(info["steps"]))
    except (zipfile.BadZipFile, KeyError, TypeError, ValueError, UnicodeDecodeError):
        raise ValueError(f"{file} is not a policy file `agon train` saved") from None


def check_fits(info: PolicyInfo, game_id: str, path: str | Path) -> None:
    """ValueError (one line) unless the policy was trained on `game_id` with today's action space
    and observation (both append-only, docs/rl.md: a grown list means a new policy)."""
    if info.game != game_id:
        raise ValueError(f"{path} is a policy for {info.game}, not for {game_id}")
    game_spec = spec(game_id)
    if (info.actions, info.features) != (game_spec.num_actions, game_spec.observer().size):
        raise ValueError(f"{path} was trained on {info.actions} actions and {info.features} features; {game_id} now has "
                         f"{game_spec.num_actions} and {game_spec.observer().size}: train it again")


_LOADED: dict[tuple[str, int], MaskablePPO] = {}  # (file, its mtime): a tournament seats it once per game


def load_model(path: str | Path, game_id: str) -> MaskablePPO:
    """The MaskablePPO of a policy file, on the CPU, checked against `game_id`."""
    info = read_info(path)
    check_fits(info, game_id, path)
    require_train_extra("the ppo bot")
    from sb3_contrib import MaskablePPO

    key = (str(Path(path).resolve()), Path(path).stat().st_mtime_ns)
    if key not in _LOADED:
        _LOADED[key] = MaskablePPO.load(str(path), device="cpu")
    return _LOADED[key]


def predictor(model: MaskablePPO) -> Predict:
    """`predict(observation, mask) -> int` of a model, its most likely legal action."""

    def predict(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(squash(observation), action_masks=mask, deterministic=True)
        return int(action)

    return predict


def policy_bot(game_id: str, path: str) -> PolicyBot:
    """The bot `ppo:path=FILE`: the policy in `path` playing whichever seat it is given."""
    return PolicyBot(game_id, predictor(load_model(path, game_id)), name="ppo")
