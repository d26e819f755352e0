"""Headings a blogger would keep for a stretch of the session: from what the author asked there, else from
what the work mostly was. Shared by triage (chapter titles) and the offline engine (section headings)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence

from retell.events import ASSISTANT, HUMAN, IMAGE, PLAN, SUBAGENT, TOOL_RUN, Event, ToolCall
from retell.extract.authored import names_a_task, reports, too_long
from retell.extract.built_title import built
from retell.extract.chatforms import plans
from retell.extract.commits import best_summary, commit_phrase, edited_names, session_summaries, shorthand
from retell.extract.deeds import (
    before_a_commit_only,
    best_deed,
    held_messages,
    introduces_block,
    introduces_list,
    introduces_paste,
    names_a_goal,
    only_replies,
    planned_item,
    reports_output,
)
from retell.extract.failing_test import failed_behaviour
from retell.extract.local_headings import (
    FIX,
    WORDS,
    deed_in_language,
    english_on,
    fits_language,
    in_language,
    knows,
    ran_programs,
    table_key,
)
from retell.extract.phrasing import (
    HEADING_WORDS,
    as_phrase,
    closing_chores,
    how_to_question,
    is_verb,
    points_elsewhere,
    request_phrase,
    rewrites,
    says_nothing_alone,
    short_enough,
    vague_manner,
    without_loose_end,
)
from retell.extract.requests import author_words, clause_cut, clean_request, first_sentence, opens_with_opener
from retell.extract.result import claude_result
from retell.extract.roles import command_work, commands_in_words, files_in_words
from retell.extract.testruns import told_runs
from retell.extract.title_forms import FILE_MADE, addresses, mended
from retell.extract.tools import SHELL_TOOLS, family, is_test_command
from retell.extract.typos import fix_typos, foreign_words, in_english, session_words, spelled_as_elsewhere, word_counts
from retell.extract.unchatted import asked_work, spelled_out, unchatted, with_initialisms
from retell.report import number_word

HEADING_CHARS = 70
SAME_SHARE = 0.8  # of a heading's words (their first letters) also in the title: it says the same
LATER_ASKS = 3  # of a stretch's asks after its first, those a heading may come from
_BOOKKEEPING = frozenset({"todo", "tools"})


def request_heading(text: str, limit: int = HEADING_CHARS) -> str:
    """The first sentence of the author's request in `text`, or its first clause when the sentence is long;
    never cut with "…" (a heading cut mid-thought reads as a mistake). "" when the text holds no request (an
    acknowledgement, a flag, a pasted log, a URL…) or no clause short enough."""
    request = clean_request(text)
    if not request:
        return ""
    sentence = re.sub(r"[\s,]+please\W*$", "", first_sentence(request), flags=re.I).rstrip(",;:")
    # "Help me apply for…": the ask is to apply
    sentence = re.sub(r"(?i)^help (?:me|us) (?=\w)", "", unchatted(sentence))
    sentence = sentence[:1].upper() + sentence[1:]
    if len(sentence) <= limit:
        return sentence
    return clause_cut(sentence, limit, shortest=16)


def chapter_heading(events: Sequence[Event], avoid: Collection[str] = (), language: str | None = None) -> str:
    """What a stretch is about, said as what happened: the commit (or pull request) it made that best matches
    the author's request in it, else that request ("Fixing the lint errors in app.py"), else the work, else
    what kind of stretch it was (a plan, screenshots, a conversation). A heading in `avoid` (the post's title,
    the headings before, in that order) is passed over for the next; "" only when nothing is left. `language`:
    the post's; a commit in another is not a heading as it stands (local_headings.fits_language)."""
    taken = {a.casefold() for a in avoid}
    taken |= _framed_parts(next(iter(avoid), ""), language)
    # all the author's words of the stretch: "hi" alone is too short to tell which language a deed must be in
    said = " ".join(w for e in events if (w := author_words(e))) or None
    deed = best_deed(events, said)  # what the stretch did, by evidence: found once, for the candidates too
    earlier = {a.casefold() for a in list(avoid)[1:]}  # the post's title comes first; "Back to" follows a heading
    kind = kind_heading(events)
    symptom = ""  # the author's symptom as they lived it: only over a heading of the kind of stretch
    for candidate in _candidates(events, deed, earlier, language):
        heading = mended(without_own_clause(without_loose_end(short_enough(_to_the_reader(candidate)))))
        if heading and heading == kind and symptom:
            return symptom
        if lived(heading) and not any(_same(heading.casefold(), t) for t in taken):
            symptom = symptom or with_initialisms(spelled_out(heading))
            continue  # "The player keeps sliding after I release the stick": what was done about it says more
        if re.search(r"(?i)\byou(?:r|'re|'ve|'ll|'d)?\b", heading) or addresses(heading, language):
            continue  # Claude speaking to the author ("…the logic you described", "Du rufst load() zweimal auf")
        if chat_quote(heading) or vague_manner(heading) or bare_file_list(heading) or asked_in_passing(heading):
            continue  # "If I just rename a folder I have found…": a sentence of the chat, not what happened
        if language and table_key(language) == "en" and another_language(heading):
            continue  # "Spécification — Variantes de produit", a pasted document's first line, on an English post
        local = in_language(heading, events, language) if heading else ""
        if heading and (not fits_language(local, language) or english_on(local, language)):
            continue  # "Running the tests", an English task item on a German post: one language per post
        if only_approach(heading) or cjk_question(heading) or how_to_question(heading):
            continue  # "Taking a look", "可以算…排名嗎": how the author asked, not what the stretch did
        if chat_line(heading) or reacts(heading) or (heading and not names_a_goal(heading)):
            continue  # "yes, let's do that", a log line, a list of files: chat or a paste, not what happened
        if re.match(_POINTS, heading.partition(" ")[2]) and heading.split(" ", 1)[0].endswith("ing"):
            continue  # "Fixing that first", "Getting this in prod…": what "that" is, the reader cannot see
        if len(heading.split()) < 2 and not re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", heading):
            continue  # one word ("Rotating", "Good"): it names no step
        if heading != FIX and re.match(
            r"(?i)^(?:the|a|an|die|der|das|le|la|les|el|los|las|il|lo|o|os|as)\s+\S+$", heading
        ):
            continue  # "The CI": a thing, not what was done with it
        if heading and avoid and heading == deed and _opens_alike(heading, next(iter(avoid))):
            continue  # a task item that opens as the title does ("Creating a Jupyter notebook with…"): a repeat
        said_so = in_language(heading, events, language).casefold() if heading else ""
        if said_so and said_so != heading.casefold() and any(_same(said_so, t) for t in taken):
            continue  # "Getting the tests to pass" said as "Naprawa testów", the heading before: a repeat
        if FILE_MADE.search(heading):
            continue  # "Writing the 000043 txn account posted idx": a file's name said as words
        # (the title as built from this very candidate, "Correction de la migration…" of "Corrige la migration…", is
        # a repeat too)
        # (in English, only its scope out: a request's imperative heads a section under the title that says it as
        # work, "Restructure the configuration loader…" under "Restructuring…")
        english = not language or table_key(language) == "en"
        kinds = ("scope",) if english else ("commit", None)
        forms = {heading.casefold(), *(built(heading, kind, language).casefold() for kind in kinds)}
        if heading and not any(_same(form, t) for form in forms for t in taken):
            if isinstance(candidate, _Reported):  # "The build is failing on CI": what was done about it says more
                symptom = symptom or with_initialisms(spelled_out(heading))
                continue
            return with_initialisms(spelled_out(heading))
    return symptom  # nothing else: the symptom, as the author lived it or reported it


def _framed_parts(title: str, language: str | None) -> set[str]:
    """The changes a title framed by its thing names ("Terraform: moving state to GCS and splitting main.tf" ->
    "moving state to gcs", "splitting main.tf"; extract.framed_title), casefolded: a heading that says one of them
    again repeats the title."""
    thing, colon, said = title.partition(": ") if ": " in title else title.partition("：")
    if not colon or len(thing.split()) > 3:
        return set()
    word = WORDS[table_key(language)]["and"] if language and knows(language) else " and "
    parts = re.split(rf"{re.escape(word)}| and ", said) if word.strip() else [said]
    return {p.strip().casefold() for p in [said, *parts] if len(p.strip()) >= 12}


def another_language(heading: str) -> bool:
    """Whether a heading of Latin letters is in another language than English: not English by its function
    words, another language's by a word or more, and of three words or more with no English function word in
    them ("Fixing the café menu" holds a name an English post can hold, "Café Müller" is a name)."""
    if in_english(heading) or _CJK_TEXT.search(heading) or not foreign_words(heading):
        return False
    return len(re.findall(r"[^\W\d_]+", heading)) >= 3 and not _ENGLISH.search(heading)


def _opens_alike(heading: str, title: str) -> bool:
    """Whether a heading opens with the title's first four words ("Creating a Jupyter notebook…" twice)."""
    first = [w.casefold() for w in heading.split()[:4]]
    return len(first) == 4 and first == [w.casefold() for w in title.split()[:4]]


def _same(heading: str, taken: str) -> bool:
    """The same words, or one of them cut shorter ("Build errors when MDX files…" under the whole title);
    spelled alike is the same ("top-level" and "top level")."""
    heading, taken = (" ".join(re.findall(r"\w+", t)) for t in (heading, taken))
    shorter, longer = sorted((heading, taken), key=len)
    if heading == taken or (len(shorter) >= 12 and longer.startswith(shorter)):
        return True
    words = heading.split()  # "Fixing test_cache py" under "Fixing the type checking issues in test_cache py"
    if len(words) >= 2 and set(words) <= set(taken.split()):
        return True
    # one word more: "Updating the failing tests in test_x.py" under "Updating the tests in test_x.py" (the ask
    # in the author's own form, "Update the tests…", is another candidate: its first word differs)
    stems, known = {w[:5] for w in words}, {w[:5] for w in taken.split()}
    same_start = words[:1] == taken.split()[:1]
    return same_start and len(stems) >= 4 and len(stems & known) >= SAME_SHARE * len(stems)


