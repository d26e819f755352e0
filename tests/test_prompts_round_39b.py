"""What the models answering retell's prompts in the loop (stop 39) found unclear: an outline prompt that asks for
"the allowed images" and lists none, a section count with two upper bounds, plan fields in no stated language, and
a finishing prompt that asks for evidence markers and holds no event."""

from __future__ import annotations

from typing import Any

from retell.templating import TemplateLibrary


def render_prompt(name: str, **context: Any) -> str:
    return TemplateLibrary("prompts").render(name, **context).text


def _outline(images: list[dict[str, str]]) -> str:
    chapter = {
        "id": "ch1",
        "title": "Fixing the cache",
        "when": "",
        "material": "[e1] AUTHOR: fix the cache",
        "session": "",
    }
    return render_prompt("outline.md.j2", sessions=1, chapters=[chapter], ids=["e1"], images=images)


def test_an_outline_with_no_allowed_image_says_so() -> None:
    prompt = _outline([])
    assert '"images": [] (the author allows no image in this post)' in prompt
    assert "the allowed images this section shows" not in prompt


def test_an_outline_with_images_lists_them_and_asks_for_them() -> None:
    prompt = _outline([{"asset": "a1.png", "chapter": "ch1", "near": "e1", "caption": ""}])
    assert "- a1.png (chapter ch1, near e1)" in prompt
    assert "the allowed images this section shows" in prompt


def test_the_section_count_has_one_rule_and_the_plan_is_in_the_posts_language() -> None:
    prompt = _outline([])
    rule = "under a quarter of an hour of work: three, two only when it holds a single step), never more than 8"
    assert rule in prompt
    assert "they are in the post's language" in prompt


def test_the_finishing_prompt_says_where_its_evidence_ids_come_from() -> None:
    prompt = render_prompt(
        "finish_task.md.j2",
        sections=[{"id": "s1", "heading": "The cache", "text": "It worked. <!-- ev: e1 -->"}],
        hook="The cache lost entries.",
        first_words="It worked.",
        ending="Say what is open.",
        last_words="It worked.",
    )
    assert "citing ids from the sections' markers above" in prompt


def test_a_commit_message_of_several_lines_in_quotes_keeps_what_follows_it() -> None:
    """In the loop (fresh7 #6), `git commit -am 'Title\n\nWhy.' && git push origin main` reached the prompts as
    `git commit -am 'Title …`: every model told the push as never done."""
    from retell.extract.tools import command_target

    single = (
        "git commit -am 'billing: roll back to 3.1\n\n3.2 fails to start: a missing variable.' && git push origin main"
    )
    assert command_target(single) == (
        "git commit -am 'billing: roll back to 3.1 / 3.2 fails to start: a missing variable.' && git push origin main"
    )
    double = 'git commit --message="feat: a \\"quoted\\" word\n\nbody one\nbody two" && git push'
    assert command_target(double) == 'git commit --message="feat: a \\"quoted\\" word / body one body two" && git push'
    assert command_target("git commit -m 'one line' && git push") == "git commit -m 'one line' && git push"


def test_the_numbers_say_what_files_changed_counts() -> None:
    """In the loop (fresh7 #22), the numbers said "files changed: 3" beside a quoted commit's "6 files changed"
    (`git add -A` took files the session never edited): two models and two editors could not square them."""
    from pathlib import Path

    template = Path(__file__).resolve().parents[1] / "prompts" / "system.md.j2"
    assert "files Claude edited or wrote: " in template.read_text("utf-8")  # round 48: the table's own label
    assert "a commit's stat is git's count" in template.read_text("utf-8")
