"""Claims read from what a sentence puts together, graded by the evidence of the events it cites.

The rules of `claims.py` read a claim from the shape of an English (or Chinese, Japanese) sentence. What a
sentence puts side by side says as much, in any language: a file and the code it is said to hold ("one line of
`pyproject.toml` read `main.py.oldscratch`", "in der `requirements.txt` ging … auf 3.10+"), a command or flag and
a result ("a run with `--cov-fail-under=99` passed", "`make test` a échoué"), a push and where it went. Each
such pair is looked up in the events: the code's own file (the file the tool that shows it read, edited or
wrote), the runs that name the flag and their result, the pushes that ran. Only what the events contradict
is reported; what they do not hold is left to the other checks (a quiet "not checked")."""

from __future__ import annotations

import re

from retell.check.claims import (
    ANY_QUOTE,
    CODE_SPAN,
    COMMAND,
    NOT_AFTER,
    OUTCOME,
    PATH,
    QUOTE_KINDS,
    Claim,
    is_route,
    quoted_terms,
)
from retell.check.document import QUOTE, Block
from retell.check.outcomes import MYSELF, OWN_RUN, failure_line
from retell.check.scope import near_events
from retell.check.sources import TOOL, Sources
from retell.check.verdict import CONTRADICTED, TRACED, UNTRACED, Finding, found

_REJECTED = re.compile(r"^The user (?:doesn't|does not) want to proceed", re.I)
# The sentence tells of the call as proposed or turned down, not as run: in English, German and French.
_NOT_RUN = re.compile(
    r"(?<!\w)(?:reject|turn(?:ed)? down|declin|refus|den(?:y|ied)|interrupt|stopp|wanted|tried to|propos|suggest|"
    r"abgelehnt|lehnte|ablehn|unterbr|wollte|vorgeschlagen|schlug|rejet|interromp|voulait|voulu|propos)",
    re.I,
)

# A lead-in that denies the block's effect: "removed no pod", "changed nothing", "never ran", "n'a rien supprimé"
_NO_EFFECT = re.compile(
    r"(?<!\w)(?:no|nothing|never|not|none|nichts|nie|kein\w*|rien|jamais|aucun\w*|nada|nunca|ningún|ninguna)(?!\w)",
    re.I,
)

