"""Titles, round twenty-two (issue 24): a title is built from what the session is about, not picked whole.

Rounds 17-21 each filtered one more kind of bad candidate; a blind judge still marked 18 of 24 titles of a new set
for a rewrite, by classes no filter of a picked line mends: a commit imperative said as the title ("Corrige la
migration…"), a commit's scope in any script ("고객: …", "Fronta: …"), the author's greeting left in front, their
"I have a weird bug with X", their need ("Потрібен нормальний …", "…を追加したいです"), a sentence cut at a
preposition ("… pică toate cu"), a line that answers Claude ("ไม่ใช่ครับ …"), a commit in English on a post in
another language whose figures say the outcome. Each is built into the form a blogger of that language gives a
title (extract.built_title): the action noun in French ("Correction de la migration…"), the infinitive in Spanish,
Portuguese and Italian, the gerund in English, the deed for a wish, the subject and its figures.

Controls keep good titles: a Spanish infinitive commit, a Chinese commit with its figures, an English conventional
commit said as work, a Japanese need already said as the deed. Every line here is our own wording."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.built_title import built
from retell.extract.title_gate import fails

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


def _worked(tx: Transcript, opening: str, answers: list[str], subject: str | None) -> None:
    """The author's opening, Claude reading and editing two files, its answers, then a commit of `subject`."""
    tx.user(opening)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "x = 1")
    for answer in answers[:-1]:
        tx.assistant(answer)
    edit(tx, "app/main.py")
    edit(tx, "app/store.py")
    _bash(tx, "make test", "all 9 tests passed")
    tx.assistant(answers[-1])
    if subject:
        tx.user("ok, commit")
        _bash(tx, f'git commit -qam "{subject}"')
        tx.assistant("Committed.")


def _told(tx: Transcript, tmp_path: Path, opening: str, answers: list[str], subject: str | None) -> str:
    _worked(tx, opening, answers, subject)
    return Told(tx, tmp_path).title


# -- A. a commit's imperative is said in the title form of the post's language ------------------------------------

_IMPERATIVES = [
    ("fr", "l'export CSV plante dès que le panier est vide, les remises sont calculées deux fois sur la facture",
     ["Je regarde le calcul.", "Les remises sont maintenant calculées une seule fois."],
     "Corrige le calcul des remises (panier vide)", "Correction du calcul des remises"),
    ("fr", "il faudrait que l'export CSV des commandes soit paginé, là il charge tout en mémoire et le serveur tombe",
     ["Je regarde l'export.", "L'export lit maintenant les commandes par pages de 500."],
     "Ajoute la pagination à l'export CSV", "Ajout de la pagination à l'export CSV"),
    ("es", "las facturas salen con el impuesto mal calculado cuando el cliente tiene descuento, ¿lo puedes revisar?",
     ["Reviso el cálculo.", "El impuesto se calcula ahora después del descuento."],
     "Corrige el cálculo de impuestos en facturas", "Corregir el cálculo de impuestos en facturas"),
    ("pt", "o cálculo do frete está a dar valores errados para as ilhas, podes ver o que se passa no código?",
     ["Vou ver o cálculo.", "O frete para as ilhas usa agora a tabela certa."],
     "Corrige o cálculo do frete para as ilhas", "Corrigir o cálculo do frete para as ilhas"),
    ("it", "le ricerche nel catalogo sono lentissime, ogni pagina rifà la stessa query al database più volte",
     ["Guardo le query.", "Ora le ricerche usano una cache per pagina."],
     "Aggiunge una cache alle ricerche del catalogo", "Aggiungere una cache alle ricerche del catalogo"),
    ("en", "getting a 500 on /orders?page=2 in staging, page 1 is fine, the traceback is below",
     ["Looking at the pagination code.", "The offset now counts from page 1."],
     "fix(orders): correct 1-based page offset", "Correcting 1-based page offset"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "opening", "answers", "subject", "title"), _IMPERATIVES, ids=[c[0] + c[3][:12] for c in _IMPERATIVES]
)
def test_a_commit_imperative_is_said_as_a_title(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str, title: str
) -> None:
    assert _told(tx, tmp_path, opening, answers, subject) == title


# -- B. a commit's scope never stands in front, in any script ----------------------------------------------------

