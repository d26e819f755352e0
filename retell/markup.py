"""Text from a session as Markdown that shows what was written and runs nothing.

One contract, kept at two points of the data flow (docs/markup.md says it for users):

- **Where text is produced** (the offline engine, a model's answer), everything that came from the session or
  from a model is encoded with CommonMark backslash escapes before it reaches draft.md: `\\<` for HTML,
  `\\{`/`\\}` for template syntax, `]\\(` for a link to a script, `!\\[` for an image the session or model
  named, `\\#` for a quoted line that would become a heading. Code stays code (spans and fences, fenced as
  long as their content needs).
- **Where the post is made** (`retell render`), whatever draft.md says is literal stays literal for the
  target's template engine, which reads the file before any Markdown renderer does: escaped braces become
  character references (`&#123;`, which neither Liquid nor Hugo reads), and code spans and blocks are
  protected per target (Jekyll: `{% raw %}`; Hugo: the `{{</* … */>}}` form of a shortcode).

So anything *unescaped outside code* in draft.md is the author's own: Markdown, HTML, a Hugo shortcode or a
Liquid tag written there is published as written. Nothing from the session can be, because retell escapes it.

Everything here is a small pure function over strings; where code blocks and tables are is asked of
markdown-it (`_block_lines`, imported lazily), so it is what a CommonMark parser sees.
"""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# Breaks `{{<` apart where Hugo's own escape cannot (a `{{<` with no `>}}`): invisible, and not a line break.
WORD_JOINER = "\u2060"
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})

_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A writer's note left for later: what the publish gate stops. retell escapes the bracket of any such note that
# comes from the session (`\[TODO …]`), so only one written in draft.md itself counts.
PLACEHOLDER = re.compile(r"\[(?:insert|todo|tbd|tk|placeholder|citation needed)\b[^\]\n]*\](?!\()", re.I)
# retell's own hidden markers a model is asked to write (`<!-- cleaned: e12 -->`): a keyword, a colon, ids.
MARKER_COMMENT = re.compile(r"<!--[ \t]*[a-z][a-z-]*:[\w \t,.:#-]*-->")
_REFERENCE_DEFINITION = re.compile(r"\[[^\]\n]+\]:")
_THEMATIC_BREAK = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ORDERED_ITEM = re.compile(r"(\d{1,9})([.)])(?=[ \t]|$)")
_FENCE_OPEN = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^`\n]*)$")
_INFO_WORD = re.compile(r"[A-Za-z0-9_+#.-]*")
_BACKTICKS = re.compile(r"`+")
# CommonMark's line endings (Python's str.splitlines also splits at \x1c-\x1e, \x85, \u2028, which are not).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> list[str]:
    """Lines with their endings, as a CommonMark parser counts them."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)


SESSION = "session"  # typed text: backslashes are characters, structure is neutralised
MODEL = "model"  # Markdown a model wrote: its structure and escapes are kept, its HTML and templates are not


# -- code ----------------------------------------------------------------------------------------------


def code_span(text: str) -> str:
    """`text` as one inline code span: fenced with one backtick more than its longest run, padded where a
    backtick or a space at an end would otherwise be read differently."""
    text = " ".join(_LINE_BREAK.split(text))
    if not text:
        return ""
    fence = "`" * (_longest_run(text, "`") + 1)
    pad = text[0] == "`" or text[-1] == "`" or (text[0] == " " and text[-1] == " " and text.strip() != "")
    return f"{fence} {text} {fence}" if pad else f"{fence}{text}{fence}"


def code_block(text: str, info: str = "") -> str:
    """`text` as a fenced code block whose fence no line of it can close."""
    fence = "`" * max(3, _longest_run(text, "`") + 1)
    word = _INFO_WORD.match(info.strip())
    return f"{fence}{word.group(0) if word else ''}\n{text.rstrip(chr(13) + chr(10))}\n{fence}"


def _longest_run(text: str, char: str) -> int:
    return max((len(m.group(0)) for m in re.finditer(re.escape(char) + "+", text)), default=0)


# -- plain text -----------------------------------------------------------------------------------------


def md_text(text: str) -> str:
    """Plain text (a caption, alt text, a name) as inline Markdown that shows every character as it is."""
    text = " ".join(text.split())
    out = []
    for i, ch in enumerate(text):
        if ch == "_" and 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
            out.append(ch)  # inside a word (snake_case, a token's prefix) it is never emphasis
        elif ch in "\\`*_[]<>{}~|":
            out.append("\\" + ch)
        elif ch == "&" and _ENTITY.match(text, i):
            out.append("&amp;")
        elif ch == "$" and text[i : i + 2] == "$$":
            out.append("\\$")
        else:
            out.append(ch)
    return _guard_line_start(text, "".join(out))


def heading_text(text: str) -> str:
    """A heading's text from session words: inline Markdown kept (code, emphasis), nothing live, and no
    trailing `#` that would be read as a closing sequence."""
    encoded = session_inline(text)
    return re.sub(r"(^|\s)(#+)\s*$", lambda m: m.group(1) + "\\" + m.group(2), encoded)


def front_matter_text(text: str) -> str:
    """A front-matter value: one line of plain text (control characters and line breaks become spaces).
    YAML quoting is the template's `yaml` filter; themes escape the value for HTML themselves."""
    return " ".join("".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text).split())


