"""The language triage proposes for every real session of ../shared/corpus, and whether it needed the model.

    python bench/language_corpus.py --out bench/out/language-branch.json            # this checkout's retell
    cd ../main && .venv/bin/python ../perf2/bench/language_corpus.py --parsed DIR --out FILE   # main's
    python bench/language_corpus.py --compare bench/out/language-main.json bench/out/language-branch.json

Each session is parsed once (`retell parse`, with this interpreter's retell) into `--parsed` (kept, so that
another checkout's triage reads the very same events), then `author_language` of the importing retell reads
its events. `model` says whether py3langid's model was loaded for that session. `--compare` counts the
sessions whose language differs between two such files.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "shared" / "corpus"


def sessions(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*.jsonl") if "subagents" not in p.parts and p.stat().st_size > 0)


def parsed_folder(session: Path, parsed: Path, corpus: Path) -> Path | None:
    folder = parsed / str(session.relative_to(corpus)).replace("/", "__")
    if not (folder / "events.json").exists():
        done = subprocess.run(
            [sys.executable, "-m", "retell", "parse", str(session), "-o", str(folder), "-q"],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:  # an empty session ("nothing to tell"): no language to propose
            return None
    return folder


def languages(corpus: Path, parsed: Path) -> dict[str, dict[str, object]]:
    from retell.events import EventLog
    from retell.triage import language

    found: dict[str, dict[str, object]] = {}
    for session in sessions(corpus):
        folder = parsed_folder(session, parsed, corpus)
        if folder is None:
            continue
        log = EventLog.from_dict(json.loads((folder / "events.json").read_text(encoding="utf-8")))
        language._identifier.cache_clear()
        found[str(session.relative_to(corpus))] = {
            "language": language.author_language(log),
            "model": language._identifier.cache_info().currsize > 0,
        }
    return found


def compare(before_file: Path, after_file: Path) -> int:
    before = json.loads(before_file.read_text(encoding="utf-8"))
    after = json.loads(after_file.read_text(encoding="utf-8"))
    changed = [k for k in before if after.get(k, {}).get("language") != before[k]["language"]]
    for name in changed:
        print(f"changed: {name}: {before[name]['language']} -> {after.get(name, {}).get('language')}")
    counts: dict[str, int] = {}
    for entry in after.values():
        counts[entry["language"]] = counts.get(entry["language"], 0) + 1
    print(f"sessions: {len(before)} before, {len(after)} after; language changed: {len(changed)}")
    print(f"languages after: {dict(sorted(counts.items()))}")
    for label, data in (("before", before), ("after", after)):
        print(f"model loaded {label}: {sum(bool(e['model']) for e in data.values())} of {len(data)}")
    return 1 if changed or set(before) != set(after) else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--parsed", type=Path, help="where the parsed sessions are kept (default: a temp folder)")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    with tempfile.TemporaryDirectory(prefix="retell-lang-") as tmp:
        found = languages(args.corpus.resolve(), (args.parsed or Path(tmp)).resolve())
    text = json.dumps(found, indent=1, sort_keys=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n", encoding="utf-8")
    print(f"{len(found)} sessions: {sum(bool(e['model']) for e in found.values())} loaded the model")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
