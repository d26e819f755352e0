"""The blind evaluation: secrets and personal data planted in real transcript shapes by someone who never saw
the detector, put through retell's real path, and counted where a reader or a request would see them.

    python bench/secrets/bench_blind.py bench/secrets/blind/dev.jsonl
    python bench/secrets/bench_blind.py bench/secrets/blind/dev.jsonl --show       # the misses (not a holdout)
    python bench/secrets/bench_blind.py bench/secrets/blind/holdout3.jsonl --show --show-holdout  # one tuned on
    cd /work/main && .venv/bin/python /path/to/bench_blind.py FILE               # retell as it is on main
    python bench/secrets/bench_blind.py FILE --detector-only     # the detector alone: seconds, counts per family

Each line of FILE (format in bench/secrets/blind/README.md) is one case: its `text` is placed in a session
according to its `shape` (user_message: the author's first message; bash_command: a Bash tool call's
command; file_write: a Write's content; file_edit: an Edit's new_string; tool_output: a Bash call's result;
assistant_text: Claude's answer), between an ordinary opening and ending. The session goes through
`retell run --yes --engine offline` (parse, triage with every flag redacted, outline, draft, render behind
the publish gate) and the anthropic engine's `--dry-run` of outline and draft (every request built and
guarded, nothing sent). What a reader or a request sees: the cleared view's texts (what every model request
is made from), the rendered post (as written and as shown), and the dry-run prompts.

For a planted case (its `secret`):
- shown: retell keeps the text that holds it (a Write's content or a tool's output is never told);
- redacted whole: shown, and no part of it is left;
- partial: a fragment of 4+ characters of it is left (8+ for long values), one that occurs nowhere else
  in the case's text and is not in what retell writes for the same case without the value;
- leaked: all of it is left;
- blocked: the guard or the gate stopped the run (nothing left the machine, but the post cannot be made).
The end-to-end recall is redacted whole / shown. The detector's recall is measured on the text itself,
whatever the shape: every character of the secret inside a finding of the scanner.

For a clean case: a false positive is any flag (a manifest entry) in the session's kept texts, or a block;
the detector's false positive is any finding in the text itself.

The interpreter's retell is measured (the one `import retell` finds), so the same file measures any
checkout. `--show` prints the cases themselves and refuses a holdout file unless `--show-holdout` says so as
well: a holdout set is only counted until it is given up to tuning (round six tuned on every set up to
holdout3; holdout4 is held out).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SESSION = "b11d0000-0000-4000-8000-000000000022"
CWD = "/workspace/app"
MODEL = "claude-sonnet-4-5-20250929"
OPENING = "Let's pick up the app where we left off: the deploy step still fails on the staging box."
ENDING = "Thanks, that fixed it. Let's write this up."


# -- a session around one case ------------------------------------------------------------------------


@dataclass
class Session:
    records: list[dict[str, Any]] = field(default_factory=list)
    last: str | None = None
    n: int = 0

    def _next_id(self, kind: str) -> str:
        self.n += 1
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{kind}/{self.n}"))

    def _base(self, rtype: str, message: dict[str, Any]) -> None:
        uid = self._next_id("uuid")
        self.records.append(
            {
                "parentUuid": self.last,
                "isSidechain": False,
                "userType": "external",
                "cwd": CWD,
                "sessionId": SESSION,
                "version": "2.1.20",
                "gitBranch": "main",
                "type": rtype,
                "message": message,
                "uuid": uid,
                "timestamp": f"2026-01-05T10:{self.n // 60:02d}:{self.n % 60:02d}.000Z",
            }
        )
        self.last = uid

    def user(self, content: Any) -> None:
        self._base("user", {"role": "user", "content": content})

    def assistant(self, *blocks: dict[str, Any]) -> None:
        usage = {"input_tokens": 4, "output_tokens": 10, "cache_read_input_tokens": 0}
        message = {"id": "msg_" + self._next_id("msg").replace("-", "")[:24], "type": "message", "role": "assistant"}
        message.update({"model": MODEL, "content": list(blocks), "stop_reason": None, "usage": usage})
        self._base("assistant", message)

    def say(self, text: str) -> None:
        self.assistant({"type": "text", "text": text})

    def tool(self, name: str, tool_input: dict[str, Any], result: str) -> None:
        tool_id = "toolu_" + self._next_id("tool").replace("-", "")[:24]
        self.assistant({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input})
        self.user([{"tool_use_id": tool_id, "type": "tool_result", "content": result}])


def session_for(shape: str, text: str) -> list[dict[str, Any]]:
    s = Session()
    s.user(text if shape == "user_message" else OPENING)
    s.say("Let me look at how the app is configured and deployed.")
    if shape == "bash_command":
        s.tool("Bash", {"command": text, "description": "Run the step"}, "done")
    elif shape == "file_write":
        s.tool("Write", {"file_path": f"{CWD}/config/settings.env", "content": text}, "File created successfully")
    elif shape == "file_edit":
        edit = {"file_path": f"{CWD}/config/settings.env", "old_string": "# settings", "new_string": text}
        s.tool("Edit", edit, "The file has been updated.")
    elif shape == "tool_output":
        s.tool("Bash", {"command": "./scripts/deploy.sh --verbose", "description": "Deploy"}, text)
    elif shape == "assistant_text":
        s.say(text)
    s.say("The deploy step works now: the service starts and answers on its health check.")
    s.user(ENDING)
    s.say("Glad it works. I kept the change small.")
    return s.records


# -- one run of retell --------------------------------------------------------------------------------


@dataclass
class Outcome:
    seen: list[str]  # every text a reader or a request sees
    kept: list[str]  # the session's texts retell keeps (events.json), before any redaction
    flags: int  # entries in manifest.json
    blocked: str | None  # the message of a guard or gate that stopped the run


def run_retell(records: list[dict[str, Any]], folder: Path) -> Outcome:
    from typer.testing import CliRunner

    from retell.cli import app

    session = folder / "claude" / "projects" / "-workspace-app" / f"{SESSION}.jsonl"
    session.parent.mkdir(parents=True)
    session.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    work = folder / "W"
    runner = CliRunner()
    blocked = None
    steps = [
        ["run", str(session), "--yes", "--engine", "offline", "-o", str(work), "-q"],
        ["outline", str(work), "--engine", "anthropic", "--dry-run", "-q"],
        ["draft", str(work), "--engine", "anthropic", "--dry-run", "-q"],
    ]
    for args in steps:
        result = runner.invoke(app, args)
        if result.exit_code != 0:
            message = " ".join(str(result.output or result.exception).split())
            if re.search(r"secret|publish gate|not cleared", message, re.I):
                blocked = message
                break
            raise RuntimeError(f"retell {args[0]} failed: {message[:500]}")
    seen = cleared_texts(work)
    for path in [*(work / "post").rglob("*.md"), *(work / "llm" / "dry-run").glob("*.prompt.md")]:
        text = path.read_text(encoding="utf-8")
        seen.append(text)
        if path.suffix == ".md" and "post" in path.parts:
            seen.append(shown(text))
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
    return Outcome(seen, list(strings(events)), len(manifest.get("pii_warnings", [])), blocked)


def cleared_texts(work: Path) -> list[str]:
    """Every text of the cleared view: what outline, draft and any engine are given."""
    from retell.triage.stage import require_approved

    try:
        _triage, _parsed, view = require_approved(work)
    except Exception:
        return []
    return list(strings(view.to_dict()))


def shown(markdown: str) -> str:
    """The characters a reader of the post sees for escaped Markdown text."""
    import html

    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown))


def strings(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


# -- counting -----------------------------------------------------------------------------------------


def fragments(secret: str) -> set[str]:
    """The windows of a secret that count as a part of it left over."""
    width = 8 if len(secret) >= 16 else 4
    lines = [line for line in re.split(r"\\n|\n", secret) if line]  # a key's body is judged line by line
    return {line[i : i + width] for line in lines for i in range(len(line) - width + 1) if len(line) >= width}


def left_over(secret: str, seen: list[str], text: str) -> set[str]:
    """Fragments of `secret` in what is seen that occur nowhere else in the case's text."""
    rest = text.replace(secret, "\0")
    joined = re.sub(r"\[REDACTED:[\w.-]+\]", "", "\n".join(seen))  # what retell writes instead is not a part
    return {f for f in fragments(secret) if f in joined and f not in rest and not f.isspace()}


