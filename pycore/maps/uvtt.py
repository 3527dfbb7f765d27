"""Universal VTT exports (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) to the contract's square map: the grid's size, the walls
(``line_of_sight``), the object outlines (``objects_line_of_sight``), the doors (``portals``) and the lights, every
point less ``resolution.map_origin``; the picture (``image``) stays out. Standard library only, so the page can run
the same code."""

from __future__ import annotations

import base64
import binascii
import json
from fractions import Fraction
from typing import Any, TypeGuard

from ..errors import FieldError, ScenarioError
from .square_map import MAX_DOORS, MAX_LIGHTS, MAX_POINTS, MAX_WALLS

MAX_BYTES = 20 * 1024 * 1024
"""The largest export read: 20 MB (an export is mostly its picture; a bigger one is refused before it is parsed)."""
PICTURE_KINDS = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
                 (b"GIF89a", "image/gif"))
"""The pictures drawn under a board, by their first bytes (WebP is told by its RIFF header, see ``picture``)."""
OUTSIDE = 1
"""How many squares beyond the map's edges a point may lie (walls drawn to the very edge, rounded outwards)."""


def _number(value: Any) -> TypeGuard[int | float]:
    """Whether ``value`` is a finite JSON number (not true or false)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) != float("inf")


def _exact(value: int | float) -> Fraction:
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _plain(value: Fraction) -> int | float:
    """An exact coordinate as JSON writes it: a whole number, or the nearest float."""
    return int(value) if value.denominator == 1 else float(value)


class _Reader:
    """One export being read: the errors found so far, and the grid's origin and size."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []
        """What is wrong, each naming the field of the export."""
        self.origin = (Fraction(0), Fraction(0))
        """``resolution.map_origin``, in squares."""
        self.size = (Fraction(0), Fraction(0))
        """``resolution.map_size``, in squares."""

    def fail(self, field: str, message: str) -> None:
        self.errors.append(FieldError(field, message))

    def xy(self, value: Any, field: str) -> tuple[Fraction, Fraction] | None:
        """A point ``{"x": .., "y": ..}`` as exact numbers (None, with an error, when it is not one)."""
        if not isinstance(value, dict) or not _number(value.get("x")) or not _number(value.get("y")):
            self.fail(field, "must be a point {\"x\": number, \"y\": number}")
            return None
        return _exact(value["x"]), _exact(value["y"])

    def placed(self, value: Any, field: str) -> list[int | float] | None:
        """A point of the map, less the origin, as the contract's ``[x, y]``; one far outside the map is an error."""
        p = self.xy(value, field)
        if p is None:
            return None
        x, y = p[0] - self.origin[0], p[1] - self.origin[1]
        if not (-OUTSIDE <= x <= self.size[0] + OUTSIDE and -OUTSIDE <= y <= self.size[1] + OUTSIDE):
            self.fail(field, f"point {float(x):g}, {float(y):g} lies far outside the {_plain(self.size[0])} x "
                             f"{_plain(self.size[1])} map")
            return None
        return [_plain(x), _plain(y)]

    def polyline(self, value: Any, field: str) -> list[list[int | float]] | None:
        if not isinstance(value, list):
            self.fail(field, "must be a list of points")
            return None
        if len(value) < 2:
            self.fail(field, f"has {len(value)} point{'' if len(value) == 1 else 's'}: a wall needs at least 2")
            return None
        if len(value) > MAX_POINTS:
            self.fail(field, f"has {len(value)} points: at most {MAX_POINTS} are read")
            return None
        points = [self.placed(p, f"{field}.{i}") for i, p in enumerate(value)]
        return None if any(p is None for p in points) else [p for p in points if p is not None]

    def listed(self, data: dict[str, Any], key: str, most: int) -> list[Any]:
        value = data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(key, "must be a list")
            return []
        if len(value) > most:
            self.fail(key, f"has {len(value)} items: at most {most} are read")
            return []
        return value


def parse(text: str | bytes) -> dict[str, Any]:
    """An export's JSON object; ScenarioError when the file is too large, not JSON or not an object."""
    if len(text) > MAX_BYTES:
        raise ScenarioError([FieldError("", f"the file is {len(text) / 1e6:.1f} MB: exports larger than "
                                            f"{MAX_BYTES // (1024 * 1024)} MB are not read")])
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ScenarioError([FieldError("", f"not a Universal VTT export: the file is not JSON ({exc})")]) from None
    if not isinstance(data, dict):
        raise ScenarioError([FieldError("", "not a Universal VTT export: the file must hold a JSON object")])
    return data


def picture(data: dict[str, Any]) -> tuple[str, str] | FieldError | None:
    """The export's picture as (media type, base64 text), None when it has none, or a FieldError naming ``image``
    when it is not a PNG, JPEG, GIF or WebP picture in base64."""
    text = data.get("image")
    if text is None or text == "":
        return None
    if not isinstance(text, str):
        return FieldError("image", "must be a picture in base64 text")
    text = text.split(",", 1)[1] if text.startswith("data:") else text
    try:
        head = base64.b64decode(text, validate=True)[:12]
    except (binascii.Error, ValueError):
        return FieldError("image", "is not base64 text, so it is not a picture")
    kind = next((kind for magic, kind in PICTURE_KINDS if head.startswith(magic)), None)
    if kind is None and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        kind = "image/webp"
    if kind is None:
        return FieldError("image", "is not a picture: a PNG, JPEG, GIF or WebP image is drawn under the board")
    return kind, text


WINDOW_WIDTH = 0.9
"""An open portal narrower than this many squares is a window: Dungeondraft exports its windows as portals that let
light through (``closed`` false) and about 0.78 of a square wide, while an open door fills its square's side."""


def _narrow(points: list[list[float]]) -> bool:
    """Whether a portal's bounds span less than ``WINDOW_WIDTH`` squares from end to end."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    return bool((x1 - x0) ** 2 + (y1 - y0) ** 2 < WINDOW_WIDTH ** 2)


def convert(text: str | bytes) -> dict[str, Any]:
    """The contract's map object from the text of an export; ScenarioError names each field that is wrong."""
    return converted(parse(text))


def converted(data: dict[str, Any]) -> dict[str, Any]:
    """The contract's map object from an export's parsed JSON; ScenarioError names each field that is wrong."""
    r = _Reader()
    res = data.get("resolution")
    if not isinstance(res, dict):
        raise ScenarioError([FieldError("resolution", "is required: the grid's map_origin, map_size and "
                                                      "pixels_per_grid")])
    origin = r.xy(res.get("map_origin"), "resolution.map_origin")
    size = r.xy(res.get("map_size"), "resolution.map_size")
    ppg = res.get("pixels_per_grid")
    if not _number(ppg) or ppg <= 0:
        r.fail("resolution.pixels_per_grid", "must be a number above 0")
    if size is not None and (size[0] < 1 or size[1] < 1 or size[0].denominator != 1 or size[1].denominator != 1):
        r.fail("resolution.map_size", "must be whole numbers of squares, at least 1 each way")
        size = None
    if r.errors or origin is None or size is None:
        raise ScenarioError(r.errors)
    r.origin, r.size = origin, size
    walls: list[dict[str, Any]] = []
    for key, kind in (("line_of_sight", "wall"), ("objects_line_of_sight", "object")):
        for i, line in enumerate(r.listed(data, key, MAX_WALLS)):
            points = r.polyline(line, f"{key}.{i}")
            if points is not None:
                walls.append({"points": points, "kind": kind})
    if len(walls) > MAX_WALLS:
        r.fail("line_of_sight", f"{len(walls)} walls and outlines: at most {MAX_WALLS} are read")
    doors = []
    for i, portal in enumerate(r.listed(data, "portals", MAX_DOORS)):
        field = f"portals.{i}"
        if not isinstance(portal, dict):
            r.fail(field, "must be an object")
            continue
        points = r.polyline(portal.get("bounds"), f"{field}.bounds")
        closed = portal.get("closed")
        if not isinstance(closed, bool):
            r.fail(f"{field}.closed", "is required: true (the door is closed) or false")
            continue
        if points is not None and not closed and _narrow(points):
            walls.append({"points": points, "kind": "window"})
        elif points is not None:
            doors.append({"points": points, "open": not closed})
    lights = []
    for i, light in enumerate(r.listed(data, "lights", MAX_LIGHTS)):
        field = f"lights.{i}"
        if not isinstance(light, dict):
            r.fail(field, "must be an object")
            continue
        at = r.placed(light.get("position"), f"{field}.position")
        reach = light.get("range")
        if not _number(reach) or reach < 0:
            r.fail(f"{field}.range", "must be a number of squares, at least 0")
            continue
        if at is not None:
            lights.append({"at": at, "range": reach})
    if r.errors:
        raise ScenarioError(r.errors)
    return {"grid": "square", "cols": _plain(size[0]), "rows": _plain(size[1]), "walls": walls, "doors": doors,
            "lights": lights}
