"""Claude's reading told as fact: a sentence of the post that tells, with no hedge and not as Claude's, a cause, a
state or an explanation that in the session only Claude (or a subagent) stated, no tool output before it showing
it ("Vika oli LATERAL-alikyselyssä, koska `ORDER BY paivitetty` on ilman `DESC`:iä" where only Claude's e5 says
so, the file's lines never shown).

The form is read, not the meaning. The post's sentence and a sentence of a cited message of Claude's share words
(heads of four letters, accents folded, so "filtrava" meets "filtered"; character pairs in Chinese, Japanese and
Korean; code spans) that no output, diff or search Claude had seen by then holds, nor the author's words, nor a
tool event the paragraph cites: what they share is Claude's alone. A sentence that hedges or gives the words to
Claude or a subagent is told as a reading; the words that do so are a table by language (`ATTRIBUTION`): a new
language is an entry there, not code. Low confidence: the model (`--verify`) may clear it, and is told which
sentences of the cited events were only Claude's reading (`claude_readings`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.claims import Claim
from retell.check.document import PARAGRAPH, Block
from retell.check.order import sentences
from retell.check.sources import TOOL, Source, Sources
from retell.check.text import (
    CODE_SPAN,
    STOPWORDS,
    code_spans,
    folded,
    lettered,
    one_line,
    unquoted_text,
    words,
    wordset,
)
from retell.check.verdict import LOW, UNTRACED, Finding
from retell.extract.title_forms import VIETNAMESE

READING = "claim"

# The words by which a post hedges a statement or gives it to Claude (or a subagent), by language: one entry per
# language, each a string of regular expressions split on spaces, matched case-blind (`\s` for a space within
# one; Latin-script entries as whole words, a trailing `\w*` for inflection). A sentence holding any of them
# tells a reading as one.
ATTRIBUTION: dict[str, str] = {
    "en": (
        r"checklist hint advice tip said says suggest\w* propos\w* recommend\w* offer\w* plans? planned "
        r"design summary summari\w+ reasoning answer\w* message report\w* listed flagged described warned "
        r"pointed\sout laid\sout framed would was\sto were\sto its his her he she they claude\w* subagents? "
        r"sub-agents? agents? assistant model "
        r"it\s(?:said|says|thought|reckoned|read|guessed|figured|concluded|reasoned|explained|suspected|assumed|"
        r"believed|wrote|noted|reported|claimed) "
        r"probably likely presumably possibly perhaps maybe might may could seem\w* appear\w* apparently "
        r"supposedly guess\w* suspect\w* suspicion hunch theory hypothes\w+ reckon\w* thought thinks? "
        r"believed? reading according account explanation diagnos\w+ assum\w+ conclu\w+ inferr?\w* expect\w* "
        r"presum\w+ "
    ),
    "fi": (
        r"ehdott?\w* suunnitel\w* kertoi yhteenve\w* raport\w* vastas\w* viesti\w* neuvoi varoitti aikoi "
        r"clauden claudelle claudea aliagent\w* agentti\w* mukaan arvel\w* arvio\w* arvaus\w* arvas\w* "
        r"epäil\w* olett\w* päätt?el\w* luul\w* tulkin\w* selity\w* selitt\w* totes\w* totea\w* sanoi "
        r"todennäköi\w* luultavasti ehkä kai ilmeisesti näytti näyttää vaikutti vaikuttaa kenties "
        r"mahdollisesti lienee taitaa taisi "
    ),
    "de": (
        r"Hinweis\w* Rat sei habe hätte wäre seien sagte schlug\w* Vorschlag Plan Zusammenfassung Bericht "
        r"berichtete empfahl laut zufolge vermut\w* wahrscheinlich vielleicht anscheinend schien scheint "
        r"meinte glaubte Vermutung Erklärung Deutung Lesart Unteragent\w* Subagent\w* vermutlich offenbar "
        r"möglicherweise dürfte "
    ),
    "pt": (
        r"disse propôs propunha sugeriu recomendou raciocínio dele dela resumo plano relatou avisou segundo "
        r"conforme provavelmente talvez parec\w* supô supos\w* achava acha hipótese leitura explicação "
        r"suspeit\w* subagente\w* aparentemente possivelmente "
    ),
    "es": (
        r"dijo avisó propuso propon\w* sugiri\w* recomend\w* contó resumen plan razonamiento según "
        r"probablemente quiz[áa]s? tal\svez puede\sque parec\w* supuso sospech\w* cre[íi]a hipótesis lectura "
        r"explicación subagente\w* aparentemente posiblemente explicó añadió señaló "
    ),
    "ro": (
        r"spus\w* propus\w* sugerat recomandat explicația explicat\w* potrivit conform probabil pesemne părea pare "
        r"bănui\w* bănuiala presupun\w* socoteala raport\w* rezumat\w* planul subagent\w* aparent "
    ),
    "fr": (
        r"choix signal\w* propos\w* sugg[ée]r\w* recommand\w* raisonnement résumé plan disait a\sdit selon "
        r"d'après probablement sans\sdoute peut-[êe]tre semblait semble soup[çc]onn\w* pensait hypothèse "
        r"lecture explication sous-agent\w* apparemment "
    ),
    "nl": (
        r"zei stelde\svoor voorstel plan samenvatting redenering volgens waarschijnlijk misschien wellicht "
        r"vermoedelijk leek lijkt lezing vermoed\w* dacht verklaring subagent\w* blijkbaar "
    ),
    "it": (
        r"a\ssuo\sdire disse propos\w* suggerì consigliò riassunto piano ragionamento secondo probabilmente "
        r"forse magari sembrava sembra ipotesi supponeva pensava spiegazione lettura subagente\w* "
        r"apparentemente "
    ),
    "sv": (
        r"skulle sa sade föreslog förslag plan sammanfattning resonemang enligt förmodligen kanske troligen verkade "
        r"verkar gissade trodde förklaring tolkning subagent\w* "
    ),
    # (and Claude's words given to it in the third person, blind54 BH2: "twierdził", "jak dodał", "W jego
    # wyjaśnieniu", "Jego przypuszczenie brzmiało", "Podejrzewał, że"; never the first person's "-łem"/"-łam", the
    # author's own, nor "domyślnie", "by default")
    "pl": (
        r"według prawdopodobnie najprawdopodobniej chyba może wydawało\ssię przypuszczał[ao]? przypuszcza "
        r"przypuszczeni\w* wyjaśnił[ao]? wyjaśnia wyjaśnieni\w* subagent\w* powiedział[ao]? mówił[ao]? "
        r"twierdził[ao]? stwierdził[ao]? dodał[ao]? zauważył[ao]? napisał[ao]? odpowiedział[ao]? tłumaczył[ao]? "
        r"uznał[ao]? zaproponował[ao]? proponował[ao]? sugerował[ao]? zasugerował[ao]? radził[ao]? poradził[ao]? "
        r"ostrzegł[ao]? ostrzegał[ao]? ocenił[ao]? zgadywał[ao]? podejrzewał[ao]? podejrzewa podejrzeni\w* "
        r"domyślał[ao]? domyślił[ao]? domysł\w* sądził[ao]? uważał[ao]? myślał[ao]? wniosek wniosku wnioskiem "
        r"diagnoz\w* zdaniem jego jej podsumowani\w* plan\w* raport\w* odczyt\w* interpretacj\w* pewnie "
        r"zapewne najpewniej podobno rzekomo widocznie ponoć "
    ),
    "cs": (r"podle pravděpodobně asi možná zřejmě zdálo\sse domníval\w* vysvětlení subagent\w* "),
    "id": (
        r"mengusulkan usul\w* rencana\w* laporan\w* ringkasan\w* bilang katanya mengatakan menyarankan "
        r"saran\w* menurut mungkin sepertinya kayaknya barangkali dugaan\w* menduga tampaknya kelihatannya "
        r"penjelasan tafsiran perkiraan memperkirakan mengira subagen\w* agen "
    ),
    "tr": (
        r"söyledi söyle\w* dedi\w* dedi önerdi öneri\w* plan\w* özet\w* göre muhtemelen belki galiba sanırım "
        r"tahmin\w* açıklama\w* yorum\w* alt\s?ajan\w* görünüşe "
    ),
    "ru": (
        r"верси\w* сказал\w* предложил\w* план\w* отчёт\w* итог\w* по\s(?:словам|мнению|версии) вероятно "
        r"возможно казалось кажется похоже предполож\w* объяснени\w* прочтени\w* догадк\w* субагент\w* видимо "
    ),
    "vi": (r"theo có\slẽ có\sthể dường\snhư hình\snhư đoán giải\sthích cách\sđọc subagent "),
    "he": (r"לדברי לפי כנראה אולי נראה הסבר השערה ניחוש סוכן "),
    "zh": (
        r"计划 計劃 建议 建議 报告 報告 总结 總結 提出 说 說 可能 也许 大概 似乎 猜 认为 認為 推测 推測 据 據 "
        r"看来 看來 解释 解釋 判断 判斷 说法 說法 子代理 子智能体 代理 "
    ),
    "ja": (
        r"そうです そうだ という と頼 認め とのこと 考えた 候補 計画 提案 報告 まとめ 求め 役 と言 述べ "
        r"たぶん 多分 おそらく かもしれ 推測 と考え によると によれば と見 らしい ようだ 説明 読み 見立て "
        r"サブエージェント エージェント "
    ),
    "ko": (
        r"계획 제안 보고 요약 말했 아마 것\s같 따르면 추측 설명 해석 보인다 보였 서브에이전트 에이전트 "
        # reported speech: "…적용되지 않는다고 했어요" (said that…), "…라고 했다" (blind43 AW1:34), "…된다고도 했다"
        # (also said that…, fresh44's budget, stop 63)
        r"다고\s?했 라고\s?했 다고도\s?했 라고도\s?했 다고\s?말 다고\s?설명 "
    ),
}
_SPACELESS = ("zh", "ja", "ko")
# German reports what someone said by the verb's form alone (Konjunktiv I): "…, den es nicht gebe", "Dasselbe passiere
# am Monatsende": the sentence is Claude's account, as a word of saying would make it; a first person ("ich habe",
# "ich werde") is the indicative, the author's own words
_DE_REPORTED = re.compile(
    r"\b(?:sei|seien|könne|müsse|solle|dürfe|wolle|werde|habe|gebe|ergebe|passiere|liefere|laufe|fehle|zähle|"
    r"rechne|stimme|bleibe|liege|reiche|brauche|komme|gehe|funktioniere|greife|prüfe|melde)\b"
)
_DE_FIRST_PERSON = re.compile(r"\b(?:ich|Ich|wir|Wir)\b")


def _given(table: dict[str, str]) -> re.Pattern[str]:
    worded = "|".join(w for k, v in table.items() if k not in _SPACELESS for w in v.split())
    spaceless = "|".join(w for k, v in table.items() if k in _SPACELESS for w in v.split())
    # (a word's edge is any but a letter of a spaced script: "続いてClaudeは" names Claude between kana)
    edge = r"[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
    return re.compile(rf"(?<!{edge})(?:{worded})(?!{edge})|{spaceless}", re.I)


GIVEN = _given(ATTRIBUTION)
# Claude's own hedges (`guesses.hedged` lists those sentences as guesses)
GIVEN_HEDGE = re.compile(
    r"\b(?:probably|likely|presumably|possibly|perhaps|maybe|might|I (?:suspect|guess|think|believe))\b", re.I
)

# Claude's sentences that tell its own acts or plans ("I'll run the tests", "Let me read the file", "Done:"), its
# questions and its hedges (the guess rule's, `guesses.py`), are no reading of what is so
_OWN_ACT = re.compile(
    r"^\W*(?:I(?:'ll|'m| will| am|'ve| have| ran| read| edited| changed| added| updated| fixed| found| can see| see)|"
    r"looking at|let me|let's|"
    r"now I|next,? I|done|ok(?:ay)?|sure|great|perfect|got it|all (?:\d+ )?tests? pass)\b",
    re.I,
)
# A sentence whose subject is Claude, a subagent or a pronoun standing for them tells what they did or said
_SUBJECT = re.compile(
    r"^\W*(?:(?:[Tt]hen|[Ss]o|[Aa]nd|[Bb]ut|[Ff]irst|[Ff]inally|[Nn]ext|[Ll]ater),?\s+(?:it|he|she|they)\b|"
    r"(?:(?:then|so|and|but|first|finally|next|later)\s+)?(?:It|Its|He|She|Her|His|They|Their|Ele|Ela|Él|Ella|"
    r"Il|Elle|Er|Sie|Hän|Dia|Lui|Lei|Han|Hon|Он|Она|O)\b)",
)
# Claude's proposals and plans ("We could …", "Option 1:", "I'd suggest …"): no reading of what is so
PROPOSAL: dict[str, str] = {
    "en": r"will won't going\sto would could should option propos\w* suggest\w* recommend\w* plan approach I'd we'd "
    r"we\scan you\scan "
    r"instead let\sme let's I'll we'll next\sstep",
    "fi": r"voisi\w* vaihtoeh\w* ehdotan kannattaa pitäisi",
    "de": r"könnte\w* Option\w* schlage\w* sollte\w*",
    "pt": r"poderia\w* opç\w+ sugiro deveria\w*",
    "es": r"podría\w* opción\w* sugiero debería\w*",
    "fr": r"pourrai\w* option\w* propose\w* devrai\w*",
    "id": r"bisa opsi\w* sarankan sebaiknya",
    "ru": r"можно вариант\w* предлагаю стоит следует могл\w* мог могут может",
    "zh": r"可以 建议 建議 方案 选项 選項",
    "ja": r"できます 案 提案 選択肢",
    "ko": r"할\s수 제안 옵션",
}
_PROPOSAL = _given(PROPOSAL)
# Claude's report of its own edits ("Changed `measure()` to send `0x2400`", 「…を追加しました」): what the edits show,
# judged by the rules on changes, not a reading of what is so
_EDIT_REPORT = re.compile(
    r"\b(?:changed|updated|added|removed|replaced|rewr(?:ote|itten)|renamed|fixed|created|moved|now uses|"
    r"muutin|lisäsin|poistin|korjasin|päivitin|geändert|hinzugefügt|entfernt|alterei|adicionei|removi|cambié|"
    r"añadí|agregué|eliminé|modifié|ajouté|supprimé|menambahkan|mengubah|menghapus|memperbaiki|değiştirdim|"
    r"ekledim|изменил|добавил|удалил)\b|→|->|変更し|追加し|削除し|修正し|書き換え|置き換え|更新し|改为|改成|添加了|"
    r"删除了|修改了|替换|변경했|추가했|삭제했|書き直|追記|反映さ|新規追加|を直し|に直り|に直さ",
    re.I,
)
# The words that open an account of Claude's a paragraph goes on telling ("According to Claude, … . On the server …"):
# the sentences after one in its paragraph are that account too
ACCOUNT: dict[str, str] = {
    "en": r"according\sto by\sClaude's in\sClaude's Claude's\s(?:account|reading|explanation|words|view) "
    r"by\sits\s(?:arithmetic|count|reckoning|reading) "
    r"in\s(?:its|the\ssubagent's)\s(?:report|account|summary) by\sits\saccount",
    "fi": r"mukaan",
    "de": r"laut zufolge in\sseinem\s(?:Bericht|Fazit)",
    "pt": r"segundo conforme no\sseu\s(?:relatório|relato)",
    "es": r"según en\ssu\s(?:informe|relato|resumen)",
    "fr": r"selon d'après dans\sson\s(?:rapport|compte\srendu|résumé)",
    "it": r"secondo nel\ssuo\s(?:resoconto|rapporto|racconto|riepilogo) a\ssuo\sdire stando\sa",
    "nl": r"volgens",
    "sv": r"enligt",
    "pl": r"według",
    "cs": r"podle",
    "id": r"menurut",
    "tr": r"göre",
    "ru": r"по\s(?:словам|мнению|версии)",
    # ("Claude đưa ra hai hướng.", Claude put forward two ways: what follows is Claude's list)
    "vi": r"theo đưa\sra\s(?:hai|ba|bốn|\d+)\s(?:hướng|cách|phương\sán|lựa\schọn)",
    "zh": r"据 據 认为 認為 的解释 的解釋 的说法 的說法",
    "ja": r"によると によれば の説明では の見立てでは",
    "ko": r"따르면",
    # ("Explicația lui Claude pornea de la cifre.", Claude's explanation started from the figures: a real model's
    # Romanian draft of fresh43, stop 62)
    "ro": r"potrivit\slui explicația\slui explicația\ssa după\sClaude după\ssocoteala\slui",
}
_ACCOUNT = _given(ACCOUNT)
# A paragraph that opens on an item of a list the one before announced: "一つ目は", "第二", "First,", "Zweitens"
_LIST_ITEM = re.compile(
    r"\s*(?:[一二三四五六七八九]つ目|第[一二三四五六七八九]|首先|其次|最后|最後に|まず|次に|"
    r"(?:the\s+)?(?:first|second|third|other|last)\b|erstens|zweitens|drittens|primero|segundo|tercero|"
    r"d'abord|ensuite|premièrement|deuxièmement|in primo luogo|innanzitutto|em primeiro lugar|"
    r"(?:il|la|le|el|o|a|der|die|das)\s+(?:prim[oa]|second[oa]|terz[oa]|premi(?:er|ère)|primeir[oa]|erste|zweite)\b)",
    re.I,
)
# What Claude put forward, told as put forward: "Ha proposto due livelli.", "It proposed two fixes." (the items
# of the list after it are the proposal's, blind38 AR2:34)
_PROPOSED = re.compile(
    r"\b(?:proposed|suggested|offered|ha proposto|ha suggerito|a proposé|a suggéré|propuso|sugirió|propôs|sugeriu|"
    r"schlug|vorgeschlagen|đưa ra|đề xuất|gợi ý|đề nghị)\b",
    re.I,
)
# Claude's own acts and plans as other languages open them ("Etsin ensin endpointin", "Vou rodar os testes",
# "让我看看"): a table by language, as ATTRIBUTION is
OWN_ACT: dict[str, str] = {
    "fi": r"selvä etsin korjaan tarkistan luen ajan lisään katson teen aloitan muutan kokeilen",
    "de": r"ich lass(?:\s|t)\w* jetzt okay gut",
    "pt": r"vou agora deixa certo beleza",
    "es": r"voy ahora déjame vale listo perfecto",
    "fr": r"je laisse d'accord parfait",
    "id": r"saya aku oke baik mari sekarang",
    "tr": r"şimdi tamam \w+(?:eceğim|acağım|ayım|eyim)",
    "ru": r"сейчас давайте я хорошо",
    "zh": r"我 好的 让我 讓我 现在 現在 先",
    "ja": r"まず では 了解 確認します します。",
    "ko": r"먼저 확인하겠 하겠습니다 알겠습니다",
}
_OWN_OPENING = re.compile(
    r"^\W*(?:" + "|".join(w for v in OWN_ACT.values() for w in v.split()) + r")(?!\w)|します。?$|하겠습니다\.?$", re.I
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？।॥])\s*|\n+")
_CODE = CODE_SPAN
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}")
_WORD_STOP = frozenset({"claude", "code", "that", "this", "with", "from", "instead", "rather", "also", "only"})
# Shared with Claude's sentence and in no evidence: two code spans, a code span and two words, or four words
_CODES, _CODE_WORDS, _WORDS = 2, 2, 4


def _heads(text: str) -> set[str]:
    """Four-letter heads of the words that carry meaning, and pairs of CJK characters."""
    out: set[str] = set()
    plain = _CODE.sub(" ", text)
    for word in words(plain):
        low = folded(word)
        if len(low) >= 4 and lettered(low) and not _CJK.search(low) and low not in STOPWORDS | _WORD_STOP:
            out.add(low[:4])
    for run in _CJK.findall(plain):
        out.update(run[i : i + 2] for i in range(len(run) - 1))
    if VIETNAMESE.search(plain):
        # Vietnamese writes each syllable apart and few reach four letters ("gộp ô", merged cell; "công nhân",
        # worker): two syllables in a row are its word, as two characters are in Chinese
        syllables = [w.lower() for w in words(plain)]
        out.update(
            f"{a} {b}"
            for a, b in itertools.pairwise(syllables)
            if lettered(a) and lettered(b) and a not in _VI_STOP and b not in _VI_STOP
        )
    return out


# Vietnamese's function syllables, which two sentences share by their grammar alone
_VI_STOP = wordset(
    "là và của cho một các những có không được này đó thì mà với trong ở để đã sẽ đang rồi cũng nên khi từ ra vào "
    "lên thấy như theo hay hoặc nhưng vì nếu thế nào bị bằng lại còn đều chỉ vẫn tôi mình em anh chị bạn claude"
)


def _codes(text: str) -> set[str]:
    """Code spans, folded, a call's parentheses left off (`cache.store()` is named as `cache.store(url, body)`)."""
    return {c for c in (folded(c).removesuffix("()").strip(" .,:;") for c in code_spans(text, 2)) if len(c) >= 2}


