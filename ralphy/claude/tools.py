"""The tool names each Claude CLI version knows, for lint (``ralphy.agents.lint.lint(known_tools=...)``).

Measured from each CLI's ``system/init`` ``tools`` (tests/data/transcripts/<version>/) plus the tools its bundle
defines that only some sessions enable (MCP resources, plan mode, LSP, ...). The one change that matters to an
agent file most is the delegation tool: ``Task`` before 2.1.63, ``Agent`` from then (``Task`` stays a valid
alias). Tools a newer CLI dropped from its ``init`` list stay known: an agent naming them is not broken.
"""

from __future__ import annotations

from ralphy.claude.version import FIRST_AGENT_TOOL, Version

# 2.0.0's init tools, plus the MCP resource tools that appear with an MCP server.
TOOLS_2_0 = frozenset({
    "Task", "Bash", "Glob", "Grep", "ExitPlanMode", "Read", "Edit", "Write", "NotebookEdit", "WebFetch",
    "TodoWrite", "WebSearch", "BashOutput", "KillShell", "SlashCommand", "ListMcpResourcesTool",
    "ReadMcpResourceTool",
})
# 1.0.x: 2.0.0's tools and MultiEdit, which 2.0.0 dropped (1.0.128's init tools, measured).
TOOLS_1_0 = TOOLS_2_0 | {"MultiEdit"}

# 2.1.62's init tools (no Agent yet), plus the MCP resource tools.
TOOLS_2_1_62 = frozenset({
    "Task", "TaskOutput", "Bash", "Glob", "Grep", "ExitPlanMode", "Read", "Edit", "Write", "NotebookEdit",
    "WebFetch", "TodoWrite", "WebSearch", "TaskStop", "AskUserQuestion", "Skill", "EnterPlanMode", "EnterWorktree",
    "ToolSearch", "ListMcpResourcesTool", "ReadMcpResourceTool",
})
# 2.1.197: init tools plus the tools its bundle enables only in some sessions ("Task" is the old name of "Agent").
TOOLS_2_1_197 = frozenset({
    "Agent", "AskUserQuestion", "Bash", "CronCreate", "CronDelete", "CronList", "Edit", "EnterPlanMode",
    "EnterWorktree", "ExitPlanMode", "ExitWorktree", "Glob", "Grep", "ListMcpResourcesTool", "LSP", "Monitor",
    "NotebookEdit", "Read", "ReadMcpResourceTool", "ReportFindings", "ScheduleWakeup", "SendMessage", "Skill",
    "Task", "TaskCreate", "TaskGet", "TaskList", "TaskOutput", "TaskStop", "TaskUpdate", "TodoWrite",
    "ToolSearch", "WebFetch", "WebSearch", "Workflow", "Write",
})
LIST_AGENTS_FROM = Version(2, 1, 250)  # "ListAgents" is in the init tools of 2.1.250 and 2.1.330


def known_tools(version: Version | None) -> frozenset[str]:
    """The tool names the CLI ``version`` knows (None: the newest)."""
    if version is not None and version < Version(2, 0, 0):
        return TOOLS_1_0
    if version is not None and version < Version(2, 1, 0):
        return TOOLS_2_0
    if version is not None and version < FIRST_AGENT_TOOL:
        return TOOLS_2_1_62
    if version is None or version >= LIST_AGENTS_FROM:
        return TOOLS_2_1_197 | {"ListAgents"}
    return TOOLS_2_1_197
