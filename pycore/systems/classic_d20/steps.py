"""The modifiers of one Classic d20 attack as ordered steps, and the chance to hit before and after each."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...trace import Trace
from .rolls import (
    chance_of,
    concealment_bonus,
    cover_bonus,
    effective_ac,
    elevation_modifier,
    hit_rolls,
    needed_roll,
    protector_bonus,
    unseen_ac_penalty,
)
from .sight import Sight
from .tables import ELEVATION_RULE, FULL, INVISIBLE_ATTACK_PENALTY, OVER_MELEE_PENALTY


@dataclass(frozen=True)
class Step:
    """One modifier, applied in order: to the attack roll or to how hard the target is to hit."""

    rule: str
    """Id of the rule (or ruling) behind the modifier."""
    label: str
    """What the modifier is, in words."""
    attack: int = 0
    """Change to the attack roll."""
    defense: int = 0
    """Change to how hard the target is to hit (positive: harder)."""


def defense_steps(scenario: dict[str, Any], cover: int, concealment: int, target: Sight, attacker: Sight,
                  protectors: int, trace: Trace) -> list[Step]:
    """Changes to how hard the target is to hit, in the order the rulings apply them."""
    rulings = scenario["rulings"]
    kind = scenario["attack"]["kind"]
    high = rulings["d20.ruling.cover-high"]
    steps: list[Step] = []
    c_bonus = cover_bonus(cover, high) if 0 < cover < FULL else 0
    if c_bonus:
        steps.append(Step("d20.cover.percent", f"{cover}% cover", defense=c_bonus))
    p_bonus = protector_bonus(protectors) if kind == "missile" else 0
    if p_bonus:
        extra = p_bonus
        if c_bonus:
            trace.ruling("d20.ruling.protectors-and-cover")
            if rulings["d20.ruling.protectors-and-cover"] == "highest":
                extra = max(0, p_bonus - c_bonus)
        label = f"{protectors} protector{'s' if protectors > 1 else ''} (+{p_bonus})"
        if extra < p_bonus:
            label += ", beyond the cover's own"
        steps.append(Step("d20.cover.protectors", label, defense=extra))
    k_bonus = 0
    if 0 < concealment < FULL:
        if target.unseen:
            trace.ruling("d20.ruling.invisible-concealment")
        if not target.unseen or rulings["d20.ruling.invisible-concealment"] == "add":
            trace.ruling("d20.ruling.concealment-values")
            k_bonus = concealment_bonus(concealment, rulings["d20.ruling.concealment-values"], high)
            hard = sum(st.defense for st in steps)
            if hard:
                trace.ruling("d20.ruling.cover-and-concealment")
                if rulings["d20.ruling.cover-and-concealment"] == "highest":
                    k_bonus = max(0, k_bonus - hard)
            steps.append(Step("d20.concealment.percent", f"{concealment}% concealment", defense=k_bonus))
    if attacker.unseen:
        marker = Step("d20.invisible.ac-penalty", "Unseen attacker")
        if steps:
            trace.ruling("d20.ruling.unseen-ac-cap")
        if rulings["d20.ruling.unseen-ac-cap"] == "armour":
            steps.insert(0, marker)
        else:
            steps.append(marker)
    return steps


def attack_steps(scenario: dict[str, Any], target: Sight, trace: Trace) -> list[Step]:
    """Changes to the attack roll: higher ground, firing over a melee, an invisible target."""
    attack, attacker = scenario["attack"], scenario["attacker"]
    steps: list[Step] = []
    elevation, terrain = attacker["elevation"], attacker["terrain"]
    mod = elevation_modifier(elevation, terrain)
    if mod:
        where = {"ground": "higher ground", "cliff": "cliff face", "severe-slope": "severe slope"}[terrain]
        steps.append(Step(ELEVATION_RULE[terrain], f"{elevation.capitalize()} on a {where}"
                          if terrain != "ground" else "Higher ground", attack=mod))
    elif elevation != "level" and terrain == "ground":
        trace.note("Striking from lower ground costs nothing on ordinary ground; only the higher side gains.",
                   "d20.elevation.higher")
    if attack["over_melee"]:
        if attack["kind"] != "missile":
            trace.note("Firing over a melee only changes missile attacks.", "d20.cover.over-melee")
        elif elevation != "level":
            trace.note("Firing over a melee from a different elevation: no penalty (it applies only when "
                       "no side is higher).", "d20.cover.over-melee")
        elif attack["over_melee_penalty"]:
            steps.append(Step("d20.cover.over-melee", "Over a melee", attack=-attack["over_melee_penalty"]))
            if attack["over_melee_penalty"] != OVER_MELEE_PENALTY:
                trace.note(f"Over-melee penalty set by the GM to -{attack['over_melee_penalty']} "
                           f"(the rule's own value is -{OVER_MELEE_PENALTY}).", "d20.cover.over-melee")
    if target.unseen:
        steps.append(Step("d20.invisible.attack-penalty", "Invisible target", attack=-INVISIBLE_ATTACK_PENALTY))
    return steps


@dataclass(frozen=True)
class Pipeline:
    """The steps applied in order to one attack, and the numbers they give."""

    convention: str
    """``descending`` or ``ascending`` AC."""
    ac: int
    """The target's own AC."""
    steps: tuple[Step, ...]
    """The modifiers, in the order they apply."""

    def run(self) -> tuple[int, int, list[tuple[Step, int, int]]]:
        """(attack modifier, defense bonus, [(step, attack so far, defense so far)]) with the AC 10 limit applied."""
        attack = defense = 0
        trail = []
        for step in self.steps:
            if step.rule == "d20.invisible.ac-penalty":
                step = Step(step.rule, step.label,
                            defense=unseen_ac_penalty(effective_ac(self.ac, defense, self.convention), self.convention))
            attack += step.attack
            defense += step.defense
            trail.append((step, attack, defense))
        return attack, defense, trail


def _chance(convention: str, to_hit: int | None, ac: int, attack: int, defense: int, natural: str) -> Fraction | None:
    if to_hit is None:
        return None
    needed = needed_roll(convention, to_hit, attack, effective_ac(ac, defense, convention))
    return chance_of(hit_rolls(needed, natural))



def chance_steps(convention: str, to_hit: int | None, ac: int, natural: str,
                 trail: list[tuple[Step, int, int]]) -> tuple[list[dict[str, Any]], Fraction | None, Fraction | None]:
    """Each step with the chance to hit just before and just after it; also the chance before and after all."""
    out = []
    before = base = _chance(convention, to_hit, ac, 0, 0, natural)
    for step, attack_so_far, defense_so_far in trail:
        after = _chance(convention, to_hit, ac, attack_so_far, defense_so_far, natural)
        out.append({
            "rule": step.rule, "label": step.label, "attack": step.attack, "defense": step.defense,
            "chance_before": None if before is None else str(before),
            "chance_after": None if after is None else str(after),
        })
        before = after
    return out, base, before
