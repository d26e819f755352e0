"""The facts a draft states, found in its prose: quotes (and who they are attributed to), paths, commands
and other inline code, numbers with their unit, outcomes (passed, failed, pushed, worked…), and decisions or
ideas credited to the author or to Claude.

Paraphrase is not a claim. What is extracted is what can be wrong in a way a reader cannot see: words put
in someone's mouth, a file or command that never was, a figure, a result nobody saw, and who decided.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from retell.check.amounts import DURATION, THING, Amount, amounts, unit_of_label
from retell.check.attribution import AGENT, AUTHOR, CLAUDE, PRONOUN, SUBAGENT, mentions, resolve_it, speaker_of
from retell.check.document import CODE, HEADING, IMAGE, LIST, MARKER_ONLY, QUOTE, TABLE, Block, read_blocks
from retell.check.gloss import gloss, glossable
from retell.check.language import language_of
from retell.check.numerals import EN_NUMBER, value_of
from retell.check.relative_times import gloss_relative
from retell.check.text import CJK, GERSHAYIM, content_stems, script_of, words, wordset
from retell.write.locales import offline_notes

__all__ = ["AGENT", "AUTHOR", "CLAUDE", "SUBAGENT", "Claim", "Extracted", "extract", "speaker_of"]

AUTHOR_QUOTE = "author quote"
CLAUDE_QUOTE = "Claude quote"
SUBAGENT_QUOTE = "subagent quote"
ANY_QUOTE = "quote"
PATH = "path"
COMMAND = "command"
CODE_SPAN = "code"
NUMBER = "number"
OUTCOME = "outcome"
CREDIT = "credit"
CITATION = "citation"
OUTPUT = "output"  # what a command printed: "`echo $CONDA_DEFAULT_ENV`, which still printed `base`"
QUOTE_KINDS = (AUTHOR_QUOTE, CLAUDE_QUOTE, SUBAGENT_QUOTE, ANY_QUOTE)
BOTH = "both"  # a credit to "we": the author and Claude together

_QUOTE_KIND = {AUTHOR: AUTHOR_QUOTE, CLAUDE: CLAUDE_QUOTE, SUBAGENT: SUBAGENT_QUOTE, AGENT: CLAUDE_QUOTE}

MIN_INLINE_QUOTE_WORDS = 3  # "mojibake repair" in quotes is a term, not a quote (a Han or kana character: half a word)


@dataclass(eq=False)
class Claim:
    kind: str
    text: str  # as written in the draft
    line: int
    block: Block
    at: int = 0  # offset in the block's text where the claim ends (for markers placed after it)
    speaker: str | None = None  # quotes: author | claude | subagent | agent; None: anyone in the session
    cleaned: list[str] | None = None  # quotes: the ids of a `cleaned` marker after it ([] without ids)
    translated: list[str] | None = None  # quotes: the ids of a `translated` marker after it
    ran: bool = False  # commands: the sentence says it was run; paths: that a tool touched it
    by_author: bool = False  # commands: the author ran it ("I typed `claude -r`"), in a terminal of their own
    touch: str = ""  # paths: how the sentence says it was touched: read | edit
    as_value: bool = False  # paths: the new value of a change ("changed them to `./x.css`"), not a file touched
    amount: Amount | None = None  # numbers
    family: str = ""  # outcomes: tests | build | deploy | push | merge | commit | install | subagent | app
    positive: bool = True  # outcomes: it worked (True) or it failed (False)
    retry: bool = False  # outcomes: told of a second run ("retried, and this time it passed")
    noun: str = ""  # outcomes of a "process": what ran ("export"), for finding its runs by their command
    soft: bool = False  # outcomes: "fixed", "resolved": reported only when the session says otherwise
    actor: str = ""  # credits: author | claude | both
    stems: list[str] = field(default_factory=list)  # credits: what was decided, as content stems
    request: bool = False  # credits: asked for, not thought of ("I asked for a full export"): who said it first is moot
    whole: bool = False  # outcomes: told of the whole suite ("the whole suite passed")
    part: int | None = None  # outcomes: told of some of a run's tests ("the other three passed": 3; "the rest": 0)
    agreement: bool = False  # credits: "I agreed to…", "I approved…": an answer to a proposal, not an idea
    accepted: str | None = None  # the author's `ok` mark (its note, or "")
    command: str = ""  # outputs: the command said to have printed it
    owner: str = ""  # paths: whose file the sentence says it is ("Bob's `notes.md`", "alice, editing `x.md`")
    owns: bool = False  # paths: "Bob's `notes.md`": a file the owner wrote or edited, not one it only read
    untouched: bool = False  # paths: told as not touched ("nothing in `x.py` changed"): no moment to place it
    absent: bool = False  # code: told as not used ("without `--force`", "ohne `--force`"): nothing need name it

    @property
    def unit(self) -> str:
        return self.amount.unit if self.amount is not None else ""

    @property
    def value(self) -> float:
        return self.amount.value if self.amount is not None else 0.0


# -- inline markup ------------------------------------------------------------------------------------

# "\`" before a span is a backtick shown, not code; inside one a backslash is itself (CommonMark): `\` is a span
_CODE_SPAN = re.compile(r"(?<![\\`])(`+)(?!`)(?P<code>.+?)(?<!`)\1(?!`)", re.S)
_LINK = re.compile(r"!?\[(?P<label>[^\]\n]*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_URL = re.compile(r"\bhttps?://\S+")
_INLINE_QUOTE = re.compile(
    # (straight quotes may touch a word of another script: Korean and Japanese write a particle right after them,
    # "…"고 썼다, "…"と書いた)
    r"“(?P<a>[^“”]+)”"
    rf"|(?<![A-Za-z0-9_À-ɏ\"])(?!{GERSHAYIM})\"(?P<b>(?:{GERSHAYIM}|[^\"\n])+?)(?!{GERSHAYIM})\"(?![A-Za-z0-9_À-ɏ\"])"
    r"|(?<!\w)‘(?P<c>[^‘’]+?)’(?!\w)"
    r"|「(?P<d>[^「」]+)」|『(?P<e>[^『』]+)』|＂(?P<f>[^＂\n]+)＂"
    # German „…“ and »…«, French « … » and ‹…›: the quotes of a post in those languages
    r"|„(?P<g>[^„“”\n]+)[“”]|»(?P<h>[^»«\n]+)«|«\s*(?P<i>[^«»\n]+)»"
)
QUOTE_GROUPS = "abcdefghi"
# Paths in ASCII: a Japanese particle right after a file name (CLAUDE.mdファイル) is not part of it.
_BARE_PATH = re.compile(
    r"(?<![A-Za-z0-9_/.`~-])(?P<path>(?:~|\.{1,2})?/?(?:[A-Za-z0-9_.@+-]+/)+[A-Za-z0-9_.*@+-]+"
    r"|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(?:py|pyi|js|mjs|cjs|ts|tsx|"
    r"jsx|json|ya?ml|toml|md|rst|txt|cfg|ini|sh|rs|go|rb|java|kt|c|h|cc|cpp|hpp|cs|php|html|css|scss|sql|lock|"
    r"xml|csv|ipynb|swift|lua|vue|svelte|env|conf|log|svg|png|har))(?![A-Za-z0-9_/])"
)
_PROGRAMS = wordset(
    """git python python3 pip pip3 uv uvx pytest npm npx pnpm yarn bun node deno cargo rustc go make cmake
    ls cd cat rm mv cp mkdir touch grep rg find sed awk curl wget docker kubectl ruff mypy black tox nox
    poetry hatch brew apt apt-get sudo chmod chown echo export source bash sh zsh gh tar unzip zip ssh
    scp rsync jq xxd head tail wc sort diff patch less open code claude hugo jekyll bundle gem rake ruby
    java javac mvn gradle dotnet php composer swift xcodebuild terraform ansible psql mysql sqlite3
    redis-cli kill pkill ps top env which tree vercel netlify sleep"""
)
# An error's name in prose (InputValidationError, NS_ERROR_CORRUPTED_CONTENT): a fact, as if it were in code.
_ERROR_NAME = re.compile(
    r"(?<![A-Za-z0-9_`])(?:[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+(?:Error|Exception)|[A-Z]{2,}(?:_[A-Z]+){2,})(?![A-Za-z0-9_`])"
)
# An identifier in prose: lower then upper case inside a word (getUserMedia, assetPrefix, TeamBroadcast), the
# way code names things and English does not (but brands do: GitHub, JavaScript…, which are not claims).
_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_`@/.-])(?:[a-z]+[A-Z]|[A-Z][a-z]+[A-Z])[A-Za-z0-9]*(?![A-Za-z0-9_`/-])")
# A kebab- or snake-case name given to a thing of software ("a skill called worktree-team-kit", "a branch named
# fix_cache"; not "a technique called copy-on-write").
_CALLED = re.compile(
    r"\b(?:skill|tool|branch|file|folder|directory|function|method|class|command|script|package|module|repo|"
    r"repository|project|agent|subagent|hook|flag|option|variable|table|database|job|workflow|plugin|extension|"
    r"library|service|endpoint|container|image|bucket|key|field|worktree|session)s?\s+(?:\w+\s+)?"
    r"(?:called|named|dubbed)\s+(?P<name>[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)(?![\w-])"
)
_BRANDS = wordset(
    """GitHub GitLab JavaScript TypeScript CoffeeScript PowerShell YouTube LinkedIn WordPress PostgreSQL MySQL
    MongoDB SQLite iPhone iPad iOS macOS WebKit WebGL WebAssembly WebSocket WebSockets OpenAI DeepSeek ChatGPT
    DevTools VSCode IntelliJ PyCharm PyPI NumPy SciPy FastAPI GraphQL OAuth JetBrains CloudFlare Cloudflare
    DigitalOcean HuggingFace LaTeX README LangChain PayPal AirPods AppleScript DuckDB ClickHouse PlanetScale"""
)
_EMPHASIS = re.compile(r"(?<=\w)\*+(?=[\s:;,.!?)]|$)|(?<![\w*/])\*+(?=\w)", re.M)
_SHELL_LANGS = frozenset({"sh", "bash", "shell", "console", "zsh", "shell-session", "terminal", "powershell", "ps"})
_RUN_WORDS = re.compile(
    # ("typed" of data is no run: "older orders were typed in as ISBN-10")
    r"\b(?:ran|re-ran|reran|running|executed|executes|(?<!were )(?<!was )typed(?!\s+(?:in|into|as|up)\b)|invoked|"
    r"kicked off|fired off)\b"
    r"|実行|走らせ|叩い|打っ|回し|运行|执行|跑了",
    re.I,
)
# A command's output told as a fact: "`echo $X`, which still printed `base`", "`which node` returned `…`".
_OUTPUT_WORDS = re.compile(
    r"\b(?:printed|prints|echoed|returned|returns|output|outputs|showed|shows|displayed|came back with|gave back)\b"
    r"(?:\s+(?:only|just|still|again|back|out|us|me|nothing but))*\s*$",
    re.I,
)
_READ_WORDS = r"read|reading|opened|looked at|looked into|viewed|inspected|scanned|grepped"
# Past tenses and -ing forms only: "the rewrites in next.config.js", "its changes" are nouns, not edits.
_EDIT_WORDS = (
    r"edited|editing|changed|changing|modified|modifying|wrote|writing|created|creating|deleted|deleting|"
    r"removed|removing|rewrote|rewriting|touched|updated|updating|patched|patching|refactored|renamed|moved|copied|"
    r"added to|replaced|"
    # a noun with the file it went to is an edit of that file: "two edits to `x.js`", "the changes to `y.md`"
    r"edits? (?:to|of)|changes? to|patch(?:es)? to|fix(?:es)? to"
)
_TOUCH_WORDS = re.compile(
    rf"\b(?P<read>{_READ_WORDS})\b|\b(?P<edit>{_EDIT_WORDS})\b"
    # Japanese and Chinese: the object, then the verb in a past or linking form (を読み込み、, を編集した), not a
    # noun (CLAUDE.md の更新を手伝う).
    r"|(?<=[をもは\s])\s*(?:(?P<ja_read>読み込|読ん|読み|開い|读取了|查看了|打开了)"
    r"|(?P<ja_edit>(?:編集|書き換え|書き込|作成|削除|変更|更新)(?:し|され|を)|書き換え|修改了|编辑了|写入了|创建了|删除了))",
    re.I,
)


_ROOTS = wordset(
    """Users home etc tmp var usr opt mnt private Library Applications Volumes srv root bin sbin dev proc"""
)


def is_route(path: str) -> bool:
    """ "/favicons/token.svg", "/tokenizer.css": a URL route on a site, not a file on disk (those start at a
    root folder: /Users, /home, /etc, /tmp…)."""
    return path.startswith("/") and path.strip("/").split("/", 1)[0] not in _ROOTS


def _blank(text: str, start: int, end: int, keep: str = "") -> str:
    filler = keep.ljust(end - start)[: end - start] if keep else " " * (end - start)
    return text[:start] + filler + text[end:]


_DATE_PART = r"(?:dd?|mm?|yy(?:yy)?|jj(?:jj)?|aa(?:aa)?|tt)"
DATE_FORMAT = re.compile(rf"(?i){_DATE_PART}(?:[/.\-]{_DATE_PART}){{1,2}}")  # `dd/mm`, `MM/DD/YYYY`, `TT.MM.JJJJ`


def classify_code(code: str, programs: frozenset[str] = frozenset()) -> str:
    """path | command | code, for a span of inline code."""
    text = code.strip().lstrip("$ ").strip()
    words_ = text.split()
    if not words_:
        return CODE_SPAN
    if re.fullmatch(r"/[a-z][\w:-]*", text) and text[1:] not in _ROOTS:
        return COMMAND  # a slash command (`/tmp`, `/etc` are folders)
    first = words_[0].rsplit("/", 1)[-1]
    if len(words_) >= 2 and (first in _PROGRAMS or first in programs or words_[0].startswith("./")):
        return COMMAND
    if len(words_) == 1 and _ARITY.fullmatch(text):
        return CODE_SPAN  # `offer_made/1`, `Plotwise.Notifier.deliver/1`: a function and its arity (round 38)
    if DATE_FORMAT.fullmatch(text):
        return CODE_SPAN  # `dd/mm`, `MM/DD/YYYY`: a date's format, no path
    if len(words_) == 1 and not text.startswith(("http://", "https://")) and _BARE_PATH.fullmatch(text):
        return PATH
    return CODE_SPAN


# A function with its arity, Elixir's and Erlang's way of naming one (`offer_made/1`, `Mod.fun/2`, `mod:fun/0`)
_ARITY = re.compile(r"(?:[A-Za-z_][\w.]*[.:])?[a-z_]\w*[?!]?/\d{1,2}")


def quoted_terms(text: str) -> list[str]:
    """The short quoted words of a text ("yes please"): too short to be checked as quotes."""
    out = []
    for match in _INLINE_QUOTE.finditer(text):
        quoted = next(g for g in match.groups() if g is not None)
        if 0 < quote_words(quoted) < MIN_INLINE_QUOTE_WORDS:
            out.append(quoted)
    return out


def quote_words(text: str) -> float:
    """How many words a quote has: a Han or kana character counts as half a word."""
    found = words(text)
    cjk = sum(1 for w in found if len(w) == 1 and CJK.match(w))
    return len(found) - cjk + cjk / 2


# -- outcomes -----------------------------------------------------------------------------------------

_FAMILIES: list[tuple[str, str]] = [
    # first, so that any other kind named in an English clause wins: "the command ran and the tests passed"
    ("run", r"commands?|tool calls?|コマンド|ツール呼び出し|命令"),
    ("tests", r"tests?|test suite|suite|specs?|pytest|jest|vitest|テスト|测试|測試"),
    ("build", r"build|builds|compile|compilation|bundle|type ?check|typecheck|lint|linter|tsc|ビルド|构建|編譯|编译"),
    ("deploy", r"deploy(?:ment)?s?|release|デプロイ|部署"),
    ("install", r"install(?:ation)?|インストール|安装"),
    ("subagent", r"sub-?agents?|サブエージェント|エージェント|子代理|\d体目?|[一二三]体目?"),
    (
        "app",
        r"page|app|site|recording|recorder|playback|player|program|redirect|request|requests|feature|fix|server|"
        r"script|styles|styling|ページ|アプリ|页面|网页|应用",
    ),
    # a job a script of the project does ("the full export went through"): its runs name it
    (
        "process",
        r"export(?:s|ed|er)?|import(?:s|ed|er)?|migrations?|backups?|conversions?|エクスポート|インポート|导出|导入",
    ),
    # a run on a CI service ("went green in CI", "the pipeline failed"): after the tests and the build, which it
    # runs ("the tests passed in CI" is CI's result, not a run of the session's)
    ("ci", r"CI|pipelines?|GitHub Actions|workflow runs?|Travis|CircleCI|Jenkins|Buildkite"),
    # last, so that it wins over "page": "one of the fetches, the docs page, failed"
    ("fetch", r"fetch(?:es)?|web ?fetch(?:es)?|downloads?|web searche?s?|curl|wget"),
]
_VERB_FAMILIES = {
    "pushed": "push",
    "merged": "merge",
    "committed": "commit",
    "deployed": "deploy",
    "installed": "install",
}
_POSITIVE = (
    r"passed|passes|went green|came back green|went through|succeeded|succeeds|worked|works|loaded|loads|"
    r"compiled|deployed|merged|pushed|committed|installed|fixed|resolved|solved|came back clean|ran clean|"
    r"replied|acknowledged|responded|wrote back|played back|"
    # a run told as complete: "exported it without a single warning"
    r"without (?:a single|any) (?:warning|error|problem)s?|with no (?:warnings?|errors?)"
)
# A reply told of teammates: "all three acknowledged receipt", "the teammates replied within a minute".
_REPLIES = ("replied", "acknowledged", "responded", "wrote back")
_REPLIERS = re.compile(
    r"\b(?:teammates?|sub-?agents?|agents?|workers?|each|both|all (?:three|two|four|five|six|of them))\b", re.I
)
# Who did it, for "pushed" and its kind: "Claude committed and pushed", "it merged…" (a participle after a noun,
# "a document already merged into master", is a description, not a claim).
_DOER = re.compile(r"\b(?:I|we|Claude|it|he|she|they|the agent|agents?|subagents?|teammates?)\b(?!.*\b(?:with|as)\s*$)")
_NOT_A_RESULT = re.compile(
    r"^\s*(?:back|for|ahead|on|it (?:one|a|further)|the idea|to (?:the|a) (?:idea|plan|approach))\b|"
    # "pushed made-up numbers through the code", "merged the lists across files": moved, no git push or merge
    r"^\s*(?:[\w'-]+\s+){1,3}(?:through|past|against|across)\b",
    re.I,
)
# "fails if …", "passes only when …", "falla si …": a condition, what a test checks, not how a run ended
_CONDITION = re.compile(
    r"^\s*(?:only\s+|again\s+)?(?:if|when|whenever|unless|once|as soon as|the moment|si|se|quand|cuando|quando|"
    r"wenn|sobald|falls)\b",
    re.I,
)
_NEGATIVE = r"failed|fails|broke|errored|crashed|timed out|went red|(?:did|does)(?: not|n't) (?:work|load|pass|build)"
_OUTCOME = re.compile(
    rf"\b(?:(?P<neg>{_NEGATIVE})|(?P<pos>{_POSITIVE}))\b(?=(?P<tail>[^.;:!?\n]{{0,24}}))",
    re.I,
)
# "worked through the list", "worked in parallel", "loaded into memory": work, not a result
_ACTIVITY = {
    "work": re.compile(
        r"^\s+(?:through|on|out|with|at|its|his|her|their|down|away|toward|towards|for|to|up|alongside|from"
        r"|off|around|together|hard|late|in (?:parallel|tandem|turn|isolation|silence|the background|separate|"
        r"(?:a|its|his|her|their|the) (?:own|worktree|branch|folder|directory|repo)))\b",
        re.I,
    ),
    # "loads that worklet module", "Claude's fix loaded both relationships eagerly", "loaded `owner` and `items`":
    # code that loads something (its object follows), not a page that loaded
    "load": re.compile(
        r"^\s+(?:into|onto|up|it|them|the|that|this|those|these|a|an|its|their|each|every|both|all|any|some|several|"
        r"everything|my|our|his|her|your|one|two|three|four|five|six|\d+|CODE)\b",
        re.I,
    ),
    # "went through three commits", "went through several rounds": steps taken, not a result
    "went": re.compile(
        r"^\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a dozen|a few|a couple|several|many|"
        r"dozens|rounds?|iterations?|versions?|attempts?|drafts?|revisions?|commits?|each|all|every)\b",
        re.I,
    ),
}
_NOT_ASSERTED = re.compile(
    r"\b(?:should|would|could|might|may|will|won't|to|if|whether|hope|hoped|expect|expected|expects|"
    r"unless|wanted|asked|said|says|claimed|claims|reported|promised|predicted|believed|thought|meant|"
    r"supposed|needs?|going|described|describes|summary|noted|listed|explained|mentioned|told|wrote|"
    # Claude's guess, told as its guess: "Claude guessed someone had merged states by hand"
    r"guessed|guesses|suspected|suspects|assumed|assumes|surmised|speculated|reckoned|"
    # what a written thing says: "replaced with a note that the app works", "a banner saying it loads"
    r"(?:note|notice|banner|comment|warning|label|message|docstring|line|sentence) (?:that|saying|stating)|"
    r"no|without)\b|\?",
    re.I,
)
_NOT = re.compile(
    r"\b(?:not|never|no|n't|nothing|nobody|none|nicht|nichts|nie|niemals|kein\w*|niet|niets|nooit|geen|pas|rien|"
    r"jamais|nada|nunca|non|niente|mai|nic|не|ничего|никогда|không|chưa|tidak|belum|hiç|inte|ingenting|aldrig|ikke)\b",
    re.I,
)
# a negation right after the verb: "Gepusht wurde nichts", "committé rien", "pushed nothing" (evidence.py reads a
# push by it too)
NOT_AFTER = re.compile(
    r"^\s*(?:(?:wurde|wurden|ist|sind|was|were|werd|werden|is|a|ha|foi|fue|è)\s+)?"
    r"(?:nichts|nicht|niets|niet|rien|nada|nic|ничего|nothing|ingenting|inget|ikke|intet)\b",
    re.I,
)
_JA_OUTCOME = re.compile(
    # 没有失败了, 不再失败: "no longer failed" is a run that passed, not one that failed
    # (and their polite forms, in which a post is as often written: 通りました, 成功しました, 落ちました)
    r"(?P<pos>(?:没有|沒有|不再|再也没有?|再也沒有?)(?:失败|失敗)了?|通った|通りました|通過しました|通過した|成功した|成功しました|"
    r"正常に終わ|動いた|動きました|動作した|動作しました|パスした|パスしました|デプロイ(?:した|された|しました|されました)|"
    r"マージ(?:した|された|しました|されました)|プッシュ(?:した|された|しました|されました)|直った|直りました|解決した|解決しました|"
    r"通过了|成功了|(?:就|便|直接|顺利|能)打开了)"
    r"|(?P<neg>失敗した|失敗しました|落ちた|落ちました|通らなかった|通りませんでした|動かなかった|動きませんでした|失败了)"
    r"(?P<tail>)"
)
_JA_SENTENCE = re.compile(r"[。！？!?\n]")
# A result told in the passive, with no doer: "and was committed", "were pushed"
_PASSIVE = re.compile(r"\b(?:was|were|got|been|is|are)\s+(?:\w+ly\s+)?$", re.I)
# The whole suite, not a test of it: "the whole suite", "the full test suite" ("all the tests passed" is as often
# all of one run's, as Claude itself says it: not read as the whole suite)
_WHOLE_SUITE = re.compile(
    r"\b(?:whole|full|entire|complete)\s+(?:test\s+)?suite\b|テストスイート全体|整个测试套件", re.I
)
# Run again: "the subagent was retried and this time came back", 再実行され
RETRY = re.compile(
    r"\b(?:retried|re-?ran|re-?run|rerun|tried again|ran it again)\b|再実行|再試行|やり直|重新运行|重试", re.I
)
# A clause ends at a stop followed by a space ("claudelog.com", "next.config.js" and URLs go on).
_CLAUSE = re.compile(r"[.;:!?](?=\s|$)|[\n。！？]|,\s+(?:and|but|then|so)\b|、")


# Some of a run's tests, told as passing: "the other three tests", "the rest", "the remaining nineteen",
# "the three tests printed after it", "die übrigen drei Tests", "les trois autres tests", "los otros tres".
_PART = re.compile(
    rf"\b(?:the\s+)?(?:(?P<rest>rest|others|remaining|other|übrigen|anderen|restlichen|autres|otros|otras|demás)"
    rf"(?:\s+(?P<n1>\d+|{EN_NUMBER}))?|(?P<n2>\d+|{EN_NUMBER})\s+(?:other\s+|remaining\s+)?(?:\w+\s+)?tests?\b"
    rf"(?!\s+(?:in all|in total|altogether)))",
    re.I,
)


def _part_of_run(clause: str) -> int | None:
    """How many of a run's tests a clause says passed, when it tells of some of them ("the other three": 3, "the
    rest": 0); None when it tells of the run ("the tests passed", "all 20 passed")."""
    if re.search(r"\ball\b(?![/-])|\bwhole\b|\bentire\b|\bevery\b", clause, re.I):  # not "the all/none buttons"
        return None
    match = _PART.search(clause)
    counted = re.search(rf"(?:^|[\s,;])(?P<n>\d+|{EN_NUMBER})\s*$", clause, re.I)  # "…, three passed"
    if match is None and counted is None:
        return None
    number = counted.group("n") if counted is not None else match.group("n1") or match.group("n2")  # type: ignore[union-attr]
    if number is None:
        return 0
    value = value_of(number)
    return int(value[0]) if value else 0


