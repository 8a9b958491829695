"""The plural rule travels with the strings (issue 35 item 7): `/api/i18n/{lang}`'s catalogue holds
the Plural-Forms expression of the language's .po header, which the web page reads
(agon/web/static/plural.js; its unit tests are tests/web/js/plural.test.mjs)."""

from __future__ import annotations

import re

import pytest

from agon.i18n import INTERFACE, Catalogue, catalogue_json, locale_dir


def header_rule(lang: str) -> str:
    text = locale_dir(INTERFACE).joinpath(f"{lang}.po").read_text(encoding="utf-8")
    found = re.search(r'"Plural-Forms:[^"]*plural=([^;"]+);', text)
    assert found, f"{lang}.po has no Plural-Forms"
    return found.group(1).strip()


@pytest.mark.parametrize("lang", ["el", "hu"])
def test_the_catalogue_sends_the_po_headers_plural_rule(lang: str) -> None:
    assert catalogue_json(lang)["plural"] == header_rule(lang)
    assert catalogue_json(lang, "1989")["plural"] == header_rule(lang)


def test_english_and_an_empty_game_catalogue_keep_one_other() -> None:
    assert catalogue_json("en")["plural"] == "(n != 1)"
    three = Catalogue({"x": "y"}, plural_index=lambda n: 0 if n == 1 else 1 if n < 5 else 2, plural_expr="(n==1 ? 0 : n<5 ? 1 : 2)")
    assert three.merged(Catalogue()).plural_expr == three.plural_expr  # a game not translated yet
    assert three.merged(Catalogue()).plural_index(7) == 2
