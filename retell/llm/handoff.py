"""The hand-off engine: each call a stage would send becomes a prompt file for someone else to answer.

`--engine handoff` writes every request it has no answer for to `WORKDIR/handoff/NNNN-<stage>-<label>.prompt.md`
(the whole request: system prompt, user message, the answer's format and its JSON Schema) and the stage stops
with exit status 75, saying how many answers it waits for. Whoever answers (the Claude Code session the author
is in, a subagent of it, a person) writes `NNNN-<stage>-<label>.answer.md` beside the prompt; the next run reads
it and goes on as with a model's answer. docs/handoff.md is the contract.

What keeps it honest:
- A prompt file is keyed by the request's hash (its `prompt:` header line, the call log's key). Numbers are
  never reused, so an answer only ever sits beside the prompt it was written for; a prompt whose request is no
  longer made (triage, outline or draft changed) is moved with its answer to `handoff/stale/`, never used.
  A prompt file edited by hand no longer says what retell asks: it is retired the same way and written again.
- The request is scanned for secrets before its file is written (the runner's guard, and once more on the
  file's whole text), as before any request is sent.
- An answer is checked as a model's answer is (the stage's own format check, the JSON Schema a model's
  structured output is held to) and then more strictly: where a model's answer, already paid for, has a
  secret-shaped item redacted or its live markup made inert, a hand-off answer is refused (asking again costs
  nothing, and its author may have seen the session itself). A refused answer is moved aside to
  `NNNN-….refused.md`, so that its prompt is plainly pending again.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from retell.errors import RetellError
from retell.fsutil import atomic_write_text
from retell.llm.answers import extract_json
from retell.llm.calllog import CallStore
from retell.llm.engines import CallHooks
from retell.llm.request import LLMRequest, LLMResponse, Usage, estimate_tokens
from retell.redact import Redactor, guard
from retell.secrets.preview import mask
from retell.secrets.scanner import Finding

HANDOFF = "handoff"
FOLDER = "handoff"
STALE = "stale"
PROMPT = ".prompt.md"
ANSWER = ".answer.md"
REFUSED = ".refused.md"
EX_TEMPFAIL = 75  # sysexits.h: a temporary failure, try again later (here: once the answers are written)
FORMAT_VERSION = 1

_NAME = re.compile(r"^(\d{4,})-([a-z]+)-(.+)$")
_HEADER = re.compile(r"\A<!-- retell hand-off prompt v(\d+)\n(.*?)\n-->\n", re.S)
_MAX_NAMES = 8  # pending prompts named in the waiting line


class AnswerPending(Exception):
    """No usable answer yet: the prompt file is written (or was already). Not an error of the call."""

    def __init__(self, prompt: Path) -> None:
        super().__init__(str(prompt))
        self.prompt = prompt


class AnswerRefused(RetellError):
    """An answer that cannot be used, named by its file; its prompt is pending again."""

    def __init__(self, message: str, prompt: Path) -> None:
        super().__init__(message)
        self.prompt = prompt


class HandoffWaiting(RetellError):
    """The stage went as far as the answers allow. Exit status 75 while it waits for answers; 1 when a prompt
    could not even be written (then nobody can answer it)."""

    def __init__(
        self, folder: Path, pending: list[Path], refused: list[str], notes: list[str], errors: list[str]
    ) -> None:
        self.folder = folder
        self.pending = pending
        self.refused = refused
        self.notes = notes
        self.errors = errors
        self.exit_code = 1 if errors else EX_TEMPFAIL
        super().__init__(self.waiting_line())

    def waiting_line(self) -> str:
        count = len(self.pending)
        names = [p.name.removesuffix(PROMPT) for p in self.pending[:_MAX_NAMES]]
        more = f", and {count - _MAX_NAMES} more" if count > _MAX_NAMES else ""
        return (
            f"waiting for {count} answer{'' if count == 1 else 's'} in {self.folder} ({', '.join(names)}{more}): "
            "write each as NNNN-….answer.md beside its prompt, then run this command again"
        )

    def report(self) -> str:
        lines = [f"retell: error: {line}" for line in [*self.refused, *self.errors]]
        lines += [f"retell: warning: {note}" for note in self.notes]
        if self.pending:
            lines.append(f"retell: {self.waiting_line()}")
        return "\n".join(lines)


@dataclass
class PromptFile:
    path: Path
    number: int
    stage: str
    label: str
    key: str | None  # the request hash in its header; None when the header is not retell's (edited)

    @property
    def stem(self) -> str:
        return self.path.name.removesuffix(PROMPT)

    @property
    def answer(self) -> Path:
        return self.path.with_name(self.stem + ANSWER)

    @property
    def refused(self) -> Path:
        return self.path.with_name(self.stem + REFUSED)


@dataclass
class HandoffEngine:
    """One stage's view of WORKDIR/handoff/. The runner asks it for each request it has no cached answer for."""

    folder: Path
    redactor: Redactor
    name: str = HANDOFF
    asked: set[str] = field(default_factory=set)  # the request hashes this run wants (cached ones too)
    notes: list[str] = field(default_factory=list)  # what the author should hear (stale prompts, orphans)
    _index: dict[str, PromptFile] | None = None

    # -- the runner's side --------------------------------------------------------------------------

    def complete(self, request: LLMRequest, hooks: CallHooks | None = None) -> LLMResponse:
        """The answer to `request` as a model's response, or AnswerPending once its prompt file is there."""
        key = request.key(HANDOFF)
        self.asked.add(key)
        found = self.index().get(key)
        if found is not None and found.path.read_text(encoding="utf-8", errors="replace") != render_prompt(
            request, found.stem
        ):
            self._retire(
                found,
                "its prompt file was changed since retell wrote it, so an answer to it is not an "
                "answer to what retell asks",
            )
            found = None
        if found is None:
            found = self._write_prompt(request)
        if not found.answer.is_file():
            raise AnswerPending(found.path)
        text = self._read_answer(found)
        self._vet(request, found, text)
        return LLMResponse(
            text=text,
            usage=Usage(input_tokens=request.estimated_input_tokens(), output_tokens=estimate_tokens(text)),
            request_id=f"{FOLDER}/{found.answer.name}",
            model=None,
            stop_reason="end_turn",
        )

    def edited_since(self, request: LLMRequest, used: str) -> Path | None:
        """The answer file to `request` when it now holds other text than `used`, the answer read from it on an
        earlier run: an answer edited after retell read it is read again, not silently replaced by the log's
        copy. A deleted answer is not an edit (the logged one stands)."""
        prompt = self.index().get(request.key(HANDOFF))
        if prompt is None or not prompt.answer.is_file():
            return None
        text = _answer_text(prompt.answer)
        # Unreadable now: read it again, so the author hears why.
        return prompt.answer if not isinstance(text, str) or text != used else None

    def refuse(self, request: LLMRequest, reason: str) -> AnswerRefused:
        """The answer to `request` cannot be used (the stage's own check said why)."""
        return self._refused(self.index()[request.key(HANDOFF)], reason)

    def tidy(self, stages: set[str]) -> None:
        """Retire the prompt files of these stages that no request of this run matches, and move aside answers
        whose prompt no longer exists. Each is said once: they leave the folder."""
        if not self.folder.is_dir():
            return
        for prompt in list(self.index().values()) + self._unreadable():
            if prompt.stage in stages and prompt.key not in self.asked:
                self._retire(prompt, "retell no longer asks it (what it was made from changed)")
        for answer in sorted(self.folder.glob("*" + ANSWER)):
            if not answer.with_name(answer.name.removesuffix(ANSWER) + PROMPT).exists():
                self._move_stale(
                    answer,
                    f"{answer}: an answer to no prompt (there is no {answer.name.removesuffix(ANSWER)}"
                    f"{PROMPT}); not used",
                )

    # -- the files ----------------------------------------------------------------------------------

    def index(self) -> dict[str, PromptFile]:
        if self._index is None:
            self._index = {}
            for prompt in self._prompt_files():
                if prompt.key is not None:
                    self._index[prompt.key] = prompt
        return self._index

    def _prompt_files(self) -> list[PromptFile]:
        return prompt_files(self.folder)

    def _unreadable(self) -> list[PromptFile]:
        return [p for p in self._prompt_files() if p.key is None]

    def _next_number(self) -> int:
        numbers = [0]
        for folder in (self.folder, self.folder / STALE):
            if folder.is_dir():
                numbers += [int(m.group(1)) for p in folder.iterdir() if (m := re.match(r"^(\d{4,})-", p.name))]
        return max(numbers) + 1

    def _write_prompt(self, request: LLMRequest) -> PromptFile:
        number = self._next_number()
        stem = f"{number:04d}-{request.stage}-{request.label}"
        text = render_prompt(request, stem)
        where = f"{FOLDER}/{stem}{PROMPT}"
        guard([(where, text)], self.redactor, "a hand-off prompt about to be written", request.answers)
        path = self.folder / f"{stem}{PROMPT}"
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise PromptUnwritable(f"cannot write the prompt {path}: {exc.strerror or exc}") from None
        prompt = PromptFile(path, number, request.stage, request.label, request.key(HANDOFF))
        self.index()[request.key(HANDOFF)] = prompt
        return prompt

    def _read_answer(self, prompt: PromptFile) -> str:
        text = _answer_text(prompt.answer)
        if isinstance(text, Unreadable):
            raise self._refused(prompt, text.reason)
        return text

    def _vet(self, request: LLMRequest, prompt: PromptFile, text: str) -> None:
        """What is wrong with an answer whatever the stage: empty, not the JSON asked for, a secret."""
        if not text.strip():
            raise self._refused(prompt, "it is empty")
        if request.json_schema is not None:
            problem = json_problem(text, request.json_schema)
            if problem:
                raise self._refused(prompt, problem)
        # judged as the publish gate judges (Redactor.stopping): a name the session writes unflagged was in the prompt
        # already (blind41's drafter: "found Sian's commit" refused, "Sian hand-curated…" shown to it unflagged)
        # each with where it stands and a masked preview, as triage.yaml shows one ("line 9: person-name-… (ש*** (2
        # word(s)))"): a writer cannot find what to reword from an id alone (blind53's, stop 59)
        found = sorted({_shown(sid, finding, text) for sid, finding in self.redactor.stopping(text)})
        if found:
            raise self._refused(
                prompt,
                f"it holds {len(found)} secret(s) not cleared in triage ({', '.join(found[:5])}); write it without "
                "them (the prompt never shows one)",
            )

    def _refused(self, prompt: PromptFile, reason: str) -> AnswerRefused:
        """Moved aside to NNNN-….refused.md (kept for a look), so that its prompt is plainly pending again."""
        try:
            prompt.answer.replace(prompt.refused)
            kept = f"moved to {prompt.refused.name}; {prompt.path.name} waits for a new answer"
        except OSError as exc:
            kept = f"{prompt.path.name} waits for a new answer (it could not be moved aside: {exc.strerror})"
        return AnswerRefused(f"{prompt.answer}: refused: {reason}; {kept}", prompt.path)

    def _retire(self, prompt: PromptFile, why: str) -> None:
        files = [p for p in (prompt.path, prompt.answer, prompt.refused) if p.exists()]
        moved = [self._move(p) for p in files]  # every one, even after one fails
        if prompt.key is not None and self.index().get(prompt.key) is prompt:
            del self.index()[prompt.key]
        answered = " with its answer" if prompt.answer in files else ""
        where = f"moved{answered} to {self.folder / STALE}/" if all(moved) else "left in place (it could not be moved)"
        self.notes.append(f"{prompt.path}: {why}; {where}")

    def _move_stale(self, path: Path, message: str) -> None:
        moved = self._move(path)
        self.notes.append(f"{message}; " + (f"moved to {self.folder / STALE}/" if moved else "left in place"))

    def _move(self, path: Path) -> Path | None:
        target = self.folder / STALE / path.name
        copy = 1
        while target.exists():  # an earlier file of the same name is kept too (a late answer to a retired prompt)
            target = target.with_name(f"{path.name}.{copy}")
            copy += 1
        try:
            target.parent.mkdir(exist_ok=True)
            path.replace(target)
        except OSError:
            return None
        return target


