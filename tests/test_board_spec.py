"""pycore.views.board_spec: what a calculator's interactive board edits."""

import json

from pycore.systems import SYSTEMS
from pycore.views import VIEWS
from pycore.views.board_spec import BoardSpec, Slot


def test_paths_once_each_in_slot_order():
    """Every scenario field the board owns, each once."""
    spec = BoardSpec((Slot("attacker", "Attacker", "A", "map.attacker", single=True),
                      Slot("partial", "Partial", "P", "map.obstacles", (("kind", "partial"),)),
                      Slot("total", "Total", "X", "map.obstacles", (("kind", "total"),))), "map.cols", "map.rows")
    assert spec.paths == ("map.attacker", "map.obstacles")


def test_to_json_for_the_page():
    """The spec the page's board script reads: slots with their record keys, defaults and editors."""
    spec = BoardSpec((Slot("creature", "Creature", "C", "others"),), "", "", defaults=(("defense", 10),),
                     editors=(("others", (("name", "Name", "text"),)),))
    assert json.loads(spec.to_json()) == {
        "slots": [{"kind": "creature", "label": "Creature", "symbol": "C", "path": "others", "record": {},
                   "single": False}],
        "defaults": {"defense": 10},
        "editors": {"others": [{"key": "name", "label": "Name", "kind": "text"}]},
    }


def test_board_fields_are_declared_inputs():
    """Every field a system's board edits is one of that system's declared inputs."""
    for system in SYSTEMS.values():
        spec = VIEWS[system.id].board_spec
        if spec is None:
            continue
        for path in spec.paths:
            assert system.inputs.field(path).path == path


def test_map_boards_keep_the_area_and_the_regions():
    """Each system's board keeps the area's five fields and the map's regions (which the form draws no control for),
    the regions in one hidden box of their own."""
    for system in SYSTEMS.values():
        spec = VIEWS[system.id].board_spec
        assert set(spec.kept) == {"map.regions", "area.shape", "area.at", "area.toward", "area.size", "area.width"}
        assert "map.regions" in spec.drawn and set(spec.kept) <= set(spec.paths)
