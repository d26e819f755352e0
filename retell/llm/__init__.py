"""Model calls: engines (anthropic, claude-cli), the call log and cache, prices, and the runner."""
