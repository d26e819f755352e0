"""Golden files: the same session gives a byte-identical post for every target (stats box on, priced from
retell/data/models.yaml). `RETELL_UPDATE_GOLDEN=1 pytest tests/render` rewrites tests/render/golden/.

Image names are content hashes of the re-encoded files, so a Pillow/libwebp upgrade that changes the encoder's
bytes changes them too: regenerate, and check that only the names moved.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from render_support import TARGETS, Work, check_golden, files_under, fresh_work, isolate, prepare, snapshot


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


@pytest.mark.parametrize("target", TARGETS)
def test_post_matches_the_golden_file(work: Work, target: str) -> None:
    work.render_ok("-o", work.out, "--target", target)
    (page,) = [n for n in files_under(work.out) if n.endswith(".md")]
    check_golden(f"{target}.md", (work.out / page).read_text(encoding="utf-8"))
    check_golden(f"{target}.files.txt", "\n".join(files_under(work.out)) + "\n")


@pytest.mark.parametrize("target", TARGETS)
def test_two_work_folders_from_one_session_give_identical_output(work: Work, target: str) -> None:
    """Parsed, triaged and drafted again from scratch: every output byte is the same (images included)."""
    other = prepare(work.session, work.tmp / "again")
    work.render_ok("-o", work.out, "--target", target)
    Work(work.session, other, work.tmp).render_ok("-o", work.tmp / "site2", "--target", target)
    assert snapshot(work.out) == snapshot(work.tmp / "site2")
