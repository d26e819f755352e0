"""Hostile sessions on the real generators: nothing a session (or a model echoing it) says runs on any site,
and every word of it is shown as typed.

Each payload family of hostile.py goes through `retell run` with the offline engine and through `retell outline`
and `retell draft` with a stub model that echoes it into every part of the post; each of those posts is rendered
for every target and built, all in one site per setup (generators.py: Hugo default and `unsafe = true`, Jekyll
with kramdown GFM, minima, jekyll-seo-tag and jekyll-feed, Astro 5 `.md` and `.mdx`, and the plain target through
markdown-it-py, Python-Markdown and mistune), each site once per test session. Each page is loaded in headless
Chromium with a recorder (browser_check.py). Per page:

- no payload ran, nothing in the page could run later, and no template tag from the session ran;
- the post's visible text is the same, word for word, as the reference reading of the post (the plain target's
  Markdown through CommonMark), so no dialect shows it differently;
- the reference shows each line of the family as typed (for the model: the lines a model cannot make markup of);
- the page title and first heading show the post's title as it is in the front matter.
"""

from __future__ import annotations

import difflib
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_check import Seen, inspect, install_recorder
from chromium import Page, chromium
from generators import (
    BOOM_INCLUDE,
    BOOM_SHORTCODE,
    CONTENT,
    SETUPS,
    SITE_TITLE,
    TARGET,
    build,
    build_astro,
    front_matter,
    render_markdown_it,
)
from hostile import FAMILIES, RAN, Family, hostile_session, plain, stub_answer

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ENGINES = ("offline", "model")
# Families whose every line a model's echo must show as typed: what a model cannot turn into markup on a page.
# (The model's own Markdown, its emphasis, lists and fences, is kept: that is what a model writes.)
MODEL_SHOWN = ("script", "handlers", "links", "entities", "elements", "templates", "invisible")


@dataclass
class Post:
    family: Family
    engine: str
    work: Path
    rendered: dict[str, Path]  # target -> the folder `retell render -o` wrote
    errors: dict[str, str]  # target -> why render refused
    reference: str | None = None  # its CommonMark reading, once read

    @property
    def name(self) -> str:
        return f"{self.family.name}-{self.engine}"


def _isolated(monkeypatch: pytest.MonkeyPatch, tmp: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
    from llm_support import isolate

    isolate(monkeypatch, tmp)


def _ok(result: Any) -> None:
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)


def _images_as_the_session_names_them(work: Path, family: Family) -> None:
    """The image's alt text and caption, set by the author in triage.yaml to the family's line."""
    from llm_support import edit_triage

    def change(doc: Any) -> None:
        for image in doc["images"]:
            image["alt"] = family.line
            image["caption"] = family.line

    edit_triage(work, change)


@pytest.fixture(scope="session")
def posts(tmp_path_factory: pytest.TempPathFactory) -> list[Post]:
    """Every family through both engines, rendered for every target (in-process, once per test session)."""
    root = tmp_path_factory.mktemp("hostile")
    made = []
    with pytest.MonkeyPatch.context() as monkeypatch:
        _isolated(monkeypatch, root / "env")
        from llm_support import Stub, install, run

        for family in FAMILIES:
            session = hostile_session(family, root / "sessions" / family.name)
            offline = root / "work" / f"{family.name}-offline"
            _ok(run("parse", session, "-o", offline))
            _ok(run("triage", offline))
            _images_as_the_session_names_them(offline, family)
            model = root / "work" / f"{family.name}-model"
            shutil.copytree(offline, model)
            _ok(run("outline", offline, "--engine", "offline"))
            _ok(run("draft", offline, "--engine", "offline"))
            install(monkeypatch, Stub(stub_answer(family)))
            _ok(run("outline", model, "--engine", "anthropic"))
            _ok(run("draft", model, "--engine", "anthropic"))
            for engine, work in (("offline", offline), ("model", model)):
                post = Post(family, engine, work, {}, {})
                for target in ("hugo", "jekyll", "astro", "plain"):
                    out = root / "rendered" / target / post.name
                    result = run("render", work, "--target", target, "-o", out)
                    if result.exit_code == 0:
                        post.rendered[target] = out
                    else:
                        post.errors[target] = result.output
                made.append(post)
    return made


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with chromium() as running:
        yield running


@pytest.fixture(scope="session")
def tab(browser: Any) -> Iterator[Page]:
    with browser.page(1280, 900) as page:
        install_recorder(page)
        yield page


