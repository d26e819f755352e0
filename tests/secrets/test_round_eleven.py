"""Issue 22, round eleven: the classes round ten noticed and left, with sentences written here (none a set's).

- a West African given name the gazetteer lacks, before a family name it knows, with no cue (`Oluwaseun
  Adeyemi fixed…`): told by its open syllables, the structure such names are made of;
- a Chinese name of two characters with no title before it (`是张伟写的`), where both sides say it is a person's;
- a name written family name first in three words whose last is a word too (`Nguyen Van An`);
- a wallet's recovery phrase written numbered or one word a line;
- a private key's base64 glued to other base64 on its line;
- a bare key of a key's length (hex or base64), named by the word before it (`the AES key is …`).
"""

from __future__ import annotations

import base64

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Oluwaseun Adeyemi fixed the flaky upload test yesterday", "Oluwaseun Adeyemi"),
        ("the retry logic came from Oluwaseun Adeyemi last spring", "Oluwaseun Adeyemi"),
        ("I owe Chidinma Okonkwo a coffee for this one", "Chidinma Okonkwo"),
        ("Temitope Balogun rewrote the importer in March", "Temitope Balogun"),
        ("the release notes credit Babatunde Olawale and the QA team", "Babatunde Olawale"),
        ("Ikechukwu Nwosu and I paired on the cache eviction", "Ikechukwu Nwosu"),
    ],
)
def test_a_west_african_given_name_is_told_by_its_syllables(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("这个接口是张伟写的，我不太熟", "张伟"),
        ("部署脚本的问题跟王芳确认一下", "王芳"),
        ("李娜说这个字段要改成可选", "李娜"),
        ("这个bug是刘洋发现的", "刘洋"),
    ],
)
def test_a_two_character_chinese_name_is_found_between_what_says_it_is_a_person(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the migration was reviewed by Nguyen Van An last week", "Nguyen Van An"),
        ("Nguyen Van An approved the rollout plan", "Nguyen Van An"),
    ],
)
def test_a_family_first_name_whose_last_word_is_a_word(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


_WORDS = ["abandon", "ability", "able", "about", "above", "absent"]
_WORDS += ["absorb", "abstract", "absurd", "abuse", "access", "accident"]


@pytest.mark.parametrize(
    "text",
    [
        "my backup words:\n" + " ".join(f"{i}. {w}" for i, w in enumerate(_WORDS, 1)),
        "".join(f"{i}) {w}\n" for i, w in enumerate(_WORDS, 1)),
        "written on the card:\n" + "\n".join(_WORDS) + "\n",
    ],
)
def test_a_recovery_phrase_numbered_or_one_word_a_line_is_flagged_whole(scanner: Scanner, text: str) -> None:
    start = text.index("1") if text.lstrip().startswith("1") or "1." in text else text.index(_WORDS[0])
    value = text[start : text.rindex(_WORDS[-1]) + len(_WORDS[-1])]
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "Steps: 1. clone 2. build 3. test 4. ship 5. wait 6. check 7. fix 8. push 9. merge 10. tag 11. release 12. go",
        "1. open the file 2. read it 3. close it",
        "3. apple 1. banana 2. cherry 7. orange 4. lemon 9. melon 5. grape 6. peach 8. mango 10. olive 12. wine",
    ],
)
def test_a_numbered_list_of_steps_is_no_phrase(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "private-key"], text


# a SEC1 EC private key (P-256, made with openssl for this test; no use anywhere)
_EC_KEY = (
    "MHcCAQEEIGW14lhktVvvCi/IjLkRoe/CNtkkErk/7ZXaNqlMwRwtoAoGCCqGSM49AwEHoUQDQgAEo+8x2CIbXDPmJ0Q3xH7VYvOwCfk6"
    "Yk3JFwT2U0d8X3GqkK8eY8xqXsS9lB9gq1Wb7nsC8yJ1S6H2pZ3m0x4f5w=="
)


@pytest.mark.parametrize(
    "text",
    [
        f"blob: Zm9vYmFyYmF6{_EC_KEY}",
        f"TLS_BUNDLE={base64.b64encode(bytes(range(7, 55))).decode()}{_EC_KEY}",
    ],
)
def test_a_der_key_glued_to_other_base64_is_flagged(scanner: Scanner, text: str) -> None:
    assert flagged_whole(scanner, text, _EC_KEY), text


