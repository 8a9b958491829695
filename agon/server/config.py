"""The server's one configuration: every `Settings` field from a TOML file, the environment and
`agon serve`'s flags, checked in one place (docs/hosting.md "Settings").

Precedence: the defaults < the file (`--config FILE`, else `$AGON_CONFIG`) < the environment
(`AGON_<FIELD>`, e.g. `AGON_PUBLIC_URL`) < the flags. A TOML key is exactly a field's name. A bad
value is one `ConfigError` line naming the setting and where it came from:

    >>> load({}, environ={"AGON_PORT": "http"}, config_file=None)
    Traceback (most recent call last):
    ...
    agon.server.config.ConfigError: setting port (environment AGON_PORT): must be a whole number; got 'http'
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import tomllib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from agon.server.app import Settings
from agon.server.clocks import parse_reminders, parse_spec

DEFAULT = "default"
# fields a program sets, never an operator (tests pass a FakeClock)
NOT_SETTINGS = frozenset({"clock"})
# shown as *** by `--print-config` (the database URL's password is masked on its own)
SECRETS = frozenset({"vapid_private_key", "smtp_password"})
# the settings `agon serve` takes as flags too (--public-url ...)
FLAGS = ("host", "port", "db", "workers", "bot_processes", "default_pace", "vacation_days", "clock_sweep_seconds",
         "clock_reminders", "public_url", "trusted_proxies", "log_format", "shutdown_seconds")
LOG_FORMATS = ("auto", "text", "json")


class ConfigError(ValueError):
    """A setting that cannot be used, in one line: `setting NAME (SOURCE): PROBLEM`."""


@dataclass(frozen=True)
class Effective:
    """The settings to run with, and where each value came from ("default", "file F",
    "environment AGON_X", "flag --x")."""

    settings: Settings
    sources: dict[str, str]


def setting_names() -> list[str]:
    """Every field of `Settings` an operator sets, in the dataclass's order."""
    return [f.name for f in dataclasses.fields(Settings) if f.name not in NOT_SETTINGS]


def env_name(name: str) -> str:
    return f"AGON_{name.upper()}"


def flag_name(name: str) -> str | None:
    return "--" + name.replace("_", "-") if name in FLAGS else None


def load(flags: Mapping[str, str], environ: Mapping[str, str], config_file: str | None) -> Effective:
    """The effective settings: defaults < `config_file` (or `$AGON_CONFIG`) < `environ` < `flags`
    (the flags' raw text by field name); ConfigError (one line) for anything wrong."""
    hints = _types()
    values: dict[str, object] = {}
    sources: dict[str, str] = {}
    path = config_file or environ.get("AGON_CONFIG") or None
    if path:
        for name, value in _read_file(Path(path)).items():
            source = f"file {path}"
            if name not in hints:
                raise ConfigError(f"setting {name} ({source}): no such setting (docs/hosting.md lists them)")
            values[name], sources[name] = _from_toml(name, hints[name], value, source), source
    for name, kind in hints.items():
        text = environ.get(env_name(name))
        if text:  # an empty variable is an unset one (as it always was)
            source = f"environment {env_name(name)}"
            values[name], sources[name] = _from_text(name, kind, text, source), source
    for name, text in flags.items():
        if name not in hints:
            raise ConfigError(f"--{name.replace('_', '-')}: no such setting")
        source = f"flag {flag_name(name) or name}"
        values[name], sources[name] = _from_text(name, hints[name], text, source), source
    settings = Settings(**values)  # type: ignore[arg-type]
    sources = {name: sources.get(name, DEFAULT) for name in hints}
    check(settings, sources)
    return Effective(settings, sources)


def from_env(environ: Mapping[str, str]) -> Settings:
    """`Settings.from_env()`: the file named by `$AGON_CONFIG`, then the `AGON_*` variables."""
    return load({}, environ, None).settings


def _types() -> dict[str, object]:
    hints = typing.get_type_hints(Settings)
    return {name: hints[name] for name in setting_names()}


