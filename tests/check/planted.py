# ruff: noqa: E501  (the planted lines are whole paragraphs of a draft, kept on one line each as in draft.md)
"""The planted set: fabrications of every kind `retell check` must catch, each planted on one line of a
faithful draft, and faithful rewordings it must let through.

- PLANTS: on fixtures/faithful.md, a model-style draft of the bundled example (with citation markers; the
  tests also run it without them).
- CORPUS_DRAFTS: two more faithful drafts, written independently of the check's rules, of two real sessions
  in ../shared/corpus (one third-person with citations, one first-person without), each with its plants.

Used by tests/check/ and by bench/check_planted.py (which prints precision and recall).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
CORPUS = ROOT.parent / "shared" / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
FAITHFUL = FIXTURES / "faithful.md"


@dataclass(frozen=True)
class Plant:
    name: str
    kind: str  # the report kind expected on the planted line; "" for a faithful rewording (nothing expected)
    old: str  # text of the faithful draft that is replaced (it occurs once)
    new: str
    at: str = ""  # the part of `new` the report must point at (default: its start)

    def draft(self, base: str) -> str:
        assert base.count(self.old) == 1, f"{self.name}: {self.old!r} must occur once in the faithful draft"
        return base.replace(self.old, self.new)

    def line(self, base: str) -> int:
        """The line the plant starts on, in the planted draft."""
        text = self.draft(base)
        start = text.index(self.new) + (self.new.index(self.at) if self.at else 0)
        return text[:start].count("\n") + 1


_PIVOT = "> this feels wrong, let's stop patching text after the fact. every rule we add is going to eat some real headline. <!-- ev: e29 -->"
_DIARIO = "> btw the diário one is a real feed I read every morning, and its headlines are often in caps. those have to come through untouched <!-- cleaned: e24 -->"
_ASK = "I told it to go ahead with the repair step but to keep it in its own function, so it would be easy to rip out later."
_BYTES = "I asked Claude to find where the bytes turn into a str before touching anything else."

# The seven fabrications the issue names come first; then more of each kind.
PLANTS: list[Plant] = [
    Plant(
        "invented author quote",
        "author quote",
        _PIVOT,
        "> honestly, just delete the whole cache folder and move on. <!-- ev: e29 -->",
    ),
    Plant(
        "changed meaning under a cleaned marker",
        "author quote",
        _PIVOT,
        "> this feels right, let's keep patching text after the fact. every rule we add is going to eat some real headline. <!-- cleaned: e29 -->",
    ),
    Plant("path never touched", "path", "It read `tidyfeeds/fetch.py` and", "It read `tidyfeeds/http.py` and"),
    Plant(
        "command never run",
        "command",
        "removed the mojibake tests with `git checkout -- tidyfeeds/clean.py`",
        "removed the mojibake tests with `git reset --hard HEAD~1`",
    ),
    Plant("wrong test count", "number", "all 16 tests passed", "all 20 tests passed"),
    Plant(
        "invented duration",
        "number",
        "That stretch took a little over five minutes.",
        "That stretch took forty minutes.",
    ),
    Plant(
        "decision moved from the author to Claude",
        "credit",
        _BYTES,
        "Claude decided on its own to find where the bytes turn into a str before touching anything else.",
    ),
    # -- more of each kind --------------------------------------------------------------------------
    Plant(
        "invented inline author quote",
        "author quote",
        _ASK,
        "I told it: “just ship whatever makes the tests green, I don't care how.”",
    ),
    Plant(
        "Claude's words given to the author",
        "author quote",
        "I switched to a bigger model with `/model opus` and changed course:\n\n" + _PIVOT,
        "I switched to a bigger model with `/model opus` and wrote:\n\n> The publisher is fine; we break it ourselves. <!-- ev: e29 -->",
        at="> The publisher",
    ),
    Plant(
        "changed meaning under a cleaned marker (2)",
        "author quote",
        _DIARIO,
        "> btw the diário one is a real feed I read every morning, and its headlines are never in caps. those can change freely <!-- cleaned: e24 -->",
    ),
    Plant(
        "quote edited without a cleaned marker",
        "author quote",
        _PIVOT,
        "> this feels wrong, let's stop patching text after the fact. every rule we add is going to eat headlines. <!-- ev: e29 -->",
    ),
    Plant(
        "invented Claude quote",
        "Claude quote",
        "“The publisher is fine; we break it ourselves.”",
        "“The publishers broke it, there is nothing we can do.”",
    ),
    Plant(
        "path never touched (2)",
        "path",
        "Once `tidyfeeds/cache.py` stored bytes",
        "Once `tidyfeeds/store.py` stored bytes",
    ),
    Plant(
        "path only mentioned, told as edited",
        "path",
        "edited `tidyfeeds/fetch.py`, `tidyfeeds/parse.py` and",
        "edited `tidyfeeds/fetch.py`, `tidyfeeds/write.py` and",
    ),
    Plant(
        "command never run (2)",
        "command",
        "checked the response headers itself with `curl`",
        "checked the response headers itself with `wget -S --spider`",
    ),
    Plant(
        "command suggested, told as run",
        "command",
        "Then I had it run the feed zoo",
        "I ran `rm ~/.cache/tidyfeeds/*.xml ~/.cache/tidyfeeds/*.json` myself. Then I had it run the feed zoo",
    ),
    Plant(
        "wrong test count (2)",
        "number",
        "came back with 2 failed and 13 passed",
        "came back with 3 failed and 12 passed",
    ),
    Plant("wrong test count (3)", "number", "took a baseline first: 11 passed", "took a baseline first: 9 passed"),
    Plant(
        "invented session length",
        "number",
        "The session ran for just under two hours",
        "The session ran for about five hours",
    ),
    Plant("invented active time", "number", "29 minutes of them active", "45 minutes of them active"),
    Plant("wrong cost", "number", "cost about $1.18", "cost about $4.10"),
    Plant("wrong tool-call count", "number", "Claude made 35 tool calls", "Claude made 52 tool calls"),
    Plant("wrong diff size", "number", "5 files, +70 / -12", "5 files, +170 / -12"),
    Plant(
        "decision moved from the author to Claude (2)",
        "credit",
        _ASK,
        "Claude insisted on keeping the repair step in its own function, so it would be easy to rip out later.",
    ),
    Plant(
        "idea moved from Claude to the author",
        "credit",
        "Claude suggested putting the format version in the cache path",
        "I suggested putting the format version in the cache path",
    ),
    # -- faithful rewordings: nothing may be reported --------------------------------------------------
    Plant("approximate length", "", "The session ran for just under two hours", "The session took nearly two hours"),
    Plant(
        "quote with an elision",
        "",
        _PIVOT,
        "> this feels wrong, let's stop patching text after the fact. […] find where the bytes turn into a str before touching anything else. <!-- ev: e29 -->",
    ),
    Plant(
        "quote with typos fixed under a cleaned marker",
        "",
        _DIARIO,
        "> Btw, the Diário one is a real feed I read every morning, and its headlines are often in caps, like SÃO PAULO. Those have to come through untouched. <!-- cleaned: e24 -->",
    ),
    Plant(
        "paraphrased idea",
        "",
        "Claude suggested putting the format version in the cache path",
        "Claude suggested versioning the cache path",
    ),
    Plant("tests in other words", "", "all 16 tests passed", "the suite went green with 16 passed"),
    Plant("tool named in prose", "", "showed the raw bytes.", "showed the raw bytes, and `pytest` stayed out of it."),
    Plant(
        "author's ask in other words",
        "",
        _BYTES,
        "I asked Claude to find the place where bytes become a str before changing anything else.",
    ),
    Plant("cost rounded", "", "cost about $1.18", "cost under $2"),
]

REQUIRED = PLANTS[:7]  # the seven the issue names
FABRICATIONS = [p for p in PLANTS if p.kind]
REWORDINGS = [p for p in PLANTS if not p.kind]


@dataclass(frozen=True)
class CorpusDraft:
    fixture: Path
    session: str  # the transcript, relative to ../shared/corpus
    plants: list[Plant]


CORPUS_DRAFTS = [
    CorpusDraft(
        FIXTURES / "faithful_timeline.md",
        "claude/projects/-Users-dain-workspace-claude-code-log-sample/0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl",
        [
            Plant("session length", "number", "a 29-minute session", "a 45-minute session"),
            Plant(
                "author quote changed",
                "author quote",
                "> You can set group.visible using the vis library which is less work",
                "> You can set group.hidden using the vis library which is more work",
            ),
            Plant(
                "file never read",
                "path",
                "read `claude_code_log/templates/transcript.html`",
                "read `claude_code_log/templates/session.html`",
            ),
            Plant(
                "the author's hint credited to Claude",
                "credit",
                'The author rejected that edit too, and pasted a screenshot of the dev tools with a hint: "I think the library is setting it, it\'s an inline style".',
                "Claude noticed that the library is setting the colour as an inline style.",
            ),
            Plant("function never named", "code", "`applyFilters()` now sets", "`applyGroupFilters()` now sets"),
            Plant("cost", "number", "cost about $0.50", "cost about $5.00"),
        ],
    ),
    CorpusDraft(
        FIXTURES / "faithful_tar.md",
        "claude/projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl",
        [
            Plant("test count", "number", "58 passed at 96%", "60 passed at 96%"),
            Plant(
                "file never touched",
                "path",
                "after a fix to `tests/test_unit.py`",
                "after a fix to `tests/test_tar.py`",
            ),
            Plant(
                "the author's ask credited to Claude",
                "credit",
                "I asked Claude to examine the pending changes, add them and commit, unknown files included.",
                "Claude decided to examine the pending changes, add them and commit, unknown files included.",
            ),
            Plant(
                "block quote changed",
                "quote",
                "I've seen an archive that contains embedded tar.gz.",
                "I've seen an archive that contains embedded tar.bz2 files.",
            ),
            Plant(
                "inline author quote extended",
                "author quote",
                'Does the README correctly reflects what the code does?"',
                'Is the coverage still at 100%?"',
            ),
            Plant("session length", "number", "ran for nearly two hours", "ran for nearly four hours"),
            Plant("command never run", "command", "A last `ruff check` complaint", "A last `mypy --strict` complaint"),
            Plant(
                "Claude's finding credited to the author",
                "credit",
                "Claude found that tarfile strips",
                "I found that tarfile strips",
            ),
        ],
    ),
]
