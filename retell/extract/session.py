"""The streaming state machine: records in file order -> events, chapters, usage, links.

`SessionExtractor.feed()` takes one record at a time and keeps only signal; `finish()` groups tool calls
into runs, assigns ids and chapters, and returns everything the manifest needs. No file I/O happens here
except through the ImageStore the caller passes in.
"""

from __future__ import annotations

import math
import re
import sys
from array import array
from collections import Counter, deque
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from retell.claude.records import Record, ResultBlock, ToolResults, content_has_image
from retell.claude.schema import HOUSEKEEPING_COMMANDS, KNOWN_CONTENT_BLOCKS, KNOWN_SYSTEM_SUBTYPES, SPAWN_TOOLS
from retell.events import (
    ASSISTANT,
    BRIDGE,
    COMMAND,
    CONTENT_KINDS,
    HUMAN,
    IMAGE,
    INTERRUPT,
    PEER,
    PLAN,
    PROMPT,
    RECAP,
    SUBAGENT,
    THINKING,
    TOOL_RUN,
    TURN_DURATION,
    Chapter,
    Event,
    Subagent,
    ToolCall,
)
from retell.extract.chapters import ChapterTracker
from retell.extract.heldfiles import HeldFiles
from retell.extract.human import (
    Command,
    CompactSummary,
    HumanText,
    Interrupt,
    PeerMessage,
    ShellOutput,
    blocks_of,
    classify_user_blocks,
    summary_body,
)
from retell.extract.ids import key64
from retell.extract.images import ImageStore
from retell.extract.links import LinkFacts
from retell.extract.new_lines import NewLines
from retell.extract.requests import is_author_message
from retell.extract.shellfiles import files_changed_by
from retell.extract.subagents import apply_spawn_result
from retell.extract.thread import ROLE_MESSAGE, ROLE_OTHER, ROLE_PROMPT, ROLE_REPLY, ConversationTree, Thread
from retell.extract.timeutil import BREAK_GAP_MS, IDLE_GAP_MS, WAIT_COUNTED_MS, Clock, sortable
from retell.extract.tools import (
    ANSWERS,
    INTERRUPTED,
    SHELL_TOOLS,
    TURNED_DOWN,
    absolute_path,
    apply_result,
    describe_call,
    excerpt_taken_up,
    family,
    interrupted_output,
    is_test_command,
    project_path,
    result_matters,
    result_text,
    summarize_run,
)
from retell.extract.usage import UsageLedger

_AWAY_SUFFIX = " (disable recaps in /config)"
CUT_OUTPUTS_HELD = 8  # long outputs held until the next words, at most (the oldest is let go)
CUT_OUTPUT_CHARS = 200_000  # of each, at most this much is held
_CUT = re.compile(r"^… \(\d+ more lines?\)$", re.M)  # an excerpt's gap: the output was cut
_LOCAL_ERROR = "<local-command-stderr>"
_REJECTION_FEEDBACK = re.compile(
    r"(?:the user said:|the user provided the following reason for the rejection:)\s*(.+)\Z", re.S | re.I
)
# What Claude Code writes after "the user said:" itself when the author answers an AskUserQuestion with "chat about
# this" instead of submitting: its note to the model and the questions with the provisional answers, not words the
# author typed (read in public transcripts of Claude Code 2.1)
_CLARIFY_NOTE = re.compile(r"\A\s*The user wants to clarify these questions\.", re.I)
# A shell call turned down in an IDE (Claude Code 2.x in VS Code) comes back as an error holding only what the
# author typed ("please add transformer.js too first"): a 2.x shell failure says "Exit code N", and Claude Code's
# own refusals are these sentences.
_SHELL_FAILURE = re.compile(
    r"\A\s*(?:Exit code \d|<tool_use_error>|Error\b|This (?:Bash )?command|Claude requested permission|Permission to "
    r"|Command timed out|Command failed|Shell \S+ is not running|\[Request interrupted|Interrupted|Cancelled"
    r"|The user doesn't want|Tool use was|[a-z]+ in '.*' was blocked)",
    re.I,
)
# Claude Code's own result for a call the author rejected in its permission prompt: their act, not a failure.
_REJECTED = re.compile(
    r"\A\s*(?:Error: )?The user doesn't want to (?:proceed with this tool use|take this action)", re.I
)
MAX_TURNED_DOWN = 3000  # the author's own words are kept whole, up to a bound for a runaway paste
_FILE_TOOLS = {
    "Read": "read",
    "NotebookRead": "read",
    "Edit": "edited",
    "MultiEdit": "edited",
    "NotebookEdit": "edited",
    "Write": "written",
}


@dataclass
class Counts:
    replayed_records: int = 0
    synthetic_messages: int = 0
    api_errors: int = 0
    redacted_thinking: int = 0
    empty_thinking: int = 0
    sidechain_records: int = 0
    meta_records: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    turned_down: int = 0  # of tool_errors, the calls the author turned down: their act, not a failure
    resent_prompts: int = 0  # the same prompt sent again (after an interrupt or API error): told once


@dataclass
class Extraction:
    """Everything one transcript yields; retell/parse/ turns it into events.json and manifest.json."""

    events: list[Event]
    chapters: list[Chapter]
    usage: UsageLedger
    counts: Counts
    session_ids: list[str]
    cwd: str | None
    versions: list[str]
    models: list[str]
    git_branches: list[str]
    entrypoints: list[str]
    start: str | None
    end: str | None
    active_ms: int
    titles: dict[str, str]
    files: dict[str, list[str]]
    tools: dict[str, dict[str, int]]
    spawns: list[Event]
    unknown_blocks: Counter[str]
    unknown_system_subtypes: Counter[str]
    abandoned_branches: int = 0
    warnings: list[str] = field(default_factory=list)
    links: dict[str, Any] | None = None  # events.json's session.links (extract/links.py)


