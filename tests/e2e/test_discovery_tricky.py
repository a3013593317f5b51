"""A second tree of tricky agent files (newuser13), built without looking at ralphy's rules: odd names (spaces,
slashes, a colon, a fullwidth colon, non-ASCII, emoji, 256 and 257 characters, a built-in's name, upper and lower
case twins), odd values (block and folded scalars, anchors, tags, escapes, a long description), frontmatter
shapes (a blank line or a space before the dashes, dashes with trailing spaces, four dashes, `...`, capitalised
keys, no closing line, UTF-16, CR line ends), file names (a dot file, a dot folder, a space, `.md` alone,
`.markdown`, a backup, node_modules, nine folders deep, a folder the repository's .gitignore names), a link to
a file of the same folder, agent folders at three levels of the git repository, and the user's folder with
a name the project also has, a name the project's file fails to load, and a colon.

Each real CLI's own list (the oracle: `initialize`, or the `init` line before 2.1.100; no model call) against
what a user sees of ralphy: `ralphy agents list --json --scope all`, `ralphy doctor --json`, and the agents
`ralphy dev` puts in the prompt it sends that CLI."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import FakeMessagesAPI, init_git_project, text
from ralphy.testing.dev import listed_agents
from tests.e2e import scripted
from tests.e2e.cli_oracle import cli_agents, closed_api_url
from tests.e2e.test_discovery_parity import agent, write
from tests.e2e.test_driver_loop import main_prompts

pytestmark = pytest.mark.e2e


def build_second_tree(root: Path, home: Path) -> Path:
    """The tree (a git repository with agent folders at its root, in a sub-folder and in the working directory,
    three levels down) and the user's agent folder under ``home``; returns the working directory."""
    repo = init_git_project(root / "repo", commit=False)
    mid = repo / "services"
    work = mid / "api"
    top, middle, near = repo / ".claude" / "agents", mid / ".claude" / "agents", work / ".claude" / "agents"
    user = home / ".claude" / "agents"
    write(top / "root-only.md", agent("root-only", "At the git root."))
    write(middle / "mid-only.md", agent("mid-only", "Between the git root and the working directory."))
    write(top / "layered.md", agent("layered", "Root copy."))
    write(middle / "layered.md", agent("layered", "Middle copy."))
    write(near / "layered.md", agent("layered", "Near copy wins."))
    write(near / "half.md", "---\nname: half\n---\nNo description here, so the middle copy loads.\n")
    write(middle / "half.md", agent("half", "Middle copy of half."))
    # names
    write(near / "space.md", agent("My Agent", "A name with a space."))
    write(near / "slash.md", agent("team/reviewer", "A name with a slash."))
    write(near / "colon.md", agent('"ns:agent"', "A colon, as plugins name their agents."))
    write(near / "fullwidth.md", agent("ns\uff1awide", "A fullwidth colon."))
    write(near / "unicode.md", agent("caf\u00e9-agent", "A non-ASCII name."))
    write(near / "emoji.md", agent('"\U0001f680-launcher"', "An emoji name."))
    write(near / "long-256.md", agent("a" * 256, "A 256-character name."))
    write(near / "long-257.md", agent("b" * 257, "A 257-character name."))
    write(near / "emoji-129.md", agent("\U0001f681" * 129, "129 emoji: 258 UTF-16 code units."))
    write(near / "case1.md", agent("Reviewer", "Upper-case R."))
    write(near / "case2.md", agent("reviewer", "Lower-case r."))
    write(near / "empty-name.md", agent('""', "An empty name."))
    write(near / "null-name.md", agent("~", "A null name."))
    write(near / "list-name.md", agent("[a, b]", "A list as name."))
    write(near / "float.md", agent("1.5", "A float as name."))
    write(near / "bool.md", agent("true", "A boolean as name."))
    write(near / "builtin.md", agent("general-purpose", "The project's own general-purpose."))
    write(near / "underscore.md", agent("snake_case_agent", "Underscores."))
    write(near / "dots.md", agent("v1.2.agent", "Dots in the name."))
    # values
    write(near / "block.md", "---\nname: block-desc\ndescription: |\n  Line one.\n  Line two.\n---\nbody\n")
    write(near / "folded.md", "---\nname: folded-desc\ndescription: >\n  Folded one\n  folded two.\n---\nbody\n")
    write(near / "numdesc.md", agent("num-desc", "42"))
    write(near / "listdesc.md", agent("list-desc", "[one, two]"))
    write(near / "mapdesc.md", "---\nname: map-desc\ndescription:\n  a: b\n---\nbody\n")
    write(near / "hashdesc.md", agent("hash-desc", "#starts with a hash"))
    write(near / "escdesc.md", agent("esc-desc", '"Tab\\there and \\u00e9"'))
    write(near / "anchor.md", "---\nname: &n anchored\ndescription: *n\n---\nbody\n")
    write(near / "tag.md", "---\nname: !!str 777\ndescription: Tagged name.\n---\nbody\n")
    write(near / "bigdesc.md", agent("big-desc", "word " * 4000))
    write(near / "tools-star.md", agent("tools-star", "All tools.", "tools: '*'\n"))
    write(near / "model-inherit.md", agent("model-inherit", "Inherits the model.", "model: inherit\n"))
    write(near / "comment.md", "---\n# a comment\nname: commented\ndescription: After a comment. # trailing\n---\nb\n")
    # frontmatter shapes
    write(near / "leading-blank.md", "\n---\nname: leading-blank\ndescription: Blank line first.\n---\nbody\n")
    write(near / "leading-space.md", " ---\nname: leading-space\ndescription: Space first.\n---\nbody\n")
    write(near / "trailing-ws.md", "--- \nname: trailing-ws\ndescription: Spaces after the dashes.\n---  \nbody\n")
    write(near / "four.md", "----\nname: four-dashes\ndescription: Four dashes.\n----\nbody\n")
    write(near / "dots-end.md", "---\nname: dots-end\ndescription: Ends with dots.\n...\nbody\n")
    write(near / "capkey.md", "---\nName: cap-key\nDescription: Capitalised keys.\n---\nbody\n")
    write(near / "empty.md", "")
    write(near / "only-frontmatter.md", "---\nname: only-fm\ndescription: No body at all.\n---")
    write(near / "no-close.md", "---\nname: no-close\ndescription: Never closed.\n")
    write(near / "utf16.md", agent("utf16-agent", "UTF-16 file.").encode("utf-16"))
    write(near / "cr-only.md", agent("cr-only", "Old Mac line ends.").replace("\n", "\r"))
    # file names and folders
    write(near / ".hidden.md", agent("hidden-file", "A dot file."))
    write(near / ".hidden-dir" / "x.md", agent("in-hidden-dir", "In a dot folder."))
    write(near / "my agent.md", agent("file-with-space", "A space in the file name."))
    write(near / ".md", agent("just-dot-md", "A file named .md."))
    write(near / "x.md.bak", agent("bak-agent", "A backup file."))
    write(near / "x.markdown", agent("markdown-ext", "The .markdown extension."))
    write(near / "node_modules" / "pkg" / "agent.md", agent("in-node-modules", "Under node_modules."))
    write(near / "deep" / "a" / "b" / "c" / "d" / "e" / "f" / "g" / "deep.md", agent("very-deep", "Nine down."))
    write(near / "private" / "secret.md", agent("git-ignored", "In a folder the repository ignores."))
    write(repo / ".gitignore", "services/api/.claude/agents/private/\n")
    (near / "alias.md").symlink_to("space.md")  # the same agent twice in one folder
    # the user's folder
    write(user / "layered.md", agent("layered", "User copy, shadowed by the project's."))
    write(user / "user-only.md", agent("user-only", "Only in the user folder."))
    write(user / "team" / "nested-user.md", agent("nested-user", "In a sub-folder of the user folder."))
    write(user / "fallback.md", agent("fallback", "The user's fallback."))
    write(near / "fallback.md", "---\nname: fallback\ndescription: [unclosed\n---\nBad YAML: the user's loads.\n")
    write(user / "user-colon.md", agent('"me:helper"', "A colon in the user folder."))
    return work


