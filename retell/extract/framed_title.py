"""A commit's subject as a blogger titles a post: the thing it changed, what changed, and how it turned out.

A commit lists its changes for a reader of the log ("ratelimit: mutex, limpeza de buckets ociosos e chave por API
key/IP", "notebook: compatibile con pandas 2.2, split temporale senza leakage (MAE 3.41)"); its scope names the
thing and its bracket often the outcome. A title built from the list alone drops both ("Mutex, limpeza…", "no_grad i
straty jako float" without "(naprawia OOM w walidacji)"). `framed` keeps the thing in front, joins the last two
changes with the post's own word for "and", keeps an outcome in brackets, and leaves out what only a log reader
wants: an enumeration in brackets ("（UTC、缺测清洗、去重）"), an add-on after "+", a second clause after ";"."""

from __future__ import annotations

import re

from retell.extract.commits import names_a_bump_thing, without_tags
from retell.extract.phrasing import is_verb
from retell.lazyre import lazy

# A conventional commit's type: a kind of change, never the thing changed ("fix(throttle):" names "throttle")
_TYPES = r"(?:feat|fix|chore|ci|docs?|refactor|tests?|perf|build|style|revert|hotfix|wip)"
_SCOPED = lazy(
    rf"^(?:(?i:{_TYPES})(?:\((?P<inner>[^)\n]{{1,30}})\))?|"
    # (a plain thing of up to three words: "camera rig", "Bump bar support")
    rf"(?P<plain>[A-Za-z][\w.-]*(?: [a-z][\w.-]*){{0,2}}))!?:\s+(?=\S)"
)
# A bracket anywhere ("(mkdocs-static-i18n)", "（namespace、Kotlin 2.0.21、JVM 17）")
_BRACKET = lazy(r"\s*[(（][^()（）]*[)）]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# Where one change of a list ends: a comma (not one before a contrast: "sort postings once, not per transaction")
_ITEM = lazy(r",\s+(?!(?:not|nicht|pas|non|no|nie|niet|não|не|değil)\s)|、")
# An add-on after "+" ("…DuckDB（…）+ qixiang ingest CLI"; not the "+" of "C++")
_ADD_ON = lazy(r"(?<![+\w])\s*\+\s+|\s+\+\s*(?=\S)")
FEWEST_WORDS = 4  # a change said in fewer words ("AGP 8.7 相容") needs its thing to be understood
FEWEST_CJK = 10  # … or in fewer CJK characters


def thing(subject: str) -> str:
    """The thing a commit changed, by its scope ("player feel: …" -> "Player feel", "fix(throttle): …" ->
    "Throttle"); "" for a type alone ("feat: …") or no scope."""
    scoped = _scope(subject)
    if not scoped:
        return ""
    name = (scoped.group("inner") or scoped.group("plain") or "").strip()
    if not name or re.fullmatch(rf"(?i){_TYPES}", name) or "," in name:
        return ""
    # a name of letters and digits ("bme280") or with capitals inside ("OAuth") stays as written
    return name if re.search(r"\d|[a-z][A-Z]", name) else name[:1].upper() + name[1:]


def _scope(subject: str) -> re.Match[str] | None:
    """The subject's scope, if it has one: a plain scope of several words that opens on a verb is the change itself
    ("Add freeze mode: crossfaded buffer write, …"), not a thing, unless it names one ("Bump bar support: …")."""
    scoped = _SCOPED.match(without_tags(subject))
    plain = scoped.group("plain") if scoped else None
    if plain and " " in plain and is_verb(plain.split(" ", 1)[0]):
        return scoped if names_a_bump_thing(without_tags(subject)) else None
    return scoped


def _body(subject: str) -> str:
    scoped = _scope(subject)
    return without_tags(subject)[scoped.end() :] if scoped else without_tags(subject)


def _outcome(bracket: str) -> bool:
    """Whether a bracket says how the change turned out ("(MAE 3.41)", "(naprawia OOM w walidacji)", "(1.9 GB ->
    284 MB)"), not a list of what it touched ("（UTC、缺测清洗、去重）") or a name ("(mkdocs-static-i18n)")."""
    inside = bracket.strip()[1:-1].strip()
    if "、" in inside or "," in inside or "，" in inside:
        return False
    return len(inside.split()) >= 2


def framed(subject: str, language: str | None) -> str:
    """`subject` (a commit's) as a post's title: its first clause (before ";"), the changes it lists joined by the
    language's "and", an outcome in brackets kept at the end, other brackets and a "+ add-on" left out, the thing
    changed in front when the change is a list or a fragment; "" when that is the subject's words after its scope, or
    its changes are said by their verbs in English."""
    from retell.extract.local_headings import WORDS, knows, reads_english, table_key

    body = re.split(r"\s*[;；]\s+", _body(subject), maxsplit=1)[0].strip()
    body = _ADD_ON.split(body, maxsplit=1)[0].strip()
    outcome = ""
    last = re.search(r"\s*[(（][^()（）]*[)）]\s*$", body)
    if last and _outcome(last.group()):
        outcome = last.group().strip()
        body = body[: last.start()]
    trimmed = _BRACKET.sub("", body).strip(" ,")
    items = [i.strip() for i in _ITEM.split(trimmed) if i.strip()]
    if not items:
        return ""
    key = table_key(language) if language and knows(language) else "en"
    named = thing(subject)
    if key == "en" and is_verb(items[0].split(" ", 1)[0].lower()):
        return ""  # changes said by their verbs: commits.commit_phrase says them as work ("Saving … and reporting …")
    if key != "en" and reads_english(trimmed):
        return ""  # an English commit on a post in another language: no mix of its words and the post's "and"
    # (CJK characters and the words between them: "修复 3.2.0 OOMKilled，按容器 limit 计算堆" is no fragment)
    size = len(_CJK.findall(trimmed)) + len(_CJK.sub(" ", trimmed).split())
    fragment = size < (FEWEST_CJK if _CJK.search(trimmed) else FEWEST_WORDS)
    mentioned = re.search(rf"(?i)(?<!\w){re.escape(named)}(?!\w)", trimmed) if named else None
    if named and not mentioned and (len(items) > 1 or fragment or outcome):
        word = WORDS[key]["and"] if key != "en" else " and "
        joined = re.search(rf"(?i)(?<!\w){re.escape(word.strip())}(?!\w)", items[-1]) if word.strip() else None
        # (a list its author already closed with "and", "mutex, limpeza … e chave …", stays as written)
        said = items[0] if len(items) == 1 or joined else ", ".join(items[:-1]) + word + items[-1]
        said = trimmed if joined else said
        colon = "：" if key in ("ja", "zh-Hans", "zh-Hant") else ": "
        said = f"{named}{colon}{said}"  # (the change as its author cased it: "mutex", "Konflikte", "Xcode")
    else:
        said = trimmed[:1].upper() + trimmed[1:]
    said = f"{said} {outcome}" if outcome else said
    return "" if said.casefold() == _body(subject).casefold() else said


def one_thing(title: str, summaries: list[str], language: str | None) -> str:
    """A title taken from the first of two commits or more that changed the same thing ("terraform: move state to
    GCS", "terraform: split main.tf, per-env settings map, …"), as a blogger names the session: the thing, then the
    first change and the second's first item ("Terraform: moving state to GCS and splitting main.tf"); in English,
    where a commit's verb is said as work. "" when the commits name different things or none."""
    from retell.extract.phrasing import as_phrase

    if len(summaries) < 2 or (language and not language.lower().startswith("en")):
        return ""
    named = {thing(s).casefold() for s in summaries}
    if len(named) != 1 or "" in named:
        return ""
    name = thing(summaries[0])
    if re.search(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", title):
        return ""
    second = _ITEM.split(_BRACKET.sub("", re.split(r"\s*[;；]\s+", _body(summaries[1]))[0]))[0].strip()
    if not second or not is_verb(second.split(" ", 1)[0].lower()):
        return ""
    step = as_phrase(second)
    if not step.split(" ", 1)[0].endswith("ing"):
        return ""
    return f"{name}: {title[:1].lower()}{title[1:]} and {step[:1].lower()}{step[1:]}"
