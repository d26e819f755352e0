"""Issue 22, round six: each miss and false positive of the six blind sets named as the class of real text it
belongs to, and that class tested with variants written here (none is a set's string): passwords people
make with a dot, a password passed by position or typed at a prompt, a passphrase of words, the base64 of
`user:password`, cookie jars and session cookies told in chat, a CLI's key flag, people named in prose and in
`git shortlog`; and what only looks like them (a form's label, a README's placeholder, a doc's example
domain, a code attribute, a phrase in quotes).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole as _flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    # a password made of a word, a dot and a word with digits, wherever it is assigned or told
    ('["MINIO_ROOT_PASSWORD=Harbor.lights42","TZ=UTC"]', "Harbor.lights42"),
    ("environment:\n  - MARIADB_PASSWORD=Velvet.badger2031\n", "Velvet.badger2031"),
    ("  - name: SMTP_PASS\n    value: 'Orchid.tundra88'", "Orchid.tundra88"),
    ("La contraseña del servidor de pruebas es Lince.pardo2031, no la compartas.", "Lince.pardo2031"),
    ("Das Passwort für den Testserver ist Kiefer.wald77.", "Kiefer.wald77"),
    # a password passed by position to a call that opens a connection or logs in
    ("$db = new PDO($dsn, 'root', 'Kr@ken2031', $options);", "Kr@ken2031"),
    ('Connection c = DriverManager.getConnection(jdbcUrl, "report", "Lagoon&2031");', "Lagoon&2031"),
    ('conn = pymysql.connect("127.0.0.1", "etl", "Paprika2031", "warehouse")', "Paprika2031"),
    ('smtp.login("alerts@acme.io", "Quokka2031!")', "Quokka2031!"),
    ("ftp = FTP('files.acme.io', 'backup', 'Marigold77')", "Marigold77"),
    # one password passed twice in one command: every occurrence
    ("keytool -importcert -file ca.crt -keystore trust.jks -storepass Thimble2031 -keypass Thimble2031", "Thimble2031"),
    ("zip -P Ladle2031! a.zip a.txt && unzip -P Ladle2031! a.zip -d out", "Ladle2031!"),
    # a password typed at a prompt and echoed on its own line
    ("$ psql -h db -U app\nPassword for user app:\nGr4nite!2031\npsql (16.2)", "Gr4nite!2031"),
    ("[sudo] password for kemal:\nS4ndcastle#9\n", "S4ndcastle#9"),
    ("Enter PEM pass phrase:\nLantern&Moth55\n", "Lantern&Moth55"),
    ("Passwort:\nFichte2031!\n", "Fichte2031!"),
    # a password in a YAML block scalar, after an arrow, after an account and a slash, told in Czech
    ("db:\n  password: >-\n    Mango2031!\n", "Mango2031!"),
    ("new password -> Pumpkin#2031", "Pumpkin#2031"),
    ("the admin login is admin/Cobblestone9", "Cobblestone9"),
    ("heslo je Medved2031", "Medved2031"),
    # a one-line file written whole, as retell keeps its Write: a one-line diff
    ("+localhost:5432:*:postgres:Tern!2031", "Tern!2031"),
    ("+PHPSESSID\t9k2m4n6p8q1r3s5t7v9w0x2y4z\tapp.acme.io\t/\tSession\t35", "9k2m4n6p8q1r3s5t7v9w0x2y4z"),
    # a Wi-Fi QR payload, a table of logins, a password written into a file named for one or given on stdin
    ("WIFI:S:HomeNet;T:WPA;P:Sunflower2031;;", "Sunflower2031"),
    ("| user | password |\n| --- | --- |\n| admin | Harbor2031! |\n| ops | Cedar!2031 |", "Cedar!2031"),
    ("user,password,email\nadmin,Harbor2031!,admin@acme.io", "Harbor2031!"),
    ('echo "Quartz2031" > .vault_pass', "Quartz2031"),
    ('docker secret create db_pw - <<< "Quartz2031"', "Quartz2031"),
    # told with `=`, with `pass` after a determiner, for what it opens, with the user it logs in
    ("pw for the vpn = Xyz2031!", "Xyz2031!"),
    ("the pass is Biscuit2031", "Biscuit2031"),
    ("it's Summer2031! for both accounts", "Summer2031!"),
    ("login with bob@acme.io and Spring#2031", "Spring#2031"),
    # a passphrase of several words, quoted, told or beside a known account
    ('the wifi passphrase is "copper lantern quietly 88"', "copper lantern quietly 88"),
    ("my keepass password is 'orbit tulip gravel ninety'", "orbit tulip gravel ninety"),
    ('to log into the nas it\'s root and "velvet otter marble 4"', "velvet otter marble 4"),
    ("ssh in as pi with 'Tr0ub4dor&3'", "Tr0ub4dor&3"),
    # the base64 of user:password, printed by `base64` or built into a Basic header in code
    ("$ echo -n 'ci-bot:Clover&2031' | base64\nY2ktYm90OkNsb3ZlciYyMDMx\n", "Y2ktYm90OkNsb3ZlciYyMDMx"),
    ('headers = {"Authorization": "Basic " + "cmVwb3J0OkxhZ29vbiYyMDMx"}', "cmVwb3J0OkxhZ29vbiYyMDMx"),
    ("$auth = 'Basic ' . 'ZXRsOlBhcHJpa2EyMDMx';", "ZXRsOlBhcHJpa2EyMDMx"),
    # a browser's cookie jar, and a session cookie told outside a Cookie header
    (
        ".shop.example.net\tTRUE\t/\tTRUE\t1798000000\tsessionid\tq9w8e7r6t5y4u3i2o1p0a9s8d7f6g5h4j3k2l1z0",
        "q9w8e7r6t5y4u3i2o1p0a9s8d7f6g5h4j3k2l1z0",
    ),
    (
        "#HttpOnly_.git.acme.io\tTRUE\t/\tTRUE\t0\t_gitlab_session\t4c1d9e2f7a3b8c6d0e5f1a2b9c8d7e6f",
        "4c1d9e2f7a3b8c6d0e5f1a2b9c8d7e6f",
    ),
    (
        "I took `myshop_session=eyJpdiI6IlR3b0Z1bjJ4c0dPY2VhbiIsInZhbHVlIjoiUXo4TG0yIn0%3D` from devtools",
        "eyJpdiI6IlR3b0Z1bjJ4c0dPY2VhbiIsInZhbHVlIjoiUXo4TG0yIn0%3D",
    ),
    (
        "use connect.sid=s%3AHv7Qm2Lp9Xr4Tn8Wb3Kc6.Zf1Jd5Gs0Ya2Ue7Ri4Ow9 to replay it",
        "s%3AHv7Qm2Lp9Xr4Tn8Wb3Kc6.Zf1Jd5Gs0Ya2Ue7Ri4Ow9",
    ),
    # a cookie copied from the browser's developer tools: a table row, the detail pane, a line of its own
    ("PHPSESSID\t9k2m4n6p8q1r3s5t7v9w0x2y4z\tapp.acme.io\t/\tSession\t35", "9k2m4n6p8q1r3s5t7v9w0x2y4z"),
    (
        "Name: connect.sid\nValue: s%3AHv7Qm2Lp9Xr4Tn8Wb3Kc6.Zf1Jd5Gs0Ya2Ue7Ri4Ow9",
        "s%3AHv7Qm2Lp9Xr4Tn8Wb3Kc6.Zf1Jd5Gs0Ya2Ue7Ri4Ow9",
    ),
    ("sessionid: 9k2m4n6p8q1r3s5t7v9w0x2y4zab", "9k2m4n6p8q1r3s5t7v9w0x2y4zab"),
    # a bearer token stored as a key/value pair (Postman's environments, a .NET appSettings line)
    (
        '{"key": "bearer", "value": "Qm7Lp2Xr9Tn4Wb8Kc3Zf6Jd1Gs5Ya0Ue", "enabled": true}',
        "Qm7Lp2Xr9Tn4Wb8Kc3Zf6Jd1Gs5Ya0Ue",
    ),
    ('<add key="Bearer" value="Rk5Nc8Vb2Xm7Lq4Wt9Hd3Jf6Gp1Sa0Ze" />', "Rk5Nc8Vb2Xm7Lq4Wt9Hd3Jf6Gp1Sa0Ze"),
    # HTTPie's bearer token
    (
        "http --auth-type=bearer --auth Tn4Wb8Kc3Zf6Jd1Gs5Ya0UeQm7Lp2Xr9 GET api.acme.io/me",
        "Tn4Wb8Kc3Zf6Jd1Gs5Ya0UeQm7Lp2Xr9",
    ),
    # a CLI's key flag
    (
        "az storage file upload --account-name files --account-key Zk8Qm2Lr5Tn9Wx3Vb7Hc1Jd4Fg6Pa0SeQ2x4Rk+/w== -s x",
        "Zk8Qm2Lr5Tn9Wx3Vb7Hc1Jd4Fg6Pa0SeQ2x4Rk+/w==",
    ),
    (
        "azcopy copy a.txt https://acme.blob.core.windows.net/c --sas-token sv2031Qm7Lp2Xr9Tn4Wb8Kc3",
        "sv2031Qm7Lp2Xr9Tn4Wb8Kc3",
    ),
    # people named in prose, and in git shortlog pasted with spaces
    ("I've assigned the ticket to Ingrid Solberg, since she owns payments.", "Ingrid Solberg"),
    ("I asked Tomás Herrera to look at the migration.", "Tomás Herrera"),
    ("Requested a review from Mei Takahashi on the PR.", "Mei Takahashi"),
    ("$ git shortlog -sn\n   140  Oluwaseun Adeyemi\n    12  Priya Raman\n", "Priya Raman"),
    ("I'll pair with Anneke Visser on the migration tomorrow.", "Anneke Visser"),
    ("Pregúntale a Lucía Fernández si el endpoint está listo.", "Lucía Fernández"),
    ("Envoie-le à Camille Lefebvre avant vendredi.", "Camille Lefebvre"),
    ("Per Björn Andersson's review, I renamed the flag.", "Björn Andersson"),
    # who owns a path, and a module's or a record's people
    ("* @billing-team   # owner: Daniela Souza", "Daniela Souza"),
    ("__maintainer__ = 'Farah Haddad'", "Farah Haddad"),
    ('{"id": 42, "name": "Sanna Virtanen", "email": "sanna@virtanen.fi"}', "Sanna Virtanen"),
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_found(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


CLEAN = [
    # a form's labels and questions
    '{"reset_password": "Forgot password?", "show": "Show password"}',
    "password_label: 'Confirm password'",
    # a README's placeholders in a curl header
    "curl -H 'Authorization: Bearer YOUR_API_TOKEN' https://api.acme.io/v1/me",
    'curl -H "Authorization: Bearer $ACCESS_TOKEN" https://api.acme.io/v1/me',
    # documentation's example domains in other languages
    "const demo = { vorname: 'Erika', email: 'erika@example.de' };",
    "contact: jan@voorbeeld.nl",
    "user@beispiel.de",
    # code attributes with digits, and two-word UI text
    "password = form.password2",
    "algorithm = hashlib.sha256",
    "secret = Config.token64",
    # a prompt followed by more output, not a password
    "[sudo] password for kemal:\nSorry, try again.\n",
    "Password:\n********\n",
    "Enter passphrase for key '/home/ci/.ssh/id_ed25519':\nIdentity added: id_ed25519\n",
    # a quoted phrase after a password word
    'the password is "whatever you chose during install"',
    'set the password to "the one in the vault"',
    # a block scalar that is a template or a key's first line, a path under an account's name
    "token: |\n  {{ vault_token }}\n",
    "password: |\n  changeme\n",
    "see admin/settings2 for the login form",
    "to login go to /admin/Dashboard2024",
    # a table that only names a password column's setting, a file written with a variable or a word
    "| name | type | default |\n| password | string | none |\n| retries | int | 3 |",
    "| Setting | Password required |\n| --- | --- |\n| SSH | yes |",
    "tests pass is the goal",
    'echo "done" > status.txt',
    "echo $TOKEN > .token",
    # a key flag with a name, a path, a placeholder
    "aws dynamodb query --partition-key userId --table-name orders",
    "gcloud compute ssh vm1 --ssh-key-file ~/.ssh/id_ed25519",
    "az storage blob list --account-key $AZURE_STORAGE_KEY --account-name acmefiles",
    # a login call with variables only, a bind in JavaScript
    "smtp.login(user, password)",
    'button.bind("click", handler)',
    # session words that are not cookies
    # a post's slug made of a title that holds a password word: the value told is gone, the slug's hyphens stay
    "slug: 数据库密码是-qqqqqqqqqqqq-帮我连上去看看-orders-表",
    "修改密码-api-接口",
    "+1 for this approach",
    "-v",
    "SESSION_TIMEOUT=3600",
    "auth_method: oauth2_client_credentials",
    "session_id: 6f1c2a9e-3b7d-4e8f-9a0b-1c2d3e4f5a6b",
    "Author: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
    "session_store=redis",
    # names that are tools, places and prose
    "I asked Stack Overflow and the Docker docs; neither helped.",
    "I've assigned the value to Build Output in the pipeline.",
    "Ada Lovelace is the name of our sample dataset in docs/tutorial.md",
    "thanks to Let's Encrypt we have TLS",
    "send the logs to Grafana Cloud",
    "Rust Analyzer's suggestion was to inline it",
    "thanks to Kubernetes Operators the rollout is smooth",
    # technologies thanked and services sent to, in Claude's prose
    "Thanks to Type Hints, mypy caught it.",
    "send the events to Stripe Checkout",
    "thanks to Tree Shaking",
    "send it to San Francisco",
    "pair with Postgres Advisory locks",
    "I've assigned the issue to Backlog Grooming.",
    "Thanks to Hacker News for the traffic.",
    "Thanks to Ada Lovelace's notes, the first algorithm was published.",
    "thanks to Alan Turing, whose paper the test cites",
    "gpg --recv-key 3AA5C34371567BD2",
    "owner: Data Engineering",
    'services:\n  - name: "Billing Api"\n    port: 8080',
    # documentation's placeholder people, in a fixture
    "  { name: 'Jane Doe', email: 'jane@example.com' },",
    '{"name": "Max Mustermann", "email": "max@example.de", "phone": "+49 000"}',
    "Co-authored-by: Mario Rossi <mario@example.it>",
    # base64 that is not a user and a password
    "$ echo -n 'hello world' | base64\naGVsbG8gd29ybGQ=\n",
    "$ echo -n 'user:password' | base64\ndXNlcjpwYXNzd29yZA==\n",
]


@pytest.mark.parametrize("text", CLEAN)
def test_clean(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
