"""(issue 24) Texts that each passed the guard alone are not judged again by the context they get from being joined.

A real model's Portuguese draft: every section was answered and accepted alone, then the finishing call sent them
joined, and a rule that reads a password by its context (a value handed over "com `…`" within a few hundred
characters of "login") met there what it met in no section: the guard refused the finishing request as "retell's own
fault, not yours; please report it", and the paid-for draft stopped. A value inside one accepted section is judged by
that section alone; a real secret in the same place (a token by its shape, a value the session flagged and triage
did not clear) is found in its section alone and still stops, in the request and before the call log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import pytest
from conftest import Transcript
from llm_support import (
    FAKE_GITHUB_TOKEN,
    SECOND_GITHUB_TOKEN,
    Stub,
    call_kind,
    failed,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    run,
    sse_response,
    user_text,
)
from told_support import ok as told_ok
from typer.testing import CliRunner

from retell.cli import app
from retell.errors import SecretLeakError
from retell.events import EventLog
from retell.redact import Redactor, guard
from retell.secrets import Scanner

# the end of one section and the start of the next, as a real Portuguese draft wrote them
LOGIN_END = "A tela de login quebrava quando o relatório abria, e só com muitos meses de dados."
CODE_SPAN_START = "Agrupei as vendas por mês com `VendasMensais2024` e ordenei pelo total."
HEADING = "\n\n## s2: O agrupamento\n"


def _joined(first: str = LOGIN_END, second: str = CODE_SPAN_START) -> str:
    return "The sections of the post are written.\n\n## s1: A tela\n" + first + HEADING + second + "\n\nReturn JSON."


def test_the_rule_meets_the_value_only_joined() -> None:
    """The case itself: neither section is flagged alone, the two joined are (the rule reads `login` 300 characters
    around a value handed over `com`)."""
    scanner = Scanner()
    assert scanner.scan(LOGIN_END) == []
    assert scanner.scan(CODE_SPAN_START) == []
    assert [f.value for f in scanner.scan(_joined())] == ["VendasMensais2024"]


# -- the guard ------------------------------------------------------------------------------------------------


@pytest.fixture
def redactor(tmp_path: Path) -> Redactor:
    """A session holding a token the author has not cleared in triage (no decision: it would be redacted)."""
    tx = Transcript(cwd="/srv/vendas")
    tx.user(f"o relatório de vendas não abre; o token do CI é {SECOND_GITHUB_TOKEN}")
    tx.assistant("Vou olhar a consulta do relatório.")
    session = tx.write(tmp_path / "projects" / "-srv-vendas" / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    told_ok(CliRunner().invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    log = EventLog.from_dict(json.loads((work / "events.json").read_text(encoding="utf-8")))
    found = Redactor.for_log(log, {})
    assert SECOND_GITHUB_TOKEN in found.known
    return found


def test_on_main_the_joined_sections_are_refused_as_retells_own_fault(redactor: Redactor) -> None:
    with pytest.raises(SecretLeakError, match="retell's own fault"):
        guard([("finish/tie user message", _joined())], redactor, "a prompt about to be sent")


def test_a_value_inside_an_accepted_section_is_judged_by_that_section(redactor: Redactor) -> None:
    accepted = [(LOGIN_END, LOGIN_END), (CODE_SPAN_START, CODE_SPAN_START)]
    guard([("finish/tie user message", _joined())], redactor, "a prompt about to be sent", accepted)


def test_a_section_quoted_with_its_lines_joined_is_judged_by_the_section() -> None:
    """The finishing request quotes the last paragraph with its lines joined: `senha` and a value on the next line
    become one clause there, which the section as it passed never was."""
    section = "Depois disso o formulário pedia a senha\n`Relatorio-2024x` era a tabela que faltava."
    quoted = " ".join(section.split())
    scanner = Scanner()
    assert scanner.scan(section) == [] and scanner.scan(quoted) != []
    log = EventLog.from_dict({"session": {"id": "s", "cwd": "/srv/x"}, "chapters": [], "events": []})
    alone = Redactor.for_log(log, {})
    text = f'the last section ends with "{quoted}". Keep it short.'
    with pytest.raises(SecretLeakError):
        guard([("finish/tie user message", text)], alone, "a prompt about to be sent")
    guard([("finish/tie user message", text)], alone, "a prompt about to be sent", [(quoted, section)])


@pytest.mark.parametrize(
    "secret",
    [
        pytest.param(FAKE_GITHUB_TOKEN, id="a token by its shape"),
        pytest.param(SECOND_GITHUB_TOKEN, id="a value the session holds, not cleared"),
    ],
)
def test_a_real_secret_in_the_same_place_still_stops(redactor: Redactor, secret: str) -> None:
    second = CODE_SPAN_START.replace("VendasMensais2024", secret)
    accepted = [(LOGIN_END, LOGIN_END), (second, second)]
    with pytest.raises(SecretLeakError, match="github-token"):
        guard([("finish/tie user message", _joined(second=second))], redactor, "a prompt about to be sent", accepted)


def test_a_value_outside_every_accepted_text_is_judged_in_the_whole(redactor: Redactor) -> None:
    """Only what lies inside an accepted text is judged alone: the same words in retell's own part of the request
    (a template, a heading) keep their context."""
    other = "O gráfico mostrava só o último mês."
    text = _joined(second=other).replace(HEADING, "\n\n## s2: " + CODE_SPAN_START + "\n")
    accepted = [(LOGIN_END, LOGIN_END), (other, other)]
    with pytest.raises(SecretLeakError):
        guard([("finish/tie user message", text)], redactor, "a prompt about to be sent", accepted)


def test_a_value_across_two_accepted_texts_is_judged_in_the_whole(redactor: Redactor) -> None:
    """A finding that runs from one accepted text into the next lies inside neither."""
    head, tail = SECOND_GITHUB_TOKEN[:20], SECOND_GITHUB_TOKEN[20:]
    first, second = f"O token era {head}", f"{tail} e expirou."
    accepted = [(first, first), (second, second)]
    with pytest.raises(SecretLeakError):
        guard([("request", first + second)], redactor, "a prompt about to be sent", accepted)


# -- retell draft, end to end ---------------------------------------------------------------------------------


@pytest.fixture
def workdir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    isolate(monkeypatch, tmp_path)
    return make_workdir(tmp_path)


def _portuguese(s2: str) -> Any:
    def answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
        kind = call_kind(body)
        if kind == "section:s1":
            return sse_response("Procurei o erro na consulta do relatório.\n\n" + LOGIN_END, model=body["model"])
        if kind == "section:s2":
            return sse_response(s2 + "\n\nOs testes passaram de novo.", model=body["model"])
        return good_answer(body, stub)

    return answer


def _llm_files(workdir: Path, stage: str) -> list[str]:
    return sorted(p.name for p in (workdir / "llm").glob(f"{stage}-*"))


def test_the_draft_is_finished(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(_portuguese(CODE_SPAN_START))
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    ok(run("draft", workdir))
    finish = stub.of("finish")
    assert len(finish) == 1
    assert LOGIN_END in user_text(finish[0]) and CODE_SPAN_START in user_text(finish[0])
    assert CODE_SPAN_START in (workdir / "draft.md").read_text(encoding="utf-8")
    assert _llm_files(workdir, "finish")


def test_a_real_secret_in_a_section_still_stops_the_finishing_call(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A section is cleared before it is quoted (the model's token is redacted), so a secret can reach the finishing
    request only through a fault of retell's: with that clearing undone, the token in the section the finishing
    request quotes is refused there, nothing of the finishing call is sent or logged, and no draft is written."""
    monkeypatch.setattr("retell.write.draft.clear_model_output", lambda text, *_a, **_k: (text, []))
    stub = Stub(_portuguese(CODE_SPAN_START.replace("VendasMensais2024", FAKE_GITHUB_TOKEN)))
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    message = failed(run("draft", workdir))
    assert "github-token" in message and "finish/tie user message" in message
    assert FAKE_GITHUB_TOKEN not in message
    assert stub.count("finish") == 0
    assert _llm_files(workdir, "finish") == []
    assert not (workdir / "draft.md").exists()


