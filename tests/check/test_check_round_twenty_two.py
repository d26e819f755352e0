"""Round twenty-two of the check (issue 21): false alarms on faithful prose in a language no set was told in
before (Czech), and in the languages that decline the same way (Slovak, Polish, Croatian/Serbian, Slovene,
Russian, Ukrainian).

- A name the session holds, declined ("podle Clauda", "Claudovo čtení", "Claudovi", "v Laravelu", "prema Claudeu",
  "po Claudovem mnenju"), is that name; a name the session never gives, declined or not, is still reported.
- A time told with a declined numeral and unit ("za necelou půlminutu", "po sedmi minutách", "za minutu a deset
  sekund", "necelé tři minuty", "po siedmiu minutach", "sedam minuta kasnije", "čez sedem minut", "через сім
  хвилин") is read as the time it tells; the same sentence with a time nothing took is reported.
- English, from a real model's post: a figure "passed in" as an argument is no test count; "within half a minute"
  after an act is the time since what came before it; a gap Claude's cited message states ("two requests 300 ms
  apart") is that message's; a word of code in a fenced block is no act of the author's; "passed the three tests"
  and "a test …, which failed once before it passed" are told of the test runs.

Each faithful case has a planted twin that must still be reported.

The Czech session (real record format): e1 my report (10:00:01), e2 Claude's diagnosis 28 s later, e3 a grep, e4
Claude's proposal, seven minutes' pause, e5 my answer (10:07:33), e6 Claude's reply, e7 the edit, e8 the test run
(10:10:27, 2 passed), e9 my request to commit 69 s later, e10 the commit (10:11:47)."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript


@pytest.fixture(scope="module")
def czech(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user(
        "Ahoj, job SendInvoice v Laravelu občas padá na ModelNotFoundException, i když faktura v DB je. "
        "Koukneš na app/Services/BillingService.php?"
    )
    tx.tick(27)
    tx.assistant(
        "Skoro vždy je to job odeslaný uvnitř transakce, ještě před commitem. Redis je rychlý, takže worker může být "
        "rychlejší."
    )
    tx.tool_call(
        "Grep",
        {"pattern": "dispatch", "path": "app"},
        "app/Services/BillingService.php:58:  SendInvoice::dispatch($i);",
    )
    tx.assistant("Navrhuji `->afterCommit()` u toho dispatche.")
    tx.tick(420)
    tx.user("Jo, globálně to radši ne. Uprav jen ten jeden dispatch.")
    tx.tick(20)
    tx.assistant("Dobře, upravím jen BillingService.")
    tx.tool_call(
        "Edit",
        {
            "file_path": "app/Services/BillingService.php",
            "old_string": "SendInvoice::dispatch($i);",
            "new_string": "SendInvoice::dispatch($i)->afterCommit();",
        },
        "ok",
    )
    tx.tick(150)
    tx.tool_call(
        "Bash",
        {"command": "php artisan test --filter=BillingTest"},
        "PASS  Tests\\Feature\\BillingTest\n✓ invoice is queued after commit  0.21s\nTests:    2 passed (4 assertions)",
    )
    tx.tick(67)
    tx.user("Super, díky. Commitni to.")
    tx.tick(10)
    tx.tool_call("Bash", {"command": "git commit -qam 'Fronta: afterCommit' && git log --oneline -1"}, "6b27f0e x")
    return approved_workdir(tmp_path_factory.mktemp("r22cs"), tx)


# -- a name the session holds, declined ---------------------------------------------------------------------------

# (a paragraph naming Claude or Laravel in a case ending; the same paragraph naming someone the session never names)
NAMES = [
    (  # Czech: genitive, possessive adjective, dative, locative
        "Podle Clauda jde skoro vždy o job odeslaný uvnitř transakce a Claudovo čtení jsem vzal vážně, protože "
        "v Laravelu se to stává.",
        "Podle Petra Nováka jde skoro vždy o job odeslaný uvnitř transakce a Claudovo čtení jsem vzal vážně.",
    ),
    (
        "Claudovi jsem napsal, že job v Laravelu padá. Podle Claudovy odpovědi je to skoro vždy job z transakce.",
        "Claudovi jsem napsal, že job v Laravelu padá. Podle Janiny odpovědi je to skoro vždy job z transakce.",
    ),
    (  # Slovak
        "Podľa Clauda ide skoro vždy o job, ktorý sa odoslal ešte pred commitom, a Claudovo vysvetlenie som prijal.",
        "Podľa Mareka Kováča ide skoro vždy o job, ktorý sa odoslal ešte pred commitom.",
    ),
    (  # Polish
        "Według Clauda to prawie zawsze job wysłany w transakcji, więc z Claudem się zgodziłem i nie było to "
        "dla mnie nic nowego.",
        "Według Tomasza Wójcika to prawie zawsze job wysłany w transakcji i nie było to dla mnie nic nowego.",
    ),
    (  # Croatian
        "Prema Claudeu, to je gotovo uvijek posao koji je poslan unutar transakcije, a Claudeova dijagnoza je bila "
        "ono što sam i sam mislio.",
        "Prema Ivanu Horvatu, to je gotovo uvijek posao koji je poslan unutar transakcije, i to sam i sam mislio.",
    ),
    (  # Slovene
        "Po Claudovem mnenju je to skoraj vedno posel, ki je bil poslan v transakciji, in s Claudom sem se strinjal.",
        "Po mnenju Mojce Novak je to skoraj vedno posel, ki je bil poslan v transakciji, in sem se strinjal.",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), NAMES)
def test_a_declined_name_the_session_holds_is_that_name(czech: Path, faithful: str, planted: str) -> None:
    assert problems(czech, faithful + " <!-- ev: e2 -->") == []
    assert any(": name: " in line for line in problems(czech, planted + " <!-- ev: e2 -->"))


# -- a time told with declined numerals and units -----------------------------------------------------------------

# (the paragraph before, a paragraph telling a time, the same paragraph with a time nothing took)
TIMES = [
    (  # e1 -> e2: 28 s
        "Chybu jsem nahlásil ráno. <!-- ev: e1 -->",
        "Claude odpověděl za necelou půlminutu, že je to skoro vždy job z transakce. <!-- ev: e2 -->",
        "Claude odpověděl za dvacet minut, že je to skoro vždy job z transakce. <!-- ev: e2 -->",
    ),
    (  # e4 -> e5: 7 min
        "Claude navrhl `->afterCommit()`. <!-- ev: e4 -->",
        "Odpověděl jsem po sedmi minutách: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
        "Odpověděl jsem po dvaceti minutách: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
    ),
    (  # e8 -> e9: 69 s
        "Testy prošly. <!-- ev: e8 -->",
        "Za minutu a deset sekund jsem napsal: „Super, díky. Commitni to.“ <!-- ev: e9 -->",
        "Za čtvrt hodiny jsem napsal: „Super, díky. Commitni to.“ <!-- ev: e9 -->",
    ),
    (  # e5 -> e8: 2 min 54 s, told of the two events it cites
        "",
        "Od mé druhé zprávy po ten běh uběhly necelé tři minuty. <!-- ev: e5 e8 -->",
        "Od mé druhé zprávy po ten běh uběhlo dvacet minut. <!-- ev: e5 e8 -->",
    ),
    (  # e1 -> e10: 11 min 46 s
        "",
        "Od mé první zprávy po commit uběhlo necelých dvanáct minut. <!-- ev: e1 e10 -->",
        "Od mé první zprávy po commit uběhly skoro dvě hodiny. <!-- ev: e1 e10 -->",
    ),
    (  # Slovak
        "Claude navrhol `->afterCommit()`. <!-- ev: e4 -->",
        "O sedem minút neskôr som odpovedal: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
        "O dvadsať minút neskôr som odpovedal: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
    ),
    (  # Polish
        "Claude zaproponował `->afterCommit()`. <!-- ev: e4 -->",
        "Po siedmiu minutach odpisałem: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
        "Po dwudziestu minutach odpisałem: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
    ),
    (  # Croatian
        "Claude je predložio `->afterCommit()`. <!-- ev: e4 -->",
        "Sedam minuta kasnije odgovorio sam: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
        "Dvadeset minuta kasnije odgovorio sam: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
    ),
    (  # Slovene
        "Claude je predlagal `->afterCommit()`. <!-- ev: e4 -->",
        "Čez sedem minut sem odgovoril: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
        "Čez dvajset minut sem odgovoril: „Jo, globálně to radši ne.“ <!-- ev: e5 -->",
    ),
    (  # Ukrainian
        "Claude запропонував `->afterCommit()`. <!-- ev: e4 -->",
        "Через сім хвилин я відповів: «Jo, globálně to radši ne.» <!-- ev: e5 -->",
        "Через двадцять хвилин я відповів: «Jo, globálně to radši ne.» <!-- ev: e5 -->",
    ),
    (  # Russian, a declined numeral
        "Claude предложил `->afterCommit()`. <!-- ev: e4 -->",
        "Спустя семь минут я ответил: «Jo, globálně to radši ne.» <!-- ev: e5 -->",
        "Спустя двадцать минут я ответил: «Jo, globálně to radši ne.» <!-- ev: e5 -->",
    ),
]


@pytest.mark.parametrize(("before", "faithful", "planted"), TIMES)
def test_a_time_told_with_declined_numerals_is_read(czech: Path, before: str, faithful: str, planted: str) -> None:
    lead = before + "\n\n" if before else ""
    assert problems(czech, lead + faithful) == []
    assert any(": number: " in line for line in problems(czech, lead + planted))


# -- English, a real model's post -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user("the city search shows results for an older query when I type 'berl' fast. src/components/Search.tsx")
    tx.assistant("Classic out-of-order responses. I'll add a debounce hook with a 250 ms delay.")
    tx.tool_call(
        "Edit",
        {
            "file_path": "src/components/Search.tsx",
            "old_string": "searchCities(query)",
            "new_string": "const debouncedQuery = useDebouncedValue(query, 250);\nsearchCities(debouncedQuery)",
        },
        "ok",
    )
    tx.tool_call("Bash", {"command": "npx vitest run src/components/Search"}, "Tests  3 passed (3)")
    tx.assistant("The existing tests pass.")
    tx.tick(300)
    tx.user("hmm no, if I type 'be', pause 300ms, type 'rl' the race is still there right?")
    tx.tick(23)
    tx.assistant("You're right. Two requests 300 ms apart can still resolve in the wrong order. I'll cancel them.")
    tx.assistant("Now a test that reproduces the race.")
    tx.tool_call("Read", {"file_path": "src/components/Search.test.tsx"}, "// tests")
    tx.tool_call(
        "Edit",
        {
            "file_path": "src/components/Search.test.tsx",
            "old_string": "// tests",
            "new_string": "vi.mocked(geo.searchCities).mockImplementation((q) => slow.promise);",
        },
        "ok",
    )
    tx.tool_call(
        "Bash",
        {"command": "npx vitest run src/components/Search"},
        "FAIL src/components/Search.test.tsx\nTests  1 failed | 3 passed (4)",
        is_error=True,
    )
    tx.tool_call("Edit", {"file_path": "src/components/Search.tsx", "old_string": "a", "new_string": "b"}, "ok")
    tx.tool_call("Bash", {"command": "npx vitest run src/components/Search"}, "Tests  4 passed (4)")
    tx.assistant("All 4 green.")
    tx.tick(60)
    tx.user("perfect, I'll commit myself")
    return approved_workdir(tmp_path_factory.mktemp("r22en"), tx)


def test_a_figure_passed_in_as_an_argument_is_no_test_count(english: Path) -> None:
    assert (
        problems(english, "The edit made the effect search on `debouncedQuery`, with 250 passed in. <!-- ev: e3 -->")
        == []
    )
    assert problems(english, "The edit made the effect search on `debouncedQuery`, and 250 passed. <!-- ev: e3 -->")


def test_within_a_time_after_an_act_is_the_time_since_what_came_before(english: Path) -> None:
    lead = "My second point was that it did not fix the race. <!-- ev: e6 -->\n\n"
    assert problems(english, lead + "Claude agreed within half a minute and changed the plan. <!-- ev: e7 -->") == []
    assert problems(english, lead + "Claude agreed within five seconds and changed the plan. <!-- ev: e7 -->")


def test_a_gap_the_cited_message_states_is_that_messages(english: Path) -> None:
    text = (
        "Claude agreed: a debounce only narrows the window, and two requests {} apart can still resolve in the wrong "
        "order. <!-- ev: e7 -->"
    )
    lead = "My second point was that it did not fix the race. <!-- ev: e6 -->\n\n"
    assert problems(english, lead + text.format("300 ms")) == []
    assert problems(english, lead + text.format("ten minutes"))


def test_a_word_of_code_is_no_act_of_the_authors(english: Path) -> None:
    body = (
        "Claude then wrote a test whose mock gives each query its own promise:\n\n```ts\n"
        "vi.mocked(geo.searchCities).mockImplementation((q) => slow.promise);\n```\n<!-- ev: e10 -->"
    )
    assert problems(english, body) == []


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Claude's first fix, a debounce, passed the three tests the component had, and I turned it down. "
            "<!-- ev: e4 e6 -->",
            "Claude's first fix, a debounce, failed the three tests the component had, and I turned it down. "
            "<!-- ev: e4 e6 -->",
        ),
        (
            "The fix I kept came with a test of its own, which failed once before it passed. <!-- ev: e11 e13 -->",
            "The fix I kept came with a test of its own, which failed once before it passed. <!-- ev: e4 -->",
        ),
    ],
)
def test_a_result_told_of_the_tests_is_the_test_runs(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert problems(english, planted)
