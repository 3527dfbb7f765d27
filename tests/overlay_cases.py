"""Helpers shared by the overlay test files: the overlay checked entry by entry against ``evaluate`` with the piece moved."""

import copy

from pycore import SYSTEMS, ScenarioError, evaluate
from pycore.geometry.hexgrid import Hex
from pycore.views import VIEWS

ENTRY_KEYS = {"skirmish-d6": ("targetable", "hit_chance", "hit_chance_exact", "cover_level", "hits_on"),
              "enchanted-realms": ("targetable", "hit_chance", "hit_chance_exact", "cover"),
              "classic-d20": ("targetable", "hit_chance", "hit_chance_exact", "cover")}
"""What each system's overlay entries hold beside the hex."""


def moved(scenario, moving, qr):
    """The raw scenario without its overlay, with ``moving`` at ``qr`` (a bystander: one more creature there)."""
    s = copy.deepcopy(scenario)
    s.pop("overlay", None)
    defense = s.pop("overlay_defense", None)
    if s["system"] in ("skirmish-d6", "classic-d20"):
        s["map"][moving] = list(qr)
    elif moving == "bystander":
        names = {o["name"] for o in s.get("others", [])}
        s["others"] = [*s.get("others", []), {"name": next(n for n in (f"x{i}" for i in range(99)) if n not in names),
                                              "hex": list(qr), "defense": defense}]
    else:
        s.setdefault(moving, {})["hex"] = list(qr)
    return s


def expected_hexes(scenario, moving):
    """The drawn board's hexes (the view's own drawing) minus every other piece, within the inputs' range."""
    system = SYSTEMS[scenario["system"]]
    cells = VIEWS[system.id].board(scenario, None).cells
    clean = system.inputs.validate(scenario)
    if scenario["system"] == "skirmish-d6":
        m = clean["map"]
        pieces = {"attacker": m["attacker"], "target": m["target"]}
        others = [o["hex"] for o in m["obstacles"]] + [c["hex"] for c in m["creatures"]]
        limit = 999
    else:
        pieces = {"attacker": clean["attacker"]["hex"], "target": clean["target"]["hex"]}
        others = [o["hex"] for o in clean["others"]]
        limit = 99
    taken = {tuple(qr) for who, qr in pieces.items() if who != moving} | {tuple(qr) for qr in others}
    return [list(h.qr) for h in cells if h.qr not in taken and abs(h.q) <= limit and abs(h.r) <= limit]


def expected_squares(scenario, moving):
    """A square map's drawn squares (the sized board, or the 12 x 9 board grown to leave two squares around every
    piece, at most 100 each way) minus every other piece, within the inputs' range."""
    clean = SYSTEMS[scenario["system"]].inputs.validate(scenario)
    m = clean["map"]
    pieces = [m["attacker"], m["target"], *(o["hex"] for o in m["obstacles"]), *(c["hex"] for c in m["creatures"])]
    if m["cols"] is not None and m["rows"] is not None:
        cols, rows = range(m["cols"]), range(m["rows"])
    else:
        def span(low, high, centre):
            if high - low + 1 <= 100:
                return range(low, high + 1)
            start = min(max(low, centre - 50), high - 99)
            return range(start, start + 100)

        xs, ys = [p[0] for p in pieces], [p[1] for p in pieces]
        cols = span(min([0, *(x - 2 for x in xs)]), max([11, *(x + 2 for x in xs)]), xs[0])
        rows = span(min([0, *(y - 2 for y in ys)]), max([8, *(y + 2 for y in ys)]), ys[0])
    taken = {tuple(p) for p in pieces} - {tuple(m[moving])}
    return [[c, r] for r in rows for c in cols if (c, r) not in taken and abs(c) <= 999 and abs(r) <= 999]


def check_square_overlay(scenario, result, every):
    """``check_overlay`` on a square map: its ``squares`` list."""
    moving = scenario["overlay"]
    keys = ENTRY_KEYS[scenario["system"]]
    overlay = result["overlay"]
    assert overlay["moving"] == moving and "hexes" not in overlay
    assert [e["square"] for e in overlay["squares"]] == expected_squares(scenario, moving)
    step = every or max(1, len(overlay["squares"]) // 60)
    for entry in overlay["squares"][::step]:
        there = evaluate(moved(scenario, moving, entry["square"]))
        assert {k: entry[k] for k in keys} == {k: there[k] for k in keys}, (entry["square"], moving)
        assert set(entry) == {"square", *keys}
    return result


def check_overlay(scenario, every=1):
    """The overlay covers exactly the expected hexes, and every ``every``-th entry (None: about 60 spread over the
    board, and every stray hex) equals ``evaluate`` with the piece moved there (or the overlay fails with the same
    error evaluate gives there)."""
    moving = scenario["overlay"]
    keys = ENTRY_KEYS[scenario["system"]]
    try:
        result = evaluate(scenario)
    except ScenarioError as error:
        answers = []
        spots = expected_squares if (scenario.get("map") or {}).get("grid") == "square" else expected_hexes
        for qr in spots(scenario, moving):
            try:
                evaluate(moved(scenario, moving, qr))
            except ScenarioError as there:
                answers.append(there.errors)
        assert error.errors in answers, error.errors
        return None
    if (scenario.get("map") or {}).get("grid") == "square":
        return check_square_overlay(scenario, result, every)
    overlay = result["overlay"]
    assert overlay["moving"] == moving
    assert [e["hex"] for e in overlay["hexes"]] == expected_hexes(scenario, moving)
    step = every or max(1, len(overlay["hexes"]) // 60)
    strays = {tuple(slot["hex"]) for slot in result.get("friendly_fire", {}).get("slots", [])}
    checked = [e for i, e in enumerate(overlay["hexes"]) if i % step == 0 or tuple(e["hex"]) in strays]
    for entry in checked:
        there = evaluate(moved(scenario, moving, entry["hex"]))
        if moving == "bystander":
            mine = next(c for c in there["friendly_fire"]["creatures"] if c["hex"] == entry["hex"])
            there = {**there, "hit_chance": mine["struck_chance"], "hit_chance_exact": mine["struck_chance_exact"]}
        assert {k: entry[k] for k in keys} == {k: there[k] for k in keys}, (entry["hex"], moving)
        assert set(entry) == {"hex", *keys}
    return result


def hexes_of(result):
    """Overlay entries by hex."""
    return {tuple(e["hex"]): e for e in result["overlay"]["hexes"]}


__all__ = ["Hex", "check_overlay", "expected_hexes", "expected_squares", "hexes_of", "moved"]
