"""The command line: one thin module per command family; stage modules are imported inside each
command so `retell --help` stays fast. Commands are listed in the order a user meets them."""

# isort: skip_file
from retell.cli import parse, triage, writing, revise, check, publish, preview, discover, hook  # noqa: F401  (each registers its commands)
from retell.cli.app import app, main

__all__ = ["app", "main"]
