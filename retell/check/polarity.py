"""Which way a decision goes: dropping something (skip, leave out, remove) or keeping it (keep, run, include),
for telling a decision the opposite way round from the words it rests on. Only a text that goes one way is
read; one that does both ("keep the new tests and drop the old ones") or neither says nothing."""

from __future__ import annotations

import re

DROP = "drop"
KEEP = "keep"

_DROPS = re.compile(
    r"\b(?:skip(?:s|ped|ping)?|drop(?:s|ped|ping)?|"
    r"leav(?:e|es|ing) (?:\w+ ){0,3}(?:out|off)\b|left (?:\w+ ){0,3}(?:out|off)\b|"
    r"omit(?:s|ted|ting)?|abandon(?:s|ed|ing)?|give up|gave up|hold off|held off|postpone[sd]?|defer(?:red)?|"
    r"scrap(?:s|ped)?|shelve[sd]?|forgo|remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|get rid of|got rid of|"
    r"not (?:to )?(?:run|keep|include|do|add|use)|no need|don'?t need|without)\b"
    r"|跳过|不做|删掉|删除|去掉|放弃|不要|不需要|省略|やめ|削除|見送|外す|不要",
    re.I,
)
_KEEPS = re.compile(
    r"\b(?:keep(?:s|ing)?|kept|continu(?:e|es|ed|ing)|includ(?:e|es|ed|ing)|proceed(?:s|ed|ing)?|retain(?:s|ed)?|"
    r"preserv(?:e|es|ed|ing)|go ahead|went ahead|run (?:the|them|it|those)|ran (?:the|them|it|those)|"
    r"all of (?:the|them|it))\b"
    r"|保留|留着|留下|继续|続け|残す|残し",
    re.I,
)
_YES = re.compile(r"\s*(?:yes|yeah|yep|yup|sure|ok|okay|go ahead|please do|do it|はい|好的|可以)\b", re.I)
_NO = re.compile(r"\s*(?:no|nope|not now|don'?t|skip|いいえ|不用|不要)\b", re.I)


def decision_polarity(text: str) -> str | None:
    """DROP, KEEP, or None when the text goes both ways or neither."""
    drops, keeps = bool(_DROPS.search(text)), bool(_KEEPS.search(text))
    if drops == keeps:
        return None
    return DROP if drops else KEEP


def answer_polarity(text: str) -> str | None:
    """A short answer to a question: yes keeps what was asked about, no drops it (then its words decide)."""
    if _YES.match(text):
        return KEEP
    if _NO.match(text):
        return DROP
    return decision_polarity(text)
