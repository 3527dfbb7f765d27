"""The engine's face to the page: raw form values and links in, JSON replies out; never raises."""

from __future__ import annotations

import json
import re
from typing import Any

from .. import ScenarioError, evaluate
from ..fragment import MAX_DEPTH, decode_fragment, encode_fragment, nesting_depth
from ..maps import uvtt
from ..maps.placing import starting_squares
from ..memo import recent_calls
from ..schema import Field, Inputs, flatten, nest, parse_json
from ..systems import SYSTEMS
from ..views import VIEWS
from ..views.svg import Board, board_frame, board_marks, board_patch, board_svg, legend_html
from ..views.view import Answer
from .render import answer, result_html, situation_text, summary_text

_INT = re.compile(r"^[+-]?\d+$")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
"""Decimal numbers, with an exponent as JavaScript writes small ones back into a box (``1e-7``)."""
_LONGEST_INT = 30
"""More digits than any input's range allows; longer ones are refused before conversion (Python
refuses to convert more than 4,300 digits at all)."""
RULINGS_PREFIX = "rulings."


def load_json(text: str) -> Any:
    """``parse_json`` that refuses nesting deeper than MAX_DEPTH (ValueError) before parsing."""
    if nesting_depth(text) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return parse_json(text)


@recent_calls(4)
def _records_json(text: str) -> Any:
    """``load_json`` for a records box, remembered: a big map's records come unchanged with every click, and
    the same parsed list lets validation, the rules and the board answer from their last calls (``memo``)."""
    return load_json(text)


def parse_value(field: Field, raw: Any) -> tuple[Any, str | None]:
    """One raw form value -> (scenario value or None to omit, error message)."""
    if field.kind == "bool":
        return (raw, None) if isinstance(raw, bool) else (None, "must be ticked or not")
    text = raw.strip() if isinstance(raw, str) else raw
    if field.kind == "text":
        return (raw, None) if isinstance(raw, str) else (None, "must be text")
    if field.kind in ("hex", "ints", "records") and isinstance(text, str):
        return _parse_list(field, text)
    if field.kind == "choice":
        for value in field.values:
            if text == value or (isinstance(text, str) and text == str(value)):
                return value, None
        return None, f"must be {field.describe_range()}"
    if text == "" or text is None:
        return (None, None) if field.optional else (None, f"is required: enter {field.describe_range()}")
    pattern = _INT if field.kind == "int" else _NUMBER
    if not isinstance(text, str) or not pattern.match(text):
        return None, f"{text!r} is not {field.describe_range()}"
    if field.kind == "int" and len(text.lstrip("+-0")) > _LONGEST_INT:
        return None, f"is far out of range: must be {field.describe_range()}"
    return (int(text) if field.kind == "int" else float(text)), None


def _parse_list(field: Field, text: str) -> tuple[Any, str | None]:
    """Hexes as ``q, r``, dice as ``12 5 20`` or ``12, 5, 20``, records as the board's JSON."""
    if text == "":
        if field.optional or field.kind == "records":
            return None, None
        return None, f"is required: enter {field.describe_range()}"
    if field.kind == "records" or text.startswith("["):
        try:
            return (_records_json(text) if field.kind == "records" else load_json(text)), None
        except (ValueError, RecursionError):
            return None, f"is not {field.describe_range()}"
    parts = [p for p in re.split(r"[\s,;]+", text) if p]
    if not all(_INT.match(p) for p in parts):
        return None, f"{text!r} is not {field.describe_range()}"
    if any(len(p.lstrip("+-0")) > _LONGEST_INT for p in parts):
        return None, f"is far out of range: must be {field.describe_range()}"
    return [int(p) for p in parts], None


