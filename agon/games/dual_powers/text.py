"""Words for people: action labels, prompts and the terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.dual_powers.data import (
    CARD_ACT,
    CARD_CODE,
    CARD_DAYS,
    CARD_DIST,
    CARD_LABEL,
    CARD_LEADER,
    CARD_REC,
    CARD_SPECIAL,
    CARD_TEXTS,
    CARD_VP,
    CONNECTION_NAME,
    CONNECTIONS,
    DISTRICT_COLOUR,
    DISTRICT_NAME,
    DISTRICTS,
    EDGES,
    MARKER_NAME,
    MONTH_LABEL,
    N_CARDS,
    N_COMMAND,
    SIDES,
    UNREST_VP,
)

if TYPE_CHECKING:
    from agon.games.dual_powers.rules import DualPowersState

ACTION_WORD = {"move": "Move", "double_move": "Double Move", "refresh": "Refresh"}
SPECIAL_WORD = {"mobilize_protest": "Mobilize Protest", "espionage": "Espionage", "popular_agitation": "Popular Agitation"}
EXTRA_WORD = {"recruit": "Extra Recruit (any one unit, any district)", "move": "Extra Move", "refresh": "Extra Refresh",
              "draw": "Extra Draw (one card, for good)", "organize": "Organize (reveal your Secret Objective)"}
DIDX = {d: i for i, d in enumerate(DISTRICTS)}
CIDX = {c: i for i, c in enumerate(CONNECTIONS)}


def marker_name(m: int) -> str:
    return MARKER_NAME[m]


def connection_name(e: int) -> str:
    a, b = EDGES[e]
    return f"{CONNECTION_NAME[e]} ({DISTRICT_NAME[a]} - {DISTRICT_NAME[b]})"


def days_text(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


def card_text(c: int) -> str:
    """A card in a label: its name and days (the catalogue's short text says what it does)."""
    return f"{CARD_LABEL[c]} ({days_text(CARD_DAYS[c])})"


def _card_words(c: int, key: str) -> str:
    if c >= N_COMMAND:
        special = CARD_TEXTS["specials"][CARD_SPECIAL[c]]
        return CARD_TEXTS[key].format(days=days_text(CARD_DAYS[c]), leader=MARKER_NAME[CARD_LEADER[c]],
                                      special=special if key == "leader" else special.split(":")[0])
    action = CARD_TEXTS["actions"][CARD_ACT[c]]
    return CARD_TEXTS[key].format(days=days_text(CARD_DAYS[c]), district=DISTRICT_NAME[CARD_DIST[c]], recruit=CARD_REC[c],
                                  vp=CARD_VP[c], action=action if key == "command" else action.split(":")[0])


def catalogue() -> list[dict[str, Any]]:
    """Every Command and Leader card: id (its number here), name, code (the rulebook examples' name,
    e.g. "purple-4"), short and full text."""
    out: list[dict[str, Any]] = []
    for c in range(N_CARDS):
        kind = "leader" if c >= N_COMMAND else "command"
        out.append({"id": c + 1, "name": CARD_LABEL[c], "code": CARD_CODE[c], "kind": kind, "days": CARD_DAYS[c],
                    "short": _card_words(c, kind + "_short"), "text": _card_words(c, kind)})
    return out


def label(s: DualPowersState, a: Action) -> str:
    v, arg = a.verb, a.arg
    if v == "card":
        return "Play " + card_text(arg)
    if v == "objective":
        return "Secret Objective: " + card_text(arg)
    if v == "recruit":
        return f"Recruit (units worth up to {CARD_REC[s.card]} into {DISTRICT_NAME[CARD_DIST[s.card]]})"
    if v in ACTION_WORD:
        return ACTION_WORD[v]
    if v == "unit":
        return f"Take a {MARKER_NAME[arg]}"
    if v == "marker":
        d = s.loc[arg]
        where = DISTRICT_NAME[d] if d >= 0 else "supply"
        state = "exhausted" if s.exh[arg] else "fresh"
        return f"{MARKER_NAME[arg]} ({state}) in {where}"
    if v == "district":
        return DISTRICT_NAME[DIDX[arg]]
    if v == "connection":
        return "Blockade " + connection_name(CIDX[arg])
    if v == "leader_recruit":
        return "Leader Recruit"
    if v in ("protest", "espionage", "agitation"):
        return {"protest": "Mobilize Protest", "espionage": "Espionage", "agitation": "Popular Agitation"}[v]
    if v == "extra":
        return EXTRA_WORD[arg]
    if v == "unrest":
        return "Count the Unrest district as an objective" if arg == "objective" else "Take an extra action"
    if v == "pass":
        return "No extra action (forgo it)" if s.phase == "extra" else "No action"
    if v == "done":
        return "Done"
    return str(a)


PROMPTS = {
    "objective": "Choose a Command card as your Secret Objective.",
    "play": "Play a card (day {day}, {month}; your turn {yours} of 4).",
    "command": "{card}: Recruit or {printed} (never both)?",
    "recruit": "Recruit units into {district} (value {left} left).",
    "move": "Choose a marker to move.",
    "move_to": "Move {marker} to which district?",
    "move_on": "Move {marker} one more district, or stop?",
    "refresh": "Choose an exhausted marker to refresh.",
    "leader": "{card}: Leader Recruit and/or the special action.",
    "place_leader": "Place {marker} in which district?",
    "protest": "Move the Blockade to which connection?",
    "extra": "Choose your extra action ({why}).",
    "xrecruit": "Extra Recruit: choose a unit.",
    "xplace": "Extra Recruit: place {marker} in which district?",
    "unrest": "You are stronger in the Unrest district {district}: {vp} VP or an extra action?",
}


def prompt(s: DualPowersState, side: int) -> tuple[str, dict[str, Any]]:
    ph = s.phase
    args: dict[str, Any] = {"day": s.day, "month": MONTH_LABEL[s.month], "turn": s.ti + 1, "yours": s.ti // 2 + 1,
                            "score": s.score}
    if s.card >= 0:
        args["card"] = CARD_LABEL[s.card]
    if ph == "command":  # DP R3.6.1
        args["printed"] = ACTION_WORD[CARD_ACT[s.card]]
    elif ph == "recruit":
        args.update(district=DISTRICT_NAME[CARD_DIST[s.card]], left=s.val)
    elif ph in ("move_to", "move_on", "xplace") and s.mk >= 0:
        args["marker"] = MARKER_NAME[s.mk]
    elif ph == "place_leader":
        args["marker"] = MARKER_NAME[CARD_LEADER[s.card]]
    elif ph == "extra":  # DP R3.9.1: earned on the calendar (after the action) or for the Unrest district
        args["why"] = (f"the day marker is on {s.day}" if s.ctx == "xturn"
                       else f"for the Unrest district {DISTRICT_NAME[s.unrest]}")
    elif ph == "unrest":
        args.update(district=DISTRICT_NAME[s.unrest], vp=UNREST_VP[s.month])
    return PROMPTS.get(ph, "Waiting."), args


COLOUR_STYLE = {"red": "red", "purple": "magenta", "beige": "yellow", "white": "white", "green": "green", "blue": "blue"}


def render(view: dict[str, Any], role: str | None) -> str:
    """The terminal board from a view dict (rich markup)."""
    lines: list[str] = []
    score = view["score"]
    lean = "level" if score == 0 else f"{abs(score)} toward {'Red' if score > 0 else 'White'}"
    lines.append(f"[bold]Dual Powers: Revolution 1917[/bold]  round {view['round']}  "
                 f"day {view['day']} {view['month_label']}")
    track = "".join("●" if i == score else ("|" if i == 0 else "·") for i in range(-view["track_end"], view["track_end"] + 1))
    pw = view["popular_will"]
    opp = view.get("opposition")
    if opp and opp["side"] == pw:
        pw = f"the Opposition ({pw})"
    lines.append(f"Support  White {track} Red   ({lean})   Popular Will: [bold]{pw}[/bold]")
    unrest, btile, block = view["unrest_tile"], view["blockade_tile"], view["blockade"]
    lines.append(f"Unrest!: {DISTRICT_NAME[DIDX[unrest]] if unrest else '-'}   "
                 f"Blockade!: {DISTRICT_NAME[DIDX[btile]] if btile else '-'}   "
                 f"Blockade marker: {connection_name(CIDX[block]) if block else 'none'}   tiles left {view['tile_stack']}   "
                 f"deck {view['deck']}  discard {view['discard']}")
    for i, d in enumerate(view["districts"]):
        style = COLOUR_STYLE.get(DISTRICT_COLOUR[i], "white")
        marks = []
        for m in d["markers"]:
            side = m["control"] if m["owner"] in (m["control"], "opposition") else f"{m['owner']}, {m['control']}"
            state = "[dim]exhausted[/dim]" if m["exhausted"] else "fresh"
            marks.append(f"{m['name']} ({side}) [bold]{m['strength']}[/bold] {state}")
        obj = "".join(f" [bold]<{n}>[/bold]" for n in d["objective_markers"])
        lines.append(f"[{style}]{DISTRICT_NAME[i]:<19}[/{style}]{obj} " + (", ".join(marks) or "empty"))
    for name, info in view["sides"].items():
        hand = info["hand"]
        shown = ", ".join(hand) if isinstance(hand, list) else f"{hand} cards"
        lines.append(f"{name.capitalize():<6} hand: {shown}  | played: {', '.join(info['played']) or '-'}"
                     f"  | objective: {info['secret_objective'] or '-'}")
    if opp:
        lines.append(f"Opposition ({opp['side']}, difficulty {opp['difficulty']}): stack {opp['stack']}, "
                     f"played {', '.join(opp['played']) or '-'}, leader {opp['leader_card'] or '-'}, pool {opp['pool']}")
    lines.append("[dim]Key: unit 3/2 = strength fresh/exhausted, then (whose) and its strength now; (neutral, white) = a "
                 "neutral marker White controls through Popular Will; <n> = objective marker n[/dim]")
    if view.get("active"):
        lines.append(f"Waiting for: {', '.join(view['active'])}")
    if view.get("result"):
        lines.append(f"[bold]Result:[/bold] {view['result']}")
    return "\n".join(lines)


__all__ = ["SIDES", "catalogue", "label", "prompt", "render"]
