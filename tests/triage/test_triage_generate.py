"""The first `retell triage`: every section, defaults from the session, comments that teach, no secret."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SESSION_ID, Transcript, text_block
from triage_support import (
    EMAIL,
    GROWN_SECRET_VALUES,
    HOME,
    SUMMARY_HEAD,
    TOKEN,
    USER,
    Session,
    line_number,
    load,
    make_session,
    parse_into,
)

from retell.triage.slug import SLUG_PATTERN
from retell.triage.stage import run_triage
from retell.triage.validate import CHAPTER_KEYS, IMAGE_KEYS, POST_KEYS, SECRET_KEYS, STORY_KEYS


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return make_session(tmp_path)


def test_first_run_writes_every_section(session: Session) -> None:
    outcome = run_triage(session.workdir)
    assert outcome.created
    assert outcome.path == session.triage
    assert outcome.problems.errors == []
    doc = load(session.triage)
    assert list(doc) == [
        "schema_version",
        "info",
        "post",
        "story",
        "chapters",
        "tried",
        "secrets",
        "redact",
        "images",
        "approved",
    ]
    assert doc["schema_version"] == 1
    assert doc["info"]["session"] == SESSION_ID
    assert doc["info"]["events_sha256"] == session.result.manifest["artifacts"]["events_json_sha256"]
    assert list(doc["post"]) == list(POST_KEYS)
    assert list(doc["story"]) == list(STORY_KEYS)
    assert doc["approved"] is False


def test_post_defaults_come_from_the_session(session: Session) -> None:
    run_triage(session.workdir)
    post = load(session.triage)["post"]
    assert post["title"] == "Fixing the blank login page"  # the first request, said as what happened
    assert post["slug"] == "fixing-the-blank-login-page-5e5510"  # + the session id: unique across sessions
    assert post["date"] == "2026-01-05T10:00:01+00:00"  # when the session started
    assert list(post["tags"]) == ["claude-code", "python"]  # it edited a .py file
    assert (post["length"], post["language"], post["voice"]) == ("medium", "en", "first-person")
    assert post["use_thinking"] is False
    assert post["draft"] is True
    assert post["description"] == ""
    assert post["cover"] == ""
    assert post["audience"]
    assert post["tone"]


def test_one_entry_per_chapter_secret_and_image(session: Session) -> None:
    run_triage(session.workdir)
    doc = load(session.triage)
    chapters = doc["chapters"]
    assert [c["id"] for c in chapters] == ["ch1", "ch2", "ch3"]
    assert [c["info"]["started_by"] for c in chapters] == ["start", "session_change", "compaction"]
    assert all(list(c)[:3] == ["id", "include", "title"] and c["include"] is True for c in chapters)
    assert set(chapters[0]) <= set(CHAPTER_KEYS)
    assert [c["title"] for c in chapters] == [
        "Sending out subagents",  # "Fix the blank login page" is the title, said as "Fixing…"
        "Implementing the plan: rotate the token and fix the redirect",
        # "Now the tests, please" leaves "The tests": a thing, not what was done with it; the stretch took a screenshot
        "Looking at screenshots",
    ]
    assert chapters[2]["info"]["bridge"].startswith("We fixed the redirect.")
    secrets = doc["secrets"]
    assert [s["id"] for s in secrets] == [f["id"] for f in session.flags]
    assert [s["info"]["kind"] for s in secrets] == ["github-token (secret)", "email (pii)", "home-path (pii)"]
    assert all(s["action"] == "redact" and s["replacement"] == "" for s in secrets)
    assert all(set(s) <= set(SECRET_KEYS) for s in secrets)
    images = doc["images"]
    assert [i["file"] for i in images] == session.images
    assert all(i["include"] is True and i["caption"] == "" and i["alt"] == "" for i in images)
    assert all(set(i) <= set(IMAGE_KEYS) for i in images)
    assert sorted(i["info"]["chapter"] for i in images) == ["ch1", "ch3"]


# Comments that explain the sections and the allowed values: (line the comment is on or above, what it says).
TEACHING = [
    (r"^schema_version:", "Nothing is sent to a model and nothing is published until you set `approved: true`"),
    (r"^post:", "How the post is made and presented."),
    (r"^  length:", "short (800-1,200 words) | medium (1,800-2,500) | long (3,000+)"),
    (r"^  voice:", 'first-person ("I asked Claude…") | third-person'),
    (r"^  language:", "en, de, fr, ja"),
    (r"^  date:", "ISO 8601 with offset"),
    (r"^  use_thinking:", "never quoted"),
    (r"^  cover:", "asset file name of the cover image"),
    (r"^story:", "What the transcript cannot tell."),
    (r"^  angle:", "process | decision | methodology | capability | tool-building"),
    (r"^  angle:", "decision = why X over Y"),
    (r"^chapters:", "include: false leaves a chapter out"),
    (r"^chapters:", "merge_into: <id> tells a chapter as part of another one."),
    (r"^secrets:", "action: redact (a placeholder replaces it everywhere) | replace (by `replacement`) |"),
    (r"^secrets:", "also add `confirm_keep: true`"),
    (r"^    action:", "redact uses [REDACTED:github-token]"),
    (r"^images:", "look at contact-sheet.png"),
    (r"^images:", "alt describes it for screen readers"),
    (r"^approved:", "The gate: true means you reviewed all of the above."),
]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> str:
    session = make_session(tmp_path_factory.mktemp("generated"))
    run_triage(session.workdir)
    return session.triage.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("key", "comment"), TEACHING, ids=[f"{re.sub(r'[^a-z_]', '', k)}-{i}" for i, (k, _) in enumerate(TEACHING)]
)
def test_comments_explain_each_section_and_its_values(generated: str, key: str, comment: str) -> None:
    lines = generated.splitlines()
    at = line_number(generated, key)
    on_the_line = comment in lines[at - 1].partition("# ")[2]
    above = []
    for line in reversed(lines[: at - 1]):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        above.append(line)
    assert on_the_line or any(comment in line for line in above), (key, comment)


def test_the_generated_file_is_valid(session: Session) -> None:
    run_triage(session.workdir)
    outcome = run_triage(session.workdir, check=True)
    assert outcome.problems.errors == []
    assert outcome.problems.warnings == []
    assert outcome.triage is not None
    assert outcome.triage.told_chapters() == ["ch1", "ch2", "ch3"]


def test_generation_is_deterministic(session: Session) -> None:
    run_triage(session.workdir)
    first = session.triage.read_bytes()
    session.triage.unlink()
    run_triage(session.workdir)
    assert session.triage.read_bytes() == first


def test_the_generated_file_holds_no_flagged_secret(session: Session) -> None:
    run_triage(session.workdir)
    text = session.triage.read_text(encoding="utf-8")
    for kind, value in GROWN_SECRET_VALUES.items():
        assert value not in text, kind
    assert USER not in text
    # the spots that quote the session are there, cleared
    assert "The old token [REDACTED:github-token] was rotated." in text  # a bridge
    assert "gist: Now the tests, please. The fixtures are in ~/proj/tests." in text


def test_secrets_in_the_first_words_stay_out_of_titles_and_gists(tmp_path: Path, session_path: Path) -> None:
    tx = Transcript(cwd=f"{HOME}/proj")
    tx.user(f"Deploy with {TOKEN} now.\nMail {EMAIL} when done.")
    tx.assistant("Deploying.")
    logical = tx.last_uuid
    tx.last_uuid = None
    tx.system("compact_boundary", logicalParentUuid=logical, compactMetadata={"trigger": "auto", "preTokens": 9})
    tx.user(SUMMARY_HEAD + f"We deployed with {TOKEN}.", isCompactSummary=True)
    tx.user([text_block(f"{HOME}/proj/deploy.sh failed. Why?")])
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    run_triage(workdir)
    text = (workdir / "triage.yaml").read_text(encoding="utf-8")
    for value in (TOKEN, EMAIL, HOME, USER):
        assert value not in text
    doc = load(workdir / "triage.yaml")
    assert doc["post"]["title"] == "Deploying with [REDACTED:github-token]"
    assert doc["chapters"][0]["title"] == "Deploy with [REDACTED:github-token] now"  # not the title again
    assert doc["chapters"][0]["info"]["gist"] == (
        "Deploy with [REDACTED:github-token] now. Mail [REDACTED:email] when done."
    )
    assert doc["chapters"][1]["title"] == "~/proj/deploy.sh failed"
    assert doc["chapters"][1]["info"]["bridge"] == "We deployed with [REDACTED:github-token]."
    assert run_triage(workdir, check=True).problems.errors == []


def test_the_source_path_does_not_repeat_the_flagged_home_path(tmp_path: Path) -> None:
    # Claude Code keeps sessions in ~/.claude/projects/<encoded cwd>/; here the home is under tmp_path.
    home_session = tmp_path / "home" / USER / ".claude" / "projects" / f"-home-{USER}-proj" / f"{SESSION_ID}.jsonl"
    tx = Transcript(cwd=f"{HOME}/proj")
    tx.user(f"The logs are in {HOME}/proj/logs; read them.")
    tx.write(home_session)
    workdir = tmp_path / "work"
    result = parse_into(home_session, workdir)
    assert [f["kind"] for f in result.manifest["pii_warnings"]] == ["home-path"]
    run_triage(workdir)
    text = (workdir / "triage.yaml").read_text(encoding="utf-8")
    assert HOME not in text


def test_a_secret_cut_by_the_title_limit_stays_out_of_the_title(tmp_path: Path, session_path: Path) -> None:
    tx = Transcript()
    tx.user(f"Please deploy the release candidate to staging, using the token {TOKEN} for the registry.")
    tx.assistant("Deploying.")
    tx.write(session_path)
    workdir = tmp_path / "work"
    result = parse_into(session_path, workdir)
    assert [f["kind"] for f in result.manifest["pii_warnings"]] == ["github-token"]
    run_triage(workdir)
    title = load(workdir / "triage.yaml")["post"]["title"]
    assert TOKEN[:12] not in title, title


JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MTIwNyIsInJvbGUiOiJ1c2VyIiwiaWF0IjoxNzY1NDAwMDAwfQ"
    ".Qm9vbXN0aWNrLWNhdGNoZXItNDQ3MTIzNDU2Nzg5--"
)


@pytest.mark.parametrize(
    "message",
    [
        f"{JWT}\nthis token keeps getting 403 on /admin, what role does it have?",  # the token first: capitalised
        f"why does the gateway reject {JWT}",  # the token last: its `--` trimmed
    ],
)
def test_a_token_the_title_capitalises_or_trims_stays_out_of_the_post(
    tmp_path: Path, session_path: Path, message: str
) -> None:
    """A blind set (dev7, stop 36): a message that opens with a JWT became the title `EyJhbGci…TW0`, its first
    letter capitalised and its trailing `--` trimmed: no longer the flagged value, nor a token to the rules,
    it went into the front matter and the model's prompts."""
    tx = Transcript()
    tx.user(message)
    tx.assistant("The role claim says user.")
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    run_triage(workdir)
    text = (workdir / "triage.yaml").read_text(encoding="utf-8")
    body = JWT.split(".")[1]
    assert body[:16] not in text and body[:16].lower() not in text.lower(), text[:400]
    assert run_triage(workdir, check=True).problems.errors == []


