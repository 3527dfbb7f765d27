"""Where the plugin finds the project's inputs."""

from rulebook import project


def test_paths_point_at_the_repository():
    """The repository holds mkdocs.yml, pycore's package, and this package's program files and icons."""
    assert (project.ROOT / "mkdocs.yml").is_file()
    assert (project.PYCORE / "__init__.py").is_file()
    assert project.NODE_MODULES == project.ROOT / "node_modules"
    for name in ("snapshot.mjs", "snapshot_setup.py", "engine_start.py", "loader.mjs.jinja"):
        assert (project.PACKAGE / "programs" / name).is_file(), name
    assert (project.PACKAGE / "icons" / "icon.svg").is_file()
