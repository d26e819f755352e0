"""A run told as repeated ("re-ran them one by one", "las volvió a ejecutar", "les a relancés", "erneut
ausgeführt") needs a run where its paragraph points: among the cited events or their neighbours, a test command
when its sentence speaks of tests, else any command that runs something (not a `cat` or a `grep`). Nothing
there, and the repeat is a claim with no counterpart in the session."""

from __future__ import annotations

import re

from retell.check.claims import OUTCOME, Claim
from retell.check.document import QUOTE, Block
from retell.check.evidence import accept_marked
from retell.check.scope import near_events
from retell.check.sources import Sources
from retell.check.verdict import UNTRACED, Finding
from retell.extract.tools import SHELL_TOOLS, is_test_command, run_lines

# Run again, in English, Spanish, French and German.
_AGAIN = re.compile(
    r"\b(?:re-?ran|ran (?:it|them|the tests?|the suite|each|those) (?:\w+ )?again|"
    r"(?:volvió|volvieron|volví) a (?:ejecutar|lanzar|correr|pasar)|(?:ejecutó|lanzó|corrió) de nuevo|"
    r"(?:a|ont|ai) relancé|relança|relancé|(?:erneut|nochmals|noch einmal) (?:ausgeführt|gestartet|laufen lassen)"
    r"|führte (?:sie|ihn|es|die Tests?) (?:erneut|nochmals|noch einmal) aus)",
    re.I,
)
# Told as proposed, asked for or not done: "proposed to re-run", "propuso volver a ejecutar", "did not re-run"
_UNSAID = re.compile(
    r"\b(?:not|never|no|n't|would|could|should|might|will|proposed|suggested|offered|asked|wanted|"
    r"propuso|sugirió|ofreció|pidió|quería|no|nunca|proposé|proposa|suggéré|voulait|nicht|nie|schlug)\b",
    re.I,
)
_CLAUSE_START = re.compile(r"[.;:!?]\s|[\n。！？]")


_SENTENCE = re.compile(r"[.!?]\s|[\n。！？]")
# Words in quotation marks are someone's, checked as a quote: "j'ai relancé `make gettext`" in the author's message
_QUOTED = re.compile(r"“[^”\n]*”|«[^»\n]*»|„[^“”\n]*[“”]|\"[^\"\n]*\"|「[^」]*」|『[^』]*』")
_TESTS = re.compile(r"\b(?:tests?|suite|specs?|pruebas?|tests|Tests?|essais)\b|测试|テスト", re.I)
# what only looks at things: no run of anything
_LOOKS = re.compile(r"^\s*(?:cat|grep|rg|ls|head|tail|find|sed|awk|echo|wc|pwd|which|file|stat|less|more)\b")


def _runs_something(command: str | None) -> bool:
    return bool(command) and not _LOOKS.match(command or "")


def grade_reruns(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        if not block.cites or block.kind == QUOTE:  # a block quote is the session's words, checked as a quote
            continue
        text = block.text
        quoted = [m.span() for m in _QUOTED.finditer(text)]
        for match in _AGAIN.finditer(text):
            if any(a <= match.start() < b for a, b in quoted):
                continue
            clause = _CLAUSE_START.split(text[: match.start()])[-1]
            if _UNSAID.search(clause[-60:]):
                continue
            sentence = _SENTENCE.split(text[: match.start()])[-1] + text[match.start() : match.end() + 80]
            tests = bool(_TESTS.search(sentence))  # "the tests", "las pruebas": a test run; else any run
            near = near_events(index, block.cites)
            runs = [
                event_id
                for event_id in index.in_order(near)
                for call in index.event_calls.get(event_id, [])
                if call.name in SHELL_TOOLS
                and (is_test_command(run_lines(call)) if tests else _runs_something(call.target))
            ]
            if runs:
                continue
            claim = Claim(OUTCOME, match.group(0), block.line_at(match.start()), block, at=match.end())
            accept_marked([claim], [])
            if claim.accepted is not None:
                continue
            cited = ", ".join(block.cites)
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    reason=f"no test run in or next to the cited events ({cited}) shows it run again",
                    advice="cite the run, or say what the session shows; mark it <!-- ok --> if it happened outside it",
                )
            )
    return out