# "with the fix", "without the change", "before the patch": the condition a run was made under (a fix proved by
# running the tests with it and again without it), never what passed or failed
_CONDITION_OF_CHANGE = re.compile(
    r"\b(?:with|without|before|after)\s+(?:the|my|this|that|our|its|his|her|their)\s+(?:fix|change|patch)(?:es|s)?\b",
    re.I,
)


@functools.lru_cache(maxsize=32)
def _family_re(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?:\b|(?<=[^\x00-\x7f]))(?:{pattern})(?:\b|(?=[^\x00-\x7f]))", re.I)


_RELATIVE_PRONOUN = re.compile(r"\b(?:which|that|who)\b", re.I)
_OBJECT = re.compile(
    r"\s+(?:(?:the|its|their|all|every|both|each|of|\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"existing|new|old|unit|component's|project's)\s+){0,3}"
    r"(?:(?P<tests>tests?|test suite|suite|specs?)|(?P<build>builds?|typechecks?|type checks?|lint|linter))\b",
    re.I,
)


# A clause whose subject is the one before's, left out: "(the test failed …,) and passed again", "y pasó después"
_SAME_SUBJECT = re.compile(
    r"\s*(?:and|but|then|so|y|pero|luego|et|mais|puis|und|aber|dann|e|mas|depois)?\s*(?:then|again|later|finally)?\s*",
    re.I,
)


