"""Write retell/data/gates.json.gz: each regex retell ships read as RE2 reads it first (retell/secrets/gate.py: the
rules' gates and their prefilters' wider patterns), so that a scan does not read them again in each process. Run it
after changing a rule's regex or flags, or after refresh_gitleaks.py (which runs it);
tests/secrets/test_gate.py fails while the table is out of date.

    python bench/secrets/write_gates.py
"""

from __future__ import annotations

import gzip

import orjson

from retell.secrets.gate import TABLE, table_of
from retell.secrets.scanner import shipped_regexes


def main() -> None:
    document = {"about": "retell/secrets/gate.py: TABLE", **table_of(*shipped_regexes())}
    data = orjson.dumps(document, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"
    TABLE.write_bytes(gzip.compress(data, 9, mtime=0))  # (mtime 0: the same rules, the same bytes)
    print(f"{TABLE}: {len(document['gates'])} regexes")


if __name__ == "__main__":
    main()
