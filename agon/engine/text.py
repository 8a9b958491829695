"""Messages for people, kept language-free until a front end shows them.

A `Text` is an English template (the catalogue key, gettext style) and its arguments. The engine
and the games build Texts; views carry them as JSON; only front ends translate them, through a
`Translator`. `ENGLISH` is the identity translator; `agon.i18n` loads the Greek and Hungarian
catalogues. A string argument is a *term* (a piece, a space, a card...): a translator replaces it
by its translation when the catalogue has that exact id. A translated template may ask for a term
in a grammatical case, `{space:ine}`: the term is looked up under that context (`msgctxt`) first.
This module has no third-party dependency.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

_FORMATTER = string.Formatter()
# a case name in a translation: lowercase letters only, so it never reads as a format spec
_CASE = re.compile(r"[a-z]+\Z")


class Text(NamedTuple):
    """A message: an English `template` and its `args`; with `plural`, the English plural template
    and `count`, the name of the argument that chooses between them (gettext's ngettext)."""

    template: str
    args: Mapping[str, Any] = {}
    plural: str | None = None
    count: str | None = None  # type: ignore[assignment]  # (a field named as tuple.count: the gettext term)

    def __str__(self) -> str:
        return ENGLISH.text(self)

    def to_json(self) -> dict[str, Any]:
        """{"text", "args"} (+ "plural", "count"); nested Texts become nested dicts."""
        out: dict[str, Any] = {"text": self.template, "args": {k: _arg_json(v) for k, v in self.args.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
            out["count"] = self.count
        return out


def msg(template: str, /, **args: Any) -> Text:
    """A Text from a template and keyword arguments: `msg("{side} plays {card}.", side=..., card=...)`."""
    return Text(template, args)


def plural(one: str, other: str, count: str, /, **args: Any) -> Text:
    """A Text with a plural form: `plural("{n} day", "{n} days", "n", n=3)`."""
    return Text(one, args, other, count)


def as_text(label: Text | str) -> Text:
    """A label as a Text (a plain string is a template with no arguments)."""
    return label if isinstance(label, Text) else Text(label)


_UNDO_LABEL = Text("Undo your last action")
WAITING = "Waiting for {active}."
NOBODY = Text("nobody")
NOTE = "{role}: {note}"
UNDONE = "{role} took back a move."  # the log line of an undo, for every seat to read
# the engine's own words, the same in every game: the interface catalogue translates them
ENGINE_MESSAGES = (_UNDO_LABEL.template, WAITING, NOBODY.template, NOTE, UNDONE)


def _arg_json(value: Any) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, tuple):
        return [_arg_json(v) for v in value]
    return value


def from_json(data: Any) -> Text:
    """The Text a JSON message holds (the inverse of `Text.to_json`); a plain string is a template
    with no arguments."""
    if isinstance(data, str):
        return Text(data)
    if not isinstance(data, Mapping) or not isinstance(data.get("text"), str):
        raise ValueError(f"a message is a text or an object with a 'text'; got {type(data).__name__}")
    args = data.get("args") or {}
    if not isinstance(args, Mapping):
        raise ValueError("a message's 'args' is an object")
    return Text(data["text"], {k: _arg_from_json(v) for k, v in args.items()}, data.get("plural"), data.get("count"))


def _arg_from_json(value: Any) -> Any:
    if isinstance(value, Mapping) and isinstance(value.get("text"), str):
        return from_json(value)
    return value


def placeholders(template: str) -> set[str]:
    """The argument names a template uses (cases and format specs left out); a template that does
    not parse has none."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in _FORMATTER.parse(template) if name}
    except ValueError:
        return set()


class Translator:
    """Turns Texts into words. This base class is English: every id is its own translation.
    Subclasses override `gettext` and `ngettext` (and `lang`)."""

    lang = "en"

    def gettext(self, msgid: str, context: str | None = None) -> str:
        """The translation of `msgid` (under `context`, a case or a disambiguation), or None-safe:
        the msgid itself when there is none."""
        return msgid

    def has(self, msgid: str, context: str | None = None) -> bool:
        """Whether the catalogue translates `msgid` under `context`."""
        return False

    def ngettext(self, one: str, other: str, n: int) -> str:
        return one if n == 1 else other

    def term(self, value: str, case: str | None = None) -> str:
        """A term in this language, in grammatical `case` when the catalogue has that form."""
        if case is not None and self.has(value, case):
            return self.gettext(value, case)
        return self.gettext(value)

    def text(self, message: Text | str) -> str:
        """A message in this language: its template translated, then filled; a missing argument
        shows as `{name}` rather than failing."""
        if isinstance(message, str):
            return self.gettext(message)
        if message.plural is not None:
            n = message.args.get(message.count or "", 0)
            template = self.ngettext(message.template, message.plural, n if isinstance(n, int) else 0)
        else:
            template = self.gettext(message.template)
        return self.fill(template, message.args)

    def fill(self, template: str, args: Mapping[str, Any]) -> str:
        try:
            parts = list(_FORMATTER.parse(template))
        except ValueError:
            return template
        out: list[str] = []
        for literal, name, spec, conversion in parts:
            out.append(literal)
            if name is None:
                continue
            if name not in args:
                out.append("{" + name + (":" + spec if spec else "") + "}")
                continue
            out.append(self._field(args[name], spec or "", conversion))
        return "".join(out)

    def _field(self, value: Any, spec: str, conversion: str | None) -> str:
        case = spec if _CASE.match(spec) else None
        if isinstance(value, Text):
            return self.text(value)
        if isinstance(value, str):
            return self.term(value, case)
        if isinstance(value, (list, tuple)):
            return ", ".join(self._field(v, "", None) for v in value)
        if case is not None or conversion is not None:
            return str(value)
        try:
            return format(value, spec)
        except (ValueError, TypeError):
            return str(value)

    def __call__(self, template: str, /, **args: Any) -> str:
        """`tr("Day {day}", day=3)`: translate and fill a template."""
        return self.text(Text(template, args))

    def terms(self, values: Iterable[str]) -> list[str]:
        return [self.term(v) for v in values]


ENGLISH = Translator()


def render(template: str, args: Mapping[str, Any]) -> str:
    """A message template filled in English; a missing argument shows as its name."""
    return ENGLISH.fill(template, args)


def log_lines(entries: Iterable[Any], tr: Translator = ENGLISH) -> list[str]:
    """The lines of a view's log (JSON messages) in the translator's language."""
    return [tr.text(from_json(e)) for e in entries]