def prompt_files(folder: Path) -> list[PromptFile]:
    """The prompt files in a hand-off folder, in name order; a name retell does not write is not retell's to manage."""
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*" + PROMPT)):
        match = _NAME.match(path.name.removesuffix(PROMPT))
        if match is not None:
            out.append(PromptFile(path, int(match.group(1)), match.group(2), match.group(3), _header_key(path)))
    return out


def _answered(workdir: Path, stages: Collection[str]) -> list[tuple[PromptFile, str | Unreadable | None, str | None]]:
    """Each prompt of these stages with its answer file's text now (None: no file) and the answer retell logged from
    it (None: never read, or the log was deleted)."""
    store = CallStore(workdir / "llm")
    out: list[tuple[PromptFile, str | Unreadable | None, str | None]] = []
    for prompt in prompt_files(workdir / FOLDER):
        if prompt.stage not in stages:
            continue
        text = _answer_text(prompt.answer) if prompt.answer.is_file() else None
        logged = None if prompt.key is None else store.logged_answer(prompt.stage, prompt.label, prompt.key)
        out.append((prompt, text, logged))
    return out


def answer_texts(workdir: Path, stages: Collection[str]) -> list[str]:
    """The answers of these stages' prompts as a run would use them: each answer file's text, or the logged answer
    where the file was deleted (not an edit). A stage's output records the same of the answers it was made from,
    so an answer edited after its output was made is seen, even once its log was updated by a run that stopped."""
    texts = []
    for _prompt, text, logged in _answered(workdir, stages):
        if isinstance(text, Unreadable):
            texts.append(f"unreadable: {text.reason}")
        elif text is not None:
            texts.append(text)
        elif logged is not None:
            texts.append(logged)
    return texts


