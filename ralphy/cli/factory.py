"""``ralphy agents create``: have the model draft a missing subagent and write it to the project."""

from __future__ import annotations

from pathlib import Path

import click

from ralphy.cli.options import echo_json, json_option, project_dir_argument


@click.command("create")
@click.argument("description")
@project_dir_argument
@click.option("--name", default=None, help="The agent's name (lowercase letters, digits, hyphens).")
@click.option("--tools", default=None, help='Its tools, comma-separated: "Read, Grep, Glob".')
@click.option("--model", default=None, help="Its model: sonnet, opus, haiku, inherit or a full model id.")
@click.option("--dry-run", is_flag=True, help="Print the file that would be written; write nothing.")
@click.option("--llm-model", default=None, help="The model that drafts the agent (default: claude-sonnet-4-6).")
@json_option
def create(description: str, project_dir: Path, name: str | None, tools: str | None, model: str | None,
           dry_run: bool, llm_model: str | None, as_json: bool) -> None:
    """Create a subagent for DESCRIPTION in PROJECT_DIR/.claude/agents/generated/ (default: here).

    Asks the model with ANTHROPIC_API_KEY when it is set, else through the Claude CLI you are logged in to.
    Never overwrites an existing agent.
    """
    from ralphy.agents.discovery import parse_tools
    from ralphy.agents.factory import DEFAULT_LLM_MODEL, create_agent

    created = create_agent(
        description, project_dir, name=name, model=model, dry_run=dry_run,
        tools=parse_tools(tools) if tools is not None else None, llm_model=llm_model or DEFAULT_LLM_MODEL,
    )
    if as_json:
        echo_json({"path": str(created.path), "written": not dry_run, "attempts": created.attempts,
                   "agent": created.spec.to_dict(), "markdown": created.markdown})
    elif dry_run:
        click.echo(f"# would write {created.path}", err=True)
        click.echo(created.markdown, nl=False)
    else:
        spec = created.spec
        click.echo(f"Created agent {spec.name} at {created.path} (tools: {', '.join(spec.tools)}; "
                   f"model: {spec.model}; {created.attempts} attempt(s))")
