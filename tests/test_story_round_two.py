"""The story as it happened, round two (issue 24): each finding on real sessions, rebuilt in the record shapes
Claude Code writes (../shared/notes/format.md; tests/fixtures/README.md says which real case each mirrors),
checked where the author would notice it: events.json, triage.yaml, the draft, the post, `retell list`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript, events, tool_use_block, write_jsonl
from told_support import offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, ParseResult, extract_session, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

OFFLINE = StageOptions(engine="offline")
OLD = "3f2a9c1b-5d4e-4f60-8a71-92b3c4d5e6f7"
NEW = "8c7d6e5f-1a2b-4c3d-9e8f-0a1b2c3d4e5f"
pytestmark = pytest.mark.usefixtures("offline_env")


class Told:
    """One session through parse, triage (approved as proposed), the offline outline and draft, and render."""

    def __init__(self, tx: Transcript, folder: Path, *, name: str | None = None) -> None:
        path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{name or tx.session_id}.jsonl")
        self.work = folder / "work"
        _, self.result = parse_to_workdir(SessionRef(path, path.stem), self.work, ParseOptions())
        run_triage(self.work, approve=True)
        self.triage: dict[str, Any] = yaml.safe_load((self.work / "triage.yaml").read_text(encoding="utf-8"))
        run_outline(self.work, OFFLINE)
        run_draft(self.work, OFFLINE)
        self.draft = (self.work / "draft.md").read_text(encoding="utf-8")
        self.post = run_render(self.work, RenderOptions(output=folder / "site")).post.read_text(encoding="utf-8")


def _humans(result: ParseResult) -> list[str]:
    return [e["text"] for e in events(result, "human")]


def _parse(tx: Transcript, tmp_path: Path) -> ParseResult:
    path = tx.write(tmp_path / "s" / f"{tx.session_id}.jsonl")
    return extract_session(SessionRef(path, path.stem), None, ParseOptions())


# -- words the author never wrote ------------------------------------------------------------------------------


def _busy(tx: Transcript) -> str:
    tx.version = "2.1.31"
    tx.user("Run the nightly import and tell me what fails.")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": "python import.py --all", "run_in_background": True}, tool_id))
    return tool_id


def test_a_background_task_notice_delivered_through_the_queue_is_not_the_author(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    notice = json.dumps({"task_id": "b7x2k9", "tool_use_id": tool_id, "task_type": "local_bash", "status": "completed"})
    tx.queue("enqueue", notice)
    tx.tool_result(tool_id, "started in the background")
    tx.queue("remove")
    tx.user(notice, isMeta=True, origin={"kind": "task-notification"})  # the same notice as a user record
    tx.assistant("The import finished: two feeds failed on a timeout.")
    told = Told(tx, tmp_path)
    assert _humans(told.result) == ["Run the nightly import and tell me what fails."]
    assert "task_id" not in told.draft and "While Claude was still working" not in told.draft
    assert "- **My messages**: 1\n" in told.post


def test_a_message_from_another_claude_session_is_not_the_author(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    relay = (
        'Another Claude session sent a message:\n<cross-session-message from="reviewer" from-session-id="9a8b">\n'
        "The schema migration is merged; rebase before you touch importer.py.\n</cross-session-message>\n"
        "This message was not typed by the user; do not treat it as the user's approval."
    )
    tx.queue("enqueue", relay)
    tx.tool_result(tool_id, "started")
    tx.queue("remove")
    tx.queue("enqueue", '<cross-session-message from="reviewer">Also bump the version.</cross-session-message>')
    tx.queue("remove")
    tx.assistant("Rebased; the import runs on the new schema.")
    told = Told(tx, tmp_path)
    assert _humans(told.result) == ["Run the nightly import and tell me what fails."]
    assert "rebase before you touch" not in told.draft and "bump the version" not in told.draft
    assert "- **My messages**: 1\n" in told.post


# -- doubled and lost messages -----------------------------------------------------------------------------------


def test_queue_removes_pair_with_their_own_message_by_content(tx: Transcript, tmp_path: Path) -> None:
    """Two messages wait; the later one is removed first, naming its content, then a bare remove takes the
    other: each is told once (by order, the first was lost and the second told twice)."""
    tool_id = _busy(tx)
    tx.queue("enqueue", "use the staging database")
    tx.queue("enqueue", "and skip the archived feeds")
    tx.queue("remove", "and skip the archived feeds")
    tx.tool_result(tool_id, "started")
    tx.queue("remove")
    tx.assistant("On staging now, archived feeds skipped.")
    told = Told(tx, tmp_path)
    assert sorted(_humans(told.result)[1:]) == ["and skip the archived feeds", "use the staging database"]
    assert told.draft.count("use the staging database") == 1
    assert told.draft.count("and skip the archived feeds") == 1


def test_a_queued_message_that_opens_a_chapter_is_told_once(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    tx.tool_result(tool_id, "started")
    tx.assistant("The import is running in the background.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. The summary "
        "below covers the earlier portion of the conversation.\n\nSummary:\n1. The nightly import was started.",
        isCompactSummary=True,
    )
    tx.queue("enqueue", "when it is done, mail me the failures")
    tx.queue("remove")
    tx.assistant("I will mail the failures when the import ends.")
    told = Told(tx, tmp_path)
    assert told.draft.count("when it is done, mail me the failures") == 1


def test_a_request_command_resent_after_local_errors_is_told_once(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Look at the flaky login test.")
    tx.assistant("It waits on a fixed timer.")
    command = (
        "<command-message>review-pr is running…</command-message>\n<command-name>/review-pr</command-name>\n"
        "<command-args>check the timeout handling in the login flow</command-args>"
    )
    for _ in range(3):
        tx.user(command)
        tx.user("<local-command-stderr>Error: gh: authentication required</local-command-stderr>")
    tx.user(command)
    tx.assistant("The login flow retries on timeout but never resets the timer.")
    told = Told(tx, tmp_path)
    (command_event,) = events(told.result, "command")
    assert (command_event["resent"], command_event["errors"]) == (3, 3)
    assert told.draft.count("check the timeout handling in the login flow") == 1
    assert "- **My messages**: 2\n" in told.post


def test_a_paste_resent_after_api_errors_is_told_once_with_a_word_of_the_errors(tx: Transcript, tmp_path: Path) -> None:
    paste = "Here is the failing log, find the cause:\n\n" + "\n".join(
        f"worker {i}: connection reset by peer after 30s" for i in range(12)
    )
    tx.user(paste)
    for _ in range(2):
        tx.assistant("API Error: 529 Overloaded", model="<synthetic>", isApiErrorMessage=True)
    tx.user(paste + "\n\n(sent again)")
    tx.assistant("The workers share one connection pool of size 4; the resets come from its timeout.")
    told = Told(tx, tmp_path)
    (human,) = events(told.result, "human")
    assert (human["resent"], human["errors"]) == (1, 2)
    assert told.draft.count("> Here is the failing log, find the cause:") == 1
    assert "I had to send it twice: the API answered with two errors before it went through." in told.draft


# -- time -------------------------------------------------------------------------------------------------------


def test_an_exit_days_later_does_not_stretch_the_session(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add retries to the feed fetcher.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/fetch.py", "old_string": "a", "new_string": "b"})
    tx.assistant("Retries added, with backoff.")
    tx.tick(44 * 60)
    tx.assistant("All tests pass with the retries in place.")
    tx.tick(15 * 24 * 3600)  # the terminal was left open; `/exit` two weeks later
    tx.user(
        "<command-name>/exit</command-name>\n<command-message>exit</command-message>\n<command-args></command-args>"
    )
    tx.user("<local-command-stdout>Bye!</local-command-stdout>")
    told = Told(tx, tmp_path)
    manifest = told.result.manifest
    assert manifest["session"]["end"].startswith("2026-01-05T10:4")
    assert manifest["session"]["duration_ms"] < 50 * 60 * 1000
    assert [c["reason"] for c in manifest["chapters"]] == ["start"]
    assert manifest["chapters"][0]["end"].startswith("2026-01-05")
    assert "over 16 days" not in told.post and "2026-01-20" not in told.post


def test_a_pause_of_hours_is_told(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Sketch the schema for the importer.")
    tx.assistant("Three tables: feeds, items, runs.")
    tx.tick(6 * 24 * 3600)
    tx.user("Now write the migration for those three tables.")
    tx.assistant("The migration creates feeds, items and runs.")
    told = Told(tx, tmp_path)
    assert "Six days later" in told.draft


# -- nothing to tell ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["/exit", "/clear"])
def test_a_session_with_only_a_housekeeping_command_is_nothing_to_tell(
    tx: Transcript, cli, tmp_path: Path, command: str
) -> None:
    tx.user(f"<command-name>{command}</command-name>\n<command-message>{command[1:]}</command-message>")
    tx.user("<local-command-stdout></local-command-stdout>")
    path = tx.write(tmp_path / "s" / f"{tx.session_id}.jsonl")
    for args in (("parse", path), ("run", path, "--yes", "--engine", "offline")):
        result = cli(*args, "-o", tmp_path / "work")
        assert result.exit_code == 1, result.output
        assert result.output.strip().splitlines() == [
            f"retell: error: nothing to tell: {path.name} holds no message and no work, only `{command}`"
        ] or result.output.strip().endswith(f"holds no message and no work, only `{command}`")
        assert "Traceback" not in result.output
        assert not (tmp_path / "work").exists()


def test_a_session_of_plugin_commands_only_is_nothing_to_tell(tx: Transcript, cli, tmp_path: Path) -> None:
    """A real session (fresh set, 2.1.119): `/plugin marketplace add …`, `/plugin install …`, `/reload-plugins`
    and no prompt to Claude became a post, "Working on nethermind with Claude Code" under "Where it started"."""
    for command, args, out in (
        ("/plugin", "marketplace add someone/skills", "Successfully added marketplace: skills"),
        ("/plugin", "install skills@skills", "✓ Installed skills. Run /reload-plugins to apply."),
        ("/reload-plugins", "", "Reloaded: 2 plugins · 0 skills · 5 agents · 0 hooks"),
    ):
        tx.user(
            f"<command-name>{command}</command-name>\n<command-message>{command[1:]}</command-message>\n"
            f"<command-args>{args}</command-args>"
        )
        tx.user(f"<local-command-stdout>{out}</local-command-stdout>")
    path = tx.write(tmp_path / "s" / f"{tx.session_id}.jsonl")
    result = cli("run", path, "--yes", "--engine", "offline", "-o", tmp_path / "work")
    assert result.exit_code == 1, result.output
    assert result.output.strip().endswith("holds no message and no work, only `/plugin`, `/reload-plugins`")
    assert not (tmp_path / "work").exists()


# -- compaction ---------------------------------------------------------------------------------------------------


def test_a_compaction_summary_loses_claude_codes_lead_in(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Port the importer to asyncio.")
    tx.assistant("Ported the fetch loop.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. The summary "
        "below covers the earlier portion of the conversation.\n\nSummary:\n1. Primary Request: port the importer "
        "to asyncio; the fetch loop is done.\n\nIf you need specific details from before compaction (like exact "
        "code snippets), read the full transcript at: /home/sam/.claude/projects/x/y.jsonl\nPlease continue the "
        "conversation from where we left it off without asking the user any further questions.",
        isCompactSummary=True,
    )
    tx.assistant("Continuing with the parser.")
    result = _parse(tx, tmp_path)
    (bridge,) = events(result, "bridge")
    assert bridge["text"] == "Summary:\n1. Primary Request: port the importer to asyncio; the fetch loop is done."


# -- a resumed session that keeps its id (Claude Code 2.0.x) ------------------------------------------------------


def _resumed_pair(config: Path) -> tuple[Path, Path]:
    """Claude Code 2.0.x: `claude --resume` wrote a NEW file whose records all carry the OLD session's id."""
    folder = config / "projects" / "-srv-demo-proj"
    old = Transcript(OLD, version="2.0.31")
    old.user("Add a dark mode toggle to the settings page.")
    old.tool_call("Edit", {"file_path": "/srv/demo/proj/settings.tsx", "old_string": "a", "new_string": "b"})
    old.assistant("The toggle is in; it stores the choice in localStorage.")
    new = Transcript(OLD, version="2.0.31")  # the same sessionId in every record
    new._clock, new._n = old._clock, 1000  # its own records: new uuids, later times
    new.tick(3 * 3600)
    new.user("Now make the charts follow the dark mode too.")
    new.tool_call("Edit", {"file_path": "/srv/demo/proj/charts.tsx", "old_string": "a", "new_string": "b"})
    new.assistant("The charts read the theme from the same context now.")
    return old.write(folder / f"{OLD}.jsonl"), new.write(folder / f"{NEW}.jsonl")


