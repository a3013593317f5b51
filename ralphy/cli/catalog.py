"""``ralphy agents recommend | gaps | capabilities``: which agent fits a task, which task groups have none,
and which agent can use which tool."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import click

from ralphy.cli.options import config_value, echo_json, json_option, not_blank, project_dir_argument

scopes_option = click.option(
    "--scope", "scopes", multiple=True, type=click.Choice(["project", "user", "plugins", "all"]),
    help="Where to look for agents (repeatable). Default: the agent_scopes setting (project).")
threshold_option = click.option(
    "--threshold", type=float, default=None, callback=config_value("recommend_threshold"),
    help="Confidence under which no agent is recommended. Default: the recommend_threshold setting (0.50).")


def _load(project_dir: Path, scopes: tuple[str, ...], threshold: float | None) -> tuple[Any, Any]:
    """(config, discovered agents) for ``project_dir``, with the discovery rules of the CLI ``ralphy dev`` would run,
    as ``agents list`` and the MCP server read them (a 2.0.x CLI skips the folders the ignore files name)."""
    from ralphy.agents.discovery import discover_agents
    from ralphy.claude.version import DiscoveryRules, version_in_use
    from ralphy.config import load_config

    config = load_config(project_dir, {"recommend_threshold": threshold, "agent_scopes": list(scopes) or None},
                         ignore_untrusted=True)  # reads; runs nothing a repository chose
    rules = DiscoveryRules.for_version(version_in_use(config.claude_bin))
    return config, discover_agents(project_dir, scopes=tuple(config.agent_scopes), rules=rules).agents


@click.command("recommend")
@click.argument("task", callback=not_blank)
@project_dir_argument
@click.option("--top", type=click.IntRange(1, 50), default=5, show_default=True, help="How many alternatives.")
@json_option
@click.option("--llm", is_flag=True, help="Let a model rank the candidates (the logged-in Claude CLI, or "
              "ANTHROPIC_API_KEY; under 0.70 a gap; falls back to the keyword ranking on any error).")
@threshold_option
@scopes_option
def recommend(task: str, project_dir: Path, top: int, as_json: bool, llm: bool, threshold: float | None,
              scopes: tuple[str, ...]) -> None:
    """Recommend the agent of PROJECT_DIR (default: here) best suited for TASK, with a confidence."""
    from ralphy.agents.routing import Router

    config, specs = _load(project_dir, scopes, threshold)
    router = Router(specs, threshold=config.recommend_threshold)
    if llm:
        result = router.recommend_llm(task, top, **({"model": config.model} if config.model else {}))
    else:
        result = router.recommend(task, top)
    if as_json:
        echo_json(result.to_dict())
        return
    if result.recommended:
        click.echo(f"Recommended: {result.recommended} (confidence {result.confidence:.2f})")
    else:
        # Floored: 0.949 under a threshold of 0.95 must not read "confidence 0.95".
        shown = math.floor(result.confidence * 100) / 100
        click.echo(f"No agent recommended (confidence {shown:.2f}, under {router.threshold:g}): work directly.")
    click.echo(f"  {result.reason}")
    if result.alternatives:
        click.echo("Alternatives:")
        for alternative in result.alternatives:
            click.echo(f"  {alternative.confidence:.2f}  {alternative.agent}: {alternative.reason}")


@click.command("gaps")
@project_dir_argument
@json_option
@threshold_option
@scopes_option
def gaps(project_dir: Path, as_json: bool, threshold: float | None, scopes: tuple[str, ...]) -> None:
    """For each pending task group of the TASKS.md of PROJECT_DIR, the best agent or a gap."""
    from ralphy.agents.routing import Router
    from ralphy.agents.selection import find_gaps
    from ralphy.tasks import NO_TASKS, load_tasks

    config, specs = _load(project_dir, scopes, threshold)
    task_list = load_tasks(project_dir / config.tasks_file, root=project_dir)
    groups = {group: [task.title for task in tasks] for group, tasks in task_list.pending_groups().items()}
    matches = find_gaps(Router(specs, threshold=config.recommend_threshold), groups)
    if as_json:
        echo_json([match.to_dict() for match in matches])
        return
    if not matches:
        click.echo("No pending task groups." if task_list.tasks else
                   f"{config.tasks_file}: {NO_TASKS}")
        return
    for match in matches:
        agent = match.recommended or "GAP (no agent fits: work directly)"
        click.echo(f"{match.group} ({len(match.tasks)} pending): {agent}  [{match.confidence:.2f}]")
        click.echo(f"  {match.reason}")


@click.command("capabilities")
@project_dir_argument
@json_option
@click.option("--by-tool", is_flag=True, help="One line per tool with the agents that have it, instead of per agent.")
@scopes_option
def capabilities(project_dir: Path, as_json: bool, by_tool: bool, scopes: tuple[str, ...]) -> None:
    """Which agent of PROJECT_DIR can use which tool (an agent without `tools` has them all)."""
    import shutil
    import textwrap

    from ralphy.agents.capabilities import ALL_TOOLS, capability_map

    _, specs = _load(project_dir, scopes, None)
    result = capability_map(specs)
    if as_json:
        echo_json(result)
        return
    if not result["capabilitiesByAgent"]:
        click.echo("No agents found.")
        return
    if by_tool:
        lines = [(f"{tool} ({len(names)}): ", ", ".join(names)) for tool, names in result["agentsByCapability"].items()]
    else:
        lines = [(f"{agent}: ", _tool_list(tools, ALL_TOOLS)) for agent, tools in result["capabilitiesByAgent"].items()]
    width = shutil.get_terminal_size((100, 24)).columns
    for head, items in lines:
        click.echo(textwrap.fill(items, width, initial_indent=head, subsequent_indent="    ", break_on_hyphens=False))


def _tool_list(tools: list[str], all_tools: tuple[str, ...]) -> str:
    """``Glob, Grep, Read``; ``all tools`` for an agent with every one; ``all tools except Bash`` near that."""
    missing = [tool for tool in all_tools if tool not in tools]
    extra = [tool for tool in tools if tool not in all_tools]  # MCP tools
    if not missing or len(missing) <= 3 < len(tools):
        text = "all tools" + (f" except {', '.join(missing)}" if missing else "")
        return text + (f", plus {', '.join(extra)}" if extra else "")
    return ", ".join(tools) or "no tools"
