"""Discovery edge cases on a fake file system (pyfakefs): layout, clashes, parsing, rejection reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralphy.agents.discovery import AgentProblem, discover_agents, load_agent_file, parse_tools
from ralphy.agents.spec import AgentSpec


def agent(name: str, description: str = "Does things.", extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\nYou are {name}.\n"


@pytest.fixture
def repo(fs) -> Path:
    """A git repo at /home/dev/repo with a nested working directory; HOME is /home/dev."""
    fs.create_dir("/home/dev/repo/.git")
    fs.create_dir("/home/dev/repo/pkg/app")
    fs.create_dir("/home/dev/.claude")
    return Path("/home/dev/repo")


@pytest.fixture(autouse=True)
def home(monkeypatch) -> None:
    monkeypatch.setenv("HOME", "/home/dev")
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)


def names(discovery) -> list[str]:
    return [spec.name for spec in discovery.agents]


def test_searches_every_agents_dir_up_to_the_git_root_nearest_first(fs, repo: Path) -> None:
    fs.create_file(repo / "pkg/app/.claude/agents/near.md", contents=agent("near"))
    fs.create_file(repo / ".claude/agents/deep/er/far.md", contents=agent("far"))
    fs.create_file("/home/dev/.claude/agents/user.md", contents=agent("user"))  # user scope, not project
    fs.create_file("/home/.claude/agents/above.md", contents=agent("above"))  # above the git root
    discovery = discover_agents(repo / "pkg/app")
    assert names(discovery) == ["far", "near"]
    assert discovery.searched == [repo / "pkg/app/.claude/agents", repo / ".claude/agents"]


def test_outside_a_git_repo_walks_up_to_home_but_not_into_it(fs) -> None:
    fs.create_file("/home/dev/work/a/.claude/agents/a.md", contents=agent("a"))
    fs.create_file("/home/dev/work/.claude/agents/w.md", contents=agent("w"))
    fs.create_file("/home/dev/.claude/agents/user.md", contents=agent("user"))
    assert names(discover_agents("/home/dev/work/a")) == ["a", "w"]


def test_nearest_directory_wins_and_the_loser_is_recorded(fs, repo: Path) -> None:
    near = fs.create_file(repo / "pkg/app/.claude/agents/x.md", contents=agent("shared", "near"))
    far = fs.create_file(repo / ".claude/agents/y.md", contents=agent("shared", "far"))
    discovery = discover_agents(repo / "pkg/app")
    assert [(s.name, s.description) for s in discovery.agents] == [("shared", "near")]
    assert [s.path for s in discovery.shadowed["shared"]] == [Path(far.path)]
    assert discovery.clashes == []
    outcomes = {f.path: f.outcome for f in discovery.files}
    assert outcomes == {Path(near.path): "loaded", Path(far.path): "shadowed"}


def test_clash_inside_one_directory_last_walked_wins(fs, repo: Path) -> None:
    agents = repo / ".claude/agents"
    fs.create_file(agents / "b.md", contents=agent("twin", "first"))
    fs.create_file(agents / "a.md", contents=agent("twin", "second"))  # pyfakefs lists in creation order
    discovery = discover_agents(repo)
    assert discovery.by_name("twin").description == "second"
    [clash] = discovery.clashes
    assert (clash.name, clash.winner, clash.losers) == ("twin", agents / "a.md", (agents / "b.md",))


def test_project_beats_user(fs, repo: Path) -> None:
    fs.create_file(repo / ".claude/agents/a.md", contents=agent("same", "project"))
    fs.create_file("/home/dev/.claude/agents/a.md", contents=agent("same", "user"))
    fs.create_file("/home/dev/.claude/agents/b.md", contents=agent("mine", "user only"))
    discovery = discover_agents(repo, scopes=("all",))
    assert [(s.name, s.scope, s.description) for s in discovery.agents] == [
        ("mine", "user", "user only"), ("same", "project", "project")]
    assert [s.scope for s in discovery.shadowed["same"]] == ["user"]


def test_config_dir_env_and_parameter(fs, repo: Path, monkeypatch) -> None:
    fs.create_file("/cfg/agents/a.md", contents=agent("from-env"))
    fs.create_file("/other/agents/a.md", contents=agent("from-param"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "/cfg")
    assert names(discover_agents(repo, scopes=("user",))) == ["from-env"]
    assert names(discover_agents(repo, scopes=("user",), config_dir="/other")) == ["from-param"]


@pytest.mark.parametrize(("text", "reason"), [
    ("---\ndescription: no name\n---\n", "no 'name'"),
    ("---\nname: 42\ndescription: d\n---\n", "'name' must be a string"),
    ("---\nname: -x\ndescription: d\n---\n", "must not start with '-'"),
    ("---\nname: x\n---\n", "no 'description'"),
    ("---\nname: x\ndescription: ''\n---\n", "no 'description'"),
    ("---\nname: x\ndescription: [1\n  - {\n---\n", "not valid YAML"),
    ("# no frontmatter\n", "no frontmatter"),
    ("\ufeff---\nname: x\ndescription: d\n---\n", "byte-order mark"),
    ("", "no frontmatter"),
])
def test_rejected_files_are_problems_with_a_reason(fs, repo: Path, text: str, reason: str) -> None:
    fs.create_file(repo / ".claude/agents/bad.md", contents=text)
    discovery = discover_agents(repo)
    assert discovery.agents == []
    [problem] = discovery.problems
    assert problem.path == repo / ".claude/agents/bad.md" and reason in problem.reason


def test_size_limit_is_one_mib_inclusive(fs, repo: Path) -> None:
    head = agent("exact")
    fs.create_file(repo / ".claude/agents/exact.md", contents=head + "x" * (1024 * 1024 - len(head)))
    fs.create_file(repo / ".claude/agents/big.md", contents=agent("big") + "x" * (1024 * 1024))
    discovery = discover_agents(repo)
    assert names(discovery) == ["exact"]
    assert "over the CLI's 1 MiB limit" in discovery.problems[0].reason


def test_non_md_files_and_md_directories(fs, repo: Path) -> None:
    agents = repo / ".claude/agents"
    fs.create_file(agents / "notes.txt", contents=agent("txt"))
    fs.create_file(agents / "UPPER.MD", contents=agent("upper"))
    fs.create_file(agents / "folder.md/inner.md", contents=agent("inner"))
    discovery = discover_agents(repo)
    assert names(discovery) == ["inner"]
    assert {f.path.name: f.outcome for f in discovery.files} == {
        "notes.txt": "ignored", "UPPER.MD": "ignored", "inner.md": "loaded"}
    assert discovery.problems == []


def test_crlf_yaml12_scalars_and_the_cli_fallback_parser(fs, repo: Path) -> None:
    agents = repo / ".claude/agents"
    fs.create_file(agents / "crlf.md", contents=agent("crlf", "windows").replace("\n", "\r\n"))
    fs.create_file(agents / "yes.md", contents=agent("yes", "2024-01-01"))  # YAML 1.1 would give bool/date
    fs.create_file(agents / "colon.md", contents=agent("colon", "Use when: it breaks. #1 [x"))
    fs.create_file(agents / "tabs.md", contents="---\nname: tabs\n\tdescription: indented by tab\n---\n")
    discovery = discover_agents(repo)
    described = {s.name: s.description for s in discovery.agents}
    assert described == {"crlf": "windows", "yes": "2024-01-01", "colon": "Use when: it breaks. #1 [x"}
    assert [p.path.name for p in discovery.problems] == ["tabs.md"]


def test_load_agent_file_keeps_everything(fs) -> None:
    fs.create_file("/a/x.md", contents=agent("x", r"line one\nline two",
                                               "tools: Read, Bash(git *)\nmodel: ' Inherit '\ncolor: red\n"))
    spec = load_agent_file("/a/x.md", scope="user")
    assert isinstance(spec, AgentSpec)
    assert spec.description == "line one\nline two"
    assert spec.tools == ("Read", "Bash(git *)") and spec.model == "inherit" and spec.scope == "user"
    assert spec.body == "You are x." and spec.metadata["color"] == "red"
    assert isinstance(load_agent_file("/a/missing.md"), AgentProblem)


def test_plugin_rules(fs) -> None:
    fs.create_file("/p/demo/.claude-plugin/plugin.json", contents='{"name": "demo"}')
    fs.create_file("/p/demo/agents/reviewer.md", contents="---\ndescription: Reviews.\n---\nbody")
    fs.create_file("/p/demo/agents/ops/deploy.md", contents=agent("shipper", "Ships."))
    fs.create_file("/p/demo/agents/bare.MD", contents="no frontmatter")
    discovery = discover_agents("/p", scopes=("plugins",), plugin_dirs=["/p/demo"])
    assert {s.name: s.description for s in discovery.agents} == {
        "demo:reviewer": "Reviews.", "demo:ops:shipper": "Ships.", "demo:bare": "Agent from demo plugin"}
    assert {s.scope for s in discovery.agents} == {"plugin"}


@pytest.mark.parametrize(("value", "tools"), [
    (None, ("*",)),
    ("*", ("*",)),
    ("Read, Grep", ("Read", "Grep")),
    ("Read Grep,Edit", ("Read", "Grep", "Edit")),
    ("Bash(git *), Read", ("Bash(git *)", "Read")),
    (["Read", "Bash(npm run test:*)", 3], ("Read", "Bash(npm run test:*)")),
    (["Read", "*"], ("*",)),
    ([], ()),
])
def test_parse_tools(value, tools) -> None:
    assert parse_tools(value) == tools


def test_unknown_scope_is_a_bug() -> None:
    with pytest.raises(ValueError, match="unknown scope"):
        discover_agents("/", scopes=("galaxy",))


def test_fast_frontmatter_path_equals_the_yaml_parser_on_the_corpus() -> None:
    """simple_frontmatter is only an optimisation: wherever it answers, the YAML parser must agree."""
    from ralphy.agents.cli_yaml import load_yaml
    from ralphy.agents.frontmatter import find_frontmatter, simple_frontmatter
    from tests.conftest import CORPUS

    answered = 0
    tricky = ['description: "a \\\\n b \\" c"', "description: 'it''s'", "name: x  ", "name: true",
              "name: 0x1F", "description: a: b", "description: a #b", "description: [x]", "key: -x",
              'description: "tab\\there \\/ end"', "name: caf\u00e9", "name:   spaced", "name: ''", 'name: ""',
              "name: tnull", "a: one\n\nb: two\n"]
    raws = [found[0] for p in CORPUS.rglob("*.md") if (found := find_frontmatter(p.read_text(encoding="utf-8")))]
    for raw in raws + tricky:
        fast = simple_frontmatter(raw)
        if fast is not None:
            answered += 1
            assert fast == load_yaml(raw), raw
    assert answered > 500


@pytest.mark.parametrize("raw", [
    "name: true", "True: y", "null: x", "name: ~", "name: .5", "name: +1", "name: 1e3", "name: .inf", "name: .nan",
    "name: 0o17", "a: 1\nb: two", "name: x]", "name: {x}", "name: @x", "name: a:", "name: a #b", "name: a\tb",
    "name: x\r", "name: a\u2028b", "name: a\x00b", "name: a\x7fb", 'name: "a\x1bb"', "name: 'a\x0bb'",
    "name: a\xa0b", 'name: "x" ', "name: 'it''s' ", "name: 'a'b'", "name: '", 'name: "a\\x"', "name: ", "name:x",
])
def test_fast_frontmatter_path_declines_what_only_yaml_can_answer(raw: str) -> None:
    """Numbers, booleans, nulls, flow collections, comments, odd whitespace and bad quoting go to the parser."""
    from ralphy.agents.discovery import simple_frontmatter

    assert simple_frontmatter(raw) is None
