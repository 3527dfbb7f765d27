"""pycore.page.handler: what the page's engine does with raw form values and shared links."""

import base64
import json

import pytest

from pycore import SYSTEMS
from pycore.fragment import decode_fragment, encode_fragment
from pycore.page.handler import form_to_scenario, handle, off_form
from pycore.rules import Choice, Ruling
from pycore.schema import Field, Inputs

D6 = SYSTEMS["skirmish-d6"].inputs


def call(**request):
    """One request through the JSON entry point, as the worker receives it."""
    return json.loads(handle(json.dumps(request)))


def test_form_values_become_a_typed_scenario():
    """Text boxes are parsed to numbers, selects to their choice values, empty optional boxes omitted."""
    scenario, errors = form_to_scenario(D6, {"light": "dim", "obstacles.partial": " 2 ", "attack.hits_on": "",
                                             "rulings.d6.ruling.area-cover": "apply"})
    assert errors == []
    assert scenario == {"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 2},
                        "rulings": {"d6.ruling.area-cover": "apply"}}


@pytest.mark.parametrize(("values", "field", "words"), [
    ({"obstacles.partial": "two"}, "obstacles.partial", "is not a whole number"),
    ({"obstacles.partial": "1.5"}, "obstacles.partial", "is not a whole number"),
    ({"obstacles.partial": ""}, "obstacles.partial", "is required"),
    ({"light": "<script>"}, "light", "must be one of"),
    ({"secret": "1"}, "secret", "not an input"),
])
def test_bad_form_values_name_the_field(values, field, words):
    """A bad box gives an error on that box, never a silent default."""
    reply = call(op="evaluate", system="skirmish-d6", values=values)
    assert reply["state"] == "error"
    assert reply["errors"][0]["field"] == field and words in reply["errors"][0]["message"]


def test_range_errors_come_from_the_engine():
    """A number out of range is caught by the same validation as the CLI."""
    reply = call(op="evaluate", system="skirmish-d6", values={"attack.hits_on": "9"})
    assert reply["state"] == "error"
    assert reply["errors"] == [{"field": "attack.hits_on", "message": "9 is out of range: must be a whole number from 2 to 6"}]


def test_evaluate_reply_has_html_and_fragment():
    """A good form gives the rendered result with base-prefixed links and the link fragment."""
    reply = call(op="evaluate", system="skirmish-d6", values={"light": "dim", "attack.hits_on": "4"}, base="../../")
    assert reply["state"] == "ready"
    assert reply["result"]["hits_on"] == 5
    assert 'href="../../rules/skirmish-d6/cover/#d6.cover.level-1"' in reply["html"]
    assert decode_fragment(reply["fragment"]) == {"system": "skirmish-d6", "light": "dim", "attack": {"hits_on": 4}}


def test_evaluate_reply_has_the_one_line_summary():
    """Beside the HTML, the answer in one line from the view: dim light, base 4+ -> hits on 5+, 2/6 = 33.3%."""
    reply = call(op="evaluate", system="skirmish-d6", values={"light": "dim", "attack.hits_on": "4"})
    assert reply["summary"] == "Hits on 5+ · 33.3%"
    assert "summary" not in call(op="evaluate", system="skirmish-d6", values={"attack.hits_on": "9"})


def test_restore_fills_every_field():
    """A good link restores every form field, defaults included, and the rulings."""
    fragment = "#s=" + encode_fragment({"system": "skirmish-d6", "light": "radiant", "attack": {"hits_on": 3}})
    reply = call(op="restore", system="skirmish-d6", fragment=fragment)
    values = reply["values"]
    assert values["light"] == "radiant" and values["attack.hits_on"] == 3 and values["obstacles.partial"] == 0
    assert values["rulings.d6.ruling.light-and-obstacles"] == "add"


