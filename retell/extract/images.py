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

import msgspec

from retell.fsutil import named_os_error

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


# What the reading child tells the parser of one image (retell/claude/prefetch.py): the length and `hash()` of
# its base64 text (the parser's key: it finds the image of a block without decoding it), then the sha256 of the
# bytes, their type (None: not an image), their length, the size Pillow read (None: corrupt) and whether the
# child wrote the asset file. `hash()` is the same in both processes (the child is forked: one hash key), and
# two distinct screenshots of the same length sharing a 64-bit hash is as likely as a sha256 name clash.
Told = tuple[int, int, str, str | None, int, list[int] | tuple[int, int] | None, bool]
# A span of a raw line the parser reads as other bytes: (start, end, what it reads instead).
Cut = tuple[int, int, bytes]


def stand_in(key: tuple[int, int]) -> str:
    """What the parser reads in place of a base64 text the reading child cut from a line (80 % of a
    screenshot-heavy session's bytes): the text's key, never a base64 text (base64 holds no `:`)."""
    return f"retell:image:{key[0]}:{key[1]}"


class ImageStore:
    """Decodes image blocks once per distinct content; writes them to `assets_dir` when one is given.

    A big transcript is read on two cores (retell/claude/prefetch.py): the reading child decodes, verifies and
    writes each new image of a line before the parser reaches it (`decode_ahead`), and tells the parser what
    it found (`take_ahead`); the parser then names the image of a block from its base64 text's hash and never
    decodes it, nor imports Pillow.
    """

    def __init__(self, assets_dir: Path | None) -> None:
        # (a folder of this parse's own, new: the work folder's staging folder; see `_write`)
        self.assets_dir = assets_dir
        self.images: dict[str, ImageInfo] = {}  # by asset name
        self._by_digest: dict[str, ImageInfo] = {}
        self.warnings: list[str] = []
        self._told: dict[tuple[int, int], Told] = {}  # by (length, hash) of the base64 text: decoded ahead
        self._written_ahead: set[str] = set()  # asset files the reading child wrote
        self._plain: set[tuple[int, int]] = set()  # (the child's) texts of base64's letters only: cut from lines
        self._stand_ins: dict[str, tuple[int, int]] = {}  # (the parser's) what it reads for a cut text -> its key

    def decode_ahead(self, line: bytes) -> tuple[list[Told] | None, list[Cut]]:
        """What each new image of a raw line is (its asset file written), None when it holds none; and the
        spans of the line the parser need not read: each base64 text the child has told of, with the stand-in
        the parser reads in its place (`stand_in`). Runs in the reading child; its own copy of this store
        remembers what it has told."""
        if IMAGE_MARK not in line:
            return None, []
        found: list[Told] = []
        cuts: list[Cut] = []
        for start, end, text in _base64_texts(line):
            key = (len(text), hash(text))
            if key not in self._told:
                try:
                    data, plain = _decode_base64(text)
                except (binascii.Error, ValueError):
                    continue  # (the parser warns)
                digest = hashlib.sha256(data).hexdigest()
                kind = sniff_image_type(data)
                size = _verify(data) if kind is not None else None
                written = False
                if kind is not None and size is not None and self.assets_dir is not None:
                    written = self._write(f"{digest[:16]}.{_EXTENSIONS[kind]}", data)
                told: Told = (*key, digest, kind, len(data), size, written)
                self._told[key] = told
                found.append(told)
                if plain:
                    self._plain.add(key)
            # (a tool result's toolUseResult copy, a screenshot shown again: told before, cut again)
            if key in self._plain:
                # Only a text of base64's own letters is cut: a JSON string of the same letters in its place
                # leaves the line exactly as valid (or not) as it was, and the parser finds the image by it.
                cuts.append((start, end, stand_in(key).encode("ascii")))
        return found or None, cuts

    def take_ahead(self, found: list[Told]) -> None:
        """What `decode_ahead` told (sizes arrive as lists)."""
        for told in found:
            key = (told[0], told[1])
            self._told[key] = told
            self._stand_ins[stand_in(key)] = key
            if told[6] and told[3] is not None:
                self._written_ahead.add(f"{told[2][:16]}.{_EXTENSIONS[told[3]]}")

    def add(self, block: dict[str, Any], where: str) -> ImageInfo | None:
        """Decode one `image` content block; None (with a warning) when it is not a usable image."""
        source = block.get("source")
        if not isinstance(source, dict):
            self.warnings.append(f"{where}: image block without a source, skipped")
            return None
        text = source.get("data")
        if source.get("type") != "base64" or not isinstance(text, str):
            self.warnings.append(f"{where}: image of source type {source.get('type')!r} not embedded, skipped")
            return None
        key = self._stand_ins.get(text) or (len(text), hash(text))  # (a stand-in: the child cut the text)
        told = self._told.get(key)
        if told is not None:  # (decoded already: its file is there, or it is no usable image)
            _, _, digest, kind, length, size, _ = told
            return self._add(digest, kind, length, size, None, where)
        try:
            data = decode_base64(text)
        except (binascii.Error, ValueError):
            self.warnings.append(f"{where}: image data is not valid base64, skipped")
            return None
        info = self.add_bytes(data, where)
        if info is not None:  # (the same screenshot again is not decoded again)
            self._told[key] = (*key, info.sha256, info.format, info.bytes, (info.width, info.height), False)
        return info

    def add_bytes(self, data: bytes, where: str) -> ImageInfo | None:
        digest = hashlib.sha256(data).hexdigest()
        known = self._by_digest.get(digest)
        if known is not None:
            return known
        kind = sniff_image_type(data)
        return self._add(digest, kind, len(data), _verify(data) if kind is not None else None, data, where)

    def _add(
        self,
        digest: str,
        kind: str | None,
        length: int,
        size: list[int] | tuple[int, int] | None,
        data: bytes | None,
        where: str,
    ) -> ImageInfo | None:
        """The image of these bytes (`data`: None when the reading child wrote its file), once per digest."""
        known = self._by_digest.get(digest)
        if known is not None:
            return known
        if kind is None:
            self.warnings.append(f"{where}: image bytes are not PNG, JPEG, GIF, WebP or AVIF, skipped")
            return None
        if size is None:
            self.warnings.append(f"{where}: {kind} image is corrupt (Pillow cannot read it), skipped")
            return None
        name = f"{digest[:16]}.{_EXTENSIONS[kind]}"
        info = ImageInfo(asset=name, format=kind, bytes=length, width=size[0], height=size[1], sha256=digest)
        self.images[name] = info
        self._by_digest[digest] = info
        if data is not None and self.assets_dir is not None:
            self._write(name, data)
        return info

    def _write(self, name: str, data: bytes) -> bool:
        """The asset file of an image; False when a file of that name and size was there already (the
        reading child's, say: content-named, so it is this image)."""
        assert self.assets_dir is not None
        target = self.assets_dir / name
        if target.is_file() and target.stat().st_size == len(data):
            return False
        # Written in place, neither through a temp file and a rename nor with an fsync: `assets_dir` is this
        # parse's own staging folder, moved into place whole once the parse is done and removed if it fails,
        # so no reader ever sees a file of it half written (a temp file and a rename each cost ~0.4 ms: ~0.1 s
        # for the 270 screenshots of a UI-debugging day). A file cut short by a failed write is written again.
        with named_os_error(target), target.open("wb") as fh:
            fh.write(data)
        return True

    def drop_unused(self) -> None:
        """Remove the asset files the reading child wrote for images no event shows (an image only in a
        tool's `toolUseResult` copy, say): the assets are the images the story holds, read on one core or two."""
        assert self.assets_dir is not None or not self._written_ahead
        for name in sorted(self._written_ahead - self.images.keys()):
            (self.assets_dir / name).unlink(missing_ok=True)  # type: ignore[operator]
        self._told = {key: told for key, told in self._told.items() if not told[6] or told[2] in self._by_digest}
        self._written_ahead &= self.images.keys()


