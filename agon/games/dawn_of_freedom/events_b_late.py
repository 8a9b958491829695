"""1989 events of the Late Year cards 82-110 not written with the core (card texts:
card_texts.json; API: events.py's docstring). Rulings: docs/rulings/1989.md,
section "Events 56-110".

Cards here: 82, 84, 86-94, 96-110 (83 and 85 are in core_events.py; 95 is a scoring card).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from agon.engine import msg, plural
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import CARDS, NAMES, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import (
    TYRANT_GONE,
    Effect,
    Ev,
    Steps,
    checks,
    controlled_by,
    countries_held,
    event,
    has_sp,
    in_country,
    in_region,
    minority_control,
    no_sp,
    of_class,
    operations,
    pick_card,
    pick_option,
    pick_space,
    place,
    play_event,
    power_struggle,
    remove,
    spaces,
    then,
    tyrant_gone,
)
from agon.games.dawn_of_freedom.events_b_middle import pick_country
from agon.games.dawn_of_freedom.ops import check_banned, support_check

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

THE_WALL, GORBACHEV, CROWD_TURNS, MALTA = 9, 14, 54, 110
BALTIC_EVENTS = (33, 81, 84)  # Sajudis, The Baltic Way, Breakaway Baltic Republics
CZECH_WRITERS, BRATISLAVA, KOSICE, PRESOV = space("Czech Writers"), space("Bratislava"), space("Kosice"), space("Presov")
CLUJ = space("Cluj-Napoca")
WALL_FELL = "The Wall Must Go!"  # marker: the event succeeded (Kohl's Ops, The Wall banned)
TYRANT_WAITING = "The Tyrant is Gone (waiting)"
REFUGE, ESCAPE = "The Ceausescus' refuge", "The Ceausescus' escape"
NYE, LAST_STRUGGLE = "New Year's Eve Party", "New Year's Eve Party: last struggle"
LIGACHEV = "Ligachev"


# 1989 card 82
@event(82)
def spitzel(g: DawnState, e: Ev) -> Steps:
    return remove(C, 2, in_country("East Germany"))


# 1989 card 84
@event(84, prereq=81)
def breakaway_baltic_republics(g: DawnState, e: Ev) -> Steps:
    """Needs The Baltic Way (81): +5 VP, USSR track, control of a Minority space, 1 check
    anywhere; Gorbachev Charms the West (14) can no longer be an event; unlocks Kremlin Coup!."""
    g.add_vp(5, "Breakaway Baltic Republics")
    g.say("The U.S.S.R. stability marker moves to Breakaway Baltic Republics.")
    g.forbid_event(GORBACHEV)
    return [minority_control(g), checks(D, 1, ops=e.ops, card=84)]


def _duel_round(g: DawnState) -> int:
    """One round of "The Wall Must Go!": each rolls d6 + his controlled East German spaces;
    ties are rerolled. Returns the winner."""
    held = [sum(1 for s in SPACES_IN["East Germany"] if g.ctrl[s] == side) for side in (D, C)]
    for _ in range(100):
        d, c = g.roll() + held[D], g.roll() + held[C]
        g.say("The Wall Must Go!: Democrat {d}, Communist {c}.", d=d, c=c)
        if d != c:
            return D if d > c else C
    return C  # unreachable with fair dice


# 1989 card 86
@event(86)
def the_wall_must_go(g: DawnState, e: Ev) -> Steps:
    """Best of three rounds. If the Democrat wins: +3 VP, the Communist removes 3 of his SPs from
    East Germany, The Wall (9) can no longer be an event (a waiting Wall is cancelled), and Kohl
    (87) gets its Ops option."""
    wins = [0, 0]
    while max(wins) < 2:
        wins[_duel_round(g)] += 1
    if wins[D] < 2:
        g.say("The Wall stands.")
        return None
    g.say("The Wall falls.")
    g.add_vp(3, "The Wall Must Go!")
    g.forbid_event(THE_WALL)
    for name in [n for n, eff in g.effects.items() if eff.card == THE_WALL]:
        g.end_effect(name)
    g.add_effect(Effect(WALL_FELL, side=D, until="game"))
    return remove(C, 3, in_country("East Germany"), whose=C)


# 1989 card 87
@event(87)
def kohl_proposes_reunification(g: DawnState, e: Ev) -> Steps:
    """+2 VP; then, if "The Wall Must Go!" succeeded, Operations with the card's Ops (7.4)."""
    g.add_vp(2, "Kohl Proposes Reunification")
    if g.effect(WALL_FELL) is None:
        return None
    return operations(D, e.ops, card=87)


