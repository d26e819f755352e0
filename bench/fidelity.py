#!/usr/bin/env python3
# ruff: noqa: E501  (the patterns read best one per line)
"""Fidelity on real transcripts: run the offline pipeline over every session in ../shared/corpus and count
what a reader would notice at once (issue 10).

    python bench/fidelity.py                   # table of counts; details in bench/out/fidelity.json
    python bench/fidelity.py --corpus DIR      # another folder of transcripts

Counted, per post:
- dup_quote: the post quotes one author message twice (the same text, or one a prefix of the other);
- bad_title: the default title is a flag, path, id, greeting, slash command, boilerplate, log line, a
  bare acknowledgement, a list item or a leftover placeholder;
- bad_heading: a chapter or section heading of that kind ("Part 3", "Thanks", "- item");
- slug_collision: another post of the corpus got the same slug;
- bare_cd: a tool sentence (in events.json or the post) shows a command that starts with `cd`;
- language: the author writes mostly in another language than triage's `language:` says. The expected
  language is estimated here from the script of the author's letters (CJK, Hangul, Cyrillic), Vietnamese
  diacritics and German function words: independent of retell's own detector, and only trusted when clear.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from retell.claude.locate import SessionRef  # noqa: E402
from retell.errors import RetellError  # noqa: E402
from retell.parse import ParseOptions, parse_to_workdir  # noqa: E402
from retell.triage.stage import run_triage  # noqa: E402
from retell.write.context import StageOptions  # noqa: E402
from retell.write.draft import run_draft  # noqa: E402
from retell.write.outline import run_outline  # noqa: E402
from retell.yamlio import load as load_yaml  # noqa: E402

DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"

_BAD_TITLE = [
    ("flag", re.compile(r"^-{1,2}[A-Za-z]")),
    ("slash command", re.compile(r"^/[A-Za-z]")),
    ("path", re.compile(r"^(?:[~.]?/|[A-Za-z]:\\)\S*$|^\S+/\S+$|^@?\S+\.[a-z]{1,5}$")),
    ("id", re.compile(r"\b[0-9a-f]{8}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-|\(session [0-9a-f]+\)", re.I)),
    (
        "greeting",
        re.compile(r"^(?:hi|hello|hey|hallo|yo|howdy|good (?:morning|afternoon|evening)|你好|こんにちは)\b", re.I),
    ),
    (
        "boilerplate",
        re.compile(
            r"^(?:implement the following plan|caveat:|this session is being continued|<command|<local-command|please analyze this codebase)",
            re.I,
        ),
    ),
    (
        "log line",
        re.compile(
            r"^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d|^\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL)\b|^Traceback \(most recent|^\s*at \S+ \(|^\S+(?:Error|Exception):|^npm ERR!|^error(?:\[\w+\])?:",
            re.I,
        ),
    ),
    (
        "acknowledgement",
        re.compile(
            r"^(?:ok(?:ay)?|yes|no|y|n|sure|thanks?(?: you)?|thx|continue|go on|go ahead|proceed|done|lgtm|继续|好的?|谢谢|はい|続けて|tiếp tục|weiter|danke)[\s.!]*$",
            re.I,
        ),
    ),
    ("list item", re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s")),
    ("placeholder", re.compile(r"\[Image #\d+\]|\[Pasted text")),
    ("too short", re.compile(r"^\W*\w?\W*$")),
    ("generic", re.compile(r"^Part \d+$|^A session with Claude Code\b")),
]
_BLOCKQUOTE = re.compile(r"(?:^>.*(?:\n|$))+", re.M)
_TOOL_CD = re.compile(r"`cd\s")
_CJK = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_VIETNAMESE = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)
_GERMAN_WORDS = re.compile(r"\b(?:und|ich|nicht|das|ist|bitte|mit|auf|für|wir|eine?|der|die)\b", re.I)


def bad_title_reason(title: str) -> str | None:
    for reason, pattern in _BAD_TITLE:
        if pattern.search(title.strip()):
            return reason
    return None


def expected_language(texts: list[str]) -> str | None:
    """A rough, independent reading of the author's language; None when it is not clear."""
    text = "\n".join(texts)
    text = re.sub(r"```.*?```|`[^`]*`|https?://\S+|\S*/\S+", " ", text, flags=re.S)
    letters = sum(ch.isalpha() for ch in text)
    if letters < 8:
        return None
    cjk, kana = len(_CJK.findall(text)), len(_KANA.findall(text))
    if kana and (cjk + kana) / letters > 0.15:
        return "ja"
    if cjk / letters > 0.15:
        return "zh"
    if len(_HANGUL.findall(text)) / letters > 0.15:
        return "ko"
    if len(_CYRILLIC.findall(text)) / letters > 0.3:
        return "ru"
    if len(_VIETNAMESE.findall(text)) / letters > 0.03:
        return "vi"
    words = len(text.split())
    if words >= 8 and len(_GERMAN_WORDS.findall(text)) / words > 0.12:
        return "de"
    return "en" if letters >= 40 else None


