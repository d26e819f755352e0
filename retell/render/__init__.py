"""`retell render`: draft.md -> a post for a static site (page bundle or Jekyll layout), behind the
publish gate."""

from __future__ import annotations

import hashlib
import html
import re
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from retell import cores, jsonio
from retell.check.report import CheckReport
from retell.check.stage import check_draft, require_traced
from retell.check.verify import load as load_verification
from retell.check.verify import merge as merge_verification
from retell.errors import GateError, RetellError, SecretLeakError, WorkdirError
from retell.findings import Finding, line_of
from retell.fsutil import atomic_copy, atomic_write_bytes, named_os_error, staging_dir
from retell.markup import (
    as_shown,
    code_regions,
    fenced_blocks_apart,
    find_placeholders,
    front_matter_text,
    jekyll_text,
    live_matches,
    md_text,
    prose_view,
    protect_for_target,
    substitute_live,
)
from retell.redact import Redactor
from retell.render.images import PublishedImage, publish_image
from retell.render.links import link_work
from retell.templating import TemplateLibrary
from retell.triage.generate import default_slug, default_title
from retell.triage.model import PostSettings, Triage
from retell.triage.slug import post_slug
from retell.triage.stage import Parsed, require_approved
from retell.workdir import Workdir
from retell.write.facts import session_facts
from retell.write.locales import stats_context
from retell.write.markers import CLEANED, HIDDEN, MARKER_LINE

TARGETS = ("hugo", "jekyll", "astro", "plain")
WEBP_TARGETS = ("hugo", "astro", "jekyll")
RECORD = ".retell-render.json"  # what retell wrote in an output folder: the only files it may replace

