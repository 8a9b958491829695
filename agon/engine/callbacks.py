"""Callbacks a game state holds (an event's next step, a filter on spaces, a lasting effect's hook).

A state is pickled to a server's bot worker, so what it holds must be plain data or module-level
callables: functions at module level, `functools.partial` of them with picklable arguments. A
closure or a lambda made inside a function cannot be pickled.

The digest (`State.digest`, through `canonical`) reads a callable by its name, and reads a
`partial` by its function's name (its arguments were captured variables, never digested). A
module-level function that took the place of a closure keeps the closure's name for the digest
(`@digest_as("event.<locals>.inner")`), so that stored records and matches keep their digests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

DIGEST_NAME = "digest_name"  # the attribute `canonical` reads before a function's __qualname__


def digest_as(qualname: str) -> Callable[[F], F]:
    """The decorated function is digested as the function `qualname` of its module was (the
    closure it replaced); it is still pickled by its own name."""

    def mark(fn: F) -> F:
        setattr(fn, DIGEST_NAME, qualname)
        return fn

    return mark
