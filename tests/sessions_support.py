"""Three sessions of one project for the multi-session tests: A (Monday), B (Wednesday, on the same branch;
a `summary` at its top names A's last record), and C (B resumed that evening: its file replays B's records under
its own session id, then goes on). A and B share a token-shaped secret; B adds an email; A pastes an image.
`rewound=True` gives B an abandoned branch (a prompt answered, then rewound and replaced)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from conftest import Transcript, image_block, make_png, text_block

SESSION_A = "a11ce000-1111-4aaa-8aaa-000000000001"
SESSION_B = "b0b00000-2222-4bbb-8bbb-000000000002"
SESSION_C = "c0ffee00-3333-4ccc-8ccc-000000000003"
TOKEN = "ghp_" + "Qw3rTy7uIoP9aSdFgH1jKlZx5cVbNm0q2W4e"  # token-shaped, not a token
EMAIL = "robin.hale@example-mail.io"
CWD = "/home/robin/proj"
BRANCH = "feat/login"


def _on_branch(tx: Transcript) -> Transcript:
    for record in tx.records:
        if "gitBranch" in record:
            record["gitBranch"] = BRANCH
    return tx


def session_a() -> Transcript:
    """Monday: the login bug, a pasted screenshot, a failing test run, a commit with a token in the command."""
    tx = Transcript(SESSION_A, cwd=CWD, start=datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc))
    tx.user([text_block("The login page is blank after the deploy. Find out why."), image_block(make_png())])
    tx.assistant("Let me look at the login view.")
    tx.tool_call("Read", {"file_path": f"{CWD}/web/login.py"}, "def login(): ...")
    tx.tool_call("Bash", {"command": "pytest -q"}, "Exit code 1\n1 failed, 4 passed", is_error=True)
    tx.user("Fix it, then push with my token " + TOKEN)
    tx.tool_call("Edit", {"file_path": f"{CWD}/web/login.py"}, "ok")
    tx.tool_call("Bash", {"command": f"GITHUB_TOKEN={TOKEN} git push"}, "pushed")
    tx.assistant("Fixed: the template was never rendered.")
    return _on_branch(tx)


def session_b(a: Transcript, *, rewound: bool = False) -> Transcript:
    """Wednesday, on the same branch; Claude Code titled the session it continues at the top of the file."""
    tx = Transcript(SESSION_B, cwd=CWD, start=datetime(2026, 1, 7, 9, 30, tzinfo=timezone.utc))
    tx.add({"type": "summary", "summary": "Blank login page after deploy", "leafUuid": a.last_uuid})
    if rewound:  # a prompt answered, then rewound (Esc Esc) and replaced from the same point
        tx.user("Rewrite the login page in htmx instead.")
        tx.assistant("Rewriting it in htmx.")
        tx.last_uuid = None
    tx.user(f"Now the redirect after login. Mail the report to {EMAIL}. The token is still {TOKEN}.")
    tx.tool_call("Edit", {"file_path": f"{CWD}/web/redirect.py"}, "ok")
    tx.tool_call("Bash", {"command": "pytest -q"}, "5 passed")
    tx.assistant("The redirect goes back to the page you came from.")
    return _on_branch(tx)


def session_c(b: Transcript) -> Transcript:
    """Wednesday evening: session B resumed. Its file replays B's records (same uuids) under its own id."""
    tx = Transcript(SESSION_C, cwd=CWD, start=datetime(2026, 1, 7, 18, 0, tzinfo=timezone.utc))
    for record in b.records:
        if "uuid" in record:
            tx.records.append({**record, "sessionId": SESSION_C})
    tx.last_uuid = b.last_uuid
    tx.user("Update the changelog and open the pull request.")
    tx.tool_call("Edit", {"file_path": f"{CWD}/CHANGELOG.md"}, "ok")
    tx.assistant("Pull request opened.")
    return _on_branch(tx)


def write_sessions(project_dir: Path, *, rewound: bool = False) -> dict[str, Path]:
    a = session_a()
    b = session_b(a, rewound=rewound)
    c = session_c(b)
    return {name: tx.write(project_dir / f"{tx.session_id}.jsonl") for name, tx in (("a", a), ("b", b), ("c", c))}
