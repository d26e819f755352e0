#!/usr/bin/env python3
"""`retell check` on drafts written by a real model: recall per kind of fabrication, precision, false alarms
per 1,000 words of faithful prose, `--strict` on each faithful draft, and the time of one check.

    python bench/check_real.py                  # both variants of both blind sets, summary tables
    python bench/check_real.py --set blind2 --variant dev -v   # one set and variant, with its details
    python bench/check_real.py -v               # also every miss and false alarm of the dev variant
    python bench/check_real.py -v --holdout-details   # ... and of the holdout variant
    python bench/check_real.py --drafts         # also what the check says about the five real-model drafts
    python bench/check_real.py --timing         # also the time of one check of a 2,500-word draft

The data is in bench/check/ (see its README.md): four work folders of real sessions (A-D) and the fifth
draft's triage (E, same session as B), the real-model drafts, and the blind set made from them by someone
who never saw the checker: for each post and variant (`dev`, `holdout`), a faithful rewrite and the same
text with fabrications planted, each recorded with its line and kind. A second blind set (`blind2`: G1 in
English, G2 five English sessions told in Chinese, drafted through the hand-off engine) was made the same way
by someone who never saw the checker; each set is reported on its own. A third (`blind3`: H1 in English, H2
told in German, a holdout variant only) was made the same way, to measure what the first two were tuned on;
round seven tuned on it too. A fourth (`blind4`: I1, I2), written the same way, measured round seven; round eight
tuned on it. A fifth (`blind5`: J1, J2), written the same way, measured round eight; round nine tuned on it. A
sixth (`blind6`: K1, K2), written the same way, measured round nine; round ten tuned on it. A seventh (`blind7`:
L1, L2), written the same way, measured round ten; round eleven tuned on it. An eighth (`blind8`: M1, M2),
written the same way, measured round eleven; round twelve tuned on it. A ninth (`blind9`: N1, N2), written the
same way, measured round twelve; round thirteen tuned on it. A tenth (`blind10`: P1, P2, fourteen kinds with
`wrong-order` and `wrong-speaker`), written the same way, measured round fourteen; round fifteen tuned on it. An
eleventh (`blind11`: Q1, Q2, from fresh9's sessions, English and Dutch), written the same way, measured round
fifteen; round sixteen tuned on it. A twelfth (`blind12`: R1, R2, from fresh10's sessions, English and Italian),
written the same way, measured rounds sixteen and seventeen. A thirteenth (`blind13`: S1, S2, from fresh11's
sessions, English and Swedish), written the same way, measures rounds seventeen and eighteen. A fourteenth
(`blind14`: T1, T2, from fresh12's sessions, English and Korean), written the same way, measures round twenty on. A
fifteenth (`blind15`: U1, U2, from fresh13's sessions, English and Czech), written the same way, measured round
twenty-one; round twenty-two tunes on it. A sixteenth (`blind16`: V1, V2, from fresh13's sessions, English and
Vietnamese), written the same way, measured rounds twenty-one to twenty-three; round twenty-four tunes on it. A
seventeenth (`blind17`: W1, W2, from fresh14's sessions, English and Hebrew), written the same way, measured round
twenty-four; round twenty-five tunes on it. An eighteenth (`blind18`: X1, X2, two corpus sessions, English and
English told in German) measured rounds twenty-four and twenty-five; round twenty-six tunes on it. A nineteenth
(`blind19`: Y1, Y2, fresh16, English and German) measures round twenty-five on. A twentieth (`blind20`: Z1, Z2, two
small corpus sessions, English and Simplified Chinese) measured round twenty-six; round twenty-seven tunes on it
(`--holdout-details` prints its details: its one variant is `holdout`). A twenty-first (`blind21`: AA1, AA2, two English
sessions of fresh17, AA2 told in Japanese) measured round twenty-seven; round twenty-eight tunes on it. A
twenty-second (`blind22`: AB1, AB2, two sessions of fresh18, English and Spanish told in Spanish) measures round
twenty-eight on, and so does a twenty-third (`blind23`: AC1, AC2, two sessions of fresh19, English and Russian told in
Russian). A set listed in
UNTUNED has its figures reported, its details never printed; a set whose folder is missing is skipped.

`--verify-dir DIR` scores each set three ways: the rules alone, with a model's verdicts merged in (`retell check
--verify`), and also letting a low-confidence rule finding the model reads as supported count as traced
(downgrade). It writes each draft's verification prompts to DIR/<set>/<post>-<hash of the text>/ as hand-off
prompt files (the folder names neither the variant nor whether the text is planted) and reads the answers
written beside them; a draft with an answer missing is scored by the rules alone and counted as pending. The
answers must come from a model that sees only the prompt file. `--as-answered` scores the answers a folder holds
beside the prompts they answered, writing and renaming nothing, where the check now words some prompts otherwise
(the stored answers of bench/check/verify, kept as they were answered).

For each post and variant the faithful text, then the planted one, is put in place of draft.md in a copy
of the work folder and checked with `run_check` (what `retell check` runs). Scoring:

- a plant is **caught** when a problem (untraced or contradicted) is reported in its paragraph (the lines
  of planted.md between blank lines around the plant's line; the blind set writes a paragraph on one line,
  so this is its line, or the lines of its block quote or list). A problem can catch one plant: on a
  paragraph with two plants, each needs its own (a problem of the plant's kind is matched to it first);
- a **false alarm** is any problem reported on a faithful text, and any problem on a planted text outside
  every planted paragraph;
- precision = caught / (caught + false alarms); words: the prose's words, front matter and hidden markers
  left out; a run of Latin letters or digits is one word, a Han, kana or hangul character half a word (about
  what a translation into English runs to: blind2's dev G2, 1,274 Han characters in its prose, counts 946);
- `--strict` passes when the check's report has no blocking finding (what `retell render --strict` refuses).

The script imports whatever `retell` the running interpreter has, so `cd /work/main && .venv/bin/python
/path/to/bench/check_real.py` measures main's code on the same data. Until round five only the dev variant
was used to tune the check and the holdout's details were never printed; from round six every set is tuned
on (a third blind set measures the check), and `-v --holdout-details` lists the holdouts' details too. From
round seven `-v` also lists blind3's details (tuned on); from round eight blind4's too, from round nine blind5's,
from round ten blind6's, from round eleven blind7's, from round twelve blind8's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell.check.report import CheckReport
from retell.check.stage import run_check

DATA = Path(__file__).resolve().parent / "check"
POSTS = ("A", "B", "C", "D")  # the real-model drafts of the first set (and E, --drafts)
# each blind set and its posts (bench/check/<set>/README.md)
SETS = {
    "blind": POSTS,
    "blind2": ("G1", "G2"),
    "blind3": ("H1", "H2"),
    "blind4": ("I1", "I2"),
    "blind5": ("J1", "J2"),
    "blind6": ("K1", "K2"),
    "blind7": ("L1", "L2"),
    "blind8": ("M1", "M2"),
    "blind9": ("N1", "N2"),
    "blind10": ("P1", "P2"),
    "blind11": ("Q1", "Q2"),
    "blind12": ("R1", "R2"),
    "blind13": ("S1", "S2"),
    "blind14": ("T1", "T2"),
    "blind15": ("U1", "U2"),
    "blind16": ("V1", "V2"),
    "blind17": ("W1", "W2"),
    "blind18": ("X1", "X2"),
    "blind19": ("Y1", "Y2"),
    "blind20": ("Z1", "Z2"),
    "blind21": ("AA1", "AA2"),
    "blind22": ("AB1", "AB2"),
    "blind23": ("AC1", "AC2"),
    "blind24": ("AD1", "AD2"),
    "blind25": ("AE1", "AE2"),
    "blind26": ("AF1", "AF2"),
    "blind27": ("AG1", "AG2"),
    "blind28": ("AH1", "AH2"),
    "blind29": ("AI1", "AI2"),
    "blind30": ("AJ1", "AJ2"),
    "blind31": ("AK1", "AK2"),
    "blind32": ("AL1", "AL2"),
    "blind33": ("AM1", "AM2"),
    "blind34": ("AN1", "AN2"),
    "blind35": ("AO1", "AO2"),
    "blind36": ("AP1", "AP2"),
    "blind37": ("AQ1", "AQ2"),
    "blind38": ("AR1", "AR2"),
    "blind39": ("AS1", "AS2"),
    "blind40": ("AT1", "AT2"),
    "blind41": ("AU1", "AU2"),
    "blind42": ("AV1", "AV2"),
    "blind43": ("AW1", "AW2"),
    "blind44": ("AX1", "AX2"),
    "blind45": ("AY1", "AY2"),
    "blind46": ("AZ1", "AZ2"),
    "blind47": ("BA1", "BA2"),
    "blind48": ("BB1", "BB2"),
    "blind49": ("BC1", "BC2"),
    "blind50": ("BD1", "BD2"),
    "blind51": ("BE1", "BE2"),
    "blind52": ("BF1", "BF2"),
    "blind53": ("BG1", "BG2"),
    "blind54": ("BH1", "BH2"),
    "blind55": ("BI1", "BI2"),
    "blind56": ("BJ1", "BJ2"),
    "blind57": ("BK1", "BK2"),
}
# the sets the check was never tuned on: round fifteen tunes on every variant of the first ten (blind10
# measured round fourteen, stop 40); blind11 arrived in stop 41 and measured round fifteen; round sixteen tunes on it,
# blind12 (stop 42) measured round sixteen and seventeen, round twenty tunes on it; blind13 (stop 43) measures
# rounds seventeen to twenty, round twenty-one tunes on it; blind14 (stop 44, fresh12) measures round twenty on;
# blind15 (stop 45, from fresh13's sessions) measured round twenty-one, round twenty-two tunes on it; blind16 (stop 45,
# fresh13) measured rounds twenty-one to twenty-three, round twenty-four tunes on it; blind17 (stop 45, fresh14)
# measured round twenty-four, round twenty-five tunes on it; blind18 (stop 46, two corpus sessions, X2 told in
# German) measured round twenty-four (main) and twenty-five, round twenty-six tunes on it; blind19 (stop 46, two
# synthetic sessions of fresh16, English and German told in German) measures round twenty-five on; blind20 (stop 47,
# two small corpus sessions, Z2 told in Simplified Chinese) measured round twenty-six (stop 47), round twenty-seven
# tunes on it; blind21 (stop 48, two English sessions of fresh17, AA2 told in Japanese) measured round twenty-seven
# (stop 48), round twenty-eight tunes on it; blind22 (stop 49, two sessions of fresh18, English and Spanish told in
# Spanish) and blind23 (stop 49, two sessions of fresh19, English and Russian told in Russian) measured round
# twenty-eight on; the verifying model's round thirty tunes on blind22, round thirty-one on blind23; blind24 (stop 50,
# two sessions of fresh20, English and Japanese) measured rounds twenty-nine to thirty-one, round thirty-two tunes on
# it; blind25 (stop 51, two sessions of fresh21, English and Korean told in Korean) measures round thirty-two on;
# round thirty-four tunes on blind14 and blind19 (their false alarms read, their verify answers as answered); blind26
# (stop 52, two sessions of fresh22, English and Turkish told in Turkish) measured round thirty-four; round
# thirty-five tunes on blind26 (its false alarms read, its verify answers as answered); blind27 (stop 52, two sessions
# of fresh22, English and Finnish told in Finnish) measures rounds thirty-four and thirty-five; blind28 (stop 53, two
# sessions of fresh22, English and Indonesian told in Indonesian) measures round thirty-five (main) on; round
# thirty-six tunes on blind27 (its misses read, its verify answers to main's prompts as answered); blind29 (stop 54,
# two sessions of fresh26, English and Traditional Chinese told in Traditional Chinese) measured rounds thirty-six and
# thirty-seven; round thirty-eight tunes on it (its misses and false alarms read, its verify answers as answered);
# blind30 (stop 54, two sessions of fresh26, English and German told in German) measured rounds thirty-seven and
# thirty-eight; the narrowed round thirty-eight (the stop's close) tunes on it (its guess-as-fact misses read);
# blind31 (stop 55, two sessions of fresh27, English and Polish told in Polish) measured main and round thirty-nine
# (its first half); the second half of round thirty-nine tunes on it (its false alarms read); blind32 (stop 55, two
# sessions of fresh28, English on Windows and Traditional Chinese told in Traditional Chinese) measured main and round
# thirty-nine whole; round forty tunes on it (its false alarms read); blind33 (stop 56, two sessions of fresh29, Dutch
# and Vietnamese, each told in its language) measured round forty (main) and forty-one; round forty-two tunes on it;
# blind34 (stop 56, two sessions of fresh30, English by a non-native author and Simplified Chinese told in Chinese,
# drafted with round forty-two's prompts) measured round forty-two; round forty-three tunes on it; blind35 (stop 56,
# two sessions of fresh30, English on Windows and German told in German, drafted with round forty-three's prompts)
# measured round forty-three; round forty-four tunes on it; blind36 (stop 56, two sessions of fresh30, Mexican Spanish
# and Polish, each told in its language, drafted with round forty-three's prompts) measured round forty-four; round
# forty-five tunes on it; blind37 (stop 56, two sessions of fresh29, terse English and Japanese told in Japanese,
# drafted with round forty-four's prompts) measured round forty-five; round forty-six tunes on it; blind38 (stop 57,
# fresh29's English on Windows and Italian told in Italian, drafted with round forty-five's prompts) measured round 46;
# round 47 tunes on it; blind39 and blind40 (stop 57, fresh31's French and Russian, Turkish and Hindi, each told in its
# language) measured round 47; round 48 tunes on them; blind41 (stop 57, fresh31's English on Windows and English of
# long, rambling messages) measured round 48; round 49 tunes on it; blind42 and blind43 (stop 57, fresh32's Brazilian
# Portuguese and Japanese, Korean and Spanish from Spain, each told in its language) measured round 49; round 50 tunes
# on them; blind44 to blind47 (stop 58, fresh33's German and Italian, Simplified Chinese and Vietnamese, fresh34's
# Traditional Chinese and Dutch, Polish and Indonesian, each told in its language, drafted with round 50's prompts)
# measured rounds 50 and 51 (51 was made before they were written); round 52 tunes on them; blind48 and blind49 (stop
# 58, fresh35's English of long messages and Swedish, English of brief ones and Czech, drafted with round 52's prompts)
# measured round 52; round 54 tunes on them; blind50 and blind51 (stop 59, fresh36's English of long messages and
# Mexican Spanish, English of brief ones on Windows and Japanese, drafted with material round 65's prompts) measured
# round 53; round 54 tunes on blind50; blind52 and blind53 (stop 59, fresh37's English of long messages and Ukrainian,
# English of brief lower-case ones and Hebrew) measured round 54's first part; its second part tunes on them; blind54
# and blind55 (stop 60, fresh39's English of long messages and Polish, English of brief ones and Traditional Chinese)
# measured round 54 (main 369b846); round 55 tunes on them; blind56 and blind57 (stop 60, fresh38's English of long
# messages on Windows and Brazilian Portuguese, English of brief lower-case ones and Korean) measured round 55's first
# part; its second part tunes on them
UNTUNED: tuple[str, ...] = ("blind25", "blind28")
VARIANTS = ("dev", "holdout")
SHOWN = ("dev",)  # details (misses, false alarms) are printed for these variants only
KINDS = (
    "invented-outcome",
    "wrong-file",
    "moved-quote",
    "unmarked-number",
    "invented-decision",
    "changed-command",
    "invented-name",
    "wrong-error",
    "wrong-citation",
    "wrong-time",
)
# The kinds a set's plants.jsonl may list that are scored like the others, though no set above plants them:
# round twelve's verification judges a motive or feeling given to the author that the session does not show, and
# Claude's guess told as fact; round fourteen, steps told in the wrong order and an act told as the wrong one's
# (the author's for Claude's, or the reverse). Any other kind a plants.jsonl lists is scored too (after these, by
# name): a new set needs no code change.
NEW_KINDS = ("invented-motive", "guess-as-fact", "wrong-order", "wrong-speaker")
# The check's kinds that name each kind of plant (a problem of another kind on the paragraph still counts; a kind
# not listed here is matched by the model's kind, `claim`, first).
EXPECTED = {
    "invented-motive": {"claim", "credit"},
    "guess-as-fact": {"claim", "credit", "name", "code"},
    "invented-outcome": {"outcome", "number", "command"},
    "wrong-file": {"path"},
    "moved-quote": {"author quote", "Claude quote", "subagent quote", "quote"},
    "unmarked-number": {"number"},
    "invented-decision": {"credit"},
    "changed-command": {"command"},
    "invented-name": {"code", "path", "name"},
    "wrong-error": {"code", "quote", "Claude quote", "author quote", "subagent quote", "number"},
    "wrong-citation": {"citation"},
    "wrong-order": {"order", "claim"},
    "wrong-speaker": {"speaker", "credit", "author quote", "Claude quote", "subagent quote", "quote", "claim"},
    "wrong-time": {"number", "time"},
}
_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LATIN = re.compile(r"[^\W_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+(?:['’.-][^\W_]+)*")


def prose_words(text: str) -> float:
    body = _COMMENT.sub(" ", _FRONT.sub("", text))
    return len(_LATIN.findall(body)) + len(_CJK.findall(body)) / 2


def paragraphs(text: str) -> dict[int, tuple[int, int]]:
    """Each non-blank line (1-based) -> (first, last) line of its paragraph."""
    out: dict[int, tuple[int, int]] = {}
    lines = text.split("\n")
    start = None
    fenced = False  # inside a code block, a blank line does not end the paragraph (a diff of two hunks)
    for n, line in enumerate([*lines, ""], 1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if line.strip() and start is None:
            start = n
        elif not line.strip() and start is not None and not fenced:
            for m in range(start, n):
                out[m] = (start, n - 1)
            start = None
    return out


@dataclass
class Checked:
    problems: list[dict[str, Any]]
    blocking: int
    seconds: float


@dataclass
class PostResult:
    variant: str
    post: str
    words: float
    faithful: Checked
    planted: Checked
    plants: list[dict[str, Any]]
    caught: list[bool] = field(default_factory=list)
    caught_by: list[dict[str, Any] | None] = field(default_factory=list)
    planted_false: list[dict[str, Any]] = field(default_factory=list)


def work_folder(post: str, into: Path) -> Path:
    """A copy of the post's work folder (E shares B's session: its events and manifest)."""
    target = into / post
    if target.exists():
        return target
    shutil.copytree(DATA / "work" / post, target)
    if post == "E":
        for name in ("events.json", "manifest.json"):
            shutil.copy(DATA / "work" / "B" / name, target / name)
    return target


def run_check_text(work: Path, text: str) -> CheckReport:
    """The rules' report of `text` as the draft of the work folder `work`."""
    (work / "draft.md").write_text(text, encoding="utf-8")
    return run_check(work)


