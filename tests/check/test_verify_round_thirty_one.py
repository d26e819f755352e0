"""Round thirty-one of the check (issue 21), on sessions of our own: blind23's false alarms, by cause.

- A compound time told without "and" ("через 8 минут 45 секунд после моего первого сообщения") is one time, not
  "8 minutes later" and "45 seconds" apart (blind23 AC2:146).
- "about six and a half minutes after my first one" counts from the author's first message of the session, however
  many messages came between (blind23 AC1:172); a wrong time told so is still reported.
- A read keeps nothing of what it returned: what Claude quotes of the file right after it is shown as the read's,
  so a state the file holds is no longer Claude's word alone (blind23 AC2:162); a quote after a run is not.
- The system prompt: words of reading ("read it as") give what a colon after them spells out to Claude (AC2:113);
  Claude's words announcing a cited run belong to it (AC2:117).
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    verify_pairs,
)
from conftest import Transcript

from retell.check.claims import NUMBER
from retell.check.relative_times import gloss_relative
from retell.check.stage import run_check
from retell.templating import TemplateLibrary
from retell.triage.stage import require_approved

START = datetime(2026, 3, 4, 16, 48, tzinfo=timezone.utc)
CI = "name: ci\njobs:\n  it:\n    env:\n      SPRING_PROFILES_ACTIVE: it,shared-db\n      SHARED_DB_URL: x\n"


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/dmitry/sklad", start=START)
    tx.user("CI опять красный, посмотри")  # e1, 16:48:01
    tx.tool_call("Read", {"file_path": "/home/dmitry/sklad/.github/workflows/ci.yml"}, CI)
    tx.assistant("Причина в `SPRING_PROFILES_ACTIVE: it,shared-db`: тесты CI ходят в базу стенда.")
    for n in range(4):  # a long look at the logs: the first message lies far before the last two
        tx.user(f"и часть {n} лога тоже")
        tx.tool_call("Bash", {"command": f"gh run view --log | sed -n {n}00,{n}99p"}, f"log part {n}")
        tx.tick(120)
    tx.user("ок, чини")
    tx.tool_call("Bash", {"command": "./gradlew test"}, "BUILD SUCCESSFUL in 9s")
    tx.assistant("Готово: `BUILD SUCCESSFUL in 9s`.")
    tx.user("спасибо, а коммит?")
    tx.tick(300)  # the commit took a while: from the last two messages of mine the report is minutes away too
    tx.assistant("Закоммитил, отчёт: всё зелёное.")
    return approved_workdir(tmp_path, tx)


def _ids(work: Path) -> dict[str, str]:
    view = require_approved(work)[2]
    out: dict[str, str] = {}
    for event in view.events:
        for call in event.calls or ():
            out.setdefault(call.name, event.id)
        if event.kind in ("assistant", "human"):
            out.setdefault((event.text or "")[:12], event.id)
    return out


def _numbers(work: Path, text: str) -> list[str]:
    (work / "draft.md").write_text(text, encoding="utf-8")
    return [f.reason for f in run_check(work).findings if f.problem and f.claim.kind == NUMBER]


def test_a_compound_time_without_and_is_one_time() -> None:
    glossed = gloss_relative("отчёт пришёл через 8 минут 45 секунд после моего первого сообщения")
    assert glossed is not None and "8 minutes 45 seconds after" in glossed.text
    # with "и", as before; and a count beside a time stays a count
    again = gloss_relative("через час и пять минут после")
    assert again is not None and "1 hour 5 minutes" in again.text
    count = gloss_relative("через две минуты 5 файлов")
    assert count is not None and "2 minutes later 5 files" in count.text


def test_a_time_after_my_first_message_counts_from_it(tmp_path: Path) -> None:
    work = _work(tmp_path)
    ids = _ids(work)
    report = ids["Закоммитил, "]
    gap = (
        datetime.fromisoformat(require_approved(work)[2].events[-1].ts.replace("Z", "+00:00")) - START
    ).total_seconds() / 60
    before = f"## The build\n\nThe build passed. <!-- ev: {ids['Готово: `BUI']} -->\n\n"
    cite = f" <!-- ev: {report} -->\n"

    def told(sentence: str) -> list[str]:
        return _numbers(work, f"{before}## The end\n\n{sentence}{cite}")

    assert told(f"Claude's last message, about {gap:.0f} minutes after my first one, reported the commit.") == []
    assert told(f"Claude's last message, about {gap * 3:.0f} minutes after my first one, reported it.")
    seconds = round((gap % 1) * 60)
    assert told(f"Отчёт пришёл через {int(gap)} минут {seconds} секунд после моего первого сообщения.") == []
    assert told(f"Отчёт пришёл через {int(gap) * 3} минут 10 секунд после моего первого сообщения.")


def _user(work: Path, text: str) -> str:
    return "\n".join(r.user for _, r in verify_pairs(work, text))


def test_what_claude_quotes_of_a_read_is_shown_as_the_reads(tmp_path: Path) -> None:
    work = _work(tmp_path)
    ids = _ids(work)
    read, said = ids["Read"], ids["Причина в `S"]
    user = _user(work, f"## CI\n\nТесты CI ходят в базу стенда. <!-- ev: {said} -->\n")
    line = next(x for x in user.splitlines() if "keeps none of what the read returned" in x)
    assert f"[{read}]" in line and "`SPRING_PROFILES_ACTIVE: it,shared-db`" in line and f"({said})" in line
    # a quote of a run's output is found in the output itself, never put on a read
    done = ids["Готово: `BUI"]
    user = _user(work, f"## Сборка\n\nСборка прошла: BUILD SUCCESSFUL. <!-- ev: {done} -->\n")
    assert "BUILD SUCCESSFUL in 9s   (Claude quotes it in" in user or "BUILD SUCCESSFUL in 9s" in user
    assert not any("keeps none" in x and "BUILD" in x for x in user.splitlines())


def test_the_system_prompt_gives_a_reading_and_an_announcement_to_claude() -> None:
    system = TemplateLibrary("prompts").render("verify_system.md.j2").text
    assert "read it as" in system and "what a colon after them spells out" in system
    assert "Claude marked the tasks done: the app was complete" in system  # an act's colon stays the post's own
    assert "announce a cited run or edit" in system
