"""The snapshot's module ``_engine_start``: what the loader calls once on the restored snapshot."""

import os
import sys

STDLIB: tuple[int, bytes] = (0, b"")
"""Size and last bytes of the standard library's archive the snapshot was made with (set by the set-up)."""
PYSCRIPT: dict[str, bytes] = {}
"""PyScript's Python package compiled (set by the set-up): each pyc's path, relative to the working folder where
PyScript's worker writes the package, -> its bytes."""


def start() -> None:
    """Each start its own random state (the snapshot froze one), and PyScript's package compiled where its worker
    writes it. The standard library's archive is checked first: the snapshot needs nothing from it to start, but a
    later import would (a broken deploy fails now, as it would without the snapshot)."""
    del sys.modules["_engine_start"]
    for path in sys.path:
        if path.endswith(".zip"):
            size, tail = STDLIB
            with open(path, "rb") as f:
                same = f.seek(0, 2) == size and f.seek(size - len(tail)) >= 0 and f.read() == tail
            if not same:
                raise RuntimeError(path + " is not the standard library this snapshot was made with")
    if "random" in sys.modules:
        sys.modules["random"].seed()
    for path, code in PYSCRIPT.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(code)
    PYSCRIPT.clear()
