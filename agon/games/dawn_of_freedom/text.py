"""1989 views (what each role may see), action labels and the terminal board."""

from __future__ import annotations

from typing import Any

from agon.engine import Action
from agon.engine.actions import render as fill
from agon.games.dawn_of_freedom.data import (
    CARD_TEXTS,
    CARDS,
    COUNTRY,
    COUNTRY_NAMES,
    NAMES,
    PERIODS,
    POWER_CARDS,
    POWER_TEXTS,
    ROLES,
    SIDE_OF,
    SPACES,
    SPACES_IN,
    TST_NAMES,
    C,
    D,
)

SIDE_NAMES = ("democrat", "communist", "both")
SIDE_WORDS = ("Democrat", "Communist", "both sides")  # whose event a card carries, as people read it


def card_label(n: int) -> str:
    c = CARDS[n]
    if c.scoring:
        return f"#{n} {c.title} (scoring)"
    star = "*" if c.star else ""
    return f"#{n} {c.title}{star} ({c.ops} Op{'s' if c.ops != 1 else ''}, {SIDE_WORDS[c.side]})"


def catalogue() -> list[dict[str, Any]]:
    """Every 1989 card for front ends: the 110 strategy cards (id = the card's number) and the 52
    power struggle cards (id "P1".."P52"), each with its name, short and full text and its facts."""
    out: list[dict[str, Any]] = []
    for n, c in sorted(CARDS.items()):
        words = CARD_TEXTS[n]
        out.append({"id": n, "name": c.title, "short": words.short, "text": words.text, "deck": "strategy",
                    "kind": "scoring" if c.scoring else "event", "ops": c.ops, "side": SIDE_NAMES[c.side],
                    "period": PERIODS[c.period], "removed_after_event": c.star})
    for n, p in sorted(POWER_CARDS.items()):
        words = POWER_TEXTS[p.name]
        out.append({"id": f"P{n}", "name": p.name, "short": words.short, "text": words.text,
                    "deck": "power struggle", "kind": p.kind, "value": p.value or None})
    return out


def view(g: Any, role: str | None) -> dict[str, Any]:
    me = SIDE_OF.get(role) if role else None
    secret = {e.card: e.side for e in g.effects.values() if e.secret and e.card is not None}
    v: dict[str, Any] = {
        "turn": g.turn, "action_round": g.ar, "phasing": ROLES[g.phasing], "vp": g.vp,
        "tiananmen": {ROLES[D]: g.tst[D], ROLES[C]: g.tst[C]},
        "power": {n: ROLES[g.power[i]] for i, n in enumerate(COUNTRY_NAMES)},
        "power_kept": {n: g.retained[i] for i, n in enumerate(COUNTRY_NAMES)},
        "sp": {ROLES[D]: list(g.sp[D]), ROLES[C]: list(g.sp[C])},
        "control": [None if c is None else ROLES[c] for c in g.ctrl],
        "destroyed": sorted(g.destroyed),
        "hand_counts": {ROLES[D]: len(g.hands[D]), ROLES[C]: len(g.hands[C])},
        "deck_count": len(g.deck), "future_count": len(g.future),
        "discard": list(g.discard), "removed": list(g.removed),
        "in_play": [c for c in g.in_play if c not in secret or me == secret[c]],
        "committed": {ROLES[s]: g.must_play[s] for s in (D, C) if g.must_play[s] is not None},
        "events_played": sorted(g.events_played),
        "effects": [{"name": e.name, "side": None if e.side is None else ROLES[e.side], "until": e.until}
                    for e in g.effects.values()],
    }
    if me is not None:
        v["hand"] = sorted(g.hands[me])
    if g.ps is not None:
        ps = g.ps
        p: dict[str, Any] = {
            "country": ps["country"], "attacker": ROLES[ps["attacker"]], "banned": list(ps["banned"]),
            "raised": {ROLES[D]: ps["raised"][D], ROLES[C]: ps["raised"][C]},
            "hand_counts": {ROLES[D]: len(ps["hands"][D]), ROLES[C]: len(ps["hands"][C])},
            "led": None if ps["led"] is None else [ps["led"][0], ps["led"][1]],
            "out_count": len(ps["out"]), "deck_count": len(ps["deck"]),
        }
        if me is not None:
            p["hand"] = sorted(ps["hands"][me])
            if ps.get("shown") and me == C:
                p["democrat_hand"] = sorted(ps["hands"][D])
        v["power_struggle"] = p
    if role is not None and g.outcome is None and g.stack and g.stack[-1].get("role") == me:
        v["prompt"] = g.prompt(role).message()
    return v


