"""The engine's archive: pycore zipped once per build, named by its content."""

import io
import zipfile
from pathlib import Path

from rulebook.project import PYCORE
from rulebook.shipping import archive


def test_archive_holds_pycore_and_is_deterministic():
    """Every pycore source under ``pycore/``, fixed timestamps, the same bytes twice, named by hash."""
    first, second = archive.pycore_archive(PYCORE), archive.pycore_archive(PYCORE)
    assert first == second and first.name.startswith("pycore-") and first.name.endswith(".zip")
    with zipfile.ZipFile(io.BytesIO(first.data)) as zf:
        names = zf.namelist()
        assert names == sorted(names) and "pycore/__init__.py" in names
        assert {info.date_time for info in zf.infolist()} == {archive.DATE}
    assert len(names) == len(list(PYCORE.rglob("*.py")))


def test_name_follows_content(tmp_path: Path):
    """A changed source is a new name: browsers never run stale code."""
    package = tmp_path / "pycore"
    package.mkdir()
    (package / "__init__.py").write_text("A = 1\n")
    one = archive.pycore_archive(package)
    (package / "__init__.py").write_text("A = 2\n")
    assert archive.pycore_archive(package).name != one.name


def test_write_replaces_earlier_archives(tmp_path: Path):
    """The build's archive is written; those of earlier builds in the folder go."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "pycore-old.zip").write_bytes(b"old")
    made = archive.Archive("pycore-new.zip", b"new")
    archive.write_archive(tmp_path, made)
    assert [p.name for p in (tmp_path / "assets").iterdir()] == ["pycore-new.zip"]
