"""Round thirty-three (issue 21): a real model's drafts of fresh23 (an ESP-IDF sauna controller told in Swedish) and
the in-loop drafts of fresh22, each false alarm fixed as a class, on sessions of our own:

- a figure the author gave in their own message, told as theirs, in any unit and any language ("med urkopplad
  givare slog det av efter ca 3 sekunder" of the author's "av efter ca 3 sekunder"; "the log showed 7 errors" of
  the author's "Loggen visade 7 fel"), while a figure changed, or given to Claude, is still reported;
- a code name and a file named in one sentence about two acts ("`control.c` skulle fråga vakten …, och vakten
  skulle själv anropa `relay_set(false)`"): the code is not put in the file, in Swedish, Spanish, Italian as in
  English; one act still puts it there;
- "una hora" picked, accepted or carried is a time of day, not a length ("acepta una hora solo si…");
- `cmake --build` (and the other build systems and compilers) is a build: "the first ASan build failed";
- a pattern searched for, told without its regex escapes ("`entities_[`" of `entities_\\[`) is named by the search;
- "its two calls", "the client's three calls" are a program's calls, not the session's tool calls."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import amounts
from retell.check.gloss import gloss

ROOT = "/home/ada/bastu"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=datetime(2025, 10, 16, 19, 30, tzinfo=timezone.utc))
    tx.user("Jag vill att vakten slår av reläet om givaren tappas. Vakten ska ligga i en egen fil.")  # e1
    tx.tick(5)
    tx.assistant(
        "Förslag: `main/guard.c` med `guard.h`. `control.c` frågar `guard_tripped()` innan den slår på reläet; "
        "vakten anropar själv `relay_set(false)` vid larm."
    )  # e2
    tx.tool_call(
        "Write", {"file_path": f"{ROOT}/main/guard.h", "content": "#pragma once\nbool guard_tripped(void);\n"}, "ok"
    )
    tx.tool_call(
        "Write",
        {
            "file_path": f"{ROOT}/main/guard.c",
            "content": '#include "guard.h"\nstatic void trip(void) {\n    relay_set(false);\n}\n',
        },
        "ok",
    )  # e3 (both writes)
    tx.tick(20)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{ROOT}/main/control.c",
            "old_string": "relay_set(on);",
            "new_string": "if (!guard_tripped()) relay_set(on);",
        },
        "ok",
    )  # e4
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "cmake --build build -j8 2>&1 | tail -3"},
        "main/guard.c:3:5: error: implicit declaration of function 'relay_set'\nninja: build stopped",
        is_error=True,
    )  # e5
    tx.tick(600)
    tx.user(
        "God morgon! Testet gick nästan bra:\n\n- Urkopplad givare: av efter ca 3 sekunder ✅\n"
        "- Panelen drog 250 mA i vila. Loggen visade 7 fel på natten.\n- Men spärren överlever inte en omstart."
    )  # e6
    tx.tick(30)
    tx.assistant("Då sparar vi spärren i NVS.")  # e7
    tx.tick(20)
    tx.tool_call("Grep", {"pattern": "s_trips\\[|s_trips\\.len\\(\\)", "path": "main"}, "No matches found")  # e8
    return approved_workdir(tmp_path_factory.mktemp("r33"), tx)


def _copy(work: Path, tmp_path: Path) -> Path:
    import shutil

    target = tmp_path / "w"
    shutil.copytree(work, target)
    return target


# -- a figure the author gave, told as theirs -----------------------------------------------------------------


def test_the_authors_own_time_told_as_theirs_traces_in_swedish(work: Path, tmp_path: Path) -> None:
    body = (
        "Dagen efter hade jag testat. Med urkopplad givare slog det av efter ca 3 sekunder, och panelen drog "
        "250 mA i vila. <!-- ev: e6 -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_the_authors_own_figures_told_as_theirs_in_english(work: Path, tmp_path: Path) -> None:
    body = (
        "Then I reported back: with the sensor unplugged the relay cut out after about 3 seconds, and the panel "
        "drew 250 mA idle. <!-- ev: e6 -->"
    )
    found = problems(_copy(work, tmp_path), body)
    assert not [p for p in found if "3 seconds" in p or "250 mA" in p], found


def test_a_changed_figure_of_the_authors_is_still_reported(work: Path, tmp_path: Path) -> None:
    body = (
        "Then I reported back: with the sensor unplugged the relay cut out after about 45 minutes, and the log "
        "showed 12 errors overnight. <!-- ev: e6 -->"
    )
    found = problems(_copy(work, tmp_path), body)
    assert any("45 minutes" in p for p in found), found
    assert any("12 errors" in p for p in found), found


def test_the_authors_figure_given_to_claude_is_not_the_authors(work: Path, tmp_path: Path) -> None:
    body = "Claude's own run showed 7 errors overnight. <!-- ev: e6 -->"
    found = problems(_copy(work, tmp_path), body)
    assert any("7 errors" in p for p in found), found


# -- a code name and a file in one sentence about two acts ---------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "`control.c` skulle fråga vakten innan den slår på reläet, och vakten skulle själv anropa `relay_set(false)` "
        "vid larm.",
        "`control.c` consultaría al guardián antes de encender el relé, y el guardián llamaría él mismo a "
        "`relay_set(false)` en caso de alarma.",
        "`control.c` avrebbe chiesto al guardiano prima di accendere il relè, e il guardiano avrebbe chiamato da sé "
        "`relay_set(false)` in caso di allarme.",
        "`control.c` would ask the guard before switching the relay on, and the guard would itself call "
        "`relay_set(false)` on an alarm.",
    ],
)
def test_a_file_and_code_of_two_acts_are_not_put_together(work: Path, tmp_path: Path, sentence: str) -> None:
    body = f"Claude föreslog `main/guard.c` med `guard.h`. {sentence} <!-- ev: e2 e3 e4 -->"
    found = problems(_copy(work, tmp_path), body)
    assert not [p for p in found if "control.c" in p], found


def test_one_act_still_puts_the_code_in_the_file(work: Path, tmp_path: Path) -> None:
    body = "`control.c` anropar nu själv `relay_set(false)` vid larm. <!-- ev: e3 e4 -->"
    found = problems(_copy(work, tmp_path), body)
    assert any('path: "control.c"' in p and "relay_set(false)" in p for p in found), found


# -- "una hora" that is a moment -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "`isValidPickup` acepta una hora solo si está en la lista.",
        "Si el formulario trae una hora y la validación la rechaza, devuelve un error.",
        "El cliente elige una hora de la lista.",
        "Le client doit choisir une heure dans la liste.",
    ],
)
def test_una_hora_picked_or_accepted_is_a_moment(text: str) -> None:
    glossed = gloss(text)
    assert glossed is None or "an hour" not in glossed.text


@pytest.mark.parametrize("text", ["Claude tardó una hora en arreglarlo.", "Trabajé una hora en eso."])
def test_una_hora_of_work_is_still_a_length(text: str) -> None:
    glossed = gloss(text)
    assert glossed is not None and "an hour" in glossed.text


# -- a build system's run is a build --------------------------------------------------------------------------


def test_a_cmake_build_is_a_build(work: Path, tmp_path: Path) -> None:
    body = "The first build failed: `relay_set` was not declared in `guard.c`. <!-- ev: e5 -->"
    found = problems(_copy(work, tmp_path), body)
    assert not [p for p in found if "no build" in p], found


def test_a_cmake_build_told_as_passing_is_contradicted(work: Path, tmp_path: Path) -> None:
    body = "The first build passed without a warning. <!-- ev: e5 -->"
    found = problems(_copy(work, tmp_path), body)
    assert any("outcome" in p for p in found), found


# -- calls a program makes are not the session's tool calls ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("The spec makes its two calls one after the other.", "thing:call"),
        ("The client's three calls all timed out.", "thing:call"),
        ("Claude's 24 calls were mostly reads.", "calls"),
        ("Claude made 24 tool calls.", "calls"),
        ("its 5 tool calls", "calls"),
    ],
)
def test_calls_of_a_program_are_not_tool_calls(text: str, unit: str) -> None:
    assert [a.unit for a in amounts(text)] == [unit]


# -- a pattern searched for, told without its escapes -------------------------------------------------------


def test_a_searched_pattern_told_without_its_escapes_is_named(work: Path, tmp_path: Path) -> None:
    body = "Claude searched `main` for `s_trips[` and `s_trips.len()`: nothing. <!-- ev: e8 -->"
    assert problems(_copy(work, tmp_path), body) == []


def test_a_pattern_never_searched_is_still_reported(work: Path, tmp_path: Path) -> None:
    body = "Claude searched `main` for `s_faults[`: nothing. <!-- ev: e8 -->"
    found = problems(_copy(work, tmp_path), body)
    assert any("s_faults[" in p for p in found), found


def test_the_authors_number_of_another_unit_is_no_figure_of_theirs(work: Path, tmp_path: Path) -> None:
    # the author's 250 counts milliamperes, not errors
    body = "Then I reported back: the log showed 250 errors overnight, and 7 fel. <!-- ev: e6 -->"
    found = problems(_copy(work, tmp_path), body)
    assert any("250 errors" in p for p in found), found
