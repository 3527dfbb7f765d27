"""Checks of the built site: rule anchors and hosts."""

import re
from pathlib import Path

from pycore.systems import RULES, RULINGS
from rulebook import checks


def test_every_rule_has_its_anchor_and_every_anchor_is_a_rule(built_site: Path):
    """The plugin's own check passes on the real build (it fails the build otherwise)."""
    assert checks.check_site(built_site) == []
    for rule in [*RULES.values(), *RULINGS.values()]:
        html = (built_site / rule.page / "index.html").read_text()
        assert f'id="{rule.id}"' in html, rule.id


def test_site_check_catches_planted_problems(tmp_path: Path):
    """A missing anchor, an unknown rule-like anchor and a foreign URL are all reported."""
    page = tmp_path / "rules" / "skirmish-d6" / "cover"
    page.mkdir(parents=True)
    (page / "index.html").write_text('<h2 id="d6.cover.level-9">x</h2><img src="https://cdn.example.com/x.png">')
    problems = "\n".join(checks.check_site(tmp_path))
    assert "rule d6.cover.level-1: no anchor" in problems
    assert "anchor d6.cover.level-9 is not a rule" in problems
    assert "cdn.example.com" in problems


def test_rule_prefixes_come_from_the_registry():
    """The anchors checked are those of every system's prefix, read off the rule ids."""
    pattern = checks.rule_id_pattern(list(checks.known_rules()))
    prefixes = {rid.split(".")[0] for rid in checks.known_rules()}
    for prefix in prefixes:
        assert pattern.search(f'<h2 id="{prefix}.anything">')
    assert not pattern.search('<h2 id="zz.anything">')
    assert checks.rule_id_pattern(["zz.a"]).search('<h2 id="zz.b">')


def test_anchor_on_the_wrong_page_is_reported():
    """A rule's anchor belongs on its own page only."""
    problems = checks.anchor_problems({"": '<h2 id="x.one">', "a/": '<h2 id="x.two">'}, {"x.one": "a/", "x.two": "a/"})
    assert problems == ["rule x.one: no anchor on a/", "index: anchor x.one belongs on a/"]


def test_own_host_and_namespaces_are_allowed(tmp_path: Path):
    """The site's own host (``mkdocs serve``) and XML namespaces are not foreign."""
    (tmp_path / "index.html").write_text('<a href="http://127.0.0.1.example/x"></a><svg xmlns="http://www.w3.org/2000/svg">')
    assert checks.host_problems(tmp_path, "127.0.0.1.example") == []
    assert len(checks.host_problems(tmp_path, None)) == 1


def test_no_absolute_url_to_another_host_in_our_output(built_site: Path):
    """Every page and every file we write names no other host (XML namespaces aside)."""
    for path in built_site.rglob("*.html"):
        for host in re.findall(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", path.read_text(), re.IGNORECASE):
            assert host == "www.w3.org", f"{path}: {host}"


def test_theme_loads_no_web_fonts(built_site: Path):
    """theme.font is false: no font CSS from anywhere."""
    html = (built_site / "index.html").read_text()
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html


def test_a_new_folder_of_page_scripts_is_checked_and_vendored_files_are_not(tmp_path: Path):
    """A script in a component folder nobody listed is read for other hosts; Material's and Pyodide's are not."""
    for folder in ("assets/new-part", "assets/theme", "assets/runtime"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "x.js").write_text('fetch("https://cdn.example.com/x.js");')
    assert [p.split(":")[0] for p in checks.host_problems(tmp_path, None)] == ["assets/new-part/x.js"]
