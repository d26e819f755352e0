#!/usr/bin/env python3
# ruff: noqa: E501  (the patterns read best one per line)
"""Fidelity on real transcripts: every session of ../shared/corpus through parse, triage (approved as proposed),
the offline outline and draft, and render; then what a reader would notice, counted against the raw records
(issues 10 and 24).

    python bench/fidelity.py                        # table of counts; details in bench/out/fidelity.json
    python bench/fidelity.py --code /tmp/retell-main  # the same measure of another checkout's retell (before/after)
    python bench/fidelity.py --titles OUT.md        # every post's title and headings, as the post shows them
    python bench/fidelity.py --titles OUT.md --split dev   # only the sessions of one half (dev or holdout)

The expectations are read from the raw JSONL by this script's own rules, never by retell's code:
- the author's messages: user records that are the human typing (not isMeta, compaction summaries, tool
  results, command output, harness notices, other sessions' messages), slash commands' arguments, and messages
  queued while the agent worked (queue `enqueue` closed by a `remove`, `queued_command` attachments, or by a
  `dequeue` after the agent's records came between, its user record counted as queued). Each is
  looked for among the post's quotes of the author ("I started with this:", "While Claude was still working, I
  added:" …): told exactly once, lost, doubled; and every such quote that is none of them is "not the author's".
  A message retell put on a rewound (abandoned) branch is counted apart: not told by design.
  Of them, those queued: how many the post tells as "While Claude was still working, I added:".
- the language: each message votes by its script (Han, kana, Hangul, Cyrillic), Vietnamese letters, or the
  function words of German, French, Italian, Portuguese, Spanish or English (Latin letters in none of them: no vote); Chinese as Traditional or Simplified by a short list of characters only one script has. Only
  trusted when clear.
- the figures: the post's "My messages" (the author's messages the post tells), "Tool calls" (tool_use blocks
  of the main file, once per id, spawns and ExitPlanMode aside), "Files changed" (edit and write targets and the
  last snapshot's files, each as one absolute path, and the files shell commands changed as retell's manifest
  lists them; a file in a Claude Code config folder, such as a plan, is none of the work's), and the session's length (first to last record, a
  trailing /exit after a pause of hours aside).
- every non-empty session (one message of the author's or one reply) a post.

Also counted, as before (issue 10): default titles of a bad kind, headings of a bad kind, slugs shared,
bare `cd` in tool sentences.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
import tempfile
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"


def _code_root(argv: list[str]) -> Path:
    """--code DIR, read before retell is imported: which checkout's retell to measure."""
    for i, arg in enumerate(argv):
        if arg == "--code" and i + 1 < len(argv):
            return Path(argv[i + 1]).resolve()
        if arg.startswith("--code="):
            return Path(arg.split("=", 1)[1]).resolve()
    return REPO


CODE = _code_root(sys.argv[1:])
sys.path.insert(0, str(CODE))

from retell.check.stage import run_check  # noqa: E402
from retell.claude.locate import SessionRef  # noqa: E402
from retell.errors import RetellError  # noqa: E402
from retell.parse import ParseOptions, parse_to_workdir  # noqa: E402
from retell.render import RenderOptions, run_render  # noqa: E402
from retell.triage.stage import run_triage  # noqa: E402
from retell.write.context import StageOptions  # noqa: E402
from retell.write.draft import run_draft  # noqa: E402
from retell.write.outline import run_outline  # noqa: E402
from retell.yamlio import load as load_yaml  # noqa: E402

# -- the raw records, read by this script's own rules -----------------------------------------------------------

_NOT_TYPED = (
    "<local-command",
    "<bash-",
    "<command-message>",
    "Caveat:",
    "[Request interrupted",
    "<task-notification",
    "<bash-notification",
    "<user-memory-input",
    "<teammate-message",
    "<cross-session-message",
    "<agent-message",
    "Another Claude session sent a message",
    "Stop hook feedback",
    "This session is being continued",
    "Unknown skill",
    "Unknown slash command",
    "Unknown command",
    "PreToolUse:",
    "PostToolUse:",
)
_HOUSEKEEPING = {
    "/clear", "/exit", "/model", "/doctor", "/status", "/mcp", "/config", "/help", "/cost", "/login", "/logout",
    "/permissions", "/ide", "/memory", "/resume", "/context", "/usage", "/add-dir", "/agents", "/hooks", "/vim",
    "/theme", "/export", "/compact", "/rewind", "/todos", "/bashes", "/plugin", "/terminal-setup", "/statusline",
    "/output-style", "/release-notes", "/upgrade", "/bug", "/feedback", "/privacy-settings",
}  # fmt: skip
_STRIP = re.compile(
    r"<(system-reminder|ide_opened_file|ide_selection|ide_diagnostics)>.*?(?:</\1>|\Z)|\[Image #\d+\]", re.S
)
_SPAWNS = {"Task", "Agent", "proxy_Task"}
_EDITS = {"Edit", "MultiEdit", "Write", "NotebookEdit"}


def _texts(content: Any) -> list[str] | None:
    """The text blocks of a user message; None when it carries a tool result (not typed)."""
    if isinstance(content, str):
        return [content]
    if not isinstance(content, list):
        return []
    out = []
    for block in content:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "tool_result":
            return None
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            out.append(block["text"])
    return out


# (Claude Code 2.x writes "To tell you how to proceed, the user said:\n…"; earlier ones "…the following reason…";
# after it, "The user wants to clarify these questions." is Claude Code's own note, not the author's words)
_REJECTION = re.compile(
    r"(?:The user provided the following reason for the rejection:|To tell you how to proceed, the user said:)"
    r"(?!\s*The user wants to clarify these questions\.)\s*(.+)",
    re.S,
)


_NOT_A_REPLY = re.compile(
    r"(?:Exit code \d|Command (?:timed out|failed)|Error|<tool_use_error>|Permission|Claude |This |The user doesn't"
    r"|Shell |Tool use|Interrupted|Cancelled|\[Request|\S+ in '.*' was blocked)",
    re.I,
)


