"""Hostile sessions: every place a session carries text, filled with one family of payloads at a time.

Each payload that runs calls `pwn('<id>')` (or `alert`), which the browser recorder (browser_check.py) records;
template syntax that runs prints one of RAN instead of the text typed. A family's `visible` strings are what a
reader must see, character for character (after whitespace and typography are made plain), in the post.

`hostile_session(family, folder)` writes a session with the family's text in: the author's messages (a first
request, a queued message, a slash command's arguments), Claude's replies (opening, turning point, closing,
last word), file paths and commands, a subagent's brief and result, an AskUserQuestion question, its options
and answer, a plan's steps, a compaction summary, and (set in triage.yaml by the caller) an image's alt text
and caption. `echoing_model` is a stub model that writes the family's text back in every part of the outline
and the draft a model writes: title, headings, captions, sections, opening, transitions and ending.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conftest import Transcript, image_block, make_png, text_block, tool_use_block

RAN = ("BOOM-SHORTCODE-RAN", "BOOM-INCLUDE-RAN", "SITE-TITLE-RAN", "MDX-EXPRESSION-RAN")

# Removed from session text outside code: bidi controls and zero-width characters (docs/markup.md).
INVISIBLE = "\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"


@dataclass(frozen=True)
class Family:
    name: str
    text: str  # a message as the author typed it (several blocks)
    line: str  # the one-line form, for places that hold one line (a path, a title, a question)
    visible: tuple[str, ...] = field(default=())  # what must be shown as typed wherever `text` is quoted

    def shown(self) -> tuple[str, ...]:
        return self.visible or tuple(ln for ln in self.text.splitlines() if ln.strip())


FAMILIES: tuple[Family, ...] = (
    Family(
        "script",
        "Why does <script>pwn('script-1')</script> run on my page, and <SCRIPT>pwn('script-2')</SCRIPT> too?\n\n"
        "<script>\npwn('script-3')\n</script>\n\n"
        "Inside SVG: <svg><script>pwn('script-4')</script></svg> and "
        "<math><mi xlink:href=\"javascript:pwn('s5')\">x</mi></math>.",
        "Why does <script>pwn('script-6')</script> run on my page?",
        (
            "Why does <script>pwn('script-1')</script> run on my page, and <SCRIPT>pwn('script-2')</SCRIPT> too?",
            "pwn('script-3')",
            "Inside SVG: <svg><script>pwn('script-4')</script></svg> and",
        ),
    ),
    Family(
        "handlers",
        "The image <img src=x onerror=pwn('h1')> and <img src=\"x\" onerror=\"pwn('h2')\"> broke, and "
        "<svg onload=pwn('h3')> and <b onmouseover=\"pwn('h4')\">hover me</b> and "
        "<details open ontoggle=pwn('h5')>.\n\n"
        "In kramdown this is not code: ` <img src=x onerror=pwn('h6')> ` nor is "
        "`` <img src=y onerror=pwn('h7')> ``.",
        "The tag <img src=x onerror=pwn('h8')> broke the <b onmouseover=\"pwn('h9')\">page</b>",
        (
            "The image <img src=x onerror=pwn('h1')> and <img src=\"x\" onerror=\"pwn('h2')\"> broke, and "
            "<svg onload=pwn('h3')> and <b onmouseover=\"pwn('h4')\">hover me</b> and "
            "<details open ontoggle=pwn('h5')>.",
            "In kramdown this is not code:",
            "<img src=x onerror=pwn('h6')>",
            "nor is",
            "<img src=y onerror=pwn('h7')>",
        ),
    ),
    Family(
        "links",
        "See [click me](javascript:pwn('l1')) and [the ref][r1] and <javascript:pwn('l3')> and "
        "[data](data:text/html;base64,PHNjcmlwdD5wd24oJ2w0Jyk8L3NjcmlwdD4=) and [enc](jav&#x61;script:pwn('l5')) "
        "and <a href=\"javascript:pwn('l6')\">an html link</a>.\n\n"
        "[r1]: javascript:pwn('l2')\n\n"
        "And [https://good.example/](https://evil.example/) or [VBS](vbscript:pwn('l7')) or "
        "![x](javascript:pwn('l8')).",
        "Open [click me](javascript:pwn('l9')) or <javascript:pwn('l10')> then [r2]: javascript:pwn('l11')",
    ),
    Family(
        "entities",
        "Typed as entities: &lt;script&gt;pwn('e1')&lt;/script&gt; and &#60;img src=x onerror=pwn('e2')&#62; "
        "and &#x3C;svg onload=pwn('e3')&#x3E; and &amp;lt;b&amp;gt; and &copy; stays a word.",
        "Entities &lt;script&gt;pwn('e4')&lt;/script&gt; and &#60;b&#62;",
    ),
    Family(
        "elements",
        'These went into the head: <meta http-equiv="refresh" content="0;url=javascript:pwn(\'m1\')"> '
        '<base href="https://evil.example/"> <style>body{display:none}</style> '
        "<iframe srcdoc=\"<script>parent.pwn('m2')</script>\"></iframe> "
        "<object data=\"javascript:pwn('m3')\"></object> "
        "<form action=\"javascript:pwn('m4')\"><button formaction=\"javascript:pwn('m5')\">go</button></form> "
        '<link rel="stylesheet" href="https://evil.example/x.css"> <embed src="javascript:pwn(\'m6\')">',
        'Head tags <meta http-equiv="refresh" content="0;url=https://evil.example/"> '
        '<base href="https://evil.example/"> <style>*{color:red}</style>',
    ),
    Family(
        "fences",
        "Look at this:\n\n"
        "````html\n```\n<script>pwn('f1')</script>\n```\n````\n\n"
        "and `` ` <img src=x onerror=pwn('f2')> ` `` inline, and ```<b onmouseover=pwn('f3')>x</b>``` too.\n\n"
        "~~~ html title\n<script>pwn('f4')</script>\n~~~\n\n"
        "and one I never closed:\n\n```js\n<script>pwn('f5')</script>\nafter the fence",
        "Run `` `<img src=x onerror=pwn('f6')>` `` and ```<script>pwn('f7')</script>```",
        (
            "Look at this:",
            "<script>pwn('f1')</script>",
            "inline, and",
            "too.",
            "<script>pwn('f4')</script>",
            "and one I never closed:",
            "<script>pwn('f5')</script>",
            "after the fence",
        ),
    ),
    Family(
        "frontmatter",
        "Title: \"quoted\" --- layout: none\n\n---\ntitle: pwned\nlayout: none\n---\n\n+++\ntitle = 'pwned'\n+++\n\n"
        "A colon: here, a #hash, a 'single' and a \\ backslash and a \\\" escaped quote.",
        'Title: "quoted" --- layout: none \\" and \'single\' # hash',
        (
            'Title: "quoted" --- layout: none',
            "title: pwned",
            "layout: none",
            "title = 'pwned'",
            "A colon: here, a #hash, a 'single' and a \\ backslash and a \\\" escaped quote.",
        ),
    ),
    Family(
        "templates",
        "The page says {{ site.title }} and {% include boom.html %} and {{< boom >}} and {{% boom %}} and "
        '{{ .Site.Title }} and {"MDX-EXPRESSION-" + "RAN"} and <Counter client:load count={1 + 1} />.\n\n'
        "import Boom from './boom.js'\n\n"
        "export const pwned = 1 + 1\n\n"
        "{/* a comment */} {% raw %}{{ x }}{% endraw %} and a stray {% endraw %} and {{< unclosed and "
        "{{< youtube dQw4w9WgXcQ >}} and {{</* boom */>}}.\n\n"
        "In code: `{{< boom >}}` and `{% include boom.html %}` and `{{ site.title }}`:\n\n"
        "```\n{{< boom >}} {{% boom %}} {% include boom.html %} {{ site.title }} {{</* boom */>}}\n"
        "{% raw %}{{ x }}{% endraw %} and a stray {% endraw %} and {{< unclosed\n```",
        'Template {{ site.title }} {% include boom.html %} {{< boom >}} {"MDX-EXPRESSION-" + "RAN"}',
        (
            "The page says {{ site.title }} and {% include boom.html %} and {{< boom >}} and {{% boom %}} and "
            '{{ .Site.Title }} and {"MDX-EXPRESSION-" + "RAN"} and <Counter client:load count={1 + 1} />.',
            "import Boom from './boom.js'",
            "export const pwned = 1 + 1",
            "{/* a comment */} {% raw %}{{ x }}{% endraw %} and a stray {% endraw %} and {{< unclosed and "
            "{{< youtube dQw4w9WgXcQ >}} and {{</* boom */>}}.",
            "In code: {{< boom >}} and {% include boom.html %} and {{ site.title }}:",
            "{{< boom >}} {{% boom %}} {% include boom.html %} {{ site.title }} {{</* boom */>}}",
            "{% raw %}{{ x }}{% endraw %} and a stray {% endraw %} and {{< unclosed",
        ),
    ),
    Family(
        "invisible",
        "Check pay\u200bpal.com and \u202egnp.exe\u202c and \u2066isolated\u2069 and the \ufeffBOM and "
        "zero\u2060width.\n\n"
        "Links: [paypal.com](https://p\u0430ypal.com/login) and [https://bank.example/](https://evil.example/) and "
        "[bank.example](https://evil.example/).",
        "Rename \u202egnp.exe\u202c in pay\u200bpal",
        (
            "Check paypal.com and gnp.exe and isolated and the BOM and zerowidth.",
            "[paypal.com](https://p\u0430ypal.com/login)",
            "[https://bank.example/](https://evil.example/)",
            "[bank.example](https://evil.example/)",
        ),
    ),
    Family(
        "markdown",
        "Edit tests/*.py and src/*.py, then __init__.py and __main__; ~~not struck~~ and ~tilde~; a | b | c; "
        "2 * 3 * 4; an `unpaired backtick; **not bold** and _not em_ and *not em* either.\n\n"
        "# not a heading\n- not a list\n> not a quote\n\n| not | a table |\n|---|---|\n| x | y |",
        "Edit tests/*.py and __init__.py: ~~a~~ | b *c* _d_",
        (
            "Edit tests/*.py and src/*.py, then __init__.py and __main__; ~~not struck~~ and ~tilde~; a | b | c; "
            "2 * 3 * 4; an `unpaired backtick; **not bold** and _not em_ and *not em* either.",
            "# not a heading",
            "- not a list",
            "> not a quote",
            "| not | a table |",
        ),
    ),
)


def plain(text: str) -> str:
    """Text as a reader compares it: invisible characters gone, typography plain, whitespace collapsed."""
    for ch in INVISIBLE:
        text = text.replace(ch, "")
    for fancy, simple in (
        ("\u2019", "'"),
        ("\u2018", "'"),
        ("\u201c", '"'),
        ("\u201d", '"'),
        ("\u2026", "..."),
        ("\u2014", "---"),
        ("\u2013", "--"),
        ("\u00ab", "<<"),
        ("\u00bb", ">>"),
        ("\u00a0", " "),
        ("``", '"'),  # SmartyPants (Astro) reads `` and '' as quotes
        ("''", '"'),
    ):
        text = text.replace(fancy, simple)
    return " ".join(text.split())


def hostile_session(family: Family, folder: Path) -> Path:
    """A session carrying `family` in every place; returns the main transcript's path."""
    text, line = family.text, family.line
    tx = Transcript(session_id=_session_id(family.name), cwd="/srv/demo/site")
    tx.user([text_block(text), image_block(make_png((8, 6)))])
    tx.assistant(f"The cause is simple, and here it is in full: {line}. That explains every symptom you saw.")
    tx.tool_call("Read", {"file_path": f"/srv/demo/site/{line}.md"}, f"{line}\n{text}")
    tx.tool_call("Bash", {"command": f"echo {line}"}, f"{text}\n")
    tool_id = tx.new_tool_id()
    brief = {"description": line, "prompt": text, "subagent_type": "general-purpose"}
    tx.assistant(tool_use_block("Task", brief, tool_id))
    agent = f"a{_session_id(family.name)[:7].replace('-', '')}"
    tx.tool_result(
        tool_id,
        [text_block(f"Found the place where it breaks: {line}. The template prints it unescaped.")],
        tool_use_result={"agentId": agent},
    )
    question = {"question": line, "header": "Choice", "options": [{"label": line, "description": line}]}
    tx.tool_call(
        "AskUserQuestion",
        {"questions": [question]},
        f'User has answered your questions: "{line}"="{line}". You can now continue with the user\'s answers in mind.',
    )
    plan = f"1. Escape {line} in the layout\n2. Test ```<script>pwn('plan')</script>``` stays code\n3. Ship it, {line}"
    tx.tool_call("ExitPlanMode", {"plan": plan}, "User has approved your plan.")
    tx.queue("enqueue", f"Also, while you are at it: {text}")
    tx.queue("remove", reason="absorbed_mid_turn")
    tx.assistant(f"Turns out the real problem was this: {line}. I changed the layout to escape it.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160_000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. "
        f"The conversation is summarized below:\nThe user asked about this text in the page: {line}. "
        f"Claude found that the layout printed it raw and fixed it there.",
        isCompactSummary=True,
    )
    tx.user(
        "<command-message>deploy is running…</command-message>\n<command-name>/deploy</command-name>\n"
        f"<command-args>{line}</command-args>"
    )
    tx.assistant(f"Deployed the fix; the page now shows {line} as text instead of running it.")
    tx.user(f"Now that it works, one more time:\n\n{text}")
    tx.assistant(f"All done: the page shows this as text: {line}. Nothing in it runs any more.")
    main = tx.write(folder / "claude" / "projects" / "-srv-demo-site" / f"{tx.session_id}.jsonl")
    sub = Transcript(tx.session_id, cwd=tx.cwd, sidechain=True, agent_id=agent)
    sub.user(text)
    sub.tool_call("Grep", {"pattern": line}, f"layouts/post.html:3: {line}")
    sub.assistant(f"Found the place where it breaks: {line}. The template prints it unescaped.")
    sub.write(main.parent / tx.session_id / "subagents" / f"agent-{agent}.jsonl")
    return main


