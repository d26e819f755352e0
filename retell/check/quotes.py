"""Does a quote say what its source said? Word alignment with a measured tolerance.

A quote is cut into segments at elisions ("…", "[…]", a bracketed insertion), paragraph breaks and
sentence ends; each segment is aligned word by word with a source text of the right speaker (a writer may
quote two sentences of a long message, or join two messages, without marking the gap). Every difference is then one of:

- **cosmetic**: a typo fixed (one or two letters in a longer word), a small word (the, a, to) added or
  dropped, a filler (um, just, ok) dropped, a whole clause left out between two kept ones;
- **meaning**: a different word, an added word that carries meaning, a dropped "not"/"never"/"all", a
  changed number, or more than a few words left out in the middle of a sentence without an elision mark.

A quote without a `cleaned` marker may differ only by typo fixes and whole left-out clauses (the way a
writer quotes two sentences of a longer message). With `<!-- cleaned: eN -->` any cosmetic edit is allowed
as long as most of the quote's words are the source's (MIN_CLEANED_COVERAGE). A change of meaning is never
allowed. The figures were measured on the planted set in tests/check/ (see docs/check.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from retell.check.sources import Source
from retell.check.text import CRITICAL, FILLERS, STOPWORDS, Tokens, normalise, tokens, typo_level, wordset

MIN_CLEANED_COVERAGE = 0.75  # share of a cleaned quote's words that must be the source's own
MAX_MID_OMISSION = 3  # words a cleaned quote may drop in one place inside a sentence without an elision mark
TYPOS_PER_WORDS = 12  # an unmarked quote may fix one typo per this many words
_ELISION = re.compile(r"\.\.\.+|\n\s*\n")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass
class Fit:
    source: Source
    words: int = 0
    matched: int = 0
    meaning: list[str] = field(default_factory=list)
    cosmetic: list[str] = field(default_factory=list)  # edits only a `cleaned` marker allows
    typos: int = 0

    @property
    def coverage(self) -> float:
        return self.matched / self.words if self.words else 0.0

    def ok(self, cleaned: bool) -> bool:
        if self.meaning or not self.matched:
            return False
        if cleaned:
            return self.coverage >= MIN_CLEANED_COVERAGE
        return self.matched == self.words and not self.cosmetic and self.typos <= max(1, self.words // TYPOS_PER_WORDS)

    def why(self, cleaned: bool) -> str:
        if self.meaning:
            return "changes what was said (" + ", ".join(self.meaning[:4]) + ")"
        if not cleaned and self.cosmetic:
            return "edited without a <!-- cleaned --> marker (" + ", ".join(self.cosmetic[:4]) + ")"
        if not self.matched:
            return "not in the source"
        if cleaned and self.coverage < MIN_CLEANED_COVERAGE:
            return f"only {self.coverage:.0%} of its words are in the source"
        return "differs from the source"


def segments(quote: str) -> list[tuple[Tokens, bool]]:
    """The quote's sentences as tokens, each with whether an elision mark follows it."""
    norm = normalise(quote, brackets=" ... ")
    parts = _ELISION.split(norm)
    marks = [m.group(0) for m in _ELISION.finditer(norm)]
    out = []
    for n, part in enumerate(parts):
        elided = n < len(marks) and marks[n].startswith(".")
        sentences = [x for x in _SENTENCE_END.split(part) if x.strip()]
        for m, sentence in enumerate(sentences):
            toks = tokens(sentence, normalised=True)
            if toks.words:
                out.append((toks, elided and m == len(sentences) - 1))
    return out


