"""A session full of markup, and each target's post rendered the way its site would render it.

- Hugo: a real build, with default settings and with `markup.goldmark.renderer.unsafe = true`, in a site that
  has a `boom` shortcode (so a shortcode that ran would print BOOM-SHORTCODE-RAN; one that Hugo could not find
  would stop the build).
- Jekyll: Liquid first (python-liquid, with an `include` that prints BOOM-INCLUDE-RAN and a `site.title` of
  SITE-TITLE-RAN), then a CommonMark renderer with raw HTML on, then a layout that escapes the title as
  minima does.
- Astro (and plain): a CommonMark renderer with raw HTML on, as Astro renders `.md`.

`Rendered` reads the resulting HTML back: its tags and attributes (no script may run), and its text as a
reader sees it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml
from conftest import Transcript, text_block, usage

RAN = ("BOOM-SHORTCODE-RAN", "BOOM-INCLUDE-RAN", "SITE-TITLE-RAN")

# The author's first message; its first line becomes the post's title.
FIRST_ASK = (
    "Why does <script>alert(document.cookie)</script> run on my {{ site.title }} page?\n"
    "\n"
    'And <img src=x onerror=alert(1)> too, and <a href="javascript:alert(2)" onclick="alert(3)">this link</a>, '
    "[click me](javascript:alert(4)) and <javascript:alert(5)>. The template says {% include boom.html %}, "
    "{{< boom >}}, {{% boom %}} and {{< youtube dQw4w9WgXcQ >}}; the island is "
    "<Counter client:load count={1 + 1} /> with {props.value} and {% endraw %}."
)
CLAUDE_ANSWER = (
    "The template renders `<div>{{ banner|safe }}</div>` as it is, and the `|safe` filter means "
    "<script>alert(6)</script> is emitted as markup instead of text, so the browser runs it."
)
SNIPPET_ASK = (
    "# Heading from the session\n"
    "\n"
    "Here is the snippet:\n"
    "\n"
    "```html\n"
    "<script>alert(7)</script>\n"
    '<div onmouseover="alert(8)">{{ banner|safe }}</div>\n'
    "{% raw %}{{ x }}{% endraw %} and a stray {% endraw %}\n"
    "{{< boom >}} and {{< unclosed\n"
    "```\n"
    "\n"
    "- not a list item, and ![tracker](https://evil.example/pixel.png)\n"
    "[TODO: fix the header] and [x]: javascript:alert(9)"
)
CLAUDE_CLOSING = (
    "Found it: the real problem is `{{< boom >}}` in the layout, which Hugo runs as a shortcode; written as "
    "`{{</* boom */>}}` it shows as text. The fix escapes <b onmouseover=alert(10)>every</b> tag."
)
# What a reader must see, character for character, on every target.
LITERALS = (
    "<script>alert(document.cookie)</script>",
    "{{ site.title }}",
    "<img src=x onerror=alert(1)>",
    "[click me](javascript:alert(4))",
    "{% include boom.html %}",
    "{{< boom >}}",
    "{{% boom %}}",
    "{{< youtube dQw4w9WgXcQ >}}",
    "<Counter client:load count={1 + 1} />",
    "{props.value}",
    "<div>{{ banner|safe }}</div>",
    "{% raw %}{{ x }}{% endraw %} and a stray {% endraw %}",
    "{{< boom >}} and {{< unclosed",
    "# Heading from the session",
    "- not a list item",
    "![tracker](https://evil.example/pixel.png)",
    "[TODO: fix the header]",
    "{{</* boom */>}}",
)


def hostile_session(folder: Path) -> tuple[Path, list[str]]:
    """The session file, and the author's messages (every word of which the post quotes)."""
    tx = Transcript(cwd="/srv/demo/my<site>")
    tx.user(FIRST_ASK)
    tx.assistant(CLAUDE_ANSWER, usage_=usage(output_tokens=500))
    tx.tool_call("Read", {"file_path": "/srv/demo/my<site>/layouts/shortcodes/{{boom}}.html"}, "{{ .Inner }}")
    tx.tool_call(
        "Edit",
        {"file_path": "/srv/demo/my<site>/layouts/_default/single.html", "old_string": "a", "new_string": "b"},
        "The file has been updated.",
    )
    tx.tool_call("Bash", {"command": "echo '<b>{{ x }}</b>'"}, "<b>{{ x }}</b>")
    tx.user([text_block(SNIPPET_ASK)])
    tx.assistant("Looking at the layout now, then the template that prints the banner.")
    tx.assistant(CLAUDE_CLOSING)
    path = tx.write(folder / "claude" / "projects" / "-srv-demo-my-site" / f"{tx.session_id}.jsonl")
    return path, [FIRST_ASK, SNIPPET_ASK]


# -- rendering as each site does ---------------------------------------------------------------------------


def split_page(text: str) -> tuple[dict[str, Any], str]:
    end = text.index("\n---\n", 4)
    meta = yaml.safe_load(text[4:end])
    assert isinstance(meta, dict)
    return meta, text[end + 5 :]


