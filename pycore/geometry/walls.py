"""Thin walls on square maps: whether any unbroken line joins two squares past them.

**Whether any line gets through.** "An unbroken line from any part of the attacker to any part of the target" touches
no blocker at all. As on hexes (``clearance``), that is decided exactly for blockers grown by one part in ``M`` of a
square: a wall becomes the convex hull of its ends moved ``1/M`` each way along both axes, a whole-square obstacle the
square grown by ``1/M``, and a line counts as touching a blocker when it enters the grown shape's inside. A line that
gets through is then a segment from a point of one square to a point of the other that enters no grown blocker:
these form a closed set, and if it is not empty it holds a segment whose line passes through two of the corners of
the squares and the grown blockers (moved and turned until it meets them, it still gets through). Where a grown
blocker's edge cuts a square's edge (a corner of what is left of a square a blocker overlaps), a line through that
point that enters no blocker runs along the blocker's edge, through two of its corners: no more lines are needed.
A line through a blocker's corner that gets through keeps that blocker on one side, so only those are tried
(``clear_line``): one gets through when a stretch of it outside every grown blocker's inside meets both squares. Two
squares that share an edge are joined through that edge alone, so there the question is whether some point of it lies
outside every grown blocker. Only blockers meeting the hull of the two squares can touch such a segment.

The plane is the grid scaled to whole numbers: by ``M`` times twice the least common multiple of the points'
denominators, so a grown blocker's corners, squares' centres and corners moved towards them are whole numbers too.
"""


from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .chains import chained_apart
from .crossings import Point
from .plane import Plane, Shape, Vec, box, boxes_meet, hull
from .squaregrid import Square

# --- any unbroken line ------------------------------------------------------------------------------------------


Equation = tuple[int, int, int, Vec]
"""A line ``nx x + ny y = c`` with whole-number coefficients, and its direction ``(-ny, nx)`` (positions along it are
``-ny x + nx y``)."""


def _line_through(p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction]) -> Equation | None:
    """The line through two distinct points (possibly fractional), with whole-number coefficients."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == 0 and dy == 0:
        return None
    nx, ny = -dy, dx
    c = nx * p[0] + ny * p[1]
    den = math.lcm(Fraction(nx).denominator, Fraction(ny).denominator, Fraction(c).denominator)
    inx, iny, ic = int(nx * den), int(ny * den), int(c * den)
    g = math.gcd(math.gcd(inx, iny), ic) or 1
    inx, iny, ic = inx // g, iny // g, ic // g
    return inx, iny, ic, (-iny, inx)


def normal(p: Vec, q: Vec) -> tuple[int, int, int] | None:
    """The line through two points of the plane as ``nx x + ny y = c`` in lowest terms, its normal pointing right or
    down (one way of writing each line); None when the points are one."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == 0 and dy == 0:
        return None
    g = math.gcd(dx, dy)
    nx, ny = -dy // g, dx // g
    if nx < 0 or (nx == 0 and ny < 0):
        nx, ny = -nx, -ny
    return nx, ny, nx * p[0] + ny * p[1]


def _chord(line: Equation, shape: Shape, closed: bool) -> tuple[Fraction, Fraction] | None:
    """Where ``line`` meets the polygon, as positions along it: the closed polygon (``closed``: touching counts), or
    its inside (touching does not)."""
    nx, ny, c, (ux, uy) = line
    sides = [nx * x + ny * y - c for x, y in shape]
    if not closed and (min(sides) >= 0 or max(sides) <= 0):
        return None
    if min(sides) > 0 or max(sides) < 0:
        return None
    at = [ux * x + uy * y for x, y in shape]
    found: list[Fraction] = []
    n = len(shape)
    for i in range(n):
        j = (i + 1) % n
        si, sj = sides[i], sides[j]
        if si == 0:
            found.append(Fraction(at[i]))
        if (si > 0 > sj) or (si < 0 < sj):
            found.append(Fraction(si * at[j] - sj * at[i], si - sj))
    return min(found), max(found)


Position = tuple[int, int]
"""A position along a line as a fraction ``n / d`` with ``d > 0``, compared by cross-multiplying."""


def _ends(line: Equation, shape: Shape, closed: bool) -> tuple[Position, Position] | None:
    """``_chord`` in whole numbers: the first and last positions where ``line`` meets the polygon."""
    nx, ny, c, (ux, uy) = line
    sides = [nx * x + ny * y - c for x, y in shape]
    low, high = min(sides), max(sides)
    if low > 0 or high < 0 or (not closed and (low >= 0 or high <= 0)):
        return None
    at = [ux * x + uy * y for x, y in shape]
    first = last = None
    n = len(shape)
    for i in range(n):
        si, sj = sides[i], sides[(i + 1) % n]
        if si == 0:
            here = (at[i], 1)
        elif (si > 0 > sj) or (si < 0 < sj):
            num, den = si * at[(i + 1) % n] - sj * at[i], si - sj
            here = (num, den) if den > 0 else (-num, -den)
        else:
            continue
        if first is None or here[0] * first[1] < first[0] * here[1]:
            first = here
        if last is None or here[0] * last[1] > last[0] * here[1]:
            last = here
    assert first is not None and last is not None
    return first, last


def _gets_through(line: Equation, ends: tuple[Shape, Shape], blockers: Sequence[Shape]) -> bool:
    """Whether some stretch of ``line`` outside every blocker's inside meets both ends. Where the line meets one end
    wholly before the other, every such stretch holds the gap between them, so the line gets through exactly when no
    blocker's inside meets that gap (worked in whole numbers); where the two overlap on it, ``_through_overlap``.
    ``blockers`` given as a list: one found in that gap is moved to its front."""
    a, b = _ends(line, ends[0], True), _ends(line, ends[1], True)
    if a is None or b is None:
        return False
    if b[0][0] * a[1][1] >= a[1][0] * b[0][1]:  # a ends before b begins
        g0, g1 = a[1], b[0]
    elif a[0][0] * b[1][1] >= b[1][0] * a[0][1]:  # b ends before a begins
        g0, g1 = b[1], a[0]
    else:
        return _through_overlap(line, ends, blockers)
    for i, shape in enumerate(blockers):
        span = _ends(line, shape, False)
        if span is None:
            continue
        (lo, lo_d), (hi, hi_d) = span
        if lo * g1[1] < g1[0] * lo_d and hi * g0[1] > g0[0] * hi_d:  # the inside (lo, hi) meets the gap [g0, g1]
            if i and isinstance(blockers, list):  # asked first next time: the next line tried is much like this one
                blockers.insert(0, blockers.pop(i))
            return False
    return True


def _through_overlap(line: Equation, ends: tuple[Shape, Shape], blockers: Sequence[Shape]) -> bool:
    """``_gets_through`` where the line runs through both ends at once (along or across the edge or corner they
    share): some stretch outside every blocker's inside must meet both."""
    a, b = _chord(line, ends[0], True), _chord(line, ends[1], True)
    assert a is not None and b is not None
    spans = sorted(s for s in (_chord(line, shape, False) for shape in blockers) if s is not None)
    lo: Fraction | None = None  # where the current free stretch starts (None: from far away)
    for start, stop in spans:
        # a free stretch from lo to start (a point when they are equal)
        if (lo is None or start >= lo) and _meets(lo, start, a) and _meets(lo, start, b):
            return True
        lo = stop if lo is None else max(lo, stop)
    return _meets(lo, None, a) and _meets(lo, None, b)


def _meets(lo: Fraction | None, hi: Fraction | None, span: tuple[Fraction, Fraction]) -> bool:
    """Whether the closed stretch ``lo``..``hi`` (None: unbounded) meets ``span``."""
    return (lo is None or span[1] >= lo) and (hi is None or span[0] <= hi) and (lo is None or hi is None or lo <= hi)


def clear_line(plane: Plane, a: Square, b: Square, blockers: Sequence[Shape],
               spines: Sequence[tuple[Vec, Vec]] = ()) -> bool:
    """Whether some straight segment from a point of square ``a`` to a point of square ``b`` touches no blocker (grown
    shapes of ``plane``, see the module's docstring): "an unbroken line from any part of the attacker to any part of
    the target". Exact up to a clearance of ``1/M`` of a square. ``spines``: segments of the plane (the walls the
    blockers were grown from) whose lines are tried first as a wall sealing the two apart (``_sealed``)."""
    if a == b:
        return True
    ends = (plane.square(a), plane.square(b))
    ax0, ay0, ax1, ay1 = box(ends[0])
    bx0, by0, bx1, by1 = box(ends[1])
    around = (min(ax0, bx0), min(ay0, by0), max(ax1, bx1), max(ay1, by1))
    band = hull([*ends[0], *ends[1]])
    if len(blockers) > 2 and spines and chained_apart(ends, band, around, spines):  # (the spines, not the blockers)
        return False
    boxed = [s for s in blockers if boxes_meet(box(s), around)]
    if len(boxed) > 2:  # only blockers meeting the hull of the two squares can touch a line between them
        across = [(n, _spread(n, band)) for n in _slanted(band)]
        boxed = [s for s in boxed if _meets_boxed(s, band, across)]
        if spines and _sealed(ends, band, boxed, spines):
            return False
    return _clear(ends, tuple(boxed))


def _sealed(ends: tuple[Shape, Shape], band: Shape, blockers: Sequence[Shape], spines: Sequence[tuple[Vec, Vec]]) -> bool:
    """Whether the blockers seal the two squares apart along the line of one of ``spines``: a line with one square
    wholly on each side (not touching it), along which the insides of the blockers cover the whole stretch the hull of
    the two squares (``band``) lies on. Every segment from one square to the other crosses that line at a point inside
    the stretch, so inside a blocker: no line gets through (a quick proof for a square behind a wall; when none
    is found, ``_clear`` searches)."""
    tried: set[tuple[int, int, int]] = set()
    for p, q in spines:
        found = normal(p, q)
        if found is None or found in tried:
            continue
        tried.add(found)
        nx, ny, c = found
        first = [nx * x + ny * y - c for x, y in ends[0]]
        second = [nx * x + ny * y - c for x, y in ends[1]]
        if not ((max(first) < 0 < min(second)) or (max(second) < 0 < min(first))):
            continue  # the line does not keep the two squares apart
        line = (nx, ny, c, (-ny, nx))
        stretch = _chord(line, band, True)
        if stretch is None or not all(_inside_one(line, at, blockers) for at in stretch):
            continue  # an end of the stretch inside no blocker: not covered (the quick, common answer)
        if _covered(stretch, [span for shape in blockers if (span := _chord(line, shape, False)) is not None]):
            return True
    return False


def _inside_one(line: Equation, at: Fraction, blockers: Sequence[Shape]) -> bool:
    """Whether the point of ``line`` at position ``at`` lies inside one of the blockers: only those whose rectangle
    holds it are asked (its coordinates ``(nx c - ny at, ny c + nx at) / (nx^2 + ny^2)``, compared in whole
    numbers)."""
    nx, ny, c, _ = line
    n, d = at.numerator, at.denominator
    den = (nx * nx + ny * ny) * d
    x, y = nx * c * d - ny * n, ny * c * d + nx * n
    for shape in blockers:
        x0, y0, x1, y1 = box(shape)
        if x0 * den <= x <= x1 * den and y0 * den <= y <= y1 * den:
            span = _chord(line, shape, False)
            if span is not None and span[0] < at < span[1]:
                return True
    return False


@dataclass(frozen=True)
class Runs:
    """Blocking segments gathered by the line they lie on: for each line (``normal``), the stretches of it they cover
    (positions along ``(-ny, nx)``), segments that touch or overlap joined into one run."""

    starts: dict[tuple[int, int, int], list[int]]
    """Equation -> where each of its runs starts, in order."""
    stops: dict[tuple[int, int, int], list[int]]
    """Equation -> where each of its runs stops (the same order)."""


