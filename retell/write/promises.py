"""Where what Claude announced and what its tool calls then did differ, found by form.

A model writes an announcement as done: "First I'll remove the old failed pods" followed by a command that
deletes the ReplicaSet reads as pods removed; "I'll add two tests" followed by edits that add one reads as two
tests. Two forms are told apart here, each as a note under the run that shows the gap:

- a count of tests to add or write ("two tests", "un test … et un test …") against the test functions the
  edits that follow add (their `+` lines), up to the author's next message; only when no edit was cut short;
- a kind of thing to remove or delete ("the old pods") against the kind a `kubectl delete` that follows names.
"""

from __future__ import annotations

import re

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event
from retell.extract.tools import SHELL_TOOLS

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5,
    "ein": 1, "eine": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
    "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
}  # fmt: skip
_TESTS = re.compile(
    r"\b(\d+|" + "|".join(_NUMBERS) + r")\s+(?:new\s+|more\s+|nouveaux?\s+|neuen?\s+|nuevos?\s+)?tests?\b", re.I
)
_ADD = re.compile(
    r"\b(?:add|adding|write|writing|ajout\w*|écri\w*|hinzufüg\w*|füge\w*|schreib\w*|añad\w*|agreg\w*|escrib\w*)", re.I
)
# A new test in an edit's added lines: pytest, unittest, jest/vitest/mocha, go, rust, JUnit.
_NEW_TEST = re.compile(
    r"^\+\s*(?:async\s+)?(?:def test_|(?:it|test)(?:\.only)?\s*\(|func Test|#\[test\]|@Test\b)", re.M
)
_CUT = re.compile(r"^… \(\d+ more changed lines?\)$|^… \(\d+ lines in all\)$", re.M)
_TEST_FILE = re.compile(r"test|spec", re.I)

# kubectl's kinds by their names and short names
_KINDS = {
    "pod": "pod", "pods": "pod", "po": "pod",
    "rs": "replicaset", "replicaset": "replicaset", "replicasets": "replicaset",
    "deploy": "deployment", "deployment": "deployment", "deployments": "deployment",
    "svc": "service", "service": "service", "services": "service",
    "job": "job", "jobs": "job", "cm": "configmap", "configmap": "configmap", "configmaps": "configmap",
    "secret": "secret", "secrets": "secret", "ns": "namespace", "namespace": "namespace",
    "sts": "statefulset", "statefulset": "statefulset", "statefulsets": "statefulset",
}  # fmt: skip
_REMOVE = re.compile(
    r"\b(?:remove|delete|clean up|get rid of|supprim\w*|lösch\w*|elimin\w*|borr\w*)\s+(?:\w+\s+){0,3}?("
    + "|".join(k for k in _KINDS if len(k) > 3)
    + r")\b",
    re.I,
)
_KUBECTL_DELETE = re.compile(r"\bkubectl\b[^|;&]*?\bdelete\s+(?:-\S+\s+(?:\S+\s+)?)*?([a-z]+)(?:[/\s]|$)")


def gap_notes(events: list[Event]) -> dict[str, list[str]]:
    """Notes to put under tool runs, by event id: where a run did other than Claude had just announced."""
    notes: dict[str, list[str]] = {}
    for position, event in enumerate(events):
        if event.kind != ASSISTANT or not event.text:
            continue
        runs = _runs_after(events, position)
        for run_id, note in (*_test_gap(event, runs), *_removal_gap(event, runs)):
            notes.setdefault(run_id, []).append(note)
    return notes


def _runs_after(events: list[Event], position: int) -> list[Event]:
    """The tool runs after events[position], up to the author's next message."""
    runs = []
    for event in events[position + 1 :]:
        if event.kind == HUMAN:
            break
        if event.kind == TOOL_RUN:
            runs.append(event)
    return runs


def _test_gap(said: Event, runs: list[Event]) -> list[tuple[str, str]]:
    sentences = [s for s in re.split(r"(?<=[.!?:])\s+", said.text or "") if _ADD.search(s)]
    announced = sum(_count(m.group(1)) for s in sentences for m in _TESTS.finditer(s))
    if announced < 2:
        return []
    edits = [
        (run, call) for run in runs for call in run.calls or () if call.diff and _TEST_FILE.search(call.target or "")
    ]
    if not edits or any(_CUT.search(call.diff or "") for _run, call in edits):
        return []  # no test edited, or an edit cut short: nothing to count
    added = sum(len(_NEW_TEST.findall(call.diff or "")) for _run, call in edits)
    if added >= announced:
        return []
    last = edits[-1][0]
    return [
        (
            last.id,
            f"(announced in [{said.id}]: {announced} tests; the edits before the author's next message add {added})",
        )
    ]


def _removal_gap(said: Event, runs: list[Event]) -> list[tuple[str, str]]:
    match = _REMOVE.search(said.text or "")
    if not match:
        return []
    meant = _KINDS[match.group(1).lower()]
    for run in runs:
        for call in run.calls or ():
            if call.name not in SHELL_TOOLS or not call.target:
                continue
            deleted = _KUBECTL_DELETE.search(call.target)
            if deleted and (kind := _KINDS.get(deleted.group(1).lower())) and kind != meant:
                note = f"(announced in [{said.id}]: removing {match.group(1)}; this command deletes a {kind})"
                return [(run.id, note)]
    return []


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.get(word.lower(), 0)
