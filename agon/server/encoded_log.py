"""A match's log lines encoded once each (JSON bytes), shared by every role that may read them.

A state object holds its role's log. Encoded whole for each role and kept until the next move,
those copies were most of what a long match holds in the server's cache once its state's own
copies were shared (`agon.engine.log_views`): a finished Cuba Libre match kept five encodings of
its 1,050 lines, 0.6 MiB. Here each line is encoded once, when it is first shown, and a state
object's bytes are its other fields' (encoded per version) with the role's lines joined in.
"""

from __future__ import annotations

from collections.abc import Sequence

from agon.engine import LogEntry
from agon.server.encode import dumps

LOG_LAST = b'"log":[]}}'  # how a state object ends, encoded with an empty log (`Matches.push`)


class EncodedLog:
    """The encoded lines of one line of play (`cut`: the version of the last undo, after which
    the log is not the same any more), all of them and, per role, those it may read."""

    __slots__ = ("cut", "every", "read")

    def __init__(self) -> None:
        self.cut = -1
        self.every: list[bytes] = []
        self.read: dict[str | None, tuple[int, list[bytes]]] = {}  # role -> (lines seen, its lines)

    def lines(self, log: Sequence[LogEntry], cut: int, role: str | None) -> list[bytes]:
        """The encoded lines of `log` that `role` may read (the list kept here: do not edit it)."""
        if cut != self.cut or len(self.every) > len(log):  # an undo: the lines since may differ
            self.cut, self.every, self.read = cut, [], {}
        every = self.every
        if len(every) < len(log):
            every.extend(dumps(line.to_json()) for line in log[len(every):])
        seen, mine = self.read.get(role, (0, []))
        if seen < len(log):
            mine.extend(every[i] for i in range(seen, len(log)) if log[i].to is None or log[i].to == role)
            self.read[role] = (len(log), mine)
        return mine


def joined(head: bytes, lines: Sequence[bytes]) -> bytes:
    """A state object encoded with an empty log (`head`, ending in LOG_LAST), with `lines` as its log."""
    return b"".join((head[:-3], b",".join(lines), b"]}}"))
