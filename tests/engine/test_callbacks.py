"""Callbacks a state holds are digested by name (agon/engine/callbacks.py): a `partial` as its
function, and a module-level function that took a closure's place by the closure's name, so that
records made while the callback was a closure keep their digests (issue 29 item 4)."""

from __future__ import annotations

import pickle
from functools import partial

from agon.engine.callbacks import digest_as
from agon.engine.game import canonical


def _plain(g: object, s: int) -> bool:
    return s > 0


@digest_as("an_event.<locals>.inner")
def _replaced(side: int, g: object, s: int) -> bool:
    return s == side


def test_a_partial_is_digested_as_its_function_whatever_its_arguments():
    assert canonical(partial(_plain)) == canonical(_plain) == ("fn", __name__, "_plain")
    assert canonical(partial(_replaced, 0)) == canonical(partial(_replaced, 1))


def test_a_function_that_replaced_a_closure_is_digested_by_the_closure_name_and_pickled_by_its_own():
    assert canonical(partial(_replaced, 1)) == ("fn", __name__, "an_event.<locals>.inner")
    twin = pickle.loads(pickle.dumps(partial(_replaced, 1)))
    assert twin.func is _replaced and twin(None, 1) and not twin(None, 0)
