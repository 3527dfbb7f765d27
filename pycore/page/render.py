"""One HTML rendering of a result, used at build time and by the engine in the browser.

What each system shows is in ``pycore/views/<system>.py``; this module only lays it out, and answers the further
scenarios a view works out (each creature against each) through ``evaluate``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..errors import ScenarioError
from ..systems import evaluate
from ..views import VIEWS
from ..views.area_table import area_block, regions_block
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
    root.extend(regions_block(result))
    root.extend(area_block(result, base, scenario))
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


def summary_text(result: dict[str, Any]) -> str:
    """The answer in one line, from the system's view (its headline when the view has no summary)."""
    view = VIEWS[result["system"]]
    return view.summary(result) if view.summary else view.headline(result)