def answers_edited_since_read(workdir: Path, stages: Collection[str]) -> list[Path]:
    """The answer files of these stages that now hold other text than the answer retell read from them and logged.
    A stage whose output is otherwise current (outline.yaml, draft.md) is made again from them: an answer edited
    after retell read it is read again (docs/handoff.md). A deleted answer, or one never read, is no edit."""
    return [
        p.answer
        for p, text, logged in _answered(workdir, stages)
        if text is not None and logged is not None and text != logged
    ]


class PromptUnwritable(RetellError):
    """A prompt file could not be written (a read-only folder, a full disk): nobody can answer it."""


@dataclass(frozen=True)
class Unreadable:
    """Why an answer file could not be read as text."""

    reason: str


def _answer_text(path: Path) -> str | Unreadable:
    """An answer file's text as read (a byte-order mark and Windows line endings are tolerated), or why it
    cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return Unreadable(f"it cannot be read ({exc.strerror})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Unreadable(f"it is not UTF-8 text (byte {exc.start})")
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


def _header_key(path: Path) -> str | None:
    try:
        with path.open("r", encoding="utf-8", errors="replace") as fh:
            head = fh.read(2000)
    except OSError:
        return None
    match = _HEADER.match(head)
    if match is None:
        return None
    fields = dict(line.split(": ", 1) for line in match.group(2).splitlines() if ": " in line)
    prompt = fields.get("prompt", "")
    return prompt.removeprefix("sha256:") if prompt.startswith("sha256:") else None


def render_prompt(request: LLMRequest, stem: str) -> str:
    """The whole request as one file a model can answer from alone: what it is and where the answer goes, the
    system prompt, the user message, and the answer's format (with the JSON Schema when one is required)."""
    answer = stem + ANSWER
    header = "\n".join(
        [
            f"<!-- retell hand-off prompt v{FORMAT_VERSION}",
            f"call: {request.stage} {request.label}",
            f"prompt: sha256:{request.key(HANDOFF)}",
            f"answer: {answer}",
            "-->",
        ]
    )
    system = "\n\n".join(block.text.strip("\n") for block in request.system)
    return (
        f"{header}\n"
        "This file is one request that retell (a tool that turns a Claude Code session into a blog post) "
        "would send to a model. Answer it exactly as a careful model would, from this file alone: the system "
        "prompt sets the rules, the user message is the task, and the answer's format is at the end.\n"
        f"Write the answer, and nothing else, to `{answer}` in this folder (write a temporary file, then "
        "rename it).\n\n"
        f"<system>\n{system}\n</system>\n\n"
        f"<user>\n{request.user.strip(chr(10))}\n</user>\n\n"
        f"<answer_format>\n{answer_format(request)}\n</answer_format>\n"
    )


