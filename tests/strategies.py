"""Hypothesis strategies for scenarios, built from each system's declared inputs (``pycore.schema``).

Three layers:

- ``field_values(field)``: any value the schema accepts for one field (every kind, range and choice).
- ``scenarios(system)``: whole scenarios that pass the schema *and* the system's cross-field checks
  (split dice that add up, one creature per hex, pieces on the board...), so ``evaluate`` must answer.
  Each field is given or left to its default at random, rulings are picked at random, and exactly
  one alternative (``Inputs.alternatives``) is used.
- ``mutated(system)``: such a scenario with one to three things broken (a wrong type, a number out of
  range, an unknown key or choice, a non-object where an object belongs, a cross-field conflict);
  ``evaluate`` must then answer or raise ``ScenarioError``, and for the schema-level breakages it
  must raise naming the broken field.

Lists are kept short (a few items) so each example stays fast; the schema's maxima are exercised
by their own examples in ``test_properties.py``.
"""

from __future__ import annotations

import copy
import functools
import math
from typing import Any

from hypothesis import strategies as st

from pycore import SYSTEMS
from pycore.maps.hex_map import board_cells
from pycore.maps.square_map import MOST_HEXES
from pycore.schema import Field, Inputs, nest

BUILT = tuple(sorted(SYSTEMS))
"""Every system that can be evaluated: the property tests cover each of them."""

SHORT_LIST = 6
"""Longest list drawn for ``ints`` and ``records`` fields (their schema maxima are 20 to 400)."""

HOSTILE_TEXT = (
    '<img src=x onerror="window.__pwned=1">',
    "</script><script>window.__pwned=1</script>",
    '"><svg onload=window.__pwned=1>',
    "javascript:window.__pwned=1",
    "{{7*7}} ${7*7} %s %n",
    "A&amp;B &lt;b&gt;",
    "\u202eevil\u202c",
    "Ünïcødé 🐉 名前",
    "\x00\x1f\x7f",
    "   ",
    "attacker",
    "Attacker ",
)
"""Strings a hostile link or a careless player could put in a text field."""

JSON_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
"""Any JSON value, small."""


def text_values(maximum: float | None) -> st.SearchStrategy[str]:
    """Text up to ``maximum`` characters: arbitrary Unicode, markup, and the hostile strings above."""
    limit = int(maximum) if maximum is not None else 200
    hostile = st.sampled_from([t[:limit] for t in HOSTILE_TEXT])
    return st.one_of(hostile, st.text(max_size=limit), st.text(alphabet="<>&\"'/= ", max_size=limit))


def int_values(field: Field) -> st.SearchStrategy[int]:
    """Whole numbers in the field's range, its ends drawn more often."""
    lo = int(field.minimum) if field.minimum is not None else -(10**6)
    hi = int(field.maximum) if field.maximum is not None else 10**6
    return st.one_of(st.sampled_from(sorted({lo, hi})), st.integers(lo, hi))


def number_values(field: Field) -> st.SearchStrategy[float | int]:
    """Numbers (floats and whole numbers) in the field's range."""
    lo = field.minimum if field.minimum is not None else -1e6
    hi = field.maximum if field.maximum is not None else 1e6
    return st.one_of(
        st.sampled_from(sorted({lo, hi})),
        st.floats(lo, hi, allow_nan=False, allow_infinity=False),
        st.integers(math.ceil(lo), math.floor(hi)),
    )


def hex_values(field: Field) -> st.SearchStrategy[list[int]]:
    """Axial hexes: mostly near the origin (so pieces meet), sometimes anywhere in range."""
    lo, hi = int(field.minimum), int(field.maximum)
    near = st.integers(max(lo, -5), min(hi, 5))
    far = st.integers(lo, hi)
    return st.one_of(st.lists(near, min_size=2, max_size=2), st.lists(far, min_size=2, max_size=2))


