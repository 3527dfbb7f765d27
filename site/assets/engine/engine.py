"""The engine's worker, run by PyScript: pycore's page handler, a lock held for life and long work's progress,
exported to the page."""

import asyncio
import gc

import js
from pyscript import RUNNING_IN_WORKER

from pycore import progress
from pycore.page.handler import handle as _handle

if not RUNNING_IN_WORKER:
    raise RuntimeError("the engine runs in a worker only, never on the page's thread")

_held = []
"""The lock requests this worker never lets go of (kept so that they are not collected)."""


def handle(request):
    """A request's JSON to the reply's (pycore.page.handler.handle, which never raises)."""
    return _handle(str(request))


def hold(name):
    """Hold the Web Lock ``name`` while this worker lives; False where the browser has no Web Locks."""
    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return False
    forever = asyncio.get_event_loop().create_future()
    _held.append(forever)
    locks.request(str(name), lambda _lock: forever)
    return True


def listen(name):
    """Say how far long work is (``pycore.progress``) on the broadcast channel ``name``, as ``"done,total"``: the
    page hears that the worker is busy, not dead, while it cannot answer. False where there are no such channels."""
    open_channel = getattr(js, "BroadcastChannel", None)
    if open_channel is None:
        return False
    channel = open_channel.new(str(name))
    _held.append(channel)
    progress.listen(lambda done, total: channel.postMessage(f"{done},{total}"))
    return True


# Everything loaded so far lives as long as the worker: the collector need not walk it on every full pass.
gc.freeze()

__export__ = ["handle", "hold", "listen"]
