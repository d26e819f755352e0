"""What a changed file or a command line was, in words a reader follows: `test_cache.py` is "the cache tests",
`EngineController.kt` "the engine controller", `pytest -q` "running the tests". A heading names the work by
its role; "Changing converter.py, renderer.py and 2 more files" is an inventory, not a heading."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.extract.tools import is_test_command, program_of

# Short names a reader knows in capitals ("the TUI", "the CLI").
_ACRONYMS = frozenset(
    re.findall(
        r"\S+",
        """
        tui cli api ui ux db sql html css js ts json yaml toml xml csv url http https ssh ci cd io os sdk
        jwt oauth mcp llm ai gpu cpu pdf svg
        """,
    )
)
# Files known by their own name, said as what they are.
_KNOWN = {
    "readme": "the README",
    "changelog": "the changelog",
    "license": "the licence",
    "contributing": "the contributing guide",
    "claude.md": "the CLAUDE.md instructions",  # what Claude Code reads first in every session
    "agents.md": "the AGENTS.md instructions",
    "pyproject.toml": "the project settings",
    "setup.py": "the package setup",
    "setup.cfg": "the package setup",
    "package.json": "the package manifest",
    "package-lock.json": "the lock file",
    "uv.lock": "the lock file",
    "poetry.lock": "the lock file",
    "cargo.toml": "the crate manifest",
    "go.mod": "the module file",
    "tsconfig.json": "the TypeScript settings",
    "dockerfile": "the Dockerfile",
    "docker-compose.yml": "the Compose file",
    "docker-compose.yaml": "the Compose file",
    "makefile": "the Makefile",
    ".gitignore": "the ignore list",
    ".env": "the environment file",
    "__init__.py": "the package's init",
    "conftest.py": "the test fixtures",
    "requirements.txt": "the requirements",
    "index.html": "the index page",
}
_CODE = frozenset(
    re.findall(
        r"\S+",
        """
        py pyi js mjs cjs ts tsx jsx go rs java kt kts swift c h cc cpp hpp cs rb php lua sh bash zsh ps1
        scala ex exs erl clj dart vue svelte r jl ml hs zig nim
        """,
    )
)
_STYLE = frozenset({"css", "scss", "sass", "less"})
_TEMPLATE = frozenset({"html", "htm", "j2", "jinja", "jinja2", "hbs", "mustache", "njk", "liquid", "ejs"})
_DOC = frozenset({"md", "mdx", "rst", "txt", "adoc"})
_SETTINGS = frozenset({"json", "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "properties", "xml", "lock"})
_TEST_NAME = re.compile(r"(?i)^tests?[_-](.+)$|^(.+?)[_.-](?:tests?|spec)$|^(.+?)(?:Tests?|Spec)$")


# A database migration's file ("20251112011322_add_index_on_orders.rb"): a timestamp, then what it does
MIGRATION = re.compile(r"^(?:\d{8,}|\d{4}_\d{2}_\d{2}(?:_\d+)?)_\w+\.(?:rb|py|sql|ts|js|php|go|exs)$")


# Stems that name no role: a file so called is known by its name
_GENERIC_STEMS = frozenset({"main", "index", "mod", "lib", "util", "utils", "helpers", "common", "core", "__init__"})


def file_role(path: str) -> str:
    """A changed file in words: "the cache tests" (test_cache.py), "the converter" (converter.py), "the
    timeline styles" (timeline_styles.css), "the markdownlint settings" (.markdownlintrc.json), "the CI
    workflow" (.github/workflows/ci.yml); the file's name when it says nothing else."""
    parts = [p for p in re.split(r"[\\/]", path.rstrip("/\\")) if p]
    name = parts[-1] if parts else path
    folders = [p.lower() for p in parts[:-1]]
    lower = name.lower()
    if ".github" in folders and "workflows" in folders:
        return "the CI workflow"
    if lower in _KNOWN:
        return _KNOWN[lower]
    stem, _, ext = name.rpartition(".") if "." in name.lstrip(".") else (name, "", "")
    ext = ext.lower()
    if stem.lower() in ("readme", "changelog", "license", "contributing"):
        return _KNOWN[stem.lower()]
    if lower.startswith(".") and ("rc" in lower or ext in _SETTINGS):  # .markdownlintrc.json, .eslintrc
        tool = re.sub(r"rc$", "", stem.lstrip(".").split(".")[0])
        return f"the {tool} settings" if tool else name
    requirements = re.match(r"(?i)^requirements[-_.](\w+)$", stem)
    if requirements and ext in ("txt", "in"):  # requirements-dev.txt: "the dev requirements"
        return f"the {requirements.group(1).lower()} requirements"
    test = _TEST_NAME.match(stem)
    if test and (ext in _CODE or not ext):
        return f"the {_words(next(g for g in test.groups() if g))} tests"
    words = _words(stem)
    if not words or re.search(r"\d[^\w\s]+\d", stem):
        return name  # (a version in the name, "UPGRADING-3.0.md": in words its figures fall apart, "UPGRADING 3 0")
    if MIGRATION.match(name):
        return "the migration"
    if ext in _CODE and (re.search(r"\d", stem) or stem.lower() in _GENERIC_STEMS):
        return name  # "main.py", "s3.go": "the main", "the s 3" say nothing a reader can place
    if ext in _STYLE:
        subject = re.sub(r" ?(?:styles?|stylesheet)$", "", words)  # styles.css: "the styles", not "the styles styles"
        return f"the {subject} styles" if subject else "the styles"
    if ext in _TEMPLATE:
        kind = "template" if "templates" in folders or (ext != "html" and ext != "htm") else "page"
        return f"the {words} {kind}"
    if ext in _DOC:
        # a document of several words is said as them ("investigation-findings.md": the investigation findings);
        # one word is known by its name ("ARCHITECTURE.md", "notes.md")
        return f"the {words}" if len(words.split()) > 1 else name
    if ext in _SETTINGS:
        return f"the {words} settings"
    if ext in _CODE and ("-" in stem or ext in ("sh", "bash", "zsh", "ps1")):  # hello.sh: "the hello script"
        return f"the {stem} script"  # extract-coderabbit-feedback.py: a command's name, said as it is typed
    if ext in _CODE or not ext:
        if re.match(r"^[a-z]+[A-Z]\w*$", stem):  # useOrdersQuery.ts: a function's name, not "the use orders query"
            return stem
        if words.split()[0].lower() in _ACTIONS or words.split()[0].lower().endswith("ing"):
            return name  # prune.go, export_daily.py, posting.py: "the prune", "the export daily" read as garble
        return f"the {words}"
    return name


