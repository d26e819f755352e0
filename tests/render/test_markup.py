"""retell/markup.py: session and model text as Markdown that a reader sees exactly and that runs nothing.

Every property is checked by rendering the Markdown the way a site would (CommonMark with raw HTML on, and
Liquid for Jekyll), not by looking at the escapes retell wrote."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from retell.markup import (
    WORD_JOINER,
    as_shown,
    blockquote,
    code_block,
    code_span,
    find_placeholders,
    heading_text,
    md_text,
    model_markdown,
    protect_for_target,
    safe_url,
    session_inline,
    session_markdown,
    visible_text,
)

RENDERER = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The characters that make Markdown, HTML and templates, with words and line breaks between them.
MARKUP = st.lists(
    st.sampled_from([*list("<>{}[]()!&#\\/%$|=-+.:;'\"@?^`*_~"), "a", "b", "1", " ", "\n", "é"])
    | st.sampled_from(["javascript:", "script", "onerror=", "{{<", "{%", "endraw", "&lt;", "&#106;", "http://x"]),
    max_size=40,
).map("".join)
# The same without what is Markdown on purpose in a message (emphasis, code spans, links): shown as typed.
LITERAL = st.lists(
    st.sampled_from([*list("<>{}()!&#\\/%$|=-+.:;'\"@?^"), "a", "b", "1", " ", "\n", "é"])
    | st.sampled_from(["javascript:", "<script>", "onerror=", "{{<", "{%", "endraw", "&lt;", "&#106;", "1. ", "# "]),
    max_size=40,
).map("".join)
# What Markdown itself makes: nothing here can run a script (links and images are checked on their own).
ALLOWED_ELEMENTS = {"p", "code", "pre", "em", "strong", "a", "img", "blockquote", "ul", "ol", "li", "br", "s", "hr"}
ALLOWED_ELEMENTS |= {"h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"}


class Html(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.parts: list[str] = []
        self.code: list[str] = []  # the text inside <code>
        self.in_code = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        self.in_code = self.in_code or tag == "code"

    def handle_endtag(self, tag: str) -> None:
        self.in_code = self.in_code and tag != "code"

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        if self.in_code:
            self.code.append(data)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def rendered(markdown: str) -> Html:
    return Html(RENDERER.render(markdown))


def assert_inert(page: Html, *, images: str = "") -> None:
    for tag, attrs in page.elements:
        assert tag in ALLOWED_ELEMENTS, tag
        assert not any(name.startswith("on") for name in attrs), attrs
        if tag == "a":
            assert safe_url(attrs.get("href") or ""), attrs
        if tag == "img":
            assert images and (attrs.get("src") or "").startswith(images), attrs


def squeeze(text: str) -> str:
    return " ".join(text.split())


# -- plain text and code -----------------------------------------------------------------------------------


@PROPERTY
@given(st.text().filter(lambda t: "\0" not in t))  # CommonMark shows U+0000 as U+FFFD
def test_plain_text_is_shown_character_for_character(text: str) -> None:
    page = rendered(md_text(text))
    assert squeeze(page.text) == squeeze(visible_text(text))  # bidi controls and zero-width characters go
    assert {tag for tag, _ in page.elements} <= {"p"}


@PROPERTY
@given(st.text().filter(lambda t: not any(c in t for c in "\n\r\0") and t.strip()))
def test_a_code_span_holds_exactly_its_text(text: str) -> None:
    page = rendered(code_span(text))
    assert [tag for tag, _ in page.elements] == ["p", "code"]
    assert "".join(page.code) == text.strip(" ")  # spaces at its ends: Python-Markdown strips them all


@PROPERTY
@given(st.text(alphabet=st.sampled_from(["`", "~", "a", " ", "\n", "<", "{"])), st.text(max_size=8))
def test_a_code_block_holds_exactly_its_text_whatever_fences_it_contains(text: str, info: str) -> None:
    page = rendered(code_block(text, info))
    assert [tag for tag, _ in page.elements][:2] == ["pre", "code"]
    assert "".join(page.code) == text.rstrip("\n") + "\n"


def test_code_spans_get_the_fence_their_content_needs() -> None:
    assert code_span("a`b") == "``a`b``"
    assert code_span("`x") == "`` `x ``"
    assert code_span(" padded ") == "`padded`"
    assert code_span("` x") == "`` ` x ``"  # never one backtick and a space: kramdown reads no span there
    assert code_block("x\n```\ny", "html {{ x }}").startswith("````html\n")


# -- session text ------------------------------------------------------------------------------------------


@PROPERTY
@given(MARKUP)
def test_session_text_never_becomes_html_a_script_link_or_an_image(text: str) -> None:
    assert_inert(rendered(session_inline(text)))
    assert_inert(rendered(blockquote(session_markdown(text))))


@PROPERTY
@given(LITERAL)
def test_session_text_without_intended_markdown_is_shown_as_typed(text: str) -> None:
    page = rendered(session_inline(text))
    assert squeeze(page.text) == squeeze(text)


@pytest.mark.parametrize(
    ("typed", "shown", "element"),
    [
        ("why does <script>alert(1)</script> run", "why does <script>alert(1)</script> run", None),
        ("# not a heading", "# not a heading", "h1"),
        ("> not a quote", "> not a quote", "blockquote"),
        ("- not a list", "- not a list", "ul"),
        ("1. not a list", "1. not a list", "ol"),
        ("--- ", "---", "hr"),
        ("[click](javascript:alert(1))", "[click](javascript:alert(1))", "a"),
        ("[x](&#106;avascript:alert(1))", "[x](&#106;avascript:alert(1))", "a"),
        ("![pixel](https://evil.example/p.png)", "![pixel](https://evil.example/p.png)", "img"),
        ("<https://example.com>", "<https://example.com>", "a"),
        ("&lt;b&gt; is how you write <b>", "&lt;b&gt; is how you write <b>", None),
        ("C:\\Users\\sam and \\<b> and \\*", "C:\\Users\\sam and \\<b> and \\*", None),
        ("[1]: https://example.com", "[1]: https://example.com", None),
    ],
)
def test_session_text_keeps_its_characters_and_loses_its_structure(typed: str, shown: str, element: str | None) -> None:
    page = rendered(session_inline(typed))
    assert squeeze(page.text) == shown
    assert element not in {tag for tag, _ in page.elements}


def test_session_text_keeps_its_code_and_its_safe_links() -> None:
    page = rendered(session_inline("use `<div>{{ x|safe }}</div>` as [the docs](https://example.com/t) say"))
    assert ("code", {}) in page.elements
    assert ("a", {"href": "https://example.com/t"}) in page.elements
    assert "<div>{{ x|safe }}</div>" in page.text


def test_a_message_keeps_its_fenced_code_as_a_code_block() -> None:
    text = "Here:\n\n```html\n<script>alert(1)</script>\n{{ x }}\n```\n\nand <b>this</b>"
    page = rendered(blockquote(session_markdown(text)))
    assert [tag for tag, _ in page.elements] == ["blockquote", "p", "pre", "code", "p"]
    assert "<script>alert(1)</script>\n{{ x }}\n" in page.text
    assert "and <b>this</b>" in page.text


def test_a_heading_from_session_words_keeps_its_code_and_its_trailing_hash() -> None:
    page = rendered("## " + heading_text("Fix `{{ x }}` in C #"))
    assert page.elements[0][0] == "h2"
    assert squeeze(page.text) == "Fix {{ x }} in C #"


def test_a_writers_placeholder_from_the_session_is_content_but_one_in_the_draft_is_not() -> None:
    quoted = session_inline("[TODO: fix the header] and [TK]")
    assert find_placeholders(quoted) == []
    assert find_placeholders("Still [TODO: the numbers], and `[TK]` in code.") == ["[TODO: the numbers]"]


# -- model text --------------------------------------------------------------------------------------------


@PROPERTY
@given(MARKUP)
def test_a_models_markdown_never_becomes_html_a_script_link_or_a_foreign_image(text: str) -> None:
    assert_inert(rendered(model_markdown(text)), images="assets/")


def test_a_models_markdown_keeps_its_structure_and_retells_markers() -> None:
    text = (
        "## A heading\n\n- a list with `code <b>`\n- and [a link](https://example.com)\n\n"
        "> a quote <!-- cleaned: e12 -->\n\n![the bug](assets/a.png)\n\n```html\n<script>x</script>\n```\n"
    )
    assert model_markdown(text) == text
    page = rendered(model_markdown("<b>bold</b> {{ x }} <!-- {{ y }} -->"))
    assert squeeze(page.text) == "<b>bold</b> {{ x }} <!-- {{ y }} -->"


# -- per target --------------------------------------------------------------------------------------------


@PROPERTY
@given(MARKUP)
def test_liquid_leaves_a_jekyll_post_exactly_as_markdown_would_read_it(text: str) -> None:
    from liquid import Environment

    markdown = blockquote(session_markdown(text)) + "\n\n" + model_markdown(text)
    after_liquid = Environment().from_string(protect_for_target(markdown, "jekyll")).render()
    assert after_liquid == protect_for_target(markdown, "plain")


@pytest.mark.parametrize(
    "text", ["<http://x{%>", "see [the run](https://ci.example/{% raw %}) now", "<https://h/{{x}}>"]
)
def test_a_brace_in_a_link_never_reaches_liquid(text: str) -> None:
    """Hypothesis found `<http://x{%>`: the model's link kept `{%` in its destination and Liquid stopped the build."""
    from liquid import Environment

    markdown = blockquote(session_markdown(text)) + "\n\n" + model_markdown(text)
    protected = protect_for_target(markdown, "jekyll")
    assert Environment().from_string(protected).render() == protect_for_target(markdown, "plain")
    assert MarkdownIt("commonmark").render(protected) == MarkdownIt("commonmark").render(markdown)


