"""What a real model answering retell's prompts in the loop wrote (an English post on a Postgres covering index, a
Spanish one on an Express 5 webhook signature), and blind editors reading each post against its session had to
edit, each traced to what the material or the prompts gave or withheld, asserted on the prompt a model receives,
built from sessions in Claude Code's record format written for these tests (other tools, languages and figures
than those sessions'):

1. A step run between a change and the run that measured it (`ANALYZE`/`VACUUM` after `CREATE INDEX`) was hidden
   in the cut part of a long command of a run of several, and its short output "not shown": the post credited the
   index alone.
2. A long output cut to its first and last lines where Claude's next words explain its middle (a query plan's
   scans and row counts, a pod's `OOMKilled`): the lines Claude's words take up are kept.
3. A patch printed by `git log -p` / `git show` lost its removed lines, the ones that prove the old order.
4. Figure-source notes called figures Claude's that the output printed (1.19M rows for `rows=1192804`, 4 ms for
   EXPLAIN's `actual time=0.011..4.190`); the model hedged each one.
5. A new script's lines stopped at its argument parsing, before the loop that does the work.
6. The instructions: the steps between a change and its measurement, one attribution for Claude's figures,
   notes that are for the writer, Claude's suggestion as Claude's, the opening's point told once, an ending that
   says where the work's goal stood, a title that does not list.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from prompt_support import section_prompts as _section_prompts
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell.events import Event
from retell.write.figure_sources import figure_notes

START = datetime(2026, 12, 6, 14, 0, tzinfo=timezone.utc)
CWD = "/home/mirela/src/billing"
PROJECTS = "claude/projects/-home-mirela-src-billing"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _block_with(prompt: str, needle: str) -> str:
    """The block of the first event whose lines hold `needle`."""
    for match in re.finditer(r"^\[(e\d+)\] .*(?:\n  .*)*", prompt, re.M):
        if needle in match.group(0):
            return match.group(0)
    raise AssertionError(f"{needle!r} in no event block")


def _events(work: Path) -> list[dict]:
    return json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]


def _system(prompt: str) -> str:
    return prompt[prompt.index("<system>") : prompt.index("</system>")] if "<system>" in prompt else prompt


# -- 1. every step between a change and the run that measures it --------------------------------------------------

PLAN_BEFORE = """QUERY PLAN
---------------------------------------------------------------------------------------------------------
Sort  (cost=88120.11..88131.02 rows=4364 width=40) (actual time=3911.402..3911.950 rows=2210 loops=1)
  Sort Key: (date_trunc('week'::text, i.issued_at))
  Sort Method: quicksort  Memory: 190kB
  Buffers: shared hit=2210 read=154221
  ->  HashAggregate  (cost=87700.20..87810.30 rows=4364 width=40) (actual time=3909.118..3910.662 rows=2210 loops=1)
        Group Key: c.id, date_trunc('week'::text, i.issued_at)
        ->  Hash Join  (cost=1502.44..86201.90 rows=99870 width=24) (actual time=12.233..3871.004 rows=30518 loops=1)
              Hash Cond: (i.customer_id = c.id)
              ->  Bitmap Heap Scan on invoices i  (cost=20120.10..80120.45 rows=880412 width=24) (actual time=201.455..3502.118 rows=874109 loops=1)
                    Recheck Cond: ((issued_at >= '2026-11-01') AND (issued_at < '2026-12-01'))
                    Filter: (state <> 'draft'::text)
                    Heap Blocks: exact=150377
                    ->  Bitmap Index Scan on invoices_issued_at_idx  (cost=0.00..19900.00 rows=880412 width=0) (actual time=180.301..180.301 rows=874109 loops=1)
              ->  Hash  (cost=1480.20..1480.20 rows=1779 width=8) (actual time=11.870..11.871 rows=41 loops=1)
                    ->  Seq Scan on customers c  (cost=0.00..1480.20 rows=1779 width=8) (actual time=0.011..3.904 rows=41 loops=1)
                          Filter: (tenant_id = 907)
                          Rows Removed by Filter: 61320
