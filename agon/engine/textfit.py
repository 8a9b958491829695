"""Board lines that fit a terminal's width in every language.

A terminal board is lines of Rich markup. Translated words are longer than English ones (Greek
most), and a line longer than the panel is wrapped by the terminal wherever the width falls: in
the middle of a table row or of a "Propaganda 0/4". `fit_lines` breaks each line where it reads
well instead: between its parts (two or more spaces apart, or after "; " and ", "), else between
words, and indents the rows it adds. No third-party dependency: markup is read by a pattern.

    >>> fit_lines(["Deck 49  Propaganda 0/4  phase card"], 20)
    ['Deck 49', '  Propaganda 0/4', '  phase card']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PANEL_WIDTH = 76  # the inside of a bordered, padded panel on an 80-column terminal
_MARKUP = re.compile(r"\[/?[a-z][a-z ]*\]")
_PARTS = re.compile(r"(?<=\S)( {2,}|(?<=[;,]) )(?=\S)")  # where a line divides: 2+ spaces, or "; " and ", "
_WHOLE = re.compile(r"\A(\[[a-z][a-z ]*\])(.*)(\[/[a-z][a-z ]*\])\Z")  # a line in one style: "[dim]...[/dim]"


def visible_len(markup: str) -> int:
    """The columns a line of markup takes on screen (its tags take none)."""
    return len(_MARKUP.sub("", markup))


def fit_lines(lines: Iterable[str], width: int = PANEL_WIDTH, indent: str = "  ") -> list[str]:
    """Every line at most `width` columns: a longer one is broken between its parts, or between
    words where a part is too long; the rows it adds start with `indent`."""
    out: list[str] = []
    for line in lines:
        out += _fit(line, width, indent)
    return out


def _fit(line: str, width: int, indent: str) -> list[str]:
    if visible_len(line) <= width:
        return [line]
    whole = _WHOLE.match(line)
    if whole and not _MARKUP.search(whole.group(2)):  # keep the style on every row it takes
        opening, inner, closing = whole.groups()
        return [opening + row + closing for row in _fit(inner, width, indent)]
    pieces = _PARTS.split(line)
    parts = [pieces[0]] + [pieces[i] + pieces[i + 1] for i in range(1, len(pieces) - 1, 2)]
    rows: list[str] = []
    for part in parts:
        if rows and visible_len(rows[-1] + part) <= width:
            rows[-1] += part
        elif not rows and visible_len(part) <= width:
            rows.append(part)
        else:  # a new row, or a part too long for one: between words
            rows += [row if not rows and i == 0 else indent + row
                     for i, row in enumerate(_words(part.strip() if rows else part, width - len(indent)))]
    return rows


def _words(text: str, width: int) -> list[str]:
    """`text` broken between words into rows of at most `width` columns (a longer word stands alone)."""
    rows: list[str] = []
    for word in text.split(" "):
        if rows and visible_len(rows[-1] + " " + word) <= width:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows
