"""Round forty-nine, tuned on blind41 (fresh31's SeedLabels in English on Windows and ringing-sheets by an author of
long, rambling messages, written blind) after its untuned measure (rules and model, downgrade: recall 0.99, precision
0.89, 3.1 false alarms per 1,000 words, `--strict` 2 of 2), and on the false alarms of the rules on six drafts a real
model's part wrote of fresh31 (stop 57): each form, checked as `retell check` reads a draft of those sessions
(bench/check/work), beside the slip of the same shape it must still report."""

from __future__ import annotations

from check_support import about, problems

from retell.events import ToolCall
from retell.extract.tools import _bash_sentence


def test_a_step_of_several_commands_says_each_was_its_own_call() -> None:
    """Writers told "Ran 2 commands" as "in the same call"; the verifying model then found two calls."""
    calls = [
        ToolCall(name="Bash", target="ls out", output="labels.zpl"),
        ToolCall(name="Bash", target="git status", output=""),
    ]
    assert _bash_sentence(calls) == "Ran 2 commands, one call each"


def test_while_claude_worked_is_a_time_not_a_result() -> None:
    body = (
        "## A request sent while Claude worked\n\nThe report ended by saying no files were modified. <!-- ev: e5 -->\n"
    )
    assert about(problems("AU2", body), "did not work") == []


def test_a_value_glued_to_markup_in_an_output_is_named_there() -> None:
    body = (
        "The first lines of the regenerated file showed the species, `Solanum lycopersicum`, in a one-line box. "
        "<!-- ev: e18 -->\n"
    )
    assert about(problems("AU1", body), "Solanum") == []
    assert about(problems("AU1", body.replace("Solanum lycopersicum", "Solanum tuberosum")), "Solanum")


def test_the_authors_own_count_of_what_they_did_backs_a_heading() -> None:
    body = (
        "## Ten labels and an older phone\n\n"
        "An hour and twenty-five minutes later I was back: “back. printed 10, they scan fine on my phone, but Gloria's "
        "older Android took ages to focus on it. Can we make the QR bigger (magnification 4?) and still fit "
        "everything?” <!-- ev: e24 -->\n\n"
        "Claude regenerated the labels: `Wrote 87 labels to out/labels.zpl`. <!-- ev: e27 -->\n"
    )
    assert about(problems("AU1", body), "Ten labels") == []
    assert about(problems("AU1", body.replace("## Ten labels", "## Twelve labels")), "Twelve labels")


def test_a_french_paragraph_in_the_first_person_from_its_second_sentence() -> None:
    body = (
        "Claude a lu `planning.py`, puis voulait mettre à jour OR-Tools. J'ai refusé et répondu : « non, pas de mise à "
        "jour : c'est le vieux portable de l'asso, ortools 9.8 tourne très bien, et la dernière fois qu'on a fait un "
        "pip install -U tout a cassé pendant deux semaines. » <!-- ev: e5 e6 e7 -->\n"
    )
    assert about(problems("AS1", body), "your words") == []


def test_a_sentence_in_the_conditional_tells_a_plan_not_a_fact() -> None:
    body = (
        "Такие участки уходили бы казначею на ручную проверку, остальные счета считались бы как обычно. "
        "<!-- ev: e28 -->\n"
    )
    assert about(problems("AS2", body), "reading") == []


def test_a_french_participle_is_no_spanish_first_person() -> None:
    body = (
        "Lancé pour février, le script a écrit `planning-2026-02.csv`, dont les quatre premières lignes montraient "
        "l'en-tête. <!-- ev: e31 e32 -->\n"
    )
    assert about(problems("AS1", body), "not you") == []
    assert about(
        problems("AS1", "J'ai lancé `python planning.py --mois 2026-02` moi-même. <!-- ev: e31 -->\n"), "not you"
    )
