"""MkDocs hook: shortcodes rendered from pycore, the vendored runtime copied in, and build checks."""

from __future__ import annotations

import base64
import gzip
import hashlib
import xml.etree.ElementTree as ET
import io
import json
import math
import mimetypes
import posixpath
import re
import shutil
import struct
import sys
import zipfile
import zlib
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import pycore  # noqa: E402
from pycore.browser import encode_fragment, scenario_to_values  # noqa: E402
from pycore.dice import percent  # noqa: E402
from pycore.render import result_html  # noqa: E402
from pycore.svg import board_svg, legend_element  # noqa: E402
from pycore.views import VIEWS  # noqa: E402
from pycore.systems import RULES, RULINGS, SYSTEMS  # noqa: E402
from pycore.systems import classic_d20 as d20  # noqa: E402
from pycore.systems import enchanted_realms as er  # noqa: E402
from pycore.systems import skirmish_d6 as d6  # noqa: E402

RUNTIME = {
    # node_modules source -> built site destination, and which files to take
    "node_modules/@pyscript/core/dist": ("assets/runtime/pyscript", ("*.js", "*.css")),
    "node_modules/pyodide": (
        "assets/runtime/pyodide",
        ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"),
    ),
}
RULE_ID_PATTERN = re.compile(r'\bid="((?:d6|er|d20)\.[a-z0-9.-]+)"')
SHORTCODE = re.compile(r"\{\{\s*([a-z][a-z-]*)\s*((?:[^{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*?)\s*\}\}")
"""``{{ name args }}``; args may hold compact JSON nested up to three levels (``scenario={"target":{"ac":4}}``)."""
PLACEHOLDER = '<div data-shortcode="{n}"></div>'
ABSOLUTE_URL = re.compile(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", re.I)
NAMESPACE_HOSTS = {"www.w3.org"}
"""XML namespace names (inline SVG icons): identifiers, never fetched."""
OWN_FILES = ("*.html", "assets/calculator.js", "assets/hexboard.js", "assets/navigate.js", "assets/calculator.css", "assets/engine.py", "search/search_index.json",
             "sw.js", "manifest.webmanifest", "assets/engine-*.mjs", "assets/offline.*", "assets/print.css", "assets/icons/*.svg")
"""What we write; vendored Material, PyScript and Pyodide files keep their licence and fallback URLs,
and the browser tests prove that none of them is ever requested."""

_pending: dict[str, dict[int, str]] = {}


def _base(page: Any) -> str:
    """Relative path from a page to the site root (``"../../"``)."""
    depth = page.url.count("/")
    return "../" * depth


def _args(text: str) -> tuple[list[str], dict[str, str]]:
    words, options = [], {}
    for part in text.split():
        if "=" in part:
            key, _, value = part.partition("=")
            options[key] = value
        else:
            words.append(part)
    return words, options


_PARTIALS = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True,
                               keep_trailing_newline=True)
"""Our own partials render with autoescaping on (the theme's environment has it off): every string,
JSON in attributes included, is escaped unless it is ``Markup`` we built ourselves."""


def _template(config: Any, name: str, **context: Any) -> str:
    return _PARTIALS.get_template(name).render(**context)