@functools.cache
def field_values(field: Field) -> st.SearchStrategy[Any]:
    """Any value the schema accepts for ``field`` (one strategy per field, kept: Hypothesis checks a strategy the
    first time it draws from it, which costs more than the draw)."""
    kind = field.kind
    if kind == "choice":
        return st.sampled_from(field.values)
    if kind == "bool":
        return st.booleans()
    if kind == "int":
        return int_values(field)
    if kind == "number":
        return number_values(field)
    if kind == "text":
        return text_values(field.maximum)
    if kind == "hex":
        return hex_values(field)
    if kind == "ints":
        item = Field("_", "int", "", minimum=field.minimum, maximum=field.maximum)
        return st.lists(int_values(item), max_size=min(field.max_items or SHORT_LIST, SHORT_LIST))
    if kind == "records":
        return st.lists(record_values(field), max_size=min(field.max_items or SHORT_LIST, SHORT_LIST))
    if kind == "point":
        return st.lists(number_values(field.each), min_size=2, max_size=2)
    if kind == "points":  # a short line, near the usual board most often
        near = st.lists(st.integers(-2, 14).map(lambda v: v / 2), min_size=2, max_size=2)
        anywhere = field_values(Field("_", "point", "", minimum=field.minimum, maximum=field.maximum))
        return st.lists(st.one_of(near, anywhere), min_size=2, max_size=min(3, field.max_items or 3))
    raise AssertionError(f"no strategy for kind {kind!r}")


def record_values(field: Field) -> st.SearchStrategy[dict[str, Any]]:
    """One item of a ``records`` field, each item field given or left to its default."""
    required = {f.path: field_values(f) for f in field.item_fields if f.default is None and not f.optional}
    optional = {f.path: field_values(f) for f in field.item_fields if f.path not in required}
    return st.fixed_dictionaries(required, optional=optional).map(nest)


@functools.cache  # one strategy per argument: see field_values
@st.composite
def flat_values(draw: st.DrawFn, inputs: Inputs, group: str) -> dict[str, Any]:
    """Dotted path -> value for a random subset of the fields usable with alternative ``group``."""
    flat: dict[str, Any] = {}
    for field in inputs.fields:
        if field.group and field.group != group:
            continue
        if draw(st.booleans()):
            continue  # left out: the default applies
        if field.optional and draw(st.integers(0, 5)) == 0:
            flat[field.path] = None  # an optional field may also be given as null
        else:
            flat[field.path] = draw(field_values(field))
    return flat


@functools.cache  # one strategy per argument: see field_values
@st.composite
def rulings_of(draw: st.DrawFn, inputs: Inputs) -> dict[str, str] | None:
    """Some of the system's rulings, each with one of its choices; or no ``rulings`` key at all."""
    if not inputs.rulings or draw(st.booleans()):
        return None
    chosen = draw(st.lists(st.sampled_from(inputs.rulings), unique_by=lambda r: r.id))
    return {r.id: draw(st.sampled_from(r.values)) for r in chosen}


# ---- the cross-field rules of each system, so that a drawn scenario is fully valid ----------------


def _distinct_names(names: list[str]) -> list[str]:
    """Names made non-empty, unique and never the attacker's reserved word."""
    out: list[str] = []
    for i, name in enumerate(names):
        if not name.strip() or name.strip().lower() == "attacker" or name in out:
            name = f"creature {i}"
        out.append(name)
    return out


NEAR = 5
"""With an overlay asked, pieces stand within this many hexes of the origin on each axis: the overlay covers
every hex of the board drawn around them, so pieces far apart would make each example thousands of evaluations
(far positions are drawn without an overlay)."""


def _near(hex_: list[int]) -> list[int]:
    return [(v + NEAR) % (2 * NEAR + 1) - NEAR for v in hex_]


