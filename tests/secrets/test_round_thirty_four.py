"""Round thirty-four (issue 22): a person's name the triage redacts is redacted in its joined forms too.

Found with a model in the loop (stop 52): the triage redacted a name told in prose, and every prompt showed
`[REDACTED:person-name]` there, yet the same name, run together or joined by a hyphen, reached the model in a host
(`…-….medium.com`, `….github.io`), a handle and a repository's path. The class: the first and last name run together
or joined by `-`, `_` or `.`, in any case, wherever retell copies the session's text; the author's decision (redact,
replace, keep) applies to them all. Every name here is this file's own, none a blind set's or the corpus's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript

from retell import yamlio
from retell.redact import Redactor
from retell.secrets import Scanner, secret_id
from retell.triage.model import SecretDecision

NAME = "Marisol Quenneville"
SALT = "b11d0000-0000-4000-8000-000000000034"
NAME_ID = secret_id("person-name", NAME, SALT)


def _redactor(action: str = "redact", replacement: str = "") -> Redactor:
    decisions = {NAME_ID: SecretDecision(NAME_ID, action, replacement)}
    return Redactor(SALT, decisions, Scanner(), {NAME: ("person-name", "pii")})


JOINED_TEXTS = [
    ("her blog is at https://marisol-quenneville.medium.com/why-ledgers-drift-3f2a", "marisol-quenneville"),
    ("docs live on marisolquenneville.github.io now", "marisolquenneville"),
    ("cloned https://github.com/marisolquenneville/ledgerkit/blob/main/docs/FAQ.md", "marisolquenneville"),
    ("`MarisolQuenneville/ledgerkit` has 2k stars", "MarisolQuenneville"),
    ("follow @marisol_quenneville for the release notes", "marisol_quenneville"),
    ("pip install git+https://gitlab.com/Marisol.Quenneville/ledgerkit", "Marisol.Quenneville"),
    ("the handle marisolquenneville42 posted it", "marisolquenneville"),
    ("and in the prose, lower-cased: marisol quenneville says so", "marisol quenneville"),
]


@pytest.mark.parametrize(("text", "joined"), JOINED_TEXTS)
def test_a_redacted_name_is_redacted_joined(text: str, joined: str) -> None:
    out = _redactor().text(text)
    assert joined.lower() not in out.lower()
    assert "[REDACTED:person-name]" in out


@pytest.mark.parametrize(("text", "joined"), JOINED_TEXTS)
def test_a_kept_name_is_kept_joined(text: str, joined: str) -> None:
    redactor = _redactor("keep")
    assert redactor.text(text) == text
    assert redactor.uncleared(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://marisol-quenneville.medium.com/x", "https://jane-doe.medium.com/x"),
        ("github.com/marisolquenneville/ledgerkit", "github.com/janedoe/ledgerkit"),
        ("`MarisolQuenneville/ledgerkit`", "`JaneDoe/ledgerkit`"),
        ("Read what Marisol Quenneville wrote.", "Read what Jane Doe wrote."),
    ],
)
def test_a_replaced_name_is_replaced_joined_the_same_way(text: str, expected: str) -> None:
    redactor = _redactor("replace", "Jane Doe")
    out = redactor.text(text)
    assert out == expected
    assert redactor.uncleared(out) == []  # what retell wrote is inert: the guard does not stop on it


@pytest.mark.parametrize(
    "text",
    [
        "the marisolquennevillesque style",  # inside a longer word
        "xmarisol-quenneville is another account",
    ],
)
def test_a_joined_form_inside_another_word_is_left(text: str) -> None:
    assert _redactor().text(text) == text


# -- the whole path: every request, the call log, the post, the preview, the manifest --------------------------


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def _write_session(folder: Path) -> Path:
    tx = Transcript(cwd="/home/dev/ledger")
    tx.user(
        "I want to research how our ledger could use Marisol Quenneville's ledgerkit. "
        "Read what Marisol Quenneville wrote about it and summarise."
    )
    tx.assistant("I will read her posts and the repository first.")
    tx.tool_call(
        "WebFetch",
        {"url": "https://marisol-quenneville.medium.com/why-ledgers-drift-3f2a", "prompt": "summarise"},
        "The post explains why ledgers drift.",
    )
    tx.tool_call(
        "Bash",
        {"command": "gh repo clone marisolquenneville/ledgerkit /tmp/ledgerkit"},
        "Cloning into '/tmp/ledgerkit'...",
    )
    tx.assistant(
        "Fetched 2 pages (marisol-quenneville.medium.com, marisolquenneville.github.io) and cloned "
        "`marisolquenneville/ledgerkit`: see https://github.com/marisolquenneville/ledgerkit/blob/main/docs/FAQ.md. "
        "Her handle is @Marisol_Quenneville."
    )
    tx.user("Good, write it up.")
    tx.assistant("Done: ledgerkit keeps one journal per account, and we can adopt that.")
    return tx.write(folder / "claude" / "projects" / "-home-dev-ledger" / f"{tx.session_id}.jsonl")


# the session as it was, and the parse's record of it, which keeps personal data (docs/secrets.md): both stay local
_LOCAL = {"events.json", "manifest.json"}


def _files_holding(folder: Path, needle: str) -> list[str]:
    return [
        str(p)
        for p in folder.rglob("*")
        if p.is_file() and p.name not in _LOCAL and needle.lower().encode() in p.read_bytes().lower()
    ]


def _set_action(work: Path, action: str) -> None:
    path = work / "triage.yaml"
    doc = yamlio.loads(path.read_text(encoding="utf-8"), "triage.yaml")
    for decision in doc["secrets"]:
        if decision["id"].startswith("person-name-"):
            decision["action"] = action
            if action == "keep":
                decision["confirm_keep"] = True
    path.write_text(yamlio.dumps(doc), encoding="utf-8")


def _plan(work: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run", "--force"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run", "--force"))
    prompts = sorted((work / "llm" / "dry-run").glob("*.prompt.md"))
    assert prompts
    return "\n".join(p.read_text(encoding="utf-8") for p in prompts)


@pytest.mark.e2e
def test_a_redacted_name_leaves_in_no_form_and_a_kept_one_is_published_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _write_session(tmp_path)
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    triage = (work / "triage.yaml").read_text(encoding="utf-8")
    assert "person-name-" in triage
    ok(retell("preview", work))
    prompts = _plan(work, monkeypatch)
    assert "[REDACTED:person-name]" in prompts
    for form in ("marisolquenneville", "marisol-quenneville", "marisol_quenneville", NAME):
        assert form.lower() not in prompts.lower(), form
        assert _files_holding(work, form) == [], form

    # the author keeps the name: every form of it is sent and published as the session had it
    _set_action(work, "keep")
    ok(retell("outline", work, "--engine", "offline", "--force"))
    ok(retell("draft", work, "--engine", "offline", "--force"))
    ok(retell("render", work, "--force"))
    prompts = _plan(work, monkeypatch)
    for form in ("marisol-quenneville.medium.com", "github.com/marisolquenneville/ledgerkit", NAME):
        assert form in prompts, form
    post = "\n".join(p.read_text(encoding="utf-8") for p in (work / "post").rglob("index.md"))
    for form in ("marisol-quenneville.medium.com", "github.com/marisolquenneville/ledgerkit", "@Marisol_Quenneville"):
        assert form in post, form


def test_a_one_word_name_is_not_found_in_small_letters() -> None:
    """A one-word value read as a name (a tool's name first in a sentence, `Promtool says…`) is no name joined or
    lower-cased: `promtool failed` in a plan is the tool (the full suite's round-42 prompt test)."""
    sid = secret_id("person-name", "Promtool", SALT)
    redactor = Redactor(SALT, {sid: SecretDecision(sid, "redact")}, Scanner(), {"Promtool": ("person-name", "pii")})
    assert redactor.text("promtool failed, then passed.") == "promtool failed, then passed."
    assert redactor.uncleared("promtool failed, then passed.") == []
