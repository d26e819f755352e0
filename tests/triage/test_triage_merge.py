"""Re-running `retell triage` after a new parse: new entries appended, the author's work kept, the gone reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_error
from triage_support import (
    Session,
    insert_after,
    line_number,
    load,
    make_session,
    parse_into,
    regrow,
    replace_line,
    save,
    write_session,
)

from retell.triage.stage import run_triage


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = make_session(tmp_path)
    run_triage(s.workdir)
    return s


def _approve(session: Session) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^approved:", "approved: true")
    session.triage.write_text(text)


def test_a_rerun_with_the_same_events_changes_nothing(session: Session, cli) -> None:
    before = session.triage.read_bytes()
    result = cli("triage", session.workdir)
    assert result.exit_code == 0, result.output
    assert "is up to date" in result.stdout
    assert session.triage.read_bytes() == before
    assert not (session.workdir / "triage.yaml.bak").exists()


def test_a_rerun_with_nothing_new_leaves_the_authors_own_formatting_alone(session: Session) -> None:
    # YAML that means the same but that a serialiser writes its own way: spaces in a flow list, a quoted
    # word, a comment column, a blank line; nothing the parse has is new, so the file is not rewritten
    text, _ = replace_line(session.triage.read_text(), r"^  tone:", "tone:   'dry'      # my tone")
    text, _ = replace_line(text, r"^  tags:", "tags: [ rust,   debugging ]\n")
    session.triage.write_text(text)
    before = session.triage.read_bytes()
    outcome = run_triage(session.workdir)
    assert outcome.problems.errors == []
    assert not outcome.written
    assert session.triage.read_bytes() == before
    assert load(session.triage)["post"]["tags"] == ["rust", "debugging"]
    assert not (session.workdir / "triage.yaml.bak").exists()


def test_an_approved_file_stays_approved_when_nothing_is_new(session: Session) -> None:
    _approve(session)
    outcome = run_triage(session.workdir)
    assert not outcome.changed
    assert outcome.triage is not None and outcome.triage.approved
    assert load(session.triage)["approved"] is True


def test_new_entries_are_appended_and_approval_is_reset(session: Session, cli) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^  tone:", "tone: dry  # my tone")
    text, _ = replace_line(text, r"^approved:", "approved: true  # looked at it on Monday")
    session.triage.write_text(text)
    grown = regrow(session)
    stripe = grown.flag_id("stripe-key")
    new_image = next(i for i in grown.images if i not in session.images)
    result = cli("triage", session.workdir)
    assert result.exit_code == 0, result.output
    assert f"Added: 1 chapters (ch4); 1 secrets ({stripe}); 1 images ({new_image})" in result.stdout
    assert "approved was reset to false" in result.stdout
    assert "triage.yaml.bak" in result.stdout
    doc = load(session.triage)
    assert [c["id"] for c in doc["chapters"]] == ["ch1", "ch2", "ch3", "ch4"]
    assert [s["id"] for s in doc["secrets"]][-1] == stripe
    assert [i["file"] for i in doc["images"]][-1] == new_image
    assert doc["approved"] is False
    after = session.triage.read_text()
    assert "tone: dry  # my tone" in after
    assert "# looked at it on Monday" in after.splitlines()[line_number(after, r"^approved:") - 1]
    assert (session.workdir / "triage.yaml.bak").read_text() == text
    assert doc["info"]["events_sha256"] == grown.result.manifest["artifacts"]["events_json_sha256"]
    assert run_triage(session.workdir, check=True).problems.errors == []


def test_new_entries_get_their_defaults(session: Session) -> None:
    grown = regrow(session)
    run_triage(session.workdir)
    doc = load(session.triage)
    ch4 = doc["chapters"][-1]
    assert (ch4["include"], ch4["title"], ch4["info"]["started_by"]) == (
        True,
        "Last step: the payment webhook",
        "compaction",
    )
    stripe = doc["secrets"][-1]
    assert (stripe["action"], stripe["replacement"], stripe["info"]["kind"]) == ("redact", "", "stripe-key (secret)")
    assert grown.result.manifest["pii_warnings"][-1]["preview"] == stripe["info"]["preview"]
    image = doc["images"][-1]
    assert (image["include"], image["info"]["chapter"]) == (True, "ch4")


def test_gone_entries_are_reported_and_kept(tmp_path: Path, cli) -> None:
    session = make_session(tmp_path, grown=True)
    run_triage(session.workdir)
    stripe = session.flag_id("stripe-key")
    by_id = session.result.log.by_id()
    gone_image = next(i["asset"] for i in session.result.manifest["images"] if by_id[i["events"][0]].chapter == "ch4")
    text, _ = replace_line(session.triage.read_text(), r"^    title:", "title: The webhook, my way", after=r"- id: ch4")
    session.triage.write_text(text)
    write_session(session.transcript)  # the shorter session again: ch4, its secret and its image are gone
    parse_into(session.transcript, session.workdir)
    result = cli("triage", session.workdir)
    assert result.exit_code == 0, result.output
    assert "chapters no longer in the session (kept in triage.yaml, ignored): ch4" in result.stderr
    assert f"secrets no longer in the session (kept in triage.yaml, ignored): {stripe}" in result.stderr
    assert f"images no longer in the session (kept in triage.yaml, ignored): {gone_image}" in result.stderr
    doc = load(session.triage)
    assert [c["id"] for c in doc["chapters"]] == ["ch1", "ch2", "ch3", "ch4"]
    assert doc["chapters"][-1]["title"] == "The webhook, my way"
    assert stripe in [s["id"] for s in doc["secrets"]]
    assert gone_image in [i["file"] for i in doc["images"]]
    outcome = run_triage(session.workdir, check=True)
    assert outcome.problems.errors == []
    assert any("chapter 'ch4' is no longer in the session" in w for w in outcome.problems.warnings)
    assert outcome.triage is not None
    assert outcome.triage.told_chapters() == ["ch1", "ch2", "ch3"]
    assert gone_image not in outcome.triage.images
    assert "Chapters told: 3 of 3" in outcome.summary


def test_the_summary_counts_only_secrets_still_in_the_session(tmp_path: Path) -> None:
    session = make_session(tmp_path, grown=True)
    run_triage(session.workdir)
    write_session(session.transcript)
    shorter = parse_into(session.transcript, session.workdir)
    assert len(shorter.manifest["pii_warnings"]) == 3
    outcome = run_triage(session.workdir)
    assert "Secrets: 3 redacted, 0 replaced, 0 kept as is" in outcome.summary, outcome.summary


def test_info_blocks_are_refreshed_but_comments_on_them_kept(session: Session) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^      gist:", "gist: I rewrote this", after=r"- id: ch2")
    text, _ = replace_line(text, r"^      started_by:", "started_by: start  # why here?", after=r"- id: ch1")
    session.triage.write_text(text)
    outcome = run_triage(session.workdir)
    assert outcome.changed
    doc = load(session.triage)
    assert doc["chapters"][1]["info"]["gist"] == "Implement the plan: rotate the token and fix the redirect."
    after = session.triage.read_text()
    assert after.splitlines()[line_number(after, r"^      started_by: start") - 1].endswith("# why here?")


def test_a_deleted_section_and_entry_come_back(session: Session) -> None:
    _approve(session)
    doc = load(session.triage)
    del doc["story"]
    chapters = doc["chapters"]
    del chapters[1]
    save(session.triage, doc)
    outcome = run_triage(session.workdir)
    assert outcome.merge is not None
    assert outcome.merge.restored_sections == ["story"]
    assert outcome.merge.added["chapters"] == ["ch2"]
    assert outcome.merge.approval_reset
    doc = load(session.triage)
    assert list(doc)[:4] == ["schema_version", "info", "post", "story"]
    assert doc["story"]["angle"] == "process"
    assert [c["id"] for c in doc["chapters"]] == ["ch1", "ch3", "ch2"]  # back, at the end
    assert doc["approved"] is False


def test_author_order_of_entries_is_kept(session: Session) -> None:
    text = session.triage.read_text()
    lines = text.splitlines(keepends=True)
    start = line_number(text, r"^  - id: ch1$")
    middle = line_number(text, r"^  - id: ch2$")
    end = line_number(text, r"^  - id: ch3$")
    ch1, ch2 = lines[start - 1 : middle - 1], lines[middle - 1 : end - 1]
    lines[start - 1 : end - 1] = ch2 + ch1  # the author moved ch2 above ch1 in an editor
    session.triage.write_text("".join(lines))
    regrow(session)
    run_triage(session.workdir)
    assert [c["id"] for c in load(session.triage)["chapters"]] == ["ch2", "ch1", "ch3", "ch4"]


def test_comments_between_entries_stay_between_them(session: Session) -> None:
    text, _ = insert_after(
        session.triage.read_text(), r"^      gist:", "# (ch2 below: maybe merge it into ch1)", after=r"- id: ch1$"
    )
    text, _ = insert_after(text, r"^      events:", "# the last image: a screenshot", after=r"- file:")
    session.triage.write_text(text)
    regrow(session)
    run_triage(session.workdir)
    after = session.triage.read_text()
    first = line_number(after, r"\(ch2 below")
    assert after.splitlines()[first].strip() == "- id: ch2"
    shot = line_number(after, r"# the last image: a screenshot")
    assert after.splitlines()[shot].strip().startswith("- file:")


def test_an_end_of_line_comment_on_the_last_entry_stays_on_its_line(session: Session) -> None:
    text, _ = replace_line(
        session.triage.read_text(),
        r"^      bridge:",
        "bridge: We fixed the redirect. The old token [REDACTED:github-token] was rotated.  # not what happened",
        after=r"- id: ch3$",
    )
    text, _ = replace_line(text, r"^      events: e1$", "events: e1  # my screenshot")
    session.triage.write_text(text)
    regrow(session)
    run_triage(session.workdir)
    after = session.triage.read_text().splitlines()
    bridge = line_number("\n".join(after), r"# not what happened")
    assert "was rotated." in after[bridge - 1], after[bridge - 1]
    shot = line_number("\n".join(after), r"# my screenshot")
    assert after[shot - 1].strip().startswith("events: e1 "), after[shot - 1]


def test_a_broken_file_is_reported_not_merged(session: Session, cli) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^  tone:", "tone: [oops")
    session.triage.write_text(text)
    regrow(session)
    message = assert_clean_error(cli("triage", session.workdir), one_line=False)
    assert "not valid YAML" in message
    assert session.triage.read_text() == text
    assert not (session.workdir / "triage.yaml.bak").exists()
