"""What a real model answering retell's prompts in the loop wrote (a Dutch post on a Helm chart's probes), and a
blind editor reading the post against the session had to edit, each traced to what the material or the prompts gave
or withheld, asserted on the prompt a model receives, built from sessions in Claude Code's record format written for
these tests (other files, languages and figures than that session's):

1. An edit held more than Claude's words about it (a probe's period doubled, never named), and the post repeated
   Claude's "liveness stays fast": a value an edit changes that no words of Claude's in its turn name is marked.
2. A command line's own `|| echo 'fallback'` line told as the program's output.
3. "another probe" where the edit changed the readinessProbe: an edit whose diff does not show where it is named
   the block or function it changed, from the file as the session held it.
4. The half of a check's output that proved the change (the new key rendering) cut from a long output: lines
   that match an edit's new lines are kept.
5. The description repeating the title, a heading's pronoun with nothing to refer to, Claude's pronoun switching
   between sections, a heading promising an answer its material lacks, the author's belief told as fact.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block as _event_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from prompt_support import section_prompts as _section_prompts
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

START = datetime(2026, 12, 4, 9, 0, tzinfo=timezone.utc)
CWD = "/home/noor/src/shop"
PROJECTS = "claude/projects/-home-noor-src-shop"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _numbered(text: str) -> str:
    """A file as Claude Code's Read tool returns it to the model: each line behind its number."""
    return "\n".join(f"{n:>6}→{line}" for n, line in enumerate(text.split("\n"), 1))


def _edit(tx: Transcript, path: str, old: str, new: str) -> None:
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/{path}", "old_string": old, "new_string": new},
        f"The file {path} has been updated.",
    )


def _block_with(prompt: str, needle: str) -> str:
    """The block of the first event whose lines hold `needle`."""

    for match in re.finditer(r"^\[(e\d+)\] .*(?:\n  .*)*", prompt, re.M):
        if needle in match.group(0):
            return match.group(0)
    raise AssertionError(f"{needle!r} in no event block")


