"""Images in the post: only those included in triage, re-encoded with Pillow (scaled down, never up, metadata
stripped, WebP where the target takes it), named by content, with triage's captions and alt text; the cover."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

import pytest
from conftest import Transcript, image_block, text_block
from render_support import (
    EXIF_ARTIST,
    EXIF_MAKE,
    PNG_TEXT,
    SLUG,
    Session,
    Work,
    files_under,
    fresh_work,
    image_links,
    isolate,
    open_image,
    prepare,
    split_page,
)

MAGIC = {"webp": (b"RIFF", b"WEBP"), "png": (b"\x89PNG\r\n\x1a\n", b""), "jpg": (b"\xff\xd8\xff", b"")}


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


class Post:
    """A rendered page bundle (hugo, astro, plain) with its images in session order."""

    def __init__(self, work: Work, target: str = "hugo", *args: str) -> None:
        out = work.tmp / f"out-{target}-{len(list(work.tmp.glob('out-*')))}"
        work.render_ok("-o", out, "--target", target, *args)
        self.bundle = out / SLUG
        self.meta, self.body = split_page((self.bundle / "index.md").read_text(encoding="utf-8"))
        self.links = image_links(self.body)
        self.images = [n for n in files_under(self.bundle) if n not in ("index.md", ".retell-render.json")]

    def data(self, name: str) -> bytes:
        return (self.bundle / name).read_bytes()

    def linked(self, index: int) -> bytes:
        """Bytes of the n-th image linked in the body."""
        return self.data(self.links[index][1])


def _format_of(data: bytes) -> str:
    for ext, (head, tag) in MAGIC.items():
        if data.startswith(head) and (not tag or data[8:12] == tag):
            return ext
    raise AssertionError(f"unknown image format: {data[:12]!r}")


# -- size ---------------------------------------------------------------------------------------------


def test_a_3000px_png_is_scaled_to_1600px_keeping_its_aspect(work: Work) -> None:
    post = Post(work)
    wide = open_image(post.linked(0))
    assert wide.size == (1600, 213)  # 3000x400 scaled by 1600/3000


def test_max_width_option_scales_further(work: Work) -> None:
    post = Post(work, "hugo", "--max-width", "800")
    assert open_image(post.linked(0)).size == (800, 107)
    assert open_image(post.linked(2)).size == (300, 200)


def test_a_300px_image_is_not_upscaled(work: Work) -> None:
    post = Post(work, "plain")
    small = open_image(post.linked(2))
    assert small.size == (300, 200)
    assert small.getpixel((150, 100))[:3] == (0, 0, 255)  # lossless for a PNG source


# -- metadata -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["hugo", "plain"])
def test_exif_is_stripped_and_its_orientation_applied(work: Work, target: str) -> None:
    post = Post(work, target)
    data = post.linked(1)  # the pasted JPEG: EXIF with camera, artist, orientation 6 (rotate 90° clockwise)
    assert _format_of(data) == ("webp" if target == "hugo" else "jpg")
    assert EXIF_MAKE.encode() not in data
    assert EXIF_ARTIST.encode() not in data
    picture = open_image(data)
    assert "exif" not in picture.info
    assert len(picture.getexif()) == 0
    assert picture.size == (48, 64)  # 64x48 turned upright
    r, g, b = picture.convert("RGB").getpixel((44, 3))  # the yellow corner marker moved to the top right
    assert r > 180 and g > 180 and b < 120, (r, g, b)


def test_png_text_chunks_are_stripped(work: Work) -> None:
    for target in ("plain", "hugo"):
        post = Post(work, target)
        data = post.linked(0)
        assert PNG_TEXT.encode() not in data, target
        assert "Author" not in open_image(data).info, target


def test_keep_format_publishes_the_bytes_as_they_are(work: Work) -> None:
    post = Post(work, "hugo", "--image-format", "keep")
    for index, asset in enumerate(work.session.images):
        assert post.linked(index) == work.asset(asset).read_bytes()


# -- formats and names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("hugo", ["webp", "webp", "webp"]),
        ("astro", ["webp", "webp", "webp"]),
        ("jekyll", ["webp", "webp", "webp"]),
        ("plain", ["png", "jpg", "png"]),
    ],
)
def test_auto_format_per_target(work: Work, target: str, expected: list[str]) -> None:
    out = work.tmp / "out"
    work.render_ok("-o", out, "--target", target, "--image-format", "auto")
    page = next(out.rglob("*.md"))
    _, body = split_page(page.read_text(encoding="utf-8"))
    formats = []
    for _alt, src, _title in image_links(body):
        path = out / src.lstrip("/") if src.startswith("/") else page.parent / src
        formats.append(_format_of(path.read_bytes()))
        assert src.rsplit(".", 1)[1] == formats[-1], src
    assert formats == expected


@pytest.mark.parametrize(("target", "fmt", "ext"), [("hugo", "png", "png"), ("plain", "webp", "webp")])
def test_image_format_option_overrides_auto(work: Work, target: str, fmt: str, ext: str) -> None:
    post = Post(work, target, "--image-format", fmt)
    assert [_format_of(post.data(n)) for n in post.images] == [ext] * 3


def test_images_are_named_by_their_content(work: Work) -> None:
    post = Post(work)
    assert len(post.images) == 3
    for name in post.images:
        data = post.data(name)
        stem, ext = name.split(".")
        assert stem == hashlib.sha256(data).hexdigest()[:16]
        assert ext == _format_of(data)


def test_rendering_twice_gives_the_same_names_and_bytes(work: Work) -> None:
    first, second = Post(work), Post(work)
    assert first.images == second.images
    assert all(first.data(n) == second.data(n) for n in first.images)


def test_an_image_linked_twice_is_published_once(work: Work) -> None:
    work.append_to_draft(f"Here it is again:\n\n![again](assets/{work.session.wide})")
    post = Post(work)
    assert len(post.images) == 3
    srcs = [src for _a, src, _t in post.links]
    assert srcs.count(srcs[0]) == 2


# -- only what triage includes -------------------------------------------------------------------------


def test_an_excluded_image_is_not_published_and_its_link_is_gone(work: Work) -> None:
    work.set_image(work.session.photo, include=False)
    post = Post(work)
    assert len(post.images) == 2
    assert len(post.links) == 2
    assert {src for _a, src, _t in post.links} == set(post.images)
    assert "assets/" not in post.body
    assert "\n\n\n" not in post.body
    assert "It still looks off on my phone" in post.body  # the prose around it stays


def test_every_published_file_is_linked_or_the_cover(work: Work) -> None:
    post = Post(work)
    used = {src for _a, src, _t in post.links} | set(post.meta["images"])
    assert set(post.images) == used


# -- captions and alt text -----------------------------------------------------------------------------


def test_captions_and_alt_text_come_from_triage(work: Work) -> None:
    session = work.session
    work.set_image(session.wide, caption="The sidebar on top of the header", alt="Settings page, sidebar over header")
    work.set_image(session.photo, caption="On the phone")
    work.set_image(session.small, alt="Settings page after the fix")
    post = Post(work, "hugo", "--no-stats")
    wide, photo, small = post.links
    assert wide[0] == "Settings page, sidebar over header"
    assert wide[2] == "The sidebar on top of the header"
    assert photo[0] == "On the phone"  # no alt: the caption describes it
    assert photo[2] == "On the phone"
    assert small[0] == "Settings page after the fix"
    assert small[2] is None  # no caption: no title, no caption line
    assert "\n*The sidebar on top of the header*" in post.body
    assert "\n*On the phone*" in post.body
    assert post.body.count("\n*") == 2


def test_a_caption_with_markdown_characters_keeps_the_link_intact(work: Work) -> None:
    work.set_image(work.session.wide, caption='The "before" shot', alt="Sidebar [left] over the header")
    post = Post(work)
    alt, src, title = post.links[0]
    assert src in post.images
    assert alt == "Sidebar [left] over the header"  # escaped in the Markdown, shown as typed
    assert title == 'The "before" shot'


def test_without_triage_text_the_drafts_alt_is_kept(work: Work) -> None:
    post = Post(work)
    alts = [alt for alt, _s, _t in post.links]
    assert alts.count("Screenshot from the session") + alts.count("The image I pasted into the session") == 3
    assert "The image I pasted into the session" in alts  # a pasted image is not called a screenshot


# -- cover --------------------------------------------------------------------------------------------


def test_cover_defaults_to_the_first_included_image(work: Work) -> None:
    post = Post(work)
    assert post.meta["images"] == [post.links[0][1]]
    work.set_image(work.session.wide, include=False)
    post = Post(work)
    assert post.meta["images"] == [post.links[0][1]]  # now the photo
    assert post.links[0][1].endswith(".webp")
    assert open_image(post.linked(0)).size == (48, 64)


def test_cover_chosen_in_triage_wins(work: Work) -> None:
    work.set_post(cover=work.session.small)
    hugo = Post(work, "hugo")
    assert hugo.meta["images"] == [hugo.links[2][1]]
    astro = Post(work, "astro")
    assert astro.meta["heroImage"] == astro.links[2][1]  # both "./<name>": Astro needs the explicit "./"
    out = work.tmp / "jekyll"
    work.render_ok("-o", out, "--target", "jekyll")
    meta, body = split_page(next((out / "_posts").iterdir()).read_text(encoding="utf-8"))
    assert meta["image"] == image_links(body)[2][1]
    assert meta["image"] == f"/assets/{SLUG}/{hugo.links[2][1]}"


def test_a_cover_the_body_does_not_show_is_still_published(work: Work) -> None:
    work.write_draft(re.sub(rf"!\[[^\]]*\]\(assets/{work.session.small}\)\n?", "", work.draft))
    work.set_post(cover=work.session.small)
    post = Post(work)
    assert len(post.links) == 2
    (cover,) = post.meta["images"]
    assert cover in post.images
    assert cover not in post.body
    assert open_image(post.data(cover)).size == (300, 200)


# -- where images go ----------------------------------------------------------------------------------


def test_bundle_targets_link_images_beside_the_post(work: Work) -> None:
    for target in ("hugo", "astro", "plain"):
        post = Post(work, target)
        for _alt, src, _title in post.links:
            assert "/" not in src.removeprefix("./"), (target, src)
            assert src.startswith("./") == (target == "astro"), (target, src)
            assert (post.bundle / src).is_file()


def test_jekyll_puts_images_under_assets_with_absolute_links(work: Work) -> None:
    out = work.tmp / "site"
    work.render_ok("-o", out, "--target", "jekyll")
    posts = files_under(out / "_posts")
    assert posts == [f"2026-01-05-{SLUG}.md"]
    _, body = split_page((out / "_posts" / posts[0]).read_text(encoding="utf-8"))
    links = image_links(body)
    assert len(links) == 3
    for _alt, src, _title in links:
        assert src.startswith(f"/assets/{SLUG}/"), src
        assert (out / src.lstrip("/")).is_file()
    assert sorted(files_under(out)) == sorted(
        [f"_posts/{posts[0]}", f"assets/{SLUG}/.retell-render.json"] + [src.lstrip("/") for _a, src, _t in links]
    )


# -- unusual sources ----------------------------------------------------------------------------------


def _palette_png_with_transparency() -> bytes:
    """A palette PNG (what pngquant and many screenshot tools write) whose index 0 is transparent."""
    from PIL import Image

    picture = Image.new("P", (40, 20), 0)
    picture.putpalette([255, 255, 255, 255, 0, 0] + [0] * 762)
    for x in range(20):
        for y in range(20):
            picture.putpixel((x, y), 1)
    buf = io.BytesIO()
    picture.save(buf, "PNG", transparency=0)
    return buf.getvalue()


def _animated_gif(width: int = 2400) -> bytes:
    from PIL import Image

    frames = [Image.new("RGB", (width, 30), color) for color in ((255, 0, 0), (0, 255, 0))]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=200, comment=EXIF_ARTIST.encode())
    return buf.getvalue()


def _work_with(tmp_path: Path, *images: tuple[bytes, str]) -> Work:
    tx = Transcript()
    tx.user([text_block("Here is what the page looks like right now.")] + [image_block(d, m) for d, m in images])
    tx.assistant("The overlay is drawn above the header, which is why it covers the menu.")
    path = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    session = Session(path, "", "", "", "", tx.records)
    return Work(session, prepare(session, tmp_path / "w"), tmp_path)


@pytest.mark.parametrize("target", ["plain", "hugo"])
def test_palette_transparency_survives_re_encoding(tmp_path: Path, target: str) -> None:
    work = _work_with(tmp_path, (_palette_png_with_transparency(), "image/png"))
    out = tmp_path / "out"
    work.render_ok("-o", out, "--target", target)
    (name,) = [n for n in files_under(out / work_slug(out)) if not n.endswith((".md", ".json"))]
    picture = open_image((out / work_slug(out) / name).read_bytes()).convert("RGBA")
    assert picture.getpixel((5, 5))[:3] == (255, 0, 0)
    assert picture.getpixel((30, 10))[3] == 0  # still transparent


def test_an_animated_gif_is_scaled_and_stripped_too(tmp_path: Path) -> None:
    work = _work_with(tmp_path, (_animated_gif(), "image/gif"))
    out = tmp_path / "out"
    work.render_ok("-o", out, "--target", "plain")
    (name,) = [n for n in files_under(out / work_slug(out)) if not n.endswith((".md", ".json"))]
    data = (out / work_slug(out) / name).read_bytes()
    assert EXIF_ARTIST.encode() not in data
    assert open_image(data).width <= 1600


def work_slug(out: Path) -> str:
    (bundle,) = [p.name for p in out.iterdir() if p.is_dir()]
    return bundle


def test_the_posts_images_are_encoded_on_two_cores_with_the_same_bytes(
    work: Work, monkeypatch: pytest.MonkeyPatch, forks: list[int]
) -> None:
    """A forked child encodes about half of the post's images (a screenshot's lossless WebP is slow); the
    post and its files are the same as when one process encodes them all."""
    from retell import cores

    monkeypatch.setattr(cores.threading, "active_count", lambda: 2)  # no fork: one process
    alone = Post(work)
    assert not forks
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    split = Post(work)
    assert len(alone.images) >= 2
    assert split.body == alone.body and split.images == alone.images
    assert [split.data(n) for n in split.images] == [alone.data(n) for n in alone.images]
    assert len(forks) == 1
