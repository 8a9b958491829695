"""Dual Powers in Greek (issue 12): the log, labels, prompts and board use the Greek rulebook's own
terms (docs/glossary/dual-powers.el.md), the terms inflected by case where a sentence needs it;
the English words stay what they were."""

from __future__ import annotations

from agon.engine import Action, log_lines
from agon.games.dual_powers import text
from agon.games.dual_powers.data import CARD_LABEL, DISTRICT_NAME, MARKER_NAME, RED_UNITS, WHITE_UNITS
from agon.i18n import translator

from .helpers import GAME, WHITE, act, begin, card, clear, play, put, turn

EL = translator("el", "dual-powers")


def greek_log(s: object, role: str | None = None) -> list[str]:
    return log_lines(s.view(role)["log"], EL)  # type: ignore[attr-defined]


def test_R3_3_the_played_card_line_reads_paizeis_mia_karta_in_greek() -> None:
    """Rulebook p. 5, "Παίζεις μια Κάρτα": the side (subject case) plays the card (its Greek name)."""
    s = begin()
    turn(s, 0, "red-1")
    play(s, 0, "red-1")
    assert "Ο Κόκκινος παίζει την κάρτα Πλευρά Βίμποργκ 1." in greek_log(s)
    assert "Red plays Vyborg Side 1." in log_lines(s.view(None)["log"])  # the English line is unchanged


def test_R3_7_2_a_move_inflects_the_marker_and_both_districts() -> None:
    """Μετακίνηση (rulebook p. 6): accusative marker, "από" + accusative, "σε" + article."""
    s = begin()
    clear(s)
    unit = WHITE_UNITS[0]  # white unit 1/0
    put(s, unit, "green")
    turn(s, WHITE, "red-2")  # a Move card
    play(s, WHITE, "red-2")
    act(s, WHITE, "move")
    prompt = s.prompt("white")
    marker_label = EL.text(prompt.messages[prompt.actions.index(Action("marker", unit))])
    assert marker_label == "λευκή μονάδα 1/0 (νέα πλευρά) στο Λιτέινι"
    act(s, WHITE, "marker", unit)
    assert EL.text(s.prompt("white").question) == "Σε ποια περιοχή μετακινείτε τη λευκή μονάδα 1/0;"
    act(s, WHITE, "district", "admiralty")
    assert "Ο Λευκός μετακινεί τη λευκή μονάδα 1/0 από το Λιτέινι στο Ναυαρχείο." in greek_log(s)


def test_R3_8_and_R3_9_labels_use_the_rulebook_action_names() -> None:
    """Στρατολόγηση Ηγέτη, Λαϊκή Εμψύχωση (p. 7), Έξτρα Τράβηγμα (p. 7), ημέρα/ημέρες by plural form."""
    s = begin()
    assert EL.text(text.label(s, Action("leader_recruit"))) == "Στρατολόγηση Ηγέτη"
    assert EL.text(text.label(s, Action("agitation"))) == "Λαϊκή Εμψύχωση"
    assert EL.text(text.label(s, Action("extra", "draw"))).startswith("Έξτρα Τράβηγμα")
    one, six = card("red-1"), card("red-6a")
    assert EL.text(text.label(s, Action("card", one))) == "Παίξτε την κάρτα Πλευρά Βίμποργκ 1 (1 ημέρα)"
    assert EL.text(text.label(s, Action("card", six))) == "Παίξτε την κάρτα Πλευρά Βίμποργκ 6 (α) (6 ημέρες)"


def test_R4_3_the_unrest_prompt_names_the_perioxi_anatarachon() -> None:
    """Επίλυση Περιοχής Αναταραχών (rulebook p. 8): the prompt says "περιοχή αναταραχών" and ΠΝ."""
    s = begin()
    s.phase, s.cur = "unrest", 0
    question = EL.text(s.prompt("red").question)
    assert "περιοχή αναταραχών" in question and "ΠΝ" in question
    assert DISTRICT_NAME[s.unrest] not in question  # the district by its Greek name


def test_the_greek_board_names_districts_sides_and_tracks_in_greek() -> None:
    s = begin()
    board = GAME.render(s.view("red"), "red", tr=EL)
    for word in ("Πλευρά Βίμποργκ", "Συνοικία Νάρβα", "Υποστήριξη", "Λαϊκή Θέληση", "Αναταραχή!", "Αποκλεισμός!",
                 "Μάρτης/Απρίλης", "Χέρι του Κόκκινου:", "Κόκκινος"):
        assert word in board
    for word in ("Vyborg", "Support", "Popular Will", "hand:", "March"):
        assert word not in board
    assert GAME.render(s.view("red"), "red") == GAME.render(s.view("red"), "red", tr=translator("en"))


def test_every_term_has_a_greek_translation_and_markers_an_accusative() -> None:
    for term in GAME.terms():
        assert EL.has(term), term
    for name in set(MARKER_NAME):
        assert EL.has(name, "acc"), name
    for m in (RED_UNITS[0], WHITE_UNITS[9]):
        assert EL.has(text.removed_name(m), "subj")
    assert all(EL.term(c) != c for c in CARD_LABEL)
