"""Prompt templates: found in an editable install and in a wheel, overridable (--prompts-dir, then
$XDG_CONFIG_HOME/retell/prompts), rendered strictly (an undefined variable is an error naming the template)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from llm_support import (
    REPO_ROOT,
    Stub,
    call_logs,
    failed,
    install,
    isolate,
    make_workdir,
    ok,
    run,
)

SHIPPED = REPO_ROOT / "prompts"
PROMPTS = ("system.md.j2", "outline.md.j2", "outline_context.md.j2", "section_task.md.j2", "finish_task.md.j2")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


def _override(folder: Path, name: str, transform) -> Path:  # type: ignore[no-untyped-def]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(transform((SHIPPED / name).read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def test_every_prompt_is_shipped() -> None:
    for name in PROMPTS:
        assert (SHIPPED / name).is_file(), name


def test_prompts_dir_changes_the_request(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _override(tmp_path / "mine", "system.md.j2", lambda t: "HOUSE STYLE: short paragraphs.\n\n" + t)
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    ok(run("outline", workdir, "--force", "--prompts-dir", folder))
    plain, mine = stub.bodies
    assert not plain["system"][0]["text"].startswith("HOUSE STYLE")
    assert mine["system"][0]["text"].startswith("HOUSE STYLE: short paragraphs.")
    assert mine["system"][0]["text"].endswith(plain["system"][0]["text"])
    assert mine["messages"] == plain["messages"]  # the other templates still come from retell
    hashes = {log["template_hash"].split("+")[0] for log in call_logs(workdir)}
    assert len(hashes) == 2  # the log tells which template was used


def test_prompts_dir_section_template_reaches_every_section(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _override(tmp_path / "mine", "section_task.md.j2", lambda t: t + "\nEnd every section with a question.")
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    ok(run("draft", workdir, "--prompts-dir", folder))
    sections = stub.of("section:s1") + stub.of("section:s2")
    assert len(sections) == 2
    for body in sections:
        assert body["messages"][0]["content"][0]["text"].endswith("End every section with a question.")


def test_xdg_config_home_prompts_are_used(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _override(tmp_path / "xdg" / "retell" / "prompts", "outline.md.j2", lambda t: t + "\nUSER CONFIG PROMPT")
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    assert stub.bodies[0]["messages"][0]["content"][0]["text"].rstrip().endswith("USER CONFIG PROMPT")
    # --prompts-dir comes before the user's config folder
    folder = _override(tmp_path / "mine", "outline.md.j2", lambda t: t + "\nPROMPTS DIR")
    ok(run("outline", workdir, "--force", "--prompts-dir", folder))
    assert stub.bodies[1]["messages"][0]["content"][0]["text"].rstrip().endswith("PROMPTS DIR")


def test_home_config_prompts_are_used_without_xdg(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_CONFIG_HOME")
    _override(tmp_path / "home" / ".config" / "retell" / "prompts", "outline.md.j2", lambda t: t + "\nHOME CONFIG")
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    assert stub.bodies[0]["messages"][0]["content"][0]["text"].rstrip().endswith("HOME CONFIG")


def test_an_undefined_variable_names_the_template(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _override(tmp_path / "mine", "system.md.j2", lambda t: t + "\nWritten for {{ post.readership }}.")
    install(monkeypatch, stub := Stub())
    message = failed(run("outline", workdir, "--prompts-dir", folder))
    assert "system.md.j2" in message
    assert "readership" in message
    assert stub.bodies == []
    folder = _override(tmp_path / "mine2", "outline.md.j2", lambda t: t + "\n{{ nonexistent_variable }}")
    message = failed(run("outline", workdir, "--prompts-dir", folder))
    assert "outline.md.j2" in message and "nonexistent_variable" in message
    assert stub.bodies == []


def test_a_template_syntax_error_names_file_and_line(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _override(tmp_path / "mine", "outline.md.j2", lambda t: "line one\n{% for x in %}\n" + t)
    install(monkeypatch, stub := Stub())
    message = failed(run("outline", workdir, "--prompts-dir", folder))
    assert "outline.md.j2:2: template syntax error" in message
    assert stub.bodies == []


def test_a_missing_prompts_dir(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    assert "no such prompts folder" in failed(run("outline", workdir, "--prompts-dir", tmp_path / "nope"))
    assert stub.bodies == []


# -- where the shipped prompts are found -------------------------------------------------------------


def test_pyproject_ships_prompts_and_templates_in_the_wheel() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["retell"]
    assert wheel["force-include"] == {"prompts": "retell/_data/prompts", "templates": "retell/_data/templates"}


def test_an_installed_layout_finds_its_prompts(tmp_path: Path) -> None:
    """The wheel's layout without building one: retell/ with _data/prompts inside, no top-level prompts/."""
    site = tmp_path / "site"
    shutil.copytree(REPO_ROOT / "retell", site / "retell", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(SHIPPED, site / "retell" / "_data" / "prompts")
    shutil.copytree(REPO_ROOT / "templates", site / "retell" / "_data" / "templates")
    code = (
        "from retell.templating import shipped_dir, TemplateLibrary\n"
        "import retell\n"
        "print(retell.__file__)\n"
        "print(shipped_dir('prompts'))\n"
        "print(TemplateLibrary('prompts').env.get_template('system.md.j2').filename)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    )
    package, prompts, system = result.stdout.split()
    assert Path(package).is_relative_to(site)
    assert Path(prompts) == site / "retell" / "_data" / "prompts"
    assert Path(system) == site / "retell" / "_data" / "prompts" / "system.md.j2"


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("hatchling") is None,
    reason="hatchling is not installed in this venv (building offline needs --no-build-isolation)",
)
def test_the_built_wheel_holds_prompts_templates_and_prices(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-w", str(tmp_path)],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("retell-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in PROMPTS:
        assert f"retell/_data/prompts/{name}" in names
    templates = {n for n in names if n.startswith("retell/_data/templates/") and n.endswith(".j2")}
    assert templates == {f"retell/_data/templates/{p.name}" for p in (REPO_ROOT / "templates").glob("*.j2")}
    assert templates
    assert "retell/data/models.yaml" in names
    assert "retell/data/style.yaml" in names
