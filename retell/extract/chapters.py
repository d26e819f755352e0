"""Chapter breaks: session changes, compactions, `/compact`, and pauses of hours. A break requested before
the current chapter has told anything (e.g. `/compact`, then its boundary, then its summary) folds into that
chapter."""

from __future__ import annotations

from retell.events import Chapter, Event

# More specific reasons win when several signals describe the same break.
_REASON_RANK = {"start": 0, "idle": 1, "session_change": 2, "slash_compact": 3, "compaction": 4}


class ChapterTracker:
    def __init__(self) -> None:
        self.chapters: list[Chapter] = [Chapter(id="ch1", index=1, reason="start")]
        self.has_content = False
        self.bridge_event: dict[str, Event] = {}  # chapter id -> its bridge event (ids are assigned later)
        self._pending_recap: Event | None = None
        self.idle_pending = False  # a pause of hours happened; the next told event opens a new chapter

    @property
    def current(self) -> Chapter:
        return self.chapters[-1]

    def content(self) -> None:
        """The current chapter now tells something; a later break starts a new one."""
        self.has_content = True
        self._pending_recap = None

    def request_break(
        self,
        reason: str,
        session_id: str | None = None,
        trigger: str | None = None,
        pre_tokens: int | None = None,
    ) -> Chapter:
        chapter = self.current
        if reason == "idle" and not self.has_content:
            self.idle_pending = False  # nothing told since the last break: a pause is no break of its own
            return chapter
        if self.has_content:
            chapter = Chapter(id=f"ch{len(self.chapters) + 1}", index=len(self.chapters) + 1, reason=reason)
            self.chapters.append(chapter)
            self.has_content = False
            recap = self._pending_recap
            if recap is not None and reason in ("session_change", "idle"):
                self.bridge_event[chapter.id] = recap
                recap.chapter = chapter.id  # the recap opens the chapter it bridges into
            self._pending_recap = None
        elif _REASON_RANK.get(reason, 0) > _REASON_RANK.get(chapter.reason, 0):
            chapter.reason = reason
        self.idle_pending = False
        if session_id is not None:
            chapter.session_id = session_id
        if trigger is not None:
            chapter.trigger = trigger
        if pre_tokens is not None:
            chapter.pre_tokens = pre_tokens
        return chapter

    def set_bridge(self, event: Event) -> None:
        """A compaction summary: the current chapter's "previously…"."""
        self.bridge_event[self.current.id] = event

    def note_recap(self, event: Event) -> None:
        """An away summary: the bridge of the next chapter if a session change or a long pause follows."""
        self._pending_recap = event
