"""Issue 28, point 3: the author's own terms (a `redact:` list in retell's user config and in triage.yaml) are
replaced wherever the detectors apply: every request (the dry-run prompts), the post, the preview, the
manifest; the guard stops on one left in the author's own text; a term is never partly replaced; an entry
that cannot work is refused with its line. Private session links (`claude.ai/code/session_…`) are flagged by
default, and triage says plainly that images are not scanned.

Before (main): `redact:` was an unknown key of triage.yaml, a client's name went into every request and the
post, and a session link was published as it was.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript, image_block, make_png, text_block

from retell import yamlio
from retell.errors import SecretLeakError
from retell.events import EventLog, SessionInfo
from retell.redact import Redactor, check_author_text, guard
from retell.secrets import Scanner
from retell.secrets.author_terms import Term, read_terms
from retell.triage.model import SecretDecision

CLIENT = re.compile(r"acme\s+corp", re.I)
TICKET = "PROJ-4411"
SESSION_URL = "https://claude.ai/code/session_01HxYzAbCdEfGh12"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def user_config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config" / "retell" / "config.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_session(folder: Path) -> Path:
    tx = Transcript(cwd="/home/will/billing")
    tx.user("We are building the billing export for Acme Corp this week.")
    tx.assistant("I will read the exporter that ACME  CORP's finance team uses.")
    tx.tool_call("Bash", {"command": "grep -rn 'acme corp' src/"}, "src/export.py:3: # Acme Corp layout")
    tx.user(f"The ticket is {TICKET}; the spec is in {SESSION_URL} if you need it.")
    tx.user([text_block("Here is the screen"), image_block(make_png())])
    tx.assistant(f"Fixed {TICKET}: the export now writes the totals row for Acme Corp.")
    return tx.write(folder / "claude" / "projects" / "-home-will-billing" / f"{tx.session_id}.jsonl")


def holding(folder: Path, pattern: re.Pattern[str] | str) -> list[str]:
    """The text files under `folder` that hold `pattern`."""
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".json", ".html", ".yaml", ".txt"):
            text = path.read_text(encoding="utf-8", errors="replace")
            if pattern.search(text) if isinstance(pattern, re.Pattern) else pattern in text:
                found.append(str(path.relative_to(folder)))
    return found


@pytest.mark.e2e
def test_terms_never_reach_a_request_the_post_the_preview_or_the_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user_config(tmp_path, "redact:\n  - {term: Acme Corp, replace: a client}\n")
    session = write_session(tmp_path)
    work = tmp_path / "W"
    ok(retell("parse", session, "-o", work))
    summary = ok(retell("triage", work)).output
    assert "Your terms: 1 in the redact list" in summary
    triage = (work / "triage.yaml").read_text(encoding="utf-8")
    (work / "triage.yaml").write_text(
        triage.replace("redact: []", "redact:\n  - {regex: 'PROJ-[0-9]+', replace: a ticket}"), encoding="utf-8"
    )
    ok(retell("triage", work, "--approve"))
    ok(retell("outline", work, "--engine", "offline"))
    ok(retell("draft", work, "--engine", "offline"))
    ok(retell("render", work))
    ok(retell("preview", work))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run"))

    post = next((work / "post").rglob("index.md")).read_text(encoding="utf-8")
    assert "a client" in post and "a ticket" in post
    assert "[REDACTED:claude-session-url]" in post
    prompts = list((work / "llm" / "dry-run").glob("*.prompt.md"))
    assert {p.name.split("-")[0] for p in prompts} == {"outline", "section", "finish"}
    assert "a client" in next(p for p in prompts if p.name.startswith("outline")).read_text(encoding="utf-8")
    for folder in ("post", "preview", "llm"):
        for value in (CLIENT, TICKET, "session_01HxYz"):
            assert holding(work / folder, value) == [], (folder, value)
    manifest = (work / "manifest.json").read_text(encoding="utf-8")
    assert not CLIENT.search(manifest)  # the user config's terms are known at parse
    assert "session_01HxYz" not in manifest
    assert "claude-session-url" in manifest  # flagged, for the author to decide on


def _redactor(terms: list[Term], decisions: dict[str, SecretDecision] | None = None) -> Redactor:
    log = EventLog(session=SessionInfo(id="s1", cwd="/srv/app"), chapters=[], events=[])
    return Redactor.for_log(log, decisions or {}, terms)


def test_a_term_is_replaced_whole_and_never_in_part() -> None:
    redactor = _redactor([Term("Acme Corp", "a client", False, "config.yaml:2"), Term("acme", "the firm", False)])
    text = (
        "Acme Corp and ACME\n  CORP, acme-corp.io, AcmeCorporation, mail ceo@acme.io, "
        "the query q=Acme%20Corp, and acme alone."
    )
    out = redactor.text(text)
    # (round thirty-six) a term of two words is found joined too, and its replacement joined the same way
    assert out.startswith("a client and a client, a-client.io, AcmeCorporation, mail [REDACTED:email]")
    assert "q=a client" in out and out.endswith("and the firm alone.")
    assert not re.search(r"acme|corp\b", out.replace("AcmeCorporation", ""), re.I)
    assert redactor.text(out) == out  # what a term becomes is inert: never replaced or flagged again
    guard([("post", out)], redactor, "the post")
    # a title or a long command shortened at parse, before triage.yaml's terms were known
    assert redactor.text("cd billing && ./export --client 'Acme Co…") == "cd billing && ./export --client 'a client…"
    assert redactor.text("Exports for ACME…") == "Exports for the firm…"


def test_a_term_inside_a_value_the_author_keeps_is_replaced_all_the_same() -> None:
    [(sid, email)] = _redactor([]).uncleared("ceo@acme-billing.io")
    assert email.kind == "email"
    redactor = _redactor([Term("acme", "example", False)], {sid: SecretDecision(sid, "keep")})
    assert redactor.text("write to ceo@acme-billing.io") == "write to ceo@example-billing.io"


def test_a_term_left_in_the_authors_text_stops_naming_the_terms_line(tmp_path: Path) -> None:
    from retell.triage.model import PostSettings, Story, Triage

    redactor = _redactor([Term("Acme Corp", "a client", False, "triage.yaml:41")])
    post = PostSettings("T", "t", "2026-01-01", [], "", "", "", "short", "en", "first-person", False, True, None)
    triage = Triage("s1", post, Story("process", backstory="I did this for acme corp."), [], {}, {}, True)
    with pytest.raises(SecretLeakError) as caught:
        check_author_text(triage, redactor)
    assert "a term of your redact list (triage.yaml:41) in triage.yaml story.backstory" in str(caught.value)
    assert "acme" not in str(caught.value).lower()  # never the term itself


BAD_ENTRIES = """\
redact:
  - {term: '', replace: x}
  - {regex: '(unclosed', replace: x}
  - {regex: 'a*', replace: x}
  - {term: Acme}
  - {term: Acme, regex: Acme, replace: x}
  - {word: Acme, replace: x}
  - {term: Acme, replace: 'ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'}
  - Acme Corp
