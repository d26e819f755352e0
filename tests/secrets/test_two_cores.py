"""The scan split between two processes (retell/secrets/twocores.py, retell/cores.py) finds exactly what one
process finds, and the work really is shared."""

from __future__ import annotations

import os
import sys

import pytest
from secrets_support import ordinary, planted

from retell import cores
from retell.secrets import Scanner, twocores

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second core is used on Linux only")


def test_texts_scanned_on_two_cores_give_the_same_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [case.text for case in planted()] + ordinary() + ["/home/sam/src/app.py", "plain prose"] * 3
    alone = Scanner(usernames=("sam",))
    expected = [alone.scan(t) for t in texts]
    forks: list[int] = []
    fork = os.fork

    def counted() -> int:
        pid = fork()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)  # (other tests may leave idle threads)
    monkeypatch.setattr(cores.os, "fork", counted)
    split = Scanner(usernames=("sam",))
    twocores.scan_ahead(split, texts)
    assert len(forks) == 1
    assert [split.scan(t) for t in texts] == expected
    assert sum(1 for found in expected if found) > 500  # (the planted values are found at all)


def test_a_child_that_fails_leaves_its_share_to_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        if n == 7 and os.getpid() != parent:
            raise RuntimeError("the child fails")
        return n * n

    parent = os.getpid()
    items = list(range(10))
    assert cores.map_on_two_cores(square, items, weight=lambda n: 1) == [n * n for n in items]
    assert sorted(calls) == items  # this process did its half, then the child's half (7 included)
