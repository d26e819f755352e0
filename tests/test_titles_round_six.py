"""Titles and headings, round six (issue 24): a heading names the step of the work, never a line of chat. Each
shape the blind readers faulted, in a session of our own: a request for a run in texting ("can u…"), thanks or
praise in any language, a sign-off, a mood, "last thing:", a complaint that points ("this page is so slow"), an
expectation ("… should work"), a short ask that points ("Do both"), a question in passing in another language,
the author speaking of themselves, "commit + push"; a section of thanks only; a made-up heading in German or
Chinese for a migration or a commit; a wish in Korean or Chinese as the title."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, ToolCall
from retell.extract.headings import chapter_heading
from retell.extract.local_headings import in_language
from retell.extract.phrasing import request_phrase

pytestmark = pytest.mark.usefixtures("offline_env")


def _stretch(ask: str, path: str = "/srv/p/app/config.py") -> list[Event]:
    return [
        Event(HUMAN, id="e1", text=ask),
        Event(ASSISTANT, id="e2", text="Looking."),
        Event(TOOL_RUN, id="e3", calls=[ToolCall("Edit", target=path)]),
    ]


# -- headings: the step, never a line of chat --------------------------------------------------------------------


@pytest.mark.parametrize(
    "ask",
    [
        "can u run the integration tests before I merge",  # a request for a run, texting
        "thx u saved my evening",  # thanks
        "ok cool, ship it pls",
        "최고예요 감사합니다",  # Korean praise and thanks
        "太棒了，今天就先这样吧，辛苦了",  # Chinese praise and a sign-off
        "ありがとう、完璧です",  # Japanese thanks
        "Mano, sinceramente hoje não dá mais pra mexer nisso",  # Portuguese: a mood
        "Ultima cosa: la cache scade dopo 10 minuti",  # Italian: "last thing:"
        "Esta función es un caos, 400 líneas",  # Spanish: a complaint that points
        "这个页面加载太慢了",  # Chinese: a complaint that points
        "Rounding should work the same in every currency",  # an expectation
        "Do both",  # a short ask that points
        "Wie lange dauert der Import ungefähr?",  # German: a question in passing
        "Je dois partir dans dix minutes",  # French: the author speaking of themselves
        "before I break something in prod",
    ],
)
def test_a_line_of_chat_never_heads_a_stretch(ask: str) -> None:
    assert chapter_heading(_stretch(ask), ["A title"]) == "Changing the config"


@pytest.mark.parametrize(
    "heading",
    [
        "Traduire les messages d'erreur",
        "Die Jobs auf systemd-Timer umstellen",
        "Why does the nightly build take 40 minutes?",
        "Moving the EU customers to the Frankfurt region",
    ],
)
def test_a_step_in_any_language_still_heads_its_stretch(heading: str) -> None:
    # the chat filter keeps the author's own step (an ask, a why question, a statement with "EU" in it)
    ask = {
        "Traduire les messages d'erreur": "tu peux traduire les messages d'erreur ?",
        "Die Jobs auf systemd-Timer umstellen": "Kannst du die Jobs auf systemd-Timer umstellen?",
    }.get(heading, heading)
    assert chapter_heading(_stretch(ask), ["A title"]) == heading


def test_commit_and_push_with_a_plus_is_said_in_words() -> None:
    # not "Committing + push"; "C + Rust" is no pair of verbs
    assert request_phrase("commit + push, then I'll deploy from CI") == "Committing and pushing"
    assert "C + Rust" in (request_phrase("compare C + Rust for the parser") or "")


def test_a_made_up_commit_heading_reads_in_the_posts_language() -> None:
    events = [Event(TOOL_RUN, id="e1", calls=[ToolCall("Bash", target="git commit -am 'x'")])]
    assert in_language("Committing the work", events, "zh-CN") == "提交改动"
    assert in_language("Running commands", events, "de") == "Befehle ausführen"


def test_a_dated_migration_is_the_migration_in_german() -> None:
    # "2026_03_05_…_add.py" (Alembic with a date) is a migration, and "an" takes the dative
    events = [
        Event(TOOL_RUN, id="e1", calls=[ToolCall("Edit", target="/srv/p/migrations/2026_03_05_9f2c_orders_add.py")])
    ]
    assert in_language("Changing the migration", events, "de") == "Änderungen an der Migration"


def test_a_section_of_thanks_only_is_told_with_the_one_before(tx: Transcript, tmp_path: Path) -> None:
    tx.user("the signup form loses the email when validation fails, fix that")
    edit(tx, "src/signup/form.ts")
    tx.assistant("The form now keeps its values when validation fails.")
    tx.user("also add a test for it")
    edit(tx, "src/signup/form.test.ts")
    tx.assistant("Added a test that submits an invalid form and checks the email is kept.")
    tx.user("and rename the helper to keepValues")
    edit(tx, "src/signup/form.ts")
    tx.assistant("Renamed.")
    tx.user("thx ur the best")
    tx.assistant("Glad to help!")
    headings = Told(tx, tmp_path).headings
    assert headings and not any("thx" in h.lower() or "talking it through" in h.lower() for h in headings)


# -- titles: a wish said as the work ---------------------------------------------------------------------------


def test_a_korean_wish_titles_the_post_as_the_work(tx: Transcript, tmp_path: Path) -> None:
    tx.user("안녕하세요! 리액트 앱에 다국어 지원 추가하고 싶어요")
    edit(tx, "src/i18n.ts")
    tx.assistant("i18n 설정을 추가했습니다.")
    assert Told(tx, tmp_path).title == "리액트 앱에 다국어 지원 추가"


def test_a_chinese_wish_titles_the_post_as_the_work(tx: Transcript, tmp_path: Path) -> None:
    tx.user("我想给订单列表加一个导出 CSV 的按钮")
    edit(tx, "src/orders/list.vue")
    tx.assistant("已经加上了导出按钮。")
    assert Told(tx, tmp_path).title == "给订单列表加一个导出 CSV 的按钮"


def test_an_emoji_and_the_mood_it_closes_are_no_part_of_the_title(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Launch day 🚀 tag v2.1.0 and publish the release notes from the merged PRs")
    edit(tx, "CHANGELOG.md")
    tx.assistant("Tagged v2.1.0 and published the notes.")
    title = Told(tx, tmp_path).title
    assert "🚀" not in title and "Launch day" not in title and "v2.1.0" in title


def test_an_italian_title_is_not_spelled_as_english(tx: Transcript, tmp_path: Path) -> None:
    # "Sono" is no typo of "Soon": the typo fixer is for English only, and Italian is not English
    tx.user("Sono giorni che il deploy notturno fallisce sempre")
    tx.tool_call("Read", {"file_path": f"{CWD}/deploy/README.md"}, "steps")
    tx.assistant("Il container finisce la memoria.")
    title = Told(tx, tmp_path).title
    assert title.startswith("Sono giorni") and "Soon" not in title


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/srv/p/jobs/export_daily.py", "Writing export_daily.py"),  # not "Writing the export daily"
        ("/srv/p/cmd/prune.go", "Writing prune.go"),  # not "Writing the prune"
        ("/srv/p/requirements-dev.txt", "Writing the dev requirements"),  # not "the requirements dev"
    ],
)
def test_a_file_named_for_what_it_does_is_named_as_it_is(path: str, heading: str) -> None:
    events = [Event(TOOL_RUN, id="e1", calls=[ToolCall("Write", target=path)])]
    assert chapter_heading(events, ["A title"]) == heading


def test_the_authors_plan_behind_the_step_is_left_out() -> None:
    # "…que je colle dans le ticket": what the author will do with it, not the step
    ask = "Parfait, merci. Tu peux me faire un résumé en 5 puces que je colle dans le ticket ?"
    assert chapter_heading(_stretch(ask), ["A title"]) == "Faire un résumé en 5 puces"


def test_a_newcomers_wish_in_italian_titles_the_post_as_the_work(tx: Transcript, tmp_path: Path) -> None:
    # "Sono nuovo nel progetto e devo capire…": who the author is, then the wish; the title is the work
    tx.user("Ciao! Sono nuovo nel progetto e devo capire come funzionano i pagamenti")
    tx.tool_call("Read", {"file_path": f"{CWD}/payments/README.md"}, "steps")
    tx.assistant("I pagamenti passano da Stripe.")
    assert Told(tx, tmp_path).title == "Capire come funzionano i pagamenti"


def test_a_complaint_to_claude_never_titles_the_post(tx: Transcript, tmp_path: Path) -> None:
    tx.user("why do you keep putting a docstring on every private helper?")
    tx.assistant("I'll add a rule about docstrings to CLAUDE.md.")
    edit(tx, "CLAUDE.md")
    tx.assistant("Done: docstrings only on public functions.")
    title = Told(tx, tmp_path).title
    assert not title.lower().startswith("why do you") and "CLAUDE.md" in title
