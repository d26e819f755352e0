"""`retell preview` of the bundled example, looked at in headless Chromium as a reader would: the title, every
image loaded, no link that leads nowhere, nothing fetched from the network, readable on a phone; the
findings panel when a problem is planted in draft.md; no script from the post runs; and `--serve` reloads
the open page when draft.md changes.

RETELL_UPDATE_GOLDEN=1 also writes the screenshots the README shows (docs/preview*.png).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from chromium import Browser, Page, chromium
from hugo_site import retell_cli
from render.preview_support import serve

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
TITLE = "Fix garbled characters in fetched feeds"
DOCS = REPO_ROOT / "docs"
UPDATE = os.environ.get("RETELL_UPDATE_GOLDEN") == "1"
DESKTOP = (1280, 860)
PHONE = (390, 844)

# What a reader gets, collected in the page (DevTools evaluates it whatever the page's CSP says).
READ_PAGE = """(() => {
  const text = (e) => e.textContent.replace(/\\s+/g, " ").trim();
  const box = (e) => e.getBoundingClientRect();
  return {
    title: document.title,
    h1: [...document.querySelectorAll("article h1")].map(text),
    h2: [...document.querySelectorAll("article h2")].map(text),
    images: [...document.images].map((i) => ({
      src: i.src, complete: i.complete, width: i.naturalWidth, shown: box(i).width, alt: i.alt })),
    hrefs: [...document.querySelectorAll("[href]")].map((e) => e.href),
    srcs: [...document.querySelectorAll("[src]")].map((e) => e.src),
    ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
    status: text(document.querySelector("#findings .status")),
    findings: [...document.querySelectorAll("#findings .finding")].map((f) => ({
      kind: f.dataset.kind, text: text(f), lines: [...f.querySelectorAll("a")].map((a) => a.getAttribute("href")) })),
    viewport: document.querySelector('meta[name="viewport"]')?.content,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    fontSize: parseFloat(getComputedStyle(document.querySelector("article > p")).fontSize),
    panelTop: box(document.querySelector("#findings")).top,
    articleTop: box(document.querySelector("article")).top,
  };
})()"""


@pytest.fixture(scope="module")
def browser() -> Any:
    with chromium() as running:
        yield running


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example, run through the offline pipeline once (as the README's first command does)."""
    if not EXAMPLE.is_file():
        pytest.skip(f"the bundled example session is absent ({EXAMPLE.relative_to(REPO_ROOT)})")
    tmp = tmp_path_factory.mktemp("example")
    retell_cli(["run", str(EXAMPLE), "--yes", "--engine", "offline", "-o", str(tmp / "work"), "-q"], tmp)
    return tmp / "work"


@pytest.fixture
def workdir(example: Path, tmp_path: Path) -> Path:
    """A copy of the example's work folder, to plant problems in."""
    target = tmp_path / "work"
    shutil.copytree(example, target)
    return target


def preview(workdir: Path, tmp: Path, *args: str) -> Path:
    retell_cli(["preview", str(workdir), *args], tmp)
    return workdir / "preview" / "index.html"


def read(page: Page, url: str) -> dict[str, Any]:
    page.goto(url)
    value = page.evaluate(READ_PAGE)
    assert isinstance(value, dict)
    return value


def assert_links_resolve(seen: dict[str, Any]) -> list[str]:
    """Every src is a file that exists; every href is a file that exists or an anchor on the page (links
    out of the page, to a web site, are returned: following them is not the page's doing)."""
    outside = []
    for url in seen["srcs"] + seen["hrefs"]:
        parsed = urlparse(url)
        if parsed.scheme in ("http", "https") and url in seen["hrefs"] and url not in seen["srcs"]:
            outside.append(url)
            continue
        assert parsed.scheme == "file", f"the page points outside the machine: {url}"
        assert Path(unquote(parsed.path)).is_file(), f"a link to a missing file: {url}"
        if parsed.fragment:
            assert parsed.fragment in seen["ids"], f"a link to a missing anchor: {url}"
    return outside