# The first word of a script named for what it does ("prune.go", "export_daily.py", "train.py"): a verb, not a
# thing a reader can place after "the"
_ACTIONS = frozenset(
    re.findall(
        r"\w+",
        """
        prune train export import build deploy sync fetch migrate backup backfill clean run send load parse
        post seed scrape crawl convert generate render publish upload download notify refresh rotate archive
        compress encode decode dump restore split merge validate check lint format bump release install setup
        """,
    )
)


def _words(stem: str) -> str:
    """An identifier as words: "EngineController" -> "engine controller", "tui_expansion" -> "TUI expansion"."""
    pieces = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", stem)
    out = []
    for piece in pieces:
        if piece.lower() in _ACRONYMS:
            out.append(piece.upper())
        elif piece.isupper() and len(piece) > 1:
            out.append(piece)  # "JSTorrent": a name in capitals stays so
        else:
            out.append(piece.lower())
    return " ".join(out)


def files_in_words(paths: Sequence[str]) -> str:
    """What a stretch changed, most changed first, by role: "the cache tests", "the converter and the
    renderer", "the converter, the renderer and the index template"; past three, the first two and "the rest
    of the <area>" or "more". Files with one stem ("tokenizer.js", "tokenizer.css") are one thing."""
    roles = [_grouped(p, paths) for p in paths]
    order = sorted(dict.fromkeys(roles), key=lambda r: (-roles.count(r), roles.index(r)))
    if len(order) > 3 and all(r.endswith(" tests") for r in order):
        return "the tests"
    tests = [r for r in order if r.endswith(" tests")]
    if len(order) == 3 and len(tests) == 1:  # "the engine controller and the application, and their tests"
        return _join([r for r in order if r not in tests]) + ", and their tests"
    if len(order) <= 3:
        return _join(order)
    return f"{order[0]}, {order[1]} and more"


