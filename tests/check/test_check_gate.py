# ruff: noqa: F811  (the fixtures imported from check_support are requested by name)
"""The check where the pipeline meets it: `retell draft` reports it, `retell render` prints its summary and
strips every hidden marker, `--strict` (render and run) stops on an untraced author quote or number, and an
author's `<!-- ok -->` accepts a claim without reaching the post."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from check_support import _offline, approved_example, check_example, example  # noqa: F401  (fixtures)
from planted import EXAMPLE, FAITHFUL
from typer.testing import CliRunner

from retell.cli import app

INVENTED_QUOTE = "> honestly, just delete the whole cache folder and move on. <!-- ev: e29 -->"
PIVOT = (
    "> this feels wrong, let's stop patching text after the fact. every rule we add is going to eat some real "
    "headline. <!-- ev: e29 -->"
)


def _run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def _draft(work: Path, text: str) -> None:
    (work / "draft.md").write_text(text, encoding="utf-8")


def _post(work: Path) -> str:
    return next((work / "post").rglob("index.md")).read_text(encoding="utf-8")


def test_draft_reports_the_check_like_the_style_check(example: Path) -> None:
    assert _run("outline", example, "--engine", "offline")[0] == 0
    code, out, err = _run("draft", example, "--engine", "offline")
    assert code == 0, err
    summary = next(ln for ln in out.splitlines() if ln.startswith("Check: "))
    assert summary.endswith("traced to the session; nothing untraced")
    assert "<!-- ev: e1 -->" in (example / "draft.md").read_text(encoding="utf-8")


def test_render_prints_the_summary_and_publishes_no_marker(example: Path) -> None:
    text = FAITHFUL.read_text(encoding="utf-8").replace(
        "all 16 tests passed.", "all 16 tests passed. <!-- ok: the author's own count -->"
    )
    assert text.count("<!--") >= 15
    _draft(example, text)
    code, out, err = _run("render", example)
    assert code == 0, err
    assert "Check: 57 claim(s) in draft.md, 57 traced to the session; nothing untraced" in out
    assert "Note: 1 quote(s) were cleaned" in out
    post = _post(example)
    assert "<!--" not in post and "-->" not in post
    assert "every rule we add is going to eat some real headline." in post  # the quote itself stays


def test_without_strict_an_untraced_quote_is_reported_and_the_post_written(example: Path) -> None:
    _draft(example, FAITHFUL.read_text(encoding="utf-8").replace(PIVOT, INVENTED_QUOTE))
    code, out, err = _run("render", example)
    assert code == 0, err
    assert f"1 untraced, 0 contradicted (1 would stop render --strict) (details: retell check {example})" in out
    assert "honestly, just delete the whole cache folder" in _post(example)


def test_strict_stops_on_an_untraced_author_quote_like_a_secret(example: Path) -> None:
    _draft(example, FAITHFUL.read_text(encoding="utf-8").replace(PIVOT, INVENTED_QUOTE))
    code, _, err = _run("render", example, "--strict")
    assert code == 1
    assert "publish gate (--strict): 1 claim(s) in draft.md the session contradicts or does not have" in err
    assert 'draft.md:38: author quote: "honestly, just delete the whole cache folder and move on."' in err
    assert not (example / "post").exists()


def test_strict_stops_on_an_invented_number(example: Path) -> None:
    _draft(example, FAITHFUL.read_text(encoding="utf-8").replace("all 16 tests passed", "all 20 tests passed"))
    code, _, err = _run("render", example, "--strict")
    assert code == 1 and 'draft.md:48: number: "20 tests"' in err
    assert not (example / "post").exists()


def test_strict_lets_other_kinds_through_they_are_only_reported(example: Path) -> None:
    _draft(example, FAITHFUL.read_text(encoding="utf-8").replace("`tidyfeeds/fetch.py` and", "`tidyfeeds/http.py` and"))
    code, out, err = _run("render", example, "--strict")
    assert code == 0, err
    assert "1 untraced" in out


def test_an_accepted_claim_passes_strict_and_its_mark_is_not_published(example: Path) -> None:
    accepted = INVENTED_QUOTE.replace("<!-- ev: e29 -->", "<!-- ok: I said this on the phone -->")
    _draft(example, FAITHFUL.read_text(encoding="utf-8").replace(PIVOT, accepted))
    code, out, _ = _run("check", example, "-v")
    assert code == 0
    assert "(accepted: I said this on the phone)" in out
    assert out.strip().splitlines()[-1].endswith("; 1 accepted by you")
    code, _, err = _run("render", example, "--strict")
    assert code == 0, err
    post = _post(example)
    assert "honestly, just delete the whole cache folder and move on." in post
    assert "phone" not in post and "<!--" not in post


def test_run_strict_stops_at_render_when_an_edited_draft_invents_a_number(tmp_path: Path) -> None:
    work = tmp_path / "w"
    code, _, err = _run("run", EXAMPLE, "-o", work, "--yes", "--engine", "offline", "-q")
    assert code == 0, err
    draft = work / "draft.md"
    text = draft.read_text(encoding="utf-8")
    edited = re.sub(r"\b35 tool calls\b", "52 tool calls", text, count=1)
    assert edited != text
    draft.write_text(edited, encoding="utf-8")  # the draft is kept: triage and outline did not change
    code, _, err = _run("run", EXAMPLE, "-o", work, "--strict")
    assert code == 1
    assert 'number: "52 tool calls"' in err
    code, _, err = _run("run", EXAMPLE, "-o", work)
    assert code == 0, err


def test_run_strict_passes_the_readme_s_example_of_three_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offline engine's own post of several sessions passes its check: "over three days" (the calendar
    days the sessions span, as the prompts' facts say it) and "Three hours later" (the pause between two of
    them) trace, and a wrong pause does not."""
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(EXAMPLE.parents[2]))
    work = tmp_path / "w"
    code, _, err = _run(
        "run", "0b7c3f52", "5a1e94d0", "c3d97e21", "-o", work, "--yes", "--engine", "offline", "--strict"
    )
    assert code == 0, err
    code, out, _ = _run("check", work, "-v")
    assert code == 0
    assert re.search(r'number: "three days" -> stats', out) and re.search(r'number: "Three hours" -> ', out)
    draft = work / "draft.md"
    draft.write_text(
        draft.read_text(encoding="utf-8").replace("Three hours later", "Ten hours later"), encoding="utf-8"
    )
    code, out, _ = _run("check", work)
    assert code == 1 and 'number: "Ten hours": no two events near this paragraph are that far apart' in out


def test_a_marker_shown_as_code_is_neither_a_citation_nor_removed(example: Path) -> None:
    shown = "A citation looks like `<!-- ev: e999 -->` <!-- ok: an example --> at the end of a paragraph.\n"
    _draft(example, FAITHFUL.read_text(encoding="utf-8") + "\n" + shown)
    code, out, err = _run("check", example, "-v")
    assert code == 0, out + err
    assert 'code: "<!-- ev: e999 -->": no event names it (accepted: an example)' in out
    code, _, err = _run("render", example)
    assert code == 0, err
    assert "`<!-- ev: e999 -->`" in _post(example)
