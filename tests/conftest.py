"""What every test sees: the games kept in folders of tests/ as distributions of their own
(a `pyproject.toml` declaring `agon.games` entry points) are declared like installed ones."""

from pathlib import Path

from agon.testing.plugins import declare_folder_games

declare_folder_games(Path(__file__).parent)
