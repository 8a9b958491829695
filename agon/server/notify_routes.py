"""The routes of notification settings (issue 31): an account's (session cookie and CSRF token)
and a guest seat's (its token, `Authorization: Bearer`), Web Push subscriptions, a test
notification, and the service worker at /sw.js (its scope is the whole site)."""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from agon.server.account_routes import reader, writer
from agon.server.accounts import LANGUAGES, check_email
from agon.server.api import ERRORS_DOC, JSON, Bearer, Strict, bearer
from agon.server.matches import ApiError
from agon.server.notify import NotificationEvent
from agon.server.notify_channels import URL_MAX, check_url
from agon.server.notify_store import Recipient

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["notifications"])

ENDPOINT_MAX = 1000


class Channels(Strict):
    email: StrictBool = False
    webhook: StrictBool = False
    push: StrictBool = False
    webhook_url: StrictStr | None = Field(None, max_length=URL_MAX, description="http(s) URL; Discord or Slack")


class AccountChannels(Channels):
    digest: StrictBool = Field(False, description="a mail a day listing the games waiting for you")


class SeatChannels(Channels):
    address: StrictStr | None = Field(None, max_length=254, description="the guest seat's e-mail address")
    language: StrictStr = Field("en", max_length=8, description="en, el or hu")


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: StrictStr = Field(max_length=200)
    auth: StrictStr = Field(max_length=100)


class Subscription(Strict):
    endpoint: StrictStr = Field(max_length=ENDPOINT_MAX)
    keys: PushKeys


class Unsubscribe(Strict):
    endpoint: StrictStr = Field(max_length=ENDPOINT_MAX)


def _ctx(request: Request) -> Context:
    return request.app.state.agon


def _unb64(value: str, size: int, field: str) -> None:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size:
        raise ApiError(400, f"keys.{field}: {size} bytes in base64url, as the browser's PushSubscription gives it")


def _url(ctx: Context, url: str | None, field: str = "webhook_url") -> str | None:
    if url is None or url == "":
        return None
    try:
        return check_url(url, ctx.settings.notify_private_targets, field)
    except ValueError as err:
        raise ApiError(400, str(err)) from None


def _answer(ctx: Context, recipient: Recipient | None, has_email: bool) -> JSON:
    settings = ctx.settings
    return JSON({
        "settings": recipient.public() if recipient else None,
        "available": {"email": bool(settings.smtp_host), "webhook": True, "push": True},
        "has_email": has_email,
        "push_key": ctx.sender.vapid_keys().public_key,
    })


# -- an account's ----------------------------------------------------------------------------------

async def _account(ctx: Context, request: Request) -> int:
    return (await reader(ctx, request)).account_id


@router.get("/api/me/notifications", responses=ERRORS_DOC)
async def my_notifications(request: Request) -> JSON:
    """The account's channels, what this server offers, and the Web Push key for browsers."""
    ctx = _ctx(request)
    account_id = await _account(ctx, request)
    account = await ctx.run(ctx.accounts.get, account_id)
    recipient = await ctx.run(ctx.notifier.store.of_account, account_id)
    await ctx.run(ctx.sender.vapid_keys)
    return _answer(ctx, recipient, bool(account and account.email))


@router.put("/api/me/notifications", responses=ERRORS_DOC)
async def set_my_notifications(body: AccountChannels, request: Request) -> JSON:
    """Which channels tell the account (e-mail to its address, a webhook, Web Push; the digest)."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    account = await ctx.run(ctx.accounts.get, session.account_id)
    if (body.email or body.digest) and not (account and account.email):
        raise ApiError(400, "email: give the account an e-mail address first (Preferences)")
    url = await ctx.run(_url, ctx, body.webhook_url)
    if body.webhook and url is None:
        raise ApiError(400, "webhook_url: a URL is needed to turn webhooks on")
    values: dict[str, object] = {"by_email": body.email, "by_webhook": body.webhook, "by_push": body.push, "digest": body.digest,
              "webhook_url": url}
    old = await ctx.run(ctx.notifier.store.of_account, session.account_id)
    if body.digest and not (old and old.digest):
        values["last_digest"] = int(ctx.notifier.clock())  # the first digest comes a day from now
    recipient = await ctx.run(ctx.notifier.store.save, {"account_id": session.account_id}, values)
    await ctx.run(ctx.notifier.refresh, True)
    return _answer(ctx, recipient, True)


@router.post("/api/me/notifications/test", status_code=202, responses=ERRORS_DOC)
async def test_my_notifications(request: Request) -> JSON:
    """Send a test notification through each channel the account has on (now, not batched)."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    return await _test(ctx, NotificationEvent("test", account_id=session.account_id))


