"""A request or a commit subject rewritten as a title a blogger would keep: what happened, as a short phrase.

"Can you please fix these lint errors?" is the author talking to Claude; a post about it is "Fixing the lint
errors in test_tui.py". The rewrite is deliberately narrow (English, a known verb or a known lead-in) and
leaves every other line as it was: a wrong rewrite is worse than none.

    "Add a Github Action to run tests and linting?"   -> "Adding a GitHub Action to run tests and linting"
    "I'd like your help with refactoring the timeline" -> "Refactoring the timeline"
    "feat: add support for tar archives (.tar, .tgz)"  -> "Adding support for tar archives"
    "I keep getting build errors when MDX files…"     -> "Build errors when MDX files…"
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.extract.requests import clause_cut, split_outside_quotes
from retell.extract.unchatted import announces_a_list, plain_japanese
from retell.lazyre import lazy

PHRASE_CHARS = 72
PHRASE_SLACK = 8
# A polite request's ending in Japanese and Chinese: without it, the request reads as a title
# ("CLAUDE.md を更新してください" -> "CLAUDE.md を更新"; "请帮我修复登录页面" -> "修复登录页面").
_JA_POLITE_END = (
    r"(?:を|(?<=[\u30a0-\u30ff\u4e00-\u9fff]{2})して)?"  # "更新して", "アップデートして": the noun is the work
    r"(?:ください|下さい|くださいませ|ほしい(?:です)?|欲しい(?:です)?|お願いします|お願い)[。！!]*$"
)
_CJK_POLITE_END = _JA_POLITE_END + r"|[吧吗嗎呢]?[。！？!?]*$"
_CJK_POLITE_START = r"^(?:请你?|請你?|麻烦你?|麻煩你?|帮我|幫我|能不能|可以|能否)(?:帮我|幫我)?"

# The verbs a request or a commit starts with, and their -ing form (an explicit list: "set" -> "setting",
# "use" -> "using", and no guess at a word that is not a verb).
_DOUBLED = frozenset(
    re.findall(
        r"\w+",
        """
        set run get put stop map wrap drop trim plan log let cut ship swap strip split skip tag pin chat
        debug plug flag zip prep commit submit admit permit emit embed refer prefer occur control patrol begin
        forget format
        """,
    )
)
_VERBS = frozenset(
    re.findall(
        r"\w+",
        """
        add fix update create make write refactor migrate move remove delete rename implement build set push
        search use read review explain convert replace change clean test debug investigate find check run
        include fill install deploy document improve port split merge upgrade bump generate plan
        summarize summarise analyze analyse optimize optimise speed simplify extract enable disable
        allow handle show hide display render load save parse lint clear reset restore
        revert commit publish translate rewrite restructure reorganize reorganise organize integrate
        connect wire expose introduce drop trim shorten increase reduce rework tidy polish align
        wrap print export import fetch download upload sync validate verify compare benchmark measure
        monitor continue start finish try keep put stop open close launch send store
        mock configure initialize scaffold bootstrap embed resolve prevent avoid ensure
        give get cut ship swap strip skip tag pin look describe prepare collect gather identify
        inspect audit examine diagnose reproduce solve tweak adjust modify edit extend expand shrink
        rewire unify consolidate separate deduplicate dedupe remember write list correct harden
        explore research study trace locate evaluate assess
        take report mark warn raise retry toggle collapse exclude ignore escape attach apply accept reject require
        downgrade pull tune train scrape notify schedule automate archive highlight rearrange reorder insert
        append prepend paginate truncate flatten bind emit encode decode rotate stream embed
        block provide propose suggest design draft outline sketch abort cancel debounce throttle
        tolerate match count support sort filter round calculate compute recompute normalize normalise pad treat
        detect flag clamp limit cap catch recognize recognise guard respect honour honor default
        """,
    )
)
# Lead-ins that say who asks, not what: what follows them is the request.
_LEAD_INS = [
    r"(?:yes|yeah|yep|sure|great|perfect|thanks|thank you|cool|nice|excellent|fine)(?: please)?[\s,.!]*"
    r"(?:and |but |so )?",
    r"I think (?:that )?(?:for now )?",
    r"I(?:'ve| have)? (?:was |been )?thinking (?:that |about )?(?:maybe )?",  # "so I was thinking we could…"
    r"(?:maybe|perhaps) (?=(?:we|I|you) )",
    r"(?:we|I)(?:'re| are|'m| am) going to\s+",
    r"(?:oh|ah|hmm+|wait|ok(?:ay)?|so|now|also|then|alright|right)\b[\s,.!:;—–-]*",
    # a connective ties the message to what came before, which the heading does not show ("But I'd like…")
    r"(?:but|however|anyway|and|though)\b[\s,.!:;—–-]*",
    r"(?:ask|beg) you to\s+",  # "I'd like to ask you to add…": what follows is the request
    r"I(?:'d| would) (?:really )?(?:like|love) (?:your help (?:with|to)|you to|to|help (?:with|to))\s+",
    r"I (?:want|need|wanna)(?: you)? to\s+",
    r"(?:we|I) (?:need|have to|want|should|must|could|can|will|'ll|might|would (?:want|like|need) to|'d (?:want|like|"
    r"need) to) (?:to |also |now |probably )*(?=\w)",
    r"let'?s (?:also |now |just |try (?:to |and )?)*",
    r"help (?:me |us )?(?:to )?(?=\w)",
    r"how (?:can|do|could|should|would) (?:I|we|you)(?: best)? (?=\w)",
    r"(?:quick (?:q|question)|qq|random question|real quick)\b[\s,.!:;—–-]*",
    r"(?:please|pls|kindly)\s+",
    r"(?:ultrathink|think (?:hard|harder|deeply))\b[\s,.:;!-]*",  # Claude Code's thinking keywords, not the request
    r"(?:can|could|would|will) you(?: please)?(?: help (?:me |us )?(?:to )?)?\s+",
    # "can we also make those relationships lazy?": a change asked for as "can you" asks it, not a question to find out
    # (only before a verb of change: "can we use postgres here?" may be a question the session answered with a no)
    r"(?:can|could) we (?:please |also |now |just )*(?=(?:make|add|change|fix|remove|delete|rename|move|split|merge|"
    r"replace|convert|extract|drop|wrap|rewrite|refactor|simplify|update|upgrade|enable|disable|"
    r"create|write|build|implement|migrate)\b)",
]
# A how-to question ("what's the cleanest way to…", "is there a good way to…"): the step it asks about follows
_HOW_TO = (
    r"(?i)^(?:what(?:'s| is)|is there) (?:the |a |an )?(?:cleanest|best|simplest|easiest|right|proper|correct|"
    r"idiomatic|nicest|preferred|recommended|standard|good|clean|nice|simple|easy|sane|sensible) (?:way|approach) "
    r"(?:to|of) "
)


def how_to_question(line: str) -> bool:
    """Whether a line is a how-to question ("What's the cleanest way to debounce…"), its mark dropped or not."""
    return bool(re.match(_HOW_TO, line.strip()))


# First-person reports: what follows is the subject ("I keep getting build errors when…" -> "Build errors when…").
_REPORTS = (
    r"I(?: keep (?:getting|seeing|hitting)| am getting|'m getting|'m seeing| am seeing|"
    r" (?:just )?(?:noticed|found out|found|saw) that)\s+"
)
_MULTIWORD = {
    "have a look at": "looking at",
    "take a look at": "looking at",
    "have a look": "looking at it",
    "make sure": "making sure",
    "set up": "setting up",
    "clean up": "cleaning up",
    "look into": "looking into",
    "look at": "looking at",
    "find out": "finding out",
    "figure out": "figuring out",
    "get rid of": "getting rid of",
    "go through": "going through",
    "walk me through": "walking through",
    "hand over": "handing over",
    "hand off": "handing off",
    "rip out": "ripping out",
    "tear out": "tearing out",
    "back out": "backing out",
}
# search/check/see whether… -> "Finding out whether…"
_WHETHER = r"(?:search|check|see|find out|investigate|research|test|verify) (?:if|whether)\s+"
_CONVENTIONAL = r"(?i)^(?:feat|fix|docs|chore|refactor|test|tests|style|perf|build|ci|milestone)(?:\([\w./-]+\))?!?:\s*"
_NAMES = {
    "github": "GitHub",
    "gitlab": "GitLab",
    "javascript": "JavaScript",
    "typescript": "TypeScript",
    "macos": "macOS",
    "pypi": "PyPI",
    "vscode": "VS Code",
    "nodejs": "Node.js",
    "readme": "README",
}
# The folders in front of a file's name ("claude_code_log/templates/index.html" -> "index.html")
_FOLDERS = r"(?<![\w./~:@-])(?:[\w.-]+/)+(?=[\w-]+\.[A-Za-z][\w]{0,5}\b)"
_LINK_REST = r"\s*:\s+[\w.-]+\.[a-z]{2,}(?:/\S*)?$"
# "I want the export to include…": what the author wants a thing to do
_WISH = (
    r"(?i)^(?:\w+[,.!]?\s+)?I(?: want| need|'d like| would like) "
    r"((?:the|this|that|my|our|it|them)\b.*?) to (\w+)\b(.*)$"
)
_DEICTIC = re.compile(r"(?i)\b(these|those|this)\s+([A-Za-z][\w']*)")
# What follows a "this"/"these" that is not a thing's name: a word that joins or goes on ("this is", "these and"),
# a verb ("so this gets caught", "so these pass", "this broke"), or a time ("this week" is not "the week")
_NOT_A_THING_WORDS = (
    "is are was were and or to in on for with so but one ones will would should could can might must may does did do "
    "has had have isn't aren't wasn't weren't won't wouldn't shouldn't can't doesn't don't didn't hasn't haven't "
    "broke went got came made took ran threw kept left fell became began "
    "time times way morning afternoon evening week weekend month year sprint release"
)
_NOT_A_THING = frozenset(_NOT_A_THING_WORDS.split())
# a plural "these"/"those" goes on with a verb's bare form: "so these pass again"
_PLURAL_VERB_WORDS = (
    "fail pass work break need run show look seem keep get go come crash hang appear happen return throw match exist "
    "stay take make cause mean use stop start end still all both"
)
_PLURAL_VERBS = frozenset(_PLURAL_VERB_WORDS.split())


def _as_the(match: re.Match[str]) -> str:
    """A pointer before a thing's name as "the" ("these lint errors": "the lint errors"); one that stands for
    the thing itself ("so this gets caught") kept."""
    pointer, word = match.group(1), match.group(2)
    lower = word.lower()
    if lower in _NOT_A_THING:
        return match.group(0)
    if pointer.lower() == "this":
        # a verb after a singular "this": "gets", "works", "happened" (never a noun's plural; "class", "status",
        # "analysis" and "seed" are nouns)
        if (lower.endswith("s") and not lower.endswith(("ss", "us", "is", "as"))) or (
            len(lower) > 4 and lower.endswith("ed") and not lower.endswith("eed")
        ):
            return match.group(0)
    elif lower in _PLURAL_VERBS:
        return match.group(0)
    return f"the {word}"


_EMPTY_OBJECT = r"^(?:these|those|this|that|it|them|everything|all of (?:these|them|this))$"


def is_verb(word: str) -> bool:
    """Whether a word is one of the verbs a request or a commit starts with."""
    return word.lower() in _VERBS


def gerund(verb: str) -> str:
    verb = verb.lower()
    if verb in _DOUBLED:
        return verb + verb[-1] + "ing"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    return verb + "ing"


_FRENCH = lazy(r"(?i)\b(?:est-ce|le|la|les|des|du|une|pour|vaut|c'est|qu'|est|sont|nous|vous|pas)\b")


def as_phrase(text: str, objects: Sequence[str] = (), limit: int = PHRASE_CHARS) -> str:
    """`text` (one tidied line: a request, a commit subject) as a phrase that says what happened; `objects`:
    what the work touched (short file names), named when the request only says "these" or "this". The text
    as it was (cut between clauses when long) when it is no request this knows how to rewrite."""
    line = re.sub(_CONVENTIONAL, "", text.strip())
    # "(Phase 2 from docs/…)": an aside, not the point; not when a Japanese particle follows it: "orders テーブルの
    # (shop_id, created_at) に…" names the columns
    line = re.sub(r"\s*\([^()]*\)(?!\s*[\u3040-\u309f])", "", line).strip()
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", line):  # (Korean too: "npm test 돌리면…" keeps its case)
        line = plain_japanese(line)  # "…を調べてください" -> "…を調べる", never the stem "…を調べ"
        tidied = re.sub(_CJK_POLITE_START, "", re.sub(_CJK_POLITE_END, "", line)).strip()
        return tidied if len(tidied) >= 4 else line
    line = re.sub(
        r"(?i),\s*in (?:\d+|one|two|three|four|five|ten) (?:bullet points|bullets|sentences|words|lines|paragraphs),",
        "",
        line,
    )
    line = re.sub(
        r"(?i)^((?:can you |please )?(?:list|explain|tell me|summari[sz]e|describe) )what (?:are|is) the\b",
        r"\1the",
        line,
    )
    asked = line.endswith(("?", "？"))
    mark = " ?" if re.search(r"\s\?$", line) and _FRENCH.search(line) else "?"  # French: "vaut le coup ?"
    line = line.rstrip("?？!. ")
    rewritten = _rewrite(line, objects)
    if rewritten is None:  # a statement kept as the author put it, "All of texts…" mended to "All of the texts…"
        phrase = re.sub(
            r"(?i)\b(all|some|most|none|each|many|both) of (?!(?:the|these|those|them|us|it|my|our|your|their|its)\b)"
            r"(?=[a-z]+s\b)",
            r"\1 of the ",
            _first_clause(line),
        ) + (mark if asked else "")
    else:  # "change the TUI that it launches…" says "so that"
        phrase = re.sub(
            r"(?i)^((?:changing|making|updating|modifying) (?:the )?[\w.-]+) that (it|they)\b",
            r"\1 so that \2",
            rewritten,
        )
        phrase = _made_to(phrase)
    phrase = re.sub(r"(?i)(?<=[\w\])`]),?\s+(?:here|now|for now|then|too|as well|please)$", "", _named(phrase))
    # "…a notebook so that I can test each step": why the author wanted it, not what happened
    phrase = re.sub(r"(?i)(?<=[\w)\]`'\"]),?\s+so (?:that )?(?:I|we) (?:can|could|might|may)\b.*$", "", phrase)
    phrase = re.sub(_FOLDERS, "", phrase)  # "the diff of claude_code_log/renderer.py": the file is named enough
    phrase = re.sub(_LINK_REST, "", phrase)  # "failing on CI: github.com": what is left of a link
    if len(phrase) > limit + PHRASE_SLACK:  # a whole phrase a little over the limit reads better than a cut one
        phrase = clause_cut(phrase, limit + PHRASE_SLACK, shortest=16) or phrase
    phrase = without_loose_end(tidy_grammar(phrase) if rewritten is not None else phrase)
    from retell.extract.title_forms import IDENTIFIER

    return phrase if IDENTIFIER.match(phrase) else phrase[:1].upper() + phrase[1:]


# A chat request's shorthand, as a blogger writes it: "create TODO app by Next.js" is "Creating a TODO app with
# Next.js"; "with Haiku model" is "with the Haiku model". Only a named thing (capitalised, or a `.js` name) and
# a noun of a thing built: the article or the preposition is grammar, never a fact the session did not show.
_BUILT = (
    r"app|application|website|site|page|tool|script|bot|game|server|dashboard|component|notebook|library|"
    r"extension|plugin|CLI|API|service|project|template|theme|landing page|blog"
)
_NAMED = r"(?:[A-Z][\w.+#-]*|[\w-]+\.js)"
_BARE_BUILT = lazy(
    r"(?i)^((?:creating|building|making|writing|setting up|adding|scaffolding|starting) )"
    r"(?!(?:a|an|the|my|our|some|this|that|these|its|their)\b)"
    r"(?-i:((?:" + _NAMED + r"|[a-z][\w-]*)(?: " + _NAMED + r")?) )?"
    r"(?i:(" + _BUILT + r"))"
    r"(?=$|[,.:;]|\s(?:with|for|in|using|that|to|on|by|and|from|which)\b)"  # the thing, not "page numbers"
)
_BY_TOOL = lazy(
    r"(?i)^((?:creating|building|making|writing|setting up|scaffolding) (?:\S+ ){0,3}?(?:" + _BUILT + r")s?) "
    r"by (?-i:(" + _NAMED + r"))"
)
_BARE_MODEL = lazy(
    r"\b(with|using|in|on|for|to|and) (?!the\b)(" + _NAMED + r") "
    r"(model|framework|library|API|plugin|extension|package|tool)\b(?!s)"
)


def tidy_grammar(phrase: str) -> str:
    """A rewritten request's missing article and "by <tool>" mended (see _BUILT)."""
    phrase = _BY_TOOL.sub(r"\1 with \2", phrase)
    bare = _BARE_BUILT.match(phrase)
    if bare:
        article = "an" if (bare.group(2) or bare.group(3))[:1].lower() in "aeio" else "a"
        phrase = f"{bare.group(1)}{article} {phrase[len(bare.group(1)) :]}"
    return _BARE_MODEL.sub(r"\1 the \2 \3", phrase)


