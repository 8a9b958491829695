"""Event cards 25-48 not written with the core (events_core.py has card 33).

Card texts: agon/games/cuba_libre/data/card_texts.json; rulings: docs/rulings/cuba-libre.md "## Events".
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine.callbacks import digest_as
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    CITIES,
    CLOSED_CASINO,
    DIRECTORIO,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    HAVANA,
    HAVANA_STEPS,
    INSURGENTS,
    IS_EC,
    LAS_VILLAS,
    M26,
    MOUNTAIN,
    N_SPACES,
    NAMES,
    POLICE,
    POPULATED,
    SPACE_INDEX,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.events import (
    choose_faction,
    choose_option,
    choose_space,
    event,
    free_op,
    place,
    place_in,
    remove,
    then,
    withdraw_options,
)
from agon.games.cuba_libre.events_cards_steps import (
    GUERRILLA_KEYS,
    NEW_GUERRILLA,
    ambush,
    open_casino,
    pick,
    piece_options,
)
from agon.games.cuba_libre.operations import op_possible, withdraw
from agon.games.cuba_libre.removal import removal_targets
from agon.games.cuba_libre.steps import _

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

CAMAGUEY_PROVINCE = SPACE_INDEX["camaguey_province"]
ORIENTE = SPACE_INDEX["oriente"]
PIECES = {M26: ("m26_u", "m26_a", "m26_base"), DIRECTORIO: ("dr_u", "dr_a", "dr_base")}
COUNTERPART = {"dr_u": "m26_u", "dr_a": "m26_u", "dr_base": "m26_base",
               "m26_u": "dr_u", "m26_a": "dr_u", "m26_base": "dr_base"}


# -- 25 Escapade ---------------------------------------------------------------------------------


@event(25)  # CL card 25 unshaded: a DR Guerrilla and Base in Camaguey Province or Oriente
def escapade(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, (CAMAGUEY_PROVINCE, ORIENTE), partial(_escapade_land, f), prompt="Escapade: choose the landing space.")


@digest_as("escapade.<locals>.land")
def _escapade_land(f: int, g: CubaLibreState, s: int) -> None:
    place_in(g, f, "dr_u", s)
    if g.base_room(s, DIRECTORIO):
        place_in(g, f, "dr_base", s)


@event(25, shaded=True)  # CL card 25 shaded: remove a DR Base
def escapade_seized(g: CubaLibreState, f: int) -> None:
    remove(g, f, ("dr_base",), n=1)


# -- 26 Rodriguez Loeches -------------------------------------------------------------------------


@event(26)  # CL card 26 unshaded: DR places a Guerrilla, then free Marches in, Rallies or Ambushes there
def loeches_takes_field(g: CubaLibreState, f: int) -> None:
    # ruling EV-26: DR decides the space and the action, whoever executes the Event
    choose_space(g, DIRECTORIO, range(N_SPACES), _loeches_landed, prompt="Rodriguez Loeches: choose a space.")


@digest_as("loeches_takes_field.<locals>.landed")
def _loeches_landed(g: CubaLibreState, x: int) -> None:
    place_in(g, DIRECTORIO, "dr_u", x)  # DR may take one back first if none is Available (1.4.1)
    then(g, _loeches_follow_up, x)


@digest_as("loeches_takes_field.<locals>.follow_up")
def _loeches_follow_up(g: CubaLibreState, x: int) -> None:
    opts = []
    if op_possible(g, DIRECTORIO, "march", True, True, (x,)):
        opts.append("march")
    if op_possible(g, DIRECTORIO, "rally", True, True, (x,)):
        opts.append("rally")
    if g.sp[x][GUER_U[DIRECTORIO]] and removal_targets(g, DIRECTORIO, x, "attack"):
        opts.append("ambush")
    if opts:
        choose_option(g, DIRECTORIO, tuple(opts), _loeches_action, x, prompt="Rodriguez Loeches: March, Rally or Ambush?")


@digest_as("loeches_takes_field.<locals>.action")
def _loeches_action(g: CubaLibreState, what: str, x: int) -> None:
    if what == "ambush":
        ambush(g, DIRECTORIO, x)
    else:
        free_op(g, DIRECTORIO, ops=(what,), spaces=(x,), limited=True)


@event(26, shaded=True)  # CL card 26 shaded: remove a DR Guerrilla; DR -5 Resources
def loeches_administrator(g: CubaLibreState, f: int) -> None:
    remove(g, f, ("dr_u", "dr_a"), n=1)
    g.gain(DIRECTORIO, -5)


# -- 27 Echeverria -------------------------------------------------------------------------------


@event(27)  # CL card 27 unshaded: 2 DR Guerrillas anywhere; Havana Neutral (DR Eligible: card data)
def echeverria_attack(g: CubaLibreState, f: int) -> None:
    place(g, f, "dr_u", n=2)
    g.support[HAVANA] = 0


@event(27, shaded=True)  # CL card 27 shaded: remove the 2 DR pieces nearest Havana; DR -3
def echeverria_killed(g: CubaLibreState, f: int) -> None:
    pick(g, f, _dr_nearest_havana, _echeverria_take, n=2, prompt="Echeverria: remove a DR piece nearest Havana ({n} left).")
    g.gain(DIRECTORIO, -3)


@digest_as("echeverria_killed.<locals>.nearest")
def _dr_nearest_havana(g: CubaLibreState) -> list[Any]:
    where = [s for s in range(N_SPACES) if g.any_pieces(s, DIRECTORIO)]
    if not where:
        return []
    d = min(HAVANA_STEPS[s] for s in where)  # ruling EV-27: Bases count, no Bases-last
    return piece_options(g, PIECES[DIRECTORIO], [s for s in where if HAVANA_STEPS[s] == d])


@digest_as("echeverria_killed.<locals>.take")
def _echeverria_take(g: CubaLibreState, verb: str, arg: Any) -> None:
    g.remove(NAMES.index(arg[0]), g.slot(arg[1]))


# -- 28 Morgan -----------------------------------------------------------------------------------


@event(28)  # CL card 28 unshaded: Capability (DR March 2 spaces; operations/insurgent_ops)
def morgan_capability(g: CubaLibreState, f: int) -> None:
    return None


@event(28, shaded=True)  # CL card 28 shaded: a City or Province with a DR Guerrilla to Active Support
def morgan_backlash(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _dr_guerrilla_outside_ecs, _morgan_support, prompt="Morgan: choose a space with a DR Guerrilla.")


@digest_as("morgan_backlash.<locals>.<lambda>")
def _dr_guerrilla_outside_ecs(g: CubaLibreState, s: int) -> bool:
    return not IS_EC[s] and g.guerrillas(s, DIRECTORIO) > 0


@digest_as("morgan_backlash.<locals>.support")
def _morgan_support(g: CubaLibreState, s: int) -> None:
    g.support[s] = 2


# -- 29 Faure Chomon -----------------------------------------------------------------------------


@event(29)  # CL card 29 unshaded: a Base and 2 Guerrillas of DR or 26July in Las Villas
def chomon_escambray(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, (DIRECTORIO, M26), partial(_chomon_settle, f))


@digest_as("chomon_escambray.<locals>.settle")
def _chomon_settle(f: int, g: CubaLibreState, x: int) -> None:
    if g.base_room(LAS_VILLAS, x):
        place_in(g, f, g.key(g.base_slot(x)), LAS_VILLAS)
    place_in(g, f, g.key(GUER_U[x]), LAS_VILLAS, 2)


@event(29, shaded=True)  # CL card 29 shaded: a DR piece removed or replaced by its 26July counterpart
def chomon_defects(g: CubaLibreState, f: int) -> None:
    pick(g, f, _chomon_options, _chomon_apply, prompt="Faure Chomon: remove or replace a DR piece.")


@digest_as("chomon_defects.<locals>.options")
def _chomon_options(g: CubaLibreState) -> list[Any]:
    out = piece_options(g, PIECES[DIRECTORIO])
    more = [("replace", arg) for _, arg in out if g.available(g.slot(COUNTERPART[arg[1]]))]
    return out + more


@digest_as("chomon_defects.<locals>.apply")
def _chomon_apply(g: CubaLibreState, verb: str, arg: Any) -> None:
    s, piece_type = NAMES.index(arg[0]), g.slot(arg[1])
    if verb == "replace":
        g.replace(s, piece_type, g.slot(COUNTERPART[arg[1]]))
    else:
        g.remove(s, piece_type)


# -- 30 The Guerrilla Life -----------------------------------------------------------------------


@event(30)  # CL card 30 unshaded: Capability (26July Rally also flips Underground; insurgent_ops)
def guerrilla_life(g: CubaLibreState, f: int) -> None:
    return None


@event(30, shaded=True)  # CL card 30 shaded: all DR Guerrillas Underground; a DR Guerrilla in a City
def dr_toughened(g: CubaLibreState, f: int) -> None:
    for s in range(N_SPACES):
        g.flip(s, DIRECTORIO, g.sp[s][GUER_A[DIRECTORIO]], False)
    place(g, f, "dr_u", n=1, spaces=CITIES)


# -- 31 Escopeteros ------------------------------------------------------------------------------


@event(31)  # CL card 31 unshaded: a non-Casino Base and an Insurgent Guerrilla in a Mountain Province
def escopeteros(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _escopeteros_mountain, partial(_escopeteros_uprising, f),
                 prompt="Escopeteros: choose a Mountain Province.")


@digest_as("escopeteros.<locals>.<lambda>")
def _escopeteros_mountain(g: CubaLibreState, s: int) -> bool:
    return MOUNTAIN[s]


@digest_as("escopeteros.<locals>.uprising")
def _escopeteros_uprising(f: int, g: CubaLibreState, s: int) -> None:
    place(g, f, ("govt_base", "m26_base", "dr_base"), n=1, spaces=(s,))
    place(g, f, NEW_GUERRILLA, n=1, spaces=(s,))


@event(31, shaded=True)  # CL card 31 shaded: a Mountain Province 1 level toward Active Support
def escopeteros_loyal(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _loyal_mountain, _toward_support, prompt="Escopeteros: choose a Mountain Province.")


@digest_as("escopeteros_loyal.<locals>.<lambda>")
def _loyal_mountain(g: CubaLibreState, s: int) -> bool:
    return MOUNTAIN[s]


@digest_as("escopeteros_loyal.<locals>.toward_support")
def _toward_support(g: CubaLibreState, s: int) -> None:
    g.shift(s, 1)


# -- 32 Resistencia Civica -----------------------------------------------------------------------


def convert_city(g: CubaLibreState, f: int, old: int) -> None:
    """Every piece of `old` (DR or 26July) in a City chosen by f becomes its counterpart."""
    choose_space(g, f, partial(_city_with_pieces_of, old), partial(_convert, old),
                 prompt="Resistencia Civica: choose a City.")


@digest_as("convert_city.<locals>.<lambda>")
def _city_with_pieces_of(old: int, g: CubaLibreState, s: int) -> bool:
    return s in CITIES and g.any_pieces(s, old)


@digest_as("convert_city.<locals>.convert")
def _convert(old: int, g: CubaLibreState, s: int) -> None:
    for key in reversed(PIECES[old]):  # ruling EV-32: Bases first when counterparts run short
        piece_type = g.slot(key)
        for _each in range(g.sp[s][piece_type]):
            g.replace(s, piece_type, g.slot(COUNTERPART[key]))


@event(32)  # CL card 32 unshaded: in a City, every DR piece becomes a 26July piece
def civica_to_m26(g: CubaLibreState, f: int) -> None:
    convert_city(g, f, DIRECTORIO)


@event(32, shaded=True)  # CL card 32 shaded: in a City, every 26July piece becomes a DR piece
def civica_to_dr(g: CubaLibreState, f: int) -> None:
    convert_city(g, f, M26)


# -- 34 US Speaking Tour -------------------------------------------------------------------------


@event(34)  # CL card 34 unshaded: an Insurgent + a die roll of Resources, the other two +2
def speaking_tour(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, INSURGENTS, _speaking_tour_donate)


@digest_as("speaking_tour.<locals>.donate")
def _speaking_tour_donate(g: CubaLibreState, x: int) -> None:
    roll = g.rng.die()
    g.say(_("US Speaking Tour: {faction} gains {n} Resource.") if roll == 1 else _("US Speaking Tour: {faction} gains {n} Resources."),
          faction=g.fname(x), n=roll)
    g.gain(x, roll)
    for y in INSURGENTS:
        if y != x:
            g.gain(y, 2)


@event(34, shaded=True)  # CL card 34 shaded: Government + min(Aid, 8), then Aid +8
def speaking_tour_backfires(g: CubaLibreState, f: int) -> None:
    g.gain(GOVT, min(g.aid, 8))
    g.add_aid(8)


# -- 35 Defections -------------------------------------------------------------------------------


def _enemy_units(g: CubaLibreState, s: int, e: int) -> list[str]:
    keys = ("troop", "police") if e == GOVT else (g.key(GUER_U[e]), g.key(GUER_A[e]))
    return [k for k in keys if g.sp[s][g.slot(k)]]


@event(35)  # CL card 35: replace up to 2 enemy Guerrillas or cubes with own pieces, where both are
def defections(g: CubaLibreState, f: int) -> None:
    own = ("troop", "police") if f == GOVT else (g.key(GUER_U[f]),)
    choose_space(g, f, partial(_defections_space, f), partial(_defections_with_space, f, own),
                 prompt="Defections: choose a space.")


@digest_as("defections.<locals>.ok")
def _defections_space(f: int, g: CubaLibreState, s: int) -> bool:
    return g.any_pieces(s, f) and any(_enemy_units(g, s, e) for e in range(4) if e != f)


@digest_as("defections.<locals>.with_space")
def _defections_with_space(f: int, own: tuple[str, ...], g: CubaLibreState, s: int) -> None:
    choose_faction(g, f, tuple(e for e in range(4) if e != f and _enemy_units(g, s, e)),
                   partial(_defections_with_enemy, f, own), s)


@digest_as("defections.<locals>.with_enemy")
def _defections_with_enemy(f: int, own: tuple[str, ...], g: CubaLibreState, e: int, s: int) -> None:
    pick(g, f, partial(_defections_options, f, own, e, s), partial(_defections_apply, f, s), n=2, optional=True,
         prompt="Defections: replace an enemy piece ({n} left).")


@digest_as("defections.<locals>.with_enemy.<locals>.options")
def _defections_options(f: int, own: tuple[str, ...], e: int, s: int, g: CubaLibreState) -> list[Any]:
    out: list[Any] = [("replace", (old, new)) for old in _enemy_units(g, s, e) for new in own]
    return out + withdraw_options(g, f, own, [s]) if out else out  # 1.4.1: own pieces back


@digest_as("defections.<locals>.with_enemy.<locals>.apply")
def _defections_apply(f: int, s: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "withdraw":
        withdraw(g, f, arg)
        return
    g.replace(s, g.slot(arg[0]), g.slot(arg[1]))  # removed even if none is Available


# -- 36 Eloy Gutierrez Menoyo --------------------------------------------------------------------


@event(36)  # CL card 36 unshaded: a non-DR piece in or next to Las Villas out, 2 DR Guerrillas in
def menoyo_commander(g: CubaLibreState, f: int) -> None:
    pick(g, f, _menoyo_targets, partial(_menoyo_apply, f), prompt="Menoyo: choose a piece to remove.")


NOT_DR = ("troop", "police", "govt_base", "m26_u", "m26_a", "m26_base", "syn_u", "syn_a")


@digest_as("menoyo_commander.<locals>.<lambda>")
def _menoyo_targets(g: CubaLibreState) -> list[Any]:
    return piece_options(g, NOT_DR, (LAS_VILLAS, *ADJ[LAS_VILLAS]))


@digest_as("menoyo_commander.<locals>.apply")
def _menoyo_apply(f: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    s = NAMES.index(arg[0])
    g.remove(s, g.slot(arg[1]))
    place_in(g, f, "dr_u", s, 2)


@event(36, shaded=True)  # CL card 36 shaded: a DR Guerrilla replaced by a 26July or Syndicate one
def menoyo_quarrels(g: CubaLibreState, f: int) -> None:
    pick(g, f, _quarrels_options, _quarrels_apply, prompt="Menoyo: replace a DR Guerrilla.")


@digest_as("menoyo_quarrels.<locals>.options")
def _quarrels_options(g: CubaLibreState) -> list[Any]:
    return [("replace", (sp, key, new)) for _, (sp, key) in piece_options(g, ("dr_u", "dr_a"))
            for new in ("m26_u", "syn_u")]


@digest_as("menoyo_quarrels.<locals>.apply")
def _quarrels_apply(g: CubaLibreState, verb: str, arg: Any) -> None:
    g.replace(NAMES.index(arg[0]), g.slot(arg[1]), g.slot(arg[2]))


# -- 37 Herbert Matthews -------------------------------------------------------------------------


@event(37)  # CL card 37 unshaded: 26July +5; Aid -6
def matthews_fidel_alive(g: CubaLibreState, f: int) -> None:
    g.gain(M26, 5)
    g.add_aid(-6)


@event(37, shaded=True)  # CL card 37 shaded: Aid +10; DR +3; Syndicate +5
def matthews_counterweights(g: CubaLibreState, f: int) -> None:
    g.add_aid(10)
    g.gain(DIRECTORIO, 3)
    g.gain(SYN, 5)


# -- 38 Meyer Lansky -----------------------------------------------------------------------------


@event(38)  # CL card 38 unshaded: the Cash markers of a space go to any Guerrillas or cubes there
def lansky_shuffle(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _space_with_cash, partial(_lansky_with_space, f), prompt="Lansky: choose a space with Cash.")


@digest_as("lansky_shuffle.<locals>.<lambda>")
def _space_with_cash(g: CubaLibreState, s: int) -> bool:
    return any(c >= 0 and c // 4 == s for c in g.cash)


@digest_as("lansky_shuffle.<locals>.with_space")
def _lansky_with_space(f: int, g: CubaLibreState, s: int) -> None:
    holders = tuple(x for x in range(4) if g.has_holder(s, x))
    for i, c in enumerate(g.cash):
        if c >= 0 and c // 4 == s:
            choose_faction(g, f, holders, _lansky_give, i, s, prompt="Lansky: who holds this Cash marker?")


@digest_as("lansky_shuffle.<locals>.give")
def _lansky_give(g: CubaLibreState, x: int, i: int, s: int) -> None:
    g.cash[i] = s * 4 + x


@event(38, shaded=True)  # CL card 38 shaded: the Syndicate relocates Casinos; all closed Casinos open
def lansky_master_plan(g: CubaLibreState, f: int) -> None:
    moves = sum(g.casinos(s) for s in range(N_SPACES))  # ruling EV-38: each Casino moves at most once
    pick(g, SYN, _casino_moves, _move_casino, n=moves, optional=True, prompt="Lansky: move a Casino ({n} moves left).")
    then(g, _open_all_casinos)


@digest_as("lansky_master_plan.<locals>.options")
def _casino_moves(g: CubaLibreState) -> list[Any]:
    out: list[Any] = []
    for src in POPULATED:
        for piece_type in (CASINO, CLOSED_CASINO):
            if g.sp[src][piece_type]:
                out += [("move", (NAMES[src], g.key(piece_type), NAMES[d])) for d in POPULATED
                        if d != src and g.casinos(d) < 2]
    return out


@digest_as("lansky_master_plan.<locals>.move")
def _move_casino(g: CubaLibreState, verb: str, arg: Any) -> None:
    g.move(NAMES.index(arg[0]), NAMES.index(arg[2]), g.slot(arg[1]))


@digest_as("lansky_master_plan.<locals>.open_all")
def _open_all_casinos(g: CubaLibreState) -> None:
    for s in range(N_SPACES):
        g.sp[s][CASINO] += g.sp[s][CLOSED_CASINO]
        g.sp[s][CLOSED_CASINO] = 0


# -- 39 Turismo ----------------------------------------------------------------------------------


@event(39)  # CL card 39 unshaded: every Casino space at Support 1 level toward Neutral
def turismo_mood(g: CubaLibreState, f: int) -> None:
    for s in POPULATED:
        if g.casinos(s) and g.support[s] > 0:  # ruling EV-39: Support only (literal)
            g.shift_toward_neutral(s)


@event(39, shaded=True)  # CL card 39 shaded: Government and Syndicate +3 per open Casino space with Police
def turismo_kickbacks(g: CubaLibreState, f: int) -> None:
    n = sum(1 for s in range(N_SPACES) if g.sp[s][CASINO] and g.sp[s][POLICE])
    g.gain(GOVT, 3 * n)
    g.gain(SYN, 3 * n)


# -- 40 Ambassador Smith -------------------------------------------------------------------------


@event(40)  # CL card 40 unshaded: US Alliance down 1
def smith_ignored(g: CubaLibreState, f: int) -> None:
    g.alliance = min(2, g.alliance + 1)


@event(40, shaded=True)  # CL card 40 shaded: Alliance up 1; Aid +9; Syndicate + min(9, Aid/2)
def smith_lobbying(g: CubaLibreState, f: int) -> None:
    g.alliance = max(0, g.alliance - 1)
    g.add_aid(9)
    g.gain(SYN, min(9, g.aid // 2))


# -- 41 Fat Butcher ------------------------------------------------------------------------------


def _open_casino_spaces(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][CASINO] > 0


@event(41)  # CL card 41 unshaded: close an open Casino, or Aid -8
def fat_butcher_pressure(g: CubaLibreState, f: int) -> None:
    opts = tuple(o for o, ok in (("close", any(g.sp[s][CASINO] for s in range(N_SPACES))), ("aid", g.aid > 0)) if ok)
    if opts:
        choose_option(g, f, opts, partial(_fat_butcher_apply, f), prompt="Fat Butcher: close a Casino or Aid -8?")


@digest_as("fat_butcher_pressure.<locals>.apply")
def _fat_butcher_apply(f: int, g: CubaLibreState, what: str) -> None:
    if what == "aid":
        g.add_aid(-8)
    else:
        choose_space(g, f, _open_casino_spaces, _close_casino, prompt="Fat Butcher: close a Casino.")


@digest_as("fat_butcher_pressure.<locals>.apply.<locals>.<lambda>")
def _close_casino(g: CubaLibreState, s: int) -> None:
    g.close_casino(s)


@event(41, shaded=True)  # CL card 41 shaded: Syndicate free Ambush; then open a closed Casino
def fat_butcher_muscle(g: CubaLibreState, f: int) -> None:
    choose_space(g, SYN, _syndicate_may_ambush, _syndicate_ambush, prompt="Fat Butcher: choose the Ambush space.")
    choose_space(g, f, _closed_casino_here, open_casino, prompt="Open a closed Casino.")


@digest_as("fat_butcher_muscle.<locals>.ok")
def _syndicate_may_ambush(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][GUER_U[SYN]] > 0 and bool(removal_targets(g, SYN, s, "attack"))


@digest_as("fat_butcher_muscle.<locals>.<lambda>")
def _syndicate_ambush(g: CubaLibreState, s: int) -> None:
    ambush(g, SYN, s)


@digest_as("fat_butcher_muscle.<locals>.<lambda>")
def _closed_casino_here(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][CLOSED_CASINO] > 0


# -- 42 Llano ------------------------------------------------------------------------------------


@event(42)  # CL card 42 unshaded: a 26July Base and an Insurgent Guerrilla in a City
def llano_poor(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, CITIES, partial(_llano_arm, f), prompt="Llano: choose a City.")


@digest_as("llano_poor.<locals>.arm")
def _llano_arm(f: int, g: CubaLibreState, s: int) -> None:
    if g.base_room(s, M26):
        place_in(g, f, "m26_base", s)
    place(g, f, NEW_GUERRILLA, n=1, spaces=(s,))


@event(42, shaded=True)  # CL card 42 shaded: a City at Opposition to Neutral; an open Casino there
def llano_jobs(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, CITIES, _llano_jobs, prompt="Llano: choose a City.")


@digest_as("llano_jobs.<locals>.jobs")
def _llano_jobs(g: CubaLibreState, s: int) -> None:
    if g.support[s] < 0:
        g.support[s] = 0
    if g.casinos(s) < 2:
        g.place(s, CASINO)


# -- 43 Mafia Offensive --------------------------------------------------------------------------


@event(43)  # CL card 43 unshaded: 26July or DR free LimOp, a Syndicate Guerrilla counting as its own
def mafia_offensive(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, (M26, DIRECTORIO), _mafia_with_faction)


@digest_as("mafia_offensive.<locals>.with_faction")
def _mafia_with_faction(g: CubaLibreState, x: int) -> None:
    g.last_op = (-1, "", ())
    if not g.available(GUER_U[x]) or not piece_options(g, ("syn_u", "syn_a")):
        free_op(g, x, limited=True)
        return
    pick(g, x, _mafia_options, partial(_mafia_borrow, x), prompt="Mafia Offensive: a Syndicate Guerrilla to use (or none).")


@digest_as("mafia_offensive.<locals>.with_faction.<locals>.options")
def _mafia_options(g: CubaLibreState) -> list[Any]:
    return [*piece_options(g, ("syn_u", "syn_a"), verb="borrow"), ("borrow", None)]


@digest_as("mafia_offensive.<locals>.with_faction.<locals>.borrow")
def _mafia_borrow(x: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    if arg is None:
        free_op(g, x, limited=True)
        return
    # ruling EV-43: the Syndicate Guerrilla stands in as one of x's Guerrillas for the LimOp
    s, piece_type = NAMES.index(arg[0]), g.slot(arg[1])
    g.replace(s, piece_type, GUER_U[x] if piece_type == GUER_U[SYN] else GUER_A[x])
    free_op(g, x, limited=True)
    then(g, give_back, x, s)


def give_back(g: CubaLibreState, x: int, s: int) -> None:
    """After the LimOp, one of x's Guerrillas where the borrowed one can be turns Syndicate again
    (in its space, or in the March destination if it could have marched there)."""
    who, op, spaces = g.last_op
    where = [s]
    if who == x and op == "march" and spaces and spaces[0] != s:
        d = spaces[0]
        if s in ADJ[d] or (x == DIRECTORIO and g.has_cap(28) and any(s in ADJ[m] for m in ADJ[d])):
            where.append(d)
    pick(g, x, partial(_give_back_options, tuple(where), x), partial(_give_back_apply, x),
         prompt="Mafia Offensive: which Guerrilla was the Syndicate one?")


@digest_as("give_back.<locals>.options")
def _give_back_options(where: tuple[int, ...], x: int, g: CubaLibreState) -> list[Any]:
    return [("return", (NAMES[c], g.key(piece_type))) for c in where for piece_type in (GUER_U[x], GUER_A[x]) if g.sp[c][piece_type]]


@digest_as("give_back.<locals>.apply")
def _give_back_apply(x: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    c, piece_type = NAMES.index(arg[0]), g.slot(arg[1])
    g.replace(c, piece_type, GUER_U[SYN] if piece_type == GUER_U[x] else GUER_A[SYN])


@event(43, shaded=True)  # CL card 43 shaded: Capability (Syndicate Assassinate with Terror; activities)
def mafia_capability(g: CubaLibreState, f: int) -> None:
    return None


# -- 44 Rebel Air Force --------------------------------------------------------------------------


@event(44)  # CL card 44 unshaded: a 26July/DR Guerrilla Ambushes Government pieces, Bases first
def rebel_air_force(g: CubaLibreState, f: int) -> None:
    pick(g, f, _air_force_guerrillas, _air_force_strike, prompt="Rebel Air Force: choose the Guerrilla.")


def _government_here(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][TROOPS] + g.sp[s][POLICE] + g.sp[s][GOVT_BASE] > 0


@digest_as("rebel_air_force.<locals>.<lambda>")
def _air_force_guerrillas(g: CubaLibreState) -> list[Any]:
    return piece_options(g, ("m26_u", "m26_a", "dr_u", "dr_a"), _government_here, verb="guerrilla")


@digest_as("rebel_air_force.<locals>.strike")
def _air_force_strike(g: CubaLibreState, verb: str, arg: Any) -> None:
    s, piece_type = NAMES.index(arg[0]), g.slot(arg[1])
    x = g.owner(piece_type)
    if piece_type == GUER_U[x]:
        g.flip(s, x, 1, True)
    pick(g, x, partial(_air_force_targets, s), partial(_air_force_hit, s, x), n=2,
         prompt="Rebel Air Force: remove a Government piece ({n} left).")
    g.push("place_after", x, s=s)


@digest_as("rebel_air_force.<locals>.strike.<locals>.targets")
def _air_force_targets(s: int, g: CubaLibreState) -> list[Any]:
    if g.sp[s][GOVT_BASE]:
        return [("remove", "govt_base")]
    return [("remove", k) for k in ("troop", "police") if g.sp[s][g.slot(k)]]


@digest_as("rebel_air_force.<locals>.strike.<locals>.hit")
def _air_force_hit(s: int, x: int, g: CubaLibreState, verb: str, key: str) -> None:
    g.remove(s, g.slot(key), 1, capturer=x)


@event(44, shaded=True)  # CL card 44 shaded: a die roll of Resources from 26July or DR to the Syndicate
def planes_useless(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, (M26, DIRECTORIO), _planes_transfer)


@digest_as("planes_useless.<locals>.transfer")
def _planes_transfer(g: CubaLibreState, x: int) -> None:
    roll = g.rng.die()
    took = min(roll, g.res[x])
    g.gain(x, -took)
    g.gain(SYN, took)
    g.say(_("{faction} loses {n} Resource to the Syndicate.") if took == 1 else _("{faction} loses {n} Resources to the Syndicate."),
          faction=g.fname(x), n=took)


# -- 45 Anastasia, 46 Sinatra --------------------------------------------------------------------


@event(45)  # CL card 45 unshaded: close every open Casino in Havana; Syndicate -5
def anastasia_rival(g: CubaLibreState, f: int) -> None:
    while g.close_casino(HAVANA):
        pass
    g.gain(SYN, -5)


@event(45, shaded=True)  # CL card 45 shaded: Syndicate +10
def anastasia_eliminated(g: CubaLibreState, f: int) -> None:
    g.gain(SYN, 10)


@event(46)  # CL card 46 unshaded: Syndicate -6
def sinatra_expensive(g: CubaLibreState, f: int) -> None:
    g.gain(SYN, -6)


@event(46, shaded=True)  # CL card 46 shaded: an open Casino in Havana despite stacking; Cash with Police
def sinatra_show(g: CubaLibreState, f: int) -> None:
    g.place(HAVANA, CASINO)  # CL 1.4.2: the one stacking exception
    if g.sp[HAVANA][POLICE] and -1 in g.cash:
        g.cash[g.cash.index(-1)] = HAVANA * 4 + GOVT


# -- 47 Pact of Miami, 48 Santo Trafficante ------------------------------------------------------


@event(47)  # CL card 47 unshaded: remove any 2 Guerrillas (Government Ineligible: card data)
def pact_of_miami(g: CubaLibreState, f: int) -> None:
    remove(g, f, GUERRILLA_KEYS, n=2)


@event(47, shaded=True)  # CL card 47 shaded: 26July and DR -3 (both Ineligible: card data)
def pact_confusion(g: CubaLibreState, f: int) -> None:
    g.gain(M26, -3)
    g.gain(DIRECTORIO, -3)


@event(48)  # CL card 48 unshaded: Syndicate -10; every Syndicate Guerrilla Active
def trafficante_rivalry(g: CubaLibreState, f: int) -> None:
    g.gain(SYN, -10)
    for s in range(N_SPACES):
        g.flip(s, SYN, g.sp[s][GUER_U[SYN]], True)


@event(48, shaded=True)  # CL card 48 shaded: Capability (no Skim where Underground Syndicate; propaganda)
def trafficante_capability(g: CubaLibreState, f: int) -> None:
    return None
