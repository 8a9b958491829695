"""Actions (atomic choices) and prompts (what a role is asked, with its legal actions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import indexOf
from typing import Any, NamedTuple

from agon.engine.errors import IllegalAction
from agon.engine.text import Text, render


class Action(NamedTuple):
    """One atomic choice: a verb and one argument.

    The argument is None, a str, an int, or a tuple of those (tuples, never lists, so that an
    Action stays hashable). `Action("card", 17) == ("card", 17)`.
    """

    verb: str
    arg: Any = None

    def __str__(self) -> str:
        if self.arg is None:
            return str(self.verb)
        try:
            return f"{self.verb} {format_arg(self.arg)}"
        except (ValueError, RecursionError):  # an int past str()'s digit limit
            return f"{self.verb} {short(self.arg)}"


def format_arg(arg: Any) -> str:
    if isinstance(arg, tuple):
        return " ".join(format_arg(a) for a in arg)
    return str(arg)


MAX_DEPTH = 8  # an argument nests tuples at most this deep
MAX_BITS = 64  # an argument's integers fit in 64 bits
MAX_TEXT = 200  # an argument's strings are at most this long


def freeze(value: Any, depth: int = 0) -> Any:
    """Turn JSON lists back into the tuples actions are made of. Never raises: lists nested
    deeper than any action's argument stay lists (and `as_action` refuses them)."""
    if isinstance(value, list) and depth < MAX_DEPTH:
        return tuple(freeze(v, depth + 1) for v in value)
    return value


def canonical_arg(value: Any, depth: int = 0) -> Any:
    """The argument as actions hold it: None, a str, an int (not a bool, not a float) or a tuple
    of those (JSON lists become tuples). Anything else raises IllegalAction."""
    kind = type(value)
    if value is None or (kind is str and len(value) <= MAX_TEXT):
        return value
    if kind is int:
        if value.bit_length() > MAX_BITS:
            raise IllegalAction(f"an action's numbers fit in {MAX_BITS} bits; got one of {value.bit_length()} bits")
        return value
    if kind is tuple or kind is list:
        if depth >= MAX_DEPTH:
            raise IllegalAction(f"an action's argument nests at most {MAX_DEPTH} deep")
        return tuple([canonical_arg(v, depth + 1) for v in value])
    if kind is str:
        raise IllegalAction(f"an action's text is at most {MAX_TEXT} characters; got {len(value)}")
    raise IllegalAction(f"an action's argument is None, text, a whole number or a list of those; got {short(value)}")


def as_action(action: Any) -> Action:
    """`action` as an Action: an Action, a (verb, arg) pair or a bare verb. Anything else, or a
    verb that is not text, or an argument that no action could hold, raises IllegalAction."""
    if type(action) is str:
        verb, arg = action, None
    elif isinstance(action, (tuple, list)) and len(action) == 2:
        verb, arg = action
    else:
        raise IllegalAction(f"not an action: {short(action)} (expected a (verb, argument) pair)")
    if type(verb) is not str or not 0 < len(verb) <= MAX_TEXT:
        raise IllegalAction(f"an action's verb is a short text; got {short(verb)}")
    kind = type(arg)
    if arg is None or (kind is int and -_INT_LIMIT < arg < _INT_LIMIT) or (kind is str and len(arg) <= MAX_TEXT):
        return action if type(action) is Action else Action(verb, arg)  # the common cases, fast
    return Action(verb, canonical_arg(arg))


_INT_LIMIT = 1 << MAX_BITS


def legal_match(action: Any, legal: list[Action]) -> Action | None:
    """The action of `legal` that `action` is exactly, or None: same verb, same argument of the
    same types (True is not 1, 28.0 is not 28). `action` may be anything; what is not an Action
    or a tuple matches nothing (convert it with `as_action` first). The bots' common case, an
    object taken from `legal` itself, costs one identity scan."""
    kind = type(action)
    if kind is not Action and kind is not tuple:
        return None
    try:
        match = legal[indexOf(legal, action)]  # list.index would repr a missing action
    except ValueError:
        return None
    if match is action:
        return match
    arg = action[1]
    if type(arg) is not type(match.arg) or type(action[0]) is not str:
        return None
    return match if type(arg) is not tuple or _same(arg, match.arg) else None


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(map(_same, a, b))
    return True


def short(value: Any, limit: int = 60) -> str:
    """A short readable form of any value for an error message (never raises)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past str()'s digit limit, a self-nested list
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


UNDO = Action("undo", None)


@dataclass(slots=True)
class Prompt:
    """What a role is asked now.

    `text` is a message template in English (the i18n key); `args` fill it and carry the
    player-facing numbers (resources left, placements left...). `actions` are the legal actions,
    `messages` a label for each (same order) as a language-free Text; `labels` the same in English.
    """

    role: str
    text: str
    args: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    messages: list[Text] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        """Each action's label in English."""
        return [str(m) for m in self.messages]

    @property
    def question(self) -> Text:
        """What the role is asked, as a Text."""
        return Text(self.text, self.args)

    def message(self) -> str:
        """What the role is asked, in English."""
        return render(self.text, self.args)