# -- session text ----------------------------------------------------------------------------------------


def session_inline(text: str) -> str:
    """Session words to place inside a sentence: one line, code spans kept, everything else inert."""
    line = " ".join(text.split())
    return _guard_line_start(line, _encode_line(line, SESSION))


def session_markdown(text: str) -> str:
    """A message from the session as Markdown blocks: its fenced code kept as code blocks, each paragraph
    on one line with its inline code kept and everything else inert."""
    blocks = []
    for kind, content, info in _session_blocks(text):
        if kind == "code":
            blocks.append(code_block(content, info))
        else:
            paragraph = session_inline(content)
            if paragraph:
                blocks.append(paragraph)
    return "\n\n".join(blocks)


def blockquote(markdown: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in _LINE_BREAK.split(markdown))


def _session_blocks(text: str) -> Iterator[tuple[str, str, str]]:
    """("prose", paragraph, "") and ("code", content, info) blocks of typed text; an unclosed fence runs to
    the end, as in CommonMark."""
    prose: list[str] = []
    lines = _LINE_BREAK.split(text)
    i = 0
    while i < len(lines):
        opened = _FENCE_OPEN.match(lines[i])
        if opened is None:
            if lines[i].strip():
                prose.append(lines[i])
            elif prose:
                yield "prose", "\n".join(prose), ""
                prose = []
            i += 1
            continue
        if prose:
            yield "prose", "\n".join(prose), ""
            prose = []
        fence = opened.group(1)
        closing = re.compile(rf"^[ \t]{{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = next((j for j in range(i + 1, len(lines)) if closing.match(lines[j])), len(lines))
        yield "code", "\n".join(lines[i + 1 : end]), opened.group(2)
        i = end + 1
    if prose:
        yield "prose", "\n".join(prose), ""


# -- model text ------------------------------------------------------------------------------------------


def model_markdown(markdown: str) -> str:
    """Markdown a model wrote, made safe to publish: headings, lists, quotes, emphasis, code and links to
    http(s)/mailto/relative addresses stay; raw HTML, template syntax, links to other schemes and images
    other than the session's (`assets/…`) are shown as text. retell's own marker comments are kept."""
    lines = _lines(markdown)
    code_lines, table_lines = _block_lines(markdown)
    out = []
    for number, line in enumerate(lines):
        if number in code_lines:
            out.append(line)
            continue
        body = line.rstrip("\r\n")
        out.append(_encode_line(body, MODEL, table=number in table_lines) + line[len(body) :])
    return "".join(out)


# -- the inline encoder -------------------------------------------------------------------------------------


def _encode_line(line: str, mode: str, *, table: bool = False) -> str:
    """One line of inline text. Code spans never cross a line here: a backtick run without a partner on the
    same line is escaped, so no renderer can pair it with another and read the text between as code."""
    out: list[str] = []
    i, n = 0, len(line)
    closing = _closing_runs(line)
    while i < n:
        ch = line[i]
        nxt = line[i + 1] if i + 1 < n else ""
        if ch == "\\":
            if mode == MODEL and nxt in ASCII_PUNCTUATION:
                out.append(line[i : i + 2])  # an escape the model wrote: it already means the character
                i += 2
            else:
                out.append("\\\\" if (nxt in ASCII_PUNCTUATION or nxt == "") else "\\")
                i += 1
            continue
        if ch == "`":
            run = _BACKTICKS.match(line, i).end() - i  # type: ignore[union-attr]  # line[i] is a backtick
            end = closing(i + run, run)
            if end is not None and not (table and "|" in line[i:end]):
                out.append(line[i : end + run])
                i = end + run
            else:
                out.append("\\`" * run)
                i += run
            continue
        if ch == "<":
            marker = MARKER_COMMENT.match(line, i) if mode == MODEL else None
            if marker:
                out.append(marker.group(0))
                i = marker.end()
            else:
                out.append("\\<")
                i += 1
            continue
        if ch in "{}":
            out.append("\\" + ch)
        elif ch == "&" and mode == SESSION and _ENTITY.match(line, i):
            out.append("&amp;")
        elif ch == "$" and nxt == "$":
            out.append("\\$\\$")
            i += 2
            continue
        elif ch == "!" and nxt == "[" and (mode == SESSION or not _names_an_asset(line, i + 2)):
            out.append("!\\[")  # an image the author did not choose in triage: shown as text
            i += 2
            continue
        elif ch == "[" and mode == SESSION and _session_bracket_is_live(line, i):
            out.append("\\[")
        elif ch == "]" and nxt == "(" and not safe_url(_link_destination(line, i + 2)):
            out.append("]\\(")
            i += 2
            continue
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _closing_runs(line: str) -> Callable[[int, int], int | None]:
    """closing(start, run): where the first backtick run of exactly `run` at or after `start` begins (the one
    that closes a code span opened before it), found by bisection so a line of many backticks stays linear."""
    starts: dict[int, list[int]] = {}
    for match in re.finditer(r"`+", line):
        starts.setdefault(len(match.group(0)), []).append(match.start())

    def closing(start: int, run: int) -> int | None:
        candidates = starts.get(run, [])
        index = bisect.bisect_left(candidates, start)
        return candidates[index] if index < len(candidates) else None

    return closing


def _session_bracket_is_live(line: str, i: int) -> bool:
    """A `[` from the session that would make a reference definition or read as a writer's placeholder."""
    return bool((i == 0 and _REFERENCE_DEFINITION.match(line, i)) or PLACEHOLDER.match(line, i))


def _names_an_asset(line: str, start: int) -> bool:
    close = line.find("](", start)
    return close >= 0 and _link_destination(line, close + 2).startswith("assets/")


def _link_destination(line: str, start: int) -> str:
    """The destination of an inline link whose `(` ends at `start`, as the renderer will resolve it."""
    i = start
    while i < len(line) and line[i] in " \t":
        i += 1
    if i < len(line) and line[i] == "<":
        end = line.find(">", i)
        raw = line[i + 1 : end if end >= 0 else len(line)]
    else:
        depth, j = 0, i
        while j < len(line) and not line[j].isspace():
            if line[j] == "\\" and j + 1 < len(line):
                j += 2
                continue
            if line[j] == "(":
                depth += 1
            elif line[j] == ")":
                if depth == 0:
                    break
                depth -= 1
            j += 1
        raw = line[i:j]
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", raw))


def safe_url(url: str) -> bool:
    """True for a link a reader can follow without running anything: http(s), mailto, or no scheme at all."""
    squeezed = "".join(ch for ch in url if ord(ch) > 32 and ord(ch) != 127).lower()
    scheme = re.match(r"([^/?#]*?):", squeezed)
    return scheme is None or scheme.group(1) in SAFE_SCHEMES


def _guard_line_start(raw: str, encoded: str) -> str:
    """Escape what would turn a line into a heading, quote, list, rule, fence or definition."""
    if not raw:
        return encoded
    first, second = raw[0], raw[1:2]
    if encoded.startswith("\\"):
        return encoded  # already escaped
    if (
        first in "#>"
        or (first in "-*_" and _THEMATIC_BREAK.match(raw))
        or (first in "-*+:" and second in ("", " ", "\t"))
        or (first == "*" and second == "[")  # kramdown's abbreviation definition
        or (first in "=~" and re.match(r"(=+[ \t]*$|~~~)", raw))
    ):
        return "\\" + encoded
    item = _ORDERED_ITEM.match(encoded)
    if item:
        return f"{item.group(1)}\\{item.group(2)}{encoded[item.end() :]}"
    return encoded


# -- structure of a finished Markdown file ---------------------------------------------------------------


@dataclass(frozen=True)
class Region:
    start: int
    end: int
    block: bool  # a code block (fenced or indented) rather than an inline code span


def _block_lines(markdown: str) -> tuple[set[int], set[int]]:
    """(lines inside code blocks, lines of tables), 0-based, as a CommonMark parser with GFM tables sees them."""
    from markdown_it import MarkdownIt  # lazy: only drafting and rendering need it

    code: set[int] = set()
    tables: set[int] = set()
    for token in MarkdownIt("commonmark").enable("table").parse(markdown):
        if token.map is None:
            continue
        if token.type in ("fence", "code_block"):
            code.update(range(*token.map))
        elif token.type == "table_open":
            tables.update(range(*token.map))
    return code, tables


def code_regions(markdown: str) -> list[Region]:
    """Where the code is, in character offsets: code blocks as whole lines, code spans within a line."""
    code_lines, table_lines = _block_lines(markdown)
    regions: list[Region] = []
    offset = 0
    block_start: int | None = None
    for number, line in enumerate(_lines(markdown)):
        body = line.rstrip("\r\n")
        if number in code_lines:
            if block_start is None:
                block_start = offset
            offset += len(line)
            continue
        if block_start is not None:
            regions.append(Region(block_start, offset - _line_break_length(markdown, offset), True))
            block_start = None
        regions.extend(Region(offset + s, offset + e, False) for s, e in _spans(body, number in table_lines))
        offset += len(line)
    if block_start is not None:
        regions.append(Region(block_start, len(markdown.rstrip("\r\n")), True))
    return regions


def _line_break_length(markdown: str, offset: int) -> int:
    if markdown[:offset].endswith("\r\n"):
        return 2
    return 1 if markdown[:offset].endswith(("\n", "\r")) else 0


def _spans(line: str, table: bool) -> Iterator[tuple[int, int]]:
    i = 0
    closing = _closing_runs(line)
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] != "`":
            i += 1
            continue
        run = _BACKTICKS.match(line, i).end() - i  # type: ignore[union-attr]  # line[i] is a backtick
        end = closing(i + run, run)
        if end is not None and not (table and "|" in line[i:end]):
            yield i, end + run
            i = end + run
        else:
            i += run


