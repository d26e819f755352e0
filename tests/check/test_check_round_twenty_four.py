"""Round twenty-four of the check (issue 21): false alarms on faithful prose of blind16 (V1 English, V2 Vietnamese), by
class, on sessions of our own.

- A Vietnamese post is a language of its own (`language_of` is "vi"): a paragraph in Vietnamese on English code or
  output shares only names, numbers and code with it (its syllables cannot be compared), and a marked translation
  of an English test name keeps that name's code (`logout/login`) as a German or Czech one does. A Vietnamese
  quote of the author's Vietnamese is still compared word for word.
- Code the line an edit is within holds (`defineStore('cart', …)`: the edit's place, read from the file as the
  session held it) is named by the session; a piece of an elided span with no letter or digit (the `)` that closes
  a call) says nothing of where it is.
- `install -m 755 …` (coreutils, `make install`, `go install`, `gem install`…) is an install, as `npm install` is.
- "cut after fourteen dates": a count of the items of one kind a cited output lists (dates, URLs, commit hashes).

Two catches the rules made on blind16's planted text only through those false alarms are made by rules of their own:

- a code block under prose in another language than the events (too few names to compare) is compared by its
  lines: a diff cited as the event beside it is a wrong citation;
- "Sau khi X, Y" / "Trước khi X, Y" tell an order as "After X, Y" does, and a side is placed at the events its
  paragraph cites when they hold what it names (not at a later summary that names it again).

Each faithful case has a planted twin that must still be reported.

The English session (real record format): e1 my request, e2 Claude's line, e3 a dry run printing a line of fourteen
dates cut short and a bare 283, e4 Claude's count, e5 the install (`sudo install -m 755 …`), e6 Claude's summary.
The Vietnamese session: e1 my request (Vietnamese), e2 Claude's answer (Vietnamese), e3 `npm ls`, e4 a read of
src/stores/cart.ts, e5 the edit removing `persist: true` (its place `export const useCartStore = defineStore(…`),
e6 a write of src/stores/cartPersistence.ts with English comments, e7 the failing vitest run, e8 an edit of
src/main.ts, e9 Claude's summary naming `persist: true` again, e10 my last message."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import (
    DRAFT_HEAD,
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.language import language_of
from retell.check.stage import run_check

DATES = (
    "2026-02-08 2026-02-07 2026-02-06 2026-02-05 2026-02-04 2026-02-03 2026-02-02 2026-02-01 2026-01-25 "
    "2026-01-18 2026-01-11 2026-01-01 2025-12-01 2025-11-01 2025-…\n283"
)
CART = (
    "import { defineStore } from 'pinia';\n\n"
    "export const useCartStore = defineStore('cart', {\n"
    "  state: () => ({ items: [] as CartItem[] }),\n"
    "  actions: {\n"
    "    add(item: CartItem) {\n"
    "      this.items.push(item);\n"
    "    },\n"
    "  },\n"
    "  persist: true,\n"
    "});\n"
)
PERSISTENCE = (
    "import { watch } from 'vue';\n"
    "import type { useAuthStore } from './auth';\n"
    "import type { useCartStore } from './cart';\n\n"
    "const keyFor = (userId: string | number) => `cart:${userId}`;\n\n"
    "/**\n"
    " * Persist the cart per user. Call once after pinia is installed.\n"
    " * - on login: load that user's saved cart (or start empty)\n"
    " * - on logout: drop the in-memory cart (the saved one stays for next login)\n"
    " */\n"
    "export function setupCartPersistence(auth: ReturnType<typeof useAuthStore>, "
    "cart: ReturnType<typeof useCartStore>) {\n"
    "  watch(() => auth.user?.id, (id) => {\n"
    "    if (id == null) { cart.$reset(); return; }\n"
    "    const saved = localStorage.getItem(keyFor(id));\n"
    "    cart.$patch(saved ? JSON.parse(saved) : { items: [] });\n"
    "  }, { immediate: true });\n"
    "}\n"
)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user("the nightly backup script keeps every snapshot. make it less bad: keep 7 daily, 4 weekly, 6 monthly")
    tx.tick(5)
    tx.assistant("I'll try the pruning in a temp dir first.")
    tx.tick(20)
    tx.tool_call("Bash", {"command": "T=$(mktemp -d); ./backup.sh --dry-run --dest $T | head -2"}, DATES)
    tx.tick(15)
    tx.assistant("Kept 17: 7 daily, 4 weekly, 6 monthly. 283 pruned.")
    tx.tick(60)
    tx.tool_call(
        "Bash",
        {
            "command": "sudo install -m 755 backup.sh /usr/local/sbin/backup.sh && sudo cp systemd/*.timer "
            "/etc/systemd/system/ && sudo systemctl daemon-reload && sudo systemctl enable --now backup.timer"
        },
        "Created symlink /etc/systemd/system/timers.target.wants/backup.timer → /etc/systemd/system/backup.timer.",
    )
    tx.tick(5)
    tx.assistant("Installed and the timer is enabled.")
    return approved_workdir(tmp_path_factory.mktemp("r24en"), tx)


@pytest.fixture(scope="module")
def vietnamese(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = "/home/minh/code/quan-ly-kho-fe"
    tx = Transcript()
    tx.user(
        "Chào bạn, sau khi logout rồi login bằng user khác thì giỏ hàng vẫn là của người trước. Mình muốn giỏ "
        "riêng cho từng user, bạn xem giúp mình nhé."
    )
    tx.tick(5)
    tx.assistant("Mình sẽ xem phiên bản của pinia trước, rồi lưu giỏ theo từng user với key `cart:<userId>`.")
    tx.tool_call(
        "Bash",
        {"command": "npm ls pinia pinia-plugin-persistedstate"},
        f"quan-ly-kho-fe@0.9.3 {root}\n├── pinia-plugin-persistedstate@4.1.3\n└── pinia@2.2.6",
    )
    tx.tick(4)
    numbered = "\n".join(f"{n:>6}\u2192{line}" for n, line in enumerate(CART.split("\n"), 1))
    tx.tool_call("Read", {"file_path": f"{root}/src/stores/cart.ts"}, numbered)
    tx.tick(6)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{root}/src/stores/cart.ts",
            "old_string": "  },\n  persist: true,\n});",
            "new_string": "  },\n});",
        },
        "ok",
    )
    tx.tick(6)
    tx.tool_call(
        "Write",
        {"file_path": f"{root}/src/stores/cartPersistence.ts", "content": PERSISTENCE},
        f"File created successfully at: {root}/src/stores/cartPersistence.ts",
    )
    tx.tick(30)
    tx.tool_call(
        "Bash",
        {"command": "npx vitest run src/stores"},
        "× keeps carts separate per user across logout/login 21ms\nTest Files  1 failed (1)\nTests  1 failed (1)",
        is_error=True,
    )
    tx.tick(20)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{root}/src/main.ts",
            "old_string": "app.use(pinia);",
            "new_string": "app.use(pinia);\nsetupCartPersistence(useAuthStore(), useCartStore());",
        },
        "ok",
    )
    tx.tick(5)
    tx.assistant("Xong: đã bỏ `persist: true` trong `cart.ts` và gọi `setupCartPersistence` trong `main.ts`.")
    tx.tick(300)
    tx.user("Ok chạy ổn rồi, mình tự commit nhé. Cảm ơn bạn!")
    return approved_workdir(tmp_path_factory.mktemp("r24vi"), tx)


# -- Vietnamese is a language of its own ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Claude không nói gì thêm về hai phiên bản ấy trước khi viết code.",
        "Phần thân hàm, nơi những việc ấy thật sự xảy ra, nằm trong những dòng phiên không in ra.",
        "Listener bỏ qua mọi thay đổi khi chưa login, khi key không phải của user đang login, hoặc khi giá trị "
        "mới rỗng.",
    ],
)
def test_vietnamese_is_told_as_vietnamese(text: str) -> None:
    assert language_of(text) == "vi"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The test failed once, and then it passed after the change to the store.", "en"),
        ("Claude pak ještě jednou spustil testy, které už prošly, a to je všechno.", "cs"),
        ("O teste falhou uma vez e depois passou com a mudança na store.", "pt"),
        ("Der Test ist einmal fehlgeschlagen und dann mit der Änderung durchgelaufen.", "de"),
    ],
)
def test_the_languages_told_before_are_told_as_before(text: str, language: str) -> None:
    assert language_of(text) == language


# (faithful, planted): a paragraph in Vietnamese on English code or output, and the same citing what it does not tell
CITATIONS = [
    (
        "Claude không nói gì thêm về hai phiên bản ấy trước khi viết code. <!-- ev: e3 e6 -->",
        "Sau đó Claude chạy `npx vitest run src/stores`, và `Tests  1 failed (1)` hiện ra với `AssertionError`. "
        "<!-- ev: e3 -->",
    ),
    (
        "Phần thân hàm, nơi những việc ấy thật sự xảy ra, nằm trong những dòng phiên không in ra. <!-- ev: e6 -->",
        "Ở bước này Claude chạy `npx vitest run src/stores` và lần chạy in ra `Tests  1 failed (1)`. <!-- ev: e4 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), CITATIONS)
def test_a_vietnamese_paragraph_on_english_events_shares_only_names(
    vietnamese: Path, faithful: str, planted: str
) -> None:
    assert problems(vietnamese, faithful) == []
    assert problems(vietnamese, planted) != []


TRANSLATED = [
    (
        "Bài test đó, «giữ giỏ riêng cho từng user qua logout/login» <!-- translated: e7 -->, là bài duy nhất trong "
        "`src/stores`. <!-- ev: e7 -->",
        "Bài test đó, «giữ giỏ riêng cho từng user qua logout/refresh» <!-- translated: e7 -->, là bài duy nhất "
        "trong `src/stores`. <!-- ev: e7 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), TRANSLATED)
def test_a_vietnamese_translation_of_an_english_test_name_keeps_its_code(
    vietnamese: Path, faithful: str, planted: str
) -> None:
    assert problems(vietnamese, faithful) == []
    assert any("logout/refresh" in line for line in problems(vietnamese, planted))


SAME_LANGUAGE = [
    (
        "Cuối cùng mình viết: “Ok chạy ổn rồi, mình tự commit nhé.” <!-- ev: e10 -->",
        "Cuối cùng mình viết: “Ok chạy ổn rồi, bạn commit và push giúp mình nhé.” <!-- ev: e10 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), SAME_LANGUAGE)
def test_a_vietnamese_quote_of_vietnamese_is_compared_word_for_word(
    vietnamese: Path, faithful: str, planted: str
) -> None:
    assert problems(vietnamese, faithful) == []
    assert any(": author quote: " in line or ": quote: " in line for line in problems(vietnamese, planted))


# -- code the line an edit is within holds -------------------------------------------------------------------------

PLACES = [
    (
        "Trong `cart.ts`, Claude bỏ đúng một dòng, `persist: true`, khỏi `defineStore('cart', …)`. <!-- ev: e5 -->",
        "Trong `cart.ts`, Claude bỏ đúng một dòng, `persist: true`, khỏi `createStore('cart', …)`. <!-- ev: e5 -->",
    ),
    (
        "In `cart.ts`, Claude took `persist: true` out of `defineStore('cart', { … })`. <!-- ev: e5 -->",
        "In `cart.ts`, Claude took `persist: true` out of `createStore('cart', { … })`. <!-- ev: e5 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), PLACES)
def test_code_of_the_line_an_edit_is_within_is_named(vietnamese: Path, faithful: str, planted: str) -> None:
    assert problems(vietnamese, faithful) == []
    assert any(": code: " in line for line in problems(vietnamese, planted))


# -- an install by another command than a package manager's --------------------------------------------------------

INSTALLS = [
    (
        "Claude then installed the script with mode 755 and enabled the timer, all in one chained command. "
        "<!-- ev: e5 -->",
        "Claude then installed the script with mode 755 and enabled the timer, all in one chained command. "
        "<!-- ev: e1 -->",
    ),
    (
        "Claude installed the units and reloaded systemd. <!-- ev: e5 e6 -->",
        "Claude installed the units and reloaded systemd. <!-- ev: e1 e2 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), INSTALLS)
def test_install_is_an_install(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": outcome: " in line for line in problems(english, planted))


# -- a count of what a cited output lists ---------------------------------------------------------------------------

LISTED = [
    (
        "The printed line is cut after fourteen dates, so the total of seventeen is Claude's count. <!-- ev: e3 e4 -->",
        "The printed line is cut after fifteen dates, so the total of seventeen is Claude's count. <!-- ev: e3 e4 -->",
    ),
    (
        "The dry run listed 14 dates before the line was cut. <!-- ev: e3 -->",
        "The dry run listed 16 dates before the line was cut. <!-- ev: e3 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), LISTED)
def test_a_count_of_what_a_cited_output_lists(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert any(": number: " in line for line in problems(english, planted))


# -- a code block under prose in another language --------------------------------------------------------------------

BLOCKS = [
    (
        "Lần sửa chỉ là một dòng:\n\n```ts\n   },\n-  persist: true,\n });\n```\n<!-- ev: e5 -->",
        "Lần sửa chỉ là một dòng:\n\n```ts\n   },\n-  persist: true,\n });\n```\n<!-- ev: e3 -->",
    ),
    (
        "Dòng Claude thêm vào `main.ts`:\n\n```ts\n+setupCartPersistence(useAuthStore(), useCartStore());\n```\n"
        "<!-- ev: e8 -->",
        "Dòng Claude thêm vào `main.ts`:\n\n```ts\n+setupCartPersistence(useAuthStore(), useCartStore());\n```\n"
        "<!-- ev: e3 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), BLOCKS)
def test_a_code_block_under_vietnamese_prose_is_compared_by_its_lines(
    vietnamese: Path, faithful: str, planted: str
) -> None:
    assert problems(vietnamese, faithful) == []
    assert any(": citation: " in line for line in problems(vietnamese, planted))


# -- the order of steps, at the moment the paragraph cites -----------------------------------------------------------

ORDERS = [
    (
        "Sau khi bỏ `persist: true` trong `cart.ts`, Claude sửa `main.ts`. <!-- ev: e5 e8 -->",
        "Sau khi sửa `main.ts`, Claude mới bỏ `persist: true` trong `cart.ts`. <!-- ev: e5 -->",
    ),
    (
        "Trước khi sửa `main.ts`, Claude đã bỏ một dòng trong `cart.ts`. <!-- ev: e5 e8 -->",
        "Trước khi bỏ một dòng trong `cart.ts`, Claude sửa `main.ts`. <!-- ev: e5 e8 -->",
    ),
    (
        "After removing `persist: true` from `cart.ts`, Claude edited `main.ts`. <!-- ev: e5 e8 -->",
        "After editing `main.ts`, Claude removed `persist: true` from `cart.ts`. <!-- ev: e5 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), ORDERS)
def test_an_order_told_in_vietnamese_or_against_a_later_summary(vietnamese: Path, faithful: str, planted: str) -> None:
    assert problems(vietnamese, faithful) == []
    assert any(": order: " in line for line in problems(vietnamese, planted))


# -- a model that disputes a rule problem in one verdict and supports a part of its sentence in another --------------


def _merged(work: Path, body: str, verdicts: list[tuple[str, str]]) -> list[str]:
    from retell.check.verify import Verdict, Verification, merge

    text = DRAFT_HEAD + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    report = run_check(work)
    given = [Verdict(5, words, verdict, "e5", "the model's reason") for words, verdict in verdicts]
    return merge(report, Verification("x", "handoff", "m", given), text, downgrade=True).lines()


ORDER_PLANTED = "Sau khi sửa `main.ts`, Claude mới bỏ `persist: true` trong `cart.ts`. <!-- ev: e5 -->"


@pytest.mark.parametrize(
    "verdicts",
    [
        [("Sau khi sửa `main.ts`, Claude mới bỏ `persist: true`", "contradicted"), ("bỏ `persist: true`", "supported")],
        [("bỏ `persist: true` trong `cart.ts`", "supported"), ("Sau khi sửa `main.ts`, Claude mới bỏ", "contradicted")],
    ],
)
def test_support_of_a_part_does_not_clear_what_the_model_disputes(
    vietnamese: Path, verdicts: list[tuple[str, str]]
) -> None:
    orders = [line for line in _merged(vietnamese, ORDER_PLANTED, verdicts) if ": order [" in line]
    assert orders and not any("cleared by the model" in line for line in orders)


def test_support_alone_still_clears(vietnamese: Path) -> None:
    orders = [
        line
        for line in _merged(vietnamese, ORDER_PLANTED, [("bỏ `persist: true`", "supported")])
        if ": order [" in line
    ]
    assert orders and all("cleared by the model" in line for line in orders)
