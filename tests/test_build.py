"""The built site: strict build, rule anchors, no other host, vendored runtime, shortcodes."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

import hooks
from pycore import RULES, RULINGS, SYSTEMS

pytestmark = pytest.mark.build


def test_every_rule_has_its_anchor_and_every_anchor_is_a_rule(built_site: Path):
    """The hook's own check passes on the real build (it fails the build otherwise)."""
    assert hooks.check_site(built_site) == []
    for rule in [*RULES.values(), *RULINGS.values()]:
        html = (built_site / rule.page / "index.html").read_text()
        assert f'id="{rule.id}"' in html, rule.id


def test_site_check_catches_planted_problems(tmp_path: Path):
    """A missing anchor, an unknown rule-like anchor and a foreign URL are all reported."""
    page = tmp_path / "rules" / "skirmish-d6" / "cover"
    page.mkdir(parents=True)
    (page / "index.html").write_text('<h2 id="d6.cover.level-9">x</h2><img src="https://cdn.example.com/x.png">')
    problems = "\n".join(hooks.check_site(tmp_path))
    assert "rule d6.cover.level-1: no anchor" in problems
    assert "anchor d6.cover.level-9 is not a rule" in problems
    assert "cdn.example.com" in problems


def test_no_absolute_url_to_another_host_in_our_output(built_site: Path):
    """Every page and every file we write names no other host (XML namespaces aside)."""
    for path in built_site.rglob("*.html"):
        for host in re.findall(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", path.read_text(), re.I):
            assert host == "www.w3.org", f"{path}: {host}"


def test_runtime_is_vendored(built_site: Path):
    """PyScript and the Pyodide core runtime ship inside the site, with the engine archive."""
    runtime = built_site / "assets" / "runtime"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (runtime / "pyodide" / name).stat().st_size > 0
    assert (runtime / "pyscript" / "core.js").exists()
    zips = list((built_site / "assets").glob("pycore-*.zip"))
    assert len(zips) == 1
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert zips[0].name in html and "runtime/pyodide/pyodide.mjs" in html


def test_theme_loads_no_web_fonts(built_site: Path):
    """theme.font is false: no font CSS from anywhere."""
    html = (built_site / "index.html").read_text()
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html


def test_calculator_page_has_the_build_time_answer(built_site: Path):
    """The default scenario's answer is in the static HTML, before any Python runs."""
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert 'data-calculator="skirmish-d6"' in html and 'aria-live="polite"' in html and 'data-state="loading"' in html
    assert "No modifier" in html and 'data-rule="d6.light.vision"' in html


def test_inline_light_calculator_static_answer(built_site: Path):
    """The light page's inline calculator shows its default answer (bright light, normal sight: no cover)."""
    html = (built_site / "rules" / "skirmish-d6" / "light" / "index.html").read_text()
    assert 'data-mode="inline"' in html and 'data-path="light"' in html and 'data-path="attacker.vision"' in html
    assert 'id="table-d6-light"' in html and "Total cover" in html


def test_home_page_lists_coming_systems_without_links(built_site: Path):
    """Built systems are linked; the others are listed as coming, not linked to empty pages."""
    html = (built_site / "index.html").read_text()
    assert 'href="calculator/skirmish-d6/"' in html
    for system in SYSTEMS.values():
        if system.ready:
            assert f'href="{system.calculator}"' in html, system.id
        else:
            assert f"{system.title}</strong>: coming" in html and system.calculator not in html, system.id


def _fake_page(uri="rules/skirmish-d6/cover.md", url="rules/skirmish-d6/cover/"):
    return SimpleNamespace(file=SimpleNamespace(src_uri=uri), url=url, meta={})


@pytest.mark.parametrize("markdown", [
    "{{ frobnicate }}",
    "{{ ruling d6.ruling.nope }}",
    "{{ calculator nosuch }}",
    "{{ calculator skirmish-d6 fields=no.such.field }}",
    "{{ table d6.unknown }}",
    "{{ ruling d6.ruling.light-and-obstacles }}",  # belongs on the light page, not here
])
def test_bad_shortcodes_fail_the_build(markdown):
    """An unknown shortcode, ruling, system, field or table stops the build loudly."""
    with pytest.raises(PluginError):
        hooks.on_page_markdown(markdown, _fake_page(), SimpleNamespace(theme=None), None)


def test_map_page_diagrams_are_built_from_the_page(built_site: Path):
    """The hex-map page carries static diagrams drawn at build time, described in words, with their answers."""
    html = (built_site / "rules" / "skirmish-d6" / "map" / "index.html").read_text()
    assert html.count('<figure class="calc-diagram">') == 3
    assert html.count('role="img"') >= 3 and "<desc" in html
    assert "Hits on 5+" in html and "cover level 2" in html
    assert 'href="../../../calculator/skirmish-d6/#s=' in html


@pytest.mark.parametrize(("markdown", "words"), [
    ('{{ diagram skirmish-d6 scenario={"map":{"attacker":[0,0]}} }}', "diagram scenario is invalid"),
    ('{{ diagram classic-d20 scenario={} }}', "diagram needs a system with a board"),
    ('{{ diagram skirmish-d6 scenario=[1,2] }}', "diagram scenario is not a JSON object"),
    ('{{ example skirmish-d6 scenario={"light":"noon"} }}', "example scenario is invalid"),
    ('{{ example skirmish-d6 scenario={light} }}', "example scenario is not a JSON object"),
])
def test_bad_diagrams_and_examples_fail_the_build(markdown, words):
    """A diagram or worked example of an invalid scenario, or a diagram of a system without a board, stops
    the build with a message that names the page and what is wrong."""
    with pytest.raises(PluginError, match=words) as caught:
        hooks.on_page_markdown(markdown, _fake_page(), SimpleNamespace(theme=None), None)
    assert "rules/skirmish-d6/cover.md" in str(caught.value)


def test_engine_snapshot_holds_the_image_without_its_zero_pages(built_site: Path):
    """The snapshot file is the gzipped sparse image the loader expects: header, parts in order inside
    the image's size (the size the loader allocates), then exactly their bytes."""
    import gzip
    import struct

    loaders = list((built_site / "assets").glob("engine-*.mjs"))
    snaps = list((built_site / "assets" / "runtime").glob("engine-*.snap.gz"))
    if not loaders:
        pytest.skip("built without the engine snapshot (no Node)")
    assert len(loaders) == 1 and len(snaps) == 1
    loader = loaders[0].read_text()
    size = int(re.search(r"const SIZE = (\d+);", loader).group(1))
    assert f'"runtime/{snaps[0].name}"' in loader
    data = gzip.decompress(snaps[0].read_bytes())
    assert data[:4] == hooks.SNAPSHOT_MAGIC
    image_size, count = struct.unpack("<II", data[4:12])
    assert image_size == size == hooks.snapshot_size(snaps[0].read_bytes())
    parts = struct.unpack(f"<{2 * count}I", data[12:12 + 8 * count])
    end = 0
    for offset, length in zip(parts[::2], parts[1::2]):
        assert offset >= end and length > 0
        end = offset + length
    assert end <= size and len(data) == 12 + 8 * count + sum(parts[1::2])
    assert sum(parts[1::2]) < 0.8 * size  # the zero pages are left out


def test_sparse_image_round_trip():
    """Zero pages are left out and come back as zeros (the header gives the image's size); a short last
    page is kept whole."""
    import struct

    page = hooks.SNAPSHOT_PAGE
    image = bytes(page) + b"\1" * page + bytes(3 * page) + b"\2" * 10 + bytes(page - 10) + b"\3" * 100
    data = hooks.sparse_image(image)
    size, count = struct.unpack("<II", data[4:12])
    parts = struct.unpack(f"<{2 * count}I", data[12:12 + 8 * count])
    rebuilt, at = bytearray(size), 12 + 8 * count
    for offset, length in zip(parts[::2], parts[1::2]):
        rebuilt[offset:offset + length] = data[at:at + length]
        at += length
    assert bytes(rebuilt) == image and at == len(data)
    assert count == 2 and sum(parts[1::2]) == 2 * page + 100


def test_engine_knows_pyscripts_python_package():
    """The build finds the Python package PyScript writes at start-up (it compiles it into the snapshot):
    the same sources as in PyScript's bundle, so the compiled files are used, not compiled again."""
    import json

    package = hooks.pyscript_package()
    assert "pyscript/__init__.py" in package and "pyscript/context.py" in package
    chunk = next(hooks.PYSCRIPT_DIST.glob("core-*.js")).read_text(encoding="utf-8")
    for source in package.values():
        assert json.dumps(source, ensure_ascii=False) in chunk or source in chunk


def test_engine_lock_is_pyodides_without_packages():
    """The loader gives Pyodide its lock file's info (checked against the runtime) and no packages."""
    import json

    lock = json.loads((hooks.ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert hooks.engine_lock() == {"info": lock["info"], "packages": {}}
