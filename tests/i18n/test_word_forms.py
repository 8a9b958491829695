"""Word forms in Greek: a term put into a sentence takes the case and number the sentence needs.

A label or log line is a template with terms in it; a template that is only a verb and a term
("{verb} {0}") cannot make them agree in Greek ("Τοποθέτηση έναν κύβο Μονάδων": after a noun the
phrase needs the genitive), so every action has a sentence of its own. Counted words agree with
their count (one Resource, two Resources) and articles with their noun's gender and number.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from agon.engine import Text, load, plural
from agon.i18n import locale_dir, translator
from agon.i18n.extract import read

GREEK = translator("el", "cuba-libre")
# a verbal noun (Τοποθέτηση, Χρήση, Ανάπτυξη...) followed at once by an indefinite article in the
# accusative: the phrase after such a noun is a genitive ("Χρήση ενός ...") or the noun is a verb
NOUN_THEN_ACCUSATIVE = re.compile(r"\b\w+(?:ση|ξη|ψη)\s+(?:έναν|μια|μία|ένα)\b")
BARE_TEMPLATES = ("{verb}", "{verb} {0}", "{verb} {0} {1}", "{verb} {0} {1} {2}")


@cache
def _labels() -> list[tuple[str, str, str]]:
    """(action, English template, Greek label) for every action Cuba Libre can offer."""
    from agon.games.cuba_libre.domain import action_domain
    from agon.games.cuba_libre.text import label

    state = load("cuba-libre").new(1)
    out = []
    for action in action_domain():
        worded = label(state, action)
        template = worded.template if isinstance(worded, Text) else worded
        out.append((f"{action.verb} {action.arg}", template, GREEK.text(worded)))
    return out


def test_no_cuba_libre_action_is_worded_by_its_bare_verb() -> None:
    """Every action has a whole sentence ("Place {piece}", "Construct: place a closed Casino"), never
    its verb and words strung together ("Place a Troops cube" read "Τοποθέτηση έναν κύβο")."""
    bare = sorted({action for action, template, _ in _labels() if template in BARE_TEMPLATES})
    assert not bare, f"{len(bare)} actions worded by their bare verb: {bare[:8]}"


def test_greek_labels_put_no_accusative_after_a_verbal_noun() -> None:
    wrong = sorted({greek for _, _, greek in _labels() if NOUN_THEN_ACCUSATIVE.search(greek)})
    assert not wrong, f"{len(wrong)} Greek labels with an accusative after a noun: {wrong[:6]}"


def test_a_kidnapping_that_takes_one_resource_says_one_resource() -> None:
    """CL 4.3.3 Kidnap: the log counts what it takes, in the singular for one."""
    from agon.games.cuba_libre.data import NAMES
    from agon.games.cuba_libre.insurgent_ops import kidnap_result

    state = load("cuba-libre").new(1)
    state.res[0] = 1  # the Government has 1 Resource left: a roll of 6 takes 1
    kidnap_result(state, NAMES.index("Havana"), 0, 6)
    entry = next(e for e in reversed(state.log) if "Kidnaps" in e.text)
    line = Text(entry.text, entry.args)
    assert str(line).endswith("takes 1 Resource.")
    assert GREEK.text(line).endswith("παίρνει 1 Πόρο.")


@pytest.mark.parametrize(("winners", "greek"), [
    (["m26"], "κερδίζει η 26 Ιουλίου"),
    (["m26", "dr"], "κερδίζουν η 26 Ιουλίου και το Ντιρεκτοράτο"),
])
def test_cuba_libre_result_line_names_the_winners_in_the_nominative(winners: list[str], greek: str) -> None:
    from agon.games.cuba_libre.text import _result

    line = _result({"winners": winners, "scores": {"govt": -3, "m26": 2, "dr": 1, "syndicate": -1}})
    assert greek in GREEK.text(line)
    assert ("wins" in str(line)) == (len(winners) == 1)


def test_intrigue_city_result_line_agrees_with_one_winner() -> None:
    from agon.games.intrigue_city.text import result_line

    result = {"winners": ["p3"], "reason": "final scoring", "scores": {"p1": 10, "p2": 12, "p3": 14}}
    assert "Player 3 wins" in str(result_line(result, translator("en")))
    greek = translator("el", "intrigue-city").text(result_line(result, translator("el", "intrigue-city")))
    assert "κερδίζει ο Παίκτης 3" in greek, greek


def test_a_failed_attack_against_one_guerrilla_has_no_plural_article() -> None:
    """"ξεπερνά τους 1 Αυτονομιστή": a plural article before a count of one."""
    line = Text("The Attack in {space} fails: {roll} is more than {guerrillas}.",
                {"space": "Havana", "roll": 4, "guerrillas": plural("{n} Guerrilla", "{n} Guerrillas", "n", n=1)})
    assert not re.search(r"\b(?:τους|τις|οι|τα) 1\b", GREEK.text(line)), GREEK.text(line)


def test_the_26july_movement_is_feminine_in_every_greek_string() -> None:
    """The rulebook says "η 26 Ιουλίου", "της 26 Ιουλίου" (the Movement): never "του"/"το"."""
    with (locale_dir("cuba-libre") / "el.po").open("rb") as handle:
        strings = [m.string for m in read_po(handle, locale="el") if m.id]
    flat = [s for string in strings for s in (string if isinstance(string, tuple) else (string,))]
    wrong = [s for s in flat if re.search(r"\b(?:του|το|τον)\s+26 Ιουλίου", s)]
    assert not wrong, wrong[:4]


def test_every_counted_resource_line_has_its_singular() -> None:
    """A log line that counts Resources or Troops comes in the singular too (the code picks it for 1)."""
    ids = {m.id for m in read(Path(str(locale_dir("cuba-libre"))) / "messages.pot") if isinstance(m.id, str)}
    counted = [i for i in ids if re.search(r"\{n\} (?:Resources|Troops leave)", i) and not i.startswith("Give ")]
    missing = [i for i in counted
               if i.replace("{n} Resources", "{n} Resource").replace("{n} Troops leave", "{n} Troop leaves") not in ids]
    assert counted and not missing, missing


def test_dual_powers_board_names_whose_hand_in_the_genitive() -> None:
    """The side went before a template ("Κόκκινος χέρι: ..."): the sentence holds it now, in the case
    the language needs ("Χέρι του Κόκκινου", "Vörös keze")."""
    game = load("dual-powers")
    view = game.new(2).view("red")
    boards = {lang: game.render(view, "red", tr=translator(lang, "dual-powers")) for lang in ("en", "el", "hu")}
    assert "Red hand: " in boards["en"] and "White hand: " in boards["en"]
    assert "Χέρι του Κόκκινου: " in boards["el"] and "Χέρι του Λευκού: " in boards["el"]
    assert "Vörös keze: " in boards["hu"]
