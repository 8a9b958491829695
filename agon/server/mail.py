"""Mail through the operator's SMTP server (`Settings.smtp_host`, `smtp_port`, `smtp_from`): the
password-reset mails and the notifications send through this one function."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from typing import Protocol


class MailSettings(Protocol):
    smtp_host: str | None
    smtp_port: int
    smtp_from: str


def send_mail(settings: MailSettings, address: str, subject: str, text: str, timeout: float = 10.0) -> None:
    """One plain-text mail (UTF-8); raises what smtplib raises when the server refuses or is down."""
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = settings.smtp_from
    message["To"] = address
    message.set_content(text)
    with smtplib.SMTP(settings.smtp_host or "", settings.smtp_port, timeout=timeout) as smtp:
        smtp.send_message(message)
