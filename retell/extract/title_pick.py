"""The last step of every default title (issue 24, round thirty-six): candidates from the sources a session has, each
said in title form, one gate by form, and a ranking by what the blind judge kept.

Measured on fresh16-fresh22 (bench/README.md, "Titles, round thirty-six"): of the titles a blind judge read as main
gives them today, a commit's subject was kept 38 times of 47; Claude's sentence ("said", "deed") and the author's line
("first-prompt") never (0 of 12). So a commit, said in title form, ranks before Claude's sentence, and before the
author's line when that line is no title by its form; the author's own title (`custom-title`) and Claude Code's
(`ai-title`) stay as they are.

Title form (`in_title_form`): a commit's type or file prefix dropped ("feat: …", "README: …"), a tail that only adds
"+ tests" or a cut parenthesis dropped, an English imperative after a thing said as the work ("Telegraf: rotating …").
The gate (`form_fault`, after title_gate.fails): a clause stating an observation ("The fixture folder is testdata/",
"Backend भी 200 देता है"), a question, code ("Where(e => …)"), a route or a path, a line over TITLE_MOST characters."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from retell.events import Event
from retell.lazyre import lazy

TITLE_MOST = 90  # characters: a title longer than this is a paragraph's first line, in any script

# A conventional commit's type, with its scope ("feat: …", "fix(api)!: …"): a kind of change, no subject
_TYPE = lazy(
    r"^(?i:feat|fix|chore|ci|docs?|refactor|tests?|perf|build|style|revert|hotfix)(?:\([^)\n]{1,30}\))?!?[:：]\s*"
)
# A file's name as the prefix ("README: usage for -n", "main.go: …"): where the change was, not what it was
_FILE_PREFIX = lazy(
    r"^(?:README|CHANGELOG|CONTRIBUTING|LICENSE|Makefile|Dockerfile|Justfile|[\w-]+\.[a-z]{1,5})(?:\.md)?[:：]\s*(?=\S)"
)
# A tail that only says tests came with the change ("+ tests", "+ testit", "and tests", "mit Tests")
_TESTS_TAIL = lazy(
    r"(?i)\s*(?:\+|&|\band\b|\bwith\b|\bmit\b|\bcon\b|\bcom\b|\bavec\b|\bja\b|\bi\b|\be\b|\bund\b|\by\b|\bet\b)\s*"
    r"(?:(?:unit |regression )?tests?|testit|testejä|testes|testen|pruebas|prove|testy|тест(?:ы|и)|"
    r"테스트|テスト|测试|測試)\s*$"
)
_CUT_PAREN = lazy(r"\s*[(（][^()（）]*$")  # a parenthesis never closed ("… (pickupAt"): a cut
_LIST_PAREN = lazy(r"\s*[(（][^()（）]*[,，、][^()（）]*[)）]\s*$")  # "(lahella, kuntosivu, huoltoraportti)": detail
_FRAMED = lazy(r"^(?P<thing>[^\s:：]{1,30})(?P<colon>[:：]\s*)(?P<rest>[a-z].*)$")

# A question: its mark, or an opening "why/how" in the languages with no mark at the end of a spoken one
_QUESTION = lazy(r"[?？]\s*$|^(?:งั้น)?ทำไม|(?:ไหม|มั้ย|หรือเปล่า|ให้หน่อย)\s*$")
# Code: an arrow, a dunder name, a call written as code ("Distance(__nokta_0)", "Where(e")
_CODE = lazy(r"=>|->|(?<![\w.])__\w|[A-Za-z_]\w*\((?:[\w_]+\b|\))(?!\s)")
# A route (an HTTP verb before a path) or a path: two slashes or more, a folder's trailing slash, a file in a folder
_ROUTE = lazy(r"\b(?:GET|POST|PUT|PATCH|DELETE)\s+/")
_PATH = lazy(
    r"(?<![\w@])(?:/?[\w.{}-]+/){2,}[\w.{}-]*|(?<![\w@/])[\w.-]+/(?=\s|$|[,.;:)])|\b[\w-]+/[\w.-]+\.[a-z]{1,5}\b"
    r"|https?://"
)
# A clause stating an observation: a verb of being after its subject ("The fixture folder is testdata/", "03 and 04
# were reflashed"), or a sentence closed by its copula (Hindi "…देता है"); a title names the work or the problem
_OBSERVED_EN = lazy(
    r"(?i)^(?![A-Za-z]+ing\b|why\b|how\b|what\b|when\b)\S.*?\s(?:is|are|was|were|isn't|aren't|wasn't)\s"
)
_OBSERVED = {
    "hi": r"(?:है|हैं|था|थी|थे)\s*[।.]?$",
    "es": r"^\S+(?:\s\S+){0,4}\s(?:está|están|es|son|era|estaba)\s",
    "it": r"^\S+(?:\s\S+){0,4}\s(?:è|sono|era|erano|aveva|avevano)\s",
    "pt": r"^\S+(?:\s\S+){0,4}\s(?:está|estão|é|são|era|estava)\s",
    "fr": r"^\S+(?:\s\S+){0,4}\s(?:est|sont|était|étaient)\s",
    "de": r"^\S+(?:\s\S+){0,4}\s(?:ist|sind|war|waren)\s",
}


def in_title_form(text: str, language: str | None = None, imperative: bool = True) -> str:
    """`text` said as a title: without a commit's type or a file's name in front, without a tail of tests, a cut
    parenthesis or a parenthesised list of where; with `imperative` (a commit's words), an English imperative said as
    the work. Its case is kept unless a prefix was dropped ("cargo test …" names a command)."""
    from retell.extract.title_focus import _as_work
    from retell.extract.title_forms import capitalised

    title = _TYPE.sub("", text.strip(), count=1)
    # (a route after a thing, "Scarichi: POST /api/lotti/{id}/scarichi con …": the thing and what it does)
    title = re.sub(r"^([^\s:：]{2,30})[:：]\s*(?:GET|POST|PUT|PATCH|DELETE)\s+/\S+\s+(?=[a-z])", r"\1 ", title)
    title = _FILE_PREFIX.sub("", title, count=1)
    for tail in (_CUT_PAREN, _TESTS_TAIL, _LIST_PAREN, _TESTS_TAIL):
        title = tail.sub("", title).strip()
    dropped = not text.strip().startswith(title)
    framed = _FRAMED.match(title)
    if imperative and framed and (not language or language.lower().startswith("en")):
        rest = _as_work(framed.group("rest"), language)
        if rest != framed.group("rest"):
            title = f"{framed.group('thing')}{framed.group('colon')}{rest[:1].lower()}{rest[1:]}"
    elif imperative:
        title = _as_work(title, language)
    if not title:
        return text.strip()
    return capitalised(title) if dropped else title


def form_fault(title: str, language: str | None = None) -> str:
    """Why `title` is no title by its form ("" when it passes): the title gate's reasons (title_gate.fails), then a
    question, code, a route, a path, an observation stated, or over TITLE_MOST characters."""
    from retell.extract.title_gate import fails

    text = title.strip()
    verdict = fails(text, language)
    return verdict or new_fault(text, language)


def new_fault(title: str, language: str | None = None) -> str:
    """The faults of form the title gate (title_gate.fails) does not look for: a question, code, a route or a path,
    an observation stated, over TITLE_MOST characters. A title chosen before this step passed that gate, or was let
    through it for its source (a commit's length is its own): only these faults set it aside."""
    text = title.strip()
    if len(text) > TITLE_MOST:
        return "long"
    if _QUESTION.search(text):
        return "question"
    if _CODE.search(text):
        return "code"
    if _ROUTE.search(text) or _PATH.search(text):
        return "path"
    key = (language or "en").replace("_", "-").lower().split("-")[0]
    if (key == "en" and _OBSERVED_EN.search(text)) or (key in _OBSERVED and re.search(_OBSERVED[key], text)):
        return "observation"
    return ""


# Sources whose words were never kept as they were (Claude's sentence, a deed of Claude's): a commit ranks before them
_CLAUSES = ("said", "deed")
# Sources kept as they are: the author's own title, Claude Code's
_KEPT = ("custom-title", "ai-title")


def picked(
    title: str | None,
    source: str | None,
    events: Sequence[Event],
    language: str | None,
    alternatives: Iterable[tuple[str, str | None]] = (),
) -> tuple[str, str]:
    """(title, source) of the candidates in rank order, the first in title form that passes the gate, then of
    `alternatives` (read only when none did); `title` as it was when none passes (the caller's gate let it through,
    or made it from what the session is about)."""
    if not title or source in _KEPT:
        return title or "", source or ""
    chosen = in_title_form(title, language, imperative=source == "commit")
    commits = list(_commits(events, language))
    ranked: list[tuple[str, str]] = []
    if source in _CLAUSES:
        ranked += [(c, "commit") for c in commits if not _english_on_a_latin_post(c, language)]
    ranked.append((chosen, source or ""))
    ranked += [(c, "commit") for c in commits]
    for candidate, candidate_source in ranked:
        fault = new_fault if candidate == chosen and candidate_source == source else form_fault
        if candidate and not fault(candidate, language):
            return candidate, candidate_source
    # none: the caller's last resorts (titles._last_resorts: what the title gate tries after a failing title, then
    # one built from the problem the author brought), in title form, Claude's clauses aside
    for alternative, alternative_source in alternatives:
        formed = in_title_form(alternative, language, imperative=alternative_source == "commit")
        if formed and alternative_source not in _CLAUSES and not form_fault(formed, language):
            return formed, alternative_source or ""
    return title, source or ""


def _english_on_a_latin_post(text: str, language: str | None) -> bool:
    """An English commit ("Importer: fix deadlock …") on a post in another language of Latin letters: Claude's
    statement in the post's language says it before it (local_headings.fits_language lets a short one through)."""
    from retell.extract.local_headings import written_apart
    from retell.extract.typos import in_english

    key = (language or "en").replace("_", "-").lower().split("-")[0]
    return key != "en" and not written_apart(language) and in_english(text)


def _commits(events: Sequence[Event], language: str | None) -> list[str]:
    """The session's commits in title form, each focused (title_focus.focused: the main change of a list, the
    commit's thing in front), in the order they were made; those not in the post's language left out."""
    from retell.extract.commits import session_summaries, without_scope
    from retell.extract.framed_title import thing
    from retell.extract.local_headings import fits_language
    from retell.extract.title_focus import focused
    from retell.extract.title_forms import capitalised

    out: list[str] = []
    for summary in session_summaries(events):
        if not fits_language(without_scope(summary), language):
            continue
        named = thing(summary)
        named = "" if _TYPE.match(f"{named}:") or _FILE_PREFIX.match(f"{named}: x") else named
        out.append(capitalised(in_title_form(focused(summary, events, language, named), language)))
    return list(dict.fromkeys(out))
