"""The one exception hierarchy the CLI turns into a message and exit code 1."""

from __future__ import annotations


class RetellError(Exception):
    """An expected failure: bad input, a closed gate, a refused request. Printed as one line, exit 1."""

    exit_code = 1

    def report(self) -> str:
        """What the command line prints for it, on stderr."""
        return f"retell: error: {self}"


class InputError(RetellError):
    """A session, file or folder given on the command line cannot be used."""


class WorkdirError(RetellError):
    """The work folder is missing a stage's output, or holds files from another version."""


class GateError(RetellError):
    """The author has not cleared this step yet (triage not approved, secrets not decided)."""


class SecretLeakError(RetellError):
    """Text about to leave the machine (or be published) holds a secret the author did not clear."""


class LLMError(RetellError):
    """A model call failed in a way retries cannot fix."""


class ValidationError(RetellError):
    """A hand-edited file has problems; all of them are listed, each with file:line."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        noun = "problem" if len(problems) == 1 else "problems"
        super().__init__(f"{path}: {len(problems)} {noun}:\n" + "\n".join(f"  {p}" for p in problems))
