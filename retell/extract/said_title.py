"""A title in the post's language from what was said, when the session's own titles are not in it: on a post not in
English whose commit is in English ("mesaj ingilizce olsun"), whose title is a file list, or a report pasted whole.

The candidates are the clauses of the author's opening message ("sipariş servisi prod'da sürekli restart oluyor",
its greeting and run-up "selam, acil bir durum var." left out) and Claude's marked statements of a cause or an
outcome (a sentence with a bold or code span: "Drei Stellen verwenden die **System**-Zeitzone"). A scorer weighs
them: the words they share with the rest of the session (a clause that names what the session is about), the
technical names they hold, a title's length, and who said it (the author names the work or the problem as they see
it; Claude's finding is what they learnt). A clause that points at a paste ("…hází tohle:"), a question, chat or
a run-up is no candidate."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from retell.events import ASSISTANT, TOOL_RUN, Event
from retell.lazyre import lazy

SAID_WORDS = (3, 12)  # the fewest and the most words a title of this kind holds (spaced scripts)
SAID_CJK = (8, 40)  # … and CJK characters, in Japanese and Chinese (written without spaces)
IDEAL_WORDS = (4, 10)
AUTHOR_PRIOR = 2.5  # the author's words name the work as they see it: they come first on a close call
ORDER_COST = 1.0  # a later clause of the same speaker names the work less often than an earlier one
LEAST_SCORE = 3.0
AUTHOR_WORDS = 4  # the fewest words of an author's clause ("Java 17", "pod limit 1Gi": their stack, no title)
VOCABULARY_MESSAGES = 20
VI_EXTRA = 4  # a Vietnamese word is a syllable: a title holds more of them

_CJK_CHAR = lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_STEM_WORD = lazy(r"[^\W\d_]{4,}")  # (shorter: the function words every message holds)
# A word that points at what the reader cannot see: a paste ("tohle:", "şunu diyor"), the chat ("this")
_POINTER = lazy(
    r"(?i)(?<!\w)(?:this|these|that one|esto|este|esta|estos|eso|ceci|cette|cela|ça|diesen|dieses|diese|folgendes|"
    r"tohle|toto|tenhle|tuhle|taki|taka|takie|taką|takiego|ten błąd|şunu|şu|böyle|это|этот|эта|такой|такая|такую|"
    r"це|цей|ця|такий|така|таку|này|đây|هذا|هذه|هاد|ده|questo|questa|isso|isto|esse|essa|dit|deze|detta|"
    r"det här|den här|följande)(?!\w)|這個|这个|この|これ|이런|이거|이것"
)
# Where a sentence's clauses meet: a mark, or a word of contrast or cause in the languages retell writes
_CLAUSE = lazy(
    r"\s*[,;]\s+|\s*[，、；]\s*|\s+[—–]\s+|\s+-\s+|(?<=\S)\s+(?=(?:but|mais|pero|mas|ma|ale|ama|но|але|nhưng|men|maar|"
    r"bo|because|parce que|porque|weil|perché|protože|çünkü|потому что|тому що|lakin|لكن|بس|since|ever since|"
    r"depuis que|seit|seitdem|desde que|sen|sedan|da quando|odkąd|od kiedy|с тех пор как|відколи|sinds)\s)",
    re.I,
)
# A clause that opens on a relative pronoun or a connective hangs on the one before it: no title on its own
_HANGS = lazy(
    r"(?i)^(?:which|that|who|where|because|but|and|so|qui|dont|où|mais|car|parce que|welche|weil|denn|aber|und|"
    r"el cual|la cual|pero|porque|y|che|cui|ma|perché|que|mas|který|která|které|kteří|ale|protože|který|która|"
    r"które|bo|что|который|которая|которые|но|потому что|и|який|яка|які|що|але|бо|som|men|eftersom|och|omdat|"
    r"maar|ki|ama|çünkü|ve|mà|nhưng|vì|và|الذي|التي|لكن|لأن|بس)\s"
)  # (not the letters that are an article in another language: Portuguese "a", "o"; nor German "die", "der")
# Words of work or of a problem in the languages retell writes (a clause that holds one names what was wrong or what
# was done: "…sürekli restart oluyor", "…schlagen … fehl", "giờ bị lệch 7 tiếng")
_WORK = lazy(
    r"(?i)(?<!\w)(?:fail|crash|error|broke|slow|leak|hang|timeout|restart|migrat|upgrad|fehl|absturz|stürzt|langsam|"
    r"hängt|kaputt|migrier|umstell|plant|erreur|bloqu|lent|fall|cuelg|duplic|demor|falh|erro|trav|errore|"
    r"błąd|błęd|pad|wywal|wolno|przenosz|zawiesz|chyb|hází|pomal|fel|krasch|slutat|ошибк|пада|висн|медлен|"
    r"сыпать|переез|миграц|помилк|повільн|вбива|hata|çök|yavaş|lỗi|lệch|chậm|sập|treo|خطأ|مشكل|بطيء|ندعم|"
    r"에러|오류|깨져|느려|올리)|遅|エラー|落ち|失敗|报错|錯誤|错误|慢|失败|崩溃|崩潰|改成|迁移|遷移"
)
_SENTENCE_END = lazy(r"(?<=[.!?。！？])(?:\*\*)?\s+|(?<=[。！？।॥])|\n+")  # (a bold sentence's "**" after its stop)
_ASIDE = lazy(r"\s*[(（][^()（）]*[)）]")
_TECH = lazy(r"`[^`]+`|\b\w*\d\w*\b|\b[a-z]+[A-Z]\w*|\b[A-Z]{2,}\b|\w[./_:]\w")
_QUESTION_END = lazy(r"[?？]\s*$")


@dataclass(frozen=True)
class Candidate:
    text: str
    by_author: bool
    rank: int  # its place among its speaker's candidates
    marked: bool  # a bold span (Claude's way of marking the point)
    shared: int  # its words the rest of the session also says
    technical: int  # the names and figures it holds


def said_title(
    events: Sequence[Event],
    language: str | None,
    subject: str | None = None,
    keep: Callable[[str], bool] | None = None,
    any_language: bool = False,
) -> str:
    """The best-scoring candidate in `language` (see the module's docstring), else "". `subject`: the commit the
    session made, whose words a candidate that names the work shares; `keep`: a test every candidate passes (the
    title gate); `any_language`: English posts too (by default a title in English is left to the phrase)."""
    from retell.extract.local_headings import fits_language, table_key

    if not language or (table_key(language) == "en" and not any_language):
        return ""
    key = table_key(language)
    opening = _opening(events)
    claude = _claude_messages(events)
    if not opening and not claude:
        return ""
    author_stems = _stems(opening) | _stems(subject or "")
    # (what Claude said over the whole session: the cause of an "it keeps restarting" is often found after a reply)
    claude_stems = _stems(" ".join(_claude_messages(events, first_ask=False))) | _stems(subject or "")
    found: list[Candidate] = []
    whole = IDEAL_WORDS[1] + (VI_EXTRA if key == "vi" else 0)
    for rank, (text, marked) in enumerate(c for c in _clauses(opening, whole=whole) if _fits(c[0], key)):
        if fits_language(text, language) and (_length(text) >= AUTHOR_WORDS or _CJK_CHAR.search(text)):
            found.append(_candidate(text, True, rank, marked, claude_stems))
    claims = [c for message in claude for c in _clauses(message, marked_only=True) if _fits(c[0], key)]
    for rank, (text, marked) in enumerate(claims):
        if fits_language(text, language):
            found.append(_candidate(text, False, rank, marked, author_stems))
    named = [
        c
        for c in found
        if (c.shared or c.technical)
        and not _WHERE_IT_IS.search(c.text)
        and (keep is None or keep(_capitalised(c.text)))
    ]
    if not named:
        return ""
    best = max(named, key=_score)
    return _capitalised(best.text) if _score(best) >= LEAST_SCORE else ""


# A clause that says where something is kept ("報名資料範例在 data/", "the samples are in data/"): a pointer for
# Claude, no title (fresh39's hiking-club roster, judged unusable blind at stop 60)
_WHERE_IT_IS = re.compile(
    r"(?:在|於|于|位於|位于|\bin|\ben|\bem|\bdans|\bim|\bw|に|에)\s*[`'\"]?[\w.~-]*[/\\][\w./\\-]*[`'\"]?\s*[。.!]?\s*$"
)


def points(text: str) -> bool:
    """Whether the author's words point at what the reader cannot see (a paste, the chat): see _POINTER."""
    return bool(_POINTER.search(text))


def _score(candidate: Candidate) -> float:
    words = _length(candidate.text)
    ideal = IDEAL_WORDS[0] <= words <= IDEAL_WORDS[1] if not _CJK_CHAR.search(candidate.text) else 10 <= words <= 30
    return (
        min(candidate.shared, 3)
        + min(candidate.technical, 1)
        + (1.0 if _WORK.search(candidate.text) else 0.0)
        + (1.0 if ideal else 0.0)
        + (AUTHOR_PRIOR if candidate.by_author else 0.0)
        + (1.0 if candidate.marked else 0.0)
        - ORDER_COST * candidate.rank
    )


def _candidate(text: str, by_author: bool, rank: int, marked: bool, others: set[str]) -> Candidate:
    plain = _plain(text)
    return Candidate(plain, by_author, rank, marked, len(_stems(plain) & others), len(_TECH.findall(text)))


def _opening(events: Sequence[Event]) -> str:
    """The author's first message of words (a message that only held the floor left out), its pastes cut."""
    from retell.extract.deeds import held_messages
    from retell.extract.requests import author_words

    held = held_messages(events)
    for event in events:
        words = author_words(event)
        if words and words not in held:
            return _prose(words)
    return ""


def _claude_messages(events: Sequence[Event], first_ask: bool = True) -> list[str]:
    """Claude's messages of the first ask (up to the author's next words), after its first tool run, main thread;
    not `first_ask`: its first VOCABULARY_MESSAGES messages of the session."""
    from retell.extract.requests import author_words

    messages: list[str] = []
    asked = acted = False
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if author_words(event):
            if asked and acted and first_ask:
                break
            asked = True
        elif event.kind == TOOL_RUN:
            acted = True
        elif event.kind == ASSISTANT and (acted or not first_ask) and event.text:
            messages.append(_prose(event.text))
    return messages[:VOCABULARY_MESSAGES]


def _prose(text: str) -> str:
    """`text` without fenced or indented pastes and list markers (each line its own sentence)."""
    text = re.sub(r"```.*?(?:```|$)", "\n", text, flags=re.S)
    lines = [line for line in text.splitlines() if line.strip() and not re.match(r"^(?: {4}|\t|\$ |> )", line)]
    return "\n".join(re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", line) for line in lines)


def _clauses(text: str, marked_only: bool = False, whole: int = IDEAL_WORDS[1]) -> list[tuple[str, bool]]:
    """(clause, marked) of a text's sentences that ask nothing, in order: each sentence whole, then its parts
    (before and after a colon, then between clause marks). `marked_only`: only a sentence with a bold or code span."""
    out: list[tuple[str, bool]] = []
    for sentence in (s.strip() for s in _SENTENCE_END.split(text)):
        if not sentence or _QUESTION_END.search(sentence):
            continue
        marked = "**" in sentence
        if marked_only and not (marked or "`" in sentence):
            continue
        # a claim and its details after a colon ("Drei Stellen …: `A.kt:31`, `B.kt:14`"): each part on its own
        parts = [p for p in re.split(r"(?<![\"'])\s*[:：]\s+", sentence) if p]  # (not a quoted key's: '"type": …')
        for part in parts:
            pieces = [p for p in _CLAUSE.split(_ASIDE.sub("", part)) if p and p.strip()]
            if len(pieces) > 1 and _length(pieces[0]) >= SAID_WORDS[0]:
                # shortened at a clause boundary: the first clause says the point, what follows its detail (a
                # sentence of a title's length stays whole: "nhà hàng mình ở Đà Nẵng, giờ bị lệch 7 tiếng")
                if _length(_ASIDE.sub("", part)) <= whole:
                    out.append((part, marked))
                out.extend((_undangled(p) if i else p, marked) for i, p in enumerate(pieces[:2]))
            else:
                out.append((part, marked))
                out.extend((p, marked) for p in pieces[1:2])
    return list(dict.fromkeys(out))


def _undangled(clause: str) -> str:
    """A second clause without the particle of contrast its first half held up ("…, in der Pipeline schlagen aber
    3 Tests fehl" -> "in der Pipeline schlagen 3 Tests fehl")."""
    return re.sub(r"(?i)\s+(?:aber|jedoch|doch|echter|però|pourtant|tuttavia)(?=\s)", "", clause, count=1)


def _fits(text: str, key: str) -> bool:
    """Whether a clause can title a post by its form: its length, no pointer, no chat, no run-up, no greeting."""
    from retell.extract.chatforms import plans, runs_up
    from retell.extract.deeds import greets
    from retell.extract.headings import chat_line

    plain = _plain(text)
    if not plain or plain.count('"') % 2 or text.rstrip().endswith(("…", "...")):
        return False  # (half a quotation, a sentence left unfinished)
    if _POINTER.search(plain) or _HANGS.match(plain):
        return False
    fewest, most = SAID_CJK if key in ("ja", "zh-Hans", "zh-Hant") else SAID_WORDS
    if key == "vi":  # (a Vietnamese word is a syllable: a title holds more of them)
        most += VI_EXTRA
    if not fewest <= _length(plain) <= most:
        return False
    return not (chat_line(plain) or runs_up(plain) or plans(plain) or greets(plain))


# The author's "I have a…" before the thing they have ("j'ai un script qui…", "tengo un problema con…"): the thing
# is the title ("Un script qui…")
_OWN_SITUATION = lazy(
    r"(?i)^(?:j['’]ai|tengo|tenho|ho|ich habe|ik heb|jag har|vi har|we have|I have)\s+"
    r"(?=(?:un|une|una|um|uma|uno|ein|eine|einen|een|en|ett|a|an)\s)"
)


def _plain(text: str) -> str:
    """A clause as a title: no markup, aside in brackets, trailing mark or the author's "I have" before a thing."""
    plain = re.sub(r"\*\*|`|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)", "", _ASIDE.sub("", text)).strip()
    return _OWN_SITUATION.sub("", plain.rstrip(" .:：;,!。！、").strip())


def too_long_to_title(text: str) -> bool:
    """Whether a title is longer than SAID_WORDS allows (SAID_CJK in CJK characters): a report, not a title."""
    cjk = _CJK_CHAR.search(text)
    return _length(text) > (SAID_CJK[1] if cjk else SAID_WORDS[1])


def _length(text: str) -> int:
    """Words (not the one-letter ones: "в", "у", "a", "w" are a title's glue), or CJK characters and words."""
    cjk = len(_CJK_CHAR.findall(text))
    words = [w for w in _CJK_CHAR.sub(" ", text).split() if len(w) > 1 or w.isdigit()]
    return cjk + len(words) if cjk else len(words)


def _stems(text: str) -> set[str]:
    """Word stems, names in capitals ("ESM", "OOM") and CJK character pairs: what two texts share."""
    return (
        {w.lower()[:5] for w in _STEM_WORD.findall(text)}
        | set(re.findall(r"\b[A-Z]{2,}\b", text))
        | {m.lower() for m in re.findall(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2}", text)}
    )


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text
