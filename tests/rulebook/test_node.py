"""rulebook.shipping.node: one way to run the build's Node programs and say why one failed."""

import shutil
from pathlib import Path

import pytest

from rulebook.shipping import node


def test_node_failure_gives_pythons_traceback():
    """A Pyodide error reads as Python's traceback, without the minified source Node prints before it or the
    JavaScript stack after it; any other failure as the end of what Node printed."""
    stderr = ("file:///x/pyodide.asm.mjs:1\n" + "var a=1;" * 5000 + "\n\nPythonError: Traceback (most recent call last):\n"
              '  File "<exec>", line 52, in <module>\nNameError: name \'_name\' is not defined\n\n'
              "    at new_error (file:///x/pyodide.asm.mjs:1:568655)\n    at Object.runPython (file:///x:1:2)\n")
    assert node.node_failure(stderr) == ("Traceback (most recent call last):\n"
                                            '  File "<exec>", line 52, in <module>\nNameError: name \'_name\' is not defined')
    assert node.node_failure("x" * 600 + "Error: no such file\n") == ("x" * 600 + "Error: no such file")[-500:]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_a_job_that_writes_its_file_succeeds_and_one_that_throws_says_why(tmp_path: Path):
    """A program that writes its output answers None; one that exits without it answers its exit and what it printed."""
    good = tmp_path / "good.mjs"
    good.write_text('import {readFileSync, writeFileSync} from "node:fs";\n'
                    'const job = JSON.parse(readFileSync(process.argv[2], "utf8"));\nwriteFileSync(job.out, "ok");\n')
    bad = tmp_path / "bad.mjs"
    bad.write_text('throw new Error("the recipe is broken");\n')
    out = tmp_path / "out.txt"
    assert node.run_job(good, tmp_path, {"out": str(out)}, out) is None
    assert out.read_text() == "ok"
    failed = node.run_job(bad, tmp_path, {}, tmp_path / "never.txt")
    assert failed is not None and failed.startswith("node exited 1") and "the recipe is broken" in failed
