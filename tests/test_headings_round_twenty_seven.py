"""Titles and headings, round twenty-seven (issue 24, story30): section headings a blogger keeps. fresh18's blind
judge faulted 11 of 15 offline headings: 8 headed the only section of a post, right after its one-line opening (6
of them judged bad); the others were the check's "Getting the tests to pass" over a stretch about something else,
a bare "The fix" where the session said what was fixed, and a chat line kept raw (a reaction, a long question).
Each class is tested on sessions built for it; every line here is our own wording, none a fresh session's.

- A. A post of one section heads nothing: no `## ` line over its only stretch, and none over its ending; the
  outline and triage keep the heading; `retell check`, revise's part mapping and render still work. A post of two
  sections keeps its headings and its closing one.
- B. "Getting the tests to pass" heads a stretch only when its tests were its subject: the author asked about
  them, or, with no request, the stretch set out from a failing run.
- C. A fix named by what the session says of it: the one setting its edits set (in the post's language), the
  cause Claude named before changing anything.
- D. The author's reaction to Claude ("Whoa, so…", "…explains a lot", "das erklärt einiges") heads nothing, nor a
  question asked in passing whose mark the phrase dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.check.stage import load_draft, run_check
from retell.workdir import Workdir
from retell.write.draft import section_events
from retell.write.draftfile import DraftFile
from retell.write.outline import load_outline
from retell.write.outline_model import Outline, Section
from retell.write.revise import outline_sections, part_events

pytestmark = pytest.mark.usefixtures("offline_env")


def reacts(heading: str) -> bool:
    from retell.extract.headings import reacts as reacts_  # (lazily: the name is this round's)

    return reacts_(heading)


def headless(outline: Outline) -> bool:
    from retell.write.offline import headless as headless_

    return headless_(outline)


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


def _edit(tx: Transcript, path: str, old: str, new: str) -> None:
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": old, "new_string": new}, "ok")


def _drafted(told: Told) -> str:
    return (told.work / "draft.md").read_text(encoding="utf-8")


# -- A. a post of one section heads nothing ------------------------------------------------------------------------


def _one_stretch(tx: Transcript) -> None:
    tx.user("The weekly digest email lists every order twice since Monday. Can you find out why and fix it?")
    tx.tool_call("Read", {"file_path": f"{CWD}/digest/build.py"}, "def build(): ...")
    tx.assistant("The query joins the shipments table, so an order with two shipments comes back twice.")
    edit(tx, "digest/build.py")
    _bash(tx, "pytest -q tests/test_digest.py", "4 passed in 0.12s")
    tx.assistant(
        "Fixed: the digest now selects distinct orders, and the tests pass. "
        "Orders with several shipments show once, with their latest tracking link."
    )


def test_a_post_of_one_section_heads_nothing(tx: Transcript, tmp_path: Path) -> None:
    _one_stretch(tx)
    told = Told(tx, tmp_path)
    draft = _drafted(told)
    assert not re.search(r"^## ", draft, re.M), draft
    # (the post shows render's figures under their box's heading, after the story)
    assert re.findall(r"^## .*", told.post, re.M) == ["## By the numbers"], told.post
    assert "> The weekly digest email lists every order twice" in draft and "By the end of that stretch" in draft
    # the outline keeps the section's heading, and triage its chapter title: the author may put it back
    assert told.headings and told.headings[0], told.headings
    assert told.triage["chapters"][0]["title"]


def test_the_check_passes_and_revise_reads_the_opening_as_the_section(tx: Transcript, tmp_path: Path) -> None:
    _one_stretch(tx)
    told = Told(tx, tmp_path)
    assert run_check(told.work).ok
    loaded = load_draft(told.work)
    outline, _warnings = load_outline(Workdir(told.work), loaded.view, loaded.triage)
    assert headless(outline)
    draft = DraftFile.parse(loaded.text)
    assert draft.sections == []  # `--section 0` (the opening) is the whole post; `--section 1` names none
    mapped = outline_sections(draft, outline)
    assert mapped == {0: 0}
    slices = section_events(outline, loaded.view)
    told_events = part_events(draft, draft.parts[0], mapped, slices, loaded.view)
    assert told_events and told_events == slices[0]  # revised with the section's material, not with none


def test_a_heading_the_author_puts_back_is_the_sections_again(tx: Transcript, tmp_path: Path) -> None:
    _one_stretch(tx)
    told = Told(tx, tmp_path)
    loaded = load_draft(told.work)
    outline, _warnings = load_outline(Workdir(told.work), loaded.view, loaded.triage)
    opening, _, rest = loaded.text.partition("I started with this")
    edited = f"{opening}## {outline.sections[0].heading}\n\nI started with this{rest}"
    draft = DraftFile.parse(edited)
    assert outline_sections(draft, outline) == {1: 0}


def test_a_model_outline_of_one_section_keeps_its_heading() -> None:
    section = Section(id="s1", heading="The duplicate orders", chapters=["c1"], purpose="p")
    model = Outline("T", ["T"], "h", "d", [section], "e", engine="anthropic", model="m")
    assert not headless(model)  # a model's outline decides its headings
    assert headless(Outline("T", ["T"], "h", "d", [section], "e", engine="offline"))
    assert not headless(Outline("T", ["T"], "h", "d", [section, section], "e", engine="offline"))


def test_a_post_of_two_sections_keeps_its_headings_and_its_closing_one(tx: Transcript, tmp_path: Path) -> None:
    # (round 37: a stretch opened by a report, headed "The fix", is no section of its own; this one asks for a task)
    tx.user("Please make the weekly digest list each order once, even when it has several shipments.")
    tx.tool_call("Read", {"file_path": f"{CWD}/digest/build.py"}, "def build(): ...")
    tx.assistant("The query joins the shipments table, so an order with two shipments comes back twice.")
    edit(tx, "digest/build.py")
    _bash(tx, "pytest -q tests/test_digest.py", "4 passed in 0.12s")
    tx.assistant("The digest now selects distinct orders, and the tests pass.")
    tx.tick(6 * 3600)
    tx.user("Next: the digest should skip customers who unsubscribed last week. Please add that.")
    edit(tx, "digest/recipients.py")
    _bash(tx, "pytest -q tests/test_digest.py", "5 passed in 0.14s")
    tx.assistant(
        "Unsubscribed customers are left out of the digest now. A test covers a customer who unsubscribed yesterday."
    )
    told = Told(tx, tmp_path)
    assert len(told.post_headings) == 2, told.post_headings
    drafted = _drafted(told)
    assert "## Where it ended" not in drafted and "Claude's last word on the matter" in drafted


# -- B. the stock tests heading only over a stretch about its tests -------------------------------------------------


def _tests_ran_beside(tx: Transcript, request: str) -> None:
    tx.user(request)
    tx.tool_call("Read", {"file_path": f"{CWD}/src/render.rs"}, "fn render() {}")
    _bash(
        tx,
        "cargo test",
        "test render::prints_local_time ... FAILED\ntest result: FAILED. 11 passed; 1 failed",
        is_error=True,
    )
    edit(tx, "src/render.rs")
    _bash(tx, "cargo test", "test result: ok. 12 passed; 0 failed")
    tx.assistant("The renderer now converts each time to the configured zone before printing it.")


def test_tests_run_beside_a_fix_of_something_else_head_nothing(tx: Transcript, tmp_path: Path) -> None:
    _tests_ran_beside(tx, "The schedule still prints every time in UTC, although my config asks for Europe/Oslo.")
    headings = Told(tx, tmp_path).headings
    assert "Getting the tests to pass" not in headings, headings


@pytest.mark.parametrize(
    "request_",
    [
        "The integration tests have been red on CI since yesterday's merge; please get them passing again.",
        "Les tests d'intégration échouent sur la CI depuis hier, peux-tu les faire passer ?",
    ],
    ids=["en", "fr"],
)
def test_a_stretch_about_its_tests_is_headed_by_them(tx: Transcript, tmp_path: Path, request_: str) -> None:
    _tests_ran_beside(tx, request_)
    headings = Told(tx, tmp_path).headings
    assert headings in (["Getting the tests to pass"], ["Faire passer les tests"]), headings


def test_tests_named_in_the_authors_words() -> None:
    from retell.extract.headings import _TESTS_NAMED

    for said in ("fix the flaky spec", "los tests fallan", "testy nie przechodzą", "テストが落ちる", "CI is red"):
        assert _TESTS_NAMED.search(said), said
    for said in ("the popup is blank in firefox", "a latest export", "attestation fails"):
        assert not _TESTS_NAMED.search(said), said


# -- C. a fix named by what the session says of it -----------------------------------------------------------------


def _setting_fix(tx: Transcript, ask: str, report: str, answer: str) -> None:
    tx.user(ask)
    edit(tx, "astro.config.mjs")
    tx.assistant(answer.split("|")[0])
    tx.tick(5 * 3600)
    tx.user(report)
    _bash(tx, "npx linkinator dist --recurse", "ERROR: 8 links point to fallback pages", is_error=True)
    _edit(
        tx,
        "astro.config.mjs",
        "plugins: [linkCheck()],",
        "plugins: [\n  linkCheck({ allowFallbackTargets: true }),\n],",
    )
    _bash(tx, "npx linkinator dist --recurse", "0 broken links")
    tx.assistant(answer.split("|")[1])


@pytest.mark.parametrize(
    ("ask", "report", "answer", "language", "heading"),
    [
        (
            "Richte bitte die Doku zweisprachig ein, Englisch unter /en/ und Deutsch bleibt die Hauptsprache.",
            "Der Linkprüfer meldet jetzt jede Seite unter /en/ als Fehler, kannst du das reparieren?",
            "Englische Seiten liegen unter /en/ und fallen auf Deutsch zurück.|Erledigt.",
            "de",
            "allowFallbackTargets auf true setzen",
        ),
        (
            "Añade el inglés a la documentación: las páginas traducidas van bajo /en/.",
            "El comprobador de enlaces marca ahora cada página bajo /en/ como error, ¿lo puedes arreglar?",
            "Las páginas en inglés están bajo /en/ y usan el español cuando no hay traducción.|Listo.",
            "es",
            "Configurar allowFallbackTargets a true",
        ),
    ],
    ids=["de", "es"],
)
def test_a_fix_is_named_by_the_setting_it_set(
    tx: Transcript, tmp_path: Path, ask: str, report: str, answer: str, language: str, heading: str
) -> None:
    _setting_fix(tx, ask, report, answer)
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == language
    assert told.headings[-1] == heading, told.headings
    # (two sections: the post shows them; round 37: a first stretch headed only by its file's name, "Cambios en
    # astro.config.mjs", is told with the fix, and a post of one section heads nothing)
    if len(told.headings) > 1:
        assert heading in told.post_headings, told.post_headings
    else:
        assert not any(h.startswith(("Cambios en", "Änderungen an")) for h in told.post_headings), told.post_headings


def test_a_fix_is_named_by_the_cause_claude_found(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add a CSV export to the invoices page, one row per invoice.")
    tx.tool_call("Write", {"file_path": f"{CWD}/invoices/export.py", "content": "def export(): ..."}, "ok")
    tx.assistant("The invoices page has a CSV export now.")
    tx.tick(5 * 3600)
    tx.user("the totals in the export are a few cents off for some of the older invoices")
    _bash(tx, "python -m invoices.export --check", "3 invoices differ from the ledger", is_error=True)
    tx.assistant(
        "Found the bug: `round_half = True` rounds each line before summing, and the ledger rounds the total. "
        "I'll sum first and round once."
    )
    _edit(tx, "invoices/export.py", "total = sum(round(x) for x in lines)", "total = round(sum(lines))")
    _bash(tx, "python -m invoices.export --check", "all invoices match the ledger")
    tx.assistant("Done.")
    headings = Told(tx, tmp_path).headings
    assert headings[-1] == "`round_half` rounds each line before summing", headings


def test_the_setting_an_edit_set() -> None:
    from retell.events import TOOL_RUN, Event, ToolCall
    from retell.extract.headings import set_setting

    def edited(diff: str) -> Event:
        call = ToolCall(name="Edit", target="a.yaml", diff=diff)
        return Event(id="e1", kind=TOOL_RUN, calls=[call])

    assert set_setting([edited("-  max_retries: 3\n+  max_retries: 5\n+  request_timeout: 30s")]) == ""  # two
    assert set_setting([edited("-  pool_size: 5\n+  pool_size: 20")]) == "Setting pool_size to 20"
    assert set_setting([edited("-  cache()\n+  cache({ maxEntries: 500 })")]) == "Setting maxEntries to 500"
    assert set_setting([edited("-  x = 1\n+  x = 2")]) == ""  # a plain name is code, not a setting


# -- D. the author's reaction heads nothing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Whoa, so the retry loop never ran at all",
        "huh ok the stale lockfile explains everything",
        "right, that makes sense now",
        "Ah das erklärt einiges mit dem Timeout",
        "vale, eso explica todo lo del caché",
        "なるほど、だからログが二重に出ていたのか",
        "难怪每次部署都要重新登录",
    ],
)
def test_a_reaction_is_no_heading(line: str) -> None:
    assert reacts(line)


@pytest.mark.parametrize(
    "heading",
    ["Making the retry loop run", "Der Timeout der Anfrage", "Explaining the cache layout in the README"],
)
def test_a_step_is_no_reaction(heading: str) -> None:
    assert not reacts(heading)


def test_a_reaction_to_claudes_finding_heads_no_section(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add a nightly job that archives sensor readings older than a year.")
    edit(tx, "jobs/archive.py")
    tx.assistant("The nightly archive job is in place.")
    tx.tick(5 * 3600)
    tx.user("the archive job ran but the table is still 40 GB")
    tx.tool_call("Read", {"file_path": f"{CWD}/jobs/archive.py"}, "def run(): ...")
    tx.assistant("The job deletes the rows, but the space only comes back after a VACUUM FULL.")
    tx.user("Whoa ok the vacuum part explains a lot actually. add it to the job then")
    edit(tx, "jobs/archive.py")
    tx.assistant("The job runs VACUUM FULL on the readings table after archiving.")
    headings = Told(tx, tmp_path).headings
    assert not any(reacts(h) for h in headings), headings
    assert not any(h.lower().startswith("whoa") for h in headings), headings


def test_a_korean_question_in_passing_keeps_its_mark_and_heads_nothing(tx: Transcript, tmp_path: Path) -> None:
    tx.user("장바구니 화면에 쿠폰 입력칸을 추가해 주세요.")
    edit(tx, "lib/cart/cart_screen.dart")
    tx.assistant("쿠폰 입력칸을 추가했어요.")
    tx.tick(5 * 3600)
    tx.user(
        "riverpod 에서 ref.read 로 읽으면 provider 값이 바뀌어도 위젯이 다시 안 그려지는 거 맞지? "
        "그럼 쿠폰 적용 후에 합계가 안 바뀌는 것도 그거 때문이야?"
    )
    tx.assistant("맞아요. `ref.read`는 한 번만 읽어서, 합계가 쿠폰 적용 뒤에도 그대로예요.")
    _edit(tx, "lib/cart/cart_screen.dart", "ref.read(totalProvider)", "ref.watch(totalProvider)")
    tx.assistant("합계를 `ref.watch`로 읽게 바꿨어요.")
    headings = Told(tx, tmp_path).headings
    assert not any(h.startswith("riverpod 에서 ref.read") for h in headings), headings


@pytest.mark.parametrize(
    ("said", "cause"),
    [
        (
            "Found the bug: `retry_limit = 0` disables every retry, so the job gave up at once.",
            "`retry_limit` disables every retry",
        ),
        (
            "That's it: the worker reads the queue name before the config is loaded.",
            "The worker reads the queue name before the config is loaded",
        ),
        ("The culprit is the shared HTTP client; each test closes it for the next.", "The shared HTTP client"),
        ("That's it, let's commit", ""),  # a go-ahead, no cause
        ("Found it.", ""),  # nothing said of what
        ("The problem is that you never restart the worker.", ""),  # speaks to the author
    ],
)
def test_the_cause_claude_named_before_the_change(said: str, cause: str) -> None:
    from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
    from retell.extract.headings import found_cause

    events = [
        Event(kind=ASSISTANT, id="e1", text=said),
        Event(kind=TOOL_RUN, id="e2", calls=[ToolCall(name="Edit", target="worker.py", diff="-a\n+b")]),
    ]
    assert found_cause(events) == cause
