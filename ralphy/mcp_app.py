"""The MCP SDK side of ``ralphy mcp``: the tools of ``ralphy.mcp_server.ProjectTools`` as an ``MCPServer``.

No ``from __future__ import annotations`` here: the SDK reads the tools' parameter annotations at run time to
build their input schemas.
"""

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from ralphy import __version__
from ralphy.errors import RalphyError
from ralphy.mcp_server import SERVER_NAME, ProjectTools


def build_server(tools: ProjectTools) -> MCPServer:
    """An ``MCPServer`` named ``ralphy`` with the four read-only tools over ``tools``' project."""
    tools.catalog()  # load once at start; a broken project shows up before the first call
    server = MCPServer(
        SERVER_NAME, version=__version__, log_level="WARNING",
        instructions="Route work to this project's own Claude Code subagents: agent_recommend names the best "
                     "agent for a task (or none: work directly); task_list and run_status show ralphy's loop.",
    )
    read_only = ToolAnnotations(readOnlyHint=True, idempotentHint=True, destructiveHint=False, openWorldHint=False)

    def call(function: Any, *args: Any) -> dict[str, Any]:
        try:
            return function(*args)
        except RalphyError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(annotations=read_only, structured_output=True)
    def agent_recommend(
        task: Annotated[str, Field(min_length=1, max_length=2000,
                                   description="The task, as a TASKS.md line or a sentence (1-2000 characters).")],
        team: Annotated[str | None, Field(description="Only agents of this team: its folder under "
                                                      ".claude/agents, or its team/agentCategory key.")] = None,
        requiredCapabilities: Annotated[list[str] | None, Field(  # noqa: N803 - the contract's name
            description="Tools the agent must have, e.g. [\"Bash\", \"Edit\"].")] = None,
        excludeAgents: Annotated[list[str] | None, Field(description="Agent names to leave out.")] = None,  # noqa: N803
        maxResults: Annotated[int, Field(ge=1, le=10, description="How many alternatives (1-10).")] = 3,  # noqa: N803
    ) -> dict[str, Any]:
        """The project's subagent best suited to a task, with a confidence in [0, 1] and alternatives; when
        none fits, recommended is null and the task should be done directly."""
        return call(tools.agent_recommend, task, team, requiredCapabilities, excludeAgents, maxResults)

    @server.tool(annotations=read_only, structured_output=True)
    def agent_capabilities(
        category: Annotated[str | None, Field(description="Only agents of this category/team.")] = None,
    ) -> dict[str, Any]:
        """Which of the project's subagents can use which tool."""
        return call(tools.agent_capabilities, category)

    @server.tool(annotations=read_only, structured_output=True)
    def task_list() -> dict[str, Any]:
        """The tasks of the project's TASKS.md with their statuses (pending, in_progress, completed)."""
        return call(tools.task_list)

    @server.tool(annotations=read_only, structured_output=True)
    def run_status() -> dict[str, Any]:
        """Where ralphy's dev loop stands: circuit breaker, task counts, the last run, pending questions."""
        return call(tools.run_status)

    return server
