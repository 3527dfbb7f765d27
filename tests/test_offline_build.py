"""Offline reference at build time: the service worker's manifest, the dev worker, the installable
app's manifest and icons, the quick reference built from the engine, and print labels for links."""

import base64
import hashlib
import json
import re
import struct
import zlib
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

import hooks
import pycore
from pycore.dice import percent
from pycore.systems import SYSTEMS
from pycore.systems import classic_d20 as d20
from pycore.systems import enchanted_realms as er
from pycore.systems import skirmish_d6 as d6

pytestmark = pytest.mark.build

BUILD = re.compile(r"^const BUILD = (\{.*\});$", re.M)


def sw_build(site: Path) -> dict:
    """The manifest the build wrote into sw.js."""
    return json.loads(BUILD.search((site / "sw.js").read_text()).group(1))


def integrity(data: bytes) -> str:
    """Subresource-integrity form of a SHA-256."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def fake_site(root: Path) -> Path:
    """A tiny built site: home, one page, a script, the 404 page."""
    for rel, text in {"index.html": "<h1>Home</h1>", "rules/x/index.html": "<h1>X</h1>",
                      "assets/app.js": "console.log(1)", "404.html": "<h1>404 - Not found</h1>"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def png_size_and_pixel(data: bytes, x: int, y: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """Width/height and one RGBA pixel of an 8-bit RGBA, non-interlaced PNG with filter 0 rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (depth, colour) == (8, 6)
    idat, pos = b"", 8
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(tag + chunk)
        if tag == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4 + 1
    row = raw[y * stride:(y + 1) * stride]
    assert row[0] == 0
    return (width, height), tuple(row[1 + x * 4:1 + x * 4 + 4])


# ---- the service worker and its manifest ---------------------------------------------------------

def test_manifest_lists_every_built_file_with_its_hash(built_site: Path):
    """Every file of the built site but sw.js itself is listed, with the SHA-256 and size of its bytes."""
    build = sw_build(built_site)
    on_disk = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    assert set(build["files"]) == on_disk - {"sw.js"}
    for rel, entry in build["files"].items():
        data = (built_site / rel).read_bytes()
        assert entry["integrity"] == integrity(data), rel
        assert entry["size"] == len(data), rel