# 1989 card 88
@event(88)
def adamec(g: DawnState, e: Ev) -> Steps:
    """d6 - Democrat-controlled Czechoslovak Worker spaces; 3+: 4 SPs in Czechoslovakia, max 2 each."""
    die = g.roll()
    held = sum(1 for s in SPACES_IN["Czechoslovakia"] if g.ctrl[s] == D and SPACES[s].cls == "Worker")
    g.say("Adamec roll {die} - {held}.", die=die, held=held)
    if die - held >= 3:
        return place(C, 4, in_country("Czechoslovakia"), per_space=2)
    return None


def _scoring_in_discard(g: DawnState) -> list[int]:
    return [c for c in g.discard if CARDS[c].scoring]


def _domino_ok(g: DawnState, side: int) -> bool:
    return len(countries_held(g, D)) >= 2 and bool(_scoring_in_discard(g))


# 1989 card 89
@event(89, playable=_domino_ok)
def domino_theory(g: DawnState, e: Ev) -> Steps:
    """The Democrat holds Power in 2+ countries: a scoring card from the discard pile is played
    at once (its power struggle, Democrat with the initiative, then scoring)."""
    return pick_card(D, _scoring_in_discard, _carry_out_for_democrat, text=msg("Choose a scoring card in the discard pile."))


@digest_as("domino_theory.<locals>.<lambda>")
def _carry_out_for_democrat(g: DawnState, card: int) -> Steps:
    return play_event(card, D)


# 1989 card 90
@event(90)
def civic_forum(g: DawnState, e: Ev) -> Steps:
    """+1 VP, 4 SPs in Czechoslovakia, then 2 checks there if the Democrat controls Czech Writers."""
    g.add_vp(1, "Civic Forum")
    return [place(D, 4, in_country("Czechoslovakia")), then(partial(_civic_forum_checks, e.ops))]


@digest_as("civic_forum.<locals>.more")
def _civic_forum_checks(ops: int, g: DawnState) -> Steps:
    if g.ctrl[CZECH_WRITERS] == D:
        return checks(D, 2, in_country("Czechoslovakia"), ops=ops, card=90)
    return None


# 1989 card 91
@event(91)
def my_first_banana(g: DawnState, e: Ev) -> Steps:
    return [remove(D, 2, in_country("East Germany")), checks(D, 2, in_country("East Germany"), ops=e.ops, card=91)]


# 1989 card 92
@event(92)
def betrayal(g: DawnState, e: Ev) -> Steps:
    """One Orthodox Church space: every Democrat SP there becomes a Communist SP."""
    return pick_space(C, of_class("Church") & in_region("Balkans") & has_sp(D), _betrayal_turn_over,
                      text=msg("Choose an Orthodox Church space."))


@digest_as("betrayal.<locals>.turn_over")
def _betrayal_turn_over(g: DawnState, sid: int) -> Steps:
    n = g.remove_sp(D, sid, g.sp[D][sid])
    g.add_sp(C, sid, n)
    g.say("{line}", line=plural("Betrayal in {space}: {n} Democrat SP becomes Communist.",
                                "Betrayal in {space}: {n} Democrat SPs become Communist.", "n", space=SPACES[sid].name, n=n))
    return None


def _holds_power(g: DawnState, side: int) -> bool:
    return bool(countries_held(g, D))


# 1989 card 93
@event(93, playable=_holds_power)
def shock_therapy(g: DawnState, e: Ev) -> Steps:
    """In a country where the Democrat holds Power: d6 - Communist-controlled Worker/Farmer
    spaces there; 3+: +3 VP and 3 SPs in that country."""
    return pick_country(D, countries_held(g, D), _shock, text=msg("Choose a country where you hold Power."))


@digest_as("shock_therapy.<locals>.shock")
def _shock(g: DawnState, country: str) -> Steps:
    die = g.roll()
    held = sum(1 for s in SPACES_IN[country] if g.ctrl[s] == C and SPACES[s].cls in ("Worker", "Farmer"))
    g.say("Shock Therapy in {country}: roll {die} - {held}.", country=country, die=die, held=held)
    if die - held < 3:
        return None
    g.add_vp(3, "Shock Therapy")
    return place(D, 3, in_country(country))


# 1989 card 94
@event(94)
def union_of_democratic_forces(g: DawnState, e: Ev) -> Steps:
    return [remove(D, 4, in_country("Bulgaria"), per_space=2), checks(D, 2, in_country("Bulgaria"), ops=e.ops, card=94)]


def _massacred(g: DawnState, side: int) -> bool:
    return bool(g.tst[C] >= 7)


