"""End to end with a real static site generator: `retell run SESSION --yes --engine offline`, then the page
bundle is built by Hugo in a minimal site and the HTML is read back (Hugo itself exits 0 on a broken image)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from hugo_site import build, check_site, find_hugo, retell_cli, retell_run
from render.render_support import write_session

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (
    REPO_ROOT
    / "examples"
    / "claude"
    / "projects"
    / "-home-sam-src-tidyfeeds"
    / "0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
)


@pytest.fixture(scope="module")
def hugo() -> str:
    return find_hugo()


def the_bundle(workdir: Path) -> Path:
    (bundle,) = [p for p in (workdir / "post").iterdir() if p.is_dir()]
    return bundle


def test_a_session_with_images_and_a_secret_builds_in_hugo(hugo: str, tmp_path: Path) -> None:
    session = write_session(tmp_path / "session")
    workdir = tmp_path / "W"
    result = retell_run(session.path, workdir, tmp_path)
    stages = [line.split()[0] for line in result.stderr.splitlines() if line.strip()]
    assert stages == ["parse", "triage", "outline", "draft", "render"]
    bundle = the_bundle(workdir)
    assert session.secret not in (bundle / "index.md").read_text(encoding="utf-8")
    out = build(hugo, bundle, tmp_path)
    post = check_site(out, bundle / "index.md", [session.secret, session.secret[4:]])
    assert len(post.images) == 4  # three in the text, and the cover
    assert "[REDACTED:github-token]" in post.text
    assert "By the numbers" in post.h2
    # retell's own bookkeeping stays out of the published site
    assert not list(out.rglob(".retell-render.json"))


def readme_run_command() -> list[str]:
    """The `retell run …` of the README's first shell block (after its install steps), as arguments."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block, "README.md has no ```sh block"
    match = re.search(r"(?:^|&&\s*)retell (run [^\n&|;]+)", block.group(1))
    assert match, f"the README's first command does not run `retell run`: {block.group(1)!r}"
    return shlex.split(match.group(1))


def test_the_readmes_first_command_builds_the_example_in_hugo(hugo: str, tmp_path: Path) -> None:
    if not EXAMPLE.is_file():
        pytest.skip(f"the bundled example session is absent ({EXAMPLE.relative_to(REPO_ROOT)})")
    args = readme_run_command()
    assert "--yes" in args and "--engine" in args
    args = [str(REPO_ROOT / a) if a.endswith(".jsonl") else a for a in args]  # it is run from the repository root
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    retell_cli(args, tmp_path, cwd=cwd)
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    promised = re.search(r"`(retell-[0-9a-f]{8}/post/[^`]+/index\.md)`", readme)
    index = cwd / promised.group(1) if promised else next((cwd).glob("retell-*/post/*/index.md"))
    assert index.is_file(), f"the README says the post lands in {index.relative_to(cwd)}"
    source = EXAMPLE.read_text(encoding="utf-8")
    secrets = sorted(set(re.findall(r"ghp_[A-Za-z0-9]{36}", source)))
    assert secrets, "the example is expected to hold a (fake) GitHub token"
    out = build(hugo, index.parent, tmp_path)
    post = check_site(out, index, [*secrets, "sam@tidyfeeds.dev", "/home/sam"])
    assert len(post.h2) >= 3
    assert post.images


def test_the_committed_example_post_is_what_retell_makes(tmp_path: Path) -> None:
    committed = REPO_ROOT / "examples" / "post"
    if not EXAMPLE.is_file() or not committed.is_dir():
        pytest.skip("the bundled example session or its committed post (examples/post/) is absent")
    workdir = tmp_path / "W"
    retell_run(EXAMPLE, workdir, tmp_path)
    made = the_bundle(workdir)
    expected = committed / made.name
    assert expected.is_dir(), f"examples/post/ has no {made.name}/"
    names = sorted(p.name for p in made.iterdir() if not p.name.startswith("."))
    assert names == sorted(p.name for p in expected.iterdir() if not p.name.startswith("."))
    for name in names:
        assert (made / name).read_bytes() == (expected / name).read_bytes(), f"examples/post/{made.name}/{name}"


def test_a_backup_of_an_edited_post_is_not_published(hugo: str, tmp_path: Path) -> None:
    session = write_session(tmp_path / "session")
    workdir = tmp_path / "W"
    retell_run(session.path, workdir, tmp_path)
    index = the_bundle(workdir) / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nPolished by hand.\n", encoding="utf-8")
    retell_run(session.path, workdir, tmp_path)
    out = build(hugo, the_bundle(workdir), tmp_path)
    check_site(out, the_bundle(workdir) / "index.md", [session.secret])
    published = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert not [p for p in published if not p.endswith((".html", ".webp", ".png", ".jpg"))], published
