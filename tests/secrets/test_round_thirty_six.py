"""Round thirty-six (issue 22): a one-word name that is a company's, and a redacted name in a host or a file's name.

Found on a blind session (fresh27, a Playwright scraper of an energy supplier's invoice portal, Windows): "Inside
the iframe <Supplier> shows a …" and "Ask <Supplier> whether business accounts …" were redacted as a person's name,
while the same session wrote the word as its domain (`my.<supplier>-energy.co.uk`) and a file's name
(`.auth\\<supplier>.json`).
Two classes (retell/secrets/name_paths.py, docs/secrets.md):
- a one-word name the session writes as a domain's name is an organisation's, not flagged;
- a name that is redacted (by the detector or the author's `redact:` list) is also redacted where a path, a file's
  name or a host writes it in small letters, or as an account makes it (`mkowalska/`); never a word's folder.
Every name and host here is this file's own, none the session's, a blind set's or the corpus's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript

from retell.redact import Redactor
from retell.secrets import Scanner, secret_id
from retell.secrets.author_terms import Term
from retell.secrets.name_paths import in_a_path, organisations, path_forms
from retell.triage.model import SecretDecision

SALT = "b11d0000-0000-4000-8000-000000000036"
PLACEHOLDER = "[REDACTED:person-name]"


def _redactor(*names: str, action: str = "redact", replacement: str = "", terms: tuple[Term, ...] = ()) -> Redactor:
    decisions = {}
    known = {}
    for name in names:
        sid = secret_id("person-name", name, SALT)
        decisions[sid] = SecretDecision(sid, action, replacement)
        if len(name) >= Redactor.MIN_KNOWN_LENGTH:
            known[name] = ("person-name", "pii")
    from retell.secrets.author_terms import Terms

    return Redactor(SALT, decisions, Scanner(), known, names=names, terms=Terms(terms))


# -- a one-word name the session writes as a domain's name ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'const BASE = "https://my.brightmere-power.co.uk";',
        "frame name=invoiceFrame links=0 https://docs.brightmere-power.co.uk/embed/invoices",
        "the code goes to accounts@brightmere-power.co.uk",
        "their status page is brightmere.com/status",
        "curl -s https://api.brightmere.io/v2/tariffs",
    ],
)
def test_a_word_written_as_a_domains_name_is_an_organisation(text: str) -> None:
    assert organisations(["Brightmere"], ["nothing here", text]) == {"Brightmere"}


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Brightmere", "using storage state .auth\\brightmere.json"),  # a file's name: a person's as often
        ("Brightmere", "cat users/brightmere/notes.md"),
        ("Brightmere", "mail brightmere@proton.me about it"),  # an address's local part
        ("Brightmere", "https://brightmere.github.io/notes"),  # a user's page
        ("Brightmere", "ssh brightmere-laptop.tail0c3.ts.net"),  # a subdomain: a machine's
        ("Brightmere", "perl brightmere.pl --dry-run"),  # a file that ends as a domain might
        ("Brightmere", "https://my.brightmerepower.co.uk/"),  # inside a longer word
        ("Ingunn", "her site is https://ingunn.dev/about"),  # a known given name, alone: her own site
        ("Ingunn", "https://ingunn-solberg.no/cv"),  # with her family name
    ],
)
def test_what_does_not_say_organisation(name: str, text: str) -> None:
    assert organisations([name], [text]) == set()


def test_a_known_given_name_joined_to_another_word_is_a_brand() -> None:
    assert organisations(["Ingunn"], ["https://www.ingunn-bakeri.no/"]) == {"Ingunn"}


# -- the forms of a redacted name in paths, files and hosts ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("using storage state .auth\\oyelaran.json", "oyelaran"),
        ("rm -f .auth/oyelaran.json && npx tsx src/login.ts --save .auth/oyelaran-2026-01.json", "oyelaran"),
        ('const BASE = "https://my.oyelaran-power.co.uk";', "oyelaran"),
        ("see https://github.com/oyelaran/portal-scraper", "oyelaran"),
        ("D:\\shares\\finance\\oyelaran\\2025-12\\", "oyelaran"),
        ("git clone git@gitlab.com:oyelaran/invoices.git", "oyelaran"),
    ],
)
def test_a_one_word_name_is_redacted_in_paths_and_hosts(text: str, left: str) -> None:
    out = _redactor("Oyelaran").text(text)
    assert left not in out.lower(), out
    assert PLACEHOLDER in out


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("ls /srv/share/ikowalczyk/reports", ("ikowalczyk",)),
        ("cat i.kowalczyk.json", ("i.kowalczyk",)),
        ("open https://kowalczyk-ingrid.dev/cv", ("kowalczyk-ingrid",)),
        ("scp out.pdf build@ci:/home/build/drop/kowalczyk.i/", ("kowalczyk.i",)),
        ("copied to notes/ingrid-kowalczyk.md", ("ingrid-kowalczyk",)),
    ],
)
def test_a_longer_name_is_redacted_as_an_account_makes_it(text: str, forms: tuple[str, ...]) -> None:
    out = _redactor("Ingrid Kowalczyk").text(text)
    for form in forms:
        assert form not in out.lower(), out
    assert PLACEHOLDER in out


def test_a_replaced_name_is_replaced_as_the_path_wrote_it() -> None:
    redactor = _redactor("Ingrid Kowalczyk", action="replace", replacement="Jan Kowal")
    out = redactor.text("cat /srv/share/ikowalczyk/i.kowalczyk.json")
    assert out == "cat /srv/share/jankowal/jan.kowal.json"
    assert redactor.uncleared(out) == []
    kept = _redactor("Ingrid Kowalczyk", action="keep")
    assert kept.text("cat /srv/share/ikowalczyk/i.kowalczyk.json") == "cat /srv/share/ikowalczyk/i.kowalczyk.json"


@pytest.mark.parametrize(
    "text",
    [
        "oyelaran said the export is fine",  # prose in small letters: not a path
        "the oyelarans.json fixture",  # inside a longer word
        "ikowalczyk signed off",  # an account form outside a path
        "cat doe.js",  # `doe.j` of Jane Doe, inside `doe.js`
    ],
)
def test_a_path_form_outside_a_path_is_left(text: str) -> None:
    assert _redactor("Oyelaran", "Ingrid Kowalczyk", "Jane Doe").text(text) == text


@pytest.mark.parametrize("name", ["Hazel", "Bishop", "Will", "Grace", "Ubuntu", "Ana"])
def test_a_name_that_is_also_a_word_does_not_blank_its_folders(name: str) -> None:
    """A one-word given name that is an ordinary word (an English word, one of the given names that are words or
    products, an account every machine has) or shorter than four letters: its folders and files are not the
    person's."""
    folded = name.lower()
    text = f"cd ~/src/{folded}/ && cat {folded}.json && open https://{folded}.example.org/{folded}"
    assert _redactor(name).text(text) == text


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Hazel", []),
        ("Will", []),
        ("Ubuntu", []),
        ("Ana", []),
        ("Oyelaran", ["oyelaran"]),
        ("Jean-Luc", ["jean-luc"]),
        ("Ingrid Kowalczyk", ["ikowalczyk", "i.kowalczyk", "kowalczyk.i", "kowalczyk-ingrid"]),
    ],
)
def test_path_forms(name: str, forms: list[str]) -> None:
    """A one-word name in small letters, unless a word; a longer one as accounts make it, never a part alone (its
    joined forms are looked for anywhere already)."""
    found = path_forms(name)
    assert all(f in found for f in forms) if forms else found == []
    assert not {"ingrid", "kowalczyk", "ingrid-kowalczyk", "ingridkowalczyk"} & set(found)


