"""events.json and manifest.json against their documented JSON Schemas (docs/schemas/, described in
docs/files.md). A field added, renamed or retyped in the code fails here until the schema and docs follow."""

from __future__ import annotations

import base64
import copy
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, uuid5

import pytest
from jsonschema import Draft202012Validator
from PIL import Image
from referencing import Registry, Resource

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, ParseResult, extract_session

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "docs" / "schemas"
CORPUS = REPO.parent / "shared" / "corpus"

SESSION_ID = "5e55e55e-0000-4000-8000-000000000001"
SESSION_ID_2 = "5e55e55e-0000-4000-8000-000000000002"
AGENT_ID = "a1b2c3d4e5f6"
FAKE_TOKEN = "ghp_" + "Zx9Qw7Er5Ty3Ui1Op8As6Df4Gh2Jk0Lm9Nb7"  # 36 characters after the prefix: looks like one, is not
CWD = "/home/alice/proj"


# -- schemas ----------------------------------------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


EVENTS_SCHEMA = _load("events.schema.json")
MANIFEST_SCHEMA = _load("manifest.schema.json")
REGISTRY: Registry = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in (EVENTS_SCHEMA, MANIFEST_SCHEMA)
)
EVENTS_VALIDATOR = Draft202012Validator(EVENTS_SCHEMA, registry=REGISTRY)
MANIFEST_VALIDATOR = Draft202012Validator(MANIFEST_SCHEMA, registry=REGISTRY)


def assert_valid(validator: Draft202012Validator, instance: Any, what: str) -> None:
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}" for e in errors[:20]]
        pytest.fail(f"{what}: {len(errors)} schema error(s)\n" + "\n".join(lines))


def assert_result_valid(result: ParseResult, what: str) -> None:
    assert_valid(EVENTS_VALIDATOR, result.log.to_dict(), f"{what} events.json")
    assert_valid(MANIFEST_VALIDATOR, result.manifest, f"{what} manifest.json")


