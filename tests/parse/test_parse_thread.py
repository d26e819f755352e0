"""The final thread (../shared/notes/format.md, "The conversation tree"): rewound and cancelled prompts stay
in events.json marked `abandoned`, are never counted as the author's messages or told as if they happened;
legitimate forks (parallel tool calls, hook progress, local commands, compactions) stay in the story."""

from __future__ import annotations

from typing import Any

from conftest import Transcript, events, text_block, tool_use_block

from retell.extract.thread import ROLE_MESSAGE, ROLE_OTHER, ROLE_PROMPT, ROLE_REPLY, ConversationTree


def _humans(result: Any) -> list[tuple[str, int]]:
    return [(e["text"], e.get("abandoned", 0)) for e in events(result, "human")]


def _stop_hook(tx: Transcript) -> None:
    """Claude Code 2.1.x ends a turn with hook progress and a stop_hook_summary hanging off the reply."""
    tx.add(
        {
            "parentUuid": tx.last_uuid,
            "isSidechain": False,
            "userType": "external",
            "cwd": tx.cwd,
            "sessionId": tx.session_id,
            "version": tx.version,
            "gitBranch": "main",
            "type": "progress",
            "data": {"type": "hook_progress", "hookEvent": "Stop", "hookName": "Stop", "command": "true"},
            "parentToolUseID": "x",
            "toolUseID": "x",
            "timestamp": tx.tick(),
            "uuid": tx.new_uuid(),
        }
    )
    tx.system("stop_hook_summary", hookCount=1)


def test_an_esc_esc_rewind_leaves_the_abandoned_branch_marked_and_untold(tx: Transcript, parse) -> None:
    """The real shape: the author praised an idea, asked for more, then rewound to before the praise and
    rejected the idea on the final thread."""
    tx.user("Here is one idea about how to organize the docs folder.")
    tx.assistant("Got it. One idea file: a convention for splitting docs from work notes.")
    _stop_hook(tx)
    fork = tx.last_uuid
    tx.user("I very much like this idea, list 5 strengths.")
    tx.assistant("- Clear separation of concerns")
    _stop_hook(tx)
    tx.user("Fair enough. Can you write a balanced opinion on this approach?")
    tx.assistant("The convention's real value is the split.")
    tx.tick(1800)
    tx.last_uuid = fork  # Esc Esc: the next prompt hangs off the same parent as the first one did
    tx.user("I actually don't like this idea much, list 5 weak points.")
    tx.assistant("Here are 5 weak points.")
    tx.user("Fair enough. Can you write a balanced opinion on this approach?")
    tx.assistant("The split works but costs discipline.")
    result = parse(tx)
    assert _humans(result) == [
        ("Here is one idea about how to organize the docs folder.", 0),
        ("I very much like this idea, list 5 strengths.", 1),
        ("Fair enough. Can you write a balanced opinion on this approach?", 1),
        ("I actually don't like this idea much, list 5 weak points.", 0),
        ("Fair enough. Can you write a balanced opinion on this approach?", 0),
    ]
    abandoned = [e for e in events(result) if e.get("abandoned")]
    assert {e["kind"] for e in abandoned} == {"human", "assistant"}
    counts = result.manifest["counts"]
    assert counts["abandoned_branches"] == 1
    assert counts["abandoned_events"] == len(abandoned) == 4
    assert counts["human_turns"] == 3  # never the abandoned prompts
    assert result.log.chapters[0].human_turns == 3


def test_cancel_and_resubmit_keeps_only_the_prompt_that_was_sent(tx: Transcript, parse) -> None:
    tx.user("Set up the project.")
    tx.assistant("Done: a package and a test.")
    fork = tx.last_uuid
    tx.user("The build fails on CI with this error:")
    tx.tick(30)
    tx.last_uuid = fork  # cancelled before any reply, sent again with the paste
    tx.user("The build fails on CI with this error:\n\nModuleNotFoundError: No module named 'yaml'")
    tx.assistant("PyYAML is missing from the dependencies; I added it.")
    result = parse(tx)
    assert _humans(result) == [
        ("Set up the project.", 0),
        ("The build fails on CI with this error:", 1),
        ("The build fails on CI with this error:\n\nModuleNotFoundError: No module named 'yaml'", 0),
    ]
    assert result.manifest["counts"]["human_turns"] == 2


def test_a_rewind_to_the_very_first_prompt_starts_a_new_root(tx: Transcript, parse) -> None:
    tx.user("Write the importer in Go.")
    tx.assistant("Here is a Go importer.")
    tx.last_uuid = None  # rewound to before the first prompt: a new root in the same session
    tx.user("Write the importer in Python.")
    tx.assistant("Here is a Python importer.")
    assert _humans(parse(tx)) == [("Write the importer in Go.", 1), ("Write the importer in Python.", 0)]


