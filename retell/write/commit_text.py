"""A `git commit` command's message, as the command line gives it: the material shows it under the run, and the
notes on what it says read it (retell/write/guessed_causes.py)."""

from __future__ import annotations

import re

# `git commit -m "…"` (or `--message`, `-am`), or its message in a heredoc (`-m "$(cat <<'EOF' … EOF)"`).
COMMIT = re.compile(r"\bgit\s+(?:-\S+\s+)*commit\b")
HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?[^\n]*\n(.*?)\n\s*\1\b", re.S)


def commit_message(command: str) -> str | None:
    """The message a `git commit` command line gives, its paragraphs joined; None when it gives none."""
    import shlex

    heredoc = HEREDOC.search(command)
    if heredoc:
        return " / ".join(p.strip() for p in heredoc.group(2).strip().split("\n\n") if p.strip()) or None
    match = COMMIT.search(command)
    try:
        words = shlex.split(command[match.end() :] if match else command)
    except ValueError:  # an unclosed quote: the command as it was recorded
        return None
    parts: list[str] = []
    for index, word in enumerate(words[:-1]):
        if word in ("-m", "--message") or (word.startswith("-") and not word.startswith("--") and word.endswith("m")):
            parts.append(words[index + 1].strip())
        if word in ("&&", ";", "||", "|"):
            break
    parts += [w.split("=", 1)[1] for w in words if w.startswith("--message=")]
    return " / ".join(p for p in parts if p) or None
