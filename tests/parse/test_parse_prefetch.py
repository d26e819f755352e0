"""A big transcript read on two cores (claude/prefetch.py) gives exactly what reading it in one process does.

The child process goes through the lines with the reader's own code; here the size threshold is lowered so
that small files with every oddity the reader handles take that path too.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from conftest import Transcript, image_block, make_png, text_block, tool_use_block

from retell import cores
from retell.claude import prefetch
from retell.claude.locate import SessionRef
from retell.errors import InputError
from retell.extract import images
from retell.parse import ParseOptions, parse_to_workdir, transcript
from retell.secrets import scanner as scanner_module
from retell.secrets import twocores

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "parse"
EXAMPLE = ROOT / "examples" / "claude" / "projects" / "-home-sam-src-tidyfeeds"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="two-core reading is Linux only")


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file read on two cores (whatever its size, and whatever threads other tests left running:
    they are idle); returns the files that were."""
    read: list[Path] = []
    records = prefetch.records

    def counted(reader, fh):  # type: ignore[no-untyped-def]
        read.append(reader.path)
        return records(reader, fh)

    monkeypatch.setattr(prefetch, "PREFETCH_MIN", 0)
    monkeypatch.setattr(cores.threading, "active_count", lambda: 1)
    monkeypatch.setattr(prefetch, "records", counted)
    return read


def _outputs(paths: list[Path], out: Path, **options: bool) -> tuple[str, str]:
    parse_to_workdir([SessionRef(p, p.stem) for p in paths], out, ParseOptions(**options))
    manifest = json.loads((out / "manifest.json").read_text())
    manifest.pop("artifacts")  # (the events.json hash: compared through the events themselves)
    return (out / "events.json").read_text(), json.dumps(manifest, sort_keys=True)


def _messy(tmp_path: Path) -> Path:
    """A session with noise to skip, links to note, a snapshot, a malformed line, blank lines and a last
    line still being written."""
    tx = Transcript()
    tx.user("Run the linter, then the tests.")
    tool_id = tx.new_tool_id()
    tx.assistant(text_block("Running them."), tool_use_block("Bash", {"command": "pytest -q"}, tool_id))
    tx._base("progress", body={"data": {"type": "bash_progress", "output": "..."}})  # skipped, linked
    tx.tool_result(tool_id, "=== 1 failed, 4 passed in 0.2s ===", is_error=True)
    tx.add({"type": "file-history-snapshot", "messageId": "m1", "snapshot": {"trackedFileBackups": {"a.py": {}}}})
    tx.assistant("One test fails.")
    hook = tx.add(
        {
            "parentUuid": tx.last_uuid,
            "isSidechain": False,
            "cwd": tx.cwd,
            "sessionId": tx.session_id,
            "type": "progress",
            "data": {"type": "hook_progress", "hookEvent": "Stop"},
            "timestamp": tx.tick(),
            "uuid": tx.new_uuid(),
        }
    )
    tx.last_uuid = hook["uuid"]  # the next prompts hang off a record the reader never decodes: a rewind
    tx.user("Fix it.")
    tx.assistant("Fixed.")
    tx.last_uuid = hook["uuid"]
    tx.user("Wait: fix the test instead.")
    tx.assistant("The test is fixed.")
    path = tx.write(tmp_path / "messy.jsonl")
    lines = path.read_bytes().split(b"\n")
    lines.insert(3, b"")
    lines.insert(5, b'{"type": "user", "message": ')  # malformed
    path.write_bytes(b"\n".join(lines).rstrip(b"\n") + b'\n{"type":"assistant","mess')
    return path


@pytest.mark.parametrize(
    "name", ["bom_crlf", "malformed_middle", "truncated_last_line", "lone_surrogate", "invalid_utf8", "unknown_types"]
)
def test_a_fixture_reads_the_same_on_two_cores(name: str, tmp_path: Path, two_cores: list[Path]) -> None:
    path = FIXTURES / f"{name}.jsonl"
    prefetch.PREFETCH_MIN = 1 << 62  # one process first
    alone = _outputs([path], tmp_path / "one")
    prefetch.PREFETCH_MIN = 0
    assert _outputs([path], tmp_path / "two") == alone
    assert two_cores == [path]


