"""Generate a synthetic Claude Code config dir for benchmarking `retell list`.

    python bench/gen_config_dir.py --sessions 1000 --out bench/data/config [--seed 1] [--big 20]

Layout and records follow ../shared/notes/format.md: `projects/<encoded path>/<session>.jsonl` across a few
dozen projects; each session opens with (sometimes) a `summary` naming the previous session of its project,
a queued `/init`-style command, the human's prompt and the assistant's answer, then turns of tool calls whose
results carry bulky output (the bytes a listing must not read), `progress` and hook `attachment` records,
`file-history-snapshot`s, compactions in the big ones; it ends with an `ai-title` (half of them), sometimes a
`custom-title`, a `turn_duration` and a `last-prompt`. A fifth of the sessions have subagent transcripts in
`<session>/subagents/` (with `.meta.json`), sessions with compactions an `agent-acompact-*` replay, and a tenth
of the projects a `sessions-index.json`. File mtimes are set to each session's last timestamp.

Sizes: most sessions 100 KB – 5 MB (log-uniform), `--big` of them 50 – 200 MB: about 3.5 GB for 1,000.
Deterministic for a given seed. Delete the folder afterwards if disk is tight.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import shutil
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import orjson

KB, MB = 1 << 10, 1 << 20
MODEL = "claude-opus-4-5-20251101"
VERSIONS = ("2.0.42", "2.0.76", "2.1.20", "2.1.114", "2.1.132")
WORDS = (
    "parse",
    "record",
    "session",
    "event",
    "writer",
    "reader",
    "chapter",
    "token",
    "usage",
    "image",
    "config",
    "cache",
    "index",
    "batch",
    "queue",
    "worker",
    "stream",
    "buffer",
    "chunk",
    "frame",
    "schema",
    "field",
    "value",
    "result",
    "error",
    "retry",
    "timeout",
    "client",
    "server",
    "request",
    "response",
    "handler",
    "router",
    "model",
    "view",
    "store",
    "state",
    "payload",
    "header",
    "body",
    "cursor",
    "offset",
    "limit",
    "page",
    "filter",
    "query",
    "match",
)
PROMPTS = (
    "The listing is slow on my big config dir, can you find out why?",
    "Please add tests for the cache invalidation path",
    "Refactor the reader so it streams instead of loading the whole file",
    "Why does the build fail on CI but not locally?",
    "Let's add a --json flag to the export command",
    "Can you review this diff and tell me what could break?",
    "Write a migration for the new schema version",
    "The images in the report are blurry, fix the scaling",
    "日本語のドキュメントを更新してください",
    "Explain how the retry budget works, then make it configurable",
)
TOOLS = ("Read", "Bash", "Edit", "Grep", "Write", "Glob")


def _ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def encode(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", path)


class Filler:
    """Bulky tool output, sliced from one precomputed block of code-like text (cheap to write)."""

    def __init__(self, rng: random.Random) -> None:
        lines = []
        for i in range(40_000):
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
            lines.append(f"{i:>6}\t    {rng.choice(WORDS)} = {words!r}  # {rng.choice(WORDS)}")
        self.block = "\n".join(lines)

    def text(self, rng: random.Random, size: int) -> str:
        size = min(size, len(self.block))
        start = rng.randrange(0, len(self.block) - size + 1)
        return self.block[start : start + size]


@dataclass
class Session:
    project: str
    session_id: str
    start: datetime
    size: int
    previous_leaf: tuple[str, str] | None  # (leafUuid, summary) of the project's previous session
    subagents: int = 0
    last_uuid: str | None = None
    end: datetime | None = None
    compactions: int = 0
    files: list[str] = field(default_factory=list)


class Writer:
    """Writes one session's records, chaining parentUuid and advancing its clock."""

    def __init__(self, session: Session, rng: random.Random, filler: Filler, fh: Any) -> None:
        self.s = session
        self.rng = rng
        self.filler = filler
        self.fh = fh
        self.clock = session.start
        self.parent: str | None = None
        self.written = 0
        self.version = rng.choice(VERSIONS)

    def emit(self, record: dict[str, Any]) -> None:
        line = orjson.dumps(record) + b"\n"
        self.fh.write(line)
        self.written += len(line)

    def tick(self, low: float = 1, high: float = 20) -> str:
        self.clock += timedelta(seconds=self.rng.uniform(low, high))
        return _ts(self.clock)

    def base(self, rtype: str, **fields: Any) -> dict[str, Any]:
        uid = str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        record = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.s.project,
            "sessionId": self.s.session_id,
            "version": self.version,
            "gitBranch": "main",
            "type": rtype,
            **fields,
            "uuid": uid,
            "timestamp": self.tick(),
        }
        self.parent = uid
        self.s.last_uuid = uid
        return record

    def human(self, text: str) -> None:
        self.emit(
            {
                "type": "file-history-snapshot",
                "messageId": str(uuid.UUID(int=self.rng.getrandbits(128), version=4)),
                "snapshot": {"trackedFileBackups": self._tracked(), "timestamp": _ts(self.clock)},
                "isSnapshotUpdate": False,
            }
        )
        self.emit(self.base("user", message={"role": "user", "content": text}))

    def _tracked(self) -> dict[str, Any]:
        return {
            f: {"backupFileName": f"{i:016x}@v1", "version": 1, "backupTime": _ts(self.clock)}
            for i, f in enumerate(self.s.files)
        }

    def assistant(self, block: dict[str, Any]) -> None:
        usage = {
            "input_tokens": self.rng.randint(1, 50),
            "cache_creation_input_tokens": self.rng.randint(0, 4000),
            "cache_read_input_tokens": self.rng.randint(1000, 90000),
            "output_tokens": self.rng.randint(5, 900),
        }
        message = {
            "id": f"msg_01{self.rng.getrandbits(96):024x}",
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": [block],
            "stop_reason": None,
            "usage": usage,
        }
        self.emit(self.base("assistant", message=message, requestId=f"req_011C{self.rng.getrandbits(80):020x}"))

    def tool_turn(self, output_size: int) -> None:
        name = self.rng.choice(TOOLS)
        tool_id = f"toolu_01{self.rng.getrandbits(96):024x}"
        path = f"{self.s.project}/src/{self.rng.choice(WORDS)}/{self.rng.choice(WORDS)}.py"
        inputs = {"file_path": path} if name in ("Read", "Edit", "Write") else {"command": "pytest -q", "pattern": "x"}
        if name in ("Edit", "Write") and path not in self.s.files:
            self.s.files.append(path)
        self.assistant({"type": "tool_use", "id": tool_id, "name": name, "input": inputs})
        for _ in range(self.rng.randint(0, 2)):
            self.emit(
                self.base(
                    "progress",
                    data={"type": "hook_progress", "hookEvent": "PreToolUse", "hookName": "lint"},
                    parentToolUseID=tool_id,
                    toolUseID=tool_id,
                )
            )
        output = self.filler.text(self.rng, output_size)
        self.emit(
            self.base(
                "user",
                message={
                    "role": "user",
                    "content": [{"tool_use_id": tool_id, "type": "tool_result", "content": output}],
                },
                toolUseResult={"stdout": output, "stderr": "", "interrupted": False},
            )
        )
        if self.rng.random() < 0.3:
            self.emit(self.base("attachment", attachment={"type": "hook_success", "hookName": "fmt", "content": ""}))

    def compaction(self) -> None:
        self.s.compactions += 1
        self.emit(
            self.base(
                "system",
                subtype="compact_boundary",
                content="Conversation compacted",
                compactMetadata={"trigger": "auto", "preTokens": 167000},
            )
        )
        summary = "This session is being continued from a previous conversation that ran out of context. "
        self.emit(
            self.base(
                "user",
                message={"role": "user", "content": summary + "The conversation is summarized below: " + "x" * 4000},
                isCompactSummary=True,
            )
        )


