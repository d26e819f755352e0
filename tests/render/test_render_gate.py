"""The publish gate: the final Markdown is scanned for secrets not kept in triage, image links that do not
resolve and leftover placeholders; any finding aborts with exit 1 and nothing is written. --check runs only
the gate."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_error
from render_support import (
    SLUG,
    Work,
    fake_token,
    files_under,
    fresh_work,
    isolate,
    leftovers_beside,
    prepare,
    split_page,
    write_session,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def work(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Work:
    return fresh_work(tmp_path_factory, tmp_path)


def assert_refused(work: Work, *args: str) -> str:
    """Exit 1 with one clean message, and not a byte written (no output folder, no staging leftovers)."""
    result = work.render("-o", work.out, *args)
    message = assert_clean_error(result, one_line=False)
    assert "publish gate" in message
    assert not work.out.exists(), files_under(work.out)
    assert leftovers_beside(work.out) == []
    return message


def all_bytes(root: Path) -> bytes:
    return b"".join((root / name).read_bytes() for name in files_under(root))


# -- secrets ------------------------------------------------------------------------------------------


def test_a_redacted_secret_is_nowhere_in_the_output(work: Work) -> None:
    work.render_ok("-o", work.out)
    everything = all_bytes(work.out)
    assert work.session.secret.encode() not in everything
    assert work.session.secret[4:].encode() not in everything  # not even without its prefix
    assert b"[REDACTED:github-token]" in everything


def test_a_secret_kept_and_confirmed_in_triage_passes_the_gate(tmp_path: Path) -> None:
    """keep + confirm_keep: the author's explicit choice; the draft must be redone for the secret to appear."""
    session = write_session(tmp_path / "s")
    workdir = prepare(session, tmp_path / "w", approve=False)
    work = Work(session, workdir, tmp_path)
    work.set_secrets(action="keep", confirm_keep=True)
    prepare_rest(work)
    work.render_ok("-o", work.out)
    text = (work.out / SLUG / "index.md").read_text(encoding="utf-8")
    assert f"Use my token {session.secret} to push" in text
    assert "[REDACTED" not in text


def prepare_rest(work: Work) -> None:
    from retell.triage.stage import run_triage
    from retell.write.context import StageOptions
    from retell.write.draft import run_draft
    from retell.write.outline import run_outline

    run_triage(work.path, approve=True)
    run_outline(work.path, StageOptions(engine="offline"))
    run_draft(work.path, StageOptions(engine="offline"))


def test_a_secret_the_author_pasted_into_the_draft_aborts(work: Work) -> None:
    pasted = fake_token()
    work.append_to_draft(f"For the record, the deploy key was {pasted}.")
    message = assert_refused(work)
    assert "github-token" in message
    assert pasted not in message  # the message names the item, never the secret


def test_the_sessions_redacted_secret_pasted_back_into_the_draft_aborts(work: Work) -> None:
    work.write_draft(work.draft.replace("[REDACTED:github-token]", work.session.secret))
    message = assert_refused(work)
    assert work.session.secret not in message


@pytest.mark.parametrize("where", ["description", "caption", "alt"])
def test_a_secret_typed_into_triage_text_aborts(work: Work, where: str) -> None:
    pasted = fake_token()
    if where == "description":
        work.set_post(description=f"How I used {pasted} to push")
    else:
        work.set_image(work.session.wide, **{where: f"token {pasted} on screen"})
    assert pasted not in assert_refused(work)


def test_an_escape_does_not_hide_a_secret_from_the_gate(work: Work) -> None:
    """Markdown escapes change the source, not what a reader sees: the guard reads the post as shown too."""
    pasted = fake_token()
    work.append_to_draft(f"The key was {pasted[:3]}\\{pasted[3:]} all along.")
    assert pasted not in assert_refused(work)


def test_check_fails_on_a_secret_too(work: Work) -> None:
    work.append_to_draft(f"Key: {fake_token()}")
    assert_refused(work, "--check")


# -- image links --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "link",
    ["![a diagram](diagram.png)", '<img src="figures/flow.svg" alt="flow">', "![up](../elsewhere/x.webp)"],
    ids=["markdown", "html", "parent-folder"],
)
def test_an_image_link_that_does_not_resolve_aborts(work: Work, link: str) -> None:
    work.append_to_draft(f"And the overview:\n\n{link}")
    message = assert_refused(work)
    assert "do not resolve" in message


def test_remote_image_links_are_not_checked(work: Work) -> None:
    work.append_to_draft("![badge](https://img.shields.io/badge/css-sticky-blue.svg)")
    work.render_ok("-o", work.out)


def test_a_draft_link_to_a_missing_asset_aborts(work: Work) -> None:
    work.append_to_draft("![the chart](assets/0123456789abcdef.png)")
    result = work.render("-o", work.out)
    message = assert_clean_error(result, one_line=False)
    assert "0123456789abcdef.png" in message


def test_a_known_asset_whose_file_is_gone_aborts(work: Work) -> None:
    work.asset(work.session.photo).unlink()
    result = work.render("-o", work.out)
    message = assert_clean_error(result)
    assert work.session.photo in message
    assert not work.out.exists()