# A clause: up to a stop, a colon, a semicolon, or a comma that starts a new clause ("…, and pushed",
# "…, und lief", "…, mais a échoué").
_CLAUSE = re.compile(
    r"[.;:!?](?=\s|$)|\n|[。！？；：，、]|,\s+(?:and|but|then|so|und|aber|dann|doch|et|mais|puis|donc)\b"
    # a clause of contrast has its own subject: "`a.rs` reads it, while `today` still called `now()`"
    r"|,\s+(?:while|whereas|although|though|während|obwohl|tandis que|alors que|mientras)\b"
    # the same in the other languages a post is written in (fresh23's bastu: "`control.c` skulle fråga vakten …,
    # och vakten skulle själv anropa `relay_set(false)`": two acts, the code in the second, the file in the first)
    r"|,\s+(?:och|men|sedan|samt|og|maar|dan|y|pero|luego|e|mas|depois|ma|poi|ale|oraz|и|а|но|ve|ama|ja|mutta)"
    r"(?!\w)",
    re.I,
)
# A result told of a run, in English, German and French (the verb of a run's result, not of a person's act).
_PASSED = (
    r"passed|went through|succeeded|came back (?:clean|green)|ran clean|went green|"
    r"lief(?:en)? (?:durch|sauber|fehlerfrei|grün)|liefen|bestanden|klappte|ging durch|war grün|erfolgreich|"
    r"a réussi|ont réussi|réussit|est passée?|sont passée?s|a fonctionné|a marché|"
    r"通过了|跑通了|成功了|全部通过|通った|成功した|パスした|"
    r"pasó|pasaron|funcionó|salió bien|tuvo éxito"
)
_FAILED = (
    r"failed|errored|crashed|broke|"
    r"scheiterte|schlug fehl|fehlschlug|brach ab|ist fehlgeschlagen|"
    r"a échoué|ont échoué|échoua|a planté|"
    r"失败了|挂了|報錯|报错了|失敗した|落ちた|"
    r"falló|fallaron|se rompió|dio error"
)
_COUNTED = re.compile(
    r"(?:\d|\b(?:of which|of them|of those|one|two|three|four|five|six|seven|eight|nine|ten|none|all)|davon|dont)\W*$",
    re.I,
)
_RESULT_NEGATIVE = re.compile(rf"(?:{_FAILED})", re.I)
_RESULT = re.compile(
    rf"(?:(?<!\w)|(?<=[^\x00-\x7f]))(?:(?P<neg>{_FAILED})|(?P<pos>{_PASSED}))(?:(?!\w)|(?=[^\x00-\x7f]))", re.I
)
# Not asserted, or denied: a wish, a condition, a question, a negation, in the three languages.
_NOT_ASSERTED = re.compile(
    r"(?<!\w)(?:not|never|no|n't|would|should|could|might|will|if|whether|unless|expected|hoped|wanted|"
    r"nicht|nie|kein|keine|würde|sollte|könnte|wenn|ob|falls|wollte|sollen|"
    r"pas|jamais|aucun|devrait|pourrait|si|voulait|aurait|nunca|debería|podría|quería)(?!\w)|\?|没有?|沒有?|無|未|不|如果|是否|ない|なかった|もし|？",
    re.I,
)
# A push told as done: "pushed to `origin`", "nach GitHub gepusht", "poussé sur `main`".
_PUSHED = re.compile(
    r"(?<!\w)(?:pushed\s+(?:it\s+|them\s+|everything\s+)?(?:up\s+)?to|gepusht|gepushed|poussée?s?|pushée?s?)(?!\w)"
    # (推到 alone is any push: "把这个字符推到下一列" moves a character to the next column; a remote follows a git push)
    r"|推送(?:到|了)|推到了?\s*(?:GitHub|GitLab|Gitee|远端|遠端|远程|遠程|origin|仓库|倉庫|main|master|`)"
    r"|プッシュ(?:した|された)|(?<!\w)(?:hice|hizo) push(?!\w)|(?<!\w)pushe(?:é|ó)(?!\w)",
    re.I,
)
# A run the author made themselves, outside Claude's tools ("I ran it myself from /tmp, and it worked", "Ich habe es
# selbst aufgerufen", "je l'ai lancé moi-même"): a result only the author's own message can show.
_MYSELF = re.compile(
    r"\bI\b[^.;!?\n]{0,40}?\b(?:ran|tried|tested|ran|called|launched|started|invoked)\b[^.;!?\n]{0,60}?\bmyself\b"
    r"|\bI\s+myself\s+(?:ran|tried|tested|called)\b"
    r"|\b[Ii]ch\b[^.;!?\n]{0,60}?\bselbst\b[^.;!?\n]{0,60}?\b(?:aufgerufen|ausgeführt|getestet|probiert|gestartet|"
    r"ausprobiert)\b"
    r"|\b[Ii]ch\s+(?:rief|führte|testete|probierte|startete)\b[^.;!?\n]{0,60}?\bselbst\b"
    r"|\b[Jj]['’]ai\b[^.;!?\n]{0,40}?\b(?:lancé|exécuté|testé|essayé|appelé)\b[^.;!?\n]{0,60}?\bmoi-même\b"
    r"|我(?:自己|亲自)[^。；！？\n]{0,30}?(?:运行|跑|试|测试|调用)"
    r"|\b(?:[Ll]o\s+)?(?:ejecuté|probé|lancé|llamé)\b[^.;!?\n]{0,60}?\byo mism[oa]\b"
    r"|\b[Yy]o mism[oa]\s+(?:lo\s+)?(?:ejecuté|probé|llamé)\b",
)
# A result of the author's own run told in words the run rules do not read: "and it worked", "es funktionierte".
_WORKED = re.compile(
    r"(?<!\w)(?:worked|works|working|broke|ran (?:fine|cleanly|through)|funktionierte|klappte|ging|lief|liefen|"
    r"fonctionnait|a fonctionné|marchait|funcionó|funcionaba)(?!\w)",
    re.I,
)
# Code whose place is a file: not a command, a flag alone is a command's (see _run_outcomes).
_VERSION = re.compile(r"(?<![\w.])\d+\.\d+(?:\.\d+)?\+?(?![\w.])")