# A sentence of the chat rather than a heading: it opens on a condition or a reason ("If I just rename…", "When
# I run it…"), or the author speaks of what they think, want or found ("…I have found", "…so that I can test")
_CHAT_OPENING = re.compile(
    r"(?i)^(?:if|when|whenever|since|because|although|though|while|unless|once|as soon as|whether|so|and|but|or)\b"
)
_FIRST_PERSON = re.compile(
    r"\b(?:I|we) (?:just |really |actually |also )*(?:have |had )?(?:think|thought|want|wanted|found|noticed|"
    r"realised|realized|guess|believe|feel|tried|mean|meant|saw)\b|\b(?:I|we) just\b|"
    r"\bso (?:that )?(?:I|we)\b"
)


_FILE_NAME = re.compile(r"^`?[\w./\\-]+\.[A-Za-z0-9]{1,6}`?$")


def bare_file_list(heading: str) -> bool:
    """Whether a heading is a verb and three or more file names only ("Reading a.css, a.js, a.html")."""
    _verb, _, rest = heading.partition(" ")
    names = [n for n in re.split(r",\s*|\s+and\s+", rest) if n]
    return len(names) >= 3 and all(_FILE_NAME.match(n) for n in names)


# A question that asks for a yes or a no, or points back at the chat ("Does the api side also do this?",
# "Desktop still looks the same right?"): a reader cannot tell what it is about. A "why" or "how" question can
# head a section ("Why does the build take 9 minutes?"); in any language, a question that points cannot.
_YES_NO_QUESTION = re.compile(
    r"(?i)^(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have|must|am)\b|"
    r"\b(?:right|correct|ok|okay|too|yet|though|no)\s*[?？]$|\b(?:this|that|it|these|those|also)\b[^?？]*[?？]$"
)


# Chat in any language, never a step of the work: thanks, praise or a sign-off ("Thx ur the best", "완벽해요",
# "今天先這樣，謝啦"), texting ("can u…", "…pls"), a mood ("sinceramente não tenho mais tempo"), "last thing:"
_CHAT_WORDS = re.compile(
    r"(?i)\b(?:thx|thanks|thank you|ty|tysm|cheers|ur|u|pls|plz|lol|awesome|perfect|amazing|"
    r"merci|parfait|génial|danke|perfekt|gracias|perfecto|genial|obrigad[oa]|valeu|perfeito|grazie|perfetto|"
    # Turkish praise and thanks ("Listeler güzel olmuş": the author pleased with the lists, no step)
    r"güzel|harika|süper|teşekkür\w*|sağ ?ol\w*|ottimo|bellissim[oa]|"
    r"sinceramente|honestly|ehrlich gesagt|franchement|kind of thing|sort of thing|stuff like (?:this|that))\b|"
    r"^(?:cara|mano|ok(?:ay)?|yes|yep|sure|fine|good|great|nice|cool|alright|before I|last thing|one more thing|"
    # a run-up to the request ("Bit of background first", "Some context:"): what comes after it is the point
    r"(?:a )?(?:bit|little|word) of (?:background|context)|some (?:background|context)|quick context|"
    r"ultima cosa|última cosa|una última cosa|última coisa|dernière chose|letzte sache|noch eine sache)\b|"
    r"谢|謝|多谢|太棒|辛苦|今天先|先这样|先這樣|^好的|^好，|^行|^嗯|"
    r"ありがとう|完璧|助かり|お疲れ|"
    r"완벽|고마워|고맙|감사|최고|수고|좋아요|^네[,. ]|^오케이|"
    # the author speaking of themselves ("…que je colle dans le ticket", "先記下來，我開個 ticket")
    r"(?-i:\b(?:[Jj]e|[Jj]'|[Ii]ch|mich|[Yy]o|[Ee]u|[Ii]o)\b)|我(?![们們])|私は|僕|나는|내가|제가"
)
# A statement that points at the chat in another language ("Este archivo utils.js es un desastre", "/api/courses/
# 这个接口太慢了"): a complaint about what the reader has not seen, not a step
_POINTING = re.compile(
    r"(?i)^(?:este|esta|esto|ese|esa|eso|ce|cet|cette|ça|dieser|diese|dieses|"
    r"das(?= (?:im|in|auf|mit|für|vom|von|beim|noch|auch)\b)|questo|questa|quello|isso|isto|esse|essa)\b|"
    r"这个|這個|那个|那個|这|這|この|その|이거|이게|그거"
)
# An expectation or a pointer, not a step ("Nesting should work", "Do both", "Fix it")
_EXPECTS = re.compile(r"(?i)\b(?:should|shouldn't|must|ought to|needs? to)\b(?![^?]*\?)")
# A question of how long or how much, asked in passing ("Wie lange dauert Schritt 3 in Prod ungefähr?")
_HOW_LONG = re.compile(
    r"(?i)\b(?:how long|how much time|roughly|approximately|wie lange|wei lange|ungefähr|combien de temps|environ|"
    r"cuánto tiempo|aproximadamente|quanto tempo|più o meno)\b|多久|多长时间|多長時間|どのくらい|얼마나"
)
_WHY = re.compile(
    r"(?i)^(?:why|how|warum|wieso|weshalb|pourquoi|comment|por ?qu[ée]|cómo|como|perché|come)\b|"
    r"为什么|為什麼|怎么|怎麼|なぜ|どうして|왜"
)


# What the author will do with the work, behind it ("…en 5 puces que je colle dans le ticket", "…so I can paste
# it in the PR"): their plans, not the step
_OWN_CLAUSE = re.compile(
    r"(?i)\s+(?:que je|que j'|qu'on|that I|which I|so (?:that )?I can|damit ich|den ich|die ich|das ich|"
    r"para que (?:yo )?|que (?:yo|eu)|che (?:io )?(?:possa|incollo|metto))\b.*$"
)


def without_own_clause(heading: str) -> str:
    """`heading` without the author's plan behind the step (see _OWN_CLAUSE), when three words or more are left."""
    cut = _OWN_CLAUSE.sub("", heading).rstrip(" ,;:")
    return cut if cut != heading and len(cut.split()) >= 3 else heading


# An assent or a go-ahead in any language ("Ja mach", "vas-y", "yes do that", "直して", "提交"): the step is what was
# agreed to, which these words do not say
_ASSENT = re.compile(
    r"(?i)^(?:(?:ja|yes|ok(?:ay)?|sí|si|oui|sim|ok)[,!.]?\s+)?(?:mach(?:\s+(?:das|es|mal|bitte))*|vas-y|allez-y|"
    r"go(?: ahead)?|do (?:it|that|this)|dale|hazlo|pode|faz|manda(?: ver)?|vai|procedi|fallo|fai pure|"
    r"直して|やって|お願い(?:します)?|提交(?:吧)?|改吧|就这样|就這樣|继续吧|繼續吧|해\s?주세요|진행(?:해)?)\W*$"
)
# An interjection that opens a line of chat ("等等，改 settings…", "算了，放棄", "Nickel, les factures sortent",
# "pera, o CI quebrou"): the author reacting, not the step
_INTERJECTION = re.compile(
    r"(?i)^(?:等等|等一下|算了|哦|噢|啊|嗯|诶|欸|哎|唉|えっ|うーん|あー|아|음|nickel|ah|oh|hmm+|ugh|wait|pera|"
    r"espera|aspetta|attends|warte|ops|oops|uff|boh|bah|tja|na ja|naja|puxa|nossa|vaya|bueno|uy|ay|híjole|hijole|"
    r"órale|orale|ándale|andale|chin|ups)"
    r"(?:[，,、!！。…]|\.(?!\w)|\s+(?=\w))"
)
# The author's own plans ("Vou deixar rodando em staging…", "Je vais tester…", "I'll take it to the team")
_OWN_PLAN = re.compile(
    r"(?i)^(?:vou|vamos|voy a|vamos a|je vais|on va|ich werde|wir werden|I'll|I will|I'm going to|we'll|"
    r"lo (?:miro|reviso)|vado a|le mando|te mando|lhe mando)\b|"
    # the same typed without its apostrophe ("Ill do the commit myself", "Im gonna push it later")
    r"^(?-i:Ill|Im|Ive|Ima|Imma)\s+(?:do|push|commit|merge|deploy|test|check|try|handle|take|look|run|gonna|going|"
    r"just|probably|also|already|done)\b|"
    # what the author wants, thinks or prefers ("Faz sentido mas quero ter certeza…", "Prefiro fakeredis…")
    r"\b(?:quero|prefiro|acho que|quiero|prefiero|creo que|je pense|je préfère|ich denke|ich finde|voglio|"
    r"preferisco|penso che)\b"
)
# A conjunction that joins a line to the chat before it ("Aber mach das bitte so…", "Et si la facture…")
_JOINED_ON = re.compile(r"(?i)^(?:aber|mais|pero|mas|però|und|donc|dann|entonces|então|quindi|et|y|e)\s+\w")


