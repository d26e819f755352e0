"""Titles and headings, round five (issue 24): a title says what was done, not the first chat message. Each
shape the blind readers faulted, in a session of our own: a quiet commit that says what was done, closing chores
as the title, a complaint or a plea to the agent, an instruction on how to work, a greeting, typos the fixer put
in (Spanish, German), a wish in front ("Necesito…", "Wir wollen…", "…たいです"), a long Chinese line; headings
that are an acknowledgement, a yes/no question, one word, a migration's file name, "Running scripts"."""

from __future__ import annotations

# ruff: noqa: E501  (each case reads best on one line)
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, ToolCall
from retell.extract.headings import chapter_heading
from retell.extract.local_headings import in_language
from retell.extract.phrasing import as_phrase
from retell.extract.roles import command_work, file_role
from retell.extract.typos import fix_typos

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# -- titles: what the session did, not the first chat message -------------------------------------------------


def test_a_quiet_commit_titles_the_session_by_what_it_did(tx: Transcript, tmp_path: Path) -> None:
    # `git commit -qm` prints nothing: the message is in the command; the issue number tells a reader nothing
    tx.user("the pdf export is broken on safari, no clue why. can you look")
    edit(tx, "src/export/pdf.ts")
    _bash(tx, "git add -A && git commit -qm 'Fix #57: embed the fonts in the PDF export' && git push -q")
    tx.assistant("Safari refused the remote fonts; they are embedded now and pushed.")
    told = Told(tx, tmp_path)
    assert told.title == "Embedding the fonts in the PDF export"


def test_a_commit_with_a_scope_and_two_changes_is_said_as_both(tx: Transcript, tmp_path: Path) -> None:
    tx.user("render keeps killing the worker and I have no idea why")
    edit(tx, "worker/Procfile")
    _bash(tx, "git commit -qam 'Render: raise the memory limit; stream the uploads to disk'")
    tx.assistant("The worker ran out of memory buffering uploads.")
    told = Told(tx, tmp_path)
    assert told.title == "Raising the memory limit and streaming the uploads to disk"


def test_a_commit_in_shorthand_leaves_the_title_to_the_request(tx: Transcript, tmp_path: Path) -> None:
    # a scope and a list of nouns is a changelog line, not a title; the author's question says more
    tx.user("why does our CI take 20 minutes on every push")
    edit(tx, ".github/workflows/ci.yml")
    subject = "CI: dependency cache, test sharding, slimmer images"
    _bash(tx, f"git commit -am '{subject}'", f"[main 1a2b3c4] {subject}\n 1 file changed, 9 insertions(+)")
    tx.assistant("The cache was never hit; CI takes 6 minutes now.")
    assert Told(tx, tmp_path).title == "Why does our CI take 20 minutes on every push"


def test_closing_chores_give_the_title_to_the_commit_they_close(tx: Transcript, tmp_path: Path) -> None:
    tx.user("continue")
    edit(tx, "src/payments/refund.ts")
    tx.assistant("Refunds now go through the ledger.")
    tx.user("nice, update the changelog and commit")
    edit(tx, "CHANGELOG.md")
    _bash(tx, "git commit -qam 'Payments: route refunds -> ledger'")
    title = Told(tx, tmp_path).title
    assert "changelog" not in title.lower() and "committing" not in title.lower()


def test_closing_chores_never_title_a_session(tx: Transcript, tmp_path: Path) -> None:
    # "continue" names nothing; the next request is only the chores that close the work
    tx.user("continue")
    tx.assistant("Picking up the port of the settings page to Svelte: two components left.")
    edit(tx, "src/routes/settings/+page.svelte")
    tx.assistant("The settings page is ported to Svelte.")
    tx.user("great!! update the notes file and commit")
    edit(tx, "NOTES.md")
    tx.add({"type": "summary", "summary": "Porting the settings page to Svelte", "leafUuid": tx.last_uuid})
    told = Told(tx, tmp_path)
    assert "commit" not in told.title.lower() and "notes" not in told.title.lower()
    assert told.title == "Porting the settings page to Svelte"


@pytest.mark.parametrize(
    ("first", "title"),
    [
        # a complaint: what was wrong, without the author's shrug
        (
            "the websocket reconnect loop spins forever and I have no idea why",
            "The websocket reconnect loop spins forever",
        ),
        # a run-on second sentence (and the author's typo of a common word)
        ("make the navbar sticky on mobil its hiding the whole header", "Making the navbar sticky on mobile"),
        # a filler in front, a laugh and a plea behind
        (
            "ok so basically the import job from last night is stuck again haha can u look",
            "The import job from last night is stuck again",
        ),
        # a plea for help, then the problem and a pasted error
        ("pls help, my npm install fails with this error: EACCES permission denied", "My npm install fails"),
        # what the author was thinking, then the work
        ("so I was thinking we could split the billing module, it's huge. thoughts?", "Splitting the billing module"),
        # "the image" of the project, not a screenshot
        (
            "There's a race in the image uploader, two uploads overwrite each other",
            "A race in the image uploader, two uploads overwrite each other",
        ),
        # a label and an instruction to the agent, then the question on the next line
        (
            "Quick question, don't change anything.\n\nOur nightly import skips rows with accented names. Why?",
            "Our nightly import skips rows with accented names",
        ),
    ],
)
def test_a_chat_opening_is_titled_by_the_work_it_asks_for(
    tx: Transcript, tmp_path: Path, first: str, title: str
) -> None:
    tx.user(first)
    edit(tx, "src/app.ts")
    tx.assistant("Done: the change is in app.ts.")
    assert Told(tx, tmp_path).title == title


