"""Material round 62 (issue 24): a section prompt's code-block list ("show these in this order up to the limit")
tagged "(its beat asks to show it: its changed lines)" on a block no beat asked for, left out the error an opening
beat asked to show, and ranked another block before the diff a beat named. An event in a beat's list is what the beat
rests on, not a request to show it: of a beat's runs, the ones its note's words for what to show name are asked for.
Asserted on a session written for these tests (a bike-hire depot's sync job, other names and figures than the
drafters' sessions) and on records.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from conftest import Transcript, usage
from prompt_support import event_ids, handoff_prompts, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.draft import block_order
from retell.write.outline_model import Beat, Section

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 11, 12, 8, 30, tzinfo=timezone.utc)
DEPOT = "/home/ana/src/depot-sync"
PROJECTS = "claude/projects/-home-ana-src-depot-sync"


def _depot() -> Transcript:
    tx = Transcript(cwd=DEPOT, start=START)
    tx.user(
        "the nightly sync died again:\n"
        "> $ npm run sync\n"
        "> SyncError: dock feed returned 0 bikes for station 14\n"
        ">     at pullStations (src/sync.ts:41:11)\n"
        "it worked all summer"
    )
    tx.tick(4)
    tx.assistant("Let me see what the feed sends for station 14 with a small probe.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Write",
        {
            "file_path": f"{DEPOT}/scripts/probe-feed.ts",
            "content": 'import { fetchFeed } from "../src/feed";\n'
            "const feed = await fetchFeed();\n"
            "for (const s of feed.stations) console.log(s.id, s.bikes?.length ?? 'none', s.schema);\n",
        },
        "File created successfully at: " + f"{DEPOT}/scripts/probe-feed.ts",
    )
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": "npx tsx scripts/probe-feed.ts"},
        "13 8 v1\n14 none stationBikes-v2\n15 6 v1",
    )
    tx.tick(3)
    tx.assistant("Station 14 moved to the `stationBikes-v2` schema: its bikes sit under `docks`.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{DEPOT}/src/feed.ts",
            "old_string": "export type Station = { id: number; bikes?: Bike[] };",
            "new_string": "export type Station = { id: number; bikes?: Bike[]; docks?: { bike: Bike }[] };",
        },
        "The file has been updated.",
    )
    tx.tick(2)
    tx.tool_call("Bash", {"command": "grep -n bikes src/sync.ts"}, "41:  const bikes = station.bikes ?? [];")
    tx.tick(2)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{DEPOT}/src/sync.ts",
            "old_string": "  const bikes = station.bikes ?? [];",
            "new_string": "  const bikes = station.bikes ?? station.docks?.map((d) => d.bike) ?? [];",
        },
        "The file has been updated.",
    )
    tx.tick(3)
    tx.assistant("Both shapes are read now; the sync should go through.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def depot(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str, str, list[str]]:
    """The depot's one section prompt, from a plan whose beats cite the write and the run of a probe, and two edits."""
    work = parse_work(tmp_path_factory.mktemp("depot"), _depot(), PROJECTS)
    runs = event_ids(work, "tool_run")
    humans = event_ids(work, "human")
    words = event_ids(work, "assistant")
    assert len(runs) == 5 and humans, (runs, humans)
    probe_write, probe_run, edits = runs[0], runs[1], [runs[2], runs[-1]]

    def beat(kind: str, ids: list[str], note: str) -> dict:
        return {"beat": kind, "treatment": "summarise", "events": ids, "note": note}

    plan = {
        "title": "A station that moved to a new feed schema",
        "hook": "The nightly sync died on station 14.",
        "sections": [
            {
                "id": "s1",
                "heading": "Station 14's bikes under docks",
                "chapters": ["ch1"],
                "purpose": "Tell it.",
                "beats": [
                    beat("opening", [humans[0]], "I pasted the failed sync; show the error line in a text block."),
                    beat(
                        "action",
                        [words[0], probe_write, probe_run],
                        "Claude wrote `scripts/probe-feed.ts`; show the probe's three printed lines, with "
                        "`stationBikes-v2` for station 14.",
                    ),
                    beat(
                        "action",
                        [words[1], *runs[2:]],
                        "Claude widened the `Station` type and read `docks` in `sync.ts`; show the `sync.ts` diff.",
                    ),
                ],
                "images": [],
            }
        ],
        "ending": "End on the sync.",
    }
    sections, _finish = handoff_prompts(work, plan, f"Claude fixed the sync. <!-- ev: {edits[-1]} -->")
    return sections[0], humans[0], probe_write, probe_run, edits


