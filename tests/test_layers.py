"""The layers of pycore point one way: the engine never imports what presents its answers, no system imports
another, views are handed results, and no module takes part in an import cycle.

Every import is read from the source (``ast``), wherever it sits: at the top of a module, under ``TYPE_CHECKING`` or
inside a function, so an import moved into a function still counts."""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pycore

PACKAGE = Path(pycore.__file__).resolve().parent
PRESENTATION = ("pycore.views", "pycore.render", "pycore.browser")
"""What puts results into words and pages; the engine below it never imports any of it."""
ENGINE_CALLS = ("pycore.browser", "pycore.render")
"""Modules a view would call the engine through (besides ``evaluate`` itself and a system's evaluation)."""


def module_name(path: Path) -> str:
    """``pycore/systems/skirmish_d6/map.py`` -> ``pycore.systems.skirmish_d6.map``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def source_tree(name: str) -> ast.Module:
    """Module ``name`` parsed (once, so its import statements are the same nodes wherever they are looked at)."""
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def is_function_level(tree: ast.Module, node: ast.AST) -> bool:
    """Whether ``node`` sits inside a function (or a lambda) of ``tree``."""
    for scope in ast.walk(tree):
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and any(n is node for n in ast.walk(scope)):
            return True
    return False


def imports(name: str) -> Iterator[tuple[str, tuple[str, ...], ast.stmt]]:
    """Each pycore module ``name`` imports: (target, names taken from it, the statement). ``from pycore import
    hexgrid`` targets ``pycore.hexgrid``; ``from pycore import evaluate`` targets ``pycore`` with ``evaluate``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(source_tree(name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pycore":
                    yield alias.name, (), node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] != "pycore":
                continue
            plain = tuple(a.name for a in node.names if f"{source}.{a.name}" not in MODULES)
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    yield f"{source}.{alias.name}", (), node
            if plain:
                yield source, plain, node


def view_registry_edges() -> dict[str, set[str]]:
    """``pycore.views`` finds each system's view by the system's name (``import_module``): one edge per view module
    named like a system package."""
    systems = {p.name for p in (PACKAGE / "systems").iterdir() if (p / "__init__.py").exists()}
    return {"pycore.views": {f"pycore.views.{s}" for s in systems if f"pycore.views.{s}" in MODULES}}


def graph() -> dict[str, set[str]]:
    """Module -> the pycore modules it imports."""
    edges = {name: {target for target, _, _ in imports(name) if target != name} for name in MODULES}
    for name, more in view_registry_edges().items():
        edges[name] |= more
    return edges


def within(name: str, prefix: str) -> bool:
    """Whether module ``name`` is ``prefix`` or inside it."""
    return name == prefix or name.startswith(prefix + ".")


def system_of(name: str) -> str | None:
    """The system package a module belongs to (``pycore.systems.skirmish_d6``), None outside every system."""
    parts = name.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[1] == "systems" else None


def test_the_engine_never_imports_what_presents_it():
    """No module of the engine (the systems and the shared core) imports pycore.views, pycore.render or
    pycore.browser."""
    wrong = sorted(f"{name} imports {target}" for name in MODULES if not any(within(name, p) for p in PRESENTATION)
                   and name != "pycore.__main__"
                   for target, _, _ in imports(name) if any(within(target, p) for p in PRESENTATION))
    assert wrong == []


def test_no_system_imports_another():
    """A system's modules import the shared core and their own package, never another system (nor the registry)."""
    wrong = sorted(f"{name} imports {target}" for name in MODULES if system_of(name)
                   for target, _, _ in imports(name)
                   if within(target, "pycore.systems") and system_of(target) != system_of(name))
    assert wrong == []


def test_views_are_handed_results():
    """A view never calls the engine: it imports neither ``evaluate`` nor a system's evaluation, nor the modules
    that answer the page (the caller evaluates and hands the view its results)."""
    wrong = sorted(f"{name} imports {target} {list(names)}" for name in MODULES if within(name, "pycore.views")
                   for target, names, _ in imports(name)
                   if "evaluate" in names or target.rpartition(".")[2] == "evaluation"
                   or any(within(target, p) for p in ENGINE_CALLS))
    assert wrong == []


def test_no_import_sits_in_a_function():
    """Every import of pycore is at the top of its module (or under ``TYPE_CHECKING``), none inside a function, where
    it could hide a cycle."""
    wrong = []
    for name in MODULES:
        wrong += [f"{name} line {node.lineno} imports {target}" for target, _, node in imports(name)
                  if is_function_level(source_tree(name), node)]
    assert wrong == []


def find_cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle (its modules, the first repeated at the end), or [] when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_find_cycle_reports_the_modules_in_a_loop():
    """The cycle finder itself: a loop of three is reported in import order; a tree has none."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_has_no_cycle():
    """pycore's modules import one another without a cycle (a package's own submodules excepted: loading one loads its
    package first, which is how packages work, not an import)."""
    assert find_cycle(graph()) == []


def test_importing_one_core_module_loads_only_what_it_needs():
    """``import pycore.hexgrid`` in a fresh interpreter loads the package's light base (errors, rules) and hexgrid:
    no system, no view."""
    code = "import json, sys, pycore.hexgrid; print(json.dumps(sorted(m for m in sys.modules if m.startswith('pycore'))))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    loaded = json.loads(run.stdout)
    assert not [m for m in loaded if within(m, "pycore.systems") or within(m, "pycore.views")], loaded
    assert len(loaded) <= 5, loaded