def runs(segments: Iterable[tuple[Vec, Vec]]) -> Runs:
    """The runs of ``segments`` (points of a plane), each line's joined where its segments touch or overlap."""
    spans: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for p, q in segments:
        found = normal(p, q)
        if found is None:
            continue
        nx, ny, _ = found
        at = sorted((-ny * x + nx * y for x, y in (p, q)))
        spans.setdefault(found, []).append((at[0], at[1]))
    starts: dict[tuple[int, int, int], list[int]] = {}
    stops: dict[tuple[int, int, int], list[int]] = {}
    for line, found_spans in spans.items():
        first, last = starts.setdefault(line, []), stops.setdefault(line, [])
        for lo, hi in sorted(found_spans):
            if last and lo <= last[-1]:
                last[-1] = max(last[-1], hi)
            else:
                first.append(lo)
                last.append(hi)
    return Runs(starts, stops)


def walled_off(plane: Plane, a: Square, b: Square, wall_runs: Runs, lines: Iterable[tuple[int, int, int]]) -> bool:
    """Whether one run of ``wall_runs`` on one of ``lines`` (``normal``) keeps squares ``a`` and ``b`` wholly apart:
    the line has the squares on either side (an edge may lie on it), and the run holds the whole closed stretch of the
    line within the hull of the two. Every segment between points of the two then meets that line inside the
    stretch, so at a point of a blocking segment lying along it, and is inside any blocker grown from them there
    (so ``clear_line`` is False). A segment between points inside the two squares (a corner line taken to its
    squares, a centre line) crosses the line at a point inside the stretch, hence inside the run: through a blocking
    segment's inside (``CROSS``), or through the point where two of them meet end to end (``meetings``: ``CROSS``
    again). A quick proof for a square behind a wall, made without the blockers near the two."""
    ends = (plane.square(a), plane.square(b))
    band: Shape | None = None
    for found in set(lines):
        first = wall_runs.starts.get(found)
        if first is None:
            continue
        nx, ny, c = found
        one = [nx * x + ny * y - c for x, y in ends[0]]
        other = [nx * x + ny * y - c for x, y in ends[1]]
        if not ((max(one) <= 0 <= min(other)) or (max(other) <= 0 <= min(one))):
            continue  # some of a square's inside lies on either side
        band = band or two_squares(plane, a, b)
        stretch = _ends((nx, ny, c, (-ny, nx)), band, True)
        assert stretch is not None, "a line between the two squares crosses their hull"
        (lo, lo_d), (hi, hi_d) = stretch
        k = bisect.bisect_right(first, lo // lo_d) - 1  # a run's start at or before ``lo`` is at or before its floor
        if k >= 0 and hi <= wall_runs.stops[found][k] * hi_d:
            return True
    return False


def misses_inside(p: Vec, q: Vec, shape: Shape) -> bool:
    """Whether the segment ``p``-``q`` has no point inside the convex polygon (corners counter-clockwise): one of the
    polygon's edges has the segment on its outer side (or on it), or the segment's line has the polygon on one side
    (touching allowed). Convex shapes that share no inside point are kept apart by one of these lines."""
    n = len(shape)
    for i in range(n):
        (ux, uy), (vx, vy) = shape[i], shape[(i + 1) % n]
        ex, ey = vx - ux, vy - uy
        if ex * (p[1] - uy) - ey * (p[0] - ux) <= 0 and ex * (q[1] - uy) - ey * (q[0] - ux) <= 0:
            return True
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == dy == 0:
        return False  # a point inside every edge's inner side
    sides = [dx * (y - p[1]) - dy * (x - p[0]) for x, y in shape]
    return min(sides) >= 0 or max(sides) <= 0


def two_squares(plane: Plane, a: Square, b: Square) -> Shape:
    """The hull of two squares, its corners counter-clockwise (``hull`` of their corners, without sorting: the squares
    are alike, so the hull is one square swept towards the other)."""
    k = plane.scale
    (ax, ay), (bx, by) = (a[0] * k, a[1] * k), (b[0] * k, b[1] * k)
    if ax == bx or ay == by:
        x0, y0, x1, y1 = min(ax, bx), min(ay, by), max(ax, bx) + k, max(ay, by) + k
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    if ax > bx:  # from the left-hand square, then
        (ax, ay), (bx, by) = (bx, by), (ax, ay)
    if ay < by:  # the other lies down and right
        return ((ax, ay), (ax + k, ay), (bx + k, by), (bx + k, by + k), (bx, by + k), (ax, ay + k))
    return ((ax, ay), (bx, by), (bx + k, by), (bx + k, by + k), (ax + k, ay + k), (ax, ay + k))


def _covered(stretch: tuple[Fraction, Fraction], spans: list[tuple[Fraction, Fraction]]) -> bool:
    """Whether the open ``spans`` together hold every point of the closed ``stretch``."""
    spans.sort()
    point, reach, i = stretch[0], None, 0
    while True:
        while i < len(spans) and spans[i][0] < point:
            reach = spans[i][1] if reach is None else max(reach, spans[i][1])
            i += 1
        if reach is None or reach <= point:
            return False  # ``point`` lies in no span
        if reach > stretch[1]:
            return True
        point = reach


@functools.lru_cache(maxsize=8192)
def _slanted(shape: Shape) -> frozenset[tuple[int, int]]:
    """The normals of the polygon's edges that lie along no axis, one per direction (remembered: a map's grown walls
    are asked about once per square of an overlay)."""
    found = set()
    n = len(shape)
    for i in range(n):
        (ax, ay), (bx, by) = shape[i], shape[(i + 1) % n]
        nx, ny = ay - by, bx - ax
        if nx and ny:
            g = math.gcd(nx, ny) * (1 if nx > 0 else -1)
            found.add((nx // g, ny // g))
    return frozenset(found)


def _spread(normal: tuple[int, int], shape: Shape) -> tuple[int, int]:
    """The least and greatest of the polygon's corners along ``normal``."""
    on = [normal[0] * x + normal[1] * y for x, y in shape]
    return min(on), max(on)


def _meets_boxed(shape: Shape, band: Shape, across: list[tuple[tuple[int, int], tuple[int, int]]]) -> bool:
    """Whether a convex polygon whose box meets the convex ``band``'s box shares a point with it: no edge of either
    separates them, and those along an axis cannot, the boxes meeting (``across``: the band's own slanted normals
    with its spread along each)."""
    for normal, (lo, hi) in across:
        s_lo, s_hi = _spread(normal, shape)
        if s_hi < lo or hi < s_lo:
            return False
    for normal, s_lo, s_hi in _own_spreads(shape):
        lo, hi = _spread(normal, band)
        if s_hi < lo or hi < s_lo:
            return False
    return True


@functools.lru_cache(maxsize=8192)
def _own_spreads(shape: Shape) -> tuple[tuple[tuple[int, int], int, int], ...]:
    """Each of the polygon's slanted normals (``_slanted``) with its least and greatest corner along it (remembered)."""
    return tuple((n, *_spread(n, shape)) for n in _slanted(shape))


@functools.lru_cache(maxsize=4096)
def _clear(ends: tuple[Shape, Shape], near: tuple[Shape, ...]) -> bool:
    """``clear_line`` past the blockers that can matter (cached: an overlay asks the same pairs again)."""
    first, second = ends
    centre = [(Fraction(sum(x for x, _ in e), 4), Fraction(sum(y for _, y in e), 4)) for e in ends]
    straight = _line_through(centre[0], centre[1])
    assert straight is not None
    if not near or _gets_through(straight, ends, near):
        return True
    shared = set(first) & set(second)
    if len(shared) == 2:  # an edge between them: joined through it alone
        u, v = sorted(shared)
        line = _line_through((Fraction(u[0]), Fraction(u[1])), (Fraction(v[0]), Fraction(v[1])))
        assert line is not None
        return _gets_through(line, ends, near)
    # candidates: lines through two corners of the ends and of the blockers, with the two corners beside a blocker's
    # corner on one side of the line (a line through it that gets through keeps the blocker on one side). A corner
    # such a line rests on lies on the stretch between the two squares, so only corners within the hull of the two
    # squares are paired; a line resting along a blocker's edge is tried as that edge's line.
    band = hull([*first, *second])
    points: list[tuple[Vec, Vec | None, Vec | None]] = [(c, None, None) for c in (*first, *second)]
    edges: list[tuple[Vec, Vec]] = []
    for shape in near:
        n = len(shape)
        points.extend((shape[i], shape[i - 1], shape[(i + 1) % n]) for i in range(n) if _holds(band, shape[i]))
        edges.extend((shape[i], shape[(i + 1) % n]) for i in range(n))
    tried: set[tuple[int, int, int]] = set()
    order = list(near)  # the blocker that stopped the last line tried first
    for p, q in itertools.chain(edges, _pairs(points, first, second)):
        found = normal(p, q)
        if found is None or found in tried:
            continue
        tried.add(found)
        nx, ny, c = found
        line = (nx, ny, c, (-ny, nx))
        if _stabs(line, first) and _stabs(line, second) and _gets_through(line, ends, order):
            return True
    return False


def _pairs(points: list[tuple[Vec, Vec | None, Vec | None]], first: Shape,
           second: Shape) -> Iterator[tuple[Vec, Vec]]:
    """The pairs of ``points`` (each a corner and the corners beside it on its blocker, or None beside) whose line
    has neither corner's neighbours strictly on opposite sides and meets both
    squares ``first`` and ``second`` (``_stabs``, on the line through the two as it is, before it is put in lowest
    terms)."""
    for i, (p, p0, p1) in enumerate(points):
        px, py = p
        for q, q0, q1 in points[i + 1:]:
            dx, dy = q[0] - px, q[1] - py
            if p0 is not None and p1 is not None:
                sa, sb = dx * (p0[1] - py) - dy * (p0[0] - px), dx * (p1[1] - py) - dy * (p1[0] - px)
                if (sa > 0 > sb) or (sa < 0 < sb):
                    continue
            if q0 is not None and q1 is not None:
                sa, sb = dx * (q0[1] - py) - dy * (q0[0] - px), dx * (q1[1] - py) - dy * (q1[0] - px)
                if (sa > 0 > sb) or (sa < 0 < sb):
                    continue
            one = [dx * (y - py) - dy * (x - px) for x, y in first]
            if min(one) > 0 or max(one) < 0:
                continue
            other = [dx * (y - py) - dy * (x - px) for x, y in second]
            if min(other) > 0 or max(other) < 0:
                continue
            yield p, q


def _holds(shape: Shape, p: Vec) -> bool:
    """Whether the closed convex polygon (corners counter-clockwise) holds ``p``."""
    n = len(shape)
    for i in range(n):
        (ax, ay), (bx, by) = shape[i], shape[(i + 1) % n]
        if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) < 0:
            return False
    return True


def _stabs(line: Equation, shape: Shape) -> bool:
    """Whether the line meets the closed polygon (a quick test before the chords are worked out)."""
    nx, ny, c, _ = line
    sides = [nx * x + ny * y - c for x, y in shape]
    return min(sides) <= 0 <= max(sides)


def runs_through(p: Point, q: Point, square: Square) -> bool:
    """Whether the segment ``p``-``q`` runs through the closed square ``square`` for some length (through its inside or
    along an edge); grazing a corner does not count."""
    scale = math.lcm(p[0].denominator, p[1].denominator, q[0].denominator, q[1].denominator)  # ints' is 1
    px, py, qx, qy = (int(v * scale) for v in (*p, *q))
    dx, dy = qx - px, qy - py
    if dx == dy == 0:
        return False
    # the part of the segment inside the square is the stretch of t in [0, 1] the two axes allow (Liang-Barsky),
    # counted here in parts of ``whole`` so that every bound is a whole number
    whole = (abs(dx) or 1) * (abs(dy) or 1)
    lo, hi = 0, whole
    for start, step, low in ((px, dx, square[0] * scale), (py, dy, square[1] * scale)):
        high = low + scale
        if step == 0:
            if not low <= start <= high:
                return False
            continue
        per = whole // abs(step)
        t0, t1 = ((low - start) * per, (high - start) * per) if step > 0 else ((start - high) * per, (start - low) * per)
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi
