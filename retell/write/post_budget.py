"""The post's one budget, computed once from the session and told the same way to every prompt: how long the post is
(its whole, its sections' part and the opening and ending's) and how many code blocks it shows.

Material round 63 (issue 24): six writers answering fresh27's prompts found the outline told "about 552 words of
post" where the sections' ranges added up to 593 and the finishing prompt said the sections "come to" 564; a Chinese
outline said nothing (its chapters held more than the preset's floor) where the sections said 1,173 characters, under
the 1,200 the post asked; and the outline's "5 code blocks in all" beside sections given 3 or 4 among them. Each
stage counted what it could see. Now the whole comes from the chapters' material (what the outline is shown) in both
stages, the sections share exactly their part of it, and the blocks the post shows are the sections' rooms added up.
"""

from __future__ import annotations

from dataclasses import dataclass

from retell.events import COMMAND, HUMAN, TOOL_RUN, Event, EventLog
from retell.extract.tools import TURNED_DOWN
from retell.write.locales import counts_characters, length_range, scale
from retell.write.material import FOLLOWING_EVENTS, Material, outline_printed_chars, refused, render_material
from retell.write.room import material_holds
from retell.write.run_notes import telling_lines

# The opening and the ending's share of a post: its sections take the rest (a section was given 85 % of an even
# share of the preset's middle since round 37)
FRAME_SHARE = 0.15
# The code blocks a post shows, by its length preset (the system prompt's "two to five in a post"), at most two in a
# section (a section whose beats cite a change and the run it turns on has room for both: round 49)
MIN_FRAME_WORDS = 60  # the least the opening and the ending are given together, in words (a hook's two sentences)
BLOCKS_BY_LENGTH = {"short": 4, "medium": 5, "long": 5}
SECTION_BLOCKS = 2
SECTION_FLOOR_WORDS = 150  # the least a section is asked for, in words (round 37), where the post has room for it
# The least the sections of a post are given together, in words: one section at the floor (a two-minute session's
# material holds less; its one section was given 150 words since round 37, and a plan told so plans fewer sections)
MIN_SECTIONS_WORDS = SECTION_FLOOR_WORDS


@dataclass(frozen=True)
class PostLength:
    """A post's length in its unit (words; characters in zh, ja, ko): `whole`, of which the sections take
    `sections` and the opening and the ending the rest; `low` and `high` are its preset's range."""

    whole: int
    sections: int
    low: int
    high: int
    unit: str
    preset: str = "short"

    @property
    def frame(self) -> int:
        """The opening's and the ending's part, together."""
        return self.whole - self.sections

    @property
    def short(self) -> bool:
        """Whether the session's material holds less than the preset's floor (the whole is then under it)."""
        return self.whole < self.low


