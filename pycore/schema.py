"""Declared inputs: one table per system, used to validate, to build forms and to document."""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from typing import Any

from .errors import FieldError, ScenarioError
from .memo import recent_calls
from .rules import Ruling

KINDS = ("choice", "int", "number", "bool", "text", "hex", "ints", "records", "points", "point")
"""Scalar kinds, plus: ``text`` (a string up to ``maximum`` characters), ``hex`` (axial ``[q, r]``,
each coordinate within ``minimum``..``maximum``), ``ints`` (a list of whole numbers, each within
``minimum``..``maximum``, at most ``max_items``), ``records`` (a list of at most ``max_items``
objects, each validated against ``item_fields``) and ``points`` (a list of at least ``MIN_POINTS`` and at
most ``max_items`` points ``[x, y]``, each coordinate a number within ``minimum``..``maximum``) and ``point`` (one
such ``[x, y]``)."""
MIN_POINTS = 2
"""The fewest points a ``points`` field takes: a line needs two."""


@dataclass(frozen=True)
class Overlong:
    """A JSON whole number with more digits than Python turns into an ``int`` (its integer-string limit): kept as a
    marker, so validation names the field it stands in, as for any number out of range."""

    digits: int
    """How many characters the number has, sign included."""

    def __repr__(self) -> str:
        """How a message shows it (its digits would fill pages)."""
        return f"a number of {self.digits} digits"


def _whole_number(text: str) -> int | Overlong:
    try:
        return int(text)
    except ValueError:
        return Overlong(len(text))


def parse_json(text: str) -> Any:
    """``json.loads``, with whole numbers too long for Python's ``int`` read as ``Overlong`` instead of raising."""
    return json.loads(text, parse_int=_whole_number)


