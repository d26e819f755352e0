"""The scan split between two processes (retell/secrets/twocores.py, retell/cores.py) finds exactly what one
process finds, and the work really is shared."""

from __future__ import annotations

import os
import sys

import pytest
from secrets_support import ordinary, planted

from retell import cores
from retell.secrets import Scanner, scanner, twocores

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


@pytest.mark.parametrize("later_usernames", [("sam",), ("alex",)])
def test_a_scan_started_on_the_texts_told_so_far_finds_what_one_scan_finds(
    monkeypatch: pytest.MonkeyPatch, later_usernames: tuple[str, ...]
) -> None:
    """Half way through a parse a child scans the texts told so far; the later start splits only the rest.
    If the session's folder (its account name) changed meanwhile, the early findings are not used."""
    texts = ["ssh sam@build", "ssh alex@build"] + [case.text for case in planted()] + ordinary() + ["prose"]
    half = len(texts) // 2
    monkeypatch.setattr(scanner, "_SCANNED_AHEAD", {})  # (none of an earlier test's findings: all are scanned)
    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    early = twocores.start_ahead(Scanner(usernames=("sam",)), texts[:half], child_share=1.0)
    assert early is not None and early.parts[0][1].mine == []  # all of it to the child
    later = Scanner(usernames=later_usernames)
    ahead = twocores.start_ahead(later, texts, earlier=early)
    assert ahead is not None
    assert len(ahead.parts) == (2 if later_usernames == ("sam",) else 1)
    assert sum(len(part_texts) for part_texts, _ in ahead.parts) == len(set(texts))  # each text scanned once
    ahead.collect()
    alone = Scanner(usernames=later_usernames)
    assert [later.scan(t) for t in texts] == [alone.scan(t) for t in texts]
    assert [f.value for f in later.scan(f"ssh {later_usernames[0]}@build")] == [later_usernames[0]]


def test_texts_told_after_the_child_started_are_scanned_here_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """`collect(first=…)`: what no child was given (the events' titles made at the end, the manifest's texts) is
    scanned by this process before it takes the child's last texts, each once, with the findings one scan gives."""
    texts = [case.text for case in planted()] + ordinary()
    later = ["Ran `export GITHUB_TOKEN=ghp_4T5bXKI8naS53A9k5hIsdj1Kq0ZxWv7Lm2Ty` twice", "/home/sam/notes.md"]
    monkeypatch.setattr(scanner, "_SCANNED_AHEAD", {})
    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    split = Scanner(usernames=("sam",))
    ahead = twocores.start_ahead(split, texts, child_share=1.0)
    assert ahead is not None
    found: list[str] = []
    find = split.find
    monkeypatch.setattr(split, "find", lambda text: found.append(text) or find(text))
    ahead.collect(first=[*later, texts[0], *later])
    assert found[: len(later)] == later  # (these first, once; the child's own texts are not in `first`'s share)
    assert texts[0] not in found[: len(later)]
    assert all(split.primed(t) for t in texts + later)
    alone = Scanner(usernames=("sam",))
    assert [split.scan(t) for t in texts + later] == [alone.scan(t) for t in texts + later]
    assert any(f.kind == "github-token" for f in split.scan(later[0]))


def test_a_later_scanner_of_the_same_names_reads_what_was_scanned_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """`retell run`: triage's redactor scans the texts the parse scanned ahead, with a scanner of the same
    account names; it reads their findings instead of scanning the story again. Another session's scanner
    (other names) scans for itself."""
    texts = [*[case.text for case in planted()][:50], "/home/sam/src/app.py", "plain prose"]
    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    parse = Scanner(usernames=("sam",))
    twocores.scan_ahead(parse, texts)
    expected = [parse.scan(t) for t in texts]
    scanned: list[str] = []
    scan = Scanner._scan
    monkeypatch.setattr(Scanner, "_scan", lambda self, text: scanned.append(text) or scan(self, text))
    triage = Scanner(usernames=("sam",))
    assert [triage.scan(t) for t in texts] == expected
    assert scanned == []
    other = Scanner(usernames=("alex",))
    other.scan(texts[-2])
    assert scanned == [texts[-2]]


@pytest.mark.parametrize("stuck_from", [0, 6])
def test_a_stealing_split_never_waits_for_a_child_that_lags(monkeypatch: pytest.MonkeyPatch, stuck_from: int) -> None:
    """A child handed all the work (the scan started half way through a parse) but stuck from one item on:
    this process takes the items from the last one back until it meets what the child sent, and returns the
    same results without waiting for it (the child is stopped)."""
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    parent = os.getpid()
    never_read, never_written = os.pipe()
    calls: list[int] = []

    def square(n: int) -> int:
        if os.getpid() != parent and n >= stuck_from:
            os.read(never_read, 1)  # (blocks: nothing is ever written)
        calls.append(n)
        return n * n

    items = list(range(10))
    shared = cores.Shared(square, items, weight=lambda n: 1, child_share=1.0, steal=True)
    assert shared.mine == []
    try:
        assert shared.results() == [n * n for n in items]
    finally:
        os.close(never_read)
        os.close(never_written)
    assert set(range(stuck_from, 10)) <= set(calls)  # (and the child's first items when it sent them first)


def test_asking_whether_a_child_is_done_leaves_its_results_to_take(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    items = list(range(40))
    for steal in (False, True):
        shared = cores.Shared(lambda n: n * n, items, weight=lambda n: 1, child_share=1.0, steal=steal)
        assert shared.pid is not None
        deadline = time.monotonic() + 30
        while not shared.finished() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert shared.finished() and shared.finished()  # (asked again: still not reaped)
        assert shared.results() == [n * n for n in items]
    assert cores.Shared(lambda n: n, [1], weight=lambda n: 1).finished()  # (no child: nothing to wait for)


def test_a_fed_child_takes_more_once_done_and_the_results_come_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    parent = os.getpid()
    done_by: dict[int, int] = {}

    def square(n: int) -> tuple[int, int]:
        return n * n, os.getpid()

    shared = cores.Shared(square, list(range(30)), weight=lambda n: 1, child_share=1.0, steal=True, feed=True)
    assert shared.pid is not None and shared.fed()
    for batch in (range(30, 60), range(60, 100)):
        deadline = time.monotonic() + 30
        while not shared.finished() and time.monotonic() < deadline:
            time.sleep(0.005)
        shared.extend(list(batch))  # (done: handed to the child)
    shared.extend(list(range(100, 140)))  # (maybe still busy: then this process does them)
    results = shared.results()
    assert [r for r, _ in results] == [n * n for n in range(140)]
    done_by = {n: pid for n, (_, pid) in enumerate(results)}
    assert {done_by[n] for n in range(30, 100)} - {parent}  # (the child did some of what it was fed)
    assert not shared.fed()  # (closed once collected)


def test_a_fed_child_left_uncollected_ends_when_its_work_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """(after an error between the start and the collection, say): nothing waits for it forever."""
    import gc
    import time

    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    shared = cores.Shared(lambda n: n, list(range(10)), weight=lambda n: 1, child_share=1.0, steal=True, feed=True)
    pid = shared.pid
    assert pid is not None
    del shared
    gc.collect()
    deadline = time.monotonic() + 30
    while os.waitpid(pid, os.WNOHANG) == (0, 0) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert time.monotonic() < deadline  # (it ended and was reaped here)
