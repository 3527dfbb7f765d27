"""The ``calculator`` shortcode: a system's form and output, with the build-time answer already in place."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from rulebook.core import (
    SYSTEMS,
    VIEWS,
    board_svg,
    evaluate,
    flatten,
    legend_html,
    ref,
    result_html,
    scenario_to_values,
    summary_text,
)
from rulebook.shortcodes.context import Context


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """A calculator: full page (every field) or inline (``fields=a.b,c``), optionally preset (``scenario={...}``)."""
    if len(words) != 1 or words[0] not in SYSTEMS:
        raise context.error(f"calculator needs one system id, got {words}")
    system = SYSTEMS[words[0]]
    inputs = system.inputs
    options = dict(options)
    preset = json.loads(options.pop("scenario", "{}") or "{}")
    if "fields" in options:
        try:
            fields = [inputs.field(p) for p in options.pop("fields").split(",")]
        except KeyError as exc:
            raise context.error(str(exc)) from None
        mode = "inline"
    else:
        fields = [f for f in inputs.fields if f.in_form]
        mode = "full"
    if options:
        raise context.error(f"unknown calculator options {sorted(options)}")
    scenario = {"system": system.id, **preset}
    result = evaluate(scenario)
    clean = inputs.validate(scenario)
    values = scenario_to_values(inputs, clean)
    base = context.base
    context.page.meta["calculator"] = True
    items = layout(system, fields, mode, scenario, result)
    if has_board(items):
        context.page.meta["calculator_board"] = True  # the board's scripts are preloaded (templates/main.html)
    count = context.count("calculator_count")
    return context.render(
        "partials/calculator.html",
        system=system,
        layout=items,
        fields=fields,
        rulings=form_rulings(system) if mode == "full" else (),
        page_rulings=form_rulings(system),
        values=values,
        lists=records_of(inputs, clean),
        list_defaults=lambda field: item_defaults(system, field),
        mode=mode,
        id_prefix=mode if count == 1 else f"{mode}{count}",
        base=base,
        result=Markup(result_html(result, base, scenario)),
        summary=summary_text(result),
        preset=json.dumps(preset, separators=(",", ":")),
        rule_ref=lambda rid: base + ref(rid),
    )


def form_rulings(system: Any) -> tuple[Any, ...]:
    """The rulings the calculator's form offers (and the page's house rulings keep)."""
    return tuple(r for r in system.rulings if r.in_form)


def records_of(inputs: Any, clean: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Every records field's items in the validated scenario, for the list editors' rows (fields the form draws as
    rows: not those the board holds in one box, ``BoardSpec.drawn``)."""
    flat = flatten({k: v for k, v in clean.items() if k not in ("system", "rulings")})
    spec = VIEWS[inputs.system].board_spec if inputs.system in VIEWS else None
    boxed = set(spec.drawn) if spec else set()
    return {f.path: list(flat.get(f.path) or []) for f in inputs.fields
            if f.kind == "records" and f.in_form and f.path not in boxed}


def item_defaults(system: Any, field: Any) -> dict[str, Any]:
    """What a new item of a records field starts with: its item fields' defaults and the board's extra keys."""
    spec = VIEWS[system.id].board_spec
    board = dict(spec.defaults) if spec and field.path in spec.paths else {}
    own = {f.path: f.default for f in field.item_fields if f.default is not None}
    return {**board, **own}


def board(system: Any, members: list[Any], scenario: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
    """The board block for the board-owned fields among ``members`` (None when the view has no board)."""
    view: Any = VIEWS[system.id]  # a view with a board spec draws a board
    spec = view.board_spec
    if spec is None:
        return None
    hidden = [f for f in members if f.path in spec.paths]
    if not hidden:
        return None
    hidden += [system.inputs.field(p) for p in spec.kept if not system.inputs.field(p).in_form]  # no control of its own
    drawing = view.board(scenario, result)
    kinds = dict(system.inputs.field("map.regions").item_fields[0].choices) if spec.region_kinds else {}
    return {"spec": spec.to_json(), "slots": spec.slots, "hidden": hidden, "drawn": spec.drawn, "kept": spec.kept,
            "region_kinds": [(k, kinds.get(k, k)) for k in spec.region_kinds], "area_size": f"{spec.area_size:g}",
            "area_unit": system.inputs.field("area.size").unit if spec.kept else "",
            "svg": Markup(board_svg(drawing, interactive=True)),
            "legend": Markup(legend_html(drawing))}


def has_board(items: list[dict[str, Any]]) -> bool:
    """Whether a calculator's form items (``layout``) draw a board, on their own or in an alternative."""
    return any(item.get("board") or any(group["board"] for group in item.get("alternatives", ())) for item in items)


def layout(system: Any, fields: list[Any], mode: str, scenario: dict[str, Any], result: dict[str, Any]) -> list[dict[str, Any]]:
    """Form items in order: plain fields, the alternatives as one block, and (full calculators) the board."""
    inputs, spec = system.inputs, VIEWS[system.id].board_spec
    if mode != "full":
        return [{"field": f} for f in fields]
    board_paths = set(spec.paths) if spec else set()
    groups = []
    for name, label in inputs.alternatives:
        members = [f for f in fields if f.group == name]
        groups.append({"name": name, "label": label, "fields": [f for f in members if f.path not in board_paths],
                       "board": board(system, members, scenario, result)})
    items: list[dict[str, Any]] = []
    for f in fields:
        if f.group:
            if not any("alternatives" in item for item in items):
                items.append({"alternatives": groups, "legend": inputs.alternatives_legend})
        elif f.path in board_paths:
            if not any("board" in item for item in items):
                items.append({"board": board(system, [g for g in fields if not g.group], scenario, result)})
        else:
            items.append({"field": f})
    return items
