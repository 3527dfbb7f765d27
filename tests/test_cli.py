"""The command line: JSON out on stdout, exit 0 or 2, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, stdin=""):
    """Run ``python -m pycore`` as a user would; return (status, parsed stdout, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "pycore", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def test_stdin_scenario():
    """A valid scenario on stdin: exit 0 and the result; one partial obstacle in dim light is level 2."""
    status, out, err = cli("evaluate", stdin=json.dumps(
        {"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}}))
    assert status == 0 and err == ""
    assert out["cover_level"] == 2 and out["hits_on"] == 6 and out["hit_chance_exact"] == "1/6"


def test_file_argument_and_dash(tmp_path):
    """FILE and ``-`` both work."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"system": "skirmish-d6", "light": "dark"}))
    status, out, _ = cli("evaluate", str(path))
    assert status == 0 and out["targetable"] is False and out["sanity_vulnerable"] is True
    status, out, _ = cli("evaluate", "-", stdin=path.read_text())
    assert status == 0 and out["cover_level"] == "total"


@pytest.mark.parametrize(("stdin", "field"), [
    ("{", ""),
    ("", ""),
    ("[]", ""),
    ('{"system": "skirmish-d6", "light": "purple"}', "light"),
    ('{"system": "skirmish-d6", "attack": {"hits_on": 0}}', "attack.hits_on"),
    ('{"system": "skirmish-d6", "typo": true}', "typo"),
    ('{"system": "gurps"}', "system"),
    ("[" * 100000, ""),
])
def test_invalid_input_exit_2_with_field_errors(stdin, field):
    """Invalid input: exit 2, ``{"errors": [...]}`` on stdout naming the field, nothing on stderr."""
    status, out, err = cli("evaluate", stdin=stdin)
    assert status == 2
    assert err == ""
    assert out["errors"][0]["field"] == field
    assert out["errors"][0]["message"]


def test_missing_file_and_bad_usage():
    """A missing file, an unknown command, no command or an extra argument is a clean error, not a traceback."""
    status, out, err = cli("evaluate", "/nonexistent/x.json")
    assert status == 2 and "cannot read" in out["errors"][0]["message"] and err == ""
    for args in (("frobnicate",), (), ("evaluate", "a.json", "b.json")):
        status, out, err = cli(*args)
        assert status == 2 and "usage" in out["errors"][0]["message"] and err == "", args


@pytest.mark.parametrize("args", [("--help",), ("-h",), ("evaluate", "--help")])
def test_help_is_plain_usage_text(args):
    """``--help`` prints argparse's usage and options on stdout, as any command does, and exits 0."""
    proc = subprocess.run([sys.executable, "-m", "pycore", *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("usage: python -m pycore")
    assert "-h, --help" in proc.stdout
    assert ("FILE" if "evaluate" in args else "evaluate") in proc.stdout


@pytest.mark.parametrize("args", [("evaluate",), ("--help",)])
def test_a_closed_pipe_ends_quietly(args):
    """A reader that has gone (``| head``) ends the command quietly: no traceback, no BrokenPipeError."""
    proc = subprocess.Popen([sys.executable, "-m", "pycore", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()  # nobody reads: the first write fails
    _, err = proc.communicate(json.dumps({"system": "skirmish-d6", "light": "dim"}).encode(), timeout=60)
    assert err == b""
    assert proc.returncode in (0, 1)  # 1 when the lost output is noticed


def test_not_utf8_file(tmp_path):
    """A file that is not UTF-8 is reported, not crashed on."""
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"system": "\xff\xfe"}')
    status, _out, err = cli("evaluate", str(path))
    assert status == 2 and err == ""


@pytest.mark.parametrize(("where", "field"), [
    ('{"system": "skirmish-d6", "map": {"cols": %s}}', "map.cols"),
    ('{"system": "classic-d20", "target": {"ac": -%s}}', "target.ac"),
    ('{"system": "classic-d20", "map": {"attacker": [0, 0], "target": [2, 0], "obstacles": [{"hex": [%s, 0]}]}}',
     "map.obstacles.0.hex"),
    ('{"system": %s}', "system"),
])
def test_a_whole_number_beyond_pythons_digit_limit_names_its_field(where, field):
    """A JSON integer of 5,000 digits (past Python's 4,300-digit integer-string limit): exit 2 and the usual field
    error naming where it stands, no traceback."""
    status, out, err = cli("evaluate", stdin=where % ("9" * 5000))
    assert status == 2 and err == ""
    assert out["errors"][0]["field"] == field
    assert "5000 digits" in out["errors"][0]["message"] or "5001 digits" in out["errors"][0]["message"]
