"""The frames of Cuba Libre's flow (steps.py): what each kind of pending step holds, as TypedDicts,
and the keys' stored spelling.

A frame is a plain dict on `state.stack`: `"step"` (the step's registered name), `"faction"` (the
faction that acts, 0..3) and the step's parameters, named below. `Frame` holds every key any
step uses, so that the flow, the views and the Non-players, which read whatever frame is on top,
are checked for the keys' names and types; each step's class reads its frame through the TypedDict
of its own kind (`RemoveFrame` for "remove", ...), which names only the keys that kind holds.
Only `step` and `faction` are always there: a step adds its other keys as it goes.

Stored spelling: positions (docs/positions.md) and `digest()` spell the keys as they were before
the names were written out ("k", "f", "s", ...): stored matches' digests and saved positions stay
valid. `stored` and `from_stored` translate one frame; nothing else sees the old spelling.

This module imports nothing of the package: every layer may name a frame's type.
"""

from __future__ import annotations

from typing import Any

# new name -> stored spelling (both "marker" keys: "c" in a "prop_deposit" frame, "i" in a "cash_gift")
STORED = {"step": "k", "faction": "f", "space": "s", "count": "n", "spaces": "sp", "special_activity": "sa",
          "operation": "op", "recipient": "to", "destination": "d", "government_controlled": "gc",
          "piece_type": "pt", "targeted": "tg"}
_MARKER = {"prop_deposit": "c", "cash_gift": "i"}
NAMED = {old: new for new, old in STORED.items()} | {"c": "marker", "i": "marker"}


def stored(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame with its keys in the stored spelling, in the same order (positions, digests)."""
    spelling = STORED
    out = {}
    for key, value in frame.items():
        if key == "marker":
            out[_MARKER.get(frame.get("step", ""), "i")] = value
        else:
            out[spelling.get(key, key)] = value
    return out


def from_stored(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame of a stored position with its keys named (the inverse of `stored`)."""
    named = NAMED
    return {named.get(key, key) if isinstance(key, str) else key: value for key, value in frame.items()}
