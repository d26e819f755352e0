#!/usr/bin/env python3
# ruff: noqa: E501  (the transcript's text lives in long string literals, one paragraph per line)
"""Generate retell's bundled example session: a fictional Claude Code transcript.

The story: Sam asks Claude Code why some feeds come out of `tidyfeeds` (a small Python RSS/Atom cleaner)
garbled. Claude first bolts on a "mojibake repair" pass; two tests fail on legitimate text; Sam says it feels
wrong and asks where the bytes turn into a str; an Explore agent and `curl` find that requests decodes bare
`text/xml` as ISO-8859-1; the context is compacted; the fix keeps feed bodies as bytes all the way to the XML
parser (and the cache), the tests go from 2 failed to 16 passed, a report screenshot confirms it, and Sam
commits.

Two days later Sam comes back to the branch in a new session (SESSION_2_ID): a feed that declares no charset
at all and is not UTF-8 breaks the parser, so a test comes first and then a cp1252 fallback for undeclared
bytes only; he commits. That evening he resumes that session (`claude --resume`: a new file, SESSION_3_ID,
that replays session 2's records under its own id, as Claude Code does), asks for a changelog entry, and
pushes the branch. The three parse into one story: `retell run S1 S2 S3`.

Everything here is invented for retell: the people, the project, the feeds and the text. The GitHub token
is fake (derived from a fixed seed; it has no valid checksum). The record shapes imitate what Claude Code
2.1.x really writes (see docs / notes on the transcript format); no text is copied from real transcripts.

Deterministic: run it twice and the output is byte-identical (uuid5 ids, hashed message/tool ids, a scripted
clock, Pillow-drawn images without timestamps). Only the standard library, Pillow and orjson are used.

    python examples/make_example.py            # writes examples/claude/projects/...
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import io
import re
import shutil
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import orjson
from PIL import Image, ImageDraw, ImageFont

# -- fixed facts ------------------------------------------------------------------------------------------

HERE = Path(__file__).resolve().parent
CONFIG_DIR = HERE / "claude"
HOME = "/home/sam"
CWD = "/home/sam/src/tidyfeeds"
PROJECT_DIR = CONFIG_DIR / "projects" / "-home-sam-src-tidyfeeds"
SESSION_ID = "0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10"
SESSION_2_ID = "5a1e94d0-7b3c-4f28-8d6e-2c9a0b4f1e37"  # two days later, on the same branch
SESSION_3_ID = "c3d97e21-0a4f-4b6d-9e85-71f2a6c3b5d8"  # session 2 resumed that evening
VERSION = "2.1.143"
SONNET = "claude-sonnet-5-5"
OPUS = "claude-opus-5-5"
NAMESPACE = uuid.UUID("6f1d2c3b-8a47-5e0f-9b21-3c4d5e6f7a80")
SEED = "retell-example/tidyfeeds"
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _digest(label: str) -> bytes:
    return hashlib.sha256(f"{SEED}/{label}".encode()).digest()


def _alnum(label: str, n: int) -> str:
    out, i = [], 0
    while len(out) < n:
        for byte in _digest(f"{label}/{i}"):
            if byte < 248:  # 248 = 4 * 62: unbiased
                out.append(ALNUM[byte % 62])
            if len(out) == n:
                break
        i += 1
    return "".join(out)


def _hex(label: str, n: int) -> str:
    return hashlib.sha256(f"{SEED}/{label}".encode()).hexdigest()[:n]


# A FAKE token: looks like a classic GitHub PAT, is derived from a fixed seed, and is not valid.
FAKE_GITHUB_TOKEN = "ghp_" + _alnum("fake-github-token", 36)
AGENT_ID = "a" + _hex("explore-agent", 16)  # 17 hex characters, like Claude Code's agent ids
ACOMPACT_ID = "acompact-" + _hex("compaction-replay", 16)


class Ids:
    """Deterministic ids: uuid5 from a counter, and Anthropic-style message/tool/request ids."""

    def __init__(self) -> None:
        self.n = 0
        self.counters: dict[str, int] = {}

    def uuid(self) -> str:
        self.n += 1
        return str(uuid.uuid5(NAMESPACE, f"record-{self.n}"))

    def _next(self, kind: str) -> int:
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def msg(self) -> str:
        return "msg_01" + _alnum(f"msg-{self._next('msg')}", 22)

    def toolu(self) -> str:
        return "toolu_01" + _alnum(f"toolu-{self._next('toolu')}", 22)

    def req(self) -> str:
        return "req_011C" + _alnum(f"req-{self._next('req')}", 20)


IDS = Ids()


def signature(text: str) -> str:
    """A stand-in for a thinking block's signature: opaque base64, derived from the text."""
    raw = b"".join(hashlib.sha512(f"{SEED}/sig/{text}/{i}".encode()).digest() for i in range(2))
    return base64.b64encode(raw).decode()


class Clock:
    def __init__(self, start: datetime) -> None:
        self.now = start
        self.ticks = 0
        self.frozen = False

    def step(self, seconds: float) -> None:
        if self.frozen:  # a compaction replay writes all its records with one timestamp
            return
        self.ticks += 1
        jitter = ((self.ticks * 137) % 97) / 1000  # deterministic sub-second spread
        self.now += timedelta(seconds=seconds + jitter)

    def at(self, hh: int, mm: int, ss: int) -> None:
        target = self.now.replace(hour=hh, minute=mm, second=ss, microsecond=(self.ticks * 211 % 1000) * 1000)
        assert target > self.now, (target, self.now)
        self.now = target

    def ts(self) -> str:
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.now.microsecond // 1000:03d}Z"


CLOCK = Clock(datetime(2026, 5, 12, 9, 4, 31, 208000, tzinfo=timezone.utc))


# -- the project's files (a virtual working tree) ---------------------------------------------------------

FILES: dict[str, str] = {}

FILES["pyproject.toml"] = """[project]
name = "tidyfeeds"
version = "0.4.0"
description = "Fetch RSS and Atom feeds, clean them up, write them back out."
requires-python = ">=3.11"
dependencies = ["requests>=2.31"]

[project.scripts]
tidyfeeds = "tidyfeeds.cli:main"

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "--tb=short"

[tool.ruff]
line-length = 100
"""

FILES["tidyfeeds/__init__.py"] = '''"""tidyfeeds: fetch RSS and Atom feeds, clean them up, write them back out."""

__version__ = "0.4.0"
'''

FILES["tidyfeeds/__main__.py"] = """from tidyfeeds.cli import main

raise SystemExit(main())
"""

FILES["tidyfeeds/config.py"] = '''"""feeds.toml: which feeds to fetch and where the cleaned copies go."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass
class FeedConfig:
    name: str
    url: str


def load_config(path: Path) -> list[FeedConfig]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [FeedConfig(name, entry["url"]) for name, entry in data.get("feeds", {}).items()]
'''

FILES["tidyfeeds/fetch.py"] = '''"""Fetching feeds over HTTP, revalidating against the on-disk cache."""

from __future__ import annotations

from dataclasses import dataclass

import requests

from tidyfeeds import cache

USER_AGENT = "tidyfeeds/0.4 (+https://tidyfeeds.dev)"
TIMEOUT = 20


@dataclass
class Fetched:
    url: str
    text: str
    content_type: str
    from_cache: bool = False


def fetch(url: str, session: requests.Session | None = None) -> Fetched:
    """GET a feed, sending the cached validators so an unchanged feed costs a 304."""
    session = session or requests.Session()
    headers = {"User-Agent": USER_AGENT}
    entry = cache.load(url)
    if entry is not None:
        headers.update(entry.validators())
    resp = session.get(url, headers=headers, timeout=TIMEOUT)
    if resp.status_code == 304 and entry is not None:
        return Fetched(url, entry.body, entry.content_type, from_cache=True)
    resp.raise_for_status()
    content_type = resp.headers.get("Content-Type", "")
    cache.store(url, resp.text, content_type, resp.headers)
    return Fetched(url, resp.text, content_type)
'''

FILES["tidyfeeds/cache.py"] = '''"""A small on-disk cache of feed bodies, for ETag / Last-Modified revalidation."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

CACHE_DIR = Path.home() / ".cache" / "tidyfeeds"


@dataclass
class Entry:
    body: str
    content_type: str
    etag: str | None = None
    last_modified: str | None = None

    def validators(self) -> dict[str, str]:
        out = {}
        if self.etag:
            out["If-None-Match"] = self.etag
        if self.last_modified:
            out["If-Modified-Since"] = self.last_modified
        return out


def _paths(url: str) -> tuple[Path, Path]:
    key = hashlib.sha1(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.xml", CACHE_DIR / f"{key}.json"


def load(url: str) -> Entry | None:
    body_path, meta_path = _paths(url)
    if not (body_path.exists() and meta_path.exists()):
        return None
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    return Entry(body_path.read_text(), **meta)


def store(url: str, body: str, content_type: str, headers: Mapping[str, str]) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    body_path, meta_path = _paths(url)
    body_path.write_text(body)
    meta = {
        "content_type": content_type,
        "etag": headers.get("ETag"),
        "last_modified": headers.get("Last-Modified"),
    }
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
'''

FILES["tidyfeeds/parse.py"] = '''"""RSS 2.0 and Atom 1.0 into plain Items."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

A = "{http://www.w3.org/2005/Atom}"


@dataclass
class Item:
    title: str
    link: str
    guid: str = ""
    published: str | None = None
    summary: str = ""


@dataclass
class Feed:
    title: str
    items: list[Item] = field(default_factory=list)


def parse_feed(text: str) -> Feed:
    root = ET.fromstring(text)
    if root.tag == f"{A}feed":
        feed = Feed(_text(root, f"{A}title"))
        for e in root.iter(f"{A}entry"):
            link = e.find(f"{A}link")
            href = link.get("href", "") if link is not None else ""
            feed.items.append(Item(_text(e, f"{A}title"), href, _text(e, f"{A}id"),
                                   _text(e, f"{A}updated") or None, _text(e, f"{A}summary")))
        return feed
    channel = root.find("channel")
    if channel is None:
        raise ValueError(f"not RSS or Atom: <{root.tag}>")
    feed = Feed(_text(channel, "title"))
    for i in channel.iter("item"):
        feed.items.append(Item(_text(i, "title"), _text(i, "link"), _text(i, "guid"),
                               _text(i, "pubDate") or None, _text(i, "description")))
    return feed


def _text(parent: ET.Element, tag: str) -> str:
    el = parent.find(tag)
    return (el.text or "").strip() if el is not None else ""
'''

FILES["tidyfeeds/clean.py"] = '''"""Cleaning passes applied to every item before the feed is written back out."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tidyfeeds.parse import Feed, Item

TRACKING = re.compile(r"^(utm_\\w+|fbclid|gclid|mc_eid)$")


def strip_tracking(url: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if not TRACKING.match(k)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def clean_item(item: Item) -> Item:
    item.link = strip_tracking(item.link)
    item.title = " ".join(item.title.split())
    return item


def clean_feed(feed: Feed) -> Feed:
    seen: set[str] = set()
    items = []
    for item in feed.items:
        item = clean_item(item)
        if not item.title and not item.summary:
            continue
        key = item.guid or item.link
        if key in seen:
            continue
        seen.add(key)
        items.append(item)
    feed.items = items
    return feed
'''

FILES["tidyfeeds/write.py"] = '''"""Render a cleaned Feed back to RSS 2.0."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tidyfeeds.parse import Feed


def render(feed: Feed) -> str:
    rss = ET.Element("rss", version="2.0")
    channel = ET.SubElement(rss, "channel")
    ET.SubElement(channel, "title").text = feed.title
    for item in feed.items:
        node = ET.SubElement(channel, "item")
        ET.SubElement(node, "title").text = item.title
        ET.SubElement(node, "link").text = item.link
        if item.guid:
            ET.SubElement(node, "guid").text = item.guid
        if item.published:
            ET.SubElement(node, "pubDate").text = item.published
        if item.summary:
            ET.SubElement(node, "description").text = item.summary
    body = ET.tostring(rss, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\\n' + body + "\\n"
'''

FILES["tidyfeeds/report.py"] = '''"""An HTML report of a run: one row per feed, with a count of suspect sequences."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tidyfeeds.parse import Feed

# Latin-1 lead characters in front of a continuation character: the usual mojibake.
SUSPECT = re.compile("[\\u00c2\\u00c3\\u00e2][\\u0080-\\u00bf]")


def suspect_count(feed: Feed) -> int:
    return sum(len(SUSPECT.findall(i.title + " " + i.summary)) for i in feed.items)


def write_report(rows: list[tuple[str, str, Feed]], path: Path) -> None:
    body = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{html.escape(ctype)}</td>"
        f"<td>{len(feed.items)}</td><td>{suspect_count(feed)}</td></tr>"
        for name, ctype, feed in rows
    )
    path.write_text(f"<table>{body}</table>", encoding="utf-8")
'''

FILES["tidyfeeds/cli.py"] = '''"""tidyfeeds command line: `tidyfeeds run` and `tidyfeeds clean FILE`."""

import argparse
import sys
from pathlib import Path

from tidyfeeds.clean import clean_feed
from tidyfeeds.config import load_config
from tidyfeeds.fetch import fetch
from tidyfeeds.parse import parse_feed
from tidyfeeds.report import write_report
from tidyfeeds.write import render


def cmd_run(args):
    rows = []
    for cfg in load_config(Path(args.config)):
        fetched = fetch(cfg.url)
        feed = clean_feed(parse_feed(fetched.text))
        Path(args.out, f"{cfg.name}.xml").write_text(render(feed), encoding="utf-8")
        rows.append((cfg.name, fetched.content_type, feed))
    if args.report:
        write_report(rows, Path(args.report))
    return 0


def cmd_clean(args):
    sys.stdout.write(render(clean_feed(parse_feed(Path(args.file).read_text()))))
    return 0


def main(argv=None):
    sys.stdout.reconfigure(encoding="utf-8")
    parser = argparse.ArgumentParser(prog="tidyfeeds")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--config", default="feeds.toml")
    run.add_argument("--out", default="out")
    run.add_argument("--report")
    sub.add_parser("clean").add_argument("file")
    args = parser.parse_args(argv)
    return {"run": cmd_run, "clean": cmd_clean}[args.command](args)
'''

FILES["tests/conftest.py"] = """import pytest

from tidyfeeds import cache


@pytest.fixture(autouse=True)
def _no_real_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
"""

FILES["tests/test_cache.py"] = '''from tidyfeeds import cache
from tidyfeeds.fetch import fetch

URL = "https://feeds.example.org/a.xml"


class FakeResponse:
    """Just enough of requests.Response for fetch()."""

    def __init__(self, status, body=b"", headers=None):
        self.status_code = status
        self.content = body
        self.headers = headers or {}

    @property
    def text(self):
        return self.content.decode("utf-8")

    def raise_for_status(self):
        pass


class FakeSession:
    def __init__(self, *responses):
        self.responses = list(responses)

    def get(self, url, headers=None, timeout=None):
        return self.responses.pop(0)


def test_not_modified_serves_cached_body():
    session = FakeSession(
        FakeResponse(200, b"<rss/>", {"ETag": '"v1"'}),
        FakeResponse(304),
    )
    fetch(URL, session)
    second = fetch(URL, session)
    assert second.from_cache
    assert cache.load(URL).validators() == {"If-None-Match": '"v1"'}
'''

FILES["tests/test_clean.py"] = """from tidyfeeds.clean import clean_feed, strip_tracking
from tidyfeeds.parse import Feed, Item


def test_strips_utm_parameters():
    assert strip_tracking("https://a.example/p?utm_source=x&id=3") == "https://a.example/p?id=3"


def test_keeps_other_parameters():
    assert strip_tracking("https://a.example/p?page=2") == "https://a.example/p?page=2"


def test_dedupes_by_guid():
    feed = Feed("t", [Item("a", "https://a.example/1", guid="g"), Item("b", "https://a.example/2", guid="g")])
    assert [i.title for i in clean_feed(feed).items] == ["a"]


def test_dedupes_by_link_without_guid():
    feed = Feed("t", [Item("a", "https://a.example/1"), Item("a again", "https://a.example/1")])
    assert len(clean_feed(feed).items) == 1


def test_collapses_whitespace_in_titles():
    feed = Feed("t", [Item("  two\\n  lines ", "https://a.example/1")])
    assert clean_feed(feed).items[0].title == "two lines"


def test_drops_empty_items():
    feed = Feed("t", [Item("", "https://a.example/1"), Item("kept", "https://a.example/2")])
    assert [i.title for i in clean_feed(feed).items] == ["kept"]
"""

