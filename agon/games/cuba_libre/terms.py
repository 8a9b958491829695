"""Every word Cuba Libre shows that is not a literal template in its code: the game's terms for the
catalogues (agon/i18n). At the top of the package's stack: it reads the words of every layer."""

from __future__ import annotations

from agon.games.cuba_libre import chronicle, deception, propaganda, rules, turn
from agon.games.cuba_libre.activities import SA_TITLES
from agon.games.cuba_libre.data import ALLIANCE, CARD_TEXTS, FACTION_NAMES, LEVELS, NAMES, PIECE_NAMES, ROLES, TITLE
from agon.games.cuba_libre.op_spaces import OP_TITLES
from agon.games.cuba_libre.text import label_words, piece_words


def terms() -> list[str]:
    """Spaces, factions, pieces, levels, Operations and Special Activities, card names and texts, the
    label templates kept in tables, and the words of the board (CL terms), each once."""
    words: list[str] = [*NAMES, *FACTION_NAMES, *ROLES, *PIECE_NAMES, *piece_words(),
                        *LEVELS.values(), *ALLIANCE, *OP_TITLES.values(), *SA_TITLES.values(), *TITLE.values(),
                        *label_words(), *chronicle.STATES.values(), *deception.MIX,
                        *(line for pair in [*chronicle.LINES.values(), *chronicle.MARKERS.values()] for line in pair),
                        *rules.SOLO_TITLES, *propaganda.END_REASONS, *turn.PROMPT_WORDS,
                        "shaded", "unshaded", "no one", "nobody", "(face down)", "setup", "card", "propaganda", "over",
                        "Stalemate!", "Model Counterinsurgency!", "Model Rebellion!"]
    for sides in CARD_TEXTS["events"].values():
        for side in sides.values():
            words += [side["short"], side["text"]]
    words += [CARD_TEXTS["propaganda"]["short"], CARD_TEXTS["propaganda"]["text"]]
    return list(dict.fromkeys(words))