def decode_base64(text: str) -> bytes:
    """The bytes of a base64 text: msgspec's decoder (already the parser's), ~4x faster than binascii's on a
    screenshot; binascii's for what msgspec refuses (line breaks, missing padding), raising binascii.Error when
    neither can read it."""
    return _decode_base64(text)[0]


def _decode_base64(text: str) -> tuple[bytes, bool]:
    """`decode_base64`, and whether the text is strict base64 (msgspec read it: base64's letters only)."""
    try:
        return msgspec.convert(text, bytes), True
    except msgspec.ValidationError:
        return binascii.a2b_base64(text), False


_DATA_KEY = b'"data":"'
_BASE64_SOURCE = b'"type":"base64"'
_BLOCK_HEAD = 200  # bytes from an image block's start to its data: `"source":{"type":"base64","media_type":…`


def _base64_texts(line: bytes) -> Iterator[tuple[int, int, str]]:
    """(start, end, text): the base64 text of each image block on a raw line, found in its bytes (the line is
    never decoded: on a screenshot-heavy day, decoding the lines that hold images cost the reading child as
    much as the images).
    Only a guess at what the parser will find: the parser uses what the child told of a text only when the
    text it decoded is the same (its length and hash), and decodes any other itself. A JSON string holds no
    unescaped quote, so `"type":"image"` is a key of the line's structure; a text with an escape is skipped."""
    at = line.find(IMAGE_MARK)
    while at >= 0:
        head_end = at + len(IMAGE_MARK) + _BLOCK_HEAD
        key = line.find(_DATA_KEY, at, head_end)
        if key >= 0 and line.find(_BASE64_SOURCE, at, key) >= 0:
            start = key + len(_DATA_KEY)
            end = line.find(b'"', start)
            if end > start and line.find(b"\\", start, end) < 0:
                data = line[start:end]
                if data.isascii():
                    yield start, end, data.decode("ascii")
            at = line.find(IMAGE_MARK, max(end, start))
        else:
            at = line.find(IMAGE_MARK, at + 1)


def _verify(data: bytes) -> tuple[int, int] | None:
    from PIL import Image, UnidentifiedImageError  # lazy: most sessions hold no image

    try:
        with Image.open(io.BytesIO(data)) as img:
            size = img.size
            img.verify()
        return size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return None
