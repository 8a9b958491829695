"""The words of notifications, in the recipient's language, and the link each one carries.

A notification says what happened and in which match (its title), never anything of the game's
position: whose turn it is, that the game ended, that someone offered a rematch or wrote in the
chat. The link goes straight to the seat: for a guest seat with that seat's own token in the
URL's fragment (only its own notifications carry it), for an account the match's page (its owner
logs in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agon.engine.text import plural
from agon.i18n import LANGUAGES, _, translator

# kind -> the one-line text (its {placeholders} filled from the event's arguments)
LINES: dict[str, str] = {
    "your_turn": _("It is your turn in {title}."),
    "game_over": _("The game {title} is over."),
    "rematch_offered": _("{who} offers a rematch of {title}."),
    "chat_message": _("{who} wrote in the chat of {title}."),
    "reminder": _("Your time to move in {title} runs out soon."),
    "time_out": _("The time to move ran out in {title}."),
    "test": _("This is a test notification from agon."),
}
SUBJECT_MANY = _("agon: {n} notifications")
SUBJECT_DIGEST = _("agon: your games waiting for you")
FOOTER = _("You get these because you asked for them; change it in your settings.")


@dataclass(frozen=True, slots=True)
class Line:
    """One notification as words: its text and the link it carries ("" for none)."""

    text: str
    link: str


def _fill(template: str, args: dict[str, Any]) -> str:
    safe = {key: str(value)[:200] for key, value in args.items()}
    try:
        return template.format(**safe)
    except (KeyError, IndexError, ValueError):
        return template


def line(kind: str, args: dict[str, Any], language: str) -> str:
    tr = translator(language if language in LANGUAGES else "en")
    return _fill(tr.gettext(LINES.get(kind, LINES["test"])), args)


def link(public_url: str | None, match_id: str | None, seat_token: str | None) -> str:
    """The link to the seat: its match page, with the guest seat's own token in the fragment."""
    if not match_id:
        return (public_url or "").rstrip("/") + "/account" if public_url else ""
    base = (public_url or "").rstrip("/")
    return f"{base}/m/{match_id}" + (f"#{seat_token}" if seat_token else "")


def digest_text(titles: list[tuple[str, str]], language: str) -> str:
    """'It is your turn in 3 games:' and one line (title and link) per game."""
    tr = translator(language if language in LANGUAGES else "en")
    head = tr.text(plural("It is your turn in {n} game:", "It is your turn in {n} games:", "n", n=len(titles)))
    return "\n".join([head, *(f"- {title}: {url}" if url else f"- {title}" for title, url in titles)])


def subject(lines: list[Line], language: str, digest: bool = False) -> str:
    tr = translator(language if language in LANGUAGES else "en")
    if digest:
        return tr.gettext(SUBJECT_DIGEST)
    if len(lines) == 1:
        return "agon: " + lines[0].text
    return _fill(tr.gettext(SUBJECT_MANY), {"n": len(lines)})


def body(lines: list[Line], language: str) -> str:
    tr = translator(language if language in LANGUAGES else "en")
    parts = [f"{entry.text}\n{entry.link}" if entry.link else entry.text for entry in lines]
    return "\n\n".join([*parts, "--", tr.gettext(FOOTER)]) + "\n"


def chat_body(lines: list[Line]) -> str:
    """The text of a webhook or push message: each line with its link."""
    return "\n".join(f"{entry.text} {entry.link}".strip() for entry in lines)
