"""Run inside Pyodide by snapshot.mjs before the memory snapshot is taken: the engine, imported, and PyScript's
Python package compiled."""

import gc
import importlib
import importlib.machinery
import importlib.util
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

# The image is made under -OO (snapshot.ENV); pycore is compiled as without it, its asserts and docstrings kept.
_compile = importlib.machinery.SourceFileLoader.source_to_code


def _as_usual(self: object, data: bytes, path: str, *, _optimize: int = -1) -> types.CodeType:
    """A module's code compiled at optimization level 0, whatever the interpreter's."""
    return compile(data, path, "exec", dont_inherit=True, optimize=0)


importlib.machinery.SourceFileLoader.source_to_code = _as_usual  # type: ignore[method-assign,assignment]
import pycore  # noqa: E402 (unpacked just above)

for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if _info.name != "pycore.__main__":
        importlib.import_module(_info.name)
importlib.machinery.SourceFileLoader.source_to_code = _compile  # type: ignore[method-assign]
_made = {"optimize": sys.flags.optimize, "json's docstring": json.__doc__ is not None, "pycore's": bool(pycore.__doc__)}
if _made != {"optimize": 2, "json's docstring": False, "pycore's": True}:
    raise RuntimeError(f"the snapshot is meant to be made under -OO, pycore compiled as usual: {_made}")
_engine = types.ModuleType("_engine_start")
exec(compile(_settings["start"], "_engine_start", "exec"), _engine.__dict__)
# PyScript's worker writes its Python package into its working folder at each start, then imports it. The standard
# library's modules it needs are imported now, and its files compiled (as PyScript's worker would, under -OO) into
# pycs checked against their text, which _engine_start writes where the import looks: the same text is not compiled
# again, another text is compiled as usual.
for _name in _settings["imports"]:
    importlib.import_module(_name)
_pycs = {}
for _path, _source in _settings["pyscript"].items():
    _data = _source.encode("utf-8")  # as PyScript writes it
    _code = compile(_data, _path, "exec", dont_inherit=True)
    _pycs[importlib.util.cache_from_source(_path)] = importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        _code, importlib.util.source_hash(_data), True)
_engine.PYSCRIPT = _pycs  # type: ignore[attr-defined]
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
for _name in ("_", "PYTHONOPTIMIZE", "PYTHONNODEBUGRANGES"):  # the build machine's script path, CPython's settings
    os.environ.pop(_name, None)
del _settings, _info, _engine, _zip, _f, _archive, _compile, _as_usual, _name, _made, _pycs, _path, _source, _data, _code
gc.collect()  # what the imports left unreachable is freed before the free memory is zeroed
