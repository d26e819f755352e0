"""Jinja2 templates the user can override: prompts (prompts/) and output templates (templates/).

Search path: an explicit directory (--prompts-dir / --templates-dir), then ~/.config/retell/<kind>/,
then the files shipped with retell (inside the wheel at retell/_data/<kind>/, or the repository's
top-level <kind>/ folder in an editable install). Rendering is strict: an undefined variable is an error,
never an empty string in a prompt.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.userconfig import config_dir

_PACKAGE = Path(__file__).resolve().parent


def yaml_value(value: Any) -> str:
    """A value as a one-line YAML scalar or flow collection, quoted as YAML needs (front matter)."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1_000_000)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def shipped_dir(kind: str) -> Path:
    """Where retell's own prompts/ or templates/ live in this installation."""
    for candidate in (_PACKAGE / "_data" / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise RetellError(f"retell's {kind}/ folder is missing from this installation (reinstall retell)")


def search_path(kind: str, override: Path | None = None) -> list[Path]:
    paths = []
    if override is not None:
        if not override.is_dir():
            raise RetellError(f"{override}: no such {kind} folder")
        paths.append(override)
    user = config_dir() / kind
    if user.is_dir():
        paths.append(user)
    paths.append(shipped_dir(kind))
    return paths


@dataclass(frozen=True)
class Rendered:
    name: str
    text: str
    source: Path  # the file that was used (user override or shipped)
    template_hash: str  # sha256 of the template source, first 12 hex


class TemplateLibrary:
    def __init__(self, kind: str, override: Path | None = None) -> None:
        import jinja2  # lazy: parse and --help never need it

        self.kind = kind
        self.paths = search_path(kind, override)
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([str(p) for p in self.paths]),
            undefined=jinja2.StrictUndefined,
            # Markdown and plain-text prompts are not escaped; HTML templates (the preview) are.
            autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2"), default=False),
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["yaml"] = yaml_value

    def render(self, name: str, **context: Any) -> Rendered:
        import jinja2

        try:
            template = self.env.get_template(name)
            text = template.render(**context)
        except jinja2.TemplateNotFound:
            raise RetellError(f"{self.kind} template {name!r} not found in {', '.join(map(str, self.paths))}") from None
        except jinja2.UndefinedError as exc:
            raise RetellError(f"{self.kind} template {name!r}: {exc.message}") from None
        except jinja2.TemplateSyntaxError as exc:
            raise RetellError(f"{exc.filename or name}:{exc.lineno}: template syntax error: {exc.message}") from None
        source = Path(template.filename or name)
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:12] if source.is_file() else "unknown"
        return Rendered(name, text, source, digest)
