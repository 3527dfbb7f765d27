"""MkDocs hook: shortcodes rendered from pycore, the vendored runtime copied in, and build checks."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
import io
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import pycore  # noqa: E402
from pycore.browser import encode_fragment, scenario_to_values  # noqa: E402
from pycore.render import result_html  # noqa: E402
from pycore.svg import board_svg, legend_element  # noqa: E402
from pycore.views import VIEWS  # noqa: E402
from pycore.systems import RULES, RULINGS, SYSTEMS  # noqa: E402
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
OWN_FILES = ("*.html", "assets/calculator.js", "assets/calculator.css", "assets/engine.py", "search/search_index.json")
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


def render_example(config: Any, page: Any, words: list[str], options: dict[str, str]) -> str:
    """A worked example: the engine's answer to a scenario written in the page, computed at build time."""
    if len(words) != 1 or words[0] not in SYSTEMS or not SYSTEMS[words[0]].ready or set(options) != {"scenario"}:
        raise PluginError(f"{page.file.src_uri}: example needs one built system id and scenario={{...}}, got {words} {sorted(options)}")
    scenario = {"system": words[0], **json.loads(options["scenario"])}
    try:
        result = pycore.evaluate(scenario)
    except pycore.ScenarioError as exc:
        raise PluginError(f"{page.file.src_uri}: example scenario is invalid: {exc}") from None
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
    scenario = {"system": words[0], **json.loads(options["scenario"])}
    try:
        result = pycore.evaluate(scenario)
    except pycore.ScenarioError as exc:
        raise PluginError(f"{page.file.src_uri}: diagram scenario is invalid: {exc}") from None
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
    name, _ = pycore_zip()
    config.extra["pycore_zip"] = name
    return config


def check_site(site_dir: Path) -> list[str]:
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
                if match.group(1).lower() not in NAMESPACE_HOSTS:
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
    problems = check_site(site_dir)
    if problems:
        raise PluginError("built site failed its checks:\n  " + "\n  ".join(problems))
