"""The sender loop: every `tick` seconds each server process claims the due notifications of the
outbox (`NotifyStore.claim`: no two processes take the same row), sends each recipient's rows of
one channel as one message, and records how it went. Like the bots' sweep (`agon.server.runner`),
it runs beside the requests and never on their path.

- A "your turn" whose seat has acted since (it is no longer to move, or the game ended) is
  dropped ("skipped"), so a bot's quick replies while the person plays send nothing.
- A failed send is tried again after `first * 2**(n-1)` seconds (at most `longest`), up to
  `attempts` tries; then the rows are "failed" with the last error. A target that cannot work
  (refused URL, a webhook or push subscription that is gone) fails at once.
- Rows a process claimed and never finished (it died) are pending again after `lease` seconds:
  a restart loses no notification (one may then be sent twice; never lost).
- Once a `digest_every` seconds, accounts with the daily digest get one mail listing the games
  that wait for them.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agon.server.faults import is_outage
from agon.server.mail import send_mail
from agon.server.matches import token_hash
from agon.server.notify import Delays, Notifier
from agon.server.notify_channels import Undeliverable, Vapid, post_webhook, send_push
from agon.server.notify_store import Claimed, Recipient, now_ms
from agon.server.notify_text import Line, body, chat_body, digest_text, line, link, subject

if TYPE_CHECKING:
    from agon.server.app import Context

log = logging.getLogger("agon.server")

DAY = 86400


@dataclass(frozen=True, slots=True)
class SendPolicy:
    tick: float = 2.0  # seconds between looks at the outbox (0: only when `tick()` is called)
    attempts: int = 5
    first: float = 30.0
    longest: float = 3600.0
    lease: float = 300.0  # seconds after which an unfinished claim is given up
    digest_every: float = 300.0  # how often accounts due a digest are looked for

    def pause(self, attempt: int) -> float:
        return float(min(self.longest, self.first * 2 ** (attempt - 1)))


class Sender:
    """Delivers the outbox of one database, from one process."""

    def __init__(self, ctx: Context, notifier: Notifier, policy: SendPolicy) -> None:
        self.ctx = ctx
        self.notifier = notifier
        self.store = notifier.store
        self.policy = policy
        self.name = f"agon-{ctx.origin}"
        self.threads = ThreadPoolExecutor(max_workers=4, thread_name_prefix="agon-send")
        self.digest_at = -1e18
        self.vapid: Vapid | None = None

    # -- the loop ---------------------------------------------------------------------------------

    async def forever(self) -> None:
        while self.policy.tick > 0:
            await asyncio.sleep(self.policy.tick)
            try:
                await self.tick()
            except Exception as err:
                if is_outage(err):  # one line for the whole outage, as the server's other loops
                    self.ctx.outage.failed(err, request=False)
                    continue
                log.warning("agon: the notification sender failed (%s: %s)", type(err).__name__,
                            " ".join(str(err).split())[:200])

    async def tick(self) -> int:
        """One look at the outbox; the number of messages tried."""
        return await self.ctx.run(self.once)

    def once(self, at: int | None = None) -> int:
        """One look at the outbox as at `at` (milliseconds; now by default: tests pass a later time)."""
        self.notifier.flush()  # what the actions so far handed to the writer is in the outbox
        self.notifier.refresh()
        if self.notifier.clock() - self.digest_at >= self.policy.digest_every:
            self.digest_at = self.notifier.clock()
            self.digests()
        at = now_ms() if at is None else at
        self.store.release_stale(at - int(self.policy.lease * 1000))
        claimed = self.store.claim(self.name, at)
        groups: dict[tuple[int, str], list[Claimed]] = {}
        for row in claimed:
            groups.setdefault((row.setting_id, row.channel), []).append(row)
        list(self.threads.map(self.deliver, groups.values()))
        return len(groups)

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)

    # -- one recipient's rows of one channel --------------------------------------------------------

    def deliver(self, rows: list[Claimed]) -> None:
        try:
            self._deliver(rows)
        except Exception as err:  # never lose the rows to a bug: they are tried again, and the log says why
            log.exception("agon: notifications %s could not be sent", [r.id for r in rows])
            self._failed(rows, f"{type(err).__name__}: {err}", final=False)

    def _deliver(self, rows: list[Claimed]) -> None:
        recipient = self.store.recipient(rows[0].setting_id)
        if recipient is None:
            self.store.finish([r.id for r in rows], "skipped", now_ms(), "the recipient is gone")
            return
        keep, drop = self._current(rows)
        self.store.finish([r.id for r in drop], "skipped", now_ms(), "no longer so")
        if not keep:
            return
        channel = rows[0].channel
        lines = self._lines(recipient, keep)
        try:
            if channel == "email":
                self._mail(recipient, keep, lines)
            elif channel == "webhook":
                post_webhook(recipient.webhook_url or "", chat_body(lines), self.ctx.settings.notify_private_targets)
            else:
                self._push(recipient, lines)
        except Undeliverable as err:
            self._failed(keep, str(err), err.final)
            return
        except Exception as err:  # smtplib's and the network's errors
            self._failed(keep, f"{type(err).__name__}: {' '.join(str(err).split())[:200]}", final=False)
            return
        self.store.finish([r.id for r in keep], "sent", now_ms())

    def _current(self, rows: list[Claimed]) -> tuple[list[Claimed], list[Claimed]]:
        """The rows still worth telling: one per (kind, match), and a "your turn" only while the seat
        is to move (it has not acted since)."""
        keep: list[Claimed] = []
        drop: list[Claimed] = []
        seen: set[tuple[str, str | None, str | None]] = set()
        for row in reversed(rows):  # the newest of each kind and match is kept
            key = (row.kind, row.match_id, row.role)
            if key in seen and row.kind != "test":
                drop.append(row)
                continue
            seen.add(key)
            if row.kind == "your_turn" and row.match_id and row.role:
                try:
                    live = self.ctx.matches.get(row.match_id)
                except Exception:
                    live = None
                if live is None or live.state.is_over or row.role not in live.state.active:
                    drop.append(row)
                    continue
            keep.append(row)
        keep.reverse()
        return keep, drop

    def _token_for(self, recipient: Recipient, match_id: str | None) -> str | None:
        """A guest seat's own token, for the links of its own notifications, while it still is the
        seat's (claimed by an account, the token stopped working)."""
        if (recipient.account_id is not None or not recipient.seat_token or match_id is None
                or match_id != recipient.match_id):
            return None
        try:
            seat = self.ctx.matches.get(match_id).row.seats.get(recipient.role or "")
        except Exception:
            return None
        if seat is None or seat.token_hash != token_hash(recipient.seat_token):
            return None
        return recipient.seat_token

    def _lines(self, recipient: Recipient, rows: list[Claimed]) -> list[Line]:
        public = self.ctx.settings.public_url
        out = []
        for row in rows:
            url = link(public, row.match_id, self._token_for(recipient, row.match_id))
            if row.kind == "digest":
                games = [(str(title), link(public, str(match_id), None)) for title, match_id in row.args.get("games", [])]
                out.append(Line(digest_text(games, recipient.language), ""))
            else:
                out.append(Line(line(row.kind, row.args, recipient.language), url))
        return out

    def _mail(self, recipient: Recipient, rows: list[Claimed], lines: list[Line]) -> None:
        settings = self.ctx.settings
        if not settings.smtp_host:
            raise Undeliverable("no SMTP server is set up (--smtp-host)", final=True)
        if not recipient.email:
            raise Undeliverable("the recipient has no e-mail address", final=True)
        digest = all(r.kind == "digest" for r in rows)
        send_mail(settings, recipient.email, subject(lines, recipient.language, digest), body(lines, recipient.language))

    def vapid_keys(self) -> Vapid:
        """The server's VAPID key pair: the operator's, else made once and kept in the database."""
        if self.vapid is None:
            settings = self.ctx.settings
            pem = settings.vapid_private_key or self.store.secret("vapid_private_pem", Vapid.make)
            self.vapid = Vapid.of(pem, settings.vapid_subject or f"mailto:{settings.smtp_from}")
        return self.vapid

    def _push(self, recipient: Recipient, lines: list[Line]) -> None:
        subscriptions = self.store.subscriptions(recipient.id)
        if not subscriptions:
            raise Undeliverable("no browser subscribed to push", final=True)
        vapid = self.vapid_keys()
        errors: list[Undeliverable] = []
        sent = 0
        for endpoint, p256dh, auth in subscriptions:
            for entry in lines[-3:]:  # a browser shows each: the newest few
                try:
                    send_push(vapid, endpoint, p256dh, auth, {"title": "agon", "body": entry.text, "url": entry.link},
                              self.ctx.settings.notify_private_targets)
                    sent += 1
                except Undeliverable as err:
                    if err.final:
                        self.store.drop_endpoint(endpoint)
                    errors.append(err)
                    break
        if not sent and errors:
            raise errors[-1]

    def _failed(self, rows: list[Claimed], error: str, final: bool) -> None:
        attempts = max(r.attempts for r in rows)
        if final or attempts >= self.policy.attempts:
            log.warning("agon: notifications %s not sent after %d tries (%s)", [r.id for r in rows], attempts, error)
            self.store.finish([r.id for r in rows], "failed", now_ms(), error[:500])
        else:
            self.store.retry([r.id for r in rows], now_ms() + int(self.policy.pause(attempts) * 1000), error[:500])

    # -- the daily digest -------------------------------------------------------------------------

    def digests(self) -> int:
        """Enqueue the digest of each account due one (a day since the last) with games waiting."""
        now = int(self.notifier.clock())
        made = 0
        for recipient in self.store.digest_due(now - DAY):
            if recipient.account_id is None or not recipient.email:
                continue
            if not self.store.digest_done(recipient.id, now - DAY, now):
                continue  # another process made it
            waiting = [m for m in self.ctx.matches.account_matches(recipient.account_id) if m["your_turn"]]
            if waiting:
                games = [[str(m["title"]), str(m["id"])] for m in waiting[:50]]
                self.store.add_one(recipient.id, "email", "digest", {"games": games}, now_ms())
                made += 1
        return made



def notifications(ctx: Context) -> tuple[Notifier, Sender]:
    """The notifier of a server (listening to its matches' actions) and its sender loop."""
    settings = ctx.settings
    notifier = Notifier(ctx, Delays(email=int(settings.mail_batch_seconds * 1000),
                                    webhook=int(settings.webhook_delay_seconds * 1000),
                                    push=int(settings.push_delay_seconds * 1000)))
    ctx.matches.listeners.append(notifier.after_act)
    sender = Sender(ctx, notifier, SendPolicy(tick=settings.notify_tick_seconds, attempts=max(1, settings.notify_attempts),
                                              first=settings.notify_retry_seconds))
    return notifier, sender
