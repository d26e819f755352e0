"""Generate a large, realistic Claude Code session transcript (JSONL) for benchmarks.

    python bench/gen_session.py --size 15MB --out bench/data/s15.jsonl [--seed 1]

The file is written as a stream (nothing is held in memory but a few MB of text banks) and is
byte-for-byte deterministic for a given (size, seed). Sizes are binary: 1MB = 2**20 bytes; outputs shrink as
the end nears and the turn in progress is closed, so the file ends within a few KB of the size.

What the bytes are made of, tuned on real transcripts (see /work/shared/notes/format.md):

- ~55 % tool results: `user` records with a `tool_result` block AND the duplicated top-level `toolUseResult`
  (Read, Edit with `originalFile`, Bash, Grep, Glob, Write, TodoWrite, Task with subagent data), plus
  a huge Bash output line of 3-10 MB every ~80 MB (at most 15 % of the file) in files of 10 MB and more;
- ~7 % base64 PNG screenshots, from 1.5 MB on (a few real PNGs drawn once with Pillow, then reused), inside
  `tool_result` content lists (an MCP browser screenshot, a Read of a .png);
- `progress` records: bash_progress (with the growing `fullOutput`), hook_progress, agent_progress (with
  a nested subagent message);
- `attachment` records: hook_success, skill_listing (a few KB), task_reminder, deferred_tools_delta;
- `file-history-snapshot` records, one per human prompt, tracking more and more files;
- the signal, ~2 % of the bytes: human prompts, assistant thinking / text / tool_use written one content
  block per record sharing `message.id` and repeating `usage`; `system` turn_duration and stop hook
  summaries; compactions (`compact_boundary` + an `isCompactSummary` user record), the first within
  20 MB, then every 8-30 MB.

A summary of bytes per category goes to stderr (and with --stats FILE, to a JSON file).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import random
import re
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import orjson

MB = 1 << 20

# Share of the file's bytes per category; the generator steers toward these as it writes.
TARGETS = {
    "tool_result": 0.55,
    "screenshot": 0.07,
    "progress": 0.13,
    "attachment": 0.06,
    "snapshot": 0.05,
}
# What is left (~12.5 %) is assistant records (envelopes, usage, thinking signatures, the signal itself),
# human prompts, system records, compaction summaries and small bookkeeping records.

VERSION = "2.1.114"
MODEL = "claude-opus-4-7"
CWD = "/home/dev/src/atlas-service"
BRANCH = "feat/streaming-ingest"

# -- vocabulary ---------------------------------------------------------------------------------------

_WORD_TEXT = (
    "parse record session event writer reader chapter token usage image config cache index batch queue "
    "worker stream buffer chunk frame schema field value result error retry timeout client server "
    "request response handler router model view store state action payload header body cursor offset "
    "limit page filter query match pattern rule policy budget quota metric counter gauge span trace log "
    "level snapshot backup version migration table column row key lock lease shard replica node cluster "
    "deploy build test fixture mock stub patch diff hunk line file path folder archive upload download"
)
WORDS = tuple(_WORD_TEXT.split())
TYPES = ("str", "int", "bytes", "float", "bool", "dict[str, Any]", "list[str]", "Path", "Event", "Record")
EXCS = ("ValueError", "KeyError", "RuntimeError", "TimeoutError", "ParseError", "ConfigError", "OSError")
MODULES = (
    "os",
    "re",
    "json",
    "time",
    "asyncio",
    "logging",
    "hashlib",
    "itertools",
    "dataclasses",
    "atlas.core",
    "atlas.ingest.reader",
    "atlas.ingest.writer",
    "atlas.store",
    "atlas.http.client",
)
NON_ASCII = ("café", "naïve", "Größe", "日本語", "→", "✓", "—", "…", "ünïcödé", "😀", "Ω", "\u2028")

OPENERS = (
    "Let me",
    "I'll",
    "Now I need to",
    "Next, I should",
    "I want to",
    "First I'll",
    "Then I can",
    "It makes sense to",
    "I should",
    "Time to",
)
VERBS = (
    "check",
    "read",
    "look at",
    "update",
    "refactor",
    "fix",
    "test",
    "trace",
    "rewrite",
    "inspect",
    "simplify",
    "rename",
    "split",
    "merge",
    "profile",
    "document",
    "guard",
    "validate",
)
OBSERVATIONS = (
    "The failure comes from {a} being None when the {b} is empty.",
    "So {f}() is called twice per {b}, which explains the duplicated {c}.",
    "The test expects {a} to be sorted, but {f} returns them in insertion order.",
    "That matches the traceback: the {b} is closed before {f} flushes the {c}.",
    "Good, the {b} path is covered; the {c} path is not.",
    "Wait — {f} already handles the {a} case, so the bug must be in the caller.",
    "Actually the simplest fix is to pass the {c} explicitly instead of reading it from the {b}.",
    "Hmm, {n} tests fail, all in test_{f}.py, all with the same KeyError on '{a}'.",
    "The {b} is only {n} lines; I can read all of it.",
    "This is the third place that builds a {c} by hand; a helper would remove the duplication.",
    "The user wants {a} to survive a restart, so it has to go through the {b} store.",
    "I'm not sure {f} is thread-safe; the {c} dict is shared between workers.",
)
PROMPTS = (
    "The {b} tests are failing since yesterday's merge, can you look into it?",
    "Add a --{a} option to the CLI that limits the number of {c}s processed.",
    "Refactor {f} in src/atlas/{b}.py — it's way too long and does three things.",
    "Why is ingest so slow on big files? Profile it and tell me where the time goes.",
    "ok, now write tests for the {c} {b}",
    "Can you make the error message clearer when the {a} is missing? Users keep asking about it.",
    "That broke the {b} endpoint, see the screenshot. Please fix.",
    "Looks good. Commit it with a proper message and push the branch.",
    "No, don't change the public API, keep {f} backwards compatible.",
    "Let's migrate the {b} table to the new schema; write the migration and a rollback.",
    "The dashboard shows the wrong {c} count after a retry (é/ü in names too). Check the {f} path.",
    "Summarize what we changed today so I can paste it in the PR description.",
    "Run the full test suite and fix whatever is red.",
    "Use the browser to check the settings page renders correctly after your change.",
)
SKILLS = (
    "update-config",
    "keybindings-help",
    "simplify",
    "review-pr",
    "write-tests",
    "explain-code",
    "security-review",
    "release-notes",
    "db-migrate",
    "perf-profile",
    "api-docs",
    "changelog",
    "refactor-plan",
    "commit-message",
    "triage-issue",
    "frontend-design",
    "pdf",
    "xlsx",
    "docx",
    "brand-guidelines",
    "mcp-builder",
    "webapp-testing",
    "canvas-design",
    "artifacts-builder",
)


def timestamp(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


class Banks:
    """Pools of realistic text, built once from the seed, that records take slices of."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.code = [self._code_line() for _ in range(60000)]
        self.logs = [self._log_line() for _ in range(30000)]
        self.sentences = [self._sentence() for _ in range(6000)]
        self.b64 = base64.b64encode(rng.randbytes(900_000)).decode("ascii")
        self.files = self._project_files()

    def w(self) -> str:
        return self.rng.choice(WORDS)

    def ident(self) -> str:
        r = self.rng
        return r.choice(WORDS) + (("_" + r.choice(WORDS)) if r.random() < 0.6 else "")

    def fill(self, template: str) -> str:
        return template.format(a=self.ident(), b=self.w(), c=self.w(), f=self.ident(), n=self.rng.randint(2, 40))

    def _code_line(self) -> str:
        r = self.rng
        i = " " * r.choice((0, 4, 4, 8, 8, 8, 12, 16))
        a, b, f = self.ident(), self.ident(), self.ident()
        t = r.choice(TYPES)
        k = r.randrange(22)
        if k == 0:
            return f"def {f}({a}: {t}, {b}: int = {r.randint(0, 99)}) -> {r.choice(TYPES)}:"
        if k == 1:
            return f"{i}{a} = {f}({b}, {self.w()}={r.choice(('None', 'True', repr(self.w()), str(r.randint(0, 9))))})"
        if k == 2:
            return f"{i}if {a} is None or not {b}.{f}():"
        if k == 3:
            return f"{i}return {a}[{b}:{r.randint(1, 64)}]"
        if k == 4:
            return f"{i}for {a} in {b}.{self.w()}s:"
        if k == 5:
            return f'{i}raise {r.choice(EXCS)}(f"{a}: {{{b}!r}} is not a valid {self.w()}")'
        if k == 6:
            return (
                f"class {self.w().title()}{self.w().title()}({r.choice(('Base', 'Protocol', 'Exception', 'object'))}):"
            )
        if k == 7:
            return f'{i}"""{self._sentence()}"""'
        if k == 8:
            return f"{i}# {self._sentence().lower()}"
        if k in (9, 10):
            return ""
        if k == 11:
            return f"from {r.choice(MODULES)} import {self.w().title()}, {f}"
        if k == 12:
            return f"{i}{a}: {t} = field(default_factory={r.choice(('list', 'dict', 'set', 'Counter'))})"
        if k == 13:
            return f'{i}log.debug("{self.w()} %s took %.3fs ({r.choice(NON_ASCII)})", {a}, {b})'
        if k == 14:
            return f"export async function {f}({a}: {r.choice(('string', 'number', 'Event[]'))}): Promise<void> {{"
        if k == 15:
            return f"{i}const {a} = await {f}({b}, {{ {self.w()}: {r.randint(0, 500)} }});"
        if k == 16:
            return f"{i}}} catch (err) {{ console.error(`{self.w()} failed: ${{err}}`); }}"
        if k == 17:
            return f'{i}with open({a}, "rb") as fh:'
        if k == 18:
            return f'{i}assert {a} == {b}, "{self.w()} mismatch: \\"{self.w()}\\""'
        if k == 19:
            return f"{i}{a}.{f}(*{b}, **{{'{self.w()}': {r.random():.4f}}})"
        if k == 20:
            return f"{i}yield from ({a} for {b} in {f}() if {b})"
        return f"{i}{a} += len({b}) * {r.randint(2, 1024)}  # {self.w()}"

    def _log_line(self) -> str:
        r = self.rng
        k = r.randrange(10)
        if k < 3:
            pct = r.randint(0, 100)
            res = r.choice(("PASSED", "PASSED", "PASSED", "PASSED", "FAILED", "SKIPPED"))
            return f"tests/test_{self.ident()}.py::test_{self.ident()} {res}{' ' * r.randint(2, 30)}[{pct:3d}%]"
        if k == 3:
            return (
                f"-rw-r--r--  1 dev dev {r.randint(100, 999999):>7} Mar {r.randint(1, 28):2d} "
                f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d} {self.ident()}.{r.choice(('py', 'ts', 'json', 'md'))}"
            )
        if k == 4:
            return f"{datetime(2026, 3, 1, tzinfo=timezone.utc).isoformat()} INFO  atlas.{self.w()}: {self._sentence()}"
        if k == 5:
            where = f"src/atlas/{self.w()}/{self.ident()}.py:{r.randint(1, 900)}:{r.randint(1, 80)}"
            return f"{where}: E501 Line too long ({r.randint(111, 180)} > 110)"
        if k == 6:
            return f"  ✓ {self.ident()} ({r.randint(1, 900)} ms)"
        if k == 7:
            return f"commit {r.getrandbits(160):040x}"
        if k == 8:
            return f"    {self._code_line().strip()}"
        return f"warning: unused variable `{self.ident()}` — {r.choice(NON_ASCII)}"

    def _sentence(self) -> str:
        r = self.rng
        if r.random() < 0.5:
            return (
                f"{r.choice(OPENERS)} {r.choice(VERBS)} `{self.ident()}` in "
                f"src/atlas/{self.w()}/{self.ident()}.py to see how the {self.w()} is {r.choice(VERBS)}ed."
            )
        return self.fill(r.choice(OBSERVATIONS))

    def _project_files(self) -> list[str]:
        r = self.rng
        out = set()
        while len(out) < 240:
            top = r.choice(("src/atlas", "src/atlas", "tests", "web/src/components", "scripts", "docs"))
            ext = {"web/src/components": ".tsx", "docs": ".md"}.get(top, ".py")
            sub = f"{self.w()}/" if r.random() < 0.6 and top != "docs" else ""
            out.add(f"{CWD}/{top}/{sub}{self.ident()}{ext}")
        return sorted(out)

    # slices

    def prose(self, n_chars: int) -> str:
        parts: list[str] = []
        size = 0
        r = self.rng
        while size < n_chars:
            s = r.choice(self.sentences)
            parts.append(s)
            size += len(s) + 1
            if r.random() < 0.15:
                parts.append("\n\n")
        return " ".join(parts).replace(" \n\n ", "\n\n")

    def code_lines(self, n: int, start: int | None = None) -> list[str]:
        if start is None:
            start = self.rng.randrange(len(self.code) - n) if n < len(self.code) else 0
        return self.code[start : start + n]

    def log_text(self, n_chars: int) -> str:
        lines = self.logs
        r = self.rng
        out: list[str] = []
        size = 0
        i = r.randrange(len(lines))
        while size < n_chars:
            chunk = lines[i : i + 200]
            i = r.randrange(len(lines)) if i + 200 >= len(lines) else i + 200
            out.extend(chunk)
            size += sum(len(x) + 1 for x in chunk)
        text = "\n".join(out)
        return text[:n_chars]

    def b64_slice(self, n: int) -> str:
        n = min(n, len(self.b64))
        start = self.rng.randrange(len(self.b64) - n + 1)
        return self.b64[start : start + n]

    def file_content(self, path: str) -> list[str]:
        # A file is a stable slice of the code bank: the same path reads the same every time.
        h = int.from_bytes(path.encode()[-8:].ljust(8, b"_"), "little") ^ len(path) * 2654435761
        n = 15 + h % 320
        start = h % (len(self.code) - n)
        return self.code[start : start + n]


