"""Every browser test fails on console errors, page errors and foreign requests.

The ``watch`` fixture (browser/conftest.py) records them for a context it is attached to and ``watch.check()``
fails the test. The ``context``/``page`` fixtures do both; a test or fixture that opens its own
context must do both itself. This reads the test sources and says which do not.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _calls(node: ast.AST) -> set[str]:
    """Dotted names of everything called inside ``node`` (``browser.new_context``, ``watch.check``, ``helper``)."""
    names = set()
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        parts = []
        func = call.func
        while isinstance(func, ast.Attribute):
            parts.append(func.attr)
            func = func.value
        if isinstance(func, ast.Name):
            parts.append(func.id)
        names.add(".".join(reversed(parts)))
    return names


def _functions() -> list[tuple[str, ast.FunctionDef]]:
    out = []
    for path in sorted([*TESTS.glob("test_*.py"), TESTS / "conftest.py", TESTS / "support.py"]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out += [(path.name, f) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    return out


def test_every_own_context_is_watched_and_checked():
    """Whoever opens a browser context attaches the watch; whoever uses one it did not get from ``context`` checks it."""
    functions = _functions()
    opens = {f.name for _, f in functions if any(c.endswith("browser.new_context") for c in _calls(f))}
    helpers = {f.name for _, f in functions if f.name in opens and not f.name.startswith("test_")
               and any(isinstance(n, ast.Return) for n in ast.walk(f))}
    unwatched, unchecked = [], []
    for module, f in functions:
        calls = _calls(f)
        if f.name in opens and "watch.attach" not in calls:
            unwatched.append(f"{module}::{f.name}")
        uses = f.name in opens or bool(calls & helpers)
        if uses and f.name not in helpers and "watch.check" not in calls:
            unchecked.append(f"{module}::{f.name}")
    assert opens, "no test opens its own context: this check would prove nothing"
    assert unwatched == [], f"contexts opened without watch.attach: {unwatched}"
    assert unchecked == [], f"watched contexts never checked (watch.check()): {unchecked}"
