# The calculator engine's worker entry: pycore (unpacked from the site's zip) answering the page.
import gc

import js
from pyscript import sync
from pyscript.ffi import create_proxy

from pycore.browser import handle

_held: list[object] = []
"""The promises that keep this worker's locks: never settled, and kept here so that nothing collects them."""


def _keep(lock: object) -> object:
    """A promise that never settles, kept: the lock it is given is held while the worker lives."""
    promise = js.Promise.new(create_proxy(lambda resolve, reject: None))
    _held.append(promise)
    return promise


def hold(name: str) -> bool:
    """Ask for the lock ``name`` and never let it go: the page, asking for it next, is granted it only once this
    worker has ended (the browser lets a dead worker's locks go). False where the browser has no Web Locks."""
    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return False
    locks.request(name, create_proxy(_keep))
    return True


sync.handle = handle
sync.hold = hold
# Everything loaded so far lives as long as the worker: the collector need not walk it on every full pass.
gc.freeze()
