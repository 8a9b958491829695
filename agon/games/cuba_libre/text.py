"""Views, labels and the terminal board for Cuba Libre."""

from __future__ import annotations

from typing import Any

from agon.engine import Action
from agon.games.cuba_libre.data import (
    ALLIANCE,
    CARD_TEXTS,
    CARDS,
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
    return f"{FACTION_NAMES[fr['f']]}: {fill(text, args)}"


def render(view: dict[str, Any], role: str | None) -> str:
    lines = [f"[bold]Cuba Libre[/bold]  card {view['current_card']} {view['current_title']}  "
             f"next {view['next_card']} {view['next_title']}  deck {view['deck_count']}  "
             f"Propaganda {view['propaganda_played']}/4  phase {view['phase']}"]
    res = view["resources"]
    lines.append("Resources " + "  ".join(f"{_faction(r)} {res[r]}" for r in ROLES)
                 + f"  Aid {view['aid']}  US Alliance {view['alliance']}")
    t = view["totals"]
    lines.append(f"Total Support {t['total_support']}  Opposition+Bases {t['opposition_plus_bases']}  "
                 f"DR Pop+Bases {t['dr_pop_plus_bases']}  Open Casinos {t['open_casinos']}")
    lines.append("Eligible: " + (", ".join(_faction(r) for r in view["eligible"]) or "-")
                 + "   acted this card: " + (", ".join(_faction(r) for r in view["acted"]) or "-"))
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
    lines.append("[dim]Space            Pop Support/Opposition Control    Pieces[/dim]")
    for sp in view["spaces"]:
        pcs = " ".join(f"{SHORT[PIECE_KEYS.index(k)]}{n}" for k, n in sp["pieces"].items()) or "-"
        if sp["kind"] == "ec":
            info = f"EC econ {sp['econ']}" + (" SABOTAGED" if sp.get("sabotage") else "")
            info = f"{info:<33}"
        else:
            info = f"{sp['pop']:>2}  {LEVELS[sp['level']]:<18} {_faction(sp['control'] or '-'):<10}"
        terror = f" Terror {sp['terror']}" if sp.get("terror") else ""
        cash = f" Cash: {','.join(_faction(r) for r in sp['cash'])}" if sp["cash"] else ""
        lines.append(f"{sp['name']:<17}{info} {pcs}{terror}{cash}")
    lines.append("Available: " + ", ".join(f"{AVAILABLE_WORDS.get(k, k)} {v}" for k, v in view["available"].items()))
    lines.append("[dim]Key: T Troops, P Police, GB/MB/DB Government/26July/DR Base, Mu Ma/Du Da/Su Sa 26July/DR/"
                 "Syndicate Guerrillas (u Underground, a Active), C/Cc open/closed Casino[/dim]")
    if view.get("prompt") and role is None:  # a player's own prompt follows the board anyway
        lines.append(f"[bold]Now[/bold] {view['prompt']}")
    if view.get("over"):
        result = view["result"] or {}
        winners = ", ".join(_faction(r) for r in result.get("winners", [])) or "nobody"
        margins = ", ".join(f"{_faction(r)} {m:+d}" for r, m in result.get("scores", {}).items() if isinstance(m, int))
        lines.append(f"Result: {winners} wins" + (f" (victory margins: {margins})" if margins else ""))
    return "\n".join(lines)


AVAILABLE_WORDS = {"troops": "Troops", "police": "Police", "govt_bases": "Government Bases",
                   "m26_guerrillas": "26July Guerrillas", "m26_bases": "26July Bases", "dr_guerrillas": "DR Guerrillas",
                   "dr_bases": "DR Bases", "syndicate_guerrillas": "Syndicate Guerrillas", "casinos": "Casinos"}


def _faction(role: str) -> str:
    return FACTION_NAMES[ROLES.index(role)] if role in ROLES else role


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
        return f"{verb.replace('removebase', 'remove').capitalize()} {a_piece(arg)}"
    if verb in ("faction", "target", "activate", "holder") and arg in ROLES:
        return f"{verb.capitalize()}: {FACTION_NAMES[ROLES.index(arg)]}"
    if verb == "withdraw" and isinstance(arg, tuple) and len(arg) == 2:
        kind = {"underground": "an Underground Guerrilla", "active": "an Active Guerrilla"}.get(arg[1])
        if kind is None and arg[1] in PIECE_KEYS:
            kind = a_piece(arg[1])
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
    return _worded(verb, arg)


_CUBES = {"TT": "2 Troops", "TP": "a Troops and a Police cube", "PP": "2 Police"}
_VERB_WORDS = {  # verb -> template over the action's words {0}, {1}, ... (places, pieces, factions named)
    "civic": "Civic Action in {0}", "agitate": "Agitation in {0}", "to": "Redeploy to {0}", "from": "From {0}",
    "close": "Close the Casino in {0}", "assault": "Assault in {0}", "remove base": "Remove your Base in {0}",
    "remove": "Remove {1} in {0}", "place": "Place {1} in {0}", "borrow": "Use {1} in {0}",
    "guerrilla": "{1} in {0}", "return": "{1} in {0} (it was the Syndicate one)",
    "replace": "Replace {1} with {2} in {0}", "move": "Move {1} from {0} to {2}",
    "base": "Government Base in {0}, replacing {1}", "cash": "A Cash marker to {1} piece in {0}",
    "keep": "Keep the roll of {0}", "profit": "Profit: {0}", "deposit": "Cash deposit: {0}", "choose": "Choose: {0}",
}
_DEPOSIT = {"base": "a Base", "casino": "a Casino", "open casino": "open a closed Casino", "resources": "+6 Resources"}


def _word(x: Any) -> str:
    """One part of an action's argument in a person's words (no piece keys or role ids)."""
    if isinstance(x, str) and x in PIECE_KEYS:
        return a_piece(x)
    if isinstance(x, str) and x in ROLES:
        return "a " + FACTION_NAMES[ROLES.index(x)]
    if isinstance(x, str) and x in _CUBES:
        return _CUBES[x]
    if isinstance(x, str) and x in _DEPOSIT:
        return _DEPOSIT[x]
    return str(x)


def a_piece(key: str) -> str:
    """"a Troops cube", "an open Casino", "a DR Base": one piece, in words."""
    name = PIECE_NAMES[PIECE_KEYS.index(key)]
    name = f"{name} cube" if key in ("troop", "police") else name
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


def _worded(verb: str, arg: Any) -> str:
    parts = list(arg) if isinstance(arg, tuple) else ([] if arg is None else [arg])
    words = [_word(x) for x in parts]
    template = _VERB_WORDS.get(verb)
    if template is not None and template.count("{") <= len(words):
        return template.format(*words)
    return " ".join([verb.capitalize(), *words])


def catalogue() -> list[dict[str, Any]]:
    """Every card: id (its number), name, faction order, and our wording per side (short and full)."""
    out: list[dict[str, Any]] = []
    for n, card in CARDS.items():
        if card["type"] == "propaganda":
            words = CARD_TEXTS["propaganda"]
            out.append({"id": n, "name": card["title"], "kind": "propaganda", "short": words["short"], "text": words["text"]})
            continue
        sides = CARD_TEXTS["events"][str(n)]
        order = ", ".join(FACTION_NAMES[ROLES.index(r)] for r in card["order"])
        if "single" in sides:
            short, text = sides["single"]["short"], sides["single"]["text"]
        else:
            short = f"unshaded: {sides['unshaded']['short']}; shaded: {sides['shaded']['short']}"
            text = f"Unshaded: {sides['unshaded']['text']}\nShaded: {sides['shaded']['text']}"
        out.append({"id": n, "name": card["title"], "kind": "event", "order": order, "short": short,
                    "text": f"Faction order: {order}.\n{text}", "sides": {k: dict(v) for k, v in sides.items()}})
    return out