@pytest.mark.parametrize(
    ("text", "start", "end", "expected"),
    [
        ("a/b/oyelaran.json", 4, 12, True),
        ("oyelaran.json", 0, 8, True),
        ("oyelaran.", 0, 8, False),  # a sentence's end
        ("oyelaran said", 0, 8, False),
        ("my.oyelaran-x.co.uk", 3, 11, True),
        ("xoyelaran/", 1, 9, False),
    ],
)
def test_in_a_path(text: str, start: int, end: int, expected: bool) -> None:
    assert in_a_path(text, start, end) is expected


# -- the author's redact list: a name's joined and account forms too ------------------------------------------


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("her notes: /srv/share/ikowalczyk/q4.md", ("ikowalczyk",)),
        ("open https://ingrid-kowalczyk.dev/cv", ("ingrid-kowalczyk",)),
        ("github.com/IngridKowalczyk/tools", ("ingridkowalczyk",)),
        ("the changelog credits ingrid kowalczyk", ("ingrid kowalczyk",)),
    ],
)
def test_an_authors_term_that_is_a_name_is_redacted_in_every_form(text: str, forms: tuple[str, ...]) -> None:
    redactor = _redactor(terms=(Term("Ingrid Kowalczyk", "a colleague", False),))
    out = redactor.text(text)
    for form in forms:
        assert form not in out.lower(), out
    assert "colleague" in out
    assert redactor.uncleared(out) == []


def test_an_authors_term_of_a_firm_is_joined_but_never_read_as_initials() -> None:
    redactor = _redactor(terms=(Term("Acme Grid", "a client", False),))
    assert redactor.text("https://acme-grid.io/x and acmegrid/") == "https://a-client.io/x and aclient/"
    assert redactor.text("ls agrid/") == "ls agrid/"  # not a person's name: no account form


# -- the whole path: a session shaped like the real one --------------------------------------------------------