@pytest.mark.parametrize("schema", [EVENTS_SCHEMA, MANIFEST_SCHEMA], ids=["events", "manifest"])
def test_schemas_are_valid_draft_2020_12(schema: dict[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_kind_enum_matches_the_code() -> None:
    from retell.events import ALL_KINDS

    assert set(EVENTS_SCHEMA["$defs"]["kind"]["enum"]) == set(ALL_KINDS)


def test_pii_kinds_match_the_rules() -> None:
    import re

    from retell.secrets import PII, all_kinds

    pii = MANIFEST_SCHEMA["$defs"]["pii_warning"]
    kinds = all_kinds()
    assert all(re.fullmatch(pii["properties"]["kind"]["pattern"], kind) for kind in kinds), kinds
    assert set(pii["if"]["properties"]["kind"]["enum"]) == {k for k, category in kinds.items() if category == PII}


# -- a small synthetic session ----------------------------------------------------------------------------


def _png(color: str, size: tuple[int, int]) -> str:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode("ascii")


class _Writer:
    """Claude Code-shaped records with linked uuids and rising timestamps."""

    def __init__(self, session_id: str, *, sidechain: bool = False, agent_id: str | None = None) -> None:
        self.session_id = session_id
        self.sidechain = sidechain
        self.agent_id = agent_id
        self.records: list[dict[str, Any]] = []
        self.parent: str | None = None
        self.seconds = 0

    def add(self, rtype: str, **fields: Any) -> dict[str, Any]:
        self.seconds += 7
        seed = f"{self.session_id}/{self.sidechain}/{self.agent_id}/{len(self.records)}"
        uuid = str(uuid5(NAMESPACE_URL, seed))
        record: dict[str, Any] = {
            "type": rtype,
            "uuid": uuid,
            "parentUuid": self.parent,
            "timestamp": f"2025-06-01T10:{self.seconds // 60:02d}:{self.seconds % 60:02d}.000Z",
            "sessionId": self.session_id,
            "cwd": CWD,
            "version": "2.1.0",
            "gitBranch": "main",
            "isSidechain": self.sidechain,
        }
        if self.agent_id:
            record["agentId"] = self.agent_id
        record.update(fields)
        self.parent = uuid
        self.records.append(record)
        return record

    def user(self, content: Any, **fields: Any) -> None:
        self.add("user", message={"role": "user", "content": content}, **fields)

    def assistant(self, msg_id: str, *blocks: dict[str, Any]) -> None:
        usage = {"input_tokens": 100, "output_tokens": 20, "cache_read_input_tokens": 50}
        message = {"id": msg_id, "role": "assistant", "model": "claude-sonnet-4-5", "usage": usage}
        self.add("assistant", message={**message, "content": list(blocks)}, requestId=f"req_{msg_id}")

    def tool_result(self, tool_use_id: str, content: Any, *, is_error: bool = False, **fields: Any) -> None:
        block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content, "is_error": is_error}
        self.user([block], **fields)

    def system(self, subtype: str, **fields: Any) -> None:
        self.add("system", subtype=subtype, **fields)

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r) + "\n" for r in self.records), encoding="utf-8")


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _tool_use(tool_use_id: str, name: str, **tool_input: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": tool_use_id, "name": name, "input": tool_input}


def build_session(folder: Path) -> Path:
    """Every event kind, every chapter reason, a linked subagent file, two images, a secret and PII."""
    s = _Writer(SESSION_ID)
    pasted = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": _png("red", (4, 3))},
    }
    s.user([_text("Please fix the login bug in src/auth.py"), pasted])
    s.assistant(
        "msg_01",
        {"type": "thinking", "thinking": "The login bug is probably in the auth module.", "signature": "x"},
        _text("I'll read the auth module first."),
    )
    s.assistant("msg_01", _tool_use("toolu_read1", "Read", file_path=f"{CWD}/src/auth.py"))
    s.tool_result("toolu_read1", "def login(user):\n    return None\n")
    s.assistant(
        "msg_02",
        _tool_use("toolu_bash1", "Bash", command="pytest -q /home/bwong/work/tests/test_auth.py"),
    )
    s.tool_result("toolu_bash1", "Exit code 1\nFAILED test_login\n1 failed, 3 passed in 0.2s", is_error=True)
    s.assistant("msg_03", _tool_use("toolu_shot1", "mcp__browser__screenshot", url="http://localhost:3000"))
    shot = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": _png("blue", (2, 2))},
    }
    s.tool_result("toolu_shot1", [_text("Screenshot taken"), shot])
    s.system("turn_duration", durationMs=42000)
    s.add(
        "attachment",
        attachment={"type": "queued_command", "prompt": "also check the logout path"},
    )
    # /compact, its boundary and its summary: one chapter break (reason compaction, with a bridge)
    s.user("<command-name>/compact</command-name>\n<command-args></command-args>")
    s.system("compact_boundary", compactMetadata={"trigger": "manual", "preTokens": 51234})
    s.user(
        "This session is being continued from a previous conversation that ran out of context. "
        "The conversation is summarized below:\nWe found that login() returns None.",
        isCompactSummary=True,
    )
    s.user(f"Spawn an agent to review it. My token is {FAKE_TOKEN}, mail me at alice.smith@acme.io")
    brief = "Review src/auth.py for bugs and report them."
    s.assistant(
        "msg_04",
        _tool_use("toolu_task1", "Task", description="Review auth", subagent_type="general-purpose", prompt=brief),
    )
    s.tool_result(
        "toolu_task1",
        [_text(f"The agent found 2 issues.\n\nagentId: {AGENT_ID} (for resuming)")],
        toolUseResult={
            "agentId": AGENT_ID,
            "totalTokens": 1234,
            "totalToolUseCount": 1,
            "totalDurationMs": 4500,
            "content": [_text("The agent found 2 issues.")],
        },
    )
    s.assistant("msg_05", _tool_use("toolu_plan1", "ExitPlanMode", plan="1. Fix login\n2. Run the tests"))
    s.user([_text("[Request interrupted by user for tool use]")])
    s.system("away_summary", content="You were fixing the login bug. (disable recaps in /config)")
    s.session_id = SESSION_ID_2
    s.user("Back again: carry on")  # a session change (resumed); the recap above bridges it
    s.assistant("msg_06", _text("Done: login() returns the user now."))
    s.user("<command-name>/compact</command-name>\n<command-args>keep the plan</command-args>")
    s.user("And after that compaction?")
    session_file = folder / f"{SESSION_ID}.jsonl"
    s.write(session_file)

    a = _Writer(SESSION_ID, sidechain=True, agent_id=AGENT_ID)
    a.seconds = 95  # the agent ran between its spawn and its result
    a.user(brief)
    a.assistant(
        "msg_a1",
        _text("Looking at the file."),
        _tool_use("toolu_a_read", "Read", file_path=f"{CWD}/src/auth.py"),
    )
    a.tool_result("toolu_a_read", "def login(user):\n    return None\n")
    a.user("Also check the tests, please.")
    a.assistant("msg_a2", _text("The agent found 2 issues."))
    a.write(folder / SESSION_ID / "subagents" / f"agent-{AGENT_ID}.jsonl")
    return session_file


