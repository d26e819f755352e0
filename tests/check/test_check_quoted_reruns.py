# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""A run told as repeated inside someone's quoted words is theirs, checked as a quote.

On fresh24 (written blind, stop 52), the offline engine's own draft of a French session failed its own check: the
author's first message, quoted whole as a block quote, says "j'ai relancé `make gettext`" (what they did before the
session), and the check asked for a test run near it. The same words in the post's own prose are still a claim.
"""

from __future__ import annotations

from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)


def _run_again(lines: list[str]) -> list[str]:
    return [line for line in lines if "run again" in line]


def test_a_block_quote_of_the_authors_words_is_not_a_rerun_claim() -> None:
    quote = "> Je l'ai mis dans conf.py, j'ai relancé `make gettext` et j'ai toujours un seul gros fichier. <!-- ev: e55 -->\n"
    assert _run_again(problems("J2", quote)) == []


def test_words_in_quotation_marks_are_not_a_rerun_claim() -> None:
    told = "Il m'a écrit : « j'ai relancé les tests un par un » et rien de plus. <!-- ev: e55 e57 -->\n"
    assert _run_again(problems("J2", told)) == []
    told = 'He wrote "I re-ran them one by one" and nothing more. <!-- ev: e55 e57 -->\n'
    assert _run_again(problems("J2", told)) == []


def test_the_same_words_in_the_posts_own_prose_are_still_checked() -> None:
    told = "Claude counted 9 `ServiceLifecycleTest` tests passed and re-ran them one by one to make sure. <!-- ev: e55 e57 -->\n"
    assert len(_run_again(problems("J2", told))) == 1


def test_the_offline_turning_point_is_claudes_words_and_passes_its_own_check(tmp_path) -> None:
    """fresh24's leafspot: the offline draft's "The turning point: “Found it: … looks like a batch shot with the lens
    cap on …”" was read as the post's own fact, and Claude's guess in it as told for certain."""
    from datetime import datetime, timezone

    from check_support import approved_workdir
    from conftest import Transcript
    from typer.testing import CliRunner

    from retell.cli import app

    tx = Transcript(cwd="/home/ana/projects/leafspot", start=datetime(2026, 2, 10, 9, 0, tzinfo=timezone.utc))
    tx.user("the loss goes to nan after epoch 3, can you find out why?")
    tx.assistant("Let me check the normalisation statistics first.")
    tx.tool_call("Bash", {"command": "python scripts/stats.py data/train"}, "std: 0.0 for 14 images")
    tx.assistant(
        "Found it: 14 images from greenhouse 3 are all pure black, so their std is zero — looks like a batch shot "
        "with the lens cap on."
    )
    tx.tool_call("Edit", {"file_path": "/home/ana/projects/leafspot/data.py", "old_string": "a", "new_string": "b"})
    tx.assistant("I skip frames whose std is zero now.")
    work = approved_workdir(tmp_path, tx)
    for stage in ("outline", "draft"):
        result = CliRunner().invoke(app, [stage, str(work), "--engine", "offline"])
        assert result.exit_code == 0, result.output
    draft = (work / "draft.md").read_text(encoding="utf-8")
    assert "The turning point came when Claude wrote: “Found it:" in draft
    checked = CliRunner().invoke(app, ["check", str(work)])
    assert checked.exit_code == 0 and "nothing untraced" in checked.output, checked.output
