"""Titles and headings, round seven (issue 24): said from what the session did, not from what the author typed
in passing. Each shape a blind reader faulted, in a session of our own: a commit that is not this session's (a
cherry-pick, an empty commit to trigger a build), a commit said in two verb forms or ending in notes, an opener
that announces a list, a wish for a thing, particulars strung after a symptom, a first sentence that points, a
greeting's tilde, initialisms typed in lower case, a scene that counts things before the ask, a label before a
question; headings that are an assent, an interjection, the author's plan, a word or two, a question without its
mark; the step Claude announced in the author's language and a later ask in Japanese; "w/"; a function's file;
a bare noun; Italian made-up headings."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, ToolCall
from retell.extract.commits import commit_phrase, session_summaries
from retell.extract.headings import chapter_heading
from retell.extract.local_headings import in_language
from retell.extract.requests import first_request

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


def _stretch(*asks: str, claude: str = "Looking.", path: str = "/srv/p/app/config.py") -> list[Event]:
    events = [Event(HUMAN, id=f"h{i}", text=ask) for i, ask in enumerate(asks)]
    return [
        *events[:1],
        Event(ASSISTANT, id="a1", text=claude),
        Event(TOOL_RUN, id="t1", calls=[ToolCall("Edit", target=path)]),
        *events[1:],
    ]


# -- titles: the commits this session made, said in one form ------------------------------------------------------


def test_a_cherry_picked_commit_is_not_this_sessions_story(tx: Transcript, tmp_path: Path) -> None:
    # `git cherry-pick` prints the subject of an older commit: the session only brought it back
    tx.user("why did my release tag commit disappear after the squash?")
    _bash(tx, "git reflog -8", "9f8e7d6 HEAD@{0}: rebase (finish)")
    tx.assistant("The commit was empty, so the rebase dropped it; it is still in the reflog.")
    _bash(tx, "git cherry-pick --allow-empty 1a2b3c4", "[main 5e6f7a8] ops: kick the staging deploy\n Date: Mon")
    told = Told(tx, tmp_path)
    assert "staging deploy" not in told.title.lower()
    assert told.title == "Why did my release tag commit disappear after the squash?"


def test_an_empty_commit_to_trigger_a_build_titles_nothing(tx: Transcript, tmp_path: Path) -> None:
    tx.user("the docker build on CI takes 20 minutes for a one word change. is that normal")
    edit(tx, "Dockerfile")
    _bash(
        tx, 'git commit --allow-empty -m "ci: measure the warm cache"', "[ci/speed 4d3c2b1] ci: measure the warm cache"
    )
    tx.assistant("The warm build takes 5 minutes now.")
    told = Told(tx, tmp_path)
    assert "warm cache" not in told.title.lower()
    assert told.title.startswith("The docker build on CI takes 20 minutes")


@pytest.mark.parametrize(
    ("subject", "phrase"),
    [
        # two changes joined by a comma: one verb form, not "Splitting the tokenizer, drop the regex cache"
        (
            "lexer: split the tokenizer, drop the regex cache",
            "Splitting the tokenizer and dropping the regex cache",
        ),
        # notes after the change (a class and its limits): left out, the change said where it was
        ("billing: fix N+1 (prefetch), InvoicePager 25/100", "Fixing N+1 in billing"),
    ],
)
def test_a_commit_is_said_in_one_verb_form(subject: str, phrase: str) -> None:
    assert commit_phrase(subject) == phrase


def test_a_commit_with_git_options_in_front_is_still_a_commit() -> None:
    subject = "escape the feed titles in the RSS view"
    events = [
        Event(
            TOOL_RUN,
            id="t1",
            calls=[
                ToolCall(
                    "Bash", target=f'git -c user.name=bot commit -am "{subject}"', output=f"[main 1234567] {subject}"
                )
            ],
        )
    ]
    assert session_summaries(events) == [subject]


def test_a_bump_with_a_fix_is_work_not_housekeeping() -> None:
    events = [
        Event(
            TOOL_RUN,
            id="t1",
            calls=[
                ToolCall(
                    "Bash",
                    target='git commit -am "Bump jinja2 3.1.5; escape the feed titles (closes #7)"',
                    output="[main 1234567] Bump jinja2 3.1.5; escape the feed titles (closes #7)",
                )
            ],
        )
    ]
    assert session_summaries(events) == ["Bump jinja2 3.1.5; escape the feed titles (closes #7)"]


def test_an_opener_that_announces_a_list_never_titles_a_post(tx: Transcript, tmp_path: Path) -> None:
    # the commit that did the chores says what they were (a bump followed by a fix is work, not housekeeping); in
    # the post's language since round nine: an English commit is said with a French verb, its object as written
    tx.user(
        "Salut ! deux petites choses :\n1. feedparser est signalé vulnérable\n2. le flux RSS a des titres mal échappés"
    )
    edit(tx, "requirements.txt")
    edit(tx, "app/feed.py")
    subject = "Bump feedparser 6.0.11; escape the feed titles (closes #7)"
    _bash(tx, f'git commit -am "{subject}"', f"[main 1234567] {subject}")
    told = Told(tx, tmp_path)
    assert "choses" not in told.title.lower()
    assert told.title == "Mettre à jour feedparser 6.0.11"


# -- titles: the author's words, when they read as a title ------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "title"),
    [
        # a wish for a thing: the thing, without the why after its comma
        (
            "Hola! quiero un script decente para las copias de seguridad, ahora mismo lo hago a mano",
            "Un script decente para las copias de seguridad",
        ),
        (
            "Ich brauche eine neue Spalte `rabatt` auf Invoice (Prozent), nullable",
            "Eine neue Spalte rabatt auf Invoice",
        ),
        # a symptom with its particulars strung after it: the symptom
        ("docker compose up 一直卡住，macOS，M2 芯片", "docker compose up 一直卡住"),
        # a first sentence that points, then the one that says
        (
            "esto es lo que vemos? el cron se ejecuta dos veces cada noche a las 2",
            "El cron se ejecuta dos veces cada noche a las 2",
        ),
        # the tilde of a Korean greeting, and a command kept in its case
        ("안녕하세요~ `cargo test` 돌리면 파서 테스트가 실패해요", "cargo test 돌리면 파서 테스트가 실패해요"),
        # initialisms typed in lower case
        (
            "the ci job for the api times out after the node upgrade",
            "The CI job for the API times out after the node upgrade",
        ),
        # a scene that counts things, then the ask: "which ones" said as the things
        (
            "we have like 40 cron jobs on the box and I think most are stale. find out which ones still run",
            "Finding out which cron jobs on the box still run",
        ),
        # a label in front of the question, and the scene before it
        (
            "Petite question : pour le backend, est-ce que passer à HTTP/2 vaut le coup ?",
            "Est-ce que passer à HTTP/2 vaut le coup ?",
        ),
    ],
)  # fmt: skip
def test_the_title_is_what_the_author_asked_for_not_the_chat_around_it(
    tx: Transcript, tmp_path: Path, message: str, title: str
) -> None:
    tx.user(message)
    tx.assistant("Done.")
    assert Told(tx, tmp_path).title == title


def test_a_scene_alone_is_still_a_request() -> None:
    # with no ask after it, a scene that counts things is what the author wrote
    assert (
        first_request(["we have 3 workers and they all crash at midnight"])
        == "We have 3 workers and they all crash at midnight"
    )


# -- headings: the step, never the chat around it -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ask",
    [
        "ja mach",  # German: an assent
        "vas-y",  # French
        "yes do that",
        "直して",  # Japanese: "fix it"
        "提交",  # Chinese: "commit", one word
        "回来了",  # Chinese: "I'm back"
        "Vou testar em produção amanhã cedo",  # Portuguese: the author's own plan
        "Prefiero esperar a que lo revise Ana",  # Spanish: the author's preference
        "Aber mach das bitte so dass es nichts kaputt macht",  # German: joined on to the chat before
        "--verbose 还在吗？",  # Chinese: a question in passing
        "what's left of the 6 minutes",  # an English question in passing, no mark
    ],
)
def test_an_assent_a_plan_or_a_question_in_passing_never_heads_a_stretch(ask: str) -> None:
    assert chapter_heading(_stretch(ask), ["A title"]) == "Changing the config"


@pytest.mark.parametrize(
    ("ask", "heading"),
    [
        ("Nickel, les exports sortent enfin", "Les exports sortent enfin"),  # an interjection in front: the finding
        ("算了，放棄。先用 CPU 跑小資料集", "先用 CPU 跑小資料集"),  # a word or two, then the step
        ("add a regression test w/ the exact input", "Adding a regression test with the exact input"),
    ],
)
def test_the_chat_in_front_of_a_step_is_left_out(ask: str, heading: str) -> None:
    assert chapter_heading(_stretch(ask), ["A title"]) == heading


@pytest.mark.parametrize(
    ("ask", "claude", "heading"),
    [
        ("等等，这样会影响所有租户吧？", "是的。我把缓存改成按租户分开。", "把缓存改成按租户分开"),
        (
            "e atrás do proxy? vai pegar o IP errado",
            "Verdade. Vou trocar o cálculo do IP para ler o X-Forwarded-For.",
            "Trocar o cálculo do IP para ler o X-Forwarded-For",
        ),
        (
            "und wenn der Report-Job die Tabelle sperrt?",
            "Vorschlag: lock_timeout setzen und in drei Schritten migrieren (nullable → Backfill → NOT NULL).",
            "lock_timeout setzen und in drei Schritten migrieren",
        ),
        (
            "und was, wenn der Job hängt?",
            "Ich kann einen lock_timeout von 5 Sekunden setzen.", "Einen lock_timeout von 5 Sekunden setzen",
        ),
    ],
)  # fmt: skip
def test_the_step_claude_announced_in_the_authors_language_heads_the_stretch(
    ask: str, claude: str, heading: str
) -> None:
    assert chapter_heading(_stretch(ask, claude=claude), ["A title"]) == heading


def test_what_claude_runs_first_is_no_announced_step() -> None:
    # "我先在本機用 curl 重現：" leads into a command, not the change made after it
    stretch = [
        Event(HUMAN, id="h0", text="websocket 一直 400，幫我看看"),
        Event(ASSISTANT, id="a1", text="問題很明確。我先在本機用 curl 重現："),
        Event(TOOL_RUN, id="t1", calls=[ToolCall("Bash", target="curl -si https://example.test/ws")]),
        Event(TOOL_RUN, id="t2", calls=[ToolCall("Edit", target="/srv/p/nginx/site.conf")]),
    ]
    assert "curl" not in chapter_heading(stretch, ["A title"])


def test_a_later_ask_in_japanese_heads_the_stretch_before_its_files() -> None:
    stretch = _stretch("キャッシュの件、どうなってる？", "うーん、じゃあ キャッシュを Redis にしよう。メモリは足りるし")
    assert chapter_heading(stretch, ["A title"]) == "キャッシュを Redis にする"


@pytest.mark.parametrize(
    "later",
    [
        "user_id だけのインデックスはもう要らないですよね",  # a question by its ending
        "讚。其他 chart 有沒有一樣寫死的問題？",  # praise, then a question
        "對，照你說的改",  # an assent that points at Claude's words
    ],
)
def test_a_later_cjk_line_that_asks_or_points_heads_nothing(later: str) -> None:
    assert chapter_heading(_stretch("キャッシュの件、どうなってる？", later), ["A title"]) == "Changing the config"


def test_a_bare_noun_names_no_step() -> None:
    # "now the README, it still mentions make" cut to its first clause is a thing, not what was done with it
    assert chapter_heading(_stretch("now the README, it still mentions make"), ["A title"]) == "Changing the config"


def test_an_aside_while_claude_is_there_is_left_out() -> None:
    # "…too while ur there": the ask, not the texting around it (which made it a line of chat)
    stretch = _stretch("now the README, it still mentions make", "and add a section on just too while ur there")
    stretch[2] = Event(
        TOOL_RUN, id="t1", calls=[ToolCall("Edit", target=p) for p in ("/p/README.md", "/p/justfile", "/p/ci.yml")]
    )
    assert chapter_heading(stretch, ["A title"]) == "Adding a section on just"


def test_a_function_s_file_is_named_by_its_identifier() -> None:
    # useInvoiceFilters.ts: not "the use invoice filters"
    stretch = [
        Event(HUMAN, id="e1", text="ok go"),
        Event(TOOL_RUN, id="e2", calls=[ToolCall("Write", target="/srv/p/src/hooks/useInvoiceFilters.ts")]),
        Event(TOOL_RUN, id="e3", calls=[ToolCall("Edit", target="/srv/p/src/components/InvoiceList.tsx")]),
    ]
    assert chapter_heading(stretch, ["A title"]) == "Changing useInvoiceFilters and the invoice list"


def test_an_italian_post_is_headed_in_italian() -> None:
    assert in_language("Where it ended", [], "it") == "Com'è finita"
    # and a Russian or a Vietnamese one in theirs (the numbers box already was)
    assert in_language("Where it ended", [], "ru") == "Чем всё закончилось"
    assert in_language("Getting the tests to pass", [], "vi") == "Làm cho các bài kiểm thử chạy qua"
    edits = [Event(TOOL_RUN, id="e1", calls=[ToolCall("Edit", target="/srv/p/app/sitemap.py")])]
    assert in_language("Changing the sitemap", edits, "it") == "Modifiche a sitemap.py"


@pytest.mark.parametrize(
    ("command", "heading"),
    [
        ("git cherry-pick --allow-empty 5f2e6d1", "Cherry-picking a commit"),  # brought back, nothing rebased
        ('git config --global alias.rb "rebase -i --autosquash"', "Changing the git config"),  # not a rebase
    ],
)
def test_a_git_command_is_said_as_what_it_did(command: str, heading: str) -> None:
    stretch = [Event(HUMAN, id="h0", text="ok"), Event(TOOL_RUN, id="t1", calls=[ToolCall("Bash", target=command)])]
    assert chapter_heading(stretch, ["A title"]) == heading


def test_a_session_titled_by_its_tests_names_them(tx: Transcript, tmp_path: Path) -> None:
    # a bare path, then talk: the title is the work, and "Getting the tests to pass" could head any session
    tx.user("tests/prop_dates.rs")
    tx.tool_call(
        "Bash",
        {"command": "cargo test --test prop_dates", "description": "run"},
        "test result: FAILED. 3 passed; 1 failed",
        is_error=True,
    )
    edit(tx, "src/dates.rs")
    tx.tool_call("Bash", {"command": "cargo test", "description": "run"}, "test result: ok. 4 passed; 0 failed")
    assert Told(tx, tmp_path).title == "Getting the prop_dates tests to pass"


@pytest.mark.parametrize(
    ("ask", "claude", "language", "heading"),
    [
        (
            "有道理，那就先不改 Go",
            'list.go 的结构体没有 omitempty。spec 应该写成 `type: [string, "null"]`（3.1 写法）。',
            "zh",
            'spec 应该写成 `type: [string, "null"]`',
        ),
        (
            "mas os outros testes não usam redis, por que agora precisa",
            "Alternativa: usar fakeredis nos testes e não subir serviço no CI.",
            "pt",
            "Usar fakeredis nos testes e não subir serviço no CI",
        ),
        # spoken to the author, or a sentence with a comma: no finding, the files
        ("et si la facture change après", "Vous pouvez garder le timeout actuel.", "fr", "Modifications de config.py"),
        ("perfetto, procedi", "Scrivo il documento in italiano con un diagramma.", "it", "Modifiche a config.py"),
        ("und dann das Constraint", "`CHECK NOT VALID` → `VALIDATE` → FK validieren.", "de", "Änderungen an config.py"),
        (
            "muss ich den Job vorher stoppen",
            "Sicherer ist trotzdem, den Job im Wartungsfenster zu pausieren.",
            "de",
            "Änderungen an config.py",
        ),
    ],
)
def test_what_claude_found_in_the_authors_language_heads_a_stretch_of_files(
    ask: str, claude: str, language: str, heading: str
) -> None:
    # a stretch whose ask is chat and whose work only names files: what Claude found before the change says more
    stretch = _stretch(ask, claude=claude)
    assert in_language(chapter_heading(stretch, ["A title"]), stretch, language) == heading


def test_a_german_title_writes_its_nouns_as_the_session_does(tx: Transcript, tmp_path: Path) -> None:
    # German capitalises every noun: one capital "Rebase" in Claude's sentences is the word's spelling
    tx.user("warum ist mein tag nach dem rebase weg?")
    tx.assistant("Der Tag zeigte auf einen leeren Commit. Beim Rebase wurde er verworfen.")
    assert Told(tx, tmp_path).title == "Warum ist mein Tag nach dem Rebase weg?"
