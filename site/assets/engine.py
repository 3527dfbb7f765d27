# The calculator engine's worker entry: pycore (unpacked from the site's zip) answering the page.
import gc

import js
from pyscript import sync
from pyscript.ffi import create_proxy

from pycore.browser import handle


def hold(name: str) -> bool:
    """Ask for the lock ``name`` and never let it go: the page, asking for it next, is granted it only once this
    worker has ended (the browser lets a dead worker's locks go). False where the browser has no Web Locks."""
    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return False
    forever = create_proxy(lambda lock: js.Promise.new(create_proxy(lambda resolve, reject: None)))
    locks.request(name, forever)
    return True


sync.handle = handle
sync.hold = hold
# Everything loaded so far lives as long as the worker: the collector need not walk it on every full pass.
gc.freeze()