# Words a phrase cannot end on: what followed them was cut ("…with the title "Implementation details" and")
_LOOSE_END = lazy(r"(?i)[\s,;:–—-]+(?:and|or|but|the|a|an|which|then)$")


def without_loose_end(phrase: str) -> str:
    """`phrase` without a last word that needs what was cut after it."""
    while True:
        cut = _LOOSE_END.sub("", phrase)
        if cut == phrase or len(cut.split()) < 2:
            return phrase
        phrase = cut


# Verbs whose object may be a clause ("Check printer is online", "Ensure cache is warm"): a request as it stands
_CLAUSE_VERBS = frozenset({"check", "ensure", "verify", "confirm", "assert", "prove", "show", "make"})


def _rewrite(line: str, objects: Sequence[str]) -> str | None:
    """The -ing phrase of a request, or None when it is none this knows (another language, a statement…)."""
    tag = re.match(r"^\[([^\]]{6,60})\]:", line)
    if tag:  # "[engine lifecycle phase 4]: please plan…": the author named the work
        return tag.group(1)
    what = re.match(r"(?i)^what (?:are|is) (the \w.+?)(?: that (?:are|is))? (available to|in|on|of|for) you$", line)
    if what:
        return f"{what.group(1)} {what.group(2)} Claude"
    wish = re.match(_WISH, line)
    if wish and wish.group(2).lower() not in ("be", "have", "do", "go"):
        # "i want the export to include the timestamps" -> "making the export include the timestamps"
        thing = re.sub(r"(?i)^(?:this|that|my|our)\b", "the", wish.group(1))
        return _first_clause(f"making {thing} {wish.group(2)}{wish.group(3)}")
    existential = re.match(r"(?i)^there(?:'s| is| are) (?=(?:a|an|some)\s)", line)
    if existential:  # "There is a bug where the sidebar overlaps…" -> "A bug where the sidebar overlaps…"
        return _first_clause(line[existential.end() :])
    rest = line
    for _ in range(4):  # "OK, so I'd like you to…": lead-ins stack
        before = rest
        for lead in _LEAD_INS:
            rest = re.sub(r"(?i)^" + lead, "", rest).lstrip(" ,")
        how_to = re.match(_HOW_TO, rest)
        if how_to and rest[how_to.end() :].split(" ", 1)[0].lower() in _VERBS:
            rest = rest[how_to.end() :]  # "quick q, what's the cleanest way to debounce…": the work it names
        if rest == before:
            break
    first, _, tail = rest.partition(" ")
    wants = re.search(
        r"(?i)\b(?:I (?:want|'d like|would like|need) to|(?:so|and|now) (?:we|I) (?:should|need to|must|want to)|"
        r"[,;]\s*(?:and |but |so )?(?:please|can you|could you|would you)(?: please)?(?: also)?) "
        r"((\w+) .+)$",
        rest,
    )
    # "The timeline hides whole groups when I filter, please fix it": the ask points back at what was said
    pointed_ask = bool(
        wants
        and wants.group(0)[:1] in ",;"
        and re.match(r"(?i)^(?:it|this|that|them|these|those)\b", wants.group(1).partition(" ")[2])
    )
    if first.lower() not in _VERBS and wants and wants.group(2).lower() in _VERBS | {"pick"} and not pointed_ask:
        # "This was just so you know…, but I want to pick it up again and fix the APIs"; "There's only a README.md
        # there, please also fill in the readme": the ask comes after what the author saw
        return _coordinated(_objected(gerund(wants.group(2)), _first_clause(wants.group(1).partition(" ")[2]), objects))
    rest = _first_clause(rest)
    failing = re.search(
        r"(?i)\b(?:a lot of |some |many |most |all |several |a few |a couple of )?(?:of )?(?:the |our )?"
        r"((?:[\w-]+ )?tests?) (?:are|is|were|keep) (?:now )?(?:failing|broken|red|unhappy)",
        rest,
    )
    if failing:  # "…and a lot of the browser tests are failing": the work was fixing them
        return f"fixing the failing {failing.group(1)}"
    report = re.match(r"(?i)^" + _REPORTS, rest)
    if report:
        return rest[report.end() :]
    whether = re.match(r"(?i)^" + _WHETHER, rest)
    if whether:
        return "finding out whether " + rest[whether.end() :]
    lower = rest.lower()
    for words, ing in _MULTIWORD.items():
        if lower.startswith(words + " ") or lower == words:
            return _coordinated(_objected(ing, rest[len(words) :].strip(), objects))
    first, _, tail = rest.partition(" ")
    # "Deploy is failing"; "Default printer is the ribbon one", "Test runner is flaky": a noun before a noun and its
    # verb, no ask (a verb whose object is a clause keeps it: "Check printer is online")
    subject = bool(re.match(r"(?i)^(?:is|are|was|were|keeps|fails|has|still|isn'?t|doesn'?t)\b", tail)) or (
        first.lower() not in _CLAUSE_VERBS
        and re.match(
            r"(?i)^(?!(?:the|a|an|this|that|my|our|your|its|sure)\b)[\w/.-]+\s+(?:is|are|was|were|isn'?t|aren'?t)\b",
            tail,
        )
        is not None
    )
    cased = first[:1].islower() or (first[:1].isupper() and first[1:].islower())
    if first.lower() in _VERBS and not subject and cased:
        if first.lower() == "make" and re.match(r"(?i)^(?:this|it) possible to\s+", tail):
            tail = re.sub(r"(?i)^this\b", "it", tail)
        return _coordinated(_objected(gerund(first), tail, objects))
    asked = _question(rest)
    if asked:  # "Which conda environment am I in?" is no heading: "Finding out which conda environment I am in"
        return asked
    if rest is not line and rest:  # a lead-in was taken off ("I keep getting …"): the rest is the point
        return None if re.match(r"(?i)^(?:what|why|how|which|who|where|when|is|are|do|does)\b", rest) else rest
    return None


