"""`retell preview`: the post as one HTML page made from the Markdown `retell render` writes, with the publish
gate's findings shown (not raised) and pointing at the lines of draft.md. The page is read back with the
standard library's HTML parser here; tests/e2e/test_preview_browser.py looks at it in a real browser."""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean_error
from render_support import (
    SLUG,
    Work,
    fake_token,
    files_under,
    fresh_work,
    isolate,
    prepare,
    retell,
    split_page,
    write_session,
)

from retell.findings import Finding
from retell.render.preview import RELOAD_SCRIPT


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


# -- reading the page ---------------------------------------------------------------------------------


@dataclass
class Html:
    """What a reader of the page gets: text by element, images, links, ids, findings."""

    title: str = ""
    h1: list[str] = field(default_factory=list)  # in the post (<article>)
    h2: list[str] = field(default_factory=list)
    images: list[dict[str, str]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    findings: list[dict[str, str]] = field(default_factory=list)  # kind, text, lines linked, source, blocking
    scripts: list[str] = field(default_factory=list)
    metas: dict[str, str] = field(default_factory=dict)
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html = Html()
        self.open: list[tuple[str, list[str]]] = []  # (tag, text) of elements whose text we want
        self.finding: dict[str, str] | None = None
        self.all: list[str] = []
        self.in_article = False
        self.source = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.html.ids.add(a["id"])
        if tag == "img":
            self.html.images.append(a)
        if tag == "a" and "href" in a:
            self.html.links.append(a["href"])
            if self.finding is not None and a["href"].startswith("#draft-L"):
                self.finding["lines"] += a["href"][len("#draft-L") :] + " "
        if tag == "meta":
            self.html.metas[a.get("name") or a.get("http-equiv", "")] = a.get("content", "")
        if tag == "section" and "data-source" in a:
            self.source = a["data-source"]
        if tag == "li" and "finding" in a.get("class", "").split():
            advisory = "advisory" in a.get("class", "").split()
            self.finding = {"kind": a.get("data-kind", ""), "text": "", "lines": "", "source": self.source}
            self.finding["blocking"] = "no" if advisory else "yes"
            self.finding["strict"] = "yes" if "strict" in a.get("class", "").split() else "no"
        if tag == "article":
            self.in_article = True
        if tag in ("title", "script") or (tag in ("h1", "h2") and self.in_article):
            self.open.append((tag, []))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article = False
        if self.open and self.open[-1][0] == tag:
            _, parts = self.open.pop()
            text = "".join(parts) if tag == "script" else " ".join("".join(parts).split())
            if tag == "title":
                self.html.title = text
            elif tag == "script":
                self.html.scripts.append(text)
            else:
                getattr(self.html, tag).append(text)
        if tag == "li" and self.finding is not None:
            self.finding["text"] = " ".join(self.finding["text"].split())
            self.html.findings.append(self.finding)
            self.finding = None

    def handle_data(self, data: str) -> None:
        self.all.append(data)
        for _, parts in self.open:
            parts.append(data)
        if self.finding is not None:
            self.finding["text"] += data


def read_html(path: Path) -> Html:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    reader.html.text = " ".join("".join(reader.all).split())
    return reader.html


def preview_ok(work: Work, *args: str | Path) -> str:
    result = retell("preview", work.path, *args)
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return result.stdout


def page_of(work: Work) -> Path:
    return work.path / "preview" / "index.html"


def line_of(text: str, needle: str) -> int:
    """The 1-based line of draft.md that holds `needle`."""
    (number,) = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    return number


# -- the page -----------------------------------------------------------------------------------------


def test_the_preview_is_written_in_the_workdir_with_its_images_beside_it(work: Work) -> None:
    out = preview_ok(work)
    page = page_of(work)
    assert f"Wrote {page} (3 image(s))" in out
    assert "publish gate: passed" in out
    html = read_html(page)
    shown = {i["src"] for i in html.images}
    assert len(shown) == 3
    for src in shown:
        assert "/" not in src and (page.parent / src).is_file(), src
    assert set(files_under(page.parent)) == shown | {"index.html", ".retell-preview.json"}
    assert html.metas["viewport"].startswith("width=device-width")


@pytest.mark.parametrize(("language", "lang"), [("en", "en"), ("zh-Hant", "zh-Hant"), ("pt_BR", "pt-BR")])
def test_the_page_says_the_posts_language_and_its_panel_is_english(work: Work, language: str, lang: str) -> None:
    work.set_post(language=language)
    preview_ok(work)
    text = page_of(work).read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in text
    assert re.search(r'<aside class="findings"[^>]* lang="en"', text)


def test_the_preview_shows_the_markdown_render_writes(work: Work) -> None:
    """Same headings, same images (bytes and order), same stats box, same front matter as the rendered post."""
    preview_ok(work)
    work.render_ok("-o", work.out)
    meta, body = split_page((work.out / SLUG / "index.md").read_text(encoding="utf-8"))
    html = read_html(page_of(work))
    assert html.h1 == [meta["title"]]
    assert html.title.startswith(meta["title"])
    assert html.h2 == [line[3:] for line in body.splitlines() if line.startswith("## ")]
    assert "By the numbers" in html.h2
    rendered = re.findall(r"!\[[^\]]*\]\(([^)\s]+)", body)
    in_article = [i["src"] for i in html.images if not i.get("alt", "").startswith("The post's cover")]
    assert in_article == rendered
    for name in rendered:
        assert (page_of(work).parent / name).read_bytes() == (work.out / SLUG / name).read_bytes()
    assert "DRAFT" in html.text  # the post is a draft until triage says otherwise


def test_captions_and_alt_text_from_triage_are_shown(work: Work) -> None:
    work.set_image(work.session.wide, caption="The header under the sidebar", alt="Settings page, before")
    preview_ok(work)
    html = read_html(page_of(work))
    image = next(i for i in html.images if i.get("alt") == "Settings page, before")
    assert image["title"] == "The header under the sidebar"
    assert int(image["width"]) == 1600 and int(image["height"]) == 213  # scaled as render scales it
    assert "The header under the sidebar" in html.text


def test_front_matter_of_each_target_is_shown_as_the_header(work: Work) -> None:
    work.set_post(description="How a sticky sidebar fixed it", tags=["css", "layout"], draft=False)
    for target in ("hugo", "jekyll", "astro", "plain"):
        out = work.tmp / f"{target}.html"
        preview_ok(work, "--target", target, "-o", out)
        html = read_html(out)
        assert html.h1 == ["Fixing the sidebar that covers the header"], target
        assert "How a sticky sidebar fixed it" in html.text, target
        assert "5 January 2026" in html.text, target
        assert "DRAFT" not in html.text, target
        for src in {i["src"] for i in html.images}:
            assert (out.parent / src).is_file(), (target, src)


def test_code_is_highlighted(work: Work) -> None:
    work.append_to_draft('```python\ndef fix(sidebar):\n    return "sticky"\n```')
    preview_ok(work)
    text = page_of(work).read_text(encoding="utf-8")
    block = text.split('<pre class="highlight"><code class="language-python">', 1)[1].split("</pre>", 1)[0]
    assert '<span class="k">def</span>' in block
    assert '<span class="s2">"sticky"</span>' in block
    assert ".highlight .k {" in text  # with its colours, inline


def test_raw_html_is_shown_as_the_target_shows_it(work: Work) -> None:
    """Hugo omits raw HTML by default; kramdown and Astro pass it on (where the page's CSP stops scripts)."""
    work.append_to_draft('<div class="note">A note in HTML</div>\n\nInline <kbd>Ctrl</kbd> too.')
    preview_ok(work, "--target", "hugo")
    hugo = page_of(work).read_text(encoding="utf-8")
    assert "<!-- raw HTML omitted -->" in hugo and "A note in HTML" not in hugo
    preview_ok(work, "--target", "jekyll")
    jekyll = page_of(work).read_text(encoding="utf-8")
    assert '<div class="note">A note in HTML</div>' in jekyll and "<kbd>Ctrl</kbd>" in jekyll


def test_liquid_raw_tags_are_not_shown_on_jekyll_as_jekyll_removes_them(work: Work) -> None:
    work.append_to_draft(
        "The template said {% raw %}`{{ page.title }}`{% endraw %} and {%- raw -%}{{ x }}{%- endraw -%}."
    )
    preview_ok(work, "--target", "jekyll")
    text = page_of(work).read_text(encoding="utf-8")
    assert "The template said <code>{{ page.title }}</code> and{{ x }}." in text  # "-" trims, as in Liquid
    preview_ok(work, "--target", "hugo")  # elsewhere they are text like any other
    assert "{% raw %}" in page_of(work).read_text(encoding="utf-8")


def test_the_page_asks_for_nothing_from_the_network_and_runs_no_script(work: Work) -> None:
    preview_ok(work)
    html = read_html(page_of(work))
    policy = html.metas["Content-Security-Policy"]
    assert "default-src 'none'" in policy
    assert "script-src" not in policy  # falls back to none: not even inline scripts run
    assert html.scripts == []
    for image in html.images:  # links may lead anywhere: following one is the reader's choice, not a fetch
        assert not re.match(r"^[a-z]+:", image["src"]), image


def test_a_template_of_the_authors_replaces_the_page(work: Work, tmp_path: Path) -> None:
    folder = tmp_path / "config" / "retell" / "templates"
    folder.mkdir(parents=True)
    (folder / "preview.html.j2").write_text("<h1>{{ post.title }}</h1><p>mine</p>{{ body }}", encoding="utf-8")
    preview_ok(work)
    text = page_of(work).read_text(encoding="utf-8")
    assert text.startswith("<h1>Fixing the sidebar") and "<p>mine</p>" in text
    assert "<h2" in text  # the body is HTML, not escaped


def test_a_title_with_markup_is_text(work: Work) -> None:
    work.set_post(title="Why <b>bold</b> & <script>x</script> broke")
    preview_ok(work)
    text = page_of(work).read_text(encoding="utf-8")
    assert "Why &lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt; broke" in text
    assert "<script>" not in text


# -- findings -----------------------------------------------------------------------------------------


def test_every_finding_of_the_gate_is_shown_with_its_draft_line(work: Work) -> None:
    token = fake_token()
    work.append_to_draft(
        f"[TODO: say why sticky beats fixed]\n\n![the chart](assets/0123456789abcdef.png)\n\nThe key was {token}."
    )
    draft = work.draft
    out = preview_ok(work)
    placeholder, link, secret = (line_of(draft, s) for s in ("[TODO", "0123456789abcdef", token))
    assert f"publish gate: placeholder: draft.md:{placeholder}: leftover placeholders" in out
    assert f"publish gate: image-link: draft.md:{link}: image link(s) that do not resolve" in out
    assert f"publish gate: secret: draft.md:{secret}: the rendered post holds 1 secret(s)" in out
    html = read_html(page_of(work))
    found = {f["kind"]: f for f in html.findings}
    assert set(found) == {"secret", "image-link", "placeholder"}
    assert found["placeholder"]["lines"].split() == [str(placeholder)]
    assert found["image-link"]["lines"].split() == [str(link)]
    assert found["secret"]["lines"].split() == [str(secret)]
    assert "[TODO: say why sticky beats fixed]" in found["placeholder"]["text"]
    for number in (placeholder, link, secret):
        assert f"draft-L{number}" in html.ids  # each link lands on its line of draft.md, shown below the post
    assert "would stop: 3 problems" in html.text


def test_the_panel_lists_the_findings_of_every_check(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second source (the grounding check, when it lands) is listed under its own name; a finding that
    does not stop render is shown but does not turn the verdict."""
    import retell.render.preview as preview

    gate = preview.collect_findings

    def with_a_second_check(composed: Any) -> list[Finding]:
        claim = Finding("grounding check", "quote", '"I never said that"', (3,), blocking=False)
        return [*gate(composed), claim]

    monkeypatch.setattr(preview, "collect_findings", with_a_second_check)
    work.append_to_draft("[TODO: the ending]")
    out = preview_ok(work)
    assert "grounding check: quote: draft.md:3:" in out
    html = read_html(page_of(work))
    assert [(f["source"], f["kind"], f["blocking"]) for f in html.findings] == [
        ("publish gate", "placeholder", "yes"),
        ("grounding check", "quote", "no"),
    ]
    assert "draft-L3" in html.ids
    assert "would stop: 1 problem to fix" in html.text


def test_an_invented_quote_shows_in_the_panel_as_advice_with_its_line(work: Work) -> None:
    """The grounding check (retell check) is the panel's second source: render refuses on it only with
    --strict, so it never turns the verdict."""
    work.append_to_draft('I told Claude: "delete the whole settings page and start over".')
    invented = line_of(work.draft, "delete the whole settings page")
    out = preview_ok(work)
    assert f'grounding check: author quote: draft.md:{invented}: "delete the whole settings page' in out
    html = read_html(page_of(work))
    found = [f for f in html.findings if f["source"] == "grounding check"]
    assert [(f["kind"], f["blocking"], f["lines"].split()) for f in found] == [("author quote", "no", [str(invented)])]
    assert "delete the whole settings page" in found[0]["text"]
    assert "retell render would stop" not in html.text


def test_the_panel_marks_what_render_strict_stops_on_and_nothing_else(work: Work) -> None:
    """A quote nobody said stops `render --strict`; a file name the session does not have is only advice. The
    panel marks the first, says --strict would stop, and render --strict stops on exactly that line."""
    work.append_to_draft('I told Claude: "delete the whole settings page and start over".')
    work.append_to_draft("Then it opened `nowhere/settings_page_v2.py` for a look.")
    invented = line_of(work.draft, "delete the whole settings page")
    path = line_of(work.draft, "settings_page_v2.py")
    preview_ok(work)
    html = read_html(page_of(work))
    found = {f["lines"].split()[0]: f for f in html.findings if f["source"] == "grounding check"}
    assert (found[str(invented)]["strict"], found[str(path)]["strict"]) == ("yes", "no")
    assert "stops --strict" in found[str(invented)]["text"] and "stops --strict" not in found[str(path)]["text"]
    assert "retell render --strict would stop: 1 problem" in html.text
    assert "retell render would publish this page" in html.text
    result = work.render("-o", work.out, "--strict")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"draft.md:{invented}: author quote:" in result.output and f"draft.md:{path}:" not in result.output
    assert not work.out.exists()


def test_a_secret_the_gate_finds_is_never_in_the_preview(work: Work) -> None:
    token = fake_token()
    work.append_to_draft(f"The key was {token}.")
    work.set_post(description=f"How I used {token}")
    preview_ok(work)
    for name in files_under(page_of(work).parent):
        data = (page_of(work).parent / name).read_bytes()
        assert token.encode() not in data and token[4:].encode() not in data, name
    assert "[secret not cleared: github-token]" in page_of(work).read_text(encoding="utf-8")


def test_render_still_refuses_what_the_preview_shows(work: Work) -> None:
    work.append_to_draft("[TODO: the ending]\n\n![x](assets/0123456789abcdef.png)")
    preview_ok(work)
    message = assert_clean_error(work.render("-o", work.out))
    assert "not images of this session" in message  # render stops at the first problem, as before
    assert not work.out.exists()


def test_gate_findings_lists_each_kind_once_in_the_order_render_stops_at(work: Work) -> None:
    from retell.render import RenderOptions, compose_post, gate_findings

    work.append_to_draft(f"[TK]\n\n![x](missing.png)\n\n{fake_token()}\n\n[TK] again")
    composed = compose_post(work.path, RenderOptions())
    findings = gate_findings(
        composed.page, composed.parsed, composed.triage, composed.layout, composed.images, composed.draft
    )
    assert [f.kind for f in findings] == ["secret", "image-link", "placeholder"]
    assert findings[2].message == "leftover placeholders in the post: [TK]; edit draft.md"
    assert len(findings[2].lines) == 2
    assert all(f.source == "publish gate" and f.blocking for f in findings)


def test_a_placeholder_inside_code_is_not_pointed_at(work: Work) -> None:
    work.append_to_draft("Real one: [TODO: fix]\n\n```text\n[TODO: fix]\n```\n\nAnd `[TODO: fix]` in code.")
    out = preview_ok(work)
    line = line_of(work.draft, "Real one")
    assert f"draft.md:{line}: leftover placeholders" in out


# -- where it writes ----------------------------------------------------------------------------------


def test_output_file_and_images_beside_it(work: Work) -> None:
    target = work.tmp / "look" / "post.html"
    out = preview_ok(work, "-o", target)
    assert f"Wrote {target}" in out
    for src in {i["src"] for i in read_html(target).images}:
        assert (target.parent / src).is_file()
    assert not page_of(work).exists()


def test_a_file_retell_did_not_write_is_never_replaced(work: Work) -> None:
    mine = work.tmp / "notes.html"
    mine.write_text("my notes", encoding="utf-8")
    message = assert_clean_error(retell("preview", work.path, "-o", mine))
    assert "was not written by retell" in message
    assert mine.read_text(encoding="utf-8") == "my notes"
    assert_clean_error(retell("preview", work.path, "-o", work.tmp))  # a folder is not a file


def test_images_no_longer_shown_are_removed_and_others_kept(work: Work) -> None:
    preview_ok(work)
    folder = page_of(work).parent
    before = set(files_under(folder))
    (folder / "mine.png").write_bytes(b"not retell's")
    work.set_image(work.session.small, include=False)
    preview_ok(work)
    after = set(files_under(folder))
    assert len(before - after) == 1 and after - before == {"mine.png"}


def test_a_second_preview_of_the_same_post_rewrites_nothing(work: Work) -> None:
    preview_ok(work)
    folder = page_of(work).parent
    stamps = {
        name: (folder / name).stat().st_mtime_ns for name in files_under(folder) if name != ".retell-preview.json"
    }
    assert f"{page_of(work)} is up to date" in preview_ok(work)
    assert {name: (folder / name).stat().st_mtime_ns for name in stamps} == stamps


def test_open_hands_the_page_to_the_browser(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url) or True)
    preview_ok(work, "--open")
    assert opened == [page_of(work).resolve().as_uri()]


# -- bad input ----------------------------------------------------------------------------------------


def test_a_workdir_without_a_draft_or_approval_gets_one_line(tmp_path: Path) -> None:
    session = write_session(tmp_path / "s")
    unapproved = prepare(session, tmp_path / "u", approve=False)
    assert "not approved" in assert_clean_error(retell("preview", unapproved))
    undrafted = prepare(session, tmp_path / "d", draft=False)
    assert "retell draft" in assert_clean_error(retell("preview", undrafted))
    assert "no such work folder" in assert_clean_error(retell("preview", tmp_path / "nowhere"))
    assert not (unapproved / "preview").exists() and not (undrafted / "preview").exists()


def test_an_unknown_target_gets_one_line(work: Work) -> None:
    assert "unknown target" in assert_clean_error(retell("preview", work.path, "--target", "wordpress"))


def test_the_live_page_allows_its_reload_script_by_hash(work: Work) -> None:
    from retell.render.preview import PreviewOptions, build_preview

    live = build_preview(work.path, PreviewOptions()).html("7")
    digest = base64.b64encode(hashlib.sha256(RELOAD_SCRIPT.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in live
    assert f"<script>{RELOAD_SCRIPT}</script>" in live
    assert '<meta name="retell-version" content="7">' in live


def test_the_readme_shows_the_preview_screenshots() -> None:
    from render_support import REPO_ROOT

    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"(docs/preview[\w-]*\.png)", readme)
    assert {"docs/preview.png", "docs/preview-phone.png", "docs/preview-findings.png"} <= set(shown)
    for name in shown:
        data = (REPO_ROOT / name).read_bytes()
        assert data.startswith(b"\x89PNG") and 10_000 < len(data) < 400_000, name
