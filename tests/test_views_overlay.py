"""pycore.views.overlay: heat bands by chance, the legend, and the best hexes first in a table."""

import xml.etree.ElementTree as ET
from fractions import Fraction

from pycore import evaluate
from pycore.page.render import result_html
from pycore.views import enchanted_realms as er_view
from pycore.views import overlay
from pycore.views import skirmish_d6 as d6_view
from pycore.views.drawing import Heat

D6 = d6_view.OVERLAY


def entry(q: int, r: int, chance: float | None, level: int | str = 0, targetable: bool = True) -> dict:
    """One overlay entry as the contract shapes it."""
    return {"hex": [q, r], "targetable": targetable, "hit_chance": chance, "cover_level": level}


def d6_result(moving: str = "target") -> dict:
    """A d6 map answer (4+ base, one partial obstacle) with a hand-made overlay: 4+ in the open is 1/2, behind
    one partial obstacle 5+ is 1/3, two levels 6+ is 1/6, and total cover cannot be targeted (rule texts)."""
    scenario = {"system": "skirmish-d6", "attack": {"hits_on": 4},
                "map": {"cols": 8, "rows": 6, "attacker": [0, 0], "target": [4, 2],
                        "obstacles": [{"hex": [2, 1], "kind": "partial"}]}}
    result = evaluate(scenario)
    result["overlay"] = {"moving": moving, "hexes": [
        entry(1, 0, 1 / 2, 0), entry(5, 1, 1 / 3, 1), entry(6, 2, 1 / 6, 2), entry(3, 3, None, "total", False),
        entry(0, 4, 5 / 6, 0)]}
    return result


def test_bands_follow_the_chance():
    """0 (or no target): band 0; under 1/4: 1; under 1/2: 2; under 3/4: 3; from 3/4: 4."""
    bands = [overlay.band_of(entry(0, 0, c), D6) for c in (1 / 6, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 5 / 6, 1.0)]
    assert bands == [1, 2, 3, 3, 4, 4, 4]
    assert overlay.band_of(entry(0, 0, None, "total", False), D6) == 0
    assert overlay.band_of(entry(0, 0, 0.0), D6) == 0


def test_without_a_chance_the_band_comes_from_cover():
    """With no base number the chance is unknown: no cover is the best band, level 3 the worst with a shot."""
    assert [overlay.band_of(entry(0, 0, None, level), D6) for level in (0, 1, 2, 3)] == [4, 3, 2, 1]
    assert overlay.chance_words(entry(0, 0, None, 1), "target") == "chance not known (no base number to hit)"


def test_exact_fractions_are_worded_from_floats():
    """A float chance is read back as the fraction it stands for: 1/3 is 33.3%, 5/6 83.3%."""
    assert overlay.chance_of(entry(0, 0, 1 / 3)) == Fraction(1, 3)
    assert overlay.entry_words(entry(0, 4, 5 / 6), "target", D6) == "target here: 83.3% to hit, no cover"
    assert overlay.entry_words(entry(5, 1, 1 / 3, 1), "target", D6) == "target here: 33.3% to hit, cover level 1"


def test_heat_on_the_d6_board():
    """The board of a result with an overlay shades exactly its hexes, with their numbers in words."""
    result = d6_result()
    scenario = {"system": "skirmish-d6", "map": {"cols": 8, "rows": 6, "attacker": [0, 0], "target": [4, 2],
                                                 "obstacles": [{"hex": [2, 1], "kind": "partial"}]}}
    drawing = d6_view.board(scenario, result)
    shaded = {(h.q, h.r): heat for h, heat in drawing.heat}
    assert set(shaded) == {(1, 0), (5, 1), (6, 2), (3, 3), (0, 4)}
    assert shaded[(6, 2)].band == 1 and shaded[(6, 2)].label == "target here: 16.7% to hit, cover level 2"
    assert "Shaded: where the target could stand" in drawing.desc
    assert d6_view.board(scenario, evaluate(scenario)).heat == ()


def test_target_sees_safest_hexes_first_attacker_best_shots_first():
    """For the target the best hex is where it cannot be hit, then the lowest chance; for the attacker the
    highest chance first."""
    target = [tuple(e["hex"]) for e in overlay.ranked(d6_result("target")["overlay"], D6)]
    assert target == [(3, 3), (6, 2), (5, 1), (1, 0), (0, 4)]
    attacker = [tuple(e["hex"]) for e in overlay.ranked(d6_result("attacker")["overlay"], D6)]
    assert attacker == [(0, 4), (1, 0), (5, 1), (6, 2), (3, 3)]


def test_legend_and_table_in_the_result_panel():
    """The panel holds the legend (five bands, each with its pattern in words) and the table alternative."""
    root = ET.fromstring(result_html(d6_result()))
    legend = root.find(".//div[@data-role='overlay-legend']")
    items = legend.findall(".//li")
    assert [li.get("data-heat") for li in items] == ["4", "3", "2", "1", "0"]
    assert "".join(items[0].itertext()) == "75% or more (plus signs)"
    table = root.find(".//table[@data-role='overlay-table']")
    rows = table.findall("./tbody/tr")
    assert [r.get("data-hex") for r in rows] == ["3,3", "6,2", "5,1", "1,0", "0,4"]
    assert [c.text for c in rows[1]] == ["2", "6, 2", "16.7% to hit", "cover level 2", "sparse dots"]
    assert "lowest chance to be hit first" in table.find("caption").text


