"""People's names told in prose with no cue around them: `Wei Zhang approved the PR`, `thanks to Pieter de Graaf
for the profiling`, `ask Priya about the rollout`, `laut Jürgen ist das Ticket zu`, `Алексей Соколов`,
`跟林雅婷确认一下`, `김민준님`, `田中さん`.

The rules of personal.py find a name by what is written around it (a git trailer, `my colleague`, a team). Here a
name is known as one by its words: a given name and a family name from a gazetteer of ~31,000 given names and
~30,000 family names of ~85 locales in their own scripts (Faker's, vendored in retell/data/person-names.txt.gz
by bench/secrets/refresh_names.py). It is read on first use (~30 ms), only when a text holds a capitalised pair
of words, a single given name beside a word said of a person, or a name in a script without case.

What the words alone cannot tell, a person's context decides: a given name that is also a word or a product
(`Will`, `Grace`, `Ruby`, `Claude`) is a name only beside a verb said of a person or a word said to one; a
given name alone is one only there; a surname the gazetteer lacks (`Quispe` is in it, `Nakamura-Lindqvist` is
not) only there or after a particle (`de Graaf`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from retell.lazyre import lazy
from retell.secrets.english import english_word
from retell.secrets.gazetteer import gazetteer
from retell.secrets.personal import _CJK_SURNAME, _VALEDICTION_KEYWORDS, _VALEDICTIONS, JA_HONORIFIC
from retell.secrets.rule import PII, Rule
from retell.secrets.values import words

# Given names that are also common words, places, languages, products or assistants: alone they say nothing
# (`Will Docker start?`, `Grace Period`, `Ruby Gems`, `ask Claude`, `Pascal Case`, `Victoria Metrics`).
_AMBIGUOUS = words(
    """
    per will may mark grant bill rich chase max art page ray june april august sage ruby julia hugo apollo atlas
    ember grace rose faith hope joy dawn summer sky star autumn lane dean pat guy jack jay don gene van al
    major king prince royal sterling hunter forest river stone storm angel crystal amber jade pearl ivy iris
    holly olive violet lily daisy heather basil cliff glen dale wade reed rod drew frank miles price cash
    tucker gray grey brooks banks case pascal haskell arch kali nim claude devin cody siri alexa jules ada
    jasper victoria jordan sydney paris florence georgia virginia carolina austin dallas houston phoenix denver
    chelsea india china kenya israel jersey brooklyn madison lincoln washington jackson hamilton kent york
    cameron sherlock watson mercedes gemma sam sonny bob said gay norma alpha beta
    delta echo golf hotel oscar romeo sierra tango victor whiskey yankee zulu mac doc
    nova luna stella aurora vega orion leo lyra celeste rain snow sunny wolf fox bear lion tiger eagle
    hawk raven robin jay wren finch swift rusty buddy bud champ chip chuck dusty lucky happy king duke
    earl baron noble justice honor liberty unity charity patience prudence constance verity trinity
    christian carol carmen opal ruby beryl jet cherry apple berry peach plum ginger pepper candy cookie
    brandy sherry whisky vodka tequila shiloh zion eden sharon salem jericho jude mercy bliss precious
    destiny harmony melody lyric poet sonnet ballad haven harbor harbour bay cove dell ford glenn heath
    ridge rocky sandy stormy misty windy dusty mickey minnie donald daisy goofy pluto mars venus jupiter
    saturn neptune juno athena hera zeus ares hermes apollo artemis diana freya odin thor loki tyr
    electra cassandra helena troy homer virgil ovid dante
    fletcher porter tanner
    hunter archer baker butler chandler fisher gardner miller smith turner walker weaver
    len else true line sys dev can li link elif add branch an unknown valid val min server skip meta my job tui
    author trace red vi minor edit rand long unique media general green sine octave tab early reason peer less
    nil constant beat harsh lone nas made sad kick brain sunshine ping press tone con us na doctor little worth
    til eta golden lot carry ide journey emit ties west lon nand campo dot rock peace scarlet darwin aria alice
    bob carol dave eve mallory trent"""
)
# Given names that are the names of tools, models and companies a session talks about.
_PRODUCTS = words(
    """
    claude gemini devin cody siri alexa cortana copilot grok llama mistral bard jules aider ollama
    jenkins travis circle hudson django flask rails sinatra jasper hugo jekyll gatsby next nuxt svelte
    ember angular vue react preact solid alpine astro remix vite rollup parcel webpack babel jest mocha
    chai sinon karma jasmine cypress selenium puppeteer playwright kafka pulsar redis mongo
    cassandra elastic kibana grafana prometheus loki tempo mimir consul vault nomad terraform packer
    vagrant boundary waypoint helm argo flux tekton spinnaker harbor quay docker podman buildah kaniko
    ubuntu debian fedora arch manjaro kali tails gentoo alpine mint elementary zorin pop
    python java kotlin scala groovy clojure ruby perl php lua julia haskell erlang elixir crystal nim zig
    ada pascal fortran cobol dart swift rust go
    siri bixby watson rasa spacy stanza bert ernie elmo roberta albert electra
    pandas numpy polars dask ray spark hadoop hive pig flink beam storm samza
    """
)
# The only lowercase words inside a name (`Pieter de Graaf`, `Ludwig van der Berg`, `Aisha binti Rahman`).
_PARTICLES = words(
    "van von der den de del della di da das dos du la le bin binti ibn bint al el ten ter zu af av y"
    # (round sixteen) Spanish, Italian and German ones written before a plural or a contracted article:
    # `Rocío de las Heras`, `Beatriz de los Santos`, `Lucia degli Esposti`, `Anna vom Bruch`
    " los las degli dei delle vom zum zur"
    # (Irish ones are capitalised: `Ciarán Ó Flaithearta`, `Siobhán Ní Bhriain`, `Aoife Nic Giolla`)
    " Ó Ní Nic Uí Ua Mac"
)


# A capitalised word as names are written: `Jürgen`, `O'Sullivan`, `Jean-Luc`, `Алексей` (not `Zhang's`).
def _upper_ranges() -> str:
    """Every capital letter of the scripts with case (Latin with its extensions, Greek, Cyrillic, Armenian,
    Georgian's Mtavruli…), as a character class's ranges: Vietnamese `Ứng` and Yoruba `Ọlá` begin with letters
    past Latin Extended-B."""
    capitals = [i for i in range(0xC0, 0x2C00) if chr(i).isupper() or chr(i).istitle()]
    ranges: list[tuple[int, int]] = []
    for i in capitals:
        # (round twenty-two) only capitals next to each other join: Latin Extended-A alternates capital and small
        # letter (Ř ř Ś ś), and a range over both read `říká` in `Marek Dvořák říká` as a third name word
        if ranges and ranges[-1][1] == i - 1:
            ranges[-1] = (ranges[-1][0], i)
        else:
            ranges.append((i, i))
    return "A-Z" + "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in ranges)


_UPPER = _upper_ranges()
# (a letter, or a combining mark after one: `Adérìnsọ́lá` written decomposed keeps its acute on `ọ`)
_LETTERS = r"(?:[^\W\d_][\u0300-\u036f]*)+"
_WORD = rf"[{_UPPER}][\u0300-\u036f]*(?:{_LETTERS}|(?=['’][{_UPPER}]))(?:['’](?!s\b){_LETTERS}|-[{_UPPER}]?{_LETTERS})*"
_INITIAL = rf"[{_UPPER}]\."
_PARTICLE = r"(?:" + "|".join(sorted(_PARTICLES, key=lambda p: (-len(p), p))) + r")"
# Each position where a capitalised word starts, the longest run of up to three name words from there (a
# lookahead: a run that is no name, `Yesterday Wei Zhang`, still lets `Wei Zhang` be tried one word on).
# A run of two capitalised words or more (a charset first: the regex engine skips to each capital in C).
# (round twenty-eight) a later word may carry its particle glued on, as Arabic's article and Italian's and French's
# elided ones are written (`Omar al-Farouq`, `Yusuf el-Amin`, `Lucia d'Amico`)
_GLUED = r"(?:(?:al|el|ad|ar|as|at|an|ash|az|bin|ibn|ben|abu|abd|d)[-'’](?=[" + _UPPER + r"]))?"
# (round forty) the space between a name's words: one, never a run of them or a tab, which is a table's gap between
# its columns (`Green   Ollie Price      Chef`, a Cub pack's badge list, fresh41: a name across three cells)
_GAP = r"[ \u00a0]"
_RUN = re.compile(
    rf"[{_UPPER}](?<![\w@/\\.$#-][{_UPPER}])(?<![\w.]['’][{_UPPER}])(?:[^\W\d_]|['’-]|[\u0300-\u036f])*"
    rf"(?:{_GAP}(?:{_PARTICLE}{_GAP}){{0,2}}{_GLUED}[{_UPPER}](?:[^\W\d_]|['’.-]|[\u0300-\u036f])*)+"
)
_PAIR = (
    # (an opening quote may stand before a name, `[ 'Jane Doe' ]`; an apostrophe inside a word may not, `O'Brien`)
    rf"(?<![\w@/\\.$#-])(?<![\w.]['’])"
    rf"(?=(?P<pair>{_WORD}(?:{_GAP}(?:{_INITIAL}{_GAP})?(?:{_PARTICLE}{_GAP}){{0,2}}{_GLUED}{_WORD}){{1,2}})"
    r"(?![\w@/\\(]|[-.:]\w))"
)
# Scripts with no case, where a name is written as its words: Arabic and Devanagari; (round twenty-one) Hebrew,
# Bengali, Thai and Ethiopic (their letters and marks, not their punctuation or digits)
_UNCASED_WORD = (
    r"[\u0600-\u06ff\u0900-\u097f\u0591-\u05c7\u05d0-\u05ea\u0980-\u09e3\u0e01-\u0e2e\u0e30-\u0e3a"
    r"\u0e40-\u0e45\u0e47-\u0e4e\u1200-\u135f]{2,}"
)
# (round twenty-three) a Persian word may hold a zero-width non-joiner between its parts (`رحیم‌زاده`)
_UNCASED_WORD = rf"{_UNCASED_WORD}(?:\u200c{_UNCASED_WORD})*"
_UNCASED_PAIR = rf"(?<![\w])(?=(?P<uncased>{_UNCASED_WORD}[ \t]+{_UNCASED_WORD})(?!\w))"
# a Persian family name: a stem, the joiner or none, and a suffix families are named with (`-zadeh`, `-pour`,
# `-nejad`, `-nia`, `-far`, `-ian`)
_PERSIAN_FAMILY = lazy(r"[\u0600-\u06ff]{2,}\u200c?(?:زاده|پور|نژاد|نیا|فر|یان)")
# words that start a Persian phrase and are never a given name (`this`, `that`, `the code`, `the object marker`)
_PERSIAN_FUNCTION_WORDS = frozenset({"این", "آن", "را", "که", "از", "به", "با", "در", "برای", "کد", "ابزار", "سیستم"})
# (round thirty-seven) Hebrew words of grammar that a gazetteer also lists as given names (`שלו`, "his", is the name
# Shalev): before a family name they are the sentence's ("הסיכום שלו לוי חוגג", "his summary: Levi celebrates";
# blind53's writer, whose outline was refused for it)
_HEBREW_FUNCTION_WORDS = frozenset(
    {"של", "שלו", "שלה", "שלי", "שלנו", "שלהם", "שלך", "עם", "את", "גם", "כל", "רק", "עוד", "אצל", "אבל", "כמו", "לפי"}
)

# What is said of a person right after their name (matched at the name's end), and what is said to or of one
# right before it.
_SAID_AFTER = re.compile(
    r"(?i)(?:['’]s[ \t]+(?:review|pr|pull|branch|comment|feedback|suggestion|fork|laptop|machine|patch|ticket|"
    r"commit|changes|approval|notes|team|idea|question|answer|message|email|mail)\b|"
    r"[ \t]*,?[ \t]+(?:(?:also|just|already|still|has|had|have)[ \t]+)?(?:said|says|asked|asks|approved|approves|"
    r"merged|reviewed|reviews|wrote|writes|mentioned|mentions|suggested|suggests|thinks|thought|wants|wanted|"
    r"needs|confirmed|confirms|fixed|found|reported|reports|noticed|pinged|replied|agreed|disagreed|owns|"
    r"signed[ \t]+off|is[ \t]+(?:out|away|off|on[ \t]+(?:leave|vacation|holiday|pto))|will[ \t]+(?:review|merge|"
    r"check|look|take|handle|fix|send|ping|own)|sagt|sagte|meint|meinte|findet|schreibt|dice|dijo|"
    r"comentó|pidió|aprobó|a[ \t]+dit|dit|pense|demande|a[ \t]+demandé|a[ \t]+validé|zei|vindt|sa|säger|"
    r"disse|pediu|aprovou|"
    # (round sixteen) a person asked, the participle after the name: `hab Zeynep gefragt`, `ik heb Sanne gevraagd`
    r"gefragt|gevraagd|angerufen|angeschrieben|gebeten|"
    # (round twenty-two) in more of the languages authors write in: Hungarian's `szerint` (according to), German's
    # and Dutch's anglicisms (`reviewt`, `approved`), Ukrainian, Russian, Turkish, Dutch, Czech, Polish, Italian,
    # Portuguese, Swedish, Indonesian
    r"szerint|mondta|mondja|írta|reviewt|approvt|checkt|testet|prüft|каже|сказав|сказала|пише|написав|написала|"
    r"вважає|говорит|сказал|пишет|написал|написала|считает|diyor|dedi|söyledi|yazdı|zegt|schreef|říká|řekl|řekla|"
    # (round twenty-six) Russian's and Ukrainian's past tenses of asking, finding, fixing, approving, in either gender
    r"(?:по)?прос(?:ил|ила|ив)|спросил[аи]?|спрашивал[аи]?|предложил[аи]?|нашла|нашли|нашёл|нашел|почини(?:л|ла)|"
    r"одобрил[аи]?|проверил[аи]?|посмотрел[аи]?|ответил[аи]?|заметил[аи]?|сообщил[аи]?|хочет|просит|"
    r"попросив|попросила|знайшов|знайшла|перевірив|перевірила|"
    r"píše|mówi|uważa|pisze|ha[ \t]+detto|diz|disse|acha|tycker|bilang|mengatakan|menulis|"
    # (round twenty-eight) Turkish's past tenses of doing a change, seen (-dı) or heard of (-mış), a `de` (too) before
    r"(?:de[ \t]+|da[ \t]+)?(?:(?:yap|düzelt|bul|onayla|ekle|sil|gönder|iste|sor|bildir|incele|değiştir|güncelle|"
    r"öner|hazırla|aç|kapat|bak|yaz|çöz)(?:d[ıiuü]|t[ıiuü]|m[ıiuü]ş)|(?:merge|review|commit|push|test|kontrol|fark|"
    r"revert|deploy|approve)[ \t]+(?:etti|etmiş)|haber[ \t]+verdi)|"
    # (round twenty-eight) Vietnamese: what a person did or said, perhaps after its tense (`đã`, `vừa`, `mới`)
    r"(?:(?:đã|vừa|mới|cũng|có)[ \t]+)?(?:nói|bảo|hỏi|viết|sửa|duyệt|review|merge|báo|gửi|tìm[ \t]+ra|thêm|xoá|"
    r"xóa|phát[ \t]+hiện|đề[ \t]+xuất|góp[ \t]+ý|cho[ \t]+biết|làm)|"
    # (round twenty-three) Swahili: a person's subject prefix (a-) and tense, then say, check, approve, write
    r"a(?:na|li|me|ta)(?:sema|kagua|idhinisha|andika|fikiri|uliza|pitia))\b|"
    # (round seventeen) Polish past tenses, `(a)` written for either gender (`zrobił(a) review`), and Hinglish's
    # agent marker `ne` before what they said or did (`… ne bola tha`, `… ne kaha`)
    r"[ \t]*,?[ \t]+(?:(?:już|też|juz|tez)[ \t]+)?(?:powiedział|zrobił|napisał|zatwierdził|zgłosił|poprosił|sprawdził|"
    r"zmergował|zauważył|znalazł|zapytał|odpisał|naprawił)(?:a|\(a\))?(?!\w)|"
    r"[ \t]+ne[ \t]+(?:bola|boli|kaha|likha|bataya|poocha|pucha|suggest|approve|review|merge|fix)(?!\w)|"
    r"[ \t]*[:：][ \t]+\S)"  # a speaker's line in meeting notes or a pasted chat: `Priya: I'll take it`
)
# A person given a role on a change or a project, after their name (`add Elif Karataş as reviewer`, `als Reviewer`)
_ROLE_AFTER = re.compile(
    r"(?i)[ \t]+(?:as|als|como|comme)[ \t]+(?:(?:a|an|the|our|my|new)[ \t]+)?(?:co-?)?(?:reviewer|assignee|"
    r"approver|owner|maintainer|collaborator|contributor|author|admin|member|on-?call|lead|mentor)s?\b|"
    # (round thirteen) the role in the languages authors write in: `als Reviewerin`, `comme relectrice`
    r"[ \t]+(?:als|comme|como|come)[ \t]+(?:(?:der|die|le|la|el|il)[ \t]+)?(?:reviewer(?:in|innen)?|"
    r"prüfer(?:in)?|gutachter(?:in)?|relect(?:eur|rice)|réviseu(?:r|se)|revisor(?:a)?|revisore|approbat(?:eur|rice)|"
    r"verantwortliche[rn]?|responsable|assignee|owner)\b"
)


def _given_a_role(m: re.Match[str], end: int, names: list[str]) -> bool:
    """`… as reviewer` after the name, and its last word one the gazetteer knows as a name (`Victoria Metrics as
    reviewer` is a product's)."""
    given, family = gazetteer()
    last = names[-1]
    return _ROLE_AFTER.match(m.string, end) is not None and (
        last in family or last in given or _known_family(last, family)
    )


# (round forty-one) a message's or a letter's salutation before the name it addresses: "Good evening Kemi Bakare, this
# is a gentle reminder…", "Bună ziua, Popa Mihaela! Vă confirmăm rezervarea…" (fresh43's reminders and a guesthouse's
# confirmations, printed by dry runs)
_SALUTATIONS = (
    r"good[ \t]+(?:morning|afternoon|evening)|bun[ăa][ \t]+(?:ziua|seara|dimineața|dimineata)|bonsoir|buonasera|"
    r"bo[ma][ \t]+(?:dia|tarde|noite)|guten[ \t]+(?:tag|morgen|abend)|goedemorgen|goedemiddag|goedenavond|"
    r"dzień[ \t]+dobry|dobrý[ \t]+(?:den|večer)|günaydın|iyi[ \t]+akşamlar|selamat[ \t]+(?:pagi|siang|sore|malam)|"
    r"estimad[oa]|prezad[oa]|sehr[ \t]+geehrte[rs]?|szanown[ya]|vážen[ýá]|sayın"
)
_TOLD_BEFORE = re.compile(
    r"(?i)(?:\b(?:ask|asked|asking|ping|pinged|tell|told|loop(?:ed)?[ \t]+in|thanks(?:[ \t]+to)?|thank[ \t]+you|"
    r"thank|thx|kudos[ \t]+to|"
    r"cc|dm|message|email|e-mail|call|with|from|by|per|according[ \t]+to|paired[ \t]+with|reviewer|assignee|"
    r"owner|hi|hey|hello|dear|laut|frag(?:[ \t]+(?:bitte|mal|doch))?|von|mit|bei|danke(?:[ \t]+an)?|hallo|"
    r"según|pregúntale[ \t]+a|pregunta[ \t]+a|gracias(?:[ \t]+a)?|hola|selon|demande[ \t]+à|merci(?:[ \t]+à)?|"
    r"bonjour|salut|par|vraag|volgens|dank|tack|enligt|segundo|obrigad[oa](?:[ \t]+a)?|pergunta[ \t]+a|oi|"
    # (round sixteen) a person asked, the verb before the name: `le pregunté a Lucía`, `j'ai demandé à Amélie`,
    # `perguntei à Ana`, `ho chiesto a Giulia`
    r"pregunt(?:é|e|amos)[ \t]+a|demandé[ \t]+à|perguntei[ \t]+(?:a|à|ao)|chiesto[ \t]+a|"
    # (round eighteen) a greeting in the other languages authors write in: `Ciao Giulia!`, `Hej Linnea,`,
    # `Cześć Tomasz`, `Привет, Дмитрий`, `Merhaba Elif`, `Xin chào Linh`
    r"ciao|salve|buongiorno|hej|hei|moi|moin|servus|hoi|cześć|czesc|witaj|ahoj|szia|olá|ola|buenos[ \t]+días|"
    r"buenas|привет|здравствуй(?:те)?|merhaba|selam|xin[ \t]+chào|chào|halo|hai|γεια[ \t]+σου|γεια|"
    r"שלום|مرحبا|नमस्ते|" + _SALUTATIONS + r")|@)"
    # (round twenty) `cc: Thảo`, a label's colon after the word
    r"[ \t]*[,:]?[ \t]*$"
)


# (round sixteen) a person addressed: the name starts the message or its line, then a request made to them
# (`Yaroslava Tarasenko can you take a look…`, `Lukas, kannst du…`, `Amélie, tu peux…`, `Lucía, ¿puedes…`)
_ADDRESSED_AFTER = lazy(
    r"(?i)[ \t]*[,:—–-]?[ \t]+(?:(?:can|could|would|will)[ \t]+you|pls|please|kannst[ \t]+du|könntest[ \t]+du|"
    r"kunnen[ \t]+jullie|kun[ \t]+je|kan[ \t]+je|tu[ \t]+peux|tu[ \t]+pourrais|pourrais-tu|peux-tu|"
    r"¿?[ \t]*(?:puedes|podrías|podes|pode|poderia|puoi|potresti))\b"
)


def _addressed(text: str, line_start: int, start: int, end: int) -> bool:
    return not text[line_start:start].strip(" \t>*-•@") and _ADDRESSED_AFTER.match(text, end) is not None


# (round thirty-eight) a person's role in a record, labelled before the name (`Cliente: Maria Silva`, `customer:
# …`, `Patient: …`), and the person a document is made out to, after its number and a dash (`Orçamento 2026-118 —
# Aparecida Souza`, a quote a marble workshop's run printed, fresh38): a given name that is a word too (Maria,
# Aparecida) is a person's there
_ROLE_BEFORE = re.compile(
    r"(?i)(?:\b(?:client[ea]?|customer|kunde|kundin|klient(?:ka)?|paciente|patient|sócio|socio|member|membro|miembro|"
    r"destinatário|destinatario|recipient|tenant|inquilino|guest|hóspede|huésped|student|aluno|alumno|parent|"
    r"donor|doador|donante)"
    r"[ \t]*:[ \t]*|\b(?:orçamento|orcamento|invoice|quote|quotation|rechnung|angebot|factura|fatura|fattura|"
    r"preventivo|presupuesto|facture|devis|receipt|recibo)[ \t]+(?:n[º°o.]?[ \t]*)?#?[\w/-]*\d[\w/-]*"
    r"[ \t]*[—–-][ \t]*)$"
)


# (round twenty-two) a change done by a person, named after it: `reviewed by …`, `di-review oleh …` / `sama …`,
# `revisado por …`, `relu par …`, `geprüft von …`; a product does things by itself only in other words
_DONE_BY_BEFORE = re.compile(
    r"(?i)\b(?:(?:reviewed|approved|merged|signed[ \t]+off|authored|written|tested|requested|assigned|reported|"
    r"suggested|proposed|"  # (round thirty-one) `as suggested by …`
    r"raised|opened|filed)[ \t]+by|di-?(?:review|approve|merge|cek|periksa|setujui|tes|test)[ \t]+(?:oleh|sama)|"
    r"(?:revisad[oa]|aprobad[oa]|aprovad[oa]|escrit[oa]|probad[oa])[ \t]+por|(?:relu|validé|approuvé|écrit|testé)e?s?"
    r"[ \t]+par|(?:geprüft|reviewt|freigegeben|geschrieben|getestet|gemergt)[ \t]+von|(?:beoordeeld|goedgekeurd)"
    r"[ \t]+door)[ \t]*:?[ \t]*$"
)


def _context(m: re.Match[str], start: int, end: int, strong: bool = False) -> bool:
    """Whether the words right around a name say it is a person's; `strong`: not `with`, `from`, `by` before it
    (`from Victoria Metrics`, `with Julia`), nor a speaker's colon after it."""
    text = m.string
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 40) : start]
    if _TOLD_BEFORE.search(before) and not (strong and _WEAK_BEFORE.search(before) and not _MET_BEFORE.search(before)):
        return True
    if _DONE_BY_BEFORE.search(before) or _ROLE_BEFORE.search(before):
        return True
    if _VI_KIN_BEFORE.search(before) and _VIETNAMESE_LETTER.search(text, start, end):
        return True
    if _addressed(text, line_start, start, end):
        return True
    if _LEFT_FOR_BEFORE.search(before) and _LEFT_TO_AFTER.match(text, end):
        return True
    after = _SAID_AFTER.match(text, end, min(len(text), end + 60))
    if after is None:
        return False
    if after.group(0).lstrip(" \t,").startswith((":", "：")):
        # a speaker's line: the name starts the line (`Priya: I'll take the migration`), as in notes and chats
        return not strong and not text[line_start:start].strip(" \t-*•>")
    return True


