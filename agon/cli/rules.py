"""`agon rules GAME [--cards | --card N]`: the rules reference and the card texts, from the package."""

from __future__ import annotations

import importlib.resources

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from agon.engine import Game

Card = dict[str, object]


def rules_text(game: Game) -> str | None:
    """The player's rules reference shipped inside the package (agon/rules/<game>.md), or None."""
    source = importlib.resources.files("agon").joinpath("rules", game.rules_doc or f"{game.id}.md")
    return source.read_text(encoding="utf-8") if source.is_file() else None


def find_card(game: Game, wanted: str) -> Card:
    """A card of the catalogue by its number (id) or its name, case-insensitively."""
    wanted = wanted.strip().lower()
    catalogue = game.cards()
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
    return f"[bold]{escape(str(card['id']))} {escape(str(card['name']))}[/bold]\n{escape(str(card['text']))}"


def show_rules(console: Console, game: Game, cards: bool = False, card: str | None = None) -> int:
    if card is not None:
        console.print(card_text(find_card(game, card)))
        return 0
    if cards:
        catalogue = game.cards()
        if not catalogue:
            console.print(f"{game.title} has no cards to list.")
            return 1
        for entry in catalogue:
            console.print(card_text(entry) + "\n")
        return 0
    text = rules_text(game)
    if text is None:
        console.print(f"No rules reference for {game.id} in this installation.")
        return 1
    console.print(Markdown(text))
    return 0