def test_manifest_covers_runtime_engine_search_and_fallback(built_site: Path):
    """Pyodide, PyScript, the pycore zip, search (index, worker, lunr), icons and the 404 page are all precached."""
    files = sw_build(built_site)["files"]
    zip_name = next((built_site / "assets").glob("pycore-*.zip")).name
    for rel in ("assets/runtime/pyodide/pyodide.asm.wasm", "assets/runtime/pyodide/python_stdlib.zip",
                "assets/runtime/pyodide/pyodide.mjs", "assets/runtime/pyscript/core.js", f"assets/{zip_name}",
                "assets/engine.py", "search/search_index.json", "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
                "manifest.webmanifest", "assets/icons/icon-512.png", "404.html", "index.html",
                "reference/skirmish-d6/index.html", "assets/offline.js", "assets/print.css"):
        assert rel in files, rel
    assert any(re.fullmatch(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js", rel) for rel in files)
    assert sw_build(built_site)["fallback"] == "404.html"
    assert files["assets/runtime/pyodide/pyodide.asm.wasm"]["type"] == "application/wasm"
    assert files["assets/runtime/pyodide/pyodide.mjs"]["type"].startswith("text/javascript")
    assert files["index.html"]["type"] == "text/html; charset=utf-8"


def test_sources_of_the_worker_are_not_shipped(built_site: Path):
    """offline-sw.js and offline-sw-off.js are read by the hook, never copied as they are."""
    assert not (built_site / "assets" / "offline-sw.js").exists()
    assert not (built_site / "assets" / "offline-sw-off.js").exists()
    text = (built_site / "sw.js").read_text()
    assert hooks.SW_PLACEHOLDER not in text and "self.skipWaiting()" in text


def test_hashes_and_version_follow_the_content(tmp_path: Path):
    """Same bytes, same version; one changed file changes its hash and the version, and nothing else."""
    site = fake_site(tmp_path)
    first = hooks.offline_manifest(site)
    assert hooks.offline_manifest(site) == first
    (site / "assets" / "app.js").write_text("console.log(2)")
    second = hooks.offline_manifest(site)
    assert second["version"] != first["version"]
    changed = {rel for rel in first["files"] if first["files"][rel] != second["files"][rel]}
    assert changed == {"assets/app.js"}
    (site / "rules" / "y").mkdir()
    (site / "rules" / "y" / "index.html").write_text("<h1>Y</h1>")
    third = hooks.offline_manifest(site)
    assert third["version"] != second["version"] and "rules/y/index.html" in third["files"]
    assert hooks.offline_manifest(site, salt="new worker code")["version"] != third["version"]


def test_version_does_not_depend_on_where_the_site_is(tmp_path: Path):
    """The version is a function of the files only: the same site in two folders has one version."""
    a, b = fake_site(tmp_path / "a"), fake_site(tmp_path / "b")
    assert hooks.offline_manifest(a)["version"] == hooks.offline_manifest(b)["version"]


def test_missing_404_page_fails_the_build(tmp_path: Path):
    """Unknown addresses get the site's 404 page offline, so a build without one is refused."""
    site = fake_site(tmp_path)
    (site / "404.html").unlink()
    with pytest.raises(PluginError, match="404.html"):
        hooks.offline_manifest(site)


def test_serve_writes_the_self_removing_worker(tmp_path: Path):
    """Under `mkdocs serve` sw.js caches nothing: it deletes our caches and unregisters itself."""
    site = fake_site(tmp_path)
    docs = Path(hooks.ROOT) / "site"
    try:
        hooks.on_startup("serve", False)
        assert not hooks.offline_enabled()
        text = hooks.service_worker(site, docs)
    finally:
        hooks.on_startup("build", False)
    assert "unregister()" in text and "caches.delete" in text
    assert "fetch" not in text and "BUILD" not in text
    assert hooks.offline_enabled()
    assert "const BUILD = {" in hooks.service_worker(site, docs)


def test_pages_register_the_worker_and_say_offline_mode(built_site: Path):
    """Every page loads offline.js and has the status line (mode "on") and the hidden update prompt."""
    for path in built_site.rglob("*.html"):
        html = path.read_text()
        assert re.search(r'<script type="module" src="[^"]*assets/offline\.js">', html), path
        assert 'data-offline-status="on"' in html and 'role="status"' in html, path
        assert re.search(r'data-offline-update[^>]*hidden', html), path
    # the 404 page is served at any depth, so its links are absolute from the site root
    assert 'src="/assets/offline.js"' in (built_site / "404.html").read_text()


# ---- installable ---------------------------------------------------------------------------------

def test_web_app_manifest(built_site: Path):
    """Name, start URL and scope at the site root, standalone, theme colours, our own icons, shortcuts."""
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Combat Environment Rules" and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["id"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == hooks.THEME_COLOR["light"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"), ("any", "any")} <= sizes
    for icon in manifest["icons"]:
        assert (built_site / icon["src"]).is_file(), icon["src"]
    urls = {s["url"] for s in manifest["shortcuts"]}
    for system in (s for s in SYSTEMS.values() if s.ready):
        assert {system.calculator, f"reference/{system.id}/"} <= urls
    for url in urls:
        assert (built_site / url / "index.html").is_file()


def test_pages_link_manifest_and_theme_colours(built_site: Path):
    """The manifest link, a theme colour for light and one for dark, and the Apple touch icon."""
    html = (built_site / "rules" / "skirmish-d6" / "cover" / "index.html").read_text()
    assert '<link rel="manifest" href="../../../manifest.webmanifest">' in html
    assert (f'<meta name="theme-color" media="(prefers-color-scheme: light)" content="{hooks.THEME_COLOR["light"]}">'
            in html)
    assert (f'<meta name="theme-color" media="(prefers-color-scheme: dark)" content="{hooks.THEME_COLOR["dark"]}">'
            in html)
    assert 'rel="apple-touch-icon" href="../../../assets/icons/apple-touch-icon.png"' in html