def prose_view(markdown: str) -> str:
    """`markdown` with code blanked out and every backslash escape masked (same length, same offsets): what
    a pattern for live syntax may search."""
    chars = list(markdown)
    for region in code_regions(markdown):
        for k in range(region.start, region.end):
            if chars[k] not in "\r\n":
                chars[k] = " "
    i = 0
    while i < len(chars) - 1:
        if chars[i] == "\\" and chars[i + 1] in ASCII_PUNCTUATION:
            chars[i] = chars[i + 1] = "\0"
            i += 2
        else:
            i += 1
    return "".join(chars)


def live_matches(markdown: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """Matches of `pattern` in `markdown` that start in prose and not on an escaped character."""
    view = prose_view(markdown)
    return [m for m in pattern.finditer(markdown) if view[m.start()] == markdown[m.start()]]


def substitute_live(markdown: str, pattern: re.Pattern[str], change: Callable[[re.Match[str]], str]) -> str:
    """`pattern.sub(change, markdown)`, for live matches only."""
    out, last = [], 0
    for match in live_matches(markdown, pattern):
        if match.start() < last:
            continue
        out.append(markdown[last : match.start()])
        out.append(change(match))
        last = match.end()
    out.append(markdown[last:])
    return "".join(out)


def as_shown(markdown: str) -> str:
    """The characters a reader is shown for escaped text: escapes removed, character references decoded.
    What the secret guard reads besides the source, so that no escape can hide a value from it."""
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown))


