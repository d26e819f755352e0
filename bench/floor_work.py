"""What the least a parse of a screenshot-heavy session must do costs, next to the floor `bench_parse.py` uses.

    python bench/floor_work.py                      # the 100 MB screenshot shape (seed 7), generated if missing
    python bench/floor_work.py --session FILE --runs 5

The floor (`orjson.loads` of every line) leaves out work no parse can skip: every pasted screenshot decoded from
base64, hashed (the same image pasted twice is one file) and written atomically (temp file and rename) into
`assets/`. This times that work and nothing else (no events, no secret scan, no image checks), each variant the
best of `--runs`:

- `floor`: read every line and `orjson.loads` it, in this process;
- `images, one process`: the floor plus decoding, hashing and writing every distinct image;
- `images, two processes`: a forked child decodes, hashes and writes the images from its own read of the file
  while this process loads every line (the split `retell parse` makes on two cores), wall time to both done;
- `interpreter start`: `python -c pass` as a subprocess, the cost any command-line parse starts with.

Each is printed with its ratio to the floor: a target below a variant's ratio is below what that work costs here.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_stages import session_file  # noqa: E402


def _image_data(value: Any) -> Iterator[str]:
    """Every base64 image payload in a decoded record (content blocks nest inside tool results)."""
    if isinstance(value, dict):
        if value.get("type") == "base64" and isinstance(value.get("data"), str):
            yield value["data"]
            return
        for inner in value.values():
            yield from _image_data(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _image_data(inner)


def _write_image(data: str, folder: Path, seen: set[str]) -> None:
    raw = base64.b64decode(data)
    name = hashlib.sha256(raw).hexdigest()[:16]
    if name in seen:
        return
    seen.add(name)
    part = folder / f".{name}.part"
    part.write_bytes(raw)
    part.replace(folder / f"{name}.img")


def floor(session: Path) -> float:
    started = time.perf_counter()
    with session.open("rb") as fh:
        for line in fh:
            if line.strip():
                orjson.loads(line)
    return time.perf_counter() - started


def images_one_process(session: Path) -> tuple[float, int]:
    seen: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="retell-floor-") as tmp:
        started = time.perf_counter()
        with session.open("rb") as fh:
            for line in fh:
                if line.strip():
                    for data in _image_data(orjson.loads(line)):
                        _write_image(data, Path(tmp), seen)
        return time.perf_counter() - started, len(seen)


def _images_only(session: Path, folder: Path) -> None:
    """The child's share: only lines that can hold an image are decoded."""
    seen: set[str] = set()
    with session.open("rb") as fh:
        for line in fh:
            if b'"base64"' in line:
                for data in _image_data(orjson.loads(line)):
                    _write_image(data, folder, seen)


def images_two_processes(session: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="retell-floor-") as tmp:
        started = time.perf_counter()
        child = os.fork()
        if child == 0:  # pragma: no cover - the forked child
            try:
                _images_only(session, Path(tmp))
            finally:
                os._exit(0)
        with session.open("rb") as fh:
            for line in fh:
                if line.strip():
                    orjson.loads(line)
        os.waitpid(child, 0)
        return time.perf_counter() - started


def interpreter_start() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--session", type=Path, help="default: the generated 100 MB screenshot shape, seed 7")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    session = args.session or session_file("100MB", "screenshots", 7)
    session.read_bytes()  # warm the page cache
    base = min(floor(session) for _ in range(args.runs))
    one = [images_one_process(session) for _ in range(args.runs)]
    two = min(images_two_processes(session) for _ in range(args.runs))
    start = min(interpreter_start() for _ in range(args.runs))
    images = one[0][1]
    size = session.stat().st_size / 1e6
    print(f"{session.name}: {size:.0f} MB, {images} distinct images, load {os.getloadavg()[0]:.1f}")
    print(f"| work | s (best of {args.runs}) | / floor |")
    print("| --- | --- | --- |")
    for label, seconds in (
        ("floor: orjson.loads of every line", base),
        ("images, one process", min(s for s, _ in one)),
        ("images, two processes", two),
        ("interpreter start", start),
    ):
        print(f"| {label} | {seconds:.3f} | {seconds / base:.1f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
