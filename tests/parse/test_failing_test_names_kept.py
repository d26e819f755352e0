"""A red test run's excerpt names the tests that failed and why, not the ones that passed.

A blind reading of a Korean session's prompts (check set blind25, stop 51): vitest printed both failing tests
("× formatDateTime > KST로 표시한다" with "→ expected … to be …") above two "✓ …spec.ts" lines and its summary;
the excerpt kept the "✓" lines and the summary and said "(4 earlier lines like these)" for the failures, so
neither the model nor the post could say which test failed.
"""

from __future__ import annotations

from retell.extract.tools import command_output

VITEST_RED = """Exit code 1
 ❯ src/utils/__tests__/format.spec.ts (6 tests | 2 failed) 14ms
   × formatDateTime > shows KST 6ms
     → expected '2026-02-25 15:30' to be '2026-02-26 00:30'
   × formatDateTime > midnight boundary 6ms
     → expected '2026-02-25 23:10' to be '2026-02-26 08:10'
 ✓ src/stores/__tests__/order.spec.ts (4 tests) 9ms
 ✓ src/components/__tests__/OrderTable.spec.ts (3 tests) 41ms

 Test Files  1 failed | 8 passed (9)
      Tests  2 failed | 31 passed (33)
   Start at  14:05:44
   Duration  2.14s"""

VITEST_FAIL_LINE = """Exit code 1
 FAIL  src/stores/__tests__/order.spec.ts > useOrderStore > keeps the filter after a reload
ReferenceError: nextTick is not defined
 ❯ src/stores/__tests__/order.spec.ts:31:11

 Test Files  1 failed | 8 passed (9)
      Tests  1 failed | 35 passed (36)"""

JEST_RED = """Exit code 1
 PASS  src/cart.test.ts
 FAIL  src/price.test.ts
  ● price › rounds VAT per rate
    expect(received).toBe(expected)
 PASS  src/order.test.ts
Tests:       1 failed, 14 passed, 15 total"""

VITEST_GREEN = """ ✓ src/utils/__tests__/format.spec.ts (6 tests) 11ms

 Test Files  1 passed (1)
      Tests  6 passed (6)"""


def test_the_failing_tests_and_why_are_kept_the_passing_files_are_not() -> None:
    shown = command_output(VITEST_RED, failed=True) or ""
    assert "× formatDateTime > shows KST" in shown
    assert "→ expected '2026-02-25 15:30' to be '2026-02-26 00:30'" in shown
    assert "Tests  2 failed | 31 passed (33)" in shown
    assert "✓" not in shown


def test_a_fail_line_naming_the_test_is_kept_with_its_error() -> None:
    shown = command_output(VITEST_FAIL_LINE, failed=True) or ""
    assert "FAIL  src/stores/__tests__/order.spec.ts > useOrderStore > keeps the filter after a reload" in shown
    assert "ReferenceError: nextTick is not defined" in shown


def test_jest_names_the_failing_test_not_the_passing_files() -> None:
    shown = command_output(JEST_RED, failed=True) or ""
    assert "● price › rounds VAT per rate" in shown
    assert "PASS" not in shown
    assert "Tests:       1 failed, 14 passed, 15 total".strip() in shown


def test_a_green_run_still_shows_its_passing_lines() -> None:
    shown = command_output(VITEST_GREEN, failed=False) or ""
    assert "Tests  6 passed (6)" in shown