def check(work: Path, text: str) -> Checked:
    started = time.perf_counter()
    report = run_check_text(work, text)
    seconds = time.perf_counter() - started
    if VERIFY.folder is not None:
        report = VERIFY.merged(work, text, report)
    data = report.to_json()
    problems = [c for c in data["claims"] if c["status"] in ("untraced", "contradicted")]
    return Checked(problems, int(data["summary"].get("blocking", 0)), seconds)


@dataclass
class Verifying:
    """`--verify-dir DIR`: the check with a model's verdicts merged in (`retell check --verify`). Each draft's
    verification prompts are written to DIR/<set>/<post>-<hash of the text>/ as hand-off prompt files (the
    folder names neither the variant nor whether the text is planted: whoever answers sees only the prompt);
    the answers (`….answer.md` beside each prompt) are read from there. A draft with an answer missing is
    checked by the rules alone and counted as pending."""

    folder: Path | None = None
    downgrade: bool = False  # a low-confidence rule finding the model reads as supported counts as traced
    blind: str = ""
    written: int = 0
    pending: int = 0
    answered: int = 0
    unverified: int = 0  # drafts checked by the rules alone (an answer missing)
    dropped: int = 0
    stale: int = 0  # answers set aside: their prompt is no longer what the check asks
    frozen: bool = False  # --as-answered: read the answers beside the prompts they answered; write nothing
    older: int = 0  # --as-answered: answers to a prompt the check now words otherwise
    malformed: list[str] = field(default_factory=list)

    def merged(self, work: Path, text: str, report: CheckReport) -> CheckReport:
        import hashlib

        from retell.check.branches import with_cited_branches
        from retell.check.verify import Verification, answer_items, draft_hash, merge, read_answer
        from retell.check.verify_request import verify_requests
        from retell.errors import LLMError
        from retell.fsutil import atomic_write_text
        from retell.llm.handoff import ANSWER, PROMPT, render_prompt
        from retell.llm.pricing import load_prices
        from retell.templating import TemplateLibrary
        from retell.triage.stage import require_approved

        assert self.folder is not None
        triage, parsed, view = require_approved(work)
        view = with_cited_branches(text, view, parsed.log, triage)
        prices = load_prices()
        model = prices.defaults.get("verify", "claude-sonnet-5-5")
        pairs = verify_requests(
            text, view, parsed.manifest, triage, model, prices.limits(model), TemplateLibrary("prompts")
        )
        folder = self.folder / self.blind / f"{work.name}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"
        lines = text.split("\n")
        known = {e.id for e in view.events if e.id}
        verdicts = []
        missing = False
        for n, (chunk, request) in enumerate(pairs, 1):
            stem = f"{n:04d}-verify-{chunk.label}"
            prompt = folder / (stem + PROMPT)
            rendered = render_prompt(request, stem)
            answer = folder / (stem + ANSWER)
            if self.frozen:
                if prompt.is_file() and prompt.read_text(encoding="utf-8") != rendered:
                    self.older += 1  # answered from the prompt beside it, which the check now words otherwise
            elif not prompt.is_file() or prompt.read_text(encoding="utf-8") != rendered:
                if answer.is_file():  # an answer to another prompt (the template or the draft changed): set aside
                    answer.rename(answer.with_name(stem + ".stale.md"))
                    self.stale += 1
                atomic_write_text(prompt, rendered)
                self.written += 1
            if not answer.is_file():
                self.pending += 1
                missing = True
                continue
            answer_text = answer.read_text(encoding="utf-8")
            try:
                answer_items(answer_text)
            except LLMError as exc:
                self.malformed.append(f"{answer}: {exc}")
                missing = True
                continue
            found, lost = read_answer(answer_text, chunk, lines, known, shown=request.user, view=view)
            self.answered += 1
            self.dropped += lost
            verdicts += found
        if missing:
            self.unverified += 1
            return report
        verification = Verification(draft_hash(text), "handoff", model, verdicts)
        return merge(report, verification, text, downgrade=self.downgrade, view=view)


