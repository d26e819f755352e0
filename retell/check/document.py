"""draft.md as blocks (paragraphs, block quotes, lists, headings, tables, code), each with its line numbers
and its hidden markers. Front matter is skipped; a paragraph that ends with a colon is the lead-in of the
block it introduces ("I started with this:" and the quote under it) and shares its citation."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from retell.write.markers import ACCEPT, CITE, CLEANED, TRANSLATED, event_ids

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)")
_LIST_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+")
_IMAGE_ONLY = re.compile(r"^\s*!\[[^\]]*\]\([^)]*\)\s*$")
MARKER_ONLY = re.compile(r"^\s*(?:<!--.*?-->\s*)+$")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_INLINE_CODE = re.compile(r"(`+).+?\1", re.S)

PARAGRAPH = "paragraph"
QUOTE = "quote"
LIST = "list"
HEADING = "heading"
TABLE = "table"
CODE = "code"
IMAGE = "image"


@dataclass(eq=False)
class Mark:
    """A marker found in the draft: where it ends (offset in the block's text) and what it says."""

    kind: str  # cite | cleaned | translated | ok
    at: int
    ids: list[str]
    note: str = ""


@dataclass(eq=False)
class Block:
    kind: str
    start: int  # line number (1-based) of the first line
    lines: list[str]
    info: str = ""  # code: the fence's language
    marks: list[Mark] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)  # events cited for this block (its lead-in's too)
    own_cites: list[str] = field(default_factory=list)  # the events its own markers cite
    lead: Block | None = None  # the paragraph ending in ":" that introduces this block
    follows: Block | None = None  # the block this lead-in introduces

    @property
    def text(self) -> str:
        """The block's text with markers blanked out (offsets and line breaks kept)."""
        raw = "\n".join(self.lines)
        code = [m.span() for m in _INLINE_CODE.finditer(raw)]  # a marker shown as code stays text
        return _HTML_COMMENT.sub(
            lambda m: m.group(0) if any(a <= m.start() < b for a, b in code) else " " * len(m.group(0)), raw
        )

    @property
    def raw(self) -> str:
        return "\n".join(self.lines)

    def line_at(self, offset: int) -> int:
        return self.start + self.raw.count("\n", 0, max(0, offset))

    def lead_tail(self) -> int | None:
        """The line on which a lead-in's unmarked last words start, when it also cites events of its own: the words
        after its last citation that lead into the block below ("…, the test failed. <!-- ev: e7 --> Four seconds
        later Claude wrote `ApiKey.kt`:" over e8's block) tell the block's moment, not the marker's. None when the
        lead-in ends on its own citation, cites nothing itself, or introduces no block that cites its own."""
        if self.follows is None or not self.follows.own_cites or not self.own_cites:
            return None
        last = max(m.at for m in self.marks if m.kind == "cite")
        end = self.raw.find("-->", last)
        tail = self.text[end + 3 :] if end >= 0 else ""
        words = re.search(r"\w", tail)
        return self.line_at(end + 3 + words.start()) if words else None

    def quote_body(self) -> str:
        """A block quote's text without its `>` markers (paragraph breaks kept)."""
        out = []
        for line in self.text.split("\n"):
            stripped = line.lstrip()
            while stripped.startswith(">"):
                stripped = stripped[1:].lstrip(" ")
            out.append(stripped)
        return "\n".join(out)


def read_blocks(markdown: str) -> list[Block]:
    lines = markdown.split("\n")
    index = 0
    if lines and lines[0].strip() == "---":
        closing = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
        if closing is not None:
            index = closing + 1
    blocks: list[Block] = []
    current: Block | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            blocks.append(current)
            current = None

    while index < len(lines):
        line = lines[index]
        number = index + 1
        fence = _FENCE.match(line)
        if fence:
            close()
            marker = fence.group(1)
            body = [line]
            index += 1
            while index < len(lines):
                body.append(lines[index])
                if lines[index].strip().startswith(marker[0] * len(marker)) and len(body) > 1:
                    break
                index += 1
            blocks.append(Block(CODE, number, body, info=fence.group(2).lower()))
            index += 1
            continue
        stripped = line.strip()
        if not stripped:
            close()
        elif MARKER_ONLY.match(line):
            # A marker on a line of its own belongs to the block before it.
            target = current or (blocks[-1] if blocks else None)
            if target is not None:
                if target.kind == CODE:  # after the blank lines below its fence: each line where draft.md has it
                    target.lines.extend([""] * (number - target.start - len(target.lines)))
                target.lines.append(line)
        elif stripped.startswith("#"):
            close()
            blocks.append(Block(HEADING, number, [line]))
        elif _IMAGE_ONLY.match(line):
            close()
            blocks.append(Block(IMAGE, number, [line]))
        elif stripped.startswith(">"):
            if current is None or current.kind != QUOTE:
                close()
                current = Block(QUOTE, number, [])
            current.lines.append(line)
        elif stripped.startswith("|"):
            if current is None or current.kind != TABLE:
                close()
                current = Block(TABLE, number, [])
            current.lines.append(line)
        elif _LIST_ITEM.match(line):
            if current is None or current.kind != LIST:
                close()
                current = Block(LIST, number, [])
            current.lines.append(line)
        else:
            if current is None:
                current = Block(PARAGRAPH, number, [])
            current.lines.append(line)  # a lazy continuation of a quote or list stays in it
        index += 1
    close()
    for block in blocks:
        _read_marks(block)
    _link_leads(blocks)
    return blocks


def _read_marks(block: Block) -> None:
    raw = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), block.raw)
    if block.kind == CODE:
        # a marker shown in a code block is an example, not a mark; one on a line of its own after the closing
        # fence cites the events the block shows (the block and its lead-in)
        tail = len(block.lines)
        while tail > 1 and (MARKER_ONLY.match(block.lines[tail - 1]) or not block.lines[tail - 1].strip()):
            tail -= 1
        start = len("\n".join(block.lines[:tail]))
        raw = " " * start + raw[start:]
    for match in CITE.finditer(raw):
        block.marks.append(Mark("cite", match.start(), event_ids(match.group(1))))
    for match in CLEANED.finditer(raw):
        block.marks.append(Mark("cleaned", match.start(), event_ids(match.group(1))))
    for match in TRANSLATED.finditer(raw):
        block.marks.append(Mark("translated", match.start(), event_ids(match.group(1))))
    for match in ACCEPT.finditer(raw):
        block.marks.append(Mark("ok", match.start(), [], (match.group(1) or "").strip()))
    block.marks.sort(key=lambda m: m.at)
    block.cites = list(dict.fromkeys(i for m in block.marks if m.kind == "cite" for i in m.ids))
    block.own_cites = list(block.cites)


def _link_leads(blocks: list[Block]) -> None:
    for before, block in itertools.pairwise(blocks):
        if (
            before.kind == PARAGRAPH
            and block.kind in (QUOTE, LIST, CODE, TABLE)
            and before.text.rstrip().endswith((":", "："))
        ):
            block.lead = before
            before.follows = block
            shared = list(dict.fromkeys([*before.cites, *block.cites]))
            before.cites = block.cites = shared
