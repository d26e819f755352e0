"""Issue 22, false blocks: a clean session is never stopped by retell's own output, and a stop says where to
fix it (a file and a line) or plainly that it is retell's own fault.

Each case below stopped `retell run --yes --engine offline` or the anthropic `--dry-run` on main: a
`[REDACTED:…]` marker cut in half by the 160-character shortening of a failed command's error (its half was
flagged again); a Windows path in a code span, read by the gate's "as shown" pass as the home folder of
`Administrator.claude`; a curly-quoted `settings.SECRET_KEY”` in the offline post; and a title cut after
`C:\\Users\\Jane Doe` that kept the surname.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript
from secrets_support import Fake

from retell.errors import SecretLeakError
from retell.markup import as_shown
from retell.redact import Redactor, guard
from retell.triage.model import SecretDecision

fake = Fake(22)
PASSWORD = "Sup3r" + fake.mixed(8) + "!x"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def publish_and_plan(tx: Transcript, tmp_path: Path) -> Path:
    """`retell run --yes --engine offline`, then the anthropic dry runs of outline and draft: all succeed."""
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo" / f"{tx.session_id}.jsonl")
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run"))
    return work


def post_of(work: Path) -> str:
    (post,) = (work / "post").rglob("index.md")
    return post.read_text(encoding="utf-8")


@pytest.mark.e2e
def test_a_marker_cut_by_a_length_limit_never_blocks_a_request(tmp_path: Path) -> None:
    """A failed command's error is told in 160 characters in a prompt; the marker that replaced the password
    used to straddle the cut, and `password=[REDACTED:passw…` was flagged again: every request refused."""
    error = "Error: the migration could not reach the database server at db port 5432 after 3 retries; "
    error += "x" * (135 - len(error)) + f" password={PASSWORD} rejected by the server, check the credentials"
    tx = Transcript()
    tx.user("The migration fails, can you see why?")
    tx.tool_call("Bash", {"command": "make migrate"}, error, is_error=True)
    tx.assistant("The password in the migration config is wrong; I fixed the config.")
    tx.user("Thanks.")
    tx.assistant("Done.")
    work = publish_and_plan(tx, tmp_path)
    prompts = "".join(p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("*.prompt.md"))
    assert "password=[REDACTED:password-assignment] …" in prompts  # the marker whole, then the cut
    assert PASSWORD not in prompts and PASSWORD[:6] not in prompts


@pytest.mark.e2e
def test_a_windows_path_in_a_code_span_is_not_a_home_folder_to_the_gate(tmp_path: Path) -> None:
    """In a code span a backslash is a character: `C:\\Users\\Administrator\\.claude\\…` is the built-in
    account's folder, not `Administrator.claude`'s (the gate's "as shown" view used to undo `\\.` there)."""
    tx = Transcript(cwd=r"C:\Users\Administrator\work\shop")
    tx.user(r"Claude Code keeps its settings in C:\Users\Administrator\.claude\settings.json; check the hooks.")
    tx.assistant(r"I'll read `C:\Users\Administrator\.claude\settings.json` first.")
    tx.tool_call("Read", {"file_path": r"C:\Users\Administrator\.claude\settings.json"}, "{}")
    tx.assistant("The hooks section is empty, so nothing runs before a commit. I added one.")
    tx.user("Thanks, that works.")
    tx.assistant("Done.")
    work = publish_and_plan(tx, tmp_path)
    # the author's message is quoted with its backslashes shown (written `&#92;` where Markdown would eat one)
    assert r"C:\Users\Administrator\.claude\settings.json" in as_shown(post_of(work))
    # and the path in a code span, as Claude wrote it, passes the gate too
    draft = work / "draft.md"
    draft.write_text(
        draft.read_text(encoding="utf-8") + "\nI read `C:\\Users\\Administrator\\.claude\\settings.json` first.\n",
        encoding="utf-8",
    )
    ok(retell("render", work, "--force"))
    assert r"`C:\Users\Administrator\.claude\settings.json`" in post_of(work)


@pytest.mark.e2e
def test_a_curly_quoted_settings_attribute_is_not_a_secret(tmp_path: Path) -> None:
    """The offline post quotes Claude: `“… SECRET_KEY = settings.SECRET_KEY.”`; the closing quote used to be
    read as part of the value, which then was no longer an attribute path."""
    tx = Transcript()
    tx.user("Where does the app read its signing key from?")
    tx.assistant("It comes from the settings module now: SECRET_KEY = settings.SECRET_KEY. The old key is gone.")
    tx.user("Good, keep it that way.")
    tx.assistant("Kept.")
    work = publish_and_plan(tx, tmp_path)
    assert "SECRET_KEY = settings.SECRET_KEY.”" in post_of(work)


@pytest.mark.e2e
def test_a_title_cut_after_a_windows_home_folder_keeps_no_surname(tmp_path: Path) -> None:
    """The title is the first line cut at 80 characters: cut after `C:\\Users\\Jane Doe`, the folder lost the
    backslash that made `Jane Doe` one account name, and `~ Doe …` reached the title, the slug and the post."""
    tx = Transcript(cwd=r"C:\Users\Jane Doe\projects\shop")
    tx.user(
        r"Please look at why the app crashes at startup, the log is in C:\Users\Jane Doe\AppData\Local\shop\crash.log"
    )
    tx.assistant("The crash log shows a missing config file; I added a default.")
    tx.user("Thanks.")
    tx.assistant("Done.")
    work = publish_and_plan(tx, tmp_path)
    triage = (work / "triage.yaml").read_text(encoding="utf-8")
    title = next(line for line in triage.splitlines() if line.strip().startswith("title:"))
    slug = next(line for line in triage.splitlines() if line.strip().startswith("slug:"))
    assert "Doe" not in title and "doe" not in slug, (title, slug)
    assert "Doe" not in post_of(work)


# -- what a stop says -------------------------------------------------------------------------------------


def _redactor(parse: Any, decisions: dict[str, SecretDecision] | None = None) -> tuple[Redactor, str]:
    tx = Transcript()
    tx.user(f"The .env has DB_PASSWORD={PASSWORD} for now.")
    tx.assistant("Noted.")
    result = parse(tx)
    (entry,) = result.manifest["pii_warnings"]
    return Redactor.for_log(result.log, decisions or {}), entry["id"]


def test_a_stop_names_the_file_and_line_where_the_author_wrote_it(parse: Any) -> None:
    redactor, sid = _redactor(parse)
    draft = f"# A post\n\nSome text.\n\nWe used {PASSWORD} there.\n"
    redactor.sources = [("draft.md", draft)]
    with pytest.raises(SecretLeakError) as caught:
        guard([("index.md", f"---\ntitle: x\n---\n{draft}")], redactor, "the rendered post")
    message = str(caught.value)
    assert f"{sid} (password-assignment) in index.md: it is in draft.md line 5; remove it there" in message
    assert PASSWORD not in message


def test_a_stop_on_a_value_triage_cleared_says_it_is_retells_fault(parse: Any) -> None:
    redactor, sid = _redactor(parse)
    redactor.decisions = {sid: SecretDecision(sid, "redact")}
    with pytest.raises(SecretLeakError) as caught:
        guard([("outline/plan user message", f"we used {PASSWORD}")], redactor, "a prompt about to be sent")
    assert "retell's own fault, not yours" in str(caught.value)


def test_a_stop_on_a_value_from_nowhere_says_retell_wrote_it(parse: Any) -> None:
    redactor, _sid = _redactor(parse)
    other = "gh" + "p_" + fake.mixed(36)
    with pytest.raises(SecretLeakError) as caught:
        guard([("index.md", f"a token {other}")], redactor, "the rendered post")
    message = str(caught.value)
    assert "retell wrote it itself" in message and "retell's own fault, not yours" in message
    assert other not in message


def test_a_stop_on_a_session_value_triage_does_not_list_says_to_run_triage(parse: Any) -> None:
    redactor, sid = _redactor(parse)
    with pytest.raises(SecretLeakError) as caught:
        guard([("section s1 prompt", f"we used {PASSWORD}")], redactor, "a prompt about to be sent")
    assert f"{sid} (password-assignment) in section s1 prompt: the session holds it but triage.yaml" in str(
        caught.value
    )


@pytest.mark.e2e
def test_a_placeholder_key_in_an_edit_never_blocks_a_request(tmp_path: Path) -> None:
    """A blind set (dev7, stop 36): a Helm values file with `<paste the inventory key here>` between the armor
    lines is clean, but shown as a diff in the prompt (`+    -----BEGIN …`) the prefixes made it long enough
    for gitleaks' private-key rule, and every request was refused as retell's own fault."""
    values = "tls:\n  key: |\n    -----BEGIN PRIVATE KEY-----\n    <paste the inventory key here>\n"
    values += "    -----END PRIVATE KEY-----\n"
    tx = Transcript()
    tx.user("Add a TLS block to the chart values, with a placeholder for the key.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/values.yaml", "old_string": "# tls", "new_string": values}, "ok")
    tx.assistant("Added the tls block with a placeholder for the key.")
    tx.user("Thanks.")
    tx.assistant("Done.")
    work = publish_and_plan(tx, tmp_path)
    prompts = "".join(p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("*.prompt.md"))
    assert "+    <paste the inventory key here>" in prompts  # told as it is: nothing to redact


def test_a_real_key_in_a_diff_is_still_a_key() -> None:
    from retell.secrets import Scanner

    body = "\n".join(f"    +    {'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTU'[i:]}x{i}" for i in range(4))
    diff = f"    +    -----BEGIN PRIVATE KEY-----\n{body}\n    +    -----END PRIVATE KEY-----\n"
    assert [f.kind for f in Scanner().scan(diff)] == ["private-key"]