# (round twenty-six) Vietnamese speaks of a person with a word of kinship or rank before the name (`anh`, `chị`, `em`,
# `cô`, `chú`, `bác`, `ông`, `bà`, `thầy`), or asks or thanks them (`nhờ`, `hỏi`, `cảm ơn`): read before a name
# written with Vietnamese's own letters only (`em` is Portuguese's "in" as well)
_VI_KIN_BEFORE = lazy(
    r"(?i)(?<!\w)(?:anh|chị|em|cô|chú|bác|ông|bà|thầy|bạn|nhờ|hỏi|cảm[ \t]+ơn|gửi|báo|gặp|với|của)[ \t]+$"
)
_VIETNAMESE_LETTER = re.compile("[ăĂơƠưƯđĐ\u1ea0-\u1ef9]")


# (round twenty-eight) A Vietnamese name of four words (`Lê Thị Bích Ngọc`, `Trần Thị Thu Hà`: the family name, a middle
# name, a given name of two): the name rules read three words at most, so one of them was left. A family name of
# Vietnam's in its own letters, then three capitalised words of one syllable each, two of them at least a given name
# the gazetteer knows or written in Vietnamese's letters; not a street's or a school's (`đường Nguyễn Thị Minh Khai`)
# nor a form's stand-in.
_VI_FAMILIES = words(
    "Nguyễn Trần Lê Phạm Hoàng Huỳnh Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Đinh Trương Lâm Đoàn Lương Trịnh Đào Kiều Phùng "
    "Triệu Lưu Tạ Hà Tô Thái Mạc Quách Châu Tăng Lạc Diệp"
)
_VI_FOUR = (
    r"(?<![\w])(?P<vi4>(?:" + "|".join(sorted(_VI_FAMILIES)) + r")(?:[ \t]+[A-ZĐ\u00c0-\u1ef9][^\W\d_]*){3})(?![\w])"
)


def _vietnamese_four(value: str, m: re.Match[str]) -> bool:
    given, _family = gazetteer()
    names = value.split()
    if not all(w[0].isupper() for w in names) or _stand_in(value) or _refused(value):
        return False
    if _PLACE_BEFORE.search(m.string, max(0, m.start("vi4") - 30), m.start("vi4")) or _PLACE_AFTER.match(
        m.string, m.end("vi4")
    ):
        return False
    if any(
        len(w) > 3 and english_word(w.lower()) and w not in given and not _VIETNAMESE_LETTER.search(w)
        for w in names[1:]
    ):
        return False  # `Nguyễn Văn Linh Street`
    # (each word one syllable, as Vietnamese's are; two of the three known or in its letters: `Thu` is plain ASCII)
    known = sum(1 for w in names[1:] if w in given or _VIETNAMESE_LETTER.search(w))
    return known >= 2 and all(len(w) <= 7 for w in names[1:])


# (round twenty-one) a change left to a person to do: `for Trần Khánh Linh to review`, `for … to merge`
_LEFT_FOR_BEFORE = re.compile(r"(?i)\bfor[ \t]+$")
_LEFT_TO_AFTER = lazy(
    r"(?i)[ \t]+to[ \t]+(?:review|merge|approve|check|look[ \t]+at|sign[ \t]+off|test|verify|decide|pick[ \t]+up)\b"
)


_LONGEST_HEADING = 300  # characters: a longer line is prose or data, never a title-case heading
_NEAR_ITEMS = 200  # characters each side of a name: where the other items of its list are read