def test_unicode_and_yaml_special_titles_round_trip(tmp_path: Path, session_path: Path) -> None:
    first = "Ünïcødé: fix the “quotes” & #hash - 'it' \"works\" — 日本語のテスト"
    tx = Transcript()
    tx.user(first)
    tx.assistant("On it.")
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    run_triage(workdir)
    doc = load(workdir / "triage.yaml")
    assert doc["post"]["title"] == first
    assert SLUG_PATTERN.fullmatch(doc["post"]["slug"]), doc["post"]["slug"]
    assert doc["post"]["slug"].startswith("unicode-fix-the-quotes")
    assert run_triage(workdir, check=True).problems.errors == []


def test_a_session_without_words_from_the_author(tmp_path: Path, session_path: Path) -> None:
    tx = Transcript()
    tx.assistant("Resuming the background job.")
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    outcome = run_triage(workdir)
    doc = load(workdir / "triage.yaml")
    assert doc["post"]["title"] == "Working on proj with Claude Code"  # the project, never an id
    assert doc["chapters"][0]["title"] == "Talking it through with Claude"  # what it was, not "Where it started"
    assert doc["chapters"][0]["info"]["gist"] == "(no message from you in this chapter)"
    assert list(doc["secrets"]) == []
    assert list(doc["images"]) == []
    assert outcome.problems.errors == []
    assert outcome.contact_sheet is None
