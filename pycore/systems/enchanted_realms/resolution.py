"""Following one real throw of Enchanted Realms dice through the rules, step by step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...geometry.hexgrid import Hex
from ...rules import ref
from .odds import die_hits, roll_forward
from .strays import Creature, StrayLayout
from .tables import EMPTY_FACES, FORWARD, NATURAL_HIT, NATURAL_MISS


def _step(rule: str, text: str, group: int | None = None) -> dict[str, Any]:
    """One line of a resolved throw, with the rule (or ruling) that decided it."""
    step: dict[str, Any] = {"rule": rule, "ref": ref(rule), "text": text}
    if group is not None:
        step["group"] = group
    return step


def _die_words(raw: int, modifier: int, penalty: int, defense: int) -> str:
    if raw == NATURAL_HIT:
        return f"{raw}: a natural 20, hits"
    if raw == NATURAL_MISS:
        return f"{raw}: a natural 1, misses"
    total = raw + modifier - penalty
    parts = f"{raw}" + (f" {modifier:+d}" if modifier else "") + (f" -{penalty}" if penalty else "")
    shown = f"{parts} = {total}" if (modifier or penalty) else parts
    return f"{shown} against Defense {defense}: {'hits' if total >= defense else 'misses'}"


@dataclass(frozen=True)
class Throw:
    """What every group of a throw is followed with: the attack's numbers, whether it is aimed and may stray, and
    where a stray shot goes."""

    modifier: int
    penalty: int
    defense: int
    targetable: bool
    applies: bool
    full_cover: bool
    layout: StrayLayout
    occupants: dict[Hex, Creature]

    @property
    def blocked(self) -> str:
        """The rule that keeps the shot off the target when it is not targetable."""
        return "er.cover.full" if self.full_cover else "er.cover.unseen"


class Lines:
    """The steps of one group, each tagged with the group and prefixed with its name when the pool is split."""

    def __init__(self, steps: list[dict[str, Any]], prefix: str, tag: int | None) -> None:
        self.steps, self.prefix, self.tag = steps, prefix, tag

    def say(self, rule: str, text: str) -> None:
        """Add one step."""
        self.steps.append(_step(rule, self.prefix + text, self.tag))


def resolve(scenario: dict[str, Any], groups: list[int], defense: int, targetable: bool, applies: bool,
            layout: StrayLayout, occupants: dict[Hex, Creature]) -> dict[str, Any]:
    """Follow one real throw through the rules, step by step."""
    attack = scenario["attack"]
    throw = Throw(attack["modifier"], attack["penalty"], defense, targetable, applies,
                  scenario["target"]["cover"] == "full", layout, occupants)
    rolls = list(attack["rolls"])
    d10s = list(attack["d10s"]) if attack["d10s"] is not None else [attack["d10"]]
    split = attack["split"] is not None
    steps: list[dict[str, Any]] = []
    group_out = []
    start = 0
    for gi, size in enumerate(groups):
        dice = rolls[start:start + size]
        start += size
        prefix = f"Attack {gi + 1} ({size} {'die' if size == 1 else 'dice'}): " if split else ""
        lines = Lines(steps, prefix, gi + 1 if split else None)
        if split:
            lines.say("er.attack.split", "a separate attack with its own stray roll.")
        group_out.append(_group(throw, dice, d10s[gi] if gi < len(d10s) else None, lines))
    awaiting = [entry.pop("awaiting") for entry in group_out]
    struck_by: dict[str, int] = {}
    for entry in group_out:
        if entry["struck"]:
            struck_by[entry["struck"]] = struck_by.get(entry["struck"], 0) + entry["struck_hits"]
    first = next(iter(struck_by), None)
    out: dict[str, Any] = {
        "hits": sum(e["hits"] for e in group_out),
        "struck": first,
        "struck_hits": struck_by.get(first, 0) if first else 0,
        "forward_rolls": [f for e in group_out for f in e["forward_rolls"]],
        "struck_by": struck_by,
        "awaiting_d10": any(awaiting),
        "steps": steps,
    }
    if split:
        out["groups"] = group_out
    return out


def _group(th: Throw, dice: list[int], d10: int | None, lines: Lines) -> dict[str, Any]:
    """One group's dice against the target and, if every one misses and friendly fire applies, where it strays."""
    n_hits = sum(_at_target(th, dice, lines))
    entry: dict[str, Any] = {"dice": len(dice), "rolls": dice, "hits": n_hits, "d10": None, "slot": None,
                             "struck": None, "struck_hits": 0, "forward_rolls": [], "awaiting": False}
    if n_hits:
        lines.say("er.attack.pool", f"{n_hits} {'die hits' if n_hits == 1 else 'dice hit'} the target; nothing strays.")
    elif not th.applies and not th.targetable and th.blocked == "er.cover.unseen":
        lines.say(th.blocked, "nothing is cast at the target, so nothing can stray.")
    elif not th.applies:
        lines.say("er.ff.when" if th.targetable else th.blocked,
                  "every die misses; friendly fire does not apply, so the shot hits nothing.")
    else:
        _stray(th, dice, d10, entry, lines)
    return entry


