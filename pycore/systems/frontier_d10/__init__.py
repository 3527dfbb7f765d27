"""Frontier d10: roll a d10 at or under a skill, less for cover."""

from __future__ import annotations

from ...system import System
from .evaluation import evaluate
from .inputs import INPUTS, check
from .tables import RULES, RULINGS, SYSTEM, TITLE

DEFINITION = System(SYSTEM, TITLE, RULES, RULINGS, INPUTS, check, evaluate)
