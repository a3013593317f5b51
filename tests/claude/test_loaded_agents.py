"""The prompt names exactly the agents the running CLI loaded (ralphy.claude.loaded_agents, DevAgent)."""

from __future__ import annotations

from pathlib import Path

from ralphy.agents.dev_agent import DevAgent
from ralphy.agents.spec import AgentSpec
from ralphy.claude.loaded_agents import reconcile
from ralphy.testing.dev import listed_agents

BUILTINS = [{"name": "general-purpose", "description": "General.", "model": None},
            {"name": "Explore", "description": "Search.", "model": "haiku"}]


def spec(name: str, description: str = "Does things.") -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/p/.claude/agents/{name}.md"))


def test_agents_both_sides_know_are_kept_with_the_clis_description():
    result = reconcile([spec("api", "ralphy's reading")], [{"name": "api", "description": "the CLI's reading",
                                                             "model": None}, *BUILTINS])
    assert [(a.name, a.description, a.path) for a in result.agents] == [
        ("api", "the CLI's reading", Path("/p/.claude/agents/api.md"))]
    assert result.differences == []


def test_an_agent_the_cli_did_not_load_is_dropped_and_said():
    result = reconcile([spec("api"), spec("ghost")], [{"name": "api", "description": "x", "model": None}])
    assert [a.name for a in result.agents] == ["api"]
    [line] = result.differences
    assert "'ghost'" in line and "not loaded by the running Claude CLI" in line and "ghost.md" in line


def test_an_agent_only_the_cli_loaded_is_added_and_said_builtins_never():
    result = reconcile([], [{"name": "bom-agent", "description": "Loaded despite the BOM.", "model": "sonnet"},
                            *BUILTINS])
    [added] = result.agents
    assert (added.name, added.description, added.model, added.scope) == (
        "bom-agent", "Loaded despite the BOM.", "sonnet", "cli")
    [line] = result.differences
    assert "'bom-agent'" in line and "skipped by ralphy's discovery" in line


def test_agents_left_out_by_the_configured_scopes_are_not_differences():
    result = reconcile([], [{"name": "my-user-agent", "description": "x", "model": None}],
                       known_elsewhere=["my-user-agent"])
    assert result.agents == [] and result.differences == []


def test_dev_agent_builds_the_prompt_from_what_the_cli_loaded(tmp_path: Path):
    agents = tmp_path / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "api.md").write_text("---\nname: api\ndescription: Builds the API.\n---\nbody\n")
    (agents / "docs.md").write_text("---\nname: docs\ndescription: Writes docs.\n---\nbody\n")
    (tmp_path / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add greet\n")
    dev = DevAgent(tmp_path)
    plain = dev.build_prompt()
    assert listed_agents(plain) == ["api", "docs"] and dev.cli_differences == []
    loaded = [{"name": "api", "description": "Builds the API.", "model": None},
              {"name": "extra", "description": "Only the CLI has me.", "model": None}, *BUILTINS]
    prompt = dev.build_prompt(cli_agents=loaded)
    assert listed_agents(prompt) == ["api", "extra"]
    assert "Only the CLI has me." in prompt and "Writes docs." not in prompt
    assert len(dev.cli_differences) == 2


def test_no_agent_loaded_means_direct_implementation(tmp_path: Path):
    agents = tmp_path / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "api.md").write_text("---\nname: api\ndescription: Builds the API.\n---\nbody\n")
    (tmp_path / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add greet\n")
    prompt = DevAgent(tmp_path).build_prompt(cli_agents=list(BUILTINS))
    assert listed_agents(prompt) == []
    assert "Agent Orchestration" not in prompt