Planning Time: 0.488 ms
Execution Time: 3912.730 ms"""  # noqa: E501

PLAN_AFTER = """QUERY PLAN
---------------------------------------------------------------------------------------------------------
Sort  (cost=6012.40..6016.11 rows=1484 width=40) (actual time=48.902..49.120 rows=2210 loops=1)
  Sort Key: (date_trunc('week'::text, i.issued_at))
  Buffers: shared hit=1811 read=204
  ->  HashAggregate  (cost=5900.10..5930.20 rows=1484 width=40) (actual time=47.118..48.020 rows=2210 loops=1)
        ->  Nested Loop  (cost=0.56..5702.33 rows=30110 width=24) (actual time=0.044..39.870 rows=30518 loops=41)
              ->  Seq Scan on customers c  (cost=0.00..1480.20 rows=44 width=8) (actual time=0.010..3.870 rows=41 loops=1)
                    Filter: (tenant_id = 907)
              ->  Index Only Scan using invoices_customer_issued_idx on invoices i  (cost=0.56..92.10 rows=731 width=24) (actual time=0.012..0.801 rows=744 loops=41)
                    Heap Fetches: 0
Planning Time: 0.701 ms
Execution Time: 49.388 ms"""  # noqa: E501

BUILD = (
    'psql "$STAGING" -c "SET maintenance_work_mem=\'2GB\'; CREATE INDEX CONCURRENTLY invoices_customer_issued_idx '
    'ON invoices (customer_id, issued_at) INCLUDE (total_cents, state);" && psql "$STAGING" -c '
    '"ANALYZE customers; VACUUM (ANALYZE) invoices;"'
)
EXPLAIN = (
    "psql \"$STAGING\" <<'SQL'\nEXPLAIN (ANALYZE, BUFFERS)\n"
    "SELECT c.id, date_trunc('week', i.issued_at), sum(i.total_cents)\n"
    "FROM invoices i JOIN customers c ON c.id = i.customer_id\nWHERE c.tenant_id = 907\nGROUP BY 1, 2 ORDER BY 2;\nSQL"
)


def _index_session(reply: str = "3912 ms → 49 ms.") -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the weekly invoice report takes 4 seconds, would an index help?")
    tx.tick(8)
    tx.tool_call("Bash", {"command": EXPLAIN}, PLAN_BEFORE)
    tx.tick(20)
    tx.assistant(
        "The plan: it reads every tenant's invoices for the month (874k rows through `invoices_issued_at_idx`) and "
        "only then joins to tenant 907's 41 customers. The planner expected 1779 customers, not 41. A composite "
        "`(customer_id, issued_at)` index fixes that; let me build it on staging.",
        usage_=usage(),
    )
    tx.tick(5)
    tx.tool_call("Bash", {"command": BUILD}, "SET\nCREATE INDEX\nANALYZE\nVACUUM")
    tx.tick(400)
    tx.tool_call("Bash", {"command": EXPLAIN}, PLAN_AFTER)
    tx.tick(10)
    tx.assistant(reply, usage_=usage())
    return tx


RESTART = (
    "sudo sed -i 's/^worker_connections .*/worker_connections 4096;/' /etc/nginx/nginx.conf && "
    "sudo systemctl restart nginx && sudo systemctl restart php8.3-fpm && sleep 2"
)
BENCH = "wrk -t4 -c200 -d20s http://localhost/checkout"
WRK = "Running 20s test @ http://localhost/checkout\n  4 threads and 200 connections\nRequests/sec:   2210.44"


def _restart_session() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("el checkout se cae con 200 conexiones, prueba a subir worker_connections")
    tx.tick(8)
    tx.tool_call("Bash", {"command": RESTART}, "")
    tx.tick(3)
    tx.tool_call("Bash", {"command": "sudo systemctl is-active nginx php8.3-fpm"}, "active\nactive")
    tx.tick(3)
    tx.tool_call("Bash", {"command": BENCH}, WRK)
    tx.tick(10)
    tx.assistant("Ahora aguanta 2210 peticiones por segundo.", usage_=usage())
    return tx


@pytest.mark.parametrize(
    ("session", "command_start", "hidden_step"),
    [
        (_index_session, 'psql "$STAGING" -c "SET maintenance_work_mem=\'2GB\'', "VACUUM (ANALYZE) invoices"),
        (_restart_session, "sudo sed -i", "systemctl restart php8.3-fpm"),
    ],
)
def test_a_step_between_a_change_and_its_measurement_reaches_the_material(
    tmp_path: Path, session, command_start: str, hidden_step: str
) -> None:
    work = _parse(tmp_path, session())
    calls = [
        c for e in _events(work) for c in e.get("calls") or () if (c.get("target") or "").startswith(command_start)
    ]
    assert calls and hidden_step in calls[0]["target"], calls  # events.json keeps the command whole
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        if command_start not in prompt:
            continue
        block = _block_with(prompt, command_start)
        assert hidden_step in block, block


def test_a_short_output_of_a_run_of_several_is_shown(tmp_path: Path) -> None:
    block = _block_with(_outline_prompt(_parse(tmp_path, _index_session())), "CREATE INDEX CONCURRENTLY")
    assert "not shown here" not in block.split("EXPLAIN")[0] or "VACUUM\n" in block, block
    assert re.search(r"^\s+ANALYZE$", block, re.M) and re.search(r"^\s+VACUUM$", block, re.M), block


# -- 2. the lines of a long output that Claude's next words take up ---------------------------------------------


def test_the_plan_lines_claude_explains_are_kept(tmp_path: Path) -> None:
    work = _parse(tmp_path, _index_session())
    first = next(c for e in _events(work) for c in e.get("calls") or () if "3912.730" in (c.get("output") or ""))
    output = first["output"]
    assert "rows=874109" in output, output  # "874k rows": the scan Claude names
    assert "invoices_issued_at_idx" in output, output
    assert "rows=1779" in output, output  # "expected 1779 customers"
    assert "Execution Time: 3912.730 ms" in output  # its last lines still
    # indentation kept: a plan's tree is its indentation
    assert re.search(r"^ {2,}->  Bitmap Heap Scan on invoices", output, re.M) or "->  Bitmap Heap Scan" in output


DESCRIBE = """Name:             worker-7d9f8c5b6-x2kqp
Namespace:        jobs
Priority:         0
Node:             pool-b-4471/10.0.4.17
Start Time:       Sat, 06 Dec 2026 13:40:02 +0000
Labels:           app=worker
Status:           Running
IP:               10.8.3.44
Containers:
  worker:
    Image:          registry.local/worker:2.8.1
    State:          Running
      Started:      Sat, 06 Dec 2026 13:58:40 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Sat, 06 Dec 2026 13:51:12 +0000
      Finished:     Sat, 06 Dec 2026 13:58:39 +0000
    Ready:          True
    Restart Count:  6
    Limits:
      memory:  512Mi
    Requests:
      cpu:     250m
      memory:  256Mi
