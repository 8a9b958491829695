"""1989 card catalogue (issue 10 item 1): every card's text in our words, validated on load."""

from __future__ import annotations

import json

import pytest

import agon
from agon.games.dawn_of_freedom import data
from agon.games.dawn_of_freedom.data import CARDS, POWER_CARDS, SHORT_MAX


def test_catalogue_has_every_strategy_and_power_struggle_card() -> None:
    cards = agon.load("1989").cards()
    assert len(cards) == 110 + 52
    assert len({c["id"] for c in cards}) == len(cards)
    json.dumps(cards)  # JSON-ready for the web page
    strategy = [c for c in cards if c["deck"] == "strategy"]
    assert [c["id"] for c in strategy] == list(range(1, 111))
    assert all(c["name"] == CARDS[c["id"]].title for c in strategy)
    power = [c for c in cards if c["deck"] == "power struggle"]
    assert [c["id"] for c in power] == [f"P{n}" for n in range(1, 53)]
    assert all(c["name"] == POWER_CARDS[int(c["id"][1:])].name for c in power)
    for c in cards:
        assert {"id", "name", "short", "text"} <= set(c)
        assert c["short"] and "\n" not in c["short"] and len(c["short"]) <= SHORT_MAX
        assert len(c["text"]) > len(c["short"])


def test_card_texts_state_the_rule_facts() -> None:
    """A few texts against the rules they describe (7.3 Prudence, 8.0 scoring, 7.6 The Tyrant)."""
    by_id = {c["id"]: c for c in agon.load("1989").cards()}
    assert "1 Op less" in by_id[8]["text"] and "never below 1" in by_id[8]["text"]
    assert "presence 3 VP, domination 6, control 9" in by_id[22]["text"]
    assert "waits in front of the Democrat" in by_id[97]["text"]
    assert by_id["P49"]["kind"] == "wild" and by_id["P1"]["value"] == 1 and by_id["P37"]["kind"] == "leader"


_READ = data._read


def _texts_with(monkeypatch: pytest.MonkeyPatch, change: object) -> None:
    raw = json.loads(json.dumps(_READ("card_texts.json")))
    change(raw)  # type: ignore[operator]
    monkeypatch.setattr(data, "_read", lambda name: raw if name == "card_texts.json" else _READ(name))
    data._load_texts()


def test_card_texts_are_validated_on_load(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match=r"1\.\.110"):
        _texts_with(monkeypatch, lambda raw: raw["strategy"].pop())
    with pytest.raises(ValueError, match="one line"):
        _texts_with(monkeypatch, lambda raw: raw["strategy"][0].update(short="two\nlines"))
    with pytest.raises(ValueError, match="full text"):
        _texts_with(monkeypatch, lambda raw: raw["strategy"][5].update(text=""))
    with pytest.raises(ValueError, match="Strike"):
        _texts_with(monkeypatch, lambda raw: raw["power"].pop("Strike"))
