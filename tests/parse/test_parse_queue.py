"""Messages the human typed while the agent was working (queue operations, queued_command attachments)."""

from __future__ import annotations

from conftest import Transcript, events, text_block


def _busy_turn(tx: Transcript) -> None:
    tx.user("run the migration")
    tx.tool_call("Bash", {"command": "alembic upgrade head"}, "OK")


def _humans(result) -> list[tuple[str, bool]]:
    return [(e["text"], e.get("queued", False)) for e in events(result, "human")]


def test_enqueue_then_dequeue_gives_one_human_event(tx: Transcript, parse) -> None:
    """Claude worked while it waited (a reply came between): typed then, queued (tests/test_dequeued_messages.py)."""
    _busy_turn(tx)
    tx.queue("enqueue", "also update the changelog")
    tx.assistant("Migration done.")
    tx.queue("dequeue")
    tx.user("also update the changelog")  # the normal user record carries the message
    assert _humans(parse(tx)) == [("run the migration", False), ("also update the changelog", True)]


def test_enqueue_then_remove_absorbed_mid_turn_is_a_queued_human_event(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.queue("enqueue", "use the staging database, not prod")
    tx.queue("remove", reason="absorbed_mid_turn")
    tx.assistant("Switching to staging.")
    result = parse(tx)
    assert _humans(result) == [("run the migration", False), ("use the staging database, not prod", True)]
    assert result.manifest["counts"]["human_turns"] == 2


def test_a_bare_remove_is_a_message_delivered_mid_turn(tx: Transcript, parse) -> None:
    """Claude Code ~2.1.19-2.1.49: an enqueue closed by a remove with neither content nor reason is the
    only trace of a message the author typed while the agent worked; the next reply answers it."""
    tx.version = "2.1.31"
    _busy_turn(tx)
    tx.queue("enqueue", "here is the data structure: {id, rows[]}")
    tx.queue("remove")
    tx.tool_call("Bash", {"command": "alembic upgrade head"}, "OK")
    tx.queue("enqueue", "and keep the old column")
    tx.queue("remove")
    tx.assistant("Thanks for the data structure; keeping the old column too.")
    result = parse(tx)
    assert _humans(result) == [
        ("run the migration", False),
        ("here is the data structure: {id, rows[]}", True),
        ("and keep the old column", True),
    ]
    assert result.manifest["counts"]["human_turns"] == 3


def test_a_bare_remove_of_a_machine_notice_is_not_human(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.queue(
        "enqueue", "<bash-notification>\n<shell-id>b67dc5c</shell-id>\n<status>completed</status>\n</bash-notification>"
    )
    tx.queue("remove")
    assert _humans(parse(tx)) == [("run the migration", False)]


def test_queued_command_attachment_is_a_queued_human_event(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.attachment({"type": "queued_command", "prompt": "and add a test for it", "commandMode": "prompt"})
    assert _humans(parse(tx)) == [("run the migration", False), ("and add a test for it", True)]


def test_queued_command_and_queue_record_of_one_message_give_one_event(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.queue("enqueue", "and add a test for it")
    tx.queue("remove", reason="absorbed_mid_turn")
    tx.attachment({"type": "queued_command", "prompt": "and add a test for it", "commandMode": "prompt"})
    tx.assistant("Adding a test.")
    assert _humans(parse(tx)) == [("run the migration", False), ("and add a test for it", True)]


def test_queued_command_with_blocks_and_ide_context(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.attachment(
        {
            "type": "queued_command",
            "prompt": [
                text_block("<ide_selection>The user selected lines 3-9 of app.py</ide_selection>"),
                text_block("this function too"),
            ],
        }
    )
    assert _humans(parse(tx))[-1] == ("this function too", True)


def test_pop_all_emits_nothing(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.queue("enqueue", "draft message the human took back")
    tx.queue("popAll")
    tx.assistant("Done.")
    assert _humans(parse(tx)) == [("run the migration", False)]


def test_task_notification_origin_is_not_human(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    tx.user("Background task b7 finished with exit code 0", origin={"kind": "task-notification"})
    tx.attachment(
        {
            "type": "queued_command",
            "prompt": "Background task b8 finished",
            "origin": {"kind": "task-notification"},
        }
    )
    assert _humans(parse(tx)) == [("run the migration", False)]


def test_same_words_queued_in_two_different_turns_are_both_kept(tx: Transcript, parse) -> None:
    for _ in range(2):
        _busy_turn(tx)
        tx.queue("enqueue", "keep going")
        tx.queue("remove", reason="absorbed_mid_turn")
        tx.attachment({"type": "queued_command", "prompt": "keep going"})
        tx.assistant("Continuing.")
    queued = [text for text, queued in _humans(parse(tx)) if queued]
    assert queued == ["keep going", "keep going"]


def test_same_words_queued_twice_within_one_turn_are_both_kept(tx: Transcript, parse) -> None:
    _busy_turn(tx)
    for _ in range(2):
        tx.queue("enqueue", "keep going")
        tx.queue("remove", reason="absorbed_mid_turn")
        tx.attachment({"type": "queued_command", "prompt": "keep going"})
        tx.tool_call("Bash", {"command": "make"}, "ok")
    queued = [text for text, queued in _humans(parse(tx)) if queued]
    assert queued == ["keep going", "keep going"]
