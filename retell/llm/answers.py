"""Reading a model's answer: the JSON object it was asked for, tolerating fences and a sentence around it."""

from __future__ import annotations

import re
from typing import Any

import orjson


def extract_json(text: str) -> Any:
    """The JSON object in a model's answer (tolerates code fences and a sentence around it)."""
    stripped = text.strip()
    fenced = re.match(r"^```(?:json)?\s*(.*?)\s*```$", stripped, re.S)
    if fenced:
        stripped = fenced.group(1)
    try:
        return orjson.loads(stripped)
    except orjson.JSONDecodeError:
        start, end = stripped.find("{"), stripped.rfind("}")
        if start >= 0 and end > start:
            try:
                return orjson.loads(stripped[start : end + 1])
            except orjson.JSONDecodeError:
                return None
    return None