def make_pngs(rng: random.Random) -> list[tuple[bytes, int, int]]:
    """A few screenshot-like PNGs (UI chrome, text, a photo-like area that does not compress)."""
    from PIL import Image, ImageDraw

    pngs = []
    for w, h, noise in (
        (1280, 800, (240, 150)),
        (1440, 900, (300, 180)),
        (1024, 640, (200, 110)),
        (1600, 1000, (320, 200)),
    ):
        img = Image.new("RGB", (w, h), (246, 247, 249))
        d = ImageDraw.Draw(img)
        d.rectangle((0, 0, w, 56), fill=(32, 36, 48))
        d.rectangle((0, 56, 240, h), fill=(236, 238, 242))
        for y in range(80, h - 40, 22):
            d.text((20, y), " ".join(rng.choice(WORDS) for _ in range(3)), fill=(60, 64, 72))
        for y in range(90, h - 300, 26):
            x = 280
            d.text((x, y), " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))), fill=(20, 20, 20))
        for _ in range(12):
            x0, y0 = rng.randrange(260, w - 200), rng.randrange(80, h - 80)
            d.rectangle((x0, y0, x0 + rng.randint(60, 180), y0 + 28), outline=(90, 120, 200), width=2)
        nw, nh = noise
        photo = Image.frombytes("RGB", (nw, nh), rng.randbytes(nw * nh * 3)).resize((nw, nh))
        img.paste(photo, (w - nw - 40, h - nh - 40))
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False)
        pngs.append((buf.getvalue(), w, h))
    return pngs


