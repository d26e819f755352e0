"""Builders for `retell render` and `retell run` tests: one session with real images and a fake secret, a
prepared work folder (parsed, triaged, approved, outlined and drafted offline), and readers for the output.

Not a conftest.py on purpose: the root conftest is imported by name (`from conftest import ...`) and a second
conftest.py would shadow it. Each test module isolates itself with `isolate()` in an autouse fixture.

The session (see `write_session`):
  1. the author pastes a 3000x400 PNG (with a tEXt chunk naming the author)      -> `Session.wide`
  2. Claude reads and edits a CSS file
  3. the author pastes a GitHub token (`"ghp_" + 36 random characters`, made per test run)
  4. the author pastes a 64x48 JPEG whose EXIF names a camera and an artist and says "rotate 90° CW"
                                                                                   -> `Session.photo`
  5. a Playwright screenshot (300x200 PNG) inside a tool_result                    -> `Session.small`
  6. Claude's closing words
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import secrets
import shutil
import string
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript, image_block, make_png, text_block, usage
from typer.testing import CliRunner, Result

from retell.cli import app

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
REPO_ROOT = HERE.parents[1]
MODELS_YAML = REPO_ROOT / "retell" / "data" / "models.yaml"
UPDATE_GOLDEN = os.environ.get("RETELL_UPDATE_GOLDEN") == "1"

EXIF_MAKE = "RetellTestCam"
EXIF_ARTIST = "Sam Example-Author"
PNG_TEXT = "pasted-by-sam-example"
TARGETS = ("hugo", "jekyll", "astro", "plain")
TITLE = "Fixing the sidebar that covers the header"  # the first sentence of the first message, as what happened
SLUG = "fixing-the-sidebar-that-covers-the-header-5e5510"  # + the session id
PROGRESS = re.compile(r"^(?P<stage>parse|triage|outline|draft|render)\s+(?P<seconds>\d+\.\d\d) s\s+(?P<note>.*)$")


def fake_token() -> str:
    """A string shaped like a GitHub token, made at run time so no token-like literal is in the repository."""
    alphabet = string.ascii_letters + string.digits
    return "ghp_" + "".join(secrets.choice(alphabet) for _ in range(36))


def asset_name(data: bytes, ext: str) -> str:
    return f"{hashlib.sha256(data).hexdigest()[:16]}.{ext}"


# -- images ------------------------------------------------------------------------------------------


def png_with_text(size: tuple[int, int], color: tuple[int, int, int]) -> bytes:
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    meta = PngInfo()
    meta.add_text("Author", PNG_TEXT)
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "PNG", pnginfo=meta)
    return buf.getvalue()


def jpeg_with_exif(size: tuple[int, int] = (64, 48), orientation: int = 6) -> bytes:
    """A JPEG whose EXIF names a camera and a person, and asks viewers to rotate it (6: 90° clockwise)."""
    from PIL import Image

    picture = Image.new("RGB", size, (10, 120, 200))
    # a marker in the top-left corner, so a rotation is visible in the pixels too
    for x in range(8):
        for y in range(8):
            picture.putpixel((x, y), (255, 255, 0))
    exif = Image.Exif()
    exif[0x010F] = EXIF_MAKE  # Make
    exif[0x0110] = "Model 7"  # Model
    exif[0x013B] = EXIF_ARTIST  # Artist
    exif[0x0112] = orientation  # Orientation
    buf = io.BytesIO()
    picture.save(buf, "JPEG", exif=exif.tobytes(), quality=90)
    return buf.getvalue()


def open_image(data: bytes) -> Any:
    from PIL import Image

    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


# -- the session -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Session:
    path: Path
    secret: str
    wide: str  # asset names in WORKDIR/assets
    photo: str
    small: str
    records: list[dict[str, Any]] = field(repr=False)

    @property
    def images(self) -> tuple[str, str, str]:
        """In the order they occur in the session (and in the post)."""
        return (self.wide, self.photo, self.small)


def write_session(folder: Path, secret: str | None = None) -> Session:
    secret = secret or fake_token()
    wide = png_with_text((3000, 400), (200, 30, 30))
    photo = jpeg_with_exif()
    small = make_png((300, 200), (0, 0, 255))
    tx = Transcript()
    tx.user([text_block("Fix the sidebar that covers the header. It happens on the settings page."), image_block(wide)])
    tx.assistant(
        "Found it: the sidebar is positioned absolutely, so the header never pushes it down.",
        usage_=usage(output_tokens=20_000, input_tokens=100_000, cache_read=1_000_000, cache_write=200_000),
    )
    tx.tool_call("Read", {"file_path": "/srv/demo/proj/app/styles.css"}, ".sidebar { position: absolute }")
    tx.tool_call(
        "Edit",
        {"file_path": "/srv/demo/proj/app/styles.css", "old_string": "absolute", "new_string": "sticky"},
        "The file has been updated.",
    )
    tx.user(f"Use my token {secret} to push the branch when the layout is fixed.")
    tx.assistant("I will push the branch once the layout is right and the tests pass.")
    tx.user([text_block("It still looks off on my phone, see the photo."), image_block(photo, "image/jpeg")])
    tx.assistant("The phone layout needs the same change in the mobile stylesheet, which I made now.")
    tx.user("Take a screenshot of the settings page so we can compare.")
    tx.tool_call(
        "mcp__playwright__browser_take_screenshot",
        {"fullPage": False},
        [text_block("Took the screenshot"), image_block(small)],
    )
    tx.assistant("The header no longer overlaps the sidebar. Everything lines up on both layouts now.")
    path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    return Session(
        path,
        secret,
        asset_name(wide, "png"),
        asset_name(photo, "jpg"),
        asset_name(small, "png"),
        tx.records,
    )


# -- environment -------------------------------------------------------------------------------------


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No API key, no `claude` on PATH (only python), a private config dir, cache and Claude folder."""
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("RETELL_MODEL", raising=False)
    monkeypatch.delenv("RETELL_CLAUDE", raising=False)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    if not (bin_dir / "python").exists():
        (bin_dir / "python").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    assert shutil.which("claude") is None


