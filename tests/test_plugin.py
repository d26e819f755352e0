"""The Claude Code plugin shipped in this repository: its marketplace manifest, plugin manifest, skill and agent
hold to the formats Claude Code documents, and the skill only uses `retell` commands and options that exist.

The schemas below are written from Claude Code's reference pages, read 2026-12-02:
- https://code.claude.com/docs/en/plugins/marketplace-reference (Top-level fields, Plugin entries, Plugin
  sources, Relative path plugin source, Reserved names, Validation messages)
- https://code.claude.com/docs/en/plugins/manifest-reference (Fields, name, Path rules, Standard layout)
- https://code.claude.com/docs/en/skills (SKILL.md frontmatter) and .../sub-agents (agent frontmatter)
Claude Code ignores unknown keys (with a `claude plugin validate` warning), so a typo would load silently:
these schemas allow only the documented keys, which catches it here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

import retell

ROOT = Path(__file__).resolve().parents[1]
MARKETPLACE = ROOT / ".claude-plugin" / "marketplace.json"

# A name with no spaces, control or bidirectional-formatting characters (the marketplace reference's rules).
NO_SPACE_OR_CONTROL = r"^[^\s\x00-\x1f\x7f\u200e\u200f\u202a-\u202e\u2066-\u2069]+$"
KEBAB = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
RELATIVE_SOURCE = r"^(?:\.|\./(?!.*\.\.)[^\\]*)$"  # "." or "./…" with no ".." and no backslash after "./"

PLUGIN_JSON_FIELDS: dict[str, Any] = {
    "$schema": {"type": "string"},
    "name": {"type": "string", "minLength": 1, "pattern": KEBAB},  # kebab-case; no spaces, @, :, separators
    "displayName": {"type": "string"},
    "version": {"type": "string"},
    "description": {"type": "string"},
    "author": {
        "type": "object",
        "required": ["name"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "email": {"type": "string"},
            "url": {"type": "string"},
        },
    },
    "homepage": {"type": "string", "pattern": r"^https?://\S+$"},  # must parse as a URL, or the plugin fails to load
    "repository": {"type": "string"},
    "license": {"type": "string"},
    "keywords": {"type": "array", "items": {"type": "string"}},
    "metadata": {"type": "object"},
    "defaultEnabled": {"type": "boolean"},
    "dependencies": {"type": "array", "items": {"type": ["string", "object"]}},
    "settings": {"type": "object"},
    "userConfig": {"type": "object"},
    "channels": {"type": "array", "items": {"type": "object"}},
    "skills": {"type": ["string", "array"]},
    "commands": {"type": ["string", "array", "object"]},
    "agents": {"type": ["string", "array"]},
    "hooks": {"type": ["string", "array", "object"]},
    "mcpServers": {"type": ["string", "array", "object"]},
    "lspServers": {"type": ["string", "array", "object"]},
    "outputStyles": {"type": ["string", "array"]},
    "workflows": {"type": ["string", "array"]},
    "experimental": {"type": "object"},
}

PLUGIN_JSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name"],  # "name is the only required key"
    "additionalProperties": False,
    "properties": PLUGIN_JSON_FIELDS,
}

ENTRY_FIELDS: dict[str, Any] = {
    "name": {"type": "string", "minLength": 1, "pattern": NO_SPACE_OR_CONTROL},
    "source": {
        "oneOf": [
            {"type": "string", "pattern": RELATIVE_SOURCE},
            {
                "type": "object",
                "required": ["source"],
                "properties": {
                    "source": {"enum": ["github", "url", "git-subdir", "npm", "archive", "command"]},
                },
            },
        ]
    },
    "category": {"type": "string"},
    "tags": {"type": "array", "items": {"type": "string"}},
    "strict": {"type": "boolean"},
    "relevance": {"type": "object"},
    "headers": {"type": "object"},
    "headersHelper": {"type": "string"},
}

RESERVED_MARKETPLACE_NAMES = [
    "claude-code-marketplace", "claude-code-plugins", "claude-plugins-official", "anthropic-marketplace",
    "anthropic-plugins", "agent-skills", "anthropic-agent-skills", "life-sciences", "knowledge-work-plugins",
    "claude-for-legal", "claude-for-financial-services", "financial-services-plugins", "first-party-plugins",
    "claude-tag-plugins", "claude-community", "claude-plugins-community", "healthcare", "anthropic-plugin-directory",
    "claude-plugin-directory", "inline", "builtin", "skills-dir", "synced", "claude-plugin-test", "npm", "pip", "uv",
    "cargo", "github", "gh",
]  # fmt: skip

MARKETPLACE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "owner", "plugins"],
    "additionalProperties": False,
    "properties": {
        "name": {
            "type": "string",
            # no spaces or controls, no / or \, no "..", not "."; Claude Desktop's stricter rule (a warning):
            # letters, digits, ".", "_", "-", starting alphanumeric, at most 128 characters
            "pattern": r"^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,127}$",
            "not": {"enum": RESERVED_MARKETPLACE_NAMES},
        },
        "owner": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "email": {"type": "string"},
                "url": {"type": "string"},
            },
        },
        "plugins": {
            "type": "array",
            "minItems": 1,  # "Marketplace has no plugins defined" is a warning
            "items": {
                "type": "object",
                "required": ["name", "source"],
                "additionalProperties": False,  # an entry accepts every plugin.json field and its own
                "properties": {**PLUGIN_JSON_FIELDS, **ENTRY_FIELDS},
            },
        },
        "$schema": {"type": "string"},
        "description": {"type": "string", "minLength": 1},  # validate warns when it is missing
        "version": {"type": "string"},
        "metadata": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "description": {"type": "string"},
                "version": {"type": "string"},
                "pluginRoot": {"type": "string"},
            },
        },
        "forceRemoveDeletedPlugins": {"type": "boolean"},
        "allowCrossMarketplaceDependenciesOn": {"type": "array", "items": {"type": "string"}},
        "renames": {"type": "object"},
    },
}

SKILL_FRONTMATTER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "description"],  # both optional to Claude Code; a plugin's skill should set them
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": r"^[a-z0-9-]{1,64}$"},
        "description": {"type": "string", "minLength": 1, "maxLength": 1536},
        "when_to_use": {"type": "string"},
        "argument-hint": {"type": "string"},
        "arguments": {"type": ["string", "array"]},
        "disable-model-invocation": {"type": "boolean"},
        "user-invocable": {"type": "boolean"},
        "allowed-tools": {"type": ["string", "array"]},
        "disallowed-tools": {"type": ["string", "array"]},
        "model": {"type": "string"},
        "effort": {"enum": ["low", "medium", "high", "xhigh", "max"]},
        "context": {"enum": ["fork"]},
        "agent": {"type": "string"},
        "background": {"type": "boolean"},
        "hooks": {"type": "object"},
        "paths": {"type": ["string", "array"]},
        "shell": {"type": "string"},
        "metadata": {"type": "object"},
        "license": {"type": "string"},
        "compatibility": {"type": "string"},
    },
}

AGENT_FRONTMATTER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "description"],  # "Only name and description are required"
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": r"^[a-z][a-z0-9-]*$"},
        "description": {"type": "string", "minLength": 1},
        "tools": {"type": ["string", "array"]},
        "disallowedTools": {"type": ["string", "array"]},
        "model": {"type": "string"},
        "maxTurns": {"type": "integer"},
        "skills": {"type": "array"},
        "memory": {"enum": ["user", "project", "local"]},
        "effort": {"type": "string"},
        "background": {"type": "boolean"},
        "isolation": {"enum": ["worktree"]},
        "color": {"type": "string"},
        "initialPrompt": {"type": "string"},
        # not hooks, mcpServers or permissionMode: a plugin's agent may not set them (they are ignored)
    },
}


def _errors(schema: dict[str, Any], data: Any) -> list[str]:
    Draft202012Validator.check_schema(schema)
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft202012Validator(schema).iter_errors(data)
    ]


def _frontmatter(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"\A---\n(.*?)\n---\n(.*)\Z", text, re.S)
    assert match, f"{path} has no YAML frontmatter"
    data = yaml.safe_load(match.group(1))
    assert isinstance(data, dict)
    return data, match.group(2)


def marketplace() -> dict[str, Any]:
    data = json.loads(MARKETPLACE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def plugin_root() -> Path:
    [entry] = marketplace()["plugins"]
    return (ROOT / entry["source"]).resolve()


# -- the marketplace ------------------------------------------------------------------------------------------


def test_the_marketplace_manifest_matches_the_documented_format() -> None:
    assert _errors(MARKETPLACE_SCHEMA, marketplace()) == []


def test_the_marketplace_schema_catches_what_claude_code_rejects() -> None:
    good = marketplace()
    broken = [
        {k: v for k, v in good.items() if k != "owner"},
        {**good, "name": "claude-plugins-official"},
        {**good, "name": "my market"},
        {**good, "plugins": [{**good["plugins"][0], "source": ".plugin"}]},  # a relative path needs "./"
        {**good, "plugins": [{**good["plugins"][0], "source": "./../elsewhere"}]},
        {**good, "plugins": [{**good["plugins"][0], "sorce": "./.plugin"}]},  # a typo Claude Code would ignore
    ]
    for data in broken:
        assert _errors(MARKETPLACE_SCHEMA, data), data


def test_the_marketplace_names_its_plugin_inside_the_repository() -> None:
    root = plugin_root()
    assert root.is_dir() and ROOT in root.parents
    assert (root / ".claude-plugin" / "plugin.json").is_file()
    # the repository keeps its own layout: the marketplace root's .claude-plugin/ holds only the catalog
    assert sorted(p.name for p in (ROOT / ".claude-plugin").iterdir()) == ["marketplace.json"]
    names = [entry["name"] for entry in marketplace()["plugins"]]
    assert len(names) == len(set(names))


# -- the plugin -----------------------------------------------------------------------------------------------


def plugin_json() -> dict[str, Any]:
    data = json.loads((plugin_root() / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_plugin_manifest_matches_the_documented_format() -> None:
    assert _errors(PLUGIN_JSON_SCHEMA, plugin_json()) == []
    assert _errors(PLUGIN_JSON_SCHEMA, {**plugin_json(), "name": "Retell Plugin"})  # not kebab-case
    assert _errors(PLUGIN_JSON_SCHEMA, {**plugin_json(), "skill": "./skills"})  # an unknown key


def test_the_plugin_is_laid_out_as_claude_code_loads_it() -> None:
    root = plugin_root()
    data = plugin_json()
    assert data["name"] == marketplace()["plugins"][0]["name"]  # installed and namespaced under one name
    assert data["version"] == retell.__version__  # the plugin moves with the retell it calls
    # only plugin.json inside .claude-plugin/; components at the plugin root, in their default folders
    assert sorted(p.name for p in (root / ".claude-plugin").iterdir()) == ["plugin.json"]
    assert not (root / "CLAUDE.md").exists()  # not loaded as context; validate warns
    for key in ("skills", "commands", "agents", "hooks"):
        assert key not in data, f"{key}: the default folder is used"
    assert [p.parent.name for p in sorted((root / "skills").glob("*/SKILL.md"))] == ["retell"]
    assert [p.name for p in sorted((root / "agents").glob("*.md"))] == ["prompt-answerer.md"]


def test_the_skill_frontmatter_matches_the_documented_format() -> None:
    path = plugin_root() / "skills" / "retell" / "SKILL.md"
    meta, body = _frontmatter(path)
    assert _errors(SKILL_FRONTMATTER_SCHEMA, meta) == []
    assert meta["name"] == path.parent.name
    assert "$ARGUMENTS" in body  # what the author typed after /retell reaches the skill


def test_the_agent_frontmatter_matches_the_documented_format() -> None:
    path = plugin_root() / "agents" / "prompt-answerer.md"
    meta, body = _frontmatter(path)
    assert _errors(AGENT_FRONTMATTER_SCHEMA, meta) == []
    assert meta["name"] == path.stem
    skill = (plugin_root() / "skills" / "retell" / "SKILL.md").read_text(encoding="utf-8")
    assert f"`{plugin_json()['name']}:{meta['name']}`" in skill  # the skill names it as Claude Code does
    assert "nothing else" in body and "from that file alone" in meta["description"]


# -- what the skill runs --------------------------------------------------------------------------------------


def _retell_invocations(text: str) -> list[tuple[str, list[str]]]:
    """`retell <command> … --option …` as the skill runs them: in code blocks and code spans."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"^```[a-z]*\n.*?^```", "", text, flags=re.S | re.M))
    commands = [line for block in blocks for line in block.splitlines()] + spans
    found = []
    for command in commands:
        for match in re.finditer(r"(?:^|[;&|(]\s*)retell ([a-z][a-z-]*)([^;&|#]*)", command.strip()):
            found.append((match.group(1), re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b", match.group(2))))
    return found


def test_every_retell_command_and_option_the_skill_uses_exists() -> None:
    import typer
    from typer.core import TyperGroup

    import retell.cli  # noqa: F401  (registers the commands)
    from retell.cli.app import app

    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    text = (plugin_root() / "skills" / "retell" / "SKILL.md").read_text(encoding="utf-8")
    used = _retell_invocations(text)
    assert {name for name, _ in used} >= {"list", "run", "triage", "outline", "draft", "check", "preview", "revise"}
    for name, options in used:
        command = group.commands.get(name)
        assert command is not None, f"the skill runs `retell {name}`, which does not exist"
        known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
        assert set(options) <= known | {"--help", "--version"}, (name, set(options) - known)
    engine = next(p for p in group.commands["draft"].params if p.name == "engine")
    assert "handoff" in str(engine.help)


@pytest.mark.parametrize("flag", ["--yes", "-y"])
def test_the_skill_never_approves_the_triage_for_the_author(flag: str) -> None:
    text = (plugin_root() / "skills" / "retell" / "SKILL.md").read_text(encoding="utf-8")
    runs = [options for name, options in _retell_invocations(text) if name == "run"]
    assert runs and all(flag not in options for options in runs)
    assert "Never approve" in text


def test_no_file_a_user_reads_points_at_an_unchecked_home_page() -> None:
    """The project's public home is named in one place, pyproject's [project.urls] (unset until it is checked):
    the manifests Claude Code shows and the install steps never send a user to a repository nobody checked."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    homepage = re.search(r'^Homepage\s*=\s*"([^"]+)"', pyproject, re.M)
    read_by_users = [
        MARKETPLACE,
        ROOT / ".plugin" / ".claude-plugin" / "plugin.json",
        ROOT / ".plugin" / "skills" / "retell" / "SKILL.md",
        ROOT / "README.md",
    ]
    for path in read_by_users:
        for url in re.findall(r"https?://github\.com/[\w.-]+/retell\b[^\s)\"]*", path.read_text(encoding="utf-8")):
            assert homepage and url.startswith(homepage.group(1)), f"{path.name} names {url}"
