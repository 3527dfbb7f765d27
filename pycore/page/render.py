"""One HTML rendering of a result, used at build time and by the engine in the browser.

What each system shows is in ``pycore/views/<system>.py``; this module only lays it out, and answers the further
scenarios a view works out (each creature against each) through ``evaluate``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..errors import ScenarioError
from ..systems import SYSTEMS, evaluate
from ..views import VIEWS
from ..views.common import link, percent_of


def answer(scenario: dict[str, Any]) -> dict[str, Any] | None:
    """The engine's result for a further scenario a view asks about (a pairing), None when it does not validate."""
    try:
        return evaluate(scenario)
    except ScenarioError:
        return None


def result_element(result: dict[str, Any], base: str = "", scenario: dict[str, Any] | None = None) -> ET.Element:
    """The result panel as an element tree; ``base`` prefixes site-relative links; with the ``scenario`` it
    answered, also what the view works out from it (each creature against each)."""
    system = result["system"]
    root = ET.Element("div", {"class": "calc-result", "data-system": system})
    head = ET.SubElement(root, "p", {"class": "calc-headline"})
    strong = ET.SubElement(head, "strong", {"data-key": "headline"})
    view = VIEWS[system]
    strong.text = view.headline(result)
    if result.get("hit_chance") is not None and result["targetable"]:
        span = ET.SubElement(head, "span", {"class": "calc-chance", "data-key": "hit_chance"})
        span.text = f" · {percent_of(result)} chance to hit"
    facts = ET.SubElement(root, "dl", {"class": "calc-facts"})
    for term, value in view.facts(result):
        ET.SubElement(facts, "dt").text = term
        ET.SubElement(facts, "dd").text = value
    for block in view.blocks(result, base):
        root.append(block)
    if scenario is not None and view.pairings is not None:
        root.extend(view.pairings(scenario, base, answer))
    if result["notes"]:
        notes = ET.SubElement(root, "ul", {"class": "calc-notes"})
        for note in result["notes"]:
            ET.SubElement(notes, "li").text = note
    ET.SubElement(root, "p", {"class": "calc-subhead"}).text = "Rules applied"
    rules = ET.SubElement(root, "ol", {"class": "calc-rules"})
    for rule in result["rules"]:
        item = ET.SubElement(rules, "li")
        link(item, rule["id"], base)
        code = ET.SubElement(item, "code")
        code.text = rule["id"]
        code.tail = ""
    if result["rulings_used"]:
        ET.SubElement(root, "p", {"class": "calc-subhead"}).text = "Rulings this depends on"
        used = ET.SubElement(root, "ul", {"class": "calc-rulings-used"})
        for rid in result["rulings_used"]:
            link(ET.SubElement(used, "li"), rid, base)
    return root


def result_html(result: dict[str, Any], base: str = "", scenario: dict[str, Any] | None = None) -> str:
    """The result panel as an HTML string."""
    return ET.tostring(result_element(result, base, scenario), encoding="unicode", method="html")


WHY_FACTS = ("From obstacles", "Read off the map")
"""The facts that say where a system's cover came from, in the order looked for."""


def situation_text(result: dict[str, Any], scenario: dict[str, Any]) -> str:
    """The situation in a line, for a shared answer to say what it answers: the system, where the attacker and the
    target stand on a map, and the cover with where it came from (``d6 Skirmish · attacker on hex 0, 2, target on
    hex 5, 2 · cover Level 1 (-1 to attacks), from obstacles: 1 partial, 0 total``)."""
    parts = [SYSTEMS[result["system"]].title]
    m = scenario.get("map") or {}
    if m.get("attacker") is not None and m.get("target") is not None:
        noun = "square" if m.get("grid") == "square" else "hex"
        (ac, ar), (tc, tr) = m["attacker"], m["target"]
        parts.append(f"attacker on {noun} {ac}, {ar}, target on {noun} {tc}, {tr}")
    facts = dict(VIEWS[result["system"]].facts(result))
    if "Cover" in facts:
        why = next((f"{label.lower()}: {facts[label]}" for label in WHY_FACTS if label in facts), "")
        parts.append(f"cover {facts['Cover']}" + (f", {why}" if why else ""))
    return " · ".join(parts)


def summary_text(result: dict[str, Any]) -> str:
    """The answer in one line, from the system's view (its headline when the view has no summary)."""
    view = VIEWS[result["system"]]
    return view.summary(result) if view.summary else view.headline(result)