def test_parallel_tool_calls_hooks_and_local_commands_are_not_rewinds(tx: Transcript, parse) -> None:
    tx.user("Read both configs.")
    first_id, second_id = tx.new_tool_id(), tx.new_tool_id()
    message_id = tx.new_message_id()
    first = tx.assistant(tool_use_block("Read", {"file_path": f"{tx.cwd}/a.toml"}, first_id), message_id=message_id)
    tx.assistant(tool_use_block("Read", {"file_path": f"{tx.cwd}/b.toml"}, second_id), message_id=message_id)
    second = tx.last_uuid
    tx.last_uuid = first["uuid"]
    tx.tool_result(first_id, "a = 1")  # each result hangs off the record that made its call
    tx.last_uuid = second
    tx.tool_result(second_id, "b = 2")
    tx.assistant("Both configs set the same port.")
    _stop_hook(tx)
    fork = tx.last_uuid
    tx.user("<command-name>/doctor</command-name>\n<command-message>doctor</command-message>")
    tx.user("<local-command-stdout>All good</local-command-stdout>")
    tx.last_uuid = fork
    tx.user("<command-name>/status</command-name>\n<command-message>status</command-message>")
    tx.user("<local-command-stdout>Model: sonnet</local-command-stdout>")
    tx.last_uuid = fork
    tx.user("Now merge them into one file.")
    tx.assistant("Merged into config.toml.")
    result = parse(tx)
    assert not [e for e in events(result) if e.get("abandoned")]
    assert result.manifest["counts"]["abandoned_branches"] == 0
    assert [e["summary"] for e in events(result, "tool_run")] == ["Read 2 files: a.toml, b.toml"]


def test_the_thread_crosses_a_compaction_by_its_logical_parent(tx: Transcript, parse) -> None:
    tx.user("Refactor the parser.")
    tx.assistant("Refactored.")
    leaf = tx.last_uuid
    tx.last_uuid = None
    tx.system("compact_boundary", logicalParentUuid=leaf, compactMetadata={"trigger": "auto", "preTokens": 1000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. The "
        "conversation is summarized below:\nWe refactored the parser.",
        isCompactSummary=True,
    )
    tx.user("Now add tests.")
    tx.assistant("Added tests.")
    result = parse(tx)
    assert _humans(result) == [("Refactor the parser.", 0), ("Now add tests.", 0)]
    assert len(result.log.chapters) == 2


def test_a_parent_that_was_never_written_is_bridged(tx: Transcript, parse) -> None:
    tx.user("Check the logs.")
    tx.assistant("The logs show a timeout.")
    tx.last_uuid = "00000000-dead-4bad-8bad-000000000000"  # an API-error retry whose record is missing
    tx.user("Raise the timeout then.")
    tx.assistant("Raised to 30 s.")
    assert [a for _, a in _humans(parse(tx))] == [0, 0]


def _big_tool_result(tx: Transcript, tool_id: str) -> None:
    """A big tool result whose output is never decoded (it stays a msgspec.Raw: nothing in it matters)."""
    tx.tool_result(tool_id, "x" * 40_000, tool_use_result={"stdout": "x" * 40_000})


def test_an_undecoded_tool_result_still_links_the_tree(tx: Transcript, parse) -> None:
    """The fork point is a big tool result whose output is never decoded: its parentUuid must still be known, or
    the rewound prompt would look like the parent of the final one."""
    tx.user("Dump the table.")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": "psql -c 'select * from t'"}, tool_id))
    _big_tool_result(tx, tool_id)
    fork = tx.last_uuid
    tx.user("Too much output; count the rows instead.")
    tx.assistant("Counting.")
    tx.last_uuid = fork
    tx.user("Show only the first ten rows.")
    tx.assistant("Here are ten rows.")
    result = parse(tx)
    assert result.manifest["records"]["skipped_unparsed"] == 0  # (the big line is read, only not its output)
    assert _humans(result) == [
        ("Dump the table.", 0),
        ("Too much output; count the rows instead.", 1),
        ("Show only the first ten rows.", 0),
    ]


def test_a_skipped_progress_record_still_links_the_tree(tx: Transcript, parse) -> None:
    """Progress lines are counted from their bytes and never decoded; the thread passes through them."""
    tx.user("Run the linter.")
    tx.assistant("Lint is clean.")
    _stop_hook(tx)
    progress = tx.records[-2]["uuid"]
    tx.last_uuid = progress  # a prompt that hangs off the hook's progress record
    tx.user("Ship it.")
    tx.assistant("Shipped.")
    tx.last_uuid = progress
    tx.user("Wait, tag the release first.")
    tx.assistant("Tagged v1.2 and shipped.")
    assert _humans(parse(tx)) == [("Run the linter.", 0), ("Ship it.", 1), ("Wait, tag the release first.", 0)]


def test_the_tree_needs_only_keys_parents_and_roles() -> None:
    """The pure interface issue 14 builds on: nodes in file order, one thread out."""
    tree = ConversationTree()
    tree.add(1, 10, None, ROLE_PROMPT, session="s")
    tree.add(2, 11, 10, ROLE_REPLY, session="s")
    tree.add(3, 12, 11, ROLE_OTHER, session="s")  # hook progress
    tree.add(4, 13, 12, ROLE_PROMPT, session="s")  # abandoned
    tree.add(5, 14, 13, ROLE_REPLY, session="s")
    tree.add(6, 15, 14, ROLE_MESSAGE, session="s")
    tree.add(7, 16, 12, ROLE_PROMPT, session="s")  # the final branch, from the same parent
    tree.add(8, 17, 16, ROLE_REPLY, session="s")
    thread = tree.final_thread()
    assert thread.branches == 1
    assert [thread.state_at(n) for n in range(1, 9)] == [0, 0, 0, 1, 1, 1, 0, 0]
    assert thread.state_at(6) == 1 and thread.abandoned_nodes() == 3


def test_a_subagent_transcript_has_no_tree_of_its_own(tx: Transcript, parse) -> None:
    tx.sidechain = True
    tx.user([text_block("Explore the repo.")])
    tx.assistant("It has two packages.")
    result = parse(tx)
    assert not any(e.get("abandoned") for e in events(result))
