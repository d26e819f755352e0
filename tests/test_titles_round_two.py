"""Titles and headings a blogger keeps (issue 24, round two): the post says what happened, in the post's words,
not what the author typed to Claude. Each case is a shape the corpus holds (bench/fidelity.py --titles lists
them), checked where the author sees it: triage.yaml's title and slug, the post's headings."""

from __future__ import annotations

# ruff: noqa: E501  (each case reads best on one line)
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

OFFLINE = StageOptions(engine="offline")
CWD = "/srv/demo/proj"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


class Told:
    """One session through parse, triage (approved as proposed), the offline outline and draft, and render."""

    def __init__(self, tx: Transcript, folder: Path) -> None:
        path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
        self.work = folder / "work"
        parse_to_workdir(SessionRef(path, path.stem), self.work, ParseOptions())
        run_triage(self.work, approve=True)
        self.triage: dict[str, Any] = yaml.safe_load((self.work / "triage.yaml").read_text(encoding="utf-8"))
        run_outline(self.work, OFFLINE)
        run_draft(self.work, OFFLINE)
        self.post = run_render(self.work, RenderOptions(output=folder / "site")).post.read_text(encoding="utf-8")

    @property
    def title(self) -> str:
        return str(self.triage["post"]["title"])

    @property
    def headings(self) -> list[str]:
        return [h for h in re.findall(r"^## (.+)$", self.post, re.M) if h not in ("By the numbers", "Where it ended")]


def _edit(tx: Transcript, path: str) -> None:
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": "a = 1", "new_string": "a = 2"}, "ok")


def _commit(tx: Transcript, message: str, output: str, *, refused: bool = False) -> None:
    tx.tool_call("Bash", {"command": f'git add -A && git commit -m "{message}"'}, output, is_error=refused)


def test_a_request_to_fix_these_is_told_as_what_happened_with_the_file_it_was_about(
    tx: Transcript, tmp_path: Path
) -> None:
    # the corpus: "Please fix these lint errors" was titled "Fix these lint errors", a request, not a post
    tx.user("Can you please fix these lint errors?")
    _edit(tx, "app/models.py")
    tx.assistant("All the lint errors are fixed.")
    told = Told(tx, tmp_path)
    assert told.title == "Fixing the lint errors in models.py"
    assert told.triage["post"]["slug"].startswith("fixing-the-lint-errors-in-models-py")


@pytest.mark.parametrize(
    ("request_text", "title"),
    [
        ("I'd like your help with refactoring the timeline filtering so that we hide the group", "Refactoring the timeline filtering so that we hide the group"),
        ("Hey Claude, can you please add a Github Action to run tests and linting?", "Adding a GitHub Action to run tests and linting"),
        ("I keep getting build errors when MDX files have URLs wrapped in angle brackets", "Build errors when MDX files have URLs wrapped in angle brackets"),
        ("Search if claude -p can make use of WebSearch. Summarize the findings.", "Finding out whether claude -p can make use of WebSearch"),
        ("We've just done a big refactoring and a lot of the browser tests are failing.", "Fixing the failing browser tests"),
        ("Fair enough. Can you write a balanced opinion on this approach?", "Writing a balanced opinion on the approach"),
        ("This was just so you know what there is now, but I want to pick it up again and fix the broken APIs.", "Picking it up again and fixing the broken APIs"),
        ("CLAUDE.md を最新の状態にアップデートしてください", "CLAUDE.md を最新の状態にアップデート"),
    ],
)  # fmt: skip
def test_the_first_request_is_said_as_what_happened(
    tx: Transcript, tmp_path: Path, request_text: str, title: str
) -> None:
    tx.user(request_text)
    tx.assistant("Done.")
    assert Told(tx, tmp_path).title == title


def test_the_commit_the_session_made_names_the_post_and_a_refused_one_does_not(tx: Transcript, tmp_path: Path) -> None:
    # the corpus: "It's been a while - I see that I have pending changes, examine them, add" as a title, when the
    # session had committed "feat: add support for tar archives (.tar, .tar.gz, .tgz)"
    tx.user("It's been a while - I see that I have pending changes, examine them, add and commit.")
    _commit(tx, "Rewrite everything", "The user doesn't want to proceed with this tool use.", refused=True)
    _edit(tx, "deep_manifest/archives.py")
    _commit(
        tx,
        "feat: add support for tar archives (.tar, .tar.gz, .tgz)",
        "[main 1a2b3c4] feat: add support for tar archives (.tar, .tar.gz, .tgz)\n 3 files changed, 80 insertions(+)",
    )
    tx.assistant("Committed as 1a2b3c4.")
    told = Told(tx, tmp_path)
    assert told.title == "Adding support for tar archives"
    assert "Rewrite everything" not in told.post.split("## ")[1].splitlines()[0]


def test_a_pull_request_title_names_the_post(tx: Transcript, tmp_path: Path) -> None:
    tx.user("ok, open a PR for this")
    tx.tool_call(
        "Bash",
        {"command": 'gh pr create --title "Add a dark mode toggle to the settings page" --body "Adds it."'},
        "https://github.com/acme/app/pull/12",
    )
    tx.assistant("Opened #12.")
    assert Told(tx, tmp_path).title == "Adding a dark mode toggle to the settings page"


def test_a_heading_never_repeats_the_title(tx: Transcript, tmp_path: Path) -> None:
    # the corpus: 25 of 38 posts had one section headed with the title word for word ("Push to github" twice)
    tx.user("Please update the tests in test_display.py, we only pick the latest path now.")
    _edit(tx, "test/test_display.py")
    tx.assistant("The tests pass.")
    told = Told(tx, tmp_path)
    assert told.title == "Updating the tests in test_display.py"
    assert told.headings and all(h.casefold() != told.title.casefold() for h in told.headings)
    assert told.headings[0] == "Changing test/test_display.py"


def test_a_commit_in_a_stretch_heads_it(tx: Transcript, tmp_path: Path) -> None:
    tx.user("I have the tokenizer page on my site but the deep link is awkward; move it into its own repo.")
    _edit(tx, "tokenizer/index.html")
    _commit(tx, "Add tokenizer application files", "[main 030d80d] Add tokenizer application files\n 5 files changed")
    _commit(
        tx,
        "Fix relative paths for submodule deployment",
        "[main acf21f1] Fix relative paths for submodule deployment\n 2 files changed",
    )
    tx.assistant("Both are committed.")
    told = Told(tx, tmp_path)
    assert told.title == "Adding tokenizer application files"  # the commit that shares the request's words
    assert told.headings[0] == "Fixing relative paths for submodule deployment"  # not the title again


def test_a_question_kept_as_a_heading_keeps_its_question_mark() -> None:
    from retell.extract.phrasing import request_phrase

    assert request_phrase("Which conda environment am I in?") == "Which conda environment am I in?"
    assert request_phrase("Do we even need the combined link then?") == "Do we even need the combined link then?"
