"""The person is addressed formally in Hungarian, in the interface and every game, as the web page does:
"válasszon", "kattintson", "az Ön keze" (not "válassz", "kattints", "a kezed"; 432 translations said
"te"). A short list of common informal forms is looked for, as whole words, in every translation
(placeholders left out); no game term is among them (a second-person form is never a name). Greek's
informal forms: tests/cli/test_issue34.py::test_item_10_greek_uses_the_formal_address_of_the_interface."""

from __future__ import annotations

import re

import pytest

from agon.i18n import INTERFACE, catalogue
from agon.testing import games_that

DOMAINS = [INTERFACE, *games_that(lambda game: "hu" in game.languages())]  # the games translated into Hungarian
INFORMAL = {  # second person singular ("te"): imperatives, present forms, "your", "you"
    "válassz", "válaszd", "kattints", "kattintsd", "nyomj", "nyomd", "írj", "írd", "lépj", "nézd", "adj", "tedd",
    "tégy", "rakj", "rakd", "nyiss", "zárj", "dobj", "húzz", "használj", "használd", "mozgass", "mozgasd",
    "távolíts", "távolítsd", "cserélj", "cseréld", "helyezz", "játssz", "játszd", "kérj", "küldd", "várj", "tarts",
    "tartsd", "őrizd", "jelentkezz", "hozz", "mondj", "vess", "állítsd", "aktiválj", "aktiváld",
    "adsz", "kapsz", "tudsz", "kérsz", "támadsz", "választod", "zárod", "váltod", "látod", "tartod", "húzod",
    "játszol", "következel", "megtartod", "elveszed", "teszel", "teszed",
    "kezed", "kezedben", "kártyáid", "lapjaid", "lapodat", "neved", "fiókod", "helyed", "célod", "szereped",
    "lépésed", "választásod", "ellenfeled", "titkaid",
    "te", "neked", "nálad", "tőled", "általad", "tiéd", "téged",
}
# Hungarian "can you ...": a verb's "-hat/-het" with the second person "-sz" ("húzhatsz", "eldobhatsz")
CAN_YOU = re.compile(r"\w+h[ae]tsz\b")
WORD = re.compile(r"\w+")


def _informal(text: str) -> list[str]:
    words = WORD.findall(re.sub(r"\{[^}]*\}", " ", text).lower())
    return [w for w in words if w in INFORMAL] + CAN_YOU.findall(text.lower())


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_hungarian_translation_addresses_the_person_formally(domain: str) -> None:
    table = catalogue(domain, "hu")  # (cached: the catalogue tests read it too)
    texts = [t for value in table.messages.values() for t in ((value,) if isinstance(value, str) else value)]
    texts += [t for forms in table.contexts.values() for t in forms.values()]
    wrong = [f"{found}: {text[:80]!r}" for text in texts if (found := _informal(text))]
    assert not wrong, f"{domain}: {len(wrong)} informal translations, first: " + "; ".join(wrong[:5])


def test_the_check_finds_the_informal_forms_it_lists() -> None:
    assert _informal("Válassz egy lapot, és tedd a kezedbe.") == ["válassz", "tedd"]
    assert _informal("Húzhatsz még egyet.") == ["húzhatsz"]
    assert _informal("Válasszon egy lapot {te}.") == []