# The author speaking of themselves in an English line that is no step ("The cart empties after I log in",
# "Broke once we moved to pnpm"): a symptom as they lived it, told by what they did; a step opens with its -ing
# word. ("Some of my feeds come out garbled" says what was found: a possessive is no deed of the author's.)
_SPEAKER = re.compile(r"(?<=\s)I\b|^I(?:'m|'ve|'d)\b|(?i:\bwe\b)")
# A yes, a wait or a "well" opening a line, in any language, by words no language uses as a step ("Oke masuk
# akal", "Ναι η στήλη…", "Так, і ще…", "うん、…", "잠깐만요…"); "no"/"ok"/"nah" only in a line of three words or fewer
_REPLY_OPENING = re.compile(
    r"(?i)^(?:oke|okey|iya|sip|ναι|όχι|εντάξει|да|нет|ага|так|ні|угу|כן|לא|evet|hayır|tamam|sí|oui|sim|"
    r"jo|jep|joo|はい|うん|ええ|いや|네|예|응|아니요|잠깐(?:만요)?|ちょっと待って)(?:[\s,，、.!！…]|$)|^そうそう"
)
_SHORT_REPLY = re.compile(r"(?i)^(?:no|nah|ok(?:ay)?|ja|nee|nein|non|yes|yeah|ya|tak)\b")
# A line of speech by its ending: Korean polite speech ("…열어볼게요", "…안 돼요"), a Japanese "after I did X, Y
# happened" ("…上げたら…なくなった"): the author telling what they do or saw, not a step
_SPOKEN_ENDING = re.compile(
    r"[\uac00-\ud7af]요\s*[.!?？！]*$|죠\s*[.!?？！]*$|たら.*[たよね]\s*[。!！]*$|"
    # a Japanese line ending on a plain past ("そうそうSEで出た", "やっぱり落ちた"): what happened, not a step
    r"[\u3040-\u30ff\u4e00-\u9fff]た\s*[。!！]*$|"
    r"(?:ます|ました|です|でした)\s*[。!！]*$"  # Japanese polite speech ("…書き換えます"): Claude or the author talking
)


def spoken(heading: str) -> bool:
    """Whether a heading is the author speaking (see _REPLY_OPENING, _SPOKEN_ENDING), in any language."""
    text = heading.strip()
    if _REPLY_OPENING.match(text) or _SPOKEN_ENDING.search(text):
        return True
    return bool(_SHORT_REPLY.match(text)) and len(text.split()) <= 3


def opens_with_a_yes(text: str) -> bool:
    """Whether a message opens with a yes or a no set off by a mark ("tak, właśnie to…", "no, the other one"): it
    answers Claude, and what it goes on to say is as often the chat around a goal as one."""
    return bool(_MARKED_YES.match(text.strip()))


# A yes or a no set off by a mark, in the languages retell heads in ("tak,", "no.", "네,"; not "네 그리고…", which
# runs on into its ask)
_MARKED_YES = re.compile(
    r"(?i)^(?:yes|yeah|yep|no|nope|nah|ok(?:ay)?|tak|nie|ja|nee|nein|non|oui|sí|si|sim|não|da|да|нет|так|ні|evet|"
    r"hayır|iya|ya|ναι|όχι|כן|לא|はい|うん|네|응|아니요|对|對|是的|好的?)\s*[,.!，。！、]"
)


def lived(heading: str) -> bool:
    """Whether an English heading is a symptom as the author lived it (see _SPEAKER): it heads a stretch only when
    nothing the stretch did says more (chapter_heading keeps it before a heading of the kind of stretch)."""
    text = heading.strip()
    return bool(_SPEAKER.search(text)) and not re.match(r"[A-Z][a-z]+ing\b", text) and bool(_ENGLISH.search(text))


# Words that name no subject, in the languages retell's authors write: a pointer ("this", "esto", "ini", "hii"),
# a call ("hey", "oye", "bhai"), a yes ("ndio", "haan"), "a problem" or "a question" ("masalah", "tatizo",
# "duda"), an ask's verb with no object ("look", "mirar", "dekho", "irekebishe"), a modal or a pronoun, a
# function word. A line of chat made only of them ("Oye puedes mirar esto", "Bhai ek problem hai", "Ada masalah
# pelik", "Ndio irekebishe") says what it points at nowhere: it names neither a task nor its subject.
_NO_SUBJECT = frozenset(
    """
    this that it these those here there there's here's it's esto eso esta este aquí aqui isso isto ça cela ci
    das dies hier questo qui ini itu sini ye yeh yah iska isko ise hii hiki hapa ito dito tohle ovo ovdje això allò
    hey hi hello oye oi ei eh ey hola bhai yaar bro dude mate guys jamani kaka boss salut hallo ciao pak bang kak
    bos
    yes yeah ok okay si sí sim oui ja haan han ha ji ndio ndiyo sawa ya iya oo opo jo áno ano
    problem problems issue issues bug bugs error errors problema problemas probleem problème masalah tatizo shida
    dikkat pareshani gadbad pelik weird strange odd raro rara extraño extraña estranho estranha strano bizarre
    komisch seltsam aneh ajeeb duda doubt question pregunta dúvida pergunta swali thing cosa coisa chose ding
    look check see help do continue go mirar mira miras ver revisar revisa ayuda ayudas ayudar arreglar
    arregla arreglas olhar olha ajuda ajudar regarder regarde aide aider anschauen schauen ansehen helfen
    guardare guarda aiutare aiuta darci dare occhiata un'occhiata lihat tolong cek bantu betulkan baiki dekho
    dekh dekhna karo kar kardo angalia rekebisha irekebishe saidia endelea fanya tingnan ayusin pozri oprav
    pogledaj popravi
    can could would you please puedes puede podrías pode podes peux pouvez kannst können puoi può bisa boleh
    kamu awak aap tum unaweza tafadhali me mi te mal dir du tu mich
    a an the at on to of got have has we i is are hay tengo tenemos tem temos gibt es ada ek hai kuna kuwa
    again lagi otra vez another more today hoy zara abhi phir tena just still one un una uno um uma une ein eine
    einen de y e et and und
    """.split()  # noqa: SIM905  (a word list read as text)
)


def names_no_subject(text: str) -> bool:
    """Whether a short line is made only of words that name no subject (see _NO_SUBJECT)."""
    words = [w.strip("¿¡?!.,;:…\"'()") for w in text.lower().split()]
    words = [w for w in words if w]
    return 0 < len(words) <= 6 and all(w in _NO_SUBJECT for w in words)


# What the author is not doing ("Not asking for code today", "Not now"): the chat around the work
_NOT_DOING = re.compile(r"^Not\s+(?:\w+ing|today|now|yet)\b")


# A line that opens on a word tying it to what was said before it ("So the cache…", "Alltså `2026012` + `9`…",
# "Då fungerar filen…", "Nu blir summan…", "Dus de planner…"): the middle of a reply, which a heading out of
# context cannot be (judged blind on fresh33-35's offline posts: a chat line, "'Då' refers back")
_LEADS_ON = re.compile(
    r"(?i)^(?:so|then|thus|hence|therefore|now|also|alltså|då|så|sedan|nu|dus|dan|toen|dann|daher|deshalb|jetzt|"
    r"donc|alors|ainsi|puis|entonces|luego|pues|ahora|quindi|allora|dunque|poi|adesso|więc|wtedy|potem|zatem|"
    r"teraz|takže|tedy|teď|nyní|então|entao|agora|jadi|lalu|kemudian|sekarang|vậy|rồi|yani|sonra|şimdi|"
    r"тепер|теперь|отже|тож|итак|ось|вот|і|и|а|тогда|тоді|אז|עכשיו)"
    r"(?:,\s*|\s+)(?=\S)"
)


# A guess said in passing ("おそらく文字コード", "Probably the cache", "Vermutlich die Zeitzone"): what was found
# heads a stretch, not what Claude (or the author) thought it might be (judged blind on fresh36's offline posts)
_GUESS_START = re.compile(
    r"(?i)^(?:probably|maybe|perhaps|possibly|presumably|wahrscheinlich|vermutlich|vielleicht|probablemente|quizás?|"
    r"tal vez|a lo mejor|probablement|peut-être|probabilmente|forse|provavelmente|talvez|waarschijnlijk|misschien|"
    r"prawdopodobnie|pravděpodobně|možná|mungkin|có lẽ|troligen|kanske)\b|"
    r"^(?:おそらく|たぶん|多分|恐らく|也许|也許|大概|아마)"
)
# A day told from the chat's own today, in a question or a few words ("Why does the script blow up for tomorrow?",
# "早上继续"): a reader of the post has no such today (judged blind on fresh33-36's offline posts)
_CHAT_DAY = re.compile(
    r"(?i)\b(?:tomorrow|yesterday|tonight|today(?!'s)|heute|gestern|vandaag|gisteren|morgen|demain|aujourd'hui|"
    r"domani|oggi|ieri|amanhã|hoje|ontem|jutro|dzisiaj|wczoraj|zítra|včera|besok|kemarin|hoy|ayer|igår|imorgon|"
    r"idag)\b|明日|昨日|今天|明天|昨天|今晚|早上|오늘|내일|어제"
)