def _coherent_enchanted_realms(draw: st.DrawFn, s: dict[str, Any]) -> None:
    if s.get("overlay", "none") != "none":
        for piece in ("attacker", "target"):
            if "hex" in s.get(piece, {}):
                s[piece]["hex"] = _near(s[piece]["hex"])
        for other in s.get("others") or []:
            other["hex"] = _near(other["hex"])
    attack = s.setdefault("attack", {})
    dice = attack.get("dice", 1)
    attacker = tuple(s.get("attacker", {}).get("hex", [0, 0]))
    target = s.setdefault("target", {}).get("hex", [4, 0])
    if tuple(target) == attacker:
        step = draw(st.sampled_from([1, 2, 4]))
        q = attacker[0] + step if attacker[0] + step <= 99 else attacker[0] - step  # stay on the declared range
        s["target"]["hex"] = target = [q, attacker[1]]
    if attack.get("split") is not None:
        # a random composition of the pool: the groups add up to attack.dice
        cuts = sorted(draw(st.sets(st.integers(1, dice - 1), max_size=min(dice - 1, 4)))) if dice > 1 else []
        edges = [0, *cuts, dice]
        attack["split"] = [b - a for a, b in zip(edges, edges[1:])]
    if attack.get("rolls") is not None:
        attack["rolls"] = (attack["rolls"] * dice)[:dice] if attack["rolls"] else [draw(st.integers(1, 20))] * dice
    split = attack.get("split")
    if attack.get("d10") is not None and (split is not None or attack.get("rolls") is None):
        del attack["d10"]
    if attack.get("d10s") is not None:
        if split is None or attack.get("rolls") is None:
            del attack["d10s"]
        else:
            attack["d10s"] = [draw(st.integers(1, 10)) for _ in split]
    others = s.get("others")
    if others:
        names = _distinct_names([o.get("name", "") for o in others])
        taken = {attacker, tuple(target)}
        kept = []
        for other, name in zip(others, names):
            if tuple(other["hex"]) in taken:
                continue
            taken.add(tuple(other["hex"]))
            kept.append({**other, "name": name})
        s["others"] = kept
    if (s.get("rulings") or {}).get("er.ruling.attacker-hex") == "struck":
        s.setdefault("attacker", {})["defense"] = draw(st.integers(0, 60))
    if s.get("overlay") == "bystander" and s.get("overlay_defense") is None:
        s["overlay_defense"] = draw(st.integers(0, 60))


def _coherent_classic_d20(draw: st.DrawFn, s: dict[str, Any]) -> None:
    target = s.setdefault("target", {})
    for who in ("cover", "concealment"):
        if target.get(f"{who}_example", "none") != "none":
            target.pop(who, None)  # the picked situation sets the percentage
    if "map" in s or "overlay" in s or "pairings" in s:  # an overlay or pairings alone make a map scenario
        # the pieces as on a d6 map; each height on its own hex of the board; one AC for all the protectors
        m = s.setdefault("map", {})
        _coherent_skirmish_d6(draw, s)
        if "elevation" in m:
            cells = [list(h.qr) for h in board_cells(m.get("cols") or 12, m.get("rows") or 9)]
            seen: set[tuple[int, int]] = set()
            kept = []
            for item in m["elevation"]:
                spot = item["hex"] if m.get("cols") is None else draw(st.sampled_from(cells))
                if tuple(spot) not in seen:
                    seen.add(tuple(spot))
                    kept.append({**item, "hex": spot})
            m["elevation"] = kept
        if target.get("protector_ac") is not None:
            target["protector_ac"] = target["protector_ac"][:1] or [10]
        return
    acs = target.get("protector_ac")
    n = target.get("protectors", 0)
    if acs is not None and (n == 0 or len(acs) not in (1, n)):
        if n and acs:
            target["protector_ac"] = (acs * n)[:n] if draw(st.booleans()) else acs[:1]
        else:
            del target["protector_ac"]


