"""retell's own archive of finished sessions: Claude Code deletes transcripts after `cleanupPeriodDays` (30 by
default), often before the author decides a session was worth a post.

- `paths`: where the archive lives (`$RETELL_ARCHIVE_DIR`, else `$XDG_DATA_HOME/retell/sessions`).
- `store`: copying one session (and its `<id>/` folder of subagents) in, atomically; the archive's index.
- `hook`: the SessionEnd hook's body, which never fails the session it runs after.
- `settings`: the hook entry in Claude Code's `settings.json`, and `cleanupPeriodDays`.

The archive mirrors Claude Code's `projects/` layout (`<project-folder>/<session-id>.jsonl`,
`<project-folder>/<session-id>/subagents/…`), so everything that reads a project folder reads it too.
"""