# A line only a program prints: a compiler's `file:12:5: error`, MSBuild's `File.cs(19,44): error CS1061`, a tool's
# `avrdude: error:`, git's `error:`/`hint:`/`! [rejected]`, a traceback, a shell's "command not found" (stop 52:
# fresh25 wrote failed commands as `Error: <output>` with no "Exit code" line; they are no author's reply)
_PRINTED_BY_A_PROGRAM = re.compile(
    r"(?m)^(?:\S+:\d+(?::\d+)?: (?:fatal )?error|\S+\(\d+,\d+\): (?:error|warning) |[\w.-]+: (?:error|fatal): |"
    r"(?:error|fatal|hint): |\s*! \[rejected\]|Traceback \(most recent|\S*sh: .*command not found)"
)


def _rejection_reasons(content: Any, recorded: Any = None, shell_call: Any = None) -> list[str]:
    """What the author typed when refusing a tool call (Claude Code puts it inside the tool result). Claude
    Code 2.x in an IDE records the reply alone: an error result whose `toolUseResult` is "Error: " and the
    same words (read in the corpus: "please add transformer.js too first" on a `git commit`)."""
    out = []
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            inner = block.get("content")
            if isinstance(inner, list):
                inner = " ".join(b.get("text", "") for b in inner if isinstance(b, dict))
            if not isinstance(inner, str):
                continue
            if m := _REJECTION.search(inner):
                out.append(m.group(1).strip())
            elif (
                block.get("is_error")
                and shell_call is not None
                and shell_call(block.get("tool_use_id"))
                and isinstance(recorded, str)
                and recorded.strip() == f"Error: {inner.strip()}"
                and inner.strip()
                and not _NOT_A_REPLY.match(inner.strip())
                and not _PRINTED_BY_A_PROGRAM.search(inner)
            ):
                out.append(inner.strip())
    return out


def _typed(text: str, lines: bool = False) -> str | None:
    """The author's words in one piece of user text, or None when a machine wrote it; on one line, or with its
    lines (`lines`: what the language is read from, a pasted trace told from the words after it)."""
    if "<command-name>" in text:
        name = re.search(r"<command-name>\s*(\S*?)\s*</command-name>", text)
        args = re.search(r"<command-args>(.*?)</command-args>", text, re.S)
        if not name or not args or not args.group(1).strip() or name.group(1) in _HOUSEKEEPING:
            return None
        return args.group(1).strip()
    stripped = text.strip()
    if any(stripped.startswith(m) or m in stripped[:200] for m in _NOT_TYPED):
        return None
    if stripped.startswith("{"):
        try:
            value = json.loads(stripped)
        except ValueError:
            value = None
        if isinstance(value, dict) and {"task_id", "tool_use_id", "task_type"} & set(value):
            return None
    cleaned = " ".join(_STRIP.sub(" ", text).split())
    return (_STRIP.sub(" ", text).strip() if lines else cleaned) or None