def quotes_twice(post: str) -> list[str]:
    quotes = []
    for block in _BLOCKQUOTE.findall(post):
        text = " ".join(line.lstrip(">").strip() for line in block.splitlines()).strip()
        if len(text) >= 12:
            quotes.append(" ".join(text.rstrip("…").split()))
    repeated = []
    for i, a in enumerate(quotes):
        for b in quotes[i + 1 :]:
            short, long = sorted((a, b), key=len)
            if long.startswith(short) and len(short) >= 12:
                repeated.append(short[:80])
    return repeated


def author_texts(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for event in events:
        if event.get("abandoned") or event.get("sidechain"):
            continue
        if event["kind"] == "human" and event.get("text"):
            out.append(event["text"])
        elif event["kind"] == "command" and event.get("args") and event.get("name", "").startswith("/"):
            out.append(event["args"])
    return out


def measure(session: Path, work: Path) -> dict[str, Any]:
    _, parsed = parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions(write_assets=False))
    run_triage(work, approve=True)
    triage = load_yaml(work / "triage.yaml")
    post = triage["post"]
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    row: dict[str, Any] = {
        "session": str(session),
        "title": post["title"],
        "title_source": parsed.log.session.title_source,
        "slug": post["slug"],
        "language": post["language"],
        "expected_language": expected_language(author_texts(events)),
        "bad_title": bad_title_reason(post["title"]),
        "bad_headings": [],
        "dup_quotes": [],
        "bare_cd": [e["summary"] for e in events if e["kind"] == "tool_run" and _TOOL_CD.search(e["summary"])],
    }
    for chapter in triage["chapters"]:
        reason = bad_title_reason(str(chapter["title"]))
        if reason:
            row["bad_headings"].append(f"{chapter['id']}: {chapter['title']} ({reason})")
    offline = StageOptions(engine="offline")
    try:
        run_outline(work, offline)
    except RetellError as exc:
        row["post"] = str(exc)
        return row
    run_draft(work, offline)
    draft = (work / "draft.md").read_text(encoding="utf-8")
    row["dup_quotes"] = quotes_twice(draft)
    row["bare_cd"] += [m.group(0) for m in re.finditer(r"`cd\s[^`]*`", draft)]
    for heading in re.findall(r"^## (.+)$", draft, re.M):
        reason = bad_title_reason(heading)
        if reason:
            row["bad_headings"].append(f"section: {heading} ({reason})")
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "fidelity.json")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)
    sessions = sorted(
        p
        for p in args.corpus.rglob("*.jsonl")
        if p.stat().st_size and "subagents" not in p.parts and not p.name.startswith("agent-")
    )
    if not sessions:
        print(f"no transcripts under {args.corpus}", file=sys.stderr)
        return 1
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, session in enumerate(sessions):
            rows.append(measure(session, Path(tmp) / f"w{i}"))
    slugs = Counter(r["slug"] for r in rows)
    for row in rows:
        row["slug_collision"] = slugs[row["slug"]] > 1
    non_english = [r for r in rows if r["expected_language"] not in (None, "en")]
    totals = {
        "sessions": len(rows),
        "posts quoting a message twice": sum(1 for r in rows if r["dup_quotes"]),
        "bad default titles": sum(1 for r in rows if r["bad_title"] and r["bad_title"] != "generic"),
        "generic titles (of posts)": sum(1 for r in rows if r["bad_title"] == "generic" and "post" not in r),
        "posts with a bad heading": sum(1 for r in rows if r["bad_headings"]),
        "posts sharing a slug": sum(1 for r in rows if r["slug_collision"]),
        "posts with a bare `cd`": sum(1 for r in rows if r["bare_cd"]),
        "non-English sessions": len(non_english),
        "language mismatches": sum(1 for r in non_english if r["language"] != r["expected_language"]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"totals": totals, "sessions": rows}, indent=2, ensure_ascii=False) + "\n")
    for name, value in totals.items():
        print(f"{name:32} {value}")
    if args.verbose:
        for row in rows:
            problems = {
                k: row[k]
                for k in ("bad_title", "bad_headings", "dup_quotes", "bare_cd", "slug_collision")
                if row.get(k)
            }
            if problems or row["expected_language"] not in (None, "en"):
                name = Path(row["session"]).name[:12]
                print(
                    f"\n{name} title={row['title']!r} slug={row['slug']} lang={row['language']}/"
                    f"{row['expected_language']}"
                )
                for key, value in problems.items():
                    print(f"    {key}: {value}")
    print(f"details: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