def detector_covers(scanner: Any, text: str, secret: str) -> str:
    """whole | partial | missed: how much of every occurrence of `secret` in `text` the scanner flags."""
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    total = flagged = 0
    start = text.find(secret)
    while start >= 0:
        for pos in range(start, start + len(secret)):
            total += 1
            flagged += any(a <= pos < b for a, b in spans)
        start = text.find(secret, start + 1)
    return "whole" if total and flagged == total else ("partial" if flagged else "missed")


def evaluate_detector(case: dict[str, Any], scanner: Any) -> dict[str, Any]:
    """The detector alone on the case's text: no session, no retell run (fast, for tuning rounds)."""
    text, secret = case["text"], case["secret"]
    row: dict[str, Any] = {"id": case["id"], "family": case["family"], "shape": case["shape"], "kind": case["kind"]}
    if secret is None:
        found = scanner.scan(text)
        row["detector"] = "flagged" if found else "clean"
        row["detector_kinds"] = sorted({f.kind for f in found})
    else:
        row["detector"] = detector_covers(scanner, text, secret)
    row["status"] = {"whole": "redacted", "clean": "clean"}.get(row["detector"], row["detector"])
    return row


def report_detector(rows: list[dict[str, Any]]) -> str:
    planted = [r for r in rows if r["kind"] != "clean"]
    clean = [r for r in rows if r["kind"] == "clean"]
    head = f"{'family':<18} {'planted':>7} {'whole':>5} {'partial':>7} {'missed':>6} {'recall':>6} | "
    head += f"{'clean':>5} {'FP':>3}"
    out = [head, "-" * len(head)]
    for family in [*sorted({r["family"] for r in rows}), "all"]:
        p = Counter(r["detector"] for r in planted if family in ("all", r["family"]))
        c = Counter(r["detector"] for r in clean if family in ("all", r["family"]))
        n = sum(p.values())
        if family == "all":
            out.append("-" * len(head))
        out.append(
            f"{family:<18} {n:>7} {p['whole']:>5} {p['partial']:>7} {p['missed']:>6} {p['whole'] / max(1, n):>6.2f} | "
            f"{sum(c.values()):>5} {c['flagged']:>3}"
        )
    return "\n".join(out)