class SessionExtractor:
    def __init__(
        self,
        images: ImageStore,
        *,
        subagent_mode: bool = False,
        prior_uuids: AbstractSet[int] | None = None,
        prior_messages: set[int] | None = None,
    ) -> None:
        """`prior_uuids`: records of sessions parsed before this one into the same work folder (a resumed
        session replays them: they are told once, there); `prior_messages`: the API messages whose tokens
        were counted there (shared, so each is counted once across the files)."""
        self.images = images
        self.subagent_mode = subagent_mode
        self.raw: list[Event] = []  # events in order; tool calls still one per entry
        self.chapters = ChapterTracker()
        self.usage = UsageLedger(counted=prior_messages)
        self.counts = Counts()
        self.clock = Clock()
        self._last_gap = 0  # the pause before the record being read (main thread)
        self._waited_ms = 0  # of the active time the clock counts, the minutes spent waiting for the author
        self._seen_uuids: set[int] = set()
        self._prior_uuids = prior_uuids
        self.first_prior_replay: int | None = None  # the first record replayed from an earlier session
        self._calls: dict[str, tuple[ToolCall, Event]] = {}
        self._background: dict[str, ToolCall] = {}  # calls run in the background, by their tool_use id
        self._held = HeldFiles()
        self._new_lines = NewLines()  # the lines the edits added: a long output keeps the ones that show them
        # long outputs cut to their first and last lines, with what they printed, until the next words come: the
        # lines those words take up are kept too (extract/taken_up.py)
        self._cut_outputs: deque[tuple[ToolCall, str]] = deque(maxlen=CUT_OUTPUTS_HELD)
        # the items the last TodoWrite held completed: a task list is sent whole each time, so a call's `done`
        # is what it newly completed (else a later stretch is headed by an earlier one's step); a sidechain
        # thread's list (a subagent's, in an old main file) apart from the main thread's
        self._todo_done: dict[bool, set[str]] = {}
        self._spawns: dict[str, Event] = {}
        self.spawn_events: list[Event] = []
        # per enqueue: (content key, its human text, its time, the conversation's records read by then)
        self._queue: deque[tuple[str, str | None, str | None, int]] = deque()
        self._conversation_records = 0  # main-thread user and assistant records read
        # A message dequeued after it waited while Claude worked: (its text, when it was typed), until the user
        # record that delivers it comes (or another does, or Claude speaks first)
        self._dequeued: tuple[str, str | None] | None = None
        # A mid-turn message can be recorded twice (queue `remove` and a `queued_command` attachment);
        # each emitted text absorbs one later copy, until the author's next regular message.
        self._queued_emitted: list[str] = []
        self._session_ids: list[str] = []
        self._current_session: str | None = None
        self._cwd: str | None = None  # the folder the session was started in (its first main record's)
        self._any_cwd: str | None = None
        self._versions: set[str] = set()
        self._models: set[str] = set()
        self._branches: set[str] = set()
        self._entrypoints: set[str] = set()
        self._titles: dict[str, str] = {}
        self.links = LinkFacts()  # the commits and pull requests the session made, and where they went
        self._summaries: list[tuple[str | None, str]] = []
        # `shell`: what Bash commands moved, removed, copied onto or wrote (retell/extract/shellfiles.py)
        self._files: dict[str, set[str]] = {"read": set(), "edited": set(), "written": set(), "shell": set()}
        # an edit or a write is a file changed only if it went through: one refused (not read first, no permission)
        # changed nothing ("files Claude edited or wrote: 1" for a session whose one write was refused: stop 52)
        self._file_calls: dict[str, tuple[str, str]] = {}
        self._file_answers: dict[tuple[str, str], bool] = {}  # (bucket, path) -> whether any call went through
        self._tools: dict[str, Counter[str]] = {}
        self._unknown_blocks: Counter[str] = Counter()
        self._unknown_subtypes: Counter[str] = Counter()
        self._open_message: str | None = None
        self._open_signatures: set[tuple[str, int]] = set()
        self._first_prompt_skipped = False
        self._unanswered: Event | None = None  # the author's last prompt, while nothing has answered it
        self._last_shell_command: Event | None = None  # the author's `!` command, until what it printed comes
        # After a pause of hours with nothing told since: (the latest stamp before it, events before it)
        self._after_pause: tuple[tuple[str, str] | None, int] | None = None
        self._told = False  # anything told yet (not housekeeping)
        self._before_pause: tuple[int, tuple[str, str]] | None = None  # housekeeping only, then a pause
        self._merge_event: Event | None = None  # the last text event, which a split API message extends
        self._merge_key: tuple[str, str] = ("", "")
        self._last_context: tuple[Any, ...] = ()
        # Claude Code 1.0.x wrote Task conversations into the main file as sidechain threads.
        self._threads: dict[int, Event] = {}  # sidechain record uuid -> the spawn that owns its thread
        self._spawn_prompts: dict[str, list[Event]] = {}  # prompt text -> spawns not yet given a thread
        self._owner: Event | None = None  # the spawn owning the record being fed
        # The conversation tree of the main thread (a subagent's own file has no rewinds to find).
        self._tree: ConversationTree | None = None if subagent_mode else ConversationTree()
        self._role = ROLE_OTHER  # what the record being fed is to the tree; set while it is handled
        self._last_uuid: Any = None  # the last main-thread record's uuid and key: usually the next one's parent
        self._last_key: int | None = None
        self._links = array("q")  # the tree's nodes for skipped records (see note_link)

    # -- dispatch -------------------------------------------------------------------------------------

    def feed(self, lineno: int, record: Record) -> None:
        rtype = record.type
        uuid = record.uuid
        key: int | None = None
        if isinstance(uuid, str) and uuid:
            key = key64(uuid)
            if key in self._seen_uuids or (self._prior_uuids is not None and key in self._prior_uuids):
                self._replayed(key)
                return
            self._seen_uuids.add(key)
        ts = record.timestamp
        ts = ts if isinstance(ts, str) else None
        if rtype in ("user", "assistant", "system", "attachment"):
            self._note_context(record, ts)
        self._owner = None
        sidechain = record.isSidechain is True and not self.subagent_mode and isinstance(uuid, str)
        if sidechain and self._claim_thread(record, key64(uuid)):
            return  # the thread's first message repeats the spawn's prompt
        self._role = ROLE_MESSAGE if rtype in ("user", "assistant") else ROLE_OTHER
        if rtype in ("user", "assistant") and record.isSidechain is not True:
            self._conversation_records += 1
            if rtype == "assistant":
                self._dequeued = None  # Claude went on: no user record delivered the dequeued message
        if rtype == "assistant":
            self._assistant(lineno, record, ts)
        elif rtype == "user":
            self._user(lineno, record, ts)
        elif rtype == "system":
            self._system(lineno, record, ts)
        elif rtype == "attachment":
            self._attachment(lineno, record, ts)
        elif rtype == "queue-operation":
            self._queue_operation(lineno, record, ts)
        elif rtype == "summary":
            text = record.summary
            if isinstance(text, str) and text.strip():
                leaf = record.leafUuid
                self._summaries.append((leaf if isinstance(leaf, str) else None, text.strip()))
        elif rtype == "custom-title":
            self._title("custom-title", record.customTitle or record.title)
        elif rtype == "ai-title":
            self._title("ai-title", record.aiTitle or record.title)
        elif rtype == "pr-link":
            self.links.pr_link(record.prUrl)
        if key is not None and self._tree is not None and record.isSidechain is not True:
            parent = record.parentUuid
            # Most records continue the one just before: its key is already known.
            parent_key = self._last_key if parent == self._last_uuid else _key_or_none(parent)
            logical = record.logicalParentUuid
            self._tree.add(
                lineno,
                key,
                parent_key,
                self._role,
                logical_parent=_key_or_none(logical) if logical is not None else None,
                session=self._current_session,
            )
            self._last_uuid, self._last_key = uuid, key

    def note_link(self, lineno: int, uuid: str, parent: str | None) -> None:
        """A record the reader skipped without decoding (progress, attachments): a link in the tree, added as
        it comes (so the tree stays in file order) and taken out again at finish() if a decoded record has
        the same uuid, as a record told in an earlier session of the work folder never joins it."""
        tree = self._tree
        if tree is None:
            return
        key = key64(uuid)
        if self._prior_uuids is not None and key in self._prior_uuids:
            return
        if not parent:
            parent_key = None
        elif parent == self._last_uuid:  # a skipped record nearly always continues the one before it
            parent_key = self._last_key
        else:
            parent_key = _key_or_none(parent)
        self._links.append(len(tree))
        tree.add(lineno, key, parent_key)
        if uuid:
            self._last_uuid, self._last_key = uuid, key

    def _replayed(self, key: int) -> None:
        """A record seen before (here, or in an earlier session of the work folder): counted, not told again."""
        self.counts.replayed_records += 1
        if self.first_prior_replay is None and key not in self._seen_uuids:
            self.first_prior_replay = key  # the first record this file replays from an earlier session

    def _note_context(self, record: Record, ts: str | None) -> None:
        sidechain = record.isSidechain is True
        if sidechain:
            self.counts.sidechain_records += 1
        if ts is not None and not sidechain and not self.subagent_mode:
            before = self.clock.latest
            self._last_gap = self.clock.tick(ts)
            if self._last_gap >= BREAK_GAP_MS:
                self.chapters.idle_pending = True  # after a pause of hours the next thing told opens a chapter
                if self._after_pause is None:
                    # Until something is told after it, what follows the pause (an `/exit` days later) is
                    # not part of the session: it neither lengthens it nor opens a chapter.
                    self._after_pause = (before, len(self.raw))
                if not self._told:
                    # Nothing but housekeeping before the pause (a `/model` hours before the work): the
                    # session starts after it.
                    self._before_pause = (len(self.raw), (sortable(ts), ts))
        elif ts is not None:
            self.clock.tick(ts)
        context = (record.version, record.gitBranch, record.entrypoint, record.cwd)
        if context != self._last_context:  # consecutive records nearly always share it: note it once
            self._last_context = context
            for value, bucket in zip(context[:3], (self._versions, self._branches, self._entrypoints), strict=True):
                if isinstance(value, str) and value:
                    bucket.add(value)
        if self._cwd is None:
            cwd = context[3]
            if isinstance(cwd, str) and cwd:
                if not sidechain:
                    self._cwd = cwd
                self._any_cwd = self._any_cwd or cwd
        session_id = record.sessionId
        if isinstance(session_id, str) and session_id and not sidechain and not self.subagent_mode:
            if self._current_session is None:
                self._current_session = session_id
                self._session_ids.append(session_id)
                self.chapters.current.session_id = session_id
            elif session_id != self._current_session:
                self._current_session = session_id
                if session_id not in self._session_ids:
                    self._session_ids.append(session_id)
                self.chapters.request_break("session_change", session_id=session_id)

    def _claim_thread(self, record: Record, key: int) -> bool:
        """Follow a sidechain thread back to its spawn; True when this record is the thread's prompt."""
        parent = record.parentUuid
        if isinstance(parent, str):
            self._owner = self._threads.get(key64(parent))
            if self._owner is not None:
                self._threads[key] = self._owner
            return False
        if record.type != "user" or isinstance(record, ToolResults):
            return False  # (tool results only: no words that could repeat a spawn's prompt)
        message = record.message_value()
        blocks = blocks_of(message.get("content") if isinstance(message, dict) else None)
        text = "\n".join(
            b["text"] for b in blocks if b.get("type") == "text" and isinstance(b.get("text"), str)
        ).strip()
        waiting = self._spawn_prompts.get(text)
        if not waiting:
            return False
        owner = waiting.pop(0)
        self._threads[key] = owner
        assert owner.subagent is not None
        owner.subagent.linked_by = owner.subagent.linked_by or "sidechain"
        owner.subagent.file = None
        return True

    def _title(self, source: str, value: Any) -> None:
        if isinstance(value, str) and value.strip():
            self._titles[source] = value.strip()

    def _emit(self, event: Event, record: Record | None = None) -> Event:
        target = self._place(event, record)
        if target is not None:
            target.append(event)
        return event

    def _place(self, event: Event, record: Record | None) -> list[Event] | None:
        """Give an event its chapter and flags; return the list it belongs to (None: not kept)."""
        if self._owner is not None:  # part of an in-file subagent thread: it belongs to the spawn
            if event.kind == HUMAN:
                event.kind = PROMPT  # the parent agent speaking, not the author
            event.chapter = self._owner.chapter
            return self._owner.subagent.events if event.kind in CONTENT_KINDS else None  # type: ignore[union-attr]
        if record is not None and record.isSidechain is True and not self.subagent_mode:
            event.sidechain = True
        told = event.kind in CONTENT_KINDS and not _housekeeping(event)
        if told:
            if self.chapters.idle_pending:
                self.chapters.request_break("idle", session_id=self._current_session)
            self._after_pause = None
            self._told = True
        event.chapter = self.chapters.current.id
        if told and not (event.kind == COMMAND and event.name == "/compact"):
            self.chapters.content()
        if event.kind in _ANSWERS:
            self._unanswered = None
        elif _is_prompt(event):
            self._unanswered = event
        return self.raw

    def _prompt_failed(self) -> None:
        """An API error or a local error after the author's last prompt, before any answer."""
        if self._unanswered is not None:
            self._unanswered.errors += 1

    # -- assistant ------------------------------------------------------------------------------------

    def _assistant(self, lineno: int, record: Record, ts: str | None) -> None:
        message = record.assistant_message()
        if message is None:
            return
        model = message.model
        if record.isApiErrorMessage is True:
            self._prompt_failed()  # the author may send it again: that copy says what failed
        if model == "<synthetic>":
            self.counts.synthetic_messages += 1
            return
        if record.isApiErrorMessage is True:
            self.counts.api_errors += 1
            return
        self._role = ROLE_REPLY
        model = model if isinstance(model, str) else "unknown"
        self._models.add(model)
        message_id = message.id or record.requestId or record.uuid or f"line:{lineno}"
        message_id = str(message_id)
        self.usage.record(message_id, model, message.usage)
        if message_id != self._open_message:
            self._open_message = message_id
            self._open_signatures = set()
        cwd = record.cwd if isinstance(record.cwd, str) else None
        for block in blocks_of(message.content):
            btype = block.get("type")
            btype = btype if isinstance(btype, str) else "(none)"
            signature = _block_signature(block)
            if signature in self._open_signatures:
                continue  # a streaming partial repeating a block already taken
            self._open_signatures.add(signature)
            if btype == "text":
                self._assistant_text(ASSISTANT, block.get("text"), lineno, ts, message_id, record)
            elif btype == "thinking":
                text = block.get("thinking")
                if isinstance(text, str) and text.strip():
                    self._assistant_text(THINKING, text, lineno, ts, message_id, record)
                else:
                    self.counts.empty_thinking += 1
            elif btype == "redacted_thinking":
                self.counts.redacted_thinking += 1
            elif btype in ("tool_use", "server_tool_use", "mcp_tool_use"):
                self._tool_use(block, lineno, ts, cwd, record)
            elif btype not in KNOWN_CONTENT_BLOCKS:
                self._unknown_blocks[str(btype)] += 1

    def _assistant_text(
        self, kind: str, text: Any, lineno: int, ts: str | None, message_id: str, record: Record
    ) -> None:
        if not isinstance(text, str) or not text.strip():
            return
        event = Event(kind=kind, ts=ts, line=lineno, text=text.strip())
        target = self._place(event, record)
        if target is None:
            return
        if target and target[-1] is self._merge_event and self._merge_key == (kind, message_id):
            target[-1].text = f"{target[-1].text}\n\n{event.text}"  # one API message split across records
            return
        target.append(event)
        self._merge_event, self._merge_key = event, (kind, message_id)
        if kind == ASSISTANT:
            self._take_up(event.text or "")

    def _take_up(self, words: str) -> None:
        """The long outputs cut since the last words, each with the lines `words` take up kept."""
        while self._cut_outputs:
            call, printed = self._cut_outputs.popleft()
            excerpt = excerpt_taken_up(printed, words, self._new_lines)
            if excerpt is not None:
                call.output = excerpt

    def _tool_use(self, block: dict[str, Any], lineno: int, ts: str | None, cwd: str | None, record: Record) -> None:
        name = block.get("name")
        name = sys.intern(name) if isinstance(name, str) and name else "unknown"  # one copy per tool name
        tool_input = block.get("input")
        tool_use_id = block.get("id") if isinstance(block.get("id"), str) else None
        if name in SPAWN_TOOLS:
            self._spawn(tool_input, tool_use_id, lineno, ts, record)
            return
        if name == "ExitPlanMode" and isinstance(tool_input, dict) and isinstance(tool_input.get("plan"), str):
            self._emit(Event(kind=PLAN, ts=ts, line=lineno, text=tool_input["plan"].strip()), record)
            return
        call = describe_call(name, tool_input, cwd)  # its result is found through self._calls, by the id
        if name == "TodoWrite" and call.target is not None:
            completed = call.done.splitlines() if call.done else []
            thread = record.isSidechain is True
            before = self._todo_done.get(thread, set())
            call.done = "\n".join(i for i in completed if i not in before) or None
            self._todo_done[thread] = set(completed)
        self.counts.tool_calls += 1
        counter = self._tools.get(name)
        if counter is None:
            counter = self._tools[name] = Counter()
        counter["calls"] += 1
        bucket = _FILE_TOOLS.get(name)
        if bucket and isinstance(tool_input, dict):
            path = tool_input.get("file_path") or tool_input.get("notebook_path")
            if isinstance(path, str) and path:
                self._files[bucket].add(absolute_path(path, cwd))  # made relative to the session's folder at the end
                if bucket != "read" and tool_use_id:
                    self._file_calls[tool_use_id] = (bucket, absolute_path(path, cwd))
        elif name == "Bash" and isinstance(tool_input, dict) and isinstance(tool_input.get("command"), str):
            for path in files_changed_by(tool_input["command"]):
                self._files["shell"].add(absolute_path(path, cwd))
                self._held.forget(absolute_path(path, cwd))
        if isinstance(tool_input, dict) and tool_use_id:
            self._held.called(name, tool_input, tool_use_id, cwd, call)
        if call.diff:
            self._new_lines.add(call.diff)  # what a check's output may show of it
        event = Event(kind=TOOL_RUN, ts=ts, line=lineno, calls=[call])
        target = self._place(event, record)
        if target is not None:
            run = _open_run(target, event, call)
            if run is not None:
                run.calls.append(call)  # type: ignore[union-attr]  # consecutive similar calls: one run
                event = run
            else:
                target.append(event)
        if tool_use_id:
            self._calls[tool_use_id] = (call, event)
            if isinstance(tool_input, dict) and tool_input.get("run_in_background") is True:
                self._background[tool_use_id] = call  # its end comes later, in a task notification

    def _spawn(self, tool_input: Any, tool_use_id: str | None, lineno: int, ts: str | None, record: Record) -> None:
        inp = tool_input if isinstance(tool_input, dict) else {}

        def _s(key: str) -> str | None:
            value = inp.get(key)
            return value.strip() if isinstance(value, str) and value.strip() else None

        agent = Subagent(
            tool_use_id=tool_use_id or f"line:{lineno}",
            description=_s("description"),
            agent_type=_s("subagent_type") or _s("agent_type"),
            prompt=_s("prompt"),
            background=inp.get("run_in_background") is True,
        )
        event = self._emit(Event(kind=SUBAGENT, ts=ts, line=lineno, subagent=agent), record)
        if self._owner is not None:
            return  # a spawn inside a subagent thread stays a plain event of that thread
        self.spawn_events.append(event)
        if tool_use_id:
            self._spawns[tool_use_id] = event
        if agent.prompt:
            self._spawn_prompts.setdefault(agent.prompt, []).append(event)

    # -- user -----------------------------------------------------------------------------------------

    def _user(self, lineno: int, record: Record, ts: str | None) -> None:
        if record.isCompactSummary is True:
            message = record.message_value()
            content = message.get("content") if isinstance(message, dict) else None
            text = "\n".join(b.get("text", "") for b in blocks_of(content) if isinstance(b.get("text"), str))
            self._compact_summary(text, lineno, ts, record)
            return
        if self._background:
            self._task_notice(record.message_value())  # (a notice of any form: meta, origin or plain)
        if record.isMeta is True:
            self.counts.meta_records += 1
            return
        origin = record.origin
        if isinstance(origin, dict) and origin.get("kind") not in (None, "human"):
            return  # task notifications and other machine-injected turns
        results = record.tool_results()
        if results is not None:
            # Fast path, most user records: tool results only, each output decoded only if the story uses it.
            for result in results:
                self._tool_result_block(result, record, lineno, ts)
            return
        message = record.message_value()
        blocks = blocks_of(message.get("content") if isinstance(message, dict) else None)
        rest: list[dict[str, Any]] = []
        for block in blocks:
            if block.get("type") == "tool_result":
                is_error = block.get("is_error") is True
                if isinstance(block.get("tool_use_id"), str):
                    self._held.answered(block["tool_use_id"], is_error, partial(block.get, "content"), record)
                    self._file_answered(block["tool_use_id"], is_error)
                self._tool_result(block.get("tool_use_id"), is_error, block.get("content"), record, lineno, ts)
            else:
                rest.append(block)
        if not rest:
            return
        if any(_LOCAL_ERROR in b["text"] for b in rest if b.get("type") == "text" and isinstance(b.get("text"), str)):
            self._prompt_failed()  # a slash command that failed locally, with no reply
        for item in classify_user_blocks(rest):
            if isinstance(item, HumanText):
                self._role = ROLE_PROMPT
                dequeued, self._dequeued = self._dequeued, None
                if dequeued is not None and _same_words(dequeued[0], item.text):
                    self._queued(item, lineno, ts, record, typed_at=dequeued[1])
                    continue
                self._queued_emitted.clear()
                self._human(item, lineno, ts, record)
            elif isinstance(item, Command):
                event = Event(kind=COMMAND, ts=ts, line=lineno, name=item.name, args=item.args or None)
                self._emit(event, record)
                self._last_shell_command = event if item.name == "!" and item.args else None
                if item.args and item.name.startswith("/"):
                    self._role = ROLE_PROMPT  # a slash command's arguments are the author's words
                if item.name == "/compact" and not self.subagent_mode and record.isSidechain is not True:
                    self.chapters.request_break("slash_compact", session_id=self._current_session)
            elif isinstance(item, ShellOutput):
                self._shell_output(item)
            elif isinstance(item, Interrupt):
                self._emit(Event(kind=INTERRUPT, ts=ts, line=lineno, text=item.text), record)
            elif isinstance(item, CompactSummary):
                self._compact_summary(item.text, lineno, ts, record)
            elif isinstance(item, PeerMessage) and not self.subagent_mode:
                # another Claude session's words to this one: told as what they are, never as the author's
                self._emit(Event(kind=PROMPT, ts=ts, line=lineno, text=item.text, name=PEER), record)

    def _shell_output(self, item: ShellOutput) -> None:
        """What the author's own `!` command printed, on that command's event as a call, read as a tool's
        output is (a test run's outcome, its telling lines): their run is as much the story as Claude's."""
        command = self._last_shell_command
        self._last_shell_command = None
        if command is None or command.calls:
            return
        call = ToolCall("Bash", command.args)
        text = item.stdout.strip("\n") + ("\n" + item.stderr.strip("\n") if item.stderr.strip() else "")
        apply_result(call, text, False)
        command.calls = [call]

    def _human(
        self,
        item: HumanText,
        lineno: int,
        ts: str | None,
        record: Record,
        queued: bool = False,
        typed_at: str | None = None,
    ) -> None:
        assets = []
        for i, block in enumerate(item.images):
            info = self.images.add(block, f"line {lineno} (pasted image {i + 1})")
            if info is not None:
                info.sources.append("pasted")
                assets.append(info.asset)
        if not item.text and not assets and not item.documents:
            return
        kind = HUMAN
        if self.subagent_mode:
            kind = PROMPT
            if not self._first_prompt_skipped:
                self._first_prompt_skipped = True  # repeats the spawn's prompt
                return
        if kind == HUMAN and not queued and WAIT_COUNTED_MS < self._last_gap <= IDLE_GAP_MS:
            self._waited_ms += self._last_gap - WAIT_COUNTED_MS  # Claude was done: the author was away or reading
        event = Event(
            kind=kind, ts=ts, line=lineno, text=item.text, images=assets or None, queued=queued, typed_at=typed_at
        )
        if kind == HUMAN:
            self._take_up(item.text or "")  # the author's words may take up what a command printed, too
        event.documents = item.documents or None
        self._emit(event, record)

    def _compact_summary(self, text: str, lineno: int, ts: str | None, record: Record) -> None:
        if self.subagent_mode or record.isSidechain is True:
            return
        self.chapters.request_break("compaction", session_id=self._current_session)
        body = summary_body(text)
        if not body:
            return
        event = self._emit(Event(kind=BRIDGE, ts=ts, line=lineno, text=body, source="compact_summary"), record)
        self.chapters.set_bridge(event)

    def _tool_result_block(self, block: ResultBlock, record: Record, lineno: int, ts: str | None) -> None:
        """A tool result whose output is decoded only when something in it reaches the story: an error, an
        image, a subagent's report, a test run, an answer to a question. (Most output never is.)"""
        tool_use_id = block.tool_use_id
        is_error = block.is_error is True
        if isinstance(tool_use_id, str):
            self._held.answered(tool_use_id, is_error, block.content_value, record)
            self._file_answered(tool_use_id, is_error)
        if not is_error and not self._result_needed(tool_use_id) and not content_has_image(block):
            if isinstance(tool_use_id, str):
                self._calls.pop(tool_use_id, None)
            return
        self._tool_result(tool_use_id, is_error, block.content_value(), record, lineno, ts)

    def _file_answered(self, tool_use_id: str, is_error: bool) -> None:
        """Note whether an edit or a write of a file went through."""
        key = self._file_calls.pop(tool_use_id, None)
        if key is not None:
            self._file_answers[key] = self._file_answers.get(key, False) or not is_error

    def _changed_files(self) -> dict[str, set[str]]:
        """The files each kind of call touched, less those whose every edit or write was refused."""
        refused = {key for key, went_through in self._file_answers.items() if not went_through}
        return {k: {p for p in v if (k, p) not in refused} for k, v in self._files.items()}

    def _result_needed(self, tool_use_id: Any) -> bool:
        if not isinstance(tool_use_id, str):
            return False
        if tool_use_id in self._spawns:
            return True
        entry = self._calls.get(tool_use_id)
        return entry is not None and result_matters(entry[0])

    def _tool_result(
        self, tool_use_id: Any, is_error: bool, content: Any, record: Record, lineno: int, ts: str | None
    ) -> None:
        tool_name = "tool"
        if isinstance(tool_use_id, str) and tool_use_id in self._spawns:
            agent = self._spawns.pop(tool_use_id).subagent
            assert agent is not None
            apply_spawn_result(agent, result_text(content), record.tool_use_result(), is_error)
            tool_name = "Agent"
        elif isinstance(tool_use_id, str) and tool_use_id in self._calls:
            call, _event = self._calls.pop(tool_use_id)
            apply_result(call, content, is_error, self._new_lines)
            text, recorded = result_text(content), record.tool_use_result()  # (each read once)
            if not is_error and call.name in SHELL_TOOLS and call.output and _CUT.search(call.output):
                self._cut_outputs.append((call, text[:CUT_OUTPUT_CHARS]))
            reply = _turned_down_in_ide(call.name, is_error, text, record.version, recorded)
            stopped = interrupted_output(text, recorded) if is_error else None
            if reply:
                # What the author typed when turning the call down: their words, whole, not the command's output.
                call.error, call.output = TURNED_DOWN, None
                self._human(HumanText(reply), lineno, ts, record)
            elif is_error and _REJECTED.match(text):
                call.error, call.output = TURNED_DOWN, None  # (Claude Code's note to the model is no output)
            elif stopped is not None:
                call.error, call.output = INTERRUPTED, stopped or None
                is_error = False  # stopped by the author: no failure of the call
            elif call.error in ANSWERS:
                is_error = False  # a diff that found differences, a grep that matched nothing: an answer
            if call.name == "Bash" and not is_error and LinkFacts.wants(call.target):
                self.links.read_output(call.target or "", result_text(content))
            tool_name = call.name
            if is_error:
                self.counts.tool_errors += 1
                self.counts.turned_down += call.error == TURNED_DOWN
                self._tools.setdefault(call.name, Counter())["errors"] += 1
        if is_error:
            feedback = _REJECTION_FEEDBACK.search(result_text(content))
            if feedback and feedback.group(1).strip() and not _CLARIFY_NOTE.match(feedback.group(1)):
                # The author turned the call down and said why: their words, not tool output.
                self._human(HumanText(feedback.group(1).strip()), lineno, ts, record)
        if isinstance(content, list):
            for i, inner in enumerate(content):
                if isinstance(inner, dict) and inner.get("type") == "image":
                    info = self.images.add(inner, f"line {lineno} ({tool_name} result image {i + 1})")
                    if info is not None:
                        info.sources.append(tool_name)
                        self._emit(Event(kind=IMAGE, ts=ts, line=lineno, asset=info.asset, source=tool_name), record)

    # -- system, attachments, queue ------------------------------------------------------------------

    def _system(self, lineno: int, record: Record, ts: str | None) -> None:
        subtype = record.subtype
        subtype = subtype if isinstance(subtype, str) else "(none)"
        if subtype not in KNOWN_SYSTEM_SUBTYPES:
            self._unknown_subtypes[subtype] += 1
        if self.subagent_mode:
            return
        if record.isSidechain is True:
            return  # a branch's bookkeeping never shapes the main story's chapters
        if subtype == "compact_boundary":
            meta = record.compactMetadata
            meta = meta if isinstance(meta, dict) else {}
            trigger = meta.get("trigger") if isinstance(meta.get("trigger"), str) else None
            pre = meta.get("preTokens") if isinstance(meta.get("preTokens"), int) else None
            self.chapters.request_break("compaction", session_id=self._current_session, trigger=trigger, pre_tokens=pre)
        elif subtype == "away_summary":
            text = record.content
            if isinstance(text, str) and text.strip():
                text = text.strip()
                if text.endswith(_AWAY_SUFFIX):
                    text = text[: -len(_AWAY_SUFFIX)].rstrip()
                event = self._emit(Event(kind=RECAP, ts=ts, line=lineno, text=text, source="away_summary"), record)
                self.chapters.note_recap(event)
        elif subtype == "turn_duration":
            duration = _finite_number(record.durationMs)
            if duration is not None and 0 < duration < 10**12:
                self._emit(Event(kind=TURN_DURATION, ts=ts, line=lineno, duration_ms=int(duration)), record)
        elif subtype == "api_error":
            self.counts.api_errors += 1

    def _attachment(self, lineno: int, record: Record, ts: str | None) -> None:
        attachment = record.attachment
        if not isinstance(attachment, dict) or attachment.get("type") != "queued_command":
            return
        origin = attachment.get("origin")
        if isinstance(origin, dict) and origin.get("kind") not in (None, "human"):
            return
        self._queued_text(attachment.get("prompt"), lineno, ts, record)

    def _queue_operation(self, lineno: int, record: Record, ts: str | None) -> None:
        operation = record.operation
        if operation == "enqueue":
            if self._background:
                self._task_notice(record.content)
            items = classify_user_blocks(blocks_of(record.content))
            human = next((i for i in items if isinstance(i, HumanText) and i.text), None)
            text = human.text if human else None
            self._queue.append((_queue_key(record.content), text, ts, self._conversation_records))
        elif operation == "dequeue":
            self._dequeued = None
            if self._queue:
                _key, text, typed, seen = self._queue.popleft()  # a normal user record carries it next
                # Claude worked while it waited (records came between): typed then, not a new prompt. An IDE
                # writes the pair for every message, milliseconds apart with nothing between: an ordinary one.
                if text is not None and seen != self._conversation_records:
                    self._dequeued = (text, typed)
        elif operation == "remove":
            content = record.content
            text = self._take_queued(_queue_key(content) if content is not None else None)
            reason = record.reason
            # Absorbed mid-turn; or (Claude Code ~2.1.19-2.1.49) a bare remove, the only trace of a message
            # delivered mid-turn: no user record repeats it. A machine notice queued the same way is not
            # human text (the enqueue kept None for it).
            if reason in (None, "absorbed_mid_turn"):
                self._queued_text(content if content is not None else text, lineno, ts, record)
        elif operation == "popAll":
            self._queue.clear()  # pulled back into the input box, not sent

    def _task_notice(self, content: Any) -> None:
        """A background run's end, as Claude Code's task notification tells it ("Background command "Run all tests"
        completed (exit code 1)"): its exit on the call that started it, which showed only "running in background"
        (fresh30's pruefplan: the red background test run was told by Claude's words alone)."""
        text = result_text(content.get("content") if isinstance(content, dict) else content)
        notices = [
            {m.group("tag"): m.group("value") for m in _NOTICE_FIELD.finditer(notice.group("body"))}
            for notice in _TASK_NOTICE.finditer(text)
        ]
        if not notices and text.lstrip().startswith("{") and "tool_use_id" in text:
            import json  # (a rare record: only a session that ran something in the background reads it)

            try:  # the same notice queued as JSON: {"task_id": …, "tool_use_id": …, "status": …}
                data = json.loads(text)
            except ValueError:
                data = None
            if isinstance(data, dict):
                summary = str(data.get("summary") or "")
                if data.get("exit_code") is not None:
                    summary += f" (exit code {data['exit_code']})"
                notices = [{"tool-use-id": str(data.get("tool_use_id")), "status": str(data.get("status") or ""),
                            "summary": summary}]  # fmt: skip
        for fields in notices:
            call = self._background.pop(fields.get("tool-use-id", ""), None)
            if call is None:
                continue
            code = _EXIT_CODE.search(fields.get("summary", ""))
            status = fields.get("status") or "completed"
            told = f"(the background run {status}" + (f", exit code {code.group(1)})" if code else ")")
            call.output = f"{call.output}\n{told}" if call.output else told
            if (code and code.group(1) != "0") or status in ("failed", "killed"):
                call.error = call.error or (f"Exit code {code.group(1)}" if code else status)
                if call.outcome is None and is_test_command(call.target):
                    call.outcome = "failed"

    def _take_queued(self, key: str | None) -> str | None:
        """The queued message a `remove` takes out: the one with its content when it names one (several may
        wait, and they are not always removed in the order they came), else the oldest."""
        if key is not None:
            for i, (queued_key, text, _ts, _seen) in enumerate(self._queue):
                if queued_key == key:
                    del self._queue[i]
                    return text
            return None
        return self._queue.popleft()[1] if self._queue else None

    def _queued_text(self, prompt: Any, lineno: int, ts: str | None, record: Record) -> None:
        """A message the human typed while the agent worked, absorbed mid-turn (once, however recorded)."""
        items = classify_user_blocks(blocks_of(prompt))
        human = next((i for i in items if isinstance(i, HumanText)), None)
        if human is not None:
            self._queued(human, lineno, ts, record)

    def _queued(
        self, item: HumanText, lineno: int, ts: str | None, record: Record, typed_at: str | None = None
    ) -> None:
        """A queued message, told once however many records carry it (a queue `remove`, a `queued_command`
        attachment, the user record delivering a dequeued one); `typed_at`: when it was typed, when that is known
        apart from `ts`, when it reached Claude."""
        if item.text in self._queued_emitted:
            self._queued_emitted.remove(item.text)  # the second record of the same message
            return
        self._queued_emitted.append(item.text)
        self._human(item, lineno, ts, record, queued=True, typed_at=typed_at)

    # -- finish ---------------------------------------------------------------------------------------

    def finish(self, id_prefix: str = "e") -> Extraction:
        self.usage.finish()
        for spawn in self.spawn_events:
            agent = spawn.subagent
            if agent is not None and agent.events:
                finish_tool_runs(agent.events)
                drop_repeated_result(agent)
        events = self.raw
        if self._after_pause is not None:
            # The session ended before the pause; only housekeeping (`/exit`, its output) came after it.
            latest, kept = self._after_pause
            self.clock.cut_at(latest)
            del events[kept:]
            self._after_pause = None
        if self._before_pause is not None and self._told:
            dropped, earliest = self._before_pause
            self.clock.start_at(earliest)
            del events[:dropped]
        if events and all(e.sidechain for e in events):
            # The whole file is one branch (a subagent's transcript opened on its own, say): that branch is
            # the story here, not a side path of it.
            for event in events:
                event.sidechain = False
        branches = 0
        if self._tree is not None:
            told = self._seen_uuids
            self._tree.remove([i for i in self._links if self._tree.keys[i] in told])
            thread = self._tree.final_thread()
            # what a 1 GB session's peak memory is made of: drop the nodes and the thread once used
            self._tree, self._links = ConversationTree(), array("q")
            mark_abandoned(events, thread)
            branches = thread.branches
            del thread
        self.counts.resent_prompts += drop_resent_prompts(events)
        finish_tool_runs(events)
        assign_ids(events, id_prefix)
        chapters = self.chapters.chapters
        for chapter in chapters:
            bridge = self.chapters.bridge_event.get(chapter.id)
            chapter.bridge = bridge.id if bridge is not None else None
        summarize_chapters(chapters, events)
        titles = dict(self._titles)
        summary = self._own_summary()
        if summary:
            titles["summary"] = summary
        start, end = self.clock.span()
        return Extraction(
            events=events,
            chapters=chapters,
            usage=self.usage,
            counts=self.counts,
            session_ids=self._session_ids,
            cwd=self.cwd,
            versions=sorted(self._versions, key=version_key),
            models=sorted(self._models),
            git_branches=sorted(self._branches),
            entrypoints=sorted(self._entrypoints),
            start=start,
            end=end,
            active_ms=self.clock.active_ms - self._waited_ms,
            titles=titles,
            files={k: sorted({project_path(p, self.cwd) for p in v}) for k, v in self._changed_files().items()},
            tools={name: dict(c) for name, c in sorted(self._tools.items())},
            spawns=self.spawn_events,
            unknown_blocks=self._unknown_blocks,
            unknown_system_subtypes=self._unknown_subtypes,
            abandoned_branches=branches,
            links=self.links.result(),
        )

    @property
    def cwd(self) -> str | None:
        """The folder the session was started in: the project Claude Code files it under (later records may
        name a folder the agent changed into, such as `test/`; what finish() reports)."""
        return self._cwd or self._any_cwd

    @property
    def events(self) -> list[Event]:
        """The events told so far (before finish(): tool runs not summarised, ids not given)."""
        return self.raw

    @property
    def uuids(self) -> set[int]:
        """The records this file told (not those replayed from elsewhere); the extractor's own set, handed
        over rather than copied (a 1 GB session has ~150 k): read it after finish()."""
        return self._seen_uuids

    @property
    def summaries(self) -> list[tuple[str | None, str]]:
        """(leafUuid, text) of the `summary` records read: a leaf in another file names that session."""
        return list(self._summaries)

    def _own_summary(self) -> str | None:
        """The last `summary` record that describes this file (its leafUuid is one of our records)."""
        return self.summary_for(self._summaries)

    def summary_for(self, summaries: Sequence[tuple[str | None, str]]) -> str | None:
        """Of (leafUuid, text) pairs, found here or in other files, the last one that describes this file."""
        for leaf, text in reversed(summaries):
            if leaf is not None and key64(leaf) in self._seen_uuids:
                return text
        return None