def test_long_overlays_list_the_best_hexes_only():
    """A big map's table lists the first TABLE_ROWS hexes and says how many the board shows."""
    result = d6_result()
    result["overlay"]["hexes"] = [entry(q, r, 1 / 2) for q in range(6) for r in range(6)]
    table = ET.fromstring(result_html(result)).find(".//table[@data-role='overlay-table']")
    assert len(table.findall("./tbody/tr")) == overlay.TABLE_ROWS
    assert f"the first {overlay.TABLE_ROWS} of 36" in table.find("caption").text


def test_no_overlay_no_blocks():
    """Without an overlay (or with no hexes) nothing is added."""
    result = d6_result()
    assert overlay.blocks(result, D6)
    result["overlay"]["hexes"] = []
    assert overlay.blocks(result, D6) == [] and overlay.heat(result, D6) == ()


def test_enchanted_realms_words_and_bystanders():
    """Enchanted Realms words its `cover` key; a bystander's chance is to be struck, and the table lists the
    hexes where it could be, the most dangerous first."""
    hexes = [{"hex": [1, 0], "targetable": True, "hit_chance": 0.1, "cover": "none"},
             {"hex": [2, 0], "targetable": True, "hit_chance": 0.0, "cover": "none"},
             {"hex": [3, 0], "targetable": True, "hit_chance": 0.3, "cover": "partial"}]
    data = {"moving": "bystander", "hexes": hexes}
    assert [tuple(e["hex"]) for e in overlay.ranked(data, er_view.OVERLAY)] == [(3, 0), (1, 0), (2, 0)]
    rows = overlay.table_block(data, er_view.OVERLAY).findall("./tbody/tr")
    assert [r.get("data-hex") for r in rows] == ["3,0", "1,0"]
    data["hexes"] = hexes[1:2]
    assert "no free hex" in "".join(overlay.table_block(data, er_view.OVERLAY).itertext())
    assert overlay.entry_words(hexes[2], "bystander", er_view.OVERLAY) == (
        "bystander here: 30% to be struck, partial cover")
    assert "to be struck by a stray shot" in "".join(overlay.legend_block(data).itertext())


def test_the_engines_overlay_shades_the_board():
    """With the engine's own overlay: behind the boulder the target cannot be targeted (band 0), in the open
    4+ is 1/2 (band 3), and every entry's hex is shaded with its words."""
    scenario = {"system": "skirmish-d6", "attack": {"hits_on": 4}, "overlay": "target",
                "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [6, 2],
                        "obstacles": [{"hex": [3, 2], "kind": "total"}]}}
    result = evaluate(scenario)
    shaded = {(h.q, h.r): heat for h, heat in d6_view.board(scenario, result).heat}
    assert len(shaded) == len(result["overlay"]["hexes"])
    assert shaded[(1, 0)] == Heat(3, "target here: 50% to hit, no cover")
    assert shaded[(4, 2)].band == 0 and shaded[(4, 2)].label == "target here: cannot be targeted, total cover"


def test_a_square_map_overlay_shades_its_squares_and_lists_them():
    """On the room (squares_cases) the engine's "squares" overlay shades exactly those squares on the d6 and d20
    boards, and the table names squares: the target behind the closed door (square [6, 2], the attacker on [2, 2])
    cannot be targeted, so that square is band 0 and worded so."""
    from squares_cases import on_room

    from pycore.views import classic_d20 as d20_view

    for system, view in (("skirmish-d6", d6_view), ("classic-d20", d20_view)):
        extra = {"attack": {"hits_on": 4}} if system == "skirmish-d6" else {"attack": {"to_hit": 15}, "target": {"ac": 5}}
        scenario = on_room(system, [2, 2], [6, 2], overlay="target", **extra)
        result = evaluate(scenario)
        squares = result["overlay"]["squares"]
        drawing = view.board(scenario, result)
        shaded = {h: heat for h, heat in drawing.heat}
        assert set(shaded) == {tuple(e["square"]) for e in squares}
        assert shaded[(6, 2)].band == 0 and "cannot be targeted" in shaded[(6, 2)].label
        assert "where the target could stand" in drawing.desc
        html = result_html(result, "", scenario)
        assert "Best squares for the target" in html and "Focus or hover a square" in html
        table = overlay.table_block(result["overlay"], view.OVERLAY)
        assert [th.text for th in table.iter("th")][:2] == ["Rank", "Square"]
        first = table.find("tbody/tr")
        assert first is not None and first.get("data-hex") is not None
        assert tuple(int(x) for x in first.get("data-hex", "").split(",")) in shaded
