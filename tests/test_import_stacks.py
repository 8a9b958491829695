"""Issue 35 item 3: a game package is a one-way stack. Its modules import one another only at module
level (no function-local import, and no `importlib.import_module` or `__import__` call, that hides a
circle) and the imports form no circle.

Imports under `if TYPE_CHECKING:` are left out of the circle check: they never run, so they tie no
module to another when the game loads (a lower module may name the State in a type hint that way).
They still count as function-local imports when they stand inside a function. The engine's `load`
imports a game package by its id at run time: that is the plug-in loader, above the engine, not
a module of the engine's own stack, so a run-time import counts only inside a game package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STACKS = ["engine", "games/cuba_libre", "games/dawn_of_freedom", "games/intrigue_city", "games/dual_powers"]
LOADERS = {"import_module", "__import__"}  # calls that import a module named at run time


def _modules(package: str) -> dict[str, Path]:
    base = ROOT / "agon" / package
    out = {}
    for path in base.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _is_type_checking(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk_running(node: ast.AST):
    """Every node under `node` except the bodies of `if TYPE_CHECKING:` blocks (their `else:` runs)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if _is_type_checking(child):
            for other in child.orelse:
                yield from _walk_running(other)
        else:
            yield from _walk_running(child)


def _loader_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in LOADERS


def _imports(nodes, known: dict[str, Path]) -> set[str]:
    found = set()
    for child in nodes:
        if isinstance(child, ast.ImportFrom) and child.module:
            for alias in child.names:
                sub = f"{child.module}.{alias.name}"
                found.add(sub if sub in known else child.module)
        elif isinstance(child, ast.Import):
            found.update(alias.name for alias in child.names)
        elif _loader_call(child) and child.args and isinstance(child.args[0], ast.Constant):
            found.add(str(child.args[0].value))
    return {name for name in found if name in known}


@pytest.mark.parametrize("package", STACKS)
def test_no_function_local_imports_of_the_package(package: str) -> None:
    known = _modules(package)
    hidden = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside = list(ast.walk(node))
                dynamic = package.startswith("games/") and any(_loader_call(child) for child in inside)
                if _imports(inside, known) or dynamic:
                    hidden.append(f"{name}.{node.name}")
    assert hidden == []


@pytest.mark.parametrize("package", STACKS)
def test_the_package_imports_form_no_circle(package: str) -> None:
    known = _modules(package)
    graph = {name: _imports(_walk_running(ast.parse(path.read_text(encoding="utf-8"))), known) - {name}
             for name, path in known.items()}
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
