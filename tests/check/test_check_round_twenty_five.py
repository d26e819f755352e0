"""Round twenty-five of the check (issue 21): the classes of blind17's false alarms (W1 English, W2 Hebrew) and of
its misses a general rule reads, each on sessions of our own.

False alarms, by class:

- "the model was `models/marts/orders.sql`": a common noun that may name Claude ("the model", "the assistant",
  "the agent") with a copula after it says what a thing of the project is, not that Claude speaks;
- "…, my two counts, and so the test “…”": a possessive names the speaker only when what it owns is something said
  (my message, its answer) or its phrase runs into the quote;
- tests counted as things ("the two tests under `order_id`", "## Two tests"): what the cited edits add (a dbt
  `tests:` list, RSpec's `it "…" do`), one edit's, one event's or all; and a run that counts each test as it goes
  ("1 of 1 FAIL …") ran that many;
- any tool's own build (`dbt build`, `docker build`, `dotnet build`) is a build whose outcome the run shows;
- a post in Hebrew (or Arabic, Cyrillic, Greek…) is a language of its own: on English code or output it shares
  names, numbers and code, not words;
- a time a cited event states (Claude's "פג אחרי 15 דקות", a test's `3.days.from_now`) is retold, not measured; a
  time between moments a cited log prints is a gap too.

Misses, by mechanism: a result told of CI ("went green in CI") with no CI run in the session; Hebrew times glossed
(כעבור כחמש דקות, כשעה אחר כך, פחות מחצי דקה); a Latin name in a Hebrew post; an act the author did "myself" (any
verb, בעצמי) read against Claude's runs beside the cited events; quotes attributed in Hebrew (הערתי "…", Claude כתב
"…"); the figures of a copied output line read apart (its bracketed text and dot leaders hid them) and a run's
summary of counts in a block; a setting told as changed "from 5 to 2".

Each faithful case has a planted twin that must still be reported.

The English session: e1 my message, e2 a log's tail with four printed moments, e3 Claude's plan, e4 my go-ahead (nine
minutes later), e5 two edits (a dbt `tests:` list of two, `retry: 5` → `retry: 3`), e6 `dbt build` (three of three
pass) and `dbt test` on prod (1 of 1 FAIL), e7 Claude's arithmetic, e8 my "commit it", e9 the commit, e10 Claude.
The Hebrew session: e1 my message, e2 a read, e3 Claude's plan ("פג אחרי 15 דקות"), e4 my answer ten minutes later,
e5 two writes eleven seconds later (a spec with `3.days.from_now`), e6 a failed grep, e7 Claude's "הנחתי שיש, טעות
שלי", e8 rspec (318 examples), e9 Claude's summary."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.hebrew_times import hebrew_times
from retell.check.language import language_of

ROOT = "/home/ana/analytics/warehouse"
HE_ROOT = "/home/noa/clinic"


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user(
        "orders has duplicate ids since last week, 4.21M rows but only 3.93M distinct. model is "
        "models/marts/orders.sql. what's going on?"
    )
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": "tail -4 logs/loader.log"},
        "2026-07-20T06:00:01.204Z loader start\n2026-07-20T06:10:00.988Z loader start\n"
        "2026-07-20T06:13:47.551Z Net::ReadTimeout\n2026-07-20T06:14:19.072Z loader start",
    )
    tx.tick(20)
    tx.assistant(
        "The loader overlaps itself. Fix: `unique_key='order_id'` with merge. I'll also add tests: `unique` and "
        "`not_null` on `orders.order_id`."
    )
    tx.tick(540)
    tx.user("do it, dev target only")
    tx.tick(8)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{ROOT}/models/marts/_marts__models.yml",
            "old_string": "      - name: order_id\n        description: Primary key.",
            "new_string": "      - name: order_id\n        description: Primary key.\n"
            "        tests:\n          - unique\n          - not_null",
        },
        "ok",
    )
    tx.tick(4)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{ROOT}/config/loader.yml",
            "old_string": "workers: 4\nretry: 5",
            "new_string": "workers: 4\nretry: 3",
        },
        "ok",
    )
    tx.tick(10)
    tx.tool_call(
        "Bash",
        {"command": "dbt build -s orders+ --target dev 2>&1 | grep -E 'PASS|Done'"},
        "14:50:53  1 of 3 OK created sql incremental model dbt_ana.orders ........ [SUCCESS 2412 in 8.92s]\n"
        "14:50:56  2 of 3 PASS not_null_orders_order_id .......... [PASS in 1.12s]\n"
        "14:50:57  3 of 3 PASS unique_orders_order_id ........... [PASS in 1.40s]\n"
        "14:50:57  Done. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3",
    )
    tx.tick(12)
    tx.tool_call(
        "Bash",
        {"command": "dbt test -s orders --target prod --select test_name:unique"},
        "14:51:24  1 of 1 FAIL 283719 unique_orders_order_id ........ [FAIL 283719 in 3.02s]",
    )
    tx.tick(5)
    tx.assistant(
        "Everything passes in dev. On prod the unique test fails with 283,719 duplicates, which equals 4.21M minus "
        "3.93M. So the test would have flagged this on the first morning."
    )
    tx.tick(600)
    tx.user("perfect. commit it")
    tx.tick(9)
    tx.tool_call(
        "Bash",
        {"command": "git add models/ config/ && git commit -q -m 'fix(orders): merge on order_id'"},
        "c9e07d5 fix(orders): merge on order_id",
    )
    tx.tick(5)
    tx.assistant("Committed `c9e07d5`.")
    return approved_workdir(tmp_path_factory.mktemp("r25en"), tx)


@pytest.fixture(scope="module")
def hebrew(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user(
        "שלום! מטופלים מקבלים את מייל התזכורת פעמיים. ה-job הוא AppointmentReminderJob ב-Sidekiq. "
        "אתמול קיבלנו 14 תלונות."
    )
    tx.tick(3)
    tx.tool_call(
        "Read",
        {"file_path": f"{HE_ROOT}/app/jobs/appointment_reminder_job.rb"},
        "     1\u2192class AppointmentReminderJob\n     2\u2192  include Sidekiq::Job\n     3\u2192end\n",
    )
    tx.tick(20)
    tx.assistant("הלולאה שולחת מייל אחרי מייל. הצעה: claim אטומי ב-DB. claim ישן (worker שמת באמצע) פג אחרי 15 דקות.")
    tx.tick(600)
    tx.user("מעולה, תתקן")
    tx.tick(10)
    tx.tool_call(
        "Write",
        {
            "file_path": f"{HE_ROOT}/spec/jobs/appointment_reminder_job_spec.rb",
            "content": 'RSpec.describe AppointmentReminderJob do\n  it "skips later ones" do\n'
            "    create(:appointment, starts_at: 3.days.from_now)\n  end\nend\n",
        },
        "ok",
    )
    tx.tick(13)
    tx.tool_call(
        "Write",
        {
            "file_path": f"{HE_ROOT}/app/jobs/appointment_reminder_sms_job.rb",
            "content": "class AppointmentReminderSmsJob\n  include Sidekiq::Job\nend\n",
        },
        "ok",
    )
    tx.tick(30)
    tx.tool_call("Bash", {"command": "grep -n 'reminder_sms_sent_at' db/schema.rb"}, "", is_error=True)
    tx.tick(8)
    tx.assistant("`reminder_sms_sent_at` לא קיים בסכמה. הנחתי שיש, טעות שלי. אוסיף אותו למיגרציה.")
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "bundle exec rspec spec/jobs 2>&1 | tail -2"},
        "Finished in 14.92 seconds (files took 2.41 seconds to load)\n318 examples, 0 failures",
    )
    tx.tick(15)
    tx.assistant("כל 318 הבדיקות עוברות.")
    return approved_workdir(tmp_path_factory.mktemp("r25he"), tx)


def _pair(work: Path, faithful: str, planted: str, reported: str) -> None:
    assert problems(work, faithful) == []
    found = problems(work, planted)
    assert len(found) == 1 and reported in found[0], found


# -- who speaks --------------------------------------------------------------------------------------------------


def test_the_model_of_a_project_is_no_speaker(english: Path) -> None:
    _pair(
        english,
        'My message was short: "orders has duplicate ids since last week", the model was `models/marts/orders.sql`, '
        'and "what\'s going on?" <!-- ev: e1 -->',
        'Claude asked me "what\'s going on?" <!-- ev: e1 -->',
        "these are your words (e1), not Claude's",
    )


def test_a_possessive_owning_a_figure_names_no_speaker(english: Path) -> None:
    _pair(
        english,
        "By Claude's arithmetic, 283,719 equals 4.21M minus 3.93M, my two counts, and so the test \"would have "
        'flagged this on the first morning". <!-- ev: e1 e7 -->',
        'My reply was that the test "would have flagged this on the first morning". <!-- ev: e1 e7 -->',
        "these are Claude's words (e7), not yours",
    )


def test_quotes_are_attributed_in_hebrew(hebrew: Path) -> None:
    _pair(
        hebrew,
        'Claude כתב "הנחתי שיש, טעות שלי", והוסיף את העמודה. <!-- ev: e7 -->',
        'הערתי "הנחתי שיש, טעות שלי", ו-Claude הוסיף את העמודה. <!-- ev: e7 -->',
        "these are Claude's words (e7), not yours",
    )


@pytest.mark.parametrize(
    ("post", "faithful", "planted"),
    [
        (
            "english",
            "Then Claude queried the log with `tail -4 logs/loader.log`. <!-- ev: e2 -->",
            "Then I queried the log myself with `tail -4 logs/loader.log`. <!-- ev: e2 -->",
        ),
        (
            # the commit is the event after the request the paragraph cites
            "english",
            "Claude ran `git add models/ config/ && git commit -q`, and git printed one line. <!-- ev: e9 -->",
            "I ran `git add models/ config/ && git commit -q` myself, and git printed one line. <!-- ev: e8 -->",
        ),
        (
            "hebrew",
            "Claude הריץ את `grep -n` על `db/schema.rb` ולא מצא דבר. <!-- ev: e6 -->",
            "חיפשתי בעצמי את `reminder_sms_sent_at` ב-`db/schema.rb` ולא מצאתי דבר. <!-- ev: e6 -->",
        ),
    ],
)
def test_what_the_author_did_myself_is_read_against_claudes_runs(
    post: str, faithful: str, planted: str, request: pytest.FixtureRequest
) -> None:
    _pair(request.getfixturevalue(post), faithful, planted, "Claude did this")


# -- counts and outcomes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Two edits followed: the two tests under `order_id`, and `retry` in `config/loader.yml`. <!-- ev: e5 -->",
            "Two edits followed: the five tests under `order_id`, and `retry` in `config/loader.yml`. <!-- ev: e5 -->",
        ),
        (
            "Last, Claude ran one test on prod, `dbt test -s orders --target prod`, and it failed. <!-- ev: e6 -->",
            "Last, Claude ran four tests on prod, `dbt test -s orders --target prod`, and it failed. <!-- ev: e6 -->",
        ),
    ],
)
def test_tests_counted_as_things_are_what_the_edits_add_or_the_run_counted(
    english: Path, faithful: str, planted: str
) -> None:
    _pair(english, faithful, planted, "no event or figure of the session states it")


def test_a_heading_counts_the_tests_its_section_adds(english: Path) -> None:
    section = (
        "## {count} tests, one of them on prod\n\nTwo edits followed. <!-- ev: e5 -->\n\n"
        "Claude ran them. <!-- ev: e6 -->"
    )
    assert problems(english, section.format(count="Two")) == []
    assert len(problems(english, section.format(count="Seven"))) == 1


def test_any_tools_build_is_a_build(english: Path) -> None:
    _pair(
        english,
        "Then the dev build of `orders+`, models and tests, ended with three passes of three. <!-- ev: e6 -->",
        "Then the dev build of `orders+`, models and tests, failed. <!-- ev: e6 -->",
        "the build in e6 went through",
    )


def test_a_setting_changed_from_one_value_to_another_is_the_diffs(english: Path) -> None:
    _pair(
        english,
        "In `config/loader.yml`, `retry` went from 5 to 3. <!-- ev: e5 -->",
        "In `config/loader.yml`, `retry` went from 5 to 2. <!-- ev: e5 -->",
        "the cited edit changes `retry` from 5 to 3, not to 2 (e5)",
    )


@pytest.mark.parametrize(
    ("post", "faithful", "planted"),
    [
        (
            "english",
            "14:50:53  1 of 3 OK created sql incremental model dbt_ana.orders ........ [SUCCESS 2412 in 8.92s]",
            "14:50:53  1 of 3 OK created sql incremental model dbt_ana.orders ........ [SUCCESS 4212 in 8.92s]",
        ),
        ("hebrew", "318 examples, 0 failures", "324 examples, 0 failures"),
        (
            # a line of names and figures, no message words: the test that failed is named by its identifier
            "english",
            "14:51:24  1 of 1 FAIL 283719 unique_orders_order_id ........ [FAIL 283719 in 3.02s]",
            "14:51:24  1 of 1 FAIL 283719 not_null_orders_order_id ........ [FAIL 283719 in 3.02s]",
        ),
    ],
)
def test_the_figures_of_a_copied_output_line_are_read(
    post: str, faithful: str, planted: str, request: pytest.FixtureRequest
) -> None:
    cited = "e6" if post == "english" else "e8"
    shown = "The run printed:\n\n```text\n{line}\n```\n<!-- ev: " + cited + " -->"
    work = request.getfixturevalue(post)
    assert problems(work, shown.format(line=faithful)) == []
    assert len(problems(work, shown.format(line=planted))) == 1


# -- Hebrew and other alphabets ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("הקוד הישן של ה-job לא מופיע בסשן, מלבד השורות שהשכתוב של Claude הוריד ממנו.", "hebrew"),
        ("الكود القديم لا يظهر في الجلسة إلا في السطور التي حذفها Claude.", "arabic"),
        ("Старый код задачи не виден в сессии, кроме строк, которые Claude удалил.", "cyrillic"),
        ("The job's old code is not in the session, only the lines Claude removed from it.", "en"),
    ],
)
def test_a_text_in_another_alphabet_is_a_language_of_its_own(text: str, language: str) -> None:
    assert language_of(text) == language


def test_hebrew_prose_on_english_code_shares_names_not_words(hebrew: Path) -> None:
    # on main: "the cited events share little with the paragraph (2%)"
    assert problems(hebrew, "הקוד הישן של ה-job לא מופיע בסשן, מלבד השורות ש-Claude כתב. <!-- ev: e2 e5 -->") == []
    found = problems(hebrew, "Claude שלח את ה-SMS דרך Twilio. <!-- ev: e5 -->")
    assert len(found) == 1 and "the session never names Twilio" in found[0]


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("כעבור כשלוש-עשרה שניות נכתבו", "about 13 seconds later"),
        ("עניתי כשעה אחר כך:", "about 1 hour later"),
        ("עברה פחות מחצי דקה.", "just under half a minute later"),
        ("ושתי שניות אחר כך הדפסתי", "2 seconds later"),
        ("שעה ועשרים דקות", "1 hour 20 minutes"),
        ("claim נטוש (20 דק׳)", "20 minutes"),
        ("תור בעוד שלושה ימים", "in 3 days"),
        ("עשרים וחמש דקות", "25 minutes"),
    ],
)
def test_hebrew_times_are_glossed(text: str, english: str) -> None:
    assert [told for _, _, told in hebrew_times(text)] == [english]


def test_a_unit_alone_is_no_time_in_hebrew() -> None:
    assert hebrew_times("השעה הייתה מאוחרת, ויום העבודה נגמר") == []


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        ("כעבור כעשר שניות נכתבו שני קבצים. <!-- ev: e5 -->", "כעבור כחמש דקות נכתבו שני קבצים. <!-- ev: e5 -->"),
        ('עניתי כעשר דקות אחר כך: "מעולה, תתקן". <!-- ev: e4 -->', 'עניתי כשעה אחר כך: "מעולה, תתקן". <!-- ev: e4 -->'),
        (
            # a time Claude's plan states, retold: not a gap between events
            "Claude הציע claim שפג אחרי 15 דקות אם ה-worker מת באמצע. <!-- ev: e3 -->",
            "Claude הציע claim שפג אחרי 40 דקות אם ה-worker מת באמצע. <!-- ev: e3 -->",
        ),
    ],
)
def test_hebrew_times_are_checked_as_english_ones(hebrew: Path, faithful: str, planted: str) -> None:
    _pair(hebrew, faithful, planted, "no two events near this paragraph are that far apart")


def test_a_time_the_cited_code_states_is_retold(hebrew: Path) -> None:
    assert problems(hebrew, "The spec creates an appointment in three days. <!-- ev: e5 -->") == []
    assert problems(hebrew, "הבדיקה יוצרת תור בעוד שלושה ימים. <!-- ev: e5 -->") == []
    assert len(problems(hebrew, "The spec creates an appointment in five days. <!-- ev: e5 -->")) == 1


def test_a_gap_between_moments_a_cited_log_prints_is_a_gap(english: Path) -> None:
    _pair(
        english,
        "The log shows a start at 06:10 with no end; almost four minutes later comes `Net::ReadTimeout`, and another "
        "start about half a minute after it. <!-- ev: e2 -->",
        "The log shows a start at 06:10 with no end; an hour later comes `Net::ReadTimeout`. <!-- ev: e2 -->",
        "between two moments e2 prints",
    )


# -- a result on a CI service --------------------------------------------------------------------------------------


def test_a_result_in_ci_is_one_only_cis_own_client_could_show(english: Path) -> None:
    assert problems(english, "I told Claude to commit it, and that I would let CI check the PR. <!-- ev: e8 -->") == []
    assert problems(english, "Claude committed it as `c9e07d5`, and the commit went through. <!-- ev: e9 -->") == []
    for planted in (
        "The branch went green in CI that afternoon. <!-- ev: e10 -->",
        "The pipeline failed on the PR. <!-- ev: e10 -->",
    ):
        found = problems(english, planted)
        assert len(found) == 1 and "no CI run in the session shows this" in found[0], found
