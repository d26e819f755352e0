"""`retell preview --serve`: a real server process on 127.0.0.1 (a free port, printed) that rebuilds the page
when draft.md or triage.yaml changes, serves only the page and its images, shows an error page while the
post cannot be built, and stops on Ctrl-C with exit 0 and no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_error
from preview_support import serve
from render_support import Work, fresh_work, isolate, retell

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


def test_serve_rebuilds_on_every_change_and_stops_cleanly(work: Work) -> None:
    folder = work.path / "preview"
    with serve(work.path, work.tmp) as server:
        assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/")
        first = server.page()
        assert "Fixing the sidebar that covers the header" in first
        assert f'<meta name="retell-version" content="{server.version()}">' in first
        # only the page and its images are served
        images = sorted(p.name for p in folder.iterdir() if p.suffix in (".webp", ".png", ".jpg"))
        assert len(images) == 3
        for name in images:
            assert server.get(name) == (200, (folder / name).read_bytes())
        for other in (".retell-preview.json", "../draft.md", "/etc/passwd", "%2e%2e/triage.yaml"):
            assert server.get(other)[0] == 404, other

        # draft.md changes: a new version, the page and the file on disk say so
        work.append_to_draft("## A section written while the preview was open")
        server.wait_for(lambda: server.version() == "2", "the rebuild after draft.md changed")
        assert "A section written while the preview was open" in server.page()
        on_disk = (folder / "index.html").read_text(encoding="utf-8")
        assert "A section written while the preview was open" in on_disk
        assert "<script>" not in on_disk  # the reload script is only in the served page

        # triage.yaml changes: a caption appears
        work.set_image(work.session.wide, caption="Before the fix")
        server.wait_for(lambda: "Before the fix" in server.page(), "the rebuild after triage.yaml changed")

        # a broken triage.yaml: the page says what is wrong, and the server goes on
        good = (work.path / "triage.yaml").read_text(encoding="utf-8")
        (work.path / "triage.yaml").write_text("post: [\n", encoding="utf-8")
        server.wait_for(lambda: "The preview cannot be built" in server.page(), "the error page")
        assert "triage.yaml" in server.page()
        (work.path / "triage.yaml").write_text(good, encoding="utf-8")
        server.wait_for(lambda: "Before the fix" in server.page(), "the page after triage.yaml was fixed")

        code, out, err = server.interrupt()
    assert code == 0, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert out.splitlines()[-1] == "Stopped."
    assert any(line.startswith("retell: error: ") and "triage.yaml" in line for line in out.splitlines())


def test_serve_with_the_draft_full_of_problems_still_serves_them(work: Work) -> None:
    work.append_to_draft("[TODO: the ending]")
    with serve(work.path, work.tmp) as server:
        assert "[TODO: the ending]" in server.page()
        assert 'data-kind="placeholder"' in server.page()
        assert "1 finding(s) would stop render" in "\n".join(server.output())
        code, _out, err = server.interrupt()
    assert code == 0 and "Traceback" not in err


def test_serve_refuses_what_it_cannot_build_before_listening(work: Work) -> None:
    (work.path / "draft.md").unlink()
    assert "retell draft" in assert_clean_error(retell("preview", work.path, "--serve"))
