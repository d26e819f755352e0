"""The share of each prompt taken by Claude Code's summaries (compaction bridges and away recaps).

    python bench/bridge_share.py WORKDIR [PROMPT_FOLDER]

Reads the summaries from WORKDIR/events.json and the prompts from PROMPT_FOLDER (default: WORKDIR/llm, where
`*.prompt.md` are the prompts as sent, or WORKDIR/llm/dry-run after a `--dry-run`). A prompt line counts as the
summary's when it is a piece of a summary's text at least 20 characters long: the measure does not depend on
how the prompt frames the summary. Prints each prompt's size, the summary's characters in it and its share.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def summary_chars(prompt: str, summaries: list[str]) -> int:
    total = 0
    for line in prompt.splitlines():
        piece = line.strip()
        # a summary line as the prompt shows it: maybe after a label ("[e41] …: "), maybe cut ("…")
        for candidate in (piece, piece.split(": ", 1)[-1], piece.rstrip("…").rstrip()):
            if len(candidate) >= 20 and any(candidate in s for s in summaries):
                total += len(candidate)
                break
    return total


def main(argv: list[str]) -> int:
    workdir = Path(argv[1])
    folder = Path(argv[2]) if len(argv) > 2 else workdir / "llm"
    events = json.loads((workdir / "events.json").read_text(encoding="utf-8"))["events"]
    summaries = [e["text"] for e in events if e["kind"] in ("bridge", "recap") and e.get("text")]
    print(f"summaries: {len(summaries)} ({', '.join(str(len(s)) for s in summaries)} characters)")
    largest = 0.0
    for path in sorted(folder.glob("*.prompt.md")):
        text = path.read_text(encoding="utf-8")
        chars = summary_chars(text, summaries)
        share = chars / len(text) if text else 0.0
        largest = max(largest, share)
        print(f"{path.name:<45} {len(text):>8,} chars  summary {chars:>7,}  {share:6.1%}")
    print(f"largest share: {largest:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
