"""What a session produced that a reader can follow: the commits it made, the pull requests it opened, and the
repository they belong to, read off `git` and `gh` output and Claude Code's `pr-link` records.

Only a repository whose address is known from the session (`git remote -v`, `git push`'s `To …` line, a
pull request's URL) and that is on a forge whose URL forms retell knows (GitHub, GitLab, Gitea and Forgejo,
Bitbucket) gets links; and a link is only ever `https://<host>/<path>/…` built from parts checked here, so
no session text can make it point elsewhere or run anything (render/links.py writes them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

GITHUB, GITLAB, GITEA, BITBUCKET = "github", "gitlab", "gitea", "bitbucket"
_HOST = re.compile(r"^(?=.{4,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$")
_SEGMENT = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
# git@host:owner/repo.git, ssh://git@host[:port]/owner/repo.git, https://[user@]host/owner/repo(.git)
_REMOTE = re.compile(
    r"(?:(?:https?|ssh|git)://(?:[^@/\s]+@)?(?P<host1>[A-Za-z0-9.-]+)(?::\d+)?/(?P<path1>[^\s?#]+?)|"
    r"(?:[\w.-]+@)?(?P<host2>[A-Za-z0-9.-]+):(?P<path2>[^\s/][^\s?#]*?))(?:\.git)?/?(?=$|[\s)'\"])"
)
_REMOTE_V = re.compile(r"^(?P<name>[\w.-]+)\s+(?P<url>\S+)\s+\((?:fetch|push)\)\s*$", re.M)
_PUSH_TO = re.compile(r"^To (?P<url>\S+)\s*$", re.M)
_COMMITTED = re.compile(r"^\[[^\]\s]+(?: \(root-commit\))? (?P<sha>[0-9a-f]{7,40})\]", re.M)
_PUSHED = re.compile(r"^\s+(?:[0-9a-f]{7,40}\.\.\.?)?(?P<sha>[0-9a-f]{7,40})\s+\S+\s+->\s+\S+", re.M)
_CHANGE_URL = re.compile(
    r"https://[A-Za-z0-9.-]+/[^\s)\"'<>]+?/(?:pull|pulls|-/merge_requests|pull-requests)/\d+(?![\w/])"
)
_GIT_COMMAND = re.compile(r"(?:^|[\s;&|(])(?:git|gh|glab|tea|fj)\s")


def forge_of(host: str) -> str | None:
    """The URL forms a host uses, when retell knows them: the public forges by name, a self-hosted one when its
    name says which software it runs (`gitlab.example.com`, `gitea.…`, `forgejo.…`, `codeberg.org`)."""
    if host == "github.com" or host.endswith(".ghe.com"):
        return GITHUB
    if host in ("bitbucket.org",):
        return BITBUCKET
    if host == "gitlab.com" or host.startswith("gitlab.") or ".gitlab." in host:
        return GITLAB
    if host in ("codeberg.org", "gitea.com") or host.startswith(("gitea.", "forgejo.", "git.gitea.")):
        return GITEA
    return None


@dataclass(frozen=True)
class Repository:
    """A repository on a known forge: its host and path, each checked, so its URLs are safe to publish."""

    host: str
    path: str  # owner/name (GitLab: group/subgroup/name)
    forge: str

    @classmethod
    def parse(cls, address: str) -> Repository | None:
        match = _REMOTE.fullmatch(address.strip())
        if match is None:
            return None
        host = (match.group("host1") or match.group("host2") or "").lower()
        path = (match.group("path1") or match.group("path2") or "").strip("/")
        path = path.removesuffix(".git")
        forge = forge_of(host) if _HOST.match(host) else None
        segments = path.split("/")
        if forge is None or len(segments) < 2 or not all(_SEGMENT.match(s) and s not in (".", "..") for s in segments):
            return None
        if forge != GITLAB and len(segments) != 2:
            return None
        return cls(host, path, forge)

    @property
    def home(self) -> str:
        return f"https://{self.host}/{self.path}"

    def commit_url(self, sha: str) -> str:
        part = {GITLAB: "-/commit", BITBUCKET: "commits"}.get(self.forge, "commit")
        return f"{self.home}/{part}/{sha}"

    def change_url(self, number: int) -> str:
        part = {GITHUB: "pull", GITLAB: "-/merge_requests", GITEA: "pulls", BITBUCKET: "pull-requests"}[self.forge]
        return f"{self.home}/{part}/{number}"

    @classmethod
    def of_change(cls, url: str) -> tuple[Repository, int] | None:
        """The repository and number of a pull (merge) request's URL, when it is one of a known forge's."""
        match = re.fullmatch(r"https://([^/\s]+)/(.+?)/(pull|pulls|-/merge_requests|pull-requests)/(\d+)/?", url)
        if match is None:
            return None
        repo = cls.parse(f"https://{match.group(1)}/{match.group(2)}")
        if repo is None or repo.change_url(int(match.group(4))) != url.rstrip("/"):
            return None
        return repo, int(match.group(4))


@dataclass
class LinkFacts:
    """What one session produced, collected while it is read (session.py feeds it)."""

    remotes: dict[str, str] = field(default_factory=dict)  # remote name -> address, as last seen
    pushed_to: list[str] = field(default_factory=list)
    commits: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)  # pull request URLs

    @staticmethod
    def wants(command: str | None) -> bool:
        return bool(command) and _GIT_COMMAND.search(command or "") is not None

    def read_output(self, command: str, output: str) -> None:
        """A git or forge command's output: remotes, pushes, commits made, pull requests opened."""
        for m in _REMOTE_V.finditer(output):
            self.remotes[m.group("name")] = m.group("url")
        for m in _PUSH_TO.finditer(output):
            self.pushed_to.append(m.group("url"))
        if re.search(r"\bgit\b.*\b(?:commit|cherry-pick|merge|rebase)\b", command):
            self.commits.extend(m.group("sha") for m in _COMMITTED.finditer(output))
        if re.search(r"\bgit\b.*\bpush\b", command):
            self.commits.extend(m.group("sha") for m in _PUSHED.finditer(output))
        if re.search(r"\b(?:gh|glab|tea|fj)\b.*\b(?:pr|mr|pulls?)\s+create\b", command):
            self.changes.extend(m.group(0) for m in _CHANGE_URL.finditer(output))

    def pr_link(self, url: Any) -> None:
        """Claude Code's `pr-link` record: the pull request the session is linked to."""
        if isinstance(url, str) and url.startswith("https://"):
            self.changes.append(url.strip())

    def result(self) -> dict[str, Any] | None:
        """events.json's `session.links` (None when the session produced nothing to link, or its repository is
        not known): the repository's home, its forge, the commits and the pull requests, in order."""
        repo = self._repository()
        if repo is None:
            return None
        commits = [sha for sha in dict.fromkeys(self.commits) if _SHA.match(sha)]
        changes = {}
        for url in dict.fromkeys(self.changes):
            found = Repository.of_change(url)
            if found is not None and found[0] == repo:
                changes[str(found[1])] = repo.change_url(found[1])
        if not commits and not changes:
            return None
        return {"repository": repo.home, "forge": repo.forge, "commits": commits, "changes": changes}

    def _repository(self) -> Repository | None:
        """The repository the work went to: where it was pushed, else the origin remote, else the only remote,
        else the pull requests' repository."""
        candidates = [*reversed(self.pushed_to)]
        if "origin" in self.remotes:
            candidates.append(self.remotes["origin"])
        if len(self.remotes) == 1:
            candidates.extend(self.remotes.values())
        for address in candidates:
            repo = Repository.parse(address)
            if repo is not None:
                return repo
        for url in reversed(self.changes):
            found = Repository.of_change(url)
            if found is not None:
                return found[0]
        return None


def joined_links(each: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    """Several sessions told as one: the links of those that worked on the first session's repository that
    has any, in time order (another repository's commits are not this post's to link)."""
    found = [links for links in each if links]
    if not found:
        return None
    home = found[0]["repository"]
    same = [links for links in found if links["repository"] == home]
    commits = list(dict.fromkeys(sha for links in same for sha in links["commits"]))
    changes = {number: url for links in same for number, url in links["changes"].items()}
    return {"repository": home, "forge": found[0]["forge"], "commits": commits, "changes": changes}
