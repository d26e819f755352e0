"""The cleared view: the only version of a session later stages may use.

With the decisions a fresh triage.yaml makes (and with no decisions at all), no flagged secret's text may
survive anywhere in `cleared_view(...)`: human and assistant text, tool commands and errors, slash-command
arguments, a subagent's brief, description, result and its own events, compaction summaries, the session's
title and folder. `replace` and `keep` do what they say; left-out chapters, images and thinking are gone;
`merge_into` relabels; `guard` stops what was not cleared, naming the item and never the secret.

Every secret is fake and assembled at run time from a seeded generator.
"""

from __future__ import annotations

import copy
import json
import random
import string
from pathlib import Path
from typing import Any

import pytest
from conftest import SESSION_ID, Transcript, image_block, make_png, text_block, thinking_block, tool_use_block
from secrets_support import default_triage

from retell.errors import SecretLeakError
from retell.events import EventLog, walk
from retell.parse import ParseResult
from retell.redact import Redactor, all_texts, cleared_view, guard
from retell.triage.model import SecretDecision, Triage

_rng = random.Random(1)
_ALNUM = string.ascii_letters + string.digits


def _chars(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


TOKEN = "gh" + "p_" + _chars(36)
USER = "q" + _chars(6, string.ascii_lowercase) + "7"  # not a word: told in prose, it is still the account
EMAIL = (
    f"{_chars(6, string.ascii_lowercase)}.{_chars(4, string.ascii_lowercase)}@{_chars(5, string.ascii_lowercase)}.dev"
)
HOME = f"/home/{USER}"
BEARER = _chars(20) + "7" + _chars(19)
THINKING = "The token in the env may be stale; I should not say so."
AGENT_THINKING = "Subagent musing: the CI box is flaky."
OTHER_SESSION = "9b0c6a1e-3f2d-4c5b-8a7e-6d5c4b3a2f19"
AGENT = "a7e7c7d7b7a7"
SUMMARY_HEAD = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\n"
)
PASTED = make_png((6, 4), (200, 30, 30))
SHOT = make_png((5, 5), (30, 160, 60))
AGENT_SHOT = make_png((3, 3), (30, 60, 200))
FLAGGED = {"github-token": TOKEN, "email": EMAIL, "home-path": HOME, "username": USER}


def _session(tx: Transcript, subagents: Path) -> None:
    """ch1: everything with secrets in it; ch2: a session change; ch3: a compaction whose summary holds the token."""
    tx.add({"type": "custom-title", "customTitle": f"Deploy night with {EMAIL}", "sessionId": SESSION_ID})
    tx.user([text_block(f"The deploy fails. My token is {TOKEN}, I am {USER} on the box."), image_block(PASTED)])
    tx.assistant(thinking_block(THINKING))
    tx.assistant(f"I will mail {EMAIL} when it works.")
    tx.user(f"<command-name>/deploy</command-name>\n<command-args>--token {TOKEN}</command-args>")
    tx.tool_call("Bash", {"command": f"export GITHUB_TOKEN={TOKEN}"}, "")
    tx.tool_call("Bash", {"command": "gh auth status"}, f"error: token {TOKEN} is revoked", is_error=True)
    tx.tool_call("Read", {"file_path": f"{HOME}/secrets/deploy.env"}, "...")
    # what a successful command printed: kept (its first and last lines), so cleared like the rest
    hosts = f"github.com:\n    user: {USER}\n    oauth_token: {TOKEN}\n    git_protocol: https\n    mail: {EMAIL}"
    tx.tool_call("Bash", {"command": "cat ~/.config/gh/hosts.yml"}, hosts)
    tx.tool_call(
        "Edit", {"file_path": "deploy.env", "old_string": "GITHUB_TOKEN=", "new_string": f"GITHUB_TOKEN={TOKEN}"}
    )
    tool_id = tx.new_tool_id()
    brief = f"Check the CI with {TOKEN} and report to {EMAIL}."
    tx.assistant(tool_use_block("Task", {"description": f"CI for {USER}", "prompt": brief}, tool_id))
    tx.tool_result(
        tool_id, [text_block(f"Logs are in {HOME}/ci.log; two runs failed.")], tool_use_result={"agentId": AGENT}
    )
    agent = Transcript(SESSION_ID, sidechain=True, agent_id=AGENT, cwd=f"{HOME}/proj")
    agent.user(brief)
    agent.assistant(thinking_block(AGENT_THINKING))
    agent.tool_call("Bash", {"command": f"GH_TOKEN={TOKEN} gh run list"}, "2 failed")
    shot = agent.new_tool_id()
    agent.assistant(tool_use_block("mcp__browser__screenshot", {"url": "http://ci.local"}, shot))
    agent.tool_result(shot, [image_block(AGENT_SHOT)])
    agent.assistant(f"Found it: the runner mails {EMAIL} on failure.")
    agent.assistant(f"Logs are in {HOME}/ci.log; two runs failed.")
    agent.write(subagents / f"agent-{AGENT}.jsonl")
    tx.tool_call(
        "Bash",
        {"command": f"curl -H 'Authorization: Bearer {BEARER}' https://ci.example.org/api"},
        "ok",
    )
    tx.session_id = OTHER_SESSION
    tx.user("Now fix the runner.")
    tx.assistant("Fixed.")
    logical = tx.last_uuid
    tx.last_uuid = None
    tx.system(
        "compact_boundary",
        content="Conversation compacted",
        logicalParentUuid=logical,
        compactMetadata={"trigger": "auto", "preTokens": 150_000},
    )
    tx.user(SUMMARY_HEAD + f"We rotated {TOKEN} and fixed the runner in {HOME}/proj.", isCompactSummary=True)
    tx.user("Last: the screenshot of the green build.")
    shot = tx.new_tool_id()
    tx.assistant(tool_use_block("mcp__browser__screenshot", {"url": "http://ci.local"}, shot))
    tx.tool_result(shot, [image_block(SHOT)])