class Raw:
    """What the transcript holds, read line by line with json (nothing of retell's)."""

    def __init__(self, path: Path) -> None:
        self.messages: list[tuple[int, str]] = []  # (line, text)
        self.as_typed: list[str] = []  # the messages' texts with their lines: what the language is read from
        self.replies = 0
        self.tool_ids: set[str] = set()
        self.shell_ids: set[str] = set()  # the shell calls' ids
        self.files: set[str] = set()
        self.first_cwd: str | None = None
        self.stamps: list[tuple[str, bool]] = []  # (timestamp, part of the work: not a trailing /exit)
        self.queued: set[str] = set()  # the keys of the messages typed while the agent worked
        queued: list[tuple[int, str]] = []
        pending: list[tuple[int, str | None]] = []
        conversation = 0  # main-thread user and assistant records read
        dequeued: str | None = None  # the text a dequeue delivers next, when it waited while the agent worked
        typed_texts: set[str] = set()
        snapshot: dict[str, Any] | None = None
        for lineno, line in enumerate(path.read_bytes().split(b"\n"), 1):
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if not isinstance(record, dict):
                continue
            rtype = record.get("type")
            cwd = record.get("cwd")
            if isinstance(cwd, str) and cwd and self.first_cwd is None and not record.get("isSidechain"):
                self.first_cwd = cwd
            stamp = record.get("timestamp")
            if isinstance(stamp, str) and rtype in ("user", "assistant", "system", "attachment", "queue-operation"):
                self.stamps.append((stamp, not self._housekeeping(record)))
            if rtype == "file-history-snapshot":
                snap = record.get("snapshot")
                if isinstance(snap, dict) and isinstance(snap.get("trackedFileBackups"), dict):
                    snapshot = snap["trackedFileBackups"]
            if rtype in ("user", "assistant") and not record.get("isSidechain"):
                conversation += 1
                if rtype == "assistant":
                    dequeued = None
            if rtype == "assistant":  # (tool calls of the whole file count, side threads' too)
                message = record.get("message") if isinstance(record.get("message"), dict) else {}
                if message.get("model") == "<synthetic>" or record.get("isApiErrorMessage"):
                    continue
                for block in message.get("content") or []:
                    if not isinstance(block, dict):
                        continue
                    if block.get("type") == "text" and str(block.get("text", "")).strip():
                        self.replies += 1
                    if block.get("type") == "tool_use" and block.get("name") not in _SPAWNS | {"ExitPlanMode"}:
                        self.tool_ids.add(str(block.get("id")))
                        if block.get("name") in ("Bash", "PowerShell"):
                            self.shell_ids.add(str(block.get("id")))
                        if block.get("name") in _EDITS and isinstance(block.get("input"), dict):
                            target = block["input"].get("file_path") or block["input"].get("notebook_path")
                            if isinstance(target, str) and target:
                                self.files.add(_absolute(target, cwd if isinstance(cwd, str) else None))
            elif rtype == "user":
                if record.get("isMeta") or record.get("isCompactSummary") or record.get("isSidechain"):
                    continue
                origin = record.get("origin")
                if isinstance(origin, dict) and origin.get("kind") not in (None, "human"):
                    continue
                message = record.get("message") if isinstance(record.get("message"), dict) else {}
                texts = _texts(message.get("content"))
                if texts is None:  # a tool result; the author's reason for refusing a call is their own words
                    texts = _rejection_reasons(
                        message.get("content"), record.get("toolUseResult"), self._shell_call_in_2x(record)
                    )
                if not texts:
                    continue
                words = [w for t in texts if (w := _typed(t))]
                if words:
                    self.messages.append((lineno, "\n".join(words)))
                    self.as_typed.append("\n".join(w for t in texts if (w := _typed(t, lines=True))))
                    typed_texts.add(_key(words[0]))
                    if dequeued is not None and _key(dequeued) == _key("\n".join(words)):
                        self.queued.add(_key(dequeued))  # delivered by a dequeue after it waited: typed earlier
                    dequeued = None
            elif rtype == "queue-operation":
                op = record.get("operation")
                content = record.get("content")
                text = None
                if content is not None:
                    texts = _texts(content) or []
                    words = [w for t in texts if (w := _typed(t))]
                    text = "\n".join(words) if words else None
                if op == "enqueue":
                    pending.append((conversation, text))
                elif op == "dequeue":
                    dequeued = None
                    if pending:
                        # the user record after it carries it: typed while the agent worked when records came
                        # between (an IDE writes the pair, nothing between, for every message it sends)
                        seen, waiting = pending.pop(0)
                        dequeued = waiting if seen != conversation else None
                elif op == "remove" and record.get("reason") in (None, "absorbed_mid_turn"):
                    match = next((i for i, (_, t) in enumerate(pending) if text is not None and t == text), None)
                    taken = pending.pop(match if match is not None else 0) if pending else (lineno, text)
                    if (text or taken[1]) is not None:
                        queued.append((lineno, text or taken[1] or ""))
            elif rtype == "attachment":
                attachment = record.get("attachment")
                if isinstance(attachment, dict) and attachment.get("type") == "queued_command":
                    origin = attachment.get("origin")
                    if isinstance(origin, dict) and origin.get("kind") not in (None, "human"):
                        continue
                    texts = _texts(attachment.get("prompt")) or []
                    words = [w for t in texts if (w := _typed(t))]
                    if words:
                        queued.append((lineno, "\n".join(words)))
        seen_queued: set[str] = set()
        for lineno, text in queued:  # a queued message recorded twice, or delivered as a user record: once
            key = _key(text)
            if key:
                self.queued.add(key)
            if key and key not in seen_queued and key not in typed_texts:
                seen_queued.add(key)
                self.messages.append((lineno, text))
                self.as_typed.append(text)
        self.messages.sort()
        if snapshot:
            self.files |= {_absolute(str(p), self.first_cwd) for p in snapshot}

    def _shell_call_in_2x(self, record: dict[str, Any]) -> Any:
        """For Claude Code 2.x records: whether a tool-use id is a shell call (the IDE's turned-down reply)."""
        version = str(record.get("version") or "0")
        if not version.split(".")[0].isdigit() or int(version.split(".")[0]) < 2:
            return None
        return lambda tool_id: str(tool_id) in self.shell_ids

    @staticmethod
    def _housekeeping(record: dict[str, Any]) -> bool:
        message = record.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        text = content if isinstance(content, str) else ""
        if isinstance(content, list):
            text = " ".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
        if record.get("type") in ("system", "attachment", "queue-operation") or record.get("isMeta"):
            return True
        name = re.search(r"<command-name>\s*(\S*?)\s*</command-name>", text)
        return bool(name and name.group(1) in _HOUSEKEEPING) or text.lstrip().startswith(("<local-command", "Caveat:"))

    def days(self) -> int | None:
        """Calendar days (UTC) from the first record to the last of the work."""
        first, last = self._bounds()
        if first is None or last is None:
            return None
        day = lambda ms: datetime.fromtimestamp(ms / 1000, tz=timezone.utc).date()  # noqa: E731
        return (day(last) - day(first)).days + 1

    def span_minutes(self) -> float | None:
        first, last = self._bounds()
        return (last - first) / 60000 if first is not None and last is not None else None

    def _bounds(self) -> tuple[int | None, int | None]:
        """First and last record (ms); housekeeping alone before or after a pause of 2 h aside."""
        stamps = [(self._ms(s), work) for s, work in self.stamps]
        stamps = [(ms, work) for ms, work in stamps if ms is not None]
        if not stamps:
            return None, None
        stamps.sort()
        first_work = min((i for i, (_, work) in enumerate(stamps) if work), default=0)
        start = 0
        for i in range(1, first_work + 1):  # only housekeeping, then a pause of hours: the work starts after it
            if stamps[i][0] - stamps[i - 1][0] >= 2 * 3600 * 1000:
                start = i
        end = len(stamps)
        last_work = max((i for i, (_, work) in enumerate(stamps) if work), default=end - 1)
        for i in range(last_work + 1, len(stamps)):
            if stamps[i][0] - stamps[i - 1][0] >= 2 * 3600 * 1000:
                end = i
                break
        return stamps[start][0], stamps[end - 1][0]

    @staticmethod
    def _ms(stamp: str) -> int | None:
        try:
            return int(datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp() * 1000)
        except ValueError:
            return None


def _absolute(path: str, cwd: str | None) -> str:
    path = path.replace("\\", "/")
    if not re.match(r"^(?:/|~|[A-Za-z]:/)", path) and cwd:
        path = cwd.replace("\\", "/").rstrip("/") + "/" + path
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/" + "/".join(parts)


_HOME = re.compile(r"(?:/Users|/home|[A-Za-z]:\\Users)[/\\][^/\\\s]+")


def _key(text: str) -> str:
    """A message as compared with a quote: its first 40 letters and digits, lower case (a home folder as the
    post shows it, `~`); a message of no letter or digit (`👍`) as it is."""
    text = re.sub(r"```[\w+.-]*", "", text)  # a fence and its language: a post shows the block, not "```toml"
    return "".join(ch for ch in _HOME.sub("~", text).lower() if ch.isalnum())[:40] or "".join(text.split())[:40]


# -- language, by script ----------------------------------------------------------------------------------------

