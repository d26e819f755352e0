"""What blind set 9's author, answering every prompt as the model, found the prompts left unclear
(bench/check/blind9/README.md, its last list), each asserted on the prompt text a model receives, built from
sessions in Claude Code's own record format (an on-call rollback and a schema change, written for these tests):

1. Tool output the work folder holds never reached the prompts: a log query followed by a search, a search's
   found lines, a command of a run of several cut mid-argument, an output left out without a word.
2. A call the author turned down was counted as failed.
3. Claude announced one thing and its calls did another, and nothing marked it.
4. The Names rule offered SQL keywords, compound nouns and names from the code as things to introduce.
5. A commit and a push in one command, the push printing nothing, read as "committed and pushed".
6. The ending asked for "what the author takes away" with nothing to take it from.
7. The time-of-day rule said nothing of the author's own times and a log's time stamps.
8. "Active time" counted the minutes spent waiting for the author.
9. No section prompt said how many code blocks it may use.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, tool_use_block
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 5, 22, 22, 31, tzinfo=timezone.utc)
CWD = "/home/rui/src/infra"
pytestmark = pytest.mark.usefixtures("no_live_settings")
REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)
LOG = "\n".join(
    f'2026-05-22T22:12:{s:02d}Z level={"fatal" if m.startswith("Missing") else "info"} msg="{m}"'
    for s, m in enumerate(["starting", "Missing required env var LEDGER_SIGNING_KEY", "exiting"] * 2)
)
CURL = 'curl -s -o /dev/null -w "%{http_code}" https://ledger.example.org/healthz --max-time 5 --retry 2'


def _parse(tmp_path: Path, tx: Transcript) -> Path:
    folder = tmp_path / "claude" / "projects" / "-home-rui-src-infra"
    path = tx.write(folder / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _outline_prompt(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def _section_prompts(work: Path, outline: dict | None = None) -> list[str]:
    if outline is None:
        ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    else:
        yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(outline), "outline.yaml"), backup=False)
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


def _rollback() -> Transcript:
    """An on-call rollback: two checks in one run, a turned-down delete, a log query and a search, a fix
    committed and pushed in one command."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("ledger-api is crashlooping in prod since the 22:10 deploy. roll it back, I'm going to bed soon")
    tx.tool_call("Bash", {"command": "kubectl -n prod rollout undo deployment/ledger-api"}, "rolled back")
    pods, health = tx.new_tool_id(), tx.new_tool_id()
    tx.assistant(
        tool_use_block("Bash", {"command": "kubectl -n prod get pods -l app=ledger-api"}, pods),
        tool_use_block("Bash", {"command": CURL}, health),
    )
    tx.tool_result(pods, "NAME   READY   STATUS    RESTARTS   AGE\nledger-api-7d9f-a   1/1     Running   0   40s")
    tx.tool_result(health, "200")
    tx.assistant("Rolled back and healthy. First I'll remove the old failed pods.")
    tx.tool_call("Bash", {"command": "kubectl -n prod delete rs ledger-api-5c8b"}, REJECTED, is_error=True)
    tx.user("no, leave the rs alone, argo tracks it. why did it crash?")
    tx.tool_call("Bash", {"command": "logcli query '{app=\"ledger-api\"}' --since=1h"}, LOG)
    tx.tool_call(
        "Grep",
        {"pattern": "LEDGER_SIGNING_KEY", "path": "charts/", "output_mode": "content", "-n": True},
        "charts/ledger/values-staging.yaml:31:  - name: LEDGER_SIGNING_KEY\n"
        "charts/ledger/templates/deploy.yaml:44:  {{- range .Values.env }}",
    )
    tx.assistant("Found it: LEDGER_SIGNING_KEY is set in values-staging.yaml only.")
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/charts/ledger/values-prod.yaml", "old_string": "env:\n", "new_string": "env:\n  - x\n"},
    )
    tx.tool_call(
        "Bash",
        {"command": "git commit -am 'fix(prod): wire the signing key' && git push origin fix/key 2>&1 | tail -3"},
        "[fix/key 0b7e2d1] fix(prod): wire the signing key\n 1 file changed, 1 insertion(+)",
    )
    tx.assistant("Committed and pushed.")
    return tx


# -- 1. what the work folder holds reaches the prompt ----------------------------------------------------------