@pytest.fixture
def parsed(parse, session_path: Path) -> ParseResult:
    tx = Transcript(cwd=f"{HOME}/proj")
    _session(tx, session_path.parent / SESSION_ID / "subagents")
    result = parse(tx)
    kinds = {f["kind"] for f in result.manifest["pii_warnings"]}
    assert kinds == {"github-token", "email", "home-path", "username", "bearer-token"}, kinds
    assert [c.id for c in result.log.chapters] == ["ch1", "ch2", "ch3"]
    return result


def no_decisions(result: ParseResult, tmp: Path) -> Triage:
    """Every chapter and image in, but not a single secret decided (a triage.yaml with `secrets: []`)."""
    triage = default_triage(result, tmp)
    triage.secrets = {}
    return triage


def flag_id(result: ParseResult, kind: str) -> str:
    (flag,) = [f for f in result.manifest["pii_warnings"] if f["kind"] == kind]
    return flag["id"]


def dump(view: EventLog) -> str:
    return json.dumps(view.to_dict(), ensure_ascii=False)


def by_kind(view: EventLog, kind: str) -> list[Any]:
    return [e for e in walk(view.events) if e.kind == kind]


def spawn(view: EventLog) -> Any:
    (event,) = by_kind(view, "subagent")
    return event


# Where each flagged secret was told, and how to read that spot in the view.
PLACES = {
    "session title": lambda v: v.session.title,
    "session folder": lambda v: v.session.cwd,
    "human text": lambda v: by_kind(v, "human")[0].text,
    "assistant text": lambda v: by_kind(v, "assistant")[0].text,
    "slash-command args": lambda v: by_kind(v, "command")[0].args,
    "Bash command": lambda v: next(c.target for e in by_kind(v, "tool_run") for c in e.calls if "export" in c.target),
    "tool error": lambda v: next(c.error for e in by_kind(v, "tool_run") for c in e.calls if c.error),
    "Read target": lambda v: next(c.target for e in by_kind(v, "tool_run") for c in e.calls if c.name == "Read"),
    "bearer in a command": lambda v: next(
        c.target for e in by_kind(v, "tool_run") for c in e.calls if "curl" in c.target
    ),
    "subagent description": lambda v: spawn(v).subagent.description,
    "subagent prompt": lambda v: spawn(v).subagent.prompt,
    "subagent result": lambda v: spawn(v).subagent.result,
    "subagent's own command": lambda v: next(e for e in spawn(v).subagent.events if e.calls).calls[0].target,
    "subagent's own text": lambda v: next(e.text for e in spawn(v).subagent.events if e.kind == "assistant"),
    "compaction summary": lambda v: by_kind(v, "bridge")[0].text,
    "an edit's diff": lambda v: next(c.diff for e in by_kind(v, "tool_run") for c in e.calls if c.diff),
    "a failing command's output": lambda v: next(
        c.output for e in by_kind(v, "tool_run") for c in e.calls if c.error and c.output
    ),
    "what a command printed": lambda v: next(
        c.output for e in by_kind(v, "tool_run") for c in e.calls if c.target == "cat ~/.config/gh/hosts.yml"
    ),
}


