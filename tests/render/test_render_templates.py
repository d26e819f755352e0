"""Output templates are Jinja2 files the author can override (--templates-dir, then
$XDG_CONFIG_HOME/retell/templates, then retell's own); the "By the numbers" box is on by default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_clean_error
from render_support import SLUG, Work, expected_stats, fresh_work, isolate, split_page

HUGO_OVERRIDE = """\
---
title: {{ post.title | yaml }}
custom: from-my-templates
---

{{ body }}
"""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


def page(work: Work) -> tuple[dict, str]:
    return split_page((work.out / SLUG / "index.md").read_text(encoding="utf-8"))


def templates(folder: Path, **files: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("_md_j2", ".md.j2")).write_text(text, encoding="utf-8")
    return folder


# -- the stats box ------------------------------------------------------------------------------------


def test_stats_box_is_on_by_default_with_numbers_from_the_manifest_and_models_yaml(work: Work) -> None:
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert "\n## By the numbers\n" in body
    box = body.split("## By the numbers", 1)[1]
    tokens, cost = expected_stats(work.session.records)
    # most of the tokens are cache reads: said beside the count, which alone reads as that much new text
    assert re.search(rf"- \*\*Tokens\*\*: {tokens:,} \(\d+% read from cache\)\n", box)
    assert f"- **Cost at API prices**: ${cost:.2f}\n" in box
    assert "- **My messages**: 4\n" in box  # voice: first-person
    assert "- **Tool calls**: 3\n" in box
    assert "- **Files Claude edited or wrote**: 1\n" in box
    assert "Subagents" not in box and "compactions" not in box  # rows only when there is something to count
    # no credit while pyproject's [project.urls] names no home page: never a link nobody has checked, nor a bare
    # name no reader can look up
    assert body.rstrip().endswith("*Figures from the session transcript.*")
    assert "](http" not in box


HOME = "https://retell.example.org/"


@pytest.fixture
def home_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package metadata names a home page."""
    from importlib import metadata

    real = metadata.metadata

    class Meta(dict):
        def get_all(self, name: str, default=None):
            return [f"Homepage, {HOME}", "Source, https://example.com/src"]

    monkeypatch.setattr(metadata, "metadata", lambda name: Meta() if name == "retell" else real(name))


@pytest.mark.usefixtures("home_page")
def test_the_credit_links_to_the_home_page_the_package_metadata_names(work: Work) -> None:
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert body.rstrip().endswith("counted by [retell](https://retell.example.org/).*")


@pytest.mark.usefixtures("home_page")
def test_the_author_can_turn_the_credit_off_in_triage(work: Work) -> None:
    work.set_post(credit=False)
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert body.rstrip().endswith("*Figures from the session transcript.*")
    assert "retell" not in body.split("## By the numbers", 1)[1]


@pytest.mark.parametrize(
    ("language", "heading", "rows", "footer"),
    [
        (
            "ja",
            "## 数字で見る",
            ["- **送ったメッセージ**：4\n", "- **ツール呼び出し**：3\n"],
            "*数字はセッションの記録から（[retell](https://retell.example.org/) で集計）。*",
        ),
        (
            "zh-Hant",
            "## 數據一覽",
            ["- **我送出的訊息**：4\n", "- **Claude 編輯或寫入的檔案**：1\n"],
            "*數據取自工作階段紀錄，由 [retell](https://retell.example.org/) 統計。*",
        ),
        (
            "zh-CN",
            "## 数据一览",
            ["- **我发出的消息**：4\n", "- **Claude 编辑或写入的文件**：1\n"],
            "*数据来自会话记录，由 [retell](https://retell.example.org/) 统计。*",
        ),
        (
            "de",
            "## In Zahlen",
            ["- **Meine Nachrichten**: 4\n", "- **Tool-Aufrufe**: 3\n"],
            "*Zahlen aus dem Protokoll der Sitzung, gezählt von [retell](https://retell.example.org/).*",
        ),
        (
            "pt-BR",
            "## Em números",
            ["- **Minhas mensagens**: 4\n"],
            "*Números da transcrição da sessão, contados pelo [retell](https://retell.example.org/).*",
        ),
    ],
)
@pytest.mark.usefixtures("home_page")
def test_the_stats_box_speaks_the_posts_language(
    work: Work, language: str, heading: str, rows: list[str], footer: str
) -> None:
    work.set_post(language=language)
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert f"\n{heading}\n" in body and "By the numbers" not in body
    for row in rows:
        assert row in body
    assert body.rstrip().endswith(footer)


