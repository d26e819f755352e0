"""draft.md as the author has it now: front matter, the opening, and one part per `## ` heading, each with
its exact bytes, so a revision can replace one part's text and keep every other byte of the file.

Parts are found by the `## ` headings of the file as it stands (the author may have edited, added or renamed
them), as a CommonMark parser sees them: a `## ` line inside a code block or a block quote is not a heading.
Part 0 is the opening (everything between the front matter and the first heading); parts 1..N are the
sections, each from its heading line up to the next heading. Text the author put after a section belongs to
it, so the last section holds the post's ending.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retell.errors import RetellError

# CommonMark's line endings (markdown-it counts lines the same way).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def split_lines(text: str) -> list[str]:
    """Lines with their endings: "".join(split_lines(t)) == t."""
    return _LINE.findall(text)


@dataclass(frozen=True)
class Part:
    number: int  # 0: the opening; 1..N: the sections in order
    title: str  # the heading's text ("" for the opening)
    start: int  # index of its first line: the heading line (or, for the opening, the first after the front matter)
    body_start: int  # index of the first line after the heading
    end: int  # index after its last line

    @property
    def name(self) -> str:
        """How messages name it: `the opening`, `section 2 “The fix”`."""
        return "the opening" if self.number == 0 else f"section {self.number} “{self.title}”"

    @property
    def label(self) -> str:
        """How the call log names it (a file name part)."""
        return "opening" if self.number == 0 else f"s{self.number}"


@dataclass
class DraftFile:
    lines: list[str]
    front_end: int  # lines[:front_end] are the front matter (0: none)
    parts: list[Part]  # parts[0] is the opening, always there (perhaps empty)
    code_lines: frozenset[int]  # lines inside code blocks

    @classmethod
    def parse(cls, text: str) -> DraftFile:
        lines = split_lines(text)
        front_end = _front_matter_end(lines)
        headings, code = _structure("".join(lines[front_end:]))
        starts = [(front_end + line, title) for line, title in headings]
        parts = [Part(0, "", front_end, front_end, starts[0][0] if starts else len(lines))]
        for number, (line, title) in enumerate(starts, 1):
            end = starts[number][0] if number < len(starts) else len(lines)
            parts.append(Part(number, title, line, line + 1, end))
        return cls(lines, front_end, parts, frozenset(front_end + n for n in code))

    @property
    def sections(self) -> list[Part]:
        return self.parts[1:]

    @property
    def newline(self) -> str:
        first = self.lines[0] if self.lines else "\n"
        return "\r\n" if first.endswith("\r\n") else "\n"

    def front_matter(self) -> str:
        return "".join(self.lines[: self.front_end])

    def heading_line(self, part: Part) -> str:
        return self.lines[part.start].rstrip("\r\n") if part.number else ""

    def text(self, part: Part) -> str:
        """The part's body without the blank lines around it (what a revision replaces)."""
        first, last = self._content_span(part)
        return "".join(self.lines[first:last]).rstrip("\r\n")

    def text_lines(self, part: Part) -> list[tuple[int, str]]:
        """The lines of `text(part)`, each with its 1-based line number in the file."""
        first, _last = self._content_span(part)
        return [(first + 1 + i, line) for i, line in enumerate(self.text(part).split("\n"))]

    def line_range(self, part: Part) -> tuple[int, int]:
        """1-based first and last line of the part in the file (heading included)."""
        return part.start + 1, max(part.start + 1, part.end)

    def prose_lines(self, part: Part) -> set[str]:
        """The part's lines outside code, without their endings."""
        first, last = self._content_span(part)
        return {self.lines[i].rstrip("\r\n") for i in range(first, last) if i not in self.code_lines}

    def _content_span(self, part: Part) -> tuple[int, int]:
        first, last = part.body_start, part.end
        while first < last and not self.lines[first].strip():
            first += 1
        while last > first and not self.lines[last - 1].strip():
            last -= 1
        return first, last

    def replace(self, changes: dict[int, tuple[str | None, str]]) -> tuple[str, dict[int, tuple[int, int]]]:
        """The file with parts replaced: part number -> (new heading line or None to keep it, new body text).
        Every other line, and the blank lines around each replaced body, stay byte for byte. Also returns
        where each replaced part now is (1-based first and last line, its heading included)."""
        out: list[str] = list(self.lines[: self.front_end])
        spans: dict[int, tuple[int, int]] = {}
        nl = self.newline
        for part in self.parts:
            if part.number not in changes:
                out.extend(self.lines[part.start : part.end])
                continue
            begin = len(out) + 1
            heading, body = changes[part.number]
            if part.number:
                old = self.lines[part.start]
                ending = old[len(old.rstrip("\r\n")) :] or nl  # a heading on the file's last line gets one
                out.append((old.rstrip("\r\n") if heading is None else heading) + ending)
            first, last = self._content_span(part)
            lead, trail = self.lines[part.body_start : first], self.lines[last : part.end]
            if first == last:  # an empty part: a blank line before the new text, and one before what follows
                lead = [nl] if part.number or self.front_end else []
                trail = [nl] if part.end < len(self.lines) else []
            body = body.strip("\r\n")
            new = [line.rstrip("\r\n") + nl for line in split_lines(body + "\n")] if body.strip() else []
            if new and first < last == len(self.lines) and not self.lines[-1].endswith(("\n", "\r")):
                new[-1] = new[-1].rstrip("\r\n")  # the file ended without a line break: so does the new one
            out.extend(lead + new)
            spans[part.number] = (begin, max(begin, len(out)))
            out.extend(trail)
        return "".join(out), spans