# 1989 card 96
@event(96, playable=_massacred)
def the_chinese_solution(g: DawnState, e: Ev) -> Steps:
    """The Communist reached Tiananmen box 7: he may pick a country where he holds Power; +3 VP
    for the Democrat, then 5 checks at +3 there. He may decline."""
    return pick_country(C, countries_held(g, C), partial(_chinese_crush, e.ops),
                        text=msg("The Chinese Solution: choose a country or decline."), decline="decline")


@digest_as("the_chinese_solution.<locals>.crush")
def _chinese_crush(ops: int, g: DawnState, country: str) -> Steps:
    g.add_vp(3, "The Chinese Solution")
    return checks(C, 5, in_country(country), ops=ops, mod=3, card=96)


# -- The Tyrant is Gone (1989 7.6) ----------------------------------------------------------------

def crowd_pending(g: DawnState) -> bool:
    """The Crowd Turns Against Ceausescu (54) was played but has not taken effect yet: its card
    still lies in front of the Democrat (it leaves at the Romania power struggle, 7.6.1)."""
    return CROWD_TURNS in g.events_played and (any(e.card == CROWD_TURNS for e in g.effects.values())
                                                or CROWD_TURNS in g.in_play)


def _capture(g: DawnState, eff: Effect, sid: int) -> Steps:
    if sid == eff.value and g.ctrl[sid] == D:  # 1989 7.6.4: captured, +2 VP
        g.end_effect(REFUGE)
        g.end_effect(ESCAPE)
        g.add_vp(2, "the Ceausescus are captured")
    return None


def escape(g: DawnState) -> None:
    """The Ceausescus were never captured: -2 VP (final scoring, or New Year's Eve Party)."""
    if g.effect(REFUGE) is not None:
        g.end_effect(REFUGE)
        g.end_effect(ESCAPE)
        g.add_vp(-2, "the Ceausescus escape")


def _escape_hook(g: DawnState, eff: Effect) -> Steps:
    escape(g)
    return None


def _refuge(g: DawnState, sid: int) -> Steps:
    g.say("The Ceausescus flee to {space}.", space=SPACES[sid].name)
    g.add_effect(Effect(REFUGE, side=D, until="game", hook="control", fn=_capture, value=sid))
    g.add_effect(Effect(ESCAPE, side=C, until="game", hook="game_end", fn=_escape_hook))
    return None


def tyrant_resolves(g: DawnState) -> Steps:
    """1989 7.6.4 and card 97: up to 4 Communist SPs leave Cluj-Napoca; the Democrat picks the
    refuge, a Romanian space without Democrat SPs (none: +2 VP at once)."""
    g.add_effect(Effect(TYRANT_GONE, side=D, until="game"))
    g.remove_sp(C, CLUJ, 4)
    where = in_country("Romania") & no_sp(D)
    if not any(where(g, s) for s in SPACES_IN["Romania"]):
        g.add_vp(2, "the Ceausescus have nowhere to flee")
        return None
    return pick_space(D, where, _refuge, text=msg("Choose the Ceausescus' refuge."))


def _tyrant_after_ps(g: DawnState, eff: Effect, country: str) -> Steps:
    if country != "Romania" or g.effect(LAST_STRUGGLE) is not None:
        return None  # 1989-completion 10.3: the game ends right after New Year's Eve's struggle
    g.end_effect(eff.name)
    return tyrant_resolves(g)


# 1989 card 97
@event(97, prereq=CROWD_TURNS)
def the_tyrant_is_gone(g: DawnState, e: Ev) -> Steps:
    """Needs The Crowd Turns (54). If that has not taken effect yet, the card waits in front of the
    Democrat and resolves right after the next Romania power struggle (7.6.2); else at once."""
    if crowd_pending(g):
        g.say("The Tyrant is Gone waits for the Romania power struggle.")
        g.add_effect(Effect(TYRANT_WAITING, side=D, until="manual", card=97, hook="after_ps", fn=_tyrant_after_ps))
        return None
    return tyrant_resolves(g)


# 1989 card 98
@event(98)
def politburo_intrigue(g: DawnState, e: Ev) -> Steps:
    return [remove(C, 3, in_country("Bulgaria"), per_space=2), checks(C, 1, in_country("Bulgaria"), ops=e.ops, card=98)]


# -- Ligachev --------------------------------------------------------------------------------------

def _ligachev(g: DawnState, eff: Effect, side: int, card: int, mode: str | None = None) -> Steps:
    """on_play: the Democrat's next card. Gorbachev Charms the West waits for how it is played."""
    if side != D:
        return None
    if mode is not None:
        return _ligachev_mode(g, eff, side, card, mode)
    if card == GORBACHEV:
        g.add_effect(Effect(LIGACHEV, side=D, until="manual", card=99, hook="on_mode", fn=_ligachev_mode))
        return None
    g.end_effect(LIGACHEV)
    g.add_vp(-3, "Ligachev")
    return None


