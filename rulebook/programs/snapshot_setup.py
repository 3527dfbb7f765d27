"""Run inside Pyodide by snapshot.mjs before the memory snapshot is taken: the engine, imported."""

import gc
import importlib
import json
import os
import pkgutil
import sys
import types
import zipfile
import zipimport

zipfile.ZipFile("/tmp/engine.zip").extractall("/home/pyodide")  # where the loader unpacks it without a snapshot
os.remove("/tmp/engine.zip")
with open("/tmp/snapshot.json", encoding="utf-8") as _f:
    _settings = json.load(_f)
os.remove("/tmp/snapshot.json")
import pycore  # noqa: E402 (unpacked just above)

for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if _info.name != "pycore.__main__":
        importlib.import_module(_info.name)
_engine = types.ModuleType("_engine_start")
exec(compile(_settings["start"], "_engine_start", "exec"), _engine.__dict__)
_zip = next(p for p in sys.path if p.endswith(".zip"))
if os.path.exists("/tmp/after.zip"):
    # The archive pages restoring the image load: the one Pyodide started from without the files of the
    # modules imported above, which the image holds. Each file it leaves out must be imported by now.
    with zipfile.ZipFile(_zip) as _before, zipfile.ZipFile("/tmp/after.zip") as _after:
        _gone = set(_before.namelist()) - set(_after.namelist())
    _files = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    _missing = sorted(n for n in _gone if not n.endswith("/") and f"{_zip}/{n}" not in _files)
    if _missing:
        raise RuntimeError(f"the snapshot's standard library leaves out modules it did not import: {_missing}")
    os.replace("/tmp/after.zip", _zip)
    sys.path_importer_cache.pop(_zip, None)  # the next import reads the new archive's directory
    zipimport._zip_directory_cache.clear()  # type: ignore[attr-defined]
    del _before, _after, _gone, _files, _missing
with open(_zip, "rb") as _archive:  # only its end: a whole read would leave 2.5 MB of it in the image
    _archive.seek(-64, 2)
    _engine.STDLIB = (os.path.getsize(_zip), _archive.read())  # type: ignore[attr-defined]
sys.modules["_engine_start"] = _engine
del _settings, _info, _engine, _zip, _f, _archive
os.environ.pop("_", None)  # the build machine's script path
gc.collect()  # what the imports left unreachable is freed before the free memory is zeroed
