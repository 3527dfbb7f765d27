"""Sizes a reader can hold: no module of the engine or the build over 500 lines, no function over 60."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE_LINES = 500
FUNCTION_LINES = 60
SOURCES = sorted([*ROOT.glob("pycore/**/*.py"), *ROOT.glob("rulebook/**/*.py")])


def _functions(tree: ast.AST) -> list[tuple[str, int]]:
    """Each function's name and length in lines, nested ones too."""
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None]


def test_the_sources_are_found():
    """The glob reaches the engine's layers and the build, so an empty list cannot pass the checks below."""
    folders = {p.relative_to(ROOT).parts[1] for p in SOURCES if len(p.relative_to(ROOT).parts) > 2}
    assert {"geometry", "maps", "systems", "views", "page", "shortcodes", "shipping"} <= folders


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_and_function_sizes(path):
    """A module of at most 500 lines, each function at most 60: longer ones are split by what they hold."""
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= MODULE_LINES, f"{path.name}: {text.count(chr(10))} lines"
    long = [(name, n) for name, n in _functions(ast.parse(text)) if n > FUNCTION_LINES]
    assert not long, f"{path.name}: functions over {FUNCTION_LINES} lines: {long}"


def test_a_long_function_is_caught():
    """The measure itself: a function of 61 lines is over, one of 60 is not."""
    body = "\n".join(f"    x{i} = {i}" for i in range(59))
    assert _functions(ast.parse(f"def ok():\n{body}\n")) == [("ok", 60)]
    assert _functions(ast.parse(f"def long():\n{body}\n    y = 0\n")) == [("long", 61)]
