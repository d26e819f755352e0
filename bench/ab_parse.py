"""`retell parse` of one session by two (or more) builds, alternating, each run next to a fresh floor.

    python bench/ab_parse.py --session bench/data/screenshots-100MB-seed7.jsonl \
        --retell "main=env PYTHONPATH=/tmp/main-checkout .venv/bin/python -m retell" \
        --retell "branch=env PYTHONPATH=. .venv/bin/python -m retell" --rounds 5

On a busy machine the floor (read + `orjson.loads` of every line, as bench_parse.py) moves from one minute to
the next, so each parse is divided by the floor measured just before it; the builds take turns going first.
Prints, per build, the medians of the wall time, the CPU time (user + system, the reading child included) and
the ratio, and the load average. Run it from a folder where `retell` is not importable from the current
directory (the PYTHONPATH of each command then decides which retell runs).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_stages import floor  # noqa: E402


def parse_once(command: list[str], session: Path) -> tuple[float, float]:
    """(wall, cpu) of one `retell parse` into an empty folder."""
    with tempfile.TemporaryDirectory(prefix="retell-ab-") as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([*command, "parse", str(session), "-o", str(Path(tmp) / "w"), "-q"], check=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--session", type=Path, required=True)
    ap.add_argument("--retell", action="append", required=True, metavar="LABEL=COMMAND")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    builds = [(label, command.split()) for label, _, command in (s.partition("=") for s in args.retell)]
    rows: dict[str, list[tuple[float, float, float, float]]] = {label: [] for label, _ in builds}
    for n in range(args.rounds):
        order = builds if n % 2 == 0 else builds[::-1]
        for label, command in order:
            base = floor(args.session)
            load = os.getloadavg()[0]
            wall, cpu = parse_once(command, args.session)
            rows[label].append((wall, cpu, wall / base, load))
            print(f"round {n + 1} {label}: {wall:.2f} s, cpu {cpu:.2f} s, floor {base:.2f} s, load {load:.1f}")
    print("\n| build | parse s (median) | cpu s | parse / floor | load |\n| --- | --- | --- | --- | --- |")
    for label, runs in rows.items():
        wall, cpu, ratio, load = (statistics.median(r[i] for r in runs) for i in range(4))
        print(f"| {label} | {wall:.2f} | {cpu:.2f} | {ratio:.1f}x | {load:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