def _housekeeping(event: Event) -> bool:
    """`/exit` after a night away does not open a chapter of its own."""
    return event.kind in (COMMAND, INTERRUPT) and (event.name in HOUSEKEEPING_COMMANDS or event.kind == INTERRUPT)


# A task notification: the tool call it ends, its status, and its summary with the exit code
_TASK_NOTICE = re.compile(r"<task-notification>(?P<body>.*?)</task-notification>", re.S)
_NOTICE_FIELD = re.compile(r"<(?P<tag>tool-use-id|status|summary)>\s*(?P<value>[^<]*?)\s*</(?P=tag)>")
_EXIT_CODE = re.compile(r"\bexit code (-?\d+)\b", re.I)


def _queue_key(content: Any) -> str:
    """A queued message's content, compared across its enqueue and remove records (a string or blocks)."""
    if isinstance(content, str):
        return " ".join(content.split())
    return " ".join(" ".join(str(b.get("text", "")) for b in blocks_of(content)).split())


def _same_words(a: str | None, b: str | None) -> bool:
    return bool(a) and " ".join((a or "").split()) == " ".join((b or "").split())


def _key_or_none(uuid: Any) -> int | None:
    return key64(uuid) if isinstance(uuid, str) and uuid else None


def mark_abandoned(events: list[Event], thread: Thread) -> None:
    """Events from records on an abandoned branch carry its number; they stay, but are not the story."""
    if not thread.branches:
        return
    for event in events:
        state = thread.state_at(event.line)
        if state > 0:
            event.abandoned = state


