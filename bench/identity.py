"""The referee of speed work: does `retell parse` still write the same bytes?

    python bench/identity.py save bench/out/identity-main.json    # on the code before a change
    python bench/identity.py check bench/out/identity-main.json   # after each step: lists every difference

Parses (in this process, through the same `parse_to_workdir` the CLI calls) every transcript of
`../shared/corpus` on its own (subagent files too), each session of the example and the example's three
sessions as one story, the parse fixtures of tests/fixtures/parse, and the generated sessions already in
bench/data (none is generated here), and records the sha256 of each work folder's events.json,
manifest.json and assets. An input that is refused records its error message instead.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

from retell.claude.locate import SessionRef
from retell.errors import RetellError
from retell.parse import ParseOptions, parse_to_workdir

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
EXAMPLE = ROOT / "examples" / "claude" / "projects" / "-home-sam-src-tidyfeeds"


def inputs() -> dict[str, list[Path]]:
    """name -> the transcripts parsed together under that name."""
    cases: dict[str, list[Path]] = {}
    for path in sorted(CORPUS.rglob("*.jsonl")):
        cases[f"corpus/{path.relative_to(CORPUS)}"] = [path]
    example = sorted(EXAMPLE.glob("*.jsonl"))
    for path in example:
        cases[f"example/{path.name}"] = [path]
    cases["example/all-three"] = example
    for path in sorted((ROOT / "tests" / "fixtures" / "parse").glob("*.jsonl")):
        cases[f"fixtures/{path.name}"] = [path]
    generated = [
        *(ROOT / "bench" / "data").glob("session-*.jsonl"),
        *(ROOT / "bench" / "data").glob("screenshots-*.jsonl"),
    ]
    for path in sorted(generated):
        if path.stat().st_size < 200 << 20:
            cases[f"bench/{path.name}"] = [path]
    return cases


def digest_folder(folder: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _wait_for_threads(limit_s: float = 2.0) -> None:
    """Until the hashing thread of the last parse has ended (it does when idle)."""
    t0 = time.perf_counter()
    while threading.active_count() > 1 and time.perf_counter() - t0 < limit_s:
        time.sleep(0.01)


def run() -> dict[str, object]:
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="retell-identity-") as tmp:
        for i, (name, paths) in enumerate(inputs().items()):
            out = Path(tmp) / f"w{i}"
            refs = [SessionRef(p, p.stem) for p in paths]
            _wait_for_threads()  # so a big file is read on two cores (claude/prefetch.py), as the CLI does
            try:
                parse_to_workdir(refs, out, ParseOptions())
            except RetellError as exc:
                results[name] = {"error": str(exc).replace(str(Path(tmp)), "TMP")}
                continue
            results[name] = digest_folder(out)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("save", "check"))
    parser.add_argument("file", type=Path)
    args = parser.parse_args()
    t0 = time.perf_counter()
    results = run()
    print(f"{len(results)} inputs parsed in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    if args.action == "save":
        args.file.parent.mkdir(parents=True, exist_ok=True)
        args.file.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        return 0
    expected = json.loads(args.file.read_text())
    differences = 0
    for name in sorted(expected.keys() | results.keys()):
        if expected.get(name) != results.get(name):
            differences += 1
            print(f"DIFFERENT {name}:\n  before {expected.get(name)}\n  after  {results.get(name)}")
    print("identical" if not differences else f"{differences} of {len(expected)} inputs differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
