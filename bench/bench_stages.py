"""Time each stage of `retell run --yes --engine offline` on a generated session, next to the floor.

    python bench/bench_stages.py                                   # 100 MB screenshot-heavy shape, this checkout
    python bench/bench_stages.py --retell main=/work/main/.venv/bin/retell --retell branch=.venv/bin/retell --runs 3

Each `--retell LABEL=COMMAND` is run in turn, alternating (main, branch, main, branch...), so a busy host slows
both alike; every run starts from an empty work folder. The stage times are the ones `retell run` prints
(parse, triage, outline, draft, render); `total` is the wall time of the whole command (interpreter start
included), `cpu` the CPU time it used (user + system, its reading child included): on a busy machine the wall
times grow with the load, the CPU time much less. The floor is reading the file line by line and
`orjson.loads` of every line in this process.
The post's words, sections and images are counted from the rendered index.md. The load average before
each run is recorded: other processes on a shared machine make every figure slower.

`--peer LABEL=TEMPLATE` (repeatable) times another converter of the same file in the same rounds, alternating
with retell; `{session}` and `{out}` in the template are the session file and an empty output folder:

    --peer "claude-code-transcripts=claude-code-transcripts json {session} -o {out}"
    --peer "claude-code-log=claude-code-log convert {session} -o {out}/post.md --format md --no-cache"
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen_session  # noqa: E402

DATA = HERE / "data"
OUT = HERE / "out"
STAGES = ("parse", "triage", "outline", "draft", "render")
_STAGE_LINE = re.compile(r"^(parse|triage|outline|draft|render)\s+([\d.]+) s", re.M)


def session_file(size_text: str, shape: str, seed: int) -> Path:
    """The generated session, cached; made again when gen_session.py is newer than it."""
    path = DATA / f"{shape}-{size_text}-seed{seed}.jsonl"
    if not path.exists() or path.stat().st_mtime < Path(gen_session.__file__).stat().st_mtime:
        print(f"generating {path.name}...", file=sys.stderr)
        gen_session.generate(gen_session.parse_size(size_text), path, seed, shape)
    return path


def floor(path: Path) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        with path.open("rb") as fh:
            for line in fh:
                if line.strip():
                    orjson.loads(line)
        best = min(best, time.perf_counter() - started)
    return best


def post_figures(post_dir: Path) -> dict[str, int]:
    index = next(post_dir.glob("*/index.md"), None) or next(post_dir.glob("*.md"), None)
    if index is None:
        return {}
    text = index.read_text(encoding="utf-8")
    body = text.split("\n---\n", 1)[-1]
    body = re.sub(r"<!--.*?-->", " ", body, flags=re.S)
    return {
        "words": len([w for w in body.split() if any(ch.isalnum() for ch in w)]),
        "sections": len(re.findall(r"^## ", body, re.M)),
        "images": len(re.findall(r"!\[[^\]]*\]\(", body)),
    }


def run_once(command: list[str], session: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="retell-stages-") as tmp:
        work = Path(tmp) / "w"
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
        for name in ("ANTHROPIC_API_KEY", "RETELL_MODEL"):
            env.pop(name, None)
        load = os.getloadavg()[0]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            [*command, "run", str(session), "-o", str(work), "--yes", "--engine", "offline"],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        total = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
        stages = {m.group(1): float(m.group(2)) for m in _STAGE_LINE.finditer(done.stderr + done.stdout)}
        return {"total": total, "cpu": cpu, "stages": stages, "load": load, **post_figures(work / "post")}


def run_peer(template: str, session: Path) -> dict:
    """One run of another converter: its wall and CPU time (it has no stages retell would recognise)."""
    with tempfile.TemporaryDirectory(prefix="retell-peer-") as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        command = [part.format(session=session, out=out) for part in template.split()]
        load = os.getloadavg()[0]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
        total = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return {"total": total, "cpu": cpu, "stages": {}, "load": load, "peer": True}


def table(rows: list[dict], floor_s: float) -> str:
    tail = " | total s | cpu s | parse / floor | words | sections | images | load |"
    head = "| retell | " + " | ".join(STAGES) + tail
    lines = [head, "|" + " --- |" * (len(STAGES) + 9)]
    for row in rows:
        if row.get("peer"):
            blank = " | ".join("" for _ in STAGES)
            lines.append(
                f"| {row['label']} (peer) | {blank} | {row['total']:.2f} | {row['cpu']:.2f} | "
                f"{row['total'] / floor_s:.1f}x (whole run) | | | | {row['load']:.1f} |"
            )
            continue
        stages = " | ".join(f"{row['stages'].get(s, float('nan')):.2f}" for s in STAGES)
        lines.append(
            f"| {row['label']} | {stages} | {row['total']:.2f} | {row['cpu']:.2f} | "
            f"{row['stages'].get('parse', 0) / floor_s:.1f}x | "
            f"{row.get('words', 0):,} | {row.get('sections', 0)} | {row.get('images', 0)} | {row['load']:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="100MB")
    ap.add_argument("--shape", choices=gen_session.SHAPES, default="screenshots")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--session", type=Path, help="time this .jsonl instead of a generated one")
    ap.add_argument("--retell", action="append", metavar="LABEL=COMMAND", help="default: this checkout's retell")
    ap.add_argument("--peer", action="append", default=[], metavar="LABEL=TEMPLATE", help="another converter to time")
    ap.add_argument("--runs", type=int, default=1, help="runs of each retell, alternating")
    ap.add_argument("--out", type=Path, default=OUT / "stages.json")
    args = ap.parse_args(argv)
    commands = []
    for spec in args.retell or [f"this={shutil.which('retell') or 'retell'}"]:
        label, _, command = spec.partition("=")
        commands.append((label, command.split()))
    session = args.session or session_file(args.size, args.shape, args.seed)
    size_mb = session.stat().st_size / 2**20
    floor_s = floor(session)
    rows = []
    for n in range(args.runs):
        for label, command in commands:
            row = {"label": label, "run": n + 1, **run_once(command, session)}
            rows.append(row)
            print(f"{label} run {n + 1}: {row['total']:.2f} s {row['stages']}", file=sys.stderr)
        for spec in args.peer:
            label, _, template = spec.partition("=")
            row = {"label": label, "run": n + 1, **run_peer(template, session)}
            rows.append(row)
            print(f"{label} run {n + 1}: {row['total']:.2f} s", file=sys.stderr)
    text = f"{session.name}: {size_mb:.1f} MB, floor {floor_s:.2f} s\n\n{table(rows, floor_s)}"
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"session": str(session), "floor": floor_s, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