def _heading(m: re.Match[str], start: int, end: int) -> bool:
    """A title-case line (`Grace Stone Release Notes`): its capitals are a heading's, not a name's."""
    text = m.string
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", end)
    line = text[a : b if b >= 0 else len(text)]
    if len(line) > _LONGEST_HEADING:
        return False  # (and a long line is not split into words once for each name on it)
    if line.count("|") >= 2 and text[a:start].count("|") and not text[text.rfind("|", a, start) + 1 : start].strip():
        return False  # (round twenty-eight) a table's row is its cells: a cell holding a name is no heading's words
    tokens = [t for t in re.findall(r"[^\W\d_][\w'’-]*", line) if t.lower() not in _PARTICLES]
    if len(tokens) < 4 or "," in line:
        return False  # (a list of names is written with commas: `Attendees: Priyanka Iyer, Jonas Becker`)
    return sum(t[0].isupper() for t in tokens) >= 0.8 * len(tokens)


_SPEAKER_LINE = lazy(rf"(?m)^[ \t>*•-]*(?:\[?\d{{1,2}}:\d\d\]?[ \t]+)?({_WORD})[ \t]*[:：][ \t]+\S")


def _speaker(m: re.Match[str], start: int, end: int) -> bool:
    """A speaker's line in meeting notes or a pasted chat (`Priya: I'll take it`, `[10:42] Wei: done`): the name
    starts the line, and another line nearby starts with another given name so (`Link: …` over `Step 1: …`
    is a list of fields)."""
    text = m.string
    line_start = text.rfind("\n", 0, start) + 1
    if re.sub(r"\[?\d{1,2}:\d\d\]?", "", text[line_start:start]).strip(" \t-*•>"):
        return False
    if re.match(r"[ \t]*[:：][ \t]+\S", text[end : end + 8]) is None:
        return False
    given, _ = gazetteer()
    name = text[start:end]
    nearby = text[max(0, line_start - 1500) : end + 1500]
    others = {w for w in _SPEAKER_LINE.findall(nearby) if w != name}
    return any(w in given and w.lower() not in _AMBIGUOUS and w.lower() not in _PRODUCTS for w in others)


_TIMED_SPEAKER = re.compile(rf"(?m)^[ \t>*•-]*\[?\d{{1,2}}:\d\d(?::\d\d)?\]?[ \t]+({_WORD})[ \t]*[:：][ \t]+\S")


def _timed_speaker(m: re.Match[str], start: int, end: int) -> bool:
    """A line of a pasted chat, `[09:14] Oksana: the queue is stuck`, beside another such line."""
    text = m.string
    line_start = text.rfind("\n", 0, start) + 1
    here = _TIMED_SPEAKER.match(text, line_start)
    if here is None or here.start(1) != start:
        return False
    nearby = text[max(0, line_start - 1500) : end + 1500]
    return len(_TIMED_SPEAKER.findall(nearby)) >= 2


_TITLES = words("Dr Dr. Mr Mr. Mrs Mrs. Ms Ms. Prof Prof. Herr Frau Sr Sr. Sra Sra. Mme Mme. M. I")
# Words a sentence may start with before a name (`Yesterday Marek Nowak rolled back…`, `Thanks Wei Zhang`).
_OPENERS = words(
    """
    yesterday today tomorrow tonight then thanks thank also so and but or when if ask tell ping hi hey hello dear
    maybe please note cc per with from by after before since until this last next on in at for as because while
    once meanwhile actually apparently btw fyi ok okay sure yes no well now only even just sadly luckily i we
    laut danke hallo gestern heute morgen dann und aber auch gracias hola ayer hoy mañana luego según merci bonjour
    hier aujourd'hui demain puis selon et mais
    """
)
_WORD_BEFORE = re.compile(r"([^\W_][\w.'’-]*)[ \t]+$")


def _inside_phrase(m: re.Match[str], start: int) -> bool:
    """A run of capitals that starts before the name, mid-sentence (`Telefonica Del Sur`, `Fort Leonard Wood`,
    `100 Mile House`, `Bitstream Vera Sans`): a place's, a company's or a product's name."""
    text = m.string
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if before is None:
        return False
    word = before.group(1)
    if word in _TITLES or not (word[0].isupper() or word[0].isdigit()):
        return False
    if re.search(r"['’][a-zçğıöşü]+$", word):
        return False  # (round twenty-eight) a word's own ending after its apostrophe (`PR'ı`, `GitHub'da`) closes it
    line_end = text.find("\n", m.end())
    sentence_goes_on = re.search(r"[ \t,][a-zß-ÿа-я]", text[m.end() : line_end if line_end >= 0 else len(text)])
    starts = not text[: before.start()].rstrip(" \t>*-") or re.search(
        r"[.!?:]\s*$|\n[ \t>*-]*$", text[: before.start()]
    )
    if starts and sentence_goes_on:
        return False  # a sentence's first word has its capital from the sentence (`Zapytaj Tomasza Nowaka, on …`)
    given, family = gazetteer()
    return word.lower().rstrip(".,") not in _OPENERS and word not in given and word not in family


# A typeface is named like a person (`Josefin Sans`, `Fira Code`, `Source Serif Pro`): its last word says it is one.
_TYPEFACE_WORDS = words("sans serif mono code display text slab condensed narrow grotesk grotesque rounded pro")


def _refused(value: str) -> bool:
    from retell.secrets.personal import _PHRASE_WORDS, _PLACEHOLDER_PERSON, _not_a_person

    if _not_a_person().search(value) or _PLACEHOLDER_PERSON.match(value.strip().rstrip(".")):
        return True
    first, _, rest = value.partition(" ")
    if rest and first.lower() in _OPENERS and _PLACEHOLDER_PERSON.match(rest.strip().rstrip(".")):
        return True  # (round twenty-eight) `Per Martin Fowler's book`: the sentence's first word and a public figure
    if value.split()[-1].lower() in _TYPEFACE_WORDS:
        return True
    return any(w.lower() in _PHRASE_WORDS for w in value.split())


# The endings a name takes in a sentence, and its form in the gazetteer (round fourteen): Polish and Russian
# cases (`Tomasza Wiśniewskiego`, `у Алексея Смирнова`), a German genitive (`Jürgen Webers Änderung`).
_INFLECTIONS = (
    ("iego", "i"), ("iemu", "i"), ("owi", ""), ("em", ""), ("a", ""), ("y", "a"), ("ę", "a"), ("ą", "a"),
    ("я", "й"), ("я", "ь"), ("а", ""), ("у", ""), ("ю", "й"), ("ом", ""), ("ем", "й"), ("ой", "а"), ("ы", "а"),
    ("s", ""),
    # Hungarian (`Dorottyának`, `Katalinnal`) and Finnish (`Heikkilältä`, `Virtaselta`) case endings
    ("ának", "a"), ("ének", "e"), ("ával", "a"), ("ével", "e"), ("nak", ""), ("nek", ""), ("nal", ""), ("nel", ""),
    ("val", ""), ("vel", ""), ("tól", ""), ("től", ""), ("nál", ""), ("nél", ""), ("ért", ""),
    ("selta", "nen"), ("seltä", "nen"), ("selle", "nen"), ("sen", "nen"), ("lta", ""), ("ltä", ""), ("lle", ""),
    ("lla", ""), ("llä", ""), ("sta", ""), ("stä", ""), ("ssa", ""), ("ssä", ""), ("n", ""),
)  # fmt: skip


def _lemma(word: str, given: frozenset[str], family: frozenset[str]) -> str:
    """`word` as the gazetteer writes it, when it is an inflected form of a name it holds; else `word`."""
    if word in given or word in family or len(word) < 5:
        return word
    for ending, base in [("", ""), *_INFLECTIONS]:
        if word.endswith(ending):
            form = word[: len(word) - len(ending)] + base
            for known in (form, *_gender_twins(form)):
                if known in given or known in family:
                    return known
    return word


# A family name's two genders are one name (`Wiśniewski`/`Wiśniewska`, `Смирнов`/`Смирнова`): the gazetteer may
# hold only one of them.
_TWINS = (("ski", "ska"), ("cki", "cka"), ("dzki", "dzka"), ("ов", "ова"), ("ев", "ева"), ("ин", "ина"), ("ий", "ая"))


def _gender_twins(word: str) -> list[str]:
    out = []
    for male, female in _TWINS:
        if word.endswith(male):
            out.append(word[: -len(male)] + female)
        elif word.endswith(female):
            out.append(word[: -len(female)] + male)
    return out


_GLUED_OFF = re.compile(r"^[a-z]{1,3}[-'’](?=[^\W\d_])")


def _pair_person(value: str, m: re.Match[str]) -> bool:
    """A given name and a family name, perhaps with an initial, a particle or a second given name between."""
    given, family = gazetteer()
    names = [_lemma(_GLUED_OFF.sub("", w), given, family) for w in value.split()]
    first, last = names[0], names[-1]
    if _PLACE_AFTER.match(m.string, m.end("pair")):
        return False  # `the Santa Cruz office`, `Ho Chi Minh City`: a place named for a person is a place
    if _PLACE_BEFORE.search(m.string, max(0, m.start("pair") - 30), m.start("pair")):
        return False  # (round twenty-six) `đường Nguyễn Văn Linh`, `rue Jean Jaurès`: the word for the place first
    if last.lower() in _CONTACT_LABELS and m.string.startswith(":", m.end("pair")):
        return False  # a signature's lines joined into one (`Thanks, Bence Mob: +36…`): the label of a number
    if _role_slot(value, m, names, given, family):
        return True
    if any(len(w.rstrip(".")) > 1 and w.isupper() for w in names):
        return False
    if first not in given and not _known_family(last, family) and first not in family:
        # (round twenty-two) no word the gazetteer knows (`Tavita Faleolo reviewt …`, `approved by Priyanka
        # Raghunathan`): a name where only a person is spoken of, and no word a dictionary's or a product's
        return _unknown_pair(value, names, m)
    return _known_pair(value, names, m, given, family)


def _unknown_pair(value: str, names: list[str], m: re.Match[str]) -> bool:
    if len(names) not in (2, 3) or not all(
        _NAME_SHAPE.fullmatch(w) and not any(c.isupper() for c in w[1:]) for w in names
    ):
        return False
    if any(w.lower() in _SERVICES | _AMBIGUOUS | _PRODUCTS for w in names) or _refused(value):
        return False
    start, end = m.span("pair")
    if _inside_phrase(m, start) or not _said_only_of_a_person(m, start, end):
        return False
    return not any(english_word(w.lower()) for w in names)


def _known_pair(value: str, names: list[str], m: re.Match[str], given: frozenset[str], family: frozenset[str]) -> bool:
    first, last = names[0], names[-1]
    # (`Nguyen Van An`: a family name, then given names, the last of which may be a word as well)
    three = len(names) == 3 and first in family and first not in given and names[1] in given and last in given
    if _refused(" ".join(names[:-1]) if three else value):
        return False
    start, end = m.span("pair")
    if (
        first not in given
        and first in family
        # (round twenty-one: three words with given names the gazetteer lacks, `Đặng Quỳnh Như`, where a cue says
        # so: _family_first asks for it)
        and ((last in given and last not in family) or len(names) == 3)
    ):
        return _family_first(names, m, start, end)
    if first not in given and len(names) == 3 and _turkish_word_before_a_name(value, m, names, given, family):
        return False  # (round twenty-eight) the name is the next two words, tried on their own
    if first not in given:
        # a given name the gazetteer lacks (`Priyanka Iyer`, `Ayşe Demir`): a name where its family name is
        # known and it is listed beside another name or said to be a person's
        return (
            not _inside_phrase(m, start)
            and last in family
            and last.lower() not in _AMBIGUOUS | _PRODUCTS
            and first.lower() not in _AMBIGUOUS | _PRODUCTS
            and (
                (
                    len(names) == 2
                    and (
                        _listed_with_names(m, start, end)
                        or _context(m, start, end, strong=True)
                        or _given_a_role(m, end, names)
                        or (_open_syllables(first) and not _heading(m, start, end))
                    )
                )
                # (round twenty-two) a second given or family name between (`Rizky Pratama Nugroho`), where said
                # to be a person's
                or (
                    len(names) == 3
                    and (names[1] in given or _known_family(names[1], family))
                    and names[1].lower() not in _AMBIGUOUS | _PRODUCTS
                    and (_context(m, start, end, strong=True) or _given_a_role(m, end, names))
                )
            )
        )
    if first.lower() in _PRODUCTS or first.lower() in _PARTICLES or first in _TITLES or _inside_phrase(m, start):
        return False
    middle = names[1:-1]
    if any(not (w in _PARTICLES or re.fullmatch(_INITIAL, w) or w in given or w in family) for w in middle):
        # (round twenty-two) a middle name the gazetteer lacks (`Dwi Hartono Wibowo`) where a person is spoken of,
        # between a given and a family name it knows
        start, end = m.span("pair")
        return (
            _known_family(last, family)
            and first.lower() not in _AMBIGUOUS | _PRODUCTS
            and not _inside_phrase(m, start)
            and not _dictionary_words(middle)
            and _context(m, start, end, strong=True)
        )
    known_family = _known_family(last, family) and last.lower() not in _PRODUCTS
    # (a German article alone is no name's particle: `dem Lesen der Ausgabe`, "the reading of the output", blind35;
    # `van der`, `von den` still are)
    after_particle = bool(middle) and middle[-1] in _PARTICLES and middle not in (["der"], ["den"], ["das"])
    # (a given name that is a word too is a name's before another given name: `Rosa María Quispe`)
    plain_first = first.lower() not in _AMBIGUOUS or (len(names) == 3 and names[1] in given)
    if plain_first and (known_family or after_particle) and not _heading(m, start, end):
        return True
    # a given name that is a word too, or a surname the gazetteer lacks: a person's only where said to be one
    if last.lower() in _PRODUCTS or re.search(r"['’][a-z]", value):
        return False  # `Let's Encrypt`
    return (
        _context(m, start, end, strong=first.lower() in _AMBIGUOUS)
        or (first.lower() not in _AMBIGUOUS and _listed_with_names(m, start, end))
        or _given_a_role(m, end, names)
    )