_WHILE_WORKING = re.compile(r"\b(?:while|whilst|as)\s+(?:Claude|it|the\s+\w+|he|she|they|I|we)\s*$", re.I)


def _verb_end(match: re.Match[str]) -> int:
    """Where an outcome's verb ends, before the words the pattern reads after it."""
    for group in ("pos", "neg"):
        if match.group(group) is not None:
            return match.end(group)
    return match.end()


def outcome_claims(text: str, block: Block) -> list[Claim]:
    """ "the tests passed", "pushed, and the deploy went through", "recording worked first time": a result the
    narrator asserts (not one Claude said, expected or was asked for)."""
    claims = []
    for match in [*_OUTCOME.finditer(text), *_JA_OUTCOME.finditer(text)]:
        start = match.start()
        verb = (match.group("pos") or match.group("neg") or "").lower()
        japanese = not verb.isascii()  # its clauses are one sentence: 再実行され、今度は正常に終わった
        clause = (_JA_SENTENCE if japanese else _CLAUSE).split(text[max(0, start - 120) : start])[-1]
        if re.search(r"(?:\d|\b(?:of which|of them|of those))\s*$", clause):
            continue  # "2 failed", "six of which failed": a count, read as a number
        activity = _ACTIVITY.get(verb[:4])
        if activity is not None and activity.match(match.group("tail") or ""):
            continue
        if verb.startswith("work") and _WHILE_WORKING.search(clause):
            continue  # "A request sent while Claude worked": a time, not a result (blind41 AU2:59)
        if verb in _REPLIES:
            part = clause.split(",")[-1]  # "sent it to alice, bob and carol, all three acknowledged"
            if not _REPLIERS.search(part) or _NOT_ASSERTED.search(part) or _NOT.search(part):
                continue  # "I replied", "Claude responded": words, not a result
            claim = Claim(OUTCOME, (clause.strip() + " " + match.group(0)).strip()[-120:], block.line_at(start), block)
            claim.at, claim.family = match.end(), "reply"
            claims.append(claim)
            continue
        if _CONDITION.match(match.group("tail") or "") and not verb.endswith("ed"):
            continue  # "a test that fails if a closed socket leaves its listener": what it checks, no run's result
        if (
            _NOT_ASSERTED.search(clause)
            or _NOT.search(clause[-40:])
            or NOT_AFTER.match(text[_verb_end(match) : _verb_end(match) + 30])
            or re.search(r"\bonly\s*$", clause)
        ):
            continue  # "only worked in Chrome Canary": a limit it had, not a result
        family = _VERB_FAMILIES.get(verb, "")
        passive = bool(_PASSIVE.search(clause))  # "the export went through and was committed"
        if family and (
            (not _DOER.search(clause) and not passive) or _NOT_A_RESULT.match(text[match.end() : match.end() + 60])
        ):
            continue  # "pushed it one step further", "With Vite installed", "already merged into master"
        if not family:
            at: dict[str, int] = {}
            subject = _CONDITION_OF_CHANGE.sub(" ", clause)  # "with the fix, the tests passed": the tests did
            for name, pattern in _FAMILIES:
                places = [m.start() for m in _family_re(pattern).finditer(subject)]
                if places:
                    at[name] = places[-1]
            if "fetch" in at and set(at) - {"fetch", "app"}:
                del at["fetch"]  # "bytes decoded in fetch, the tests passed": the tests are the subject
            named = list(at)
            if japanese and named:
                # One sentence is one clause: the kind named nearest the verb is its subject (3体目は…、そのうち
                # `tree` コマンドは…で失敗した: the command failed, not the subagent).
                named.sort(key=lambda name: at[name])
            family = named[-1] if named else ""
            # "a test of its own, which failed once before it passed": what a relative pronoun follows is the subject
            relative = [m.start() for m in _RELATIVE_PRONOUN.finditer(clause)]
            if relative and not japanese:
                before = {
                    name: max(spots)
                    for name, pattern in _FAMILIES
                    if (spots := [m.start() for m in _family_re(pattern).finditer(clause) if m.start() < relative[-1]])
                }
                if before:
                    family = max(before, key=lambda name: before[name])
            # "passed the three tests the component had", "failed the typecheck": what passed is named after the verb
            told = _OBJECT.match(text, match.end()) if verb in ("passed", "failed") else None
            if told is not None:
                family = "tests" if told.group("tests") else "build"
        if re.match(r"\s+(?:in|on)\s+(?:the\s+)?(?:CI|pipeline|GitHub Actions)\b", match.group("tail") or ""):
            family = "ci"  # "went green in CI", "the tests passed on CI": the service's run, not one of the session's
        if not family and claims and _SAME_SUBJECT.fullmatch(clause) and 0 <= start - claims[-1].at < 80:
            family = claims[-1].family  # "the test failed without it, and passed again once…": the same subject
        if not family and verb == "timed out":
            family = "run"  # "claudelog.com timed out": a failure of some call, whose error must say so
        if not family:
            continue
        positive = match.group("pos") is not None
        claim = Claim(
            OUTCOME, (clause.strip() + " " + match.group(0).strip()).strip()[-120:], block.line_at(start), block
        )
        claim.at = match.end()
        claim.family, claim.positive = family, positive
        claim.retry = bool(RETRY.search(clause))
        # told as complete: "the whole suite passed", "exported it without a single warning"
        claim.whole = bool(_WHOLE_SUITE.search(clause)) or verb.startswith(("without", "with no"))
        if family == "tests" and positive:
            claim.part = _part_of_run(clause)
        if family == "process":
            named = re.findall(dict(_FAMILIES)["process"], clause, re.I)
            claim.noun = re.sub(r"(?:s|ed|er)$", "", named[-1].lower()) if named else ""
        # "Claude fixed the redirect" tells of an edit as much as of a result: only a report that it did not
        # work contradicts it, nothing showing it is no problem.
        claim.soft = verb in ("fixed", "resolved", "solved", "直った", "解決した")
        claims.append(claim)
    for match in _LOOKED.finditer(text):
        if any(c.line == block.line_at(match.start()) and abs(c.at - match.end()) < 80 for c in claims):
            continue  # the sentence's own result verb was read above
        sentence = match.group(0)
        browser = _BROWSER_WORD.search(sentence)
        if browser is not None and _LOOKED_NOT.search(sentence[: browser.start()]):
            continue
        claim = Claim(OUTCOME, sentence.strip()[-120:], block.line_at(match.start()), block)
        claim.at, claim.family = match.end(), "app"
        claim.positive = not _LOOKED_BAD.search(sentence)
        claims.append(claim)
    return claims


