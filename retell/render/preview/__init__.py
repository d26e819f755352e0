"""`retell preview`: the post as readers will see it, as one HTML page with its images beside it.

The page is made from the very Markdown `retell render` would write (front matter, placed images, the
target's encoding), turned into HTML the way the target's site would, with what the publish gate (and
later checks) found beside it. It makes no network request and runs no script from the post: its Content
Security Policy allows only its own images and, when served, its own reload script.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from retell import jsonio
from retell.check.report import STRICT_MARK
from retell.check.verdict import MODEL
from retell.errors import RetellError
from retell.findings import Finding
from retell.fsutil import atomic_write_bytes
from retell.redact import Redactor
from retell.render import GATE, ComposedPost, RenderOptions, compose_post, gate_findings, split_front_matter
from retell.render.images import PublishedImage
from retell.templating import TemplateLibrary
from retell.workdir import Workdir

TEMPLATE = "preview.html.j2"
RECORD = ".retell-preview.json"  # pages retell wrote in a folder, and their images: the only files it replaces
# Every check whose findings the page shows, in this order; each is listed (as passed) even with none.
GROUNDING = "grounding check"  # retell check: claims in the post traced to the session
MODEL_CHECK = "model check"  # retell check --verify: what a model found that the rules did not (never blocking)
CLEARED = "cleared by the model"  # --verify: rule problems the model supported with an event (not problems)
SOURCES = (GATE, GROUNDING)
_PUBLISHED_NAME = re.compile(r"^[0-9a-f]{16}\.(png|jpg|gif|webp)$")

# Reloads the page when the server says the post changed (`retell preview --serve`). Its text is fixed (the
# version it compares with is read from the page) so the page's CSP can allow it by hash.
RELOAD_SCRIPT = """
(function () {
  var shown = document.querySelector('meta[name="retell-version"]').content;
  function poll() {
    fetch("/__retell/version", { cache: "no-store" })
      .then(function (reply) { return reply.text(); })
      .then(function (now) { if (now !== shown) { location.reload(); } else { setTimeout(poll, 500); } },
            function () { setTimeout(poll, 2000); });
  }
  setTimeout(poll, 500);
})();
"""


@dataclass
class PreviewOptions:
    output: Path | None = None  # the HTML file; default WORKDIR/preview/index.html
    target: str = "hugo"
    templates_dir: Path | None = None


@dataclass
class Preview:
    """A built preview: the page's data, its images and findings. `html()` is the page; `html(version)` the
    page as `--serve` shows it, reloading itself when the server's version is no longer `version`."""

    context: dict[str, Any]
    images: list[PublishedImage]
    findings: list[Finding]
    templates_dir: Path | None = None

    def html(self, version: str | None = None) -> str:
        from markupsafe import Markup

        live = {
            "version": version,
            "reload_script": Markup(RELOAD_SCRIPT) if version is not None else None,
            "csp": Markup(content_security_policy(live=version is not None)),
        }
        return TemplateLibrary("templates", self.templates_dir).render(TEMPLATE, **self.context, **live).text


@dataclass
class PreviewResult:
    page: Path
    images: list[PublishedImage]
    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)


def default_output(path: Path) -> Path:
    return Workdir(path).preview / "index.html"


def run_preview(path: Path, options: PreviewOptions) -> PreviewResult:
    page = options.output or default_output(path)
    check_page_path(page)
    preview = build_preview(path, options)
    written = write_preview(page, preview.html(), preview.images)
    return PreviewResult(page, preview.images, preview.findings, written)


def collect_findings(composed: ComposedPost) -> list[Finding]:
    """What every check says about the post, for the panel. One list, any number of sources."""
    findings = gate_findings(
        composed.page, composed.parsed, composed.triage, composed.layout, composed.images, composed.draft
    )
    report = composed.claims
    if report is not None:
        # Untraced claims are advice here: `retell render` stops on them only with --strict, and then only on
        # those the check is sure of (the very list `require_traced` refuses on), which the panel marks.
        strict = {id(f) for f in report.blocking}
        for problem in report.problems:
            claim = problem.claim
            line = report.line(problem).removesuffix(STRICT_MARK)
            where = report.where(problem)  # the panel shows the line and the kind on their own
            message = line[len(where) :] if line.startswith(where) else line
            source = MODEL_CHECK if problem.source == MODEL else GROUNDING  # a model's verdict, shown as such
            findings.append(
                Finding(source, claim.kind, message, (claim.line,), blocking=False, strict=id(problem) in strict)
            )
        for cleared in report.cleared:  # what the rules raised and the model's reading cleared: shown, never counted
            line, where = report.line(cleared), report.where(cleared)
            message = line[len(where) :] if line.startswith(where) else line
            findings.append(Finding(CLEARED, cleared.claim.kind, message, (cleared.claim.line,), blocking=False))
    return findings