# An image in draft.md; alt text and title may hold backslash escapes (`\]`, `\"`).
_IMAGE_LINK = re.compile(
    r"!\[(?P<alt>(?:[^\]\\\n]|\\.)*)\]\((?P<src>[^)\s]+)(?:\s+\"(?P<title>(?:[^\"\\\n]|\\.)*)\")?\)"
)
_HTML_IMG = re.compile(r"<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.I)


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
    strict: bool = False  # an untraced author quote or number in draft.md stops the render


@dataclass
class RenderResult:
    post: Path  # the Markdown file (or where it would go, with --check)
    folder: Path  # the output root
    images: list[PublishedImage] = field(default_factory=list)
    cleaned_quotes: int = 0
    written: list[Path] = field(default_factory=list)
    claims: CheckReport | None = None  # `retell check` of the draft
    needs_force: str | None = None  # with --check: why the write would need --force (an earlier render is there)
    guessed_title: str = ""  # the title, while it is still retell's guess from the session's words (no model's)


@dataclass
class ComposedPost:
    """The post as `retell render` would write it, before the publish gate and the write."""

    page: str  # the Markdown file's text, front matter included
    layout: Layout
    images: list[PublishedImage]
    cleaned_quotes: int
    draft: str  # draft.md as read, for the line numbers of findings
    triage: Triage
    parsed: Parsed
    post: PostSettings
    claims: CheckReport | None = None  # `retell check` of the draft
    guessed_title: str = ""  # RenderResult.guessed_title


def run_render(path: Path, options: RenderOptions) -> RenderResult:
    composed = compose_post(path, options)
    page, layout, images = composed.page, composed.layout, composed.images
    if options.strict and composed.claims is not None:
        require_traced(composed.claims)
    publish_gate(page, composed.parsed, composed.triage, layout, images, composed.draft)
    result = RenderResult(layout.post_file, layout.root, images, composed.cleaned_quotes, claims=composed.claims)
    result.guessed_title = composed.guessed_title
    files = {layout.post_file: page.encode("utf-8"), **{layout.image_dir / i.name: i.data for i in images}}
    # --check also says when the write would be refused; replacing an earlier render is no reason to fail
    # the gate (the write needs --force, and the CLI says so)
    check_output(layout, files, options.force or options.check)
    if options.check:
        result.needs_force = None if options.force else _needs_force(layout)
        return result
    result.written = write_output(layout, files, Path(path) / "backups")
    return result


def compose_post(path: Path, options: RenderOptions, *, strict: bool = True) -> ComposedPost:
    """draft.md -> the post's Markdown and images, for `options.target`. With `strict=False` (the preview), a
    link to an image that is not the session's stays as it is, for the gate to report, instead of stopping."""
    if options.target not in TARGETS:
        raise RetellError(f"unknown target {options.target!r}; choose one of {', '.join(TARGETS)}")
    triage, parsed, view = require_approved(path)
    workdir = Workdir(path)
    if not workdir.draft.exists():
        raise WorkdirError(f"{workdir.draft} does not exist: run `retell draft {path}` first")
    draft = workdir.draft.read_text(encoding="utf-8")
    # `retell check`: render prints it, --strict gates on it
    claims = check_draft(draft, view, parsed.manifest, triage, log=parsed.log)
    # what a model found in this very text (`retell check --verify`), shown beside the rules' findings; none of
    # it stops --strict
    verified = load_verification(Path(path), draft)
    if verified is not None:
        claims = merge_verification(claims, verified, draft)
    draft_meta, body = split_front_matter(draft)
    proposed = default_title(parsed.log, triage.post.language)  # the title triage proposed, in the post's language
    post = post_settings(triage.post, draft_meta, proposed, default_slug(parsed.log, proposed), parsed.log.session.id)
    out_root = options.output or (workdir.path / "post")
    layout = Layout.for_target(options.target, out_root, post)

    images, body = place_images(body, triage, workdir, layout, options, strict=strict)
    cover = choose_cover(triage, images)
    library = TemplateLibrary("templates", options.templates_dir)
    cleaned = len(live_matches(body, CLEANED))
    # citations, cleaned, translated and ok marks are the author's only; a line of them alone goes with its blank line
    body = substitute_live(substitute_live(body, MARKER_LINE, lambda _m: ""), HIDDEN, lambda _m: "").strip()
    body = fenced_blocks_apart(body)  # a block and the paragraph after it read apart by every renderer
    body = link_work(body, view.session.links, lambda url: _cleared(url, parsed, triage))
    if options.stats:
        stats = library.render(
            "stats.md.j2",
            **stats_context(
                session_facts(parsed.manifest, triage.told_sessions(), view.events),
                triage.post.language,
                first_person=triage.post.voice == "first-person",
                credit=triage.post.credit,
            ),
        )
        body = f"{body}\n\n{stats.text.strip()}"
    body = protect_for_target(body, options.target)  # what draft.md shows as literal stays literal on the site
    page = library.render(
        f"{options.target}.md.j2",
        post=_post_for_template(post, options.target),
        body=body,
        cover=layout.image_url(cover.name) if cover is not None else None,
    ).text
    page = page.rstrip() + "\n"
    # neither the author nor a model titled the post: an offline draft keeps retell's guess, the author's first
    # words as often as not (issue 24: blind judges kept none of ten), which render names for them to replace
    guessed = post.title if post.title == proposed else ""
    return ComposedPost(page, layout, images, cleaned, draft, triage, parsed, post, claims, guessed)


def guessed_title_note(title: str, workdir: Path | str) -> str:
    """What the CLI says of a title that is still retell's guess (RenderResult.guessed_title)."""
    return (
        f"the title “{title}” is retell's guess from the session's own words (no model titled this post): set "
        f"`post.title` in {Path(workdir) / 'triage.yaml'} and run `retell render {workdir}` again"
    )


def _cleared(url: str, parsed: Parsed, triage: Triage) -> bool:
    """Whether a link retell would add holds nothing the author did not clear (their account name, a term)."""
    return not Redactor.for_log(parsed.log, triage.secrets, triage.redact).uncleared(url)


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


def post_settings(
    post: PostSettings,
    draft_meta: dict[str, Any],
    generated_title: str,
    generated_slug: str | None = None,
    session_id: str = "",
) -> PostSettings:
    """Triage's post settings. The draft's title (the outline's pick) is used only while triage still has
    the title retell generated; a title the author set in triage.yaml always wins. The slug follows the
    title it ends up with, unless the author set one. The draft's description fills in an empty one."""
    settings = PostSettings(**post.__dict__)
    drafted = draft_meta.get("title")
    if post.title == generated_title and isinstance(drafted, str) and drafted.strip():
        settings.title = drafted.strip()
    if generated_slug is not None and post.slug == generated_slug and settings.title != generated_title:
        settings.slug = post_slug(settings.title, session_id)  # the outline's title, or one the author set
    if not settings.description and isinstance(draft_meta.get("description"), str):
        settings.description = draft_meta["description"].strip()
    return settings


def _post_for_template(post: PostSettings, target: str) -> dict[str, Any]:
    data = dict(post.__dict__)
    # Jekyll's plugins read the title and description as Markdown too (jekyll-seo-tag, jekyll-feed): see
    # markup.jekyll_text
    plain = jekyll_text if target == "jekyll" else front_matter_text
    data["title"] = plain(post.title)
    data["description"] = plain(post.description)
    data["tags"] = [front_matter_text(tag) for tag in post.tags]
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
    body: str, triage: Triage, workdir: Workdir, layout: Layout, options: RenderOptions, *, strict: bool = True
) -> tuple[list[PublishedImage], str]:
    """Rewrite `assets/<file>` links to published files; drop images triage excludes."""
    shown: list[str] = []

    def note(match: re.Match[str]) -> str:
        src = match.group("src")
        asset = src[len("assets/") :] if src.startswith("assets/") else None
        choice = triage.images.get(asset) if asset else None
        if asset and choice is not None and choice.include and asset not in shown:
            shown.append(asset)
        return match.group(0)

    substitute_live(body, _IMAGE_LINK, note)
    published = dict(zip(shown, publish_images(shown, workdir, layout, options), strict=True))
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
        caption = front_matter_text(choice.caption)  # shown under the image only when the author wrote one
        # triage's alt and caption are plain text; the draft's alt is Markdown already
        attribute = _astro_attribute if layout.target == "astro" else (lambda text: text)
        alt = md_text(attribute(choice.alt or caption)) or match.group("alt") or "Screenshot"
        title = f' "{_title_text(attribute(caption))}")' if caption else ")"
        link = f"![{alt}]({layout.image_url(image.name)}" + title
        return link + (f"\n*{md_text(caption)}*" if caption else "")

    body = substitute_live(body, _IMAGE_LINK, replace)
    if unknown and strict:
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