FILES["tests/test_parse.py"] = '''from tidyfeeds.parse import parse_feed

RSS = """<rss version="2.0"><channel><title>Kettle</title>
<item><title>One</title><link>https://kettle.example.net/1</link><guid>1</guid></item>
</channel></rss>"""

ATOM = """<feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title>
<entry><title>Week 19</title><id>tag:notes,19</id>
<link rel="alternate" href="https://notes.example.org/19"/></entry></feed>"""


def test_rss_title_and_items():
    feed = parse_feed(RSS)
    assert feed.title == "Kettle"
    assert feed.items[0].guid == "1"


def test_atom_entries():
    feed = parse_feed(ATOM)
    assert feed.items[0].title == "Week 19"


def test_atom_alternate_link():
    assert parse_feed(ATOM).items[0].link == "https://notes.example.org/19"


def test_missing_pubdate_is_none():
    assert parse_feed(RSS).items[0].published is None
'''

ORIGINAL_FILES = dict(FILES)

FIX_MOJIBAKE = r'''

# UTF-8 read as Latin-1 leaves a lead character (Â, Ã, â) in front of its continuation byte.
_MOJIBAKE = re.compile("[\u00c2\u00c3].|\u00e2[\u0080-\u009f]")


def fix_mojibake(text: str) -> str:
    """Undo UTF-8 that was decoded as Latin-1 somewhere upstream."""
    if not _MOJIBAKE.search(text):
        return text
    return text.encode("latin-1", errors="ignore").decode("utf-8", errors="replace")
'''

TEST_MOJIBAKE = r"""from tidyfeeds.clean import fix_mojibake


def test_repairs_curly_apostrophe():
    assert fix_mojibake("It\u00e2\u0080\u0099s a kettle") == "It\u2019s a kettle"


def test_repairs_accented_letters():
    assert fix_mojibake("Di\u00c3\u00a1rio do Bairro") == "Di\u00e1rio do Bairro"


def test_leaves_portuguese_caps_alone():
    title = "S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO"
    assert fix_mojibake(title) == title


def test_leaves_article_about_mojibake_alone():
    title = "Why your reader shows \u00c3\u00a9 instead of \u00e9"
    assert fix_mojibake(title) == title
"""

TEST_ENCODING = r'''"""Feeds reach the parser as bytes: the encoding is the XML parser's call, not requests'."""

import codecs

from test_cache import FakeResponse, FakeSession
from tidyfeeds.fetch import fetch
from tidyfeeds.parse import parse_feed

KETTLE = (
    '<?xml version="1.0" encoding="utf-8"?>'
    "<rss><channel><title>Kettle &amp; Steam</title>"
    "<item><title>It\u2019s a kettle, not a teapot</title><link>https://kettle.example.net/1</link></item>"
    "</channel></rss>"
)
CAPS = "S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO"


def test_bare_text_xml_uses_the_xml_declaration():
    feed = parse_feed(KETTLE.encode("utf-8"), "text/xml")
    assert feed.items[0].title == "It\u2019s a kettle, not a teapot"


def test_header_charset_is_honoured():
    body = "<rss><channel><title>Caf\u00e9</title></channel></rss>".encode("cp1252")
    assert parse_feed(body, "text/xml; charset=windows-1252").title == "Caf\u00e9"


def test_bom_beats_a_wrong_header():
    doc = "<rss><channel><title>Di\u00e1rio</title></channel></rss>"
    body = codecs.BOM_UTF16_LE + doc.encode("utf-16-le")
    assert parse_feed(body, "text/xml; charset=iso-8859-1").title == "Di\u00e1rio"


def test_portuguese_caps_survive():
    doc = f'<?xml version="1.0" encoding="utf-8"?><rss><channel><title>D</title><item><title>{CAPS}</title></item></channel></rss>'
    assert parse_feed(doc.encode("utf-8"), "text/xml").items[0].title == CAPS


def test_cached_copy_is_byte_identical():
    body = KETTLE.encode("utf-8")
    session = FakeSession(FakeResponse(200, body, {"Content-Type": "text/xml", "ETag": '"v1"'}), FakeResponse(304))
    first = fetch("https://kettle.example.net/feed.xml", session)
    second = fetch("https://kettle.example.net/feed.xml", session)
    assert second.from_cache
    assert first.body == second.body == body
'''


def line_of(path: str, needle: str, occurrence: int = 1) -> int:
    seen = 0
    for n, line in enumerate(FILES[path].split("\n"), 1):
        if needle in line:
            seen += 1
            if seen == occurrence:
                return n
    raise KeyError(f"{needle!r} not in {path}")


def absolute(rel: str) -> str:
    return f"{CWD}/{rel}"


def numbered(text: str, start: int = 1) -> str:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    return "\n".join(f"{start + i}\t{line}" for i, line in enumerate(lines))


def structured_patch(old: str, new: str) -> list[dict[str, Any]]:
    a, b = old.split("\n"), new.split("\n")
    hunks = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        lines: list[str] = []
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                lines += [" " + s for s in a[a1:a2]]
            else:
                lines += ["-" + s for s in a[a1:a2]]
                lines += ["+" + s for s in b[b1:b2]]
        hunks.append({"oldStart": i1 + 1, "oldLines": i2 - i1, "newStart": j1 + 1, "newLines": j2 - j1, "lines": lines})
    return hunks


def diffstat(old: str, new: str) -> tuple[int, int]:
    plus = minus = 0
    for line in difflib.unified_diff(old.split("\n"), new.split("\n"), lineterm="", n=0):
        if line.startswith("+") and not line.startswith("+++"):
            plus += 1
        elif line.startswith("-") and not line.startswith("---"):
            minus += 1
    return plus, minus


# -- pytest output ------------------------------------------------------------------------------------------


def _progress_line(name: str, marks: str, done: int, total: int) -> str:
    pct = f"[{int(done * 100 / total):>3}%]"
    left = f"{name} {marks}" if name else marks
    return left + " " * max(1, 79 - len(left) - len(pct)) + pct


def pytest_output(files: list[tuple[str, str]], tail: str, summary: str) -> str:
    total = sum(len(m) for _, m in files)
    out = [
        "=" * 29 + " test session starts " + "=" * 30,
        "platform linux -- Python 3.12.3, pytest-8.3.5, pluggy-1.5.0",
        f"rootdir: {CWD}",
        "configfile: pyproject.toml",
        "testpaths: tests",
        f"collected {total} items",
        "",
    ]
    done = 0
    for name, marks in files:
        done += len(marks)
        out.append(_progress_line(name, marks, done, total))
    out.append("")
    if tail:
        out.append(tail)
    out.append(f" {summary} ".center(80, "="))
    return "\n".join(out)


def _rule(title: str, ch: str = "_") -> str:
    return f" {title} ".center(80, ch)


# -- images (drawn, deterministic) -----------------------------------------------------------------------

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _FONT_DIRS:
        path = Path(folder) / name
        if path.is_file():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fnt: Any, fill: Any) -> int:
    """Draw text; C1 control characters (what a Latin-1 decode leaves behind) are drawn as tofu boxes."""
    x, y = xy
    for part in re.split(r"([\u0080-\u009f])", text):
        if not part:
            continue
        if len(part) == 1 and "\u0080" <= part <= "\u009f":
            h = int(fnt.size * 0.8) if hasattr(fnt, "size") else 9
            d.rectangle((x + 1, y + 2, x + 1 + int(h * 0.55), y + 2 + h), outline=fill)
            x += int(h * 0.55) + 3
            continue
        d.text((x, y), part, font=fnt, fill=fill)
        x += int(d.textlength(part, font=fnt))
    return x


def reader_screenshot_jpeg() -> bytes:
    """Sam's feed reader showing the garbled items (pasted into the chat). A JPEG, on purpose."""
    w, h = 600, 380
    img = Image.new("RGB", (w, h), "#ffffff")
    d = ImageDraw.Draw(img)
    f_small, f_body, f_title = font(10), font(11), font(13, True)
    d.rectangle((0, 0, w, 26), fill="#2f3136")
    for i, c in enumerate(("#ec6a5e", "#f4bf4f", "#61c554")):
        d.ellipse((10 + i * 16, 8, 20 + i * 16, 18), fill=c)
    d.text((250, 6), "Feedwell: All items", font=font(11, True), fill="#e8e8e8")
    d.rectangle((0, 26, 170, h), fill="#f1f2f4")
    d.line((170, 26, 170, h), fill="#d9dbe0")
    d.text((14, 38), "FEEDS", font=font(10, True), fill="#7a7f89")
    feeds = [
        ("All items", "64", False),
        ("Kettle & Steam", "12", True),
        ("Di\u00c3\u00a1rio do Bairro", "9", False),
        ("Field Notes", "3", False),
        ("tidyfeeds releases", "2", False),
        ("Radio Attic", "7", False),
    ]
    y = 58
    for name, count, selected in feeds:
        if selected:
            d.rounded_rectangle((6, y - 3, 164, y + 17), radius=4, fill="#dfe7fb")
        draw_text(d, (14, y), name, f_body, "#1f2329")
        d.text((150 - int(d.textlength(count, font=f_small)), y + 1), count, font=f_small, fill="#7a7f89")
        y += 24
    items = [
        (
            "It\u00e2\u0080\u0099s a kettle, not a teapot",
            "Kettle & Steam \u00b7 08:12",
            "A short defence of the stovetop kettle, and why it\u00e2\u0080\u0099s still on my hob.",
        ),
        (
            "What\u00e2\u0080\u0099s in the tin: spring oolongs",
            "Kettle & Steam \u00b7 Mon",
            "Three oolongs, one gaiwan, and a lot of \u00e2\u0080\u009cit depends\u00e2\u0080\u009d.",
        ),
        (
            "S\u00c3\u00a3o Paulo acorda com 9 \u00c2\u00b0C",
            "Di\u00c3\u00a1rio do Bairro \u00b7 07:40",
            "Frente fria derruba a temperatura na capital; previs\u00c3\u00a3o de sol \u00c3\u00a0 tarde.",
        ),
        (
            "Caf\u00c3\u00a9 da manh\u00c3\u00a3 no Mercado Municipal",
            "Di\u00c3\u00a1rio do Bairro \u00b7 Sun",
            "Do p\u00c3\u00a3o na chapa ao sandu\u00c3\u00adche de mortadela.",
        ),
        ("Field Notes: week 19", "Field Notes \u00b7 Sat", "Bees, a broken gate, and the first courgettes."),
    ]
    y = 40
    for title, meta, snippet in items:
        draw_text(d, (186, y), title, f_title, "#111418")
        d.text((186, y + 19), meta, font=f_small, fill="#8a8f98")
        draw_text(d, (186, y + 34), snippet, f_body, "#3d424a")
        y += 64
        d.line((186, y - 9, w - 14, y - 9), fill="#eceef1")
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=30, optimize=True)
    return buf.getvalue()


ZOO = [
    ("kettle-and-steam", "text/xml", 42, "It\u2019s a kettle, not a teapot"),
    ("diario-do-bairro", "text/xml", 30, "S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO"),
    ("field-notes", "application/atom+xml; charset=utf-8", 19, "Field Notes: week 19"),
    ("tidyfeeds-releases", "application/atom+xml; charset=utf-8", 11, "v0.4.0: cleaner dedupe"),
    ("radio-attic", "text/xml; charset=iso-8859-1", 27, "Das Gr\u00fcne Radio, 1957"),
    ("utf16-bom-sample", "application/xml", 5, "Ol\u00e1, mundo \u2014 UTF-16"),
    ("cp1252-legacy", "text/xml; charset=windows-1252", 24, "\u201cSmart quotes\u201d since 1998"),
    ("zine-digest", "application/rss+xml", 33, "Na\u00efve caf\u00e9 reviews, vol. 3"),
    ("podcast-shownotes", "application/rss+xml; charset=utf-8", 48, "Ep. 112 \u2013 S\u00e3o Jo\u00e3o"),
    ("wiki-changes", "application/atom+xml", 40, "Talk:\u00c5ngstr\u00f6m"),
    ("empty-titles", "text/xml", 8, "(untitled)"),
    ("nihongo-weekly", "application/rss+xml; charset=utf-8", 31, "Week 19 digest"),
]
ZOO_SUSPECT_BEFORE = 159


