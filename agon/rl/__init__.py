"""Environments for AI research: each game's fixed numbered action space and observation vector
(`agon.rl.spaces`, `agon.rl.observation`), a PettingZoo AEC environment (`agon.rl.pettingzoo.env`) and
OpenSpiel registration (`import agon.rl.openspiel`); training and trained policies as bots
(`agon.rl.train`, `agon.rl.policy`). The environments need the `agon[rl]` extra, training the
`agon[train]` extra; docs/rl.md documents the spaces, the features, the adapters and training."""

TRAIN_INSTALL = "pip install 'agon[train]' (in a checkout: pip install -e '.[train]')"


def missing_extra(what: str, err: ImportError) -> ValueError:
    """The one-line error for `what` when a package of the `[train]` extra does not import."""
    return ValueError(f"{what} needs the [train] extra, PyTorch and sb3-contrib ({err.name or err} is not installed): "
                      f"{TRAIN_INSTALL}")
