"""The post's Markdown as HTML, the way its site shows it: CommonMark with GitHub's tables and strikethrough
(what Hugo's Goldmark, kramdown's GFM mode and Astro all read), code highlighted by Pygments, heading ids
for in-page links, and raw HTML as the target treats it (Hugo omits it by default; the others pass it on)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

from retell.render.images import PublishedImage

LIGHT_STYLE = "default"  # Pygments styles of highlighted code
DARK_STYLE = "monokai"
HUGO_OMITTED = "<!-- raw HTML omitted -->"  # what Hugo writes for raw HTML unless `unsafe = true`
# Jekyll runs Liquid over the whole file before Markdown: `{% raw %}…{% endraw %}` shows what is inside as
# written, and the tags themselves never reach the page. Other Liquid is the site's, and is not run here.
# A "-" inside the tag also removes the whitespace on that side, as in Liquid.
_LIQUID_RAW = re.compile(r"(?P<before>\s*)\{%(?P<left>-?)\s*(?:end)?raw\s*(?P<right>-?)%\}(?P<after>\s*)")


def _liquid_raw(match: re.Match[str]) -> str:
    before = "" if match.group("left") else match.group("before")
    return before + ("" if match.group("right") else match.group("after"))


def to_html(markdown: str, *, target: str, images: Mapping[str, PublishedImage]) -> str:
    """`markdown` (a post's body, without front matter) as HTML. `images` maps each link the post uses for
    a published image to that image, which the preview keeps beside the page under its own name."""
    if target == "jekyll":
        markdown = _LIQUID_RAW.sub(_liquid_raw, markdown)
    md = MarkdownIt("commonmark", {"html": True, "highlight": highlight}).enable(["table", "strikethrough"])
    md.core.ruler.push("heading_ids", _heading_ids)
    md.add_render_rule("image", _image_rule(images))
    if target == "hugo":
        md.add_render_rule("html_block", lambda *_: HUGO_OMITTED + "\n")
        md.add_render_rule("html_inline", lambda *_: HUGO_OMITTED)
    return str(md.render(markdown))


def highlight(code: str, lang: str, _attrs: str) -> str:
    """A fenced block in Pygments' colours, when its language is known; "" leaves it plain."""
    from pygments import highlight as pygmentize
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    if not lang:
        return ""
    try:
        lexer = get_lexer_by_name(lang, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return ""
    spans = pygmentize(code, lexer, HtmlFormatter(nowrap=True))
    return f'<pre class="highlight"><code class="language-{escapeHtml(lang)}">{spans}</code></pre>'


def highlight_css() -> str:
    """The colours of highlighted code: a light style, and a dark one when the reader's system is dark."""
    from pygments.formatters import HtmlFormatter

    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")
    dark = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}"


def _image_rule(images: Mapping[str, PublishedImage]) -> Any:
    def render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        image = images.get(str(token.attrGet("src") or ""))
        if image is not None:
            token.attrSet("src", image.name)
            token.attrSet("width", str(image.width))  # the page does not jump while images load
            token.attrSet("height", str(image.height))
        return str(self.image(tokens, idx, options, env))

    return render


def _heading_ids(state: Any) -> None:
    """Each heading gets the id Hugo would give it (GitHub's style), so `[…](#a-heading)` works."""
    seen: dict[str, int] = {}
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or index + 1 >= len(tokens):
            continue
        text = "".join(child.content for child in tokens[index + 1].children or [] if child.content)
        base = heading_id(text) or "section"
        count = seen.get(base, 0)
        seen[base] = count + 1
        token.attrSet("id", base if count == 0 else f"{base}-{count}")


def heading_id(text: str) -> str:
    return re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", text.strip().lower()))
