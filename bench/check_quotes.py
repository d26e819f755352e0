#!/usr/bin/env python3
"""How much may a quote differ from what was said? Measures the quote tolerance of `retell check`.

Sentences of real messages (the example's and, when present, every session's in ../shared/corpus) are
edited the way a writer tidies a quote (a typo fixed, a filler or a few words dropped, two sentences joined,
case and punctuation changed, a small word added) and the way a fabrication changes it (a "not" added or
removed, a word swapped, a number changed, a word that means something added, half a sentence left out).
For each setting of the tolerance, the table shows the share of tidied quotes accepted under a `cleaned`
marker and the share of changed ones rejected.

    python bench/check_quotes.py           # the synthetic edits of real sentences, at several settings
    python bench/check_quotes.py --real    # also every quote of the real-model drafts and the blind set's dev
                                           # rewrites (bench/check/), as the check judges it

The real quotes are those a model and a writer put in posts about four corpus sessions: verbatim, tidied
under `<!-- cleaned -->` (a typo, spacing, a dropped stray word), with case or contractions changed, or
translated. Every one is true to its session (the blind set's faithful texts and the real drafts' quotes), so
each one reported is a quote the tolerance is too strict for.
"""

from __future__ import annotations

import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from retell.check import quotes  # noqa: E402
from retell.check.sources import Source  # noqa: E402
from retell.check.text import CRITICAL, FILLERS, STOPWORDS  # noqa: E402
from retell.claude.locate import SessionRef  # noqa: E402
from retell.errors import RetellError  # noqa: E402
from retell.events import HUMAN, EventLog, walk  # noqa: E402
from retell.parse import ParseOptions, extract_session  # noqa: E402

EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
CORPUS = ROOT.parent / "shared" / "corpus"
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def _messages() -> list[str]:
    files = [EXAMPLE]
    if CORPUS.is_dir():
        files += sorted(p for p in CORPUS.rglob("*.jsonl") if "subagents" not in p.parts and p.stat().st_size)
    texts = []
    for path in files:
        try:
            log: EventLog = extract_session(SessionRef(path, path.stem), None, ParseOptions()).log
        except RetellError:  # an empty or broken file is the parser's business, not this measurement's
            continue
        texts += [e.text for e in walk(log.events) if e.kind == HUMAN and e.text and len(e.text) < 3000]
    return texts


def _content_positions(words: list[str]) -> list[int]:
    return [i for i, w in enumerate(words) if w.lower() not in STOPWORDS and len(w) > 3 and w.isalpha()]


