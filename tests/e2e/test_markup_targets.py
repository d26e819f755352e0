"""What the session said is shown, never run: a session full of HTML, scripts, event handlers, `javascript:`
links, Liquid, Hugo shortcodes and JSX braces goes through `retell run` (offline engine) and, through
`retell draft` with a model that echoes all of it, to a post for every target; each post is rendered the way
its site would (markup_site.py says how) and read back as HTML."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hugo_site import find_hugo, retell_cli
from markup_site import (
    LITERALS,
    RAN,
    Rendered,
    build_hugo,
    hostile_session,
    missing_words,
    plain_text,
    read,
    render_jekyll,
    render_markdown_site,
    script_problems,
    split_page,
)

pytestmark = pytest.mark.e2e

TARGETS = ("hugo", "jekyll", "astro", "plain")


@pytest.fixture(scope="module")
def offline_work(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], Path]:
    """(work folder drafted offline, the author's messages, a scratch folder): parse to draft, once."""
    tmp = tmp_path_factory.mktemp("markup")
    session, asks = hostile_session(tmp / "session")
    work = tmp / "W"
    retell_cli(["run", str(session), "--yes", "--engine", "offline", "-o", str(work)], tmp)
    return work, asks, tmp


def render_target(work: Path, target: str, tmp: Path) -> Path:
    """`retell render --target TARGET` (the publish gate must let it through); returns the post file."""
    out = tmp / f"site-{target}"
    retell_cli(["render", str(work), "--target", target, "-o", str(out), "--force"], tmp)
    (post,) = list(out.rglob("*.md"))
    return post


def as_the_site_renders(target: str, post: Path, tmp: Path, hugo: Callable[[bool], str]) -> dict[str, Rendered]:
    page = post.read_text(encoding="utf-8")
    if target == "hugo":
        return {"hugo default": read(hugo(False)), "hugo unsafe=true": read(hugo(True))}
    if target == "jekyll":
        return {"jekyll": read(render_jekyll(page))}
    return {target: read(render_markdown_site(page))}


def assert_shown_never_run(rendered: dict[str, Rendered], title: str, asks: list[str]) -> None:
    for label, page in rendered.items():
        assert script_problems(page) == [], label
        for marker in RAN:
            assert marker not in page.html, f"{label}: a template tag from the session ran ({marker})"
        for literal in LITERALS:
            assert plain_text(literal) in page.text, f"{label}: {literal!r} is not shown as text"
        for ask in asks:
            assert missing_words(page.text, ask) == [], f"{label}: the author's words are not all shown"
        assert page.title == plain_text(title), label


@pytest.mark.parametrize("target", TARGETS)
def test_the_offline_post_of_a_session_full_of_markup_shows_it_all_and_runs_none_of_it(
    offline_work: tuple[Path, list[str], Path], target: str
) -> None:
    work, asks, tmp = offline_work
    post = render_target(work, target, tmp / target)
    meta, _ = split_page(post.read_text(encoding="utf-8"))
    assert meta["title"].startswith("Why does <script>alert(document.cookie)</script> run on my {{ site.title }}")

    def hugo(unsafe: bool) -> str:
        return build_hugo(find_hugo(), post.parent, tmp / target, unsafe=unsafe)

    rendered = as_the_site_renders(target, post, tmp / target, hugo)
    assert_shown_never_run(rendered, str(meta["title"]), asks)


# -- a model that echoes the material ----------------------------------------------------------------------

HOSTILE_SECTION = (
    "I asked why <script>alert(document.cookie)</script> ran, and Claude pointed at `{{ banner|safe }}`.\n\n"
    '<img src=x onerror=alert(1)> was the second clue; <a href="javascript:alert(2)">the fix</a> and '
    "[this one](javascript:alert(3)) came later, and ![tracker](https://evil.example/p.png) never did.\n\n"
    "{% include boom.html %} and {{< boom >}} and {{ site.title }} and <Counter count={1 + 1} /> stayed text.\n\n"
    "```html\n<script>alert(4)</script>{{< boom >}}{% include boom.html %}\n```"
)
MODEL_LITERALS = (
    "<script>alert(document.cookie)</script>",
    "{{ banner|safe }}",
    "<img src=x onerror=alert(1)>",
    "[this one](javascript:alert(3))",
    "![tracker](https://evil.example/p.png)",
    "{% include boom.html %} and {{< boom >}} and {{ site.title }} and <Counter count={1 + 1} /> stayed text.",
    "<script>alert(4)</script>{{< boom >}}{% include boom.html %}",
    "<b onmouseover=alert(5)>It began</b>",
)


@pytest.fixture(scope="module")
def model_work(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A work folder whose outline and draft came from a stub model that echoes markup from the material."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))  # llm_support imports its siblings
    import json

    # everything through llm_support (the stub model of the llm tests), which also answers the outline call
    from llm_support import Stub, answer_text, call_kind, install, make_workdir, ok, run, sse_response, user_text

    def echoing(body: dict, stub: Stub):  # type: ignore[no-untyped-def]
        kind = call_kind(body)
        if kind.startswith("section"):
            text = HOSTILE_SECTION
        elif kind == "finish":
            text = json.dumps(
                {"opening": "<b onmouseover=alert(5)>It began</b> with {{ site.title }}.", "ending": "{% endraw %}"}
            )
        else:
            text = answer_text(user_text(body))
        return sse_response(text, model=body["model"], request_id=f"req_{len(stub.bodies):04d}")

    tmp = tmp_path_factory.mktemp("model-markup")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp / "config"))
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp / "cache"))
        work = make_workdir(tmp)
        install(monkeypatch, Stub(echoing))
        ok(run("outline", work))
        ok(run("draft", work))
    return work, tmp


@pytest.mark.parametrize("target", TARGETS)
def test_a_model_that_echoes_markup_from_the_material_is_encoded_the_same_way(
    model_work: tuple[Path, Path], target: str
) -> None:
    work, tmp = model_work
    draft = (work / "draft.md").read_text(encoding="utf-8")
    # escaped in draft.md, where the author reads and edits it (the model's code block stays code)
    assert "I asked why \\<script>alert(document.cookie)\\</script> ran" in draft
    assert "\n<script>alert(4)</script>{{< boom >}}" in draft
    post = render_target(work, target, tmp / target)
    meta, _ = split_page(post.read_text(encoding="utf-8"))

    def hugo(unsafe: bool) -> str:
        return build_hugo(find_hugo(), post.parent, tmp / target, unsafe=unsafe)

    for label, page in as_the_site_renders(target, post, tmp / target, hugo).items():
        assert script_problems(page) == [], label
        for marker in RAN:
            assert marker not in page.html, f"{label}: a template tag the model echoed ran ({marker})"
        for literal in MODEL_LITERALS:
            assert plain_text(literal) in page.text, f"{label}: {literal!r} is not shown as text"
        assert '<a href="javascript' not in page.html
        assert page.title == plain_text(str(meta["title"]))