def test_the_example_looks_right_on_a_desktop_and_a_phone(browser: Browser, example: Path, tmp_path: Path) -> None:
    index = preview(example, tmp_path)
    url = index.as_uri()
    for width, height, mobile in (*DESKTOP, False), (*PHONE, True):
        with browser.page(width, height, mobile=mobile, scale=2 if mobile else 1) as page:
            seen = read(page, url)
            assert seen["h1"] == [TITLE]
            assert seen["title"].startswith(TITLE)
            assert "By the numbers" in seen["h2"]
            assert len(seen["images"]) == 3  # two in the post, and the cover in the panel
            for image in seen["images"]:
                assert image["complete"] and image["width"] > 0, image
            outside = assert_links_resolve(seen)
            # the stats box credits retell, linked only once pyproject names a home page: no link nobody checked
            assert outside == []
            requested = page.requests_seen()
            assert url in requested and all(r.startswith("file://") for r in requested), requested
            assert seen["status"] == "retell render would publish this page"
            assert seen["findings"] == []
            # readable on a phone: no sideways scrolling, text at a reading size, the viewport set
            assert seen["viewport"] == "width=device-width, initial-scale=1"
            assert seen["scrollWidth"] <= seen["innerWidth"], (width, seen["scrollWidth"])
            assert seen["fontSize"] >= 16
            for image in seen["images"]:
                assert image["shown"] <= seen["innerWidth"]
            if mobile:
                assert seen["panelTop"] < seen["articleTop"]  # the verdict first, then the post
            shot = tmp_path / f"preview-{'phone' if mobile else 'desktop'}.png"
            page.screenshot(shot)
            assert shot.stat().st_size > 10_000
            if UPDATE:
                shutil.copyfile(shot, DOCS / ("preview-phone.png" if mobile else "preview.png"))


def test_planted_problems_show_in_the_panel_with_links_to_their_lines(
    browser: Browser, workdir: Path, tmp_path: Path
) -> None:
    draft = workdir / "draft.md"
    original = draft.read_text(encoding="utf-8")
    second_heading = [m.start() for m in re.finditer(r"^## ", original, flags=re.M)][1]  # inside the post
    planted = "[TODO: a line about the cache]\n\n![the old chart](assets/0123456789abcdef.png)\n\n"
    text = original[:second_heading] + planted + original[second_heading:]
    draft.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    todo = next(n for n, line in enumerate(lines, 1) if line.startswith("[TODO"))
    chart = next(n for n, line in enumerate(lines, 1) if "0123456789abcdef" in line)
    url = preview(workdir, tmp_path).as_uri()
    with browser.page(*DESKTOP) as page:
        seen = read(page, url)
        assert seen["status"] == "retell render would stop: 2 problems to fix"
        found = {f["kind"]: f for f in seen["findings"]}
        assert set(found) == {"placeholder", "image-link"}
        assert "[TODO: a line about the cache]" in found["placeholder"]["text"]
        assert found["placeholder"]["lines"] == [f"#draft-L{todo}"]
        assert found["image-link"]["lines"] == [f"#draft-L{chart}"]
        broken = [i for i in seen["images"] if i["width"] == 0]
        assert [urlparse(i["src"]).path.rsplit("/", 1)[-1] for i in broken] == ["0123456789abcdef.png"]
        # following a finding's link shows its line of draft.md (to within a pixel: layouts round)
        page.goto(f"{url}#draft-L{todo}")
        line = page.evaluate(
            f"""(() => {{ const e = document.getElementById("draft-L{todo}"); const r = e.getBoundingClientRect();
                return [e.textContent, e.className, r.top >= -1 && r.bottom <= innerHeight + 1]; }})()"""
        )
        assert line == ["[TODO: a line about the cache]", "flagged", True]
        if UPDATE:
            page.goto(url)
            page.screenshot(DOCS / "preview-findings.png")


def test_no_script_from_the_post_runs(browser: Browser, workdir: Path, tmp_path: Path) -> None:
    """Jekyll passes raw HTML through, so the preview does too: the page's CSP is what stops it."""
    draft = workdir / "draft.md"
    planted = (
        '<script>document.title = "script ran"</script>\n\n'
        '<p id="planted" onclick="this.dataset.ran = 1">Click me</p>\n\n'
        '<img src="assets/nope.png" onerror="document.body.dataset.ran = 1">\n\n'
        "[a link](javascript:document.body.dataset.ran=1)\n"
    )
    draft.write_text(draft.read_text(encoding="utf-8") + "\n" + planted, encoding="utf-8")
    url = preview(workdir, tmp_path, "--target", "jekyll").as_uri()
    with browser.page(*DESKTOP) as page:
        seen = read(page, url)
        assert seen["title"].startswith(TITLE)
        assert not any(h.startswith("javascript:") for h in seen["hrefs"])
        page.evaluate('document.getElementById("planted").click()')
        assert page.evaluate("[document.body.dataset.ran, document.getElementById('planted').dataset.ran]") == [
            None,
            None,
        ]


def test_serve_reloads_the_open_page_when_draft_md_changes(browser: Browser, workdir: Path, tmp_path: Path) -> None:
    with serve(workdir, tmp_path) as server, browser.page(*DESKTOP) as page:
        seen = read(page, server.url)
        assert seen["h1"] == [TITLE]
        requested = page.requests_seen()
        assert all(r.startswith(server.url) for r in requested), requested
        draft = workdir / "draft.md"
        draft.write_text(draft.read_text(encoding="utf-8") + "\n## Written while the page was open\n", encoding="utf-8")
        page.wait_load()  # the page reloads itself
        assert "Written while the page was open" in page.evaluate(READ_PAGE)["h2"]
        code, _out, err = server.interrupt()
        assert code == 0 and "Traceback" not in err