# A question to Claude, said as what the stretch did: finding out. Only the shapes whose word order can be put
# back without knowing the verb ("do we need X" -> "whether we need X"; "does it work" is left as it was).
_ASKED_WHO = r"(?:I|we|you|it|they|there)"  # not "this": "is this button…" is no subject
_YES_NO = r"(?i)^(do|is|are|was|were|can|could|should|would|will|must)\s+(" + _ASKED_WHO + r")\s+(\S.*)$"
_WH = (
    r"(?i)^(which|what|where|why|how|when|who)\b\s*((?:[\w.-]+\s+){0,4}?)"
    r"(am|is|are|was|were|do|can|should|would|will)\s+(" + _ASKED_WHO + r")\b\s*(.*)$"
)
_HEDGES = r"(?i)\s+(?:even|actually|really|ever|possibly|maybe)\b|\s+(?:then|now|at all|anymore|here|though)$"


def _question(line: str) -> str | None:
    line = re.sub(_HEDGES, "", re.sub(_HEDGES, "", line)).strip()
    yes_no = re.match(_YES_NO, line)
    if yes_no:
        aux, who, rest = yes_no.groups()
        aux = "" if aux.lower() == "do" else aux.lower() + " "
        who = who if who == "I" else who.lower()
        if who == "you" or len(rest.split()) < 2:  # "can you…" is a request, taken off as a lead-in before this;
            return None  # "is it done?" names nothing to find out
        return f"finding out whether {who} {aux}{rest}"
    wh = re.match(_WH, line)
    if wh:
        word, thing, aux, who, rest = wh.groups()
        if who.lower() == "you":
            return None
        aux = "" if aux.lower() == "do" else aux.lower()
        who = who if who == "I" else who.lower()
        said = " ".join(w for w in (word.lower(), thing.strip(), who, aux, rest) if w)
        return "finding out " + said
    return None


