"""What a length in a prompt counts, said where the prompt asks for it. Two models answering the prompts of fresh19
sessions (stop 49, one English, one Traditional Chinese) each asked whether a section's range counts its code blocks
(it does: the post's length is counted over all its text), and how "at most about 12 words" and "at most 30 words"
read for a title and a description in Chinese, where a post's length is counted in characters."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import outline_prompt, parse_work, section_prompts
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

PROJECTS = "claude/projects/-home-mei-src-stall-bot"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _session(tx: Transcript, ask: str) -> Transcript:
    tx.user(ask)
    tx.tool_call("Read", {"file_path": "/home/mei/src/stall-bot/src/qty.ts"}, "export const qty = (s: string) => +s")
    tx.tool_call(
        "Edit",
        {"file_path": "/home/mei/src/stall-bot/src/qty.ts", "old_string": "+s", "new_string": "+s.normalize('NFKC')"},
        "ok",
    )
    tx.tool_call("Bash", {"command": "pnpm test"}, "Tests  12 passed (12)")
    tx.assistant("Quantities typed with full-width digits now parse.")
    return tx


def test_a_section_range_says_its_code_counts(tmp_path: Path, tx: Transcript) -> None:
    work = parse_work(tmp_path, _session(tx, "make qty parsing accept full-width digits like ２"), PROJECTS)
    lengths = [ln for p in section_prompts(work) for ln in p.splitlines() if ln.startswith("Length: ")]
    assert lengths and all("stop. Code blocks and code spans count toward it." in ln for ln in lengths), lengths


def test_a_chinese_title_and_description_are_measured_in_characters(tmp_path: Path, tx: Transcript) -> None:
    work = parse_work(tmp_path, _session(tx, "數量輸入全形數字的時候解析失敗，請修好"), PROJECTS, "zh-Hant")
    prompt = outline_prompt(work)
    assert "at most about 30 characters" in prompt and "of at most 80 characters" in prompt
    assert "12 words" not in prompt and "30 words" not in prompt


def test_an_english_title_is_measured_in_words(tmp_path: Path, tx: Transcript) -> None:
    work = parse_work(tmp_path, _session(tx, "make qty parsing accept full-width digits like ２"), PROJECTS)
    prompt = outline_prompt(work)
    assert "at most about 12 words" in prompt and "of at most 30 words" in prompt