@pytest.mark.parametrize("scenario", [
    {"system": "classic-d20"},
    {"system": "skirmish-d6", "light": "<img src=x onerror=alert(1)>"},
    {"system": "skirmish-d6", "attack": {"hits_on": "4"}},
    [1, 2, 3],
])
def test_restore_refuses_wrong_links_with_a_message(scenario):
    """Links of another system, or with invalid values, keep the defaults and say why."""
    reply = call(op="restore", system="skirmish-d6", fragment="#s=" + encode_fragment(scenario))
    assert "values" not in reply and "defaults are shown" in reply["error"]


SQUARE_LINKS = {
    # The wall at x = 2 is seen past (one level, a 4+ attack hits on 5+) only when the grid, the walls, the door's
    # being open and the low-wall ruling all come back: on hexes there is no wall, a closed door is total cover and
    # a low wall that counts is a second level.
    "skirmish-d6": ({"system": "skirmish-d6", "attack": {"hits_on": 4}, "rulings": {"d6.ruling.map-low-walls": "ignore"},
                     "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1],
                             "walls": [{"points": [[2, 0], [2, 1.8]]}, {"points": [[1, 0], [1, 3]], "kind": "low"}],
                             "doors": [{"points": [[3, 0], [3, 3]], "open": True}]}},
                    {"cover_level": 1, "hits_on": 5, "targetable": True}),
    # Half the corner lines cross the wall at x = 2 (50%); with low walls blocking, the low wall under it breaks
    # more of them: 90%, needs a 20 (with the default ruling, 50% and 14).
    "classic-d20": ({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                     "rulings": {"d20.ruling.map-low-walls": "block"},
                     "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1],
                             "walls": [{"points": [[2, 0], [2, 1.5]]}, {"points": [[1, 1.5], [1, 3]], "kind": "low"}],
                             "doors": [{"points": [[3, 0], [3, 3]], "open": True}]}},
                    {"cover": 90, "needs": 20, "targetable": True}),
}


def form_paths(system: str) -> set[str]:
    """The paths a full calculator's form has a control for: what the page keeps of a restored link."""
    inputs = SYSTEMS[system].inputs
    return ({f.path for f in inputs.fields if f.in_form} | {"_alternative"}
            | {"rulings." + r.id for r in inputs.rulings if r.in_form})


def as_page_sends(value):
    """A restored value as the page writes it into its control and reads it back (a tick stays a tick)."""
    return value if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("system", sorted(SQUARE_LINKS))
def test_a_square_map_link_comes_back_through_the_form(system):
    """A shared link with a square map, walls, an open door and a square-map ruling: restored into the form and read
    back from it, it gets the link's own answer, never the same pieces on hexes without walls."""
    scenario, expect = SQUARE_LINKS[system]
    values = call(op="restore", system=system, fragment="#s=" + encode_fragment(scenario))["values"]
    assert values["map.grid"] == "square"
    assert json.loads(values["map.walls"])[1] == {"points": scenario["map"]["walls"][1]["points"], "kind": "low"}
    assert json.loads(values["map.doors"]) == [{"points": [[3, 0], [3, 3]], "open": True}]
    kept = {path: as_page_sends(v) for path, v in values.items() if path in form_paths(system)}
    not_in_form = {f.path for f in SYSTEMS[system].inputs.fields if not f.in_form}  # the area, placed on the board
    assert set(values) - set(kept) == not_in_form
    chosen = kept.pop("_alternative")
    inputs = SYSTEMS[system].inputs
    kept = {path: v for path, v in kept.items()  # the alternative not chosen is a disabled fieldset, not sent
            if path.startswith("rulings.") or inputs.field(path).group in ("", chosen)}
    reply = call(op="evaluate", system=system, values=kept)
    assert reply["state"] == "ready"
    assert {key: reply["result"][key] for key in expect} == expect
    assert decode_fragment(reply["fragment"])["map"]["grid"] == "square"


