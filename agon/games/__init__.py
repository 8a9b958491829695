"""The games, one package each, declared by the `agon.games` entry points of pyproject.toml (agon/engine/registry.py).

Importing `agon.games.<pkg>` binds this package to the name `agon.games`, the same name as the
public function `agon.games()`. So that both keep working, this module is callable and answers
like the function.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from agon.engine.game import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
