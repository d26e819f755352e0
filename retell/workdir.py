"""The work folder: the interface between stages. One place knows its file names and versions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell import jsonio
from retell.errors import WorkdirError

EVENTS = "events.json"
MANIFEST = "manifest.json"
ASSETS = "assets"
TRIAGE = "triage.yaml"
OUTLINE = "outline.yaml"
DRAFT = "draft.md"
LLM_LOG = "llm"
CONTACT_SHEET = "contact-sheet.png"
PREVIEW = "preview"
REVISIONS = "revisions"
LANGUAGE = "language.json"  # the language triage proposed, keyed to the author's messages (not re-judged)

_ASSET_NAME = re.compile(r"^[0-9a-f]{16}\.(png|jpg|gif|webp)$")


@dataclass(frozen=True)
class Workdir:
    path: Path

    @property
    def events(self) -> Path:
        return self.path / EVENTS

    @property
    def manifest(self) -> Path:
        return self.path / MANIFEST

    @property
    def assets(self) -> Path:
        return self.path / ASSETS

    @property
    def triage(self) -> Path:
        return self.path / TRIAGE

    @property
    def outline(self) -> Path:
        return self.path / OUTLINE

    @property
    def draft(self) -> Path:
        return self.path / DRAFT

    @property
    def llm(self) -> Path:
        return self.path / LLM_LOG

    @property
    def contact_sheet(self) -> Path:
        return self.path / CONTACT_SHEET

    @property
    def preview(self) -> Path:
        return self.path / PREVIEW

    @property
    def revisions(self) -> Path:
        return self.path / REVISIONS

    @property
    def language(self) -> Path:
        return self.path / LANGUAGE

    def require(self, *names: str, hint: str = "") -> None:
        """Fail with a message that says which stage to run, when an input file is missing."""
        if not self.path.exists():
            raise WorkdirError(f"{self.path}: no such work folder{hint_suffix(hint)}")
        if not self.path.is_dir():
            raise WorkdirError(f"{self.path} is not a folder")
        for name in names:
            if not (self.path / name).exists():
                raise WorkdirError(f"{self.path / name} is missing{hint_suffix(hint)}")

    def load_json(self, name: str, expected_version: int) -> dict[str, Any]:
        data = jsonio.load(self.path / name)
        if not isinstance(data, dict):
            raise WorkdirError(f"{self.path / name} is not a retell {name}; re-run `retell parse`")
        version = data.get("schema_version")
        if not isinstance(version, int):
            raise WorkdirError(f"{self.path / name} has no schema_version; re-run `retell parse`")
        if version > expected_version:
            raise WorkdirError(
                f"{self.path / name} was written by a newer retell (schema {version}, this one reads "
                f"{expected_version}); upgrade retell"
            )
        if version < expected_version:
            raise WorkdirError(f"{self.path / name} is from an older retell (schema {version}); re-run `retell parse`")
        return data


def hint_suffix(hint: str) -> str:
    return f" ({hint})" if hint else ""


def commit_parse_output(staging: Path, target: Path) -> None:
    """Move a finished parse (events.json, manifest.json, assets/) from `staging` into `target`.

    A new work folder appears in one rename. In an existing one (the author may have triage.yaml and a
    draft there) new assets are added first, then events.json and manifest.json are replaced atomically;
    the manifest records events.json's hash, so readers can tell if a crash left the two out of step.
    """
    if not target.exists():
        staging.replace(target)
        return
    if not target.is_dir():
        raise WorkdirError(f"{target} exists and is not a folder")
    new_assets = staging / ASSETS
    target_assets = target / ASSETS
    target_assets.mkdir(exist_ok=True)
    keep: set[str] = set()
    if new_assets.is_dir():
        for asset in sorted(new_assets.iterdir()):
            keep.add(asset.name)
            dest = target_assets / asset.name
            if not dest.exists():
                asset.replace(dest)  # (moved: the staging folder is beside the target, on its file system)
    for old in target_assets.iterdir():
        if _ASSET_NAME.match(old.name) and old.name not in keep:
            old.unlink()  # only files retell named; anything the author put there stays
    for name in (EVENTS, MANIFEST):
        (staging / name).replace(target / name)  # same folder tree, so an atomic rename
