"""Following one real throw of Enchanted Realms dice through the rules, step by step."""

from __future__ import annotations

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


def resolve(s: dict[str, Any], groups: list[int], defense: int, targetable: bool, applies: bool,
            layout: StrayLayout, occupants: dict[Hex, Creature]) -> dict[str, Any]:
    """Follow one real throw through the rules, step by step."""
    attack = s["attack"]
    modifier, penalty = attack["modifier"], attack["penalty"]
    rolls = list(attack["rolls"])
    d10s = list(attack["d10s"]) if attack["d10s"] is not None else [attack["d10"]]
    split = attack["split"] is not None
    blocked = "er.cover.full" if s["target"]["cover"] == "full" else "er.cover.unseen"  # what keeps it off the target
    steps: list[dict[str, Any]] = []
    total_hits = 0
    struck_by: dict[str, int] = {}
    forward_all: list[int] = []
    group_out = []
    awaiting = False
    start = 0
    for gi, size in enumerate(groups):
        dice = rolls[start:start + size]
        start += size
        tag = gi + 1 if split else None
        prefix = f"Attack {gi + 1} ({size} {'die' if size == 1 else 'dice'}): " if split else ""
        if split:
            steps.append(_step("er.attack.split", f"{prefix}a separate attack with its own stray roll.", tag))
        if targetable:
            hits = [die_hits(r, modifier, penalty, defense) for r in dice]
            for r in dice:
                rule = "er.attack.natural" if r in (NATURAL_HIT, NATURAL_MISS) else "er.attack.pool"
                steps.append(_step(rule, f"{prefix}die {_die_words(r, modifier, penalty, defense)}.", tag))
        elif s["target"]["cover"] == "full":
            hits = [False] * len(dice)
            steps.append(_step(blocked, f"{prefix}the target is in full cover and cannot be struck: "
                               f"every die ({', '.join(map(str, dice))}) misses it.", tag))
        else:
            hits = [False] * len(dice)
            steps.append(_step(blocked, f"{prefix}a spell that needs line of sight has no target it can see, so it "
                               f"is not cast at the target: the dice ({', '.join(map(str, dice))}) count for nothing.",
                               tag))
        n_hits = sum(hits)
        total_hits += n_hits
        entry: dict[str, Any] = {"dice": size, "rolls": dice, "hits": n_hits, "d10": None, "slot": None,
                                 "struck": None, "struck_hits": 0, "forward_rolls": []}
        group_out.append(entry)
        if n_hits:
            steps.append(_step("er.attack.pool", f"{prefix}{n_hits} {'die hits' if n_hits == 1 else 'dice hit'} the target; "
                               "nothing strays.", tag))
            continue
        if not applies and not targetable and blocked == "er.cover.unseen":
            steps.append(_step(blocked, f"{prefix}nothing is cast at the target, so nothing can stray.", tag))
            continue
        if not applies:
            steps.append(_step("er.ff.when" if targetable else blocked,
                               f"{prefix}every die misses; friendly fire does not apply, so the shot hits nothing.", tag))
            continue
        steps.append(_step("er.ff.whole-pool", f"{prefix}every die missed, so the shot may strike someone else; "
                           "all its dice go against one alternate target.", tag))
        forward = [roll_forward(r) for r in dice]
        entry["forward_rolls"] = forward
        forward_all.extend(forward)
        d10 = d10s[gi] if gi < len(d10s) else None  # split dice rolled, stray d10s not yet
        entry["d10"] = d10
        if d10 is None:
            awaiting = True
            steps.append(_step("er.ff.d10", f"{prefix}roll the d10 to see where the shot strays "
                               "(enter it to finish this throw).", tag))
            continue
        if d10 in EMPTY_FACES:
            steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}, an empty slot: the shot hits nothing.", tag))
            continue
        slot = layout.slots[d10 - 1]
        entry["slot"] = slot.number
        where = f"hex [{slot.hex.q}, {slot.hex.r}]"
        who = occupants.get(slot.hex)
        if slot.blocked:
            why = ("the attacker's own hex, which counts as empty" if slot.blocked == "attacker"
                   else "the hex behind the attacker, which counts as empty")
            rid = "er.ruling.attacker-hex" if slot.blocked == "attacker" else "er.ruling.front-behind-shooter"
            steps.append(_step(rid, f"{prefix}the d10 shows {d10}: {where}, {why}; the shot hits nothing.", tag))
            continue
        if who is None:
            steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}: {where}, which is unoccupied; "
                               "the shot hits nothing.", tag))
            continue
        steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}: {where}, where {who.name} stands.", tag))
        moved = ", ".join(f"{r} → {f}" + (" (natural 20)" if f == NATURAL_HIT and r != NATURAL_HIT else "")
                          for r, f in zip(dice, forward))
        steps.append(_step("er.ff.forward", f"{prefix}the raw dice roll forward by {FORWARD}: {moved}.", tag))
        struck_hits = 0
        for f in forward:
            hit = die_hits(f, modifier, penalty, who.defense)
            struck_hits += hit
            steps.append(_step("er.ff.forward", f"{prefix}forward die {_die_words(f, modifier, penalty, who.defense)}.", tag))
        entry["struck"] = who.name if struck_hits else None
        entry["struck_hits"] = struck_hits
        if struck_hits:
            struck_by[who.name] = struck_by.get(who.name, 0) + struck_hits
            steps.append(_step("er.ff.forward", f"{prefix}{who.name} is struck by {struck_hits} "
                               f"{'die' if struck_hits == 1 else 'dice'}.", tag))
        else:
            steps.append(_step("er.ff.forward", f"{prefix}no forward die beats {who.name}'s Defense; nobody is struck.", tag))
    first = next(iter(struck_by), None)
    out: dict[str, Any] = {
        "hits": total_hits,
        "struck": first,
        "struck_hits": struck_by.get(first, 0) if first else 0,
        "forward_rolls": forward_all,
        "struck_by": struck_by,
        "awaiting_d10": awaiting,
        "steps": steps,
    }
    if split:
        out["groups"] = group_out
    return out

