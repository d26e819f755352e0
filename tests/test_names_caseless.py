"""The section prompt's Names rule ("the reader has already met …", "here: …") on posts in scripts without capitals.

A blind reading of a Korean post (check set blind25, stop 51) found the prompt telling the model the reader had
met "Code에, Claude가" and should introduce "Seoul을, UTC와": a Latin word's name ran on into the Korean particle
written straight after it. Japanese writes its particles the same way, and there a capitalised word after "。" is no
sentence's start, so names after a kana or a full stop were lost.
"""

from __future__ import annotations

import pytest

from retell.write.names import met_names, names_in


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "Claude Code에 부탁했고 Claude가 Seoul을 기준으로 UTC와 비교했어요. "
            "OrderTable의 컬럼은 TS2353으로 실패했어요.",
            "ko",
            ["Seoul", "OrderTable", "TS2353"],
        ),
        ("Claude Codeに頼んだ。Vercelで動くNext.jsのページが壊れた。", "ja", ["Vercel", "Next.js"]),
        ("用Vercel部署了Next.js应用，Claude说Prisma的迁移失败了。", "zh", ["Vercel", "Next.js", "Prisma"]),
    ],
)
def test_a_name_ends_where_the_particle_begins(text: str, language: str, expected: list[str]) -> None:
    assert names_in(text, language) == expected


def test_latin_names_keep_their_own_accented_letters() -> None:
    assert names_in("We moved the cache to München and Kraków, then deployed to Vercel.", "en") == [
        "München",
        "Kraków",
        "Vercel",
    ]


def test_an_english_sentence_start_is_still_no_name() -> None:
    assert names_in("Fixed the import. Then Claude ran Vitest.", "en") == ["Vitest"]


def test_the_met_list_never_carries_a_particle() -> None:
    met = met_names(
        ["Claude Code가 Pinia 스토어를 고쳤어요.", "Claude는 sessionStorage와 watch를 썼어요."], language="ko"
    )
    assert met == ["Pinia"]
    assert not any(ch >= "\uac00" for name in met for ch in name)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Claudes förslag var att spara spärren i NVS.", "sv"),
        ("Clauden mukaan vika oli kyselyssä.", "fi"),
        ("Zapytałem Claude'a o migrację.", "pl"),
        ("Podle Claudova návrhu jsem se zeptal Clauda i Claudovi.", "cs"),
    ],
)
def test_claudes_name_inflected_is_the_name_the_reader_met(text: str, language: str) -> None:
    assert not [n for n in names_in(text, language) if n.startswith("Claude")]


def test_an_option_and_an_owner_pair_are_no_names() -> None:
    text = "Claude ran `rsync -a` (the `-a` keeps modes); the file was owned by `root root`, now by `deploy:deploy`."
    assert names_in(text, "en") == ["rsync -a"]


def test_a_two_word_weekday_is_no_name() -> None:
    # Vietnamese "thứ Ba" (Tuesday) and "thứ Hai" (Monday): a model was asked to introduce "Ba" and "Hai" (stop 51)
    assert names_in("Khách đặt lịch vào thứ Ba và thứ Hai, ở Việt Nam, qua Prisma.", "vi") == ["Việt Nam", "Prisma"]