def test_restore_refuses_what_the_form_cannot_hold():
    """A link setting a field or a ruling the form has no place for is refused and named, not shown with its default;
    at its default it is no loss."""
    inputs = Inputs("x", (Field("a", "int", "A", default=1),
                          Field("grid", "choice", "Grid", default="hex", choices=(("hex", "Hexes"), ("square", "Squares")),
                                in_form=False)),
                    rulings=(Ruling("x.r", "Which way?", "p/", (Choice("one", "One", ""), Choice("two", "Two", "")), "one",
                                    "", in_form=False),))
    assert off_form(inputs, inputs.validate({"grid": "square", "rulings": {"x.r": "two"}})) == ["Grid", "Which way?"]
    assert off_form(inputs, inputs.validate({"a": 3, "grid": "hex"})) == []


def test_a_whole_number_beyond_pythons_digit_limit_names_its_field():
    """A 5,000-digit integer (past Python's integer-string limit) in a records box or in a shared link: the field
    error the command line gives, naming the field, never an engine fault."""
    long = "9" * 5000
    reply = call(op="evaluate", system="skirmish-d6", values={
        "map.attacker": "0, 0", "map.target": "3, 0", "map.obstacles": f'[{{"hex": [{long}, 0], "kind": "partial"}}]'})
    assert reply["state"] == "error"
    assert reply["errors"] == [{"field": "map.obstacles.0.hex",
                                "message": "item 0: is far out of range (5000 digits): must be a whole number from "
                                           "-999 to 999"}]
    text = f'{{"system": "skirmish-d6", "map": {{"cols": {long}}}}}'
    fragment = "#s=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    reply = call(op="restore", system="skirmish-d6", fragment=fragment)
    assert "values" not in reply and "map.cols: is far out of range (5000 digits)" in reply["error"]


def test_handle_never_raises():
    """Even a malformed request becomes an error reply."""
    for text in ["", "{", '{"op": "fly"}', '{"op": "evaluate"}', "null"]:
        reply = json.loads(handle(text))
        assert reply["state"] == "error" and reply["errors"][0]["field"] == ""


MAP_VALUES = {"map.cols": "10", "map.rows": "8", "map.attacker": "0, 3", "map.target": "6, 3",
              "map.obstacles": '[{"hex": [2, 3], "kind": "partial"}]', "map.creatures": "[]"}


def test_board_comes_whole_first_then_as_changes():
    """Without a frame the reply draws the whole board; with the frame and the digests the page holds, only
    the hexes that changed come back (moving the attacker: its old and new hex, the line's hexes)."""
    first = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=True)
    assert first["state"] == "ready" and first["board"].startswith("<svg") and "board_patch" not in first
    assert {"0,3", "6,3", "2,3"} <= set(first["board_marks"])
    asked = {"frame": first["board_frame"], "shown": first["board_marks"]}
    same = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=asked)
    assert "board" not in same and same["board_patch"]["cells"] == {}
    moved = call(op="evaluate", system="skirmish-d6", values={**MAP_VALUES, "map.attacker": "1, 3"}, board=asked)
    cells = moved["board_patch"]["cells"]
    assert cells["0,3"][0] == "" and 'data-piece="attacker"' in cells["1,3"][1]
    assert "6,3" not in cells  # the target did not change
    assert moved["board_patch"]["desc"].startswith("The line from the attacker to the target, 5 inches")


@pytest.mark.parametrize("asked", [
    {"frame": "elsewhere", "shown": {}},  # another map size (or a page that lost track): whole drawing
    {"frame": None},
    {"shown": {"0,3": 5}},  # digests are strings
    {"shown": ["0,3"]},
])
def test_board_request_that_does_not_fit_gets_the_whole_board(asked):
    """A frame the engine does not draw now, or a malformed list of what is shown, gets a whole drawing."""
    frame = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=True)["board_frame"]
    if "shown" in asked and "frame" not in asked:
        asked = {**asked, "frame": frame}
    reply = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=asked)
    assert reply["board"].startswith("<svg") and reply["board_frame"] == frame


