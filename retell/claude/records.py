"""The shapes of the records retell reads, decoded by a typed decoder that builds only those fields.

msgspec decodes a line straight into these Structs. A key retell never reads is skipped without building
its value (most of a transcript: tool output, its `toolUseResult` copy, file snapshots), and a bulky value
read only sometimes (`message`, `toolUseResult`, a tool result's `content`) stays a `msgspec.Raw` slice of
the line until the extractor asks for it. Every other field is `Any`: an unexpected type never fails a
record, the extractor checks types as it reads, exactly as it did with dicts.

A line msgspec refuses (invalid UTF-8, a lone surrogate, a number out of range, not JSON at all) goes
through `decode_line` (orjson, then json with repairs), which decides, as before, whether it is a record.
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal

import msgspec
import orjson

_EMPTY = msgspec.Raw()  # a key that was not there (JSON null is Raw(b"null"))


class Record(msgspec.Struct, gc=False):
    """One line of a transcript: the top-level keys any part of retell reads. Missing keys are None."""

    type: Any = None
    uuid: Any = None
    parentUuid: Any = None  # (the names are the format's)
    logicalParentUuid: Any = None
    timestamp: Any = None
    isSidechain: Any = None
    isMeta: Any = None
    isCompactSummary: Any = None
    isApiErrorMessage: Any = None
    sessionId: Any = None
    version: Any = None
    gitBranch: Any = None
    entrypoint: Any = None
    cwd: Any = None
    requestId: Any = None
    origin: Any = None
    subtype: Any = None
    content: Any = None
    durationMs: Any = None
    compactMetadata: Any = None
    attachment: Any = None
    data: Any = None
    operation: Any = None
    reason: Any = None
    summary: Any = None
    leafUuid: Any = None
    customTitle: Any = None
    aiTitle: Any = None
    title: Any = None
    lastPrompt: Any = None
    prUrl: Any = None  # a `pr-link` record's pull request
    message: msgspec.Raw = _EMPTY
    toolUseResult: msgspec.Raw = _EMPTY

    def message_value(self) -> Any:
        """`message`, decoded (None when missing)."""
        return raw_value(self.message)

    def assistant_message(self) -> AssistantMessage | None:
        """An assistant record's `message`, as far as retell reads it (None when it is not an object)."""
        return assistant_message(self.message)

    def tool_use_result(self) -> Any:
        return raw_value(self.toolUseResult)

    def tool_results(self) -> list[ResultBlock] | None:
        """The blocks of a user message made of tool results only, outputs left raw; else None."""
        return result_blocks(self.message)


class Usage(msgspec.Struct, gc=False):
    """The four token counts of an assistant message's `usage` (its other keys are skipped unbuilt)."""

    input_tokens: Any = None
    output_tokens: Any = None
    cache_read_input_tokens: Any = None
    cache_creation_input_tokens: Any = None


class AssistantMessage(msgspec.Struct, gc=False):
    """An assistant message: its content blocks as plain values, `usage` only as far as it is counted.
    (`usage` repeats on every record of a message and is most of its small objects: typed, the
    decode costs half as much.)"""

    id: Any = None
    model: Any = None
    usage: Usage | None = None  # None also when `usage` is there but not an object
    content: Any = None


class ResultBlock(msgspec.Struct, gc=False):
    """A tool result block of a user message, read only as far as the extractor needs: its output stays raw.
    (Any other block fails the decode: a message of tool results only is the one the fast path reads.)"""

    type: Literal["tool_result"]
    tool_use_id: Any = None
    is_error: Any = None
    content: msgspec.Raw = _EMPTY
    text: Any = None  # (not a tool result's key, but a message rebuilt from its blocks keeps it)

    def content_value(self) -> Any:
        return raw_value(self.content)


class ResultMessage(msgspec.Struct, gc=False):
    """A user message whose content is a list of tool result blocks (decoding fails otherwise)."""

    content: list[ResultBlock]


class ToolResults(Record, kw_only=True):
    """A user record holding tool results only (most user records), decoded with its blocks in one pass over
    the line: as a plain Record, its message's bytes would be scanned once as the line's and again as the
    blocks'. Decoded only from lines known to be user records (`decode_user_record`)."""

    message: ResultMessage  # type: ignore[assignment]  # (Record's raw message, here already decoded)

    def tool_results(self) -> list[ResultBlock] | None:
        return self.message.content

    def message_value(self) -> Any:
        """The message as far as its blocks were read (the keys of a block retell reads)."""
        return {"content": [_block_value(block) for block in self.message.content]}

    def assistant_message(self) -> AssistantMessage | None:
        return None  # (a user record; an assistant's message is an object with no tool result blocks)


