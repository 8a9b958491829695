"""The routes of accounts (issue 30): sign up, log in and out, the account's own page and games,
and claiming a guest seat. Every write authorised by the session cookie needs the session's CSRF
token in the `X-CSRF-Token` header (`agon.server.accounts`)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from pydantic import Field, StrictStr

from agon.server.accounts import COOKIE, CSRF_HEADER, EMAIL_MAX, PASSWORD_MAX, Account, Session, csrf_ok, session_of
from agon.server.api import ERRORS_DOC, JSON, Bearer, Strict, bearer
from agon.server.limits import address_key
from agon.server.mail import send_mail
from agon.server.matches import ApiError

if TYPE_CHECKING:
    from agon.server.app import Context

log = logging.getLogger("agon.server")

router = APIRouter(tags=["accounts"])

NOT_LOGGED_IN = "log in first (no session cookie, or it has expired)"
NO_CSRF = "this write needs the session's CSRF token in the X-CSRF-Token header (GET /api/me gives it)"


class SignUp(Strict):
    name: StrictStr = Field(max_length=64, examples=["ada"], description="3-32 letters a-z, digits, _ or -")
    password: StrictStr = Field(max_length=PASSWORD_MAX, examples=["correct horse battery"],
                                description="10-256 characters")
    email: StrictStr | None = Field(None, max_length=EMAIL_MAX, description="only for a password reset by mail")


class LogIn(Strict):
    name: StrictStr = Field(max_length=64)
    password: StrictStr = Field(max_length=PASSWORD_MAX)


class PasswordChange(Strict):
    current: StrictStr = Field(max_length=PASSWORD_MAX)
    new: StrictStr = Field(max_length=PASSWORD_MAX)


class Preferences(Strict):
    language: StrictStr | None = Field(None, max_length=8, examples=["el"], description="en, el or hu")
    theme: StrictStr | None = Field(None, max_length=16, examples=["dark"], description="auto, light or dark")
    email: StrictStr | None = Field(None, max_length=EMAIL_MAX, description="an empty string removes it")


def _ctx(request: Request) -> Context:
    return request.app.state.agon


async def reader(ctx: Context, request: Request) -> Session:
    """The session of a cookie-authorised read: 401 without one."""
    session = await session_of(ctx, request.cookies)
    if session is None:
        raise ApiError(401, NOT_LOGGED_IN)
    return session


async def writer(ctx: Context, request: Request) -> Session:
    """The session of a cookie-authorised write: 401 without one, 403 without its CSRF token."""
    session = await reader(ctx, request)
    if not csrf_ok(session, request.headers.get(CSRF_HEADER)):
        raise ApiError(403, NO_CSRF)
    return session


def _logged_in(ctx: Context, request: Request, account: Account, session: Session, status: int = 200) -> JSON:
    response = JSON({"account": account.public(), "csrf": session.csrf}, status_code=status)
    response.set_cookie(COOKIE, session.secret, max_age=int(ctx.settings.session_seconds), path="/",
                        httponly=True, samesite="lax",
                        secure=ctx.settings.secure_cookies or request.url.scheme == "https"
                        or (ctx.settings.public_url or "").startswith("https:"))  # served over https (docs/hosting.md)
    return response


def _login_limit(ctx: Context, request: Request, name: str) -> None:
    """Log-in attempts per client address and per name (both must have room)."""
    if not ctx.logins.take(address_key(request.scope)) or not ctx.logins.take("n:" + name.casefold()[:64]):
        raise ApiError(429, "too many log-in attempts; wait a minute")


@router.post("/api/accounts", status_code=201, responses=ERRORS_DOC)
async def sign_up(body: SignUp, request: Request) -> JSON:
    """A new account, logged in at once (the session cookie is set; `csrf` is its CSRF token)."""
    ctx = _ctx(request)
    if not ctx.logins.take(address_key(request.scope)):
        raise ApiError(429, "too many new accounts from this address; wait a minute")
    account = await ctx.run(ctx.accounts.sign_up, body.name, body.password, body.email)
    session = await ctx.run(ctx.accounts.open_session, account.id)
    return _logged_in(ctx, request, account, session, 201)


@router.post("/api/session", responses=ERRORS_DOC)
async def log_in(body: LogIn, request: Request) -> JSON:
    """Log in: the session cookie is set. A wrong name and a wrong password read the same (401)."""
    ctx = _ctx(request)
    _login_limit(ctx, request, body.name)
    account = await ctx.run(ctx.accounts.check_login, body.name, body.password)
    session = await ctx.run(ctx.accounts.open_session, account.id)
    return _logged_in(ctx, request, account, session)


@router.delete("/api/session", responses=ERRORS_DOC)
async def log_out(request: Request) -> JSON:
    """Log out: the session ends here and in the database (needs the CSRF token)."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    await ctx.run(ctx.accounts.close_session, session)
    response = JSON({"ok": True})
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.get("/api/me")
async def me(request: Request) -> JSON:
    """The logged-in account (`null` for a guest) and the CSRF token its writes send."""
    ctx = _ctx(request)
    session = await session_of(ctx, request.cookies)
    account = await ctx.run(ctx.accounts.get, session.account_id) if session else None
    if session is None or account is None:
        return JSON({"account": None, "csrf": None})
    return JSON({"account": account.public(), "csrf": session.csrf})


