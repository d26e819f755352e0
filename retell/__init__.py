"""retell: turn a Claude Code session into a blog post, with the author in control of what is told."""

__version__ = "0.1.0"