def _coherent_skirmish_d6(draw: st.DrawFn, s: dict[str, Any]) -> None:
    if "map" in s or "overlay" in s or "pairings" in s:  # an overlay or pairings alone make a map scenario
        m = s.setdefault("map", {})
        sized = m.get("cols") is not None or m.get("rows") is not None
        if sized:  # a size is both or neither
            m["cols"], m["rows"] = m.get("cols") or 12, m.get("rows") or 9
        cols, rows = m.get("cols") or 12, m.get("rows") or 9
        # keep each example fast (a board of up to 200 hexes) and on a hex board's sides (the fields allow a square
        # map's longer ones)
        if cols * rows > 200 or max(cols, rows) > MOST_HEXES:
            cols, rows = draw(st.integers(3, 14)), draw(st.integers(3, 14))
            if sized:
                m["cols"], m["rows"] = cols, rows
        # without a size, the pieces stand anywhere: the same layout, moved by up to 999 - 40 hexes (an overlay
        # covers the whole drawing, up to 100 x 100 hexes when the pieces are far from the origin: kept near it)
        near = sized or s.get("overlay", "none") != "none"
        dq, dr = (0, 0) if near else (draw(st.integers(-959, 959)), draw(st.integers(-959, 959)))
        cells = [[q + dq, r + dr] for q, r in (h.qr for h in board_cells(cols, rows))]
        wanted = 2 + len(m.get("obstacles", [])) + len(m.get("creatures", []))
        spots = draw(st.lists(st.sampled_from(cells), min_size=min(wanted, len(cells)), max_size=min(wanted, len(cells)),
                              unique_by=tuple))
        m["attacker"], m["target"] = spots[0], spots[1]
        rest = iter(spots[2:])
        for key in ("obstacles", "creatures"):
            if key in m:
                m[key] = [{**item, "hex": spot} for item, spot in zip(m[key], rest)]
        if m.get("elevation"):  # heights on distinct hexes of the board, pieces' hexes included
            ground = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=min(len(m["elevation"]), len(cells)),
                                   unique_by=tuple))
            m["elevation"] = [{**item, "hex": spot} for item, spot in zip(m["elevation"], ground)]
        return
    attack, attacker, target = s.get("attack", {}), s.get("attacker", {}), s.get("target", {})
    if (attacker.get("blinded") or target.get("invisible")) and attack.get("distance") is None:
        s.setdefault("attack", {})["distance"] = draw(st.sampled_from([0, 0.5, 1, 1.5, 6, 24]))


def _on_squares(draw: st.DrawFn, s: dict[str, Any]) -> None:
    """A square map's pieces on distinct squares of its board (the hex layout's squares are other cells)."""
    m = s.get("map")
    if not isinstance(m, dict) or m.get("grid") != "square":
        return
    cols, rows = m.get("cols") or 12, m.get("rows") or 9
    cells = [[c, r] for r in range(rows) for c in range(cols)]
    wanted = 2 + len(m.get("obstacles", [])) + len(m.get("creatures", []))
    spots = draw(st.lists(st.sampled_from(cells), min_size=min(wanted, len(cells)), max_size=min(wanted, len(cells)),
                          unique_by=tuple))
    m["attacker"], m["target"] = spots[0], spots[1]
    rest = iter(spots[2:])
    for key in ("obstacles", "creatures"):
        if key in m:
            m[key] = [{**item, "hex": spot} for item, spot in zip(m[key], rest)]
    if m.get("elevation"):
        ground = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=min(len(m["elevation"]), len(cells)),
                               unique_by=tuple))
        m["elevation"] = [{**item, "hex": spot} for item, spot in zip(m["elevation"], ground)]


def _coherent_enchanted_realms_hexes(draw: st.DrawFn, s: dict[str, Any]) -> None:
    _coherent_enchanted_realms(draw, s)
    if isinstance(s.get("map"), dict):
        s["map"]["grid"] = "hex"  # a square map is refused, naming map.grid


def _coherent_classic_d20_any(draw: st.DrawFn, s: dict[str, Any]) -> None:
    _coherent_classic_d20(draw, s)
    _on_squares(draw, s)


def _coherent_skirmish_d6_any(draw: st.DrawFn, s: dict[str, Any]) -> None:
    _coherent_skirmish_d6(draw, s)
    _on_squares(draw, s)


COHERENT = {
    "enchanted-realms": _coherent_enchanted_realms_hexes,
    "classic-d20": _coherent_classic_d20_any,
    "skirmish-d6": _coherent_skirmish_d6_any,
}
"""System id -> a function that makes a schema-valid scenario pass the system's cross-field checks."""

REGION_KINDS = {"classic-d20": ("fog", "brush", "screen"),
                "skirmish-d6": ("dark", "dim", "bright", "radiant", "brush", "dense-brush"),
                "enchanted-realms": ("obscured",)}
"""The region kinds each system reads (its ``regions.KINDS``), written out so a test notices one going missing."""