def label(g: Any, action: Action) -> str:
    verb, arg = action.verb, action.arg
    if verb == "space" and isinstance(arg, int):
        s = SPACES[arg]  # the country first: a long list of spaces reads grouped by country (ids are)
        bg = ", BG" if s.battleground else ""
        return (f"{s.country}: {s.name.removesuffix(', ' + s.country)} ({s.cls}{bg}, stab {s.stability}; "
                f"D {g.sp[D][arg]} / C {g.sp[C][arg]})")
    if verb == "card" and isinstance(arg, int):
        return card_label(arg)
    if verb == "pscard" and isinstance(arg, int):
        p = POWER_CARDS[arg]
        return p.name if p.kind == "wild" else f"{p.name} ({p.value})"
    return _label(g, verb, arg) or str(action)


def _frame(g: Any) -> dict[str, Any]:
    return g.stack[-1] if g.stack else {}


def _label(g: Any, verb: str, arg: Any) -> str | None:
    """Readable labels for the fixed options (the rulebook's words)."""
    f = _frame(g)
    if verb == "play":
        card, side = f.get("card"), f.get("role")
        if arg == "ops" and card is not None and side is not None and CARDS[card].side == 1 - side \
                and g.event_playable(card, 1 - side):
            return f"For Operations (the {NAMES[1 - side]}'s event happens too)"
        return {"event": "For its event", "ops": "For Operations",
                "tiananmen": "For a Tiananmen Square attempt (its event does not happen)",
                "both": "For both its event and Operations (Tiananmen award)"}.get(arg)
    if verb == "order":
        return {"event first": "The event first, then your Operations",
                "ops first": "Your Operations first, then the event",
                "cancel event": "Operations only: cancel the event (Tiananmen award)"}.get(arg)
    if verb == "use":
        return {"place": "Place SPs", "checks": "Make 2 support checks",
                "place+": "Place SPs, all in East Germany (+1 Op)",
                "checks+": "Make 2 support checks, both in East Germany (+1 Op)",
                "tiananmen": "Make a Tiananmen Square attempt"}.get(arg)
    if verb == "raise":
        return {"yes": "Raise the stakes (discard 3 cards)", "no": "Do not raise the stakes"}.get(arg)
    if verb == "power" and g.ps is not None:
        i = COUNTRY_NAMES.index(g.ps["country"])
        if arg == "keep":
            return f"Keep power (score {COUNTRY[g.ps['country']].power_value * (g.retained[i] + 1)} VP for power)"
        return "Give up power (no VP for power)"
    if verb == "extra round":
        return {"take": "Take an 8th action round", "pass": "Do not take it"}.get(arg)
    if verb == "concede" and g.ps is not None and g.ps.get("led"):
        return f"Concede (the attacker wins with {g.ps['led'][1]})"
    if verb == "suit":
        return f"Lead as {arg}"
    if verb == "pass":
        return "Pass"
    if verb == "option" and isinstance(arg, str):
        return arg[:1].upper() + arg[1:]
    return None


CELL = 15  # a space's name in the compact map: three spaces to a 76-column line (80 less a panel's frame)
UNTIL = {"turn": "this turn", "game": "whole game", "ps": "next struggle", "deal": "next deal", "manual": "until used"}
KEY = "Key: Democrat/Communist SPs, D/C: who controls it, *: battleground"
CLASSES_KEY = "Space classes (events name them): Elite, Bureaucrat, Farmer, Worker, Intellectual, Student, Church, Minority"


def _name(role: str | None) -> str:
    return "nobody" if role is None else NAMES[SIDE_OF[role]]


def _short_space(sid: int) -> str:
    """A space's name for the compact map: without its country, cut to CELL characters."""
    s = SPACES[sid]
    name = s.name.removesuffix(f", {s.country}")
    return name if len(name) <= CELL else name[:CELL - 1] + "…"


def _ctrl_mark(ctrl: str | None) -> str:
    return {"democrat": "[blue]D[/blue]", "communist": "[red]C[/red]"}.get(ctrl or "", " ")


def _header(v: dict[str, Any]) -> list[str]:
    vp = v["vp"]
    ahead = "even" if vp == 0 else f"{'Democrat' if vp > 0 else 'Communist'} ahead"
    t = v["tiananmen"]

    def box(role: str) -> str:
        n = t[role]
        return f"{n} {TST_NAMES[SIDE_OF[role]][n - 1]}" if n else "0"

    return [f"[bold]1989[/bold]  turn {v['turn']}, action round {v['action_round']} ({_name(v['phasing'])})"
            f"   VP {vp:+d} ({ahead})",
            f"Tiananmen: Democrat {box('democrat')}, Communist {box('communist')}"]


def _country_line(v: dict[str, Any], country: str) -> str:
    """A country's header: who holds power and how many spaces and battlegrounds each controls."""
    ids = [s for s in SPACES_IN[country] if s not in v["destroyed"]]
    ctrl = [v["control"][s] for s in ids]
    bgs = [v["control"][s] for s in ids if SPACES[s].battleground]
    return (f"[bold]{country}[/bold] ({COUNTRY[country].abbr}): power {_name(v['power'][country])}"
            f"{' x' + str(v['power_kept'][country]) if v['power_kept'][country] else ''}; controls "
            f"D {ctrl.count('democrat')} ({bgs.count('democrat')} BG), C {ctrl.count('communist')} "
            f"({bgs.count('communist')} BG) of {len(ids)}")


