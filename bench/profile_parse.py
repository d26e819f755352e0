"""cProfile of one `retell parse`, the forked children included (py-spy hangs on the reading child).

    python bench/profile_parse.py SESSION [--one-core] [--out bench/out/prof]

Parses in this process (the same `parse_to_workdir` the CLI calls) under cProfile; each forked child (the
reading child, a scanning child) gets a profiler of its own from the fork on, written when it exits, so each
file holds one process's work: `<out>-parent.txt` and `<out>-child-<pid>.txt` (sorted by internal time, then
by cumulative). `--one-core` forbids forks (`cores.can_fork`), so that all the work is in one profile.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

from retell import cores
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir


def _write(profile: cProfile.Profile, path: Path) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(45)
    stats.sort_stats("cumulative").print_stats(60)
    path.write_text(out.getvalue())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("session", type=Path)
    ap.add_argument("--one-core", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("bench/out/prof"))
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.one_core:
        cores.can_fork = lambda: False  # type: ignore[assignment]
    profile = cProfile.Profile()
    real_exit = os._exit
    current = {"profile": profile, "child": False}

    def in_child() -> None:
        current["profile"].disable()
        current["profile"] = cProfile.Profile()
        current["child"] = True
        current["started"] = time.process_time()
        current["profile"].enable()

    def exiting(code: int) -> None:
        if current["child"]:
            current["profile"].disable()
            cpu = time.process_time() - current["started"]
            _write(current["profile"], Path(f"{args.out}-child-{os.getpid()}.txt"))
            sys.stderr.write(f"child {os.getpid()}: {cpu:.2f} s cpu\n")
        real_exit(code)

    os.register_at_fork(after_in_child=in_child)
    os._exit = exiting  # type: ignore[assignment]
    with tempfile.TemporaryDirectory(prefix="retell-prof-") as tmp:
        t0, c0 = time.perf_counter(), time.process_time()
        profile.enable()
        parse_to_workdir([SessionRef(args.session, args.session.stem)], Path(tmp) / "w", ParseOptions())
        profile.disable()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    _write(profile, Path(f"{args.out}-parent.txt"))
    times = os.times()
    children = times.children_user + times.children_system
    print(f"parent: {wall:.2f} s wall, {cpu:.2f} s cpu; children {children:.2f} s cpu")
    return 0


if __name__ == "__main__":
    sys.exit(main())
