"""JSON for the wire: orjson when it is installed (the `web` extra brings it), else the standard library.

Both give the same document: tuples as lists, sets as sorted lists, anything else unknown as
its text, keys that are not strings as their JSON text.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None  # type: ignore[assignment]


def _default(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if isinstance(value, tuple):  # a NamedTuple: as the standard library writes it
        return list(value)
    return str(value)


def dumps(obj: Any) -> bytes:
    """`obj` as compact JSON bytes (UTF-8)."""
    if orjson is not None:
        try:
            # orjson's bytes keep the buffer it wrote into (4 KiB at least, up to twice the text): an
            # exact copy costs a copy of the text; the server keeps many encodings (issue 37: a long
            # match's encoded log lines held 4.2 MiB instead of 0.1)
            return bytes(memoryview(orjson.dumps(obj, default=_default, option=orjson.OPT_NON_STR_KEYS)))
        except TypeError:  # an integer past 64 bits, say: the standard library writes it
            pass
    return json.dumps(obj, separators=(",", ":"), default=_default).encode()


def loads(data: bytes | str) -> Any:
    """A JSON document (bytes or text) as Python values."""
    if orjson is not None:
        return orjson.loads(data)
    return json.loads(data)
