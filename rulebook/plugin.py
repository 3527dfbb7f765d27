"""The MkDocs events of the rulebook plugin; each step lives in the module named for it."""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from rulebook import manifest, offline, print_labels, titles
from rulebook.checks import check_site
from rulebook.config import RulebookConfig
from rulebook.core import SYSTEMS
from rulebook.precompress import precompress
from rulebook.project import PYCORE, Project
from rulebook.shipping.archive import Archive, pycore_archive, write_archive
from rulebook.shipping.engine import FULL_STDLIB, Engine, prepare, write_engine
from rulebook.shipping.pyscript import copy_pyscript
from rulebook.shipping.runtime import copy_runtime
from rulebook.shipping.snapshot import make_snapshot
from rulebook.shipping.stdlib import FULL, make_stdlib
from rulebook.shortcodes import registry as shortcodes
from rulebook.shortcodes.context import Context, partials
from rulebook.stylesheet import Stylesheet, join, write_stylesheet


class RulebookPlugin(BasePlugin[RulebookConfig]):
    """Shortcodes rendered from pycore; after the build the runtime, the engine, the app and the offline
    store written, then the site checked."""

    def __init__(self) -> None:
        super().__init__()
        self.serving = False
        """True under ``mkdocs serve``: no caching service worker and no snapshot while developing."""
        self.project: Project | None = None
        """The project being built: the folder of its MkDocs config (set in on_config)."""
        self.templates: jinja2.Environment | None = None
        """Our partials, from the theme's custom_dir (set in on_config)."""
        self.archive: Archive | None = None
        """This build's pycore archive (zipped once, in on_config)."""
        self.engine: Engine | None = None
        """How this build's pages start the engine, and the files that takes."""
        self.stylesheet: Stylesheet | None = None
        """Our stylesheets joined into one (in on_config), which pages link instead of each."""
        self.pending: dict[str, dict[int, str]] = {}
        """Page source path -> its rendered shortcodes, from on_page_markdown to on_page_content."""

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Remember whether this is ``mkdocs serve``."""
        self.serving = command == "serve"

    def partials(self) -> jinja2.Environment:
        """Our partials; PluginError before on_config has found them."""
        if self.templates is None:
            raise PluginError("rulebook: a page was rendered before on_config")
        return self.templates

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Zip pycore, trim the standard library, take (or reuse) the engine snapshot with it, and tell the
        theme how pages start the engine."""
        project = self.project = Project.of_config(config.config_file_path)
        foreign = project.foreign_pycore()
        if foreign is not None:
            raise PluginError(f"rulebook: this interpreter imports pycore from {PYCORE}, not the project's {foreign}: "
                              "install the project in its own environment (make setup)")
        self.templates = partials(Path(config.theme.custom_dir or project.templates))
        self.archive = pycore_archive(PYCORE)
        snapshot = stdlib = None
        cache = project.path(self.config.snapshot_cache)
        if self.config.trim_stdlib and not self.serving:
            stdlib = make_stdlib(project.node_modules, self.archive, cache)
        if self.config.snapshot and not self.serving:
            snapshot = make_snapshot(project.node_modules, self.archive, cache, self.config.snapshot_keep,
                                     (stdlib.whole.data, stdlib.after_snapshot.data) if stdlib else None)
        self.engine = prepare(project.node_modules, self.archive, snapshot, stdlib, cache)
        self.stylesheet = join(Path(config.docs_dir), [str(path) for path in config.extra_css])
        config.extra_css = [self.stylesheet.path]
        config.extra["pycore_zip"] = self.archive.name
        config.extra["engine"] = self.engine.to_extra()
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The service worker sources and the stylesheets joined into one are read by the plugin, never copied
        into the site."""
        for source in [*offline.SOURCES.values(), *(self.stylesheet.sources if self.stylesheet else ())]:
            file = files.get_file_from_path(source)
            if file is not None:
                files.remove(file)
        return files

    def on_env(self, env: jinja2.Environment, *, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        """What the theme needs for offline use: the mode, the manifest and the theme colours."""
        env.globals["offline"] = {"enabled": not self.serving, "manifest": manifest.FILE, "icons": manifest.ICON_DIR,
                                  "theme_color": manifest.THEME_COLOR}
        return env

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Name the page by its first heading; swap each shortcode for a placeholder (unknown ones fail the build)."""
        titles.name(page, markdown)
        text, self.pending[page.file.src_uri] = shortcodes.expand(markdown, Context(page=page, templates=self.partials()))
        return text

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Put the rendered shortcodes in place of their placeholders."""
        return shortcodes.fill(html, self.pending.pop(page.file.src_uri, {}), Context(page=page, templates=self.partials()))

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Label the article's links for print."""
        return print_labels.label_links(output, page.url)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Runtime, archive, engine, app and service worker (it lists every file), the checks, then the
        precompressed copies (not in the worker's list: it stores each file once)."""
        if self.archive is None or self.engine is None or self.project is None:
            raise PluginError("rulebook: on_post_build ran before on_config")
        site_dir = Path(config.site_dir)
        copy_runtime(self.project.node_modules, site_dir, skip=(FULL,) if self.engine.stdlib != FULL_STDLIB else ())
        copy_pyscript(self.project.node_modules, site_dir)
        write_archive(site_dir, self.archive)
        write_engine(site_dir, self.engine)
        if self.stylesheet:
            write_stylesheet(site_dir, self.stylesheet)
        manifest.write_manifest(site_dir, config.site_name, config.site_description or "", list(SYSTEMS.values()))
        offline.write_service_worker(site_dir, Path(config.docs_dir), enabled=not self.serving,
                                     leave_out=self.engine.fallback_only)
        problems = check_site(site_dir, urlsplit(config.site_url or "").hostname)  # `mkdocs serve` sets site_url
        if problems:
            raise PluginError("built site failed its checks:\n  " + "\n  ".join(problems))
        if self.config.precompress and not self.serving:
            precompress(site_dir, self.project.path(self.config.precompress_cache))