@dataclass(frozen=True)
class Field:
    """One input of a scenario, addressed by its dotted path."""

    path: str
    """Dotted path in the scenario dict (``"attacker.vision"``)."""
    kind: str
    """One of ``KINDS``."""
    label: str
    """Form label, in plain words."""
    default: Any = None
    """Value used when the key is omitted; ``None`` with ``optional`` means "not given"."""
    choices: tuple[tuple[Any, str], ...] = ()
    """For ``choice``: (value, label) pairs, in display order."""
    minimum: float | None = None
    """Smallest accepted number (each item's, for ``hex`` and ``ints``); None: no limit."""
    maximum: float | None = None
    """Largest accepted number (each item's; a ``text``'s length); None: no limit."""
    optional: bool = False
    """Omitting it (or leaving the form box empty) is allowed and means "unknown"."""
    help: str = ""
    """One line shown under the form field."""
    rule: str | None = None
    """Id of the rule that explains this input."""
    unit: str = ""
    """Unit shown after the form box (``ft``, ``″``)."""
    max_items: int | None = None
    """For ``ints`` and ``records``: the longest list accepted."""
    item_fields: tuple[Field, ...] = ()
    """For ``records``: the fields of each item, with paths relative to the item."""
    item_label: str = ""
    """For ``records``: what one item is called (``creature``), for the list editor's rows and buttons."""
    group: str = ""
    """Name of the alternative (``Inputs.alternatives``) this field belongs to; ``""``: always used."""
    widget: str = ""
    """Name of a partial (``templates/partials/<widget>.html``) drawing the control; ``""``: the kind's default."""
    widget_facts: tuple[tuple[Any, tuple[tuple[str, Any], ...]], ...] = ()
    """For a ``widget``: (choice value, ((name, value), ...)) pairs the partial draws from, so it never takes a
    label apart."""
    in_form: bool = True
    """Whether the calculator's form draws it; False for an input a link, a file or the command line may give but
    the form has no place for (Enchanted Realms' grid, which takes hexes only)."""
    min_items: int | None = None
    """For ``points``: the fewest points accepted; None: ``MIN_POINTS``."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.path}: unknown kind {self.kind!r}")
        if self.kind == "choice" and self.default not in self.values:
            raise ValueError(f"{self.path}: default {self.default!r} is not a choice")

    @functools.cached_property
    def values(self) -> tuple[Any, ...]:
        """The accepted values of a choice field."""
        return tuple(v for v, _ in self.choices)

    @functools.cached_property
    def each(self) -> Field:
        """For ``hex`` and ``ints``: the whole-number field every item must satisfy; for ``points``, the number
        field every coordinate must satisfy."""
        kind = "number" if self.kind in ("points", "point") else "int"
        return Field("_", kind, "", minimum=self.minimum, maximum=self.maximum)

    @property
    def fewest(self) -> int:
        """For ``points``: the fewest points accepted."""
        return MIN_POINTS if self.min_items is None else self.min_items

    def facts_of(self, value: Any) -> dict[str, Any]:
        """The ``widget_facts`` of one choice value (empty when it has none)."""
        return dict(next((facts for v, facts in self.widget_facts if v == value), ()))

    @property
    def item_noun(self) -> str:
        """For ``records``: what one item is called, ``item`` when the field does not say."""
        return self.item_label or "item"

    @property
    def html_id(self) -> str:
        """A form-control id derived from the path."""
        return "f-" + self.path.replace(".", "-").replace("_", "-")

    def describe_range(self) -> str:
        """The accepted values, in words, for messages and documentation."""
        if self.kind == "text":
            return f"text of at most {_show(self.maximum)} characters"
        if self.kind == "hex":
            return f"a hex [q, r] of whole numbers from {_show(self.minimum)} to {_show(self.maximum)}"
        if self.kind == "ints":
            return f"a list of at most {self.max_items} items, each {self.each.describe_range()}"
        if self.kind == "point":
            return f"a point [x, y], each coordinate {self.each.describe_range()}"
        if self.kind == "points":
            return (f"a list of {self.fewest} to {self.max_items} points [x, y], each coordinate "
                    f"{self.each.describe_range()}")
        if self.kind == "records":
            return f"a list of at most {self.max_items} objects with {', '.join(f.path for f in self.item_fields)}"
        if self.kind == "choice":
            return "one of " + ", ".join(_show(v) for v in self.values)
        if self.kind == "bool":
            return "true or false"
        noun = "a whole number" if self.kind == "int" else "a number"
        if self.minimum is not None and self.maximum is not None:
            return f"{noun} from {_show(self.minimum)} to {_show(self.maximum)}"
        if self.minimum is not None:
            return f"{noun} of at least {_show(self.minimum)}"
        if self.maximum is not None:
            return f"{noun} of at most {_show(self.maximum)}"
        return noun


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float, Overlong)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_value(field: Field, value: Any) -> str | None:
    """Why ``value`` is not acceptable for ``field``, or None when it is (``records`` items: see check_records)."""
    if field.kind == "text":
        if not isinstance(value, str):
            return f"must be text, not {_type_name(value)}"
        return None if field.maximum is None or len(value) <= field.maximum else f"is too long: must be {field.describe_range()}"
    if field.kind in ("hex", "ints"):
        if not isinstance(value, list):
            return f"must be {field.describe_range()}, not {_type_name(value)}"
        if field.kind == "hex" and len(value) != 2:
            return f"must be {field.describe_range()}, not a list of {len(value)}"
        if field.max_items is not None and len(value) > field.max_items:
            return f"has {len(value)} items: must be {field.describe_range()}"
        for i, v in enumerate(value):
            problem = check_value(field.each, v)
            if problem:
                return f"item {i}: {problem}"
        return None
    if field.kind == "records":
        if not isinstance(value, list):
            return f"must be {field.describe_range()}, not {_type_name(value)}"
        if field.max_items is not None and len(value) > field.max_items:
            return f"has {len(value)} items: at most {field.max_items} are allowed"
        return None
    if field.kind == "points":
        return _check_points(field, value)
    if field.kind == "point":
        if not isinstance(value, list) or len(value) != 2:
            return f"must be {field.describe_range()}, not {_type_name(value)}"
        for v in value:
            problem = check_value(field.each, v)
            if problem:
                return problem
        return None
    if field.kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, not {_type_name(value)}"
    if field.kind == "choice":
        for allowed in field.values:
            if value == allowed and type(value) is type(allowed):
                return None
        shown = _show(value) if isinstance(value, (str, int)) else _type_name(value)
        return f"{shown} is not allowed: must be {field.describe_range()}"
    if isinstance(value, Overlong):
        return f"is far out of range ({value.digits} digits): must be {field.describe_range()}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"must be {field.describe_range()}, not {_type_name(value)}"
    if isinstance(value, float) and not math.isfinite(value):
        return "must be a finite number"
    if field.kind == "int" and not isinstance(value, int) and not value.is_integer():
        return f"must be a whole number, not {value!r}"
    if (field.minimum is not None and value < field.minimum) or (
        field.maximum is not None and value > field.maximum
    ):
        return f"{_show(value)} is out of range: must be {field.describe_range()}"
    return None


def _check_points(field: Field, value: Any) -> str | None:
    """Why ``value`` is not a list of points for ``field``, or None."""
    if not isinstance(value, list):
        return f"must be {field.describe_range()}, not {_type_name(value)}"
    if len(value) < field.fewest:
        needs = "a line needs" if field.fewest == MIN_POINTS else "it needs"
        return f"has {len(value)} point{'' if len(value) == 1 else 's'}: {needs} at least {field.fewest}"
    if field.max_items is not None and len(value) > field.max_items:
        return f"has {len(value)} points: at most {field.max_items} are allowed"
    for i, point in enumerate(value):
        if not isinstance(point, list) or len(point) != 2:
            return f"item {i}: must be a point [x, y], not {_type_name(point)}"
        for v in point:
            problem = check_value(field.each, v)
            if problem:
                return f"item {i}: {problem}"
    return None


def whole(field: Field, value: Any) -> Any:
    """An accepted value with whole numbers written with a decimal point (``2.0``) made ints, where the field
    asks for whole numbers (``int``, and each item of ``hex`` and ``ints``)."""
    if field.kind == "int" and isinstance(value, float):
        return int(value)
    if field.kind in ("hex", "ints") and any(isinstance(v, float) for v in value):
        return [int(v) for v in value]
    return value


@dataclass(frozen=True)
class Inputs:
    """A system's whole input declaration: its fields and its rulings."""

    system: str
    """Contract id of the system these inputs belong to."""
    fields: tuple[Field, ...]
    """Every declared input, in form order."""
    rulings: tuple[Ruling, ...] = ()
    """The rulings a scenario may switch under ``"rulings"``."""
    alternatives: tuple[tuple[str, str], ...] = ()
    """Mutually exclusive groups of fields as (name, label); the first is the default. A scenario
    may give fields of one group only; the validated scenario says which under ``"_alternative"``."""
    alternatives_legend: str = "Choose one"
    """The question the alternatives answer, for the form."""

    def field(self, path: str) -> Field:
        """The field at ``path``; KeyError names it when unknown."""
        for f in self.fields:
            if f.path == path:
                return f
        raise KeyError(f"{self.system} has no input {path!r}")

    def defaults(self) -> dict[str, Any]:
        """Flat map path -> default for every non-optional field."""
        return {f.path: f.default for f in self.fields if not f.optional}

    def validate(self, data: Any) -> dict[str, Any]:
        """Check ``data`` strictly and return it with defaults filled in; raise ScenarioError."""
        errors: list[FieldError] = []
        if not isinstance(data, dict):
            raise ScenarioError([FieldError("", f"a scenario must be a JSON object, not {_type_name(data)}")])
        tree = _tree(self.fields)
        tree["system"] = None
        tree["rulings"] = None
        out = _walk(tree, data, "", errors)
        out["system"] = self.system
        out["rulings"] = self._rulings(data.get("rulings", {}), errors)
        if self.alternatives:
            out["_alternative"] = self._alternative(data, errors)
        if errors:
            raise ScenarioError(errors)
        return out

    def group_roots(self, group: str) -> list[str]:
        """The shortest paths that belong to ``group`` alone (``"map"``, ``"obstacles"``, ``"attack.distance"``)."""
        return list(self._roots.get(group) or self._find_roots(group))

    @functools.cached_property
    def _roots(self) -> dict[str, tuple[str, ...]]:
        """``group_roots`` of each alternative, worked out once (every validation asks for them)."""
        return {name: tuple(self._find_roots(name)) for name, _ in self.alternatives}

    def _find_roots(self, group: str) -> list[str]:
        mine = [f.path for f in self.fields if f.group == group]
        others = [f.path for f in self.fields if f.group != group]
        roots: list[str] = []
        for path in mine:
            parts = path.split(".")
            for i in range(1, len(parts) + 1):
                prefix = ".".join(parts[:i])
                if not any(o == prefix or o.startswith(prefix + ".") for o in others):
                    if prefix not in roots:
                        roots.append(prefix)
                    break
        return roots

    def _alternative(self, data: dict[str, Any], errors: list[FieldError]) -> str:
        given = []
        for name, label in self.alternatives:
            present = [r for r in self.group_roots(name) if _has_path(data, r)]
            if present:
                given.append((name, label, present))
        if len(given) > 1:
            first = given[0]
            for _name, label, present in given[1:]:
                for path in present:
                    errors.append(FieldError(path, f"give either \"{first[1].lower()}\" ({', '.join(first[2])}) "
                                                   f"or \"{label.lower()}\" ({', '.join(present)}), not both"))
        return given[0][0] if given else self.alternatives[0][0]

    def _rulings(self, given: Any, errors: list[FieldError]) -> dict[str, str]:
        chosen = {r.id: r.default for r in self.rulings}
        if not isinstance(given, dict):
            errors.append(FieldError("rulings", f"must be an object of ruling id -> choice, not {_type_name(given)}"))
            return chosen
        known = {r.id: r for r in self.rulings}
        for key, value in given.items():
            ruling = known.get(key)
            if ruling is None:
                ids = ", ".join(sorted(known)) or "none"
                errors.append(FieldError(f"rulings.{key}", f"unknown ruling for {self.system} (known: {ids})"))
            elif not isinstance(value, str) or value not in ruling.values:
                shown = _show(value) if isinstance(value, (str, int)) else _type_name(value)
                allowed = ", ".join(_show(v) for v in ruling.values)
                errors.append(FieldError(f"rulings.{key}", f"{shown} is not a choice of this ruling: must be one of {allowed}"))
            else:
                chosen[key] = value
        return chosen


