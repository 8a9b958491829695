"""Each game's rules reference as a web page, `/rules/{game}?lang=el` (issue 33).

The reference is the Markdown shipped in the package (`agon/rules/<game>.md` and its `.el.md`,
`.hu.md` translations, the files `agon rules GAME --lang L` prints), rendered to HTML here with
markdown-it-py. Raw HTML in the source is not passed through: everything is escaped. Each rule id
the text cites ("1.4.2", "R3.4", "IC-9.4") becomes a link to itself, and its first mention carries
the anchor `rule-<id>`; game pages link their prompts', log lines' and notes' rule ids there.
Nothing here depends on which game it is.
"""

from __future__ import annotations

import functools
import html
import re

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from markdown_it import MarkdownIt
from markdown_it.token import Token

from agon.cli.rules import rules_text
from agon.engine import load
from agon.engine.errors import UnknownGame
from agon.i18n import translator

# a rule id as the references and the games cite them: "3.2.3", "R3.4.5", "S7.2", "IC-9.4", "IC-V.4"
# (the same pattern is in agon/web/static/common.js, which links ids on the game page)
RULE_ID = re.compile(r"\b(?:[A-Z]{1,3}-)?(?:[A-Z]?\d+|[A-Z])(?:\.\d+)+\b")
LANGUAGES = (("en", "English"), ("el", "Ελληνικά"), ("hu", "Magyar"))

router = APIRouter(include_in_schema=False)


def anchor(rule_id: str) -> str:
    """The id of the element a rule id's link leads to."""
    return "rule-" + rule_id


def _link_rule_ids(tokens: list[Token]) -> None:
    """Every rule id in the text becomes a link to its anchor; its first mention holds the anchor."""
    seen: set[str] = set()
    for block in tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list[Token] = []
        for child in block.children:
            if child.type != "text" or not RULE_ID.search(child.content):
                children.append(child)
                continue
            at = 0
            for found in RULE_ID.finditer(child.content):
                children.append(_text(child.content[at:found.start()]))
                rule_id = found.group(0)
                link = Token("link_open", "a", 1)
                link.attrSet("href", "#" + anchor(rule_id))
                link.attrSet("class", "rule-id")
                if rule_id not in seen:
                    link.attrSet("id", anchor(rule_id))
                    seen.add(rule_id)
                children += [link, _text(rule_id), Token("link_close", "a", -1)]
                at = found.end()
            children.append(_text(child.content[at:]))
        block.children = children


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def render(markdown: str) -> str:
    """The reference's Markdown as HTML: no raw HTML from the source, rule ids linked."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = parser.parse(markdown)
    _link_rule_ids(tokens)
    return parser.renderer.render(tokens, parser.options, {})


@functools.lru_cache(maxsize=64)
def page(game_id: str, lang: str) -> str | None:
    """The whole page of `game_id`'s reference in `lang` (None: there is none)."""
    game = load(game_id)
    markdown = rules_text(game, lang)
    if markdown is None:
        return None
    heading = markdown.lstrip().splitlines()[0].lstrip("# ").strip() if markdown.strip() else game.title
    tr = translator(lang, game_id)
    others = " · ".join(
        f'<a href="/rules/{html.escape(game_id)}?lang={code}" hreflang="{code}" lang="{code}"'
        + (' aria-current="page"' if code == lang else "") + f">{html.escape(name)}</a>"
        for code, name in LANGUAGES)
    return (
        f'<!doctype html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(heading)} · agon</title>\n"
        '<link rel="icon" href="data:,">\n<link rel="stylesheet" href="/static/agon.css">\n'
        '<script type="module" src="/static/rules.js"></script>\n</head>\n<body class="rules-page">\n'
        f'<header class="bar">\n  <a class="home" href="/" aria-label="{html.escape(tr.gettext("agon lobby"))}">agon</a>\n'
        f'  <span class="bar-title">{html.escape(tr.term(game.title))}</span>\n'
        f'  <nav class="bar-link languages" aria-label="{html.escape(tr.gettext("Language"))}">{others}</nav>\n</header>\n'
        f'<main class="rules panel">\n{render(markdown)}</main>\n</body>\n</html>\n'
    )


@router.get("/rules/{game_id}")
async def rules_page(game_id: str, lang: str = "en") -> Response:
    """A game's rules reference in English (`lang=en`, the default), Greek (`el`) or Hungarian (`hu`)."""
    if lang not in dict(LANGUAGES):
        return PlainTextResponse(f"no language {lang!r}; languages: {', '.join(dict(LANGUAGES))}", status_code=404)
    try:
        body = page(game_id, lang)
    except UnknownGame as err:
        return PlainTextResponse(err.args[0] if err.args else str(err), status_code=404)
    if body is None:
        return PlainTextResponse(f"{game_id} has no rules reference in {lang!r}", status_code=404)
    return HTMLResponse(body)
