"""Precompressed copies: .gz and .br beside each compressible file, deterministic, never in the offline store."""

import gzip
from pathlib import Path

import pytest

from rulebook import precompress
from rulebook.precompress import is_copy

TEXT = ("const answer = 42; // the same line again and again\n" * 200).encode()


def site(root: Path) -> Path:
    """A tiny built site: a script worth compressing, a tiny page, an image, MkDocs's sitemap and its .gz."""
    files = {"assets/app.js": TEXT, "index.html": b"<p>hi</p>", "assets/icon.png": bytes(range(256)) * 20,
             "sitemap.xml": TEXT, "sitemap.xml.gz": gzip.compress(TEXT)}
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    return root


def test_copies_beside_compressible_files_only(tmp_path: Path):
    """A script gets .gz (and .br with brotli); a tiny page, an image and MkDocs's sitemap get none."""
    root = site(tmp_path / "site")
    written = {p.relative_to(root).as_posix() for p in precompress.precompress(root)}
    expected = {"assets/app.js.gz"} | ({"assets/app.js.br"} if precompress.BROTLI else set())
    assert written == expected
    assert gzip.decompress((root / "assets/app.js.gz").read_bytes()) == TEXT


@pytest.mark.skipif(precompress.BROTLI is None, reason="brotli is not installed")
def test_brotli_copy_decodes_to_the_file(tmp_path: Path):
    """The .br copy is the file, brotli-compressed."""
    root = site(tmp_path / "site")
    precompress.precompress(root)
    assert precompress.BROTLI.decompress((root / "assets/app.js.br").read_bytes()) == TEXT


def test_copies_are_deterministic_and_cached(tmp_path: Path):
    """Two builds write the same bytes; the second reads them from the cache by content."""
    cache = tmp_path / "cache"
    one = site(tmp_path / "one")
    two = site(tmp_path / "two")
    precompress.precompress(one, cache)
    kept = sorted(cache.iterdir())
    precompress.precompress(two, cache)
    assert sorted(cache.iterdir()) == kept
    assert (one / "assets/app.js.gz").read_bytes() == (two / "assets/app.js.gz").read_bytes()


def test_is_copy_tells_copies_from_site_files(tmp_path: Path):
    """x.gz beside x is a copy; MkDocs's sitemap.xml.gz and a .gz with nothing beside it are site files."""
    root = site(tmp_path / "site")
    precompress.precompress(root)
    assert is_copy(root / "assets/app.js.gz")
    assert not is_copy(root / "sitemap.xml.gz")
    (root / "assets/engine.snap.gz").write_bytes(b"x")
    assert not is_copy(root / "assets/engine.snap.gz")


def test_brotli_works_hardest_below_the_largest_files():
    """Quality 11 up to LARGE bytes; the largest files (the plain WebAssembly) at 9."""
    assert precompress.brotli_quality(precompress.LARGE - 1) == 11
    assert precompress.brotli_quality(precompress.LARGE) == 9
    assert precompress.brotli_quality(9_598_218) == 9  # the plain pyodide.asm.wasm


@pytest.mark.skipif(precompress.BROTLI is None, reason="brotli is not installed")
def test_cached_brotli_copies_are_kept_per_quality(tmp_path: Path):
    """A brotli copy in the cache is named for its quality, so a copy made at another quality is never taken."""
    cache = tmp_path / "cache"
    precompress.precompress(site(tmp_path / "site"), cache)
    names = sorted(p.name.split(".", 1)[1] for p in cache.iterdir())
    assert names == ["gz", "q11.br"]