def test_board_changes_come_with_form_errors_too():
    """A bad value elsewhere in the form still gets the board's changes (the board shows what was placed)."""
    first = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=True)
    asked = {"frame": first["board_frame"], "shown": first["board_marks"]}
    reply = call(op="evaluate", system="skirmish-d6", values={**MAP_VALUES, "attack.hits_on": "9", "map.attacker": "1, 3"},
                 board=asked)
    assert reply["state"] == "error" and reply["errors"][0]["field"] == "attack.hits_on"
    assert 'data-piece="attacker"' in reply["board_patch"]["cells"]["1,3"][1]


SQUARE_VALUES = {**MAP_VALUES, "map.grid": "square", "map.cols": "6", "map.rows": "3", "map.attacker": "0, 1",
                 "map.target": "4, 1", "map.obstacles": "[]", "attack.hits_on": "4",
                 "map.walls": '[{"points": [[2, 0], [2, 1.8]]}]', "map.doors": '[{"points": [[3, 0], [3, 3]]}]'}


def test_a_square_board_comes_whole_then_a_door_as_the_walls_layer():
    """Switched to squares, the page's hex frame does not fit: the whole square board comes (18 squares, the wall,
    the closed door: total cover). Opening the door sends back only the walls layer and the squares whose marks
    changed; the answer is the wall seen past, level 1, hits on 5+."""
    hexes = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=True)
    first = call(op="evaluate", system="skirmish-d6", values=SQUARE_VALUES,
                 board={"frame": hexes["board_frame"], "shown": hexes["board_marks"]})
    assert first["state"] == "ready" and first["result"]["cover_level"] == "total"
    assert first["board"].count('class="hex square') == 18 and 'class="door door--closed"' in first["board"]
    assert first["board_frame"] != hexes["board_frame"] and "walls" in first["board_marks"]
    asked = {"frame": first["board_frame"], "shown": first["board_marks"]}
    opened = call(op="evaluate", system="skirmish-d6", board=asked,
                  values={**SQUARE_VALUES, "map.doors": '[{"points": [[3, 0], [3, 3]], "open": true}]'})
    assert opened["result"]["cover_level"] == 1 and opened["result"]["hits_on"] == 5
    patch = opened["board_patch"]
    assert 'class="door door--open"' in patch["walls"][1] and "wall--wall" in patch["walls"][1]
    assert patch["desc"].startswith("The line from the attacker to the target, 4 inches, crosses 0 obstacle(s) and 1 wall")


def test_the_boards_key_comes_with_each_drawing_and_names_what_the_map_has():
    """Every board reply carries the key: on hexes the pieces only; on the square map with a wall and a door, the
    wall and the door too (no light, no low wall: the map has none), whole drawing or patch alike."""
    hexes = call(op="evaluate", system="skirmish-d6", values=MAP_VALUES, board=True)
    assert hexes["board_legend"].startswith('<ul class="hexboard-legend">') and "<span>Attacker</span>" in hexes["board_legend"]
    assert "wall" not in hexes["board_legend"] and "door" not in hexes["board_legend"]
    first = call(op="evaluate", system="skirmish-d6", values=SQUARE_VALUES, board=True)
    asked = {"frame": first["board_frame"], "shown": first["board_marks"]}
    again = call(op="evaluate", system="skirmish-d6", values=SQUARE_VALUES, board=asked)
    assert "board_patch" in again and again["board_legend"] == first["board_legend"]
    key = first["board_legend"]
    assert "<span>wall</span>" in key and "door: tap to open or close it" in key
    assert "low wall" not in key and "light and its reach" not in key


def counted_then_laid_out(system, counted, grid="hex"):
    """The answer to the counted form, and to the same form switched to a map laid out by the engine (as the page
    sends it: the map group's boxes, the counted ones disabled)."""
    inputs = SYSTEMS[system].inputs
    before = call(op="evaluate", system=system, values=counted)
    laid = call(op="lay_out", system=system, values={**counted, "map.grid": grid}, grid=grid)["values"]
    on_map = {path: value for path, value in counted.items() if inputs.field(path).group != "counted"}
    after = call(op="evaluate", system=system, values={**on_map, **laid})
    return before, laid, after


