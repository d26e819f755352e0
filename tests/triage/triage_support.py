"""Builders for triage tests: a parsed work folder of a session with several chapters, secrets and images.

Not a conftest.py on purpose: the root conftest is imported by name (`from conftest import ...`) and a second
conftest.py would shadow it.

The session (`session_records`, parsed by `make_session`) has three chapters: ch1 (start), ch2 (a sessionId
change, plan mode's "clear context"), ch3 (a compaction with its summary). It holds three flagged items: a
fake GitHub token (in a Bash command, a tool error, a subagent's brief and its own Bash command, the
compaction summary), an email (a subagent's description, the subagent's own answer, the assistant's text)
and a home path (a subagent's result, a human message in ch3); non-empty thinking; and two images (one
pasted in ch1, one returned by a screenshot tool in ch3). `grown=True` appends a fourth chapter (a second
compaction) with a new secret (a Stripe key) and a third image: a re-parse after the session went on.

`earlier_records` is another session of the same project two days before (EARLIER_SESSION): one chapter, the
same GitHub token again (one decision across the sessions), a new secret (an AWS key id) and its own image.
`add_earlier` parses it together with the main session into the same work folder: a folder that grows from
one session to several.

Every secret is fake and assembled at run time from a seeded generator, so no token-shaped literal sits in
the source.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from conftest import SESSION_ID, Transcript, image_block, make_png, text_block, thinking_block, tool_use_block

from retell import yamlio
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, ParseResult, parse_to_workdir

_rng = random.Random(1)
_ALNUM = string.ascii_letters + string.digits


def _chars(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


TOKEN = "gh" + "p_" + _chars(36)
STRIPE = "sk" + "_live_" + _chars(24)
AWS_KEY = "AK" + "IA" + _chars(16, string.ascii_uppercase + "234567")  # key ids are base32, as real ones
USER = "k" + _chars(7, string.ascii_lowercase)
EMAIL = f"{USER}.{_chars(5, string.ascii_lowercase)}@{_chars(6, string.ascii_lowercase)}-mail.io"
HOME = f"/home/{USER}"
THINKING = "I wonder whether the token in the env is stale; the user seems tired."

OTHER_SESSION = "9b0c6a1e-3f2d-4c5b-8a7e-6d5c4b3a2f19"
EARLIER_SESSION = "1ea7f1e5-2b3c-4d5e-8f90-a1b2c3d4e5f6"
EARLIER_KEY = "1ea7f1e5"
MAIN_KEY = SESSION_ID.replace("-", "")[:8]
AGENT_ID = "a5e5c5d5b5a59580"
SUMMARY_HEAD = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\n"
)

IMAGE_1 = make_png((6, 4), (200, 30, 30))
IMAGE_2 = make_png((5, 5), (30, 160, 60))
IMAGE_3 = make_png((4, 6), (30, 60, 200))
IMAGE_4 = make_png((3, 3), (120, 120, 20))


@dataclass
class Session:
    """A parsed work folder: where it is, the transcript it came from, and the parse result."""

    workdir: Path
    transcript: Path
    result: ParseResult

    @property
    def triage(self) -> Path:
        return self.workdir / "triage.yaml"

    @property
    def flags(self) -> list[dict[str, Any]]:
        return self.result.manifest["pii_warnings"]

    def flag_id(self, kind: str) -> str:
        (flag,) = [f for f in self.flags if f["kind"] == kind]
        return flag["id"]

    @property
    def images(self) -> list[str]:
        return [i["asset"] for i in self.result.manifest["images"]]


# kind -> the fake value; none of them may ever appear in triage.yaml or in the cleared view
SECRET_VALUES = {"github-token": TOKEN, "email": EMAIL, "home-path": HOME}
GROWN_SECRET_VALUES = {**SECRET_VALUES, "stripe-key": STRIPE}


def _compaction(tx: Transcript, summary: str, pre_tokens: int = 150_000) -> None:
    logical_parent = tx.last_uuid
    tx.last_uuid = None
    tx.system(
        "compact_boundary",
        content="Conversation compacted",
        logicalParentUuid=logical_parent,
        compactMetadata={"trigger": "auto", "preTokens": pre_tokens},
    )
    tx.user(SUMMARY_HEAD + summary, isCompactSummary=True, isVisibleInTranscriptOnly=True)


def session_records(session_dir: Path, *, grown: bool = False, thinking: bool = True) -> Transcript:
    """The main transcript (and, written beside it, the subagent's own transcript)."""
    tx = Transcript(cwd=f"{HOME}/proj")
    # ch1: the login bug, a pasted screenshot, a Bash command and a failing call with the token, a subagent
    tx.user([text_block("Fix the blank login page. It broke after the deploy."), image_block(IMAGE_1)])
    if thinking:
        tx.assistant(thinking_block(THINKING))
    tx.assistant("Let me look at the CI first.")
    tx.tool_call("Bash", {"command": f"export GITHUB_TOKEN={TOKEN} && gh run list"}, "3 runs")
    tx.tool_call(
        "Bash",
        {"command": "gh api /user"},
        f"Error: HTTP 401: Bad credentials (token {TOKEN})",
        is_error=True,
    )
    tool_id = tx.new_tool_id()
    prompt = f"Use the token {TOKEN} to list the failing workflow runs."
    tx.assistant(tool_use_block("Task", {"description": f"Check CI for {EMAIL}", "prompt": prompt}, tool_id))
    tx.tool_result(
        tool_id,
        [text_block(f"Two runs failed; logs are in {HOME}/logs.")],
        tool_use_result={"agentId": AGENT_ID},
    )
    agent = Transcript(SESSION_ID, sidechain=True, agent_id=AGENT_ID, cwd=f"{HOME}/proj")
    agent.user(prompt)
    agent.tool_call("Bash", {"command": f"GH_TOKEN={TOKEN} gh run view 42 --log"}, "failed: missing env")
    agent.assistant(f"The deploy mail goes to {EMAIL}; two runs failed.")
    agent.assistant(f"Two runs failed; logs are in {HOME}/logs.")
    agent.write(session_dir / SESSION_ID / "subagents" / f"agent-{AGENT_ID}.jsonl")
    tx.assistant(f"The subagent says two runs failed. The alerts go to {EMAIL}.")
    # ch2: a session change
    tx.session_id = OTHER_SESSION
    tx.user("Implement the plan: rotate the token and fix the redirect.")
    tx.assistant("Implementing the redirect fix.")
    tx.tool_call("Edit", {"file_path": f"{HOME}/proj/web/login.py"}, "ok")
    # ch3: a compaction, with the token in its summary
    _compaction(tx, f"We fixed the redirect. The old token {TOKEN} was rotated.")
    tx.user(f"Now the tests, please. The fixtures are in {HOME}/proj/tests.")
    shot = tx.new_tool_id()
    tx.assistant(tool_use_block("mcp__browser__screenshot", {"url": "http://localhost:3000/login"}, shot))
    tx.tool_result(shot, [image_block(IMAGE_2)])
    tx.assistant("The login page renders again.")
    if grown:
        # ch4: the session went on after a second compaction
        _compaction(tx, "The tests pass; the login page renders.", pre_tokens=160_000)
        tx.user([text_block(f"Last step: the payment webhook. Use {STRIPE} for the smoke test."), image_block(IMAGE_3)])
        tx.assistant("Webhook wired up.")
    return tx


def earlier_records() -> Transcript:
    """A session of the same project two days before the main one."""
    tx = Transcript(EARLIER_SESSION, cwd=f"{HOME}/proj", start=datetime(2026, 1, 3, 15, 0, tzinfo=timezone.utc))
    tx.user([text_block("Sketch the login page before the deploy."), image_block(IMAGE_4)])
    tx.assistant("Sketching the page.")
    tx.tool_call("Bash", {"command": f"export GITHUB_TOKEN={TOKEN} && gh repo view"}, "demo/proj")
    tx.tool_call("Bash", {"command": f"aws configure set aws_access_key_id {AWS_KEY}"}, "")
    tx.assistant("The login page sketch is in web/login.py.")
    return tx


def write_earlier(project_dir: Path) -> Path:
    return earlier_records().write(project_dir / f"{EARLIER_SESSION}.jsonl")


def add_earlier(session: Session, transcript: Path | None = None) -> ParseResult:
    """Parse the earlier session together with the main one (or `transcript`) into the session's folder."""
    main = transcript or session.transcript
    earlier = write_earlier(main.parent)
    refs = [SessionRef(earlier, earlier.stem), SessionRef(main, main.stem)]
    _, result = parse_to_workdir(refs, session.workdir, ParseOptions())
    return result


def write_session(session_path: Path, *, grown: bool = False, thinking: bool = True) -> Path:
    tx = session_records(session_path.parent, grown=grown, thinking=thinking)
    tx.write(session_path)
    return session_path


def parse_into(session_path: Path, workdir: Path) -> ParseResult:
    _, result = parse_to_workdir(SessionRef(session_path, session_path.stem), workdir, ParseOptions())
    return result


def make_session(tmp_path: Path, *, grown: bool = False, thinking: bool = True) -> Session:
    """Write the transcript into a private projects folder and parse it into `tmp_path/work`."""
    session_path = tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{SESSION_ID}.jsonl"
    write_session(session_path, grown=grown, thinking=thinking)
    workdir = tmp_path / "work"
    return Session(workdir, session_path, parse_into(session_path, workdir))


def regrow(session: Session) -> Session:
    """The session went on: write the longer transcript and re-parse into the same work folder."""
    write_session(session.transcript, grown=True)
    return Session(session.workdir, session.transcript, parse_into(session.transcript, session.workdir))


# -- reading and editing triage.yaml ---------------------------------------------------------------


def load(path: Path) -> Any:
    return yamlio.load(path)


def save(path: Path, doc: Any) -> None:
    path.write_text(yamlio.dumps(doc), encoding="utf-8")


def line_number(text: str, pattern: str, *, after: str | None = None) -> int:
    """1-based number of the first line matching `pattern` (a regex), optionally after a line matching `after`."""
    lines = text.splitlines()
    start = 0
    if after is not None:
        start = next(i for i, line in enumerate(lines) if re.search(after, line)) + 1
    for i in range(start, len(lines)):
        if re.search(pattern, lines[i]):
            return i + 1
    raise AssertionError(f"no line matches {pattern!r}")


def replace_line(text: str, pattern: str, new: str, *, after: str | None = None) -> tuple[str, int]:
    """Replace the first line matching `pattern` (after `after`) by `new`, keeping its indent; returns its number."""
    number = line_number(text, pattern, after=after)
    lines = text.splitlines(keepends=True)
    old = lines[number - 1]
    indent = old[: len(old) - len(old.lstrip())]
    lines[number - 1] = indent + new + "\n"
    return "".join(lines), number


def insert_after(text: str, pattern: str, new: str, *, after: str | None = None) -> tuple[str, int]:
    """Insert `new` (indented like the matched line) after the first line matching `pattern`; returns its number."""
    number = line_number(text, pattern, after=after)
    lines = text.splitlines(keepends=True)
    old = lines[number - 1]
    indent = old[: len(old) - len(old.lstrip())]
    lines.insert(number, indent + new + "\n")
    return "".join(lines), number + 1