@pytest.mark.parametrize(
    "opening",
    [
        # a pasted trace after a line that points at it
        "seeing this on every checkout since the upgrade\n\nTraceback (most recent call last):\n  File \"shop/cart.py\", line 88\nKeyError: 'sku'",
        # an issue link (no title), then a question that points back
        "https://git.example.com/shop/issues/31",
    ],
)
def test_a_first_message_that_points_at_the_chat_gives_the_title_to_the_work(
    tx: Transcript, tmp_path: Path, opening: str
) -> None:
    tx.user(opening)
    tx.assistant("The cart lost the sku when a line was merged.")
    edit(tx, "shop/cart.py")
    if opening.startswith("https://"):
        tx.user("does the wishlist page also do this?")
        tx.assistant("No: the wishlist keeps its own copy.")
    title = Told(tx, tmp_path).title
    assert "this" not in title.lower().split()
    assert title == "Changing the cart"


def test_a_greeting_alone_is_no_title(tx: Transcript, tmp_path: Path) -> None:
    tx.user("hii")
    tx.assistant("Hello! What would you like to work on?")
    title = Told(tx, tmp_path).title
    assert title.lower() not in ("hii", "hi")
    assert "proj" in title


def test_the_authors_lower_case_names_are_written_as_the_session_writes_them(tx: Transcript, tmp_path: Path) -> None:
    tx.user("upgrade the app to react 19 and fix what breaks")
    edit(tx, "package.json")
    tx.assistant("The app is on React 19 now; the old React 18 typings were the only thing that broke.")
    assert Told(tx, tmp_path).title == "Upgrading the app to React 19 and fixing what breaks"


@pytest.mark.parametrize(
    ("first", "title"),
    [
        # the English typo fixer once made "documentar" "documentary" and "app" "pap"; the wish goes
        (
            "necesito documentar el endpoint de pagos para la app del equipo",
            "Documentar el endpoint de pagos para la app del equipo",
        ),
        # ("wollen" became "swollen")
        ("Wir wollen die Logs von stdout auf JSON umstellen", "Die Logs von stdout auf JSON umstellen"),
        ("Je voudrais ajouter un export CSV des factures", "Ajouter un export CSV des factures"),
        (
            "bonjour, j'ai besoin d'ajouter un filtre par date sur les commandes",
            "Ajouter un filtre par date sur les commandes",
        ),
        # a plea for help first: the problem is the next sentence
        ("Hallo, kannst du mir helfen? Der CSV-Export bricht bei Umlauten ab", "Der CSV-Export bricht bei Umlauten ab"),
        # the problem before ので, not the plea after it; a verb in the te-form said plainly
        ("検索ページが遅いので原因を調べてほしいです", "検索ページが遅い"),
        ("ログの出力形式を JSON に変えてください", "ログの出力形式を JSON に変える"),
        # a plea to the agent after the problem
        ("登录页面的验证码不显示了，帮我看看怎么回事", "登录页面的验证码不显示了"),
        # a pasted error after the problem, in a line far too long for a title
        (
            "部署到正式機之後圖片全部破圖，Chrome console 顯示 Failed to load resource: the server responded with a status of 403 (Forbidden)",
            "部署到正式機之後圖片全部破圖",
        ),
        # a wish said plainly, the columns in brackets kept, the reasons after the first sentence left
        (
            "users テーブルの (email) にユニーク制約を付けたいです。重複登録が起きていて…",
            "users テーブルの (email) にユニーク制約を付ける",
        ),
    ],
)
def test_a_request_in_another_language_is_titled_without_its_chat(
    tx: Transcript, tmp_path: Path, first: str, title: str
) -> None:
    tx.user(first)
    edit(tx, "src/app.ts")
    tx.assistant("Listo. Fertig. Terminé. 好了。完成。できました。")
    assert Told(tx, tmp_path).title == title