_HEX16 = "9f4c2a7be1d03586c4fa17e20b9d6c3a"
_B64_32 = "q9Zx3vL0Tn+Y8kWcR2pHf7sJd4aUe1bMg6oXiQ5yNhA="


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"the AES key is {_HEX16}", _HEX16),
        (f"signing key {_HEX16}", _HEX16),
        (f"encryption key -> {_B64_32} (rotate quarterly)", _B64_32),
        (f"der Schlüssel ist {_B64_32}", _B64_32),
        (f"密钥是 {_HEX16}", _HEX16),
    ],
)
def test_a_bare_key_named_by_its_word_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        f"the cache key is {_HEX16}",
        f"request id {_HEX16}",
        f"the public signing key fingerprint is {_HEX16}",
        "encryption key sha1 9f4c2a7be1d03586c4fa17e20b9d6c3a9f4c2a7b",
        "the signing key lives in vault under prod/signing-key-2024",
        "这个是文明的做法，白天写的代码晚上测",
        "Kubernetes Deployment rolled out; Toronto office is closed",
        "**Position Field:**\nThe position value equals the number of lines",
        "Generate Miller indices, then Validate Field names",
    ],
)
def test_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), [text[f.start : f.end] for f in scanner.scan(text)]


# -- dev8's misses, by class (sentences written here, none the set's) ------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Passwort vom Testserver habe ich auf Kranich!2027 geändert", "Kranich!2027"),
        ("het wachtwoord van de NAS heb ik op Tulpen#88 gezet", "Tulpen#88"),
        ("ステージングのパスワードを Momiji#2029 に変更しました", "Momiji#2029"),
        ("测试库的密码改成 Lan#2030qa 了", "Lan#2030qa"),
        ("j'ai changé le mot de passe du NAS en Lavande#2031 hier", "Lavande#2031"),
        ("cambié la contraseña del router a Girasol#88x", "Girasol#88x"),
        ("mudei a senha do painel para Caju!2029", "Caju!2029"),
        ("ho cambiato la password di jenkins in Pesca!4455", "Pesca!4455"),
    ],
)
def test_a_password_told_with_its_verb_last(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the metabase container restarted, viewer / Hortensia42! should still work", "Hortensia42!"),
        ("jenkins is reachable again: builder / Quokka_2031x", "Quokka_2031x"),
    ],
)
def test_a_user_and_a_chosen_password_side_by_side(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("await page.getByLabel('Password').fill('Heron.slate47');", "Heron.slate47"),
        ("await page.fill('input[name=\"password\"]', 'Winter2031&');", "Winter2031&"),
        ("cy.get('#password').clear().type('Orchid!9981')", "Orchid!9981"),
        ('driver.find_element(By.NAME, "passwd").send_keys("Basalt#5512")', "Basalt#5512"),
        ("fill_in 'Password', with: 'Lantern77?'", "Lantern77?"),
        ("await userEvent.type(screen.getByLabelText(/password/i), 'Pelican#4410')", "Pelican#4410"),
        ("element(by.id('password')).sendKeys('Birch!7731');", "Birch!7731"),
        ("await loginPage.passwordInput.fill('Quartz.river58');", "Quartz.river58"),
        ("$('#password').val('Maple#2290');", "Maple#2290"),
        ("fireEvent.change(passwordInput, { target: { value: 'Spruce!6612' } });", "Spruce!6612"),
    ],
)
def test_a_password_typed_into_its_field_by_a_ui_test(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("'password' => Hash::make('willow62%'),", "willow62%"),
        ("$hash = password_hash('Cobalt!1984', PASSWORD_BCRYPT);", "Cobalt!1984"),
        ("user.password = make_password('harbor-light-73')", "harbor-light-73"),
        ("pw = bcrypt.hashpw(b'Ferns&Moss12', bcrypt.gensalt())", "Ferns&Moss12"),
        ("const hash = await bcrypt.hash('Juniper#2028', 10);", "Juniper#2028"),
        ('admin.setPassword(passwordEncoder.encode("Glacier!77"));', "Glacier!77"),
        ("hashed = pwd_context.hash('Ember#5521')", "Ember#5521"),
        ("assert bcrypt.checkpw(b'Nimbus!77', stored)", "Nimbus!77"),
        ("if (password_verify('Cedar2024!', $row['hash'])) {", "Cedar2024!"),
    ],
)
def test_a_password_hashed_in_code(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "FEISHU_HOOK=https://open.feishu.cn/open-apis/bot/v2/hook/5c1e9a7d-2b44-4f0e-9d3a-81c6b7e2f04d",
            "https://open.feishu.cn/open-apis/bot/v2/hook/5c1e9a7d-2b44-4f0e-9d3a-81c6b7e2f04d",
        ),
        (
            'curl "https://oapi.dingtalk.com/robot/send?access_token=7c0d9e4b2a61f83d5e07b9c1a4f26d8e3b5a7c9d1e2f4a6b8c0d2e4f6a8b0c2d"',
            "https://oapi.dingtalk.com/robot/send?access_token=7c0d9e4b2a61f83d5e07b9c1a4f26d8e3b5a7c9d1e2f4a6b8c0d2e4f6a8b0c2d",
        ),
    ],
)
def test_a_chat_robots_webhook_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("lwojcik@DESKTOP-3KQ9ZP MINGW64 /c/Users/lwojcik/src/api (main)", "/c/Users/lwojcik"),
        ("cd /cygdrive/c/Users/kbartos/work", "/cygdrive/c/Users/kbartos"),
    ],
)
def test_a_git_bash_or_cygwin_home_folder_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        '{"auth": {"password": "Passwort", "confirm": "Passwort bestätigen"}}',
        '"password": "Mot de passe",',
        "password: パスワード",
        "the ratio is 16 / 9 and src / Main2.java moved",
        "page.fill('#username', 'Winter2031&')",
        "we hash('abc123') the cache key with bcrypt rounds = 12",
        "const digest = context.hash('sha256')",
        "le mot de passe en clair est stocké dans Config2024.yml",
        "la contraseña a veces falla con Chrome2024!",
    ],
)
def test_dev8_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), [text[f.start : f.end] for f in scanner.scan(text)]