def evidence_claims(blocks: list[Block], claims: list[Claim]) -> list[Claim]:
    """Claims of results the sentence rules left unread: a result told of a named run, a push."""
    out: list[Claim] = []
    ends: dict[int, int] = {}  # each claim's clause end: an <!-- ok --> anywhere in its clause vouches for it
    by_block: dict[int, list[Claim]] = {}
    for claim in claims:
        by_block.setdefault(id(claim.block), []).append(claim)
    for block in blocks:
        if not block.cites:
            continue  # the grading rests on what the paragraph cites
        if block.kind == QUOTE:
            continue  # a block quote is someone's words ("…last time I pushed to the wrong one…"), checked as a quote
        own = by_block.get(id(block), [])
        text = block.text
        # words in quotation marks (or code) are someone's, checked as a quote: Claude's "Someone pushed to the
        # branch in the meantime." after a push that failed is no claim of the post's (fresh25's ledgerly-docs)
        quoted = [m.span() for m in _QUOTED.finditer(text)]
        for match in _MYSELF.finditer(text):
            if any(c.kind == OUTCOME and match.start() <= c.at <= match.end() + 40 for c in own):
                continue
            # the sentence's end, or a Chinese or Japanese one's (。！？；: 我自己跑了一遍测试，五个失败；我请 Claude…)
            stops = (". ", "\n", "。", "！", "？", "；")
            sentence_end = min([i for i in (text.find(stop, match.end()) for stop in stops) if i >= 0] or [len(text)])
            said = text[match.start() : sentence_end]
            claim = Claim(OUTCOME, said.strip()[:120], block.line_at(match.start()), block)
            claim.at, claim.family = match.end(), "app"
            claim.noun = MYSELF  # a run of the author's own (an `!` command) near it shows the result first
            claim.positive = not _NOT_ASSERTED.search(said) and not _RESULT_NEGATIVE.search(said)
            if not _RESULT.search(said) and not _WORKED.search(said):
                # "I ran the tests myself, behind a `!`": the act, with no result told; the author's own run
                # or message near it shows it, whatever that run printed
                claim.family = OWN_RUN
            out.append(claim)
        for start, end in _clauses(text):
            clause = text[start:end]
            if any(c.kind == OUTCOME and start <= c.at <= end + 1 for c in own):
                continue  # the sentence rules read this clause's result already
            push = _PUSHED.search(clause)
            if push is not None and any(a <= start + push.start() < b for a, b in quoted):
                continue  # someone's words in quotation marks ("Someone pushed to the branch"), checked as a quote
            if (
                push is not None
                and not _NOT_ASSERTED.search(clause[: push.start()])
                # (nor after it: "Gepusht wurde nichts", "pushé rien", blind44 AX1:201)
                and not NOT_AFTER.match(clause[push.end() : push.end() + 30])
            ):
                claim = Claim(OUTCOME, clause.strip()[-120:], block.line_at(start + push.start()), block)
                claim.at, claim.family, claim.positive = start + push.end(), "push", True
                ends[id(claim)] = end
                out.append(claim)
                continue
            result = _RESULT.search(clause)
            if result is None or _NOT_ASSERTED.search(clause[: result.start()]):
                continue
            if any(a <= start + result.start() < b for a, b in quoted):
                continue  # a result in someone's quoted words is theirs, checked as a quote
            if _COUNTED.search(re.sub(r"`[^`]*`", "CODE", clause[: result.start()])):
                continue  # "(1 failed)", "two of which failed": a count, read as a number
            anchor = _run_anchor(block, own, start, start + result.start())
            if not anchor:
                continue
            claim = Claim(OUTCOME, clause.strip()[-120:], block.line_at(start + result.start()), block)
            claim.at = start + result.end()
            ends[id(claim)] = end
            claim.family, claim.noun, claim.positive = "process", anchor.lower(), result.group("pos") is not None
            out.append(claim)
    accept_marked(out, claims, ends)
    return out


