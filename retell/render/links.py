"""The commits and pull requests a session produced, as links in the post: `a1b2c3d` becomes
`[a1b2c3d](https://github.com/o/r/commit/a1b2c3d)` and `#42` the pull request it names, when events.json
knows the repository (retell/extract/links.py). Otherwise, and wherever a link could not be made safely, the
text stays as it was.

Safe means: only prose is touched (never code, an escaped character, a link's text or address); every URL is
rebuilt here from the repository's checked host and path, a hex commit id and a number, so it is always a
plain `https://` address with no character a site's template engine reads (Jekyll's Liquid, Hugo's
shortcodes, Astro's MDX); and the repository's address must itself be cleared (an account name the author
did not keep, or one of their redact terms, means no link).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from retell.extract.links import Repository
from retell.markup import code_regions, live_matches

_SHA_WORD = re.compile(r"(?<![\w/.\[#@-])[0-9a-f]{7,40}(?![\w/-])")
_CHANGE_REF = re.compile(r"(?<![\w&/\[])(?P<mark>[#!])(?P<number>\d{1,7})(?![\w/-])")
_CODE_SHA = re.compile(r"`([0-9a-f]{7,40})`")


def link_work(markdown: str, links: dict[str, Any] | None, cleared: Callable[[str], bool]) -> str:
    """`markdown` with the session's commits and pull requests linked (see the module's docstring)."""
    if not links or not isinstance(links.get("repository"), str):
        return markdown
    repo = Repository.parse(links["repository"])  # (events.json is a file: read it as untrusted)
    if repo is None or not cleared(repo.home):
        return markdown
    commits = [sha for sha in links.get("commits") or [] if isinstance(sha, str) and _SHA_WORD.fullmatch(sha)]
    changes = {int(n) for n in (links.get("changes") or {}) if str(n).isdigit()}

    def commit(text: str) -> str | None:
        if any(sha.startswith(text) or text.startswith(sha) for sha in commits):
            return repo.commit_url(text)
        return None

    def change(mark: str, number: int) -> str | None:
        if number not in changes or (mark == "!" and repo.forge != "gitlab"):
            return None
        return repo.change_url(number)

    edits: list[tuple[int, int, str]] = []
    for m in live_matches(markdown, _SHA_WORD):
        url = commit(m.group(0))
        if url is not None and not _in_link_text(markdown, m.start()):
            edits.append((m.start(), m.end(), f"[{m.group(0)}]({url})"))
    for m in live_matches(markdown, _CHANGE_REF):
        url = change(m.group("mark"), int(m.group("number")))
        if url is not None and not _in_link_text(markdown, m.start()):
            edits.append((m.start(), m.end(), f"[{m.group(0)}]({url})"))
    for region in code_regions(markdown):  # a code span that is a commit id and nothing else
        if region.block:
            continue
        span = _CODE_SHA.fullmatch(markdown, region.start, region.end)
        if span is not None and (url := commit(span.group(1))) and not _in_link_text(markdown, region.start):
            edits.append((region.start, region.end, f"[{span.group(0)}]({url})"))
    out, last = [], 0
    for start, end, new in sorted(edits):
        if start < last:
            continue
        out.append(markdown[last:start])
        out.append(new)
        last = end
    return "".join(out) + markdown[last:]


def _in_link_text(markdown: str, at: int) -> bool:
    """Whether `at` is inside a link's text (`[… here …](…)`) on its line: a link holds no link."""
    line_start = markdown.rfind("\n", 0, at) + 1
    before = markdown[line_start:at]
    return before.count("[") > before.count("]")
