"""Debian's nginx in front of `agon serve`, with the site docs/hosting.md gives (the hosting tests:
tests/deploy/test_club_server.py). nginx runs as this user with its
files in a temporary folder; without nginx the caller is skipped, unless AGON_REQUIRE_NGINX=1
(.ci/run sets it) makes that a failure."""

from __future__ import annotations

import getpass
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)


def require_nginx() -> str:
    """nginx's path; the test is skipped (or failed, with AGON_REQUIRE_NGINX=1) without one."""
    if NGINX is None:
        if os.environ.get("AGON_REQUIRE_NGINX") == "1":
            pytest.fail("nginx is missing and AGON_REQUIRE_NGINX=1 (apt-get install nginx)")
        pytest.skip("nginx is not installed (AGON_REQUIRE_NGINX=1 makes this a failure)")
    return NGINX


def site(agon_port: int, nginx_port: int) -> str:
    """The nginx site of docs/hosting.md, on these ports."""
    block = re.search(r"## Behind a reverse proxy.*?```nginx\n(.*?)```", DOC.read_text(), re.S)
    assert block, "docs/hosting.md has no nginx site under 'Behind a reverse proxy'"
    text = block.group(1)
    assert "listen 8080;" in text and "proxy_pass http://127.0.0.1:8000;" in text
    return text.replace("listen 8080;", f"listen 127.0.0.1:{nginx_port};").replace(
        "127.0.0.1:8000", f"127.0.0.1:{agon_port}")


@contextmanager
def nginx_in_front(folder: Path, agon_port: int, port: int) -> Iterator[str]:
    """nginx on 127.0.0.1:`port` proxying to agon on `agon_port`, its files in `folder`; yields its
    base URL once it answers (agon must be up: it waits for `/livez` through nginx)."""
    nginx = require_nginx()
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""  # (as root nginx would switch to nobody)
    temp = "".join(f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"events {{ worker_connections 64; }}\nhttp {{\n    access_log {folder / 'access.log'};\n{temp}"
        f"{site(agon_port, port)}\n}}\n")
    proc = subprocess.Popen([nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{base}/livez", timeout=1)
                break
            except httpx.HTTPError as err:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log = folder / "error.log"
                    raise RuntimeError(f"nginx did not start: {proc.stderr.read().decode() if proc.stderr else ''}"
                                       f"{log.read_text() if log.exists() else ''}") from err
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(10)