def _made_to(phrase: str) -> str:
    """ "changing TUI so that it launches the page" -> "making the TUI launch the page": the change said by what
    it makes the thing do (only "it": "they" may be other things than the one changed)."""
    made = re.match(r"(?i)^(?:changing|updating|modifying) (the |our |my )?([\w.-]+) so that (it) (\w+)\b(.*)$", phrase)
    if not made:
        return phrase
    article, thing, who, verb, rest = made.groups()
    if who.lower() == "it":  # "launches" -> "launch"
        if not verb.endswith("s") or verb.endswith("ss") or verb.lower() in ("is", "has", "was", "does"):
            return phrase
        verb = (
            verb[:-3] + "y"
            if verb.endswith("ies")
            else verb[:-2]
            if re.search(r"(?:ch|sh|x|z|ss)es$", verb)
            else verb[:-1]
        )
    return f"making {(article or 'the ').lower()}{thing} {verb}{rest}"


def _first_clause(line: str) -> str:
    """Up to a comma that starts a new clause ("…in a better way, I need to access…")."""
    return re.split(r",\s+(?=(?:I|we|it|this|that|but|so|which|then|if)\b)", line, maxsplit=1)[0]


def _coordinated(phrase: str) -> str:
    """ "adding X and fix Y" -> "adding X and fixing Y": a second verb joined by "and" takes -ing too; "and tell me
    why it crashes" is "and finding out why it crashes"."""
    phrase = re.sub(
        r"(?i)\band (?:then )?(?:tell|show|explain to) (?:me|us) (why|what|how|where|whether|if|which|who)\b",
        lambda m: f"and finding out {'whether' if m.group(1).lower() == 'if' else m.group(1).lower()}",
        phrase,
    )
    head, colon, rest = phrase.partition(":")  # "the plan: rotate the token and fix…" is a quote of the plan
    return (
        re.sub(
            r"(?i)\b(and|then) (?:(?:just|also|then) )?(\w+)\b",  # ("and just include": "and including")
            lambda m: f"{m.group(1)} {gerund(m.group(2))}" if m.group(2).lower() in _VERBS else m.group(0),
            head,
        )
        + colon
        + rest
    )