def _block_value(block: ResultBlock) -> dict[str, Any]:
    value = {"type": block.type, "tool_use_id": block.tool_use_id, "content": block.content_value()}
    if block.is_error is not None:
        value["is_error"] = block.is_error
    if block.text is not None:
        value["text"] = block.text
    return value


class _ContentType(msgspec.Struct, gc=False):
    type: Any = None


_RECORD = msgspec.json.Decoder(Record)
_TOOL_RESULTS = msgspec.json.Decoder(ToolResults)
_RESULT_MESSAGE = msgspec.json.Decoder(ResultMessage)
_CONTENT_TYPES = msgspec.json.Decoder(list[_ContentType])
_ASSISTANT_MESSAGE = msgspec.json.Decoder(AssistantMessage)
_RAW_FIELDS = frozenset(("message", "toolUseResult"))
_FIELDS = frozenset(Record.__struct_fields__)


def raw_value(raw: msgspec.Raw) -> Any:
    """A raw slice decoded, as the whole line would have been (None when the key was missing)."""
    if not raw:
        return None
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError:
        return decode_line(bytes(raw))  # a lone surrogate or invalid UTF-8 the skipping decoder let pass


def assistant_message(message: msgspec.Raw) -> AssistantMessage | None:
    """An assistant message decoded (None when it is missing or not an object)."""
    if not message:
        return None
    try:
        return _ASSISTANT_MESSAGE.decode(message)
    except msgspec.DecodeError:
        pass  # not an object, `usage` not an object, or a string only the forgiving path reads
    value = raw_value(message)
    if not isinstance(value, dict):
        return None
    usage = value.get("usage")
    return AssistantMessage(
        id=value.get("id"),
        model=value.get("model"),
        usage=Usage(**{k: usage.get(k) for k in Usage.__struct_fields__}) if isinstance(usage, dict) else None,
        content=value.get("content"),
    )


def result_blocks(message: msgspec.Raw) -> list[ResultBlock] | None:
    """The blocks of a user message made of tool result blocks only, outputs left raw; else None."""
    if not message:
        return None
    try:
        return _RESULT_MESSAGE.decode(message).content
    except msgspec.DecodeError:
        return None  # content is a string, missing, or holds other blocks: decode it in full


def content_has_image(block: ResultBlock) -> bool:
    """Whether a tool result's content is a list holding an image block (text blocks are skipped unread)."""
    content = block.content
    if not content or memoryview(content)[:1] != b"[":
        return False
    try:
        return any(item.type == "image" for item in _CONTENT_TYPES.decode(content))
    except msgspec.DecodeError:
        return True  # a list of something else: decode it in full and let the extractor look


def decode_record(line: bytes) -> Record:
    """The record on one line. ValueError when the line is not JSON; NotAnObject when it is other JSON."""
    try:
        return _RECORD.decode(line)
    except msgspec.DecodeError:
        pass  # not an object, or a line only the forgiving path reads (a lone surrogate, invalid UTF-8, 1e400)
    value = decode_line(line)
    if not isinstance(value, dict):
        raise NotAnObject
    return record_from_dict(value)


def decode_user_record(line: bytes) -> Record:
    """The record on a line whose bytes say it is a user record: ToolResults when its message holds tool
    results only, else as `decode_record` (a failed try stops where the message differs, mostly at once)."""
    try:
        record = _TOOL_RESULTS.decode(line)
    except msgspec.DecodeError:
        return decode_record(line)
    # (a second "type" key, which the decoder reads last, could make it another record)
    return record if record.type == "user" else decode_record(line)


class NotAnObject(ValueError):
    """Valid JSON, but not an object: not a record."""


def record_from_dict(value: dict[str, Any]) -> Record:
    """A Record from an already decoded object (the forgiving path, and tests)."""
    fields: dict[str, Any] = {}
    for key, item in value.items():
        if key in _FIELDS:
            fields[key] = msgspec.Raw(_dumps(item)) if key in _RAW_FIELDS else item
    return Record(**fields)


def _dumps(value: Any) -> bytes:
    # json, not orjson: integers beyond 64 bits survive the round trip
    return json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")


def decode_line(line: bytes) -> Any:
    """orjson first; on invalid UTF-8 or lone surrogates fall back to json, then repair the strings."""
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        pass
    text = line.decode("utf-8", "replace")
    value = json.loads(text, parse_constant=_reject_constant)  # ValueError when the line is really not JSON
    return _repair_strings(value)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _repair_strings(value: Any) -> Any:
    """Replace lone surrogates so every string can be written back out as UTF-8."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    if isinstance(value, float) and not math.isfinite(value):
        return None  # 1e400 parses as inf, which nothing downstream can use
    if isinstance(value, dict):
        return {_repair_strings(k): _repair_strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_repair_strings(v) for v in value]
    return value