def test_a_messy_session_and_the_example_read_the_same_on_two_cores(tmp_path: Path, two_cores: list[Path]) -> None:
    messy = _messy(tmp_path)
    example = sorted(EXAMPLE.glob("*.jsonl"))
    prefetch.PREFETCH_MIN = 1 << 62
    alone = [_outputs([messy], tmp_path / "m1"), _outputs(example, tmp_path / "e1")]
    prefetch.PREFETCH_MIN = 0
    assert [_outputs([messy], tmp_path / "m2"), _outputs(example, tmp_path / "e2")] == alone
    assert messy in two_cores and set(example) <= set(two_cores)
    manifest = json.loads(alone[0][1])
    assert manifest["malformed"]["count"] == 1 and manifest["malformed"]["truncated_last_line"]
    assert manifest["counts"]["abandoned_branches"] == 1  # found through the skipped record's link
    assert manifest["records"]["by_type"]["file-history-snapshot"] == 1


def test_strict_mode_stops_at_the_malformed_line_on_two_cores(tmp_path: Path, two_cores: list[Path]) -> None:
    with pytest.raises(InputError, match=r"malformed_middle.jsonl:\d+: malformed JSON line \(--strict\)"):
        _outputs([FIXTURES / "malformed_middle.jsonl"], tmp_path / "w", strict=True)
    assert two_cores


def test_images_are_verified_by_the_reading_child_with_the_same_results(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pasted image, a screenshot returned twice and a corrupt PNG: the same assets, sizes and warnings,
    and the parser itself verifies none of them (the child did, ahead of it)."""
    tx = Transcript()
    tx.user([text_block("Here is the layout."), image_block(make_png((6, 4)))])
    screenshot = image_block(make_png((8, 5), (10, 200, 10)))
    for _ in range(2):
        tx.tool_result(tx.tool_call("mcp__playwright__browser_take_screenshot", {}, result=None), [screenshot])
    corrupt = b"\x89PNG\r\n\x1a\n" + b"not really a png" * 4
    tx.tool_result(tx.tool_call("Read", {"file_path": "/tmp/x.png"}, result=None), [image_block(corrupt)])
    path = tx.write(tmp_path / "images.jsonl")
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    verified: list[int] = []
    verify = images._verify
    monkeypatch.setattr(images, "_verify", lambda data: verified.append(len(data)) or verify(data))
    prefetch.PREFETCH_MIN = 0
    assert _outputs([path], tmp_path / "two") == alone
    assert sorted(p.name for p in (tmp_path / "two" / "assets").iterdir()) == sorted(
        p.name for p in (tmp_path / "one" / "assets").iterdir()
    )
    manifest = json.loads(alone[1])
    assert sorted((i["width"], i["height"]) for i in manifest["images"]) == [(6, 4), (8, 5)]
    assert any("corrupt" in w for w in manifest["warnings"])
    assert verified == []  # (the child's calls are in its own copy of this process)


def test_each_image_is_decoded_once_by_the_reading_child_and_never_by_the_parser(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On two cores the child decodes, verifies and writes each image; the parser names the image of a block
    from its text and decodes none (each screenshot's base64 was decoded twice: by the child to verify it, by
    the parser to write it). An image only in a tool's `toolUseResult` copy, which the story never shows,
    leaves no file behind, as on one core."""
    tx = Transcript()
    tx.user([text_block("Here is the layout."), image_block(make_png((6, 4)))])
    screenshot = image_block(make_png((8, 5), (10, 200, 10)))
    for _ in range(2):
        call = tx.tool_call("mcp__playwright__browser_take_screenshot", {}, result=None)
        tx.tool_result(call, [screenshot], tool_use_result=[screenshot])
    hidden = image_block(make_png((3, 3), (1, 2, 3)))
    call = tx.tool_call("Read", {"file_path": "/tmp/y.png"}, result=None)
    tx.tool_result(call, "Read an image.", tool_use_result={"file": {"type": "image", "source": hidden["source"]}})
    path = tx.write(tmp_path / "images.jsonl")
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    decoded: list[int] = []
    decode = images.decode_base64
    monkeypatch.setattr(images, "decode_base64", lambda text: decoded.append(len(text)) or decode(text))
    prefetch.PREFETCH_MIN = 0
    assert _outputs([path], tmp_path / "two") == alone
    assert decoded == []  # (the child's decoding is in its own copy of this process)
    names = sorted(p.name for p in (tmp_path / "two" / "assets").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "one" / "assets").iterdir())
    assert len(names) == 2 == len(json.loads(alone[1])["images"])


