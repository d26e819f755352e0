"""What the README and --help say is what retell does (issue 25): render --check after a render, a second
target into the default folder, an unknown engine, --dry-run with --max-cost, run --yes, Debian's venv."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
OFFLINE = {"ANTHROPIC_API_KEY": None, "ANTHROPIC_BASE_URL": None, "RETELL_MODEL": None, "CLAUDE_CONFIG_DIR": None}


def retell(*args: str | Path, config: Path) -> Result:
    env = {**OFFLINE, "XDG_CONFIG_HOME": str(config / "config"), "XDG_CACHE_HOME": str(config / "cache")}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def flat(text: str) -> str:
    """Rich's boxed text as one line of words."""
    return " ".join(text.replace("│", " ").split())


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example run offline to the end once: its Hugo post in WORKDIR/post."""
    base = tmp_path_factory.mktemp("documented")
    result = retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", base / "work", config=base)
    assert result.exit_code == 0, result.output
    return base / "work"


@pytest.fixture
def work(rendered: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "work"
    shutil.copytree(rendered, copy)
    return copy


def test_render_check_after_a_render_passes_and_says_what_the_write_needs(work: Path, tmp_path: Path) -> None:
    """README: `--check` runs only the gate. An earlier render is no failure of the gate."""
    before = sorted(p.relative_to(work) for p in work.rglob("*"))
    result = retell("render", work, "--check", config=tmp_path)
    assert result.exit_code == 0, result.output
    assert "Publish gate passed:" in result.stdout
    assert "already exists: pass --force to replace" in result.stdout
    assert sorted(p.relative_to(work) for p in work.rglob("*")) == before  # wrote nothing


def test_a_second_target_into_the_default_folder_names_the_render_there(work: Path, tmp_path: Path) -> None:
    result = retell("render", work, "--target", "astro", config=tmp_path)
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert "\n" not in message
    assert "holds retell's hugo render of this post: pass --force to replace it with the astro one" in message
    assert "-o DIR" in message
    forced = retell("render", work, "--target", "astro", "--force", config=tmp_path)
    assert forced.exit_code == 0, forced.output


def test_an_unknown_engine_is_refused_before_anything_runs(tmp_path: Path) -> None:
    result = retell("run", EXAMPLE, "--yes", "--engine", "gpt", "-o", tmp_path / "work", config=tmp_path)
    assert result.exit_code == 2
    assert "unknown engine 'gpt'; choose one of anthropic, claude-cli, handoff, offline" in flat(result.output)
    assert not (tmp_path / "work").exists()  # not parsed, not triaged: refused at once
    for command in ("outline", "draft", "revise"):
        assert retell(command, tmp_path, "--engine", "gpt", config=tmp_path).exit_code == 2


def test_a_dry_run_says_when_max_cost_would_refuse_the_run(tmp_path: Path) -> None:
    work = tmp_path / "work"
    over = retell("run", EXAMPLE, "--yes", "--dry-run", "--max-cost", "0.01", "-o", work, config=tmp_path)
    assert over.exit_code == 0, over.output
    assert "Above --max-cost $0.01: estimated at $" in over.stdout and "would be refused" in over.stdout
    within = retell("run", EXAMPLE, "--yes", "--dry-run", "--max-cost", "100", "-o", work, config=tmp_path)
    assert "Within --max-cost $100.00" in within.stdout
    assert "Above --max-cost" not in within.stdout


def test_run_yes_says_it_approves_the_file_as_it_stands(tmp_path: Path) -> None:
    help_text = flat(retell("run", "--help", config=tmp_path).stdout)
    assert "Approve triage.yaml as it stands" in help_text
    assert "Approve triage's defaults" not in help_text


def test_the_readme_says_debian_needs_python3_venv() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv" in readme and "python3-venv" in readme