def test_a_resumed_session_with_the_old_id_is_a_session_of_its_own(cli, tmp_path: Path) -> None:
    _, new = _resumed_pair(tmp_path / "claude")
    assert cli("parse", OLD[:8]).exit_code == 0
    result = cli("parse", NEW[:8])  # its own default folder: the first post is not replaced
    assert result.exit_code == 0, result.output
    first = json.loads((Path.cwd() / f"retell-{OLD[:8]}" / "events.json").read_text(encoding="utf-8"))
    second = json.loads((Path.cwd() / f"retell-{NEW[:8]}" / "events.json").read_text(encoding="utf-8"))
    assert first["session"]["title"] == "Add a dark mode toggle to the settings page"
    assert second["session"]["id"] == NEW and second["session"]["title"] == "Make the charts follow the dark mode too"
    # one file into another's folder: refused, said in one line, the folder untouched
    before = (Path.cwd() / f"retell-{OLD[:8]}" / "events.json").read_bytes()
    refused = cli("parse", new, "-o", f"retell-{OLD[:8]}")
    assert refused.exit_code == 1
    assert "holds the story of another session" in refused.output and "Traceback" not in refused.output
    assert (Path.cwd() / f"retell-{OLD[:8]}" / "events.json").read_bytes() == before


def test_retell_run_old_new_tells_both(cli, tmp_path: Path) -> None:
    _resumed_pair(tmp_path / "claude")
    result = cli("run", OLD[:8], NEW[:8], "--yes", "--engine", "offline", "-o", tmp_path / "work")
    assert result.exit_code == 0, result.output
    story = json.loads((tmp_path / "work" / "events.json").read_text(encoding="utf-8"))
    assert [s["id"] for s in story["sessions"]] == [OLD, NEW]
    draft = (tmp_path / "work" / "draft.md").read_text(encoding="utf-8")
    assert "> Add a dark mode toggle" in draft and "> Now make the charts follow the dark mode too" in draft


