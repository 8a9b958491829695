"""The ways out of a notification: webhooks (a JSON POST that Discord's and Slack's incoming
webhooks both accept), Web Push (VAPID, through `pywebpush`), and the URL checks both need.

A URL a person gives is fetched by the server, so it is checked when it is saved and again when it
is used (its name may resolve elsewhere by then): http or https only, at most `URL_MAX`
characters, and, unless the operator allows it (`notify_private_targets`: tests, a LAN server),
no host that resolves to a loopback, private, link-local or otherwise non-public address.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

URL_MAX = 500


class Undeliverable(Exception):
    """A send that failed; `final` when trying again cannot help (the target is refused or gone)."""

    def __init__(self, message: str, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


def check_url(url: str, allow_private: bool, field: str = "webhook_url", resolve: bool = True) -> str:
    """`url` if the server may send to it; else a ValueError naming the field and what is wanted."""
    if len(url) > URL_MAX:
        raise ValueError(f"{field}: at most {URL_MAX} characters")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018  (raises on a port out of range)
    except ValueError:
        raise ValueError(f"{field}: not a URL") from None
    if parts.scheme not in ("http", "https") or not host:
        raise ValueError(f"{field}: an http:// or https:// URL with a host")
    if parts.username or parts.password:
        raise ValueError(f"{field}: no user name or password in the URL")
    if not allow_private and resolve:
        for address in _addresses(host, field):
            if not address.is_global:
                raise ValueError(f"{field}: {host} is a private or local address, which this server does not send to")
    return url


def _addresses(host: str, field: str) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise ValueError(f"{field}: the host {host[:100]} is not found") from None
    return [ipaddress.ip_address(str(entry[4][0]).split("%")[0]) for entry in found]


def post_webhook(url: str, text: str, allow_private: bool, timeout: float = 10.0) -> None:
    """POST {"content": text, "text": text}: Discord reads `content`, Slack `text`."""
    try:
        check_url(url, allow_private)
    except ValueError as err:
        raise Undeliverable(str(err), final=True) from None
    body = {"content": text[:1900], "text": text[:3000], "username": "agon"}
    try:
        answer = httpx.post(url, json=body, timeout=timeout, follow_redirects=False)
    except httpx.HTTPError as err:
        raise Undeliverable(f"{type(err).__name__}: {err}") from None
    if not 200 <= answer.status_code < 300:
        raise Undeliverable(f"the webhook answered {answer.status_code}", final=answer.status_code in (404, 410))


@dataclass(frozen=True, slots=True)
class Vapid:
    """The server's VAPID key pair: the private key (PEM) signs, the public key goes to browsers."""

    private_pem: str
    public_key: str  # the uncompressed point, base64url without padding (applicationServerKey)
    subject: str  # mailto: or https: URL the push services may contact

    @classmethod
    def make(cls) -> str:
        """A new private key, PEM."""
        from py_vapid import Vapid02

        key = Vapid02()
        key.generate_keys()
        return str(key.private_pem().decode("ascii"))

    @classmethod
    def of(cls, private_pem: str, subject: str) -> Vapid:
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        from py_vapid import Vapid02

        key = Vapid02.from_pem(private_pem.encode("ascii"))
        raw = key.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return cls(private_pem, base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii"), subject)


def send_push(vapid: Vapid, endpoint: str, p256dh: str, auth: str, payload: dict[str, str],
              allow_private: bool, timeout: float = 10.0) -> None:
    """One Web Push message (encrypted for the browser's keys, signed with the server's VAPID key)."""
    from py_vapid import Vapid02
    from pywebpush import WebPushException, webpush

    try:
        check_url(endpoint, allow_private, "endpoint")
    except ValueError as err:
        raise Undeliverable(str(err), final=True) from None
    try:
        webpush({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}, data=json.dumps(payload),
                vapid_private_key=Vapid02.from_pem(vapid.private_pem.encode("ascii")),
                vapid_claims={"sub": vapid.subject}, timeout=timeout, ttl=86400)
    except WebPushException as err:
        status = err.response.status_code if err.response is not None else None
        raise Undeliverable(f"the push service answered {status}", final=status in (404, 410)) from None
    except Exception as err:  # the connection, or keys a browser did not make
        raise Undeliverable(f"{type(err).__name__}: {' '.join(str(err).split())[:200]}") from None
