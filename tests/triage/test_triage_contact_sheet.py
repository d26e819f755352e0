"""contact-sheet.png: the session's images as thumbnails, a row per chapter; left-out ones greyed, not hidden."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from PIL import Image, ImageChops
from triage_support import IMAGE_1, IMAGE_2, Session, make_session, parse_into, replace_line

from retell.triage.stage import run_triage

RED = (200, 30, 30)  # IMAGE_1, pasted in ch1
GREEN = (30, 160, 60)  # IMAGE_2, a screenshot in ch3


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return make_session(tmp_path)


def _open(path: Path) -> Image.Image:
    with Image.open(path) as img:
        img.verify()  # a complete, valid PNG
    img = Image.open(path)
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def _bbox(sheet: Image.Image, color: tuple[int, int, int]) -> tuple[int, int, int, int] | None:
    """Where the pixels of exactly `color` are (a thumbnail is a scaled-up solid block)."""
    diff = ImageChops.difference(sheet, Image.new("RGB", sheet.size, color)).convert("L")
    return diff.point(lambda v: 255 if v == 0 else 0).getbbox()


def _asset_of(session: Session, data: bytes) -> str:
    import hashlib

    digest = hashlib.sha256(data).hexdigest()
    (image,) = [i for i in session.result.manifest["images"] if i["sha256"] == digest]
    return image["asset"]


def test_written_with_the_images_grouped_by_chapter(session: Session, cli) -> None:
    result = cli("triage", session.workdir)
    assert result.exit_code == 0, result.output
    sheet_path = session.workdir / "contact-sheet.png"
    assert f"Contact sheet: {sheet_path}" in result.stdout
    sheet = _open(sheet_path)
    red, green = _bbox(sheet, RED), _bbox(sheet, GREEN)
    assert red is not None and green is not None
    assert red[2] - red[0] > 100  # a thumbnail, not the 6x4 original
    assert red[3] <= green[1]  # ch1's row above ch3's
    assert abs(red[0] - green[0]) < 20  # each starts its own row: one image per chapter


def test_left_out_images_are_shown_greyed(session: Session) -> None:
    first = run_triage(session.workdir).contact_sheet
    assert first is not None
    before = _open(first)
    red = _bbox(before, RED)
    assert red is not None
    text, _ = replace_line(
        session.triage.read_text(), r"^    include:", "include: false", after=rf"- file: {_asset_of(session, IMAGE_1)}"
    )
    session.triage.write_text(text)
    run_triage(session.workdir)
    after = _open(session.workdir / "contact-sheet.png")
    assert after.size == before.size  # still on the sheet
    assert _bbox(after, RED) is None  # no longer in colour
    r, g, b = after.getpixel(((red[0] + red[2]) // 2, (red[1] + red[3]) // 2))
    assert r == g == b and 60 < r < 110, (r, g, b)  # the same picture, in grey
    assert _bbox(after, GREEN) == _bbox(before, GREEN)


def test_a_missing_asset_gets_a_placeholder(session: Session) -> None:
    (session.workdir / "assets" / _asset_of(session, IMAGE_2)).unlink()
    outcome = run_triage(session.workdir)
    assert outcome.contact_sheet is not None
    sheet = _open(outcome.contact_sheet)
    assert _bbox(sheet, RED) is not None
    assert _bbox(sheet, GREEN) is None


def test_absent_without_images(tmp_path: Path, session_path: Path, cli) -> None:
    tx = Transcript()
    tx.user("no pictures today")
    tx.assistant("Fine.")
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    result = cli("triage", workdir)
    assert result.exit_code == 0, result.output
    assert not (workdir / "contact-sheet.png").exists()
    assert "Contact sheet" not in result.stdout
