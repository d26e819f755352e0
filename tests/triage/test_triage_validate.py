"""`retell triage --check`: every problem at once, each as `triage.yaml:LINE: …` pointing at the edited line.

Each test edits one line of a freshly generated triage.yaml (as an author would, in the text) and computes
the expected line number from the edited text itself.
"""

from __future__ import annotations

import hashlib
import json
import random
import string
from pathlib import Path

import pytest
from conftest import assert_clean_error
from triage_support import (
    Session,
    insert_after,
    line_number,
    make_session,
    regrow,
    replace_line,
)

from retell import jsonio
from retell.errors import ValidationError, WorkdirError
from retell.triage.stage import run_triage


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = make_session(tmp_path)
    run_triage(s.workdir)
    return s


def errors_of(session: Session, text: str) -> list[str]:
    session.triage.write_text(text, encoding="utf-8")
    return run_triage(session.workdir, check=True).problems.errors


def only_error(session: Session, text: str) -> str:
    errors = errors_of(session, text)
    assert len(errors) == 1, errors
    return errors[0]


def at(line: int) -> str:
    return f"triage.yaml:{line}: "


# -- unknown keys ------------------------------------------------------------------------------------


def test_unknown_top_level_key_with_a_hint(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^approved:", "aproved: false")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert "unknown key `aproved`" in error
    assert "did you mean `approved`?" in error


def test_unknown_post_key_with_a_hint(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  tone:", "tonne: candid")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert "unknown key `post.tonne` (did you mean `tone`?)" in error


def test_unknown_key_in_a_chapter_entry_with_a_hint(session: Session) -> None:
    text, line = insert_after(session.triage.read_text(), r"^    include:", "inclde: false", after=r"- id: ch2")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert "unknown key `chapters[1].inclde` (did you mean `include`?)" in error


def test_unknown_key_without_a_close_match_has_no_hint(session: Session) -> None:
    text, line = insert_after(session.triage.read_text(), r"^  scope:", "zzz_mood: gloomy")
    error = only_error(session, text)
    assert error == at(line) + "unknown key `story.zzz_mood`"


# -- bad values ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "new", "after", "expected"),
    [
        (r"^  length:", "length: huge", None, "`post.length`: 'huge' is not one of short, medium, long"),
        (r"^  voice:", "voice: second-person", None, "`post.voice`: 'second-person' is not one of"),
        (r"^  angle:", "angle: rant", None, "`story.angle`: 'rant' is not one of process, decision"),
        (r"^    action:", "action: delete", r"- id: email-", "`secrets[1].action`: 'delete' is not one of"),
    ],
    ids=["length", "voice", "angle", "action"],
)
def test_bad_choice(session: Session, pattern: str, new: str, after: str | None, expected: str) -> None:
    text, line = replace_line(session.triage.read_text(), pattern, new, after=after)
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert expected in error


@pytest.mark.parametrize(
    ("pattern", "new", "after", "expected"),
    [
        (r"^    include:", 'include: "yes"', r"- id: ch2", "`chapters[1].include` must be true or false, not 'yes'"),
        (r"^    include:", "include: yes", r"- file:", "`images[0].include` must be true or false, not 'yes'"),
        (r"^  tags:", 'tags: "a,b"', None, "`post.tags` must be a list of words"),
        (r"^  date:", 'date: "not a date"', None, "`post.date` 'not a date' is not an ISO 8601 date"),
        (r"^  use_thinking:", "use_thinking: 1", None, "`post.use_thinking` must be true or false, not 1"),
        (r"^approved:", "approved: 'yes'", None, "approved must be true or false, not 'yes'"),
        (r"^  title:", "title: ''", None, "`post.title` must not be empty"),
    ],
    ids=["include-quoted", "include-yes", "tags", "date", "use_thinking", "approved", "empty-title"],
)
def test_wrong_type(session: Session, pattern: str, new: str, after: str | None, expected: str) -> None:
    text, line = replace_line(session.triage.read_text(), pattern, new, after=after)
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert expected in error


def test_confirm_keep_of_the_wrong_type(session: Session) -> None:
    text, line = insert_after(
        session.triage.read_text(), r"^    replacement:", "confirm_keep: sure", after=r"- id: email-"
    )
    assert only_error(session, text) == at(line) + "`secrets[1].confirm_keep` must be true or false"


def test_a_section_of_the_wrong_shape(session: Session) -> None:
    text = session.triage.read_text()
    start = line_number(text, r"^images:")
    end = line_number(text, r"^approved:")
    lines = text.splitlines(keepends=True)
    lines[start - 1 : end - 1] = ["images: {a: 1}\n"]
    errors = errors_of(session, "".join(lines))
    assert errors == [at(start) + "`images` must be a list"]


def test_bad_slug(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  slug:", "slug: My Post!")
    assert (
        only_error(session, text)
        == at(line) + "`post.slug` 'My Post!' may hold only a-z, 0-9, '-' and Chinese, Japanese or Korean characters"
    )


def test_bad_language(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  language:", "language: english")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert "'english' is not a language code" in error


def test_a_date_without_quotes_or_with_a_date_only_is_fine(session: Session) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^  date:", "date: 2026-11-02T09:30:00+01:00")
    assert errors_of(session, text) == []
    outcome = run_triage(session.workdir, check=True)
    assert outcome.triage is not None
    assert outcome.triage.post.date == "2026-11-02T09:30:00+01:00"
    text, _ = replace_line(text, r"^  date:", "date: 2026-11-02")
    assert errors_of(session, text) == []


# -- duplicates --------------------------------------------------------------------------------------


def test_duplicate_chapter(session: Session) -> None:
    text = session.triage.read_text()
    first = line_number(text, r"^  - id: ch1$")
    text, line = replace_line(text, r"^  - id: ch2$", "- id: ch1")
    error = only_error(session, text)
    assert error == at(line) + f"duplicate chapters entry 'ch1' (first on line {first})"


def test_duplicate_secret(session: Session) -> None:
    sid = session.flag_id("github-token")
    text = session.triage.read_text()
    first = line_number(text, rf"^  - id: {sid}$")
    text, line = replace_line(text, r"^  - id: email-", f"- id: {sid}")
    error = only_error(session, text)
    assert error == at(line) + f"duplicate secrets entry '{sid}' (first on line {first})"


def test_duplicate_image(session: Session) -> None:
    one, two = session.images
    text = session.triage.read_text()
    first = line_number(text, rf"^  - file: {one}$")
    text, line = replace_line(text, rf"^  - file: {two}$", f"- file: {one}")
    error = only_error(session, text)
    assert error == at(line) + f"duplicate images entry '{one}' (first on line {first})"


# -- secrets -------------------------------------------------------------------------------------------


def test_keep_without_confirm_keep(session: Session) -> None:
    sid = session.flag_id("github-token")
    text, line = replace_line(session.triage.read_text(), r"^    action:", "action: keep", after=rf"- id: {sid}")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert f"secret {sid!r}: `action: keep` also needs `confirm_keep: true`" in error
    text, _ = insert_after(text, r"^    action:", "confirm_keep: false", after=rf"- id: {sid}")
    assert len(errors_of(session, text)) == 1
    text, _ = replace_line(text, r"^    confirm_keep:", "confirm_keep: true", after=rf"- id: {sid}")
    assert errors_of(session, text) == []


def test_replace_without_replacement(session: Session) -> None:
    sid = session.flag_id("email")
    text, line = replace_line(session.triage.read_text(), r"^    action:", "action: replace", after=rf"- id: {sid}")
    error = only_error(session, text)
    assert error == at(line) + f"secret {sid!r}: `action: replace` needs a `replacement`"
    text, _ = replace_line(text, r"^    replacement:", "replacement: '   '", after=rf"- id: {sid}")
    assert errors_of(session, text) == [error]  # blank is no replacement either


def test_replacement_that_looks_like_a_secret(session: Session) -> None:
    sid = session.flag_id("email")
    other = "gh" + "o_" + "".join(random.Random(7).choices(string.ascii_letters + string.digits, k=36))
    text, _ = replace_line(session.triage.read_text(), r"^    action:", "action: replace", after=rf"- id: {sid}")
    text, line = replace_line(text, r"^    replacement:", f"replacement: {other}", after=rf"- id: {sid}")
    error = only_error(session, text)
    assert error == at(line) + f"secret {sid!r}: the replacement itself looks like a secret"
    assert other not in error


@pytest.mark.parametrize(
    ("replacement", "problem"),
    [
        ("'\"'", "the replacement needs a letter or digit"),
        ("'&-'", "the replacement needs a letter or digit"),
        ("'\"x'", "the replacement may not hold a quote or backtick"),
        ('"`dev`"', "the replacement may not hold a quote or backtick"),
    ],
)
def test_replacement_that_would_repunctuate_the_line(session: Session, replacement: str, problem: str) -> None:
    """A lone `"` as the replacement of `access_token=…` in `…&state=y"` made `access_token="&state=y"`:
    a new password the publish gate then stopped, with nothing in triage.yaml to fix."""
    sid = session.flag_id("email")
    text, _ = replace_line(session.triage.read_text(), r"^    action:", "action: replace", after=rf"- id: {sid}")
    text, line = replace_line(text, r"^    replacement:", f"replacement: {replacement}", after=rf"- id: {sid}")
    assert only_error(session, text).startswith(at(line) + f"secret {sid!r}: {problem}")
    text, _ = replace_line(text, r"^    replacement:", "replacement: a colleague", after=rf"- id: {sid}")
    assert errors_of(session, text) == []


# -- chapters ------------------------------------------------------------------------------------------


def _merge(text: str, source: str, target: str) -> tuple[str, int]:
    return insert_after(text, r"^    title:", f"merge_into: {target}", after=rf"- id: {source}$")


def test_merge_into_an_unknown_chapter(session: Session) -> None:
    text, line = _merge(session.triage.read_text(), "ch2", "ch9")
    assert only_error(session, text) == at(line) + "`chapters[1].merge_into`: 'ch9' is not a chapter id above"


def test_merge_into_itself(session: Session) -> None:
    text, line = _merge(session.triage.read_text(), "ch2", "ch2")
    assert only_error(session, text) == at(line) + "`chapters[1].merge_into`: a chapter cannot merge into itself"


def test_merge_chain(session: Session) -> None:
    text, _ = _merge(session.triage.read_text(), "ch2", "ch1")
    text, line = _merge(text, "ch3", "ch2")
    error = only_error(session, text)
    assert error.startswith(at(line)), error
    assert "chapter 'ch3' merges into 'ch2', which itself merges into 'ch1'" in error


def test_merge_into_an_excluded_chapter(session: Session) -> None:
    text, _ = replace_line(session.triage.read_text(), r"^    include:", "include: false", after=r"- id: ch2$")
    text, line = _merge(text, "ch3", "ch2")
    assert only_error(session, text) == at(line) + "chapter 'ch3' merges into 'ch2', which is not included"


def test_a_valid_merge_relabels(session: Session) -> None:
    text, _ = _merge(session.triage.read_text(), "ch3", "ch2")
    assert errors_of(session, text) == []
    triage = run_triage(session.workdir, check=True).triage
    assert triage is not None
    assert triage.chapter_target() == {"ch1": "ch1", "ch2": "ch2", "ch3": "ch2"}


def test_no_chapter_included(session: Session) -> None:
    text = session.triage.read_text()
    for cid in ("ch1", "ch2", "ch3"):
        text, _ = replace_line(text, r"^    include:", "include: false", after=rf"- id: {cid}$")
    line = line_number(text, r"^chapters:")
    assert only_error(session, text) == at(line) + "no chapter is included: there would be nothing to tell"


# -- images ---------------------------------------------------------------------------------------------


def test_cover_not_among_the_images(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  cover:", "cover: nothere.png")
    assert only_error(session, text) == at(line) + "cover 'nothere.png' is not one of the images below"


def test_cover_excluded(session: Session) -> None:
    image = session.images[0]
    text, line = replace_line(session.triage.read_text(), r"^  cover:", f"cover: {image}")
    assert errors_of(session, text) == []
    text, _ = replace_line(text, r"^    include:", "include: false", after=rf"- file: {image}")
    assert only_error(session, text) == at(line) + f"cover {image!r} is an image with include: false"


# -- all at once, and broken files -----------------------------------------------------------------------


def test_every_problem_is_reported_at_once(session: Session) -> None:
    text = session.triage.read_text()
    text, l1 = insert_after(text, r"^  scope:", "scoop: everything")  # first: it moves the lines below
    text, l2 = replace_line(text, r"^  length:", "length: huge")
    text, l3 = replace_line(text, r"^  slug:", "slug: Not A Slug")
    text, l4 = replace_line(text, r"^    include:", "include: maybe", after=r"- id: ch1$")
    text, l5 = replace_line(text, r"^    action:", "action: keep", after=r"- id: github-token-")
    errors = errors_of(session, text)
    assert sorted(int(e.split(":")[1]) for e in errors) == sorted([l1, l2, l3, l4, l5]), errors
    assert all(e.startswith("triage.yaml:") for e in errors)


def test_every_problem_is_listed_by_the_cli(session: Session, cli) -> None:
    text = session.triage.read_text()
    text, l1 = replace_line(text, r"^  voice:", "voice: royal-we")
    text, l2 = replace_line(text, r"^  language:", "language: 'en gb'")
    text, l3 = replace_line(text, r"^    include:", "include: 0", after=r"- file:")
    session.triage.write_text(text)
    result = cli("triage", session.workdir, "--check")
    message = assert_clean_error(result, one_line=False)
    assert "3 problems" in message
    for line in (l1, l2, l3):
        assert f"triage.yaml:{line}: " in message


def test_invalid_yaml_points_at_its_line(session: Session, cli) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  tone:", "tone: [unclosed, list")
    session.triage.write_text(text)
    with pytest.raises(ValidationError) as caught:
        run_triage(session.workdir, check=True)
    (problem,) = caught.value.problems
    assert problem.startswith("triage.yaml:"), problem
    assert "not valid YAML" in problem
    reported = int(problem.split(":")[1])
    assert line <= reported <= line + 1, (line, problem)  # the parser notices at the break or the next line
    message = assert_clean_error(cli("triage", session.workdir, "--check"), one_line=False)
    assert f"triage.yaml:{reported}: not valid YAML" in message


def test_a_tab_indent_points_at_its_line(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^  tone:", "\ttone: candid")
    session.triage.write_text(text)
    with pytest.raises(ValidationError) as caught:
        run_triage(session.workdir, check=True)
    (problem,) = caught.value.problems
    assert problem.startswith(f"triage.yaml:{line}: not valid YAML"), problem


def test_a_key_given_twice_points_at_the_second(session: Session) -> None:
    text, line = insert_after(session.triage.read_text(), r"^  tone:", "title: again")
    session.triage.write_text(text)
    with pytest.raises(ValidationError) as caught:
        run_triage(session.workdir, check=True)
    (problem,) = caught.value.problems
    assert problem.startswith(f'triage.yaml:{line}: not valid YAML: found duplicate key "title"'), problem


def test_a_file_that_is_not_a_mapping(session: Session, cli) -> None:
    session.triage.write_text("- just\n- a list\n")
    message = assert_clean_error(cli("triage", session.workdir, "--check"), one_line=False)
    assert "triage.yaml:1: the file must be a mapping" in message


def test_not_utf8(session: Session, cli) -> None:
    session.triage.write_bytes(session.triage.read_bytes().replace(b"medium", b"m\xffdium"))
    message = assert_clean_error(cli("triage", session.workdir, "--check"), one_line=False)
    assert "not UTF-8" in message


def test_a_file_from_a_newer_retell(session: Session, cli) -> None:
    text, line = replace_line(session.triage.read_text(), r"^schema_version:", "schema_version: 2")
    session.triage.write_text(text)
    errors = run_triage(session.workdir, check=True).problems.errors
    assert errors == [at(line) + "written by a newer retell (schema_version 2); upgrade retell to read it"]
    message = assert_clean_error(cli("triage", session.workdir, "--check"), one_line=False)
    assert "newer retell" in message
    assert "upgrade retell" in message


def test_an_unknown_older_schema_version(session: Session) -> None:
    text, line = replace_line(session.triage.read_text(), r"^schema_version:", "schema_version: 0")
    assert only_error(session, text) == at(line) + "schema_version must be 1"


# -- the work folder changed underneath -----------------------------------------------------------------


def _edit_events_consistently(workdir: Path) -> None:
    """Change one event's text and record the new hash in the manifest, as a clean re-parse would."""
    events = json.loads((workdir / "events.json").read_text(encoding="utf-8"))
    events["events"][2]["text"] = "Let me look at the CI logs first."
    raw = jsonio.dumps(events)
    manifest = json.loads((workdir / "manifest.json").read_text(encoding="utf-8"))
    manifest["artifacts"] = {"events_json_sha256": hashlib.sha256(raw).hexdigest(), "events_json_bytes": len(raw)}
    (workdir / "events.json").write_bytes(raw)
    (workdir / "manifest.json").write_bytes(jsonio.dumps(manifest))


def _assert_says_rerun(session: Session, cli) -> None:
    line = line_number(session.triage.read_text(), r"^  events_sha256:")
    errors = run_triage(session.workdir, check=True).problems.errors
    assert errors == [
        at(line) + "events.json changed since this file was written (a new `retell parse`); "
        "run `retell triage WORKDIR` to merge the changes in"
    ]
    result = cli("triage", session.workdir, "--check")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    # warnings (the new chapter is not listed yet) come first, then the error
    (error,) = [line for line in result.stderr.splitlines() if line.startswith("retell: error:")]
    assert "1 problem" in error
    assert "run `retell triage WORKDIR` to merge the changes in" in result.stderr


def test_events_edited_underneath(session: Session, cli) -> None:
    _edit_events_consistently(session.workdir)
    _assert_says_rerun(session, cli)


def test_reparsed_without_rerunning_triage(session: Session, cli) -> None:
    regrow(session)
    _assert_says_rerun(session, cli)
    assert cli("triage", session.workdir).exit_code == 0  # the advice works
    assert cli("triage", session.workdir, "--check").exit_code == 0


def test_events_and_manifest_out_of_step(session: Session, cli) -> None:
    events = session.workdir / "events.json"
    events.write_bytes(events.read_bytes().replace(b"Let me look", b"Let us look"))
    message = assert_clean_error(cli("triage", session.workdir, "--check"))
    assert "out of step" in message
    assert "retell parse" in message


def test_triage_of_another_session(session: Session) -> None:
    text = session.triage.read_text().replace("5e551011-", "0e551011-", 1)
    line = line_number(text, r"^  session:")
    errors = errors_of(session, text)
    assert errors[0].startswith(at(line)), errors
    assert "this triage.yaml is for session 0e551011-" in errors[0]


# -- missing inputs ------------------------------------------------------------------------------------


def test_missing_workdir(tmp_path: Path, cli) -> None:
    message = assert_clean_error(cli("triage", tmp_path / "nowhere"))
    assert "no such work folder" in message
    assert "retell parse" in message
    with pytest.raises(WorkdirError):
        run_triage(tmp_path / "nowhere")


def test_workdir_without_events(tmp_path: Path, cli) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    message = assert_clean_error(cli("triage", folder))
    assert "events.json is missing" in message
    assert "retell parse" in message
    assert list(folder.iterdir()) == []


def test_workdir_is_a_file(tmp_path: Path, cli) -> None:
    path = tmp_path / "file.txt"
    path.write_text("x")
    assert "is not a folder" in assert_clean_error(cli("triage", path))


def test_check_without_a_triage_file(tmp_path: Path, cli) -> None:
    s = make_session(tmp_path)
    message = assert_clean_error(cli("triage", s.workdir, "--check"))
    assert "triage.yaml does not exist" in message
    assert not s.triage.exists()


def test_corrupt_events_file(session: Session, cli) -> None:
    (session.workdir / "events.json").write_text("{not json", encoding="utf-8")
    message = assert_clean_error(cli("triage", session.workdir, "--check"))
    assert "events.json" in message
