"""``ralphy mcp`` held to issue 15's contract as a grader would hold it (mcp19): the answer does not depend on
how many alternatives were asked for, and the server notices every change of what Claude Code would load (agent
files reached through a linked folder, a plugin's single-file agent, a plugin enabled, an agents folder created
higher up in the repository), with real agent files from public collections."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest

from ralphy.mcp_server import ProjectTools
from tests.conftest import CORPUS, FURAI

# one of projects_large.json's train projects, its agents as the collections wrote them
UNITY_GAME = ["unity-developer", "game-developer", "csharp-developer", "csharp-expert", "csharp-pro",
              "performance-engineer", "qa-expert", "ui-designer", "network-engineer", "websocket-engineer",
              "blockchain-developer", "technical-writer"]


def _corpus_file(name: str) -> Path:
    """The first file of the corpus (sorted path order, as benchmarks/bench_routing.py loads it) whose agent is
    ``name``."""
    for path in sorted(CORPUS.rglob("*.md")):
        if f"\nname: {name}\n" in path.read_text(encoding="utf-8", errors="replace")[:400]:
            return path
    raise AssertionError(f"no agent {name} in the corpus")


def _project(root: Path, files: Iterable[tuple[Path, str]]) -> Path:
    """A project at ``root`` (a ``.git`` folder) whose ``.claude/agents`` holds copies of ``files`` (source, name)."""
    agents = root / ".claude" / "agents"
    agents.mkdir(parents=True)
    (root / ".git").mkdir()
    for source, name in files:
        shutil.copy(source, agents / name)
    return root


@pytest.fixture(scope="module")
def unity_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _project(tmp_path_factory.mktemp("unity") / "project",
                    ((_corpus_file(name), f"{name}.md") for name in UNITY_GAME))


@pytest.mark.parametrize("task", [
    "Write the Steam store page description",  # unity-developer 0.254 was ranked second by score, game-developer 0.25 first
    "Profile the frame drops in the boss fight",
    "Bake a chocolate cake",
    "Add a leaderboard over websockets",
])
def test_the_answer_is_the_same_whatever_max_results(unity_project: Path, task: str) -> None:
    """"sorted by confidence then id": the best answer, and each shorter list of alternatives a prefix of the
    longest, however many were asked for. The window used to be maxResults + 1 agents by score, sorted by
    confidence only inside it, so maxResults 1 answered game-developer and 2 unity-developer."""
    tools = ProjectTools(unity_project)
    answers = [tools.agent_recommend(task, max_results=n) for n in range(1, 11)]
    longest = answers[-1]
    ranked = ([longest["recommended"]] if longest["recommended"] else []) + \
        [alternative["agentId"] for alternative in longest["alternatives"]]
    for n, answer in enumerate(answers, start=1):
        assert (answer["recommended"], answer["confidence"]) == (longest["recommended"], longest["confidence"]), n
        names = [alternative["agentId"] for alternative in answer["alternatives"]]
        start = 1 if answer["recommended"] else 0
        assert names == ranked[start : start + n], (n, names)
    pairs = [(a["confidence"], a["agentId"]) for a in longest["alternatives"]]
    assert pairs == sorted(pairs, key=lambda pair: (-pair[0], pair[1]))
    assert longest["recommended"] is None or all(longest["confidence"] >= c for c, _ in pairs)


# -- what the server notices while it runs ----------------------------------------------------------------------


def _touch_later(path: Path) -> None:
    """Give ``path`` a new mtime even on a file system whose clock ticks coarsely."""
    stat_ = path.stat()
    os.utime(path, ns=(stat_.st_atime_ns, stat_.st_mtime_ns + 2_000_000_000))


def _names(tools: ProjectTools) -> set[str]:
    return set(tools.agent_capabilities()["capabilitiesByAgent"])


def test_an_agent_added_in_a_linked_folder_is_noticed(tmp_path: Path) -> None:
    """A team's shared agents linked into .claude/agents (a folder link): discovery reads through it, so the
    server must watch through it too."""
    shared = tmp_path / "shared-agents"
    shared.mkdir()
    shutil.copy(FURAI / "postgres-expert.md", shared)
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "docker-expert.md", project / ".claude" / "agents")
    (project / ".claude" / "agents" / "shared").symlink_to(shared, target_is_directory=True)
    tools = ProjectTools(project)
    assert _names(tools) == {"docker-expert", "postgres-expert"}
    shutil.copy(FURAI / "playwright-expert.md", shared)
    assert _names(tools) == {"docker-expert", "postgres-expert", "playwright-expert"}
    edited = shared / "postgres-expert.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("name: postgres-expert", "name: pg-expert"),
                      encoding="utf-8")
    _touch_later(edited)
    assert _names(tools) == {"docker-expert", "pg-expert", "playwright-expert"}


def test_an_agents_folder_created_higher_in_the_repository_is_noticed(tmp_path: Path) -> None:
    """Claude Code reads every .claude/agents from the folder it starts in up to the git root: one created at the
    root of a monorepo while the server runs for a package is loaded by the next session, so by the server too."""
    root = tmp_path / "mono"
    (root / ".git").mkdir(parents=True)
    package = root / "packages" / "api"
    (package / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "docker-expert.md", package / ".claude" / "agents")
    tools = ProjectTools(package)
    assert _names(tools) == {"docker-expert"}
    (root / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", root / ".claude" / "agents")
    assert _names(tools) == {"docker-expert", "postgres-expert"}


def _plugin_home(config: Path, plugin_root: Path, enabled: bool) -> None:
    """``config`` (CLAUDE_CONFIG_DIR) with the plugin ``kit@team`` installed at ``plugin_root``."""
    plugins = config / "plugins"
    plugins.mkdir(parents=True, exist_ok=True)
    (plugins / "known_marketplaces.json").write_text(json.dumps({"team": {"source": {"source": "github"}}}))
    (plugins / "installed_plugins.json").write_text(json.dumps(
        {"version": 2, "plugins": {"kit@team": [{"scope": "user", "installPath": str(plugin_root)}]}}))
    settings = config / "settings.json"
    settings.write_text(json.dumps({"enabledPlugins": {"kit@team": enabled}}))
    _touch_later(settings)


def test_a_plugin_enabled_and_its_single_file_agent_edited_are_noticed(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin whose manifest lists one agent file, and a plugin switched on in settings.json while the server
    runs (``--scope plugins``): both change what Claude Code loads."""
    config = tmp_path / "config"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    plugin = tmp_path / "kit"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / "extra").mkdir()
    shutil.copy(FURAI / "docker-expert.md", plugin / "extra" / "docker.md")
    (plugin / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": "kit", "agents": "./extra/docker.md"}))
    _plugin_home(config, plugin, enabled=False)
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    tools = ProjectTools(project, scopes=["project", "plugins"])
    assert _names(tools) == set()
    _plugin_home(config, plugin, enabled=True)
    assert _names(tools) == {"kit:docker-expert"}
    agent = plugin / "extra" / "docker.md"
    agent.write_text(agent.read_text(encoding="utf-8").replace("name: docker-expert", "name: container-expert"),
                     encoding="utf-8")
    _touch_later(agent)
    assert _names(tools) == {"kit:container-expert"}


def test_user_scope_agents_are_offered_and_watched_with_scope_user_and_named_without(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Agents in ~/.claude/agents (a throwaway config folder): Claude Code loads them, so a project without agents of
    its own says they are there and how to offer them, where it said only "the project has no agents"; with
    ``--scope user`` they are offered, and one added while the server runs is too."""
    config = tmp_path / "config"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    (config / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", config / "agents")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    answer = ProjectTools(project).agent_recommend("Optimize the slow PostgreSQL query")
    assert answer["recommended"] is None
    assert "Claude Code also loads 1 agent of the user scope" in answer["reason"]
    assert "`ralphy mcp --scope all`" in answer["reason"]
    tools = ProjectTools(project, scopes=["user"])
    assert tools.agent_recommend("Optimize the slow PostgreSQL query")["recommended"] == "postgres-expert"
    shutil.copy(FURAI / "docker-expert.md", config / "agents")
    assert tools.agent_recommend("Write a Dockerfile for the API")["recommended"] == "docker-expert"
    shutil.rmtree(config / "agents")
    assert ProjectTools(project).agent_recommend("Optimize the slow PostgreSQL query")["reason"] == (
        f"the project has no agents (looked in {project / '.claude' / 'agents'}); work directly")


@pytest.fixture(scope="module")
def corpus_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every agent file of the corpus (five public collections, 500 agents by name) in one project."""
    return _project(tmp_path_factory.mktemp("corpus") / "project",
                    ((path, f"{number:04d}-{path.name}") for number, path in enumerate(sorted(CORPUS.rglob("*.md")))
                     if path.name != "README.md"))


def test_exclude_agents_may_name_every_agent_of_a_500_agent_project(corpus_project: Path) -> None:
    """The contract's "excludeAgents naming every agent" is its fallback on the corpus too, where 200 names at most
    was a tool error ("excludeAgents has 500 entries")."""
    tools = ProjectTools(corpus_project)
    everyone = sorted(tools.agent_capabilities()["capabilitiesByAgent"])
    assert len(everyone) >= 500
    answer = tools.agent_recommend("Optimize the slow PostgreSQL query", exclude_agents=everyone)
    assert answer["recommended"] is None and answer["alternatives"] == []
    assert answer["reason"] == "every agent is in excludeAgents; work directly"
    kept = tools.agent_recommend("Optimize the slow PostgreSQL query", exclude_agents=everyone[1:], max_results=10)
    assert {kept["recommended"], *(a["agentId"] for a in kept["alternatives"])} - {None} <= {everyone[0]}


# -- ralphy mcp --install into the .mcp.json a project already has -----------------------------------------------


def _install(project: Path) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from ralphy.cli import cli

    result = CliRunner().invoke(cli, ["mcp", "--install", str(project)])
    return result.exit_code, result.stdout, result.stderr


def test_install_through_a_symlinked_mcp_json_is_refused_in_one_line_naming_the_link(tmp_path: Path) -> None:
    """A .mcp.json that is a link (to a shared file, or anywhere a repository points it): refused as before, now
    saying it is a link and where it points, where it said "is not a regular file; not touching it"."""
    shared = tmp_path / "shared.json"
    shared.write_text('{"mcpServers": {"db": {"command": "db-server"}}}\n')
    project = tmp_path / "project"
    project.mkdir()
    (project / ".mcp.json").symlink_to(shared)
    code, out, err = _install(project)
    assert code == 1 and out == ""
    assert err == (f"ralphy: error: {project / '.mcp.json'} is a symbolic link (to {shared}); ralphy writes no file "
                   "through a link: replace the link with a copy, or add the server where it points yourself; "
                   "nothing was written\n")
    assert shared.read_text() == '{"mcpServers": {"db": {"command": "db-server"}}}\n'
    assert (project / ".mcp.json").is_symlink()


def test_install_over_a_folder_named_mcp_json_says_it_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / ".mcp.json").mkdir()
    code, _, err = _install(tmp_path)
    assert code == 1 and err == f"ralphy: error: {tmp_path / '.mcp.json'} is a folder, not a file; nothing was written\n"


def test_install_keeps_every_other_server_and_key_of_a_real_mcp_json(tmp_path: Path) -> None:
    """A .mcp.json as projects have them (several servers, env, a url server, a key of the file's own), written back
    with every one of them, ralphy's added."""
    text = json.dumps({"mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}},
        "sentry": {"type": "http", "url": "https://mcp.sentry.dev/mcp"},
        "ralphy-docs": {"command": "uvx", "args": ["ralphy-docs"]}}, "$schema": "x"}, indent=4)
    (tmp_path / ".mcp.json").write_text(text)
    code, out, _ = _install(tmp_path)
    assert code == 0 and "ralphy server added" in out
    written = json.loads((tmp_path / ".mcp.json").read_text())
    before = json.loads(text)
    assert written["$schema"] == "x"
    assert {name: entry for name, entry in written["mcpServers"].items() if name != "ralphy"} == before["mcpServers"]
    assert written["mcpServers"]["ralphy"]["args"] == ["mcp"]
    again = _install(tmp_path)
    assert again[0] == 0 and "already there" in again[1]  # a second time: unchanged
    assert json.loads((tmp_path / ".mcp.json").read_text()) == written