def _has_path(data: Any, path: str) -> bool:
    """Whether a nested dict holds a key at the dotted ``path``."""
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _tree(fields: tuple[Field, ...]) -> dict[str, Any]:
    """Nest flat dotted paths into a dict of dicts whose leaves are Fields."""
    root: dict[str, Any] = {}
    for f in fields:
        node = root
        *parents, leaf = f.path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = f
    return root


def _walk(tree: dict[str, Any], data: dict[str, Any], prefix: str, errors: list[FieldError]) -> dict[str, Any]:
    """Validate one object level against its subtree, collecting every error."""
    out: dict[str, Any] = {}
    for key in data:
        if key not in tree:
            where = f"{prefix}{key}"
            allowed = ", ".join(sorted(tree))
            errors.append(FieldError(where, f"unknown field (allowed here: {allowed})"))
    for key, spec in tree.items():
        if spec is None:  # handled by the caller (system, rulings)
            continue
        path = f"{prefix}{key}"
        present = key in data
        value: Any = data.get(key)
        if isinstance(spec, Field):
            if not present or (value is None and spec.optional):
                if not present and spec.default is None and not spec.optional:
                    errors.append(FieldError(path, f"is required: {spec.describe_range()}"))
                out[key] = list(spec.default) if isinstance(spec.default, tuple) else spec.default
                continue
            problem = check_value(spec, value)
            if problem:
                errors.append(FieldError(path, problem))
            elif spec.kind == "records":
                value = _records(spec, value, path, errors)
            out[key] = whole(spec, value) if not problem else spec.default
            continue
        if not present:
            out[key] = _walk(spec, {}, path + ".", errors)
        elif not isinstance(value, dict):
            errors.append(FieldError(path, f"must be an object, not {_type_name(value)}"))
            out[key] = _walk(spec, {}, path + ".", errors)
        else:
            out[key] = _walk(spec, value, path + ".", errors)
    return out


