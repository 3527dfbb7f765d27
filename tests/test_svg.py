"""pycore.views.svg: byte-stable, described, rule-tagged diagrams that never rely on colour alone."""

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from pycore import evaluate
from pycore.geometry.hexgrid import Hex
from pycore.views import skirmish_d6 as view
from pycore.views.drawing import HEAT_BANDS, HEAT_PATTERNS, Board, Heat, Light, Mark, Piece, Segment, Wall
from pycore.views.svg import board_element, board_frame, board_marks, board_patch, board_svg, legend_element

NS = {"svg": "http://www.w3.org/2000/svg"}
H = Hex.axial


def sample() -> Board:
    """A small board with a piece of each kind, a mark and a line."""
    cells = tuple(H(q, r) for r in range(3) for q in range(-(r // 2), 5 - (r // 2)))
    return Board(cells, "Sample", "Two pieces and a line.",
                 pieces=((H(0, 0), Piece("attacker", "A", "attacker")), (H(3, 1), Piece("partial", "P", "partial obstacle"))),
                 marks=((H(3, 1), Mark("crossed", "1", "obstacle 1 on the line", "d6.map.line")),),
                 segments=(Segment(H(0, 0), H(3, 2), "sight", "line of sight", "d6.map.line"),),
                 legend=(("A", "Attacker"), ("P", "Partial obstacle")))


def test_same_input_same_bytes():
    """Rendering twice gives identical bytes."""
    assert board_svg(sample()) == board_svg(sample())


def test_title_desc_and_text_labels():
    """The picture says in words what it shows; pieces carry symbols, not just colours."""
    root = ET.fromstring(board_svg(sample()))
    assert root.find("svg:title", NS).text == "Sample"
    assert root.find("svg:desc", NS).text == "Two pieces and a line."
    symbols = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "A" in symbols and "P" in symbols and "1" in symbols
    assert root.get("role") == "img"


def test_rules_tag_the_elements_they_decide():
    """data-rule sits on the line and on the mark a rule drew."""
    root = ET.fromstring(board_svg(sample()))
    ruled = [e for e in root.iter() if e.get("data-rule") == "d6.map.line"]
    tags = {e.tag.split("}")[1] for e in ruled}
    assert {"line", "text"} <= tags


def test_partial_obstacles_are_patterned():
    """Obstacles are filled with a pattern (hatching), so print in black and white still tells them apart."""
    svg = board_svg(sample())
    assert 'fill="url(#board-hatch)"' in svg and "<pattern" in svg


def test_interactive_cells_are_focusable_buttons():
    """Interactive boards: every hex a button with a label, one in the tab order."""
    root = ET.fromstring(board_svg(sample(), interactive=True))
    cells = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-hex")]
    assert all(g.get("role") == "button" and g.get("aria-label") for g in cells)
    assert [g.get("tabindex") for g in cells].count("0") == 1
    assert any("attacker" in g.get("aria-label") for g in cells)


def test_legend_lists_every_symbol():
    """The legend names each symbol in words."""
    html = ET.tostring(legend_element(sample()), encoding="unicode")
    assert "Attacker" in html and "Partial obstacle" in html


def test_d6_board_draws_the_line_and_both_paths():
    """The d6 view draws the line, numbers crossed obstacles and marks both paths along an edge."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [0, 2], "target": [1, 0], "cols": 6, "rows": 4,
                                                 "obstacles": [{"hex": [1, 1], "kind": "partial"}], "creatures": []}}
    result = evaluate(scenario)
    svg = board_svg(view.board(scenario, result), interactive=True)
    assert "path-used" in svg and "path-alt" in svg and "hexboard-segment--sight" in svg
    assert "along a hex edge" in svg


def test_d6_board_survives_invalid_pieces():
    """While the form is invalid the board still draws what it can (no exception)."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": "x", "target": [1, 0], "obstacles": [7, {"hex": "?"}]}}
    drawing = view.board(scenario, None)
    assert len(drawing.pieces) == 1


# ---- patches: what a page that shows one drawing needs to show the next ----------------------

SVG = "{http://www.w3.org/2000/svg}"


def d6_board(**changes) -> Board:
    """The d6 map view of a 10 x 8 board (attacker, target, obstacles, creatures), evaluated when valid."""
    m = {"cols": 10, "rows": 8, "attacker": [0, 3], "target": [6, 3], "creatures": [{"hex": [3, 5], "side": "attacker"}],
         "obstacles": [{"hex": [2, 3], "kind": "partial"}, {"hex": [4, 3], "kind": "total"}]}
    m.update(changes)
    scenario = {"system": "skirmish-d6", "map": m}
    try:
        result = evaluate(scenario)
    except Exception:
        result = None
    return view.board(scenario, result)


def patched(before: Board, after: Board) -> ET.Element:
    """The drawing of ``before`` with ``board_patch`` applied as the page applies it."""
    root = ET.fromstring(board_svg(before, interactive=True))
    patch = board_patch(after, board_marks(before, interactive=True), interactive=True)
    assert patch["frame"] == board_frame(before, interactive=True)
    cells_layer = root.find(f"{SVG}g[@class='hexboard-cells']")
    glyphs = root.find(f"{SVG}g[@class='hexboard-glyphs']")
    for key, (_digest, cell, glyph_markup) in patch["cells"].items():
        fresh = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{cell}</svg>')[0]
        index = next(i for i, g in enumerate(cells_layer) if g.get("data-hex") == key)
        cells_layer[index] = fresh
        for old in [t for t in glyphs if t.get("data-hex") == key]:
            glyphs.remove(old)
        glyphs.extend(ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{glyph_markup}</svg>'))
    for line in root.findall(f"{SVG}line"):
        root.remove(line)
    at = list(root).index(glyphs)  # the lines go under the glyphs' layer, as the page puts them
    for offset, line in enumerate(ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{patch["segments"]}</svg>')):
        root.insert(at + offset, line)
    root.find(f"{SVG}title").text = patch["title"]
    root.find(f"{SVG}desc").text = patch["desc"]
    return root


def canonical(root: ET.Element) -> str:
    """The drawing with its glyph layer in a fixed order (a patch appends glyphs; order does not show)."""
    glyphs = root.find(f"{SVG}g[@class='hexboard-glyphs']")
    items = sorted(glyphs, key=lambda e: ET.tostring(e))
    for e in list(glyphs):
        glyphs.remove(e)
    glyphs.extend(items)
    return ET.tostring(root, encoding="unicode")


def test_svg_string_is_the_element_tree_serialized():
    """board_svg (put together from cached pieces) is byte for byte the ElementTree of board_element."""
    for board in (sample(), d6_board(), d6_board(attacker=[9, 7])):
        for interactive in (False, True):
            assert board_svg(board, interactive=interactive) == ET.tostring(board_element(board, interactive=interactive),
                                                                            encoding="unicode")


@pytest.mark.parametrize("changes", [
    {"attacker": [1, 3]},  # the line moves: path classes, marks and the segment change
    {"obstacles": []},  # obstacles cleared: their hexes become plain
    {"obstacles": [{"hex": [2, 3], "kind": "total"}, {"hex": [4, 3], "kind": "total"}, {"hex": [5, 3], "kind": "partial"}]},
    {"creatures": [], "target": [6, 4]},
    {"target": None},  # invalid: no reading, no line
])
def test_patch_turns_one_drawing_into_the_next(changes):
    """Applying the patch to the drawing the page shows gives the drawing of the new situation."""
    before, after = d6_board(), d6_board(**changes)
    assert canonical(patched(before, after)) == canonical(ET.fromstring(board_svg(after, interactive=True)))


def test_patch_of_an_unchanged_board_is_empty_and_marks_name_what_is_not_plain():
    """Nothing changed: no hex is sent. The marks list every hex with something on it, and only those."""
    board = d6_board()
    marks = board_marks(board, interactive=True)
    assert board_patch(board, marks, interactive=True)["cells"] == {}
    pieces = {f"{h.q},{h.r}" for h, _ in board.pieces}
    assert pieces <= set(marks) and all(marks.values())
    plain = {f"{h.q},{h.r}" for h in board.cells} - set(marks)
    corner = board.cells[-1]  # the far corner of the map: nothing there
    assert f"{corner.q},{corner.r}" in plain and len(marks) < len(board.cells)


def test_patch_resends_hexes_the_page_redrew_itself():
    """A hex the page marked at once (digest "-") comes back even when the engine's drawing of it did not change."""
    board = d6_board()
    shown = {**board_marks(board, interactive=True), "2,3": "-", "8,1": "-"}
    cells = board_patch(board, shown, interactive=True)["cells"]
    assert set(cells) == {"2,3", "8,1"}
    assert cells["8,1"][0] == "" and 'data-hex="8,1"' in cells["8,1"][1]  # plain again, drawn in full
    assert "-" not in board_patch(board, {"x,y": "-", "99,99": "-"}, interactive=True)["cells"]


def test_frame_changes_with_the_hexes_drawn():
    """Another map size is another frame (the page then gets a whole drawing)."""
    assert board_frame(d6_board(), interactive=True) == board_frame(d6_board(attacker=[2, 2]), interactive=True)
    assert board_frame(d6_board(), interactive=True) != board_frame(d6_board(cols=12), interactive=True)
    assert board_frame(d6_board(), interactive=True) != board_frame(d6_board(), interactive=False)


def heated() -> Board:
    """The sample board with three hexes shaded by an overlay, one in each kind of band."""
    return dataclasses.replace(sample(), heat=((H(1, 0), Heat(4, "target here: 83.3% to hit, no cover")),
                       (H(2, 0), Heat(2, "target here: 33.3% to hit, cover level 1")),
                       (H(1, 1), Heat(0, "target here: cannot be targeted, total cover"))))


def test_heat_has_a_class_a_pattern_and_words_per_hex():
    """Each shaded hex carries its band as a class and data-heat, a pattern besides the colour (none for band 0),
    and its numbers in its title (static) or its button name (interactive)."""
    root = ET.fromstring(board_svg(heated()))
    cells = {g.get("data-hex"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-hex")}
    best = cells["1,0"]
    assert "heat--4" in best.get("class").split() and best.get("data-heat") == "4"
    fills = [p.get("fill") for p in best.iter("{http://www.w3.org/2000/svg}polygon") if p.get("fill")]
    assert fills == [f"url(#board-{HEAT_PATTERNS[4]})"]
    assert best.find("svg:title", NS).text == "hex 1, 0: target here: 83.3% to hit, no cover"
    none = cells["1,1"]
    assert not [p for p in none.iter("{http://www.w3.org/2000/svg}polygon") if p.get("fill")]
    ids = {p.get("id") for p in root.iter("{http://www.w3.org/2000/svg}pattern")}
    assert {f"board-{name}" for name in HEAT_PATTERNS if name} <= ids
    assert len(set(HEAT_PATTERNS)) == HEAT_BANDS
    interactive = ET.fromstring(board_svg(heated(), interactive=True))
    labels = {g.get("data-hex"): g.get("aria-label") for g in interactive.iter("{http://www.w3.org/2000/svg}g")
              if g.get("data-hex")}
    assert labels["2,0"] == "hex 2, 0: target here: 33.3% to hit, cover level 1"


def test_heat_travels_in_a_patch():
    """Turning the overlay on re-sends exactly the shaded hexes; turning it off makes them plain again."""
    plain = sample()
    shown = board_marks(plain, interactive=True)
    patch = board_patch(heated(), shown, interactive=True)
    assert set(patch["cells"]) == {"1,0", "2,0", "1,1"}
    back = board_patch(plain, board_marks(heated(), interactive=True), interactive=True)
    assert {k for k, v in back["cells"].items() if v[0] == ""} == {"1,0", "2,0", "1,1"}


def square_sample(door_open: bool = False) -> Board:
    """Four by three squares from [0, 0], the attacker on [0, 1], a wall, a low wall, a door and a light."""
    cells = tuple((c, r) for r in range(3) for c in range(4))
    return Board(cells, "Squares", "A wall and a door.",
                 pieces=(((0, 1), Piece("attacker", "A", "attacker")),),
                 segments=(Segment((0, 1), (3, 1), "sight", "line of sight", "d6.map.line"),),
                 walls=(Wall("wall", ((2.0, 0.0), (2.0, 1.5)), "wall 1", 0, rule="d6.map.walls"),
                        Wall("door", ((3.0, 0.0), (3.0, 3.0)), "door 1", 0, door_open, "d6.map.walls"),
                        Wall("low", ((1.0, 2.0), (1.0, 3.0)), "low wall 2", 1)),
                 lights=(Light((0.5, 0.5), 2.0, "light 1"),))


def test_a_square_board_is_drawn_on_squares():
    """34-unit squares from a 6-unit margin: 4 x 3 squares are 148 x 114; square [0, 1] spans (6, 40) to (40, 74),
    its key "0,1" (as a hex's "q,r") and its place col 0, row 1; the line runs centre to centre (23, 57) -> (125, 57)."""
    svg = ET.fromstring(board_svg(square_sample(), interactive=True))
    assert svg.get("viewBox") == "0 0 148 114"
    square = svg.find(".//svg:g[@data-hex='0,1']", NS)
    assert square is not None and square.get("class") == "hex square hex--attacker"
    assert (square.get("data-col"), square.get("data-row")) == ("0", "1")
    assert square.get("aria-label") == "square 0, 1: attacker"
    assert square.find("svg:polygon", NS).get("points") == "6,40 40,40 40,74 6,74"
    line = svg.find("svg:line", NS)
    assert (line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2")) == ("23", "57", "125", "57")


def test_walls_doors_and_lights_are_drawn_in_grid_units():
    """A point (x, y) of the map is drawn at (6 + 34x, 6 + 34y): the wall from (2, 0) to (2, 1.5) at 74,6 74,57; the
    door at x = 3 a button (keyboard reachable) over the walls, its handle 17 units each side; the light's reach 2
    squares = 68 units. Walls and lights lie under the glyphs; a drawing that is not interactive names each in a title
    instead."""
    svg = ET.fromstring(board_svg(square_sample(), interactive=True))
    layers = [child.get("class") for child in svg if child.tag.endswith("}g")]
    assert layers == ["hexboard-cells", "hexboard-walls", "hexboard-glyphs"]
    walls = svg.find("svg:g[@class='hexboard-walls']", NS)
    assert [w.get("class") for w in walls.findall("svg:polyline", NS)] == ["wall wall--wall", "wall wall--low"]
    assert walls.find("svg:polyline", NS).get("points") == "74,6 74,57"
    assert walls.find("svg:polyline", NS).get("data-rule") == "d6.map.walls"
    door = walls.find("svg:g[@data-door='0']", NS)
    assert (door.get("class"), door.get("role"), door.get("tabindex")) == ("door door--closed", "button", "0")
    assert door.get("aria-label") == "door 1: open it"
    hit, case, drawn = list(door)  # half a square (17) around: a handle a whole square across
    assert (hit.get("x"), hit.get("y"), hit.get("width"), hit.get("height")) == ("91", "-11", "34", "136")
    assert (case.get("class"), drawn.get("class")) == ("door-case", "door-line")  # a dark casing under a bright bar
    assert case.get("points") == drawn.get("points") == "108,6 108,108"
    assert list(walls)[-1] is door  # on top, where a tap finds it
    reach = walls.find("svg:g[@class='light']/svg:circle[@class='light-reach']", NS)
    assert (reach.get("cx"), reach.get("cy"), reach.get("r")) == ("23", "23", "68")
    still = ET.fromstring(board_svg(square_sample()))
    door = still.find(".//svg:g[@data-door='0']", NS)
    assert door.get("role") is None and door.find("svg:title", NS).text == "door 1"
    assert board_svg(square_sample()) == ET.tostring(board_element(square_sample()), encoding="unicode")


def test_a_square_board_is_another_frame_than_the_same_keys_on_hexes():
    """Hexes and squares with the same keys are laid out differently: their frames differ, so a page never patches one
    into the other."""
    squares = square_sample()
    hexes = dataclasses.replace(squares, cells=tuple(H(c, r) for c, r in squares.cells), pieces=(), segments=(),
                                walls=(), lights=())
    assert board_frame(squares, interactive=True) != board_frame(hexes, interactive=True)


def test_an_opened_door_comes_as_the_walls_layer_alone():
    """The page holds the walls layer's digest beside the squares'; a door opened changes the layer and nothing else,
    so the patch carries the layer (the door now dashed, "close it") and no square; unchanged, no layer at all."""
    shut, opened = square_sample(), square_sample(door_open=True)
    shown = board_marks(shut, interactive=True)
    assert set(shown) == {"0,1", "walls"}
    same = board_patch(shut, shown, interactive=True)
    assert same["cells"] == {} and "walls" not in same
    patch = board_patch(opened, shown, interactive=True)
    assert patch["cells"] == {}
    digest, markup = patch["walls"]
    assert digest == board_marks(opened, interactive=True)["walls"] != shown["walls"]
    assert 'class="door door--open"' in markup and 'aria-label="door 1: close it"' in markup


def test_a_sized_square_map_holds_an_empty_picture_slot_under_its_squares():
    """A sized square map (10 x 6) draws an empty ``<image>`` first, under every square, spanning square [0, 0]'s
    top-left corner to [10, 6]'s: 34 units a square, from the 6-unit margin; an unsized one has none, and the slot is
    part of the frame, so a patch never lands on a drawing without it."""
    sized = {"system": "skirmish-d6", "map": {"grid": "square", "cols": 10, "rows": 6, "attacker": [1, 1],
                                              "target": [8, 4]}}
    board = view.board(sized, None)
    svg = ET.fromstring(board_svg(board, interactive=True))
    image = svg.find("{http://www.w3.org/2000/svg}image")
    assert image is not None and image.get("href") is None
    assert [image.get(k) for k in ("x", "y", "width", "height", "data-size")] == ["6", "6", "340", "204", "10,6"]
    tags = [child.tag.split("}")[1] for child in svg]
    assert tags.index("image") < tags.index("g")  # under the squares
    assert board_frame(board) != board_frame(dataclasses.replace(board, picture=None))
    unsized = {"system": "skirmish-d6", "map": {"grid": "square", "attacker": [1, 1], "target": [8, 4]}}
    assert "<image" not in board_svg(view.board(unsized, None))


# ---- regions, areas and openings --------------------------------------------------------------------------------


def d20_square_scene(**more):
    """Classic d20 on a 12 x 6 square map: the attacker on [0, 2], the target on [9, 2], its ally on [8, 3]."""
    m = {"grid": "square", "cols": 12, "rows": 6, "attacker": [0, 2], "target": [9, 2],
         "creatures": [{"hex": [8, 3], "side": "target"}], **more.pop("map", {})}
    return {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": m, **more}


def drawn(scenario):
    """The scenario's board as drawn (with its result), as an element tree, and the board."""
    from pycore.views import VIEWS
    board = VIEWS[scenario["system"]].board(scenario, evaluate(scenario))
    return ET.fromstring(board_svg(board)), board


def test_a_square_map_region_is_its_polygon_with_its_kind_pattern():
    """A fog band from x = 3 to 7 across the 6 rows is one polygon from (3, 0) to (7, 6) in grid units: 34 units a
    square plus the 6-unit margin, so x 108 to 244 and y 6 to 210; tinted and patterned with the fog's own pattern,
    named in its title, the key and the description."""
    fog = {"kind": "fog", "points": [[3, 0], [7, 0], [7, 6], [3, 6]]}
    svg, board = drawn(d20_square_scene(map={"regions": [fog]}))
    group = svg.find(".//svg:g[@data-region='0']", NS)
    assert group.get("class") == "region region--fog"
    assert group.find("svg:title", NS).text == "region 1: fog"
    cue = group.find("svg:polygon[@class='region-cue']", NS)
    assert cue.get("points") == "108,6 244,6 244,210 108,210"
    assert cue.get("fill") == "url(#board-region-fog)"
    assert svg.find(".//svg:pattern[@id='board-region-fog']", NS) is not None
    assert ("≋", "fog or mist: concealment by the distance a line runs through it") in board.legend
    assert "Regions: region 1: fog." in board.desc


@pytest.mark.parametrize("kind", ["fog", "dark", "dim", "bright", "radiant", "brush", "dense-brush", "screen",
                                  "obscured"])
def test_every_region_kind_has_a_pattern_of_its_own(kind):
    """Each kind's pattern is defined once and differs from every other kind's shape."""
    from pycore.views.drawing import REGION_PATTERNS
    svg = ET.fromstring(board_svg(Board((H(0, 0),), "t", "d")))
    assert svg.find(f".//svg:pattern[@id='board-region-{kind}']", NS) is not None
    assert len({str(v) for v in REGION_PATTERNS.values()}) == len(REGION_PATTERNS)


def test_a_hex_region_covers_its_hexes():
    """d6 Skirmish on hexes: dim light on the target's hex [4, 0] and brush on [2, 0] draw one hexagon each."""
    s = {"system": "skirmish-d6", "map": {"attacker": [0, 0], "target": [4, 0],
                                          "regions": [{"kind": "dim", "hexes": [[4, 0]]},
                                                      {"kind": "brush", "hexes": [[2, 0]]}]}}
    svg, board = drawn(s)
    assert [g.get("class") for g in svg.findall(".//svg:g[@data-region]", NS)] == ["region region--dim",
                                                                                  "region region--brush"]
    assert len(svg.findall(".//svg:g[@data-region='0']/svg:polygon[@class='region-cue']", NS)) == 1
    assert {symbol for symbol, _ in board.legend} >= {"▒", "ᐱ"}


def test_a_sphere_is_drawn_to_scale_and_marks_whom_it_caught():
    """A 10 ft sphere at the point (8.5, 2.5) on 5 ft squares: a circle of 2 squares, 68 units, round
    (6 + 8.5 * 34, 6 + 2.5 * 34) = (295, 91). It catches the target on [9, 2] and its ally on [8, 3], not the attacker:
    two marks and two ``caught`` squares."""
    area = {"shape": "sphere", "at": [8.5, 2.5], "size": 10}
    svg, board = drawn(d20_square_scene(area=area))
    circle = svg.find(".//svg:g[@class='hexboard-area']/svg:circle[@class='area area--sphere']", NS)
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("295", "91", "68")
    caught = {g.get("data-hex") for g in svg.findall(".//svg:g[@data-hex]", NS) if "caught" in g.get("class").split()}
    assert caught == {"9,2", "8,3"}
    assert "An area (sphere of 10) catches 2 piece(s)." in board.desc
    assert ("✸", "caught by the area") in board.legend


def test_a_line_is_a_band_and_a_cone_a_triangle():
    """A 10 ft line from (1, 1) toward (5, 1), one square wide: (1, 0.5) to (3, 1.5), so x 40 to 108 and y 23 to 57.
    A 10 ft cone the same way, as wide as it is long: (1, 1), (3, 2), (3, 0)."""
    line = {"shape": "line", "at": [1, 1], "toward": [5, 1], "size": 10}
    svg, _ = drawn(d20_square_scene(area=line))
    band = svg.find(".//svg:polygon[@class='area area--line']", NS)
    assert band.get("points") == "40,57 108,57 108,23 40,23"
    svg, _ = drawn(d20_square_scene(area={**line, "shape": "cone"}))
    cone = svg.find(".//svg:polygon[@class='area area--cone']", NS)
    assert cone.get("points") == "40,40 108,74 108,6"


def test_a_hex_sphere_is_measured_in_hex_widths():
    """Classic d20 on hexes, a 10 ft sphere (2 hexes) at [2, 0]: a circle of 2 hex widths, 2 * 20 * sqrt 3 = 69.28."""
    s = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
         "map": {"attacker": [0, 0], "target": [3, 0]}, "area": {"shape": "sphere", "at": [2, 0], "size": 10}}
    svg, _ = drawn(s)
    assert svg.find(".//svg:circle[@class='area area--sphere']", NS).get("r") == "69.28"


def test_windows_and_slits_are_drawn_apart_from_walls():
    """A window and an arrow slit are each a casing and a gap of their kind, not a wall's line; the key names both."""
    walls = [{"points": [[6, 0], [6, 2]], "kind": "window"}, {"points": [[6, 3], [6, 4]], "kind": "slit"},
             {"points": [[6, 4], [6, 6]]}]
    svg, board = drawn(d20_square_scene(map={"walls": walls}))
    window = svg.find(".//svg:g[@class='wall wall--window']", NS)
    assert window.find("svg:title", NS).text == "window 1"
    assert window.find("svg:polyline[@class='opening-gap opening-gap--window']", NS).get("points") == "210,6 210,74"
    assert svg.find(".//svg:g[@class='wall wall--slit']/svg:polyline[@class='opening-gap opening-gap--slit']",
                    NS) is not None
    assert svg.find(".//svg:polyline[@class='wall wall--wall']", NS) is not None
    meanings = dict(board.legend)
    assert meanings["┣┫"].startswith("window") and meanings["╟╢"].startswith("arrow slit")


def test_regions_and_the_area_come_in_the_walls_layer_of_a_patch():
    """On the interactive board the regions and the area travel with the walls layer, so a patch redraws them."""
    fog = {"kind": "fog", "points": [[3, 0], [7, 0], [7, 6], [3, 6]]}
    _, plain = drawn(d20_square_scene())
    _, fogged = drawn(d20_square_scene(map={"regions": [fog]}))
    shown = board_marks(plain, interactive=True)
    patch = board_patch(fogged, shown, interactive=True)
    assert 'data-region="0"' in patch["walls"][1]


def test_a_cells_name_says_the_regions_covering_it():
    """On the interactive board a square whose centre lies in a region ends its name with the region's words: fog from
    x 3 to 6 and brush from (0, 0) to (4, 4) both cover [3, 1], brush alone the attacker's [0, 2], neither [6, 0]
    (the fog's edge runs at x 6, its centre is 6.5). The words also come as ``data-within`` for the page's tap."""
    fog = {"kind": "fog", "points": [[3, 0], [6, 0], [6, 6], [3, 6]]}
    brush = {"kind": "brush", "points": [[0, 0], [4, 0], [4, 4], [0, 4]]}
    scenario = d20_square_scene(map={"regions": [fog, brush]})
    from pycore.views import VIEWS
    svg = ET.fromstring(board_svg(VIEWS["classic-d20"].board(scenario, evaluate(scenario)), interactive=True))
    label = {g.get("data-hex"): g.get("aria-label") for g in svg.iter("{http://www.w3.org/2000/svg}g")
             if g.get("data-hex")}
    assert label["3,1"] == "square 3, 1: empty, in fog, in brush"
    assert label["0,2"] == "square 0, 2: Attacker, in brush"
    assert label["6,0"] == "square 6, 0: empty"
    assert svg.find(".//svg:g[@data-hex='3,1']", NS).get("data-within") == "in fog, in brush"
    assert svg.find(".//svg:g[@data-hex='6,0']", NS).get("data-within") is None


def test_a_hex_in_dim_light_says_so():
    """d6 Skirmish on hexes: dim light on the target's hex [4, 0] names it there, and nowhere else."""
    s = {"system": "skirmish-d6", "map": {"attacker": [0, 0], "target": [4, 0],
                                          "regions": [{"kind": "dim", "hexes": [[4, 0]]}]}}
    from pycore.views import VIEWS
    svg = ET.fromstring(board_svg(VIEWS["skirmish-d6"].board(s, evaluate(s)), interactive=True))
    assert svg.find(".//svg:g[@data-hex='4,0']", NS).get("aria-label") == "hex 4, 0: Target, in dim light"
    assert [g.get("data-hex") for g in svg.findall(".//svg:g[@data-within]", NS)] == ["4,0"]


def test_a_region_drawn_or_taken_away_patches_the_names_of_its_cells():
    """A fog bank drawn on the interactive board changes the names of the squares it covers, so a patch sends them
    (and only squares it covers or that changed otherwise); taken away again, the patch sends them back plain."""
    fog = {"kind": "fog", "points": [[3, 0], [6, 0], [6, 6], [3, 6]]}
    _, plain = drawn(d20_square_scene())
    _, fogged = drawn(d20_square_scene(map={"regions": [fog]}))
    patch = board_patch(fogged, board_marks(plain, interactive=True), interactive=True)
    fogged_squares = {f"{c},{r}" for c in range(3, 6) for r in range(6)}
    assert fogged_squares <= set(patch["cells"])
    assert 'aria-label="square 4, 2: empty, in fog"' in patch["cells"]["4,2"][1]
    assert "6,2" not in patch["cells"] and "2,2" not in patch["cells"]
    back = board_patch(plain, board_marks(fogged, interactive=True), interactive=True)
    assert fogged_squares <= set(back["cells"])
    digest, cell, _ = back["cells"]["4,2"]
    assert digest == "" and 'aria-label="square 4, 2: empty"' in cell
