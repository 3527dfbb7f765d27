"""Remembering the last few calls, for the work a page repeats on every change of a big map.

A calculator sends its whole form on every change, and on a 40 x 40 map that is hundreds of obstacles
the user did not touch. The engine keeps the very list it parsed from the same text (``browser``), so
the steps after it are given the same list object again and can answer from their last calls instead
of walking every record anew. Values handed out here are shared between calls: callers only read them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_MEMOS: list[Callable[[], None]] = []
"""How to forget each remembering function's calls (``forget_all``)."""

_BY_IDENTITY = (list, dict)
"""Arguments of these types match only themselves (``is``): their content may not be hashed or compared
in the time a click has, and the same object is exactly what this is for."""


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, _BY_IDENTITY) or isinstance(b, _BY_IDENTITY):
        return False
    return type(a) is type(b) and a == b


def recent_calls(size: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorator: remember the results of the last ``size`` calls; a call with the same arguments (lists
    and dicts the very same objects, anything else equal and of the same type) returns the remembered
    result. Arguments are held, so an identity cannot be reused by a new object while remembered."""

    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        calls: list[tuple[tuple[Any, ...], T]] = []

        @functools.wraps(fn)
        def wrapper(*args: Any) -> T:
            for i, (seen, value) in enumerate(calls):
                if len(seen) == len(args) and all(_same(a, b) for a, b in zip(args, seen)):
                    if i:
                        calls.insert(0, calls.pop(i))
                    return value
            value = fn(*args)
            calls.insert(0, (args, value))
            del calls[size:]
            return value

        _MEMOS.append(calls.clear)
        return wrapper

    return decorate


def forget_all() -> None:
    """Forget every remembered call (tests compare answers with and without them; the benchmark starts cold)."""
    for clear in _MEMOS:
        clear()
