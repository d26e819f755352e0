"""Benchmark `retell parse` against the cost of just decoding the file, side by side.

    python bench/bench_parse.py                          # 15MB and 100MB
    python bench/bench_parse.py --sizes 15MB,100MB,1GB   # the full run (~1.2 GB free disk, ~1 minute)

For each size, on a session made by bench/gen_session.py (cached in bench/data/, regenerated when the
generator changes):

  baseline  wall time to read the file line by line (binary, `for line in fh`) and orjson.loads every line,
            in this process: the floor for any Python parser of the format;
  parse     wall time of `retell parse FILE -o TMPDIR -q` as a subprocess (interpreter start included);
  ratio     parse / baseline (target <= 1.5); `marginal` is the same less the fixed cost of a 150 KB parse;
  peak RSS  of the parse subprocess, from os.wait4's rusage for that one child (target <= 150 MB at 1 GB).

Then startup: `retell --help` and `retell parse` of a ~150 KB session, median of 5 each (targets < 0.3 s).
The page cache is warmed (the file read once) before anything is timed. Runs are interleaved
(baseline, parse, baseline, parse...) and the median is kept: 3 runs up to 200 MB, 1 above.

Prints a table and writes bench/out/results.json. Generated files of 1 GB or more are deleted after their
measurement unless --keep-data (they take ~10 s to regenerate). --profile adds a cProfile of one parse of
the largest size to bench/out/profile-<size>.txt.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen_session  # noqa: E402

DATA = HERE / "data"
OUT = HERE / "out"
MB = 1 << 20

TARGET_RATIO = 1.5
TARGET_RSS_MB_AT_1GB = 150
TARGET_STARTUP_S = 0.3
SMALL_SIZE = "150KB"
BIG_FILE = 1 << 30  # generated files this big are deleted after use unless --keep-data


def retell_command() -> list[str]:
    beside = Path(sys.executable).parent / "retell"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("retell")
    if found:
        return [found]
    return [sys.executable, "-m", "retell"]


def session_file(size_text: str, seed: int) -> tuple[Path, dict | None]:
    """The generated session for (size, seed), made if missing or older than the generator."""
    size = gen_session.parse_size(size_text)
    path = DATA / f"session-{size_text}-seed{seed}.jsonl"
    stats_path = path.with_suffix(".stats.json")
    gen_mtime = Path(gen_session.__file__).stat().st_mtime
    if path.exists() and path.stat().st_mtime >= gen_mtime and stats_path.exists():
        return path, json.loads(stats_path.read_text())
    print(f"generating {path.relative_to(HERE.parent)} ({size_text}, seed {seed})...", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    stats = gen_session.generate(size, path, seed)
    stats["seconds"] = round(time.perf_counter() - t0, 2)
    stats_path.write_text(json.dumps(stats, indent=2) + "\n")
    return path, stats


def warm(path: Path) -> None:
    with path.open("rb") as fh:
        while fh.read(16 << 20):
            pass


def baseline(path: Path) -> float:
    """Read line by line and decode every line: what retell parse is compared with."""
    loads = orjson.loads
    t0 = time.perf_counter()
    with path.open("rb") as fh:
        for line in fh:
            with contextlib.suppress(orjson.JSONDecodeError):
                loads(line)
    return time.perf_counter() - t0


def run_child(cmd: list[str]) -> tuple[float, float, int, bytes]:
    """(wall seconds, peak RSS in MB, exit code, stderr) of one child process, its own rusage only."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read() if proc.stderr else b""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)  # keep Popen from waiting again
    if proc.stderr:
        proc.stderr.close()
    return wall, usage.ru_maxrss / 1024, proc.returncode, err


def parse_once(path: Path) -> tuple[float, float, dict | None]:
    with tempfile.TemporaryDirectory(prefix="retell-bench-") as tmp:
        work = Path(tmp) / "work"
        wall, rss, code, err = run_child([*retell_command(), "parse", str(path), "-o", str(work), "-q"])
        if code != 0:
            raise SystemExit(f"retell parse {path} failed (exit {code}):\n{err.decode(errors='replace')[-2000:]}")
        manifest = orjson.loads((work / "manifest.json").read_bytes())
    return wall, rss, manifest