# What the author saw in a browser of their own: a result outside the session, only their message shows it
# ("I opened the combined page in the browser, and the navigation was there", 我在浏览器里打开合并记录页).
_LOOKED = re.compile(
    r"\bI\s+(?:then\s+|also\s+)?(?:opened|loaded|checked|tried|reloaded|refreshed)\b[^.;!?\n]{0,60}\b(?:in|on)\s+"
    r"(?:the|my|a)\s+browser\b[^.;!?\n]*"
    r"|(?:我|私)[^。；！？\n]{0,12}(?:在|で)?(?:浏览器|ブラウザ)[^。；！？\n]{0,6}(?:打开|看|试|開|確認)[^。；！？\n]*"
    # "a last check in the browser showed…", "un dernier essai dans le navigateur montrait…", "ein letzter Test im
    # Browser", "una última prueba en el navegador": the same look, told as a noun
    r"|\b(?:a|one|my|the)\s+(?:(?:last|final|quick|first|second)\s+)?(?:check|test|try|look)\s+in\s+(?:the|my)\s+"
    r"browser\b[^.;!?\n]*"
    r"|\b(?:un|mon|le)\s+(?:(?:dernier|premier|rapide|nouvel?)\s+)?(?:essai|test|coup d['’]œil|contrôle)\s+"
    r"(?:rapide\s+)?(?:dans|sur)\s+(?:le|mon)\s+navigateur\b[^.;!?\n]*"
    r"|\b(?:ein|mein)\s+(?:(?:letzter|erster|kurzer)\s+)?(?:Test|Versuch|Blick)\s+(?:im|in meinem)\s+Browser\b"
    r"[^.;!?\n]*"
    r"|\b(?:una|mi)\s+(?:(?:última|primera|rápida)\s+)?(?:prueba|comprobación|mirada)\s+en\s+(?:el|mi)\s+"
    r"navegador\b[^.;!?\n]*"
    # "je l'ai rechargée dans le navigateur", "ich habe sie im Browser neu geladen", "la recargué en el navegador"
    r"|\b(?:j['’]ai|je l['’]ai|je les ai)\s+(?:\w+\s+)?"
    r"(?:ouvert|rechargé|chargé|testé|essayé|vérifié|rafraîchi|regardé)e?s?\b[^.;!?\n]{0,60}\b(?:dans|sur)\s+(?:le|mon|un)\s+navigateur\b[^.;!?\n]*"
    r"|\bich\s+(?:habe\s+)?(?:[\wäöüß]+\s+){0,5}?(?:im|in meinem|in einem)\s+Browser\s+(?:neu\s+)?"
    r"(?:geöffnet|geladen|getestet|ausprobiert|geprüft|angeschaut)\b[^.;!?\n]*"
    r"|\b(?:la |lo |las |los )?(?:abrí|recargué|cargué|probé|comprobé)\b[^.;!?\n]{0,60}\ben\s+(?:el|mi)\s+navegador\b"
    r"[^.;!?\n]*",
    re.I,
)
_LOOKED_BAD = re.compile(
    r"\b(?:not|no|never|still|broken|blank|nothing|pas|rien|nicht|nichts|kein\w*|nada|vac[ií]a)\b|n't|没|不|无|失败|ない|壊れ",
    re.I,
)
# "I never opened it in the browser", "ich habe es nicht im Browser geöffnet": no look, so no result to check
_LOOKED_NOT = re.compile(r"\b(?:not|never|ne|n['’]|pas|nicht|nie|no|nunca)\b|n't", re.I)
_BROWSER_WORD = re.compile(r"browser|navigateur|navegador|浏览器|ブラウザ", re.I)


# -- credits ------------------------------------------------------------------------------------------

