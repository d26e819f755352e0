"""Property: whatever the author edits in triage.yaml survives a re-run, with the same events and after a re-parse.

Each example starts from a generated triage.yaml (three chapters, three secrets, two images), applies random
author edits through ruamel (values with unicode and YAML-special characters, comments before keys and at
line ends, chapter entries reordered), saves, and re-runs `run_triage`: first with unchanged events (nothing
to do: the file is byte-identical), then after a re-parse of the longer session (a chapter, a secret and an
image more), and last after a re-parse of that session together with an earlier one of the same project (the
work folder grows from one session to several: the chapter ids gain their session's key, the earlier session's
chapter, secret and image are added, the secret it shares with the other session is decided once). Every edited
value and every comment must still be there, attached to the same item, in the same order; new items are
appended at the end of their section; `approved` is reset; the previous version is in triage.yaml.bak.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from triage_support import (
    EARLIER_KEY,
    MAIN_KEY,
    make_session,
    parse_into,
    write_earlier,
    write_session,
)

from retell import yamlio
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.merge import UPGRADES
from retell.triage.stage import run_triage

CHAPTERS = ("ch1", "ch2", "ch3")

# Values an author might type that YAML treats specially, or that look like other types.
TRICKY = [
    "key: value # not a comment",
    "- looks like a list item",
    "it's \"quoted\" and 'single'",
    "# starts like a comment",
    "yes",
    "null",
    "~",
    "123",
    "1.5e3",
    "2026-01-05",
    "[a, b]",
    "{a: b}",
    "&anchor *alias !tag",
    "| pipe > fold",
    "@at `tick` %percent",
    "tab\there",
    "Ünïcødé — 日本語 🙂",
    "line one\nline two: # still text",
    "  leading and trailing  ",
    "ends with a colon:",
    "a: b: c",
    "x" * 130,
]
_ALPHABET = st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs"))
TEXT = st.one_of(st.sampled_from(TRICKY), st.text(alphabet=_ALPHABET, min_size=1, max_size=40))
TITLE = TEXT.filter(lambda s: s.strip() != "")
# Replacements: YAML-special, never secret-shaped and quote-free (validation rejects anything else).
REPLACEMENT = st.sampled_from(
    ["[my token]", "<hidden: see notes>", "yes: no # not a comment", "ünïcødé-name", "~/somewhere", "- dash"]
)
SLUG = st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,24}\Z")
DATE = st.sampled_from(["2026-01-05T10:00:01+00:00", "2026-11-02T09:30:00+01:00", "2025-12-31T23:59:59-08:00"])
TAG = st.from_regex(r"\A[a-z][a-z0-9-]{0,11}\Z")
COMMENT = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")), max_size=30).map(
    lambda s: " ".join(s.split())
)

POST_TEXT_KEYS = ("title", "description", "audience", "tone")
STORY_TEXT_KEYS = ("backstory", "intent", "corrections", "scope")

# Where comments go: (section, key). Entries of lists are addressed by their id at edit time.
BEFORE_SLOTS = (
    [("top", k) for k in ("post", "story", "chapters", "secrets", "images", "approved")]
    + [("post", k) for k in ("title", "slug", "date", "tags", "length", "voice", "cover")]
    + [("story", k) for k in ("backstory", "intent", "scope", "links")]
    + [("chapter", k) for k in ("include", "title", "info")]
    + [("secret", k) for k in ("action", "replacement", "info")]
    + [("image", k) for k in ("include", "caption", "alt", "info")]
    + [("chapter-entry", None), ("secret-entry", None), ("image-entry", None)]
)
EOL_SLOTS = (
    [("top", "approved")]
    + [("post", k) for k in ("title", "slug", "tone", "length", "language", "use_thinking")]
    + [("story", k) for k in ("angle", "backstory", "intent")]
    + [("chapter", k) for k in ("include", "title")]
    + [("chapter-info", "started_by")]
    + [("secret", k) for k in ("action", "replacement")]
    + [("image", k) for k in ("include", "caption", "alt")]
)


@dataclass
class Edits:
    post: dict[str, Any]
    story: dict[str, Any]
    order: list[int]
    chapters: dict[str, dict[str, Any]]
    merge: tuple[str, str] | None
    secrets: list[dict[str, Any]]  # by index in the generated file
    images: list[dict[str, Any]]
    cover: int | None  # index of an (included) image, or None: leave ''
    approved: bool
    before: list[tuple[tuple[str, str | None], int, str]]  # (slot, entry index, text)
    eol: list[tuple[tuple[str, str], int, str]]


def _optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), strategy)


@st.composite
def edits(draw: st.DrawFn) -> Edits:
    post = {k: draw(_optional(TITLE if k == "title" else TEXT)) for k in POST_TEXT_KEYS}
    post.update(
        slug=draw(_optional(SLUG)),
        date=draw(_optional(DATE)),
        tags=draw(_optional(st.lists(TAG, max_size=4))),
        length=draw(_optional(st.sampled_from(["short", "medium", "long"]))),
        voice=draw(_optional(st.sampled_from(["first-person", "third-person"]))),
        language=draw(_optional(st.sampled_from(["en", "de", "pt-BR", "ja"]))),
        use_thinking=draw(_optional(st.booleans())),
        draft=draw(_optional(st.booleans())),
    )
    story = {k: draw(_optional(TEXT)) for k in STORY_TEXT_KEYS}
    story["angle"] = draw(_optional(st.sampled_from(["process", "decision", "methodology", "tool-building"])))
    includes = draw(st.tuples(st.booleans(), st.booleans(), st.booleans()).filter(any))
    chapters = {
        cid: {"include": include, "title": draw(_optional(TITLE))}
        for cid, include in zip(CHAPTERS, includes, strict=True)
    }
    included = [cid for cid in CHAPTERS if chapters[cid]["include"]]
    merge = draw(
        _optional(st.tuples(st.sampled_from(CHAPTERS), st.sampled_from(included)).filter(lambda p: p[0] != p[1]))
    )
    secrets = []
    for _ in range(3):
        action = draw(st.sampled_from(["redact", "replace", "keep"]))
        secrets.append(
            {
                "action": action,
                "replacement": draw(REPLACEMENT if action == "replace" else _optional(REPLACEMENT)),
                "confirm_keep": True if action == "keep" else draw(_optional(st.booleans())),
            }
        )
    images = [
        {"include": draw(st.booleans()), "caption": draw(_optional(TEXT)), "alt": draw(_optional(TEXT))}
        for _ in range(2)
    ]
    shown = [i for i, image in enumerate(images) if image["include"]]
    cover = draw(_optional(st.sampled_from(shown))) if shown else None
    before = draw(st.lists(st.tuples(st.sampled_from(BEFORE_SLOTS), st.integers(0, 2), COMMENT), max_size=6))
    eol = draw(st.lists(st.tuples(st.sampled_from(EOL_SLOTS), st.integers(0, 2), COMMENT), max_size=6))
    return Edits(
        post=post,
        story=story,
        order=list(draw(st.permutations(range(3)))),
        chapters=chapters,
        merge=merge,
        secrets=secrets,
        images=images,
        cover=cover,
        approved=draw(st.booleans()),
        before=before,
        eol=eol,
    )


# -- applying edits ------------------------------------------------------------------------------------


@dataclass
class Expected:
    values: dict[tuple[str, ...], Any] = field(default_factory=dict)
    before: dict[str, tuple[str, ...]] = field(default_factory=dict)  # marker -> address of the key it precedes
    eol: dict[str, tuple[str, ...]] = field(default_factory=dict)  # marker -> address of the key it ends
    chapter_order: list[str] = field(default_factory=list)
    secret_order: list[str] = field(default_factory=list)
    image_order: list[str] = field(default_factory=list)


_SECTION = {"chapter": ("chapters", "id"), "secret": ("secrets", "id"), "image": ("images", "file")}
_SECTION_KEY = {"chapters": "id", "secrets": "id", "images": "file"}


def entry(doc: CommentedMap, section: str, ident: str) -> CommentedMap:
    (found,) = [e for e in doc[section] if e.get(_SECTION_KEY[section]) == ident]
    return found


def locate(doc: CommentedMap, address: tuple[str, ...]) -> tuple[Any, Any]:
    """(container, key) of an address: ("post", "title"), ("chapters", "ch2", "include"), ("approved",) …"""
    if len(address) == 1:
        return doc, address[0]
    if address[0] in ("post", "story"):
        return doc[address[0]], address[1]
    if address[0] == "seq":  # the entry itself, as an item of its list
        seq = doc[address[1]]
        index = next(i for i, e in enumerate(seq) if e.get(_SECTION_KEY[address[1]]) == address[2])
        return seq, index
    found = entry(doc, address[0], address[1])
    if len(address) == 4:  # ("chapters", "ch2", "info", "started_by")
        return found[address[2]], address[3]
    return found, address[2]


def apply(doc: CommentedMap, e: Edits) -> Expected:
    x = Expected()
    chapters: CommentedSeq = doc["chapters"]
    tail = yamlio.pop_tail(chapters)
    entries = [chapters.pop(0) for _ in range(len(chapters))]
    for i in e.order:
        chapters.append(entries[i])
    yamlio.push_tail(chapters, tail)
    x.chapter_order = [c["id"] for c in chapters]
    x.secret_order = [s["id"] for s in doc["secrets"]]
    x.image_order = [i["file"] for i in doc["images"]]

    def set_value(address: tuple[str, ...], value: Any) -> None:
        container, key = locate(doc, address)
        container[key] = value
        x.values[address] = value

    for key, value in e.post.items():
        if value is not None:
            set_value(("post", key), yamlio.flow(list(value)) if key == "tags" else value)
    if e.cover is not None:
        set_value(("post", "cover"), x.image_order[e.cover])
    for key, value in e.story.items():
        if value is not None:
            set_value(("story", key), value)
    for cid, change in e.chapters.items():
        set_value(("chapters", cid, "include"), change["include"])
        if change["title"] is not None:
            set_value(("chapters", cid, "title"), change["title"])
    if e.merge is not None:
        source, target = e.merge
        found = entry(doc, "chapters", source)
        found.insert(list(found).index("title") + 1, "merge_into", target)
        x.values[("chapters", source, "merge_into")] = target
    for sid, change in zip(x.secret_order, e.secrets, strict=True):
        set_value(("secrets", sid, "action"), change["action"])
        if change["replacement"] is not None:
            set_value(("secrets", sid, "replacement"), change["replacement"])
        if change["confirm_keep"] is not None:
            found = entry(doc, "secrets", sid)
            found.insert(list(found).index("replacement") + 1, "confirm_keep", change["confirm_keep"])
            x.values[("secrets", sid, "confirm_keep")] = change["confirm_keep"]
    for name, change in zip(x.image_order, e.images, strict=True):
        set_value(("images", name, "include"), change["include"])
        for key in ("caption", "alt"):
            if change[key] is not None:
                set_value(("images", name, key), change[key])
    set_value(("approved",), e.approved)

    ids = {"chapter": x.chapter_order, "secret": x.secret_order, "image": x.image_order}
    for n, ((where, key), index, text) in enumerate(e.before):
        marker = f"before-{n}"
        if where == "top":
            address: tuple[str, ...] = (key,)
            indent = 0
        elif where in ("post", "story"):
            address, indent = (where, key), 2
        elif where.endswith("-entry"):
            kind = where.removesuffix("-entry")
            address, indent = ("seq", _SECTION[kind][0], ids[kind][index % len(ids[kind])]), 2
        else:
            address, indent = (_SECTION[where][0], ids[where][index % len(ids[where])], key), 4
        if address in x.before.values():
            continue  # one author comment per key is enough to follow
        container, k = locate(doc, address)
        container.yaml_set_comment_before_after_key(k, before=f"{marker} {text}".rstrip(), indent=indent)
        x.before[marker] = address
    for n, ((where, key), index, text) in enumerate(e.eol):
        marker = f"eol-{n}"
        if where == "top":
            address = (key,)
        elif where in ("post", "story"):
            address = (where, key)
        elif where == "chapter-info":
            address = ("chapters", x.chapter_order[index], "info", key)
        else:
            address = (_SECTION[where][0], ids[where][index % len(ids[where])], key)
        if address in x.eol.values():
            continue
        container, k = locate(doc, address)
        container.yaml_add_eol_comment(f"# {marker} {text}".rstrip(), k)
        x.eol[marker] = address
    return x


# -- checking ----------------------------------------------------------------------------------------


def _key_line(doc: CommentedMap, address: tuple[str, ...]) -> int:
    container, key = locate(doc, address)
    line = yamlio.line_of(container, key)
    assert line is not None, address
    return line


def _markers(text: str) -> list[tuple[str, int]]:
    """(marker, 1-based line) of every author comment, in file order."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for m in re.finditer(r"# ((?:before|eol)-\d+)\b", line):
            found.append((m.group(1), number))
    return found


