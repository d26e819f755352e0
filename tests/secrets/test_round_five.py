"""Issue 22, round five: the forms a third blind set showed and the families they belong to (how frameworks name
their session cookies, the tools that take a password on the command line, a password told in chat, in any
language, with or without a key word), and what only looks like them. Every value here is invented for this
file; none is the evaluation set's.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _flagged_whole(scanner: Scanner, text: str, value: str) -> bool:
    start = text.index(value)
    return any(f.start <= start and start + len(value) <= f.end for f in scanner.scan(text))


FOUND = [
    # a password named by its variable in prose, in a code span or not
    ("I've put `SMTP_PASSWORD` to `Gl4cier#77` in `.env` and restarted the worker.", "Gl4cier#77"),
    ("I changed REDIS_PASSWORD to Lantern42! on staging", "Lantern42!"),
    ("`mail.password` is now `Orchard&19`", "Orchard&19"),
    ("My password is: `Qu1nce!88`", "Qu1nce!88"),
    # a password just set, told with "it" where the line says it is a login
    ("I reset it to Marmalade2031 so you can log in again", "Marmalade2031"),
    # a user and a password each after its word, and a login told in other languages
    ("user kemal pass Zeytin%204", "Zeytin%204"),
    ("entra al panel con kemal.aydin / Pistacho2031", "Pistacho2031"),
    ("connecte-toi au portail avec lea.morel / Cerise2031!", "Cerise2031!"),
    ("accedi con giulia / Limone2031", "Limone2031"),
    ("just use Brambles?512 to log in as the operator", "Brambles?512"),
    # tools that take a password on the command line
    ("ssh-keygen -t ed25519 -N 'otter-maple-kettle-19' -f ~/.ssh/ci", "otter-maple-kettle-19"),
    ("gpg --batch --passphrase 'Heron&Pike42' -d backup.gpg", "Heron&Pike42"),
    ("plink -ssh ops@bastion -pw Juniper31.", "Juniper31."),
    ("cqlsh -u cassandra -p Walnut7719 db1", "Walnut7719"),
    ("ipmitool -I lanplus -H bmc1 -U ADMIN -P Saffron2031 power status", "Saffron2031"),
    ("snmpwalk -v3 -u mon -l authPriv -a SHA -A Cobalt!6620 -x AES -X Amber!7731 core-sw", "Cobalt!6620"),
    ("redis-cli -h cache AUTH Pelican2031", "Pelican2031"),
    ('redis-cli CONFIG SET requirepass "Magnolia2031x"', "Magnolia2031x"),
    ("mosquitto_passwd -b /etc/mosquitto/passwd sensor Thistle%818", "Thistle%818"),
    ("twine upload -u ci -p Bramble9921 dist/*", "Bramble9921"),
    ("curl --proxy-user squid:Kestrel&41 https://example.com", "Kestrel&41"),
    ("useradd -m -p \"$(openssl passwd -1 'Sorrel2031')\" deploy", "Sorrel2031"),
    ('echo -e "Nutmeg2031\\nNutmeg2031" | passwd deploy', "Nutmeg2031"),
    ("echo -n 'ci-bot:Clover&2031' | base64", "Clover&2031"),
    ('expect "password:"; send "Fennel2031!\\r"; interact', "Fennel2031!"),
    # a default written where the environment is read, and a key set by subscript
    ("      - POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-Quarry2031}", "Quarry2031"),
    ("    password: ${DB_PASSWORD:Osprey2031}", "Osprey2031"),
    ("const pw = process.env.DB_PASSWORD || 'Garnet&2031';", "Garnet&2031"),
    ("$cfg['Servers'][$i]['password'] = 'Tamarind%31';", "Tamarind%31"),
    # a server's config line with no `=`
    ("bind 0.0.0.0\nrequirepass Kingfisher2031!\n", "Kingfisher2031!"),
    # any user beside its password, where the line says it is a login
    ("the credentials are oksana:Wheatfield2031", "Wheatfield2031"),
    # every session cookie of a cookie line, named as frameworks name theirs
    (
        "Cookie: koa.sess=eyJ1aWQiOjcsIl9leHBpcmUiOjE3NjQ2MDAwMDB9; koa.sess.sig=Zq8Wm3Lx7Pn2Kd5Rt9Hs4Vb",
        "eyJ1aWQiOjcsIl9leHBpcmUiOjE3NjQ2MDAwMDB9",
    ),
    (
        "Set-Cookie: .AspNetCore.Cookies=CfDJ8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6; path=/; secure; httponly",
        "CfDJ8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6",
    ),
    (
        "Cookie: wordpress_logged_in_0f1e2d3c4b5a69788796a5b4c3d2e1f0=editor%7C1764600000%7CpQ8rS2tU4vW6xY8zA0bC",
        "editor%7C1764600000%7CpQ8rS2tU4vW6xY8zA0bC",
    ),
    # session cookies whose names say nothing of a session, and a quoted cookie value
    ("Cookie: i_like_gitea=0a9b8c7d6e5f4a3b; lang=en-US", "0a9b8c7d6e5f4a3b"),
    ("Cookie: phpMyAdmin=r5t6y7u8i9o0p1a2s3d4f5g6h7j8k9l0; pma_lang=en", "r5t6y7u8i9o0p1a2s3d4f5g6h7j8k9l0"),
    (
        'Cookie: username-localhost-8888="2|1:0|10:1764600000|23:username-localhost-8888|44:Q2xvdmVy|9e8d7c6b5a4f"',
        "2|1:0|10:1764600000|23:username-localhost-8888|44:Q2xvdmVy|9e8d7c6b5a4f",
    ),
    (
        'Cookie: session="eyJ1aWQiOjE3fQ.aBcDeF.Gh1Ij2Kl3Mn4Op5Qr6St7Uv8Wx"',
        "eyJ1aWQiOjE3fQ.aBcDeF.Gh1Ij2Kl3Mn4Op5Qr6St7Uv8Wx",
    ),
    # a cookie header as a HAR or a Postman collection stores it, and a session cookie told in chat
    (
        '{"name": "Cookie", "value": "theme=dark; sessionid=z8x7c6v5b4n3m2l1k0j9h8g7f6d5s4a3"}',
        "z8x7c6v5b4n3m2l1k0j9h8g7f6d5s4a3",
    ),
    (
        "here's my session cookie: s%3AqW3eR5tY7uI9oP1aS3dF5gH7jK9lZ1x.Cv3Bn5Mm7Qw9Er1Ty3Ui5Op7",
        "s%3AqW3eR5tY7uI9oP1aS3dF5gH7jK9lZ1x.Cv3Bn5Mm7Qw9Er1Ty3Ui5Op7",
    ),
    # a cookie as a browser export or a test tool lists it
    (
        '{"name": "sessionid", "value": "w7e2r9t4y1u6i3o8p5a0s2d7f4g9h1j6", "domain": ".shop.test", "path": "/"}',
        "w7e2r9t4y1u6i3o8p5a0s2d7f4g9h1j6",
    ),
    (
        "await context.addCookies([{ name: 'session', value: 'Fe26.2**c1d2e3f4a5b6**Hx7Kp2Wm9Qz4Rt8**Vb3Nc6Yh1', "
        "domain: 'localhost', path: '/' }])",
        "Fe26.2**c1d2e3f4a5b6**Hx7Kp2Wm9Qz4Rt8**Vb3Nc6Yh1",
    ),
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_a_credential_in_these_forms_is_found_whole(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), scanner.scan(text)


PERSONAL = [
    ("create an account for jérôme+qa@gmail.com with the viewer role", "jérôme+qa@gmail.com"),
    ("请发邮件给liwei@hanfeng-tech.cn确认", "liwei@hanfeng-tech.cn"),
    ("Oskar Brennan from accounting says the totals are off by one", "Oskar Brennan"),
    ("Mei Tanaka (legal) wants the licence header changed", "Mei Tanaka"),
    ("Ingrid Solberg asked whether the export can run nightly", "Ingrid Solberg"),
]


@pytest.mark.parametrize(("text", "value"), PERSONAL)
def test_personal_data_in_these_forms_is_found_whole(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), scanner.scan(text)


CLEAN = [
    # a YAML tag says how the value after it is read: not a password that starts with `!`
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  6231386538323033\n",
    "db_password: !secret db_password",
    "  MasterUserPassword: !Ref DbPasswordParam",
    # a file named in a sentence about a password
    "I kept the password out of the repo: `docker-compose.yml` reads it from `.env` now.",
    # a shell expansion of the name, not a value told
    "      - ADMIN_PASSWORD=${ADMIN_PASSWORD:?ADMIN_PASSWORD must be set}",
    # a name about a credential
    "PASSWORD_MIN_LENGTH is 12chars",
    # the label's own quote closes before the value
    'expect "password:"\nsend "$env(DEPLOY_PW)\\r"',
    # phrases, not people
    "Pull Request asked for a second review",
    "Bug Report from QA attached",
    "Release Notes says nothing about it",
    # not a password just set
    "I set it to Release2031 in the config",
    "set the timeout to 30s",
    # non-secret cookies
    "Cookie: theme=dark; locale=en-GB; _ga=GA1.1.123456789.1764600000",
    "Set-Cookie: sessionid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/",
    '{"name": "Cookie", "value": "theme=dark; locale=fr"}',
    "Cookie: pma_lang=en; theme=dark",
    "the session cookie is set with HttpOnly and SameSite=Lax",
    # expansions with no value of their own, and Redis's documented example
    "      - DB_PASSWORD=${DB_PASSWORD:-$FALLBACK_PASSWORD}",
    "# requirepass foobared",
    "requirepass foobared",
    # an empty passphrase
    "ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519",
]


@pytest.mark.parametrize("text", CLEAN)
def test_what_only_looks_like_one_is_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