def test_the_stats_box_formats_numbers_and_money_as_the_language_does(work: Work) -> None:
    tokens, cost = expected_stats(work.session.records)
    work.set_post(language="de")
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert f"- **Tokens**: {tokens:,} (".replace(",", ".") in body
    assert f"- **Kosten zu API-Preisen**: {cost:.2f}".replace(".", ",") + "\xa0$\n" in body


def test_stats_box_speaks_of_the_author_in_third_person(work: Work) -> None:
    work.set_post(voice="third-person")
    work.render_ok("-o", work.out)
    _, body = page(work)
    assert "- **Messages from the author**: 4\n" in body


def test_no_stats_removes_the_box(work: Work) -> None:
    work.render_ok("-o", work.out, "--no-stats")
    _, body = page(work)
    assert "By the numbers" not in body
    assert "Cost at API prices" not in body
    assert body.rstrip().endswith("Everything lines up on both layouts now.”")


# -- overrides ----------------------------------------------------------------------------------------


def test_templates_dir_overrides_one_template_and_falls_back_for_the_rest(work: Work) -> None:
    folder = templates(work.tmp / "mine", hugo_md_j2=HUGO_OVERRIDE)
    work.render_ok("-o", work.out, "--templates-dir", folder)
    meta, body = page(work)
    assert meta["custom"] == "from-my-templates"
    assert "slug" not in meta
    assert "## By the numbers" in body  # stats.md.j2 still comes from retell


def test_stats_template_can_be_overridden(work: Work) -> None:
    folder = templates(work.tmp / "mine", stats_md_j2="## Tally\n\n{{ facts.tool_calls }} tool calls.\n")
    work.render_ok("-o", work.out, "--templates-dir", folder)
    _, body = page(work)
    assert body.rstrip().endswith("## Tally\n\n3 tool calls.")
    assert "By the numbers" not in body


def test_user_config_templates_are_used(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    config = work.tmp / "xdg"
    templates(config / "retell" / "templates", hugo_md_j2=HUGO_OVERRIDE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    work.render_ok("-o", work.out)
    meta, _ = page(work)
    assert meta["custom"] == "from-my-templates"


def test_user_templates_default_to_home_config(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    home = work.tmp / "home"
    templates(home / ".config" / "retell" / "templates", hugo_md_j2=HUGO_OVERRIDE)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    work.render_ok("-o", work.out)
    meta, _ = page(work)
    assert meta["custom"] == "from-my-templates"


def test_templates_dir_wins_over_the_user_config(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    config = work.tmp / "xdg"
    templates(config / "retell" / "templates", hugo_md_j2=HUGO_OVERRIDE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    folder = templates(work.tmp / "mine", hugo_md_j2=HUGO_OVERRIDE.replace("from-my-templates", "from-the-option"))
    work.render_ok("-o", work.out, "--templates-dir", folder)
    meta, _ = page(work)
    assert meta["custom"] == "from-the-option"


def test_a_missing_templates_dir_is_an_error(work: Work) -> None:
    message = assert_clean_error(work.render("-o", work.out, "--templates-dir", work.tmp / "nope"))
    assert "nope" in message
    assert not work.out.exists()


def test_an_undefined_variable_in_a_template_is_an_error(work: Work) -> None:
    folder = templates(work.tmp / "mine", hugo_md_j2="---\ntitle: {{ post.subtitle }}\n---\n\n{{ body }}\n")
    message = assert_clean_error(work.render("-o", work.out, "--templates-dir", folder))
    assert "hugo.md.j2" in message and "subtitle" in message
    assert not work.out.exists()


def test_a_template_syntax_error_names_the_file_and_line(work: Work) -> None:
    folder = templates(work.tmp / "mine", hugo_md_j2="---\ntitle: x\n---\n\n{% if body %}\n{{ body }}\n")
    message = assert_clean_error(work.render("-o", work.out, "--templates-dir", folder))
    assert re.search(r"hugo\.md\.j2:\d+", message), message
    assert not work.out.exists()


def test_an_overriding_template_still_goes_through_the_gate(work: Work) -> None:
    folder = templates(
        work.tmp / "mine", hugo_md_j2=HUGO_OVERRIDE.replace("{{ body }}", "{{ body }}\n\n[TODO: footer]")
    )
    assert_clean_error(work.render("-o", work.out, "--templates-dir", folder))
    assert not work.out.exists()