_HAN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f]")
# (letters only Vietnamese writes: not ă, â, ê, ô, which Romanian, French and Portuguese write too; fresh43's Romanian
# guesthouse voted Vietnamese on its ă and â)
_VIETNAMESE = re.compile(r"[đơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)
_GERMAN = re.compile(r"\b(?:und|ich|nicht|das|ist|bitte|mit|auf|für|wir|eine?|der|die)\b", re.I)
_FRENCH = re.compile(
    r"\b(?:je|j'ai|les|des|est|c'est|pour|une|pas|avec|dans|qui|que|et|tu|ça|mais|faut|merci|y'a|du|plus|suis)\b", re.I
)
_SPANISH = re.compile(
    r"\b(?:el|los|las|que|por|para|una|con|del|está|pero|y|esto|eso|hay|muy|vez|oye|porfa|qué|cómo|también)\b",
    re.I,
)
# (with the words a formal request writes, "le chiedo cortesemente", "La ringrazio", "faccia": fresh22's cantina, whose
# four messages voted English on "in" and "a" alone)
_ITALIAN = re.compile(
    r"\b(?:il|che|non|gli|sono|della|delle|nel|nella|questo|questa|quello|quella|anche|ho|perché|è|alla|degli|di|per|"
    r"sì|può|più|già|però|grazie|ringrazio|cortesemente|faccia|pure|allora|adesso|tutto|tutti)\b",
    re.I,
)
_PORTUGUESE = re.compile(
    r"\b(?:não|nao|é|os|uma|com|do|da|dos|das|está|mas|você|voce|isso|pra|em|ou|mais|então|sempre|também|já|só)\b", re.I
)
_DUTCH = re.compile(r"\b(?:het|een|niet|ik|je|wij|zijn|voor|met|van|maar|ook|dat|wat|dit|kan|moet|nog)\b", re.I)
_POLISH = re.compile(r"\b(?:nie|się|jest|to|na|że|w|z|do|jak|ale|tak|czy|mamy|bo|już|co)\b", re.I)
_SWEDISH = re.compile(r"\b(?:och|inte|jag|det|är|att|som|för|på|med|vi|har|ska|kan|den|nu|efter|också)\b", re.I)
_CZECH = re.compile(r"\b(?:je|se|to|na|že|ale|jak|tak|co|ještě|není|jsem|proč|taky|než|jsou|už|mám)\b", re.I)
_CZECH_LETTERS = re.compile(r"[ěřůťď]", re.I)  # letters Czech writes and Polish does not
_UKRAINIAN = re.compile(r"[іїєґ]", re.I)
_RUSSIAN_ONLY = re.compile(r"[ыэъё]", re.I)
_PERSIAN = re.compile(r"[پچژگ]")  # letters Persian writes and Arabic does not
_HEBREW = re.compile(r"[\u05d0-\u05ea]")
_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
_THAI = re.compile(r"[\u0e01-\u0e5b]")
_HUNGARIAN = re.compile(r"\b(?:és|hogy|nem|van|egy|az|ez|meg|már|kell|csak|mint|ugyanaz|itt|köszi)\b", re.I)
_HUNGARIAN_LETTERS = re.compile(r"[őű]", re.I)  # letters only Hungarian writes
_CATALAN = re.compile(
    r"\b(?:amb|això|aixo|però|doncs|perquè|aquest|aquesta|també|molt|ho|fes|puc|vull|què|és|els)\b", re.I
)
_FINNISH = re.compile(
    r"\b(?:ja|on|ei|se|että|kun|mutta|niin|tämä|voi|ole|vielä|nyt|jo|kanssa|miksi|mitä|ettei)\b", re.I
)
_ROMANIAN = re.compile(r"\b(?:și|si|că|nu|este|pe|cu|la|mai|sau|dacă|pentru|ăsta|asta|după|încă|acum|îl)\b", re.I)
_MALAY_INDONESIAN = re.compile(
    r"\b(?:yang|dan|ini|itu|dengan|untuk|saya|sudah|ada|lagi|pun|kita|juga|apa|bahasa|mantap|kalau|tapi|belum|gagal)\b",
    re.I,
)
_MALAY = re.compile(r"\b(?:tak|boleh|nak|macam|sahaja|kena|awak|cuba|sikit|betul|kenapa)\b", re.I)
_INDONESIAN = re.compile(r"\b(?:tidak|bisa|gimana|aja|nggak|gak|udah|sih|dong|banget|kayaknya|terus|pakai|cek)\b", re.I)
_SWAHILI = re.compile(r"\b(?:na|ya|kwa|ni|hii|kwenye|sana|tafadhali|nini|hapana|lakini|kuna|wa|za|cha|la|hiyo)\b", re.I)
_SWAHILI_ONLY = re.compile(r"\b(?:kwa|hii|kwenye|sana|tafadhali|nini|hapana|lakini|kuna|hiyo|cha|za|wa)\b", re.I)
_TURKISH_LETTERS = re.compile(r"[ığİ]")  # letters only Turkish (and Azerbaijani) write
# Hindi written in Latin letters (Hinglish): retell tells it in English (no locale writes Hindi in Latin script)
_HINGLISH = re.compile(
    r"\b(?:hai|nahi|nahin|kya|bhai|yaar|karo|kar|raha|rahi|rahe|hu|hoon|mein|aur|ka|ki|ke|ko|se|ho|bhi|kuch|kyun|"
    r"abhi|wala|wali|ruko|haan|ek|cheez|dekha|aata|hota|hamesha|maine|humara)\b",
    re.I,
)
_TURKISH = re.compile(r"\b(?:bir|ve|bu|için|değil|ama|çok|ne|var|yok|mı|mi|da|de|şu|gibi|daha)\b", re.I)
_ENGLISH = re.compile(r"\b(?:the|and|is|to|it|of|in|this|that|for|with|you|can|please|i|we|on|be)\b", re.I)
# Frequent characters that only one of the two Chinese scripts writes
_TRADITIONAL = set(
    "這個們說會來為時麼還後對開關現問題點體實發應該裡檔設測試寫讓無與從當種據東長過進動頁錯誤並經單嗎訊專請幫選項號數資"
)
_SIMPLIFIED = set(
    "这个们说会来为时么还后对开关现问题点体实发应该里档设测试写让无与从当种据东长过进动页错误并经单吗讯专请帮选项号数资"
)
_TRADITIONAL -= _SIMPLIFIED


# A Python stack trace as pasted: its header, each frame's line and the code indented under it, the error line
_TRACE = re.compile(r"(?m)^Traceback \(most recent call last\):\n(?:[ \t]+.*\n?)*(?:[\w.]+(?:Error|Exception)\b.*)?")


def expected_language(texts: list[str]) -> str | None:
    """The author's language by script, one vote a message; None when the votes are not clear."""
    votes: Counter[str] = Counter()
    han_text = ""
    for text in texts:
        text = re.sub(r"```.*?```|`[^`]*`|https?://\S+|\S*/\S+", " ", text, flags=re.S)
        text = re.sub(_TRACE, " ", text)  # a pasted stack trace is the program's English, not the author's
        han, kana, hangul = len(_HAN.findall(text)), len(_KANA.findall(text)), len(_HANGUL.findall(text))
        letters = sum(ch.isalpha() for ch in text)
        words = len(text.split())
        if kana >= 2:
            votes["ja"] += 1
        elif hangul >= 2:
            votes["ko"] += 1
        elif han >= 2:
            votes["zh"] += 1
            han_text += text
        elif letters >= 12 and len(_CYRILLIC.findall(text)) / letters > 0.3:
            # Letters only Ukrainian writes against letters it never does
            votes["uk" if len(_UKRAINIAN.findall(text)) > len(_RUSSIAN_ONLY.findall(text)) else "ru"] += 1
        elif letters >= 12 and len(_ARABIC.findall(text)) / letters > 0.3:
            votes["fa" if _PERSIAN.search(text) else "ar"] += 1  # (Urdu shares Persian's letters: none measured)
        elif letters >= 12 and len(_HEBREW.findall(text)) / letters > 0.3:
            votes["he"] += 1
        elif letters >= 12 and len(_GREEK.findall(text)) / letters > 0.3:
            votes["el"] += 1
        elif letters >= 12 and len(_THAI.findall(text)) / letters > 0.3:
            votes["th"] += 1
        elif letters >= 12 and len(_VIETNAMESE.findall(text)) / letters > 0.03:
            votes["vi"] += 1
        elif words >= 4 and (
            _HUNGARIAN_LETTERS.search(text)
            or (len(_HUNGARIAN.findall(text)) / words > 0.15 and re.search(r"[áéíóöúü]", text, re.I))
        ):
            votes["hu"] += 1
        elif words >= 4 and _CZECH_LETTERS.search(text):
            votes["cs"] += 1  # (ě, ř, ů: no other language measured writes them)
        elif words >= 4 and len(_TURKISH_LETTERS.findall(text)) >= 2:
            votes["tr"] += 1  # (ı and ğ: no other language measured writes them)
        elif words >= 4 and len(_HINGLISH.findall(text)) / words > 0.2:
            votes["hi-Latn"] += 1
        elif words >= 5 and len(_GERMAN.findall(text)) / words > 0.12:
            votes["de"] += 1
        elif words >= 5 and len(_FRENCH.findall(text)) / words > 0.12:
            votes["fr"] += 1
        elif words >= 4 and len(_CATALAN.findall(text)) / words > 0.12 > len(_SPANISH.findall(text)) / words:
            votes["ca"] += 1
        elif words >= 5 and len(_ITALIAN.findall(text)) / words > 0.12 > len(_SPANISH.findall(text)) / words:
            votes["it"] += 1
        elif words >= 5 and len(_PORTUGUESE.findall(text)) / words > 0.12 > len(_SPANISH.findall(text)) / words:
            votes["pt"] += 1
        elif words >= 5 and len(_SPANISH.findall(text)) / words > 0.12:
            votes["es"] += 1
        elif words >= 5 and len(_DUTCH.findall(text)) / words > 0.12:
            votes["nl"] += 1
        elif words >= 5 and len(_SWEDISH.findall(text)) / words > 0.12:
            votes["sv"] += 1
        elif words >= 5 and _CZECH_LETTERS.search(text) and len(_CZECH.findall(text)) / words > 0.12:
            votes["cs"] += 1
        elif words >= 5 and len(_POLISH.findall(text)) / words > 0.12:
            votes["pl"] += 1
        elif words >= 5 and len(_TURKISH.findall(text)) / words > 0.12:
            votes["tr"] += 1
        elif words >= 5 and len(_ROMANIAN.findall(text)) / words > 0.15 and re.search(r"[ășțâî]", text, re.I):
            votes["ro"] += 1
        elif words >= 5 and len(_FINNISH.findall(text)) / words > 0.12 and re.search(r"[äö]", text, re.I):
            votes["fi"] += 1
        elif (
            words >= 5
            and len(_MALAY_INDONESIAN.findall(text)) / words > 0.12
            and (_MALAY.search(text) or _INDONESIAN.search(text))
        ):
            # the words the two share say which family; the words only one uses say which language
            votes["id" if len(_INDONESIAN.findall(text)) >= len(_MALAY.findall(text)) else "ms"] += 1
        elif words >= 5 and len(_SWAHILI.findall(text)) / words > 0.15 and _SWAHILI_ONLY.search(text):
            # ("ya", "na", "ni" are Indonesian and Malay words too: a word only Swahili writes decides)
            votes["sw"] += 1
        elif words >= 5 and len(_ENGLISH.findall(text)) / words > 0.08:
            votes["en"] += 1  # (Latin letters in none of the languages above, nor English, or fewer than five
            # words, "ok", "thx", "continue": no vote)
    if not votes:
        return None
    (winner, n), *rest = votes.most_common()
    if rest and rest[0][1] * 3 > n * 2:
        return None  # too close to call
    if winner == "zh":
        trad = sum(ch in _TRADITIONAL for ch in han_text)
        simp = sum(ch in _SIMPLIFIED for ch in han_text)
        return "zh-Hant" if trad > simp else "zh-Hans" if simp > trad else "zh"
    return winner


def language_right(told: str, expected: str) -> bool:
    told, expected = told.lower(), expected.lower()
    if expected == "zh":
        return told.startswith("zh")
    if expected == "hi-latn":
        return told == "en"  # Hinglish is told in English: no locale writes Hindi in Latin letters
    return told == expected or (told.split("-")[0] == expected and "-" not in expected)


# -- the post, as a reader sees it ----------------------------------------------------------------------------

_AUTHOR_LEAD = re.compile(
    r"^(?:I started with this|Next, I asked|I followed up|Then I wrote|(?:Then )?I changed course|This time I began with|"
    r"I asked|I wrote|I put it this way|"
    r"While Claude was still working, I added|I first tried another direction, then rewound it):$"
)
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~&\"'$@%^=:;,?/])")