VERIFY = Verifying()
MODES: dict[str, tuple[Path | None, bool]] = {}  # --verify-dir: each way the check is scored (folder, downgrade)


_MARKER_ONLY = re.compile(r"\s*<!--\s*ev:[^>]*-->\s*")


def with_lead_in(text: str, span: tuple[int, int], spans: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """A code block's paragraph with the lead-in before it ("…, with the free plan as the fallback:") when that
    lead-in has no marker of its own: the block's marker cites the lead-in's claims too, so a citation planted
    on it is what a finding on the lead-in reports (blind12 R1:88 and R2:50 were counted as false alarms). Only
    for a plant on the marker's own line, and only where the lead-in holds no plant of its own."""
    lines = text.split("\n")
    first, last = span
    if not lines[first - 1].lstrip().startswith(("```", "~~~")) or first < 3:
        return span
    lead = spans.get(first - 2)
    if lead is None:
        return span
    lead_text = " ".join(lines[lead[0] - 1 : lead[1]]).rstrip()
    if not lead_text.endswith(":") or "<!--" in lead_text:
        return span
    return (lead[0], last)


def score(result: PostResult, planted_text: str) -> None:
    spans = paragraphs(planted_text)
    lines = planted_text.split("\n")
    by_paragraph: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for plant in result.plants:
        span = spans.get(plant["line"], (plant["line"], plant["line"]))
        if _MARKER_ONLY.fullmatch(lines[plant["line"] - 1]):  # a block's own marker: it cites its lead-in too
            wider = with_lead_in(planted_text, span, spans)
            # a lead-in with a plant of its own keeps its paragraph (a problem there is that plant's)
            if not any(wider[0] <= other["line"] < span[0] for other in result.plants):
                span = wider
        by_paragraph[span].append(plant)
    free = list(result.planted.problems)
    assigned: dict[int, dict[str, Any]] = {}
    for (first, last), plants in by_paragraph.items():
        here = [p for p in free if first <= p["line"] <= last]
        # A problem of the plant's own kind first, then any other problem in the paragraph.
        for exact in (True, False):
            for plant in plants:
                if id(plant) in assigned:
                    continue
                wanted = EXPECTED.get(plant["kind"], {"claim"})
                match = next((p for p in here if not exact or p["kind"] in wanted), None)
                if match is not None:
                    assigned[id(plant)] = match
                    here.remove(match)
        for problem in [p for p in free if first <= p["line"] <= last]:
            free.remove(problem)  # on a planted paragraph: not a false alarm
    result.caught = [id(p) in assigned for p in result.plants]
    result.caught_by = [assigned.get(id(p)) for p in result.plants]
    result.planted_false = free


def run_set(blind: str, variant: str, tmp: Path) -> list[PostResult]:
    VERIFY.blind = blind
    results = []
    for post in SETS[blind]:
        folder = DATA / blind / variant / post
        faithful_text = (folder / "faithful.md").read_text(encoding="utf-8")
        planted_text = (folder / "planted.md").read_text(encoding="utf-8")
        lines = (folder / "plants.jsonl").read_text(encoding="utf-8").splitlines()
        plants = [json.loads(line) for line in lines if line]
        work = work_folder(post, tmp)
        result = PostResult(
            variant, post, prose_words(faithful_text), check(work, faithful_text), check(work, planted_text), plants
        )
        score(result, planted_text)
        results.append(result)
    return results


def line_of(problem: dict[str, Any]) -> str:
    reason = problem.get("reason") or problem["status"]
    claim = " ".join(str(problem["claim"]).split())
    return f'{problem["line"]}: {problem["kind"]}: "{claim[:90]}": {reason}'


def report(
    blind: str, variant: str, results: list[PostResult], verbose: bool, show_holdout: bool = False, mode: str = ""
) -> dict[str, Any]:
    listed = {plant["kind"] for result in results for plant in result.plants}
    # the ten kinds every set plants, then whatever else this set's plants.jsonl lists
    known = (*KINDS, *(k for k in NEW_KINDS if k in listed))
    per_kind: dict[str, list[int]] = {k: [0, 0] for k in (*known, *sorted(listed - set(known)))}
    for result in results:
        for plant, caught in zip(result.plants, result.caught, strict=True):
            per_kind[plant["kind"]][0] += caught
            per_kind[plant["kind"]][1] += 1
    caught = sum(sum(r.caught) for r in results)
    plants = sum(len(r.plants) for r in results)
    faithful_false = sum(len(r.faithful.problems) for r in results)
    planted_false = sum(len(r.planted_false) for r in results)
    words = sum(r.words for r in results)
    precision = caught / (caught + faithful_false + planted_false) if caught + faithful_false + planted_false else 1.0
    tuned = "not used to tune" if blind in UNTUNED else "used to tune the check"
    print(f"\n== {blind} {variant} ({tuned}){f' [{mode}]' if mode else ''} ==")
    print(f"{'kind':<20} {'caught':>7} {'recall':>7}")
    for kind, (hit, total) in per_kind.items():
        print(f"{kind:<20} {f'{hit}/{total}':>7} {hit / total if total else 1:>7.2f}")
    print(f"{'all':<20} {f'{caught}/{plants}':>7} {caught / plants:>7.2f}")
    print(
        f"\n{'post':<5} {'words':>6} {'caught':>7} {'FA faithful':>11} {'FA planted':>10} {'FA/1k words':>11} "
        f"{'strict':>7} {'ms':>5}"
    )
    for r in results:
        fa_rate = 1000 * len(r.faithful.problems) / r.words
        strict = "pass" if r.faithful.blocking == 0 else f"{r.faithful.blocking} block"
        ms = 1000 * max(r.faithful.seconds, r.planted.seconds)
        print(
            f"{r.post:<5} {r.words:>6.0f} {f'{sum(r.caught)}/{len(r.plants)}':>7} {len(r.faithful.problems):>11} "
            f"{len(r.planted_false):>10} {fa_rate:>11.1f} {strict:>7} {ms:>5.0f}"
        )
    print(
        f"precision {precision:.2f}; false alarms: {faithful_false} on faithful text "
        f"({1000 * faithful_false / words:.1f} per 1,000 words of {words:,.0f}), {planted_false} on planted text "
        f"away from plants; --strict passes {sum(r.faithful.blocking == 0 for r in results)}/{len(results)} "
        f"faithful drafts"
    )
    # sets with a holdout variant only, all tuned on
    holdout_only = (
        "blind3",
        "blind4",
        "blind5",
        "blind6",
        "blind7",
        "blind8",
        "blind9",
        "blind10",
        "blind11",
        "blind12",
        "blind13",
        "blind14",
        "blind15",
        "blind16",
        "blind17",
        "blind18",
        "blind20",
    )
    if verbose and blind not in UNTUNED and (variant in SHOWN or show_holdout or blind in holdout_only):
        for r in results:
            for plant, hit in zip(r.plants, r.caught_by, strict=True):
                if hit is None:
                    print(f"  missed {r.post}:{plant['line']} {plant['kind']}: {plant['planted'][:100]}")
            for problem in r.faithful.problems:
                print(f"  false alarm {r.post} faithful:{line_of(problem)}")
            for problem in r.planted_false:
                print(f"  false alarm {r.post} planted:{line_of(problem)}")
    return {
        "set": blind,
        "variant": variant,
        "recall": {k: (h / t if t else None) for k, (h, t) in per_kind.items()},
        "caught": caught,
        "plants": plants,
        "precision": precision,
        "false_alarms_faithful": faithful_false,
        "false_alarms_planted": planted_false,
        "false_alarms_per_1000_words": 1000 * faithful_false / words,
        "strict_passes": [r.post for r in results if r.faithful.blocking == 0],
    }


def drafts(tmp: Path) -> None:
    """The real-model drafts as the model wrote them (A-E, G1, G2, H1, H2): what the check reports (no answer key)."""
    print("\n== the real-model drafts (no answer key: read the findings) ==")
    for post in (*POSTS, "E", *SETS["blind2"], *SETS["blind3"], *SETS["blind4"]):
        if not (DATA / "drafts" / f"{post}.md").is_file():
            continue
        text = (DATA / "drafts" / f"{post}.md").read_text(encoding="utf-8")
        result = check(work_folder(post, tmp), text)
        print(
            f"{post}: {prose_words(text):,.0f} words, {len(result.problems)} problem(s), {result.blocking} blocking, "
            f"{1000 * result.seconds:.0f} ms"
        )
        for problem in result.problems:
            print(f"  {line_of(problem)}")


def timing(tmp: Path, runs: int = 5) -> None:
    """The time of one check of a 2,500-word draft: the real-model draft of A (2,342 words) with paragraphs of
    its faithful rewrite added until it has 2,500 words, checked in process (`run_check`: reading the work
    folder included) and as `retell check` (a new interpreter, imports included); best and median of `runs`.

    Both wall-clock and CPU time are given: on a shared machine the wall clock measures the load as much as
    the check. `retell check` runs with Python's bytecode cache allowed (an installed package has its .pyc
    files; PYTHONDONTWRITEBYTECODE would add the compilation of every module to each run)."""
    import resource
    import statistics
    import subprocess
    import sys

    text = (DATA / "drafts" / "A.md").read_text(encoding="utf-8")
    extra = (DATA / "blind" / "dev" / "A" / "faithful.md").read_text(encoding="utf-8").split("\n\n")
    for paragraph in extra[4:]:
        if prose_words(text) >= 2500:
            break
        text += "\n\n" + paragraph
    work = work_folder("A", tmp)
    (work / "draft.md").write_text(text, encoding="utf-8")
    run_check(work)  # warm: imports, regex compilation
    inside, inside_cpu = [], []
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        report = run_check(work)
        inside.append(time.perf_counter() - started)
        inside_cpu.append(time.process_time() - cpu)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "retell", "check", str(work), "-q"]
    subprocess.run(command, capture_output=True, check=False, env=env)  # writes the bytecode cache
    outside, outside_cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False, env=env)
        outside.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        outside_cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    print(f"\n== timing: a {prose_words(text):,.0f}-word draft of A ({len(report.findings)} claims), {runs} runs ==")
    print(
        f"run_check      wall best {min(inside):.2f} s, median {statistics.median(inside):.2f} s; "
        f"CPU median {statistics.median(inside_cpu):.2f} s"
    )
    print(
        f"retell check   wall best {min(outside):.2f} s, median {statistics.median(outside):.2f} s; "
        f"CPU median {statistics.median(outside_cpu):.2f} s (a new process)"
    )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-v", "--verbose", action="store_true", help="list the dev variant's misses and false alarms")
    parser.add_argument(
        "--holdout-details",
        action="store_true",
        help="with -v, also list the holdout variant's misses and false alarms (from round six every set is tuned on)",
    )
    parser.add_argument("--drafts", action="store_true", help="also check the five real-model drafts as written")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="only this variant (repeatable)")
    parser.add_argument("--set", choices=tuple(SETS), action="append", dest="sets", help="only this set (repeatable)")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--timing", action="store_true", help="also time the check of a 2,500-word draft")
    parser.add_argument(
        "--verify-dir",
        type=Path,
        help="merge a model's verdicts (retell check --verify): write each draft's verification prompts to this "
        "folder and read the answers written beside them",
    )
    parser.add_argument(
        "--as-answered",
        action="store_true",
        help="with --verify-dir, score the answers stored there as they are, beside the prompts they answered, even "
        "where the check now words a prompt otherwise; write and rename nothing (bench/check/verify is kept as "
        "answered)",
    )
    args = parser.parse_args()
    folder = args.verify_dir
    VERIFY.frozen = args.as_answered
    # "rules+model" is `--verify --keep-rule-findings`; "rules+model, downgrade" is `--verify` as it runs by default
    # (retell.check.verify.MODEL_CLEARS): a low-confidence rule finding the model supports counts as traced
    MODES.update({"rules": (None, False), "rules+model": (folder, False), "rules+model, downgrade": (folder, True)})
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()  # no user style or prompt overrides
    figures = []
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for blind in args.sets or SETS:
            for variant in args.variant or VARIANTS:
                if not (DATA / blind / variant).is_dir():
                    continue  # blind3-blind7 have a holdout only; blind8 is not here until its author hands it over
                if folder is None:
                    figures.append(
                        report(blind, variant, run_set(blind, variant, tmp), args.verbose, args.holdout_details)
                    )
                    continue
                # --verify-dir: the rules alone, then with the model's verdicts, then also downgrading
                for mode, (given, downgrade) in MODES.items():
                    VERIFY.folder, VERIFY.downgrade = given, downgrade
                    results = run_set(blind, variant, tmp)
                    figures.append(
                        {
                            "mode": mode,
                            **report(blind, variant, results, args.verbose, args.holdout_details, mode),
                        }
                    )
                VERIFY.folder = folder
        if args.drafts:
            drafts(tmp)
        if args.timing:
            timing(tmp)
    if folder is not None:
        print(
            f"\n--verify-dir {folder} (counted over both scorings with the model): {VERIFY.written} prompt file(s) "
            f"written, {VERIFY.answered} answer(s) "
            f"read, {VERIFY.pending} pending; {VERIFY.unverified} draft(s) checked by the rules alone (an answer "
            f"missing or malformed); {VERIFY.dropped} verdict(s) dropped (words not on their line); {VERIFY.stale} "
            "answer(s) set aside as stale (their prompt changed)"
            + (f"; --as-answered: {VERIFY.older} answer(s) to a prompt now worded otherwise" if VERIFY.frozen else "")
        )
        for problem in VERIFY.malformed:
            print(f"  malformed: {problem}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
