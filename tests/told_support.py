"""One session told offline, end to end, for the title and heading tests: parse, triage (approved as
proposed), the offline outline and draft, and render; what the author sees is triage.yaml's title and the
post's headings. The offline fixtures and `ok` here are shared by the other tests that run retell offline."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript
from typer.testing import Result

from retell.claude.locate import SessionRef
from retell.markup import heading_text
from retell.parse import ParseOptions, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

OFFLINE = StageOptions(engine="offline")
CWD = "/srv/demo/proj"


# What the machine running the tests may set that would reach a model or the user's own settings.
LIVE_SETTINGS = ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "CLAUDE_CONFIG_DIR")


def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, names: tuple[str, ...] = LIVE_SETTINGS) -> None:
    """`names` unset and a config of the test's own (no user overrides of prompts or prices)."""
    for name in names:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture
def no_live_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No key, gateway, model or Claude Code config from the machine, and a config of the test's own."""
    offline(monkeypatch, tmp_path)


@pytest.fixture
def offline_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No API key and a config and cache of the test's own: the offline engine, whatever the machine has."""
    offline(monkeypatch, tmp_path, ("ANTHROPIC_API_KEY",))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def ok(result: Result) -> Result:
    """`result`, once its command is known to have succeeded (its output is the failure message otherwise)."""
    assert result.exit_code == 0, result.output
    return result


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
        """The offline outline's section headings, as the post shows them: a post of one section shows its heading
        nowhere (offline.headless), but the outline, the revise prompt and triage's chapter title keep it, and the
        heading builder is what these tests read."""
        outline = yaml.safe_load((self.work / "outline.yaml").read_text(encoding="utf-8"))
        return [heading_text(str(s["heading"])) for s in outline["sections"]]

    @property
    def post_headings(self) -> list[str]:
        """The `## ` headings the rendered post shows, the closing ones aside."""
        return [h for h in re.findall(r"^## (.+)$", self.post, re.M) if h not in ("By the numbers", "Where it ended")]


def edit(tx: Transcript, path: str) -> None:
    """An Edit of `path` (relative to the project) that succeeded."""
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": "a = 1", "new_string": "a = 2"}, "ok")
