"""The facts a draft states, found in its prose: quotes (and who they are attributed to), paths, commands
and other inline code, numbers with their unit, and decisions or ideas credited to the author or to Claude.

Paraphrase is not a claim. What is extracted is what can be wrong in a way a reader cannot see: words put
in someone's mouth, a file or command that never was, a figure, and who decided.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from retell.check.document import CODE, HEADING, IMAGE, LIST, QUOTE, TABLE, Block, read_blocks
from retell.check.text import NUMBER_WORDS, content_stems, wordset

AUTHOR_QUOTE = "author quote"
CLAUDE_QUOTE = "Claude quote"
SUBAGENT_QUOTE = "subagent quote"
ANY_QUOTE = "quote"
PATH = "path"
COMMAND = "command"
CODE_SPAN = "code"
NUMBER = "number"
CREDIT = "credit"
CITATION = "citation"
QUOTE_KINDS = (AUTHOR_QUOTE, CLAUDE_QUOTE, SUBAGENT_QUOTE, ANY_QUOTE)

AUTHOR = "author"
CLAUDE = "claude"
SUBAGENT = "subagent"
AGENT = "agent"  # "the agent": Claude or one of its subagents
_QUOTE_KIND = {AUTHOR: AUTHOR_QUOTE, CLAUDE: CLAUDE_QUOTE, SUBAGENT: SUBAGENT_QUOTE, AGENT: CLAUDE_QUOTE}

MIN_INLINE_QUOTE_WORDS = 3  # "mojibake repair" in quotes is a term, not a quote


@dataclass(eq=False)
class Claim:
    kind: str
    text: str  # as written in the draft
    line: int
    block: Block
    at: int = 0  # offset in the block's text where the claim ends (for markers placed after it)
    speaker: str | None = None  # quotes: author | claude | subagent | agent; None: anyone in the session
    cleaned: list[str] | None = None  # quotes: the ids of a `cleaned` marker after it ([] without ids)
    ran: bool = False  # commands: the sentence says it was run; paths: that a tool touched it
    value: float = 0.0  # numbers
    unit: str = ""  # numbers: tests | failed | duration | tokens | money | percent | version | diff | <noun>
    precision: float = 1.0
    approx: str = ""  # numbers: "" | about | above | below
    actor: str = ""  # credits: author | claude
    stems: list[str] = field(default_factory=list)  # credits: what was decided, as content stems
    accepted: str | None = None  # the author's `ok` mark (its note, or "")


# -- who speaks ---------------------------------------------------------------------------------------

_ACTORS = re.compile(
    r"(?P<author>\b(?:I|I'm|I've|I'd|I'll|me|my|myself|[Tt]he author|[Tt]he user)\b)"
    r"|(?P<subagent>\b(?:sub-?agents?|(?:research|explore|exploration|search|review|reviewer|investigation|"
    r"parallel|background|helper|planning|plan) agents?)\b)"
    r"|(?P<agent>\b[Tt]he agent\b)"
    r"|(?P<claude>\b(?:Claude(?:\s+Code)?|[Tt]he assistant|[Tt]he model)\b)"
    r"|(?P<pronoun>\b(?:[Ii]ts?)\b)"
    r"|(?P<name>\b[A-Z][a-z]+\b)(?=\s+(?:wrote|asked|said|typed|replied|answered|added|followed up|put it|told|"
    r"pushed back|insisted|objected)\b)",
)
_NOT_NAMES = wordset("Then Next It He She They This That There When While After Before So And But")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


_LEAD_VERBS = re.compile(
    r"\s*(?:\w+ly\s+)?(?:(?:had|has|have|was|then|also|just|finally|first|later|now)\s+)?"
    r"(?:said|says|wrote|writes|asked|asks|answered|answers|replied|replies|added|adds|typed|told|tells|put|"
    r"started|starts|followed|came|reported|reports|explained|explains|suggested|suggests|noted|notes|pointed|"
    r"warned|admitted|concluded|summed|wrapped|responded|insisted|objected|countered|continued|changed|laid|"
    r"stopped|wondered|complained|sent|left|found|wrote|was|were|is|gave|got|came|kept|went|agreed|"
    r"\w{2,}[^e\W]ed)\b"
    r"|\s*:"
    r"|'s\b",
    re.I,
)
_POSSESSIVE = frozenset({"my", "its", "Its", "My"})
_ADDRESSEE = re.compile(
    r"\b(?:told|tell|tells|asked|ask|asks|answered|replied to|to|for|with|at|from|by|sent)\s+$", re.I
)


def _mentions(text: str, *, acting: bool = True) -> list[tuple[int, str]]:
    """Who the text names. `acting`: only as doing or saying something (an actor followed by a verb or a
    colon, or a possessive: "my message", "its summary"), so "Explore Claude Code session storage" names
    nobody; otherwise every mention ("sent a subagent off" names the subagent "it" may refer to)."""
    found = []
    for match in _ACTORS.finditer(text):
        group = match.lastgroup or ""
        word = match.group(0)
        if group == "name" and word in _NOT_NAMES:
            continue
        if acting and word not in _POSSESSIVE and not word.endswith("'s") and not _LEAD_VERBS.match(text, match.end()):
            continue
        if acting and _ADDRESSEE.search(text[: match.start()]):
            continue  # "I told Claude:" — Claude is spoken to, not speaking
        found.append((match.start(), AUTHOR if group == "name" else group))
    return found


_EMPHASISED = re.compile(r"(?<![\w*])\*[^*\n]+\*(?![\w*])|(?<!\w)_[^_\n]+_(?!\w)")


def speaker_of(lead: str, context: str = "") -> str | None:
    """Who says the words that follow `lead` (the text right before a quote); `context` is what came before
    that, for resolving "it". None when the text does not say. Italics are a name or a title (a subagent's
    task: "*Now I need to check the cache*:"), not someone speaking."""
    lead = _EMPHASISED.sub(lambda m: " " * len(m.group(0)), lead)
    context = _EMPHASISED.sub(lambda m: " " * len(m.group(0)), context)
    sentences = _SENTENCE.split(lead.strip())
    last = sentences[-1] if sentences else ""
    earlier = (context + " " + " ".join(sentences[:-1])).strip()
    mentions = _mentions(last)
    if not mentions:
        return None
    at, actor = mentions[-1]
    if actor == "pronoun":
        # "it" is whoever was last named before it; unknown when nobody was.
        # "it" is never the author: whoever of Claude and its agents was named last.
        named = [a for _, a in _mentions(earlier + " " + last[:at], acting=False) if a not in ("pronoun", AUTHOR)]
        return named[-1] if named else None
    return actor


# -- inline markup ------------------------------------------------------------------------------------

_CODE_SPAN = re.compile(r"(`+)(?P<code>.+?)\1", re.S)
_LINK = re.compile(r"!?\[(?P<label>[^\]\n]*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_URL = re.compile(r"\bhttps?://\S+")
_INLINE_QUOTE = re.compile(r"“(?P<a>[^“”]+)”|(?<![\w\"])\"(?P<b>[^\"\n]+?)\"(?![\w\"])|(?<!\w)‘(?P<c>[^‘’]+?)’(?!\w)")
_BARE_PATH = re.compile(
    r"(?<![\w/.`~-])(?P<path>(?:~|\.{1,2})?/?(?:[\w.-]+/)+[\w.*-]+|[\w-]+(?:\.[\w-]+)*\.(?:py|pyi|js|mjs|cjs|ts|tsx|"
    r"jsx|json|ya?ml|toml|md|rst|txt|cfg|ini|sh|rs|go|rb|java|kt|c|h|cc|cpp|hpp|cs|php|html|css|scss|sql|lock|"
    r"xml|csv|ipynb|swift|lua|vue|svelte|env|conf|log))(?![\w/])"
)
_PROGRAMS = wordset(
    """git python python3 pip pip3 uv uvx pytest npm npx pnpm yarn bun node deno cargo rustc go make cmake ls cd cat
    rm mv cp mkdir touch grep rg find sed awk curl wget docker kubectl ruff mypy black tox nox poetry hatch
    brew apt apt-get sudo chmod chown echo export source bash sh zsh gh tar unzip zip ssh scp rsync jq xxd head tail
    wc sort diff patch less open code claude hugo jekyll bundle gem rake ruby java javac mvn gradle dotnet php
    composer swift xcodebuild terraform ansible psql mysql sqlite3 redis-cli kill pkill ps top env which"""
)
_EMPHASIS = re.compile(r"(?<=\w)\*+(?=[\s:;,.!?)]|$)|(?<![\w*/])\*+(?=\w)", re.M)
_SHELL_LANGS = frozenset({"sh", "bash", "shell", "console", "zsh", "shell-session", "terminal", "powershell", "ps"})
_RUN_WORDS = re.compile(r"\b(?:ran|run|runs|running|executed|executes|typed|invoked)\b", re.I)
_TOUCH_WORDS = re.compile(
    r"\b(?:read|reads|reading|opened|edited|edits|editing|changed|modified|wrote|writes|created|creates|deleted|"
    r"removed|rewrote|rewrites|touched|updated|patched|refactored|renamed|moved)\b",
    re.I,
)


def _blank(text: str, start: int, end: int, keep: str = "") -> str:
    filler = keep.ljust(end - start)[: end - start] if keep else " " * (end - start)
    return text[:start] + filler + text[end:]


def classify_code(code: str, programs: frozenset[str] = frozenset()) -> str:
    """path | command | code, for a span of inline code."""
    text = code.strip().lstrip("$ ").strip()
    words_ = text.split()
    if not words_:
        return CODE_SPAN
    if re.fullmatch(r"/[a-z][\w:-]*", text):
        return COMMAND  # a slash command
    first = words_[0].rsplit("/", 1)[-1]
    if len(words_) >= 2 and (first in _PROGRAMS or first in programs or words_[0].startswith("./")):
        return COMMAND
    if len(words_) == 1 and not text.startswith(("http://", "https://")) and _BARE_PATH.fullmatch(text):
        return PATH
    return CODE_SPAN


# -- numbers ------------------------------------------------------------------------------------------

_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_NUM = rf"(?:\$\s?)?(?:\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|(?:{_NUMBER_WORD})\b|a single\b|a dozen\b)"
_MULT = r"(?:\s?(?:k|K|M|million|thousand|billion|bn)\b)?"
_UNITS: list[tuple[str, str]] = [
    ("tokens", r"tokens?"),
    ("failed", r"failed|failing|failures?"),
    ("tests", r"tests?|test cases?|passed|passing|passes"),
    ("duration", r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?"),
    ("money", r"dollars?|usd|cents?"),
    ("percent", r"%|percent|per cent"),
    ("lines", r"lines?(?: of code)?"),
    ("messages", r"messages?|turns?|prompts?"),
    ("calls", r"tool calls?|calls?|tool uses?"),
    ("subagents", r"sub-?agents?|agents?"),
    ("files", r"files?"),
    ("commands", r"commands?"),
    ("edits", r"edits?"),
    ("commits", r"commits?"),
    ("compactions", r"compactions?|context compactions?"),
    ("chapters", r"chapters?"),
    ("searches", r"searches|greps?"),
    ("times", r"times"),
    ("errors", r"errors?"),
    ("images", r"screenshots?|images?"),
]
_UNIT_RE = "|".join(f"(?P<u_{name}>{pattern})" for name, pattern in _UNITS)
_FILLER = r"(?:\s+(?:more|new|other|separate|different|extra|additional|total|whole|full|tool|test|unit|green|red|"
_FILLER += r"passing|failing|broken|remaining|changed|edited|modified|source|python|of\s+(?:those|the|them|its|these)))"
_NUMBER_UNIT = re.compile(
    rf"(?<![\w.,/#-])(?P<num>{_NUM}){_MULT}(?P<pct>\s?%)?(?:{_FILLER}{{0,2}}\s*-?\s*(?:{_UNIT_RE})\b)?",
    re.I,
)
_DURATION_COMPOUND = re.compile(
    r"(?<![\w.])(?P<h>\d+)\s*(?:h|hrs?|hours?)\s*(?:and\s+)?(?P<m>\d+)\s*(?:m|min|mins|minutes?)\b", re.I
)
_DURATION_SHORT = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?(?P<u>h|m|s|min|ms)\b")
_DURATION_WORDS = re.compile(
    r"\b(?P<p>an hour and a half|half an hour|an hour|a minute|a second|a day|a week)\b",
    re.I,
)
_VERSION = re.compile(
    r"(?<![\w.])(?P<v>v\d+(?:\.\d+)+|\d+\.\d+\.\d+(?:\.\d+)*)(?![\w.]*\d)"
    r"|\b(?:version|Python|Node(?:\.js)?|Claude Code|Django|React|Rust|Go|Ruby|Java|TypeScript)"
    r"\s+v?(?P<w>\d+(?:\.\d+)+)\b"
)
_DIFF = re.compile(r"(?<![\w])\+(?P<plus>\d+)\s*/?\s*[-−–](?P<minus>\d+)\b")
_APPROX = re.compile(
    r"(?P<about>\babout|\baround|\broughly|\bnearly|\balmost|\bapproximately|\bsome|~|\bclose to)\s*$"
    r"|(?P<above>\bover|\bmore than|\bat least|\bupwards of|\bjust over|\bbeyond)\s*$"
    r"|(?P<below>\bunder|\bless than|\bfewer than|\bat most|\bjust under|\bwithin|\bbelow)\s*$",
    re.I,
)
_DURATION_MINUTES = {
    "s": 1 / 60,
    "sec": 1 / 60,
    "secs": 1 / 60,
    "second": 1 / 60,
    "seconds": 1 / 60,
    "ms": 1 / 60000,
    "m": 1,
    "min": 1,
    "mins": 1,
    "minute": 1,
    "minutes": 1,
    "h": 60,
    "hr": 60,
    "hrs": 60,
    "hour": 60,
    "hours": 60,
    "day": 1440,
    "days": 1440,
    "week": 10080,
    "weeks": 10080,
}
_DURATION_PHRASES = {
    "an hour and a half": 90.0,
    "half an hour": 30.0,
    "an hour": 60.0,
    "a minute": 1.0,
    "a second": 1 / 60,
    "a day": 1440.0,
    "a week": 10080.0,
}


def _number_value(raw: str, suffix: str) -> tuple[float, float] | None:
    """(value, precision) of a number as written: "3.2 million" is 3,200,000 to the nearest 100,000."""
    text = raw.strip().lstrip("$").strip().lower()
    if text in ("a single",):
        return 1.0, 1.0
    if text == "a dozen":
        return 12.0, 1.0
    if text in NUMBER_WORDS:
        return float(NUMBER_WORDS[text]), 1.0
    text = text.replace(",", "")
    try:
        value = float(text)
    except ValueError:
        return None
    decimals = len(text.split(".")[1]) if "." in text else 0
    precision = 10.0**-decimals
    scale = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "billion": 1e9, "bn": 1e9}.get(
        suffix.strip().lower(), 1
    )
    return value * scale, precision * scale


def _approx_before(text: str, start: int) -> str:
    match = _APPROX.search(text[max(0, start - 20) : start])
    return (match.lastgroup or "") if match else ""


def number_claims(text: str, block: Block, default_unit: str = "") -> list[Claim]:
    """Numbers stated with a unit. `text` has quotes and code blanked out already."""
    claims: list[Claim] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, value: float, unit: str, precision: float) -> None:
        if any(start < e and end > s for s, e in taken):
            return
        taken.append((start, end))
        claims.append(
            Claim(
                NUMBER,
                text[start:end].strip(),
                block.line_at(start),
                block,
                at=end,
                value=value,
                unit=unit,
                precision=precision,
                approx=_approx_before(text, start),
            )
        )

    for match in _DIFF.finditer(text):
        add(match.start(), match.end(), float(match.group("plus")), "diff", 1.0)
    for match in _VERSION.finditer(text):
        version = match.group("v") or match.group("w")
        add(match.start(), match.end(), 0.0, f"version:{version.lstrip('v')}", 1.0)
    for match in _DURATION_COMPOUND.finditer(text):
        add(match.start(), match.end(), int(match.group("h")) * 60 + int(match.group("m")), "duration", 1.0)
    for match in _DURATION_WORDS.finditer(text):
        phrase = match.group("p").lower()
        add(match.start(), match.end(), _DURATION_PHRASES[phrase], "duration", 30.0 if "hour" in phrase else 1.0)
    for match in _DURATION_SHORT.finditer(text):
        minutes = _DURATION_MINUTES[match.group("u")]
        add(match.start(), match.end(), float(match.group("n")) * minutes, "duration", minutes)
    for match in _NUMBER_UNIT.finditer(text):
        raw = match.group("num")
        is_money = raw.lstrip().startswith("$")
        unit = next((name[2:] for name, v in match.groupdict().items() if name.startswith("u_") and v), "")
        if match.group("pct"):
            unit = "percent"
        if is_money:
            unit = "money"
        if unit == "lines" and not raw.strip()[:1].isdigit():
            continue  # "in one line" is a figure of speech; "70 lines" is a fact
        if not unit:
            if not default_unit or raw.strip().lower() in NUMBER_WORDS or not raw.strip()[0].isdigit():
                continue
            unit = default_unit
        mult = text[match.end("num") : match.end()]
        mult_word = re.match(r"\s?(k|K|M|million|thousand|billion|bn)\b", mult)
        parsed = _number_value(raw, mult_word.group(1) if mult_word else "")
        if parsed is None:
            continue
        value, precision = parsed
        if unit == "duration":
            word = re.search(r"(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)\s*$", match.group(0), re.I)
            scale = _DURATION_MINUTES.get(word.group(1).lower(), 1) if word else 1
            value, precision = value * scale, scale
        if unit == "money" and re.search(r"cents?\s*$", match.group(0), re.I):
            value, precision = value / 100, precision / 100
        add(match.start(), match.end(), value, unit, precision)
        _partners(text, match.start(), unit, add)
    return claims


_PARTNER = re.compile(
    rf"(?<![\w.,/#-])(?P<num>{_NUM})\s*(?:,|\band\b|\bor\b|\bto\b|\bof\b(?:\s+(?:those|the|them|these|its|all))?)\s*$",
    re.I,
)


def _partners(text: str, start: int, unit: str, add: Callable[[int, int, float, str, float], None]) -> None:
    """Numbers that share the unit of the one after them: "2 of those 8 tool calls", "11 and 13 passed"."""
    while unit not in ("duration", "money", "percent"):
        match = _PARTNER.search(text[max(0, start - 40) : start])
        if not match:
            return
        begin = max(0, start - 40) + match.start("num")
        parsed = _number_value(match.group("num"), "")
        if parsed is None:
            return
        add(begin, begin + len(match.group("num")), parsed[0], unit, parsed[1])
        start = begin


def unit_of_label(label: str) -> str:
    """The unit a table row's label gives its bare numbers ("Tool calls" -> calls)."""
    for name, pattern in _UNITS:
        if re.search(rf"\b(?:{pattern})\b", label, re.I):
            return name
    if re.search(r"\b(?:cost|price|spend)\b", label, re.I):
        return "money"
    return ""


