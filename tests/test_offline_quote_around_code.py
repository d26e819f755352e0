"""The offline engine never quotes the words on both sides of a code block as one sentence of Claude's.

fresh25's fattura-check (Italian, written blind, stop 52): Claude wrote "In `check_totale` la riga", then a code
block, then "usa `find`, che restituisce solo il primo `DatiRiepilogo`." The offline draft quoted "In `check_totale`
la riga usa `find`, …" as Claude's words, which they never were, and failed its own check. A sentence a code block
cuts is left out; the sentences around it are quoted as written.
"""

from __future__ import annotations

from retell.write.offline import _informative

SPLIT = (
    'Ho trovato la causa. In `check_totale` la riga\n\n```python\nriep = body.find("DatiRiepilogo")\n```\n\n'
    "usa `find`, che restituisce solo il **primo** `DatiRiepilogo`. Con due aliquote, il totale calcolato comprende "
    "solo il blocco al 22%. La correzione è sommare su tutti i blocchi con `findall`."
)


def test_a_sentence_cut_by_a_code_block_is_not_quoted() -> None:
    quoted = _informative(SPLIT, 2)
    assert "la riga usa" not in quoted
    assert quoted.startswith("Con due aliquote, il totale calcolato comprende solo il blocco al 22%.")


def test_a_code_block_after_a_whole_sentence_leaves_both_sides_whole() -> None:
    text = "I changed the config so that it works:\n\n```py\nx = 1\n```\n\nThe tests now pass on both versions of it."
    assert _informative(text, 2) == "The tests now pass on both versions of it."
    text = (
        "The cause is the cache key, which ignores the locale.\n\n```py\nkey = url\n```\n\n"
        "That is the whole of the bug here."
    )
    expected = "The cause is the cache key, which ignores the locale. That is the whole of the bug here."
    assert _informative(text, 2) == expected