def report_screenshot_png() -> bytes:
    """The zoo report opened in the browser (Playwright screenshot)."""
    w, h = 600, 380
    img = Image.new("RGB", (w, h), "#ffffff")
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 34), fill="#eceff3")
    d.rounded_rectangle((12, 7, w - 12, 27), radius=9, fill="#ffffff", outline="#d3d7de")
    d.text((24, 11), "file:///tmp/tidy-out/report.html", font=font(10), fill="#4a4f57")
    d.text((20, 46), "tidyfeeds report: feed zoo", font=font(17, True), fill="#15181d")
    d.text(
        (20, 70),
        "branch fix/garbled-feeds \u00b7 12 feeds \u00b7 replayed from tidyfeeds-test/feed-zoo",
        font=font(10),
        fill="#6b717b",
    )
    cards = [("12", "feeds", "#1f2329"), ("318", "items", "#1f2329"), ("0", "suspect sequences", "#1a7f37")]
    for i, (big, small, color) in enumerate(cards):
        x = 20 + i * 188
        d.rounded_rectangle((x, 90, x + 176, 134), radius=6, fill="#f6f8fa", outline="#d8dee4")
        d.text((x + 12, 96), big, font=font(18, True), fill=color)
        d.text((x + 12 + int(d.textlength(big, font=font(18, True))) + 8, 104), small, font=font(11), fill="#57606a")
    cols = [(20, "Feed"), (142, "Content-Type"), (330, "Items"), (372, "Suspect"), (428, "First title")]
    y = 148
    d.rectangle((14, y - 4, w - 14, y + 16), fill="#f0f2f5")
    for x, label in cols:
        d.text((x, y), label, font=font(10, True), fill="#3b4048")
    f_row, f_mono = font(10), font(9)
    for i, (name, ctype, items, title) in enumerate(ZOO[:9]):
        y = 170 + i * 20
        if i % 2:
            d.rectangle((14, y - 4, w - 14, y + 15), fill="#fafbfc")
        d.text((20, y), name, font=f_row, fill="#1f2329")
        short = ctype if len(ctype) <= 30 else ctype[:29] + "\u2026"
        d.text((142, y + 1), short, font=f_mono, fill="#57606a")
        d.text((330, y), str(items), font=f_row, fill="#1f2329")
        d.text((372, y), "0", font=f_row, fill="#1a7f37")
        t = title if d.textlength(title, font=f_row) < 150 else title[:24] + "\u2026"
        d.text((428, y), t, font=f_row, fill="#1f2329")
    img = img.quantize(colors=16, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


# -- transcript writer -------------------------------------------------------------------------------------


class Transcript:
    """One JSONL file: records in order, a parentUuid chain, token usage that grows with the context."""

    def __init__(
        self, *, branch: str, agent_id: str | None = None, base_context: int = 0, session_id: str = SESSION_ID
    ) -> None:
        self.session_id = session_id
        self.lines: list[bytes] = []
        self.parent: str | None = None
        self.branch = branch
        self.agent_id = agent_id
        self.sidechain = agent_id is not None
        self.prompt_id: str | None = None
        self.context = base_context  # prompt tokens the next call reads from cache
        self.pending = 0  # new tokens since the last call (tool results, human text)
        self.last_output = 0
        self.scale = 1.0
        self.tool_owner: dict[str, str] = {}
        self.turn_start: datetime | None = None
        self.turn_records = 0
        self.last_usage: dict[str, Any] | None = None
        self.api_calls = 0
        self.pace = 1.0  # model latency multiplier for the gaps between streamed blocks

    # plumbing
    def tail(self) -> dict[str, Any]:
        return {
            "userType": "external",
            "entrypoint": "cli",
            "cwd": CWD,
            "sessionId": self.session_id,
            "version": VERSION,
            "gitBranch": self.branch,
        }

    def head(self) -> dict[str, Any]:
        rec: dict[str, Any] = {"parentUuid": self.parent, "isSidechain": self.sidechain}
        if self.agent_id:
            rec["agentId"] = self.agent_id
        return rec

    def emit(self, record: dict[str, Any], chain: bool = True) -> dict[str, Any]:
        self.lines.append(orjson.dumps(record))
        self.turn_records += 1
        if chain and "uuid" in record:
            self.parent = record["uuid"]
        return record

    def note(self, text: str) -> None:
        self.pending += int(len(text) / 3.2 * self.scale)

    # records
    def user(self, content: Any, *, extra: dict[str, Any] | None = None, gap: float = 0.0) -> str:
        CLOCK.step(gap)
        rec = self.head()
        if self.prompt_id:
            rec["promptId"] = self.prompt_id
        rec["type"] = "user"
        rec["message"] = {"role": "user", "content": content}
        u = IDS.uuid()
        rec["uuid"] = u
        rec["timestamp"] = CLOCK.ts()
        if extra:
            rec.update(extra)
        rec.update(self.tail())
        self.emit(rec)
        self.note(_textual(content))
        return u

    def human(self, content: Any, *, gap: float = 0.0, new_prompt: bool = True) -> str:
        if new_prompt:
            self.prompt_id = IDS.uuid()
        CLOCK.step(gap)
        self.turn_start = CLOCK.now
        self.turn_records = 0
        return self.user(content, gap=0.0)

    def assistant(
        self,
        blocks: list[dict[str, Any]],
        *,
        model: str,
        stop: str | None,
        gaps: list[float] | None = None,
        extra_output: int = 0,
    ) -> list[str]:
        msg_id, req = IDS.msg(), IDS.req()
        out_chars = sum(len(orjson.dumps(b)) for b in blocks)
        output = max(12, int(out_chars / 3.4)) + extra_output
        self.api_calls += 1
        fresh = self.pending + self.last_output
        inp = 3 + (self.api_calls * 7) % 6
        usage = {
            "input_tokens": inp,
            "cache_creation_input_tokens": fresh,
            "cache_read_input_tokens": self.context,
            "output_tokens": output,
            "service_tier": "standard",
        }
        self.context += fresh + inp
        self.pending, self.last_output = 0, output
        self.last_usage = usage
        gaps = gaps or [2.5] * len(blocks)
        tool_ids = []
        for i, block in enumerate(blocks):
            CLOCK.step((gaps[i] if i < len(gaps) else 2.0) * self.pace)
            rec = self.head()
            rec["message"] = {
                "model": model,
                "id": msg_id,
                "type": "message",
                "role": "assistant",
                "content": [block],
                "stop_reason": stop if i == len(blocks) - 1 else None,
                "stop_sequence": None,
                "usage": usage,
            }
            rec["requestId"] = req
            rec["type"] = "assistant"
            u = IDS.uuid()
            rec["uuid"] = u
            rec["timestamp"] = CLOCK.ts()
            rec.update(self.tail())
            self.emit(rec)
            if block["type"] == "tool_use":
                self.tool_owner[block["id"]] = u
                tool_ids.append(block["id"])
        return tool_ids

    def result(self, tool: dict[str, Any], content: Any, tur: Any, *, is_error: bool = False, gap: float = 0.4) -> str:
        block: dict[str, Any] = {"tool_use_id": tool["id"], "type": "tool_result", "content": content}
        if is_error or tool["name"] == "Bash":
            block["is_error"] = is_error
        extra = {"toolUseResult": tur, "sourceToolAssistantUUID": self.tool_owner[tool["id"]]}
        return self.user([block], extra=extra, gap=gap)

    def system(
        self,
        subtype: str,
        fields: dict[str, Any],
        *,
        gap: float = 0.05,
        parent: Any = "chain",
        extra_head: dict[str, Any] | None = None,
    ) -> str:
        CLOCK.step(gap)
        rec = self.head()
        if parent != "chain":
            rec["parentUuid"] = parent
        if extra_head:
            rec.update(extra_head)
        rec["type"] = "system"
        rec["subtype"] = subtype
        rec.update(fields)
        u = IDS.uuid()
        rec["timestamp"] = CLOCK.ts()
        rec["uuid"] = u
        rec.update(self.tail())
        self.emit(rec)
        return u

    def attachment(self, attachment: dict[str, Any], *, gap: float = 0.02, parent: Any = "chain") -> str:
        CLOCK.step(gap)
        rec = self.head()
        if parent != "chain":
            rec["parentUuid"] = parent
        rec["attachment"] = attachment
        rec["type"] = "attachment"
        u = IDS.uuid()
        rec["uuid"] = u
        rec["timestamp"] = CLOCK.ts()
        rec.update(self.tail())
        self.emit(rec)
        return u

    def progress(self, data: dict[str, Any], tool_use_id: str, parent_tool_use_id: str, *, gap: float = 0.3) -> None:
        CLOCK.step(gap)
        rec = self.head()
        rec.update({k: v for k, v in self.tail().items() if k != "entrypoint"})
        rec["type"] = "progress"
        rec["data"] = data
        rec["parentToolUseID"] = parent_tool_use_id
        rec["toolUseID"] = tool_use_id
        rec["timestamp"] = CLOCK.ts()
        rec["uuid"] = IDS.uuid()
        self.emit(rec, chain=False)

    def raw(self, record: dict[str, Any]) -> None:
        self.emit(record, chain=False)

    # turn bookkeeping
    def end_turn(self, *, hook: bool = True) -> None:
        if hook:
            self.system(
                "stop_hook_summary",
                {
                    "hookCount": 1,
                    "hookInfos": [
                        {
                            "command": "notify-send -a 'Claude Code' tidyfeeds 'Waiting for you'",
                            "durationMs": 21 + self.api_calls % 9,
                        }
                    ],
                    "hookErrors": [],
                    "preventedContinuation": False,
                    "stopReason": "",
                    "hasOutput": False,
                    "level": "suggestion",
                },
                gap=0.4,
                extra_head=None,
            )
        assert self.turn_start is not None
        duration = int((CLOCK.now - self.turn_start).total_seconds() * 1000)
        self.system(
            "turn_duration", {"durationMs": duration, "messageCount": self.turn_records, "isMeta": False}, gap=0.01
        )


def _textual(content: Any) -> str:
    """The text of a message's content for token estimates (images are counted separately)."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content if isinstance(content, list) else []:
        if block.get("type") == "image":
            continue
        inner = block.get("content")
        if isinstance(inner, list):
            parts.append(_textual(inner))
        elif isinstance(inner, str):
            parts.append(inner)
        elif isinstance(block.get("text"), str):
            parts.append(block["text"])
    return "\n".join(parts)


# content blocks


def think(text: str) -> dict[str, Any]:
    return {"type": "thinking", "thinking": text, "signature": signature(text or str(IDS.n))}


def say(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def tool(name: str, inp: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": IDS.toolu(), "name": name, "input": inp, "caller": {"type": "direct"}}


# tool results computed from the virtual tree


def read_result(
    rel_or_abs: str, offset: int | None = None, limit: int | None = None, text: str | None = None
) -> tuple[str, dict[str, Any]]:
    path = rel_or_abs if rel_or_abs.startswith("/") else absolute(rel_or_abs)
    body = text if text is not None else FILES[rel_or_abs]
    lines = body.split("\n")
    if lines[-1] == "":
        lines = lines[:-1]
    start = offset or 1
    chosen = lines[start - 1 : (start - 1 + limit) if limit else None]
    content = "\n".join(chosen)
    shown = numbered(content + "\n", start)
    tur = {
        "type": "text",
        "file": {
            "filePath": path,
            "content": content,
            "numLines": len(chosen),
            "startLine": start,
            "totalLines": len(lines),
        },
    }
    return shown, tur


def edit_file(rel: str, old: str, new: str) -> tuple[str, dict[str, Any]]:
    original = FILES[rel]
    assert original.count(old) == 1, (rel, old)
    updated = original.replace(old, new)
    FILES[rel] = updated
    tur = {
        "filePath": absolute(rel),
        "oldString": old,
        "newString": new,
        "originalFile": original,
        "structuredPatch": structured_patch(original, updated),
        "userModified": False,
        "replaceAll": False,
    }
    return f"The file {absolute(rel)} has been updated successfully.", tur


def write_file(rel: str, content: str) -> tuple[str, dict[str, Any]]:
    FILES[rel] = content
    return f"File created successfully at: {absolute(rel)}", {
        "type": "create",
        "filePath": absolute(rel),
        "content": content,
        "structuredPatch": [],
        "originalFile": None,
    }


def grep_result(pattern: str, *, mode: str, paths: list[str] | None = None) -> tuple[str, dict[str, Any]]:
    rx = re.compile(pattern)
    names = [p for p in sorted(FILES) if p.endswith(".py") and (paths is None or any(p.startswith(x) for x in paths))]
    if mode == "files_with_matches":
        hits = [p for p in names if rx.search(FILES[p])]
        text = f"Found {len(hits)} file{'s' if len(hits) != 1 else ''}\n" + "\n".join(absolute(p) for p in hits)
        return text, {"mode": mode, "filenames": [absolute(p) for p in hits], "numFiles": len(hits)}
    out = []
    for p in names:
        for n, line in enumerate(FILES[p].split("\n"), 1):
            if rx.search(line):
                out.append(f"{p}:{n}:{line}")
    text = "\n".join(out)
    return text, {"mode": "content", "numFiles": 0, "filenames": [], "content": text, "numLines": len(out)}


def glob_result(suffix: str, prefix: str = "") -> tuple[str, dict[str, Any]]:
    hits = [absolute(p) for p in sorted(FILES) if p.endswith(suffix) and p.startswith(prefix)]
    return "\n".join(hits), {"filenames": hits, "durationMs": 14, "numFiles": len(hits), "truncated": False}


def bash_ok(stdout: str) -> dict[str, Any]:
    return {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False, "noOutputExpected": False}


# -- the story ---------------------------------------------------------------------------------------------

ASK = (
    "Some of my feeds come out of tidyfeeds garbled. This is my reader this morning: [Image #1]\n\n"
    "Curly apostrophes turn into \u00e2 plus little boxes, and the Portuguese feed is a mess "
    "(Di\u00c3\u00a1rio, S\u00c3\u00a3o Paulo). The originals look fine when I open them in the browser. "
    "Can you find out what's going on and fix it? The pipeline is fetch \u2192 parse \u2192 clean \u2192 write, "
    "all in tidyfeeds/."
)
GO_AHEAD = (
    "ok, go with the repair step. keep it in its own function though, so it's easy to rip out later if it misbehaves"
)
GO_AHEAD_REMINDER = (
    "\n\n<system-reminder>\nThe user has tidyfeeds/clean.py open in their editor. It has not changed since you "
    "last read it.\n</system-reminder>"
)
STEER = (
    "btw the di\u00e1rio one is a real feed I read every morning, and its headlines are often in caps like "
    "S\u00c3O PAULO. those have to come through untouched"
)
PIVOT = (
    "this feels wrong, let's stop patching text after the fact. every rule we add is going to eat some real "
    "headline. the feeds look fine in my browser, and kettle's even declares utf-8 right in its xml header. so "
    "why do we decode them wrong in the first place? find where the bytes turn into a str before touching "
    "anything else."
)
DO_IT = "yes. rip out fix_mojibake and its tests, then do it properly: bytes all the way to the parser, cache included."
OLD_CACHE = (
    "what about the cache files already on disk? they still hold the mangled text, and a 304 would happily "
    "serve them forever. I'd rather not write a migration, can we just make the old entries miss?"
)
TOKEN_ASK = (
    "one last check before I'm happy: run the feed zoo. it lives in a private repo in our test org, so you'll "
    f"need this. here's the token for the test org: {FAKE_GITHUB_TOKEN}\n"
    "(throwaway, read-only, I'll revoke it after). show me the report when it's done"
)
COMMIT_ASK = (
    "perfect, that's what I wanted to see. commit it. I've set my work identity (sam@tidyfeeds.dev) in the "
    "repo config so the author comes out right. revoking the token now."
)

EXPLORE_PROMPT = (
    f"Trace every place in {CWD} where feed data changes from bytes to str (or back), from the HTTP "
    "response to the files we write. For each one give file:line, the call, and which encoding it uses "
    "(explicit, inferred from HTTP headers, or the locale default).\n\n"
    "In particular:\n"
    "- Does anything use requests' `Response.text`? How does requests pick the encoding when the "
    "Content-Type has no charset? Check it against the installed requests rather than from memory.\n"
    "- Does the on-disk cache (tidyfeeds/cache.py) store and reload bodies unchanged?\n"
    "- Does the XML parser ever get bytes, so that it could read the document's own encoding declaration?\n\n"
    "Read-only: do not edit anything. Report a short list, most suspicious first."
)


def explore_result() -> str:
    f_text1 = line_of("tidyfeeds/fetch.py", "cache.store(url, resp.text")
    f_text2 = line_of("tidyfeeds/fetch.py", "return Fetched(url, resp.text")
    p_from = line_of("tidyfeeds/parse.py", "ET.fromstring(text)")
    c_read = line_of("tidyfeeds/cache.py", "body_path.read_text()")
    c_write = line_of("tidyfeeds/cache.py", "body_path.write_text(body)")
    c_fix = line_of("tidyfeeds/clean.py", 'decode("utf-8", errors="replace")')
    p_el = line_of("tidyfeeds/parse.py", "(el.text or")
    cli_fetch = line_of("tidyfeeds/cli.py", "parse_feed(fetched.text)")
    cli_file = line_of("tidyfeeds/cli.py", "parse_feed(Path(args.file).read_text())")
    return (
        "Found it. Most suspicious first:\n\n"
        f"1. **tidyfeeds/fetch.py:{f_text1}-{f_text2}**: `cache.store(url, resp.text, ...)` and "
        "`Fetched(url, resp.text, ...)`. `Response.text` decodes with the charset from the Content-Type "
        "header, and for `text/*` without one requests falls back to ISO-8859-1 (checked against the installed "
        "requests 2.32.3: `get_encoding_from_headers({'content-type': 'text/xml'})` is `'ISO-8859-1'`; for "
        "`application/rss+xml` it is `None` and requests guesses from the body). A UTF-8 feed served as bare "
        "`text/xml` is decoded as Latin-1: `\u2019` (e2 80 99) becomes `\u00e2` plus two C1 controls, `\u00e1` "
        "becomes `\u00c3\u00a1`.\n"
        f"2. **tidyfeeds/parse.py:{p_from}**: `ET.fromstring(text)` only ever gets a str, so expat never sees "
        'the `encoding="utf-8"` declaration or a BOM. Given bytes, it would honour both.\n'
        f"3. **tidyfeeds/cache.py:{c_write} and :{c_read}**: `write_text()` / `read_text()` (locale encoding) "
        "round-trip the already-decoded str faithfully, mangling included: that is why the cached bodies "
        "contain `\u00c3\u00a1`. If fetch switches to bytes, these must become `write_bytes()` / "
        "`read_bytes()` at the same time, or `store()` will raise.\n"
        f"4. **tidyfeeds/cli.py:{cli_fetch} and :{cli_file}**: the two `parse_feed()` call sites "
        "(`fetched.text`, and `Path.read_text()` with the locale default).\n\n"
        f"Not sources of the damage: `clean.py:{c_fix}` is the new `fix_mojibake()`, which re-decodes text "
        f"after the fact; the `.text` hits in `write.py` and `parse.py:{p_el}` are ElementTree attributes; the "
        "CLI output, config and report use UTF-8 explicitly. Nothing else decodes.\n\n"
        "Suggested direction: keep `resp.content` through fetch and the cache, give the parser bytes, and only "
        "override it when the server really sends a charset."
    )


COMPACT_SUMMARY_BODY = """Analysis:
Sam opened the session because some feeds come out of tidyfeeds garbled in his reader: curly apostrophes show up as "\u00e2" followed by little boxes, and the Portuguese feed Di\u00e1rio do Bairro reads "Di\u00c3\u00a1rio" and "S\u00c3\u00a3o Paulo". He pasted a screenshot of the reader and mentioned that the original feeds look fine in a browser. I read fetch.py and clean.py, found no explicit encoding handling anywhere in the package, and then found the mangled sequences already present in the cached feed bodies under ~/.cache/tidyfeeds. From that I concluded, wrongly, that the two publishers double-encode their feeds, and proposed a repair pass in clean.py. Sam agreed but asked that it live in its own function so it would be easy to remove.

I created the branch fix/garbled-feeds (baseline: 11 passed), added fix_mojibake() to clean.py, wired it into clean_item(), and wrote tests/test_mojibake.py. The run came back 2 failed, 13 passed: the repair corrupted two pieces of legitimate text, an all-caps Portuguese headline ("S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO" became "S\ufffdO PAULO \u2026") and an article that quotes mojibake on purpose. While I was looking at the failures, Sam added that Di\u00e1rio do Bairro is a feed he reads every morning and its caps headlines must come through untouched. I began proposing a stricter round-trip rule; Sam interrupted, switched the model to Opus, and pushed back: patching text after the fact felt wrong, every new rule would eat some real headline, and since the feeds look right in a browser and declare utf-8, the question was where our own code turns bytes into a str.

That was the turning point. An Explore agent traced every bytes-to-str boundary while I checked the servers. The cause is in tidyfeeds itself, not at the publishers: both broken feeds are served as bare "Content-Type: text/xml" with no charset, fetch.py decodes them with requests' Response.text, and requests falls back to ISO-8859-1 for text/* without a charset. The raw bytes of the kettle feed are perfectly good UTF-8 (e2 80 99 for the apostrophe). The cache had misled me, because we write it ourselves from the already-decoded text. Sam approved the real fix: remove the repair step and keep the response as bytes all the way to the XML parser, cache included.

Summary:
1. Primary Request and Intent:
   Find out why some feeds come out of tidyfeeds with mojibake and fix it at the cause. Sam explicitly rejected after-the-fact text repair ("this feels wrong, let's stop patching text after the fact") and asked for bytes to stay bytes "all the way to the parser, cache included". Real headlines such as Di\u00e1rio do Bairro's all-caps "S\u00c3O PAULO \u2026" must come through untouched.

2. Key Technical Concepts:
   - requests' Response.text decodes with resp.encoding, taken from the Content-Type header; for text/* without a charset it is ISO-8859-1 (verified: get_encoding_from_headers({'content-type': 'text/xml'}) == 'ISO-8859-1'; for application/rss+xml it is None and requests guesses from the body).
   - Mojibake signatures: \u2019 (e2 80 99) read as Latin-1 becomes "\u00e2" + U+0080 + U+0099; \u00e1 (c3 a1) becomes "\u00c3\u00a1".
   - xml.etree.ElementTree / expat honours the XML declaration and a BOM only when given bytes; ET.XMLParser(encoding=...) overrides the document's own declaration.
   - Precedence for the fix: BOM, then a charset the server actually sends, then the XML declaration.
   - Conditional GET cache (ETag / Last-Modified); a 304 serves the cached body.
   - Sam's PostToolUse hook runs ruff format on edited files, so a file can change between two edits.

3. Files and Code Sections:
   - tidyfeeds/fetch.py: Fetched(url, text, content_type, from_cache). fetch() ends with cache.store(url, resp.text, content_type, resp.headers) and return Fetched(url, resp.text, content_type). This is the root cause; it must keep resp.content.
   - tidyfeeds/parse.py: parse_feed(text: str) calls ET.fromstring(text). It must take bytes plus the content type so expat can read the declaration or BOM.
   - tidyfeeds/cache.py: Entry.body is a str; store() uses body_path.write_text(body) and load() uses body_path.read_text(). Both must switch to bytes together with fetch.
   - tidyfeeds/cli.py: parse_feed(fetched.text) in cmd_run and parse_feed(Path(args.file).read_text()) in cmd_clean.
   - tidyfeeds/clean.py: fix_mojibake() was added, then reverted with git checkout; the file is back to its original form.
   - tests/test_mojibake.py: created, then deleted.

4. Errors and fixes:
   - An Edit on clean.py failed with "File has been modified since read" because the ruff format hook had rewritten it; fixed by re-reading the file.
   - fix_mojibake() corrupted legitimate text (2 failed, 13 passed). Abandoned on Sam's direction instead of being tightened.
   - Misdiagnosis: I blamed the publishers because the cache held mangled text, but fetch.py wrote that text there itself.

5. Problem Solving:
   curl -sI showed https://kettle.example.net/feed.xml and https://diario.example.com/rss both send bare "text/xml", while https://notes.example.org/atom.xml, which was never broken, sends "application/atom+xml; charset=utf-8". xxd on the raw kettle bytes showed valid UTF-8. The Explore agent confirmed the ISO-8859-1 fallback in the installed requests and flagged the cache and both cli.py call sites as boundaries that have to change together with fetch.

6. All user messages:
   - "Some of my feeds come out of tidyfeeds garbled. This is my reader this morning: [Image #1] Curly apostrophes turn into \u00e2 plus little boxes, and the Portuguese feed is a mess (Di\u00c3\u00a1rio, S\u00c3\u00a3o Paulo). The originals look fine when I open them in the browser. Can you find out what's going on and fix it? The pipeline is fetch \u2192 parse \u2192 clean \u2192 write, all in tidyfeeds/."
   - "ok, go with the repair step. keep it in its own function though, so it's easy to rip out later if it misbehaves"
   - "btw the di\u00e1rio one is a real feed I read every morning, and its headlines are often in caps like S\u00c3O PAULO. those have to come through untouched"
   - "this feels wrong, let's stop patching text after the fact. every rule we add is going to eat some real headline. the feeds look fine in my browser, and kettle's even declares utf-8 right in its xml header. so why do we decode them wrong in the first place? find where the bytes turn into a str before touching anything else."
   - "yes. rip out fix_mojibake and its tests, then do it properly: bytes all the way to the parser, cache included."

7. Pending Tasks:
   - fetch.py: keep resp.content (bytes) in Fetched and in the cache.
   - parse.py: parse_feed(body: bytes, content_type: str = "") with BOM > header charset > XML declaration.
   - cli.py: pass bytes at both call sites.
   - cache.py: store and load bytes.
   - tests/test_encoding.py: bare text/xml, an explicit header charset, a UTF-16 BOM, the Di\u00e1rio caps headline, and a cache round trip.
   - Run the suite.

8. Current Work:
   Immediately before this summary, Sam said "yes. rip out fix_mojibake and its tests, then do it properly: bytes all the way to the parser, cache included." I ran git checkout -- tidyfeeds/clean.py and removed tests/test_mojibake.py; the working tree on fix/garbled-feeds is clean again.

9. Optional Next Step:
   Change tidyfeeds/fetch.py to keep resp.content, then parse.py, the cli.py call sites and cache.py, then write tests/test_encoding.py and run the suite.

Please continue the conversation from where we left it off without asking the user any further questions. Continue with the last task that you were asked to work on."""

CONTINUATION = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\n"
)


def snapshot(
    t: Transcript,
    message_id: str,
    tracked: dict[str, dict[str, Any]],
    *,
    update: bool,
    snap_message: str | None = None,
    snap_ts: str | None = None,
) -> None:
    t.raw(
        {
            "type": "file-history-snapshot",
            "messageId": message_id,
            "snapshot": {
                "messageId": snap_message or message_id,
                "trackedFileBackups": dict(tracked),
                "timestamp": snap_ts or CLOCK.ts(),
            },
            "isSnapshotUpdate": update,
        }
    )


def backup(tracked: dict[str, dict[str, Any]], rel: str, *, created: bool = False) -> None:
    version = tracked.get(rel, {}).get("version", 0) + 1
    tracked[rel] = {
        "backupFileName": None if created else f"{_hex('backup/' + rel, 16)}@v{version}",
        "version": version,
        "backupTime": CLOCK.ts(),
    }


def queue(
    t: Transcript, operation: str, content: str | None = None, *, gap: float = 0.01, reason: str | None = None
) -> None:
    CLOCK.step(gap)
    rec: dict[str, Any] = {
        "type": "queue-operation",
        "operation": operation,
        "timestamp": CLOCK.ts(),
        "sessionId": SESSION_ID,
    }
    if content is not None:
        rec["content"] = content
    if reason is not None:
        rec["reason"] = reason
    t.raw(rec)


RUFF = 'ruff format --quiet "$CLAUDE_PROJECT_DIR"'


def last_prompt(t: Transcript, text: str) -> None:
    """Claude Code's note of the latest prompt (written now and then, not after every turn)."""
    shown = text if len(text) <= 200 else text[:200] + "\u2026"
    t.raw({"type": "last-prompt", "lastPrompt": shown, "sessionId": t.session_id})


BACKED_UP: dict[str, str] = {}


def after_edit(
    t: Transcript,
    tu: dict[str, Any],
    content: str,
    tur: Any,
    tracked: dict[str, dict[str, Any]],
    rel: str,
    prompt_uuid: str,
    prompt_ts: str,
    *,
    reformatted: bool = False,
    created: bool = False,
    progress: bool = False,
) -> None:
    event = f"PostToolUse:{tu['name']}"
    if progress:
        t.progress(
            {"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": event, "command": RUFF},
            tu["id"],
            tu["id"],
            gap=0.2,
        )
    t.result(tu, content, tur, gap=0.3)
    t.attachment(
        {
            "type": "hook_success",
            "hookName": event,
            "toolUseID": tu["id"],
            "hookEvent": "PostToolUse",
            "content": "",
            "stdout": "1 file reformatted\n" if reformatted else "",
            "stderr": "",
            "exitCode": 0,
            "command": RUFF,
            "durationMs": 74 + len(rel),
        },
        gap=0.1,
    )
    # Claude Code backs a file up once per prompt, before its first change in that prompt
    if BACKED_UP.get(rel) != prompt_uuid:
        first = rel not in tracked
        BACKED_UP[rel] = prompt_uuid
        backup(tracked, rel, created=created)
        if first:
            snapshot(t, t.parent or "", tracked, update=True, snap_message=prompt_uuid, snap_ts=prompt_ts)


def bash_progress(t: Transcript, tu: dict[str, Any], chunks: list[str], *, every: float = 1.0) -> None:
    """Claude Code's live output of a running command: the last lines so far, and all of them."""
    full = ""
    for i, chunk in enumerate(chunks):
        full += chunk
        chunk = "\n".join(full.rstrip("\n").split("\n")[-3:])
        t.progress(
            {
                "type": "bash_progress",
                "output": chunk,
                "fullOutput": full,
                "elapsedTimeSeconds": int(every * (i + 1)) + 1,
                "totalLines": full.count("\n"),
            },
            f"bash-progress-{i}",
            tu["id"],
            gap=every,
        )


def build() -> tuple[Transcript, Transcript, Transcript]:
    main = Transcript(branch="main", base_context=0)
    main.pace = 2.4
    main.scale = 24.8  # the fiction compresses real file sizes; scale tokens so the context fills as it would
    tracked: dict[str, dict[str, Any]] = {}
    jpeg = reader_screenshot_jpeg()
    png = report_screenshot_png()

    # ---- session start -----------------------------------------------------------------------------------
    main.raw({"type": "permission-mode", "permissionMode": "acceptEdits", "sessionId": SESSION_ID})
    start_hook = str(uuid.uuid5(NAMESPACE, "session-start-hook"))
    main.progress(
        {
            "type": "hook_progress",
            "hookEvent": "SessionStart",
            "hookName": "SessionStart:startup",
            "command": "~/.claude/hooks/venv-check.sh",
        },
        start_hook,
        start_hook,
        gap=0.0,
    )
    main.attachment(
        {
            "type": "hook_success",
            "hookName": "SessionStart:startup",
            "toolUseID": start_hook,
            "hookEvent": "SessionStart",
            "content": "",
            "stdout": "venv ok: .venv (Python 3.12.3)\n",
            "stderr": "",
            "exitCode": 0,
            "command": "~/.claude/hooks/venv-check.sh",
            "durationMs": 38,
        },
        gap=0.2,
        parent=None,
    )
    main.attachment(
        {
            "type": "skill_listing",
            "content": (
                "- feed-zoo: Replay the recorded feed zoo through tidyfeeds and summarise the report\n"
                "- release-notes: Draft release notes from the commits since the last tag\n"
                "- review: Review the current diff for bugs, missing tests and style\n"
                "- update-config: Change Claude Code settings such as hooks, permissions and environment variables"
            ),
            "skillCount": 4,
            "isInitial": True,
        },
        gap=0.05,
    )
    main.context = 44_600  # system prompt, tools (incl. the Playwright MCP server), CLAUDE.md, skills

    # ---- turn 1: the ask (with a pasted JPEG that claims to be a PNG) ------------------------------------
    CLOCK.at(9, 5, 2)
    ask_blocks = [
        {"type": "text", "text": ASK},
        {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": base64.b64encode(jpeg).decode()},
        },
    ]
    prompt_id_1 = IDS.uuid()
    main.prompt_id = prompt_id_1
    main.turn_start = CLOCK.now
    main.turn_records = 0
    CLOCK.step(0.0)
    ask_uuid_preview = None
    snap_ts = CLOCK.ts()
    # the snapshot names the prompt's uuid, which is the next one allocated
    ask_uuid_preview = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 1}"))
    snapshot(main, ask_uuid_preview, tracked, update=False)
    ask_uuid = main.user(ask_blocks, extra={"permissionMode": "acceptEdits"}, gap=0.01)
    assert ask_uuid == ask_uuid_preview
    main.pending += 1_600  # the screenshot

    t_glob = tool("Glob", {"pattern": "tidyfeeds/**/*.py"})
    main.assistant(
        [
            think(
                "Sam reports mojibake: an apostrophe shows as \u00e2 followed by boxes, \u00e1 as \u00c3\u00a1, "
                "\u00e3 as \u00c3\u00a3. That is the signature of UTF-8 bytes decoded as Latin-1: \u2019 is e2 80 "
                "99, so Latin-1 gives \u00e2 plus two C1 control characters, which a reader draws as boxes. I need "
                "to find where the text gets decoded. Start with the layout, then fetch, parse and clean."
            ),
            say(
                "That pattern (\u00e2 plus invisible characters for \u2019, \u00c3\u00a1 for \u00e1) is UTF-8 being "
                "read as Latin-1 somewhere. Let me look at the pipeline."
            ),
            t_glob,
        ],
        model=SONNET,
        stop="tool_use",
        gaps=[6.1, 1.8, 0.9],
    )
    c, r = glob_result(".py", "tidyfeeds/")
    main.result(t_glob, c, r, gap=0.2)
    main.note(c)

    reads = [tool("Read", {"file_path": absolute(p)}) for p in ("tidyfeeds/fetch.py", "tidyfeeds/clean.py")]
    main.assistant(reads, model=SONNET, stop="tool_use", gaps=[2.2, 0.3])
    for tu, p in zip(reads, ("tidyfeeds/fetch.py", "tidyfeeds/clean.py"), strict=True):
        c, r = read_result(p)
        main.result(tu, c, r, gap=0.1)

    t_grep = tool(
        "Grep",
        {"pattern": "encoding|decode|charset", "path": absolute("tidyfeeds"), "output_mode": "files_with_matches"},
    )
    main.assistant(
        [
            think(""),
            say(
                "Neither fetch nor clean names an encoding anywhere. Let me see whether anything else in the "
                "package does, and what the cached copies of the broken feeds look like."
            ),
            t_grep,
        ],
        model=SONNET,
        stop="tool_use",
        gaps=[3.9, 1.2, 0.6],
    )
    c, r = grep_result("encoding|decode|charset", mode="files_with_matches", paths=["tidyfeeds/"])
    main.result(t_grep, c, r, gap=0.2)

    cache_kettle = f"{HOME}/.cache/tidyfeeds/{hashlib.sha1(b'https://kettle.example.net/feed.xml').hexdigest()}.xml"
    cache_diario = f"{HOME}/.cache/tidyfeeds/{hashlib.sha1(b'https://diario.example.com/rss').hexdigest()}.xml"
    t_count = tool(
        "Bash",
        {
            "command": "grep -c '\u00c3\\|\u00e2' ~/.cache/tidyfeeds/*.xml | grep -v ':0$'",
            "description": "Count mojibake sequences in the cached feed bodies",
        },
    )
    main.assistant([t_count], model=SONNET, stop="tool_use", gaps=[2.4])
    out = f"{cache_kettle}:41\n{cache_diario}:118"
    main.result(t_count, out, bash_ok(out), gap=0.3)

    plan = (
        "The mangled sequences are already in the cached copies of exactly those two feeds (41 and 118 "
        "hits), so the text is broken before `clean.py` ever sees it. My read: those publishers double-encode, "
        "i.e. their CMS writes UTF-8 text that was already decoded as Latin-1 once. It's a common failure "
        "with older blog setups.\n\n"
        "Plan:\n"
        "1. Add `fix_mojibake(text)` to `tidyfeeds/clean.py`: when a string contains the telltale sequences "
        "(`\u00c3` or `\u00c2` in front of another character, `\u00e2` in front of a C1 control), re-encode it "
        "as Latin-1 and decode it as UTF-8.\n"
        "2. Apply it to titles and summaries in `clean_item()`.\n"
        "3. Add `tests/test_mojibake.py`: the two broken titles from your screenshot, plus two strings that "
        "must be left alone.\n"
        "4. Run the suite.\n\n"
        "I'd rather not pull in a dependency like ftfy for this; a dozen lines cover the pattern you're "
        "seeing. OK to go ahead?"
    )
    main.assistant(
        [
            think(
                "Both broken feeds have mojibake in their cached bodies; the clean feed has none. The cache "
                "holds what the server sent, so the damage must come from the publishers. A repair pass is the "
                "pragmatic fix: detect the Latin-1 lead characters and round-trip latin-1 -> utf-8. ftfy would "
                "do it but is a heavy dependency for a small CLI. Risk: false positives on legitimate text that "
                "contains \u00c3, so the tests should include a couple of must-not-touch strings."
            ),
            say(plan),
        ],
        model=SONNET,
        stop="end_turn",
        gaps=[9.5, 14.2],
    )
    main.end_turn()
    main.raw({"type": "ai-title", "aiTitle": "Fix garbled characters in fetched feeds", "sessionId": SESSION_ID})
    last_prompt(main, ASK)

    # ---- turn 2: the repair step ---------------------------------------------------------------------------
    CLOCK.at(9, 11, 15)
    queue(main, "enqueue", GO_AHEAD)
    queue(main, "dequeue", gap=0.02)
    snap_ts = CLOCK.ts()
    p2 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))  # prompt id is allocated first
    snapshot(main, p2, tracked, update=False)
    p2_real = main.human(GO_AHEAD + GO_AHEAD_REMINDER, gap=0.01)
    assert p2_real == p2

    t_base = tool(
        "Bash",
        {
            "command": "git switch -c fix/garbled-feeds && .venv/bin/python -m pytest -q",
            "description": "Create a branch and run the baseline test suite",
        },
    )
    main.assistant(
        [say("First a branch and a baseline run, so the new tests have something to be compared against."), t_base],
        model=SONNET,
        stop="tool_use",
        gaps=[4.1, 0.8],
    )
    out = (
        "Switched to a new branch 'fix/garbled-feeds'\n" + _progress_line("", "." * 11, 11, 11) + "\n11 passed in 0.29s"
    )
    main.result(t_base, out, bash_ok(out), gap=2.3)
    main.branch = "fix/garbled-feeds"

    old = 'TRACKING = re.compile(r"^(utm_\\w+|fbclid|gclid|mc_eid)$")\n'
    new = old + FIX_MOJIBAKE
    t_e1 = tool(
        "Edit",
        {"file_path": absolute("tidyfeeds/clean.py"), "old_string": old, "new_string": new, "replace_all": False},
    )
    main.assistant([t_e1], model=SONNET, stop="tool_use", gaps=[7.8])
    c, r = edit_file("tidyfeeds/clean.py", old, new)
    # the format hook then normalises the file (Claude's copy is now stale)
    after_edit(main, t_e1, c, r, tracked, "tidyfeeds/clean.py", p2, snap_ts, reformatted=True, progress=True)

    old_ci = '    item.title = " ".join(item.title.split())\n    return item\n'
    new_ci = (
        '    item.title = " ".join(fix_mojibake(item.title).split())\n'
        "    item.summary = fix_mojibake(item.summary)\n    return item\n"
    )
    t_e2 = tool(
        "Edit",
        {"file_path": absolute("tidyfeeds/clean.py"), "old_string": old_ci, "new_string": new_ci, "replace_all": False},
    )
    main.assistant([t_e2], model=SONNET, stop="tool_use", gaps=[3.3])
    err = (
        "File has been modified since read, either by the user or by a linter. Read it again before "
        "attempting to write it."
    )
    main.result(t_e2, f"<tool_use_error>{err}</tool_use_error>", f"Error: {err}", is_error=True, gap=0.1)

    t_re = tool("Read", {"file_path": absolute("tidyfeeds/clean.py")})
    main.assistant(
        [
            say("The format hook rewrote `clean.py` right after my first edit, so my copy is stale. Re-reading it."),
            t_re,
        ],
        model=SONNET,
        stop="tool_use",
        gaps=[2.0, 0.5],
    )
    c, r = read_result("tidyfeeds/clean.py")
    main.result(t_re, c, r, gap=0.1)

    t_e3 = tool(
        "Edit",
        {"file_path": absolute("tidyfeeds/clean.py"), "old_string": old_ci, "new_string": new_ci, "replace_all": False},
    )
    main.assistant([t_e3], model=SONNET, stop="tool_use", gaps=[2.6])
    c, r = edit_file("tidyfeeds/clean.py", old_ci, new_ci)
    after_edit(main, t_e3, c, r, tracked, "tidyfeeds/clean.py", p2, snap_ts)

    t_w = tool("Write", {"file_path": absolute("tests/test_mojibake.py"), "content": TEST_MOJIBAKE})
    main.assistant([t_w], model=SONNET, stop="tool_use", gaps=[8.4])
    c, r = write_file("tests/test_mojibake.py", TEST_MOJIBAKE)
    after_edit(main, t_w, c, r, tracked, "tests/test_mojibake.py", p2, snap_ts, created=True)

    t_run = tool("Bash", {"command": ".venv/bin/python -m pytest", "description": "Run the test suite"})
    main.assistant([t_run], model=SONNET, stop="tool_use", gaps=[1.9])
    l_caps = line_of("tests/test_mojibake.py", "assert fix_mojibake(title) == title", 1)
    l_art = line_of("tests/test_mojibake.py", "assert fix_mojibake(title) == title", 2)
    fail_tail = "\n".join(
        [
            "=" * 35 + " FAILURES " + "=" * 35,
            _rule("test_leaves_portuguese_caps_alone"),
            f"tests/test_mojibake.py:{l_caps}: in test_leaves_portuguese_caps_alone",
            "    assert fix_mojibake(title) == title",
            "E   AssertionError: assert 'S\ufffdO PAULO TE...S FRIA DO ANO' == 'S\u00c3O PAULO TE...S FRIA DO ANO'",
            "E     ",
            "E     - S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO",
            "E     ?  ^",
            "E     + S\ufffdO PAULO TEM A MADRUGADA MAIS FRIA DO ANO",
            "E     ?  ^",
            _rule("test_leaves_article_about_mojibake_alone"),
            f"tests/test_mojibake.py:{l_art}: in test_leaves_article_about_mojibake_alone",
            "    assert fix_mojibake(title) == title",
            "E   AssertionError: assert 'Why your rea... instead of \ufffd' == 'Why your rea... instead of \u00e9'",
            "E     ",
            "E     - Why your reader shows \u00c3\u00a9 instead of \u00e9",
            "E     ?                       ^^            ^",
            "E     + Why your reader shows \u00e9 instead of \ufffd",
            "E     ?                       ^            ^",
            _rule("short test summary info", "="),
            "FAILED tests/test_mojibake.py::test_leaves_portuguese_caps_alone - AssertionE...",
            "FAILED tests/test_mojibake.py::test_leaves_article_about_mojibake_alone - Ass...",
        ]
    )
    fail_files = [
        ("tests/test_cache.py", "."),
        ("tests/test_clean.py", "......"),
        ("tests/test_mojibake.py", "..FF"),
        ("tests/test_parse.py", "...."),
    ]
    out = pytest_output(fail_files, fail_tail, "2 failed, 13 passed in 0.39s")
    bash_progress(main, t_run, [out[: out.index("tests/test_clean.py")]], every=0.4)
    main.result(t_run, "Exit code 1\n" + out, "Error: Exit code 1\n" + out, is_error=True, gap=0.3)

    t_peek = tool("Read", {"file_path": cache_diario, "limit": 12})
    diario_cached = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<rss version="2.0">\n'
        "<channel>\n"
        "<title>Di\u00c3\u00a1rio do Bairro</title>\n"
        "<link>https://diario.example.com/</link>\n"
        "<description>Not\u00c3\u00adcias do bairro, todo dia</description>\n"
        "<item>\n"
        "<title>S\u00c3\u0083O PAULO TEM A MADRUGADA MAIS FRIA DO ANO</title>\n"
        "<link>https://diario.example.com/2026/05/12/madrugada-fria</link>\n"
        "<pubDate>Tue, 12 May 2026 06:10:00 -0300</pubDate>\n"
        "</item>\n"
        "<item>\n"
        "<title>S\u00c3\u00a3o Paulo acorda com 9 \u00c2\u00b0C</title>\n"
    )
    main.assistant(
        [
            think(
                "Two failures, both the repair firing on text that is legitimately what it says. 'S\u00c3O PAULO' "
                "is real Portuguese: \u00c3 followed by O. Latin-1 encoding gives c3 4f, which is not valid UTF-8, "
                "so errors='replace' put U+FFFD in the title. The second is an article that quotes mojibake on "
                "purpose; the round trip turned its real \u00e9 into U+FFFD. A strict decode that leaves the "
                "string alone on failure would pass both tests. But this only fixes the cases I thought of. Let "
                "me look at what the Di\u00e1rio feed actually contains before deciding."
            ),
            say(
                "Two failures, both the repair firing on text that is exactly what it claims to be:\n\n"
                "- `S\u00c3O PAULO \u2026`: a real capital \u00c3 followed by O. Latin-1 to UTF-8 can't decode "
                '`c3 4f`, so `errors="replace"` put a U+FFFD in the headline.\n'
                "- the article *about* mojibake quotes `\u00c3\u00a9` on purpose, and the repair turned its real "
                "`\u00e9` into U+FFFD.\n\n"
                'A stricter rule would fix both: decode without `errors="replace"` and leave the string untouched '
                "when the round trip fails. Let me check what the cached Di\u00e1rio feed looks like first."
            ),
            t_peek,
        ],
        model=SONNET,
        stop="tool_use",
        gaps=[11.0, 6.5, 0.7],
    )
    # Sam types while the agent works; the message is absorbed mid-turn
    queue(main, "enqueue", STEER, gap=0.9)
    c, r = read_result(cache_diario, limit=12, text=diario_cached)
    main.result(t_peek, c, r, gap=0.2)
    main.attachment(
        {"type": "queued_command", "prompt": STEER, "commandMode": "prompt", "origin": {"kind": "human"}}, gap=0.1
    )
    queue(main, "remove", gap=0.01, reason="absorbed_mid_turn")
    main.note(STEER)

    main.assistant(
        [
            think(
                "Sam: the Di\u00e1rio caps headlines are real and must survive. Interesting: the cached copy has "
                "'S\u00c3\u0083O PAULO', i.e. even the real \u00c3 was mangled into \u00c3 + U+0083. So the cache "
                "holds double-decoded text everywhere, including the legitimate caps. A strict round trip turns "
                "that back into S\u00c3O, good. Then a minimum ratio of suspect characters so a single \u00c3 in "
                "otherwise clean text is never touched, and an allow-list for"
            ),
            say(
                "Noted: the Di\u00e1rio caps headlines have to survive untouched. Look at line 8 of the cached copy, "
                "though: even the real `\u00c3` in `S\u00c3O PAULO` is stored as `\u00c3` plus a U+0083 control, so "
                "the strict round trip would give it back correctly. Here's the stricter version I have in mind:\n\n"
                "1. decode strictly and keep the original string when that fails;\n"
                "2. only repair when suspect sequences make up a meaningful share of the string, so a lone "
                "`\u00c3` in clean text is never touched;\n"
                "3. an allow-list of"
            ),
        ],
        model=SONNET,
        stop=None,
        gaps=[12.4, 7.7],
    )
    CLOCK.step(1.6)
    main.user([{"type": "text", "text": "[Request interrupted by user]"}])

    # ---- /model, then the pivot -----------------------------------------------------------------------------
    CLOCK.at(9, 16, 48)
    main.user(
        "<command-name>/model</command-name>\n            <command-message>model</command-message>\n"
        "            <command-args>opus</command-args>"
    )
    main.user("<local-command-stdout>Set model to opus (claude-opus-5-5)</local-command-stdout>", gap=0.05)

    CLOCK.at(9, 18, 21)
    queue(main, "enqueue", PIVOT)
    queue(main, "dequeue", gap=0.02)
    p3 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))
    snap_ts = CLOCK.ts()
    snapshot(main, p3, tracked, update=False)
    assert main.human(PIVOT, gap=0.01) == p3
    main.note(PIVOT)

    agent_tool = tool(
        "Agent",
        {"description": "Trace where feed bytes become text", "prompt": EXPLORE_PROMPT, "subagent_type": "Explore"},
    )
    t_ct = tool(
        "Bash",
        {
            "command": (
                "for u in https://kettle.example.net/feed.xml https://diario.example.com/rss "
                "https://notes.example.org/atom.xml; do printf '%-42s' \"$u\"; curl -sI \"$u\" | grep -i '^content-type'; "
                "done"
            ),
            "description": "Show the Content-Type each feed server sends",
        },
    )
    main.assistant(
        [
            think(
                "Sam is right, and his first message already had the clue I skipped: the feeds look fine in a "
                "browser. I saw mangled text in the cache and blamed the publishers, but the cache is written by "
                "us, from whatever fetch produced. If the browser renders them correctly, the bytes on the wire "
                "are fine and the damage happens in our code between the socket and the cache. fetch.py uses "
                "resp.text, and requests picks resp.encoding from the Content-Type header; if these servers send "
                "text/xml without a charset, requests may fall back to ISO-8859-1, which would produce exactly "
                "\u00e2 + C1 controls. I should verify instead of asserting it: what Content-Type the servers "
                "send, what the raw bytes are, and every place bytes become str in the package. An Explore agent "
                "can do the code trace while I look at the wire."
            ),
            say(
                "You're right, and your first message already had the clue I skipped: the feeds look fine in the "
                "browser. I found mangled text in the cache and blamed the publishers, but we write that cache "
                "ourselves. I'll have an Explore agent trace every place where bytes become text in tidyfeeds, "
                "and meanwhile check what the servers actually send."
            ),
            agent_tool,
            t_ct,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[16.0, 5.2, 3.1, 0.9],
    )
    spawn_uuid = main.tool_owner[agent_tool["id"]]
    ct_out = (
        "https://kettle.example.net/feed.xml       content-type: text/xml\n"
        "https://diario.example.com/rss            content-type: text/xml\n"
        "https://notes.example.org/atom.xml        content-type: application/atom+xml; charset=utf-8"
    )
    main.result(t_ct, ct_out, bash_ok(ct_out), gap=1.4)
    agent_start = CLOCK.now

    # ---- the Explore subagent, in its own file --------------------------------------------------------------
    sub = Transcript(branch="fix/garbled-feeds", agent_id=AGENT_ID, base_context=0)
    sub.prompt_id = main.prompt_id
    sub.scale = 2.2
    sub.pace = 2.6
    sub.context = 11_900
    sub_clock_save = CLOCK.now
    CLOCK.now = agent_start - timedelta(seconds=1.1)
    sub.user(EXPLORE_PROMPT, gap=0.0)
    pattern = r"\.text\b|fromstring|read_text|write_text|decode\(|encode\(|encoding="
    s_grep = tool("Grep", {"pattern": pattern, "path": absolute("tidyfeeds"), "output_mode": "content", "-n": True})
    sub.assistant(
        [say("Starting with every decode/encode point in the package."), s_grep],
        model=SONNET,
        stop="tool_use",
        gaps=[3.4, 0.6],
    )
    c, r = grep_result(pattern, mode="content", paths=["tidyfeeds/"])
    sub.result(s_grep, c, r, gap=0.2)
    s_r1 = tool("Read", {"file_path": absolute("tidyfeeds/fetch.py"), "offset": 22, "limit": 15})
    s_r2 = tool("Read", {"file_path": absolute("tidyfeeds/cache.py"), "offset": 34})
    sub.assistant(
        [
            say(
                "`resp.text` in fetch.py and text-mode I/O in cache.py are the interesting hits. "
                "Reading the surrounding code."
            ),
            s_r1,
            s_r2,
        ],
        model=SONNET,
        stop="tool_use",
        gaps=[4.1, 0.4, 0.2],
    )
    for tu, p, off, lim in ((s_r1, "tidyfeeds/fetch.py", 22, 15), (s_r2, "tidyfeeds/cache.py", 34, None)):
        c, r = read_result(p, offset=off, limit=lim)
        sub.result(tu, c, r, gap=0.1)
    probe = (
        '.venv/bin/python -c "import requests, requests.utils as u; print(requests.__version__); '
        "print(u.get_encoding_from_headers({'content-type': 'text/xml'})); "
        "print(u.get_encoding_from_headers({'content-type': 'application/rss+xml'}))\""
    )
    s_b = tool("Bash", {"command": probe, "description": "Ask the installed requests which encoding it infers"})
    sub.assistant(
        [think(""), say("Checking requests' fallback against the installed version rather than from memory."), s_b],
        model=SONNET,
        stop="tool_use",
        gaps=[5.0, 1.0, 0.5],
    )
    probe_out = "2.32.3\nISO-8859-1\nNone"
    sub.result(s_b, probe_out, bash_ok(probe_out), gap=0.9)
    result_text = explore_result()
    sub.assistant([say(result_text)], model=SONNET, stop="end_turn", gaps=[21.0])
    sub_usage = sub.last_usage or {}
    sub_total = sum(
        sub_usage[k]
        for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
    )
    agent_duration_ms = int((CLOCK.now - agent_start).total_seconds() * 1000) + 1_100
    CLOCK.now = max(CLOCK.now, sub_clock_save)

    # ---- back in the main session: the agent's result ---------------------------------------------------
    tail_text = (
        f"agentId: {AGENT_ID} (use SendMessage with to: '{AGENT_ID}' to continue this agent)\n"
        f"<usage>total_tokens: {sub_total}\ntool_uses: 4\nduration_ms: {agent_duration_ms}</usage>"
    )
    agent_tur = {
        "status": "completed",
        "prompt": EXPLORE_PROMPT,
        "agentId": AGENT_ID,
        "agentType": "Explore",
        "content": [{"type": "text", "text": result_text}],
        "totalDurationMs": agent_duration_ms,
        "totalTokens": sub_total,
        "totalToolUseCount": 4,
        "usage": sub_usage,
        "toolStats": {
            "readCount": 2,
            "searchCount": 1,
            "bashCount": 1,
            "editFileCount": 0,
            "linesAdded": 0,
            "linesRemoved": 0,
            "otherToolCount": 0,
        },
    }
    main.result(
        agent_tool, [{"type": "text", "text": result_text}, {"type": "text", "text": tail_text}], agent_tur, gap=0.3
    )
    main.note(result_text)

    t_xxd = tool(
        "Bash",
        {
            "command": "curl -s https://kettle.example.net/feed.xml | grep -o -m1 "
            '"It.\\{1,3\\}s a kettle" | xxd | head -2',
            "description": "Look at the raw bytes of the kettle feed's apostrophe",
        },
    )
    main.assistant(
        [
            think(""),
            say(
                "The agent's trace and the headers point the same way: the two broken feeds are exactly the two "
                "served as bare `text/xml`. One more check, the raw bytes, to rule out the publisher for good."
            ),
            t_xxd,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[7.5, 4.4, 0.6],
    )
    xxd = "00000000: 4974 e280 9973 2061 206b 6574 746c 65    It...s a kettle"
    main.result(t_xxd, xxd, bash_ok(xxd), gap=1.1)

    discovery = (
        "There it is: `e2 80 99` is a perfectly good UTF-8 right single quote. The publisher is fine; we "
        "break it ourselves.\n\n"
        "What happens, step by step:\n"
        "1. Both broken feeds are served as bare `Content-Type: text/xml`, no charset. Field Notes, which was "
        "never broken, sends `application/atom+xml; charset=utf-8`.\n"
        "2. `fetch.py` uses `resp.text`. For `text/*` without a charset, requests falls back to ISO-8859-1 "
        "(the old HTTP/1.1 default), so `\u2019` becomes `\u00e2` plus two invisible control characters and "
        "`\u00e1` becomes `\u00c3\u00a1`. That's your screenshot.\n"
        '3. `parse.py` hands that str to ElementTree, so expat never gets to read the `encoding="utf-8"` '
        "declaration that would have saved us.\n"
        "4. The cache stores the damaged str faithfully, which is why the mangling was already there when I "
        "looked. That's what sent me after the publishers.\n\n"
        "So `fix_mojibake` was treating a symptom we cause. Proposal: drop it and its tests, keep the "
        "response as bytes through fetch and the cache, and let the XML parser decide the encoding: a BOM "
        "first, then a charset if the server really sends one, then the document's own XML declaration. New "
        "tests: bare `text/xml`, an explicit header charset, a UTF-16 BOM, the Di\u00e1rio caps headline, and "
        "a cache round trip. Shall I?"
    )
    main.assistant([say(discovery)], model=OPUS, stop="end_turn", gaps=[18.3])
    main.end_turn()
    last_prompt(main, PIVOT)

    # ---- turn 4: go; the revert; then the context runs out -----------------------------------------------
    CLOCK.at(9, 25, 4)
    queue(main, "enqueue", DO_IT)
    queue(main, "dequeue", gap=0.02)
    p4 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))
    snap_ts = CLOCK.ts()
    snapshot(main, p4, tracked, update=False)
    assert main.human(DO_IT, gap=0.01) == p4
    t_rev = tool(
        "Bash",
        {
            "command": "git checkout -- tidyfeeds/clean.py && rm tests/test_mojibake.py && "
            "git status --short && echo clean",
            "description": "Revert the repair step and delete its tests",
        },
    )
    main.assistant([say("Reverting the repair step first."), t_rev], model=OPUS, stop="tool_use", gaps=[4.2, 0.7])
    FILES["tidyfeeds/clean.py"] = ORIGINAL_FILES["tidyfeeds/clean.py"]
    del FILES["tests/test_mojibake.py"]
    main.result(t_rev, "clean", bash_ok("clean"), gap=0.6)
    pre_compact_context = main.context + main.pending + main.last_output
    last_before_compact = main.parent

    # the compaction replay written beside the subagents (not a subagent; retell must ignore it)
    acompact = Transcript(branch="fix/garbled-feeds", agent_id=ACOMPACT_ID, base_context=148_200)
    acompact.prompt_id = main.prompt_id
    replay_time = CLOCK.now + timedelta(seconds=2)
    saved = CLOCK.now
    CLOCK.now = replay_time
    CLOCK.frozen = True
    acompact.user(PIVOT)
    acompact.assistant([say(discovery)], model=OPUS, stop="end_turn", gaps=[0.0])
    acompact.user(DO_IT)
    acompact.user(
        "Your task is to write a detailed summary of the conversation so far, so that the work can continue "
        "without it. Cover the user's requests and intent, the key technical concepts, the files and code "
        "involved, errors and how they were fixed, every message the user wrote, pending tasks, the current "
        "work and the next step. Start with an Analysis section, then a Summary section.",
        extra={"isMeta": True},
    )
    CLOCK.frozen = False
    CLOCK.now = saved

    # ---- compaction -----------------------------------------------------------------------------------------
    CLOCK.step(71.5)
    boundary = main.system(
        "compact_boundary",
        {
            "content": "Conversation compacted",
            "isMeta": False,
            "level": "info",
            "compactMetadata": {"trigger": "auto", "preTokens": 155000},
        },
        parent=None,
        extra_head={"logicalParentUuid": last_before_compact},
    )
    main.user(
        CONTINUATION + COMPACT_SUMMARY_BODY,
        extra={"isVisibleInTranscriptOnly": True, "isCompactSummary": True},
        gap=0.02,
    )
    main.context = 44_600
    main.pending = len(COMPACT_SUMMARY_BODY) // 4
    main.last_output = 0
    main.scale = 6.0
    main.attachment(
        {
            "type": "task_reminder",
            "content": [
                {"id": "1", "subject": "Revert fix_mojibake and its tests", "status": "completed"},
                {"id": "2", "subject": "Keep feed bodies as bytes in fetch and cache", "status": "in_progress"},
                {"id": "3", "subject": "parse_feed takes bytes + content type", "status": "pending"},
                {"id": "4", "subject": "tests/test_encoding.py", "status": "pending"},
            ],
            "itemCount": 4,
        },
        gap=0.05,
    )

    # ---- chapter 2: the real fix --------------------------------------------------------------------------
    c_reads = [tool("Read", {"file_path": absolute(p)}) for p in ("tidyfeeds/parse.py",)]
    c_grep = tool("Grep", {"pattern": r"parse_feed\(", "path": CWD, "output_mode": "content", "-n": True})
    main.assistant(
        [
            say(
                "Continuing with the encoding fix. The repair step is already reverted; next, fetch "
                "keeps the response bytes. I haven't actually read `parse.py` yet (the Explore agent "
                "only grepped it), so that first, plus every `parse_feed()` call site."
            ),
            *c_reads,
            c_grep,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[5.5, 0.8, 0.2],
    )
    for tu, p in zip(c_reads, ("tidyfeeds/parse.py",), strict=True):
        c, r = read_result(p)
        main.result(tu, c, r, gap=0.1)
        main.note(c)
    c, r = grep_result(r"parse_feed\(", mode="content")
    main.result(c_grep, c, r, gap=0.2)

    def edit(
        rel: str, old: str, new: str, gap: float, *, say_text: str | None = None, think_text: str | None = None
    ) -> None:
        tu = tool("Edit", {"file_path": absolute(rel), "old_string": old, "new_string": new, "replace_all": False})
        blocks = []
        gaps = []
        if think_text is not None:
            blocks.append(think(think_text))
            gaps.append(6.0)
        if say_text:
            blocks.append(say(say_text))
            gaps.append(2.5)
        blocks.append(tu)
        gaps.append(gap)
        main.assistant(blocks, model=OPUS, stop="tool_use", gaps=gaps)
        content, tur = edit_file(rel, old, new)
        after_edit(main, tu, content, tur, tracked, rel, p4, snap_ts)

    edit("tidyfeeds/fetch.py", "    url: str\n    text: str\n", "    url: str\n    body: bytes\n", 4.6, think_text="")
    edit(
        "tidyfeeds/fetch.py",
        "    cache.store(url, resp.text, content_type, resp.headers)\n"
        "    return Fetched(url, resp.text, content_type)\n",
        "    # Keep the bytes. resp.text decodes bare text/* as ISO-8859-1 (requests follows\n"
        "    # RFC 2616 there), and the XML parser would never see the document's own encoding.\n"
        "    cache.store(url, resp.content, content_type, resp.headers)\n"
        "    return Fetched(url, resp.content, content_type)\n",
        3.2,
    )
    edit(
        "tidyfeeds/parse.py",
        "def parse_feed(text: str) -> Feed:\n    root = ET.fromstring(text)\n",
        '_BOMS = (b"\\xef\\xbb\\xbf", b"\\xff\\xfe", b"\\xfe\\xff")  # UTF-8, UTF-16 LE, UTF-16 BE\n\n\n'
        'def parse_feed(body: bytes, content_type: str = "") -> Feed:\n'
        '    """Parse raw feed bytes. A BOM wins, then a charset the server actually sent,\n'
        '    then the document\'s own XML declaration (expat reads it when given bytes)."""\n'
        '    charset = content_type.partition("charset=")[2].split(";")[0].strip(\' "\')\n'
        "    parser = None\n"
        "    if charset and not body.startswith(_BOMS):\n"
        "        parser = ET.XMLParser(encoding=charset)\n"
        "    root = ET.fromstring(body, parser=parser)\n",
        9.8,
        say_text="Now the parser: it takes bytes, and only overrides expat when there's a reason to.",
    )
    t_cli = tool("Read", {"file_path": absolute("tidyfeeds/cli.py"), "offset": 15, "limit": 17})
    main.assistant([t_cli], model=OPUS, stop="tool_use", gaps=[2.1])
    c, r = read_result("tidyfeeds/cli.py", offset=15, limit=17)
    main.result(t_cli, c, r, gap=0.1)
    cli_old = FILES["tidyfeeds/cli.py"].split("        feed = clean_feed(", 1)[1].split("    return 0\n\n\ndef main")[0]
    cli_old = "        feed = clean_feed(" + cli_old
    cli_new = cli_old.replace("parse_feed(fetched.text)", "parse_feed(fetched.body, fetched.content_type)").replace(
        "Path(args.file).read_text()", "Path(args.file).read_bytes()"
    )
    edit("tidyfeeds/cli.py", cli_old, cli_new, 3.9)

    t_wt = tool("Write", {"file_path": absolute("tests/test_encoding.py"), "content": TEST_ENCODING})
    main.assistant(
        [say("And the tests, including the Di\u00e1rio headline that the repair step used to mangle."), t_wt],
        model=OPUS,
        stop="tool_use",
        gaps=[3.0, 21.0],
    )
    c, r = write_file("tests/test_encoding.py", TEST_ENCODING)
    after_edit(main, t_wt, c, r, tracked, "tests/test_encoding.py", p4, snap_ts, created=True, progress=True)

    t_run2 = tool("Bash", {"command": ".venv/bin/python -m pytest", "description": "Run the test suite"})
    main.assistant([t_run2], model=OPUS, stop="tool_use", gaps=[1.7])
    l_store = line_of("tidyfeeds/cache.py", "body_path.write_text(body)")
    l_fstore = line_of("tidyfeeds/fetch.py", "cache.store(url, resp.content")
    l_t1 = line_of("tests/test_cache.py", "    fetch(URL, session)")
    l_t2 = line_of("tests/test_encoding.py", "first = fetch(")

    def frames(test_file: str, test_line: int, test_name: str, call: str, carets: int = 0) -> list[str]:
        return [
            f"{test_file}:{test_line}: in {test_name}",
            f"    {call}",
            *([" " * (len(call) - carets + 4) + "^" * carets] if carets else []),
            f"tidyfeeds/fetch.py:{l_fstore}: in fetch",
            "    cache.store(url, resp.content, content_type, resp.headers)",
            f"tidyfeeds/cache.py:{l_store}: in store",
            "    body_path.write_text(body)",
            "/usr/lib/python3.12/pathlib.py:1046: in write_text",
            "    raise TypeError('data must be str, not %s' %",
            "E   TypeError: data must be str, not bytes",
        ]

    fail2 = "\n".join(
        [
            "=" * 35 + " FAILURES " + "=" * 35,
            _rule("test_not_modified_serves_cached_body"),
            *frames("tests/test_cache.py", l_t1, "test_not_modified_serves_cached_body", "fetch(URL, session)"),
            _rule("test_cached_copy_is_byte_identical"),
            *frames(
                "tests/test_encoding.py",
                l_t2,
                "test_cached_copy_is_byte_identical",
                'first = fetch("https://kettle.example.net/feed.xml", session)',
                carets=53,
            ),
            _rule("short test summary info", "="),
            "FAILED tests/test_cache.py::test_not_modified_serves_cached_body - TypeError:...",
            "FAILED tests/test_encoding.py::test_cached_copy_is_byte_identical - TypeError...",
        ]
    )
    files2 = [
        ("tests/test_cache.py", "F"),
        ("tests/test_clean.py", "......"),
        ("tests/test_encoding.py", "....F"),
        ("tests/test_parse.py", "...."),
    ]
    out = pytest_output(files2, fail2, "2 failed, 14 passed in 0.41s")
    bash_progress(main, t_run2, [out[: out.index("tests/test_clean.py")]], every=0.4)
    main.result(t_run2, "Exit code 1\n" + out, "Error: Exit code 1\n" + out, is_error=True, gap=0.3)

    t_rc = tool("Read", {"file_path": absolute("tidyfeeds/cache.py")})
    main.assistant(
        [
            think(
                "Both failures are the same TypeError from cache.store(): fetch now hands it bytes and it still "
                "calls write_text(). The Explore agent listed cache.py explicitly as a boundary that has to change "
                "together with fetch, and the summary had it as a pending task; I did fetch, parse and cli first "
                "and ran the tests before getting to it. The five new encoding tests otherwise pass, including the "
                "caps headline. Fix: Entry.body becomes bytes, store/load use write_bytes/read_bytes."
            ),
            say(
                "14 pass, including all four parser cases. Both failures are the same `TypeError` from "
                "`cache.store()`: fetch now hands it bytes and it still calls `write_text()`. The Explore agent "
                "named `cache.py` as the third boundary and I ran the suite before getting to it. Switching the "
                "cache to bytes."
            ),
            t_rc,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[8.8, 5.0, 0.6],
    )
    c, r = read_result("tidyfeeds/cache.py")
    main.result(t_rc, c, r, gap=0.1)
    edit("tidyfeeds/cache.py", "class Entry:\n    body: str\n", "class Entry:\n    body: bytes\n", 3.4)
    edit(
        "tidyfeeds/cache.py",
        "    return Entry(body_path.read_text(), **meta)\n\n\n"
        "def store(url: str, body: str, content_type: str, headers: Mapping[str, str]) -> None:\n"
        "    CACHE_DIR.mkdir(parents=True, exist_ok=True)\n"
        "    body_path, meta_path = _paths(url)\n"
        "    body_path.write_text(body)\n",
        "    return Entry(body_path.read_bytes(), **meta)\n\n\n"
        "def store(url: str, body: bytes, content_type: str, headers: Mapping[str, str]) -> None:\n"
        "    CACHE_DIR.mkdir(parents=True, exist_ok=True)\n"
        "    body_path, meta_path = _paths(url)\n"
        "    body_path.write_bytes(body)  # exactly what the server sent\n",
        4.9,
    )
    t_run3 = tool("Bash", {"command": ".venv/bin/python -m pytest", "description": "Run the test suite"})
    main.assistant([t_run3], model=OPUS, stop="tool_use", gaps=[1.5])
    files3 = [
        ("tests/test_cache.py", "."),
        ("tests/test_clean.py", "......"),
        ("tests/test_encoding.py", "....."),
        ("tests/test_parse.py", "...."),
    ]
    out = pytest_output(files3, "", "16 passed in 0.38s")
    bash_progress(main, t_run3, [out[: out.index("tests/test_clean.py")]], every=0.4)
    main.result(t_run3, out, bash_ok(out), gap=0.3)
    wrap = (
        "All 16 pass. What changed on `fix/garbled-feeds`:\n\n"
        "- `tidyfeeds/fetch.py`: `Fetched.body` is the raw `resp.content`; nothing calls `resp.text` any more.\n"
        "- `tidyfeeds/parse.py`: `parse_feed(body, content_type)` hands bytes to ElementTree. A BOM wins, then "
        "a charset the server actually sent, then the document's own XML declaration, which expat reads "
        "itself.\n"
        "- `tidyfeeds/cli.py`: both call sites pass bytes (the local-file path now uses `read_bytes()`).\n"
        "- `tidyfeeds/cache.py`: bodies are stored and reloaded as bytes, so a 304 serves exactly what the "
        "server sent.\n"
        "- `tests/test_encoding.py`: five cases, including the Di\u00e1rio caps headline.\n\n"
        "`clean.py` is back to its original form; there's no repair step anywhere."
    )
    main.assistant([say(wrap)], model=OPUS, stop="end_turn", gaps=[9.1])
    main.end_turn()
    last_prompt(main, DO_IT)

    # ---- turn 5: old cache entries (IDE context next to the text) -----------------------------------------
    CLOCK.at(10, 2, 18)
    p5 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))
    snap_ts = CLOCK.ts()
    snapshot(main, p5, tracked, update=False)
    ide = (
        f"<ide_opened_file>The user opened the file {absolute('tidyfeeds/cache.py')} in the IDE. This may or "
        "may not be related to the current task.</ide_opened_file>"
    )
    assert main.human([{"type": "text", "text": ide}, {"type": "text", "text": OLD_CACHE}], gap=0.01) == p5
    old_dir = 'CACHE_DIR = Path.home() / ".cache" / "tidyfeeds"\n'
    new_dir = (
        "# v2: bodies are raw bytes. Entries written before that hold text that requests had\n"
        "# already decoded (sometimes wrongly), so they live one level up and are never read.\n"
        'CACHE_DIR = Path.home() / ".cache" / "tidyfeeds" / "v2"\n'
    )
    tu = tool(
        "Edit",
        {
            "file_path": absolute("tidyfeeds/cache.py"),
            "old_string": old_dir,
            "new_string": new_dir,
            "replace_all": False,
        },
    )
    main.assistant(
        [
            think(
                "No migration: old entries must simply never be read. Versioning the cache directory does that; "
                "the first run refetches everything once, without validators, so no stale 304 can resurrect the "
                "mangled text. Old files stay on disk but are harmless."
            ),
            say(
                "Cheapest honest option: put the format version in the cache path. Old entries stay in "
                "`~/.cache/tidyfeeds/` and are never looked at again; new ones go to `~/.cache/tidyfeeds/v2/`. The "
                "first run after this refetches every feed once without validators, so no stale 304 can bring the "
                "mangled text back."
            ),
            tu,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[7.2, 4.0, 2.6],
    )
    content, tur = edit_file("tidyfeeds/cache.py", old_dir, new_dir)
    after_edit(main, tu, content, tur, tracked, "tidyfeeds/cache.py", p5, snap_ts)
    t_run4 = tool("Bash", {"command": ".venv/bin/python -m pytest -q", "description": "Run the test suite"})
    main.assistant([t_run4], model=OPUS, stop="tool_use", gaps=[1.4])
    out = _progress_line("", "." * 16, 16, 16) + "\n16 passed in 0.37s"
    main.result(t_run4, out, bash_ok(out), gap=1.2)
    main.assistant(
        [
            say(
                "Still 16 passed. The old files are harmless, but you can clear them whenever you like "
                "with `rm ~/.cache/tidyfeeds/*.xml ~/.cache/tidyfeeds/*.json`."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[3.8],
    )
    main.end_turn()
    last_prompt(main, OLD_CACHE)

    # ---- turn 6: the feed zoo, with a pasted (fake) token, and the report screenshot -----------------------
    CLOCK.at(10, 21, 44)
    main.raw({"type": "permission-mode", "permissionMode": "default", "sessionId": SESSION_ID})
    p6 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))
    snapshot(main, p6, tracked, update=False)
    assert main.human(TOKEN_ASK, gap=0.01) == p6
    zoo_cmd = f"export GITHUB_TOKEN={FAKE_GITHUB_TOKEN} && ./scripts/zoo-check.sh --report /tmp/tidy-out/report.html"
    t_zoo = tool(
        "Bash", {"command": zoo_cmd, "description": "Replay the feed zoo through this branch", "timeout": 300000}
    )
    main.assistant(
        [
            think(
                "Sam pasted a GitHub token for the test org. zoo-check.sh needs GITHUB_TOKEN to clone the private "
                "feed-zoo repo. Use it for this one command through the environment; don't write it into a file, "
                "a config or a git remote. It is now part of this session's history, so it's worth saying that "
                "revoking it afterwards is right, without making a fuss."
            ),
            say(
                "I'll pass it through the environment for this one command and won't write it anywhere. It is in "
                "this session's transcript now, though, so revoking it afterwards is the right call."
            ),
            t_zoo,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[7.9, 3.3, 1.0],
    )
    rows = "\n".join(f"{name:<20}{ctype:<38}{items:>5}{0:>9}" for name, ctype, items, _ in ZOO)
    zoo_out = (
        "zoo: updating tidyfeeds-test/feed-zoo ... 12 recorded feeds\n"
        "replay: serving recordings on http://127.0.0.1:8765\n"
        f"{'feed':<20}{'content-type':<38}{'items':>5}{'suspect':>9}\n"
        f"{rows}\n"
        f"total: 12 feeds, {sum(z[2] for z in ZOO)} items, 0 suspect sequences "
        f"(main: {ZOO_SUSPECT_BEFORE})\n"
        "report: /tmp/tidy-out/report.html"
    )
    bash_progress(main, t_zoo, [zoo_out[:110], zoo_out[110:330]], every=9.0)
    main.result(t_zoo, zoo_out, bash_ok(zoo_out), gap=6.2)
    t_nav = tool("mcp__playwright__browser_navigate", {"url": "file:///tmp/tidy-out/report.html"})
    main.assistant(
        [
            say(
                f"Every feed in the zoo comes through clean: 0 suspect sequences, down from "
                f"{ZOO_SUSPECT_BEFORE} on `main`. Opening the report."
            ),
            t_nav,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[4.6, 1.2],
    )
    nav = [
        {
            "type": "text",
            "text": (
                "### Ran Playwright code\n```js\nawait page.goto('file:///tmp/tidy-out/report.html');\n```\n\n"
                "### Page\n- Page URL: file:///tmp/tidy-out/report.html\n- Page Title: tidyfeeds report: feed zoo"
            ),
        }
    ]
    main.result(t_nav, nav, nav, gap=1.3)
    t_shot = tool("mcp__playwright__browser_take_screenshot", {"type": "png"})
    main.assistant([t_shot], model=OPUS, stop="tool_use", gaps=[2.2])
    shot = [
        {
            "type": "text",
            "text": (
                "### Result\nTook the viewport screenshot and saved it as "
                "/tmp/playwright-mcp-output/1778581500/page-2026-05-12T10-25-04-611Z.png\n\n"
                "### Ran Playwright code\n```js\nawait page.screenshot({\n  scale: 'css',\n  type: 'png'\n});\n```"
            ),
        },
        {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": base64.b64encode(png).decode()},
        },
    ]
    main.result(t_shot, shot, shot, gap=0.9)
    main.pending += 1_100
    main.assistant(
        [
            say(
                "Here's the report. The two bare `text/xml` feeds that started this, Kettle & Steam and Di\u00e1rio do "
                "Bairro, now read correctly, and so do the Windows-1252 feed that declares its charset in the header "
                "and the UTF-16 sample with a BOM. Di\u00e1rio's `S\u00c3O PAULO TEM A MADRUGADA MAIS FRIA DO ANO` "
                "comes through in its original capitals."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[8.7],
    )
    main.end_turn()
    last_prompt(main, TOKEN_ASK)

    # ---- turn 7: commit ---------------------------------------------------------------------------------
    CLOCK.at(10, 58, 9)
    p7 = str(uuid.uuid5(NAMESPACE, f"record-{IDS.n + 2}"))
    snapshot(main, p7, tracked, update=False)
    assert main.human(COMMIT_ASK, gap=0.01) == p7
    msg = (
        "fetch: keep feed bodies as bytes and let the XML parser pick the encoding\n\n"
        "requests decodes text/* without a charset as ISO-8859-1, which turned UTF-8\n"
        "feeds served as bare text/xml into mojibake (and the cache kept the damage).\n"
        "Bodies now stay bytes through fetch and the cache; parse_feed() lets a BOM,\n"
        "then the header charset, then the XML declaration decide. The cache moves\n"
        "to v2/ so old mangled entries are never served again."
    )
    t_commit = tool(
        "Bash",
        {
            "command": f"git add -A && git commit -q -F - <<'EOF'\n{msg}\nEOF\ngit log --stat --oneline -1",
            "description": "Commit the fix",
        },
    )
    main.assistant([think(""), t_commit], model=OPUS, stop="tool_use", gaps=[5.1, 6.4])
    changed = sorted(p for p in set(FILES) | set(ORIGINAL_FILES) if FILES.get(p) != ORIGINAL_FILES.get(p))
    stats = {p: diffstat(ORIGINAL_FILES.get(p, ""), FILES.get(p, "")) for p in changed}
    width = max(len(p) for p in changed)
    lines = []
    for p in changed:
        plus, minus = stats[p]
        lines.append(f" {p:<{width}} | {plus + minus:>2} {'+' * plus}{'-' * minus}")
    total_plus = sum(s[0] for s in stats.values())
    total_minus = sum(s[1] for s in stats.values())
    short = _hex("commit", 7)
    log = (
        f"{short} {msg.splitlines()[0]}\n"
        + "\n".join(lines)
        + f"\n {len(changed)} files changed, {total_plus} insertions(+), {total_minus} deletions(-)"
    )
    main.result(t_commit, log, bash_ok(log), gap=0.8)
    main.assistant(
        [
            say(
                f"Committed as `{short}` on `fix/garbled-feeds`: {len(changed)} files, +{total_plus} / -{total_minus}. "
                "Thanks for revoking the token.\n\n"
                "For the changelog, the short version: feeds served as bare `text/xml` were decoded as Latin-1 by "
                "requests before the XML parser could read their declaration. Bodies now stay bytes until the parser "
                "decides, the cache keeps exactly what the server sent, and old cache entries are never read again."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[6.2],
    )
    main.end_turn()

    # bookkeeping the caller checks
    main.pre_compact_context = pre_compact_context  # type: ignore[attr-defined]
    main.boundary = boundary  # type: ignore[attr-defined]
    main.spawn_uuid = spawn_uuid  # type: ignore[attr-defined]
    main.agent_tool_id = agent_tool["id"]  # type: ignore[attr-defined]
    return main, sub, acompact


# -- two days later: the follow-up session, and the same session resumed that evening ---------------------

UNDECLARED_ASK = (
    "back on the encoding branch before I open the PR. one case still bugs me: a feed that declares no charset "
    "anywhere (no BOM, bare text/xml, no encoding in its xml declaration) but isn't utf-8. the old county "
    "council feed is cp1252 like that. what happens to it now? write a test for it first and show me"
)
FALLBACK_ASK = (
    "expected as much. fall back to cp1252 only when expat chokes on bytes that declare nothing; anything "
    "declared stays strict, a wrong declaration should still fail loudly. and log which feed needed the fallback"
)
COMMIT_2_ASK = "good, commit it. same identity as on tuesday"
CHANGELOG_ASK = (
    "one more before I push: the changelog. add both fixes under Unreleased, in plain words a user of "
    "tidyfeeds would understand, then push the branch"
)
TEST_UNDECLARED = """

def test_undeclared_cp1252_falls_back():
    doc = "<rss><channel><title>County news</title><item><title>Caf\u00e9 \u2013 road works</title></item></channel></rss>"
    feed = parse_feed(doc.encode("cp1252"), "text/xml")
    assert feed.items[0].title == "Caf\u00e9 \u2013 road works"


def test_wrong_declaration_still_fails():
    doc = '<?xml version="1.0" encoding="utf-8"?><rss><channel><title>Caf\u00e9</title></channel></rss>'
    with pytest.raises(ET.ParseError):
        parse_feed(doc.encode("cp1252"), "text/xml")
"""
CHANGELOG = """# Changelog

## Unreleased

## 0.4.0

- `tidyfeeds run` writes an HTML report of every feed it cleaned.
- Tracking parameters (`utm_*`) are stripped from item links.
"""


def build_followup(first: Transcript) -> tuple[Transcript, Transcript]:
    """Session 2 (two days later, same branch) and session 3 (session 2 resumed that evening)."""
    branch = "fix/garbled-feeds"
    second = Transcript(branch=branch, base_context=0, session_id=SESSION_2_ID)
    second.pace = 2.1
    second.scale = 24.8
    # Claude Code (older versions) titles the session a new one continues at the top of the new file
    second.raw({"type": "summary", "summary": "Fix garbled characters in fetched feeds", "leafUuid": first.parent})
    CLOCK.now = datetime(2026, 5, 14, 14, 5, 11, 402000, tzinfo=timezone.utc)
    second.raw({"type": "permission-mode", "permissionMode": "acceptEdits", "sessionId": SESSION_2_ID})
    second.context = 44_600

    # ---- turn 1: a test for feeds that declare nothing --------------------------------------------------
    CLOCK.at(14, 6, 40)
    second.human(UNDECLARED_ASK, gap=0.01)
    t_read = tool("Read", {"file_path": absolute("tidyfeeds/parse.py")})
    second.assistant(
        [
            think(
                "Sam's case: no BOM, no charset in Content-Type, no encoding pseudo-attribute. Then expat assumes "
                "UTF-8 and a cp1252 byte like 0xE9 is not valid UTF-8: ParseError, not well-formed. Check "
                "parse_feed as it stands after Tuesday, then add a failing test."
            ),
            say("Let me look at `parse_feed` as it stands after Tuesday's change."),
            t_read,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[7.4, 1.6, 0.7],
    )
    c, r = read_result("tidyfeeds/parse.py")
    second.result(t_read, c, r, gap=0.2)
    old_tests = FILES["tests/test_encoding.py"]
    c, r = edit_file(
        "tests/test_encoding.py",
        '"""Feeds reach the parser as bytes: the encoding is the XML parser\'s call, not requests\'."""\n\nimport codecs\n',
        '"""Feeds reach the parser as bytes: the encoding is the XML parser\'s call, not requests\'."""\n\nimport codecs\nimport xml.etree.ElementTree as ET\n\nimport pytest\n',
    )
    FILES["tests/test_encoding.py"] += TEST_UNDECLARED
    t_edit = tool(
        "Edit",
        {
            "file_path": absolute("tests/test_encoding.py"),
            "old_string": "import codecs\n",
            "new_string": "import codecs\nimport xml.etree.ElementTree as ET\n\nimport pytest\n",
        },
    )
    t_append = tool(
        "Edit",
        {
            "file_path": absolute("tests/test_encoding.py"),
            "old_string": "    assert first.body == second.body == body\n",
            "new_string": "    assert first.body == second.body == body\n" + TEST_UNDECLARED,
        },
    )
    second.assistant(
        [
            say(
                "With nothing declared, expat assumes UTF-8, so a cp1252 `\u00e9` (byte 0xE9) is an invalid token. "
                "Two tests: the undeclared cp1252 feed should parse, and a feed whose declaration is wrong should "
                "still fail."
            ),
            t_edit,
            t_append,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[6.8, 2.2, 1.9],
    )
    second.result(t_edit, c, r, gap=0.3)
    second.result(
        t_append,
        f"The file {absolute('tests/test_encoding.py')} has been updated successfully.",
        {
            "filePath": absolute("tests/test_encoding.py"),
            "oldString": "",
            "newString": TEST_UNDECLARED,
            "originalFile": old_tests,
            "structuredPatch": structured_patch(old_tests, FILES["tests/test_encoding.py"]),
            "userModified": False,
            "replaceAll": False,
        },
        gap=0.3,
    )
    t_test = tool(
        "Bash",
        {"command": ".venv/bin/python -m pytest -q tests/test_encoding.py", "description": "Run the encoding tests"},
    )
    second.assistant([t_test], model=OPUS, stop="tool_use", gaps=[2.1])
    failing = (
        _progress_line("", ".....F.", 7, 7)
        + "\n"
        + _rule("FAILURES", "=")
        + "\n"
        + _rule("test_undeclared_cp1252_falls_back")
        + "\nE   xml.etree.ElementTree.ParseError: not well-formed (invalid token): line 1, column 60\n"
        + _rule("short test summary info", "=")
        + "\nFAILED tests/test_encoding.py::test_undeclared_cp1252_falls_back - xml.etree.ElementTree.ParseError: not well-formed (invalid token): line 1, column 60\n"
        + "1 failed, 6 passed in 0.21s"
    )
    second.result(t_test, "Exit code 1\n" + failing, "Error: Exit code 1\n" + failing, is_error=True, gap=1.8)
    second.assistant(
        [
            say(
                "As expected: `test_undeclared_cp1252_falls_back` fails with `ParseError: not well-formed (invalid "
                "token)`, and the wrong-declaration test passes because that case already fails. So today an "
                "undeclared cp1252 feed is dropped with a parse error; nothing garbles it, but nothing reads it "
                "either. The fix belongs in `parse_feed`: retry as cp1252 only when nothing declared an encoding."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[11.3],
    )
    second.end_turn()
    second.raw(
        {
            "type": "ai-title",
            "aiTitle": "Fall back to cp1252 for feeds that declare no charset",
            "sessionId": SESSION_2_ID,
        }
    )

    # ---- turn 2: the fallback ----------------------------------------------------------------------------
    CLOCK.at(14, 14, 2)
    second.human(FALLBACK_ASK, gap=0.01)
    old_parse = FILES["tidyfeeds/parse.py"]
    fallback = (
        "    try:\n"
        "        root = ET.fromstring(body, parser=parser)\n"
        "    except ET.ParseError:\n"
        "        if parser is not None or body.startswith(_BOMS) or _DECLARED.match(body):\n"
        "            raise  # a declared encoding is the publisher's word: a wrong one should fail loudly\n"
        '        log.info("no charset declared and not UTF-8: reading it as cp1252")\n'
        '        root = ET.fromstring(body, parser=ET.XMLParser(encoding="cp1252"))\n'
    )
    c, r = edit_file("tidyfeeds/parse.py", "    root = ET.fromstring(body, parser=parser)\n", fallback)
    FILES["tidyfeeds/parse.py"] = (
        FILES["tidyfeeds/parse.py"]
        .replace(
            "import xml.etree.ElementTree as ET\n",
            "import logging\nimport re\nimport xml.etree.ElementTree as ET\n",
        )
        .replace(
            '_BOMS = (b"\\xef\\xbb\\xbf", b"\\xff\\xfe", b"\\xfe\\xff")  # UTF-8, UTF-16 LE, UTF-16 BE\n',
            '_BOMS = (b"\\xef\\xbb\\xbf", b"\\xff\\xfe", b"\\xfe\\xff")  # UTF-8, UTF-16 LE, UTF-16 BE\n'
            '_DECLARED = re.compile(rb"<\\?xml[^>]*encoding=")\n'
            "log = logging.getLogger(__name__)\n",
        )
    )
    t_fix = tool(
        "Edit",
        {
            "file_path": absolute("tidyfeeds/parse.py"),
            "old_string": "    root = ET.fromstring(body, parser=parser)\n",
            "new_string": fallback,
        },
    )
    second.assistant(
        [
            think(
                "Fallback only for undeclared bytes: no charset from the server (parser is None), no BOM, no "
                "encoding in the XML declaration. Log at info level with the feed's URL from the caller; parse "
                "has no URL, so log here and let cli add the name."
            ),
            say("The fallback goes where the parse fails, and only when nothing declared an encoding."),
            t_fix,
        ],
        model=OPUS,
        stop="tool_use",
        gaps=[9.9, 2.4, 3.1],
    )
    second.result(
        t_fix,
        c,
        {**r, "originalFile": old_parse, "structuredPatch": structured_patch(old_parse, FILES["tidyfeeds/parse.py"])},
        gap=0.3,
    )
    t_all = tool("Bash", {"command": ".venv/bin/python -m pytest -q", "description": "Run the whole suite"})
    second.assistant([t_all], model=OPUS, stop="tool_use", gaps=[2.6])
    out = pytest_output(
        [
            ("tests/test_cache.py", "."),
            ("tests/test_clean.py", "......"),
            ("tests/test_encoding.py", "......."),
            ("tests/test_parse.py", "...."),
        ],
        "",
        "18 passed in 0.34s",
    )
    second.result(t_all, out, bash_ok(out), gap=2.0)
    second.assistant(
        [
            say(
                "All 18 pass. An undeclared cp1252 feed now parses, with an info line in the log; a feed whose "
                "declaration is wrong still fails with a `ParseError`, so a broken publisher stays visible instead "
                f"of being guessed around. The logger is `tidyfeeds.parse`; its messages go to {HOME}/.cache/tidyfeeds/run.log "
                "when you run with `--log`."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[8.2],
    )
    second.end_turn()

    # ---- turn 3: commit ---------------------------------------------------------------------------------
    CLOCK.at(14, 21, 37)
    second.human(COMMIT_2_ASK, gap=0.01)
    msg2 = "parse: read feeds that declare no charset as cp1252 when they are not UTF-8"
    t_commit = tool(
        "Bash",
        {
            "command": f"git commit -qam '{msg2}' && git log -1 --format='%h %an <%ae>%n%s'",
            "description": "Commit the fallback",
        },
    )
    second.assistant([t_commit], model=OPUS, stop="tool_use", gaps=[3.4])
    short2 = _hex("commit-2", 7)
    out = f"{short2} Sam Okafor <sam@tidyfeeds.dev>\n{msg2}"
    second.result(t_commit, out, bash_ok(out), gap=0.7)
    second.assistant(
        [say(f"Committed as `{short2}`, with your work identity.")], model=OPUS, stop="end_turn", gaps=[3.0]
    )
    second.end_turn()
    last_prompt(second, COMMIT_2_ASK)

    # ---- that evening: `claude --resume` writes a new file that replays session 2 under its own id ----------
    third = Transcript(branch=branch, base_context=0, session_id=SESSION_3_ID)
    third.pace, third.scale = 2.1, 24.8
    for line in second.lines:
        record = orjson.loads(line)
        if "uuid" not in record or record.get("type") in ("summary", "ai-title", "last-prompt"):
            continue
        record["sessionId"] = SESSION_3_ID
        third.lines.append(orjson.dumps(record))
    third.parent = second.parent
    third.context, third.api_calls = second.context, second.api_calls
    CLOCK.now = datetime(2026, 5, 14, 17, 48, 30, 115000, tzinfo=timezone.utc)
    third.raw({"type": "permission-mode", "permissionMode": "acceptEdits", "sessionId": SESSION_3_ID})
    CLOCK.at(17, 49, 5)
    third.human(CHANGELOG_ASK, gap=0.01)
    FILES["CHANGELOG.md"] = CHANGELOG
    t_log = tool("Read", {"file_path": absolute("CHANGELOG.md")})
    third.assistant(
        [say("Let me see how the changelog is written so far."), t_log], model=OPUS, stop="tool_use", gaps=[5.2, 0.8]
    )
    c, r = read_result("CHANGELOG.md")
    third.result(t_log, c, r, gap=0.2)
    entry = (
        "## Unreleased\n\n"
        "- Feeds served as plain `text/xml` no longer come out garbled: tidyfeeds lets the feed's own encoding "
        "declaration decide instead of guessing Latin-1. Cached copies from older versions are not reused.\n"
        "- Feeds that declare no encoding at all and are not UTF-8 are read as Windows-1252 instead of being "
        "skipped with a parse error.\n"
    )
    old_log = FILES["CHANGELOG.md"]
    c, r = edit_file("CHANGELOG.md", "## Unreleased\n", entry)
    t_entry = tool(
        "Edit", {"file_path": absolute("CHANGELOG.md"), "old_string": "## Unreleased\n", "new_string": entry}
    )
    third.assistant([t_entry], model=OPUS, stop="tool_use", gaps=[7.7])
    third.result(t_entry, c, {**r, "originalFile": old_log}, gap=0.3)
    t_push = tool(
        "Bash",
        {
            "command": "git commit -qam 'changelog: the encoding fixes' && git push -u origin fix/garbled-feeds",
            "description": "Commit the changelog and push the branch",
        },
    )
    CLOCK.at(17, 51, 12)  # Sam read the entry before letting it push
    third.assistant([t_push], model=OPUS, stop="tool_use", gaps=[2.9])
    out = (
        "remote: \nremote: Create a pull request for 'fix/garbled-feeds' on GitHub by visiting:\n"
        "remote:      https://github.com/sam-okafor/tidyfeeds/pull/new/fix/garbled-feeds\nremote: \n"
        "To github.com:sam-okafor/tidyfeeds.git\n * [new branch]      fix/garbled-feeds -> fix/garbled-feeds\n"
        "branch 'fix/garbled-feeds' set up to track 'origin/fix/garbled-feeds'."
    )
    third.result(t_push, out, bash_ok(out), gap=3.6)
    third.assistant(
        [
            say(
                "Pushed. The changelog has both fixes under Unreleased, and GitHub offers the pull request at "
                "https://github.com/sam-okafor/tidyfeeds/pull/new/fix/garbled-feeds. The branch has the bytes fix, "
                "the cp1252 fallback and the changelog: three commits."
            )
        ],
        model=OPUS,
        stop="end_turn",
        gaps=[5.5],
    )
    third.end_turn()
    third.raw({"type": "ai-title", "aiTitle": "Changelog and push for the encoding fix", "sessionId": SESSION_3_ID})
    last_prompt(third, CHANGELOG_ASK)
    return second, third


def write_lines(path: Path, lines: list[bytes]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def main() -> None:
    main_t, sub_t, acompact_t = build()
    if PROJECT_DIR.exists():  # only what this script writes
        shutil.rmtree(PROJECT_DIR)
    session_file = PROJECT_DIR / f"{SESSION_ID}.jsonl"
    subagents = PROJECT_DIR / SESSION_ID / "subagents"
    write_lines(session_file, main_t.lines)
    write_lines(subagents / f"agent-{AGENT_ID}.jsonl", sub_t.lines)
    meta = {
        "agentType": "Explore",
        "description": "Trace where feed bytes become text",
        "toolUseId": main_t.agent_tool_id,
    }  # type: ignore[attr-defined]
    (subagents / f"agent-{AGENT_ID}.meta.json").write_bytes(orjson.dumps(meta))
    write_lines(subagents / f"agent-{ACOMPACT_ID}.jsonl", acompact_t.lines)
    second, third = build_followup(main_t)
    write_lines(PROJECT_DIR / f"{SESSION_2_ID}.jsonl", second.lines)
    write_lines(PROJECT_DIR / f"{SESSION_3_ID}.jsonl", third.lines)
    total = sum(p.stat().st_size for p in CONFIG_DIR.rglob("*") if p.is_file())
    print(f"wrote {session_file.relative_to(HERE.parent)} ({len(main_t.lines)} records)")
    print(f"      two days later {SESSION_2_ID} ({len(second.lines)}), resumed as {SESSION_3_ID} ({len(third.lines)})")
    print(f"      subagent {AGENT_ID} ({len(sub_t.lines)} records), replay {ACOMPACT_ID} ({len(acompact_t.lines)})")
    print(f"      context before compaction ~{main_t.pre_compact_context} tokens; total size {total} bytes")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