def test_switching_to_a_map_lays_out_the_counted_obstacles():
    """Two partial obstacles counted, a 4+ attack: level 2, hits on 6+. Laid out: attacker on [0, 2], target 6 hexes
    east, the two obstacles on the hexes next to the attacker: the same level 2, hits on 6+, and no error."""
    before, laid, after = counted_then_laid_out("skirmish-d6", {"obstacles.partial": "2", "attack.hits_on": "4"})
    assert before["result"]["hits_on"] == 6
    assert (laid["map.attacker"], laid["map.target"]) == ("0, 2", "6, 2")
    assert json.loads(laid["map.obstacles"]) == [{"hex": [1, 2], "kind": "partial"}, {"hex": [2, 2], "kind": "partial"}]
    assert after["state"] == "ready" and after["result"]["cover_level"] == 2 and after["result"]["hits_on"] == 6


@pytest.mark.parametrize("grid", ["hex", "square"])
def test_a_total_obstacle_and_a_distance_are_laid_out_too(grid):
    """A total obstacle counted, 3 inches given: attacker [0, 2], a total obstacle on [1, 2], target [3, 2]: total
    cover on hexes and on squares, as counted."""
    before, laid, after = counted_then_laid_out(
        "skirmish-d6", {"obstacles.total": "1", "attack.distance": "3", "attack.hits_on": "4"}, grid)
    assert before["result"]["targetable"] is False
    assert laid["map.grid"] == grid and laid["map.target"] == "3, 2"
    assert json.loads(laid["map.obstacles"]) == [{"hex": [1, 2], "kind": "total"}]
    assert after["state"] == "ready" and after["result"]["cover_level"] == "total" and not after["result"]["targetable"]


def test_more_obstacles_than_the_distance_holds_push_the_target_back_and_bad_boxes_count_as_defaults():
    """Four partial obstacles at 2 inches: the target goes 5 hexes away, past them. A box that does not parse, or is
    out of range, is read as its default (Classic d20 without a distance: 6 hexes, 30 ft)."""
    _, laid, _ = counted_then_laid_out("skirmish-d6", {"obstacles.partial": "4", "attack.distance": "2"})
    assert laid["map.target"] == "5, 2"
    laid = call(op="lay_out", system="classic-d20", values={"distance_ft": "far", "target.ac": "99"}, grid="square")
    assert laid["values"] == {"map.grid": "square", "map.attacker": "0, 2", "map.target": "6, 2"}
    laid = call(op="lay_out", system="classic-d20", values={"distance_ft": "42"}, grid="hex")
    assert laid["values"]["map.target"] == "8, 2"  # 42 ft is 8.4 hexes of 5 ft: 8


def test_an_export_comes_in_as_the_square_maps_fields():
    """The hand-drawn room export: the grid, its 10 x 6 size, its 4 walls (outer, the inner wall's two parts, the
    pillar's outline), its door and its light, as the form's boxes hold them, and a line saying so. The pieces start
    afresh: the left room (columns 0-4, 30 squares) is the largest, the pillar's square cut off the right one's 30;
    its middle is 2, 2.5, and of the squares nearest it 2, 1 is the first with a square 4 along (2, 5): the attacker
    and the target stand there, and the earlier obstacles, creatures and heights are emptied."""
    from squares_cases import ROOM

    reply = call(op="import_map", system="classic-d20", text=ROOM.read_text())
    values = reply["values"]
    assert set(values) == {"map.grid", "map.cols", "map.rows", "map.walls", "map.doors", "map.lights", "map.attacker",
                           "map.target", "map.obstacles", "map.creatures", "map.elevation"}
    assert (values["map.attacker"], values["map.target"]) == ("2, 1", "2, 5")
    assert values["map.obstacles"] == values["map.creatures"] == values["map.elevation"] == "[]"
    assert (values["map.grid"], values["map.cols"], values["map.rows"]) == ("square", 10, 6)
    assert [w["kind"] for w in json.loads(values["map.walls"])] == ["wall", "wall", "wall", "object"]
    assert json.loads(values["map.doors"]) == [{"points": [[5, 2], [5, 3]], "open": False}]
    assert reply["message"] == ("10 x 6 squares, 4 walls, 1 door and 1 light, with its picture. The earlier pieces are "
                                "cleared; the attacker starts on 2, 1 and the target on 2, 5, 4 squares apart in one room")
    # the picture, for the page to draw under the board's 10 x 6 squares (the file's own base64, a PNG)
    assert reply["picture"] == {"type": "image/png", "data": json.loads(ROOM.read_text())["image"], "size": "10,6"}