@router.post("/api/me/push", status_code=201, responses=ERRORS_DOC)
async def subscribe_me(body: Subscription, request: Request) -> JSON:
    """Keep this browser's push subscription for the account (the page's service worker made it)."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    return await _subscribe(ctx, {"account_id": session.account_id}, body)


@router.delete("/api/me/push", responses=ERRORS_DOC)
async def unsubscribe_me(body: Unsubscribe, request: Request) -> JSON:
    ctx = _ctx(request)
    session = await writer(ctx, request)
    return await _unsubscribe(ctx, {"account_id": session.account_id}, body)


# -- a guest seat's ------------------------------------------------------------------------------

async def _seat(ctx: Context, request: Request, match_id: str, authorization: str | None) -> dict[str, str]:
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, "a guest seat's notifications need its token: Authorization: Bearer TOKEN")
    ctx.limit(token, request)
    role = await ctx.run(ctx.role_of, match_id, token)
    if role is None:
        raise ApiError(403, "you hold no seat in this match")
    return {"match_id": match_id, "role": role, "token": token}


@router.get("/api/matches/{match_id}/notifications", responses=ERRORS_DOC)
async def seat_notifications(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """The guest seat's channels (an account's seat: its account's, on the account page)."""
    ctx = _ctx(request)
    seat = await _seat(ctx, request, match_id, authorization)
    recipient = await ctx.run(ctx.notifier.store.of_seat, match_id, seat["role"])
    await ctx.run(ctx.sender.vapid_keys)
    return _answer(ctx, recipient, bool(recipient and recipient.email))


@router.put("/api/matches/{match_id}/notifications", responses=ERRORS_DOC)
async def set_seat_notifications(body: SeatChannels, match_id: str, request: Request,
                                 authorization: Bearer = None) -> JSON:
    """Which channels tell this guest seat, in which language; its links carry its token."""
    ctx = _ctx(request)
    seat = await _seat(ctx, request, match_id, authorization)
    if body.language not in LANGUAGES:
        raise ApiError(400, f"language: one of {', '.join(LANGUAGES)}")
    address = check_email(body.address)
    if body.email and address is None:
        raise ApiError(400, "address: an e-mail address is needed to turn e-mail on")
    url = await ctx.run(_url, ctx, body.webhook_url)
    if body.webhook and url is None:
        raise ApiError(400, "webhook_url: a URL is needed to turn webhooks on")
    values = {"by_email": body.email, "by_webhook": body.webhook, "by_push": body.push, "webhook_url": url,
              "email": address, "language": body.language, "seat_token": seat["token"]}
    recipient = await ctx.run(ctx.notifier.store.save, {"match_id": match_id, "role": seat["role"]}, values)
    await ctx.run(ctx.notifier.refresh, True)
    return _answer(ctx, recipient, bool(address))


@router.post("/api/matches/{match_id}/notifications/test", status_code=202, responses=ERRORS_DOC)
async def test_seat_notifications(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    ctx = _ctx(request)
    seat = await _seat(ctx, request, match_id, authorization)
    return await _test(ctx, NotificationEvent("test", match_id, seat["role"]))


@router.post("/api/matches/{match_id}/push", status_code=201, responses=ERRORS_DOC)
async def subscribe_seat(body: Subscription, match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    ctx = _ctx(request)
    seat = await _seat(ctx, request, match_id, authorization)
    return await _subscribe(ctx, {"match_id": match_id, "role": seat["role"]}, body, seat["token"])


@router.delete("/api/matches/{match_id}/push", responses=ERRORS_DOC)
async def unsubscribe_seat(body: Unsubscribe, match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    ctx = _ctx(request)
    seat = await _seat(ctx, request, match_id, authorization)
    return await _unsubscribe(ctx, {"match_id": match_id, "role": seat["role"]}, body)


# -- shared --------------------------------------------------------------------------------------

async def _test(ctx: Context, event: NotificationEvent) -> JSON:
    queued = await ctx.run(ctx.notifier.tell, [event])
    if not queued:
        raise ApiError(409, "no channel is on: choose one and save first")
    return JSON({"queued": queued}, status_code=202)


async def _subscribe(ctx: Context, key: dict[str, object], body: Subscription, token: str | None = None) -> JSON:
    _unb64(body.keys.p256dh, 65, "p256dh")
    _unb64(body.keys.auth, 16, "auth")
    await ctx.run(_url, ctx, body.endpoint, "endpoint")
    store = ctx.notifier.store
    recipient = await ctx.run(store.of_account if "account_id" in key else store.of_seat,
                              *key.values())
    if recipient is None:
        values: dict[str, object] = {"seat_token": token} if token else {}
        recipient = await ctx.run(store.save, key, values)
    await ctx.run(store.subscribe, recipient.id, body.endpoint, body.keys.p256dh, body.keys.auth)
    return JSON({"ok": True}, status_code=201)


async def _unsubscribe(ctx: Context, key: dict[str, object], body: Unsubscribe) -> JSON:
    store = ctx.notifier.store
    recipient = await ctx.run(store.of_account if "account_id" in key else store.of_seat, *key.values())
    removed = await ctx.run(store.unsubscribe, recipient.id, body.endpoint) if recipient else 0
    return JSON({"ok": True, "removed": removed})


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    """The service worker that shows Web Push notifications; at the root, so its scope is the site."""
    ctx = _ctx(request)
    source = (ctx.static_dir / "sw.js").read_bytes()
    return Response(source, media_type="text/javascript",
                    headers={"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"})