@pytest.mark.parametrize("decisions", [default_triage, no_decisions], ids=["default-decisions", "no-decisions"])
@pytest.mark.parametrize("place", list(PLACES))
def test_no_flagged_text_survives(parsed: ParseResult, tmp_path: Path, decisions, place: str) -> None:
    original = PLACES[place](parsed.log)
    assert original and any(v in original for v in [*FLAGGED.values(), BEARER]), (place, original)
    view = cleared_view(parsed.log, decisions(parsed, tmp_path))
    cleared = PLACES[place](view)
    assert cleared, place  # still told, only cleared
    for value in [*FLAGGED.values(), BEARER]:
        assert value not in cleared, (place, cleared)
    assert "[REDACTED:" in cleared or "~" in cleared, cleared


@pytest.mark.parametrize("decisions", [default_triage, no_decisions], ids=["default-decisions", "no-decisions"])
def test_no_flagged_text_anywhere_in_the_view(parsed: ParseResult, tmp_path: Path, decisions) -> None:
    view = cleared_view(parsed.log, decisions(parsed, tmp_path))
    text = dump(view)
    for kind, value in FLAGGED.items():
        assert value not in text, kind
    assert BEARER not in text
    redactor = Redactor.for_log(parsed.log, {})
    guard(all_texts(view), redactor, "the cleared view")  # nothing left for the last check to find


def test_replace_uses_the_replacement_everywhere(parsed: ParseResult, tmp_path: Path) -> None:
    triage = default_triage(parsed, tmp_path)
    sid = flag_id(parsed, "github-token")
    triage.secrets[sid] = SecretDecision(sid, "replace", "$GITHUB_TOKEN")
    view = cleared_view(parsed.log, triage)
    assert by_kind(view, "human")[0].text.startswith("The deploy fails. My token is $GITHUB_TOKEN,")
    assert (
        next(e for e in spawn(view).subagent.events if e.calls).calls[0].target == "GH_TOKEN=$GITHUB_TOKEN gh run list"
    )
    assert "We rotated $GITHUB_TOKEN and" in by_kind(view, "bridge")[0].text
    assert TOKEN not in dump(view)
    assert "[REDACTED:github-token]" not in dump(view)
    assert EMAIL not in dump(view)  # the others are still redacted


def test_keep_keeps_it(parsed: ParseResult, tmp_path: Path) -> None:
    triage = default_triage(parsed, tmp_path)
    sid = flag_id(parsed, "email")
    triage.secrets[sid] = SecretDecision(sid, "keep")
    view = cleared_view(parsed.log, triage)
    assert view.session.title == f"Deploy night with {EMAIL}"
    assert EMAIL in spawn(view).subagent.prompt
    assert TOKEN not in dump(view)
    redactor = Redactor.for_log(parsed.log, triage.secrets)
    guard(all_texts(view), redactor, "the outline prompt")  # kept on purpose: not a leak


def test_left_out_chapters_images_and_thinking_are_absent(parsed: ParseResult, tmp_path: Path) -> None:
    triage = default_triage(parsed, tmp_path)
    pasted, agent_shot, shot = _assets(parsed)
    assert not triage.post.use_thinking  # the default
    full = cleared_view(parsed.log, triage)
    assert by_kind(full, "thinking") == []
    assert THINKING not in dump(full)
    assert AGENT_THINKING not in dump(full)
    assert {e.asset for e in by_kind(full, "image")} == {agent_shot, shot}

    next(c for c in triage.chapters if c.id == "ch2").include = False
    triage.images[pasted].include = False
    triage.images[agent_shot].include = False
    view = cleared_view(parsed.log, triage)
    assert {e.chapter for e in walk(view.events)} == {"ch1", "ch3"}
    assert [c.id for c in view.chapters] == ["ch1", "ch3"]
    assert "Now fix the runner." not in dump(view)
    assert by_kind(view, "human")[0].images is None
    assert [e.asset for e in by_kind(view, "image")] == [shot]
    assert pasted not in dump(view)
    assert agent_shot not in dump(view)


def test_thinking_is_there_when_allowed(parsed: ParseResult, tmp_path: Path) -> None:
    triage = default_triage(parsed, tmp_path)
    triage.post.use_thinking = True
    view = cleared_view(parsed.log, triage)
    texts = [e.text for e in by_kind(view, "thinking")]
    assert THINKING in texts
    assert AGENT_THINKING in texts


