"""The story's secret scan, rule by rule: which rules run on how many texts, what each costs, what a prefilter
could skip.

    python bench/secrets/profile_scan.py capture SESSION --out bench/out/scan-texts.pkl
    python bench/secrets/profile_scan.py rules bench/out/scan-texts.pkl [--top 30]
    python bench/secrets/profile_scan.py skip bench/out/scan-texts.pkl
    PYTHONPATH=CHECKOUT python bench/secrets/profile_scan.py time bench/out/scan-texts.pkl

`skip` reads from each rule's regex what every match must hold (bench/secrets/required.py: one of a set of ASCII
strings, or a non-ASCII character) and counts, of the rule x text pairs a scan tries, those it would skip and
the CPU they take now (measured: perf10 in bench/README.md).

`time` scans the captured texts in a fresh process with the retell found first on PYTHONPATH (so two builds
can be compared on the same texts): the CPU of the first pass (rules compiled as they are met, "cold") and of a
second ("warm"), and a sha256 of every finding of every text, which must be the same for both builds.

`capture` parses SESSION in this process on one core (no forks) and keeps every text `Scanner._scan` is
asked, in order, with the scanner's account names (the decoded and undiffed views are scanned inside `_scan`
and counted by `rules`). `rules` scans them again with each rule's cost timed separately: per rule, the texts
its keywords (or `always`) let it be tried on, those its prefilter or RE2 gate lets through, the texts with a
match, the findings kept, and the CPU of the gate and of the regex and checks.
"""

from __future__ import annotations

import argparse
import collections
import pickle
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if not any(Path(p, "retell").is_dir() for p in sys.path[1:] if p):  # (PYTHONPATH names the build to time)
    sys.path.insert(0, str(HERE.parent.parent))

from retell import cores  # noqa: E402
from retell.secrets import scanner as scanner_mod  # noqa: E402
from retell.secrets.scanner import Scanner  # noqa: E402


def capture(session: Path, out: Path) -> None:
    from retell.claude.locate import SessionRef
    from retell.parse import ParseOptions, parse_to_workdir

    cores.can_fork = lambda: False  # type: ignore[assignment]
    texts: list[tuple[tuple[str, ...], str]] = []
    real = Scanner._scan
    depth = [0]

    def recording(self: Scanner, text: str) -> Any:
        if depth[0] == 0:
            texts.append((self.usernames, text))
        depth[0] += 1
        try:
            return real(self, text)
        finally:
            depth[0] -= 1

    Scanner._scan = recording  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="retell-scan-") as tmp:
        parse_to_workdir([SessionRef(session, session.stem)], Path(tmp) / "w", ParseOptions())
    Scanner._scan = real  # type: ignore[method-assign]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pickle.dumps(texts))
    distinct = len({t for _, t in texts})
    chars = sum(len(t) for _, t in texts)
    print(f"{len(texts)} texts asked ({distinct} distinct), {chars / 1e6:.2f} M characters -> {out}")


class Stat:
    __slots__ = ("gate_s", "kept", "matched", "passed", "run_s", "tried")

    def __init__(self) -> None:
        self.tried = self.passed = self.matched = self.kept = 0
        self.gate_s = self.run_s = 0.0