@pytest.mark.parametrize(("image", "said"), [
    (None, "; the file has no picture"),
    ("", "; the file has no picture"),
    (base64.b64encode(b"GIF89a" + bytes(20)).decode(), ", with its picture"),
    ("data:image/webp;base64," + base64.b64encode(b"RIFF\0\0\0\0WEBPVP8 ").decode(), ", with its picture"),
    (base64.b64encode(b"<svg xmlns='http://www.w3.org/2000/svg'/>").decode(),
     "; its picture is left out (image: is not a picture: a PNG, JPEG, GIF or WebP image is drawn under the board)"),
    ("not base64 at all!", "; its picture is left out (image: is not base64 text, so it is not a picture)"),
    (17, "; its picture is left out (image: must be a picture in base64 text)"),
])
def test_an_exports_picture_is_checked_and_a_bad_one_left_out(image, said):
    """A picture is drawn when it is a PNG, JPEG, GIF or WebP (told by its first bytes, base64 or a data: URL); one
    that is not (an SVG, text that is not base64, a number) leaves the walls and doors in, and the line says why."""
    from squares_cases import ROOM

    data = json.loads(ROOM.read_text())
    if image is None:
        del data["image"]
    else:
        data["image"] = image
    reply = call(op="import_map", system="skirmish-d6", text=json.dumps(data))
    assert reply["message"].startswith("10 x 6 squares, 4 walls, 1 door and 1 light" + said + ". The earlier pieces")
    assert reply["values"]["map.cols"] == 10
    assert ("picture" in reply) == said.startswith(", with")


@pytest.mark.parametrize(("text", "field", "words"), [
    ("nope", "", "not a Universal VTT export: the file is not JSON"),
    ('{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 0, "y": 4}, "pixels_per_grid": 70}}',
     "resolution.map_size", "at least 1"),
    ('{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 61, "y": 4}, "pixels_per_grid": 70}}',
     "map.cols", "from 3 to 60"),
])
def test_an_export_that_cannot_come_in_names_what_is_wrong(text, field, words):
    """A file that is not an export, one whose fields are wrong, and one larger than the calculator's board: each an
    error naming the field (of the file, or of the form it would fill), nothing filled."""
    reply = call(op="import_map", system="skirmish-d6", text=text)
    assert "values" not in reply
    assert any(e["field"] == field and words in e["message"] for e in reply["errors"]), reply


