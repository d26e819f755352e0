"""Refresh retell's vendored gazetteer of people's given names and family names (retell/data/person-names.txt.gz).

    pip install 'retell[bench]'                   # Faker, the source
    python bench/secrets/refresh_names.py
    python bench/secrets/refresh_names.py --romanise-vendored   # only add the Latin spellings (no Faker needed)

Faker (MIT, https://github.com/joke2k/faker, released monthly) keeps, for each of ~85 locales, the given names
and family names people there have, each in its own script: `Priya`, `Jürgen`, `Алексей`, `محمد`, `प्रिया`,
`雅婷`, `민준`, `太郎`. retell uses them to tell a person's name told in prose with no cue (`Wei Zhang approved
the PR`) from a capitalised phrase (`Pull Request`). retell does not depend on Faker at run time: the names are
written here as one gzipped text (~220 KB) that the scanner reads in ~30 ms, only when a text holds a
capitalised pair of words or a name in a script without case.

Names in Cyrillic, Greek and Hangul are also given the Latin spellings their standard romanisations make
(`Оксана` -> `Oksana`, `Гриценко` -> `Hrytsenko`, `서연` -> `Seo-yeon`: romanise_names.py).

The file: a header, then `# given` and the given names, one a line, then `# family` and the family names.
Then run `pytest tests/secrets` and `python bench/secrets/bench_blind.py` on the sets, and commit the file.
"""

from __future__ import annotations

import gzip
import importlib
import pkgutil
import sys
from collections.abc import Iterable
from datetime import date
from pathlib import Path

from romanise_names import with_romanised_spellings

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "retell" / "data" / "person-names.txt.gz"


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        yield from (v for v in value if isinstance(v, str))


def collect() -> tuple[set[str], set[str], str]:
    """Every locale's given names and family names (their attributes `first_name*`, `last_name*` and the
    romanised spellings some locales add)."""
    import faker
    import faker.providers.person as person

    given: set[str] = set()
    family: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        provider = getattr(importlib.import_module(f"{person.__name__}.{module.name}"), "Provider", None)
        if provider is None:
            continue
        for attr, value in vars(provider).items():
            if attr.startswith(("first_name", "first_romanized")):
                given.update(_strings(value))
            elif attr.startswith(("last_name", "last_romanized")):
                family.update(_strings(value))
    clean = {n.strip() for n in given | family}
    given = {n.strip() for n in given if n.strip() in clean and "\n" not in n}
    family = {n.strip() for n in family if n.strip() in clean and "\n" not in n}
    # a one-letter "name" is an initial, never told alone
    given = {n for n in given if len(n) > 1 or not n.isascii()}
    family = {n for n in family if len(n) > 1 or not n.isascii()}
    given = with_romanised_spellings(given, given=True)
    family = with_romanised_spellings(family, given=False)
    return with_plain_spellings(given, 5), with_plain_spellings(family, 4), faker.VERSION


def with_plain_spellings(names: set[str], shortest: int) -> set[str]:
    """The names, and the Latin ones also as they are typed without their accents (`Trần` -> `Tran`,
    `Karataş` -> `Karatas`, `Đặng` -> `Dang`): many people type their own name so in a terminal or a commit.
    Only from `shortest` letters: a short plain spelling is too often a word or a place's (`Hồng` -> `Hong`,
    as in Hong Kong; `Sá` -> `Sa`)."""
    import unicodedata

    plain = set()
    for name in names:
        if not name.isascii():
            decomposed = unicodedata.normalize("NFKD", name.replace("đ", "d").replace("Đ", "D"))
            folded = "".join(c for c in decomposed if not unicodedata.combining(c))
            if folded.isascii() and folded.isalpha() and len(folded) >= shortest:
                plain.add(folded)
    return names | plain


def romanise_vendored() -> tuple[set[str], set[str], str]:
    """The vendored names with their Latin spellings added, without Faker: (given, family, the file's header)."""
    text = gzip.decompress(OUT.read_bytes()).decode("utf-8")
    header, rest = text.split("# given\n", 1)
    given, family = rest.split("\n# family\n", 1)
    return (
        with_romanised_spellings({n for n in given.split("\n") if n}, given=True),
        with_romanised_spellings({n for n in family.split("\n") if n}, given=False),
        header,
    )


def main() -> None:
    if "--romanise-vendored" in sys.argv[1:]:
        given, family, header = romanise_vendored()
    else:
        given, family, version = collect()
        header = (
            f"# people's names from Faker {version} (MIT, Copyright (c) 2012 Daniele Faraglia; see faker-LICENSE), "
            f"retrieved {date.today().isoformat()} by bench/secrets/refresh_names.py\n"
        )
    text = header + "# given\n" + "\n".join(sorted(given)) + "\n# family\n" + "\n".join(sorted(family)) + "\n"
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"{OUT}: {len(given)} given names, {len(family)} family names ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
