"""The server's one configuration (issue 37, "Host it for a club"): a TOML file, AGON_* variables
and flags, in that order of precedence, checked at start; every bad value one line naming the
setting and where it came from (agon.server.config, docs/hosting.md "Settings")."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server tests need the web extra: pip install -e '.[web]'")

from agon.cli.main import main
from agon.cli.serve import FLAG_HELP
from agon.server.app import Settings
from agon.server.config import FLAGS, ConfigError, describe, env_name, flag_name, load, setting_names, to_environment

DOC = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "agon.toml"
    path.write_text(text)
    return str(path)


def test_precedence_is_defaults_then_file_then_environment_then_flags(tmp_path):
    config = write(tmp_path, 'port = 8100\nhost = "0.0.0.0"\npublic_url = "https://games.example.org"\n'
                             'trusted_proxies = ["127.0.0.1", "10.0.0.0/8"]\nchat_max = 50\n')
    effective = load({"port": "8300"}, {"AGON_PORT": "8200", "AGON_HOST": "::1"}, config)
    settings, sources = effective.settings, effective.sources
    assert (settings.port, sources["port"]) == (8300, "flag --port")
    assert (settings.host, sources["host"]) == ("::1", "environment AGON_HOST")
    assert (settings.chat_max, sources["chat_max"]) == (50, f"file {config}")
    assert settings.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    assert (settings.token_rate, sources["token_rate"]) == (20.0, "default")
    # AGON_CONFIG names the file when no --config does
    assert load({}, {"AGON_CONFIG": config}, None).settings.public_url == "https://games.example.org"


@pytest.mark.parametrize(("file", "env", "flags", "line"), [
    ("port = \"80\"\n", {}, {}, "setting port (file {f}): must be a whole number; got '80'"),
    ("prot = 80\n", {}, {}, "setting prot (file {f}): no such setting"),
    ("", {"AGON_TOKEN_RATE": "-1"}, {}, "setting token_rate (environment AGON_TOKEN_RATE): must be above 0; got -1.0"),
    ("", {}, {"public_url": "agon.example.org"}, "setting public_url (flag --public-url): must be an http:// or "
                                                 "https:// address"),
    ("public_url = \"https://agon.example.org/club?x=1\"\n", {}, {}, "setting public_url (file {f}): must be the "
                                                                     "origin alone"),
    ("", {}, {"trusted_proxies": "127.0.0.1,proxy"}, "setting trusted_proxies (flag --trusted-proxies): must be IP "
                                                     "addresses or networks"),
    ("", {"AGON_SECURE_COOKIES": "maybe"}, {}, "setting secure_cookies (environment AGON_SECURE_COOKIES): must be "
                                               "1 or 0"),
    ("log_format = \"xml\"\n", {}, {}, "setting log_format (file {f}): must be one of auto, text, json"),
    ("shutdown_seconds = -5\n", {}, {}, "setting shutdown_seconds (file {f}): must be 0 or more"),
    ("", {}, {"default_pace": "slow"}, "setting default_pace (flag --default-pace): default pace 'slow'"),
    ("workers = 2\n", {}, {}, "setting workers (file {f}): above 1 needs PostgreSQL"),
    ("port = 8000\nport = 8001\n", {}, {}, "config file {f}: not TOML"),
])
def test_a_bad_setting_is_one_line_naming_it_and_its_source(tmp_path, file, env, flags, line):
    config = write(tmp_path, file)
    with pytest.raises(ConfigError) as raised:
        load(flags, env, config)
    message = str(raised.value)
    assert message.startswith(line.format(f=config)), message
    assert "\n" not in message


def test_agon_serve_with_a_bad_config_says_one_line_and_exits_2(tmp_path, capsys):
    config = write(tmp_path, "port = 99999\n")
    assert main(["serve", "--config", config]) == 2
    out = capsys.readouterr()
    said = (out.out + out.err).strip()
    assert said == f"agon: setting port (file {config}): must be a port from 1 to 65535; got 99999"
    assert main(["serve", "--config", str(tmp_path / "none.toml")]) == 2
    assert "not found" in capsys.readouterr().out


def test_print_config_shows_every_setting_with_its_source_and_masks_secrets(tmp_path, capsys, monkeypatch):
    config = write(tmp_path, 'db = "postgresql://club:hunter2@db.example.org/agon"\n'
                             'vapid_private_key = "-----BEGIN PRIVATE KEY-----xyz"\n')
    monkeypatch.setenv("AGON_CHAT_MAX", "70")
    assert main(["serve", "--config", config, "--print-config", "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert "hunter2" not in out and "xyz" not in out
    lines = {re.split(r"[ =]", line.removeprefix("# "))[0]: line for line in out.splitlines()}
    assert set(lines) == set(setting_names())
    assert lines["db"] == f'db = "postgresql://club:***@db.example.org/agon"  # file {config}'
    assert lines["vapid_private_key"] == f'vapid_private_key = "***"  # file {config}'
    assert lines["chat_max"] == "chat_max = 70  # environment AGON_CHAT_MAX"
    assert lines["port"] == "port = 8123  # flag --port"
    assert lines["public_url"] == "# public_url is not set  # default"


def test_from_env_still_reads_the_variables_and_the_file(tmp_path, monkeypatch):
    """Settings.from_env (agon admin, the workers of `--workers N`) reads what `agon serve` reads."""
    monkeypatch.setenv("AGON_CONFIG", write(tmp_path, "chat_max = 9\nmigrate = false\n"))
    monkeypatch.setenv("AGON_TOKEN_RATE", "1e6")
    monkeypatch.setenv("AGON_NOTIFY_PRIVATE_TARGETS", "1")
    settings = Settings.from_env()
    assert (settings.chat_max, settings.migrate, settings.token_rate, settings.notify_private_targets) == \
        (9, False, 1e6, True)


def test_the_workers_variables_give_the_same_settings(tmp_path):
    config = write(tmp_path, 'trusted_proxies = ["10.1.0.0/16", "::1"]\nsecure_cookies = true\nlog_format = "json"\n')
    effective = load({"shutdown_seconds": "3.5"}, {}, config)
    again = load({}, to_environment(effective), None).settings
    assert dataclasses.replace(again, clock=effective.settings.clock) == effective.settings
    assert describe(effective)  # (no value it cannot show)


def test_the_hosting_doc_lists_exactly_the_settings():
    """docs/hosting.md's table has one row per Settings field an operator sets, with its variable
    and its flag (a new field without a row fails here)."""
    rows = {}
    for line in DOC.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 5:
            rows[cells[0].strip("`")] = cells
    assert set(rows) == set(setting_names())
    assert set(setting_names()) | {"clock"} == {f.name for f in dataclasses.fields(Settings)}
    assert set(FLAG_HELP) == set(FLAGS)  # `agon serve`'s flags are the ones the table names
    for name, cells in rows.items():
        assert cells[1] == f"`{env_name(name)}`", name
        flag = flag_name(name)
        assert cells[2] == (f"`{flag}`" if flag else ""), name