# -- the same join elsewhere: the post's final scan, a revision of the whole post -----------------------------


def test_the_post_is_rendered_and_revised(workdir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """draft.md holds the two sections under their headings: render's publish gate reads the whole post and a
    revision of the whole post sends every part in one request; each part passed alone, and neither stops."""
    stub = Stub(_portuguese(CODE_SPAN_START))
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    ok(run("draft", workdir))
    ok(run("render", workdir, "-o", tmp_path / "site"))
    [post] = (tmp_path / "site").rglob("index.md")
    assert CODE_SPAN_START in post.read_text(encoding="utf-8")
    ok(run("revise", workdir, "make it shorter"))
    revise = stub.of("revise")
    assert len(revise) == 1 and LOGIN_END in user_text(revise[0]) and CODE_SPAN_START in user_text(revise[0])


def test_a_real_secret_in_the_same_place_of_the_post_still_stops_render(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stub = Stub(_portuguese(CODE_SPAN_START))
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    ok(run("draft", workdir))
    draft = workdir / "draft.md"
    draft.write_text(
        draft.read_text(encoding="utf-8").replace("VendasMensais2024", FAKE_GITHUB_TOKEN), encoding="utf-8"
    )
    message = failed(run("render", workdir, "-o", tmp_path / "site"))
    assert "publish gate" in message and "github-token" in message and "draft.md line" in message
    assert list(tmp_path.rglob("index.md")) == []
    message = failed(run("revise", workdir, "make it shorter"))
    assert "github-token" in message and FAKE_GITHUB_TOKEN not in message
    assert stub.count("revise") == 0