def answer_format(request: LLMRequest) -> str:
    rules = (
        "retell refuses an answer that is empty, that holds a secret (the material never shows one), or that "
        "holds markup a blog would run or hide: raw HTML tags (other than the hidden `<!-- ev: … -->`, "
        "`<!-- cleaned: … -->`, `<!-- translated: … -->` and `<!-- ok -->` markers the prompt asks for), template "
        "syntax such as `{{ }}` or `{% %}` outside code, links other than http(s), mailto or relative ones, and "
        "images other than the session's `assets/…`. Put code, file names, tags and anything in angle brackets "
        "in backticks. Inside a fenced code block or a code span, anything goes, template syntax included: it is "
        "published exactly as written (retell keeps it literal for Jekyll, Hugo and Astro)."
    )
    if request.json_schema is not None:
        schema = orjson.dumps(request.json_schema, option=orjson.OPT_INDENT_2).decode()
        head = (
            "Answer with one JSON object and nothing else: no prose before or after it, no code fence. It must "
            f"match this JSON Schema (every listed property present, no others):\n\n{schema}\n\n"
        )
        if not request.published:  # a verification: read, never published, so no rule of prose holds
            return (
                head + "retell refuses an answer that is empty or that holds a secret (the material never shows one)."
            )
        return head + "The Markdown in its strings follows the rules for prose: " + rules
    return (
        "Answer with the text itself, in Markdown, exactly as the user message asks for it: no preamble, no "
        "notes about the answer, no code fence around it. " + rules
    )


