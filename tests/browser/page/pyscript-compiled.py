# Appended to a copy of the engine's Python: says, on the worker's global `pyscriptCompiled`, how each module of
# PyScript's package was loaded (its pyc a checked one matching its file's text, or not) and whether this Python
# writes pycs itself (then a pyc could be the start's own work).
import importlib.util as _util
import json as _json
import sys as _sys
import types as _types

import js


def _compiled(module):
    """True when the module's pyc is checked against its source's hash and matches its file's text."""
    try:
        with open(module.__cached__, "rb") as pyc, open(module.__file__, "rb") as source:
            head, text = pyc.read(16), source.read()
    except (AttributeError, TypeError, OSError):
        return False
    return int.from_bytes(head[4:8], "little") == 3 and head[8:16] == _util.source_hash(text)


js.pyscriptCompiled = _json.dumps({
    "modules": {name: _compiled(m) for name, m in sorted(_sys.modules.items())
                if name.split(".")[0] == "pyscript" and isinstance(m, _types.ModuleType)},
    "writes_pycs": not _sys.dont_write_bytecode,
})
