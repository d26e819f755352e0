"""What the session itself said it did, and what it touched: the subjects of the commits it made and the
titles of the pull requests it opened. Written at the end of a piece of work, they are often its best one-line
summary."""

from __future__ import annotations

import re
from collections.abc import Iterable

from retell.events import TOOL_RUN, Event
from retell.extract.phrasing import PHRASE_CHARS, as_phrase, is_verb, request_phrase
from retell.extract.tools import SHELL_TOOLS, family, run_lines
from retell.lazyre import lazy

# git commit's own report of a commit it made: "[main 1a2b3c4] Subject" (a refused or failed commit has none)
_COMMITTED = lazy(r"^\[[^\]\s]+(?: \(root-commit\))? [0-9a-f]{7,}\] (.+)$", re.M)
# The message a command gave `git commit`: `-m "…"`, `-qm '…'`, `-am "…"` (a quiet commit prints no subject)
_COMMIT_MESSAGE = lazy(r"\bgit\s+commit\b[^;&|]*?\s-[a-zA-Z]*m\s*(?:\"((?:[^\"\\]|\\.)+)\"|'([^']+)')")
# A command that makes a commit of this session's work (`git commit`, or a pull request's own) …
_MAKES_A_COMMIT = lazy(r"\bgit(?:\s+-[cC]\s+\S+)*\s+commit\b")  # (`git -C repo commit`, `git -c k=v commit`)
# … and one that commits nothing else: a cherry-pick, a rebase or a merge in the same command prints old subjects
_COMMITS_ONLY = lazy(r"^(?!.*\bgit\s+(?:cherry-pick|rebase|merge|am|revert)\b)", re.S)
_EMPTY_COMMIT = lazy(r"\bgit\s+commit\b[^;&|]*\s--allow-empty\b")
_PR_TITLE = lazy(r"\bgh pr create\b.*?(?:--title|-t)[ =](?:\"([^\"]+)\"|'([^']+)')")
# Commits that say nothing about the work: merges, reverts, version bumps, work in progress, checkpoints (a bump
# followed by another change is work: "Bump werkzeug 3.0.6; ProxyFix so sitemap uses https"; so is a thing named
# "Bump …" that frames its changes: "Bump bar support: keyboard selection, …", a kitchen display's bump bar).
_HOUSEKEEPING = lazy(
    r"(?i)^(?:merge\b|revert\b|wip\b|bump\b(?![^;]*;\s*\w)"
    r"(?!(?!\s+(?:deps|dependencies|versions?|packages)\b)(?:\s+[^\W\d][\w-]*){1,3}:\s)|"
    r"v?\d+\.\d+|release\b|chore(?:\(|:)|milestone:|checkpoint|"
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
            ran = run_lines(call)  # (every part of it: a commit chained after a heredoc's end is one)
            pr = _PR_TITLE.search(ran)
            if pr:
                prs.append((pr.group(1) or pr.group(2)).strip())
            if not _MAKES_A_COMMIT.search(ran):
                continue  # (what `cat`, `git log` or a script printed is not a commit this session made)
            if _EMPTY_COMMIT.search(ran):
                continue  # an empty commit (`--allow-empty`, to trigger a build) changed nothing: no story
            # (a cherry-pick or a rebase prints the subjects of older commits: work done before, not here)
            subjects = _COMMITTED.findall(call.output or "") if _COMMITS_ONLY.search(ran) else []
            if not subjects:  # `git commit -qm "…"` printed nothing: the command says what it committed
                messages = _COMMIT_MESSAGE.finditer(ran)
                subjects = [_subject(m.group(1) or m.group(2)) for m in messages]
            for subject in subjects:
                subject = without_tags(subject.strip())
                if _says_enough(subject) and not _HOUSEKEEPING.match(subject):
                    commits.append(subject)
    return list(dict.fromkeys(prs + commits))


SUBJECT_WORDS = 3  # a subject of fewer words ("fix", "wip stuff") says nothing of the work
SUBJECT_CJK = 6  # … or of fewer Japanese or Chinese characters, a script written without spaces


def _says_enough(subject: str) -> bool:
    """Whether a subject is long enough to say the work: three words, or six CJK characters ("修复订单导出的时区问题"
    is one "word" to str.split)."""
    cjk = len(re.findall(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]", subject))
    return len(subject.split()) >= SUBJECT_WORDS or cjk >= SUBJECT_CJK


# A ticket or a mark in front of a subject or after it ("[PAY-412] ", "PAY-412: ", "WIP: ", "[wip] ", " (#88)"): a
# tracker's, never a reader's
_TAGS = lazy(
    r"^(?:\s*(?:\[[^\]\n]{1,24}\]|[A-Z][A-Z0-9]+-\d+\b\s*[:—–-]?|WIP\b\s*[:!-]?|wip\b\s*[:!-]?|#\d+\s*[:—–-]))+\s*|"
    r"\s*(?:\((?:#\d+|[A-Z][A-Z0-9]+-\d+)\)|\[[A-Z][A-Z0-9]+-\d+\])$"
)
# A conventional commit's type and scope, or a lower-case scope ("fix(api)!: ", "ci: ", "orders: ", "Feat: ")
_SCOPE = lazy(
    r"^(?:(?i:feat|fix|chore|ci|docs?|refactor|tests?|perf|build|style|revert|hotfix)|[a-z][\w./-]*)"
    r"(?:\([^)\n]{1,30}\))?!?:\s+(?=\S)"
)


def without_tags(subject: str) -> str:
    """A commit's subject without a ticket tag or a WIP mark ("[PAY-412] Handle empty rows" -> "Handle empty
    rows"); its scope stays (commit_phrase says where from it: "Fixing N+1 in search")."""
    return _TAGS.sub("", subject).strip()


def without_scope(subject: str) -> str:
    """A subject as a title: no type, scope or tag ("orders: merge 0014 migrations" -> "Merge 0014 migrations")."""
    text = _SCOPE.sub("", without_tags(subject), count=1)
    return text[:1].upper() + text[1:] if text else subject


# Where a message's subject ends: a line break, or the " / " that joins its paragraphs on the command's line
# (retell/extract/tools.py) before a body: a list item ("- pin surefire 3.3.1") or a paragraph of prose. A short
# "A / B" inside a subject ("Fix login / signup redirect") is the subject's own.
_BODY_JOIN = lazy(r" / (?=[-*•] |\d+[.)] |(?:(?!/\s)\S+\s+){6})")  # six words before any next " / "


def _subject(message: str) -> str:
    """A commit message's subject: its first line, without the body a multi-line `-m` joined to it."""
    first = message.split("\n")[0]
    return _BODY_JOIN.split(first, maxsplit=1)[0]


def best_summary(summaries: list[str], request: str | None) -> str | None:
    """The summary that shares the most words with what the author asked (the first on a tie): a session
    that made five commits is about the one its request was about."""
    if not summaries:
        return None
    asked = _words(request or "")
    return max(summaries, key=lambda s: (len(_words(s) & asked), -summaries.index(s)))


# An issue named by its number in front of a commit's subject ("Fix #412: parse date-only values…"): the
# number tells a reader nothing, the rest says what was done
_ISSUE_REF = r"(?i)^(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)?\s*\(?#\d+\)?\s*[:—–-]\s*(?=\w)"


# A thing named "Bump …" in front of its changes ("Bump bar support: …"; a version bump is housekeeping)
_BUMP_THING = lazy(r"^(Bump(?: [a-z][\w-]*){1,2}): (?=\S)")


def names_a_bump_thing(subject: str) -> bool:
    """Whether a subject opens on a thing named "Bump …" ("Bump bar support: keyboard selection, …"), not a verb."""
    return bool(_BUMP_THING.match(subject))


def commit_phrase(subject: str, limit: int = PHRASE_CHARS) -> str:
    """A commit's subject said as what was done: its issue number out ("Fix #412: parse date-only values…" ->
    "Parsing date-only values…"), a scope in front of verbs out and changes joined by "and" ("Fly: bind
    0.0.0.0:$PORT; make /healthz cheap" -> "Binding 0.0.0.0:$PORT and making /healthz cheap")."""
    text = re.sub(_ISSUE_REF, "", subject.strip())
    # a "Bump …" subject that is no version bump (_HOUSEKEEPING) names a thing of two or three words framing a list
    # of nouns ("Bump bar support: keyboard selection, Orders.bump/1, …", a kitchen display's bump bar): its name,
    # not "Bumping…"
    framing = _BUMP_THING.match(text)
    if framing:
        items = [i.strip() for i in re.split(r",\s+", text[framing.end() :]) if i.strip()]
        if len(items) >= 2 and not any(is_verb(i.split(" ", 1)[0].lower()) for i in items):
            return f"{framing.group(0)}{', '.join(items[:-1])} and {items[-1]}"
    scoped = re.match(r"^[\w.-]+(?: [\w.-]+)?(?:\([\w.-]+\))?!?:\s+(?=[a-z])", text)
    # a conventional commit's scope ("vpc!:", "fix(api):") is a scope whatever follows it; a plain one only before a
    # verb ("Fly: bind…"; not "Docker: cache-friendly…")
    marked = scoped and re.search(r"[!)]:", scoped.group(0))
    # a one-word lower-case scope is a component's ("api: count abandoned ingests", "parse: zero-copy parser"):
    # a scope whatever follows it, as a blind reader found "Api: …" and "Parse: …" titles kept it
    component = scoped and scoped.group(0)[:1].islower() and " " not in scoped.group(0).rstrip()
    if scoped and (marked or component or is_verb(text[scoped.end() :].split(" ", 1)[0])):
        text = text[scoped.end() :]
    # a lower-case scope before a subject in another script ("billing: 0042 마이그레이션 충돌 해결"): a scope, which
    # no reader of that language takes for the first word of a title
    foreign = re.match(r"^[a-z][\w.-]*(?:\([\w.-]+\))?!?:\s+(?=.*[^\x00-\u024f\u1e00-\u1eff\W\d_])", text)
    if foreign:
        text = text[foreign.end() :]
    # changes joined by ";" or by a comma in front of a verb ("extract useOrdersQuery, abort stale requests"):
    # each said the same way ("Extracting useOrdersQuery and aborting stale requests"), not one of two forms
    parts = _joined_asides(text, [p.strip() for p in re.split(r";\s+|,\s+(?:and\s+)?", text) if p.strip()])
    if len(parts) == 2 and all(request_phrase(p) and as_phrase(p).split(" ", 1)[0].endswith("ing") for p in parts):
        first, second = (as_phrase(p, limit=limit) for p in parts)
        return f"{first} and {second[:1].lower()}{second[1:]}"
    phrase = as_phrase(parts[0] if parts else text, limit=limit)
    noted = _NOTED.search(phrase)
    if noted and phrase.split(" ", 1)[0].endswith("ing"):
        # "search: fix N+1 (select/prefetch), SearchPagination 20/50": the change without the notes after it,
        # and where it was when it is short ("Fixing N+1 in search")
        phrase = phrase[: noted.start()]
        if scoped and len(phrase.split()) <= 3 and scoped.group(0).count(" ") == 1:
            phrase += f" in {scoped.group(0).rstrip(': !')}"
    return phrase


# A name and a figure after a comma, with no verb ("…, SearchPagination 20/50"): a commit's notes
_NOTED = lazy(r",\s+[A-Z0-9][\w./+-]*(?:\s+[\w./+-]+){0,2}$(?<=\d)")


def _joined_asides(text: str, parts: list[str]) -> list[str]:
    """The parts split at a comma, joined back where the comma did not stand in front of a verb ("Fix the
    parser, which broke…" is one change)."""
    joined: list[str] = []
    for part in parts:
        verb = part.split(" ", 1)[0]
        listed = joined and not is_verb(joined[-1].split(" ", 1)[0])  # "dependency cache, test sharding": nouns
        if joined and (listed or not is_verb(verb)) and not re.search(rf";\s+{re.escape(part)}", text):
            joined[-1] = f"{joined[-1]}, {part}"
        else:
            joined.append(part)
    return joined


def shorthand(phrase: str) -> bool:
    """A commit's shorthand, no title: an arrow ("moment -> date-fns") or a scope and a list of nouns
    ("Docker: cache-friendly layers, .dockerignore, native-arch builds"); the request or a summary says it."""
    nouns = re.match(r"^[\w .-]+: [^,]+(?:, [^,]+){2,}$", phrase) or phrase.count(",") >= 2
    listed = nouns and not phrase.split(" ", 1)[0].endswith("ing")
    # a change, then a name and a figure with no verb ("Fixing N+1, SearchPagination 20/50"): notes, no title
    noted = _NOTED.search(phrase)
    return bool(listed or noted or re.search(r"\s(?:->|=>|→)\s", phrase))


def first_item(summary: str) -> str:
    """The first change a shorthand commit lists, as a title ("dispatch: exponential backoff w/ jitter, honor
    Retry-After" -> "Exponential backoff with jitter"); "" when it lists none or the item is a word or two."""
    body = re.sub(r"^[\w .()/-]+:\s+", "", summary.strip().splitlines()[0] if summary.strip() else "")
    item = re.split(r",\s+|;\s+|\s+\+\s+", body)[0].strip()
    item = re.sub(r"(?<!\S)w/(?=\s)", "with", item)
    if len(item.split()) < 3 or re.search(r"\s(?:->|=>|→)\s", item):
        return ""
    if is_verb(item.split(" ", 1)[0]):  # "invalidate cache on price update": "Invalidating cache on…"
        item = as_phrase(item)
    return item[:1].upper() + item[1:]


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