def form_to_scenario(inputs: Inputs, values: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Raw form values (path -> string or bool) -> scenario dict and field errors."""
    flat: dict[str, Any] = {}
    rulings: dict[str, Any] = {}
    errors: list[dict[str, str]] = []
    for path, raw in values.items():
        if path.startswith(RULINGS_PREFIX):
            rulings[path[len(RULINGS_PREFIX):]] = raw
            continue
        try:
            field = inputs.field(path)
        except KeyError:
            errors.append({"field": path, "message": "is not an input of this calculator"})
            continue
        value, problem = parse_value(field, raw)
        if problem:
            errors.append({"field": path, "message": problem})
        elif value is not None:
            flat[path] = value
    scenario = {"system": inputs.system, **nest(flat)}
    if rulings:
        scenario["rulings"] = rulings
    return scenario, errors


def scenario_to_values(inputs: Inputs, clean: dict[str, Any]) -> dict[str, Any]:
    """A validated scenario -> form values (path -> value; "" for an empty optional box)."""
    flat = flatten({k: v for k, v in clean.items() if k not in ("system", "rulings")})
    values: dict[str, Any] = {}
    for field in inputs.fields:
        values[field.path] = form_text(field, flat.get(field.path))
    for rid, choice in clean.get("rulings", {}).items():
        values[RULINGS_PREFIX + rid] = choice
    if "_alternative" in clean:
        values["_alternative"] = clean["_alternative"]
    return values


def form_text(field: Field, value: Any) -> Any:
    """A scenario value as its form control shows it (the inverse of parse_value)."""
    if value is None:
        return ""
    if field.kind == "records":
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if field.kind == "hex":
        return f"{value[0]}, {value[1]}"
    if field.kind == "ints":
        return " ".join(str(v) for v in value)
    return value


def _drawing(system: str, scenario: dict[str, Any], result: dict[str, Any] | None) -> Board | None:
    """The system's board for this scenario (None when the system has no board)."""
    view = VIEWS[system]
    return None if view.board is None else view.board(scenario, result)


def board_reply(system: str, scenario: dict[str, Any], result: dict[str, Any] | None, asked: Any) -> dict[str, Any]:
    """The board part of a reply. Asked with ``{"frame": ..., "shown": {hex: digest}}`` for the frame the page
    has, only what changed (``board_patch``); otherwise the whole drawing (``board``), its frame and the
    digests of the hexes that are not plain (``board_marks``), which the page sends back next time. Either way
    the board's key (``board_legend``: a square map's walls, doors and lights are in it only when it has them)."""
    drawing = _drawing(system, scenario, result)
    if drawing is None:
        return {}
    legend = legend_html(drawing)
    shown = asked.get("shown") if isinstance(asked, dict) else None
    if (isinstance(shown, dict) and len(shown) <= len(drawing.cells) + 1  # each cell, and the walls layer
            and asked.get("frame") == board_frame(drawing, interactive=True)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in shown.items())):
        return {"board_patch": board_patch(drawing, shown, interactive=True), "board_legend": legend}
    return {"board": board_svg(drawing, interactive=True), "board_frame": board_frame(drawing, interactive=True),
            "board_marks": board_marks(drawing, interactive=True), "board_legend": legend}


