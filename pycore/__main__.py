"""Command line: ``python -m pycore evaluate [FILE|-]`` prints the result as JSON; ``python -m pycore map FILE`` prints
the square map of a Universal VTT export."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn, TextIO

from . import SYSTEMS, ScenarioError, evaluate
from .maps import uvtt
from .schema import parse_json

USAGE = "usage: python -m pycore evaluate [FILE|-] | python -m pycore map FILE"
PIPE_CLOSED = 1
"""Exit status when whoever reads the output stops reading (``| head``): the answer was not all delivered."""


class UsageError(Exception):
    """The command line itself is wrong (unknown command, extra arguments)."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, with help printed to the stream given to ``main`` and usage mistakes raised, so they
    come out as the contract's JSON errors."""

    def __init__(self, *args: Any, out: TextIO, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.out = out
        """Where ``--help`` is printed."""

    def print_help(self, file: Any = None) -> None:
        """The help, on ``out`` unless a file is given."""
        super().print_help(file or self.out)

    def error(self, message: str) -> NoReturn:
        """A usage mistake: raise it instead of printing to stderr and exiting."""
        raise UsageError(f"{message} ({USAGE})")


def parser(stdout: TextIO) -> Parser:
    """The argument parser; ``--help`` prints to ``stdout``."""
    top = Parser(prog="python -m pycore", out=stdout,
                 description=f"Exact answers for tabletop combat-environment rules ({', '.join(SYSTEMS)}): "
                             "one scenario as JSON in, the result as JSON out.",
                 epilog='Exit status: 0 with the result; 2 with {"errors": [...]} on stdout for invalid input.')
    commands = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    run = commands.add_parser("evaluate", out=stdout, help="evaluate one scenario and print the result",
                              description="Read one scenario (JSON) and print the result as JSON on stdout.")
    run.add_argument("file", nargs="?", default="-", metavar="FILE",
                     help="the scenario file; '-' or nothing reads standard input")
    convert = commands.add_parser("map", out=stdout, help="print the square map of a Universal VTT export",
                                  description="Read a Universal VTT export (.dd2vtt, .uvtt, .df2vtt) and print the "
                                              "contract's map object (walls, doors, lights; not the picture).")
    convert.add_argument("file", metavar="FILE", help=f"the export; '-' reads standard input (at most "
                                                      f"{uvtt.MAX_BYTES // (1024 * 1024)} MB)")
    return top


def _map(source: str, stdin: TextIO, stdout: TextIO) -> int:
    """``map FILE``: the export's map object, or its errors."""
    limit = uvtt.MAX_BYTES
    try:
        if source == "-":
            raw: str | bytes = stdin.read(limit + 1)
        else:
            if os.path.getsize(source) > limit:
                size = os.path.getsize(source) / 1e6
                return _fail([{"field": "", "message": f"the file is {size:.1f} MB: exports larger than "
                                                       f"{limit // (1024 * 1024)} MB are not read"}], stdout)
            with open(source, "rb") as f:
                raw = f.read()
    except OSError as exc:
        return _fail([{"field": "", "message": f"cannot read {source}: {exc}"}], stdout)
    try:
        result = uvtt.convert(raw)
    except ScenarioError as exc:
        return _fail(exc.errors, stdout)
    json.dump(result, stdout, indent=2)
    stdout.write("\n")
    return 0


def _fail(errors: list[dict[str, str]], out: TextIO) -> int:
    json.dump({"errors": errors}, out, indent=2)
    out.write("\n")
    return 2


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; return the exit status (0 ok or help shown, 2 invalid input or usage)."""
    try:
        args = parser(stdout).parse_args(argv)
    except UsageError as exc:
        return _fail([{"field": "", "message": str(exc)}], stdout)
    except SystemExit as exc:  # --help: argparse has printed it
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        return _fail([{"field": "", "message": USAGE}], stdout)
    if args.command == "map":
        return _map(args.file, stdin, stdout)
    source = args.file
    try:
        if source == "-":
            text = stdin.read()
        else:
            with open(source, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail([{"field": "", "message": f"cannot read {source}: {exc}"}], stdout)
    try:
        scenario = parse_json(text)
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


def run() -> int:
    """``main`` on the real streams; a reader that closes the pipe early ends it quietly, without a traceback."""
    try:
        status = main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout once more on exit; point it at devnull so that flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED
    return status


if __name__ == "__main__":
    sys.exit(run())