def _at_target(th: Throw, dice: list[int], lines: Lines) -> list[bool]:
    """Which dice hit the target, each die said; none when it cannot be struck (full cover, or no sight of it)."""
    if th.targetable:
        for r in dice:
            rule = "er.attack.natural" if r in (NATURAL_HIT, NATURAL_MISS) else "er.attack.pool"
            lines.say(rule, f"die {_die_words(r, th.modifier, th.penalty, th.defense)}.")
        return [die_hits(r, th.modifier, th.penalty, th.defense) for r in dice]
    if th.full_cover:
        lines.say(th.blocked, f"the target is in full cover and cannot be struck: every die "
                  f"({', '.join(map(str, dice))}) misses it.")
    else:
        lines.say(th.blocked, f"a spell that needs line of sight has no target it can see, so it is not cast at the "
                  f"target: the dice ({', '.join(map(str, dice))}) count for nothing.")
    return [False] * len(dice)


def _stray(th: Throw, dice: list[int], d10: int | None, entry: dict[str, Any], lines: Lines) -> None:
    """A group that missed and may strike someone else: its d10, the stray hex, and who stands there."""
    lines.say("er.ff.whole-pool", "every die missed, so the shot may strike someone else; all its dice go against "
              "one alternate target.")
    entry["forward_rolls"] = [roll_forward(r) for r in dice]
    entry["d10"] = d10
    if d10 is None:  # split dice rolled, stray d10s not yet
        entry["awaiting"] = True
        lines.say("er.ff.d10", "roll the d10 to see where the shot strays (enter it to finish this throw).")
        return
    if d10 in EMPTY_FACES:
        lines.say("er.ff.d10", f"the d10 shows {d10}, an empty slot: the shot hits nothing.")
        return
    slot = th.layout.slots[d10 - 1]
    entry["slot"] = slot.number
    where = f"hex [{slot.hex.q}, {slot.hex.r}]"
    who = th.occupants.get(slot.hex)
    if slot.blocked:
        why = ("the attacker's own hex, which counts as empty" if slot.blocked == "attacker"
               else "the hex behind the attacker, which counts as empty")
        rid = "er.ruling.attacker-hex" if slot.blocked == "attacker" else "er.ruling.front-behind-shooter"
        lines.say(rid, f"the d10 shows {d10}: {where}, {why}; the shot hits nothing.")
    elif who is None:
        lines.say("er.ff.d10", f"the d10 shows {d10}: {where}, which is unoccupied; the shot hits nothing.")
    else:
        lines.say("er.ff.d10", f"the d10 shows {d10}: {where}, where {who.name} stands.")
        _struck(th, who, dice, entry, lines)


def _struck(th: Throw, who: Creature, dice: list[int], entry: dict[str, Any], lines: Lines) -> None:
    """The raw dice rolled forward against the creature in the stray hex, and how many strike it."""
    forward = entry["forward_rolls"]
    moved = ", ".join(f"{r} → {f}" + (" (natural 20)" if f == NATURAL_HIT and r != NATURAL_HIT else "")
                      for r, f in zip(dice, forward))
    lines.say("er.ff.forward", f"the raw dice roll forward by {FORWARD}: {moved}.")
    struck_hits = 0
    for f in forward:
        struck_hits += die_hits(f, th.modifier, th.penalty, who.defense)
        lines.say("er.ff.forward", f"forward die {_die_words(f, th.modifier, th.penalty, who.defense)}.")
    entry["struck"] = who.name if struck_hits else None
    entry["struck_hits"] = struck_hits
    if struck_hits:
        lines.say("er.ff.forward", f"{who.name} is struck by {struck_hits} {'die' if struck_hits == 1 else 'dice'}.")
    else:
        lines.say("er.ff.forward", f"no forward die beats {who.name}'s Defense; nobody is struck.")
