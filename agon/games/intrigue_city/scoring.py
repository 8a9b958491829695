"""End of round (IC-7), Change of Era voting (IC-8) and final scoring (IC-9) of Intrigue City."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import Action, msg
from agon.games.intrigue_city import text
from agon.games.intrigue_city.data import (
    EQUILIBRIUM_PER_GUILD,
    GUILD_NAMES,
    GUILDS,
    POWER_INDEX,
    POWER_NAMES,
    POWER_VALUE,
    TRACK,
)
from agon.games.intrigue_city.effects import guild_sum

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.intrigue_city.rules import IntrigueState

ERAS = ("I", "II", "III", "IV")


def end_round(s: IntrigueState) -> None:
    """IC-7.2 to IC-7.5: Equilibrium cards, pawns back, round marker on."""
    limit = s.options["limit_equilibrium"]
    inf, eq, quiet = s._inf, s.eq, s.quiet
    # the players in turn order: the order the log tells and the limited stacks are taken in (with
    # neither, every player takes every card their board earns, in any order)
    order = sorted(range(s.n), key=lambda q: (s.pos[q], s.arr[q])) if limit or not quiet else range(s.n)
    anybody = False
    for p in order:
        got = [g for g, x in enumerate(inf[p * 6:p * 6 + 6]) if x == 6]  # IC-7.2: influence 6 (IC-2.4)
        if limit:  # GAP-14 option: a guild's stack of 15 can run out (taken in turn order)
            got = [g for g in got if sum(eq[q * 6 + g] for q in range(s.n)) < EQUILIBRIUM_PER_GUILD]
        for g in got:
            eq[p * 6 + g] += 1
            if not quiet:
                s.say("You take an Equilibrium card of {guild}", to=s.roles[p], guild=GUILD_NAMES[GUILDS[g]])
        if got and not quiet:
            s.say("{role} takes Equilibrium cards: {n}", role=s.player(p), n=len(got))  # IC-7.3 hidden guilds
        anybody = anybody or bool(got)
    if not anybody and not quiet:  # IC-7.2: the round's end said nothing when nobody scored (issue 34 item 7)
        s.say("Nobody takes an Equilibrium card: no guild of any board is at influence 6")
    s.pawns = [1] * (2 * s.n)  # IC-7.4
    s.occ = [()] * len(s.board)
    s._occupied = 0
    s.tpos += 1  # IC-7.5
    if TRACK[s.tpos].startswith("CoE"):
        start_era(s)
    else:
        if not s.quiet:
            s.say("Round {r} begins", r=TRACK[s.tpos])
        s.start_turn()


def start_era(s: IntrigueState) -> None:
    """IC-8.2: every player draws the top 3 cards of their Guild Power deck; all vote at once."""
    if not s.quiet:
        s.say("Change of Era {era}", era=ERAS[s.tpos // 3])
    for p in range(s.n):
        s.drawn[p] = s.decks[p][:3]
        s.decks[p] = s.decks[p][3:]
        if not s.quiet:
            s.say("You draw {cards}", to=s.roles[p], cards=text.comma_list([text.power_card(c, s.n) for c in s.drawn[p]]))
    s.votes = [None] * s.n
    s.reveal()
    s.phase = "vote"
    s.act = list(s.roles)


VOTES = tuple(Action("vote", name) for name in POWER_NAMES)


def vote_actions(s: IntrigueState, p: int) -> list[Action]:
    out = [VOTES[c] for c in s.drawn[p]]
    if s.options["blank_vote"] and not s.blank_used[p]:  # IC-V.4 once per game
        out.append(Action("blank", None))
    return out


def cast_vote(s: IntrigueState, p: int, action: Action) -> None:
    """Record one secret vote; the reveal happens when the last vote arrives."""
    s.votes[p] = -1 if action.verb == "blank" else s.drawn[p].index(POWER_INDEX[action.arg])
    if not s.quiet:
        s.say("{role} has voted", role=s.player(p))
        kept = msg("a Blank Vote") if action.verb == "blank" else text.power_card(POWER_INDEX[action.arg], s.n)
        s.say("You keep {card}", to=s.roles[p], card=kept)
    s.act = [s.roles[q] for q in range(s.n) if s.votes[q] is None]
    if not s.act:
        resolve_era(s)


def resolve_era(s: IntrigueState) -> None:
    era = s.tpos // 3
    n = s.n
    for p in range(n):
        drawn, vote = s.drawn[p], s.votes[p]
        if vote == -1:  # IC-V.4 the card goes face down beside the board and never counts
            s.blank_used[p] = True
            s.discards[p] = s.discards[p] + drawn
            if not s.quiet:
                s.say("{role} casts a Blank Vote", role=s.player(p))
        else:
            assert vote is not None, "every player has voted when the era resolves (IC-8.2)"
            kept = drawn[vote]
            s.discards[p] = s.discards[p] + [c for i, c in enumerate(drawn) if i != vote]  # IC-8.2 hidden
            if era < 2:  # IC-8.3 open vote
                g = kept // 2
                s.power[g] += POWER_VALUE[kept][n]
                s.shown = [*s.shown, (p, kept)]
                if not s.quiet:
                    s.say("{role} votes {guild} +{n}", role=s.player(p), guild=GUILD_NAMES[GUILDS[g]], n=POWER_VALUE[kept][n])
            else:  # IC-8.4 face down on the common pile
                s.pile = [*s.pile, (p, kept, era)]  # the era is public: the reveal names it
                if not s.quiet:
                    s.say("{role} puts a card face down on the pile", role=s.player(p))
        s.drawn[p] = []
    s.votes = [None] * n
    if n == 2 and era < 2:  # IC-2P.6, AMB-8: Neutral card in CoE I and II only
        c = s.neutral[0]
        s.neutral = s.neutral[1:]
        s.neutral_shown = [*s.neutral_shown, c]
        s.power[c // 2] += POWER_VALUE[c][2]
        if not s.quiet:
            s.say("The Neutral deck reveals {guild} +{n}", guild=GUILD_NAMES[GUILDS[c // 2]], n=POWER_VALUE[c][2])
    s.reveal()
    s.tpos += 1  # IC-8.7
    if s.tpos >= len(TRACK):
        final_scoring(s)  # IC-1.5
    else:
        if not s.quiet:
            s.say("Round {r} begins", r=TRACK[s.tpos])
        s.start_turn()


def final_scoring(s: IntrigueState) -> None:
    """IC-9: Grand Schemer, reveal of the CoE III/IV pile, VP, winner and tie-breaks."""
    n = s.n
    schemer = grand_schemers(s)  # IC-9.1
    for p, c, era in s.pile:  # IC-9.3
        s.power[c // 2] += POWER_VALUE[c][n]
        if not s.quiet:
            s.say("{role}'s hidden vote of Change of Era {era}: {guild} +{n}", role=s.player(p), era=ERAS[era],
                  guild=GUILD_NAMES[GUILDS[c // 2]], n=POWER_VALUE[c][n])
    s.shown = s.shown + [(p, c) for p, c, _era in s.pile]
    s.pile = []
    s.reveal()
    s.final = score(s, schemer)
    s.phase = "over"
    s.act = []
    if not s.quiet:
        for r in s.roles:  # IC-9.4 a-e, IC-9.5: each part of the score
            part = s.final["breakdown"][r]
            s.say("{role} scores {vp} VP: Grand Schemer {schemer}, Strong Favours {favours}, variety {variety}, "
                  "full board {board36}, Equilibrium cards x guild power {equilibrium}, Blank Vote {blank}",
                  role=text.player_name(r), vp=s.final["scores"][r], **part)
        s.say("Winner: {winners}", winners=text.and_list([text.player_name(w) for w in s.final["winners"]]))


def grand_schemers(s: IntrigueState) -> tuple[int, ...]:
    """IC-9.1 highest intrigue; ties (AMB-12) by the schemer_tie option, default the top of the stack."""
    top = max(s.pos)
    tied = sorted((p for p in range(s.n) if s.pos[p] == top), key=lambda p: s.arr[p])
    rule = s.options["schemer_tie"]
    if len(tied) == 1 or rule == "top":
        return (tied[-1],)
    if rule == "bottom":
        return (tied[0],)
    return tuple(tied) if rule == "shared" else ()


def score(s: IntrigueState, schemer: int | tuple[int, ...]) -> dict[str, Any]:
    """IC-9.4 to IC-9.6 (formula IC-9.7)."""
    schemers = (schemer,) if isinstance(schemer, int) else schemer
    n = s.n
    variety = [sum(1 for g in range(6) if s.eq[p * 6 + g]) for p in range(n)]
    best_variety = max(variety)
    parts: dict[str, dict[str, int]] = {}
    for p in range(n):
        b = p * 18
        total = sum(guild_sum(s.cu, b, g) for g in range(6))
        row = {
            "schemer": 3 if p in schemers else 0,  # a
            "favours": sum(1 for g in range(6) if s.fav[p * 6 + g] == 2),  # b (IC-6.9)
            "variety": 5 if variety[p] == best_variety and best_variety > 0 else 0,  # c, AMB-13
            "board36": 5 if total == 36 else 0,  # d
            "equilibrium": sum(s.eq[p * 6 + g] * s.power[g] for g in range(6)),  # e
            "blank": -2 if s.blank_used[p] else 0,  # IC-9.5
        }
        parts[s.roles[p]] = row
    scores = {r: sum(row.values()) for r, row in parts.items()}
    key = {
        s.roles[p]: (scores[s.roles[p]], sum(s.eq[p * 6:p * 6 + 6]), variety[p]) for p in range(n)
    }  # IC-9.6 tie-breaks
    top = max(key.values())
    winners = [r for r in s.roles if key[r] == top]
    return {
        "winners": winners,
        "scores": scores,
        "reason": "final scoring",
        "breakdown": parts,
        "schemer": s.roles[schemers[0]] if len(schemers) == 1 else [s.roles[p] for p in schemers],
        "power": {GUILDS[g]: s.power[g] for g in range(6)},
        "equilibrium": {s.roles[p]: {GUILDS[g]: s.eq[p * 6 + g] for g in range(6)} for p in range(n)},
    }
