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
def armored_cars_captured(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, (M26, DIRECTORIO), _armored_cars_with_faction)


@digest_as("armored_cars_captured.<locals>.with_faction")
def _armored_cars_with_faction(g: CubaLibreState, x: int) -> None:
    choose_space(g, x, partial(_march_possible, x), _armored_cars_march_in, x,
                 prompt="Armored Cars: choose the space to March into.")


@digest_as("armored_cars_captured.<locals>.with_faction.<locals>.<lambda>")
def _march_possible(x: int, g: CubaLibreState, s: int) -> bool:
    return op_possible(g, x, "march", True, True, (s,))


@digest_as("armored_cars_captured.<locals>.march_in")
def _armored_cars_march_in(g: CubaLibreState, d: int, x: int) -> None:
    g.last_op = (-1, "", ())
    free_op(g, x, ops=("march",), spaces=(d,), limited=True)
    then(g, _armored_cars_ambush_after, x, d, f=x)


@digest_as("armored_cars_captured.<locals>.ambush_after")
def _armored_cars_ambush_after(g: CubaLibreState, x: int, d: int) -> None:
    who, op, spaces = g.last_op
    if who == x and op == "march" and d in spaces and removal_targets(g, x, d, "attack"):
        ambush(g, x, d)  # ruling EV-1: allowed even if all its Guerrillas there are Active


@event(1, shaded=True)  # CL card 1 shaded: Momentum (Troops join any Assault; operations)
def armored_cars_momentum(g: CubaLibreState, f: int) -> None:
    return None


# -- 2 Guantanamo Bay ----------------------------------------------------------------------------


@event(2)  # CL card 2 unshaded: Capability (26July Kidnap in Sierra Maestra; activities applies it)
def guantanamo_kidnap(g: CubaLibreState, f: int) -> None:
    return None


@event(2, shaded=True)  # CL card 2 shaded: Momentum (Air Strike x2, even if Embargoed; activities)
def guantanamo_air_strikes(g: CubaLibreState, f: int) -> None:
    return None


# -- 3 Eulogio Cantillo --------------------------------------------------------------------------


@event(3)  # CL card 3 unshaded: a faction Marches all its Guerrillas out of a Troops space, Underground
def cantillo_truce(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _troops_and_guerrillas, partial(_cantillo_with_space, f),
                 prompt="Cantillo: choose a space with Troops.")


@digest_as("cantillo_truce.<locals>.<lambda>")
def _troops_and_guerrillas(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][TROOPS] > 0 and any(g.guerrillas(s, x) for x in INSURGENTS)


@digest_as("cantillo_truce.<locals>.with_space")
def _cantillo_with_space(f: int, g: CubaLibreState, s: int) -> None:
    choose_faction(g, f, tuple(x for x in INSURGENTS if g.guerrillas(s, x)), _cantillo_march_out, s)


@digest_as("cantillo_truce.<locals>.march_out")
def _cantillo_march_out(g: CubaLibreState, x: int, s: int) -> None:
    # the marching faction picks the destinations (CL 5.1 example)
    pick(g, x, partial(_cantillo_destinations, s, x), partial(_cantillo_move_one, s, x), n=g.guerrillas(s, x),
         prompt="Cantillo: March a Guerrilla out ({n} left).")


@digest_as("cantillo_truce.<locals>.march_out.<locals>.options")
def _cantillo_destinations(s: int, x: int, g: CubaLibreState) -> list[Any]:
    return [("to", NAMES[d]) for d in ADJ[s]] if g.guerrillas(s, x) else []


