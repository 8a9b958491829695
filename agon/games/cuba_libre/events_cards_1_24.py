"""Event cards 1-24 not written with the core (events_core.py has 4, 12-16, 20 unshaded, 23).

Card texts: agon/games/cuba_libre/data/card_texts.json; rulings: docs/rulings/cuba-libre.md "## Events".
Capability and Momentum sides only return: the card data adds the marker (events.execute) and
the core (or the Armored Cars step in events_cards_steps.py) applies it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine.callbacks import digest_as
from agon.games.cuba_libre.data import (
    ADJ,
    CITIES,
    CLOSED_CASINO,
    DIRECTORIO,
    GOVT,
    GUER_A,
    GUER_U,
    INSURGENTS,
    IS_EC,
    IS_PROV,
    M26,
    MOUNTAIN,
    N_SPACES,
    NAMES,
    POPULATED,
    SIERRA_MAESTRA,
    SPACE_INDEX,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.events import (
    _can_place,
    choose_faction,
    choose_space,
    event,
    free_op,
    place,
    redeploy,
    remove,
    then,
    withdraw_options,
)
from agon.games.cuba_libre.events_cards_steps import (
    GUERRILLA_KEYS,
    NEW_GUERRILLA,
    ambush,
    gov_assault,
    open_casino,
    pick,
    piece_options,
    sweep_in_place,
)
from agon.games.cuba_libre.operations import op_possible, withdraw
from agon.games.cuba_libre.removal import removal_targets
from agon.games.cuba_libre.steps import _

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

ORIENTE = SPACE_INDEX["oriente"]
SANTIAGO = SPACE_INDEX["santiago_de_cuba"]
CAMAGUEY_CITY = SPACE_INDEX["camaguey_city"]


# -- 1 Armored Cars -------------------------------------------------------------------------------


@event(1)  # CL card 1 unshaded: 26July or DR free Marches into 1 space, then free Ambushes there
def armored_cars_captured(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (M26, DIRECTORIO), _armored_cars_with_faction)


@digest_as("armored_cars_captured.<locals>.with_faction")
def _armored_cars_with_faction(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, partial(_march_possible, faction), _armored_cars_march_in, faction,
                 prompt="Armored Cars: choose the space to March into.")


@digest_as("armored_cars_captured.<locals>.with_faction.<locals>.<lambda>")
def _march_possible(faction: int, state: CubaLibreState, space: int) -> bool:
    return op_possible(state, faction, "march", True, True, (space,))


@digest_as("armored_cars_captured.<locals>.march_in")
def _armored_cars_march_in(state: CubaLibreState, destination: int, faction: int) -> None:
    state.last_op = (-1, "", ())
    free_op(state, faction, ops=("march",), spaces=(destination,), limited=True)
    then(state, _armored_cars_ambush_after, faction, destination, faction=faction)


@digest_as("armored_cars_captured.<locals>.ambush_after")
def _armored_cars_ambush_after(state: CubaLibreState, faction: int, destination: int) -> None:
    who, op, spaces = state.last_op
    if who == faction and op == "march" and destination in spaces and removal_targets(state, faction, destination, "attack"):
        ambush(state, faction, destination)  # ruling EV-1: allowed even if all its Guerrillas there are Active


@event(1, shaded=True)  # CL card 1 shaded: Momentum (Troops join any Assault; operations)
def armored_cars_momentum(state: CubaLibreState, faction: int) -> None:
    return None


# -- 2 Guantanamo Bay ----------------------------------------------------------------------------


@event(2)  # CL card 2 unshaded: Capability (26July Kidnap in Sierra Maestra; activities applies it)
def guantanamo_kidnap(state: CubaLibreState, faction: int) -> None:
    return None


@event(2, shaded=True)  # CL card 2 shaded: Momentum (Air Strike x2, even if Embargoed; activities)
def guantanamo_air_strikes(state: CubaLibreState, faction: int) -> None:
    return None


# -- 3 Eulogio Cantillo --------------------------------------------------------------------------


@event(3)  # CL card 3 unshaded: a faction Marches all its Guerrillas out of a Troops space, Underground
def cantillo_truce(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _troops_and_guerrillas, partial(_cantillo_with_space, faction),
                 prompt="Cantillo: choose a space with Troops.")


@digest_as("cantillo_truce.<locals>.<lambda>")
def _troops_and_guerrillas(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][TROOPS] > 0 and any(state.guerrillas(space, x) for x in INSURGENTS)


@digest_as("cantillo_truce.<locals>.with_space")
def _cantillo_with_space(faction: int, state: CubaLibreState, space: int) -> None:
    choose_faction(state, faction, tuple(x for x in INSURGENTS if state.guerrillas(space, x)), _cantillo_march_out, space)


@digest_as("cantillo_truce.<locals>.march_out")
def _cantillo_march_out(state: CubaLibreState, faction: int, space: int) -> None:
    # the marching faction picks the destinations (CL 5.1 example)
    pick(state, faction, partial(_cantillo_destinations, space, faction), partial(_cantillo_move_one, space, faction), count=state.guerrillas(space, faction),
         prompt="Cantillo: March a Guerrilla out ({n} left).")


@digest_as("cantillo_truce.<locals>.march_out.<locals>.options")
def _cantillo_destinations(space: int, faction: int, state: CubaLibreState) -> list[Any]:
    return [("to", NAMES[d]) for d in ADJ[space]] if state.guerrillas(space, faction) else []


@digest_as("cantillo_truce.<locals>.march_out.<locals>.move_one")
def _cantillo_move_one(space: int, faction: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    d = NAMES.index(arg)
    active = state.sp[space][GUER_A[faction]] > 0
    state.move(space, d, GUER_A[faction] if active else GUER_U[faction])
    if active:
        state.flip(d, faction, 1, False)  # every Guerrilla that moved ends Underground


@event(3, shaded=True)  # CL card 3 shaded: free Sweep in place, then free Assault, in a Troops space
def cantillo_offensive(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _troops_outside_ecs, partial(_cantillo_sweep_assault, faction),
                 prompt="Cantillo: choose a City or Province with Troops.")


@digest_as("cantillo_offensive.<locals>.<lambda>")
def _troops_outside_ecs(state: CubaLibreState, space: int) -> bool:
    return not IS_EC[space] and state.sp[space][TROOPS] > 0


@digest_as("cantillo_offensive.<locals>.sweep_assault")
def _cantillo_sweep_assault(faction: int, state: CubaLibreState, space: int) -> None:
    sweep_in_place(state, space, faction)  # ruling EV-3s: all cubes count; EF picks the Guerrillas and pieces
    then(state, gov_assault, space, -1, faction)


# -- 5 Rolando Masferrer -------------------------------------------------------------------------


@event(5)  # CL card 5 unshaded: a Troops Province and an adjacent Province to Passive Opposition
def masferrer_brutality(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _province_with_troops, partial(_masferrer_first, faction),
                 prompt="Masferrer: choose a Province with Troops.")


@digest_as("masferrer_brutality.<locals>.<lambda>")
def _province_with_troops(state: CubaLibreState, space: int) -> bool:
    return IS_PROV[space] and state.sp[space][TROOPS] > 0


@digest_as("masferrer_brutality.<locals>.first")
def _masferrer_first(faction: int, state: CubaLibreState, first_province: int) -> None:
    state.support[first_province] = -1
    choose_space(state, faction, partial(_province_next_to, first_province), _masferrer_second,
                 prompt="Masferrer: choose an adjacent Province.")


@digest_as("masferrer_brutality.<locals>.first.<locals>.<lambda>")
def _province_next_to(first_province: int, state: CubaLibreState, space: int) -> bool:
    return IS_PROV[space] and space in ADJ[first_province]


@digest_as("masferrer_brutality.<locals>.second")
def _masferrer_second(state: CubaLibreState, second_province: int) -> None:
    state.support[second_province] = -1


@event(5, shaded=True)  # CL card 5 shaded: Momentum (Sweep may add a free Assault; activities)
def masferrer_momentum(state: CubaLibreState, faction: int) -> None:
    return None


# -- 6 Sanchez Mosquera --------------------------------------------------------------------------


@event(6)  # CL card 6 unshaded: all Troops in a Mountain Province to Available
def mosquera_wounded(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _mountain_with_troops, _mosquera_troops_out, prompt=_("Mosquera: choose a Mountain Province."))


@digest_as("mosquera_wounded.<locals>.<lambda>")
def _mountain_with_troops(state: CubaLibreState, space: int) -> bool:
    return MOUNTAIN[space] and state.sp[space][TROOPS] > 0


@digest_as("mosquera_wounded.<locals>.troops_out")
def _mosquera_troops_out(state: CubaLibreState, space: int) -> None:
    state.remove(space, TROOPS, state.sp[space][TROOPS])


@event(6, shaded=True)  # CL card 6 shaded: Momentum (Mountain Assault as in a City; operations)
def mosquera_momentum(state: CubaLibreState, faction: int) -> None:
    return None


# -- 7 Election -----------------------------------------------------------------------------------


@event(7)  # CL card 7 unshaded: a Guerrilla of any Insurgent in each City
def election_postponed(state: CubaLibreState, faction: int) -> None:
    for c in CITIES:
        place(state, faction, NEW_GUERRILLA, count=1, spaces=(c,))


@event(7, shaded=True)  # CL card 7 shaded: a City to Neutral; Aid +10
def election_held(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, CITIES, _election_neutral, prompt="Election: choose a City to set to Neutral.")
    state.add_aid(10)


@digest_as("election_held.<locals>.neutral")
def _election_neutral(state: CubaLibreState, space: int) -> None:
    state.support[space] = 0


# -- 8 General Strike ------------------------------------------------------------------------------


@event(8)  # CL card 8 unshaded: each City 1 level toward Neutral and gets an Insurgent Guerrilla
def general_strike(state: CubaLibreState, faction: int) -> None:
    for c in CITIES:
        state.shift_toward_neutral(c)
        place(state, faction, NEW_GUERRILLA, count=1, spaces=(c,))


@event(8, shaded=True)  # CL card 8 shaded: a City to Active Support, its Guerrillas Active; open a Casino
def general_strike_fails(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, CITIES, _strike_crush, prompt="General Strike: choose a City.")
    choose_space(state, faction, _closed_casino_here, open_casino, prompt="Open a closed Casino.")


@digest_as("general_strike_fails.<locals>.crush")
def _strike_crush(state: CubaLibreState, space: int) -> None:
    state.support[space] = 2
    for x in INSURGENTS:
        state.flip(space, x, state.sp[space][GUER_U[x]], True)


@digest_as("general_strike_fails.<locals>.<lambda>")
def _closed_casino_here(state: CubaLibreState, space: int) -> bool:
    return state.sp[space][CLOSED_CASINO] > 0


# -- 9 Coup ---------------------------------------------------------------------------------------


@event(9)  # CL card 9 unshaded: Government-Controlled spaces 1 level toward Neutral; Alliance up
def coup(state: CubaLibreState, faction: int) -> None:
    for s in [s for s in POPULATED if state.control(s) == GOVT]:
        state.shift_toward_neutral(s)
    state.alliance = max(0, state.alliance - 1)


@event(9, shaded=True)  # CL card 9 shaded: in Cities with cubes, DR Active and Assaulted; Alliance down
def coup_crushed(state: CubaLibreState, faction: int) -> None:
    for c in CITIES:
        if state.cubes(c):
            state.flip(c, DIRECTORIO, state.sp[c][GUER_U[DIRECTORIO]], True)
            gov_assault(state, c, only=DIRECTORIO)
    state.alliance = min(2, state.alliance + 1)


# -- 10 MAP ---------------------------------------------------------------------------------------


@event(10)  # CL card 10 unshaded: a cube to Available, 2 Insurgent Guerrillas in its place
def map_diverted(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, _cube_options, partial(_map_swap, faction), prompt="MAP: choose a cube.")


@digest_as("map_diverted.<locals>.<lambda>")
def _cube_options(state: CubaLibreState) -> list[Any]:
    return piece_options(state, ("troop", "police"))


@digest_as("map_diverted.<locals>.swap")
def _map_swap(faction: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    s = NAMES.index(arg[0])
    state.remove(s, state.slot(arg[1]))
    place(state, faction, NEW_GUERRILLA, count=2, spaces=(s,))


@event(10, shaded=True)  # CL card 10 shaded: Momentum (Government LimOps may add an SA; turn)
def map_momentum(state: CubaLibreState, faction: int) -> None:
    return None


# -- 11 Batista Flees -----------------------------------------------------------------------------


@event(11)  # CL card 11: Govt -10; a die roll of Troops out; Alliance up, Aid +10; Redeploy
def batista_flees(state: CubaLibreState, faction: int) -> None:
    state.gain(GOVT, -10)
    roll = state.rng.die()
    state.say(_("Batista flees: {n} Troop leaves the map.") if roll == 1 else _("Batista flees: {n} Troops leave the map."),
          n=roll)
    remove(state, faction, ("troop",), count=roll)
    state.alliance = max(0, state.alliance - 1)
    state.add_aid(10)
    redeploy(state)


# -- 17 Alberto Bayo ------------------------------------------------------------------------------


@event(17)  # CL card 17 unshaded: 26July or DR free Rallies in every space with its Base
def bayo_trains(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (M26, DIRECTORIO), _bayo_rally_all)


@digest_as("bayo_trains.<locals>.rally_all")
def _bayo_rally_all(state: CubaLibreState, faction: int) -> None:
    base = state.base_slot(faction)
    for s in range(N_SPACES):
        if state.sp[s][base]:  # ruling EV-17: the level limit is ignored there
            state.push("rally", faction, space=s, free_level=True)


@event(17, shaded=True)  # CL card 17 shaded: all 26July Guerrillas Active (Ineligible: card data)
def bayo_blocked(state: CubaLibreState, faction: int) -> None:
    for s in range(N_SPACES):
        state.flip(s, M26, state.sp[s][GUER_U[M26]], True)


# -- 18 Pact of Caracas, 19 Sierra Maestra Manifesto ---------------------------------------------


@event(18)  # CL card 18: Capability for 26July and DR (op_spaces.pact); EF stays Eligible
def pact_of_caracas(state: CubaLibreState, faction: int) -> None:
    return None


OWN_PIECES = {M26: ("m26_u", "m26_base"), DIRECTORIO: ("dr_u", "dr_base"), SYN: ("syn_u",),
              GOVT: ("troop", "police", "govt_base")}


def place_up_to(state: CubaLibreState, faction: int, space: int, keys: tuple[str, ...], count: int) -> None:
    """x places up to n of its pieces (keys) in s, stopping when it likes."""
    pick(state, faction, partial(_place_up_to_options, faction, space, keys), partial(_place_up_to_put, faction, space), count=count, optional=True,
         prompt="Place a piece ({n} left).")


@digest_as("place_up_to.<locals>.options")
def _place_up_to_options(faction: int, space: int, keys: tuple[str, ...], state: CubaLibreState) -> list[Any]:
    out: list[Any] = [("place", (NAMES[space], k)) for k in keys if _can_place(state, space, state.slot(k))]
    return out + withdraw_options(state, faction, keys, [space])  # 1.4.1: own pieces from elsewhere first


@digest_as("place_up_to.<locals>.put")
def _place_up_to_put(faction: int, space: int, state: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "withdraw":
        withdraw(state, faction, arg)
        return
    state.place(space, state.slot(arg[1]))


@event(19)  # CL card 19: each faction in card order may place 2 pieces where it has one
def sierra_maestra_manifesto(state: CubaLibreState, faction: int) -> None:
    for x in (M26, DIRECTORIO, SYN, GOVT):  # ruling EV-19: each faction chooses its own placement
        choose_space(state, x, partial(_manifesto_space, x), _manifesto_placing, x, optional=True,
                     prompt="Manifesto: place up to 2 pieces in a space where you have one.")


@digest_as("sierra_maestra_manifesto.<locals>.where.<locals>.ok")
def _manifesto_space(faction: int, state: CubaLibreState, space: int) -> bool:
    return state.any_pieces(space, faction) and (any(_can_place(state, space, state.slot(k)) for k in OWN_PIECES[faction])
                                   or bool(withdraw_options(state, faction, OWN_PIECES[faction], [space])))


@digest_as("sierra_maestra_manifesto.<locals>.placing")
def _manifesto_placing(state: CubaLibreState, space: int, faction: int) -> None:
    place_up_to(state, faction, space, OWN_PIECES[faction], 2)


# -- 20 The Twelve (shaded) ----------------------------------------------------------------------


@event(20, shaded=True)  # CL card 20 shaded: remove half (round up) of the Guerrillas of the fullest space
def granma_hardships(state: CubaLibreState, faction: int) -> None:
    most = max(_guerrillas_in(state, s) for s in range(N_SPACES))
    if most == 0:
        return
    choose_space(state, faction, partial(_holds_guerrillas, most), partial(_granma_halve, faction, most),
                 prompt="The Twelve: choose the space.")


def _guerrillas_in(state: CubaLibreState, space: int) -> int:
    return sum(state.guerrillas(space, x) for x in INSURGENTS)


@digest_as("granma_hardships.<locals>.<lambda>")
def _holds_guerrillas(most: int, state: CubaLibreState, space: int) -> bool:
    return _guerrillas_in(state, space) == most


@digest_as("granma_hardships.<locals>.halve")
def _granma_halve(faction: int, most: int, state: CubaLibreState, space: int) -> None:
    remove(state, faction, GUERRILLA_KEYS, count=(most + 1) // 2, spaces=(space,))


# -- 21 Fangio ------------------------------------------------------------------------------------


@event(21)  # CL card 21 unshaded: a City toward Active Opposition, 2 levels if 26July is there
def fangio_kidnapped(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, CITIES, _fangio_shift_city, prompt="Fangio: choose a City.")


@digest_as("fangio_kidnapped.<locals>.shift_city")
def _fangio_shift_city(state: CubaLibreState, space: int) -> None:
    state.shift(space, -2 if state.any_pieces(space, M26) else -1)


@event(21, shaded=True)  # CL card 21 shaded: in 2 Casino spaces, open a Casino or place Cash
def fangio_publicity(state: CubaLibreState, faction: int) -> None:
    pick(state, faction, partial(_fangio_options, ()), partial(_fangio_apply, faction, True), prompt="Fangio: first Casino space.")


@digest_as("fangio_publicity.<locals>.options.<locals>.opts")
def _fangio_options(done: tuple[int, ...], state: CubaLibreState) -> list[Any]:
    out: list[Any] = []
    for s in range(N_SPACES):
        if s in done or not state.casinos(s):
            continue
        if state.sp[s][CLOSED_CASINO]:
            out.append(("open", NAMES[s]))
        if -1 in state.cash:
            out += [("cash", (NAMES[s], state.role(x))) for x in range(4) if state.has_holder(s, x)]
    return out


@digest_as("fangio_publicity.<locals>.applier.<locals>.apply")
def _fangio_apply(faction: int, first: bool, state: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "open":
        s = NAMES.index(arg)
        open_casino(state, s)
    else:
        s = NAMES.index(arg[0])
        state.cash[state.cash.index(-1)] = s * 4 + state.faction(arg[1])  # CL 4.5.2: the holder owns it
    if first:
        pick(state, faction, partial(_fangio_options, (s,)), partial(_fangio_apply, faction, False), prompt="Fangio: second Casino space.")


# -- 22 Raul, 23-24 -------------------------------------------------------------------------------


@event(22)  # CL card 22 unshaded: Capability (26July rerolls Attack and Kidnap dice; core hooks)
def raul_capability(state: CubaLibreState, faction: int) -> None:
    return None


@event(22, shaded=True)  # CL card 22 shaded: Momentum (Kidnap adds twice the take to Aid; activities)
def raul_momentum(state: CubaLibreState, faction: int) -> None:
    return None


@event(24)  # CL card 24 unshaded: Sierra Maestra or a space next to it to Active Opposition
def vilma_organizer(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, (SIERRA_MAESTRA, ORIENTE, SANTIAGO), _vilma_active_opposition, prompt="Vilma Espin: choose a space.")


@digest_as("vilma_organizer.<locals>.active_opposition")
def _vilma_active_opposition(state: CubaLibreState, space: int) -> None:
    state.support[space] = -2


@event(24, shaded=True)  # CL card 24 shaded: all 26July pieces in a City other than Havana out
def vilma_betrayed(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, (CAMAGUEY_CITY, SANTIAGO), _vilma_clear, prompt="Vilma Espin: choose a City.")


@digest_as("vilma_betrayed.<locals>.clear")
def _vilma_clear(state: CubaLibreState, space: int) -> None:
    for key in ("m26_u", "m26_a", "m26_base"):
        state.remove(space, state.slot(key), state.sp[space][state.slot(key)])

