"""What the author decided in triage.yaml, once validated: the only input later stages take from it."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field

import orjson

from retell.events import branch_id
from retell.secrets.author_terms import Term

TRIAGE_SCHEMA_VERSION = 1

ANGLES = ("process", "decision", "methodology", "capability", "tool-building")
LENGTHS = {"short": (800, 1200), "medium": (1800, 2500), "long": (3000, 4000)}
# About how many characters a language writes for one English word, for posts whose length is counted in
# characters: a 1,000-word English post is about 1,500 characters of Chinese, 2,000 of Japanese (kana spell out
# what a kanji compound says) and 1,600 Hangul syllables of Korean (spaces not counted).
CHARS_PER_WORD = {"zh": 1.5, "ja": 2.0, "ko": 1.6}


def length_presets(language: str) -> str:
    """The length presets as triage.yaml's comment names them, in the post's unit: words, or characters for a post
    in Chinese, Japanese or Korean (a zh post's comment said "short (800-1,200 words)" while every prompt asked for
    characters: material round 61)."""
    ratio = CHARS_PER_WORD.get(language.replace("_", "-").lower().split("-")[0])

    def unit(n: int) -> str:
        return f"{(int(round(n * ratio / 50) * 50) or 50) if ratio else n:,}"

    (s_low, s_high), (m_low, m_high), (l_low, _) = LENGTHS["short"], LENGTHS["medium"], LENGTHS["long"]
    named = "characters" if ratio else "words"
    return (
        f"short ({unit(s_low)}-{unit(s_high)} {named}) | medium ({unit(m_low)}-{unit(m_high)}) | long ({unit(l_low)}+)"
    )


DEFAULT_LENGTH = "medium"
VOICES = ("first-person", "third-person")
ACTIONS = ("redact", "replace", "keep")


@dataclass
class PostSettings:
    title: str
    slug: str
    date: str  # ISO 8601 with offset
    tags: list[str]
    description: str
    audience: str
    tone: str
    length: str
    language: str
    voice: str
    use_thinking: bool
    draft: bool
    cover: str | None
    credit: bool = True  # end "By the numbers" with "counted by retell", linked to its home (render only)

    @property
    def word_budget(self) -> tuple[int, int]:
        return LENGTHS[self.length]


@dataclass
class Story:
    angle: str
    backstory: str = ""
    intent: str = ""
    corrections: str = ""
    scope: str = ""
    notes: list[str] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)


@dataclass
class ChapterChoice:
    id: str
    include: bool
    title: str
    merge_into: str | None = None
    session: str | None = None  # its session's key, when the work folder tells several


@dataclass
class SecretDecision:
    id: str
    action: str  # redact | replace | keep
    replacement: str = ""


@dataclass
class ImageChoice:
    file: str
    include: bool
    caption: str = ""
    alt: str = ""


@dataclass
class Triage:
    session_id: str
    post: PostSettings
    story: Story
    chapters: list[ChapterChoice]
    secrets: dict[str, SecretDecision]
    images: dict[str, ImageChoice]
    approved: bool
    warnings: list[str] = field(default_factory=list)
    tried: set[str] = field(default_factory=set)  # ids (b1, or <key>-b1) of the branches the post may mention
    sessions: dict[str, bool] = field(default_factory=dict)  # session key -> include (several sessions only)
    # the author's own terms: retell's user config's, then triage.yaml's (retell/secrets/author_terms.py)
    redact: list[Term] = field(default_factory=list)

    def decisions_digest(self, only: tuple[str, ...] | None = None) -> str:
        """A hash of what the author decided (`only` these parts of it), and nothing else: not the `info:`
        facts (the transcript's path among them, which differs between machines) nor comments, so moving a
        work folder keeps what was made from it."""
        decisions = asdict(self)
        for fact in ("warnings", "approved"):
            decisions.pop(fact)
        # the credit line is render's alone: no outline or draft depends on it, so turning it off (or a triage.yaml
        # written before it existed) keeps what was planned and drafted
        decisions["post"].pop("credit")
        decisions["tried"] = sorted(self.tried)
        # where a term is written is no decision; and no terms is no part (what was made before them stands)
        decisions["redact"] = [term.digest() for term in self.redact]
        if not self.redact:
            decisions.pop("redact")
        if only is not None:
            decisions = {part: decisions[part] for part in only if part in decisions}
        return hashlib.sha256(orjson.dumps(decisions, option=orjson.OPT_SORT_KEYS)).hexdigest()

    def tells_branch(self, branch: int, chapter: str = "") -> bool:
        """Whether events of this branch (an event's `abandoned`, in `chapter`) reach the post: the final
        thread always, an abandoned branch (what was tried, then rewound) only when the author included it."""
        return branch == 0 or branch_id(branch, chapter) in self.tried

    def tells(self, chapter: ChapterChoice) -> bool:
        """A chapter is told when it is included and so is its session."""
        return chapter.include and self.sessions.get(chapter.session or "", True)

    def told_chapters(self) -> list[str]:
        """Chapter ids whose events are told (merged chapters count under their target)."""
        return [c.id for c in self.chapters if self.tells(c)]

    def told_sessions(self) -> list[str] | None:
        """The keys of the sessions told (None: the work folder holds one session)."""
        return [key for key, include in self.sessions.items() if include] if self.sessions else None

    def chapter_target(self) -> dict[str, str]:
        """Where each included chapter's events go: itself, or the chapter it merges into."""
        included = {c.id for c in self.chapters if self.tells(c)}
        target: dict[str, str] = {}
        for c in self.chapters:
            if c.id not in included:
                continue
            target[c.id] = c.merge_into if c.merge_into and c.merge_into in included else c.id
        return target

    def included_images(self) -> list[str]:
        return [name for name, choice in self.images.items() if choice.include]
