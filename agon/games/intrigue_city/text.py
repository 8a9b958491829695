"""Intrigue City text: prompts, action labels, views (what each role may see) and the terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.intrigue_city.data import (
    CARDS,
    FAVOURS,
    FAVOURS_PER_GUILD,
    GI,
    GUILD_NAMES,
    GUILDS,
    PLAYER_COLOURS,
    POWER_INDEX,
    POWER_NAMES,
    POWER_VALUE,
    TRACK,
)
from agon.games.intrigue_city.effects import guild_sum

if TYPE_CHECKING:
    from agon.games.intrigue_city.rules import IntrigueState

SIDES = ("", "Weak", "Strong")
EXEC_ASKS = {"chosen": "the Chosen guild", "place": "the value of the cube to place",
             "remove": "the value of the cube to remove", "move": "the cube to move",
             "back": "the value of the cube to move back", "from": "the guild to move a cube from"}
PAWN_NAMES = ("offensive", "defensive")
GUILD_LABELS = {"chosen": "Choose {}", "from": "Move a cube in from {}"}  # the arg is a guild id
CUBE_LABELS = {"back": "Move a {}-cube back", "place": "Place a {}-cube from the Bank",
               "remove": "Remove a {}-cube to the Bank"}  # the arg is a cube value


def describe_ops(ops: tuple[Any, ...]) -> str:
    parts = []
    for op in ops:
        if op[0] == "P":
            parts.append(f"a {op[2]} placed in {GUILD_NAMES[GUILDS[op[1]]]}")
        elif op[0] == "R":
            parts.append(f"a {op[2]} removed from {GUILD_NAMES[GUILDS[op[1]]]}")
        else:
            parts.append(f"a {op[3]} moved from {GUILD_NAMES[GUILDS[op[1]]]} to {GUILD_NAMES[GUILDS[op[2]]]}")
    return "; ".join(parts)


def power_card(c: int, n: int) -> str:
    """A Guild Power card as a player reads it: its guild and its value at this player count (IC-8.5)."""
    return f"{GUILD_NAMES[GUILDS[c // 2]]} +{POWER_VALUE[c][n]}"


FAVOUR_USES = {"pre_offensive": "your offensive pawn may go on an occupied card",
               "pre_defensive": "your defensive pawn may go on an occupied card"}


def favour_use(g: str, side: int) -> str:
    """What a pre-placement Favour card does (FAV-ES, FAV-BoS), for its label."""
    fav = FAVOURS[g]
    parts = [FAVOUR_USES.get(fav["window"], "")]
    if "intrigue" in fav:
        d = fav["intrigue"]["strong" if side == 2 else "weak"]
        parts.append(f"intrigue move {d:+d}")
    if "strong_bonus" in fav and side == 2:
        parts.append("and take the Weak Favour card of the guild you target")
    return "; ".join(p for p in parts if p)


def label(s: IntrigueState, a: Action) -> str:
    v, x = a.verb, a.arg
    if v == "guild":
        cubes = "+".join(map(str, s.sets[s.set_i]))
        return f"Put the {cubes} set into {GUILD_NAMES[x]}"
    if v == "favour":
        who = s.tp if s.phase == "react" else s.cur
        side = s.fav[who * 6 + GI[x]]
        use = favour_use(x, side) if s.phase == "turn" else ""
        return f"Use your {SIDES[side]} {GUILD_NAMES[x]} Favour card" + (f" ({use})" if use else "")
    if v in PAWN_NAMES:
        taken = " (occupied)" if s.occ[x] else ""
        n = s.spiders[x]
        return f"{v.capitalize()} pawn on {CARDS[s.board[x]]['name']}, {n} spider{'s' if n > 1 else ''}{taken}"
    if v == "card":
        return f"Carry out {CARDS[s.card]['name']}"
    if v == "hand":
        return f"Discard {CARDS[x]['name']} from your hand and carry it out instead"
    if v == "target":
        board = "your own board" if x[0] == s.roles[s.cur] else f"{x[0]}'s board"
        return f"Target {GUILD_NAMES[x[1]]} on {board}"
    if v in GUILD_LABELS:
        return GUILD_LABELS[v].format(GUILD_NAMES[x])
    if v == "move":
        if isinstance(x, tuple):
            return f"Move a {x[2]}-cube from {GUILD_NAMES[x[0]]} to {GUILD_NAMES[x[1]]}"
        return f"Move a {x}-cube"
    if v in CUBE_LABELS:
        return CUBE_LABELS[v].format(x)
    if v == "pass":
        return "Pass"
    if v == "vote":
        return f"Vote {power_card(POWER_INDEX[x], s.n)}"
    if v == "blank":
        return "Cast your Blank Vote (-2 VP at the end)"
    return str(a)


def prompt(s: IntrigueState, role: str) -> tuple[str, dict[str, Any]]:
    ph = s.phase
    if ph == "setup":
        return "{role}: choose a guild for your {set} set", {"role": role, "set": "+".join(map(str, s.sets[s.set_i]))}
    if ph == "turn":
        p = s.cur
        if s.tfav >= 0:  # IC-4.1 a: a pre-placement Favour card decides the pawn, and any card will do
            pawn = "defensive" if FAVOURS[GUILDS[s.tfav]]["window"] == "pre_defensive" else "offensive"
            return "{role}: place your {pawn} pawn on any card ({guild} Favour card)", {
                "role": role, "pawn": pawn, "guild": GUILD_NAMES[GUILDS[s.tfav]]}
        left = [PAWN_NAMES[k] for k in (0, 1) if s.pawns[2 * p + k]]
        return "{role}: place a pawn ({pawns} left)", {"role": role, "pawns": " and ".join(left)}
    if ph == "hand":
        return "{role}: carry out {card} or a card from your hand", {"role": role, "card": CARDS[s.card]["name"]}
    if ph == "target":
        return "{role}: choose the target guild for {card}", {"role": role, "card": CARDS[s.card]["name"]}
    if ph == "exec":
        what = CARDS[s.card]["name"] if s.enext == "action" else f"the {GUILD_NAMES[GUILDS[s.xfav[0]]]} Favour card"
        verbs = {d[s.dec].verb for d, _ in s.execs}
        ask = EXEC_ASKS.get(verbs.pop(), "what to do") if len(verbs) == 1 else "what to do"
        return "{role}: {card}: choose {ask}", {"role": role, "card": what, "ask": ask}
    if ph == "react":
        return "{role}: {attacker} attacked your {guild}; use a Favour card?", {
            "role": role, "attacker": s.roles[s.cur], "guild": GUILD_NAMES[GUILDS[s.tg]]}
    if ph == "post":
        return "{role}: use a Favour card on your own {guild}?", {"role": role, "guild": GUILD_NAMES[GUILDS[s.tg]]}
    if ph == "vote":
        return "{role}: Change of Era {era}: keep one Guild Power card", {"role": role, "era": TRACK[s.tpos][4:]}
    return "The game is over", {}


def _player_view(s: IntrigueState, p: int, role: str | None, over: bool) -> dict[str, Any]:
    me = role == s.roles[p]
    b = p * 18
    cubes = {GUILDS[g]: [v for v in (1, 2, 3) for _ in range(s.cu[b + g * 3 + v - 1])] for g in range(6)}
    eq_total = sum(s.eq[p * 6:p * 6 + 6])
    view: dict[str, Any] = {
        "role": s.roles[p],
        "colour": PLAYER_COLOURS[p],
        "intrigue": s.pos[p],
        "pawns": [PAWN_NAMES[k] for k in (0, 1) if s.pawns[2 * p + k]],
        "board": cubes,
        "influence": {GUILDS[g]: guild_sum(s.cu, b, g) for g in range(6)},
        "total": sum(guild_sum(s.cu, b, g) for g in range(6)),
        "favours": {GUILDS[g]: SIDES[s.fav[p * 6 + g]].lower() for g in range(6) if s.fav[p * 6 + g]},
        "equilibrium_cards": eq_total,
        "power_deck": len(s.decks[p]),
        "blank_used": s.blank_used[p],
    }
    if me or over:  # IC-7.3: which guilds stays hidden until the end
        view["equilibrium"] = {GUILDS[g]: s.eq[p * 6 + g] for g in range(6) if s.eq[p * 6 + g]}
    if s.n == 2:
        view["hand"] = list(s.hands[p]) if me else len(s.hands[p])
    if s.phase == "vote":
        view["voted"] = s.votes[p] is not None
        view["drawn"] = [POWER_NAMES[c] for c in s.drawn[p]] if me else len(s.drawn[p])
        if me and s.votes[p] is not None:
            view["vote"] = "blank" if s.votes[p] == -1 else POWER_NAMES[s.drawn[p][s.votes[p]]]
    return view


def view(s: IntrigueState, role: str | None) -> dict[str, Any]:
    over = s.phase == "over"
    n = s.n
    order = sorted(range(n), key=lambda p: (s.pos[p], s.arr[p]))
    return {
        "players": [_player_view(s, p, role, over) for p in range(n)],
        "cards": [
            {"pos": i, "card": c, "name": CARDS[c]["name"], "spiders": s.spiders[i],
             "pawns": [[s.roles[p], PAWN_NAMES[k]] for p, k in s.occ[i]]}
            for i, c in enumerate(s.board)
        ],
        "intrigue_order": [s.roles[p] for p in order],
        "power": {GUILDS[g]: s.power[g] for g in range(6)},
        "round": TRACK[min(s.tpos, len(TRACK) - 1)],
        "round_pos": s.tpos,
        "phase": s.phase,
        "turn": None if s.cur < 0 else {
            "player": s.roles[s.cur],
            "pawn": PAWN_NAMES[s.pawn] if s.pawn >= 0 else None,
            "card": s.card or None,
            "target": [s.roles[s.tp], GUILDS[s.tg]] if s.tp >= 0 else None,
        },
        "bank": {str(v): s.bank[v - 1] for v in (1, 2, 3)},
        "bank_limited": not s.options["unlimited_bank"],
        "favour_supply": {GUILDS[g]: FAVOURS_PER_GUILD - sum(1 for p in range(n) if s.fav[p * 6 + g]) for g in range(6)},
        "pile": len(s.pile),
        "my_pile": [POWER_NAMES[c] for p, c in s.pile if s.roles[p] == role],
        "votes_shown": [[s.roles[p], POWER_NAMES[c]] for p, c in s.shown],
        "neutral_shown": [POWER_NAMES[c] for c in s.neutral_shown],
        "hand_cards_used": list(s.used_hand),
    }


def catalogue() -> list[dict[str, Any]]:
    """The action cards, then the Guild Favour cards: id (a number), name, code, short and full text."""
    out: list[dict[str, Any]] = [
        {"id": i, "name": card["name"], "code": cid, "kind": "action", "short": card["short"], "text": card["text"]}
        for i, (cid, card) in enumerate(CARDS.items(), 1)
    ]
    for g, fav in FAVOURS.items():
        out.append({"id": len(out) + 1, "name": f"{GUILD_NAMES[g]} Favour", "code": f"favour-{g}", "kind": "favour",
                    "short": fav["short"], "text": fav["text"]})
    return out


def render(v: dict[str, Any], role: str | None) -> str:
    """The terminal board: central board, tracks, then every personal board."""
    lines = [f"[bold]Intrigue City[/bold]  round track: [cyan]{v['round']}[/cyan]  phase: {v['phase']}"]
    lines.append("Guild power: " + "  ".join(f"{g} {n}" for g, n in v["power"].items()))
    lines.append("Intrigue (behind → ahead): " + " < ".join(
        f"{r} {next(p['intrigue'] for p in v['players'] if p['role'] == r)}" for r in v["intrigue_order"]))
    bank = v["bank"]
    piles = f"1×{bank['1']} 2×{bank['2']} 3×{bank['3']}" if v.get("bank_limited", True) else "unlimited"
    lines.append(f"Bank: {piles}   CoE pile: {v['pile']} face down")
    lines.append("[bold]Action cards[/bold]")
    for c in v["cards"]:
        pawns = ", ".join(f"{r} {k}" for r, k in c["pawns"])
        mark = f"  [red]← {pawns}[/red]" if pawns else ""
        lines.append(f"  {c['pos']:>2}. {c['name']:<24} {'*' * c['spiders']:<5}{mark}")
    if v.get("turn"):
        t = v["turn"]
        lines.append(f"Turn: {t['player']} ({t['pawn'] or 'choosing'})" + (
            f" on {CARDS[t['card']]['name']}" if t["card"] else "") + (
            f", target {t['target'][1]} of {t['target'][0]}" if t["target"] else ""))
    for p in v["players"]:
        me = " (you)" if p["role"] == role else ""
        favs = ", ".join(f"{g} {side}" for g, side in p["favours"].items()) or "none"
        eq = p.get("equilibrium")
        eq_text = (", ".join(f"{g}×{k}" for g, k in eq.items()) or "none") if eq is not None else "hidden"
        lines.append(f"[bold]{p['role']}[/bold] ({p['colour']}){me}: intrigue {p['intrigue']}, "
                     f"pawns {'/'.join(p['pawns']) or '-'}, board total {p['total']}")
        row = []
        for g, cubes in p["board"].items():
            inf = p["influence"][g]
            colour = "green" if inf == 6 else "white"
            row.append(f"[{colour}]{g}:{''.join(map(str, cubes)) or '-'}={inf}[/{colour}]")
        lines.append("   " + "  ".join(row))
        lines.append(f"   Favours: {favs}   Equilibrium cards: {p['equilibrium_cards']} ({eq_text})")
        if "hand" in p:
            hand = p["hand"]
            lines.append("   Hand: " + (", ".join(CARDS[c]["name"] for c in hand) if isinstance(hand, list) else f"{hand} cards"))
        if "voted" in p:
            drawn = p["drawn"]
            n = len(v["players"])
            cards = ", ".join(power_card(POWER_INDEX[c], n) for c in drawn) if isinstance(drawn, list) else ""
            shown = f"drew {cards}; " if cards else ""
            vote = p.get("vote")
            vote = vote if vote in (None, "blank") else power_card(POWER_INDEX[vote], n)
            lines.append(f"   Change of Era: {shown}voted: {'yes' if p['voted'] else 'no'}"
                         + (f" ({vote})" if vote else ""))
    lines.append("[dim]Key: " + ", ".join(f"{g} {name}" for g, name in GUILD_NAMES.items())
                 + "; BoS:123=6 = the cubes in that guild of a board, then its influence (6 in green); "
                 "* = spiders (a card's intrigue move)[/dim]")
    if v.get("result"):
        r = v["result"]
        lines.append(f"[bold]Result[/bold]: {', '.join(r['winners'])} win ({r['reason']}); scores {r['scores']}")
    return "\n".join(lines)
