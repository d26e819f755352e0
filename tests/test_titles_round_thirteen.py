"""Titles and headings, round thirteen (issue 24): a post's title and headings are in ONE language, the post's;
a line the author typed heads a stretch only when it names a task or its subject, never a call for attention,
a "there is a problem", a yes or an ask whose object is only a pointer ("can you look at this").

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

import pytest

from retell.extract.local_headings import FIX, fits_language, in_language
from retell.write.locales import words

# -- A. the fixed headings in the post's language, for languages the tables lacked -----------------------------

# (language, a word each of its "Where it ended" and "By the numbers" must not be English)
_LANGUAGES = ["ca", "sw", "ms", "tl", "sk", "hr"]
_FIXED = ["Where it ended", "Talking it through with Claude", "Getting the tests to pass", FIX]


@pytest.mark.parametrize("language", _LANGUAGES)
@pytest.mark.parametrize("heading", _FIXED)
def test_a_fixed_heading_is_said_in_the_posts_language(language: str, heading: str) -> None:
    made = in_language(heading, [], language)
    assert made != heading, (language, heading)
    assert fits_language(made, language)
    assert made not in _FIXED


@pytest.mark.parametrize("language", _LANGUAGES)
def test_the_numbers_box_is_headed_in_the_posts_language(language: str) -> None:
    assert words(language)["heading"] != "By the numbers"
    assert words(language)["tool_calls"] != "Tool calls"
    assert set(words(language)) >= set(words("pl"))


def test_a_pasted_error_does_not_vote_for_english() -> None:
    # an error line pasted with one word of the author's own: the error is the program's, not the author's
    from retell.triage.language import main_language

    texts = [
        "TypeError: Cannot read properties of undefined (reading 'map') at renderList\n\nsocorro",
        "ImportError: cannot import name 'Celery' from partially initialized module 'app'\n\nalguém ajuda?",
        "agora o teste de importação falha com outra mensagem, pode ver o que é?",
    ]
    assert main_language(texts) == "pt"


# -- B. the author's chat line is no heading --------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Oye puedes mirar esto",  # a call with a pointer for object (Spanish)
        "Hola, ¿me ayudas con esto?",
        "Ei podes ver isso aqui",  # (Portuguese)
        "Hey can you look at this",  # (English)
        "Kannst du dir das mal anschauen",  # (German)
        "Tu peux regarder ça",  # (French)
        "Puoi darci un'occhiata",  # (Italian)
        "Bhai ek problem hai",  # there is a problem (Hinglish)
        "Yaar ye dekho zara",
        "Ada masalah pelik",  # (Malay)
        "Ada masalah aneh lagi",  # (Indonesian)
        "Kuna tatizo",  # (Swahili)
        "Ndio irekebishe",  # yes, fix it (Swahili)
        "Sawa endelea",  # ok, go on
        "Haan karo",  # yes, do it (Hinglish)
        "Not asking for code today",  # an English negation: what the author is not doing
        "Not today, just thinking",
        "Hay un problema raro",  # (Spanish)
        "Tenemos un problema",
        "There's a weird issue",
        "Got a problem",
        "そうそうSEで出た",  # yes, it showed on the SE (Japanese plain past: a report)
        "やっぱり落ちた",
        "ええ、また出た",
        "배지 숫자가 업데이트 안돼요",  # (Korean polite statement)
        "Tengo una duda",
    ],
)
def test_a_chat_line_heads_nothing(line: str) -> None:
    from retell.extract.authored import names_a_task
    from retell.extract.headings import chat_line

    assert chat_line(line) or not names_a_task(line), line


@pytest.mark.parametrize(
    "line",
    [
        "Añadir paginación al listado de pedidos",
        "Paginación en el listado de pedidos",
        "Puedes revisar el cálculo del IVA",  # an ask with a subject
        "Irekebishe ukurasa wa bei",  # fix the prices page (Swahili): its subject named
        "Tambah cache untuk senarai produk",  # (Malay)
        "Order SMS queue fix",
        "Rate limits per tenant",
        "Adding a retry to the webhook sender",
        "ログイン画面のバリデーション",
        "Exportação em CSV",
    ],
)
def test_a_task_still_heads(line: str) -> None:
    from retell.extract.authored import names_a_task
    from retell.extract.headings import chat_line

    assert names_a_task(line) and not chat_line(line), line


# -- C. a stretch that fixed a pasted error is not headed by its files, even when it wrote a new one -----------

_PASTES = [
    ("de", "Das passiert bei jedem Aufruf der Terminliste, seit dem letzten Deploy am Freitag", "Änderungen an"),
    ("es", "Esto sale cada vez que abro la lista de pedidos desde el panel de administración", "Cambios en"),
    ("fr", "Ça arrive à chaque ouverture de la liste des factures depuis le déploiement de vendredi", "Modifications"),
    ("pt", "Isso acontece sempre que abro a lista de clientes, desde a atualização de sexta-feira", "Alterações em"),
    ("it", "Succede ogni volta che apro la lista degli ordini dopo il rilascio di venerdì", "Modifiche a"),
    ("nl", "Dit gebeurt elke keer als ik de lijst met afspraken open sinds de release van vrijdag", "Wijzigingen in"),
    ("pl", "To się dzieje za każdym razem, gdy otwieram listę zamówień po piątkowym wdrożeniu", "Zmiany w"),
    ("ca", "Això passa cada vegada que obro la llista de préstecs des del desplegament de divendres", "Canvis a"),
]


@pytest.mark.parametrize(("language", "line", "files_form"), _PASTES)
def test_a_fixed_paste_is_no_file_list_though_a_file_was_written(
    tx,  # type: ignore[no-untyped-def]
    tmp_path,  # type: ignore[no-untyped-def]
    language: str,
    line: str,
    files_form: str,
) -> None:
    from told_support import Told, edit

    tx.user(f"SerializationException: Serializer for class 'Instant' is not found.\n\n{line}")
    tx.tool_call("Write", {"file_path": "/p/src/InstantSerializer.kt", "content": "object InstantSerializer"}, "ok")
    edit(tx, "src/Serialization.kt")
    edit(tx, "src/TerminDto.kt")
    tx.tool_call("Bash", {"command": "./gradlew test", "description": "run"}, "BUILD SUCCESSFUL")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == language
    assert not any(h.startswith(files_form) for h in told.headings), told.headings


@pytest.mark.parametrize("line", ["══╡ EXCEPTION CAUGHT BY RENDERING LIBRARY ╞══", "ERROR: build failed"])
def test_a_shouted_exception_or_error_is_no_errors_name(line: str) -> None:
    # "EXCEPTION の解消" headed a Flutter post: errno names (ENOENT, EACCES) are E and capitals, these words are not
    from retell.extract.deeds import _ERROR_NAME

    assert not _ERROR_NAME.search(line)
    assert _ERROR_NAME.search("spawn git ENOENT")


def test_when_no_line_of_the_authors_can_be_told_claudes_answers_say_the_language() -> None:
    # the author pasted an error and typed "socorro" and a short line: none votes; Claude answered in Portuguese
    from retell.triage.language import main_language

    author = ["UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe7\n\nsocorro", "commita msm"]
    claude = [
        "O arquivo veio do Excel em cp1252, não em UTF-8. Vou ler primeiro como utf-8-sig e, se falhar, como cp1252.",
        "Pronto: os testes passam e a importação lê os dois formatos.",
    ]
    assert main_language(author) == "en"
    assert main_language(author, claude) == "pt"
    assert main_language(["please fix the failing import test"], claude) == "en"  # the author's vote stands
