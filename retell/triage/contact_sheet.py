"""contact-sheet.png: the session's images as labelled thumbnails, grouped by chapter, so the author
chooses screenshots by looking at them rather than by file name."""

from __future__ import annotations

import io
from pathlib import Path

from retell.fsutil import atomic_write_bytes

THUMB = 240
PAD = 12
LABEL = 30
COLUMNS = 4


def write_contact_sheet(path: Path, assets: Path, groups: list[tuple[str, list[tuple[str, bool]]]]) -> bool:
    """`groups`: (chapter heading, [(asset file, included)]). Returns False when there is no image."""
    from PIL import Image, ImageDraw, ImageFont, ImageOps  # lazy: only sessions with images pay for it

    rows: list[tuple[str, list[tuple[str, bool]]]] = [(h, items) for h, items in groups if items]
    if not rows:
        return False
    font = ImageFont.load_default()
    height = PAD
    for _, items in rows:
        height += LABEL + ((len(items) + COLUMNS - 1) // COLUMNS) * (THUMB + LABEL + PAD)
    width = PAD + COLUMNS * (THUMB + PAD)
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    y = PAD
    for heading, items in rows:
        draw.text((PAD, y + 8), heading, fill="black", font=font)
        y += LABEL
        for i, (name, included) in enumerate(items):
            col, row = i % COLUMNS, i // COLUMNS
            x0 = PAD + col * (THUMB + PAD)
            y0 = y + row * (THUMB + LABEL + PAD)
            try:
                with Image.open(assets / name) as img:
                    # thumbnail() decodes a JPEG at a fraction of its size and shrinks by whole factors
                    # before it resamples: a screenshot's full-size convert and resize cost ten times more
                    img.thumbnail((THUMB, THUMB), reducing_gap=2.0)
                    thumb = ImageOps.contain(img.convert("RGB"), (THUMB, THUMB))  # (a small one grows to fit)
            except (OSError, ValueError):
                thumb = Image.new("RGB", (THUMB, THUMB // 2), "#eeeeee")
            if not included:
                thumb = ImageOps.grayscale(thumb).convert("RGB")
            sheet.paste(thumb, (x0 + (THUMB - thumb.width) // 2, y0 + (THUMB - thumb.height) // 2))
            draw.rectangle((x0 - 1, y0 - 1, x0 + THUMB, y0 + THUMB), outline="#999999")
            label = name if included else f"{name} (excluded)"
            draw.text((x0, y0 + THUMB + 6), label, fill="black" if included else "#999999", font=font)
        y += ((len(items) + COLUMNS - 1) // COLUMNS) * (THUMB + LABEL + PAD)
    buf = io.BytesIO()
    sheet.save(buf, format="PNG", compress_level=3)  # optimize=True took seconds on a sheet of 270 thumbnails
    atomic_write_bytes(path, buf.getvalue())
    return True
