"""pycore.systems.skirmish_d6.tables: the light and size tables cell by cell, and each rule's rulebook link (rule text 003)."""

from fractions import Fraction

import pytest
from skirmish_d6_cases import run

from pycore.systems import skirmish_d6 as d6

# 7.2 "Light" table, every cell: (light level, vision) -> cover levels it imposes.
LIGHT_CELLS = [
    ("dark", "normal", "total"), ("dark", "dim", 1), ("dark", "dark", 0),
    ("dim", "normal", 1), ("dim", "dim", 0), ("dim", "dark", 1),
    ("bright", "normal", 0), ("bright", "dim", 1), ("bright", "dark", 2),
    ("radiant", "normal", 1), ("radiant", "dim", 2), ("radiant", "dark", "total"),
]


@pytest.mark.parametrize(("light", "vision", "level"), LIGHT_CELLS)
def test_light_table_cell(light, vision, level):
    """Each cell of the light table gives its cover level, modifier and sanity flag."""
    result = run(light=light, attacker={"vision": vision}, attack={"hits_on": 4})
    assert result["cover_level"] == level
    assert result["cover"]["light_levels"] == level
    assert result["sanity_vulnerable"] is (level == "total")
    if level == "total":
        assert result["targetable"] is False
        assert result["hit_chance"] == 0
        assert result["hits_on"] is None
        ids = [r["id"] for r in result["rules"]]
        assert "d6.light.sanity" in ids and "d6.cover.total" in ids
    else:
        assert result["targetable"] is True
        assert result["attack_modifier"] == -level
        assert result["hits_on"] == 4 + level
        assert result["hit_chance_exact"] == str(Fraction(7 - (4 + level), 6))


def test_light_table_is_complete():
    """Twelve cells: four light levels by three kinds of sight, no more, no fewer."""
    assert {(light, v) for light, v, _ in LIGHT_CELLS} == {(light, v) for light in d6.LIGHT_LEVELS for v in d6.VISIONS}


# 7.4 size table, every printed cell, then huge and colossal extended by one step each.
SIZE_ROWS = {
    "movement": (-1, -1, 0, 1),
    "dodge_dc": (-2, -1, 0, 1),
    "health_dc": (1, 0, 0, -1),
    "melee_damage": (-1, 0, 0, 1),
    "rend": (0, 0, 0, 1),
    "melee_range": (0, 0, 0, 1),
}


@pytest.mark.parametrize("effect", sorted(SIZE_ROWS))
def test_size_table_row(effect):
    """Each printed row of the size table, tiny to large, plus huge (+1 step) and colossal (+2)."""
    tiny, small, medium, large = SIZE_ROWS[effect]
    sign = 1 if large >= 0 else -1
    expected = {"tiny": tiny, "small": small, "medium": medium, "large": large,
                "huge": large + sign, "colossal": large + 2 * sign}
    for size, value in expected.items():
        result = run(attacker={"size": size}, target={"size": size})
        assert result["size"]["attacker"][effect] == value, size
        assert result["size"]["target"][effect] == value, size


def test_every_rule_link_points_at_its_page():
    """Each applied rule carries the site-relative link of its rulebook anchor."""
    result = run(light="radiant", attacker={"vision": "dim"}, obstacles={"partial": 1})
    for rule in result["rules"]:
        assert rule["ref"].endswith("#" + rule["id"])
        assert rule["ref"].startswith("rules/skirmish-d6/")
