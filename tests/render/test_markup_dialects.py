"""Session and model text as the post carries it, read by the Markdown libraries a plain site uses: markdown-it-py
(CommonMark), Python-Markdown (MkDocs, Pelican) and mistune. The same text everywhere, nothing that runs. (Hugo's
goldmark, Jekyll's kramdown and Astro's remark and MDX are run for real in tests/e2e/test_hostile_sessions.py;
this checks the same properties on generated text, in-process.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_markup import MARKUP, PROPERTY, squeeze

from retell.markup import (
    WORD_JOINER,
    character_references,
    code_block,
    code_span,
    jekyll_text,
    model_markdown,
    protect_for_target,
    session_inline,
    session_quote,
    visible_text,
)


def markdown_it(text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(text)


def python_markdown(text: str) -> str:
    import markdown

    return markdown.markdown(text, extensions=["extra", "toc"])


def mistune(text: str) -> str:
    import mistune

    return str(mistune.html(text))


DIALECTS: dict[str, Callable[[str], str]] = {
    "markdown-it": markdown_it,
    "python-markdown": python_markdown,
    "mistune": mistune,
}


class Page(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.parts: list[str] = []
        self.code: list[str] = []
        self.depth = 0
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "iframe", "object", "embed", "meta", "base", "link", "form", "svg", "math"):
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}>")
            if name in ("href", "src") and re.match(r"\s*(javascript|vbscript|data):", value or "", re.I):
                self.problems.append(f"<{tag} {name}={value}>")
        self.depth += tag == "code"

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "code" and self.depth > 0

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        if self.depth:
            self.code.append(data)

    @property
    def text(self) -> str:
        return squeeze("".join(self.parts))


def post(markdown: str) -> str:
    return protect_for_target(markdown, "plain")


@PROPERTY
@given(MARKUP)
def test_session_text_reads_the_same_in_every_dialect_and_runs_nothing(text: str) -> None:
    markdown = post(f"{session_inline(text)}\n\n{session_quote(text)}")
    reference = Page(markdown_it(markdown))
    for name, render in DIALECTS.items():
        page = Page(render(markdown))
        assert page.problems == [], name
        assert page.text == reference.text, name


@PROPERTY
@given(MARKUP)
def test_a_models_text_runs_nothing_in_any_dialect(text: str) -> None:
    markdown = post(model_markdown(text))
    for name, render in DIALECTS.items():
        assert Page(render(markdown)).problems == [], name


@PROPERTY
@given(st.text(alphabet=st.sampled_from(["`", " ", "a", "<", "*", "_", "\\"]), min_size=1, max_size=12))
def test_a_code_span_is_code_in_every_dialect(text: str) -> None:
    span = code_span(text)
    if not span:
        return
    for name, render in DIALECTS.items():
        assert "".join(Page(render(f"x {span} y")).code) == text.strip(" "), name


@PROPERTY
@given(st.text(alphabet=st.sampled_from(["`", "~", "a", " ", "\n", "<", "{"])), st.sampled_from(["", "html", "a b"]))
def test_a_code_block_is_code_in_every_dialect(text: str, info: str) -> None:
    block = code_block(text, info)

    def lines(code: str) -> list[str]:  # blank lines at the ends and spaces at line ends are not seen
        return "\n".join(line.rstrip() for line in code.split("\n")).strip("\n").split("\n")

    for name, render in DIALECTS.items():
        page = Page(render(f"before\n\n{block}\n\nafter"))
        assert lines("".join(page.code)) == lines(text), name
        assert page.text.endswith("after"), name


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("edit tests/*.py and src/*.py", "edit tests/*.py and src/*.py"),
        ("then __init__.py and __main__, not __bold__", "then __init__.py and __main__, not __bold__"),
        ("~~not struck~~ and ~tilde~ and a | b | c", "~~not struck~~ and ~tilde~ and a | b | c"),
        ("2 * 3 * 4 and **not bold** and _not em_", "2 * 3 * 4 and **not bold** and _not em_"),
        ("C:\\Users\\sam and \\<b> and &#60 and &lt", "C:\\Users\\sam and \\<b> and &#60 and &lt"),
        ("` <img src=x onerror=alert(1)> ` is code", "<img src=x onerror=alert(1)> is code"),
    ],
)
def test_session_characters_are_shown_as_typed_in_every_dialect(typed: str, shown: str) -> None:
    for name, render in DIALECTS.items():
        page = Page(render(post(session_inline(typed))))
        assert page.problems == [], name
        assert page.text == shown, name


def test_paths_globs_and_flags_are_code() -> None:
    assert session_inline("edit tests/*.py, then __init__.py") == "edit `tests/*.py`, then `__init__.py`"
    # SmartyPants (Hugo, Jekyll, Astro) shows a flag's `--` as a dash outside code: `—dangerously…`
    assert session_inline("run --json=true. --verbose, a -- b") == "run `--json=true`. `--verbose`, a -- b"
    assert model_markdown("Pass --web to open it.") == "Pass `--web` to open it."
    assert session_inline("snake_case and a_b stay words") == "snake_case and a_b stay words"


def test_bidi_controls_and_zero_width_characters_are_dropped_outside_code() -> None:
    typed = "pay\u200bpal \u202egnp.exe\u202c \u2066x\u2069 \ufeffy `a\u200bb`"
    assert session_inline(typed) == "paypal gnp.exe x y `a\u200bb`"
    assert visible_text("\U0001f468\u200d\U0001f469 and \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") == (
        "\U0001f468\u200d\U0001f469 and \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    )  # joiners between non-ASCII characters shape emoji and words: kept
    assert visible_text("pay\u200dpal") == "paypal"


@pytest.mark.parametrize(
    "typed",
    [
        "[paypal.com](https://p\u0430ypal.com/login)",  # a look-alike host
        "[https://bank.example/](https://evil.example/)",  # the text names another address
        "[bank.example](https://evil.example/)",
        "[click](javascript:alert(1))",
    ],
)
def test_a_misleading_or_script_link_is_shown_as_typed_never_followed(typed: str) -> None:
    for text in (session_inline(typed), model_markdown(typed)):
        for name, render in DIALECTS.items():
            page = Page(render(post(text)))
            assert "<a" not in render(post(text)), (name, text)
            assert page.text == typed, name


def test_a_link_that_says_where_it_goes_stays_a_link() -> None:
    for typed in ("[the docs](https://docs.example/a_b)", "[docs.example](https://docs.example/x)"):
        assert session_inline(typed) == typed
        assert model_markdown(typed) == typed


def test_a_models_references_and_autolinks_are_checked_like_inline_links() -> None:
    text = model_markdown(
        "See [the docs][d] and <javascript:alert(1)> and <https://example.org/x>.\n\n[d]: javascript:x"
    )
    assert "\\[d]: javascript:x" in text  # a definition to a script is text
    assert "\\<javascript:alert(1)>" in text
    assert "[https://example.org/x](https://example.org/x)" in text  # MDX reads no autolink: an inline link
    assert "[ok]: https://example.org" in model_markdown("[ok]: https://example.org")


def test_a_models_fences_are_closed_and_read_as_code_everywhere() -> None:
    text = model_markdown("~~~ html title\n<script>x</script>\n~~~\n\nthen\n\n```js\n<b>open")
    assert text == "```html\n<script>x</script>\n```\n\nthen\n\n```js\n<b>open\n```"
    for name, render in DIALECTS.items():
        assert Page(render(post(text))).problems == [], name


def test_a_models_code_in_a_quote_or_a_list_is_taken_out_of_it() -> None:
    quoted = "> I wrote:\n>\n> ```html\n> <script>x</script>\n> ```\n>\n> then"
    text = f"{quoted}\n\n1. Run:\n   ```\n   <b>y</b>\n   ```\n2. Done."
    safe = model_markdown(text)
    assert "\n```html\n<script>x</script>\n```\n" in safe and "\n```\n<b>y</b>\n```\n" in safe
    for name, render in DIALECTS.items():  # Python-Markdown read the HTML in them as HTML
        page = Page(render(post(safe)))
        assert page.problems == [], name
        assert "<script>x</script>" in "".join(page.code) and "<b>y</b>" in "".join(page.code), name


def test_mdx_imports_and_exports_are_text() -> None:
    assert model_markdown("import X from './x.js'") == "&#105;mport X from './x.js'"
    assert session_inline("export const x = 1") == "&#101;xport const x = 1"


def test_escapes_become_character_references_except_in_link_destinations() -> None:
    assert character_references("\\<b\\> \\* \\_ \\~ \\| \\& \\\\") == "&lt;b&gt; &#42; &#95; &#126; &#124; &amp; &#92;"
    kept = "[a\\_b](https://x.example/a\\_b) <https://x.example/\\_> <span title='\\*'>"
    assert character_references(kept) == "[a&#95;b](https://x.example/a\\_b) <https://x.example/\\_> <span title='\\*'>"


def test_a_jekyll_text_keeps_its_tags_and_links_for_jekyll_seo_tag() -> None:
    title = jekyll_text("Why <script>alert(1)</script> and [x](javascript:y) &amp; \\*")
    assert title == (
        f"Why <{WORD_JOINER}script>alert(1)<{WORD_JOINER}/script> and [x]{WORD_JOINER}(javascript:y) "
        f"&{WORD_JOINER}amp; \\{WORD_JOINER}*"
    )
