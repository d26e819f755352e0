"""`retell render`: draft.md -> a post for a static site (page bundle or Jekyll layout), behind the
publish gate."""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from retell import jsonio
from retell.errors import GateError, RetellError, SecretLeakError, WorkdirError
from retell.fsutil import atomic_write_bytes, staging_dir
from retell.redact import Redactor
from retell.render.images import PublishedImage, publish_image
from retell.templating import TemplateLibrary
from retell.triage.generate import default_title
from retell.triage.model import PostSettings, Triage
from retell.triage.stage import Parsed, require_approved
from retell.workdir import Workdir
from retell.write.facts import session_facts

TARGETS = ("hugo", "jekyll", "astro", "plain")
WEBP_TARGETS = ("hugo", "astro", "jekyll")
RECORD = ".retell-render.json"  # what retell wrote in an output folder: the only files it may replace

_IMAGE_LINK = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+)(?:\s+\"(?P<title>[^\"]*)\")?\)")
_HTML_IMG = re.compile(r"<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.I)
_CLEANED = re.compile(r"\s*<!--\s*cleaned:[^>]*-->")
# What a template or a writer leaves behind; quoted session text may say "TODO", so bare words don't count,
# and a bracket followed by "(" is a Markdown link, not a placeholder.
_BRACKETED = r"\[(?:insert|todo|tbd|tk|placeholder|citation needed)\b[^\]]*\](?!\()"
_PLACEHOLDER = re.compile(rf"\{{\{{|\{{%|%\}}|{_BRACKETED}|\blorem ipsum\b", re.I)
# Hugo shortcodes ({{< … >}}, {{% … %}}) are the author's, not leftovers.
_PLACEHOLDER_HUGO = re.compile(rf"\{{\{{(?![<%])|(?<!\{{)\{{%|%\}}(?!\}})|{_BRACKETED}|\blorem ipsum\b", re.I)
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


@dataclass
class RenderOptions:
    output: Path | None = None
    target: str = "hugo"
    max_width: int = 1600
    image_format: str = "auto"
    stats: bool = True
    force: bool = False
    check: bool = False
    templates_dir: Path | None = None


@dataclass
class RenderResult:
    post: Path  # the Markdown file (or where it would go, with --check)
    folder: Path  # the output root
    images: list[PublishedImage] = field(default_factory=list)
    cleaned_quotes: int = 0
    written: list[Path] = field(default_factory=list)


def run_render(path: Path, options: RenderOptions) -> RenderResult:
    if options.target not in TARGETS:
        raise RetellError(f"unknown target {options.target!r}; choose one of {', '.join(TARGETS)}")
    triage, parsed, _view = require_approved(path)
    workdir = Workdir(path)
    if not workdir.draft.exists():
        raise WorkdirError(f"{workdir.draft} does not exist: run `retell draft {path}` first")
    draft_meta, body = split_front_matter(workdir.draft.read_text(encoding="utf-8"))
    post = post_settings(triage.post, draft_meta, default_title(parsed.log))
    out_root = options.output or (workdir.path / "post")
    layout = Layout.for_target(options.target, out_root, post)

    images, body = place_images(body, triage, workdir, layout, options)
    cover = choose_cover(triage, images)
    library = TemplateLibrary("templates", options.templates_dir)
    cleaned = len(_CLEANED.findall(body))
    body = _CLEANED.sub("", body).strip()
    if options.stats:
        stats = library.render(
            "stats.md.j2", facts=session_facts(parsed.manifest), first_person=triage.post.voice == "first-person"
        )
        body = f"{body}\n\n{stats.text.strip()}"
    page = library.render(
        f"{options.target}.md.j2",
        post=_post_for_template(post),
        body=body,
        cover=layout.image_url(cover.name) if cover is not None else None,
    ).text
    page = page.rstrip() + "\n"
    publish_gate(page, parsed, triage, layout, images)
    result = RenderResult(layout.post_file, out_root, images, cleaned)
    files = {layout.post_file: page.encode("utf-8"), **{layout.image_dir / i.name: i.data for i in images}}
    check_output(layout, files, options.force)  # --check also says when the write would be refused
    if options.check:
        return result
    result.written = write_output(layout, files, workdir.path / "backups")
    return result


# -- inputs -------------------------------------------------------------------------------------------


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """(retell's draft metadata, body). A draft without front matter is all body."""
    import yaml

    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            try:
                meta = yaml.safe_load(text[4:end]) or {}
            except yaml.YAMLError as exc:
                raise RetellError(f"draft.md: its front matter is not valid YAML ({exc})") from None
            return (meta if isinstance(meta, dict) else {}), text[end + 4 :].lstrip("\n")
    return {}, text


def post_settings(post: PostSettings, draft_meta: dict[str, Any], generated_title: str) -> PostSettings:
    """Triage's post settings. The draft's title (the outline's pick) is used only while triage still has
    the title retell generated; a title the author set in triage.yaml always wins. The draft's
    description fills in an empty one."""
    settings = PostSettings(**post.__dict__)
    drafted = draft_meta.get("title")
    if post.title == generated_title and isinstance(drafted, str) and drafted.strip():
        settings.title = drafted.strip()
    if not settings.description and isinstance(draft_meta.get("description"), str):
        settings.description = draft_meta["description"].strip()
    return settings


def _post_for_template(post: PostSettings) -> dict[str, Any]:
    data = dict(post.__dict__)
    moment = datetime.fromisoformat(post.date)
    data["jekyll_date"] = moment.strftime("%Y-%m-%d %H:%M:%S %z")
    return data


# -- layout -------------------------------------------------------------------------------------------


@dataclass
class Layout:
    target: str
    root: Path
    post_file: Path
    image_dir: Path
    url_prefix: str  # how the post links an image: "" or "./" (beside it), or "/assets/<slug>/"

    @classmethod
    def for_target(cls, target: str, root: Path, post: PostSettings) -> Layout:
        if target == "jekyll":
            day = datetime.fromisoformat(post.date).strftime("%Y-%m-%d")
            return cls(
                target,
                root,
                root / "_posts" / f"{day}-{post.slug}.md",
                root / "assets" / post.slug,
                f"/assets/{post.slug}/",
            )
        bundle = root / post.slug
        # Astro resolves relative images only with an explicit "./" (as heroImage has).
        return cls(target, root, bundle / "index.md", bundle, "./" if target == "astro" else "")

    def image_url(self, name: str) -> str:
        return f"{self.url_prefix}{name}"

    def resolve(self, url: str) -> Path | None:
        """The file a link in the post points at, for the link check."""
        if re.match(r"^[a-z]+://", url) or url.startswith("data:"):
            return None
        if url.startswith("/"):
            return self.root / url.lstrip("/")
        return self.post_file.parent / url


def place_images(
    body: str, triage: Triage, workdir: Workdir, layout: Layout, options: RenderOptions
) -> tuple[list[PublishedImage], str]:
    """Rewrite `assets/<file>` links to published files; drop images triage excludes."""
    published: dict[str, PublishedImage] = {}
    unknown: list[str] = []

    def replace(match: re.Match[str]) -> str:
        src = match.group("src")
        if not src.startswith("assets/"):
            return match.group(0)
        asset = src[len("assets/") :]
        choice = triage.images.get(asset)
        if choice is None:
            unknown.append(asset)
            return match.group(0)
        if not choice.include:
            return ""  # the author left it out in triage.yaml: it is not published
        if asset not in published:
            published[asset] = publish_image(
                workdir.assets / asset,
                max_width=options.max_width,
                fmt=options.image_format,
                webp_ok=layout.target in WEBP_TARGETS,
            )
        image = published[asset]
        caption = choice.caption  # shown under the image only when the author wrote one
        alt = choice.alt or caption or match.group("alt") or "Screenshot"
        link = f"![{_md_escape(alt)}]({layout.image_url(image.name)}" + (
            f' "{_attr_escape(caption)}")' if caption else ")"
        )
        return link + (f"\n*{caption}*" if caption else "")

    body = outside_code(body, lambda prose: _IMAGE_LINK.sub(replace, prose))
    if unknown:
        raise GateError(
            f"draft.md shows image(s) that are not images of this session: {', '.join(sorted(set(unknown)))} "
            f"(known ones are in {workdir.assets}); fix the links in draft.md"
        )
    cover_asset = triage.post.cover
    if cover_asset and cover_asset not in published and cover_asset in triage.images:
        published[cover_asset] = publish_image(
            workdir.assets / cover_asset,
            max_width=options.max_width,
            fmt=options.image_format,
            webp_ok=layout.target in WEBP_TARGETS,
        )
    return list(published.values()), re.sub(r"\n{3,}", "\n\n", body)


def choose_cover(triage: Triage, images: list[PublishedImage]) -> PublishedImage | None:
    if triage.post.cover:
        return next((i for i in images if i.asset == triage.post.cover), None)
    return images[0] if images else None


def _md_escape(text: str) -> str:
    return text.replace("[", "(").replace("]", ")").replace("\n", " ")


def _attr_escape(text: str) -> str:
    return text.replace('"', "'").replace("\n", " ")


# -- the publish gate ---------------------------------------------------------------------------------


def publish_gate(page: str, parsed: Parsed, triage: Triage, layout: Layout, images: list[PublishedImage]) -> None:
    """Nothing is written unless the final Markdown is clean: no uncleared secret, every image link
    resolves, no leftover placeholder."""
    redactor = Redactor.for_log(parsed.log, triage.secrets)
    try:
        from retell.redact import check_author_text, guard

        check_author_text(triage, redactor)  # the title, description and tags are published too
        guard([(layout.post_file.name, page)], redactor, "the rendered post")
    except SecretLeakError as exc:
        raise SecretLeakError(f"publish gate: {exc}") from None
    publishing = {(layout.image_dir / image.name).resolve() for image in images}
    body_start = page.find("\n---", 4)
    prose = _CODE.sub(" ", page[body_start + 4 :])  # examples in code are not links or placeholders
    broken = []
    for match in list(_IMAGE_LINK.finditer(prose)) + list(_HTML_IMG.finditer(prose)):
        url = match.group("src") if match.re is _IMAGE_LINK else match.group(1)
        target = layout.resolve(url)
        if target is None:
            continue
        if target.resolve() not in publishing and not target.exists():
            broken.append(url)
    if broken:
        raise GateError(f"publish gate: image link(s) that do not resolve: {', '.join(sorted(set(broken)))}")
    pattern = _PLACEHOLDER_HUGO if layout.target == "hugo" else _PLACEHOLDER
    leftovers = sorted({m.group(0) for m in pattern.finditer(prose)})
    if leftovers:
        raise GateError(f"publish gate: leftover placeholders in the post: {', '.join(leftovers)}; edit draft.md")


# -- writing ------------------------------------------------------------------------------------------


def check_output(layout: Layout, files: dict[Path, bytes], force: bool) -> None:
    """Refuse, before anything is written, what write_output must not do."""
    previous = _read_record(_record_dir(layout) / RECORD)
    for path in files:
        if path.exists() and str(path.relative_to(layout.root)) not in previous:
            raise RetellError(
                f"{path} exists and was not written by retell; move it away (retell never overwrites your files)"
            )
    exists = layout.post_file.exists() if layout.target == "jekyll" else layout.post_file.parent.exists()
    if exists and not force:
        where = layout.post_file if layout.target == "jekyll" else layout.post_file.parent
        raise RetellError(
            f"{where} already exists: pass --force to replace what retell wrote there (other files are never touched)"
        )


def write_output(layout: Layout, files: dict[Path, bytes], backups: Path) -> list[Path]:
    """Write the post and its images (after check_output). Files retell wrote and the author edited since
    are copied to `backups` (outside the site, so they are never published) before being replaced."""
    record_path = _record_dir(layout) / RECORD
    previous = _read_record(record_path)
    wanted = {str(p.relative_to(layout.root)): hashlib.sha256(data).hexdigest() for p, data in files.items()}
    if wanted == previous and all(_digest_of(layout.root / rel) == digest for rel, digest in wanted.items()):
        return []  # the very same post is already there
    for rel, digest in previous.items():
        current = _digest_of(layout.root / rel)
        if digest and current not in (None, digest):
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = backups / f"{rel}.{stamp}"
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(layout.root / rel, kept)  # the author's edits are kept
    with staging_dir(layout.root.resolve()) as staging:
        for target, data in files.items():
            staged = staging / target.relative_to(layout.root)
            staged.parent.mkdir(parents=True, exist_ok=True)
            staged.write_bytes(data)
        for target in files:
            target.parent.mkdir(parents=True, exist_ok=True)
            (staging / target.relative_to(layout.root)).replace(target)
    written = wanted
    for stale in set(previous) - set(written):
        stale_path = layout.root / stale
        if stale_path.is_file() and _digest_of(stale_path) == previous[stale]:
            stale_path.unlink()  # an old image of ours the new post no longer uses
    atomic_write_bytes(record_path, jsonio.dumps({"written_by": "retell", "files": written}))
    return [layout.root / p for p in sorted(written)]


def _digest_of(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def outside_code(markdown: str, change: Callable[[str], str]) -> str:
    """Apply `change` to the prose only: fenced and inline code stay as written."""
    out = []
    last = 0
    for match in _CODE.finditer(markdown):
        out.append(change(markdown[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(change(markdown[last:]))
    return "".join(out)


def _record_dir(layout: Layout) -> Path:
    return layout.post_file.parent if layout.target != "jekyll" else layout.image_dir


def _read_record(path: Path) -> dict[str, str]:
    """Files retell wrote in an output folder, with the sha256 they had ("" when unknown)."""
    if not path.is_file():
        return {}
    try:
        data = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if isinstance(files, dict):
        return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}
    if isinstance(files, list):
        return {f: "" for f in files if isinstance(f, str)}
    return {}