def _block_list(prompt: str) -> list[str]:
    line = next(ln for ln in prompt.splitlines() if ln.startswith("- Code blocks:"))
    listed = line.split("up to the limit: ", 1)[1].rsplit("; tell the rest in prose", 1)[0]
    return [item.strip() for item in listed.split("), ") if item.strip()]


def test_a_runs_write_is_not_asked_for_when_the_beat_asks_for_its_printed_lines(depot) -> None:
    prompt, _human, probe_write, probe_run, _edits = depot
    listed = _block_list(prompt)
    assert not any(item.startswith(f"[{probe_write}] (its beat asks") for item in listed), listed
    assert any(item.startswith(f"[{probe_run}] (its beat asks to show it: what it printed") for item in listed), listed


def test_the_diff_a_beat_names_comes_before_the_edit_it_does_not(depot) -> None:
    prompt, _human, _write, _run, edits = depot
    listed = _block_list(prompt)
    heads = [item.split("]")[0] + "]" for item in listed]
    assert listed[heads.index(f"[{edits[1]}]")].startswith(f"[{edits[1]}] (its beat asks to show it")
    assert heads.index(f"[{edits[1]}]") < heads.index(f"[{edits[0]}]"), listed
    assert not listed[heads.index(f"[{edits[0]}]")].startswith(f"[{edits[0]}] (its beat asks"), listed


def test_the_paste_an_opening_beat_asks_to_show_is_listed(depot) -> None:
    prompt, human, *_rest = depot
    assert any(
        item.startswith(f"[{human}] (its beat asks to show it: the lines the author pasted")
        for item in _block_list(prompt)
    )


def _run(eid: str, target: str, output: str = "", diff: str | None = None) -> Event:
    name = "Edit" if diff else "Bash"
    call = ToolCall(name=name, target=target, command=None if diff else target, output=output, diff=diff)
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[call])


@pytest.mark.parametrize(
    ("note", "asked"),
    [
        # the note's code names one of the two edits (a Polish note: "pokazać", not only "pokaż")
        ("Claude poprawił dwa pliki; pokazać diff `HiveRoutes.kt` z `readByteArray()`.", "e3"),
        # the note's code is in one edit's lines only (CJK, the file not named)
        ("展示 `hasConflict` 那一处改动的 diff；用一句话说 `time.ts`。", "e3"),
    ],
)
def test_of_two_edits_the_one_the_note_names_is_asked_for(note: str, asked: str) -> None:
    events = [
        _run("e2", "src/time.ts", "The file has been updated.", diff="+export const toMinutes = (t) => 0;"),
        _run(
            "e3",
            "src/routes/HiveRoutes.kt",
            "The file has been updated.",
            diff="-  if (a < b) return hasConflict\n+  val body = call.receiveChannel().readByteArray()",
        ),
    ]
    if "hasConflict" in note:
        events[1] = _run("e3", "src/booking.ts", "updated", diff="-  return hasConflict(a < b)\n+  return toMinutes(a)")
    section = Section("s1", "Two edits", ["ch1"], "Tell it.", [Beat("action", "summarise", ["e2", "e3"], note)])
    order = block_order(section, events)
    assert order[0].startswith(f"[{asked}] (its beat asks to show it"), order
    assert sum("its beat asks" in item for item in order) == 1, order


def test_a_beat_that_names_nothing_still_asks_for_its_one_run() -> None:
    events = [_run("e2", "pytest -q", "1 failed, 3 passed in 0.4s")]
    section = Section("s1", "The test", ["ch1"], "Tell it.", [Beat("action", "summarise", ["e2"], "Show the run.")])
    assert block_order(section, events)[0].startswith("[e2] (its beat asks to show it: what it printed)")
