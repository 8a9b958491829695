"""Each game's numbered action list and feature list (`<game>.json`), written by `agon.rl.survey`."""