def test_the_typo_fixer_leaves_other_languages_and_trade_words_alone() -> None:
    assert fix_typos("documentar la api para la app movil", frozenset()) == "documentar la api para la app movil"
    assert fix_typos("Wir wollen die Config umstellen", frozenset()) == "Wir wollen die Config umstellen"
    assert (
        fix_typos("The mobile app logs in through the login route", frozenset())
        == "The mobile app logs in through the login route"
    )
    assert fix_typos("Fix teh lgoin page", frozenset()) == "Fix the login page"  # English slips still go


def test_a_verb_that_is_the_subject_is_no_request() -> None:
    assert not as_phrase("Deploy is failing on render").startswith("Deploying")


# -- headings: the step, not the message -----------------------------------------------------------------------


def _stretch(ask: str, path: str = "/srv/p/app/config.py") -> list[Event]:
    return [
        Event(HUMAN, id="e1", text=ask),
        Event(ASSISTANT, id="e2", text="Looking."),
        Event(TOOL_RUN, id="e3", calls=[ToolCall("Edit", target=path)]),
    ]


@pytest.mark.parametrize(
    ("ask", "heading"),
    [
        ("good. write the upgrade notes into docs/upgrade.md", "Writing the upgrade notes into upgrade.md"),
        ("ok cool, thx. add a retry to the webhook sender", "Adding a retry to the webhook sender"),
    ],
)
def test_an_acknowledgement_in_front_of_a_request_is_no_heading(ask: str, heading: str) -> None:
    assert chapter_heading(_stretch(ask), ["A title"]) == heading


@pytest.mark.parametrize(
    "ask",
    [
        "is the timeout the retry one?",
        "the staging box does the same thing, right?",
        "does the admin page also do this?",
        "fine. PR it",
        "rotating now, thanks",
        "yes please. fix that first",
        "getting this on staging since the last deploy, maybe every other request",
    ],
)
def test_a_passing_question_or_reply_never_heads_a_stretch(ask: str) -> None:
    assert chapter_heading(_stretch(ask), ["A title"]) == "Changing the config"


def test_closing_chores_head_a_stretch_only_when_nothing_else_does() -> None:
    events = _stretch("add the changelog line and close the ticket", "/srv/p/app/config.py")
    assert chapter_heading(events, ["A title"]) == "Changing the config"


@pytest.mark.parametrize(
    ("ask", "heading"),
    [
        (
            "génial. tu peux aussi traduire les messages d'erreur ? et regarde le bouton",
            "Traduire les messages d'erreur",
        ),
        (
            "Servus! Wir wollen weg von cron. Kannst du die Jobs auf systemd-Timer umstellen?",
            "Die Jobs auf systemd-Timer umstellen",
        ),
        ("¿puedes revisar también el middleware de sesiones?", "Revisar el middleware de sesiones"),
        ("valeu! tem como testar o alerta sem derrubar nada?", "Testar o alerta sem derrubar nada"),
        # "good catch on X," in front; the author trails off after what they found: a report, which heads no
        # stretch that did something (round twelve: authored.reports), so the work does
        (
            "ah bien vu pour le bouton, le back vérifie le jeton en dur… je m'en occupe côté back. merci !",
            "Changing the config",
        ),
    ],
)
def test_an_ask_in_another_language_heads_its_stretch_by_the_work(ask: str, heading: str) -> None:
    # not "Änderungen an settings.py, prod.yaml und weitere" (a bare list of files) nor the chat sentence
    assert chapter_heading(_stretch(ask), ["A title"]) == heading


def test_made_up_headings_read_as_the_language_is_written() -> None:
    assert in_language("Getting the tests to pass", [], "es") == "Logrando que pasen las pruebas"
    assert in_language("Getting the tests to pass", [], "de") == "Die Tests zum Laufen bringen"
    migration = [
        Event(
            TOOL_RUN, id="e1", calls=[ToolCall("Write", target="/srv/p/db/migrate/20250101120000_add_email_index.rb")]
        )
    ]
    assert in_language("Writing the migration", migration, "ja") == "マイグレーションの作成"
    assert in_language("Writing the migration", migration, "de") == "Die Migration neu anlegen"
    assert file_role("/srv/p/db/migrate/20250101120000_add_email_index.rb") == "the migration"


def test_files_and_scripts_are_named_so_a_reader_can_place_them() -> None:
    assert file_role("/srv/p/cmd/server/main.go") == "main.go"  # not "the main"
    assert file_role("/srv/p/s3.go") == "s3.go"  # not "the s 3"
    assert file_role("/srv/p/hello.sh") == "the hello script"  # not "the hello"
    assert command_work("bash scripts/seed-db.sh --fresh") == "running seed-db.sh"
    assert command_work("cd api && python3 tools/backfill.py") == "running backfill.py"
    assert command_work('node -e "console.log(1)"') == "running scripts"
    assert (
        command_work("npx playwright screenshot --viewport-size=375,812 http://localhost:5173 m.png")
        == "running playwright"
    )
    assert command_work("git push -qu origin HEAD && gh pr create --fill") == "opening a pull request"
