"""Properties of the engine over generated scenarios, for every built system (strategies in tests/strategies.py).

- A valid scenario always gets a result; a broken one gets a result or a ScenarioError, never any
  other exception, and a schema-level breakage is an error naming the broken field.
- Every probability is in [0, 1], floats agree with their exact fractions, and chances that are
  parts of a whole add up (distributions sum to 1; a bystander is never struck more often than the
  attack misses; protectors are struck only on rolls that miss the target).
- Results are deterministic, JSON-serialisable, leave the scenario untouched, and always render.
- The page's engine API (``pycore.page.handler.handle``) and the link decoder never raise on any text.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import json
import math
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import BUILT, mutated, scenarios

from pycore import RULES, RULINGS, SYSTEMS, ScenarioError, evaluate, ref
from pycore.page.handler import decode_fragment, encode_fragment, handle, nesting_depth
from pycore.page.render import result_html

VALID_EXAMPLES = 1200
"""Valid scenarios drawn per system, in CI too."""
BROKEN_EXAMPLES = 800
"""Broken scenarios drawn per system: with the valid ones, 2,000 scenarios per system."""
EXAMPLES = 2000
"""Per fuzzed entry point of the page's API."""


def scenario_settings(examples: int) -> settings:
    """Hypothesis settings for drawing whole scenarios, ``examples`` of them per system."""
    return settings(max_examples=examples, deadline=None,
                    # Scenarios are nested objects built field by field from the schema; Hypothesis finds that
                    # slow-ish to draw and large, which is what we want here (every field of every system).
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


FUZZ = settings(max_examples=EXAMPLES, deadline=None)

ONE = Fraction(1)


# ---- walking a result -----------------------------------------------------------------------------


def walk(node: Any, path: str = ""):
    """Every (dotted path, key, value) in a nested result."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}" if path else str(key)
            yield here, str(key), value
            yield from walk(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}.{i}")


def is_chance_key(key: str) -> bool:
    """Keys that hold a probability: ``hit_chance``, ``struck_chance``, ``chance_before``, ``chance``..."""
    return "chance" in key


def frac(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def check_probabilities(result: dict[str, Any]) -> None:
    """Every chance (a float, an exact fraction, or a map of them) is in [0, 1]; each float equals its fraction."""
    for path, key, value in walk(result):
        if "chance" not in key or value is None or isinstance(value, list):
            continue
        for name, v in (value.items() if isinstance(value, dict) else [("", value)]):
            where = f"{path}.{name}" if name else path
            if isinstance(v, str):
                p = Fraction(v)
            else:
                assert isinstance(v, (int, float)) and not isinstance(v, bool), f"{where}: {v!r}"
                assert math.isfinite(v), f"{where}: {v!r}"
                p = Fraction(v)
            assert 0 <= p <= 1, f"{where}: {v!r} is not a probability"
        if key.endswith("chance") and not isinstance(value, str):
            exact = _lookup(result, path + "_exact")
            if isinstance(value, dict):
                assert exact is not None and set(exact) == set(value)
                assert all(value[k] == float(Fraction(exact[k])) for k in value), path
            elif exact is not None:
                assert value == float(Fraction(exact)), f"{path}: {value} != {exact}"


def _lookup(result: Any, path: str) -> Any:
    node = result
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def distribution(entries: list[dict[str, Any]]) -> list[Fraction]:
    """A ``[{"hits": k, "chance_exact": ...}]`` list as fractions, checked to be a whole distribution."""
    assert [e["hits"] for e in entries] == list(range(len(entries)))
    dist = [Fraction(e["chance_exact"]) for e in entries]
    assert sum(dist) == ONE, f"distribution sums to {sum(dist)}"
    return dist


def mean(dist: list[Fraction]) -> Fraction:
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


# ---- per-system parts of a whole ------------------------------------------------------------------


def check_enchanted_realms(s: dict[str, Any], r: dict[str, Any]) -> None:
    dice = r["dice"]
    assert sum(r["groups"]) == dice
    p = Fraction(r["die_hit_chance_exact"])
    dist = distribution(r["hits_distribution"])
    assert len(dist) == dice + 1
    hit = Fraction(r["hit_chance_exact"])
    assert hit == 1 - dist[0] == 1 - (1 - p) ** dice
    assert Fraction(r["expected_hits_exact"]) == mean(dist) == dice * p
    if not r["targetable"]:
        assert hit == 0
    if r["needs"] is not None:
        assert 2 <= r["needs"] <= 20 and p > 0
    ff = r["friendly_fire"]
    groups = ff["groups"]
    assert [g["dice"] for g in groups] == r["groups"]
    stray = Fraction(ff["stray_chance_exact"])
    if not ff["applies"]:
        assert stray == 0 and all(Fraction(x) == 0 for x in ff["struck_chance_exact"].values())
    miss = 1 - Fraction(r["die_hit_chance_exact"])
    for g in groups:
        g_stray = Fraction(g["stray_chance_exact"])
        assert g_stray in (0, miss ** g["dice"]), "a group strays only when all its dice miss"
    if len(groups) == 1 and ff["applies"]:
        assert stray == 1 - hit, "one attack strays exactly when it misses"
    # a creature can be struck only by a group that missed entirely and whose d10 picked its slot
    bound = 1 - math.prod((1 - Fraction(g["stray_chance_exact"]) / 10 for g in groups), start=ONE)
    names = set()
    total = Fraction(0)
    for c in ff["creatures"]:
        names.add(c["name"])
        struck = Fraction(c["struck_chance_exact"])
        cdist = distribution(c["hits_distribution"])
        assert len(cdist) == dice + 1
        assert struck == 1 - cdist[0]
        assert Fraction(c["expected_hits_exact"]) == mean(cdist)
        assert struck <= stray <= 1
        assert struck <= bound, f"{c['name']}: struck {struck} > {bound}"
        if len(groups) == 1:
            assert struck <= 1 - hit, "a creature is never struck more often than the attack misses"
        if not c["can_be_struck"]:
            assert struck == 0
        assert Fraction(ff["struck_chance_exact"][c["name"]]) == struck
        total += struck
    assert names == set(ff["struck_chance"]) == set(ff["struck_chance_exact"])
    if len(groups) == 1:
        assert total <= stray, "one d10 picks one slot: the bystanders' chances add up to at most the stray chance"
    res = r.get("resolution")
    if res is not None:
        assert 0 <= res["hits"] <= dice
        if res["hits"]:
            assert hit > 0, "a resolved hit must have had a chance"
        assert sum(res["struck_by"].values()) <= dice
        for name, n in res["struck_by"].items():
            assert n >= 1
            chance = ff["struck_chance_exact"].get(name)
            assert chance is not None and Fraction(chance) > 0, f"{name} was struck with no chance of it"
        if res["struck"] is not None:
            assert res["struck"] in res["struck_by"]


def check_classic_d20(s: dict[str, Any], r: dict[str, Any]) -> None:
    hit = frac(r["hit_chance_exact"])
    base = frac(r["base_hit_chance_exact"])
    if hit is None:
        assert r["targetable"] and base is None and (s.get("attack") or {}).get("to_hit") is None
    if not r["targetable"]:
        assert hit == 0
    convention = r["ac_convention"]
    sign = -1 if convention == "descending" else 1
    assert r["effective_ac"] == r["base_ac"] + sign * r["defense_bonus"]
    steps = r["steps"]
    before = base
    for step in steps:
        assert frac(step["chance_before"]) == before, "each step starts where the one before it ended"
        before = frac(step["chance_after"])
    if r["targetable"]:
        assert before == hit, "the last step ends at the final chance"
    assert r["cover"] in (0, 25, 50, 75, 90, 100) and r["concealment"] in (0, 25, 50, 75, 90, 100)
    prot = r["protectors"]
    if prot is not None:
        assert hit is not None
        struck = [Fraction(p["chance_exact"]) for p in prot["struck"]]
        any_struck = Fraction(prot["any_struck_exact"])
        assert any_struck == sum(struck)
        saved = prot["saved_rolls"]
        assert all(1 <= roll <= 20 for roll in saved) and len(set(saved)) == len(saved)
        assert any_struck <= Fraction(len(saved), 20) <= 1 - hit, "protectors are struck only on rolls that miss"
        for p in prot["struck"]:
            assert set(p["rolls"]) <= set(saved)
    acc = r["accidental"]
    if acc is not None and acc["hit_chance_exact"] is not None:
        assert Fraction(acc["hit_chance_exact"]) <= Fraction(acc["chance_exact"])
    if "overlay" in r:  # the entry where the moving piece stands is the answer itself
        key = "squares" if r["map"].get("grid") == "square" else "hexes"
        here = [e for e in r["overlay"][key] if e[key[:-2] if key == "hexes" else "square"] ==
                r["map"][r["overlay"]["moving"]]]
        assert len(here) <= 1
        for e in here:
            assert (e["targetable"], e["cover"], e["hit_chance_exact"]) == (r["targetable"], r["cover"], r["hit_chance_exact"])


def check_skirmish_d6(s: dict[str, Any], r: dict[str, Any]) -> None:
    hit = frac(r["hit_chance_exact"])
    assert r["cover_level"] in (0, 1, 2, "total")
    if not r["targetable"]:
        assert hit == 0 and r["hits_on"] is None
    if r["hits_on"] is not None:
        assert 2 <= r["hits_on"] <= 6
        assert hit == Fraction(7 - r["hits_on"], 6), "hits on N+ is (7 - N) in 6"
    if r["cover_level"] == "total" and (s.get("attack") or {}).get("kind") != "area-spell":
        assert not r["targetable"]
    applied = [m for m in r["modifiers"] if m["applied"]]
    assert sum(m["value"] for m in applied) == r["attack_modifier"] or not r["targetable"]
    assert len([m for m in applied if m["value"] > 0]) <= 1 and len([m for m in applied if m["value"] < 0]) <= 1, \
        "at most the largest bonus and the largest penalty apply"
    for who in ("attacker", "target"):
        assert set(r["size"][who]) == {"movement", "dodge_dc", "health_dc", "melee_damage", "rend", "melee_range"}
    if "map" in r and r["map"].get("grid") == "square":
        assert set(r["map"]["walls"]) <= {f"map.{k}.{i}" for k in ("walls", "doors")
                                          for i in range(len(s["map"].get(k, [])))}
        if "overlay" in r:  # the entry where the moving piece stands is the answer itself
            moving = r["overlay"]["moving"]
            here = [e for e in r["overlay"]["squares"] if e["square"] == s["map"][moving]]
            assert len(here) == 1
            assert (here[0]["cover_level"], here[0]["hit_chance_exact"]) == (r["cover_level"], r["hit_chance_exact"])
    elif "map" in r:
        assert 0 <= r["map"]["path_used"] < len(r["map"]["paths"])


CHECKS = {"enchanted-realms": check_enchanted_realms, "classic-d20": check_classic_d20, "skirmish-d6": check_skirmish_d6}


def check_result(scenario: dict[str, Any], result: dict[str, Any]) -> None:
    """Everything every result must satisfy, then the system's own parts-of-a-whole checks."""
    system = SYSTEMS[scenario["system"]]
    assert result["system"] == system.id
    assert isinstance(result["targetable"], bool)
    assert (result["hit_chance"] is None) == (result["hit_chance_exact"] is None)
    check_probabilities(result)
    for rule in result["rules"]:
        assert rule["id"] in RULES and rule["ref"] == ref(rule["id"])
    assert set(result["rulings_used"]) <= {r.id for r in system.rulings}
    assert all(rid in RULINGS for rid in result["rulings_used"])
    assert all(isinstance(n, str) and n for n in result["notes"])
    CHECKS[system.id](scenario, result)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


SAFE_TAGS = {"div", "p", "strong", "span", "dl", "dt", "dd", "ul", "ol", "li", "a", "code", "table", "thead", "tbody",
             "tr", "th", "td", "caption", "svg", "g", "path", "polygon", "line", "circle", "text", "title", "desc",
             "rect", "use", "defs", "symbol", "polyline", "tspan", "figure", "figcaption", "em", "small", "details",
             "summary", "marker", "section", "h3", "h4", "br"}


def assert_inert(html: str) -> None:
    """Rendered output holds only our own kinds of elements: no script, no handler, no javascript: link."""
    parser = _Tags()
    parser.feed(html)
    parser.close()
    for tag, attrs in parser.tags:
        assert tag in SAFE_TAGS, f"unexpected <{tag}> in rendered output"
        for name, value in attrs:
            assert not name.startswith("on"), f"event handler {name} on <{tag}>"
            if name in ("href", "src", "xlink:href"):
                assert not (value or "").strip().lower().startswith(("javascript:", "data:")), value


# ---- the properties -----------------------------------------------------------------------------

def test_every_built_system_is_covered():
    """The strategies know how to make each built system's scenarios coherent."""
    from strategies import COHERENT
    assert set(BUILT) == set(COHERENT) and BUILT


@pytest.mark.parametrize("system", BUILT)
@scenario_settings(VALID_EXAMPLES)
@given(data=st.data())
def test_valid_scenarios_evaluate(system, data):
    """A valid scenario always gets a result that passes every check, twice the same, JSON and renderable; and
    what the form shows for its link evaluates to the same answer through the page's API."""
    scenario = data.draw(scenarios(system), label="scenario")
    before = copy.deepcopy(scenario)
    result = evaluate(scenario)
    assert scenario == before, "evaluate must not change its input"
    event(f"targetable={result['targetable']}")
    check_result(scenario, result)
    text = json.dumps(result, allow_nan=False)
    assert json.loads(text) == result, "the result is plain JSON (no tuples, no NaN)"
    html = result_html(result, "../../")
    assert html.startswith('<div class="calc-result"')
    assert_inert(html)
    # the link round trip: what the page puts in the address restores the same scenario, and evaluating that again
    # gives the same result (same input, same output); a link too long for the page is evaluated again directly
    assert decode_fragment("#s=" + encode_fragment(scenario)) == scenario
    if not assert_page_round_trip(system, scenario, result):
        assert evaluate(copy.deepcopy(scenario)) == result, "same input, same output"


@pytest.mark.parametrize("system", BUILT)
@scenario_settings(BROKEN_EXAMPLES)
@given(data=st.data())
def test_broken_scenarios_are_answered_or_refused(system, data):
    """A broken scenario gets a result or a ScenarioError (nothing else), naming each field broken at schema level."""
    scenario, must_name = data.draw(mutated(system), label="mutated")
    before = copy.deepcopy(scenario)
    try:
        result = evaluate(scenario)
    except ScenarioError as exc:
        event("refused")
        errors = exc.errors
        assert errors and all(set(e) == {"field", "message"} for e in errors)
        assert all(isinstance(e["field"], str) and isinstance(e["message"], str) and e["message"] for e in errors)
        named = [e["field"] for e in errors]
        for path in must_name:
            assert any(f == path or f.startswith(path + ".") or path.startswith(f + ".") for f in named), \
                f"{path} was broken but the errors name only {named}"
        json.dumps(errors)
    else:
        event("answered")
        assert not must_name, f"{must_name} were broken but the scenario was accepted"
        check_result(scenario, result)
        assert evaluate(copy.deepcopy(scenario)) == result
        json.dumps(result, allow_nan=False)
    assert scenario == before, "evaluate must not change its input"


def assert_page_round_trip(system: str, scenario: dict[str, Any], result: dict[str, Any]) -> bool:
    """What the form shows for the scenario's restored link evaluates, through the page's API, to ``result``; False
    where the link is longer than the page accepts or sets regions (the only links that may fail), so nothing was
    evaluated."""
    inputs = SYSTEMS[system].inputs
    restored = json.loads(handle(json.dumps({"op": "restore", "system": system,
                                             "fragment": "#s=" + encode_fragment(scenario)})))
    if "error" in restored:  # too long, or regions, which the form has no place for yet (the link is refused)
        off_form = bool(scenario.get("map", {}).get("regions")) and "cannot hold" in restored["error"]
        assert "too long" in restored["error"] or off_form
        return False
    values = restored["values"]
    reply = json.loads(handle(json.dumps({"op": "evaluate", "system": system, "values": _form(system, values), "base": ""})))
    assert reply["state"] == "ready", reply
    assert reply["result"] == json.loads(json.dumps(result))
    assert set(values) >= {f.path for f in inputs.fields}
    return True


def js_string(value: Any) -> Any:
    """What ``control.value = String(value)`` leaves in a form control (booleans tick a box instead)."""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return str(value)
    if value == 0:
        return "0"
    if value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    # ECMAScript Number::toString: the shortest round-trip digits, exponent form only below 1e-6 or from 1e21
    sign, digits, exp = Decimal(repr(value)).normalize().as_tuple()
    text = "".join(map(str, digits))
    k, n = len(text), len(text) + exp
    if k <= n <= 21:
        out = text + "0" * (n - k)
    elif 0 < n <= 21:
        out = text[:n] + "." + text[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * -n + text
    else:
        mantissa = text[0] + ("." + text[1:] if k > 1 else "")
        out = f"{mantissa}e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"
    return ("-" if sign else "") + out


FIELDS = {s.id: {f.path: f for f in s.inputs.fields} for s in SYSTEMS.values() if s.inputs}


def _form(system: str, values: dict[str, Any]) -> dict[str, Any]:
    """Form values as the page sends them: strings (ticks for booleans), the chosen alternative's fields only."""
    chosen = values.get("_alternative")
    out = {}
    for path, value in values.items():
        if path == "_alternative":
            continue
        field = FIELDS[system].get(path)
        if chosen and field is not None and field.group and field.group != chosen:
            continue
        out[path] = js_string(value)
    return out


@pytest.mark.parametrize(("value", "shown"), [(1.0, "1"), (2.5, "2.5"), (1e-7, "1e-7"), (1.5e-6, "0.0000015"),
                                               (123456.75, "123456.75"), (1e21, "1e+21"), (-0.25, "-0.25")])
def test_js_string_matches_javascript(value, shown):
    """The test's model of JavaScript's String(number) (checked against values Chromium prints)."""
    assert js_string(value) == shown


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    return json.loads(handle(json.dumps(request)))


def test_form_number_too_long_is_a_field_error():
    """5,000 typed digits are an error by the box, not an internal error (Python will not convert them)."""
    reply = _ask({"op": "evaluate", "system": "skirmish-d6", "values": {"obstacles.partial": "9" * 5000}})
    assert reply["errors"] == [{"field": "obstacles.partial",
                                "message": "is far out of range: must be a whole number from 0 to 99"}]
    reply = _ask({"op": "evaluate", "system": "enchanted-realms", "values": {"attack.rolls": "3 " + "7" * 5000}})
    assert [e["field"] for e in reply["errors"]] == ["attack.rolls"]
    reply = _ask({"op": "evaluate", "system": "skirmish-d6", "values": {"obstacles.partial": "0" * 40 + "2"}})
    assert reply["state"] == "ready"


def test_lone_surrogate_in_a_name_still_links():
    """A JavaScript string may hold a lone surrogate: the answer and its link still work, and the link restores it."""
    others = json.dumps([{"name": "\ud800x", "hex": [2, 0], "defense": 12}])
    reply = _ask({"op": "evaluate", "system": "enchanted-realms", "values": {"others": others}})
    assert reply["state"] == "ready"
    assert decode_fragment(reply["fragment"])["others"][0]["name"] == "\ud800x"
    restored = _ask({"op": "restore", "system": "enchanted-realms", "fragment": "#" + reply["fragment"]})
    assert json.loads(restored["values"]["others"])[0]["name"] == "\ud800x"


def test_number_written_back_by_javascript_parses():
    """A restored 1e-7 comes back from the form box as JavaScript writes it ("1e-7") and still parses; so does "2.5E+1",
    25 feet of fog: past 20 feet, 100% concealment (the rule text's fog or mist)."""
    reply = _ask({"op": "evaluate", "system": "classic-d20", "values": {"distance_ft": "1e-7", "fog_distance_ft": "2.5E+1"}})
    assert reply["state"] == "ready" and reply["result"]["concealment"] == 100
    scenario = decode_fragment("#" + reply["fragment"])
    assert scenario["distance_ft"] == 1e-7 and scenario["fog_distance_ft"] == 25


@pytest.mark.parametrize("levels", [33, 6_000])
def test_deep_nesting_is_refused_before_parsing(levels):
    """Deeply nested JSON (which overflows the stack under Pyodide and kills the engine) is refused unparsed."""
    deep = "[" * levels + "]" * levels
    with pytest.raises(ValueError, match="nested too deeply"):
        decode_fragment("#s=" + base64.urlsafe_b64encode(deep.encode()).decode().rstrip("="))
    reply = _ask({"op": "evaluate", "system": "enchanted-realms", "values": {"others": deep}})
    assert [e["field"] for e in reply["errors"]] == ["others"]
    assert json.loads(handle(deep))["state"] == "error"
    shallow = {"system": "skirmish-d6", "map": {"attacker": [0, 0], "target": [3, 0], "obstacles": [{"hex": [1, 0]}]}}
    assert decode_fragment("#s=" + encode_fragment(shallow)) == shallow


def _depth(value: Any) -> int:
    """How deeply a parsed JSON value nests arrays and objects."""
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ ,:ab\n\u00e9'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\ab'), inner, max_size=4),
    max_leaves=30)