def build_inline_thread_session(folder: Path) -> Path:
    """Claude Code 1.0.x: the Task's conversation is a sidechain thread inside the main file."""
    s = _Writer(SESSION_ID)
    s.user("Find the bug, please")
    s.assistant("msg_01", _tool_use("toolu_task1", "Task", description="Find it", prompt="Find the bug"))
    thread = _Writer(SESSION_ID, sidechain=True)
    thread.seconds = s.seconds
    thread.user("Find the bug")  # repeats the spawn's prompt: this claims the thread
    thread.assistant("msg_s1", _text("Looking."), _tool_use("toolu_s1", "Grep", pattern="def login"))
    thread.tool_result("toolu_s1", "src/auth.py:1:def login(user):")
    thread.assistant("msg_s2", _text("It is in login()."))
    s.records.extend(thread.records)
    s.parent = thread.parent
    s.seconds = thread.seconds
    s.tool_result("toolu_task1", "It is in login().")
    s.assistant("msg_02", _text("Found it."))
    path = folder / f"{SESSION_ID}.jsonl"
    s.write(path)
    return path


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    return build_session(tmp_path / "project")


@pytest.fixture
def parsed(session_file: Path) -> ParseResult:
    return extract_session(SessionRef(session_file, SESSION_ID), None, ParseOptions())


def test_synthetic_session_covers_what_the_schemas_describe(parsed: ParseResult) -> None:
    """Guards the fixture: the validation below is only worth something if these shapes are present."""
    from retell.events import ALL_KINDS, walk

    log = parsed.log
    kinds = {e.kind for e in walk(log.events)}
    assert kinds == set(ALL_KINDS)
    assert {c.reason for c in log.chapters} == {"start", "session_change", "compaction", "slash_compact"}
    assert any(c.bridge for c in log.chapters)
    spawn = next(e for e in log.events if e.kind == "subagent")
    assert spawn.subagent is not None and spawn.subagent.events and spawn.subagent.file
    assert any(c.error for e in log.events for c in e.calls or ())
    assert any(e.queued for e in log.events)
    m = parsed.manifest
    assert {w["kind"] for w in m["pii_warnings"]} >= {"github-token", "home-path", "email"}
    assert {i["sources"][0] for i in m["images"]} == {"pasted", "mcp__browser__screenshot"}
    assert m["subagents"]["linked"][0]["transcript_usage"] is not None
    assert "artifacts" not in m


def test_synthetic_session_matches_the_schemas(parsed: ParseResult) -> None:
    assert_result_valid(parsed, "synthetic session")


