"""The exact plane shared by hexes and squares: whole-number points at one scale, and blockers grown by one part in it.

A line with less clearance than 1/M of a cell counts as touching what it passes; growing every blocker by that much
turns "touches the closed shape" into "enters the interior of the grown one", which integers and Fractions decide
exactly."""

from __future__ import annotations

M = 10**6
"""Scale of the exact plane: a cell's size is M units, and blockers grow by 1/M of it."""

Vec = tuple[int, int]
"""A point or direction in the exact plane."""
