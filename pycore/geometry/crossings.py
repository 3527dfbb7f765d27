"""Which walls a segment meets on a square map, and how: crosses, runs along or touches.

Walls, doors and outlines are polylines in grid units (``squaregrid``); their points may be any decimals, taken as the
decimals they were written as (``exact``), so every answer here is exact.

**What a line crosses.** A polyline is a barrier, and a segment meets the polylines at places (``places``): points or
stretches of the segment where it touches them or runs along them, polylines meeting there taken together. At each
place the segment goes from one side of them to the other (``CROSS``) when their pieces leave it to both sides of the
segment and the whole place lies strictly between the segment's ends: through a wall's inside, through a joint whose
walls lie on opposite sides, or along a stretch whose pieces before and after lie on opposite sides (the segment
comes out on the other side). Otherwise it runs along them for some length (``ALONG``) or only touches them
(``TOUCH``: at a wall's end, at the segment's own end, or where every piece lies on one side). What each counts for is
the system's rule.
"""


from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .plane import Exact

CROSS, ALONG, TOUCH = "cross", "along", "touch"
"""How a segment meets a polyline (see the module's docstring); ``None``: not at all."""

Point = Exact | tuple[int, int]
"""A point in grid units, or of a plane (``Plane.vec``): the meeting tests take either."""


