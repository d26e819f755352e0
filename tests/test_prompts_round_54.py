"""The edits a blind editor needed on four drafts a model wrote answering retell's prompts for two fresh21 sessions
(a Rails API told in English, a NestJS webhook told in Brazilian Portuguese), and what the drafting models said was
unclear in the prompts, each fixed at what the prompt gave or asked and asserted on the prompt a model receives, from
a session in Claude Code's record format written for these tests (another project, figures and names than theirs):

1. Two commands sent together told as "one execution", the commit the author asked for only once the tests passed
   told as if it waited: the material's note called them "one run".
2. Omissions: the author's own figure ("about 15%") blurred; the cause Claude gave for an error (its own earlier
   edit) dropped as "contradicted"; what a second new test checks left out.
3. A heading naming only its section's first step.
4. Conflicts the prompts left to the model, each now resolved once: the post's length against the sections' ranges,
   how code counts toward a range, a block a beat asks for past the limit, the fix's diff against a test's diff,
   quoting an output whole against keeping the lines the prose explains, the ending's "name no result the sections
   tell" against "say whether the goal was reached", ids from outside a section, a redaction marker in a diff, the
   description against three title options, the pronoun rule for Portuguese, the section count of a short session.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, tool_use_block, usage
from prompt_support import event_block, event_ids, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

START = datetime(2026, 11, 3, 9, 5, tzinfo=timezone.utc)
CWD = "/home/rafa/src/frete-api"
PROJECTS = "claude/projects/-home-rafa-src-frete-api"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

_FAIL = "Exit code 1\nF.\nFAILED tests/test_quote.py::test_zero_weight - ZeroDivisionError\n1 failed, 1 passed"
_PASS = "...\n3 passed in 0.21s"
_COMMIT = "[main 9e2a1b7] frete: cotação com peso zero\n 2 files changed, 11 insertions(+), 1 deletion(-)"


def _frete_session() -> Transcript:
    """A quote endpoint failing for about 12% of requests: the fix, two new tests, a failing run, and the tests
    sent with the commit the author asked for only once they passed."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("a cotação de frete dá erro 500 em uns 12% dos pedidos. corrige, e se os testes passarem faz o commit")
    tx.tick(5)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/app/quote.py",
            "old_string": "return price / weight",
            "new_string": "return price / weight if weight else price",
        },
        "ok",
    )
    tx.tick(4)
    tx.assistant("Agora dois testes novos.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/tests/test_quote.py",
            "old_string": "# cases",
            "new_string": "def test_zero_weight():\n    assert quote(10, 0) == 10\n\n"
            "def test_negative_weight_rejected():\n    with raises(ValueError):\n        quote(10, -1)",
        },
        "ok",
    )
    tx.tick(6)
    tx.tool_call("Bash", {"command": "pytest -q"}, _FAIL, is_error=True)
    tx.tick(5)
    tx.assistant("O teste falhou porque a minha edição anterior ficou no arquivo errado; corrigindo.", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/app/quote.py", "old_string": "def quote(", "new_string": "def quote(  # weight"},
        "ok",
    )
    tx.tick(8)
    test_id, commit_id = tx.new_tool_id(), tx.new_tool_id()
    tx.assistant(
        tool_use_block("Bash", {"command": "pytest -q"}, test_id),
        tool_use_block("Bash", {"command": "git commit -qam 'frete: cotação com peso zero'"}, commit_id),
    )
    tx.tick(2)
    tx.tool_result(test_id, _PASS)
    tx.tool_result(commit_id, _COMMIT)
    tx.tick(3)
    tx.assistant("Commit `9e2a1b7` feito; os 3 testes passam.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def frete(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("frete")
    work = parse_work(tmp, _frete_session(), PROJECTS, "pt-BR")
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "Cotação de frete com peso zero",
        "hook": "A cotação de frete dava erro 500 em uns 12% dos pedidos.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0]]), ("action", [runs[1], runs[2]])),
            plan_section("s2", ("pivot", [words[1], runs[3]]), ("resolution", [runs[4], words[2]])),
        ],
        "ending": "Terminar no commit.",
    }
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(plan), "outline.yaml"), backup=False)
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    handoff = work / "handoff"
    sections = [p.read_text(encoding="utf-8") for p in sorted(handoff.glob("*-section-*.prompt.md"))]
    for prompt in sorted(handoff.glob("*-section-*.prompt.md")):
        answer = prompt.with_name(prompt.name.removesuffix(".prompt.md") + ".answer.md")
        answer.write_text(f"Claude corrigiu a cotação. <!-- ev: {runs[4]} -->", encoding="utf-8")
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    finish = next(handoff.glob("*-finish-*.prompt.md")).read_text(encoding="utf-8")
    return work, sections, finish