def commonmark_with_html(markdown: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(markdown)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render_jekyll(page: str) -> str:
    """Jekyll's order: Liquid over the post's body, then Markdown, then the layout (which escapes the title)."""
    from liquid import DictLoader, Environment

    meta, body = split_page(page)
    env = Environment(loader=DictLoader({"boom.html": "BOOM-INCLUDE-RAN"}))
    after_liquid = env.from_string(body).render(site={"title": "SITE-TITLE-RAN"}, page=meta)
    content = commonmark_with_html(after_liquid)
    layout = env.from_string(
        "<!DOCTYPE html><html><head><title>{{ page.title | escape }}</title></head>"
        "<body><h1>{{ page.title | escape }}</h1>{{ content }}</body></html>"
    )
    return layout.render(page=meta, content=content)


def render_markdown_site(page: str) -> str:
    """Astro's `.md` (and a plain Markdown site): CommonMark with GFM, raw HTML passed through; the layout
    escapes the title as JSX does."""
    meta, body = split_page(page)
    title = _escape(str(meta["title"]))
    return (
        f"<!DOCTYPE html><html><head><title>{title}</title></head><body><h1>{title}</h1>"
        f"{commonmark_with_html(body)}</body></html>"
    )


HUGO_CONFIG = """\
baseURL = "https://example.org/"
title = "retell markup e2e"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "404"]
"""
HUGO_UNSAFE = "\n[markup.goldmark.renderer]\nunsafe = true\n"


def build_hugo(hugo: str, bundle: Path, tmp: Path, *, unsafe: bool) -> str:
    """The built post's HTML, from a site with a `boom` shortcode (and raw HTML on when `unsafe`)."""
    from hugo_site import LAYOUTS

    site = (tmp / ("hugo-unsafe" if unsafe else "hugo-default")).resolve()
    (site / "layouts" / "_default").mkdir(parents=True)
    (site / "layouts" / "shortcodes").mkdir(parents=True)
    (site / "hugo.toml").write_text(HUGO_CONFIG + (HUGO_UNSAFE if unsafe else ""), encoding="utf-8")
    for name, text in LAYOUTS.items():
        (site / "layouts" / "_default" / name).write_text(text, encoding="utf-8")
    (site / "layouts" / "shortcodes" / "boom.html").write_text("BOOM-SHORTCODE-RAN", encoding="utf-8")
    shutil.copytree(bundle, site / "content" / "posts" / bundle.name)
    out = site.parent / (site.name + "-public")
    command = [hugo, "--source", str(site), "--destination", str(out), "--quiet", "--panicOnWarning", "--buildDrafts"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, (result.returncode, result.stderr)
    meta, _ = split_page((bundle / "index.md").read_text(encoding="utf-8"))
    return (out / "posts" / str(meta["slug"]) / "index.html").read_text(encoding="utf-8")


# -- reading the HTML back ---------------------------------------------------------------------------------


@dataclass
class Rendered:
    html: str
    tags: list[tuple[str, list[tuple[str, str | None]]]] = field(default_factory=list)
    title: str = ""
    text: str = ""  # what a reader sees, whitespace collapsed and typography made plain


class _Reader(HTMLParser):
    def __init__(self, page: Rendered) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.parts: list[str] = []
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.tags.append((tag, attrs))
        self.in_title = tag == "title"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.tags.append((tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.page.title += data
        else:
            self.parts.append(data)


_TYPOGRAPHY = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2026": "...", "\u2013": "--"}


def plain_text(text: str) -> str:
    """Text as a reader compares it: typography made plain, the invisible word joiner dropped, spaces collapsed."""
    for fancy, simple in _TYPOGRAPHY.items():
        text = text.replace(fancy, simple)
    return " ".join(text.replace("\u2060", "").split())


def read(html: str) -> Rendered:
    page = Rendered(html)
    reader = _Reader(page)
    reader.feed(html)
    reader.close()
    page.text = plain_text("".join(reader.parts))
    page.title = plain_text(page.title)
    return page


_URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "poster", "data")


def script_problems(page: Rendered) -> list[str]:
    """Everything in the page that would run: script elements, frames, on… handlers, script URLs."""
    problems = []
    for tag, attrs in page.tags:
        if tag in ("script", "iframe", "object", "embed"):
            problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.lower().startswith("on"):
                problems.append(f"<{tag} {name}=…>")
            squeezed = re.sub(r"[\x00-\x20]", "", value or "").lower()
            if name.lower() in _URL_ATTRIBUTES and squeezed.startswith(("javascript:", "vbscript:", "data:")):
                problems.append(f"<{tag} {name}={value!r}>")
    if "<script" in page.html.lower():
        problems.append("<script in the HTML source")
    return problems


def missing_words(page_text: str, message: str) -> list[str]:
    """Words of the author's `message` that the page does not show, in order (fence lines are markup)."""
    lines = [ln for ln in message.splitlines() if not re.match(r"^\s*(```|~~~)", ln)]
    position, missing = 0, []
    for word in plain_text("\n".join(lines)).split():
        found = page_text.find(word, position)
        if found < 0:
            missing.append(word)
        else:
            position = found + len(word)
    return missing
