"""The whole offline pipeline over every real session in ../shared/corpus: a post whose every claim traces to
the session (`retell check`), or a clear refusal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.errors import RetellError
from retell.parse import ParseOptions, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SESSIONS = (
    sorted(
        p
        for p in CORPUS.rglob("*.jsonl")
        if p.stat().st_size and "subagents" not in p.parts and not p.name.startswith("agent-")
    )
    if CORPUS.is_dir()
    else []
)

pytestmark = [pytest.mark.corpus, pytest.mark.e2e]


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.skipif(not SESSIONS, reason="no ../shared/corpus beside the repository")
@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: p.stem[:12])
def test_every_real_session_becomes_a_post_or_says_why_not(session: Path, tmp_path: Path) -> None:
    work = tmp_path / "w"
    try:
        _, parsed = parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    except RetellError as exc:  # an empty session (only /exit, only /model…): said, and no post (issue 24)
        assert str(exc).startswith("nothing to tell:"), exc
        return
    outcome = run_triage(work, approve=True)
    assert not outcome.problems.errors, outcome.problems.errors
    offline = StageOptions(engine="offline")
    if parsed.manifest["counts"]["events"] == 0:
        with pytest.raises(RetellError, match="nothing to tell"):
            run_outline(work, offline)
        return
    run_outline(work, offline)
    run_draft(work, offline)
    # The offline engine's post passes its own check: every quote, path, command and number traced.
    checked = run_check(work)
    assert checked.ok, "\n".join(checked.lines())
    result = run_render(work, RenderOptions(output=tmp_path / "site"))
    post = result.post.read_text(encoding="utf-8")
    assert post.startswith("---\n") and "\n## " in post
    _told_as_it_happened(parsed.log.events, post, yaml.safe_load((work / "triage.yaml").read_text(encoding="utf-8")))


_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


def _told_as_it_happened(events: list, post: str, triage: dict) -> None:
    """Issue 10 on real sessions: nothing abandoned is told, no bare `cd`, a title a blogger would keep, and
    a post in the author's script when they write in Chinese, Japanese or Korean."""
    told = {" ".join((e.text or "").split())[:60] for e in events if e.kind == "human" and not e.abandoned}
    for event in events:
        if event.abandoned and event.kind == "human" and event.text and len(event.text) > 20:
            said = " ".join(event.text.split())[:60]
            assert said in told or said not in " ".join(post.split()), event.id  # (unless also said for real)
    assert not re.search(r"`cd\s", post)
    title = triage["post"]["title"]
    assert not re.match(r"^(?:-{1,2}\w|/\w|\[?\d{4}-\d\d-\d\d[ T]|[~.]?/\S+$)", title), title
    assert not re.search(r"\([0-9a-f]{8}\)|\[Image #", title), title
    words = " ".join(e.text or e.args or "" for e in events if e.kind in ("human", "command") and not e.abandoned)
    letters = sum(ch.isalpha() for ch in words)
    if letters and len(_CJK.findall(words)) / letters > 0.3:
        assert triage["post"]["language"].split("-")[0] in ("zh", "ja", "ko"), triage["post"]["language"]


@pytest.mark.skipif(not SESSIONS, reason="no ../shared/corpus beside the repository")
def test_no_two_posts_of_the_corpus_share_a_slug(tmp_path: Path) -> None:
    slugs: dict[str, Path] = {}
    for i, session in enumerate(SESSIONS):
        work = tmp_path / f"w{i}"
        try:
            parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions(write_assets=False))
        except RetellError:
            continue  # nothing to tell: no post, no slug
        run_triage(work)
        slug = yaml.safe_load((work / "triage.yaml").read_text(encoding="utf-8"))["post"]["slug"]
        assert slug not in slugs, (session, slugs.get(slug))
        slugs[slug] = session


# -- several real sessions as one story ------------------------------------------------------------------

PROJECTS = CORPUS / "claude" / "projects"
# Real groups: three sessions continued by summaries (a notebook built over two days), three sessions that
# replay the same first record (resumed after /clear), and four sessions of one afternoon.
GROUPS = {
    "ai-music": ("-Users-chip-dev-ai-music", ("ba79134d", "d3ad4cdc", "fed8ce56")),
    "claude-code-log": ("-Users-dain-workspace-claude-code-log-sample", ("71c9afe9", "b45ad5d8", "cbc0f75b")),
    "danieldemmel": ("-Users-dain-workspace-danieldemmel-me-next", ("b25638d7", "f852ad25", "4379d1bf")),
}
_TOKENS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def _group_files(name: str) -> list[Path]:
    folder, prefixes = GROUPS[name]
    return [next((PROJECTS / folder).glob(f"{p}*.jsonl")) for p in prefixes]


@pytest.mark.skipif(not (PROJECTS / GROUPS["ai-music"][0]).is_dir(), reason="no multi-session corpus project")
@pytest.mark.parametrize("name", list(GROUPS))
def test_real_sessions_of_one_piece_of_work_become_one_post(name: str, tmp_path: Path) -> None:
    import json

    from retell.write.facts import session_facts

    files = _group_files(name)
    refs = [SessionRef(p, p.stem) for p in reversed(files)]  # any order: the story is in time order
    work = tmp_path / "w"
    _, parsed = parse_to_workdir(refs, work, ParseOptions())
    first = (work / "events.json").read_bytes(), (work / "manifest.json").read_bytes()
    parse_to_workdir(refs[::-1], tmp_path / "again", ParseOptions())
    assert first == (
        (tmp_path / "again" / "events.json").read_bytes(),
        (tmp_path / "again" / "manifest.json").read_bytes(),
    )
    assert not run_triage(work, approve=True).problems.errors
    offline = StageOptions(engine="offline")
    run_outline(work, offline)
    run_draft(work, offline)
    post = run_render(work, RenderOptions(output=tmp_path / "site")).post.read_text(encoding="utf-8")
    # Each later session's first request comes after the earlier one's, once.
    starts = []
    for entry in parsed.log.sessions:
        asks = [e for e in parsed.log.events if e.chapter.startswith(entry.key) and e.kind == "human" and e.text]
        if asks:
            starts.append(" ".join(asks[0].text.split())[:40])
    found = [" ".join(post.split()).find(s) for s in starts if s in " ".join(post.split())]
    assert found == sorted(found) and len(found) >= 2, (starts, found)
    assert f"- **Sessions**: {len(files)}" in post
    # The numbers: the sessions' own figures add up to the totals; every API message once.
    manifest = parsed.manifest
    facts = session_facts(manifest)
    assert facts["human_turns"] == sum(s["counts"]["human_turns"] for s in manifest["sessions"])
    # Each message once, with the largest value a field reached (streaming partials repeat it, growing).
    distinct: dict[str, list[int]] = {}
    for path in files:
        for line in path.read_bytes().splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            message = record.get("message") if isinstance(record, dict) else None
            if record.get("type") != "assistant" or not isinstance(message, dict) or record.get("isApiErrorMessage"):
                continue
            usage = message.get("usage")
            if isinstance(usage, dict) and message.get("model") != "<synthetic>":
                seen = distinct.get(message["id"], [0] * len(_TOKENS))
                distinct[message["id"]] = [max(a, usage.get(k) or 0) for a, k in zip(seen, _TOKENS, strict=True)]
    assert sum(manifest["usage"]["main"][k] for k in _TOKENS) == sum(sum(v) for v in distinct.values())