@pytest.fixture(scope="session")
def sites(posts: list[Post], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """setup -> {post name: built page}, each site built on first use (a missing generator skips or, under
    CI, fails only its own setup's tests)."""
    return {"posts": posts, "root": tmp_path_factory.mktemp("sites"), "built": {}}


def built_page(sites: dict[str, Any], setup: str, post: Post) -> Path:
    built: dict[str, Any] = sites["built"]
    key = "astro" if setup.startswith("astro") else setup
    if key not in built:
        try:
            target = TARGET[setup]
            rendered = {p.name: p.rendered[target] for p in sites["posts"] if target in p.rendered}
            if key == "astro":
                built[key] = build_astro(rendered, sites["root"] / "astro")
            else:
                built[key] = build(setup, rendered, sites["root"] / setup)
        except BaseException as exc:  # a skip (no generator) or a failed build: every test of the setup says so
            built[key] = exc
    result = built[key]
    if isinstance(result, BaseException):
        raise result
    name = f"{post.name}|{setup.split('-')[1]}" if key == "astro" else post.name
    assert name in result, f"{setup} could not build {post.name}"
    return Path(result[name])


def reference_text(post: Post, tab: Page, root: Path) -> str:
    """What the post shows read as CommonMark (the plain target's Markdown through markdown-it-py, in Chromium);
    read once per post."""
    if post.reference is None:
        post.reference = _read_as_commonmark(post, tab, root)
    return post.reference


def _read_as_commonmark(post: Post, tab: Page, root: Path) -> str:
    (index,) = list(post.rendered["plain"].rglob("index.md"))
    text = index.read_text(encoding="utf-8")
    page = root / f"reference-{post.name}.html"
    body = render_markdown_it(text[text.index("\n---\n", 4) + 5 :])
    page.write_text(f'<!DOCTYPE html><meta charset="utf-8"><article>{body}</article>', encoding="utf-8")
    return inspect(tab, page.as_uri(), "article").text


def word_diff(expected: str, shown: str) -> list[str]:
    a, b = plain(expected).split(), plain(shown).split()
    return [
        f"{op}: {' '.join(a[i1:i2])!r} -> {' '.join(b[j1:j2])!r}"
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if op != "equal"
    ]


CASES = [(setup, family.name, engine) for setup in SETUPS for family in FAMILIES for engine in ENGINES]


@pytest.mark.parametrize(("setup", "family", "engine"), CASES, ids=["/".join(c) for c in CASES])
def test_a_hostile_session_is_shown_and_never_run(
    posts: list[Post], sites: dict[str, Any], tab: Page, setup: str, family: str, engine: str
) -> None:
    post = next(p for p in posts if p.family.name == family and p.engine == engine)
    target = TARGET[setup]
    assert target in post.rendered, f"retell render --target {target} refused: {post.errors.get(target)}"
    page = built_page(sites, setup, post)
    assert page.is_file(), f"{setup} built no page for {post.name}"
    seen: Seen = inspect(tab, page.as_uri(), CONTENT[setup])
    assert seen.ran == [], f"{setup}: payloads ran: {seen.ran}"
    assert seen.problems == [], f"{setup}: {seen.problems}"
    for marker in (*RAN, BOOM_SHORTCODE, BOOM_INCLUDE):
        where = " ".join((seen.text, seen.h1, seen.og_title or ""))
        assert marker not in where, f"{setup}: a template tag from the session ran ({marker})"
    reference = reference_text(post, tab, sites["root"])
    assert word_diff(reference, seen.text) == [], f"{setup} shows the post differently from CommonMark"
    if engine == "offline" or family in MODEL_SHOWN:
        shown = plain(reference)
        absent = [line for line in post.family.shown() if plain(line) not in shown]
        assert absent == [], f"not shown as typed: {absent}"
    if engine == "offline" and "`" not in post.family.line:  # the one-line places: a command's arguments, quoted
        assert plain(post.family.line) in plain(reference), "the one-line form is not shown as typed"
    title = str(front_matter(next(post.rendered[target].rglob("*.md")))["title"])
    assert plain(seen.h1) == plain(title), f"{setup}: the heading shows {seen.h1!r} for {title!r}"
    # jekyll-seo-tag and jekyll-feed read the title as Markdown: emphasis and code there lose their marks (and
    # only those: docs/markup.md)
    metadata = (lambda t: plain(re.sub(r"[*_`~|]", "", t))) if setup == "jekyll" else plain
    assert metadata(seen.title).startswith(metadata(title)), f"{setup}: the page title shows {seen.title!r}"
    if seen.og_title is not None:
        assert metadata(seen.og_title) == metadata(title), f"{setup}: og:title is {seen.og_title!r}"
    description = str(front_matter(next(post.rendered[target].rglob("*.md"))).get("description") or "")
    if seen.description is not None and description:
        assert metadata(seen.description) == metadata(description), f"{setup}: description {seen.description!r}"
    assert SITE_TITLE not in plain(seen.h1)
    # the image's alt text and caption (set in triage.yaml to the family's line) as typed
    line = plain(post.family.line)
    attribute = plain
    if setup.startswith("astro"):  # the look-alikes retell writes for Astro's double escaping (docs/markup.md)
        attribute = lambda t: plain(t.replace("\uff06", "&").replace("\u02cb", "`"))  # noqa: E731
    for image in seen.images:
        assert attribute(image["alt"] or "") == line, f"{setup}: alt text {image['alt']!r}"
        if image["title"] is not None:
            assert attribute(image["title"]) == line, f"{setup}: image title {image['title']!r}"


def test_every_family_reaches_every_place(posts: list[Post]) -> None:
    """The suite tests what it says: the offline post quotes the family in the author's messages (the first, a
    queued one, a slash command's), a subagent, the question, the plan, the compaction summary and the image; the
    model's post carries it in its title, headings, image caption, sections, opening and ending."""
    offline_leads = (
        "started with this",
        "While Claude was still working",
        "(via `/deploy`)",
        "Claude sent a subagent off",
        "Claude stopped to ask",
        "laid out a plan",
        "compacted its context",
        "![",
    )
    for post in posts:
        draft = (post.work / "draft.md").read_text(encoding="utf-8")
        if post.engine == "offline":
            missing = [lead for lead in offline_leads if lead not in draft]
        else:
            missing = [lead for lead in ("It began with", "It ended with", "I asked about", "![") if lead not in draft]
            rendered = next(post.rendered["plain"].rglob("index.md")).read_text(encoding="utf-8")
            title = str(front_matter(next(post.rendered["plain"].rglob("index.md")))["title"])
            assert plain(title) == plain(post.family.line), f"{post.name}: the model's title is not the echoed one"
            assert rendered.count("\n## ") >= 2, f"{post.name}: the model's headings are missing"
        assert missing == [], f"{post.name}: the draft has no {missing}"
