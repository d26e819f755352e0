"""Issue 22, round two: what people really type, found by its category rather than by a benchmark's strings.

National phone numbers with no word saying they are one (libphonenumber's matcher, leniency VALID, over the
regions authors write from, the machine's own region first), and the numbers that only look like them;
passwords told beside their user or after a password word, and tools' own password arguments; people's
names in bare `Author:` lines, AUTHORS files, `git config --list`, `©` lines and a sentence that says a
commit goes under them; a Write or an Edit kept as a diff is read as the file it shows (a key's body, an
AUTHORS list); and a Windows session whose tools reach into `C:\\Users\\<name>\\.<folder>` publishes.
Every value here is invented for this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def flagged(scanner: Scanner, text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


def covered(scanner: Scanner, text: str, value: str) -> bool:
    start = text.index(value)
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    return all(any(a <= i < b for a, b in spans) for i in range(start, start + len(value)))


# -- phone numbers in national formats ------------------------------------------------------------------

NATIONAL = [
    ("if the build breaks ring 020 7946 0321 (the office)", "020 7946 0321"),  # GB
    ("on-call: 07700 912345", "07700 912345"),  # GB mobile
    ("Kontakt bei Problemen: 0151 27384950", "0151 27384950"),  # DE mobile
    ("Büro 089 / 21 73 84 95", "089 / 21 73 84 95"),  # DE, written with a slash
    ("appelle-moi au 06 23 45 67 89 ce soir", "06 23 45 67 89"),  # FR
    ("bel me op 06-28374651 als het misgaat", "06-28374651"),  # NL
    ("ring mig på 070-283 74 65", "070-283 74 65"),  # SE
    ("WhatsApp me at 98123 45678", "98123 45678"),  # IN
    ("meu celular é (21) 98273-6451", "(21) 98273-6451"),  # BR
    ("会社の番号 03-5678-1234 に", "03-5678-1234"),  # JP
    ("打 139 2837 4651 找我", "139 2837 4651"),  # CN
    ("gọi 0983 746 512 nhé", "0983 746 512"),  # VN
    ("call 0423 876 519 tomorrow", "0423 876 519"),  # AU
    ("name,phone\nLena,0170 2938475\n", "0170 2938475"),  # a CSV row
    ("| 4 | Jürgen | 0171 2837465 |", "0171 2837465"),  # a table row
    ("0044 20 7946 0321 from abroad", "0044 20 7946 0321"),  # an international call prefix
]


@pytest.mark.parametrize(("text", "number"), NATIONAL)
def test_a_national_phone_number_is_found_without_a_word_for_it(scanner: Scanner, text: str, number: str) -> None:
    assert ("phone-number", number) in flagged(scanner, text), flagged(scanner, text)


NOT_PHONES = [
    "Content-Length: 4158372",
    "2026-05-03 02:03:42,118 INFO backup: done in 207.4s",
    "Test with card 4000 0025 0000 3155",
    "IBAN DE89 3704 0044 0532 0130 00",
    "1024 2048 4096 8192",
    "build 0412 345 678 passed",
    "order 0612 345 678 shipped",
    "Ran 1024 tests in 2048 ms",
    "Processed 120 447 893 rows",
    "   1234  5678  9012 root",
    "PID USER\n 4242 1234 5678 9012 root",
    "timestamp 1725956116 exp 1730640110",
    "ISBN 978-3-16-148410-0",
    "version 10.0.19045.3803",
    "03/05/2026 10:22",
    "listening on 0.0.0.0:8080, pid 48213",
    "12 345 678 Kč",
    "<input type='tel' placeholder='(555) 555-5555'>",
]


@pytest.mark.parametrize("text", NOT_PHONES)
def test_numbers_that_only_look_like_phone_numbers_are_left_alone(scanner: Scanner, text: str) -> None:
    assert [k for k, _ in flagged(scanner, text) if k == "phone-number"] == []


def test_the_authors_own_region_is_tried_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Polish mobile written as Poles write it is valid in none of the usual regions: with a Polish locale
    it is found."""
    text = "zadzwoń 574 833 788 jak coś"
    for name in ("LC_ALL", "LC_TELEPHONE", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert [k for k, _ in flagged(Scanner(), text)] == []
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert flagged(Scanner(), text) == [("phone-number", "574 833 788")]


# -- passwords with no key word right before them ------------------------------------------------------

PASSWORDS = [
    ("ssh in as deploy / Hunter2027! and restart it", "Hunter2027!"),
    ("the staging grafana creds are admin:Winter2029", "Winter2029"),
    ("credentials: root / Toor2026", "Toor2026"),
    ("username admin, pw Bananas77!", "Bananas77!"),
    ("el usuario es admin y la clave Gato2026", "Gato2026"),
    ("Benutzer admin, Kennwort Sonne2026!", "Sonne2026!"),
    ("echo 'deploy:Deploy2026!' | sudo chpasswd", "Deploy2026!"),
    ("mysqladmin -u root password Mysql2026x", "Mysql2026x"),
    ("ldapsearch -x -D cn=admin,dc=acme,dc=io -w Ldap2026!", "Ldap2026!"),
    ("lftp -u deploy,Ftp2026pass ftp.acme.io", "Ftp2026pass"),
    ("sqlcmd -S localhost -U sa -P Sqlserver2026!", "Sqlserver2026!"),
    ("$pw = ConvertTo-SecureString 'Windows2026!' -AsPlainText -Force", "Windows2026!"),
    ("mosquitto_pub -h broker -u iot -P Mqtt2026pw -t x -m y", "Mqtt2026pw"),
    ("nmcli dev wifi connect HomeNet password Moonlight2026", "Moonlight2026"),
    ("sqlplus system/Oracle2026x@//localhost:1521/XE", "Oracle2026x"),
    ("oc login -u kubeadmin -p Openshift2026 https://api.crc.testing:6443", "Openshift2026"),
]


@pytest.mark.parametrize(("text", "password"), PASSWORDS)
def test_a_password_told_beside_its_user_or_a_tool_is_found(scanner: Scanner, text: str, password: str) -> None:
    assert covered(scanner, text, password), flagged(scanner, text)


NOT_PASSWORDS = [
    "image: postgres:16-alpine",
    "FROM node:20.11-slim",
    "kubectl get clusterrolebinding system:masters",
    "src / main / Main2.java",
    "node / Node20 upgrade",
    "admin / admin",
    "the admin / Admin panel",
    "password VARCHAR(255) NOT NULL",
    "password: str = Field(min_length=8)",
    "Tests pass: 42/42",
    "all tests pass Test2026 included",
    "echo $PASSWORD | sudo -S reboot",
    "echo 'deploy:$NEWPASS' | sudo chpasswd",
    'ldapsearch -x -w "$LDAP_PW" -b dc=acme',
]


@pytest.mark.parametrize("text", NOT_PASSWORDS)
def test_what_only_sits_where_a_password_could_is_left_alone(scanner: Scanner, text: str) -> None:
    assert flagged(scanner, text) == []


# -- people's names ---------------------------------------------------------------------------------------

NAMES = [
    ("Author: Lars Eriksson", "Lars Eriksson"),
    ("# Maintainer: Ivan Petrov", "Ivan Petrov"),
    ("Author: Sam O'Neil", "Sam O'Neil"),
    ('__author__ = "Paolo Rossi"', "Paolo Rossi"),
    ("AUTHORS\n=======\nLinus Svensson\nAmira Haddad\n", "Amira Haddad"),
    ("# Contributors\n\nLinus Svensson\nAmira Haddad <amira@acme.io>\n", "Linus Svensson"),
    ("$ git config --list\nuser.name=Chloé Dubois\nuser.email=c@acme.io", "Chloé Dubois"),
    ("© 2026 Hana Novotná", "Hana Novotná"),
    ("SPDX-FileCopyrightText: 2026 Rahul Sharma <rahul@acme.io>", "Rahul Sharma"),
    ("commit it as Tomasz Wójcik, that's my git name at work", "Tomasz Wójcik"),
]


@pytest.mark.parametrize(("text", "name"), NAMES)
def test_a_name_written_as_a_name_is_found(scanner: Scanner, text: str, name: str) -> None:
    assert ("person-name", name) in flagged(scanner, text), flagged(scanner, text)


NOT_NAMES = [
    "Author: Claude",
    "Author: Your Name",
    "Author: Platform Team",
    "## Contributors\n\nPull Requests Welcome\n",
    "## Authors\n\nSee the CONTRIBUTORS file.\n",
    "© 2026 Acme Inc.",
    "SPDX-FileCopyrightText: 2026 The Kubernetes Authors",
    "committed as Work In Progress",
]


@pytest.mark.parametrize("text", NOT_NAMES)
def test_what_is_no_persons_name_is_left_alone(scanner: Scanner, text: str) -> None:
    assert flagged(scanner, text) == []


# -- end to end: what the session wrote, told as a diff -------------------------------------------------


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def everything_shown(tx: Transcript, tmp_path: Path, folder: str = "-srv-demo") -> tuple[Path, str]:
    """`retell run --yes --engine offline` and the anthropic dry runs; the post and every prompt, joined."""
    session = tx.write(tmp_path / "claude" / "projects" / folder / f"{tx.session_id}.jsonl")
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run"))
    texts = [p.read_text(encoding="utf-8") for p in [*(work / "post").rglob("*.md"), *work.rglob("*.prompt.md")]]
    return work, "\n".join(texts)


BODY = [
    "MIIEowIBAAKCAQEAzq7Rk2Lw9XbV1cS3yT8uJmQ0pF4eH6dN5aG2iK7oL1rY3sW",
    "Xv8bN2mQ4tZ9cR6pL1kH5jD3fG7aS0wE2yU4iO6pA8sD1fG3hJ5kL7zX9cV2bN",
    "Qm4wE6rT8yU0iP2aS4dF6gH8jK0lZ2xC4vB6nM8qW0eR2tY4uI6oP8aS0dF2gH",
]


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated")
def test_a_key_and_an_authors_list_in_a_written_file_are_redacted_whole(tmp_path: Path) -> None:
    """A Write is kept as its first lines, each behind a `+`: a key's body indented in YAML and a list under
    `## Authors` were only recognisable in the file's own lines (main redacted the key's first line and
    showed the rest, and the names whole, in the outline material and the dry-run prompts)."""
    key = "\n".join(f"    {line}" for line in BODY)
    yaml = f"tls:\n  key: |\n    -----BEGIN RSA PRIVATE KEY-----\n{key}\n    -----END RSA PRIVATE KEY-----\n"
    authors = "# Shop\n\n## Authors\n\n- Oskar Lindgren (@olind)\n- Malin Ek\n"
    tx = Transcript()
    tx.user("Add the TLS key to the chart and credit the team in the README.")
    tx.tool_call("Write", {"file_path": "/srv/demo/chart/values.yaml", "content": yaml}, "File created")
    tx.tool_call("Write", {"file_path": "/srv/demo/README.md", "content": authors}, "File created")
    tx.assistant("Both files are written; the chart picks the key up on the next deploy.")
    tx.user("Thanks.")
    tx.assistant("Done.")
    _work, shown = everything_shown(tx, tmp_path)
    for value in (*BODY, *(line[i : i + 12] for line in BODY for i in (0, 24, 48)), "Oskar Lindgren", "Malin Ek"):
        assert value not in shown


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated")
def test_a_phone_number_and_a_password_told_without_a_key_word_never_leave(tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("if the deploy breaks tonight I'm on 0151 27384950; ssh in as ops.lead / Bergamot2026! to look")
    tx.assistant("Noted. I'll deploy and watch the health check.")
    tx.tool_call("Bash", {"command": "./deploy.sh"}, "deployed")
    tx.user("Thanks.")
    tx.assistant("Done.")
    _work, shown = everything_shown(tx, tmp_path)
    for value in ("0151 27384950", "27384950", "Bergamot2026!", "Bergamot"):
        assert value not in shown
    assert "[REDACTED:phone-number]" in shown


# -- a Windows session whose tools reach into the home folder's dot folders ------------------------------


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated")
@pytest.mark.parametrize("account", ["Administrator", "ADMINI~1", "Jane Doe", "john.smith"])
def test_a_windows_session_reaching_into_dot_folders_publishes(tmp_path: Path, account: str) -> None:
    """Issue 24: tool targets such as `C:\\Users\\<name>\\.claude\\settings.json` (Read, Glob, Grep, Edit, a
    shell command) and the same path in a code span of the author's message: the post is published, a
    personal account's folder is `~`, and a shared account's (its 8.3 short name too) is left as written."""
    home = f"C:\\Users\\{account}"
    tx = Transcript(cwd=f"{home}\\work\\shop")
    tx.user(f"Check the hook in `{home}\\.claude\\settings.json` and the host list in {home}\\.ssh\\config.")
    tx.tool_call("Read", {"file_path": f"{home}\\.claude\\settings.json"}, '{"hooks": {}}')
    tx.tool_call("Glob", {"pattern": "**/*.json", "path": f"{home}\\.claude"}, f"{home}\\.claude\\settings.json")
    tx.tool_call("Grep", {"pattern": "Host", "path": f"{home}\\.ssh"}, "config")
    tx.tool_call("Bash", {"command": f"type {home}\\.config\\app.ini"}, "[app]")
    tx.tool_call("Edit", {"file_path": f"{home}\\.claude\\settings.json", "old_string": "{}", "new_string": "[]"}, "ok")
    tx.assistant(f"I fixed the hook in `{home}\\.claude\\settings.json`; it runs now.")
    tx.user("Thanks, that works.")
    tx.assistant("Done.")
    work, shown = everything_shown(tx, tmp_path, folder="C--Users-x-work-shop")
    (post,) = (work / "post").rglob("index.md")
    text = post.read_text(encoding="utf-8")
    assert ".claude" in text and "[REDACTED" not in text
    if account in ("Administrator", "ADMINI~1"):
        assert f"C:\\Users\\{account}\\.claude" in text
    else:
        assert account not in shown and account.split()[-1] not in shown


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated")
def test_a_webhook_in_the_first_request_leaves_no_part_of_it_in_the_title(tmp_path: Path) -> None:
    """The default title names a URL by its site; a webhook's site is a part of the credential (main titled
    the post "Post the alerts to discord.com", in the post, its slug and every prompt)."""
    token = "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7vW9x"
    url = f"https://discord.com/api/webhooks/123456789012345678/{token}"
    tx = Transcript()
    tx.user(f"post the deploy alerts to {url} from now on")
    tx.assistant("I added a notify step that posts to it after each deploy.")
    tx.user("Thanks.")
    tx.assistant("Done.")
    _work, shown = everything_shown(tx, tmp_path)
    assert "discord.com" not in shown and "discord-com" not in shown and token[:12] not in shown
    assert "title: Post the deploy alerts to a webhook" in shown