_ANSWERS = frozenset({ASSISTANT, THINKING, TOOL_RUN, PLAN, SUBAGENT, IMAGE})


def drop_resent_prompts(events: list[Event]) -> int:
    """The same prompt (or request command) sent again before anything answered it, after an interrupt, an
    API error or a local error, is one message: the earlier copies go, the one that was answered stays and
    says how many times it was sent again (`resent`) and what failed in between (`errors`). A copy that adds
    to the text before it (the author pasted more) replaces it too. Returns how many went."""
    drop: set[int] = set()
    previous: int | None = None  # index of the last prompt not answered yet
    for i, event in enumerate(events):
        if event.sidechain or event.abandoned:
            continue
        if event.kind in _ANSWERS:
            previous = None
        elif _is_prompt(event):
            if previous is not None and _same_prompt(events[previous], event):
                earlier = events[previous]
                drop.add(previous)
                event.resent += earlier.resent + 1
                event.errors += earlier.errors
            previous = i
    for event in events:
        if not event.resent and event.kind in (HUMAN, COMMAND):
            event.errors = 0  # errors before an answer, where the author did not have to send it again
    if drop:
        events[:] = [e for i, e in enumerate(events) if i not in drop]
    return len(drop)


def _is_prompt(event: Event) -> bool:
    return (event.kind == HUMAN and not event.queued) or (event.kind == COMMAND and bool(event.args))


