"""Where the plugin finds the project's inputs: the folder of the MkDocs config, the installed pycore and its own
package, never the place its source happens to sit."""

import shutil
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from repository import NODE_MODULES, ROOT

import pycore
from rulebook import project
from rulebook.project import Project


def test_project_is_the_folder_of_its_config(tmp_path):
    """A config anywhere names its own project: node_modules, templates and the cache options are beside it; an
    absolute option stays as given."""
    config = tmp_path / "elsewhere" / "mkdocs.yml"
    found = Project.of_config(config)
    assert found.root == tmp_path / "elsewhere"
    assert found.node_modules == tmp_path / "elsewhere" / "node_modules"
    assert found.templates == tmp_path / "elsewhere" / "templates"
    assert found.path("build/engine-snapshots") == tmp_path / "elsewhere" / "build" / "engine-snapshots"
    assert found.path(tmp_path / "cache") == tmp_path / "cache"


def test_a_project_with_another_pycore_is_named(tmp_path):
    """A project holding its own pycore while this interpreter imports another (a shared environment) is told
    apart; the checkout the tests run in is not."""
    (tmp_path / "pycore").mkdir()
    (tmp_path / "pycore" / "__init__.py").write_text("")
    assert Project(tmp_path).foreign_pycore() == tmp_path / "pycore"
    assert Project(tmp_path / "empty").foreign_pycore() is None
    assert Project(ROOT).foreign_pycore() is None


def test_pycore_is_the_installed_package_and_programs_are_package_data():
    """The archive is zipped from the pycore this interpreter imports; programs and icons ship inside rulebook."""
    assert Path(pycore.__file__).resolve().parent == project.PYCORE
    for name in ("snapshot.mjs", "snapshot_setup.py", "engine_start.py", "loader.mjs.jinja"):
        assert (project.PROGRAMS / name).is_file(), name
    assert (project.PACKAGE / "icons" / "icon.svg").is_file()
    assert not hasattr(project, "ROOT") and not hasattr(project, "NODE_MODULES")


def test_the_plugin_builds_the_project_its_config_names(tmp_path):
    """A copy of the project elsewhere (its pages, partials and a node_modules of its own) is read from there: the
    plugin takes node_modules, the partials and the caches beside that config, not beside its own source."""
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    (copy / "site").symlink_to(ROOT / "site")
    (copy / "templates").symlink_to(ROOT / "templates")
    (copy / "node_modules").symlink_to(NODE_MODULES)
    for watched in ("pycore", "rulebook"):  # mkdocs.yml's watch list, for live reload under `mkdocs serve`
        (copy / watched).symlink_to(ROOT / watched)
    config = load_config(config_file=str(copy / "mkdocs.yml"))
    instance = config.plugins["rulebook"]
    instance.config.snapshot = False
    instance.config.trim_stdlib = False
    instance.on_startup(command="build", dirty=False)
    instance.on_config(config)
    assert instance.project == Project(copy)
    assert instance.project.node_modules == copy / "node_modules"
    assert instance.partials().loader.searchpath == [str(copy / "templates")]
    assert config.extra["engine"]["interpreter"] == "assets/runtime/pyodide/pyodide.mjs"


def test_the_plugin_refuses_a_project_whose_pycore_it_does_not_import(tmp_path):
    """Built from an interpreter that imports another checkout's pycore, the build fails naming both, instead of
    rendering and shipping an engine that is not the project's."""
    (tmp_path / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text())
    for linked in ("site", "templates", "rulebook"):
        (tmp_path / linked).symlink_to(ROOT / linked)
    shutil.copytree(ROOT / "pycore", tmp_path / "pycore")
    config = load_config(config_file=str(tmp_path / "mkdocs.yml"))
    instance = config.plugins["rulebook"]
    instance.on_startup(command="build", dirty=False)
    with pytest.raises(PluginError, match=r"imports pycore from .* not the project's"):
        instance.on_config(config)