def json_problem(text: str, schema: dict[str, Any]) -> str | None:
    """Why an answer is not the JSON object the schema asks for (None when it is): prose, broken or truncated
    JSON, or the wrong shape, said as a model's structured output would have to be."""
    data = extract_json(text)
    if data is None:
        stripped = text.strip()
        if "{" not in stripped:
            return "it is prose where one JSON object is required"
        start = stripped.find("{")
        try:
            orjson.loads(stripped[start:])
        except orjson.JSONDecodeError as exc:
            return f"its JSON does not parse ({exc.msg} at line {exc.lineno}, column {exc.colno}: truncated?)"
        return "it is not one JSON object"
    if not isinstance(data, dict):
        return "its JSON is not an object"
    import jsonschema  # lazy: only a hand-off answer needs it (the API enforces the schema on a model's)

    validator = jsonschema.Draft202012Validator(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:
        return None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
    message = error.message if len(error.message) <= 200 else error.message[:199] + "…"
    return f"its JSON does not match the schema asked for ({where or 'the object'}: {message})"


def json_strings(data: Any, path: str = "") -> list[tuple[str, str]]:
    """Every string in a JSON value, with where it is (`sections[0].heading`)."""
    if isinstance(data, str):
        return [(path or "the answer", data)]
    if isinstance(data, dict):
        return [item for k, v in data.items() for item in json_strings(v, f"{path}.{k}" if path else str(k))]
    if isinstance(data, list):
        return [item for i, v in enumerate(data) for item in json_strings(v, f"{path}[{i}]")]
    return []


def _shown(sid: str, finding: Finding, text: str) -> str:
    """A refused secret as the refusal names it: its id, kind, masked preview and line of the answer."""
    line = text.count("\n", 0, finding.start) + 1
    return f"{sid} ({finding.kind}: {mask(finding.kind, finding.value)}, line {line})"
