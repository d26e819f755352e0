"""Are clean real sessions ever blocked by the secret guard or the publish gate?

    python bench/secrets/corpus_runs.py                      # every session of ../shared/corpus
    python bench/secrets/corpus_runs.py --limit 10 --json out.json

Each real session goes through `retell run --yes --engine offline` (parse, triage with every secret redacted,
outline, draft, render behind the publish gate), then through the anthropic engine's `--dry-run` of `outline`
and `draft` (every request is built and passed through the request guard; nothing is sent, and without a
key the dry run only estimates tokens). A session counts as blocked when any step exits non-zero with a
secret or gate message: with every flagged value redacted, such a stop is retell's own false alarm (the
author has nothing left to clear).

The commands run with the interpreter this script runs with, from the current directory's checkout
(`python -m retell`), so `cd /work/main && .venv/bin/python /path/to/corpus_runs.py` measures main.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1].parent / "shared" / "corpus"
BLOCKING = ("secret", "publish gate", "not cleared")


def sessions(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*.jsonl") if "subagents" not in p.parts and p.stat().st_size > 0)


def retell(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "retell", *args], capture_output=True, text=True, env=env, timeout=600, check=False
    )


def run_one(session: Path, env: dict[str, str]) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        steps = [
            ("run offline", ["run", str(session), "--yes", "--engine", "offline", "-o", str(work), "-q"]),
            ("outline dry-run", ["outline", str(work), "--engine", "anthropic", "--dry-run", "-q"]),
            ("draft dry-run", ["draft", str(work), "--engine", "anthropic", "--dry-run", "-q"]),
        ]
        for name, args in steps:
            done = retell(args, env)
            if done.returncode != 0:
                message = (done.stderr.strip() or done.stdout.strip()).splitlines()
                text = message[-1] if message else ""
                blocked = any(word in text.lower() for word in BLOCKING)
                return {"session": str(session), "step": name, "blocked": blocked, "error": text[:500]}
    return {"session": str(session), "step": None, "blocked": False, "error": ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write every session's outcome here")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        raise SystemExit(f"{args.corpus}: no corpus")
    env = dict(os.environ)
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "RETELL_CLAUDE"):
        env.pop(name, None)
    found = sessions(args.corpus)[: args.limit or None]
    started = time.perf_counter()
    outcomes = []
    for i, session in enumerate(found, 1):
        outcome = run_one(session, env)
        outcomes.append(outcome)
        if outcome["step"]:
            flag = "BLOCKED" if outcome["blocked"] else "failed"
            print(f"[{i}/{len(found)}] {flag} at {outcome['step']}: {session.name}: {outcome['error']}", flush=True)
    blocked = [o for o in outcomes if o["blocked"]]
    failed = [o for o in outcomes if o["step"] and not o["blocked"]]
    print(
        f"{len(found)} sessions: {len(blocked)} blocked by a secret or the publish gate, {len(failed)} failed "
        f"otherwise, {len(found) - len(blocked) - len(failed)} published and dry-run clean "
        f"({time.perf_counter() - started:.0f} s)"
    )
    if args.json:
        args.json.write_text(json.dumps(outcomes, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