def test_an_image_quoted_from_the_session_is_text_not_a_link_to_check(work: Work) -> None:
    """The offline engine escapes a session's image syntax and HTML; the gate checks only live links."""
    work.append_to_draft('I had pasted:\n\n> !\\[diagram](docs/flow.png) and \\<img src="figures/flow.svg">')
    work.render_ok("-o", work.out)


def test_image_syntax_inside_a_code_block_is_not_a_link(work: Work) -> None:
    work.append_to_draft("The README now says:\n\n```markdown\n![architecture](docs/architecture.png)\n```")
    work.render_ok("-o", work.out)


# -- placeholders -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[TODO: say why sticky beats fixed]",
        "The fix took [TK] minutes.",
        "[Insert the before/after screenshot here]",
        "Still [tbd: the numbers].",
    ],
)
def test_a_leftover_placeholder_aborts(work: Work, text: str) -> None:
    work.append_to_draft(text)
    assert "placeholder" in assert_refused(work)


@pytest.mark.parametrize(
    ("target", "text"),
    [
        ("jekyll", "As {{ page.author }} put it, the sidebar was the problem."),
        ("jekyll", '{% include figure.html src="before.png" %}'),
        ("hugo", '{{< figure src="https://example.com/a.png" caption="Before" >}}'),
        ("hugo", "{{% notice info %}}Sticky, not fixed.{{% /notice %}}"),
        ("astro", "Lorem ipsum dolor sit amet, as the settings page still says."),
    ],
)
def test_template_syntax_the_author_wrote_is_theirs_and_published_as_written(
    work: Work, target: str, text: str
) -> None:
    """Not a leftover: unescaped template syntax in draft.md is the author's (the session's is escaped)."""
    work.append_to_draft(text)
    work.render_ok("-o", work.out, "--target", target)
    (page,) = list(work.out.rglob("*.md"))
    assert text in page.read_text(encoding="utf-8")


def test_a_placeholder_quoted_from_the_session_is_content(work: Work) -> None:
    """retell escapes a session's `[TODO: …]` in draft.md; only one written there unescaped is a leftover."""
    work.append_to_draft("I had written:\n\n> \\[TODO: fix the header] and \\[TK] in the stylesheet")
    work.render_ok("-o", work.out)
    _, body = split_page((work.out / SLUG / "index.md").read_text(encoding="utf-8"))
    assert "> &#91;TODO: fix the header] and &#91;TK] in the stylesheet" in body


@pytest.mark.parametrize(
    "text",
    [
        "> I left a TODO in the parser for later.",
        "There is still one TODO in the stylesheet.",
        "```css\n/* TODO: drop the !important */\n.sidebar { top: 0 }\n```",
        "In the template it is `{{ .Title }}`, not `{% raw %}`.",
        "```jinja\n{{ placeholder }}\n{% if x %}[TODO: later]{% endif %}\n```",
        "See [the stylesheet](https://example.com/styles.css) and [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110).",
    ],
    ids=["quoted-todo", "bare-todo", "todo-in-code-block", "braces-in-inline-code", "template-in-code", "links"],
)
def test_text_that_only_looks_like_a_placeholder_passes(work: Work, text: str) -> None:
    work.append_to_draft(text)
    work.render_ok("-o", work.out)
    page = (work.out / SLUG / "index.md").read_text(encoding="utf-8")
    assert text in page


def test_a_markdown_link_whose_text_starts_with_link_passes(work: Work) -> None:
    work.append_to_draft("Here is the [link to the issue](https://github.com/example/proj/issues/12).")
    work.render_ok("-o", work.out)


# -- --check ------------------------------------------------------------------------------------------


def test_check_runs_the_gate_and_writes_nothing(work: Work) -> None:
    before = files_under(work.path)
    result = work.render_ok("-o", work.out, "--check")
    assert "gate passed" in result.stdout
    assert "3 image(s)" in result.stdout
    assert not work.out.exists()
    assert leftovers_beside(work.out) == []
    assert files_under(work.path) == before


def test_check_with_the_default_output_writes_nothing(work: Work) -> None:
    work.render_ok("--check")
    assert not (work.path / "post").exists()


def test_check_passes_then_render_writes_what_check_promised(work: Work) -> None:
    result = work.render_ok("-o", work.out, "--check")
    promised = result.stdout.split("passed: ", 1)[1].split(" would be written")[0]
    work.render_ok("-o", work.out)
    assert Path(promised).resolve() == (work.out / SLUG / "index.md").resolve()
    meta, _ = split_page(Path(promised).read_text(encoding="utf-8"))
    assert meta["slug"] == SLUG


def test_a_link_to_a_published_name_in_the_wrong_folder_aborts(work: Work) -> None:
    hugo = work.tmp / "hugo"
    work.render_ok("-o", hugo, "--target", "hugo")
    _, body = split_page((hugo / SLUG / "index.md").read_text(encoding="utf-8"))
    name = body.split("](", 1)[1].split(")", 1)[0]
    work.append_to_draft(f"Once more: ![again]({name})")
    assert "do not resolve" in assert_refused(work, "--target", "jekyll")
