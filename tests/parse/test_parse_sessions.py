"""Several sessions parsed into one work folder: one story in time order, ids that name their session, a
resumed session told once, totals that are the sums of the sessions, and one session exactly as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean_error
from sessions_support import EMAIL, SESSION_A, SESSION_B, TOKEN, write_sessions

from retell.claude.locate import SessionRef
from retell.events import session_key_of, walk
from retell.parse import ParseOptions, ParseResult, parse_to_workdir
from retell.parse.joined import session_keys
from retell.write.facts import session_facts

TOKEN_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


@pytest.fixture
def files(project_dir: Path) -> dict[str, Path]:
    return write_sessions(project_dir)


def parse(paths: list[Path] | Path, workdir: Path) -> ParseResult:
    refs = [SessionRef(p, p.stem) for p in paths] if isinstance(paths, list) else SessionRef(paths, paths.stem)
    return parse_to_workdir(refs, workdir, ParseOptions())[1]


def texts(result: ParseResult) -> list[str]:
    return [e.text for e in result.log.events if e.text]


def read(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "events.json").read_bytes(), (folder / "manifest.json").read_bytes()


# -- one session -----------------------------------------------------------------------------------------


def test_one_session_given_as_a_list_is_exactly_the_single_session_parse(files: dict[str, Path], tmp_path: Path):
    parse(files["a"], tmp_path / "single")
    parse([files["a"]], tmp_path / "listed")
    assert read(tmp_path / "single") == read(tmp_path / "listed")
    events = json.loads((tmp_path / "single" / "events.json").read_bytes())
    assert "sessions" not in events and "session" not in events["chapters"][0]
    assert "sessions" not in json.loads((tmp_path / "single" / "manifest.json").read_bytes())
    assert events["events"][0]["id"] == "e1" and events["chapters"][0]["id"] == "ch1"


# -- several ---------------------------------------------------------------------------------------------


def test_two_sessions_are_one_story_in_time_order(files: dict[str, Path], tmp_path: Path):
    result = parse([files["b"], files["a"]], tmp_path / "w")  # given newest first
    log = result.log
    assert [s.key for s in log.sessions] == ["a11ce000", "b0b00000"]
    assert [c.id for c in log.chapters] == ["a11ce000-ch1", "b0b00000-ch1"]
    assert [c.reason for c in log.chapters] == ["start", "start"]
    assert [c.session for c in log.chapters] == ["a11ce000", "b0b00000"]
    ids = [e.id for e in walk(log.events)]
    assert len(ids) == len(set(ids))
    assert all(session_key_of(e.id) == session_key_of(e.chapter) for e in walk(log.events))
    story = texts(result)
    assert story.index("The login page is blank after the deploy. Find out why.") < story.index(
        f"Now the redirect after login. Mail the report to {EMAIL}. The token is still {TOKEN}."
    )
    # B's top summary names A's last record: B continues A. The story starts with the earliest session.
    assert log.sessions[1].continues == "a11ce000"
    assert log.session.id == SESSION_A and log.session.start == log.sessions[0].start
    manifest = result.manifest
    assert [s["gap_ms"] for s in manifest["sessions"]] == [None, manifest["sessions"][1]["gap_ms"]]
    assert manifest["sessions"][1]["gap_ms"] > 40 * 3600 * 1000  # about two days
    # Deterministic, whatever the order on the command line.
    parse([files["a"], files["b"]], tmp_path / "again")
    assert read(tmp_path / "w") == read(tmp_path / "again")


def _sum(results: list[ParseResult], *path: str) -> Any:
    total = 0
    for result in results:
        value: Any = result.manifest
        for key in path:
            value = value[key]
        total += value
    return total


def test_the_totals_are_the_sums_of_the_single_sessions(files: dict[str, Path], tmp_path: Path):
    singles = [parse(files[n], tmp_path / f"single-{n}") for n in ("a", "b")]
    joined = parse([files["a"], files["b"]], tmp_path / "w").manifest
    for path in (
        ("counts", "events"),
        ("counts", "human_turns"),
        ("counts", "tool_calls"),
        ("counts", "tool_errors"),
        ("counts", "chapters"),
        ("session", "active_ms"),
        ("usage", "total", "input_tokens"),
        ("usage", "total", "output_tokens"),
        ("usage", "total", "cache_read_input_tokens"),
        ("usage", "total", "cache_creation_input_tokens"),
        ("usage", "total", "api_messages"),
        ("sizes", "file_bytes"),
        ("token_estimate", "signal_tokens"),
    ):
        value: Any = joined
        for key in path:
            value = value[key]
        assert value == _sum(singles, *path), path
    # What a post quotes in "By the numbers".
    facts = session_facts(joined)
    one = [session_facts(s.manifest) for s in singles]
    for name in ("human_turns", "tool_calls", "tool_errors", "subagents", "compactions", "tokens"):
        assert facts[name] == sum(f[name] for f in one), name
    assert facts["sessions"] == 2 and facts["days"] == 3
    assert (facts["first_day"], facts["last_day"]) == ("2026-01-05", "2026-01-07")
    edited = {f for s in singles for f in s.manifest["files"]["edited"]}
    assert facts["files_changed"] == len(edited) == 2
    # Only the sessions told: leaving B out in triage gives A's own figures.
    assert session_facts(joined, told=["a11ce000"])["human_turns"] == one[0]["human_turns"]


def test_a_resumed_session_is_told_once_and_its_tokens_counted_once(files: dict[str, Path], tmp_path: Path):
    single_c = parse(files["c"], tmp_path / "single-c").manifest
    single_a = parse(files["a"], tmp_path / "single-a").manifest
    result = parse([files["a"], files["b"], files["c"]], tmp_path / "w")
    story = texts(result)
    redirect = f"Now the redirect after login. Mail the report to {EMAIL}. The token is still {TOKEN}."
    assert story.count(redirect) == 1  # C replays B: told where it happened
    assert story[-2:] == ["Update the changelog and open the pull request.", "Pull request opened."]
    c = result.log.sessions[2]
    assert c.continues == "b0b00000"
    manifest = result.manifest
    c_figures = manifest["sessions"][2]
    replayed = sum(1 for line in files["b"].read_text().splitlines() if '"uuid"' in line)
    assert c_figures["records"]["replayed"] == replayed
    assert c_figures["counts"]["human_turns"] == 1
    # C alone repeats all of B, so A + C alone counts every message of the story exactly once.
    assert manifest["counts"]["human_turns"] == single_a["counts"]["human_turns"] + single_c["counts"]["human_turns"]
    assert manifest["session"]["active_ms"] == single_a["session"]["active_ms"] + single_c["session"]["active_ms"]
    distinct: dict[str, int] = {}
    for path in files.values():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            message = record.get("message")
            if record.get("type") == "assistant" and isinstance(message, dict):
                distinct[message["id"]] = sum(message["usage"][k] for k in TOKEN_FIELDS)
    usage = manifest["usage"]["total"]
    counted = sum(usage[k] for k in TOKEN_FIELDS)
    assert counted == sum(distinct.values())
    assert usage["api_messages"] == len(distinct)


def test_a_secret_in_two_sessions_is_one_decision(files: dict[str, Path], tmp_path: Path):
    result = parse([files["a"], files["b"]], tmp_path / "w")
    (token,) = [f for f in result.manifest["pii_warnings"] if f["kind"] == "github-token"]
    assert {session_key_of(loc["event"]) for loc in token["locations"]} == {"a11ce000", "b0b00000"}
    assert token["chapters"] == ["a11ce000-ch1", "b0b00000-ch1"]
    assert TOKEN not in (tmp_path / "w" / "manifest.json").read_text()


def test_a_folder_that_grows_keeps_its_anchor_its_secret_ids_and_its_slug(files: dict[str, Path], tmp_path: Path):
    from retell.triage.generate import default_slug

    work = tmp_path / "w"
    single = parse(files["b"], work)  # first told alone
    token_id = next(f["id"] for f in single.manifest["pii_warnings"] if f["kind"] == "github-token")
    grown = parse([files["a"], files["b"]], work)  # then with the session before it
    assert grown.log.session.id == SESSION_B  # the anchor stays: the salt of the secret ids
    assert token_id in {f["id"] for f in grown.manifest["pii_warnings"]}
    # The story's title is now the earlier session's, but the slug keeps the folder's suffix (and triage.yaml
    # keeps the slug it already has).
    assert default_slug(single.log).endswith("-b0b000") and default_slug(grown.log).endswith("-b0b000")
    fresh = parse([files["a"], files["b"]], tmp_path / "fresh")
    assert fresh.log.session.id == SESSION_A  # a new folder: the earliest session


def test_session_keys_are_short_unique_and_stable() -> None:
    assert session_keys([SESSION_A, SESSION_B]) == ["a11ce000", "b0b00000"]
    alike = ["0b7c3f52-aaaa-4000-8000-000000000001", "0b7c3f52-bbbb-4000-8000-000000000002", SESSION_A]
    assert session_keys(alike) == ["0b7c3f52aaaa", "0b7c3f52bbbb", "a11ce000"]
    assert session_keys(alike[1:]) == ["0b7c3f52", "a11ce000"]


def test_subagents_and_images_stay_with_their_session(files: dict[str, Path], tmp_path: Path):
    result = parse([files["a"], files["b"]], tmp_path / "w")
    (image,) = result.manifest["images"]
    assert [session_key_of(e) for e in image["events"]] == ["a11ce000"]
    assert result.manifest["sessions"][0]["counts"]["images"] == 1
    assert result.manifest["sessions"][1]["counts"]["images"] == 0


# -- the command line ------------------------------------------------------------------------------------


def test_cli_parses_several_sessions_and_says_how_they_follow(cli: Any, files: dict[str, Path]):
    result = cli("parse", files["a"], files["b"], files["c"], "-o", "w")
    assert result.exit_code == 0, result.output
    assert "Parsed 3 sessions" in result.output
    assert "two days later" in result.output and "continues a11ce000" in result.output
    assert "continues b0b00000" in result.output


def test_cli_selects_a_project_s_sessions(cli: Any, files: dict[str, Path], tmp_path: Path):
    result = cli("parse", "--project", "/srv/demo/proj", "--since", "2026-01-06", "-o", "late")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "cwd" / "late" / "manifest.json").read_text())
    assert [s["key"] for s in manifest["sessions"]] == ["b0b00000", "c0ffee00"]
    result = cli("parse", "--project", "-srv-demo-proj", "--until", "2026-01-05", "-o", "early")
    assert result.exit_code == 0, result.output
    assert "Parsed session a11ce000" in result.output  # one session: exactly the single-session parse
    result = cli("parse", "--project", "/srv/demo/proj", "--branch", "main")
    assert "no session of" in assert_clean_error(result)


def test_cli_refuses_what_does_not_go_together(cli: Any, files: dict[str, Path]):
    assert cli("parse", files["a"], "--since", "2026-01-01").exit_code == 2
    assert cli("parse", files["a"], "--project", ".").exit_code == 2
    assert cli("parse").exit_code == 2
    assert "given twice" in assert_clean_error(cli("parse", files["a"], files["a"]))


@pytest.mark.parametrize(
    ("end", "start", "said"),
    [
        ("2026-01-05T10:00:00.000Z", "2026-01-05T10:00:20.000Z", "right after"),
        ("2026-01-05T10:00:00.000Z", "2026-01-05T10:04:30.000Z", "four minutes later"),
        ("2026-01-05T10:00:00.000Z", "2026-01-05T13:20:00.000Z", "three hours later"),
        ("2026-01-05T22:00:00.000Z", "2026-01-06T01:00:00.000Z", "three hours later"),  # past midnight, same night
        ("2026-01-05T18:00:00.000Z", "2026-01-06T09:00:00.000Z", "the next day"),
        ("2026-01-05T10:00:00.000Z", "2026-01-07T09:00:00.000Z", "two days later"),
        ("2026-01-05T10:00:00.000Z", "2026-01-26T09:00:00.000Z", "three weeks later"),
        ("2025-06-15T00:00:51.000Z", "2025-06-18T23:17:59.000Z", "four days later"),  # 95 h, though 3 UTC dates
        ("2026-01-05T01:00:00.000Z", "2026-01-06T13:00:00.000Z", "the next day"),  # 36 h: a calendar's next day
        (None, "2026-01-05T10:00:00.000Z", ""),
    ],
)
def test_the_gap_between_sessions_is_said_as_a_writer_says_it(end: str | None, start: str, said: str) -> None:
    from retell.report import gap_phrase

    assert gap_phrase(end, start) == said


def test_the_default_folder_of_a_session_parsed_before_is_continued(cli: Any, files: dict[str, Path], tmp_path: Path):
    assert cli("parse", files["b"], "-q").exit_code == 0  # ./retell-b0b00000
    result = cli("parse", files["a"], files["b"], "-q")
    assert result.exit_code == 0, result.output
    folders = sorted(p.name for p in (tmp_path / "cwd").iterdir())
    assert folders == ["retell-b0b00000"]  # not a new retell-a11ce000
    manifest = json.loads((tmp_path / "cwd" / "retell-b0b00000" / "manifest.json").read_text())
    assert [s["key"] for s in manifest["sessions"]] == ["a11ce000", "b0b00000"]
    assert manifest["session"]["id"] == SESSION_B  # and it keeps its anchor
    assert cli("parse", files["a"], files["c"], "-q").exit_code == 0  # neither has a folder yet: the earliest's
    assert sorted(p.name for p in (tmp_path / "cwd").iterdir()) == ["retell-a11ce000", "retell-b0b00000"]


def test_a_gap_of_days_never_reads_shorter_as_it_grows() -> None:
    """The review of stop 36: rounded half to even, 59 hours after 23:59 read "three days later" (the dates)
    and 60 hours "two days later"."""
    from datetime import datetime, timedelta

    from retell.report import gap_phrase

    end = datetime(2026, 1, 5, 23, 59)
    said = [gap_phrase(end.isoformat() + "Z", (end + timedelta(hours=h)).isoformat() + "Z") for h in (59, 60, 84)]
    assert said == ["three days later", "three days later", "four days later"]