Conditions:
  Type              Status
  Ready             True
Events:           <none>"""


def test_a_describes_middle_lines_that_claude_names_are_kept(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("le worker redémarre en boucle")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "kubectl -n jobs describe pod worker-7d9f8c5b6-x2kqp"}, DESCRIBE)
    tx.tick(10)
    tx.assistant(
        "Le conteneur a été tué par le noyau : `OOMKilled`, code 137, six redémarrages, avec une limite de `512Mi`.",
        usage_=usage(),
    )
    block = _block_with(_outline_prompt(_parse(tmp_path, tx, "fr")), "kubectl -n jobs describe")
    assert "Reason:       OOMKilled" in block, block
    assert "memory:  512Mi" in block, block


def test_a_long_output_nobody_takes_up_is_still_cut(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("le worker redémarre en boucle")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "kubectl -n jobs describe pod worker-7d9f8c5b6-x2kqp"}, DESCRIBE)
    tx.tick(10)
    tx.assistant("Je regarde les journaux.", usage_=usage())
    work = _parse(tmp_path, tx, "fr")
    output = next(c["output"] for e in _events(work) for c in e.get("calls") or () if c.get("output"))
    assert "more lines)" in output and "OOMKilled" not in output, output


# -- 3. a patch keeps its removed lines -----------------------------------------------------------------------

PATCH = """4be01c2 chore: migrate to fastify 5
diff --git a/src/server.ts b/src/server.ts
index 71ad0e3..c0e9f12 100644
--- a/src/server.ts
+++ b/src/server.ts
@@ -9,9 +9,9 @@ const app = fastify();
 app.register(cors);