def test_merge_into_relabels_events(parsed: ParseResult, tmp_path: Path) -> None:
    triage = default_triage(parsed, tmp_path)
    next(c for c in triage.chapters if c.id == "ch3").merge_into = "ch2"
    triage.chapters[0].merge_into = None
    view = cleared_view(parsed.log, triage)
    assert [c.id for c in view.chapters] == ["ch1", "ch2"]
    assert {e.chapter for e in walk(view.events)} == {"ch1", "ch2"}
    assert by_kind(view, "bridge")[0].chapter == "ch2"
    nested = list(walk(spawn(view).subagent.events))
    assert nested and {e.chapter for e in nested} == {"ch1"}


def test_the_input_log_is_not_modified(parsed: ParseResult, tmp_path: Path) -> None:
    before = copy.deepcopy(parsed.log.to_dict())
    triage = default_triage(parsed, tmp_path)
    triage.chapters[1].merge_into = "ch1"
    cleared_view(parsed.log, triage)
    assert parsed.log.to_dict() == before


def _assets(result: ParseResult) -> tuple[str, str, str]:
    """(pasted, the subagent's screenshot, the main screenshot) asset names."""
    by_source = {}
    for image in result.manifest["images"]:
        by_source.setdefault(image["sources"][0], []).append(image)
    (pasted,) = by_source["pasted"]
    shots = sorted(by_source["mcp__browser__screenshot"], key=lambda i: i["events"][0])
    return pasted["asset"], shots[0]["asset"], shots[1]["asset"]


# -- guard ----------------------------------------------------------------------------------------------


def test_guard_names_the_item_never_the_secret(parsed: ParseResult) -> None:
    redactor = Redactor.for_log(parsed.log, {})
    sid = flag_id(parsed, "github-token")
    with pytest.raises(SecretLeakError) as caught:
        guard([("section 2 prompt", f"use {TOKEN} to push")], redactor, "the draft prompt")
    message = str(caught.value)
    assert sid in message
    assert "github-token" in message
    assert "section 2 prompt" in message
    assert message.startswith("the draft prompt holds 1 secret(s) not cleared in triage")
    assert TOKEN not in message
    assert TOKEN[4:12] not in message


def test_guard_reports_every_uncleared_item(parsed: ParseResult) -> None:
    redactor = Redactor.for_log(parsed.log, {})
    with pytest.raises(SecretLeakError) as caught:
        guard([("a", f"mail {EMAIL}"), ("b", f"cd {HOME}/proj")], redactor, "the outline prompt")
    message = str(caught.value)
    assert flag_id(parsed, "email") in message
    assert flag_id(parsed, "home-path") in message
    assert EMAIL not in message
    assert HOME not in message


def test_guard_passes_kept_items_and_stops_replaced_ones(parsed: ParseResult) -> None:
    sid = flag_id(parsed, "github-token")
    kept = Redactor.for_log(parsed.log, {sid: SecretDecision(sid, "keep")})
    guard([("x", f"use {TOKEN}")], kept, "the draft")
    replaced = Redactor.for_log(parsed.log, {sid: SecretDecision(sid, "replace", "$TOKEN")})
    with pytest.raises(SecretLeakError):
        guard([("x", f"use {TOKEN}")], replaced, "the draft")
    guard([("x", "nothing to see")], replaced, "the draft")


# -- a secret told again where its rule does not see it, or cut by the title's length limit ---------------------


def test_a_flagged_value_repeated_out_of_context_is_redacted_too(parse, tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("check the API")
    tx.tool_call("Bash", {"command": f"curl -H 'Authorization: Bearer {BEARER}' https://ci.example.org/api"}, "401")
    tx.assistant(f"The token {BEARER} has expired; ask for a new one.")
    result = parse(tx)
    assert [f["kind"] for f in result.manifest["pii_warnings"]] == ["bearer-token"]
    view = cleared_view(result.log, default_triage(result, tmp_path))
    assert BEARER not in dump(view)
    assert "The token [REDACTED:bearer-token] has expired" in dump(view)
    with pytest.raises(SecretLeakError) as caught:  # the last check sees the bare repeat too
        guard([("answer", f"use {BEARER}")], Redactor.for_log(result.log, {}), "the draft")
    assert BEARER not in str(caught.value)


def test_a_secret_cut_by_the_title_limit_is_not_in_the_view(parse, tmp_path: Path) -> None:
    tx = Transcript()
    tx.user(f"Please deploy the release candidate to staging, using the token {TOKEN} for the registry.")
    result = parse(tx)
    assert [f["kind"] for f in result.manifest["pii_warnings"]] == ["github-token"]
    view = cleared_view(result.log, default_triage(result, tmp_path))
    assert TOKEN[:12] not in (view.session.title or ""), view.session.title
