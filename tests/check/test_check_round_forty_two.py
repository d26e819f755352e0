"""Round forty-two, tuned on blind33 (fresh29's Dutch and Vietnamese sessions, written blind) after it was measured
untuned (rules and model, downgrade: 0.96 / 0.98 / 0.4 per 1,000 words):

- the verify prompt showed Claude's Vietnamese explanation as what `invoice.go` held: a search for spans of six
  characters or more started at `Arial`'s closing backtick and read the prose up to `tr()` as one span (the same
  search, for two or three characters, in five more places);
- "v0.9.0" of my message the paragraph cites traced to Claude's mention just before it, so "its claims trace to e6,
  next to the events it cites, and to none of them";
- a Vietnamese paragraph that only denies ("chưa tờ nào được in": not one sheet printed yet) shares few words
  with what it cites, as an English one does;
- both answerers judged "the first change to the code" contradicted by a write on a rewound branch, and let an
  invented surname stand where the material shows only `[REDACTED:person-name]`: the verify prompt now says how
  to read both."""

from __future__ import annotations

from pathlib import Path

from retell.check.text import code_spans
from retell.check.trace import _tells_absence
from retell.check.verify_evidence import _code_spans


def test_spans_pair_left_to_right() -> None:
    text = "Vấn đề nằm ở font: `Arial` ở đây là font lõi của PDF, chỉ có bảng mã cp1252 (Tây Âu), nên `tr()` không"
    assert code_spans(text) == ["Arial", "tr()"]
    assert code_spans(text, 5) == ["Arial"]
    assert _code_spans(text) == []  # (six characters or more: neither span, and never the prose between them)
    assert _code_spans("run `go mod tidy` and `AddUTF8Font`") == ["go mod tidy", "AddUTF8Font"]


def test_a_vietnamese_denial_shares_no_words_with_what_it_cites() -> None:
    assert _tells_absence("Khổ 80mm thì chưa tờ nào được in trên máy XP-80, và chưa ai mở ra nhìn chữ.")
    assert not _tells_absence("Khổ 80mm đã được in trên máy XP-80.")


def test_the_verify_prompt_says_how_to_read_a_rewound_branch_and_a_redaction() -> None:
    system = (Path(__file__).resolve().parents[2] / "prompts" / "verify_system.md.j2").read_text(encoding="utf-8")
    assert '"the first change to the code"' in system and "the branch the story kept" in system
    assert "`[REDACTED:…]` stands for words the material hides from you" in system
