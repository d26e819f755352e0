"""A shell command written over several lines was told by its first line only: events.json kept a Bash call's
target cut at the first newline (`python manage.py shell -c " …`, `psql <<'SQL' …`, `cat > fix.py <<'EOF' …`),
so no prompt showed what the script did. In a real-model Korean post the editor found "Claude inserted test data"
where the script UPDATEd existing rows, and a `migrate -v0` re-apply between a rollback and the tests left out,
both inside the cut part (stop 45).

Now the call keeps its whole command in `command` (within a bound, with an honest "… (N more lines)"), scanned and
redacted as every other text is; the material shows its lines under the call where the story needs them (a script
whose output is told, one whose effect the next words rest on); the one-line target stays what summaries, headings
and the named commands use. Sessions in Claude Code's record format, in Python, SQL, shell, PowerShell, Kubernetes
and SSH, in Korean, English, German, French and Spanish (other names, tables and figures than the session's).
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, outline_prompt, parse_work, runner, section_prompts
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)

from retell.cli import app
from retell.events import EVENTS_SCHEMA_VERSION

START = datetime(2027, 1, 11, 8, 30, tzinfo=timezone.utc)
CWD = "/home/mira/src/ledger"
PROJECTS = "claude/projects/-home-mira-src-ledger"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _calls(work: Path) -> list[dict]:
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    return [c for e in events for c in e.get("calls") or () if c["name"] in ("Bash", "PowerShell")]


def _call_of(work: Path, needle: str) -> dict:
    return next(c for c in _calls(work) if needle in c.get("command", c.get("target", "")))


def _blocks(work: Path, needle: str) -> list[str]:
    """The event block holding `needle`'s call in the outline's prompt and in every section prompt that tells it."""
    out = []
    for prompt in (outline_prompt(work), *section_prompts(work)):
        for match in re.finditer(r"^\[(e\d+)\] .*(?:\n  .*)*", prompt, re.M):
            if needle in match.group(0).split("\n", 1)[0]:
                out.append(event_block(prompt, match.group(1)))
    assert out, f"no event line names {needle!r}"
    return out


# -- the shapes: a script run inline, its output told --------------------------------------------------------------

DJANGO = (
    'python manage.py migrate billing 0031_invoice_currency -v0 && python manage.py shell -c "\n'
    "from django.db import connection\n"
    "with connection.cursor() as c:\n"
    '    c.execute(\\"UPDATE billing_invoice SET paid = (id % 4 = 0) WHERE paid IS NULL\\")\n'
    "    c.execute('SELECT count(*) FILTER (WHERE paid), count(*) FROM billing_invoice')\n"
    "    print('before', c.fetchone())\n"
    '" && python manage.py migrate -v0 && python manage.py test billing -v1 2>&1 | tail -3'
)


def _django_session() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("0032 마이그레이션이 paid 값을 제대로 옮기는지 로컬에서 확인해 주세요")
    tx.tick(5)
    tx.assistant("로컬 DB에서 되돌린 뒤 값을 채우고 다시 적용해 테스트까지 돌려 볼게요.", usage_=usage())
    tx.tick(20)
    tx.tool_call("Bash", {"command": DJANGO, "description": "Rollback, fill, re-apply, test"},
                 "before (912, 3650)\n----------------------------------------------------------------------\n"
                 "Ran 41 tests in 5.120s\nOK")  # fmt: skip
    tx.tick(10)
    tx.assistant("적용 전 912건, 테스트 41개 통과했습니다.", usage_=usage())
    return tx


def test_a_django_shell_script_is_kept_whole_and_shown_under_its_call(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _django_session(), PROJECTS, "ko")
    call = _call_of(work, "billing_invoice")
    assert call["command"] == DJANGO.strip()  # the whole command, as written
    assert call["target"].endswith(" …") and "\n" not in call["target"]  # the one line stays the target
    for block in _blocks(work, "manage.py migrate billing"):
        assert "UPDATE billing_invoice SET paid" in block, block  # what the script did to the rows
        assert "python manage.py migrate -v0 && python manage.py test billing" in block, block  # the re-apply
        assert "before (912, 3650)" in block, block  # with its output


PSQL = (
    "psql \"$STAGING_URL\" -v ON_ERROR_STOP=1 <<'SQL'\n"
    "BEGIN;\n"
    "DELETE FROM login_tokens WHERE expires_at < now() - interval '7 days';\n"
    "REINDEX TABLE login_tokens;\n"
    "COMMIT;\n"
    "SQL"
)
CAT_FIX = (
    "cat > fix_dates.py <<'EOF'\n"
    "import csv, sys\n"
    "rows = list(csv.DictReader(open('termine.csv')))\n"
    "for row in rows:\n"
    "    row['faellig'] = row['faellig'].replace('.', '-')\n"
    "csv.DictWriter(sys.stdout, rows[0].keys()).writerows(rows)\n"
    "print(len(rows), file=sys.stderr)\n"
    "EOF\n"
    "python fix_dates.py > termine_fixed.csv"
)
SSH = "ssh db1 '\nsudo -u postgres vacuumdb --analyze --table=audit_log shop\nsudo systemctl restart shop-api\n'"
KUBECTL = 'kubectl exec deploy/api -n prod -- sh -c "\nrm -rf /var/cache/api/*\nkill -HUP 1\necho flushed\n"'
POWERSHELL = (
    '$body = @"\n'
    '{ "name": "nightly-export", "schedule": "0 3 * * *", "retries": 2 }\n'
    '"@\n'
    "Invoke-RestMethod -Method Post -Uri https://ci.example.test/api/jobs -Body $body "
    "-ContentType 'application/json'"
)
PYTHON_C = (
    'python3 -c "\n'
    "import json\n"
    "cfg = json.load(open('feeds.json'))\n"
    "for feed in cfg['feeds']:\n"
    "    feed['timeout'] = 30\n"
    "json.dump(cfg, open('feeds.json', 'w'), indent=2)\n"
    "print(len(cfg['feeds']), 'feeds')\n"
    '"'
)

SHAPES = [
    # (language, tool, command, output, Claude's next words, a line of the script the post needs, its target's start)
    ("en", "Bash", PSQL, "BEGIN\nDELETE 4312\nREINDEX\nCOMMIT", "Removed 4312 stale login tokens on staging.",
     "DELETE FROM login_tokens WHERE expires_at < now() - interval '7 days';", "psql"),
    ("de", "Bash", CAT_FIX, "57", "Das Skript hat 57 Termine umgeschrieben.",
     "row['faellig'] = row['faellig'].replace('.', '-')", "cat > fix_dates.py"),
    ("fr", "Bash", SSH, "vacuumdb: vacuuming database \"shop\"", "La table audit_log est nettoyée et l'API redémarrée.",
     "sudo systemctl restart shop-api", "ssh db1"),
    ("es", "Bash", KUBECTL, "flushed", "Caché vaciada y la API recargó su configuración.",
     "kill -HUP 1", "kubectl exec deploy/api"),
    ("en", "PowerShell", POWERSHELL, "id     : 42\nstatus : scheduled", "The nightly export job is scheduled (id 42).",
     '"schedule": "0 3 * * *"', "Invoke-RestMethod"),
    ("en", "Bash", PYTHON_C, "14 feeds", "All 14 feeds now time out after 30 seconds.",
     "feed['timeout'] = 30", "python3 -c"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "tool", "command", "output", "words", "needed", "first"), SHAPES)
def test_each_shape_of_script_reaches_the_material(
    tmp_path: Path, language: str, tool: str, command: str, output: str, words: str, needed: str, first: str
) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("please clean this up on the server" if language == "en" else "bitte / s'il te plaît / por favor")
    tx.tick(5)
    tx.tool_call(tool, {"command": command}, output)
    tx.tick(10)
    tx.assistant(words, usage_=usage())
    work = parse_work(tmp_path, tx, PROJECTS, language)
    call = _call_of(work, needed)
    assert call["command"] == command.strip()
    assert "\n" not in call["target"]
    for block in _blocks(work, first):
        assert needed in block, block
        assert output.splitlines()[0] in block, block


# -- what stays one line ----------------------------------------------------------------------------------------


def test_a_one_line_command_and_a_commit_message_keep_no_second_copy(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("commit it")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "pytest -q tests/test_ledger.py"}, "12 passed in 0.31s")
    commit = "git commit -m \"$(cat <<'EOF'\nledger: round totals half-even\n\nThe report summed floats.\nEOF\n)\""
    tx.tool_call("Bash", {"command": commit}, "[main 1a2b3c4] ledger: round totals half-even\n 1 file changed")
    tx.tick(5)
    tx.assistant("Committed.", usage_=usage())
    work = parse_work(tmp_path, tx, PROJECTS)
    for call in _calls(work):
        assert "command" not in call, call  # the target already says it all on one line


def test_summaries_and_named_commands_use_the_one_line_target(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("clean the staging tokens, then check the count")
    tx.tick(5)
    tx.tool_call("Bash", {"command": PSQL}, "BEGIN\nDELETE 4312\nREINDEX\nCOMMIT")
    tx.tool_call("Bash", {"command": "psql \"$STAGING_URL\" -tc 'SELECT count(*) FROM login_tokens'"}, "  88")
    tx.tick(5)
    tx.assistant("4312 removed, 88 left.", usage_=usage())
    work = parse_work(tmp_path, tx, PROJECTS)
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    run = next(e for e in events if e["kind"] == "tool_run")
    assert "DELETE FROM" not in run["summary"] and "\n" not in run["summary"]
    prompt = outline_prompt(work)
    head = next(line for line in prompt.splitlines() if line.startswith(f"[{run['id']}] TOOLS:"))
    assert "DELETE FROM" not in head and "psql \"$STAGING_URL\" -v ON_ERROR_STOP=1 <<'SQL' …" in head, head
    assert "DELETE FROM login_tokens" in event_block(prompt, run["id"])  # under it, the script's lines


# -- the bound -----------------------------------------------------------------------------------------------------


def test_a_long_heredoc_is_kept_to_its_bound_with_an_honest_count(tmp_path: Path) -> None:
    body = [f"INSERT INTO rates VALUES ({n}, 'EUR', {n / 100:.2f});" for n in range(1, 181)]
    command = "psql \"$DB\" <<'SQL'\n" + "\n".join(body) + "\nSQL\npsql \"$DB\" -c 'ANALYZE rates'"
    tx = Transcript(cwd=CWD, start=START)
    tx.user("load the rates")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, "INSERT 0 1\n" * 3 + "ANALYZE")
    tx.tick(5)
    tx.assistant("Loaded 180 rates.", usage_=usage())
    work = parse_work(tmp_path, tx, PROJECTS)
    kept = _call_of(work, "INSERT INTO rates")["command"]
    lines = kept.splitlines()
    assert len(lines) <= 60 and len(kept) <= 4000
    note = next(line for line in lines if re.fullmatch(r"… \(\d+ more lines\)", line))
    hidden = int(re.search(r"\d+", note).group(0))  # type: ignore[union-attr]
    assert hidden == len(command.splitlines()) - (len(lines) - 1)  # every line left out counted, none invented
    assert lines[0] == "psql \"$DB\" <<'SQL'" and lines[-1] == "psql \"$DB\" -c 'ANALYZE rates'"  # both ends


def test_a_key_block_in_a_heredoc_is_never_cut_through(tmp_path: Path) -> None:
    body = ["b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"] * 40
    key = "\n".join(["-----BEGIN OPENSSH PRIVATE KEY-----", *body, "-----END OPENSSH PRIVATE KEY-----"])
    command = "\n".join([*(f"echo step {n}" for n in range(30)), "cat > ~/.ssh/deploy <<'EOF'", key, "EOF",
                         "chmod 600 ~/.ssh/deploy"])  # fmt: skip
    tx = Transcript(cwd=CWD, start=START)
    tx.user("install the deploy key")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, "")
    work = parse_work(tmp_path, tx, PROJECTS)
    kept = _call_of(work, "echo step 0")["command"]
    # the block is there whole (so flagged whole and redacted whole) or not at all
    assert ("-----BEGIN OPENSSH" in kept) == ("-----END OPENSSH" in kept), kept
    assert kept.count("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ") in (0, 40)


# -- secrets: flagged, redacted in every prompt and the post, never in the call log --------------------------------

TOKEN = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc" + "Xq9w"


def test_a_token_inside_a_heredoc_is_flagged_and_never_leaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    command = (
        "cat > .env.staging <<'EOF'\n"
        "APP_ENV=staging\n"
        f"STRIPE_SECRET_KEY={TOKEN}\n"
        "EOF\n"
        "docker compose --env-file .env.staging up -d api"
    )
    tx = Transcript(cwd=CWD, start=START)
    tx.user("write the staging env file and restart the api")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, "Container ledger-api-1  Started")
    tx.tick(5)
    tx.assistant("The api runs with the staging env file now.", usage_=usage())
    path = tx.write(tmp_path / PROJECTS / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    assert TOKEN in _call_of(work, "STRIPE_SECRET_KEY")["command"]  # events.json keeps the session as it was
    ok(runner.invoke(app, ["triage", str(work), "-q"]))
    triage = (work / "triage.yaml").read_text(encoding="utf-8")
    assert re.search(r"- id: \S+\n\s+action: redact", triage), triage  # flagged, for the author to decide
    assert TOKEN not in triage
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["render", str(work), "-q"]))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    prompts = [p.read_text(encoding="utf-8") for p in (work / "llm").rglob("*.prompt.md")]
    assert any("STRIPE_SECRET_KEY=" in p for p in prompts), "the script's lines reach the prompts"
    for folder in ("llm", "post", "handoff"):
        for file in (work / folder).rglob("*") if (work / folder).exists() else ():
            if file.is_file():
                assert TOKEN.encode() not in file.read_bytes() and b"4eC39HqLyjWD" not in file.read_bytes(), file
    assert TOKEN not in (work / "draft.md").read_text(encoding="utf-8")


# -- the material's budget -----------------------------------------------------------------------------------------


def test_a_script_nothing_rests_on_is_not_shown_and_the_room_is_bounded(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("tidy the fixtures")
    tx.tick(5)
    quiet = "python3 - <<'EOF'\nimport pathlib\nfor p in pathlib.Path('fixtures').glob('*.tmp'):\n    p.unlink()\nEOF"
    tx.tool_call("Bash", {"command": quiet}, "")
    tx.tool_call("Bash", {"command": "ls fixtures | wc -l"}, "31")
    for n in range(12):  # many scripts whose output is told: the room for their lines is bounded
        script = 'python3 -c "\n' + "\n".join(f"x{n}_{k} = {k} * {n}  # padding line {k}" for k in range(25)) + '\n"'
        tx.tool_call("Bash", {"command": script}, f"run {n} ok")
        tx.tick(2)
        tx.assistant(f"Run {n} ok.", usage_=usage())
    work = parse_work(tmp_path, tx, PROJECTS)
    prompt = outline_prompt(work)
    assert "p.unlink()" not in prompt  # no output told, no words after it take it up: its one line is enough
    shown = prompt.count("# padding line 3\n")
    assert 1 <= shown < 12, shown  # the first scripts whole, the rest left to their line…
    assert "not shown here" in prompt  # …and said to be left out, never silently


# -- the format: deterministic, versioned, an older folder re-parsed ---------------------------------------------


def test_events_json_is_byte_identical_for_the_same_input(tmp_path: Path) -> None:
    tx = _django_session()
    path = tx.write(tmp_path / PROJECTS / f"{tx.session_id}.jsonl")
    first, second = tmp_path / "a", tmp_path / "b"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(first), "-q"]))
    ok(runner.invoke(app, ["parse", str(path), "-o", str(second), "-q"]))
    assert (first / "events.json").read_bytes() == (second / "events.json").read_bytes()


def test_the_format_is_versioned_and_an_older_folder_is_parsed_again(tmp_path: Path) -> None:
    assert EVENTS_SCHEMA_VERSION >= 2
    tx = _django_session()
    path = tx.write(tmp_path / PROJECTS / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    data = json.loads((work / "events.json").read_text(encoding="utf-8"))
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
    assert data["schema_version"] == manifest["events_schema_version"] == EVENTS_SCHEMA_VERSION
    # a folder an older retell wrote: its events lack the whole commands
    for event in data["events"]:
        for call in event.get("calls") or ():
            call.pop("command", None)
    data["schema_version"] = 1
    manifest["events_schema_version"] = 1
    (work / "events.json").write_text(json.dumps(data), encoding="utf-8")
    (work / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    refused = runner.invoke(app, ["triage", str(work), "-q"])
    assert refused.exit_code != 0 and "re-run `retell parse`" in refused.output, refused.output
    ok(runner.invoke(app, ["run", str(path), "-o", str(work), "--engine", "offline"]))  # stops at the gate
    again = json.loads((work / "events.json").read_text(encoding="utf-8"))
    assert again["schema_version"] == EVENTS_SCHEMA_VERSION
    assert any("command" in c for e in again["events"] for c in e.get("calls") or ())