@pytest.fixture(scope="module")
def outline_text(frete) -> str:
    return outline_prompt(frete[0])


def _flat(text: str) -> str:
    return " ".join(text.split())


def _user(prompt: str) -> str:
    return _flat(prompt.split("</system>", 1)[1] if "</system>" in prompt else prompt)


def test_the_session_is_parsed_as_the_tests_expect(frete) -> None:
    work, sections, _finish = frete
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    last = [e for e in events if e["kind"] == "tool_run"][-1]
    assert [c["target"] for c in last["calls"]] == ["pytest -q", "git commit -qam 'frete: cotação com peso zero'"]
    assert len(sections) == 2


# -- 1. two commands sent together: never "one execution", never the commit as waiting ------------------------------


def test_commands_sent_together_are_told_as_separate_commands_that_did_not_wait(frete, outline_text: str) -> None:
    work, sections, _finish = frete
    batch = event_ids(work, "tool_run")[-1]
    for prompt in (sections[1], outline_text):
        note = _flat(event_block(prompt, batch))
        assert f"2 commands of [{batch}] went out together, each a command of its own" in note
        assert "never as one command or one execution" in note
        assert "where the author asked for this only once the checks passed, say it did not wait for them" in note
        assert "are one run" not in note


# -- 2. omissions: the author's figure, the cause Claude gave, what each new test checks -----------------------------


def test_the_rules_keep_the_authors_figure_the_cause_claude_gave_and_what_each_test_checks(frete) -> None:
    system = _flat(frete[1][0])
    assert 'keep it where a beat carries it ("about 15% of the requests", never blurred into "some of them")' in (
        system
    )
    assert "leave out only the part contradicted, never the rest of the account" in system
    assert "where Claude names a cause of an error (its own earlier edit included), tell that cause" in system
    assert 'Each test the session adds that the post counts ("two new tests") is told with what it checks' in system


# -- 3. headings -------------------------------------------------------------------------------------------------------


def test_a_heading_never_names_its_sections_first_step_alone(outline_text: str) -> None:
    assert "never by its first step alone (a lint error, when the section goes on to the suites and the commit)" in (
        _flat(outline_text)
    )


# -- 4. each conflict resolved once --------------------------------------------------------------------------------


def test_the_sections_length_wins_and_says_how_code_counts(frete) -> None:
    for prompt in frete[1]:
        flat = _flat(prompt)
        assert "Where a section's prompt gives its own length, that length wins over this one" in flat
        length = next(ln for ln in prompt.splitlines() if ln.startswith("Length: "))
        assert "a diff's lone `+` or `-` is none, a line of JSON with no spaces is one" in length


def test_the_block_limit_wins_over_the_beats_and_the_fix_comes_before_the_tests_diff(frete) -> None:
    work, sections, _finish = frete
    fix, tests = event_ids(work, "tool_run")[:2]
    line = next(ln for ln in sections[0].splitlines() if ln.startswith("- Code blocks:"))
    assert "This limit wins over the beats and the results" in line
    assert "a block a beat asks for past the limit is told in prose" in line
    assert line.index(f"[{fix}] (its changed lines") < line.index(f"[{tests}] (its changed lines")


def test_quoting_an_output_is_one_rule(frete) -> None:
    system = _flat(frete[1][0])
    assert "Each line you show is whole" in system
    assert "a line the tool put before the output (`Exit code 1`) may be left out with no `…`" in system
    assert "or cut it only at its end" not in system


def test_ids_redaction_markers_and_the_pronoun_rule_are_stated(frete) -> None:
    system = _flat(frete[1][0])
    assert "Cite only ids your own material shows in brackets" in system
    assert "A `[REDACTED:…]` marker stays exactly as written, in a code block or a diff too" in system
    assert 'pt "ele"' in system


def test_the_ending_says_the_goal_as_the_one_exception(frete) -> None:
    finish = _user(frete[2])
    assert "name no result, figure, file, commit or state the sections tell" in finish
    assert "the one exception to the rule before: that sentence names what shows it in a few words" in finish


def test_the_outline_resolves_the_description_and_the_section_count(outline_text: str) -> None:
    flat = _flat(outline_text)
    assert "never its words again (the words of any of the three title options: the author picks one)" in flat
    assert "the session's work decides the count before the length does" in flat


def test_the_rules_stay_bounded(frete) -> None:
    """Round 54 added about 1,900 characters to the rules every call shares; they stay under 30,000."""
    system = frete[1][0].split("<system>", 1)[1].split("# The material", 1)[0]
    rules = system[system.index("# How to write") :] if "# How to write" in system else system
    assert len(rules) < 30_000, len(rules)
