"""The files a shell command changes, as far as its words say: `git mv`, `mv`, `rm`, `cp`, `sed -i`, `touch`,
`tee` and output redirections (`cat > notes.md <<EOF`).

A session that renames files with `git mv` or writes them with a heredoc changed them as surely as one that
used Edit; the post's "Files changed" must count them. The command is split with the standard library's
shlex (quotes, `&&`, `;`, `|`); what cannot be read for sure (a variable, a glob, a command substitution, an
unbalanced quote) is left out rather than guessed.
"""

from __future__ import annotations

import posixpath
import re
import shlex

# A heredoc's body is data, not words of the command: `<<'EOF'` … a line `EOF`.
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][\w-]*)\1[^\n]*\n.*?\n\s*\2\s*(?:\n|$)", re.S)
_SEPARATORS = {"&&", "||", ";", "|", "&", "(", ")", ";;", "|&"}
_REDIRECT = {">", ">>", ">|", "&>", "&>>"}
_READS = {"<", "<<<", "<&", ">&", "<>"}  # their next word is no file this command changes
_NOT_FILES = ("/dev/", "/proc/", "/tmp/", "/var/tmp/", "/private/tmp/")  # scratch, not the project
_UNSURE = re.compile(r"[$*?`{}\[\]]")
# The commands `_simple_command` reads a change from (`git mv`/`git rm` through their `mv`/`rm`).
_CHANGERS = ("mv", "rm", "cp", "touch", "tee", "sed", "perl")


def files_changed_by(command: str) -> list[str]:
    """The paths `command` moves, removes, copies onto, edits in place or writes, in the order named."""
    text = without_heredocs(command)
    if _changes_nothing(text):
        return []
    out: list[str] = []
    where = _Folder()
    for line in _command_lines(text):
        try:
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            lexer.commenters = "#"
            tokens = list(lexer)
        except ValueError:  # an unbalanced quote: nothing certain on this line
            continue
        words: list[str] = []
        for index, token in enumerate(tokens):
            if token in _SEPARATORS:
                out.extend(where.run(words))
                words = []
            elif token in _REDIRECT:
                target = tokens[index + 1] if index + 1 < len(tokens) else ""
                if target and not target.startswith("&"):
                    out.extend(where.resolve([target]))
                words.append("\0")  # the redirection's target is no operand of the command
            elif token in _READS:
                words.append("\0")
            elif words and words[-1] == "\0":
                words[-1] = "\1"  # consumed by the redirection above
            else:
                words.append(token)
        out.extend(where.run(words))
    seen: dict[str, None] = {}
    for path in out:
        if path.strip() and not _UNSURE.search(path) and not path.startswith(_NOT_FILES) and path not in ("-", "."):
            seen.setdefault(path.rstrip("/"), None)
    return [p for p in seen if p]


def without_heredocs(command: str) -> str:
    """A command line without its here-documents' bodies (text fed to a command, no command of its own), and a
    line continued with a backslash joined to the next: what a shell splits into words."""
    return _HEREDOC.sub("\n", command).replace("\\\n", " ")


def _changes_nothing(text: str) -> bool:
    """Whether `text` surely changes no file, from its characters alone (most commands: `pytest -q`, `ls`),
    without splitting it into words: a change needs a redirection's `>` or a changing command's name, and
    without quotes or backslashes every word shlex finds is a piece of the text as written."""
    return ">" not in text and not any(c in text for c in "'\"\\") and not any(n in text for n in _CHANGERS)


def _command_lines(text: str) -> list[str]:
    """The command's lines, split only at newlines outside quotes (a commit message may run over several)."""
    lines: list[str] = []
    current: list[str] = []
    quote, escaped = "", False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "\n":
            lines.append("".join(current))
            current = []
            continue
        current.append(char)
    lines.append("".join(current))
    return lines