-app.register(stripeHooks, { prefix: '/hooks' });
-app.register(formbody);
+
+app.register(formbody);
+app.register(stripeHooks, { prefix: '/hooks' });
 app.register(api, { prefix: '/api' });
 app.listen({ port: 3000 });"""


@pytest.mark.parametrize(
    "command",
    [
        "git log -p -S'formbody' --oneline -- src/server.ts | head -40",
        "git show 4be01c2 -- src/server.ts",
    ],
)
def test_a_patch_printed_by_git_keeps_its_removed_lines(tmp_path: Path, command: str) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("los hooks de stripe fallan desde la migración")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, PATCH)
    tx.tick(10)
    tx.assistant("La migración movió `formbody` arriba de `/hooks`.", usage_=usage())
    block = _block_with(_outline_prompt(_parse(tmp_path, tx, "es")), "src/server.ts")
    assert "-app.register(stripeHooks, { prefix: '/hooks' });" in block, block
    assert "-app.register(formbody);" in block, block


# -- 4. a figure the output printed is the output's ------------------------------------------------------------


def _ev(kind: str, eid: str, text: str = "", output: str = "") -> Event:
    from retell.events import ToolCall

    if kind == "tool_run":
        return Event(kind=kind, id=eid, calls=[ToolCall("Bash", "psql", output=output)])
    return Event(kind=kind, id=eid, text=text)


@pytest.mark.parametrize(
    ("output", "said", "figure"),
    [
        ("->  Bitmap Heap Scan on t  (actual time=1.2..3502.1 rows=1192804 loops=1)", "about 1.19M rows", "1.19M"),
        ("->  Seq Scan on customers c  (actual time=0.011..4.190 rows=58 loops=1)", "the 4 ms seq scan", "4 ms"),
        ("Buffers: shared hit=2210 read=201877", "~200k blocks read from disk", "200k"),
        ("-> Table scan on orders  (cost=10.2 rows=88120) (actual time=0.350..212.400 rows=88120 loops=1)",
         "el escaneo de 212 ms", "212 ms"),
        ("Rows Removed by Filter: 45642", "the 45k rows of accounts", "45k"),
    ],
)  # fmt: skip
def test_a_figure_an_output_printed_gets_no_note(output: str, said: str, figure: str) -> None:
    events = [_ev("tool_run", "e1", output=output), _ev("assistant", "e2", f"Look: {said}, and ~0.1 ms after.")]
    notes = " ".join(figure_notes(events).get("e2", []))
    assert figure not in notes, notes
    assert "0.1 ms" in notes, notes  # Claude's own expectation is still noted


def test_a_figure_note_asks_for_one_attribution(tmp_path: Path) -> None:
    events = [_ev("tool_run", "e1", output="done"), _ev("assistant", "e2", "It saves 40% and about 3 ms per call.")]
    notes = " ".join(figure_notes(events).get("e2", []))
    assert "40%" in notes and "3 ms" in notes
    assert "say once that they are Claude's, not at each figure" in notes, notes  # one attribution, not a hedge each


# -- 5. a new script shows the part that does the work -----------------------------------------------------------

RESEND_TS = """/**
 * Replay invoice events whose delivery failed since a date.
 * Usage: npx tsx scripts/replay.ts 2026-12-01 [--dry-run]
 */
import { Billing } from '@acme/billing';

const since = process.argv[2];
const dryRun = process.argv.includes('--dry-run');
if (!since) throw new Error('usage: replay.ts YYYY-MM-DD [--dry-run]');

