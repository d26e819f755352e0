"""Write retell/data/overlines.json: which of the rules retell ships can flag a value over several lines, read
from each regex (retell/secrets/overlines.py). Run it after changing a rule's regex, flags or group, or after
refresh_gitleaks.py (which runs it); tests/secrets/test_over_lines.py fails while the table is out of date.

    python bench/secrets/write_overlines.py
"""

from __future__ import annotations

import orjson

from retell.secrets.overlines import TABLE, table_of
from retell.secrets.scanner import base_rules


def main() -> None:
    rules, _ = base_rules()
    document = {"about": "retell/secrets/overlines.py: TABLE", "rules": table_of(rules)}
    TABLE.write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")
    print(f"{TABLE}: {len(document['rules'])} rules")


if __name__ == "__main__":
    main()
