"""Issue 35 item 6: one version, read from pyproject.toml by the package, the CLI and the API."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import agon

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_version_is_pyprojects() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert agon.__version__ == declared


def test_the_api_reports_the_package_version() -> None:
    pytest.importorskip("fastapi")
    from agon.server.app import create_app

    assert create_app().openapi()["info"]["version"] == agon.__version__


def test_a_license_and_a_changelog_ship_with_the_source() -> None:
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert f"## {agon.__version__}" in (ROOT / "CHANGELOG.md").read_text()