def _placed_hexes(scenario: dict[str, Any]) -> list[list[int]]:
    """Every cell a valid scenario already puts something on (so on its board, whatever the board's size)."""
    m = scenario.get("map", {})
    cells = [m.get("attacker"), m.get("target"), *(item.get("hex") for key in ("obstacles", "creatures", "elevation")
                                                   for item in m.get(key, []))]
    cells += [scenario.get(who, {}).get("hex") for who in ("attacker", "target")]
    cells += [o.get("hex") for o in scenario.get("others", [])]
    return [list(c) for c in cells if c is not None]


@st.composite
def region_lists(draw: st.DrawFn, system: str, scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Up to three regions the system reads, valid for the scenario's grid: a few of its placed hexes, or a
    rectangle or a triangle of half square_map."""
    grid = scenario.get("map", {}).get("grid", "hex")
    placed = _placed_hexes(scenario) or [[0, 0]]
    out = []
    for _ in range(draw(st.integers(0, 3))):
        item: dict[str, Any] = {"kind": draw(st.sampled_from(REGION_KINDS[system]))}
        if grid == "hex":
            hexes = draw(st.lists(st.sampled_from(placed), min_size=1, max_size=4))
            item["hexes"] = [list(h) for h in dict.fromkeys(tuple(h) for h in hexes)]
        else:
            half = st.integers(-2, 28).map(lambda v: v / 2)
            x0, y0, x1, y1 = draw(half), draw(half), draw(half), draw(half)
            if x0 == x1 or y0 == y1:
                x1, y1 = x0 + 2, y0 + 3
            corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
            item["points"] = corners if draw(st.booleans()) else corners[:3]
        if item["kind"] == "obscured":
            if draw(st.booleans()):
                item["penalty"] = draw(st.integers(0, 6))
            if draw(st.booleans()):
                item["blind"] = draw(st.booleans())
        out.append(item)
    return out


@functools.cache  # one strategy per argument: see field_values
@st.composite
def scenarios(draw: st.DrawFn, system: str) -> dict[str, Any]:
    """A fully valid scenario for ``system``: ``evaluate`` must return a result for it."""
    inputs = SYSTEMS[system].inputs
    group = draw(st.sampled_from([name for name, _ in inputs.alternatives])) if inputs.alternatives else ""
    flat = draw(flat_values(inputs, group))
    if group and group != inputs.alternatives[0][0] and not any(
            p for p in flat if any(p == r or p.startswith(r + ".") for r in inputs.group_roots(group))):
        # an alternative other than the default is only chosen by giving one of its fields
        root = inputs.group_roots(group)[0]
        field = next(f for f in inputs.fields if f.path == root or f.path.startswith(root + "."))
        flat[field.path] = draw(field_values(field))
    scenario = {"system": system, **nest(flat)}
    rulings = draw(rulings_of(inputs))
    if rulings is not None:
        scenario["rulings"] = rulings
    scenario.pop("area", None)  # an area's coherent inputs are drawn by its own tests (``test_areas``)
    COHERENT[system](draw, scenario)
    if isinstance(scenario.get("map"), dict) and "regions" in scenario["map"]:
        scenario["map"]["regions"] = draw(region_lists(system, scenario))
    return scenario


# ---- breaking a valid scenario ----------------------------------------------------------------------

WRONG_TYPE = {
    "choice": st.one_of(st.integers(-5, 200), st.text(max_size=12), st.booleans(), st.lists(st.integers(), max_size=2)),
    "int": st.one_of(st.text(max_size=6), st.booleans(), st.integers(-100, 100).map(lambda i: i + 0.5),
                     st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)),
    "number": st.one_of(st.text(max_size=6), st.booleans(), st.lists(st.integers(), max_size=2),
                        st.sampled_from([math.inf, -math.inf, math.nan])),
    "bool": st.one_of(st.integers(), st.text(max_size=6), st.lists(st.booleans(), max_size=2)),
    "text": st.one_of(st.integers(), st.booleans(), st.lists(st.text(max_size=3), max_size=2),
                      st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2)),
    "hex": st.one_of(st.integers(), st.text(max_size=6), st.lists(st.integers(-3, 3), max_size=5).filter(lambda xs: len(xs) != 2),
                     st.lists(st.one_of(st.text(max_size=2), st.integers(-9, 9).map(lambda i: i + 0.25), st.booleans()),
                              min_size=2, max_size=2)),
    "ints": st.one_of(st.integers(), st.text(max_size=6), st.lists(st.text(max_size=2), min_size=1, max_size=3),
                      st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)),
    "records": st.one_of(st.integers(), st.text(max_size=6), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)),
    "point": st.one_of(st.integers(), st.text(max_size=6),
                       st.lists(st.integers(-3, 3), max_size=5).filter(lambda xs: len(xs) != 2)),
    "points": st.one_of(st.integers(), st.text(max_size=6), st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2),
                                                                       max_size=1)),
}
"""Per kind, values of a wrong JSON type (or not finite): the schema must refuse each."""


def out_of_range(field: Field) -> st.SearchStrategy[Any] | None:
    """Values of the right type just or far outside the field's range; None when the field has no range."""
    if field.kind in ("int", "number", "hex", "ints"):
        options = []
        if field.minimum is not None:
            lo = int(field.minimum)
            options.append(st.integers(lo - 10**9, lo - 1))
        if field.maximum is not None:
            hi = int(field.maximum)
            options.append(st.integers(hi + 1, hi + 10**9))
        if not options:
            return None
        bad = st.one_of(options)
        if field.kind == "hex":
            return st.tuples(bad, st.integers(-2, 2), st.booleans()).map(lambda t: [t[0], t[1]] if t[2] else [t[1], t[0]])
        if field.kind == "ints":
            return st.tuples(bad, st.lists(st.integers(int(field.minimum or 0), int(field.maximum or 0)), max_size=2)).map(
                lambda t: [*t[1], t[0]])
        return bad
    if field.kind == "text" and field.maximum is not None:
        return st.text(min_size=int(field.maximum) + 1, max_size=int(field.maximum) + 20)
    if field.kind in ("ints", "records") and field.max_items is not None:
        return None
    return None


MUTATIONS = ("wrong-type", "out-of-range", "unknown-key", "bad-choice", "not-object", "junk", "drop",
             "bad-ruling", "record-items", "cross-field")
"""Ways to break a scenario; the first five (and bad rulings) must be errors naming the broken field."""


def _is_allowed_choice(field: Field, value: Any) -> bool:
    return any(value == allowed and type(value) is type(allowed) for allowed in field.values)


def _known_keys(inputs: Inputs, parent: str) -> set[str]:
    prefix = parent + "." if parent else ""
    keys = {f.path[len(prefix):].split(".")[0] for f in inputs.fields if f.path.startswith(prefix)}
    return keys | ({"system", "rulings"} if not parent else set())


def _overlaps(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


@functools.cache  # one strategy per argument: see field_values
@st.composite
def mutated(draw: st.DrawFn, system: str) -> tuple[dict[str, Any], list[str]]:
    """A broken scenario, and the paths its errors must name (empty when it may even pass).

    A field is "named" when some error's field is that path, inside it or around it. A later
    mutation that overwrites an earlier one's place takes its duty to be named away.
    """
    scenario = copy.deepcopy(draw(scenarios(system)))
    inputs = SYSTEMS[system].inputs
    hows = draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3))
    hows.sort(key=lambda h: h != "cross-field")  # cross-field first: it may rewrite whole objects
    must_name: list[str] = []

    def touched(path: str, named: bool) -> None:
        must_name[:] = [m for m in must_name if not _overlaps(m, path)]
        if named:
            must_name.append(path)

    for how in hows:
        field = draw(st.sampled_from(inputs.fields))
        path = field.path
        if how == "cross-field":
            scenario = draw(_cross_field_break(system, scenario))
        elif how == "wrong-type":
            value = draw(WRONG_TYPE[field.kind].filter(lambda v: not (field.kind == "choice" and _is_allowed_choice(field, v))))
            _put(scenario, path, value)
            touched(path, True)
        elif how == "out-of-range":
            bad = out_of_range(field)
            if bad is not None:
                _put(scenario, path, draw(bad))
                touched(path, True)
        elif how == "unknown-key":
            parent = path.rsplit(".", 1)[0] if "." in path else ""
            key = draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz_<>\"' ", min_size=1, max_size=10))
            if key not in _known_keys(inputs, parent):
                where = f"{parent}.{key}" if parent else key
                _put(scenario, where, draw(JSON_JUNK))
                touched(where, True)
        elif how == "bad-choice" and field.kind == "choice":
            value = draw(st.one_of(st.text(max_size=12), st.integers(-5, 300)).filter(
                lambda v: not _is_allowed_choice(field, v)))
            _put(scenario, path, value)
            touched(path, True)
        elif how == "not-object" and "." in path:
            parent = path.split(".")[0]
            _put(scenario, parent, draw(st.one_of(st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2))))
            touched(parent, True)
        elif how == "junk":
            _put(scenario, path, draw(JSON_JUNK))
            touched(path, False)
        elif how == "drop":
            _drop(scenario, path)
            touched(path, False)
        elif how == "bad-ruling":
            known = {r.id: r for r in inputs.rulings}
            kind = draw(st.sampled_from(["choice", "unknown", "not-object"] if known else ["unknown", "not-object"]))
            if kind == "not-object":
                scenario["rulings"] = draw(st.one_of(st.lists(st.text(max_size=3), max_size=2), st.text(max_size=4),
                                                     st.integers(), st.booleans()))
                touched("rulings", True)
                continue
            if not isinstance(scenario.get("rulings"), dict):
                scenario["rulings"] = {}
            if kind == "choice":
                ruling = draw(st.sampled_from(sorted(known.values(), key=lambda r: r.id)))
                scenario["rulings"][ruling.id] = draw(st.one_of(st.text(max_size=8), st.integers(), st.none(),
                                                                st.lists(st.text(max_size=2), max_size=1)).filter(
                    lambda v: v not in ruling.values))
                touched(f"rulings.{ruling.id}", True)
            else:
                rid = draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in known))
                scenario["rulings"][rid] = draw(st.sampled_from(["", "default", "x"]))
                touched(f"rulings.{rid}", True)
        elif how == "record-items" and field.kind == "records":
            _put(scenario, path, draw(st.lists(st.one_of(JSON_JUNK, record_values(field)), min_size=1, max_size=3)))
            touched(path, False)
    return scenario, must_name


