"""One session told offline, end to end, for the title and heading tests: parse, triage (approved as
proposed), the offline outline and draft, and render; what the author sees is triage.yaml's title and the
post's headings."""

from __future__ import annotations

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


@pytest.fixture
def offline_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No API key and a config and cache of the test's own: the offline engine, whatever the machine has."""
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


def edit(tx: Transcript, path: str) -> None:
    """An Edit of `path` (relative to the project) that succeeded."""
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": "a = 1", "new_string": "a = 2"}, "ok")