class _Folder:
    """Where the command's words are, after its own `cd`s: `cd ../site && git rm a.html` removes ../site/a.html,
    not a file of the folder the session ran in. After a `cd` that cannot be read for sure (`cd -`, `cd $X`,
    a bare `cd`), relative paths are left out rather than guessed."""

    def __init__(self) -> None:
        self.path: str | None = ""  # "" = the session's folder; None = unknown

    def run(self, words: list[str]) -> list[str]:
        plain = [w for w in words if w not in ("\0", "\1")]
        if plain and plain[0] in ("cd", "pushd"):
            operands = [w for w in plain[1:] if not w.startswith("-") or w == "-"]
            target = operands[0] if operands else None
            if target is None or target == "-" or _UNSURE.search(target):
                self.path = None
            elif target.startswith(("/", "~")) or self.path is None:
                self.path = target if target.startswith(("/", "~")) else None
            else:
                self.path = posixpath.join(self.path, target) if self.path else target
            return []
        return self.resolve(_simple_command(words))

    def resolve(self, paths: list[str]) -> list[str]:
        if self.path == "":
            return paths
        absolute = [p for p in paths if p.startswith(("/", "~"))]
        if self.path is None:
            return absolute
        return [p if p.startswith(("/", "~")) else posixpath.normpath(posixpath.join(self.path, p)) for p in paths]


def _simple_command(words: list[str]) -> list[str]:
    words = [w for w in words if w not in ("\0", "\1")]
    while words and (("=" in words[0] and not words[0].startswith("-")) or words[0] in ("sudo", "command")):
        words = words[1:]  # `LC_ALL=C sed …`, `sudo rm …`
    if not words:
        return []
    base = ""
    tracked = words[0] == "git"  # `git rm -r docs/old`: tracked files of the work, gone
    if tracked:
        words, base = _git(words[1:])
        if not words or words[0] not in ("mv", "rm"):
            return []
    name, args = posixpath.basename(words[0]), words[1:]
    operands = [a for a in args if not a.startswith("-") and not a.isdigit()]  # `2>&1` leaves a bare 2
    if name == "mv" and len(operands) >= 2:
        paths = operands[:-1]  # a file moved is one file changed
    elif name == "rm" and (
        tracked or not any(a.startswith("-") and "r" in a.lower() and not a.startswith("--") for a in args)
    ):
        paths = operands  # `rm -rf build` clears a folder of artefacts: no file of the work
    elif name == "cp" and len(operands) >= 2:
        target = operands[-1]
        into = len(operands) > 2 or target.endswith("/")
        paths = [target] if not into else [posixpath.join(target, posixpath.basename(s)) for s in operands[:-1]]
    elif name in ("touch", "tee"):
        paths = operands
    elif name == "sed" and any(a == "-i" or a.startswith(("-i", "--in-place")) for a in args):
        scripted = any(a in ("-e", "-f", "--expression", "--file") for a in args)
        paths = operands if scripted else operands[1:]
        if scripted:  # the script after -e/-f is no file
            paths = [a for i, a in enumerate(args) if not a.startswith("-") and args[i - 1] not in ("-e", "-f")]
    elif name == "perl" and any(a.startswith("-") and "i" in a for a in args) and "-e" in args:
        after = args.index("-e") + 2
        paths = [a for a in args[after:] if not a.startswith("-")]
    else:
        return []
    return [posixpath.join(base, p) if base and not p.startswith(("/", "~")) else p for p in paths]


def _git(args: list[str]) -> tuple[list[str], str]:
    """`git -C dir mv a b` -> (["mv", "a", "b"], "dir"): the subcommand and the folder it runs in."""
    base = ""
    while args and args[0].startswith("-"):
        if args[0] == "-C" and len(args) > 1:
            base = posixpath.join(base, args[1]) if base else args[1]
            args = args[2:]
        elif args[0] in ("-c", "--git-dir", "--work-tree") and len(args) > 1:
            args = args[2:]
        else:
            args = args[1:]
    return args, base
