"""Issue 9's end-to-end case: a session holding a password assignment, a connection string, a token in an
`access_token=` URL, an account name that is an English word (`will`) and a secret inside a long Bash command
goes through `retell run --yes --engine offline` to a published post, and through an anthropic `--dry-run` of
outline and draft; no flagged value is in any file under the work folder's post/ or llm/.

Before: the guard flagged `password=[REDACTED:password-assignment]` again and stopped the run, every
request held "will" (retell's own prompt text), and the long command leaked the token's first characters.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript
from secrets_support import Fake

fake = Fake(9)
PASSWORD = "Cobalt" + fake.chars(3, "0123456789") + "#" + fake.mixed(4)
DB_PASSWORD = fake.mixed(12)
ACCESS_TOKEN = fake.mixed(40)
TOKEN = "gh" + "p_" + fake.mixed(36)
VALUES = {"password": PASSWORD, "db password": DB_PASSWORD, "access token": ACCESS_TOKEN, "token": TOKEN}


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def write_session(folder: Path) -> Path:
    tx = Transcript(cwd="/home/will/shop")
    tx.user("I will fix the login bug today; the app cannot reach its database.")
    tx.assistant("I will look at the configuration first.")
    tx.user(f"The .env has password={PASSWORD} and DATABASE_URL=postgres://app:{DB_PASSWORD}@db.internal:5432/shop")
    tx.tool_call("Read", {"file_path": "/home/will/shop/.env"}, "DEBUG=1")
    tx.tool_call(
        "Bash",
        {"command": f"curl -s 'https://api.acme-corp.io/v1/me?access_token={ACCESS_TOKEN}' | jq .name"},
        '"shop"',
    )
    long_command = "cd /home/will/shop && " + "x" * 140 + f" && export GITHUB_TOKEN={TOKEN} && make deploy"
    assert long_command.index(TOKEN) < 199 < long_command.index(TOKEN) + len(TOKEN)
    tx.tool_call("Bash", {"command": long_command}, "deployed")
    tx.assistant("The password was right; the host name was wrong. I will write it down.")
    tx.user("Thanks, will you also add a health check?")
    tx.assistant("Added a /healthz route.")
    return tx.write(folder / "claude" / "projects" / "-home-will-shop" / f"{tx.session_id}.jsonl")


def files_holding(folder: Path, value: str) -> list[str]:
    return [str(p) for p in folder.rglob("*") if p.is_file() and value.encode() in p.read_bytes()]


@pytest.mark.e2e
def test_a_session_with_secrets_is_published_offline_and_planned_with_anthropic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = write_session(tmp_path)
    work = tmp_path / "W"
    result = ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    assert "Done:" in result.output
    posts = list((work / "post").rglob("index.md"))
    assert len(posts) == 1
    post = posts[0].read_text(encoding="utf-8")
    assert "I will fix the login bug today" in post  # the English word is not the account name here

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run"))
    prompts = sorted((work / "llm" / "dry-run").glob("*.prompt.md"))
    assert {p.name.split("-")[0] for p in prompts} == {"outline", "section", "finish"}
    outline_prompt = next(p for p in prompts if p.name.startswith("outline")).read_text(encoding="utf-8")
    assert "I will fix the login bug today" in outline_prompt
    assert "password=[REDACTED:password-assignment]" in outline_prompt

    for name, value in VALUES.items():
        assert files_holding(work / "post", value) == [], name
        assert files_holding(work / "llm", value) == [], name
        assert value[:10] not in post, name
    for folder in ("post", "llm"):
        for path in (work / folder).rglob("*"):
            if path.is_file() and path.suffix in (".md", ".json"):
                text = path.read_text(encoding="utf-8")
                assert "will@" not in text and "/home/will" not in text, path