_CREDIT_VERBS = (
    r"decided|decides|chose|chooses|opted|settled on|suggested|suggests|proposed|proposes|recommended|recommends|"
    r"insisted|insists|pushed back|pushed for|wanted|asked for|asked (?:Claude|it|me|for)?\s*to|"
    r"told (?:Claude|it|me|them) to|"
    r"had (?:Claude|it) |came up with|had the idea|realized|realised|realizes|realises|noticed|spotted|figured out|"
    r"worked out|found|discovered|diagnosed|pointed out|caught|vetoed|rejected|overruled|argued|concluded|ruled out|"
    r"preferred|went with|called for|agreed to|accepted|approved|signed off on|went along with"
)
# What was decided: up to the sentence's end, or to a clause with an actor of its own ("…, and I told it to…").
_REST = r"(?:(?!,?\s+(?:and|but|so|then)\s+(?:I|we|Claude|it)\b|;)[^.!?])*"
_CREDIT = re.compile(
    r"(?P<actor>\bI\b|\b[Ww]e\b|\b[Tt]he author\b|\b[Tt]he user\b|\bClaude(?:\s+Code)?\b|\b[Ii]t\b|\b[Tt]he assistant\b"
    r"|\b[Tt]he model\b|\b[Tt]he (?:sub-?)?agent\b|\b(?:sub-?agent)\b)"
    r"(?:\s+(?:then|finally|quickly|immediately|eventually|also|first|rightly|wisely|correctly|instead|ultimately|"
    r"soon|just|actually|already|had|have|has|was|promptly|at once|in the end|both|all)){0,2}"
    rf"\s+(?P<verb>{_CREDIT_VERBS})(?P<rest>{_REST})",
)
# An indirect question just before an actor ("asking which language", "asked me whether"): what follows is the
# question's, not a credit to its subject (blind55 BI1:26)
_ASKED_WHICH = re.compile(
    r"(?i)\b(?:ask(?:ed|ing|s)?|wonder(?:ed|ing)?|want(?:ed|ing)? to know|check(?:ed|ing)? with me)\b(?:\s+(?:me|us))?"
    r"\s+(?:which|what|whether|if|where|how|when|who)\b[^.!?;:,]{0,50}$"
)
_IDEA = re.compile(
    r"\b(?:it was|that was|the|was)\s+(?P<whose>my|Claude's|the author's|its|our)\s+"
    r"(?:idea|call|decision|suggestion|choice)"
    r"(?:\s+to)?(?P<rest>[^.!?;]*)",
    re.I,
)
_JA_CREDIT = re.compile(
    r"(?P<who>私|僕|俺|わたし|Claude|クロード|我們|我们|我)\s*(?:は|が|も)(?P<rest>[^。！？]{2,60}?)"
    r"(?P<verb>指示した|決めた|決定した|頼んだ|提案した|選んだ|判断した|却下した|求めた|要求した|决定|建议|要求)"
)
# A Japanese decision with no one named (the narrator and Claude together): …に一本化することに決めた.
_JA_DECIDED = re.compile(
    r"(?:^|[。！？、\n])\s*(?P<rest>[^。！？、\n]{4,60}?)ことに(?:決めた|決定した|した)(?=[。！？\n]|$)"
)
# Who a Japanese sentence is about (は, が), carried to the next sentence that names no one
_JA_TOPIC = re.compile(r"(私|僕|俺|わたし|Claude|クロード)\s*(?:は|が)")
# Chinese has no particle after who decides: 我们商定先保留它, 我就决定不要这套导航, Claude 最后选择了…
_ZH_CREDIT = re.compile(
    r"(?P<who>我们|我們|咱们|我|Claude|它)\s*(?:俩|两个|一起|最后|最终|于是|就|还是|当即|当场|先|都){0,2}\s*"
    r"(?P<verb>商定|商量(?:后|之后|过后)?(?:决定|定下)|一致同意|决定|同意|选择|选了)(?P<rest>[^。！？；\n]{2,60})"
)
# German and French: who decided, found or proposed it ("Ich entschied", "Claude schlug vor", "J'ai choisi"),
# and an idea given to someone ("Die Lösung kam von mir", "war meine Idee", "l'idée venait de moi").
_EU_CREDIT_VERBS = (
    r"entschied|beschloss|schlug|wählte|suchte|fand|bemerkte|entdeckte|bestand|verlangte|wollte|bat|legte fest|"
    r"décidé|choisi|proposé|suggéré|trouvé|repéré|remarqué|insisté|exigé|voulu|demandé|"
    r"decidió|eligió|propuso|sugirió|encontró|descubrió|insistió"
)
# Spanish drops the pronoun: "Decidí…", "Encontré `x` en la página": the first person's own verb.
_ES_CREDIT = re.compile(
    r"(?<!\w)(?P<verb>[Dd]ecidí|[Ee]legí|[Pp]ropuse|[Ss]ugerí|[Ee]ncontré|[Dd]escubrí|[Nn]oté|[Ii]nsistí|[Pp]edí)\b"
    r"(?P<rest>[^.!?;]*)"
)
_ASKED = {"pedí": "asked"}  # a request: asking for what was offered is no claim to the idea
# "we" deciding in Spanish, French and German: "Decidimos…", "Nous avons décidé…", "Wir haben beschlossen…"
_EU_WE = re.compile(
    r"(?<!\w)(?P<verb>[Dd]ecidimos|[Aa]cordamos|[Ee]legimos|[Nn]ous avons (?:décidé|choisi|convenu)|"
    r"[Ww]ir (?:haben (?:uns )?)?(?:entschieden|beschlossen|vereinbart|einigten uns))\b(?P<rest>[^.!?;]*)"
)
# Dutch, Italian, Polish and Portuguese decisions, and German or Dutch ones with the verb before its subject:
# "We besloten…", "Daarna kozen we ervoor…", "Abbiamo deciso di…", "Postanowiliśmy…", "Combinamos…",
# "Danach beschlossen wir…" (the two together), and the author's own: "Ik besloot…", "Ho deciso di…",
# "Zdecydowałem…", "Decidi…", "beschloss ich…". What follows the verb is what was decided.
_SENTENCE_REST = r"(?:[^.!?;]|\.(?=\w))*"  # to the sentence's end; a version's dots (0.4.1) are no end
_MORE_WE = re.compile(
    r"(?<!\w)(?P<verb>(?:[Ww]e|[Ww]ij)\s+(?:hebben\s+(?:samen\s+)?)?(?:besloten|kozen|gekozen|spraken af)|"
    r"(?:besloten|kozen|spraken)\s+we|(?:[Aa]bbiamo|[Aa]vevamo)\s+(?:deciso|scelto|concordato|stabilito)|"
    r"[Dd]ecidemmo|[Ss]cegliemmo|[Zz]decydowali[śs]my|[Pp]ostanowili[śs]my|[Ww]ybrali[śs]my|[Uu]stalili[śs]my|"
    r"[Cc]ombinamos|[Ee]scolhemos|(?:beschlossen|entschieden|vereinbarten)\s+wir|einigten\s+wir\s+uns|"
    rf"lieten\s+we\s+(?:\w+\s+)?bewust)\b(?P<rest>{_SENTENCE_REST})"
)
_MORE_I = re.compile(
    r"(?<!\w)(?P<verb>(?:[Ii]k\s+(?:heb\s+)?(?:besloot|besloten|koos|gekozen))|(?:besloot|koos)\s+ik|"
    r"(?:[Hh]o|[Aa]vevo)\s+(?:deciso|scelto)|[Zz]decydowa[łl](?:em|am)|[Pp]ostanowi[łl](?:em|am)|"
    rf"[Ww]ybra[łl](?:em|am)|[Dd]ecidi|[Ee]scolhi|(?:beschloss|entschied)\s+ich)\b(?P<rest>{_SENTENCE_REST})"
)
_EU_CREDIT = re.compile(
    r"(?P<actor>\b(?:[Ii]ch|[Jj]e|[Jj]['’]ai|[Jj]['’]avais)\b|\bClaude\b(?!\s+Code)(?:\s+(?:a|avait|hatte))?)"
    r"(?:\s+(?:dann|daraufhin|selbst|schließlich|sofort|alors|ensuite|finalement|moi-même|daraus|mir))*"
    rf"\s+(?P<verb>{_EU_CREDIT_VERBS})\b(?P<rest>[^.!?;]*)"
)
_EU_IDEA = re.compile(
    r"(?P<what>\b(?:[Dd]ie|[Dd]er|[Dd]as|[Ll]a|[Ll]e|[Ll]['’])\s*[^\W\d_]+)\s+"
    r"(?:kam|stammte|venait|vient|est venue?)\s+(?:von|de)\s+(?P<whose>mir|moi|Claude)\b(?P<rest>[^.!?;]*)"
    r"|\b(?:war|était|fue)\s+(?P<whose2>meine|mon|ma|mi|Claudes|l'idée de Claude)\s+"
    r"(?:Idee|Vorschlag|Entscheidung|idée|choix|décision|idea|decisión|propuesta)(?P<rest2>[^.!?;]*)"
)
# A request: the author may ask for what Claude offered first ("I asked for a full export first"); wanting it is
# asking for it ("I also wanted the project's prompts" after a subagent's report listed them).
_REQUEST = re.compile(r"asked|told|had |called for|pushed for|wanted")
# Agreeing to what the other side put forward: the agreement is an answer the session must hold.
_AGREEMENT = re.compile(r"agreed|accepted|approved|signed off|went along")
_WE_AGREED = re.compile(rf"\b[Ww]e\s+(?:both\s+|all\s+)?agreed(?P<rest>{_REST})")
MIN_CREDIT_STEMS = 2
# A request verb whose object is the noun before it, the main clause's verb after it: "The totals I asked for are
# now in the code", "The browser tests I asked Claude to fix pass again" (inloop52: six closing paragraphs)
_GAP = re.compile(
    r"\s*(?:for|(?:Claude|it|him|her|them)\s+to\s+\w+|to\s+\w+|\w+(?=\s))?\s+(?:is|are|was|were|has|have|had|now|still|"
    r"pass|passes|passed|works?|worked|stays?|stayed|remains?|remained|went|got|landed|shipped)\b"
)
# A request of "it" and what it gave after a colon: "when I asked for it: `70f2781`, with 3 files changed"
_PRONOUN_THEN = re.compile(r"\s*(?:for\s+)?(?:it|that|this|them|one)\s*:")
# Who said so, right after the claim: "Going back to 3e-3 was my call, it said"
_SAID_AFTER = re.compile(r"\s*,\s*(?:it|Claude|they|he|she)\s+(?:said|says|added|replied|wrote|noted)\b")
# A quote's placeholder followed by a new sentence (the quote ended it: "? » Claude a répondu …")
_QUOTE_ENDS = re.compile(r"QUOTE\s*(?=[A-ZÀ-Ý])")
# "it asked whether I wanted to…", "whatever we chose would go into the repo": a question or a relative clause
_REPORTED = re.compile(r"\b(?:whether|if|unless|in case|whatever|whichever|what|which)\s+$", re.I)


# A clause of the author's describing a noun: "the one folder I cannot let anything change", "the tests I wrote"
_MY_CLAUSE = re.compile(r"(?<=[a-z])\s+(?<!\bthat\s)(?<!\bwhich\s)I\s+(?=[a-z])")


