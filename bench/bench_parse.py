"""Benchmark `retell parse` against the cost of just decoding the file, side by side, and say whether the
targets of issue 15 are met.

    python bench/bench_parse.py                          # 15MB and 100MB, startup, `retell list` if set up
    python bench/bench_parse.py --sizes 15MB,100MB,1GB   # the full run (~1.2 GB free disk, ~1 minute)

For each size, on a session made by bench/gen_session.py (cached in bench/data/, regenerated when the
generator changes):

  baseline  wall time to read the file line by line (binary, `for line in fh`) and orjson.loads every line,
            in this process: what decoding every line costs;
  parse     wall time of `retell parse FILE -o TMPDIR -q` as a subprocess (interpreter start included);
  ratio     parse / baseline (target <= 3 at 100 MB); `marginal` is the same less the fixed cost of a 150 KB
            parse;
  peak RSS  of the parse subprocess, from os.wait4's rusage for that one child (target <= 150 MB at 1 GB).

Then startup, each the best of 5 whole processes: `python -c "import typer"` (the yardstick), `retell
--help` and `retell parse` of a ~150 KB session (targets: each <= 3x the yardstick). Then, when
bench/data/config exists (bench/gen_config_dir.py), `retell list --all` on its 1,000 sessions, first run
and cached (bench_list.py; targets <= 1 s and <= 0.25 s).

The page cache is warmed (the file read once) before anything is timed. Runs alternate (baseline, parse,
baseline, parse...) and the best of each is kept: 3 runs up to 200 MB, 1 above. Python files are compiled
first (`compileall`), as a wheel install does: a checkout run with PYTHONDONTWRITEBYTECODE would otherwise
compile retell's modules on every start.

Prints a table and the targets met or missed, and writes bench/out/results.json (exit 1 when a target is
missed). Generated files of 1 GB or more are deleted after their measurement unless --keep-data (they take
~10 s to regenerate). --profile adds a cProfile of one parse of the largest size to bench/out/profile-<size>.txt.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
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

TARGET_RATIO = 3.0  # parse / baseline, at 100 MB
RATIO_SIZE = "100MB"
TARGET_RSS_MB_AT_1GB = 150
TARGET_STARTUP_RATIO = 3.0  # `retell --help` and a 150 KB parse, each against `python -c "import typer"`
TARGET_LIST_FIRST_S = 1.0
TARGET_LIST_CACHED_S = 0.25
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


def compile_retell() -> None:
    """Byte-compile retell as installing a wheel does, so every timed start reads cached bytecode."""
    import compileall

    compileall.compile_dir(str(HERE.parent / "retell"), quiet=1)


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
    b, p = min(base_runs), min(parse_runs)
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
    """Best of `runs` whole processes each, alternating: the yardstick, `retell --help`, a 150 KB parse."""
    path, _ = session_file(SMALL_SIZE, seed)
    warm(path)
    typer_runs, help_runs, small_runs = [], [], []
    for _ in range(runs):
        typer_runs.append(run_child([sys.executable, "-c", "import typer"])[0])
        help_runs.append(run_child([*retell_command(), "--help"])[0])
        small_runs.append(parse_once(path)[0])
    typer_s, help_s, small_s = min(typer_runs), min(help_runs), min(small_runs)
    return {
        "import_typer_s": round(typer_s, 3),
        "import_typer_runs_s": [round(x, 3) for x in typer_runs],
        "help_s": round(help_s, 3),
        "help_runs_s": [round(x, 3) for x in help_runs],
        "help_ratio": round(help_s / typer_s, 2),
        "small_parse_s": round(small_s, 3),
        "small_parse_runs_s": [round(x, 3) for x in small_runs],
        "small_parse_ratio": round(small_s / typer_s, 2),
        "small_file": str(path.relative_to(HERE.parent)),
        "small_bytes": path.stat().st_size,
    }


def measure_list() -> dict | None:
    """`retell list --all` on bench/data/config (bench_list.py), or None when it was not generated."""
    config = DATA / "config"
    if not (config / "projects").is_dir():
        print("  (no bench/data/config: run bench/gen_config_dir.py to time `retell list`)", file=sys.stderr)
        return None
    import bench_list

    return bench_list.run(config.resolve(), runs=5, cold_runs=3)


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


def verdicts(results: dict) -> list[tuple[str, str, bool]]:
    """(what, figure against target, met) for every target this run measured."""
    found: list[tuple[str, str, bool]] = []
    for r in results["sizes"]:
        if r["size"] == RATIO_SIZE:
            found.append(
                (
                    f"parse {r['size']} / baseline",
                    f"{r['ratio']:.2f}x ({r['parse_s']:.3f} s / {r['baseline_s']:.3f} s), target <= {TARGET_RATIO:g}x",
                    r["ratio"] <= TARGET_RATIO,
                )
            )
        if r["bytes"] >= BIG_FILE:
            found.append(
                (
                    f"peak RSS at {r['size']}",
                    f"{r['peak_rss_mb']:.0f} MB, target <= {TARGET_RSS_MB_AT_1GB} MB",
                    r["peak_rss_mb"] <= TARGET_RSS_MB_AT_1GB,
                )
            )
    s = results.get("startup")
    if s:
        yardstick = f"`import typer` {s['import_typer_s']:.3f} s"
        for name, key in (("retell --help", "help"), (f"parse {s['small_bytes'] / 1024:.0f} KB", "small_parse")):
            found.append(
                (
                    f"{name} / import typer",
                    f"{s[key + '_ratio']:.2f}x ({s[key + '_s']:.3f} s / {yardstick}), "
                    f"target <= {TARGET_STARTUP_RATIO:g}x",
                    s[key + "_ratio"] <= TARGET_STARTUP_RATIO,
                )
            )
    listing = results.get("list")
    if listing:
        first, cached = listing["first_run"]["cli_s"], listing["cached_run"]["cli_s"]
        sessions = listing["config"]["sessions"]
        found.append(
            (
                f"retell list --all, first run ({sessions:,} sessions)",
                f"{first:.3f} s, target <= {TARGET_LIST_FIRST_S:g} s",
                first <= TARGET_LIST_FIRST_S,
            )
        )
        found.append(
            (
                "retell list --all, cached",
                f"{cached:.3f} s, target <= {TARGET_LIST_CACHED_S:g} s",
                cached <= TARGET_LIST_CACHED_S,
            )
        )
    return found


def table(results: dict) -> str:
    rows = [("size", "MB", "baseline s", "parse s", "ratio", "marginal", "peak RSS MB", "parse MB/s")]
    for r in results["sizes"]:
        rows.append(
            (
                r["size"],
                f"{r['bytes'] / MB:.0f}",
                f"{r['baseline_s']:.3f}",
                f"{r['parse_s']:.3f}",
                f"{r['ratio']:.2f}",
                f"{r['marginal_ratio']:.2f}" if "marginal_ratio" in r else "-",
                f"{r['peak_rss_mb']:.0f}",
                f"{r['parse_mb_per_s']:.0f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("(best of the runs; marginal = (parse - the 150 KB parse) / baseline: the ratio without start-up)")
    s = results.get("startup")
    if s:
        lines.append("")
        n = len(s["help_runs_s"])
        lines.append(f"python -c 'import typer'  {s['import_typer_s']:.3f} s (best of {n})")
        lines.append(f"retell --help             {s['help_s']:.3f} s (best of {n})")
        lines.append(f"parse {s['small_bytes'] / 1024:.0f} KB session       {s['small_parse_s']:.3f} s (best of {n})")
    listing = results.get("list")
    if listing:
        lines.append("")
        lines.append(
            f"retell list --all ({listing['config']['sessions']:,} sessions): "
            f"first run {listing['first_run']['cli_s']:.3f} s, "
            f"cached {listing['cached_run']['cli_s']:.3f} s (medians)"
        )
    lines.append("")
    lines.append(f"load average at the start: {' '.join(f'{x:.2f}' for x in results['load_average_start'])}")
    lines.append("")
    for what, figure, met in verdicts(results):
        lines.append(f"{'met   ' if met else 'MISSED'}  {what}: {figure}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="15MB,100MB", help="comma-separated sizes (default: 15MB,100MB)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, help="runs per size (default: 3 up to 200 MB, 1 above)")
    ap.add_argument("--no-startup", action="store_true", help="skip the --help / 150 KB startup timings")
    ap.add_argument("--no-list", action="store_true", help="skip `retell list --all` (bench_list.py)")
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
        "targets": {
            "ratio_at_100mb": TARGET_RATIO,
            "peak_rss_mb_at_1gb": TARGET_RSS_MB_AT_1GB,
            "startup_ratio": TARGET_STARTUP_RATIO,
            "list_first_s": TARGET_LIST_FIRST_S,
            "list_cached_s": TARGET_LIST_CACHED_S,
        },
        "sizes": [],
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    other_load = OtherLoad()
    OUT.mkdir(parents=True, exist_ok=True)
    compile_retell()
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
    if not args.no_list:
        listing = measure_list()
        if listing is not None:
            results["list"] = listing
    results["other_processes_cores"] = round(other_load.cores(), 2)
    results["verdicts"] = [{"target": w, "figure": f, "met": m} for w, f, m in verdicts(results)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))
    if results["other_processes_cores"] > 0.2:
        print(
            f"\nwarning: other processes kept {results['other_processes_cores']:.2f} cores busy during the run; "
            "the wall times are likely inflated"
        )
    print(f"\nwrote {args.out}")
    return 0 if all(v["met"] for v in results["verdicts"]) else 1


if __name__ == "__main__":
    sys.exit(main())
