"""Redaction is total and inert: what `retell parse` flags is redacted whole wherever it recurs in the cleared
view, whatever shortened it; what retell writes for a decision is never flagged again; ordinary prose and an
account name that is an English word are left alone.

Every secret is fake, assembled at run time from a seeded generator.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Transcript, events, text_block, tool_use_block
from secrets_support import Fake, default_triage

from retell import jsonio
from retell.errors import SecretLeakError
from retell.events import EventLog
from retell.parse import ParseResult
from retell.redact import Redactor, all_texts, cleared_view, guard

fake = Fake(20261201)
TOKEN = "gh" + "p_" + fake.mixed(36)
PASSWORD = "Tr0ub4dor" + fake.chars(3, "0123456789") + "&x"
DB_PASSWORD = fake.mixed(10)
ACCESS_TOKEN = fake.mixed(40)


def view_of(result: ParseResult, tmp: Path) -> EventLog:
    return cleared_view(result.log, default_triage(result, tmp))


def dump(view: EventLog) -> str:
    return json.dumps(view.to_dict(), ensure_ascii=False)


def kinds(result: ParseResult) -> list[str]:
    return sorted(f["kind"] for f in result.manifest["pii_warnings"])


# -- redact first, shorten after -----------------------------------------------------------------------


def test_a_token_straddling_the_cut_of_a_long_bash_command_is_redacted_whole(
    tx: Transcript, parse, tmp_path: Path
) -> None:
    command = "cd /srv/app && " + "x" * 150 + f" && export GITHUB_TOKEN={TOKEN} && ./deploy.sh --all"
    assert command.index(TOKEN) < 199 < command.index(TOKEN) + len(TOKEN)  # the 200-character cut falls inside
    tx.user("deploy it")
    tx.tool_call("Bash", {"command": command}, "done")
    result = parse(tx)
    assert "github-token" in kinds(result)
    text = dump(view_of(result, tmp_path))
    assert TOKEN[:10] not in text
    assert "[REDACTED:github-token]" in text


def test_a_token_straddling_the_cut_of_a_search_pattern_is_redacted_whole(
    tx: Transcript, parse, tmp_path: Path
) -> None:
    pattern = "a" * 40 + " " + TOKEN  # the run summary quotes the pattern cut at 60 characters
    tx.user("find where the token is used")
    tx.tool_call("Grep", {"pattern": pattern}, "no matches")
    result = parse(tx)
    (run,) = events(result, "tool_run")
    assert TOKEN[:8] in run["summary"] and TOKEN in run["summary"]  # kept whole, so flagged whole
    text = dump(view_of(result, tmp_path))
    assert TOKEN[:8] not in text


def test_a_cookie_named_on_the_line_above_leaves_no_half_where_a_long_diff_line_is_cut(
    tx: Transcript, parse, tmp_path: Path
) -> None:
    # a browser's saved state: the value's name is a line above it, so the cut line alone is no secret to the
    # rules; a long machine-made run the cut would split goes whole into the "…"
    cookie = "CfDJ8" + fake.mixed(300)
    content = '{\n  "cookies": [\n    {\n      "name": ".AspNetCore.Cookies",\n'
    content += f'      "value": "{cookie}",\n      "path": "/"\n    }}\n  ]\n}}\n'
    tx.user("save the logged-in state for the e2e tests")
    tx.tool_call("Write", {"file_path": "/srv/app/e2e/state.json", "content": content}, "File created")
    result = parse(tx)
    text = dump(view_of(result, tmp_path))
    assert cookie[:12] not in text and cookie[40:52] not in text
    assert ".AspNetCore.Cookies" in text  # the lines around it are still told


def test_a_hex_key_named_on_the_line_above_leaves_no_half_where_a_long_diff_line_is_cut(
    tx: Transcript, parse, tmp_path: Path
) -> None:
    key = "".join(fake.chars(1, "0123456789abcdef") for _ in range(240))
    content = f'[signing]\nalgorithm = "ed25519"\n# the seed, hex:\n"{key}"\n'
    tx.user("store the signing seed for the tests")
    tx.tool_call("Write", {"file_path": "/srv/app/tests/signing.toml", "content": content}, "File created")
    text = dump(view_of(parse(tx), tmp_path))
    assert key[:16] not in text and key[60:76] not in text


def test_a_long_path_cut_by_the_limit_keeps_its_first_part(tx: Transcript, parse, tmp_path: Path) -> None:
    command = "ls " + "/srv/app/" + "/".join(f"folder{i}" for i in range(40))
    tx.user("list it")
    tx.tool_call("Bash", {"command": command}, "ok")
    result = parse(tx)
    assert "/srv/app/folder0/folder1" in dump(view_of(result, tmp_path))


# -- a flagged value recurs: with or without quotes, to its real end ---------------------------------------


def test_a_quoted_password_is_redacted_where_it_recurs_bare(tx: Transcript, parse, tmp_path: Path) -> None:
    tx.user(f'the config has password = "{PASSWORD}" for the admin')
    tx.assistant(f"I logged in with {PASSWORD} and it worked.")
    result = parse(tx)
    # (round thirteen: "logged in with X" tells a password of its own, so the bare sentence is found twice over)
    assert set(kinds(result)) <= {"password-assignment", "password-in-text"}
    assert "password-assignment" in kinds(result)
    text = dump(view_of(result, tmp_path))
    assert PASSWORD not in text
    assert re.search(r"I logged in with \[REDACTED:password-(?:assignment|in-text)\] and it worked\.", text)


def test_a_value_is_redacted_to_its_real_end(tx: Transcript, parse, tmp_path: Path) -> None:
    value = "Xy7;kq,9Lz" + fake.mixed(4)
    tx.user(f"set password={value} in the env file")
    result = parse(tx)
    text = dump(view_of(result, tmp_path))
    assert "kq,9Lz" not in text
    assert "set password=[REDACTED:password-assignment] in the env file" in text


def test_a_windows_home_folder_with_a_space_is_redacted_whole(make_transcript, parse, tmp_path: Path) -> None:
    tx = make_transcript(cwd="C:\\Users\\Alice Smith\\proj")
    tx.user("the zip is in C:\\Users\\Alice Smith\\Downloads\\build.zip")
    result = parse(tx)
    view = view_of(result, tmp_path)
    assert "Smith" not in dump(view)
    assert "~\\\\Downloads\\\\build.zip" in dump(view)


def test_the_account_name_is_matched_whatever_its_case(make_transcript, parse, tmp_path: Path) -> None:
    tx = make_transcript(cwd="/home/marguerite/proj")
    tx.user("run it as MARGUERITE@build-box, then push to https://github.com/Marguerite/shop")
    result = parse(tx)
    assert kinds(result) == ["username"]  # one flag, one decision: both spellings are the one account
    text = dump(view_of(result, tmp_path)).lower()
    assert "marguerite" not in text


def test_a_slash_command_name_is_scanned_and_redacted(tx: Transcript, parse, tmp_path: Path) -> None:
    tx.user(f"<command-name>/login {TOKEN}</command-name>\n<command-args></command-args>")
    result = parse(tx)
    (flag,) = result.manifest["pii_warnings"]
    assert flag["kind"] == "github-token"
    (command,) = events(result, "command")
    assert {"event": command["id"], "field": "name"} in flag["locations"]
    assert TOKEN not in dump(view_of(result, tmp_path))


def test_the_manifest_never_holds_a_path_with_a_token_in_it(tx: Transcript, parse) -> None:
    tx.user("read the cached credentials")
    tx.tool_call("Read", {"file_path": f"/tmp/cache/{TOKEN}/creds.json"}, "{}")
    tx.tool_call("Write", {"file_path": f"/srv/proj/{TOKEN}.txt", "content": "x"}, "ok")
    result = parse(tx)
    assert TOKEN.encode() not in jsonio.dumps(result.manifest)
    assert "[REDACTED:github-token]" in json.dumps(result.manifest["files"])


# -- placeholders are inert: no false stops ----------------------------------------------------------------


def _session_with_everything(tx: Transcript) -> None:
    tx.user(f"DB password is set: password={PASSWORD}")
    tx.user(f"DATABASE_URL=postgres://app:{DB_PASSWORD}@db.internal:5432/shop")
    tx.tool_call("Bash", {"command": f"curl 'https://api.acme-corp.io/v1/me?access_token={ACCESS_TOKEN}'"}, "{}")
    tx.assistant("Connected.")


def test_the_cleared_view_passes_the_guard(tx: Transcript, parse, tmp_path: Path) -> None:
    """`password=[REDACTED:password-assignment]` (and the same after a connection string or `access_token=`)
    is not a new secret: the guard that stops requests and the publish gate let the cleared view through."""
    _session_with_everything(tx)
    result = parse(tx)
    # (`db.internal` after the password's `@` is a host only a private network resolves: personal data)
    assert kinds(result) == ["connection-string", "internal-host", "password-assignment", "url-token"]
    view = view_of(result, tmp_path)
    text = dump(view)
    for value in (PASSWORD, DB_PASSWORD, ACCESS_TOKEN):
        assert value not in text
    assert "password=[REDACTED:password-assignment]" in text
    guard(all_texts(view), Redactor.for_log(result.log, {}), "the cleared view")


def test_an_authors_replacement_is_never_flagged_again(tx: Transcript, parse, tmp_path: Path) -> None:
    _session_with_everything(tx)
    result = parse(tx)
    triage = default_triage(result, tmp_path)
    for decision in triage.secrets.values():
        decision.action, decision.replacement = "replace", "hunter2-not-real"
    view = cleared_view(result.log, triage)
    assert "password=hunter2-not-real" in dump(view)
    guard(all_texts(view), Redactor.for_log(result.log, triage.secrets), "the cleared view")


# -- ordinary prose is not a secret, an English-word account name is not a secret ----------------------------


def test_prose_and_code_are_not_flagged_and_a_word_is_not_redacted_later(tx: Transcript, parse, tmp_path: Path) -> None:
    tx.user("The secret: TypeScript's inference narrows the union once you check the discriminant.")
    tx.tool_call("Read", {"file_path": "/srv/app/settings.py"}, "")
    tx.assistant("password: Optional[str] = None is the field; the key comes from settings.SECRET_KEY.")
    tx.assistant("TypeScript handles it now.")
    result = parse(tx)
    assert result.manifest["pii_warnings"] == []
    assert "TypeScript handles it now." in dump(view_of(result, tmp_path))


@pytest.mark.parametrize("name", ["will", "may"])
def test_an_account_name_that_is_an_english_word_leaves_prose_alone(
    make_transcript, parse, tmp_path: Path, name: str
) -> None:
    tx = make_transcript(cwd=f"/home/{name}/shop")
    tx.user(f"I {name} fix the login bug; it {name} take an hour. The repo is in /home/{name}/shop.")
    tx.tool_call("Bash", {"command": f"ssh {name}@devbox 'cd shop && git pull'"}, "")
    result = parse(tx)
    view = view_of(result, tmp_path)
    text = dump(view)
    assert f"I {name} fix the login bug; it {name} take an hour." in text
    assert f"{name}@devbox" not in text and f"/home/{name}" not in text
    guard(all_texts(view), Redactor.for_log(result.log, {}), "the cleared view")


def test_retells_own_prompt_and_template_text_is_never_held_against_the_author() -> None:
    """Whatever the account name (an English word, a common first name), the shipped prompts, output
    templates and locale strings hold nothing the scanner flags."""
    from retell.secrets import Scanner

    root = Path(__file__).resolve().parents[2]
    names = ("will", "may", "mark", "the", "post", "you", "write", "draft", "Alice Smith")
    scanner = Scanner(usernames=names)
    # (and the words retell puts in a post in each language: `作者发出的消息` is no author's name)
    files = [*(root / "prompts").glob("*"), *(root / "templates").glob("*"), *(root / "retell" / "data").glob("*.yaml")]
    assert len(files) > 5
    found = {p.name: [(f.kind, f.value) for f in scanner.scan(p.read_text(encoding="utf-8"))] for p in files}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_guard_names_where_the_secret_came_from_never_the_secret(tx: Transcript, parse) -> None:
    _session_with_everything(tx)
    result = parse(tx)
    redactor = Redactor.for_log(result.log, {})
    with pytest.raises(SecretLeakError) as caught:
        guard([("section 2 prompt", f"we used {PASSWORD} there")], redactor, "the draft prompt")
    assert "password-assignment" in str(caught.value) and "section 2 prompt" in str(caught.value)
    assert PASSWORD not in str(caught.value)


def test_subagent_text_and_titles_are_cleared_too(tx: Transcript, parse, tmp_path: Path) -> None:
    tx.add({"type": "custom-title", "customTitle": f"Deploy with {TOKEN}", "sessionId": tx.session_id})
    tx.user("check CI")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": "CI", "prompt": f"mysql -u root -p{PASSWORD} ci"}, tool_id))
    tx.tool_result(tool_id, [text_block(f"Authorization: Bearer {ACCESS_TOKEN}")])
    result = parse(tx)
    text = dump(view_of(result, tmp_path))
    for value in (TOKEN, PASSWORD, ACCESS_TOKEN):
        assert value not in text


def test_a_capitalised_repeat_is_found_beside_a_turkish_dotted_capital_i() -> None:
    """The review of stop 36: `İ` lower-cases to two characters, and the search for a known value repeated in
    another case gave up on the whole text (`İstanbul: AB3DE…` kept the value)."""
    from retell.redact import Redactor
    from retell.secrets import Scanner

    value = "aB3dE5gH7jK9mN1pQ3sT5vX7"
    redactor = Redactor("s", {}, Scanner(), {value: ("generic-api-key", "secret")})
    for text in (f"Title: {value.upper()} used", f"İstanbul: {value.upper()} used", f"İ {value} İ {value.upper()}"):
        cleared = redactor.text(text)
        assert value.lower() not in cleared.lower(), cleared
        assert cleared.startswith(text[:2])  # (the rest of the text in place)


def _repeats_one_find_per_value(redactor: Redactor, haystack: str) -> list[tuple[str, str, int, int, str]]:
    """What `_repeats` found before it looked for every value in one pass: one `str.find` loop per value and form
    (the known values longest first, then the long ones lower-cased and without their padding)."""
    from retell.redact import _PADDING, _Spans

    out, taken = [], _Spans()
    ordered = sorted(redactor.known, key=len, reverse=True)
    searches = [(haystack, value, value) for value in ordered]
    lowered = haystack.replace("\u0130", "I").lower()
    searches += [
        (lowered, value, form)
        for value in ordered
        if len(value) >= redactor.ALTERED_MIN_LENGTH
        for form in sorted({value.lower(), value.rstrip(_PADDING).lower()}, key=len, reverse=True)
        if len(form) >= redactor.ALTERED_MIN_LENGTH
    ]
    for text, value, form in searches:
        start = text.find(form)
        while start >= 0:
            end = start + len(form)
            if taken.add(start, end):
                out.append((*redactor.known[value], start, end, value))
            start = text.find(form, end)
    return out


def test_known_values_repeated_are_found_in_one_pass_as_one_search_per_value_found_them() -> None:
    """Every known value's repeats found in one Aho-Corasick pass (a render asked each text for ~450 values, twice,
    one `str.find` each: ~0.8 s of a 100 MB session's render), with the same findings in the same order: values
    inside others, overlapping ones, a value overlapping itself (`aaaaaa` in `aaaaaaaaa`), two values of one lower
    case, padding trimmed, `İ`; the automatons made once for the same known values."""
    from retell.secrets import Scanner

    known = {
        "aB3dE5gH7jK9mN1pQ3sT5vX7==": ("generic-api-key", "secret"),
        "AB3DE5GH7JK9MN1PQ3ST5VX7": ("generic-api-key", "secret"),
        "gH7jK9mN": ("password-assignment", "secret"),
        "aaaaaa": ("password-assignment", "secret"),
        "sam@example.com": ("email", "personal"),
        "example.com-sam@example.com-x": ("email", "personal"),
        "Zz9-Token-Value-0042--": ("generic-api-key", "secret"),
    }
    redactor = Redactor("s", {}, Scanner(), dict(known))
    texts = [
        "aB3dE5gH7jK9mN1pQ3sT5vX7== and AB3DE5GH7JK9MN1PQ3ST5VX7 and ab3de5gh7jk9mn1pq3st5vx7",
        "aaaaaaaaa aaaaaa aaaaaaaaaaaa gH7jK9mNgH7jK9mN",
        "İstanbul: AB3DE5GH7JK9MN1PQ3ST5VX7== İ zz9-token-value-0042 Zz9-Token-Value-0042--",
        "mail sam@example.com or example.com-sam@example.com-x, SAM@EXAMPLE.COM",
        "nothing known here",
        "",
    ]
    for text in texts:
        found = [(f.kind, f.category, f.start, f.end, f.value) for f in redactor._repeats(text, None)]
        assert found == _repeats_one_find_per_value(redactor, text), text
    searches = redactor._searches
    redactor._repeats(texts[0], None)
    assert redactor._searches is searches  # (the same known values: the same automatons)
    redactor.known["gH7jK9mNgH7j"] = ("password-assignment", "secret")
    found = [(f.kind, f.category, f.start, f.end, f.value) for f in redactor._repeats(texts[1], None)]
    assert found == _repeats_one_find_per_value(redactor, texts[1])