def chat_line(heading: str) -> bool:
    """Whether a heading is a line of chat in any language: thanks, praise, texting, a sign-off, a complaint
    that points ("this endpoint is too slow"), an expectation ("Nesting should work"), a short ask whose
    object is a pointer ("Do both"), or a question in another language that is no why or how ("Wie lange
    dauert Schritt 3?")."""
    text = heading.strip()
    if _CHAT_WORDS.search(text) or _EXPECTS.search(text) or spoken(text) or _LEADS_ON.match(text):
        return True
    if _GUESS_START.match(text):
        return True
    if _CHAT_DAY.search(text) and (text.endswith(("?", "？")) or len(re.sub(r"\W", "", text)) <= 6):
        # (a question or a few words; a report keeps its day, "La lista de pedidos sale vacía desde ayer", which
        # says the problem and loses only its time)
        return True
    if names_no_subject(text) or _NOT_DOING.match(text) or plans(text):
        return True
    if _ASSENT.match(text) or _INTERJECTION.match(text) or _OWN_PLAN.search(text) or _JOINED_ON.match(text):
        return True
    if re.search(_CJK_REACTION, text):  # "有道理，那就先不改", "哦原来是我们自己写的 哈哈": a reaction
        return True
    # "I test again with real file": the author telling what they did or will do; "I have a bug with…" and
    # "I need…" are left to the readers of a wish or a report ("I test di …" is Italian)
    own_act = re.match(r"^I\s+(?!(?:have|had|need|want|would|got|am|think|guess)\b)(?!\w+ing\b)[a-z]+\b", text)
    if own_act and _ENGLISH.search(text[2:]):
        return True
    cjk = re.sub(r"[\s\W]", "", text)
    if re.fullmatch(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{1,3}", cjk):
        return True  # "回来了", "提交": three characters or fewer name no step
    if re.match(r"(?i)^(?:what'?s|whats|what is|where'?s|who'?s|how'?s)\b", text) and len(text.split()) <= 6:
        return True  # "What's the remaining 4 min": a question in passing
    words = text.rstrip("?？!.").split()
    if 1 < len(words) <= 3 and words[-1].lower() in ("both", "it", "this", "that", "them", "all", "everything"):
        return True
    in_passing = not _ENGLISH.search(text) and not _WHY.search(text)
    if text.endswith(("?", "？")) and (_HOW_LONG.search(text) or in_passing):
        return True
    return bool(_POINTING.search(text) and not re.match(r"(?i)^(?:\w+ing|fix|add|make|change)\b", text))


# The author reacting to what Claude said or found: an interjection the chat opens with ("Whoa, so the retry loop
# never ran", "Huh, …") or a judgement of it ("…explains a lot", "that makes sense", "das erklärt einiges", "eso
# explica todo", "c'est logique", "なるほど"). A reaction names no step: what was found or done says it. (Headings
# only: a title has its own gate, title_gate.py.)
_REACTION = re.compile(
    r"(?i)^(?:wow|whoa|woah|huh|aha|yikes|oof|damn|omg|geez|jeez)\b|"
    r"\b(?:explains? (?:a lot|everything|so much|it all)|makes? (?:total |more |a lot of |no )?sense|no wonder|"
    r"that'?s why|erklärt (?:einiges|alles|vieles|viel)|(?:ergibt|macht) (?:keinen )?sinn|kein wunder|"
    r"explica (?:mucho|todo|muito|tudo|bastante)|tiene sentido|faz sentido|con razón|não admira|"
    r"explique (?:tout|beaucoup|pas mal|bien des choses)|c'est logique|ça s'explique|"
    r"spiega (?:tutto|molto|parecchio)|ha senso|wyjaśnia (?:wszystko|dużo|sporo)|ma sens|"
    r"verklaart (?:veel|alles)|masuk akal|pantesan|pantas saja)\b|"
    r"なるほど|道理で|どうりで|怪不得|难怪|難怪|原来如此|原來如此|그래서 그랬|말이 되네|어쩐지"
)


def reacts(heading: str) -> bool:
    """Whether a heading is the author's reaction to what Claude said (see _REACTION)."""
    return bool(_REACTION.search(heading.strip()))


# An approach with no object: the author's "can you take a look?" said as a step names nothing done
_ONLY_APPROACH = re.compile(
    r"(?i)^(?:taking|having|giving it|doing) (?:a |another )?(?:quick |closer |first )?(?:look|peek|glance|stab|pass)"
    r"(?:\s+(?:first|now|again|here|around))?[.!]?$"
)
# A CJK question by its ending particle, its mark dropped ("…的排名嗎", "…していいですか", "…안되나요")
_CJK_QUESTION = re.compile(r"(?:吗|嗎|呢|ですか|ますか|でしょうか|かな|나요|까요|ㄹ까|습니까|는지요)[？?]?$")


def only_approach(heading: str) -> bool:
    """Whether a heading is an approach with no object ("Taking a look", "Having a quick look")."""
    return bool(_ONLY_APPROACH.match(heading.strip()))


def cjk_question(heading: str) -> bool:
    """Whether a Chinese, Japanese or Korean heading is a question by its ending (see _CJK_QUESTION)."""
    return bool(_CJK_TEXT.search(heading)) and bool(_CJK_QUESTION.search(heading.strip()))


def asked_in_passing(heading: str) -> bool:
    """Whether a heading is a question asked in passing (see _YES_NO_QUESTION)."""
    return heading.rstrip().endswith(("?", "？")) and bool(_YES_NO_QUESTION.search(heading.strip()))


# What an -ing phrase's object is when it only points ("Fixing that first", "Getting this in prod", "Fixing it")
_POINTS = r"(?i)^(?:this|that|these|those)\b|^(?:it|them)(?:\s+(?:first|now|again|too|please))?$"


def works(phrase: str) -> bool:
    """Whether an English phrase says what was done or found ("Fixing…", "The texts sound the same"), not the
    author's chat about it ("Getting this in prod…", "Rotating now"); any other language: yes."""
    if not phrase or not _ENGLISH.search(phrase) or re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", phrase):
        return True
    first, _, rest = phrase.partition(" ")
    if re.match(_POINTS, rest) or closing_chores(phrase):
        return False  # "Getting this in prod…", "Fixing that first": what? "Committing and pushing": a chore
    if first.endswith("ing"):
        return not re.match(r"(?i)^(?:now|again|first|too)?$", rest)  # "Rotating now"
    # a statement says what was found ("All of the texts now sound the same", "Some of my feeds come out
    # garbled"), unless it points at what the chat showed ("This happens on every signup")
    return not re.search(r"(?i)\b(?:this|these|those|it)\b", phrase)


def chat_quote(heading: str) -> bool:
    """Whether an English heading reads as a quoted chat sentence (see _CHAT_OPENING)."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", heading):
        return False
    return bool(_CHAT_OPENING.match(heading) or _FIRST_PERSON.search(heading.replace("\u2019", "'")))


def _candidates(
    events: Sequence[Event], deed: str, earlier: Collection[str] = (), language: str | None = None
) -> Iterator[str]:
    """What a stretch's heading could be, best first; `deed`: what it did (deeds.best_deed); `earlier`: the
    headings before it (casefolded)."""
    held = held_messages(events)  # "moment, muss erst den build log kopieren": what the author was about to do
    said = [(w, r) for e in events if (w := author_words(e)) and w not in held and (r := clean_request(w))]
    said = said[: LATER_ASKS + 1]
    requests = [r for _, r in said]
    request = requests[0] if requests else None
    # a reply ("ừ thêm đi") or a line that only leads into a paste ("…και τώρα:"): no goal, whatever the language
    closing = before_a_commit_only(events)  # "ок, гляну завтра… закомічу що є", then only `git commit`
    # …or a message opened by a greeting or an opener by its form ("السلام عليكم. عندنا تطبيق…"): the scene after it
    # is as often no goal, and what the stretch did says more
    unsaid = {
        r
        for w, r in said
        if only_replies(w)
        or introduces_paste(w)
        or introduces_block(w)
        or introduces_list(w)
        or w in closing
        or opens_with_opener(w)
    }
    summaries = session_summaries(events)
    best = best_summary(summaries, request)
    for summary in sorted(summaries, key=lambda s: s != best):  # the best match first, then the others
        committed = commit_phrase(summary, limit=HEADING_CHARS)
        # not "Docker: cache-friendly layers, .dockerignore, …", a changelog line; nor English on a German post
        if not fits_language(committed, language):
            committed = deed_in_language(committed, language)
        if committed and not shorthand(committed):
            yield without_typos(committed, events, language)
    # then what the stretch did, by evidence (a task item Claude completed, what it found, the error that went
    # away), in the author's language; the author's words after, and only when they name a goal
    opened_unsaid = request in unsaid
    opening = [w for w, _ in said[:1] if not only_replies(w)]  # the author's words that open the stretch, if any
    requests = [r for r in requests if r not in unsaid]
    if opened_unsaid:  # the chat after a paste answers Claude ("…상관없대요"): the work says more than it
        request = None
    if not request or not names_a_goal(request):
        yield deed  # the author's words are chat or a paste (or none): what was done comes first
        requests = [r for r in requests if names_a_goal(r)]
        request = None if opened_unsaid else (requests[0] if requests else None)
    objects = edited_names(events)
    phrase = ""
    if request:
        phrase = _asked(
            request,
            _telling(without_typos(unchatted(request_phrase(request, objects, HEADING_CHARS) or ""), events, language)),
        )
        if points_elsewhere(phrase):  # "…using the instruction in README.md": Claude's "I'll create a program
            yield restated_request(events)  # that generates sound from word embeddings" says what it was
    # "Tu peux ajouter…", "Kannst du … umstellen?": "Ajouter…", "… umstellen" says the step, before the chat
    yield from (a for w in _asks(events) if (a := asked_work(w)))
    # a line that reports (a symptom, a lead-in, a rate: authored.names_a_task) heads nothing; what the stretch did
    # does (a symptom the author lived, "…after I…", is kept by chapter_heading for a stretch that did nothing more)
    reported = bool(phrase) and (reports(phrase) or reports(request or "")) and not lived(phrase)
    reported = reported and not asked_work(request or "")  # "Kun je … herschrijven?": an ask, not a report
    if request and works(phrase) and not too_long(phrase):
        yield phrase if names_a_task(phrase) or lived(phrase) else _Reported(phrase)
    outcome = outcome_heading(events)
    if outcome == TESTS_PASS:
        # the test that failed before the fix, when its name says the behaviour in the post's language ("Maakt nooit
        # twee reserveringen bij gelijktijdige submits"): what the fix made true, where the check could head any fix
        yield failed_behaviour(events, language)
    about_tests = outcome == TESTS_PASS and tests_were_the_subject(events, opening)
    if outcome != TESTS_PASS or about_tests:
        yield outcome  # (tests a fix of something else ran until they passed: the something else says more)
    yield deed  # the author's goal said first; then what was done
    if request:
        yield restated_request(events)
    activity = activity_heading(events, tests=about_tests)
    later_asks = [
        _telling(without_typos(request_phrase(later, objects, HEADING_CHARS) or "", events, language))
        for later in requests[1:]
    ]
    later_asks = [p for p in later_asks if p.split(" ", 1)[0].endswith("ing")]
    if request and not works_in_english(request):
        # a post in another language: what Claude said it did there ("我恢复 settings，只让搜索用…"), and the
        # author's later asks in their words ("CSV やめて JSON Lines にする") say the step; the files it
        # touched, named in that language, only list them
        yield local_announcement(events)
        if _CJK_TEXT.search(request):  # (a later ask in Spanish or German is said by asked_work, above)
            for later in requests[1:]:
                step = _asked(later, unchatted(request_phrase(later, objects, HEADING_CHARS) or ""))
                if len(_CJK_TEXT.findall(step)) >= 4 and not _CJK_ASIDE.search(step) and names_a_task(step):
                    yield step
        if _files_only(activity):
            yield claude_finding(events)  # what Claude found before it changed them, rather than their names
    if _a_list(activity):  # "Changing the findings, the requirements and the plan": what Claude said it changed,
        yield announced_change(events)  # or what the author asked for later in the stretch, says more
        yield from later_asks
    # a stretch opened by a remark ("not much to see here"), then asks: a look around says less than they do
    looked = re.match(_ONLY_LOOKED, activity) and not phrase and len(requests) > 1
    if _files_only(activity):  # "Changing sales.py": what Claude said it changed there, in the post's language
        if (not language or table_key(language) == "en") and re.search(r"\.\w{1,6}\b", activity):
            announced = announced_change(events)  # (a file by its name only: a role, "the cache tests", says more)
            yield "" if re.search(r"(?i)\bbetter\b", announced) else announced  # "a better solution": how?
        else:
            yield local_announcement(events)
            yield claude_finding(events)
    if _files_only(activity) or _a_list(activity):
        # the files by their names: Claude's summary of what the change now does says what was done to them
        result = claude_result(events, HEADING_CHARS)
        yield result if fits_language(result, language) else ""
    if _files_only(activity) and (table_key(language or "en") != "en" or re.search(r"\.\w{1,6}\b", activity)):
        # the files by their names only: the step Claude set out on and then made says what was done to them; else
        # a stretch that fixed something (opened by a report or a paste, or by a command that failed) is "The fix"
        yield planned_item(events, language)
        if request and works(phrase) and too_long(phrase):
            yield phrase  # a long ask, cut to its first clause, before the files' names
        pasted = bool(said) and (reports_output(said[0][0]) or introduces_block(said[0][0]))
        if (reported or pasted or _failed_before_a_change(events)) and not _only_wrote(events):
            # what was fixed, when the session says it: the one setting the edits set, the cause Claude found
            yield set_setting(events)
            yield found_cause(events) if not language or table_key(language) == "en" else claude_finding(events)
            yield FIX  # (a stretch that only wrote new files made something; one that changed a file fixed it)
    if not looked:
        yield activity
    yield from later_asks  # a stretch of talk whose first ask only pointed: a later ask's work
    if looked:  # a look around before a talk says less than what the talk asked for
        yield activity
    if any(e.kind == SUBAGENT for e in events):
        yield "Sending out subagents"  # when what they were sent to do is taken, or shows a redaction
    if request and rewrites(request) and request_phrase(request) and not request.rstrip().endswith(("?", "？")):
        # the ask in the author's own form ("Fix the login page"), when the -ing one is the title; never a
        # question or a thank-you restated
        own = _telling(without_typos(request_heading(request), events, language))
        yield _Reported(own) if reports(own) else own
    changed = re.match(r"^Changing (the [\w .-]+)$", activity)
    if changed and " and " not in changed.group(1) and any(_same(activity.casefold(), t) for t in earlier):
        yield f"Back to {changed.group(1)}"  # the same file as a heading before (not the title): the work came back
    yield kind_heading(events)
    yield named_files_heading(events)  # the work is the title: the files it touched, by their names


def _only_wrote(events: Sequence[Event]) -> bool:
    """Whether the stretch wrote new files and changed none already there (a new serializer beside two edited
    files fixed what the paste showed)."""
    calls = [c for e in events if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()]
    return any(family(c.name) == "write" for c in calls) and not any(family(c.name) == "edit" for c in calls)


class _Reported(str):
    """The author's line that reports what they saw (authored.reports): like a symptom they lived, it heads a
    stretch only when nothing the stretch did says more than the kind of stretch."""

    __slots__ = ()


def _failed_before_a_change(events: Sequence[Event]) -> bool:
    """Whether a command of the stretch failed before its first edit: what followed mended something."""
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if family(call.name) in ("edit", "write"):
                return False
            if call.name in SHELL_TOOLS and call.error:
                return True
    return False


def _asked(request: str, phrase: str) -> str:
    """A CJK request's phrase with the question mark its request ended with (the phrase drops a polite ending
    and the mark with it): "--csv フラグは残ってる？" is a question asked in passing, not a step."""
    sentences = [t for t in re.split(r"(?<=[。！？!?])", request.rstrip()) if t.strip()]
    # the sentence the phrase comes from is the question, wherever it stands ("…다시 도는 거 맞지? 그럼 그동안…?"),
    # not a sentence before one ("…挂掉，本地跑却总是过。帮我看看？": the question is the plea after it)
    own = next((t for t in sentences if phrase[:6] and phrase[:6] in t), "")
    if phrase and own.rstrip().endswith(("?", "？")) and _CJK_TEXT.search(phrase) and not phrase.endswith("？"):
        return phrase + "？"
    return phrase


# A CJK line that reacts or objects ("でも Excel で開くと…", "哦原来是…", "有道理，那就不改"), not a step
_CJK_REACTION = (
    r"^(?:提交|commit|でも|けど|但是|不过|不過|可是|그런데|하지만|근데|哦|噢|啊|嗯|えっ|あっ|あ、|有道理|好吧|行吧|果然|原来|原來|なるほど|"
    r"そっか|そうか|(?:对|對|是的|好的?|行|嗯)[，,、])|哈哈|呵呵|笑$|ｗ$"
    # a verdict on how it looks now ("第 3 页好多了", "好了", "よくなった", "좋아졌어"): the author judging, no step
    r"|(?:好多了|好一些了|好点了|好點了|没问题了|沒問題了|可以了|好了)[！!。.]?$|(?:良くなった|よくなった|直った)[！!。.]?$|"
    r"(?:좋아졌|나아졌|됐)어?요?[!.]?$"
)
_CJK_ASIDE = re.compile(
    _CJK_REACTION + r"|[？?:：]$|"
    # a question by its ending ("…もう要らないですよね", "…可以吗"), Claude addressed ("照你說的改")
    r"(?:よね|ですか|ますか|かな|でしょうか|吗|嗎|呢|吧)$|你|您"
)
_CJK_TEXT = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def works_in_english(text: str) -> bool:
    """Whether an author's message is written in English (not CJK, and its function words English ones)."""
    from retell.extract.typos import in_english

    return not _CJK_TEXT.search(text) and in_english(text)