_SCOPED = [
    ("ko", "develop 브랜치를 머지하고 나서 주문 결제가 실패하면 재시도가 안 돼요, 로그를 같이 봐 주세요",
     ["로그를 보겠습니다.", "이제 결제가 실패하면 세 번까지 재시도합니다."],
     "주문: 결제 실패 시 재시도 로직 추가 및 정리", "결제 실패 시 재시도 로직 추가 및 정리"),
    ("cs", "ahoj, slevy v košíku se počítají dřív, než se objednávka uloží, a pak nesedí částky v transakcí",
     ["Podívám se na košík.", "Slevy se teď počítají až po uložení objednávky."],
     "Košík: přepočítat slevy až po uložení transakcí", "Přepočítat slevy až po uložení transakcí"),
    ("cs", "ahoj, joby se spouštějí ještě uvnitř transakce a občas nenajdou objednávku, spadne to s výjimkou",
     ["Podívám se na joby.", "Joby se teď odesílají až po commitu."],
     "Fronta: joby z transakcí dispatchovat až po commitu", "Joby z transakcí dispatchovat až po commitu"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "answers", "subject", "title"), _SCOPED, ids=[c[0] for c in _SCOPED])
def test_a_scope_in_any_script_is_left_out(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str, title: str
) -> None:
    assert _told(tx, tmp_path, opening, answers, subject) == title


# -- C. the author's opening: no greeting, no "I have a bug", the need said as the deed ---------------------------

_OPENINGS = [
    ("ar", "مرحبا، نقلنا تطبيق المتجر إلى Flutter 3 والخطوط العربية صارت تظهر مقطعة في شاشة الدفع",
     ["سأنظر في الخطوط.", "جرّب الآن من فضلك."], None,
     lambda t: not t.startswith("مرحبا") and "Flutter 3" in t),
    ("vi", "chào Claude, mình có bug lạ với Redux: giỏ hàng của người dùng trước vẫn hiện ra sau khi đăng xuất",
     ["Mình xem store nhé.", "Xong rồi, bạn thử lại nhé."], None,
     lambda t: t.startswith("Sửa") and "Redux" in t),
    ("en", "hi! I have a weird bug with Vuex: the cart of the previous user still shows after logout, only in prod",
     ["Let me look at the store.", "Done, give it a try."], None,
     lambda t: t.startswith("Fixing a weird bug with Vuex")),
    ("uk", "Привіт. Потрібен нормальний retry для нашого HTTP-клієнта payments, зараз при 503 він просто падає",
     ["Подивлюся на клієнт.", "Тепер клієнт повторює запит тричі з паузою."], None,
     lambda t: t.startswith("Retry для HTTP-клієнта payments")),
    ("ja", "こんにちは。Go製のCLIツール (logcut) に export サブコマンドを追加したいです。今は標準出力に出すだけ。",
     ["コードを見ます。", "export サブコマンドを追加しました。"], None,
     lambda t: t.endswith("を追加する") and "export" in t),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "opening", "answers", "subject", "check"), _OPENINGS, ids=[c[0] for c in _OPENINGS]
)
def test_the_opening_is_built_into_a_title(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str | None, check: object
) -> None:
    title = _told(tx, tmp_path, opening, answers, subject)
    assert callable(check) and check(title), title


def test_a_sentence_cut_at_a_preposition_is_no_title(tx: Transcript, tmp_path: Path) -> None:
    opening = (
        "salut. testele de integrare merg local dar pe CI pică toate cu:\n\n```\n"
        "java.lang.IllegalStateException: Could not find a valid Docker environment\n```"
    )
    title = _told(tx, tmp_path, opening, ["Mă uit la configurare.", "Acum testele trec și pe CI."], None)
    assert not title.endswith(" cu"), title


# -- D. an English commit's figures, on a post in another language, with the author's subject --------------------

_FIGURES = [
    ("hu", "a docker image 1.9 GB, csináld kisebbre", ["Megnézem a Dockerfile-t.", "Kész, az image most kisebb."],
     "Docker: multi-stage slim image (1.91 GB -> 284 MB)", ("1.91 GB", "284 MB")),
    ("pl", "obraz dockera ma 1.2 GB, zmniejsz go proszę", ["Sprawdzę Dockerfile.", "Gotowe, obraz jest mniejszy."],
     "docker: slim runtime image (1.2 GB -> 190 MB)", ("1.2 GB", "190 MB")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "opening", "answers", "subject", "figures"), _FIGURES, ids=[c[0] for c in _FIGURES]
)
def test_an_english_commit_gives_its_figures_to_the_authors_subject(
    tx: Transcript,
    tmp_path: Path,
    language: str,
    opening: str,
    answers: list[str],
    subject: str,
    figures: tuple[str, str],
) -> None:
    title = _told(tx, tmp_path, opening, answers, subject)
    assert all(f in title for f in figures) and "slim" not in title, title


