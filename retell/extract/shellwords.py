"""The simple commands of a shell command line, as the standard library's shlex splits it (the reader
`shellfiles.py` uses): which programs it runs, and which one's exit the whole line's exit is.

A `diff` that finds differences or a `grep` that matches nothing exits 1: an answer, not a failure, when it is
the command whose exit the line reports (the last of its chain). What cannot be read for sure (an unbalanced
quote) gives nothing.
"""

from __future__ import annotations

import posixpath
import re
import shlex

from retell.extract.shellfiles import without_heredocs

_SEPARATORS = {"&&", "||", ";", "|", "&", ";;", "|&"}
# What a command line runs its program through (`sudo rm`, `time make`): passed over to find the program
WRAPPERS = frozenset({"sudo", "env", "nohup", "time", "command", "builtin", "nice", "timeout", "xargs"})


def simple_commands(command: str) -> list[list[str]]:
    """Each simple command's words, in order, those inside `( … )`, `$( … )` and `<( … )` included; the line's
    last command (`last_command`) is the last one outside them. [] when the line cannot be split."""
    return [words for words, _depth in _commands(command)]


def last_command(command: str) -> list[str]:
    """The words of the command whose exit is the line's: the last simple command at the top level (`diff` in
    `make && diff <(sort a) <(sort b)`, `head` in `grep x f | head -2`), its wrappers (`time`, `sudo`, `VAR=1`)
    passed over."""
    top = [words for words, depth in _commands(command) if depth == 0]
    return _program_words(top[-1]) if top else []


def program(words: list[str]) -> str:
    """The program a simple command's words run (`diff`, `git`), past wrappers and assignments."""
    plain = _program_words(words)
    return posixpath.basename(plain[0]) if plain else ""


def past_wrappers(words: list[str], also: frozenset[str] = frozenset()) -> list[str]:
    """A simple command's words from its program on: wrappers, their options and `VAR=value` passed over."""
    while words and (
        words[0] in WRAPPERS or words[0] in also or re.match(r"^\w+=", words[0]) or words[0].startswith("-")
    ):
        words = words[1:]
    return words


def _program_words(words: list[str]) -> list[str]:
    return past_wrappers(words, also=frozenset({"!"}))  # `! grep -q x f`: its exit negated, its program grep


def _commands(command: str) -> list[tuple[list[str], int]]:
    return [(words, depth) for words, depth, _after in _chained(command)]


def echoed(command: str) -> list[tuple[str, str]]:
    """(the text, the operator before it) of each `echo` or `printf` of literal text that runs after `||`
    (`grep -n x f || echo 'none'`), or after `&&` at the line's end (`make && echo BUILD-OK`): a line the command
    line prints itself, never the program's before it. (An `&& echo "---"` between two commands is a banner.)"""
    out: list[tuple[str, str]] = []
    chained = _chained(command)
    for number, (words, _depth, after) in enumerate(chained):
        if after not in ("||", "&&") or not words or words[0] not in ("echo", "printf"):
            continue
        if after == "&&" and number < len(chained) - 1:
            continue
        args = [w for w in words[1:] if not re.fullmatch(r"-[neE]+", w)]
        text = " ".join(args).replace("\\n", "").strip()
        # (an expansion or a format is not known before it runs; a line of dashes is a banner)
        if re.search(r"\w", text) and not re.search(r"[$`%]", text):
            out.append((text, after))
    return out


def _chained(command: str) -> list[tuple[list[str], int, str]]:
    """Each simple command's words, its depth in brackets, and the separator before it ("" for the first)."""
    text = without_heredocs(command)
    try:
        lexer = shlex.shlex(text.replace("\n", " ; "), posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        tokens = list(lexer)
    except ValueError:  # an unbalanced quote: nothing certain
        return []
    out: list[tuple[list[str], int, str]] = []
    stack: list[list[str]] = [[]]  # the words of the command being read, one per open bracket
    before: list[str] = [""]  # the separator before the command being read, one per open bracket

    def close(depth: int, separator: str = "") -> None:
        if stack[depth]:
            out.append((stack[depth], depth, before[depth]))
        stack[depth] = []
        before[depth] = separator

    for token in tokens:
        if token and set(token) <= set("<>()&|;$"):
            for part in re.findall(r"\(|\)|[^()]+", token):
                if part == "(":
                    stack.append([])
                    before.append("")
                elif part == ")":
                    if len(stack) > 1:
                        close(len(stack) - 1)
                        stack.pop()
                        before.pop()
                elif "<" in part or ">" in part or part == "$":
                    continue  # a redirection (`2>&1`, `>`) or the `<` of `<(`: no separator
                elif part in _SEPARATORS or part.strip() in _SEPARATORS:
                    close(len(stack) - 1, part.strip())
        elif token.startswith(("$(", "<(")):
            stack.append([token[2:]] if token[2:] else [])
            before.append("")
        else:
            stack[-1].append(token)
    while len(stack) > 1:
        close(len(stack) - 1)
        stack.pop()
        before.pop()
    close(0)
    return out
