"""The plugin's events: serve or build, the engine's settings for the theme, shortcodes across two events."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files
from repository import ROOT

from rulebook.plugin import RulebookPlugin


def plugin(command: str = "build", snapshot: bool = False, trim: bool = False) -> tuple[RulebookPlugin, object]:
    """The plugin as mkdocs.yml configures it (snapshot and trimmed standard library off unless asked: no
    Node in unit tests), started."""
    config = load_config(config_file=str(ROOT / "mkdocs.yml"))
    instance = config.plugins["rulebook"]
    instance.config.snapshot = snapshot
    instance.config.trim_stdlib = trim
    instance.on_startup(command=command, dirty=False)
    return instance, config


def test_serve_turns_offline_off():
    """Under `mkdocs serve` the theme is told offline is off (the self-removing worker ships)."""
    for command, enabled in (("serve", False), ("build", True)):
        instance, config = plugin(command)
        env = SimpleNamespace(globals={})
        instance.on_env(env, config=config, files=Files([]))
        assert env.globals["offline"]["enabled"] is enabled
        assert env.globals["offline"]["manifest"] == "manifest.webmanifest"


def test_config_names_the_archive_and_the_engine():
    """on_config zips pycore once and tells the theme which interpreter pages load."""
    instance, config = plugin()
    instance.on_config(config)
    assert config.extra["pycore_zip"] == instance.archive.name
    assert config.extra["engine"]["interpreter"] == "assets/runtime/pyodide/pyodide.mjs"
    assert config.extra["engine"]["snapshot"] is None
    assert config.extra["engine"]["stdlib"] == "assets/runtime/pyodide/python_stdlib.zip"


def test_trimmed_stdlib_goes_to_the_snapshot_and_the_pages(monkeypatch):
    """The trimmed standard libraries are made first and the snapshot taken with them; without a snapshot
    pages load the whole trimmed one."""
    import rulebook.plugin
    from rulebook.shipping.stdlib import Stdlib, Trimmed

    trimmed = Trimmed(Stdlib("stdlib-abc.zip", b"zip"), Stdlib("stdlib-cba.zip", b"after"))
    taken = []
    monkeypatch.setattr(rulebook.plugin, "make_stdlib", lambda *a: trimmed)
    monkeypatch.setattr(rulebook.plugin, "make_snapshot", lambda *a: taken.append(a[-1]))
    instance, config = plugin(snapshot=True, trim=True)
    instance.on_config(config)
    assert taken == [(b"zip", b"after")]
    assert config.extra["engine"]["stdlib"] == "assets/runtime/stdlib-abc.zip"  # no snapshot: the whole one
    assert instance.engine is not None and instance.engine.files["assets/runtime/stdlib-abc.zip"] == b"zip"


def test_serve_never_makes_a_snapshot(monkeypatch):
    """Even with the option on, `mkdocs serve` builds without a snapshot (Node is never asked)."""
    import rulebook.plugin

    monkeypatch.setattr(rulebook.plugin, "make_snapshot", lambda *a: pytest.fail("snapshot made under serve"))
    monkeypatch.setattr(rulebook.plugin, "make_stdlib", lambda *a: pytest.fail("stdlib trimmed under serve"))
    instance, config = plugin("serve", snapshot=True, trim=True)
    instance.on_config(config)
    assert config.extra["engine"]["snapshot"] is None


def test_worker_sources_are_not_copied():
    """on_files drops the two service worker sources from the site's files."""
    instance, config = plugin()
    files = Files([File(path, str(ROOT / "site"), "/tmp/out", True) for path in
                   ("assets/offline/sw.js", "assets/offline/sw-off.js", "assets/offline/offline.js")])
    kept = instance.on_files(files, config=config)
    assert [f.src_uri for f in kept] == ["assets/offline/offline.js"]


def test_shortcodes_cross_from_markdown_to_html():
    """A shortcode swapped for a placeholder in on_page_markdown is filled in on_page_content; the page is named by
    its first heading on the way."""
    instance, config = plugin()
    instance.on_config(config)
    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/skirmish-d6/size.md"), url="rules/skirmish-d6/size/",
                           meta={}, is_homepage=False)
    markdown = instance.on_page_markdown("# Creature size (d6 Skirmish)\n\n{{ table d6.size }}", page=page,
                                         config=config, files=Files([]))
    assert "{{" not in markdown and 'data-shortcode="0"' in markdown
    assert page.meta["title"] == "Creature size (d6 Skirmish)"
    html = instance.on_page_content(markdown.strip(), page=page, config=config, files=Files([]))
    assert "<table" in html and 'data-shortcode="0"' not in html
    assert instance.pending == {}


def test_strict_build_passes(built_site: Path):
    """`mkdocs build --strict` with the plugin writes the whole site, sw.js last over everything."""
    assert (built_site / "index.html").is_file() and (built_site / "sw.js").is_file()
    assert "const BUILD = {" in (built_site / "sw.js").read_text()