# -- E. the gate: an answer to Claude, a leading conjunction --------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        'ไม่ใช่ครับ plainto_tsquery ไม่ทำ prefix ดังนั้นที่ค้น "para" เจอน่าจะเป็นเพราะ fallback อื่น',
        "No, the index doesn't cover the date, show me the query",
        "Нет, индекс не покрывает колонку с датой, покажи весь запрос",
        "Nein, der Index deckt das Datum nicht ab, zeig die Abfrage",
    ],
)
def test_an_answer_to_claude_is_chat(line: str) -> None:
    assert fails(line) == "chat"


@pytest.mark.parametrize(
    ("candidate", "language", "title"),
    [
        ("Och rapporten visar nu 23 timmar för den 29 mars", "sv", "Rapporten visar nu 23 timmar för den 29 mars"),
        ("And the report now shows 23 hours for March 29", "en", "The report now shows 23 hours for March 29"),
        ("Und der Bericht zeigt jetzt 23 Stunden am 29. März", "de", "Der Bericht zeigt jetzt 23 Stunden am 29. März"),
        ("Hola, migramos el backend de pagos a Node 20", "es", "Migramos el backend de pagos a Node 20"),
        ("Tengo un problema con las colas de Sidekiq", "es", "Resolver el problema con las colas de Sidekiq"),
        ("Нужен нормальный кэш для нашего API каталога", "ru", "Кэш для API каталога"),
        ("Mam problem z kolejką w Laravelu", "pl", "Problem z kolejką w Laravelu"),
        ("Потрібен нормальний retry для нашого клієнта (Go 1.23)", "uk", "Retry для клієнта"),
        (
            "集計処理を高速化：バックトラック解消（8GBで40分→2分）",
            "ja",
            "集計処理を高速化：バックトラック解消（8GBで40分→2分）",
        ),
        ("Orders-service komt na de deploy niet meer op", "nl", "Orders-service komt na de deploy niet meer op"),
        ("Testele merg local dar pe CI pică toate cu", "ro", "Testele merg local dar pe CI pică toate"),
        (
            "The app hangs whenever we open the settings page",
            "en",
            "Fixing the app hang when opening the settings page",
        ),
        (
            "Checkout crashes when I apply a second coupon",
            "en",
            "Fixing the Checkout crash when applying a second coupon",
        ),
    ],
)
def test_built_forms(candidate: str, language: str, title: str) -> None:
    assert built(candidate, "first-prompt", language) == title


# -- controls: good titles stay -----------------------------------------------------------------------------------

_GOOD = [
    ("es", "Webhook signature verification failed en /webhooks/pagos desde que movimos express.json arriba",
     ["Reviso el orden de los middlewares.", "Ahora /webhooks recibe el cuerpo crudo."],
     "fix(webhooks): montar /webhooks antes de express.json", "Montar /webhooks antes de express.json"),
    ("zh-Hans", "order-service 升级到 3.2.0 之后 pod 一直重启，回滚就好了，帮我看看内存配置",
     ["我看一下配置。", "现在堆大小按容器 limit 计算。"],
     "order-service: 修复 3.2.0 OOMKilled，按容器 limit 计算堆", "修复 3.2.0 OOMKilled，按容器 limit 计算堆"),
    ("en", "I want to make linkcheck check URLs in parallel, right now it takes six minutes for a 2k-link site",
     ["Looking at the loop.", "Checks now run in parallel with a per-host limit."],
     "check: parallel link checking with per-host limit", "Parallel link checking with per-host limit"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "answers", "subject", "title"), _GOOD, ids=[c[0] for c in _GOOD])
def test_good_titles_stay(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str, title: str
) -> None:
    assert _told(tx, tmp_path, opening, answers, subject) == title


def test_an_accent_typed_is_never_taken_off() -> None:
    # "transakcí" (genitive plural) beside "transakci" (locative): two forms of one Czech word, neither a typo
    from retell.extract.typos import spelled_as_elsewhere

    counts = {"transakci": 2, "transakcí": 1, "joby": 3}
    assert spelled_as_elsewhere("Joby z transakcí až po commitu", counts) == "Joby z transakcí až po commitu"
    assert spelled_as_elsewhere("Joby z transakci", {"transakcí": 2}) == "Joby z transakcí"  # (an accent added)


@pytest.mark.parametrize(
    ("heading", "language", "english"),
    [
        ("Docker: multi-stage slim image", "hu", True),
        ("Fix deadlock on large files", "pl", True),
        ("Multi-stage build a képhez", "hu", False),
        ("Oprava fronty v transakci", "cs", False),
        ("Acil bir durum var", "tr", False),
        ("Fix deadlock on large files", "en", False),
    ],
)
def test_an_english_heading_on_a_post_written_with_marks(heading: str, language: str, english: bool) -> None:
    # the heading a title was built from ("A docker image: 1.91 GB → 284 MB") stays no English heading under it
    from retell.extract.local_headings import english_on

    assert english_on(heading, language) is english