@pytest.mark.parametrize(("name", "size", "corner"), [
    ("icon-192.png", 192, (0, 0, 0, 0)),
    ("icon-512.png", 512, (0, 0, 0, 0)),
    ("icon-maskable-512.png", 512, (*hooks.ICON_BROWN, 255)),
    ("apple-touch-icon.png", 180, (*hooks.ICON_BROWN, 255)),
])
def test_icons_are_drawn_by_the_build(built_site: Path, name: str, size: int, corner: tuple):
    """Valid PNGs of the declared size: the die's face in the middle; "any" icons have round corners."""
    data = (built_site / "assets" / "icons" / name).read_bytes()
    (width, height), centre_left = png_size_and_pixel(data, size * 3 // 10, size // 2)
    assert (width, height) == (size, size)
    assert centre_left == (*hooks.ICON_FACE, 255)
    assert png_size_and_pixel(data, 0, 0)[1] == corner
    _, pip = png_size_and_pixel(data, size // 2, size // 2)
    assert pip == (*hooks.ICON_PIP, 255)


def test_svg_icon(built_site: Path):
    """The SVG icon names only the SVG namespace and draws the same five pips."""
    svg = (built_site / "assets" / "icons" / "icon.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<circle") == 5
    assert set(re.findall(r"https?://([^/\"]+)", svg)) == {"www.w3.org"}


# ---- the quick reference -------------------------------------------------------------------------

def quickref_html(built_site: Path) -> str:
    """The built d6 quick reference page."""
    return (built_site / "reference" / "skirmish-d6" / "index.html").read_text()


def test_quickref_light_table_is_the_engine_table(built_site: Path):
    """Each light/vision cell of the quick reference is the engine's LIGHT_TABLE value."""
    html = quickref_html(built_site)
    for light, row in d6.LIGHT_TABLE.items():
        for vision, value in row.items():
            cell = re.search(rf'data-light="{light}" data-vision="{vision}">(.*?)</td>', html).group(1)
            expected = "<strong>Total cover</strong>" if value == d6.TOTAL else ("None" if value == 0 else str(value))
            assert cell == expected, (light, vision)


def test_quickref_hits_table_is_what_the_calculator_answers(built_site: Path):
    """"Hits on, after cover" is pycore.evaluate's answer for each base number and cover level."""
    html = quickref_html(built_site)
    for base in range(2, 7):
        row = re.search(rf"<tr><th scope=\"row\">{base}\+</th>(.*?)</tr>", html).group(1)
        cells = re.findall(r"<td>(.*?)</td>", row)
        expected = []
        for level in (0, 1, 2):
            result = pycore.evaluate({"system": "skirmish-d6", "obstacles": {"partial": level}, "attack": {"hits_on": base}})
            expected.append(f"{result['hits_on']}+ · {percent(Fraction(result['hit_chance_exact']))}")
        assert cells == expected, base
    assert "<td>6+ · 16.7%</td>" in html  # 4+ behind two levels of cover


def test_quickref_cover_and_size_come_from_the_engine(built_site: Path):
    """Cover modifiers are COVER_EFFECT's; the size table has every size, huge and colossal included."""
    html = quickref_html(built_site)
    for level, effect in d6.COVER_EFFECT.items():
        if level:
            assert f"{effect:+d} to the attack roll" in html
    for size in d6.SIZES:
        assert f"<th scope=\"col\">{size.capitalize()}</th>" in html
    assert "Dark light, normal sight" in html and "Radiant light, darksight" in html


@pytest.mark.parametrize("system", [s for s in SYSTEMS if SYSTEMS[s].ready])
def test_every_built_system_has_a_quickref_linking_every_rule(built_site: Path, system: str):
    """One sheet per built system, in the navigation, linking every one of its rules and rulings."""
    html = (built_site / "reference" / system / "index.html").read_text()
    for item in [*SYSTEMS[system].rules, *SYSTEMS[system].rulings]:
        assert f'#{item.id}"' in html, item.id
    assert f'href="reference/{system}/"' in (built_site / "index.html").read_text()


def test_quickref_d20_and_er_numbers_are_the_engines(built_site: Path):
    """Classic d20 cover and concealment bonuses (default rulings) and Enchanted Realms cover bonuses."""
    html = (built_site / "reference" / "classic-d20" / "index.html").read_text()
    high = d20.COVER_HIGH[hooks.RULINGS["d20.ruling.cover-high"].default]
    for p, bonus in {**d20.COVER_BONUS, **high}.items():
        conceal = d20.CONCEALMENT_BONUS["classic"][p]
        assert re.search(rf'<th scope="row">{p}%</th><td>\+{bonus}</td><td>\+{conceal}</td>', html), p
    for terrain, row in d20.ELEVATION_TABLE.items():
        assert f"<td>{row['higher']:+d}</td>" in html
    assert f"<td>-{d20.INVISIBLE_ATTACK_PENALTY}</td>" in html
    html = (built_site / "reference" / "enchanted-realms" / "index.html").read_text()
    assert f"<td>+{er.PARTIAL_DEFENSE}</td><td>+{er.PARTIAL_AGILITY}</td>" in html
    assert f"<td>Cannot be targeted</td><td>+{er.FULL_AGILITY}</td>" in html


def test_quickref_without_sections_still_lists_every_rule(monkeypatch):
    """A system with no QUICKREFS entry gets a sheet of its rulings and every rule by title."""
    from mkdocs.config import load_config

    config = load_config(config_file=str(hooks.ROOT / "mkdocs.yml"))
    monkeypatch.delitem(hooks.QUICKREFS, "enchanted-realms")
    page = SimpleNamespace(file=SimpleNamespace(src_uri="reference/enchanted-realms.md"),
                           url="reference/enchanted-realms/", meta={})
    html = hooks.render_quickref(config, page, ["enchanted-realms"], {})
    assert "More rules" in html and "Rulings (defaults)" in html
    for rule in SYSTEMS["enchanted-realms"].rules:
        assert f'href="../../{rule.ref}"' in html and rule.title in html


def test_quickref_modifiers_are_the_engines():
    """Height and condition modifiers are read off pycore.evaluate; a rule the engine does not apply fails."""
    assert hooks._d6_modifier("d6.height.below", attacker={"elevation": "below"}) == "-1"
    with pytest.raises(PluginError, match="d6.height.above"):
        hooks._d6_modifier("d6.height.above", attacker={"elevation": "below"})


def test_quickref_shortcode_fails_loudly():
    """An unknown system, two systems or options stop the build."""
    page = SimpleNamespace(file=SimpleNamespace(src_uri="reference/x.md"), url="reference/x/", meta={})
    for words, options in ((["nosuch"], {}), (["skirmish-d6"], {"x": "1"}), ([], {}), (["a", "b"], {})):
        with pytest.raises(PluginError):
            hooks.render_quickref(SimpleNamespace(theme=None), page, words, options)


def test_quickref_is_in_the_navigation(built_site: Path):
    """The quick reference page is reachable from the navigation."""
    html = (built_site / "index.html").read_text()
    assert 'href="reference/skirmish-d6/"' in html


# ---- print -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("href", "page_url", "expected"), [
    ("../light/#d6.light.vision", "rules/skirmish-d6/cover/", "d6.light.vision"),
    ("#d6.cover.level-1", "rules/skirmish-d6/cover/", "d6.cover.level-1"),
    ("../../../rules/skirmish-d6/light/#d6.ruling.light-and-obstacles", "reference/skirmish-d6/",
     "d6.ruling.light-and-obstacles"),
    ("../light/", "rules/skirmish-d6/cover/", "rules/skirmish-d6/light/"),
    ("../../calculator/skirmish-d6/#s=abc", "rules/skirmish-d6/", "calculator/skirmish-d6/#s=abc"),
    ("..", "rules/", "home"),
    ("#counting-obstacles", "rules/skirmish-d6/cover/", None),
    ("https://example.org/x", "rules/", None),
    ("mailto:a@b", "rules/", None),
])
def test_print_labels(href, page_url, expected):
    """Rule links print their rule id; page links the page's site path; other hosts print their URL via CSS."""
    assert hooks.print_ref(href, page_url) == expected


def test_built_links_carry_print_labels(built_site: Path):
    """In the built rulebook, rule links in the article have data-ref; the navigation does not."""
    html = (built_site / "rules" / "skirmish-d6" / "light" / "index.html").read_text()
    assert 'href="../cover/" data-ref="rules/skirmish-d6/cover/"' in html
    assert re.search(r'href="[^"]*#d6\.light\.vision"[^>]*data-ref="d6\.light\.vision"', html)
    nav = html.split('<article', 1)[0]
    assert "data-ref=" not in nav


def test_print_stylesheet_is_linked(built_site: Path):
    """print.css and offline.css are on every page after calculator.css."""
    html = (built_site / "index.html").read_text()
    assert html.index("assets/calculator.css") < html.index("assets/offline.css") < html.index("assets/print.css")
