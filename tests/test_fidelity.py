"""The story as it happened (issue 10): each finding on real transcripts, rebuilt from the record shapes in
../shared/notes/format.md ("Human messages: what real files add"), through parse, triage and the offline
engine, checked where the author would notice it: events.json, triage.yaml, the draft, the stats box."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript, events, image_block, make_png, text_block, tool_use_block
from told_support import offline

from retell.claude.locate import SessionRef
from retell.markup import as_shown
from retell.parse import ParseOptions, ParseResult, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

OFFLINE = StageOptions(engine="offline")


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    offline(monkeypatch, tmp_path, ("ANTHROPIC_API_KEY",))


class Told:
    """One session through the offline pipeline."""

    def __init__(
        self, tx: Transcript, folder: Path, *, include_tried: bool = False, language: str | None = None
    ) -> None:
        path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
        self.work = folder / "work"
        _, self.parsed = parse_to_workdir(SessionRef(path, path.stem), self.work, ParseOptions())
        run_triage(self.work)
        text = (self.work / "triage.yaml").read_text(encoding="utf-8")
        if include_tried:
            text = text.replace("include: false", "include: true")
        if language:
            text = re.sub(r"(?m)^(  language: )\S+", rf"\g<1>{language}", text)
        (self.work / "triage.yaml").write_text(text, encoding="utf-8")
        run_triage(self.work, approve=True)
        self.triage: dict[str, Any] = yaml.safe_load((self.work / "triage.yaml").read_text(encoding="utf-8"))
        run_outline(self.work, OFFLINE)
        run_draft(self.work, OFFLINE)
        self.draft = (self.work / "draft.md").read_text(encoding="utf-8")

    @property
    def result(self) -> ParseResult:
        return self.parsed

    def post(self, tmp: Path) -> str:
        rendered = run_render(self.work, RenderOptions(output=tmp / "site"))
        return rendered.post.read_text(encoding="utf-8")


# -- rewinds -------------------------------------------------------------------------------------------


def _rewound(tx: Transcript) -> None:
    tx.user("Here is one idea about how to organize the docs folder.")
    tx.assistant("Got it: a convention for splitting docs from work notes.")
    fork = tx.last_uuid
    tx.user("I very much like this idea, list its strengths.")
    tx.assistant("Clear separation of concerns is the main strength of this idea.")
    tx.last_uuid = fork
    tx.user("I actually don't like this idea much, list its weak points.")
    tx.assistant("The boundary between docs and notes is often blurry in practice.")


def test_a_rewound_branch_is_not_told_as_if_it_happened(tx: Transcript, tmp_path: Path) -> None:
    _rewound(tx)
    told = Told(tx, tmp_path)
    assert "I very much like this idea" not in told.draft
    assert "I actually don't like this idea much" in told.draft
    assert told.triage["tried"] == [
        {
            "id": "b1",
            "include": False,
            "info": {
                "chapter": "ch1",
                "events": "e3 to e4 (2)",
                "gist": "I very much like this idea, list its strengths.",
            },
        }
    ]
    assert "- **My messages**: 2\n" in told.post(tmp_path)


def test_an_abandoned_branch_the_author_includes_is_told_as_what_was_tried(tx: Transcript, tmp_path: Path) -> None:
    _rewound(tx)
    told = Told(tx, tmp_path, include_tried=True)
    assert "first tried another direction, then rewound it:\n\n> I very much like this idea" in told.draft


# -- every message the author typed, once -----------------------------------------------------------------


def test_a_prompt_resent_after_api_errors_is_one_message(tx: Transcript, tmp_path: Path) -> None:
    for _ in range(4):
        tx.user("Summarise the open issues.")
        tx.assistant("API Error: Extra usage is required", model="<synthetic>", isApiErrorMessage=True)
    tx.user("Summarise the open issues.")
    tx.assistant("There are three open issues, all about the importer.")
    told = Told(tx, tmp_path)
    assert [e["text"] for e in events(told.result, "human")] == ["Summarise the open issues."]
    assert told.result.manifest["records"]["resent_prompts"] == 4
    assert told.draft.count("> Summarise the open issues.") == 1


def test_harness_output_is_not_the_author(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add a changelog entry for the fix.")
    tx.assistant("Added.")
    tx.user("Unknown skill: changelog-writer")
    told = Told(tx, tmp_path)
    assert [e["text"] for e in events(told.result, "human")] == ["Add a changelog entry for the fix."]
    assert "Unknown skill" not in told.draft


def test_image_placeholders_are_the_image_not_the_text(tx: Transcript, tmp_path: Path) -> None:
    tx.user([text_block("[Image #1] why is this button misaligned? [Image #2]"), image_block(make_png())])
    tx.assistant("The flex container has no align-items rule, so the button sits at the top.")
    told = Told(tx, tmp_path)
    (human,) = events(told.result, "human")
    assert human["text"] == "why is this button misaligned?"
    assert told.triage["post"]["title"] == "Why is this button misaligned?"
    assert "[Image #" not in told.draft and "![" in told.draft


def test_a_pasted_document_is_said_not_dropped(tx: Transcript, tmp_path: Path) -> None:
    pdf = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"}}
    tx.user([pdf, text_block("Implement the API described in this spec.")])
    tx.assistant("The spec describes three endpoints; I implemented all of them in api.py.")
    tx.user([pdf])
    told = Told(tx, tmp_path)
    humans = events(told.result, "human")
    assert [(e["text"], e["documents"]) for e in humans] == [
        ("Implement the API described in this spec.", ["PDF"]),
        ("", ["PDF"]),
    ]
    assert "(I shared a PDF document with it.)" in told.draft


def test_slash_command_arguments_are_the_authors_request(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "<command-message>orchestrator is running…</command-message>\n<command-name>/orchestrator</command-name>\n"
        "<command-args>create a TODO app with Next.js</command-args>"
    )
    tx.assistant("I'll plan the TODO app first: pages, API routes and a SQLite store.")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["title"] == "Creating a TODO app with Next.js"
    assert told.result.manifest["counts"]["human_turns"] == 1
    assert "I started with this:\n\n> create a TODO app with Next.js\n\n(via `/orchestrator`)" in told.draft


def test_an_avif_image_labelled_png_is_kept(tx: Transcript, tmp_path: Path) -> None:
    from PIL import Image, features

    if not features.check("avif"):
        pytest.skip("this Pillow has no AVIF support")
    buf = io.BytesIO()
    Image.new("RGB", (8, 6), (10, 200, 90)).save(buf, format="AVIF")
    tx.user([text_block("This is what the chart looks like."), image_block(buf.getvalue(), "image/png")])
    tx.assistant("The legend overlaps the axis labels.")
    told = Told(tx, tmp_path)
    (image,) = told.result.manifest["images"]
    assert (
        image["format"] == "avif" and image["asset"].endswith(".avif") and (image["width"], image["height"]) == (8, 6)
    )
    assert "webp" in told.post(tmp_path)  # published re-encoded, like any image


# -- language -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "language", "note"),
    [
        (
            ["帮我修复登录页面的错误，点击按钮以后没有反应", "继续", "再加一个测试吧，覆盖这个 bug"],
            "zh-Hans",
            "本草稿由 retell",
        ),
        (["ログイン画面のバグを直してください。ボタンを押しても何も起きません", "はい"], "ja", "この下書きは retell"),
        # Traditional Chinese, which the language identifier is unsure of (it says Cantonese): its own script
        (
            ["請幫我修正登入頁面的錯誤，點擊按鈕之後沒有反應", "這個測試會失敗，請檢查一下設定檔"],
            "zh-Hant",
            "本草稿由 retell 在不使用模型的情況下產生",
        ),
        (["Sửa lỗi đăng nhập giúp tôi, bấm nút thì không có gì xảy ra", "ok"], "vi", "Bản nháp này do retell"),
        (["Bitte repariere den Fehler beim Anmelden, der Knopf macht gar nichts", "ja"], "de", "Diesen Entwurf hat"),
        (["Please fix the login page, the button does nothing when clicked", "ok"], "en", None),
        # (a blind session set, fresh4, stop 36: Dutch, Polish and Turkish posts ended "Where it ended")
        (["Kun je de inlogpagina repareren? De knop doet niets als ik erop klik", "ja"], "nl", "retell schreef dit"),
        (["Napraw stronę logowania, przycisk nic nie robi po kliknięciu", "tak"], "pl", "retell napisał ten"),
        (["Giriş sayfasını düzeltir misin, butona tıklayınca hiçbir şey olmuyor", "evet"], "tr", "Bu taslağı retell"),
    ],
)
def test_the_post_is_in_the_authors_language(
    tx: Transcript, tmp_path: Path, messages: list[str], language: str, note: str | None
) -> None:
    for message in messages:
        tx.user(message)
        tx.assistant("Done: the click handler was never bound; `login.js` binds it now.")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == language
    if note is None:
        assert "sentences are in English" not in told.draft
    else:  # the offline engine's own sentences are English, and the post says so plainly
        assert note in told.draft and "its own sentences are in English" in told.draft


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("zh-Hant", "本草稿由 retell 在不使用模型的情況下產生"),
        ("zh-TW", "本草稿由 retell 在不使用模型的情況下產生"),
        ("zh-CN", "本草稿由 retell 在不使用模型的情况下生成"),
        ("ko", "이 초안은 retell이 모델 없이 작성했습니다"),
        ("es", "retell escribió este borrador sin un modelo"),
        ("fr", "Ce brouillon a été écrit par retell sans modèle"),
        ("pt-BR", "O retell escreveu este rascunho sem um modelo"),
    ],
)
def test_the_offline_note_is_in_the_posts_language(tx: Transcript, tmp_path: Path, language: str, note: str) -> None:
    tx.user("Please fix the login page, the button does nothing when clicked")
    tx.assistant("Done: the click handler was never bound; `login.js` binds it now.")
    told = Told(tx, tmp_path, language=language)
    assert note in told.draft and "its own sentences are in English" in told.draft


@pytest.mark.parametrize(
    ("cwd", "named"),
    [("/home/sam", None), ("/Users/dain", None), ("C:\\Users\\jane", None), ("/srv/demo/tidyfeeds", "tidyfeeds")],
)
def test_the_offline_opening_names_the_project_never_the_home_folder(
    tmp_path: Path, cwd: str, named: str | None
) -> None:
    tx = Transcript(cwd=cwd)
    tx.user("Please fix the login page, the button does nothing when clicked")
    tx.assistant("Done: the click handler was never bound; `login.js` binds it now.")
    told = Told(tx, tmp_path)
    opening = next(line for line in told.draft.splitlines() if line.startswith("This is the story of"))
    if named is None:
        assert opening.startswith("This is the story of a session with Claude Code, told from its transcript")
        assert " on " not in opening.split(",")[0]
    else:
        assert opening.startswith(f"This is the story of a session with Claude Code on {named}, told")


# -- tool prose and time ------------------------------------------------------------------------------------


def test_a_command_name_written_without_its_slash_is_the_slash_command(tx: Transcript, tmp_path: Path) -> None:
    """Claude Code 1.0 wrote `<command-name>init</command-name>`; the post says `/init` and the check finds it."""
    tx.user("<command-message>init is analyzing your codebase…</command-message>\n<command-name>init</command-name>")
    tx.assistant("I'll analyze the codebase to create a CLAUDE.md file.")
    tx.user("now write the program the README describes")
    tx.assistant("Wrote ai_music.py.")
    told = Told(tx, tmp_path)
    assert [e["name"] for e in events(told.result, "command")] == ["/init"]


def test_tool_prose_shows_the_command_that_did_the_work(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Build the frontend and check on the dev server.")
    tx.tool_call("Bash", {"command": "cd /srv/demo/proj/web && npm run build"}, "built")
    tx.tool_call("Bash", {"command": "cd web"}, "")
    tx.tool_call("BashOutput", {"bash_id": "bash_3"}, "ready on :3000")
    tx.tool_call("KillShell", {"shell_id": "bash_3"}, "killed")
    tx.tool_call("LS", {"path": "/srv/demo/proj/web"}, "dist/")
    tx.tool_call("ToolSearch", {"query": "select:WebFetch"}, "loaded")
    tx.assistant("The build works and the dev server answered before I stopped it.")
    told = Told(tx, tmp_path)
    summaries = [e["summary"] for e in events(told.result, "tool_run")]
    assert summaries == [
        "Ran 2 commands, one call each",
        "Checked on a background command and stopped a background command",
        "Listed web",
        "Looked up the tools it needed",
    ]
    assert [c["target"] for c in events(told.result, "tool_run")[0]["calls"]] == ["npm run build", "cd web"]
    assert "`cd" not in told.draft and "searched" not in told.draft and "bash_3" not in told.draft
    assert "checked on a background command and stopped a background command" in told.draft


def test_a_session_resumed_days_later_has_honest_time(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Start the data migration script.")
    tx.assistant("The migration script is written and its dry run passes.")
    tx.tick(15 * 24 * 3600)  # back two weeks later, in the same file
    tx.system("away_summary", content="You were writing a migration script; its dry run passed.")
    tx.user("Run the migration for real now.")
    tx.assistant("Migrated 1,204 rows; the row counts match.")
    told = Told(tx, tmp_path)
    chapters = told.result.log.chapters
    assert [c.reason for c in chapters] == ["start", "idle"]
    assert chapters[1].bridge is not None  # the away recap says "previously…"
    post = told.post(tmp_path)
    assert "- **Active time**: 0 min, over 16 days (2026-01-05 to 2026-01-20)\n" in post  # seconds of work
    assert "Session length" not in post


def test_headings_say_what_a_chapter_is_about(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Thanks")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app/models.py", "old_string": "a", "new_string": "b"})
    tx.assistant("Renamed the field.")
    tx.tick(5 * 3600)
    tx.user("继续")
    tx.user("- add the index on user_id")
    tx.assistant("Added the index.")
    told = Told(tx, tmp_path)
    assert [c["title"] for c in told.triage["chapters"]] == ["Changing the models", "Add the index on user_id"]
    assert "## Part" not in told.draft and "## Thanks" not in told.draft


def test_two_sessions_with_one_title_get_two_slugs(tmp_path: Path, make_transcript) -> None:
    slugs = set()
    for i, session_id in enumerate(("11111111-2222-4333-8444-555555555555", "99999999-2222-4333-8444-555555555555")):
        tx = make_transcript(session_id=session_id)
        tx.user("--history")
        tx.user("Fix the flaky login test")
        tx.assistant("The test waited on a timer; it now waits on the event.")
        told = Told(tx, tmp_path / str(i))
        assert told.triage["post"]["title"] == "Fixing the flaky login test"
        slugs.add(told.triage["post"]["slug"])
    assert slugs == {"fixing-the-flaky-login-test-111111", "fixing-the-flaky-login-test-999999"}


def test_a_japanese_title_keeps_its_script_in_the_slug(tx: Transcript, tmp_path: Path) -> None:
    tx.user("@CLAUDE.md を最新の状態にアップデートしてください")
    tx.assistant("CLAUDE.md を更新しました。")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["slug"] == "claude-md-を最新の状態にアップデート-5e5510"


def test_slug_never_drops_or_cuts_a_word() -> None:
    from retell.triage.slug import post_slug

    title = "Refactor the configuration loader so environment variables override values from files"
    slug = post_slug(title, "abcdef12-0000")
    words = slug.removesuffix("-abcdef").split("-")
    assert words == title.lower().split()[: len(words)] and len(words) == 7  # 60 characters of whole words


def test_a_redacted_value_leaves_no_marker_words_in_the_slug() -> None:
    """A blind set (dev7, stop 36): `[REDACTED:internal-host]` in a title gave the slug
    `…-reach-redacted-internal-host-since-…`, the kind of what was hidden in the post's address."""
    from retell.triage.slug import post_slug

    slug = post_slug("The jenkins agent can't reach [REDACTED:internal-host] since the VPN change", "b11d00aa")
    assert slug == "the-jenkins-agent-can-t-reach-since-the-vpn-change-b11d00"


