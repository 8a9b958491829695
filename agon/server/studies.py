"""Studies: a position file (docs/positions.md) opened in the replay viewer, as a chess site's
analysis board opens a FEN.

A study is stored as the position the server read and checked (`State.position()`), in the
`study` table, and shown as what each seat and a spectator see there: their views (board, log,
facts), who is to act, the result if the game is over. A position holds the seed and where the
generator stands, and with them every future draw: the server keeps them to rebuild the state and
never sends them, nor the position itself (the uploader has the file; anyone with the study's link
sees the views only). A study is not a match: nobody plays in it, so no bot, clock, lobby, chat
or rating ever sees one.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, String, Table, insert, select

from agon.engine import AgonError, Game, PositionError, State, load
from agon.server.encode import dumps
from agon.server.matches import ApiError, prompt_object
from agon.server.store import Store, metadata

study_table = Table(
    "study",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("title", String(200), nullable=False),
    Column("position", JSON, nullable=False),  # holds the seed: never sent (see the module's docstring)
    Column("created", BigInteger, nullable=False),
)

KEPT = 64  # studies whose answer is kept in memory (encoded)


def state_of(data: Any) -> State:
    """The state of a position as a person uploaded it; ApiError 422 with PositionError's line
    (the game's own checks: docs/positions.md) for anything that is not one, 400 for an unknown game."""
    if not isinstance(data, dict) or type(data.get("game")) is not str:
        raise ApiError(422, 'a position is a JSON object with a "game"')
    try:
        game = load(data["game"][:64])
    except AgonError as error:
        raise ApiError(400, str(error)) from None
    try:
        return game.from_position(data)
    except PositionError as error:
        raise ApiError(422, str(error)) from None
    except AgonError as error:
        raise ApiError(422, f"the position cannot be read: {error}") from None
    except Exception as error:  # a hostile file must get an answer, not a crash
        raise ApiError(422, f"the position cannot be read ({type(error).__name__})") from None


def views(state: State, roles: list[str]) -> dict[str, Any]:
    """What each seat of `roles` sees, by role, and a spectator (`""`): built from `State.view` only."""
    return {"": state.view(None), **{role: state.view(role) for role in roles}}


def answer(study_id: str, title: str, state: State) -> dict[str, Any]:
    """The study as the viewer shows it: no seed, no generator, no position; views and prompts only."""
    game: Game = state.game
    roles = game.roles(**state.options)
    return {
        "id": study_id,
        "game": game.id,
        "title": title,
        "roles": roles,
        "seats": {role: {"name": game.role_name(role)} for role in roles},
        "active": list(state.active),
        "is_over": state.is_over,
        "result": state.result,
        "views": views(state, roles),
        "prompts": {role: prompt_object(state, role) for role in state.active},  # what each seat to act is asked
    }


class Studies:
    """The studies of one database; their answers kept encoded (a study never changes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._guard = threading.Lock()

    def create(self, data: Any, title: str | None) -> str:
        """A new study of the position `data`; its id. Refused (ApiError, one line) unchanged."""
        state = state_of(data)
        study_id = secrets.token_urlsafe(9)
        name = (title or f"{state.game.title} (position)")[:200]
        try:  # every seat's view drawn before anything is stored: one a seat cannot be shown is no study
            shown = dumps(answer(study_id, name, state))
        except Exception as error:  # whatever the game's code trips on, it is this position's fault
            raise ApiError(422, f"the position cannot be shown ({type(error).__name__})") from None
        with self.store._writing, self.store.engine.begin() as conn:
            conn.execute(insert(study_table).values(id=study_id, game=state.game.id, title=name,
                                                    position=state.position(), created=int(time.time())))
        self._keep(study_id, shown)
        return study_id

    def shown(self, study_id: str) -> bytes:
        """The study's answer, encoded; 404 for an unknown id."""
        with self._guard:
            found = self._kept.get(study_id)
            if found is not None:
                self._kept.move_to_end(study_id)
                return found
        with self.store.engine.connect() as conn:
            row = conn.execute(select(study_table.c.title, study_table.c.position)
                               .where(study_table.c.id == study_id[:32])).first()
        if row is None:
            raise ApiError(404, f"no study {study_id[:32]!r}")
        try:
            state = load(row.position["game"]).from_position(row.position)
        except AgonError as error:  # stored under another agon, whose games or rules differ
            raise ApiError(409, f"this study's position cannot be read by this agon: {error}") from None
        encoded = dumps(answer(study_id, row.title, state))
        self._keep(study_id, encoded)
        return encoded

    def _keep(self, study_id: str, encoded: bytes) -> None:
        with self._guard:
            self._kept[study_id] = encoded
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
