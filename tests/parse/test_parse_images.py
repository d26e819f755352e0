"""Images (pasted, or returned by tools) become content-named asset files; bad ones become warnings."""

from __future__ import annotations

import base64
import hashlib
import io
from pathlib import Path

import pytest
from conftest import Transcript, events, image_block, make_jpeg, make_png, text_block


def _asset_name(data: bytes, ext: str) -> str:
    return f"{hashlib.sha256(data).hexdigest()[:16]}.{ext}"


def _encode(fmt: str) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (6, 2), (0, 128, 64)).save(buf, fmt)
    return buf.getvalue()


def test_pasted_image_is_written_as_a_content_named_asset(tx: Transcript, parse, tmp_path: Path) -> None:
    png = make_png((4, 3))
    tx.user([text_block("this button is misaligned"), image_block(png, "image/png")])
    result = parse(tx)
    name = _asset_name(png, "png")
    (human,) = events(result, "human")
    assert human["images"] == [name]
    assert (tmp_path / "assets" / name).read_bytes() == png
    (info,) = result.manifest["images"]
    assert info["asset"] == name
    assert info["format"] == "png"
    assert (info["width"], info["height"]) == (4, 3)
    assert info["sha256"] == hashlib.sha256(png).hexdigest()
    assert info["events"] == [human["id"]]
    assert info["sources"] == ["pasted"]
    assert result.manifest["counts"]["images"] == 1


@pytest.mark.parametrize(("fmt", "ext"), [("PNG", "png"), ("JPEG", "jpg"), ("GIF", "gif"), ("WEBP", "webp")])
def test_each_image_format_gets_its_extension(tx: Transcript, parse, tmp_path: Path, fmt: str, ext: str) -> None:
    data = _encode(fmt)
    tx.user([image_block(data, f"image/{fmt.lower()}")])
    parse(tx)
    assert [p.name for p in (tmp_path / "assets").iterdir()] == [_asset_name(data, ext)]


def test_jpeg_claimed_as_png_is_named_by_its_bytes(tx: Transcript, parse, tmp_path: Path) -> None:
    jpeg = make_jpeg()
    tx.user([text_block("see screenshot"), image_block(jpeg, "image/png")])
    result = parse(tx)
    (info,) = result.manifest["images"]
    assert info["asset"] == _asset_name(jpeg, "jpg")
    assert info["format"] == "jpeg"
    assert (tmp_path / "assets" / info["asset"]).exists()


def test_same_image_twice_is_one_asset(tx: Transcript, parse, tmp_path: Path) -> None:
    png = make_png()
    tx.user([text_block("before"), image_block(png)])
    tx.assistant("I see it.")
    tx.user([text_block("still broken"), image_block(png)])
    result = parse(tx)
    humans = events(result, "human")
    assert humans[0]["images"] == humans[1]["images"]
    (info,) = result.manifest["images"]
    assert info["events"] == [humans[0]["id"], humans[1]["id"]]
    assert len(list((tmp_path / "assets").iterdir())) == 1


def test_a_screenshot_shown_again_is_decoded_once(
    tx: Transcript, parse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from retell.extract import images

    png = make_png((9, 9), (40, 40, 40))
    for turn in range(3):
        tx.user([text_block(f"still broken ({turn})"), image_block(png)])
        tx.assistant("I see it.")
    decoded: list[int] = []
    decode = images.decode_base64
    monkeypatch.setattr(images, "decode_base64", lambda text: decoded.append(len(text)) or decode(text))
    result = parse(tx)
    assert len(decoded) == 1
    (info,) = result.manifest["images"]
    assert len(info["events"]) == 3
    assert (tmp_path / "assets" / info["asset"]).read_bytes() == png


def test_image_inside_a_tool_result_is_an_image_event(tx: Transcript, parse, tmp_path: Path) -> None:
    png = make_png((8, 8), (0, 0, 255))
    tx.user("take a screenshot of the page")
    tx.tool_call(
        "mcp__playwright__browser_take_screenshot",
        {"fullPage": False},
        [text_block("Took the screenshot"), image_block(png)],
    )
    tx.assistant("The header overlaps the menu.")
    result = parse(tx)
    (image,) = events(result, "image")
    assert image["asset"] == _asset_name(png, "png")
    assert image["source"] == "mcp__playwright__browser_take_screenshot"
    kinds = [e["kind"] for e in events(result)]
    assert kinds == ["human", "tool_run", "image", "assistant"]
    assert result.manifest["images"][0]["events"] == [image["id"]]


def test_without_an_assets_folder_images_are_still_reported(tx: Transcript, parse, tmp_path: Path) -> None:
    tx.user([text_block("look"), image_block(make_png())])
    result = parse(tx, assets=False)
    assert len(result.manifest["images"]) == 1
    assert not (tmp_path / "assets").exists()


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ({"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo*"}, "base64"),
        (
            {"type": "base64", "media_type": "image/png", "data": base64.b64encode(b"hello, not an image").decode()},
            "not PNG, JPEG, GIF, WebP or AVIF",
        ),
        ({"type": "base64", "media_type": "image/png", "data": base64.b64encode(make_png()[:40]).decode()}, "corrupt"),
        ({"type": "url", "url": "https://example.com/a.png"}, "not embedded"),
        ({"type": "base64", "media_type": "image/png", "data": 12345}, "not embedded"),
    ],
    ids=["invalid-base64", "not-an-image", "truncated-png", "url-source", "data-not-a-string"],
)
def test_unusable_image_is_a_warning_not_a_crash(
    tx: Transcript, parse, tmp_path: Path, source: dict, expected: str
) -> None:
    tx.user([text_block("here is the picture"), {"type": "image", "source": source}])
    result = parse(tx)
    (human,) = events(result, "human")
    assert human["text"] == "here is the picture"
    assert "images" not in human
    assert result.manifest["images"] == []
    assert list((tmp_path / "assets").iterdir()) == []
    (warning,) = result.manifest["warnings"]
    assert expected in warning
    assert "line 1" in warning