def _deploy_log(path: Path, turns: int) -> Path:
    """A session with a token, an email, a key id and a home folder in every turn: many flags to scan for."""
    tx = Transcript()
    for turn in range(turns):
        tx.user(f"Step {turn}: deploy with token ghp_Zq8cV2nL4mX7pR1sT9wY3bK6dF0hJ{turn:05d}Qu, as sam@build.")
        tx.assistant(f"Deployed step {turn}; the key AKIA{turn:04d}QWERTYUIOPAS is in /home/sam/.aws.")
    return tx.write(path)


def test_the_secret_scan_starts_on_what_is_told_once_the_reading_child_is_done(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the reading child has gone through the file, a child scans the texts told so far while the
    parser decodes the rest; the flags are the same as a scan in one process."""
    path = _deploy_log(tmp_path / "secrets.jsonl", turns=40)
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    prefetch.PREFETCH_MIN = 0
    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(prefetch._Child, "done", lambda child: True)  # (done after its first batch, here)
    starts: list[dict[str, object]] = []
    start_ahead = transcript.start_ahead

    def counted(scanner, texts, **options):  # type: ignore[no-untyped-def]
        starts.append(options)
        return start_ahead(scanner, texts, **options)

    monkeypatch.setattr(transcript, "start_ahead", counted)
    assert _outputs([path], tmp_path / "two") == alone
    # (the first start, any on what was told since the child was done, the split after reading)
    assert set(starts[0]) == {"child_share", "feed"} and set(starts[-1]) == {"earlier"}
    first, more = {"child_share", "feed"}, {"child_share", "earlier", "least", "feed"}
    assert all(set(options) in (first, more) for options in starts[1:-1])
    assert len(json.loads(alone[1])["pii_warnings"]) > 40  # (a token a turn, and more)


def test_each_time_the_scan_child_is_done_it_is_fed_what_was_told_since(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parser may take much longer than the reading child (the project's own shape: three times): once the
    child scanning the texts told so far is done, it is handed those told since (one child, its rules compiled
    once), so the second core does not sit idle; the flags are the same as a scan in one process."""
    path = _deploy_log(tmp_path / "secrets.jsonl", turns=300)
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    prefetch.PREFETCH_MIN = 0
    monkeypatch.setattr(scanner_module, "_SCANNED_AHEAD", {})  # (an earlier test's findings: scanned again)
    monkeypatch.setattr(twocores, "SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(twocores, "FOLLOW_MIN_CHARS", 0)
    monkeypatch.setattr(prefetch._Child, "done", lambda child: True)
    finished = twocores.Ahead.finished

    def done_soon(ahead: twocores.Ahead) -> bool:  # (the child is given time to finish)
        deadline = time.monotonic() + 30
        while not finished(ahead) and time.monotonic() < deadline:
            time.sleep(0.005)
        return finished(ahead)

    monkeypatch.setattr(twocores.Ahead, "finished", done_soon)
    forks: list[int] = []
    fork = os.fork

    def counted_fork() -> int:
        pid = fork()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(cores.os, "fork", counted_fork)
    fed: list[int] = []
    extend = cores.Shared.extend

    def counted_extend(shared: cores.Shared, more):  # type: ignore[no-untyped-def]
        extend(shared, more)
        fed.append(len(shared.theirs))

    monkeypatch.setattr(cores.Shared, "extend", counted_extend)
    assert _outputs([path], tmp_path / "two") == alone
    assert len(fed) >= 2 and fed == sorted(fed)  # (handed to the child as told, and the rest at the end)
    assert len(forks) == 2  # (the reading child and one scan child, however often it was fed)


def test_the_parser_reads_none_of_an_images_base64_once_the_child_has_told_it(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Images are most of a screenshot-heavy session's bytes: once the reading child has told what an image
    is, the parser reads its line without the base64 text (a short stand-in in its place), with the same
    results as one process: pasted images on a first line after a BOM, a screenshot and its `toolUseResult`
    copy shown twice, a text only the forgiving decoder reads (read whole, as before), a corrupt PNG."""
    import base64
    import os

    from conftest import make_jpeg

    tx = Transcript()
    pasted = [image_block(make_png((40, 30))), image_block(make_jpeg((30, 20)), "image/jpeg")]
    tx.user([text_block("Here is the layout."), *pasted])
    screenshot = image_block(make_png((50, 40), (10, 200, 10)))
    for _ in range(2):
        call = tx.tool_call("mcp__playwright__browser_take_screenshot", {}, result=None)
        tx.tool_result(call, [text_block("Took it."), screenshot], tool_use_result=[screenshot])
    loose = base64.b64encode(make_png((7, 7), (9, 9, 9))).decode()
    loose_block = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": loose[:8] + " " + loose[8:]},
    }
    tx.tool_result(tx.tool_call("Read", {"file_path": "/tmp/loose.png"}, result=None), [loose_block])
    corrupt = image_block(b"\x89PNG\r\n\x1a\n" + b"not really a png" * 40)
    tx.tool_result(tx.tool_call("Read", {"file_path": "/tmp/x.png"}, result=None), [corrupt])
    path = tx.write(tmp_path / "images.jsonl")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    read: list[int] = []
    pread = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, at: read.append(n) or pread(fd, n, at))
    prefetch.PREFETCH_MIN = 0
    assert _outputs([path], tmp_path / "two") == alone
    assert sorted(p.name for p in (tmp_path / "two" / "assets").iterdir()) == sorted(
        p.name for p in (tmp_path / "one" / "assets").iterdir()
    )
    manifest = json.loads(alone[1])
    assert sorted((i["width"], i["height"]) for i in manifest["images"]) == [(7, 7), (30, 20), (40, 30), (50, 40)]
    assert any("corrupt" in w for w in manifest["warnings"])
    strict = [b["source"]["data"] for b in (*pasted, screenshot, screenshot, screenshot, screenshot, corrupt)]
    assert sum(read) <= path.stat().st_size - sum(map(len, strict)) + 200  # (stand-ins and the BOM)


@pytest.mark.parametrize("moves", [False, True])
def test_the_parser_scans_the_texts_told_so_far_while_it_waits_for_the_reading_child(
    tmp_path: Path, two_cores: list[Path], monkeypatch: pytest.MonkeyPatch, moves: bool
) -> None:
    """Instead of waiting for the reading child's next lines, the parser scans the texts told so far for
    secrets, a few events at a time; the flags are those of a scan in one process, also when the session
    moves to another home folder half way (another account name to flag: the texts are scanned again)."""
    tx = Transcript()
    for turn in range(40):
        if moves and turn == 20:
            tx.cwd = "/home/alex/src/app"
        tx.user(f"Step {turn}: deploy with token ghp_Zq8cV2nL4mX7pR1sT9wY3bK6dF0hJ{turn:05d}Qu, as sam@build.")
        tx.assistant(f"Deployed step {turn}; the key AKIA{turn:04d}QWERTYUIOPAS is in /home/alex/.aws.")
    path = tx.write(tmp_path / "secrets.jsonl")
    prefetch.PREFETCH_MIN = 1 << 62
    alone = _outputs([path], tmp_path / "one")
    prefetch.PREFETCH_MIN = 0
    monkeypatch.setattr(prefetch._Pipe, "ready", lambda pipe: False)  # (the child's lines never there before a wait)
    monkeypatch.setattr(prefetch, "_READ_STEP", 64)  # (so that the parser reads, and waits, many times)
    steps: list[int] = []
    step = transcript._ScanWhileWaiting.step

    def counted(self):  # type: ignore[no-untyped-def]
        more = step(self)
        steps.append(self.done if more else -1)
        return more

    monkeypatch.setattr(transcript._ScanWhileWaiting, "step", counted)
    assert _outputs([path], tmp_path / "two") == alone
    assert any(done > 0 for done in steps)  # (events scanned while waiting)
    assert len(json.loads(alone[1])["pii_warnings"]) > 40
