"""A scenario in a link: the ``#s=`` fragment, encoded and decoded, and how deeply JSON nests before it is parsed."""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from .schema import parse_json

MAX_FRAGMENT = 262_144
"""Longest ``#s=`` fragment accepted: most scenarios are a few hundred characters, but a square map imported from a
map maker keeps its walls and doors in the link (400 wall segments are about 23,000 characters; a few thousand,
about 200,000), and browsers keep addresses of a megabyte and more."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects parsed; scenarios need 5. Deeper JSON is refused unparsed:
under Pyodide a few thousand levels overflow the JavaScript stack before Python's recursion limit,
which kills the engine for good."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string (or its unclosed start), written as an unrolled loop so a big map's request is scanned quickly."""
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings do not count)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def encode_fragment(scenario: dict[str, Any]) -> str:
    """Scenario -> base64url (no padding) of its compact UTF-8 JSON."""
    text = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (JavaScript strings may hold one): keep it as a JSON escape
        data = json.dumps(scenario, separators=(",", ":")).encode("ascii")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode_fragment(fragment: str) -> Any:
    """``#s=...`` (or the bare payload) -> the JSON value; ValueError says why not."""
    if len(fragment) > MAX_FRAGMENT:
        raise ValueError(f"the link's scenario is too long ({len(fragment)} characters)")
    payload = fragment.lstrip("#")
    if not payload.startswith("s="):
        raise ValueError("the link does not hold a scenario (expected #s=...)")
    payload = payload[2:]
    if not re.fullmatch(r"[A-Za-z0-9_-]*", payload):
        raise ValueError("the link's scenario is not valid base64url")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        text = raw.decode("utf-8")
        if nesting_depth(text) > MAX_DEPTH:
            raise ValueError("the link's scenario is nested too deeply")
        return parse_json(text)
    except (binascii.Error, ValueError) as exc:
        if str(exc).startswith("the link"):
            raise
        if isinstance(exc, UnicodeDecodeError):
            reason = "not UTF-8 text"
        elif isinstance(exc, json.JSONDecodeError):
            reason = "not valid JSON"
        else:
            reason = "truncated or corrupted"
        raise ValueError(f"the link's scenario is {reason}") from None
    except RecursionError:
        raise ValueError("the link's scenario is nested too deeply") from None