def build_preview(path: Path, options: PreviewOptions) -> Preview:
    """The preview of the work folder `path`: render's Markdown for `options.target`, as HTML, with every
    check's findings. Problems the gate finds are shown, not raised; a folder render cannot read still is."""
    from markupsafe import Markup

    from retell.render.preview.markdown import highlight_css, to_html

    render_options = RenderOptions(target=options.target, templates_dir=options.templates_dir)
    composed = compose_post(path, render_options, strict=False)
    mask = SecretMask(composed)
    # A finding may quote draft.md (an untraced claim): masked like every other text on the page.
    findings = [replace(f, message=mask(f.message)) for f in collect_findings(composed)]
    meta, body = split_front_matter(composed.page)
    layout = composed.layout
    by_url = {layout.image_url(image.name): image for image in composed.images}
    header = front_matter_header(meta, by_url)
    header.update(title=mask(header["title"]), description=mask(header["description"]))
    header["tags"] = [mask(tag) for tag in header["tags"]]
    flagged = {line for finding in findings if finding.source != CLEARED for line in finding.lines}
    draft_lines = mask(composed.draft).splitlines() if flagged else []
    context: dict[str, Any] = {
        "post": header,
        "body": Markup(to_html(mask(body), target=options.target, images=by_url)),
        "sources": [(name, [f for f in findings if f.source == name]) for name in sources_of(findings)],
        "blocking": sum(1 for f in findings if f.blocking),
        "strict": sum(1 for f in findings if f.blocking or f.strict),  # what `retell render --strict` stops on
        "target": options.target,
        "post_file": str(layout.post_file),
        "draft_path": str(Workdir(path).draft),
        "draft_lines": [(n, line, n in flagged) for n, line in enumerate(draft_lines, 1)],
        "highlight_css": Markup(highlight_css()),
        # the post's language (BCP 47, as triage.yaml's post.language), for screen readers, hyphenation and fonts
        "lang": composed.triage.post.language.replace("_", "-") or "en",
    }
    return Preview(context, composed.images, findings, options.templates_dir)


def sources_of(findings: list[Finding]) -> list[str]:
    """The checks to list: every known one (even with nothing found), then any other that found something."""
    return list(SOURCES) + sorted({f.source for f in findings} - set(SOURCES))


def content_security_policy(*, live: bool) -> str:
    """Only the page's own images and inline styles; when served, its reload script (by hash) and the
    requests that script makes to the server. Nothing from the network, no script from the post."""
    rules = ["default-src 'none'", "img-src 'self' data:", "style-src 'unsafe-inline'", "base-uri 'none'"]
    rules.append("form-action 'none'")
    if live:
        digest = base64.b64encode(hashlib.sha256(RELOAD_SCRIPT.encode()).digest()).decode()
        rules += [f"script-src 'sha256-{digest}'", "connect-src 'self'"]
    return "; ".join(rules)


class SecretMask:
    """Hides each secret the author did not clear (the gate lists them): the preview is a file that may be
    shared or shown, so it never shows one either."""

    def __init__(self, composed: ComposedPost) -> None:
        self.redactor = Redactor.for_log(composed.parsed.log, composed.triage.secrets, composed.triage.redact)

    def __call__(self, text: str) -> str:
        out = []
        last = 0
        for _sid, finding in self.redactor.uncleared(text):
            out.append(text[last : finding.start])
            out.append(f"[secret not cleared: {finding.kind}]")
            last = finding.end
        out.append(text[last:])
        return "".join(out)


def front_matter_header(meta: dict[str, Any], images: dict[str, PublishedImage]) -> dict[str, Any]:
    """What the post's header shows, read from the front matter the target's site reads (key names
    differ: Astro's `pubDate` and `heroImage`, Jekyll's `published` and `image`)."""
    when = meta.get("date", meta.get("pubDate"))
    moment = _moment(when)
    cover_url = meta.get("heroImage") or meta.get("image") or next(iter(meta.get("images") or []), None)
    cover = images.get(str(cover_url)) if cover_url else None
    tags = meta.get("tags") or []
    return {
        "title": str(meta.get("title") or ""),
        "description": str(meta.get("description") or ""),
        "date_iso": moment.isoformat() if moment else str(when or ""),
        "date_text": f"{moment.day} {moment:%B %Y}" if moment else str(when or ""),
        "tags": [str(t) for t in tags] if isinstance(tags, list) else [str(tags)],
        "draft": meta.get("draft") is True or meta.get("published") is False,
        "cover": cover.name if cover else None,
    }


def _moment(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        text = re.sub(r" ([+-]\d\d)(\d\d)$", r"\1:\2", value.strip())  # Jekyll's "… +0000"
        try:
            return datetime.fromisoformat(text.replace(" ", "T", 1))
        except ValueError:
            return None
    return None


# -- writing ------------------------------------------------------------------------------------------


def check_page_path(page: Path) -> None:
    """Refuse, before any work, to replace a file retell did not write."""
    if page.is_dir():
        raise RetellError(f"{page} is a folder: give the HTML file to write, such as {page / 'index.html'}")
    if page.exists() and page.name not in _read_record(page.parent):
        raise RetellError(f"{page} exists and was not written by retell; move it away or choose another -o")


def write_preview(page: Path, html: str, images: list[PublishedImage]) -> list[Path]:
    """The images beside the page, then the page, each written atomically; images an earlier preview of
    this page wrote and this one no longer shows are removed. Returns the files written."""
    check_page_path(page)
    folder = page.parent
    record = _read_record(folder)
    written = []
    for image in images:
        target = folder / image.name
        if not (target.is_file() and target.read_bytes() == image.data):  # named by content: same name, same bytes
            atomic_write_bytes(target, image.data)
            written.append(target)
    data = html.encode("utf-8")
    if not (page.is_file() and page.read_bytes() == data):
        atomic_write_bytes(page, data)
        written.append(page)
    names = sorted({image.name for image in images})
    still_used = {name for other, used in record.items() if other != page.name for name in used} | set(names)
    for stale in record.get(page.name, []):
        if stale not in still_used and _PUBLISHED_NAME.match(stale):
            (folder / stale).unlink(missing_ok=True)
    record[page.name] = names
    atomic_write_bytes(folder / RECORD, jsonio.dumps({"written_by": "retell", "pages": record}))
    return written


def _read_record(folder: Path) -> dict[str, list[str]]:
    try:
        data = orjson.loads((folder / RECORD).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, dict):
        return {}
    return {k: [n for n in v if isinstance(n, str)] for k, v in pages.items() if isinstance(v, list)}