def test_escaped_braces_become_character_references_and_the_authors_stay_live() -> None:
    protected = protect_for_target("\\{\\{ x \\}\\} and {{ page.title }} and \\\\{", "jekyll")
    assert protected == "&#123;&#123; x &#125;&#125; and {{ page.title }} and &#92;{"


def test_jekyll_code_is_raw_and_an_endraw_inside_it_cannot_end_the_block() -> None:
    protected = protect_for_target("`{% endraw %}{{ x }}`", "jekyll")
    assert protected == "{% raw %}`{% endraw %}{{ '{' }}{% raw %}% endraw %}{{ x }}`{% endraw %}"
    already = "{% raw %}\n```\n{{ x }}\n```\n{% endraw %}"
    assert protect_for_target(already, "jekyll") == already  # inside the author's own raw block


@pytest.mark.parametrize(
    ("code", "protected"),
    [
        ("`{{< boom >}}`", "`{{</* boom */>}}`"),
        ("`{{% note %}}x{{% /note %}}`", "`{{%/* note */%}}x{{%/* /note */%}}`"),
        ("`{{</* shown */>}}`", "`{{</*/* shown */*/>}}`"),
        ("`a {{< unclosed`", f"`a {{{WORD_JOINER}{{< unclosed`"),
        ("```\n{{< a >}}\n```", "```\n{{</* a */>}}\n```"),
        ("`{{ .Title }}`", "`{{ .Title }}`"),
    ],
)
def test_hugo_sees_no_shortcode_in_code(code: str, protected: str) -> None:
    assert protect_for_target(code, "hugo") == protected


def test_hugo_shortcodes_the_author_wrote_in_prose_stay_live() -> None:
    text = '{{< figure src="a.png" >}} and \\{\\{\\< boom >\\}\\}'
    assert protect_for_target(text, "hugo") == '{{< figure src="a.png" >}} and &#123;&#123;&lt; boom >&#125;&#125;'


def test_what_the_guard_reads_is_the_text_as_shown() -> None:
    assert as_shown("ghp\\_abc &#123; \\\\ \\{") == "ghp_abc { \\ {"


@pytest.mark.parametrize(
    ("url", "safe"),
    [
        ("https://example.com", True),
        ("mailto:a@example.com", True),
        ("assets/a.png", True),
        ("#top", True),
        ("javascript:alert(1)", False),
        (" JaVa\tScRiPt:alert(1)", False),
        ("data:text/html,x", False),
        ("vbscript:x", False),
    ],
)
def test_only_safe_schemes_are_links(url: str, safe: bool) -> None:
    assert safe_url(url) is safe
