"""bytes -> records: stream a transcript line by line, skipping noise without decoding it.

Lines are split on b"\\n" only (tool output contains U+2028, which str.splitlines() would split on).
A cheap byte-level sniff finds the top-level record type of most lines, so bulky noise (progress,
file-history snapshots) is counted but never handed to the JSON decoder; every other line is decoded into
a typed `Record` (records.py) that builds only the fields retell reads.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from retell.claude import prefetch
from retell.claude.digest import FileDigest
from retell.claude.readstats import AgentProgressLink, ReadStats
from retell.claude.records import NotAnObject, Record, decode_record, decode_user_record
from retell.claude.schema import SIGNAL_ATTACHMENT_TYPES, SKIPPABLE_RECORD_TYPES
from retell.errors import InputError

# Big lines are read in 8 KB steps with the default buffer (a 5 MB line: 640 reads and joins); 1 MB
# steps make reading the lines of a 100 MB file ~3x cheaper.
READ_BUFFER = 1 << 20

_TYPE_KEY = b'"type":"'
_ATTACHMENT_KEY = b'"attachment":{"type":"'
_PARENT_TOOL_USE = re.compile(rb'"parentToolUseID":"([^"\\]+)"')
_AGENT_ID = re.compile(rb'"agentId":"([^"\\]+)"')
_DATA_TYPE = re.compile(rb'"data":\{"type":"([^"\\]+)"')


def sniff_type(line: bytes) -> tuple[str | None, str | None]:
    """(record type, attachment type) read from the raw bytes when that is certain, else (None, None).

    The first `"type":"` key belongs to the top-level object only when no `{` or `[` precedes it; the one
    nested shape we recognise is `"attachment":{"type":...}`, which always means an attachment record.
    """
    if line[:1] != b"{":
        return None, None
    p = line.find(_TYPE_KEY)
    if p <= 0 or line[p - 1 : p] == b"\\":
        return None, None
    q = line.find(_ATTACHMENT_KEY, 0, p + 1)
    if q > 0 and q + len(_ATTACHMENT_KEY) == p + len(_TYPE_KEY):
        head = line[1:q]
        if b"{" in head or b"[" in head:
            return None, None
        end = line.find(b'"', p + 8)
        return "attachment", line[p + 8 : end].decode("utf-8", "replace") if end > 0 else None
    head = line[1:p]
    if b"{" in head or b"[" in head:
        return None, None
    end = line.find(b'"', p + 8)
    if end < 0:
        return None, None
    return line[p + 8 : end].decode("utf-8", "replace"), None


class TranscriptReader:
    """Iterate `(line_number, Record)` over one transcript, counting what it skips.

    `on_progress(bytes_read)` is called every few MB so a caller can draw a progress bar; `on_link(line,
    uuid, parentUuid)` for each main-thread progress or attachment record skipped without decoding (a link in
    the conversation tree).
    """

    def __init__(
        self,
        path: Path,
        *,
        strict: bool = False,
        on_progress: Callable[[int], None] | None = None,
        on_link: Callable[[int, str, str | None], None] | None = None,
        digest: bool = True,
        ahead: tuple[bytes, Callable[[bytes], Any], Callable[[Any], None]] | None = None,
        meanwhile: Callable[[], None] | None = None,
        when_read: Callable[[], None] | None = None,
        while_waiting: Callable[[], bool] | None = None,
    ) -> None:
        self.path = path
        self.strict = strict
        self.on_progress = on_progress
        self.on_link = on_link
        # (mark, work, take): when the lines are read on two cores, the reading child calls `work(line)` on
        # each line to decode that holds `mark` and, when it returns something (plain data), the parser hands
        # it to `take` before it decodes that line: work the parser would otherwise do itself, done ahead on
        # the other core.
        self.ahead = ahead
        # Work the parser needs later, done when the lines are read on two cores just after the child
        # starts: the child gets that much ahead instead of the parser waiting for its first lines.
        self.meanwhile = meanwhile
        # Called when the lines are read on two cores, once the child has gone through them all (the parser
        # is still decoding, about half way in a big session, and the second core is free again), and again
        # after each batch of lines the parser takes from then on.
        self.when_read = when_read
        # Called, when the lines are read on two cores, instead of waiting for the child's next lines: a small
        # step of work the parser would do later (it returns whether there is more to do).
        self.while_waiting = while_waiting
        self.stats = ReadStats()
        self.agent_progress: list[AgentProgressLink] = []
        self.last_snapshot: bytes | None = None  # the last file-history-snapshot, decoded on demand
        self.snapshot_line = 0
        self._linked_tool_uses: set[bytes] = set()
        self.digest = digest  # hash the file (on the shared worker) while reading it
        self._digest: FileDigest | None = None
        self.hexdigest: str | None = None  # set by a reading on two cores, which hashes as it reads

    def __iter__(self) -> Iterator[tuple[int, Record]]:
        try:
            fh = self.path.open("rb", buffering=READ_BUFFER)
        except PermissionError:
            raise InputError(f"{self.path}: permission denied") from None
        except OSError as exc:
            raise InputError(f"{self.path}: cannot open ({exc.strerror})") from None
        with fh:
            if prefetch.worthwhile(fh):
                yield from prefetch.records(self, fh)
            else:
                if self.digest:
                    self._digest = FileDigest(self.path)
                for lineno, raw, line, user in self.lines_to_decode(fh):
                    record = self.decode(lineno, line, raw.endswith(b"\n"), user)
                    if record is not None:
                        yield lineno, record
        if self.on_progress is not None:
            self.on_progress(self.stats.bytes_read)

    def lines_to_decode(self, fh: Iterable[bytes]) -> Iterator[tuple[int, bytes, bytes, bool]]:
        """(line number, raw line, line without a BOM, whether its bytes say it is a user record) of every
        line to decode. Blank lines and noise are counted on the way (and the links of skipped records
        noted), never decoded."""
        stats = self.stats
        next_report = 4 << 20
        lineno = 0
        for raw in fh:
            lineno += 1
            stats.bytes_read += len(raw)
            if self.on_progress is not None and stats.bytes_read >= next_report:
                self.on_progress(stats.bytes_read)
                next_report = stats.bytes_read + (4 << 20)
            # The JSON decoder accepts the trailing newline; copying a 50 MB line to strip it would not pay.
            line = raw
            if lineno == 1 and line.startswith(b"\xef\xbb\xbf"):
                line = line[3:]
            if len(line) < 8 and not line.strip():
                stats.blank_lines += 1
                continue
            stats.lines += 1
            record_type, attachment_type = sniff_type(line)
            if record_type is not None and self._skip(record_type, attachment_type, line, lineno):
                continue
            yield lineno, raw, line, record_type == "user"

    def decode(self, lineno: int, line: bytes, complete: bool, user: bool = False) -> Record | None:
        """The record on a line, counted by type; None (counted, or raised with --strict) when it is not one.
        `user`: the line's bytes say it is a user record (its tool results are then decoded in the same pass)."""
        stats = self.stats
        try:
            record = decode_user_record(line) if user else decode_record(line)
        except NotAnObject:
            if self.strict:
                raise InputError(f"{self.path}:{lineno}: not a JSON object (--strict)") from None
            stats.note_malformed(lineno)
            return None
        except ValueError:
            if not complete:
                if self.strict:  # the README's promise: --strict makes every malformed line fatal, this one too
                    raise InputError(
                        f"{self.path}:{lineno}: the last line is incomplete (is the session still running?) (--strict)"
                    ) from None
                stats.truncated_last_line = True  # a session still being written
                return None
            if self.strict:
                raise InputError(f"{self.path}:{lineno}: malformed JSON line (--strict)") from None
            stats.note_malformed(lineno)
            return None
        rtype = record.type
        rtype = rtype if isinstance(rtype, str) else "(none)"
        stats.record_types[rtype] += 1
        if rtype == "attachment":
            att = record.attachment
            att_type = att.get("type") if isinstance(att, dict) else None
            stats.attachment_types[att_type if isinstance(att_type, str) else "(none)"] += 1
        elif rtype == "progress":
            data = record.data
            data_type = data.get("type") if isinstance(data, dict) else None
            stats.progress_types[data_type if isinstance(data_type, str) else "(none)"] += 1
        elif rtype == "file-history-snapshot":
            self.note_snapshot(lineno, line)
        return record

    def note_snapshot(self, lineno: int, line: bytes) -> None:
        if lineno >= self.snapshot_line:  # (a reading on two cores hears of them out of order)
            self.last_snapshot, self.snapshot_line = line, lineno

    def sha256(self) -> str:
        """sha256 of the bytes this reader parsed (call after iterating a reader made with digest=True)."""
        if self.hexdigest is not None:
            return self.hexdigest
        if self._digest is None:
            return hashlib.sha256(b"").hexdigest()
        return self._digest.hexdigest(self.stats.bytes_read)

    def _skip(self, record_type: str, attachment_type: str | None, line: bytes, lineno: int) -> bool:
        """Count a noise line from its bytes alone; False means: decode it."""
        stats = self.stats
        if record_type == "attachment":
            if attachment_type is None or attachment_type in SIGNAL_ATTACHMENT_TYPES:
                return False
            stats.record_types["attachment"] += 1
            stats.attachment_types[attachment_type] += 1
            stats.skipped_unparsed += 1
            self._note_link(line, lineno)
            return True
        if record_type not in SKIPPABLE_RECORD_TYPES:
            return False
        stats.record_types[record_type] += 1
        stats.skipped_unparsed += 1
        if record_type == "progress":
            m = _DATA_TYPE.search(line, 0, 4096)
            data_type = m.group(1).decode("utf-8", "replace") if m else None
            if data_type is None and b'"agent_progress"' in line:
                data_type = "agent_progress"
            stats.progress_types[data_type or "(unknown)"] += 1
            if data_type == "agent_progress":
                self._note_agent_progress(line)
            self._note_link(line, lineno)
        elif record_type == "file-history-snapshot":
            self.note_snapshot(lineno, line)
        return True

    def _note_link(self, line: bytes, lineno: int) -> None:
        """uuid and parentUuid of a skipped main-thread record, when its bytes say them for certain: Claude
        Code writes parentUuid first and uuid among the flat keys at the end (nested objects come before it,
        and a quote inside a string is always escaped)."""
        # Runs on most lines of a session (progress): bounded searches, no slices of the line.
        if self.on_link is None or not line.startswith(b'{"parentUuid":'):
            return
        if line.find(b'"isSidechain":false', 0, 200) < 0:
            return
        if line.startswith(b"null", 14):
            parent = None
        else:
            i = line.find(b'{"parentUuid":"', 0, 80)
            if i < 0:
                return
            end = line.find(b'"', i + 15, 80)
            if end < 0 or line.find(b"\\", i + 15, end) >= 0:
                return
            parent = line[i + 15 : end].decode("utf-8", "replace")
        at = line.rfind(b'"uuid":"')
        if at < 0 or at < len(line) - 600:
            return
        start = at + 8
        end = line.find(b'"', start)
        if end < 0 or line.find(b"\\", start, end) >= 0:
            return
        self.on_link(lineno, line[start:end].decode("utf-8", "replace"), parent)

    def _note_agent_progress(self, line: bytes) -> None:
        parent = _PARENT_TOOL_USE.search(line, max(0, line.rfind(b'"parentToolUseID"')))
        if parent is None or parent.group(1) in self._linked_tool_uses:
            return
        agent = _AGENT_ID.search(line)
        if agent is None:
            return
        self._linked_tool_uses.add(parent.group(1))
        self.agent_progress.append(
            AgentProgressLink(parent.group(1).decode("utf-8", "replace"), agent.group(1).decode("utf-8", "replace"))
        )