def credit_claims(text: str, block: Block) -> list[Claim]:
    claims = []

    def add(start: int, end: int, rest: str, actor: str, verb: str = "") -> None:
        if _REPORTED.search(text[max(0, start - 40) : start]):
            return  # a question or a description, not a decision
        if _REQUEST.match(verb) and (_GAP.match(rest) or _PRONOUN_THEN.match(rest)):
            return  # "the reconnect I asked for is committed", "when I asked for it: `70f2781`": no request told
        if _SAID_AFTER.match(rest):
            return  # "… was my call, it said": Claude's word on whose call it was, a quote's to check
        ended = _QUOTE_ENDS.search(rest)
        if ended:  # J'ai demandé à Claude : « … ? » Claude a répondu …: the question ends the sentence
            end -= len(rest) - ended.end()
            rest = rest[: ended.end()]
        if actor != AUTHOR:
            # "proposed deleting files from the one folder I cannot let anything change": the author's own clause
            # describes the thing; its words are no part of what Claude put forward (blind38 AR1:8)
            mine = _MY_CLAUSE.search(rest)
            rest = rest[: mine.start()] if mine else rest
        stems = content_stems(rest.replace("CODE", " "))  # a code span's placeholder is no word of the decision
        enough = 1 if script_of(rest) == "cjk" else MIN_CREDIT_STEMS  # a Japanese clause is dense: 調査を2体までに絞る
        if len(stems) >= enough:  # "I decided to" alone says nothing to check
            claim = Claim(CREDIT, text[start:end].strip(), block.line_at(start), block, end, actor=actor, stems=stems)
            claim.request = bool(_REQUEST.match(verb))
            claim.agreement = bool(_AGREEMENT.match(verb))
            claims.append(claim)

    for match in _WE_AGREED.finditer(text):
        add(match.start(), match.end(), match.group("rest"), BOTH)
    for match in _CREDIT.finditer(text):
        who = match.group("actor")
        if _ASKED_WHICH.search(text[max(0, match.start() - 80) : match.start()]):
            continue  # "Claude ended by asking which language I wanted": the asker's question, not the author's wish
        if who in ("It", "it"):
            actor = resolve_it(text[: match.start()]) or ""
        elif who == "I" or who.lower() in ("the author", "the user"):
            actor = AUTHOR
        elif who in ("We", "we"):
            actor = BOTH
        else:
            actor = CLAUDE
        if actor not in (AUTHOR, CLAUDE, SUBAGENT, AGENT, BOTH):
            continue
        if actor == BOTH and match.group("verb").startswith("agreed"):
            continue  # "we agreed to…": a shared decision, read above
        add(
            match.start(),
            match.end(),
            match.group("rest"),
            actor if actor in (AUTHOR, BOTH) else CLAUDE,
            match.group("verb"),
        )
    for match in _IDEA.finditer(text):
        whose = match.group("whose").lower()
        actor = AUTHOR if whose in ("my", "the author's") else BOTH if whose == "our" else CLAUDE
        add(match.start(), match.end(), match.group("rest"), actor)
    for match in _EU_CREDIT.finditer(text):
        actor = CLAUDE if match.group("actor").startswith("Claude") else AUTHOR
        add(match.start(), match.end(), match.group("rest"), actor, match.group("verb"))
    for match in _ES_CREDIT.finditer(text):
        verb = match.group("verb").lower()
        add(match.start(), match.end(), match.group("rest"), AUTHOR, _ASKED.get(verb, verb))
    for match in _EU_WE.finditer(text):
        add(match.start(), match.end(), match.group("rest"), BOTH, "decided")
    for pattern, actor in ((_MORE_WE, BOTH), (_MORE_I, AUTHOR)):
        for match in pattern.finditer(text):
            add(match.start(), match.end(), match.group("rest"), actor, "decided")
    for match in _EU_IDEA.finditer(text):
        whose = match.group("whose") or match.group("whose2") or ""
        actor = CLAUDE if "Claude" in whose else AUTHOR
        rest = (match.group("what") or "") + " " + (match.group("rest") or match.group("rest2") or "")
        add(match.start(), match.end(), rest, actor)
    for match in _JA_CREDIT.finditer(text):
        who = match.group("who")
        actor = CLAUDE if who in ("Claude", "クロード") else AUTHOR
        add(match.start(), match.end(), match.group("rest"), actor)
    for match in _JA_DECIDED.finditer(text):
        if any(c.line == block.line_at(match.start()) and abs(c.at - match.end()) < 4 for c in claims):
            continue  # its subject is named: read above
        # 次のセッションで todo-app 側に一本化することに決めた: no subject, so the narrator's "we"; unless the
        # sentence before named its subject ("…と Claude は見た。そこで…書き直すことにした": Claude goes on)
        topic = _JA_TOPIC.findall(text[max(0, match.start() - 160) : match.start("rest")])
        actor = CLAUDE if topic and topic[-1] in ("Claude", "クロード") else BOTH
        add(match.start("rest"), match.end(), match.group("rest"), actor, "decided")
    for match in _ZH_CREDIT.finditer(text):
        if any(c.line == block.line_at(match.start()) and c.at >= match.end("verb") for c in claims):
            continue  # read by the Japanese rule
        who = match.group("who")
        actor = BOTH if who in ("我们", "我們", "咱们") else AUTHOR if who == "我" else CLAUDE
        add(match.start(), match.end(), match.group("rest"), actor, "agreed" if "同意" in match.group("verb") else "")
    return claims


# -- a whole draft ------------------------------------------------------------------------------------


@dataclass
class Extracted:
    claims: list[Claim]
    blocks: list[Block]
    code_blocks: int  # fenced code shown as code: not checked


def extract(markdown: str, programs: frozenset[str] = frozenset()) -> Extracted:
    notes = offline_notes()
    blocks = [b for b in read_blocks(markdown) if " ".join(b.text.strip().strip("*").split()) not in notes]
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
    if not body or not words(body):
        return []
    speaker = None
    if block.lead is not None:
        speaker = speaker_of(block.lead.text)
    kind = _QUOTE_KIND.get(speaker or "", ANY_QUOTE)
    # at=0: every marker in the quote (at the end of its last line, or on a line after it) comes after it.
    return [Claim(kind, body, block.start, block, at=0, speaker=speaker)]


# Fences that show what a run printed (an error, a summary line): each message line is a quote of the session.
_OUTPUT_LANGS = frozenset({"text", "txt", "output", "log", "plain", "plaintext"})
_MESSAGE_LINE = re.compile(r"[^\W\d_]{2,}(?:\W+[^\W\d_]{2,}){2,}")  # three words or more: a message, not `3 passed`
# a line naming something by its identifier, with a figure ("1 of 1 FAIL 283719 unique_orders_order_id", "ok
# api/handlers 0.41s"): a test's, a model's or a package's name and its result, no message words around them
_NAMED_LINE = re.compile(r"(?<![\w/.-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){2,}(?![\w/.-])")
# a run's summary of two counts or more ("324 examples, 0 failures", "Tests: 3 failed, 2 passed"): its figures are the
# run's, as the output printed them, whatever words they count
# (a count's noun may take a word after it: git's "14 files changed, 3289 insertions(+), 1 deletion(-)")
_COUNTS_LINE = re.compile(
    r"(?:[^\W\d_]+:?\s+)?\d+\s+[^\W\d_]+(?:\s+[^\W\d_]+)?(?:,?\s+\d+\s+[^\W\d_]+(?:\s+[^\W\d_]+)?)+.*"
)


def _output_claims(block: Block, lines: list[str]) -> list[Claim]:
    """The output of a run shown as a block ("```text" under "Python stopped at line 73:"): each line of three
    words or more is a quote the events the block cites (its lead-in's) must hold, so a wrong error is caught."""
    placed = []
    offset = len(block.lines[0]) + 1
    for line in lines:
        placed.append((line, offset))
        offset += len(line) + 1
    return _printed_claims(block, placed)


def _printed_claims(block: Block, placed: list[tuple[str, int]]) -> list[Claim]:
    """`_output_claims` of lines at their offsets in the block (a terminal's output under its `$` lines too)."""
    claims = []
    for line, offset in placed:
        stripped = line.strip()
        # a test run's summary ("Tests: 3 failed, 2 passed, 5 total"): its counts are the run's, as in prose
        counted = [c for c in number_claims(" " * offset + line, block) if c.amount is not None and c.amount.result]
        # (a summary whose every figure is a test count read above is left to those: "Tests: 3 failed, 1 passed")
        read = [(c.amount.start, c.amount.end) for c in counted if c.amount is not None]
        unread = [m for m in re.finditer(r"\d+", line) if not any(a <= offset + m.start() < b for a, b in read)]
        named = bool(_NAMED_LINE.search(stripped)) and bool(re.search(r"\d", stripped))
        # pytest frames its summary in rules ("===== 5 failed, 174 passed, 48 deselected in 3.30s =====")
        core = stripped.strip("=-_*# ")
        if _MESSAGE_LINE.search(stripped) or (_COUNTS_LINE.fullmatch(core) and unread) or named:
            claims.append(Claim(ANY_QUOTE, stripped, block.line_at(offset), block, at=offset + len(line)))
        claims.extend(counted)
    return claims


def _code_block_claims(block: Block) -> list[Claim]:
    """A shell session shown in a post: each command in it is a command the session should have."""
    body = list(block.lines)
    # a citation on a line after the closing fence (blank lines between)
    while len(body) > 1 and (MARKER_ONLY.match(body[-1]) or not body[-1].strip()):
        body.pop()
    lines = body[1:-1] if len(body) > 1 else []
    prompted = any(ln.lstrip().startswith("$ ") for ln in lines)
    if block.info.lower() in _OUTPUT_LANGS and not prompted:
        return _output_claims(block, lines)
    if block.info not in _SHELL_LANGS and not prompted:
        return []
    claims = []
    printed: list[tuple[str, int]] = []
    offset = len(block.lines[0]) + 1
    for line in lines:
        stripped = line.strip()
        if prompted and not stripped.startswith("$ "):
            # output under a prompt: its message lines are quotes of what the run printed, as in a ```text block
            # (blind18 X1:27, an error the run never printed)
            if stripped and not stripped.startswith(("…", "...")):
                printed.append((line, offset))
            offset += len(line) + 1
            continue
        command = stripped[2:].strip() if stripped.startswith("$ ") else stripped
        if command and not command.startswith("#"):
            claims.append(Claim(COMMAND, command, block.line_at(offset), block, at=offset + len(line)))
        offset += len(line) + 1
    return claims + _printed_claims(block, printed)


# After a quote that ends its own sentence, a verb that goes on to report something ("confirmed that Vercel
# …", "explained how") starts a new sentence: the speaker it names is not the quote's.
_REPORTS_AFTER = re.compile(r"^\s*(?:[A-Z]\w*|I|it)(?:\s+\w+ly)?\s+[a-z]+ed\s+(?:that|how|whether|why|what)\b")


# A short quote is a claim when the sentence says right before it who said it: `Claude checked it and reported
# "still no"`, `I answered "yes"` (a word or two in quotes is otherwise a term, a label or a title).
# After a quote that ends its own sentence with a stop: someone doing something to an object, not saying it
# ("Claude sent an Explore subagent through the code"), which "“…,” Claude said" or "“…?” it asked" is not.
_ACTS_AFTER = re.compile(r"^\s*(?:Claude|I|It|He|She|They)\s+(?:\w+ly\s+)?[a-z]+\s+(?:an?|the|its|my|their|it|them)\b")
_SAID_RIGHT_BEFORE = re.compile(
    r"\b(?:I|Claude|it|the (?:sub-?)?agent)\s+(?:\w+\s+){0,6}?(?:said|replied|answered|reported|wrote|typed|"
    r"asked|concluded)\s*:?\s*$"
)