def _read_file(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"config file {path}: not found") from None
    except OSError as err:
        raise ConfigError(f"config file {path}: cannot be read ({err.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"config file {path}: not TOML ({_one_line(str(err))})") from None


# -- types ----------------------------------------------------------------------------------------

def _base(kind: object) -> tuple[object, bool]:
    """The type of a field without `| None`, and whether None is allowed."""
    args = typing.get_args(kind)
    if isinstance(kind, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0], True
    return kind, False


TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


def _from_text(name: str, kind: object, text: str, source: str) -> object:
    """A value from an environment variable's or a flag's text."""
    base, optional = _base(kind)
    if optional and text == "":
        return None
    try:
        if base is bool:
            if text.strip().lower() in TRUE:
                return True
            if text.strip().lower() in FALSE:
                return False
            raise ValueError("must be 1 or 0 (true or false)")
        if base is int:
            return int(text)
        if base is float:
            return _finite(float(text))
        if base is Path:
            return Path(text)
        if typing.get_origin(base) is tuple:
            return tuple(part.strip() for part in text.split(",") if part.strip())
        return text
    except ValueError as err:
        raise _bad(name, source, _problem(base, err), text) from None


def _from_toml(name: str, kind: object, value: object, source: str) -> object:
    """A value from the TOML file, of the field's type (an integer does for a number)."""
    base, _ = _base(kind)
    if base is bool:
        ok = isinstance(value, bool)
    elif base is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif base is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        value = float(value) if ok else value  # type: ignore[arg-type]
    elif typing.get_origin(base) is tuple:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        value = tuple(value) if ok else value  # type: ignore[arg-type]
    elif base is Path:
        ok = isinstance(value, str)
        value = Path(value) if ok else value  # type: ignore[arg-type]
    else:
        ok = isinstance(value, str)
    if not ok:
        raise _bad(name, source, f"must be {_kind_words(base)}", value)
    return value


def _finite(number: float) -> float:
    if not math.isfinite(number):
        raise ValueError("must be a finite number")
    return number


def _problem(base: object, err: ValueError) -> str:
    text = str(err)
    return text if text.startswith("must") else f"must be {_kind_words(base)}"


def _kind_words(base: object) -> str:
    if base is bool:
        return "true or false"
    if base is int:
        return "a whole number"
    if base is float:
        return "a number"
    if typing.get_origin(base) is tuple:
        return "a list of strings"
    return "a string"


def _bad(name: str, source: str, problem: str, value: object) -> ConfigError:
    shown = "***" if name in SECRETS else mask_url(value) if name == "db" and isinstance(value, str) else value
    return ConfigError(f"setting {name} ({source}): {problem}; got {_one_line(repr(shown))[:80]}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


# -- checks ---------------------------------------------------------------------------------------

Check = Callable[[object], str | None]  # a problem in words, or None


def _at_least(low: float, words: str) -> Check:
    return lambda value: None if isinstance(value, (int, float)) and value >= low else f"must be {words}"


def _above_zero(value: object) -> str | None:
    return None if isinstance(value, (int, float)) and value > 0 else "must be above 0"


def _port(value: object) -> str | None:
    return None if isinstance(value, int) and 1 <= value <= 65535 else "must be a port from 1 to 65535"


def _one_of(*choices: str) -> Check:
    return lambda value: None if value in choices else "must be one of " + ", ".join(choices)


def _upper_one_of(*choices: str) -> Check:
    return lambda value: None if isinstance(value, str) and value.upper() in choices else \
        "must be one of " + ", ".join(choices)


def _public_url(value: object) -> str | None:
    if value is None:
        return None
    parts = urlsplit(str(value))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "must be an http:// or https:// address such as https://agon.example.org"
    if parts.username or parts.password:
        return "must not hold a user name or password"
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return "must be the origin alone (agon is served at the root of its host), e.g. https://agon.example.org"
    try:
        parts.port  # noqa: B018 (raises for a port that is not a number or out of range)
    except ValueError:
        return "must name a port from 1 to 65535, if any"
    return None


def _database(value: object) -> str | None:
    text = str(value)
    if not text.startswith(("sqlite://", "postgresql://", "postgresql+psycopg://", "postgres://")):
        return "must be sqlite:///FILE or postgresql://USER@HOST/DATABASE"
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(text)
    except (ArgumentError, ValueError):
        return "is not a database URL (sqlite:///FILE or postgresql://USER@HOST/DATABASE)"
    return None


def _proxies(value: object) -> str | None:
    for entry in value if isinstance(value, tuple) else ():
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            return f"must be IP addresses or networks (127.0.0.1, 10.0.0.0/8, ::1); {entry[:60]!r} is neither"
    return None


def _vapid_subject(value: object) -> str | None:
    if value is None or str(value).startswith(("mailto:", "https://")):
        return None
    return "must start with mailto: or https://"


CHECKS: dict[str, Check] = {
    "db": _database, "public_url": _public_url, "trusted_proxies": _proxies, "vapid_subject": _vapid_subject,
    "port": _port, "smtp_port": _port, "workers": _at_least(1, "1 or more"),
    "log_format": _one_of(*LOG_FORMATS), "sqlite_synchronous": _upper_one_of("FULL", "NORMAL"),
    **dict.fromkeys(("bot_seconds", "token_rate", "client_rate", "login_rate", "chat_rate", "session_seconds",
                     "reset_seconds", "request_seconds", "fresh_seconds", "analysis_seconds",
                     "analysis_match_seconds", "hint_seconds"), _above_zero),
    **dict.fromkeys(("token_burst", "client_burst", "login_burst", "chat_burst", "bot_iterations", "bot_attempts",
                     "cache_size", "chat_max", "notify_attempts", "body_limit", "import_limit",
                     "analysis_iterations", "analysis_match_iterations", "hint_iterations", "teach_processes"),
                    _at_least(1, "1 or more")),
    **dict.fromkeys(("bot_processes", "bot_retry_seconds", "bot_sweep_seconds", "clock_sweep_seconds",
                     "notify_tick_seconds", "notify_retry_seconds", "mail_batch_seconds", "webhook_delay_seconds",
                     "push_delay_seconds", "shutdown_seconds", "bot_turn_seconds", "teach_queue"),
                    _at_least(0, "0 or more")),
}


def check(settings: Settings, sources: Mapping[str, str]) -> None:
    """Every setting's own check, then those that involve several; ConfigError for the first bad one."""
    for name, rule in CHECKS.items():
        if not hasattr(settings, name):
            continue
        if getattr(settings, name) is None:  # (an optional setting not set: its default says what then)
            continue
        problem = rule(getattr(settings, name))
        if problem is not None:
            raise _bad(name, sources.get(name, DEFAULT), problem, getattr(settings, name))
    if settings.workers > 1 and not settings.db.startswith(("postgresql", "postgres:")):
        raise ConfigError(f"setting workers ({sources.get('workers', DEFAULT)}): above 1 needs PostgreSQL "
                          f"(db = \"postgresql://...\"; db is from {sources.get('db', DEFAULT)}): SQLite serves "
                          "one process")
    for name, parse in (("default_pace", lambda v: parse_spec(v, 2)), ("clock_reminders", parse_reminders)):
        try:
            parse(getattr(settings, name))
        except ValueError as err:  # a pace or reminder times that are not one
            raise ConfigError(f"setting {name} ({sources.get(name, DEFAULT)}): {_one_line(str(err))}") from None
    if not 0 <= settings.vacation_days <= 366:
        raise _bad("vacation_days", sources.get("vacation_days", DEFAULT), "must be 0-366 days a year",
                   settings.vacation_days)


# -- showing them ---------------------------------------------------------------------------------

def mask_url(url: object) -> str:
    """A URL with its password, if any, as ***."""
    text = str(url)
    scheme, sep, rest = text.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not sep or not at or ":" not in userinfo:
        return text
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{host}"


def shown(name: str, value: object) -> str:
    """A setting's value as TOML, secrets masked."""
    if name in SECRETS:
        return '"***"'
    if name == "db":
        value = mask_url(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_string(str(v)) for v in value) + "]"
    return _toml_string(str(value))


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def describe(effective: Effective) -> str:
    """`agon serve --print-config`: every setting as a TOML line with its source as a comment (one
    not set, which TOML cannot write, as a comment)."""
    lines = []
    for name in setting_names():
        value = getattr(effective.settings, name)
        source = effective.sources[name]
        if value is None:
            lines.append(f"# {name} is not set  # {source}")
        else:
            lines.append(f"{name} = {shown(name, value)}  # {source}")
    return "\n".join(lines)


def to_environment(effective: Effective) -> dict[str, str]:
    """The `AGON_*` variables that give a worker process (`agon serve --workers N`) these settings."""
    out: dict[str, str] = {}
    for name in setting_names():
        if effective.sources[name] == DEFAULT:
            continue
        value = getattr(effective.settings, name)
        if isinstance(value, bool):
            out[env_name(name)] = "1" if value else "0"
        elif isinstance(value, tuple):
            out[env_name(name)] = ",".join(value)
        elif value is not None:
            out[env_name(name)] = str(value)
    return out
