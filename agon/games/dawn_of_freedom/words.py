"""1989's small text builders: lists of terms and card names as translatable `Text` (issue 12).

A list is never glued into one English string: `join_terms(["Walesa", "Michnik"])` is a nested
`Text` ("{first}, {rest}"), each name a term the front end translates.
"""

from __future__ import annotations

from collections.abc import Sequence

from agon.engine import Text, msg
from agon.games.dawn_of_freedom.data import NAMES

Item = Text | str | int


class Phrase(Text):
    """A Text standing where a prompt's args held English words before issue 12: its repr is those
    words' repr, so a prompt's (template, args) still reads, and digests (tests/golden), the same."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(str(self))


def phrase(text: Text | str | int) -> Phrase | str | int:
    """`text` as a Phrase (a string or a number stays as it is)."""
    return Phrase(*text) if isinstance(text, Text) else text


def join_terms(items: Sequence[Item], sep: str = ", ") -> Item:
    """The items joined by `sep` (", " or "; ") as a nested Text; one item as it is. Never empty."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("{first}; {rest}", first=item, rest=out) if sep == "; " else msg("{first}, {rest}", first=item, rest=out)
    return out


# How a game ends (State.finish): the reason is kept in the result as English words; `reason_text`
# gives it back as the Text it was made from, for a front end to translate.
WON_AT = {20: "automatic victory: the VP marker reached +20", -20: "automatic victory: the VP marker reached -20"}
BOTH_HELD = "both players held a scoring card at the end of the turn"
ENDED_EARLY = "the game ended early (New Year's Eve Party)"


def held_scoring(side: str) -> Text:
    return msg("the {side} held a scoring card at the end of the turn", side=side)


FINAL_VP_REACH = 99  # the final VP total stays within +-99 (terms() lists each final reason)


def final_reason(vp: int) -> Text:
    return msg("final scoring: VP {vp:+d}", vp=vp)


def reason_text(reason: str) -> Text | str:
    """The Text of a result's reason (the English words `finish` stored)."""
    for side in NAMES:
        if reason == str(held_scoring(side)):
            return held_scoring(side)
    if reason.startswith("final scoring: VP "):
        return final_reason(int(reason.removeprefix("final scoring: VP ")))
    return reason  # a fixed reason: its words are the template
