"""Environments for AI research: each game's fixed numbered action space and observation vector
(`agon.rl.spaces`, `agon.rl.observation`), a PettingZoo AEC environment (`agon.rl.pettingzoo.env`) and
OpenSpiel registration (`import agon.rl.openspiel`). The environments need the `agon[rl]` extra;
docs/rl.md documents the spaces, the features and the adapters."""
