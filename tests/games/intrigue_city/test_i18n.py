"""Issue 12: Intrigue City in Greek with the rulebook's own terms (docs/glossary/intrigue-city.el.md),
the English words unchanged."""

from __future__ import annotations

from agon.engine import ENGLISH, Text
from agon.games.intrigue_city.data import CARDS
from agon.i18n import translator

from .helpers import GAME, act, legal, pos_of
from .test_examples import example_1

GREEK = translator("el", "intrigue-city")

# page 10 of the Greek rulebook, «Κάρτες Ενεργειών - Περιγραφή»
RULEBOOK_CARD_NAMES = {
    "ACT-B1": "Χειραγώγηση", "ACT-B2": "Δωροδοκία", "ACT-B3": "Οι Λέξεις της Αποπλάνησης", "ACT-B4": "Εκβιασμός",
    "ACT-B5": "Αλλαγή Σχεδίων", "ACT-A1": "Εδραίωση Εμπιστοσύνης", "ACT-A2": "Εδραίωση Ισχύος",
    "ACT-A3": "Ψεύτικες Κατηγορίες", "ACT-A4": "Προδοσία", "ACT-A5": "Παραπλανητικός Ελιγμός",
    "ACT-A6": "Διεκδίκηση Εδάφους", "ACT-A7": "Ο Ιστός της Προδοσίας", "ACT-A8": "Πολλά Υποσχόμενες Συμφωνίες",
    "ACT-A9": "Ανακατανομή Ισχύος", "ACT-A10": "Διατάραξη Ισορροπίας", "ACT-P1": "Παλιά Χρέη",
    "ACT-P2": "Αποδιοπομπαίος Τράγος",
}


def greek_log(s: object, role: str | None = None) -> list[str]:
    return [GREEK.text(Text(e.text, e.args)) for e in s.log if e.to is None or e.to == role]  # type: ignore[attr-defined]


def test_every_action_card_has_the_rulebook_s_greek_name() -> None:
    assert set(RULEBOOK_CARD_NAMES) == set(CARDS)
    for cid, card in CARDS.items():
        assert GREEK.term(card["name"]) == RULEBOOK_CARD_NAMES[cid], cid


def test_example_1_IC_4_5_ACT_B4_defensive_blackmail_label_and_log_in_greek() -> None:
    """Example 1: Vasilis puts his defensive pawn (Αμυντικό Πιόνι) on Blackmail (Εκβιασμός), places a
    3-cube (ΚΕ αξίας 3) in Crescent Moon and takes its Favour card Strong side up (IC-6.2: «από την
    πλευρά της Ισχυρής Εύνοιας», the `gen` case form of "Strong")."""
    s = example_1()
    prompt = s.prompt("p3")
    i = legal(s).index(("defensive", pos_of(s, "ACT-B4")))
    assert prompt.labels[i] == "Defensive pawn on Blackmail, 3 spiders"
    assert GREEK.text(prompt.messages[i]) == "Αμυντικό Πιόνι στην Κάρτα Εκβιασμός, 3 αράχνες"
    before = len(s.log)
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    lines = greek_log(s)[before:]
    assert lines[0] == ("Ο Παίκτης 3 παίζει το αμυντικό πιόνι στην Κάρτα Εκβιασμός, με Συντεχνία-Στόχο την Crescent Moon"
                        " στο ταμπλό του Παίκτη 3: ένας ΚΕ αξίας 3 τοποθετείται στη Συντεχνία Crescent Moon")
    assert lines[1] == "Ο Παίκτης 3 παίρνει την Κάρτα Εύνοιας Crescent Moon από την πλευρά της Ισχυρής Εύνοιας"
    english = [ENGLISH.text(Text(e.text, e.args)) for e in s.log][before:]
    assert english[1] == "Player 3 takes the Crescent Moon Favour card, Strong side up"


def test_IC_8_2_change_of_era_prompt_and_blank_vote_label_in_greek() -> None:
    """IC-8.2 / IC-V.4: the vote speaks of «Αλλαγή Εποχής», «Κάρτα Δύναμης των Συντεχνιών», «Λευκή Ψήφος»."""
    s = GAME.new(3, players=3, short=True, blank_vote=True)
    while s.phase == "setup":
        act(s, legal(s)[0].verb, legal(s)[0].arg)
    prompt = s.prompt("p1")
    assert GREEK.text(prompt.question) == "Παίκτης 1: Αλλαγή Εποχής I: κρατήστε μία Κάρτα Δύναμης των Συντεχνιών"
    assert GREEK.text(prompt.messages[-1]) == "Ρίξτε τη Λευκή Ψήφο σας (-2 ΠΝ στο τέλος)"


def test_the_greek_board_shows_no_english_words() -> None:
    s = example_1()
    act(s, "offensive", pos_of(s, "ACT-B5"))
    board = GAME.render(s.view("p3"), "p3", tr=GREEK)
    assert "Κάρτες Ενεργειών" in board and "Μετρητής Γύρων: [cyan]Γύρος 4[/cyan]" in board
    assert "Αλλαγή Σχεδίων" in board and "(εσείς)" in board
    for english in ("Action cards", "round track", "Guild power", "Bank", "intrigue", "Favours", "Turn", "Key",
                    "offensive", "defensive", "Blackmail", "you", "none", "hidden"):
        assert english not in board, english
    assert GAME.render(s.view("p3"), "p3") == GAME.render(s.view("p3"), "p3", tr=ENGLISH)