def _quote_claims(block: Block, original: str, masked: str) -> tuple[list[Claim], str, list[tuple[int, int]]]:
    """The inline quotes of a block's text (code already masked), the text with them blanked, their spans."""
    claims: list[Claim] = []
    text = original
    spans: list[tuple[int, int]] = []
    last_end = 0
    found = list(_INLINE_QUOTE.finditer(masked))
    for n, match in enumerate(found):
        group = next(g for g in QUOTE_GROUPS if match.group(g) is not None)
        quoted = original[match.start(group) : match.end(group)]
        lead = masked[last_end : match.start()]
        if quote_words(masked[match.start(group) : match.end(group)]) >= MIN_INLINE_QUOTE_WORDS or (
            _SAID_RIGHT_BEFORE.search(lead) and quote_words(quoted) >= 2  # one word is a label: "FEASIBLE"
        ):
            # "it" is resolved within the paragraph only: across paragraphs it is too often someone else.
            following = found[n + 1].start() if n + 1 < len(found) else len(masked)
            after = masked[match.end() : following]
            if after.lstrip()[:1] in (".", "!", "?", "。"):
                after = ""  # "“…”. I gave in": a new sentence, not an attribution
            elif quoted.rstrip()[-1:] in ".!?" and _REPORTS_AFTER.match(after):
                after = ""  # "“Still broken?” Claude confirmed that …": a new sentence with its own content
            elif quoted.rstrip()[-1:] == "." and _ACTS_AFTER.match(after):
                after = ""  # "“…as well.” Claude sent an Explore subagent…": a sentence ended, the next one acts
            elif quoted.rstrip()[-1:] in ".!?。" and "\n" in after[: len(after) - len(after.lstrip())]:
                after = ""  # "“…repo.”" ending its line, "Claude agreed…" on the next: a sentence of its own
            joined = quoted.rstrip()[-1:] in ",，、" or after.lstrip()[:1] in ",，"
            speaker = speaker_of(masked[last_end : match.start()], masked[:last_end], after, joined=joined)
            if speaker == PRONOUN:
                speaker = None
            kind = _QUOTE_KIND.get(speaker or "", ANY_QUOTE)
            claims.append(Claim(kind, quoted, block.line_at(match.start()), block, at=match.end(), speaker=speaker))
            spans.append((match.start(), match.end()))
        text = _blank(text, match.start(), match.end(), keep="QUOTE")
        last_end = match.end()
    return claims, text, spans


def _prose_claims(block: Block, programs: frozenset[str]) -> list[Claim]:
    text = block.text
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
    claims, text, quoted_spans = _quote_claims(block, original, masked)
    for match in spans:
        if any(a <= match.start() < b for a, b in quoted_spans):
            continue
        code = match.group("code").strip()
        kind = classify_code(code, programs)
        claim = Claim(kind, code, block.line_at(match.start()), block, at=match.end())
        printed_by = _printed_by(masked, match.start(), claims)
        if printed_by:
            claim.kind, claim.command = OUTPUT, printed_by
            claims.append(claim)
            text = _blank(text, match.start(), match.end(), keep="CODE")
            continue
        if kind == COMMAND:
            claim.ran = _asserts(_RUN_WORDS, masked, match.start())
            claim.by_author = claim.ran and _run_by_author(masked, match.start())
            # "no `git commit` ran", "没有跑过 `git commit`", "geen `git commit`": told as never run
            claim.absent = bool(_WITHOUT.search(masked[max(0, match.start() - 40) : match.start()]))
        elif kind == CODE_SPAN:
            claim.absent = bool(_WITHOUT.search(masked[max(0, match.start() - 40) : match.start()]))
        elif kind == PATH and not is_route(code):
            claim.as_value = bool(_AS_VALUE.search(masked[max(0, match.start() - 40) : match.start()]))
            claim.touch = "" if claim.as_value else _touch(masked, match.start())
            claim.untouched = not claim.as_value and _untouched(masked, match.start())
            claim.touch = "" if claim.untouched else claim.touch
            claim.ran = bool(claim.touch)
            claim.owner, claim.owns = _owner(masked, match.start())
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
        if re.fullmatch(r"[\d./]+", path) or (re.fullmatch(r"\w+/\w+", path) and not re.search(r"\.\w+$", path)):
            continue  # "and/or", "input/output": a slash in prose, not a path
        if re.fullmatch(r"[A-Z][\w-]*\.(?:js|ts)", path) or (path.startswith("/") and "." not in path):
            continue  # "Next.js", "Node.js": a product; "/tokenizer": a URL route
        claim = Claim(PATH, path, block.line_at(match.start()), block, at=match.end())
        if not is_route(path):
            claim.touch = _touch(masked, match.start())
            claim.untouched = _untouched(masked, match.start())
            claim.touch = "" if claim.untouched else claim.touch
        claim.ran = bool(claim.touch)
        claims.append(claim)
        text = _blank(text, match.start(), match.end(), keep="PATH")
    for match in _IDENTIFIER.finditer(text):
        if match.group(0) not in _BRANDS and not _ERROR_NAME.fullmatch(match.group(0)):
            claims.append(Claim(CODE_SPAN, match.group(0), block.line_at(match.start()), block, at=match.end()))
    for match in _CALLED.finditer(text):
        # "a skill called worktree-team-kit": a name given as a name, unmarked, is as much a claim as `one`
        claims.append(Claim(CODE_SPAN, match.group("name"), block.line_at(match.start("name")), block, at=match.end()))
    for match in _ERROR_NAME.finditer(text):
        claims.append(Claim(CODE_SPAN, match.group(0), block.line_at(match.start()), block, at=match.end()))
        text = _blank(text, match.start(), match.end(), keep="CODE")
    claims.extend(_number_claims(text, block))
    claims.extend(outcome_claims(text, block))
    claims.extend(credit_claims(text, block))
    return claims


# A labelled line of a list, as retell's numbers are written since round 45: "- **Tool calls**: 35 (3 failed)".
_LABELLED_ITEM = re.compile(r"^\s*[-*+]\s+\*\*(?P<label>[^*\n]+)\*\*\s*[:：]", re.M)


def _number_claims(text: str, block: Block) -> list[Claim]:
    if block.kind == LIST and len(block.text) == len(text) and _LABELLED_ITEM.search(block.text):
        # (`text` has its markup blanked, in place: the labels are read in the block's own text)
        out = []
        for start, line in _rows(block.text):
            item = _LABELLED_ITEM.match(line)
            cut = start + (item.end() if item else 0)
            segment = " " * cut + text[cut : start + len(line)]
            out.extend(number_claims(segment, block, unit_of_label(item.group("label")) if item else ""))
        return out
    if block.kind != TABLE:
        return number_claims(text, block)
    out = []
    for row_start, row in _rows(text):
        cells = row.split("|")
        label = cells[1] if len(cells) > 2 else ""
        value_start = row_start + len(cells[0]) + len(label) + 2
        segment = " " * value_start + text[value_start : row_start + len(row)]
        out.extend(number_claims(segment, block, unit_of_label(label)))
    return out


# A count of one is most often a figure of speech ("one prompt", "a one-line request", 一行の依頼, 1体は…), and a
# small count of things a writer counts from the story ("three routes"): neither is a claim the session settles.
_ONE_MATTERS = frozenset({"tests", "failed", "errors", "money", "percent"})
SMALL_COUNT = 12


def _checkable(amount: Amount, block: Block, default_unit: str) -> bool:
    if amount.unit.startswith(THING):
        return amount.value != 1 or amount.high is not None
    # 一行, 一つ are words in Chinese and Japanese; a time in digits (1分ほど) is still a figure
    cjk = script_of(block.text) == "cjk" and amount.unit != DURATION
    spoken = not amount.text[:1].isdigit() or cjk
    return not (amount.value == 1 and amount.high is None and spoken and amount.unit not in _ONE_MATTERS)


def number_claims(text: str, block: Block, default_unit: str = "") -> list[Claim]:
    """Numbers stated with a unit. `text` has quotes and code blanked out already."""
    claims = []
    # A German or French post: its figures are read in an English gloss and placed back where they are written.
    # Elsewhere but in English, a relative time ("через пять минут", "cinque minuti dopo") is glossed alone.
    glossed = gloss(text) if glossable(block.text) else None
    if glossed is None and language_of(block.text) != "en":
        glossed = gloss_relative(text)
    for amount in amounts(glossed.text if glossed else text, default_unit):
        if glossed is not None:
            amount.start, amount.end = glossed.back(amount.start), glossed.back(amount.end, end=True)
            amount.text = text[amount.start : amount.end]
        if not _checkable(amount, block, default_unit):
            continue
        claim = Claim(NUMBER, amount.text.strip(), block.line_at(amount.start), block, at=amount.end, amount=amount)
        claims.append(claim)
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
    r"\b(?:to|will|would|should|could|can|might|may|must|shall|let me|'ll|going to|wants? to)\s+$"
    # what was not done, and what a proposal would do: "skip what it cannot read", "proposed that the script …
    # list it in `problems.txt`" (blind38 AR1:138)
    r"|\b(?:cannot|can't|couldn't|won't|wouldn't|didn't|did not|never)\s+$"
    r"|\b(?:proposed|proposes|suggested|suggests|recommended|recommends|offered|advised)\s+(?:that|to)\b[^.;]*$"
    r"|(?:しよう|するつもり|予定)",
    re.I,
)
_CLAUSE_END = re.compile(r"[.;:!?。、！？](?=\s|$|[^\x00-\x7f])|\n")


def _clause(text: str, at: int) -> tuple[str, int]:
    head = _CLAUSE_END.split(text[:at])[-1]
    return head + _CLAUSE_END.split(text[at:])[0], len(head)


