"""bench/fidelity.py counts an author message as told when the post quotes it after a lead that says the author
wrote it: the log an author pasted with their words is shown as a fenced code block beside the quote, and is
part of what was told (three messages of a blind set were counted lost while the post showed them whole)."""

from __future__ import annotations

from types import ModuleType

import pytest
from bench_support import load_bench


@pytest.fixture(scope="module")
def fidelity() -> ModuleType:
    return load_bench("fidelity.py", "fidelity_bench")


def test_a_quote_and_the_log_after_it_are_one_message(fidelity: ModuleType) -> None:
    log = "ConnectionError: Error 111\n\nConnection refused."
    post = f"Next, I asked:\n\n> the CI broke:\n\n```\n{log}\n```\n\nClaude replied."
    (quote,) = fidelity.author_quotes(post)
    assert fidelity._key(quote) == fidelity._key(f"the CI broke:\n```\n{log}")


def test_a_log_before_the_words_is_part_of_the_message(fidelity: ModuleType) -> None:
    post = "Then I wrote:\n\n```\n pid | state\n 8812 | idle\n```\n\n> that job holds a transaction open\n\nNext."
    (quote,) = fidelity.author_quotes(post)
    assert fidelity._key(quote).startswith("pidstate8812idle")


def test_code_with_no_lead_is_no_quote_of_the_author(fidelity: ModuleType) -> None:
    assert fidelity.author_quotes("Claude ran:\n\n```\nls -la\n```\n\n> a quote of Claude") == []


def test_a_quote_with_a_name_redacted_is_the_message_it_quotes(fidelity: ModuleType) -> None:
    """retell redacts a colleague's name in the author's words by default: the quote is still theirs, not lost."""
    messages = ["ok, ask Priya about the flaky test first", "ok, ask me about the build"]
    quote = "ok, ask [REDACTED:person-name] about the flaky test first"
    assert fidelity.unredacted(quote, messages) == messages[0]
    assert fidelity.unredacted("ok, ask [REDACTED:person-name] about another test", messages).startswith("ok, ask [")


def test_a_redacted_quote_two_messages_could_be_is_left_as_it_is(fidelity: ModuleType) -> None:
    messages = ["thanks Ana, merged", "thanks Bo, merged"]
    assert fidelity.unredacted("thanks [REDACTED:person-name], merged", messages).startswith("thanks [")