def test_with_a_model_title_the_slug_follows_unless_the_author_set_one() -> None:
    from retell.render import post_settings
    from retell.triage.model import PostSettings
    from retell.triage.slug import post_slug

    base = PostSettings(
        title="Fixing the flaky login test",
        slug=post_slug("Fixing the flaky login test", "abc123"),
        date="2026-01-05T10:00:00+00:00",
        tags=[],
        description="",
        audience="",
        tone="",
        length="medium",
        language="en",
        voice="first-person",
        use_thinking=False,
        draft=True,
        cover=None,
    )
    meta = {"title": "The timer that made a login test flaky"}
    follows = post_settings(base, meta, base.title, base.slug, "abc123")
    assert (follows.title, follows.slug) == (meta["title"], "the-timer-that-made-a-login-test-flaky-abc123")
    base.slug = "flaky"
    kept = post_settings(base, meta, base.title, post_slug(base.title, "abc123"), "abc123")
    assert kept.slug == "flaky"


def test_default_titles_are_never_a_flag_path_greeting_command_or_log(make_transcript, tmp_path: Path) -> None:
    cases = {
        "--history": "Adding a history view to the CLI",
        "/src/app/main.py": "Adding a history view to the CLI",
        "hi claude!": "Adding a history view to the CLI",
        "<command-name>/clear</command-name>": "Adding a history view to the CLI",
        "2026-01-05 10:00:01 ERROR worker crashed: KeyError 'id'": "Adding a history view to the CLI",
        "y": "Adding a history view to the CLI",
    }
    for i, (first, title) in enumerate(cases.items()):
        tx = make_transcript()
        tx.user(first)
        tx.user("hey, can you add a history view to the CLI?")
        tx.assistant("Added `retell history`.")
        assert Told(tx, tmp_path / str(i)).triage["post"]["title"] == title, first
    tx = make_transcript()
    tx.user("Implement the following plan:\n\n# Plan: Cache the parsed feeds\n\n1. Add a cache folder\n2. Key by URL")
    tx.assistant("Implemented the cache.")
    assert Told(tx, tmp_path / "plan").triage["post"]["title"] == "Cache the parsed feeds"