# "I opened another terminal and typed `claude -r`", 我又跑了 `…`: the author, not Claude, ran it
_AUTHOR_RAN = re.compile(
    r"\bI\s+(?:[\w'-]+\s+){0,8}?(?:ran|re-ran|reran|typed|ran|executed|invoked)\b[^.;]*$|"
    r"\b(?:me|my)\s+(?:own\s+)?(?:running|re-running|typing|executing)\b[^.;]*$|(?:我|私)[^。；]*(?:跑了|运行|执行|実行|打っ|叩い)[^。；]*$"
)


def _run_by_author(masked: str, at: int) -> bool:
    clause, offset = _clause(masked, at)
    return bool(_AUTHOR_RAN.search(clause[:offset]))


def _printed_by(masked: str, at: int, claims: list[Claim]) -> str:
    """The command a code span is told as the output of ("`echo $X`, which still printed `base`"): a
    command of the same clause before it, then a verb of output right before the span, not an intent ("it
    should print `ok`")."""
    clause, offset = _clause(masked, at)
    lead = clause[:offset]
    verb = _OUTPUT_WORDS.search(lead)
    if verb is None or _INTENT.search(lead[: verb.start()]) or "CODE" in lead[verb.start() :]:
        return ""
    start = at - offset
    before = [c for c in claims if c.kind == COMMAND and start <= c.at <= start + verb.start()]
    return before[-1].text if before else ""


def _asserts(verbs: re.Pattern[str], text: str, at: int) -> bool:
    """The clause around `at` says it was done (ran, edited…), not that it was meant to be ("to read",
    "I'll run"), nor, in Japanese or Chinese, that the rest of the sentence made it advice ("`npm run dev` を実行
    し、…開くよう勧めました": Claude advised running it; blind37 AQ2:100)."""
    clause, where = _clause(text, at)
    asserted = [m for m in verbs.finditer(clause) if not _INTENT.search(clause[: m.start()])]
    if not asserted:
        return False
    if all(m.group(0).isascii() for m in asserted):
        return True
    start = at - where
    tail = _SENTENCE_END.split(text[start:], maxsplit=1)[0]
    return not _ADVISED.search(tail)


_SENTENCE_END = re.compile(r"[。！？!?]|\n")
# What makes a Japanese or Chinese sentence's verb advice: …するよう勧めた, …ように言った, …てください, 建议…
_ADVISED = re.compile(
    r"よう(?:に)?(?:勧め|すすめ|提案|言い|言っ|言われ|指示|頼|お願い|促|案内)|ことを(?:勧め|すすめ|提案)|てください|"
    r"(?:と|を)提案|建议|建議|让我|讓我|请你|請你"
)


# Whose file: "Bob's `x.md`", "alice, editing `x.md`", "carol wrote `x.md`" (a name right before the path).
_OWNER = re.compile(
    r"\b(?P<name>[A-Za-z][a-z]+)(?:'s|’s|,?\s+(?:\w+\s+){0,1}(?:editing|writing|who (?:edited|wrote)|edited|wrote|"
    r"created|updated|appended to|added to))\s+(?:(?:own|new|the|her|his|its|document|doc|file)\s+){0,2}$"
)


def _owner(text: str, at: int) -> tuple[str, bool]:
    clause, where = _clause(text, at)
    match = _OWNER.search(clause[:where])
    if match is None:
        return "", False
    return match.group("name").lower(), match.group(0)[len(match.group("name")) :].startswith(("'s", "’s"))


# An English verb acts on the files after it in its clause ("removed them from the script tags in index.html
# and from the favicon path in `tokenizer.js`"), until a phrase of its own starts: "rewrote the layout with
# the five legacy files at the top of each folder, `summary.txt`" tells of a plan that names the file, "opened
# the session by pointing Claude at `prompt.md`" of the session.
_OWN_PHRASE = re.compile(r"\b(?:with|by|while|after|before|when|without|so that|because)\b", re.I)


# A path given as what something was changed to: "changed them to `./tokenizer.css`", "set it to", "renamed
# it as" (and the list that goes on: "to `./a.css` and `./a.js`").
_AS_VALUE = re.compile(
    r"\b(?:changed|set|switched|renamed|pointed|turned|updated)\b[^.;:]*\b(?:to|as)\s+(?:(?:CODE|and|or|,)\s*)*$"
)


# A clause the verb takes as its object, whose file is what was read or seen about, not what was read: "read from
# the list that `x.py` had been deleted", "saw in the log whether `y.js` loaded", "noticed how `z.md` was built".
_WH_CLAUSE = re.compile(r"\b(?:whether|how|why|where|what)\b", re.I)
_ITS_VERB = re.compile(
    r"^\S*\s+(?:had|has|have|was|were|is|are|did|does|do|no longer|still|could|would|should|might|must|"
    r"needed|went|came|got|held|kept|lived|moved|used|read|named)\b",
    re.I,
)


def _governs(between: str, after: str = "") -> bool:
    """Whether a verb, followed by `between`, still acts on the file right after it (`after`: what follows the
    file, up to the clause's end)."""
    if _OWN_PHRASE.search(between) or _WH_CLAUSE.search(between):
        return False
    # "that" before the file, and a verb after it: a clause ("…that `x.py` had been deleted"), not "that `x.py`"
    return not (re.search(r"\bthat\b", between, re.I) and _ITS_VERB.match(after))


def _touch(text: str, at: int) -> str:
    """How the clause around a path says a tool touched it: "read" (read, opened), "edit" (edited, wrote,
    created, removed…), or "" when it only names the file. The verb nearest before the path counts (after
    it in Japanese and Chinese, where the verb ends the clause)."""
    clause, where = _clause(text, at)
    verb_last = script_of(clause) == "cjk"
    best: tuple[int, str] | None = None
    for match in _TOUCH_WORDS.finditer(clause):
        if _INTENT.search(clause[: match.start()]):
            continue
        after = match.start() > where
        # English puts the verb first, or right after the file as a participle ("vercel.json opened for…").
        participle = after and re.fullmatch(r"\S*\s+(?:(?:was|were|got|being)\s+)?", clause[where : match.start()])
        if after != verb_last and not participle:
            continue
        if participle and not verb_last and match.group(0).lower().endswith("ing"):
            continue  # "found `src/clock.rs` reading it": what the file does (reads a variable), not a tool's touch
        if not after and not verb_last and not _governs(clause[match.end() : where], clause[where:]):
            continue

        kind = "read" if match.group("read") or match.group("ja_read") else "edit"
        distance = abs(match.start() - where)
        if best is None or distance < best[0]:
            best = (distance, kind)
    return best[1] if best else ""


# "without `--force`", "ohne `--force`", "sin `--force`": a name told as not used (blind18 X2:105)
_WITHOUT = re.compile(
    r"\b(?:without|ohne|sin|sans|senza|zonder|sem|bez|utan|uden|uten"
    # "no `git` command ran", "never `git push`", "kein `git`-Befehl": named as what never ran
    r"|no|never|not a single|not one|kein(?:e|en|er|em)?|ningún|ninguna|aucune?|nessun[oa]?|geen|nenhuma?|żadn\w+"
    # Indonesian's "tidak ada (satu pun perintah)", Vietnamese's "không có (lệnh)", "there is no (command)"
    r"|tidak ada|tak ada|không có|không hề)\s+"
    r"(?:(?:a|an|any|the|einen?|den|das|die|el|la|le|les|il|lo|de|het|o)\s+)?"
    r"(?:(?:einzige[mnrs]?|single|solo|seul|único|única|enkele|satu pun|sebuah)\s+)?"
    r"(?:(?:perintah|lệnh|command|Befehl|commando)\s+)?$"
    # Chinese and Japanese: 没有跑过 `git commit`, 未执行 `git push`
    r"|(?:没有|沒有|未曾|未)(?:跑过|跑過|运行过|運行過|执行过|執行過|用过|用過|做过|做過)?\s*$",
    re.I,
)


def _untouched(text: str, at: int) -> bool:
    """ "nothing in `x.py` was touched", "`x.py` was never opened": a touch the clause denies."""
    clause, where = _clause(text, at)
    # the path's own phrase: "I didn't want them dropped, and Claude edited `x.py`" denies nothing of `x.py`
    head = _PHRASE_BREAK.split(clause[:where])[-1]
    phrase = head + _PHRASE_BREAK.split(clause[where:])[0]
    denied = bool(_TOUCH_WORDS.search(phrase)) and bool(_TOUCH_DENIED.search(phrase))
    return denied or bool(_LEFT_ALONE.search(phrase))


_PHRASE_BREAK = re.compile(r",\s|\s(?:and|but|while|whereas|though)\s", re.I)


# A clause telling a file was not touched: what it denies is no touch to trace.
_LEFT_ALONE = re.compile(r"\b(?:untouched|unchanged|unedited|left alone|as it was)\b", re.I)
_TOUCH_DENIED = re.compile(r"\b(?:not|never|nothing|nobody|no one|none|neither|nor|untouched|unchanged|\w+n't)\b", re.I)


def _apply_marks(claims: list[Claim], blocks: list[Block]) -> None:
    """`cleaned`, `translated` and `ok` marks apply to the claim right before them in their block."""
    by_block: dict[int, list[Claim]] = {}
    for claim in claims:
        by_block.setdefault(id(claim.block), []).append(claim)
    for block in blocks:
        own = sorted(by_block.get(id(block), []), key=lambda c: c.at)
        for mark in block.marks:
            if mark.kind == "cite":
                continue
            before = [c for c in own if c.at <= mark.at]
            if mark.kind in ("cleaned", "translated"):
                quotes = [c for c in before if c.kind in QUOTE_KINDS]
                if quotes:
                    if mark.kind == "cleaned":
                        quotes[-1].cleaned = mark.ids
                    else:
                        quotes[-1].translated = mark.ids
            elif mark.kind == "ok":
                target = before[-1] if before else (own[0] if own else None)
                if target is not None:
                    target.accepted = mark.note


def is_count_of_things(claim: Claim) -> bool:
    return claim.unit.startswith(THING)


# Kept for callers that read who a text names.
_mentions = mentions
