"""1989 in Hungarian with the rulebook's own words (issue 12): log lines, labels, prompts and the
board translated through the game's catalogue (locale/hu.po); English stays as it was."""

from __future__ import annotations

from pathlib import Path

from agon.engine import Action, Text
from agon.games.dawn_of_freedom.data import CARDS, D, space
from agon.games.dawn_of_freedom.ops import support_check
from agon.games.dawn_of_freedom.text import terms
from agon.i18n import translator

from .helpers import clear_map, dice, event, new_game, set_sp

HU = translator("hu", "1989")


def _last_line(g: object) -> Text:
    entry = list(g.log)[-1]  # type: ignore[attr-defined]
    return Text(entry.text, entry.args)


def test_6_2_support_check_log_line_reads_befolyaspróba_and_the_rulebooks_krakko() -> None:
    """Rulebook 6.2 "befolyáspróba"; 3.3 "Krakkó"; the sides in lower case, as the rulebook writes them."""
    g = new_game()
    clear_map(g)
    sid = set_sp(g, "Kraków", d=1, c=0)
    dice(g, 6)
    support_check(g, 1, sid, 3)
    check = Text(list(g.log)[-2].text, list(g.log)[-2].args)
    assert str(check).startswith("The Communist's support check in Kraków: die roll 6, +3 for the card's Ops")
    assert HU.text(check).startswith("A kommunista befolyáspróbája itt: Krakkó: kockadobás 6, +3 a lap műveleti")
    assert HU.text(_last_line(g)) == "A kommunista levesz 1 demokrata befolyáspontot és hozzáad 2 kommunista " \
                                     "befolyáspontot itt: Krakkó."


def test_card_labels_use_the_rulebooks_card_names_prudence_and_poland_scoring() -> None:
    """Rulebook 7.3 "Óvatosság", 5.3 "Lengyelország értékelése"; Ops are műveleti pont (MP)."""
    g = new_game()
    assert HU.text(g.label(Action("card", 8))) == "#8 Óvatosság (4 MP, mindkét fél)"
    assert HU.text(g.label(Action("card", 22))) == "#22 Lengyelország értékelése (értékelő lap)"
    assert HU.text(g.label(Action("card", 4))) == "#4 Michnik* (1 MP, demokrata)"


def test_space_label_names_the_hadszinter_class_and_stability_in_hungarian() -> None:
    """Rulebook 2.1: Lipcse (7.3) is a munkás mező and a hadszíntér mező (HSZ), stability 3."""
    g = new_game()
    label = g.label(Action("space", space("Leipzig")))
    assert str(label) == "East Germany: Leipzig (Worker, BG, stab 3; D 0 / C 0)"
    assert HU.text(label) == "Kelet-Németország: Lipcse (munkás, HSZ, stab. 3; D 0 / K 0)"


def test_8_0_power_struggle_prompt_inflects_the_country_with_its_case_form() -> None:
    """"Hatalmi harc Lengyelországban": the country takes its `ine` case form (glossary)."""
    text = Text("Power struggle in {country}: raise the stakes (discard 3 cards)?", {"country": "Poland"})
    assert HU.text(text) == "Hatalmi harc Lengyelországban: emeli a tétet (3 lap eldobása)?"
    assert HU.text(Text("in {country}", {"country": "Hungary"})) == "Magyarországon"


def test_event_prompt_composes_its_space_filter_in_hungarian() -> None:
    """Card 3 Walesa (rulebook 5.2): 4 SPs anywhere in Poland; the prompt's filter is translated."""
    g = new_game()
    g.events_played = g.events_played | {2}  # Solidarity Legalized (rulebook 2.3)
    event(g, D, 3)
    prompt = g.prompt("democrat")
    assert prompt.message() == "Place 4 SPs in Poland."
    assert HU.text(prompt.question) == "Rakjon le 4 befolyáspontot Lengyelországban."


def test_board_in_hungarian_uses_the_rulebooks_words() -> None:
    g = new_game()
    board = g.game.render(g.view("democrat"), "democrat", tr=HU)
    assert "Kelet-Németország" in board and "Drezda" in board
    assert "hadszíntér mező" in g.game.render(g.view("democrat"), "democrat", full=True, tr=HU)  # (its key)
    assert "East Germany" not in board and "Dresden" not in board and "battleground" not in board


def test_every_term_and_card_text_has_its_hungarian_translation() -> None:
    missing = [t for t in terms() if not HU.has(t)]
    assert not missing, missing[:5]
    assert HU.term(CARDS[97].title) == "A zsarnok eltávozott"  # rulebook 7.6


def test_glossary_and_catalogue_agree_on_every_term_they_share() -> None:
    """docs/glossary/1989.hu.md (for a reviewer) says what locale/hu.po shows, term by term."""
    glossary = Path(__file__).resolve().parents[3] / "docs" / "glossary" / "1989.hu.md"
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in glossary.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith(("| English", "| ---", "| case"))]
    shared = [(en, hu) for en, hu, *_ in rows if HU.has(en)]
    assert len(shared) > 230  # spaces, cards, countries, classes, Tiananmen boxes, power struggle cards
    assert [(en, hu) for en, hu in shared if HU.term(en) != hu] == []
