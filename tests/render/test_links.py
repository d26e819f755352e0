"""Issue 28, point 4: the commits and pull requests a session produced are links in the post when the
session says where its repository is (GitHub, GitLab, Gitea/Forgejo, Bitbucket), and plain text otherwise;
the links survive every render target and are only ever https URLs rebuilt from a checked remote.

Before (main): `pr-link` records were skipped unread, and a commit id in the post was plain text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Transcript
from typer.testing import CliRunner, Result

from retell.cli import app
from retell.extract.links import LinkFacts, Repository
from retell.render.links import link_work

GITHUB_LINKS = {
    "repository": "https://github.com/octo-org/shop",
    "forge": "github",
    "commits": ["1a2b3c4"],
    "changes": {"42": "https://github.com/octo-org/shop/pull/42"},
}


def retell(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize(
    ("remote", "commit", "change"),
    [
        ("git@github.com:octo-org/shop.git", "https://github.com/octo-org/shop/commit/1a2b3c4",
         "https://github.com/octo-org/shop/pull/7"),
        ("https://gitlab.com/team/backend/shop.git", "https://gitlab.com/team/backend/shop/-/commit/1a2b3c4",
         "https://gitlab.com/team/backend/shop/-/merge_requests/7"),
        ("ssh://git@gitlab.example.com:2222/team/shop.git", "https://gitlab.example.com/team/shop/-/commit/1a2b3c4",
         "https://gitlab.example.com/team/shop/-/merge_requests/7"),
        ("https://codeberg.org/octo/shop", "https://codeberg.org/octo/shop/commit/1a2b3c4",
         "https://codeberg.org/octo/shop/pulls/7"),
        ("git@bitbucket.org:octo/shop.git", "https://bitbucket.org/octo/shop/commits/1a2b3c4",
         "https://bitbucket.org/octo/shop/pull-requests/7"),
    ],
)  # fmt: skip
def test_each_forge_has_its_own_url_forms(remote: str, commit: str, change: str) -> None:
    repo = Repository.parse(remote)
    assert repo is not None
    assert (repo.commit_url("1a2b3c4"), repo.change_url(7)) == (commit, change)
    assert Repository.of_change(change) == (repo, 7)


@pytest.mark.parametrize(
    "remote",
    [
        "git@git.example.com:octo/shop.git",  # a host whose forge is unknown: no guessing its URL forms
        "https://github.com.evil.example/octo/shop",
        "https://github.com/octo/shop/../../evil",
        "https://github.com/octo",
        "javascript:alert(1)//github.com/a/b",
        "https://github.com/octo/sh{{op}}",
        "/srv/git/shop.git",
    ],
)
def test_a_remote_that_is_not_a_known_forge_or_not_clean_gives_no_repository(remote: str) -> None:
    assert Repository.parse(remote) is None


def test_the_session_output_says_what_was_made_and_where() -> None:
    facts = LinkFacts()
    remote = "git@github.com:octo-org/shop.git"
    facts.read_output("git remote -v", f"origin\t{remote} (fetch)\norigin\t{remote} (push)")
    facts.read_output(
        "git add -A && git commit -m 'Round totals'", "[fix-rounding 1a2b3c4] Round totals\n 1 file changed"
    )
    facts.read_output("git push", "To github.com:octo-org/shop.git\n   0f0f0f0..9e9e9e9  main -> main")
    facts.read_output("gh pr create --fill", "Creating pull request\nhttps://github.com/octo-org/shop/pull/42\n")
    facts.pr_link("https://github.com/other/repo/pull/5")  # another repository's: not this one's to link
    assert facts.result() == {
        "repository": "https://github.com/octo-org/shop",
        "forge": "github",
        "commits": ["1a2b3c4", "9e9e9e9"],
        "changes": {"42": "https://github.com/octo-org/shop/pull/42"},
    }
    unknown = LinkFacts()
    unknown.read_output("git commit -m x", "[main 1a2b3c4] x")
    assert unknown.result() is None  # no remote known: nothing to link


def test_only_the_sessions_own_work_in_prose_becomes_a_link() -> None:
    markdown = (
        "Commit 1a2b3c4 (`1a2b3c4`, in full 1a2b3c4d5e6f) went into #42; deadbee and #43 are not ours.\n"
        "[see 1a2b3c4](https://example.com/x) and `git show 1a2b3c4` stay, as does \\#42.\n\n"
        "```\n[main 1a2b3c4] Round totals (#42)\n```\n"
    )
    out = link_work(markdown, GITHUB_LINKS, lambda _url: True)
    assert out.splitlines()[0] == (
        "Commit [1a2b3c4](https://github.com/octo-org/shop/commit/1a2b3c4) "
        "([`1a2b3c4`](https://github.com/octo-org/shop/commit/1a2b3c4), in full "
        "[1a2b3c4d5e6f](https://github.com/octo-org/shop/commit/1a2b3c4d5e6f)) went into "
        "[#42](https://github.com/octo-org/shop/pull/42); deadbee and #43 are not ours."
    )
    assert out.split("\n", 1)[1] == markdown.split("\n", 1)[1]  # link text, code and escapes untouched
    assert link_work(markdown, None, lambda _url: True) == markdown
    assert link_work(markdown, GITHUB_LINKS, lambda _url: False) == markdown  # an uncleared remote: no link
    forged = {**GITHUB_LINKS, "repository": "https://evil.example/octo-org/shop"}  # events.json edited by hand
    assert link_work(markdown, forged, lambda _url: True) == markdown


def write_session(folder: Path, owner: str = "octo-org") -> Path:
    tx = Transcript(cwd="/srv/shop")
    tx.user("Fix the rounding bug in the totals and open a PR.")
    tx.tool_call("Bash", {"command": "git remote -v"}, f"origin\tgit@github.com:{owner}/shop.git (push)")
    tx.tool_call("Bash", {"command": "git commit -am 'Round totals half-even'"}, "[fix 1a2b3c4] Round totals half-even")
    tx.tool_call(
        "Bash", {"command": "git push -u origin fix"}, f"To github.com:{owner}/shop.git\n * [new branch] fix -> fix"
    )
    tx.add(
        {"type": "pr-link", "sessionId": tx.session_id, "prNumber": 42, "prRepository": f"{owner}/shop",
         "prUrl": f"https://github.com/{owner}/shop/pull/42", "timestamp": tx.tick()}
    )  # fmt: skip
    tx.assistant("Committed 1a2b3c4 and opened PR #42.")
    return tx.write(folder / "claude" / "projects" / "-srv-shop" / f"{tx.session_id}.jsonl")


def rendered(work: Path, target: str) -> str:
    result = retell("render", work, "--target", target, "-o", work / f"out-{target}", "--force")
    assert result.exit_code == 0, result.output
    return next((work / f"out-{target}").rglob("*.md*")).read_text(encoding="utf-8")


def test_the_links_survive_every_render_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, targets: Any = ("hugo", "jekyll", "astro", "plain")
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    session = write_session(tmp_path)
    work = tmp_path / "W"
    result = retell("run", session, "-o", work, "--yes", "--engine", "offline")
    assert result.exit_code == 0, result.output
    links = json.loads((work / "events.json").read_text(encoding="utf-8"))["session"]["links"]
    assert links == GITHUB_LINKS
    with (work / "draft.md").open("a", encoding="utf-8") as draft:
        draft.write("\nThe fix is commit 1a2b3c4, reviewed in #42.\n")
    for target in targets:
        page = rendered(work, target)
        assert (
            "The fix is commit [1a2b3c4](https://github.com/octo-org/shop/commit/1a2b3c4), "
            "reviewed in [#42](https://github.com/octo-org/shop/pull/42)."
        ) in page, target


def test_a_repository_under_the_authors_own_account_name_is_not_linked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The account name is personal data: a link would publish it, so the commit stays plain text."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    tx_path = write_session(tmp_path, owner="jdoe42")
    text = tx_path.read_text(encoding="utf-8").replace('"cwd": "/srv/shop"', '"cwd": "/home/jdoe42/shop"')
    tx_path.write_text(text.replace('"cwd":"/srv/shop"', '"cwd":"/home/jdoe42/shop"'), encoding="utf-8")
    work = tmp_path / "W"
    result = retell("run", tx_path, "-o", work, "--yes", "--engine", "offline")
    assert result.exit_code == 0, result.output
    with (work / "draft.md").open("a", encoding="utf-8") as draft:
        draft.write("\nThe fix is commit 1a2b3c4, reviewed in #42.\n")
    page = rendered(work, "hugo")
    assert "The fix is commit 1a2b3c4, reviewed in #42." in page
    assert "jdoe42" not in page


def test_several_sessions_link_the_work_on_the_first_repository_that_has_any() -> None:
    from retell.extract.links import joined_links

    other = {"repository": "https://gitlab.com/a/b", "forge": "gitlab", "commits": ["abcdef0"], "changes": {}}
    later = {**GITHUB_LINKS, "commits": ["9e9e9e9", "1a2b3c4"], "changes": {}}
    assert joined_links([None, GITHUB_LINKS, other, later]) == {**GITHUB_LINKS, "commits": ["1a2b3c4", "9e9e9e9"]}
    assert joined_links([None, None]) is None
