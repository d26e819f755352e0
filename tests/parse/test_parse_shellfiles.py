"""The files a shell command changes (extract/shellfiles.py): a command whose characters cannot name a change
is answered without splitting it into words, with the answer a split gives."""

from __future__ import annotations

import shlex

import pytest

from retell.extract import shellfiles
from retell.extract.shellfiles import files_changed_by

COMMANDS = [
    ("pytest -q tests/", []),
    ("STRIPE_SECRET_KEY=sk_live_0JNDUZV5N1p6lmVBlRrj2eTg ruff check .", []),
    ("ls -la src && git status", []),
    ("git mv old.py new.py", ["old.py"]),
    ("rm notes.txt", ["notes.txt"]),
    ("/bin/rm notes.txt", ["notes.txt"]),
    ("cat > notes.md <<EOF\nhello\nEOF", ["notes.md"]),
    ("echo hi >> log.txt", ["log.txt"]),
    ("sed -i 's/a/b/' app.py", ["app.py"]),
    ("'r'm quoted.txt", ["quoted.txt"]),  # (a quote inside the name: only a split sees `rm`)
    ("\\rm escaped.txt", ["escaped.txt"]),
    ("touch a.py b.py", ["a.py", "b.py"]),
    ("printf 'x' | tee out.txt", ["out.txt"]),
    ("npm run build", []),
    # after the command's own `cd`, its relative paths are in that folder (a real session's
    # `cd ~/site && git rm public/a.html` was counted as a file of the folder the session ran in)
    (
        "cd /Users/d/site && git rm public/a.html public/b.css",
        ["/Users/d/site/public/a.html", "/Users/d/site/public/b.css"],
    ),
    ("cd sub && rm x.txt && cd .. && touch y", ["sub/x.txt", "y"]),
    ("cd /r && echo hi > out.txt", ["/r/out.txt"]),
    ("cd - && rm x.txt /abs/z", ["/abs/z"]),  # (a folder it cannot know: its relative paths are left out)
    ("cd $DIR; rm x.txt", []),
]


@pytest.mark.parametrize(("command", "expected"), COMMANDS)
def test_the_files_a_command_changes(command: str, expected: list[str]) -> None:
    assert files_changed_by(command) == expected


def test_a_command_that_cannot_name_a_change_is_not_split(monkeypatch: pytest.MonkeyPatch) -> None:
    split: list[str] = []
    real = shlex.shlex

    def counted(line: str, *args: object, **kwargs: object) -> shlex.shlex:
        split.append(line)
        return real(line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(shellfiles.shlex, "shlex", counted)
    assert files_changed_by("GITHUB_TOKEN=ghp_x python -m atlas.ingest --dry-run data/sample.jsonl") == []
    assert files_changed_by("pytest -q && ruff check .") == []
    assert split == []
    assert files_changed_by("git rm -r docs/old") == ["docs/old"]
    assert split == ["git rm -r docs/old"]