def render_calculator(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A calculator (full page or inline) with its build-time answer already in place."""
    if len(words) != 1 or words[0] not in SYSTEMS or not SYSTEMS[words[0]].ready:
        raise PluginError(f"{page.file.src_uri}: calculator needs one built system id, got {words}")
    system = SYSTEMS[words[0]]
    inputs = system.inputs
    preset = json.loads(options.pop("scenario", "{}") or "{}") if "scenario" in options else {}
    if "fields" in options:
        paths = options.pop("fields").split(",")
        try:
            fields = [inputs.field(p) for p in paths]
        except KeyError as exc:
            raise PluginError(f"{page.file.src_uri}: {exc}") from None
        mode = "inline"
    else:
        fields = list(inputs.fields)
        mode = "full"
    if options:
        raise PluginError(f"{page.file.src_uri}: unknown calculator options {sorted(options)}")
    scenario = {"system": system.id, **preset}
    result = pycore.evaluate(scenario)
    values = scenario_to_values(inputs, inputs.validate(scenario))
    base = _base(page)
    page.meta["calculator"] = True
    count = page.meta["calculator_count"] = page.meta.get("calculator_count", 0) + 1
    return _template(
        config,
        "partials/calculator.html",
        system=system,
        layout=_layout(system, fields, mode, scenario, result),
        fields=fields,
        rulings=system.rulings if mode == "full" else (),
        values=values,
        mode=mode,
        id_prefix=mode if count == 1 else f"{mode}{count}",
        base=base,
        result=Markup(result_html(result, base)),
        preset=json.dumps(preset, separators=(",", ":")),
        rule_ref=lambda rid: base + pycore.ref(rid),
    )


def _board(system: Any, members: list[Any], scenario: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
    """The board block for the board-owned fields among ``members`` (None when the view has no board)."""
    view = VIEWS[system.id]
    spec = view.board_spec
    if spec is None:
        return None
    hidden = [f for f in members if f.path in spec.paths]
    if not hidden:
        return None
    drawing = view.board(scenario, result)
    return {"spec": spec.to_json(), "slots": spec.slots, "hidden": hidden,
            "svg": Markup(board_svg(drawing, interactive=True)),
            "legend": Markup(ET.tostring(legend_element(drawing), encoding="unicode", method="html"))}


def _layout(system: Any, fields: list[Any], mode: str, scenario: dict[str, Any], result: dict[str, Any]) -> list[dict[str, Any]]:
    """Form items in order: plain fields, the alternatives as one block, and (full calculators) the board."""
    inputs, spec = system.inputs, VIEWS[system.id].board_spec
    if mode != "full":
        return [{"field": f} for f in fields]
    board_paths = set(spec.paths) if spec else set()
    groups = []
    for name, label in inputs.alternatives:
        members = [f for f in fields if f.group == name]
        groups.append({"name": name, "label": label, "fields": [f for f in members if f.path not in board_paths],
                       "board": _board(system, members, scenario, result)})
    layout: list[dict[str, Any]] = []
    for f in fields:
        if f.group:
            if not any("alternatives" in item for item in layout):
                layout.append({"alternatives": groups, "legend": inputs.alternatives_legend})
        elif f.path in board_paths:
            if not any("board" in item for item in layout):
                layout.append({"board": _board(system, [g for g in fields if not g.group], scenario, result)})
        else:
            layout.append({"field": f})
    return layout


def render_ruling(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A ruling box: its question, choices, default and reason, anchored by its id."""
    if len(words) != 1 or words[0] not in RULINGS or options:
        raise PluginError(f"{page.file.src_uri}: unknown ruling {words}")
    ruling = RULINGS[words[0]]
    if ruling.page != page.url:
        raise PluginError(f"{page.file.src_uri}: ruling {ruling.id} belongs on {ruling.page}")
    return _template(config, "partials/ruling.html", ruling=ruling)


def _light_table() -> dict[str, Any]:
    cells = {
        light: [
            {"value": d6.LIGHT_TABLE[light][vision], "vision": vision}
            for vision in d6.VISIONS
        ]
        for light in d6.LIGHT_LEVELS
    }
    return {"rows": cells, "lights": d6.LIGHT_LABELS, "visions": [d6.VISION_LABELS[v] for v in d6.VISIONS]}


def _size_table() -> dict[str, Any]:
    labels = {
        "movement": "Movement", "dodge_dc": "Dodge check DC", "health_dc": "Health check DC",
        "melee_damage": "Melee attack damage", "rend": "[REND] on melee attacks", "melee_range": "Melee range",
    }
    inches = {"movement", "melee_range"}
    return {
        "sizes": list(d6.SIZES),
        "rows": [
            {"label": labels[k], "values": [d6.size_effects(s)[k] for s in d6.SIZES], "unit": "″" if k in inches else ""}
            for k in d6.SIZE_EFFECTS
        ],
    }


TABLES = {"d6.light": ("partials/table-light.html", _light_table), "d6.size": ("partials/table-size.html", _size_table)}


def render_table(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A rules table generated from the engine's own data."""
    if len(words) != 1 or words[0] not in TABLES or options:
        raise PluginError(f"{page.file.src_uri}: unknown table {words}")
    template, data = TABLES[words[0]]
    return _template(config, template, **data())


def render_systems(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """The home page's list of systems: built ones linked, the rest marked as coming."""
    return _template(config, "partials/systems.html", systems=list(SYSTEMS.values()), base=_base(page))


def _page_scenario(page: Any, shortcode: str, system: str, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A scenario written in a page (JSON without its system) and the engine's result; a bad one fails the build."""
    try:
        scenario = {"system": system, **json.loads(text)}
    except (ValueError, TypeError) as exc:  # not JSON, or not an object
        raise PluginError(f"{page.file.src_uri}: {shortcode} scenario is not a JSON object: {exc}") from None
    try:
        return scenario, pycore.evaluate(scenario)
    except pycore.ScenarioError as exc:
        raise PluginError(f"{page.file.src_uri}: {shortcode} scenario is invalid: {exc}") from None


def render_example(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A worked example: the engine's answer to a scenario written in the page, computed at build time."""
    if len(words) != 1 or words[0] not in SYSTEMS or not SYSTEMS[words[0]].ready or set(options) != {"scenario"}:
        raise PluginError(f"{page.file.src_uri}: example needs one built system id and scenario={{...}}, got {words} {sorted(options)}")
    scenario, result = _page_scenario(page, "example", words[0], options["scenario"])
    shown = json.dumps(scenario, ensure_ascii=False).replace("&", "&amp;").replace("<", "&lt;")
    return (f'<div class="admonition example calc-example" data-example="{words[0]}">'
            '<p class="admonition-title">Worked example, computed by the engine when this page was built</p>'
            f"{result_html(result, _base(page))}"
            f"<details><summary>Scenario</summary><pre><code>{shown}</code></pre></details></div>")


SHORTCODES = {"calculator": render_calculator, "ruling": render_ruling, "table": render_table, "systems": render_systems}
SHORTCODES["example"] = render_example


def render_diagram(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A hex-map diagram of a scenario written in the page, drawn at build time by the same renderer as the calculator's board."""
    if len(words) != 1 or words[0] not in SYSTEMS or set(options) != {"scenario"} or VIEWS[words[0]].board is None:
        raise PluginError(f"{page.file.src_uri}: diagram needs a system with a board and scenario={{...}}, got {words} {sorted(options)}")
    scenario, result = _page_scenario(page, "diagram", words[0], options["scenario"])
    count = page.meta["diagram_count"] = page.meta.get("diagram_count", 0) + 1
    drawing = VIEWS[words[0]].board(scenario, result)
    return _template(config, "partials/diagram.html",
                     svg=Markup(board_svg(drawing, ident=f"diagram{count}")),
                     legend=Markup(ET.tostring(legend_element(drawing), encoding="unicode", method="html")),
                     headline=VIEWS[words[0]].headline(result), desc=drawing.desc,
                     link=_base(page) + SYSTEMS[words[0]].calculator + "#s=" + encode_fragment(scenario))


SHORTCODES["diagram"] = render_diagram


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Swap each shortcode for a placeholder; unknown shortcodes fail the build."""
    rendered: dict[int, str] = {}

    def swap(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in SHORTCODES:
            raise PluginError(f"{page.file.src_uri}: unknown shortcode {{{{ {name} }}}}")
        words, options = _args(match.group(2))
        n = len(rendered)
        rendered[n] = SHORTCODES[name](config, page, words, options)
        return "\n\n" + PLACEHOLDER.format(n=n) + "\n\n"

    out = SHORTCODE.sub(swap, markdown)
    _pending[page.file.src_uri] = rendered
    return out


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Put the rendered shortcodes in place of their placeholders."""
    for n, block in _pending.pop(page.file.src_uri, {}).items():
        marker = PLACEHOLDER.format(n=n)
        if marker not in html:
            raise PluginError(f"{page.file.src_uri}: shortcode {n} was lost by the markdown renderer")
        html = html.replace(marker, block)
    return html


def copy_runtime(site_dir: Path) -> None:
    """Copy the pinned PyScript and Pyodide files from node_modules into the site."""
    for source, (dest, patterns) in RUNTIME.items():
        src = ROOT / source
        if not src.is_dir():
            raise PluginError(f"{source} is missing: run `npm ci` (make does this)")
        target = site_dir / dest
        target.mkdir(parents=True, exist_ok=True)
        for pattern in patterns:
            for path in src.glob(pattern):
                out = target / path.name
                if not out.exists() or out.stat().st_size != path.stat().st_size or out.stat().st_mtime < path.stat().st_mtime:
                    shutil.copy2(path, out)


def pycore_zip() -> tuple[str, bytes]:
    """pycore's sources zipped deterministically, named by content hash so browsers never run stale code."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "pycore").rglob("*.py")):
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return f"pycore-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


def on_config(config: Any) -> Any:
    """Name this build's engine archive so pages can point at it."""
    name, data = pycore_zip()
    config.extra["pycore_zip"] = name
    prepare_engine(config, name, data)  # the snapshot loader, or the vendored pyodide.mjs (issue 8)
    return config


def check_site(site_dir: Path, own_host: str | None = None) -> list[str]:
    """Every rule anchored on its page, every rule-like anchor a real rule, no other host named."""
    problems: list[str] = []
    pages: dict[str, str] = {}
    for path in site_dir.rglob("*.html"):
        rel = path.relative_to(site_dir).as_posix()
        url = "" if rel == "index.html" else rel.removesuffix("index.html")
        pages[url] = path.read_text(encoding="utf-8")
    known = {**{r.id: r.page for r in RULES.values()}, **{r.id: r.page for r in RULINGS.values()}}
    for rid, page in known.items():
        if f'id="{rid}"' not in pages.get(page, ""):
            problems.append(f"rule {rid}: no anchor on {page}")
    for url, html in pages.items():
        for rid in RULE_ID_PATTERN.findall(html):
            if rid not in known:
                problems.append(f"{url or 'index'}: anchor {rid} is not a rule")
            elif known[rid] != url:
                problems.append(f"{url or 'index'}: anchor {rid} belongs on {known[rid]}")
    for pattern in OWN_FILES:
        for path in site_dir.rglob(pattern) if pattern.startswith("*") else site_dir.glob(pattern):
            for match in ABSOLUTE_URL.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if match.group(1).lower() not in NAMESPACE_HOSTS and match.group(1).lower() != own_host:
                    problems.append(f"{path.relative_to(site_dir)}: absolute URL to another host: {match.group(0)}")
    return problems


def on_post_build(config: Any) -> None:
    """Vendor the runtime, zip the engine, then check the built site."""
    site_dir = Path(config.site_dir)
    copy_runtime(site_dir)
    name, data = pycore_zip()
    for old in (site_dir / "assets").glob("pycore-*.zip"):
        old.unlink()
    (site_dir / "assets" / name).write_bytes(data)
    write_engine(site_dir)
    write_offline(site_dir, config)  # last: the service worker lists every file written before it
    problems = check_site(site_dir, urlsplit(config.site_url or "").hostname)  # `mkdocs serve` sets site_url
    if problems:
        raise PluginError("built site failed its checks:\n  " + "\n  ".join(problems))


# ---- Offline player reference (issue 7) ---------------------------------------------------------
# The quick reference shortcode; then, after each build, the app icons, the web app manifest and the
# service worker written from every built file; links labelled for print.

def _d6_modifier(rule: str, **situation: Any) -> str:
    """The signed modifier the d6 engine applies under ``rule`` in ``situation``; the build fails if it applies none."""
    result = pycore.evaluate({"system": d6.SYSTEM, **situation})
    values = [m["value"] for m in result["modifiers"] if m["rule"] == rule]
    if len(values) != 1:
        raise PluginError(f"quick reference: the engine applies no single {rule} modifier in {situation}")
    return f"{values[0]:+d}"


def _quickref_d6(config: Any) -> list[dict[str, Any]]:
    """d6 Skirmish on one sheet: cover, hits after cover, light against vision, size."""
    counting = RULINGS["d6.ruling.light-and-obstacles"]
    combine = next(c.label for c in counting.choices if c.value == counting.default)
    levels = sorted(d6.COVER_EFFECT)
    cover_rows = [{"label": "No cover", "cells": ["No modifier"]}] + [
        {"label": f"Level {level}", "rule": f"d6.cover.level-{level}", "cells": [f"{d6.COVER_EFFECT[level]:+d} to the attack roll"]}
        for level in levels if level
    ] + [
        {"label": f"Level {d6.TOTAL_LEVEL}: total cover", "rule": "d6.cover.total",
         "cells": ["Cannot be targeted by [ATTACK] or [TARGET]"]},
        {"label": "Area effects", "rule": "d6.cover.area-effect",
         "cells": ["Total cover does not protect; levels 1 and 2 per the ruling below"]},
    ]
    counting_rows = [
        {"label": "Each partial obstacle", "rule": "d6.cover.partial-obstacle", "cells": ["+1 level"]},
        {"label": "Any total obstacle", "rule": "d6.cover.total-obstacle", "cells": ["Total cover"]},
        {"label": "Light against vision", "rule": "d6.light.vision", "cells": [f"+ levels from the light table ({combine.lower()})"]},
    ]
    hits = d6.INPUTS.field("attack.hits_on")
    hit_rows = []
    for base in range(int(hits.minimum), int(hits.maximum) + 1):
        cells = []
        for level in levels:
            result = pycore.evaluate({"system": d6.SYSTEM, "obstacles": {"partial": level}, "attack": {"hits_on": base}})
            cells.append(f"{result['hits_on']}+ · {percent(Fraction(result['hit_chance_exact']))}")
        hit_rows.append({"label": f"{base}+", "cells": cells})
    blind = [f"{d6.LIGHT_LABELS[light]} light, {d6.VISION_LABELS[vision].lower()}"
             for light in d6.LIGHT_LEVELS for vision in d6.VISIONS if d6.LIGHT_TABLE[light][vision] == d6.TOTAL]
    return [
        {"title": "Cover levels", "head": ["Cover", "Effect"], "rows": cover_rows},
        {"title": "Counting cover", "head": ["What is in the way", "Cover"], "rows": counting_rows},
        {"title": "Hits on, after cover", "rule": "d6.limits.natural",
         "head": ["Base", "No cover"] + [f"Level {level} ({d6.COVER_EFFECT[level]:+d})" for level in levels if level],
         "rows": hit_rows, "notes": ["A 6 always hits and a 1 always misses."]},
        {"title": "Light against vision", "rule": "d6.light.vision",
         "html": Markup(_template(config, "partials/table-light.html", **_light_table())),
         "notes": [f"Sanity damage: the attacker is vulnerable when the light alone gives total cover ({'; '.join(blind)})."],
         "note_rule": "d6.light.sanity"},
        {"title": "Height, size and conditions", "head": ["Situation", "Modifier"], "rows": [
            {"label": "Attacking from above", "rule": "d6.height.above",
             "cells": [_d6_modifier("d6.height.above", attacker={"elevation": "above"})]},
            {"label": "Attacking from below", "rule": "d6.height.below",
             "cells": [_d6_modifier("d6.height.below", attacker={"elevation": "below"})]},
            {"label": "Target smaller than the attacker", "rule": "d6.height.smaller-target",
             "cells": [_d6_modifier("d6.height.smaller-target", target={"size": "small"}) + " (height advantage)"]},
            {"label": "Melee against a prone target", "rule": "d6.conditions.prone-target",
             "cells": [_d6_modifier("d6.conditions.prone-target", attack={"kind": "melee"}, target={"prone": True})]},
            {"label": "Prone attacker", "rule": "d6.conditions.prone-attacker",
             "cells": [_d6_modifier("d6.conditions.prone-attacker", attacker={"prone": True})]},
            {"label": "Surrounded target (enemies on opposite sides)", "rule": "d6.conditions.surrounded",
             "cells": [_d6_modifier("d6.conditions.surrounded", target={"surrounded": True})]},
            {"label": "Invisible attacker, target cannot see it", "rule": "d6.conditions.invisible-attacker",
             "cells": [_d6_modifier("d6.conditions.invisible-attacker", attacker={"invisible": True},
                                   target={"can_see_attacker": False})]},
            {"label": "Blinded attacker", "rule": "d6.conditions.blinded",
             "cells": [f"Only within {d6.MELEE_REACH}″; hits on {d6.ONLY_SIX} only"]},
            {"label": "Invisible target", "rule": "d6.conditions.invisible-target",
             "cells": [f"No attack beyond {d6.MELEE_REACH}″, never [TARGET]; within {d6.MELEE_REACH}″ hits on {d6.ONLY_SIX} only"]},
            {"label": "Invisible creature's Stealth", "rule": "d6.conditions.invisible-stealth", "cells": ["Reroll 2s"]},
            {"label": "More than two modifiers", "rule": "d6.limits.two-modifiers",
             "cells": ["Keep only the largest penalty and the largest bonus"]},
        ]},
        {"title": "On a hex map (1 hex = 1 inch)", "head": ["On the line", "Counts as"], "rows": [
            {"label": "Partial obstacle or any creature", "rule": "d6.map.line", "cells": ["1 level"]},
            {"label": "Total obstacle some unbroken line gets past", "rule": "d6.cover.seen-past", "cells": ["1 level"]},
            {"label": "Line exactly along a hex edge", "rule": "d6.map.edge", "cells": ["Both paths shown; the ruling picks"]},
        ]},
        {"title": "Creature size", "rule": "d6.size.table",
         "html": Markup(_template(config, "partials/table-size.html", **_size_table())),
         "notes": ["Each size beyond large: every effect one step stronger."], "note_rule": "d6.size.beyond-large"},
    ]


def _default(ruling_id: str) -> str:
    """The value a ruling takes by default."""
    return RULINGS[ruling_id].default


def _signed(value: int) -> str:
    return f"{value:+d}"


def _quickref_d20(config: Any) -> list[dict[str, Any]]:
    """Classic d20 on one sheet: cover and concealment by percentage, protectors, fog, height, invisibility."""
    high = d20.COVER_HIGH[_default("d20.ruling.cover-high")]
    concealment = _default("d20.ruling.concealment-values")
    steps = [p for p in d20.PERCENTS if 0 < p < d20.FULL]

    def cover(p: int) -> str:
        return _signed(d20.COVER_BONUS.get(p) or high[p])

    def conceal(p: int) -> str:
        return _signed(d20.CONCEALMENT_BONUS[concealment][p]) if concealment in d20.CONCEALMENT_BONUS else cover(p)

    percent_rows = [{"label": f"{p}%", "cells": [cover(p), conceal(p)]} for p in steps] + [
        {"label": f"{d20.FULL}%", "cells": ["Cannot be attacked at all", "Treated as invisible"]},
    ]
    fog = [{"label": f"Up to {feet} ft away", "cells": [f"{p}% concealment"]} for feet, p in d20.FOG_STEPS] + [
        {"label": f"Beyond {d20.FOG_STEPS[-1][0]} ft", "cells": [f"{d20.FULL}% concealment"]}]
    protectors = [
        {"label": f"{n}{'+' if i == len(d20.PROTECTOR_BONUS) - 1 else ''} protector{'s' if n > 1 else ''}",
         "rule": "d20.cover.protectors", "cells": [f"{_signed(bonus)} AC and Dexterity saves"]}
        for i, (n, bonus) in enumerate(d20.PROTECTOR_BONUS)
    ] + [
        {"label": "Missile missing only because of the parries", "rule": "d20.cover.protector-struck",
         "cells": ["May strike a random protector instead"]},
        {"label": "Missiles over a melee (same level)", "rule": "d20.cover.over-melee",
         "cells": [f"{_signed(-d20.OVER_MELEE_PENALTY)} to hit"]},
    ]
    voice = {"combat": "in combat", "quiet": "otherwise"}
    terrain = {"ground": "Any higher ground", "cliff": "Vertical cliff face", "severe-slope": "Severe slope"}
    height = [{"label": terrain[t], "rule": d20.ELEVATION_RULE[t],
               "cells": [_signed(row["higher"]), _signed(row["lower"]) if row["lower"] else "None"]}
              for t, row in d20.ELEVATION_TABLE.items()]
    invisible = [
        {"label": "To hit it", "rule": "d20.invisible.attack-penalty", "cells": [_signed(-d20.INVISIBLE_ATTACK_PENALTY)]},
        {"label": "AC against its attacks", "rule": "d20.invisible.ac-penalty",
         "cells": [f"{_signed(-d20.UNSEEN_AC_PENALTY)} (never worse than AC {d20.UNSEEN_AC_LIMIT})"]},
        {"label": "Its saves against opponents", "rule": "d20.invisible.saves", "cells": [_signed(d20.INVISIBLE_SAVE_BONUS)]},
        {"label": "Surprise", "rule": "d20.invisible.surprise",
         "cells": [f"Automatic for {d20.AUTO_SURPRISE_SEGMENTS} segment if unheard; else +{d20.SURPRISE_BONUS_PERCENT}%"]},
        {"label": "Speaking or casting aloud", "rule": "d20.detect.voice",
         "cells": [" / ".join(f"pinpointed within {ft} ft {voice[when]}" for when, ft in d20.VOICE_RANGE_FT.items())]},
        {"label": f"In melee range more than {d20.ACCIDENTAL_AFTER_ROUNDS} round, unpinpointed", "rule": "d20.melee.accidental",
         "cells": [f"Targeted by accident {percent(d20.ACCIDENTAL_TARGET)}"]},
    ]
    return [
        {"title": "Cover and concealment: bonus to AC", "rule": "d20.cover.percent",
         "head": ["Share hidden", "Cover", "Concealment"], "rows": percent_rows,
         "notes": ["A bonus improves AC: with descending AC, take it off."],
         "see": ["d20.cover.hard-and-soft", "d20.cover.far-side", "d20.cover.saves", "d20.cover.full",
                 "d20.concealment.percent", "d20.concealment.full", "d20.cover.examples", "d20.concealment.examples"]},
        {"title": "Soft cover and missiles", "head": ["Situation", "Effect"], "rows": protectors},
        {"title": "Fog or mist", "rule": "d20.concealment.fog", "head": ["Target", "Concealment"], "rows": fog},
        {"title": "Higher ground (attack roll)", "head": ["Terrain", "Attacker higher", "Attacker lower"], "rows": height},
        {"title": "Invisible creatures", "rule": "d20.invisible.sight", "head": ["Against an invisible creature", "Effect"],
         "rows": invisible},
    ]


def _quickref_er(config: Any) -> list[dict[str, Any]]:
    """Enchanted Realms on one sheet: the dice pool, cover, obscurement and friendly fire."""
    turn_natural = ", ".join(str(face) for face in range(er.NATURAL_HIT - er.FORWARD, er.NATURAL_HIT))
    cover = [
        {"label": "Partial (at least half the body)", "rule": "er.cover.partial",
         "cells": [_signed(er.PARTIAL_DEFENSE), _signed(er.PARTIAL_AGILITY), ""]},
        {"label": "Three-quarters", "rule": "er.cover.three-quarters",
         "cells": [_signed(er.PARTIAL_DEFENSE), _signed(er.PARTIAL_AGILITY), "Friendly fire if others are near"]},
        {"label": "Full", "rule": "er.cover.full",
         "cells": ["Cannot be targeted", _signed(er.FULL_AGILITY), "Cannot act towards the cover"]},
    ]
    pool = [
        {"label": "Each die", "rule": "er.attack.pool", "cells": ["Compared on its own with the Defense"]},
        {"label": f"Natural {er.NATURAL_HIT} / natural {er.NATURAL_MISS}", "rule": "er.attack.natural",
         "cells": ["Always hits / always misses"]},
        {"label": "Split dice", "rule": "er.attack.split", "cells": ["Separate attacks"]},
        {"label": "Obscurement, poor light", "rule": "er.obscurement.penalty", "cells": ["A penalty off every die of the actor"]},
    ]
    ff = [
        {"label": "Used for", "rule": "er.ff.when",
         "cells": ["Blind shots, blinded attacker, invisible target, three-quarters cover with others near, "
                   "firing at full cover"]},
        {"label": "Strays only if", "rule": "er.ff.whole-pool", "cells": ["Every die misses; one alternate target"]},
        {"label": "Where", "rule": "er.ff.stray-hexes",
         "cells": [f"{er.STRAY_SLOTS} hexes: around the target, {er.STRAY_REACH_FEET} ft in front and behind"]},
        {"label": f"Roll a d{er.STRAY_DIE}", "rule": "er.ff.d10",
         "cells": [f"1–{er.STRAY_SLOTS} a hex, {'–'.join(str(f) for f in (er.EMPTY_FACES[0], er.EMPTY_FACES[-1]))} "
                   f"nothing: each creature 1 in {er.STRAY_DIE}"]},
        {"label": f"Against it: raw dice +{er.FORWARD}", "rule": "er.ff.forward",
         "cells": [f"Raw {turn_natural} become natural {er.NATURAL_HIT}; no automatic miss"]},
    ]
    return [
        {"title": "Attacks", "head": ["Dice", "Rule"], "rows": pool, "see": ["er.obscurement.lighting"]},
        {"title": "Cover", "head": ["Cover", "Defense", "Agility saves (area)", "Also"], "rows": cover,
         "see": ["er.cover.partial-saves", "er.cover.full-area", "er.cover.full-acting", "er.cover.fire-anyway"]},
        {"title": "Friendly fire", "head": ["Step", "Rule"], "rows": ff},
    ]


QUICKREFS = {d6.SYSTEM: _quickref_d6, d20.SYSTEM: _quickref_d20, er.SYSTEM: _quickref_er}
"""System id -> the sections of its quick reference (tables read off the engine). A new system is one
page ``site/reference/<system>.md`` holding ``{{ quickref <system> }}`` and one line here; without the
line its sheet still lists every rule and ruling."""


def render_quickref(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A system's every modifier on one sheet, built from the engine's own tables and answers."""
    if len(words) != 1 or words[0] not in SYSTEMS or options:
        raise PluginError(f"{page.file.src_uri}: quickref needs one system id, got {words}")
    system = SYSTEMS[words[0]]
    if not system.ready:
        raise PluginError(f"{page.file.src_uri}: {system.id} is not built yet")
    base = _base(page)

    def rule_ref(rid: str) -> str:
        return base + pycore.ref(rid)

    sections = QUICKREFS[system.id](config) if system.id in QUICKREFS else []
    sections.append({
        "title": "Rulings (defaults)", "head": ["Question", "Default", "Other choices"],
        "rows": [{"label": r.title, "rule": r.id,
                  "cells": [next(c.label for c in r.choices if c.value == r.default),
                            ", ".join(c.label for c in r.choices if c.value != r.default)]}
                 for r in system.rulings],
    })
    linked = {s.get("rule") for s in sections} | {s.get("note_rule") for s in sections}
    linked |= {row.get("rule") for s in sections for row in s.get("rows", ())}
    linked |= {rid for s in sections for rid in s.get("see", ())}
    unknown = sorted(rid for rid in linked if rid and rid not in RULES and rid not in RULINGS)
    if unknown:
        raise PluginError(f"quick reference of {system.id} names unknown rules {unknown}")
    rest = [r.id for r in system.rules if r.id not in linked]
    if rest:  # nothing is left out: every rule the tables above do not cover, by its title
        sections.append({"title": "More rules", "see": rest})
    return _template(config, "partials/quickref.html", system=system, sections=sections, rule_ref=rule_ref,
                     rule_title=lambda rid: (RULES.get(rid) or RULINGS[rid]).title, calculator=base + system.calculator)


SHORTCODES["quickref"] = render_quickref

SW_SOURCES = {"build": "assets/offline-sw.js", "serve": "assets/offline-sw-off.js"}
"""Service worker sources in docs_dir: the caching one, and the self-removing one for `mkdocs serve`.
The build writes one of them to SW_NAME; neither is shipped as it is."""
SW_NAME = "sw.js"
SW_PLACEHOLDER = "/*BUILD*/null"
FALLBACK_PAGE = "404.html"
WEB_MANIFEST = "manifest.webmanifest"
ICON_DIR = "assets/icons"
THEME_COLOR = {"light": "#795649", "dark": "#5d4037"}
"""The header's brown (Material's brown primary) and its darker shade for dark mode."""
BACKGROUND_COLOR = {"light": "#ffffff", "dark": "#1e2129"}
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".map": "application/json", ".wasm": "application/wasm",
    ".zip": "application/zip", ".py": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8",
    ".png": "image/png", ".svg": "image/svg+xml", ".ico": "image/x-icon", ".xml": "application/xml",
    ".gz": "application/gzip", ".webmanifest": "application/manifest+json", ".woff2": "font/woff2",
}
"""What the service worker says each file is, whatever the host sends."""

_run = {"command": "build"}


def on_startup(command: str, dirty: bool) -> None:
    """Remember whether this is `mkdocs serve` (no caching worker while developing)."""
    _run["command"] = command


def offline_enabled() -> bool:
    """Whether this build ships the caching service worker (not under `mkdocs serve`)."""
    return _run["command"] != "serve"


def on_files(files: Any, config: Any) -> Any:
    """The service worker sources are read by the hook, never copied into the site."""
    for source in SW_SOURCES.values():
        file = files.get_file_from_path(source)
        if file is not None:
            files.remove(file)
    return files


def on_env(env: Any, config: Any, files: Any) -> Any:
    """What the theme needs for offline use: the mode, the manifest and the theme colours."""
    env.globals["offline"] = {"enabled": offline_enabled(), "manifest": WEB_MANIFEST, "icons": ICON_DIR,
                              "theme_color": THEME_COLOR}
    return env


# The icon: a white d6 showing five on the header's brown. Units are fractions of the icon's side.
ICON_BROWN = (0x79, 0x56, 0x49)
ICON_FACE = (0xFF, 0xF8, 0xEE)
ICON_PIP = (0x3E, 0x27, 0x23)
ICON_CORNER = 0.18
"""Corner radius of the background of "any" icons; maskable and Apple icons are full-bleed."""
ICON_DIE = (0.5, 0.5, 0.25, 0.07)
"""Centre x, centre y, half side, corner radius: inside the maskable safe circle (radius 0.4)."""
ICON_PIP_RADIUS = 0.045
ICON_ANY_SCALE = 1.25
"""The die is drawn larger on "any" icons, which no launcher crops."""
ICON_PIPS = ((0.5, 0.5), (0.375, 0.375), (0.625, 0.375), (0.375, 0.625), (0.625, 0.625))
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
         ("icon-maskable-512.png", 512, "maskable"), ("apple-touch-icon.png", 180, "apple"))


def _icon_shapes(purpose: str) -> list[tuple[tuple[float, float, float, float], tuple[int, int, int]]]:
    """Rounded boxes (cx, cy, half side, radius) with their colours, painted in order."""
    corner, k = (ICON_CORNER, ICON_ANY_SCALE) if purpose == "any" else (0.0, 1.0)

    def grow(x: float) -> float:
        return 0.5 + (x - 0.5) * k

    cx, cy, half, radius = ICON_DIE
    return [((0.5, 0.5, 0.5, corner), ICON_BROWN), ((grow(cx), grow(cy), half * k, radius * k), ICON_FACE)] + [
        ((grow(x), grow(y), ICON_PIP_RADIUS * k, ICON_PIP_RADIUS * k), ICON_PIP) for x, y in ICON_PIPS
    ]


def _paint(pixels: bytearray, size: int, box: tuple[float, float, float, float], colour: tuple[int, int, int]) -> None:
    """Paint one anti-aliased rounded box over RGBA ``pixels``: row spans, exact coverage at the edges."""
    cx, cy, half, radius = (v * size for v in box)
    straight = half - radius
    for y in range(size):
        ay = abs(y + 0.5 - cy)
        dy = max(ay - straight, 0.0)
        if dy >= radius + 0.5:
            continue
        outer = straight + math.sqrt((radius + 0.5) ** 2 - dy * dy)
        if ay > half - 0.5:  # an edge row: no pixel of it is fully covered
            inner = -1.0
        elif dy == 0.0:
            inner = half - 0.5
        else:
            inner = straight + math.sqrt((radius - 0.5) ** 2 - dy * dy) if dy < radius - 0.5 else -1.0
        x0, x1 = max(0, math.floor(cx - outer)), min(size, math.ceil(cx + outer))
        f0, f1 = max(x0, math.ceil(cx - inner - 0.5)), min(x1 - 1, math.floor(cx + inner - 0.5))
        if f0 <= f1:  # fully covered: one slice
            pixels[(y * size + f0) * 4:(y * size + f1 + 1) * 4] = bytes((*colour, 255)) * (f1 - f0 + 1)
        for x in range(x0, x1):
            if f0 <= x <= f1:
                continue
            qx, qy = abs(x + 0.5 - cx) - straight, abs(y + 0.5 - cy) - straight
            d = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius
            cover = min(1.0, max(0.0, 0.5 - d))
            if cover <= 0.0:
                continue
            i = (y * size + x) * 4
            alpha = pixels[i + 3] / 255
            out = cover + alpha * (1 - cover)
            for c in range(3):
                pixels[i + c] = round((colour[c] * cover + pixels[i + c] * alpha * (1 - cover)) / out)
            pixels[i + 3] = round(out * 255)


def icon_png(size: int, purpose: str = "any") -> bytes:
    """The app icon as a PNG, drawn and encoded with the standard library only."""
    pixels = bytearray(size * size * 4)
    for box, colour in _icon_shapes(purpose):
        _paint(pixels, size, box, colour)
    stride = size * 4
    raw = b"".join(b"\x00" + bytes(pixels[y * stride:(y + 1) * stride]) for y in range(size))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon_svg() -> str:
    """The same icon as SVG (any size), from the same geometry."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 100 100", "role": "img"})
    ET.SubElement(svg, "title").text = "Combat Environment Rules"
    for (cx, cy, half, radius), colour in _icon_shapes("any"):
        fill = "#%02x%02x%02x" % colour
        if half == radius:
            ET.SubElement(svg, "circle", {"cx": f"{cx * 100:g}", "cy": f"{cy * 100:g}", "r": f"{radius * 100:g}", "fill": fill})
        else:
            ET.SubElement(svg, "rect", {"x": f"{(cx - half) * 100:g}", "y": f"{(cy - half) * 100:g}",
                                        "width": f"{half * 200:g}", "height": f"{half * 200:g}",
                                        "rx": f"{radius * 100:g}", "fill": fill})
    return ET.tostring(svg, encoding="unicode")


def write_icons(site_dir: Path) -> list[dict[str, str]]:
    """Write the icons; return their web app manifest entries."""
    folder = site_dir / ICON_DIR
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for name, size, purpose in ICONS:
        (folder / name).write_bytes(icon_png(size, purpose))
        if purpose != "apple":
            entries.append({"src": f"{ICON_DIR}/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose})
    (folder / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    entries.append({"src": f"{ICON_DIR}/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return entries


def web_manifest(config: Any, icons: list[dict[str, str]], site_dir: Path) -> dict[str, Any]:
    """The installable app: name, icons, where it starts, its scope and colours; URLs relative to the site root."""
    shortcuts = []
    for system in SYSTEMS.values():
        if system.ready:
            shortcuts.append({"name": f"{system.title} calculator", "url": system.calculator})
            if (site_dir / "reference" / system.id / "index.html").exists():
                shortcuts.append({"name": f"{system.title} quick reference", "url": f"reference/{system.id}/"})
    return {
        "id": "./", "name": config.site_name, "short_name": "Combat rules",
        "description": config.site_description or "", "lang": "en", "dir": "ltr",
        "start_url": "./", "scope": "./", "display": "standalone",
        "theme_color": THEME_COLOR["light"], "background_color": BACKGROUND_COLOR["light"],
        "user_preferences": {"color_scheme_dark": {"theme_color": THEME_COLOR["dark"],
                                                   "background_color": BACKGROUND_COLOR["dark"]}},
        "icons": icons, "shortcuts": shortcuts, "categories": ["games", "reference"],
    }


def content_type(path: str) -> str:
    """The type the service worker serves a file with."""
    suffix = Path(path).suffix.lower()
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def offline_manifest(site_dir: Path, salt: str = "") -> dict[str, Any]:
    """Every built file (but the worker itself) with its SHA-256, size and type; the version hashes them all."""
    files: dict[str, dict[str, Any]] = {}
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if rel == SW_NAME:
            continue
        data = path.read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        files[rel] = {"integrity": f"sha256-{digest}", "size": len(data), "type": content_type(rel)}
    if FALLBACK_PAGE not in files:
        raise PluginError(f"{FALLBACK_PAGE} is missing: the offline worker needs it for unknown addresses")
    listing = "\n".join(f"{rel} {entry['integrity']}" for rel, entry in files.items())
    version = hashlib.sha256((salt + "\n" + listing).encode()).hexdigest()[:16]
    return {"version": version, "fallback": FALLBACK_PAGE, "files": files}


def service_worker(site_dir: Path, docs_dir: Path) -> str:
    """The text of sw.js: the self-removing worker under `mkdocs serve`, else the caching one with its manifest."""
    source = (docs_dir / SW_SOURCES["build" if offline_enabled() else "serve"]).read_text(encoding="utf-8")
    if not offline_enabled():
        return source
    if source.count(SW_PLACEHOLDER) != 1:
        raise PluginError(f"{SW_SOURCES['build']} must hold {SW_PLACEHOLDER} exactly once")
    build = offline_manifest(site_dir, salt=hashlib.sha256(source.encode()).hexdigest())
    return source.replace(SW_PLACEHOLDER, json.dumps(build, separators=(",", ":"), sort_keys=True))


def write_offline(site_dir: Path, config: Any) -> None:
    """Icons, web app manifest, then the service worker over every file of the finished site (call last)."""
    icons = write_icons(site_dir)
    manifest = web_manifest(config, icons, site_dir)
    (site_dir / WEB_MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False), encoding="utf-8")
    (site_dir / SW_NAME).write_text(service_worker(site_dir, Path(config.docs_dir)), encoding="utf-8")


ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
LINK_TAG = re.compile(r"<a\b([^>]*)>")
HREF = re.compile(r'\bhref="([^"]*)"')


def print_ref(href: str, page_url: str) -> str | None:
    """How a link prints: a rule's id, or the site path of a page; None for other hosts (CSS prints those)."""
    href = unescape(href)
    if re.match(r"^[a-z][a-z0-9+.-]*:|^//", href, re.I):
        return None
    path, _, fragment = href.partition("#")
    if fragment in RULES or fragment in RULINGS:
        return fragment
    if not path:
        return None
    target = posixpath.normpath(posixpath.join(page_url, path))
    target = "" if target == "." else target + ("/" if path.endswith("/") else "")
    return (target or "home") + (f"#{fragment}" if fragment else "")


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give every link in the article a data-ref that the print stylesheet shows after it."""

    def label(tag: re.Match[str]) -> str:
        attrs = tag.group(1)
        href = HREF.search(attrs)
        if not href or "data-ref=" in attrs or "headerlink" in attrs:
            return tag.group(0)
        ref = print_ref(href.group(1), page.url)
        if ref is None:
            return tag.group(0)
        return f'<a{attrs} data-ref="{Markup.escape(ref)}">'

    def article(match: re.Match[str]) -> str:
        return match.group(1) + LINK_TAG.sub(label, match.group(2)) + match.group(3)

    return ARTICLE.sub(article, output, count=1)


# ---- Engine start-up (issue 8) ------------------------------------------------------------------
# Most of a calculator's start is CPython starting inside Pyodide. The build starts it once instead
# (Node runs the vendored Pyodide), imports pycore and what PyScript's worker imports, and saves a
# memory snapshot. The interpreter PyScript is given is a small loader that restores the snapshot
# (about half the time of a bare start; measured by `make bench`) and starts Pyodide as usual if the
# snapshot cannot be fetched or used. Skipped under `mkdocs serve`, without Node, or with
# ENGINE_SNAPSHOT=0: pages then name the vendored pyodide.mjs directly.
# What the rest of a start costs was measured phase by phase (performance marks in the loader and the
# worker; `make bench` for the totals). Hence: the snapshot file leaves out the image's zero pages (half
# of it: half the unzipping); Pyodide's module is made while the image still streams in; the unzipped
# file is kept in a cache for the next page's start; PyScript's Python package and the `html` module it
# imports come compiled in the snapshot; Pyodide gets its lock file's info instead of fetching 120 KB.
# Tried and dropped (no gain measured, more CPU on 2 cores): preloading the snapshot and the runtime
# from the page's head, unzipping in a second worker, compiling the WebAssembly ahead of Pyodide.

SNAPSHOT_IMPORTS = ("asyncio", "collections", "functools", "html", "inspect", "json", "os", "pathlib", "shutil",
                    "zipfile", "pyodide.ffi")
"""Standard modules PyScript's worker code imports (its own package is written at start-up; ``html`` with
its entity table is compiled from source at every start otherwise, about 80 ms), and what unpacking the
engine archive uses; pycore's modules are all imported too."""
SNAPSHOT_CACHE = ROOT / "build" / "engine-snapshots"
"""Snapshots by content key: Node only runs again when Pyodide, pycore, PyScript or the recipe changed."""
SNAPSHOT_KEEP = 4
SNAPSHOT_DIR = "assets/runtime"
"""The snapshot is an image of the runtime's memory (CPython's heap, pycore's modules in it)."""
SNAPSHOT_PAGE = 4096
SNAPSHOT_MAGIC = b"ESNP"
SNAPSHOT_FORMAT = 2
"""The snapshot file's layout (``sparse_image``); part of the cache key, so a new layout makes new files."""
PYSCRIPT_DIST = ROOT / "node_modules/@pyscript/core/dist"

SNAPSHOT_MAKER = r"""
const { loadPyodide } = await import(process.env.PYODIDE_MJS);
const { readFileSync, writeFileSync } = await import("node:fs");
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(process.env.ENGINE_ZIP)));
pyodide.FS.writeFile("/tmp/pyscript.json", readFileSync(process.env.PYSCRIPT_JSON));
pyodide.runPython(process.env.SNAPSHOT_PY);
writeFileSync(process.env.SNAPSHOT_OUT, pyodide.makeMemorySnapshot());
"""
"""Run by ``node --input-type=module -e``: start Pyodide, run SNAPSHOT_PY, write the memory snapshot."""

SNAPSHOT_PY = """
import importlib, importlib.util, json, os, pkgutil, sys, types, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
zipfile.ZipFile("/tmp/engine.zip").extractall("/home/pyodide")  # where PyScript unpacks it in the browser
os.remove("/tmp/engine.zip")
for name in {imports!r}:
    importlib.import_module(name)
import pycore
for info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if info.name != "pycore.__main__":
        importlib.import_module(info.name)
# PyScript writes its Python package at every start and imports it, compiling it from source: the
# compiled code waits here as checked-hash .pyc files (used only if the source PyScript writes has the
# same hash), written by the loader before PyScript starts.
_pyc = {{}}
for _rel, _text in json.load(open("/tmp/pyscript.json", encoding="utf-8")).items():
    _path = "/home/pyodide/" + _rel
    _data = _text.encode("utf-8")
    _code = compile(_data, _path, "exec", dont_inherit=True)
    _pyc[importlib.util.cache_from_source(_path)] = bytes(_code_to_hash_pyc(_code, importlib.util.source_hash(_data), True))
os.remove("/tmp/pyscript.json")
_engine = types.ModuleType("_engine_start")
exec(compile({start!r}, "_engine_start", "exec"), _engine.__dict__)
_engine.PYC = _pyc
_zip = next(p for p in sys.path if p.endswith(".zip"))
with open(_zip, "rb") as _f:  # only its end: a whole read would leave 2.5 MB of it in the image
    _f.seek(-64, 2)
    _engine.STDLIB = (os.path.getsize(_zip), _f.read())
sys.modules["_engine_start"] = _engine
del _pyc, _rel, _text, _path, _data, _code, _engine, _zip, _f
os.environ.pop("_", None)  # the build machine's script path
"""

ENGINE_START_PY = """\
import os, sys


def start():
    \"\"\"Called by the loader on the restored snapshot, once: each start its own random state (the
    snapshot froze one), and PyScript's package compiled where its import finds it. The standard
    library's archive is checked first: the snapshot needs nothing from it to start, but a later import
    would (a broken deploy fails now, as it would without the snapshot).\"\"\"
    del sys.modules["_engine_start"]
    for path in sys.path:
        if path.endswith(".zip"):
            size, tail = STDLIB
            with open(path, "rb") as f:
                same = f.seek(0, 2) == size and f.seek(size - len(tail)) >= 0 and f.read() == tail
            if not same:
                raise RuntimeError(path + " is not the standard library this snapshot was made with")
    if "random" in sys.modules:
        sys.modules["random"].seed()
    for path, data in PYC.items():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        except OSError:
            pass
"""
"""The module ``_engine_start`` of the snapshot."""

ENGINE_LOADER = """\
// The engine's interpreter for PyScript (the "interpreter" of its config): the vendored Pyodide,
// restored from the memory snapshot this build took with pycore already imported, which skips most
// of CPython's start-up. If the snapshot cannot be fetched or used, Pyodide starts as usual and
// pycore's archive is unpacked where PyScript's "files" would have put it.
// Written by hooks.py at build time (issue 8).
import { loadPyodide as startPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;
const SIZE = __SIZE__; // bytes of the memory image
const ARCHIVE = new URL("__ARCHIVE__", import.meta.url);
const indexURL = new URL("runtime/pyodide/", import.meta.url).href;
const LOCK = __LOCK__; // Pyodide's package list, without packages: the engine loads none
const UNZIPPED = "engine-snapshot"; // the cache that keeps the snapshot unzipped for the next start

// The snapshot file holds only the image's non-zero parts: "ESNP", the image's size, the parts' count,
// (offset, length) of each, then their bytes, gzipped (a host that already undid the gzip is fine too). Unzipping is the
// longest task of the start, so the unzipped file is kept in a cache of its own for the next start
// (another page of the site): the file's name changes with its content.
async function source() {
  const network = new AbortController();
  const download = fetch(SNAPSHOT, { signal: network.signal }); // meanwhile: a cache can be slow to open
  download.catch(() => {});
  try {
    const hit = await (await caches.open(UNZIPPED)).match(SNAPSHOT);
    if (hit?.body) {
      network.abort();
      return { response: hit, cached: true };
    }
  } catch {} // no cache storage (a private window, storage blocked): the network
  const response = await download;
  if (!response.ok || !response.body) throw new Error(`${new URL(SNAPSHOT).pathname}: HTTP ${response.status}`);
  return { response, cached: false };
}

async function fill(image) {
  const { response, cached } = await source();
  if (!cached) return unpack(image, response, false);
  try {
    return await unpack(image, response, true);
  } catch {
    // a damaged copy: dropped, and the file fetched again
    await caches.open(UNZIPPED).then((cache) => cache.delete(SNAPSHOT)).catch(() => {});
    image.fill(0);
    const again = await fetch(SNAPSHOT);
    if (!again.ok || !again.body) throw new Error(`${new URL(SNAPSHOT).pathname}: HTTP ${again.status}`);
    return unpack(image, again, false);
  }
}

async function unpack(image, response, cached) {
  const input = response.body.getReader();
  const head = await input.read();
  const body = new ReadableStream({
    start(controller) {
      if (!head.done) controller.enqueue(head.value);
    },
    async pull(controller) {
      const { done, value } = await input.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const gzipped = !head.done && head.value[0] === 0x1f && head.value[1] === 0x8b;
  const reader = (gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body).getReader();
  let header = new Uint8Array(0);
  let parts = null;
  let part = 0;
  let at = 0;
  for (;;) {
    let { done, value } = await reader.read();
    if (done) break;
    if (!parts) {
      const joined = new Uint8Array(header.length + value.length);
      joined.set(header);
      joined.set(value, header.length);
      header = joined;
      if (header.length < 12) continue;
      const view = new DataView(header.buffer);
      if (view.getUint32(0) !== 0x45534e50) throw new Error("not an engine snapshot");
      if (view.getUint32(4, true) !== SIZE) throw new Error("the snapshot is not this build's");
      const count = view.getUint32(8, true);
      if (header.length < 12 + 8 * count) continue;
      parts = [];
      for (let i = 0, end = 0; i < count; i++) {
        const offset = view.getUint32(12 + 8 * i, true);
        const length = view.getUint32(16 + 8 * i, true);
        if (offset < end || offset + length > SIZE) throw new Error("the snapshot does not fit its image");
        parts.push([offset, length]);
        end = offset + length;
      }
      value = header.subarray(12 + 8 * count);
      header = header.subarray(0, 12 + 8 * count);
    }
    while (value.length) {
      if (part === parts.length) throw new Error("the snapshot is larger than expected");
      const [offset, length] = parts[part];
      const n = Math.min(length - at, value.length);
      image.set(value.subarray(0, n), offset + at);
      value = value.subarray(n);
      at += n;
      if (at === length) {
        part += 1;
        at = 0;
      }
    }
  }
  if (!parts || part !== parts.length) throw new Error("the snapshot is shorter than expected");
  // the unzipped file, for the next start: written once this start is done with the worker
  return cached ? null : () => new Blob([header, ...parts.map(([offset, length]) => image.subarray(offset, offset + length))]);
}

async function keep(unzipped) {
  try {
    const cache = await caches.open(UNZIPPED);
    const folder = new URL(".", SNAPSHOT).href;
    for (const old of await cache.keys()) if (old.url.startsWith(folder) && old.url !== SNAPSHOT) await cache.delete(old);
    await cache.put(SNAPSHOT, new Response(unzipped(), { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {} // only the next start is slower
}

// Both start as soon as PyScript imports this module.
let snapshot = new Uint8Array(SIZE);
const filled = fill(snapshot);
filled.catch(() => {}); // a failure is handled below, where the start awaits it
const runtime = import("./runtime/pyodide/pyodide.asm.mjs");
runtime.catch(() => {});

export async function loadPyodide(options = {}) {
  const image = snapshot;
  snapshot = null; // 31 MB: not kept by this module once Pyodide has it
  try {
    if (!image) throw new Error("the snapshot was used already");
    const pyodide = await startPyodide({
      ...options,
      indexURL,
      packageBaseUrl: indexURL,
      lockFileContents: LOCK,
      // Pyodide sizes the module's memory from the image, then restores it once the module is ready:
      // the module (its WebAssembly compiled while it downloads) is made while the image still comes in.
      _loadSnapshot: image,
      createPyodideModule: async (settings) => {
        const module = runtime.then(({ default: create }) => create(settings));
        module.catch(() => {});
        await filled;
        return module;
      },
    });
    // Each start its own random state (the snapshot froze one); PyScript's package, compiled.
    pyodide.pyimport("_engine_start").start();
    const unzipped = await filled;
    if (unzipped) setTimeout(() => keep(unzipped), 1500);
    return pyodide;
  } catch (error) {
    console.warn(`engine: starting without the snapshot (${error})`);
    const pyodide = await startPyodide({ ...options, indexURL });
    const archive = await fetch(ARCHIVE);
    if (!archive.ok) throw new Error(`${ARCHIVE.pathname}: HTTP ${archive.status}`);
    pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
    return pyodide;
  }
}
"""

_engine: dict[str, Any] = {"files": {}}
"""Site path -> bytes of this build's loader and snapshot (written by write_engine)."""


def _pyscript_chunk() -> tuple[str, str] | None:
    """PyScript's main bundled chunk (the one core.js imports): its file name and text, or None if PyScript's
    layout is not the expected one."""
    try:
        core = (PYSCRIPT_DIST / "core.js").read_text(encoding="utf-8")
        chunk = re.search(r'from\s*"\./(core-[\w-]+\.js)"', core).group(1)  # type: ignore[union-attr]
        return chunk, (PYSCRIPT_DIST / chunk).read_text(encoding="utf-8")
    except (OSError, AttributeError):
        return None


def pyscript_preloads() -> list[str]:
    """PyScript's main chunk and the plugins it always imports, for <link rel="modulepreload">: fetched
    while the page is parsed instead of one after the other. Empty if PyScript's layout is not the expected one."""
    found = _pyscript_chunk()
    if found is None:
        return []
    chunk, text = found
    plugins = re.findall(r'(?:"[\w-]+"|[\w$]+):\(\)=>import\("\./([\w-]+\.js)"\)', text)
    dest = RUNTIME["node_modules/@pyscript/core/dist"][0]
    return [f"{dest}/{name}" for name in [chunk, *plugins] if (PYSCRIPT_DIST / name).exists()]


def pyscript_package() -> dict[str, str]:
    """The Python package PyScript writes into the interpreter at start-up (``pyscript/*.py`` -> source),
    read from its bundled chunk; empty if it cannot be found there (the engine then just compiles it)."""
    chunk = _pyscript_chunk()
    if chunk is None:
        return {}
    text = chunk[1]
    found = re.search(r'\(\s*"\.",\s*(\{\s*pyscript\s*:\s*\{)', text)  # write(".", {pyscript: {...}})
    if not found:
        return {}
    out, depth, i = [], 0, found.start(1)
    while i < len(text):  # the object literal as JSON: keys quoted, strings kept, up to its closing brace
        c = text[i]
        if c == '"':
            end = i + 1
            while text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i:end + 1])
            i = end + 1
            continue
        key = re.match(r"[A-Za-z_$][\w$]*(?=\s*:)", text[i:i + 200])
        if key:
            out.append(json.dumps(key.group(0)))
            i += len(key.group(0))
            continue
        out.append(c)
        depth += {"{": 1, "}": -1}.get(c, 0)
        i += 1
        if depth == 0:
            break
    try:
        tree = json.loads("".join(out))
    except ValueError:
        return {}

    def files(node: dict[str, Any], base: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in node.items():
            if isinstance(value, str):
                out[base + key] = value
            elif isinstance(value, dict):
                out.update(files(value, base + key + "/"))
        return out

    return {rel: src for rel, src in files(tree, "").items() if rel.endswith(".py")}


def sparse_image(image: bytes) -> bytes:
    """The memory image without its zero pages (about half of it): "ESNP", the image's size, the count of
    the parts kept, (offset, length) of each, then their bytes. The loader fills a zeroed buffer from it."""
    zero = bytes(SNAPSHOT_PAGE)
    parts: list[list[int]] = []
    for offset in range(0, len(image), SNAPSHOT_PAGE):
        if image[offset:offset + SNAPSHOT_PAGE] == zero[:len(image) - offset]:
            continue
        length = min(SNAPSHOT_PAGE, len(image) - offset)
        if parts and parts[-1][0] + parts[-1][1] == offset:
            parts[-1][1] += length
        else:
            parts.append([offset, length])
    header = SNAPSHOT_MAGIC + struct.pack(f"<II{2 * len(parts)}I", len(image), len(parts), *(n for part in parts for n in part))
    return header + b"".join(image[o:o + n] for o, n in parts)


def engine_snapshot(zip_data: bytes) -> bytes | None:
    """The snapshot file (gzipped sparse image) for this Pyodide, PyScript and pycore archive (cached), or None."""
    import logging
    import os
    import subprocess
    import tempfile

    log = logging.getLogger("mkdocs.hooks")
    node = shutil.which("node")
    if _run["command"] == "serve" or os.environ.get("ENGINE_SNAPSHOT", "1") == "0" or not node:
        return None
    source = ROOT / "node_modules/pyodide"
    code = SNAPSHOT_PY.format(imports=SNAPSHOT_IMPORTS, start=ENGINE_START_PY)
    package = json.dumps(pyscript_package(), sort_keys=True).encode()
    key = hashlib.sha256()
    for name in RUNTIME["node_modules/pyodide"][1]:
        key.update(name.encode() + b"\0" + (source / name).read_bytes())
    key.update(zip_data + package + SNAPSHOT_MAKER.encode() + code.encode() + SNAPSHOT_MAGIC + str(SNAPSHOT_PAGE).encode()
               + str(SNAPSHOT_FORMAT).encode())
    cached = SNAPSHOT_CACHE / f"{key.hexdigest()[:24]}.snap.gz"
    if cached.exists():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        archive, out, scripts = Path(tmp) / "engine.zip", Path(tmp) / "engine.snap", Path(tmp) / "pyscript.json"
        archive.write_bytes(zip_data)
        scripts.write_bytes(package)
        env = {**os.environ, "PYODIDE_MJS": (source / "pyodide.mjs").as_uri(), "ENGINE_ZIP": str(archive),
               "PYSCRIPT_JSON": str(scripts), "SNAPSHOT_OUT": str(out), "SNAPSHOT_PY": code}
        try:
            proc = subprocess.run([node, "--input-type=module", "-e", SNAPSHOT_MAKER], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.info("engine snapshot not made (%s): pages start Pyodide without it", exc)
            return None
        if proc.returncode or not out.exists():
            log.info("engine snapshot not made (node exited %s: %s): pages start Pyodide without it",
                     proc.returncode, proc.stderr.strip()[-500:])
            return None
        data = gzip.compress(sparse_image(out.read_bytes()), compresslevel=9, mtime=0)
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(cached)  # atomic: builds running side by side share the cache
    for old in sorted(SNAPSHOT_CACHE.glob("*.snap.gz"), key=lambda p: p.stat().st_mtime)[:-SNAPSHOT_KEEP]:
        old.unlink(missing_ok=True)
    return data


def snapshot_size(snapshot: bytes) -> int:
    """The size of the memory image a snapshot file restores (from its header; the loader allocates it)."""
    with gzip.GzipFile(fileobj=io.BytesIO(snapshot)) as f:
        head = f.read(8)
    if head[:4] != SNAPSHOT_MAGIC:
        raise ValueError("not an engine snapshot")
    return struct.unpack("<I", head[4:8])[0]


def engine_lock() -> dict[str, Any]:
    """Pyodide's lock file as the loader gives it to Pyodide: its ``info`` (checked against the runtime),
    no packages (the engine loads none), so that the start need not fetch and parse 120 KB."""
    lock = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def prepare_engine(config: Any, zip_name: str, zip_data: bytes) -> None:
    """Decide how pages start the engine: the snapshot loader when there is a snapshot (pycore is in it:
    no "files" for PyScript to unpack), else pyodide.mjs with pycore's archive as "files"."""
    runtime = RUNTIME["node_modules/pyodide"][0] + "/pyodide.mjs"
    engine = {"interpreter": runtime, "runtime": runtime, "preload": pyscript_preloads(), "snapshot": None}
    _engine["files"] = {}
    snapshot = engine_snapshot(zip_data)
    if snapshot is not None:
        size = snapshot_size(snapshot)
        digest = hashlib.sha256(snapshot).hexdigest()[:12]
        snap_path = f"{SNAPSHOT_DIR}/engine-{digest}.snap.gz"
        loader = (ENGINE_LOADER.replace("__SNAPSHOT__", posixpath.relpath(snap_path, "assets"))
                  .replace("__SIZE__", str(size)).replace("__ARCHIVE__", zip_name)
                  .replace("__LOCK__", json.dumps(engine_lock())))
        loader_path = f"assets/engine-{hashlib.sha256(loader.encode()).hexdigest()[:12]}.mjs"
        _engine["files"] = {snap_path: snapshot, loader_path: loader.encode()}
        engine.update(interpreter=loader_path, snapshot=snap_path)
    config.extra["engine"] = engine


def write_engine(site_dir: Path) -> None:
    """This build's loader and snapshot; those of earlier builds in the same folder go."""
    for old in [*(site_dir / "assets").glob("engine-*.mjs"), *(site_dir / SNAPSHOT_DIR).glob("engine-*.snap.gz")]:
        if old.relative_to(site_dir).as_posix() not in _engine["files"]:
            old.unlink()
    for rel, data in _engine["files"].items():
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_bytes(data)