def test_retell_list_shows_file_ids_and_commands_that_work(cli, tmp_path: Path) -> None:
    _resumed_pair(tmp_path / "claude")
    listing = cli("list", "--all", "--json")
    assert listing.exit_code == 0, listing.output
    rows = json.loads(listing.output)
    assert sorted(r["session_id"] for r in rows) == sorted([OLD, NEW])
    (group,) = {json.dumps(r["group"]) for r in rows}
    command = json.loads(group)["command"]
    assert command == f"retell parse {OLD[:8]} {NEW[:8]}"
    words = command.split()[1:]
    ran = cli(*words, "-o", tmp_path / "joined")
    assert ran.exit_code == 0, ran.output
    table = cli("list", "--all").output
    assert f"retell parse {OLD[:8]} {NEW[:8]}" in table and NEW[:8] in table


# -- figures -----------------------------------------------------------------------------------------------------


def test_files_changed_counts_each_file_once(tx: Transcript, tmp_path: Path) -> None:
    """The snapshot names files relative to the working folder; the edits name them absolute, some after the
    agent changed into a subfolder (its records then name that folder)."""
    tx.user("Rename the config loader and update its callers.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app/config.py", "old_string": "a", "new_string": "b"})
    tx.cwd = "/srv/demo/proj/app"
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app/main.py", "old_string": "a", "new_string": "b"})
    tx.tool_call("Write", {"file_path": "./cli.py", "content": "x"})
    tx.assistant("Renamed load_config to read_config in three files.")
    tracked = {name: {"backupFileName": None, "version": 1} for name in ("app/config.py", "app/main.py", "app/cli.py")}
    tx.add({"type": "file-history-snapshot", "messageId": "m1", "snapshot": {"trackedFileBackups": tracked}})
    told = Told(tx, tmp_path)
    files = told.result.manifest["files"]
    assert sorted(set(files["edited"]) | set(files["written"]) | set(files["snapshot"])) == [
        "app/cli.py",
        "app/config.py",
        "app/main.py",
    ]
    assert "- **Files Claude edited or wrote**: 3\n" in told.post
    assert told.result.manifest["session"]["cwd"] == "/srv/demo/proj"  # where the session was started