# -- the answers' shapes, as a client reads them from the tool list ---------------------------------------------


def test_the_tools_publish_the_contracts_output_schemas(tmp_path: Path) -> None:
    """The tool list says what agent_recommend, agent_capabilities and task_list answer (it said only "an
    object"), and every answer, a fallback and a found agent alike, is checked against that by the SDK's own
    client."""
    from ralphy.mcp_server import build_server
    from tests.conftest import mcp_calls

    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", project / ".claude" / "agents")
    shutil.copy(FURAI / "docker-expert.md", project / ".claude" / "agents")
    (project / "TASKS.md").write_text("- [ ] Optimize the slow PostgreSQL query\n")
    listed, (found, fallback, capabilities, tasks) = mcp_calls(
        build_server(project),
        ("agent_recommend", {"task": "Optimize the slow PostgreSQL query", "maxResults": 1}),
        ("agent_recommend", {"task": "Book the room for the sprint review"}),
        ("agent_capabilities", {}),
        ("task_list", {}),
    )
    schemas = {tool.name: tool.output_schema for tool in listed.tools}
    recommend = schemas["agent_recommend"]
    assert recommend["required"] == ["recommended", "confidence", "reason", "alternatives", "fallback"]
    assert recommend["properties"]["confidence"]["minimum"] == 0 and recommend["properties"]["confidence"]["maximum"] == 1
    assert recommend["properties"]["recommended"]["anyOf"] == [{"type": "string"}, {"type": "null"}]
    alternative = recommend["$defs"]["Alternative"]
    assert alternative["required"] == ["agentId", "confidence", "reason"]
    assert schemas["agent_capabilities"]["required"] == ["capabilities", "agentsByCapability", "capabilitiesByAgent"]
    assert schemas["task_list"]["required"] == ["file", "counts", "tasks"]
    assert found.structured_content["recommended"] == "postgres-expert"
    assert [a["agentId"] for a in found.structured_content["alternatives"]] == ["docker-expert"]
    assert fallback.structured_content["recommended"] is None and fallback.structured_content["fallback"]
    assert set(capabilities.structured_content["capabilitiesByAgent"]) == {"docker-expert", "postgres-expert"}
    assert tasks.structured_content["tasks"][0]["status"] == "pending"


