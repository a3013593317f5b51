"""Discovery follows the CLI version it is asked to match. The expected lists were written by hand from what
each real CLI reported for the same files (its `init` line's agents, 2.0.0 and 2.1.62; `initialize`, 2.1.197
and later); tests/e2e/test_discovery_parity.py checks them against the CLIs themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralphy.agents import DevAgent
from ralphy.agents.discovery import DiscoveryRules, discover_agents, load_agent_file
from ralphy.claude.version import Version
from ralphy.testing import init_git_project


def agent(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\n\nYou are a test agent.\n"


FILES = {
    "t-end-single.md": agent("t-end-single", "Use for tests. Triggers on: 'pytest'"),
    "t-colon-noquote.md": agent("t-colon-noquote", "Use for: tests"),
    "t-brace.md": agent("t-brace", "Use {x}: y"),
    "t-colon-hash.md": agent("t-colon-hash", "Use: x #comment"),
    "t-plain-endquote.md": agent("t-plain-endquote", "plain ends with 'q'"),
    "bom.md": "\ufeff" + agent("bom-agent", "Starts with a byte-order mark."),
    "big.md": agent("too-big", "Over one MiB.").replace("You are", "x" * (1024 * 1024)),
    "dash.md": agent("-dash", "Name starts with a dash."),
    "numeric.md": agent("12345", "A numeric name."),
    "dup-keys.md": "---\nname: dup-one\nname: dup-two\ndescription: Duplicate key.\n---\nbody\n",
    "bad-yaml.md": "---\nname: bad-yaml\ndescription: [unclosed\n  - x: {\n---\nbody\n",
    "tab.md": "---\nname: tabbed\n\tdescription: tab-indented key\n---\nbody\n",
}
EVERYWHERE = ["t-brace", "t-colon-hash", "t-plain-endquote"]
# What each CLI loaded from FILES (in a sub-folder of a git repo whose root holds far-only). 2.1.100 (cli.js, the
# last ones run by Node), 2.1.113 and 2.1.150 (the first Bun binaries): measured by versions14 with the CLIs'
# `initialize` answers; 2.1.113 and 2.1.150 were run from their npm packages' binaries, not installed for CI.
EXPECTED = {
    "2.0.0": ["-dash", "12345", "bad-yaml", "dup-two", "t-colon-noquote", "t-end-single", "tabbed", "too-big"],
    "2.1.62": ["-dash", "far-only", "too-big"],
    "2.1.100": ["-dash", "far-only", "t-colon-noquote", "t-end-single", "too-big"],
    "2.1.113": ["-dash", "dup-two", "far-only", "t-colon-noquote", "t-end-single", "tabbed", "too-big"],
    "2.1.150": ["-dash", "dup-two", "far-only", "t-colon-noquote", "t-end-single", "tabbed", "too-big"],
    "2.1.197": ["dup-two", "far-only", "t-colon-noquote", "t-end-single"],
    "2.1.250": ["bom-agent", "dup-two", "far-only", "t-colon-noquote", "t-end-single"],
    "2.1.330": ["bom-agent", "dup-two", "far-only", "t-colon-noquote", "t-end-single"],
}


def write_tree(repo: Path) -> Path:
    """A git repository at ``repo`` with FILES in ``repo/sub/.claude/agents`` and one agent (far-only) at its
    root's; returns ``repo/sub``, where the CLI and ralphy look from (make_discovery.py records the CLIs there)."""
    work = repo / "sub"
    init_git_project(repo, commit=False)
    for name, text in FILES.items():
        path = work / ".claude" / "agents" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (repo / ".claude" / "agents").mkdir(parents=True)
    (repo / ".claude" / "agents" / "far.md").write_text(agent("far-only", "far"))
    return work


@pytest.fixture
def work(tmp_path: Path) -> Path:
    return write_tree(tmp_path / "repo")