def _objected(ing: str, tail: str, objects: Sequence[str]) -> str:
    """The verb with its object, "these lint errors" as "the lint errors", a bare "these" as the files."""
    tail = _DEICTIC.sub(_as_the, tail)
    if re.match(_EMPTY_OBJECT, tail, flags=re.I) or not tail:
        named = _objects(objects)
        return f"{ing} {named}" if named else f"{ing} {tail}".strip()
    if len(objects) == 1 and re.match(
        r"(?i)^the (?:\w+ ){0,2}(?:tests|errors|warnings|issues|bugs|lint errors)$", tail
    ):
        return f"{ing} {tail} in {objects[0]}"
    return f"{ing} {tail}"


def _objects(objects: Sequence[str]) -> str:
    if not objects:
        return ""
    if len(objects) == 1:
        return objects[0]
    if len(objects) == 2:
        return f"{objects[0]} and {objects[1]}"
    return ""


def _named(phrase: str) -> str:
    return re.sub(
        r"(?<![\w./-])(" + "|".join(_NAMES) + r")(?![\w./-])", lambda m: _NAMES[m.group(1).lower()], phrase, flags=re.I
    )


# Sentences that open a message without asking anything ("Fair enough. Can you write…").
_CHATTER = lazy(
    r"(?i)^(?:fair enough|sorry(?: to interrupt)?|never ?mind|oh no|oops|excellent(?: work)?|great(?: work| job)?|"
    r"perfect|awesome|nice(?: work| one)?|thanks?(?: you)?(?: so much)?|thank you|got it|I see|interesting|"
    r"good (?:catch|point|idea)|makes sense|cool|wow|hmm+|ok(?:ay)?|alright|"
    r"yes|yeah|yep|yup|sure|no|nope)\b[\s,.!:;]*(?:thank you|thanks)?[\s,.!]*$"
)