@FUZZ
@given(JSON_VALUES, st.booleans())
def test_nesting_depth_counts_only_brackets_outside_strings(value, ascii_only):
    """The depth measured before parsing is the parsed value's depth, whatever brackets, quotes and
    backslashes its strings hold."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert nesting_depth(text) == _depth(value)


def test_split_rolls_without_d10s():
    """Split dice, actually rolled, every attack missing, no d10s yet: each attack should wait for its d10."""
    result = evaluate({"system": "enchanted-realms", "blind_shot": True,
                       "attack": {"dice": 2, "split": [1, 1], "rolls": [1, 1]}})
    assert result["resolution"]["awaiting_d10"] is True


# ---- the page's engine API and the link decoder on arbitrary text --------------------------------

REQUEST_KEYS = st.sampled_from(["op", "system", "values", "fragment", "preset", "board", "base"])
OPS = st.sampled_from(["evaluate", "restore", "nope", ""])


@st.composite
def requests(draw: st.DrawFn) -> str:
    """Request JSON that is well formed enough to reach the engine's code, with arbitrary contents."""
    system = draw(st.sampled_from([*BUILT, "gurps", ""]))
    fields = [f for f in SYSTEMS[system].inputs.fields] if system in SYSTEMS else []
    paths = st.sampled_from([f.path for f in fields] + ["rulings.x", "nope", "_alternative"]) if fields else st.text(max_size=8)
    raw = st.one_of(st.text(max_size=20), st.booleans(), st.integers(), st.none(), st.floats(),
                    st.sampled_from(["1", "-3", "2.5", "1e999", "9" * 5000, "[1, 2]", "[[", "1,2", '[{"hex":[1,1]}]',
                                     '[{"name":"<b>x</b>","hex":[2,0],"defense":10}]', "\ud800"]))
    small = st.dictionaries(st.text(max_size=5), st.integers(), max_size=3)
    request: dict[str, Any] = {"op": draw(OPS), "system": system,
                               "values": draw(st.dictionaries(paths, raw, max_size=6)),
                               "fragment": draw(st.one_of(st.text(max_size=40), st.just("#s=" + "A" * 20000),
                                                          st.builds(lambda t: "#s=" + encode_fragment(t), small))),
                               "board": draw(st.booleans()), "base": draw(st.text(max_size=5))}
    if draw(st.booleans()):
        request["preset"] = draw(st.one_of(st.none(), st.dictionaries(st.text(max_size=6), st.integers(), max_size=2)))
    for key in draw(st.lists(REQUEST_KEYS, max_size=2)):
        request.pop(key, None)
    return json.dumps(request)