@pytest.mark.parametrize("version", sorted(EXPECTED))
def test_each_version_loads_what_that_cli_loaded(work: Path, version: str) -> None:
    discovery = discover_agents(work, rules=DiscoveryRules.for_version(Version.parse(version)))
    assert sorted(spec.name for spec in discovery.agents) == sorted(EXPECTED[version] + EVERYWHERE)


@pytest.mark.parametrize("version, winner", [("2.1.62", "far"), ("2.1.100", "far"), ("2.1.113", "far"),
                                             ("2.1.150", "far"), ("2.1.197", "near"), ("2.1.330", "near")])
def test_of_two_project_folders_the_farther_wins_up_to_2_1_150(work: Path, version: str, winner: str) -> None:
    """The CLI merges the project folders nearest first and the last one read wins, up to 2.1.150 (2.1.100, 2.1.113,
    2.1.150 measured, 2.1.62 read from its cli.js); 2.1.197 sorts them so the nearest wins (measured)."""
    (work / ".claude" / "agents" / "shared.md").write_text(agent("shared", "near"))
    (work.parent / ".claude" / "agents" / "shared.md").write_text(agent("shared", "far"))
    discovery = discover_agents(work, rules=DiscoveryRules.for_version(Version.parse(version)))
    [shared] = [spec for spec in discovery.agents if spec.name == "shared"]
    assert shared.description == winner
    [loser] = discovery.shadowed["shared"]
    assert loser.description == ("near" if winner == "far" else "far")


def test_the_default_is_the_newest_rules_but_2_1_197s_bom(work: Path) -> None:
    assert discover_agents(work).agents == discover_agents(work, rules=DiscoveryRules()).agents
    names = {spec.name for spec in discover_agents(work).agents}
    assert names == set(EXPECTED["2.1.197"] + EVERYWHERE)


def test_2_0_reads_frontmatter_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "a.md"
    path.write_text("---\nname: 'quoted'\ndescription: \"Use: for x\" \ntools: Read, Grep\nmodel: sonnet\n"
                    "color:\n  - nested: ignored\n---\nBody\n")
    spec = load_agent_file(path, rules=DiscoveryRules.for_version(Version(2, 0, 0)))
    assert (spec.name, spec.description, spec.tools, spec.model) == ("quoted", "Use: for x", ("Read", "Grep"), "sonnet")
    assert spec.metadata["- nested"] == "ignored" and spec.body == "Body"


def test_2_1_62_says_why_it_skips_a_duplicate_key(tmp_path: Path) -> None:
    path = tmp_path / "a.md"
    path.write_text(FILES["dup-keys.md"])
    problem = load_agent_file(path, rules=DiscoveryRules.for_version(Version(2, 1, 62)))
    assert "duplicate key 'name'" in problem.reason


