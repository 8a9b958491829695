"""Count two Non-player Event defects over games with four Non-players (issue 32):

- skipped Manifesto placements (CL 8.4.3, card 19): a Non-player offered a placement on the
  Sierra Maestra Manifesto (a space to place in, or a piece to place) that ends it ("skip"/"done");
- wrong beneficiaries (CL 8.4.4 Who): an Event placement or replacement by a Non-player that puts
  in a piece of another faction while one of its own was offered, or a player faction's piece
  while a Non-player's was offered (an Event that places only a player's pieces is no choice).

`python -m tests.games.cuba_libre.np_event_count [--games 100] [--first-seed 0] [--players 0]`
prints the two counts and the games they occur in; `count()` returns them for tests.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any

from agon.engine import load
from agon.games.cuba_libre.data import OWNER, PIECE_INDEX, ROLES
from agon.games.cuba_libre.nonplayer import NonPlayerBot

MANIFESTO = 19
EVENT_STEPS = ("ev_choice", "ev_place", "evx_pick")


@dataclass
class Counts:
    games: int = 0
    skipped_manifesto: int = 0
    skipped_games: set[int] = field(default_factory=set)
    wrong_beneficiary: int = 0
    wrong_games: set[int] = field(default_factory=set)
    wrong_cards: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        cards = ", ".join(f"{card}: {n}" for card, n in sorted(self.wrong_cards.items()))
        return (f"{self.games} games: {self.skipped_manifesto} skipped Manifesto placements "
                f"(in {len(self.skipped_games)} games); {self.wrong_beneficiary} Event placements benefiting "
                f"a faction other than the executor or a Non-player (in {len(self.wrong_games)} games)"
                + (f" by card {{{cards}}}" if cards else ""))


def placed_owner(verb: str, arg: Any) -> int:
    """The faction whose piece an Event action puts on the map (-1: none)."""
    if verb == "place" and isinstance(arg, tuple) and len(arg) == 2 and arg[1] in PIECE_INDEX:
        return OWNER[PIECE_INDEX[arg[1]]]
    if verb == "replace" and isinstance(arg, tuple) and len(arg) == 3 and arg[2] in PIECE_INDEX:
        return OWNER[PIECE_INDEX[arg[2]]]
    return -1


def in_event(state: Any) -> bool:
    return any(fr["step"] == "ev_end" for fr in state.stack)


def audit(state: Any, role: str, verb: str, arg: Any, seed: int, counts: Counts) -> None:
    """Check one Non-player decision (before it is applied)."""
    fr = state.stack[-1]
    if not in_event(state) or fr["step"] not in EVENT_STEPS:
        return
    f = ROLES.index(role)
    legal = [(a.verb, a.arg) for a in state.legal_actions(role)]
    if state.current == MANIFESTO and verb in ("skip", "done") and any(v in ("space", "place") for v, _ in legal):
        counts.skipped_manifesto += 1
        counts.skipped_games.add(seed)
    owner = placed_owner(verb, arg)
    if owner < 0:
        return
    offered = {placed_owner(v, a) for v, a in legal} - {-1}
    own_offered = f in offered
    nonplayer_offered = any(not state.is_player(o) for o in offered)
    if (owner != f and own_offered) or (state.is_player(owner) and nonplayer_offered):
        counts.wrong_beneficiary += 1
        counts.wrong_games.add(seed)
        key = str(state.current)
        counts.wrong_cards[key] = counts.wrong_cards.get(key, 0) + 1


def count(games: int = 100, first_seed: int = 0, players: int = 0) -> Counts:
    """Play `games` games whose Non-player seats are played by the Non-player bot (the player
    seats too: the bot models them) and count the two defects."""
    counts = Counts()
    game = load("cuba-libre")
    for seed in range(first_seed, first_seed + games):
        state = game.new(seed, players=players)
        bots = {role: NonPlayerBot(seed=seed * 1000 + i + 1) for i, role in enumerate(ROLES)}
        while state.active:
            role = state.active[0]
            action = bots[role].choose(state, role)
            if not state.is_player(ROLES.index(role)):
                audit(state, role, action.verb, action.arg, seed, counts)
            state.apply(role, action)
        counts.games += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=0)
    args = parser.parse_args()
    print(count(args.games, args.first_seed, args.players).summary())


if __name__ == "__main__":
    main()