def accept_marked(new: list[Claim], claims: list[Claim], ends: dict[int, int] | None = None) -> None:
    """An `<!-- ok -->` in a claim's clause after it, or right after it (no claim of the sentence rules between
    them), vouches for a claim read here."""
    for claim in new:
        end = (ends or {}).get(id(claim), claim.at)
        for mark in claim.block.marks:
            if mark.kind != "ok" or mark.at < claim.at:
                continue
            between = [c for c in claims if c.block is claim.block and max(claim.at, end) < c.at <= mark.at]
            if mark.at <= end + 1 or not between:
                claim.accepted = mark.note
            break


_QUOTED = re.compile(r"`[^`\n]*`|“[^“”\n]*”|\"[^\"\n]*\"|„[^„“”\n]*[“”]|«[^«»\n]*»|「[^「」\n]*」")


def _clauses(text: str) -> list[tuple[int, int]]:
    """Where each clause starts and ends; a stop inside quotes or code ("Sprint 0: Bug Fix") ends none."""
    masked = _QUOTED.sub(lambda m: m.group(0)[0] + "x" * (len(m.group(0)) - 2) + m.group(0)[-1], text)
    out, start = [], 0
    for match in _CLAUSE.finditer(masked):
        out.append((start, match.start()))
        start = match.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if text[a:b].strip()]


def _run_anchor(block: Block, own: list[Claim], start: int, end: int) -> str:
    """The code of the clause before its result verb that names a run: a flag (`--cov-fail-under=99`) or a
    command, as written (a run's command line must hold it)."""
    for match in re.finditer(r"`([^`\n]+)`", block.text[start:end]):
        code = match.group(1).strip()
        if code.startswith("-") or " " in code:
            return code
    return ""


def grade_files(findings: list[Finding], index: Sources) -> None:
    """A file and the code the sentence puts in it: the code's own file, as the events show it, must be
    that file. "one line of `pyproject.toml` read `main.py.oldscratch`", where the events show that line in
    `.gitignore` (an edit of it) and never in pyproject.toml, is contradicted."""
    by_block: dict[int, list[Finding]] = {}
    for finding in findings:
        by_block.setdefault(id(finding.claim.block), []).append(finding)
    for items in by_block.values():
        block = items[0].claim.block
        if not block.cites:
            continue
        text = block.text
        clauses = _clauses(text)
        paths = [f for f in items if f.claim.kind == PATH and f.status == TRACED]
        for finding in paths:
            if finding.claim.accepted is not None:
                continue  # vouched for with <!-- ok -->
            if is_route(finding.claim.text):
                continue  # "the query of `/items/expiring`": a site's route, no file code is in
            if _no_file_of_the_session(finding.claim.text, index):
                continue  # "discord.js fills `interaction.channel`": a library named like a file (blind37 AQ1:34)
            at = finding.claim.at
            clause_end = next((b for a, b in clauses if a <= at <= b + 1), len(text))
            # up to the clause's end, or the next file it names
            starts = [text.find(f.claim.text, at) for f in paths if f is not finding and f.claim.at > at]
            stop = min([clause_end, *[s for s in starts if s > at]])
            if any(f.claim.accepted is not None for f in items if at < f.claim.at <= stop):
                continue  # an <!-- ok --> after the code the clause puts in the file vouches for both
            anchors = _anchors(text[at:stop], items, at, stop)
            # what the clause put into the file before naming it: "put “Sprint 0: …” at the top of `x.md`"
            begin = next((a for a, b in clauses if a <= at <= b + 1), 0)
            named_at = max(begin, text.rfind(finding.claim.text, 0, at))
            alone = all(not (begin <= f.claim.at <= clause_end) for f in paths if f is not finding)
            if alone and _INTO.search(text[begin:named_at].rstrip("` ")):
                anchors += _anchors("", items, begin, named_at)
            verdict = _home(finding.claim.text, anchors, index)
            if verdict is not None:
                anchor, home, event_id = verdict
                source = next(
                    (s for s in index.by_event.get(event_id, []) if anchor.strip("“”").lower() in s.folded), None
                )
                shown = anchor if anchor.startswith("“") else f"`{anchor}`"
                graded = found(
                    finding.claim,
                    source,
                    f"{shown} is in {home} ({event_id}), not in {finding.claim.text}",
                    CONTRADICTED,
                    advice=f"name {home}, the file the events show it in",
                )
                finding.status, finding.event, finding.excerpt = graded.status, graded.event, graded.excerpt
                finding.reason, finding.advice = graded.reason, graded.advice


