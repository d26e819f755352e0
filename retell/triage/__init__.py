"""triage.yaml: the author's gate. Generate, merge with hand edits, validate, approve."""
