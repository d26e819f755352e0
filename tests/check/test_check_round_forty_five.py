"""Round forty-five, tuned on blind36 (fresh30's tandas-app in Mexican Spanish and allegretto-grafik in Polish,
written blind) after its untuned measure (rules and model, downgrade: recall 1.00, precision 0.92, 1.8 false alarms
per 1,000 words, `--strict` 1 of 2): the false alarms of the rules, each a form any post of these languages writes."""

from __future__ import annotations

import pytest

from retell.check.claims import CODE_SPAN, DATE_FORMAT, classify_code
from retell.check.order import _NOBODY
from retell.check.quotes import _ELONGATED, MULTI_SHORTHAND
from retell.check.text import unaccented as _unaccented
from retell.check.trace import _DENIES_A_RUN, _DOTTED


def test_a_drawn_out_word_and_chat_shorthand_cleaned_are_tidy_ups() -> None:
    """“Ah, sí, fue mi prima Vero…” <!-- cleaned --> of "ahhh sí, fue mi prima Vero…"; “Sí, por favor” of "sí porfa"."""
    assert _ELONGATED.sub(r"\1", "ahhh") == "ah"
    assert MULTI_SHORTHAND["porfa"] == "por favor"


@pytest.mark.parametrize("code", ["dd/mm", "MM/DD/YYYY", "TT.MM.JJJJ"])
def test_a_date_format_is_no_path(code: str) -> None:
    assert DATE_FORMAT.fullmatch(code) and classify_code(code) == CODE_SPAN


def test_a_path_is_still_a_path() -> None:
    assert classify_code("src/app.py") != CODE_SPAN


def test_a_name_is_found_without_its_accents() -> None:
    assert "mexico" in _unaccented("méxico") and _unaccented("America/Mexico_City".lower()).find("mexico") >= 0


@pytest.mark.parametrize("code", ["KolizjaChecker::kolizjeSali()", "User.pantries", "$repo->findKolizje"])
def test_a_member_of_a_type_in_php_rust_and_ruby_form(code: str) -> None:
    assert _DOTTED.fullmatch(code.lstrip("$"))


@pytest.mark.parametrize(
    ("sentence", "nobody"),
    [
        ("Nadie volvió a probar el `POST` de pagos después del arreglo de fechas.", True),
        ("Nobody ran the tests after the fix.", True),
        ("After the fix, Claude ran the tests.", False),
    ],
)
def test_what_nobody_did_has_no_order_to_check(sentence: str, nobody: bool) -> None:
    assert bool(_NOBODY.search(sentence)) is nobody


def test_a_polish_denial_of_a_run_is_no_wrong_citation() -> None:
    assert _DENIES_A_RUN.search("W sesji nie uruchomiono żadnego testu JavaScriptu, więc nowy warunek nie przeszedł.")