def retell(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return result


# -- work folders ------------------------------------------------------------------------------------


def prepare(session: Session, workdir: Path, *, approve: bool = True, draft: bool = True) -> Path:
    """parse -> triage (-> approve -> outline -> draft), offline, through the stage functions."""
    from retell.claude.locate import resolve_session
    from retell.parse import ParseOptions, parse_to_workdir
    from retell.triage.stage import run_triage
    from retell.write.context import StageOptions
    from retell.write.draft import run_draft
    from retell.write.outline import run_outline

    parse_to_workdir(resolve_session(str(session.path)), workdir, ParseOptions())
    run_triage(workdir, approve=approve)
    if approve and draft:
        run_outline(workdir, StageOptions(engine="offline"))
        run_draft(workdir, StageOptions(engine="offline"))
    return workdir


_BASE: dict[str, tuple[Session, Path]] = {}


def base_workdir(factory: pytest.TempPathFactory) -> tuple[Session, Path]:
    """One drafted work folder per test run; tests copy it (building it takes longer than copying)."""
    if "base" not in _BASE:
        root = factory.mktemp("base")
        session = write_session(root)
        _BASE["base"] = (session, prepare(session, root / "work"))
    return _BASE["base"]


@dataclass
class Work:
    session: Session
    path: Path  # WORKDIR
    tmp: Path

    @property
    def out(self) -> Path:
        return self.tmp / "site"

    def render(self, *args: str | Path) -> Result:
        return retell("render", self.path, *args)

    def render_ok(self, *args: str | Path) -> Result:
        return ok(self.render(*args))

    # triage.yaml, edited as an author would (comments and order kept)
    def edit_triage(self, change: Callable[[Any], None]) -> None:
        from ruamel.yaml import YAML

        rt = YAML()
        path = self.path / "triage.yaml"
        doc = rt.load(path.read_text(encoding="utf-8"))
        change(doc)
        buf = io.StringIO()
        rt.dump(doc, buf)
        path.write_text(buf.getvalue(), encoding="utf-8")

    def set_post(self, **fields: Any) -> None:
        def change(doc: Any) -> None:
            for key, value in fields.items():
                doc["post"][key] = value

        self.edit_triage(change)

    def set_image(self, asset: str, **fields: Any) -> None:
        def change(doc: Any) -> None:
            entry = next(e for e in doc["images"] if e["file"] == asset)
            for key, value in fields.items():
                entry[key] = value

        self.edit_triage(change)

    def set_secrets(self, **fields: Any) -> None:
        def change(doc: Any) -> None:
            for entry in doc["secrets"]:
                for key, value in fields.items():
                    entry[key] = value

        self.edit_triage(change)

    # draft.md
    @property
    def draft(self) -> str:
        return (self.path / "draft.md").read_text(encoding="utf-8")

    def write_draft(self, text: str) -> None:
        (self.path / "draft.md").write_text(text, encoding="utf-8")

    def append_to_draft(self, text: str) -> None:
        self.write_draft(self.draft.rstrip("\n") + "\n\n" + text + "\n")

    def asset(self, name: str) -> Path:
        return self.path / "assets" / name


def fresh_work(factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    session, base = base_workdir(factory)
    target = tmp_path / "work"
    shutil.copytree(base, target)
    return Work(session, target, tmp_path)


# -- reading the output ------------------------------------------------------------------------------


def split_page(text: str) -> tuple[dict[str, Any], str]:
    """(front matter parsed as YAML, body) of a rendered post."""
    assert text.startswith("---\n"), text[:80]
    end = text.index("\n---\n", 4)
    meta = yaml.safe_load(text[4:end])
    assert isinstance(meta, dict), meta
    return meta, text[end + 5 :]


def image_links(body: str) -> list[tuple[str, str, str | None]]:
    """(alt, src, title) of every image in `body`, as a CommonMark renderer reads them (escapes resolved)."""
    from markdown_it import MarkdownIt

    found = []
    for block in MarkdownIt("commonmark").enable("table").parse(body):
        for token in block.children or []:
            if token.type == "image":
                title = token.attrGet("title")
                alt = "".join(child.content for child in token.children or [])
                found.append((alt, str(token.attrGet("src")), str(title) if title is not None else None))
    return found


def files_under(root: Path) -> list[str]:
    """Every file below `root`, as sorted relative POSIX paths."""
    if not root.exists():
        return []
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() or p.is_symlink())


def snapshot(root: Path) -> dict[str, bytes]:
    return {name: (root / name).read_bytes() for name in files_under(root)}


def leftovers_beside(root: Path) -> list[str]:
    """Staging folders a failed write could leave next to the output root."""
    parent = root.parent
    return sorted(p.name for p in parent.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp"))


def is_offset_datetime(value: Any) -> bool:
    """An ISO 8601 moment with an explicit UTC offset (YAML may give a datetime or a string)."""
    if isinstance(value, datetime):
        return value.tzinfo is not None
    if isinstance(value, str) and re.search(r"(?:[+-]\d\d:\d\d|Z)$", value):
        return datetime.fromisoformat(value.replace("Z", "+00:00")).tzinfo is not None
    return False


def expected_stats(records: list[dict[str, Any]]) -> tuple[int, float]:
    """(tokens, USD) of the session's assistant messages, priced from retell/data/models.yaml directly."""
    table = yaml.safe_load(MODELS_YAML.read_text(encoding="utf-8"))
    multipliers = table["cache_multipliers"]
    tokens = 0
    cost = 0.0
    for record in records:
        if record.get("type") != "assistant":
            continue
        message = record["message"]
        used = message["usage"]
        known = {**table["models"], **table.get("retired", {})}  # a past session may be on a retired model
        model = max((m for m in known if message["model"].startswith(m)), key=len)
        price = known[model]
        tokens += (
            used["input_tokens"]
            + used["output_tokens"]
            + used["cache_read_input_tokens"]
            + used["cache_creation_input_tokens"]
        )
        cost += (
            used["input_tokens"] * price["input"]
            + used["output_tokens"] * price["output"]
            + used["cache_creation_input_tokens"] * price["input"] * multipliers["write_5m"]
            + used["cache_read_input_tokens"] * price["input"] * multipliers["read"]
        ) / 1_000_000
    return tokens, cost


def check_golden(name: str, actual: str) -> None:
    """Compare with tests/render/golden/<name>; RETELL_UPDATE_GOLDEN=1 rewrites the file instead."""
    path = GOLDEN / name
    if UPDATE_GOLDEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert path.exists(), f"{path} is missing: run with RETELL_UPDATE_GOLDEN=1 to write it, then review the diff"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{name} differs from the golden file (RETELL_UPDATE_GOLDEN=1 rewrites it)"