# (round twenty-eight) Turkish puts the subject late (`Hatayı Zeynep Arslan buldu`, the bug Zeynep Arslan found; `Dün
# Mehmet Öztürk düzeltti`): the sentence's first word, capitalised by its place, is an object in its case or a word of
# time, never a name's part. Its ending (accusative `-yı`, locative `-da`, ablative `-dan`…) or the word says so.
_TURKISH_CASE_ENDING = re.compile(r"(?:[yn][ıiuü]|[dt][ae]n?|[dt][ae]ki|[ıiuü]n[ıiuü]|ı)$")
_TURKISH_OPENERS = words(
    "dün bugün yarın sonra önce şimdi zaten ayrıca ama fakat bence galiba sabah akşam geçen hafta demin az bu şu o"
)
_TURKISH_AFTER = lazy(
    r"[ \t]*,?[ \t]+(?:de[ \t]+|da[ \t]+)?(?:\w+(?:d[ıiuü]|t[ıiuü]|m[ıiuü]ş)\b|\w+[ \t]+(?:etti|etmiş)\b|"
    r"dedi|söyledi|diyor)"
)


def _turkish_word_before_a_name(
    value: str, m: re.Match[str], names: list[str], given: frozenset[str], family: frozenset[str]
) -> bool:
    first = value.split()[0]
    return (
        names[1] in given
        and _known_family(names[2], family)
        and first not in family
        and (first.lower() in _TURKISH_OPENERS or _TURKISH_CASE_ENDING.search(first) is not None)
        and _TURKISH_AFTER.match(m.string, m.end("pair")) is not None
    )


# Round twelve: the line's role says a person is named, whether the gazetteer knows the words or not: a role
# given by a verb (`add Fujimoto Aoi as reviewer`, `assign it to …`), a list of people under its label
# (`Attendees: …`), a copyright's holder (`copyright = '2025, …'`). For a list and a copyright the name must also
# look like one (a word the gazetteer knows, a letter outside ASCII, a particle): `Attendees: Platform Team`,
# `copyright 2024, Acme Corp` are no one's.
_ROLE_VERB_BEFORE = lazy(r"(?i)\b(?:add|adding|added|assign|assigned|invite|invited|make|request|set)[ \t]+$")
# (round thirty-two) what was handed to the person may be named in a few words (`assigned the follow-up issue to …`,
# `handed the on-call pager over to …`, `escalated the ticket to …`)
_ASSIGNED_BEFORE = re.compile(
    r"(?i)\b(?:assign(?:ed)?(?:[ \t]+(?:it|this|that|the[ \t]+\w+))?[ \t]+to|"
    # (past tense: a report of what a person did, not code's `assigns the value to …`, `delegates the call to …`)
    r"(?:reassigned|assigned|handed|escalated|delegated)[ \t]+(?:it|this|that|them|(?:the|a|an|this|that|our|my|"
    r"your|his|her|their)(?:[ \t]+(?!(?:value|values|variable|var|call|calls|result|results|field|method|function|"
    r"object|pointer|handler|request|requests|response|event|events|task|job|work|load|traffic)\b)[\w-]+){1,3})"
    r"(?:[ \t]+over)?[ \t]+to)[ \t]*:?[ \t]*$"
)
# (round thirty-two) the relative pronoun only a person takes after the name (`… to Hamid Rezaei, who owns the
# service`, `… a Lucía Ferrán, quien revisó`): a thing or a team is `which`/`that`
_WHO_AFTER = re.compile(r"(?i),?[ \t]+(?:who|whom|whose|quien|quienes|quem)\b")
_COPYRIGHT_BEFORE = re.compile(
    r"(?i)(?:copyright|©|\(c\))[^\n]{0,16}?\b(?:19|20)\d\d(?:[ \t]*[-–][ \t]*(?:19|20)\d\d)?[ \t]*,?[ \t]*$"
)


_PLACE_AFTER = re.compile(
    r"(?i)[ \t]+(?:office|offices|city|campus|branch|region|site|data[ \t]?center|datacenter|airport|time[ \t]?zone|"
    r"hq|store|warehouse|county|province|street|avenue|station)\b"
)
# (round twenty-six) a street, a square, a school or a station named for a person, the word for the place first, as
# most languages but English write it
_PLACE_BEFORE = lazy(
    r"(?i)(?<!\w)(?:đường|phố|quận|huyện|phường|trường|cầu|ngõ|hẻm|tỉnh|chợ|bến|bệnh[ \t]+viện|thpt|thcs|"
    r"calle|avenida|av\.|rua|praça|plaza|paseo|colegio|escuela|escola|aeropuerto|aeroporto|estación|estação|"
    r"rue|boulevard|bd\.?|place|lycée|collège|école|gare|aéroport|quai|viale|piazza|corso|liceo|stazione|"
    r"ulica|ul\.|aleja|al\.|plac|szkoła|ulitsa|улица|ул\.|проспект|пр\.|площадь|sokak|caddesi|jalan|jl\.)[ \t]+$"
)
# a person thanked or written for (`thanks Watanabe Haruto`, `a comment for Kovács Eszter`), and git's
# `%h %an` line (a short hash, then the author's name to the line's end)
_FOR_BEFORE = re.compile(
    r"(?i)\b(?:thanks|thank[ \t]+you|thx|kudos(?:[ \t]+to)?|(?:comment|note|message|question)[ \t]+for)[ \t]*,?[ \t]*$"
)
# the labels of a signature's contact lines, which a text joined from lines puts after a name (`Bence Mob: …`)
_CONTACT_LABELS = words(
    "mob mobile tel tele phone cell cellphone fax email e-mail mail web site skype whatsapp signal telegram direct "
    "office handy telefon mobil portable móvil celular tél"
)
_HASH_LINE = lazy(r"[ \t]*[0-9a-f]{7,40}[ \t]+$")
# (round nineteen) `git log --format='%h %an %s'` pasted without its command: a short hash, then the author, then
# the subject (`9751527 Zeynep Aksoy fix flaky test`, `7c3e9f1 - Jane Doe - fix`)
_HASH_COLUMN = re.compile(r"[ \t]*\^?[0-9a-f]{7,40}(?:[ \t]+[-|:][ \t]+|[ \t]+)")
# what a commit's subject starts with, which `git log --oneline` puts where the author would be (`Revert Jest …`)
_SUBJECT_VERBS = words(
    """
    add adds added fix fixes fixed update updates updated bump bumps revert reverts merge merged remove removes
    removed refactor refactors release releases drop drops move moves rename renames improve improves use uses
    implement implements support supports clean cleanup initial make makes allow allows enable enables disable
    disables replace replaces upgrade upgrades downgrade set sets create creates delete deletes change changes
    handle handles introduce introduces prepare tweak tweaks document docs test tests wip chore feat build ci style
    """
)


def _in_an_author_column(text: str, value: str, names: list[str]) -> bool:
    """The words after a short hash are an author's when the column is one: the same name after a hash on another
    line, or a bot there (`3330604 dependabot[bot] bump axios`). A subject's first word is a verb (`Revert Jest
    config` twice is `--oneline`'s subject, not an author)."""
    if names[0].lower() in _SUBJECT_VERBS:
        return False
    rows = [line for line in text.split("\n") if _HASH_COLUMN.match(line)]
    if len(rows) < 2:
        return False
    authors = [line[_HASH_COLUMN.match(line).end() :] for line in rows]  # type: ignore[union-attr]
    bot = any(re.match(r"[\w.-]+\[bot\][ \t]", a) for a in authors)
    return bot or sum(a.startswith(value) for a in authors) >= 2


# (round thirteen) a role named, then the person (`reviewer on this PR is …`, `on-call this week: …`, `the
# assignee is …`), and a change's author told by what they did to the code (`according to the blame, …
# introduced this check`, `I think … broke this`)
_ROLE_IS_BEFORE = re.compile(
    # a role, then `is`/`are`/`was` (`the reviewer on this PR is …`, `our point of contact was …`), or a role whose
    # holder is always a person, then a colon (`on-call this week: …`, `Reviewers: …`); never a label in capitals
    # (retell's own prompts write `AUTHOR:` before each of the author's messages: `AUTHOR: Das Passwort …`)
    r"\b(?i:reviewers?|assignees?|approvers?|owners?|maintainers?|on[ -]?call|author|customer|contact|"
    r"point[ \t]+of[ \t]+contact|poc|lead|tech[ \t]+lead|manager)\b[^\n.!?]{0,30}?\b(?i:is|are|was)[ \t]*$|"
    r"\b(?:[Rr]eviewers?|[Aa]ssignees?|[Aa]pprovers?|[Oo]wners?|[Mm]aintainers?|[Oo]n[ -]?call)\b"
    r"[^\n.!?:]{0,30}?:[ \t]*$"
)
_AUTHORED_AFTER = re.compile(
    r"(?i)[ \t]+(?:(?:probably|just|originally|accidentally)[ \t]+)?(?:introduced|added|wrote|committed|authored|"
    r"broke|reverted|refactored|rewrote|removed|deleted|changed|touched|pushed|owns)\b"
)
_AUTHORED_CUE = lazy(r"(?i)\b(?:blame|git|commit|refactor|PR|pull request|merge|this|it|the code|the check)\b")


# (round fourteen) the answer to a question about a person, in the same text: `who's on call this week? I think
# it's …`, `wer hat Bereitschaft? ich glaube, es ist …`, `qui est d'astreinte ? je crois que c'est …`
_WHO_ASKED = lazy(r"(?i)(?:\bwho(?:'s|se|m)?|\bwer|\bwem|\bqui|\bchi|quién|\bquien|\bquem|\bкто)\b[^?\n]{0,80}\?")
_ANSWER_BEFORE = re.compile(
    r"(?i)(?:\bit'?s|\bit[ \t]+is|\bthat'?s|\bes[ \t]+ist|\bc'est|\bè|\bsia|\bes|\bé|\bseria|\bsería)[ \t]*$"
)
# a tool's listing of people: a line asked for them (`npm view … maintainers`, `git shortlog -sn`), then each a
# list's quoted item or a count's row
_PEOPLE_ASKED = re.compile(
    r"(?i)\b(?:maintainers|contributors|authors|owners|committers|collaborators|members|shortlog|codeowners)\b"
)
_LISTED_ITEM = lazy(r"""(?:(?<=[\[,][ \t])|(?<=[\[,]))['"]$""")
_COUNT_ROW = lazy(r"[ \t]*\d+\t[ \t]*$")


# a name beside a handle: `@kbaptiste (Kévin Baptiste)`, `Zanele Khumalo (@zkhumalo)`; a team's handle has a `/`
_MENTION_BEFORE = re.compile(r"(?<![\w/@.-])@[A-Za-z0-9][\w-]{1,38}[ \t]*\($")
# (also a team's handle in parentheses after a person, as a CODEOWNERS comment writes it: `… (backup: @acme/billing)`)
_MENTION_AFTER = re.compile(r"[ \t]*\((?:[^()@\n]{0,24}?[ \t])?@[A-Za-z0-9][\w-]{1,38}(?:/[\w-]{1,60})?\)")


def _answer_or_listed(text: str, start: int, end: int, line_start: int) -> bool:
    """A name given as the answer to `who…?` earlier in its text, an item of a tool's listing of people, or a
    name beside a person's handle."""
    if (_MENTION_BEFORE.search(text[max(line_start, start - 45) : start]) and text.startswith(")", end)) or (
        _MENTION_AFTER.match(text, end)
    ):
        return True
    if _ANSWER_BEFORE.search(text[max(line_start, start - 12) : start]) and _WHO_ASKED.search(
        text[max(0, start - 200) : start]
    ):
        return True
    if not _PEOPLE_ASKED.search(text[max(0, start - 300) : start]):
        return False
    quoted = _LISTED_ITEM.search(text[max(line_start, start - 3) : start]) and text[end : end + 1] in ("'", '"')
    row_end = text.find("\n", end)
    counted = _COUNT_ROW.fullmatch(text[line_start:start]) and not text[end : row_end if row_end >= 0 else None].strip()
    return bool(quoted or counted)


_ROLE_COLUMN = lazy(r"(?i)\b(?:assignee|assigned[ \t]+to|owner|reviewer|author|reporter|on[ -]?call)\b")


def _under_a_role_column(text: str, line_start: int, start: int) -> bool:
    """A name in a fixed-width table's column headed by a role (`ASSIGNEE`, `Owner`), a few lines above."""
    column = start - line_start
    # a fixed-width table's cell: two spaces or a tab before it, and a header of such columns above
    if column < 4 or not re.search(r"(?:  |\t)$", text[line_start:start]):
        return False
    head = line_start
    for _ in range(8):
        if head <= 0:
            return False
        head = text.rfind("\n", 0, head - 1) + 1
        header = text[head : text.find("\n", head)]
        if not re.search(r"\S(?:  |\t)\s*\S", header):
            continue
        if any(abs(r.start() - column) <= 1 for r in _ROLE_COLUMN.finditer(header)):
            return True
    return False


# (round fifteen) a structured key naming a person's role, the name its whole value: YAML's `primary: …`, JSON's
# `"contact": "…"`, INI's `reviewer = …`, iCalendar's `ORGANIZER;CN=…`. A key in small letters (a config's), never a
# prose label; the name must still look like one (`primary: East Region` does not).
_ROLE_KEY_BEFORE = re.compile(
    r"^[ \t]*(?:-[ \t]+)?[\"']?(?:primary|secondary|backup|contact|reviewer|approver|assignee|reporter|requester|"
    r"organi[sz]er|owner|maintainer|lead|manager|on[_-]?call|escalation|responsible|sponsor|author|signer|"
    r"signatory|approved[_-]by|reviewed[_-]by|requested[_-]by|created[_-]by)s?[\"']?[ \t]*[:=][ \t]*[\"']?$|"
    # (round twenty-one) a JSON object's member after others on its line: `{"id": 4411, "assignee": "…"}`
    r"[{,][ \t]*\"(?:primary|secondary|backup|contact|reviewer|approver|assignee|reporter|requester|owner|"
    r"maintainer|lead|manager|on[_-]?call|author|approved[_-]by|reviewed[_-]by|requested[_-]by|created[_-]by)s?\""
    r"[ \t]*:[ \t]*\"$|"
    r"(?:ORGANIZER|ATTENDEE)[^\n:]{0,80}?;CN=\"?$|"
    # (round twenty-two) a log line's field (logfmt): a person's key (`customer="…"`, `full_name='…'`), or a bare
    # `name=` after the user's own id on the line (`user_id=6466 name="…"`)
    r"(?:^|[ \t])(?:customer|customer_?name|full_?name|display_?name|real_?name|user_?name|contact_?name|author|"
    r"assignee|reporter|patient|employee|member|cardholder|holder_?name|billing_?name|recipient)=[\"']$|"
    r"\b(?:user_?id|uid|user|email|customer_?id|account_?id|member_?id)=\S+[ \t]+(?:[\w.-]+=\S+[ \t]+){0,4}"
    r"name=[\"']$"
)
# an INSERT's column list, then the row's values: a name's column by its header (`full_name`, `display_name`)
_INSERT_HEAD = lazy(r"(?is)\binsert[ \t]+into[ \t]+[\w.\"`\[\]]+[ \t]*\(([^()]{1,600})\)\s*values\s*")
_NAME_COLUMNS = lazy(
    r"(?i)^(?:(?:full|display|customer|contact|author|owner|person|employee|member|patient|client|user|legal|real)"
    r"[_-]?name|name|fullname|person|customer|contact|author|owner|assignee|reporter|reviewer)$"
)