def exact(value: float | int) -> Fraction:
    """A coordinate as the decimal it was written as: a float's shortest round-tripping digits, so ``0.1`` is 1/10."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def point(xy: Sequence[float | int]) -> Exact:
    """A validated ``[x, y]`` as an exact point."""
    return exact(xy[0]), exact(xy[1])


def _orient(a: Point, b: Point, c: Point) -> int:
    """The side of ``c`` from the line ``a``-``b``: 1 left, -1 right, 0 on it (y down: ``left`` is on the page's right)."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _within(a: Point, b: Point, c: Point) -> bool:
    """Whether ``c``, on the line of ``a``-``b``, lies on the closed segment."""
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def _param(p: Point, q: Point, v: Point) -> Fraction | int:
    """Where ``v``, on the line of ``p``-``q``, lies along it, in parts of ``|q - p|^2`` (0 at ``p``, that at ``q``)."""
    return (v[0] - p[0]) * (q[0] - p[0]) + (v[1] - p[1]) * (q[1] - p[1])


@dataclass(frozen=True)
class Place:
    """One place where polylines meet a segment: a point or a stretch of it where they touch it, run along it or pass
    through it, polylines that meet there taken together (see the module's docstring)."""

    how: str
    """``CROSS``, ``ALONG`` or ``TOUCH``: how the polylines together meet the segment there."""
    first: Fraction | int
    """Where the place starts along the segment, in parts of the segment's length squared (``_param``)."""
    last: Fraction | int
    """Where it ends, the same way (``first`` for a point)."""
    members: tuple[tuple[int, int, bool], ...]
    """Each polyline meeting the segment there, in order: its position among those asked, the sides of the segment its
    pieces leave the place to (1 one side, 2 the other, 3 both; 0 where its own part of the place reaches an end of
    the segment) and whether it runs along the segment there."""

    @property
    def by(self) -> int:
        """The first polyline there: the one a crossing there is counted against."""
        return self.members[0][0]


def places(p: Point, q: Point, chains: Sequence[Sequence[Point]], dots: bool = False,
           pieces: Sequence[Sequence[int] | None] | None = None) -> list[Place]:
    """The places where the polylines ``chains`` meet the segment ``p``-``q``, in order along it. Each polyline is a
    barrier: where they meet the segment (one point, or a stretch they run along, polylines meeting there taken
    together), the segment passes from one side of them to the other (``CROSS``) when pieces leave that place to both
    sides of it and the whole place lies strictly between the segment's ends; a segment's end lying on a polyline is
    on neither side. Otherwise the place runs along (``ALONG``: a stretch of some length) or only touches
    (``TOUCH``). A piece of no length is nothing; ``dots``: a polyline that is a single point touches a segment it lies
    on. ``pieces``: for each polyline, its pieces (``i``: from its point ``i`` to the next) that may meet the segment,
    in order, the others meeting it nowhere (None: all; a long wall is asked about the few by the segment)."""
    px, py, dx, dy = p[0], p[1], q[0] - p[0], q[1] - p[1]
    length = dx * dx + dy * dy
    if length == 0:
        on = [k for k, chain in enumerate(chains) if any(_orient(a, b, p) == 0 and _within(a, b, p) and a != b
                                                         for a, b in zip(chain, chain[1:]))]
        return [Place(TOUCH, 0, 0, tuple((k, 0, False) for k in on))] if on else []
    found: list[tuple[Fraction | int, Fraction | int, int, bool, int]] = []  # first, last, sides, along, polyline
    for k, chain in enumerate(chains):
        only = None if pieces is None else pieces[k]
        if only is not None:
            found.extend((*meet, k) for meet in _listed(p, q, chain, only))
            continue
        if len(chain) == 2:  # most walls: apart when both ends lie strictly on one side
            (ax, ay), (bx, by) = chain
            sa, sb = dx * (ay - py) - dy * (ax - px), dx * (by - py) - dy * (bx - px)
            if (sa > 0 and sb > 0) or (sa < 0 and sb < 0):
                continue
        side = [(v > 0) - (v < 0) for v in (dx * (y - py) - dy * (x - px) for x, y in chain)]
        if not side or min(side) > 0 or max(side) < 0:
            continue  # the whole polyline on one side
        before = len(found)
        for i in range(len(chain) - 1):
            o1, o2 = side[i], side[i + 1]
            a, b = chain[i], chain[i + 1]
            if o1 * o2 > 0 or a == b:
                continue  # both ends of this piece on one side (apart), or a piece of no length
            if o1 * o2 < 0 and len(chains) == 1 and len(chain) == 2 and _orient(a, b, p) * _orient(a, b, q) < 0:
                return [Place(CROSS, 0, 0, ((k, 3, False),))]  # a lone wall crossed inside: where is no matter
            meet = _piece(p, q, a, b, o1, o2)
            if meet is not None:
                found.append((*meet, k))
        if dots and len(found) == before and all(c == chain[0] for c in chain) and side[0] == 0:
            t = _param(p, q, chain[0])
            if 0 <= t <= length:
                found.append((t, t, 0, False, k))
    return _gathered(found, length)


Meet = tuple[Fraction | int, Fraction | int, int, bool]
"""How one piece meets a segment: where (first, last, as ``Place``), the sides its legs leave to, whether along."""


def _piece(p: Point, q: Point, a: Point, b: Point, o1: int, o2: int) -> Meet | None:
    """How the piece ``a``-``b`` (of some length, its ends on sides ``o1`` and ``o2`` of the segment's line, not both
    strictly on one side) meets the segment ``p``-``q``; None where it does not."""
    length = _param(p, q, q)
    if o1 == o2 == 0:  # on the segment's line: the stretch they share, if any
        lo, hi = _param(p, q, a), _param(p, q, b)
        lo, hi = max(min(lo, hi), 0), min(max(lo, hi), length)
        return (lo, hi, 0, lo < hi) if lo <= hi else None
    if o1 * o2 < 0:  # the piece passes through the segment's line: where, if within the segment
        if _orient(a, b, p) * _orient(a, b, q) > 0:
            return None
        across = (b[0] - a[0]) * (a[1] - p[1]) - (b[1] - a[1]) * (a[0] - p[0])
        at = Fraction(across * length, (b[0] - a[0]) * (q[1] - p[1]) - (b[1] - a[1]) * (q[0] - p[0]))
        return at, at, 3, False
    v, leg = (a, o2) if o1 == 0 else (b, o1)  # one end of the piece on the segment's line
    t = _param(p, q, v)
    return (t, t, 1 if leg > 0 else 2, False) if 0 <= t <= length else None


def _listed(p: Point, q: Point, chain: Sequence[Point], only: Sequence[int]) -> list[Meet]:
    """How each of the pieces ``only`` of ``chain`` (of more than one piece) meets the segment ``p``-``q``, in order
    (``_piece``); a piece whose rectangle misses the segment's meets it nowhere, and is passed over at once."""
    px, py, qx, qy = p[0], p[1], q[0], q[1]
    dx, dy = qx - px, qy - py
    x0, x1, y0, y1 = min(px, qx), max(px, qx), min(py, qy), max(py, qy)
    out: list[Meet] = []
    for i in only:
        a, b = chain[i], chain[i + 1]
        (ax, ay), (bx, by) = a, b
        if (ax < x0 and bx < x0) or (ax > x1 and bx > x1) or (ay < y0 and by < y0) or (ay > y1 and by > y1):
            continue  # the rectangles are apart
        sa, sb = dx * (ay - py) - dy * (ax - px), dx * (by - py) - dy * (bx - px)
        o1, o2 = (sa > 0) - (sa < 0), (sb > 0) - (sb < 0)
        if o1 * o2 > 0 or a == b:
            continue  # apart, or a piece of no length
        meet = _piece(p, q, a, b, o1, o2)
        if meet is not None:
            out.append(meet)
    return out


def _gathered(found: list[tuple[Fraction | int, Fraction | int, int, bool, int]],
              length: Fraction | int) -> list[Place]:
    """The meetings ``places`` found, gathered into places where they share a point, each told how it meets."""
    if len(found) == 1:  # one meeting, a place of its own: how the general case below tells it
        lo, hi, legs, along, k = found[0]
        inside = lo > 0 and hi < length
        how = CROSS if legs == 3 and inside else ALONG if along else TOUCH
        return [Place(how, lo, hi, ((k, legs if inside else 0, along),))]
    found.sort(key=lambda f: (f[0], f[1]))
    out: list[Place] = []
    i = 0
    while i < len(found):
        lo, hi = found[i][0], found[i][1]
        members: dict[int, list[Any]] = {}  # polyline -> sides, along, first, last
        while i < len(found) and found[i][0] <= hi:
            start, top, legs, along, k = found[i]
            hi = max(hi, top)
            own = members.setdefault(k, [0, False, start, top])
            own[0] |= legs
            own[1] = own[1] or along
            own[3] = max(own[3], top)
            i += 1
        sides = 0
        for legs, _, _, _ in members.values():
            sides |= legs
        # crossed: pieces leave to both sides and the place lies strictly within the segment, or one polyline there
        # does so by itself (a wall crossed where another, ending on the segment's end, runs along it)
        if (sides == 3 and lo > 0 and hi < length) or any(legs == 3 and first > 0 and last < length
                                                           for legs, _, first, last in members.values()):
            how = CROSS
        else:
            how = ALONG if any(along for _, along, _, _ in members.values()) else TOUCH
        out.append(Place(how, lo, hi, tuple((k, legs if first > 0 and last < length else 0, along)
                                            for k, (legs, along, first, last) in sorted(members.items()))))
    return out


_RANK = {None: 0, TOUCH: 1, ALONG: 2, CROSS: 3}


def meeting(p: Point, q: Point, chain: Sequence[Point]) -> str | None:
    """How the segment ``p``-``q`` meets the polyline ``chain``: ``CROSS``, ``ALONG``, ``TOUCH`` or None (``places``);
    crossing outranks running along, which outranks touching."""
    found: str | None = None
    for place in places(p, q, [chain]):
        if _RANK[place.how] > _RANK[found]:
            found = place.how
    return found


def meetings(p: Point, q: Point, chains: Sequence[Sequence[Point]],
             pieces: Sequence[Sequence[int] | None] | None = None) -> list[str | None]:
    """``meeting`` for each of several polylines, where polylines that meet at a point count as one (``places``): the
    segment going through such a place from one side to the other crosses the first of them there (a door between
    two walls, two walls drawn end to end), and any of them that it crosses by itself. ``pieces``: as ``places``
    takes them."""
    found: list[str | None] = []
    dx, dy = q[0] - p[0], q[1] - p[1]
    px, py = p[0], p[1]
    for k, chain in enumerate(chains):  # most walls are apart or two points crossed inside: then no place is needed
        if len(chain) != 2:
            if (pieces is not None and pieces[k] is not None) or (dx == 0 and dy == 0):
                break
            sides = [dx * (y - py) - dy * (x - px) for x, y in chain]
            if not sides or min(sides) > 0 or max(sides) < 0:  # the whole polyline strictly on one side of the segment's line
                found.append(None)
                continue
            break
        (ax, ay), (bx, by) = chain
        sa, sb = dx * (ay - py) - dy * (ax - px), dx * (by - py) - dy * (bx - px)
        if (sa > 0 and sb > 0) or (sa < 0 and sb < 0):
            found.append(None)
        elif sa * sb < 0 and _orient(chain[0], chain[1], p) * _orient(chain[0], chain[1], q) < 0:
            found.append(CROSS)
        else:
            break
    else:
        return found
    found = [None] * len(chains)
    for place in places(p, q, chains, pieces=pieces):
        for k, legs, along in place.members:
            how = CROSS if place.how == CROSS and (k == place.by or legs == 3) else ALONG if along else TOUCH
            if _RANK[how] > _RANK[found[k]]:
                found[k] = how
    return found


def touching(one: Sequence[Point], other: Sequence[Point]) -> bool:
    """Whether two polylines share a point (a piece of no length is its one point)."""
    for a, b in zip(one, one[1:]):
        for c, d in zip(other, other[1:]):
            o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
            if o1 * o2 < 0 and o3 * o4 < 0:
                return True
            if ((o1 == 0 and _within(a, b, c)) or (o2 == 0 and _within(a, b, d)) or (o3 == 0 and _within(c, d, a))
                    or (o4 == 0 and _within(c, d, b))):
                return True
    return False
