"""Issue 22, round eight: people's names told in prose with no cue (no git trailer, no "my colleague", no team
word), by class, each with sentences written here (none is a blind set's string): a full name beside what a
person does; a given name alone beside a word said to or of a person; a name the gazetteer half knows, in a
list of people; the speakers of pasted notes and chats; names in scripts of their own (Cyrillic, Devanagari,
Chinese, Japanese, Korean). And what only looks like a name: products, models, places, companies, headings,
identifiers, documentation's sample people. And holdout4's one partial: a written file's long line cut inside
a value that only the whole file says is a cookie.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript
from scan_support import flagged_whole as _flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FULL_NAME_IN_A_SENTENCE = [
    ("Kwame Asante merged the hotfix an hour ago", "Kwame Asante"),
    ("Yesterday Marek Nowak rolled back the deploy", "Marek Nowak"),
    ("The dashboard was built by Ingrid Halvorsen last spring", "Ingrid Halvorsen"),
    ("Felix Schneider hat den Build kaputt gemacht", "Felix Schneider"),
    ("según el ticket, Lucía Fernández y yo revisamos el PR", "Lucía Fernández"),
    ("a fix from Bram van den Heuvel landed in 2.4", "Bram van den Heuvel"),
]

GIVEN_NAME_ALONE = [
    ("ask Rahul if the cron job still runs", "Rahul"),
    ("Svetlana said the staging DB is down", "Svetlana"),
    ("laut Matthias ist der Bug schon gefixt", "Matthias"),
    ("selon Étienne il faut relancer le worker", "Étienne"),
    ("Kenji approved the migration this morning", "Kenji"),
]

LISTS_AND_PASTES = [
    ("Attendees: Priyanka Iyer, Jonas Becker, Mei Lin\nAgenda: cut-over plan", "Jonas Becker"),
    ("Attendees: Priyanka Iyer, Jonas Becker, Mei Lin\nAgenda: cut-over plan", "Priyanka Iyer"),
    ("# reviewers\n# Ayşe Demir, Lars Eriksson\n", "Ayşe Demir"),
    ("Standup 12 May\nAnneliese: finished the export\nRahul: on the flaky test\n", "Anneliese"),
    ("[09:14] Oksana: the queue is stuck again\n[09:15] Tariq: restarting it", "Oksana"),
    ("> Cheers,\n> Declan Murphy\n", "Declan Murphy"),
]

OTHER_SCRIPTS = [
    ("Дмитрий Иванов сказал, что деплой сломан", "Дмитрий Иванов"),
    ("这个接口是王建国负责的，有问题找王建国", "王建国"),
    ("佐藤さんにレビューをお願いしました", "佐藤"),
    ("이서연님이 코드 리뷰를 해주셨어요", "이서연"),
    ("राहुल शर्मा ने PR मर्ज किया", "राहुल शर्मा"),
]

NOT_A_PERSON = [
    "Claude Code ran the tests and Gemini Pro summarised them",
    "ask Claude to refactor the handler, then ask Copilot",
    "Ada Lovelace is the sample user in the docs",
    "class JohnDoeFactory extends BaseFactory {}",
    "Use Pascal Case for components",
    "Victoria Metrics is faster than Prometheus",
    "Will Docker Compose pick up the new env file?",
    "Ruby Gems and Julia Packages are both supported",
    "Deployed to San Francisco and New York regions",
    "Mark Complete button is disabled until Save is clicked",
    "Status: ok\nLink: https://example.com\nOwner: platform",
    "Per the RFC, the header is optional; Per Conway's law it mirrors the org",
    "'5667222': {'en': 'Telefonica Del Sur S.A.'}, '1573596': {'en': 'Fort Leonard Wood, MO'}",
    "The font family, for example Bitstream Vera Sans",
    "Rosalind Franklin and Alan Turing are the fixture's scientists",
    'composeTestRule.onNodeWithText("Add Torrent").assertIsDisplayed()',
]


@pytest.mark.parametrize(
    ("text", "name"), FULL_NAME_IN_A_SENTENCE + GIVEN_NAME_ALONE + LISTS_AND_PASTES + OTHER_SCRIPTS
)
def test_a_name_told_without_a_cue_is_flagged_whole(scanner: Scanner, text: str, name: str) -> None:
    found = scanner.scan(text)
    assert _flagged_whole(scanner, text, name), [(f.kind, text[f.start : f.end]) for f in found]
    assert all(f.kind == "person-name" for f in found if name in text[f.start : f.end])


@pytest.mark.parametrize("text", NOT_A_PERSON)
def test_what_only_looks_like_a_name_is_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


@pytest.mark.e2e
def test_a_name_told_without_a_cue_never_reaches_the_post_or_a_request(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What a reader and a model see: the author names a person with no cue, Claude names another; `retell run
    --yes --engine offline` and the anthropic dry runs keep neither."""
    isolate(monkeypatch, tmp_path)
    tx = Transcript()
    tx.user("Wei Zhang approved the retry fix, so let's ship it; ask Svetlana about the rollout window.")
    tx.assistant("According to the blame, the fallback was added by Thiago Carvalho in March, so I kept it.")
    tx.user("Thanks, that works.")
    tx.assistant("Done.")
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo" / f"{tx.session_id}.jsonl")
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    ok(retell("outline", work, "--engine", "anthropic", "--dry-run"))
    ok(retell("draft", work, "--engine", "anthropic", "--dry-run"))
    seen = "".join(p.read_text(encoding="utf-8") for p in (work / "post").rglob("*.md"))
    seen += "".join(p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("*.prompt.md"))
    for name in ("Wei Zhang", "Zhang", "Svetlana", "Thiago Carvalho", "Carvalho"):
        assert name not in seen


