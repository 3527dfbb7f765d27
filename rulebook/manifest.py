"""The installable app: its icons and its web app manifest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from rulebook.project import PACKAGE

FILE = "manifest.webmanifest"
"""The manifest's path in the site."""
ICON_DIR = "assets/icons"
"""Where the icons go in the site."""
ICON_SOURCE = PACKAGE / "icons"
"""The icons as shipped: a white d6 showing five on the header's brown (PNGs drawn once, and an SVG)."""
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
         ("icon-maskable-512.png", 512, "maskable"), ("apple-touch-icon.png", 180, "apple"))
"""PNG icons: file, side in pixels, purpose ("apple" is linked from the pages, not the manifest)."""
SVG_ICON = "icon.svg"
"""The same icon at any size."""
THEME_COLOR = {"light": "#795649", "dark": "#5d4037"}
"""The header's brown (Material's brown primary) and its darker shade for dark mode."""
BACKGROUND_COLOR = {"light": "#ffffff", "dark": "#1e2129"}
"""The page background of each scheme, for the app's splash screen."""


def write_icons(site_dir: Path) -> list[dict[str, str]]:
    """Copy the icons into the site; return their web app manifest entries."""
    folder = site_dir / ICON_DIR
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for name, size, purpose in ICONS:
        shutil.copyfile(ICON_SOURCE / name, folder / name)
        if purpose != "apple":
            entries.append({"src": f"{ICON_DIR}/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose})
    shutil.copyfile(ICON_SOURCE / SVG_ICON, folder / SVG_ICON)
    entries.append({"src": f"{ICON_DIR}/{SVG_ICON}", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return entries


def web_manifest(site_name: str, description: str, icons: list[dict[str, str]],
                 shortcuts: list[dict[str, str]]) -> dict[str, Any]:
    """The installable app: name, icons, where it starts, its scope and colours; URLs relative to the site root."""
    return {
        "id": "./", "name": site_name, "short_name": "Combat rules",
        "description": description, "lang": "en", "dir": "ltr",
        "start_url": "./", "scope": "./", "display": "standalone",
        "theme_color": THEME_COLOR["light"], "background_color": BACKGROUND_COLOR["light"],
        "user_preferences": {"color_scheme_dark": {"theme_color": THEME_COLOR["dark"],
                                                   "background_color": BACKGROUND_COLOR["dark"]}},
        "icons": icons, "shortcuts": shortcuts, "categories": ["games", "reference"],
    }


def shortcuts(systems: list[Any], site_dir: Path) -> list[dict[str, str]]:
    """Each system's calculator, and its quick reference when the site has one."""
    out = []
    for system in systems:
        out.append({"name": f"{system.title} calculator", "url": system.calculator})
        if (site_dir / "reference" / system.id / "index.html").exists():
            out.append({"name": f"{system.title} quick reference", "url": f"reference/{system.id}/"})
    return out


def write_manifest(site_dir: Path, site_name: str, description: str, systems: list[Any]) -> None:
    """Icons, then the web app manifest that lists them."""
    manifest = web_manifest(site_name, description, write_icons(site_dir), shortcuts(systems, site_dir))
    (site_dir / FILE).write_text(json.dumps(manifest, indent=1, ensure_ascii=False), encoding="utf-8")