"""


def test_an_entry_that_cannot_work_is_refused_with_its_line() -> None:
    terms, errors = read_terms(yamlio.loads(BAD_ENTRIES, "triage.yaml")["redact"], "triage.yaml")
    assert terms == []
    assert [e.split(": ", 1)[0] for e in errors] == [f"triage.yaml:{n}" for n in range(2, 10)]
    joined = "\n".join(errors)
    for words in ("is empty", "not a valid regex", "matches empty text", "needs `replace:`", "exactly one of",
                  "unknown key(s) word", "looks like a secret", "must be a mapping"):  # fmt: skip
        assert words in joined, words


def test_triage_check_refuses_a_bad_entry_in_triage_yaml_and_in_the_user_config(tmp_path: Path) -> None:
    session = write_session(tmp_path)
    work = tmp_path / "W"
    ok(retell("parse", session, "-o", work))
    ok(retell("triage", work))
    text = (work / "triage.yaml").read_text(encoding="utf-8")
    (work / "triage.yaml").write_text(text.replace("redact: []", "redact:\n  - {regex: '[a-', replace: x}"), "utf-8")
    line = (work / "triage.yaml").read_text(encoding="utf-8").splitlines().index("  - {regex: '[a-', replace: x}")
    result = retell("triage", work, "--check")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"triage.yaml:{line + 1}: `redact[0]`: '[a-' is not a valid regex" in result.output
    (work / "triage.yaml").write_text(text, encoding="utf-8")

    user_config(tmp_path, "redact:\n  - {term: Acme Corp, replace: a client}\n  - {regex: '', replace: x}\n")
    for args in (("triage", work, "--check"), ("parse", session, "-o", tmp_path / "W2")):
        result = retell(*args)
        assert result.exit_code == 1
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "config.yaml:3: `redact[1]`: the regex is empty" in result.output, result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "W2").exists()  # nothing half written


def test_a_private_session_link_is_flagged_by_default() -> None:
    [finding] = Scanner().scan(f"the run is at {SESSION_URL}, see there")
    assert (finding.kind, finding.value) == ("claude-session-url", SESSION_URL)
    assert Scanner().scan("docs at https://claude.ai/code and https://claude.ai/chat/123") == []


def test_triage_says_plainly_that_images_are_not_scanned(tmp_path: Path) -> None:
    session = write_session(tmp_path)
    work = tmp_path / "W"
    ok(retell("parse", session, "-o", work))
    output = ok(retell("triage", work)).output
    assert "images are not scanned for secrets: look at each in contact-sheet.png" in output
    assert "Contact sheet:" in output
    assert "Images are NOT scanned for secrets" in (work / "triage.yaml").read_text(encoding="utf-8")
