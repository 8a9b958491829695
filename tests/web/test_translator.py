"""The web page's translator (agon/web/static/i18n.js, issue 12) against the JSON shapes the
server sends: `/api/i18n/{lang}` catalogues and the engine's Text JSON. Run in Chromium on a
page of the agon server, so it tests the very module the pages import."""

from __future__ import annotations

import random
from typing import Any

import pytest

from agon.engine import load
from agon.engine.text import from_json
from agon.i18n import catalogue_json, translator
from agon.testing import games_that

SEED = 11

CATALOGUE = {
    "lang": "el",
    "messages": {
        "Day {day}": "Ημέρα {day}",
        "{n} day": ["{n} ημέρα", "{n} ημέρες"],
        "Vyborg": "Βίμποργκ",
        "Red": "Κόκκινοι",
        "{side} moves {marker} to {space}.": "Οι {side} μετακινούν τον δείκτη {marker} στο {space:acc}.",
        "{who} gains {what}.": "{who} κερδίζει {what}.",
        "{n} Support": ["{n} Υποστήριξη", "{n} Υποστήριξη"],
        "Score {vp:+d}": "Σκορ {vp:+d}",
        "Only {missing} here": "Μόνο {missing} εδώ {extra}",
        "{items} and {last}": "{items} και {last}",
        "Untranslated": "",
    },
    "contexts": {"acc": {"Vyborg": "το Βίμποργκ"}},
}

# (what to call, its arguments, what it gives) -- evaluated in the page as m[fn](...args)
CASES: list[tuple[str, list[Any], str]] = [
    ("t", ["Day {day}", {"day": 3}], "Ημέρα 3"),
    ("t", ["Not in the catalogue {x}", {"x": 1}], "Not in the catalogue 1"),
    ("t", ["Untranslated"], "Untranslated"),  # an empty msgstr shows the English
    ("tx", [{"text": "{n} day", "plural": "{n} days", "count": "n", "args": {"n": 1}}], "1 ημέρα"),
    ("tx", [{"text": "{n} day", "plural": "{n} days", "count": "n", "args": {"n": 4}}], "4 ημέρες"),
    ("tx", [{"text": "{n} week", "plural": "{n} weeks", "count": "n", "args": {"n": 4}}], "4 weeks"),
    ("tx", [{"text": "{n} week", "plural": "{n} weeks", "count": "n", "args": {"n": 1}}], "1 week"),
    # a term argument is looked up; a case in the translation takes the msgctxt form
    ("tx", [{"text": "{side} moves {marker} to {space}.", "args": {"side": "Red", "marker": "Lenin", "space": "Vyborg"}}],
     "Οι Κόκκινοι μετακινούν τον δείκτη Lenin στο το Βίμποργκ."),
    # a case the catalogue lacks falls back to the plain term, then to the English
    ("tx", [{"text": "{side} moves {marker} to {space}.", "args": {"side": "Red", "marker": "x", "space": "Narva"}}],
     "Οι Κόκκινοι μετακινούν τον δείκτη x στο Narva."),
    # a nested Text (with its own plural) is translated in turn
    ("tx", [{"text": "{who} gains {what}.", "args": {"who": "Red", "what": {"text": "{n} day", "plural": "{n} days",
                                                                             "count": "n", "args": {"n": 2}}}}],
     "Κόκκινοι κερδίζει 2 ημέρες."),
    ("tx", [{"text": "Score {vp:+d}", "args": {"vp": 3}}], "Σκορ +3"),
    ("tx", [{"text": "Score {vp:+d}", "args": {"vp": -2}}], "Σκορ -2"),
    # a missing argument shows as {name}
    ("tx", [{"text": "Only {missing} here", "args": {}}], "Μόνο {missing} εδώ {extra}"),
    ("tx", ["Day {day}"], "Ημέρα {day}"),
    ("tx", [{"text": "{{literal}} {a}", "args": {"a": 1}}], "{literal} 1"),
    # numbered placeholders, as str.format allows (Cuba Libre's "Move {1} from {0} to {2}")
    ("tx", [{"text": "Move {1} from {0}", "args": {"0": "Vyborg", "1": "Red"}}], "Move Κόκκινοι from Βίμποργκ"),
    ("tx", [{"text": "Move {1} to {0:acc}", "args": {"0": "Vyborg", "1": "Red"}}], "Move Κόκκινοι to το Βίμποργκ"),
    ("term", ["Vyborg", "acc"], "το Βίμποργκ"),
    ("term", ["Red", "acc"], "Κόκκινοι"),
    ("term", ["Narva"], "Narva"),
    ("gettext", ["Vyborg", "acc"], "το Βίμποργκ"),
    ("ngettext", ["{n} Support", "{n} Supports", 5], "{n} Υποστήριξη"),
    ("formatSpec", [0.456, ".1f"], "0.5"),
    ("formatSpec", [7, "03d"], "007"),
    ("formatSpec", [12345, ","], "12,345"),
    ("formatSpec", [5, ">3"], "  5"),
    ("listText", [["α", "β", "γ"]], "α, β και γ"),
]

