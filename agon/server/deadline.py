"""`RequestDeadline`: uvicorn's httptools HTTP protocol with a deadline for each request to arrive.

uvicorn closes an idle kept-alive connection, but a request whose headers or body stop half way
held its connection (an open file) for as long as the client liked: 1,100 of them took a server
with the common 1,024 open-files limit off the air. Its own module, so that `agon serve
--workers N` can hand the class to its worker processes by name.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from agon.server.limits import request_seconds

_TOO_SLOW = b'{"error": "the request did not arrive in time"}'


class RequestDeadline(HttpToolsProtocol):
    """A deadline (`request_seconds()`) armed when the connection opens and when a request's first
    byte comes, disarmed when its last byte does or it becomes a websocket; when it passes, the
    client gets 408 (unless an answer has begun) and the connection closes. The kept-alive wait
    between requests stays uvicorn's own timeout."""

    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.deadline is None:
            self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(request_seconds(), self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete or not cycle.response_started:  # no answer under way
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                                 b"connection: close\r\ncontent-length: " + str(len(_TOO_SLOW)).encode()
                                 + b"\r\n\r\n" + _TOO_SLOW)
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # an app waiting for the body hears of the disconnect
            cycle.message_event.set()
        self.transport.close()