# Claude saying what it does, in the author's language, before it does it ("我恢复 settings，只让搜索用
# SearchPagination。", "Vou passar `now` como argumento.", "Je vais générer le PDF en tâche de fond.",
# "Ich kann das Flag aus dem Alias nehmen."): what follows the lead is the step, in the post's language
_LOCAL_ANNOUNCED = re.compile(
    r"^(?:Vorschlag|Proposition|Propuesta|Proposta|Proposta)\s?:\s+(?=\w)|^(?:建议|建議|提案)[：:]\s*|"
    r"^(?:(?:好的|好|那)[，,、]\s*)?我(?:来|來|先|会|會|就|现在|現在)?(?=[\u4e00-\u9fff])(?![们們觉覺得想看查])|"
    r"^(?:Agora |Então )?[Vv]ou (?=\w+[aei]r\b)|^(?:Ahora )?[Vv]oy a (?=\w+[aei]r\b)|"
    r"^(?:Maintenant,? )?[Jj]e vais (?=\w+(?:er|ir|re)\b)|^[Ii]ch (?:kann|werde) (?=\w)|"
    r"^(?:Ora )?[Vv]ado a (?=\w+[aei]re\b)"
)
# Verbs of looking in those languages: an approach, not a step ("Vou procurar", "我看看", "Je vais regarder")
_LOCAL_LOOKING = re.compile(
    r"(?i)^(?:procurar|olhar|verificar|ver|buscar|mirar|revisar|comprobar|regarder|vérifier|chercher|voir|"
    r"nachsehen|prüfen|schauen|suchen|guardare|cercare|controllare)\b|^(?:看|查|检查|檢查|确认|確認|试|試)"
)


def _files_only(activity: str) -> bool:
    """Whether a heading of the work only names the files it touched (it would read as a list of them)."""
    return bool(re.match(r"^(?:Changing|Writing|Reading|Editing) ", activity))


# Claude speaking to the author or of itself, in the languages retell heads in: a finding says neither
_ADDRESSED = re.compile(
    r"(?i)\b(?:you|your|I|vous|votre|vos|tu|ton|ta|tes|usted|tú|tus|você|seu|sua|du|dein|deine|Sie|Ihr|Ihre|ich|"
    r"je|j'|yo|eu|io|recomiendo|recomendo|recommande|empfehle|consiglio|propongo|proponho|propose)\b|"
    r"你|您|我|あなた|私|僕|제가|저는|당신"
)