# -- forms of the same classes that no set holds (written here, before the holdout is measured) ----------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('var cred = new NetworkCredential("svc_build", "Otter!5531");', "Otter!5531"),
        ('new PasswordAuthentication("mailer", "Quince#77".toCharArray())', "Quince#77"),
        ('Request r = b.header("Authorization", Credentials.basic("ci", "Bramble!2024"))', "Bramble!2024"),
        ("Password for 'https://git.example.org': Sparrow#2031", "Sparrow#2031"),
        ("the new admin password should be Meteor#5512 from now on", "Meteor#5512"),
        ("please use Tundra!9931 as the password for the staging db", "Tundra!9931"),
        ("I typed Ginkgo#2024 as the root password during install", "Ginkgo#2024"),
    ],
)
def test_more_ways_a_password_is_written(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "Password for 'https://github.com':",
        "the password should be rotated every 90 days",
        "the password must be at least 12 characters",
        "the password will be Base64-encoded",
        "use sha256 as the password hash",
        "we use bcrypt as the password hashing algorithm",
        "set MAX_LEN as the password length limit",
    ],
)
def test_what_is_said_about_a_password_stays_clean(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), [text[f.start : f.end] for f in scanner.scan(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("BARK_URL=https://api.day.app/Xk2pQ9vLmN3rT7wYzA4bC1/", "https://api.day.app/Xk2pQ9vLmN3rT7wYzA4bC1/"),
        (
            "SERVERCHAN_URL: https://sctapi.ftqq.com/SCT217734TzQx9KpLmNvB3rYw.send",
            "https://sctapi.ftqq.com/SCT217734TzQx9KpLmNvB3rYw.send",
        ),
        ("NTFY_URL=https://ntfy.sh/alerts-x9Kq2LmZ7vPq4RtY", "https://ntfy.sh/alerts-x9Kq2LmZ7vPq4RtY"),
    ],
)
def test_a_push_services_url_named_for_it_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "PUSH_URL=https://registry.example.com/v2/app/manifests/latest",
        "ALERTMANAGER_URL=http://alertmanager:9093/api/v2/alerts",
        "NOTIFY_URL=https://status.acme.io/incidents/2024-03-01-outage",
    ],
)
def test_a_push_or_alert_url_with_no_key_stays_clean(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), [text[f.start : f.end] for f in scanner.scan(text)]
