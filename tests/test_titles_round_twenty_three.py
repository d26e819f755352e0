"""Titles, round twenty-three (issue 24): fresh14's judge marked 17 of 24 titles, by classes no earlier round mended:
Claude's own sentence as the title, a commit's subject and body joined by " / ", a greeting and "I have a question"
(in Persian) as the whole title, a commit in the post's language said as English work, an English commit whose
figures say the outcome missed for its case, a table's name capitalised. Every line here is our own wording.

Controls keep the usable forms: a commit in the post's language (Korean, Polish, Spanish, Chinese), a symptom clause
(Hebrew), a greeting before a goal."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.built_title import built, figured, only_opener, without_opener
from retell.extract.title_forms import capitalised

pytestmark = pytest.mark.usefixtures("offline_env")


def _told(tx: Transcript, tmp_path: Path, opening: str, answers: list[str], subject: str | None) -> str:
    """The author's opening, Claude reading and editing two files, its answers, then a commit of `subject`."""
    tx.user(opening)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "x = 1")
    for answer in answers[:-1]:
        tx.assistant(answer)
    edit(tx, "app/main.py")
    edit(tx, "app/store.py")
    tx.tool_call("Bash", {"command": "make test", "description": "run"}, "all 9 tests passed")
    tx.assistant(answers[-1])
    if subject:
        tx.user("ok, commit")
        tx.tool_call("Bash", {"command": f'git commit -qam "{subject}"', "description": "run"}, "")
        tx.assistant("Committed.")
    return Told(tx, tmp_path).title


# -- A. Claude's sentence never titles a post -------------------------------------------------------------------

_CLAUDE_SAID = [
    ("pt", "o app fecha sozinho quando eu abro a tela de recibos depois de girar o celular, não sei o que mudou",
     ["Achei: você está usando o **próprio** `fragment` como dono do observer.", "Pronto, corrigido."]),
    ("it", "non compila più dopo che ho aggiunto la cache in store.rs, non capisco cosa vuole da me",
     ["Il problema è che il **primo** prestito di `self.cache` non è finito.", "Ora compila e i test passano."]),
    ("de", "seit dem Update zeigt die Übersicht doppelte Einträge, keine Ahnung warum, kannst du schauen",
     ["Du rufst `load()` **zweimal** auf, im Konstruktor und in `onStart`.", "Erledigt, Tests grün."]),
    ("es", "la lista de pedidos sale vacía desde ayer y no entiendo por qué, mira a ver",
     ["El filtro usa la **zona** horaria del servidor en `pedidos.py`.", "Listo, la lista ya sale completa."]),
]  # fmt: skip


# (pt and it fail still: Claude's found cause titles them through said_title's marked claims and deeds.claude_found;
# dropping both breaks 13 expectations of rounds 8, 10, 19 and 20 that want Claude's finding as the title, left to
# the lead: bench/titles23_claude_sentence.patch)
_OPEN = pytest.mark.xfail(reason="Claude's finding still titles; earlier rounds expect it", strict=True)
_CLAUDE_SAID = [pytest.param(*c, marks=_OPEN) if c[0] in ("pt", "it") else c for c in _CLAUDE_SAID]


@pytest.mark.parametrize(("language", "opening", "answers"), _CLAUDE_SAID, ids=["pt", "it", "de", "es"])
def test_claudes_sentence_never_titles_a_post(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str]
) -> None:
    title = _told(tx, tmp_path, opening, answers, None)
    said = title.replace("`", "").rstrip(".").casefold()
    for answer in answers:
        plain = answer.replace("**", "").replace("`", "").rstrip(".").casefold()
        assert said not in plain and plain.split(":")[-1].strip() not in said, title


# -- B. a commit's body, joined to its subject by " / ", is cut ---------------------------------------------------

_BODIES = [
    ("ja", "ListRow: 長い名前で日付ラベルが切れないように / ラベルを固定幅にし、名前は2行まで折り返し",
     "長い名前で日付ラベルが切れないように"),
    ("en", "Keep the price badge visible on long names / give the badge a fixed size and wrap the name to two lines",
     "price badge visible on long names"),
    ("de", "Export: Datumsspalte im ISO-Format schreiben / vorher hing das Format an der Locale des Servers",
     "Datumsspalte im ISO-Format schreiben"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "subject", "title"), _BODIES, ids=[c[0] for c in _BODIES])
def test_a_commits_body_is_cut_at_the_slash(language: str, subject: str, title: str) -> None:
    assert title in built(subject, "commit", language)
    assert " / " not in built(subject, "commit", language)


def test_a_title_of_two_short_parts_keeps_its_slash() -> None:
    assert built("CI / CD", "commit", "en") == "CI / CD"  # (a name, not a subject and its body)


# -- C. a greeting and the announcement of a question name nothing, in every script -------------------------------

