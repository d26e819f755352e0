"""Finding the session worth a post: `retell list`, `retell stats`, `retell schema`.

- `headtail`  bounded reads of a transcript's first and last bytes
- `peek`      those bytes -> what a listing row needs (through the parser's own extractor)
- `index`     Claude Code's `sessions-index.json`, the fast path where it exists
- `cache`     peeks kept between runs, keyed by path, size and mtime
- `projects`  the config dir, project folders, session and subagent files
- `score`     the story score
- `listing`   the rows of `retell list`; `table` draws them
- `stats`     one full pass (`extract_session`) -> the numbers of `retell stats`
- `schema_report`  what a set of transcripts holds, and what retell does not know
"""