# -- credits ------------------------------------------------------------------------------------------

_CREDIT_VERBS = (
    r"decided|decides|chose|chooses|opted|settled on|suggested|suggests|proposed|proposes|recommended|recommends|"
    r"insisted|insists|pushed back|pushed for|wanted|asked for|asked (?:Claude|it|me|for)?\s*to|"
    r"told (?:Claude|it|me) to|"
    r"had (?:Claude|it) |came up with|had the idea|realized|realised|realizes|realises|noticed|spotted|figured out|"
    r"worked out|found|discovered|diagnosed|pointed out|caught|vetoed|rejected|overruled|argued|concluded|ruled out|"
    r"preferred|went with|called for"
)
_CREDIT = re.compile(
    r"(?P<actor>\bI\b|\b[Tt]he author\b|\b[Tt]he user\b|\bClaude(?:\s+Code)?\b|\b[Ii]t\b|\b[Tt]he assistant\b"
    r"|\b[Tt]he model\b|\b[Tt]he (?:sub-?)?agent\b|\b(?:sub-?agent)\b)"
    r"(?:\s+(?:then|finally|quickly|immediately|eventually|also|first|rightly|wisely|correctly|instead|ultimately|"
    r"soon|just|actually|already|had|have|has|was|promptly|at once|in the end)){0,2}"
    rf"\s+(?P<verb>{_CREDIT_VERBS})(?P<rest>[^.!?]*)",
)
_IDEA = re.compile(
    r"\b(?:it was|that was|the)\s+(?P<whose>my|Claude's|the author's|its)\s+(?:idea|call|decision|suggestion|choice)"
    r"(?:\s+to)?(?P<rest>[^.!?]*)",
    re.I,
)
MIN_CREDIT_STEMS = 2


def credit_claims(text: str, block: Block) -> list[Claim]:
    claims = []

    def add(match: re.Match[str], actor: str) -> None:
        stems = content_stems(match.group("rest"))
        if len(stems) >= MIN_CREDIT_STEMS:  # "I decided to" alone says nothing to check
            at = match.start()
            claims.append(
                Claim(CREDIT, match.group(0).strip(), block.line_at(at), block, match.end(), actor=actor, stems=stems)
            )

    for match in _CREDIT.finditer(text):
        who = match.group("actor")
        if who in ("It", "it"):
            named = [a for _, a in _mentions(text[: match.start()], acting=False) if a not in ("pronoun", AUTHOR)]
            actor = named[-1] if named else ""
        elif who == "I" or who.lower() in ("the author", "the user"):
            actor = AUTHOR
        else:
            actor = CLAUDE
        if actor not in (AUTHOR, CLAUDE, SUBAGENT, AGENT):
            continue
        add(match, AUTHOR if actor == AUTHOR else CLAUDE)
    for match in _IDEA.finditer(text):
        add(match, AUTHOR if match.group("whose").lower() in ("my", "the author's") else CLAUDE)
    return claims


# -- a whole draft ------------------------------------------------------------------------------------


@dataclass
class Extracted:
    claims: list[Claim]
    blocks: list[Block]
    code_blocks: int  # fenced code shown as code: not traced