def _in_a_name_column_of_an_insert(text: str, start: int) -> bool:
    """A quoted value of an INSERT's row whose column is a person's name (by the column list's word)."""
    if start < 1 or text[start - 1] not in "'\"":
        return False
    heads = list(_INSERT_HEAD.finditer(text, max(0, start - 4000), start))
    if not heads:
        return False
    head = heads[-1]
    if head is None:
        return False
    row_open = text.rfind("(", head.end() - 1, start)
    if row_open < 0 or "\n\n" in text[row_open:start]:
        return False
    cell = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "''", text[row_open + 1 : start - 1])
    columns = [c.strip().strip('"`[]').lower() for c in head.group(1).split(",")]
    index = cell.count(",")
    if index >= len(columns) or _NAME_COLUMNS.match(columns[index]) is None:
        return False
    # a bare `name` is a person's only beside what a table of people holds (`cities (id, name)` is a place's)
    return columns[index] != "name" or any(_PEOPLE_COLUMNS.search(c) for c in columns)


# a CODEOWNERS line: a path, its owners' handles, then a comment naming the person (`/billing/ @org/billing  # …`)
_OWNERS_COMMENT_BEFORE = lazy(r"[ \t]*[^\s#@]\S*(?:[ \t]+@[\w.-]+(?:/[\w.-]+)?)+[ \t]+#[ \t]*")


def _dictionary_words(names: list[str]) -> bool:
    """Every word (particles aside) an English word or a product's: a team's, a region's or a function's name."""
    return all(
        w.lower() in _PRODUCTS or w.lower() in _SERVICES or english_word(w.lower())
        for w in names
        if w not in _PARTICLES
    )


_PEOPLE_COLUMNS = lazy(r"e-?mail|phone|mobile|birth|dob|surname|first[_-]?name|last[_-]?name|salary|hired")


def _role_slot(value: str, m: re.Match[str], names: list[str], given: frozenset[str], family: frozenset[str]) -> bool:
    if not 2 <= len(names) <= 4 or any(len(w) > 1 and w.isupper() for w in names):
        return False
    start, end = m.span("pair")
    text = m.string
    line_start = text.rfind("\n", 0, start) + 1
    if any(w.lower() in _AMBIGUOUS | _PRODUCTS for w in names if w not in _PARTICLES):
        # (round twenty-one) a given name that is a word too (`Carmen`, `Rose`) in a table's role column, before a
        # family name the gazetteer knows: the column says a person is named
        capitalised = all(w[0].isupper() or w in _PARTICLES for w in names) and not _refused(value)
        others = [w for w in names if w.lower() not in _AMBIGUOUS | _PRODUCTS and w not in _PARTICLES]
        return (
            capitalised
            and (
                (
                    names[-1].lower() not in _AMBIGUOUS | _PRODUCTS
                    and _known_family(names[-1], family)
                    and _under_a_role_column(text, line_start, start)
                )
                # (round twenty-two) in a person's own field (`customer="Maria Clarissa …"`, an INSERT's `full_name`),
                # where the other words are no dictionary's (`customer="Rose Garden"` is a shop's)
                or (
                    bool(others)
                    and not _dictionary_words(others)
                    and (
                        _ROLE_KEY_BEFORE.search(text[line_start:start]) is not None
                        or _in_a_name_column_of_an_insert(text, start)
                    )
                )
            )
        )
    before = text[max(line_start, start - 60) : start]
    if _ROLE_AFTER.match(text, end) and _ROLE_VERB_BEFORE.search(before):
        return True
    # (a change's author: the cue may be before or after the name, `… broke this in the last refactor`)
    if not _refused(value) and all(w[0].isupper() or w in _PARTICLES for w in names):
        line_end = text.find("\n", end)
        at_end = not text[end : line_end if line_end >= 0 else len(text)].strip()
        if at_end and _HASH_LINE.fullmatch(text[line_start:start]):
            return True
        if _under_a_role_column(text, line_start, start):
            # (round twenty-one) a team's or a function's words in the column are no one (`Site Reliability`)
            return (names[0] in given and _known_family(names[-1], family)) or not _dictionary_words(names)
        if _HASH_COLUMN.fullmatch(text[line_start:start]) and _in_an_author_column(text, value, names):
            return True
    authored = _AUTHORED_AFTER.match(text, end) is not None and _AUTHORED_CUE.search(before + text[end : end + 80])
    if (
        (_ROLE_IS_BEFORE.search(before) or authored or _answer_or_listed(text, start, end, line_start))
        and all(w[0].isupper() or w in _PARTICLES for w in names)
        and not _refused(value)
    ):
        return True
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    looks = (
        not value.isascii()
        or any(w in _PARTICLES for w in names[1:-1])
        or any(w in given or w in family for w in names)
        or (_LIST_LABEL.match(line) is not None and _a_known_name_beside(line, value, given, family))
        # (round twenty-eight) the label says its items are people: two words or three no dictionary has are a
        # name (`Attendees: Kaveh Farahani, Choi Min-jun`), a team's or a function's words are not (`Site Reliability`)
        or (_LIST_LABEL.match(line) is not None and not _dictionary_words(names) and not _refused(value))
    )
    at_line_end = not line[end - line_start :].strip()
    # (round twenty-one) the record's field says a person is named, whatever the gazetteer knows: a role's key
    # (`primary:` under `oncall:`, `"assignee":`), an INSERT's name column, a CODEOWNERS line's comment after its
    # owners; the words must not all be a dictionary's (`East Region`, `Platform Team`)
    fielded = (
        _ROLE_KEY_BEFORE.search(text[line_start:start]) is not None
        or _in_a_name_column_of_an_insert(text, start)
        or (at_line_end and _OWNERS_COMMENT_BEFORE.fullmatch(text[line_start:start]) is not None)
    )
    if fielded and not _refused(value) and all(w[0].isupper() or w in _PARTICLES for w in names):
        return looks or not _dictionary_words(names)
    if (
        _WHO_AFTER.match(text, end)
        and not _refused(value)
        and all(w[0].isupper() or w in _PARTICLES for w in names)
        and (looks or not _dictionary_words(names))
    ):
        return True
    if not looks:
        return False
    return bool(
        # (round twenty-eight) a team's item of the list is no one (`Attendees: Lucía Ferrán, Platform Team`)
        (_LIST_LABEL.match(line) and not _refused(value))
        or (
            (_ROLE_KEY_BEFORE.search(text[line_start:start]) or _in_a_name_column_of_an_insert(text, start))
            and not _refused(value)
        )
        or _COPYRIGHT_BEFORE.search(before)
        or _ASSIGNED_BEFORE.search(before)
        or _FOR_BEFORE.search(before)
        or (at_line_end and _HASH_LINE.fullmatch(text[line_start:start]))
        or (
            _ROLE_AFTER.match(text, end) is not None
            and all(w[0].isupper() or w in _PARTICLES for w in names)
            and not _refused(value)
        )
    )


# A word of open syllables, as Yoruba, Igbo and many West African names are made (`Oluwaseun`, `Temitope`,
# `Chidinma`, `Ikechukwu`): each syllable a consonant (or a digraph: gb, kp, kw, nw, ch, sh…) and a vowel, or a
# syllabic n or m before a consonant, perhaps a final n. Such names are compounds of many parts, so no list
# holds them all; their structure tells them. English words rarely have it (`Toronto`, `Banana` do: hence a
# family name the gazetteer knows after it, and no capitalised word before).
_OPEN_SYLLABLES = lazy(
    r"(?:(?:gb|kp|gw|kw|nw|ny|ch|sh|gh|[bdfghjklmnprstvwyz])?[aeiou]|[nm](?=[bcdfghjklmnprstvwyz]))+n?"
)


# English words of Latin make have open syllables too (`Position`, `Generate`, `Engine`): their endings, none a
# Yoruba or Igbo name's (of the 176 given names of six letters or more in Faker's yo_NG and ig_NG, 175 pass)
_ENGLISH_ENDING = lazy(r"(?:tion|sion|ize|ise|ate|ure|ive|ove|ine|ime|ume|ule|ete|ude|ane|one|ene|age|ese)$")


def _open_syllables(word: str) -> bool:
    """A given name the gazetteer lacks, made of three open syllables or more (six letters or more), and not an
    English word's (its ending, or a word of BIP-39's English list: `Machine`, `Future`)."""

    from retell.secrets.seed_phrase import wordlist

    folded = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()
    return (
        len(folded) >= 6
        and sum(c in "aeiou" for c in folded) >= 3
        and word.lower() not in _AMBIGUOUS | _PRODUCTS
        and _OPEN_SYLLABLES.fullmatch(folded) is not None
        and _ENGLISH_ENDING.search(folded) is None
        and folded not in wordlist()
    )


# (round sixteen) The endings only family names take, in the languages that make them so: Polish (`-ska`, `-ński`,
# `-wicz`), Ukrainian (`-enko`, `-chuk`), Georgian (`-shvili`, `-dze`), Armenian (`-yan`), Greek (`-opoulos`,
# `-akis`, `-idis`), Turkish (`-oğlu`), South Slavic (`-ović`, `-ević`), Romanian (`-escu`), Lithuanian (`-aitis`,
# `-auskas`, `-ienė`), Scandinavian patronymics (`-sson`). A family name the gazetteer lacks is known by it.
_FAMILY_ENDING = re.compile(
    r"(?:[sc]k[ia]|ńsk[ia]|dzk[ia]|wicz|owicz|enko|[cs]huk|czuk|shvili|dze|[^aeiou]yan|opoulos|akis|idis|iadis|"
    r"o[gğ]lu|[oe]vi[cćč]|escu|aitis|aitė|auskas|auskienė|ienė|[^aeiou]sson)\Z"
)


def _family_by_ending(word: str) -> bool:
    """A capitalised word of six letters or more, small letters after its capital, with a family name's ending."""
    if len(word) < 6 or not word[0].isupper() or not word[1:].islower() or not word.replace("-", "").isalpha():
        return False
    return _FAMILY_ENDING.search(word) is not None


def _known_family(word: str, family: frozenset[str]) -> bool:
    """A family name the gazetteer knows, or a double-barrelled one whose parts it knows (`Asantewaa-Mensah`,
    `García-Márquez`), or one its ending says is a family name (`Wróblewska`, `Kravchuk`)."""
    if word in family:
        return True
    parts = word.split("-")
    return (len(parts) == 2 and all(part in family for part in parts)) or _family_by_ending(word)


def _family_first(names: list[str], m: re.Match[str], start: int, end: int) -> bool:
    """A name written family name first (`Müller Hans`, `Nguyen Van Minh`): a family name the gazetteer knows
    that is no given name, then given names. Three parts are a name on their own (the Vietnamese order, a
    middle name); two only where said to be a person's or listed with names (`Müller Hans` could be a
    heading's two words)."""
    given, _ = gazetteer()
    # (three words with a given name between, `Nguyen Van An`: the order says it, whatever its last word is too)
    last_may_be_a_word = len(names) == 3 and names[1] in given and names[-1] in given
    if (
        names[0].lower() in _AMBIGUOUS | _PRODUCTS
        or names[-1].lower() in _PRODUCTS
        or (names[-1].lower() in _AMBIGUOUS and not last_may_be_a_word)
        or _refused(" ".join(names[:-1] if last_may_be_a_word else names))
    ):
        return False
    if _inside_phrase(m, start) or _heading(m, start, end):
        return False
    if len(names) == 3 and names[1] in given:
        return True
    if len(names) == 3:
        # a middle name the gazetteer lacks (`Dang Quoc Minh approved`): with a cue, or the given name alone
        # would be flagged and the rest of the name left (a partial)
        return _context(m, start, end, strong=True) or _given_a_role(m, end, names)
    return len(names) == 2 and (
        _context(m, start, end, strong=True) or _listed_with_names(m, start, end) or _given_a_role(m, end, names)
    )


_LIST_LABEL = re.compile(
    r"(?i)^[ \t#>*-]*(?:attendees|participants|present|absent|reviewers|approvers|assignees|owners|on[ -]?call|"
    # (round twenty-eight) a meeting's roles: who led it, who wrote it down, who presented
    r"facilitator|note[ -]?taker|scribe|organi[sz]er|presenter|moderator|"
    r"people|team|members|cc|teilnehmer(?:innen)?|anwesend|participantes|asistentes|présents|deelnemers|"
    r"deltagare|participantes|uczestnicy|участники|参会人员?|出席者|참석자)[ \t]*:"
)


def _a_known_name_beside(line: str, value: str, given: frozenset[str], family: frozenset[str]) -> bool:
    """(round nineteen) In a labelled list of people (`Attendees: Lerato Mokoena, Anders Lindqvist`), another item is
    a name the gazetteer knows whole (a given name and a family name): the list is of people, so its other items of
    two or three capitalised words are people too, whether the gazetteer knows them or not."""
    items = re.split(r"[,;]|\band\b|\bund\b|\by\b|\bet\b|\bi\b|\be\b", line.split(":", 1)[-1])
    for item in items:
        words_ = item.strip(" \t#>*-.").split()
        if (
            len(words_) in (2, 3)
            and " ".join(words_) != value
            and words_[0] in given
            and _known_family(words_[-1], family)
            and words_[0].lower() not in _AMBIGUOUS
        ):
            return True
    return False