class _Evidence:
    """What Claude had seen by a moment, other than its own words: the outputs, diffs and searches of tool
    events, the author's messages."""

    def __init__(self, sources: Iterable[Source | _Text]) -> None:
        texts = [s.text for s in sources if s.text]
        self.text = folded("\n".join(texts))
        self.heads: set[str] = set()
        for text in texts:
            self.heads |= _heads(text)
            self.heads |= _heads(" ".join(code_spans(text, 2)))

    def holds_code(self, code: str) -> bool:
        return code in self.text

    def holds(self, head: str) -> bool:
        return head in self.heads


def _said(source: Source) -> bool:
    return source.speaker in (CLAUDE, SUBAGENT) and not source.retells and bool(source.text)


def _own(sentence: str) -> bool:
    s = sentence.strip()
    return (
        not s
        or s.endswith(("?", "？", ":"))
        or bool(
            _OWN_ACT.match(s) or _OWN_OPENING.search(s) or _PROPOSAL.search(s) or _EDIT_REPORT.search(_CODE.sub(" ", s))
        )
    )


_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def _pieces(text: str) -> list[str]:
    """Claude's sentences, the items of a list its proposal opens ("two options, yours to pick:", "1. …") left
    out with it: each item is an option, not a reading."""
    out: list[str] = []
    options = False
    for line in text.splitlines():
        if _ITEM.match(line):
            if options:
                continue
        else:
            options = bool(line.rstrip().endswith((":", "：")) and _PROPOSAL.search(line))
        out.extend(p.strip() for p in _SENTENCE.split(line) if p.strip())
    return out