def rules(path: Path, top: int) -> None:
    texts: list[tuple[tuple[str, ...], str]] = pickle.loads(path.read_bytes())
    stats: dict[str, Stat] = collections.defaultdict(Stat)
    clock = time.process_time
    real_rules_over = Scanner._rules_over
    views = collections.Counter()

    def timed_rules_over(self: Scanner, text: str, over_lines: bool = False) -> Any:
        if over_lines:
            return real_rules_over(self, text, over_lines)
        views["texts"] += 1
        views["chars"] += len(text)
        # the same steps as Scanner._rules_over, each rule timed (kept in step with it by hand)
        keywords = self._keywords
        t0 = clock()
        lowered = text.lower()
        present: set[int] = set(self._always)
        where: dict[int, list[tuple[int, int]]] = {}
        positions = len(lowered) == len(text)
        for end, (length, indexes, around) in keywords.iter(lowered):
            present |= indexes
            if around and positions:
                for index in around:
                    where.setdefault(index, []).append((end + 1 - length, end + 1))
        stats["(keyword pass)"].run_s += clock() - t0
        stats["(keyword pass)"].tried += 1
        found = []
        markers = [mk.span() for mk in scanner_mod._MARKER.finditer(text)] if "[REDACTED:" in text else []
        t0 = clock()
        prefiltered = self._prefiltered(text) if hasattr(self, "_prefiltered") else None
        stats["(prefilters' one pass)"].run_s += clock() - t0
        for index in sorted(present):
            rule = self.rules[index]
            name = rule.rule_id or rule.kind
            st = stats[name]
            st.tried += 1
            t0 = clock()
            ok = not (prefiltered is not None and rule.prefilter and index not in prefiltered) and rule.may_match(text)
            t1 = clock()
            st.gate_s += t1 - t0
            if not ok:
                continue
            st.passed += 1
            global_allow = self._global_allow if rule.source == "gitleaks" else ()
            any_match = False
            for m in rule.matches(text, where.get(index)):
                any_match = True
                span = rule.secret_span(m)
                if span is None:
                    continue
                if rule.kind in scanner_mod._WHOLE_URL_KINDS:
                    span = scanner_mod._to_url_end(text, span)
                if markers and any(a < span[1] and span[0] < b for a, b in markers):
                    continue
                value = text[span[0] : span[1]]
                if not rule.passes(value, m, text, global_allow):
                    continue
                if rule.kind == "jwt" and scanner_mod._JWT_IO_EXAMPLE in value:
                    continue
                value = rule.canonical or (rule.value_of(value, m) if rule.value_of else value)
                priority = index + (len(self.rules) if rule.kind in scanner_mod._CONTEXT_KINDS else 0)
                found.append((scanner_mod.Finding(rule.kind, rule.category, span[0], span[1], value), priority))
                st.kept += 1
            st.matched += any_match
            st.run_s += clock() - t1
        return found

    Scanner._rules_over = timed_rules_over  # type: ignore[method-assign]
    scanners: dict[tuple[str, ...], Scanner] = {}
    c0 = clock()
    seen: set[str] = set()
    for names, text in texts:
        if text in seen:
            views["repeated"] += 1
            continue
        seen.add(text)
        sc = scanners.get(names) or scanners.setdefault(names, Scanner(names))
        sc.find(text)
    total = clock() - c0
    Scanner._rules_over = real_rules_over  # type: ignore[method-assign]
    print(
        f"{len(texts)} texts asked, {len(seen)} distinct ({views['repeated']} repeats); "
        f"_rules_over on {views['texts']} texts (views included), {views['chars'] / 1e6:.2f} M chars; "
        f"{total:.2f} s cpu in all"
    )
    rows = sorted(stats.items(), key=lambda kv: -(kv[1].gate_s + kv[1].run_s))
    print("| rule | tried | passed gate | matched | kept | gate s | regex+checks s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, st in rows[:top]:
        print(f"| {name} | {st.tried} | {st.passed} | {st.matched} | {st.kept} | {st.gate_s:.3f} | {st.run_s:.3f} |")
    tried = sum(st.tried for n, st in stats.items() if not n.startswith("("))
    passed = sum(st.passed for n, st in stats.items() if not n.startswith("("))
    matched = sum(st.matched for n, st in stats.items() if not n.startswith("("))
    gate = sum(st.gate_s for st in stats.values())
    run = sum(st.run_s for st in stats.values())
    print(f"rule x text pairs tried {tried}, passed the gate {passed}, matched {matched}")
    print(f"gate {gate:.2f} s, regex and checks {run:.2f} s")


def timed(path: Path) -> None:
    import hashlib

    texts: list[tuple[tuple[str, ...], str]] = pickle.loads(path.read_bytes())
    started = time.process_time()
    scanners: dict[tuple[str, ...], Scanner] = {}
    found = []
    for names, text in texts:
        sc = scanners.get(names) or scanners.setdefault(names, Scanner(names))
        found.append(sc.find(text))
    cold = time.process_time() - started
    started = time.process_time()
    for names, text in texts:
        scanners[names].find(text)
    warm = time.process_time() - started
    digest = hashlib.sha256(repr(found).encode()).hexdigest()[:16]
    where = Path(scanner_mod.__file__).parent.parent.parent
    print(f"{where}: cold {cold:.3f} s, warm {warm:.3f} s, findings {sum(map(len, found))} sha256 {digest}")


def skip(path: Path) -> None:
    from required import NOTHING, required

    from retell.secrets.rule import Rule

    texts: list[tuple[tuple[str, ...], str]] = pickle.loads(path.read_bytes())
    sc = Scanner(texts[0][0])
    for _, text in texts:  # (warm: the rules compiled, the gates read)
        sc.find(text)
    started = time.process_time()
    needs = {i: required(r.regex, r.flags) for i, r in enumerate(sc.rules) if type(r).matches is Rule.matches}
    derived = time.process_time() - started
    print(
        f"read from {len(needs)} rules' regexes in {derived:.2f} s: {sum(bool(n.strings) for n in needs.values())} "
        f"with strings, {sum(n.non_ascii for n in needs.values())} with a non-ASCII character"
    )
    tried: collections.Counter[str] = collections.Counter()
    skipped: collections.Counter[str] = collections.Counter()
    saved: collections.Counter[str] = collections.Counter()
    for _, text in texts:
        lowered = text.lower()
        present = set(sc._always)
        where: dict[int, list[tuple[int, int]]] = {}
        for end, (length, indexes, around) in sc._keywords.iter(lowered):
            present |= indexes
            for i in around:
                where.setdefault(i, []).append((end + 1 - length, end + 1))
        for i in sorted(present):
            rule = sc.rules[i]
            name = rule.rule_id or rule.kind
            tried[name] += 1
            need = needs.get(i, NOTHING)
            if need is NOTHING or need.may_hold(text, lowered):
                continue
            skipped[name] += 1
            c0 = time.perf_counter()
            if rule.may_match(text):
                list(rule.matches(text, where.get(i)))
            saved[name] += time.perf_counter() - c0
    cpu = sum(saved.values())
    print(f"pairs tried {sum(tried.values())}, skippable {sum(skipped.values())}, their CPU {cpu:.3f} s")
    for name, seconds in saved.most_common(10):
        print(f"  {name}: {skipped[name]} of {tried[name]} skippable, {seconds:.4f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("capture")
    c.add_argument("session", type=Path)
    c.add_argument("--out", type=Path, default=Path("bench/out/scan-texts.pkl"))
    r = sub.add_parser("rules")
    r.add_argument("texts", type=Path)
    r.add_argument("--top", type=int, default=30)
    k = sub.add_parser("skip")
    k.add_argument("texts", type=Path)
    t = sub.add_parser("time")
    t.add_argument("texts", type=Path)
    args = ap.parse_args()
    if args.cmd == "capture":
        capture(args.session, args.out)
    elif args.cmd == "skip":
        skip(args.texts)
    elif args.cmd == "time":
        timed(args.texts)
    else:
        rules(args.texts, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