def _blocks(post: str) -> list[str]:
    """The post's paragraphs; a fenced code block is one, blank lines inside it included."""
    blocks: list[str] = []
    fence: list[str] | None = None
    for part in re.split(r"\n\s*\n", post):
        if fence is not None:
            fence.append(part)
            if re.search(r"^```\s*$", part, re.M):
                blocks.append("\n\n".join(fence))
                fence = None
        elif part.lstrip().startswith("```") and len(re.findall(r"^\s*```", part, re.M)) % 2 == 1:
            fence = [part]
        else:
            blocks.append(part)
    if fence is not None:
        blocks.append("\n\n".join(fence))
    return blocks


_QUEUED_LEAD = "While Claude was still working, I added:"


def queued_quotes(post: str) -> list[str]:
    """The post's quotes of the author told as added while Claude was still working."""
    return author_quotes(post, _QUEUED_LEAD)


def author_quotes(post: str, lead_text: str | None = None) -> list[str]:
    """The post's quotes of the author: after a lead that says the author wrote it (`lead_text`: that lead
    only), the blockquotes and the fenced code blocks that follow it (a log the author pasted is shown as code,
    before or after their words)."""
    blocks = _blocks(post)
    quotes = []
    for i, lead in enumerate(blocks):
        said = re.sub(r"\s*<!--.*?-->", "", lead).strip()
        if not _AUTHOR_LEAD.match(said) or (lead_text is not None and said != lead_text):
            continue
        parts = []
        for block in blocks[i + 1 :]:
            if block.lstrip().startswith(">"):
                parts.append(" ".join(re.sub(r"^>\s?", "", ln) for ln in block.splitlines() if ln.startswith(">")))
            elif block.lstrip().startswith("```"):
                parts.append(re.sub(r"^\s*```[\w-]*\s*$", "", block, flags=re.M))
            else:
                break
        if parts:
            quotes.append(shown(" ".join(parts)))
    return quotes


