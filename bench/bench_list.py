"""Benchmark `retell list --all` on a synthetic config dir: a first run (cold cache), then cached runs.

    python bench/gen_config_dir.py --sessions 1000 --out bench/data/config   # once
    python bench/bench_list.py [--config bench/data/config] [--runs 5] [--archive]

Measures (medians; every first run gets a fresh cache dir):
- in process: `list_sessions(ListQuery(all_projects=True))` wall time, and the bytes it read per file (a
  ReadMeter counts every read the listing makes: session heads and tails, old-layout agent heads, indexes);
- as a user runs it: `retell list --all` in a subprocess (interpreter start and imports included).
The OS page cache is warm (the generator just wrote the files), so the first run measures retell, not the disk.
The baseline lists with no retell archive. `--archive` also measures (issue 28): keeping every session in an
archive as the SessionEnd hook does (the time per session); listing with that archive beside the live
sessions (every one kept), then with the older half deleted by "Claude Code" (listed from the archive only);
and `--grep` on every session's text, first (the text index built) and cached.
Writes bench/out/list.json and prints a table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parents[1]


NO_ARCHIVE = Path(tempfile.gettempdir()) / "retell-bench-no-archive"  # never created: the baseline has none


def _in_process(
    config: Path, cache_home: Path, archive: Path = NO_ARCHIVE, grep: str | None = None
) -> tuple[float, Any]:
    os.environ["CLAUDE_CONFIG_DIR"] = str(config)
    os.environ["XDG_CACHE_HOME"] = str(cache_home)
    from retell.discover.headtail import ReadMeter
    from retell.discover.listing import ListQuery, list_sessions

    meter = ReadMeter()
    started = time.perf_counter()
    listing = list_sessions(ListQuery(all_projects=True, grep=grep), meter=meter, archive=archive)
    return time.perf_counter() - started, (listing, meter)


def _cli(config: Path, cache_home: Path, archive: Path = NO_ARCHIVE, *args: str) -> float:
    env = {
        **os.environ,
        "CLAUDE_CONFIG_DIR": str(config),
        "XDG_CACHE_HOME": str(cache_home),
        "XDG_DATA_HOME": str(cache_home / "data"),  # the cleanup warning's marker
        "RETELL_ARCHIVE_DIR": str(archive),
        "COLUMNS": "120",
    }
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "retell", "list", "--all", *args], env=env, check=True, capture_output=True, cwd=REPO
    )
    return time.perf_counter() - started


def _session_stats(config: Path) -> tuple[int, int]:
    files = [p for p in (config / "projects").glob("*/*.jsonl") if not p.name.startswith("agent-")]
    return len(files), sum(p.stat().st_size for p in files)


def run(config: Path, runs: int, cold_runs: int) -> dict[str, Any]:
    import retell.discover.listing  # noqa: F401  (imports are not what the in-process figures measure)

    sessions, total_bytes = _session_stats(config)
    with tempfile.TemporaryDirectory(prefix="retell-bench-") as tmp:
        caches = [Path(tmp, f"cold-{i}") for i in range(cold_runs)]
        cold = [_in_process(config, cache) for cache in caches]
        first_s = [seconds for seconds, _ in cold]
        listing, meter = cold[0][1]
        cached_s = [_in_process(config, caches[0])[0] for _ in range(runs)]
        cli_caches = [Path(tmp, f"cli-{i}") for i in range(cold_runs)]
        cli_first = [_cli(config, cache) for cache in cli_caches]
        cli_cached = [_cli(config, cli_caches[0]) for _ in range(runs)]
        cache_bytes = (caches[0] / "retell" / "list.json").stat().st_size
    per_session = [n for path, n in meter.per_file.items() if path.endswith(".jsonl") and "/agent-" not in path]
    return {
        "date": date.today().isoformat(),
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "config": {"sessions": sessions, "bytes": total_bytes, "listed": listing.sessions},
        "first_run": {
            "in_process_s": round(statistics.median(first_s), 3),
            "cli_s": round(statistics.median(cli_first), 3),
            "runs": cold_runs,
            "rows_from": listing.sources,
        },
        "cached_run": {
            "in_process_s": round(statistics.median(cached_s), 3),
            "cli_s": round(statistics.median(cli_cached), 3),
            "cli_max_s": round(max(cli_cached), 3),
            "runs": runs,
            "cache_file_bytes": cache_bytes,
        },
        "bytes_read": {
            "total": meter.bytes,
            "session_files_read": len(per_session),
            "per_session_file_mean": round(statistics.mean(per_session)) if per_session else 0,
            "per_session_file_max": max(per_session, default=0),
            "per_session_file_min": min(per_session, default=0),
            "agent_heads": sum(n for p, n in meter.per_file.items() if "/agent-" in p),
            "indexes": sum(n for p, n in meter.per_file.items() if p.endswith("sessions-index.json")),
            "share_of_config": round(meter.bytes / total_bytes, 5) if total_bytes else 0.0,
        },
    }


SCENARIOS = ("no archive", "every session kept", "older half deleted")


def run_archive(config: Path, runs: int, cold_runs: int, grep: str) -> dict[str, Any]:
    """Listing without and with retell's archive (every session kept; then the older half gone from Claude
    Code's folder, listed from the archive only), measured in interleaved rounds so that a busy host's drift
    falls on every scenario alike; then --grep."""
    from retell.archive.store import keep_session
    from retell.claude.locate import session_files
    from retell.discover.listing import ListQuery, list_sessions

    live = sorted(
        (p for folder in sorted((config / "projects").iterdir()) for p in session_files(folder)),
        key=lambda p: p.stat().st_mtime_ns,
    )
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="retell-bench-archive-", dir=config.parent) as tmp:
        archive = Path(tmp, "archive")
        took = []
        for path in live:  # what the SessionEnd hook does at the end of each session
            started = time.perf_counter()
            keep_session(path, archive)
            took.append(time.perf_counter() - started)
        out["keep_per_session_s"] = {
            "median": round(statistics.median(took), 4),
            "p95": round(sorted(took)[int(len(took) * 0.95)], 4),
            "max": round(max(took), 4),
        }
        stash = Path(tmp, "deleted")
        older = live[: len(live) // 2]

        def state(name: str) -> Path:
            """Put the folders in the scenario's state; returns the archive to list with."""
            deleted = name == "older half deleted"
            for path in older:  # Claude Code's cleanup, undone for the other scenarios
                gone = stash / path.parent.name / path.name
                if deleted and path.exists():
                    gone.parent.mkdir(parents=True, exist_ok=True)
                    path.rename(gone)
                elif not deleted and gone.exists():
                    gone.rename(path)
            return NO_ARCHIVE if name == "no archive" else archive

        figures: dict[str, dict[str, list[float]]] = {
            n: {k: [] for k in ("first", "first_cli", "cached", "cached_cli")} for n in SCENARIOS
        }
        rows: dict[str, dict[str, int]] = {}
        try:
            for i in range(cold_runs):
                for name in SCENARIOS:
                    where = state(name)
                    figures[name]["first"].append(_in_process(config, Path(tmp, f"{name}-{i}"), where)[0])
                    figures[name]["first_cli"].append(_cli(config, Path(tmp, f"{name}-cli-{i}"), where))
            for _ in range(runs):
                for name in SCENARIOS:
                    where = state(name)
                    figures[name]["cached"].append(_in_process(config, Path(tmp, f"{name}-0"), where)[0])
                    figures[name]["cached_cli"].append(_cli(config, Path(tmp, f"{name}-cli-0"), where))
            for name in SCENARIOS:
                where = state(name)
                os.environ["XDG_CACHE_HOME"] = str(Path(tmp, f"{name}-0"))
                every = list_sessions(ListQuery(all_projects=True, limit=0), archive=where).rows
                rows[name] = {"rows": len(every), "archive_only": sum(r.archived == "archive-only" for r in every)}
            state("every session kept")
            caches = Path(tmp, "grep")
            first_s, (listing, _) = _in_process(config, caches, archive, grep)
            cached = [_in_process(config, caches, archive, grep)[0] for _ in range(runs)]
            cached_cli = [_cli(config, caches, archive, "--grep", grep) for _ in range(runs)]
        finally:
            state("every session kept")
        out["scenarios"] = {
            name: {**rows[name], **{k: round(statistics.median(v), 3) for k, v in figures[name].items()}}
            for name in SCENARIOS
        }
        out["grep"] = {
            "phrase": grep,
            "matched": listing.matched,
            "first_in_process_s": round(first_s, 3),
            "cached_in_process_s": round(statistics.median(cached), 3),
            "cached_cli_s": round(statistics.median(cached_cli), 3),
            "text_index_bytes": (caches / "retell" / "text.sqlite").stat().st_size,
        }
    return out