def _lead(text: str, start: int) -> str:
    """What opens the sentence's line up to a colon just before it ("The answer, by Claude's reckoning: …")."""
    before = text[:start].rstrip()
    return before[before.rfind("\n") + 1 :] if before.endswith((":", "：")) else ""


# Italian's article "Il" is French's "he": "Il nome veniva usato tal quale…" tells as fact (blind38 AR2:20)
_ITALIAN = wordset("di della dello delle degli nel nella che quindi ogni è era veniva con per una sono gli")
_FRENCH = wordset("de des du les le est une que dans pour avec ne pas sont au aux")


def _pronoun_subject(sentence: str) -> bool:
    match = _SUBJECT.match(sentence)
    if match is None:
        return False
    if match.group(0).strip() != "Il":
        return True
    words = re.findall(r"\w+", sentence.lower())
    return sum(w in _FRENCH for w in words) >= sum(w in _ITALIAN for w in words)


def _given_to_agent(sentence: str, lead: str, names: Iterable[str]) -> bool:
    if (
        GIVEN.search(sentence)
        or _pronoun_subject(sentence)
        or (lead and (GIVEN.search(lead) or _pronoun_subject(lead)))
    ):
        return True
    low = sentence.lower()
    return any(re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", low) for n in names)


def _seen(index: Sources, source: Source, cited: list[Source]) -> _Evidence:
    """The evidence near `source`: tool and author texts from the author's message before it to the next one (what
    Claude had seen, a subagent's steps with its report, and what the same turn ran or edited after it), and the
    tool events the paragraph cites."""
    before = [s for s in index.sources if s.order <= source.order and s.speaker == AUTHOR and s.order]
    start = max((s.order for s in before), default=0)
    after = [s.order for s in index.sources if s.order > source.order and s.speaker == AUTHOR]
    stop = min(after, default=source.order)
    window = [s for s in index.sources if s.speaker in (TOOL, AUTHOR) and start <= s.order <= stop]
    return _Evidence([*window, *(s for s in cited if s.speaker == TOOL)])


def _unborne(sentence: str, claude: str, seen: _Evidence) -> tuple[list[str], list[str]]:
    codes = sorted(c for c in _codes(sentence) & _codes(claude) if not seen.holds_code(c))
    heads = sorted(h for h in _heads(sentence) & _heads(claude) if not seen.holds(h))
    return codes, heads


def _strong(codes: list[str], heads: list[str]) -> bool:
    # a pair of CJK characters is half a word (a Han, kana or hangul character a quarter of one, about); a pair of
    # Vietnamese syllables one
    weight = sum(0.5 if _CJK.match(h) else 1.0 for h in heads)
    return len(codes) >= _CODES or (len(codes) >= 1 and weight >= _CODE_WORDS) or weight >= _WORDS


# A sentence in the conditional tells what would be, a plan or a proposal, never what is: "Такие участки уходили бы
# казначею на ручную проверку" (fresh31's snt-svet, a real model's draft)
_CONDITIONAL = re.compile(
    r"(?<!\w)(?:would|бы|würden?|wäre|wären|serai(?:t|ent)|pourrai(?:t|ent)|sería|serían|podría|podrían|"
    r"sarebbe|sarebbero|potrebbe|potrebbero|seria|seriam|poderia|poderiam)(?!\w)",
    re.I,
)
_FIGURE = re.compile(r"(?<![\w.])\d[\d.,]*\d(?![\w])")


def _figures_shown(sentence: str, cited: list[Source]) -> bool:
    """A sentence of figures a cited output prints, every one: "Значения в парах расходились в одной-двух цифрах:
    8812 и 8821, 99878 и 99874…" tells what the reader sees in it (blind39 AS2:64), whoever put it in words first."""
    figures = set(_FIGURE.findall(sentence))
    if len(figures) < 2:
        return False
    shown = " ".join(s.text for s in cited if s.speaker == TOOL)
    return all(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", shown) for f in figures)


def reading_findings(blocks: list[Block], index: Sources, taken: Iterable[Finding] = ()) -> list[Finding]:
    """A sentence that tells as fact what only a cited message of Claude's (or a subagent's) stated; `taken`, the
    guess rule's findings, whose sentences are not reported twice."""
    out: list[Finding] = []
    done = {(f.claim.line, f.claim.at) for f in taken}
    names = set(index.agent_names.values())
    account: tuple[str, ...] = ()  # the events of the paragraph before, when it opened an account of Claude's
    for block in blocks:
        if block.kind != PARAGRAPH or not block.cites:
            continue
        opens = _ACCOUNT.search(block.text) or _PROPOSED.search(block.text)
        before, account = account, tuple(block.cites) if opens else ()
        cited = index.of(block.cites)
        said = [s for s in cited if _said(s)]
        if not said:
            continue
        seen = {id(s): _seen(index, s, cited) for s in said}
        # someone's quoted words are theirs, checked as a quote (quotes.py), never as the post's own claim
        unquoted = unquoted_text(block.text)
        # an account of Claude's the paragraph has opened, or one the paragraph before opened and this one goes
        # on listing from the same events: "Claudeの見立てでは、原因は二つ…" then "一つ目は…" (blind37 AQ2:24)
        told = bool(before) and set(block.cites) <= set(before) and bool(_LIST_ITEM.match(block.text))
        for start, end in sentences(block.text):
            sentence = unquoted[start:end]
            if told or _ACCOUNT.search(sentence):
                told = True
                continue
            line = block.line_at(start)
            if _DE_REPORTED.search(sentence) and not _DE_FIRST_PERSON.search(sentence):
                continue  # "Dasselbe passiere am Monatsende: … ergebe den 03.03.": German's reported speech
            if (
                (line, end) in done
                or _EDIT_REPORT.search(_CODE.sub(" ", sentence))
                or _given_to_agent(sentence, _lead(block.text, start), names)
            ):
                continue
            if _figures_shown(sentence, cited) or _CONDITIONAL.search(sentence):
                continue
            hit = None
            for source in said:
                for piece in _pieces(source.text):
                    if _own(piece):
                        continue
                    codes, heads = _unborne(sentence, piece, seen[id(source)])
                    if _strong(codes, heads):
                        hit = (source, piece)
                        break
                if hit:
                    break
            if hit is None:
                continue
            source, piece = hit
            who = "a subagent's" if source.speaker == SUBAGENT else "Claude's"
            claim = Claim(READING, one_line(sentence.strip(), 90), line, block)
            claim.at = end
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    source.id,
                    one_line(piece.strip(), 160),
                    f"told as fact; in the session it is {who} reading ({source.id}), no output shows it",
                    confidence=LOW,
                    advice="say so, or cite the run that shows it",
                )
            )
    return out


