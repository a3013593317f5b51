"""`agents recommend --llm` and `agents create` for people logged in to the Claude CLI with no API key: the
model is asked through the REAL Claude CLI (`claude -p --json-schema`), which talks to the scripted API."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.testing import FakeMessagesAPI, Request, claude_env, init_git_project, text, tool_use
from tests.conftest import CORPUS

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"
REVIEWER = {
    "name": "code-reviewer",
    "description": ("Use this agent when code needs a review before merging.\n<example>\nContext: a pull request "
                    "is ready.\nuser: \"Review my change\"\nassistant: \"I'll use the code-reviewer agent.\"\n"
                    "<commentary>A review is asked for.</commentary>\n</example>"),
    "tools": ["Read", "Grep", "Glob"],
    "model": "sonnet",
    "system_prompt": "You are a meticulous code reviewer. Read the diff, then report problems by severity.",
}


def structured(answer: dict):
    """The model answers the CLI's StructuredOutput tool; then says it is done. A CLI without --json-schema
    (2.0.x) asks for the JSON in the prompt: it gets it as text."""
    def scenario(request: Request):
        if request.is_main and "StructuredOutput" not in request.tools and "JSON Schema" in request.first_user_text:
            return text(json.dumps(answer(request) if callable(answer) else answer))
        if request.is_side or "StructuredOutput" not in request.tools:
            return text("ok")
        if any(call["name"] == "StructuredOutput" for call in request.tool_calls):
            return text("done")
        return tool_use("StructuredOutput", answer(request) if callable(answer) else answer)
    return scenario


def first_asks(api: FakeMessagesAPI) -> list[Request]:
    """The main requests that start an answer (not the CLI's follow-up after the StructuredOutput call)."""
    requests = [Request(body) for body in api.requests]
    return [r for r in requests if r.is_main and not r.is_side and not r.tool_calls]


def cli_env(api: FakeMessagesAPI, home: Path, claude_bin: str, project: Path) -> dict[str, str | None]:
    """A user logged in to the CLI (an OAuth token it reads itself) and no ANTHROPIC_API_KEY for ralphy
    (CliRunner sets these on top of the test's environment; None removes a variable)."""
    env: dict[str, str | None] = dict(claude_env(api.url, home, oauth=True))
    env.update({"ANTHROPIC_API_KEY": None, "ANTHROPIC_AUTH_TOKEN": None, "RALPHY_CLAUDE_BIN": claude_bin})
    return env


@pytest.mark.e2e
def test_recommend_llm_through_the_claude_cli(tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    (project / ".claude" / "agents").mkdir(parents=True)
    for name in ("postgres-expert", "redis-expert", "docker-expert"):
        shutil.copy(FURAI / f"{name}.md", project / ".claude" / "agents")
    answer = {"rankings": [{"agent": "redis-expert", "confidence": 0.91, "reason": "Redis caching with TTLs"},
                           {"agent": "postgres-expert", "confidence": 0.3, "reason": "SQL only"}]}
    with FakeMessagesAPI(structured(answer)) as api:
        env = cli_env(api, claude_home, claude_bin, project)
        result = CliRunner().invoke(cli, ["agents", "recommend", "Cache the slow SQL query results in Redis",
                                          str(project), "--llm", "--json"], env=env, catch_exceptions=False)
        asked = first_asks(api)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["recommended"] == "redis-expert" and data["confidence"] == 0.91
    assert data["reason"] == "LLM: Redis caching with TTLs"
    assert len(asked) == 1 and "Task: Cache the slow SQL query results in Redis" in asked[0].first_user_text
    schema = json.dumps(asked[0].body.get("tools", [])) + asked[0].first_user_text  # a tool's schema, or the prompt
    assert all(f'"{name}"' in schema for name in ("docker-expert", "postgres-expert", "redis-expert"))


@pytest.mark.e2e
def test_create_through_the_claude_cli_retries_with_the_problems(tmp_path: Path, claude_bin: str,
                                                                claude_home: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    bad = {**REVIEWER, "tools": ["Read", "Edit", "Bash"]}  # a reviewer must not edit or run commands

    def answer(request: Request) -> dict:
        return REVIEWER if "was rejected" in request.first_user_text else bad

    with FakeMessagesAPI(structured(answer)) as api:
        env = cli_env(api, claude_home, claude_bin, project)
        result = CliRunner().invoke(cli, ["agents", "create", "reviews code before merge", str(project), "--json"],
                                    env=env, catch_exceptions=False)
        asked = first_asks(api)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["attempts"] == 2 and data["agent"]["tools"] == ["Read", "Grep", "Glob"]
    written = project / ".claude" / "agents" / "generated" / "code-reviewer.md"
    assert written.exists() and "You are a meticulous code reviewer" in written.read_text(encoding="utf-8")
    assert len(asked) == 2
    retry = asked[1].first_user_text
    assert "Your previous answer was" in retry and '"Edit"' in retry
    assert "'Edit' is not allowed" in retry and "reviews code before merge" in retry
    assert "You design Claude Code subagents" in asked[1].system_text + asked[1].first_user_text


@pytest.mark.e2e
def test_a_cli_that_is_not_logged_in_is_one_clear_line(tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    import time

    started = time.monotonic()
    project = init_git_project(tmp_path / "project", commit=False)
    env: dict[str, str | None] = {key: None for key in os.environ if key.startswith(("ANTHROPIC_", "CLAUDE"))}
    env.update({"HOME": str(claude_home), "CLAUDE_CONFIG_DIR": str(claude_home / ".claude"),
                "RALPHY_CLAUDE_BIN": claude_bin, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"})
    result = CliRunner().invoke(cli, ["agents", "create", "reviews code", str(project)], env=env)
    assert time.monotonic() - started < 30  # 2.1.62 looped until the 180 s time limit
    assert result.exit_code == 1
    # 2.0.x too (it says "Invalid API key · Please run /login" at once: measured)
    assert result.output.startswith("ralphy: error: the Claude CLI is not logged in; run `claude /login` or set "
                                    "ANTHROPIC_API_KEY — it said: "), result.output
    assert "/login" in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.e2e
def test_answers_that_never_fit_the_schema_are_one_line_saying_so(tmp_path: Path, claude_bin: str, claude_version,
                                                                 claude_home: Path) -> None:
    """The CLI checks the StructuredOutput call against the schema and asks again; after --max-turns it ends
    with `error_max_turns` and no text. That was "the Claude CLI failed: error". CLIs without --json-schema
    (2.0.x) give ralphy the text, and create's own retry says what is wrong."""
    from ralphy.claude.version import Version

    project = init_git_project(tmp_path / "project", commit=False)
    bad = {"name": 5, "description": ["not", "text"]}

    def insists(request: Request):  # the same answer, whatever the CLI says about it
        if request.is_side or not request.is_main:
            return text("ok")
        return tool_use("StructuredOutput", bad) if "StructuredOutput" in request.tools else text(json.dumps(bad))

    with FakeMessagesAPI(insists) as api:
        env = cli_env(api, claude_home, claude_bin, project)
        result = CliRunner().invoke(cli, ["agents", "create", "reviews code before merge", str(project)], env=env)
        recommend = CliRunner().invoke(cli, ["agents", "recommend", "Review my change", str(project), "--llm",
                                             "--json"], env=env)
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1, result.output
    if claude_version is not None and claude_version < Version.parse("2.1.0"):
        assert result.output.startswith("ralphy: error: the model gave no valid agent in 2 attempt(s): ")
    else:
        assert result.output.startswith("ralphy: error: the Claude CLI failed: the model gave no answer that fits "
                                        "the schema ("), result.output  # 2.1.62: (error_max_turns)
    assert not (project / ".claude" / "agents" / "generated").exists()
    assert recommend.exit_code == 0  # no agents: nothing to rank, nothing asked


@pytest.mark.e2e
def test_a_cli_that_gives_no_answer_in_time_is_ended_with_one_line(tmp_path: Path, claude_bin: str,
                                                                  claude_home: Path) -> None:
    """A model that never answers (and a logged-out 2.0.x CLI, which retries silently): ralphy's own time limit
    ends the CLI and says what to check."""
    import time

    from ralphy.agents.model_client import ClaudeCliClient
    from ralphy.agents.routing_llm import _llm_tool
    from ralphy.errors import AgentCreationError
    from ralphy.testing import slow

    with FakeMessagesAPI(lambda request: slow(text("late"), before=60)) as api:
        env = {key: value for key, value in cli_env(api, claude_home, claude_bin, tmp_path).items() if value}
        client = ClaudeCliClient(claude_bin, environ={**os.environ, **env}, timeout=4)
        started = time.monotonic()
        with pytest.raises(AgentCreationError) as raised:
            client.messages.create(model="claude-sonnet-4-6", tools=[_llm_tool(["a", "b"])],
                                   messages=[{"role": "user", "content": "Rank them"}])
    assert time.monotonic() - started < 30
    assert str(raised.value) == ("the Claude CLI gave no answer in 4 s (if it is not logged in: `claude`, then "
                                 "/login; or set ANTHROPIC_API_KEY)")


@pytest.mark.e2e
def test_a_model_answer_that_speaks_of_logging_in_is_no_login_failure(tmp_path: Path, claude_bin: str,
                                                                      claude_home: Path) -> None:
    """ralphy stops a --json-schema call at the CLI's own "Not logged in" answer (limits.synthetic_auth_failure):
    a real answer of the model in those very words is not one, and the call goes on to its result."""
    project = init_git_project(tmp_path / "project", commit=False)
    (project / ".claude" / "agents").mkdir(parents=True)
    for name in ("postgres-expert", "redis-expert"):
        shutil.copy(FURAI / f"{name}.md", project / ".claude" / "agents")
    words = "Not logged in · Please run /login. Invalid API key · OAuth token revoked · authentication_failed."
    answer = {"rankings": [{"agent": "redis-expert", "confidence": 0.8, "reason": "Not logged in · Please run /login"}]}

    def scenario(request: Request):
        if request.is_main and "StructuredOutput" not in request.tools and "JSON Schema" in request.first_user_text:
            return text(f"{words}\n{json.dumps(answer)}")  # 2.0.x: the JSON in words
        if request.is_side or "StructuredOutput" not in request.tools:
            return text("ok")
        if any(call["name"] == "StructuredOutput" for call in request.tool_calls):
            return text(words)
        return text(words) + tool_use("StructuredOutput", answer)

    with FakeMessagesAPI(scenario) as api:
        env = cli_env(api, claude_home, claude_bin, project)
        result = CliRunner().invoke(cli, ["agents", "recommend", "Cache the slow SQL query results in Redis",
                                          str(project), "--llm", "--json"], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["recommended"] == "redis-expert" and data["confidence"] == 0.8, data
    assert data["reason"] == "LLM: Not logged in · Please run /login"  # the model's words, passed on