def request_phrase(request: str, objects: Sequence[str] = (), limit: int = PHRASE_CHARS) -> str | None:
    """The phrase of a tidied request (`clean_request`'s line): its first sentence that says more than chatter
    and more than a pointer, rewritten (`as_phrase`); None when every sentence is chatter."""
    # "commit + push": two verbs joined by a plus are said with "and" ("Committing and pushing")
    request = re.sub(r"(?i)\b(\w+)\s*\+\s*(\w+)\b", _plus_in_words, request)
    phrases = [
        as_phrase(sentence, objects, limit)
        for sentence in map(str.strip, split_outside_quotes(r"(?<=[.!?。！？])\s+", request)[:3])
        if sentence and not _CHATTER.match(sentence)
    ]
    if len(phrases) > 1 and re.match(_CONTEXT, phrases[0]):
        # "I'm working on a Rust CLI. Help me add subcommands": the context, then the request
        asked = next((p for p in phrases[1:] if p.split(" ", 1)[0].endswith("ing") and not says_nothing_alone(p)), None)
        if asked:
            return _which_ones(phrases[0], asked)
    # the first that says something on its own ("I don't like this idea. Can you list its weak points?")
    return next((p for p in phrases if not says_nothing_alone(p)), phrases[0] if phrases else None)


