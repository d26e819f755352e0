"""Issue 22, round twenty-one: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes and languages, BEFORE the rules were changed (the count on the parent is in
bench/README.md, "Round twenty-one").

- a person's name the gazetteer lacks, where the record's own field says it is a person's: a role's key in YAML,
  JSON or INI (`primary:` under `oncall:`, `"assignee":`, `reviewer =`), an INSERT's name column, a fixed-width
  table's role column, a CODEOWNERS line's comment after its owners' handles; and "Family, Given" in such a field.
  Their look-alikes are teams, regions and products in the same fields (`owner: Platform Team`);
- a name in a script without capitals (Thai, Bengali, Hebrew, Devanagari, Arabic) where one of its words is a name
  the gazetteer knows and what is said around it is said of a person (`… บอกว่า`, `… ने कहा`, `ask …`, `thanks …`);
- a family name first, then given names the gazetteer lacks, left to a person to do something (`for Phạm Thu Trang
  to review`);
- a password told in a language the rules did not list (Swahili `nenosiri`, Serbo-Croatian `lozinka`, Slovenian
  `geslo`, Romanian `parola … este`, Bengali `পাসওয়ার্ড`);
- false positives: a password manager named where a password is kept (`im 1Password-Tresor`, `in Bitwarden`), and a
  webhook's documented sample whose parts are runs (`…/catch/123456/abcdef/`).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags
from scan_support import names as _names

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- 1. a name in a field that says it is a person's ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("rotation:\n  primary: Tavita Faleolo\n  secondary: Ruslan Zhaksybekov\n", "Tavita Faleolo"),
        ("rotation:\n  primary: Tavita Faleolo\n  secondary: Ruslan Zhaksybekov\n", "Ruslan Zhaksybekov"),
        ('{"id": 4411, "status": "open", "assignee": "Solomone Taufa"}', "Solomone Taufa"),
        ("[review]\nreviewer = Yerlan Abenov\nrequired = 2\n", "Yerlan Abenov"),
        ("  on_call: Tahmina Begum Sarker\n  since: 2025-03-01\n", "Tahmina Begum Sarker"),
        ('{"owner": "Faleolo, Tavita", "repo": "billing"}', "Faleolo, Tavita"),
        ("assignee: ZHAKSYBEKOV Ruslan\npriority: high\n", "ZHAKSYBEKOV Ruslan"),
        ('{"full_name": "Bagheri Nejad, Kaveh", "dept": "infra"}', "Bagheri Nejad, Kaveh"),
        (
            "INSERT INTO staff (id, full_name, team) VALUES (31, 'Kaveh Bagheri Nejad', 'infra');",
            "Kaveh Bagheri Nejad",
        ),
        (
            "insert into tickets (id, title, assignee) values\n  (8, 'Fix CSV export', 'Solomone Taufa');",
            "Solomone Taufa",
        ),
        (
            "ID      TITLE                        OWNER\nOPS-17  Rotate staging certs         Tavita Faleolo Ioane\n",
            "Tavita Faleolo Ioane",
        ),
        (
            "ID      SUMMARY                 ASSIGNEE\nAB-12   Retry the export        Rose Villanueva Ortiz\n",
            "Rose Villanueva Ortiz",
        ),
        ("/infra/terraform/   @northwind/infra   # Yerlan Abenov\n", "Yerlan Abenov"),
        ("*.sql  @northwind/data @kbagheri  # Kaveh Bagheri Nejad\n", "Kaveh Bagheri Nejad"),
    ],
)
def test_a_name_in_a_persons_field_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "rotation:\n  primary: East Region\n  secondary: West Region\n",
        "owner: Platform Team\ncontact: Customer Support\n",
        '{"id": 4411, "status": "open", "assignee": "Unassigned"}',
        '{"reviewer": "Code Owners", "required": 2}',
        "[review]\nreviewer = Release Manager\n",
        "INSERT INTO teams (id, owner, region) VALUES (2, 'Data Platform', 'eu');",
        "ID      TITLE                        OWNER\nOPS-17  Rotate staging certs         Site Reliability\n",
        "/docs/   @northwind/docs   # Docs Guild\n",
        "/web/  @northwind/web  # Frontend Platform Team\n",
        "backup: Nightly Snapshot\nprimary: Blue Green\n",
        '{"owner": "Support, Customer", "name": "Lagos, Nigeria"}',
        '{"contact_name": "Doe, John"}',
        "owner: AWS Account\nassignee: TBD Later\n",
    ],
)
def test_a_team_or_a_thing_in_a_persons_field_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- 2. a name in a script without capitals, said of a person ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ศรีสวัสดิ์ มณีวงศ์ บอกว่าระบบล่มตอนเช้า", "ศรีสวัสดิ์ มณีวงศ์"),
        ("ask ศรีสวัสดิ์ มณีวงศ์ about the backup job", "ศรีสวัสดิ์ มณีวงศ์"),
        ("thanks রফিক উদ্দিন for the logs", "রফিক উদ্দিন"),
        ("נועה אבוטבול אמרה שהשרת נפל, cc נועה אבוטבול on the fix", "נועה אבוטבול"),
        ("राजेश तिवारीजी ने कहा कि deploy कल होगा", "राजेश तिवारीजी"),
    ],
)
def test_a_name_in_an_uncased_script_said_of_a_person_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "เอกสาร ทางการ บอกว่าต้องรีสตาร์ท",
        "thanks সার্ভার লগ for nothing",
        "הודעת שגיאה אמרה שהשרת נפל",
    ],
)
def test_words_in_an_uncased_script_said_of_a_thing_stay_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- 3. a family name first, then given names the gazetteer lacks, left to a person -----------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'll leave the schema change for Trần Khánh Linh to review once CI is green.", "Trần Khánh Linh"),
        ("Leaving this one for Đặng Quỳnh Như to merge tomorrow.", "Đặng Quỳnh Như"),
    ],
)
def test_a_name_left_to_a_person_to_do_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'll leave the schema change for Code Review to pick up.",
        "Leaving this for Release Please to merge tomorrow.",
    ],
)
def test_a_tool_left_to_do_something_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- 4. a password told in more languages ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("nenosiri la router ya ofisini ni Twiga#2024 usiweke kwenye repo", "Twiga#2024"),
        ("lozinka za staging server je Vuk!2024, nemoj je commitati", "Vuk!2024"),
        ("geslo za testno bazo je Medved55! — ne deli ga", "Medved55!"),
        ("parola pentru routerul din birou este Castel77! te rog nu o pune in git", "Castel77!"),
        ("ওয়াইফাইয়ের পাসওয়ার্ড হলো Padma2024! কাউকে দিও না", "Padma2024!"),
    ],
)
def test_a_password_told_in_more_languages_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "nenosiri lazima liwe na herufi 12 au zaidi",
        "lozinka mora imati najmanje 12 znakova",
        "geslo mora imeti vsaj 12 znakov",
    ],
)
def test_a_password_rule_in_more_languages_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 5. false positives: where a password is kept, and a webhook's documented sample -------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ich hab das Passwort im Bitwarden-Tresor 'Prod' abgelegt",
        "the password is in 1Password, vault 'Infra'",
        "la contraseña está en LastPass-Vault, pídesela a ops",
        "hasło jest w KeePassXC-Baza na dysku zespołu",
        "le mot de passe est dans 1Password-Coffre « Staging »",
    ],
)
def test_a_password_manager_where_the_password_is_kept_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("das Passwort ist Bitwarden2024! (ja, wirklich)", "Bitwarden2024!"),
        ("the password is 1Password#77, don't laugh", "1Password#77"),
    ],
)
def test_a_password_made_of_a_managers_name_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "curl -X POST https://hooks.zapier.com/hooks/catch/123456/abcdef/ -d '{}'",
        "ZAPIER_HOOK=https://hooks.zapier.com/hooks/catch/000000/xxxxxx/",
        "e.g. https://hooks.zapier.com/hooks/catch/12345678/abc123/",
    ],
)
def test_a_webhooks_documented_sample_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "curl -X POST https://hooks.zapier.com/hooks/catch/9183746/3kq8zx2/ -d '{}'",
        "ZAPIER_HOOK=https://hooks.zapier.com/hooks/catch/123456/b7pq2mx/",
    ],
)
def test_a_real_zapier_hook_is_found(scanner: Scanner, text: str) -> None:
    assert any(kind == "webhook-url" for kind, _ in _flags(scanner, text)), _flags(scanner, text)


# -- 6. a known value recurring without its part in parentheses (a title drops it) ----------------------------


@pytest.mark.parametrize(
    ("value", "text", "rest"),
    [
        ("(201) 555-7131", "Cell 555-7131 — call me if the job fails", "555-7131"),
        ("+1 (646) 555-0193", "title: Call +1 555-0193 after the deploy", "+1 555-0193"),
        ("+44 (0)20 7946 0958", "# Ring +44 20 7946 0958 for the on-call", "+44 20 7946 0958"),
    ],
)
def test_a_known_value_recurring_without_its_parentheses(value: str, text: str, rest: str) -> None:
    """A title made from the message drops what is in parentheses (`cell (201) 555-7131 …` became the title `Cell
    555-7131 …`): the rest is still the value."""
    from retell.redact import Redactor

    redactor = Redactor("s", {}, Scanner(), {value: ("phone-number", "pii")})
    cleared = redactor.text(text)
    assert rest not in cleared, cleared


# -- 7. (written after the dev15 fixes, before their own) more of the brief's classes ------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tel: +1 415 555 0132 x204", "+1 415 555 0132 x204"),
        ("call me at (312) 555-0199 ext. 45 after lunch", "(312) 555-0199 ext. 45"),
        ("телефон: +7 495 123-45-67 доб. 312", "+7 495 123-45-67 доб. 312"),
        ("Telefon: +49 30 901820-0, Durchwahl 417", "+49 30 901820-0, Durchwahl 417"),
        ("Tél : +33 1 42 68 53 00 poste 2214", "+33 1 42 68 53 00 poste 2214"),
    ],
)
def test_a_phone_number_with_its_extension_is_found_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("admin:$apr1$x8Jk2Lm9$Qw3eR5tY7uI9oP1aS3dF5/", "$apr1$x8Jk2Lm9$Qw3eR5tY7uI9oP1aS3dF5/"),
        (
            "deploy:$2y$05$Lk8vQ2mN4pR6tX1zB3dF5uQw3eR5tY7uI9oP1aS3dF5gH7jK9lZ1x\n",
            "$2y$05$Lk8vQ2mN4pR6tX1zB3dF5uQw3eR5tY7uI9oP1aS3dF5gH7jK9lZ1x",
        ),
        ("ci:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=", "{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g="),
    ],
)
def test_an_htpasswd_line_s_hash_is_found_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "export PATH=user:$HOME/bin",
        "root:x:0:0:root:/root:/bin/bash",
        "nobody:*:19000:0:99999:7:::",
    ],
)
def test_a_passwd_line_without_a_hash_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("รหัสผ่านไวไฟคือ Chang2024!", "Chang2024!"),
        ("รหัสผ่านเซิร์ฟเวอร์ทดสอบคือ Somtam#88 นะ", "Somtam#88"),
    ],
)
def test_a_thai_password_after_its_glued_noun_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


def test_a_thai_password_rule_stays_clean(scanner: Scanner) -> None:
    assert _flags(scanner, "รหัสผ่านต้องมีอย่างน้อย 12 ตัว") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("@tavita.faleolo can you look at the flaky test?", "tavita.faleolo"),
        ("ask @kaveh_bagheri about the migration", "kaveh_bagheri"),
        ("thanks @yerlan.abenov!", "yerlan.abenov"),
        ("cc @solomone_taufa", "solomone_taufa"),
    ],
)
def test_a_handle_made_of_a_persons_names_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "ask @release_bot to tag it",
        "cc @platform_team",
        "thanks @github_actions for nothing",
        "@types/node can you believe it",
        "ping @on_call about the alert",
    ],
)
def test_a_handle_of_a_bot_or_a_team_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("- name: Tavita Faleolo\n  slack: '@tavita'\n  department: Payments\n", "Tavita Faleolo"),
        ('{"name": "Kaveh Bagheri Nejad", "job_title": "SRE", "manager": "Ruslan"}', "Kaveh Bagheri Nejad"),
    ],
)
def test_a_records_name_beside_a_persons_fields_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "- name: Data Lake\n  department: Analytics\n",
        '{"name": "Night Shift", "manager": "ops"}',
    ],
)
def test_a_records_name_that_is_a_things_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- 8. (dev14's class, written before its rule) a Chinese name between `跟`/`和`/`找` and a verb of talk ------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("跟李思琪确认一下部署时间", "李思琪"),
        ("我找刘俊熙讨论一下这个接口", "刘俊熙"),
        ("已经和陈雨桐沟通过了，下周上线", "陈雨桐"),
    ],
)
def test_a_chinese_name_spoken_with_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "跟高可用方案确认一下",
        "和方案确认。",
        "跟张贴的文档确认一下",
        "找周末的时间讨论一下",
    ],
)
def test_words_spoken_with_in_chinese_stay_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- 9. (probed, written before its rule) a phone after the short labels of more languages ----------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("тел.: 8 (912) 345-67-89", "8 (912) 345-67-89"),
        ("моб. 8 912 345-67-89, звоните после 18:00", "8 912 345-67-89"),
    ],
)
def test_a_phone_after_a_short_label_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize("text", ["тел. модуль v2 сборка 8 (912) шагов", "моб. версия 1.2.3 вышла"])
def test_a_short_label_without_a_number_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []
