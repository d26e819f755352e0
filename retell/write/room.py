"""How much of a post a session's material holds, said the same way to the outline (before its sections exist)
and to each section: a plan for 1,800 words, where the sections were then given 700 in all, asked beats no
section had room for (round 56, fresh23's in-loop drafts)."""

from __future__ import annotations

import re

from retell.write.locales import told_length

# A section says at most about this share of its material's length: the post's length shared out over its
# sections asked 913 words of each section of a two-minute session (round 37), more than its material holds.
MATERIAL_SHARE = 0.5

# retell's own notes in a material, a line in parentheses ("(Claude read what [e10] printed; …)", "(4 min later)"):
# words for the writer, not material to tell. Counted, they lengthened a section's range by a tenth where a round
# added notes, and the editor cut padding at those lengths (round 52).
NOTE_LINE = re.compile(r"^[ \t]*\(.*\)[ \t]*$\n?", re.M)
# What a subagent's own runs printed, under its report (SUBAGENT_OUTPUTS_HEAD and its lines): what the report rests
# on, shown so that its figures are the runs', not more to tell. Counted, it lengthened the sections of sessions with a
# subagent by up to a quarter (round 59).
SUBAGENT_OUTPUTS_HEAD = "its own runs printed (the lines that hold what it reports; cite them by their own ids):"
_SUBAGENT_OUTPUTS = re.compile(
    rf"^  {re.escape(SUBAGENT_OUTPUTS_HEAD)}\n(?:(?:  \[[^\]\n]+\] .*|    .*|  \(and .*)(?:\n|$))*", re.M
)

# Code blocks in a whole post (the system prompt's "at most two or three"): shared out over the sections whose
# beats rest on a tool run with changed lines or output, so that each section prompt says its own share.
POST_CODE_BLOCKS = 3
# A section whose beats cite both a change and the run it turns on (a red or a green run) has room for both: with
# one block, the change won and the run the section turned on was told in prose (round 49). At most this many
# blocks in a post, those seconds included.
MAX_POST_CODE_BLOCKS = 5


def material_holds(material: str, language: str) -> int:
    """How long a post the material holds, in the post's unit: MATERIAL_SHARE of it, its notes left out."""
    return int(told_length(NOTE_LINE.sub("", _SUBAGENT_OUTPUTS.sub("", material)), language) * MATERIAL_SHARE)
