"""Command line: ``python -m pycore evaluate [FILE|-]`` prints the result as JSON."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from . import ScenarioError, evaluate

USAGE = "usage: python -m pycore evaluate [FILE|-]"


def _fail(errors: list[dict[str, str]], out: TextIO) -> int:
    json.dump({"errors": errors}, out, indent=2)
    out.write("\n")
    return 2


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; return the exit status (0 ok, 2 invalid input or usage)."""
    if not argv or argv[0] != "evaluate" or len(argv) > 2:
        return _fail([{"field": "", "message": USAGE}], stdout)
    source = argv[1] if len(argv) == 2 else "-"
    try:
        if source == "-":
            text = stdin.read()
        else:
            with open(source, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail([{"field": "", "message": f"cannot read {source}: {exc}"}], stdout)
    try:
        scenario = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail([{"field": "", "message": f"malformed JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"}], stdout)
    except RecursionError:
        return _fail([{"field": "", "message": "malformed JSON: nested too deeply"}], stdout)
    try:
        result = evaluate(scenario)
    except ScenarioError as exc:
        return _fail(exc.errors, stdout)
    json.dump(result, stdout, indent=2)
    stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
