"""Compact, stable keys for the sets that must stay small on a 1 GB transcript."""

from __future__ import annotations

import hashlib


def key64(value: str) -> int:
    """A UUID as its 128-bit number (no collisions, a third of the memory of the string); anything
    else as a 64-bit keyed hash (str.__hash__ is salted per run, so it cannot key data across runs)."""
    hexpart = value.replace("-", "")
    if len(hexpart) == 32:
        try:
            return int(hexpart, 16)
        except ValueError:
            pass
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8", "replace"), digest_size=8).digest(), "big")
