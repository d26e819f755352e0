"""What a well-behaved model answers to each of retell's prompts: plain stdlib, so the fake `claude`
script can import it without loading retell."""

from __future__ import annotations

import json
import re
from typing import Any


def user_text(body: dict[str, Any]) -> str:
    return body["messages"][0]["content"][0]["text"]


def call_kind(body: dict[str, Any]) -> str:
    """outline | section:<id> | finish, from the request body."""
    text = user_text(body)
    if text.startswith("Plan the post"):
        return "outline"
    match = re.match(r"Write section (\S+) of the post", text)
    if match:
        return f"section:{match.group(1)}"
    if text.startswith("The sections of the post are written"):
        return "finish"
    if text.startswith("Revise the post as the author asks"):
        return "revise"
    if text.startswith("# The session"):
        return "verify"
    return "other"


def outline_answer(user: str) -> dict[str, Any]:
    """One section per chapter in the prompt, each beat resting on the chapter's first event; every allowed
    image goes to the first section."""
    sections = []
    for chapter, block in re.findall(r"^## Chapter (\S+?):.*?\n(.*?)(?=^## |^# Your task)", user, re.M | re.S):
        ids = re.findall(r"^\[(e\d+)\]", block, re.M)
        sections.append(
            {
                "heading": f"Part {len(sections) + 1}: {chapter}",
                "chapters": [chapter],
                "purpose": f"What happened in {chapter}.",
                "beats": [
                    {
                        "beat": "action",
                        "treatment": "quote",
                        "events": ids[:2],
                        "note": f"The ask in {chapter}.",
                        "show": [],
                    }
                ],
                "images": [],
            }
        )
    assets = re.findall(r"^- (\S+) \(chapter ", user, re.M)
    if sections:
        sections[0]["images"] = [{"asset": a, "caption": "The empty group"} for a in assets]
    return {
        "title_options": ["Hiding items, not groups", "A filter that ate groups", "Keep the headers"],
        "hook": "A filter that hid whole groups.",
        "description": "How a timeline filter got fixed with Claude Code.",
        "sections": sections,
        "ending": "End on what now works and what is still open.",
    }


def section_answer(user: str) -> str:
    sid = re.match(r"Write section (\S+)", user)
    name = sid.group(1) if sid else "?"
    images = re.findall(r"^!\[.*?\]\(assets/[^)]+\)$", user, re.M)
    # a section after the first opens from the one before, in its own first paragraph (section_task.md.j2)
    lead = f"Then came part {name}. " if "The section before, " in user else ""
    lines = [f"{lead}In section {name} I asked Claude to look at the grouping code, and it found the cause quickly."]
    lines += images
    lines.append(f"Section {name} ends with the fix in place and the tests green again.")
    return "\n\n".join(lines)


def finish_answer(user: str) -> dict[str, Any]:
    return {
        "opening": "It began with a timeline that hid too much.",
        "ending": "The filter now hides items and keeps the groups.",
    }


def revise_parts(user: str) -> dict[int, str]:
    """The parts a revise prompt sends, by number, with their current text (the heading line left out)."""
    body = user.split("\n=== end ===", 1)[0]
    found = re.findall(r"^=== part (\d+) ===\n(.*?)(?=^=== part \d+ ===$|\Z)", body, re.M | re.S)
    parts = {}
    for number, text in found:
        lines = text.strip("\n").split("\n")
        lines = lines[1:]  # the heading line, or "(the opening, …)"
        while lines and (not lines[0].strip() or lines[0].startswith("(outline section ")):
            lines.pop(0)
        parts[int(number)] = "\n".join(lines).strip()
    return parts


def revise_answer(user: str) -> str:
    """Every part asked for (only the first, when the whole post is sent), its text kept line for line after a
    new first paragraph that quotes the instruction, as a model doing what it is told might."""
    instruction = re.search(r"<instruction>\n(.*?)\n</instruction>", user, re.S)
    said = instruction.group(1) if instruction else "?"
    parts = revise_parts(user)
    if "Return only the parts the instruction asks you to change" in user:
        parts = dict(list(parts.items())[:1])
    out = []
    for number, text in parts.items():
        out.append(f"=== part {number} ===\nI revised this part as asked: {said} <!-- ev: e1 -->\n\n{text}")
    return "\n\n".join(out)


def verify_answer(user: str) -> dict[str, Any]:
    """`retell check --verify`: a line saying someone was delighted is not in the session, one about the group
    headers is supported by e10, and nothing else is a claim (a well-behaved checker, deterministic for the tests)."""
    claims = []
    for match in re.finditer(r"^L(\d+): (.*)$", user, re.M):
        line, text = int(match.group(1)), match.group(2)
        words = " ".join(text.split()[:8])
        if "delighted" in text:
            claims.append(
                {
                    "line": line,
                    "words": words,
                    "verdict": "not in the session",
                    "event": "",
                    "evidence": "",
                    "reason": "nobody said so",
                }
            )
        elif "group headers" in text:
            claims.append(
                {"line": line, "words": words, "verdict": "supported", "event": "e10", "evidence": "", "reason": "e10"}
            )
    return {"claims": claims}


def answer_text(user: str) -> str:
    """What a well-behaved model returns for any of retell's prompts (also used by the fake `claude`)."""
    if user.startswith("# The session"):
        return json.dumps(verify_answer(user))
    if user.startswith("Plan the post"):
        return json.dumps(outline_answer(user))
    if user.startswith("The sections of the post are written"):
        return json.dumps(finish_answer(user))
    if user.startswith("Revise the post as the author asks"):
        return revise_answer(user)
    return section_answer(user)
