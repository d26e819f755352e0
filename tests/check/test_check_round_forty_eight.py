"""Round forty-eight, tuned on blind39 (fresh31's French epicerie and Russian snt-svet) and blind40 (Turkish aidat
and Hindi dairy), written blind, after their untuned measure (rules and model, downgrade: recall 0.95 and 0.93,
precision 0.98 and 1.00, 0.4 and 0.0 false alarms per 1,000 words, `--strict` 2 of 2 each): the rules' false
alarms, each checked as `retell check` reads a draft of those sessions (bench/check/work), beside the slip of the
same shape it must still report."""

from __future__ import annotations

from check_support import about, problems


def test_the_lines_of_a_heredoc_a_cited_event_ran() -> None:
    told = (
        "Dix secondes après ma réponse, Claude a lancé un script Python de treize lignes qui importe les fonctions "
        "de `planning.py`. <!-- ev: e9 -->\n"
    )
    assert about(problems("AS1", told), "treize") == []
    wrong = told.replace("treize", "quarante")
    assert about(problems("AS1", wrong), "quarante")


def test_what_code_does_in_its_own_order_is_no_order_of_the_session() -> None:
    body = (
        "Claude a ajouté une fonction `oui()` qui retire les espaces et passe en minuscules avant de comparer à "
        '`"oui"`. <!-- ev: e22 -->\n'
    )
    assert about(problems("AS1", body), "order") == []


def test_a_guess_the_author_took_up_as_a_plan_is_theirs() -> None:
    body = (
        "Reste à former un caissier de plus avant mars, ce que j'ai confié à Josiane, et rien de tout cela n'a été "
        "commité pendant la session. <!-- ev: e32 e33 -->\n"
    )
    assert about(problems("AS1", body), "guess") == []
    alone = "Reste à former un caissier de plus avant mars. <!-- ev: e32 -->\n"
    assert about(problems("AS1", alone), "guess")


def test_figures_a_cited_output_prints_are_no_reading() -> None:
    body = (
        "Значения в парах расходились в одной-двух цифрах: 8812 и 8821, 99878 и 99874, 3305 и 3350. "
        "<!-- ev: e9 e10 -->\n"
    )
    assert about(problems("AS2", body), "reading") == []


def test_hindi_first_person_is_the_narrator_speaking() -> None:
    body = (
        "Claude ने पूछा कि संघ 0.05 पर ऊपर round करता है या नीचे। तीन मिनट से कुछ ज़्यादा बाद मैंने लिखा: "
        "“हाँ यही problem है, आधे किसानों का rate 0 आ रहा था तो मैं हाथ से भर रहा था।” <!-- cleaned: e6 --> "
        "<!-- ev: e4 e6 -->\n"
    )
    assert about(problems("AT2", body), "your words") == []
    given = (
        "Claude ने पूछा कि संघ 0.05 पर ऊपर round करता है या नीचे और कहा: “हाँ यही problem है, आधे किसानों का rate 0 "
        "आ रहा था तो मैं हाथ से भर रहा था।” <!-- cleaned: e6 --> <!-- ev: e4 e6 -->\n"
    )
    assert about(problems("AT2", given), "your words")