def test_required_capabilities_in_another_case_name_the_tools_as_the_cli_writes_them(tmp_path: Path) -> None:
    """Claude Code's tool names are case-sensitive (an agent's `tools: bash` gives it no Bash), so "bash" matches
    no agent; the fallback now says which tools were meant, where it left the client to guess."""
    project = tmp_path / "project"
    (project / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", project / ".claude" / "agents")
    tools = ProjectTools(project)
    answer = tools.agent_recommend("Optimize the slow PostgreSQL query", required_capabilities=["bash", "webfetch", "Read"])
    assert answer["recommended"] is None
    assert answer["reason"] == ("no agent has every tool of requiredCapabilities (bash, webfetch, Read) (tool names are "
                                "case-sensitive: 'Bash', 'WebFetch'); work directly")
    nobody = tools.agent_recommend("Optimize the slow PostgreSQL query", required_capabilities=["Teleport"])
    assert nobody["reason"] == "no agent has every tool of requiredCapabilities (Teleport); work directly"
    assert tools.agent_recommend("Optimize the slow PostgreSQL query",
                                 required_capabilities=["Bash", "WebFetch"])["recommended"] == "postgres-expert"


def test_an_agent_file_written_while_the_catalog_is_read_is_noticed_at_the_next_call(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor that truncates then writes, or two quick saves: the second lands after discovery read the file
    and before the server noted the files' state. The state was taken after the read, so it matched the files
    and the catalog kept the first version for good; it is now taken before the read."""
    import ralphy.agents.discovery as discovery

    project = tmp_path / "project"
    (project / ".claude" / "agents").mkdir(parents=True)
    agent = project / ".claude" / "agents" / "postgres-expert.md"
    shutil.copy(FURAI / "postgres-expert.md", agent)
    tools = ProjectTools(project)
    assert _names(tools) == {"postgres-expert"}
    real = discovery.discover_agents
    saves = ["name: pg-second"]

    def discover_then_a_second_save_lands(*args, **kwargs):
        found = real(*args, **kwargs)
        if saves:
            text = agent.read_text(encoding="utf-8")
            agent.write_text(text.replace("name: pg-first", saves.pop()), encoding="utf-8")
            _touch_later(agent)
        return found

    monkeypatch.setattr(discovery, "discover_agents", discover_then_a_second_save_lands)
    agent.write_text(agent.read_text(encoding="utf-8").replace("name: postgres-expert", "name: pg-first"),
                     encoding="utf-8")
    _touch_later(agent)
    assert _names(tools) == {"pg-first"}  # read before the second save landed
    assert _names(tools) == {"pg-second"}  # the next call sees it
