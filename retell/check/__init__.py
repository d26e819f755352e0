"""The check: every claim a draft makes (quotes, paths, commands, numbers, who did what) traced to the
cleared session. See docs/check.md.

claims.py finds the claims in draft.md (document.py reads its blocks and markers), sources.py indexes
what the author cleared, trace.py (with quotes.py) traces each claim, report.py prints the result, and
stage.py is what `retell check`, `retell draft` and `retell render` call.
"""