@st.composite
def _cross_field_break(draw: st.DrawFn, system: str, s: dict[str, Any]) -> dict[str, Any]:
    """Break one of the rules that only the system (not the schema) checks."""
    s = copy.deepcopy(s)
    if system == "enchanted-realms":
        which = draw(st.sampled_from(["same-hex", "split", "rolls", "d10", "names"]))
        attack = s.setdefault("attack", {}) if isinstance(s.get("attack"), dict) else {}
        if which == "same-hex" and isinstance(s.get("target"), dict):
            attacker = s.get("attacker")
            s["target"]["hex"] = list((attacker or {}).get("hex", [0, 0])) if isinstance(attacker, dict) else [0, 0]
        elif which == "split":
            attack["split"] = draw(st.lists(st.integers(1, 20), max_size=4))
        elif which == "rolls":
            attack["rolls"] = draw(st.lists(st.integers(1, 20), max_size=20))
        elif which == "d10":
            attack["d10"] = draw(st.integers(1, 10))
            attack["d10s"] = draw(st.lists(st.integers(1, 10), max_size=3))
        else:
            names = draw(st.lists(st.sampled_from(["", "a", "a", "Attacker"]), min_size=1, max_size=3))
            s["others"] = [{"name": n, "hex": [1, 1], "defense": 10} for n in names]
    elif system == "classic-d20":
        target = s.setdefault("target", {}) if isinstance(s.get("target"), dict) else {}
        target["protector_ac"] = draw(st.lists(st.integers(-20, 40), max_size=4))
        target["cover_example"] = draw(st.sampled_from(["knees", "window", "none"]))
        target["cover"] = draw(st.sampled_from([0, 25, 50, 100]))
    elif system == "skirmish-d6":
        if "map" in s and isinstance(s["map"], dict):
            s["map"]["cols"], s["map"]["rows"] = draw(st.integers(3, 5)), 5
            s["map"]["target"] = (s["map"].get("attacker") or [0, 0])
        else:
            s.setdefault("attacker", {})
            if isinstance(s["attacker"], dict):
                s["attacker"]["blinded"] = True
            if isinstance(s.get("attack"), dict):
                s["attack"].pop("distance", None)
            if draw(st.booleans()):
                s["map"] = {"cols": 5, "rows": 5}
    return s