@pytest.mark.parametrize(
    ("cwd", "opening"),
    [
        ("/Users/sam/dl", "This is the story of a session with Claude Code, told"),
        ("/Users/sam/.claude/memory", "This is the story of a session with Claude Code, told"),
        ("/Users/sam", "This is the story of a session with Claude Code, told"),
        ("/Users/sam/code/tidyfeeds/src", "This is the story of a session with Claude Code on tidyfeeds, told"),
    ],
)
def test_the_project_is_never_a_folder_that_names_nothing(tmp_path: Path, cwd: str, opening: str) -> None:
    tx = Transcript(cwd=cwd)
    tx.user("Summarise what changed in the feed parser this week.")
    tx.assistant("Two fixes: the date parser and the charset fallback.")
    told = Told(tx, tmp_path)
    assert opening in told.draft


# -- language -----------------------------------------------------------------------------------------------------

TAIWAN = [
    "幫我看一下登入頁面，按下按鈕之後完全沒有反應",
    "繼續",
    "好，那請再加一個測試，這個錯誤以後不要再出現",
    "這樣可以嗎",
    "為什麼資料庫連線會逾時？",
]
HONG_KONG_SPEC = (
    "Implement the importer exactly as specified here: it reads every configured feed, normalises all dates to "
    "UTC, stores items in SQLite with a unique key per feed and guid, retries failed fetches three times with "
    "exponential backoff, and exposes a small JSON API with pagination and filtering by tag and by date range."
)