class Generator:
    targets = TARGETS

    def __init__(self, out, size: int, seed: int) -> None:
        self.out = out
        self.size = size
        self.rng = rng = random.Random(seed)
        self.banks = Banks(rng)
        self.pngs = [(base64.b64encode(data).decode("ascii"), len(data), w, h) for data, w, h in make_pngs(rng)]
        self.avg_shot = sum(2 * len(p[0]) + 1500 for p in self.pngs) / len(self.pngs)
        self.written = 0
        self.bytes_by = dict.fromkeys((*TARGETS, "assistant", "human", "system", "compact_summary", "other"), 0)
        self.records_by: dict[str, int] = {}
        self.signal = 0  # bytes of human text, assistant text/thinking, tool_use targets (what retell keeps)
        self.session_id = str(self.uuid())
        self.prompt_id = str(self.uuid())
        self.now = datetime(2026, 3, 2, 9, 0, 0, tzinfo=timezone.utc) + timedelta(seconds=rng.randrange(86400 * 60))
        self.parent: str | None = None
        self.tail = {
            "userType": "external",
            "entrypoint": "cli",
            "cwd": CWD,
            "sessionId": self.session_id,
            "version": VERSION,
            "gitBranch": BRANCH,
        }
        self.tracked: dict[str, dict] = {}
        self.files_touched: list[str] = []
        self.todos: list[dict] = []
        self.tool_counter = 0
        # the first compaction inside the first 20 MB (so a 15 MB file has one), then every 8-30 MB
        self.next_compaction = rng.uniform(0.35, 0.65) * min(size, 20 * MB) if size >= MB else float("inf")
        n_huge = max(1, round(size / (80 * MB))) if size >= 10 * MB else 0
        self.huge_at = sorted(rng.uniform(0.15, 0.95) * size for _ in range(n_huge))
        self.messages_in_turn = 0

    # -- plumbing -----------------------------------------------------------------------------------

    def uuid(self) -> uuid.UUID:
        return uuid.UUID(int=self.rng.getrandbits(128), version=4)

    def api_id(self, prefix: str, n: int = 22) -> str:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        return prefix + "".join(self.rng.choices(alphabet, k=n))

    def tick(self, lo: float, hi: float) -> str:
        self.now += timedelta(milliseconds=self.rng.uniform(lo, hi) * 1000)
        return timestamp(self.now)

    def emit(self, record: dict, category: str, signal: int = 0) -> str | None:
        line = orjson.dumps(record) + b"\n"
        self.out.write(line)
        n = len(line)
        self.written += n
        self.bytes_by[category] += n
        self.records_by[category] = self.records_by.get(category, 0) + 1
        self.signal += signal
        u = record.get("uuid")
        if u is not None:
            self.parent = u
        return u

    def share(self, category: str) -> float:
        """How far below its target a category is: >1 means write more of it, <1 less (bounded)."""
        if self.written < 256 * 1024:
            return 1.0
        want = self.targets[category] * self.written
        have = self.bytes_by[category] + 1
        return max(0.25, min(4.0, want / have))

    def head(self) -> dict:
        return {"parentUuid": self.parent, "isSidechain": False}

    # -- records ------------------------------------------------------------------------------------

    def attachment(self, att: dict) -> None:
        rec = self.head()
        rec["attachment"] = att
        rec["type"] = "attachment"
        rec["uuid"] = str(self.uuid())
        rec["timestamp"] = self.tick(0.001, 0.05)
        rec.update(self.tail)
        self.emit(rec, "attachment")

    def hook_success(self, event: str, name: str, tool_use_id: str, stdout: str = "") -> None:
        self.attachment(
            {
                "type": "hook_success",
                "hookName": name,
                "toolUseID": tool_use_id,
                "hookEvent": event,
                "content": "",
                "stdout": stdout,
                "stderr": "",
                "exitCode": 0,
                "command": '"${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh" ' + event.lower(),
                "durationMs": self.rng.randint(12, 1800),
            }
        )

    def skill_listing(self, initial: bool) -> None:
        r = self.rng
        lines = [f"- {s}: {self.banks.prose(r.randint(120, 260))}" for s in SKILLS]
        self.attachment(
            {"type": "skill_listing", "content": "\n".join(lines), "skillCount": len(SKILLS), "isInitial": initial}
        )

    def task_reminder(self) -> None:
        items = [
            {
                "id": str(i + 1),
                "subject": t["content"],
                "description": self.banks.prose(self.rng.randint(80, 300)),
                "activeForm": t["activeForm"],
                "status": t["status"],
                "blocks": [],
                "blockedBy": [],
            }
            for i, t in enumerate(self.todos)
        ]
        self.attachment({"type": "task_reminder", "content": items, "itemCount": len(items)})

    def progress(self, data: dict, tool_use_id: str, parent_tool_use_id: str) -> None:
        rec = self.head()
        rec.update(
            {
                "userType": "external",
                "cwd": CWD,
                "sessionId": self.session_id,
                "version": VERSION,
                "gitBranch": BRANCH,
                "type": "progress",
                "data": data,
                "toolUseID": tool_use_id,
                "parentToolUseID": parent_tool_use_id,
                "uuid": str(self.uuid()),
                "timestamp": self.tick(0.2, 3),
            }
        )
        self.emit(rec, "progress")

    def snapshot(self, message_id: str) -> None:
        ts = timestamp(self.now)
        for path in self.files_touched[-6:]:
            entry = self.tracked.get(path)
            version = entry["version"] + 1 if entry else 1
            self.tracked[path] = {
                "backupFileName": f"{self.rng.getrandbits(64):016x}@v{version}",
                "version": version,
                "backupTime": ts,
            }
        scale = self.share("snapshot")
        # Every file tracked so far, or (when snapshots are ahead of their share) only the latest ones.
        paths = self.tracked if scale >= 1.0 else self.files_touched[-6:]
        tracked = {p.removeprefix(CWD + "/"): self.tracked[p] for p in paths}
        self.emit(
            {
                "type": "file-history-snapshot",
                "messageId": message_id,
                "snapshot": {"messageId": message_id, "trackedFileBackups": tracked, "timestamp": ts},
                "isSnapshotUpdate": self.rng.random() < 0.3,
            },
            "snapshot",
        )
        if scale > 1.5:  # snapshot updates after edits
            self.emit(
                {
                    "type": "file-history-snapshot",
                    "messageId": message_id,
                    "snapshot": {"messageId": message_id, "trackedFileBackups": tracked, "timestamp": ts},
                    "isSnapshotUpdate": True,
                },
                "snapshot",
            )

    def human(self, text: str | list, category: str = "human", **extra: object) -> str:
        rec = self.head()
        rec["promptId"] = self.prompt_id
        rec["type"] = "user"
        rec["message"] = {"role": "user", "content": text}
        rec.update(extra)
        rec["uuid"] = str(self.uuid())
        rec["timestamp"] = self.tick(5, 400)
        rec["permissionMode"] = "acceptEdits"
        rec.update(self.tail)
        sig = len(text.encode()) if isinstance(text, str) else 0
        self.emit(rec, category, signal=sig)
        return rec["uuid"]

    def usage(self, out_tokens: int) -> dict:
        r = self.rng
        cc, cr = r.randint(0, 9000), r.randint(20000, 160000)
        return {
            "input_tokens": r.randint(1, 12),
            "cache_creation_input_tokens": cc,
            "cache_read_input_tokens": cr,
            "output_tokens": out_tokens,
            "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            "service_tier": "standard",
            "cache_creation": {"ephemeral_1h_input_tokens": cc, "ephemeral_5m_input_tokens": 0},
            "inference_geo": "",
            "iterations": [
                {
                    "input_tokens": 6,
                    "output_tokens": out_tokens,
                    "cache_read_input_tokens": cr,
                    "cache_creation_input_tokens": cc,
                    "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": cc},
                    "type": "message",
                }
            ],
            "speed": "standard",
        }

    def assistant(self, blocks: list[dict], stop_reason: str) -> list[str]:
        """One API response: one record per content block, same message.id, same usage."""
        msg_id = self.api_id("msg_01")
        req_id = self.api_id("req_011C", 20)
        usage = self.usage(self.rng.randint(30, 3000))
        uuids = []
        for block in blocks:
            rec = self.head()
            rec["message"] = {
                "model": MODEL,
                "id": msg_id,
                "type": "message",
                "role": "assistant",
                "content": [block],
                "stop_reason": stop_reason,
                "stop_sequence": None,
                "stop_details": None,
                "usage": usage,
            }
            rec["requestId"] = req_id
            rec["type"] = "assistant"
            rec["uuid"] = str(self.uuid())
            rec["timestamp"] = self.tick(0.3, 6)
            rec.update(self.tail)
            t = block["type"]
            # the story retell keeps: prose, thinking, and what a tool call is about (not its payload)
            if t == "tool_use":
                inp = block["input"]
                about = inp.get("file_path") or inp.get("command") or inp.get("pattern") or inp.get("prompt") or ""
                sig = len(about.encode())
            else:
                sig = len(block.get(t, "").encode())
            uuids.append(self.emit(rec, "assistant", signal=sig))
            self.messages_in_turn += 1
        return uuids

    def thinking_block(self) -> dict:
        r = self.rng
        if r.random() < 0.25:  # redacted-in-transcript thinking: empty text, long signature
            return {"type": "thinking", "thinking": "", "signature": self.banks.b64_slice(r.randint(400, 3000))}
        text = self.banks.prose(int(r.lognormvariate(6.0, 0.9)))
        return {
            "type": "thinking",
            "thinking": text,
            "signature": self.banks.b64_slice(min(len(text) // 2 + r.randint(200, 600), 6000)),
        }

    def text_block(self, lo: int = 60, hi: int = 400) -> dict:
        return {"type": "text", "text": self.banks.prose(self.rng.randint(lo, hi))}

    def tool_result(
        self,
        tool_use_id: str,
        assistant_uuid: str,
        content: object,
        result: object,
        category: str = "tool_result",
        is_error: bool = False,
    ) -> None:
        rec = self.head()
        rec["promptId"] = self.prompt_id
        rec["type"] = "user"
        block = {"tool_use_id": tool_use_id, "type": "tool_result", "content": content}
        if is_error or self.rng.random() < 0.3:
            block["is_error"] = is_error
        rec["message"] = {"role": "user", "content": [block]}
        rec["uuid"] = str(self.uuid())
        rec["timestamp"] = self.tick(0.05, 20)
        rec["toolUseResult"] = result
        rec["sourceToolAssistantUUID"] = assistant_uuid
        rec.update(self.tail)
        self.emit(rec, category)

    def system(self, subtype: str, fields: dict, parent_null: bool = False) -> None:
        rec = {"parentUuid": None if parent_null else self.parent}
        if parent_null:
            rec["logicalParentUuid"] = self.parent
        rec["isSidechain"] = False
        rec["type"] = "system"
        rec["subtype"] = subtype
        rec.update(fields)
        rec["timestamp"] = self.tick(0.01, 0.5)
        rec["uuid"] = str(self.uuid())
        rec["isMeta"] = False
        rec.update(self.tail)
        self.emit(rec, "system")

    # -- tools --------------------------------------------------------------------------------------

    def tool_call(self, kind: str | None = None) -> None:
        """One API response with 0-2 leading thinking/text blocks and 1-3 tool_use blocks, then the results."""
        r = self.rng
        blocks: list[dict] = []
        if r.random() < 0.55:
            blocks.append(self.thinking_block())
        if r.random() < 0.4:
            blocks.append(self.text_block(80, 600))
        calls = []
        n_calls = 1 if kind else r.choice((1, 1, 1, 1, 2, 2, 3))
        for _ in range(n_calls):
            k = kind or self.pick_tool()
            tool_id = self.api_id("toolu_01", 22)
            name, inp, finish = self.prepare(k, tool_id)
            blocks.append({"type": "tool_use", "id": tool_id, "name": name, "input": inp, "caller": {"type": "direct"}})
            calls.append((tool_id, name, finish))
        uuids = self.assistant(blocks, "tool_use")
        last = uuids[-1]
        for tool_id, name, finish in calls:
            self.progress(
                {
                    "type": "hook_progress",
                    "hookEvent": "PreToolUse",
                    "hookName": f"PreToolUse:{name}",
                    "command": '"${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh" pretooluse',
                },
                tool_id,
                tool_id,
            )
            finish(tool_id, last)
            self.progress(
                {
                    "type": "hook_progress",
                    "hookEvent": "PostToolUse",
                    "hookName": f"PostToolUse:{name}",
                    "command": '"${CLAUDE_PLUGIN_ROOT}/scripts/format.sh" posttooluse',
                },
                tool_id,
                tool_id,
            )
            if r.random() < 0.6 * self.share("attachment"):
                self.hook_success(
                    "PostToolUse",
                    f"PostToolUse:{name}",
                    tool_id,
                    stdout=self.banks.log_text(int(r.randint(0, 1500) * self.share("attachment"))),
                )

    def pick_tool(self) -> str:
        r = self.rng
        deficit = self.targets["screenshot"] * self.written - self.bytes_by["screenshot"]
        room = self.size - self.written
        if self.written > 1.5 * MB and deficit > 0.5 * self.avg_shot and room > 2 * self.avg_shot:
            return "Screenshot" if r.random() < 0.8 else "ReadImage"
        if self.huge_at and self.written >= self.huge_at[0]:
            self.huge_at.pop(0)
            return "HugeBash"
        return r.choices(
            ("Read", "Edit", "Bash", "Grep", "Glob", "Write", "TodoWrite", "Task"), weights=(30, 18, 24, 10, 5, 4, 4, 3)
        )[0]

    def prepare(self, kind: str, tool_id: str):
        """(tool name, input, finish(tool_use_id, assistant_uuid)) for one call."""
        r, b = self.rng, self.banks
        # Steer toward the target share, and shrink outputs when the file is about to reach its size.
        scale = min(self.share("tool_result"), max(0.02, (self.size - self.written) / (96 * 1024)))
        if kind == "Read":
            path = r.choice(b.files)
            lines = b.file_content(path)
            offset = r.randrange(len(lines) // 2) if len(lines) > 200 and r.random() < 0.3 else 0
            limit = max(20, int(len(lines) * min(1.0, scale)))
            part = lines[offset : offset + limit]
            inp = {"file_path": path} if offset == 0 else {"file_path": path, "offset": offset + 1, "limit": limit}
            self.files_touched.append(path)

            def finish(tid: str, au: str) -> None:
                numbered = "".join(f"{i + offset + 1:>6}→{ln}\n" for i, ln in enumerate(part))
                text = "\n".join(part) + "\n"
                self.tool_result(
                    tid,
                    au,
                    numbered + "\n<system-reminder>\nWhenever you read a file, you should "
                    "consider whether it would be considered malware.\n</system-reminder>\n",
                    {
                        "type": "text",
                        "file": {
                            "filePath": path,
                            "content": text,
                            "numLines": len(part),
                            "startLine": offset + 1,
                            "totalLines": len(lines),
                        },
                    },
                )

            return "Read", inp, finish
        if kind == "Edit":
            path = r.choice(b.files)
            lines = list(b.file_content(path))
            i = r.randrange(max(1, len(lines) - 8))
            old = "\n".join(lines[i : i + r.randint(1, 6)])
            new_lines = [b.code[r.randrange(len(b.code))] for _ in range(r.randint(1, 9))]
            new = "\n".join(new_lines)
            inp = {"file_path": path, "old_string": old, "new_string": new, "replace_all": False}
            self.files_touched.append(path)
            original = "\n".join(lines) + "\n"

            def finish(tid: str, au: str) -> None:
                snippet = "".join(f"{j + i + 1:>6}→{ln}\n" for j, ln in enumerate(lines[i : i + 10]))
                patch = [
                    {
                        "oldStart": i + 1,
                        "oldLines": old.count("\n") + 1,
                        "newStart": i + 1,
                        "newLines": len(new_lines),
                        "lines": [" " + lines[max(0, i - 1)]]
                        + ["-" + x for x in old.split("\n")]
                        + ["+" + x for x in new_lines],
                    }
                ]
                result = {
                    "filePath": path,
                    "oldString": old,
                    "newString": new,
                    "originalFile": original if scale > 0.5 else None,
                    "structuredPatch": patch,
                    "userModified": False,
                    "replaceAll": False,
                }
                self.tool_result(
                    tid,
                    au,
                    f"The file {path} has been updated. Here's the result of running "
                    f"`cat -n` on a snippet of the edited file:\n{snippet}",
                    result,
                )

            return "Edit", inp, finish
        if kind == "Write":
            path = f"{CWD}/src/atlas/{b.w()}/{b.ident()}.py"
            text = "\n".join(b.code_lines(r.randint(20, 120))) + "\n"
            self.files_touched.append(path)

            def finish(tid: str, au: str) -> None:
                self.tool_result(
                    tid,
                    au,
                    f"File created successfully at: {path}",
                    {"type": "create", "filePath": path, "content": text, "structuredPatch": [], "originalFile": None},
                )

            return "Write", {"file_path": path, "content": text}, finish
        if kind in ("Bash", "HugeBash"):
            huge = kind == "HugeBash"
            cmd = r.choice(
                (
                    "pytest -x -q",
                    "pytest tests/ -q --maxfail=20",
                    "npm run build",
                    "ruff check .",
                    "git log --stat -n 30",
                    "ls -la src/atlas",
                    "make lint test",
                    "cat logs/ingest.log",
                    "git diff --stat",
                    "python -m atlas.ingest --dry-run data/sample.jsonl",
                )
            )
            if huge:
                target = min(r.uniform(3, 10) * MB, 0.15 * self.size)
                n_out = int(target / 2)
                cmd = "cat logs/ingest-full.log"
            else:
                n_out = int(r.lognormvariate(7.2, 1.2) * scale)
                n_out = min(n_out, 30000)
            out = b.log_text(n_out) if n_out else ""
            long_running = r.random() < 0.6 and not huge and n_out > 400

            def finish(tid: str, au: str) -> None:
                if long_running:
                    steps = max(1, int(r.randint(2, 12) * min(1.0, scale)))
                    pscale = self.share("progress")
                    for s in range(1, steps + 1):
                        # fullOutput grows with the command's output (its last 12 KB at most)
                        end = int(len(out) * s / steps * min(1.0, 0.8 * pscale))
                        full = out[max(0, end - 12000) : end]
                        tail_lines = full.rsplit("\n", 5)[-5:]
                        self.progress(
                            {
                                "type": "bash_progress",
                                "output": "\n".join(tail_lines),
                                "fullOutput": full,
                                "elapsedTimeSeconds": s * 2,
                                "totalLines": full.count("\n"),
                                "totalBytes": len(full),
                            },
                            f"bash-progress-{s - 1}",
                            tid,
                        )
                result = {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}
                if r.random() < 0.2:
                    result["noOutputExpected"] = False
                self.tool_result(tid, au, out or "(Bash completed with no output)", result, is_error=r.random() < 0.05)

            return "Bash", {"command": cmd, "description": b.prose(30)[:60]}, finish
        if kind == "Grep":
            pattern = b.ident()
            n_lines = max(1, int(r.lognormvariate(3.2, 1.0) * scale))
            lines = [
                f"{r.choice(b.files).removeprefix(CWD + '/')}:{r.randint(1, 800)}:{b.code[r.randrange(len(b.code))]}"
                for _ in range(n_lines)
            ]
            content = "\n".join(lines)

            def finish(tid: str, au: str) -> None:
                self.tool_result(
                    tid,
                    au,
                    content,
                    {"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": n_lines},
                )

            return "Grep", {"pattern": pattern, "path": CWD, "output_mode": "content", "-n": True}, finish
        if kind == "Glob":
            names = r.sample(b.files, min(len(b.files), r.randint(3, 100)))

            def finish(tid: str, au: str) -> None:
                self.tool_result(
                    tid,
                    au,
                    "\n".join(names),
                    {"filenames": names, "durationMs": r.randint(2, 90), "numFiles": len(names), "truncated": False},
                )

            return "Glob", {"pattern": "**/*.py"}, finish
        if kind == "TodoWrite":
            old = [dict(t) for t in self.todos]
            if not self.todos or r.random() < 0.3:
                self.todos = [
                    {"content": b.prose(20)[:70], "status": "pending", "activeForm": b.prose(20)[:70]}
                    for _ in range(r.randint(3, 8))
                ]
            else:
                for t in self.todos:
                    if t["status"] != "completed":
                        t["status"] = "completed" if t["status"] == "in_progress" else "in_progress"
                        break
            new = [dict(t) for t in self.todos]

            def finish(tid: str, au: str) -> None:
                self.tool_result(
                    tid,
                    au,
                    "Todos have been modified successfully. Ensure that you continue to use "
                    "the todo list to track your progress.",
                    {"oldTodos": old, "newTodos": new},
                )

            return "TodoWrite", {"todos": new}, finish
        if kind == "Task":
            agent_id = f"{r.getrandbits(68):017x}"
            prompt = b.prose(r.randint(300, 1200))
            desc = b.prose(30)[:40]
            report = b.prose(r.randint(1500, 6000))

            def finish(tid: str, au: str) -> None:
                # the subagent's messages, nested in agent_progress records
                for _ in range(max(1, int(r.randint(2, 10) * min(1.0, scale)))):
                    inner_tool = self.api_id("toolu_01", 22)
                    if r.random() < 0.5:
                        nested = {
                            "type": "assistant",
                            "message": {
                                "model": MODEL,
                                "id": self.api_id("msg_01"),
                                "type": "message",
                                "role": "assistant",
                                "content": [
                                    {
                                        "type": "tool_use",
                                        "id": inner_tool,
                                        "name": "Read",
                                        "input": {"file_path": r.choice(b.files)},
                                    }
                                ],
                                "stop_reason": None,
                                "stop_sequence": None,
                                "usage": self.usage(r.randint(20, 400)),
                            },
                        }
                    else:
                        body = "".join(f"{i + 1:>6}→{ln}\n" for i, ln in enumerate(b.code_lines(r.randint(10, 120))))
                        nested = {
                            "type": "user",
                            "message": {
                                "role": "user",
                                "content": [{"tool_use_id": inner_tool, "type": "tool_result", "content": body}],
                            },
                        }
                    nested["uuid"] = str(self.uuid())
                    nested["timestamp"] = timestamp(self.now)
                    self.progress(
                        {
                            "message": nested,
                            "normalizedMessages": [],
                            "type": "agent_progress",
                            "prompt": prompt,
                            "agentId": agent_id,
                        },
                        self.api_id("agent_msg_01", 22),
                        tid,
                    )
                tokens, uses, dur = r.randint(9000, 90000), r.randint(3, 40), r.randint(20000, 400000)
                text = (
                    f"{report}\n\nagentId: {agent_id} (for resuming to continue this agent's work if needed)\n"
                    f"<usage>total_tokens: {tokens}\ntool_uses: {uses}\nduration_ms: {dur}</usage>"
                )
                self.tool_result(
                    tid,
                    au,
                    [{"type": "text", "text": text}],
                    {
                        "status": "completed",
                        "prompt": prompt,
                        "agentId": agent_id,
                        "content": [{"type": "text", "text": report}],
                        "totalDurationMs": dur,
                        "totalTokens": tokens,
                        "totalToolUseCount": uses,
                        "usage": self.usage(800),
                    },
                )

            return "Task", {"description": desc, "prompt": prompt, "subagent_type": "Explore"}, finish
        if kind in ("Screenshot", "ReadImage"):
            data, raw_len, w, h = r.choice(self.pngs)
            image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}
            if kind == "Screenshot":

                def finish(tid: str, au: str) -> None:
                    content = [
                        {
                            "type": "text",
                            "text": "### Ran Playwright code\n```js\nawait page.screenshot({ "
                            "fullPage: false });\n```\n### Result\nTook the viewport screenshot.",
                        },
                        image,
                    ]
                    self.tool_result(tid, au, content, content, category="screenshot")

                return "mcp__playwright__browser_take_screenshot", {"type": "png"}, finish
            path = f"{CWD}/docs/screenshots/{b.w()}-{r.randint(1, 40)}.png"

            def finish(tid: str, au: str) -> None:
                self.tool_result(
                    tid,
                    au,
                    [image],
                    {
                        "type": "image",
                        "file": {
                            "base64": data,
                            "type": "image/png",
                            "originalSize": raw_len,
                            "dimensions": {
                                "originalWidth": w,
                                "originalHeight": h,
                                "displayWidth": w,
                                "displayHeight": h,
                            },
                        },
                    },
                    category="screenshot",
                )

            return "Read", {"file_path": path}, finish
        raise ValueError(kind)

    # -- the session --------------------------------------------------------------------------------

    def compaction(self) -> None:
        r = self.rng
        self.system(
            "compact_boundary",
            {
                "content": "Conversation compacted",
                "level": "info",
                "compactMetadata": {
                    "trigger": "auto",
                    "preTokens": r.randint(155000, 170000),
                    "postTokens": r.randint(8000, 30000),
                    "durationMs": r.randint(30000, 120000),
                },
            },
            parent_null=True,
        )
        summary = (
            "This session is being continued from a previous conversation that ran out of context. The "
            "conversation is summarized below:\nAnalysis:\n"
            + self.banks.prose(r.randint(2500, 7000))
            + "\n\nSummary:\n1. Primary Request and Intent:\n"
            + self.banks.prose(r.randint(800, 2000))
            + "\n\n2. Key Technical Concepts:\n"
            + "\n".join(f"- {self.banks.ident()}" for _ in range(12))
        )
        self.human(summary, category="compact_summary", isVisibleInTranscriptOnly=True, isCompactSummary=True)
        self.next_compaction = self.written + r.uniform(8, 30) * MB

    def session_start(self) -> None:
        self.emit({"type": "permission-mode", "permissionMode": "acceptEdits", "sessionId": self.session_id}, "other")
        sid = str(self.uuid())
        self.hook_success(
            "SessionStart",
            "SessionStart:startup",
            sid,
            stdout='{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": '
            '"atlas dev session registered"}}\n',
        )
        self.attachment(
            {
                "type": "deferred_tools_delta",
                "addedNames": [
                    "AskUserQuestion",
                    "EnterPlanMode",
                    "ExitPlanMode",
                    "NotebookEdit",
                    "TaskOutput",
                    "TaskStop",
                    "WebFetch",
                    "WebSearch",
                    "mcp__playwright__browser_navigate",
                    "mcp__playwright__browser_take_screenshot",
                ],
                "addedLines": [],
                "removedNames": [],
            }
        )
        self.skill_listing(initial=True)

    def turn(self) -> None:
        r = self.rng
        self.prompt_id = str(self.uuid())
        self.messages_in_turn = 0
        self.hook_success("UserPromptSubmit", "UserPromptSubmit", str(self.uuid()))
        if r.random() < 0.4 * self.share("attachment"):
            self.skill_listing(initial=False)
        if self.todos and r.random() < 0.7 * self.share("attachment"):
            self.task_reminder()
        prompt = self.banks.fill(r.choice(PROMPTS))
        if r.random() < 0.35:
            prompt += "\n\n" + self.banks.prose(r.randint(100, 900))
        if r.random() < 0.05:
            self.human(
                "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n"
                "<command-args></command-args>",
                category="other",
            )
        uid = self.human(prompt)
        self.snapshot(uid)
        start = self.now
        for _ in range(r.randint(2, 14)):
            self.tool_call()
            if self.written >= self.size - 4096:  # the closing records fill the rest
                break
            if self.written >= self.next_compaction:
                self.compaction()
        self.assistant([self.text_block(200, 1200)], "end_turn")
        if r.random() < 0.5:
            self.system(
                "stop_hook_summary",
                {
                    "hookCount": 1,
                    "hookInfos": [{"command": "callback"}],
                    "hookErrors": [],
                    "preventedContinuation": False,
                    "stopReason": "",
                    "hasOutput": False,
                    "level": "suggestion",
                    "toolUseID": str(self.uuid()),
                },
            )
        ms = int((self.now - start).total_seconds() * 1000)
        self.system("turn_duration", {"durationMs": ms, "messageCount": self.messages_in_turn})
        if r.random() < 0.3:
            self.emit({"type": "last-prompt", "lastPrompt": prompt[:200], "sessionId": self.session_id}, "other")
        if r.random() < 0.04:
            self.human("[Request interrupted by user]", category="other")

    def run(self) -> None:
        self.session_start()
        self.emit(
            {"type": "ai-title", "title": "Streaming ingest and the flaky reader tests", "sessionId": self.session_id},
            "other",
        )
        while self.written < self.size - 4096:
            self.turn()

    def summary(self) -> dict:
        total = self.written
        return {
            "bytes": total,
            "signal_bytes": self.signal,
            "signal_share": round(self.signal / total, 4),
            "share_by_category": {k: round(v / total, 4) for k, v in self.bytes_by.items()},
            "records_by_category": self.records_by,
        }


# -- the screenshot-heavy shape -----------------------------------------------------------------------

IMAGES_PER_100MB = 270
PASTED_SHARE = 0.8  # pasted by the author (stored once); the rest come back from a tool (stored twice)
SECRETS_POOL = 420  # distinct fake secrets; ~440 flagged items on a real 100 MB UI-debugging day


def make_image(rng: random.Random, index: int) -> tuple[bytes, str, int, int]:
    """One distinct screenshot of 100-400 KB (most near the low end, as real ones): UI chrome and text, and a
    photo-like area (noise) sized so the file reaches its target; a third are JPEGs."""
    from PIL import Image, ImageDraw

    w, h = rng.choice(((1280, 800), (1440, 900), (1512, 982), (1920, 1080), (1024, 768)))
    target = int(rng.triangular(65, 290, 65) * 1024)  # Pillow's files land ~50 % above: 100-400 KB, mean ~210
    jpeg = index % 3 == 2
    img = Image.new("RGB", (w, h), (246, 247, 249))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 56), fill=(32 + index % 40, 36, 48))
    d.text((20, 20), f"atlas dashboard - view {index}", fill=(230, 230, 230))
    for y in range(90, h - 40, 26):
        d.text((280, y), " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))), fill=(20, 20, 20))
    # bytes per noise pixel: ~3 in a PNG, ~1.1 in a quality-85 JPEG (measured with Pillow)
    pixels = max(10_000, (target - 20_000) // (1.1 if jpeg else 3.0))
    nw = min(w - 300, int(pixels**0.5 * 1.4))
    nh = min(h - 80, int(pixels // nw))
    img.paste(Image.frombytes("RGB", (nw, nh), rng.randbytes(nw * nh * 3)), (w - nw - 10, h - nh - 10))
    buf = io.BytesIO()
    if jpeg:
        img.save(buf, format="JPEG", quality=85)
    else:
        img.save(buf, format="PNG", optimize=False, compress_level=1)
    return buf.getvalue(), "image/jpeg" if jpeg else "image/png", w, h


def make_secrets(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """(variable, value) pairs of fake credentials of the kinds real debugging output leaks; every value is
    random, none is a live credential."""
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    def chars(k: int, alphabet: str = alnum) -> str:
        return "".join(rng.choices(alphabet, k=k))

    makers = (
        lambda: ("GITHUB_TOKEN", "gh" + "p_" + chars(36)),
        lambda: ("AWS_ACCESS_KEY_ID", "AK" + "IA" + chars(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")),
        lambda: ("STRIPE_SECRET_KEY", "sk" + "_live_" + chars(24)),
        lambda: (
            "SLACK_BOT_TOKEN",
            "xo" + f"xb-{rng.randint(10**11, 10**12)}-{rng.randint(10**11, 10**12)}-" + chars(24),
        ),
        lambda: ("SUPPORT_EMAIL", f"{chars(6, 'abcdefghijklmnopqrstuvwxyz')}.{chars(5, 'abcdefghij')}@example-corp.io"),
        lambda: ("DATABASE_URL", f"postgres://atlas:{chars(20)}@db-{rng.randint(1, 9)}.internal:5432/atlas"),
    )
    return [makers[i % len(makers)]() for i in range(n)]


class ScreenshotGenerator(Generator):
    """A long UI-debugging day: ~270 distinct screenshots per 100 MB (pasted by the author or returned by a
    browser tool / a Read of a .png), ~30 compactions, and fake secrets in env dumps and logs."""

    targets = {  # noqa: RUF012 (read only, as the parent's)
        "tool_result": 0.07,
        "screenshot": 0.85,
        "progress": 0.02,
        "attachment": 0.01,
        "snapshot": 0.005,
    }

    def __init__(self, out, size: int, seed: int) -> None:
        super().__init__(out, size, seed)
        self.n_images = max(1, round(IMAGES_PER_100MB * size / (100 * MB)))
        self.images_made = 0
        self.next_image_at = self._image_slot(0)
        self.next_pasted = self.rng.random() < PASTED_SHARE
        self.secrets = make_secrets(self.rng, SECRETS_POOL)
        self.next_compaction = self.rng.uniform(1.5, 3.0) * MB if size >= 4 * MB else float("inf")
        self.huge_at = []  # no 3-10 MB Bash line: the images are this shape's bulk
        self.calls_in_turn = 0

    def turn(self) -> None:
        self.calls_in_turn = 0
        super().turn()

    def tool_call(self, kind: str | None = None) -> None:
        # short turns: look at the screenshot, change a thing or two, check (the parent's turns run 2-14 calls)
        self.calls_in_turn += 1
        if self.calls_in_turn <= 4 or kind is not None:
            super().tool_call(kind)

    def _image_slot(self, k: int) -> float:
        return (k + self.rng.uniform(0.1, 0.6)) * 0.97 * self.size / self.n_images

    def due(self, pasted: bool) -> bool:
        """An image is due here: its place in the file is reached and it comes this way."""
        if self.images_made >= self.n_images or self.written < self.next_image_at:
            return False
        return pasted == self.next_pasted

    def next_image(self) -> tuple[str, str, int, int, int]:
        data, media, w, h = make_image(self.rng, self.images_made)
        self.images_made += 1
        self.next_image_at = self._image_slot(self.images_made)
        self.next_pasted = self.rng.random() < PASTED_SHARE
        return base64.b64encode(data).decode("ascii"), media, len(data), w, h

    def pick_tool(self) -> str:
        if self.due(pasted=False) and self.size - self.written > 1 * MB:
            return "Screenshot" if self.rng.random() < 0.7 else "ReadImage"
        if self.huge_at and self.written >= self.huge_at[0]:
            self.huge_at.pop(0)
            return "HugeBash"
        return self.rng.choices(
            ("Read", "Edit", "Bash", "Grep", "Glob", "Write", "TodoWrite", "Task"), weights=(30, 18, 24, 10, 5, 4, 4, 3)
        )[0]

    def prepare(self, kind: str, tool_id: str):
        if kind in ("Screenshot", "ReadImage"):
            data, media, raw_len, w, h = self.next_image()
            self.pngs = [(data, raw_len, w, h)]  # the parent's tool shapes, with this one fresh image
            name, inp, finish = super().prepare(kind, tool_id)
            return name, inp, self._typed(finish, media)
        name, inp, finish = super().prepare(kind, tool_id)
        if name == "Bash" and isinstance(inp.get("command"), str) and self.rng.random() < 0.9:
            var, value = self.rng.choice(self.secrets)  # a credential on the command line: kept, so flagged
            inp["command"] = f"{var}={value} {inp['command']}"
        return name, inp, finish

    def _typed(self, finish, media: str):
        if media == "image/png":
            return finish

        def typed(tid: str, au: str) -> None:
            out = self.out
            buf = io.BytesIO()
            self.out = buf
            try:
                finish(tid, au)
            finally:
                self.out = out
            out.write(buf.getvalue().replace(b'"image/png"', b'"image/jpeg"'))

        return typed

    def tool_result(self, tool_use_id, assistant_uuid, content, result, category="tool_result", is_error=False):
        # env dumps and request logs carry the secrets a real debugging day leaks (≈3 in 5 outputs)
        if category == "tool_result" and isinstance(content, list) and self.rng.random() < 0.6:
            first = content[0] if content else None
            if isinstance(first, dict) and first.get("type") == "text":
                name, value = self.rng.choice(self.secrets)
                first["text"] = f"{first['text']}\n[debug] env {name}={value}\n"
        super().tool_result(tool_use_id, assistant_uuid, content, result, category, is_error)

    def human(self, text, category="human", **extra):
        if category == "human" and isinstance(text, str) and self.rng.random() < 0.5:
            var, value = self.rng.choice(self.secrets)  # pasted into a message while debugging
            text = f"{text}\n\nIt runs with {var}={value} on staging."
        if category == "human" and isinstance(text, str) and self.due(pasted=True):
            images = []
            while self.due(pasted=True) and len(images) < 3:  # up to three screenshots in one message
                data, media, _raw, _w, _h = self.next_image()
                images.append({"type": "image", "source": {"type": "base64", "media_type": media, "data": data}})
            marks = " ".join(f"[Image #{n}]" for n in range(1, len(images) + 1))
            content = [{"type": "text", "text": f"{text} {marks}"}, *images]
            uid = super().human(content, "screenshot", **extra)
            self.signal += len(text.encode())
            return uid
        return super().human(text, category, **extra)

    def compaction(self) -> None:
        super().compaction()
        self.next_compaction = self.written + self.rng.uniform(2.5, 4.0) * MB  # ~30 chapters per 100 MB

    def summary(self) -> dict:
        out = super().summary()
        out["images"] = self.images_made
        return out


def parse_size(text: str) -> int:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMG]?)B?\s*", text, re.IGNORECASE)
    if not m:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (try 150KB, 15MB, 1GB)")
    unit = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2).upper()]
    return int(float(m.group(1)) * unit)


SHAPES = ("tools", "screenshots")


def generate(size: int, out: Path, seed: int = 1, shape: str = "tools") -> dict:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    with tmp.open("wb", buffering=4 << 20) as fh:
        gen = (ScreenshotGenerator if shape == "screenshots" else Generator)(fh, size, seed)
        gen.run()
    tmp.replace(out)
    return gen.summary()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=parse_size, required=True, help="target size: 150KB, 15MB, 100MB, 1GB...")
    ap.add_argument("--out", type=Path, required=True, help="the .jsonl file to write")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stats", type=Path, help="also write the byte breakdown as JSON here")
    ap.add_argument(
        "--shape",
        choices=SHAPES,
        default="tools",
        help="tools: tool output dominates (default); screenshots: a UI-debugging day, ~270 distinct images per 100 MB",
    )
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    summary = generate(args.size, args.out, args.seed, args.shape)
    summary["seconds"] = round(time.perf_counter() - t0, 2)
    if args.stats:
        args.stats.parent.mkdir(parents=True, exist_ok=True)
        args.stats.write_text(json.dumps(summary, indent=2) + "\n")
    if not args.quiet:
        print(
            f"{args.out}: {summary['bytes'] / MB:.2f} MB in {summary['seconds']} s, "
            f"signal {100 * summary['signal_share']:.1f} %",
            file=sys.stderr,
        )
        for k, v in sorted(summary["share_by_category"].items(), key=lambda kv: -kv[1]):
            print(f"  {k:16s} {100 * v:5.1f} %  ({summary['records_by_category'].get(k, 0)} records)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
