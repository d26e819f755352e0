"""A lead-in's last words, after its own citations, tell the moment of the block they introduce (blind31: eight of
thirteen false alarms on faithful prose were such words, "Four seconds later Claude wrote `ApiKey.kt` anew. The new
function starts so:" over e8's block, in a paragraph citing e7, judged by e7 alone). The verification request says
which events those words are judged by; a lead-in that ends on its own citation keeps it alone."""

from __future__ import annotations

from retell.check.document import read_blocks
from retell.check.verify_request import chunks

TAILED = """The build failed on two errors. <!-- ev: e7 -->
Four seconds later Claude wrote `ApiKey.kt` anew. The new function starts so:

```kotlin
suspend fun RoutingContext.requireApiKey(): Boolean {
```
<!-- ev: e8 -->
"""

OWN = """The build failed on two errors. Claude wrote `ApiKey.kt` anew: <!-- ev: e7 -->

```kotlin
suspend fun RoutingContext.requireApiKey(): Boolean {
```
<!-- ev: e8 -->
"""


def test_the_unmarked_last_words_of_a_lead_in_are_judged_with_its_block() -> None:
    lead = read_blocks(TAILED)[0]
    assert lead.lead_tail() == 2
    (chunk,) = chunks(TAILED)
    assert "(cites: e7; from L2 on, the words leading into the block below: e8)" in chunk.lines()
    cited = chunk.cited_by()
    assert 2 in cited["e8"] and cited["e7"] == [1]


def test_a_lead_in_that_ends_on_its_own_citation_keeps_it_alone() -> None:
    assert read_blocks(OWN)[0].lead_tail() is None
    (chunk,) = chunks(OWN)
    assert "leading into" not in chunk.lines()
    assert "(cites: e7)" in chunk.lines()
    assert chunk.cited_by()["e8"] == [3]
