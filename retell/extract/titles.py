"""A session's title: the author's own (`/rename`), Claude Code's, else the author's first real request, else
a `summary` record. `retell parse` and `retell list` both choose it here, so they agree."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from retell.events import ASSISTANT, TOOL_RUN, Event
from retell.extract.commits import (
    best_summary,
    commit_phrase,
    edited_names,
    first_item,
    session_summaries,
    shorthand,
    without_scope,
)
from retell.extract.phrasing import (
    TITLE_WORDS,
    closing_chores,
    gerund,
    points_elsewhere,
    request_phrase,
    says_nothing_alone,
    short_enough,
    vague_manner,
)
from retell.extract.requests import author_words, clause_cut, clean_request, first_request, substantial
from retell.extract.said_title import points, said_title, too_long_to_title
from retell.extract.tools import family, shorten_words
from retell.extract.unchatted import as_the_session_writes, asked_work, spelled_out, unchatted, with_initialisms
from retell.lazyre import lazy

if TYPE_CHECKING:
    from retell.secrets import Scanner  # (the caller's: a listing titles sessions without importing the scanner)

TITLE_CHARS = 80
TITLE_SLACK = 10
TITLE_KEEPS = 0.5  # of a long title's words, a cut keeps at least half
TITLE_CANDIDATES = 20  # of the author's first messages, the first real request names the session


def prompt_title(first_prompt: str, scanner: Scanner | None = None) -> str:
    """The first line, at most TITLE_CHARS: cut at the end of a clause when one ends far enough in (no "…"
    then: the clause says something whole), else between words; never inside a flagged secret (its rule
    would no longer recognise the cut half)."""
    first_line = first_prompt.strip().split("\n")[0]
    if len(first_line) <= TITLE_CHARS + TITLE_SLACK:
        return first_line  # a whole line a little longer than the limit reads better than a cut one
    limit = TITLE_CHARS
    if scanner is not None:
        for finding in scanner.scan(first_line):
            if finding.start < limit < finding.end:
                limit = max(1, finding.start)
    clause = clause_cut(first_line, limit)
    return clause or shorten_words(first_line, limit)


def session_title(
    titles: Mapping[str, str],
    request: str | None,
    vocabulary: Collection[str] = (),
    scanner: Scanner | None = None,
) -> tuple[str | None, str | None]:
    """(title, source) from the titles a session carries (`custom-title`, `ai-title`, `summary`), the
    author's first real request (`first_request` of their first messages) and the session's `vocabulary`.

    A `summary` record was written by a later session of Claude Code, about this one: it names the session
    when its words are the session's own (a third of them or more occur in what was said), and never when
    they are not (it then describes other work)."""
    for source in ("custom-title", "ai-title"):
        if titles.get(source):
            return titles[source], source
    summary = titles.get("summary")
    if summary and summary_fits(summary, vocabulary):
        return summary, "summary"
    if request:
        return prompt_title(request, scanner), "first-prompt"
    return None, None


_WORD = lazy(r"[^\W\d_]{3,}")
_STOP = frozenset(
    {
        "the", "and", "for", "with", "from", "into", "that", "this", "then", "than", "are", "was", "were",
        "has", "have", "had", "not", "but", "you", "your", "our", "its",
    }
)  # fmt: skip
VOCABULARY_MESSAGES = 20  # of the author's and of Claude's first messages: what a session's words are


def _stem(word: str) -> str:
    return word.lower()[:5]


def vocabulary(texts: Iterable[str]) -> list[str]:
    """The word stems of some texts (sorted, so a listing's cache stores them as they are compared)."""
    return sorted({_stem(w) for text in texts for w in _WORD.findall(text) if w.lower() not in _STOP})


def summary_fits(summary: str, words: Collection[str]) -> bool:
    """Whether a third of a summary's words (or more) occur in the session."""
    own = {_stem(w) for w in _WORD.findall(summary) if w.lower() not in _STOP}
    if not own:
        return False
    known = words if isinstance(words, (set, frozenset)) else set(words)
    return 3 * len(own & known) >= len(own)


def session_vocabulary(events: Iterable[Event]) -> list[str]:
    """The stems of what the author and Claude said first (their first VOCABULARY_MESSAGES messages each)."""
    author: list[str] = []
    claude: list[str] = []
    for event in events:
        words = author_words(event)
        if words and len(author) < VOCABULARY_MESSAGES:
            author.append(words[:2000])
        elif event.kind == ASSISTANT and event.text and not event.sidechain and len(claude) < VOCABULARY_MESSAGES:
            claude.append(event.text[:2000])
        if len(author) >= VOCABULARY_MESSAGES and len(claude) >= VOCABULARY_MESSAGES:
            break
    return vocabulary(author + claude)


# A line that opens on "again" in the languages retell titles in: the author's exasperation, a line of chat
_AGAIN = lazy(
    r"(?i)^(?:again|once again|yet again|опять|снова|знову|знов|wieder|schon wieder|encore|de nouveau|otra vez|"
    r"de nuevo|de novo|outra vez|di nuovo|ancora|znowu|znów|opět|zase|alweer|weer|yine|lại|又|また|또)(?!\w)"
)


def post_title(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """(title, source) a post proposes: the candidate _post_title chose, then every source's candidates in title form,
    ranked and gated by form (extract.title_pick): "03 and 04 were reflashed last week" gives way to the commit."""
    from retell.extract.title_pick import picked

    chosen, chosen_source = _chosen_title(title, source, events, language)
    if not chosen:
        return chosen, chosen_source
    return picked(chosen, chosen_source, events, language, _last_resorts(chosen, chosen_source, events, language))


def _last_resorts(
    chosen: str, source: str | None, events: Sequence[Event], language: str | None
) -> Iterator[tuple[str, str | None]]:
    """The candidates the gate tries after a failing title (_alternatives), then one built from the problem the author
    brought ("Fixing the IllegalStateException", in an English post)."""
    yield from _alternatives(chosen, source, events, language)
    # (the work after the author's wish in their first request, as the gate repairs it: "Necesito agregar X a la app:
    # que…" -> "Agregar X a la app"; a request with no wish in front is a report, whose cut halves title nothing)
    from retell.extract.title_forms import WISH
    from retell.extract.title_gate import repaired

    request = first_request([w for e in events if (w := author_words(e))][:TITLE_CANDIDATES]) or ""
    line = request.strip().split("\n")[0]
    for form in repaired(line) if WISH.match(line) else ():
        yield form, "first-prompt"
    error = problem_named(events)
    if error and (not language or language.lower().startswith("en")):
        yield f"Fixing the {error}", "deed"


def _chosen_title(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """(title, source) a post proposes (see _gated_title), a commit's list of changes framed by the thing it changed
    and its outcome (extract.framed_title): "Mutex, limpeza de buckets…" -> "Ratelimit: mutex, limpeza de buckets…".
    Claude's sentence ("The jump is read in _process") gives way to the session's commit framed so."""
    chosen, chosen_source = _framed_title(title, source, events, language)
    if chosen and chosen_source == "commit":
        return _focused(chosen, events, language), chosen_source
    if chosen and chosen_source in ("deed", "said"):
        commit = _from_commit(chosen, events, language)
        return (commit, "commit") if commit else (chosen, chosen_source)
    return chosen, chosen_source


def _from_commit(chosen: str, events: Sequence[Event], language: str | None) -> str:
    """A title of Claude's words that strings names in code or ends on a cut fragment ("load.py adds _read_csv:
    first UTF-8") gives way to the session's commit, focused (extract.title_focus); "" when none fits."""
    from retell.extract.local_headings import fits_language
    from retell.extract.title_focus import focused, items, main_change, strung
    from retell.extract.title_gate import fails

    if not strung(chosen):
        return ""
    for summary in session_summaries(events):
        if not fits_language(without_scope(summary), language):
            continue
        better = focused(summary, events, language)
        # (and its main change alone, when the two it names fail together: "…CSV，0417 改为 gb18030", a file list)
        changes = items(better, language)
        # (and without its parenthesis, a detail of the change: "Pedidos programados (pickupAt, SCHEDULED, …)")
        bare = re.sub(r"\s*[(（][^()（）]*[)）]\s*$", "", better)
        for form in (better, bare if bare != better else "", main_change(changes, events) if len(changes) > 1 else ""):
            if form and not strung(form) and not fails(form, language):
                return form
    return ""


def _focused(chosen: str, events: Sequence[Event], language: str | None) -> str:
    """A commit's title focused (extract.title_focus): the main change of a list, the commit's thing in front, an
    imperative said as the work; the title as it was when the focused one is no title by the gate's rules."""
    from retell.extract.framed_title import thing
    from retell.extract.title_focus import focused
    from retell.extract.title_gate import fails

    summaries = session_summaries(events)
    things = {thing(s) for s in summaries} - {""}
    better = focused(
        _whole_list(chosen, summaries, language), events, language, next(iter(things)) if len(things) == 1 else ""
    )
    verdict = fails(better, language)
    return better if better and (not verdict or verdict == fails(chosen, language)) else chosen


def _whole_list(chosen: str, summaries: Sequence[str], language: str | None) -> str:
    """A title said from a commit's first change only ("Pinning boto3 to 1.34" of "pin boto3 to 1.34, write emoji
    rows as utf-8, …") with the commit's other changes after it, so that the main one can be picked; else as it is."""
    from retell.extract.title_focus import items

    said = re.sub(r"^[^:：]{1,40}[:：]\s*", "", chosen).casefold()
    for summary in summaries:
        changes = items(without_scope(summary), language)
        if len(changes) >= 2 and said == commit_phrase(changes[0]).rstrip(".").casefold():
            return ", ".join([chosen, *changes[1:]])
    return chosen


def _framed_title(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """post_title before its focus: the gated title, a commit's list framed by its thing."""
    chosen, chosen_source = _gated_title(title, source, events, language)
    if chosen and chosen_source in ("said", "first-prompt") and _AGAIN.match(chosen):
        # the author's line of chat kept as the title ("Again the CI is red on the migrations"): the symptom in a
        # mood; the cause Claude named under a label says what the post is about
        cause = _stated_cause(events, language)
        if cause:
            return cause, "said"
    if not chosen or chosen_source not in ("commit", "said"):
        return chosen, chosen_source
    from retell.extract.framed_title import framed, one_thing, thing
    from retell.extract.local_headings import fits_language
    from retell.extract.title_gate import fails

    taken = chosen.rstrip(".").casefold()
    summaries = session_summaries(events)
    for summary in summaries:
        body = without_scope(summary)
        if not fits_language(body, language):
            continue
        # (the title is this commit's words, as written or cut at its list; or Claude's sentence, and the commit names
        # the thing it changed)
        ours = chosen_source == "commit" and any(
            form.casefold().startswith(taken) for form in (body, commit_phrase(summary))
        )
        if not ours and not (chosen_source == "said" and thing(summary)):
            continue
        if thing(summary) and chosen.casefold().startswith(thing(summary).casefold()):
            continue  # the author framed it already ("Pagina prestiti: niente N+1, contatore…"): as they wrote it
        better = framed(summary, language) or (one_thing(chosen, summaries, language) if ours else "")
        # (a form the gate faults as the title, "short" of "AGP 8.7 相容", is no worse for the thing in front)
        verdict = fails(better, language) if better else "empty"
        if better.casefold() != taken and (not verdict or verdict == fails(chosen, language)):
            return better, "commit"
    return chosen, chosen_source


def _gated_title(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """(title, source) a post proposes (see _proposed), through the gate every title passes (extract.title_gate): a
    candidate that is no title by its form (a file list, joined subjects, chat, a wish, shouting) gives way to a
    repaired form of it, to the next candidate that passes, else to one built from what the session is about."""
    chosen, chosen_source = _proposed(title, source, events, language)
    if not chosen or chosen_source == "custom-title":
        return chosen, chosen_source
    from retell.extract.built_title import built, built_goal, built_opening
    from retell.extract.title_gate import fails

    texts = [_past_opener(w) for e in events if (w := author_words(e))][:TITLE_CANDIDATES]
    request = first_request(texts) or ""
    # the author's need said as the deed it asks for ("…を追加したいです" -> "…を追加する") titles the post before a
    # clause the scorer took from their message or Claude's
    goal = built_goal(request, language) if request else ""
    # (and before Claude's "now" result, "Тепер клієнт повторює запит…": a state, where the goal names the work)
    if goal and chosen_source in ("first-prompt", "said", "summary", "deed", None) and not fails(goal, language):
        return goal, "first-prompt"
    figures = _figured(chosen, chosen_source, events, texts, language)
    if figures:
        return figures, "commit"
    line = request.strip().split("\n")[0]
    cut = len(line) > TITLE_CHARS + TITLE_SLACK and prompt_title(line) == chosen  # (by its length alone)
    chosen = built(chosen, chosen_source, language, line if cut else None)
    failed = fails(_as_said(chosen, chosen_source, events, language), language)
    # (Claude's statement of the change, a commit and a request said as work, "Finding out whether…", are shortened
    # by their own rules: their length is theirs)
    long_kept = chosen_source in ("deed", "commit", "ai-title") or re.match(r"[A-Z][a-z]+ing ", chosen)
    if not failed or (failed == "long" and long_kept):
        return chosen, chosen_source
    # (last, the author's first request built by a pattern: "ทำไม…ไม่เจอ?" -> "ทำไม…ไม่เจอ", a why without its mark)
    from retell.extract.title_gate import repaired

    opening = built_opening(request, language) if request else ""
    tried = [
        *((form, "first-prompt") for form in ([opening, *repaired(opening)] if opening else [])),
        *_alternatives(chosen, chosen_source, events, language),
    ]
    for candidate, candidate_source in tried:
        candidate = built(candidate, candidate_source, language)
        if not fails(_as_said(candidate, candidate_source, events, language), language):
            return candidate, candidate_source
    # none passes: one built from the problem the author brought, by its name ("IllegalStateException 해결": short,
    # but it names what the session is about); else the title as it was (a file list: the caller titles the post by
    # its project, triage.generate.proposed_title)
    error = problem_named(events)
    if error:
        return f"Fixing the {error}", "deed"
    return chosen, chosen_source


def _past_opener(text: str) -> str:
    """A message whose first sentence is only a greeting or "I have a question" ("سلام، یه سوال داشتم. دارم فایل…"),
    from what follows it; any other message as it is (a greeting before a goal is left to the rules that read it)."""
    from retell.extract.built_title import only_opener, without_opener

    return without_opener(text) if only_opener(first_request([text]) or "") else text


def _figured(
    chosen: str, source: str | None, events: Sequence[Event], texts: Sequence[str], language: str | None
) -> str:
    """A commit in English on a post in another language whose figures say the outcome ("Docker: multi-stage slim
    image (1.91 GB -> 284 MB)" on a Hungarian post): the author's subject with the figures, in no language's words
    but theirs (extract.built_title.figured); ""."""
    if source != "commit" or not language or language.startswith("en") or not texts:
        return ""
    from retell.extract.built_title import figured
    from retell.extract.typos import in_english

    for summary in session_summaries(events):
        said = (without_scope(summary) + summary).casefold()  # ("Cache pnpm store" of "ci: cache pnpm store, …")
        if in_english(without_scope(summary)) and chosen.rstrip(".").casefold() in said:
            return figured(summary, texts[0])
    return ""


def _as_said(title: str, source: str | None, events: Sequence[Event], language: str | None) -> str:
    """A title as the post will say it: retell's own words ("deed", "work") in the post's language."""
    if source not in ("deed", "work"):
        return title
    from retell.extract.local_headings import in_language

    return in_language(title, events, language)


def _alternatives(
    chosen: str, source: str | None, events: Sequence[Event], language: str | None
) -> Iterator[tuple[str, str | None]]:
    """The candidates after a title that failed the gate, best first: its repaired forms (extract.title_gate), a
    clause of the author's or Claude's finding (said_title), the session's commits (each subject, then each of two
    joined ones), what it did (deeds), Claude's words for it, then a title built from the problem it fixed."""
    from retell.extract.deeds import best_deed
    from retell.extract.title_gate import fails, repaired

    for form in repaired(chosen):
        yield form, source
    summaries = session_summaries(events)
    said = said_title(
        events, language, summaries[0] if summaries else None, keep=lambda t: not fails(t), any_language=True
    )
    if said:
        yield said, "said"
    from retell.extract.local_headings import fits_language

    for summary in summaries:
        subject = without_scope(summary)
        if fits_language(subject, language):
            yield subject, "commit"
            for form in repaired(subject):
                yield form, "commit"
    deed = best_deed(events)
    if deed:
        yield short_enough(deed, TITLE_WORDS, TITLE_KEEPS), "deed"
    done = _said_in_language(first_exchange(events), language)
    if done:
        yield done, "deed"


# A problem by its name: an exception, an HTTP status with its phrase, a container's fate
_PROBLEM = lazy(
    r"\b(?:[A-Z][A-Za-z]*(?:Error|Exception)|[45]\d\d (?:[A-Z][a-z]+ ?){1,3}(?<! )|OOMKilled|CrashLoopBackOff)\b"
)


def problem_named(events: Sequence[Event]) -> str:
    """The problem the author brought, by its name (see _PROBLEM): in their first message, pastes included; ""."""
    first = next((w for e in events if (w := author_words(e))), "")
    found = _PROBLEM.search(first)
    return found.group().strip() if found else ""


def _proposed(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """(title, source) a post proposes (see _post_title); the author's words that are no title by their form (the
    author speaking, "…whenever I switch tabs"; a program's output, a pod's row) give way to what the session did,
    when it shows."""
    chosen, chosen_source = _post_title(title, source, events, language)
    if chosen and chosen_source in ("first-prompt", "summary", None) and _no_title(chosen, language):
        from retell.extract.deeds import best_deed

        deed = best_deed(events)
        if deed and not _no_title(deed, language):
            return short_enough(deed, TITLE_WORDS, TITLE_KEEPS), "deed"
        result = _result_in_language(first_exchange(events), language)  # (the first ask's, as below)
        if result:
            return result, "deed"
        found = _what_it_was(events, language)  # (retell's words: triage says them in the post's language)
        if found:
            return found
    if chosen and chosen_source in ("first-prompt", "summary", None) and _chat_title(chosen):
        # the author talking (a run-up, a plan, a report of more than six words that names no result): Claude's
        # summary of the change says what was done; the words stay when the session shows nothing better. Only
        # the first ask's summary: one after a later ask's edit ("nu iets anders, …") is about other work
        result = _said_in_language(first_exchange(events), language)
        if result:
            return result, "deed"
        if _long_report(chosen) and language and not language.startswith("en"):
            # nothing else says the work: the report's own first clause does, without the complaint after it
            # ("Пишу бота на aiogram 3, не могу понять, почему…" -> "Пишу бота на aiogram 3"); an English one is
            # said by the phrase (its second clause often says the symptom: "…, two uploads overwrite each other")
            clause = own_clause(chosen)
            if clause:
                return clause, chosen_source
            summaries = session_summaries(events)  # else a clause of it that names the work, or Claude's finding
            native = (
                said_title(events, language, summaries[0] if summaries else None) if too_long_to_title(chosen) else ""
            )
            return (native, "said") if native else (chosen, chosen_source)
        if reacts(chosen):  # the author's reaction ("ok makes sense lol") is never a title: what the work was is one
            found = _what_it_was(events, language)
            if found:
                return found
    if chosen and chosen_source in ("first-prompt", "summary", None) and too_long_to_title(chosen):
        # the author's report pasted whole ("Мой асинхронный парсер цен … начинает сыпать ошибками"): a clause of it
        # that names the work, or Claude's statement of the cause or outcome, in the post's language
        summaries = session_summaries(events)
        native = said_title(events, language, summaries[0] if summaries else None)
        if native:
            return native, "said"
    return chosen, chosen_source


def _stated_cause(events: Sequence[Event], language: str | None) -> str:
    """The cause Claude named under a label (deeds.claude_cause), when it is in the post's language; ""."""
    from retell.extract.deeds import claude_cause
    from retell.extract.local_headings import fits_language

    cause = claude_cause(events)
    return cause if cause and fits_language(cause, language) else ""


def _what_it_was(events: Sequence[Event], language: str | None) -> tuple[str, str] | None:
    """What the session was about when the author's words title nothing and it made no commit: the cause Claude
    named under a label ("**Nguyên nhân**: analyzer … không bỏ dấu…"), in the post's language; else what the work
    was ("Getting the tests to pass"), but a check only when the tests or the build were the subject
    (headings.tests_were_the_subject: a session about a button under the gesture bar is not "Far funzionare la
    build" for the build it ran on the way); None."""
    from retell.extract.headings import activity_heading, tests_were_the_subject

    cause = _stated_cause(events, language)
    if cause:
        return cause, "said"
    activity = activity_heading(events)
    work = which_tests(activity, events)
    if not work or re.match(_LOOKING, work):
        return None
    if re.match(_A_CHECK, activity):
        opening = [w for e in events if (w := author_words(e))][:1]
        if not tests_were_the_subject(events, opening):
            return None
    return work, "work"


# The author reacting to Claude's answer: it makes sense, they see, they laugh ("ok makes sense lol", "なるほど…笑")
_REACTS = lazy(
    r"(?i)\b(?:makes sense|got it|tiene sentido|faz sentido|ha senso|c'est logique|ergibt sinn|macht sinn|dává smysl|"
    r"lol|lmao|haha\w*|jaja\w*|kkk+|хаха\w*|xd)\b|"
    # words that react only when they open the line ("Ясно, …"; "了解 React 的渲染" is "learning about React")
    r"^(?:ya veo|понятно|ясно|зрозуміло|rozumiem|jasne|anladım|mantıklı|hiểu rồi|có lý|vettigt|förstår|"
    r"了解(?:です|しました)?|明白了|原来如此|原來如此|有道理|알겠\w*|그렇군요|فهمت|منطقي)\s*(?:[,.!、，。！]|$)|"
    r"なるほど|ㅋㅋ|[笑ｗ]$|😂|🤣"
)


def reacts(text: str) -> bool:
    """Whether a line is the author's reaction (see _REACTS) or another line of chat (headings.chat_line)."""
    from retell.extract.headings import chat_line

    return bool(_REACTS.search(text.strip())) or chat_line(text)


_CLAUSE_MARK = lazy(r"\s*[,，、،;；:：]\s|\s+[—–-]\s+")
CLAUSE_WORDS = (3, 8)  # the fewest and the most words a report's first clause keeps to title a post


def own_clause(report: str) -> str:
    """A report's first clause when it names something on its own: three to eight words, no greeting, run-up or
    line of chat ("Привет, слушай" names nothing); "" otherwise."""
    from retell.extract.chatforms import runs_up
    from retell.extract.deeds import names_a_goal
    from retell.extract.headings import chat_line

    parts = _CLAUSE_MARK.split(report.strip(), maxsplit=1)
    if len(parts) < 2:
        return ""
    clause = parts[0].strip()
    fewest, most = CLAUSE_WORDS
    if not fewest <= len(clause.split()) <= most or runs_up(report) or chat_line(clause):
        return ""
    return clause if names_a_goal(clause) else ""


def first_exchange(events: Sequence[Event], request: str | None = None) -> Sequence[Event]:
    """The events up to the author's message after the one that holds `request` (else after their first): the
    first ask and what Claude did and said about it, before the author spoke again."""
    said = [i for i, e in enumerate(events) if author_words(e)]
    held = (request or "")[:20].casefold()
    asked = next((k for k, i in enumerate(said) if held and held in (author_words(events[i]) or "").casefold()), 0)
    return events[: said[asked + 1]] if len(said) > asked + 1 else events


def _result_in_language(events: Sequence[Event], language: str | None) -> str:
    """Claude's summary of the change (extract.result), when it is in the post's language."""
    from retell.extract.local_headings import fits_language
    from retell.extract.result import claude_result
    from retell.extract.title_gate import fails

    result = claude_result(events, TITLE_CHARS)
    # (a plea or an answer, "جرّب الآن من فضلك", "try it now please", is Claude's chat, not what the work does now)
    return result if result and fits_language(result, language) and fails(result) != "chat" else ""


def _said_in_language(events: Sequence[Event], language: str | None) -> str:
    """Claude's words for the change of `events` in the post's language: what the work now does (extract.result),
    else what Claude said it did (extract.done); ""."""
    from retell.extract.done import claude_done

    return _result_in_language(events, language) or claude_done(events, language)


def _chat_title(text: str) -> bool:
    """A title that is the author's chat by its form: a run-up, a plan, a line of chat (headings.chat_line), a
    report of more than LABEL_WORDS words (authored.reports: "The dashboard has been really slow for…")."""
    from retell.extract.chatforms import plans, runs_up
    from retell.extract.headings import chat_line

    return runs_up(text) or plans(text) or chat_line(text) or _long_report(text) or bool(_REACTS.search(text))


def _long_report(text: str) -> bool:
    """A report (authored.reports) of more than LABEL_WORDS words: the author telling, not naming a goal."""
    from retell.extract.authored import LABEL_WORDS, reports

    return reports(text) and len(text.split()) > LABEL_WORDS


def _no_title(text: str, language: str | None) -> bool:
    """Words of the author's that no form lets stand as a title (see post_title)."""
    from retell.extract.deeds import output_line
    from retell.extract.headings import lived, spoken

    # (not another language than the post's: a title in the author's words is the best sign of the language a
    # short session was judged wrong on, "necesito documentar…" under an English mix of Claude's)
    return spoken(text) or lived(text) or output_line(text)


def _post_title(
    title: str | None, source: str | None, events: Sequence[Event], language: str | None = None
) -> tuple[str | None, str | None]:
    """(title, source) a post proposes: what happened, as a blogger would put it.

    The author's own title (`/rename`) as it is; then what the session said it did (a pull request's title, the
    commit that best matches the author's request: "Adding support for tar archives"); then Claude Code's
    title; then the author's first real request said as what happened ("Fix these lint errors?" -> "Fixing the
    lint errors in test_tui.py") when it names the work; then a fitting summary record (a later session's
    noun stack, "Cache Version Compatibility Tests Added", reads worse than the request said as work); else
    the request as it could be said, else the session's title as it was. `language`: the post's; a commit's or
    Claude Code's title in another ("Opening GeoIP reader once" on a German post) is passed over."""
    if title and source == "custom-title":
        return title, source
    from retell.extract.local_headings import deed_in_language, fits_language, no_word_of  # lazily: as above

    texts = [w for e in events if (w := author_words(e))][:TITLE_CANDIDATES]
    from retell.extract.deeds import held_messages  # lazily: a listing titles sessions without it
    from retell.extract.typos import in_english

    held = held_messages(events)
    texts = [t for t in texts if t not in held] or texts
    # (a greeting and "I have a question" name nothing: what follows them does, "سلام، یه سوال داشتم. دارم فایل…")
    texts = [_past_opener(t) for t in texts]
    written = first_request(texts)  # as the author wrote it: how its message is found again
    request = written
    if request:
        from retell.extract.headings import without_typos  # lazily: a listing titles sessions without it

        # typos first, then the phrase: "cna you mkae the sidebar…" is "Making the sidebar…" only once it reads
        # "can you make"; fixed after, it stayed a chat request ("Can you make the sidebar colapse…")
        request = without_typos(request, events, language)
    summaries = session_summaries(events)
    best = best_summary(summaries, request) if summaries else None
    committed = commit_phrase(best) if best else None
    from retell.extract.typos import reads_as

    if (
        committed
        and best
        and not fits_language(committed, language)
        and fits_language(without_scope(best), language)
        and (not in_english(without_scope(best)) or reads_as(without_scope(best), language))
    ):
        # the subject was in the post's language until said as English work ("Export pesanan ke Excel dari admin" ->
        # "Exporting pesanan…"): as the author committed it
        committed = without_scope(best)
    foreign = None  # a commit in another language than the post's: still what was done, if nothing better says it
    if committed and not fits_language(committed, language):
        foreign = committed if not shorthand(committed) else None
        committed = deed_in_language(committed, language) or None  # "添加 RPM/TPM limiter", else the evidence
    # (Claude Code's title holding no word of the post's language, "Limiter mutex review" on a Dutch post, is English)
    own_title = title and source == "ai-title" and fits_language(title, language) and not no_word_of(title, language)
    if committed and foreign:
        # an English commit re-said by a table ("添加 RPM/TPM limiter") mixes two languages: Claude's own words for the
        # first ask, in the post's language, come first
        said = _said_in_language(first_exchange(events, written), language)
        if said:
            return said, "deed"
        if not own_title and _mixed(committed):
            # the author's clause or Claude's finding, in the language, before a table-made mix ("添加 retry queue")
            native = said_title(events, language, best)
            if native:
                return native, "said"
    if committed and not shorthand(committed) and not (foreign and own_title):
        # (a commit half said in the post's language by a table, "修复 double mutable borrow", gives way to Claude
        # Code's title when that is all in the post's language: "修复连接池的重复可变借用")
        return committed, "commit"
    if own_title:
        return _joined(title or "", language), source
    if foreign:
        # the evidence in the post's language comes first, then the author's goal in their words; words that name
        # none never replace the commit ("السلام عليكم" for "Applying RTL immediately…"): a title in English is a
        # rewrite, a greeting or a remark is no title at all
        deed = _deed_in_language(events, written or (texts[0] if texts else None), language)
        if deed:
            return deed, "deed"
        # Claude answers in the author's language: what it said it did for the first ask says the work in it (a
        # statement after a later ask's edit may be about a side task)
        said = _said_in_language(first_exchange(events, written), language)
        if said:
            return said, "deed"
        # (the author's goal says the work in their words below, unless it points at a paste: "…hází tohle:")
        goal = _a_goal(written, texts) and not points(written or "")
        native = said_title(events, language, best) if best and not goal else ""
        if native:  # the author's clause that names the work, or Claude's finding, in the post's language
            return native, "said"
        if not _a_goal(written, texts) and best:
            # the subject whole, as the author committed it, but for its type, scope or ticket: a local verb before
            # English words ("Naprawa deadlock", "Deadlock を修正") is a mix no writer makes, and English re-said as
            # work is still English
            return without_scope(best), "commit"
    if not _a_goal(written, texts) or _leads_into_paste(written, texts) or _talks(written, texts):
        # the author's words name no goal (a complaint, a greeting, a pasted log, the author talking before the
        # work): what the session did says it
        from retell.extract.deeds import best_deed  # lazily: a listing titles sessions without it

        deed = best_deed(events, written or (texts[0] if texts else None))
        if deed:
            return short_enough(deed, TITLE_WORDS, TITLE_KEEPS), "deed"
        # Claude's summary of the change the first ask led to: what it now does (one after a later ask's edit is
        # about other work)
        result = _result_in_language(first_exchange(events, written), language)
        if result:
            return result, "deed"
        from retell.extract.deeds import planned_item

        planned = planned_item(events, language)  # the step Claude set out on and then made
        if planned:
            return short_enough(planned, TITLE_WORDS, TITLE_KEEPS), "deed"
        item = first_item(best) if best else ""  # "dispatch: exponential backoff w/ jitter, honor Retry-After"
        if item and fits_language(item, language):
            return item, "commit"
        checked = _checked_after_a_paste(written, texts, events, language)
        if checked:  # "Ενημέρωσα το sqlalchemy σε 2.0 και τώρα:" above an error, then the tests made to pass
            return checked, "deed"
    phrase = None
    if request:
        objects = edited_names(events)
        phrase = request_phrase(request, objects)
        from retell.extract.headings import works_in_english  # lazily: a listing titles sessions without it

        asked = asked_work(request) if phrase and not works_in_english(request) else None
        if asked:  # "Kun je de rate limiter … herschrijven?": "De rate limiter … herschrijven", the step in its words
            phrase = asked
        if phrase and says_nothing_alone(phrase):  # "There's not much to see here": the next request says more
            phrase = next(_telling_phrases(texts, objects), phrase)
        if phrase and points_elsewhere(phrase) and title and source == "summary":
            return summary_phrase(title), source  # the summary names what the instructions were for
        if phrase:
            phrase = unchatted(_clearer(phrase, written or request, events))
            phrase = as_the_session_writes(with_initialisms(spelled_out(phrase)), _claude_texts(events))
            phrase = short_enough(phrase, TITLE_WORDS, TITLE_KEEPS)
    if phrase and re.match(_LOOKING, phrase) and _changed_files(events):
        # "Looking at the git diff of renderer.py", then the session changed things: what it changed says more
        # (a later request for a change, else the change Claude announced and made)
        from retell.extract.headings import announced_change  # lazily: a listing titles sessions without it

        announced = announced_change(events)
        phrase = next(_changes(events), None) or (
            short_enough(announced, TITLE_WORDS, TITLE_KEEPS) if names_the_work(announced) else phrase
        )
    if phrase and names_the_work(phrase):
        return phrase, "first-prompt"
    if title and source == "summary":
        return summary_phrase(title), source
    if phrase and says_nothing_alone(phrase):  # "Some progress: in the first screenshot": what the work was
        from retell.extract.headings import activity_heading  # lazily: a listing titles sessions without it

        cause = _stated_cause(events, language)
        if cause:
            return cause, "said"
        work = which_tests(activity_heading(events), events)
        return (work, "work") if work else (None, None)
    if phrase and closing_chores(phrase) and committed:
        return committed, "commit"  # "Finishing the moment -> date-fns migration" says more than "…and committing"
    if phrase and (_points_at_the_chat(phrase) or closing_chores(phrase)):
        # "Getting this in prod since yesterday's deploy", "Does the admin page also do this?": what "this" is,
        # the reader cannot see; the change Claude announced and made, else what the work was, says it
        from retell.extract.headings import announced_change

        announced = announced_change(events)
        if announced and names_the_work(announced):
            return short_enough(announced, TITLE_WORDS, TITLE_KEEPS), "work"
        found = _what_it_was(events, language)
        if found:
            return found
    if phrase:
        return phrase, "first-prompt"
    return title, source


def _mixed(phrase: str) -> bool:
    """Whether a commit said in the post's language by a table still holds its English object ("添加 retry queue",
    "Corrigir N+1 queries"): a mix no writer makes ("Mettre à jour feedparser 6.0.11" is all French)."""
    from retell.extract.typos import in_english

    verb, _, rest = phrase.partition(" ")
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", verb) and not re.search(r"[^\x00-\x7f]", rest):
        return bool(re.search(r"[A-Za-z]{2,}", rest))  # (a CJK verb before ASCII words: "新增 OAC")
    english = in_english(rest) and bool(re.search(r"\b[a-z]{3,}\b", rest))
    return bool(rest) and (english or bool(re.search(r"\b(?:to|the|for|of|with|from|and|into)\b", rest)))


def _joined(title: str, language: str | None) -> str:
    """Claude Code's title of two changes joined by ";" ("Viết lại README; sửa tháng nhuận"), a commit's style,
    joined by the post's word for "and" when it is a word of its own ("Viết lại README và sửa tháng nhuận")."""
    from retell.extract.local_headings import WORDS, knows, table_key

    parts = title.split("; ")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        return title
    word = WORDS[table_key(language)]["and"] if language and knows(language) else " and "
    if not re.fullmatch(r" [^\W\d_]+ ", word):
        return title  # ("、", "ו-"): not a word between two spaces; the title stays as Claude Code wrote it
    return f"{parts[0]}{word}{parts[1][:1].lower()}{parts[1][1:]}"


def _deed_in_language(events: Sequence[Event], said: str | None, language: str | None) -> str:
    """A deed of the session (deeds.best_deed) that fits the post's language, else ""."""
    from retell.extract.deeds import best_deed
    from retell.extract.local_headings import fits_language

    deed = best_deed(events, said) if said else ""
    return short_enough(deed, TITLE_WORDS, TITLE_KEEPS) if deed and fits_language(deed, language) else ""


_A_CHECK = r"^Getting the (?:tests|type checker|linters) to pass$|^Getting the build to work$"


def _checked_after_a_paste(
    request: str | None, texts: Sequence[str], events: Sequence[Event], language: str | None
) -> str:
    """What the work was ("Getting the tests to pass", said in the post's language later) when the author's first
    request only led into a pasted error and the session then made a check pass; "" otherwise."""
    from retell.extract.headings import activity_heading

    if not _leads_into_paste(request, texts):
        return ""
    work = activity_heading(events)
    if not re.match(_A_CHECK, work):
        return ""
    return which_tests(work, events) if not language or language.startswith("en") else work


def _a_goal(request: str | None, texts: Sequence[str]) -> bool:
    """Whether the author's first request names a goal (extract.deeds.names_a_goal), and its message is no
    greeting whose request only a rewrite could say as work ("Привет! Снова ты…")."""
    from retell.extract.deeds import complains, greets, names_a_goal  # lazily: a listing titles sessions without it
    from retell.extract.phrasing import rewrites

    if not request or not names_a_goal(request):  # (the chat around a goal: the phrase drops it)
        return False
    from retell.extract.headings import opens_with_a_yes, works_in_english

    message = next((t for t in texts if request[:20].casefold() in t.casefold()), "")
    # a message in another language that opens with a yes answers Claude ("tak, właśnie to mnie męczy"): what the
    # session did titles it first (an English one, "Ok, so, maybe also list…", is said as its step by the phrase)
    answers = opens_with_a_yes(message) and not works_in_english(message)
    return not (complains(message) or (greets(message) and not rewrites(request)) or answers)


def _talks(request: str | None, texts: Sequence[str]) -> bool:
    """Whether the first request's message is the author talking before the work (extract.chatforms): a run-up
    ("Sorry for the mess, …", "Folgendes, …", "Bhai …"), a plan, or a report of more than LABEL_WORDS words that
    no form says as a step. What the session did titles it first; the words stay when it shows nothing."""
    from retell.extract.chatforms import plans, runs_up
    from retell.extract.phrasing import rewrites

    if not request:
        return False
    message = next((t for t in texts if request[:20].casefold() in t.casefold()), "")
    long_report = _long_report(request) and not rewrites(request)
    # (the request too: "long story, I spent the whole weekend…" is left when "Ok so," was taken off it)
    return runs_up(message) or runs_up(request) or plans(message) or long_report


def _leads_into_paste(request: str | None, texts: Sequence[str]) -> bool:
    """Whether the first request's message only leads into a pasted error (deeds.introduces_paste): a title then
    says the work it led to when there is one, and the author's line is kept over a commit in another language."""
    from retell.extract.deeds import introduces_paste

    message = next((t for t in texts if request and request[:20].casefold() in t.casefold()), "")
    return bool(message) and introduces_paste(message)


def which_tests(work: str, events: Sequence[Event]) -> str:
    """ "Getting the tests to pass" as a title, with the tests named when the first failing run named them
    ("Getting the prop_roundtrip tests to pass"): a title that could head any session says which."""
    if work != "Getting the tests to pass":
        return work
    from retell.extract.tools import SHELL_TOOLS, is_test_command

    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if call.name in SHELL_TOOLS and is_test_command(call.target) and call.outcome and "failed" in call.outcome:
                named = re.search(
                    r"(?:--test|-run|-k)[ =]([A-Za-z][\w-]*)|\b(?:test_)?([A-Za-z][\w-]*?)(?:_test)?\.(?:py|rs|go)\b",
                    call.target or "",
                )
                name = next((g for g in named.groups() if g), None) if named else None
                return f"Getting the {name} tests to pass" if name else work
    return work


def _points_at_the_chat(phrase: str) -> bool:
    """A symptom reported by a pointer ("Getting this in prod…") or a question asked in passing."""
    from retell.extract.headings import asked_in_passing  # lazily: a listing titles sessions without it

    # (a symptom reported, not "Picking it up again and fixing the APIs", "Making it possible to…")
    reported = re.match(r"(?i)^(?:getting|seeing|having|hitting|running into) (?:this|these|that|it)\b", phrase)
    # a complaint to Claude ("Why do you keep adding comments on every line?"): about the chat, not the work
    to_claude = re.match(r"(?i)^why (?:do|did|does|are|would|won't|can't|don't) you\b", phrase)
    return bool(reported or to_claude) or asked_in_passing(phrase)


# Work that only looked (a first request to explain or review, before the work the session did)
_LOOKING = (
    r"(?i)^(?:looking (?:at|into|around)|reading|explaining|reviewing|examining|exploring|going through|"
    r"walking through|understanding|finding out)\b"
)


def _changed_files(events: Sequence[Event]) -> bool:
    return any(
        family(c.name) in ("edit", "write")
        for e in events
        if e.kind == TOOL_RUN and not e.sidechain and not e.abandoned
        for c in e.calls or ()
    )


def _changes(events: Sequence[Event]) -> Iterator[str]:
    """The author's later requests for a change, said as work (in Claude's restatement when the author's words
    point: "can you please replace them with…" -> "Simplifying the session navigation"), in order."""
    from retell.extract.headings import restated_request  # lazily: a listing titles sessions without it

    asked = 0
    for i, event in enumerate(events):
        words = author_words(event)
        request = clean_request(words) if words else None
        if not request:
            continue
        asked += 1
        if asked == 1:  # the first request is the one that only looked
            continue
        if asked > TITLE_CANDIDATES:
            return
        phrase = request_phrase(request, edited_names(events))
        if not phrase or not names_the_work(phrase):
            phrase = restated_request(events[i:])
        if phrase and names_the_work(phrase) and not re.match(_LOOKING, phrase):
            yield short_enough(phrase, TITLE_WORDS, TITLE_KEEPS)


def names_the_work(phrase: str) -> bool:
    """Whether a request said as work names it: an -ing phrase that says something on its own and does not
    send the reader to instructions they cannot see ("Writing the program using the instruction in README.md"),
    nor only the chores that close a piece of work ("Adding the changelog line and closing the issue")."""
    first, _, rest = phrase.partition(" ")
    pointing = re.match(r"(?i)^(?:them|it|this|that|these|those)\b", rest)  # "Replacing them with…": what?
    return (
        first.endswith("ing")
        and not pointing
        and not says_nothing_alone(phrase)
        and not points_elsewhere(phrase)
        and not closing_chores(phrase)
    )


def _claude_texts(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if e.kind == ASSISTANT and e.text and not e.sidechain][:VOCABULARY_MESSAGES]


_PARTICIPLE = lazy(r"^(?P<what>[\w .&/-]+?) (?P<done>Added|Created|Fixed|Implemented|Updated|Removed|Improved)$")
_DONE = {"Added": "add", "Created": "create", "Fixed": "fix", "Implemented": "implement", "Updated": "update",
         "Removed": "remove", "Improved": "improve"}  # fmt: skip
# A noun of work at the end of the stack, and the verb it is made from
_WORK_NOUNS = {
    "Refactor": "refactor",
    "Refactoring": "refactor",
    "Implementation": "implement",
    "Addition": "add",
    "Reorganization": "reorganize",
    "Conversion": "convert",
    "Migration": "migrate",
    "Removal": "remove",
    "Integration": "integrate",
    "Optimization": "optimize",
    "Redesign": "redesign",
    "Rewrite": "rewrite",
}  # fmt: skip  (not "Fixes": "Type Fixes" are fixes of type errors, not of a type)
_NOMINAL = lazy(
    r"^(?P<what>[\w.&/-]+(?: [\w.&/-]+)*?) (?P<noun>" + "|".join(_WORK_NOUNS) + r")"
    r"(?P<rest> (?:for|in|of|across|to|with|on) .+)?$"
)


def summary_phrase(summary: str) -> str:
    """A summary record said as work when it is a noun stack ending in what was done ("Cache Version
    Compatibility Tests Added" -> "Adding Cache Version Compatibility Tests", "HTML Ruby Tokenizer Conversion
    for Better Browser Support" -> "Converting the HTML Ruby Tokenizer for Better Browser Support"); else as it
    was. Its capitals are kept: a title in title case is a title, a noun stack is what a reader stumbles on."""
    summary = summary.strip()
    if ":" in summary:
        return summary
    done = _PARTICIPLE.match(summary)
    if done:
        return f"{gerund(_DONE[done.group('done')]).capitalize()} {done.group('what')}"
    nominal = _NOMINAL.match(summary)
    if nominal:
        what = nominal.group("what")
        article = "" if what.split()[-1].endswith("s") or what.split()[0].lower() in ("the", "a", "an") else "the "
        verb = gerund(_WORK_NOUNS[nominal.group("noun")]).capitalize()
        return f"{verb} {article}{what}{nominal.group('rest') or ''}"
    return summary


def _clearer(phrase: str, request: str, events: Sequence[Event]) -> str:
    """The request's phrase, or Claude's restatement of it when the author's words only pointed ("fix these",
    with the errors above) or were cut to a few words: "Fixing test_cache.py" -> "Fixing the type checking
    issues in test_cache.py". Only a restatement of the same work (its verb is the request's)."""
    from retell.extract.headings import restated_request  # lazily: a listing titles sessions without it

    vague = vague_manner(phrase)  # "Using the Pydantic models in a better way": better how?
    pointed = (
        re.search(r"(?i)\b(?:these|this|those|it|them)\W*$", request)
        or says_nothing_alone(phrase)
        or points_elsewhere(phrase)
        or vague
    )
    cut = len(phrase.split()) <= 5 and len(request.split()) >= 10
    if not (pointed or cut):
        return phrase
    start = next(
        (i for i, e in enumerate(events) if (w := author_words(e)) and (clean_request(w) or "").startswith(request)),
        None,
    )
    if start is None:
        return phrase
    restated = restated_request(events[start:])
    if restated and (says_nothing_alone(phrase) or points_elsewhere(phrase) or vague) and names_the_work(restated):
        return restated  # "This is not supported by Chrome": Claude's "I'll rewrite the tokenizer…" says the work
    if not restated or restated.split()[0] != phrase.split()[0] or len(restated) <= len(phrase):
        return phrase
    return restated


def _telling_phrases(texts: Sequence[str], objects: Sequence[str]) -> Iterator[str]:
    """The phrases of the author's substantial requests that say something on their own, in order."""
    for text in texts:
        request = clean_request(text)
        if request and substantial(request) and not re.search(r"(?i)\balso\b", text[:80]):  # "also": an add-on
            phrase = request_phrase(request, objects)
            if phrase and not says_nothing_alone(phrase):
                yield phrase
