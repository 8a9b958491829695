"""Events written with the core (examples of each step shape; the rest: other events_* modules).

Card texts: agon/games/cuba_libre/data/card_texts.json.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from agon.engine.callbacks import digest_as
from agon.games.cuba_libre.data import DIRECTORIO, GOVT, IS_EC, IS_PROV, M26, N_SPACES, PINAR, POLICE, SYN
from agon.games.cuba_libre.events import (
    choose_faction,
    choose_space,
    event,
    free_op,
    place,
    place_in,
    remove,
    shift,
    then,
)

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState


@event(4)  # CL card 4 unshaded: a Support space without Police to Neutral
def sim_torture(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _support_without_police, _sim_neutral)


@digest_as("sim_torture.<locals>.<lambda>")
def _support_without_police(state: CubaLibreState, space: int) -> bool:
    return state.support[space] > 0 and not state.sp[space][POLICE]


@digest_as("sim_torture.<locals>.neutral")
def _sim_neutral(state: CubaLibreState, space: int) -> None:
    state.support[space] = 0


@event(4, shaded=True)  # CL card 4 shaded: Momentum (Police Sweep and Assault as Troops)
def sim_momentum(state: CubaLibreState, faction: int) -> None:
    return None


@event(12)  # CL card 12 unshaded: remove any 2 Guerrillas
def brac(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, ("m26_u", "m26_a", "dr_u", "dr_a", "syn_u", "syn_a"), count=2)


@event(12, shaded=True)  # CL card 12 shaded: 1 Police anywhere; Government + min(6, Aid)
def brac_police(state: CubaLibreState, faction: int) -> None:
    place(state, faction, "police", count=1)
    state.gain(GOVT, min(6, state.aid))


@event(13)  # CL card 13: El Che, Capability (the card data adds it; operations.March applies it)
def el_che(state: CubaLibreState, faction: int) -> None:
    return None


@event(14)  # CL card 14 unshaded: a 26July Base and Guerrilla in Pinar del Rio
def fisherman(state: CubaLibreState, faction: int) -> None:
    if state.base_room(PINAR, M26):
        place_in(state, faction, "m26_base", PINAR)
    place_in(state, faction, "m26_u", PINAR)


@event(14, shaded=True)  # CL card 14 shaded: Pinar del Rio 2 levels toward Active Support
def fisherman_backlash(state: CubaLibreState, faction: int) -> None:
    state.shift(PINAR, 2)


@event(15)  # CL card 15 unshaded: 3 26July Guerrillas anywhere
def come_comrades(state: CubaLibreState, faction: int) -> None:
    place(state, faction, "m26_u", count=3)


@event(15, shaded=True)  # CL card 15 shaded: Government + min(Aid, 10), then Aid +5
def soviet_scare(state: CubaLibreState, faction: int) -> None:
    state.gain(GOVT, min(state.aid, 10))
    state.add_aid(5)


@event(16)  # CL card 16 unshaded: a 26July Base where 26July has a piece
def larrazabal(state: CubaLibreState, faction: int) -> None:
    place(state, faction, "m26_base", count=1, spaces=_larrazabal_spaces)


@digest_as("larrazabal.<locals>.<lambda>")
def _larrazabal_spaces(state: CubaLibreState, space: int) -> bool:
    return not IS_EC[space] and state.any_pieces(space, M26)


@event(16, shaded=True)  # CL card 16 shaded: remove a 26July Base; 26July -3 Resources
def larrazabal_stop(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, ("m26_base",), count=1)
    state.gain(M26, -3)


@event(20)  # CL card 20 unshaded: a faction free Marches, then free Rallies in 1 space entered
def the_twelve(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (M26, DIRECTORIO, SYN), _march_then_rally)


@digest_as("the_twelve.<locals>.march_then_rally")
def _march_then_rally(state: CubaLibreState, faction: int) -> None:
    state.last_op = (-1, "", ())  # only this card's March counts (an older record must not)
    before = tuple(state.guerrillas(s, faction) for s in range(N_SPACES))
    free_op(state, faction, ops=("march",))
    then(state, _rally_after, faction, before, faction=faction)


@digest_as("the_twelve.<locals>.rally_after")
def _rally_after(state: CubaLibreState, faction: int, before: tuple[int, ...]) -> None:
    who, op, spaces = state.last_op
    if who != faction or op != "march":
        return
    # CL 3.3.2 note: a space some Guerrilla of x entered (a chosen destination nobody reached
    # does not count); Rally only in a City or Province
    entered = tuple(s for s in spaces if not IS_EC[s] and state.guerrillas(s, faction) > before[s])
    if entered:
        free_op(state, faction, ops=("rally",), spaces=entered, limited=True)


@event(23)  # CL card 23 unshaded: 2 Provinces 1 level toward Active Opposition
def radio_rebelde(state: CubaLibreState, faction: int) -> None:
    shift(state, faction, 2, -1, spaces=_radio_rebelde_spaces)


@digest_as("radio_rebelde.<locals>.<lambda>")
def _radio_rebelde_spaces(state: CubaLibreState, space: int) -> bool:
    return IS_PROV[space]


@event(23, shaded=True)  # CL card 23 shaded: remove a 26July Base from a Province
def radio_located(state: CubaLibreState, faction: int) -> None:
    remove(state, faction, ("m26_base",), count=1, spaces=_radio_located_spaces)


@digest_as("radio_located.<locals>.<lambda>")
def _radio_located_spaces(state: CubaLibreState, space: int) -> bool:
    return IS_PROV[space]


@event(33)  # CL card 33 unshaded: +5 Resources to DR or 26July
def carlos_prio(state: CubaLibreState, faction: int) -> None:
    choose_faction(state, faction, (DIRECTORIO, M26), _prio_gives)


@digest_as("carlos_prio.<locals>.<lambda>")
def _prio_gives(state: CubaLibreState, faction: int) -> None:
    state.gain(faction, 5)


@event(33, shaded=True)  # CL card 33 shaded: DR Base where the Government lacks Control; Neutral
def prio_home(state: CubaLibreState, faction: int) -> None:
    choose_space(state, faction, _not_government_controlled, partial(_base_and_neutral, faction))


@digest_as("prio_home.<locals>.<lambda>")
def _not_government_controlled(state: CubaLibreState, space: int) -> bool:
    return not IS_EC[space] and state.control(space) != GOVT


@digest_as("prio_home.<locals>.base_and_neutral")
def _base_and_neutral(faction: int, state: CubaLibreState, space: int) -> None:
    if state.base_room(space, DIRECTORIO):
        place_in(state, faction, "dr_base", space)
    state.support[space] = 0


