"""Intrigue City text: prompts, action labels and log phrases (language-free Text: English templates
with terms as arguments), views (what each role may see) and the terminal board in any language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.engine import ENGLISH, Action, Text, Translator, msg, plural
from agon.games.intrigue_city.data import (
    CARDS,
    EXTRA_SET,
    FAVOURS,
    FAVOURS_PER_GUILD,
    GI,
    GUILD_NAMES,
    GUILDS,
    PLAYER_COLOURS,
    POWER_INDEX,
    POWER_NAMES,
    POWER_VALUE,
    STARTING_SETS,
    THEMES,
    TRACK,
)
from agon.games.intrigue_city.effects import guild_sum

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.intrigue_city.rules import IntrigueState

SIDES = ("", "Weak", "Strong")
PAWN_NAMES = ("offensive", "defensive")
PAWN_TITLES = ("Offensive", "Defensive")  # the pawn kind at the start of a label


def name(g: int) -> str:
    """The full name of guild index g (a term: the Greek rulebook keeps the English names)."""
    return GUILD_NAMES[GUILDS[g]]


def _chain(items: list[Any], link: Callable[[Any, Any], Text]) -> Any:
    """A list as nested Text (`link(first, rest)`), so each item stays a term of its own."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = link(item, out)
    return out


def player_name(role: str) -> str:
    """What the log and the seats call a player: "Player 1" for role "p1" (a term of the game);
    any other role (a spectator) as it is."""
    return f"Player {role[1:]}" if role[:1] == "p" and role[1:].isdigit() else role


def comma_list(items: list[Any]) -> Any:
    """"a, b, c" of terms or Text."""
    return _chain(items, lambda a, b: msg("{first}, {rest}", first=a, rest=b))


def and_list(items: list[Any]) -> Any:
    """"a and b" of terms or Text."""
    return _chain(items, lambda a, b: msg("{first} and {rest}", first=a, rest=b))


def clauses(items: list[Any]) -> Any:
    """"a; b" of Text."""
    return _chain(items, lambda a, b: msg("{first}; {rest}", first=a, rest=b))


# What an effect's decision asks for (the exec phase), by its verb. Prompt arguments are terms (the
# golden records hash a prompt's arguments as they are), so these phrases are terms in the catalogue.
EXEC_ASKS = {"chosen": "the Chosen guild", "place": "the value of the cube to place",
             "remove": "the value of the cube to remove", "move": "the cube to move",
             "back": "the value of the cube to move back", "from": "the guild to move a cube from"}
WHAT_TO_DO = "what to do"


def set_name(values: tuple[int, ...]) -> str:
    """A starting set as a prompt names it, "1+2" (a term)."""
    return "+".join(map(str, values))


def favour_card(g: int) -> str:
    """"the Crescent Moon Favour card", as the exec prompt names a Favour card's effect (a term)."""
    return f"the {name(g)} Favour card"


def pawns_left(left: list[str]) -> str:
    """"offensive and defensive", "offensive" or "defensive" (a term of the turn prompt)."""
    return " and ".join(left)


def describe_ops(ops: tuple[Any, ...]) -> Any:
    """The cube operations of an effect, for the log (IC-2.3 place, remove, move)."""
    parts = []
    for op in ops:
        if op[0] == "P":
            parts.append(msg("a {v} placed in {guild}", v=op[2], guild=name(op[1])))
        elif op[0] == "R":
            parts.append(msg("a {v} removed from {guild}", v=op[2], guild=name(op[1])))
        else:
            parts.append(msg("a {v} moved from {a} to {b}", v=op[3], a=name(op[1]), b=name(op[2])))
    return clauses(parts)


