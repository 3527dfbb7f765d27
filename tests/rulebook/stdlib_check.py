"""Run inside Pyodide, started from the trimmed standard library, by test_stdlib.py: every pycore module
imported, every scenario evaluated and shown, and the page's requests for it answered; the value is the
JSON list of what failed (empty when the trimmed library holds all the engine needs)."""

import importlib
import json
import os
import pkgutil
import traceback
import zipfile

zipfile.ZipFile("/tmp/engine.zip").extractall("/home/pyodide")
os.remove("/tmp/engine.zip")
with open("/tmp/record.json", encoding="utf-8") as _f:
    _settings = json.load(_f)
_failed = []
for _name in _settings["imports"]:
    try:
        importlib.import_module(_name)
    except ImportError as exc:
        _failed.append(f"import {_name}: {exc}")
import pycore  # noqa: E402
from pycore import ScenarioError, evaluate  # noqa: E402
from pycore.page.handler import encode_fragment, handle  # noqa: E402
from pycore.page.render import result_html, summary_text  # noqa: E402

for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if _info.name != "pycore.__main__":
        try:
            importlib.import_module(_info.name)
        except Exception:
            _failed.append(traceback.format_exc())
for _case in _settings["scenarios"]:
    _scenario = _case["scenario"]
    try:
        _result = evaluate(_scenario)
        result_html(_result, "", _scenario)
        summary_text(_result)
    except ScenarioError:  # a page's preset that the form completes
        pass
    except Exception:
        _failed.append(traceback.format_exc())
    _restored = json.loads(handle(json.dumps({"op": "restore", "system": _scenario["system"],
                                              "fragment": "#s=" + encode_fragment(_scenario)})))
    if "values" not in _restored:  # a preset the form completes: the defaults, asked as they are
        _restored = {"values": {}}
    _values = {k: v if isinstance(v, (bool, str)) else json.dumps(v) for k, v in _restored["values"].items()
               if k != "_alternative"}
    for _board in (True, {"frame": "", "shown": {}}):
        _reply = json.loads(handle(json.dumps({"op": "evaluate", "system": _scenario["system"], "values": _values,
                                               "board": _board, "base": ""})))
        _errors = json.dumps(_reply.get("errors", ""))
        if "internal engine error" in _errors:
            _failed.append(f"{_case['id']}: {_errors}")
json.dumps(_failed)