def fit_segment(segment: Tokens, source: Source, *, cut_after: bool = False) -> Fit:
    """How `segment` aligns with the source; `cut_after`: the quote marks an elision right after it, so its
    last word may be cut short."""
    src = source.toks
    result = Fit(source, words=len(segment.words))
    if not src.words:
        return result
    sm = SequenceMatcher(None, segment.words, src.words, autojunk=False)
    anchor = sm.find_longest_match(0, len(segment.words), 0, len(src.words))
    if anchor.size == 0:
        return result
    # Align again within a window around the longest shared run, so stray words elsewhere do not count. A
    # segment is one sentence: the window only needs room for a few words added or left out.
    slack = MAX_MID_OMISSION + 2 + len(segment.words) // 3
    lo = max(0, anchor.b - anchor.a - slack)
    hi = min(len(src.words), anchor.b + (len(segment.words) - anchor.a) + slack)
    window = src.words[lo:hi]
    sm = SequenceMatcher(None, segment.words, window, autojunk=False)
    ops = sm.get_opcodes()
    # The source before and after the quoted stretch is not part of the quote.
    while ops and ops[0][0] == "insert":
        ops.pop(0)
    while ops and ops[-1][0] == "insert":
        ops.pop()
    # A source retell shortened ("git commit -m "Add base tag to fix asset path resolution in submod…") says
    # nothing of the words after its cut: a quote may go on past it.
    cut = hi == len(src.words) and source.text.rstrip().endswith(("…", "..."))
    for index, (tag, i1, i2, j1, j2) in enumerate(ops):
        quoted, original = list(segment.words[i1:i2]), list(window[j1:j2])
        edge = index in (0, len(ops) - 1)
        if cut and index == len(ops) - 1 and j2 == len(window) and tag in ("delete", "replace"):
            head = original[:-1]
            if not original or (quoted[: len(head)] == head and quoted[len(original) - 1].startswith(original[-1])):
                result.matched += i2 - i1
                continue
        if tag == "equal":
            result.matched += i2 - i1
        elif tag == "replace":
            spelled, facing = _spelled(quoted), _spelled(original)
            if edge and len(facing) > len(spelled):
                facing = facing[-len(spelled) :] if index == 0 else facing[: len(spelled)]
            if spelled == facing and _BARE_NOT.intersection(quoted + original):
                result.matched += i2 - i1  # "don't" quoted of a "dont": the apostrophe restored
                result.typos += 1
                continue
            if edge and len(original) > len(quoted):
                # Source text beyond the quoted stretch: keep only the part facing the quote.
                original = original[-len(quoted) :] if index == 0 else original[: len(quoted)]
            _replaced(result, quoted, original, last=cut_after and index == len(ops) - 1)
        elif tag == "delete":
            _added(result, quoted)
        elif tag == "insert":
            _omitted(result, original, src, lo + j1, lo + j2, segment, i1)
    return result


def _replaced(result: Fit, quoted: list[str], original: list[str], *, last: bool) -> None:
    if len(quoted) == len(original):
        for n, (q, o) in enumerate(zip(quoted, original, strict=True)):
            if q == o or (last and n == len(quoted) - 1 and o.startswith(q)):
                result.matched += 1
            elif typo_level(q, o):
                result.matched += 1
                result.typos += 1
            elif q in STOPWORDS and o in STOPWORDS and q not in CRITICAL and o not in CRITICAL:
                result.cosmetic.append(f"“{o}” → “{q}”")
            elif q in SHORTHAND.get(o, ()):
                result.cosmetic.append(f"“{o}” → “{q}”")  # chat shorthand spelled out: a tidy-up, as a case fix is
            elif _ELONGATED.sub(r"\1", o) == q:
                result.matched += 1  # "ahhh" quoted "ah", "sííí" quoted "sí": a drawn-out word said once
                result.typos += 1
            else:
                result.meaning.append(f"“{o}” → “{q}”")
        return
    if [w for o in original for w in MULTI_SHORTHAND.get(o, o).split()] == quoted:
        # "porfa" quoted "por favor", "pq" quoted "porque" …: chat shorthand spelled out in words of its own
        result.matched += len(quoted)
        result.cosmetic.append(f"“{' '.join(original)}” → “{' '.join(quoted)}”")
        return
    if _spelled(quoted) == _spelled(original):
        # "don't" quoted of a message typed "dont": the apostrophe restored, a typo fix
        result.matched += len(quoted)
        result.typos += 1
        return
    _added(result, quoted)
    kept = [w for w in original if w in CRITICAL or w.isdigit()]
    content = [w for w in original if w not in STOPWORDS and w not in FILLERS]
    if kept:
        result.meaning.append("drops “" + " ".join(kept) + "”")
    elif content:
        result.cosmetic.append("drops “" + " ".join(original) + "”")


# Chat shorthand an author types and a `cleaned` quote spells out ("if u can" quoted "if you can", blind26 AF1:131):
# each maps to the words it stands for, one for one, so "u" quoted "we" stays a change of meaning
SHORTHAND: dict[str, frozenset[str]] = {
    short: frozenset(long.split("|"))
    for short, long in (
        ("u", "you"),
        ("ya", "you"),
        ("ur", "your|you're|youre"),
        ("r", "are"),
        ("y", "why"),
        ("pls", "please"),
        ("plz", "please"),
        ("thx", "thanks"),
        ("ty", "thanks"),
        ("bc", "because"),
        ("cuz", "because"),
        ("cos", "because"),
        ("tho", "though"),
        ("thru", "through"),
        ("abt", "about"),
        ("ppl", "people"),
        ("msg", "message"),
        ("msgs", "messages"),
        ("w", "with"),
        ("b4", "before"),
    )
}

