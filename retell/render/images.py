"""Images for publication: re-encoded with Pillow (metadata stripped, never upscaled, optimised), named
by content."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell.errors import RetellError

FORMATS = ("auto", "png", "webp", "keep")
_KEPT_EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "GIF": "gif", "WEBP": "webp", "AVIF": "avif"}


@dataclass(frozen=True)
class PublishedImage:
    asset: str  # the source asset in WORKDIR/assets
    name: str  # file name in the post
    data: bytes
    width: int
    height: int


def publish_image(path: Path, *, max_width: int, fmt: str, webp_ok: bool) -> PublishedImage:
    """Re-encode one asset. `fmt`: auto (WebP where the target takes it, else the source's type), png,
    webp, or keep (the bytes as they are)."""
    from PIL import Image, ImageOps, UnidentifiedImageError  # lazy

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RetellError(f"cannot read image {path}: {exc.strerror}") from None
    try:
        with Image.open(io.BytesIO(raw)) as img:
            img.load()
            source_format = (img.format or "PNG").upper()
            if fmt == "keep":
                width, height = img.size
                ext = _KEPT_EXTENSIONS.get(source_format, "png")
                return _named(path.name, raw, ext, width, height)
            if getattr(img, "is_animated", False):
                return _animated(path.name, img, max_width)
            picture = ImageOps.exif_transpose(img)
            if "transparency" in picture.info:
                picture = picture.convert("RGBA")  # the transparency lives in `info`, which is dropped below
            if picture.width > max_width:
                ratio = max_width / picture.width
                picture = picture.resize((max_width, max(1, round(picture.height * ratio))), Image.Resampling.LANCZOS)
            picture = picture.copy()
            picture.info = {}  # drop EXIF, ICC, text chunks: only pixels are published
            target = fmt
            if fmt == "auto":
                target = "webp" if webp_ok else ("jpeg" if source_format == "JPEG" else "png")
            buf = io.BytesIO()
            if target == "webp":
                lossless = source_format != "JPEG"
                picture.save(buf, format="WEBP", lossless=lossless, quality=85 if not lossless else 80, method=4)
                ext = "webp"
            elif target == "jpeg":
                picture.convert("RGB").save(buf, format="JPEG", quality=85, optimize=True, progressive=True)
                ext = "jpg"
            else:
                if picture.mode not in ("RGB", "RGBA", "L", "LA", "P"):
                    picture = picture.convert("RGBA")
                picture.save(buf, format="PNG", optimize=True)
                ext = "png"
            return _named(path.name, buf.getvalue(), ext, picture.width, picture.height)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise RetellError(f"image {path.name} cannot be decoded ({exc}); exclude it in triage.yaml") from None


def _animated(asset: str, img: Any, max_width: int) -> PublishedImage:
    """An animated GIF or WebP keeps its animation: each frame scaled, nothing but pixels and timing kept."""
    from PIL import Image, ImageSequence

    frames = []
    durations = []
    for frame in ImageSequence.Iterator(img):
        picture = frame.convert("RGBA")
        picture.info = {}  # a GIF's comment (or XMP) would otherwise be written back out
        if picture.width > max_width:
            ratio = max_width / picture.width
            picture = picture.resize((max_width, max(1, round(picture.height * ratio))), Image.Resampling.LANCZOS)
        frames.append(picture)
        durations.append(int(frame.info.get("duration", 100) or 100))
    buf = io.BytesIO()
    fmt = "GIF" if (img.format or "GIF").upper() == "GIF" else "WEBP"
    frames[0].save(
        buf,
        format=fmt,
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=int(img.info.get("loop", 0) or 0),
        disposal=2,
    )
    return _named(asset, buf.getvalue(), fmt.lower(), frames[0].width, frames[0].height)


def _named(asset: str, data: bytes, ext: str, width: int, height: int) -> PublishedImage:
    digest = hashlib.sha256(data).hexdigest()[:16]
    return PublishedImage(asset, f"{digest}.{ext}", data, width, height)
