"""A long session for the length tests: `chapters` chapters, each opened by a pause of hours (an idle break),
each with a few asks, tool work and a screenshot or two. Which chapters carry the story is planted:

- ch1 opens the session and the last chapter closes it (with tests passing);
- ch4 changes course ("Actually, scrap that..."), ch7 fixes a failing test run (failed, then passed);
- the others are routine: one ask ("Tidy up the docstrings in module N"), one Read, one short reply.

Every chapter pastes `images` screenshots (distinct PNGs) so image caps can be seen.
"""

from __future__ import annotations

from datetime import datetime, timezone

from conftest import Transcript, image_block, make_png, text_block

CWD = "/home/robin/shop"
PIVOT_CHAPTER = 4
FIX_CHAPTER = 7


def long_session(chapters: int = 10, *, images: int = 1, asks: int = 1) -> Transcript:
    tx = Transcript(cwd=CWD, start=datetime(2026, 3, 2, 8, 0, tzinfo=timezone.utc))
    for n in range(1, chapters + 1):
        if n > 1:
            tx.tick(5 * 3600)  # hours later: a new chapter
        shots = [image_block(make_png((6 + n, 4 + k), (20 * n % 255, 10 * k, 90))) for k in range(images)]
        if n == 1:
            ask = "The checkout page times out under load. Find out why and fix it."
        elif n == PIVOT_CHAPTER:
            ask = "Actually, scrap that caching idea. Let's try batching the inventory queries instead."
        elif n == FIX_CHAPTER:
            ask = "The batch tests fail now. Please fix them."
        elif n == chapters:
            ask = "Run the whole suite and write the release note."
        else:
            ask = f"Tidy up the docstrings in module number {n} of the shop package."
        tx.user([text_block(ask), *shots])
        tx.assistant(f"Looking at part {n} now. The module has a few functions worth documenting properly.")
        tx.tool_call("Read", {"file_path": f"{CWD}/shop/mod{n}.py"}, "def f(): ...")
        for k in range(1, asks):
            tx.user(f"And also check function {k} in module {n}, whether its name still says what it does.")
            tx.assistant(f"Function {k} in module {n} reads fine; I renamed one argument for clarity.")
            tx.tool_call("Edit", {"file_path": f"{CWD}/shop/mod{n}.py"}, "ok")
        if n == FIX_CHAPTER:
            tx.tool_call("Bash", {"command": "pytest -q"}, "Exit code 1\n2 failed, 9 passed", is_error=True)
            tx.assistant("The root cause is that the batch size was never passed through to the query.")
            tx.tool_call("Edit", {"file_path": f"{CWD}/shop/batch.py"}, "ok")
            tx.tool_call("Bash", {"command": "pytest -q"}, "11 passed")
        if n == chapters:
            tx.tool_call("Bash", {"command": "pytest -q"}, "40 passed")
        tx.assistant(f"Done with part {n}: the module is documented and nothing else changed.")
    return tx