def _typo(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
    if not spots:
        return None
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    return [*words[:i], w[:j] + w[j + 1] + w[j] + w[j + 2 :], *words[i + 1 :]]


def _drop_filler(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if w.lower() in FILLERS]
    return [w for k, w in enumerate(words) if k != rng.choice(spots)] if spots else None


def _drop_few(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i in range(1, len(words) - 3) if not {w.lower() for w in words[i : i + 2]} & CRITICAL]
    if not spots:
        return None
    i = rng.choice(spots)
    return words[:i] + words[i + 2 :]


def _recase(words: list[str], _rng: random.Random) -> list[str]:
    out = [w.lower() for w in words]
    out[0] = out[0].capitalize()
    return [*out[:-1], out[-1].rstrip(".!?,") + "."]


def _contract(words: list[str], rng: random.Random) -> list[str] | None:
    """ "do not" -> "don't" (or back): a writer's tidy-up that never changes what was said."""
    pairs = {"do not": "don't", "does not": "doesn't", "it is": "it's", "I am": "I'm", "can not": "can't"}
    pairs |= {v: k for k, v in pairs.items()}
    text = " ".join(words)
    found = [(a, b) for a, b in pairs.items() if re.search(rf"\b{re.escape(a)}\b", text)]
    if not found:
        return None
    a, b = rng.choice(found)
    return re.sub(rf"\b{re.escape(a)}\b", b, text, count=1).split()


def _respace(words: list[str], rng: random.Random) -> list[str] | None:
    """ "vercel.json ?" -> "vercel.json?": spacing around punctuation."""
    text = " ".join(words)
    spaced = re.sub(r"(\w)([?!,])", r"\1 \2", text, count=1)
    return spaced.split() if spaced != text else None


def _add_small(words: list[str], rng: random.Random) -> list[str]:
    i = rng.randrange(1, len(words))
    return [*words[:i], rng.choice(["the", "a", "to", "and"]), *words[i:]]


def _add_not(words: list[str], rng: random.Random) -> list[str]:
    i = rng.randrange(1, len(words))
    return [*words[:i], "not", *words[i:]]


def _remove_negation(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if w.lower().strip(".,") in ("not", "never", "don't", "no", "can't")]
    return [w for k, w in enumerate(words) if k != rng.choice(spots)] if spots else None


def _swap_word(words: list[str], rng: random.Random, pool: list[str]) -> list[str] | None:
    spots = _content_positions(words)
    if not spots:
        return None
    i = rng.choice(spots)
    other = rng.choice([w for w in pool if w.lower() != words[i].lower()])
    return [*words[:i], other, *words[i + 1 :]]


def _add_word(words: list[str], rng: random.Random, pool: list[str]) -> list[str]:
    i = rng.randrange(1, len(words))
    return [*words[:i], rng.choice(pool), *words[i:]]


def _change_number(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if re.fullmatch(r"\d+", w.strip(".,"))]
    if not spots:
        return None
    i = rng.choice(spots)
    return [*words[:i], str(int(words[i].strip(".,")) + rng.randint(1, 9)), *words[i + 1 :]]


def _drop_half(words: list[str], rng: random.Random) -> list[str] | None:
    if len(words) < 12:
        return None
    i = rng.randrange(2, len(words) - 8)
    return words[:i] + words[i + 6 :]


def main() -> None:
    rng = random.Random(12)
    messages = _messages()
    pool = sorted({w for t in messages for w in _WORD.findall(t) if len(w) > 4 and w.lower() not in STOPWORDS})
    sentences = []
    for text in messages:
        flat = " ".join(text.split())
        for sentence in _SENTENCE.split(flat):
            if 8 <= len(sentence.split()) <= 40 and "`" not in sentence and "http" not in sentence:
                sentences.append((flat, sentence))
    rng.shuffle(sentences)
    sentences = sentences[:400]
    tidy: dict[str, Callable[[list[str], random.Random], list[str] | None]] = {
        "typo fixed": _typo,
        "filler dropped": _drop_filler,
        "two words dropped": _drop_few,
        "case and punctuation": _recase,
        "contraction": _contract,
        "spacing": _respace,
        "small word added": _add_small,
    }
    change: dict[str, Callable[[list[str], random.Random], list[str] | None]] = {
        '"not" added': _add_not,
        "negation removed": _remove_negation,
        "word swapped": lambda w, r: _swap_word(w, r, pool),
        "word added": lambda w, r: _add_word(w, r, pool),
        "number changed": _change_number,
        "six words dropped": _drop_half,
    }
    settings = [(0.75, 3), (0.6, 3), (0.9, 3), (0.75, 1), (0.75, 5), (0.75, 8)]
    print(f"{len(sentences)} sentences from {len(messages)} messages\n")
    header = f"{'edit':<24}" + "".join(f"  cov≥{c:.2f}/mid≤{m}" for c, m in settings) + "  unmarked"
    print(header)
    rows: dict[str, list[float]] = defaultdict(list)
    for label, edit in {**tidy, **change}.items():
        cases = []
        for source_text, sentence in sentences:
            edited = edit(sentence.split(), rng)
            if edited:
                cases.append((Source("e1", "author", source_text), " ".join(edited)))
        if not cases:
            continue
        for coverage, mid in [*settings, (0.75, 3)]:
            quotes.MIN_CLEANED_COVERAGE, quotes.MAX_MID_OMISSION = coverage, mid
            unmarked = len(rows[label]) == len(settings)
            accepted = sum(quotes.judge(q, lambda _w, s=source: [s], cleaned=not unmarked).ok for source, q in cases)
            rows[label].append(accepted / len(cases) if label in tidy else 1 - accepted / len(cases))
        print(f"{label + f' ({len(cases)})':<24}" + "".join(f"  {v:>15.1%}" for v in rows[label]))
    quotes.MIN_CLEANED_COVERAGE, quotes.MAX_MID_OMISSION = 0.75, 3
    print("\ntidied rows: share accepted (higher is better); changed rows: share rejected (higher is better)")
    print("unmarked: the same quotes without a cleaned marker, at the default setting")


def real_quotes() -> None:
    """Every quote of the real-model drafts and of the blind set's dev rewrites, as `retell check` judges it."""
    import shutil
    import tempfile
    from collections import Counter

    from retell.check.claims import QUOTE_KINDS
    from retell.check.stage import run_check

    data = ROOT / "bench" / "check"
    texts = [(post, data / "drafts" / f"{post}.md") for post in "ABCDE"]
    texts += [(post, data / "blind" / "dev" / post / "faithful.md") for post in "ABCD"]
    tally: Counter[str] = Counter()
    reported = []
    with tempfile.TemporaryDirectory() as tmp:
        for post, path in texts:
            work = Path(tmp) / f"{post}-{path.parent.name}-{path.stem}"
            shutil.copytree(data / "work" / post, work)
            if post == "E":
                for name in ("events.json", "manifest.json"):
                    shutil.copy(data / "work" / "B" / name, work / name)
            shutil.copy(path, work / "draft.md")
            for finding in run_check(work).findings:
                claim = finding.claim
                if claim.kind not in QUOTE_KINDS:
                    continue
                how = "cleaned" if claim.cleaned is not None else "translated" if claim.translated else "as written"
                if finding.reason in ("translated",) or "translation" in finding.reason:
                    how = "translation"
                tally[f"{how}: {finding.status}"] += 1
                if finding.problem:
                    reported.append(
                        f"  {post} {path.stem}:{claim.line}: {claim.kind}: {claim.text[:70]!r}: {finding.reason}"
                    )
    print("\nquotes in the real-model drafts (A-E) and the dev rewrites (A-D), by how they are marked:")
    for key, count in sorted(tally.items()):
        print(f"  {key:<32} {count:>4}")
    print(f"reported: {len(reported)}")
    print("\n".join(reported))


if __name__ == "__main__":
    main()
    if "--real" in sys.argv:
        real_quotes()