def _put(scenario: dict[str, Any], path: str, value: Any) -> None:
    """Set ``value`` at a dotted path, making objects on the way (replacing non-objects)."""
    node = scenario
    *parents, leaf = path.split(".")
    for part in parents:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[leaf] = value


def _drop(scenario: dict[str, Any], path: str) -> None:
    node: Any = scenario
    *parents, leaf = path.split(".")
    for part in parents:
        if not isinstance(node, dict) or part not in node:
            return
        node = node[part]
    if isinstance(node, dict):
        node.pop(leaf, None)


@st.composite
def square_maps(draw, system="skirmish-d6"):
    """A small square board with pieces, walls, outlines, low walls and doors (open or closed) on half squares, and a
    light; every ruling a square map meets drawn."""
    cols, rows = draw(st.integers(3, 7)), draw(st.integers(3, 6))
    cells = [[c, r] for r in range(rows) for c in range(cols)]
    spots = draw(st.permutations(cells))
    n = draw(st.integers(2, min(6, len(cells) - 1)))
    half = st.tuples(st.integers(0, 2 * cols), st.integers(0, 2 * rows)).map(lambda p: [p[0] / 2, p[1] / 2])
    lines = st.lists(half, min_size=2, max_size=3).filter(lambda ps: ps[0] != ps[1])
    m = {"grid": "square", "cols": cols, "rows": rows, "attacker": spots[0], "target": spots[1],
         "obstacles": [{"hex": h, "kind": draw(st.sampled_from(["partial", "total"]))} for h in spots[2:n]],
         "walls": [{"points": p, "kind": draw(st.sampled_from(["wall", "object", "low"]))}
                   for p in draw(st.lists(lines, max_size=4))],
         "doors": [{"points": p[:2], "open": draw(st.booleans())} for p in draw(st.lists(lines, max_size=2))],
         "lights": [{"at": draw(half), "range": draw(st.sampled_from([0, 1.5, 3]))} for _ in range(draw(st.integers(0, 1)))]}
    if system == "skirmish-d6":
        rulings = {"d6.ruling.edge-line": draw(st.sampled_from(["fewer", "more"])),
                   "d6.ruling.square-diagonal": draw(st.sampled_from(["one", "alternate"])),
                   "d6.ruling.map-objects": draw(st.sampled_from(["total", "partial"])),
                   "d6.ruling.map-low-walls": draw(st.sampled_from(["partial", "ignore"])),
                   "d6.ruling.map-light": draw(st.sampled_from(["lights", "scenario"]))}
        return {"system": system, "attack": {"hits_on": draw(st.integers(2, 6))}, "map": m, "rulings": rulings,
                "light": draw(st.sampled_from(["dark", "dim", "bright"])),
                "overlay": draw(st.sampled_from(["target", "attacker"]))}
    rulings = {"d20.ruling.map-cover": draw(st.sampled_from(["down", "up"])),
               "d20.ruling.square-diagonal": draw(st.sampled_from(["one", "alternate"])),
               "d20.ruling.map-objects": draw(st.sampled_from(["block", "ignore"])),
               "d20.ruling.map-low-walls": draw(st.sampled_from(["knees", "block"]))}
    m["obstacles"] = [{"hex": o["hex"]} for o in m["obstacles"]]
    return {"system": system, "attack": {"to_hit": draw(st.integers(5, 20))}, "target": {"ac": draw(st.integers(-2, 8))},
            "map": m, "rulings": rulings, "overlay": draw(st.sampled_from(["target", "attacker"]))}
