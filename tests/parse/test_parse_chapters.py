"""Chapter breaks (session changes, compactions, /compact) and the system events around them."""

from __future__ import annotations

from conftest import SESSION_ID, Transcript, events, kinds

OTHER_SESSION = "9b0c6a1e-3f2d-4c5b-8a7e-6d5c4b3a2f19"
SUMMARY = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\nAnalysis: we migrated the CLI to typer."
)


def _compact_boundary(tx: Transcript, trigger: str = "auto", pre_tokens: int = 155_012) -> None:
    logical_parent = tx.last_uuid
    tx.last_uuid = None
    tx.system(
        "compact_boundary",
        content="Conversation compacted",
        logicalParentUuid=logical_parent,
        compactMetadata={"trigger": trigger, "preTokens": pre_tokens},
    )


def _compact_summary(tx: Transcript) -> None:
    tx.user(SUMMARY, isCompactSummary=True, isVisibleInTranscriptOnly=True)


def _chapters(result) -> list[dict]:
    return [c.to_dict() for c in result.log.chapters]


def test_one_chapter_without_breaks(tx: Transcript, parse) -> None:
    tx.user("hi")
    tx.assistant("Hello.")
    result = parse(tx)
    (chapter,) = _chapters(result)
    assert chapter["reason"] == "start"
    assert chapter["session_id"] == SESSION_ID
    assert chapter["human_turns"] == 1
    assert chapter["events"] == 2
    assert chapter["start"] == tx.records[0]["timestamp"]
    assert chapter["end"] == tx.records[-1]["timestamp"]


def test_session_id_change_starts_a_chapter(tx: Transcript, parse) -> None:
    tx.user("plan the refactor")
    tx.assistant("Here is the plan.")
    tx.session_id = OTHER_SESSION  # plan mode's "clear context and implement"
    tx.user("implement the plan")
    tx.assistant("Implementing.")
    result = parse(tx)
    first, second = _chapters(result)
    assert first["reason"] == "start"
    assert second["reason"] == "session_change"
    assert second["session_id"] == OTHER_SESSION
    assert [e["chapter"] for e in events(result)] == ["ch1", "ch1", "ch2", "ch2"]
    assert result.manifest["session"]["session_ids"] == [SESSION_ID, OTHER_SESSION]
    assert result.log.session.id == SESSION_ID


def test_compaction_starts_one_chapter_with_its_bridge(tx: Transcript, parse) -> None:
    tx.user("migrate the CLI to typer")
    tx.assistant("Done with step one.")
    _compact_boundary(tx, trigger="auto", pre_tokens=155_012)
    _compact_summary(tx)
    tx.user("now the tests")
    result = parse(tx)
    chapters = _chapters(result)
    assert len(chapters) == 2
    second = chapters[1]
    assert second["reason"] == "compaction"
    assert second["trigger"] == "auto"
    assert second["pre_tokens"] == 155_012
    (bridge,) = events(result, "bridge")
    assert second["bridge"] == bridge["id"]
    assert bridge["chapter"] == "ch2"
    assert bridge["text"] == "Analysis: we migrated the CLI to typer."
    assert result.manifest["counts"]["compactions"] == 1
    assert result.manifest["counts"]["human_turns"] == 2


def test_slash_compact_then_boundary_then_summary_is_still_one_chapter(tx: Transcript, parse) -> None:
    tx.user("write the parser")
    tx.assistant("Written.")
    tx.user("<command-name>/compact</command-name>\n<command-message>compact</command-message>")
    _compact_boundary(tx, trigger="manual", pre_tokens=90_000)
    _compact_summary(tx)
    tx.user("<local-command-stdout>Compacted. ctrl+o to see full summary</local-command-stdout>")
    tx.user("continue")
    result = parse(tx)
    chapters = _chapters(result)
    assert len(chapters) == 2
    assert chapters[1]["reason"] == "compaction"
    assert chapters[1]["trigger"] == "manual"
    assert chapters[1]["pre_tokens"] == 90_000
    assert chapters[1]["bridge"] == events(result, "bridge")[0]["id"]
    assert result.manifest["counts"]["compactions"] == 1


def test_boundary_summary_then_slash_compact_record_is_one_chapter(tx: Transcript, parse) -> None:
    tx.user("write the parser")
    tx.assistant("Written.")
    _compact_boundary(tx, trigger="manual")
    _compact_summary(tx)
    tx.user("<command-name>/compact</command-name>\n<command-message>compact</command-message>")
    tx.user("continue")
    assert len(_chapters(parse(tx))) == 2


def test_old_versions_write_only_the_summary(tx: Transcript, parse) -> None:
    tx.version = "1.0.51"
    tx.user("first")
    tx.assistant("ok")
    _compact_summary(tx)
    tx.user("second")
    result = parse(tx)
    chapters = _chapters(result)
    assert [c["reason"] for c in chapters] == ["start", "compaction"]
    assert chapters[1]["bridge"] == events(result, "bridge")[0]["id"]


def test_away_summary_is_a_recap_without_the_config_hint(tx: Transcript, parse) -> None:
    tx.user("start the benchmark")
    tx.system(
        "away_summary",
        content="While you were away: the benchmark ran and showed a 3x speedup. (disable recaps in /config)",
    )
    result = parse(tx)
    (recap,) = events(result, "recap")
    assert recap["text"] == "While you were away: the benchmark ran and showed a 3x speedup."


def test_recap_before_a_session_change_bridges_the_new_chapter(tx: Transcript, parse) -> None:
    tx.user("start")
    tx.assistant("Started.")
    tx.system("away_summary", content="We set up the project skeleton.")
    tx.session_id = OTHER_SESSION
    tx.user("resume")
    result = parse(tx)
    chapters = _chapters(result)
    assert chapters[1]["reason"] == "session_change"
    assert chapters[1]["bridge"] == events(result, "recap")[0]["id"]


def test_turn_duration_is_an_event(tx: Transcript, parse) -> None:
    tx.user("go")
    tx.assistant("Done.")
    tx.system("turn_duration", durationMs=83_250)
    result = parse(tx)
    assert kinds(result) == ["human", "assistant", "turn_duration"]
    assert events(result, "turn_duration")[0]["duration_ms"] == 83_250


def test_unknown_system_subtype_is_reported(tx: Transcript, parse) -> None:
    tx.user("go")
    tx.system("hologram_status", content="?")
    result = parse(tx)
    assert kinds(result) == ["human"]
    assert result.manifest["unknown"]["system_subtypes"] == {"hologram_status": 1}