def _compact_map(v: dict[str, Any]) -> list[str]:
    """1989 board summarised (issue 10 item 4): per country a header and only the spaces holding SPs,
    three to a line."""
    lines: list[str] = []
    for country in COUNTRY_NAMES:
        lines.append(_country_line(v, country))
        cells = []
        for sid in SPACES_IN[country]:
            d, c = v["sp"]["democrat"][sid], v["sp"]["communist"][sid]
            if sid in v["destroyed"] or not (d or c):
                continue
            bg = "*" if SPACES[sid].battleground else " "
            cells.append(f"{bg}{_short_space(sid):<{CELL}} {d:>2}/{c:<2} {_ctrl_mark(v['control'][sid])}")
        for i in range(0, len(cells), 3):
            lines.append("  ".join(cells[i:i + 3]))
    return lines


def _full_map(v: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for country in COUNTRY_NAMES:
        lines.append(_country_line(v, country))
        for sid in SPACES_IN[country]:
            s = SPACES[sid]
            if sid in v["destroyed"]:
                lines.append(f"  {s.name:<32} destroyed (Systematization)")
                continue
            mark = {"democrat": "[blue]D ctrl[/blue]", "communist": "[red]C ctrl[/red]"}.get(v["control"][sid] or "", "")
            bg = "BG" if s.battleground else "  "
            lines.append(f"  {s.name:<32}{bg} {s.cls:<12} stab {s.stability}  D {v['sp']['democrat'][sid]:>2}  "
                         f"C {v['sp']['communist'][sid]:>2}  {mark}")
    return lines


def _cards(cards: list[int]) -> str:
    return ", ".join(f"{c} {CARDS[c].title}" for c in cards)


def _ps_cards(cards: list[int]) -> str:
    return ", ".join(f"{POWER_CARDS[c].name} {POWER_CARDS[c].value or ''}".strip() for c in cards)


def _footer(v: dict[str, Any], full: bool) -> list[str]:
    lines = []
    if v["effects"]:
        lines.append("In force: " + "; ".join(
            f"{e['name']} ({_name(e['side']) if e['side'] else 'both'}, {UNTIL.get(e['until'], e['until'])})"
            for e in v["effects"]))
    counts = (f"Hands: Democrat {v['hand_counts']['democrat']}, Communist {v['hand_counts']['communist']};"
              f" deck {v['deck_count']}, removed {len(v['removed'])}, discard {len(v['discard'])}")
    pile = sorted(v["discard"])  # 1989 2.2: either player may inspect the discard pile at any time
    if pile and full:
        lines += [counts, "Discard pile: " + _cards(pile)]
    elif pile:  # compact: card numbers only (c N reads one)
        lines.append(f"{counts}: {', '.join(map(str, pile))}")
    else:
        lines.append(counts)
    if v["in_play"]:
        lines.append("In play: " + _cards(v["in_play"]))
    for who, card in v["committed"].items():
        lines.append(f"Stasi: the {_name(who)} will play {card} {CARDS[card].title} next")
    if "hand" in v:
        lines.append("Your hand: " + _cards(v["hand"]))
    ps = v.get("power_struggle")
    if ps:
        led = f", led {ps['led'][1]}" if ps["led"] else ""
        lines.append(f"Power struggle in {ps['country']}: attacker {_name(ps['attacker'])}{led}")
        lines.append(f"  banned {', '.join(ps['banned']) or 'none'}; cards Democrat {ps['hand_counts']['democrat']}, "
                     f"Communist {ps['hand_counts']['communist']}")
        if "hand" in ps:
            lines.append("Your struggle cards: " + _ps_cards(ps["hand"]))
        if "democrat_hand" in ps:  # Securitate
            lines.append("The Democrat's power struggle cards (Securitate): " + _ps_cards(ps["democrat_hand"]))
    if v.get("result"):
        r = v["result"]
        lines.append(f"Game over: {r['reason']}; winner: {', '.join(_name(w) for w in r['winners']) or 'none (draw)'}")
    elif v.get("prompt"):
        lines.append(f"[bold]{v['prompt']}[/bold]")
    return lines


def render(v: dict[str, Any], role: str | None, full: bool = False) -> str:
    """The 1989 board for a terminal. Compact (default, fits 80x50 with a prompt): per country who
    holds power and the spaces holding SPs. `full`: every space with its class and stability, and
    the discard pile."""
    body = _full_map(v) if full else _compact_map(v)
    key = [KEY, CLASSES_KEY] if full else [KEY]
    return "\n".join([*_header(v), *body, *_footer(v, full), *(f"[dim]{k}[/dim]" for k in key)])


__all__ = ["fill", "label", "render", "view"]
