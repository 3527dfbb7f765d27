# The calculator engine's worker entry: pycore (unpacked from the site's zip) answering the page.
import gc

from pyscript import sync

from pycore.browser import handle

sync.handle = handle
# Everything loaded so far lives as long as the worker: the collector need not walk it on every full pass.
gc.freeze()
