"""The rules reference as web pages, /rules/{game}?lang= (issue 33 item 9): every game in every
language, an anchor per rule id, nothing of the source's raw HTML passed through."""

from __future__ import annotations

import re

import pytest

from agon.engine import load
from agon.server.rules_pages import RULE_ID, render
from agon.testing import games_that

# each game in each language its reference is written in
REFERENCES = [(game, lang) for lang in ("en", "el", "hu") for game in games_that(lambda game, lang=lang: game.rules_text(lang))]


def source(game: str, lang: str) -> str:
    text = load(game).rules_text(lang)
    assert text is not None
    return text


@pytest.mark.parametrize(("game", "lang"), REFERENCES)
def test_each_reference_is_a_page_with_an_anchor_per_rule_id(client, game: str, lang: str) -> None:
    answer = client.get(f"/rules/{game}", params={"lang": lang})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert f'<html lang="{lang}">' in page and "/static/rules.js" in page and "<script>" not in page
    ids = {found.group(0) for found in RULE_ID.finditer(source(game, lang))}
    assert ids or not re.search(r"\b\d+\.\d", source(game, lang))  # (a reference that cites rule ids: they are found)
    for rule_id in ids:
        assert page.count(f'id="rule-{rule_id}"') == 1, rule_id
    assert f'href="/rules/{game}?lang=en"' in page  # the other languages' pages are a click away


def test_the_source_cannot_put_html_in_the_page() -> None:
    html = render("A <script>alert(1)</script> and <b onclick=x>bold</b>; see [x](javascript:alert(1)) and 3.2.1.")
    assert "<script" not in html and "<b " not in html and "href=\"javascript" not in html
    assert "&lt;script&gt;" in html
    assert '<a href="#rule-3.2.1" class="rule-id" id="rule-3.2.1">3.2.1</a>' in html


def test_rule_ids_as_the_games_cite_them() -> None:
    cited = "CL 3.2.3, 1989 6.2.5, DP R3.4.5 and S7.2, IC-9.4, IC-V.4; not 49 or 1989 alone"
    assert [m.group(0) for m in RULE_ID.finditer(cited)] == ["3.2.3", "6.2.5", "R3.4.5", "S7.2", "IC-9.4", "IC-V.4"]


def test_an_unknown_game_or_language_is_a_one_line_404(client) -> None:
    for path, params in (("/rules/chess", {}), ("/rules/1989", {"lang": "fr"})):
        answer = client.get(path, params=params)
        assert answer.status_code == 404 and "\n" not in answer.text.strip()