def test_a_message_sent_mid_turn_reaches_the_post(tx: Transcript, tmp_path: Path) -> None:
    tx.version = "2.1.31"
    tx.user("Design the storage for the importer.")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Read", {"file_path": "/srv/demo/proj/importer.py"}, tool_id))
    tx.queue("enqueue", "here is the data structure: {id, rows[]}")
    tx.tool_result(tool_id, "def load(): ...")
    tx.queue("remove")
    tx.assistant("Thanks for the data structure: rows become a child table keyed by id.")
    told = Told(tx, tmp_path)
    # as a reader sees it: the session's braces are escaped in draft.md so no template engine reads them
    shown = as_shown(told.draft)
    assert "While Claude was still working, I added:\n\n> here is the data structure: {id, rows[]}" in shown


# -- what the session typed, shown as typed ----------------------------------------------------------------


def test_a_question_and_answer_with_quotes_in_them_are_quoted_whole(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Rename the setting, please.")
    question = 'Rename "cache_dir" to what?'
    tx.tool_call(
        "AskUserQuestion",
        {"questions": [{"question": question, "options": [{"label": '"cache_root"'}]}]},
        f'User has answered your questions: "{question}"="Call it "cache_root", like the docs". You can now continue.',
    )
    draft = Told(tx, tmp_path).draft
    assert (
        'Claude stopped to ask: “Rename "cache_dir" to what?” I answered: “Call it "cache_root", like the docs”'
        in draft
    )


def test_a_plan_step_keeps_its_code_and_its_dunder_names(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Make the package importable.")
    plan = "1. Add ```__init__.py``` to src/app\n2. Export `main` from __init__.py and run the tests"
    tx.tool_call("ExitPlanMode", {"plan": plan}, "User has approved your plan.")
    tx.assistant("Done: the package now has its __init__.py and the tests pass again, all of them.")
    draft = Told(tx, tmp_path).draft
    assert "- Add `__init__.py` to src/app" in draft  # the code was dropped, the dunder name made bold
    assert "- Export `main` from `__init__.py` and run the tests" in draft
    assert "the package now has its `__init__.py` and the tests pass again" in draft


def test_code_in_a_message_is_placed_beside_the_quote_and_the_quote_keeps_its_citation(
    tx: Transcript, tmp_path: Path
) -> None:
    tx.user("Why does this run?\n\n```html\n<script>alert(1)</script>\n```")
    tx.assistant("Because the layout prints it without escaping, which is the whole story here.")
    draft = Told(tx, tmp_path).draft
    # Python-Markdown reads no fenced code inside a block quote: the code is outside it, closed, and the citation
    # is on the quote (after a closing fence it would keep the fence from closing)
    assert "> Why does this run? <!-- ev: e1 -->\n\n```html\n<script>alert(1)</script>\n```\n" in draft


@pytest.mark.parametrize(
    ("message", "later", "ended", "numbers"),
    [
        (
            "Kun je de inlogpagina repareren? De knop doet niets als ik erop klik",
            "Kun je nu ook de registratiepagina nakijken? Daar reageert het formulier ook niet",
            "Hoe het afliep",
            "In cijfers",
        ),
        (
            "Napraw stronę logowania, przycisk nic nie robi po kliknięciu",
            "Sprawdź teraz też stronę rejestracji, tam formularz też nie reaguje",
            "Jak to się skończyło",
            "W liczbach",
        ),
        (
            "Giriş sayfasını düzeltir misin, butona tıklayınca hiçbir şey olmuyor",
            "Şimdi kayıt sayfasına da bakar mısın? Oradaki form da tepki vermiyor",
            "Nasıl bitti",
            "Rakamlarla",
        ),
    ],
)
def test_the_headings_retell_makes_up_are_in_the_posts_language(
    tx: Transcript, tmp_path: Path, message: str, later: str, ended: str, numbers: str
) -> None:
    """A blind reader (fresh4, stop 36): "Where it ended" and "By the numbers" in Dutch, Polish and Turkish posts.
    (Two stretches, hours apart: a post of one section heads nothing, its ending included.)"""
    tx.user(message)
    tx.assistant("The click handler was never bound; `login.js` binds it now.")
    tx.tick(5 * 3600)
    tx.user(later)
    # (two sentences: the section quotes the first, the ending what the second adds)
    tx.assistant(
        "Done: `register.js` had the same unbound handler and binds it now. "
        "The form also submitted twice on Enter, which the same binding stops."
    )
    told = Told(tx, tmp_path)
    # (the ending is no section of its own: Claude's last word closes the last section, under no made-up heading)
    assert f"## {ended}\n" not in told.draft and "Where it ended" not in told.draft
    assert "Claude's last word on the matter" in told.draft
    post = told.post(tmp_path)
    assert numbers in post and "By the numbers" not in post
