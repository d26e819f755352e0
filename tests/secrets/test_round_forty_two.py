"""Round forty-two (secrets): the session's account name where a listing prints it as an account.

Found by a writer answering retell's prompts for fresh43 (stop 62, sessions written blind): a savings group's
script folder was listed with `ls -la`, and every row printed the author's account twice
(`-rw-rw-r-- 1 adewale adewale 57344 Nov 13 19:12 ajo.db`) while the same account was redacted in the project's
path; `id` prints it too (`uid=1000(adewale)`). A long listing's owner and group (a name, another, a size, a date)
and `id`'s parenthesis are account names, like a path's `/home/<name>`. A name that is also a word stays a word in
prose.

And a Chinese group buy's order list (接龙): each row a flat's address, then whom the order is for, then the goods
(`2栋1单元301 王敏 鸡蛋2盒`); 2 of its 12 households were flagged and the rest reached the model beside their
addresses. A name of two or three characters starting with a common family name right after such an address is a
person's, and so is a family name with a word for who they are (`刘阿姨`, `周老师`). Every name here is this
file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from secrets_support import default_triage

from retell.parse import ParseResult
from retell.redact import cleared_view
from retell.secrets import Scanner


def _accounts(name: str, text: str) -> list[str]:
    return [text[f.start : f.end] for f in Scanner(usernames=(name,)).scan(text) if f.kind == "username"]


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("-rw-rw-r-- 1 obiageli obiageli 57344 Nov 13 19:12 ledger.db", 2),
        ("drwxr-xr-x  3 obiageli staff   96 Nov  4 08:58 form_exports", 1),  # macOS: the group is `staff`
        ("-rw-r--r--@ 1 obiageli  staff  1.2K 14 nov 09:08 notes.md", 1),  # -h sizes, a locale's day first
        ("-rw-r--r-- 1 obiageli obiageli 987 2026-10-28 20:03 import.py", 2),  # --time-style=long-iso
        ("uid=1000(obiageli) gid=1000(obiageli) groups=1000(obiageli),27(sudo)", 3),
    ],
)
def test_a_listing_prints_the_account_as_an_account(line: str, found: int) -> None:
    assert _accounts("obiageli", line) == ["obiageli"] * found


def test_a_listing_of_a_word_account_is_still_found() -> None:
    assert _accounts("will", "-rw-r--r-- 1 will will 4096 Oct  4  2025 shop.py") == ["will", "will"]


@pytest.mark.parametrize(
    "text",
    [
        "I will 2 reminders Nov 14 send",  # prose whose words only look like a row
        "total 96 (will be 4096 Nov 14)",
        "the owner is obiageli's cousin",  # a name in prose: not an account's place
    ],
)
def test_prose_is_no_listing(text: str) -> None:
    assert _accounts("will" if "will" in text else "obiageli", text) == []


# A WeChat group's order list (接龙), as fresh43's group buy pasted it: a flat's address, then whom it is for
_JIELONG = (
    "#接龙\n4月12日（周日）下午到货，今晚9点截止\n"
    "1. 2栋1单元301 孟佳 鸡蛋2盒\n"
    "2. 5栋802 石志强 青菜3份 馒头1袋\n"
    "3. 2栋2单元1102 邹姐 鸡蛋1盒\n"
    "4. 3栋402 毛阿姨 馒头2袋\n"
    "5. 1栋203 周老师 青菜2份\n"
    "6. 4栋1101 龚雪 138****6127 鸡蛋2盒\n"
)


def test_a_name_after_a_flats_address_is_the_households() -> None:
    found = [f.value for f in Scanner().scan(_JIELONG) if f.kind == "person-name"]
    # a family name with a word for who they are is named whole, as the list writes them
    assert found == ["孟佳", "石志强", "邹姐", "毛阿姨", "周老师", "龚雪"]


@pytest.mark.parametrize(
    "text",
    [
        "1栋      4     6     3\n2栋     12     5     7",  # a summary table: a building, then counts
        "3栋1204 鸡蛋2盒",  # an order with no name
        "5栋802 白天不在家，放门口",  # a note: `白天` (daytime) starts as a family name does
    ],
)
def test_an_address_without_a_name_flags_no_one(text: str) -> None:
    assert [f.value for f in Scanner().scan(text) if f.kind == "person-name"] == []


@pytest.fixture
def group_buy(parse) -> ParseResult:
    tx = Transcript(cwd="/home/xiaoyu/tuangou")
    tx.user("接龙导出的 txt 能直接转成 excel 吗？按楼栋汇总，周日前要给团长")
    tx.tool_call("Bash", {"command": "head -20 接龙0411.txt"}, _JIELONG)
    tx.assistant("可以。每行是「楼栋门牌 名字 商品」，我按楼栋汇总。周老师那行只有青菜。")
    return parse(tx)


def test_the_households_names_are_cleared_and_the_week_is_not(group_buy: ParseResult, tmp_path: Path) -> None:
    view = json.dumps(cleared_view(group_buy.log, default_triage(group_buy, tmp_path)).to_dict(), ensure_ascii=False)
    for name in ("孟佳", "石志强", "邹姐", "毛阿姨", "周老师", "龚雪"):
        assert name not in view, name
    assert "[REDACTED:person-name]那行" in view  # Claude's words name the same person
    assert "周日" in view and "4月12日（周日）" in view  # a family name's character in a word is no one


# A school-shuttle bot's pupils file, as fresh44 printed it: four pupils, four parents, the parents' mobiles
_PUPILS = (
    "ogrenci,sinif,veli,telefon,chat_id,guzergah,durak_sira\n"
    "Zeynep Yıldız,3-B,Hatice Yıldız,0532 418 27 90,5120448813,Nilüfer,1\n"
    "Emir Koç,5-A,Hakan Koç,0544 203 66 15,6033918270,Nilüfer,2\n"
    "Ela Aydın,4-A,Sevgi Aydın,0533 902 18 44,5877312096,Ihsaniye,10\n"
)


def test_a_csv_column_headed_as_people_or_phones_is_read_as_its_header_says() -> None:
    found = [(f.kind, f.value) for f in Scanner().scan(_PUPILS)]
    assert [v for k, v in found if k == "person-name"] == [
        "Zeynep Yıldız",
        "Hatice Yıldız",
        "Emir Koç",
        "Hakan Koç",
        "Ela Aydın",
        "Sevgi Aydın",
    ]
    assert [v for k, v in found if k == "phone-number"] == ["0532 418 27 90", "0544 203 66 15", "0533 902 18 44"]
    assert "5120448813" not in [v for _, v in found]  # a chat id's column says no phone


@pytest.mark.parametrize(
    "table",
    [
        "sku,name,price\nA-12,Earl Grey,4.50\nB-07,Green Tea,3.90\nC-01,English Breakfast,4.10\n",  # teas
        "order_id,phone_model,qty\n10023,Pixel 8,2\n10024,Galaxy S24,1\n",  # a column of phones' models
    ],
)
def test_a_csv_of_things_names_no_one(table: str) -> None:
    found = [(f.kind, f.value) for f in Scanner().scan(table)]
    assert [v for k, v in found if k in ("person-name", "phone-number")] == []


def test_an_sms_gateways_number_and_the_name_beside_it() -> None:
    """fresh45's dance school: a dry run printed each pupil's number as its SMS gateway takes it, then their name."""
    dry_run = (
        "Kursanci: 64, do przypomnienia: 2\n"
        "[DRY-RUN] 48601555214  Halina Wójcik: 1 SMS (59 zn.)\n"
        "[DRY-RUN] 48535555902  Magdalena Zając: 1 SMS (61 zn.)\n"
    )
    found = [(f.kind, f.value) for f in Scanner().scan(dry_run)]
    assert found == [
        ("phone-number", "48601555214"),
        ("person-name", "Halina Wójcik"),
        ("phone-number", "48535555902"),
        ("person-name", "Magdalena Zając"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "build 1700000000123 took 4s, SMS sent",  # a timestamp
        "order 48601555214 shipped to Halina Wójcik",  # no word of a phone or a message on its line
    ],
)
def test_a_long_number_without_a_phones_word_is_no_phone(text: str) -> None:
    assert [f.value for f in Scanner().scan(text) if f.kind == "phone-number"] == []


# (fresh47, its writer at the second pin) a lending group's reminders, a blood camp's donors, a workshop's customers


def test_a_whole_international_number_outside_the_known_ranges_is_still_a_phone() -> None:
    reminders = "+972-54-3382911 שלום רחל, תזכורת להחזיר\n+972-54-1190637 שלום מיכל, תזכורת להחזיר את העריסה\n"
    assert [f.value for f in Scanner().scan(reminders) if f.kind == "phone-number"] == [
        "+972-54-3382911",
        "+972-54-1190637",  # a range libphonenumber does not hold: possible, not valid
    ]
    assert [f.value for f in Scanner().scan("x=+972541190637; offset +0530, id +1234567890")] == []


def test_a_header_with_a_unit_in_parentheses_still_heads_its_columns() -> None:
    donors = (
        "Timestamp,Full name,Gender,Age,Weight (kg),Blood group,Mobile,Email,Last donation date,Area\n"
        "03/09/2023 10:14:22,Ravi Shetty,Male,34,72,B+,9845012345,,18/11/2025,HAL 2nd Stage\n"
        "05/09/2023 19:02:47,Kavya Rao,Female,41,61,A+,9886022953,,07/10/2025,Jeevan Bima Nagar\n"
    )
    found = [(f.kind, f.value) for f in Scanner().scan(donors)]
    assert [v for k, v in found if k == "phone-number"] == ["9845012345", "9886022953"]
    assert [v for k, v in found if k == "person-name"] == ["Ravi Shetty", "Kavya Rao"]


def test_an_indonesian_form_of_address_and_the_number_beside_a_name() -> None:
    reminders = (
        "[DRY RUN] 089627745130 Mbak Ratna: Halo Mbak Ratna, motor Beat AB 5108 GH sudah waktunya servis\n"
        "58:056,Dewi Anggraini,085643120987,AB 6630 UF,NMax 155\n"
    )
    found = [(f.kind, f.value) for f in Scanner().scan(reminders)]
    assert ("person-name", "Mbak Ratna") in found
    assert [v for k, v in found if k == "phone-number"] == ["089627745130", "085643120987"]


@pytest.mark.parametrize(
    "text",
    [
        "the Bang Olufsen speaker and tiene Mas Datos",  # words, not forms of address
        "Anna Kowalska 0123456789",  # a placeholder's digits beside a name
        "order 0612345678 shipped",  # no name beside it
    ],
)
def test_no_one_where_no_form_or_name_says_so(text: str) -> None:
    found = [(f.kind, f.value) for f in Scanner().scan(text)]
    assert [v for k, v in found if k == "phone-number"] == []
    assert not any(k == "person-name" and v.split()[0] in ("Bang", "Mas") for k, v in found)


def test_a_date_after_an_international_number_is_no_part_of_it() -> None:
    """fresh47's donors: "+91 97411 20583 02/06/2025" was read to the date's day, no number at all, and reached the
    model."""
    found = [f.value for f in Scanner().scan("Kavya Rao +91 97411 20583 02/06/2025") if f.kind == "phone-number"]
    assert found == ["+91 97411 20583"]


def test_an_identifier_written_as_an_address_is_no_mailbox() -> None:
    """fresh46's family calendar: the post's .ics excerpt showed `UID:[REDACTED:email]`, an event's identifier
    redacted as an address; a message's ids are the same kind of thing. A mailbox in the same file still is one."""
    ics = "BEGIN:VEVENT\n24:UID:gio-1998-0328-2026@hotran.vn\nORGANIZER;CN=Khoa:mailto:khoa.tran@hotran.vn\nEND:VEVENT"
    assert [f.value for f in Scanner().scan(ics) if f.kind == "email"] == ["khoa.tran@hotran.vn"]
    headers = "Message-ID: <CAB7x2@mail.gmail.com>\nIn-Reply-To: <CAB7x1@mail.gmail.com>\nFrom: lan.tran@hotran.vn"
    assert [f.value for f in Scanner().scan(headers) if f.kind == "email"] == ["lan.tran@hotran.vn"]
