"""Profile one `retell parse`, the forked children included (py-spy hangs on the reading child).

    python bench/profile_parse.py SESSION [--one-core] [--sample] [--out bench/out/prof]

Parses in this process (the same `parse_to_workdir` the CLI calls). Each forked child (the reading child, a
scanning child) gets a profiler of its own from the fork on, written when it exits, so each file holds one
process's work: `<out>-parent.txt` and `<out>-child-<pid>.txt`; and each process's CPU, and for a child when it
started and how long it lived, are printed (a stealing scan child killed half way writes nothing).

By default cProfile (sorted by internal time, then by cumulative): exact call counts, but it slows Python code
2-3x and not C code, so the shares it shows are not the CPU's. `--sample` instead samples the stack every
millisecond of CPU (SIGPROF) and weighs each sample by the CPU used since the one before, so a long C call
(a base64 decode, a file write) counts in full, for the Python function that made it: the self and inclusive
CPU of each function. `--one-core` forbids forks (`cores.can_fork`), so that all the work is in one profile.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import os
import pstats
import signal
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

from retell import cores
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir

_STARTED = time.perf_counter()


def _write(profile: cProfile.Profile, path: Path) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(45)
    stats.sort_stats("cumulative").print_stats(60)
    path.write_text(out.getvalue())


class Sampler:
    """CPU-weighted stack samples of this process (re-armed in a forked child: timers are not inherited)."""

    def __init__(self) -> None:
        self.stacks: collections.defaultdict[tuple[str, ...], float] = collections.defaultdict(float)
        self.last = time.process_time()

    def enable(self) -> None:
        self.stacks.clear()
        self.last = time.process_time()
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)

    def disable(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        now = time.process_time()
        stack = []
        while frame is not None:
            code = frame.f_code
            stack.append(f"{Path(code.co_filename).name}:{code.co_firstlineno}({code.co_name})")
            frame = frame.f_back
        self.stacks[tuple(stack)] += now - self.last
        self.last = now

    def write(self, path: Path) -> None:
        own: collections.defaultdict[str, float] = collections.defaultdict(float)
        inclusive: collections.defaultdict[str, float] = collections.defaultdict(float)
        for stack, cpu in self.stacks.items():
            if stack:
                own[stack[0]] += cpu
            for name in set(stack):
                inclusive[name] += cpu
        lines = [f"{sum(self.stacks.values()):.3f} s of CPU sampled", "", "self:"]
        lines += [f"{cpu:8.3f} {name}" for name, cpu in sorted(own.items(), key=lambda x: -x[1])[:50]]
        lines += ["", "inclusive:"]
        lines += [f"{cpu:8.3f} {name}" for name, cpu in sorted(inclusive.items(), key=lambda x: -x[1])[:100]]
        path.write_text("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("session", type=Path)
    ap.add_argument("--one-core", action="store_true")
    ap.add_argument("--sample", action="store_true", help="CPU-weighted stack samples instead of cProfile")
    ap.add_argument("--out", type=Path, default=Path("bench/out/prof"))
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.one_core:
        cores.can_fork = lambda: False
    sampler = Sampler() if args.sample else None
    profile = cProfile.Profile()
    real_exit = os._exit
    current: dict[str, object] = {"profile": profile, "child": False}

    def in_child() -> None:
        if sampler is not None:
            sampler.enable()
        else:
            current["profile"].disable()  # type: ignore[attr-defined]
            current["profile"] = cProfile.Profile()
            current["profile"].enable()  # type: ignore[attr-defined]
        current["child"] = True
        current["started"] = time.perf_counter()
        current["cpu"] = time.process_time()

    def exiting(code: int) -> None:
        if current["child"]:
            cpu = time.process_time() - current["cpu"]  # type: ignore[operator]
            lived = time.perf_counter() - current["started"]  # type: ignore[operator]
            path = Path(f"{args.out}-child-{os.getpid()}.txt")
            if sampler is not None:
                sampler.disable()
                sampler.write(path)
            else:
                current["profile"].disable()  # type: ignore[attr-defined]
                _write(current["profile"], path)  # type: ignore[arg-type]
            started = current["started"] - _STARTED  # type: ignore[operator]
            sys.stderr.write(f"child {os.getpid()}: {cpu:.2f} s cpu, started at {started:.2f} s, lived {lived:.2f} s\n")
        real_exit(code)

    os.register_at_fork(after_in_child=in_child)
    os._exit = exiting  # type: ignore[assignment]
    with tempfile.TemporaryDirectory(prefix="retell-prof-") as tmp:
        t0, c0 = time.perf_counter(), time.process_time()
        if sampler is not None:
            sampler.enable()
        else:
            profile.enable()
        parse_to_workdir([SessionRef(args.session, args.session.stem)], Path(tmp) / "w", ParseOptions())
        if sampler is not None:
            sampler.disable()
        else:
            profile.disable()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    if sampler is not None:
        sampler.write(Path(f"{args.out}-parent.txt"))
    else:
        _write(profile, Path(f"{args.out}-parent.txt"))
    times = os.times()
    children = times.children_user + times.children_system
    print(f"parent: {wall:.2f} s wall, {cpu:.2f} s cpu; children {children:.2f} s cpu; load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
