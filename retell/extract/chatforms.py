"""Forms of the author's chat that name no goal, in any language, told by their shape rather than their words:
a message that runs up to its point (an apology, "Folgendes,", "long story", a call to a mate: "Bhai …"), a
code line pasted as it is, a plan of the author's own ("Going to write it up for the team…"). A title or heading
made of them is the author talking, not what was done."""

from __future__ import annotations

import re

# An apology opening a message, in the languages retell heads in
_APOLOGY = (
    r"sorry|sry|soz|apologies|my bad|excuse (?:me|the)|entschuldig\w*|sorry|verzeih\w*|perd[oó]n\w*|disculp\w*|"
    r"lo siento|d[ée]sol[ée]e?s?|pardon|excusez|scusa\w*|mi dispiace|desculp\w*|foi mal|przepraszam|sorki|"
    r"извини\w*|простите|вибач\w*|özür dilerim|kusura bakma|maaf|xin lỗi|συγγνώμη|סליחה|عذرا|آسف|"
    r"sori|pardon|excuses"
)
# A run-up set off by a mark before the point ("Folgendes,", "Ok so,", "Long story short:", "Bueno,", "Короче,")
_RUN_UP = (
    r"folgendes|also|so|right|alright|well|anyway|long story(?: short)?|quick one|"
    r"here'?s the thing|the thing is|story time|bueno|pues|mira|bon|alors|donc|bref|allora|dunque|ecco|"
    r"então|bom|enfim|olha|nou|dus|luister|więc|słuchaj|короче|слушай|ну|так вот|значит|tamam|şimdi|bak|"
    r"jadi|gini|nah|begini"
)  # (not a bare "ok,": a go-ahead before an ask, "ok, now write the program…")
# A call to a mate opening a message, with no mark after it ("Bhai razorpay webhook pe…", "Tío, el login…")
_CALL = r"bhai|bhaiya|bhaisahab|yaar|bro|bruh|dude|mate|buddy|hermano|t[ií]o|mano|cara|mec|fr[eè]re|digga|kak|bang|abi"
_RUNS_UP = re.compile(rf"(?i)^(?:hey |hi |ok(?:ay)? )?(?:{_APOLOGY})\b|^(?:{_RUN_UP})\s*[,:—–-]\s*\S|^(?:{_CALL})\b")


def runs_up(message: str) -> bool:
    """Whether a message opens with a run-up to its point (an apology, a run-up word set off by a mark, a call to
    a mate): the author talking before the work, so what the session did says the work better than the words."""
    return bool(_RUNS_UP.match(" ".join(message.split())))


# A line of code by its form: a statement's keyword as code writes it (lower case, SQL's in capitals), an
# assignment, a call ending a statement, a shell command with its flags, a prompt
_CODE_OPENING = re.compile(
    r"^(?:import [\w.]+(?: as \w+)?$|from [\w.]+ import\b|const \w+ ?=|(?:let|var) \w+ ?=|def \w+\(|class \w+[(:{]|"
    r"function\s*\w*\s*\(|return\b[^;]*;$|if ?\(|for ?\(|while ?\(|for \w+ in .*;\s*do\b|#include\b|package [\w.]+;|"
    r"SELECT\b.*\bFROM\b|INSERT INTO\b|UPDATE \w+ SET\b|DELETE FROM\b|CREATE (?:TABLE|INDEX|VIEW)\b|ALTER TABLE\b|"
    r"\$ |> |(?:sudo |npx |uv run )?(?:docker|kubectl|npm|yarn|pnpm|pip3?|cargo|git|curl|python3?|node|go|make|"
    r"terraform|helm|gradle|mvn|bundle|rails|php|composer)(?: [\w:./@=-]+)* --?[A-Za-z])"
)
_ASSIGNMENT = re.compile(r"^[A-Za-z_$][\w.$\[\]'\"]*\s*(?:[+\-*/|&]?=(?!=)|:=)\s*\S")
_STATEMENT_END = re.compile(r"[;{}]\s*$|\)\s*;?\s*$")
_GLOSS = re.compile(r"(?<=\s)\([^\W\d_][^()=;{}<>$|&]*\)")


def code_line(line: str) -> bool:
    """Whether a line is code pasted as it is (see _CODE_OPENING), not words of the author's."""
    text = " ".join(line.split()).strip("`")
    if not text:
        return False
    if _CODE_OPENING.match(text) or _ASSIGNMENT.match(text):
        return True
    # a gloss of words in parentheses after a space is prose's ("…off the legacy Origin Access Identity (OAI) and
    # onto Origin Access Control (OAC)"), not a call's: code writes `f(x)` with no space before it
    text = _GLOSS.sub("", text).strip()
    symbols = len(re.findall(r"[(){}\[\];=<>$|&]", text))
    return _STATEMENT_END.search(text) is not None and symbols >= 4 and symbols * 6 >= len(text.split())


# The author's plan ("Going to write it up for the team…", "Gonna leave this running overnight…", "Lo dejo
# corriendo esta noche y mañana miro"): what they will do later, not a step of the work
_PLAN = re.compile(
    r"(?i)^(?:(?:I'm|I am|we're|we are) )?(?:going to|gonna|planning to)\b|^(?:I'll|I will|we'll)\b|"
    r"^(?:lo dejo|la dejo|lo dejamos)\b|"
    r"\b(?:and|y|e|et|und|i|и|ve|dan) (?:mañana|tomorrow|demain|morgen|domani|amanhã|jutro|завтра|yarın|besok) "
    r"(?:\w+ )?(?:miro|look|check|see|regarde|schau\w*|guardo|vejo|sprawdz\w*|посмотрю|bakarım|cek|lihat)\W*$"
)


def plans(line: str) -> bool:
    """Whether a line is the author's plan for later (see _PLAN)."""
    return bool(_PLAN.search(" ".join(line.split())))


# A thank-you, in the languages retell's authors write: what a message that closes a session says last or near it
_THANKS = re.compile(
    r"(?i)\b(?:thanks|thank you|thx|ty|cheers|merci|danke|dank je(?: wel)?|dankjewel|bedankt|gracias|obrigad[oa]|"
    r"valeu|grazie|dzięki|dziękuję|děkuji|díky|köszönöm|kiitos|tack|takk|teşekkür\w*|sağ ?ol|terima kasih|makasih|"
    r"asante|salamat|shukriya|dhanyavaad|спасибо|спасибі|дякую|благодарю|شكرا\w*|شكراً|ممنون|תודה|ευχαριστώ|"
    r"cảm ơn|eline sağlık|ellerine sağlık|emeğine sağlık|eyvallah|دستت درد نکنه|دستتون درد نکنه|يعطيك العافية)\b|"
    r"谢谢|謝謝|感谢|感謝|多谢|多謝|ありがと|助かりました|감사|고마워|고맙"
)


def signs_off(message: str) -> bool:
    """Whether a message thanks and asks nothing ("makes sense… leave it uncommitted… thanks a lot", "is prima voor
    dev. ik commit het zelf…, bedankt!"): at a session's end, the author's closing words, not a step of the work."""
    return bool(_THANKS.search(message)) and not re.search(r"[?？]", message) and "```" not in message
