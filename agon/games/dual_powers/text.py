"""Words for people: action labels, prompts and the terminal board.

Every word stays language-free until a front end shows it: a label or a log line is a `Text` (an
English template, the catalogue key, and its arguments); a name (district, marker, card, side) is a
string *term* the translator looks up. `render` prints the board through a `Translator`. The
catalogues are `locale/*.po` (`python -m agon.i18n.extract dual-powers`); the Greek terms are the
rulebook's, listed in docs/glossary/dual-powers.el.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import ENGLISH, Action, Text, Translator, msg, plural
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
    EXTRA_DAYS,
    MARKER_NAME,
    MONTH_LABEL,
    N_CARDS,
    N_COMMAND,
    SIDES,
    UNREST_VP,
)

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.dual_powers.rules import DualPowersState


def _(template: str) -> str:
    """Marks a template written as a plain string for the catalogue extractor (gettext's `_`)."""
    return template


ACTION_WORD = {"move": _("Move"), "double_move": _("Double Move"), "refresh": _("Refresh")}
SPECIAL_WORD = {"mobilize_protest": _("Mobilize Protest"), "espionage": _("Espionage"),
                "popular_agitation": _("Popular Agitation")}
EXTRA_WORD = {"recruit": _("Extra Recruit (any one unit, any district)"), "move": _("Extra Move"),
              "refresh": _("Extra Refresh"), "draw": _("Extra Draw (one card, for good)"),
              "organize": _("Organize (reveal your Secret Objective)")}
VERB_WORD = {"leader_recruit": _("Leader Recruit"), "protest": _("Mobilize Protest"), "espionage": _("Espionage"),
             "agitation": _("Popular Agitation"), "done": _("Done")}
UNREST_WORD = {"objective": _("Count the Unrest district as an objective"), "extra": _("Take an extra action")}
DIDX = {d: i for i, d in enumerate(DISTRICTS)}
CIDX = {c: i for i, c in enumerate(CONNECTIONS)}


def marker_name(m: int) -> str:
    return MARKER_NAME[m]


def removed_name(m: int) -> str:
    """A marker's name opening a sentence ("Red unit 1/0 is removed..."): a term of its own."""
    name = MARKER_NAME[m]
    return name[:1].upper() + name[1:]


def connection_text(e: int) -> Text:
    """A connection and the two districts it joins: "Liteyny Bridge (Vyborg Side - Liteyny)"."""
    a, b = EDGES[e]
    return msg("{connection} ({a} - {b})", connection=CONNECTION_NAME[e], a=DISTRICT_NAME[a], b=DISTRICT_NAME[b])


def days_text(n: int) -> Text:
    """A card's day number: "1 day", "3 days" (a plural form in every language)."""
    return plural("{n} day", "{n} days", "n", n=n)


def _card_words(c: int, key: str) -> str:
    if c >= N_COMMAND:
        special = CARD_TEXTS["specials"][CARD_SPECIAL[c]]
        return CARD_TEXTS[key].format(days=str(days_text(CARD_DAYS[c])), leader=MARKER_NAME[CARD_LEADER[c]],
                                      special=special if key == "leader" else special.split(":")[0])
    action = CARD_TEXTS["actions"][CARD_ACT[c]]
    return CARD_TEXTS[key].format(days=str(days_text(CARD_DAYS[c])), district=DISTRICT_NAME[CARD_DIST[c]], recruit=CARD_REC[c],
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


def label(s: DualPowersState, a: Action) -> str | Text:
    v, arg = a.verb, a.arg
    if v == "card":
        return msg("Play {card} ({days})", card=CARD_LABEL[arg], days=days_text(CARD_DAYS[arg]))
    if v == "objective":
        return msg("Secret Objective: {card} ({days})", card=CARD_LABEL[arg], days=days_text(CARD_DAYS[arg]))
    if v == "recruit":
        return msg("Recruit (units worth up to {value} into {district})", value=CARD_REC[s.card],
                   district=DISTRICT_NAME[CARD_DIST[s.card]])
    if v in ACTION_WORD:
        return ACTION_WORD[v]
    if v == "unit":
        return msg("Take a {unit}", unit=MARKER_NAME[arg])
    if v == "marker":
        return _marker_label(s, arg)
    if v == "district":
        return DISTRICT_NAME[DIDX[arg]]
    if v == "connection":
        return msg("Blockade {connection}", connection=connection_text(CIDX[arg]))
    if v in VERB_WORD:
        return VERB_WORD[v]
    if v == "extra":
        return EXTRA_WORD[arg]
    if v == "unrest":
        return UNREST_WORD["objective" if arg == "objective" else "extra"]
    if v == "pass":
        return _("No extra action (forgo it)") if s.phase == "extra" else _("No action")
    return str(a)


def _marker_label(s: DualPowersState, m: int) -> Text:
    """A marker on the board with its side up: "red unit 2/1 (fresh) in Admiralty"."""
    d, name = s.loc[m], MARKER_NAME[m]
    if d < 0:
        if s.exh[m]:
            return msg("{marker} (exhausted) in supply", marker=name)
        return msg("{marker} (fresh) in supply", marker=name)
    if s.exh[m]:
        return msg("{marker} (exhausted) in {district}", marker=name, district=DISTRICT_NAME[d])
    return msg("{marker} (fresh) in {district}", marker=name, district=DISTRICT_NAME[d])


def extra_why(day: int, unrest: int) -> str:
    """Why an extra action is due (R3.9.1), a term: the golden records hash the prompt's arguments
    as they are, so this stays a plain string (the catalogue has each of its few values)."""
    return f"the day marker is on {day}" if day > 0 else f"for the Unrest district {DISTRICT_NAME[unrest]}"


PROMPTS = {
    "objective": _("Choose a Command card as your Secret Objective."),
    "play": _("Play a card (day {day}, {month}; your turn {yours} of 4)."),
    "command": _("{card}: Recruit or {printed} (never both)?"),
    "recruit": _("Recruit units into {district} (value {left} left)."),
    "move": _("Choose a marker to move."),
    "move_to": _("Move {marker} to which district?"),
    "move_on": _("Move {marker} one more district, or stop?"),
    "refresh": _("Choose an exhausted marker to refresh."),
    "leader": _("{card}: Leader Recruit and/or the special action."),
    "place_leader": _("Place {marker} in which district?"),
    "protest": _("Move the Blockade to which connection?"),
    "extra": _("Choose your extra action ({why})."),
    "xrecruit": _("Extra Recruit: choose a unit."),
    "xplace": _("Extra Recruit: place {marker} in which district?"),
    "unrest": _("You are stronger in the Unrest district {district}: {vp} VP or an extra action?"),
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
        args["why"] = extra_why(s.day if s.ctx == "xturn" else -1, s.unrest)
    elif ph == "unrest":
        args.update(district=DISTRICT_NAME[s.unrest], vp=UNREST_VP[s.month])
    return PROMPTS.get(ph, _("Waiting.")), args


COLOUR_STYLE = {"red": "red", "purple": "magenta", "beige": "yellow", "white": "white", "green": "green", "blue": "blue"}
SIDE_WORD = {"red": "Red", "white": "White"}
TITLE = "Dual Powers: Revolution 1917"


def render(view: dict[str, Any], role: str | None, tr: Translator = ENGLISH) -> str:
    """The terminal board from a view dict (rich markup), its words through `tr`."""
    t = tr.text
    lines: list[str] = []
    score = view["score"]
    lean = msg("level") if score == 0 else msg("{n} toward {side}", n=abs(score), side="Red" if score > 0 else "White")
    lines.append(f"[bold]{tr.term(TITLE)}[/bold]  "
                 + t(msg("round {round}  day {day} {month}", round=view["round"], day=view["day"], month=view["month_label"])))
    track = "".join("●" if i == score else ("|" if i == 0 else "·") for i in range(-view["track_end"], view["track_end"] + 1))
    pw: str | Text = view["popular_will"]
    opp = view.get("opposition")
    if opp and opp["side"] == pw:
        pw = msg("the Opposition ({side})", side=pw)
    lines.append(t(msg("Support  White {track} Red   ({lean})   Popular Will: {pw}", track=track, lean=lean,
                       pw=_bold(pw))))
    unrest, btile, block = view["unrest_tile"], view["blockade_tile"], view["blockade"]
    lines.append(t(msg("Unrest!: {unrest}   Blockade!: {blockade}   Blockade marker: {marker}   tiles left {tiles}   "
                       "deck {deck}  discard {discard}",
                       unrest=DISTRICT_NAME[DIDX[unrest]] if unrest else "-",
                       blockade=DISTRICT_NAME[DIDX[btile]] if btile else "-",
                       marker=connection_text(CIDX[block]) if block else msg("none"), tiles=view["tile_stack"],
                       deck=view["deck"], discard=view["discard"])))
    name_width = max(19, *(len(tr.term(name)) + 1 for name in DISTRICT_NAME))  # "Vasziljevszkij-sziget" is 21
    for i, d in enumerate(view["districts"]):
        style = COLOUR_STYLE.get(DISTRICT_COLOUR[i], "white")
        marks = [t(_marker_text(m)) for m in d["markers"]]
        obj = "".join(f" [bold]<{n}>[/bold]" for n in d["objective_markers"])
        lines.append(f"[{style}]{tr.term(DISTRICT_NAME[i]):<{name_width}}[/{style}]{obj} " + (", ".join(marks) or t(msg("empty"))))
    for name, info in view["sides"].items():
        hand = info["hand"]
        shown = ", ".join(tr.terms(hand)) if isinstance(hand, list) else t(plural("{n} card", "{n} cards", "n", n=hand))
        # one sentence with the side in it: Greek puts the side after "hand", in the genitive ("Χέρι του Κόκκινου")
        lines.append(t(msg("{side} hand: {hand}  | played: {played}  | objective: {objective}",
                           side=SIDE_WORD.get(name, name.capitalize()), hand=shown,
                           played=", ".join(tr.terms(info["played"])) or "-", objective=info["secret_objective"] or "-")))
    if opp:
        lines.append(t(msg("Opposition ({side}, difficulty {difficulty}): stack {stack}, played {played}, leader {leader}, "
                           "pool {pool}", side=opp["side"], difficulty=opp["difficulty"], stack=opp["stack"],
                           played=", ".join(tr.terms(opp["played"])) or "-", leader=opp["leader_card"] or "-",
                           pool=opp["pool"])))
    lines.append("[dim]" + t(msg("Key: unit 3/2 = strength fresh/exhausted, then (whose) and its strength now; "
                                 "(neutral, white) = a neutral marker White controls through Popular Will; "
                                 "<n> = objective marker n")) + "[/dim]")
    if view.get("active"):
        lines.append(t(msg("Waiting for: {roles}", roles=", ".join(tr.terms(view["active"])))))
    if view.get("result"):
        lines.append("[bold]" + t(msg("Result:")) + "[/bold] " + _result_text(view["result"], tr))
    return "\n".join(lines)


def _bold(value: str | Text) -> Text:
    """Rich markup around a word, outside any template a translator sees."""
    return Text("[bold]{value}[/bold]", {"value": value})


def _marker_text(m: dict[str, Any]) -> Text:
    """One marker on the board: name, (who controls it), strength now, side up."""
    side: str | Text = m["control"]
    if m["owner"] not in (m["control"], "opposition"):
        side = msg("{owner}, {control}", owner=m["owner"], control=m["control"])
    state = Text("[dim]{state}[/dim]", {"state": msg("exhausted")}) if m["exhausted"] else msg("fresh")
    return msg("{marker} ({side}) {strength} {state}", marker=m["name"], side=side, strength=_bold(str(m["strength"])),
               state=state)


def _result_text(result: dict[str, Any], tr: Translator) -> str:
    """The result: in English its JSON as it always was; in another language, the winners and why."""
    if tr.lang == "en":
        return str(result)
    return tr.text(msg("winners: {winners} ({reason})", winners=", ".join(tr.terms(result.get("winners", []))),
                       reason=result.get("reason", "")))


def terms() -> list[str]:
    """Every term the game shows that is not a literal template in its code (Game.terms)."""
    out: list[str] = [*DISTRICT_NAME, *CONNECTION_NAME, *CARD_LABEL, *CARD_CODE, *MONTH_LABEL]
    out += sorted(set(MARKER_NAME)) + sorted({removed_name(m) for m in range(len(MARKER_NAME))})
    out += [*SIDES, "neutral", "opposition", "Red", "White", "The Opposition", "the Opposition", "hidden"]
    out += [extra_why(day, 0) for day in sorted(EXTRA_DAYS)] + [extra_why(-1, d) for d in range(len(DISTRICTS))]
    return list(dict.fromkeys(out))


__all__ = ["SIDES", "catalogue", "label", "prompt", "render", "terms"]
