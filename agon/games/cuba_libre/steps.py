"""The decision points of Cuba Libre: a registry of named steps that live on the state's stack.

A frame is a plain dict on `state.stack` with `"k"` (the step's name), `"f"` (the acting faction,
0..3) and step parameters; every value in a frame is immutable (int, str, tuple, frozenset or a
function), so cloning copies each frame shallowly. The flow runs the top frame:

    enter(g, fr) -> WAIT    the frame needs a decision by faction fr["f"]: legal/apply/prompt
                 -> POP     the frame is finished (it resolved automatically or was completed)
                 -> PUSHED  it pushed further frames on top; it is entered again when they are gone
    legal(g, fr) -> list[Action]        (only called after WAIT)
    apply(g, fr, action) -> bool        True pops the frame at once; otherwise enter runs again
    prompt(g, fr) -> (template, args)

Operations, Special Activities, Propaganda phases and Event steps are all such steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

WAIT, POP, PUSHED = 0, 1, 2


def _(template: str) -> str:
    """Marks a prompt template that no `say`/`msg` call names for the catalogue extractor (its
    keyword `_`); the template is unchanged, a front end translates it."""
    return template


class Step:
    """Base of a decision point; subclasses override what they need."""

    name = ""

    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        return WAIT

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        return []

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        return True

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return _("Choose."), {}


STEPS: dict[str, type[Step]] = {}


def step(name: str) -> Callable[[type[Step]], type[Step]]:
    """Register a Step subclass under `name` (the frame's "k")."""

    def deco(cls: type[Step]) -> type[Step]:
        if name in STEPS:
            raise ValueError(f"step {name!r} registered twice")
        cls.name = name
        STEPS[name] = cls
        return cls

    return deco