def chapter_materials(view: EventLog, max_input_tokens: int) -> list[Material]:
    """Each chapter's events as the outline prompt shows them: the words after a chapter count (the next chapter's
    first), and each section has room of its own, so a chapter's room for outputs is larger than a section's."""
    budget = max(200, max_input_tokens // max(1, len(view.chapters)))
    by_chapter = {c.id: [e for e in view.events if e.chapter == c.id] for c in view.chapters}
    out = []
    for position, chapter in enumerate(view.chapters):
        after = view.chapters[position + 1 :]
        following = by_chapter[after[0].id][:FOLLOWING_EVENTS] if after else []
        out.append(
            render_material(
                by_chapter[chapter.id],
                budget,
                following=following,
                printed_chars=outline_printed_chars(budget),
                session=view.events,
            )
        )
    return out


def post_length(holds: int, language: str, preset: str) -> PostLength:
    """The post's length from what the chapters' material holds (`room.material_holds`, added up): the sections take
    that, up to their part of the preset's middle and never under MIN_SECTIONS_WORDS; the opening and the ending
    FRAME_SHARE of the whole on top (never under MIN_FRAME_WORDS), the whole rounded to ten."""
    low, high, _unit = length_range(language, preset)
    sections = max(scale(MIN_SECTIONS_WORDS, language), min(holds, round((low + high) / 2 * (1 - FRAME_SHARE))))
    frame = max(scale(MIN_FRAME_WORDS, language), sections * FRAME_SHARE / (1 - FRAME_SHARE))
    whole = int(round((sections + frame) / 10) * 10)
    unit = "characters" if counts_characters(language) else "words"
    return PostLength(whole, sections, low, high, unit, preset)


def session_length(
    view: EventLog, language: str, preset: str, max_input_tokens: int, materials: list[Material] | None = None
) -> PostLength:
    """The post's length for this session, the same in the outline and the draft (both count the chapters' material
    as the outline is shown it: `materials`, where the caller has rendered them already)."""
    if materials is None:
        materials = chapter_materials(view, max_input_tokens)
    return post_length(sum(material_holds(m.text, language) for m in materials), language, preset)


def section_floor(length: PostLength, count: int, language: str) -> int:
    """The least a section is asked for: SECTION_FLOOR_WORDS (in the post's unit), where the sections' part has room
    for it in each section, else an even share of that part."""
    return min(scale(SECTION_FLOOR_WORDS, language), length.sections // max(1, count))


def capped(level: float, hold: int, floor: int) -> float:
    """One section's length at a `level` of the sections' share: the level, never more than what its material holds
    (`hold`) and never less than `floor`."""
    return max(floor, min(level, hold))


def section_words(share: int, material: str, language: str) -> int:
    """A section's length at an even `share` of the post: at most half of its material (counted the same way,
    retell's notes in it left out), never below the floor a section needs; `share_sections` finds the share at
    which the sections' lengths add up to their part of the post."""
    return int(capped(share, material_holds(material, language), scale(SECTION_FLOOR_WORDS, language)))


def share_sections(total: int, holds: list[int], floor: int) -> list[int]:
    """`total` shared out over sections whose materials hold `holds`: an even share, never more than what a section's
    material holds and never less than `floor`, the rest to the sections that hold more; where their materials hold
    less than `total` in all, each in proportion to what it holds. The shares add up to `total` exactly."""
    if not holds:
        return []
    base = [max(floor, h) for h in holds]
    if sum(base) <= total:
        raw = [b * total / sum(base) for b in base] if sum(base) else [total / len(holds)] * len(holds)
    else:
        low, high = 0.0, float(max(base))
        for _ in range(60):  # the level where max(floor, min(level, hold)) adds up to the total
            level = (low + high) / 2
            if sum(capped(level, h, floor) for h in holds) < total:
                low = level
            else:
                high = level
        raw = [capped(high, h, floor) for h in holds]
        raw = [r * total / sum(raw) for r in raw] if sum(raw) else raw
    shares = [int(r) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - shares[i], reverse=True)
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def changes(event: Event) -> bool:
    """Whether a run changed lines (a refused edit changed nothing: round 50; nor did one the author turned down,
    which fresh35's vagforening listed first among a section's blocks, before the fix its beat asked to show)."""
    return any(c.diff and not refused(c) and c.error != TURNED_DOWN for c in event.calls or ())


def prints(event: Event) -> bool:
    """Whether a run printed lines that say something (run_notes.telling_lines)."""
    return any(telling_lines(c.output) for c in event.calls or ())


def own_run(event: Event) -> bool:
    """A shell command the author ran themselves (`!`), with what it printed."""
    return event.kind == COMMAND and event.name == "!" and any(c.output for c in event.calls or ())


def shows_code(event: Event) -> bool:
    """Whether an event can be a code block of the post: a run with changed lines or telling output, or the author's
    own command."""
    return (event.kind == TOOL_RUN and (changes(event) or prints(event))) or own_run(event)


def post_code_blocks(view: EventLog, preset: str) -> int:
    """How many code blocks the post shows at most: BLOCKS_BY_LENGTH of its preset, never more than the session's
    events that can be one (its runs with changed lines or output, the author's own commands)."""
    top = [e for e in view.events if "." not in e.id and (e.kind in (TOOL_RUN, COMMAND, HUMAN))]
    return min(BLOCKS_BY_LENGTH.get(preset, BLOCKS_BY_LENGTH["short"]), sum(1 for e in top if shows_code(e)))