def test_the_gazetteer_is_read_only_when_a_text_may_hold_a_name() -> None:
    """`retell parse` stays fast: a text of code and output with no capitalised pair never loads the names."""
    from retell.secrets import prose_names

    prose_names.gazetteer.cache_clear()
    Scanner().scan("for i in range(10):\n    total += compute(i)  # see config.yaml")
    assert prose_names.gazetteer.cache_info().currsize == 0
    Scanner().scan("Wei Zhang approved it")
    assert prose_names.gazetteer.cache_info().currsize == 1


def test_a_long_line_of_a_written_file_is_never_cut_inside_a_value_its_file_flags(tmp_path: Path) -> None:
    """holdout4's one partial: a Playwright storage state written to a file, its cookie's `"value": …` on a
    line of its own. The excerpt of the Write cut that line at 160 characters; alone, the line does not say the
    value is a session cookie (its `"name"` is the line above), so the first 150 characters were told."""
    import json

    from typer.testing import CliRunner

    from retell.cli import app

    value = "CfDJ8" + "".join("kQ7zR2mXw9Lp4VtB8nHs3JdF6gYc1UeA5oTi0WqKv"[(i * 7) % 41] for i in range(300))
    state = json.dumps({"cookies": [{"name": ".AspNetCore.Cookies", "value": value, "path": "/"}]}, indent=2)
    tx = Transcript()
    tx.user("Save the logged-in browser state for the e2e tests.")
    tx.tool_call("Write", {"file_path": "/srv/app/e2e/state.json", "content": state}, "File created")
    tx.assistant("Saved the storage state.")
    session = tx.write(tmp_path / "s.jsonl")
    result = CliRunner().invoke(app, ["parse", str(session), "-o", str(tmp_path / "w"), "-q"])
    assert result.exit_code == 0, result.output
    events = (tmp_path / "w" / "events.json").read_text(encoding="utf-8")
    assert ".AspNetCore.Cookies" in events  # the excerpt is there
    assert value[:8] not in events and value[40:48] not in events


# The other misses of holdout4 and holdout5, by class: a Wi-Fi key (in a supplicant's or an access point's
# config, and told in a sentence beside the network), a header set by subscript with DRF's `Token` scheme, a
# password in a table of fields and values, a host in a company's `int` zone.
OTHER_CLASSES = [
    ('network={\n    ssid="Harbour-5G"\n    psk="Lighthouse#2031"\n    key_mgmt=WPA-PSK\n}', "Lighthouse#2031"),
    ("interface=wlan0\nssid=Workshop\nwpa_passphrase=Otter&Mill77\n", "Otter&Mill77"),
    (
        "the printer should join the guest wifi, SSID Kelpie-Guest, and the key is Saffron!4410 so set it up",
        "Saffron!4410",
    ),
    ("Das WLAN heißt Werkstatt, der Schlüssel ist Eichhorn#2031, richte den Pi damit ein", "Eichhorn#2031"),
    (
        "api.defaults.headers['Authorization'] = 'Token 9fQ2kLw8ZrT4yXb7Nc3Vd6Hm1Jp5Gs0Ae2Uo';",
        "9fQ2kLw8ZrT4yXb7Nc3Vd6Hm1Jp5Gs0Ae2Uo",
    ),
    ('session.headers["Authorization"] = "Token Xy7Pq2Lm9Rt4Vb8Nc1Kd6Hs3Jf5Gw0Az"', "Xy7Pq2Lm9Rt4Vb8Nc1Kd6Hs3Jf5Gw0Az"),
    (
        "| field | value |\n|---|---|\n| user | `grafana` |\n| password | `otter-lantern-quartz-58` |",
        "otter-lantern-quartz-58",
    ),
    ("| Setting | Value |\n| --- | --- |\n| Password | Zephyr$Kite9 |", "Zephyr$Kite9"),
    ("rsync -av dist/ deploy@build.int.kestrelworks.io:/srv/www/", "build.int.kestrelworks.io"),
    ("the registry moved to registry.int.acme-labs.de, update the pull secret", "registry.int.acme-labs.de"),
]
OTHER_CLEAN = [
    "the key is to restart the router before pairing",
    "| setting | value |\n|---|---|\n| password | required |\n| password | min-length-8 |",
    "x = np.int.max; y = value.int.to_bytes(2)",
    'headers["Authorization"] = f"Token {api_token}"',
    "psk_mode = 'auto'",
]


@pytest.mark.parametrize(("text", "value"), OTHER_CLASSES)
def test_the_other_missed_classes_are_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


@pytest.mark.parametrize("text", OTHER_CLEAN)
def test_what_only_looks_like_them_is_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