def _same_prompt(a: Event, b: Event) -> bool:
    if a.kind != b.kind or (a.kind == COMMAND and a.name != b.name):
        return False
    first = " ".join((a.text or a.args or "").split())
    second = " ".join((b.text or b.args or "").split())
    if not first:
        return not second and a.images == b.images
    return second == first or (len(first) >= 20 and second.startswith(first))


def _finite_number(value: Any) -> float | None:
    """A JSON number usable as one (not a bool, not inf or nan)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _block_signature(block: dict[str, Any]) -> tuple[str, int]:
    """Identity of a content block within one API message (tool uses by id, text by content); only
    compared within one run, so Python's own hash will do."""
    btype = str(block.get("type"))
    block_id = block.get("id")
    if isinstance(block_id, str) and block_id:
        return btype, hash(block_id)
    body = block.get("text") if btype == "text" else block.get("thinking") if btype == "thinking" else None
    return btype, hash(body if isinstance(body, str) else repr(block)[:2000])


def _turned_down_in_ide(tool: str, is_error: bool, text: str, version: Any, recorded: Any) -> str | None:
    """The author's reply when they turned a shell call down in an IDE, or None: a 2.x shell error, recorded as
    `toolUseResult: "Error: <the same text>"`, that is neither a command's failure ("Exit code 1") nor one of
    Claude Code's own refusals."""
    if not is_error or tool not in SHELL_TOOLS or not isinstance(version, str) or version_key(version)[:1] < (2,):
        return None
    if not isinstance(recorded, str) or recorded.strip() != f"Error: {text.strip()}":
        return None
    reply = text.strip()
    if not reply or _SHELL_FAILURE.match(reply) or len(reply) > MAX_TURNED_DOWN or _TOOL_OUTPUT.search(reply):
        return None
    return reply


