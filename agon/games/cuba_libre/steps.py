"""The decision points of Cuba Libre: a registry of named steps that live on the state's stack.

A frame is a plain dict on `state.stack` with `"k"` (the step's name), `"f"` (the acting faction,
0..3) and step parameters; every value in a frame is immutable (int, str, tuple, frozenset or a
function), so cloning copies each frame shallowly. The flow runs the top frame:

    enter(g, fr) -> WAIT    the frame needs a decision by faction frame["faction"]: legal/apply/prompt
                 -> FINISHED the frame is finished (it resolved automatically or was completed)
                 -> PUSHED  it pushed further frames on top; it is entered again when they are gone
    legal(g, fr) -> list[Action]        (only called after WAIT; Actions, never bare pairs: the
                                         state hands the list on as it is, see `actions`)
    apply(g, fr, action) -> bool        True pops the frame at once; otherwise enter runs again
    prompt(g, fr) -> (template, args)

Operations, Special Activities, Propaganda phases and Event steps are all such steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.cuba_libre.data import NAMES, PIECE_KEYS
from agon.games.cuba_libre.frames import Frame

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

WAIT, FINISHED, PUSHED = 0, 1, 2

_action = partial(tuple.__new__, Action)  # Action(verb, arg) from a (verb, arg) pair, without unpacking it


def actions(pairs: Iterable[tuple[str, Any]]) -> list[Action]:
    """(verb, arg) pairs as the Actions of a legal list (a step's `legal` returns Actions, so the
    state's legal list is the step's list itself; the hot steps take theirs from the tables
    below instead of building each one)."""
    return list(map(_action, pairs))


def by_arg(verb: str, args: Iterable[Any]) -> tuple[Action, ...]:
    """The Actions (verb, arg) for each arg, made once at import: a table indexed like `args`."""
    return tuple(Action(verb, a) for a in args)


DONE = Action("done", None)
SKIP = Action("skip", None)
PASS = Action("pass", None)
DECLINE = Action("decline", None)
SPACE = by_arg("space", NAMES)  # SPACE[s]: ("space", name of s)
TO = by_arg("to", NAMES)
REMOVE_PIECE = by_arg("remove", PIECE_KEYS)  # REMOVE_PIECE[pt]: ("remove", key of slot pt)


def _(template: str) -> str:
    """Marks a prompt template that no `say`/`msg` call names for the catalogue extractor (its
    keyword `_`); the template is unchanged, a front end translates it."""
    return template


class Step:
    """Base of a decision point; subclasses override what they need."""

    name = ""

    @staticmethod
    def enter(state: CubaLibreState, frame: Frame) -> int:
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: Frame) -> list[Any]:
        return []

    @staticmethod
    def apply(state: CubaLibreState, frame: Frame, action: Any) -> bool:
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: Frame) -> tuple[str, dict[str, Any]]:
        return _("Choose."), {}

    @classmethod
    def public_prompt(cls, state: CubaLibreState, frame: Frame) -> tuple[str, dict[str, Any]]:
        """The prompt line everyone reads (the board's "prompt", spectators, the other factions):
        the acting faction's own prompt unless that shows something only it may know."""
        return cls.prompt(state, frame)


STEPS: dict[str, type[Step]] = {}
# each step's functions by name, for the flow's hot path (one dict look-up, no class attribute);
# ENTER holds None for a step whose enter only says WAIT
ENTER: dict[str, Callable[[Any, Frame], int] | None] = {}
LEGAL: dict[str, Callable[[Any, Frame], list[Any]]] = {}
APPLY: dict[str, Callable[[Any, Frame, Any], bool]] = {}


def step(name: str) -> Callable[[type[Step]], type[Step]]:
    """Register a Step subclass under `name` (the frame's "k")."""

    def deco(cls: type[Step]) -> type[Step]:
        if name in STEPS:
            raise ValueError(f"step {name!r} registered twice")
        cls.name = name
        STEPS[name] = cls
        ENTER[name] = None if cls.enter is Step.enter else cls.enter
        LEGAL[name] = cls.legal
        APPLY[name] = cls.apply
        return cls

    return deco
