"""Issue 22, round twenty-six: classes, not cases. Every text here was written for this round (none is from a blind
set), in the shapes tools and people write them (the count on the parent is in bench/README.md, "Round twenty-six").

Look-alikes first (a clean text must stay clean), each beside a real value of the same shape that is still found:
- an ARN's resource type (`arn:aws:secretsmanager:…:secret:prod/db-AbCdEf`): the name of a resource, not a value;
- a culture's stand-in name in its own script (`山田太郎`, `张三`, `홍길동`, `Nguyễn Văn A`);
- a street, a school or a station named for a person, the word for the place first (`đường Nguyễn Văn Linh`);
- an authorization scheme alone, the start of a header its token is joined to (`"Bearer "+token`).

Then what leaked:
- a password of capitalised words joined by dots (`Krakow.Wisla1906`) after a flag;
- a password given as an answer ending in `!` after one digit, spelled out after it (`it's Pelican4! (capital P)`);
- a Japanese name the gazetteer knows only the family name of, before its honorific (`佐藤陽菜さん`);
- a Vietnamese name in its own letters: its middle name folded as the gazetteer spells it (`Thị` is `Thi`), or after
  the word of kinship Vietnamese speaks of a person with (`anh`, `chị`, `bác`, `ông`);
- a secret a command printed, its output alone on the next line (`kubectl get secret … | base64 -d`, `pass show`,
  `op read`, `vault kv get -field=password`, `printenv DB_PASSWORD`);
- a credential joined from strings in code (`"Bearer " + "…"`, `"postgresql://app:" + "…" + "@db"`,
  `btoa("deploy:" + "…")`).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- look-alikes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '"ARN": "arn:aws:secretsmanager:us-east-1:210987654321:secret:staging/db/creds-Qw3rTy"',
        "aws secretsmanager get-secret-value --secret-id "
        "arn:aws:secretsmanager:eu-west-2:555566667777:secret:payments/api-key-x9Y8z7",
        '"valueFrom": "arn:aws:secretsmanager:us-east-1:111122223333:secret:prod/stripe-Zx81Qp:api_key::"',
        'secret_arn = "arn:aws-us-gov:secretsmanager:us-gov-west-1:123456789012:secret:rds!db-1a2b3c4d-AbCdEf"',
        '"Resource": "arn:aws:secretsmanager:*:*:secret:app/*"',
    ],
)
def test_an_arns_resource_is_not_a_value(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


def test_a_secret_beside_its_arn_is_still_found(scanner: Scanner) -> None:
    text = (
        "aws secretsmanager put-secret-value --secret-id "
        "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-AbCdEf --secret-string 'Zr8!qLm2vXp4'"
    )
    assert flagged_whole(scanner, text, "Zr8!qLm2vXp4")
    assert not any("prod/api" in value for _, value in _flags(scanner, text))


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "山田太郎", "kana": "ヤマダタロウ"}',
        "例: 山田 花子 (サンプル)",
        "示例用户：张三、李四、王五",
        "이름 예시: 홍길동",
        "Họ tên (ví dụ): Nguyễn Văn A",
        "văn phòng ở đường Nguyễn Văn Linh, quận 7",
        "học ở trường Lê Quý Đôn từ năm 2010",
        "the office is on rue Jean Jaurès, next to the station",
    ],
)
def test_a_stand_in_or_a_place_named_for_a_person_is_no_one(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    "text",
    [
        'req.Header.Set("Authorization", "Bearer "+token)',
        'headers = {"Authorization": "Bearer " + token}',
        "const h = 'Bearer ' + 'YOUR_TOKEN_HERE';",
        'url = "postgresql://" + user + ":" + password + "@" + host',
        'auth = "Basic " + base64.b64encode((user + ":" + password).encode())',
        'base = "https://" + host + ":" + str(port)',
    ],
)
def test_a_scheme_or_a_urls_parts_joined_to_variables_are_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "$ printenv PATH\n/usr/local/bin:/usr/bin:/bin",
        "$ echo $HOME\n/home/runner",
        "$ echo $NODE_ENV\nproduction",
        "$ echo $AWS_REGION\neu-west-1",
        "$ kubectl get secret db -o jsonpath='{.data.username}' | base64 -d\napp_user",
        "$ vault kv get -field=username secret/app\ndeploy",
        "$ terraform output -raw db_host\ndb-primary",
        "$ pass show work/vpn\nError: work/vpn is not in the password store.",
        "$ kubectl get secret app-tls -o jsonpath='{.data.tls\\.crt}' | base64 -d | head -1\n"
        "-----BEGIN CERTIFICATE-----",
    ],
)
def test_what_a_command_printed_that_is_no_secret_stays(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "it's Windows7! finally upgraded the old laptop",
        "it's MyApp2! the new build is out",
        "honestly it's Python3! not 2",
        "password = Config.Version12",
        "お疲れ様です。皆さん、よろしくお願いします。",
        "担当者様へ、ユーザー様の設定です",
    ],
)
def test_other_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- what leaked --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("sshpass -p 'Krakow.Wisla1906' ssh admin@203.0.113.4 uptime", "Krakow.Wisla1906"),
        ("mysql -u root -p'Porto.Benfica88' shop", "Porto.Benfica88"),
        ("PGPASSWORD=Lisboa.Tejo2019 psql -h db -U app", "Lisboa.Tejo2019"),
        ("DB_PASSWORD=Sevilla.Betis.1907", "Sevilla.Betis.1907"),
    ],
)
def test_a_password_of_capitalised_words_joined_by_dots(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("oops, it's Pelican4! (capital P)", "Pelican4!"),
        ("it's Marmalade3! same one as the wifi", "Marmalade3!"),
        ("c'est Baguette5! (avec un B majuscule)", "Baguette5!"),
        ("es ist Kaffee8! (großes K, wie immer)", "Kaffee8!"),
    ],
)
def test_an_answer_spelled_out_after_it(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("レビューは佐藤陽菜さんにお願いしました。", "佐藤陽菜"),
        ("担当は鈴木大翔さんです。", "鈴木大翔"),
        ("レビューは田中さんにお願いしました。", "田中"),
        ("chị Trần Thị Mai bên kế toán gửi file này", "Trần Thị Mai"),
        ("anh Phạm Quốc Bảo review giúp em PR này nhé", "Phạm Quốc Bảo"),
        ("nhờ bác Lê Đức Thắng kiểm tra lại giúp", "Lê Đức Thắng"),
        ("hôm qua ông Hoàng Minh Tuấn đã duyệt rồi", "Hoàng Minh Tuấn"),
        ("Nguyễn Văn Hùng bảo cột này có thể null", "Nguyễn Văn Hùng"),
    ],
)
def test_names_in_japanese_and_vietnamese_prose(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "$ kubectl get secret db-creds -n prod -o jsonpath='{.data.password}' | base64 -d\nTrombone#5521",
            "Trombone#5521",
        ),
        (
            '$ kubectl get secret app -o jsonpath="{.data.DB_PASS}" | base64 --decode; echo\nquartz-Falcon-93\n',
            "quartz-Falcon-93",
        ),
        ("$ pass show work/vpn\nSeagull!2207\n", "Seagull!2207"),
        ("$ op read op://Private/Postgres/password\nMoonlit_Harbor_61\n", "Moonlit_Harbor_61"),
        ("$ vault kv get -field=password secret/app/db\nKestrel.Valley.84\n", "Kestrel.Valley.84"),
        ("$ echo $DB_PASSWORD\nLighthouse_77\n$ ", "Lighthouse_77"),
        ("PS> security find-generic-password -s wifi -w\nmarigold2019", "marigold2019"),
        ("$ printenv REDIS_PASSWORD\nOtter-Pond-Kite-4", "Otter-Pond-Kite-4"),
        (
            "$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text\n"
            "Quokka!Meadow3",
            "Quokka!Meadow3",
        ),
    ],
)
def test_a_secret_a_command_printed(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('headers = {"Authorization": "Bearer " + "Zk3pQ9vLm2XcR8tYb4NwHj6D"}', "Zk3pQ9vLm2XcR8tYb4NwHj6D"),
        ("const auth = 'Bearer ' + 'a8F3kLq92ZxPmN4vR7tYc1Wd';", "a8F3kLq92ZxPmN4vR7tYc1Wd"),
        ('req.Header.Set("Authorization", "Bearer "+"q7Rt2LmX9cVb4NzK8pWs3YdF")', "q7Rt2LmX9cVb4NzK8pWs3YdF"),
        ("$token = 'Bearer ' . 'Hq82LmZx0PvR4tNc7YwKe5Bd';", "Hq82LmZx0PvR4tNc7YwKe5Bd"),
        ('local auth = "Bearer " .. "Yc5Rn8Qw2LmZx7PvK4tNb9Hd"', "Yc5Rn8Qw2LmZx7PvK4tNb9Hd"),
        ('String auth = "Basic " + Base64.encode("admin:" + "Hibiscus2024!");', "Hibiscus2024!"),
        ("const auth = 'Basic ' + btoa('deploy:' + 'Gravel#Pit42');", "Gravel#Pit42"),
        ('engine = create_engine("postgresql://app:" + "Walnut#2291" + "@db/app")', "Walnut#2291"),
        ("DSN = 'mysql://shop:' + 'Rosemary.Garden19' + '@10.0.0.5/shop'", "Rosemary.Garden19"),
    ],
)
def test_a_credential_joined_from_strings(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


def test_the_scheme_is_not_flagged_as_the_value(scanner: Scanner) -> None:
    text = 'req.Header.Set("Authorization", "Bearer "+"q7Rt2LmX9cVb4NzK8pWs3YdF")'
    assert [value for _, value in _flags(scanner, text)] == ["q7Rt2LmX9cVb4NzK8pWs3YdF"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('From: "Nakamura, Yui" <yui.nakamura@corp.jp>', "Nakamura, Yui"),
        ('Cc: "Müller-Lüdenscheidt, Hans Peter" <hp@web.de>', "Müller-Lüdenscheidt, Hans Peter"),
        ("Лена Соколова просила добавить логи", "Лена Соколова"),
        ("Олег Бондаренко перевірив міграцію", "Олег Бондаренко"),
    ],
)
def test_a_name_written_family_first_in_a_mailbox_or_said_of_in_russian(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ('{"firstName": "Chiamaka", "lastName": "Okonkwo", "role": "admin"}', ("Chiamaka", "Okonkwo")),
        ("first_name = 'Torben'\nlast_name = 'Kjeldsen'", ("Torben", "Kjeldsen")),
        ("givenName: Annika\nsn: Lehtonen\nmail: annika.lehtonen@corp.fi", ("Annika", "Lehtonen")),
        ("authors:\n  - family-names: Okonkwo\n    given-names: Chiamaka", ("Okonkwo", "Chiamaka")),
        ('Authors@R: person("Ana", "Souza", role = c("aut", "cre"))', ("Ana", "Souza")),
        ('Authors@R: person(given = "Ana", family = "Souza", role = "aut")', ("Ana", "Souza")),
        ('User.objects.create(first_name="Bongani", last_name="Zulu", email="b@zulu.co.za")', ("Bongani", "Zulu")),
        ('{"given_name": "Mireille", "family_name": "Dubois"}', ("Mireille", "Dubois")),
    ],
)
def test_a_name_split_into_its_fields(scanner: Scanner, text: str, values: tuple[str, str]) -> None:
    assert all(flagged_whole(scanner, text, value) for value in values)


@pytest.mark.parametrize(
    "text",
    [
        'To: "Support, Customer" <support@corp.jp>',
        '{"firstName": "John", "lastName": "Doe"}',
        '{"first_name": "Test", "last_name": "User"}',
        '{"firstName": "{{first}}", "lastName": "{{last}}"}',
        "first_name = forms.CharField(max_length=30)",
        '{"lastName": "required", "firstName": "optional"}',
        "font-family: Inter, sans-serif; first-line: none",
    ],
)
def test_a_names_fields_without_a_person_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("คุณวิทยา ศรีสมบูรณ์ เป็นคนเขียนไฟล์ config นี้", "วิทยา ศรีสมบูรณ์"),
        ("ถามคุณอรุณี พงษ์ไพร ได้เลย", "อรุณี พงษ์ไพร"),
        ("นางสาวมาลี ศรีสุข ส่งไฟล์มาแล้ว", "มาลี ศรีสุข"),
    ],
)
def test_a_thai_name_after_its_title(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    [
        "คุณสามารถ ตั้งค่าได้ที่หน้า settings",
        "คุณต้องการ ลบไฟล์นี้ใช่ไหม",
        "คุณสมบัติ ใหม่ เพิ่มใน v2",
        "คุณภาพของ โค้ด ดีขึ้นมาก",
    ],
)
def test_thai_you_and_words_that_start_like_a_title_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []
