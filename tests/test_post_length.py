"""The offline engine keeps to the post's length: more chapters than sections share sections, more episodes
than fit are told as one montage, and a section shows at most two images, the ones that earn their place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from long_session import long_session
from typer.testing import CliRunner, Result

from retell import yamlio
from retell.cli import app
from retell.triage.model import LENGTHS
from retell.write.locales import count_length


def run(*args: str | Path) -> Result:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def drafted(tmp_path: Path, length: str, *, caption: bool = False) -> str:
    """Every chapter of a long, wordy session told (the author included them all) as a `length` post."""
    source = long_session(10, images=3, asks=8).write(tmp_path / "long.jsonl")
    work = tmp_path / "w"
    run("parse", source, "-o", work, "-q")
    run("triage", work, "-q")
    doc = yamlio.load(work / "triage.yaml")
    doc["post"]["length"] = length
    for chapter in doc["chapters"]:
        chapter["include"] = True
    if caption:  # the last of the three images pasted with the first ask: not among the first two by order
        first_chapter = [image for image in doc["images"] if image["info"]["chapter"] == "ch1"]
        assert len(first_chapter) == 3
        first_chapter[-1]["caption"] = "The timeout, before the fix"
    yamlio.save(work / "triage.yaml", doc)
    run("triage", work, "--approve", "-q")
    run("outline", work, "--engine", "offline", "-q")
    run("draft", work, "--engine", "offline", "-q")
    return (work / "draft.md").read_text(encoding="utf-8")


def sections(draft: str) -> list[str]:
    return [part for part in re.split(r"\n## ", draft)[1:] if not part.startswith("Where it ended")]


@pytest.mark.parametrize(("length", "most"), [("short", 3), ("medium", 6)])
def test_the_offline_post_keeps_to_its_length(tmp_path: Path, length: str, most: int) -> None:
    draft = drafted(tmp_path, length)
    body = draft.split("\n---\n", 2)[-1]
    assert count_length(body, "en") <= LENGTHS[length][1]
    assert len(sections(body)) <= most
    assert "In between came" in body  # the episodes that did not fit, told in brief
    assert "Done with part 10" in body  # the end of the session is still told
    for section in sections(body):
        assert section.count("![") <= 2


def test_a_captioned_image_is_one_the_section_keeps(tmp_path: Path) -> None:
    draft = drafted(tmp_path, "short", caption=True)
    # (the first section's heading is stock, "The fix": it follows the opening under no heading, offline.opens_headless)
    first = re.split(r"\n## ", draft)[0]
    assert "## The fix" not in draft
    assert "![The timeout, before the fix](assets/" in first
    assert first.count("![") == 2


def test_the_montage_passes_the_posts_own_check(tmp_path: Path) -> None:
    """ "In between came six more asks (31 tool calls)": a count the cited asks cannot bear out, and bookkeeping the
    prompts keep out of a model's post; the offline engine's montage names the asks only, and its post passes
    `retell check`."""
    draft = drafted(tmp_path, "short")
    montage = next(line for line in draft.splitlines() if line.startswith("In between came"))
    assert "tool call" not in montage
    result = CliRunner().invoke(app, ["check", str(tmp_path / "w")])
    assert "tool calls" not in result.output
    assert "nothing untraced" in result.output, result.output