def _listed_with_names(m: re.Match[str], start: int, end: int) -> bool:
    """A name in a list of people: a line that a label names so (`Attendees: …`), or whose other items, split
    by commas, are known names (`Ayşe Demir, Lars Eriksson`)."""
    text = m.string
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", end)
    line = text[a : b if b >= 0 else len(text)]
    if len(line) > _NEAR_ITEMS * 2:
        # a one-line dump of many names (`gh … --json`): the items near this one, not the whole line each time
        line = text[max(a, start - _NEAR_ITEMS) : min(b if b >= 0 else len(text), end + _NEAR_ITEMS)]
    if "," not in line and ";" not in line and not _LIST_LABEL.match(line):
        return False
    if _LIST_LABEL.match(line):
        return True
    given, family = gazetteer()
    name = text[start:end]
    for item in re.split(r"[,;]|\band\b|\bund\b|\by\b|\bet\b", line):
        words_ = item.strip(" \t#>*-.").split()
        if (
            len(words_) in (2, 3)
            and " ".join(words_) != name
            and words_[0] in given
            and words_[-1] in family
            and words_[0].lower() not in _AMBIGUOUS
        ):
            return True
    return False


def _uncased_person(value: str, m: re.Match[str]) -> bool:
    from retell.secrets.personal import _PLACEHOLDER_PERSON

    if _PLACEHOLDER_PERSON.match(value):
        return False  # (round twenty-three) a stand-in in its own script (`ישראל ישראלי`)
    given, family = gazetteer()
    names = value.split()
    last = names[-1]
    if names[0] in _HEBREW_FUNCTION_WORDS:
        return False
    said = _UNCASED_SAID_AFTER.match(" " + last)
    if said is not None and said.end() == len(last) + 1:
        return False  # "לוי אמר" of "דוד לוי אמר": a name, then the verb said of it, is no name of two words
    # (round twenty-three) a Persian family name made with its joiner and a family suffix (`حسن‌زاده`,
    # `کریم‌پور`, `تقی‌نژاد`), then a verb said of a person in the script: the given name need not be known
    if (
        len(names) == 2
        and _PERSIAN_FAMILY.fullmatch(last)
        and names[0] not in _PERSIAN_FUNCTION_WORDS
        and _UNCASED_SAID_AFTER.match(m.string, m.end("uncased")) is not None
    ):
        return True
    # (an Arabic family name with its article, the gazetteer's without it or a tribe's or a place's nisba in -ي:
    # `الزهراني`, `القحطاني`)
    if names[0] in given and last.startswith("ال") and len(last) >= 5 and (last.endswith("ي") or last[2:] in family):
        return True
    if names[0] in given and last in family and names[0] != last:
        return True
    # (round twenty-one) one word the gazetteer knows, and the words around say a person is named: a verb of
    # speech after it in its own script (`… บอกว่า`, `… ने कहा`, `… אמרה`, `… قال`), or a person's cue before it
    # (`ask …`, `thanks …`, `cc …`)
    if not (names[0] in given or names[0] in family or last in given or last in family) or names[0] == last:
        return False
    text = m.string
    start, end = m.span("uncased")
    line_start = text.rfind("\n", 0, start) + 1
    return (
        _UNCASED_SAID_AFTER.match(text, end) is not None
        or _PERSON_ONLY_BEFORE.search(text[max(line_start, start - 40) : start]) is not None
    )


# what is said of a person right after their name, in the scripts with no case (Thai writes it glued on)
_UNCASED_SAID_AFTER = lazy(
    r"[ \t]*(?:บอก|พูด|แจ้ง|เขียน|ถาม|ตอบ|อนุมัติ|รีวิว|"  # Thai: said, told, wrote, asked, answered, approved
    r"ने[ \t]+(?:कहा|बताया|लिखा|पूछा)|ने\b|"  # Hindi: the agent's `ने` before what they said
    r"(?:বলেছে|বলেছেন|বলল|বললেন|লিখেছে|জানিয়েছে|জানাল)|"  # Bengali
    r"(?:אמר|אמרה|כתב|כתבה|ביקש|ביקשה|אישר|אישרה)(?![\u05d0-\u05ea])|"  # Hebrew
    r"(?:قال|قالت|كتب|كتبت|طلب|طلبت|وافق|وافقت|گفت|نوشت)(?![\u0600-\u06ff])|"  # Arabic, Persian
    # (round twenty-three) Persian: reviews, reviewed, approved, says (`بررسی می‌کند`, `تأیید کرد`, `می‌گوید`)
    r"(?:بررسی|تأیید|تایید|ریویو)[ \t]+(?:می[ \t\u200c]?کند|میکند|کرد|کرده|خواهد[ \t]+کرد)|می[ \t\u200c]?گوید|"
    r"گفته|نوشته|"
    r"(?:አለ|አለች|ብሏል|ብላለች|ጻፈ|ጻፈች))"  # Amharic
)


# -- a given name alone, where what is said around it is said of a person -------------------------------------

# (round twenty: after an `@` too, `@Nkechi said`, where no word or address runs into the `@`)
_ALONE = (
    rf"(?:(?<![\w/\\.$#'’-])(?<![\w/\\.$#'’-]@)(?P<alone>{_WORD})"
    rf"(?![\w@/\\(]|[-.]\w|[ \t]+(?:{_INITIAL}[ \t]+)?[{_UPPER}]))"
)
# the speaker of a line of notes or of a chat pasted with its times (`Priya: I'll take it`, `[09:14] Oksana: …`)
_SPEAKER = rf"(?m)^[ \t>*•-]*(?:\[?\d{{1,2}}:\d\d(?::\d\d)?\]?[ \t]+)?(?P<speaker>{_WORD})[ \t]*[:：][ \t]+\S"
_ALONE_KEYWORDS = (
    # (round twenty) a person met: `check with …`, `talked to …`
    "check with",
    "checked with",
    "confirm with",
    "sync with",
    "synced with",
    "talk to",
    "talked to",
    "talk with",
    "talked with",
    "spoke to",
    "spoke with",
    "chat with",
    "chatted with",
    "paired with",
    "met with",
    "reach out to",
    "reached out to",
    # (round eighteen) greetings in more languages
    "ciao",
    "salve",
    "buongiorno",
    "hej",
    "hei ",
    "moi ",
    "moin",
    "servus",
    "hoi ",
    "cześć",
    "czesc",
    "witaj",
    "ahoj",
    "szia",
    "olá",
    "ola ",
    "buenos",
    "buenas",
    "привет",
    "здравствуй",
    "merhaba",
    "selam",
    "chào",
    "halo ",
    "hai ",
    "γεια",
    "שלום",
    "مرحبا",
    "नमस्ते",
    "ask",
    "ping",
    "tell",
    "told",
    "thank",
    "thx",
    "kudos",
    "cc ",
    "cc:",
    "hi ",
    "hey ",
    "hello ",
    "dear ",
    "laut ",
    "frag",
    "danke",
    "hallo ",
    "según ",
    "pregunta",
    "pregúnta",
    "gracias",
    "hola ",
    "selon ",
    "demande",
    "merci",
    "bonjour",
    "salut ",
    "volgens ",
    "enligt ",
    "segundo ",
    "@",
    " said",
    " says",
    " asked",
    " approved",
    " merged",
    " reviewed",
    " wrote",
    " mentioned",
    " suggested",
    " thinks",
    " wants",
    " confirmed",
    " pinged",
    " replied",
    " agreed",
    " is out",
    " is away",
    " is off",
    " is on ",
    "'s ",
    "’s ",
    " sagt",
    " meint",
    " dice",
    " dijo",
    " a dit",
    " zei",
    " säger",
    " disse",
    # (round seventeen) Polish past tenses, Hinglish's `ne` before what was said or done
    " powiedzia",
    " zrobi",
    " napisa",
    " zatwierdzi",
    " zgłosi",
    " poprosi",
    " sprawdzi",
    " zmergowa",
    " zauważy",
    " znalaz",
    " zapyta",
    " odpisa",
    " naprawi",
    " ne bol",
    " ne kaha",
    " ne likha",
    " ne bataya",
    " ne p",
    " ne suggest",
    " ne approve",
    " ne review",
    " ne merge",
    " ne fix",
    # (round sixteen) asked, and addressed
    " gefragt",
    " gevraagd",
    " angerufen",
    " angeschrieben",
    " gebeten",
    "pregunt",
    "perguntei",
    "demandé",
    "chiesto",
    " can you",
    " could you",
    " would you",
    " will you",
    " please",
    " pls",
    "kannst du",
    "könntest du",
    "kun je",
    "kan je",
    "tu peux",
    "tu pourrais",
    "pourrais-tu",
    "peux-tu",
    "puedes",
    "podrías",
    "poderia",
    "puoi",
    "potresti",
)
# A single word is a name only with a strong cue: not `with`, `from`, `by` (`with Julia`, `from Jordan`).
_WEAK_BEFORE = lazy(r"(?i)\b(?:with|from|by|per|von|mit|bei|par|call|message|email|e-mail|owner)[ \t]*,?[ \t]*$")
# (round twenty) but `with` and `to` after a verb said only of meeting a person are strong: `check with Ingrid`,
# `I talked to Abebe`, `sync with Yerlan`
_MET_BEFORE = re.compile(
    r"(?i)\b(?:check(?:ed)?|confirm(?:ed)?|sync(?:ed)?|talk(?:ed)?|spoke|speak|chat(?:ted)?|pair(?:ed)?|"
    r"met|meet(?:ing)?|reach(?:ed)?[ \t]+out)[ \t]+(?:with|to)[ \t]*$"
)
# What is said only of a person, around a word the gazetteer does not know (a product is asked, pinged, thanked
# and has branches too, so not those alone: `ask Jenkins`, `Grafana's dashboard`): the verbs of people's talk and
# review after it, their own things after an `'s`, or a word before that only a person is addressed with.
_PERSON_ONLY_AFTER = re.compile(
    r"(?i)(?:['’]s[ \t]+(?:review|pr|pull[ \t]+request|branch|comment|feedback|suggestion|laptop|approval|idea|"
    r"question|answer|message|email|notes)\b|"
    r"[ \t]*,?[ \t]+(?:(?:also|just|already|still|has|had)[ \t]+)?(?:said|says|asked|asks|approved|reviewed|"
    r"mentioned|suggested|thinks|thought|replied|agreed|disagreed|pinged|signed[ \t]+off|"
    r"is[ \t]+(?:out|away|off|on[ \t]+(?:leave|vacation|holiday|pto))|"
    # (round twenty-two) the same verbs of talk and review in the languages authors write in
    r"sagt|sagte|meint|meinte|reviewt|dice|dijo|dit|zegt|säger|disse|diz|szerint|mondta|каже|сказав|сказала|"
    r"говорит|сказал|считает|вважає|diyor|dedi|söyledi|říká|řekl|řekla|mówi|powiedział|powiedziała|uważa|bilang|"
    r"ha[ \t]+detto)\b)"
)
_PERSON_ONLY_BEFORE = re.compile(
    r"(?i)(?:\b(?:ask|asked|ping|pinged|tell|told|cc|dm|thanks|thank[ \t]+you|thx|kudos[ \t]+to|dear|"
    r"frag|pregúntale[ \t]+a|demande[ \t]+à|" + _SALUTATIONS + r")"
    r"[ \t]*[,:]?[ \t]*$)"
)
# a greeting is said to a world too (`Hola Mundo`, `Ciao Mondo`, `Danke Schön`): with a request after the word only
_GREETING_BEFORE = re.compile(
    r"(?i)\b(?:hi|hey|hello|hallo|hola|bonjour|salut|ciao|hej|cześć|привет|merhaba|olá|oi)[ \t]*,?[ \t]*$"
)


def _alone_person(value: str, m: re.Match[str]) -> bool:
    if len(value) < 3 or value.lower() in _AMBIGUOUS or value.lower() in _PRODUCTS:
        return False
    given, _ = gazetteer()
    if _refused(value):
        return False
    start, end = m.span("alone")
    if value not in given:
        return _unknown_given(value, m, start, end)
    return _context(m, start, end, strong=True)


# Products and services a session names where a person could stand (`ask Kubernetes`, `Dependabot's PR`), which
# are in no English dictionary; the dictionary refuses the rest (`Jenkins`, `Stripe`, `Renovate`).
_SERVICES = words(
    """
    kubernetes github gitlab bitbucket jira confluence vercel netlify heroku datadog pagerduty opsgenie nginx
    postgres postgresql mysql sqlite mongodb grafana dependabot renovatebot sonarqube sonarcloud snyk codecov
    coveralls npm pnpm yarn supabase firebase cloudflare okta auth0 sendgrid twilio mailgun mailchimp zapier notion
    asana trello figma chatgpt openai anthropic perplexity windsurf codex aws azure gcp gke eks aks argocd
    fastapi pytest pydantic numpy webpack vite eslint prettier typescript javascript golang kotlin graphql
    circleci buildkite teamcity bamboo jfrog artifactory nexus sentry bugsnag rollbar newrelic honeycomb
    posthog mixpanel amplitude segment intercom zendesk hubspot salesforce shopify magento wordpress drupal
    linkedin youtube whatsapp telegram discord slack msteams zoom webex kafka rabbitmq celery airflow dagster
    prefect dbt snowflake databricks bigquery redshift clickhouse elasticsearch opensearch kibana logstash
    fluentd vector tailscale wireguard openvpn ngrok localstack minio ceph longhorn istio linkerd envoy traefik
    caddy haproxy keycloak vaultwarden bitwarden lastpass onepassword dashlane gemini mistral llama deepseek
    qwen claude copilot cursor replit lovable bolt devin
    """
)
_NAME_SHAPE = re.compile(r"[^\W\d_][\u0300-\u036f]*(?:[^\W\d_A-Z][\u0300-\u036f]*){2,13}")


def _unknown_given(value: str, m: re.Match[str], start: int, end: int) -> bool:
    """(round twenty) A given name the gazetteer lacks (`Oluwaseun`, `Bartosz`, `Tsegaye`, `Priyanka`): one
    capitalised word, small letters after its capital, in no English dictionary and no product's name, where what
    is said around it is said only of a person (`ask …`, `@… said`, `…'s review`, `check with …`)."""
    if not _NAME_SHAPE.fullmatch(value) or any(c.isupper() for c in value[1:]):
        return False
    folded = value.lower()
    if folded in _SERVICES or folded in _AMBIGUOUS or folded in _PRODUCTS:
        return False
    # the cue first, the dictionary last: it is loaded only where a person's cue stands beside an unknown word
    return _said_only_of_a_person(m, start, end) and not english_word(folded)


# "Así, dijo, se resuelve…", "So, he said, it…": a verb of saying between two commas is an aside inside the sentence,
# whose first word is none of the speaker's (blind43's drafter: a Spanish section refused as naming "Así")
_ASIDE = re.compile(r"[ \t]*,[ \t]+\w+[ \t]*,")