def measure_size(size_text: str, seed: int, runs: int | None) -> dict:
    path, gen_stats = session_file(size_text, seed)
    nbytes = path.stat().st_size
    n = runs or (3 if nbytes <= 200 * MB else 1)
    warm(path)
    base_runs: list[float] = []
    parse_runs: list[float] = []
    rss_runs: list[float] = []
    manifest: dict | None = None
    for i in range(n):
        base_runs.append(baseline(path))
        wall, rss, manifest = parse_once(path)
        parse_runs.append(wall)
        rss_runs.append(rss)
        print(
            f"  {size_text} run {i + 1}/{n}: baseline {base_runs[-1]:.3f} s, parse {wall:.3f} s, peak RSS {rss:.0f} MB",
            file=sys.stderr,
            flush=True,
        )
    b, p = statistics.median(base_runs), statistics.median(parse_runs)
    assert manifest is not None
    return {
        "size": size_text,
        "file": str(path.relative_to(HERE.parent)),
        "bytes": nbytes,
        "seed": seed,
        "runs": n,
        "baseline_s": round(b, 3),
        "baseline_runs_s": [round(x, 3) for x in base_runs],
        "baseline_mb_per_s": round(nbytes / MB / b, 1),
        "parse_s": round(p, 3),
        "parse_runs_s": [round(x, 3) for x in parse_runs],
        "parse_mb_per_s": round(nbytes / MB / p, 1),
        "ratio": round(p / b, 2),
        "peak_rss_mb": round(max(rss_runs), 1),
        "generator": gen_stats,
        "parsed": {
            "events": manifest.get("counts", {}).get("events"),
            "signal_ratio": manifest.get("sizes", {}).get("signal_ratio"),
            "skipped_unparsed": manifest.get("records", {}).get("skipped_unparsed"),
            "images": manifest.get("counts", {}).get("images"),
            "chapters": manifest.get("counts", {}).get("chapters"),
        },
    }


def measure_startup(seed: int, runs: int = 5) -> dict:
    path, _ = session_file(SMALL_SIZE, seed)
    warm(path)
    help_runs = [run_child([*retell_command(), "--help"])[0] for _ in range(runs)]
    small_runs = [parse_once(path)[0] for _ in range(runs)]
    return {
        "help_s": round(statistics.median(help_runs), 3),
        "help_runs_s": [round(x, 3) for x in help_runs],
        "small_parse_s": round(statistics.median(small_runs), 3),
        "small_parse_runs_s": [round(x, 3) for x in small_runs],
        "small_file": str(path.relative_to(HERE.parent)),
        "small_bytes": path.stat().st_size,
    }


def profile(path: Path, size_text: str) -> Path:
    """cProfile one parse (in a child, sorted by cumulative time) into bench/out/profile-<size>.txt."""
    with tempfile.TemporaryDirectory(prefix="retell-bench-") as tmp:
        cmd = [
            sys.executable,
            "-m",
            "cProfile",
            "-s",
            "cumtime",
            "-m",
            "retell",
            "parse",
            str(path),
            "-o",
            str(Path(tmp) / "work"),
            "-q",
        ]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    target = OUT / f"profile-{size_text}.txt"
    target.write_text("\n".join(out.splitlines()[:60]) + "\n")
    return target


def machine() -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "mem_gb": mem, "os": platform.platform()}


class OtherLoad:
    """CPU time other processes used while the benchmark ran (they skew wall times on 2 cores)."""

    def __init__(self) -> None:
        self.t0, self.busy0, self.ours0 = time.perf_counter(), self._busy(), self._ours()

    @staticmethod
    def _busy() -> float:
        try:
            fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
        except (OSError, ValueError):
            return 0.0
        user, nice, system, _idle, _iowait, irq, softirq, steal = fields
        return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _ours() -> float:
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    def cores(self) -> float:
        """Average number of cores kept busy by everything but this benchmark and its children."""
        wall = time.perf_counter() - self.t0
        others = (self._busy() - self.busy0) - (self._ours() - self.ours0)
        return max(0.0, others / wall) if wall > 0 else 0.0


