"""The rules core as the plugin uses it: one place that names pycore."""

import pycore
from pycore.systems import SYSTEMS
from rulebook import core


def test_every_name_is_pycores():
    """Each name the plugin takes from the core is the core's own object, so the build and the browser agree."""
    assert set(core.__all__) == {name for name in vars(core) if not name.startswith("_")} - {"annotations"}
    assert core.evaluate is pycore.evaluate and core.ScenarioError is pycore.ScenarioError
    assert core.SYSTEMS is SYSTEMS and core.ref("d6.light.vision") == pycore.ref("d6.light.vision")
