"""Views, labels and the terminal board for Cuba Libre."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import ENGLISH, Action, Text, Translator, msg, plural
from agon.engine.actions import render as fill
from agon.engine.textfit import PANEL_WIDTH, fit_lines
from agon.games.cuba_libre import variants
from agon.games.cuba_libre.activities import SA_TITLES
from agon.games.cuba_libre.data import (
    ALLIANCE,
    CARD_TEXTS,
    CARDS,
    ECON,
    FACTION_NAMES,
    KIND,
    LEVELS,
    N_SPACES,
    NAMES,
    PIECE_KEYS,
    PIECE_NAMES,
    POP,
    ROLES,
    TITLE,
)
from agon.games.cuba_libre.insurgent_ops import carried
from agon.games.cuba_libre.op_spaces import OP_TITLES
from agon.games.cuba_libre.steps import STEPS

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

SHORT = ("T", "P", "GB", "Mu", "Ma", "MB", "Du", "Da", "DB", "Su", "Sa", "C", "Cc")


def board_view(state: CubaLibreState) -> dict[str, Any]:
    """What every role sees (Cuba Libre has no hidden hands; the deck shows only counts)."""
    hidden_next = variants.hide_next(state)
    spaces = []
    for s in range(N_SPACES):
        row = state.sp[s]
        ctrl = state.control(s)
        spaces.append({
            "name": NAMES[s], "kind": KIND[s], "pop": POP[s], "econ": ECON[s],
            "pieces": {PIECE_KEYS[i]: row[i] for i in range(13) if row[i]},
            "level": state.support[s], "control": ROLES[ctrl] if ctrl >= 0 else None,
            "terror" if KIND[s] != "ec" else "sabotage": state.terror[s],
            "cash": [ROLES[c % 4] for c in state.cash if c >= 0 and c // 4 == s],
        })
    return {
        "spaces": spaces,
        "resources": dict(zip(ROLES, state.res, strict=True)),
        "aid": state.aid,
        "alliance": ALLIANCE[state.alliance],
        "available": dict(zip(("troops", "police", "govt_bases", "m26_guerrillas", "m26_bases",
                                "dr_guerrillas", "dr_bases", "syndicate_guerrillas", "casinos"), state.avail, strict=True)),
        "eligible": [ROLES[f] for f in range(4) if state.elig[f]],
        "current_card": state.current, "current_title": TITLE.get(state.current, ""),
        "next_card": None if hidden_next else state.next_card,
        "next_title": "(face down)" if hidden_next else TITLE.get(state.next_card, ""),
        "order_card": state.order_card, "deck_top_seen": variants.seen_top(state),
        "deck_count": len(state.deck), "played": list(state.played), "propaganda_played": state.prop_played,
        "capabilities": sorted(f"{n}{'s' if sh else 'u'}" for n, sh in state.capabilities),
        "momentum": sorted(str(n) for n, _ in state.momentum),
        "totals": {"total_support": state.total_support(), "opposition_plus_bases": state.opposition_plus_bases(),
                   "dr_pop_plus_bases": state.dr_pop_plus_bases(), "open_casinos": state.open_casinos()},
        "cash_available": state.cash.count(-1),
        "markers_left": state.markers_left(),
        "phase": state.phase,
        "nonplayers": [ROLES[f] for f in sorted(state.np)],
        "acted": [ROLES[f] for f in sorted(state.executed)],
        "first_did": state.first_did,
        "prompt": _prompt_text(state),
    }


def _prompt_text(state: CubaLibreState) -> str:
    if state.over is not None or not state.stack:
        return ""
    frame = state.stack[-1]
    text, args = STEPS[frame["step"]].public_prompt(state, frame)  # public: never a secret option (7.3, issue 29.2)
    return f"{FACTION_NAMES[frame['faction']]}: {fill(text, args)}"


def render(view: dict[str, Any], role: str | None, tr: Translator = ENGLISH) -> str:
    """The terminal board, every word through `tr` (English: the identity); `_` marks the board's
    own templates for the catalogue extractor."""
    _ = tr

    def term(word: str) -> str:
        return tr.term(word) if word else word

    lines = ["[bold]" + _("Cuba Libre") + "[/bold]  " + _(
        "card {card} {title}  next {next} {next_title}  deck {deck}  Propaganda {propaganda}/4  phase {phase}",
        card=view["current_card"], title=term(view["current_title"]), next=view["next_card"],
        next_title=term(view["next_title"]), deck=view["deck_count"], propaganda=view["propaganda_played"],
        phase=term(view["phase"]))]
    res = view["resources"]
    lines.append(_("Resources") + " " + "  ".join(f"{term(_faction(r))} {res[r]}" for r in ROLES)
                 + "  " + _("Aid {aid}", aid=view["aid"]) + "  " + _("US Alliance {level}", level=view["alliance"]))
    t = view["totals"]
    lines.append(_("Total Support {support}  Opposition+Bases {opposition}  DR Pop+Bases {dr}  Open Casinos {casinos}",
                    support=t["total_support"], opposition=t["opposition_plus_bases"], dr=t["dr_pop_plus_bases"],
                    casinos=t["open_casinos"]))
    lines.append(_("Eligible: {factions}", factions=_names(view["eligible"]))
                 + "   " + _("acted this card: {factions}", factions=_names(view["acted"])))
    if view["capabilities"] or view["momentum"]:
        caps = tuple(msg("{card} ({side})", card=TITLE[int(c[:-1])], side="shaded" if c[-1] == "s" else "unshaded")
                     for c in view["capabilities"])
        moms = tuple(TITLE[int(m)] for m in view["momentum"])
        lines.append(_("Capabilities: {capabilities}   Momentum: {momentum}", capabilities=caps or "-",
                        momentum=moms or "-"))
    dec = view.get("deception") or {}
    if any(d["hidden"] or d["revealed"] or d.get("mine") for d in dec.values()):
        lines.append(_("Deception") + " — " + "; ".join(tr.text(_deception(r, d)) for r, d in dec.items()))
    lines += _space_rows(view, tr)
    lines.append(_("Available:") + " " + ", ".join(f"{term(AVAILABLE_WORDS.get(k, k))} {v}"
                                                    for k, v in view["available"].items()))
    lines.append("[dim]" + _("Key: T Troops, P Police, GB/MB/DB Government/26July/DR Base, Mu Ma/Du Da/Su Sa "
                              "26July/DR/Syndicate Guerrillas (u Underground, a Active), C/Cc open/closed Casino")
                 + "[/dim]")
    if view.get("prompt") and role is None:  # a player's own prompt follows the board anyway
        # the view's prompt is English words (kept as they were); another language names who acts
        now = view["prompt"] if tr.lang == "en" else ", ".join(term(_faction(r)) for r in view.get("active", []))
        lines.append("[bold]" + _("Now") + f"[/bold] {now}")
    if view.get("over"):
        lines.append(tr.text(_result(view["result"] or {})))
    return "\n".join(fit_lines(lines))  # 80 columns in every language: rows break between their parts


def _space_rows(view: dict[str, Any], tr: Translator) -> list[str]:
    """The table of spaces: each column as wide as its longest word in this language (Greek's
    "Παθητική Υποστήριξη" is 19), and a row's pieces, Terror and Cash go on under the Pieces
    column when they do not fit the panel (a row never wraps into the next column's place)."""
    heads = tr("Space"), tr("Pop"), tr("Support/Opposition"), tr("Control"), tr("Pieces")
    widths = (max(len(heads[0]), *(len(tr.term(sp["name"])) for sp in view["spaces"])), max(len(heads[1]), 2),
              max(len(heads[2]), *(len(tr.term(level)) for level in LEVELS.values())),
              max(len(heads[3]), *(len(tr.term(name)) for name in (*FACTION_NAMES, "-"))))
    start = sum(widths) + len(widths)  # where the Pieces column starts
    rows = ["[dim]" + "".join(f"{head:<{w}} " for head, w in zip(heads, widths, strict=False)) + heads[4] + "[/dim]"]
    for sp in view["spaces"]:
        if sp["kind"] == "ec":
            info = tr("EC econ {econ}", econ=sp["econ"]) + (" " + tr("SABOTAGED") if sp.get("sabotage") else "")
        else:
            info = " ".join((f"{sp['pop']:>{widths[1]}}", f"{tr.term(LEVELS[sp['level']]):<{widths[2]}}",
                             tr.term(_faction(sp["control"] or "-"))))
        words = [f"{SHORT[PIECE_KEYS.index(k)]}{n}" for k, n in sp["pieces"].items()] or ["-"]
        if sp.get("terror"):
            words.append(tr("Terror {n}", n=sp["terror"]))
        if sp["cash"]:
            holders = [tr.term(_faction(r)) for r in sp["cash"]]
            listed = [name + "," for name in holders[:-1]] + holders[-1:]
            words += [tr("Cash:") + " " + listed[0], *listed[1:]]
        first = f"{tr.term(sp['name']):<{widths[0]}} {info:<{start - widths[0] - 2}} "
        rows += _columned(first, words, start)
    return rows


def _columned(first: str, words: list[str], start: int) -> list[str]:
    """`first` and then `words` from column `start`, as many rows as the panel's width needs."""
    rows = [first]
    for word in words:
        if rows[-1].endswith(" ") or len(rows[-1]) + 1 + len(word) <= PANEL_WIDTH:
            rows[-1] += word if rows[-1].endswith(" ") else " " + word
        else:
            rows.append(" " * start + word)
    return rows


def _names(roles: list[str]) -> tuple[str, ...] | str:
    """Faction names (terms) for a list argument; "-" for none."""
    return tuple(_faction(r) for r in roles) or "-"


def _deception(role: str, deception: dict[str, Any]) -> Text:
    """One role's Deception markers on the board line (CL 7.3): how many hidden, yours, shown."""
    args = {"role": role, "n": deception["hidden"], "mine": tuple(deception.get("mine") or ()), "shown": tuple(deception["revealed"])}
    if deception.get("mine") and deception["revealed"]:
        return msg("{role}: {n} hidden (yours: {mine}), shown: {shown}", **args)
    if deception.get("mine"):
        return msg("{role}: {n} hidden (yours: {mine})", **args)
    if deception["revealed"]:
        return msg("{role}: {n} hidden, shown: {shown}", **args)
    return msg("{role}: {n} hidden", **args)


def and_names(names: list[str]) -> str | Text:
    """Faction names joined by "and", as a Text over the names (terms): "Government and Syndicate"."""
    if len(names) == 1:
        return names[0]
    return msg("{first} and {second}", first=and_names(names[:-1]), second=names[-1])


def _result(result: dict[str, Any]) -> Text:
    """The last board line: who won, and each faction's victory margin (CL 7.3). One winner or several
    each have their sentence (the verb agrees), the names joined as the log joins them (a language
    inflects each name)."""
    names = [_faction(r) for r in result.get("winners", [])] or ["nobody"]
    winners = and_names(names)
    margins = tuple(msg("{faction} {margin:+d}", faction=_faction(r), margin=m)
                    for r, m in result.get("scores", {}).items() if isinstance(m, int))
    if len(names) > 1 and margins:
        return msg("Result: {winners} win (victory margins: {margins})", winners=winners, margins=margins)
    if margins:
        return msg("Result: {winners} wins (victory margins: {margins})", winners=winners, margins=margins)
    if len(names) > 1:
        return msg("Result: {winners} win", winners=winners)
    return msg("Result: {winners} wins", winners=winners)


AVAILABLE_WORDS = {"troops": "Troops", "police": "Police", "govt_bases": "Government Bases",
                   "m26_guerrillas": "26July Guerrillas", "m26_bases": "26July Bases", "dr_guerrillas": "DR Guerrillas",
                   "dr_bases": "DR Bases", "syndicate_guerrillas": "Syndicate Guerrillas", "casinos": "Casinos"}


def _faction(role: str) -> str:
    return FACTION_NAMES[ROLES.index(role)] if role in ROLES else role


_RALLY = {"place": "Rally: place 1 Guerrilla", "base": "Rally: replace 2 Guerrillas with a Base",
          "flip": "Rally: flip all Guerrillas Underground"}
_SIMPLE = {"done": "Done", "pass": "Pass", "limop": "Limited Operation (1 space, no Special Activity)",
           "roll": "Roll the die", "skip": "Skip", "launder": "Launder a Cash marker for a free LimOp",
           "decline": "Decline", "give cash": "Give a Cash marker for the other faction's free LimOp", "reroll": "Roll again", "cancel pact": "Remove 2 Bases to end the Pact of Caracas",
           "drop cash": "Let the Cash marker go (captured or back to the pool)",
           "carry cash": "A Cash marker goes with the moved piece", "leave cash": "The Cash stays",
           "transfer": "Negotiate: give or ask for Resources or Cash",
           "borrow": "No Syndicate Guerrilla"}
_FACTION_VERBS = {"faction": "Faction: {faction}", "target": "Target: {faction}", "activate": "Activate: {faction}",
                  "holder": "Holder: {faction}", "give to": "Give to {faction}", "ask": "Ask {faction}",
                  "give cash": "Hand the Cash marker to a {faction} piece"}
_PIECE_VERBS = {"remove": "Remove {piece}", "removebase": "Remove {piece}", "flip": "Flip {piece}",
                "relocate": "Relocate {piece}", "place": "Place {piece}"}
_CONSTRUCT = {"place": "Construct: place a closed Casino", "open": "Construct: open a closed Casino"}  # CL 3.3.5
_MOVING = {"underground": "an Underground Guerrilla", "active": "an Active Guerrilla", "troop": "a Troop",
           "police": "a Police cube"}


def label(state: CubaLibreState, action: Action) -> str | Text:
    """A readable label for an action (the prompt shows it next to the action): a template with
    the action's places, pieces and factions as terms (CL labels; `terms()` lists the terms)."""
    verb, arg = action.verb, action.arg
    if verb in _SIMPLE and arg is None:
        return _SIMPLE[verb]
    if verb == "op":
        return "Operation with a Special Activity (Hidden Asset)" if arg else "Operation (a Special Activity may be added)"
    if verb == "event":
        return msg("Event: {title} ({side})", title=TITLE.get(state.current, ""), side=str(arg))
    if verb == "operation":
        return OP_TITLES.get(arg, str(arg))
    if verb == "construct" and arg in _CONSTRUCT:
        return _CONSTRUCT[arg]
    if verb == "activity":
        return msg("Special Activity: {activity}", activity=SA_TITLES.get(arg, arg))
    if verb in _PIECE_VERBS and isinstance(arg, str) and arg in PIECE_KEYS:
        return msg(_PIECE_VERBS[verb], piece=a_piece(arg))
    if verb in ("faction", "target", "activate", "holder", "give to", "ask", "give cash") and arg in ROLES:
        return msg(_FACTION_VERBS[verb], faction=FACTION_NAMES[ROLES.index(arg)])
    if verb == "withdraw" and isinstance(arg, tuple) and len(arg) == 2:
        kind = {"underground": "an Underground Guerrilla", "active": "an Active Guerrilla"}.get(arg[1])
        if kind is None and arg[1] in PIECE_KEYS:
            kind = a_piece(arg[1])
        return msg("Take {piece} off the map in {space} (none Available)", piece=kind or arg[1], space=arg[0])
    if verb == "give resources" and isinstance(arg, int):
        return plural("Give {n} Resource", "Give {n} Resources", "n", n=arg)
    if verb == "give cash marker":
        return msg("Give a Cash marker in {space}", space=str(arg))
    if verb in ("troops", "troops with cash") and isinstance(arg, int):
        if verb == "troops":
            return plural("Move {n} Troop", "Move {n} Troops", "n", n=arg)
        return plural("Move {n} Troop carrying a Cash marker", "Move {n} Troops carrying a Cash marker", "n", n=arg)
    if verb == "rally":
        return _RALLY[arg] if arg in _RALLY else plural("Rally: place {n} Guerrilla", "Rally: place {n} Guerrillas", "n", n=arg)
    if verb == "move" and isinstance(arg, tuple) and len(arg) == 2 and isinstance(arg[1], str):
        kind, carry = carried(arg[1])
        piece = _MOVING.get(kind, kind)
        if carry:
            return msg("Move {piece} from {space} carrying a Cash marker", piece=piece, space=arg[0])
        return msg("Move {piece} from {space}", piece=piece, space=arg[0])
    if verb == "to" and isinstance(arg, str):
        return Text(_destination(state), {"0": arg})
    if verb == "space" and state.stack:
        frame = state.stack[-1]
        what = OP_TITLES.get(frame.get("operation", ""), "") if frame["step"] == "op" else ""
        return msg("{op} in {space}", op=what, space=str(arg)) if what else str(arg)
    return _worded(verb, arg)


# a destination ("to") in the words of the step that asks for it: Transport (CL 4.2.1), Reprisal's
# relocation (CL 4.2.3), the Redeploy phase (CL 6.4); an event's move otherwise
_DESTINATION: dict[str | None, str] = {"transport": "Transport to {0}", "reprisal": "Relocate to {0}", "prop_redeploy": "Redeploy to {0}"}


def _destination(state: CubaLibreState) -> str:
    if not state.stack:
        return "Move to {0}"
    frame = state.stack[-1]
    return _DESTINATION.get(frame.get("special_activity") if frame.get("step") == "sa" else frame.get("step"), "Move to {0}")


_CUBES = {"TT": "2 Troops", "TP": "a Troops and a Police cube", "PP": "2 Police"}
_VERB_WORDS = {  # verb -> template over the action's words {0}, {1}, ... (places, pieces, factions named)
    "civic": "Civic Action in {0}", "agitate": "Agitation in {0}", "from": "From {0}",
    "close": "Close the Casino in {0}", "assault": "Assault in {0}", "remove base": "Remove your Base in {0}",
    "remove": "Remove {1} in {0}", "place": "Place {1} in {0}", "borrow": "Use {1} in {0}",
    "guerrilla": "{1} in {0}", "return": "{1} in {0} (it was the Syndicate one)",
    "replace": "Replace {1} with {2} in {0}", "move": "Move {1} from {0} to {2}",
    "base": "Government Base in {0}, replacing {1}", "cash": "A Cash marker to {1} piece in {0}",
    "keep": "Keep the roll of {0}", "profit": "Profit: {0}", "deposit": "Cash deposit: {0}", "choose": "Choose: {0}",
}
# a verb with a space alone: Deploy's placement (set-up), Fangio's open Casino, Profit's cash-in (CL 4.5.1)
_SPACE_WORDS = {"place": "Place in {0}", "open": "Open the closed Casino in {0}", "cash": "Cash in the marker in {0}"}
# an action whose words fit no template above: its verb (capitalised) and its words, in order; no action
# of the game's domain comes here (a bare verb and a term cannot agree in Greek: tests/i18n/test_word_forms.py)
_BARE = ("{verb}", "{verb} {0}", "{verb} {0} {1}", "{verb} {0} {1} {2}")
_DEPOSIT = {"base": "a Base", "casino": "a Casino", "open casino": "open a closed Casino", "resources": "+6 Resources"}
_A_FACTION = {r: "a " + FACTION_NAMES[i] for i, r in enumerate(ROLES)}


def _word(word: Any) -> Any:
    """One part of an action's argument in a person's words (no piece keys or role ids): a term."""
    if isinstance(word, str) and word in PIECE_KEYS:
        return a_piece(word)
    if isinstance(word, str) and word in ROLES:
        return _A_FACTION[word]
    if isinstance(word, str) and word in _CUBES:
        return _CUBES[word]
    if isinstance(word, str) and word in _DEPOSIT:
        return _DEPOSIT[word]
    return word if isinstance(word, (str, int)) else str(word)


def _a(name: str) -> str:
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


_A_PIECE = {key: _a(f"{name} cube" if key in ("troop", "police") else name)
            for key, name in zip(PIECE_KEYS, PIECE_NAMES, strict=True)}


def a_piece(key: str) -> str:
    """"a Troops cube", "an open Casino", "a DR Base": one piece, in words (a term)."""
    return _A_PIECE[key]


def _worded(verb: str, arg: Any) -> str | Text:
    parts = list(arg) if isinstance(arg, tuple) else ([] if arg is None else [arg])
    words = {str(i): _word(x) for i, x in enumerate(parts)}
    template = (_SPACE_WORDS if len(parts) == 1 and verb in _SPACE_WORDS else _VERB_WORDS).get(verb)
    if verb == "replace" and len(parts) == 2:  # Defections: (old piece, new piece); Chomón: (space, DR piece)
        template = "Replace {0} with {1}" if parts[0] in PIECE_KEYS else "Replace {1} in {0} with a 26July piece"
    if template is not None and template.count("{") <= len(words):
        return Text(template, words)
    if len(words) < len(_BARE):
        return Text(_BARE[len(words)], {"verb": verb.capitalize(), **words})
    return " ".join([verb.capitalize(), *(str(w) for w in words.values())])


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


def piece_words() -> list[str]:
    """How this module names pieces, factions and Available forces: part of the game's terms (terms.py)."""
    return [*_A_PIECE.values(), *_A_FACTION.values(), *_CUBES.values(), *_DEPOSIT.values(), *_MOVING.values(),
            *AVAILABLE_WORDS.values()]


def label_words() -> list[str]:
    """The templates of this module's label tables: part of the game's terms (terms.py)."""
    return [*_SIMPLE.values(), *_RALLY.values(), *_FACTION_VERBS.values(), *_PIECE_VERBS.values(),
            *_VERB_WORDS.values(), *_CONSTRUCT.values(), *_SPACE_WORDS.values(), *_BARE]
