"""Round twenty-three of the check (issue 21): false alarms on a real model's prose, drafted through the hand-off
engine from sessions nobody tuned on (stop 45's in-loop posts: FastAPI in English, Spring Boot in Turkish).

- A quote the sentence gives to its subject, the author ("I pasted the trace to Claude with one line of my own under
  it: “…”", "along with the question it raised for me: “…”", "Claude'a … yazdım: “…”", "“…” diye ekledim"), is the
  author's, whoever else the sentence names: one spoken to, one after a preposition, one in a clause about a noun.
- A code span that shortens what a run printed with "…" (its end cut, its prefix left out) traces when its pieces
  occur in order in one text of the session.
- A change described ("Claude's fix loaded both relationships eagerly") is not a result some run must show.
- A dotted name composed from the session (`User.pantries`: an edit in `class User(Base):` of a field `pantries:`)
  is named by it.
- A URL route (`/items/expiring`) is no file the code the sentence puts in it must be in.

Each faithful case has a planted twin that must still be reported.

The English session (real record format): e1 my report with a pasted traceback, e2 Claude's diagnosis, e3 a read of
app/models.py, e4 an edit of `class User` (a field made lazy="raise"), e5 Claude's line, e6 an edit of
app/routers/items.py, e7 the test run (8 passed), e8 Claude's verdict naming the route `/items/expiring`, e9
Claude's line, e10 a write of a Go file.
The Turkish session: e1 my request (a list of five items and a last line), e2 Claude's answer, e3 the test run that
failed with Hibernate's SemanticException."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

TRACE = (
    "hey, moved the db layer to async sqlalchemy yesterday and now GET /pantries/1 blows up. here's the trace:\n\n"
    "Traceback (most recent call last):\n"
    '  File "/home/dana/src/pantry-api/.venv/lib/python3.12/site-packages/sqlalchemy/util/_concurrency_py3k.py", '
    "line 123, in await_only\n"
    "    raise exc.MissingGreenlet(\n"
    "sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; can't call await_only() here. Was IO "
    "attempted in an unexpected place? (Background on this error at: https://sqlalche.me/e/20/xd2s)\n\n"
    "wtf is a greenlet and why do i need one"
)
MODELS = (
    "class User(Base):\n"
    '    __tablename__ = "users"\n'
    "    id: Mapped[int] = mapped_column(primary_key=True)\n"
    '    pantries: Mapped[list[Pantry]] = relationship(back_populates="owner")\n'
    "\n\n"
    "class Pantry(Base):\n"
    '    __tablename__ = "pantries"\n'
    "    id: Mapped[int] = mapped_column(primary_key=True)\n"
    '    owner: Mapped[User] = relationship(back_populates="pantries")\n'
)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user(TRACE)
    tx.tick(3)
    tx.assistant("You don't need a greenlet yourself: a lazy relationship is read outside an `await`.")
    numbered = "\n".join(f"{n:>6}\u2192{line}" for n, line in enumerate(MODELS.split("\n"), 1))
    tx.tool_call("Read", {"file_path": "/home/dana/src/pantry-api/app/models.py"}, numbered)
    tx.tick(20)
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/dana/src/pantry-api/app/models.py",
            "old_string": '    pantries: Mapped[list[Pantry]] = relationship(back_populates="owner")',
            "new_string": '    pantries: Mapped[list[Pantry]] = relationship(back_populates="owner", lazy="raise")',
        },
        "ok",
    )
    tx.tick(30)
    tx.assistant("Now the items router.")
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/dana/src/pantry-api/app/routers/items.py",
            "old_string": "    stmt = select(Item).where(Item.expires_on <= cutoff)",
            "new_string": "    stmt = select(Item).options(joinedload(Item.pantry)).where(Item.expires_on <= cutoff)",
        },
        "ok",
    )
    tx.tick(10)
    tx.tool_call("Bash", {"command": ".venv/bin/pytest -q"}, "........\n8 passed in 1.79s")
    tx.tick(5)
    tx.assistant(
        "Green again. This was a real bug: `/items/expiring` would have thrown `MissingGreenlet` in prod the first "
        "time anyone called it."
    )
    tx.tick(5)
    tx.assistant("And a pool for the link checks.")
    tx.tool_call(
        "Write",
        {
            "file_path": "/home/dana/src/pantry-api/tools/pool.go",
            "content": "package tools\n\ntype Pool struct {\n\tlimit int\n\tqueue chan string\n}\n",
        },
        "File created successfully at: /home/dana/src/pantry-api/tools/pool.go",
    )
    return approved_workdir(tmp_path_factory.mktemp("r23en"), tx)


@pytest.fixture(scope="module")
def turkish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user(
        "Merhaba! siparis-servisi'ni Spring Boot 2.7.18'den 3.2.x'e yükseltmemiz gerekiyor.\n\n"
        "İstediklerim:\n1. Boot 3.2'ye geç, javax -> jakarta\n"
        "2. davranış değişmesin, özellikle yetkilendirme kuralları aynı kalsın\n3. tüm testler geçsin\n\n"
        "OpenRewrite kullanabilirsin, mantıklıysa."
    )
    tx.tick(4)
    tx.assistant("Önce OpenRewrite tarifini çalıştırıyorum, sonra testleri koşacağım.")
    tx.tick(60)
    tx.tool_call(
        "Bash",
        {"command": "./mvnw -q test 2>&1 | grep -E 'ERROR\\]|Exception' | head -24"},
        "[ERROR]   OrderRepositoryIT.findStaleNewOrders » InvalidDataAccessApiUsage "
        "org.hibernate.query.SemanticException: Cannot compare left expression of type 'com.kargo.order.Status' "
        "with right expression of type 'java.lang.String'\n"
        "[ERROR]   ApplicationContextIT.contextLoads » IllegalState Failed to load ApplicationContext",
        is_error=True,
    )
    return approved_workdir(tmp_path_factory.mktemp("r23tr"), tx)


# -- a quote the sentence gives to its subject ---------------------------------------------------------------------

# (the faithful paragraph, the same words given to Claude)
QUOTES = [
    (
        'I pasted the trace to Claude with one line of my own under it: "wtf is a greenlet and why do i need one". '
        "<!-- ev: e1 -->",
        'Claude read the trace and answered with one line of its own: "wtf is a greenlet and why do i need one". '
        "<!-- ev: e1 e2 -->",
    ),
    (
        "I pasted the trace into a session with Claude, along with the question it raised for me: "
        '"wtf is a greenlet and why do i need one". <!-- ev: e1 -->',
        'Claude read the trace and answered with the question it raised: "wtf is a greenlet and why do i need one". '
        "<!-- ev: e1 e2 -->",
    ),
    (
        "I sent the traceback off to Claude, and with it the question about it that bothered me most: "
        '"wtf is a greenlet and why do i need one". <!-- ev: e1 -->',
        "Claude looked over the traceback, and with it the question about it that bothered it most: "
        '"wtf is a greenlet and why do i need one". <!-- ev: e1 e2 -->',
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), QUOTES)
def test_a_quote_given_to_the_author_by_the_sentence_is_the_authors(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any("your words" in line for line in problems(english, planted))


TURKISH_QUOTES = [
    (
        "Claude'a önce durumu yazdım ve dördüncü madde olarak “davranış değişmesin, özellikle yetkilendirme "
        "kuralları aynı kalsın” dedim. Sona da “OpenRewrite kullanabilirsin, mantıklıysa.” diye ekledim. "
        "<!-- ev: e1 -->",
        "Claude önce durumu özetledi ve “davranış değişmesin, özellikle yetkilendirme kuralları aynı kalsın” dedi. "
        "<!-- ev: e1 e2 -->",
    ),
    (
        "Claude'dan siparis-servisi'ni 3.2'ye taşımasını istedim; listemin sonunda “OpenRewrite kullanabilirsin, "
        "mantıklıysa.” yazıyordu. <!-- ev: e1 -->",
        "Claude işe OpenRewrite ile başladı ve “OpenRewrite kullanabilirsin, mantıklıysa.” diye yazdı. "
        "<!-- ev: e1 e2 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), TURKISH_QUOTES)
def test_a_quote_told_as_mine_in_turkish_is_mine(turkish: Path, faithful: str, planted: str) -> None:
    assert problems(turkish, faithful) == []
    assert any("your words" in line for line in problems(turkish, planted))


# -- an elided code span -------------------------------------------------------------------------------------------

ELIDED = [
    (  # the last line cut at its end
        "The trace ended on this line: `sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; can't "
        "call await_only() here. Was IO attempted in an unexpected place? …` <!-- ev: e1 -->",
        "The trace ended on this line: `sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; can't "
        "call await_only() here. Was IO attempted in a background thread? …` <!-- ev: e1 -->",
    ),
    (  # cut in the middle, its pieces in order
        "The trace ended on this line: `sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; … Was "
        "IO attempted in an unexpected place?` <!-- ev: e1 -->",
        "The trace ended on this line: `sqlalchemy.exc.MissingGreenlet: Was IO attempted in an unexpected place? … "
        "greenlet_spawn has not been called` <!-- ev: e1 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), ELIDED)
def test_an_elided_line_traces_when_its_pieces_are_in_order(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": code: " in line for line in problems(english, planted))


TURKISH_ELIDED = [
    (  # without its package
        "Testler Hibernate'in `SemanticException: Cannot compare left expression of type …` hatasıyla düşmüştü. "
        "<!-- ev: e3 -->",
        "Testler Hibernate'in `SemanticException: Cannot compare right expression of type …` hatasıyla düşmüştü. "
        "<!-- ev: e3 -->",
    ),
    (  # whole, its end cut
        "Testler `org.hibernate.query.SemanticException: Cannot compare left expression of type …` hatasıyla "
        "düşmüştü. <!-- ev: e3 -->",
        "Testler `org.hibernate.query.SemanticException: Cannot resolve left expression of type …` hatasıyla "
        "düşmüştü. <!-- ev: e3 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), TURKISH_ELIDED)
def test_an_elided_error_without_its_prefix_traces(turkish: Path, faithful: str, planted: str) -> None:
    assert problems(turkish, faithful) == []
    assert any(": code: " in line for line in problems(turkish, planted))


# -- a change described --------------------------------------------------------------------------------------------

CHANGES = [
    (
        "Claude's fix loaded both relationships eagerly inside the awaited query. <!-- ev: e4 -->",
        "Claude's fix loaded fine on the first request. <!-- ev: e4 -->",
    ),
    (
        "The change loads every relationship the response touches up front. <!-- ev: e4 -->",
        "The change loads now, and the page works. <!-- ev: e4 -->",
    ),
    (
        "Claude's fix loads `owner` and `items` in one query. <!-- ev: e4 -->",
        "Claude's fix loads cleanly on the first request now. <!-- ev: e4 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), CHANGES)
def test_a_change_described_is_no_result(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": outcome: " in line for line in problems(english, planted))


# -- a dotted name composed from the session -----------------------------------------------------------------------

DOTTED = [
    (
        'Claude added `lazy="raise"` to `User.pantries` in `app/models.py`. <!-- ev: e4 -->',
        'Claude added `lazy="raise"` to `User.recipes` in `app/models.py`. <!-- ev: e4 -->',
    ),
    (  # a field of another class is not this one's
        "The relationship Claude changed first was `User.pantries`. <!-- ev: e3 e4 -->",
        "The relationship Claude changed first was `Pantry.pantries`. <!-- ev: e3 e4 -->",
    ),
    (  # a Go struct's field, from a file Claude wrote
        "Claude wrote a `Pool` whose `Pool.limit` caps the workers. <!-- ev: e10 -->",
        "Claude wrote a `Pool` whose `Pool.workers` caps the workers. <!-- ev: e10 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), DOTTED)
def test_a_dotted_name_composed_from_the_session_is_named(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": code: " in line for line in problems(english, planted))


# -- a URL route ---------------------------------------------------------------------------------------------------

ROUTES = [
    (
        "Claude added `.options(joinedload(Item.pantry))` to the query of `/items/expiring`, between `select(Item)` "
        "and its `where`. <!-- ev: e6 e7 e8 -->",
        "Claude added `.options(joinedload(Item.pantry))` to the query of `app/models.py`, between `select(Item)` "
        "and its `where`. <!-- ev: e6 e7 e8 -->",
    ),
    (
        "In `/items/expiring`, `select(Item)` now loads each item's pantry. <!-- ev: e6 e8 -->",
        "In `app/models.py`, `select(Item)` now loads each item's pantry. <!-- ev: e6 e8 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), ROUTES)
def test_a_route_is_no_file(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": path: " in line for line in problems(english, planted))
