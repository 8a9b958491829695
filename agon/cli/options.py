"""Parsing of the command line's game options and seats."""

from __future__ import annotations

from typing import Any


def parse_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def parse_pairs(pairs: list[str] | None, what: str) -> dict[str, str]:
    """["red=human", "white=random"] -> {"red": "human", "white": "random"}."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"{what} must look like name=value, got {pair!r}")
        if key.strip() in out:
            raise ValueError(f"{what} {key.strip()} is given twice ({out[key.strip()]} and {value.strip()}); name it once")
        out[key.strip()] = value.strip()
    return out


def game_options(args: Any) -> dict[str, Any]:
    """The options a game gets from --players/--side/--difficulty/--option k=v."""
    options: dict[str, Any] = {k: parse_value(v) for k, v in parse_pairs(args.option, "--option").items()}
    for name in ("players", "side", "difficulty"):
        value = getattr(args, name, None)
        if value is not None:
            options[name] = value
    return options
