"""Actions (atomic choices) and prompts (what a role is asked, with its legal actions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Action(NamedTuple):
    """One atomic choice: a verb and one argument.

    The argument is None, a str, an int, or a tuple of those (tuples, never lists, so that an
    Action stays hashable). `Action("card", 17) == ("card", 17)`.
    """

    verb: str
    arg: Any = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb} {format_arg(self.arg)}"


def format_arg(arg: Any) -> str:
    if isinstance(arg, tuple):
        return " ".join(format_arg(a) for a in arg)
    return str(arg)


def freeze(value: Any) -> Any:
    """Turn JSON lists back into the tuples actions are made of."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def as_action(action: Any) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, (tuple, list)) and len(action) == 2:
        return Action(action[0], freeze(action[1]))
    if isinstance(action, str):
        return Action(action, None)
    raise TypeError(f"not an action: {action!r} (expected Action(verb, arg))")


UNDO = Action("undo", None)


@dataclass(slots=True)
class Prompt:
    """What a role is asked now.

    `text` is a message template in English (the i18n key); `args` fill it and carry the
    player-facing numbers (resources left, placements left...). `actions` are the legal actions,
    `labels` a readable label for each (same order).
    """

    role: str
    text: str
    args: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    def message(self) -> str:
        return render(self.text, self.args)


def render(template: str, args: dict[str, Any]) -> str:
    """Fill a message template; a missing argument shows as its name rather than failing."""
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return template