@FUZZ
@given(text=st.one_of(st.text(max_size=200), requests()))
def test_handle_never_raises(text):
    """Whatever the page (or a hostile page) sends, the engine answers with JSON and never raises."""
    reply = json.loads(handle(text))
    assert isinstance(reply, dict)
    if reply.get("state") == "ready":
        assert reply["fragment"].startswith("s=") and reply["html"].startswith("<div")
    elif "state" in reply:
        assert reply["state"] == "error" and reply["errors"]
        for error in reply["errors"]:
            assert isinstance(error["field"], str) and isinstance(error["message"], str)
    else:
        assert set(reply) <= {"values", "error"}


@FUZZ
@given(text=st.one_of(st.text(max_size=300), st.text(alphabet="#s=ABCabc012_-+/%", max_size=300),
                      st.binary(max_size=200).map(lambda b: "#s=" + base64.urlsafe_b64encode(b).decode().rstrip("="))))
def test_decode_fragment_only_says_why(text):
    """Any text decodes to a JSON value or raises ValueError with a reason in plain words, nothing else."""
    try:
        value = decode_fragment(text)
    except ValueError as exc:
        assert str(exc).startswith("the link")
    else:
        json.dumps(value)


@FUZZ
@given(text=st.one_of(st.text(max_size=300), st.text(alphabet="#s=ABCabc012_-", max_size=300)),
       system=st.sampled_from(BUILT))