@pytest.mark.parametrize("grid", ["hex", "square"])
@pytest.mark.parametrize(("counted", "cover"), [
    ({"target.cover": "25"}, 25), ({"target.cover": "50"}, 50), ({"target.cover_example": "window"}, 75),
    ({"target.cover_example": "arrow-slit"}, 90), ({"target.cover": "100"}, 100),
    ({"target.cover": "50", "target.cover_between": False}, 0),
])
def test_classic_d20_lays_out_walls_giving_the_counted_cover_and_its_protectors(grid, counted, cover):
    """Classic d20 counts cover as a percentage (a window is 75%, an arrow slit 90%; cover not between them counts
    for nothing) and protectors as a number. Switched to a map, walls are laid out that break that share of the
    corner lines (25%, 50%, 75%, 90%, 100%), and two allies stand next to the target on its far side: the map's answer
    is the counted one, cover, protectors and chance alike, with no error."""
    form = {**counted, "attack.to_hit": "12", "target.ac": "5", "distance_ft": "40", "target.protectors": "2"}
    form = {path: (value if isinstance(value, bool) else str(value)) for path, value in form.items()}
    before, laid, after = counted_then_laid_out("classic-d20", form, grid)
    assert after["state"] == "ready", after
    assert before["result"]["cover"] == cover and after["result"]["cover"] == cover
    assert len(after["result"]["map"]["protectors"]) == 2
    assert after["result"]["protectors"] == before["result"]["protectors"]  # none at 100%: no attack to parry
    assert after["result"]["hit_chance_exact"] == before["result"]["hit_chance_exact"]
    walls = json.loads(laid.get("map.walls", "[]")) + json.loads(laid.get("map.obstacles", "[]"))
    assert bool(walls) == (cover > 0)


def test_a_cover_no_walls_can_give_is_said_not_silently_dropped():
    """10 ft apart (the hexes side by side but one) no hex wall breaks 27 to 32 of the 36 corner lines, so 75% cover
    cannot be laid out: the pieces are placed without walls and the reply says why (the page shows the line)."""
    form = {"target.cover": "75", "attack.to_hit": "12", "target.ac": "5", "distance_ft": "10"}
    reply = call(op="lay_out", system="classic-d20", values=form, grid="hex")
    assert reply["values"] == {"map.grid": "hex", "map.attacker": "0, 2", "map.target": "2, 2"}
    assert reply["message"] == ("No walls laid out 10 ft apart give 75% cover by the corner lines on hexes: place what "
                                "gives it on the map.")
    assert "message" not in call(op="lay_out", system="classic-d20", values={**form, "distance_ft": "40"}, grid="hex")


def test_a_square_map_may_be_60_squares_each_way_and_a_hex_board_40():
    """An export 60 x 45 squares comes in whole; the same size on hexes is refused naming each field (a hex board is
    at most 40 each way), while 40 x 40 hexes is a board."""
    export = {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 60, "y": 45}, "pixels_per_grid": 70}}
    reply = call(op="import_map", system="classic-d20", text=json.dumps(export))
    assert (reply["values"]["map.cols"], reply["values"]["map.rows"]) == (60, 45)
    big = {"map.cols": "60", "map.rows": "45", "map.attacker": "0, 2", "map.target": "6, 2"}
    for system in ("skirmish-d6", "classic-d20"):
        squares = call(op="evaluate", system=system, values={**big, "map.grid": "square"})
        assert squares["state"] == "ready", squares
        hexes = call(op="evaluate", system=system, values={**big, "map.grid": "hex"})
        assert {e["field"] for e in hexes["errors"]} == {"map.cols", "map.rows"}
        assert "a hex board is at most 40 hexes each way (a square map, up to 60 squares)" in hexes["errors"][0]["message"]
        forty = call(op="evaluate", system=system, values={**big, "map.cols": "40", "map.rows": "40"})
        assert forty["state"] == "ready", forty


def test_an_answer_says_the_situation_it_answers_in_a_line():
    """The d6 map with the attacker on hex 0, 2, the target on 5, 2 and one partial obstacle between them: the line
    names the system, both pieces and the cover with where it came from (one partial obstacle: level 1, -1 to
    attacks), for a shared answer to say what it answers."""
    values = {"map.cols": "8", "map.rows": "5", "map.attacker": "0, 2", "map.target": "5, 2",
              "map.obstacles": '[{"hex":[2,2],"kind":"partial"}]'}
    reply = call(op="evaluate", system="skirmish-d6", values=values)
    assert reply["situation"] == ("d6 Skirmish · attacker on hex 0, 2, target on hex 5, 2 · cover Level 1 (-1 to "
                                  "attacks), from obstacles: 1 partial, 0 total")