def _ligachev_mode(g: DawnState, eff: Effect, side: int, card: int, mode: str) -> Steps:
    if side != D:
        return None
    g.end_effect(LIGACHEV)
    if card == GORBACHEV and mode in ("event", "both"):
        g.say("Gorbachev Charms the West as an event: Ligachev has no effect.")
        return None
    g.add_vp(-3, "Ligachev")
    return None


# 1989 card 99
@event(99)
def ligachev(g: DawnState, e: Ev) -> Steps:
    """When the Democrat plays his next card (any use, a scoring card too): -3 VP before it does
    anything, unless it is Gorbachev Charms the West played as an event."""
    g.add_effect(Effect(LIGACHEV, side=D, until="manual", card=99, hook="on_play", fn=_ligachev))
    return None


# 1989 card 100
@event(100)
def stand_fast(g: DawnState, e: Ev) -> Steps:
    """Rest of the turn: -1 to the opponent's checks on spaces the event player controls at the
    time of the check. One effect per side, so both players' Stand Fasts apply."""
    g.add_effect(Effect(f"Stand Fast ({NAMES[e.side]})", side=e.opp, until="turn", check=-1,
                        where=controlled_by(e.side)))
    return None


# 1989 card 101
@event(101)
def elena(g: DawnState, e: Ev) -> Steps:
    """+2 Communist SPs in Cluj-Napoca; rest of the turn -1 to Democrat checks in Romania.
    Nothing once The Tyrant is Gone has resolved (7.6.3)."""
    if tyrant_gone(g):
        g.say("The Ceausescus are gone: Elena has no effect.")
        return None
    g.add_sp(C, CLUJ, 2)
    g.add_effect(Effect("Elena", side=D, until="turn", check=-1, where=in_country("Romania")))
    return None


def _salvation_front(g: DawnState, eff: Effect, country: str) -> Steps:
    if country in ("Romania", "Bulgaria"):
        g.ps_take(C, 2)
        g.end_effect(eff.name)
    return None


# 1989 card 102
@event(102)
def national_salvation_front(g: DawnState, e: Ev) -> Steps:
    """Next power struggle in Romania or Bulgaria: the Communist takes 2 random cards from the
    Democrat's hand before anyone looks; then the card is removed."""
    g.add_effect(Effect("National Salvation Front", side=C, until="manual", card=102, hook="ps_deal",
                        fn=_salvation_front))
    return None


# 1989 card 103
@event(103)
def government_resigns(g: DawnState, e: Ev) -> Steps:
    """An uncontrolled Elite space with Communist SPs loses them all."""
    uncontrolled = ~controlled_by(D) & ~controlled_by(C)
    return pick_space(D, of_class("Elite") & uncontrolled & has_sp(C), _resign, text=msg("Choose an Elite space."))


@digest_as("government_resigns.<locals>.resign")
def _resign(g: DawnState, sid: int) -> Steps:
    g.remove_sp(C, sid, g.sp[C][sid])
    g.say("The government resigns: {space} loses its Communist SPs.", space=SPACES[sid].name)
    return None


def _nye_end(g: DawnState, eff: Effect) -> Steps:
    """1989-completion 10.3, at 4.5 step 5: the Ceausescus' escape, then the Democrat's last
    power struggle in a country the Communist holds; the game then ends on the VP sign."""
    escape(g)
    if g.outcome is not None:
        return None
    g.add_effect(Effect(LAST_STRUGGLE, side=D, until="game"))
    return pick_country(D, countries_held(g, C), _last_struggle,
                        text=msg("New Year's Eve Party: choose a country for a last power struggle."), decline="no struggle")


@digest_as("_nye_end.<locals>.<lambda>")
def _last_struggle(g: DawnState, country: str) -> Steps:
    return power_struggle(country, D)


# 1989 card 104
@event(104)
def new_years_eve_party(g: DawnState, e: Ev) -> Steps:
    """The Communist may end the game at the end of this turn: then at once -3 VP if he holds Power
    in 4+ countries, else +3 VP; at the turn's end the Democrat may fight one last struggle."""
    return pick_option(C, [("end the game at the end of this turn", _nye_accept), ("the game goes on", _nye_goes_on)],
                       text=msg("New Year's Eve Party."))


@digest_as("new_years_eve_party.<locals>.<lambda>")
def _nye_goes_on(g: DawnState) -> Steps:
    return None


