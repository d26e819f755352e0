"""records -> events: pure functions and one streaming state machine (session.py)."""
