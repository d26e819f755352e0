"""Text from a session as Markdown that shows what was written and runs nothing, in every Markdown dialect.

One contract, kept at two points of the data flow (docs/markup.md says it for users, per target):

- **Where text is produced** (the offline engine, a model's answer), everything that came from the session or
  from a model is encoded before it reaches draft.md, with CommonMark backslash escapes there (readable where
  the author edits): `\\<` for HTML, `\\{`/`\\}` for template syntax, `\\*`, `\\_`, `\\~`, `\\|` in session text
  (a path or a glob becomes code instead), `]\\(` for a link to a script or a link whose text names another
  address, `!\\[` for an image the session or model named, `\\#` for a quoted line that would become a heading.
  Bidi controls and zero-width characters are dropped outside code. Code stays code, written in the one form
  every dialect reads as code: spans never opened by one backtick and a space (kramdown), fences with a
  one-word info string, closed, longer than any backtick run inside; a model's fences are rewritten so, and
  code quoted from a message is placed outside the block quote (Python-Markdown reads no fence inside one).
- **Where the post is made** (`retell render`), every backslash escape outside code becomes a character
  reference (`&lt;`, `&#42;`, `&#123;`): the same character to CommonMark, and the only escape kramdown,
  Python-Markdown, mistune and MDX all read; and code spans and blocks are protected per target from the
  template engine that reads the file first (Jekyll: `{% raw %}`; Hugo: the `{{</* … */>}}` form).

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

_MAY_BE_REFERENCE = re.compile(r"&[#A-Za-z]")
# A writer's note left for later: what the publish gate stops. retell escapes the bracket of any such note that
# comes from the session (`\[TODO …]`), so only one written in draft.md itself counts.
PLACEHOLDER = re.compile(r"\[(?:insert|todo|tbd|tk|placeholder|citation needed)\b[^\]\n]*\](?!\()", re.I)
# retell's own hidden markers a model is asked to write (`<!-- cleaned: e12 -->`): a keyword, a colon, ids.
MARKER_COMMENT = re.compile(r"<!--[ \t]*[a-z][a-z-]*:[\w \t,.:#-]*-->")
_REFERENCE_DEFINITION = re.compile(r"\[[^\]\n]+\]:")
_MODEL_DEFINITION = re.compile(r"^([ \t]{0,3})\[((?:[^\]\\\n]|\\.)+)\]:[ \t]*(\S*)")
_SETEXT_UNDERLINE = re.compile(r"^[ \t]{0,3}(?:-+|=+)[ \t]*$")
_THEMATIC_BREAK = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ORDERED_ITEM = re.compile(r"(\d{1,9})([.)])(?=[ \t]|$)")
_FENCE_OPEN = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^`\n]*)$")
_INFO_WORD = re.compile(r"[A-Za-z0-9_+#.-]*")
_BACKTICKS = re.compile(r"`+")
# CommonMark's line endings (Python's str.splitlines also splits at \x1c-\x1e, \x85, \u2028, which are not).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Bidi controls and zero-width characters: they reorder or split what a reader sees (`gnp.exe` shown for
# `exe.png`, `pay\u200bpal`) and are dropped from session and model text outside code. ZWJ and ZWNJ are kept
# between two non-ASCII characters, where they shape emoji and words (Persian, Indic scripts).
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_JOINERS = frozenset("\u200c\u200d")
# An autolink (`<https://…>`) and a URL-like word (`https://a.example/x`, `a.example`): what a link names.
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>")
_EMAIL_AUTOLINK = re.compile(
    r"<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+)>"
)
_NAMES_AN_ADDRESS = re.compile(
    r"^\s*(?:[a-z][a-z0-9+.-]*://)?((?:[\w-]+\.)+[a-z\w-]{2,})(?::\d+)?(?:[/?#]\S*)?\s*$", re.I
)
# A path or a glob in session prose (`tests/*.py`, `__init__.py`, `~/src`): shown as code, where `*` and `_`
# read as they were typed in every dialect, rather than as a string of backslashes.
_PATH_WORD = re.compile(r"[\w.*?~/+-]*[\w*?/]")
# A command-line flag (`--dangerously-skip-permissions`, `--json=true`): code too, where SmartyPants (Hugo, Jekyll,
# Astro) would show its `--` as a dash.
_FLAG_WORD = re.compile(r"--[A-Za-z][\w-]*(?:=[\w./:@-]*[\w/@-])?")
_BARE_URL = re.compile(r"(?:https?|ftp)://[^\s<>`]+", re.I)
_MDX_ESM = re.compile(r"(import|export)(?=[ \t{*])")
# An inline link's destination (and optional title) that every dialect reads the same way.
_PLAIN_DESTINATION = re.compile(r"""\((?:[^\s()<>"'`{}\\]|\([^\s()<>"'`{}\\]*\))+(?:[ ]+"[^"\\<>`{}\n]*")?\)""")


def _lines(text: str) -> list[str]:
    """Lines with their endings, as a CommonMark parser counts them."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)


SESSION = "session"  # typed text: backslashes are characters, structure is neutralised
MODEL = "model"  # Markdown a model wrote: its structure and escapes are kept, its HTML and templates are not


def visible_text(text: str) -> str:
    """`text` without bidi controls and zero-width characters (ZWJ/ZWNJ kept between non-ASCII characters)."""
    text = _INVISIBLE.sub("", text)
    if not any(ch in _JOINERS for ch in text):
        return text
    out = []
    for i, ch in enumerate(text):
        if ch in _JOINERS and not (0 < i < len(text) - 1 and ord(text[i - 1]) > 127 and ord(text[i + 1]) > 127):
            continue
        out.append(ch)
    return "".join(out)


def _invisible_at(line: str, i: int) -> bool:
    ch = line[i]
    if _INVISIBLE.match(ch):
        return True
    return ch in _JOINERS and not (0 < i < len(line) - 1 and ord(line[i - 1]) > 127 and ord(line[i + 1]) > 127)


# -- code ----------------------------------------------------------------------------------------------


def code_span(text: str) -> str:
    """`text` as one inline code span every dialect reads as code: on one line, without spaces at its ends
    (Python-Markdown strips them, CommonMark one each), fenced with one backtick more than its longest run, and
    padded with a space only when it starts or ends with a backtick, where the fence is then at least two long
    (kramdown reads no span opened by one backtick and a space)."""
    text = " ".join(_LINE_BREAK.split(text)).strip(" ")
    if not text:
        return ""
    fence = "`" * (_longest_run(text, "`") + 1)
    pad = text[0] == "`" or text[-1] == "`"
    return f"{fence} {text} {fence}" if pad else f"{fence}{text}{fence}"


def code_block(text: str, info: str = "") -> str:
    """`text` as a fenced code block whose fence no line of it can close, with a one-word info string (kramdown
    and Python-Markdown read no fence with more), opened and closed by the same fence (Python-Markdown closes
    only on the same one)."""
    fence = "`" * max(3, _longest_run(text, "`") + 1)
    word = _INFO_WORD.match(info.strip())
    return f"{fence}{word.group(0) if word else ''}\n{text.rstrip(chr(13) + chr(10))}\n{fence}"


def _longest_run(text: str, char: str) -> int:
    return max((len(m.group(0)) for m in re.finditer(re.escape(char) + "+", text)), default=0)


# -- plain text -----------------------------------------------------------------------------------------


def md_text(text: str) -> str:
    """Plain text (a caption, alt text, a name) as inline Markdown that shows every character as it is."""
    text = " ".join(visible_text(text).split())
    out = []
    for i, ch in enumerate(text):
        if ch == "_" and 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
            out.append(ch)  # inside a word (snake_case, a token's prefix) it is never emphasis
        elif ch in "\\`*_[]<>{}~|!":
            out.append("\\" + ch)
        elif ch == "&" and _MAY_BE_REFERENCE.match(text, i):
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
    """A front-matter value: one line of plain text (control characters and line breaks become spaces, bidi
    controls and zero-width characters go). YAML quoting is the template's `yaml` filter; themes escape the value
    for HTML themselves."""
    text = visible_text(text)
    return " ".join("".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text).split())


_SEO_TAG = re.compile(r"<(?=[A-Za-z/!?])")
_KRAMDOWN_ESCAPE = re.compile(r"\\(?=[\\.*_+\-`()\[\]{}#!:|\"'$=<>])")
_SEO_ENTITY = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)")


def jekyll_text(text: str) -> str:
    """A front-matter title or description for Jekyll, read two ways there: as plain text by the layout (minima prints
    `page.title | escape`) and as Markdown by jekyll-seo-tag and jekyll-feed (`markdownify`, then `strip_html`):
    a word joiner (invisible) after a `<` that would start a tag and after a `&` that would start an entity
    keeps both readings the same, where the plugins would drop `<script>…</script>` and its words; one between
    `](` keeps a link's address. (Emphasis and code in a title still lose their `*`, `_` and backticks there.)"""
    text = front_matter_text(text)
    text = _SEO_TAG.sub("<" + WORD_JOINER, text)
    text = text.replace("](", "]" + WORD_JOINER + "(")  # no link either (strip_html would keep its text only)
    text = _KRAMDOWN_ESCAPE.sub("\\\\" + WORD_JOINER, text)  # and a backslash is not an escape
    return _SEO_ENTITY.sub("&" + WORD_JOINER, text)


# -- session text ----------------------------------------------------------------------------------------


def session_inline(text: str) -> str:
    """Session words to place inside a sentence: one line, code spans kept, everything else inert."""
    line = " ".join(text.split())
    return _guard_line_start(line, _encode_line(line, SESSION))


def session_markdown(text: str) -> str:
    """A message from the session as Markdown blocks: its fenced code kept as code blocks, each paragraph
    on one line with its inline code kept and everything else inert."""
    return "\n\n".join(markdown for _kind, markdown in _session_parts(text))


def session_quote(text: str) -> str:
    """A message from the session as a block quote: its paragraphs quoted, each code block placed between
    the quoted parts, outside the quote (Python-Markdown reads no fenced code inside a block quote, and would
    publish its HTML)."""
    parts: list[str] = []
    quoted: list[str] = []
    for kind, markdown in _session_parts(text):
        if kind == "code":
            if quoted:
                parts.append(blockquote("\n\n".join(quoted)))
                quoted = []
            parts.append(markdown)
        else:
            quoted.append(markdown)
    if quoted:
        parts.append(blockquote("\n\n".join(quoted)))
    return "\n\n".join(parts)


def blockquote(markdown: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in _LINE_BREAK.split(markdown))


def _session_parts(text: str) -> Iterator[tuple[str, str]]:
    for kind, content, info in _session_blocks(text):
        if kind == "code":
            yield "code", code_block(content, info)
        else:
            paragraph = session_inline(content)
            if paragraph:
                yield "prose", paragraph


def code_blocks(text: str) -> list[str]:
    """The contents of the fenced code blocks of typed text (an unclosed fence runs to the end)."""
    return [content for kind, content, _ in _session_blocks(text) if kind == "code"]


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
    http(s)/mailto/relative addresses stay; raw HTML, template syntax, links to other schemes (inline, by
    reference or autolinked), links whose text names another address and images other than the session's
    (`assets/…`) are shown as text. Its code blocks are rewritten in the form every dialect reads (closed, a
    one-word info string, fenced). retell's own marker comments are kept."""
    markdown = _canonical_code_blocks(markdown)
    lines = _lines(markdown)
    code_lines, table_lines = _block_lines(markdown)
    out = []
    for number, line in enumerate(lines):
        if number in code_lines:
            out.append(line)
            continue
        body = line.rstrip("\r\n")
        ending = line[len(body) :]
        if _SETEXT_UNDERLINE.match(body) and number > 0 and number - 1 not in code_lines and lines[number - 1].strip():
            body = re.sub(r"^([ \t]*)", r"\1\\", body, count=1)  # dialects disagree on a setext heading's lines
        definition = _MODEL_DEFINITION.match(body)
        if definition:
            destination = definition.group(3) or _first_word(lines[number + 1] if number + 1 < len(lines) else "")
            if not _followable(definition.group(2), _unescape(destination.strip("<>"))):
                body = f"{definition.group(1)}\\{body[len(definition.group(1)) :]}"  # shown as text
        encoded = _encode_line(body, MODEL, table=number in table_lines)
        out.append(_guard_mdx(encoded) + ending)
    return "".join(out)


def _first_word(line: str) -> str:
    words = line.split()
    return words[0] if words else ""


def _canonical_code_blocks(markdown: str) -> str:
    """The model's code blocks rewritten as retell writes code: an unclosed fence closed where CommonMark ends
    it, a `~~~ html title` fence given its first word only, an indented block fenced (MDX reads no indented
    code), a block in a quote or a list item taken out of it (Python-Markdown reads no fence there)."""
    from markdown_it import MarkdownIt  # lazy: only drafting and rendering need it

    lines = _lines(markdown)
    tokens = [
        t
        for t in MarkdownIt("commonmark").enable("table").parse(markdown)
        if t.type in ("fence", "code_block") and t.map is not None
    ]
    for token in reversed(tokens):
        start, end = token.map  # type: ignore[misc]  # tokens without a map are filtered out above
        info = token.info.split()[0] if token.info.split() else ""
        content = token.content[:-1] if token.content.endswith("\n") else token.content
        block = [f"{line}\n" for line in code_block(content, info).split("\n")]
        if token.level > 0:
            # in a quote or a list item, where Python-Markdown reads no fence (and published its HTML): the
            # code is taken out of the container, which ends before it (and a quote resumes after it)
            block = ["\n", *block, "\n"]
        if end >= len(lines) and not lines[-1].endswith(("\n", "\r")):
            block[-1] = block[-1][:-1]  # the text ended there, without a line break
        lines[start:end] = block
    return "".join(lines)


def fenced_blocks_apart(markdown: str) -> str:
    """`markdown` with a blank line before and after each fenced code block of the text itself (not one inside a
    list item or a quote, whose lines are the container's): CommonMark ends a paragraph at a fence, but some
    renderers glue a paragraph to the block right after its closing fence, and a post read either way should
    look one way (a marker on the line after a fence, once removed, left the two touching)."""
    from markdown_it import MarkdownIt  # lazy: only drafting and rendering need it

    lines = _lines(markdown)
    apart: set[int] = set()  # line numbers before which a blank line goes
    for token in MarkdownIt("commonmark").enable("table").parse(markdown):
        if token.type != "fence" or token.level > 0 or token.map is None:
            continue
        start, end = token.map
        if start > 0 and lines[start - 1].strip():
            apart.add(start)
        if end < len(lines) and lines[end].strip():
            apart.add(end)
    if not apart:
        return markdown
    out: list[str] = []
    for number, line in enumerate(lines):
        if number in apart:
            before = out[-1] if out else ""
            if not before.endswith(("\n", "\r")):
                out[-1] = before + "\n"  # a closing fence that ended the text without a line break
            out.append("\n")
        out.append(line)
    return "".join(out)


def _guard_mdx(encoded: str) -> str:
    """A line that MDX would read as a JavaScript import or export (run at build time): its first letter as a
    character reference, the same letter to every other dialect."""
    match = _MDX_ESM.match(encoded)
    if match is None:
        return encoded
    return f"&#{ord(encoded[0])};{encoded[1:]}"


# -- the inline encoder -------------------------------------------------------------------------------------


def _encode_line(line: str, mode: str, *, table: bool = False) -> str:
    """One line of inline text. Code spans never cross a line here: a backtick run without a partner on the
    same line is escaped, so no renderer can pair it with another and read the text between as code."""
    out: list[str] = []
    i, n = 0, len(line)
    closing = _closing_runs(line)
    dead_links: set[int] = set()  # where the `](` of a link shown as text is
    live_links: dict[int, int] = {}  # where the `](` of a link kept is -> where its `)` is
    while i < n:
        ch = line[i]
        nxt = line[i + 1] if i + 1 < n else ""
        if _invisible_at(line, i):
            i += 1
            continue
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
                out.append(code_span(_span_content(line[i + run : end])) or "\\`" * run)
                i = end + run
            else:
                out.append("\\`" * run)
                i += run
            continue
        bare = _BARE_URL.match(line, i) if (i == 0 or line[i - 1] in " \t(\"'") else None
        if bare and not (_host(bare.group(0)) or "").isascii():
            out.append(code_span(bare.group(0)))  # a look-alike host: shown, never autolinked (GFM)
            i = bare.end()
            continue
        if (i == 0 or line[i - 1] in " \t(\"'") and ch not in "<[!{&":
            word = _path_word(line, i, mode)
            if word:
                out.append(code_span(word))
                i += len(word)
                continue
        if ch == "<":
            marker = MARKER_COMMENT.match(line, i) if mode == MODEL else None
            auto = (_AUTOLINK.match(line, i) or _EMAIL_AUTOLINK.match(line, i)) if mode == MODEL else None
            if marker:
                out.append(marker.group(0))
                i = marker.end()
            elif auto and _followable("", auto.group(1) if ":" in auto.group(1) else f"mailto:{auto.group(1)}"):
                address = auto.group(1)  # an inline link (MDX reads no autolink), named as written
                target = address if ":" in address else f"mailto:{address}"
                out.append(f"[{md_text(address)}]({_destination(target)})")
                i = auto.end()
            else:
                out.append("\\<")
                i += 1
            continue
        if ch == "[" and not (i > 0 and line[i - 1] == "!" and out and out[-1].endswith("\\[")):
            link = _inline_link(line, i)
            if link is not None:
                close, end = link
                if _followable(line[i + 1 : close], _link_destination(line, close + 2)) and end is not None:
                    live_links[close] = end  # its destination is copied as written
                elif end is not None and "`" not in line[i : end + 1]:
                    out.append(code_span(line[i : end + 1]))  # as typed, and no URL in it autolinked (GFM)
                    i = end + 1
                    continue
                else:
                    dead_links.add(close)
                    out.append("\\[")
                    i += 1
                    continue
        if ch in "{}":
            out.append("\\" + ch)
        elif ch == "&" and mode == SESSION and _MAY_BE_REFERENCE.match(line, i):
            out.append("&amp;")  # browsers read `&#62` and `&lt` without the `;` too
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
        elif ch == "]" and i in live_links:
            out.append(line[i : live_links[i] + 1])
            i = live_links[i] + 1
            continue
        elif ch == "]" and nxt == "(" and (i in dead_links or not safe_url(_link_destination(line, i + 2))):
            out.append("\\]\\(")
            i += 2
            continue
        elif mode == SESSION and ch in "*~|":
            out.append("\\" + ch)
        elif mode == SESSION and ch == "_" and not (0 < i < n - 1 and line[i - 1].isalnum() and nxt.isalnum()):
            out.append("\\_")
        elif mode == MODEL and ch == "|" and not table:
            out.append("\\|")  # kramdown reads any line with a `|` as a table row
        elif mode == MODEL and ch == "~":
            out.append("\\~")  # strikethrough: one tilde or two by dialect, none in Python-Markdown
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _span_content(raw: str) -> str:
    """A code span's content as CommonMark reads it: line endings as spaces, one space stripped from each end
    when both ends have one."""
    raw = " ".join(_LINE_BREAK.split(raw))
    if len(raw) >= 2 and raw[0] == " " and raw[-1] == " " and raw.strip(" "):
        raw = raw[1:-1]
    return raw


def _path_word(line: str, i: int, mode: str) -> str:
    """The path or glob starting at `i` (`tests/*.py`, `__init__.py`, `~/x`) that `*`, `_` or `~` would turn into
    markup, or the command-line flag (`--json`) a typographer would turn into a dash, to be shown as code; ""
    when there is none."""
    flag = _FLAG_WORD.match(line, i)
    if flag and (flag.end() == len(line) or line[flag.end()] in " \t,;:)!?\"'."):
        return flag.group(0)  # `--json`: no typographer makes it `–json`
    match = _PATH_WORD.match(line, i)
    if match is None:
        return ""
    word = match.group(0)
    after = line[match.end() : match.end() + 1]
    if after and after not in " \t,;:)!?\"'.":
        return ""
    looks_like_path = "/" in word or re.search(r"\.\w+$", word) or re.fullmatch(r"__\w+__", word)
    would_be_markup = "*" in word or word.startswith("~") or re.search(r"(^|[^A-Za-z0-9])_|_($|[^A-Za-z0-9])", word)
    wrapped = mode == MODEL and word[0] in "*_" and word[-1] == word[0]  # `**src/app.py**`: a model's bold
    return word if looks_like_path and would_be_markup and not wrapped and "`" not in word else ""


def _inline_link(line: str, start: int) -> tuple[int, int | None] | None:
    """(where the `]` is, where the `)` is) of an inline link whose `[` is at `start`; the `)` is None when the
    destination is not a plain one every dialect reads alike (no title, no spaces, quotes, angle brackets,
    braces or backslashes). None when there is no inline link there."""
    depth, j = 0, start + 1
    while j < len(line):
        if line[j] == "\\":
            j += 2
            continue
        if line[j] == "[":
            depth += 1
        elif line[j] == "]":
            if depth == 0:
                if line[j + 1 : j + 2] != "(":
                    return None
                plain = _PLAIN_DESTINATION.match(line, j + 1)
                return j, (plain.end() - 1) if plain else None
            depth -= 1
        j += 1
    return None


def _followable(text: str, url: str) -> bool:
    """A link a reader can follow for what it says: a safe scheme, a host in plain ASCII (no look-alike letters),
    and no text naming another address than the one it goes to."""
    if not safe_url(url):
        return False
    host = _host(url)
    if host is not None and not host.isascii():
        return False
    named = _NAMES_AN_ADDRESS.match(_unescape(re.sub(r"[`*_]", "", text)))
    return named is None or (host is not None and named.group(1).lower() == host.lower())


def _host(url: str) -> str | None:
    match = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)", url.strip())
    if match:
        return match.group(1)
    mail = re.match(r"^mailto:[^@]+@([^?]+)", url.strip(), re.I)
    return mail.group(1) if mail else None


def _destination(url: str) -> str:
    """A URL as an inline link's destination: the characters that would end it percent-encoded."""
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")


def _unescape(text: str) -> str:
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text))


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
    return _unescape(raw)


