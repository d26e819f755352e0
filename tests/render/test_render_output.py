"""Where render writes, what it refuses to overwrite, and bad input: a clear message, exit 1, nothing
half-written."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from conftest import assert_clean_error
from render_support import (
    SLUG,
    Work,
    files_under,
    fresh_work,
    image_links,
    isolate,
    leftovers_beside,
    retell,
    snapshot,
    split_page,
    write_session,
)

RECORD = ".retell-render.json"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


def bundle_images(bundle: Path) -> list[str]:
    return [n for n in files_under(bundle) if n not in ("index.md", RECORD)]


# -- where it goes ------------------------------------------------------------------------------------


def test_default_output_is_a_page_bundle_in_the_workdir(work: Work) -> None:
    result = work.render_ok()
    bundle = work.path / "post" / SLUG
    assert f"Wrote {bundle / 'index.md'} (3 image(s))" in result.stdout
    assert files_under(work.path / "post") == sorted(
        [f"{SLUG}/index.md", f"{SLUG}/{RECORD}"] + [f"{SLUG}/{n}" for n in bundle_images(bundle)]
    )
    assert len(bundle_images(bundle)) == 3


def test_output_option_puts_the_bundle_under_that_folder(work: Work) -> None:
    site = work.tmp / "blog" / "content" / "posts"
    site.mkdir(parents=True)
    (site / "older-post").mkdir()
    (site / "older-post" / "index.md").write_text("---\ntitle: older\n---\nhello\n")
    work.render_ok("-o", site)
    assert (site / SLUG / "index.md").is_file()
    assert (site / "older-post" / "index.md").read_text() == "---\ntitle: older\n---\nhello\n"
    assert leftovers_beside(site) == []


def test_the_record_lists_exactly_what_retell_wrote(work: Work) -> None:
    work.render_ok("-o", work.out)
    record = json.loads((work.out / SLUG / RECORD).read_text())
    assert record["written_by"] == "retell"
    written = sorted(p for p in files_under(work.out) if not p.endswith(RECORD))
    assert sorted(record["files"]) == written
    if isinstance(record["files"], dict):  # with the sha256 of what was written
        for name, digest in record["files"].items():
            assert digest == hashlib.sha256((work.out / name).read_bytes()).hexdigest()


def test_the_workdir_is_not_changed_by_render(work: Work) -> None:
    before = snapshot(work.path)
    work.render_ok("-o", work.out)
    assert snapshot(work.path) == before


# -- existing output ----------------------------------------------------------------------------------


def test_an_existing_bundle_is_refused_without_force(work: Work) -> None:
    work.render_ok("-o", work.out)
    before = snapshot(work.out)
    message = assert_clean_error(work.render("-o", work.out))
    assert "--force" in message
    assert snapshot(work.out) == before


def test_an_existing_bundle_folder_with_only_user_files_is_refused_without_force(work: Work) -> None:
    bundle = work.out / SLUG
    bundle.mkdir(parents=True)
    (bundle / "notes.txt").write_text("ideas for the post\n")
    message = assert_clean_error(work.render("-o", work.out))
    assert "--force" in message
    assert files_under(bundle) == ["notes.txt"]
    work.render_ok("-o", work.out, "--force")
    assert (bundle / "notes.txt").read_text() == "ideas for the post\n"
    assert (bundle / "index.md").is_file()


def test_force_replaces_only_retells_files(work: Work) -> None:
    work.render_ok("-o", work.out)
    bundle = work.out / SLUG
    (bundle / "notes.txt").write_text("my notes, not retell's\n")
    (bundle / "extra-figure.png").write_bytes(b"\x89PNG user file")
    old_photo = image_links(split_page((bundle / "index.md").read_text())[1])[1][1]
    work.set_image(work.session.photo, include=False)
    work.render_ok("-o", work.out, "--force")
    assert (bundle / "notes.txt").read_text() == "my notes, not retell's\n"
    assert (bundle / "extra-figure.png").read_bytes() == b"\x89PNG user file"
    assert not (bundle / old_photo).exists()  # retell's own image the post no longer uses
    assert len(bundle_images(bundle)) == 4  # two of retell's, the user's figure and notes
    record = json.loads((bundle / RECORD).read_text())
    assert f"{SLUG}/notes.txt" not in record["files"]
    assert len(record["files"]) == 3


def test_force_twice_gives_the_same_files(work: Work) -> None:
    work.render_ok("-o", work.out)
    first = snapshot(work.out)
    work.render_ok("-o", work.out, "--force")
    assert snapshot(work.out) == first


def test_a_user_written_index_md_is_never_overwritten(work: Work) -> None:
    bundle = work.out / SLUG
    bundle.mkdir(parents=True)
    (bundle / "index.md").write_text("---\ntitle: my own post\n---\nWritten by hand.\n")
    for args in ((), ("--force",)):
        message = assert_clean_error(work.render("-o", work.out, *args))
        assert "index.md" in message or "--force" in message
        assert (bundle / "index.md").read_text() == "---\ntitle: my own post\n---\nWritten by hand.\n"
        assert files_under(bundle) == ["index.md"]


def test_a_user_file_with_the_name_of_a_new_image_is_never_overwritten(work: Work) -> None:
    work.render_ok("-o", work.out)
    bundle = work.out / SLUG
    names = bundle_images(bundle)
    work.set_image(work.session.photo, include=False)
    work.render_ok("-o", work.out, "--force")
    # the author puts their own file where the excluded image used to be, then includes it again
    gone = next(n for n in names if not (bundle / n).exists())
    (bundle / gone).write_bytes(b"the author's file")
    work.set_image(work.session.photo, include=True)
    message = assert_clean_error(work.render("-o", work.out, "--force"))
    assert gone in message
    assert (bundle / gone).read_bytes() == b"the author's file"


def test_jekyll_existing_post_is_refused_without_force_and_replaced_with_it(work: Work) -> None:
    work.render_ok("-o", work.out, "--target", "jekyll")
    post = work.out / "_posts" / f"2026-01-05-{SLUG}.md"
    before = snapshot(work.out)
    message = assert_clean_error(work.render("-o", work.out, "--target", "jekyll"))
    assert "--force" in message
    assert snapshot(work.out) == before
    (work.out / "_posts" / "2025-12-01-another.md").write_text("---\nlayout: post\n---\nmine\n")
    work.render_ok("-o", work.out, "--target", "jekyll", "--force")
    assert post.is_file()
    assert (work.out / "_posts" / "2025-12-01-another.md").read_text() == "---\nlayout: post\n---\nmine\n"


def test_jekyll_a_post_file_retell_did_not_write_is_never_overwritten(work: Work) -> None:
    post = work.out / "_posts" / f"2026-01-05-{SLUG}.md"
    post.parent.mkdir(parents=True)
    post.write_text("---\nlayout: post\ntitle: mine\n---\n")
    message = assert_clean_error(work.render("-o", work.out, "--target", "jekyll", "--force"))
    assert "not written by retell" in message
    assert post.read_text() == "---\nlayout: post\ntitle: mine\n---\n"
    assert not (work.out / "assets").exists()


def test_jekyll_a_new_date_moves_the_post_and_removes_the_old_file(work: Work) -> None:
    work.render_ok("-o", work.out, "--target", "jekyll")
    work.set_post(date="2026-02-10T08:00:00+00:00")
    work.render_ok("-o", work.out, "--target", "jekyll", "--force")
    assert files_under(work.out / "_posts") == [f"2026-02-10-{SLUG}.md"]


# -- bad input ----------------------------------------------------------------------------------------


def test_a_workdir_without_a_draft(work: Work) -> None:
    (work.path / "draft.md").unlink()
    message = assert_clean_error(work.render("-o", work.out))
    assert "draft.md" in message and "retell draft" in message
    assert not work.out.exists()


def test_a_missing_workdir(tmp_path: Path) -> None:
    message = assert_clean_error(retell("render", tmp_path / "nope"))
    assert "nope" in message


def test_an_unapproved_triage(work: Work) -> None:
    work.edit_triage(lambda doc: doc.__setitem__("approved", False))
    message = assert_clean_error(work.render("-o", work.out))
    assert "not approved" in message and "--approve" in message
    assert not work.out.exists()


def test_a_workdir_without_triage(tmp_path: Path) -> None:
    session = write_session(tmp_path / "s")
    workdir = tmp_path / "w"
    from retell.claude.locate import resolve_session
    from retell.parse import ParseOptions, parse_to_workdir

    parse_to_workdir(resolve_session(str(session.path)), workdir, ParseOptions())
    message = assert_clean_error(retell("render", workdir))
    assert "triage" in message
    assert not (workdir / "post").exists()


def test_an_invalid_triage_is_reported_with_its_line(work: Work) -> None:
    work.set_image(work.session.small, include=False)
    work.set_post(cover=work.session.small)
    result = work.render("-o", work.out)
    message = assert_clean_error(result, one_line=False)
    assert "triage.yaml:" in message and "cover" in message
    assert not work.out.exists()


def test_an_unknown_target(work: Work) -> None:
    result = work.render("-o", work.out, "--target", "gatsby")
    assert result.exit_code in (1, 2)
    assert "gatsby" in result.output
    assert not work.out.exists()


def test_a_corrupt_image_aborts_cleanly(work: Work) -> None:
    asset = work.asset(work.session.wide)
    asset.write_bytes(asset.read_bytes()[:200])  # truncated PNG
    message = assert_clean_error(work.render("-o", work.out))
    assert work.session.wide in message
    assert "triage.yaml" in message  # says how to get past it
    assert not work.out.exists()
    assert leftovers_beside(work.out) == []


def test_a_corrupt_image_leaves_the_previous_post_untouched(work: Work) -> None:
    work.render_ok("-o", work.out)
    before = snapshot(work.out)
    asset = work.asset(work.session.small)
    asset.write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(64))
    assert_clean_error(work.render("-o", work.out, "--force"))
    assert snapshot(work.out) == before
    assert leftovers_beside(work.out) == []


def test_a_non_image_in_assets_aborts(work: Work) -> None:
    work.asset(work.session.photo).write_text("this is not a JPEG\n")
    message = assert_clean_error(work.render("-o", work.out))
    assert work.session.photo in message


def test_an_excluded_corrupt_image_does_not_matter(work: Work) -> None:
    asset = work.asset(work.session.wide)
    asset.write_bytes(asset.read_bytes()[:200])
    work.set_image(work.session.wide, include=False)
    work.render_ok("-o", work.out)
    assert len(bundle_images(work.out / SLUG)) == 2


def test_an_output_path_that_is_a_file(work: Work) -> None:
    target = work.tmp / "a-file"
    target.write_text("not a folder\n")
    result = work.render("-o", target)
    assert_clean_error(result, one_line=False)
    assert target.read_text() == "not a folder\n"
