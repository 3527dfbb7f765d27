"""Run inside Pyodide by stdlib_record.mjs: the engine imported as the snapshot imports it, then asked
every kind of question; this program's value is the JSON of the standard library's files in use at each
point: ``start`` (what a snapshot holds already) and ``used`` (all)."""

import contextlib
import importlib
import json
import os
import pkgutil
import sys
import zipfile

zipfile.ZipFile("/tmp/engine.zip").extractall("/home/pyodide")  # where the loader unpacks it without a snapshot
os.remove("/tmp/engine.zip")
with open("/tmp/record.json", encoding="utf-8") as _f:
    _settings = json.load(_f)
os.remove("/tmp/record.json")
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"


def _in_use() -> list[str]:
    """The archive's files of the modules imported so far."""
    files = [getattr(m, "__file__", None) or "" for m in list(sys.modules.values())]
    return sorted({f[len(_zip):] for f in files if f.startswith(_zip)})


import pycore  # noqa: E402 (unpacked just above)

for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if _info.name != "pycore.__main__":
        importlib.import_module(_info.name)
for _name in _settings["start_imports"]:  # the snapshot imports them too (PyScript's worker needs them)
    importlib.import_module(_name)
_start = _in_use()
for _name in _settings["imports"]:
    with contextlib.suppress(ImportError):  # a SAFETY name this Pyodide's standard library does not have
        importlib.import_module(_name)
from pycore.page.handler import handle  # noqa: E402
from pycore.systems import SYSTEMS  # noqa: E402

for _system in SYSTEMS:
    for _request in _settings["requests"]:
        handle(json.dumps({**_request, "system": _system}))
json.dumps({"start": _start, "used": _in_use()})
