"""`agon rules GAME [--cards | --card N] [--lang L]`: the rules reference and the card texts, from the
package, in English, Greek or Hungarian."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from agon.engine import ENGLISH, Game, Translator
from agon.i18n import _, translator

Card = dict[str, object]


def rules_text(game: Game, lang: str = "en") -> str | None:
    """The player's rules reference shipped with the game (`Game.rules_text`), or None."""
    return game.rules_text(lang)


def translated_cards(game: Game, tr: Translator = ENGLISH) -> list[Card]:
    """The card catalogue with its names and texts in the translator's language."""
    out: list[Card] = []
    for card in game.cards():
        entry: Card = dict(card)
        for key in ("name", "short", "text"):
            if isinstance(card.get(key), str):
                entry[key] = tr.term(str(card[key]))
        sides = card.get("sides")
        if isinstance(sides, dict):
            entry["sides"] = {side: {k: tr.term(v) if isinstance(v, str) else v for k, v in words.items()}
                              if isinstance(words, dict) else words for side, words in sides.items()}
        out.append(entry)
    return out


def find_card(game: Game, wanted: str, catalogue: list[Card] | None = None) -> Card:
    """A card of the catalogue (by default the English one) by its number (id) or its name,
    case-insensitively."""
    wanted = wanted.strip().lower()
    catalogue = game.cards() if catalogue is None else catalogue
    for card in catalogue:
        if str(card["id"]).lower() == wanted or str(card["name"]).lower() == wanted:
            return card
    matches = [card for card in catalogue if wanted and wanted in str(card["name"]).lower()]
    if len(matches) == 1:
        return matches[0]
    if not catalogue:
        raise ValueError(f"{game.id} has no card catalogue")
    hint = ", ".join(str(c["name"]) for c in matches[:6]) if matches else "`agon rules " + game.id + " --cards` lists them"
    raise ValueError(f"no single card {wanted!r} in {game.id}: {hint}")


def card_text(card: Card) -> str:
    """A card in full: number and name in bold, then its text (rich markup)."""
    return f"[bold]#{escape(str(card['id']))} {escape(str(card['name']))}[/bold]\n{escape(str(card['text']))}"


def show_rules(console: Console, game: Game, cards: bool = False, card: str | None = None, lang: str = "en") -> int:
    tr = translator(lang, game.id)
    catalogue = translated_cards(game, tr)
    if card is not None:
        console.print(card_text(find_card(game, card, catalogue)))
        return 0
    if cards:
        if not catalogue:
            console.print(escape(tr(_("{game} has no cards to list."), game=game.title)))
            return 1
        for entry in catalogue:
            console.print(card_text(entry) + "\n")
        return 0
    text = rules_text(game, lang)
    if text is None:
        console.print(escape(tr(_("No rules reference for {game} in this language in this installation."), game=game.id)))
        return 1
    console.print(Markdown(text))
    return 0
