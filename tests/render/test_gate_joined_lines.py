"""A cleared post can always be published: when retell quotes a paste, it joins the lines of each paragraph
(`Cache Key:` on one line and its value on the next become `Cache Key: v0-…`), and a rule that reads a label and
a value on one line flags there what the session's own scan, and so triage, never listed. The gate judges such a
value as the author cleared it: the same words around it, only spaces, line breaks and Markdown's escapes
differing. A value in a new context (a label the session never put beside it) still stops the post."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import Transcript
from typer.testing import Result

# CI logs of several shapes, each a label on one line and its value (an opaque, token-looking cache key,
# build id or digest) on the next: none is a secret, and the parse flags none of them
PASTES = {
    "rust-cache": (
        "the cache never hits, look:\n\nRun Swatinem/rust-cache@v2\n  Cache Configuration\n"
        "  Restore Key:\n    v0-rust-test-Linux-x64-3b1e9d2a\n  Cache Key:\n"
        "    v0-rust-test-Linux-x64-3b1e9d2a-5fa92c17\n...\n  Restoring cache ...\n  No cache found."
    ),
    "setup-node": (
        "ci is slow again\n\nRun actions/setup-node@v4\n  Primary key:\n"
        "    node-cache-Linux-x64-npm-7f3a91c2d4e5b6a7f8091a2b3c4d5e6f7a8b9c0d\n  Cache Token:\n"
        "    Xa9Kq2Lm7Pz4Rt8Vw1Yb6Nc3Hd5Jf0Gs\nCache not found for input keys"
    ),
}


def _session(tmp: Path, paste: str) -> Path:
    tx = Transcript(cwd="/home/tess/oss/quillmark")
    tx.user(paste)
    tx.assistant("The key holds github.sha, so every commit misses the cache. I will key it on Cargo.lock.")
    tx.tool_call("Edit", {"file_path": "/home/tess/oss/quillmark/.github/workflows/ci.yml"}, "ok")
    tx.tool_call("Bash", {"command": "git commit -am 'ci: key the cargo cache on Cargo.lock'"}, "[main 1a2b3c4] ci")
    tx.assistant("Done: the cache key no longer changes with every commit.")
    return tx.write(tmp / "session.jsonl")


def _run(cli: Callable[..., Result], session: Path, out: Path) -> Result:
    return cli("run", session, "-o", out, "--yes", "--engine", "offline", "-t", "plain")


def test_a_quoted_paste_whose_lines_are_joined_is_published(cli: Callable[..., Result], tmp_path: Path) -> None:
    for name, paste in PASTES.items():
        out = tmp_path / name
        result = _run(cli, _session(tmp_path / f"s-{name}", paste), out)
        assert result.exit_code == 0, (name, result.output)
        post = next((out / "post").rglob("index.md")).read_text(encoding="utf-8")
        assert "Cache" in post  # the paste is told, not dropped


def test_the_same_value_beside_a_label_the_session_never_gave_it_still_stops(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    out = tmp_path / "w"
    assert _run(cli, _session(tmp_path / "s", PASTES["setup-node"]), out).exit_code == 0
    draft = out / "draft.md"
    text = draft.read_text(encoding="utf-8")
    draft.write_text(text + "\nThe API password is Xa9Kq2Lm7Pz4Rt8Vw1Yb6Nc3Hd5Jf0Gs for now.\n", encoding="utf-8")
    result = cli("render", out, "-o", tmp_path / "site")
    assert result.exit_code == 1, result.output
    assert "publish gate" in result.stderr
    assert "draft.md line" in result.stderr
