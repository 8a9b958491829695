"""Views, labels and the terminal board for Cuba Libre."""

from __future__ import annotations

from typing import Any

from agon.engine import Action
from agon.games.cuba_libre.data import (
    ALLIANCE,
    ECON,
    FACTION_NAMES,
    KIND,
    LEVELS,
    NAMES,
    NS,
    PIECE_KEYS,
    PIECE_NAMES,
    POP,
    ROLES,
    TITLE,
)

SHORT = ("T", "P", "GB", "Mu", "Ma", "MB", "Du", "Da", "DB", "Su", "Sa", "C", "Cc")


def board_view(g: Any) -> dict[str, Any]:
    """What every role sees (Cuba Libre has no hidden hands; the deck shows only counts)."""
    from agon.games.cuba_libre import variants

    hidden_next = variants.hide_next(g)
    spaces = []
    for s in range(NS):
        row = g.sp[s]
        ctrl = g.control(s)
        spaces.append({
            "name": NAMES[s], "kind": KIND[s], "pop": POP[s], "econ": ECON[s],
            "pieces": {PIECE_KEYS[i]: row[i] for i in range(13) if row[i]},
            "level": g.support[s], "control": ROLES[ctrl] if ctrl >= 0 else None,
            "terror" if KIND[s] != "ec" else "sabotage": g.terror[s],
            "cash": [ROLES[c % 4] for c in g.cash if c >= 0 and c // 4 == s],
        })
    return {
        "spaces": spaces,
        "resources": dict(zip(ROLES, g.res, strict=True)),
        "aid": g.aid,
        "alliance": ALLIANCE[g.alliance],
        "available": dict(zip(("troops", "police", "govt_bases", "m26_guerrillas", "m26_bases",
                                "dr_guerrillas", "dr_bases", "syndicate_guerrillas", "casinos"), g.avail, strict=True)),
        "eligible": [ROLES[f] for f in range(4) if g.elig[f]],
        "current_card": g.current, "current_title": TITLE.get(g.current, ""),
        "next_card": None if hidden_next else g.next_card,
        "next_title": "(face down)" if hidden_next else TITLE.get(g.next_card, ""),
        "order_card": g.order_card, "deck_top_seen": variants.seen_top(g),
        "deck_count": len(g.deck), "played": list(g.played), "propaganda_played": g.prop_played,
        "capabilities": sorted(f"{n}{'s' if sh else 'u'}" for n, sh in g.capabilities),
        "momentum": sorted(str(n) for n, _ in g.momentum),
        "totals": {"total_support": g.total_support(), "opposition_plus_bases": g.opposition_plus_bases(),
                   "dr_pop_plus_bases": g.dr_pop_plus_bases(), "open_casinos": g.open_casinos()},
        "cash_available": g.cash.count(-1),
        "markers_left": g.markers_left(),
        "phase": g.phase,
        "nonplayers": [ROLES[f] for f in sorted(g.np)],
        "acted": [ROLES[f] for f in sorted(g.executed)],
        "first_did": g.first_did,
        "prompt": _prompt_text(g),
    }


def _prompt_text(g: Any) -> str:
    if g.over is not None or not g.stack:
        return ""
    from agon.engine.actions import render as fill
    from agon.games.cuba_libre.steps import STEPS

    fr = g.stack[-1]
    text, args = STEPS[fr["k"]].prompt(g, fr)
    return f"{ROLES[fr['f']]}: {fill(text, args)}"


def render(view: dict[str, Any], role: str | None) -> str:
    lines = [f"[bold]Cuba Libre[/bold]  card {view['current_card']} {view['current_title']}  "
             f"next {view['next_card']} {view['next_title']}  deck {view['deck_count']}  "
             f"Propaganda {view['propaganda_played']}/4  phase {view['phase']}"]
    res = view["resources"]
    lines.append("Resources " + "  ".join(f"{r} {res[r]}" for r in ROLES)
                 + f"  Aid {view['aid']}  US Alliance {view['alliance']}")
    t = view["totals"]
    lines.append(f"Total Support {t['total_support']}  Opposition+Bases {t['opposition_plus_bases']}  "
                 f"DR Pop+Bases {t['dr_pop_plus_bases']}  Open Casinos {t['open_casinos']}")
    lines.append("Eligible: " + ", ".join(view["eligible"]) + "   acted this card: " + (", ".join(view["acted"]) or "-"))
    if view["capabilities"] or view["momentum"]:
        caps = ", ".join(f"{TITLE[int(c[:-1])]} ({'shaded' if c[-1] == 's' else 'unshaded'})"
                         for c in view["capabilities"])
        moms = ", ".join(TITLE[int(m)] for m in view["momentum"])
        lines.append(f"Capabilities: {caps or '-'}   Momentum: {moms or '-'}")
    dec = view.get("deception") or {}
    if any(d["hidden"] or d["revealed"] or d.get("mine") for d in dec.values()):
        parts = []
        for r, d in dec.items():
            mine = f" (yours: {', '.join(d['mine'])})" if d.get("mine") else ""
            shown = f", shown: {', '.join(d['revealed'])}" if d["revealed"] else ""
            parts.append(f"{r}: {d['hidden']} hidden{mine}{shown}")
        lines.append("Deception — " + "; ".join(parts))
    for sp in view["spaces"]:
        pcs = " ".join(f"{SHORT[PIECE_KEYS.index(k)]}{n}" for k, n in sp["pieces"].items()) or "-"
        if sp["kind"] == "ec":
            info = f"EC econ {sp['econ']}" + ("  SABOTAGED" if sp.get("sabotage") else "")
        else:
            info = f"pop {sp['pop']} {LEVELS[sp['level']]:<18} ctrl {sp['control'] or '-':<9}"
            info += f" terror {sp['terror']}" if sp.get("terror") else " " * 9
        cash = f"  cash {','.join(sp['cash'])}" if sp["cash"] else ""
        lines.append(f"  {sp['name']:<18} {info}  {pcs}{cash}")
    lines.append("Available " + " ".join(f"{k} {v}" for k, v in view["available"].items()))
    if view.get("prompt"):
        lines.append(f"[bold]Now[/bold] {view['prompt']}")
    if view.get("over"):
        lines.append(f"Result: {view['result']}")
    return "\n".join(lines)


_RALLY = {"place": "place 1 Guerrilla", "base": "replace 2 Guerrillas with a Base",
          "flip": "flip all Guerrillas Underground"}
_SIMPLE = {"done": "Done", "pass": "Pass", "limop": "Limited Operation (1 space, no Special Activity)",
           "roll": "Roll the die", "skip": "Skip", "launder": "Launder a Cash marker for a free LimOp",
           "decline": "Decline", "give cash": "Give a Cash marker for the other faction's free LimOp", "reroll": "Roll again", "cancel pact": "Remove 2 Bases to end the Pact of Caracas",
           "drop cash": "Let the Cash marker go (captured or back to the pool)",
           "carry cash": "A Cash marker goes with the moved piece", "leave cash": "The Cash stays",
           "transfer": "Negotiate: give or ask for Resources or Cash"}


def label(g: Any, action: Action) -> str:
    """A readable label for an action (the prompt shows it next to the action)."""
    from agon.games.cuba_libre.activities import SA_TITLES
    from agon.games.cuba_libre.operations import OP_TITLES

    verb, arg = action.verb, action.arg
    if verb in _SIMPLE and arg is None:
        return _SIMPLE[verb]
    if verb == "op":
        return "Operation with a Special Activity (Hidden Asset)" if arg else "Operation (a Special Activity may be added)"
    if verb == "event":
        return f"Event: {TITLE.get(g.current, '')} ({arg})"
    if verb == "operation":
        return OP_TITLES.get(arg, str(arg))
    if verb == "activity":
        return f"Special Activity: {SA_TITLES.get(arg, arg)}"
    if verb in ("remove", "flip", "relocate", "removebase") and isinstance(arg, str) and arg in PIECE_KEYS:
        return f"{verb.replace('removebase', 'remove').capitalize()} a {PIECE_NAMES[PIECE_KEYS.index(arg)]}"
    if verb in ("faction", "target", "activate", "holder") and arg in ROLES:
        return f"{verb.capitalize()}: {FACTION_NAMES[ROLES.index(arg)]}"
    if verb == "withdraw" and isinstance(arg, tuple) and len(arg) == 2:
        kind = {"underground": "an Underground Guerrilla", "active": "an Active Guerrilla"}.get(arg[1])
        if kind is None and arg[1] in PIECE_KEYS:
            kind = f"a {PIECE_NAMES[PIECE_KEYS.index(arg[1])]}"
        return f"Take {kind or arg[1]} off the map in {arg[0]} (none Available)"
    if verb in ("give to", "ask") and arg in ROLES:
        return f"{'Give to' if verb == 'give to' else 'Ask'} {FACTION_NAMES[ROLES.index(arg)]}"
    if verb == "give resources" and isinstance(arg, int):
        return f"Give {arg} Resource{'s' if arg != 1 else ''}"
    if verb == "give cash marker":
        return f"Give a Cash marker in {arg}"
    if verb == "give cash" and arg in ROLES:
        return f"Hand the Cash marker to a {FACTION_NAMES[ROLES.index(arg)]} piece"
    if verb in ("troops", "troops with cash") and isinstance(arg, int):
        return f"Move {arg} Troop{'s' if arg > 1 else ''}" + (" carrying a Cash marker" if verb != "troops" else "")
    if verb == "rally":
        return f"Rally: {_RALLY[arg]}" if arg in _RALLY else f"Rally: place {arg} Guerrillas"
    if verb == "move" and isinstance(arg, tuple) and len(arg) == 2 and isinstance(arg[1], str):
        from agon.games.cuba_libre.insurgent_ops import carried

        kind, carry = carried(arg[1])
        piece = {"underground": "an Underground Guerrilla", "active": "an Active Guerrilla", "troop": "a Troop",
                 "police": "a Police cube"}.get(kind, kind)
        return f"Move {piece} from {arg[0]}" + (" carrying a Cash marker" if carry else "")
    if verb == "space" and g.stack:
        fr = g.stack[-1]
        what = OP_TITLES.get(fr.get("op", ""), "") if fr["k"] == "op" else ""
        return f"{what} in {arg}".strip() if what else str(arg)
    return str(action)