@pytest.mark.parametrize(
    ("messages", "language", "note"),
    [
        (TAIWAN, "zh-Hant", "本草稿由 retell 在不使用模型的情況下產生"),  # Taiwan Mandarin: not Cantonese
        (["继续修", "好的", "改一下这个", "还是不行", "再试试"], "zh-Hans", "本草稿由 retell 在不使用模型的情况下生成"),
        # one pasted English spec does not outvote the author's own short Chinese messages
        ([HONG_KONG_SPEC, "繼續", "這個可以", "再改一下", "測試失敗了", "幫我修"], "zh-Hant", None),
        (["ログインのバグ、直して", "お願い"], "ja", None),
    ],
)
def test_the_post_is_in_the_authors_language_by_script_and_by_message(
    tx: Transcript, tmp_path: Path, messages: list[str], language: str, note: str | None
) -> None:
    for message in messages:
        tx.user(message)
        tx.assistant("Done: the click handler was never bound; `login.js` binds it now.")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == language
    if note:
        assert note in told.draft


# -- titles a blogger keeps ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first",
    [
        "hey claude, good morning!",
        "what is this?",
        "YES",  # an all-caps answer to a question Claude asked
        "OPTION B, USE POSTGRES",
        "2026/01/05 10:00:01 worker-3 crashed: connection reset",
        "[INFO] starting server on :8080",
        "https://github.com/sam/tidyfeeds/issues/12",
        "/Users/sam/code/tidyfeeds/src/fetch.py",
        "Memory agent, you are continuing the work from the previous session. Read MEMORY.md first.",
        "You are an expert Python developer working on tidyfeeds.",
    ],
)
def test_a_default_title_is_never_a_greeting_answer_log_link_or_boilerplate(
    make_transcript, tmp_path: Path, first: str
) -> None:
    tx = make_transcript()
    tx.user(first)
    tx.assistant("Which part should I look at?")
    tx.user("Make the feed fetcher retry on timeouts")
    tx.assistant("It retries three times now.")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["title"] == "Making the feed fetcher retry on timeouts"


def test_a_greeting_leaves_no_leading_comma(tx: Transcript, tmp_path: Path) -> None:
    tx.user("你好，帮我把登录页面的按钮修好")
    tx.assistant("好的，按钮的点击事件没有绑定。")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["title"] == "把登录页面的按钮修好"  # and no "帮我" ("help me") either