_OPENERS = [
    ("fa", "سلام، یه سوال داشتم. دارم گزارش فروش ماهانه رو از فایل اکسل می‌سازم و عددها نمی‌خونن", "دارم گزارش"),
    ("id", "Halo Claude! Mau minta tolong nih. Tim gudang butuh laporan stok mingguan dari admin", "Tim gudang"),
    ("en", "Hi! Quick question. The invoice PDF renders the totals in the wrong currency", "The invoice PDF"),
    ("es", "Hola, tengo una pregunta. El informe semanal de ventas suma dos veces las devoluciones", "El informe"),
    ("hi", "Namaste! Ek sawal hai. Invoice service ka cron job har raat do baar chal raha hai", "Invoice service"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "start"), _OPENERS, ids=[c[0] for c in _OPENERS])
def test_the_opener_goes_and_what_follows_stays(language: str, opening: str, start: str) -> None:
    assert without_opener(opening).startswith(start)


@pytest.mark.parametrize(
    "line", ["سلام، یه سوال داشتم", "Hi!", "Hola, tengo una pregunta", "Halo Claude! Mau minta tolong nih"]
)
def test_an_opener_alone_is_known(line: str) -> None:
    assert only_opener(line)


@pytest.mark.parametrize("line", ["Hi, the build fails on CI since Monday", "Die Übersicht zeigt doppelte Einträge"])
def test_a_line_with_content_is_no_opener(line: str) -> None:
    assert not only_opener(line)


def test_a_persian_greeting_never_titles_the_post(tx: Transcript, tmp_path: Path) -> None:
    title = _told(
        tx,
        tmp_path,
        "سلام، یه سوال داشتم. دارم فایل سفارش‌ها رو با pandas تمیز می‌کنم ولی تاریخ‌های شمسی نصفشون گم میشن",
        ["تاریخ‌ها با ارقام فارسی خونده نمیشن.", "حالا همه‌ی ردیف‌ها می‌مونن."],
        None,
    )
    assert "سلام" not in title and "سوال داشتم" not in title, title


# -- D. a commit in the post's language stays in it; the figures of an English commit are found --------------------


def test_a_commit_in_the_posts_language_is_kept_as_written(tx: Transcript, tmp_path: Path) -> None:
    title = _told(
        tx,
        tmp_path,
        "Halo Claude! Mau minta tolong nih. Tim gudang minta fitur laporan stok mingguan dari Django admin",
        ["Saya lihat admin-nya dulu.", "Sudah, laporan stok bisa diunduh dari admin."],
        "Export laporan stok mingguan dari admin",
    )
    assert title == "Export laporan stok mingguan dari admin", title


@pytest.mark.parametrize(
    ("commit", "opening", "title"),
    [
        ("ci: cache gradle and docker layers (22m -> 7m)", "Onze build duurt 22 minuten per PR, kan dat sneller?",
         "Onze build: 22m → 7m"),
        ("perf: batch inserts (40 s -> 3 s)", "Den natlige import tager 40 sekunder, og det er for langsomt",
         "Den natlige import: 40 s → 3 s"),
    ],
)  # fmt: skip
def test_figures_of_a_change_in_minutes_and_a_verb_of_duration(commit: str, opening: str, title: str) -> None:
    assert figured(commit, opening) == title


# -- E. a name in code keeps its case -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["fct_orders has duplicate order_ids", "useCart returns a stale total", "s3sync drops files"]
)
def test_a_name_in_code_is_not_capitalised(text: str) -> None:
    assert capitalised(text) == text


@pytest.mark.parametrize(("text", "title"), [("the export is slow", "The export is slow"), ("ça plante", "Ça plante")])
def test_words_are_still_capitalised(text: str, title: str) -> None:
    assert capitalised(text) == title


# -- controls: usable forms stay ----------------------------------------------------------------------------------

_USABLE = [
    ("ko", "배포하고 나서 목록 페이지에서 콘솔에 경고가 떠요", ["확인해 볼게요.", "이제 경고가 안 나옵니다."],
     "fix: 목록 하이드레이션 불일치 해결, 시간대 표시 수정", "목록 하이드레이션 불일치 해결, 시간대 표시 수정"),
    ("pl", "Mam w bramce prosty limiter per IP, na CI co jakiś czas wywala się test z -race",
     ["Patrzę na limiter.", "Test przechodzi, limiter ma mutex."], "ratelimit: limit per klucz API z planami",
     "Limit per klucz API z planami"),
    ("zh-Hant", "我剛接手一個舊的 Flask 專案，完全沒有測試，我想先幫計價的部分補測試",
     ["我先看一下程式。", "測試都通過了。"], "計價改用 Decimal 四捨五入，補上測試",
     "計價改用 Decimal 四捨五入，補上測試"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "answers", "subject", "title"), _USABLE, ids=[c[0] for c in _USABLE])
def test_a_usable_commit_title_stays(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str, title: str
) -> None:
    assert _told(tx, tmp_path, opening, answers, subject) == title
