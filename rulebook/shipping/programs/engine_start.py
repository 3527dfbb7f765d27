"""The snapshot's module ``_engine_start``: what the loader calls once on the restored snapshot."""

import sys

STDLIB: tuple[int, bytes] = (0, b"")
"""Size and last bytes of the standard library's archive the snapshot was made with (set by the set-up)."""


def start() -> None:
    """Each start its own random state (the snapshot froze one). The standard library's archive is checked
    first: the snapshot needs nothing from it to start, but a later import would (a broken deploy fails now,
    as it would without the snapshot)."""
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
