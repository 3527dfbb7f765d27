"""The layers of pycore point one way: the engine never imports what presents its answers, no system imports
another, views are handed results, and no module takes part in an import cycle.

Every import is read from the source (``ast``), wherever it sits: at the top of a module, under ``TYPE_CHECKING`` or
inside a function, so an import moved into a function still counts."""

from __future__ import annotations

import json
import subprocess
import sys

from layers import (
    LAYERS,
    MODULES,
    SYSTEM_TABLES,
    drawn,
    find_cycle,
    graph,
    imports,
    is_function_level,
    layer_of,
    source_tree,
    system_of,
    within,
)

PACKAGE_PARENT = MODULES["pycore"].parent.parent


def test_every_module_sits_in_one_layer_of_the_table():
    """Each pycore module falls in exactly one layer, and each layer of the table holds at least one module."""
    assert {layer_of(name).name for name in MODULES} == {layer.name for layer in LAYERS}


def test_each_layer_imports_only_what_the_table_allows():
    """Geometry imports neither maps nor systems nor views; maps import no system; the engine never imports what
    presents it (views, the page); every other import also follows the table."""
    wrong = sorted(f"{name} ({layer_of(name).name}) imports {target} ({layer_of(target).name})"
                   for name in MODULES for target, _, _ in imports(name)
                   if layer_of(target) != layer_of(name) and layer_of(target).name not in layer_of(name).may_import)
    assert wrong == []


def test_the_table_allows_no_loop_between_layers():
    """The layers themselves point one way: the table's allowed imports have no cycle."""
    assert find_cycle({layer.name: set(layer.may_import) for layer in LAYERS}) == []


def test_a_layer_check_fails_on_a_wrong_import():
    """The table is not vacuous: geometry importing a map, a map importing a system and the engine importing a view
    are each outside what it allows."""
    for source, target in (("pycore.geometry.walls", "pycore.maps.square_map"),
                           ("pycore.maps.uvtt", "pycore.systems.skirmish_d6.tables"),
                           ("pycore.systems.classic_d20.evaluation", "pycore.views.svg"),
                           ("pycore.dice", "pycore.geometry.hexgrid")):
        assert layer_of(target).name not in layer_of(source).may_import, (source, target)


def test_the_picture_in_contributing_is_drawn_from_the_code():
    """CONTRIBUTING.md's picture of the layers is what ``python tests/layers.py`` draws from today's imports."""
    from layers import CONTRIBUTING, MARKERS
    text = CONTRIBUTING.read_text(encoding="utf-8")
    assert MARKERS[0] in text and MARKERS[1] in text
    assert drawn(text) == text, "run: .venv/bin/python tests/layers.py"


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
                   if "evaluate" in names or (layer_of(target).name == "systems"
                                              and target.rpartition(".")[2] not in SYSTEM_TABLES)
                   or layer_of(target).name in ("page", "entry"))
    assert wrong == []


def test_no_import_sits_in_a_function():
    """Every import of pycore is at the top of its module (or under ``TYPE_CHECKING``), none inside a function, where
    it could hide a cycle."""
    wrong = []
    for name in MODULES:
        wrong += [f"{name} line {node.lineno} imports {target}" for target, _, node in imports(name)
                  if is_function_level(source_tree(name), node)]
    assert wrong == []


def test_find_cycle_reports_the_modules_in_a_loop():
    """The cycle finder itself: a loop of three is reported in import order; a tree has none."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_has_no_cycle():
    """pycore's modules import one another without a cycle (a package's own submodules excepted: loading one loads its
    package first, which is how packages work, not an import)."""
    assert find_cycle(graph()) == []


def test_importing_one_core_module_loads_only_what_it_needs():
    """``import pycore.geometry.hexgrid`` in a fresh interpreter loads the package's light base (errors, rules) and hexgrid:
    no system, no view."""
    code = ("import json, sys, pycore.geometry.hexgrid;"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('pycore'))))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE_PARENT)
    loaded = json.loads(run.stdout)
    assert not [m for m in loaded if within(m, "pycore.systems") or within(m, "pycore.views")], loaded
    assert len(loaded) <= 5, loaded