@digest_as("cantillo_truce.<locals>.march_out.<locals>.move_one")
def _cantillo_move_one(s: int, x: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    d = NAMES.index(arg)
    active = g.sp[s][GUER_A[x]] > 0
    g.move(s, d, GUER_A[x] if active else GUER_U[x])
    if active:
        g.flip(d, x, 1, False)  # every Guerrilla that moved ends Underground


@event(3, shaded=True)  # CL card 3 shaded: free Sweep in place, then free Assault, in a Troops space
def cantillo_offensive(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _troops_outside_ecs, partial(_cantillo_sweep_assault, f),
                 prompt="Cantillo: choose a City or Province with Troops.")


@digest_as("cantillo_offensive.<locals>.<lambda>")
def _troops_outside_ecs(g: CubaLibreState, s: int) -> bool:
    return not IS_EC[s] and g.sp[s][TROOPS] > 0


@digest_as("cantillo_offensive.<locals>.sweep_assault")
def _cantillo_sweep_assault(f: int, g: CubaLibreState, s: int) -> None:
    sweep_in_place(g, s, f)  # ruling EV-3s: all cubes count; EF picks the Guerrillas and pieces
    then(g, gov_assault, s, -1, f)


# -- 5 Rolando Masferrer -------------------------------------------------------------------------


@event(5)  # CL card 5 unshaded: a Troops Province and an adjacent Province to Passive Opposition
def masferrer_brutality(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _province_with_troops, partial(_masferrer_first, f),
                 prompt="Masferrer: choose a Province with Troops.")


@digest_as("masferrer_brutality.<locals>.<lambda>")
def _province_with_troops(g: CubaLibreState, s: int) -> bool:
    return IS_PROV[s] and g.sp[s][TROOPS] > 0


@digest_as("masferrer_brutality.<locals>.first")
def _masferrer_first(f: int, g: CubaLibreState, p1: int) -> None:
    g.support[p1] = -1
    choose_space(g, f, partial(_province_next_to, p1), _masferrer_second,
                 prompt="Masferrer: choose an adjacent Province.")


@digest_as("masferrer_brutality.<locals>.first.<locals>.<lambda>")
def _province_next_to(p1: int, g: CubaLibreState, s: int) -> bool:
    return IS_PROV[s] and s in ADJ[p1]


@digest_as("masferrer_brutality.<locals>.second")
def _masferrer_second(g: CubaLibreState, p2: int) -> None:
    g.support[p2] = -1


@event(5, shaded=True)  # CL card 5 shaded: Momentum (Sweep may add a free Assault; activities)
def masferrer_momentum(g: CubaLibreState, f: int) -> None:
    return None


# -- 6 Sanchez Mosquera --------------------------------------------------------------------------


@event(6)  # CL card 6 unshaded: all Troops in a Mountain Province to Available
def mosquera_wounded(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, _mountain_with_troops, _mosquera_troops_out, prompt=_("Mosquera: choose a Mountain Province."))


@digest_as("mosquera_wounded.<locals>.<lambda>")
def _mountain_with_troops(g: CubaLibreState, s: int) -> bool:
    return MOUNTAIN[s] and g.sp[s][TROOPS] > 0


@digest_as("mosquera_wounded.<locals>.troops_out")
def _mosquera_troops_out(g: CubaLibreState, s: int) -> None:
    g.remove(s, TROOPS, g.sp[s][TROOPS])


@event(6, shaded=True)  # CL card 6 shaded: Momentum (Mountain Assault as in a City; operations)
def mosquera_momentum(g: CubaLibreState, f: int) -> None:
    return None


# -- 7 Election -----------------------------------------------------------------------------------


@event(7)  # CL card 7 unshaded: a Guerrilla of any Insurgent in each City
def election_postponed(g: CubaLibreState, f: int) -> None:
    for c in CITIES:
        place(g, f, NEW_GUERRILLA, n=1, spaces=(c,))


@event(7, shaded=True)  # CL card 7 shaded: a City to Neutral; Aid +10
def election_held(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, CITIES, _election_neutral, prompt="Election: choose a City to set to Neutral.")
    g.add_aid(10)


@digest_as("election_held.<locals>.neutral")
def _election_neutral(g: CubaLibreState, s: int) -> None:
    g.support[s] = 0


# -- 8 General Strike ------------------------------------------------------------------------------


@event(8)  # CL card 8 unshaded: each City 1 level toward Neutral and gets an Insurgent Guerrilla
def general_strike(g: CubaLibreState, f: int) -> None:
    for c in CITIES:
        g.shift_toward_neutral(c)
        place(g, f, NEW_GUERRILLA, n=1, spaces=(c,))


@event(8, shaded=True)  # CL card 8 shaded: a City to Active Support, its Guerrillas Active; open a Casino
def general_strike_fails(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, CITIES, _strike_crush, prompt="General Strike: choose a City.")
    choose_space(g, f, _closed_casino_here, open_casino, prompt="Open a closed Casino.")


@digest_as("general_strike_fails.<locals>.crush")
def _strike_crush(g: CubaLibreState, s: int) -> None:
    g.support[s] = 2
    for x in INSURGENTS:
        g.flip(s, x, g.sp[s][GUER_U[x]], True)


@digest_as("general_strike_fails.<locals>.<lambda>")
def _closed_casino_here(g: CubaLibreState, s: int) -> bool:
    return g.sp[s][CLOSED_CASINO] > 0


# -- 9 Coup ---------------------------------------------------------------------------------------


@event(9)  # CL card 9 unshaded: Government-Controlled spaces 1 level toward Neutral; Alliance up
def coup(g: CubaLibreState, f: int) -> None:
    for s in [s for s in POPULATED if g.control(s) == GOVT]:
        g.shift_toward_neutral(s)
    g.alliance = max(0, g.alliance - 1)


@event(9, shaded=True)  # CL card 9 shaded: in Cities with cubes, DR Active and Assaulted; Alliance down
def coup_crushed(g: CubaLibreState, f: int) -> None:
    for c in CITIES:
        if g.cubes(c):
            g.flip(c, DIRECTORIO, g.sp[c][GUER_U[DIRECTORIO]], True)
            gov_assault(g, c, only=DIRECTORIO)
    g.alliance = min(2, g.alliance + 1)


# -- 10 MAP ---------------------------------------------------------------------------------------


@event(10)  # CL card 10 unshaded: a cube to Available, 2 Insurgent Guerrillas in its place
def map_diverted(g: CubaLibreState, f: int) -> None:
    pick(g, f, _cube_options, partial(_map_swap, f), prompt="MAP: choose a cube.")


@digest_as("map_diverted.<locals>.<lambda>")
def _cube_options(g: CubaLibreState) -> list[Any]:
    return piece_options(g, ("troop", "police"))


@digest_as("map_diverted.<locals>.swap")
def _map_swap(f: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    s = NAMES.index(arg[0])
    g.remove(s, g.slot(arg[1]))
    place(g, f, NEW_GUERRILLA, n=2, spaces=(s,))


@event(10, shaded=True)  # CL card 10 shaded: Momentum (Government LimOps may add an SA; turn)
def map_momentum(g: CubaLibreState, f: int) -> None:
    return None


# -- 11 Batista Flees -----------------------------------------------------------------------------


@event(11)  # CL card 11: Govt -10; a die roll of Troops out; Alliance up, Aid +10; Redeploy
def batista_flees(g: CubaLibreState, f: int) -> None:
    g.gain(GOVT, -10)
    roll = g.rng.die()
    g.say(_("Batista flees: {n} Troop leaves the map.") if roll == 1 else _("Batista flees: {n} Troops leave the map."),
          n=roll)
    remove(g, f, ("troop",), n=roll)
    g.alliance = max(0, g.alliance - 1)
    g.add_aid(10)
    redeploy(g)


# -- 17 Alberto Bayo ------------------------------------------------------------------------------


@event(17)  # CL card 17 unshaded: 26July or DR free Rallies in every space with its Base
def bayo_trains(g: CubaLibreState, f: int) -> None:
    choose_faction(g, f, (M26, DIRECTORIO), _bayo_rally_all)


@digest_as("bayo_trains.<locals>.rally_all")
def _bayo_rally_all(g: CubaLibreState, x: int) -> None:
    base = g.base_slot(x)
    for s in range(N_SPACES):
        if g.sp[s][base]:  # ruling EV-17: the level limit is ignored there
            g.push("rally", x, s=s, free_level=True)


@event(17, shaded=True)  # CL card 17 shaded: all 26July Guerrillas Active (Ineligible: card data)
def bayo_blocked(g: CubaLibreState, f: int) -> None:
    for s in range(N_SPACES):
        g.flip(s, M26, g.sp[s][GUER_U[M26]], True)


# -- 18 Pact of Caracas, 19 Sierra Maestra Manifesto ---------------------------------------------


@event(18)  # CL card 18: Capability for 26July and DR (op_spaces.pact); EF stays Eligible
def pact_of_caracas(g: CubaLibreState, f: int) -> None:
    return None


OWN_PIECES = {M26: ("m26_u", "m26_base"), DIRECTORIO: ("dr_u", "dr_base"), SYN: ("syn_u",),
              GOVT: ("troop", "police", "govt_base")}


def place_up_to(g: CubaLibreState, x: int, s: int, keys: tuple[str, ...], n: int) -> None:
    """x places up to n of its pieces (keys) in s, stopping when it likes."""
    pick(g, x, partial(_place_up_to_options, x, s, keys), partial(_place_up_to_put, x, s), n=n, optional=True,
         prompt="Place a piece ({n} left).")


@digest_as("place_up_to.<locals>.options")
def _place_up_to_options(x: int, s: int, keys: tuple[str, ...], g: CubaLibreState) -> list[Any]:
    out: list[Any] = [("place", (NAMES[s], k)) for k in keys if _can_place(g, s, g.slot(k))]
    return out + withdraw_options(g, x, keys, [s])  # 1.4.1: own pieces from elsewhere first


@digest_as("place_up_to.<locals>.put")
def _place_up_to_put(x: int, s: int, g: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "withdraw":
        withdraw(g, x, arg)
        return
    g.place(s, g.slot(arg[1]))


@event(19)  # CL card 19: each faction in card order may place 2 pieces where it has one
def sierra_maestra_manifesto(g: CubaLibreState, f: int) -> None:
    for x in (M26, DIRECTORIO, SYN, GOVT):  # ruling EV-19: each faction chooses its own placement
        choose_space(g, x, partial(_manifesto_space, x), _manifesto_placing, x, optional=True,
                     prompt="Manifesto: place up to 2 pieces in a space where you have one.")


@digest_as("sierra_maestra_manifesto.<locals>.where.<locals>.ok")
def _manifesto_space(x: int, g: CubaLibreState, s: int) -> bool:
    return g.any_pieces(s, x) and (any(_can_place(g, s, g.slot(k)) for k in OWN_PIECES[x])
                                   or bool(withdraw_options(g, x, OWN_PIECES[x], [s])))


@digest_as("sierra_maestra_manifesto.<locals>.placing")
def _manifesto_placing(g: CubaLibreState, s: int, x: int) -> None:
    place_up_to(g, x, s, OWN_PIECES[x], 2)


# -- 20 The Twelve (shaded) ----------------------------------------------------------------------


@event(20, shaded=True)  # CL card 20 shaded: remove half (round up) of the Guerrillas of the fullest space
def granma_hardships(g: CubaLibreState, f: int) -> None:
    most = max(_guerrillas_in(g, s) for s in range(N_SPACES))
    if most == 0:
        return
    choose_space(g, f, partial(_holds_guerrillas, most), partial(_granma_halve, f, most),
                 prompt="The Twelve: choose the space.")


def _guerrillas_in(g: CubaLibreState, s: int) -> int:
    return sum(g.guerrillas(s, x) for x in INSURGENTS)


@digest_as("granma_hardships.<locals>.<lambda>")
def _holds_guerrillas(most: int, g: CubaLibreState, s: int) -> bool:
    return _guerrillas_in(g, s) == most


@digest_as("granma_hardships.<locals>.halve")
def _granma_halve(f: int, most: int, g: CubaLibreState, s: int) -> None:
    remove(g, f, GUERRILLA_KEYS, n=(most + 1) // 2, spaces=(s,))


# -- 21 Fangio ------------------------------------------------------------------------------------


@event(21)  # CL card 21 unshaded: a City toward Active Opposition, 2 levels if 26July is there
def fangio_kidnapped(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, CITIES, _fangio_shift_city, prompt="Fangio: choose a City.")


@digest_as("fangio_kidnapped.<locals>.shift_city")
def _fangio_shift_city(g: CubaLibreState, s: int) -> None:
    g.shift(s, -2 if g.any_pieces(s, M26) else -1)


@event(21, shaded=True)  # CL card 21 shaded: in 2 Casino spaces, open a Casino or place Cash
def fangio_publicity(g: CubaLibreState, f: int) -> None:
    pick(g, f, partial(_fangio_options, ()), partial(_fangio_apply, f, True), prompt="Fangio: first Casino space.")


@digest_as("fangio_publicity.<locals>.options.<locals>.opts")
def _fangio_options(done: tuple[int, ...], g: CubaLibreState) -> list[Any]:
    out: list[Any] = []
    for s in range(N_SPACES):
        if s in done or not g.casinos(s):
            continue
        if g.sp[s][CLOSED_CASINO]:
            out.append(("open", NAMES[s]))
        if -1 in g.cash:
            out += [("cash", (NAMES[s], g.role(x))) for x in range(4) if g.has_holder(s, x)]
    return out


@digest_as("fangio_publicity.<locals>.applier.<locals>.apply")
def _fangio_apply(f: int, first: bool, g: CubaLibreState, verb: str, arg: Any) -> None:
    if verb == "open":
        s = NAMES.index(arg)
        open_casino(g, s)
    else:
        s = NAMES.index(arg[0])
        g.cash[g.cash.index(-1)] = s * 4 + g.faction(arg[1])  # CL 4.5.2: the holder owns it
    if first:
        pick(g, f, partial(_fangio_options, (s,)), partial(_fangio_apply, f, False), prompt="Fangio: second Casino space.")


# -- 22 Raul, 23-24 -------------------------------------------------------------------------------


@event(22)  # CL card 22 unshaded: Capability (26July rerolls Attack and Kidnap dice; core hooks)
def raul_capability(g: CubaLibreState, f: int) -> None:
    return None


@event(22, shaded=True)  # CL card 22 shaded: Momentum (Kidnap adds twice the take to Aid; activities)
def raul_momentum(g: CubaLibreState, f: int) -> None:
    return None


@event(24)  # CL card 24 unshaded: Sierra Maestra or a space next to it to Active Opposition
def vilma_organizer(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, (SIERRA_MAESTRA, ORIENTE, SANTIAGO), _vilma_active_opposition, prompt="Vilma Espin: choose a space.")


@digest_as("vilma_organizer.<locals>.active_opposition")
def _vilma_active_opposition(g: CubaLibreState, s: int) -> None:
    g.support[s] = -2


@event(24, shaded=True)  # CL card 24 shaded: all 26July pieces in a City other than Havana out
def vilma_betrayed(g: CubaLibreState, f: int) -> None:
    choose_space(g, f, (CAMAGUEY_CITY, SANTIAGO), _vilma_clear, prompt="Vilma Espin: choose a City.")


@digest_as("vilma_betrayed.<locals>.clear")
def _vilma_clear(g: CubaLibreState, s: int) -> None:
    for key in ("m26_u", "m26_a", "m26_base"):
        g.remove(s, g.slot(key), g.sp[s][g.slot(key)])

