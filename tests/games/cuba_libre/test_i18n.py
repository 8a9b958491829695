"""Cuba Libre in Greek (issue 12): the log, the labels and the board use the Greek rulebook's terms
(docs/glossary/cuba-libre.el.md), while the English stays what it was."""

from __future__ import annotations

from agon.engine import Action, Text, log_lines
from agon.games.cuba_libre.data import CARD_TEXTS, FACTION_NAMES, M26, NAMES, TITLE
from agon.i18n import translator
from tests.games.cuba_libre.helpers import GAME, act, blank, situation, start

EL = translator("el", "cuba-libre")


def _rally_in_havana() -> tuple[object, list[str]]:
    """26July Rallies in Havana (CL 3.3.1), placing a Guerrilla; the new log lines."""
    g = situation({"havana": {"m26_u": 1}})
    start(g, M26)
    mark = len(g.log)
    act(g, "operation", "rally")
    act(g, "space", "Havana")
    act(g, "rally", "place")
    return g, [e.to_json() for e in g.log[mark:]]


def test_rally_log_line_uses_the_rulebook_word_diadilosi() -> None:
    """CL 3.3.1 Rally is «Διαδήλωση» (rulebook index); the Guerrilla «Αυτονομιστής» (1.4)."""
    _, lines = _rally_in_havana()
    english = log_lines(lines)
    greek = log_lines(lines, EL)
    assert "Rally in Havana." in english
    assert "Διαδήλωση στην Havana." in greek
    assert "Τοποθέτηση στην Havana: 1 Αυτονομιστής της 26 Ιουλίου (κρυφά)." in greek
    assert "1 26July Guerrilla placed in Havana (Underground)." in english


def test_pass_line_takes_the_faction_with_its_article() -> None:
    """CL 2.3.3 Pass is «Πάσο»; the sentence-initial faction takes its article (case form subj)."""
    assert EL.text(Text("{faction} passes.", {"faction": "Government"})) == "Η Κυβέρνηση πάει Πάσο."
    assert EL.text(Text("{faction} passes.", {"faction": "Directorio"})) == "Το Ντιρεκτοράτο πάει Πάσο."


def test_special_activity_label_uses_the_rulebook_word_enedra() -> None:
    """CL 4.3.2 Ambush is «Ενέδρα»; the label is a Text whose English is unchanged."""
    g = blank()
    label = g.label(Action("activity", "ambush"))
    assert str(label) == "Special Activity: Ambush"
    assert EL.text(label) == "Ειδική Δραστηριότητα: Ενέδρα"


def test_resource_labels_agree_with_the_number() -> None:
    """CL 1.5.1 transfers: «Δώστε 1 Πόρο», «Δώστε 3 Πόρους» (a plural entry, not a glued -s)."""
    g = blank()
    one, three = g.label(Action("give resources", 1)), g.label(Action("give resources", 3))
    assert (str(one), str(three)) == ("Give 1 Resource", "Give 3 Resources")
    assert (EL.text(one), EL.text(three)) == ("Δώστε 1 Πόρο", "Δώστε 3 Πόρους")


def test_the_board_in_greek_has_the_rulebook_tracks() -> None:
    """CL 1.6.3 Total Support «Συνολική Υποστήριξη», 1.4.1 Available «Διαθέσιμες», 6.3.1 Firm «Σταθερή»."""
    g = GAME.new(1)
    board = GAME.render(g.view("govt"), "govt", tr=EL)  # a player's board (a spectator's also quotes the prompt)
    for word in ("Συνολική Υποστήριξη", "Διαθέσιμες:", "Συμμαχία ΗΠΑ Σταθερή", "Ενεργή Υποστήριξη", "Μονάδες"):
        assert word in board
    for english in ("Total Support", "Available", "Resources", "Eligible"):
        assert english not in board
    assert GAME.render(g.view(None), None).startswith("[bold]Cuba Libre[/bold]  card ")
    spectator = GAME.render(g.view(None), None, tr=EL)
    assert "Eligible" not in spectator and spectator.splitlines()[-1] == "[bold]Τώρα[/bold] 26 Ιουλίου"


def test_terms_list_every_space_faction_card_and_card_text() -> None:
    terms = set(GAME.terms())
    assert set(NAMES) <= terms and set(FACTION_NAMES) <= terms and set(TITLE.values()) <= terms
    for sides in CARD_TEXTS["events"].values():
        for side in sides.values():
            assert side["short"] in terms and side["text"] in terms


def test_every_card_text_reads_in_greek() -> None:
    """The card catalogue (C-cards): each name as the rulebook prints it, each text translated."""
    for card in GAME.cards():
        assert EL.term(card["name"]) in (card["name"], "Προπαγάνδα!")
        assert EL.term(card["text"]) != card["text"], card["name"]


def test_a_non_players_reason_reads_in_greek() -> None:
    """CL 8.1 Minimum Resources «Ελάχιστοι Πόροι»: the trace line's note has its Greek under the
    context "reason"; a reason the catalogue lacks stays as it is."""
    from agon.games.cuba_libre.chronicle import TRACE

    line = Text(TRACE, {"role": "govt", "note": "8.1 Minimum Resources: Pass"})
    assert str(line) == "    [govt by the rules: 8.1 Minimum Resources: Pass]"
    assert EL.text(line) == "    [Κυβέρνηση κατά τους κανόνες: 8.1 Ελάχιστοι Πόροι: Πάσο]"
    unknown = Text(TRACE, {"role": "dr", "note": "9.9 no such step"})
    assert EL.text(unknown) == "    [Ντιρεκτοράτο κατά τους κανόνες: 9.9 no such step]"