# A clause that puts something into a file named after it: "put … at the top of", "added … to", "schrieb … in".
_INTO = re.compile(
    # (bounded: what a clause puts somewhere is said within a sentence; `.*` made a long text quadratic)
    r"\b(?:put|added|wrote|inserted|appended|moved|placed)\b[^\n]{0,300}?"
    r"\b(?:at the (?:top|end|bottom) of|to|into|in)\s*$"
    r"|\b(?:setzte|schrieb|fügte|trug)\b[^\n]{0,300}?\b(?:an den Anfang|ans Ende|in|an)\b[^`\n]{0,300}$"
    r"|\b(?:mis|ajouté|écrit|inséré)\b[^\n]{0,300}?\b(?:en tête de|à la fin de|dans)\s*$",
    re.I,
)


def _anchors(span: str, items: list[Finding], start: int, stop: int) -> list[str]:
    """Code (not a command, not a path), quotes of two words or more and version numbers a clause puts after
    a file's name (or before it, when it says it put them into the file)."""
    out = [
        f.claim.text.strip() if f.claim.kind == CODE_SPAN else f"“{f.claim.text.strip()}”"
        for f in items
        if start < f.claim.at <= stop
        and (f.claim.kind == CODE_SPAN or (f.claim.kind in QUOTE_KINDS and len(f.claim.text.split()) >= 2))
    ]
    out += _VERSION.findall(span)
    return [a for a in out if len(a) >= 4 and not _NOT_CONTENT.search(a)]


# Not what a file holds but a name any file may use: an identifier (`_is_cache_version_compatible`, `main()`,
# called from a test as much as defined), or a file or folder's own name (`.gitignore`, `~/.claude/projects/`).
_NOT_CONTENT = re.compile(r"^[\w$]+(?:\(\))?$|^[~/.]|/$|^[\w-]+\.[A-Za-z]{1,5}$")


def _base_name(path: str) -> str:
    """A path's last part, case-folded, on either separator (`~\\src\\shoot-sorter\\pyproject.toml`: a Windows
    session's file is `pyproject.toml` too)."""
    return re.split(r"[/\\]", path.rstrip("/\\"))[-1].lower()


def _no_file_of_the_session(path: str, index: Sources) -> bool:
    """A bare name no tool of the session touched or named as a file (a package: `discord.js`, `socket.io`)."""
    if "/" in path or "\\" in path:
        return False
    name = _base_name(path)
    return not any(_base_name(touched) == name for _, touched, _ in index.touched)


_GLOB = re.compile(r"[*?\[]")


def _home(path: str, anchors: list[str], index: Sources) -> tuple[str, str, str] | None:
    """(anchor, its file, the event) for the first anchor the events show only in files other than `path`."""
    name = _base_name(path)
    for anchor in anchors:
        folded = anchor.strip("“”").lower()
        holders = {s.id for s in index.sources if s.speaker == TOOL and folded in s.folded}
        if not holders:
            continue
        homes: list[tuple[str, str]] = []
        with_path = False
        for event_id, touched, how in index.touched:
            if event_id not in holders:
                continue
            if _base_name(touched) == name:
                with_path = True
            elif how in ("read", "edit", "write") and not _GLOB.search(touched):
                # (a search over `docs/**/*` names no file: fresh31's ringing, a real model's draft)
                homes.append((touched, event_id))
        # a tool's output that names both (a grep, a diff of several files) says nothing of which holds it
        named_together = any(
            s.speaker == TOOL and folded in s.folded and name in s.folded for s in index.sources if s.id in holders
        )
        if homes and not with_path and not named_together:
            touched, event_id = homes[0]
            return anchor, touched, event_id
    return None


