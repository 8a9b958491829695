"""`python -m agon.i18n.extract DOMAIN`: write a domain's catalogue template and merge it into its
translations.

DOMAIN is a game id or `interface`. The template (`messages.pot`) gathers (a) the literal messages in
the code (Babel's extractor; keywords `say`, `msg`, `plural`, `_`), (b) for a game, its declared terms
and card texts and every template, label, prompt and term met in seeded random games (each option
variant too), (c) for the interface, the web page's `t("...")` calls and `data-i18n` attributes. Then
each `<lang>.po` keeps its translations, gains the new ids (empty) and loses the dropped ones; entries
with a context (case forms, added by hand) are always kept. `--merge-only` skips (a)-(c) and merges
the committed template; `--lang` limits the merge to one language.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from agon.engine import ENGINE_VERSION, games, load
from agon.engine.text import ENGINE_MESSAGES
from agon.i18n import INTERFACE, LANGUAGES, locale_dir
from agon.i18n.collect import MessageId, game_terms, option_variants, random_game_ids

KEYWORDS = {"say": None, "msg": None, "plural": (1, 2), "_": None, "tr": None}
GAMES_PER_VARIANT = {"dual-powers": 12, "1989": 4, "intrigue-city": 10, "cuba-libre": 3}
ROOT = Path(__file__).resolve().parent.parent  # the agon package
JS_CALL = re.compile(r"""\bt\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
_JS_STRING = r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')"""
JS_PLURAL_CALL = re.compile(r"\btn\(\s*" + _JS_STRING + r"\s*,\s*" + _JS_STRING)  # tn("one", "other", ...)
HTML_ATTR = re.compile(r'data-i18n="([^"]*)"')


def code_ids(folder: Path) -> Iterator[MessageId]:
    """Literal messages in the Python code under `folder`."""
    for _, _, message, _, _ in extract_from_dir(str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS,
                                                comment_tags=(), strip_comment_tags=True):
        if isinstance(message, tuple):
            if message[0]:
                yield message[0], message[1] if len(message) > 1 and message[1] else None
        elif message:
            yield message, None


def web_ids(folder: Path) -> Iterator[MessageId]:
    """The web page's words: `t("...")` in its scripts, `data-i18n="..."` in its pages."""
    for path in sorted(folder.rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        for double, single in JS_CALL.findall(source):
            yield _js_literal(double or single), None
        for one_double, one_single, other_double, other_single in JS_PLURAL_CALL.findall(source):
            yield _js_literal(one_double or one_single), _js_literal(other_double or other_single)
    for path in sorted(folder.rglob("*.html")):
        for text in HTML_ATTR.findall(path.read_text(encoding="utf-8")):
            yield text.replace("&amp;", "&").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">"), None


def _js_literal(raw: str) -> str:
    """The text of a JavaScript string literal's body (its escapes read)."""
    return raw.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def domain_ids(domain: str, games_per_variant: int | None = None) -> dict[str, str | None]:
    """Every id of a domain: msgid -> plural msgid (None for a plain one)."""
    found: dict[str, str | None] = {}

    def add(ids: Iterable[MessageId]) -> None:
        for msgid, plural in ids:
            if plural is not None or msgid not in found:
                found[msgid] = plural

    if domain == INTERFACE:
        for part in ("cli", "i18n", "server"):
            add(code_ids(ROOT / part))
        add(web_ids(ROOT / "web" / "static"))
        add((message, None) for message in ENGINE_MESSAGES)
        return found
    game = load(domain)
    package = Path(sys.modules[type(game).__module__].__file__ or "").parent
    add(code_ids(package))
    add(game_terms(game))
    count = games_per_variant or GAMES_PER_VARIANT.get(domain, 4)
    for variant_index, options in enumerate(option_variants(game)):
        for seed in range(count if variant_index == 0 else max(1, count // 4)):
            add(random_game_ids(domain, 1000 * variant_index + seed, options))
    return found


def template(domain: str, ids: dict[str, str | None]) -> Catalog:
    catalog = _catalog(None, domain)
    for msgid in sorted(ids):
        plural = ids[msgid]
        catalog.add((msgid, plural) if plural is not None else msgid)
    return catalog


def _catalog(lang: str | None, domain: str | None) -> Catalog:
    name = LANGUAGES[lang] if lang else "English (the message ids)"
    return Catalog(locale=lang, domain=domain, project="agon", version=ENGINE_VERSION, charset="utf-8", fuzzy=False,
                   copyright_holder="the agon developers", msgid_bugs_address="",
                   last_translator="the agon developers", language_team=f"agon {name}",
                   header_comment=f"# agon: the {domain or 'interface'} catalogue, {name}.\n"
                                  "# Written by python -m agon.i18n.extract; translate the msgstr lines.")


def folder(domain: str) -> Path:
    return Path(str(locale_dir(domain)))


def write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, no_location=True, omit_header=False)
    text = buffer.getvalue().decode("utf-8")
    # the header's creation date changes on every run: leave it out so that the file only changes with its ids
    text = "\n".join(line for line in text.splitlines() if not line.startswith(('"POT-Creation-Date', '"PO-Revision-Date', '"Report-Msgid-Bugs-To')))
    path.write_text(text + "\n", encoding="utf-8")


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def merge(pot: Catalog, lang: str, path: Path, domain: str) -> tuple[int, int]:
    """Merge the template into one language's catalogue; (ids, untranslated ids)."""
    old = read(path, lang) if path.is_file() else Catalog(locale=lang)
    new = _catalog(lang, domain)
    total = untranslated = 0
    for message in pot:
        if not message.id:
            continue
        total += 1
        before = old.get(message.id)
        string = before.string if before is not None else ("", "") if isinstance(message.id, tuple) else ""
        if isinstance(message.id, tuple) and isinstance(string, str):
            string = (string, string)
        if not isinstance(message.id, tuple) and isinstance(string, tuple):
            string = string[0]
        new.add(message.id, string)
        if not (all(string) if isinstance(string, tuple) else string):
            untranslated += 1
    for message in old:
        if message.id and message.context:  # case forms are written by hand: keep them
            new.add(message.id, message.string, context=message.context)
    write(new, path)
    return total, untranslated


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agon.i18n.extract", description=__doc__.split("\n\n")[0])
    parser.add_argument("domain", choices=[*games(), INTERFACE])
    parser.add_argument("--merge-only", action="store_true", help="merge the committed template, do not extract")
    parser.add_argument("--lang", choices=[code for code in LANGUAGES if code != "en"], help="merge into this language only")
    parser.add_argument("--games", type=int, help="random games per option variant (default: per game)")
    args = parser.parse_args(argv)
    where = folder(args.domain)
    where.mkdir(parents=True, exist_ok=True)
    pot_path = where / "messages.pot"
    if args.merge_only:
        if not pot_path.is_file():
            print(f"{pot_path} does not exist yet: extract first", file=sys.stderr)
            return 1
        pot = read(pot_path)
    else:
        pot = template(args.domain, domain_ids(args.domain, args.games))
        write(pot, pot_path)
        print(f"{pot_path}: {len(pot)} ids")
    for lang in [args.lang] if args.lang else [code for code in LANGUAGES if code != "en"]:
        total, untranslated = merge(pot, lang, where / f"{lang}.po", args.domain)
        print(f"{where / (lang + '.po')}: {total} ids, {untranslated} untranslated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
