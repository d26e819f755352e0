"""A built page loaded in headless Chromium with a recorder: what ran, what could run, and what a reader sees.

- **The recorder** is installed in every frame before any of the page's own scripts (CDP
  `Page.addScriptToEvaluateOnNewDocument`): the payloads of tests/e2e/hostile.py call `pwn(id)`, and it also
  replaces `alert`, `confirm`, `prompt` and `print`; each call is logged to the console, where the test reads it.
- **What could run later** (a handler waiting for a click, a `javascript:` link, a frame, a `<meta>` refresh or
  a `<base>` that moves every link) is read from the DOM: no such element in the post's content, no `on…`
  attribute and no script URL anywhere in the page, no link whose text names another address than it goes to.
- **What a reader sees**: the post's `innerText` (and the page's title and first heading).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from chromium import CDPError, Page

MARK = "RETELL-PAYLOAD-RAN"

RECORDER = f"""(() => {{
  const record = (how, what) => console.error({json.dumps(MARK)} + " " + how + " " + String(what));
  const define = (name, fn) => {{ try {{ Object.defineProperty(window, name, {{ value: fn, writable: false }}); }}
    catch (e) {{ window[name] = fn; }} }};
  define("pwn", (id) => record("pwn", id));
  for (const name of ["alert", "confirm", "prompt", "print"]) define(name, (x) => record(name, x));
}})();"""

INSPECT = """((selector) => {
  const root = document.querySelector(selector);
  if (!root) return {missing: true};
  const problems = [];
  const risky = "script, iframe, frame, frameset, object, embed, applet, style, link, meta, base, form, " +
    "input, button, textarea, select, template, noscript";
  for (const el of root.querySelectorAll(risky)) problems.push("<" + el.localName + "> in the post");
  for (const el of document.querySelectorAll("base, meta[http-equiv=refresh i]"))
    problems.push("<" + el.localName + "> in the page");
  for (const el of document.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\\u0000-\\u0020]/g, "").toLowerCase();
      if (name.startsWith("on")) problems.push("<" + el.localName + " " + name + ">");
      if (/^(href|src|action|formaction|data|xlink:href|poster|srcdoc)$/.test(name) &&
          /^(javascript|vbscript|data):/.test(value) && !(el.localName === "img" && /^data:image\\//.test(value)))
        problems.push("<" + el.localName + " " + name + "=" + attr.value.slice(0, 40) + ">");
    }
  }
  for (const a of root.querySelectorAll("a[href]")) {
    let url;
    try { url = new URL(a.href); } catch (e) { continue; }
    if (/[^\\x00-\\x7f]/.test(decodeURIComponent(url.hostname)) || url.hostname.startsWith("xn--"))
      problems.push("a link to a look-alike host: " + a.href);
    const text = a.textContent.trim();
    const named = text.match(/^(?:[a-z][a-z0-9+.-]*:\\/\\/)?([a-z0-9-]+(?:\\.[a-z0-9-]+)+)(?:[\\/?#:].*)?$/i);
    if (named && named[1].toLowerCase() !== url.hostname.toLowerCase())
      problems.push("a link whose text names another address: [" + text + "](" + a.href + ")");
  }
  const heading = document.querySelector("h1");
  return {
    problems,
    text: root.innerText,
    images: [...root.querySelectorAll("img")].map((i) =>
      ({alt: i.getAttribute("alt"), title: i.getAttribute("title")})),
    title: document.title,
    h1: heading ? heading.innerText : "",
    ogTitle: document.querySelector('meta[property="og:title"]')?.content ?? null,
    description: document.querySelector('meta[name="description"]')?.content ?? null,
    location: location.href,
    baseURI: document.baseURI,
  };
})"""


@dataclass
class Seen:
    url: str
    ran: list[str] = field(default_factory=list)  # payloads that ran: the recorder's log
    problems: list[str] = field(default_factory=list)  # what could run, or misleads
    text: str = ""  # the post's visible text
    title: str = ""
    h1: str = ""
    og_title: str | None = None
    description: str | None = None  # the page's <meta name="description">, where the layout writes one
    images: list[dict[str, str | None]] = field(default_factory=list)  # alt and title of the post's images


def install_recorder(page: Page) -> None:
    page.send("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})


def inspect(page: Page, url: str, selector: str) -> Seen:
    """Load `url` (the recorder installed), let its timers run, and read what ran and what is shown."""
    page.browser.events.clear()
    page.goto(url)
    seen = Seen(url)
    try:
        # A payload may wait for a timer or a refresh: give the page's own timers a turn (a promise that
        # resolves after two animation frames and a zero timeout), not a fixed sleep.
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))))")
        value: dict[str, Any] = page.evaluate(f"({INSPECT})({json.dumps(selector)})")
    except CDPError as exc:  # the page went away under us (a refresh, a navigation by script)
        seen.problems.append(f"the page navigated away: {exc}")
        seen.ran = ran(page)
        return seen
    if value.get("missing"):
        seen.problems.append(f"no {selector} on the page")
        return seen
    seen.problems = list(value["problems"])
    if value["location"] != url:
        seen.problems.append(f"the page went to {value['location']}")
    if value["baseURI"] != url:
        seen.problems.append(f"links resolve against {value['baseURI']}")
    seen.text, seen.title, seen.h1, seen.og_title = value["text"], value["title"], value["h1"], value["ogTitle"]
    seen.images = value["images"]
    seen.description = value["description"]
    seen.ran = ran(page)
    return seen


def ran(page: Page) -> list[str]:
    """The recorder's log lines (and any dialog a payload opened that the recorder did not catch)."""
    out = []
    for event in page.browser.events:
        method = event.get("method")
        if method == "Runtime.consoleAPICalled":
            words = " ".join(str(a.get("value", "")) for a in event["params"].get("args", []))
            if MARK in words:
                out.append(words.replace(MARK, "").strip())
        elif method == "Page.javascriptDialogOpening":
            out.append(f"dialog {event['params'].get('message')}")
            page.send("Page.handleJavaScriptDialog", {"accept": False})
    return out
