"""What the offline engine quotes of a subagent's report: its prose, never a list's bold item heads read as one
sentence. A report laid out as "**3. Parameters** — `Source/Parameters.cpp` / `.h`" over a bullet, then "**4.
Tests** — …", was quoted "Parameters — `Source/Parameters.cpp` / `.h` Tests — `Tests/TestHelpers.h` Note: …": words
the subagent never wrote in that order, which retell's own check then reported (fresh20's audio plugin session,
stop 49). Our own wording below."""

from __future__ import annotations

from retell.write.offline import _informative

_REPORT = """## Queue worker map

**1. Claiming** — `src/queue/claim.ts`
- `claimNext()` selects the oldest pending row, then updates it in a second statement.

**2. Retries** — `src/queue/retry.ts` / `.d.ts`
- Backoff doubles from 2 s, at most 5 attempts.

**3. Tests** — `test/queue.test.ts`
- One test per state; no test runs two workers at once.

Note: nothing stops two workers from claiming the same row between the select and the update, so a race test needs
two connections."""


def test_a_reports_numbered_bold_heads_are_not_quoted_as_a_sentence() -> None:
    quoted = _informative(_REPORT, 2)
    assert "Claiming —" not in quoted and "Retries —" not in quoted and "Tests —" not in quoted, quoted
    assert quoted.startswith("Note: nothing stops two workers"), quoted


def test_a_reports_prose_is_still_quoted() -> None:
    text = "The claim takes two statements, not one. A second worker can read the row before the first one updates it."
    assert _informative(text, 2) == text
