"""pycore.systems.skirmish_d6.modifiers: size effects, cover levels from obstacles and light, the two-modifier cap."""

from pycore.systems.skirmish_d6.modifiers import (
    Modifier,
    cap_modifiers,
    combine_cover,
    light_levels,
    size_advantage,
    size_effects,
)


def test_huge_grows_every_large_effect_by_one():
    """Each size above large adds one to the magnitude of every effect (rule text 003)."""
    assert size_effects("large")["movement"] == 1 and size_effects("huge")["movement"] == 2
    assert size_effects("colossal")["health_dc"] == -3


def test_cover_levels_add_and_cap_at_total():
    """Dim light for normal sight is 1 level; with 1 partial obstacle, 2; with 2 more, total."""
    assert light_levels("dim", "normal") == 1
    assert combine_cover(1, 0, 1, "add").level == 2
    assert combine_cover(2, 0, 1, "add").level == "total"
    assert combine_cover(2, 0, 1, "highest").level == 2
    assert combine_cover(0, 1, 0, "add").rules == ("d6.cover.total-obstacle",)


def test_only_the_largest_bonus_and_penalty_count():
    """Two +1s and a -2 and a -1: net -1, and the dropped ones say why."""
    mods = [Modifier("a.up", 1, "environment", "above"), Modifier("a.prone", -1, "condition", "prone"),
            Modifier("a.surround", 1, "condition", "surrounded"), Modifier("a.cover", -2, "environment", "cover")]
    net, marked = cap_modifiers(mods)
    assert net == -1 and [m.applied for m in marked] == [True, False, False, True]
    assert marked[1].reason == "only the largest penalty counts (cover, -2)"


def test_smaller_target_advantage():
    """A smaller target counts as +1 however much smaller, or +1 per size step under the other ruling."""
    assert size_advantage("large", "small", "flat") == 1 and size_advantage("large", "small", "per-step") == 2
    assert size_advantage("small", "large", "flat") == 0