def grade_rejected(findings: list[Finding], index: Sources) -> None:
    """A command told as run whose every call in the session was turned down never ran: "Claude tried
    `uv tool install --reinstall .`" where that line is only in a call the author rejected."""
    for finding in findings:
        claim = finding.claim
        if claim.kind != COMMAND or finding.status != TRACED or claim.accepted is not None:
            continue
        wanted = " ".join(claim.text.strip().strip("`").lstrip("$ ").split())
        if len(wanted) < 6 or " " not in wanted:
            continue
        calls = [
            (event_id, call)
            for event_id, calls_ in index.event_calls.items()
            for call in calls_
            if call.target and wanted in " ".join(call.target.split())
        ]
        if not calls or not all(call.error and _REJECTED.match(call.error) for _, call in calls):
            continue
        if _NOT_RUN.search(claim.block.text):
            continue  # the paragraph tells of it as proposed or turned down ("…, and I turned the checks down")
        lead = claim.block.lead
        if lead is not None and (_NOT_RUN.search(lead.text) or _NO_EFFECT.search(lead.text)):
            continue  # a block its lead-in tells as proposed or as doing nothing ("The command removed no pod:")
        event_id = calls[0][0]
        graded = found(
            claim,
            next(iter(index.by_event.get(event_id, [])), None),
            f"it never ran: the only call of it was turned down ({event_id})",
            CONTRADICTED,
            advice="name the command that ran, or say it was turned down",
        )
        finding.status, finding.event, finding.excerpt = graded.status, graded.event, graded.excerpt
        finding.reason, finding.advice = graded.reason, graded.advice


# A short quoted term that names an error ("„Permission denied“", « accès refusé »): an error message, which the
# failed calls near it must say, though it is too short to be checked as a quote.
_ERRORISH = re.compile(
    r"denied|error|failed|failure|not found|refused|timed? ?out|invalid|missing|forbidden|unauthori[sz]ed|"
    r"exception|no such|cannot|can't|abgelehnt|verweigert|fehler|nicht gefunden|erreur|refusé|introuvable|échec",
    re.I,
)


# An error told by its kind in prose ("failed on a permission error", « une erreur de permission », „ein
# Berechtigungsfehler“, "un error de permisos"): the kind, and what an error of that kind says.
_ERROR_KINDS = {
    "permission": r"permission|denied|EACCES|EPERM|not permitted|forbidden|\b403\b|unauthori[sz]ed",
    "timeout": r"time-?out|timed out|deadline",
    "syntax": r"syntax",
    "network": r"network|connection|ECONN|resolve|DNS|unreachable|socket",
    "encoding": r"encod|decod|unicode|charset",
}
_ERROR_KIND_WORDS = {
    "permission": r"permission|permissions|droits?|permisos?|Berechtigungs|Rechte|Zugriffs",
    "timeout": r"timeout|time-out|délai|Zeitüberschreitungs|Timeout-?|tiempo de espera",
    "syntax": r"syntax|syntaxe|sintaxis|Syntax",
    "network": r"network|connection|réseau|connexion|red|conexión|Netzwerk|Verbindungs",
    "encoding": r"encoding|encodage|codificación|Kodierungs|Encoding-?",
}
_KIND_TOLD = re.compile(
    r"\b(?P<en>" + "|".join(_ERROR_KIND_WORDS.values()) + r")\s+(?:error|failure|problem|issue)\b"
    r"|\berreur\s+(?:de\s+|d['’])(?P<fr>" + "|".join(_ERROR_KIND_WORDS.values()) + r")\b"
    r"|\berror\s+de\s+(?P<es>" + "|".join(_ERROR_KIND_WORDS.values()) + r")\b"
    r"|\b(?P<de>" + "|".join(_ERROR_KIND_WORDS.values()) + r")-?fehler",
    re.I,
)


