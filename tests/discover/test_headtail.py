"""Bounded reads: whole small files, head and tail windows of big ones, never a long line in full."""

from __future__ import annotations

from pathlib import Path

from retell.discover.headtail import ReadMeter, read_windows


def _write(path: Path, lines: list[bytes], *, newline_at_end: bool = True) -> int:
    data = b"\n".join(lines) + (b"\n" if newline_at_end else b"")
    path.write_bytes(data)
    return len(data)


def test_a_small_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    size = _write(path, [b'{"a":1}', b'{"b":2}'])
    windows = read_windows(path, size, window=64, whole_limit=1024)
    assert windows.whole and windows.head == [b'{"a":1}', b'{"b":2}'] and windows.tail == []
    assert windows.bytes_read == size


def test_a_big_file_yields_complete_lines_from_both_ends_only(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    lines = [f'{{"n":{i:04d}}}'.encode() for i in range(1000)]  # 11 bytes a line with its newline
    size = _write(path, lines)
    meter = ReadMeter()
    windows = read_windows(path, size, window=120, whole_limit=240, meter=meter)
    assert not windows.whole
    assert windows.head == lines[:10]  # 120 bytes: ten lines and the start of an eleventh, dropped
    assert windows.tail == lines[-10:]  # the end of a line, then ten lines: the cut one is dropped
    assert windows.bytes_read == 240 == meter.bytes == meter.max_file_bytes


def test_a_line_longer_than_the_window_is_skipped_not_read(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    huge = b'{"type":"user","x":"' + b"y" * 10_000 + b'"}'
    size = _write(path, [b'{"first":1}', huge, *[b'{"filler":1}'] * 50, huge])
    windows = read_windows(path, size, window=500, whole_limit=1000)
    assert windows.head[0] == b'{"first":1}'
    assert huge not in windows.head and huge not in windows.tail
    assert windows.bytes_read == 1000


def test_a_growing_file_keeps_its_half_written_last_line_as_a_candidate(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    size = _write(path, [b'{"a":1}', b'{"b":'], newline_at_end=False)
    windows = read_windows(path, size, window=64, whole_limit=1024)
    assert windows.head == [b'{"a":1}', b'{"b":']  # the caller fails to decode the last, quietly


def test_bytes_appended_after_the_stat_are_not_read(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    size = _write(path, [b'{"a":1}'])
    with path.open("ab") as fh:
        fh.write(b'{"late":1}\n')
    assert read_windows(path, size, window=64, whole_limit=1024).head == [b'{"a":1}']
