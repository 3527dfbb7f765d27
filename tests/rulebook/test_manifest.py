"""The installable app: icons shipped as files, and the web app manifest."""

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from pycore.systems import SYSTEMS
from rulebook import manifest

BROWN = (0x79, 0x56, 0x49, 255)
FACE = (0xFF, 0xF8, 0xEE, 255)
PIP = (0x3E, 0x27, 0x23, 255)
"""The icon's colours: the header's brown, the die's face, its pips."""


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


@pytest.mark.parametrize(("name", "size", "corner"), [
    ("icon-192.png", 192, (0, 0, 0, 0)),
    ("icon-512.png", 512, (0, 0, 0, 0)),
    ("icon-maskable-512.png", 512, BROWN),
    ("apple-touch-icon.png", 180, BROWN),
])
def test_icons_are_the_die(name: str, size: int, corner: tuple):
    """Valid PNGs of the declared size: the die's face in the middle; "any" icons have round corners."""
    assert (name, size) in {(n, s) for n, s, _ in manifest.ICONS}
    data = (manifest.ICON_SOURCE / name).read_bytes()
    (width, height), centre_left = png_size_and_pixel(data, size * 3 // 10, size // 2)
    assert (width, height) == (size, size)
    assert centre_left == FACE
    assert png_size_and_pixel(data, 0, 0)[1] == corner
    _, pip = png_size_and_pixel(data, size // 2, size // 2)
    assert pip == PIP


def test_svg_icon():
    """The SVG icon names only the SVG namespace and draws the same five pips."""
    svg = (manifest.ICON_SOURCE / manifest.SVG_ICON).read_text()
    assert svg.startswith("<svg") and svg.count("<circle") == 5
    assert set(re.findall(r"https?://([^/\"]+)", svg)) == {"www.w3.org"}


def test_written_manifest_lists_the_icons_it_wrote(tmp_path: Path):
    """Icons are copied; the manifest lists every one but the Apple icon, plus shortcuts to each calculator."""
    (tmp_path / "reference" / "skirmish-d6").mkdir(parents=True)
    (tmp_path / "reference" / "skirmish-d6" / "index.html").write_text("x")
    manifest.write_manifest(tmp_path, "Site", "About", list(SYSTEMS.values()))
    data = json.loads((tmp_path / manifest.FILE).read_text())
    assert data["name"] == "Site" and data["description"] == "About"
    for icon in data["icons"]:
        assert (tmp_path / icon["src"]).is_file()
    assert (tmp_path / manifest.ICON_DIR / "apple-touch-icon.png").is_file()
    assert not any("apple" in icon["src"] for icon in data["icons"])
    urls = [s["url"] for s in data["shortcuts"]]
    assert [s.calculator for s in SYSTEMS.values()] == [u for u in urls if u.startswith("calculator/")]
    assert [u for u in urls if u.startswith("reference/")] == ["reference/skirmish-d6/"]


def test_web_app_manifest(built_site: Path):
    """Name, start URL and scope at the site root, standalone, theme colours, our own icons, shortcuts."""
    data = json.loads((built_site / "manifest.webmanifest").read_text())
    assert data["name"] == "Combat Environment Rules" and len(data["short_name"]) <= 12
    assert data["start_url"] == "./" and data["scope"] == "./" and data["id"] == "./"
    assert data["display"] == "standalone"
    assert data["theme_color"] == manifest.THEME_COLOR["light"]
    sizes = {(i["sizes"], i["purpose"]) for i in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"), ("any", "any")} <= sizes
    for icon in data["icons"]:
        assert (built_site / icon["src"]).is_file(), icon["src"]
    urls = {s["url"] for s in data["shortcuts"]}
    for system in SYSTEMS.values():
        assert {system.calculator, f"reference/{system.id}/"} <= urls
    for url in urls:
        assert (built_site / url / "index.html").is_file()


def test_pages_link_manifest_and_theme_colours(built_site: Path):
    """The manifest link, a theme colour for light and one for dark, and the Apple touch icon."""
    html = (built_site / "rules" / "skirmish-d6" / "cover" / "index.html").read_text()
    assert '<link rel="manifest" href="../../../manifest.webmanifest">' in html
    assert (f'<meta name="theme-color" media="(prefers-color-scheme: light)" content="{manifest.THEME_COLOR["light"]}">'
            in html)
    assert (f'<meta name="theme-color" media="(prefers-color-scheme: dark)" content="{manifest.THEME_COLOR["dark"]}">'
            in html)
    assert 'rel="apple-touch-icon" href="../../../assets/icons/apple-touch-icon.png"' in html


def test_built_icons_are_the_shipped_files(built_site: Path):
    """The site's icons are this package's files, byte for byte."""
    for name in [n for n, _, _ in manifest.ICONS] + [manifest.SVG_ICON]:
        assert (built_site / manifest.ICON_DIR / name).read_bytes() == (manifest.ICON_SOURCE / name).read_bytes()
