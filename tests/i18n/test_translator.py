"""The translator: templates, terms, case forms, plurals, nested messages (agon.engine.text, agon.i18n)."""

from __future__ import annotations

from agon.engine import ENGLISH, Text, from_json, log_lines, msg, plural
from agon.engine.text import placeholders
from agon.i18n import Catalogue, CatalogueTranslator, default_language

GREEK = CatalogueTranslator("el", Catalogue(
    messages={"{side} moves to {space}.": "{side:nom} μετακινείται {space:acc}.", "Red": "Κόκκινοι",
              "{n} day": ("{n} ημέρα", "{n} ημέρες"), "Play {card} ({days})": "Παίξε {card} ({days})",
              "Vyborg": "Βίμποργκ"},
    contexts={"acc": {"Vyborg": "στο Βίμποργκ"}, "nom": {"Red": "Οι Κόκκινοι"}}))


def test_english_renders_the_template_with_its_arguments() -> None:
    assert str(msg("{side} moves to {space}.", side="Red", space="Vyborg")) == "Red moves to Vyborg."
    assert ENGLISH.text(plural("{n} day", "{n} days", "n", n=1)) == "1 day"
    assert ENGLISH.text(plural("{n} day", "{n} days", "n", n=3)) == "3 days"
    assert str(msg("{vp:+d} VP", vp=2)) == "+2 VP"  # English keeps Python's format specs


def test_a_missing_argument_shows_its_name_and_never_fails() -> None:
    assert str(msg("{side} and {other}", side="Red")) == "Red and {other}"
    assert str(Text("unbalanced {brace")) == "unbalanced {brace"


def test_a_translation_inflects_a_term_in_the_case_it_asks_for() -> None:
    line = msg("{side} moves to {space}.", side="Red", space="Vyborg")
    assert GREEK.text(line) == "Οι Κόκκινοι μετακινείται στο Βίμποργκ."
    assert GREEK.term("Vyborg") == "Βίμποργκ" and GREEK.term("Vyborg", "gen") == "Βίμποργκ"  # no form: the plain one
    assert GREEK.term("Narva") == "Narva"  # not in the catalogue: the English


def test_plurals_and_nested_messages_translate_recursively() -> None:
    days = plural("{n} day", "{n} days", "n", n=3)
    assert GREEK.text(msg("Play {card} ({days})", card="Vyborg", days=days)) == "Παίξε Βίμποργκ (3 ημέρες)"
    assert GREEK.text(plural("{n} day", "{n} days", "n", n=1)) == "1 ημέρα"


def test_json_round_trip_keeps_nested_texts_and_plurals() -> None:
    text = msg("Play {card} ({days})", card="Vyborg", days=plural("{n} day", "{n} days", "n", n=2))
    assert from_json(text.to_json()) == text
    assert log_lines([text.to_json()], GREEK) == ["Παίξε Βίμποργκ (2 ημέρες)"]


def test_placeholders_ignore_cases_and_specs() -> None:
    assert placeholders("{side:nom} μετακινείται {space:acc} {vp:+d}") == {"side", "space", "vp"}


def test_the_default_language_comes_from_the_locale() -> None:
    assert default_language({"LANG": "el_GR.UTF-8"}) == "el"
    assert default_language({"LC_ALL": "hu_HU.UTF-8", "LANG": "el_GR.UTF-8"}) == "hu"
    assert default_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert default_language({}) == "en"