def publish_images(assets: list[str], workdir: Workdir, layout: Layout, options: RenderOptions) -> list[PublishedImage]:
    """The post's images re-encoded, in order, about half of them by a forked child where one can be (a
    screenshot's lossless WebP takes a quarter of a second: a post of a dozen takes seconds on one core)."""

    def publish(asset: str) -> PublishedImage:
        return publish_image(
            workdir.assets / asset,
            max_width=options.max_width,
            fmt=options.image_format,
            webp_ok=layout.target in WEBP_TARGETS,
        )

    def weight(asset: str) -> int:
        try:
            return (workdir.assets / asset).stat().st_size
        except OSError:
            return 1

    return cores.map_on_two_cores(publish, assets, weight=weight, to_wire=_plain_image, from_wire=_image_of)


def _plain_image(image: PublishedImage) -> tuple[str, str, bytes, int, int]:
    return (image.asset, image.name, image.data, image.width, image.height)


def _image_of(plain: tuple[str, str, bytes, int, int]) -> PublishedImage:
    return PublishedImage(*plain)


def choose_cover(triage: Triage, images: list[PublishedImage]) -> PublishedImage | None:
    if triage.post.cover:
        return next((i for i in images if i.asset == triage.post.cover), None)
    return images[0] if images else None


# Astro 5 escapes an optimised image's alt and title twice for these three characters (its readers would see
# `&#x27;`, `&#x26;`, `&#x60;`); what a reader sees instead: the typographic apostrophe SmartyPants shows for `'`
# anyway, and look-alikes of the other two.
_ASTRO_DOUBLE_ESCAPED = str.maketrans({"'": "\u2019", "&": "\uff06", "`": "\u02cb"})


