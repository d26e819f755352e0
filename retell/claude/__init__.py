"""All knowledge of Claude Code's files lives in this package; nothing downstream sees raw records."""
