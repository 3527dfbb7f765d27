"""Our stylesheets joined into the one every page links."""

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from rulebook import stylesheet


def docs(root: Path) -> Path:
    (root / "assets" / "styles").mkdir(parents=True)
    (root / "assets" / "styles" / "a.css").write_text(".a { color: red; }\n\n")
    (root / "assets" / "styles" / "b.css").write_text(".b { background: url(icons/b.svg); }")
    return root


def test_join_keeps_the_order_and_names_each_part(tmp_path: Path):
    """In ``extra_css`` order, each after a comment naming it; the name follows the content."""
    root = docs(tmp_path)
    sheet = stylesheet.join(root, ["assets/styles/b.css", "assets/styles/a.css"])
    text = sheet.data.decode()
    assert text == "/* b.css */\n.b { background: url(icons/b.svg); }\n\n/* a.css */\n.a { color: red; }\n"
    assert re.fullmatch(r"assets/styles/site-[0-9a-f]{12}\.css", sheet.path) and sheet.sources == ("assets/styles/b.css",
                                                                                      "assets/styles/a.css")
    assert stylesheet.join(root, ["assets/styles/a.css", "assets/styles/b.css"]).path != sheet.path


def test_a_source_elsewhere_or_missing_fails_the_build(tmp_path: Path):
    """Relative URLs inside would change meaning in another folder; a missing file is a typo."""
    root = docs(tmp_path)
    (root / "style.css").write_text("")
    with pytest.raises(PluginError, match="not in assets/styles/"):
        stylesheet.join(root, ["style.css"])
    with pytest.raises(PluginError, match=r"assets/styles/c\.css is not in"):
        stylesheet.join(root, ["assets/styles/c.css"])


def test_write_replaces_an_earlier_builds_sheet(tmp_path: Path):
    root = docs(tmp_path / "docs")
    site = tmp_path / "site"
    (site / "assets" / "styles").mkdir(parents=True)
    (site / "assets" / "styles" / "site-000000000000.css").write_text("old")
    sheet = stylesheet.join(root, ["assets/styles/a.css"])
    stylesheet.write_stylesheet(site, sheet)
    assert [p.name for p in (site / "assets" / "styles").iterdir()] == [Path(sheet.path).name]
    assert (site / sheet.path).read_bytes() == sheet.data


def test_pages_link_one_stylesheet_of_ours_and_the_sources_are_not_shipped(built_site: Path):
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    ours = [href for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html) if "stylesheets/" not in href]
    assert len(ours) == 1 and re.search(r"assets/styles/site-[0-9a-f]{12}\.css$", ours[0])
    assert not [p for p in (built_site / "assets").glob("*.css") if not p.name.startswith("site-")]