# Chat shorthand that stands for more than one word, in the languages authors chat in (a quote spells it out)
MULTI_SHORTHAND = {
    "porfa": "por favor", "xfa": "por favor", "pf": "por favor", "idk": "i don't know",
    "imo": "in my opinion", "afaik": "as far as i know", "btw": "by the way", "tbh": "to be honest",
    "vc": "você", "pq": "porque", "xq": "porque", "tb": "también", "tmb": "también", "q": "que",
    "bzw": "beziehungsweise", "vllt": "vielleicht",
}  # fmt: skip
# A letter drawn out three times or more ("ahhh", "sííí", "nooo"): the word as said once
_ELONGATED = re.compile(r"(\w)\1{2,}")

# English negations typed without their apostrophe ("dont", "isnt"), as the quote's "don't" is read: "do not"
_BARE_NOT = wordset(
    "dont doesnt didnt isnt wasnt arent werent havent hasnt hadnt couldnt shouldnt wouldnt mustnt neednt"
)


def _spelled(words: list[str]) -> list[str]:
    out: list[str] = []
    for word in words:
        out.extend((word[:-2], "not") if word in _BARE_NOT else (word,))
    return out


def _added(result: Fit, quoted: list[str]) -> None:
    heavy = [w for w in quoted if w in CRITICAL or w.isdigit() or (w not in STOPWORDS and w not in FILLERS)]
    if heavy:
        result.meaning.append("adds “" + " ".join(heavy) + "”")
    elif quoted:
        result.cosmetic.append("adds “" + " ".join(quoted) + "”")


def _omitted(result: Fit, original: list[str], src: Tokens, start: int, end: int, segment: Tokens, at: int) -> None:
    if all(w.isdigit() for w in original) and all(i in src.starts for i in range(start, end)):
        return  # a list's numbering ("1. Initialize… 2. Then run…") left out between its items
    whole_sentences = start in src.sentences and (end in src.sentences or end == len(src.words))
    if whole_sentences and (at in segment.starts or at == len(segment.words)):
        return  # whole sentences left out between kept ones: how a writer quotes two lines of a message
    critical = [w for w in original if w in CRITICAL or w.isdigit()]
    if critical:
        result.meaning.append("drops “" + " ".join(critical) + "”")
        return
    fillers = all(w in FILLERS for w in original)
    if fillers or len(original) <= MAX_MID_OMISSION:
        result.cosmetic.append("drops “" + " ".join(original) + "”")
    else:
        result.meaning.append("leaves out “" + " ".join(original[:8]) + ("…" if len(original) > 8 else "") + "”")


@dataclass
class QuoteVerdict:
    ok: bool
    fits: list[Fit]  # one per segment: the best source found for it

    @property
    def main(self) -> Fit | None:
        return max(self.fits, key=lambda f: (f.words, f.coverage), default=None)

    def why(self, cleaned: bool) -> str:
        bad = [f for f in self.fits if not f.ok(cleaned)]
        return bad[0].why(cleaned) if bad else ""


def judge(quote: str, candidates: Callable[[tuple[str, ...]], list[Source]], cleaned: bool) -> QuoteVerdict:
    """The best source of each segment among the `candidates` for its words; ok when every segment fits."""
    parts = segments(quote)
    if not parts:
        return QuoteVerdict(False, [])
    fits = []
    ok = True
    for part, cut in parts:
        best: Fit | None = None
        for source in candidates(part.words):
            found = fit_segment(part, source, cut_after=cut)
            if best is None or _better(found, best, cleaned):
                best = found
            if best.ok(cleaned) and best.coverage == 1.0:
                break
        if best is None:
            return QuoteVerdict(False, [])
        fits.append(best)
        ok = ok and best.ok(cleaned)
    return QuoteVerdict(ok, fits)


def _better(a: Fit, b: Fit, cleaned: bool) -> bool:
    return (a.ok(cleaned), -len(a.meaning), a.coverage, -len(a.cosmetic)) > (
        b.ok(cleaned),
        -len(b.meaning),
        b.coverage,
        -len(b.cosmetic),
    )