def test_inline_thread_session_matches_the_schemas(tmp_path: Path) -> None:
    path = build_inline_thread_session(tmp_path)
    result = extract_session(SessionRef(path, SESSION_ID), None, ParseOptions())
    spawn = next(e for e in result.log.events if e.kind == "subagent")
    assert spawn.subagent is not None and spawn.subagent.linked_by == "sidechain" and spawn.subagent.events
    assert result.manifest["subagents"]["linked"][0]["file"] is None
    assert_result_valid(result, "inline thread session")


def test_synthetic_session_without_subagents(session_file: Path) -> None:
    result = extract_session(SessionRef(session_file, SESSION_ID), None, ParseOptions(include_subagents=False))
    assert_result_valid(result, "synthetic session (--no-subagents)")


def test_cli_work_folder_matches_the_schemas(session_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "work"
    proc = subprocess.run(
        [sys.executable, "-m", "retell", "parse", str(session_file), "-o", str(out), "--quiet"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    events_bytes = (out / "events.json").read_bytes()
    manifest = json.loads((out / "manifest.json").read_bytes())
    assert_valid(EVENTS_VALIDATOR, json.loads(events_bytes), "CLI events.json")
    assert_valid(MANIFEST_VALIDATOR, manifest, "CLI manifest.json")
    assert manifest["artifacts"] == {
        "events_json_sha256": hashlib.sha256(events_bytes).hexdigest(),
        "events_json_bytes": len(events_bytes),
    }
    for image in manifest["images"]:
        assert (out / "assets" / image["asset"]).is_file()


# -- the schemas reject what they should ------------------------------------------------------------------


def _first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["kind"] == kind)


def _nested(events: list[dict[str, Any]]) -> dict[str, Any]:
    return _first(events, "subagent")["subagent"]["events"][0]


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda d: d.update(extra=1), id="unknown top-level key"),
        pytest.param(lambda d: d["session"].update(slug="x"), id="unknown session key"),
        pytest.param(lambda d: d["chapters"][0].pop("bridge"), id="chapter key missing"),
        pytest.param(lambda d: d["chapters"][0].update(reason="resume"), id="unknown chapter reason"),
        pytest.param(lambda d: d["events"][0].update(kind="note"), id="unknown kind"),
        pytest.param(lambda d: d["events"][0].update(mood="happy"), id="unknown event key"),
        pytest.param(lambda d: _first(d["events"], "tool_run").pop("calls"), id="tool_run without calls"),
        pytest.param(lambda d: _first(d["events"], "tool_run").pop("summary"), id="tool_run without summary"),
        pytest.param(lambda d: _first(d["events"], "tool_run")["calls"][0].update(input={}), id="call key"),
        pytest.param(lambda d: _first(d["events"], "image").pop("asset"), id="image without asset"),
        pytest.param(lambda d: _first(d["events"], "assistant").update(calls=[]), id="field of another kind"),
        pytest.param(lambda d: _first(d["events"], "subagent")["subagent"].pop("tool_use_id"), id="no tool_use_id"),
        pytest.param(lambda d: _first(d["events"], "subagent")["subagent"].update(x=1), id="subagent key"),
        pytest.param(lambda d: _nested(d["events"]).update(kind="note"), id="nested event (recursive $ref)"),
        pytest.param(lambda d: _first(d["events"], "turn_duration").pop("duration_ms"), id="no duration_ms"),
    ],
)
def test_events_schema_rejects(parsed: ParseResult, mutate: Any) -> None:
    doc = copy.deepcopy(parsed.log.to_dict())
    mutate(doc)
    assert not EVENTS_VALIDATOR.is_valid(doc)


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda m: m.update(extra=1), id="unknown top-level key"),
        pytest.param(lambda m: m["counts"].update(extra=1), id="unknown counts key"),
        pytest.param(lambda m: m["session"].pop("active_ms"), id="session key missing"),
        pytest.param(lambda m: m["chapters"][0].update(extra=1), id="chapter key ($ref to events schema)"),
        pytest.param(lambda m: m["pii_warnings"][0].pop("locations"), id="pii without locations"),
        pytest.param(lambda m: m["pii_warnings"][0].update(category="private"), id="unknown pii category"),
        pytest.param(lambda m: m["pii_warnings"][0].update(value="leak"), id="pii key"),
        pytest.param(
            lambda m: next(w for w in m["pii_warnings"] if w["kind"] == "github-token").update(category="pii"),
            id="category does not fit kind",
        ),
        pytest.param(lambda m: m["images"][0].update(media_type_claimed="image/png"), id="image key"),
        pytest.param(lambda m: m.update(artifacts={"events_json_sha256": "0" * 64}), id="artifacts incomplete"),
    ],
)
def test_manifest_schema_rejects(parsed: ParseResult, mutate: Any) -> None:
    manifest = copy.deepcopy(parsed.manifest)
    mutate(manifest)
    assert not MANIFEST_VALIDATOR.is_valid(manifest)