def builtin_agents(claude_bin: str, root: Path, home: Path) -> set[tuple[str, str | None]]:
    """(name, description) of what the CLI lists in a folder with no agents of its own: its built-ins."""
    empty = init_git_project(root / "empty", commit=False)
    bare_home = root / "bare-home"
    (bare_home / ".claude").mkdir(parents=True, exist_ok=True)
    return {(item["name"], item["description"]) for item in cli_agents(claude_bin, empty, bare_home)}


def the_clis_own(claude_bin: str, work: Path, home: Path, root: Path) -> dict[str, str | None]:
    """name -> description of the agents the CLI loaded in ``work`` that are not its built-ins (an agent named
    like a built-in counts as the project's when its description is not the built-in's)."""
    builtins = builtin_agents(claude_bin, root, home)
    return {item["name"]: item["description"] for item in cli_agents(claude_bin, work, home)
            if (item["name"], item["description"]) not in builtins}


def names_only(expected: dict[str, str | None]) -> bool:
    return bool(expected) and all(description is None for description in expected.values())


def _env(home: Path, claude_bin: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CLAUDE", "ANTHROPIC"))}
    env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"), RALPHY_CLAUDE_BIN=claude_bin,
               ANTHROPIC_API_KEY="sk-test", ANTHROPIC_BASE_URL=closed_api_url(),
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1")
    return env


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory, claude_bin: str) -> tuple[Path, dict[str, str | None], Path]:
    """(working directory, what the CLI loads there, HOME): asked of the CLI once for the module's tests (each asked it
    again for the same tree before: two CLI starts a test)."""
    root = tmp_path_factory.mktemp("tricky")
    home = root / "home"
    (home / ".claude").mkdir(parents=True)
    work = build_second_tree(root, home)
    expected = the_clis_own(claude_bin, work, home, root)
    assert "layered" in expected and "user-only" in expected and "fallback" in expected
    return work, expected, home