RUN = """async ([catalogue, cases]) => {
  const m = await import("/static/i18n.js");
  m.setCatalogue(catalogue);
  return cases.map(([fn, args]) => m[fn](...args));
}"""


@pytest.fixture
def blank(page: Any) -> Any:
    page.goto("/static/agon.css")  # any document of the server's origin can import its modules
    return page


def test_the_translator_renders_terms_cases_plurals_nested_texts_and_missing_args(blank: Any) -> None:
    got = blank.evaluate(RUN, [CATALOGUE, [[fn, args] for fn, args, _ in CASES]])
    wrong = [(fn, args, want, out) for (fn, args, want), out in zip(CASES, got, strict=True) if out != want]
    assert wrong == []


def test_english_is_the_identity(blank: Any) -> None:
    english = {"lang": "en", "messages": {}, "contexts": {}}
    text = {"text": "{side} moves {marker} to {space}.", "args": {"side": "Red", "marker": "Lenin", "space": "Vyborg"}}
    got = blank.evaluate(RUN, [english, [["tx", [text]], ["language", []]]])
    assert got == ["Red moves Lenin to Vyborg.", "en"]



def test_an_actions_message_is_translated_and_its_english_label_is_the_fallback(blank: Any) -> None:
    got = blank.evaluate("""async (catalogue) => {
      const i18n = await import("/static/i18n.js");
      const common = await import("/static/common.js");
      i18n.setCatalogue(catalogue);
      return [common.actionLabel({ verb: "pass", label: "x", message: { text: "Day {day}", args: { day: 2 } } }),
              common.actionLabel({ verb: "pass", label: "Red" }), common.actionLabel({ verb: "pass" })];
    }""", CATALOGUE)
    assert got == ["Ημέρα 2", "Κόκκινοι", "pass"]


def game_messages(game_id: str, moves: int = 120) -> list[dict[str, Any]]:
    """The messages of the first `moves` actions of a seeded random game: its log, and every prompt
    and action label met on the way, as the server sends them (JSON Text)."""
    state = load(game_id).new(seed=SEED)
    rng = random.Random(SEED)
    found: list[dict[str, Any]] = []
    for _ in range(moves):
        if state.is_over:
            break
        role = state.active[0]
        prompt = state.prompt(role)
        found.append(prompt.question.to_json())
        found.extend(m.to_json() for m in prompt.messages[:8])
        state.apply(role, rng.choice(state.legal_actions(role)))
    found.extend(state.view(None)["log"])
    return found


@pytest.mark.parametrize("lang", ["el", "hu"])
@pytest.mark.parametrize("game_id", games_that(lambda game: game.languages()))  # the translated games
def test_the_page_renders_a_games_messages_as_the_engines_translator_does(blank: Any, game_id: str, lang: str) -> None:
    """The page's translator mirrors agon's: the same words for every log line, prompt and label
    of a random game, with the catalogue the server sends (terms, cases, plurals, nested Text)."""
    messages = game_messages(game_id)
    python = translator(lang, game_id)
    want = [python.text(from_json(m)) for m in messages]
    got = blank.evaluate("""async ([catalogue, messages]) => {
      const m = await import("/static/i18n.js");
      m.setCatalogue(catalogue);
      return messages.map((message) => m.tx(message));
    }""", [catalogue_json(lang, game_id), messages])
    differ = [(m, w, g) for m, w, g in zip(messages, want, got, strict=True) if w != g]
    assert differ == []
