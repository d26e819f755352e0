#!/usr/bin/env python3
"""Which path made each heading of the offline posts, and the blind judge's verdict on it (issue 24, round 37).

    python bench/heading_paths.py bench/sessions/fresh21 [more sets…] [--out OUT.json]

Each session is run through the whole pipeline in this process (offline engine), with the heading makers
watched: chapter_heading's and phase_heading's candidates by the line that yielded them, the outline's own
choice (a triage title, a phase heading, a fallback). A heading's verdict is the judge's on the same text in the
set's verdicts-*.json (any version of the post); "unjudged" when no version judged showed it.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import json
import os
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from retell.extract import headings as H  # noqa: E402
from retell.extract import phase_headings as P  # noqa: E402
from retell.write import offline as O  # noqa: E402

LABELS: dict[str, str] = {}  # heading text -> path
_stack: list[list[tuple[int, str]]] = []


def _lines_of(func: object) -> dict[int, str]:
    """Each `yield` line of a generator's source, labelled by what it yields."""
    src, first = inspect.getsourcelines(func)  # type: ignore[arg-type]
    out: dict[int, str] = {}
    for n, line in enumerate(src, first):
        m = re.search(r"yield (?:from )?(.+)", line)
        if m:
            said = re.sub(r"\s+", " ", m.group(1))[:50]
            out[n] = said
    return out


def _watch(module: object, name: str, tag: str) -> None:
    gen = getattr(module, name)
    labels = _lines_of(gen)

    def watched(*a: object, **k: object):  # type: ignore[no-untyped-def]
        g = gen(*a, **k)
        while True:
            try:
                value = next(g)
            except StopIteration:
                return
            line = g.gi_frame.f_lineno if g.gi_frame else 0
            label = f"{tag}: {_label(labels.get(line, str(line)))}"
            if _stack:
                _stack[-1].append((line, label))
            yield value

    setattr(module, name, watched)


def _label(said: str) -> str:
    for key, name in (
        ("without_typos(committed", "commit"),
        ("committed", "commit"),
        ("deed", "deed (task item / evidence)"),
        ("restated_request", "Claude's restatement"),
        ("asked_work", "the author's ask (verb)"),
        ("phrase if names_a_task", "the author's ask"),
        ("failed_behaviour", "failing test's name"),
        ("outcome", "outcome (tests)"),
        ("local_announcement", "Claude's announcement (local)"),
        ("step", "later ask (CJK)"),
        ("claude_finding", "Claude's finding"),
        ("announced_change", "Claude's announced change"),
        ("later_asks", "later ask"),
        ("result", "Claude's result"),
        ("planned_item", "planned item"),
        ("phrase", "the author's ask (long)"),
        ("set_setting", "setting set"),
        ("found_cause", "found cause"),
        ("FIX", "stock: The fix"),
        ("activity", "activity (tools/files)"),
        ("Sending out", "stock: subagents"),
        ("_Reported(own)", "the author's own line"),
        ("Back to", "Back to"),
        ("kind_heading", "kind (stock)"),
        ("named_files_heading", "file names"),
        ("said_cause", "Claude's 'because'"),
        ("claude_result", "Claude's result"),
        ("chapter_heading", "chapter_heading"),
    ):
        if key in said:
            return name
    return said


def _chosen(func: object, tag: str):  # type: ignore[no-untyped-def]
    def wrapped(*a: object, **k: object) -> str:
        _stack.append([])
        try:
            out = func(*a, **k)  # type: ignore[operator]
        finally:
            seen = _stack.pop()
        if out:
            label = seen[-1][1] if seen else f"{tag}: ?"
            if tag == "phase" and label.endswith("chapter_heading") and out in LABELS:
                label = "phase→" + LABELS[out]
            LABELS.setdefault(out, label)
            if _stack:
                _stack[-1].append((0, LABELS[out]))
        return out

    return wrapped


def _translating(func: object):  # type: ignore[no-untyped-def]
    def wrapped(heading: str, *a: object, **k: object) -> str:
        out = func(heading, *a, **k)  # type: ignore[operator]
        if out and heading in LABELS and out != heading:
            LABELS.setdefault(out, LABELS[heading] + " (translated)")
        return out

    return wrapped


def install() -> None:
    _watch(H, "_candidates", "chapter")
    _watch(P, "_candidates", "phase")
    H.chapter_heading = _chosen(H.chapter_heading, "chapter")
    P.chapter_heading = H.chapter_heading
    O.chapter_heading = H.chapter_heading
    from retell.triage import generate as G

    G.chapter_heading = H.chapter_heading
    fallback = G.fallback_heading

    def _fallback(*a: object, **k: object) -> str:
        out = fallback(*a, **k)  # type: ignore[arg-type]
        LABELS.setdefault(out, "triage fallback (stock)")
        return out

    G.fallback_heading = _fallback
    P.phase_heading = _chosen(P.phase_heading, "phase")
    O.phase_heading = P.phase_heading
    for mod in (O, P, G):
        mod.in_language = _translating(mod.in_language)


def verdicts(set_dir: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for f in set_dir.glob("verdicts-*.json"):
        for post in json.loads(f.read_text()).values():
            for h in post.get("headings", []):
                out[h["text"]].append(h["verdict"])
    return out


def run_set(set_dir: Path, out_dir: Path) -> list[dict[str, str]]:
    import retell.cli  # noqa: F401  (registers the commands)
    from retell.cli.app import app

    os.environ["CLAUDE_CONFIG_DIR"] = str(set_dir)
    judged = verdicts(set_dir)
    rows = []
    for f in sorted((set_dir / "projects").glob("*/*.jsonl")):
        if f.name.startswith("agent-"):
            continue
        LABELS.clear()
        wd = out_dir / set_dir.name / f"wd-{f.stem[:8]}"
        with (
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()),
            contextlib.suppress(SystemExit),
        ):
            app(["run", str(f), "-o", str(wd), "--yes", "--engine", "offline", "-q"], standalone_mode=False)
        draft = (wd / "draft.md").read_text() if (wd / "draft.md").exists() else ""
        for heading in re.findall(r"^## (.+)$", draft, re.M):
            plain = heading.replace("`", "")
            label = (
                LABELS.get(heading)
                or LABELS.get(plain)
                or next((v for k, v in LABELS.items() if k.replace("`", "") == plain), "?")
            )
            v = judged.get(heading) or judged.get(plain) or []
            rows.append(
                {
                    "set": set_dir.name,
                    "post": wd.name,
                    "heading": heading,
                    "path": label,
                    "verdict": v[0] if v else "unjudged",
                }
            )
    return rows


def main_() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--work", type=Path)
    args = ap.parse_args()
    install()
    work = args.work or Path(tempfile.mkdtemp(prefix="heading-paths-"))
    rows = [r for s in args.sets for r in run_set(s.resolve(), work)]
    by: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        by[r["path"]][r["verdict"]] += 1
    print(f"{'path':60} total usable rewrite unusable unjudged")
    for path, c in sorted(by.items(), key=lambda kv: -sum(kv[1].values())):
        counts = f"{sum(c.values()):5} {c['usable']:6} {c['rewrite']:7} {c['unusable']:8} {c['unjudged']:8}"
        print(f"{path[:60]:60} {counts}")
    if args.out:
        args.out.write_text(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main_()
