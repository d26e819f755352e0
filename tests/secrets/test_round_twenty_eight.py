"""Round twenty-eight (issue 22): real names as a class, from how people and tools write them, in more scripts and
languages; and the look-alikes beside them (a Credits section's fonts, a team in a list of people, a street, a public
figure after a sentence's first word). Every case is this file's own, none a blind set's text.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


def _whole(text: str, name: str) -> bool:
    """Every character of `name` inside one finding (never a part of it left)."""
    found = SCANNER.scan(text)
    start = text.index(name)
    return any(f.start <= start and start + len(name) <= f.end for f in found)


def _names(text: str) -> list[str]:
    return [text[f.start : f.end] for f in SCANNER.scan(text) if f.kind == "person-name"]


# -- a list of people under its heading: each item read on its own words ------------------------------------------

LISTED = [
    ("# Authors\n\n- Emre Kaplan\n- dependabot[bot]\n", "Emre Kaplan"),
    ("## Maintainers\n\n- Chidi Okeke (@chidio)\n- renovate[bot]\n", "Chidi Okeke"),
    ("Attendees:\n- Ruby Castellanos\n- Tomasz Wróbel\n", "Ruby Castellanos"),
    ("Reviewers\n---------\n- Mark Hollis\n- Aylin Koç\n", "Mark Hollis"),
    ("## Acknowledgements\n\n- Tunde Bakare\n- the Rust community\n", "Tunde Bakare"),
    ("Participants:\n- Ingrid Solberg\n- Platform Team\n", "Ingrid Solberg"),
    ("### Teilnehmer\n- Jürgen Hoffmann\n- Katrin Vogel\n", "Jürgen Hoffmann"),
    ("Katılımcılar:\n- Selin Aydın\n- Kerem Doğan\n", "Selin Aydın"),
    ("Uczestnicy:\n- Bartosz Kowalczyk\n", "Bartosz Kowalczyk"),
]


@pytest.mark.parametrize(("text", "name"), LISTED)
def test_an_item_under_a_people_heading_is_a_name_whatever_its_neighbours(text: str, name: str) -> None:
    assert _whole(text, name)


LISTED_THINGS = [
    "## Credits\n\n- Font Awesome\n- Material Design Icons\n",
    "## Credits\n\n- Lucide Icons\n- Tailwind Labs\n",
    "## Credits\n\n- Heroicons\n- Google Fonts\n- Inter Typeface\n",
    "## Acknowledgements\n\n- The Rust community\n- Open Source Initiative\n",
    "# Authors\n\n- Web Platform\n- Release Engineering\n",
    "Maintainers:\n  - renovate[bot]\n  - github-actions[bot]\n",
    "Participants:\n- Backend Guild\n- Mobile Squad\n",
    "Attendees:\n- Engineering\n- Design\n",
]


@pytest.mark.parametrize("text", LISTED_THINGS)
def test_fonts_icons_and_teams_in_those_lists_are_no_one(text: str) -> None:
    assert _names(text) == []


# -- a labelled list on one line: the label says its items are people -----------------------------------------------

LABELLED = [
    ("Attendees: Kaveh Farahani, Choi Min-jun", "Kaveh Farahani"),
    ("Attendees: Tiago Mbeki-Ferraz, Ottilie Brandvold", "Ottilie Brandvold"),
    ("Present: Bartholomew Quenneville, Odalys Ferreira-Quist", "Odalys Ferreira-Quist"),
    ("Attendees: Wiremu Tane; Aroha Ngata; Jonas Petersen", "Wiremu Tane"),
]


@pytest.mark.parametrize(("text", "name"), LABELLED)
def test_a_name_no_list_knows_under_a_people_label(text: str, name: str) -> None:
    assert _whole(text, name)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Participantes: Equipo Plataforma, Datos, SRE", []),
        ("Attendees: Site Reliability, Platform Team", []),
        ("Participantes: Lucía Ferrán, Equipo Datos", ["Lucía Ferrán"]),
        ("Attendees: Lucía Ferrán, Platform Team", ["Lucía Ferrán"]),
        ("Reviewers: Kubernetes Maintainers, Docs Team", []),
    ],
)
def test_a_team_in_a_list_of_people_is_no_one(text: str, names: list[str]) -> None:
    assert _names(text) == names


# -- Turkish: a name, then what the person did in a past tense; the sentence's first word is not the name's ---------

TURKISH = [
    ("Dün Mehmet Öztürk düzeltti, tekrar dene.", "Mehmet Öztürk"),
    ("Hatayı Zeynep Arslan buldu.", "Zeynep Arslan"),
    ("Burak Çelik onayladı, merge edebiliriz.", "Burak Çelik"),
    ("Sonra Ayşe Kaya da inceledi.", "Ayşe Kaya"),
    ("Ahmet Yıldız merge etti, şimdi deploy ediyorum.", "Ahmet Yıldız"),
    ("Bu PR'ı Elif Yıldırım yaptı.", "Elif Yıldırım"),
    ("Dün GitHub'da Emre Kaplan açtı", "Emre Kaplan"),
]


@pytest.mark.parametrize(("text", "name"), TURKISH)
def test_a_turkish_name_before_its_past_tense(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Kubernetes Engine merge etti bunu.",
        "Visual Studio Code güncelledi eklentiyi.",
        "Hatayı Sentry buldu.",
        "Bugün Docker Desktop çöktü.",
        "Dün İstanbul Boğazı üzerinde yeni köprü açıldı.",
    ],
)
def test_a_product_before_a_turkish_past_tense_is_no_one(text: str) -> None:
    assert _names(text) == []


# -- Vietnamese: what a person did after the name; a name of four words ----------------------------------------------

VIETNAMESE = [
    ("Trần Quốc Bảo đã sửa lỗi này", "Trần Quốc Bảo"),
    ("Lê Minh Tuấn nói là cache bị stale", "Lê Minh Tuấn"),
    ("Nguyễn Thu Hà vừa review xong PR này", "Nguyễn Thu Hà"),
    ("Attendees: Lê Thị Bích Ngọc, Akosua Boateng", "Lê Thị Bích Ngọc"),
    ("Trần Thị Thu Hà đã duyệt PR", "Trần Thị Thu Hà"),
    ("anh Nguyễn Văn Minh Tuấn nói", "Nguyễn Văn Minh Tuấn"),
]


@pytest.mark.parametrize(("text", "name"), VIETNAMESE)
def test_a_vietnamese_name_whole(text: str, name: str) -> None:
    assert _whole(text, name)


@pytest.mark.parametrize(
    "text",
    ["đường Nguyễn Thị Minh Khai, Quận 1", "Nguyễn Văn Linh Street", "Visual Studio Code nói là lỗi", "Lê Văn A"],
)
def test_a_vietnamese_street_or_stand_in_is_no_one(text: str) -> None:
    assert _names(text) == []


# -- Chinese: a name thanked; a name that starts its sentence before what only a person does --------------------------

CHINESE = [
    ("感谢王建国的建议，我们改成了批量写入。", "王建国"),
    ("谢谢刘伟帮忙修复这个问题", "刘伟"),
    ("多谢陈晓明提供的日志", "陈晓明"),
    ("特别感谢张雨桐，她找到了根因。", "张雨桐"),
    ("謝謝黃志明幫忙看log", "黃志明"),
    ("致谢：周文博、吴佳怡", "周文博"),
    ("王浩然说这个接口要改", "王浩然"),
    ("李明远提交了这个补丁", "李明远"),
]


@pytest.mark.parametrize(("text", "name"), CHINESE)
def test_a_chinese_name_thanked_or_saying(text: str, name: str) -> None:
    assert _whole(text, name)


@pytest.mark.parametrize(
    "text",
    [
        "感谢大家的支持",
        "谢谢你的建议",
        "感谢这个库的作者",
        "感谢张老师的帮助",
        "谢谢李总",
        "多谢王工",
        "感谢万分",
        "感谢高手指点",
        "感谢您的耐心等待",
        "多谢指教",
        "程序员说这样不行",
        "白名单说明在这里",
        "高并发说实话很难",
    ],
)
def test_thanks_and_sayings_with_no_name(text: str) -> None:
    assert _names(text) == []


# -- a particle glued to the family name; a public figure after a sentence's first word -----------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Omar al-Farouq reviewed the PR", "Omar al-Farouq"),
        ("Yusuf el-Amin merged it", "Yusuf el-Amin"),
        ("Lucia d'Amico approved it", "Lucia d'Amico"),
    ],
)
def test_a_glued_particle_is_the_names(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Per Martin Fowler's Refactoring book, extract the method.",
        "As Donald Knuth wrote, premature optimization is the root of all evil.",
        "the al-Qaeda report",
        "Let's Encrypt renews it",
    ],
)
def test_a_public_figure_or_a_phrase_is_no_one(text: str) -> None:
    assert _names(text) == []


def test_two_readings_of_one_name_are_joined() -> None:
    # (each name rule reads three words at most; two readings over the same words make one name, never a part)
    text = "Attendees: Lê Thị Bích Ngọc, Akosua Boateng"
    assert _names(text) == ["Lê Thị Bích Ngọc", "Akosua Boateng"]


# -- a table's cell and a meeting's roles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("| PROJ-12 | Fix login | Haruka Sato | In Progress |", "Haruka Sato"),
        ("| Owner | Status |\n| Jonas Becker | Done |", "Jonas Becker"),
        ("## Retro notes\n\nFacilitator: Oyelaran Adebayo\nNote taker: Maja Lindholm\n", "Oyelaran Adebayo"),
        ("Moderator: Ifeanyi Okonjo", "Ifeanyi Okonjo"),
    ],
)
def test_a_name_in_a_tables_cell_or_under_a_meetings_role(text: str, name: str) -> None:
    assert _whole(text, name)


@pytest.mark.parametrize(
    "text",
    [
        "| Grafana Cloud | Enabled |",
        "| Release Notes | Done |",
        "| Victoria Metrics | v1.2 |",
        "| Font Awesome | MIT |",
        "| Pull Request | Review Status |",
        "Moderator: Ubuntu Server",
        "Presenter: Kubernetes Operator",
        "Organizer: Acme Events Team",
    ],
)
def test_a_product_in_a_tables_cell_or_under_a_role_is_no_one(text: str) -> None:
    assert _names(text) == []