def test_a_log_query_followed_by_a_search_shows_its_fatal_line_and_the_search_its_lines(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    query = prompt.split("logcli query", 1)[1].split("\n[e", 1)[0]
    assert 'level=fatal msg="Missing required env var LEDGER_SIGNING_KEY"' in query  # Claude's next words name it
    search = prompt.split("Searched for", 1)[1].split("\n[e", 1)[0]
    assert "found 2 matching lines in 2 files: values-staging.yaml, deploy.yaml\n" in search
    assert "    charts/ledger/values-staging.yaml:31:  - name: LEDGER_SIGNING_KEY\n" in search


def test_a_command_of_a_run_of_several_is_named_whole_above_its_output(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    assert f"  `{CURL}` printed:\n    200\n" in prompt  # the run's line cuts it at `-w "%{http_c…`


def test_an_output_left_out_says_so(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("What is deployed?")
    tx.tool_call("Bash", {"command": "helm list -A"}, "\n".join(f"release-{i} prod deployed" for i in range(12)))
    tx.tool_call("Read", {"file_path": f"{CWD}/README.md"}, "# infra")
    tx.assistant("Nothing unusual.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "TOOLS: Ran `helm list -A`\n  (it printed 12 lines, not shown here)\n" in prompt


# -- 2. a turned-down call -----------------------------------------------------------------------------------------


def test_a_call_the_author_turned_down_is_their_act_not_a_failure(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    assert "tool calls: 8 (0 failed, and 1 the author turned down)" in prompt
    assert "TOOLS: Ran `kubectl -n prod delete rs ledger-api-5c8b` — turned down by the author\n" in prompt
    assert "doesn't want to proceed" not in prompt and "(failed)" not in prompt
    manifest = json.loads((tmp_path / "w" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["tool_errors"] == 1 and manifest["counts"]["turned_down"] == 1


# -- 3. announced, then done otherwise --------------------------------------------------------------------------


def test_a_delete_of_another_kind_than_announced_is_marked(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    assert (
        "— turned down by the author\n  (announced in [e3]: removing pods; this command deletes a replicaset)\n"
        in prompt
    )


def test_fewer_tests_added_than_announced_is_marked(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/camille/dev/biblio", start=START)
    tx.user("Un livre peut avoir plusieurs auteurs. Adapte le schéma et les tests.")
    tx.assistant("J'ajoute un test multi-auteurs et un test du champ déprécié.")
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/camille/dev/biblio/tests/livres.test.ts",
            "old_string": "});\n",
            "new_string": "});\n\nit('renvoie plusieurs auteurs', async () => {\n  expect(1).toBe(1);\n});\n",
        },
    )
    tx.tool_call("Bash", {"command": "npx vitest run"}, "Tests  16 passed (16)")
    tx.assistant("Les deux tests passent.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "\n  (announced in [e2]: 2 tests; the edits before the author's next message add 1)\n" in prompt


# -- 4. names ------------------------------------------------------------------------------------------------------


def test_sql_keywords_and_noun_compounds_are_no_names() -> None:
    from retell.write.names import names_in

    assert names_in("Claude wrote an INSERT INTO livre_auteur SELECT id before the DROP COLUMN on Prisma.") == [
        "Prisma"
    ]
    assert names_in("Die Commit-Zeile und die Pod-Liste nennen GitHub-Actions.", "de") == ["GitHub-Actions"]


def test_names_shown_in_code_or_output_are_told_as_shown(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("why is ledger-api down?")
    tx.tool_call(
        "Bash", {"command": "kubectl -n prod get pods"}, "ledger-api-7d9f-a   0/1   CrashLoopBackOff   6   19m"
    )
    tx.assistant("The pods are crashlooping. I'll read their logs in Loki.")
    work = _parse(tmp_path, tx)
    ids = [e["id"] for e in json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]]
    note = "The pods sat in CrashLoopBackOff, and Claude read the logs with Loki."
    outline = {
        "schema_version": 1,
        "title": "A crashloop",
        "title_options": ["A crashloop"],
        "hook": "The pods would not stay up.",
        "description": "A crashloop.",
        "sections": [
            {
                "id": "s1",
                "heading": "Down",
                "chapters": ["ch1"],
                "purpose": "Tell it.",
                "beats": [{"beat": "discovery", "treatment": "summarise", "events": ids, "note": note}],
                "images": [],
            }
        ],
        "ending": "End.",
    }
    (prompt,) = _section_prompts(work, outline)
    names = next(ln for ln in prompt.splitlines() if ln.startswith("- Names: "))
    assert "(here: Loki)" in names
    assert (
        "Names the material shows in code, a command or an output (CrashLoopBackOff: a file, a class, a state, a "
        "field, the words of an error) are told as it shows them, never defined" in names
    )


# -- 5. commit and push in one command ---------------------------------------------------------------------------


def test_a_push_that_printed_nothing_is_said(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    assert (
        "    1 file changed, 1 insertion(+)\n"
        "    (no line here is the push's: its output does not show the push went through)\n"
    ) in prompt


# -- 6, 7. the ending, and times ---------------------------------------------------------------------------------


def test_the_ending_asks_for_what_the_session_shows() -> None:
    from retell.templating import TemplateLibrary

    task = (
        TemplateLibrary("prompts")
        .render(
            "finish_task.md.j2", sections=[], hook="A rollback", ending="", unit="words", first_words="", last_words=""
        )
        .text
    )
    assert "takes away" not in task
    # (material round 63: the ending's two things, and nothing else; what is still open named only where the
    # sections do not tell it)
    flat = " ".join(task.split())
    assert "that says two things, in this order, and nothing else: first whether the goal the author set was" in flat
    assert "then each part of it still open that the sections do not tell, named" in flat
    assert "no prediction, lesson or motive of your own." in flat


def test_the_time_rule_says_what_the_authors_own_times_and_a_logs_are(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rollback()))
    assert (
        'A time the author wrote ("since the 22:10 deploy") is theirs to quote, a time a log printed is shown as '
        'printed; neither tells their clock, and their "going to bed" is quoted, never turned into a time of day.'
    ) in prompt


# -- 8. active time --------------------------------------------------------------------------------------------


def test_active_time_leaves_out_the_wait_for_the_author(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("roll ledger-api back")
    tx.tool_call("Bash", {"command": "kubectl -n prod rollout undo deployment/ledger-api"}, "rolled back")
    tx.tick(60)
    tx.assistant("Rolled back.")
    tx.tick(300)  # five minutes before the author answers
    tx.user("thanks. now check the logs")
    tx.tick(60)
    tx.tool_call("Bash", {"command": "logcli query '{app=\"ledger-api\"}'"}, "ok")
    tx.assistant("Nothing new in the logs.")
    work = _parse(tmp_path, tx)
    prompt = _outline_prompt(work)
    # round 42: counted from the events' times and said with its parts, to a tenth of a minute under ten minutes
    assert (
        "- Session length: 7 min (from its first event to its last, as the chapters' times count; "
        "active: 3.1 min, counted from the events' times: Claude at work 2.1 min, from "
        "each of the author's messages to Claude's last step before their next, its subagents' steps included; and "
        "the author 1.0 min, at most a minute of the wait before their later message, for reading and typing it)\n"
    ) in prompt
    assert "(7 min; active 3.1 min)" in prompt  # the chapter's, counted the same way


# -- 9. code blocks ----------------------------------------------------------------------------------------------


def test_each_section_prompt_says_its_share_of_the_posts_code_blocks(tmp_path: Path) -> None:
    prompts = _section_prompts(_parse(tmp_path, _rollback()))
    lines = [next(ln for ln in p.splitlines() if ln.startswith("- Code blocks: ")) for p in prompts]
    shares = [0 if "none in this section" in ln else int(ln.split("at most ", 1)[1].split()[0]) for ln in lines]
    # (material round 63: the post's one total, what the sections are given, said in each)
    assert 1 <= sum(shares) <= 4
    assert all(f"of the {sum(shares)} the post shows in all" in ln for ln in lines)


def test_a_secret_in_a_searchs_found_lines_is_redacted_in_the_prompt(tmp_path: Path) -> None:
    token = "gh" + "p_" + "k3Y9xQ2mB7vL1pR8sT4wZ6nC0dF5hJ2aE9uM"
    tx = Transcript(cwd=CWD, start=START)
    tx.user("where is the deploy token set?")
    tx.tool_call(
        "Grep",
        {"pattern": "DEPLOY_TOKEN", "path": "charts/", "output_mode": "content", "-n": True},
        f"charts/ledger/values-ci.yaml:7:  DEPLOY_TOKEN: {token}",
    )
    tx.assistant("DEPLOY_TOKEN is set in values-ci.yaml.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert token not in prompt
    assert "    charts/ledger/values-ci.yaml:7:  DEPLOY_TOKEN: [REDACTED:github-token]\n" in prompt