# An error told by what happened rather than by its name: "the old string was not found", "no se encontró", "el
# emulador no respondía", "ne répondait pas": the kind, and what an error of that kind says.
_ERROR_KINDS["missing"] = (
    r"not found|no such|does not exist|doesn't exist|cannot find|can't find|missing|ENOENT|\b404\b"
)
_ERROR_KINDS["unresponsive"] = _ERROR_KINDS["timeout"] + r"|not respond|unresponsive|\bhang|\bhung|\bANR\b"
_KIND_IN_CLAUSE = {
    "missing": re.compile(
        r"\b(?:was|were|is|are|could not be|couldn't be)\s+not\s+found\b|\bwas(?:n't| not) found\b|"
        r"\bno se (?:encontró|encontraba|encontraron)\b|\bintrouvable\b|\bnicht gefunden\b",
        re.I,
    ),
    "unresponsive": re.compile(
        r"\b(?:did not|didn't|was not|wasn't)\s+respond(?:ing)?\b|\bunresponsive\b|"
        r"\bno (?:respondía|respondió|responde)\b|\bne (?:répondait|répond) (?:pas|plus)\b"
        r"|\b(?:reagierte|antwortete) nicht\b",
        re.I,
    ),
}


def _kind_of(word: str) -> str:
    return next((k for k, p in _ERROR_KIND_WORDS.items() if re.fullmatch(p, word, re.I)), "")


def _failed_calls(index: Sources, near: list[str] | set[str]) -> list[tuple[str, str]]:
    """(event id, error) of every failed call among these events, in the session's order: a call with an error,
    or a run whose output says it failed ("BUILD FAILED in 2m 12s" through `| tail`, which exits 0)."""
    out = []
    for event_id in index.in_order(near):
        for call in index.event_calls.get(event_id, []):
            error = call.error or failure_line(call)
            if error:
                out.append((event_id, error))
    return out


def _against_failure(claim: Claim, index: Sources, failure: tuple[str, str], lead: str, verb: str) -> Finding:
    """A claimed error set against the first failed call near it, which says otherwise."""
    event_id, error = failure
    return found(
        claim,
        next(iter(index.by_event.get(event_id, [])), None),
        f"{lead}; the failed call in {event_id} says: {error.splitlines()[0][:80]}",
        UNTRACED,
        advice=f"{verb} the error as {event_id} gives it",
    )


def grade_error_kinds(blocks: list[Block], index: Sources) -> list[Finding]:
    """An error told by its kind ("a permission error") where every failed call near the paragraph failed
    otherwise ("String to replace not found in file.") and nothing near it names that kind."""
    out: list[Finding] = []
    for block in blocks:
        if not block.cites:
            continue
        near = near_events(index, block.cites)
        failed = _failed_calls(index, near)
        if not failed:
            continue
        text = block.text
        told = [(m, _kind_of(next(g for g in m.groups() if g))) for m in _KIND_TOLD.finditer(text)]
        told += [(m, kind) for kind, pattern in _KIND_IN_CLAUSE.items() for m in pattern.finditer(text)]
        for match, kind in told:
            said = re.compile(_ERROR_KINDS.get(kind, "(?!)"), re.I)
            if not kind or any(said.search(s.text) for s in index.of(near)):
                continue
            claim = Claim(ANY_QUOTE, match.group(0), block.line_at(match.end()), block, at=match.end())
            accept_marked([claim], [])
            if claim.accepted is not None:
                continue
            out.append(_against_failure(claim, index, failed[0], f"no {kind} error near it", "give"))
    return out


def grade_error_terms(blocks: list[Block], index: Sources) -> list[Finding]:
    """Short quoted error messages no event says, in a paragraph whose cited events hold a failed call."""
    out: list[Finding] = []
    for block in blocks:
        if not block.cites:
            continue
        failed = _failed_calls(index, near_events(index, block.cites))
        if not failed:
            continue
        for term in quoted_terms(block.text):
            folded = " ".join(term.lower().split())
            if not _ERRORISH.search(term) or any(folded in s.folded for s in index.sources):
                continue
            at = block.text.find(term) + len(term)
            claim = Claim(ANY_QUOTE, term, block.line_at(at), block, at=at)
            accept_marked([claim], [])
            if claim.accepted is not None:
                continue
            out.append(_against_failure(claim, index, failed[0], "no event says this", "quote"))
    return out
