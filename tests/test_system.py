"""pycore.system and the registry: one shape every system fills, found by its contract id, and every piece of a
system (view, site module, pages, navigation, corpus, property checks) found from its definition."""

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest
from mkdocs.utils.yaml import yaml_load
from strategies import COHERENT
from test_properties import CHECKS

from pycore import SYSTEMS, ScenarioError
from pycore.errors import FieldError
from pycore.rules import Rule
from pycore.system import System
from pycore.systems import find_system
from pycore.systems import skirmish_d6 as d6

ROOT = Path(__file__).resolve().parent.parent


def defines(path: Path, *names: str) -> bool:
    """Whether the module at ``path`` exists and assigns or defines every one of ``names`` at its top level."""
    if not path.is_file():
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    top |= {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return set(names) <= top


def nav_sections() -> list[tuple[str, list[str]]]:
    """mkdocs.yml's navigation: each section's title and the pages under it."""
    nav = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    return [(title, [page for item in items for page in item.values()])
            for entry in nav if isinstance(entry, dict) for title, items in entry.items() if isinstance(items, list)]


def missing_pieces(system: System) -> list[str]:
    """Each piece of ``system`` that is not where its definition says, in words naming the file and what it needs."""
    m, sid = system.module, system.id
    missing = []
    engine = ROOT / "pycore" / "systems" / m / "__init__.py"
    if not defines(engine, "DEFINITION") or import_module(f"pycore.systems.{m}").DEFINITION is not system:
        missing.append(f"pycore/systems/{m}/__init__.py: DEFINITION, this system")
    if not defines(ROOT / "pycore" / "views" / f"{m}.py", "VIEW"):
        missing.append(f"pycore/views/{m}.py: VIEW")
    if not defines(ROOT / "rulebook" / "systems" / f"{m}.py", "SHOWCASE", "sections"):
        missing.append(f"rulebook/systems/{m}.py: SHOWCASE and sections")
    pages = sorted({r.page.rstrip("/") + ".md" for r in system.rules})
    missing += [f"site/{page}: the rulebook page of its rules" for page in pages if not (ROOT / "site" / page).is_file()]
    for page, shortcode in ((f"calculator/{sid}.md", f"{{{{ calculator {sid}"), (f"reference/{sid}.md", f"{{{{ quickref {sid}")):
        path = ROOT / "site" / page
        if not path.is_file() or not re.search(re.escape(shortcode) + r"[ }]", path.read_text(encoding="utf-8")):
            missing.append(f"site/{page}: {shortcode} }}}}")
    listed = dict(nav_sections()).get(system.title, [])
    wanted = [*pages, f"calculator/{sid}.md", f"reference/{sid}.md"]
    if not listed or not set(wanted) <= set(listed):
        missing.append(f"mkdocs.yml nav: a section {system.title!r} listing {[p for p in wanted if p not in listed]}")
    if not list((ROOT / "tests" / "scenarios" / sid).glob("*.json")):
        missing.append(f"tests/scenarios/{sid}/: hand-worked cases")
    if sid not in COHERENT:
        missing.append(f"tests/strategies.py COHERENT: {sid!r}")
    if sid not in CHECKS:
        missing.append(f"tests/test_properties.py CHECKS: {sid!r}")
    return missing


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_registered_system_has_every_piece(system):
    """Each system in the registry has its package, view, site module, pages, navigation section, corpus and property
    checks, each found from its definition (its id and ``module``)."""
    assert missing_pieces(SYSTEMS[system]) == []


def test_a_system_without_its_pieces_is_told_each_one():
    """A system with nothing but its definition (``lone-d12``) is told every piece it lacks, by file."""
    rule = Rule("ld12.cover.light", "Light cover", "rules/lone-d12/cover/")
    lone = System("lone-d12", "Lone d12", (rule,), (), d6.INPUTS, d6.check, d6.evaluate)
    assert lone.module == "lone_d12"
    assert [m.split(":")[0] for m in missing_pieces(lone)] == [
        "pycore/systems/lone_d12/__init__.py", "pycore/views/lone_d12.py", "rulebook/systems/lone_d12.py",
        "site/rules/lone-d12/cover.md", "site/calculator/lone-d12.md", "site/reference/lone-d12.md",
        "mkdocs.yml nav", "tests/scenarios/lone-d12/", "tests/strategies.py COHERENT", "tests/test_properties.py CHECKS"]


def test_the_navigation_holds_the_registered_systems_and_no_other():
    """The navigation's sections are the registry's systems, each titled by its system's title (a system taken out
    of the registry leaves no section behind); each id is its calculator's URL segment."""
    assert sorted(title for title, _ in nav_sections()) == sorted(s.title for s in SYSTEMS.values())
    assert SYSTEMS["classic-d20"].calculator == "calculator/classic-d20/"
    for system in SYSTEMS.values():
        assert isinstance(system, System) and system.inputs.system == system.id


def test_answer_validates_checks_then_evaluates():
    """A cross-field error is raised before evaluation, naming its field."""
    seen = []

    def evaluate(s):
        seen.append(s)
        return {}

    def check(s):
        return [FieldError("attack.distance", "is required")] if s["attacker"]["blinded"] else []

    system = System(d6.SYSTEM, d6.TITLE, d6.RULES, d6.RULINGS, d6.INPUTS, check, evaluate)
    with pytest.raises(ScenarioError) as caught:
        system.answer({"system": d6.SYSTEM, "attacker": {"blinded": True}})
    assert caught.value.errors == [{"field": "attack.distance", "message": "is required"}] and not seen
    assert system.answer({"system": d6.SYSTEM}) == {} and seen[0]["light"] == "bright"


@pytest.mark.parametrize(("data", "field", "words"), [
    ([], "", "JSON object"), ({}, "system", "is required"), ({"system": "gurps"}, "system", "unknown system"),
])
def test_find_system_names_the_problem(data, field, words):
    """Not an object, no system, an unknown system: each an error on its field."""
    with pytest.raises(ScenarioError) as caught:
        find_system(data)
    assert caught.value.errors[0]["field"] == field and words in caught.value.errors[0]["message"]



def test_a_registered_system_without_its_view_fails_naming_the_file():
    """A system whose module is missing in a package is named with the file to write and what it must define; one
    that has it gets its module."""
    import dataclasses

    from pycore.system import part_of

    real = next(iter(SYSTEMS.values()))
    toy = dataclasses.replace(real, id="frontier-d10")
    with pytest.raises(ModuleNotFoundError, match=r"frontier-d10 is registered but has no pycore/views/frontier_d10\.py: "
                                                  "it must define VIEW"):
        part_of(toy, "pycore.views", "pycore/views", "VIEW")
    assert part_of(real, "pycore.views", "pycore/views", "VIEW").VIEW is not None