# The verification prompt: which sentences of the cited messages of Claude's are its own reading
_READING_WORDS = 3  # words of Claude's sentence no output near it holds (a code span counts two)


def claude_readings(text: str, evidence: Iterable[str]) -> list[str]:
    """The sentences of a message of Claude's (or a subagent's report) that state what is so, a cause, a state,
    an explanation, that no output, diff, search or author's word near it holds ("Suodatus on olemassa, mutta
    LATERAL-alikysely hakee vanhimman kuntomerkinnän (`ORDER BY paivitetty` ilman `DESC`)" where the file's lines
    were never shown): Claude's words, no fact until an event other than Claude's words shows it. Its own acts and
    plans, questions, reports of its edits and hedged guesses (listed on their own) left out."""
    seen = _Evidence(_Text(t) for t in evidence)
    out = []
    for piece in _pieces(text):
        if _own(piece) or GIVEN_HEDGE.search(piece):
            continue
        codes = [c for c in _codes(piece) if not seen.holds_code(c)]
        heads = [h for h in _heads(piece) if not seen.holds(h)]
        weight = 2 * len(codes) + sum(0.5 if _CJK.match(h) else 1.0 for h in heads)
        if weight >= _READING_WORDS and len(heads) >= 2:
            out.append(piece)
    return out


class _Text:
    """A text standing in for a source (`_Evidence` reads only `.text`)."""

    def __init__(self, text: str) -> None:
        self.text = text
