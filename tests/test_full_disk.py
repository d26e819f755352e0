"""A full disk (issue 25): a write that fails leaves no half-written file — draft.md.bak included, which keeps
draft.md's private mode — and the one-line error names the file it could not write."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from retell import fsutil
from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
OFFLINE = {"ANTHROPIC_API_KEY": None, "ANTHROPIC_BASE_URL": None, "RETELL_MODEL": None, "CLAUDE_CONFIG_DIR": None}


def _retell(*args: str | Path, env: dict[str, str | None]) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], env={**OFFLINE, **env})


@pytest.fixture(scope="module")
def drafted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example, run offline to the end once: a work folder with an approved triage, outline and draft."""
    base = tmp_path_factory.mktemp("full-disk")
    result = _retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", base / "work", env=_config(base))
    assert result.exit_code == 0, result.output
    return base / "work"


def _config(base: Path) -> dict[str, str | None]:
    return {"XDG_CONFIG_HOME": str(base / "config")}


@pytest.fixture
def edited(drafted: Path, tmp_path: Path) -> Path:
    """A copy of the work folder whose draft.md the author edited (so a re-draft keeps it as draft.md.bak)."""
    work = tmp_path / "work"
    shutil.copytree(drafted, work)
    draft = work / "draft.md"
    draft.write_text(draft.read_text(encoding="utf-8") + "\nMy own closing line.\n", encoding="utf-8")
    draft.chmod(0o600)
    return work


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_full_disk_while_the_draft_is_written_names_the_file(
    edited: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = (edited / "draft.md").read_bytes()
    real_fdopen = os.fdopen
    half_written: list[str] = []

    class FullDisk:
        """A file on a disk that fills up: half of what is written lands, then ENOSPC."""

        def __init__(self, fh) -> None:  # type: ignore[no-untyped-def]
            self.fh = fh

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()

        def write(self, data: bytes) -> int:
            self.fh.write(data[: len(data) // 2])
            self.fh.flush()
            half_written.append(self.fh.name)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return getattr(self.fh, name)

    monkeypatch.setattr(fsutil.os, "fdopen", lambda fd, *a, **k: FullDisk(real_fdopen(fd, *a, **k)))
    result = _retell("draft", edited, "--force", "--engine", "offline", env=_config(tmp_path))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    message = result.stderr.strip()
    assert "\n" not in message
    assert message.startswith("retell: error: ") and message.endswith(os.strerror(errno.ENOSPC))
    assert str(edited / "draft.md") in message  # which file: the backup of the author's draft, or the draft
    assert half_written
    assert (edited / "draft.md").read_bytes() == before
    assert not (edited / "draft.md.bak").exists()  # no half of a backup
    assert _leftovers(edited) == []


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE (POSIX)")
def test_a_backup_cut_short_by_the_disk_is_never_left_half_written(edited: Path, tmp_path: Path) -> None:
    """A real short write: the kernel stops the file at 4,096 bytes (RLIMIT_FSIZE), as a full disk would."""
    draft = edited / "draft.md"
    before = draft.read_bytes()
    assert len(before) > 4096

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    env = {k: v for k, v in os.environ.items() if k not in OFFLINE}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    done = subprocess.run(
        [sys.executable, "-m", "retell", "draft", str(edited), "--force", "--engine", "offline"],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=small_disk,
        timeout=300,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    message = done.stderr.strip().splitlines()[-1]
    assert message.startswith("retell: error: ") and str(edited / "draft.md") in message, message
    assert draft.read_bytes() == before
    backup = edited / "draft.md.bak"
    if backup.exists():  # whole, or not there at all; and as private as draft.md
        assert backup.read_bytes() == before
        assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert _leftovers(edited) == []


def test_a_backup_is_as_private_as_the_draft(edited: Path, tmp_path: Path) -> None:
    before = (edited / "draft.md").read_bytes()
    result = _retell("draft", edited, "--force", "--engine", "offline", env=_config(tmp_path))
    assert result.exit_code == 0, result.output
    backup = edited / "draft.md.bak"
    assert backup.read_bytes() == before
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