def _session_id(name: str) -> str:
    import uuid

    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"retell-hostile/{name}"))


# -- a model that echoes the material ------------------------------------------------------------------------


def echoing_answer(family: Family, kind: str, user: str) -> str:
    """What the echoing stub model answers to one of retell's prompts (model_answers.call_kind)."""
    line = family.line
    if kind == "outline":
        sections = []
        for chapter, block in re.findall(r"^## Chapter (\S+?):.*?\n(.*?)(?=^## |^# Your task)", user, re.M | re.S):
            ids = re.findall(r"^\[(e\d+)\]", block, re.M)
            sections.append(
                {
                    "heading": f"{line} ({len(sections) + 1})",
                    "chapters": [chapter],
                    "purpose": line,
                    "beats": [{"beat": "action", "treatment": "quote", "events": ids[:2], "note": line}],
                    "images": [],
                }
            )
        assets = re.findall(r"^- (\S+) \(chapter ", user, re.M)
        if sections:
            sections[0]["images"] = [{"asset": a, "caption": line} for a in assets]
        return json.dumps(
            {"title_options": [line], "hook": line, "description": line, "sections": sections, "ending": line}
        )
    if kind.startswith("section"):
        images = re.findall(r"^!\[.*?\]\(assets/[^)]+\)$", user, re.M)
        return "\n\n".join([f"I asked about {line} and Claude explained it.", *images, model_text(family)])
    if kind == "finish":
        ids = re.findall(r"^## (\S+): ", user, re.M)
        return json.dumps(
            {
                "opening": f"It began with {line}.",
                "transitions": [{"section": s, "text": f"Then {line}."} for s in ids[1:]],
                "ending": f"It ended with {line}.\n\n```html\n<script>pwn('model-ending')</script>",
            }
        )
    return "{}"


def model_text(family: Family) -> str:
    """The family's text as a model echoes it into a section: its Markdown, with the dialect traps a model
    writes (a `~~~ html title` fence, a reference definition, an autolink) and a fence left open at the end."""
    return (
        f"{family.text}\n\n"
        f"[the docs][d-{family.name}] and <javascript:pwn('model-autolink')> and <https://example.org/ok>\n\n"
        f"[d-{family.name}]: javascript:pwn('model-ref')\n\n"
        "~~~ html title\n<script>pwn('model-fence')</script>\n~~~\n\n"
        "> As the author wrote:\n>\n> ```html\n> <script>pwn('model-quoted-fence')</script>\n> ```\n>\n> and so on.\n\n"
        "1. First step:\n   ```html\n   <script>pwn('model-listed-fence')</script>\n   ```\n2. Second step.\n\n"
        f"The last paragraph quotes {family.line}.\n\n"
        "```\n<script>pwn('model-unclosed')</script>"
    )


def stub_answer(family: Family) -> Any:
    """A Stub answer function (tests/llm/llm_support.py) for the echoing model."""
    from llm_support import call_kind, sse_response, user_text

    def answer(body: dict[str, Any], stub: Any) -> Any:
        text = echoing_answer(family, call_kind(body), user_text(body))
        return sse_response(text, model=body["model"], request_id=f"req_{len(stub.bodies):04d}")

    return answer