def shown(markdown: str) -> str:
    text = re.sub(r"<!--.*?-->", "", markdown)
    return html.unescape(_ESCAPE.sub(r"\1", text)).strip()


def stats_box(post: str) -> dict[str, str]:
    return dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", post, re.M))


def _minutes(value: str) -> float | None:
    m = re.match(r"(?:(\d+) h )?(\d+) min", value)
    return int(m.group(1) or 0) * 60 + int(m.group(2)) if m else None


# -- the old counts (issue 10) ----------------------------------------------------------------------------------

_BAD_TITLE = [
    ("flag", re.compile(r"^-{1,2}[A-Za-z]")),
    ("slash command", re.compile(r"^/[A-Za-z]")),
    ("path", re.compile(r"^(?:[~.]?/|[A-Za-z]:\\)\S*$|^\S+/\S+$|^@?\S+\.[a-z]{1,5}$")),
    ("url", re.compile(r"https?://|www\.", re.I)),
    ("id", re.compile(r"\b[0-9a-f]{8}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-|\(session [0-9a-f]+\)", re.I)),
    (
        "greeting",
        re.compile(
            r"^(?:hi|hello|hey|hallo|yo|howdy|good (?:morning|afternoon|evening))\b|^(?:你好|您好|こんにちは)", re.I
        ),
    ),
    ("leading punctuation", re.compile(r"^[,，、。.!！:：;；]")),
    (
        "boilerplate",
        re.compile(
            r"^(?:implement the following plan|caveat:|this session is being continued|<command|<local-command|please analyze this codebase|you are |[\w ]+ agent, you are)",
            re.I,
        ),
    ),
    (
        "log line",
        re.compile(
            r"^\[?\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d|^\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL)\b|^Traceback \(most recent|^\s*at \S+ \(|^\S+(?:Error|Exception):|^npm ERR!|^error(?:\[\w+\])?:",
            re.I,
        ),
    ),
    (
        "acknowledgement",
        re.compile(
            r"^(?:ok(?:ay)?|yes|no|y|n|sure|thanks?(?: you)?|thx|continue|go on|go ahead|proceed|done|lgtm|继续|好的?|谢谢|はい|続けて|tiếp tục|weiter|danke)[\s.!]*$",
            re.I,
        ),
    ),
    # (not a line in a script without case, Chinese, Arabic, Hebrew, Thai…, that names "CPU" or "PDF")
    ("all caps", re.compile(r"^(?!.*[^\W\d_a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff])[^a-z]*[A-Z]{2}[^a-z]*$")),
    ("list item", re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s")),
    ("placeholder", re.compile(r"\[Image #\d+\]|\[Pasted text")),
    ("cut", re.compile(r"…$")),
    ("too short", re.compile(r"^\W*\w?\W*$")),
    ("generic", re.compile(r"^Part \d+$|^A session with Claude Code\b|^Where it started$")),
]


def bad_title_reason(title: str) -> str | None:
    for reason, pattern in _BAD_TITLE:
        # (a line with a small letter in any script is no line in capitals: "Ось що тепер пішло б в API", whose
        # only Latin letters are an acronym's, was counted as one)
        if reason == "all caps" and any(c.islower() for c in title):
            continue
        if pattern.search(title.strip()):
            return reason
    return None


def bad_heading_reason(heading: str) -> str | None:
    reason = bad_title_reason(heading)
    if reason:
        return reason
    if re.search(r"`(?:for|if|while|do|then|export|set|echo|cd|\w+=\S*)`", heading):
        return "shell keyword as a command"
    return None


# -- one session --------------------------------------------------------------------------------------------------


def measure(session: Path, work: Path) -> dict[str, Any]:
    raw = Raw(session)
    texts = raw.as_typed or [t for _, t in raw.messages]
    row: dict[str, Any] = {
        "session": str(session.relative_to(session.parents[2]) if len(session.parents) > 2 else session),
        "raw_messages": len(raw.messages),
        "expected_language": expected_language(texts),
        "non_empty": bool(raw.messages) or raw.replies > 0 or bool(raw.tool_ids),
    }
    try:
        parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    except RetellError as exc:
        row["post"] = None
        row["stopped"] = f"parse: {exc}"
        return row
    try:
        run_triage(work, approve=True)
        triage = load_yaml(work / "triage.yaml")
        row.update(title=str(triage["post"]["title"]), slug=triage["post"]["slug"], language=triage["post"]["language"])
        row["chapter_titles"] = [str(c["title"]) for c in triage["chapters"]]
        offline = StageOptions(engine="offline")
        run_outline(work, offline)
        run_draft(work, offline)
        report = run_check(work)
        row["check_problems"] = [report.line(f) for f in report.problems]
        row["draft_headings"] = re.findall(r"^## (.+)$", (work / "draft.md").read_text(encoding="utf-8"), re.M)
        rendered = run_render(work, RenderOptions(output=work / "site"))
    except RetellError as exc:
        row["post"] = None
        row["stopped"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        return row
    post = rendered.post.read_text(encoding="utf-8")
    row["post"] = str(rendered.post.relative_to(work))
    row["post_title"] = row["title"]
    meta = re.match(r"^---\n(.*?)\n---\n", post, re.S)
    if meta:
        title = re.search(r"^title: (.+)$", meta.group(1), re.M)
        value = title.group(1).strip() if title else ""
        if value.startswith("'") and value.endswith("'"):
            value = value[1:-1].replace("''", "'")  # a YAML single-quoted string
        elif value.startswith('"') and value.endswith('"'):
            value = json.loads(value)
        row["post_title"] = shown(value) if title else row["title"]
    row["headings"] = [shown(h) for h in re.findall(r"^## (.+)$", post, re.M)]
    _count_messages(row, raw, post, work)
    _check_figures(row, raw, post, work)
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    row["bare_cd"] = [e["summary"] for e in events if e["kind"] == "tool_run" and re.search(r"`cd\s", e["summary"])]
    row["bad_title"] = bad_title_reason(row["post_title"])
    row["bad_headings"] = [f"{h} ({r})" for h in row["headings"] if (r := bad_heading_reason(h))]
    return row


_REDACTED = re.compile(r"\[REDACTED:[\w.-]+\]")


def _alnum(text: str) -> str:
    return "".join(ch for ch in _HOME.sub("~", text).lower() if ch.isalnum())


def unredacted(quote: str, messages: list[str]) -> str:
    """A quote as the author wrote it: where retell redacted a value (a name, a password) in the quote, the one
    message whose words around each `[REDACTED:kind]` are the quote's, or the quote as it is (none or several)."""
    if "[REDACTED:" not in quote:
        return quote
    parts = [_alnum(part) for part in _REDACTED.split(quote)]
    pattern = re.compile(".+?".join(re.escape(part) for part in parts))
    found = [text for text in messages if pattern.match(_alnum(text))]
    return found[0] if len(found) == 1 else quote


def _count_messages(row: dict[str, Any], raw: Raw, post: str, work: Path) -> None:
    quotes = [unredacted(q, [t for _, t in raw.messages]) for q in author_quotes(post)]
    quoted = Counter(_key(q) for q in quotes)
    wanted = Counter(_key(t) for _, t in raw.messages if _key(t))
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    rewound = {_key(e.get("text") or "") for e in events if e.get("abandoned") and e["kind"] == "human"}
    once = lost = doubled = by_design = 0
    lost_texts, doubled_texts = [], []
    for key, n in wanted.items():
        told = quoted.get(key, 0) + sum(
            c for k, c in quoted.items() if k != key and len(key) >= 12 and k.startswith(key)
        )
        if told == 0:
            if key in rewound:
                by_design += n
            else:
                lost += 1
                lost_texts.append(key)
        elif told > n:
            doubled += 1
            doubled_texts.append(key)
        else:
            once += 1
    known = set(wanted)
    not_authors = [
        q for q in quotes if _key(q) and not any(_key(q).startswith(k) or k.startswith(_key(q)) for k in known)
    ]
    added = Counter(_key(unredacted(q, [t for _, t in raw.messages])) for q in queued_quotes(post))
    queued = {key for key in wanted if key in raw.queued}
    row.update(
        messages_queued=len(queued),
        queued_told_as_added=sum(1 for key in queued if added.get(key)),
        messages_told_once=once,
        messages_lost=lost,
        messages_doubled=doubled,
        messages_rewound=by_design,
        quotes_not_the_authors=len(not_authors),
        lost=lost_texts,
        doubled=doubled_texts,
        not_the_authors=[q[:80] for q in not_authors],
        told_distinct=sum(min(n, quoted.get(key, 0)) for key, n in wanted.items()),
        distinct_messages=len(wanted),
    )


def _shell_files(work: Path, raw: Raw) -> set[str]:
    """The files retell read off shell commands (`git mv`, `cp`, `> notes.md`…), as the manifest lists them.
    Reading a command's words is not this script's to redo: these come from retell (their rules are tested in
    tests/parse/test_parse_shellfiles.py), and the row checks what the edit, write and snapshot records add."""
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
    files = manifest.get("files") or {}
    shell = [*(files.get("shell") or []), *(files.get("subagents") or [])]  # (subagents' files: their own records)
    return {_absolute(str(p), raw.first_cwd) for p in shell}


_CLAUDE_HOME = re.compile(r"^(?:/?~|/home/[^/]+|/Users/[^/]+|/root|[A-Za-z]:/Users/[^/]+)/\.claude/")


def _check_figures(row: dict[str, Any], raw: Raw, post: str, work: Path) -> None:
    box = stats_box(post)
    wrong = []
    said = box.get("My messages")
    if said is not None and int(said) != row["told_distinct"]:
        wrong.append(f"My messages {said}, the post quotes {row['told_distinct']} of the author's messages")
    calls = re.match(r"(\d+)", box.get("Tool calls", ""))
    if calls and int(calls.group(1)) != len(raw.tool_ids):
        wrong.append(f"Tool calls {calls.group(1)}, the records hold {len(raw.tool_ids)}")
    files = box.get("Files changed")
    # Claude Code's own files (a plan in ~/.claude/plans/) are no file of the work
    named = {f for f in raw.files | _shell_files(work, raw) if not _CLAUDE_HOME.match(f)}
    if files is not None and int(files) != len(named):
        wrong.append(f"Files changed {files}, the records name {len(named)}")
    length = box.get("Session length")
    span = raw.span_minutes()
    if length is not None and span is not None:
        minutes = _minutes(length)
        if minutes is not None and abs(minutes - span) > max(2, 0.05 * span):
            wrong.append(f"Session length {length}, the records span {span:.0f} min")
    active = box.get("Active time", "")
    days = re.search(r"over (\d+) days", active)
    spanned = raw.days()
    if days and spanned is not None and int(days.group(1)) != spanned:
        wrong.append(f"Active time over {days.group(1)} days, the records span {spanned} calendar days")
    row["figures_wrong"] = wrong


# -- the run --------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--code", type=Path, default=REPO, help="the checkout whose retell is measured")
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "fidelity.json")
    parser.add_argument("--titles", type=Path, help="write every post's title and headings here (Markdown)")
    parser.add_argument(
        "--split", choices=("dev", "holdout"), help="measure one half of the corpus (by a hash of the session id)"
    )
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)
    every = sorted(
        p
        for p in args.corpus.rglob("*.jsonl")
        if p.stat().st_size and "subagents" not in p.parts and not p.name.startswith("agent-")
    )
    numbered = [(i, p) for i, p in enumerate(every, 1) if not args.split or half(p) == args.split]
    sessions = [p for _, p in numbered]
    if not sessions:
        print(f"no transcripts under {args.corpus}", file=sys.stderr)
        return 1
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, session in enumerate(sessions):
            rows.append(measure(session, Path(tmp) / f"w{i}") | {"number": numbered[i][0]})
    posts = [r for r in rows if r.get("post")]
    slugs = Counter(r["slug"] for r in posts)
    judged = [r for r in posts if r["expected_language"]]
    totals = {
        "sessions": len(rows),
        "non-empty sessions": sum(1 for r in rows if r["non_empty"]),
        "non-empty sessions without a post": sum(1 for r in rows if r["non_empty"] and not r.get("post")),
        "empty sessions made into a post": sum(1 for r in rows if not r["non_empty"] and r.get("post")),
        "author messages (distinct, in the raw records)": sum(r["distinct_messages"] for r in posts),
        "  told exactly once": sum(r["messages_told_once"] for r in posts),
        "  lost": sum(r["messages_lost"] for r in posts),
        "  doubled": sum(r["messages_doubled"] for r in posts),
        "  on a rewound branch (not told, by design)": sum(r["messages_rewound"] for r in posts),
        "  typed while Claude worked (queued)": sum(r["messages_queued"] for r in posts),
        "    told as added while Claude worked": sum(r["queued_told_as_added"] for r in posts),
        "quotes that are not the author's": sum(r["quotes_not_the_authors"] for r in posts),
        "language judged / right": f"{len(judged)} / {sum(1 for r in judged if language_right(r['language'], r['expected_language']))}",
        "drafts failing their own `retell check`": sum(1 for r in posts if r.get("check_problems")),
        "posts with a figure not borne out": sum(1 for r in posts if r["figures_wrong"]),
        "bad default titles (by pattern)": sum(1 for r in posts if r["bad_title"]),
        "posts with a bad heading (by pattern)": sum(1 for r in posts if r["bad_headings"]),
        "posts sharing a slug": sum(1 for r in posts if slugs[r["slug"]] > 1),
        "posts with a bare `cd`": sum(1 for r in posts if r["bare_cd"]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps({"code": str(args.code), "totals": totals, "sessions": rows}, indent=2, ensure_ascii=False) + "\n"
    )
    for name, value in totals.items():
        print(f"{name:46} {value}")
    if args.titles:
        write_titles(args.titles, rows)
        print(f"titles and headings: {args.titles}")
    if args.verbose:
        for row in rows:
            problems = {
                k: row.get(k)
                for k in (
                    "stopped",
                    "lost",
                    "doubled",
                    "not_the_authors",
                    "figures_wrong",
                    "bad_title",
                    "bad_headings",
                    "bare_cd",
                )
                if row.get(k)
            }
            wrong_language = (
                row.get("language")
                and row["expected_language"]
                and not language_right(row["language"], row["expected_language"])
            )
            if problems or wrong_language:
                print(
                    f"\n{row['session']} title={row.get('post_title')!r} lang={row.get('language')}/{row['expected_language']}"
                )
                for key, value in problems.items():
                    print(f"    {key}: {value}")
    print(f"details: {args.out}")
    return 0


def half(session: Path) -> str:
    """Which half of the corpus a session is in: "dev" (titles and headings may be tuned on it) or "holdout"
    (judged blind, never tuned on). A hash of the file's name (its session id), so the halves never change."""
    return "dev" if int(hashlib.sha256(session.stem.encode()).hexdigest(), 16) % 2 == 0 else "holdout"


def write_titles(path: Path, rows: list[dict[str, Any]]) -> None:
    """Each post's title and headings exactly as the post shows them, for a reader who judges them blind."""
    lines = [
        "# Titles and headings of the offline posts",
        "",
        "For each session of the corpus: the post's title, then its section headings, as the post shows them.",
        "",
    ]
    for row in rows:
        lines.append(f"## Post {row['number']}")
        lines.append("")
        if not row.get("post"):
            lines += [f"(no post: {row.get('stopped', 'nothing to tell')})", ""]
            continue
        lines.append(f"- title: {row['post_title']}")
        lines += [f"  - heading: {h}" for h in row["headings"]]
        lines.append("")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
