"""Three faults of the offline post's title, description and headings on fresh29's sessions (written blind):

- an Italian question quoting a producer's name, «Az. Agr. Bianchi», was cut at "Az." as if the sentence ended
  there: title "Come faccio a far capire allo script che «Az", and the description the same;
- a Japanese chapter headed "日付だけのデータな": Claude's reason clause "日付だけのデータなので、…" cut on its
  connective, which left the reason without its end (a reason is no step, whatever is left of it);
- an English description that quoted the pleasantry after the greeting, "Hope your weekend's going well."."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.requests import first_sentence, without_greeting
from retell.extract.title_forms import mended

pytestmark = pytest.mark.usefixtures("offline_env")

ITALIAN = (
    "Come faccio a far capire allo script che «Az. Agr. Bianchi», «Bianchi» e «az agricola bianchi» sono lo "
    "stesso produttore?"
)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (ITALIAN, ITALIAN.rstrip("?") + "?"),
        ('Rename the "Dr. Who" column. Then rerun it.', 'Rename the "Dr. Who" column'),
        ("Zeig „Nr. 5“ oben an. Danach den Rest.", "Zeig „Nr. 5“ oben an"),
        ("「これは。テスト」です。次です", "「これは。テスト」です"),
        ("A stray “ mark. The next sentence.", "A stray “ mark"),  # (a mark no later one closes quotes nothing)
        ("Fix the sidebar. It covers the button.", "Fix the sidebar"),
    ],
)
def test_a_stop_inside_a_quote_ends_no_sentence(text: str, wanted: str) -> None:
    assert first_sentence(text) == wanted


REASONS = ["日付だけのデータなので", "古いキャッシュが残っているから", "缓存没有清空，所以", "캐시가 남아 있기 때문에"]


@pytest.mark.parametrize("reason", REASONS)
def test_a_reason_cut_on_its_connective_heads_nothing(reason: str) -> None:
    assert mended(reason) == ""


def test_a_contrast_cut_on_its_connective_keeps_its_clause() -> None:
    assert mended("テストは通るけど") == "テストは通る"


@pytest.mark.parametrize(
    ("message", "wanted"),
    [
        ("Hi Claude! Hope your weekend's going well. I look after a script that indexes scans.", "I look after"),
        ("Hola! ¿Cómo estás? Necesito que el export incluya las fechas.", "Necesito"),
        ("Oi! Tudo bem? Preciso de ajuda com o deploy.", "Preciso"),
        ("Hallo, wie geht's? Ich brauche einen CSV-Export.", "Ich brauche"),
        ("Ciao! Come stai? Lo script dei GAS non divide più gli ordini.", "Lo script"),
    ],
)
def test_a_pleasantry_after_the_greeting_is_passed_over(message: str, wanted: str) -> None:
    assert without_greeting(message).startswith(wanted)


def test_hope_that_asks_for_something_stays() -> None:
    message = "Hope you can help me with this bug in the parser, it crashes on empty files."
    assert without_greeting(message) == message


def test_the_italian_question_titles_and_describes_the_post_whole(tx: Transcript, tmp_path: Path) -> None:
    tx.cwd = "/Users/chiara/progetti/gas-ordini"
    tx.user(ITALIAN)
    tx.assistant("Guardo come sono scritti i nomi negli export in `data/`.")
    edit(tx, "gas_ordini/produttori.py")
    tx.assistant("Fatto: i nomi vengono normalizzati prima del raggruppamento.")
    told = Told(tx, tmp_path)
    assert not told.title.endswith("«Az")
    assert "«Az. Agr. Bianchi»" in told.title
    description = told.post.split("description:", 1)[1].split("\n", 1)[0]
    assert "«Az. Agr. Bianchi»" in description


def test_the_description_skips_the_pleasantry(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Hi Claude! Hope your weekend's going well. I look after a little Python script that indexes our scanned "
        "parish registers, and index.csv comes out in the wrong order. Could you have a look?"
    )
    tx.assistant("The sort is a plain string sort; I'll use a natural sort key.")
    edit(tx, "indexer.py")
    tx.assistant("Fixed: page_2 now sorts before page_10.")
    told = Told(tx, tmp_path)
    description = told.post.split("description:", 1)[1].split("\n", 1)[0]
    assert "weekend" not in description
    assert "parish registers" in description


@pytest.mark.parametrize(
    ("code", "name"), [("it", "Italian"), ("zh-TW", "Chinese (Traditional)"), ("pt-BR", "Portuguese (Brazil)")]
)
def test_the_prompt_names_the_language_not_its_code(code: str, name: str) -> None:
    """A drafter answering an Italian post's prompts read "never left as they were inside it prose"."""
    from retell.write.locales import language_name

    assert language_name(code) == name
    assert language_name("qq") == "qq"  # (a code Babel does not know stays as written)


