"""Issue 12: every catalogue complete, placeholders kept, every message a game shows in its catalogue,
a whole random game rendered in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from agon.engine import Text, load
from agon.engine.rng import Rng
from agon.engine.text import ENGINE_MESSAGES, placeholders
from agon.i18n import INTERFACE, LANGUAGES, locale_dir, translator
from agon.i18n.collect import game_terms, random_game_ids
from agon.i18n.extract import code_ids, web_ids
from agon.testing import games_that

GAMES = games_that(lambda game: game.languages())  # the declared games with catalogues of their own
DOMAINS = [INTERFACE, *GAMES]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def folder(domain: str) -> Path:
    return Path(str(locale_dir(domain)))


def entries(domain: str, name: str, lang: str | None = None) -> list:
    with (folder(domain) / name).open("rb") as handle:
        return [m for m in read_po(handle, locale=lang) if m.id]


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_domain_has_its_template_and_catalogues(domain: str) -> None:
    for name in ["messages.pot", *(f"{lang}.po" for lang in TRANSLATED)]:
        assert (folder(domain) / name).is_file(), f"{domain}: {name} is missing (python -m agon.i18n.extract {domain})"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_id_is_translated_with_the_same_placeholders(domain: str, lang: str) -> None:
    template = {m.id for m in entries(domain, "messages.pot")}
    catalogue = {(m.id, m.context): m for m in entries(domain, f"{lang}.po", lang)}
    problems: list[str] = []
    for msgid in sorted(template, key=str):
        found = catalogue.get((msgid, None))
        if found is None:
            problems.append(f"missing: {msgid!r}")
            continue
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(strings) or found.fuzzy:
            problems.append(f"untranslated: {msgid!r}")
            continue
        wanted = set().union(*(placeholders(i) for i in ids))
        for string in strings:
            got = placeholders(string)
            if got - wanted:
                problems.append(f"extra placeholder {sorted(got - wanted)} in {string!r} for {msgid!r}")
            missing = wanted - got
            # a plural form may leave its count out ("one day", "egy nap"); every other name must be there
            if len(missing) > (1 if len(ids) > 1 else 0):
                problems.append(f"missing placeholder {sorted(missing)} in {string!r} for {msgid!r}")
    for (msgid, context), message in catalogue.items():
        if context is None and msgid not in template:
            problems.append(f"not in the template: {msgid!r}")
        if context is not None and placeholders(str(message.string)):
            problems.append(f"a case form has placeholders: {context} {msgid!r}")
    assert not problems, f"{domain} {lang}: {len(problems)} problems, first: " + "; ".join(problems[:8])


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_holds_every_literal_message_of_the_code(domain: str) -> None:
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in entries(domain, "messages.pot")}
    if domain == INTERFACE:
        root = Path(__file__).resolve().parents[2] / "agon"
        found = {i for part in ("cli", "i18n", "server") for i, _ in code_ids(root / part)}
        found |= {i for i, _ in web_ids(root / "web" / "static")} | set(ENGINE_MESSAGES)
    else:
        game = load(domain)
        package = Path(str(locale_dir(domain))).parent
        found = {i for i, _ in code_ids(package)} | {i for i, _ in game_terms(game)}
    missing = sorted(found - template)
    assert not missing, f"{domain}: {len(missing)} ids not in messages.pot (run python -m agon.i18n.extract {domain}): {missing[:8]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_message_of_a_random_game_is_in_the_template(game_id: str) -> None:
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in entries(game_id, "messages.pot")}
    missing = sorted({i for i, _ in random_game_ids(game_id, 424242)} - template)
    assert not missing, f"{game_id}: {len(missing)} ids met in play are not in messages.pot: {missing[:8]}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_renders_in_every_language(game_id: str, lang: str) -> None:
    """Every log line, prompt and label of a random game, and the board, rendered without an error
    or a placeholder left unfilled."""
    tr = translator(lang, game_id)
    game = load(game_id)
    state = game.new(77)
    chooser = Rng(78)
    shown = 0
    while state.active:
        role = state.active[chooser.below(len(state.active))]
        prompt = state.prompt(role)
        for message in [prompt.question, *prompt.messages]:
            _check(tr.text(message), message)
        state.apply(role, prompt.actions[chooser.below(len(prompt.actions))])
        shown += 1
        if shown % 50 == 0:
            game.render(state.view(role), role, tr=tr)
    for entry in state.log:
        _check(tr.text(Text(entry.text, entry.args)), Text(entry.text, entry.args))
    board = game.render(state.view(None), None, tr=tr)
    assert board


def _check(rendered: str, message: Text) -> None:
    left = {name for name in message.args if "{" + name in rendered}
    assert not left, f"{rendered!r}: {sorted(left)} not filled"


def test_no_marked_message_hides_inside_an_f_string() -> None:
    """Babel's extractor reads an f-string as one token, so `_("...")` or `tr("...")` inside one never
    reaches the catalogue: every marked message stands outside f-strings."""
    root = Path(__file__).resolve().parents[2] / "agon"
    hidden = re.compile(r"""\bf(["'])[^"'\n]*\{[^}\n]*\b(?:_|tr|msg|say)\(\s*["']""")
    found = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if hidden.search(line)]
    assert not found, f"marked messages inside f-strings: {found[:8]}"