# Lines a program prints, never an author's reply: git's `error:`/`fatal:`/`hint:` and its `! [rejected]` row, npm's
# `npm ERR!`, a traceback's head. A failed push written as `Error: To github.com:… ! [rejected] …` with no "Exit code"
# line was told as the author's words (fresh25's ledgerly-docs, stop 52).
_TOOL_OUTPUT = re.compile(
    r"(?m)^(?:(?:error|fatal|hint|warning|usage): |npm ERR! |\s*! \[(?:rejected|remote rejected)\]|"
    r"Traceback \(most recent call last\):|To (?:https?://|[\w.-]+@)?[\w.-]+[:/]\S+\.git$|"
    # a compiler's or a tool's diagnostic (`src/main.cpp:17:5: error:`, `Foo.cs(19,44): error CS1061:`,
    # `avrdude: error: …`) and a shell's `zsh: command not found: …` (fresh25: four more failures without "Exit code")
    r"\S+:\d+(?::\d+)?: (?:fatal )?error\b|\S+\(\d+,\d+\): (?:error|warning) [A-Z]+\d+|[\w.-]+: (?:error|fatal): |"
    r"(?:ba|z|fi)?sh: (?:\d+: )?(?:command not found|[^\n]*: command not found))"
)


def version_key(version: str) -> tuple[int, ...]:
    parts = []
    for piece in version.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def _open_run(target: list[Event], event: Event, call: ToolCall) -> Event | None:
    """The run a new call joins: the last event of `target` (images returned by the run's calls do not
    count) when it is a run of the same family in the same chapter and branch."""
    for previous in reversed(target):
        if previous.kind == IMAGE and previous.chapter == event.chapter:
            continue
        if (
            previous.kind == TOOL_RUN
            and previous.chapter == event.chapter
            and previous.sidechain == event.sidechain
            and previous.calls
            and family(previous.calls[0].name) == family(call.name)
        ):
            return previous
        return None
    return None


