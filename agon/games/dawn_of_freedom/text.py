"""1989 views (what each role may see), action labels and the terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import ENGLISH, Action, Text, Translator, msg, plural
from agon.engine.actions import render as fill
from agon.games.dawn_of_freedom.data import (
    CARD_TEXTS,
    CARDS,
    CLASSES,
    COUNTRIES,
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
from agon.games.dawn_of_freedom.events import option_words
from agon.games.dawn_of_freedom.words import (
    BOTH_HELD,
    ENDED_EARLY,
    FINAL_VP_REACH,
    WON_AT,
    Item,
    final_reason,
    held_scoring,
    join_terms,
    reason_text,
)

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

SIDE_NAMES = ("democrat", "communist", "both")
SIDE_WORDS = ("Democrat", "Communist", "both sides")  # whose event a card carries, as people read it


def card_label(n: int) -> Text:
    c = CARDS[n]
    if c.scoring:
        return msg("#{n} {card} (scoring)", n=n, card=c.title)
    args = {"n": n, "card": c.title, "ops": c.ops, "side": SIDE_WORDS[c.side]}
    if c.star:
        return plural("#{n} {card}* ({ops} Op, {side})", "#{n} {card}* ({ops} Ops, {side})", "ops", **args)
    return plural("#{n} {card} ({ops} Op, {side})", "#{n} {card} ({ops} Ops, {side})", "ops", **args)


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


def view(g: DawnState, role: str | None) -> dict[str, Any]:
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
        known = opponent_hand(g, me)
        if known:
            v["opponent_hand"] = known
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


def opponent_hand(g: Any, me: int) -> dict[str, Any]:
    """What side `me` knows of the other's hand, none of it hidden from `me`: the cards it has seen
    there (`seen`), how many of the unseen ones are not red-title (`not_red`, the Democrat's, 1989
    card 46) and the caps on their printed Ops (`ops_caps`, the Communist's, card 20). Empty when
    it knows nothing."""
    opp = 1 - me
    out: dict[str, Any] = {}
    hand = g.hands[opp]
    seen = sorted(c for c in g.known[opp] if c in hand)
    if seen:
        out["seen"] = seen
    if opp == C and g.not_red:
        out["not_red"] = g.not_red
    if opp == D and g.ops_cap:
        out["ops_caps"] = list(g.ops_cap)
    return out


def short_name(sid: int) -> str:
    """A space's name without its country ("Catholic Church" for "Catholic Church, Poland"): a term."""
    s = SPACES[sid]
    return s.name.removesuffix(f", {s.country}")


def label(g: DawnState, action: Action) -> Text | str:
    verb, arg = action.verb, action.arg
    if verb == "space" and isinstance(arg, int):
        s = SPACES[arg]  # the country first: a long list of spaces reads grouped by country (ids are)
        args = {"country": s.country, "space": short_name(arg), "cls": s.cls, "stab": s.stability,
                "d": g.sp[D][arg], "c": g.sp[C][arg]}
        if s.battleground:
            return msg("{country}: {space} ({cls}, BG, stab {stab}; D {d} / C {c})", **args)
        return msg("{country}: {space} ({cls}, stab {stab}; D {d} / C {c})", **args)
    if verb == "card" and isinstance(arg, int):
        return card_label(arg)
    if verb == "pscard" and isinstance(arg, int):
        p = POWER_CARDS[arg]
        return p.name if p.kind == "wild" else msg("{card} ({value})", card=p.name, value=p.value)
    return _label(g, verb, arg) or str(action)


def _frame(g: DawnState) -> dict[str, Any]:
    return g.stack[-1] if g.stack else {}


PLAY = {"event": "For its event", "ops": "For Operations",
        "tiananmen": "For a Tiananmen Square attempt (its event does not happen)",
        "both": "For both its event and Operations (Tiananmen award)"}
ORDER = {"event first": "The event first, then your Operations",
         "ops first": "Your Operations first, then the event",
         "cancel event": "Operations only: cancel the event (Tiananmen award)"}
USE = {"place": "Place SPs", "checks": "Make 2 support checks",
       "place+": "Place SPs, all in East Germany (+1 Op)",
       "checks+": "Make 2 support checks, both in East Germany (+1 Op)",
       "tiananmen": "Make a Tiananmen Square attempt"}
RAISE = {"yes": "Raise the stakes (discard 3 cards)", "no": "Do not raise the stakes"}
EXTRA_ROUND = {"take": "Take an 8th action round", "pass": "Do not take it"}
FIXED_LABELS = (*PLAY.values(), *ORDER.values(), *USE.values(), *RAISE.values(), *EXTRA_ROUND.values(),
                "Give up power (no VP for power)", "Pass")  # templates without arguments (terms() lists them)


def _capital(words: Text | str) -> Text | str:
    """An option's words as a label: the first letter a capital."""
    if isinstance(words, str):
        return words[:1].upper() + words[1:]
    return Text(words.template[:1].upper() + words.template[1:], words.args, words.plural, words.count)


def _label(g: DawnState, verb: str, arg: Any) -> Text | str | None:
    """Readable labels for the fixed options (the rulebook's words)."""
    f = _frame(g)
    if verb == "play":
        card, side = f.get("card"), f.get("role")
        if arg == "ops" and card is not None and side is not None and CARDS[card].side == 1 - side \
                and g.event_playable(card, 1 - side):
            return msg("For Operations (the {side}'s event happens too)", side=NAMES[1 - side])
        return PLAY.get(arg)
    if verb == "order":
        return ORDER.get(arg)
    if verb == "use":
        return USE.get(arg)
    if verb == "raise":
        return RAISE.get(arg)
    if verb == "power" and g.ps is not None:
        i = COUNTRY_NAMES.index(g.ps["country"])
        if arg == "keep":
            return msg("Keep power (score {vp} VP for power)",
                       vp=COUNTRY[g.ps["country"]].power_value * (g.retained[i] + 1))
        return "Give up power (no VP for power)"
    if verb == "extra round":
        return EXTRA_ROUND.get(arg)
    if verb == "concede" and g.ps is not None and g.ps.get("led"):
        return msg("Concede (the attacker wins with {suit})", suit=g.ps["led"][1])
    if verb == "suit":
        return msg("Lead as {suit}", suit=arg)
    if verb == "pass":
        return "Pass"
    if verb == "option" and isinstance(arg, str):
        return _capital(option_words(arg))
    return None


CELL = 15  # a space's name in the compact map: three spaces to a 76-column line (80 less a panel's frame)
UNTIL = {"turn": "this turn", "game": "whole game", "ps": "next struggle", "deal": "next deal", "manual": "until used"}
KEY = "Key: Democrat/Communist SPs, D/C: who controls it, *: battleground"
CLASSES_KEY = "Space classes (events name them): Elite, Bureaucrat, Farmer, Worker, Intellectual, Student, Church, Minority"
BOARD_WORDS = (KEY, CLASSES_KEY, "destroyed (Systematization)", "[blue]D[/blue]", "[red]C[/red]", "[blue]D ctrl[/blue]", "[red]C ctrl[/red]",
               "nobody", "both", "none", "none (draw)", "even", *UNTIL.values())  # terms() lists them


def _name(role: str | None) -> str:
    return "nobody" if role is None else NAMES[SIDE_OF[role]]


def _short_space(sid: int, tr: Translator) -> str:
    """A space's name for the compact map: without its country, cut to CELL characters."""
    name = tr.term(short_name(sid))
    return name if len(name) <= CELL else name[:CELL - 1] + "…"


def _ctrl_mark(ctrl: str | None, tr: Translator) -> str:
    mark = {"democrat": "[blue]D[/blue]", "communist": "[red]C[/red]"}.get(ctrl or "")
    return tr.gettext(mark) if mark else " "


def _header(v: dict[str, Any], tr: Translator) -> list[str]:
    vp = v["vp"]
    ahead = msg("even") if vp == 0 else msg("{side} ahead", side="Democrat" if vp > 0 else "Communist")
    t = v["tiananmen"]

    def box(role: str) -> Text | int:
        n = t[role]
        return msg("{n} {box}", n=n, box=TST_NAMES[SIDE_OF[role]][n - 1]) if n else 0

    if v["action_round"] == 0:  # 1989 3.0: the set-up, before turn 1's first action round
        first = msg("[bold]1989[/bold]  Set-up   VP {vp:+d} ({ahead})", vp=vp, ahead=ahead)
    else:
        first = msg("[bold]1989[/bold]  turn {turn}, action round {ar} ({side})   VP {vp:+d} ({ahead})",
                    turn=v["turn"], ar=v["action_round"], side=_name(v["phasing"]), vp=vp, ahead=ahead)
    return [tr.text(first),
            tr.text(msg("Tiananmen: Democrat {d}, Communist {c}", d=box("democrat"), c=box("communist")))]


def _country_line(v: dict[str, Any], country: str, tr: Translator, compact: bool = False) -> str:
    """A country's header: who holds power and how many spaces and battlegrounds each controls
    (`compact`: without the country's abbreviation, the side by its letter, so that
    "Czechoslovakia (CS): power Communist x2; ..." fits one row of 80 columns in every language)."""
    ids = [s for s in SPACES_IN[country] if s not in v["destroyed"]]
    ctrl = [v["control"][s] for s in ids]
    bgs = [v["control"][s] for s in ids if SPACES[s].battleground]
    args = {"country": country, "abbr": COUNTRY[country].abbr, "side": _name(v["power"][country]),
            "d": ctrl.count("democrat"), "dbg": bgs.count("democrat"), "c": ctrl.count("communist"),
            "cbg": bgs.count("communist"), "n": len(ids)}
    if compact:  # the side in power by its letter, as the map marks control ("power Communist x2" ran past
        args["side"] = _ctrl_mark(v["power"][country], tr)  # 76 columns in Greek and Hungarian)
    if compact and v["power_kept"][country]:
        return tr.text(msg("[bold]{country}[/bold]: power {side} x{kept}; controls D {d} ({dbg} BG), "
                           "C {c} ({cbg} BG) of {n}", kept=v["power_kept"][country], **args))
    if compact:
        return tr.text(msg("[bold]{country}[/bold]: power {side}; controls D {d} ({dbg} BG), "
                           "C {c} ({cbg} BG) of {n}", **args))
    if v["power_kept"][country]:
        return tr.text(msg("[bold]{country}[/bold] ({abbr}): power {side} x{kept}; controls D {d} ({dbg} BG), "
                           "C {c} ({cbg} BG) of {n}", kept=v["power_kept"][country], **args))
    return tr.text(msg("[bold]{country}[/bold] ({abbr}): power {side}; controls D {d} ({dbg} BG), "
                       "C {c} ({cbg} BG) of {n}", **args))


def _compact_map(v: dict[str, Any], tr: Translator) -> list[str]:
    """1989 board summarised (issue 10 item 4): per country a header and only the spaces holding SPs,
    three to a line."""
    lines: list[str] = []
    for country in COUNTRY_NAMES:
        lines.append(_country_line(v, country, tr, compact=True))
        cells = []
        for sid in SPACES_IN[country]:
            d, c = v["sp"]["democrat"][sid], v["sp"]["communist"][sid]
            if sid in v["destroyed"] or not (d or c):
                continue
            bg = "*" if SPACES[sid].battleground else " "
            cells.append(f"{bg}{_short_space(sid, tr):<{CELL}} {d:>2}/{c:<2} {_ctrl_mark(v['control'][sid], tr)}")
        for i in range(0, len(cells), 3):
            lines.append("  ".join(cells[i:i + 3]))
    return lines


def _full_map(v: dict[str, Any], tr: Translator) -> list[str]:
    lines: list[str] = []
    bg_word = tr.gettext("BG", "battleground")  # a column as wide as the word ("BG", "HSZ")
    for country in COUNTRY_NAMES:
        lines.append(_country_line(v, country, tr))
        for sid in SPACES_IN[country]:
            s = SPACES[sid]
            name = tr.term(s.name)
            if sid in v["destroyed"]:
                lines.append(f"  {name:<32} " + tr.gettext("destroyed (Systematization)"))
                continue
            mark = {"democrat": "[blue]D ctrl[/blue]", "communist": "[red]C ctrl[/red]"}.get(v["control"][sid] or "")
            bg = bg_word if s.battleground else " " * len(bg_word)
            numbers = tr.text(msg("stab {stab}  D {d:>2}  C {c:>2}", stab=s.stability, d=v["sp"]["democrat"][sid],
                                  c=v["sp"]["communist"][sid]))
            lines.append(f"  {name:<32}{bg} {tr.term(s.cls):<12} {numbers}  {tr.gettext(mark) if mark else ''}")
    return lines


def cards_text(cards: list[int]) -> Item:
    """Strategy cards by number and name ("4 Michnik, 9 The Wall"), each name a term."""
    return join_terms([msg("{n} {card}", n=c, card=CARDS[c].title) for c in cards])


def _ps_cards(cards: list[int]) -> Item:
    return join_terms([msg("{card} {value}", card=POWER_CARDS[c].name, value=POWER_CARDS[c].value)
                       if POWER_CARDS[c].value else POWER_CARDS[c].name for c in cards])


CARD_OF_TITLE = {card.title: n for n, card in CARDS.items()}


def _effect(e: dict[str, Any]) -> Text | str:
    """An effect in force by its card's number and name (`c N` reads what it does), else by its
    name and the side it is for ("extra action round for the Communist"). The board said
    "Tear Gas (Communist, until used)": whose card, or whom it hits? (issue 34)"""
    name = e["name"]
    if name in CARD_OF_TITLE:
        return msg("{n} {card}", n=CARD_OF_TITLE[name], card=name)
    if e["side"] is None or any(side in name for side in NAMES):
        return name
    return msg("{effect} for the {side}", effect=name, side=_name(e["side"]))


def _in_force(effects: list[dict[str, Any]]) -> Text:
    """"In force — whole game: 26 Helsinki Final Act, 39 Eco-Glasnost; until used: 30 Tear Gas":
    the effects grouped by how long they last, in the order they came."""
    groups: dict[str, list[Text | str]] = {}
    for e in effects:
        groups.setdefault(e["until"], []).append(_effect(e))
    parts = [msg("{until}: {effects}", until=UNTIL.get(until, until), effects=join_terms(named))
             for until, named in groups.items()]
    return msg("In force — {groups}", groups=join_terms(parts, "; "))


def _counts(v: dict[str, Any], full: bool) -> list[Text]:
    args = {"d": v["hand_counts"]["democrat"], "c": v["hand_counts"]["communist"], "deck": v["deck_count"],
            "removed": len(v["removed"]), "discard": len(v["discard"])}
    counts = msg("Hands: Democrat {d}, Communist {c}; deck {deck}, removed {removed}, discard {discard}", **args)
    pile = sorted(v["discard"])  # 1989 2.2: either player may inspect the discard pile at any time
    if pile and full:
        return [counts, msg("Discard pile: {cards}", cards=cards_text(pile))]
    if pile:  # compact: the pile's count, its cards on the whole board (late turns' pile took 3 rows of 80x50)
        return [msg("{counts} (b: the pile)", counts=counts)]
    return [counts]


def _struggle(ps: dict[str, Any]) -> list[Text]:
    lines = []
    if ps["led"]:
        lines.append(msg("Power struggle in {country}: attacker {side}, led {suit}", country=ps["country"],
                         side=_name(ps["attacker"]), suit=ps["led"][1]))
    else:
        lines.append(msg("Power struggle in {country}: attacker {side}", country=ps["country"],
                         side=_name(ps["attacker"])))
    lines.append(msg("  banned {banned}; cards Democrat {d}, Communist {c}",
                     banned=join_terms(list(ps["banned"])) if ps["banned"] else "none",
                     d=ps["hand_counts"]["democrat"], c=ps["hand_counts"]["communist"]))
    if "hand" in ps:
        lines.append(msg("Your struggle cards: {cards}", cards=_ps_cards(ps["hand"])) if ps["hand"]
                     else msg("Your struggle cards: "))
    if "democrat_hand" in ps:  # Securitate
        lines.append(msg("The Democrat's power struggle cards (Securitate): {cards}", cards=_ps_cards(ps["democrat_hand"]))
                     if ps["democrat_hand"] else msg("The Democrat's power struggle cards (Securitate): "))
    return lines


def _footer(v: dict[str, Any], full: bool, tr: Translator) -> list[str]:
    lines: list[Text] = []
    if v["effects"]:
        lines.append(_in_force(v["effects"]))
    lines += _counts(v, full)
    if v["in_play"]:
        lines.append(msg("In play: {cards}", cards=cards_text(v["in_play"])))
    for who, card in v["committed"].items():
        lines.append(msg("Stasi: the {side} will play {n} {card} next", side=_name(who), n=card, card=CARDS[card].title))
    if "hand" in v and (full or not v.get("power_struggle")):  # (no strategy card is played in a struggle:
        # the compact board leaves the hand to b, and the struggle's rows fit 80x50; issue 34)
        # an empty hand reads "Your hand: " (nothing after the colon)
        lines.append(msg("Your hand: {cards}", cards=cards_text(v["hand"])) if v["hand"] else msg("Your hand: "))
    if v.get("power_struggle"):
        lines += _struggle(v["power_struggle"])
    out = [tr.text(line) for line in lines]
    if v.get("result"):
        r = v["result"]
        winners = join_terms([_name(w) for w in r["winners"]]) if r["winners"] else "none (draw)"
        out.append(tr.text(msg("Game over: {reason}; winner: {winners}", reason=reason_text(r["reason"]), winners=winners)))
    elif v.get("prompt") and tr is ENGLISH:  # a translating front end shows its own prompt below the board
        out.append(f"[bold]{v['prompt']}[/bold]")
    return out


def render(v: dict[str, Any], role: str | None, full: bool = False, tr: Translator = ENGLISH) -> str:
    """The 1989 board for a terminal, in `tr`'s language. Compact (default, fits 80x50 with a
    prompt): per country who holds power and the spaces holding SPs. `full`: every space with its
    class and stability, and the discard pile."""
    body = _full_map(v, tr) if full else _compact_map(v, tr)
    key = [KEY, CLASSES_KEY] if full else []  # (the compact board's key cost a row the log needed at 80x50)
    return "\n".join([*_header(v, tr), *body, *_footer(v, full, tr), *(f"[dim]{tr.gettext(k)}[/dim]" for k in key)])


# Words a front end translates that are no literal template in the code: effect names made from
# a side or a country, the fixed reasons for VP, the scoring levels, the role and option names.
VP_REASONS = ("Common European Home played for Operations", "the Ceausescus are captured", "the Ceausescus escape",
              "the Ceausescus have nowhere to flee")
SCORING_LEVELS = ("presence", "domination", "control", "nothing")
OPTION_WORDS = ("2 support checks (+2) on Student or Intellectual spaces", "discard a 3-Ops card to cancel the support check",
                "end the game at the end of this turn", "let the support check happen", "place 3 SPs in Elite spaces",
                "place 4 SPs in spaces without Democrat SPs", "play Common European Home with the shown card",
                "play the shown card", "remove all Democrat SPs from Elite spaces", "the game goes on",
                "use Goodbye Lenin's Operations", "decline", "no struggle")  # pick_option's labels in events_*.py
EFFECT_WORDS = ("aftermath+1", "extra action round", "The Tyrant is Gone (waiting)", "The Ceausescus' refuge",
                "The Ceausescus' escape", "New Year's Eve Party: last struggle", "Stasi: shown card", "Stasi: end")


def terms() -> list[str]:
    """Every 1989 term and card text a front end may translate (issue 12): spaces (with and without
    their country), countries and their abbreviations, regions, space classes, sides, cards and
    power struggle cards with their texts, Tiananmen boxes, effects, board words and fixed labels."""
    out: list[str] = [*NAMES, *SIDE_WORDS, *ROLES, "handicap"]
    for c in COUNTRIES:
        out += [c.name, c.abbr, c.region]
    out += CLASSES
    for sid, s in enumerate(SPACES):
        out += [s.name, short_name(sid)]
    for n, card in sorted(CARDS.items()):
        out += [card.title, CARD_TEXTS[n].short, CARD_TEXTS[n].text]
    for name, words in POWER_TEXTS.items():
        out += [name, words.short, words.text]
    out += [*TST_NAMES[D], *TST_NAMES[C]]
    out += ["Early", "Middle", "Late"]  # a card's period (the web page's hand names it)
    out += [f"Prudence on the {side}" for side in NAMES] + [f"Stand Fast ({side})" for side in NAMES]
    out += [f"Foreign Currency Debt Burden ({n})" for n in COUNTRY_NAMES if n != "Romania"]
    out += [*OPTION_WORDS, *(str(_capital(w)) for w in OPTION_WORDS), *COUNTRY_NAMES]
    out += [*EFFECT_WORDS, *VP_REASONS, *SCORING_LEVELS, *BOARD_WORDS, *FIXED_LABELS, "BG", WON_AT[20], WON_AT[-20],
            BOTH_HELD, ENDED_EARLY, *(str(held_scoring(side)) for side in NAMES)]
    # a result's reason is English words (the result stays as it was); the final scoring's names the VP
    out += [str(final_reason(vp)) for vp in range(-FINAL_VP_REACH, FINAL_VP_REACH + 1)]
    return list(dict.fromkeys(out))


__all__ = ["fill", "label", "render", "terms", "view"]
