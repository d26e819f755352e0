#!/usr/bin/env python3
"""Precision and recall of `retell check` on the planted set (tests/check/planted.py), and its speed.

    python bench/check_planted.py                 # the planted set: example (cited, uncited) + corpus drafts
    python bench/check_planted.py --timing 15MB   # also time the check on a generated session's offline draft

A planted fabrication is found when a problem of its kind is reported on its line; every other problem
reported (in a planted draft, a faithful rewording or a faithful draft) is a false alarm.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "check"))

from planted import CORPUS, CORPUS_DRAFTS, EXAMPLE, FAITHFUL, PLANTS, Plant  # noqa: E402

from retell.check.report import CheckReport  # noqa: E402
from retell.check.stage import check_draft, run_check  # noqa: E402
from retell.claude.locate import SessionRef  # noqa: E402
from retell.parse import ParseOptions, parse_to_workdir  # noqa: E402
from retell.triage.stage import require_approved, run_triage  # noqa: E402


@dataclass
class Tally:
    name: str
    found: int = 0
    missed: int = 0
    false_alarms: int = 0
    faithful_claims: int = 0
    seconds: float = 0.0
    checks: int = 0

    def line(self) -> str:
        precision = self.found / (self.found + self.false_alarms) if self.found + self.false_alarms else 1.0
        recall = self.found / (self.found + self.missed) if self.found + self.missed else 1.0
        ms = 1000 * self.seconds / max(1, self.checks)
        return (
            f"{self.name:<34} {self.found + self.missed:>7} {self.found:>5} {self.missed:>6} {self.false_alarms:>6} "
            f"{precision:>9.3f} {recall:>6.3f} {self.faithful_claims:>7} {ms:>6.0f}"
        )


def _approved(session: Path, work: Path) -> Path:
    parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    run_triage(work, approve=True)
    return work


def _measure(name: str, work: Path, base: str, plants: list[Plant], transform=lambda t: t, verbose=False) -> Tally:
    triage, parsed, view = require_approved(work)
    tally = Tally(name)

    def check(text: str) -> CheckReport:
        started = time.perf_counter()
        report = check_draft(transform(text), view, parsed.manifest, triage)
        tally.seconds += time.perf_counter() - started
        tally.checks += 1
        return report

    faithful = check(base)
    tally.false_alarms += len(faithful.problems)
    tally.faithful_claims = len(faithful.findings)
    for problem in faithful.lines():
        print(f"  false alarm in the faithful draft: {problem}")
    for plant in plants:
        report = check(plant.draft(base))
        line = plant.line(base)
        hits = [f for f in report.problems if plant.kind and f.claim.line == line and f.claim.kind == plant.kind]
        tally.found += bool(hits)
        tally.missed += bool(plant.kind) and not hits
        others = [f for f in report.problems if f not in hits]
        tally.false_alarms += len(others)
        if plant.kind and not hits:
            print(f"  missed: {plant.name} (line {line})")
        for finding in others:
            print(f"  false alarm with {plant.name!r}: {report.line(finding)}")
        if verbose and hits:
            print(f"  found {plant.name}: {report.line(hits[0])}")
    return tally


def _timing(size: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        session = Path(tmp) / "big.jsonl"
        subprocess.run(
            [sys.executable, str(ROOT / "bench/gen_session.py"), "--size", size, "--out", str(session), "--seed", "7"],
            check=True,
        )
        work = _approved(session, Path(tmp) / "w")
        from retell.write.context import StageOptions
        from retell.write.draft import run_draft
        from retell.write.outline import run_outline

        run_outline(work, StageOptions(engine="offline"))
        run_draft(work, StageOptions(engine="offline"))
        started = time.perf_counter()
        report = run_check(work)
        elapsed = time.perf_counter() - started
        events = len(require_approved(work)[2].events)
        print(f"\n{size} session ({events:,} events): check of its offline draft in {elapsed:.2f} s")
        print(f"  {report.summary()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timing", metavar="SIZE", help="also time the check on a generated session (e.g. 15MB)")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each found plant's report line")
    args = parser.parse_args()
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()  # no user style or prompt overrides
    tallies = []
    with tempfile.TemporaryDirectory() as tmp:
        example = _approved(EXAMPLE, Path(tmp) / "example")
        base = FAITHFUL.read_text(encoding="utf-8")
        tallies.append(_measure("example, cited", example, base, PLANTS, verbose=args.verbose))

        def uncited(text: str) -> str:
            return re.sub(r" ?<!-- ev:[^>]*-->", "", text)

        tallies.append(_measure("example, uncited", example, base, PLANTS, uncited, args.verbose))
        for n, draft in enumerate(CORPUS_DRAFTS):
            session = CORPUS / draft.session
            if not session.is_file():
                print(f"  (skipped {draft.fixture.name}: no {session})")
                continue
            work = _approved(session, Path(tmp) / f"corpus{n}")
            text = draft.fixture.read_text(encoding="utf-8")
            tallies.append(_measure(f"corpus, {draft.fixture.stem}", work, text, draft.plants, verbose=args.verbose))
    total = Tally("all", *(sum(getattr(t, f) for t in tallies) for f in ("found", "missed", "false_alarms")))
    total.faithful_claims = sum(t.faithful_claims for t in tallies)
    total.seconds = sum(t.seconds for t in tallies)
    total.checks = sum(t.checks for t in tallies)
    print(
        f"\n{'set':<34} {'planted':>7} {'found':>5} {'missed':>6} {'false':>6} {'precision':>9} {'recall':>6} "
        f"{'claims*':>7} {'ms':>6}"
    )
    for tally in [*tallies, total]:
        print(tally.line())
    print("* claims in the faithful draft, all of which must trace; ms: mean time of one check")
    if args.timing:
        _timing(args.timing)


if __name__ == "__main__":
    main()