def test_the_prompt_names_the_delegation_tool_and_the_agents_of_the_cli_that_runs_it(work: Path) -> None:
    (work / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    old = DevAgent(work, claude_version="2.1.62").build_prompt()
    new = DevAgent(work, claude_version=Version(2, 1, 330)).build_prompt()
    library = DevAgent(work).build_prompt()
    assert "with the Task tool" in old and "Agent tool" not in old
    assert "with the Agent tool" in new and "Task tool" not in new
    assert "with the Agent tool" in library
    assert "**-dash**" in old and "**-dash**" not in new
    assert "**bom-agent**" in new and "**bom-agent**" not in library


def test_a_clash_in_one_folder_goes_to_the_last_file_listed_and_from_2_1_330_to_the_last_by_name(tmp_path: Path) -> None:
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    for stem in ("m", "a", "z", "b", "q"):
        (folder / f"{stem}.md").write_text(agent("twin", f"from {stem}"))
    import os

    listed_last = [entry.name for entry in os.scandir(folder)][-1][:-3]
    old = discover_agents(tmp_path, rules=DiscoveryRules.for_version(Version(2, 1, 300)))
    new = discover_agents(tmp_path, rules=DiscoveryRules.for_version(Version(2, 1, 330)))
    assert old.by_name("twin").description == f"from {listed_last}"
    assert new.by_name("twin").description == "from z"


@pytest.mark.parametrize("version", sorted(EXPECTED))
def test_the_expected_lists_are_what_each_cli_reported(version: str) -> None:
    """tests/data/transcripts/<version>/discovery.jsonl: the CLI's own lines (make_discovery.py beside them)."""
    from tests.conftest import TRANSCRIPTS

    lines = [json.loads(line) for line in (TRANSCRIPTS / version / "discovery.jsonl").read_text().splitlines()]
    [init] = [line for line in lines if line.get("subtype") == "init"]
    built_in = {"general-purpose", "Explore", "Plan", "statusline-setup", "claude", "output-style-setup"}
    assert sorted(set(init["agents"]) - built_in) == sorted(EXPECTED[version] + EVERYWHERE)


@pytest.mark.parametrize("style", ["yaml", "yaml-2.1.62"])
def test_control_characters_load_as_the_cli_loads_them(tmp_path: Path, style: str) -> None:
    """An ESC, BEL, SOH, DEL or C1 control in a description: PyYAML refuses the file, the CLI (2.1.62, 2.1.197,
    2.1.330: tests/e2e/test_discovery_parity.py) loads it with the characters kept. A NUL stays refused."""
    from ralphy.agents.frontmatter import _parse_frontmatter

    plain = "---\nname: esc\ndescription: Reviews \x1b[31mred\x1b[0m code, \x07\x01\x7f\x9b\n---\nbody\n"
    quoted = '---\nname: q\ndescription: "Quoted \x1b]0;t\x07 x"\nkeys: [a\x0bb, c]\n---\nbody\n'
    data, _, error = _parse_frontmatter(plain, style)
    assert error is None and data == {"name": "esc", "description": "Reviews \x1b[31mred\x1b[0m code, \x07\x01\x7f\x9b"}
    data, _, error = _parse_frontmatter(quoted, style)
    assert error is None and data == {"name": "q", "description": "Quoted \x1b]0;t\x07 x", "keys": ["a\x0bb", "c"]}
    data, _, error = _parse_frontmatter("---\nname: n\ndescription: a \x00 NUL\n---\n", style)
    assert data == {} and error
    # a file already holding the stand-ins' own characters is not guessed at: refused as before
    data, _, error = _parse_frontmatter("---\nname: n\ndescription: \U000f001b and \x1b\n---\n", style)
    assert data == {} and error


NAME_FILES = {  # what 2.1.197, 2.1.237, 2.1.250, 2.1.300 and 2.1.330 loaded of these (measured by newuser13)
    "colon.md": agent("ns:agent", "A colon, which plugins use for their namespace."),
    "fullwidth-colon.md": agent("ns\uff1aagent", "A fullwidth colon: NFKC makes it ':'."),
    "len-256.md": agent("a" * 256, "256 characters."),
    "len-257.md": agent("b" * 257, "257 characters."),
    "emoji-256.md": agent("\U0001f680" * 128, "128 emoji: 256 UTF-16 code units."),
    "emoji-258.md": agent("\U0001f681" * 129, "129 emoji: 258 UTF-16 code units, 129 code points."),
}
NAME_EXPECTED = {
    "2.0.0": ["ns:agent", "ns\uff1aagent", "a" * 256, "b" * 257, "\U0001f680" * 128, "\U0001f681" * 129],
    "2.1.197": ["ns:agent", "ns\uff1aagent", "a" * 256, "b" * 257, "\U0001f680" * 128, "\U0001f681" * 129],
    "2.1.237": ["a" * 256, "b" * 257, "\U0001f680" * 128, "\U0001f681" * 129],
    "2.1.250": ["a" * 256, "b" * 257, "\U0001f680" * 128, "\U0001f681" * 129],
    "2.1.300": ["a" * 256, "\U0001f680" * 128],
    "2.1.330": ["a" * 256, "\U0001f680" * 128],
}


@pytest.mark.parametrize("version", sorted(NAME_EXPECTED))
def test_names_with_a_colon_or_over_256_utf16_units_are_refused_where_the_cli_refuses_them(tmp_path: Path,
                                                                                           version: str) -> None:
    """From 2.1.237 the CLI refuses a name holding ':' after NFKC (plugins' namespace), from 2.1.300 one longer
    than 256 (JavaScript's length: UTF-16 code units); tests/e2e/test_discovery_names.py asks the CLIs."""
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    for name, text in NAME_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    discovery = discover_agents(tmp_path, rules=DiscoveryRules.for_version(Version.parse(version)))
    assert sorted(spec.name for spec in discovery.agents) == sorted(NAME_EXPECTED[version])
    reasons = {problem.path.name: problem.reason for problem in discovery.problems}
    if Version.parse(version) >= Version(2, 1, 237):
        assert "':'" in reasons["colon.md"] and "plugin" in reasons["colon.md"]
    if Version.parse(version) >= Version(2, 1, 300):
        assert "256" in reasons["len-257.md"] and "256" in reasons["emoji-258.md"]


IGNORE_CASES = {  # ignore files -> what 2.0.0 loaded (measured by newuser13); 2.1.62 and later load both
    "root-gitignore-dotclaude": ({".gitignore": ".claude/\n"}, ["keep", "private-agent"]),
    "root-gitignore-agents-sub": ({".gitignore": ".claude/agents/private/\n"}, ["keep"]),
    "gitignore-md": ({".gitignore": "*.md\n"}, ["keep", "private-agent"]),
    "info-exclude": ({".git/info/exclude": "private/\n"}, ["keep"]),
    "agents-gitignore-negate": ({".claude/agents/.gitignore": "*\n!keep.md\n"}, ["keep"]),
}


@pytest.mark.parametrize("case", sorted(IGNORE_CASES))
def test_2_0_skips_folders_the_repositorys_ignore_files_name(tmp_path: Path, case: str) -> None:
    """2.0.x lists agent files with ripgrep (`rg --files --hidden --follow --glob '*.md'`): a folder an ignore
    file names is not entered, a `.md` file is never left out for its own name; later CLIs ignore nothing."""
    files, loaded_by_2_0 = IGNORE_CASES[case]
    repo = init_git_project(tmp_path / "repo", commit=False)
    folder = repo / ".claude" / "agents"
    (folder / "private").mkdir(parents=True)
    (folder / "keep.md").write_text(agent("keep", "kept"))
    (folder / "private" / "p.md").write_text(agent("private-agent", "private"))
    for relative, text in files.items():
        (repo / relative).write_text(text)
    old = discover_agents(repo, rules=DiscoveryRules.for_version(Version(2, 0, 0)))
    assert sorted(spec.name for spec in old.agents) == loaded_by_2_0
    if "private-agent" not in loaded_by_2_0:
        [ignored] = [f for f in old.files if f.path.name == "p.md"]
        assert ignored.outcome == "ignored" and "ignore files" in ignored.reason
    new = discover_agents(repo, rules=DiscoveryRules.for_version(Version(2, 1, 62)))
    assert sorted(spec.name for spec in new.agents) == ["keep", "private-agent"]


def test_2_0_outside_a_git_repository_ignores_nothing(tmp_path: Path) -> None:
    folder = tmp_path / ".claude" / "agents" / "private"
    folder.mkdir(parents=True)
    (tmp_path / ".gitignore").write_text("private/\n")
    (folder / "p.md").write_text(agent("private-agent", "private"))
    assert [s.name for s in discover_agents(tmp_path, rules=DiscoveryRules.for_version(Version(2, 0, 0))).agents] \
        == ["private-agent"]
