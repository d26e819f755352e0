"""Images in a transcript (pasted, or returned by tools) decoded into content-named asset files.

The type comes from the bytes, not the record's `media_type`; Pillow verifies each image and is imported
only when a session actually holds one.
"""

from __future__ import annotations

import binascii
import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from retell.fsutil import atomic_write_bytes

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
)
_EXTENSIONS = {"png": "png", "jpeg": "jpg", "gif": "gif", "webp": "webp", "avif": "avif"}
_AVIF_BRANDS = (b"ftypavif", b"ftypavis")  # an ISO-BMFF box; real pastes arrive labelled image/png
IMAGE_MARK = b'"type":"image"'  # how Claude Code writes an image block (compact JSON)


def sniff_image_type(data: bytes) -> str | None:
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[4:12] in _AVIF_BRANDS:
        return "avif"
    return None


@dataclass(slots=True)
class ImageInfo:
    asset: str
    format: str
    bytes: int
    width: int
    height: int
    sha256: str
    events: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "asset": self.asset,
            "format": self.format,
            "bytes": self.bytes,
            "width": self.width,
            "height": self.height,
            "sha256": self.sha256,
            "events": sorted(set(self.events), key=_event_sort_key),
            "sources": sorted(set(self.sources)),
        }


def _event_sort_key(event_id: str) -> tuple[str, tuple[int, ...]]:
    """`e12.3` by its numbers; in a folder of several sessions `<key>-e12.3` by its key first."""
    key, _, local = event_id.rpartition("-")
    return key, tuple(int(p) for p in local.lstrip("e").split(".") if p.isdigit())


class ImageStore:
    """Decodes image blocks once per distinct content; writes them to `assets_dir` when one is given."""

    def __init__(self, assets_dir: Path | None) -> None:
        self.assets_dir = assets_dir
        self.images: dict[str, ImageInfo] = {}  # by asset name
        self._by_digest: dict[str, ImageInfo] = {}
        self.warnings: list[str] = []
        self._verified: dict[str, tuple[int, int] | None] = {}  # by sha256: what Pillow found, done ahead

    # A big transcript is read on two cores (retell/claude/prefetch.py): the reading child verifies the
    # images of each line before the parser reaches it, so the parser neither imports Pillow nor verifies.
    def verify_ahead(self, line: bytes) -> list[tuple[str, tuple[int, int] | None]] | None:
        """(sha256, size or None when corrupt) of each new image of a raw line; None when it holds none.
        Runs in the reading child; its own copy of this store remembers what it has verified."""
        if IMAGE_MARK not in line:
            return None
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            return None  # (the parser verifies what it finds on such a line itself)
        found: list[tuple[str, tuple[int, int] | None]] = []
        for data in _base64_images(value):
            try:
                image = binascii.a2b_base64(data)
            except (binascii.Error, ValueError):
                continue
            digest = hashlib.sha256(image).hexdigest()
            if digest not in self._verified and sniff_image_type(image) is not None:
                self._verified[digest] = _verify(image)
                found.append((digest, self._verified[digest]))
        return found or None

    def take_verified(self, found: list[tuple[str, list[int] | None]]) -> None:
        """What `verify_ahead` found (sizes arrive as lists)."""
        for digest, size in found:
            self._verified[digest] = (size[0], size[1]) if size is not None else None

    def add(self, block: dict[str, Any], where: str) -> ImageInfo | None:
        """Decode one `image` content block; None (with a warning) when it is not a usable image."""
        source = block.get("source")
        if not isinstance(source, dict):
            self.warnings.append(f"{where}: image block without a source, skipped")
            return None
        if source.get("type") != "base64" or not isinstance(source.get("data"), str):
            self.warnings.append(f"{where}: image of source type {source.get('type')!r} not embedded, skipped")
            return None
        try:
            data = binascii.a2b_base64(source["data"])
        except (binascii.Error, ValueError):
            self.warnings.append(f"{where}: image data is not valid base64, skipped")
            return None
        return self.add_bytes(data, where)

    def add_bytes(self, data: bytes, where: str) -> ImageInfo | None:
        digest = hashlib.sha256(data).hexdigest()
        known = self._by_digest.get(digest)
        if known is not None:
            return known
        kind = sniff_image_type(data)
        if kind is None:
            self.warnings.append(f"{where}: image bytes are not PNG, JPEG, GIF, WebP or AVIF, skipped")
            return None
        size = self._verified[digest] if digest in self._verified else _verify(data)
        if size is None:
            self.warnings.append(f"{where}: {kind} image is corrupt (Pillow cannot read it), skipped")
            return None
        name = f"{digest[:16]}.{_EXTENSIONS[kind]}"
        info = ImageInfo(
            asset=name,
            format=kind,
            bytes=len(data),
            width=size[0],
            height=size[1],
            sha256=digest,
        )
        self.images[name] = info
        self._by_digest[digest] = info
        if self.assets_dir is not None:
            target = self.assets_dir / name
            # content-named: a file of that name and size from an earlier parse is this image already. No
            # fsync per file (270 of them on a screenshot-heavy day): the parse is made again from the session.
            if not (target.is_file() and target.stat().st_size == len(data)):
                atomic_write_bytes(target, data, durable=False)
        return info


def _base64_images(value: Any) -> Iterator[str]:
    """The base64 data of every image block inside a decoded record, at any depth."""
    if isinstance(value, dict):
        source = value.get("source")
        if value.get("type") == "image" and isinstance(source, dict) and source.get("type") == "base64":
            if isinstance(source.get("data"), str):
                yield source["data"]
            return
        for item in value.values():
            if isinstance(item, (dict, list)):
                yield from _base64_images(item)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                yield from _base64_images(item)


def _verify(data: bytes) -> tuple[int, int] | None:
    from PIL import Image, UnidentifiedImageError  # lazy: most sessions hold no image

    try:
        with Image.open(io.BytesIO(data)) as img:
            size = img.size
            img.verify()
        return size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return None
