"""Issue 35 item 6: every Python snippet of README.md runs as written (a README that lies is a bug)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def test_the_readme_has_python_snippets() -> None:
    assert len(SNIPPETS) >= 2


@pytest.mark.parametrize("number", range(len(SNIPPETS)))
def test_readme_snippet_runs(number: int) -> None:
    code = SNIPPETS[number]
    if "pyspiel" in code or "pettingzoo" in code:
        pytest.importorskip("pyspiel")
        pytest.importorskip("pettingzoo")
    exec(compile(code, f"README.md snippet {number + 1}", "exec"), {"__name__": "readme"})
