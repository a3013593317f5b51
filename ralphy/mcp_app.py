"""The MCP SDK side of ``ralphy mcp``: the tools of ``ralphy.mcp_server.ProjectTools`` as an ``MCPServer``.

No ``from __future__ import annotations`` here: the SDK reads the tools' parameter annotations at run time to
build their input schemas.
"""

from typing import Annotated, Any, Optional

from typing_extensions import TypedDict

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from ralphy import __version__
from ralphy.errors import RalphyError
from ralphy.mcp_server import MAX_RESULTS, MAX_TASK_CHARS, SERVER_NAME, ProjectTools

# The tools' answers as output schemas, so a client reads the contract from the tool list (and the SDK checks each
# answer against it before sending it). run_status stays an open object: its last run is the history's record.


class Alternative(TypedDict):
    agentId: str  # noqa: N815 - the contract's names
    confidence: Annotated[float, Field(ge=0, le=1)]
    reason: str


class Recommendation(TypedDict):
    """The agent to hand the task to, or none (recommended null, fallback set): then do the task directly."""

    recommended: Annotated[Optional[str], Field(description="The agent's name; null when no agent fits.")]
    confidence: Annotated[float, Field(ge=0, le=1)]
    reason: str
    alternatives: Annotated[list[Alternative], Field(description="Sorted by confidence, then agentId.")]
    fallback: Annotated[Optional[str], Field(description="null, or how to work when no agent fits (directly).")]


# The big maps and lists are declared open (``dict[str, Any]``): the SDK's client checks an answer against the
# schema with jsonschema, and item by item that took 0.24 s for the capabilities of 500 agents, 0.44 s for 1,000
# tasks (0.3 ms open). Their descriptions say what the items are.


class Capabilities(TypedDict):
    capabilities: Annotated[list[str], Field(description="The tools at least one agent has, sorted.")]
    agentsByCapability: Annotated[dict[str, Any], Field(  # noqa: N815
        description="Each tool -> the names of the agents that have it, sorted.")]
    capabilitiesByAgent: Annotated[dict[str, Any], Field(  # noqa: N815
        description="Each agent's name -> its tools, sorted.")]


class TaskList(TypedDict):
    file: str
    counts: Annotated[dict[str, int], Field(description="Tasks per status (pending, in_progress, completed), and total.")]
    tasks: Annotated[list[dict[str, Any]], Field(
        description="In file order, each {id, title, group, status (pending, in_progress, completed), line}.")]


_OPTIONAL_TEXT = {"anyOf": [{"type": "string"}, {"type": "null"}]}
_OPTIONAL_NAMES = {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}


def _schema(schema: dict[str, Any], description: str) -> Any:
    """A parameter the SDK passes through as it came (``Any``) while its input schema still says what it takes:
    ``ProjectTools`` checks every value and says in one line what is wrong, where the SDK's own validation
    answered with pydantic's several lines and a link, and took ``true`` or ``"3"`` for a number."""
    return Field(description=description, json_schema_extra=schema)


def build_server(tools: ProjectTools) -> MCPServer:
    """An ``MCPServer`` named ``ralphy`` with the four read-only tools over ``tools``' project."""
    takes: dict[str, tuple[str, ...]] = {}  # each tool's parameters, to name an argument it does not take

    class _Server(MCPServer):
        async def list_tools(self) -> Any:
            listed = await super().list_tools()
            tools.warm_in_background()  # after initialize and the tool list: no GIL contention with those
            return listed

        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
            # the SDK drops an argument the tool does not take: "max_results": 5 would quietly mean 3
            unknown = sorted(set(arguments or {}) - set(takes.get(name, arguments or {})))
            if unknown:
                expected = ", ".join(takes[name]) or "no arguments"
                raise ToolError(f"{name} takes no argument {', '.join(map(repr, unknown))} (it takes {expected})")
            return await super().call_tool(name, arguments, context)

    server = _Server(
        SERVER_NAME, version=__version__, log_level="WARNING",
        instructions="Route work to this project's own Claude Code subagents: agent_recommend names the best "
                     "agent for a task (or none: work directly); task_list and run_status show ralphy's loop.",
    )
    read_only = ToolAnnotations(readOnlyHint=True, idempotentHint=True, destructiveHint=False, openWorldHint=False)

    def call(function: Any, *args: Any) -> Any:
        try:
            return function(*args)
        except RalphyError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(annotations=read_only, structured_output=True)
    def agent_recommend(
        task: Annotated[Any, _schema({"type": "string", "minLength": 1, "maxLength": MAX_TASK_CHARS}, "The task, as a "
                                     f"TASKS.md line or a sentence (1-{MAX_TASK_CHARS} characters).")] = None,
        team: Annotated[Any, _schema(_OPTIONAL_TEXT, "Only agents of this team: its folder under .claude/agents, "
                                                     "or its team/agentCategory key.")] = None,
        requiredCapabilities: Annotated[Any, _schema(  # noqa: N803 - the contract's name
            _OPTIONAL_NAMES, "Tools the agent must have, e.g. [\"Bash\", \"Edit\"].")] = None,
        excludeAgents: Annotated[Any, _schema(_OPTIONAL_NAMES, "Agent names to leave out.")] = None,  # noqa: N803
        maxResults: Annotated[Any, _schema({"type": "integer", "minimum": 1, "maximum": MAX_RESULTS},  # noqa: N803
                                           f"How many alternatives (1-{MAX_RESULTS}).")] = 3,
    ) -> Recommendation:
        """The project's subagent best suited to a task, with a confidence in [0, 1] and alternatives; when
        none fits, recommended is null and the task should be done directly."""
        return call(tools.agent_recommend, task, team, requiredCapabilities, excludeAgents, maxResults)

    @server.tool(annotations=read_only, structured_output=True)
    def agent_capabilities(
        category: Annotated[Any, _schema(_OPTIONAL_TEXT, "Only agents of this category/team.")] = None,
    ) -> Capabilities:
        """Which of the project's subagents can use which tool."""
        return call(tools.agent_capabilities, category)

    _require(server, "agent_recommend", "task")

    @server.tool(annotations=read_only, structured_output=True)
    def task_list() -> TaskList:
        """The tasks of the project's TASKS.md with their statuses (pending, in_progress, completed)."""
        return call(tools.task_list)

    @server.tool(annotations=read_only, structured_output=True)
    def run_status() -> dict[str, Any]:
        """Where ralphy's dev loop stands: circuit breaker, task counts, the last run, pending questions."""
        return call(tools.run_status)

    import inspect

    for function in (agent_recommend, agent_capabilities, task_list, run_status):
        takes[function.__name__] = tuple(inspect.signature(function).parameters)
    return server


def _require(server: MCPServer, tool: str, parameter: str) -> None:
    """Say in ``tool``'s input schema that ``parameter`` is required, while the SDK passes None when it is
    missing: ``ProjectTools`` then answers "task is missing" instead of pydantic's "Field required" lines. (The
    SDK has no public way to edit a registered tool's schema; without its ``_tool_manager`` the schema just
    says less.)"""
    manager = getattr(server, "_tool_manager", None)
    registered = manager.get_tool(tool) if manager is not None else None
    if registered is not None and parameter not in registered.parameters.get("required", []):
        registered.parameters["required"] = [*registered.parameters.get("required", []), parameter]