def test_a_summary_written_by_a_later_session_about_other_work_is_not_the_title(tmp_path: Path) -> None:
    project = tmp_path / "claude" / "projects" / "-srv-demo-proj"
    earlier = Transcript(OLD)
    earlier.user("Make the feed fetcher retry on timeouts")
    last = earlier.assistant("The fetcher retries three times with backoff now.")
    later = Transcript(NEW)
    later.user("Add a progress bar to the import")
    later.assistant("Added.")
    earlier_path = earlier.write(project / f"{OLD}.jsonl")
    summary = {"type": "summary", "summary": "Tokenizer App Documentation: Technical Details", "leafUuid": last["uuid"]}
    write_jsonl(project / f"{NEW}.jsonl", [summary, *later.records])  # at the top of the later file
    result = extract_session(SessionRef(earlier_path, OLD), None, ParseOptions())
    assert (result.log.session.title, result.log.session.title_source) == (
        "Make the feed fetcher retry on timeouts",
        "first-prompt",
    )


# -- slugs ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("https://github.com/sam/tidyfeeds/pull/12", "session-5e5510"),
        ("Fix the bug in src/tidyfeeds/fetch.py", "fix-the-bug-in-fetch-5e5510"),
        ("Continue 3f2a9c1b-5d4e-4f60-8a71-92b3c4d5e6f7: the importer", "continue-the-importer-5e5510"),
        ("Pick up where 8c7d6e5f left off", "pick-up-where-left-off-5e5510"),
    ],
)
def test_a_slug_is_made_of_words_never_of_paths_links_or_other_sessions_ids(title: str, slug: str) -> None:
    from retell.triage.slug import post_slug

    assert post_slug(title, "5e551011-7c0d-4b7e-9a41-0d3c5a9e2f10") == slug