def claude_finding(events: Sequence[Event]) -> str:
    """What Claude found, said in the author's language just before the stretch's first change ("spec 应该写成
    `type: [string, "null"]`", "型のおかげで chekout_complete のスペルミスが見つかりました"): its last sentence
    before the edit, its first clause; "" when that is English, a question, speaks to the author or of Claude,
    or is too short or too long to head a section."""
    said = ""
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == ASSISTANT and event.text:
            said = event.text
        elif event.kind == TOOL_RUN and any(family(c.name) in ("edit", "write") for c in event.calls or ()):
            break
    else:
        return ""
    text = re.sub(r"```.*?```", " ", said, flags=re.S)
    sentences = [t.strip() for t in re.split(r"(?<=[。！？।॥])|(?<=[.!?])\s+", " ".join(text.split())) if t.strip()]
    if not sentences:
        return ""
    sentence = re.sub(r"^[^\W\d_]+(?: [^\W\d_]+)?\s?[:：]\s+", "", sentences[-1])  # "Compromis : …": the label off
    if sentence.endswith(("?", "？", ":", "：")) or _ADDRESSED.search(sentence) or works_in_english(sentence):
        return ""  # (a sentence ending in a colon announces what follows it: "まずモデルを変更します：")
    if re.search(r"→|->|=>", sentence) or re.match(r"[A-ZÁÉÍÓÚ][a-záéíóúàèìòùç]+o\s", sentence):
        return ""  # steps in arrows ("`CHECK NOT VALID` → `VALIDATE`…"); Claude's "Scrivo…", "Hago…", "Faço…"
    clause = re.split(r"\s*[;；—]\s*|(?<=[，、])|,\s+(?=(?:mais|pero|mas|ma|aber|sinon|sino|senão)\b)", sentence)[0]
    clause = re.sub(r"\s*[(（][^()（）]*[)）]", "", clause).rstrip("。.!！，、, ")
    size = len(_CJK_TEXT.findall(clause)) * 2 + len(re.sub(_CJK_TEXT, "", clause))
    if not 12 <= size <= HEADING_CHARS or (not _CJK_TEXT.search(clause) and "," in clause):
        return ""  # (a sentence with a comma in it, "Sicherer ist trotzdem, den Job…", reads as one, not a heading)
    cased = re.match(r"[^\W\d_]+\b(?![_.-]\w)", clause) and not _CJK_TEXT.search(clause)
    return clause[:1].upper() + clause[1:] if cased else clause


def local_announcement(events: Sequence[Event]) -> str:
    """The step Claude announced in a language other than English and then made (an edit or a new file
    follows): its words after the lead (see _LOCAL_ANNOUNCED), its first clause or two; "" when none."""
    pending = ""
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == ASSISTANT and event.text:
            pending = ""
            for sentence in re.split(r"(?<=[。！？।॥])|(?<=[.!?])\s+", " ".join(event.text.split())):
                lead = _LOCAL_ANNOUNCED.match(sentence.strip())
                if not lead:
                    continue
                if sentence.rstrip().endswith((":", "：")):
                    continue  # "我先在本機用 curl 重現：": what it runs next, not a change
                rest = re.sub(r"\s*[(（][^()（）]*[)）]", "", sentence.strip()[lead.end() :]).rstrip("。.!！ ")
                if (
                    _LOCAL_LOOKING.match(rest)
                    or len(rest) < 6
                    or re.search(r"(?i)\b(?:das|es|lo|la|isso|ça|le)$", rest)
                ):
                    continue
                german = lead.group(0).startswith(("Ich", "ich", "Vorschlag"))
                if german and not re.search(r"\w+en$", rest):
                    continue  # German: the infinitive closes the step ("das Flag aus dem Alias nehmen")
                plain_word = re.match(r"[^\W\d_]+\b(?![_.-]\w)", rest)  # not "lock_timeout", a name kept as it is
                pending = rest[:1].upper() + rest[1:] if plain_word and not _CJK_TEXT.search(rest[:1]) else rest
                break
        elif event.kind == TOOL_RUN and pending:
            kinds = {family(c.name) for c in event.calls or ()}
            if kinds & {"edit", "write"}:
                return pending if len(pending) <= HEADING_CHARS else (clause_cut(pending, HEADING_CHARS, 12) or "")
            if "bash" in kinds:
                pending = ""  # a command ran first: the announcement was of that, not of the change
    return ""


def _asks(events: Sequence[Event]) -> list[str]:
    """The author's messages of a stretch that are not English (their asks are said by asked_work)."""
    from retell.extract.typos import in_english

    return [w for e in events if (w := author_words(e)) and not in_english(w) and not only_replies(w)][: LATER_ASKS + 1]


def _a_list(heading: str) -> bool:
    """A heading that lists what it touched ("Changing the X, the Y and more", "Reading a.css, a.js, a.html")."""
    return heading.count(",") >= 1 or heading.endswith(" and more") or heading.count(" and ") >= 2


def named_files_heading(events: Sequence[Event]) -> str:
    """ "Editing renderer_timings.py", "Reading converter.py": the files a stretch edited (else read), by name, when
    they are one or two."""
    calls = [c for e in events if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()]
    for kind, verb in (("edit", "Editing"), ("write", "Writing"), ("read", "Reading")):
        names = list(
            dict.fromkeys(
                re.split(r"[\\/]", c.target.rstrip("/\\"))[-1]
                for c in calls
                if family(c.name) == kind and c.target and not _is_plan(c.target)
            )
        )
        if 1 <= len(names) <= 2:
            return f"{verb} {join_words(names)}"
        if names:
            return ""
    return ""


def _to_the_reader(text: str) -> str:
    """Claude's words to the author said as the work ("…and help you implement the logic you described" ->
    "…")."""
    text = re.split(r"(?i),?\s+and (?:then )?(?:help|show|walk|guide|let) you\b", text)[0]
    return re.sub(
        r"(?i)\s+(?:that |which )?you(?:'ve| have)? (?:described|mentioned|asked for|suggested|requested|"
        r"wanted|outlined|shared|pointed out)\b",
        "",
        text,
    )


def _telling(heading: str) -> str:
    """`heading`, or "" when it only points at what the reader cannot see ("The library is setting it")."""
    return "" if says_nothing_alone(heading) else heading


# Claude's answer to a request, restating it: "I'll help you disable the MD034 rule that's causing…"
_RESTATED = re.compile(
    r"^(?:I'll|I will|I'm going to|I am going to)\s+(?:help you\s+|go ahead and\s+|now\s+|first\s+)*(?=\w)", re.I
)
# Verbs of Claude's approach, not of the work ("I'll check the config first", "I'll take a look")
_APPROACH = frozenset({"check", "look", "start", "take", "read", "explore", "see", "begin", "try", "first"})
# "this" standing for a thing ("rewrite this to use…"), not in front of one ("this project")
_POINTER = re.compile(
    r"(?i)^(?:this|it|that)\b(?=\s*(?:$|[,.;]|(?:to|so|and|in|on|for|with|by|into|using|because|instead|rather)\b))"
)
# Work that only looked around (an `ls`, a read): a stretch's least telling heading
_ONLY_LOOKED = r"^(?:Looking around the project|Finding their way around the project|Reading |Searching the code)"
# Things counted or pointed at, not named ("both issues", "these problems", "the two changes")
_COUNTED = re.compile(
    r"(?i)\b(?:both|these|those|the two|the three|all (?:the|of the|these))\s+"
    r"(?:issues?|problems?|bugs?|points?|things?|changes?|suggestions?|items?|requests?|tasks?|concerns?)\b|"
    r"\bthe (?:issues?|problems?|bugs?)$"
)
_ENGLISH = re.compile(r"(?i)\b(?:the|a|an|to|and|is|it|this|these|that|can|you|please|we|of|in|for|with|my)\b")


def restated_request(events: Sequence[Event]) -> str:
    """What Claude said it would do, at once, in answer to the stretch's first request ("I'll simplify the
    session navigation by replacing…" -> "Simplifying the session navigation by replacing…"): the request in
    clear words when the author's own were a pointer ("fix these") or are the title. Only for an English
    request (a Japanese post takes no English heading) and a verb of the work, not of Claude's approach."""
    asked = False
    for event in events:
        words = author_words(event)
        if words:
            if asked:
                return ""
            if not _ENGLISH.search(words) or re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", words):
                return ""
            asked = True
        elif asked and event.kind == ASSISTANT and not event.sidechain and event.text:
            sentence = first_sentence(" ".join(event.text.split()))
            lead = _RESTATED.match(sentence)
            if not lead:
                return ""
            rest = sentence[lead.end() :]
            verb, _, tail = rest.partition(" ")
            if verb.lower() in _APPROACH or not rewrites(rest):
                return ""
            pointer = re.match(_POINTER, tail)
            if pointer:  # "I'll rewrite this to use…": "this" is what the stretch changed
                changed = files_in_words(_edited(events))
                if not changed or "," in changed or " and " in changed:  # "this" is one thing, or unknown
                    return ""
                rest = f"{verb} {changed}{tail[pointer.end() :]}"
            rest = _to_the_reader(rest)
            rest = re.sub(r"(?i)\byour\b", "the", rest)
            if re.search(_COUNTED, rest):  # "I'll fix both issues…": the issues are in a message the heading hides
                return ""
            named = edited_names(events)
            if len(named) == 1:  # "in the test file": the file has a name
                rest = re.sub(r"\bthe (?:test |source )?file\b", named[0], rest)
            return as_phrase(rest, named, HEADING_CHARS)
    return ""