const client = new Billing(process.env.BILLING_KEY!);
const from = Math.floor(new Date(`${since}T00:00:00Z`).getTime() / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let count = 0;
for await (const ev of client.events.list({ failed: true, created: { gte: from }, limit: 100 })) {
  count++;
  if (dryRun) {
    console.log(ev.id, ev.type);
    continue;
  }
  await client.events.replay(ev.id);
  await sleep(60); // under the 25 requests per second limit
}
console.log(`${dryRun ? 'would replay' : 'replayed'} ${count} events`);
"""

RESEND_PY = """#!/usr/bin/env python3
\"\"\"Re-queue the exports that failed since a date.\"\"\"

import argparse
import os
import sys
import time

import requests

parser = argparse.ArgumentParser()
parser.add_argument("since")
parser.add_argument("--dry-run", action="store_true")
parser.add_argument("--limit", type=int, default=500)
args = parser.parse_args()

session = requests.Session()
session.headers["Authorization"] = f"Bearer {os.environ['EXPORTS_TOKEN']}"

failed = session.get("https://exports.internal/api/jobs", params={"state": "failed", "since": args.since}).json()
for job in failed["jobs"][: args.limit]:
    if args.dry_run:
        print(job["id"], job["kind"])
        continue
    session.post(f"https://exports.internal/api/jobs/{job['id']}/retry").raise_for_status()
    time.sleep(0.2)  # the API allows 5 requests per second
print(len(failed["jobs"]), "failed jobs", file=sys.stderr)
"""


@pytest.mark.parametrize(
    ("path", "content", "work_line"),
    [
        ("scripts/replay.ts", RESEND_TS, "await client.events.replay(ev.id);"),
        ("scripts/requeue.py", RESEND_PY, "/api/jobs/{job['id']}/retry\").raise_for_status()"),
    ],
)
def test_a_new_scripts_loop_reaches_the_material(tmp_path: Path, path: str, content: str, work_line: str) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("necesito reenviar lo que falló desde el lunes")
    tx.tick(5)
    tx.tool_call("Write", {"file_path": f"{CWD}/{path}", "content": content}, f"File created successfully at: {path}")
    tx.tick(10)
    tx.assistant("Listo, primero con `--dry-run`.", usage_=usage())
    work = _parse(tmp_path, tx, "es")
    block = _block_with(_outline_prompt(work), f"changed {path}")
    assert work_line in block, block
    assert "lines in all" in block, block  # still an excerpt, said to be one
    for prompt in _section_prompts(work):
        if f"changed {path}" in prompt:
            assert work_line in _block_with(prompt, f"changed {path}")


# -- 6. what the instructions say -------------------------------------------------------------------------------


def test_the_instructions_name_every_step_between_a_change_and_its_measurement(tmp_path: Path) -> None:
    work = _parse(tmp_path, _index_session())
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        system = _system(prompt)
        assert "every step run between the change and the run that measured it" in system
        assert "one attribution" in system  # Claude's figures: said once, not hedged one by one
        assert "a figure an output printed is the output's" in system.lower()


def test_the_instructions_keep_the_notes_out_of_the_authors_voice(tmp_path: Path) -> None:
    work = _parse(tmp_path, _index_session(), "es")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        system = _system(prompt)
        assert "The notes in parentheses in the material are for you" in system
        assert "never that Claude did not explain it" in system
        assert "suggestion of Claude's that the author did not take up is Claude's" in system


def test_the_instructions_say_which_part_of_a_long_output_or_file_to_show(tmp_path: Path) -> None:
    work = _parse(tmp_path, _index_session())
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "keep the lines the prose explains" in _system(prompt)


def test_the_first_section_and_the_opening_tell_nothing_twice(tmp_path: Path) -> None:
    # (round 59: the first section tells its first beat whole, and the opening, written after it, gives way)
    prompts = _section_prompts(_parse(tmp_path, _index_session()))
    assert "the opening is written after the sections and leaves out what this section tells" in prompts[0]


def test_the_plan_asks_for_a_short_title_and_an_ending_on_the_goal(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _index_session(), "es"))
    task = prompt[prompt.index("# Your task") :]
    assert "never a list after a colon" in task
    assert "whether the goal the author set was reached" in task


def test_the_finishing_call_asks_where_the_goal_stood() -> None:
    from retell.templating import TemplateLibrary

    prompt = (
        TemplateLibrary("prompts")
        .render(
            "finish_task.md.j2",
            sections=[{"id": "s1", "heading": "Replaying the events", "text": "I ran the replay. <!-- ev: e4 -->"}],
            hook="Every webhook failed.",
            first_words="Every webhook failed.",
            ending="End on the replay.",
            last_words="I ran the replay.",
            after="",
        )
        .text
    )
    assert "whether the goal the author set was reached" in prompt
    assert "as the author, never as what the session did not show" in prompt
