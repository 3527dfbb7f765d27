"""pycore's layers as data: which folder holds which layer, what each may import, and the picture of them that
CONTRIBUTING.md shows. ``python tests/layers.py`` redraws the picture from the code; tests/test_layers.py checks
the imports against the table and that the picture is current."""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pycore


@dataclass(frozen=True)
class Layer:
    """One layer: the modules it holds (by name prefix) and the layers it may import."""

    name: str
    folder: str
    holds: tuple[str, ...]
    what: str
    may_import: tuple[str, ...]


LAYERS = (
    Layer("core", "pycore/*.py",
          ("pycore.errors", "pycore.rules", "pycore.trace", "pycore.schema", "pycore.dice", "pycore.system",
           "pycore.memo", "pycore.fragment", "pycore.progress"),
          "errors, rules and rulings, traces, declared inputs, exact dice, the System shape, memo, the link codec, "
          "long work's progress",
          ()),
    Layer("geometry", "pycore/geometry/", ("pycore.geometry",),
          "hex and square maths, the exact plane, clearance, rays, walls",
          ("core",)),
    Layer("maps", "pycore/maps/", ("pycore.maps",),
          "hex maps, square maps, Universal VTT exports, overlay cells",
          ("core", "geometry")),
    Layer("systems", "pycore/systems/<system>/", ("pycore.systems.",),
          "one package per game system: tables, inputs, mechanics, evaluation",
          ("core", "geometry", "maps")),
    Layer("registry", "pycore/systems/__init__.py", ("pycore.systems",),
          "the one registry of systems, rules and rulings",
          ("core", "systems")),
    Layer("entry", "pycore/__init__.py", ("pycore",),
          "pycore.evaluate and ScenarioError, the contract's public names",
          ("core", "registry")),
    Layer("views", "pycore/views/", ("pycore.views",),
          "a view per system, the board's spec and SVG: results into words and drawings",
          ("core", "geometry", "maps", "systems", "registry")),
    Layer("page", "pycore/page/", ("pycore.page",),
          "what the page's engine answers, the one HTML rendering",
          ("core", "maps", "registry", "views", "entry")),
    Layer("cli", "pycore/__main__.py", ("pycore.__main__",),
          "python -m pycore",
          ("core", "maps", "entry")),
)
"""A module belongs to the layer whose prefix matches it longest."""
BY_NAME = {layer.name: layer for layer in LAYERS}
SYSTEM_TABLES = ("tables", "cells")
"""A system's modules a view may read (printed words and numbers, the cells of a board), never its evaluation."""


def layer_of(module: str) -> Layer:
    """The layer holding ``module``: the longest prefix that matches it (``pycore.systems.x.tables`` is a system's)."""
    def matches(prefix: str) -> bool:
        return module == prefix or module.startswith(prefix if prefix.endswith(".") else prefix + ".")
    fits = [(len(p), layer) for layer in LAYERS for p in layer.holds if matches(p)]
    return max(fits, key=lambda fit: fit[0])[1]


PACKAGE = Path(pycore.__file__).resolve().parent


def module_name(path: Path) -> str:
    """``pycore/systems/skirmish_d6/hex_map.py`` -> ``pycore.systems.skirmish_d6.hex_map``."""
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
    hexgrid`` targets ``pycore.geometry.hexgrid``; ``from pycore import evaluate`` targets ``pycore`` with ``evaluate``."""
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


def layer_edges() -> dict[str, set[str]]:
    """Layer -> the other layers its modules import, read from the code."""
    edges: dict[str, set[str]] = {layer.name: set() for layer in LAYERS}
    for name, targets in graph().items():
        for target in targets:
            if layer_of(target).name != layer_of(name).name:
                edges[layer_of(name).name].add(layer_of(target).name)
    return edges


def picture() -> str:
    """The layers as a Mermaid flowchart: a box per layer with the folder it lives in, an arrow per import found."""
    lines = ["```mermaid", "flowchart TD"]
    for layer in LAYERS:
        lines.append(f'  {layer.name}["{layer.name}<br/><small>{layer.folder}</small>"]')
    for source, targets in layer_edges().items():
        lines += [f"  {source} --> {target}" for target in sorted(targets)]
    return "\n".join(lines + ["```"])


CONTRIBUTING = Path(__file__).resolve().parent.parent / "CONTRIBUTING.md"
MARKERS = ("<!-- layers: drawn by python tests/layers.py -->", "<!-- end of layers -->")


def drawn(text: str) -> str:
    """``text`` (CONTRIBUTING.md) with the picture between its markers redrawn."""
    pattern = re.compile(re.escape(MARKERS[0]) + ".*?" + re.escape(MARKERS[1]), re.S)
    return pattern.sub(lambda _: f"{MARKERS[0]}\n{picture()}\n{MARKERS[1]}", text)


if __name__ == "__main__":
    CONTRIBUTING.write_text(drawn(CONTRIBUTING.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
