"""Long work's progress: a loop says how far it is, and a listener (the page's worker) hears it now and then."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

PERIOD = 0.25
"""Seconds between two reports at most one of which is passed on: often enough for a heartbeat and a progress bar,
rarely enough to cost nothing."""

Listener = Callable[[int, int], None]
"""Hears ``(done, total)``."""

_T = TypeVar("_T")


class _Hearing:
    """The one listener, and when it last heard."""

    listener: Listener | None = None
    last = 0.0


def listen(listener: Listener | None) -> None:
    """Pass reports on to ``listener`` from now on (None: to nobody, the default)."""
    _Hearing.listener = listener
    _Hearing.last = 0.0


def working(done: int, total: int) -> None:
    """Report that ``done`` of ``total`` steps are done; passed on only if PERIOD has gone by since the last one."""
    listener = _Hearing.listener
    if listener is None:
        return
    now = time.monotonic()
    if now - _Hearing.last < PERIOD:
        return
    _Hearing.last = now
    listener(done, total)


def counted(items: Iterable[_T]) -> Iterator[_T]:
    """``items`` one by one, each step reported to the listener (``working``)."""
    steps = list(items)
    for done, item in enumerate(steps):
        working(done, len(steps))
        yield item