# Claude announcing a change it then made: "Now I'll implement the combined logic that…", "Let me add a guard…"
_ANNOUNCED = re.compile(
    r"(?i)^(?:(?:now|next|then|first|ok(?:ay)?|great|perfect)[,!]?\s+)?(?:I'll|I will|I'm going to|let me|let's)\s+"
    r"(?:now\s+|also\s+|go ahead and\s+)*(?=\w)"
)
# Verbs of looking, checking or running: an approach, not a change
_NOT_A_CHANGE = _APPROACH | frozenset(
    {
        "run",
        "verify",
        "test",
        "understand",
        "search",
        "find",
        "examine",
        "analyze",
        "analyse",
        "investigate",
        "review",
        "inspect",
        "help",
        "use",
        "make",
        "do",
        "continue",
        "also",
        "provide",
        "summarize",
    }
)  # fmt: skip  ("make" says too little: "let me make the change")


def announced_change(events: Sequence[Event]) -> str:
    """The change Claude announced and then made in a stretch ("Now I'll implement the combined logic that takes
    the least nested path first" -> "Implementing the combined logic that takes the least nested path first"):
    what the session shows was done, when the author's words do not say it. "" when no announcement is
    followed by an edit."""
    pending = ""
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == ASSISTANT and event.text:
            pending = ""
            for line in event.text.splitlines():
                sentence = first_sentence(" ".join(line.split())).rstrip(":")
                lead = _ANNOUNCED.match(sentence)
                if not lead:
                    step = _step_announced(line)
                    if step:
                        pending = step
                        break
                    continue
                rest = _to_the_reader(sentence[lead.end() :])
                verb, _, tail = rest.partition(" ")
                if verb.lower() in _NOT_A_CHANGE or not tail or not rewrites(rest) or re.search(_COUNTED, rest):
                    continue
                if re.match(_POINTER, tail) or re.search(r"(?i)\byour?\b", rest):
                    continue  # "I'll update it to…", "…your file": the thing is in a message the heading hides
                phrase = as_phrase(rest, edited_names(events), HEADING_CHARS)
                if re.search(r"(?i)\b(?:start|begin|continu|keep|go)ing \w+ing\b", phrase):
                    continue  # "Setting up tracking and starting implementing Phase 4": a plan of approach
                if len(phrase.split()) > HEADING_WORDS:  # "Updating the renderer to use X and adding it to Y":
                    phrase = re.split(r"\s+and\s+(?=\w+ing\b)", phrase, maxsplit=1)[0]  # the first change says it
                pending = phrase
                break
        elif event.kind == TOOL_RUN and pending and any(family(c.name) in ("edit", "write") for c in event.calls or ()):
            return pending
    return ""


# The step Claude names as it sets out on it, a gerund sentence that leads into the change ("…no bump needed. Adding
# the OAC resource and switching the origin:")
_STEP_LEADS_IN = re.compile(r"(?:^|(?<=[.!]\s))([A-Z][a-z]+ing\s[^.!?:]{6,}):\s*$")


def _step_announced(line: str) -> str:
    """The step a line of Claude's names as it sets out on it (see _STEP_LEADS_IN), when the gerund is a change's
    ("Adding…", "Switching…"), not a look ("Checking…", "Running…"); "" otherwise."""
    found = _STEP_LEADS_IN.search(" ".join(line.split()))
    if not found:
        return ""
    step = found.group(1).strip()
    gerund = step.split(" ", 1)[0].lower()
    stems = {gerund[:-3], gerund[:-3] + "e", gerund[:-4]}  # "adding" -> add, "making" -> make, "running" -> run
    if stems & _NOT_A_CHANGE or not any(is_verb(stem) for stem in stems) or re.search(r"(?i)\byour?\b", step):
        return ""
    if re.search(r"(?i)\b(?:it|this|that|them|these|those)\b", step):
        return ""  # "Adding a test for it": what "it" is, the reader cannot see
    return step if len(step.split()) <= HEADING_WORDS else ""


def without_typos(heading: str, events: Sequence[Event], language: str | None = None) -> str:
    """A heading made of the author's words, their obvious typos fixed (a word Claude or a tool also used in
    `events` is the session's own term, never "fixed"). When the author writes in another language the English
    dictionary is not asked ("per mio nipote" became "per moi nipote"): a word is spelled as the session spells
    it elsewhere, if at all (typos.spelled_as_elsewhere)."""
    texts = [e.text for e in events if e.kind in (ASSISTANT, PLAN) and e.text]
    authors = [w for e in events if (w := author_words(e))]
    # (a post in another language is never spelled by the English dictionary: an Indonesian "hari" is no "hair",
    # whatever its letters say of the language)
    if (language and table_key(language) != "en") or not in_english(" ".join(authors)):
        return spelled_as_elsewhere(heading, word_counts(authors + texts))
    texts += [c.target for e in events if e.kind == TOOL_RUN for c in e.calls or () if c.target]
    return fix_typos(heading, session_words(texts))


def kind_heading(events: Sequence[Event]) -> str:
    """A heading for a stretch with no request and no tool work."""
    kinds = {e.kind for e in events if not e.sidechain and not e.abandoned}
    if PLAN in kinds:
        return "Making a plan"
    if IMAGE in kinds or shows_screenshots(events):
        return "Looking at screenshots"
    if ASSISTANT in kinds and not _changed_a_file(events):
        return "Talking it through with Claude"  # (a stretch that changed files was more than a talk: they say it)
    return ""


def _changed_a_file(events: Sequence[Event]) -> bool:
    """Whether a stretch edited or wrote a file itself (not through a subagent)."""
    return any(
        family(c.name) in ("edit", "write")
        for e in events
        if e.kind == TOOL_RUN and not e.sidechain and not e.abandoned
        for c in e.calls or ()
    )


def shows_screenshots(events: Sequence[Event]) -> bool:
    """Whether a stretch holds images: one a tool returned, or one the author pasted."""
    return any(e.kind == IMAGE or (e.kind == HUMAN and e.images) for e in events if not e.abandoned)


TESTS_PASS = "Getting the tests to pass"


def outcome_heading(events: Sequence[Event], *, tests: bool = True) -> str:
    """What a stretch got to: tests (unless `tests` is False), a type checker, a linter or a build that failed and
    then passed."""
    calls = [c for e in events if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()]
    runs = [c.outcome for c in calls if c.name in SHELL_TOOLS and is_test_command(c.target) and c.outcome]
    if runs and _got_to_pass(runs):
        # (without `tests`: the tests, and the build or the linters run beside them, only checked a fix)
        return TESTS_PASS if tests else ""
    return _mended(calls)


# Tests (or CI, which runs them) named in the author's words, in the languages retell heads in
_TESTS_NAMED = re.compile(
    r"(?i)\b(?:tests?|testy|testów|testach|teste|testes|testen|testi|testler\w*|testleri|tes|pruebas?|specs?|"
    r"(?-i:CI)|pytest|jest|vitest|flaky|тест\w*)\b|テスト|测试|測試|테스트|"
    # "ci" in lower case only as the pipeline ("the ci keeps failing"): Italian "già che ci sei" names no tests
    r"(?i:\b(?:the|our|on|in|my)\s+ci\b|\bci\s+(?:is|was|keeps|fails?|failing|failed|runs?|job|pipeline|build|red)\b)"
)


def tests_were_the_subject(events: Sequence[Event], opening: Sequence[str]) -> bool:
    """Whether making failing tests pass was what a stretch was about, not a fix of something else the tests
    then checked: the author's message that opens it (`opening`, none when it only answers) names tests
    or CI ("de novo esse teste flaky quebrando o CI", "今日はそのテストを通すところから"), or, with no request, its
    first test run failed before anything was changed (the stretch set out from red tests)."""
    if opening:
        return bool(_TESTS_NAMED.search(opening[0])) and not _red_by_design(events)
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if family(call.name) in ("edit", "write"):
                return False
            if call.name in SHELL_TOOLS and is_test_command(call.target) and call.outcome:
                return "failed" in call.outcome
    return False


# A test file by its path ("tests/test_gtfs.py", "src/api.test.ts", "spec/fov_spec.rb", "payload_test.go")
_TEST_FILE = re.compile(r"(?i)(?:^|/)(?:tests?|specs?|__tests__)/|(?:^|/)test_[^/]*$|[._-](?:test|spec)s?\.\w+$")


def _red_by_design(events: Sequence[Event]) -> bool:
    """Whether the stretch's first failing test run came right after Claude wrote or changed test files only: the
    new test red before its fix, not tests that were broken ("Naprawa testów" over a stretch where no test broke,
    judged misleading on fresh21)."""
    edited: list[str] = []
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if family(call.name) in ("edit", "write") and call.target:
                edited.append(call.target)
            elif call.name in SHELL_TOOLS and is_test_command(call.target) and "failed" in (call.outcome or ""):
                return bool(edited) and all(_TEST_FILE.search(path) for path in edited)
    return False


def _got_to_pass(outcomes: list[str]) -> bool:
    """Whether test runs failed and then passed: the last call passed (of one that ran the tests more than once, a
    run of it passed after a failure before it: the red run after it is the fix stashed on purpose)."""
    runs = [(n, run) for n, outcome in enumerate(outcomes) for run in told_runs(outcome)]
    last = len(outcomes) - 1
    if len(told_runs(outcomes[-1])) < 2:
        return "failed" not in outcomes[-1] and any("failed" in o for o in outcomes)
    green = [i for i, (n, run) in enumerate(runs) if n == last and "failed" not in run]
    return bool(green) and any("failed" in run for _, run in runs[: green[0]])


