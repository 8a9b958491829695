"""Languages: the interface and every game in English, Greek and Hungarian.

Catalogues are gettext `.po` files read with Babel when first needed: `agon/i18n/locale/<lang>.po`
for the interface (words of the terminal and the web page that belong to no game) and
`<game package>/locale/<lang>.po` for each game (its terms, templates, labels, card texts). English
is the message ids themselves; each domain's `messages.pot` lists them (`python -m
agon.i18n.extract`). A translation may inflect a term, `{space:ine}`: the term is looked up under
that case as the entry's context (see `agon.engine.text`).
"""

from __future__ import annotations

import gettext
import importlib.resources
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import cast

from agon.engine import ENGLISH, Translator, load

# the languages agon speaks, each by its own name
LANGUAGES: dict[str, str] = {"en": "English", "el": "Ελληνικά", "hu": "Magyar"}
INTERFACE = "interface"


def check_language(lang: str) -> str:
    """`lang` if agon speaks it; else a ValueError that lists the languages."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE) when agon speaks
    it, else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES and code != "c":
                return code
        if value:
            break  # the first variable set decides, as the C library reads them
    return "en"


@dataclass
class Catalogue:
    """One language of one domain: msgid -> translation (a tuple of forms for a plural entry), and
    the entries under a context (cases: context -> msgid -> form), and the plural rule of its
    Plural-Forms header: the C expression (`plural_expr`, which the web page reads too) and it as a
    function of the count."""

    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    contexts: dict[str, dict[str, str]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = field(default=lambda n: int(n != 1))
    plural_expr: str = "(n != 1)"

    def merged(self, other: Catalogue) -> Catalogue:
        """This catalogue with `other`'s entries over it (and its plural rule, unless `other` is
        empty: a game not translated yet keeps the language's rule)."""
        contexts = {k: dict(v) for k, v in self.contexts.items()}
        for context, entries in other.contexts.items():
            contexts.setdefault(context, {}).update(entries)
        rule = other if other.messages or other.contexts else self
        return Catalogue({**self.messages, **other.messages}, contexts, rule.plural_index, rule.plural_expr)


def locale_dir(domain: str) -> Traversable:
    """Where a domain's catalogues live: the interface's under agon/i18n, a game's beside its code."""
    if domain == INTERFACE:
        return importlib.resources.files("agon.i18n").joinpath("locale")
    package = type(load(domain)).__module__
    return importlib.resources.files(package).joinpath("locale")


@cache
def catalogue(domain: str, lang: str) -> Catalogue:
    """A domain's catalogue in `lang` (empty for English or a domain not yet translated); untranslated
    and fuzzy entries are left out, so the English shows."""
    check_language(lang)
    source = locale_dir(domain).joinpath(f"{lang}.po")
    if lang == "en" or not source.is_file():
        return Catalogue()
    from babel.messages.pofile import read_po  # Babel reads catalogues; only front ends need it

    with source.open("rb") as handle:
        parsed = read_po(handle, locale=lang)
    out = Catalogue(plural_index=gettext.c2py(parsed.plural_expr), plural_expr=parsed.plural_expr)
    for message in parsed:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = cast("tuple[str, ...]", tuple(message.string) if isinstance(message.string, (tuple, list))
                         else (message.string,))
            if all(forms):
                out.messages[message.id[0]] = forms
        elif message.string:
            msgid, text = cast(str, message.id), cast(str, message.string)  # (a singular message: both strings)
            if message.context:
                out.contexts.setdefault(message.context, {})[msgid] = text
            else:
                out.messages[msgid] = text
    return out


class CatalogueTranslator(Translator):
    """A Translator that reads a catalogue."""

    def __init__(self, lang: str, table: Catalogue) -> None:
        self.lang = lang
        self.table = table

    def gettext(self, msgid: str, context: str | None = None) -> str:
        found = self.table.contexts.get(context, {}).get(msgid) if context else self.table.messages.get(msgid)
        if found is None:
            return msgid
        return found if isinstance(found, str) else found[0]

    def has(self, msgid: str, context: str | None = None) -> bool:
        if context:
            return msgid in self.table.contexts.get(context, {})
        return msgid in self.table.messages

    def ngettext(self, one: str, other: str, n: int) -> str:
        forms = self.table.messages.get(one)
        if not isinstance(forms, tuple):
            return one if n == 1 else other
        index = self.table.plural_index(n)
        return forms[min(index, len(forms) - 1)]


def _table(lang: str, game: str | None) -> Catalogue:
    """The interface's catalogue in `lang`, with `game`'s entries over it."""
    table = catalogue(INTERFACE, check_language(lang))
    return table.merged(catalogue(load(game).id, lang)) if game is not None else table


@cache
def translator(lang: str, game: str | None = None) -> Translator:
    """The translator for `lang`: the interface's catalogue, with `game`'s over it."""
    if check_language(lang) == "en":
        return ENGLISH
    return CatalogueTranslator(lang, _table(lang, game))


def catalogue_json(lang: str, game: str | None = None) -> dict[str, object]:
    """What a web page needs to translate: {"lang", "messages": {msgid: text | [forms]},
    "contexts": {case: {msgid: text}}, "plural": the Plural-Forms rule that picks a form, as C}
    for the interface and `game`."""
    if check_language(lang) == "en":
        return {"lang": "en", "messages": {}, "contexts": {}, "plural": Catalogue.plural_expr}
    table = _table(lang, game)
    messages = {k: (v if isinstance(v, str) else list(v)) for k, v in table.messages.items()}
    return {"lang": lang, "messages": messages, "contexts": table.contexts, "plural": table.plural_expr}


def _(message: str) -> str:
    """Marks an interface string for the extractor; front ends translate it with their translator."""
    return message