def _records(spec: Field, items: list[Any], path: str, errors: list[FieldError]) -> list[dict[str, Any]]:
    """Validate each item of a ``records`` list against the item fields; errors name ``path.i.field``."""
    out, found = _checked_records(spec, items, path)
    errors.extend(found)
    return out


@recent_calls(4)
def _checked_records(spec: Field, items: list[Any], path: str) -> tuple[list[dict[str, Any]], tuple[FieldError, ...]]:
    """``_records`` for one list, remembered: a map's records arrive as the same list while the user moves
    the attacker or the target (see ``memo``); the clean list is shared, so nothing may change it."""
    tree = _tree(spec.item_fields)
    out = []
    errors: list[FieldError] = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            errors.append(FieldError(f"{path}.{i}", f"must be an object, not {_type_name(item)}"))
            continue
        out.append(_walk(tree, item, f"{path}.{i}.", errors))
    return out, tuple(errors)


def flatten(scenario: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested scenario -> flat dotted paths (the inverse of the validation tree)."""
    flat: dict[str, Any] = {}
    for key, value in scenario.items():
        if isinstance(value, dict) and key != "rulings":
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def nest(flat: dict[str, Any]) -> dict[str, Any]:
    """Flat dotted paths -> nested scenario dict."""
    root: dict[str, Any] = {}
    for path, value in flat.items():
        node = root
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return root