def test_restore_never_raises(text, system):
    """Restoring any link text answers with form values or a message saying the defaults are kept."""
    reply = json.loads(handle(json.dumps({"op": "restore", "system": system, "fragment": text})))
    assert set(reply) in ({"values"}, {"error"})
    if "error" in reply:
        assert "defaults are shown" in reply["error"]


@pytest.mark.parametrize("system", BUILT)
def test_longest_lists_stay_fast(system):
    """The schema's longest lists are accepted or refused quickly (each example above keeps lists short)."""
    import time
    inputs = SYSTEMS[system].inputs
    for field in inputs.fields:
        if field.kind not in ("ints", "records") or not field.max_items:
            continue
        item: Any = 1
        if field.kind == "records":
            item = {f.path: (f.default if f.default is not None else
                             [0, 0] if f.kind == "hex" else "x" if f.kind == "text" else f.values[0] if f.kind == "choice" else 1)
                    for f in field.item_fields}
        scenario = {"system": system}
        node = scenario
        *parents, leaf = field.path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = [copy.deepcopy(item) for _ in range(field.max_items)]
        started = time.perf_counter()
        with contextlib.suppress(ScenarioError):
            evaluate(scenario)
        assert time.perf_counter() - started < 5, f"{field.path} with {field.max_items} items is too slow"
