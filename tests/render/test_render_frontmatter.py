"""Front matter per target: each generator's own key names, valid YAML, the right types, from triage's `post`."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from render_support import (
    SLUG,
    TARGETS,
    TITLE,
    Work,
    fresh_work,
    image_links,
    is_offset_datetime,
    isolate,
    split_page,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


def post_file(work: Work, target: str) -> Path:
    if target == "jekyll":
        return work.out / "_posts" / f"2026-01-05-{SLUG}.md"
    return work.out / SLUG / "index.md"


def render_meta(work: Work, target: str, *args: str) -> tuple[dict, str]:
    work.render_ok("-o", work.out, "--target", target, *args)
    return split_page(post_file(work, target).read_text(encoding="utf-8"))


def test_hugo_front_matter(work: Work) -> None:
    meta, _ = render_meta(work, "hugo")
    assert list(meta) == ["title", "date", "slug", "description", "tags", "draft", "images"]
    assert meta["title"] == TITLE
    assert is_offset_datetime(meta["date"]), meta["date"]
    assert meta["slug"] == SLUG
    assert isinstance(meta["description"], str) and meta["description"]
    assert meta["tags"] == ["claude-code"]
    assert meta["draft"] is True
    (cover,) = meta["images"]
    assert (work.out / SLUG / cover).is_file()  # relative to the bundle


def test_jekyll_front_matter(work: Work) -> None:
    meta, _ = render_meta(work, "jekyll")
    assert meta["layout"] == "post"
    assert meta["title"] == TITLE
    # Jekyll's own format: "YYYY-MM-DD HH:MM:SS +hhmm"
    assert meta["date"] == "2026-01-05 10:00:01 +0000"
    assert meta["tags"] == ["claude-code"]
    assert meta["published"] is False  # a draft
    assert "draft" not in meta
    assert meta["image"].startswith(f"/assets/{SLUG}/")
    assert (work.out / meta["image"].lstrip("/")).is_file()
    assert isinstance(meta["description"], str) and meta["description"]


def test_astro_front_matter(work: Work) -> None:
    meta, _ = render_meta(work, "astro")
    assert list(meta) == ["title", "description", "pubDate", "heroImage", "tags", "draft"]
    assert meta["title"] == TITLE
    assert is_offset_datetime(meta["pubDate"]), meta["pubDate"]
    assert meta["heroImage"].startswith("./")
    assert (work.out / SLUG / meta["heroImage"]).is_file()
    assert meta["tags"] == ["claude-code"]
    assert meta["draft"] is True
    assert "date" not in meta and "slug" not in meta


def test_plain_front_matter(work: Work) -> None:
    meta, _ = render_meta(work, "plain")
    assert list(meta) == ["title", "date", "description", "tags", "draft"]
    assert is_offset_datetime(meta["date"])
    assert meta["draft"] is True


def test_triage_post_settings_reach_every_target(work: Work) -> None:
    work.set_post(
        slug="sticky-sidebar",
        date="2026-03-01T23:30:00+02:00",
        tags=["css", "claude-code", "layout"],
        description='The header, the sidebar and a "sticky" fix: how it went.',
        draft=False,
    )
    for target in TARGETS:
        out = work.tmp / f"out-{target}"
        work.render_ok("-o", out, "--target", target)
        if target == "jekyll":
            page = out / "_posts" / "2026-03-01-sticky-sidebar.md"  # the date where it was written, not UTC
        else:
            page = out / "sticky-sidebar" / "index.md"
        meta, _ = split_page(page.read_text(encoding="utf-8"))
        assert meta["tags"] == ["css", "claude-code", "layout"], target
        assert meta["description"] == 'The header, the sidebar and a "sticky" fix: how it went.', target
        date_key = "pubDate" if target == "astro" else "date"
        if target == "jekyll":
            assert meta["date"] == "2026-03-01 23:30:00 +0200"
            assert "published" not in meta
        else:
            assert datetime.fromisoformat(str(meta[date_key])) == datetime.fromisoformat("2026-03-01T23:30:00+02:00")
            assert str(meta[date_key]).endswith("+02:00"), meta[date_key]
            assert meta["draft"] is False, target
        if target == "hugo":
            assert meta["slug"] == "sticky-sidebar"


def test_a_title_yaml_would_misread_is_quoted(work: Work) -> None:
    """Colons, quotes, a leading '[' or '#', non-ASCII: the front matter still parses to the same title."""
    title = '[WIP] Sidebar: "sticky" vs. fixed # Größe ✓'
    work.set_post(title=title)
    work.write_draft(re.sub(r"^title: .*\n", "", work.draft, count=1, flags=re.M))  # (the draft's would win)
    for target in TARGETS:
        out = work.tmp / f"out-{target}"
        work.render_ok("-o", out, "--target", target)
        page = next(out.rglob("*.md"))
        meta, _ = split_page(page.read_text(encoding="utf-8"))
        assert meta["title"] == title, target


def test_title_edited_in_triage_after_drafting_is_the_posts_title(work: Work) -> None:
    work.set_post(title="Taming a sticky sidebar")
    work.render_ok("-o", work.out, "--target", "hugo")
    # the slug follows the title the author set (they set no slug of their own)
    meta, _ = split_page((work.out / "taming-a-sticky-sidebar-5e5510" / "index.md").read_text(encoding="utf-8"))
    assert (meta["title"], meta["slug"]) == ("Taming a sticky sidebar", "taming-a-sticky-sidebar-5e5510")


def test_draft_without_front_matter_renders_with_triage_title(work: Work) -> None:
    body = work.draft.split("\n---\n", 1)[1]
    work.write_draft(body.lstrip("\n"))
    work.set_post(title="Taming a sticky sidebar")
    work.render_ok("-o", work.out, "--target", "hugo")
    meta, text = split_page((work.out / "taming-a-sticky-sidebar-5e5510" / "index.md").read_text(encoding="utf-8"))
    assert meta["title"] == "Taming a sticky sidebar"
    assert text.lstrip().startswith("This is the story")


def test_no_cover_key_when_no_image_is_included(work: Work) -> None:
    for asset in work.session.images:
        work.set_image(asset, include=False)
    for target, key in (("hugo", "images"), ("jekyll", "image"), ("astro", "heroImage")):
        out = work.tmp / f"out-{target}"
        work.render_ok("-o", out, "--target", target)
        page = next(out.rglob("*.md"))
        meta, body = split_page(page.read_text(encoding="utf-8"))
        assert key not in meta, target
        assert image_links(body) == [], target


def test_body_follows_the_front_matter_after_one_blank_line(work: Work) -> None:
    for target in TARGETS:
        out = work.tmp / f"out-{target}"
        work.render_ok("-o", out, "--target", target)
        text = next(out.rglob("*.md")).read_text(encoding="utf-8")
        end = text.index("\n---\n", 4) + len("\n---\n")
        assert text[end:].startswith("\nThis is the story"), target
        assert text.endswith("\n") and not text.endswith("\n\n"), target
