"""What the session itself said it did, and what it touched: the subjects of the commits it made and the
titles of the pull requests it opened. Written at the end of a piece of work, they are often its best one-line
summary."""

from __future__ import annotations

import re
from collections.abc import Iterable

from retell.events import TOOL_RUN, Event
from retell.extract.tools import SHELL_TOOLS, family, is_outcome_command

# git commit's own report of a commit it made: "[main 1a2b3c4] Subject" (a refused or failed commit has none)
_COMMITTED = re.compile(r"^\[[^\]\s]+(?: \(root-commit\))? [0-9a-f]{7,}\] (.+)$", re.M)
_PR_TITLE = re.compile(r"\bgh pr create\b.*?(?:--title|-t)[ =](?:\"([^\"]+)\"|'([^']+)')")
# Commits that say nothing about the work: merges, reverts, version bumps, work in progress, checkpoints.
_HOUSEKEEPING = re.compile(
    r"(?i)^(?:merge\b|revert\b|wip\b|bump\b|v?\d+\.\d+|release\b|chore(?:\(|:)|milestone:|checkpoint|"
    r"initial commit$|update readme$|fixup!|squash!)"
)


def session_summaries(events: Iterable[Event]) -> list[str]:
    """The titles of pull requests the session opened, then the subjects of the commits it made, in order;
    housekeeping commits left out. Only the main thread's (a subagent's commit is its own story)."""
    prs: list[str] = []
    commits: list[str] = []
    for event in events:
        if event.kind != TOOL_RUN or event.sidechain or event.abandoned:
            continue
        for call in event.calls or ():
            if call.name not in SHELL_TOOLS or call.error:
                continue
            pr = _PR_TITLE.search(call.target or "")
            if pr:
                prs.append((pr.group(1) or pr.group(2)).strip())
            if not is_outcome_command(call.target):
                continue  # (what `cat`, `git log` or a script printed is not a commit this session made)
            for subject in _COMMITTED.findall(call.output or ""):
                subject = subject.strip()
                if len(subject.split()) >= 3 and not _HOUSEKEEPING.match(subject):
                    commits.append(subject)
    return list(dict.fromkeys(prs + commits))


def best_summary(summaries: list[str], request: str | None) -> str | None:
    """The summary that shares the most words with what the author asked (the first on a tie): a session
    that made five commits is about the one its request was about."""
    if not summaries:
        return None
    asked = _words(request or "")
    return max(summaries, key=lambda s: (len(_words(s) & asked), -summaries.index(s)))


def _words(text: str) -> set[str]:
    return {w.lower()[:6] for w in re.findall(r"[A-Za-z]{4,}", text)}


def edited_names(events: Iterable[Event]) -> list[str]:
    """The file names (no folders) the work edited or wrote, when one or two: what "fix these" was about."""
    names = list(
        dict.fromkeys(
            re.split(r"[\\/]", c.target.rstrip("/\\"))[-1]
            for e in events
            if e.kind == TOOL_RUN and not e.sidechain and not e.abandoned
            for c in e.calls or ()
            if c.target and family(c.name) in ("edit", "write") and "/.claude/plans/" not in c.target
        )
    )
    return names if len(names) <= 2 else []
