"""Issue 35 item 3: a game package is a one-way stack. Its modules import one another only at module
level (no function-local import that hides a circle) and the imports form no circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STACKS = ["engine", "games/cuba_libre"]  # the packages checked so far (issue 35 layers the others next)


def _modules(package: str) -> dict[str, Path]:
    base = ROOT / "agon" / package
    out = {}
    for path in base.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(node: ast.AST, known: dict[str, Path]) -> set[str]:
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.ImportFrom) and child.module:
            for alias in child.names:
                sub = f"{child.module}.{alias.name}"
                found.add(sub if sub in known else child.module)
        elif isinstance(child, ast.Import):
            found.update(alias.name for alias in child.names)
    return {name for name in found if name in known}


@pytest.mark.parametrize("package", STACKS)
def test_no_function_local_imports_of_the_package(package: str) -> None:
    known = _modules(package)
    hidden = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _imports(node, known):
                hidden.append(f"{name}.{node.name}")
    assert hidden == []


@pytest.mark.parametrize("package", STACKS)
def test_the_package_imports_form_no_circle(package: str) -> None:
    known = _modules(package)
    graph = {name: _imports(ast.parse(path.read_text(encoding="utf-8")), known) - {name} for name, path in known.items()}
    for name in graph:  # a package imports its submodules; a submodule naming its package is not a circle
        graph[name] = {other for other in graph[name] if not name.startswith(other + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                raise AssertionError(" -> ".join([*path[path.index(other):], other]))
            if other not in state:
                visit(other)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