def _said_only_of_a_person(m: re.Match[str], start: int, end: int) -> bool:
    text = m.string
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 40) : start]
    if _PERSON_ONLY_BEFORE.search(before) or _MET_BEFORE.search(before) or _DONE_BY_BEFORE.search(before):
        return True
    if _GREETING_BEFORE.search(before) and _ADDRESSED_AFTER.match(text, end):
        return True
    said = _PERSON_ONLY_AFTER.match(text, end, min(len(text), end + 60))
    if said is None or _ASIDE.match(text, end, min(len(text), said.end() + 4)):
        return False
    # after it, the verb: the word starts its clause (not `the Kafka said`), a handle's `@` or a list's comma may
    # stand before it
    return (
        not before.strip()
        or before.rstrip().endswith(("@", ",", ";", ".", "!", "?", ":", "per", "and", "but"))
        or _CLAUSE_OPENER_BEFORE.search(before) is not None
    )


# (round thirty-one) a word that opens a clause, whose subject the name then is: `as Oluwaseun Adebayo suggested`,
# `since Tavita Faleolo approved`, `once … merged`, `like … said`
_CLAUSE_OPENER_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:as|like|since|because|when|after|before|until|once|unless|that|what|so|or|wie|comme|como)"
    r"[ \t]+$"
)


# (round eighteen) a family name after the honorific a letter or a form addresses a person with (`Dear Mr. Okonkwo`,
# `Sehr geehrter Herr Schneider`, `Mme Lefebvre`, `Pani Nowak`): the honorific says a person is named, the gazetteer
# that the word is a family name. The honorific goes with it: `Mr. [REDACTED]` still names no one, but a reader
# of `Dear Mr. Okonkwo` has the whole of it.
_HONORIFIC = (
    r"(?:Mr|Mrs|Ms|Mx|Dr|Prof|Herr|Herrn|Frau|Mme|Mlle|Mevr|Dhr|Sra|Srta|Sig|Sig\.ra|Pan|Pani|Pana|Panią|"
    r"Monsieur|Madame|Señor|Señora|Signor|Signora|Senhor|Senhora)"
)
# (round twenty-one) a handle made of a person's names, `@tavita.faleolo`, `@kaveh_bagheri`: two or three words of
# small letters joined by `.` or `_`, where a person is spoken to or of (`ask @…`, `@… can you`), or whose words
# the gazetteer knows as a given and a family name; a bot's or a team's words are a dictionary's (`@release_bot`)
_NAMED_HANDLE = r"(?<![\w@/.-])@(?P<handle>[a-z]{2,}[._][a-z]{2,}(?:[._][a-z]{2,})?)(?![\w/@-]|\.\w)"


# what a bot's, a team's or a role's handle is made of (`@release_bot`, `@infra_oncall`, `@dev_ops`)
_MACHINE_WORDS = words(
    "bot bots ci cd ops devops dev devs admin admins alerts alert noreply team teams squad infra sre oncall deploy "
    "build builds release releases bors auto svc service"
)


def _handle_person(value: str, m: re.Match[str]) -> bool:
    parts = re.split(r"[._]", value)
    if any(p in _SERVICES or p in _PRODUCTS or p in _AMBIGUOUS or p in _MACHINE_WORDS for p in parts):
        return False
    given, family = gazetteer()
    known = parts[0].title() in given and _known_family(parts[-1].title(), family)
    if not known and not _handle_said_of_a_person(m):
        return False
    return known or not all(english_word(p) for p in parts)


def _handle_said_of_a_person(m: re.Match[str]) -> bool:
    text = m.string
    start, end = m.start(), m.end("handle")
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 40) : start]
    return bool(
        _PERSON_ONLY_BEFORE.search(before)
        or _MET_BEFORE.search(before)
        or (not before.strip() and _ADDRESSED_AFTER.match(text, end))
        or _PERSON_ONLY_AFTER.match(text, end, min(len(text), end + 60))
    )


_TITLED = rf"(?<![\w.])(?P<titled>{_HONORIFIC}\.?[ \t]+{_WORD})(?![\w'’-]|\.\w|[ \t]+(?:{_INITIAL}[ \t]+)?[{_UPPER}])"


# (round forty-two) Indonesian and Malay address a person by a word for who they are to the speaker and a given name
# (`Bu Dewi Lestari`, `Mbak Ratna`, `Pak Budi`): a motorbike workshop's customer list and its reminders (fresh47),
# where the form and a name the gazetteer knows say a person is named
_ID_TITLED = (
    rf"(?<![\w.])(?P<idtitled>(?:Bu|Ibu|Pak|Bapak|Mbak|Mas|Kak|Bang|Teh|Cik|Encik|Puan)[ \t]+{_WORD}"
    rf"(?:[ \t]+{_WORD})?)(?![\w'’-])"
)


def _id_titled_person(value: str, m: re.Match[str]) -> bool:
    names = value.split()[1:]
    first = names[0]
    if len(first) < 3 or first.lower() in _AMBIGUOUS or first.lower() in _PRODUCTS or _refused(first):
        return False
    given, family = gazetteer()
    return (first in given or names[-1] in family) and not all(english_word(n.lower()) for n in names)


def _titled_person(value: str, m: re.Match[str]) -> bool:
    from retell.secrets.personal import _PLACEHOLDER_PERSON

    surname = value.split()[-1]
    if _PLACEHOLDER_PERSON.match(value):
        return False  # (round twenty-three) a brand that wears its founder's title (`Dr. Martens`)
    if len(surname) < 3 or surname.lower() in _AMBIGUOUS or surname.lower() in _PRODUCTS or _refused(surname):
        return False
    _, family = gazetteer()
    return _known_family(surname, family)


# (round eighteen) a message signed with a given name alone under its sign-off (`Cheers,` / `Priya`, `Pozdrawiam,` /
# `Tomasz`): the writer's name, as a full name there already is
_SIGNED_ALONE = (
    r"(?m)^[ \t>]*(?i:" + _VALEDICTIONS + r")[ \t]*[,!.]?[ \t]*\r?\n(?:[ \t>]*(?:--)?[ \t]*\r?\n)?[ \t>]*"
    r"(?P<signed>" + _WORD + r")[ \t]*[.!]?[ \t]*$"
)


def _signed_person(value: str, m: re.Match[str]) -> bool:
    if len(value) < 3 or value.lower() in _AMBIGUOUS or value.lower() in _PRODUCTS or _refused(value):
        return False
    given, _ = gazetteer()
    return value in given


def _speaker_person(value: str, m: re.Match[str]) -> bool:
    if len(value) < 3 or value.lower() in _AMBIGUOUS or value.lower() in _PRODUCTS or _refused(value):
        return False
    start, end = m.span("speaker")
    given, _ = gazetteer()
    if value not in given:
        # a chat pasted with its times (`[09:14] Oksana: …`): the writer's name, whatever it is
        return _timed_speaker(m, start, end)
    return _speaker(m, start, end) or _timed_speaker(m, start, end)


# -- names in scripts written without spaces: Chinese, Japanese, Korean ---------------------------------------

# Chinese: a family name and a two-character given name the gazetteer knows, beside what is said of a person
# (`是林雅婷写的`, `跟林雅婷确认`, `王小明说`), or standing apart from other Han characters.
_HAN_BEFORE = "是跟和与與问問找让讓请請给給被由向叫@、，,：:（(「“\"' \t\n"
_HAN_AFTER = (
    "写寫说說的确確负負同提审審在也已会會要和与與、，,。：:）)」”\"' \t\n觉覺讲講问問回看改来來"
    "讨討沟溝商联聯核聊对對"  # (round twenty-one: the verbs of talk, `跟王思远讨论`)
)
_HAN = (
    r"(?:(?<=[" + re.escape(_HAN_BEFORE) + r"])|^)"
    r"(?=(?P<han>[\u4e00-\u9fff]{3,4}?)(?:[" + re.escape(_HAN_AFTER) + r"]|$))"
)
# Japanese: a family name the gazetteer knows, then an honorific (`田中さん`, `佐藤様`), or family and given.
# (a given name in kana joined to the family name never starts with a particle: in `この部分は田中さん` the match
# would start at `部分` and run over `は`, and the name after it was never tried)
_JA = (
    r"(?<![\u4e00-\u9fff々])(?P<ja>[\u4e00-\u9fff々]{1,3}(?:[ \t\u3000][\u4e00-\u9fff々\u3040-\u30ff]{1,3}|"
    r"(?![はがのをにともでへや])[\u4e00-\u9fff々\u3040-\u30ff]{1,3})?)"
    rf"(?={JA_HONORIFIC})"
)
# Korean: a family name and a given name the gazetteer knows, as one word, perhaps with a particle or title.
_KO = (
    r"(?<![\uac00-\ud7a3])(?P<ko>[\uac00-\ud7a3]{2,3})"
    r"(?=(?:님|씨|선배|후배)?(?:이|가|은|는|에게|한테|과|와|의|을|를|도|께서|께|이랑|랑)?(?![\uac00-\ud7a3]))"
)


# A name of two characters (a common family name and a one-character given name: `张伟`, `王芳`): so short, so many
# words look like one (`白天`, `文明`), that both sides must say it is a person's: what comes before (`是`, `跟`,
# `问`, the start of a sentence) and a verb said of a person right after (`张伟写的`, `跟王芳确认`, `李娜说`).
_HAN2 = (
    r"(?:(?<=[" + re.escape(_HAN_BEFORE) + r"。！？!?；;])|^)"
    r"(?P<han2>" + _CJK_SURNAME + r"[\u4e00-\u9fff])"
    r"(?=写|寫|说|說|讲|講|确认|確認|负责|負責|提的|提了|提过|提過|审|審|发现|發現|觉得|覺得|改的|改了|回复|回覆|"
    r"同意|批准|合并|合併|修的|修了|做的|加的|建议|建議|问过|問過|告诉|告訴|知道|在做|在改|在查|"
    # round thirteen: a time word between the name and its verb (`是许静上周改的`), and a commit's verbs
    r"(?:上周|上週|昨天|今天|前天|刚才|剛才|上个月|上個月|去年|早上|上午|下午|晚上|周[一二三四五六日]|星期[一二三四五六日天])"
    r"(?:写|寫|说|說|改|修|做|加|提|删|刪|合|弄|搞|动|動|上线|部署|发|發)|提交|引入|删的|刪的|删了|刪了|动过|動過)"
)
# Two characters that are words, and start as a family name does (a time, a sense, a thing).
_HAN2_WORDS = words(
    "白天 周末 周日 周一 周五 上午 上周 上次 上面 高兴 方便 明白 文明 马上 黄金 金色 石头 江湖 龙头 万一 司机 严重 "
    "向上 孔子 高手 高级 余下 程序 任何 任务 朱红 付费 范围 段落 雷达 史上 夏天 毛病 于是 许多 何时 何必 田里 "
    "董事 曾经 张开 陈述 钱包 万物 欧洲 阳光"
)


def _stand_in(value: str) -> bool:
    from retell.secrets.personal import _PLACEHOLDER_PERSON

    return _PLACEHOLDER_PERSON.match(value) is not None


def _han2_person(value: str, m: re.Match[str]) -> bool:
    given, family = gazetteer()
    if _stand_in(value):
        return False  # (round twenty-six) a form's example name (`山田太郎`, `张三`, `홍길동`)
    return value not in _HAN2_WORDS and value[0] in family and value[1] in given


# Family names of two characters (复姓): their given name may be one character (`司马云`, `诸葛明`).
_COMPOUND_SURNAMES = words(
    "欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 司徒 东方 東方 皇甫 夏侯 令狐 慕容 尉迟 尉遲 长孙 長孫 宇文 公孙 公孫 轩辕 "
    "軒轅 澹台 独孤 獨孤 南宫 南宮 端木 闻人 聞人 呼延 申屠 西门 西門 钟离 鍾離 赫连 赫連 万俟 百里 东郭 東郭"
)


def _han_person(value: str, m: re.Match[str]) -> bool:
    given, family = gazetteer()
    if _stand_in(value):
        return False  # (round twenty-six) a form's example name (`山田太郎`, `张三`, `홍길동`)
    if value[:2] in _COMPOUND_SURNAMES and 1 <= len(value) - 2 <= 2:
        return True
    if any(value[:cut] in family and value[cut:] in given and len(value) - cut >= 2 for cut in (1, 2)):
        return True
    # (round twenty-one) a given name the gazetteer lacks, where only a person stands: talked with (`跟`, `和`, `找`,
    # `与`) before, a verb of talk after (`跟王思远确认一下`, `找刘俊熙讨论`, `和陈雨桐沟通过`)
    start, end = m.span("han")
    text = m.string
    if (
        len(value) == 3
        and _CHINESE_FULL_NAME.fullmatch(value) is not None
        and (start == 0 or text[start - 1] in "。！？!?；;\n")
        and _HAN_SAID_AFTER.match(text, end) is not None
        and _HAN_NOUN_END.search(value) is None
    ):
        return True  # (round twenty-eight) a sentence's subject, then what only a person does (`王浩然说…`)
    return (
        len(value) == 3
        and _CHINESE_FULL_NAME.fullmatch(value) is not None
        and text[start - 1 : start] in ("跟", "和", "与", "與", "找")
        and _HAN_TALK_AFTER.match(text, end) is not None
    )


# (round twenty-eight) what a person does, said right after a name that starts its sentence: said (not `说明`, an
# explanation), committed, wrote, thinks, suggested, pointed out, approved; a noun's last character (`程序员`, a
# programmer; `白名单`, an allow list) says it is no name
_HAN_SAID_AFTER = lazy(
    r"(?:说|說)(?!明|实话|實話|真的|白了|到底|起来|起來)|提交了|提交的|写的|寫的|改的|认为|認為|觉得|覺得|建议|建議|指出|反馈|反饋|确认过|確認過|"
    r"同意了|批准了|审核|審核|发现了|發現了|负责|負責|回复|回覆|提到"
)
_HAN_NOUN_END = re.compile(
    r"[员員者们們器库庫表类類件型式法论論单單层層端码碼线線量性率机機版包页頁框图圖程序器具品区區]$"
)


