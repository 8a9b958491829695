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
        s = SPACES[arg]
        return f"{s.name} ({s.country}, D {g.sp[D][arg]} / C {g.sp[C][arg]}, stability {s.stability})"
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


def render(v: dict[str, Any], role: str | None) -> str:
    lines = [f"[bold]1989: Dawn of Freedom[/bold]  turn {v['turn']}, action round {v['action_round']} "
             f"({v['phasing']})   VP {v['vp']:+d} (+ Democrat)"]
    t = v["tiananmen"]
    lines.append(f"Tiananmen Square: Democrat {t['democrat']}"
                 f"{' ' + TST_NAMES[D][t['democrat'] - 1] if t['democrat'] else ''}, Communist {t['communist']}"
                 f"{' ' + TST_NAMES[C][t['communist'] - 1] if t['communist'] else ''}")
    for country in COUNTRY_NAMES:
        lines.append(f"[bold]{country}[/bold] (power: {v['power'][country]}, kept {v['power_kept'][country]}x)")
        for sid in SPACES_IN[country]:
            s = SPACES[sid]
            if sid in v["destroyed"]:
                lines.append(f"  {s.name:<32} destroyed")
                continue
            ctrl = v["control"][sid]
            mark = {"democrat": "[blue]D ctrl[/blue]", "communist": "[red]C ctrl[/red]"}.get(ctrl, "")
            bg = "BG" if s.battleground else "  "
            lines.append(f"  {s.name:<32} {bg} stab {s.stability}  D {v['sp']['democrat'][sid]:>2}  "
                         f"C {v['sp']['communist'][sid]:>2}  {mark}")
    if v["effects"]:
        until = {"turn": "this turn", "game": "rest of the game", "ps": "until the next power struggle",
                 "deal": "until the next deal", "manual": "until used"}
        lines.append("In force: " + "; ".join(
            f"{e['name']} ({'on the ' + e['side'] if e['side'] else 'both sides'}, {until.get(e['until'], e['until'])})"
            for e in v["effects"]))
    lines.append(f"Hands: Democrat {v['hand_counts']['democrat']}, Communist {v['hand_counts']['communist']};"
                 f" deck {v['deck_count']}, discard {len(v['discard'])}, removed {len(v['removed'])}")
    if v["discard"]:  # 1989 2.2: either player may inspect the discard pile at any time
        lines.append("Discard pile: " + ", ".join(f"#{c} {CARDS[c].title}" for c in sorted(v["discard"])))
    if v["in_play"]:
        lines.append("In play: " + ", ".join(f"#{c} {CARDS[c].title}" for c in v["in_play"]))
    for who, card in v["committed"].items():
        lines.append(f"Stasi: the {who} will play #{card} {CARDS[card].title} next")
    if "hand" in v:
        lines.append("Your hand: " + ", ".join(card_label(c) for c in v["hand"]))
    ps = v.get("power_struggle")
    if ps:
        led = f", led {ps['led'][1]}" if ps["led"] else ""
        lines.append(f"Power struggle in {ps['country']}: attacker {ps['attacker']}{led}; banned "
                     f"{', '.join(ps['banned']) or 'none'}; cards D {ps['hand_counts']['democrat']} / "
                     f"C {ps['hand_counts']['communist']}")
        if "hand" in ps:
            lines.append("Your power struggle cards: " + ", ".join(
                f"{POWER_CARDS[c].name} {POWER_CARDS[c].value or ''}".strip() for c in ps["hand"]))
        if "democrat_hand" in ps:  # Securitate
            lines.append("The Democrat's power struggle cards (Securitate): " + ", ".join(
                f"{POWER_CARDS[c].name} {POWER_CARDS[c].value or ''}".strip() for c in ps["democrat_hand"]))
    if v.get("result"):
        r = v["result"]
        lines.append(f"Game over: {r['reason']}; winners: {', '.join(r['winners']) or 'none (draw)'}")
    elif v.get("prompt"):
        lines.append(f"[bold]{v['prompt']}[/bold]")
    return "\n".join(lines)


__all__ = ["fill", "label", "render", "view"]