def extract(markdown: str, programs: frozenset[str] = frozenset()) -> Extracted:
    blocks = read_blocks(markdown)
    claims: list[Claim] = []
    code_blocks = 0
    for block in blocks:
        if block.kind == IMAGE:
            continue
        if block.kind == CODE:
            found = _code_block_claims(block)
            code_blocks += not found
            claims.extend(found)
            continue
        if block.kind == QUOTE:
            claims.extend(_block_quote_claims(block))
            continue
        claims.extend(_prose_claims(block, programs))
    _apply_marks(claims, blocks)
    return Extracted(claims, blocks, code_blocks)


def _block_quote_claims(block: Block) -> list[Claim]:
    body = block.quote_body().strip()
    if not body:
        return []
    speaker = None
    if block.lead is not None:
        lead = block.lead.text
        speaker = speaker_of(lead)
    kind = _QUOTE_KIND.get(speaker or "", ANY_QUOTE)
    # at=0: every marker in the quote (at the end of its last line, or on a line after it) comes after it.
    return [Claim(kind, body, block.start, block, at=0, speaker=speaker)]


def _code_block_claims(block: Block) -> list[Claim]:
    """A shell session shown in a post: each command in it is a command the session should have."""
    lines = block.lines[1:-1] if len(block.lines) > 1 else []
    prompted = any(ln.lstrip().startswith("$ ") for ln in lines)
    if block.info not in _SHELL_LANGS and not prompted:
        return []
    claims = []
    offset = len(block.lines[0]) + 1
    for line in lines:
        stripped = line.strip()
        if prompted and not stripped.startswith("$ "):
            offset += len(line) + 1
            continue  # output under a prompt
        command = stripped[2:].strip() if stripped.startswith("$ ") else stripped
        if command and not command.startswith("#"):
            claims.append(Claim(COMMAND, command, block.line_at(offset), block, at=offset + len(line)))
        offset += len(line) + 1
    return claims