def assert_kept(text: str, x: Expected, label: str) -> CommentedMap:
    """Every edited value, and every author comment on the key it was written for, in the same order."""
    doc = yamlio.loads(text, "triage.yaml")
    for address, value in x.values.items():
        container, key = locate(doc, address)
        got = container[key]
        assert (list(got) if isinstance(got, list) else got) == (list(value) if isinstance(value, list) else value), (
            label,
            address,
        )
    lines = text.splitlines()
    markers = _markers(text)
    names = [name for name, _ in markers]
    assert sorted(names) == sorted([*x.before, *x.eol]), (label, "comments lost or duplicated", names)
    where = dict(markers)
    for marker, address in x.eol.items():
        assert where[marker] == _key_line(doc, address), (label, marker, address)
    for marker, address in x.before.items():
        key_line = _key_line(doc, address)
        assert where[marker] < key_line, (label, marker, address)
        between = lines[where[marker] : key_line - 1]
        assert all(not s.strip() or s.lstrip().startswith("#") for s in between), (label, marker, address, between)
    return doc


def _ids(doc: CommentedMap, section: str) -> list[str]:
    return [e[_SECTION_KEY[section]] for e in doc[section]]


# -- the property ------------------------------------------------------------------------------------


def qualified(x: Expected, key: str) -> Expected:
    """The same expectations once the folder holds several sessions: `ch2` is now `<key>-ch2`."""

    def chapter(ident: Any) -> Any:
        return f"{key}-{ident}" if isinstance(ident, str) and re.fullmatch(r"ch[0-9]+", ident) else ident

    def address(a: tuple[str, ...]) -> tuple[str, ...]:
        if a[0] == "chapters" and len(a) > 1:
            return (a[0], chapter(a[1]), *a[2:])
        if a[:2] == ("seq", "chapters"):
            return (*a[:2], chapter(a[2]))
        return a

    return Expected(
        values={address(a): chapter(v) if a[-1] == "merge_into" else v for a, v in x.values.items()},
        before={m: address(a) for m, a in x.before.items()},
        eol={m: address(a) for m, a in x.eol.items()},
        chapter_order=[chapter(c) for c in x.chapter_order],
        secret_order=list(x.secret_order),
        image_order=list(x.image_order),
    )