def power_card(c: int, n: int) -> Text:
    """A Guild Power card as a player reads it: its guild and its value at this player count (IC-8.5)."""
    return msg("{guild} +{n}", guild=name(c // 2), n=POWER_VALUE[c][n])


def favour_use(g: str, side: int) -> Any:
    """What a pre-placement Favour card does (FAV-ES, FAV-BoS), for its label; None if nothing to say."""
    fav = FAVOURS[g]
    parts: list[Text] = []
    if fav["window"] == "pre_offensive":
        parts.append(msg("your offensive pawn may go on an occupied card"))
    elif fav["window"] == "pre_defensive":
        parts.append(msg("your defensive pawn may go on an occupied card"))
    if "intrigue" in fav:
        d = fav["intrigue"]["strong" if side == 2 else "weak"]
        parts.append(msg("intrigue move {d:+d}", d=d))
    if "strong_bonus" in fav and side == 2:
        parts.append(msg("and take the Weak Favour card of the guild you target"))
    return clauses(parts) if parts else None


def label(s: IntrigueState, a: Action) -> str | Text:
    v, x = a.verb, a.arg
    if v == "guild":
        return msg("Put the {cubes} set into {guild}", cubes=set_name(s.sets[s.set_i]), guild=GUILD_NAMES[x])
    if v == "favour":
        who = s.tp if s.phase == "react" else s.cur
        side = s.fav[who * 6 + GI[x]]
        use = favour_use(x, side) if s.phase == "turn" else None
        if use is None:
            return msg("Use your {side} {guild} Favour card", side=SIDES[side], guild=GUILD_NAMES[x])
        return msg("Use your {side} {guild} Favour card ({use})", side=SIDES[side], guild=GUILD_NAMES[x], use=use)
    if v in PAWN_NAMES:
        pawn, card, n = PAWN_TITLES[PAWN_NAMES.index(v)], CARDS[s.board[x]]["name"], s.spiders[x]
        if s.occ[x]:
            return plural("{pawn} pawn on {card}, {n} spider (occupied)", "{pawn} pawn on {card}, {n} spiders (occupied)",
                          "n", pawn=pawn, card=card, n=n)
        return plural("{pawn} pawn on {card}, {n} spider", "{pawn} pawn on {card}, {n} spiders", "n",
                      pawn=pawn, card=card, n=n)
    if v == "card":
        return msg("Carry out {card}", card=CARDS[s.card]["name"])
    if v == "hand":
        return msg("Discard {card} from your hand and carry it out instead", card=CARDS[x]["name"])
    if v == "target":
        if x[0] == s.roles[s.cur]:
            return msg("Target {guild} on your own board", guild=GUILD_NAMES[x[1]])
        return msg("Target {guild} on {role}'s board", guild=GUILD_NAMES[x[1]], role=player_name(x[0]))
    if v == "chosen":
        return msg("Choose {guild}", guild=GUILD_NAMES[x])
    if v == "from":
        return msg("Move a cube in from {guild}", guild=GUILD_NAMES[x])
    if v == "move":
        if isinstance(x, tuple):
            return msg("Move a {v}-cube from {a} to {b}", v=x[2], a=GUILD_NAMES[x[0]], b=GUILD_NAMES[x[1]])
        return msg("Move a {v}-cube", v=x)
    if v == "back":
        return msg("Move a {v}-cube back", v=x)
    if v == "place":
        return msg("Place a {v}-cube from the Bank", v=x)
    if v == "remove":
        return msg("Remove a {v}-cube to the Bank", v=x)
    if v == "pass":
        return msg("Pass")
    if v == "vote":
        return msg("Vote {card}", card=power_card(POWER_INDEX[x], s.n))
    if v == "blank":
        return msg("Cast your Blank Vote (-2 VP at the end)")
    return str(a)


def prompt(s: IntrigueState, role: str) -> tuple[str, dict[str, Any]]:
    ph = s.phase
    if ph == "setup":
        return "{role}: choose a guild for your {set} set", {"role": player_name(role), "set": set_name(s.sets[s.set_i])}
    if ph == "turn":
        p = s.cur
        if s.tfav >= 0:  # IC-4.1 a: a pre-placement Favour card decides the pawn, and any card will do
            pawn = "defensive" if FAVOURS[GUILDS[s.tfav]]["window"] == "pre_defensive" else "offensive"
            return "{role}: place your {pawn} pawn on any card ({guild} Favour card)", {
                "role": player_name(role), "pawn": pawn, "guild": name(s.tfav)}
        left = [PAWN_NAMES[k] for k in (0, 1) if s.pawns[2 * p + k]]
        return "{role}: place a pawn ({pawns} left)", {"role": player_name(role), "pawns": pawns_left(left)}
    if ph == "hand":
        return "{role}: carry out {card} or a card from your hand", {"role": player_name(role), "card": CARDS[s.card]["name"]}
    if ph == "target":
        return "{role}: choose the target guild for {card}", {"role": player_name(role), "card": CARDS[s.card]["name"]}
    if ph == "exec":
        what = CARDS[s.card]["name"] if s.enext == "action" else favour_card(s.xfav[0])
        verbs = {d[s.dec].verb for d, _ in s.execs}
        ask = EXEC_ASKS.get(verbs.pop(), WHAT_TO_DO) if len(verbs) == 1 else WHAT_TO_DO
        return "{role}: {card}: choose {ask}", {"role": player_name(role), "card": what, "ask": ask}
    if ph == "react":
        return "{role}: {attacker} attacked your {guild}; use a Favour card?", {
            "role": player_name(role), "attacker": player_name(s.roles[s.cur]), "guild": name(s.tg)}
    if ph == "post":
        return "{role}: use a Favour card on your own {guild}?", {"role": player_name(role), "guild": name(s.tg)}
    if ph == "vote":
        return "{role}: Change of Era {era}: keep one Guild Power card", {"role": player_name(role), "era": TRACK[s.tpos][4:]}
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
        vote = s.votes[p]
        if me and vote is not None:
            view["vote"] = "blank" if vote == -1 else POWER_NAMES[s.drawn[p][vote]]
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
        "my_pile": [POWER_NAMES[c] for p, c, _era in s.pile if s.roles[p] == role],
        "votes_shown": [[s.roles[p], POWER_NAMES[c]] for p, c in s.shown],
        "neutral_shown": [POWER_NAMES[c] for c in s.neutral_shown],
        "hand_cards_used": list(s.used_hand),
    }


CARD_NUMBERS = {code: number for number, code in enumerate(CARDS, 1)}  # as catalogue() numbers them


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


PHASES = ("setup", "turn", "hand", "target", "exec", "react", "post", "vote", "end", "over")
REASONS = ("special victory: Equilibrium in all six guilds", "final scoring")


def terms() -> list[str]:
    """Every term the game shows that is not a literal template: guilds, cards and their texts,
    Favour sides, pawns, the round track, phases, colours, result reasons, themes, option help."""
    out: list[str] = [*GUILD_NAMES.values()]
    for card in catalogue():
        out += [card["name"], card["short"], card["text"]]
    out += [*SIDES[1:], *(side.lower() for side in SIDES[1:]), *PAWN_NAMES, *PAWN_TITLES]
    out += [*TRACK, *(r[4:] for r in TRACK if r.startswith("CoE"))]
    out += [*PHASES, *PLAYER_COLOURS, *REASONS, "blank", "choosing", "yes", "no"]
    out += [player_name(f"p{i}") for i in range(1, len(PLAYER_COLOURS) + 1)]
    out += [set_name(v) for v in (*STARTING_SETS, EXTRA_SET)] + [pawns_left(list(PAWN_NAMES))]
    out += [favour_card(g) for g in range(6)] + [*EXEC_ASKS.values(), WHAT_TO_DO]
    out += [theme["name"] for theme in THEMES.values()]
    return list(dict.fromkeys(out))


def render(v: dict[str, Any], role: str | None, tr: Translator = ENGLISH) -> str:
    """The terminal board: central board, tracks, then every personal board, in `tr`'s language."""
    t = tr.term
    lines = [tr.text(msg("[bold]Intrigue City[/bold]  round track: [cyan]{round}[/cyan]  phase: {phase}",
                         round=v["round"], phase=v["phase"]))]
    lines.append(tr.text(msg("Guild power: {powers}", powers="  ".join(f"{g} {n}" for g, n in v["power"].items()))))
    lines.append(tr.text(msg("Intrigue (behind → ahead): {order}", order=" < ".join(
        f"{t(player_name(r))} {next(p['intrigue'] for p in v['players'] if p['role'] == r)}" for r in v["intrigue_order"]))))
    bank = v["bank"]
    if v.get("bank_limited", True):
        piles = f"1×{bank['1']} 2×{bank['2']} 3×{bank['3']}"
    else:
        piles = tr.text(msg("unlimited"))
    lines.append(tr.text(msg("Bank: {piles}   CoE pile: {n} face down", piles=piles, n=v["pile"])))
    lines.append("[bold]" + tr.text(msg("Action cards")) + "[/bold]")
    width = max(24, *(len(t(c["name"])) for c in v["cards"]))
    for c in v["cards"]:
        pawns = ", ".join(f"{t(player_name(r))} {t(k)}" for r, k in c["pawns"])
        mark = f"  [red]← {pawns}[/red]" if pawns else ""
        # the card's number in the catalogue, which the terminal's `c N` reads (its place in the row is the line's)
        lines.append(f"  #{CARD_NUMBERS[c['card']]:<2} {t(c['name']):<{width}} {'*' * c['spiders']:<5}{mark}")
    if v.get("turn"):
        lines.append(_turn_line(v["turn"], tr))
    for p in v["players"]:
        lines += _player_lines(p, role, len(v["players"]), tr)
    lines.append("[dim]" + tr.text(msg(
        "Key: {guilds}; BoS:123=6 = the cubes in that guild of a board, then its influence (6 in green); "
        "* = spiders (a card's intrigue move)", guilds=", ".join(f"{g} {t(n)}" for g, n in GUILD_NAMES.items())))
        + "[/dim]")
    if v.get("result"):
        lines.append(tr.text(result_line(v["result"], tr)))
    return "\n".join(lines)


def result_line(result: dict[str, Any], tr: Translator) -> Text:
    """The board's last line: who won, why, and every score. One winner and a shared win have a
    sentence each, so that the verb agrees with the winners in every language."""
    args = {"winners": ", ".join(tr.term(player_name(w)) for w in result["winners"]), "reason": result["reason"],
            "scores": ", ".join(f"{tr.term(player_name(w))} {n}" for w, n in result["scores"].items())}
    if len(result["winners"]) == 1:
        return msg("[bold]Result[/bold]: {winners} wins ({reason}); scores {scores}", **args)
    return msg("[bold]Result[/bold]: {winners} win ({reason}); scores {scores}", **args)


def _turn_line(turn: dict[str, Any], tr: Translator) -> str:
    player, pawn = player_name(turn["player"]), turn["pawn"] or "choosing"
    if not turn["card"]:
        return tr.text(msg("Turn: {player} ({pawn})", player=player, pawn=pawn))
    card = CARDS[turn["card"]]["name"]
    if not turn["target"]:
        return tr.text(msg("Turn: {player} ({pawn}) on {card}", player=player, pawn=pawn, card=card))
    return tr.text(msg("Turn: {player} ({pawn}) on {card}, target {guild} of {target}", player=player, pawn=pawn,
                       card=card, guild=turn["target"][1], target=player_name(turn["target"][0])))


def _player_lines(p: dict[str, Any], role: str | None, n: int, tr: Translator) -> list[str]:
    """One personal board: the player, the cubes of each guild, Favour and Equilibrium cards, hand, vote."""
    t = tr.term
    none = tr.text(msg("none"))
    args = {"role": player_name(p["role"]), "colour": p["colour"], "intrigue": p["intrigue"], "total": p["total"],
            "pawns": "/".join(t(k) for k in p["pawns"]) or "-"}
    if p["role"] == role:
        head = msg("[bold]{role}[/bold] ({colour}) (you): intrigue {intrigue}, pawns {pawns}, board total {total}", **args)
    else:
        head = msg("[bold]{role}[/bold] ({colour}): intrigue {intrigue}, pawns {pawns}, board total {total}", **args)
    lines = [tr.text(head)]
    row = []
    for g, cubes in p["board"].items():
        inf = p["influence"][g]
        colour = "green" if inf == 6 else "white"
        row.append(f"[{colour}]{g}:{''.join(map(str, cubes)) or '-'}={inf}[/{colour}]")
    lines.append("   " + "  ".join(row))
    favs = ", ".join(f"{g} {t(side)}" for g, side in p["favours"].items()) or none
    eq = p.get("equilibrium")
    eq_text = (", ".join(f"{g}×{k}" for g, k in eq.items()) or none) if eq is not None else tr.text(msg("hidden"))
    lines.append("   " + tr.text(msg("Favours: {favours}   Equilibrium cards: {n} ({guilds})",
                                     favours=favs, n=p["equilibrium_cards"], guilds=eq_text)))
    if "hand" in p:
        hand = p["hand"]
        if isinstance(hand, list):
            lines.append("   " + tr.text(msg("Hand: {cards}", cards=", ".join(t(CARDS[c]["name"]) for c in hand))))
        else:
            lines.append("   " + tr.text(plural("Hand: {n} card", "Hand: {n} cards", "n", n=hand)))
    if "voted" in p:
        lines.append("   " + tr.text(_vote_line(p, n)))
    return lines


def _vote_line(p: dict[str, Any], n: int) -> Text:
    """A player's Change of Era: the cards drawn (own board only), whether they voted, their vote."""
    drawn = p["drawn"]
    cards = comma_list([power_card(POWER_INDEX[c], n) for c in drawn]) if isinstance(drawn, list) and drawn else None
    voted = "yes" if p["voted"] else "no"
    vote = p.get("vote")
    shown: Any = vote if vote in (None, "blank") else power_card(POWER_INDEX[vote], n)
    if cards is None and shown is None:
        return msg("Change of Era: voted: {voted}", voted=voted)
    if cards is None:
        return msg("Change of Era: voted: {voted} ({vote})", voted=voted, vote=shown)
    if shown is None:
        return msg("Change of Era: drew {cards}; voted: {voted}", cards=cards, voted=voted)
    return msg("Change of Era: drew {cards}; voted: {voted} ({vote})", cards=cards, voted=voted, vote=shown)