def _prose_claims(block: Block, programs: frozenset[str]) -> list[Claim]:
    text = block.text
    claims: list[Claim] = []
    if block.kind == HEADING:
        text = re.sub(r"^\s*#+", lambda m: " " * len(m.group(0)), text)
    elif block.kind == LIST:
        text = re.sub(r"(?m)^(\s{0,3}(?:[-*+]|\d+[.)])\s+)", lambda m: " " * len(m.group(0)), text)
    original = text
    spans = list(_CODE_SPAN.finditer(text))
    masked = text
    for match in spans:
        masked = _blank(masked, match.start(), match.end(), keep="CODE")
    # Quotes first (a quote may hold inline code; the code is then part of the quote, not a claim of its own).
    quoted_spans: list[tuple[int, int]] = []
    last_end = 0
    for match in _INLINE_QUOTE.finditer(masked):
        group = next(g for g in ("a", "b", "c") if match.group(g) is not None)
        quoted = original[match.start(group) : match.end(group)]
        if len(re.findall(r"\w+", masked[match.start(group) : match.end(group)])) >= MIN_INLINE_QUOTE_WORDS:
            # "it" is resolved within the paragraph only: across paragraphs it is too often someone else.
            speaker = speaker_of(masked[last_end : match.start()], masked[:last_end])
            kind = _QUOTE_KIND.get(speaker or "", ANY_QUOTE)
            claims.append(Claim(kind, quoted, block.line_at(match.start()), block, at=match.end(), speaker=speaker))
            quoted_spans.append((match.start(), match.end()))
        text = _blank(text, match.start(), match.end(), keep="QUOTE")
        last_end = match.end()
    for match in spans:
        if any(a <= match.start() < b for a, b in quoted_spans):
            continue
        code = match.group("code").strip()
        kind = classify_code(code, programs)
        claim = Claim(kind, code, block.line_at(match.start()), block, at=match.end())
        if kind == COMMAND:
            claim.ran = _asserts(_RUN_WORDS, masked, match.start())
        elif kind == PATH:
            claim.ran = _asserts(_TOUCH_WORDS, masked, match.start())
        claims.append(claim)
        text = _blank(text, match.start(), match.end(), keep="CODE")
    for match in _LINK.finditer(text):
        if match.group(0).startswith("!"):
            text = _blank(text, match.start(), match.end())
        else:
            text = _blank(text, match.start("url") - 1, match.end())
    for match in _URL.finditer(text):
        text = _blank(text, match.start(), match.end())
    text = _EMPHASIS.sub(lambda m: " " * len(m.group(0)), text)  # "*src/a*" is a path in italics
    for match in _BARE_PATH.finditer(text):
        path = match.group("path").rstrip(".,;:*")  # a bare path's last "*" closes italics, not a glob
        if "/" not in path and not re.search(r"\.[a-z]{1,5}$", path):
            continue
        if re.fullmatch(r"[\d./]+", path):
            continue
        if re.fullmatch(r"\w+/\w+", path) and not re.search(r"\.\w+$", path):
            continue  # "and/or", "input/output": a slash in prose, not a path
        claim = Claim(PATH, path, block.line_at(match.start()), block, at=match.end())
        claim.ran = _asserts(_TOUCH_WORDS, masked, match.start())
        claims.append(claim)
        text = _blank(text, match.start(), match.end(), keep="PATH")
    default_unit = ""
    if block.kind == TABLE:
        for row_start, row in _rows(text):
            cells = row.split("|")
            label = cells[1] if len(cells) > 2 else ""
            default_unit = unit_of_label(label)
            value_start = row_start + len(cells[0]) + len(label) + 2
            segment = " " * value_start + text[value_start : row_start + len(row)]
            claims.extend(number_claims(segment, block, default_unit))
    else:
        claims.extend(number_claims(text, block))
    claims.extend(credit_claims(text, block))
    return claims