def safe_url(url: str) -> bool:
    """True for a link a reader can follow without running anything: http(s), mailto, or no scheme at all."""
    squeezed = "".join(ch for ch in url if ord(ch) > 32 and ord(ch) != 127).lower()
    scheme = re.match(r"([^/?#]*?):", squeezed)
    return scheme is None or scheme.group(1) in SAFE_SCHEMES


def _guard_line_start(raw: str, encoded: str) -> str:
    """Escape what would turn a line into a heading, quote, list, rule, fence, definition or (in MDX) an
    import or export."""
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
    return _guard_mdx(encoded)


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
    What the secret guard reads besides the source, so that no escape can hide a value from it. Code is
    shown as written (a backslash there is a character: `C:\\Users\\me\\.claude` is not `me.claude`)."""
    out, last = [], 0
    for region in code_regions(markdown):
        out.append(_unescaped(markdown[last : region.start]))
        out.append(markdown[region.start : region.end])
        last = region.end
    out.append(_unescaped(markdown[last:]))
    return "".join(out)


def _unescaped(prose: str) -> str:
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", prose))


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
# What stays as written in prose: an inline link's destination and title, an autolink, the author's own HTML
# tags and comments, a reference definition's line (dialects differ on references there; escapes stay escapes).
_AS_WRITTEN = re.compile(
    r"\]\((?:[^()\s]|\([^()\s]*\))*(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?[ \t]*\)"
    r"|<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>"
    r"|<!--.*?-->|</?[A-Za-z][^<>]*>"
    r"|^[ \t]{0,3}\[[^\]\n]+\]:[^\n]*",
    re.M | re.S,
)
_CHARACTER_REFERENCE = {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;"}


def protect_for_target(markdown: str, target: str) -> str:
    """Keep literal what draft.md says is literal, in every dialect and for a site whose template engine reads
    the file first: backslash escapes in prose become character references (every target); code spans and
    blocks are wrapped in `{% raw %}` for Jekyll, and any `{{<`/`{{%` in them takes Hugo's comment form for
    Hugo."""
    out: list[str] = []
    last = 0
    in_raw = False  # inside a `{% raw %}` the author wrote: already literal for Liquid
    for region in code_regions(markdown):
        prose = markdown[last : region.start]
        out.append(_braces_in_links(character_references(prose)))
        for tag in _RAW.finditer(prose):
            in_raw = tag.group(1) is None
        code = markdown[region.start : region.end]
        if target == "jekyll" and not in_raw:
            code = _liquid_raw(code)
        elif target == "hugo":
            code = _hugo_literal(code)
        out.append(code)
        last = region.end
    out.append(_braces_in_links(character_references(markdown[last:])))
    return "".join(out)


_BRACE_ENCODED = {"{": "%7B", "}": "%7D"}
_BRACE_REFERENCE = {"{": "&#123;", "}": "&#125;"}


def _braces_in_links(prose: str) -> str:
    """A brace in what prose keeps as written (a link's destination, an autolink, an HTML tag) as a template
    engine cannot read it: percent-encoded in a URL (CommonMark's href is the same), a character reference in
    a tag or a link's title. Liquid reads `{%` anywhere in the file: `[x](http://a{%)` stopped a Jekyll build."""
    if "{" not in prose and "}" not in prose:
        return prose

    def encoded(match: re.Match[str]) -> str:
        kept = match.group(0)
        if "{" not in kept and "}" not in kept:
            return kept
        if kept.startswith("](") or (kept.startswith("<") and ":" in kept and not kept.startswith("</")):
            title = re.search(r"[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*')[ \t]*\)\Z", kept) if kept.startswith("](") else None
            cut = title.start() if title else len(kept)
            url = re.sub(r"[{}]", lambda brace: _BRACE_ENCODED[brace.group(0)], kept[:cut])
            return url + re.sub(r"[{}]", lambda brace: _BRACE_REFERENCE[brace.group(0)], kept[cut:])
        if kept.startswith("<!--") or kept.lstrip().startswith("["):
            return kept  # a comment or a reference definition: left as it was (the lint reports template syntax)
        return re.sub(r"[{}]", lambda brace: _BRACE_REFERENCE[brace.group(0)], kept)

    return _AS_WRITTEN.sub(encoded, prose)


def character_references(prose: str) -> str:
    """Each backslash escape in `prose` (`\\<`, `\\*`, `\\{`) as a character reference (`&lt;`, `&#42;`, `&#123;`):
    the same character to CommonMark, and the one escape kramdown (which has no `\\~` or `\\&`), Python-Markdown
    (no `\\<`, `\\|`, `\\~`), mistune and MDX all read; and no brace left for Liquid or Hugo. Link destinations,
    autolinks and the author's HTML keep theirs."""
    chars = list(prose)
    escapes = []
    i = 0
    while i < len(chars) - 1:
        if chars[i] == "\\" and chars[i + 1] in ASCII_PUNCTUATION:
            escapes.append(i)
            chars[i] = chars[i + 1] = "\0"
            i += 2
        else:
            i += 1
    if not escapes:
        return prose
    kept = [(m.start(), m.end()) for m in _AS_WRITTEN.finditer("".join(chars))]
    out, last = [], 0
    for at in escapes:
        if any(start <= at < end for start, end in kept):
            continue
        char = prose[at + 1]
        out.append(prose[last:at])
        out.append(_CHARACTER_REFERENCE.get(char, f"&#{ord(char)};"))
        last = at + 2
    out.append(prose[last:])
    return "".join(out)


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