def _merge(under: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Nested dicts merged, ``over`` winning."""
    out = dict(under)
    for key, value in over.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _evaluate(request: dict[str, Any]) -> dict[str, Any]:
    system = request["system"]
    inputs = SYSTEMS[system].inputs
    scenario, errors = form_to_scenario(inputs, request["values"])
    preset = request.get("preset")
    if isinstance(preset, dict) and preset:
        scenario = _merge(preset, scenario)  # an inline calculator's fixed values, under what the form shows
    asked = request.get("board")
    if errors:
        reply: dict[str, Any] = {"state": "error", "errors": errors}
        if asked:
            reply.update(board_reply(system, scenario, None, asked))
        return reply
    try:
        result = evaluate(scenario)
    except ScenarioError as exc:
        reply = {"state": "error", "errors": exc.errors}
        if asked:
            reply.update(board_reply(system, scenario, None, asked))
        return reply
    reply = {
        "state": "ready",
        "result": result,
        "html": result_html(result, request.get("base", ""), scenario),
        "summary": summary_text(result),
        "situation": situation_text(result, scenario),
        "fragment": "s=" + encode_fragment(scenario),
    }
    if asked:
        reply.update(board_reply(system, scenario, result, asked))
    return reply


def _restore(request: dict[str, Any]) -> dict[str, Any]:
    system = SYSTEMS[request["system"]]
    try:
        scenario = decode_fragment(request["fragment"])
    except ValueError as exc:
        return {"error": f"The shared link could not be read: {exc}. The defaults are shown instead."}
    if not isinstance(scenario, dict) or scenario.get("system") != system.id:
        return {"error": f"The shared link is not a {system.title} scenario. The defaults are shown instead."}
    try:
        clean = system.inputs.validate(scenario)
    except ScenarioError as exc:
        detail = "; ".join(f"{e['field'] or 'scenario'}: {e['message']}" for e in exc.errors[:3])
        return {"error": f"The shared link has invalid values ({detail}). The defaults are shown instead."}
    lost = off_form(system.inputs, clean)
    if lost:
        return {"error": f"The shared link sets {', '.join(lost)}, which this calculator's form cannot hold. The "
                         "defaults are shown instead."}
    return {"values": scenario_to_values(system.inputs, clean)}


def off_form(inputs: Inputs, clean: dict[str, Any]) -> list[str]:
    """What a validated scenario sets away from its default that the calculator's form has no place for: restoring
    the rest would answer another situation than the link's."""
    flat = flatten({k: v for k, v in clean.items() if k not in ("system", "rulings")})
    lost = [f.label for f in inputs.fields
            if not f.in_form and f.path in flat and form_text(f, flat[f.path]) != form_text(f, f.default)]
    chosen = clean.get("rulings", {})
    lost += [r.title for r in inputs.rulings if not r.in_form and chosen.get(r.id, r.default) != r.default]
    return lost


LAID_OUT = ("map.attacker", "map.target", "map.obstacles", "map.creatures", "map.walls")
"""The map fields a first map fills (the page's ``LAID_OUT``): laid out again (``again``), those it leaves out are
emptied, so nothing of the lay-out it replaces stays."""


def _lay_out(request: dict[str, Any]) -> dict[str, Any]:
    """The map fields' values for a player switching to a map (grid ``request["grid"]``): the view's first map of
    what the rest of the form describes (a box with an error there counts as left at its default), or nothing; and a
    line (``message``) when part of it could not be laid out."""
    system = SYSTEMS[request["system"]]
    view, inputs = VIEWS[system.id], system.inputs
    grid = "square" if request.get("grid") == "square" else "hex"
    if view.first_map is None:
        return {"values": {}}
    given = request.get("values")
    raw: dict[str, Any] = given if isinstance(given, dict) else {}
    values = {path: value for path, value in raw.items()
              if path.startswith(RULINGS_PREFIX) or (_declared(inputs, path) and inputs.field(path).group != "map")}
    clean = inputs.validate({"system": system.id})
    for _ in range(2):  # a value out of range counts as left at its default, as a box that does not parse does
        scenario, _errors = form_to_scenario(inputs, values)
        try:
            clean = inputs.validate(scenario)
            break
        except ScenarioError as exc:
            wrong = {error["field"] for error in exc.errors}
            values = {path: value for path, value in values.items() if path not in wrong}
    first, note = view.first_map(clean, grid, _on_map(inputs))
    laid = flatten({"map": first})
    if request.get("again"):  # a lay-out replaced: what it placed and this one does not is emptied
        laid = {**{path: inputs.field(path).default for path in LAID_OUT if _declared(inputs, path)}, **laid}
    return {"values": {path: form_text(inputs.field(path), value) for path, value in laid.items()},
            **({"message": note} if note else {})}


def _on_map(inputs: Inputs) -> Answer:
    """The engine's answer to a validated scenario with a map put in: the fields of the other alternatives (the
    counted cover the map replaces) left out, as the page leaves them out once the map is chosen."""
    others = {root for name, _ in inputs.alternatives if name != "map" for root in inputs.group_roots(name)}

    def ask(scenario: dict[str, Any]) -> dict[str, Any] | None:
        flat = flatten({key: value for key, value in scenario.items() if key != "_alternative"})
        return answer(nest({path: value for path, value in flat.items()
                            if not any(path == root or path.startswith(root + ".") for root in others)}))
    return ask


def _count(n: int, noun: str) -> str:
    """``1 door``, ``3 doors``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _declared(inputs: Inputs, path: str) -> bool:
    """Whether ``path`` is one of ``inputs``' fields."""
    return any(f.path == path for f in inputs.fields)


def _import_map(request: dict[str, Any]) -> dict[str, Any]:
    """A Universal VTT export (``request["text"]``) as the map fields' values (the square map: grid, size, walls,
    doors, lights; the attacker and the target in one room, ``starting_squares``, and the other pieces cleared), its
    picture (media type, base64 and the grid size it covers) and a line saying what came in; or the errors naming
    what in the file is wrong, or what the calculator cannot take (a board larger than its form allows). A picture
    that is not one leaves the map without it, and the line says so."""
    system = SYSTEMS[request["system"]]
    inputs = system.inputs
    text = request.get("text")
    if not isinstance(text, str):
        return {"errors": [{"field": "", "message": "no file was read"}]}
    try:
        data = uvtt.parse(text)
        m = uvtt.converted(data)
        inputs.validate({"system": system.id, "map": m})
    except ScenarioError as exc:
        return {"errors": exc.errors}
    start = starting_squares(m)
    pieces = {"attacker": list(start[0]) if start else None, "target": list(start[1]) if start else None,
              **{key: [] for key in CLEARED_ON_IMPORT}}
    values = {f"map.{key}": form_text(inputs.field(f"map.{key}"), value) for key, value in {**m, **pieces}.items()
              if _declared(inputs, f"map.{key}")}
    said = (f"{m['cols']} x {m['rows']} squares, {_count(len(m['walls']), 'wall')}, "
            f"{_count(len(m['doors']), 'door')} and {_count(len(m['lights']), 'light')}")
    reply: dict[str, Any] = {"values": values}
    found = uvtt.picture(data)
    if isinstance(found, tuple):
        reply["picture"] = {"type": found[0], "data": found[1], "size": f"{m['cols']},{m['rows']}"}
        said += ", with its picture"
    elif found is not None:
        said += f"; its picture is left out ({found.field}: {found.message})"
    else:
        said += "; the file has no picture"
    return {**reply, "message": said + _placed(start)}


CLEARED_ON_IMPORT = ("obstacles", "creatures", "elevation")
"""The map's pieces other than the attacker and the target, emptied by an import: they stood on the earlier map."""


def _placed(start: tuple[tuple[int, int], tuple[int, int]] | None) -> str:
    """The import's line about the pieces: where the attacker and the target start, or that they are to be placed."""
    if start is None:
        return ". The earlier pieces are cleared: no room has two squares in sight of each other, so place the " \
               "attacker and the target"
    (ac, ar), (tc, tr) = start
    return (f". The earlier pieces are cleared; the attacker starts on {ac}, {ar} and the target on {tc}, {tr}, "
            f"{max(abs(ac - tc), abs(ar - tr))} squares apart in one room")


OPS = {"evaluate": _evaluate, "restore": _restore, "lay_out": _lay_out, "import_map": _import_map}


def handle(request_json: str) -> str:
    """Answer one JSON request from the page with a JSON reply; internal faults become a reply too."""
    try:
        request = load_json(request_json)
        reply = OPS[request["op"]](request)
    except Exception as exc:  # the page must keep working whatever happens here
        reply = {"state": "error", "errors": [{"field": "", "message": f"internal engine error: {type(exc).__name__}: {exc}"}]}
    return json.dumps(reply)