def activity_heading(events: Sequence[Event], *, tests: bool = True) -> str:
    """A heading from what the work mostly was, when the author's words do not make one; `tests`: whether
    "Getting the tests to pass" may say it (tests_were_the_subject)."""
    calls = [c for e in events if e.kind == TOOL_RUN for c in e.calls or ()]
    if any(e.kind == SUBAGENT for e in events) and len(calls) < 5:
        return subagents_heading(events)
    spawned = [e for e in events if e.kind == SUBAGENT and not e.sidechain]
    if len(spawned) >= 3 and len(set(_edited(events))) <= 1 and _subagents_changed(spawned, events):
        # the subagents made the change; the main thread wrote a note at most
        return f"Splitting the work among {number_word(len(spawned))} subagents"
    outcome = outcome_heading(events, tests=tests)
    if outcome:
        return outcome
    counts: dict[str, int] = {}
    for call in calls:
        name = family(call.name)
        if name not in _BOOKKEEPING:
            counts[name] = counts.get(name, 0) + 1
    if not counts:
        return ""
    top = max(counts, key=lambda k: counts[k])
    edited = _edited(events)
    if edited and top in ("edit", "write", "bash", "read", "search", "list"):  # the change is the story
        written_only = all(
            family(c.name) == "write"
            for e in events
            if e.kind == TOOL_RUN and not e.sidechain
            for c in e.calls or ()
            if family(c.name) in ("edit", "write")
        )
        setting = changed_setting(calls)  # "Changing Base.xcconfig" names a file; what was done to it says more
        if setting and not written_only:
            return setting
        return ("Writing " if written_only else "Changing ") + files_in_words(edited)  # a file written, not changed
    if top == "bash":
        said = commands_in_words([c.target or "" for c in calls if family(c.name) == "bash"])
        return said or ran_programs(events, "en") or "Running commands"  # ("Running gradlew test": which commands)
    read = [c.target for c in calls if family(c.name) == "read" and c.target and not _is_plan(c.target)]
    if top == "read" and read:
        return "Reading " + files_in_words(read)
    return {
        "read": "Reading the code",
        "search": "Searching the code",
        "list": "Finding their way around the project",
        "background": "Watching background commands",
        "web": "Looking things up",
    }.get(top, "")


# A setting on a line of its own: a name with "_" or "." in it or in capitals (not "test:", "image:"), "=" or
# ":", a short value ("ENABLE_USER_SCRIPT_SANDBOXING = NO;", "max_connections: 200")
_SETTING = re.compile(
    r"^[-+]\s*(?P<key>[A-Za-z][\w]*[_.][\w.]*\w|[A-Z][A-Z0-9]{3,})\s*[=:]\s*['\"]?(?P<value>[^\s;,'\"]{1,24})['\"]?[;,]?\s*$"
)


def changed_setting(calls: Sequence[ToolCall]) -> str:
    """ "Setting ENABLE_USER_SCRIPT_SANDBOXING to NO": what a stretch's edits did when each changed one setting's
    value, the same one to the same value (in one file or several); "" when they did anything else too."""
    found: set[tuple[str, str]] = set()
    for call in calls:
        if family(call.name) != "edit":
            continue
        lines = (call.diff or "").splitlines()
        old = {
            m.group("key"): m.group("value") for line in lines if line.startswith("-") and (m := _SETTING.match(line))
        }
        new = {
            m.group("key"): m.group("value") for line in lines if line.startswith("+") and (m := _SETTING.match(line))
        }
        changed = {(k, v) for k, v in new.items() if k in old and old[k] != v}
        if not changed:
            return ""
        found |= changed
    if len(found) != 1:
        return ""
    key, value = found.pop()
    return f"Setting {key} to {value}"


# A setting given a literal value on a changed line, on its own ("max_connections: 200") or inside a call or an
# object ("linksValidator({ errorOnFallbackPages: false })"): a name with a capital, "_" or "." inside it, a
# boolean, a number (perhaps with a unit) or a short string
_SET_PAIR = re.compile(
    r"(?<![\w.$-])(?P<key>[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[A-Z][A-Z0-9_]{3,})"
    r"[\"']?\s*[:=]\s*(?P<value>true|false|True|False|None|null|nil|-?\d+(?:\.\d+)?(?:ms|s|m|h|d)?|"
    r"'[^'\s]{1,24}'|\"[^\"\s]{1,24}\")(?=\s*[,;})\]]|\s*(?:#|//|$))"
)


def set_setting(events: Sequence[Event]) -> str:
    """ "Setting errorOnFallbackPages to false": what a stretch's edits of files already there did, when they gave
    one setting one new value (changed, or added where it was not); "" when none, or several."""
    found: set[tuple[str, str]] = set()
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if family(call.name) != "edit":
                continue
            lines = (call.diff or "").splitlines()
            before = {(m["key"], m["value"]) for line in lines if line[:1] == "-" for m in _SET_PAIR.finditer(line)}
            after = {(m["key"], m["value"]) for line in lines if line[:1] == "+" for m in _SET_PAIR.finditer(line)}
            found |= after - before
    if len(found) != 1:
        return ""
    key, value = found.pop()
    return f"Setting {key} to {value.strip(chr(39) + chr(34))}"


# Claude naming the cause it found, in English ("Found the bug: …", "That's it: …", "The culprit is …", "The root
# cause was that …"): what follows is what the stretch fixed
_CAUSE = re.compile(
    r"(?i)^(?:so,? |ok(?:ay)?,? |right,? )?(?:found (?:it|the (?:\w+ )?(?:bug|problem|cause|culprit|issue|error))"
    r"(?: on sight)?\s*[:,.—-]\s+|(?:that'?s it|there it is)\s*[:—]\s+|"
    r"the (?:real |root |actual )?(?:cause|culprit|problem|bug|issue) (?:is|was)(?: that)?\s*[:,]?\s+)(?P<cause>\S.*)$"
)


def found_cause(events: Sequence[Event]) -> str:
    """The cause Claude said it found before the stretch's first change, in English ("`N_FRAMES` is hard-coded"):
    its first clause, a code span that assigns said by its name; "" when Claude named none that heads well."""
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == TOOL_RUN and any(family(c.name) in ("edit", "write") for c in event.calls or ()):
            return ""
        if event.kind != ASSISTANT or not event.text:
            continue
        prose = re.sub(r"```.*?```", " ", event.text, flags=re.S)
        for sentence in re.split(r"(?<=[.!?])\s+|\n+", prose):
            match = _CAUSE.match(sentence.strip().strip("*"))
            if not match:
                continue
            cause = re.split(r",\s+(?:and|so|which|but)\s|;\s*|\s+—\s+|\s+-\s+", match.group("cause"))[0]
            cause = re.sub(r"`([A-Za-z_][\w.]*)\s*[:=][^`]*`", r"`\1`", cause).rstrip(" .:!")
            if 12 <= len(cause) <= HEADING_CHARS and not _ADDRESSED.search(cause) and not cause.endswith("?"):
                return cause[:1].upper() + cause[1:]
    return ""


# Checks a stretch ran until they passed: said as the outcome ("Getting the type checker to pass").
_CHECKS = {
    "running the type checker": "Getting the type checker to pass",
    "running the linters": "Getting the linters to pass",
    "building the project": "Getting the build to work",
}


def _mended(calls: Sequence[ToolCall]) -> str:
    """The outcome of a check that failed, then passed on its last run (a type checker, a linter, a build). Not a
    check that first failed after the stretch's own change, run on it: the stretch broke it and mended it on the
    way, and its passing again is no goal the stretch reached (「讓建置成功」 headed a session that fixed a map's
    popup, whose build broke on the fix and passed halfway through: material round 61)."""
    edits = [i for i, c in enumerate(calls) if family(c.name) in ("edit", "write")]
    for work, outcome in _CHECKS.items():
        runs = [
            (i, c) for i, c in enumerate(calls) if c.name in SHELL_TOOLS and c.target and command_work(c.target) == work
        ]
        if len(runs) < 2 or runs[-1][1].error is not None:
            continue
        failed = [i for i, c in runs[:-1] if c.error]
        if failed and not (edits and edits[0] < failed[0]):  # (a check that failed first on the stretch's change)
            return outcome
    return ""


def _subagents_changed(spawned: Sequence[Event], events: Sequence[Event]) -> bool:
    """Whether the subagents edited or wrote files (in their own transcripts, or as side-chain records here)."""
    told = [e for s in spawned if s.subagent is not None for e in s.subagent.events]
    told += [e for e in events if e.sidechain]
    return any(
        family(c.name) in ("edit", "write") for e in told if e.kind == TOOL_RUN for c in e.calls or () if c.target
    )


def subagents_heading(events: Sequence[Event]) -> str:
    """What the subagents were sent to do, from their briefs' short descriptions ("Exploring the cache layer
    with a subagent"); "Sending out subagents" when no description says."""
    spawned = [e.subagent for e in events if e.kind == SUBAGENT and e.subagent is not None and not e.sidechain]
    described = [s.description for s in spawned if s.description and rewrites(s.description)]
    if not described:
        return "Sending out subagents"
    helpers = "a subagent" if len(spawned) == 1 else "subagents"
    return f"{as_phrase(described[0], limit=HEADING_CHARS - 18)} with {helpers}"


def _edited(events: Sequence[Event]) -> list[str]:
    """The paths the main thread edited or wrote, once per change, the plan file aside."""
    return [
        c.target
        for e in events
        if e.kind == TOOL_RUN and not e.sidechain
        for c in e.calls or ()
        if family(c.name) in ("edit", "write") and c.target and not _is_plan(c.target)
    ]


def _is_plan(path: str) -> bool:
    """Claude Code's plan file (~/.claude/plans/<random words>.md): the plan, not a change to the project."""
    return "/.claude/plans/" in path.replace("\\", "/")


def join_words(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def short_path(path: str) -> str:
    """The last two parts of a path (`app/models.py`), Windows paths too."""
    sep = "\\" if "\\" in path and "/" not in path else "/"
    parts = path.rstrip(sep).split(sep)
    return sep.join(parts[-2:]) if len(parts) > 2 else path
