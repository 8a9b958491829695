"""Issue 12: the front ends speak the language asked for: `agon rules --lang`, `agon play --lang`,
the server's catalogue for the web page."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from agon.cli.main import main
from agon.i18n import check_language, translator
from agon.server.app import Settings, create_app
from agon.testing import games_that


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    app = create_app(Settings(db=f"sqlite:///{tmp_path_factory.mktemp('i18n') / 'agon.db'}", bot_processes=0))
    with TestClient(app) as c:
        yield c


def test_the_catalogue_endpoint_gives_the_interface_and_the_games_words(client: TestClient) -> None:
    english = client.get("/api/i18n/en?game=1989")
    assert english.status_code == 200 and english.json() == {"lang": "en", "messages": {}, "contexts": {}, "plural": "(n != 1)"}
    greek = client.get("/api/i18n/el?game=dual-powers").json()
    assert greek["lang"] == "el" and isinstance(greek["messages"], dict) and isinstance(greek["contexts"], dict)
    assert all(isinstance(v, (str, list)) for v in greek["messages"].values())


def test_the_catalogue_endpoint_refuses_an_unknown_language_or_game(client: TestClient) -> None:
    bad = client.get("/api/i18n/fr")
    assert bad.status_code == 400 and "unknown language" in bad.json()["error"]
    assert client.get("/api/i18n/el?game=chess").status_code == 404


def test_an_unknown_language_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        check_language("fr")
    with pytest.raises(SystemExit):
        main(["rules", "dual-powers", "--lang", "fr"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err


@pytest.mark.parametrize(("game_id", "lang"), [
    (game, lang) for lang in ("el", "hu") for game in games_that(lambda game, lang=lang: game.rules_text(lang))])
def test_agon_rules_reads_the_reference_in_each_language(game_id: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game_id, "--lang", lang]) == 0
    out = capsys.readouterr().out
    english = translator("en")
    assert out.strip() and english.lang == "en"
    letters = [c for c in out if c.isalpha()]
    if lang == "el":  # most letters of a Greek reference are Greek
        assert sum("\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff" for c in letters) > len(letters) / 2
    else:  # a Hungarian one has its accented vowels
        assert sum(c in "áéíóöőúüűÁÉÍÓÖŐÚÜŰ" for c in letters) > len(letters) / 40