@pytest.fixture
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def _write_session(folder: Path, word: str, domain: str | None, stem: str) -> Path:
    """A Windows session fixing a Playwright scraper of a supplier's invoice portal, as the blind one: `word` in
    prose where only a person's context stands around it, its domain (if any) in code and output, `stem` as the
    saved session's file."""
    user = "C:\\Users\\rhodri\\src\\bill-grabber"
    tx = Transcript(cwd=user)
    tx.user(
        f"PS {user}> npm run fetch -- --month 2025-12\n\n> tsx src/fetch.ts --month 2025-12\n\n"
        f"[09:02:11] using storage state .auth\\{stem}.json\n[09:02:44] ERROR locator.waitFor: Timeout 30000ms"
    )
    base = f"https://my.{domain}" if domain else "https://portal.example.net"
    tx.tool_call(
        "Read",
        {"file_path": f"{user}\\src\\portal.ts"},
        f'1\u2192import {{ Page }} from "@playwright/test";\n2\u2192const BASE = "{base}";\n',
    )
    docs = f"https://docs.{domain}/embed/invoices" if domain else "https://embed.example.net/invoices"
    tx.tool_call(
        "Bash",
        {"command": "npx tsx scripts/probe-frames.ts", "description": "List frames"},
        f"main  name=- links=0 {base}/billing/invoices\nframe name=invoiceFrame links=0 {docs}",
    )
    tx.assistant(
        f"This is the real problem, and it's not a selector problem. Inside the iframe {word} shows a "
        '**"Confirm it\'s you"** device check and wants a 6-digit code.\n\n'
        f"What happened: `.auth\\{stem}.json` only holds cookies for the main origin. Options:\n"
        "  1. A headed login once, saved to a new file.\n"
        f"  2. **Ask {word}** whether business accounts can get invoices by email instead."
    )
    tx.tool_call(
        "Bash",
        {"command": f"rm -f .auth/{stem}.json && npx tsx src/login.ts --headed --save .auth/{stem}-2026-01.json"},
        "The user doesn't want to proceed with this tool use.",
        is_error=True,
    )
    tx.user("ok, leave the iframe change in but don't commit anything yet")
    tx.assistant(f"Will do. Nothing is committed; `.auth\\{stem}.json` is untouched.")
    return tx.write(folder / "claude" / "projects" / "C--Users-rhodri-src-bill-grabber" / f"{tx.session_id}.jsonl")


_LOCAL = {"events.json", "manifest.json"}  # the session as it was, and the parse's record of it (local)


def _files_holding(folder: Path, needle: str) -> list[str]:
    return [
        str(p)
        for p in folder.rglob("*")
        if p.is_file() and p.name not in _LOCAL and needle.lower().encode() in p.read_bytes().lower()
    ]


def _prompts(work: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run", "--force"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run", "--force"))
    prompts = sorted((work / "llm" / "dry-run").glob("*.prompt.md"))
    assert prompts
    return "\n".join(p.read_text(encoding="utf-8") for p in prompts)


@pytest.mark.e2e
@pytest.mark.usefixtures("_isolated")
def test_the_supplier_is_not_a_person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = _write_session(tmp_path, "Brightmere", "brightmere-power.co.uk", "brightmere")
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    assert "person-name-" not in (work / "triage.yaml").read_text(encoding="utf-8")
    cleared = (work / "cleared-view.json").read_text(encoding="utf-8")
    assert "Inside the iframe Brightmere shows" in cleared
    assert "**Ask Brightmere** whether" in cleared
    assert PLACEHOLDER not in cleared
    prompts = _prompts(work, monkeypatch)
    assert "Ask Brightmere" in prompts  # the guard does not stop on it either


@pytest.mark.e2e
@pytest.mark.usefixtures("_isolated")
@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Oyelaran", ("oyelaran",)),  # a given name the gazetteer lacks, told by `Ask …`
        ("Ingunn", ("ingunn",)),  # one it knows
        ("Ingunn Solberg", ("ingunn-solberg", "isolberg", "ingunnsolberg")),
    ],
)
def test_a_persons_name_is_redacted_in_the_hosts_and_files_named_after_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, forms: tuple[str, ...]
) -> None:
    """The same session with a person where the supplier stood (nothing speaks against a person): still flagged,
    and the files, folders and hosts named after them leave in no form (cleared view, prompts, post)."""
    folded = name.lower().replace(" ", "-")
    stem = {"ingunn solberg": "isolberg"}.get(name.lower(), folded.split("-")[0])
    session = _write_session(tmp_path, name, f"{folded}.github.io", stem)
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    assert "person-name-" in (work / "triage.yaml").read_text(encoding="utf-8")
    cleared = (work / "cleared-view.json").read_text(encoding="utf-8")
    assert f"Inside the iframe {PLACEHOLDER} shows" in cleared
    assert f"**Ask {PLACEHOLDER}** whether" in cleared
    assert f".auth\\\\{PLACEHOLDER}.json" in cleared
    prompts = _prompts(work, monkeypatch)
    assert PLACEHOLDER in prompts
    ok(retell("render", work, "--force"))
    assert list((work / "post").rglob("index.md"))
    for form in (name, *forms):
        assert form.lower() not in prompts.lower(), form
        assert _files_holding(work, form) == [], form
