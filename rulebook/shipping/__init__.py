"""Shipping the engine: the vendored runtime, the archive, the snapshot, the trimmed standard library, packing and the loader."""