def evaluate(case: dict[str, Any], scanner: Any) -> dict[str, Any]:
    text, secret = case["text"], case["secret"]
    with tempfile.TemporaryDirectory() as tmp:
        outcome = run_retell(session_for(case["shape"], text), Path(tmp))
    row: dict[str, Any] = {"id": case["id"], "family": case["family"], "shape": case["shape"], "kind": case["kind"]}
    found = scanner.scan(text)
    if secret is None:
        row["status"] = "blocked" if outcome.blocked else ("flagged" if outcome.flags else "clean")
        row["detector"] = "flagged" if found else "clean"
        row["detector_kinds"] = sorted({f.kind for f in found})
        row["blocked"] = outcome.blocked
        return row
    row["detector"] = detector_covers(scanner, text, secret)
    row["shown"] = any(secret in t for t in outcome.kept) or any(
        f in t for t in outcome.kept for f in fragments(secret) if f not in text.replace(secret, "\0")
    )
    joined = "\n".join(outcome.seen)
    if outcome.blocked:
        row["status"] = "blocked"
        row["blocked"] = outcome.blocked
    elif secret in joined:
        row["status"] = "leaked"
    else:
        leftover = left_over(secret, outcome.seen, text)
        if leftover:  # a fragment retell would write anyway (boilerplate) is not the secret's
            control_text = text.replace(secret, "Q" * len(secret))
            with tempfile.TemporaryDirectory() as tmp:
                control = run_retell(session_for(case["shape"], control_text), Path(tmp))
            leftover -= {f for f in leftover if f in "\n".join(control.seen)}
        row["status"] = "partial" if leftover else ("redacted" if row["shown"] else "not shown")
    return row


# -- the report ---------------------------------------------------------------------------------------


