"""pycore.systems.skirmish_d6.modifiers: size effects, cover levels from obstacles and light, the two-modifier cap."""

from pycore import SYSTEMS
from pycore.systems.skirmish_d6.modifiers import (
    Modifier,
    blind_limits,
    cap_modifiers,
    combine_cover,
    light_levels,
    needs_distance,
    never_targetable,
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


def clean(**parts):
    """A validated d6 Skirmish scenario (distance left out, so the checks are not run)."""
    return SYSTEMS["skirmish-d6"].inputs.validate({"system": "skirmish-d6", **parts})


def test_blind_limits_follow_the_blind_spells_ruling():
    """7.5: blindness limits [ATTACK] actions; [TARGET] spells too under the default ruling; never area spells."""
    assert blind_limits("melee", "aimed") and blind_limits("ranged", "attacks-only")
    assert blind_limits("target-spell", "aimed") and not blind_limits("target-spell", "attacks-only")
    assert not blind_limits("area-spell", "aimed")


def test_the_distance_matters_only_for_the_one_inch_limits():
    """7.5: a blinded attacker or an invisible target of an aimed action brings in the 1-inch limit."""
    assert needs_distance(clean(attacker={"blinded": True}))
    assert needs_distance(clean(target={"invisible": True}, attack={"kind": "melee"}))
    assert not needs_distance(clean(target={"invisible": True}, attack={"kind": "area-spell"}))
    assert not needs_distance(clean(attacker={"invisible": True}))


def test_never_targetable_whatever_the_distance():
    """7.5: a [TARGET] spell never targets an invisible creature; 7.1: total cover (3 levels, a total obstacle,
    or normal sight in the dark) stops [ATTACK] and [TARGET] actions; an area spell is still cast."""
    assert never_targetable(clean(target={"invisible": True}, attack={"kind": "target-spell"}))
    assert not never_targetable(clean(target={"invisible": True}, attack={"kind": "ranged"}))
    assert never_targetable(clean(obstacles={"partial": 3}))
    assert not never_targetable(clean(obstacles={"partial": 2}))
    assert never_targetable(clean(obstacles={"partial": 2}, light="dim"))  # 2 + 1 levels
    assert not never_targetable(clean(obstacles={"partial": 2}, light="dim",
                                      rulings={"d6.ruling.light-and-obstacles": "highest"}))
    assert never_targetable(clean(light="dark"))
    assert not never_targetable(clean(light="dark", attack={"kind": "area-spell"}))