def test_agents_list_and_doctor_say_what_the_cli_loads(tree, claude_bin: str) -> None:
    work, expected, claude_home = tree
    env = _env(claude_home, claude_bin)
    listed = subprocess.run([sys.executable, "-m", "ralphy", "agents", "list", "--json", "--scope", "all"],
                            cwd=work, env=env, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    ours = {item["name"]: item["description"] for item in json.loads(listed.stdout)}
    done = subprocess.run([sys.executable, "-m", "ralphy", "doctor", "--json"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=180)
    report = json.loads(done.stdout)["agents"]
    doctor_ralphy = {item["name"]: item["description"] for item in report["ralphy"]}
    doctor_cli = {item["name"]: item["description"] for item in report["cli"]}
    if names_only(expected):  # 2.0.x, 2.1.62: names only, and a built-in's name cannot be told apart
        assert set(ours) - {"general-purpose"} == set(expected) - {"general-purpose"}
        assert set(doctor_ralphy) == set(ours) and set(doctor_cli) == set(doctor_ralphy)
    else:
        assert ours == expected
        assert doctor_ralphy == expected and doctor_cli == expected
    assert report["only_cli"] == report["only_ralphy"] == report["description_differs"] == []


def test_the_prompt_of_ralphy_dev_names_what_the_cli_loads(tree, claude_bin: str) -> None:
    work, expected, claude_home = tree
    (work / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add a greet function\n")
    with FakeMessagesAPI(lambda request: text("Nothing done.")) as api:
        proc = scripted.ralphy(work, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1",
                               timeout=180, extra_env={"RALPHY_PROMPT_AGENT_THRESHOLD": "1000",
                                                       "RALPHY_PROMPT_AGENT_LIMIT": "1000",
                                                       "RALPHY_AGENT_SCOPES": "all"})
    assert proc.stdout.strip(), proc.stderr[-2000:]
    [prompt] = main_prompts(api)
    in_prompt = set(listed_agents(prompt))
    want = set(expected) - ({"general-purpose"} if names_only(expected) else set())
    assert in_prompt - {"general-purpose"} == want - {"general-purpose"}, in_prompt ^ want