def report(rows: list[dict[str, Any]]) -> str:
    planted = [r for r in rows if r["kind"] != "clean"]
    clean = [r for r in rows if r["kind"] == "clean"]
    out = []
    head = (
        f"{'family':<18} {'planted':>7} {'shown':>5} {'whole':>5} {'partial':>7} {'leaked':>6} {'blocked':>7} "
        f"{'e2e recall':>10} {'detector':>8} | {'clean':>5} {'FP e2e':>6} {'FP det.':>7}"
    )
    out += [head, "-" * len(head)]
    families = sorted({r["family"] for r in rows})
    for family in [*families, "all"]:
        p = [r for r in planted if family in ("all", r["family"])]
        c = [r for r in clean if family in ("all", r["family"])]
        status = Counter(r["status"] for r in p)
        shown_n = sum(1 for r in p if r["status"] != "not shown")
        detected = sum(1 for r in p if r["detector"] == "whole")
        recall = status["redacted"] / shown_n if shown_n else float("nan")
        fp = sum(1 for r in c if r["status"] != "clean")
        fp_det = sum(1 for r in c if r["detector"] != "clean")
        if family == "all":
            out.append("-" * len(head))
        out.append(
            f"{family:<18} {len(p):>7} {shown_n:>5} {status['redacted']:>5} {status['partial']:>7} "
            f"{status['leaked']:>6} {status['blocked']:>7} {recall:>10.2f} {detected / max(1, len(p)):>8.2f} | "
            f"{len(c):>5} {fp / max(1, len(c)):>6.1%} {fp_det / max(1, len(c)):>7.1%}"
        )
    out.append("")
    out.append(
        "by shape (planted): " + ", ".join(_shape_line(planted, s) for s in sorted({r["shape"] for r in planted}))
    )
    return "\n".join(out)


def _shape_line(planted: list[dict[str, Any]], shape: str) -> str:
    p = [r for r in planted if r["shape"] == shape]
    status = Counter(r["status"] for r in p)
    return f"{shape} {status['redacted']}/{len(p) - status['not shown']} whole ({status['not shown']} not shown)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", type=Path, help="a blind set (JSON lines)")
    parser.add_argument("--show", action="store_true", help="print the misses and false positives (not on holdout)")
    parser.add_argument(
        "--show-holdout",
        action="store_true",
        help="with --show, print a holdout set's cases too: only once it is no longer held out (it has been tuned on)",
    )
    parser.add_argument("--json", type=Path, help="write every case's outcome here (ids and counts, no text)")
    parser.add_argument("--only", help="only the cases of this family")
    parser.add_argument(
        "--detector-only", action="store_true", help="the detector alone on each case's text (no retell run: fast)"
    )
    args = parser.parse_args()
    if args.show and "holdout" in args.cases.name and not args.show_holdout:
        raise SystemExit(
            "--show prints the cases: a holdout set is only counted, never read (--show-holdout if it is tuned on)"
        )
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "RETELL_CLAUDE"):
        os.environ.pop(name, None)
    home = Path(tempfile.mkdtemp(prefix="retell-blind-"))
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    os.environ["XDG_CACHE_HOME"] = str(home / "cache")
    os.environ["CLAUDE_CONFIG_DIR"] = str(home / "claude")
    cases = [json.loads(line) for line in args.cases.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.only:
        cases = [c for c in cases if c["family"] == args.only]
    import retell
    from retell.secrets import Scanner

    scanner = Scanner()
    started = time.perf_counter()
    judge = evaluate_detector if args.detector_only else evaluate
    rows = [judge(case, scanner) for case in cases]
    print(f"{args.cases} ({len(cases)} cases), retell from {Path(retell.__file__).parent}")
    print(report_detector(rows) if args.detector_only else report(rows))
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    if args.show:
        by_id = {c["id"]: c for c in cases}
        for row in rows:
            bad = row["status"] in ("partial", "leaked", "blocked", "flagged") or row["detector"] in (
                "partial",
                "missed",
                "flagged",
            )
            if bad:
                case = by_id[row["id"]]
                print(
                    f"\n== {row['id']} {row['family']} {row['shape']} status={row['status']} detector={row['detector']}"
                )
                if row.get("detector_kinds"):
                    print("   kinds:", row["detector_kinds"])
                if row.get("blocked"):
                    print("   blocked:", row["blocked"][:300])
                print("   secret:", repr(case["secret"]))
                print("   " + case["text"][:600].replace("\n", "\n   "))


if __name__ == "__main__":
    main()