def _astro_attribute(text: str) -> str:
    return text.translate(_ASTRO_DOUBLE_ESCAPED)


def _title_text(text: str) -> str:
    """Plain text as a Markdown link title in double quotes, written with character references: kramdown and
    Python-Markdown read no backslash escape in a title (they would show `\\"`), every dialect reads these."""
    escaped = html.escape(text, quote=True)
    for char in "\\{}`()[]":  # Python-Markdown ends a title at a `)`, even inside quotes
        escaped = escaped.replace(char, f"&#{ord(char)};")
    return escaped


# -- the publish gate ---------------------------------------------------------------------------------


GATE = "publish gate"


def publish_gate(
    page: str, parsed: Parsed, triage: Triage, layout: Layout, images: list[PublishedImage], draft: str = ""
) -> None:
    """Nothing is written unless the final Markdown is clean: no uncleared secret, every image link
    resolves, no leftover placeholder. Stops at the first kind of problem found, in that order."""
    findings = gate_findings(page, parsed, triage, layout, images, draft)
    if findings:
        first = findings[0]
        raise (SecretLeakError if first.kind == "secret" else GateError)(f"{GATE}: {first.message}")


def gate_findings(
    page: str, parsed: Parsed, triage: Triage, layout: Layout, images: list[PublishedImage], draft: str = ""
) -> list[Finding]:
    """Every problem the publish gate sees in `page`, one finding per kind, each with the lines of `draft`
    (draft.md's text) where it can be fixed, when it is there."""
    findings = []
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    redactor.sources = [("draft.md", draft)]  # the post is made from it: a secret there is fixed there
    try:
        from retell.redact import check_author_text, guard, heading_parts

        check_author_text(triage, redactor)  # the title, description and tags are published too
        # the body as a reader sees it (escapes undone outside code); the front matter is YAML, read as written.
        # The file as written is read with its character references decoded: retell writes `&#92;` for a shown
        # backslash, and `C:\Users\Administrator&#92;.claude` is no account named `Administrator&`.
        body_at = page.find("\n---", 4) + 4 if page.startswith("---") else 0
        shown = page[:body_at] + as_shown(page[body_at:])
        written = html.unescape(page)
        # (issue 24) each section of the post is judged alone as well as in the whole: a value inside one that
        # passes alone is not stopped by a context only the joined post gives it (a login named in the section before)
        guard(
            [(layout.post_file.name, written), (layout.post_file.name, shown)],
            redactor,
            "the rendered post",
            heading_parts(written) + heading_parts(shown),
        )
    except SecretLeakError as exc:
        lines = tuple(sorted({line_of(draft, f.start) for _sid, f in redactor.uncleared(draft)}))
        findings.append(Finding(GATE, "secret", str(exc), lines))
    publishing = {(layout.image_dir / image.name).resolve() for image in images}
    body_start = page.find("\n---", 4)
    body = page[body_start + 4 :]
    broken = []
    # Examples in code and escaped text are not links or placeholders: only live syntax counts.
    for match in live_matches(body, _IMAGE_LINK) + list(_HTML_IMG.finditer(prose_view(body))):
        url = match.group("src") if match.re is _IMAGE_LINK else match.group(1)
        target = layout.resolve(url)
        if target is None:
            continue
        if target.resolve() not in publishing and not target.exists():
            broken.append(url)
    if broken:
        urls = sorted(set(broken))
        message = f"image link(s) that do not resolve: {', '.join(urls)}"
        findings.append(Finding(GATE, "image-link", message, prose_lines(draft, urls)))
    # Template syntax ({{ }}, {% %}, a shortcode) is content: the author's, or the session's made inert.
    leftovers = find_placeholders(body)
    if leftovers:
        message = f"leftover placeholders in the post: {', '.join(leftovers)}; edit draft.md"
        findings.append(Finding(GATE, "placeholder", message, prose_lines(draft, leftovers)))
    return findings


