"""A session that opens with a terminal pasted whole, the prompt line and what the command printed, then the
author's own words after a blank line (fresh28's Windows session, written blind: its title was "Found 412 files",
the program's first output line; its first heading the PowerShell prompt line, "PS ~\\src\\shoot-sorter> python
sort_shoots.py …", once the home folder was cleared to `~` and no longer read as a prompt; its description and hook
quoted the output). The lines under a shell's prompt, to a blank line, are output, not the author's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.requests import clean_request, own_prose

pytestmark = pytest.mark.usefixtures("offline_env")

WINDOWS = "C:\\Users\\adaeze\\src\\shoot-sorter"
PASTE = (
    f"PS {WINDOWS}> python sort_shoots.py E:\\DCIM --dest D:\\Shoots\n"
    "Found 412 files (388 .ARW, 24 .MP4)\n"
    "Reading EXIF...\n"
    "Traceback (most recent call last):\n"
    '  File "sort_shoots.py", line 27, in read_exif\n'
    "UnicodeDecodeError: 'charmap' codec can't decode byte 0x8d in position 20417\n"
    "\n"
    "this worked fine in january, same card reader. can you fix the exif reading so it copes with this card"
)


@pytest.mark.parametrize(
    "prompt",
    [
        "PS C:\\Users\\me\\src\\app> python run.py",
        "PS ~\\src\\app> python run.py",  # (the home folder cleared)
        "me@box:~/app$ make test",
        "(venv) me@box:~/app$ pytest -q",
        "$ npm test",
        "C:\\src\\app>dir",
    ],
)
def test_the_lines_under_a_prompt_are_output_not_a_request(prompt: str) -> None:
    text = f"{prompt}\nFound 412 files\n3 passed, 1 failed\n\nplease fix the failing date test"
    assert clean_request(text) == "Fix the failing date test"
    assert "Found 412" not in own_prose(text)


def test_a_request_with_no_paste_is_read_as_before() -> None:
    assert clean_request("fix the build please") == "Fix the build"
    assert clean_request("Found a bug in the parser, can you fix it?") is not None


def test_a_pasted_terminal_titles_and_heads_nothing(tx: Transcript, tmp_path: Path) -> None:
    tx.cwd = WINDOWS
    tx.user(PASTE)
    tx.assistant("The exiftool output is UTF-8 and subprocess decodes it as cp1252; I'll pass encoding='utf-8'.")
    edit(tx, "sort_shoots.py")
    tx.assistant("Fixed: the script reads the whole card now.")
    told = Told(tx, tmp_path)
    assert "Found 412" not in told.title and "PS " not in told.title
    assert not any(h.startswith("PS ") or "Found 412" in h for h in told.headings)
    description = told.post.split("description:", 1)[1].split("\n", 1)[0]
    assert "Found 412" not in description and "PS " not in description
    assert "worked fine in january" in description
