"""Titles, stop 63: a shell's prompt line is no title. fresh44's photographer (Portuguese, Windows) opened by pasting
`PS ~\\projetos\\entrega-fotos> python entrega.py --cliente "Ana e Bruno"` and the traceback it printed; the offline
post was titled by the prompt line. PowerShell's `PS C:\\…>`, cmd's `C:\\…>` and a Unix shell's `user@host:~/dir$`
before a command are a terminal pasted, as a `$ ` is."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from conftest import Transcript
from prompt_support import parse_work

from retell.extract.title_gate import fails


@pytest.mark.parametrize(
    "line",
    [
        'PS ~\\projetos\\entrega-fotos> python entrega.py --cliente "Ana e Bruno"',
        "PS C:\\Users\\lena\\kasse> py -m pytest -q",
        "C:\\kasse> python export.py --monat 11",
        "lena@laptop:~/src/kasse$ make test",
    ],
)
def test_a_prompt_line_is_no_title(line: str) -> None:
    assert fails(line, "pt") == "output"


def test_a_title_about_a_prompt_is_still_one() -> None:
    assert fails("Showing the PowerShell prompt in the exported log", "en") == ""


def test_a_session_opened_with_a_pasted_prompt_is_titled_by_its_work(tmp_path: Path) -> None:
    tx = Transcript(cwd="C:\\Users\\lena\\projetos\\galeria", start=datetime(2026, 11, 3, 21, 0, tzinfo=timezone.utc))
    tx.user(
        "deu isso ontem gerando as previews do casamento da Rita e Caio, parou no meio\n\n"
        'PS C:\\Users\\lena\\projetos\\galeria> python galeria.py --cliente "Rita e Caio"\n'
        "Processando 860 fotos...\n"
        "Traceback (most recent call last):\n"
        '  File "galeria.py", line 41, in <module>\n'
        "ValueError: images do not match"
    )
    tx.tool_call("Read", {"file_path": "C:\\Users\\lena\\projetos\\galeria\\galeria.py"}, "41 lines")
    tx.assistant("A marca d'água redimensionada é colada com a máscara antiga. Vou corrigir.")
    tx.tool_call(
        "Edit",
        {"file_path": "galeria.py", "old_string": "img.paste(wm, pos, logo)", "new_string": "img.paste(wm, pos, wm)"},
        "ok",
    )
    work = parse_work(tmp_path, tx, "claude/projects/C--Users-lena-projetos-galeria")
    title = yaml.safe_load((work / "triage.yaml").read_text(encoding="utf-8"))["post"]["title"]
    assert not title.startswith("PS "), title
    assert ">" not in title
