"""Secrets and personal data are flagged in the manifest (kind, masked preview, where), never copied there.

Every secret here is fake and assembled at run time from a seeded generator, so no token-shaped literal
sits in the source.
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest
from conftest import SESSION_ID, Transcript, events, text_block, tool_use_block

from retell import jsonio

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_rng = random.Random(20260105)


def _chars(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def _b64url(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def _private_key() -> str:
    label = "RSA " + "PRIVATE KEY"
    body = "\n".join(_chars(64, _ALNUM + "+/") for _ in range(3))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


# kind -> (the secret value the manifest must not hold, the text a human might paste around it)
SECRETS: dict[str, tuple[str, str]] = {}


def _add(kind: str, value: str, template: str = "here you go: {} (use it for the deploy)") -> None:
    SECRETS[kind] = (value, template.format(value))


_add("anthropic-api-key", "sk-ant-" + "api03-" + _chars(80, _ALNUM + "-_") + "AA")
_add("openai-api-key", "sk-" + "proj-" + _chars(56, _ALNUM + "-_"))
_add("github-token", "gh" + "p_" + _chars(36))
_add("aws-access-key-id", "AK" + "IA" + _chars(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
_add("slack-token", "xo" + "xb-" + _chars(12, "0123456789") + "-" + _chars(13, "0123456789") + "-" + _chars(24))
_add("stripe-key", "sk" + "_live_" + _chars(24))
_add("google-api-key", "AI" + "za" + _chars(35, _ALNUM + "-_"))
_add("bearer-token", _chars(40), "curl -H 'Authorization: Bearer {}' https://api.acme-corp.io/v1/me")
_add(
    "jwt",
    _b64url({"alg": "HS256", "typ": "JWT"}) + "." + _b64url({"sub": _chars(10, "0123456789")}) + "." + _chars(43),
)
_add("private-key", _private_key(), "the deploy key is\n{}\nkeep it safe")
_add("password-assignment", _chars(6) + "9!" + _chars(4), "set password={} in the env file")
_add("connection-string", _chars(12) + "7", "DATABASE_URL=postgres://app:{}@localhost:5432/shop")
_add("email", "jana.dvorak@acme-corp.io", "send the report to {} when done")
_add("home-path", "/home/bobsmith", "the logs are in {}/logs/app.log")

SECRET_KINDS = [k for k in SECRETS if k not in ("email", "home-path")]
ONE_LINE_KINDS = [k for k in SECRETS if "\n" not in SECRETS[k][1]]


def _flags(result, kind: str | None = None) -> list[dict]:
    return [f for f in result.manifest["pii_warnings"] if kind is None or f["kind"] == kind]


def _manifest_bytes(result) -> bytes:
    return jsonio.dumps(result.manifest)


def _human_with(tx: Transcript, text: str) -> None:
    tx.user("help me set up the deploy")  # the first prompt becomes the title: keep it clean
    tx.assistant("Sure, what do you have?")
    tx.user(text)


@pytest.mark.parametrize("kind", list(SECRETS))
def test_each_rule_flags_human_text(tx: Transcript, parse, kind: str) -> None:
    value, text = SECRETS[kind]
    _human_with(tx, text)
    result = parse(tx)
    flagged = _flags(result, kind)
    assert len(flagged) == 1, result.manifest["pii_warnings"]
    flag = flagged[0]
    human = events(result, "human")[1]
    assert flag["locations"] == [{"event": human["id"], "field": "text"}]
    assert flag["chapters"] == [human["chapter"]]
    assert flag["category"] == ("pii" if kind in ("email", "home-path") else "secret")
    assert flag["occurrences"] == 1
    assert value not in flag["preview"]
    assert flag["preview"]
    assert value.encode() not in _manifest_bytes(result)


def test_the_session_user_name_is_flagged(make_transcript, parse) -> None:
    tx = make_transcript(cwd="/Users/marguerite/work/shop")
    tx.user("hello")
    tx.assistant("Hi.")
    tx.user("run it as marguerite@build-box before merging")
    result = parse(tx)
    (flag,) = _flags(result, "username")
    assert flag["category"] == "pii"
    # "hello" is a greeting, not a title: the second message names the session, so the title holds it too
    assert flag["locations"] == [
        {"event": "session", "field": "title"},
        {"event": events(result, "human")[1]["id"], "field": "text"},
    ]
    assert "marguerite" not in flag["preview"]


def test_home_path_of_the_session_is_flagged_where_it_is_told(make_transcript, parse) -> None:
    tx = make_transcript(cwd="/Users/marguerite/work/shop")
    tx.user("hello")
    tx.tool_call("Bash", {"command": "ls /Users/marguerite/Downloads"}, "a.zip")
    result = parse(tx)
    (flag,) = _flags(result, "home-path")
    run = events(result, "tool_run")[0]
    assert {"event": run["id"], "field": "calls[0].target"} in flag["locations"]
    assert {loc["event"] for loc in flag["locations"]} == {run["id"]}


@pytest.mark.parametrize("kind", ONE_LINE_KINDS)
def test_each_rule_flags_tool_commands(tx: Transcript, parse, kind: str) -> None:
    value, text = SECRETS[kind]
    tx.user("deploy it")
    tx.tool_call("Bash", {"command": f'echo "{text}" >> notes.txt && ./deploy.sh'}, "deployed")
    result = parse(tx)
    (flag,) = _flags(result, kind)
    (run,) = events(result, "tool_run")
    # the command is told twice: as the call's target and in the run's one-line summary
    assert flag["locations"] == [
        {"event": run["id"], "field": "summary"},
        {"event": run["id"], "field": "calls[0].target"},
    ]
    assert value.encode() not in _manifest_bytes(result)


@pytest.mark.parametrize("kind", list(SECRETS))
def test_each_rule_flags_a_subagent_brief(tx: Transcript, parse, kind: str) -> None:
    value, text = SECRETS[kind]
    tx.user("check the deploy")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": "Check", "prompt": f"Context:\n{text}"}, tool_id))
    tx.tool_result(tool_id, [text_block("All good.")])
    result = parse(tx)
    (flag,) = _flags(result, kind)
    (spawn,) = events(result, "subagent")
    assert flag["locations"] == [{"event": spawn["id"], "field": "subagent.prompt"}]
    assert value.encode() not in _manifest_bytes(result)


def test_secrets_in_subagent_text_are_flagged(tx: Transcript, parse, session_path: Path) -> None:
    token, _ = SECRETS["github-token"]
    key, _ = SECRETS["stripe-key"]
    tx.user("check the CI")
    tool_id = tx.new_tool_id()
    prompt = f"Use the token {token} to list the failing workflow runs."
    tx.assistant(tool_use_block("Task", {"description": "Check CI", "prompt": prompt}, tool_id))
    tx.tool_result(tool_id, [text_block("Two runs failed.")], tool_use_result={"agentId": "a5e5c5d5"})
    agent = Transcript(SESSION_ID, sidechain=True, agent_id="a5e5c5d5")
    agent.user(prompt)
    agent.tool_call("Bash", {"command": f"STRIPE_KEY={key} ./smoke.sh"}, "ok")
    agent.assistant("Two runs failed.")
    agent.write(session_path.parent / SESSION_ID / "subagents" / "agent-a5e5c5d5.jsonl")
    result = parse(tx)

    (spawn,) = events(result, "subagent")
    (github,) = _flags(result, "github-token")
    assert github["locations"] == [{"event": spawn["id"], "field": "subagent.prompt"}]
    (stripe,) = _flags(result, "stripe-key")
    inner = spawn["subagent"]["events"][0]
    assert {"event": inner["id"], "field": "calls[0].target"} in stripe["locations"]
    assert inner["id"].startswith(spawn["id"] + ".")
    manifest = _manifest_bytes(result)
    assert token.encode() not in manifest
    assert key.encode() not in manifest


def test_one_secret_told_twice_is_one_flag_with_two_locations(tx: Transcript, parse) -> None:
    value, text = SECRETS["anthropic-api-key"]
    _human_with(tx, text)
    tx.tool_call("Bash", {"command": f"export ANTHROPIC_API_KEY={value}"}, "")
    result = parse(tx)
    (flag,) = _flags(result, "anthropic-api-key")
    human, run = events(result, "human")[1], events(result, "tool_run")[0]
    assert {loc["event"] for loc in flag["locations"]} == {human["id"], run["id"]}
    assert flag["occurrences"] == len(flag["locations"])


def test_placeholders_and_look_alikes_are_not_flagged(tx: Transcript, parse) -> None:
    tx.user("set up the env")
    tx.user(
        "Use password=${PASSWORD} and api_key = os.environ['API_KEY'] in the config; the OpenAI key "
        "looks like sk-... and goes in .env. Mail user@example.com, not noreply@anthropic.com. "
        "The retina asset is icon@2x.png. DATABASE_URL=postgres://user:password@localhost/db"
    )
    tx.tool_call("Bash", {"command": "cat ~/.config/app.toml && echo $HOME"}, "")
    assert _flags(parse(tx)) == []


def test_flags_in_the_written_manifest_hold_no_secret(tx: Transcript, cli, session_path: Path) -> None:
    secrets = [SECRETS[k][0] for k in SECRET_KINDS]
    tx.user("here are the credentials")
    for kind in SECRET_KINDS:
        tx.user(SECRETS[kind][1])
    tx.write(session_path)
    out = session_path.parent.parent.parent / "out"
    result = cli("parse", session_path, "-o", out)
    assert result.exit_code == 0, result.output
    manifest = (out / "manifest.json").read_bytes()
    flags = json.loads(manifest)["pii_warnings"]
    assert sorted(f["kind"] for f in flags) == sorted(SECRET_KINDS)
    told = (out / "events.json").read_text(encoding="utf-8")
    for secret in secrets:
        assert secret.encode() not in manifest
        assert json.dumps(secret)[1:-1] in told  # flagged, not silently redacted
    assert f"flagged    {len(SECRET_KINDS)} secrets" in result.stdout


def test_a_secret_in_the_first_prompt_stays_out_of_the_manifest(tx: Transcript, parse) -> None:
    value, _ = SECRETS["github-token"]
    tx.user(f"use {value} to open the PR")
    result = parse(tx)
    assert _flags(result, "github-token")
    assert value.encode() not in _manifest_bytes(result)


def test_connection_string_with_a_dotted_host_is_a_connection_string(tx: Transcript, parse) -> None:
    password = _chars(12) + "7"
    _human_with(tx, f"DATABASE_URL=postgres://app:{password}@db.internal.acme-corp.io:5432/shop")
    result = parse(tx)
    # the password is the connection string's secret; the internal host beside it is personal data of its own
    assert sorted(f["kind"] for f in _flags(result)) == ["connection-string", "internal-host"]


def test_a_secret_in_a_subagent_description_stays_out_of_the_manifest(
    tx: Transcript, parse, session_path: Path
) -> None:
    value, _ = SECRETS["github-token"]
    tx.user("check the CI")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": f"List runs with {value}", "prompt": "List runs"}, tool_id))
    tx.tool_result(tool_id, [text_block("Two runs failed.")], tool_use_result={"agentId": "a6e6c6d6"})
    agent = Transcript(SESSION_ID, sidechain=True, agent_id="a6e6c6d6")
    agent.user("List runs")
    agent.assistant("Two runs failed.")
    agent.write(session_path.parent / SESSION_ID / "subagents" / "agent-a6e6c6d6.jsonl")
    result = parse(tx)
    assert _flags(result, "github-token")
    assert value.encode() not in _manifest_bytes(result)
