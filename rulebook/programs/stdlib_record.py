"""Run inside Pyodide by stdlib_record.mjs: the engine imported and asked every kind of question; the
standard library's files then in use, as the JSON list this program's value."""

import contextlib
import importlib
import json
import os
import pkgutil
import sys
import zipfile

zipfile.ZipFile("/tmp/engine.zip").extractall("/home/pyodide")  # where PyScript unpacks it in the browser
os.remove("/tmp/engine.zip")
with open("/tmp/record.json", encoding="utf-8") as _f:
    _settings = json.load(_f)
os.remove("/tmp/record.json")
for _name in _settings["imports"]:
    with contextlib.suppress(ImportError):  # a name PyScript's package imports from outside the standard library (js)
        importlib.import_module(_name)
import pycore  # noqa: E402 (unpacked just above)
from pycore.browser import handle  # noqa: E402
from pycore.systems import SYSTEMS  # noqa: E402

for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if _info.name != "pycore.__main__":
        importlib.import_module(_info.name)
for _system in SYSTEMS:
    for _request in _settings["requests"]:
        handle(json.dumps({**_request, "system": _system}))
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
_files = [getattr(m, "__file__", None) or "" for m in list(sys.modules.values())]
json.dumps(sorted({f[len(_zip):] for f in _files if f.startswith(_zip)}))
