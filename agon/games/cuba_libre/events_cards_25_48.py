"""Event cards 25-48 not written with the core (events_core.py has card 33).

Card texts: agon/games/cuba_libre/data/card_texts.json; rulings: docs/rulings/cuba-libre.md "## Events".
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine.callbacks import digest_as
from agon.games.cuba_libre.data import (
    ADJ,
    ALL_SPACES,
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
def escapade(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, (CAMAGUEY_PROVINCE, ORIENTE), partial(_escapade_land, faction), prompt="Escapade: choose the landing space.")


@digest_as("escapade.<locals>.land")
def _escapade_land(faction: int, state: CubaLibreState, space: int) -> None:
    place_in(state, faction, "dr_u", space)
    if state.base_room(space, DIRECTORIO):
        place_in(state, faction, "dr_base", space)


@event(25, shaded=True)  # CL card 25 shaded: remove a DR Base
def escapade_seized(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, ("dr_base",), count=1)


# -- 26 Rodriguez Loeches -------------------------------------------------------------------------


@event(26)  # CL card 26 unshaded: DR places a Guerrilla, then free Marches in, Rallies or Ambushes there
def loeches_takes_field(state: CubaLibreState, faction: int) -> None:
    # ruling EV-26: DR decides the space and the action, whoever executes the Event
    choose_space(state, DIRECTORIO, ALL_SPACES, _loeches_landed, prompt="Rodriguez Loeches: choose a space.")


@digest_as("loeches_takes_field.<locals>.landed")
def _loeches_landed(state: CubaLibreState, faction: int) -> None:
    place_in(state, DIRECTORIO, "dr_u", faction)  # DR may take one back first if none is Available (1.4.1)
    then(state, _loeches_follow_up, faction)


@digest_as("loeches_takes_field.<locals>.follow_up")
def _loeches_follow_up(state: CubaLibreState, faction: int) -> None:
    opts = []
    if op_possible(state, DIRECTORIO, "march", True, True, (faction,)):
        opts.append("march")
    if op_possible(state, DIRECTORIO, "rally", True, True, (faction,)):
        opts.append("rally")
    if state.sp[faction][GUER_U[DIRECTORIO]] and removal_targets(state, DIRECTORIO, faction, "attack"):
        opts.append("ambush")
    if opts:
        choose_option(state, DIRECTORIO, tuple(opts), _loeches_action, faction, prompt="Rodriguez Loeches: March, Rally or Ambush?")


@digest_as("loeches_takes_field.<locals>.action")
def _loeches_action(state: CubaLibreState, what: str, faction: int) -> None:
    if what == "ambush":
        ambush(state, DIRECTORIO, faction)
    else:
        free_op(state, DIRECTORIO, ops=(what,), spaces=(faction,), limited=True)


@event(26, shaded=True)  # CL card 26 shaded: remove a DR Guerrilla; DR -5 Resources
def loeches_administrator(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, ("dr_u", "dr_a"), count=1)
    state.gain(DIRECTORIO, -5)


# -- 27 Echeverria -------------------------------------------------------------------------------


@event(27)  # CL card 27 unshaded: 2 DR Guerrillas anywhere; Havana Neutral (DR Eligible: card data)
def echeverria_attack(state: CubaLibreState, faction: int) -> None:
    place(state, faction, "dr_u", count=2)
    state.support[HAVANA] = 0


@event(27, shaded=True)  # CL card 27 shaded: remove the 2 DR pieces nearest Havana; DR -3
def echeverria_killed(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _dr_nearest_havana, _echeverria_take, count=2, prompt="Echeverria: remove a DR piece nearest Havana ({n} left).")
    state.gain(DIRECTORIO, -3)


@digest_as("echeverria_killed.<locals>.nearest")
def _dr_nearest_havana(state: CubaLibreState) -> list[Any]:
    where = [s for s in range(N_SPACES) if state.any_pieces(s, DIRECTORIO)]
    if not where:
        return []
    d = min(HAVANA_STEPS[s] for s in where)  # ruling EV-27: Bases count, no Bases-last
    return piece_options(state, PIECES[DIRECTORIO], [s for s in where if HAVANA_STEPS[s] == d])


@digest_as("echeverria_killed.<locals>.take")
def _echeverria_take(state: CubaLibreState, verb: str, arg: Any) -> None:
    state.remove(NAMES.index(arg[0]), state.slot(arg[1]))


# -- 28 Morgan -----------------------------------------------------------------------------------


@event(28)  # CL card 28 unshaded: Capability (DR March 2 spaces; operations/insurgent_ops)
def morgan_capability(state: CubaLibreState, faction: int) -> None:
    return None


@event(28, shaded=True)  # CL card 28 shaded: a City or Province with a DR Guerrilla to Active Support
def morgan_backlash(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _dr_guerrilla_outside_ecs, _morgan_support, prompt="Morgan: choose a space with a DR Guerrilla.")


@digest_as("morgan_backlash.<locals>.<lambda>")
def _dr_guerrilla_outside_ecs(state: CubaLibreState, space: int) -> bool:
    return not IS_EC[space] and state.guerrillas(space, DIRECTORIO) > 0


@digest_as("morgan_backlash.<locals>.support")
def _morgan_support(state: CubaLibreState, space: int) -> None:
    state.support[space] = 2


# -- 29 Faure Chomon -----------------------------------------------------------------------------


@event(29)  # CL card 29 unshaded: a Base and 2 Guerrillas of DR or 26July in Las Villas
def chomon_escambray(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (DIRECTORIO, M26), partial(_chomon_settle, faction))


@digest_as("chomon_escambray.<locals>.settle")
def _chomon_settle(faction: int, state: CubaLibreState, chosen: int) -> None:
    if state.base_room(LAS_VILLAS, chosen):
        place_in(state, faction, state.key(state.base_slot(chosen)), LAS_VILLAS)
    place_in(state, faction, state.key(GUER_U[chosen]), LAS_VILLAS, 2)


@event(29, shaded=True)  # CL card 29 shaded: a DR piece removed or replaced by its 26July counterpart
def chomon_defects(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _chomon_options, _chomon_apply, prompt="Faure Chomon: remove or replace a DR piece.")


@digest_as("chomon_defects.<locals>.options")
def _chomon_options(state: CubaLibreState) -> list[Any]:
    out = piece_options(state, PIECES[DIRECTORIO])
    more = [("replace", arg) for _, arg in out if state.available(state.slot(COUNTERPART[arg[1]]))]
    return out + more


@digest_as("chomon_defects.<locals>.apply")
def _chomon_apply(state: CubaLibreState, verb: str, arg: Any) -> None:
    s, piece_type = NAMES.index(arg[0]), state.slot(arg[1])
    if verb == "replace":
        state.replace(s, piece_type, state.slot(COUNTERPART[arg[1]]))
    else:
        state.remove(s, piece_type)


# -- 30 The Guerrilla Life -----------------------------------------------------------------------


@event(30)  # CL card 30 unshaded: Capability (26July Rally also flips Underground; insurgent_ops)
def guerrilla_life(state: CubaLibreState, faction: int) -> None:
    return None


@event(30, shaded=True)  # CL card 30 shaded: all DR Guerrillas Underground; a DR Guerrilla in a City
def dr_toughened(state: CubaLibreState, faction: int) -> None:
    for s in range(N_SPACES):
        state.flip(s, DIRECTORIO, state.sp[s][GUER_A[DIRECTORIO]], False)
    place(state, faction, "dr_u", count=1, spaces=CITIES)


# -- 31 Escopeteros ------------------------------------------------------------------------------


@event(31)  # CL card 31 unshaded: a non-Casino Base and an Insurgent Guerrilla in a Mountain Province
def escopeteros(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _escopeteros_mountain, partial(_escopeteros_uprising, faction),
                 prompt="Escopeteros: choose a Mountain Province.")


@digest_as("escopeteros.<locals>.<lambda>")
def _escopeteros_mountain(state: CubaLibreState, space: int) -> bool:
    return MOUNTAIN[space]


@digest_as("escopeteros.<locals>.uprising")
def _escopeteros_uprising(faction: int, state: CubaLibreState, space: int) -> None:
    place(state, faction, ("govt_base", "m26_base", "dr_base"), count=1, spaces=(space,))
    place(state, faction, NEW_GUERRILLA, count=1, spaces=(space,))


@event(31, shaded=True)  # CL card 31 shaded: a Mountain Province 1 level toward Active Support
def escopeteros_loyal(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _loyal_mountain, _toward_support, prompt="Escopeteros: choose a Mountain Province.")


@digest_as("escopeteros_loyal.<locals>.<lambda>")
def _loyal_mountain(state: CubaLibreState, space: int) -> bool:
    return MOUNTAIN[space]


@digest_as("escopeteros_loyal.<locals>.toward_support")
def _toward_support(state: CubaLibreState, space: int) -> None:
    state.shift(space, 1)


# -- 32 Resistencia Civica -----------------------------------------------------------------------


def convert_city(state: CubaLibreState, faction: int, old: int) -> None:
    """Every piece of `old` (DR or 26July) in a City chosen by f becomes its counterpart."""
    choose_space(state, faction, partial(_city_with_pieces_of, old), partial(_convert, old),
                 prompt="Resistencia Civica: choose a City.")


@digest_as("convert_city.<locals>.<lambda>")
def _city_with_pieces_of(old: int, state: CubaLibreState, space: int) -> bool:
    return space in CITIES and state.any_pieces(space, old)


@digest_as("convert_city.<locals>.convert")
def _convert(old: int, state: CubaLibreState, space: int) -> None:
    for key in reversed(PIECES[old]):  # ruling EV-32: Bases first when counterparts run short
        piece_type = state.slot(key)
        for _each in range(state.sp[space][piece_type]):
            state.replace(space, piece_type, state.slot(COUNTERPART[key]))


@event(32)  # CL card 32 unshaded: in a City, every DR piece becomes a 26July piece
def civica_to_m26(state: CubaLibreState, faction: int) -> None:
    convert_city(state, faction, DIRECTORIO)


@event(32, shaded=True)  # CL card 32 shaded: in a City, every 26July piece becomes a DR piece
def civica_to_dr(state: CubaLibreState, faction: int) -> None:
    convert_city(state, faction, M26)


# -- 34 US Speaking Tour -------------------------------------------------------------------------


@event(34)  # CL card 34 unshaded: an Insurgent + a die roll of Resources, the other two +2
def speaking_tour(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, INSURGENTS, _speaking_tour_donate)


@digest_as("speaking_tour.<locals>.donate")
def _speaking_tour_donate(state: CubaLibreState, faction: int) -> None:
    roll = state.rng.die()
    state.say(_("US Speaking Tour: {faction} gains {n} Resource.") if roll == 1 else _("US Speaking Tour: {faction} gains {n} Resources."),
          faction=state.fname(faction), n=roll)
    state.gain(faction, roll)
    for y in INSURGENTS:
        if y != faction:
            state.gain(y, 2)


@event(34, shaded=True)  # CL card 34 shaded: Government + min(Aid, 8), then Aid +8
def speaking_tour_backfires(state: CubaLibreState, faction: int) -> None:
    state.gain(GOVT, min(state.aid, 8))
    state.add_aid(8)


# -- 35 Defections -------------------------------------------------------------------------------


def _enemy_units(state: CubaLibreState, space: int, enemy: int) -> list[str]:
    keys = ("troop", "police") if enemy == GOVT else (state.key(GUER_U[enemy]), state.key(GUER_A[enemy]))
    return [k for k in keys if state.sp[space][state.slot(k)]]


@event(35)  # CL card 35: replace up to 2 enemy Guerrillas or cubes with own pieces, where both are
def defections(state: CubaLibreState, faction: int) -> None:
    own = ("troop", "police") if faction == GOVT else (state.key(GUER_U[faction]),)
    choose_space(state, faction, partial(_defections_space, faction), partial(_defections_with_space, faction, own),
                 prompt="Defections: choose a space.")


@digest_as("defections.<locals>.ok")
def _defections_space(faction: int, state: CubaLibreState, space: int) -> bool:
    return state.any_pieces(space, faction) and any(_enemy_units(state, space, e) for e in range(4) if e != faction)


@digest_as("defections.<locals>.with_space")
def _defections_with_space(faction: int, own: tuple[str, ...], state: CubaLibreState, space: int) -> None:
    choose_faction(state, faction, tuple(e for e in range(4) if e != faction and _enemy_units(state, space, e)),
                   partial(_defections_with_enemy, faction, own), space)


@digest_as("defections.<locals>.with_enemy")
def _defections_with_enemy(faction: int, own: tuple[str, ...], state: CubaLibreState, enemy: int, space: int) -> None:
    pick(state, faction, partial(_defections_options, faction, own, enemy, space), partial(_defections_apply, faction, space), count=2, optional=True,
         prompt="Defections: replace an enemy piece ({n} left).")


@digest_as("defections.<locals>.with_enemy.<locals>.options")
def _defections_options(faction: int, own: tuple[str, ...], enemy: int, space: int, state: CubaLibreState) -> list[Any]:
    out: list[Any] = [("replace", (old, new)) for old in _enemy_units(state, space, enemy) for new in own]
    return out + withdraw_options(state, faction, own, [space]) if out else out  # 1.4.1: own pieces back


@digest_as("defections.<locals>.with_enemy.<locals>.apply")
def _defections_apply(faction: int, space: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "withdraw":
        withdraw(state, faction, arg)
        return
    state.replace(space, state.slot(arg[0]), state.slot(arg[1]))  # removed even if none is Available


# -- 36 Eloy Gutierrez Menoyo --------------------------------------------------------------------


@event(36)  # CL card 36 unshaded: a non-DR piece in or next to Las Villas out, 2 DR Guerrillas in
def menoyo_commander(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _menoyo_targets, partial(_menoyo_apply, faction), prompt="Menoyo: choose a piece to remove.")


NOT_DR = ("troop", "police", "govt_base", "m26_u", "m26_a", "m26_base", "syn_u", "syn_a")


@digest_as("menoyo_commander.<locals>.<lambda>")
def _menoyo_targets(state: CubaLibreState) -> list[Any]:
    return piece_options(state, NOT_DR, (LAS_VILLAS, *ADJ[LAS_VILLAS]))


@digest_as("menoyo_commander.<locals>.apply")
def _menoyo_apply(faction: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    s = NAMES.index(arg[0])
    state.remove(s, state.slot(arg[1]))
    place_in(state, faction, "dr_u", s, 2)


@event(36, shaded=True)  # CL card 36 shaded: a DR Guerrilla replaced by a 26July or Syndicate one
def menoyo_quarrels(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _quarrels_options, _quarrels_apply, prompt="Menoyo: replace a DR Guerrilla.")


@digest_as("menoyo_quarrels.<locals>.options")
def _quarrels_options(state: CubaLibreState) -> list[Any]:
    return [("replace", (sp, key, new)) for _, (sp, key) in piece_options(state, ("dr_u", "dr_a"))
            for new in ("m26_u", "syn_u")]


@digest_as("menoyo_quarrels.<locals>.apply")
def _quarrels_apply(state: CubaLibreState, verb: str, arg: Any) -> None:
    state.replace(NAMES.index(arg[0]), state.slot(arg[1]), state.slot(arg[2]))


# -- 37 Herbert Matthews -------------------------------------------------------------------------


@event(37)  # CL card 37 unshaded: 26July +5; Aid -6
def matthews_fidel_alive(state: CubaLibreState, faction: int) -> None:
    state.gain(M26, 5)
    state.add_aid(-6)


@event(37, shaded=True)  # CL card 37 shaded: Aid +10; DR +3; Syndicate +5
def matthews_counterweights(state: CubaLibreState, faction: int) -> None:
    state.add_aid(10)
    state.gain(DIRECTORIO, 3)
    state.gain(SYN, 5)


# -- 38 Meyer Lansky -----------------------------------------------------------------------------


@event(38)  # CL card 38 unshaded: the Cash markers of a space go to any Guerrillas or cubes there
def lansky_shuffle(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _space_with_cash, partial(_lansky_with_space, faction), prompt="Lansky: choose a space with Cash.")


@digest_as("lansky_shuffle.<locals>.<lambda>")
def _space_with_cash(state: CubaLibreState, space: int) -> bool:
    return any(c >= 0 and c // 4 == space for c in state.cash)


@digest_as("lansky_shuffle.<locals>.with_space")
def _lansky_with_space(faction: int, state: CubaLibreState, space: int) -> None:
    holders = tuple(x for x in range(4) if state.has_holder(space, x))
    for i, c in enumerate(state.cash):
        if c >= 0 and c // 4 == space:
            choose_faction(state, faction, holders, _lansky_give, i, space, prompt="Lansky: who holds this Cash marker?")


@digest_as("lansky_shuffle.<locals>.give")
def _lansky_give(state: CubaLibreState, faction: int, marker: int, space: int) -> None:
    state.cash[marker] = space * 4 + faction


@event(38, shaded=True)  # CL card 38 shaded: the Syndicate relocates Casinos; all closed Casinos open
def lansky_master_plan(state: CubaLibreState, faction: int) -> None:
    moves = sum(state.casinos(s) for s in range(N_SPACES))  # ruling EV-38: each Casino moves at most once
    pick(state, SYN, _casino_moves, _move_casino, count=moves, optional=True, prompt="Lansky: move a Casino ({n} moves left).")
    then(state, _open_all_casinos)


@digest_as("lansky_master_plan.<locals>.options")
def _casino_moves(state: CubaLibreState) -> list[Any]:
    out: list[Any] = []
    for src in POPULATED:
        for piece_type in (CASINO, CLOSED_CASINO):
            if state.sp[src][piece_type]:
                out += [("move", (NAMES[src], state.key(piece_type), NAMES[d])) for d in POPULATED
                        if d != src and state.casinos(d) < 2]
    return out


@digest_as("lansky_master_plan.<locals>.move")
def _move_casino(state: CubaLibreState, verb: str, arg: Any) -> None:
    state.move(NAMES.index(arg[0]), NAMES.index(arg[2]), state.slot(arg[1]))


@digest_as("lansky_master_plan.<locals>.open_all")
def _open_all_casinos(state: CubaLibreState) -> None:
    for s in range(N_SPACES):
        state.sp[s][CASINO] += state.sp[s][CLOSED_CASINO]
        state.sp[s][CLOSED_CASINO] = 0


# -- 39 Turismo ----------------------------------------------------------------------------------


@event(39)  # CL card 39 unshaded: every Casino space at Support 1 level toward Neutral
def turismo_mood(state: CubaLibreState, faction: int) -> None:
    for s in POPULATED:
        if state.casinos(s) and state.support[s] > 0:  # ruling EV-39: Support only (literal)
            state.shift_toward_neutral(s)


@event(39, shaded=True)  # CL card 39 shaded: Government and Syndicate +3 per open Casino space with Police
def turismo_kickbacks(state: CubaLibreState, faction: int) -> None:
    n = sum(1 for s in range(N_SPACES) if state.sp[s][CASINO] and state.sp[s][POLICE])
    state.gain(GOVT, 3 * n)
    state.gain(SYN, 3 * n)


# -- 40 Ambassador Smith -------------------------------------------------------------------------


@event(40)  # CL card 40 unshaded: US Alliance down 1
def smith_ignored(state: CubaLibreState, faction: int) -> None:
    state.alliance = min(2, state.alliance + 1)


@event(40, shaded=True)  # CL card 40 shaded: Alliance up 1; Aid +9; Syndicate + min(9, Aid/2)
def smith_lobbying(state: CubaLibreState, faction: int) -> None:
    state.alliance = max(0, state.alliance - 1)
    state.add_aid(9)
    state.gain(SYN, min(9, state.aid // 2))


# -- 41 Fat Butcher ------------------------------------------------------------------------------


def _open_casino_spaces(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][CASINO] > 0


@event(41)  # CL card 41 unshaded: close an open Casino, or Aid -8
def fat_butcher_pressure(state: CubaLibreState, faction: int) -> None:
    opts = tuple(o for o, ok in (("close", any(state.sp[s][CASINO] for s in range(N_SPACES))), ("aid", state.aid > 0)) if ok)
    if opts:
        choose_option(state, faction, opts, partial(_fat_butcher_apply, faction), prompt="Fat Butcher: close a Casino or Aid -8?")


@digest_as("fat_butcher_pressure.<locals>.apply")
def _fat_butcher_apply(faction: int, state: CubaLibreState, what: str) -> None:
    if what == "aid":
        state.add_aid(-8)
    else:
        choose_space(state, faction, _open_casino_spaces, _close_casino, prompt="Fat Butcher: close a Casino.")


@digest_as("fat_butcher_pressure.<locals>.apply.<locals>.<lambda>")
def _close_casino(state: CubaLibreState, space: int) -> None:
    state.close_casino(space)


@event(41, shaded=True)  # CL card 41 shaded: Syndicate free Ambush; then open a closed Casino
def fat_butcher_muscle(state: CubaLibreState, faction: int) -> None:
    choose_space(state, SYN, _syndicate_may_ambush, _syndicate_ambush, prompt="Fat Butcher: choose the Ambush space.")
    choose_space(state, faction, _closed_casino_here, open_casino, prompt="Open a closed Casino.")


@digest_as("fat_butcher_muscle.<locals>.ok")
def _syndicate_may_ambush(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][GUER_U[SYN]] > 0 and bool(removal_targets(state, SYN, space, "attack"))


@digest_as("fat_butcher_muscle.<locals>.<lambda>")
def _syndicate_ambush(state: CubaLibreState, space: int) -> None:
    ambush(state, SYN, space)


@digest_as("fat_butcher_muscle.<locals>.<lambda>")
def _closed_casino_here(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][CLOSED_CASINO] > 0


# -- 42 Llano ------------------------------------------------------------------------------------


@event(42)  # CL card 42 unshaded: a 26July Base and an Insurgent Guerrilla in a City
def llano_poor(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, CITIES, partial(_llano_arm, faction), prompt="Llano: choose a City.")


@digest_as("llano_poor.<locals>.arm")
def _llano_arm(faction: int, state: CubaLibreState, space: int) -> None:
    if state.base_room(space, M26):
        place_in(state, faction, "m26_base", space)
    place(state, faction, NEW_GUERRILLA, count=1, spaces=(space,))


@event(42, shaded=True)  # CL card 42 shaded: a City at Opposition to Neutral; an open Casino there
def llano_jobs(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, CITIES, _llano_jobs, prompt="Llano: choose a City.")


@digest_as("llano_jobs.<locals>.jobs")
def _llano_jobs(state: CubaLibreState, space: int) -> None:
    if state.support[space] < 0:
        state.support[space] = 0
    if state.casinos(space) < 2:
        state.place(space, CASINO)


# -- 43 Mafia Offensive --------------------------------------------------------------------------


@event(43)  # CL card 43 unshaded: 26July or DR free LimOp, a Syndicate Guerrilla counting as its own
def mafia_offensive(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (M26, DIRECTORIO), _mafia_with_faction)


@digest_as("mafia_offensive.<locals>.with_faction")
def _mafia_with_faction(state: CubaLibreState, faction: int) -> None:
    state.last_op = (-1, "", ())
    if not state.available(GUER_U[faction]) or not piece_options(state, ("syn_u", "syn_a")):
        free_op(state, faction, limited=True)
        return
    pick(state, faction, _mafia_options, partial(_mafia_borrow, faction), prompt="Mafia Offensive: a Syndicate Guerrilla to use (or none).")


@digest_as("mafia_offensive.<locals>.with_faction.<locals>.options")
def _mafia_options(state: CubaLibreState) -> list[Any]:
    return [*piece_options(state, ("syn_u", "syn_a"), verb="borrow"), ("borrow", None)]


@digest_as("mafia_offensive.<locals>.with_faction.<locals>.borrow")
def _mafia_borrow(faction: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    if arg is None:
        free_op(state, faction, limited=True)
        return
    # ruling EV-43: the Syndicate Guerrilla stands in as one of x's Guerrillas for the LimOp
    s, piece_type = NAMES.index(arg[0]), state.slot(arg[1])
    state.replace(s, piece_type, GUER_U[faction] if piece_type == GUER_U[SYN] else GUER_A[faction])
    free_op(state, faction, limited=True)
    then(state, give_back, faction, s)


def give_back(state: CubaLibreState, faction: int, space: int) -> None:
    """After the LimOp, one of x's Guerrillas where the borrowed one can be turns Syndicate again
    (in its space, or in the March destination if it could have marched there)."""
    who, op, spaces = state.last_op
    where = [space]
    if who == faction and op == "march" and spaces and spaces[0] != space:
        d = spaces[0]
        if space in ADJ[d] or (faction == DIRECTORIO and state.has_cap(28) and any(space in ADJ[m] for m in ADJ[d])):
            where.append(d)
    pick(state, faction, partial(_give_back_options, tuple(where), faction), partial(_give_back_apply, faction),
         prompt="Mafia Offensive: which Guerrilla was the Syndicate one?")


@digest_as("give_back.<locals>.options")
def _give_back_options(where: tuple[int, ...], faction: int, state: CubaLibreState) -> list[Any]:
    return [("return", (NAMES[c], state.key(piece_type))) for c in where for piece_type in (GUER_U[faction], GUER_A[faction]) if state.sp[c][piece_type]]


@digest_as("give_back.<locals>.apply")
def _give_back_apply(faction: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    c, piece_type = NAMES.index(arg[0]), state.slot(arg[1])
    state.replace(c, piece_type, GUER_U[SYN] if piece_type == GUER_U[faction] else GUER_A[SYN])


@event(43, shaded=True)  # CL card 43 shaded: Capability (Syndicate Assassinate with Terror; activities)
def mafia_capability(state: CubaLibreState, faction: int) -> None:
    return None


# -- 44 Rebel Air Force --------------------------------------------------------------------------


@event(44)  # CL card 44 unshaded: a 26July/DR Guerrilla Ambushes Government pieces, Bases first
def rebel_air_force(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _air_force_guerrillas, _air_force_strike, prompt="Rebel Air Force: choose the Guerrilla.")


def _government_here(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][TROOPS] + state.sp[space][POLICE] + state.sp[space][GOVT_BASE] > 0


@digest_as("rebel_air_force.<locals>.<lambda>")
def _air_force_guerrillas(state: CubaLibreState) -> list[Any]:
    return piece_options(state, ("m26_u", "m26_a", "dr_u", "dr_a"), _government_here, verb="guerrilla")


@digest_as("rebel_air_force.<locals>.strike")
def _air_force_strike(state: CubaLibreState, verb: str, arg: Any) -> None:
    s, piece_type = NAMES.index(arg[0]), state.slot(arg[1])
    x = state.owner(piece_type)
    if piece_type == GUER_U[x]:
        state.flip(s, x, 1, True)
    pick(state, x, partial(_air_force_targets, s), partial(_air_force_hit, s, x), count=2,
         prompt="Rebel Air Force: remove a Government piece ({n} left).")
    state.push("place_after", x, space=s)


@digest_as("rebel_air_force.<locals>.strike.<locals>.targets")
def _air_force_targets(space: int, state: CubaLibreState) -> list[Any]:
    if state.sp[space][GOVT_BASE]:
        return [("remove", "govt_base")]
    return [("remove", k) for k in ("troop", "police") if state.sp[space][state.slot(k)]]


@digest_as("rebel_air_force.<locals>.strike.<locals>.hit")
def _air_force_hit(space: int, faction: int, state: CubaLibreState, verb: str, key: str) -> None:
    state.remove(space, state.slot(key), 1, capturer=faction)


@event(44, shaded=True)  # CL card 44 shaded: a die roll of Resources from 26July or DR to the Syndicate
def planes_useless(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (M26, DIRECTORIO), _planes_transfer)


@digest_as("planes_useless.<locals>.transfer")
def _planes_transfer(state: CubaLibreState, faction: int) -> None:
    roll = state.rng.die()
    took = min(roll, state.res[faction])
    state.gain(faction, -took)
    state.gain(SYN, took)
    state.say(_("{faction} loses {n} Resource to the Syndicate.") if took == 1 else _("{faction} loses {n} Resources to the Syndicate."),
          faction=state.fname(faction), n=took)


# -- 45 Anastasia, 46 Sinatra --------------------------------------------------------------------


@event(45)  # CL card 45 unshaded: close every open Casino in Havana; Syndicate -5
def anastasia_rival(state: CubaLibreState, faction: int) -> None:
    while state.close_casino(HAVANA):
        pass
    state.gain(SYN, -5)


@event(45, shaded=True)  # CL card 45 shaded: Syndicate +10
def anastasia_eliminated(state: CubaLibreState, faction: int) -> None:
    state.gain(SYN, 10)


@event(46)  # CL card 46 unshaded: Syndicate -6
def sinatra_expensive(state: CubaLibreState, faction: int) -> None:
    state.gain(SYN, -6)


@event(46, shaded=True)  # CL card 46 shaded: an open Casino in Havana despite stacking; Cash with Police
def sinatra_show(state: CubaLibreState, faction: int) -> None:
    state.place(HAVANA, CASINO)  # CL 1.4.2: the one stacking exception
    if state.sp[HAVANA][POLICE] and -1 in state.cash:
        state.cash[state.cash.index(-1)] = HAVANA * 4 + GOVT


# -- 47 Pact of Miami, 48 Santo Trafficante ------------------------------------------------------


@event(47)  # CL card 47 unshaded: remove any 2 Guerrillas (Government Ineligible: card data)
def pact_of_miami(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, GUERRILLA_KEYS, count=2)


@event(47, shaded=True)  # CL card 47 shaded: 26July and DR -3 (both Ineligible: card data)
def pact_confusion(state: CubaLibreState, faction: int) -> None:
    state.gain(M26, -3)
    state.gain(DIRECTORIO, -3)


@event(48)  # CL card 48 unshaded: Syndicate -10; every Syndicate Guerrilla Active
def trafficante_rivalry(state: CubaLibreState, faction: int) -> None:
    state.gain(SYN, -10)
    for s in range(N_SPACES):
        state.flip(s, SYN, state.sp[s][GUER_U[SYN]], True)


@event(48, shaded=True)  # CL card 48 shaded: Capability (no Skim where Underground Syndicate; propaganda)
def trafficante_capability(state: CubaLibreState, faction: int) -> None:
    return None