def test_the_slug_follows_a_title_the_author_sets_in_triage(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Make the feed fetcher retry on timeouts")
    tx.assistant("It retries three times now.")
    told = Told(tx, tmp_path)
    triage = (told.work / "triage.yaml").read_text(encoding="utf-8")
    triage = triage.replace("title: Making the feed fetcher retry on timeouts", "title: Three retries and a backoff", 1)
    (told.work / "triage.yaml").write_text(triage, encoding="utf-8")
    run_triage(told.work, approve=True)
    post = run_render(told.work, RenderOptions(output=tmp_path / "site2")).post
    assert post.parent.name == "three-retries-and-a-backoff-5e5510"


# -- headings -----------------------------------------------------------------------------------------------------


def test_headings_are_never_cut_shell_keywords_logs_or_generic(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Please restructure the configuration loader in the project so environment variables always override "
        "the values that come from the files on disk"
    )
    tx.assistant("Restructured.")
    tx.tick(3 * 3600)
    tx.user("ok")
    for command in (
        "for f in src/*.py; do ruff check $f; done",
        "FEED_URL=https://example.org/rss\npytest -q tests/test_fetch.py",
        "set -e\nexport PYTHONPATH=.\nmypy src",
        "if [ -f out.json ]; then jq . out.json; fi",
    ):
        tx.tool_call("Bash", {"command": command}, "ok")
    tx.assistant("Checked the whole tree.")
    tx.tick(3 * 3600)
    tx.user("2026-01-05 10:00:01 ERROR fetch failed https://example.org/rss")
    tx.assistant("The feed answers 503 at night.")
    told = Told(tx, tmp_path)
    titles = [c["title"] for c in told.triage["chapters"]]
    headings = re.findall(r"^## (.+)$", told.draft, re.M)
    for heading in titles + headings:
        assert "…" not in heading and not re.match(r"^Part \d+$|^Where it started$", heading), heading
        assert "`for`" not in heading and "`if`" not in heading and "FEED_URL" not in heading, heading
        assert "http" not in heading.lower() and "ERROR" not in heading, heading
    assert titles[0] == "Restructure the configuration loader in the project"
    assert titles[1] == "Running the tests and the type checker"  # the work, not the programs


# -- tool prose --------------------------------------------------------------------------------------------------


def test_tool_prose_names_the_work_in_words(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Run the checks on Windows and tell the reviewer agent.")
    for command in ("Set-Location C:\\proj\nnpm test", "npm run lint", 'python3 -c "\nimport sys\nprint(sys.path)\n"'):
        tx.tool_call("PowerShell", {"command": command}, "3 passed")
    for _ in range(3):
        tx.tool_call("SendMessage", {"to": "reviewer", "message": "checks are green"}, "sent")
    tx.assistant("The checks pass on Windows; the reviewer knows.")
    told = Told(tx, tmp_path)
    summaries = [e["summary"] for e in events(told.result, "tool_run")]
    assert summaries == ["Ran 3 commands, one call each; tests: 3 passed", "Sent 3 messages to other agents"]
    assert "PowerShell" not in told.draft and "SendMessage" not in told.draft
    assert "sent 3 messages to other agents" in told.draft
    assert 'python3 -c "' not in told.draft


def test_an_image_only_message_is_no_empty_quote(tx: Transcript, tmp_path: Path) -> None:
    from conftest import image_block, make_png

    tx.user("Why is the sidebar covering the header?")
    tx.assistant("Which page?")
    tx.user([image_block(make_png())])
    tx.assistant("The sidebar has z-index 100 and the header 10.")
    told = Told(tx, tmp_path)
    assert not re.search(r"^>\s*$", told.draft, re.M)
    assert "I shared a screenshot." in told.draft


def test_a_subagent_result_never_quotes_tool_call_markup(tx: Transcript, tmp_path: Path) -> None:
    tool_id = tx.new_tool_id()
    tx.user("Find out why the export is slow.")
    tx.assistant(tool_use_block("Task", {"description": "Profile the export", "prompt": "Profile it"}, tool_id))
    tx.tool_result(
        tool_id,
        [
            {
                "type": "text",
                "text": "The export reads every row twice because of the nested loop in export.py.\n\n"
                '<function_calls>\n<invoke name="Read">\n<parameter name="file_path">/srv/demo/proj/export.py'
                "</parameter>\n</invoke>\n</function_calls>",
            }
        ],
    )
    tx.assistant("Fixed the loop.")
    told = Told(tx, tmp_path)
    (spawn,) = events(told.result, "subagent")
    assert spawn["subagent"]["result"] == "The export reads every row twice because of the nested loop in export.py."
    assert "<invoke" not in told.draft and "function_calls" not in told.draft


# -- Windows --------------------------------------------------------------------------------------------------------


def test_a_windows_session_with_a_dot_folder_in_the_home_becomes_a_post(tmp_path: Path) -> None:
    """Tool targets under C:\\Users\\<name>\\.<folder> (the gate's "as shown" view lost the backslash in a code
    span, and no post came out: issue 22 fixes that view; this checks the session becomes a post)."""
    tx = Transcript(cwd="C:\\Users\\alice\\code\\shop", version="2.0.31")
    tx.user("Why does the checkout page crash when the cart is empty?")
    tx.tool_call("Read", {"file_path": "C:\\Users\\alice\\.claude\\settings.json"}, "{}")
    tx.tool_call("Read", {"file_path": "C:\\Users\\alice\\code\\shop\\src\\checkout.ts"}, "export …")
    tx.tool_call("PowerShell", {"command": "Get-Content C:\\Users\\alice\\.config\\shop\\env.json"}, "{}")
    edit = {"file_path": "C:\\Users\\alice\\code\\shop\\src\\checkout.ts", "old_string": "a", "new_string": "b"}
    tx.tool_call("Edit", edit)
    tx.assistant("The total divided by the item count; an empty cart divided by zero. It returns 0 now.")
    tracked = {"src\\checkout.ts": {"backupFileName": None, "version": 1}}  # relative, with backslashes
    tx.add({"type": "file-history-snapshot", "messageId": "m1", "snapshot": {"trackedFileBackups": tracked}})
    told = Told(tx, tmp_path)
    assert "> Why does the checkout page crash when the cart is empty?" in told.post
    assert "alice" not in told.post  # the account name stays out of the post
    # the edit's absolute path and the snapshot's are one file
    assert "- **Files Claude edited or wrote**: 1\n" in told.post
    assert "PowerShell" not in told.post


def test_a_clear_hours_before_the_work_opens_no_empty_chapter(tx: Transcript, tmp_path: Path) -> None:
    tx.user("<command-name>/clear</command-name>\n<command-message>clear</command-message>")
    tx.user("<local-command-stdout></local-command-stdout>")
    tx.tick(10 * 3600)
    tx.user("Fix these lint errors")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app.py", "old_string": "a", "new_string": "b"})
    tx.assistant("Fixed the three lint errors.")
    told = Told(tx, tmp_path)
    assert [c["title"] for c in told.triage["chapters"]] == ["Changing the app"]  # the title: "Fixing the lint errors…"
    assert told.result.manifest["session"]["duration_ms"] < 10 * 60 * 1000
    assert "Where it started" not in told.draft and "10 h" not in told.post


# -- retell list agrees with parse ----------------------------------------------------------------------------------


def test_retell_list_agrees_with_parse_on_a_big_session(cli, tmp_path: Path) -> None:
    """A first message with a pasted screenshot is one line longer than the listing's head window; the agent
    later works in a subfolder. The row's title, turns and project are those of `retell parse`, before and
    after --exact."""
    from conftest import image_block

    tx = Transcript(OLD)
    screenshot = image_block(b"\x89PNG" + bytes(300_000))
    tx.user([{"type": "text", "text": "Why is the sidebar covering the header on mobile?"}, screenshot])
    tx.cwd = "/srv/demo/proj/web"
    for i in range(40):
        tx.tool_call("Bash", {"command": f"npm run build -- --step {i}"}, "x" * 8000)
    tx.user("Now make the header sticky too")
    tx.assistant("The header is sticky and the sidebar starts below it.")
    path = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{OLD}.jsonl")
    assert path.stat().st_size > 256 * 1024  # a big file: a listing reads its head and tail
    rows = json.loads(cli("list", "--all", "--json").output)
    (row,) = rows
    assert (row["title"], row["project"]) == ("Why is the sidebar covering the header on mobile?", "/srv/demo/proj")
    assert row["human_turns"] >= 1
    (exact,) = json.loads(cli("list", "--all", "--json", "--exact").output)
    assert (exact["title"], exact["project"], exact["human_turns"]) == (row["title"], row["project"], 2)


def test_a_heading_keeps_no_typo_but_keeps_the_sessions_own_words(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Fix teh lgoin page so it does not freeze on submit")
    tx.assistant("The submit handler awaited a promise that never settled.")
    tx.tick(3 * 3600)
    tx.user("Refactor the vite config so the dedupe step runs first")
    tx.assistant("I moved the dedupe plugin ahead of the others in vite.config.ts; refactor done.")
    told = Told(tx, tmp_path)
    titles = [c["title"] for c in told.triage["chapters"]]
    assert titles == [
        "Fix the login page so it does not freeze on submit",
        "Refactoring the vite config so the dedupe step runs first",
    ]
    assert "## Fix the login page" in told.draft
    assert told.triage["post"]["title"] == "Fixing the login page so it does not freeze on submit"


def test_a_typo_fix_never_touches_part_of_a_word() -> None:
    from retell.extract.typos import fix_typos

    assert fix_typos("There's isn't much to see here", frozenset()) == "There's isn't much to see here"


def test_an_exit_days_later_makes_no_close_in_time_group(cli, tmp_path: Path) -> None:
    folder = tmp_path / "claude" / "projects" / "-srv-demo-proj"
    first = Transcript(OLD)
    first.user("Add retries to the feed fetcher.")
    first.assistant("Retries added.")
    first.tick(15 * 24 * 3600)
    first.user("<command-name>/exit</command-name>\n<command-message>exit</command-message>")
    first.write(folder / f"{OLD}.jsonl")
    second = Transcript(NEW, start=first._clock)  # begun 30 minutes after that late /exit, about other work
    second.tick(30 * 60)
    second.user("Write the release notes for 2.3.")
    second.assistant("Release notes written.")
    second.write(folder / f"{NEW}.jsonl")
    rows = json.loads(cli("list", "--all", "--json").output)
    assert [r["group"] for r in rows] == [None, None]
    old_row = next(r for r in rows if r["session_id"] == OLD)
    assert old_row["duration_ms"] < 60 * 1000  # not 15 days
