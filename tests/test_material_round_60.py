"""Material round 60 (issue 24): what a writer answering a fresh session's prompts as the model found misleading, each
fixed at its cause and asserted on the prompt a model receives, from sessions in Claude Code's record format written
for these tests (other projects, names and figures than the writer's):

6. An e-mail address that spells a name the author redacted (`林怡君` redacted, `<yichun.lin@…>` sent): the address
   is cleared with the name, in its joined forms, romanised, and where it stands beside the name.
2. A function named with its arity (`drain_mailer/0`) called Claude's word alone beside the diff that defines it.
1. A test runner's progress dots (`....................`) read as lines the author cut from their paste.
3. Claude's counts of runs (`~80 runs`, `500 clean runs`) and an error's name (`StaleEntryError`) no output shows,
   with no note.
4. A name an author's pasted stack trace shows (`Tallyho.Mailer.send_receipt/1`) listed as a name to introduce.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell.redact import Redactor
from retell.secrets import Scanner, secret_id
from retell.secrets.mailbox_names import mailbox_forms
from retell.triage.model import SecretDecision
from retell.write.material import cut_paste
from retell.write.names import code_names

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 9, 14, 18, 0, tzinfo=timezone.utc)
SALT = "b11d0000-0000-4000-8000-000000000060"

# -- 6. an address that spells a redacted name --------------------------------------------------------------------


def _redactor(name: str, action: str = "redact", replacement: str = "") -> Redactor:
    sid = secret_id("person-name", name, SALT)
    return Redactor(SALT, {sid: SecretDecision(sid, action, replacement)}, Scanner(), {}, names=(name,))


@pytest.mark.parametrize(
    ("name", "local"),
    [
        ("黃淑芬", "shufen.huang"),  # given name first, pinyin
        ("黃淑芬", "huang.shu-fen"),  # surname first, syllables hyphened
        ("黃淑芬", "sfhuang"),  # initials and surname
        ("鄭志強", "chihchiang.cheng"),  # Wade-Giles, as Taiwan writes names
        ("박서연", "seoyeon.park"),  # Korean, the surname's usual spelling
        ("Tomasz Wróbel", "tomasz.wrobel"),  # first.last, accents dropped
        ("Tomasz Wróbel", "wrobel_tomasz"),  # last_first
        ("Tomasz Wróbel", "t.wrobel"),  # f.last
        ("Tomasz Wróbel", "twrobel42"),  # flast with digits
        ("Tomasz Wróbel", "wrobel.t+ci"),  # last.f with a tag
        ("Павел Морозов", "pavel.morozov"),  # Cyrillic romanised
    ],
)
def test_an_address_spelling_a_redacted_name_is_cleared_with_it(name: str, local: str) -> None:
    text = f"the release was signed off by {local}@example.org yesterday"
    out = _redactor(name).text(text)
    assert local not in out
    assert "[REDACTED:person-name]@example.org" in out


def test_the_forms_are_only_whole_local_parts() -> None:
    redactor = _redactor("Tomasz Wróbel")
    text = "mail linter@example.org or tomasz@example.org, see wrobelski@example.org and tomasz.wrobel.dev"
    assert redactor.text(text) == text  # a given name alone, a longer word, no address: left
    assert "yichun.lin" in mailbox_forms("林怡君") and "lin.yijun" in mailbox_forms("林怡君")
    assert mailbox_forms("Cher") == set()


def test_an_address_beside_the_name_is_theirs_whatever_it_spells() -> None:
    text = "commit 4be1\nAuthor: 黃淑芬 <hsf1987@example.tw>\nDate:   Tue Mar 3 10:02:11 2026 +0800\n"
    out = _redactor("黃淑芬").text(text)
    assert "hsf1987" not in out and "黃淑芬" not in out
    # and beside a name already redacted (a text cleared before)
    again = Redactor(SALT, {}, Scanner(), {}).text("Author: [REDACTED:person-name] <hsf1987@example.tw>")
    assert "hsf1987" not in again


def test_a_replaced_name_replaces_the_address_joined_alike_and_a_kept_one_keeps_it() -> None:
    text = "ping tomasz.wrobel@example.org"
    assert _redactor("Tomasz Wróbel", "replace", "Jan Kowal").text(text) == "ping jan.kowal@example.org"
    kept = _redactor("Tomasz Wróbel", "keep")
    assert kept.text(text) == text and kept.uncleared(text) == []


TALLY = "/home/oskar/dev/tallyho"
TALLY_PROJECTS = "claude/projects/-home-oskar-dev-tallyho"


def _git_log_session() -> Transcript:
    tx = Transcript(cwd=TALLY, start=START)
    tx.user("who turned off the receipt retries? check the log")
    tx.tick(3)
    tx.tool_call(
        "Bash",
        {"command": "git log -1 --format=full -S retries lib/tallyho/mailer.ex"},
        "commit 9c2e41ab\nAuthor: 黃淑芬 <shufen.huang@example.tw>\nCommit: 黃淑芬 <shufen.huang@example.tw>\n\n"
        "    mailer: no retries while the relay is down",
    )
    tx.tick(3)
    tx.assistant("They were turned off in 9c2e41ab while the relay was down.", usage_=usage())
    return tx


def test_the_prompt_holds_no_form_of_the_redacted_name(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _git_log_session(), TALLY_PROJECTS)
    prompt = outline_prompt(work)
    assert "Author: [REDACTED:person-name] <[REDACTED:person-name]@example.tw>" in prompt
    assert "shufen" not in prompt.lower() and "黃淑芬" not in prompt


# -- 1 to 4: a flaky test chased in an Elixir app -------------------------------------------------------------------

_PASTE = (
    "```\n==> tallyho\nRunning ExUnit with seed: 90210, max_cases: 4\n\n"
    "..........................................\n\n"
    "  1) test receipts go out once (Tallyho.ReceiptTest)\n     test/tallyho/receipt_test.exs:12\n"
    "     ** (exit) exited in: GenServer.call(#PID<0.900.0>, :checkout, :infinity)\n     stacktrace:\n"
    "       (tallyho 0.3.0) lib/tallyho/mailer.ex:8: anonymous fn/0 in Tallyho.Mailer.send_receipt/1\n\n"
    "..............\nFinished in 2.0 seconds\n58 tests, 1 failure\n```\n\nthis one flakes on CI, never here"
)


def _flaky() -> Transcript:
    tx = Transcript(cwd=TALLY, start=START)
    tx.user(_PASTE)
    tx.tick(4)
    tx.assistant("The stacktrace ends in `Tallyho.Mailer.send_receipt/1`. Hammering the file first.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": "mix test test/tallyho/receipt_test.exs --repeat-until-failure 200 2>&1 | tail -3"},
        "Exit code 2\n  1) test receipts go out once (Tallyho.ReceiptTest)\n3 tests, 1 failure",
        is_error=True,
    )
    tx.tick(3)
    tx.assistant("Reproduced after ~80 runs. The mail task outlives the test; I'll add a wait.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{TALLY}/test/support/data_case.ex",
            "old_string": "  def setup_sandbox(tags) do",
            "new_string": "  def drain_mailer do\n    :ok = Tallyho.Mailer.flush()\n  end\n\n"
            "  def setup_sandbox(tags) do",
        },
        "The file has been updated.",
    )
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": "mix test test/tallyho/receipt_test.exs --repeat-until-failure 500 2>&1 | tail -2"},
        "Finished in 0.1 seconds (0.1s async, 0.00s sync)\n3 tests, 0 failures",
    )
    tx.tick(3)
    tx.assistant(
        "500 clean runs. `drain_mailer/0` now waits for the task; before, it hit a `StaleEntryError` once the "
        "test had exited.",
        usage_=usage(),
    )
    return tx


@pytest.fixture(scope="module")
def flaky(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    tmp = tmp_path_factory.mktemp("flaky")
    work = parse_work(tmp, _flaky(), TALLY_PROJECTS)
    return work, outline_prompt(work)


def test_the_flaky_session_is_parsed_as_the_tests_expect(flaky) -> None:
    work, _prompt = flaky
    assert len(event_ids(work, "tool_run")) == 3
    assert len(event_ids(work, "assistant")) == 3


def test_a_runners_progress_dots_are_no_cut_in_a_paste(flaky) -> None:
    work, prompt = flaky
    first = event_ids(work, "human")[0]
    assert "where they left lines out" not in event_block(prompt, first)
    assert not cut_paste(_PASTE)
    assert cut_paste("```\nTraceback (most recent call last):\n...\nKeyError: 'x'\n```")
    assert cut_paste("```\nline one\n[…]\nline nine\n```")


def test_a_function_with_its_arity_that_a_diff_defines_is_no_word_of_claudes_alone(flaky) -> None:
    work, prompt = flaky
    last = event_ids(work, "assistant")[-1]
    block = event_block(prompt, last)
    assert "`drain_mailer/0`" not in block.split("\n", 1)[1]  # no note names it
    assert "`StaleEntryError`: in no command, output or message" in block


def test_counts_of_runs_no_output_shows_are_marked(flaky) -> None:
    work, prompt = flaky
    words = event_ids(work, "assistant")
    runs = event_ids(work, "tool_run")
    assert "80 runs is Claude's own count, in no output shown here" in event_block(prompt, words[1])
    assert (
        f"500 clean runs: the number `--repeat-until-failure 500` asked for in [{runs[2]}], no output shows how many"
        in " ".join(event_block(prompt, words[2]).split())
    )


def test_a_name_a_pasted_trace_or_a_definition_shows_is_told_as_shown() -> None:
    material = (
        "[e1] AUTHOR: ```\n       lib/tallyho/mailer.ex:8: anonymous fn/0 in Tallyho.Mailer.send_receipt/1\n```\n"
        "[e2] CLAUDE: It ends in `Tallyho.Mailer.send_receipt/1`; `drain_mailer/0` waits.\n"
        "[e3] TOOLS: Edited test/support/data_case.ex\n    +  def drain_mailer do\n"
    )
    names = ["Tallyho.Mailer.send_receipt/1", "drain_mailer/0", "flush_all/0"]
    assert code_names(names, material) == ["Tallyho.Mailer.send_receipt/1", "drain_mailer/0"]