# -- 1. a value an edit changes that Claude's words never name -----------------------------------------------------

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
spec:
  template:
    spec:
      containers:
        - name: cart
          image: "{{ .Values.image }}"
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            initialDelaySeconds: 20
            periodSeconds: 4
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /ready
              port: http
            initialDelaySeconds: 8
            periodSeconds: 4"""

LIVENESS_OLD = """          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            initialDelaySeconds: 20
            periodSeconds: 4
            failureThreshold: 3"""

LIVENESS_NEW = """          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 4
            failureThreshold: {{ .Values.probes.startupFailures }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 12
            failureThreshold: 3"""


def _probes(reply: str, after: str = "Klaar.", language_ask: str = "cart komt niet op na de deploy") -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user(language_ask)
    tx.tick(10)
    tx.tool_call("Read", {"file_path": f"{CWD}/charts/cart/templates/deployment.yaml"}, _numbered(DEPLOYMENT))
    tx.tick(10)
    tx.assistant(reply, usage_=usage())
    _edit(tx, "charts/cart/templates/deployment.yaml", LIVENESS_OLD, LIVENESS_NEW)
    tx.tick(5)
    _edit(
        tx,
        "charts/cart/templates/deployment.yaml",
        "            initialDelaySeconds: 8\n            periodSeconds: 4",
        "            periodSeconds: 4",
    )
    tx.tick(5)
    tx.assistant(after, usage_=usage())
    return tx


@pytest.mark.parametrize(
    ("reply", "language"),
    [
        (
            "Liveness geeft 20 s + 3×4 s. Een `startupProbe` houdt liveness tegen tot de app gezond is, en liveness "
            "blijft daarna snel.",
            "nl",
        ),
        ("Eine `startupProbe` hält die Liveness zurück, bis die App gesund ist; danach bleibt sie streng.", "de"),
        ("A `startupProbe` holds liveness back until the app is healthy once; liveness stays fast after that.", "en"),
    ],
)
def test_a_value_changed_without_claudes_words_is_marked(tmp_path: Path, reply: str, language: str) -> None:
    block = _block_with(_outline_prompt(_parse(tmp_path, _probes(reply), language)), "changed charts/cart")
    assert "no words of Claude's in this turn name it: `periodSeconds` 4 → 12" in block, block


def test_a_value_claude_names_is_not_marked(tmp_path: Path) -> None:
    reply = "A `startupProbe` holds liveness back; I also raise periodSeconds to 12 so liveness checks less often."
    block = _block_with(_outline_prompt(_parse(tmp_path, _probes(reply))), "changed charts/cart")
    assert "no words of Claude's" not in block, block


def test_a_value_claude_names_after_the_edit_is_not_marked(tmp_path: Path) -> None:
    tx = _probes("A `startupProbe` it is.", after="Done; the liveness periodSeconds went to 12 to cut probe traffic.")
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), "changed charts/cart")
    assert "no words of Claude's" not in block, block


@pytest.mark.parametrize(
    ("path", "old", "new", "reply", "expected"),
    [
        (
            "app/fetch.py",
            "RETRIES = 3\nTIMEOUT = 30\n",
            "RETRIES = 5\nTIMEOUT = 60\n",
            "Ich erhöhe RETRIES auf 5, damit ein kurzer Ausfall nicht durchschlägt.",
            "`TIMEOUT` 30 → 60",
        ),
        (
            "config/db.json",
            '  "pool": 10,\n  "max_connections": 100\n',
            '  "pool": 20,\n  "max_connections": 400\n',
            "Le pool passe à 20 connexions.",
            "`max_connections` 100 → 400",
        ),
        (
            "Cargo.toml",
            'edition = "2021"\nopt-level = 2\n',
            'edition = "2021"\nopt-level = 3\n',
            "Building with a newer toolchain.",
            "`opt-level` 2 → 3",
        ),
    ],
)
def test_a_setting_changed_in_any_format_without_words_is_marked(
    tmp_path: Path, path: str, old: str, new: str, reply: str, expected: str
) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("fix it please")
    tx.tick(10)
    tx.assistant(reply, usage_=usage())
    _edit(tx, path, old, new)
    tx.tick(5)
    tx.assistant("OK.", usage_=usage())
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), f"changed {path}")
    assert f"no words of Claude's in this turn name it: {expected}" in block, block


def test_the_instructions_say_a_diff_can_hold_more_than_claudes_words(tmp_path: Path) -> None:
    work = _parse(tmp_path, _probes("A `startupProbe` holds liveness back."))
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "tell what the diff does" in prompt
        assert "made without a stated reason" in prompt
        assert "never repeat a claim of Claude's that the diff shown contradicts" in prompt


# -- 2. a command line's own echo --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "output", "echoed", "operator"),
    [
        (
            "grep -n 'probes' charts/cart/values.yaml || echo 'geen probes key'",
            "geen probes key",
            "geen probes key",
            "||",
        ),
        ("rg -n TODO src/ || echo NONE", "NONE", "NONE", "||"),
        ('test -f .env && echo "found .env" || echo "no .env here"', "no .env here", "no .env here", "||"),
        ("make check && echo BUILD-OK", "cc -o shop main.c\nBUILD-OK", "BUILD-OK", "&&"),
    ],
)
def test_a_line_the_command_lines_own_echo_printed_is_marked(
    tmp_path: Path, command: str, output: str, echoed: str, operator: str
) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("kijk even")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, output)
    tx.tick(5)
    tx.assistant("Zo.", usage_=usage())
    block = _event_block(_outline_prompt(_parse(tmp_path, tx)), "e2")
    assert f"`{echoed}` is the command line's own `echo`, after `{operator}`" in block, block


def test_a_programs_own_line_is_not_marked(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("kijk even")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "grep -n probes values.yaml || echo 'none'"}, "12:probes:")
    tx.tick(5)
    tx.assistant("Zo.", usage_=usage())
    block = _event_block(_outline_prompt(_parse(tmp_path, tx)), "e2")
    assert "own `echo`" not in block, block


# -- 3. where an edit changed the file -----------------------------------------------------------------------------


def test_an_edit_whose_diff_does_not_say_where_names_its_block(tmp_path: Path) -> None:
    block = _block_with(_outline_prompt(_parse(tmp_path, _probes("A `startupProbe`."))), "edit 2 of 2")
    unit = next(line for line in block.splitlines() if "edit 2 of 2" in line)
    assert "within `readinessProbe:`" in unit, block


FETCH_PY = """import time

RETRIES = 3


def fetch(url):
    for attempt in range(RETRIES):
        try:
            return get(url, timeout=5)
        except Timeout:
            time.sleep(1)
    raise FetchError(url)


def parse(body):
    return json.loads(body)"""

SERVER_GO = """package relay

import "time"

func (s *Server) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	deadline := time.Now().Add(5 * time.Second)
	return s.drain(deadline)
}"""


@pytest.mark.parametrize(
    ("path", "content", "old", "new", "place"),
    [
        (
            "shop/fetch.py",
            FETCH_PY,
            "            time.sleep(1)",
            "            time.sleep(2 ** attempt)",
            "def fetch(url):",
        ),
        (
            "relay/server.go",
            SERVER_GO,
            "\tdeadline := time.Now().Add(5 * time.Second)",
            "\tdeadline := time.Now().Add(30 * time.Second)",
            "func (s *Server) Shutdown(ctx context.Context) error {",
        ),
    ],
)
def test_an_edit_in_code_names_its_function(
    tmp_path: Path, path: str, content: str, old: str, new: str, place: str
) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("make it back off")
    tx.tick(5)
    tx.tool_call("Read", {"file_path": f"{CWD}/{path}"}, _numbered(content))
    tx.tick(5)
    tx.assistant("Backing off.", usage_=usage())
    _edit(tx, path, old, new)
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), f"changed {path}")
    unit = next(line for line in block.splitlines() if f"changed {path}" in line)
    assert f"within `{place}`" in unit, block


def test_an_edit_to_a_file_never_read_names_no_place(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("make it back off")
    tx.tick(5)
    _edit(tx, "shop/fetch.py", "            time.sleep(1)", "            time.sleep(2 ** attempt)")
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), "changed shop/fetch.py")
    assert "within" not in block, block


# -- 4. the lines of a check's output that show the change -------------------------------------------------------

RENDERED = [
    "==> Linting charts/cart",
    "[INFO] Chart.yaml: icon is recommended",
    "1 chart(s) linted, 0 chart(s) failed",
    "startupProbe:",
    "  httpGet:",
    "    path: /healthz",
    "    port: http",
    "  periodSeconds: 4",
    "  failureThreshold: 30",
    "livenessProbe:",
    "  httpGet:",
    "    path: /healthz",
    "    port: http",
    "  periodSeconds: 12",
    "  failureThreshold: 3",
]


def test_a_long_outputs_lines_that_match_an_edits_new_lines_are_kept(tmp_path: Path) -> None:
    tx = _probes("A `startupProbe`.")
    tx.tool_call(
        "Bash",
        {"command": "helm lint charts/cart && helm template cart charts/cart | yq '.spec.template.spec.containers[0]'"},
        "\n".join(RENDERED),
    )
    tx.tick(5)
    tx.assistant("Rendert.", usage_=usage())
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), "helm lint")
    assert "startupProbe:" in block, block
    assert "failureThreshold: 30" in block, block  # the template's placeholder, rendered


def test_an_added_config_line_is_kept_from_the_middle_of_a_dump(tmp_path: Path) -> None:
    dump = [f"    # line {n} of the configuration" for n in range(30)]
    dump.insert(17, "    client_max_body_size 50m;")
    tx = Transcript(cwd=CWD, start=START)
    tx.user("uploads over 1 MB fail with 413")
    tx.tick(5)
    _edit(tx, "nginx/shop.conf", "    client_max_body_size 1m;", "    client_max_body_size 50m;")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "nginx -T 2>/dev/null"}, "\n".join(dump))
    tx.tick(5)
    tx.assistant("Loaded.", usage_=usage())
    block = _block_with(_outline_prompt(_parse(tmp_path, tx)), "nginx -T")
    assert "client_max_body_size 50m;" in block, block


# -- 5. the plan's and the sections' words ---------------------------------------------------------------------


def test_the_plan_is_told_what_the_description_and_headings_must_not_do(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _probes("A `startupProbe`."), "nl"))
    task = prompt[prompt.index("# Your task") :]
    assert "adds what the title does not say, never its words again" in task
    assert "no pronoun whose noun is not in it" in task
    assert "a heading that asks a question (why?) only when the material holds its answer" in task


def test_the_instructions_keep_one_name_for_claude_and_the_authors_belief_as_theirs(tmp_path: Path) -> None:
    work = _parse(tmp_path, _probes("A `startupProbe`."), "nl")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "in a language whose pronouns carry a gender" in prompt
        assert "what the author believed at the start that the session later shows otherwise" in prompt


def test_an_output_line_shows_an_added_line_whatever_pattern_it_matches() -> None:
    """The lines shown for a change are those an added line's pattern (a template's line, its placeholders any
    value) matches, found only among the patterns whose first character is the line's: the same lines as trying
    every pattern, for patterns that start with a placeholder, with a literal, and many of them."""
    import re

    from retell.extract.new_lines import MAX_SHOWN, NewLines

    added = NewLines()
    templates = [f"  name{n}: {{{{ .Values.name{n} }}}}" for n in range(60)]
    templates += [f"{{{{ .Release.Name }}}}-worker{n}: ready" for n in range(30)]
    templates += ["url: ${BASE_URL}/v2/items", "image: {{ .Values.image }}:latest", "plain added line"]
    added.add("\n".join("+" + t for t in templates))
    every = [
        re.compile(".+?".join(re.escape(p) for p in re.split(r"\{\{.*?\}\}|\$\{[^}]*\}", t.strip())) + r"\Z")
        for t in templates[-(len(added._patterns) + 1) : -1]
    ]
    lines = [f"name{n}: api-{n}" for n in range(40)] + ["prod-worker7: ready", "url: https://x.io/v2/items"]
    lines += ["image: registry/app:1.2:latest", "plain added line", "name3 api", "worker: ready", ""]
    expected: set[int] = set()
    for number, line in enumerate(lines):
        text = line.strip()
        if text == "plain added line" or any(p.match(text) for p in every):
            expected.add(number)
    shown = added.shown_in(lines)
    assert shown == set(sorted(expected)[:MAX_SHOWN]) and len(expected) > MAX_SHOWN
    assert added.shown_in(lines[40:]) == {n - 40 for n in expected if n >= 40}
