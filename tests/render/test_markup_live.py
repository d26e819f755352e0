"""live_markup: what in a model's Markdown a post would run or hide (what model_markdown makes inert), said with
its line, so that a hand-off answerer can write it again. Text that only looks like markup is not reported."""

from __future__ import annotations

import pytest

from retell.markup import live_markup, model_markdown

LIVE = {
    "a tag in prose": ("It returns Vec<u8> here.", ["line 1: raw HTML `<u8>`"]),
    "an HTML block": ("<details>\n<summary>log</summary>\n</details>", ["line 1: raw HTML `<details>"]),
    "a plain comment": ("Done. <!-- note to self -->", ["line 1: raw HTML `<!-- note to self -->`"]),
    "a script link": ("See [this](javascript:alert(1)).", ["line 1: a link to `javascript:alert(1)`"]),
    "an image from elsewhere": ("![x](https://example.com/x.png)", ["line 1: an image that is not one of the"]),
    "a Hugo shortcode": ("Then {{< figure src=x >}} showed.", ["line 1: template syntax `{{< figure src=x >}}`"]),
    "a Liquid tag": ("Use {% raw %} here.", ["line 1: template syntax `{% raw %}`"]),
    "on a later line": ("One.\n\nTwo\nthree <b>x</b>.", ["line 4: raw HTML `<b>`", "line 4: raw HTML `</b>`"]),
}

INERT = {
    "comparisons": "When a < b and c > d, nothing happens.",
    "braces": "A dict {a: 1} and a set {1, 2}.",
    "code spans": "It returns `Vec<u8>` and `{{ x }}` and `<script>`.",
    "a code block": "```html\n<script>alert(1)</script>\n{{ x }}\n```",
    "escapes": "Escaped \\<b> and \\{\\{ x }} stay text.",
    "retell's markers": 'He said "fix it". <!-- cleaned: e3 --> It works. <!-- ev: e1 e2 --> Sure. <!-- ok -->',
    "a marker block": "<!-- ev: e4 e5 -->",
    "links and images of the session": "[docs](https://example.com), [mail](mailto:a@b.c), ![s](assets/ab.png)",
}


@pytest.mark.parametrize("name", list(LIVE))
def test_live_markup_is_reported_with_its_line(name: str) -> None:
    text, expected = LIVE[name]
    found = live_markup(text)
    assert len(found) == len(expected), found
    for message, start in zip(found, expected, strict=True):
        assert message.startswith(start), (message, start)
    assert model_markdown(text) != text  # the same things model_markdown would make inert


@pytest.mark.parametrize("name", list(INERT))
def test_text_that_only_looks_like_markup_is_not_reported(name: str) -> None:
    assert live_markup(INERT[name]) == []


def test_the_authors_own_lines_are_not_looked_at() -> None:
    mine = "Press <kbd>F5</kbd> to reload."
    assert live_markup(f"{mine}\nAnd new <b>bold</b> text.", keep={mine}) == [
        "line 2: raw HTML `<b>`",
        "line 2: raw HTML `</b>`",
    ]
    assert live_markup(f"{mine}\n\nPlain.", keep=frozenset({mine})) == []
