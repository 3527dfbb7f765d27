"""The plugin's options: defaults, types, and the snapshot switch from the environment."""

import pytest
from mkdocs.config import load_config
from repository import ROOT

from rulebook.config import RulebookConfig


def validated(**options):
    """The options as MkDocs validates them: (failures, config)."""
    config = RulebookConfig()
    config.load_dict(options)
    failed, _warnings = config.validate()
    return failed, config


def test_defaults():
    """With no options: snapshot on, its cache under build/, four kept."""
    failed, config = validated()
    assert not failed
    assert (config.snapshot, config.snapshot_cache, config.snapshot_keep) == (True, "build/engine-snapshots", 4)
    assert config.trim_stdlib is True


def test_types_are_checked():
    """A snapshot that is not a boolean is refused (``RULEBOOK_SNAPSHOT=0`` would be a number)."""
    failed, _ = validated(snapshot=0)
    assert [name for name, _ in failed] == ["snapshot"]
    failed, _ = validated(snapshot_keep="many")
    assert [name for name, _ in failed] == ["snapshot_keep"]


@pytest.mark.parametrize(("value", "expected"), [(None, True), ("false", False), ("true", True)])
def test_mkdocs_yml_reads_the_snapshot_switch_from_the_environment(monkeypatch, value, expected):
    """mkdocs.yml registers the plugin after search; RULEBOOK_SNAPSHOT sets its ``snapshot`` option."""
    if value is None:
        monkeypatch.delenv("RULEBOOK_SNAPSHOT", raising=False)
    else:
        monkeypatch.setenv("RULEBOOK_SNAPSHOT", value)
    config = load_config(config_file=str(ROOT / "mkdocs.yml"))
    assert list(config.plugins) == ["material/search", "rulebook"]
    assert config.plugins["rulebook"].config.snapshot is expected


@pytest.mark.parametrize(("value", "expected"), [(None, True), ("false", False), ("true", True)])
def test_mkdocs_yml_reads_the_trim_switch_from_the_environment(monkeypatch, value, expected):
    """RULEBOOK_TRIM_STDLIB sets the ``trim_stdlib`` option (on by default)."""
    if value is None:
        monkeypatch.delenv("RULEBOOK_TRIM_STDLIB", raising=False)
    else:
        monkeypatch.setenv("RULEBOOK_TRIM_STDLIB", value)
    config = load_config(config_file=str(ROOT / "mkdocs.yml"))
    assert config.plugins["rulebook"].config.trim_stdlib is expected


def test_material_instant_navigation_stays_off():
    """Material's instant navigation breaks the calculator pages (it does not run a page's module scripts again): the site's
    one in-place navigation is assets/page/navigate.js, for calculator pages only."""
    config = load_config(config_file=str(ROOT / "mkdocs.yml"))
    features = config["theme"]["features"]
    assert "navigation.sections" in features  # the list read is the theme's
    assert not [feature for feature in features if feature.startswith("navigation.instant")]