def _rows(text: str) -> list[tuple[int, str]]:
    rows = []
    offset = 0
    for line in text.split("\n"):
        if not re.fullmatch(r"\s*\|?[\s:|-]*\|?\s*", line):
            rows.append((offset, line))
        offset += len(line) + 1
    return rows


_INTENT = re.compile(
    r"\b(?:to|will|would|should|could|can|might|may|must|shall|let me|'ll|going to|wants? to)\s+$", re.I
)


_CLAUSE_END = re.compile(r"[.;:!?](?=\s|$)|\n")


def _asserts(verbs: re.Pattern[str], text: str, at: int) -> bool:
    """The clause around `at` says it was done (ran, edited…), not that it was meant to be ("to read",
    "I'll run")."""
    clause = _CLAUSE_END.split(text[:at])[-1] + _CLAUSE_END.split(text[at:])[0]
    return any(not _INTENT.search(clause[: match.start()]) for match in verbs.finditer(clause))


def _apply_marks(claims: list[Claim], blocks: list[Block]) -> None:
    """`cleaned` and `ok` marks apply to the claim right before them in their block."""
    by_block: dict[int, list[Claim]] = {}
    for claim in claims:
        by_block.setdefault(id(claim.block), []).append(claim)
    for block in blocks:
        own = sorted(by_block.get(id(block), []), key=lambda c: c.at)
        for mark in block.marks:
            if mark.kind == "cite":
                continue
            before = [c for c in own if c.at <= mark.at]
            if mark.kind == "cleaned":
                quotes = [c for c in before if c.kind in QUOTE_KINDS]
                if quotes:
                    quotes[-1].cleaned = mark.ids
            elif mark.kind == "ok":
                target = before[-1] if before else (own[0] if own else None)
                if target is not None:
                    target.accepted = mark.note