def write_session(session: Session, rng: random.Random, filler: Filler, path: Path) -> None:
    big = session.size > 20 * MB
    with path.open("wb") as fh:
        w = Writer(session, rng, filler, fh)
        if session.previous_leaf is not None:
            leaf, text = session.previous_leaf
            w.emit({"type": "summary", "summary": text, "leafUuid": leaf})
        w.human(rng.choice(PROMPTS))
        w.assistant({"type": "text", "text": "Let me look at the code first."})
        next_compaction = rng.randint(30, 60) * MB if big else None
        while w.written < session.size:
            if rng.random() < 0.15:
                w.human(rng.choice(PROMPTS))
            # Mostly small outputs, some large; multi-MB lines only in big sessions.
            if big and rng.random() < 0.04:
                size = rng.randint(1 * MB, 4 * MB)
            else:
                size = int(math.exp(rng.uniform(math.log(200), math.log(min(96 * KB, max(session.size // 8, 400))))))
            w.tool_turn(size)
            if next_compaction is not None and w.written > next_compaction:
                w.compaction()
                next_compaction += rng.randint(30, 60) * MB
        w.assistant({"type": "text", "text": "Done: the change is in and the tests pass."})
        w.emit(w.base("system", subtype="turn_duration", durationMs=rng.randint(5_000, 900_000), isMeta=False))
        if rng.random() < 0.5:
            w.emit(
                {
                    "type": "ai-title",
                    "aiTitle": f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} fixes",
                    "sessionId": session.session_id,
                }
            )
        if rng.random() < 0.1:
            w.emit(
                {
                    "type": "custom-title",
                    "customTitle": f"My {rng.choice(WORDS)} story",
                    "sessionId": session.session_id,
                }
            )
        w.emit({"type": "last-prompt", "lastPrompt": rng.choice(PROMPTS), "sessionId": session.session_id})
        session.end = w.clock
    mtime = session.end.timestamp()
    os.utime(path, (mtime, mtime))


def write_subagents(session: Session, rng: random.Random, filler: Filler, folder: Path) -> None:
    sub = folder / session.session_id / "subagents"
    sub.mkdir(parents=True, exist_ok=True)
    for i in range(session.subagents):
        agent_id = f"a{rng.getrandbits(64):016x}"
        agent = Session(session.project, session.session_id, session.start, rng.randint(5 * KB, 50 * KB), None)
        path = sub / f"agent-{agent_id}.jsonl"
        with path.open("wb") as fh:
            w = Writer(agent, rng, filler, fh)
            w.emit(w.base("user", message={"role": "user", "content": f"Investigate part {i}"}, agentId=agent_id))
            while w.written < agent.size:
                w.tool_turn(rng.randint(500, 8 * KB))
        meta = {"agentType": "Explore", "description": f"part {i}", "toolUseId": f"toolu_01{rng.getrandbits(96):024x}"}
        (sub / f"agent-{agent_id}.meta.json").write_bytes(orjson.dumps(meta))
    for _ in range(session.compactions):
        (sub / f"agent-acompact-{rng.getrandbits(64):016x}.jsonl").write_bytes(b"")


def write_index(folder: Path, project: str, sessions: list[Session]) -> None:
    entries = []
    for s in sessions:
        path = folder / f"{s.session_id}.jsonl"
        st = path.stat()
        entries.append(
            {
                "sessionId": s.session_id,
                "fullPath": str(path),
                "fileMtime": st.st_mtime_ns // 1_000_000,
                "firstPrompt": "Please add tests for the cache invalidation path",
                "summary": f"Indexed session {s.session_id[:8]}",
                "messageCount": 40,
                "created": _ts(s.start),
                "modified": _ts(s.end or s.start),
                "gitBranch": "main",
                "projectPath": project,
                "isSidechain": False,
            }
        )
    (folder / "sessions-index.json").write_bytes(
        orjson.dumps({"version": 1, "entries": entries, "originalPath": project})
    )


def generate(out: Path, sessions: int, big: int, seed: int, projects: int) -> dict[str, Any]:
    rng = random.Random(seed)
    filler = Filler(rng)
    if out.exists():
        shutil.rmtree(out)
    root = out / "projects"
    paths = [
        f"/home/dev/{rng.choice(('src', 'work', 'oss'))}/{rng.choice(WORDS)}_{rng.choice(WORDS)}.{i}"
        for i in range(projects)
    ]
    indexed = set(rng.sample(range(projects), max(1, projects // 10)))
    big_ids = set(rng.sample(range(sessions), min(big, sessions)))
    now = datetime(2026, 11, 1, tzinfo=timezone.utc)
    by_project: dict[int, list[Session]] = {i: [] for i in range(projects)}
    total = 0
    started = time.monotonic()
    for n in range(sessions):
        p = rng.randrange(projects)
        if n in big_ids:
            size = rng.randint(50 * MB, 200 * MB)
        else:
            size = int(math.exp(rng.uniform(math.log(100 * KB), math.log(5 * MB))))
        previous = by_project[p][-1] if by_project[p] else None
        leaf: tuple[str, str] | None = None
        if previous is not None and previous.last_uuid and rng.random() < 0.3:
            # A resumed session opens with a summary of the one before it (the quirk `list` must handle).
            leaf = (previous.last_uuid, f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} work")
        session = Session(
            project=paths[p],
            session_id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            start=now - timedelta(days=rng.uniform(0, 365)),
            size=size,
            previous_leaf=leaf,
            subagents=rng.randint(1, 3) if rng.random() < 0.2 else 0,
        )
        folder = root / encode(paths[p])
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{session.session_id}.jsonl"
        write_session(session, rng, filler, path)
        if session.subagents or session.compactions:
            write_subagents(session, rng, filler, folder)
        by_project[p].append(session)
        total += path.stat().st_size
        if (n + 1) % 100 == 0:
            print(f"  {n + 1} sessions, {total / MB:,.0f} MB, {time.monotonic() - started:.0f} s", file=sys.stderr)
    for p in indexed:
        if by_project[p]:
            write_index(root / encode(paths[p]), paths[p], by_project[p])
    return {"sessions": sessions, "projects": projects, "indexed_projects": len(indexed), "bytes": total}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--big", type=int, default=20, help="sessions of 50-200 MB")
    parser.add_argument("--projects", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("bench/data/config"))
    args = parser.parse_args(argv)
    summary = generate(args.out, args.sessions, args.big, args.seed, args.projects)
    print(
        f"wrote {summary['sessions']} sessions in {summary['projects']} projects "
        f"({summary['indexed_projects']} with sessions-index.json), {summary['bytes'] / MB:,.0f} MB, to {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
