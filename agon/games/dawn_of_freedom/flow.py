"""The flow stack's procedure registry.

The game's flow is a stack of frames (`state.stack`, plain dicts whose values are immutable).
The top frame is either a decision point (it has a "role": the side asked) handled by an `Ask`
procedure, or an automatic procedure run at once by `state.run()`. Procedures are registered by
name here and live in the topic modules (turn.py, ops.py, steps.py, power.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.engine import Action

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

Frame = dict[str, Any]

# the actions legal lists offer, built once at import: legal lists are listed at every step
SPACE = tuple(Action("space", i) for i in range(75))
CARD = tuple(Action("card", i) for i in range(111))
PSCARD = tuple(Action("pscard", i) for i in range(53))  # power struggle cards 1..52
PASS = Action("pass")


class Ask(ABC):
    """A decision point: `legal(g, f)` lists atomic actions, `apply(g, f, action)` handles one,
    `prompt(g, f)` says what is asked. Handlers usually pop their frame when done. `always`:
    the procedure always has an option (the flow need not check before asking)."""

    always = False

    @abstractmethod
    def legal(self, g: DawnState, f: Frame) -> list[Action]: ...

    @abstractmethod
    def apply(self, g: DawnState, f: Frame, action: Action) -> None: ...

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "Choose.", {}


ASK: dict[str, Ask] = {}
AUTO: dict[str, Callable[[Any, Frame], None]] = {}


def ask(name: str) -> Callable[[type[Ask]], type[Ask]]:
    def wrap(cls: type[Ask]) -> type[Ask]:
        if name in ASK:
            raise ValueError(f"procedure {name} registered twice")
        ASK[name] = cls()
        return cls

    return wrap


def auto(name: str) -> Callable[[Callable[[Any, Frame], None]], Callable[[Any, Frame], None]]:
    """An automatic procedure `fn(g, frame)`: the frame is already popped when it runs."""

    def wrap(fn: Callable[[Any, Frame], None]) -> Callable[[Any, Frame], None]:
        if name in AUTO:
            raise ValueError(f"procedure {name} registered twice")
        AUTO[name] = fn
        return fn

    return wrap