def wait_idle(limit_s: float) -> float:
    """Wait (at most limit_s) until other processes use under 0.25 cores over 5 s; return the seconds waited."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit_s:
        probe = OtherLoad()
        time.sleep(5)
        if probe.cores() < 0.25:
            break
    return time.perf_counter() - t0


def versions() -> dict:
    try:
        from importlib.metadata import version

        retell_version = version("retell")
    except Exception:
        retell_version = None
    return {"python": platform.python_version(), "orjson": orjson.__version__, "retell": retell_version}


def table(results: dict) -> str:
    rows = [("size", "MB", "baseline s", "parse s", "ratio", "marginal", "peak RSS MB", "parse MB/s")]
    for r in results["sizes"]:
        rows.append(
            (
                r["size"],
                f"{r['bytes'] / MB:.0f}",
                f"{r['baseline_s']:.3f}",
                f"{r['parse_s']:.3f}",
                f"{r['ratio']:.2f}" + ("" if r["ratio"] <= TARGET_RATIO else " !"),
                f"{r['marginal_ratio']:.2f}" if "marginal_ratio" in r else "-",
                f"{r['peak_rss_mb']:.0f}"
                + ("" if r["bytes"] < BIG_FILE or r["peak_rss_mb"] <= TARGET_RSS_MB_AT_1GB else " !"),
                f"{r['parse_mb_per_s']:.0f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    s = results.get("startup")
    if s:
        lines.append("")
        lines.append(
            f"retell --help        {s['help_s']:.3f} s (median of {len(s['help_runs_s'])})"
            + ("" if s["help_s"] < TARGET_STARTUP_S else "  !")
        )
        lines.append(
            f"parse {s['small_bytes'] / 1024:.0f} KB session  {s['small_parse_s']:.3f} s "
            f"(median of {len(s['small_parse_runs_s'])})" + ("" if s["small_parse_s"] < TARGET_STARTUP_S else "  !")
        )
    lines.append("")
    lines.append(
        f"targets: ratio <= {TARGET_RATIO}, peak RSS <= {TARGET_RSS_MB_AT_1GB} MB at 1 GB, "
        f"startup < {TARGET_STARTUP_S} s ('!' marks a miss)"
    )
    lines.append("marginal = (parse - the 150 KB parse) / baseline: the ratio without interpreter start and imports")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="15MB,100MB", help="comma-separated sizes (default: 15MB,100MB)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, help="runs per size (default: 3 up to 200 MB, 1 above)")
    ap.add_argument("--no-startup", action="store_true", help="skip the --help / 150 KB startup timings")
    ap.add_argument("--keep-data", action="store_true", help="keep generated files of 1 GB and more")
    ap.add_argument("--profile", action="store_true", help="cProfile one parse of the largest size")
    ap.add_argument("--out", type=Path, default=OUT / "results.json")
    ap.add_argument("--wait-idle", type=float, default=0, metavar="S", help="first wait up to S s for an idle machine")
    args = ap.parse_args(argv)

    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    if args.wait_idle > 0:
        waited = wait_idle(args.wait_idle)
        print(f"waited {waited:.0f} s for an idle machine", file=sys.stderr, flush=True)
    results: dict = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "versions": versions(),
        "command": [*retell_command(), "parse", "FILE", "-o", "TMPDIR", "-q"],
        "targets": {"ratio": TARGET_RATIO, "peak_rss_mb_at_1gb": TARGET_RSS_MB_AT_1GB, "startup_s": TARGET_STARTUP_S},
        "sizes": [],
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    other_load = OtherLoad()
    OUT.mkdir(parents=True, exist_ok=True)
    if not args.no_startup:
        results["startup"] = measure_startup(args.seed)
    fixed = results.get("startup", {}).get("small_parse_s")
    for i, size_text in enumerate(sizes):
        entry = measure_size(size_text, args.seed, args.runs)
        if fixed is not None:  # what the file itself costs: parse time less the fixed cost of a tiny parse
            entry["marginal_ratio"] = round(max(0.0, entry["parse_s"] - fixed) / entry["baseline_s"], 2)
        results["sizes"].append(entry)
        path = HERE.parent / entry["file"]
        if args.profile and i == len(sizes) - 1:
            entry["profile"] = str(profile(path, size_text).relative_to(HERE.parent))
        if entry["bytes"] >= BIG_FILE and not args.keep_data:
            path.unlink()
            print(f"  deleted {entry['file']} (--keep-data keeps it)", file=sys.stderr)
    results["other_processes_cores"] = round(other_load.cores(), 2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))
    if results["other_processes_cores"] > 0.2:
        print(
            f"\nwarning: other processes kept {results['other_processes_cores']:.2f} cores busy during the run; "
            "the wall times are likely inflated"
        )
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