# (round twenty-eight) A Chinese name thanked (`感谢王建国的建议`, `谢谢刘伟帮忙`, `多谢陈晓明提供的日志`): a
# family name and one or two characters right after the word of thanks, up to what the thanks is for (`的`, a verb
# of help) or the clause's end; not a title (`感谢张老师`, `谢谢李总`) nor a word (`感谢万分`).
_HAN_THANKS = (
    r"(?:感谢|感謝|谢谢|謝謝|多谢|多謝|致谢|致謝)(?:一下|[:：][ \t]*)?(?P<thanked>"
    + _CJK_SURNAME
    + r"[\u4e00-\u9fff]{1,2}?)"
    r"(?=的|帮|幫|提供|指出|分享|发现|發現|找到|修|写|寫|做|审|審|给|給|对|對|在|一直|[，,。！!、；;：:\s)）]|$)"
)
_HAN_TITLES = re.compile(
    r".(?:老师|老師|老板|老闆|总|總|经理|經理|同学|同學|先生|女士|哥|姐|工|老|总监|總監|大佬|师傅|師傅)$"
)


def _thanked_person(value: str, m: re.Match[str]) -> bool:
    return not (_stand_in(value) or value in _HAN2_WORDS or _HAN_TITLES.match(value) or value in ("万分", "萬分"))


_HAN_TALK_AFTER = lazy(r"确认|確認|讨论|討論|沟通|溝通|商量|对一下|對一下|联系|聯繫|聊过|聊過|同步|核对|核對")


_CHINESE_FULL_NAME = re.compile(_CJK_SURNAME + r"[\u4e00-\u9fff]{2}")


def _ja_person(value: str, m: re.Match[str]) -> bool:
    given, family = gazetteer()
    if _stand_in(value):
        return False  # (round twenty-six) a form's example name (`山田太郎`, `张三`, `홍길동`)
    parts = value.replace("\u3000", " ").split()
    if len(parts) == 2:
        # family and given written apart before an honorific (`藤本 葵さん`): the space says it is a name's parts
        written_apart = re.fullmatch(r"[\u4e00-\u9fff々]{2,3}", parts[0]) and re.fullmatch(
            r"[\u4e00-\u9fff々]{1,2}|[\u3040-\u309f]{2,3}", parts[1]
        )
        return bool(written_apart) or (parts[0] in family and parts[1] in given)
    if value in family or any(value[:cut] in family and value[cut:] in given for cut in range(1, len(value))):
        return True
    # (round twenty-six) a family name the gazetteer knows and a given name it lacks, before the honorific that says
    # a person is named (`佐藤陽菜さん`, `小林あおいさん`): one or two kanji, or two or three kana; not a title
    # between the name and the honorific (`田中部長さん` names the family name only)
    if any(
        value[:cut] in family and _JA_GIVEN_SHAPE.fullmatch(value[cut:]) is not None and value[cut:] not in _JA_TITLES
        for cut in range(1, min(len(value), 4))
    ):
        return True
    # a Chinese name given a Japanese honorific (`许晓燕さん`): a common Chinese family name and two characters
    return _CHINESE_FULL_NAME.fullmatch(value) is not None


_JA_GIVEN_SHAPE = re.compile(r"[\u4e00-\u9fff々]{1,2}|[\u3040-\u309f]{2,3}")
_JA_TITLES = words(
    "部長 課長 社長 係長 主任 先輩 後輩 店長 所長 会長 室長 局長 次長 専務 常務 教授 博士 選手 監督 議員 家 一家 さま "
    "さん くん ちゃん 様 氏 君 担当 先生 本人"
)


_KO_NOT_NAMES = words("고객 선생 사장 부장 과장 차장 대리 팀장 실장 회장 교수 원장 이사 형님 사용자 관리자 여러분")


def _ko_person(value: str, m: re.Match[str]) -> bool:
    given, family = gazetteer()
    if _stand_in(value):
        return False  # (round twenty-six) a form's example name (`山田太郎`, `张三`, `홍길동`)
    if value in _KO_NOT_NAMES or len(value) != 3:
        return False
    if value[0] in family and m.string.startswith(("님", "씨"), m.end("ko")):
        return True  # an honorific says a person is named, whether the gazetteer knows the given name or not
    return value[0] in family and value[1:] in given


@dataclass(frozen=True)
class _RunRule(Rule):
    """A rule tried only at the capitalised words of a run of them, each in turn (`Yesterday Wei Zhang`: at
    `Yesterday`, then at `Wei`): its regex is a lookahead, which no engine can skip ahead to."""

    def matches(self, text: str, near: list[tuple[int, int]] | None = None) -> Iterator[re.Match[str]]:
        for run in _RUN.finditer(text):
            for word in re.finditer(r"(?:^|(?<=[ \t]))\S", run.group(0)):
                if word.group(0).isupper():
                    m = self.pattern.match(text, run.start() + word.start())
                    if m is not None:
                        yield m


@dataclass(frozen=True)
class _ScriptRule(Rule):
    """A rule for names in a script of its own: a text of ASCII alone (most code and output) holds none, and
    asking is free (Python keeps whether a string is ASCII)."""

    def may_match(self, text: str) -> bool:
        return not text.isascii() and super().may_match(text)


# (round twenty-six) Thai: a title glued to the given name (`คุณ`, `นาย`, `นาง`, `นางสาว`, `ดร.`), a space, the
# family name, then what the person did (`คุณสมชาย วงศ์สกุล เป็นคนเขียน…`, wrote it; `บอกว่า`, said). `คุณ` is also
# "you" (`คุณสามารถ …`, you can): the verb after the two words, or a part the gazetteer knows, says a person is named.
# The `คุณ` that ends `ขอบคุณ` (thank you) is no title: "ขอบคุณค่ะ อีกอย่างนึงค่ะ" (thanks, one more thing) was flagged
# as a person, thanked (fresh42's homestay, stop 62); a particle (`ค่ะ`, `ครับ`) is no given name either.
_THAI = (
    r"(?:(?<!ขอบ)คุณ|นางสาว|นาย|นาง|ดร\.)(?P<thai>[\u0e01-\u0e4e]{2,15}[ \t]+[\u0e01-\u0e4e]{3,20})"
    r"(?P<after>[ \t]*(?:เป็นคน|บอก|เขียน|ขอ|แก้|รีวิว|อนุมัติ|ถาม|ส่ง|ดูแล|รับผิดชอบ|แจ้ง|เคย|ช่วย|ตอบ|คอมมิต|"
    r"เมิร์จ|สร้าง|เพิ่ม|ลบ|เป็นเจ้าของ|ครับ|ค่ะ|คะ)|[ \t]*[,，])?"
)
# words that start with `คุณ` and are no title (`คุณภาพ`, quality; `คุณสมบัติ`, a property; `คุณค่า`, value)
_THAI_NOT_GIVEN = re.compile(r"ภาพ|สมบัติ|ค่า|ประโยชน์|ลักษณะ|วุฒิ|ธรรม|ความ|ต้อง|สามารถ|จะ|ได้|ก็|ไม่|ช่วย|ลอง|ควร|ค่ะ|คะ|ครับ|นะ")
# what is said before a person: asked (`ถาม`), thanked (`ขอบ`, of `ขอบคุณ`), contacted, by, with, for
_THAI_BEFORE = re.compile(r"(?:ถาม|ขอบ(?:คุณ)?|ติดต่อ|โดย|กับ|ให้|ของ|จาก|แจ้ง|บอก|cc:?)[ \t]*$")


def _thai_person(value: str, m: re.Match[str]) -> bool:
    given, family = gazetteer()
    first, last = value.split()[0], value.split()[-1]
    if _THAI_NOT_GIVEN.match(first):
        return False
    before = _THAI_BEFORE.search(m.string, max(0, m.start() - 12), m.start()) is not None
    return m.group("after") is not None or before or first in given or last in family


# (round thirty-two) a person's name as a path's folder or file is made from it, in small letters with a hyphen
# (`docs/1on1/aino-heikkila/`, `people/liang-xiuying.md`): a given and a family name the gazetteer knows (either
# order: `liang-xiuying` is family name first), not both English words (`page-field`, `will-young` are a theme's)
_SLUG = r"(?<=/)(?P<slug>[a-z]{3,}-[a-z]{3,})(?=/|\.[a-z]{1,5}\b)"


def _slug_person(value: str, m: re.Match[str]) -> bool:
    first, second = (w.capitalize() for w in value.split("-"))
    given, family = gazetteer()
    named = ((first in given or _open_syllables(first)) and _known_family(second, family)) or (
        first in family and second in given
    )
    # (the English list loads only for a slug the gazetteer reads as a name: ~0.2 s)
    return named and not (english_word(first.lower()) and english_word(second.lower()))


PROSE_NAME_RULES: tuple[Rule, ...] = (
    Rule(
        "person-name",
        PII,
        _SLUG,
        ("/",),
        group="slug",
        accept=_slug_person,
        replacement="[REDACTED:person-name]",
        rule_id="name-as-a-path-slug",
        prefilter=r"/[a-z]{3,}-[a-z]{3,}[/.]",
    ),
    _ScriptRule(
        "person-name",
        PII,
        _THAI,
        ("คุณ", "นาย", "นาง", "ดร."),
        group="thai",
        accept=_thai_person,
        replacement="[REDACTED:person-name]",
        rule_id="thai-titled-name",
        at_keyword=True,  # (a match starts at its title: tried there only)
    ),
    _RunRule(
        "person-name",
        PII,
        _PAIR,
        (),
        group="pair",
        accept=_pair_person,
        replacement="[REDACTED:person-name]",
        rule_id="gazetteer-name",
        always=True,  # (tried only in runs of capitalised words: _RunRule)
    ),
    _ScriptRule(
        "person-name",
        PII,
        _UNCASED_PAIR,
        (),
        group="uncased",
        accept=_uncased_person,
        replacement="[REDACTED:person-name]",
        rule_id="gazetteer-uncased-name",
        always=True,
        prefilter=_UNCASED_WORD + r"[ \t]+" + _UNCASED_WORD,
    ),
    Rule(
        "person-name",
        PII,
        _ALONE,
        _ALONE_KEYWORDS,
        group="alone",
        accept=_alone_person,
        replacement="[REDACTED:person-name]",
        rule_id="given-name-alone",
        window=(50, 50),
    ),
    Rule(
        "person-name",
        PII,
        _SIGNED_ALONE,
        _VALEDICTION_KEYWORDS,
        group="signed",
        accept=_signed_person,
        replacement="[REDACTED:person-name]",
        rule_id="given-name-signed",
        window=(60, 40),
    ),
    Rule(
        "person-name",
        PII,
        _NAMED_HANDLE,
        ("@",),
        group="handle",
        accept=_handle_person,
        replacement="[REDACTED:person-name]",
        rule_id="named-handle",
        window=(50, 60),
    ),
    Rule(
        "person-name",
        PII,
        _TITLED,
        (
            "mr",
            "mrs",
            "ms",
            "mx",
            "dr",
            "prof",
            "herr",
            "frau",
            "mme",
            "mlle",
            "mevr",
            "dhr",
            "sra",
            "sig",
            "pan",
            "monsieur",
            "madame",
            "señor",
            "signor",
            "senhor",
        ),
        group="titled",
        accept=_titled_person,
        replacement="[REDACTED:person-name]",
        rule_id="family-name-after-honorific",
        window=(5, 40),
    ),
    Rule(
        "person-name",
        PII,
        _ID_TITLED,
        ("bu ", "ibu ", "pak ", "bapak ", "mbak ", "mas ", "kak ", "bang ", "teh ", "cik ", "encik ", "puan "),
        group="idtitled",
        accept=_id_titled_person,
        replacement="[REDACTED:person-name]",
        rule_id="name-after-an-indonesian-form-of-address",
        window=(5, 40),
    ),
    Rule(
        "person-name",
        PII,
        _SPEAKER,
        (": ", "：", ":\t"),
        group="speaker",
        accept=_speaker_person,
        replacement="[REDACTED:person-name]",
        rule_id="speaker-name",
        # (a name's letters, and the apostrophes and hyphens the regex lets in: `O'Brien:`, `Jean-Luc:`)
        prefilter=rf"(?m)^[ \t>*•-]*(?:\[?\d{{1,2}}:\d\d(?::\d\d)?\]?[ \t]+)?[{_UPPER}](?:[^\W\d_]|['’-])+"
        r"[ \t]*[:：][ \t]",
    ),
    _ScriptRule(
        "person-name",
        PII,
        _HAN,
        (),
        group="han",
        accept=_han_person,
        replacement="[REDACTED:person-name]",
        rule_id="han-name",
        always=True,
        prefilter=r"[\u4e00-\u9fff]{3}",
    ),
    _ScriptRule(
        "person-name",
        PII,
        _HAN2,
        (),
        group="han2",
        accept=_han2_person,
        replacement="[REDACTED:person-name]",
        rule_id="han-two-character-name",
        always=True,
        # (a time word's first character too: `许静上周改的`, `钱磊昨天提交的`)
        prefilter=_CJK_SURNAME
        + r"[\u4e00-\u9fff][写寫说說讲講确確负負提审審发發觉覺改回同批合修做加建问問告知在"
        + r"上昨今前刚剛去早下晚周星引删刪动動]",
    ),
    _ScriptRule(
        "person-name",
        PII,
        _VI_FOUR,
        tuple(sorted({w.lower() for w in _VI_FAMILIES})),
        group="vi4",
        accept=_vietnamese_four,
        replacement="[REDACTED:person-name]",
        rule_id="vietnamese-four-word-name",
        at_keyword=True,  # (a match starts at its family name: tried there only)
    ),
    _ScriptRule(
        "person-name",
        PII,
        _HAN_THANKS,
        ("感谢", "感謝", "谢谢", "謝謝", "多谢", "多謝", "致谢", "致謝"),
        group="thanked",
        accept=_thanked_person,
        replacement="[REDACTED:person-name]",
        rule_id="han-thanked-name",
        at_keyword=True,  # (a match starts at its word of thanks: tried there only)
    ),
    _ScriptRule(
        "person-name",
        PII,
        _JA,
        ("さん", "様", "さま", "氏", "先生", "くん", "君", "ちゃん"),
        group="ja",
        accept=_ja_person,
        replacement="[REDACTED:person-name]",
        rule_id="japanese-name",
        window=(12, 4),
    ),
    _ScriptRule(
        "person-name",
        PII,
        _KO,
        (),
        group="ko",
        accept=_ko_person,
        replacement="[REDACTED:person-name]",
        rule_id="korean-name",
        always=True,
        prefilter=r"[\uac00-\ud7a3]{3}",
    ),
)
