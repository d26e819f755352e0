"""Titles, round nineteen (issue 24): a title is in the post's language, with no commit tag, and never a reply.

A. An English commit on a post in another language gives way to what the session says of the work in the post's
   language: Claude's statement of what it did for the first ask (Claude answers in the author's language: "Ich
   habe den Deadlock … behoben", "…を作成して適用しました", "已修复…"), said as a title ("Den Deadlock … beheben").
   Only the first ask's: a statement after a later, side ask's edit is about other work. The English subject stays
   (whole) only when nothing in the post's language says the work.
B. A title never keeps a conventional commit's type or scope, a ticket tag or a WIP mark ("fix(parser):",
   "[PAY-412]", "WIP:", "chore(deps)!:", "orders:").
C. The author's reaction ("ok makes sense lol", "なるほど、…ですね笑", "Perfect, thanks!") never titles a post.

Controls keep good titles: an English post's commit said as work, a commit in the post's language, Claude's
"now" result. Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.local_headings import fits_language

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


_PASTE = (
    "\n\n```\n$ ./importer run batch.csv\nfatal error: all goroutines are asleep - deadlock!\n\n"
    "goroutine 1 [semacquire]:\nsync.(*WaitGroup).Wait(0xc000012170)\n```"
)
_SUBJECT = "importer: fix deadlock on large batches, add --limit flag"

# -- A. Claude's statement of what it did, in the post's language, over an English commit ------------------------

# (language, the author's lead-in to a pasted error, Claude's closing words for it, words the title must hold)
_DONE = [
    ("de", "hallo, ich bekomme diesen Fehler in meinem Importer bei großen Dateien:",
     "Ich habe den Deadlock im Worker-Pool behoben, indem die Ergebnisse sofort gelesen werden.",
     "Deadlock im Worker-Pool beheben"),
    ("es", "hola, me sale este error en mi importador con archivos grandes:",
     "He corregido el deadlock del pool de workers leyendo los resultados antes de esperar.",
     "Corregir el deadlock del pool de workers"),
    ("fr", "salut, j'ai cette erreur dans mon importeur avec les gros fichiers :",
     "J'ai corrigé le blocage du pool de workers en lisant les résultats tout de suite.",
     "Corriger le blocage du pool de workers"),
    ("pt", "oi, estou com esse erro no meu importador com arquivos grandes:",
     "Corrigi o deadlock do pool de workers lendo os resultados antes de esperar.",
     "Corrigir o deadlock do pool de workers"),
    ("it", "ciao, ho questo errore nel mio importatore con i file grandi:",
     "Ho corretto il deadlock del pool di worker leggendo subito i risultati.",
     "Correggere il deadlock del pool di worker"),
    ("pl", "cześć, mam taki błąd w moim programie do importu przy dużych plikach:",
     "Naprawiłem zakleszczenie w puli workerów: wyniki są teraz czytane od razu.",
     "Naprawić zakleszczenie w puli workerów"),
    ("ru", "привет, у меня такая ошибка в импортёре на больших файлах:",
     "Исправил взаимную блокировку в пуле воркеров: результаты читаются сразу.",
     "Исправить взаимную блокировку в пуле воркеров"),
    ("uk", "привіт, маю таку помилку в імпортері на великих файлах:",
     "Виправив взаємне блокування в пулі воркерів: результати читаються одразу.",
     "Виправити взаємне блокування в пулі воркерів"),
    ("cs", "ahoj, mám tuhle chybu v mém importéru u velkých souborů:",
     "Opravil jsem zablokování v poolu workerů, výsledky se čtou hned.",
     "Opravit zablokování v poolu workerů"),
    ("sv", "hej, jag får det här felet i min importör med stora filer:",
     "Jag har fixat låsningen i worker-poolen så att resultaten läses direkt.",
     "Fixa låsningen i worker-poolen"),
    ("vi", "chào bạn, mình bị lỗi này trong trình nhập dữ liệu khi file lớn:",
     "Mình đã sửa lỗi deadlock trong pool worker bằng cách đọc kết quả ngay.",
     "Sửa lỗi deadlock trong pool worker"),
    ("ar", "مرحبا، عندي هذا الخطأ في برنامج الاستيراد مع الملفات الكبيرة:",
     "أصلحت الجمود في مجموعة العمال بحيث تُقرأ النتائج فوراً.",
     "إصلاح الجمود في مجموعة العمال"),
    ("tr", "selam, içe aktarma aracımda büyük dosyalarda böyle bir hata alıyorum:",
     "Worker havuzundaki deadlock'u düzelttim, sonuçlar bekleme öncesinde okunuyor.",
     "Worker havuzundaki deadlock düzeltildi"),
    ("tr", "merhaba, içe aktarma aracım büyük dosyalarda şu hatayı veriyor:",
     "Worker havuzundaki kilitlenme giderildi; sonuçlar bekleme öncesinde okunuyor.",
     "Worker havuzundaki kilitlenme giderildi"),
    ("ja", "インポートツールで大きいファイルを読むとこのエラーが出ました。",
     "ワーカープールのデッドロックを修正しました（結果をすぐに読むようにしています）。",
     "ワーカープールのデッドロックを修正しました"),
    ("zh-Hans", "我们的导入工具处理大文件的时候报这个错：",
     "我已经修复了工作池的死锁问题，结果现在会立即读取。",
     "修复了工作池的死锁问题"),
    ("zh-Hant", "我們的匯入工具處理大檔案的時候出現這個錯誤：",
     "已修復工作池的死結問題，結果會立即讀取。",
     "修復工作池的死結問題"),
    ("ko", "큰 파일을 가져올 때 임포터에서 이런 에러가 납니다:",
     "워커 풀의 데드락을 수정했습니다. 결과를 바로 읽도록 바꿨습니다.",
     "워커 풀의 데드락 수정"),
]  # fmt: skip


def _fixed_and_committed(tx: Transcript, lead_in: str, answer: str, message: str) -> None:
    tx.user(lead_in + _PASTE)
    tx.tool_call("Read", {"file_path": f"{CWD}/internal/worker/pool.go"}, "func Run() {}")
    edit(tx, "internal/worker/pool.go")
    _bash(tx, "go test ./...", "ok  \timporter/internal/worker\t0.38s")
    tx.assistant(answer)
    tx.user("ok, commit")
    _bash(tx, f'git commit -qam "{message}"')
    tx.assistant("Done.")


@pytest.mark.parametrize(
    ("language", "lead_in", "answer", "said"), _DONE, ids=[f"{c[0]}-{i}" for i, c in enumerate(_DONE)]
)
def test_claudes_statement_in_the_posts_language_titles_it_over_an_english_commit(
    tx: Transcript, tmp_path: Path, language: str, lead_in: str, answer: str, said: str
) -> None:
    _fixed_and_committed(tx, lead_in, answer, _SUBJECT)
    told = Told(tx, tmp_path)
    assert told.triage["post"].get("language", language).startswith(language[:2])
    assert told.title == said, told.title
    assert fits_language(told.title, language) or language == "de"  # ("Deadlock", "Worker", "Pool": loans)


def test_the_first_asks_statement_not_a_later_side_asks(tx: Transcript, tmp_path: Path) -> None:
    # the statement after the session's last edit is about the side ask (the README): the first ask's says the work
    tx.user("hallo, ich bekomme diesen Fehler in meinem Importer bei großen Dateien:" + _PASTE)
    edit(tx, "internal/worker/pool.go")
    tx.assistant("Ich habe den Deadlock im Worker-Pool behoben, indem die Ergebnisse sofort gelesen werden.")
    tx.user("super, danke. Kannst du bitte noch die README ergänzen, da fehlt die Option --limit komplett?")
    edit(tx, "README.md")
    tx.assistant("Ich habe die Option --limit in der README ergänzt.")
    tx.user("passt, bitte committen")
    _bash(tx, 'git commit -qam "importer: fix deadlock on large batches, document --limit"')
    tx.assistant("Erledigt.")
    told = Told(tx, tmp_path)
    assert told.title == "Deadlock im Worker-Pool beheben", told.title


@pytest.mark.parametrize(
    ("language", "lead_in", "answer"),
    [
        ("pl", "hej, mam taki błąd w moim programie do importu:", "Poprawiłem to i dodałem test na dużą paczkę."),
        ("tr", "selam, içe aktarma aracımda büyük dosyalarda böyle bir hata alıyorum:",
         "Sorun worker havuzundaydı; düzelttim ve büyük dosya için bir test ekledim."),
    ],
    ids=["pl-pointer", "tr-no-object"],
)  # fmt: skip
def test_the_english_subject_stays_whole_when_nothing_in_the_language_says_the_work(
    tx: Transcript, tmp_path: Path, language: str, lead_in: str, answer: str
) -> None:
    # "Poprawiłem to" names nothing ("to": the chat's pointer), nor does a Turkish "düzelttim" with no object: the
    # subject, whole but for its scope, still says the work (never a code-made mix)
    _fixed_and_committed(tx, lead_in, answer, _SUBJECT)
    told = Told(tx, tmp_path)
    assert told.title == "Fix deadlock on large batches, add --limit flag", told.title


def test_a_now_result_in_the_language_titles_it_over_an_english_commit(tx: Transcript, tmp_path: Path) -> None:
    _fixed_and_committed(
        tx,
        "hola, me sale este error en mi importador con archivos grandes:",
        "Listo. El importador ahora lee los resultados antes de esperar a los workers.",
        _SUBJECT,
    )
    told = Told(tx, tmp_path)
    assert told.title == "El importador ahora lee los resultados antes de esperar a los workers", told.title


# -- B. no commit tag in a title -------------------------------------------------------------------------------

_TAGGED = [
    ("fix(parser): handle empty rows in the CSV importer", "Handling empty rows in the CSV importer"),
    ("[PAY-412] Handle empty rows in the CSV importer", "Handling empty rows in the CSV importer"),
    ("WIP: handle empty rows in the CSV importer", "Handling empty rows in the CSV importer"),
    ("PAY-412: handle empty rows in the CSV importer", "Handling empty rows in the CSV importer"),
]


@pytest.mark.parametrize(("subject", "title"), _TAGGED, ids=["conventional", "bracket-ticket", "wip", "ticket"])
def test_an_english_commit_titles_an_english_post_without_its_tag(
    tx: Transcript, tmp_path: Path, subject: str, title: str
) -> None:
    _fixed_and_committed(tx, "hey, getting this when I import the export from the bank:", "Fixed.", subject)
    told = Told(tx, tmp_path)
    assert told.title == title, told.title


@pytest.mark.parametrize(
    "subject",
    ["refactor(importer)!: migrar el importador a Go 1.22", "[IMP-88] Migrar el importador a Go 1.22",
     "feat(importer): migrar el importador a Go 1.22"],
    ids=["breaking", "ticket", "feat-scope"],
)  # fmt: skip
def test_a_commit_in_the_posts_language_titles_it_without_its_tag(tx: Transcript, tmp_path: Path, subject: str) -> None:
    tx.user("hola, necesito migrar el importador a Go 1.22 porque la versión vieja ya no tiene soporte:")
    edit(tx, "go.mod")
    tx.assistant("Hecho, ya compila con la versión nueva.")
    tx.user("genial, haz el commit")
    _bash(tx, f'git commit -qam "{subject}"')
    tx.assistant("Hecho.")
    told = Told(tx, tmp_path)
    assert told.title == "Migrar el importador a Go 1.22", told.title


# -- C. a reaction never titles a post -------------------------------------------------------------------------

_REACTIONS = [
    ("en", "ok makes sense lol", "The retry timeout was 2 seconds; I raised it to 30 and made retries back off.", None),
    ("en", "Perfect, thanks!", "The retry timeout was 2 seconds; I raised it to 30 and made retries back off.", None),
    ("ja", "なるほど、タイムアウトが短すぎたんですね笑", "リトライのタイムアウトを30秒に変更しました。",
     "リトライのタイムアウトを30秒に変更しました"),
    ("es", "vale, tiene sentido jaja", "He cambiado el tiempo de espera de los reintentos a 30 segundos.",
     "Cambiar el tiempo de espera de los reintentos a 30 segundos"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "reaction", "answer", "title"), _REACTIONS, ids=["en-lol", "en-thanks", "ja", "es"]
)
def test_a_reaction_never_titles_a_post(
    tx: Transcript, tmp_path: Path, language: str, reaction: str, answer: str, title: str | None
) -> None:
    # the author's first words are a paste with no ask; their first line of words is a reaction to Claude's answer
    tx.user('```\nTraceback (most recent call last):\n  File "worker.py", line 88, in run\nTimeoutError: job 41\n```')
    tx.tool_call("Read", {"file_path": f"{CWD}/worker.py"}, "RETRY_TIMEOUT = 2")
    edit(tx, "worker.py")
    tx.assistant(answer)
    tx.user(reaction)
    tx.assistant("👍")
    told = Told(tx, tmp_path)
    assert reaction.split(",")[0].split("、")[0] not in told.title, told.title
    if title:
        assert told.title == title, told.title


def test_claudes_words_come_before_a_table_made_mix(tx: Transcript, tmp_path: Path) -> None:
    # "添加 RPM/TPM token-bucket limiter" (a local verb before the commit's English words) is no writer's title
    tx.user("帮我给 API 客户端加一个限流器，按 RPM 和 TPM 两个维度限制请求，超出时排队等待而不是直接报错")
    edit(tx, "client/limiter.py")
    _bash(tx, "pytest -q", "12 passed in 0.4s")
    tx.assistant("已为 API 客户端添加了基于令牌桶的 RPM/TPM 限流器，超出额度时请求会排队。")
    tx.user("好的，提交吧")
    _bash(tx, 'git commit -qam "Add RPM/TPM token-bucket limiter to the API client"')
    tx.assistant("已提交。")
    told = Told(tx, tmp_path)
    assert told.title == "为 API 客户端添加了基于令牌桶的 RPM/TPM 限流器", told.title


# -- D. headings: a question is never cut before its point, a typed plan without its apostrophe is chat ------------


@pytest.mark.parametrize(
    "question",
    ["Why would a query that ran in 2 seconds yesterday take 40 seconds today",
     "How does the importer handle rows that have no date column at all"],
)  # fmt: skip
def test_a_question_is_never_cut_before_its_point(question: str) -> None:
    from retell.extract.phrasing import short_enough

    assert short_enough(question, 6) == question


def test_a_statement_is_still_cut_before_its_trailing_clause() -> None:
    from retell.extract.phrasing import short_enough

    cut = short_enough("Disabling the MD034 rule that is causing issues with bare URLs", 6)
    assert cut == "Disabling the MD034 rule"


@pytest.mark.parametrize(
    ("line", "chat"),
    [("Ill do the commit myself", True), ("Im gonna push it after lunch", True),
     ("Illustrating the chart colours", False), ("Imports of the CSV files", False)],
)  # fmt: skip
def test_a_plan_typed_without_its_apostrophe_is_chat(line: str, chat: bool) -> None:
    from retell.extract.headings import chat_line

    assert chat_line(line) is chat


def test_the_closing_statement_of_the_first_ask_comes_before_a_step_on_the_way(tx: Transcript, tmp_path: Path) -> None:
    # a step said on the way ("the Go toolchain updated first") is not what the first ask's work was
    tx.user("hallo, ich bekomme diesen Fehler in meinem Importer bei großen Dateien:" + _PASTE)
    _bash(tx, "go get go@1.22", "go: upgraded go 1.21 => 1.22")
    tx.assistant("Ich habe zuerst die Go-Toolchain aktualisiert, damit der Race-Detector läuft.")
    edit(tx, "internal/worker/pool.go")
    tx.assistant("Ich habe den Deadlock im Worker-Pool behoben, indem die Ergebnisse sofort gelesen werden.")
    tx.user("passt, bitte committen")
    _bash(tx, f'git commit -qam "{_SUBJECT}"')
    tx.assistant("Erledigt.")
    told = Told(tx, tmp_path)
    assert told.title == "Deadlock im Worker-Pool beheben", told.title
