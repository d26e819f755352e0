"""Round thirty-two (issue 21), tuned on blind24's false alarms, each on a session of our own:

- a post that cites a branch the author rewound (Esc Esc), which triage leaves out by default: the events happened,
  so the check reads them (no "never names", no "not in the session"), says once, as a note, that triage leaves
  them out, and the verifying model is shown them marked as tried, then rewound (blind24 AD2:88, 90);
- a weekday the events near a paragraph (or a heading's section) name is a day the work is about ("## Friday's
  commit" over Claude's "`e41c0d2` on Friday"; blind24 AD1:39);
- a heading's count that its section's own paragraph states and traces ("## Two examples that fail first" over
  "Claude added two examples"; blind24 AD1:62);
- a compound duration said in words in Spanish, French, German, Italian, Turkish, Dutch, Polish and Russian is
  one length, and "una hora" that is a time of day or a turn of speech is no length (a real model's Spanish
  draft)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from check_support import problems as bench_problems
from conftest import Transcript

from retell.check.amounts import amounts
from retell.check.gloss import gloss
from retell.check.relative_times import gloss_relative
from retell.check.stage import load_draft
from retell.check.verify_request import verify_requests
from retell.llm.pricing import load_prices
from retell.templating import TemplateLibrary

ROOT = "/home/ada/thermo"
START = datetime(2025, 12, 2, 9, 0, 0, tzinfo=timezone.utc)  # a Tuesday


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user("the logger stops after a day, can you look? it started since friday")
    tx.tick(5)
    tx.assistant("Let me see what changed on Friday.")
    tx.tool_call("Bash", {"command": "git log --oneline -3"}, "a1b2c3d Raise the sample rate\n9f8e7d6 Docs")
    tx.tick(4)
    tx.assistant("`a1b2c3d` on Friday raised the sample rate; the flash fills in a day.")
    tx.tick(6)
    edit = {
        "file_path": f"{ROOT}/spec/logger_spec.rb",
        "old_string": "describe Logger do\n",
        "new_string": 'describe Logger do\n  it "rotates the file" do\n    expect(rotate).to be true\n  end\n\n'
        '  it "keeps the last day" do\n    expect(keep).to be true\n  end\n',
    }
    tx.tool_call("Edit", edit, "ok")
    tx.tick(3)
    tx.tool_call("Bash", {"command": "bin/rspec spec/logger_spec.rb"}, "FF..\n\n4 examples, 2 failures")
    tx.tick(20)
    tx.assistant("Both new tests fail as expected. Rotating now.")
    tx.tick(400)
    fork = tx.last_uuid
    tx.user("can it also upload to a google sheet over wifi?")
    tx.tick(5)
    tx.assistant("Yes: a Google Apps Script web app takes a POST. Let me read your secrets first.")
    tx.tool_call("Read", {"file_path": f"{ROOT}/secrets.py"}, "SSID = 'x'")
    tx.tick(90)
    tx.last_uuid = fork  # Esc Esc: the question taken back
    tx.user("never mind that, make it deepsleep between samples instead")
    tx.tick(8)
    tx.assistant("On rp2, deepsleep resets on wake, so the loop becomes one sample per boot.")
    return approved_workdir(tmp_path_factory.mktemp("round32"), tx)


def _event(work: Path, text: str) -> str:
    events = json.loads((work / "events.json").read_text())["events"]
    return next(e["id"] for e in events if text in json.dumps(e))


def _branch(work: Path) -> str:
    wifi, secrets, _ = _branch_ids(work)
    return f"{wifi} {secrets}"


def _branch_ids(work: Path) -> tuple[str, str, str]:
    return _event(work, "google sheet"), _event(work, "secrets.py"), _event(work, "deepsleep between")


def test_a_cited_rewound_branch_is_read_and_noted_not_reported(work: Path) -> None:
    wifi, secrets, after = _branch_ids(work)
    text = (
        f"I asked whether it could also upload to a Google sheet; Claude read `secrets.py`, and I took the "
        f"question back. <!-- ev: {wifi} {secrets} -->\n\n"
        f"Instead I asked for deepsleep between samples. <!-- ev: {after} -->"
    )
    found = problems(work, text)
    assert len(found) == 1, found
    assert "note: cites" in found[0] and "a branch you rewound (b1)" in found[0] and "tried: b1" in found[0]
    assert "never names" not in " ".join(found) and "left out" not in found[0].split("which triage")[0]


def test_a_rewound_branch_told_wrong_is_still_reported(work: Path) -> None:
    wifi, secrets, _ = _branch_ids(work)
    planted = f"Claude read `config.py` and wrote the Google upload. <!-- ev: {wifi} {secrets} -->"
    found = problems(work, planted)
    assert any("config.py" in line and "note:" not in line for line in found), found


def test_a_file_only_the_cited_branch_read_is_no_file_elsewhere(work: Path) -> None:
    wifi, secrets, after = _branch_ids(work)
    text = (
        f"I asked about a Google sheet; Claude read `secrets.py`, and I took it back. <!-- ev: {wifi} {secrets} -->\n\n"
        f"Claude then changed `secrets.py` for deepsleep. <!-- ev: {after} -->"
    )
    found = problems(work, text)
    assert len(found) == 2 and "note: cites" in found[0], found
    assert "secrets.py" in found[1] and "no event names it" in found[1], found


def test_an_uncited_rewound_branch_stays_out(work: Path) -> None:
    after = _event(work, "deepsleep between")
    found = problems(work, f"Claude read `secrets.py` before the deepsleep change. <!-- ev: {after} -->")
    assert any("secrets.py" in line for line in found), found


def test_the_verifying_model_is_shown_the_cited_branch_marked(work: Path) -> None:
    wifi, secrets, after = _branch_ids(work)
    (work / "draft.md").write_text(
        f"---\ntitle: t\n---\n\nI took the Google sheet question back. <!-- ev: {wifi} {secrets} -->\n\n"
        f"Instead I asked for deepsleep. <!-- ev: {after} -->\n",
        encoding="utf-8",
    )
    loaded = load_draft(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    pairs = verify_requests(
        loaded.text, loaded.view, loaded.parsed.manifest, loaded.triage, model, prices.limits(model),
        TemplateLibrary("prompts"),
    )  # fmt: skip
    shown = "\n".join(str(request.user) for _, request in pairs)
    line = next(line for line in shown.splitlines() if line.startswith(f"[{wifi}] ") and "AUTHOR:" in line)
    assert "(tried, then rewound: not what finally happened)" in line and "google sheet" in line
    system = "\n".join(str(block) for _, request in pairs for block in request.system)
    assert "tried, then rewound" in system and "withdrew" in system


def test_a_weekday_the_session_names_near_it_is_the_day_the_work_is_about(work: Path) -> None:
    log = _event(work, "git log --oneline")
    section = (
        "## {day}'s commit\n\nTo see what had changed on {day}, Claude asked git for the last commits. "
        "<!-- ev: {log} -->"
    )
    assert problems(work, section.format(day="Friday", log=log)) == []
    found = problems(work, section.format(day="Sunday", log=log))
    assert sum("Sunday" in line for line in found) == 2, found


def test_a_headings_count_its_section_tells_is_traced() -> None:
    # blind24's AD1 session (tuned on from this round): the session counts examples otherwise (4 and 14)
    section = (
        "## {n} examples that fail first\n\nBefore touching the job, Claude added two examples to "
        "`spec/jobs/send_appointment_reminder_job_spec.rb`. <!-- ev: e12 e13 -->\n\nUnder a minute after my first "
        "message, `bin/rspec` ran the job's spec: two of its four examples failed. <!-- ev: e1 e14 -->\n"
    )
    assert bench_problems("AD1", section.format(n="Two")) == []
    found = bench_problems("AD1", section.format(n="Three"))
    assert any('"Three examples"' in line for line in found), found


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("Una hora y veintitrés minutos después, el commit salió.", 83),
        ("Une heure et vingt-trois minutes plus tard, le commit est parti.", 83),
        ("Eine Stunde und dreiundzwanzig Minuten später kam der Commit.", 83),
        ("Dos horas y cinco minutos después", 125),
    ],
)
def test_an_hour_and_minutes_in_spanish_french_german_are_one_length(text: str, minutes: int) -> None:
    told = [a for a in amounts(gloss(text).text) if a.unit == "duration"]
    assert [(a.value, a.relative) for a in told] == [(minutes, True)]


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("Un'ora e ventitré minuti dopo, il commit è partito.", "1 hours and 23 minutes later"),
        ("un’ora dopo", "1 hours later"),
        ("ventotto minuti dopo", "28 minutes later"),
        ("Bir saat yirmi üç dakika sonra commit gitti.", "1 hours and 23 minutes later"),
        ("Uma hora e vinte e três minutos depois, saiu.", "1 hours and 23 minutes later"),
        ("Eén uur en drieëntwintig minuten later.", "1 hours and 23 minutes later"),
        ("Godzinę i dwadzieścia trzy minuty później.", "1 hour 23 minutes later"),
        ("Через час и двадцать три минуты пришёл отчёт.", "1 hour 23 minutes later"),
        ("Ora, cinque minuti dopo, il test passò.", "Ora, 5 minutes later"),
    ],
)
def test_an_hour_and_tens_said_apart_make_one_length_in_the_other_languages(text: str, english: str) -> None:
    glossed = gloss_relative(text)
    assert glossed is not None and english in glossed.text


@pytest.mark.parametrize(
    "text",
    [
        "Lo retomé a una hora más razonable, sin prisas.",
        "Lo dejé para una hora más tranquila.",
        "De una hora para otra, el sensor dejó de responder.",
        "Tarde o temprano, una hora u otra, iba a fallar.",
        "Le build est tombé à une heure du matin.",
        "Je l'ai repris à une heure raisonnable.",
        "Von einer Stunde auf die andere fiel der Sensor aus.",
    ],
)
def test_an_hour_that_is_a_time_of_day_or_a_turn_of_speech_is_no_length(text: str) -> None:
    assert [a for a in amounts(gloss(text).text) if a.unit == "duration"] == []


def test_a_spanish_hour_and_minutes_is_checked_whole(work: Path) -> None:
    first, after = _event(work, "the logger stops"), _event(work, "deepsleep between")
    # the first message to the deepsleep request: 9 min 43 s in this session; told wrong either way
    told = "Nueve minutos después de mi primer mensaje pedí deepsleep. <!-- ev: {a} {b} -->"
    assert problems(work, told.format(a=first, b=after)) == []
    wrong = "Una hora y veintitrés minutos después de mi primer mensaje pedí deepsleep. <!-- ev: {a} {b} -->"
    assert any("hora" in line for line in problems(work, wrong.format(a=first, b=after)))
    time_of_day = "Lo retomé a una hora más razonable y pedí deepsleep. <!-- ev: {b} -->"
    assert problems(work, time_of_day.format(b=after)) == []


def test_a_sentence_ending_inside_its_quote_starts_the_next_one(work: Path) -> None:
    said = _event(work, "fail as expected")
    text = f'Claude\'s reply: "Both new tests fail as expected." Its next words were on rotating. <!-- ev: {said} -->'
    assert not any("never names" in line for line in problems(work, text))


def test_a_non_breaking_hyphen_is_a_hyphen() -> None:
    told = [(a.value, a.unit) for a in amounts("every appointment in a 2\u2011hour window")]
    assert told == [(120.0, "duration")]