def _grouped(path: str, paths: Sequence[str]) -> str:
    """A file's role, or its stem's when another changed file shares the stem (a script and its styles)."""
    name = re.split(r"[\\/]", path.rstrip("/\\"))[-1]
    stem = name.split(".")[0]
    twins = {re.split(r"[\\/]", p.rstrip("/\\"))[-1] for p in paths if re.split(r"[\\/]", p)[-1].split(".")[0] == stem}
    if len(twins) > 1 and stem and not _TEST_NAME.match(stem) and stem.lower() not in ("index", "readme"):
        return f"the {_words(stem)}"
    return file_role(path)


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# What a program on the command line was for, said as the work it did.
_PROGRAM_WORK = {
    "looking around the project": "ls find tree cat head tail wc pwd grep rg fd stat file du less more",
    "running the type checker": "mypy pyright ty tsc pyre",
    "running the linters": "ruff flake8 pylint eslint prettier black isort markdownlint shellcheck golangci-lint",
    "installing the dependencies": "pip pip3 poetry pnpm yarn brew apt apt-get pipx",
    "setting up the environment": "conda mamba virtualenv pyenv nvm source activate",
    "building the project": "make gradle gradlew mvn cmake ninja bazel",
    "working with Docker": "docker docker-compose podman",
    "working with Kubernetes": "kubectl helm",
    "calling the service": "curl wget http httpie",
    "working with GitHub": "gh",
    "trying the claude command": "claude",
}  # fmt: skip
_WORK_OF = {program: work for work, programs in _PROGRAM_WORK.items() for program in programs.split()}
_GIT_WORK = [
    (r"\bgit\s+(?:-C\s+\S+\s+)?merge\b", "merging the branches"),
    (r"\bgit\s+(?:-C\s+\S+\s+)?push\b", "pushing the changes"),
    (r"\bgit\s+(?:-C\s+\S+\s+)?commit\b", "committing the work"),
    (r"\bgit\s+(?:-C\s+\S+\s+)?rebase\b", "rebasing the branch"),
    (r"\bgit\s+(?:-C\s+\S+\s+)?cherry-pick\b", "cherry-picking a commit"),  # brought back, not rebased
    (
        r"\bgit\s+(?:-C\s+\S+\s+)?config\s+(?:--global\s+|--local\s+)?(?!--get|--list|-l\b)\S+\s+\S",
        "changing the git config",
    ),
    (r"\bgit\s+(?:-C\s+\S+\s+)?(?:checkout|switch|worktree add)\b", "working on branches"),
]


_LOOKING = frozenset({"looking around the project", "reading the git history"})


def command_work(command: str) -> str | None:
    """What one command line did, as work: "running the tests", "merging the branches", "looking around the
    project"; None when its program is a shell keyword, an assignment or unknown."""
    if is_test_command(command):
        return "running the tests"
    program = program_of(command)
    if program is None:
        return None
    if re.search(r"\b(?:gh pr create|glab mr create)\b", command):
        return "opening a pull request"  # (after the commit and the push it needs: the step it came to)
    if program == "git":
        return next((work for pattern, work in _GIT_WORK if re.search(pattern, command)), "reading the git history")
    if program in ("npm", "uv", "cargo", "go", "bun", "deno") and re.search(r"\b(?:install|add|sync)\b", command):
        return "installing the dependencies"
    if program in ("npm", "cargo", "go", "bun") and re.search(r"\bbuild\b", command):
        return "building the project"
    if program == "uv" and (run := re.search(r"\buv run\s+(\S+)", command)):
        return _WORK_OF.get(run.group(1))
    runner = re.search(r"(?:^|[;&|]\s*)(?:npx|bunx|uvx|pnpm dlx)\s+(?:-\S+\s+)*([a-z][\w.-]*)", command)
    if runner:  # "npx playwright screenshot …": the tool it ran
        return "running " + runner.group(1)
    if program in ("python", "python3", "node", "ruby", "bash", "sh", "uv", "npx", "deno", "bun"):
        # the script by its name when the line runs one ("bash …/export-session.sh ." -> "running export-session.sh")
        script = re.search(
            r"(?:^|[;&|]\s*)(?:\S*/)?" + re.escape(program) + r"\s+(?:-\w+\s+)*(\S+\.(?:py|js|mjs|ts|rb|sh))\b", command
        )
        if not script:
            return "running scripts"
        return "running " + re.split(r"[\\/]", script.group(1))[-1]
    return _WORK_OF.get(program)


def commands_in_words(commands: Sequence[str]) -> str:
    """What a stretch's command lines were for, the most frequent first, at most two: "Running the tests and
    the type checker", "Merging the branches"; "" when none says (only keywords, assignments, unknowns)."""
    works = [w for c in commands if (w := command_work(c))]
    # what changed something (a merge, a push) before what only looked (the log, the folder), then by count
    order = sorted(dict.fromkeys(works), key=lambda w: (w in _LOOKING, -works.count(w), works.index(w)))[:2]
    if not order:
        return ""
    if len(order) == 2:
        first, second = order
        verb, _, rest = second.partition(" ")
        joined = f"{first} and {rest}" if first.split(" ", 1)[0] == verb else f"{first} and {second}"
    else:
        joined = order[0]
    return joined[:1].upper() + joined[1:]