# What a scene counts ("We have like 60 feature flags in LaunchDarkly…"): what "which ones" asks about
_COUNTED_THINGS = lazy(
    r"(?i)^(?:I|we) (?:have|'ve got|got) (?:like |about |around |some |roughly |~)?\d+\s+"
    r"(?P<things>[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}?)(?P<where> (?:in|on|at) (?:the |our |my )?[\w.-]+)?"
    r"(?=\s+(?:and|that|which|but)\b|[,.]|$)"
)


def _which_ones(scene: str, asked: str) -> str:
    """The ask with "which ones" said as the things the scene counted ("Figuring out which ones are never read"
    after "We have like 60 feature flags in LaunchDarkly" -> "Figuring out which feature flags in LaunchDarkly
    are never read"); the ask as it was when the scene counts nothing."""
    counted = _COUNTED_THINGS.match(scene)
    if not counted or not re.search(r"(?i)\bwhich (?:ones|of them)\b", asked):
        return asked
    things = counted.group("things") + (counted.group("where") or "")
    return re.sub(r"(?i)\bwhich (?:ones|of them)\b", f"which {things}", asked, count=1)


def _plus_in_words(match: re.Match[str]) -> str:
    """ "commit + push" -> "commit and push"; "C + Rust" stays."""
    first, second = match.group(1), match.group(2)
    return f"{first} and {second}" if {first.lower(), second.lower()} <= _VERBS else match.group(0)


# A sentence that sets the scene before the request ("I'm working on a Rust CLI.", "This is a Next.js project.")
_CONTEXT = r"(?i)^(?:I'm|I am|we're|we are|I've|I have|we have|we've|this is|it's|here's|there's) "


def rewrites(request: str) -> bool:
    """Whether `as_phrase` knows how to say this request as what happened (not just tidy it)."""
    line = re.sub(_CONVENTIONAL, "", request.strip())
    line = re.sub(r"\s*\([^()]*\)", "", line).strip().rstrip("?？!. ")
    return _rewrite(line, ()) is not None


# A phrase that only points at what the reader cannot see ("This is not supported by Chrome", "The library is
# setting it") or gives an opinion ("I don't like this idea"): true in the session, empty in a heading.
_POINTING_START = frozenset(["this", "that", "it", "these", "those", "they", "here", "it's", "that's", "here's"])
_POINTING_END = frozenset({"it", "this", "that", "them", "there", "here"})
_VERDICT = frozenset(
    ["still", "again", "broken", "works", "working", "done", "fixed", "same", "wrong", "better", "worse", "nope"]
)
# A go-ahead ("Go ahead with option 2", "Proceed with the plan"): Claude's options are the subject, not shown
_GO_ON = r"(?i)^(?:go ahead|go for|proceed|continue|yes|yeah|yep|ok(?:ay)?|sure|do it|next|let'?s go)\b"
_OPINION = r"(?i)^I (?:\w+ )?(?:don't|do not|didn't|think|like|feel|guess|believe|love|hate|agree|wonder|wish)\b"
# A preamble that announces what follows without saying it ("I'll tell you what I have observed")
_PREAMBLE = (
    r"(?i)^(?:I(?:'ll|ll| will|'m going to| am going to) (?:tell|show|explain|describe|share|give) (?:you|it)|"
    r"let me (?:tell|show|explain)|here(?:'s| is) (?:what|the thing))\b"
)
# Work named by nothing of its own ("Making a little experiment"), or a scene set ("Pretend we have a list…")
_VAGUE = (
    r"(?i)^(?:\w+ing (?:a |an |some |the |this |that )?(?:little |small |quick |tiny |simple |few |couple of )?"
    r"(?:experiment|try|thing|stuff|something|changes|tweak|idea)s?|"
    r"(?:pretend|imagine|suppose|assume|let'?s say|say)\b.*)$"
)
# What only the author and Claude saw (a screenshot, "above"), or a report of progress that names none
_SEEN = (
    # ("the image" the author pasted; not "the image resizer", a thing of the project)
    r"(?i)\b(?:screen ?shots?|the (?:image|picture|attachment)(?!\s+(?:[a-z]+(?:er|or)|upload|cache|pipeline|"
    r"service|processing|component|gallery|url|path|tag|size|format)s?\b)|attached|"
    r"as you can see|see (?:above|below))\b|"
    r"^there(?:'s| is| are) (?:some |a bit of |a little |more |good |no )?progress\b|"
    r"^(?:some|a bit of|a little|more|good) progress\b"
)
# A connective alone: the rest of its sentence was cut away ("However")
_CONNECTIVES = frozenset(["however", "but", "and", "so", "also", "then", "anyway", "though", "still", "because"])


