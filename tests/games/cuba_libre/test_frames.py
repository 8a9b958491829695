"""Issue 35 (types and names): every step of the flow has a TypedDict of its frame in frames.py,
and each kind's keys are `Frame`'s keys with the same types, so that any frame read off the stack
(a `Frame`) is each kind's frame too and mypy checks every key a step reads."""

from __future__ import annotations

from typing import get_type_hints

from agon.games.cuba_libre import frames
from agon.games.cuba_libre.rules import CubaLibreState  # noqa: F401 - registers every step
from agon.games.cuba_libre.steps import STEPS


def test_every_step_has_the_typeddict_of_its_frame() -> None:
    assert set(frames.KINDS) == set(STEPS)


def test_each_kind_holds_frame_keys_of_the_same_types() -> None:
    every = get_type_hints(frames.Frame)
    assert frames.Frame.__required_keys__ == {"step", "faction"}
    for name, kind in frames.KINDS.items():
        hints = get_type_hints(kind)
        assert kind.__required_keys__ == {"step", "faction"}, name
        assert {key: every.get(key) for key in hints} == hints, name


def test_no_key_of_one_or_two_letters_is_left() -> None:
    assert [key for key in get_type_hints(frames.Frame) if len(key) <= 2] == []