def find_placeholders(markdown: str) -> list[str]:
    """A writer's notes left in the prose (`[TODO: …]`, `[TK]`, `[Insert …]`): not in code, not escaped."""
    view = prose_view(markdown)
    return sorted({markdown[m.start() : m.end()] for m in PLACEHOLDER.finditer(view)})


# -- what a model's answer would run ---------------------------------------------------------------------

# retell's own hidden markers besides MARKER_COMMENT's `<!-- keyword: ids -->`: the author's `<!-- ok -->`.
_OK_COMMENT = re.compile(r"<!--[ \t]*ok(?::[^>]*)?[ \t]*-->", re.I)
_TEMPLATE_OPEN = re.compile(r"\{[{%#][^\n]*?(?:[}%#]\}|$)", re.M)
_SHOWN = 40  # characters of a piece of markup quoted in a message


def live_markup(markdown: str, keep: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """What in Markdown a model wrote would not be shown as written: raw HTML (other than retell's marker
    comments), template syntax outside code, links to addresses other than http(s), mailto or relative ones,
    and images other than the session's (`assets/...`). One message per item, with its line. `model_markdown`
    makes each of these inert; this says where they are, for an answerer who can still write it again.
    Lines in `keep` (the author's own, returned unchanged) are not looked at."""
    from markdown_it import MarkdownIt  # lazy, as in _block_lines

    lines = _lines(markdown)
    if keep:  # a kept line becomes plain text of its own, so the lines around it parse as before
        lines = ["x" + line[len(line.rstrip("\r\n")) :] if line.rstrip("\r\n") in keep else line for line in lines]
    text = "".join(lines)
    found: list[tuple[int, str]] = []

    class EveryLink(MarkdownIt):
        def validateLink(self, url: str) -> bool:
            return True  # see every link, as a renderer with other rules would

    for token in EveryLink("commonmark").parse(text):
        line = token.map[0] + 1 if token.map else 0
        if token.type == "html_block" and not _only_markers(token.content):
            found.append((line, f"raw HTML {_quoted(token.content)}"))
        for child in token.children or []:
            if child.type == "html_inline" and not _only_markers(child.content):
                found.append((line + _line_in(child.content, lines, line), f"raw HTML {_quoted(child.content)}"))
            elif child.type == "link_open":
                href = str(child.attrGet("href") or "")
                if not safe_url(href):
                    found.append((line + _line_in(href, lines, line), f"a link to {_quoted(href)}"))
            elif child.type == "image":
                src = str(child.attrGet("src") or "")
                if not src.startswith("assets/"):
                    where = line + _line_in(src, lines, line)
                    found.append((where, f"an image that is not one of the session's ({_quoted(src)})"))
    view = prose_view(text)
    for match in _TEMPLATE_OPEN.finditer(view):
        line = view.count("\n", 0, match.start()) + 1
        found.append((line, f"template syntax {_quoted(text[match.start() : match.end()])}"))
    return [f"line {line}: {what}" if line else what for line, what in sorted(found, key=lambda item: item[0])]


def _only_markers(html_text: str) -> bool:
    rest = MARKER_COMMENT.sub("", _OK_COMMENT.sub("", html_text))
    return not rest.strip()


def _quoted(text: str) -> str:
    one = " ".join(text.split())
    return code_span(one if len(one) <= _SHOWN else one[: _SHOWN - 1] + "…")


def _line_in(piece: str, lines: list[str], first: int) -> int:
    """How many lines after a block's first line (1-based `first`) the piece starts, for messages."""
    for offset, line in enumerate(lines[max(0, first - 1) :]):
        if piece.split("\n", 1)[0] in line:
            return offset
    return 0


# -- per target ------------------------------------------------------------------------------------------

_RAW = re.compile(r"\{%-?\s*(end)?raw\s*-?%\}")
_HUGO_OPEN = re.compile(r"\{\{([<%])")
_ESCAPED_BRACE = re.compile(r"\\([\\{}])")


def protect_for_target(markdown: str, target: str) -> str:
    """Keep literal what draft.md says is literal, for a site whose template engine reads the file first:
    escaped braces in prose become character references (every target); code spans and blocks are wrapped
    in `{% raw %}` for Jekyll, and any `{{<`/`{{%` in them takes Hugo's comment form for Hugo."""
    out: list[str] = []
    last = 0
    in_raw = False  # inside a `{% raw %}` the author wrote: already literal for Liquid
    for region in code_regions(markdown):
        prose = markdown[last : region.start]
        out.append(_entity_braces(prose))
        for tag in _RAW.finditer(prose):
            in_raw = tag.group(1) is None
        code = markdown[region.start : region.end]
        if target == "jekyll" and not in_raw:
            code = _liquid_raw(code)
        elif target == "hugo":
            code = _hugo_literal(code)
        out.append(code)
        last = region.end
    out.append(_entity_braces(markdown[last:]))
    return "".join(out)


def _entity_braces(prose: str) -> str:
    """`\\{` -> `&#123;`: the same character to a Markdown renderer, and no brace for Liquid or Hugo to read."""
    return _ESCAPED_BRACE.sub(
        lambda m: {"{": "&#123;", "}": "&#125;"}.get(m.group(1), m.group(0)),
        prose,
    )


def _liquid_raw(code: str) -> str:
    """Code as Liquid passes it through untouched; an `endraw` inside it is split so it cannot end the block."""
    if "{{" not in code and "{%" not in code:
        return code
    pieces = re.split(r"\{(?=%-?\s*endraw)", code)
    return "{% raw %}" + "{% endraw %}{{ '{' }}{% raw %}".join(pieces) + "{% endraw %}"


def _hugo_literal(code: str) -> str:
    """Code in which Hugo sees no shortcode: `{{< x >}}` is written `{{</* x */>}}`, which Hugo shows as
    `{{< x >}}`; a `{{<` that has no `>}}` (which would stop Hugo's build) gets a word joiner inside."""
    out: list[str] = []
    i = 0
    while True:
        opened = _HUGO_OPEN.search(code, i)
        if opened is None:
            out.append(code[i:])
            return "".join(out)
        kind = opened.group(1)
        closer = ">}}" if kind == "<" else "%}}"
        close = code.find(closer, opened.end())
        inner = code[opened.end() : close] if close >= 0 else ""
        out.append(code[i : opened.start()])
        if close >= 0:  # the comment form ends at the first `*/>}}`: its own, since `inner` has no `>}}`
            out.append("{{" + kind + "/*" + inner + "*/" + closer)
            i = close + 3
        else:
            out.append("{" + WORD_JOINER + "{" + kind)
            i = opened.end()