def says_nothing_alone(phrase: str) -> bool:
    """Whether a phrase made of the author's words points at something it does not name, or is an opinion,
    not what happened (an -ing phrase says what happened; CJK text is left to its own rules)."""
    words = [w.strip(",.;:!?") for w in phrase.split()]
    if announces_a_list(phrase):
        return True  # "Three quick things": what they were, the requests that follow say
    if not words or re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", phrase):
        return False
    first = words[0].lower().replace("\u2019", "'")
    if len(words) <= 2 and words[-1].lower() in _POINTING_END:
        return True  # "Committing this", "Fixing it"
    if re.match(_VAGUE, phrase):
        return True  # "Making a little experiment": could head any session
    if first.endswith("ing"):
        return False
    if re.search(_SEEN, phrase):
        return True  # "Some progress: in the first screenshot": the reader sees no screenshot
    if re.match(
        r"(?i)^there(?:'s| is| are)(?: not|n't| isn't| nothing| no| much| little)\b", phrase.replace("\u2019", "'")
    ):
        return True  # "There's isn't much to see here"
    if len(words) <= 2 and first in _CONNECTIVES:
        return True
    if re.match(_PREAMBLE, phrase.replace("\u2019", "'")):
        return True
    if first in _POINTING_START or re.match(_OPINION, phrase) or re.match(_GO_ON, phrase):
        return True
    if len(words) <= 2 and _VERDICT & {w.lower() for w in words}:
        return True  # "Still broken", "Works now"
    return len(words) <= 6 and words[-1].lower() in _POINTING_END


HEADING_WORDS = 9  # a heading a reader takes in at a glance
TITLE_WORDS = 11  # a title may say more, not a paragraph
# Where a phrase may end with what it says still whole: before a clause that explains, qualifies or adds
_TRAILING = lazy(
    r"\s(?=(?:so that|so (?:I|we) can|rather than|instead of|in order to|because|that's|which|while|when|by)\s)|"
    r"(?<!\sso)\s(?=that\s)|,\s(?=(?:and|but|so|then|which|to|with|using|I|we|it|this|that)\s)|"
    r",\s(?=(?:always|never|usually|sometimes|mostly|only|every time)\s)"
)


def short_enough(phrase: str, words: int = HEADING_WORDS, keep: float = 0.0) -> str:
    """`phrase` cut before a trailing clause ("Disabling the MD034 rule that's causing issues with…" ->
    "Disabling the MD034 rule") when it runs past `words`: the longest cut that fits and keeps three words (and
    the share `keep` of them: a title cut to "Mysterious build errors" lost what they were); the phrase as it
    was when none does (never "…": a heading cut mid-thought reads as a mistake)."""
    if len(phrase.split()) <= words or re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", phrase):
        return phrase
    if re.match(_ASKS, phrase):
        return phrase  # a question cut before its clause asks nothing ("Why would a query"): whole, or not at all
    shortest = max(3, keep * len(phrase.split()))
    cuts = [phrase[: m.start()].rstrip(" ,;:-–—") for m in _TRAILING.finditer(phrase)]
    fitting = [c for c in cuts if shortest <= len(c.split()) <= words and not _dangling(c)]
    return max(fitting, key=len) if fitting else phrase


# A question by its opening: what it asks is at its end
_ASKS = r"(?i)^(?:why|how|what|when|where|which|who|is|are|does|do|did|can|could|would|should|will)\s"


def _dangling(cut: str) -> bool:
    """A cut that ends on a word that needs what followed ("Making sure", "Changing the")."""
    return cut.split()[-1].lower() in _NEEDS_MORE


_NEEDS_MORE = frozenset({"the", "a", "an", "to", "of", "sure", "for", "with", "and", "or", "whether", "so"})


# A request that names no work of its own: it points at instructions the reader cannot see
_ELSEWHERE = (
    r"(?i)\b(?:using|following|per|from|according to|as described in|described in|in) (?:the|my|our) "
    r"(?:instructions?|plan|spec|steps|description|notes|task|todo)\b"
)


# A manner that says only that it was better ("in a better way", "properly"): Claude's restatement says how
_VAGUE_MANNER = (
    r"(?i)\b(?:in|with) (?:a |an )?(?:better|nicer|cleaner|proper|smarter|different|good|right|more \w+) "
    r"(?:way|manner|fashion)\b|\b(?:properly|better|correctly)$"
)


def vague_manner(phrase: str) -> bool:
    """Whether a phrase says only that the work was done better ("Using the models in a better way")."""
    return bool(re.search(_VAGUE_MANNER, phrase))


def points_elsewhere(phrase: str) -> bool:
    """Whether a phrase sends the reader to instructions they cannot see ("Writing the program using the
    instruction in README.md": which program?)."""
    return bool(re.search(_ELSEWHERE, phrase))


# The chores that close a piece of work: committing, pushing, a changelog line, the notes, closing the issue
_CHORE = lazy(
    r"(?i)^(?:\w+ing )?(?:the |a |an )?(?:(?:committing|commit|pushing|push)"
    r"(?:\s+(?:it|them|this|everything|the changes|the work|all|to \S+))?$|"  # not "Merging the research branches"
    r"(?:changelog|notes?|todo)(?: (?:line|entry|file))?(?= to\b| with\b|$)|"  # not "a TODO app"
    r"closing (?:the |this )?(?:issue|ticket|pr|pull request)|opening (?:a |the )?(?:pr|pull request))\b"
)


def closing_chores(phrase: str) -> bool:
    """Whether every part of a phrase is a closing chore ("Updating the notes file to say done and committing")."""
    parts = [p for p in re.split(r"(?i),\s*|\s+and\s+|\s+then\s+", phrase) if p.strip()]
    return bool(parts) and all(_CHORE.match(p.strip()) for p in parts)