def _front_matter_end(lines: list[str]) -> int:
    if not lines or lines[0].strip() != "---":
        return 0
    for index in range(1, len(lines)):
        if lines[index].strip() in ("---", "..."):
            return index + 1
    return 0


def code_lines(markdown: str) -> set[int]:
    """The lines (0-based) of `markdown` inside code blocks."""
    return _structure(markdown)[1]


def _structure(markdown: str) -> tuple[list[tuple[int, str]], set[int]]:
    """(the top-level `## ` headings as (line, text), the lines inside code blocks), 0-based."""
    from markdown_it import MarkdownIt  # lazy: only the writing stages need it

    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    headings: list[tuple[int, str]] = []
    code: set[int] = set()
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        if token.type in ("fence", "code_block"):
            code.update(range(*token.map))
        elif token.type == "heading_open" and token.tag == "h2" and token.markup == "##" and token.level == 0:
            headings.append((token.map[0], tokens[index + 1].content.strip()))
    return headings, code


def normalized(title: str) -> str:
    """A heading's text for comparison: escapes and code backticks gone, spaces collapsed, case folded."""
    return " ".join(_ESCAPE.sub(r"\1", title).replace("`", "").split()).casefold()


def select_parts(draft: DraftFile, numbers: list[int], headings: list[str]) -> list[Part]:
    """The parts `--section N` (1-based over the `## ` headings; 0 is the opening) and `--heading TEXT` name,
    in file order. A heading matches its text exactly (ignoring case), else as the one heading containing it."""
    chosen: dict[int, Part] = {}
    listing = "; ".join(f"{p.number} “{p.title}”" for p in draft.sections) or "none"
    for number in numbers:
        if not 0 <= number <= len(draft.sections):
            span = f"1–{len(draft.sections)}" if draft.sections else "none"
            raise RetellError(
                f"--section {number}: draft.md has {len(draft.sections)} `## ` section(s) ({span}; 0 is the "
                f"opening): {listing}"
            )
        chosen[number] = draft.parts[number]
    for text in headings:
        wanted = normalized(text.lstrip("#"))
        if not wanted:
            raise RetellError("--heading needs the text of a heading of draft.md")
        exact = [p for p in draft.sections if normalized(p.title) == wanted]
        found = exact or [p for p in draft.sections if wanted in normalized(p.title)]
        if not found:
            raise RetellError(f"--heading {text!r}: no `## ` heading of draft.md matches; its headings: {listing}")
        if len(found) > 1:
            names = "; ".join(f"{p.number} “{p.title}”" for p in found)
            raise RetellError(f"--heading {text!r} matches {len(found)} headings ({names}); use --section N")
        chosen[found[0].number] = found[0]
    return [chosen[n] for n in sorted(chosen)]