@digest_as("new_years_eve_party.<locals>.accept")
def _nye_accept(g: DawnState) -> Steps:
    held = len(countries_held(g, C))
    g.add_vp(-3 if held >= 4 else 3, "New Year's Eve Party")
    g.ends_this_turn = True
    g.add_effect(Effect(NYE, side=C, until="game", hook="turn_end", fn=_nye_end))
    return None


# 1989 card 105
@event(105)
def public_against_violence(g: DawnState, e: Ev) -> Steps:
    g.add_sp(D, KOSICE, 2)
    g.add_sp(D, PRESOV, 2)
    return checks(D, 1, spaces(BRATISLAVA), ops=e.ops, mod=2, card=105)


# 1989 card 106
@event(106, playable=_holds_power)
def social_democratic_platform(g: DawnState, e: Ev) -> Steps:
    """In a country where the Democrat holds Power: 2 Communist SPs, then 1 check there."""
    return pick_country(C, countries_held(g, D), partial(_platform, e.ops),
                        text=msg("Choose a country where the Democrat holds Power."))


@digest_as("social_democratic_platform.<locals>.platform")
def _platform(ops: int, g: DawnState, country: str) -> Steps:
    return [place(C, 2, in_country(country)), checks(C, 1, in_country(country), ops=ops, card=106)]


# 1989 card 107
@event(107, prereq=73)
def massacre_in_timisoara(g: DawnState, e: Ev) -> Steps:
    """Needs Laszlo Tokes (73): 2 checks in Romania at +2; nothing once the Tyrant is gone."""
    if tyrant_gone(g):
        g.say("The Ceausescus are gone: Massacre in Timisoara has no effect.")
        return None
    return checks(C, 2, in_country("Romania"), ops=e.ops, mod=2, card=107)


# 1989 card 108
@event(108)
def army_backs_revolution(g: DawnState, e: Ev) -> Steps:
    """Securitate (70) is cancelled for the rest of the game."""
    g.end_effect("Securitate")
    return None


def _coup_country(g: DawnState, country: str, ops: int, left: tuple[str, ...]) -> Steps:
    for sid in SPACES_IN[country]:
        if SPACES[sid].cls == "Elite" and sid not in g.destroyed:
            g.control_for(C, sid)
    for sid in SPACES_IN[country]:
        if SPACES[sid].cls == "Bureaucrat" and sid not in g.destroyed and not check_banned(g, C, sid):
            support_check(g, C, sid, ops, 1)  # made even without Democrat SPs there
    return _coup_next(left, ops)


def _coup_next(left: tuple[str, ...], ops: int) -> Steps:
    if not left:
        return None
    if len(left) == 1:
        return then(partial(_coup_last, left[0], ops))
    return pick_option(C, [(n, partial(_coup_in, n, ops, tuple(x for x in left if x != n))) for n in left],
                       text=msg("Kremlin Coup!: choose the next country."))


@digest_as("_coup_next.<locals>.<lambda>")
def _coup_last(country: str, ops: int, g: DawnState) -> Steps:
    return _coup_country(g, country, ops, ())


@digest_as("_coup_next.<locals>.<listcomp>.<lambda>")
def _coup_in(country: str, ops: int, left: tuple[str, ...], g: DawnState) -> Steps:
    return _coup_country(g, country, ops, left)


# 1989 card 109
@event(109, prereq=84)
def kremlin_coup(g: DawnState, e: Ev) -> Steps:
    """Needs Breakaway Baltic Republics (84): -3 VP, USSR track; in each country where the
    Communist holds Power (his order): control of its Elite space, then a check at +1 on its
    Bureaucrat space. Malta Summit (110) can no longer be an event."""
    g.add_vp(-3, "Kremlin Coup!")
    g.say("The U.S.S.R. stability marker moves to Kremlin Coup!.")
    g.forbid_event(MALTA)
    return _coup_next(tuple(countries_held(g, C)), e.ops)


# 1989 card 110
@event(110)
def malta_summit(g: DawnState, e: Ev) -> Steps:
    """d6 + 1 per Baltic event played; 4+: +3 VP and 5 Communist SPs removed from Elite spaces."""
    die = g.roll()
    bonus = sum(1 for c in BALTIC_EVENTS if c in g.events_played)
    g.say("Malta Summit roll {die} + {bonus}.", die=die, bonus=bonus)
    if die + bonus < 4:
        return None
    g.add_vp(3, "Malta Summit")
    return remove(D, 5, of_class("Elite"))


__all__ = ["crowd_pending", "escape", "tyrant_resolves"]