# -- the real transcripts in ../shared/corpus -------------------------------------------------------------


def _corpus_sessions() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(
        p
        for p in CORPUS.rglob("*.jsonl")
        if "subagents" not in p.relative_to(CORPUS).parts and not p.name.startswith("agent-")
    )


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
@pytest.mark.parametrize(
    "path", _corpus_sessions() or [None], ids=lambda p: str(p.relative_to(CORPUS)) if p else "none"
)
def test_corpus_outputs_match_the_schemas(path: Path | None) -> None:
    if path is None:
        pytest.skip("the corpus holds no top-level transcript")
    if path.stat().st_size == 0:
        pytest.skip("empty transcript: `retell parse` refuses it")
    result = extract_session(SessionRef(path, path.stem), None, ParseOptions())
    assert_result_valid(result, str(path.relative_to(CORPUS)))


# -- several sessions in one work folder ----------------------------------------------------------------

EXAMPLE_PROJECT = REPO / "examples" / "claude" / "projects" / "-home-sam-src-tidyfeeds"


@pytest.fixture(scope="module")
def joined() -> ParseResult:
    from retell.parse import extract_sessions

    paths = sorted(EXAMPLE_PROJECT.glob("*.jsonl"))
    assert len(paths) == 3
    return extract_sessions([SessionRef(p, p.stem) for p in paths], None, ParseOptions())


def test_several_sessions_match_the_schemas(joined: ParseResult) -> None:
    assert len(joined.log.sessions) == 3 and len(joined.manifest["sessions"]) == 3
    assert joined.log.sessions[2].resumed and joined.log.sessions[2].continues == joined.log.sessions[1].key
    assert_result_valid(joined, "the example's three sessions")


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda d: d["sessions"][0].pop("continues"), id="session entry key missing"),
        pytest.param(lambda d: d["sessions"][0].update(key="0B7C"), id="session key not lower case"),
        pytest.param(lambda d: d["chapters"][0].update(session="x y"), id="chapter session not a key"),
        pytest.param(lambda d: d["events"][0].update(id="0b7c3f52-x1"), id="qualified event id malformed"),
        pytest.param(lambda d: d.update(sessions=d["sessions"][:1]), id="one entry is not several"),
    ],
)
def test_events_schema_rejects_in_several_sessions(joined: ParseResult, mutate: Any) -> None:
    doc = copy.deepcopy(joined.log.to_dict())
    mutate(doc)
    assert not EVENTS_VALIDATOR.is_valid(doc)


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda m: m["sessions"][0].pop("gap_ms"), id="session part key missing"),
        pytest.param(lambda m: m["sessions"][1]["counts"].update(extra=1), id="a session's counts ($ref)"),
        pytest.param(lambda m: m["sessions"][1].update(pii_warnings=[]), id="pii is found once, not per session"),
    ],
)
def test_manifest_schema_rejects_in_several_sessions(joined: ParseResult, mutate: Any) -> None:
    manifest = copy.deepcopy(joined.manifest)
    mutate(manifest)
    assert not MANIFEST_VALIDATOR.is_valid(manifest)