def prose_lines(text: str, needles: list[str]) -> tuple[int, ...]:
    """The lines of `text` (draft.md) where any of `needles` occurs outside code, where the gate looks."""
    chars = list(text)
    for region in code_regions(text):  # same offsets, no code
        chars[region.start : region.end] = re.sub(r"[^\n]", " ", text[region.start : region.end])
    blanked = "".join(chars)
    found: set[int] = set()
    for needle in needles:
        start = blanked.find(needle)
        while start >= 0:
            found.add(line_of(blanked, start))
            start = blanked.find(needle, start + len(needle))
    return tuple(sorted(found))


# -- writing ------------------------------------------------------------------------------------------


def check_output(layout: Layout, files: dict[Path, bytes], force: bool) -> None:
    """Refuse, before anything is written, what write_output must not do."""
    previous = _read_record(_record_dir(layout) / RECORD)
    for path in files:
        if path.exists() and str(path.relative_to(layout.root)) not in previous:
            raise RetellError(
                f"{path} exists and was not written by retell; move it away (retell never overwrites your files)"
            )
    if not force:
        needed = _needs_force(layout)
        if needed is not None:
            raise RetellError(needed)


def _needs_force(layout: Layout) -> str | None:
    """Why writing the post would need --force (it is there already, from an earlier render), or None."""
    exists = layout.post_file.exists() if layout.target == "jekyll" else layout.post_file.parent.exists()
    if not exists:
        return None
    where = layout.post_file if layout.target == "jekyll" else layout.post_file.parent
    other = _recorded_target(_record_dir(layout) / RECORD)
    if other is not None and other != layout.target:  # rendered for another site generator into the same folder
        return (
            f"{where} holds retell's {other} render of this post: pass --force to replace it with the "
            f"{layout.target} one, or -o DIR to render {layout.target} elsewhere"
        )
    return f"{where} already exists: pass --force to replace what retell wrote there (other files are never touched)"


def _recorded_target(path: Path) -> str | None:
    """The target of the render recorded at `path` (None before retell recorded it, or with no record)."""
    try:
        data = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    target = data.get("target") if isinstance(data, dict) else None
    return target if isinstance(target, str) else None


def write_output(layout: Layout, files: dict[Path, bytes], backups: Path) -> list[Path]:
    """Write the post and its images (after check_output). Files retell wrote and the author edited since
    are copied to `backups` (outside the site, so they are never published) before being replaced."""
    record_path = _record_dir(layout) / RECORD
    previous = _read_record(record_path)
    wanted = {str(p.relative_to(layout.root)): hashlib.sha256(data).hexdigest() for p, data in files.items()}
    if wanted == previous and all(_digest_of(layout.root / rel) == digest for rel, digest in wanted.items()):
        if _recorded_target(record_path) != layout.target:  # a record from before targets were recorded
            atomic_write_bytes(
                record_path, jsonio.dumps({"written_by": "retell", "target": layout.target, "files": wanted})
            )
        return []  # the very same post is already there
    for rel, digest in previous.items():
        current = _digest_of(layout.root / rel)
        if digest and current not in (None, digest):
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = backups / f"{rel}.{stamp}"
            kept.parent.mkdir(parents=True, exist_ok=True)
            atomic_copy(layout.root / rel, kept)  # the author's edits are kept (whole, or not at all)
    with staging_dir(layout.root.resolve()) as staging:
        for target, data in files.items():
            staged = staging / target.relative_to(layout.root)
            staged.parent.mkdir(parents=True, exist_ok=True)
            with named_os_error(target):  # a full disk names the file, and the staging folder goes
                staged.write_bytes(data)
        for target in files:
            target.parent.mkdir(parents=True, exist_ok=True)
            (staging / target.relative_to(layout.root)).replace(target)
    written = wanted
    for stale in set(previous) - set(written):
        stale_path = layout.root / stale
        if stale_path.is_file() and _digest_of(stale_path) == previous[stale]:
            stale_path.unlink()  # an old image of ours the new post no longer uses
    record = {"written_by": "retell", "target": layout.target, "files": written}
    atomic_write_bytes(record_path, jsonio.dumps(record))
    return [layout.root / p for p in sorted(written)]


def _digest_of(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


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