def test_a_word_the_author_stressed_in_capitals_is_no_name_to_introduce() -> None:
    """A drafter on a Portuguese post found "MAS" and "NO" among the names it was asked to introduce."""
    from retell.write.names import ordinary_words

    text = (
        "Eu queria exportar o CSV, MAS o arquivo não abre no Excel. NO celular funciona. Mas no computador não. "
        "O que mas dá? Testei no Mac e no Windows, mas nada."
    )
    assert ordinary_words(["MAS", "NO", "CSV", "Excel"], [text]) == ["MAS", "NO"]


@pytest.mark.parametrize(
    ("request_", "wanted"),
    [
        (
            "에어코리아 API로 어린이집 근처 측정소 미세먼지 값을 받아서 "
            "나쁨 이상이면 슬랙으로 알림 보내는 스크립트 만들어줘",
            "나쁨 이상이면 슬랙으로 알림 보내는 스크립트 만들기",
        ),
        ("로그인 버그 고쳐 주세요", "로그인 버그 고치기"),
        ("CSV 내보내기 기능 추가해줘", "CSV 내보내기 기능 추가"),
    ],
)
def test_a_korean_ask_titles_as_its_deed(request_: str, wanted: str) -> None:
    """fresh28's Korean session was titled by the status after its ask, "공공데이터포털에서 키는 받았고 .env에
    넣어놨어" (I got the key and put it in .env), where the ask "…스크립트 만들어줘" says the work."""
    from retell.extract.built_title import built_goal

    assert built_goal(request_, "ko") == wanted


def test_the_korean_session_is_titled_by_its_ask(tx: Transcript, tmp_path: Path) -> None:
    tx.cwd = "/home/jihoon/work/haessal-misemonji"
    tx.user(
        "에어코리아 API로 어린이집 근처 측정소 미세먼지 값을 받아서 나쁨 이상이면 슬랙으로 알림 보내는 스크립트 "
        "만들어줘. 공공데이터포털에서 키는 받았고 .env에 넣어놨어."
    )
    tx.assistant("먼저 .env와 requirements.txt를 확인할게요.")
    edit(tx, "misemonji.py")
    tx.assistant("스크립트를 만들었어요. 나쁨 이상이면 슬랙으로 알림을 보냅니다.")
    told = Told(tx, tmp_path)
    assert told.title == "나쁨 이상이면 슬랙으로 알림 보내는 스크립트 만들기"


@pytest.mark.parametrize(
    ("line", "chat"),
    [
        ("I test again with real file", True),  # (fresh30's ocourse: the author's message as a heading)
        ("第 3 页好多了", True),  # (fresh30's zupu: "page 3 is much better", a verdict, no step)
        ("可以了！", True),
        ("I test di integrazione", False),  # (Italian: "the integration tests")
        ("I have a weird bug with Vuex", False),  # (a report the title's readers build on)
        ("Fixing the page breaks in vertical text", False),
    ],
)
def test_the_authors_own_act_or_verdict_heads_no_section(line: str, chat: bool) -> None:
    """A blind judge of fresh30's offline posts called "I test again with real file" and "第 3 页好多了" unusable."""
    from retell.extract.headings import chat_line

    assert chat_line(line) is chat


@pytest.mark.parametrize(
    ("note", "clause"),
    [
        (
            "Claude übergab die Breite mit `%-*s`; die Ausgabe des letzten Laufs als text-Block zeigen.",
            "die Ausgabe des letzten Laufs als text-Block zeigen",
        ),
        ("Claude ran the tests; show the failing line from `pytest`.", "show the failing line from `pytest`"),
    ],
)
def test_what_a_beat_asks_to_show_when_its_verb_comes_last(note: str, clause: str) -> None:
    """A drafter of fresh30's German session: the beat asked for the last run's output ("…als text-Block zeigen"),
    and the section's block order put the diff before it (the clause read was "zeigen" alone, naming no run)."""
    from retell.write.draft import _show_clause

    assert _show_clause(note) == clause


def test_a_list_of_names_a_shown_line_holds_is_shown() -> None:
    """A drafter of fresh30's Polish session: the note under Claude's "indeks `(sala_id, start)`" said the names were
    in no line shown, where the diff above showed `#[ORM\\Index(columns: ['sala_id', 'start'])]`."""
    from retell.write.cut_readings import _shown_span

    shown = "#[ORM\\Index(columns: ['sala_id', 'start'])]"
    assert _shown_span("(sala_id, start)", shown, set())
    assert not _shown_span("(nauczyciel_id, koniec)", shown, set())
