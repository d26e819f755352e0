"""The style check: the author's banned patterns, em-dash overuse and repeated sentences in a draft."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from retell.errors import RetellError
from retell.userconfig import config_dir


@dataclass(frozen=True)
class Style:
    patterns: tuple[tuple[str, re.Pattern[str]], ...]  # (as written in the file, compiled)
    em_dashes_per_1000_words: float
    repeated_sentences: bool

    @property
    def examples(self) -> list[str]:
        return [label for label, _ in self.patterns if not label.startswith("re:")]


def load_style() -> Style:
    import yaml

    data = yaml.safe_load(resources.files("retell.data").joinpath("style.yaml").read_text(encoding="utf-8"))
    user = config_dir() / "style.yaml"
    if user.is_file():
        try:
            extra = yaml.safe_load(user.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise RetellError(f"{user}: not valid YAML ({exc})") from None
        phrases = list(extra.get("phrases") or [])
        if not extra.get("replace_defaults"):
            phrases = list(data.get("phrases") or []) + phrases
        data = {**data, **{k: v for k, v in extra.items() if k != "phrases"}, "phrases": phrases}
    compiled = []
    for phrase in data.get("phrases") or []:
        phrase = str(phrase)
        source = phrase[3:] if phrase.startswith("re:") else re.escape(phrase)
        try:
            compiled.append((phrase, re.compile(source, re.I)))
        except re.error as exc:
            raise RetellError(f"style pattern {phrase!r} is not a valid regular expression: {exc}") from None
    return Style(
        tuple(compiled),
        float(data.get("em_dashes_per_1000_words", 2)),
        bool(data.get("repeated_sentences", True)),
    )


def check_style(markdown: str, style: Style | None = None) -> list[str]:
    """One line per problem, `line N: …`, for prose only (code blocks and front matter skipped)."""
    style = style or load_style()
    problems: list[str] = []
    prose_lines = _prose_lines(markdown)
    for number, line in prose_lines:
        for label, pattern in style.patterns:
            match = pattern.search(line)
            if match:
                problems.append(f"line {number}: stock phrase “{match.group(0)}” (pattern {label!r})")
    words = sum(len(line.split()) for _, line in prose_lines)
    dashes = sum(line.count("—") for _, line in prose_lines)
    if words and dashes * 1000 / words > style.em_dashes_per_1000_words:
        limit = f"{dashes} in {words} words is more than {style.em_dashes_per_1000_words:g} per 1,000"
        for number, line in prose_lines:
            count = line.count("—")
            if count:
                problems.append(f"line {number}: {count} em dash{'es' if count > 1 else ''} ({limit})")
    if style.repeated_sentences:
        seen: dict[str, int] = {}
        for number, line in prose_lines:
            for sentence in re.split(r"(?<=[.!?])\s+", line):
                key = " ".join(re.sub(r"[^\w\s]", "", sentence.lower()).split())
                if len(key.split()) < 6:
                    continue
                if key in seen:
                    problems.append(
                        f"line {number}: repeats a sentence from line {seen[key]}: “{sentence.strip()[:80]}”"
                    )
                else:
                    seen[key] = number
    return problems


def _prose_lines(markdown: str) -> list[tuple[int, str]]:
    lines = markdown.splitlines()
    out = []
    in_code = False
    start = 0
    if lines and lines[0].strip() == "---":
        end = next((i for i, ln in enumerate(lines[1:], 1) if ln.strip() == "---"), 0)
        start = end + 1
    for i in range(start, len(lines)):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        if in_code or line.lstrip().startswith(("![", "<!--")):
            continue
        out.append((i + 1, line))
    return out