@dataclass
class Pristine:
    workdir: Path
    grown_transcript: Path
    earlier_transcript: Path


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Pristine:
    root = tmp_path_factory.mktemp("roundtrip")
    session = make_session(root)
    run_triage(session.workdir)
    grown = root / "grown" / session.transcript.name
    grown.parent.mkdir()
    write_session(grown, grown=True)
    return Pristine(session.workdir, grown, write_earlier(grown.parent))


@settings(
    derandomize=True,
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(e=edits())
def test_author_edits_and_comments_survive_reruns(pristine: Pristine, e: Edits) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        shutil.copytree(pristine.workdir, work)
        path = work / "triage.yaml"
        doc = yamlio.load(path)
        x = apply(doc, e)
        text = yamlio.dumps(doc)
        path.write_text(text, encoding="utf-8")
        assert_kept(text, x, "as saved")  # the harness itself put every edit where it meant to

        # Same events: nothing to merge, the file is left as the author saved it.
        outcome = run_triage(work)
        assert path.read_text(encoding="utf-8") == text
        assert not outcome.changed
        assert not (work / "triage.yaml.bak").exists()
        assert outcome.problems.errors == []
        assert outcome.triage is not None
        assert outcome.triage.approved is e.approved
        assert [c.id for c in outcome.triage.chapters] == x.chapter_order
        for c in outcome.triage.chapters:
            assert c.include is e.chapters[c.id]["include"]
            if e.chapters[c.id]["title"] is not None:
                assert c.title == e.chapters[c.id]["title"].strip()
        for sid, change in zip(x.secret_order, e.secrets, strict=True):
            decision = outcome.triage.secrets[sid]
            assert decision.action == change["action"]
            assert decision.replacement == (change["replacement"] or "").strip()
        if e.post["title"] is not None:
            assert outcome.triage.post.title == e.post["title"].strip()

        # The session went on: a re-parse of the longer transcript adds a chapter, a secret and an image.
        parse_into(pristine.grown_transcript, work)
        outcome = run_triage(work)
        after = path.read_text(encoding="utf-8")
        assert (work / "triage.yaml.bak").read_text(encoding="utf-8") == text
        x.values[("approved",)] = False  # something new arrived: the author has to look again
        merged = assert_kept(after, x, "after the re-parse")
        assert outcome.merge is not None
        assert _ids(merged, "chapters") == [*x.chapter_order, "ch4"]
        (new_secret,) = outcome.merge.added["secrets"]
        assert new_secret.startswith("stripe-key-")
        assert _ids(merged, "secrets") == [*x.secret_order, new_secret]
        (new_image,) = outcome.merge.added["images"]
        assert _ids(merged, "images") == [*x.image_order, new_image]
        assert merged["approved"] is False
        assert outcome.merge.approval_reset is e.approved
        assert [m for m, _ in _markers(after)] == [m for m, _ in _markers(text)]
        assert outcome.problems.errors == []

        # An earlier session of the same project joins the folder: one story of two sessions.
        grown_ids = {s: _ids(merged, s) for s in ("secrets", "images")}
        refs = [SessionRef(p, p.stem) for p in (pristine.earlier_transcript, pristine.grown_transcript)]
        parse_to_workdir(refs, work, ParseOptions())
        outcome = run_triage(work)
        joined = path.read_text(encoding="utf-8")
        assert (work / "triage.yaml.bak").read_text(encoding="utf-8") == after
        x2 = qualified(x, MAIN_KEY)
        merged = assert_kept(joined, x2, "after adding an earlier session")
        assert outcome.merge is not None and outcome.merge.upgraded == [UPGRADES[0][0]]
        assert _ids(merged, "chapters") == [*x2.chapter_order, f"{MAIN_KEY}-ch4", f"{EARLIER_KEY}-ch1"]
        assert [s["id"] for s in merged["sessions"]] == [EARLIER_KEY, MAIN_KEY]
        # The GitHub token is in both sessions: still the one decision. Only the AWS key is new.
        (aws,) = outcome.merge.added["secrets"]
        assert aws.startswith("aws-access-key-id-")
        assert _ids(merged, "secrets") == [*grown_ids["secrets"], aws]
        (earlier_image,) = outcome.merge.added["images"]
        assert _ids(merged, "images") == [*grown_ids["images"], earlier_image]
        assert [m for m, _ in _markers(joined)] == [m for m, _ in _markers(text)]
        assert outcome.problems.errors == []
        assert outcome.triage is not None
        for c in outcome.triage.chapters:
            if c.id in x2.chapter_order:
                assert c.include is e.chapters[c.id.removeprefix(f"{MAIN_KEY}-")]["include"]
        for sid, change in zip(x.secret_order, e.secrets, strict=True):
            assert outcome.triage.secrets[sid].action == change["action"]