@router.patch("/api/me", responses=ERRORS_DOC)
async def set_preferences(body: Preferences, request: Request) -> JSON:
    """The account's language (en, el, hu), theme (auto, light, dark) or e-mail."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    account = await ctx.run(ctx.accounts.set_preferences, session.account_id, body.language, body.theme,
                            body.email, "email" in body.model_fields_set)
    return JSON({"account": account.public()})


@router.post("/api/me/password", responses=ERRORS_DOC)
async def change_password(body: PasswordChange, request: Request) -> JSON:
    """A new password, the current one checked; the account's other sessions end."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    await ctx.run(ctx.accounts.change_password, session.account_id, body.current, body.new, session)
    return JSON({"ok": True})


@router.get("/api/me/matches", responses=ERRORS_DOC)
async def my_account_matches(request: Request) -> JSON:
    """The account's matches: those waiting for it first, then the others going on, then the
    finished ones (with their result and replay link)."""
    ctx = _ctx(request)
    session = await reader(ctx, request)
    matches = await ctx.run(ctx.matches.account_matches, session.account_id)
    return JSON({"matches": matches, "waiting": sum(1 for m in matches if m["your_turn"])})


@router.post("/api/matches/{match_id}/seats/{role}/claim", responses=ERRORS_DOC)
async def claim_seat(match_id: str, role: str, request: Request, authorization: Bearer = None) -> JSON:
    """The logged-in account takes this guest seat (its token in the Authorization header, as the
    invite link gave it); the token stops working, and the seat plays by the session from now on."""
    ctx = _ctx(request)
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, "claiming a seat needs its token: Authorization: Bearer TOKEN")
    session = await writer(ctx, request)
    ctx.limit(token, request)
    await ctx.run(ctx.matches.claim, match_id, role[:64], token, session.account_id)
    ctx.store.notify(f"{match_id}:seats")
    ctx.changed(match_id)
    return JSON({"id": match_id, "role": role, "url": ctx.matches.link(f"/m/{match_id}")})


class ResetRequest(Strict):
    name: StrictStr = Field(max_length=64)


class ResetConfirm(Strict):
    token: StrictStr = Field(max_length=100)
    password: StrictStr = Field(max_length=PASSWORD_MAX)


RESET_SENT = "if that account has an e-mail address, a reset link is on its way"


def _reset_ready(ctx: Context) -> None:
    if not (ctx.settings.smtp_host and ctx.settings.public_url):
        raise ApiError(404, "password reset by e-mail is not set up on this server")


@router.post("/api/password-reset", status_code=202, responses=ERRORS_DOC)
async def request_reset(body: ResetRequest, request: Request) -> JSON:
    """Mail a single-use reset link to the account's e-mail address (only where the server has
    SMTP set up). The answer is the same whether the account exists or has an address."""
    ctx = _ctx(request)
    _reset_ready(ctx)
    _login_limit(ctx, request, body.name)
    task = asyncio.get_running_loop().create_task(_send_reset(ctx, body.name))  # the answer waits for no mail
    ctx.tasks.add(task)
    task.add_done_callback(ctx.tasks.discard)
    return JSON({"ok": True, "message": RESET_SENT}, status_code=202)


async def _send_reset(ctx: Context, name: str) -> None:
    try:
        found = await ctx.run(ctx.accounts.start_reset, name, ctx.settings.reset_seconds)
        if found is not None:
            await ctx.run(_mail_reset, ctx, *found)
    except Exception as err:  # an SMTP server down: the person asks again; the log says why
        log.warning("agon: a password-reset mail was not sent (%s)", " ".join(str(err).split())[:200])


def _mail_reset(ctx: Context, name: str, address: str, secret: str) -> None:
    settings = ctx.settings
    link = f"{(settings.public_url or '').rstrip('/')}/account#reset={secret}"
    minutes = int(settings.reset_seconds // 60)
    send_mail(settings, address, "agon: reset your password",
              f"Someone (we hope you) asked to reset the password of the agon account {name}.\n\n"
              f"Open this link within {minutes} minutes to choose a new one (it works once):\n{link}\n\n"
              "If it was not you, ignore this mail: the password stays as it is.\n")


@router.post("/api/password-reset/confirm", responses=ERRORS_DOC)
async def confirm_reset(body: ResetConfirm, request: Request) -> JSON:
    """A new password by the token of a reset link; every session of the account ends. It works
    without SMTP too: the operator's `agon admin reset-password` makes such links (issue 37)."""
    ctx = _ctx(request)
    if not ctx.logins.take(address_key(request.scope)):
        raise ApiError(429, "too many attempts; wait a minute")
    await ctx.run(ctx.accounts.finish_reset, body.token, body.password)
    return JSON({"ok": True})
