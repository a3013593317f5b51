"""A scripted Anthropic Messages API that the real Claude CLI talks to over 127.0.0.1.

The one thing ralphy's tests fake is the model. See docs/testing.md.
"""

from ralphy.testing.claude_cli import claude_env, find_claude_cli, install_claude_cli
from ralphy.testing.dev import DevScenario
from ralphy.testing.project import init_git_project
from ralphy.testing.scenario import (
    Fault,
    Reply,
    Request,
    Scenario,
    authentication_error,
    cut,
    error,
    overloaded,
    permission_error,
    rate_limited,
    server_error,
    side_reply,
    slow,
    text,
    tool_use,
    usage_limit,
    with_fault,
)
from ralphy.testing.server import FakeMessagesAPI

__all__ = [
    "DevScenario",
    "FakeMessagesAPI",
    "Fault",
    "Reply",
    "Request",
    "Scenario",
    "authentication_error",
    "claude_env",
    "cut",
    "error",
    "find_claude_cli",
    "init_git_project",
    "install_claude_cli",
    "overloaded",
    "permission_error",
    "rate_limited",
    "server_error",
    "side_reply",
    "slow",
    "text",
    "tool_use",
    "usage_limit",
    "with_fault",
]
