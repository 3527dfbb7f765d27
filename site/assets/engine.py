# The calculator engine's worker entry: pycore (unpacked from the site's zip) answering the page.
from pyscript import sync

from pycore.browser import handle

sync.handle = handle