def render_archive(result: dict[str, Any]) -> str:
    k, g = result["keep_per_session_s"], result["grep"]
    lines = [
        f"keep one session (the hook's work)  median {k['median'] * 1000:.1f} ms, p95 {k['p95'] * 1000:.1f} ms, "
        f"max {k['max'] * 1000:.1f} ms"
    ]
    for name, r in result["scenarios"].items():
        lines.append(
            f"{name:<35}  first {r['first']:.3f} s in process / {r['first_cli']:.3f} s CLI; cached "
            f"{r['cached']:.3f} s / {r['cached_cli']:.3f} s ({r['rows']:,} rows, {r['archive_only']:,} archive-only)"
        )
    lines.append(
        f"{'--grep ' + repr(g['phrase']):<35}  first {g['first_in_process_s']:.3f} s (text index built), cached "
        f"{g['cached_in_process_s']:.3f} s in process / {g['cached_cli_s']:.3f} s CLI ({g['matched']} matched; "
        f"index {g['text_index_bytes'] / (1 << 20):,.1f} MB)"
    )
    return "\n".join(lines)


def render(result: dict[str, Any]) -> str:
    mb = 1 << 20
    c, f, k, b = result["config"], result["first_run"], result["cached_run"], result["bytes_read"]
    rows = [
        ("config dir", f"{c['sessions']:,} sessions, {c['bytes'] / mb:,.0f} MB"),
        ("first run (median)", f"{f['in_process_s']:.3f} s in process, {f['cli_s']:.3f} s `retell list --all`"),
        (
            "cached run (median)",
            f"{k['in_process_s']:.3f} s in process, {k['cli_s']:.3f} s `retell list --all` "
            f"(slowest {k['cli_max_s']:.3f} s)",
        ),
        ("bytes read, first run", f"{b['total'] / mb:,.1f} MB ({b['share_of_config'] * 100:.2f} % of the config dir)"),
        (
            "per session file",
            f"mean {b['per_session_file_mean'] / 1024:,.1f} KB, max {b['per_session_file_max'] / 1024:,.1f} KB "
            f"({b['session_files_read']:,} files read; the rest came from sessions-index.json)",
        ),
        ("cache file", f"{k['cache_file_bytes'] / 1024:,.0f} KB"),
    ]
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label:<{width}}  {value}" for label, value in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, default=REPO / "bench" / "data" / "config")
    parser.add_argument("--runs", type=int, default=5, help="cached runs (the median is reported)")
    parser.add_argument("--cold-runs", type=int, default=3, help="first runs, each with a fresh cache (median)")
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "list.json")
    parser.add_argument("--archive", action="store_true", help="also with retell's archive, and --grep (issue 28)")
    parser.add_argument("--archive-only", action="store_true", help="with --archive: skip the baseline table")
    parser.add_argument("--grep", default="retry budget works", help="the phrase --archive's grep looks for")
    args = parser.parse_args(argv)
    args.archive = args.archive or args.archive_only
    if not (args.config / "projects").is_dir():
        print(f"no config dir at {args.config}; run bench/gen_config_dir.py first", file=sys.stderr)
        return 1
    result = run(args.config.resolve(), args.runs, args.cold_runs) if not args.archive_only else {}
    if args.archive:
        result["archive"] = run_archive(args.config.resolve(), args.runs, args.cold_runs, args.grep)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(orjson.dumps(result, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE))
    if result.get("config"):
        print(render(result))
    if args.archive:
        print(render_archive(result["archive"]))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