def finish_tool_runs(events: list[Event]) -> None:
    """Give each run its one-line summary, family and error count, once all results are in."""
    for event in events:
        if event.kind == TOOL_RUN and event.calls:
            event.summary = summarize_run(event.calls)
            event.name = family(event.calls[0].name)
            event.errors = sum(1 for c in event.calls if c.error)
            for call in event.calls:
                call.tool_use_id = None  # only needed to link results while parsing


def drop_repeated_result(agent: Subagent) -> None:
    """A subagent's last message repeats the result its parent received; keep it once, on the spawn."""
    events = agent.events
    last = events[-1] if events else None
    if (
        agent.result
        and last is not None
        and last.kind == ASSISTANT
        and (last.text or "").strip() == agent.result.strip()
    ):
        events.pop()


def assign_ids(events: list[Event], prefix: str) -> None:
    for i, event in enumerate(events, 1):
        event.id = f"{prefix}{i}"
        if event.subagent is not None and event.subagent.events:
            assign_ids(event.subagent.events, f"{event.id}.")


def summarize_chapters(chapters: list[Chapter], events: list[Event]) -> None:
    """Fill each chapter's span and counts from its events."""
    by_id = {c.id: c for c in chapters}
    chars: Counter[str] = Counter()
    bounds: dict[str, list[str]] = {}  # chapter id -> sort keys of its start and end so far
    for event in events:
        chapter = by_id.get(event.chapter)
        if chapter is None:
            continue
        chapter.events += 1
        chapter.first_event = chapter.first_event or event.id
        chapter.last_event = event.id
        if is_author_message(event):
            chapter.human_turns += 1
        if event.ts is not None:
            key = _ts_key(event.ts)  # once per event (most events are in time order: seldom a new bound)
            span = bounds.get(chapter.id)
            if span is None:
                bounds[chapter.id] = [key, key]
                chapter.start = chapter.end = event.ts
            elif key < span[0]:
                span[0], chapter.start = key, event.ts
            elif key > span[1]:
                span[1], chapter.end = key, event.ts
        chars[chapter.id] += event.char_count()
        if event.subagent is not None:
            chars[chapter.id] += sum(e.char_count() for e in event.subagent.events)
    for chapter in chapters:
        chapter.token_estimate = (chars[chapter.id] + 3) // 4


_ts_key = sortable
